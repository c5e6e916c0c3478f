#!/usr/bin/env bash
# The GPU machine's measurements for issues 20, 21 and 22, as one run of
# about eight minutes (the device tool allows ten a command and fifteen a
# session): prepared by `benches/device-prep.sh` on the development
# machine, run from the repository root on the GPU machine with `.devbin`
# and `.gl` carried. Everything it prints is kept under $OUT: summary.txt
# (the end-to-end runs and the adapter), gpu-bench.txt and miau-bench.txt
# (criterion). DEVICE_QUICK=1 runs a small subset, to try the script on a
# machine without a real GPU (lavapipe).
set -uo pipefail
out=${OUT:-/tmp/device-out}
mkdir -p "$out"
B=.devbin
quick=${DEVICE_QUICK:-0}
say() { echo "$*" | tee -a "$out/summary.txt"; }
# Wall-clock seconds of a command (the GPU machine may have no /usr/bin/time).
timed() {
    local label=$1
    shift
    local t0 t1
    t0=$(date +%s%N)
    "$@" > "$out/last.txt" 2>&1
    local rc=$?
    t1=$(date +%s%N)
    say "$label: $(awk "BEGIN { printf \"%.2f\", ($t1 - $t0) / 1e9 }") s (exit $rc): $(tail -1 "$out/last.txt")"
}

# The Vulkan loader and ALSA's library (the window links it, so `retrace`
# does not start without it), where the machine has none.
if ! ldconfig -p | grep -q libvulkan || ! ldconfig -p | grep -q libasound.so.2; then
    for f in .gl/*.deb; do dpkg -x "$f" /; done
    ldconfig
fi
if [ -e /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && [ ! -e /usr/share/vulkan/icd.d/nvidia_icd.json ]; then
    export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
fi
# The benches read the shipped packs where they were built.
[ -e /work/main ] || { mkdir -p /work && ln -s "$PWD" /work/main; }
export RETRACE_REQUIRE_GPU=1
say "== $(date -u +%FT%TZ) $(uname -m), $(nproc) cores"
command -v nvidia-smi > /dev/null && nvidia-smi -L | tee -a "$out/summary.txt"

# Issue 22: the solver on every thread count, 8 M states of the bench level.
say "== miau solve, bench level, 8,000,000 states"
max=8000000
[ "$quick" = 1 ] && max=200000
for t in 1 2 4 8 16; do
    timed "threads $t" "$B/retrace" miau solve "$B/miau-bench.toml" --max "$max" --threads "$t"
done
# The default batch at 16 threads is 131,072 parents (chosen when each
# round started its threads; since 2026-12-01 a pool's threads take the
# rounds, so smaller batches may do as well): the batch of up to three
# threads and twice it, for comparison (the same answers).
timed "threads 16 --batch 16384" "$B/retrace" miau solve "$B/miau-bench.toml" --max "$max" --threads 16 --batch 16384
timed "threads 16 --batch 32768" "$B/retrace" miau solve "$B/miau-bench.toml" --max "$max" --threads 16 --batch 32768
# Issue 20: the same with the GPU's visited set (identical output).
timed "threads 16 --gpu" "$B/retrace" miau solve "$B/miau-bench.toml" --max "$max" --threads 16 --gpu

# Issue 20: the Life command line on the GPU and on the CPU's fast step.
gens=100000
[ "$quick" = 1 ] && gens=200
for engine in gpu fast; do
    timed "life run 300x300 wrap $gens gens --engine $engine" "$B/retrace" life run --size 300x300 --wrap --gens "$gens" --random 1 --engine "$engine"
done

# Criterion: Life tiles and planes (batches of 1,024 × 256 generations, one
# field × 1,024), the visited set, the 8 M solve with and without the GPU,
# and the Life campaign solver's candidates (issue 21).
if [ "$quick" = 1 ]; then
    filter='gpu/life/gpu-tiles-batch|gpu/dedup'
    timeout 240 "$B/bench-gpu" --bench "$filter" --warm-up-time 0.2 --measurement-time 0.5 2>&1 | tee "$out/gpu-bench.txt" | grep -E '^gpu|time:' | grep -v '%'
else
    # The CPU's 1,024-field batch is left out: 170 s of criterion's time
    # (measured 2026-12-04), its rate the 64-field row's.
    filter='gpu/life/(gpu-tiles|gpu-planes)-batch|gpu/life/fast-batch-300x300-gens-256/(1|64)$|gpu/life/gpu-tiles|gpu/dedup|gpu/miau-solve/.*bench-8M|life-solver/candidates/.*/300'
    RETRACE_BENCH_FULL=1 timeout 330 "$B/bench-gpu" --bench "$filter" --warm-up-time 1 --measurement-time 3 2>&1 | tee "$out/gpu-bench.txt" | grep -E '^gpu|^life|time:|thrpt:' | grep -v '%'
    RETRACE_BENCH_FULL=1 timeout 120 "$B/bench-miau" --bench 'solver-large' --warm-up-time 1 --measurement-time 10 2>&1 | tee "$out/miau-bench.txt" | grep -E '^miau|time:|thrpt:' | grep -v '%'
    timeout 60 "$B/bench-miau" --bench 'thread-rounds' --warm-up-time 0.5 --measurement-time 2 2>&1 | tee -a "$out/miau-bench.txt" | grep -E '^miau|time:' | grep -v '%'
fi
say "== done $(date -u +%FT%TZ)"
