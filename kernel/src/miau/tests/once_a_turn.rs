//! Transformations apply once a turn (rules v8), after everything has moved,
//! in the game and in the solver's compact twin alike. Under v7 every settle
//! transformed: a cycle such as ROCK IS FLAG and FLAG IS ROCK flipped again
//! when a word sank, when an idle automaton beat, or when something crumbled,
//! so the same move flipped a thing once or twice by what else happened.

use super::super::solver::{moves_text, solve, Verdict};
use super::super::*;
use super::{play, setup_with};
use crate::hashing::CpuHasher;

const LEGEND: &[(&str, &str)] =
    &[("m", "miau"), ("r", "rock"), ("f", "flag"), ("w", "wall"), ("c", "crate"), ("a", "water"), ("o", "mouse")];

/// An automaton that stands still on every beat (pattern `W`) for `mouse`.
fn idle_mouse() -> Vec<Automaton> {
    vec![Automaton {
        id: "idle".into(),
        subject: Some("mouse".into()),
        property: "TICK".into(),
        phase: 0,
        pattern: vec![Step::Wait],
    }]
}

fn level(grid: &str, automata: Vec<Automaton>) -> Setup {
    Setup { automata, ..setup_with(grid, LEGEND) }
}

/// The noun of the thing that starts on the last row's column `x` (found
/// by its id), once the level has started and after each of `moves`
/// (space-separated: L R U D W).
fn nouns_of(setup: Setup, x: i32, moves: &str) -> Vec<String> {
    let mut s = play(setup);
    let last = s.state().board.h - 1;
    let id = s
        .state()
        .board
        .things
        .iter()
        .find(|t| (t.x, t.y) == (x, last) && matches!(t.kind, board::Kind::Object(_)))
        .expect("a thing there")
        .id;
    let noun = |s: &crate::session::Session<Miau>| {
        let t = s.state().board.things.iter().find(|t| t.id == id).expect("still there");
        match &t.kind {
            board::Kind::Object(n) => n.to_string(),
            other => format!("{other:?}"),
        }
    };
    let mut out = vec![noun(&s)];
    for m in moves.split_whitespace() {
        let a = match m {
            "L" => Action::Left,
            "R" => Action::Right,
            "U" => Action::Up,
            "D" => Action::Down,
            _ => Action::Wait,
        };
        s.push(a).unwrap_or_else(|e| panic!("{m}: {e}"));
        out.push(noun(&s));
    }
    out
}

/// A two-noun cycle flips once a turn: by a wait, and by a push.
#[test]
fn a_cycle_flips_once_a_turn_by_a_push() {
    let grid = "MIAU IS YOU . . . / ROCK IS FLAG . . . / FLAG IS ROCK . . . / CRATE IS PUSH . . . / m c . . r .";
    assert_eq!(nouns_of(level(grid, vec![]), 4, "R R W"), ["flag", "rock", "flag", "rock"]);
}

/// A push that sinks a crate elsewhere the same turn: still one flip (v7
/// flipped the rock again when the sinking settled the rules).
#[test]
fn a_cycle_flips_once_when_something_sinks_that_turn() {
    let grid = "MIAU IS YOU . . . / ROCK IS FLAG . . . / FLAG IS ROCK . . . / CRATE IS PUSH . . . / WATER IS SINK . . . / m c a . r .";
    assert_eq!(nouns_of(level(grid, vec![]), 4, "R W"), ["flag", "rock", "flag"]);
}

/// An idle automaton beats every turn: still one flip (v7 flipped again
/// after its beat).
#[test]
fn a_cycle_flips_once_beside_an_idle_automaton() {
    let grid = "MIAU IS YOU . . . / ROCK IS FLAG . . . / FLAG IS ROCK . . . / MOUSE IS TICK . . . / m . o . r .";
    assert_eq!(nouns_of(level(grid, idle_mouse()), 4, "W W R"), ["flag", "rock", "flag", "rock"]);
}

/// Three nouns in a cycle: a pass follows the chain to its end and stops
/// before repeating a noun, once a turn, with or without an automaton.
#[test]
fn a_three_noun_cycle_moves_one_pass_a_turn() {
    let grid = "MIAU IS YOU . . . / ROCK IS FLAG . . . / FLAG IS WALL . . . / WALL IS ROCK . . . / MOUSE IS TICK . . . / m . o . r .";
    let want = ["wall", "flag", "rock", "wall"];
    assert_eq!(nouns_of(level(grid, vec![]), 4, "W W W"), want);
    assert_eq!(nouns_of(level(grid, idle_mouse()), 4, "W W W"), want);
}

/// The player in the cycle: it flips once a turn as it walks.
#[test]
fn a_cycle_through_the_player_flips_it_once_a_turn() {
    let grid = "MIAU IS ROCK . . . / ROCK IS MIAU . . . / MIAU IS YOU . . . / ROCK IS YOU . . . / MOUSE IS TICK . . . / m . . o . .";
    for automata in [vec![], idle_mouse()] {
        assert_eq!(nouns_of(level(grid, automata), 0, "R R W"), ["rock", "miau", "rock", "miau"]);
    }
}

/// The level that takes two moves (right onto the rock as it turns back,
/// then a wait for it to be the WIN flag again) takes two with an idle
/// automaton too, in the solver's compact twin (v7 solved it in one).
#[test]
fn an_idle_automaton_does_not_shorten_a_cycle_level() {
    let grid =
        "MIAU IS YOU . . / FLAG IS WIN . . / ROCK IS FLAG . . / FLAG IS ROCK . . / MOUSE IS TICK . . / m r . . o";
    for automata in [vec![], idle_mouse()] {
        let v = solve(&level(grid, automata.clone()), 100_000, &mut CpuHasher).expect("solves");
        let Verdict::Solved { moves, .. } = &v else { panic!("{v:?}") };
        assert_eq!(moves_text(moves), "RW", "automata: {}", automata.len());
    }
}
