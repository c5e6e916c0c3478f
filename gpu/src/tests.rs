//! Tests that need no GPU: the shaders validate, and each CPU twin equals the
//! kernel's reference (so GPU parity with the twin is parity with the kernel).

use crate::frontier_hash::{frontier_hash_cpu, pack_keys};
use crate::life_step::{run_cpu, Batch};
use proptest::prelude::*;
use retrace_kernel::life::field::{step_reference, Field};

fn validate(name: &str, src: &str) {
    let module = naga::front::wgsl::parse_str(src).unwrap_or_else(|e| panic!("{name}: {}", e.emit_to_string(src)));
    naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::empty())
        .validate(&module)
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
}

#[test]
fn every_shader_validates() {
    validate("life_step.wgsl", crate::life_step::SHADER);
    validate("frontier_hash.wgsl", crate::frontier_hash::SHADER);
    validate("life_planes.wgsl", crate::life_planes::SHADER);
    validate("frontier_dedup.wgsl", crate::frontier_dedup::SHADER);
    validate("life_tiles.wgsl", crate::life_tiles::SHADER);
}

fn random_field(w: u32, h: u32, wrap: bool, density: u32, seed: u64) -> Field {
    Field::random(w, h, wrap, density, &mut retrace_kernel::rng::Rng::stream(seed, "test.gpu")).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// The bit-plane twin equals the one-word-a-cell twin (and so the
    /// kernel): cells and every generation's figures, widths across word
    /// boundaries, both edges, batches.
    #[test]
    fn the_bit_plane_twin_equals_the_cell_twin(w in 1u32..=100, h in 1u32..=40, wrap in any::<bool>(), density in 0u32..=100, seed in any::<u64>(), gens in 1u32..6, fields in 1u32..=3) {
        let batch = Batch::from_fields(&(0..fields).map(|k| random_field(w, h, wrap, density, seed ^ u64::from(k))).collect::<Vec<_>>());
        let packed = crate::life_planes::PackedBatch::from_batch(&batch);
        prop_assert_eq!(&packed.to_batch(), &batch, "packing round-trips");
        let (cells, stats) = run_cpu(&batch, gens);
        let (planes, pstats) = crate::life_planes::run_planes_cpu(&packed, gens);
        prop_assert!(planes.to_batch().cells == cells, "cells differ ({}x{} wrap {} gens {})", w, h, wrap, gens);
        prop_assert_eq!(pstats, stats);
    }

    /// The tiled twin equals the bit-plane twin: cells and every
    /// generation's figures, generations not a multiple of the halo, 1×1,
    /// tall and wide fields (narrow enough tiles that a field takes several,
    /// and wide ones whose halo is cut short), both edges, batches.
    #[test]
    fn the_tiled_twin_equals_the_bit_plane_twin(w in 1u32..=700, h in 1u32..=90, wrap in any::<bool>(), density in 0u32..=100, seed in any::<u64>(), gens in 1u32..20, fields in 1u32..=2) {
        let batch = Batch::from_fields(&(0..fields).map(|k| random_field(w, h, wrap, density, seed ^ u64::from(k))).collect::<Vec<_>>());
        let packed = crate::life_planes::PackedBatch::from_batch(&batch);
        let gens = gens.min((400_000 / (w * h * fields)).max(1));
        let (planes, stats) = crate::life_planes::run_planes_cpu(&packed, gens);
        let (tiles, tstats) = crate::life_tiles::run_tiles_cpu(&packed, gens);
        prop_assert!(tiles.planes == planes.planes, "planes differ ({}x{} wrap {} gens {})", w, h, wrap, gens);
        prop_assert_eq!(tstats, stats);
    }

    /// The Life twin equals the kernel's reference step, with the kernel's counts and hash.
    #[test]
    fn life_twin_equals_the_reference(w in 1u32..=70, h in 1u32..=70, wrap in any::<bool>(), density in 0u32..=100, seed in any::<u64>(), gens in 1u32..5) {
        let fields: Vec<Field> = (0..3).map(|k| random_field(w, h, wrap, density, seed ^ k)).collect();
        let (cells, stats) = run_cpu(&Batch::from_fields(&fields), gens);
        for (k, f) in fields.iter().enumerate() {
            let mut a = f.clone();
            let mut b = f.clone();
            for gen_stats in stats.iter().take(gens as usize) {
                step_reference(&a, &mut b);
                std::mem::swap(&mut a, &mut b);
                let s = gen_stats[k];
                prop_assert_eq!((s.p1, s.p2, s.hash), (a.counts().0, a.counts().1, a.hash()));
            }
            let n = (w * h) as usize;
            let got: Vec<u8> = cells[k * n..(k + 1) * n].iter().map(|&c| c as u8).collect();
            prop_assert_eq!(got, a.cells);
        }
    }

    /// The BLAKE3 twin equals the blake3 crate for every key length the solver uses.
    #[test]
    fn hash_twin_equals_blake3(len in 1usize..=1024, seed in any::<u64>()) {
        let mut r = retrace_kernel::rng::Rng::stream(seed, "test.keys");
        let keys: Vec<u8> = (0..len * 3).map(|_| r.below(256) as u8).collect();
        let (words, stride) = pack_keys(&keys, len);
        for k in 0..3 {
            let got = frontier_hash_cpu(&words[k * stride..(k + 1) * stride], len as u32);
            prop_assert_eq!(got, *blake3::hash(&keys[k * len..(k + 1) * len]).as_bytes());
        }
    }
}

#[test]
fn hash_twin_block_boundaries() {
    for len in [1usize, 3, 4, 5, 63, 64, 65, 127, 128, 129, 1023, 1024] {
        let keys: Vec<u8> = (0..len).map(|i| (i * 7 + len) as u8).collect();
        let (words, _) = pack_keys(&keys, len);
        assert_eq!(frontier_hash_cpu(&words, len as u32), *blake3::hash(&keys).as_bytes(), "len {len}");
    }
}

/// Fields too wide for a halo of eight take a shorter one (down to one
/// generation a dispatch), and the widest none at all (the caller falls
/// back to the bit planes); each tiled run equals the bit-plane twin.
#[test]
fn wide_fields_take_a_shorter_halo() {
    use crate::life_tiles::{geometry, run_tiles_cpu};
    assert_eq!(geometry(10, 300), Some((8, 76, 60)), "300 wide: 76 rows a tile, 60 its own");
    assert_eq!(geometry(1, 1), Some((8, 17, 1)), "1×1: one row and its halo");
    assert_eq!(geometry(250, 9), Some((1, 3, 1)));
    assert_eq!(geometry(300, 9), None, "9,600 wide: not even a row and its halo fit");
    for (w, h, wrap, gens) in
        [(1500u32, 40u32, true, 7u32), (3000, 30, false, 5), (8000, 7, true, 3), (8000, 1, false, 2), (1, 1, true, 9)]
    {
        let batch = Batch::from_fields(&[random_field(w, h, wrap, 40, u64::from(w + h))]);
        let packed = crate::life_planes::PackedBatch::from_batch(&batch);
        let (planes, stats) = crate::life_planes::run_planes_cpu(&packed, gens);
        let (tiles, tstats) = run_tiles_cpu(&packed, gens);
        assert!(tiles.planes == planes.planes, "{w}x{h}");
        assert_eq!(tstats, stats, "{w}x{h}");
    }
}
