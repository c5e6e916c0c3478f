//! The solver: breadth-first search over U, D, L, R and W, so a found solution
//! is a shortest one. Each layer's new states are keyed by fixed-length bytes
//! and hashed in one batch through a `FrontierHasher` (BLAKE3 on the CPU, or
//! the GPU's twin): the answers are identical with every backend.
//!
//! Bytes kept per visited state: 16 (the first 16 bytes of the key's BLAKE3,
//! in the visited set) + 8 (the parent index and the move, in the tree), plus
//! the set's overhead; the states of the current layer are kept whole.

use super::board::Kind;
use super::{Action, Miau, Setup, State};
use crate::game::{Game, Rejection};
use crate::hashing::FrontierHasher;
use std::collections::HashSet;

/// The moves, in the order they are tried.
pub const MOVES: [Action; 5] = [Action::Up, Action::Down, Action::Left, Action::Right, Action::Wait];

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A shortest solution and the states visited.
    Solved {
        /// The moves.
        moves: Vec<Action>,
        /// States visited.
        states: u64,
    },
    /// Every reachable state was visited and none wins: a proof.
    Unsolved {
        /// States visited.
        states: u64,
    },
    /// The budget ran out first: no proof either way.
    Limit {
        /// States visited.
        states: u64,
    },
}

impl Verdict {
    /// `SOLVED <n> <moves>`, `UNSOLVED <states>` or `LIMIT <states>`.
    pub fn line(&self) -> String {
        match self {
            Verdict::Solved { moves, .. } => format!("SOLVED {} {}", moves.len(), moves_text(moves)),
            Verdict::Unsolved { states } => format!("UNSOLVED {states}"),
            Verdict::Limit { states } => format!("LIMIT {states}"),
        }
    }
}

/// Moves as `UDLRW` letters.
pub fn moves_text(moves: &[Action]) -> String {
    moves
        .iter()
        .map(|a| match a {
            Action::Up => 'U',
            Action::Down => 'D',
            Action::Left => 'L',
            Action::Right => 'R',
            Action::Wait => 'W',
        })
        .collect()
}

/// A state's key: for each thing of the start state (by its stable id), 0xFF
/// when gone, else its column, row and kind index; then the win flag. All
/// keys of a level have the same length.
pub struct Keyer {
    ids: Vec<String>,
    kinds: Vec<Kind>,
}

impl Keyer {
    fn new(start: &State) -> Keyer {
        let mut kinds: Vec<Kind> = start.board.things.iter().map(|t| t.kind.clone()).collect();
        // Every noun a thing may become: every noun word on the board.
        for t in &start.board.things {
            if let Kind::Word(super::board::Word::Noun(n)) = &t.kind {
                kinds.push(Kind::Object(n.clone()));
            }
        }
        kinds.sort();
        kinds.dedup();
        Keyer { ids: start.board.things.iter().map(|t| t.id.clone()).collect(), kinds }
    }

    /// Bytes per key.
    pub fn len(&self) -> usize {
        self.ids.len() * 3 + 1
    }

    /// Always false: a level has at least its win flag.
    pub fn is_empty(&self) -> bool {
        false
    }

    fn key(&self, s: &State, out: &mut Vec<u8>) {
        for id in &self.ids {
            match s.board.things.iter().find(|t| &t.id == id) {
                Some(t) => {
                    let k = self.kinds.iter().position(|k| *k == t.kind).unwrap_or(255) as u8;
                    out.extend_from_slice(&[t.x as u8, t.y as u8, k]);
                }
                None => out.extend_from_slice(&[0xFF, 0xFF, 0xFF]),
            }
        }
        out.push(s.won as u8);
    }
}

/// Solves a level, visiting at most `max_states` states.
pub fn solve(setup: &Setup, max_states: u64, hasher: &mut dyn FrontierHasher) -> Result<Verdict, Rejection> {
    let start = Miau::start(setup, 0)?;
    if start.won {
        return Ok(Verdict::Solved { moves: Vec::new(), states: 1 });
    }
    let keyer = Keyer::new(&start);
    let mut key = Vec::with_capacity(keyer.len());
    keyer.key(&start, &mut key);
    let first = hasher.hash_batch(&key, keyer.len()).map_err(Rejection::new)?;
    let mut seen: HashSet<[u8; 16]> = HashSet::new();
    seen.insert(first[0][..16].try_into().expect("16 bytes"));
    // parents[i] = (parent index, move); index 0 is the start.
    let mut parents: Vec<(u32, u8)> = vec![(u32::MAX, 0)];
    let mut layer: Vec<(u32, State)> = vec![(0, start)];
    while !layer.is_empty() {
        let mut next_states: Vec<(u32, u8, State)> = Vec::new();
        let mut keys: Vec<u8> = Vec::new();
        for (index, s) in &layer {
            for (m, a) in MOVES.iter().enumerate() {
                let mut t = s.clone();
                if Miau::apply(&mut t, a).is_err() {
                    continue;
                }
                keyer.key(&t, &mut keys);
                next_states.push((*index, m as u8, t));
            }
        }
        if next_states.is_empty() {
            break;
        }
        let hashes = hasher.hash_batch(&keys, keyer.len()).map_err(Rejection::new)?;
        let mut layer_next = Vec::new();
        for ((parent, m, t), h) in next_states.into_iter().zip(hashes) {
            if !seen.insert(h[..16].try_into().expect("16 bytes")) {
                continue;
            }
            let idx = parents.len() as u32;
            parents.push((parent, m));
            if t.won {
                let mut moves = Vec::new();
                let mut at = idx;
                while at != 0 {
                    let (p, mv) = parents[at as usize];
                    moves.push(MOVES[mv as usize]);
                    at = p;
                }
                moves.reverse();
                return Ok(Verdict::Solved { moves, states: parents.len() as u64 });
            }
            if parents.len() as u64 >= max_states {
                return Ok(Verdict::Limit { states: parents.len() as u64 });
            }
            layer_next.push((idx, t));
        }
        layer = layer_next;
    }
    Ok(Verdict::Unsolved { states: parents.len() as u64 })
}
