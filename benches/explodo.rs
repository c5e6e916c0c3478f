//! Explodorama's balance lab: whole runs played by the bots on one core
//! (the lab's unit of work). The spec's lab played 0.6 runs a second on a
//! core; the goal here is at least 30 with the careful bot.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use retrace_kernel::explodo::bot::{play, Skill, SKILLS};
use retrace_kernel::explodo::Setup;
use std::hint::black_box;

/// Seeds 1 to 20 in one sample: criterion's figure is the time of 20 runs,
/// its throughput runs a second.
const SEEDS: u64 = 20;

fn runs(c: &mut Criterion) {
    let mut g = c.benchmark_group("explodo-lab/runs");
    g.sample_size(10);
    g.throughput(Throughput::Elements(SEEDS));
    for skill in SKILLS {
        g.bench_function(BenchmarkId::from_parameter(skill.name()), |b| {
            b.iter(|| {
                for seed in 1..=SEEDS {
                    black_box(play(seed, &Setup::default(), skill, 20));
                }
            })
        });
    }
    g.finish();
    // The careful bot on the same seeds, each run once: the spread of one
    // run's cost (a long, won run against a short, lost one).
    let mut ms: Vec<f64> = (1..=SEEDS)
        .map(|seed| {
            let t = std::time::Instant::now();
            black_box(play(seed, &Setup::default(), Skill::Careful, 20));
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    println!(
        "explodo-lab careful, one run each on seeds 1-{SEEDS}: median {:.1} ms, worst {:.1} ms",
        ms[ms.len() / 2],
        ms[ms.len() - 1]
    );
}

criterion_group!(benches, runs);
criterion_main!(benches);
