#!/usr/bin/env bash
# The web page (issue 63), run by `.ci/run` after crosscheck/ci.sh (whose
# native lines the browser's replays are compared with): Debian's chromium
# and node where missing, the page built (web/build.sh), playwright-core
# from npm (web/test/package-lock.json; it drives Debian's chromium, it
# downloads no browser), then web/test/browser.mjs. Any failure prints the
# browser's console and fails CI.
#
# Its cost on 2 cores, measured 2026-12-04: the page built from cold 434 to 559 s
# (the standard library for wasm32 and every crate in release),
# wasm-bindgen-cli installed from crates.io about 3 minutes (once a
# machine), the browser test about 2 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$(date +%s)
pkgs=()
[ -x /usr/bin/chromium ] || pkgs+=(chromium)
command -v node > /dev/null || pkgs+=(nodejs)
command -v npm > /dev/null || pkgs+=(npm)
if [ ${#pkgs[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q > /dev/null
    apt-get install -y -q "${pkgs[@]}" > /dev/null
fi
bash web/build.sh
(cd web/test && npm ci --no-audit --no-fund --loglevel=error)
native=target/crosscheck/native.txt
node web/test/browser.mjs "$native"
echo "web: done ($(($(date +%s) - t0)) s)"
