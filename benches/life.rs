//! Life: the reference step against the fast (bit-parallel) step, in cell-updates per second.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use retrace_kernel::life::field::{step_reference, Field};
use retrace_kernel::life::planes::Planes;
use retrace_kernel::rng::Rng;
use std::hint::black_box;

fn random_field(side: u32, wrap: bool) -> Field {
    Field::random(side, side, wrap, 35, &mut Rng::stream(u64::from(side), "bench.life")).unwrap()
}

fn steps(c: &mut Criterion) {
    let mut g = c.benchmark_group("life/step");
    for side in [40u32, 100, 300] {
        let f = random_field(side, true);
        g.throughput(Throughput::Elements(u64::from(side) * u64::from(side)));
        g.bench_function(BenchmarkId::new("reference", side), |b| {
            let mut a = f.clone();
            let mut n = f.clone();
            b.iter(|| {
                step_reference(black_box(&a), &mut n);
                std::mem::swap(&mut a, &mut n);
            })
        });
        g.bench_function(BenchmarkId::new("fast", side), |b| {
            let mut p = Planes::from_field(&f);
            b.iter(|| black_box(&mut p).step())
        });
    }
    g.finish();
    // Many generations per call, as the game's Advance runs them (with counts and hash each generation).
    let mut g = c.benchmark_group("life/advance-256");
    let f = random_field(300, true);
    g.throughput(Throughput::Elements(300 * 300 * 256));
    g.bench_function("fast-with-counts-and-hash/300", |b| {
        b.iter(|| {
            let mut p = Planes::from_field(&f);
            let mut acc = 0u64;
            for _ in 0..256 {
                p.step();
                acc ^= p.hash() ^ u64::from(p.counts().0);
            }
            acc
        })
    });
    g.finish();
}

criterion_group!(benches, steps);
criterion_main!(benches);
