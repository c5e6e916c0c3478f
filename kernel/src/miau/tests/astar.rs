//! A*'s answers are shortest in every case the engine allows (issue 61 item
//! 7): its bound is 0 where no more can be proved (GOAL, a `NOUN IS NOUN`
//! rule, movable words), divides by what automata add to a turn, and its
//! state budget holds exactly.

use super::super::solver::{moves_text, solve_with, Budget, Options, SearchKind, Verdict};
use super::super::*;
use super::setup_with;
use crate::hashing::CpuHasher;
use proptest::prelude::*;

const LEGEND: &[(&str, &str)] = &[("m", "miau"), ("f", "flag"), ("c", "crate"), ("d", "dock"), ("r", "rock")];

fn opts(kind: SearchKind, states: u64) -> Options {
    Options { max_states: states, search: kind, ..Options::default() }
}

/// Each search's verdict on `setup`, the solved ones as their moves.
fn verdicts(setup: &Setup, states: u64) -> (String, String) {
    let show = |v: Verdict| match v {
        Verdict::Solved { moves, .. } => format!("SOLVED {} {}", moves.len(), moves_text(&moves)),
        Verdict::Unsolved { .. } => "UNSOLVED".into(),
        other => format!("{other:?}"),
    };
    let run = |kind| show(solve_with(setup, &opts(kind, states), &mut CpuHasher).expect("searches"));
    (run(SearchKind::Breadth), run(SearchKind::AStar))
}

/// The shortest length in a verdict line ("SOLVED 3 LLL" is 3).
fn length(line: &str) -> Option<&str> {
    line.strip_prefix("SOLVED ").and_then(|l| l.split(' ').next())
}

/// The reproduction: GOAL wins in 3 (LLL) with a WIN thing 4 cells the
/// other way; A* answered RRRR with the bound of half the WIN distance.
#[test]
fn a_goal_win_beside_a_far_flag_is_found_shortest() {
    let grid = "CRATE! IS! PUSH! . . . . . . / DOCK! IS! GOAL! . . . . . . / FLAG! IS! WIN! . . . . . . / \
                MIAU! IS! YOU! . . . . . . / d c . . m . . . f";
    let (bfs, astar) = verdicts(&setup_with(grid, LEGEND), 100_000);
    assert_eq!(bfs, "SOLVED 3 LLL");
    assert_eq!(astar, bfs);
}

/// Things that move more than a cell a turn: the YOU and the flag each
/// walk toward the other on their own beat, three cells closer a turn, so
/// 8 cells take 3 turns where half the distance said 4.
#[test]
fn automata_that_close_the_distance_keep_the_bound_below_it() {
    let walk = |id: &str, noun: &str, property: &str, dx: i32| Automaton {
        id: id.into(),
        subject: Some(noun.into()),
        property: property.into(),
        phase: 0,
        pattern: vec![Step::Move(dx, 0)],
    };
    let grid = "MIAU! IS! YOU! . . . . . . / FLAG! IS! WIN! . . . . . . / MIAU! IS! TICK! . . . . . . / \
                FLAG! IS! TOCK! . . . . . . / m . . . . . . . f";
    let setup = Setup {
        automata: vec![walk("a", "miau", "TICK", 1), walk("b", "flag", "TOCK", -1)],
        ..setup_with(grid, LEGEND)
    };
    let (bfs, astar) = verdicts(&setup, 100_000);
    assert!(bfs.starts_with("SOLVED 3 "), "{bfs}");
    assert_eq!(length(&astar), length(&bfs), "{astar} against {bfs}");
}

/// `--max 300000` stops at 300,000 states, not a few past them.
#[test]
fn a_stars_state_budget_holds_exactly() {
    let grid = "MIAU IS YOU . . . . . / . . . . . . . . / ROCK . IS . . PUSH . . / . . . m . . . . / \
                . . . . . . . . / FLAG . . IS . . WIN . / . . . . . . . f";
    let v = solve_with(&setup_with(grid, LEGEND), &opts(SearchKind::AStar, 500), &mut CpuHasher).unwrap();
    assert_eq!(v, Verdict::Limit { states: 500, ran_out: Budget::States });
}

/// A random small level: rule rows (fixed words or loose ones, with GOAL,
/// a transformation and automata by chance) above a row or two of things.
fn level(things: Vec<Vec<u8>>, goal: bool, cycle: bool, tick: Option<(i32, i32)>, fixed: bool) -> Setup {
    let w = things[0].len().max(4);
    let bang = if fixed { "!" } else { "" };
    let mut rows: Vec<String> = Vec::new();
    let mut rule = |words: [&str; 3]| {
        let mut row: Vec<String> = words.iter().map(|w| format!("{w}{bang}")).collect();
        row.resize(w, ".".into());
        rows.push(row.join(" "));
    };
    rule(["MIAU", "IS", "YOU"]);
    rule(["FLAG", "IS", "WIN"]);
    rule(["CRATE", "IS", "PUSH"]);
    if goal {
        rule(["DOCK", "IS", "GOAL"]);
    }
    if cycle {
        rule(["ROCK", "IS", "FLAG"]);
        rule(["FLAG", "IS", "ROCK"]);
    }
    let mut automata = vec![];
    if let Some((dx, dy)) = tick {
        rule(["CRATE", "IS", "TICK"]);
        automata.push(Automaton {
            id: "t".into(),
            subject: None,
            property: "TICK".into(),
            phase: 0,
            pattern: vec![Step::Move(dx, dy), Step::Wait],
        });
    }
    for row in things {
        let mut cells: Vec<String> =
            row.iter().map(|&c| [".", "m", "f", "c", "d", "r", "."][c as usize].into()).collect();
        cells.resize(w, ".".into());
        rows.push(cells.join(" "));
    }
    Setup { automata, ..setup_with(&rows.join(" / "), LEGEND) }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    /// On random levels with GOAL, TICK, pushes and cycles, A*'s length is
    /// breadth-first's, and where one proves no win so does the other; the
    /// general engine and the unpruned search say the same.
    #[test]
    fn a_star_is_as_short_as_breadth_first(
        things in prop::collection::vec(prop::collection::vec(0u8..7, 6), 1..3),
        goal in any::<bool>(),
        cycle in any::<bool>(),
        tick in prop::option::of(prop::sample::select(vec![(1, 0), (-1, 0), (0, 1), (0, -1)])),
        fixed in any::<bool>(),
    ) {
        let setup = level(things, goal, cycle, tick, fixed);
        prop_assume!(Miau::start(&setup, 0).is_ok_and(|s| !s.won));
        let (bfs, astar) = verdicts(&setup, 60_000);
        prop_assume!(!bfs.starts_with("Limit") && !astar.starts_with("Limit"));
        prop_assert_eq!(length(&astar), length(&bfs), "{} against {}\n{}", astar, bfs, setup.grid);
        prop_assert_eq!(astar == "UNSOLVED", bfs == "UNSOLVED");
        // Breadth-first on the game's own state, and unpruned, agree too.
        for (general, unpruned) in [(true, false), (false, true)] {
            let o = Options { general, unpruned, ..opts(SearchKind::Breadth, 200_000) };
            let v = solve_with(&setup, &o, &mut CpuHasher).expect("searches");
            let same = match &v {
                Verdict::Solved { moves, .. } => length(&bfs) == Some(moves.len().to_string().as_str()),
                Verdict::Unsolved { .. } => bfs == "UNSOLVED",
                _ => true,
            };
            prop_assert!(same, "general {} unpruned {}: {:?} against {}\n{}", general, unpruned, v, bfs, setup.grid);
        }
    }
}
