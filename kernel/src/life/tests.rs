//! Life's rules tests: Conway, colour inheritance, edges, the two CPU steps,
//! the stamps' known behaviour, RLE.

use super::field::{majority, step_reference, Field, DEAD, P1, P2};
use super::patterns::{self, PATTERNS};
use super::planes::{step_fast, Planes};
use super::rle;
use proptest::prelude::*;

/// A field from rows: `.` dead, `1`/`2` players.
fn field(rows: &[&str], wrap: bool) -> Field {
    let mut f = Field::new(rows[0].len() as u32, rows.len() as u32, wrap).unwrap();
    for (y, r) in rows.iter().enumerate() {
        for (x, ch) in r.bytes().enumerate() {
            f.cells[y * r.len() + x] = match ch {
                b'1' => P1,
                b'2' => P2,
                _ => DEAD,
            };
        }
    }
    f
}

fn show(f: &Field) -> Vec<String> {
    (0..f.h).map(|y| (0..f.w).map(|x| b".12"[f.get(x, y) as usize] as char).collect()).collect()
}

/// n generations with the reference step.
fn run_ref(f: &Field, n: u32) -> Field {
    let mut a = f.clone();
    let mut b = f.clone();
    for _ in 0..n {
        step_reference(&a, &mut b);
        std::mem::swap(&mut a, &mut b);
    }
    a
}

/// n generations with the fast step.
fn run(f: &Field, n: u32) -> Field {
    let mut p = Planes::from_field(f);
    for _ in 0..n {
        p.step();
    }
    p.to_field()
}

/// Checks one reference generation from `rows` against `expected`.
fn check(rows: &[&str], wrap: bool, expected: &[&str]) {
    let got = run_ref(&field(rows, wrap), 1);
    assert_eq!(show(&got), expected, "from {rows:?}");
    assert_eq!(run(&field(rows, wrap), 1), got, "fast differs from reference on {rows:?}");
}

#[test]
fn conway_birth_survival_death() {
    check(&["1.1", "...", ".1."], false, &["...", ".1.", "..."]); // birth at exactly 3
    check(&["11.", "...", "..."], false, &["...", "...", "..."]); // death below 2
    check(&["111", "111", "..."], false, &["1.1", "1.1", ".1."]); // death above 3, survival at 2-3
    check(&["11", "11"], false, &["11", "11"]); // block
    check(&["...", "111", "..."], false, &[".1.", ".1.", ".1."]); // blinker
}

#[test]
fn newborns_take_the_majority_colour_and_survivors_keep_theirs() {
    check(&["1.1", "...", ".2."], false, &["...", ".1.", "..."]); // 1,1,2 → 1
    check(&["2.1", "...", ".2."], false, &["...", ".2.", "..."]); // 1,2,2 → 2
    check(&["12", "21"], false, &["12", "21"]); // a block of mixed colours keeps them
    assert_eq!(majority(1, 1), P1, "a tie goes to the lowest id");
    assert_eq!(majority(1, 2), P2);
}

#[test]
fn hard_edges_and_the_torus_seam() {
    // A vertical blinker on the left edge: hard edges lose the off-board birth.
    let rows = ["1....", "1....", "1....", "....."];
    check(&rows, false, &[".....", "11...", ".....", "....."]);
    // On a torus the west neighbour of column 0 is column 4: birth through the seam.
    check(&rows, true, &[".....", "11..1", ".....", "....."]);
}

#[test]
fn tiny_toruses_count_wrapped_offsets_like_the_reference() {
    for rows in [&["1"][..], &["11"], &["1", "1"], &["12", "21"], &["1.2"], &["1", ".", "2"]] {
        let f = field(rows, true);
        assert_eq!(run(&f, 3), run_ref(&f, 3), "{rows:?}");
    }
}

fn random_field(w: u32, h: u32, wrap: bool, density: u32, seed: u64) -> Field {
    Field::random(w, h, wrap, density, &mut crate::rng::Rng::stream(seed, "test.life")).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The fast step equals the reference bit for bit: odd and even sizes, 1 to 300, both edges.
    #[test]
    fn fast_step_equals_reference(w in 1u32..=300, h in 1u32..=300, wrap in any::<bool>(), density in 0u32..=100, seed in any::<u64>(), gens in 1u32..4) {
        let f = random_field(w, h, wrap, density, seed);
        let a = run_ref(&f, gens);
        let b = run(&f, gens);
        prop_assert_eq!(&a, &b);
        let p = Planes::from_field(&a);
        prop_assert_eq!(p.counts(), a.counts());
        prop_assert_eq!(p.hash(), a.hash());
        let mut c = f.clone();
        step_fast(&f, &mut c);
        prop_assert_eq!(c, run_ref(&f, 1));
    }
}

#[test]
fn widths_around_word_boundaries() {
    for w in [63, 64, 65, 127, 128, 129] {
        for wrap in [false, true] {
            let f = random_field(w, 7, wrap, 40, u64::from(w));
            assert_eq!(run(&f, 5), run_ref(&f, 5), "w {w} wrap {wrap}");
        }
    }
}

#[test]
fn the_hash_sees_colour_and_position() {
    let a = field(&["1.", ".."], false);
    let b = field(&["2.", ".."], false);
    let c = field(&[".1", ".."], false);
    assert_ne!(a.hash(), b.hash());
    assert_ne!(a.hash(), c.hash());
    assert_eq!(field(&["..", ".."], false).hash(), 0);
}

// ---- stamps ----

/// The pattern `id` stamped at (x, y) on an empty w×h hard-edged field.
fn stamped(id: &str, w: u32, h: u32, x: u32, y: u32) -> Field {
    let (_, p) = patterns::find(id).unwrap();
    let mut f = Field::new(w, h, false).unwrap();
    for (dx, dy) in p.cells() {
        let i = f.idx(x + dx, y + dy);
        f.cells[i] = P1;
    }
    f
}

fn live(f: &Field) -> Vec<(i64, i64)> {
    (0..f.cells.len())
        .filter(|&i| f.cells[i] != DEAD)
        .map(|i| (i64::from(i as u32 % f.w), i64::from(i as u32 / f.w)))
        .collect()
}

/// True when `b` is `a` moved by (dx, dy).
fn moved(a: &Field, b: &Field, dx: i64, dy: i64) -> bool {
    let mut la: Vec<_> = live(a).into_iter().map(|(x, y)| (x + dx, y + dy)).collect();
    let mut lb = live(b);
    la.sort();
    lb.sort();
    !la.is_empty() && la == lb
}

fn period(id: &str) -> Option<u32> {
    let f = stamped(id, 60, 60, 22, 22);
    let mut g = f.clone();
    for p in 1..=30 {
        g = run(&g, 1);
        if g == f {
            return Some(p);
        }
    }
    None
}

#[test]
fn there_are_thirty_stamps_in_five_groups() {
    assert_eq!(PATTERNS.len(), 30);
    for g in patterns::GROUPS {
        assert!(PATTERNS.iter().any(|p| p.group == g));
    }
    // Groups are contiguous, in menu order.
    let order: Vec<usize> =
        PATTERNS.iter().map(|p| patterns::GROUPS.iter().position(|&g| g == p.group).unwrap()).collect();
    assert!(order.windows(2).all(|w| w[0] <= w[1]));
    let mut ids: Vec<&str> = PATTERNS.iter().map(|p| p.id).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 30);
}

#[test]
fn stamp_sizes_and_cell_counts() {
    let expect = [
        ("block", 2, 2, 4),
        ("beehive", 4, 3, 6),
        ("loaf", 4, 4, 7),
        ("blinker", 3, 1, 3),
        ("pulsar", 13, 13, 48),
        ("pentadecathlon", 10, 3, 12),
        ("glider", 3, 3, 5),
        ("lwss", 5, 4, 9),
        ("mwss", 6, 5, 11),
        ("hwss", 7, 5, 13),
        ("loafer", 9, 9, 20),
        ("diehard", 8, 3, 7),
        ("acorn", 7, 3, 7),
        ("rabbits", 7, 3, 9),
        ("gosper", 36, 9, 36),
        ("simkin", 33, 21, 36),
        ("canoe", 5, 5, 8),
        ("carrier", 4, 3, 6),
        ("eater", 4, 4, 7),
    ];
    for (id, w, h, n) in expect {
        let (_, p) = patterns::find(id).unwrap();
        assert_eq!((p.size(), p.cells().len()), ((w, h), n), "{id}");
    }
}

#[test]
fn still_lifes_stay() {
    for p in PATTERNS.iter().filter(|p| p.group == patterns::Group::StillLife) {
        assert_eq!(period(p.id), Some(1), "{}", p.id);
    }
}

#[test]
fn oscillator_periods() {
    for (id, p) in [("blinker", 2), ("toad", 2), ("beacon", 2), ("clock", 2), ("pulsar", 3), ("pentadecathlon", 15)] {
        assert_eq!(period(id), Some(p), "{id}");
    }
}

#[test]
fn spaceships_move() {
    let g = stamped("glider", 40, 40, 10, 10);
    assert!(moved(&g, &run(&g, 4), 1, 1), "glider (1,1) per 4");
    for id in ["lwss", "mwss", "hwss"] {
        let f = stamped(id, 60, 40, 40, 15);
        assert!(moved(&f, &run(&f, 4), -2, 0), "{id}: period 4, shift 2");
    }
    let f = stamped("loafer", 60, 40, 40, 15);
    assert!(moved(&f, &run(&f, 7), -1, 0), "loafer: period 7, shift 1");
}

#[test]
fn diehard_dies_at_generation_130() {
    let f = stamped("diehard", 80, 80, 36, 38);
    assert!(run(&f, 129).counts().0 > 0, "still alive at 129");
    assert_eq!(run(&f, 130).counts(), (0, 0), "gone at 130");
}

#[test]
fn methuselahs_and_guns_grow() {
    for (id, w, gens) in [
        ("rpentomino", 120, 100),
        ("acorn", 120, 100),
        ("thunderbird", 120, 60),
        ("rabbits", 120, 100),
        ("gosper", 100, 120),
        ("simkin", 100, 240),
    ] {
        let f = stamped(id, w, w, w / 2 - 18, w / 2 - 10);
        let before = f.counts().0;
        let after = run(&f, gens).counts().0;
        assert!(after > before, "{id}: {before} → {after}");
    }
}

#[test]
fn rotation_turns_clockwise_and_four_turns_are_identity() {
    let (_, blinker) = patterns::find("blinker").unwrap();
    assert_eq!(blinker.cells_rotated(0), [(0, 0), (1, 0), (2, 0)]);
    assert_eq!(blinker.cells_rotated(1), [(0, 0), (0, 1), (0, 2)], "3×1 → 1×3");
    for p in &PATTERNS {
        let mut base = p.cells();
        base.sort_by_key(|&(x, y)| (y, x));
        assert_eq!(p.cells_rotated(4), base, "{}", p.id);
        assert_eq!(p.cells_rotated(1).len(), base.len());
    }
    let (_, glider) = patterns::find("glider").unwrap();
    // .1. / ..1 / 111 turned clockwise is 1.. / 1.1 / 11.
    assert_eq!(glider.cells_rotated(1), [(0, 0), (0, 1), (2, 1), (0, 2), (1, 2)]);
}

// ---- RLE ----

#[test]
fn rle_reads_golly_and_writes_it_back() {
    let p = rle::parse("#N glider\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n").unwrap();
    assert_eq!((p.w, p.h), (3, 3));
    assert_eq!(p.cells, [(1, 0, P1), (2, 1, P1), (0, 2, P1), (1, 2, P1), (2, 2, P1)]);
    let two = rle::parse("x = 4, y = 2\n.AB$2B.A!").unwrap();
    assert_eq!(two.cells, [(1, 0, P1), (2, 0, P2), (0, 1, P2), (1, 1, P2), (3, 1, P1)]);
    let f = field(&["....", ".12.", "....", "2..1"], true);
    let text = rle::write(&f);
    assert_eq!(text, "x = 4, y = 4, rule = B3/S23:T4,4\n$.AB2$B2.A!\n");
    let back = rle::parse(&text).unwrap();
    let mut g = Field::new(4, 4, true).unwrap();
    for (x, y, c) in back.cells {
        let i = g.idx(x, y);
        g.cells[i] = c;
    }
    assert_eq!(g, f);
    assert_eq!(rle::write(&field(&["11", ".."], false)), "x = 2, y = 2, rule = B3/S23\n2o!\n");
}

#[test]
fn rle_errors_name_line_and_column() {
    assert_eq!(
        rle::parse("x = 3, y = 3\nbo$2bz!").unwrap_err(),
        "line 2, column 6: 'z' is not an RLE cell (use b . o A B $ !)"
    );
    assert_eq!(
        rle::parse("x = 2, y = 1\n3o!").unwrap_err(),
        "line 2, column 2: a cell at (2, 0) lies outside the declared 2×1"
    );
    assert_eq!(rle::parse("#only a comment\n").unwrap_err(), "line 1, column 1: no `x = W, y = H` header");
    assert!(rle::parse("x = a, y = 3\n!").unwrap_err().starts_with("line 1, column 1: `a` is not a size"));
    assert!(rle::parse("x = 3, y = 3\n2").unwrap_err().starts_with("line 2, column 1: a run count at the end"));
}

/// Regression: `x = 3, y = 3` and `1000000000o!` (26 bytes) tried to allocate
/// 2.7 GB before the size check; runs are checked against the declared size
/// as they are read, and the declared size against a field's.
#[test]
fn an_rle_run_past_the_declared_size_is_refused_before_it_is_stored() {
    assert_eq!(
        rle::parse("x = 3, y = 3\n1000000000o!").unwrap_err(),
        "line 2, column 11: a cell at (999999999, 0) lies outside the declared 3×3"
    );
    assert_eq!(
        rle::parse("x = 3, y = 3\n10000000o!").unwrap_err(),
        "line 2, column 9: a cell at (9999999, 0) lies outside the declared 3×3"
    );
    assert_eq!(
        rle::parse("x = 3, y = 3\n3$o!").unwrap_err(),
        "line 2, column 3: a cell at (0, 3) lies outside the declared 3×3"
    );
    assert_eq!(
        rle::parse("x = 100000, y = 3\no!").unwrap_err(),
        "line 1, column 1: a pattern is at most 8192×8192 cells, not 100000×3"
    );
    // The declared size itself is fine up to a field's, and a full row reads.
    let p = rle::parse("x = 8192, y = 1\n8192o!").unwrap();
    assert_eq!(p.cells.len(), 8192);
    // A long line is read in one pass (columns counted as it goes).
    let long = format!("x = 8192, y = 1\n{}o!", "b".repeat(8000));
    assert_eq!(rle::parse(&long).unwrap().cells, vec![(8000, 0, 1)]);
}
