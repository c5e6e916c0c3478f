//! MineLayer's rules tests, named after the spec's test files (01–07, 09).

use super::field::{Field, Puzzle};
use super::share::{emoji_grid, puzzle_grid, share_card, share_card_as, Picture};
use super::solver::{count_solutions, propagation_gap, Count};
use super::stats::{self, Stats};
use super::*;
use crate::game::Outcome;
use crate::session::Session;

/// Parses a puzzle from text; test fields are always well-formed.
fn puzzle(text: &str) -> Puzzle {
    Puzzle::parse(text).expect("test puzzle parses")
}

/// Checks `count_solutions(text, limit)`.
fn check_count(text: &str, limit: u64, expected: Count) {
    assert_eq!(count_solutions(&puzzle(text), limit), expected, "{text}");
}

fn new_round(tier: Tier, seed: u64) -> Session<MineLayer> {
    Session::new(Setup { tier }, seed).expect("tier is valid")
}

fn mines_of(s: &State) -> Vec<u16> {
    (0..s.field.len() as u16).filter(|&i| s.field.mine[i as usize]).collect()
}

fn safe_unknown(s: &State) -> u16 {
    (0..s.field.len() as u16)
        .find(|&i| !s.field.mine[i as usize] && !s.field.clue[i as usize])
        .expect("a safe unknown exists")
}

// ---- 01 puzzle generation ----

#[test]
fn g01_rows_and_cols_per_tier() {
    for (tier, r, c) in [(Tier::Beginner, 8, 8), (Tier::Intermediate, 10, 10), (Tier::Expert, 14, 14)] {
        let s = new_round(tier, 1);
        assert_eq!((s.state().field.rows, s.state().field.cols), (r, c));
    }
    let s = new_round(Tier::Custom { cols: 12, rows: 7, density_permille: 150 }, 1);
    assert_eq!((s.state().field.rows, s.state().field.cols), (7, 12));
}

#[test]
fn g01_every_field_is_unique_covered_exclusive_and_correct() {
    for tier in [Tier::Beginner, Tier::Intermediate, Tier::Expert] {
        let p = tier.params().unwrap();
        for seed in 0..36 {
            let s = new_round(tier, seed);
            let st = s.state();
            let f = &st.field;
            assert!(count_solutions(&f.puzzle(), 2).is_unique(), "{tier:?} seed {seed} not unique");
            assert!(f.is_covered(), "{tier:?} seed {seed} not covered");
            assert!((0..f.len()).all(|i| !(f.mine[i] && f.clue[i])), "clue on a mine");
            for i in 0..f.len() {
                if f.clue[i] {
                    let n = f.neighbours(i).filter(|&j| f.mine[j]).count() as u8;
                    assert_eq!(st.numbers[i], n);
                }
            }
            // Coverage may remove a mine only rarely; never add one.
            assert!(st.total <= p.mines() && st.total + 2 >= p.mines(), "{tier:?} seed {seed}: {} mines", st.total);
        }
    }
}

#[test]
fn g01_generation_is_deterministic_and_seed_dependent() {
    let a = new_round(Tier::Expert, 5).state().field.clone();
    let b = new_round(Tier::Expert, 5).state().field.clone();
    let c = new_round(Tier::Expert, 6).state().field.clone();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn g01_generated_fields_are_clue_minimal() {
    for (tier, seed) in [(Tier::Beginner, 3), (Tier::Intermediate, 4), (Tier::Expert, 5)] {
        let f = new_round(tier, seed).state().field.clone();
        for i in 0..f.len() {
            if f.clue[i] {
                let mut g = f.clone();
                g.clue[i] = false;
                assert!(!count_solutions(&g.puzzle(), 2).is_unique(), "{tier:?}: clue {i} was removable");
            }
        }
    }
}

#[test]
fn g01_difficulty_targets_are_met_for_the_fixed_tiers() {
    for tier in [Tier::Beginner, Tier::Intermediate, Tier::Expert] {
        let p = tier.params().unwrap();
        for seed in 0..10 {
            let f = new_round(tier, seed).state().field.clone();
            let gap = propagation_gap(&f.puzzle());
            assert!(gap >= p.min_gap, "{tier:?} seed {seed}: gap {gap}");
            assert!(f.unknowns() * 1000 >= p.min_unknown_permille * p.cells());
        }
    }
}

#[test]
fn g01_custom_fields_keep_the_same_guarantees() {
    let tier = Tier::Custom { cols: 16, rows: 9, density_permille: 250 };
    let f = new_round(tier, 2).state().field.clone();
    assert!(count_solutions(&f.puzzle(), 2).is_unique());
    assert!(f.is_covered());
    assert!(Session::<MineLayer>::new(Setup { tier: Tier::Custom { cols: 40, rows: 9, density_permille: 250 } }, 1)
        .is_err());
}

/// The boards of issue 47 (Tatham's 16x16n40 and 30x16n99) keep every
/// guarantee under the flip search: unique and clue-minimal, as the
/// independent counter judges them, and covered.
#[test]
fn g01_the_benchmark_boards_are_unique_and_minimal() {
    for (tier, seed) in [("16x16:0.156", 1u64), ("16x16:0.156", 2), ("30x16:0.206", 3), ("30x16:0.206", 4)] {
        let f = new_round(Tier::parse(tier).unwrap(), seed).state().field.clone();
        assert!(count_solutions(&f.puzzle(), 2).is_unique(), "{tier} seed {seed} not unique");
        assert!(f.is_covered(), "{tier} seed {seed} not covered");
        for i in (0..f.len()).filter(|&i| f.clue[i]) {
            let mut g = f.clone();
            g.clue[i] = false;
            assert!(!count_solutions(&g.puzzle(), 2).is_unique(), "{tier} seed {seed}: clue {i} was removable");
        }
    }
}

// ---- 02 solver ----

#[test]
fn s02_all_clue_board_has_one_solution() {
    check_count("000\n000\n000", 10, Count::Exact(1));
}

#[test]
fn s02_clueless_board_has_many() {
    // 4 unconstrained unknowns: 16 placements.
    check_count("..\n..", 100, Count::Exact(16));
    check_count("..\n..", 2, Count::Limit);
}

#[test]
fn s02_exact_counts_below_the_limit() {
    // One mine among the 3 unknowns next to the 1: three ways.
    check_count("1..\n000", 100, Count::Exact(0));
    check_count("1.\n..", 100, Count::Exact(3));
    check_count("1.\n..", 1, Count::Limit);
    check_count("2.\n..", 100, Count::Exact(3));
}

#[test]
fn s02_contradictions_give_zero() {
    check_count("3.\n00", 10, Count::Exact(0));
    check_count("1.0", 10, Count::Exact(0));
}

#[test]
fn s02_independent_components_multiply() {
    // Two separate 1-of-2 components: 2 × 2.
    check_count(".1001.\n.1001.", 100, Count::Exact(4));
    check_count(".1001.\n.1001.", 4, Count::Limit);
}

#[test]
fn s02_gap_trivial_reasoning_and_chained() {
    // Trivial: a 0 clears its neighbours, need = available forces mines.
    assert_eq!(propagation_gap(&puzzle("0.\n00")), 0);
    assert_eq!(propagation_gap(&puzzle("1.\n11")), 0);
    // Needs two clues at once: 1-2-1 pattern left undecided by single-clue rules.
    assert_eq!(propagation_gap(&puzzle("...\n121")), 3);
    // Chained: the 0 clears a cell, which makes the 1 force the last.
    assert_eq!(propagation_gap(&puzzle("0..\n001")), 0);
}

/// Brute force: every placement of mines on unknowns, checked against every clue.
fn brute_force(p: &Puzzle) -> u64 {
    let unknown: Vec<usize> = (0..p.cells.len()).filter(|&i| p.cells[i].is_none()).collect();
    let mut count = 0;
    for mask in 0u64..(1 << unknown.len()) {
        let mut mine = vec![false; p.cells.len()];
        for (b, &i) in unknown.iter().enumerate() {
            mine[i] = mask >> b & 1 == 1;
        }
        let ok = (0..p.cells.len()).all(|i| match p.cells[i] {
            Some(n) => super::field::neighbours(p.rows, p.cols, i).filter(|&j| mine[j]).count() as u8 == n,
            None => true,
        });
        count += u64::from(ok);
    }
    count
}

#[test]
fn s02_exact_against_brute_force_on_many_small_fields() {
    let mut rng = crate::rng::Rng::stream(1, "test.bruteforce");
    for case in 0..400 {
        let rows = 1 + rng.below(4) as u16;
        let cols = 1 + rng.below(5) as u16;
        let n = rows as usize * cols as usize;
        let mut f = Field::empty(rows, cols);
        for i in 0..n {
            f.mine[i] = rng.chance(1, 3);
            f.clue[i] = !f.mine[i] && rng.chance(1, 2);
        }
        let mut p = f.puzzle();
        // Sometimes perturb a clue so contradictions are tested too.
        if case % 5 == 0 {
            if let Some(i) = (0..n).find(|&i| p.cells[i].is_some()) {
                p.cells[i] = Some((p.cells[i].unwrap() + 1) % 9);
            }
        }
        let truth = brute_force(&p);
        let limit = 1 + u64::from(rng.below(40));
        let expected = if truth >= limit { Count::Limit } else { Count::Exact(truth) };
        assert_eq!(count_solutions(&p, limit), expected, "case {case}: {p:?} limit {limit}");
    }
}

#[test]
fn s02_the_text_form_reports_row_and_column() {
    assert_eq!(Puzzle::parse("12.\n9..").unwrap_err(), "row 2, column 1: a clue is 0 to 8, not 9");
    assert_eq!(
        Puzzle::parse("12.\n1x.").unwrap_err(),
        "row 2, column 2: 'x' is not a cell (use 0-8 for clues, '.' or '*' for unknown cells)"
    );
    assert_eq!(Puzzle::parse("12.\n1.").unwrap_err(), "row 2, column 3: the row is 2 cells wide, expected 3");
    assert_eq!(Puzzle::parse("\n\n").unwrap_err(), "row 1, column 1: the field is empty");
    let p = Puzzle::parse("1*\n..\n\nmines 1 clues 1 gap 0 unknown 3\n").unwrap();
    assert_eq!((p.rows, p.cols, p.cells), (2, 2, vec![Some(1), None, None, None]));
}

// ---- 03 state machine ----

#[test]
fn r03_a_new_round_is_ready_and_empty() {
    let s = new_round(Tier::Beginner, 1);
    let st = s.state();
    assert_eq!(st.phase, Phase::Ready);
    assert_eq!((st.laid, st.started_ms, st.failed), (0, None, None));
    assert!(st.marks.iter().all(|&m| m == Mark::None));
    assert_eq!(s.outcome(), Outcome::InProgress);
}

#[test]
fn r03_the_first_mine_starts_the_timer() {
    let mut s = new_round(Tier::Beginner, 1);
    let m = mines_of(s.state())[0];
    let ev = s.push(Action::Toggle { cell: m, ms: 5_000 }).unwrap();
    assert_eq!(ev, [Event::TimerStarted, Event::Laid(m)]);
    assert_eq!(s.state().phase, Phase::Playing);
    assert_eq!(s.state().started_ms, Some(5_000));
    assert_eq!(s.state().seconds_at(7_999), 2);
}

#[test]
fn r03_laying_every_mine_wins_with_the_time() {
    let mut s = new_round(Tier::Beginner, 2);
    let mines = mines_of(s.state());
    for (k, &m) in mines.iter().enumerate() {
        let ev = s.push(Action::Toggle { cell: m, ms: 1_000 + 1_500 * k as u32 }).unwrap();
        assert_eq!(
            ev.iter().any(|e| matches!(e, Event::Won(_))),
            k + 1 == mines.len(),
            "win fires only on the last mine"
        );
    }
    let secs = 1_500 * (mines.len() as u32 - 1) / 1000;
    assert_eq!(s.state().phase, Phase::Won);
    assert_eq!(
        s.outcome(),
        Outcome::Won(format!("Field secured — all {} mines laid in {secs} s.", mines.len()).into())
    );
}

#[test]
fn r03_a_mine_on_a_safe_square_kills_and_keeps_the_failed_cell() {
    let mut s = new_round(Tier::Beginner, 3);
    let safe = safe_unknown(s.state());
    let q = (0..s.state().field.len() as u16)
        .rev()
        .find(|&i| !s.state().field.mine[i as usize] && !s.state().field.clue[i as usize] && i != safe)
        .unwrap();
    s.push(Action::Cycle { cell: q }).unwrap();
    s.push(Action::Cycle { cell: q }).unwrap(); // a question mark on a safe cell
    assert_eq!(s.push(Action::Toggle { cell: safe, ms: 10 }).unwrap(), [Event::TimerStarted, Event::Died(safe)]);
    let st = s.state();
    assert_eq!(st.phase, Phase::Dead);
    assert_eq!(st.failed, Some(safe));
    assert_eq!(st.marks[safe as usize], Mark::Mine, "the misplaced mine is kept for the picture");
    assert_eq!(st.marks[q as usize], Mark::None, "question marks on safe cells are cleared");
    assert_eq!(st.mines_left(), st.total - 1);
    assert!(matches!(s.outcome(), Outcome::Lost(_)));
}

#[test]
fn r03_reveal_solution_surrenders_without_a_record() {
    let mut s = new_round(Tier::Beginner, 4);
    s.push(Action::Reveal { ms: 100 }).unwrap();
    let st = s.state();
    assert_eq!(st.phase, Phase::GaveUp);
    for i in 0..st.field.len() {
        if !st.field.clue[i] {
            assert_eq!(st.marks[i] == Mark::Mine, st.field.mine[i]);
        }
    }
    assert_eq!(stats::record(st, "2026-11-29"), None);
    assert_eq!(s.outcome(), Outcome::Ended("solution revealed".into()));
}

#[test]
fn r03_actions_after_the_end_are_rejected() {
    let mut s = new_round(Tier::Beginner, 5);
    let safe = safe_unknown(s.state());
    s.push(Action::Toggle { cell: safe, ms: 0 }).unwrap();
    let before = s.digest();
    for a in [Action::Toggle { cell: 0, ms: 1 }, Action::Cycle { cell: 0 }, Action::Reveal { ms: 2 }] {
        assert_eq!(s.push(a).unwrap_err().0, "the round is over; start a new field");
    }
    assert_eq!(s.digest(), before);
}

#[test]
fn r03_time_cannot_go_backwards() {
    let mut s = new_round(Tier::Beginner, 6);
    let m = mines_of(s.state());
    s.push(Action::Toggle { cell: m[0], ms: 500 }).unwrap();
    assert!(s
        .push(Action::Toggle { cell: m[1], ms: 499 })
        .unwrap_err()
        .0
        .to_string()
        .starts_with("time went backwards"));
}

// ---- 04 interaction ----

#[test]
fn i04_clues_ignore_clicks() {
    let mut s = new_round(Tier::Beginner, 7);
    let clue = (0..s.state().field.len() as u16).find(|&i| s.state().field.clue[i as usize]).unwrap();
    assert_eq!(s.push(Action::Toggle { cell: clue, ms: 0 }).unwrap_err().0, "clues are fixed");
    assert_eq!(s.push(Action::Cycle { cell: clue }).unwrap_err().0, "clues are fixed");
    assert_eq!(s.step(), 0);
}

#[test]
fn i04_a_laid_mine_is_picked_up_by_a_second_click() {
    let mut s = new_round(Tier::Beginner, 8);
    let m = mines_of(s.state())[0];
    s.push(Action::Toggle { cell: m, ms: 0 }).unwrap();
    assert_eq!(s.push(Action::Toggle { cell: m, ms: 10 }).unwrap(), [Event::PickedUp(m)]);
    assert_eq!(s.state().laid, 0);
    assert_eq!(s.state().marks[m as usize], Mark::None);
    assert_eq!(s.state().phase, Phase::Playing);
}

#[test]
fn i04_marks_cycle_none_safe_question_none() {
    let mut s = new_round(Tier::Beginner, 9);
    let c = safe_unknown(s.state());
    let mut seen = vec![];
    for _ in 0..3 {
        s.push(Action::Cycle { cell: c }).unwrap();
        seen.push(s.state().marks[c as usize]);
    }
    assert_eq!(seen, [Mark::Safe, Mark::Question, Mark::None]);
    assert_eq!(s.state().phase, Phase::Ready, "marks do not start the timer");
}

#[test]
fn i04_a_laid_mine_cannot_be_flagged_and_a_mine_overwrites_marks() {
    let mut s = new_round(Tier::Beginner, 10);
    let m = mines_of(s.state())[0];
    s.push(Action::Cycle { cell: m }).unwrap();
    s.push(Action::Cycle { cell: m }).unwrap();
    assert_eq!(s.state().marks[m as usize], Mark::Question);
    s.push(Action::Toggle { cell: m, ms: 0 }).unwrap();
    assert_eq!(s.state().marks[m as usize], Mark::Mine);
    assert!(s.push(Action::Cycle { cell: m }).unwrap_err().0.to_string().starts_with("a laid mine cannot be flagged"));
}

#[test]
fn i04_cells_off_the_field_are_rejected() {
    let mut s = new_round(Tier::Beginner, 11);
    assert_eq!(s.push(Action::Toggle { cell: 64, ms: 0 }).unwrap_err().0, "cell 64 is off the 8×8 field");
}

// ---- 05 assist and HUD (kernel part) ----

#[test]
fn a05_sat_and_over_cues_on_clues_only() {
    let mut s = new_round(Tier::Beginner, 12);
    let st = s.state().clone();
    // A clue with at least one mine around it.
    let clue = (0..st.field.len()).find(|&i| st.field.clue[i] && st.numbers[i] > 0).unwrap();
    assert!(!st.sat(clue));
    for j in st.field.neighbours(clue).filter(|&j| st.field.mine[j]).collect::<Vec<_>>() {
        s.push(Action::Toggle { cell: j as u16, ms: 0 }).unwrap();
    }
    assert!(s.state().sat(clue));
    assert!(!s.state().over(clue));
    // Over-mining is unreachable in play (the extra mine kills); set it directly.
    let mut direct = s.state().clone();
    let extra = direct.field.neighbours(clue).find(|&j| !direct.field.mine[j] && !direct.field.clue[j]);
    if let Some(extra) = extra {
        direct.marks[extra] = Mark::Mine;
        assert!(direct.over(clue));
        assert!(!direct.sat(clue));
    }
    let unknown = safe_unknown(&st) as usize;
    assert!(!st.sat(unknown) && !st.over(unknown), "cues never colour shut cells");
}

#[test]
fn a05_timer_caps_at_999_and_mines_left_never_goes_negative() {
    let mut s = new_round(Tier::Beginner, 13);
    let mines = mines_of(s.state());
    s.push(Action::Toggle { cell: mines[0], ms: 0 }).unwrap();
    assert_eq!(s.state().seconds_at(5_000_000).min(TIME_CAP), 999);
    let mut st = s.state().clone();
    st.laid = st.total + 3;
    assert_eq!(st.mines_left(), 0);
    for (k, &m) in mines.iter().enumerate().skip(1) {
        s.push(Action::Toggle { cell: m, ms: 2_000_000 + k as u32 }).unwrap();
    }
    assert!(s.outcome().to_string().contains("in 999 s."), "{}", s.outcome());
}

// ---- 06 stats ----

fn won_round(seed: u64) -> Session<MineLayer> {
    let mut s = new_round(Tier::Beginner, seed);
    for (k, m) in mines_of(s.state()).into_iter().enumerate() {
        s.push(Action::Toggle { cell: m, ms: 1000 * k as u32 }).unwrap();
    }
    s
}

#[test]
fn t06_records_win_and_loss_fields() {
    let s = won_round(14);
    let r = stats::record(s.state(), "2026-11-29").unwrap();
    assert_eq!(
        r,
        stats::Record {
            result: stats::Outcome::Win,
            tier: "beginner".into(),
            mines: s.state().total,
            seconds: s.state().total - 1,
            date: "2026-11-29".into()
        }
    );
    let mut d = new_round(Tier::Expert, 14);
    let safe = safe_unknown(d.state());
    d.push(Action::Toggle { cell: safe, ms: 0 }).unwrap();
    let r = stats::record(d.state(), "2026-11-30").unwrap();
    assert_eq!((r.result, r.tier.as_str(), r.seconds), (stats::Outcome::Loss, "expert", 0));
    assert_eq!(stats::record(new_round(Tier::Beginner, 1).state(), "x"), None);
}

#[test]
fn a_streak_counts_the_wins_in_a_row_on_its_tier() {
    let rec = |result, tier: &str| stats::Record { result, tier: tier.into(), mines: 10, seconds: 9, date: "d".into() };
    let (w, l) = (stats::Outcome::Win, stats::Outcome::Loss);
    let mut st = Stats::default();
    assert_eq!(st.streak("beginner"), 0);
    for r in [rec(w, "beginner"), rec(l, "beginner"), rec(w, "beginner"), rec(l, "expert"), rec(w, "beginner")] {
        st.push(r);
    }
    assert_eq!(st.streak("beginner"), 2, "a loss on another tier breaks nothing");
    assert_eq!(st.streak("expert"), 0);
    st.push(rec(l, "beginner"));
    assert_eq!(st.streak("beginner"), 0);
}

#[test]
fn t06_keeps_the_newest_200_and_round_trips() {
    let mut st = Stats::default();
    for k in 0..250u32 {
        st.push(stats::Record {
            result: stats::Outcome::Win,
            tier: "expert".into(),
            mines: 39,
            seconds: k,
            date: "2026-11-29".into(),
        });
    }
    assert_eq!(st.records.len(), 200);
    assert_eq!(st.records[0].seconds, 50);
    assert_eq!(Stats::from_text(&st.to_text()), st);
    assert_eq!(st.summary("expert"), stats::Summary { played: 200, won: 200, best_seconds: Some(50) });
}

#[test]
fn t06_corrupt_text_reads_as_empty() {
    for junk in
        ["", "{not json", "minelayer.stats.v1\nwin expert x 1 d", "minelayer.stats.v1\nwin\n", "minelayer.stats.v2\n"]
    {
        assert_eq!(Stats::from_text(junk), Stats::default(), "{junk:?}");
    }
}

// ---- 07 soak ----

#[test]
fn k07_full_win_loops_across_tiers_and_death_loops() {
    for k in 0..10u64 {
        let tier = [Tier::Beginner, Tier::Intermediate, Tier::Expert][k as usize % 3];
        let mut s = new_round(tier, 100 + k);
        let total = s.state().total;
        for m in mines_of(s.state()) {
            s.push(Action::Toggle { cell: m, ms: 0 }).unwrap();
            assert_eq!(s.state().total, total, "the total never changes under interaction");
        }
        assert_eq!(s.state().phase, Phase::Won);
    }
    for k in 0..50u64 {
        let mut s = new_round(Tier::Beginner, 200 + k);
        let safe = safe_unknown(s.state());
        s.push(Action::Toggle { cell: safe, ms: 0 }).unwrap();
        assert_eq!(s.state().phase, Phase::Dead);
    }
}

#[test]
fn k07_mark_cycle_stress() {
    let mut s = new_round(Tier::Beginner, 300);
    let c = safe_unknown(s.state());
    for _ in 0..999 {
        s.push(Action::Cycle { cell: c }).unwrap();
    }
    assert_eq!(s.state().marks[c as usize], Mark::None);
    assert_eq!(s.state().phase, Phase::Ready);
}

// ---- 09 share card ----

#[test]
fn h09_share_card_is_pinned_byte_for_byte() {
    let mut s = won_round(15);
    // A flag and a question mark are not possible after the win; build them first.
    let mut fresh = new_round(Tier::Beginner, 15);
    let safe: Vec<u16> =
        (0..64).filter(|&i| !fresh.state().field.mine[i as usize] && !fresh.state().field.clue[i as usize]).collect();
    fresh.push(Action::Cycle { cell: safe[0] }).unwrap();
    fresh.push(Action::Cycle { cell: safe[1] }).unwrap();
    fresh.push(Action::Cycle { cell: safe[1] }).unwrap();
    for (k, m) in mines_of(fresh.state()).into_iter().enumerate() {
        fresh.push(Action::Toggle { cell: m, ms: 3_000 + 4_000 * k as u32 }).unwrap();
    }
    std::mem::swap(&mut s, &mut fresh);
    let card = share_card(s.state(), "en").unwrap();
    let lines: Vec<&str> = card.lines().collect();
    assert_eq!(lines[0], "MineLayer — Reversed Minesweeper");
    assert_eq!(
        lines[1],
        format!("I laid all {} mines on Beginner in {} s.", s.state().total, 4 * (s.state().total - 1))
    );
    assert_eq!(lines[2], "");
    assert_eq!(lines[3..11].join("\n"), emoji_grid(s.state()));
    assert_eq!(lines[11], "");
    assert_eq!(lines[12], "Every field has exactly one solution. Can you find it? Play MineLayer in Retrace.");
    assert_eq!(lines.len(), 13);
    assert_eq!(card, PINNED_EN_CARD, "the whole card, byte for byte");
    assert!(card.contains("🚩") && card.contains("❓") && card.contains("💣"));
    assert_eq!(share_card(new_round(Tier::Beginner, 1).state(), "en"), None, "only a won round has a card");
    // The puzzle picture (Retrace's default): the same card with the clues
    // only, every other square ⬜: no mine and none of the player's marks.
    let puzzle = share_card_as(s.state(), "en", Picture::Puzzle).unwrap();
    assert_eq!(puzzle, PINNED_EN_PUZZLE, "the puzzle card, byte for byte");
    assert_eq!(puzzle.lines().nth(3), Some(puzzle_grid(s.state()).lines().next().unwrap()));
    assert!(!puzzle.contains("🚩") && !puzzle.contains("❓") && !puzzle.contains("💣"));
    let (a, b): (Vec<&str>, Vec<&str>) = (card.lines().collect(), puzzle.lines().collect());
    assert_eq!((a[..3].to_vec(), a[11..].to_vec()), (b[..3].to_vec(), b[11..].to_vec()), "only the field differs");
}

const PINNED_EN_PUZZLE: &str = "MineLayer — Reversed Minesweeper\nI laid all 10 mines on Beginner in 36 s.\n\n⬜1\u{fe0f}\u{20e3}⬜⬜⬜⬜⬜⬜\n2\u{fe0f}\u{20e3}⬜1\u{fe0f}\u{20e3}⬜⬜1\u{fe0f}\u{20e3}⬜1\u{fe0f}\u{20e3}\n1\u{fe0f}\u{20e3}⬜⬜1\u{fe0f}\u{20e3}⬜⬜2\u{fe0f}\u{20e3}⬜\n⬜⬜⬜⬜⬜⬜⬜⬜\n⬜1\u{fe0f}\u{20e3}3\u{fe0f}\u{20e3}⬜⬜⬜0\u{fe0f}\u{20e3}⬜\n⬜⬜2\u{fe0f}\u{20e3}2\u{fe0f}\u{20e3}⬜⬜⬜⬜\n⬜⬜⬜⬜⬜0\u{fe0f}\u{20e3}0\u{fe0f}\u{20e3}⬜\n1\u{fe0f}\u{20e3}2\u{fe0f}\u{20e3}⬜1\u{fe0f}\u{20e3}⬜⬜⬜⬜\n\nEvery field has exactly one solution. Can you find it? Play MineLayer in Retrace.";

const PINNED_EN_CARD: &str = "MineLayer — Reversed Minesweeper\nI laid all 10 mines on Beginner in 36 s.\n\n💣1\u{fe0f}\u{20e3}🚩❓⬜⬜⬜⬜\n2\u{fe0f}\u{20e3}⬜1\u{fe0f}\u{20e3}⬜⬜1\u{fe0f}\u{20e3}⬜1\u{fe0f}\u{20e3}\n1\u{fe0f}\u{20e3}💣⬜1\u{fe0f}\u{20e3}⬜💣2\u{fe0f}\u{20e3}💣\n⬜⬜⬜💣⬜⬜⬜⬜\n⬜1\u{fe0f}\u{20e3}3\u{fe0f}\u{20e3}💣💣⬜0\u{fe0f}\u{20e3}⬜\n⬜💣2\u{fe0f}\u{20e3}2\u{fe0f}\u{20e3}⬜⬜⬜⬜\n💣⬜⬜⬜⬜0\u{fe0f}\u{20e3}0\u{fe0f}\u{20e3}⬜\n1\u{fe0f}\u{20e3}2\u{fe0f}\u{20e3}💣1\u{fe0f}\u{20e3}⬜⬜⬜⬜\n\nEvery field has exactly one solution. Can you find it? Play MineLayer in Retrace.";

#[test]
fn h09_share_card_in_every_language() {
    let s = won_round(16);
    let st = s.state();
    let secs = st.final_seconds();
    let expect = [
        ("en", "I laid all {m} mines on Beginner in {t} s."),
        ("zh", "我在初级难度用 {t} 秒布下了全部 {m} 颗地雷。"),
        ("es", "Coloqué las {m} minas en Principiante en {t} s."),
        ("de", "Ich habe alle {m} Minen auf Anfänger in {t} s gelegt."),
        ("fr", "J'ai posé les {m} mines en Débutant en {t} s."),
        ("ru", "Я расставил все {m} мин на уровне «Новичок» за {t} с."),
        ("ja", "初級で {m} 個の地雷をすべて {t} 秒で置きました。"),
        ("ko", "초급 난이도에서 지뢰 {m}개를 모두 {t}초 만에 놓았습니다."),
        ("pt", "I laid all {m} mines on Beginner in {t} s."),
        ("zh-CN", "我在初级难度用 {t} 秒布下了全部 {m} 颗地雷。"),
    ];
    for (lang, hook) in expect {
        let card = share_card(st, lang).unwrap();
        let want = hook.replace("{m}", &st.total.to_string()).replace("{t}", &secs.to_string());
        assert_eq!(card.lines().nth(1), Some(want.as_str()), "{lang}");
    }
}

#[test]
fn h09_keycaps_cover_every_clue_number() {
    let mut f = Field::empty(3, 3);
    for i in [0, 1, 2, 3, 5, 6, 7, 8] {
        f.mine[i] = true;
    }
    f.clue[4] = true;
    let numbers = (0..9).map(|i| if f.clue[i] { f.number(i) } else { 0 }).collect();
    let st = State {
        tier: Tier::Beginner,
        total: 8,
        field: f,
        numbers,
        marks: vec![Mark::Mine; 9],
        phase: Phase::Won,
        laid: 8,
        started_ms: Some(0),
        last_ms: 0,
        ended_ms: Some(0),
        failed: None,
        attempt: 1,
    };
    assert_eq!(emoji_grid(&st), "💣💣💣\n💣8️⃣💣\n💣💣💣");
}

/// Regression: `mines count --limit L` counted every component in full before
/// comparing with L (a random 1024×1024 field took minutes). Now every
/// component is only checked to have a solution, and 22 free cells already
/// make 1,000 solutions: no component is counted further.
#[test]
fn a_count_stops_as_soon_as_it_reaches_its_limit() {
    use super::solver::count_solutions_watched;
    let p = puzzle("1.........\n..........\n.........1");
    let mut asked = 0;
    let got = count_solutions_watched(&p, 1000, &mut || {
        asked += 1;
        true
    });
    assert_eq!(got, Count::Limit);
    assert_eq!(asked, 2, "one question per component, in the existence pass only");
    // The same field's exact count, and a stop asked for.
    assert_eq!(count_solutions(&p, u64::MAX), Count::Exact(3 * 3 * (1 << 22)));
    assert_eq!(count_solutions_watched(&p, 1000, &mut || false), Count::Stopped);
    // A component without a solution makes the count 0 whatever the free cells.
    assert_eq!(count_solutions(&puzzle("4.........\n..........\n.........1"), 1000), Count::Exact(0));
}

/// The generator's remembered uniqueness checks answer exactly as
/// `count_solutions(p, 2).is_unique()`: on generated fields and on the same
/// fields with clues taken away one by one (what minimisation asks), one memo
/// across them all, as the generator keeps one.
#[test]
fn the_uniqueness_memo_answers_as_the_full_count() {
    use super::solver::UniqueMemo;
    let mut memo = UniqueMemo::default();
    let mut asked = (0, 0);
    for (tier, seeds) in [(Tier::Beginner, 0..6u64), (Tier::Expert, 0..3), (Tier::parse("20x16:0.2").unwrap(), 0..2)] {
        for seed in seeds {
            let mut rng = crate::rng::Rng::stream(seed, "mines.field");
            let g = super::generator::generate(&tier.params().unwrap(), &mut rng);
            let mut f = g.field.clone();
            let clues: Vec<usize> = (0..f.len()).filter(|&i| f.clue[i]).collect();
            for (k, &i) in clues.iter().enumerate() {
                let p = f.puzzle();
                let full = count_solutions(&p, 2).is_unique();
                assert_eq!(memo.is_unique(&p, &f.mine), full, "{tier:?} seed {seed}, {k} clues removed");
                // Without the known solution (one that does not solve the field) it counts.
                let wrong = vec![false; f.len()];
                assert_eq!(UniqueMemo::default().is_unique(&p, &wrong), full, "{tier:?} seed {seed}, unguided");
                if full {
                    asked.0 += 1;
                } else {
                    asked.1 += 1;
                }
                f.clue[i] = false;
            }
        }
    }
    assert!(asked.0 > 0 && asked.1 > 0, "both answers were exercised: {asked:?}");
}

/// The flip search answers every check as `count_solutions(p, 2).is_unique()`
/// does, on random fields taken through what the generator asks: clues added
/// one at a time until unique ([`Flips::grow_check`]), then removed one at a
/// time, put back when the field stops being unique
/// ([`Flips::still_unique_without`]). The frozen cells it keeps across the
/// removals are always those a fresh start freezes. Fields with clues that
/// see no unknown, unknowns that touch no clue, and borders included.
#[test]
fn the_flip_search_answers_as_the_full_count() {
    use super::flips::Flips;
    let mut rng = crate::rng::Rng::stream(3, "test.flips");
    let mut asked = [0u32; 4];
    for case in 0..1000 {
        let rows = 2 + rng.below(6) as u16;
        let cols = 2 + rng.below(7) as u16;
        let n = rows as usize * cols as usize;
        let mut f = Field::empty(rows, cols);
        let density = 1 + rng.below(3);
        for i in 0..n {
            f.mine[i] = rng.chance(density, 6);
            f.clue[i] = !f.mine[i] && rng.chance(1, 4);
        }
        let mut flips = Flips::new(rows, cols, &f.mine, &f.clue);
        loop {
            let truth = count_solutions(&f.puzzle(), 2).is_unique();
            assert_eq!(flips.grow_check(), Some(truth), "case {case}, growing: {:?}", f.puzzle());
            asked[usize::from(truth)] += 1;
            let safe: Vec<usize> = (0..n).filter(|&i| !f.mine[i] && !f.clue[i]).collect();
            if truth || safe.is_empty() {
                break;
            }
            let a = safe[rng.index(safe.len())];
            f.clue[a] = true;
            flips.add_clue(a);
        }
        if !count_solutions(&f.puzzle(), 2).is_unique() {
            continue;
        }
        let mut clues: Vec<usize> = (0..n).filter(|&i| f.clue[i]).collect();
        rng.shuffle(&mut clues);
        flips.start_removals();
        for c in clues {
            f.clue[c] = false;
            let truth = count_solutions(&f.puzzle(), 2).is_unique();
            assert_eq!(flips.still_unique_without(c), Some(truth), "case {case}, without {c}: {:?}", f.puzzle());
            asked[2 + usize::from(truth)] += 1;
            if !truth {
                f.clue[c] = true;
                flips.put_back(c);
            }
            let mut fresh = Flips::new(rows, cols, &f.mine, &f.clue);
            fresh.start_removals();
            assert_eq!(flips.frozen(), fresh.frozen(), "case {case}: the frozen cells after clue {c}");
        }
    }
    assert!(asked.iter().all(|&k| k > 20), "every answer of both checks was exercised: {asked:?}");
}

/// At its node cap a check answers `None` rather than guessing, and the
/// generator then asks the exact counter: a tiny cap gives the same fields.
#[test]
fn a_capped_flip_search_hands_over_to_the_exact_count() {
    use super::flips::Flips;
    use super::generator::{generate, generate_with_cap};
    // A 1 between two unknowns: the mine can trade places, which takes a
    // search node to find.
    let mut f = Field::empty(1, 3);
    f.mine[0] = true;
    f.clue[1] = true;
    let mut flips = Flips::new(1, 3, &f.mine, &f.clue).with_cap(0);
    assert_eq!(flips.grow_check(), None);
    let mut flips = Flips::new(1, 3, &f.mine, &f.clue);
    assert_eq!(flips.grow_check(), Some(false));
    for (tier, seed) in [(Tier::Beginner, 5u64), (Tier::Intermediate, 6), (Tier::parse("12x10:0.2").unwrap(), 7)] {
        let params = tier.params().unwrap();
        let plain = generate(&params, &mut crate::rng::Rng::stream(seed, "mines.field"));
        let capped = generate_with_cap(&params, &mut crate::rng::Rng::stream(seed, "mines.field"), 2);
        assert_eq!(plain, capped, "{tier:?} seed {seed}");
    }
}
