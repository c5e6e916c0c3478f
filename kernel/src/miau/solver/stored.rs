//! A stored solution played and judged (`miau check`, `miau import`): it
//! wins, or where it goes wrong, and the step after which no win is left.

use super::super::state::State;
use super::super::types::{Action, Miau, Setup};
use super::search::solve_from;
use super::verdict::{Options, Progress, Verdict};
use crate::game::{Game, Outcome, Rejection};
use crate::hashing::FrontierHasher;

/// What playing a stored solution found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stored {
    /// It wins after this many moves (the whole solution, or fewer: the
    /// rest is not needed).
    Wins(usize),
    /// It does not win.
    Fails {
        /// Why its play ended, a sentence.
        stopped: String,
        /// Where it parts from a win.
        parted: Parted,
    },
}

/// Where a stored solution that does not win parts from a win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parted {
    /// After this many moves no win is left (0: none at the start either).
    After(usize),
    /// Where it stops, a win is still there to find.
    Never,
    /// The searches ran out of budget before they could tell.
    Unknown,
}

/// Plays `moves` from the level's start and, when they do not win, finds
/// (searches within `opts`' budget, by halving) the first number of moves
/// after which no win is left: a state from which nothing wins stays so,
/// so that number splits the moves in two.
pub fn check_stored(
    setup: &Setup,
    moves: &[Action],
    opts: &Options,
    hasher: &mut dyn FrontierHasher,
) -> Result<Stored, Rejection> {
    let mut s = Miau::start(setup, 0)?;
    let mut states: Vec<State> = vec![s.clone()];
    let mut stopped = None;
    for (i, a) in moves.iter().enumerate() {
        if s.won {
            return Ok(Stored::Wins(i));
        }
        if let Err(e) = Miau::apply(&mut s, a) {
            stopped = Some(format!("move {} ({a:?}) is refused: {}", i + 1, e.0));
            break;
        }
        states.push(s.clone());
        if let Outcome::Lost(why) = Miau::outcome(&s) {
            stopped = Some(format!("lost after move {}: {why}", i + 1));
            break;
        }
    }
    if s.won {
        return Ok(Stored::Wins(states.len() - 1));
    }
    let stopped = stopped.unwrap_or_else(|| format!("not won after its {} moves", moves.len()));
    // Winnable at state k? Yes, no, or unknown (a budget ran out).
    let mut winnable = |k: usize| -> Result<Option<bool>, Rejection> {
        Ok(match solve_from(&states[k], opts, hasher, &mut |_: &Progress| true)? {
            Verdict::Solved { .. } => Some(true),
            Verdict::Unsolved { .. } => Some(false),
            Verdict::Limit { .. } => None,
        })
    };
    let last = states.len() - 1;
    let parted = match winnable(last)? {
        Some(true) => Parted::Never,
        None => Parted::Unknown,
        Some(false) => {
            // The first k with no win left, knowing the last has none.
            let (mut lo, mut hi) = (0, last);
            let mut known = true;
            while lo < hi {
                let mid = (lo + hi) / 2;
                match winnable(mid)? {
                    Some(false) => hi = mid,
                    Some(true) => lo = mid + 1,
                    None => {
                        known = false;
                        break;
                    }
                }
            }
            if known {
                Parted::After(lo)
            } else {
                Parted::Unknown
            }
        }
    };
    Ok(Stored::Fails { stopped, parted })
}
