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
        // The two boards of issue 47, beside Simon Tatham's Mines
        // (`sgt-mines --generate N 16x16n40` and `30x16n99`): 40 and 99 mines.
        ("custom-16x16-40", Tier::Custom { cols: 16, rows: 16, density_permille: 156 }),
        ("custom-30x16-99", Tier::Custom { cols: 30, rows: 16, density_permille: 206 }),
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

/// Custom 30×24 fields at density 0.20: criterion's median over seeds, and
/// first the distribution of single fields (each seed timed once: median,
/// 90th and 99th percentiles, worst), which the targets are about.
fn custom_distribution(c: &mut Criterion) {
    let params = Tier::Custom { cols: 30, rows: 24, density_permille: 200 }.params().unwrap();
    let seeds: u64 = std::env::var("RETRACE_BENCH_SEEDS").ok().and_then(|v| v.parse().ok()).unwrap_or(100);
    let mut ms: Vec<f64> = (1..=seeds)
        .map(|seed| {
            let t = std::time::Instant::now();
            black_box(generate(&params, &mut Rng::stream(seed, "mines.field")));
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    eprintln!(
        "mines/generate/custom-30x24 over {seeds} seeds: median {:.0} ms, p90 {:.0} ms, p99 {:.0} ms, worst {:.0} ms",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
    let mut g = c.benchmark_group("mines/generate");
    g.sample_size(10);
    let mut seed = 0u64;
    g.bench_function(BenchmarkId::from_parameter("custom-30x24"), |b| {
        b.iter(|| {
            seed += 1;
            black_box(generate(&params, &mut Rng::stream(seed, "mines.field")))
        })
    });
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

criterion_group!(benches, generation, custom_distribution, solver);
criterion_main!(benches);
