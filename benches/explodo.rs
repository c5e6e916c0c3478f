//! Explodorama's balance lab: whole runs played by the bots on one core
//! (the lab's unit of work). The spec's lab played 0.6 runs a second on a
//! core; the goal here is at least 30 with the careful bot. And the save
//! after a turn (issue 60, point 4): its cost at turn 100 and turn 2,000.

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

/// The save after a turn, at turn 100 and 2,000 of an Immortal run of
/// waits: `save` as the window makes it (the bytes, written atomically and
/// synced), `bytes` the file's bytes made from the session's chain (the one
/// new action hashed and encoded, the rest copied), `bytes-rehashed` the
/// same file built with its chain worked out from the header and its log
/// encoded again (how every save was made before 2026-12-04).
fn save_per_turn(c: &mut Criterion) {
    use criterion::BatchSize;
    use retrace::store::Store;
    use retrace_kernel::explodo::{Action, Explodo};
    use retrace_kernel::replay::ReplayFile;
    use retrace_kernel::Session;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let store = Store::new(dir.path());
    let mut g = c.benchmark_group("explodo/save-per-turn");
    for turn in [100u32, 2000] {
        let mut s = Session::<Explodo>::new(Setup { immortal: true, ..Setup::default() }, 7).expect("a run");
        while s.step() + 1 < turn {
            s.push(Action::Wait).expect("an Immortal run always waits");
        }
        // The run so far was saved after its last turn, as a window's is.
        store.save("bench", &s).expect("saved");
        let next = || {
            let mut t = s.clone();
            t.push(Action::Wait).expect("waits");
            t
        };
        g.bench_function(BenchmarkId::new("save", turn), |b| {
            b.iter_batched_ref(next, |t| store.save("bench", t).expect("saved"), BatchSize::SmallInput)
        });
        g.bench_function(BenchmarkId::new("bytes", turn), |b| {
            b.iter_batched_ref(next, |t| black_box(t.replay_bytes(retrace::APP_VERSION)), BatchSize::SmallInput)
        });
        g.bench_function(BenchmarkId::new("bytes-rehashed", turn), |b| {
            b.iter_batched_ref(
                || next().to_replay(retrace::APP_VERSION),
                |made| {
                    let state = |k| made.checkpoints.iter().find(|c| c.step == k).expect("a checkpoint").state;
                    black_box(ReplayFile::build(made.header.clone(), made.actions.clone(), state, None).to_bytes())
                },
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, runs, save_per_turn);
criterion_main!(benches);
