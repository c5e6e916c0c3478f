//! Miau Is True's solver: states expanded per second on a 10×7 board with 39
//! entities (20 wall objects, 12 words, a cat and six rocks), with one thread
//! and with every core. The level has no flag, so every run visits exactly
//! the budget (a LIMIT) and the figure is pure search speed. Side by side:
//! the game's own state stepped per child, and the solver's compact state.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use retrace_kernel::hashing::CpuHasher;
use retrace_kernel::miau::solver::{solve_with, Options, Verdict};
use std::hint::black_box;

#[path = "miau_level.rs"]
mod miau_level;
use miau_level::bench_level;

fn expand(c: &mut Criterion) {
    let setup = bench_level();
    let mut g = c.benchmark_group("miau/solver");
    g.sample_size(10);
    const STATES: u64 = 200_000;
    g.throughput(Throughput::Elements(STATES));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    // The game's own state (the first engine), then the solver's compact state.
    for (engine, general, threads) in [("general", true, 1), ("compact", false, 1), ("compact", false, cores)] {
        let name = format!("{engine}-{threads}-threads");
        g.bench_function(BenchmarkId::new("expand-200k-states", name), |b| {
            b.iter(|| {
                let opts = Options { max_states: STATES, threads, general, ..Options::default() };
                let v = solve_with(&setup, &opts, &mut CpuHasher).expect("the bench level loads");
                assert!(matches!(v, Verdict::Limit { states: STATES, .. }), "the bench visits exactly its budget");
                black_box(v)
            })
        });
    }
    g.finish();
    // Large searches (issue 22): 8 M states, where the visited table no
    // longer fits any cache. Minutes, so only with RETRACE_BENCH_FULL=1.
    if std::env::var("RETRACE_BENCH_FULL").as_deref() != Ok("1") {
        return;
    }
    let mut g = c.benchmark_group("miau/solver-large");
    g.sample_size(10);
    const LARGE: u64 = 8_000_000;
    g.throughput(Throughput::Elements(LARGE));
    for threads in [1, cores] {
        g.bench_function(BenchmarkId::new("expand-8m-states", format!("compact-{threads}-threads")), |b| {
            b.iter(|| {
                let opts = Options { max_states: LARGE, threads, ..Options::default() };
                let v = solve_with(&setup, &opts, &mut CpuHasher).expect("the bench level loads");
                assert!(matches!(v, Verdict::Limit { states: LARGE, .. }), "the bench visits exactly its budget");
                black_box(v)
            })
        });
    }
    g.finish();
}

/// What one round of work on `n` threads costs when the threads are started
/// for it (`std::thread::scope`, as the solver does with two or three
/// threads) and when a pool's threads take it (`rayon_core`, as the solver
/// does from four threads on, three rounds a batch): the work itself is a
/// few hundred nanoseconds a thread, so the figure is the rounds' overhead.
fn thread_rounds(c: &mut Criterion) {
    let mut g = c.benchmark_group("miau/thread-rounds");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let work = |w: usize| {
        let mut x = w as u64;
        for i in 0..1_000u64 {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(i);
        }
        black_box(x);
    };
    for n in [2, 4, 16.max(cores)] {
        g.bench_function(BenchmarkId::new("started", n), |b| {
            b.iter(|| {
                std::thread::scope(|s| {
                    for w in 1..n {
                        s.spawn(move || work(w));
                    }
                    work(0);
                })
            })
        });
        let pool = rayon_core::ThreadPoolBuilder::new().num_threads(n - 1).build().expect("a pool starts");
        g.bench_function(BenchmarkId::new("pool", n), |b| {
            b.iter(|| {
                pool.in_place_scope(|s| {
                    for w in 1..n {
                        s.spawn(move |_| work(w));
                    }
                    work(0);
                })
            })
        });
    }
    g.finish();
}

criterion_group!(benches, expand, thread_rounds);
criterion_main!(benches);
