//! Tests of `solve.rs`.

use super::*;
use crate::life::campaign::levels;
use crate::session::Session;

fn quick() -> Options {
    Options { max_candidates: 200_000, ..Options::default() }
}

/// The first level («Разминка»: a block, a beehive and a blinker in an
/// open field) is won, and its actions replay to the win through the
/// ordinary session.
#[test]
fn the_warm_up_level_is_won_and_its_actions_replay_to_the_win() {
    let r = solve(0, &quick(), &mut CpuEval { threads: 1 }, &mut |_| true).unwrap();
    assert!(r.won(), "{r:?}");
    let mut s = Session::<Life>::new(Setup::Campaign { level: 0 }, 0).unwrap();
    for a in &r.actions {
        s.push(*a).unwrap();
    }
    assert!(matches!(Life::outcome(s.state()), crate::game::Outcome::Won(_)), "{:?}", Life::outcome(s.state()));
    assert!(r.used <= levels()[0].budget);
}

/// Same candidates, same scores, same answer on one thread and on three
/// (the batch split differently), on a level that needs more than one
/// placement.
#[test]
fn the_answer_does_not_depend_on_the_thread_count() {
    let one = solve(1, &quick(), &mut CpuEval { threads: 1 }, &mut |_| true).unwrap();
    let three = solve(1, &quick(), &mut CpuEval { threads: 3 }, &mut |_| true).unwrap();
    assert_eq!(one.actions, three.actions);
    assert_eq!((one.evaluated, one.best_enemy, one.stopped), (three.evaluated, three.best_enemy, three.stopped));
}

/// A hint from the warm-up level's start is placements that the game
/// accepts and that leave no enemy after the horizon; a hint after the
/// commit (not a placing position) is refused with a reason.
#[test]
fn a_hint_is_placements_the_game_accepts() {
    let s = Session::<Life>::new(Setup::Campaign { level: 0 }, 0).unwrap();
    let h = hint(s.state(), &quick(), &mut CpuEval { threads: 2 }, &mut |_| true).unwrap();
    assert!(!h.actions.is_empty() && !h.cells.is_empty(), "{h:?}");
    assert_eq!(h.enemy_after, 0);
    let mut t = s.clone();
    for a in &h.actions {
        t.push(*a).unwrap();
    }
    assert_eq!(t.state().used[0] as usize, h.cells.len());
    t.push(Action::Commit).unwrap();
    assert!(hint(t.state(), &quick(), &mut CpuEval { threads: 1 }, &mut |_| true).is_err());
}

/// «Издалека» (a Gosper gun, enemies outside the zone): the narrow search
/// gets stuck with 12 enemy cells out of reach; the wide one (ships from
/// everywhere, whole fields) wins it, and its actions replay to the win.
#[test]
fn the_wide_search_wins_the_gosper_gun_level() {
    let level = levels().iter().position(|l| l.name == "Издалека").unwrap() as u16;
    let narrow = solve(level, &quick(), &mut CpuEval { threads: 2 }, &mut |_| true).unwrap();
    assert_eq!(narrow.stopped, Some(Stopped::Stuck), "{narrow:?}");
    let opts = Options { wide: true, ..quick() };
    let wide = solve(level, &opts, &mut CpuEval { threads: 2 }, &mut |_| true).unwrap();
    assert!(wide.won() && wide.wide, "{wide:?}");
    let mut s = Session::<Life>::new(Setup::Campaign { level }, 0).unwrap();
    for a in &wide.actions {
        s.push(*a).unwrap();
    }
    assert!(matches!(Life::outcome(s.state()), crate::game::Outcome::Won(_)));
}

/// A watcher that says stop ends the search with Time, not a panic.
#[test]
fn a_stopped_search_says_time() {
    let r = solve(2, &quick(), &mut CpuEval { threads: 1 }, &mut |_| false).unwrap();
    assert_eq!(r.stopped, Some(Stopped::Time));
    assert!(!r.won());
}

/// A search stopped mid-round still plays what it had chosen: the
/// placements are committed and run, and the report says where that left
/// the enemy (or that it won).
#[test]
fn a_search_stopped_mid_round_plays_its_placements() {
    let mut calls = 0;
    let r = solve(2, &quick(), &mut CpuEval { threads: 2 }, &mut |_| {
        calls += 1;
        calls <= 40
    })
    .unwrap();
    assert!(r.won() || r.stopped == Some(Stopped::Time), "{r:?}");
    assert!(r.actions.contains(&Action::Commit), "the chosen placements were played: {r:?}");
    assert!(r.best_enemy < r.start_enemy, "{r:?}");
}

/// Extinction is absorbing, so stopping early on it gives the full count.
#[test]
fn the_early_extinction_stop_matches_the_full_run() {
    let l = &levels()[0];
    let f = l.field();
    let mut p = Planes::from_field(&f);
    for _ in 0..100 {
        p.step();
    }
    assert_eq!(enemy_after_cpu(&f, 100), p.counts().1);
}
