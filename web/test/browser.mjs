// The web page in headless Chromium (issue 63), run by `.ci/run` after
// `bash web/build.sh`:
//   node web/test/browser.mjs [NATIVE_LINES]
// At 1280x800 and at a 390x844 touch phone: the page loads with no console
// error, each game's home card opens its game and a short scripted opening
// plays (clicks and taps found by name in the app's accessibility tree,
// `window.retrace.widgets()`, and real keys; on the phone a finger held
// beside you in Explodorama bombs), a dropped replay opens in the watcher,
// links open what they name, Miau's hint comes from a web worker while the
// page's frames go on, Life's replays played with their Advances on WebGPU
// give the native digests; then every file in replays/ is
// verified by the page's kernel (`window.retrace.verify`) and must give the
// line the native crosscheck gives (NATIVE_LINES, by default
// target/crosscheck/native.txt, made when missing). Any failure prints the
// browser's console. `ONLY=life-gpu` runs only the Life game on WebGPU.
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
    // WebGPU (in software here) for Life's compute: the GPU path's parity.
    "--enable-unsafe-webgpu",
  ],
});

/** The last frame's named widgets: {label, role, x, y} (centre, CSS pixels). */
async function widgets(page) {
  const text = await page.evaluate(() => (window.retrace ? window.retrace.widgets() : "[]"));
  // In reading order: by row (to a few pixels), then left to right.
  return JSON.parse(text)
    .map(([label, role, x0, y0, x1, y1]) => ({ label, role, x: (x0 + x1) / 2, y: (y0 + y1) / 2, w: x1 - x0 }))
    .sort((a, b) => Math.round(a.y / 8) - Math.round(b.y / 8) || a.x - b.x);
}

/** Waits (up to 20 s) for a widget whose label passes `test`; `pick` chooses among several. */
async function find(page, test, what, pick = (ws) => ws[0]) {
  const until = Date.now() + 20000;
  for (;;) {
    const ws = (await widgets(page)).filter((w) => test(w.label));
    if (ws.length) return pick(ws);
    if (Date.now() > until) {
      const seen = (await widgets(page)).map((w) => w.label).slice(0, 80);
      await page.screenshot({ path: join(root, "target/web-failure.png") });
      fail(`no widget ${what} on the page; it shows: ${JSON.stringify(seen)}`);
    }
    await page.waitForTimeout(100);
  }
}

/** Clicks (or taps, on a touch page) the widget labelled exactly `label`. */
async function press(page, label, pick) {
  if (process.env.TRACE) console.log(`press ${label}`);
  let w = await find(page, (l) => l === label, `"${label}"`, pick);
  // Below or above the window (a phone's home screen scrolls): scrolled to first.
  const height = page.viewportSize().height;
  for (let i = 0; i < 10 && (w.y < 20 || w.y > height - 20); i++) {
    await page.mouse.move(page.viewportSize().width / 2, height / 2);
    await page.mouse.wheel(0, w.y - height / 2);
    await page.waitForTimeout(300);
    w = await find(page, (l) => l === label, `"${label}"`, pick);
  }
  await tap(page, w);
}

/**
 * Presses `label` until `next` shows (at most 3 presses): a press that
 * lands in the frame a screen first shows may be taken by the one before.
 */
async function press_to(page, label, next, pick) {
  for (let i = 0; i < 3; i++) {
    await press(page, label, pick);
    const until = Date.now() + 8000;
    while (Date.now() < until) {
      if ((await widgets(page)).some((w) => w.label === next)) return;
      await page.waitForTimeout(100);
    }
  }
  await find(page, (l) => l === next, `"${next}" after pressing "${label}" three times`);
}

/** A click, or a tap on a touch page, on a widget's centre. */
async function tap(page, w) {
  if (page.touch) await page.touchscreen.tap(w.x, w.y);
  else await page.mouse.click(w.x, w.y);
  await page.waitForTimeout(150);
}

/** What is on screen: the game and its session's digest (`RetraceApp::screen_summary`). */
async function screen(page) {
  return page.evaluate(() => window.retrace.screen());
}

/** Waits (up to 10 s) for the screen's session to change from `before`. */
async function changed(page, before, what) {
  const until = Date.now() + 10000;
  while ((await screen(page)) === before) {
    if (Date.now() > until) fail(`${what} changed nothing (${before})`);
    await page.waitForTimeout(100);
  }
}

async function key(page, k, times = 1) {
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(k);
    await page.waitForTimeout(80);
  }
}

async function open(viewport, touch, hash = "", at_home = true) {
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
  page.tag = tag;
  await page.waitForFunction(() => window.retrace && !document.getElementById("loading"), null, { timeout: 60000 });
  // The app started: its loading line is gone once the first frame is set up.
  page.first_frame_ms = Math.round(await page.evaluate(() => performance.now()));
  if (at_home) await find(page, (l) => l === "Open replay", '"Open replay" (the home screen)');
  return page;
}

/** Back home by the top bar's Menu. */
async function home(page) {
  await press(page, "Menu");
  await find(page, (l) => l === "Open replay", "of the home screen after Menu");
}

/** Each game from its home card, and a short opening. */
async function play_all(page) {
  // MineLayer: the first card's Play, then a mine laid on a cell.
  await press_to(page, "Play", "row 1 column 1", (ws) => ws[0]);
  // The first cell (in reading order) a click lays a mine on: clue cells
  // and the cells the field shows safe take none.
  const before = await screen(page);
  const cells = (await widgets(page)).filter((w) => /^row \d+ column \d+$/.test(w.label)).slice(0, 24);
  for (const c of cells) {
    await press(page, c.label);
    if ((await screen(page)) !== before) break;
  }
  await changed(page, before, "a click on any of MineLayer's first 24 cells");
  await home(page);
  // Life: two players, started, the first ready.
  await press_to(page, "Two players", "Start");
  await press_to(page, "Start", "Ready");
  await press_to(page, "Ready", "Player 2 is ready");
  await home(page);
  // Explodorama: a new run, past its demo (its Play), a wait and a step.
  await press_to(page, "New run", "Shuffle");
  await press_to(page, "Play", "Wait");
  const started = await screen(page);
  await press(page, "Wait");
  await changed(page, started, "Explodorama's Wait");
  const waited = await screen(page);
  if (!waited.startsWith("explodo ")) fail(`Explodorama's "Wait" left the screen at ${waited}`);
  await key(page, "ArrowRight");
  await changed(page, waited, "the right arrow in Explodorama");
  if (page.touch) await hold_to_bomb(page);
  await home(page);
  // Miau: the last card's Play, the first world, its first level, walked to the flag.
  await press_to(page, "Play", "First Steps", (ws) => ws[ws.length - 1]);
  await press_to(page, "First Steps", "Hello, flag");
  await press(page, "Hello, flag");
  // The first level's notes on its new words, dismissed one by one.
  await find(page, (l) => l === "Got it", '"Got it" (the new words\' notes)');
  for (let i = 0; i < 6; i++) {
    const got_it = (await widgets(page)).find((w) => w.label === "Got it");
    if (!got_it) break;
    await tap(page, got_it);
    await page.waitForTimeout(300);
  }
  await key(page, "ArrowRight", 8);
  await find(page, (l) => l.includes("Won!"), '"Won!" (Miau, after 8 steps right)');
  await home(page);
}

/**
 * Explodorama by touch: a finger held on a tile beside you (a wall's
 * refuses; the next is tried) places a bomb there: the turn goes on and you
 * stay where you stood (a tap would have stepped you there).
 */
async function hold_to_bomb(page) {
  const cdp = await page.context().newCDPSession(page);
  const turn = async () => (await find(page, (l) => l.startsWith("Turn: "), '"Turn: ..."')).label;
  const you = await find(page, (l) => l.startsWith("you, row "), '"you, row ..." (your tile)');
  for (const [dx, dy] of [[0, -1], [0, 1], [-1, 0], [1, 0]]) {
    const before = await turn();
    const touch = [{ x: you.x + dx * you.w, y: you.y + dy * you.w }];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: touch });
    await page.waitForTimeout(900);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await page.waitForTimeout(600);
    if ((await turn()) === before) continue;
    const now = await find(page, (l) => l.startsWith("you, row "), '"you, row ..." after the hold');
    if (now.label !== you.label) fail(`a finger held beside you moved you (${you.label} to ${now.label})`);
    say(`a finger held ${dx ? (dx < 0 ? "left of" : "right of") : dy < 0 ? "above" : "below"} ${you.label} placed a bomb`);
    return;
  }
  fail(`a finger held on each tile beside you (${you.label}) placed no bomb`);
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

/**
 * Life's replays with every Advance run on WebGPU (`window.retrace.gpu_verify`,
 * the code the page's Life engine awaits): each gives the native line, and the
 * GPU ran its Advances. No WebGPU adapter is a skip that says so, and a
 * failure under RETRACE_REQUIRE_GPU=1 (as CI sets it).
 */
async function gpu_replays(page, native_path) {
  const adapter = await page.evaluate(() => window.retrace.gpu_adapter());
  if (adapter.startsWith("no gpu")) {
    if (process.env.RETRACE_REQUIRE_GPU === "1") fail(`RETRACE_REQUIRE_GPU=1 but the page has ${adapter}`);
    say(`SKIPPED Life on WebGPU: ${adapter}`);
    return [0, adapter];
  }
  // Where replays() made the native lines when none were given.
  if (!existsSync(native_path)) native_path = join(root, "target/web-native.txt");
  const native = new Map();
  for (const l of readFileSync(native_path, "utf8").split("\n")) {
    const m = l.match(/^replay (\S+) /);
    if (m) native.set(m[1], l);
  }
  let n = 0;
  for (const name of readdirSync(join(root, "replays")).sort()) {
    if (!name.startsWith("life-") || !name.endsWith(".replay")) continue;
    const b64 = readFileSync(join(root, "replays", name)).toString("base64");
    const got = await page.evaluate(
      ([n, b]) => window.retrace.gpu_verify(n, Uint8Array.from(atob(b), (c) => c.charCodeAt(0))),
      [name, b64],
    );
    const at = got.lastIndexOf(" gpu ");
    const [line, runs] = at < 0 ? [got, "0"] : [got.slice(0, at), got.slice(at + 5)];
    if (line !== native.get(name)) fail(`Life on WebGPU: ${name}: the page says "${got}", the native build "${native.get(name)}"`);
    if (!(Number(runs) > 0) && !name.includes("certificate")) fail(`Life on WebGPU: ${name}: no Advance ran on the GPU`);
    n++;
  }
  return [n, adapter];
}

/**
 * A Life game on WebGPU (`?life-engine=gpu` takes the software adapter):
 * campaign level 3 from its link (the GPU asked for in the page's first
 * frames), its engine line under Details says the GPU, and Ready runs the
 * round's generations, each run answered by the GPU a frame or more after
 * it was asked.
 */
async function life_on_webgpu() {
  const page = await open({ width: 1280, height: 800 }, false, "?life-engine=gpu#life=3", false);
  await find(page, (l) => l === "Ready", '"Ready" (Life\'s campaign level 3, from its link)');
  await press(page, "Details");
  const engine = await find(page, (l) => l.startsWith("engine: GPU"), "Life's engine line on the GPU (Details)");
  await press(page, "Ready");
  const generation = async () => {
    const g = (await widgets(page)).find((w) => /^generation \d+$/.test(w.label));
    return g ? Number(g.label.split(" ")[1]) : 0;
  };
  const until = Date.now() + 20000;
  // The level runs its generations a round at a time (then "draws more").
  while ((await generation()) < 2) {
    if (Date.now() > until) {
      const seen = (await widgets(page)).map((w) => w.label).slice(0, 40);
      fail(`Life on WebGPU: the run reached generation ${await generation()} in 20 s; the page shows ${JSON.stringify(seen)}`);
    }
    await page.waitForTimeout(200);
  }
  const reached = await generation();
  await page.context().close();
  return [engine.label, reached];
}

/**
 * Each link of links.txt opens what the native app opens for it: in a fresh
 * page, and followed in a page already open (only its `#` part changes).
 */
async function links() {
  const lines = readFileSync(join(root, "web/test/links.txt"), "utf8").split("\n").filter((l) => l.trim());
  const open_page = await open({ width: 1280, height: 800 }, false);
  for (const line of lines) {
    const [link, ...rest] = line.split(" ");
    const want = rest.join(" ");
    await open_page.evaluate((l) => (location.hash = l), link);
    const followed = Date.now() + 20000;
    let seen;
    while ((seen = await open_page.evaluate(() => window.retrace.screen())) !== want && Date.now() < followed) {
      // Over a suspended game of the same kind the app asks first: Yes.
      const yes = (await widgets(open_page)).find((w) => w.label === "Yes");
      if (yes) await tap(open_page, yes);
      await open_page.waitForTimeout(100);
    }
    if (seen !== want) fail(`the link ${link} followed in an open page shows "${seen}"; the native app "${want}"`);
    // Back home for the next (a game on screen would ask before another replaces it).
    await home(open_page);
    const page = await open({ width: 1280, height: 800 }, false, link, false);
    const until = Date.now() + 20000;
    let got;
    while ((got = await page.evaluate(() => window.retrace.screen())) !== want && Date.now() < until) {
      await page.waitForTimeout(100);
    }
    if (got !== want) fail(`the link ${link} shows "${got}" in the page; the native app "${want}"`);
    await page.context().close();
  }
  await open_page.context().close();
  return lines.length;
}

/**
 * The Miau hint on a level whose search visits 1.2 M states runs in a web
 * worker: a worker starts, the page's frames keep coming while it thinks
 * (no gap of a second, nor of half its time), and the hint arrives.
 */
async function hint_in_a_worker() {
  const page = await open({ width: 1280, height: 800 }, false, "#miau=workshop/short-one-crate", false);
  await find(page, (l) => l === "Hint", '"Hint" (Miau\'s short-one-crate, opened by its link)');
  // The new words' cards, one after another (the next may take a frame or
  // more to come): dismissed until none has shown for a second.
  for (let quiet = 0, i = 0; quiet < 4 && i < 30; i++) {
    const got_it = (await widgets(page)).find((w) => w.label === "Got it");
    if (got_it) {
      quiet = 0;
      await tap(page, got_it);
    } else quiet++;
    await page.waitForTimeout(250);
  }
  let workers = 0;
  page.on("worker", () => workers++);
  // The page's frames, timed by the browser's own clock.
  await page.evaluate(() => {
    window.gaps = { last: performance.now(), max: 0 };
    const tick = (t) => {
      window.gaps.max = Math.max(window.gaps.max, t - window.gaps.last);
      window.gaps.last = t;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const asked = Date.now();
  await press(page, "Hint");
  await page.evaluate(() => (window.gaps.max = 0));
  await find(page, (l) => l.startsWith("Hint: "), '"Hint: ..." (the hint\'s answer)');
  const took = Date.now() - asked;
  const gap = Math.round(await page.evaluate(() => window.gaps.max));
  if (workers < 1) fail("the Miau hint started no web worker");
  // On the page's thread the search would stop the frames for most of its time.
  if (gap >= Math.min(1000, took / 2)) fail(`the page's frames stopped for ${gap} ms while the hint thought (${took} ms)`);
  await page.context().close();
  return { took, gap };
}

/** A replay dropped on the page opens in the watcher. */
async function drop_replay(page) {
  const b64 = readFileSync(join(root, "replays/life-hotseat.replay")).toString("base64");
  await page.evaluate((b) => {
    const bytes = Uint8Array.from(atob(b), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], "life-hotseat.replay"));
    const canvas = document.getElementById("retrace");
    for (const type of ["dragenter", "dragover", "drop"]) {
      canvas.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    }
  }, b64);
  const until = Date.now() + 20000;
  while ((await page.evaluate(() => window.retrace.screen())) !== "watch") {
    if (Date.now() > until) fail("a replay dropped on the page did not open in the watcher");
    await page.waitForTimeout(100);
  }
  await home(page);
}

const native_path = process.argv[2] ?? join(root, "target/crosscheck/native.txt");
if (process.env.ONLY === "life-gpu") {
  const [engine, reached] = await life_on_webgpu();
  say(`Life ran on WebGPU (${engine}) to generation ${reached}`);
  process.exit(0);
}
const wide = await open({ width: 1280, height: 800 }, false);
say(`the page loaded at 1280x800 (its first frame ${wide.first_frame_ms} ms after navigation began)`);
await play_all(wide);
say("the four games opened and played at 1280x800");
await drop_replay(wide);
say("a dropped replay opened in the watcher");
const n = await replays(wide, native_path);
say(`${n} replays give the native build's final digests in the browser`);
const [on_gpu, adapter] = await gpu_replays(wide, native_path);
say(`${on_gpu} Life replays with their Advances on WebGPU (${adapter}) give the native digests`);
if (on_gpu > 0) {
  const [engine, reached] = await life_on_webgpu();
  say(`a Life game ran on WebGPU (${engine}) to generation ${reached}`);
}
// One page at a time: a page left open animates on and slows the next.
await wide.context().close();
const phone = await open({ width: 390, height: 844 }, true);
say(`the page loaded at 390x844 (touch; first frame after ${phone.first_frame_ms} ms)`);
await play_all(phone);
say("the four games opened and played at 390x844 by touch");
await phone.context().close();
say(`${await links()} links opened what the native app opens for them`);
const { took, gap } = await hint_in_a_worker();
say(`the Miau hint came from a web worker after ${took} ms; the page's longest frame meanwhile ${gap} ms`);
await browser.close();
server.close();
say("passed");
