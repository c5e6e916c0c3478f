#!/usr/bin/env bash
# Prepares the GPU machine's run (`benches/device.sh`) on the development
# machine, which has the Rust toolchain the GPU machine lacks: stripped
# release builds of `retrace` and of the `gpu` and `miau` benches, and the
# Vulkan loader's and ALSA's Debian packages, in two folders git ignores
# (`.devbin`, `.gl`). Run it in the checkout the device tool sends (the
# benches read the packs where they were built; `device.sh` links
# /work/main there). Then, with the device tool: run `bash benches/device.sh` with
# carry [".devbin", ".gl"] and a timeout of 600 s; its figures come back
# under $OUT (summary.txt first).
set -euo pipefail
cd "$(dirname "$0")/.."
for d in /.devbin/ /.gl/; do
    grep -qxF "$d" .git/info/exclude || echo "$d" >> .git/info/exclude
done
rm -rf .devbin
mkdir -p .devbin
cargo build --release -p retrace
cp target/release/retrace .devbin/retrace
for bench in gpu miau; do
    exe=$(cargo bench --bench "$bench" --no-run --message-format=json 2>/dev/null |
        python3 -c 'import json, sys
paths = [j["executable"] for j in map(json.loads, sys.stdin) if j.get("reason") == "compiler-artifact" and j.get("executable")]
print(paths[-1])')
    cp "$exe" ".devbin/bench-$bench"
done
strip .devbin/retrace .devbin/bench-gpu .devbin/bench-miau
cp benches/miau-bench.toml .devbin/
if ! ls .gl/libasound2_*.deb > /dev/null 2>&1; then
    mkdir -p .gl /tmp/amd64/partial
    o='-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64'
    # shellcheck disable=SC2086
    apt-get $o update > /dev/null
    # shellcheck disable=SC2086
    (cd .gl && apt-get $o download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2 libasound2)
fi
du -sh .devbin .gl
