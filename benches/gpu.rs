//! GPU against CPU: the Life step (cell-updates/s), frontier hashing
//! (hashes/s), the visited set (keys checked/s) and the Miau solver with its
//! visited set on the GPU, end to end (upload, submit, readback). Without an adapter the
//! GPU benches are skipped with a printed reason.
//!
//! The default matrix is what a software driver (lavapipe) finishes in
//! minutes; `RETRACE_BENCH_FULL=1` runs the whole matrix of the GPU issue
//! (batches of 1,024 fields, 256 generations, 1,000,000 keys) for a real GPU.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use retrace_gpu::frontier_dedup::GpuDedup;
use retrace_gpu::frontier_hash::GpuHasher;
use retrace_gpu::life_step::{Batch, LifeGpu};
use retrace_gpu::Gpu;
use retrace_kernel::hashing::{CpuHasher, FrontierHasher};
use retrace_kernel::life::field::Field;
use retrace_kernel::life::planes::Planes;
use retrace_kernel::rng::Rng;
use std::time::Duration;

#[path = "miau_level.rs"]
mod miau_level;

fn full() -> bool {
    std::env::var("RETRACE_BENCH_FULL").as_deref() == Ok("1")
}

fn random_field(side: u32, seed: u64) -> Field {
    Field::random(side, side, true, 35, &mut Rng::stream(seed, "bench.gpu")).unwrap()
}

fn gpu() -> Option<Gpu> {
    match Gpu::new() {
        Ok(g) => {
            eprintln!("GPU benches on {}", g.describe());
            Some(g)
        }
        Err(e) => {
            eprintln!("GPU benches skipped: {e}");
            None
        }
    }
}

/// Device-only: `n` runs' compute passes, timed by timestamp queries.
fn device_time(n: u64, run: impl Fn() -> retrace_gpu::life_step::RunResult) -> Duration {
    (0..n).map(|_| Duration::from_nanos(run().device_ns.unwrap_or(0))).sum()
}

fn life(c: &mut Criterion) {
    let Some(gpu) = gpu() else { return };
    let life = LifeGpu::new(&gpu).unwrap();
    let planes = retrace_gpu::life_planes::LifePlanesGpu::new(&gpu).unwrap();
    let mut g = c.benchmark_group("gpu/life");
    g.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    let sides: &[u32] = if full() { &[40, 100, 300] } else { &[40, 300] };
    let gens_list: &[u32] = if full() { &[1, 16, 256] } else { &[1, 16] };
    for &side in sides {
        for &gens in gens_list {
            let f = random_field(side, u64::from(side));
            let batch = Batch::from_fields(std::slice::from_ref(&f));
            g.throughput(Throughput::Elements(u64::from(side) * u64::from(side) * u64::from(gens)));
            g.bench_function(BenchmarkId::new(format!("gpu-gens-{gens}"), side), |b| {
                b.iter(|| life.run(&gpu, &batch, gens).unwrap())
            });
            if gpu.timestamps {
                // Device-only: the compute pass's own time from timestamp queries.
                g.bench_function(BenchmarkId::new(format!("gpu-device-only-gens-{gens}"), side), |b| {
                    b.iter_custom(|n| device_time(n, || life.run(&gpu, &batch, gens).unwrap()))
                });
            }
            g.bench_function(BenchmarkId::new(format!("fast-gens-{gens}"), side), |b| {
                b.iter(|| {
                    let mut p = Planes::from_field(&f);
                    for _ in 0..gens {
                        p.step();
                    }
                    p
                })
            });
        }
    }
    let tiles = retrace_gpu::life_tiles::LifeTilesGpu::new(&gpu).unwrap();
    let batches: &[u32] = if full() { &[1, 64, 1024] } else { &[1, 64] };
    // The batch figure is 256 generations; 16 keeps lavapipe's run short.
    let gens = if full() { 256 } else { 16 };
    for &fields in batches {
        let fs: Vec<Field> = (0..fields).map(|k| random_field(300, u64::from(k))).collect();
        let batch = Batch::from_fields(&fs);
        g.throughput(Throughput::Elements(300 * 300 * u64::from(fields) * u64::from(gens)));
        let name = |what: &str| BenchmarkId::new(format!("{what}-batch-300x300-gens-{gens}"), fields);
        g.bench_function(name("gpu"), |b| b.iter(|| life.run(&gpu, &batch, gens).unwrap()));
        // The bit-plane shader, a generation a dispatch, and the tiled one,
        // several (packing and unpacking included end to end).
        g.bench_function(name("gpu-planes"), |b| b.iter(|| planes.run(&gpu, &batch, gens).unwrap()));
        let opts = retrace_gpu::life_step::RunOptions::default();
        g.bench_function(name("gpu-tiles"), |b| b.iter(|| tiles.run_with(&gpu, &batch, gens, opts).unwrap()));
        if gpu.timestamps {
            g.bench_function(name("gpu-planes-device-only"), |b| {
                b.iter_custom(|n| device_time(n, || planes.run(&gpu, &batch, gens).unwrap()))
            });
            g.bench_function(name("gpu-tiles-device-only"), |b| {
                b.iter_custom(|n| device_time(n, || tiles.run_with(&gpu, &batch, gens, opts).unwrap()))
            });
        }
        g.bench_function(name("fast"), |b| {
            b.iter(|| {
                for f in &fs {
                    let mut p = Planes::from_field(f);
                    for _ in 0..gens {
                        p.step();
                    }
                }
            })
        });
    }
    // One 300×300 field, many generations a submission with every
    // generation's figures (the game's `Advance`): 1,024 on a real GPU.
    let long = if full() { 1024 } else { 64 };
    let batch = Batch::from_fields(&[random_field(300, 7)]);
    let opts = retrace_gpu::life_step::RunOptions::default();
    g.throughput(Throughput::Elements(300 * 300 * u64::from(long)));
    let name = |what: &str| BenchmarkId::new(format!("{what}-300x300-gens"), long);
    g.bench_function(name("gpu-planes"), |b| b.iter(|| planes.run(&gpu, &batch, long).unwrap()));
    g.bench_function(name("gpu-tiles"), |b| b.iter(|| tiles.run_with(&gpu, &batch, long, opts).unwrap()));
    if gpu.timestamps {
        g.bench_function(name("gpu-tiles-device-only"), |b| {
            b.iter_custom(|n| device_time(n, || tiles.run_with(&gpu, &batch, long, opts).unwrap()))
        });
    }
    g.finish();
}

fn hashing(c: &mut Criterion) {
    let Some(gpu) = gpu() else { return };
    let mut hasher = GpuHasher::new(gpu).unwrap();
    let mut g = c.benchmark_group("gpu/hash");
    g.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    let counts: &[usize] = if full() { &[1_000, 100_000, 1_000_000] } else { &[1_000, 100_000] };
    for &len in &[64usize, 512] {
        for &count in counts {
            let mut r = Rng::stream(count as u64, "bench.keys");
            let keys: Vec<u8> = (0..len * count).map(|_| r.below(256) as u8).collect();
            g.throughput(Throughput::Elements(count as u64));
            let id = format!("{count}x{len}B");
            g.bench_function(BenchmarkId::new("gpu", &id), |b| b.iter(|| hasher.hash_batch(&keys, len).unwrap()));
            if hasher.gpu().timestamps {
                g.bench_function(BenchmarkId::new("gpu-device-only", &id), |b| {
                    b.iter_custom(|n| {
                        (0..n)
                            .map(|_| Duration::from_nanos(hasher.hash_timed(&keys, len).unwrap().1.unwrap_or(0)))
                            .sum()
                    })
                });
            }
            g.bench_function(BenchmarkId::new("cpu", &id), |b| b.iter(|| CpuHasher.hash_batch(&keys, len).unwrap()));
        }
    }
    g.finish();
}

/// Hash-and-dedup of 64-byte keys (issue 20): a fresh visited set takes
/// every key (all new, so every one is inserted, the table growing as it
/// goes), on the GPU (end to end, and device-only where the adapter has
/// timestamps) and on one CPU core (BLAKE3 and a hash set of 12-byte prints).
fn dedup(c: &mut Criterion) {
    use retrace_kernel::hashing::FrontierDedup;
    let Some(gpu) = gpu() else { return };
    let mut d = GpuDedup::new(gpu).unwrap();
    d.time_batches();
    let mut g = c.benchmark_group("gpu/dedup");
    g.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    let counts: &[usize] = if full() { &[100_000, 1_000_000, 10_000_000] } else { &[100_000] };
    let len = 64;
    for &count in counts {
        let mut r = Rng::stream(count as u64, "bench.keys");
        let keys: Vec<u8> = (0..len * count).map(|_| r.below(256) as u8).collect();
        g.throughput(Throughput::Elements(count as u64));
        let id = format!("{count}x{len}B");
        g.bench_function(BenchmarkId::new("gpu", &id), |b| {
            b.iter(|| {
                d.begin(len).unwrap();
                d.check(&keys).unwrap().expect("the table grows to hold them")
            })
        });
        if d.gpu().timestamps {
            g.bench_function(BenchmarkId::new("gpu-device-only", &id), |b| {
                b.iter_custom(|n| {
                    (0..n)
                        .map(|_| {
                            d.begin(len).unwrap();
                            d.check(&keys).unwrap();
                            Duration::from_nanos(d.last_device_ns.unwrap_or(0))
                        })
                        .sum()
                })
            });
        }
        g.bench_function(BenchmarkId::new("cpu-1-core", &id), |b| {
            b.iter(|| {
                let mut seen = std::collections::HashSet::with_capacity(count);
                keys.chunks(len)
                    .map(|k| seen.insert(<[u8; 12]>::try_from(&blake3::hash(k).as_bytes()[..12]).unwrap()))
                    .filter(|&n| n)
                    .count()
            })
        });
    }
    g.finish();
}

/// The Miau solver end to end with its visited set on the CPU or on the GPU:
/// the first pack's levels, and (with RETRACE_BENCH_FULL=1) the bench level
/// of `benches/miau.rs` at 8 M states with every core, the figure.
fn solver(c: &mut Criterion) {
    use retrace_kernel::miau::solver::{solve_with, Options};
    let Some(gpu) = gpu() else { return };
    let mut on_gpu = GpuDedup::new(gpu).unwrap();
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/app/packs/first-steps.toml")).unwrap();
    let pack = retrace_kernel::miau::pack::load(&text).0.unwrap();
    let mut g = c.benchmark_group("gpu/miau-solve");
    g.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    let count = |v: retrace_kernel::miau::solver::Verdict| match v {
        retrace_kernel::miau::solver::Verdict::Solved { states, .. }
        | retrace_kernel::miau::solver::Verdict::Unsolved { states }
        | retrace_kernel::miau::solver::Verdict::Limit { states, .. } => states,
    };
    for l in &pack.levels {
        let states = count(retrace_kernel::miau::solver::solve(&l.setup, 1_000_000, &mut CpuHasher).unwrap());
        g.throughput(Throughput::Elements(states));
        g.bench_function(BenchmarkId::new("cpu", &l.id), |b| {
            b.iter(|| retrace_kernel::miau::solver::solve(&l.setup, 1_000_000, &mut CpuHasher).unwrap())
        });
        g.bench_function(BenchmarkId::new("gpu-dedup", &l.id), |b| {
            b.iter(|| retrace_kernel::miau::solver::solve(&l.setup, 1_000_000, &mut on_gpu).unwrap())
        });
    }
    if full() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
        let opts = Options { max_states: 8_000_000, threads: cores, ..Options::default() };
        let level = miau_level::bench_level();
        g.throughput(Throughput::Elements(opts.max_states));
        g.bench_function(BenchmarkId::new(format!("cpu-{cores}-threads"), "bench-8M"), |b| {
            b.iter(|| solve_with(&level, &opts, &mut CpuHasher).unwrap())
        });
        g.bench_function(BenchmarkId::new(format!("gpu-dedup-{cores}-threads"), "bench-8M"), |b| {
            b.iter(|| solve_with(&level, &opts, &mut on_gpu).unwrap())
        });
    }
    g.finish();
}

/// The Life campaign solver's batch step: candidate fields (a level's field
/// with a few player cells each) judged after the solver's horizon of 256
/// generations, on one core, on every core, and on the GPU.
fn life_candidates(c: &mut Criterion) {
    use retrace_kernel::life::solve::{BatchEval, CpuEval, Options};
    let levels = retrace_kernel::life::campaign::levels();
    let horizon = Options::default().horizon;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
    let mut on_gpu = gpu().map(|g| retrace_gpu::life::GpuStepper::new(g).unwrap());
    let mut g = c.benchmark_group("life-solver/candidates");
    g.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(5));
    for side in [60u32, 300] {
        let level = levels.iter().find(|l| l.w == side && l.h == side).expect("a level of that size");
        let count = if side == 300 && !full() { 64 } else { 256 };
        let mut rng = Rng::stream(u64::from(side), "bench.candidates");
        let fields: Vec<Field> = (0..count)
            .map(|_| {
                let mut f = level.field();
                for _ in 0..4 {
                    let (x, y) = (rng.index(side as usize) as u32, rng.index(side as usize) as u32);
                    let i = f.idx(x, y);
                    if f.cells[i] == 0 {
                        f.cells[i] = 1;
                    }
                }
                f
            })
            .collect();
        g.throughput(Throughput::Elements(count));
        g.bench_function(BenchmarkId::new("cpu-1-core", side), |b| {
            b.iter(|| CpuEval { threads: 1 }.enemy_after(&fields, horizon).unwrap())
        });
        if cores > 1 {
            g.bench_function(BenchmarkId::new(format!("cpu-{cores}-cores"), side), |b| {
                b.iter(|| CpuEval { threads: cores }.enemy_after(&fields, horizon).unwrap())
            });
        }
        if let Some(e) = on_gpu.as_mut() {
            g.bench_function(BenchmarkId::new("gpu", side), |b| b.iter(|| e.enemy_after(&fields, horizon).unwrap()));
        }
    }
    g.finish();
}

criterion_group!(benches, life, hashing, dedup, solver, life_candidates);
criterion_main!(benches);
