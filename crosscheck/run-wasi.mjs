// Runs a wasm32-wasip1 program under node's WASI with a folder preopened
// as "." (`node crosscheck/run-wasi.mjs WASM ROOT [ARGS...]`; the program
// gets ARGS, or "." when none), exiting with its exit code: the
// crosscheck's build, and the kernel's tests.
//
// Debian's wasi-libc (2022) has no pthreads, which Rust's std (and the test
// harness) refer to: the build links with --allow-undefined and they come
// here as imports that refuse (ENOSYS), so a thread is never started (the
// kernel starts none on wasm; tests run with --test-threads=1). Any other
// missing import is named and fails the run.
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";
import process from "node:process";

const ENOSYS = 52;
const [wasmPath, root, ...rest] = process.argv.slice(2);
const args = ["program", ...(rest.length ? rest : ["."])];
const wasi = new WASI({ version: "preview1", args, env: {}, preopens: { ".": root }, returnOnExit: true });
const module = await WebAssembly.compile(await readFile(wasmPath));
const imports = wasi.getImportObject();
const env = {};
for (const i of WebAssembly.Module.imports(module).filter((i) => i.module === "env")) {
    if (!i.name.startsWith("pthread_")) {
        console.error(`run-wasi: ${wasmPath} imports env.${i.name}, which nothing provides`);
        process.exit(3);
    }
    env[i.name] = () => ENOSYS;
}
const instance = await WebAssembly.instantiate(module, { ...imports, env });
process.exitCode = wasi.start(instance);
