#!/usr/bin/env bash
# Builds the web page into web/dist (issue 63): the app for
# wasm32-unknown-unknown, bound to JavaScript by wasm-bindgen, beside
# index.html. Rustup's target is used when installed; otherwise Debian's Rust
# (rustc-web, with the standard library's source: rust-web-src) builds the
# standard library for it (-Zbuild-std). wasm-bindgen-cli is installed from
# crates.io at the version Cargo.lock pins, when missing.
#
#   bash web/build.sh          # then: bash web/serve.sh
set -euo pipefail
cd "$(dirname "$0")/.."
target=wasm32-unknown-unknown
t0=$(date +%s)
if rustup target list --installed 2> /dev/null | grep -qx "$target"; then
    cargo build --release -p retrace --bin retrace --target "$target" --target-dir target/web
else
    if ! [ -x /usr/bin/rustc ] || ! [ -d /usr/lib/rustlib/src/rust/library ]; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -q > /dev/null
        apt-get install -y -q rustc-web cargo-web rust-web-src lld-22 > /dev/null
    fi
    RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc /usr/bin/cargo build --release -p retrace --bin retrace \
        -Zbuild-std=std,panic_abort --target "$target" --target-dir target/web
fi
echo "web: the app built for $target ($(($(date +%s) - t0)) s)"

version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p')
if ! wasm-bindgen --version 2> /dev/null | grep -q " $version\$"; then
    # Not --locked: its lock names versions crates.io's mirror here may lack.
    cargo install -q wasm-bindgen-cli --version "$version"
fi
rm -rf web/dist
wasm-bindgen --target web --no-typescript --out-dir web/dist "target/web/$target/release/retrace.wasm"
cp web/index.html web/worker.js web/dist/
wasm=web/dist/retrace_bg.wasm
echo "web: web/dist ready: wasm $(($(stat -c %s "$wasm") / 1024)) KiB, $(($(gzip -9 -c "$wasm" | wc -c) / 1024)) KiB gzipped ($(($(date +%s) - t0)) s)"
