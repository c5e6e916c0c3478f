// The web page in headless Chromium (issue 63), run by `.ci/run` after
// `bash web/build.sh`:
//   node web/test/browser.mjs [NATIVE_LINES]
// At 1280x800 and at a 390x844 touch phone: the page loads with no console
// error, each game's home card opens its game and a short scripted opening
// plays (clicks and taps found by name in the app's accessibility tree,
// `window.retrace.widgets()`, and real keys), a dropped replay opens in the
// watcher, links open what they name; then every file in replays/ is
// verified by the page's kernel (`window.retrace.verify`) and must give the
// line the native crosscheck gives (NATIVE_LINES, by default
// target/crosscheck/native.txt, made when missing). Any failure prints the
// browser's console.
import { chromium } from "playwright-core";
import { createServer } from "node:http";
import { readFileSync, readdirSync, statSync, existsSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join, extname, relative, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const dist = join(root, "web/dist");
const console_lines = [];
const t0 = Date.now();
const say = (s) => console.log(`web test: ${s} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

function fail(message) {
  console.error(`web test FAILED: ${message}`);
  console.error("--- the browser's console ---");
  for (const l of console_lines.slice(-200)) console.error(l);
  process.exit(1);
}

// The page, served as a static site.
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
const server = createServer((req, res) => {
  const path = join(dist, decodeURIComponent(new URL(req.url, "http://x").pathname));
  const file = path.endsWith("/") ? join(path, "index.html") : path;
  if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
  res.end(readFileSync(file));
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
    // WebGL2 in software (SwiftShader), for the window's painter.
    "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
  ],
});

/** The last frame's named widgets: {label, role, x, y} (centre, CSS pixels). */
async function widgets(page) {
  const text = await page.evaluate(() => (window.retrace ? window.retrace.widgets() : "[]"));
  return JSON.parse(text).map(([label, role, x0, y0, x1, y1]) => ({ label, role, x: (x0 + x1) / 2, y: (y0 + y1) / 2 }));
}

/** Waits (up to 20 s) for a widget whose label passes `test`; `pick` chooses among several. */
async function find(page, test, what, pick = (ws) => ws[0]) {
  const until = Date.now() + 20000;
  for (;;) {
    const ws = (await widgets(page)).filter((w) => test(w.label));
    if (ws.length) return pick(ws);
    if (Date.now() > until) {
      const seen = (await widgets(page)).map((w) => w.label).slice(0, 80);
      fail(`no widget ${what} on the page; it shows: ${JSON.stringify(seen)}`);
    }
    await page.waitForTimeout(100);
  }
}

/** Clicks (or taps, on a touch page) the widget labelled exactly `label`. */
async function press(page, label, pick) {
  const w = await find(page, (l) => l === label, `"${label}"`, pick);
  if (page.touch) await page.touchscreen.tap(w.x, w.y);
  else await page.mouse.click(w.x, w.y);
  await page.waitForTimeout(150);
}

async function key(page, k, times = 1) {
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(k);
    await page.waitForTimeout(80);
  }
}

async function open(viewport, touch, hash = "") {
  const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
  const page = await context.newPage();
  page.touch = touch;
  const tag = `${viewport.width}x${viewport.height}`;
  page.on("console", (m) => {
    console_lines.push(`[${tag} ${m.type()}] ${m.text()}`);
    if (m.type() === "error") fail(`console error at ${tag}: ${m.text()}`);
  });
  page.on("pageerror", (e) => fail(`page error at ${tag}: ${e.message}`));
  await page.goto(base + hash);
  await page.waitForFunction(() => window.retrace && !document.getElementById("loading"), null, { timeout: 60000 });
  await find(page, (l) => l === "Open replay", '"Open replay" (the home screen)');
  return page;
}

async function home(page) {
  await key(page, "Escape");
  await find(page, (l) => l === "Open replay", "of the home screen after Escape");
}

/** Each game from its home card, and a short opening. */
async function play_all(page) {
  // MineLayer: the first card's Play, then a mine laid on a cell.
  await press(page, "Play", (ws) => ws[0]);
  await find(page, (l) => l === "row 1 column 1", "(MineLayer's board)");
  const before = JSON.stringify(await widgets(page));
  await press(page, "row 2 column 2");
  if (JSON.stringify(await widgets(page)) === before) fail("a click on MineLayer's board changed nothing");
  await home(page);
  // Life: two players, started, the first ready.
  await press(page, "Two players");
  await press(page, "Start");
  await press(page, "Ready");
  await find(page, (l) => l === "Player 2 is ready", '"Player 2 is ready" (Life\'s handoff)');
  await home(page);
  // Explodorama: a new run, past its opening scene, a wait and a step.
  await press(page, "New run");
  await key(page, "Escape");
  await press(page, "Wait");
  await find(page, (l) => l.includes("Turn 2") || l.includes("turn 2"), "saying turn 2 (Explodorama)");
  await key(page, "ArrowRight");
  await home(page);
  // Miau: the last card's Play, the first world, its first level, walked to the flag.
  await press(page, "Play", (ws) => ws[ws.length - 1]);
  await press(page, "First Steps");
  await press(page, "Hello, flag");
  await key(page, "ArrowRight", 8);
  await find(page, (l) => l.includes("Won!"), '"Won!" (Miau, after 8 steps right)');
  await home(page);
}

/** Every replay, verified in the page, against the native lines. */
async function replays(page, native_path) {
  if (!existsSync(native_path)) {
    execFileSync("cargo", ["build", "-q", "--release", "-p", "retrace-crosscheck"], { cwd: root, stdio: "inherit" });
    const out = execFileSync(join(root, "target/release/retrace-crosscheck"), ["."], { cwd: root, maxBuffer: 1 << 26 });
    native_path = join(root, "target/web-native.txt");
    writeFileSync(native_path, out);
  }
  const native = new Map();
  for (const l of readFileSync(native_path, "utf8").split("\n")) {
    const m = l.match(/^(?:replay|archived) (\S+) /);
    if (m) native.set(m[1], l);
  }
  const files = [];
  const walk = (d) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith(".replay")) files.push(p);
    }
  };
  walk(join(root, "replays"));
  let same = 0;
  for (const p of files.sort()) {
    const name = relative(join(root, "replays"), p);
    const b64 = readFileSync(p).toString("base64");
    const got = await page.evaluate(
      ([n, b]) => window.retrace.verify(n, Uint8Array.from(atob(b), (c) => c.charCodeAt(0))),
      [name, b64],
    );
    const want = native.get(name);
    const ok = want && (want.startsWith("archived ") ? got.startsWith(`refused ${name}: `) : got === want);
    if (!ok) fail(`replay ${name}: the page says "${got}", the native build "${want}"`);
    same++;
  }
  return same;
}

const native_path = process.argv[2] ?? join(root, "target/crosscheck/native.txt");
const wide = await open({ width: 1280, height: 800 }, false);
say("the page loaded at 1280x800");
await play_all(wide);
say("the four games opened and played at 1280x800");
const n = await replays(wide, native_path);
say(`${n} replays give the native build's final digests in the browser`);
const phone = await open({ width: 390, height: 844 }, true);
say("the page loaded at 390x844 (touch)");
await play_all(phone);
say("the four games opened and played at 390x844 by touch");
await browser.close();
server.close();
say("passed");
