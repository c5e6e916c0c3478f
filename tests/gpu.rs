//! GPU parity: each shader against its CPU twin (itself held to the kernel in
//! `retrace-gpu`'s unit tests): the Life step, its bit-plane form, and the
//! frontier hash. Skipped with a printed reason without an
//! adapter; `RETRACE_REQUIRE_GPU=1` (set by CI, which installs lavapipe) makes
//! a missing adapter a failure.

use proptest::prelude::*;
use retrace_gpu::frontier_dedup::GpuDedup;
use retrace_gpu::frontier_hash::GpuHasher;
use retrace_gpu::life_step::{run_cpu, Batch, LifeGpu};
use retrace_gpu::{gpu_for_tests, Gpu};
use retrace_kernel::hashing::{CpuHasher, FrontierHasher};
use retrace_kernel::life::field::Field;
use std::sync::OnceLock;

/// `fn $name()`: a GPU and one compiled step on it, made once for the
/// whole test binary (`None`, after printing why, without an adapter).
macro_rules! stage_on_gpu {
    ($(#[$doc:meta])* $name:ident, $stage:ty, $what:literal) => {
        $(#[$doc])*
        fn $name() -> Option<&'static (Gpu, $stage)> {
            static GPU: OnceLock<Option<(Gpu, $stage)>> = OnceLock::new();
            GPU.get_or_init(|| {
                let gpu = gpu_for_tests($what)?;
                let stage = <$stage>::new(&gpu).expect(concat!("the shader compiles: ", $what));
                Some((gpu, stage))
            })
            .as_ref()
        }
    };
}

stage_on_gpu!(
    /// The one-word-a-cell Life step.
    life_gpu, LifeGpu, "gpu parity"
);
stage_on_gpu!(
    /// The bit-plane step.
    planes_gpu, retrace_gpu::life_planes::LifePlanesGpu, "gpu bit-plane parity"
);
stage_on_gpu!(
    /// The tiled step.
    tiles_gpu, retrace_gpu::life_tiles::LifeTilesGpu, "gpu tiled parity"
);

fn hasher() -> Option<&'static std::sync::Mutex<GpuHasher>> {
    static H: OnceLock<Option<std::sync::Mutex<GpuHasher>>> = OnceLock::new();
    H.get_or_init(|| {
        gpu_for_tests("gpu hashing")
            .map(|g| std::sync::Mutex::new(GpuHasher::new(g).expect("the hash shader compiles")))
    })
    .as_ref()
}

fn random_field(w: u32, h: u32, wrap: bool, density: u32, seed: u64) -> Field {
    Field::random(w, h, wrap, density, &mut retrace_kernel::rng::Rng::stream(seed, "test.gpu")).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random sizes (odd and even, 1 to 300 a side), densities, edge modes,
    /// 1 to 64 generations per submission, batches of 1 to 4 fields.
    #[test]
    fn life_step_gpu_equals_its_twin(w in 1u32..=300, h in 1u32..=300, wrap in any::<bool>(), density in 0u32..=100, seed in any::<u64>(), gens in 1u32..=64, fields in 1u32..=4) {
        let Some((gpu, life)) = life_gpu() else { return Ok(()) };
        // Keep the CPU twin's share of the test time bounded.
        let gens = gens.min((2_000_000 / (w * h * fields)).max(1));
        let batch = Batch::from_fields(&(0..fields).map(|k| random_field(w, h, wrap, density, seed ^ u64::from(k))).collect::<Vec<_>>());
        let got = life.run(gpu, &batch, gens).unwrap();
        let (cells, stats) = run_cpu(&batch, gens);
        prop_assert!(got.cells == cells, "cells differ ({}x{} wrap {} gens {})", w, h, wrap, gens);
        prop_assert_eq!(got.stats, stats);
    }

    /// The bit-plane shader against its twin: sizes 1 to 300 a side (word
    /// boundaries crossed and not), both edges, 1 to 40 generations, batches
    /// of 1 to 4; cells and every generation's figures.
    #[test]
    fn life_planes_gpu_equals_its_twin(w in 1u32..=300, h in 1u32..=300, wrap in any::<bool>(), density in 0u32..=100, seed in any::<u64>(), gens in 1u32..=40, fields in 1u32..=4) {
        let Some((gpu, life)) = planes_gpu() else { return Ok(()) };
        let gens = gens.min((4_000_000 / (w * h * fields)).max(1));
        let batch = Batch::from_fields(&(0..fields).map(|k| random_field(w, h, wrap, density, seed ^ u64::from(k))).collect::<Vec<_>>());
        let got = life.run(gpu, &batch, gens).unwrap();
        let packed = retrace_gpu::life_planes::PackedBatch::from_batch(&batch);
        let (planes, stats) = retrace_gpu::life_planes::run_planes_cpu(&packed, gens);
        prop_assert!(got.cells == planes.to_batch().cells, "cells differ ({}x{} wrap {} gens {})", w, h, wrap, gens);
        prop_assert_eq!(got.stats, stats);
    }

    /// The tiled shader against its twin: sizes 1 to 300 a side and wide
    /// fields (several tiles a field, halos cut short), both edges, 1 to 40
    /// generations (not multiples of the halo), batches of 1 to 3, and every
    /// figures mode: every generation's with the cells, the last one's alone.
    #[test]
    fn life_tiles_gpu_equals_its_twin(w in prop_oneof![1u32..=300, 1400u32..=3000], h in 1u32..=300, wrap in any::<bool>(), density in 0u32..=100, seed in any::<u64>(), gens in 1u32..=40, fields in 1u32..=3, every in any::<bool>()) {
        use retrace_gpu::life_step::RunOptions;
        let Some((gpu, life)) = tiles_gpu() else { return Ok(()) };
        let gens = gens.min((4_000_000 / (w * h * fields)).max(1));
        let batch = Batch::from_fields(&(0..fields).map(|k| random_field(w, h, wrap, density, seed ^ u64::from(k))).collect::<Vec<_>>());
        let packed = retrace_gpu::life_planes::PackedBatch::from_batch(&batch);
        let (tiles, stats) = retrace_gpu::life_tiles::run_tiles_cpu(&packed, gens);
        let opts = RunOptions { cells: every, every_generation: every };
        let got = life.run_with(gpu, &batch, gens, opts).unwrap();
        if every {
            prop_assert!(got.cells == tiles.to_batch().cells, "cells differ ({}x{} wrap {} gens {})", w, h, wrap, gens);
            prop_assert_eq!(got.stats, stats);
        } else {
            prop_assert!(got.cells.is_empty());
            prop_assert_eq!(got.stats, vec![stats.last().unwrap().clone()]);
        }
    }

    /// Random keys of 1 to 1,024 bytes hash exactly as BLAKE3 on the CPU.
    #[test]
    fn frontier_hash_gpu_equals_blake3(len in 1usize..=1024, count in 1usize..200, seed in any::<u64>()) {
        let Some(h) = hasher() else { return Ok(()) };
        let mut r = retrace_kernel::rng::Rng::stream(seed, "test.keys");
        let keys: Vec<u8> = (0..len * count).map(|_| r.below(256) as u8).collect();
        let gpu = h.lock().unwrap().hash_batch(&keys, len).unwrap();
        prop_assert_eq!(gpu, CpuHasher.hash_batch(&keys, len).unwrap());
    }
}

/// The step keeps its buffers between runs: a small run after a large one
/// (fewer fields, fewer generations, another size) reads back only its own
/// cells and figures, and a larger one after it grows them; each equals the twin.
#[test]
fn kept_buffers_serve_runs_of_every_size_in_turn() {
    let Some((gpu, life)) = life_gpu() else { return };
    for (w, h, fields, gens) in
        [(61u32, 37u32, 3u32, 9u32), (5, 7, 1, 2), (90, 33, 4, 13), (1, 1, 1, 1), (61, 37, 3, 9)]
    {
        let batch = Batch::from_fields(
            &(0..fields).map(|k| random_field(w, h, w % 2 == 0, 40, 7 + u64::from(k))).collect::<Vec<_>>(),
        );
        let got = life.run(gpu, &batch, gens).unwrap();
        let (cells, stats) = run_cpu(&batch, gens);
        assert!(got.cells == cells, "{w}x{h} ×{fields}, {gens} generations");
        assert_eq!(got.stats, stats, "{w}x{h} ×{fields}, {gens} generations");
        // The bit-plane step keeps its buffers too.
        let Some((pgpu, planes)) = planes_gpu() else { continue };
        let got = planes.run(pgpu, &batch, gens).unwrap();
        assert!(got.cells == cells, "bit planes: {w}x{h} ×{fields}, {gens} generations");
        assert_eq!(got.stats, stats, "bit planes: {w}x{h} ×{fields}, {gens} generations");
    }
}

/// A run that reads back only the last generation's figures (a batch
/// search's need) gives exactly the last row of a full run, and no cells.
#[test]
fn a_last_generation_run_equals_the_full_runs_last_row() {
    use retrace_gpu::life_step::RunOptions;
    let Some((gpu, life)) = life_gpu() else { return };
    for (w, h, fields, gens) in [(45u32, 31u32, 5u32, 17u32), (8, 8, 2, 1), (100, 7, 3, 40)] {
        let batch = Batch::from_fields(
            &(0..fields).map(|k| random_field(w, h, h % 2 == 1, 35, 90 + u64::from(k))).collect::<Vec<_>>(),
        );
        let full = life.run(gpu, &batch, gens).unwrap();
        let last = life.run_with(gpu, &batch, gens, RunOptions { cells: false, every_generation: false }).unwrap();
        assert!(last.cells.is_empty());
        assert_eq!(last.stats.len(), 1);
        assert_eq!(last.stats[0], *full.stats.last().unwrap(), "{w}x{h} ×{fields}, {gens} generations");
        // The bit planes likewise.
        let Some((pgpu, planes)) = planes_gpu() else { continue };
        let plast = planes.run_with(pgpu, &batch, gens, RunOptions { cells: false, every_generation: false }).unwrap();
        assert!(plast.cells.is_empty());
        assert_eq!(plast.stats, last.stats, "bit planes: {w}x{h} ×{fields}, {gens} generations");
    }
}

#[test]
fn a_big_hash_batch_uses_two_dimensional_dispatch() {
    let Some(h) = hasher() else { return };
    // 4,200,000 keys need more than 65,535 workgroups of 64 in one dimension.
    let count = 4_200_000usize;
    let keys: Vec<u8> = (0..count * 8).map(|i| (i % 251) as u8).collect();
    let gpu = h.lock().unwrap().hash_batch(&keys, 8).unwrap();
    assert_eq!(gpu.len(), count);
    for k in [0, 1, 65_535 * 64, count - 1] {
        let cpu = CpuHasher.hash_batch(&keys[k * 8..k * 8 + 8], 8).unwrap();
        assert_eq!(gpu[k], cpu[0], "key {k}");
    }
}

#[test]
fn bad_hash_batches_are_errors_not_panics() {
    let Some(h) = hasher() else { return };
    let mut h = h.lock().unwrap();
    assert!(h.hash_batch(&[1, 2, 3], 2).is_err());
    assert!(h.hash_batch(&vec![0; 2048], 2048).is_err());
    assert_eq!(h.hash_batch(&[], 4).unwrap(), Vec::<[u8; 32]>::new());
}

#[test]
fn a_glider_on_the_gpu_moves_like_on_the_cpu_for_many_generations() {
    let Some((gpu, life)) = life_gpu() else { return };
    let mut f = Field::new(300, 300, true).unwrap();
    for (x, y) in [(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)] {
        let i = f.idx(x, y);
        f.cells[i] = 1;
    }
    // 1,200 generations: the glider crosses the torus seam, 300 cells diagonally.
    let got = life.run(gpu, &Batch::from_fields(&[f.clone()]), 1200).unwrap();
    let mut p = retrace_kernel::life::planes::Planes::from_field(&f);
    for _ in 0..1200 {
        p.step();
    }
    assert_eq!(Batch { w: 300, h: 300, wrap: true, fields: 1, cells: got.cells }.field(0), p.to_field());
    assert!(got.stats.iter().all(|s| s[0].p1 == 5));
}

#[test]
fn a_batch_bigger_than_one_binding_runs_in_slices() {
    let Some((gpu, life)) = life_gpu() else { return };
    // 400 fields of 300×300 are 144 MB of cells: more than a 128 MiB binding.
    let fields: Vec<Field> = (0..400).map(|k| random_field(300, 300, true, 30, k)).collect();
    let batch = Batch::from_fields(&fields);
    let got = life.run(gpu, &batch, 2).unwrap();
    assert_eq!(got.stats.len(), 2);
    assert_eq!(got.stats[1].len(), 400);
    for k in [0u32, 199, 399] {
        let f = &fields[k as usize];
        let (cells, stats) = run_cpu(&Batch::from_fields(std::slice::from_ref(f)), 2);
        assert_eq!(
            Batch { cells, ..Batch::from_fields(std::slice::from_ref(f)) }.field(0),
            Batch { cells: got.cells.clone(), ..batch.clone() }.field(k)
        );
        assert_eq!(stats[1][0], got.stats[1][k as usize]);
    }
}

#[test]
fn a_life_game_on_the_gpu_replays_identically_on_the_cpu() {
    use retrace_kernel::life::{patterns, Action, Life, Setup};
    let Some(gpu) = gpu_for_tests("life game on the gpu") else { return };
    let mut stepper = retrace_gpu::life::GpuStepper::new(gpu).unwrap();
    let stamp = |id: &str, x, y| Action::Stamp { x, y, pattern: patterns::find(id).unwrap().0, rot: 0 };
    let mut live =
        retrace_kernel::Session::<Life>::new(Setup::TwoPlayer { w: 61, h: 47, wrap: true, budget: 100 }, 0).unwrap();
    for a in [
        stamp("rpentomino", 10, 20),
        Action::Commit,
        Action::HandoffNext,
        stamp("acorn", 40, 20),
        Action::Commit,
        Action::HandoffNext,
    ] {
        live.push(a).unwrap();
    }
    for _ in 0..40 {
        if live.state().phase != retrace_kernel::life::Phase::Running {
            break;
        }
        live.push_with(Action::Advance { gens: 25 }, |s, a| Life::apply_with(s, a, &mut stepper)).unwrap();
    }
    assert!(live.state().generation > 25);
    // The log replays on the CPU to the same digest.
    let file = live.to_replay("gpu test");
    let v = retrace_kernel::verify::verify(&file).unwrap();
    assert_eq!(v.final_digest, live.digest());
}

#[test]
fn the_miau_solver_gives_the_same_answers_with_the_gpu_hasher() {
    let Some(h) = hasher() else { return };
    let text = std::fs::read_to_string(crate::fixtures::root().join("app/packs/first-steps.toml")).unwrap();
    let (pack, _) = retrace_kernel::miau::pack::load(&text);
    for l in pack.unwrap().levels {
        let cpu = retrace_kernel::miau::solver::solve(&l.setup, 1_000_000, &mut CpuHasher).unwrap();
        let gpu = retrace_kernel::miau::solver::solve(&l.setup, 1_000_000, &mut *h.lock().unwrap()).unwrap();
        assert_eq!(cpu, gpu, "{}: same verdict, length, moves and state count", l.id);
    }
    let (code, out, _) = crate::fixtures::retrace(&[
        "miau",
        "solve",
        crate::fixtures::root().join("app/packs/first-steps.toml").to_str().unwrap(),
        "--gpu",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("hello-flag SOLVED 8 RRRRRRRR"));
}

#[test]
fn device_time_is_reported_when_the_adapter_has_timestamps() {
    let Some((gpu, life)) = life_gpu() else { return };
    let r = life.run(gpu, &Batch::from_fields(&[random_field(64, 64, true, 40, 1)]), 8).unwrap();
    assert_eq!(r.device_ns.is_some(), gpu.timestamps, "{}", gpu.describe());
    eprintln!("{}: timestamps {}, device time {:?} ns", gpu.describe(), gpu.timestamps, r.device_ns);
}

/// The campaign solver's batch step on the GPU gives the CPU's scores, so the
/// solver's answer is the same: the same actions, candidates evaluated and
/// enemy cells left on the first level, and the same scores on a batch of
/// another level's candidate fields (a size that is not a power of two).
#[test]
fn the_campaign_solver_answers_alike_on_gpu_and_cpu() {
    use retrace_kernel::life::solve::{solve, BatchEval, CpuEval, Options};
    let Some(gpu) = gpu_for_tests("life solver on the gpu") else { return };
    let mut on_gpu = retrace_gpu::life::GpuStepper::new(gpu).expect("the Life shader compiles");
    let levels = retrace_kernel::life::campaign::levels();
    let fields: Vec<Field> = (0..6u32)
        .map(|k| {
            let mut f = levels[3].field();
            for j in 0..5 {
                let (x, y) = ((k * 7 + j * 3) % f.w, (k * 5 + j) % f.h);
                let i = f.idx(x, y);
                f.cells[i] = 1;
            }
            f
        })
        .collect();
    assert_eq!(
        on_gpu.enemy_after(&fields, 77).unwrap(),
        CpuEval { threads: 2 }.enemy_after(&fields, 77).unwrap(),
        "scores of a {}x{} level",
        fields[0].w,
        fields[0].h
    );
    let opts = Options { max_candidates: 100_000, ..Options::default() };
    let cpu = solve(0, &opts, &mut CpuEval { threads: 2 }, &mut |_| true).unwrap();
    let gpu = solve(0, &opts, &mut on_gpu, &mut |_| true).unwrap();
    assert!(cpu.won(), "{cpu:?}");
    assert_eq!(gpu.actions, cpu.actions);
    assert_eq!((gpu.evaluated, gpu.best_enemy, gpu.stopped), (cpu.evaluated, cpu.best_enemy, cpu.stopped));
}

/// The GPU visited set, for the whole test binary (each test begins its own search on it).
fn dedup() -> Option<&'static std::sync::Mutex<GpuDedup>> {
    static D: OnceLock<Option<std::sync::Mutex<GpuDedup>>> = OnceLock::new();
    D.get_or_init(|| {
        gpu_for_tests("gpu visited set")
            .map(|g| std::sync::Mutex::new(GpuDedup::with_slots(g, 16, 1 << 22).expect("the dedup shader compiles")))
    })
    .as_ref()
}

/// Keys drawn from a pool of `pool` (so some repeat, in a batch and across
/// batches), `len` bytes each.
fn pooled_keys(len: usize, count: usize, pool: u32, r: &mut retrace_kernel::rng::Rng) -> Vec<u8> {
    let mut keys = Vec::with_capacity(len * count);
    for _ in 0..count {
        let mut out = vec![0u8; len];
        let mut x = blake3::Hasher::new();
        x.update(&r.below(pool).to_le_bytes());
        x.finalize_xof().fill(&mut out);
        keys.extend_from_slice(&out);
    }
    keys
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The GPU visited set answers as its twin (and so as a set of the keys'
    /// fingerprints, the first of equal keys new), with two batches in flight,
    /// across the table's growth (it starts at 16 slots), for batch sizes
    /// that are not multiples of 32 or 64; and it holds the twin's fingerprints.
    #[test]
    fn frontier_dedup_gpu_equals_its_twin(len in 1usize..=100, batches in proptest::collection::vec(0usize..3_000, 1..7), pool in 1u32..5_000, seed in any::<u64>()) {
        use retrace_gpu::frontier_dedup::{frontier_dedup_cpu, DedupTable, FIRST_KEY};
        use retrace_kernel::hashing::FrontierDedup;
        let Some(d) = dedup() else { return Ok(()) };
        let mut d = d.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        d.begin(len).unwrap();
        let mut r = retrace_kernel::rng::Rng::stream(seed, "test.dedup");
        let mut twin = DedupTable::new(1 << 16);
        let mut next = FIRST_KEY;
        let mut want = Vec::new();
        let mut got = Vec::new();
        for (i, &count) in batches.iter().enumerate() {
            let keys = pooled_keys(len, count, pool, &mut r);
            let (words, stride) = retrace_gpu::frontier_hash::pack_keys(&keys, len);
            want.push(frontier_dedup_cpu(&mut twin, &words, len as u32, stride, next).unwrap());
            next += count as u32;
            // Sent in halves (pieces), two batches in flight.
            prop_assert!(d.send(&[&keys[..count / 2 * len], &keys[count / 2 * len..]]).unwrap());
            if i % 2 == 1 {
                got.push(d.receive().unwrap());
                got.push(d.receive().unwrap());
            }
        }
        if batches.len() % 2 == 1 {
            got.push(d.receive().unwrap());
        }
        prop_assert_eq!(got, want);
        prop_assert_eq!(d.drain().unwrap(), twin.fingerprints());
    }
}

/// Every level of the shipped packs, solved with the GPU's visited set (one,
/// two and four threads, batches answered while the next is expanded; four
/// on the solver's pool of threads), gives the CPU solver's verdict, moves
/// and state count; and so does a GPU set that fills up midway and hands
/// over to the CPU's table (on one thread and, every other level, four).
#[test]
fn miau_solve_on_the_gpu_visited_set_equals_the_cpu() {
    use retrace_kernel::miau::solver::{solve_with, Options};
    let Some(d) = dedup() else { return };
    let mut d = d.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut small = GpuDedup::with_slots(gpu_for_tests("gpu visited set").unwrap(), 16, 1 << 10).unwrap();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/app/packs");
    let mut names: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    names.sort();
    let mut levels = 0;
    let mut handed_over = 0;
    for path in names {
        let pack = retrace_kernel::miau::pack::load(&std::fs::read_to_string(&path).unwrap()).0.unwrap();
        for l in &pack.levels {
            let base = Options { max_states: 300_000, ..Options::default() };
            let cpu = solve_with(&l.setup, &base, &mut CpuHasher).unwrap();
            for (threads, batch) in [(1, 0), (2, 500), (4, 1_000)] {
                let opts = Options { threads, batch, ..base.clone() };
                assert_eq!(solve_with(&l.setup, &opts, &mut *d).unwrap(), cpu, "{} {threads} threads", l.id);
            }
            // The search says where its visited set is: the GPU's first, the
            // CPU's once a full one has handed over (large searches only).
            let mut remote = Vec::new();
            let mut watch = |p: &retrace_kernel::miau::solver::Progress| {
                remote.push(p.remote);
                true
            };
            let spilled = retrace_kernel::miau::solver::solve_watched(
                &l.setup,
                &Options { batch: 200, threads: if levels % 2 == 0 { 1 } else { 4 }, ..base.clone() },
                &mut small,
                &mut watch,
            )
            .unwrap();
            assert_eq!(spilled, cpu, "{}: a full GPU set hands over", l.id);
            let states = match cpu {
                retrace_kernel::miau::solver::Verdict::Solved { states, .. }
                | retrace_kernel::miau::solver::Verdict::Unsolved { states }
                | retrace_kernel::miau::solver::Verdict::Limit { states, .. } => states,
            };
            assert_eq!(remote.first(), Some(&true), "{}: the GPU's set first", l.id);
            if states > 2_000 {
                handed_over += 1;
                assert!(remote.last() == Some(&false), "{}: {states} states, handed over", l.id);
                assert!(remote.windows(2).all(|w| w[0] || !w[1]), "{}: never back to the GPU", l.id);
            }
            levels += 1;
        }
    }
    assert!(levels >= 30, "{levels} levels");
    assert!(handed_over >= 3, "{handed_over} levels large enough to fill the small GPU table");
}

/// A timed visited set (the bench's) answers as an untimed one and reports
/// its passes' device time where the adapter has timestamps; two batches in
/// flight still answer in order.
#[test]
fn a_timed_visited_set_reports_device_time() {
    use retrace_kernel::hashing::FrontierDedup;
    let Some(gpu) = gpu_for_tests("gpu visited set timing") else { return };
    let timestamps = gpu.timestamps;
    let mut d = GpuDedup::new(gpu).unwrap();
    d.time_batches();
    d.begin(64).unwrap();
    let keys: Vec<u8> = (0..64 * 5_000).map(|i| (i / 64 % 3_000) as u8 ^ (i % 64) as u8).collect();
    assert!(d.send(&[&keys]).unwrap());
    assert!(d.send(&[&keys]).unwrap());
    let first = d.receive().unwrap();
    let second = d.receive().unwrap();
    let distinct: std::collections::BTreeSet<&[u8]> = keys.chunks(64).collect();
    assert_eq!(first.iter().filter(|&&n| n).count(), distinct.len());
    assert!(second.iter().all(|&n| !n), "all seen the second time");
    assert_eq!(d.last_device_ns.is_some(), timestamps);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    // No GPU needed: the twin against the set it stands for.

    /// The dedup twin answers as a set of the keys' fingerprints (12 bytes of
    /// the BLAKE3 of each key padded to whole blocks)
    /// (the first of equal keys new), across batches and across the
    /// table's growth (its rehash twin), and holds exactly those fingerprints.
    #[test]
    fn the_dedup_twin_answers_as_a_set(len in 1usize..=80, batches in proptest::collection::vec(0usize..300, 1..6), pool in 1u32..400, seed in any::<u64>()) {
        use retrace_gpu::frontier_dedup::{frontier_dedup_cpu, DedupTable, FIRST_KEY};
        let mut r = retrace_kernel::rng::Rng::stream(seed, "test.dedup");
        let mut table = DedupTable::new(16);
        let mut next = FIRST_KEY;
        let mut seen = std::collections::BTreeSet::new();
        for count in batches {
            let keys = pooled_keys(len, count, pool, &mut r);
            let mut slots = table.slots();
            while (seen.len() + count) * 2 > slots {
                slots *= 2;
            }
            if slots != table.slots() {
                table = table.grown(slots);
            }
            let (words, stride) = retrace_gpu::frontier_hash::pack_keys(&keys, len);
            let got = frontier_dedup_cpu(&mut table, &words, len as u32, stride, next).unwrap();
            // The fingerprint: BLAKE3 of the key zero-padded to whole blocks.
            let want: Vec<bool> = keys.chunks(len).map(|k| seen.insert(<[u8; 12]>::try_from(&blake3::hash(&retrace_kernel::hashing::padded(k)).as_bytes()[..12]).unwrap())).collect();
            prop_assert_eq!(got, want);
            next += count as u32;
        }
        prop_assert_eq!(table.fingerprints(), seen.into_iter().collect::<Vec<_>>());
    }
}

/// A search begun on a visited set whose table never grew starts from
/// nothing: keys of the search before are new again, after other keys (an
/// emptying that kept the old claims would call them seen; a table emptied
/// in place rather than made anew was tried, measured no faster, and this
/// test fails when that emptying is left out).
#[test]
fn a_visited_set_begun_again_starts_empty() {
    use retrace_kernel::hashing::FrontierDedup;
    let Some(gpu) = gpu_for_tests("gpu visited set reuse") else { return };
    let mut d = GpuDedup::with_slots(gpu, 1024, 1024).unwrap();
    // 150 different keys a set: each starts with its number and its set.
    let set = |s: u32| -> Vec<u8> {
        (0..150u32)
            .flat_map(move |k| {
                (0..56u32).map(move |j| [k as u8, s as u8][..].get(j as usize).copied().unwrap_or((k * j) as u8))
            })
            .collect()
    };
    let (a, b) = (set(1), set(2));
    d.begin(56).unwrap();
    assert!(d.check(&a).unwrap().unwrap().iter().all(|&n| n), "the first search: all new");
    d.begin(56).unwrap();
    assert!(d.check(&b).unwrap().unwrap().iter().all(|&n| n), "other keys: new");
    assert!(d.check(&a).unwrap().unwrap().iter().all(|&n| n), "the first search's keys: new again");
    assert!(d.check(&b).unwrap().unwrap().iter().all(|&n| !n), "this search's: seen");
    assert_eq!(d.slots(), 1024, "the table did not grow");
}

/// Every Life replay played with each Advance awaited on the GPU (the code
/// the web page runs, here blocked on) gives the native verification's
/// line: the same steps and final digest, with the GPU answering.
#[test]
fn life_replays_played_on_the_gpu_give_the_verified_digests() {
    let Some(gpu) = gpu_for_tests("life replays on the gpu") else { return };
    let stepper = retrace_gpu::life::GpuStepper::new(gpu).expect("the Life shaders compile");
    let root = crate::fixtures::root().join("replays");
    let mut played = 0;
    for entry in std::fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !(name.starts_with("life-") && name.ends_with(".replay")) {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let got = pollster::block_on(retrace::ui::life::replay_on_gpu(&stepper, &name, &bytes));
        let want = retrace::platform::verify_line(&name, &bytes);
        let (line, on_gpu) = got.rsplit_once(" gpu ").unwrap_or_else(|| panic!("{got}"));
        assert_eq!(line, want, "{name}");
        assert!(on_gpu.parse::<u32>().unwrap() > 0 || name.contains("certificate"), "{name}: no Advance on the GPU");
        played += 1;
    }
    assert!(played >= 4, "{played} Life replays");
}
