#!/usr/bin/env bash
# Identical everywhere (issue 64): the kernel's runner (`crosscheck`) on
# big-endian s390x under qemu and on wasm32-wasip1 under node's WASI must
# print exactly what the native build prints (every replay's final digest,
# the goldens recomputed, the long runs); and the kernel's own tests pass
# on s390x (all of them) and on wasm32 (all but the threaded ones, which
# are not compiled there and are named below). `.ci/run` calls it.
#
# Its cost on 2 cores from cold, measured 2026-12-04: about 16 minutes
# (the runner native 44 s; for s390x, the standard library and the runner
# built and run, 155 s, the run itself 18 s under qemu; for wasm32, 109 s,
# the run 3 s; the kernel's tests on s390x, built in release and run, about
# 7 minutes, the run about 4.5 of them; on wasm32 about 3.5 minutes, the
# run 85 s), plus the packages' install where they are missing.
#
# Rustup's targets are used where they are installed; otherwise Debian's
# Rust (rustc-web, with the standard library's source) builds the standard
# library for each target (-Zbuild-std).
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/crosscheck
mkdir -p "$out"
t0=$(date +%s)
say() { echo "crosscheck: $* ($(($(date +%s) - t0)) s)"; }
# `logged NAME COMMAND...`: the command's output into $out/NAME.log, shown
# (its end) only when it fails, which fails the script.
logged() {
    local name=$1
    shift
    if ! "$@" > "$out/$name.log" 2>&1; then
        tail -80 "$out/$name.log"
        echo "crosscheck: $name failed (whole log: $out/$name.log)" >&2
        exit 1
    fi
    grep -E '^test result|Executable' "$out/$name.log" | tail -1 || true
}

pkgs=()
command -v qemu-s390x > /dev/null || pkgs+=(qemu-user)
command -v s390x-linux-gnu-gcc > /dev/null || pkgs+=(gcc-s390x-linux-gnu libc6-dev-s390x-cross)
command -v node > /dev/null || pkgs+=(nodejs)
[ -f /usr/lib/wasm32-wasi/libc.a ] || pkgs+=(wasi-libc)
[ -x /usr/lib/llvm-22/bin/wasm-ld ] || pkgs+=(lld-22)
has_target() { rustup target list --installed 2> /dev/null | grep -qx "$1"; }
if ! has_target s390x-unknown-linux-gnu || ! has_target wasm32-wasip1; then
    [ -x /usr/bin/rustc ] && [ -d /usr/lib/rustlib/src/rust/library ] || pkgs+=(rustc-web cargo-web rust-web-src)
fi
if [ ${#pkgs[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q > /dev/null
    apt-get install -y -q "${pkgs[@]}" > /dev/null
fi

# `xcargo TARGET ARGS... [-- TEST ARGS...]`: cargo for TARGET, in a target
# folder of its own (its options go before a `--`, which the test binary's
# follow).
xcargo() {
    local target=$1
    shift
    local args=() rest=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do
        args+=("$1")
        shift
    done
    rest=("$@")
    if has_target "$target"; then
        cargo "${args[@]}" --target "$target" --target-dir target/cross "${rest[@]}"
    else
        RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc /usr/bin/cargo "${args[@]}" \
            -Zbuild-std=std,panic_abort --target "$target" --target-dir target/cross "${rest[@]}"
    fi
}
export CARGO_TARGET_S390X_UNKNOWN_LINUX_GNU_LINKER=s390x-linux-gnu-gcc
export CARGO_TARGET_S390X_UNKNOWN_LINUX_GNU_RUNNER="qemu-s390x -L /usr/s390x-linux-gnu"
# Debian's wasi-libc is linked by wasm-ld itself (not rustc's own copy).
export CARGO_TARGET_WASM32_WASIP1_LINKER=/usr/lib/llvm-22/bin/wasm-ld
# Its pthreads are missing: left undefined, refused by run-wasi.mjs.
export CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS="-C link-self-contained=no -L native=/usr/lib/wasm32-wasi -C link-arg=/usr/lib/wasm32-wasi/crt1-command.o -C link-arg=--allow-undefined"
export NODE_NO_WARNINGS=1

# The runner: native first, then each target against it.
cargo build -q --release -p retrace-crosscheck
./target/release/retrace-crosscheck . > "$out/native.txt"
say "native: $(wc -l < "$out/native.txt") lines"
xcargo s390x-unknown-linux-gnu build -q --release -p retrace-crosscheck
qemu-s390x -L /usr/s390x-linux-gnu target/cross/s390x-unknown-linux-gnu/release/retrace-crosscheck . > "$out/s390x.txt"
diff -u "$out/native.txt" "$out/s390x.txt"
say "s390x: the same $(wc -l < "$out/s390x.txt") lines"
xcargo wasm32-wasip1 build -q --release -p retrace-crosscheck
node crosscheck/run-wasi.mjs target/cross/wasm32-wasip1/release/retrace-crosscheck.wasm . > "$out/wasm32.txt"
diff -u "$out/native.txt" "$out/wasm32.txt"
say "wasm32: the same $(wc -l < "$out/wasm32.txt") lines"

# The kernel's tests. On s390x every one but the slowest (named: they run
# natively and on wasm), in release since qemu runs them ~20x slower.
slow=(--skip miau::tests::analysis::the_compact_state_gives_the_game_states_answers)
logged s390x-tests xcargo s390x-unknown-linux-gnu test -q --release -p retrace-kernel --lib -- "${slow[@]}"
say "kernel tests on s390x passed (skipped there: ${slow[*]})"
# On wasm32 every one but the threaded ones, which are not compiled there:
# miau::solver::threads::tests::{every_job_runs_once_and_answers_in_order,
# every_item_is_dropped_once} (rayon's pool). One test at a time: no threads.
logged wasm32-build xcargo wasm32-wasip1 test --release -p retrace-kernel --lib --no-run
tests=$(grep -o 'target/cross/wasm32-wasip1/release/deps/retrace_kernel-[0-9a-f]*\.wasm' "$out/wasm32-build.log" | head -1)
logged wasm32-tests node crosscheck/run-wasi.mjs "$tests" . --test-threads=1 -q
say "kernel tests on wasm32 passed (not compiled there: the two thread-pool tests)"
