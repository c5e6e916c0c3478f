//! The informed searches (issue 44 part 4, the spec's F-XW8 and F-XW14):
//! best-first and A*, on the game's own state, one thread. Breadth-first
//! ([`super::search`]) stays the default and the proofs' search.
//!
//! - **A\***: the order is moves so far plus a lower bound on the moves
//!   left. The bound is 0 wherever more cannot be proved, so A\* is
//!   breadth-first by another road: while a word can move (a rule can
//!   change), with anything FRAIL (a thing can appear), with a `NOUN IS
//!   NOUN` rule (a thing changes noun every turn), when GOAL is in force (a
//!   win with no WIN thing near), and under the keke rules (MOVE things walk
//!   on their own). Otherwise the rules never change, and a turn brings a YOU
//!   and a WIN thing at most `2 + 2A` cells closer, A the level's automata:
//!   each moves one cell with the player's input (the YOU, or the WIN thing
//!   pushed) and at most one more per automaton's beat (its own TICK, or
//!   pushed by a TICK mover). Their distance over that, rounded up, is a
//!   consistent bound: its answers are shortest. (Until issue 61 the bound
//!   was half the distance whatever the level held, and A\* returned RRRR
//!   where GOAL won by LLL.)
//! - **Best-first**: the order is a guess at how far a win is (the nearest
//!   YOU to the nearest WIN thing; with no WIN or no YOU, the way to the
//!   nearest word, behind every state that has both), moves so far breaking
//!   ties. It finds long solutions on boards breadth-first cannot finish,
//!   and its answers are not claimed shortest.
//!
//! The states are the solver's keys (`Keyer`), each kept once in a sorted
//! set (no hash order to leak) and beside its parent and move; the heap orders `(priority, moves, index)`,
//! so equal priorities go in the order found: the search is deterministic.

use super::engine::{clear, Engine, Expand, General, Rules};
use super::taker::Expanded;
use super::verdict::{Budget, Options, Progress, SearchKind, Verdict, MOVES};
use crate::miau::board::{Kind, Prop, Word};
use crate::miau::key::Keyer;
use crate::miau::{Profile, State};
use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};

/// Bytes a state costs the informed searches (its key in the table twice,
/// as the set's key and in the flat list, its parent link, the heap entry,
/// the set's own overhead): the memory budget's measure.
fn bytes_per_state(key_len: usize) -> u64 {
    (2 * key_len + 48) as u64
}

/// The most cells a turn brings a YOU and a WIN thing closer, when that
/// can be proved (see the module's comment); `None` where it cannot, and
/// A*'s bound is 0. The rules can never change when every word is fixed
/// and nothing FRAIL can leave a new thing behind; nothing changes noun
/// without a `NOUN IS NOUN` rule; only WIN wins without GOAL.
fn closing_speed(start: &State) -> Option<u32> {
    let things = &start.board.things;
    let fixed = things.iter().all(|t| !matches!(t.kind, Kind::Word(_)) || t.fixed)
        && !things.iter().any(|t| t.kind == Kind::Word(Word::Prop(Prop::Frail)));
    let plain = start.profile == Profile::Miau && !start.rules.transforms() && !start.rules.mentions(Prop::Goal);
    (fixed && plain).then(|| 2 + 2 * start.automata.len() as u32)
}

/// The least Manhattan distance from a YOU to a WIN thing, if both exist.
fn you_to_win(s: &State) -> Option<u32> {
    let t = &s.board.things;
    let wins: Vec<(i32, i32)> = t.iter().filter(|w| s.rules.has(&w.kind, Prop::Win)).map(|w| (w.x, w.y)).collect();
    t.iter()
        .filter(|y| s.rules.has(&y.kind, Prop::You))
        .flat_map(|y| wins.iter().map(move |w| (y.x - w.0).unsigned_abs() + (y.y - w.1).unsigned_abs()))
        .min()
}

/// Best-first's guess at how far a win is.
fn guess(s: &State) -> u32 {
    if let Some(d) = you_to_win(s) {
        return d;
    }
    // No WIN or no YOU: the way to the nearest word, behind every state with both.
    let t = &s.board.things;
    let to_word = t
        .iter()
        .filter(|y| s.rules.has(&y.kind, Prop::You))
        .flat_map(|y| {
            t.iter()
                .filter(|w| matches!(w.kind, Kind::Word(_)))
                .map(move |w| (y.x - w.x).unsigned_abs() + (y.y - w.y).unsigned_abs())
        })
        .min();
    1_000 + to_word.unwrap_or(1_000)
}

/// A*'s lower bound (see the module's comment): the YOU-to-WIN distance
/// over the closing speed, rounded up; 0 without one.
fn bound(s: &State, speed: Option<u32>) -> u32 {
    match speed {
        Some(v) => you_to_win(s).map_or(0, |d| d.div_ceil(v)),
        None => 0,
    }
}

/// Runs the informed search `kind` from `start` (not won, not banned).
#[allow(clippy::too_many_arguments)]
pub(super) fn run(
    kind: SearchKind,
    start: &State,
    opts: &Options,
    rules: &Rules,
    keyer: &Keyer,
    key: Vec<u8>,
    watch: &mut dyn FnMut(&Progress) -> bool,
) -> Verdict {
    let key_len = key.len();
    let speed = closing_speed(start);
    let x = Expand { keyer, rules, opts, key_len, local_hash: false };
    let mut engine = General { start: start.clone(), nouns: keyer.nouns.clone() };
    let mut scratch = start.clone();
    let mut readings = Default::default();
    // Every state: its key (flat), its parent and move, its moves from the start.
    let mut keys: Vec<u8> = key.clone();
    let mut links: Vec<(u32, u8, u32)> = vec![(u32::MAX, 0, 0)];
    let mut seen: BTreeSet<Box<[u8]>> = BTreeSet::new();
    seen.insert(key.into_boxed_slice());
    let priority = |s: &State, g: u32| match kind {
        SearchKind::Best => (guess(s), g),
        _ => (g + bound(s, speed), g),
    };
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((priority(start, 0), 0u32)));
    let mut e: Expanded = Default::default();
    let limit = |states: u64| {
        if states >= opts.max_states {
            Some(Budget::States)
        } else if opts.max_bytes > 0 && states * bytes_per_state(key_len) > opts.max_bytes {
            Some(Budget::Memory)
        } else {
            None
        }
    };
    let mut expanded = 0u64;
    // The way back from a state to the start.
    let moves_to = |links: &[(u32, u8, u32)], mut at: u32| {
        let mut moves = Vec::with_capacity(links[at as usize].2 as usize);
        while at != 0 {
            let (p, m, _) = links[at as usize];
            moves.push(MOVES[m as usize]);
            at = p;
        }
        moves.reverse();
        moves
    };
    let mut goals: Vec<bool> = vec![false];
    while let Some(Reverse((_, id))) = heap.pop() {
        let states = links.len() as u64;
        // A* takes a win when it comes off the heap, so no shorter one is left behind.
        if goals[id as usize] {
            return Verdict::Solved { moves: moves_to(&links, id), states };
        }
        if let Some(ran_out) = limit(states) {
            return Verdict::Limit { states, ran_out };
        }
        expanded += 1;
        if expanded.is_multiple_of(4096) {
            let progress = Progress {
                states,
                layer: links[id as usize].2,
                bytes: states * bytes_per_state(key_len),
                remote: false,
            };
            if !watch(&progress) {
                return Verdict::Limit { states, ran_out: Budget::Time };
            }
        }
        clear(&mut e);
        let from = id as usize * key_len;
        engine.expand(&x, &mut e, &[id], &keys[from..from + key_len]);
        let g = links[id as usize].2 + 1;
        for (k, &(_, m, won)) in e.0.iter().enumerate() {
            let child = &e.1[k * key_len..(k + 1) * key_len];
            if seen.contains(child) {
                continue;
            }
            // The budget holds exactly: a state past it is never stored.
            if let Some(ran_out) = limit(links.len() as u64) {
                return Verdict::Limit { states: links.len() as u64, ran_out };
            }
            let index = links.len() as u32;
            links.push((id, m, g));
            keys.extend_from_slice(child);
            seen.insert(child.into());
            // A win needs every required rule formed (the key's last byte);
            // one without them is a dead end.
            let goal = won && child[key_len - 1] == rules.all_formed;
            goals.push(goal);
            if goal && kind == SearchKind::Best {
                return Verdict::Solved { moves: moves_to(&links, index), states: links.len() as u64 };
            }
            if goal {
                heap.push(Reverse(((g, g), index)));
                continue;
            }
            if won {
                continue;
            }
            keyer.decode(&mut scratch, start, &keyer.nouns, child, &mut readings);
            heap.push(Reverse((priority(&scratch, g), index)));
        }
    }
    Verdict::Unsolved { states: links.len() as u64 }
}
