//! MineLayer: time to generate a unique field per tier, and solver throughput.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use retrace_kernel::mines::generator::generate;
use retrace_kernel::mines::solver::{count_solutions, propagation_gap};
use retrace_kernel::mines::Tier;
use retrace_kernel::rng::Rng;
use std::hint::black_box;

fn generation(c: &mut Criterion) {
    let mut g = c.benchmark_group("mines/generate");
    for (name, tier) in [
        ("beginner", Tier::Beginner),
        ("intermediate", Tier::Intermediate),
        ("expert", Tier::Expert),
        ("custom-20x16", Tier::Custom { cols: 20, rows: 16, density_permille: 200 }),
    ] {
        let params = tier.params().unwrap();
        let mut seed = 0u64;
        g.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| {
                seed += 1;
                black_box(generate(&params, &mut Rng::stream(seed, "mines.field")))
            })
        });
    }
    g.finish();
}

fn solver(c: &mut Criterion) {
    let mut g = c.benchmark_group("mines/solver");
    for (name, tier) in [("intermediate", Tier::Intermediate), ("expert", Tier::Expert)] {
        let params = tier.params().unwrap();
        let puzzles: Vec<_> =
            (0..32).map(|s| generate(&params, &mut Rng::stream(s, "mines.field")).field.puzzle()).collect();
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.bench_function(BenchmarkId::new("count-unique", name), |b| {
            b.iter(|| puzzles.iter().map(|p| u32::from(count_solutions(black_box(p), 2).is_unique())).sum::<u32>())
        });
        g.bench_function(BenchmarkId::new("propagation-gap", name), |b| {
            b.iter(|| puzzles.iter().map(|p| propagation_gap(black_box(p))).sum::<u32>())
        });
    }
    g.finish();
}

criterion_group!(benches, generation, solver);
criterion_main!(benches);
