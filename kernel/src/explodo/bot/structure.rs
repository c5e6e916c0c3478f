//! The lab's structure measures of a level: what its board is made of, as
//! the lab reports it beside the bots' runs.

use super::super::board::Diag;
use super::super::board::DIRS;
use super::super::route::costs_a_life;
use super::super::{Action, Explodo, State};
use super::timeline::timeline;
use crate::game::Game;

/// What a position offers, measured without a bot judging (the lab's
/// `structure` experiment): every count uses the real rules on copies and the
/// careful bot's look-ahead for "survivable".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Structure {
    /// Bomb placements (a bomb each way; Throw and RPG when owned) after
    /// which a way to stay alive exists.
    pub survivable_bombs: u32,
    /// Tiles you can stand on within 3 turns (steps, Run, Diagonal and Slide
    /// when owned), without losing a life.
    pub reach3: u32,
    /// Actions (every kind you own, each way) after which a way to stay alive
    /// exists.
    pub safe_actions: u32,
}

/// Measures `s` for the lab's `structure` experiment (no dialog open).
pub fn structure(s: &State) -> Structure {
    let mut out = Structure::default();
    let mut every: Vec<Action> = vec![Action::Wait];
    for d in DIRS {
        every.extend([Action::Move(d), Action::Bomb(d), Action::Run(d), Action::Slide(d), Action::Kick(d)]);
        every.extend([Action::Throw(d), Action::Rpg(d)]);
    }
    every.extend([Diag::UpLeft, Diag::UpRight, Diag::DownLeft, Diag::DownRight].map(Action::Diagonal));
    for a in every {
        let mut next = s.clone();
        if Explodo::apply(&mut next, &a).is_err() || costs_a_life(s, &next) || next.run.level != s.run.level {
            continue;
        }
        let horizon = next.bombs.list.iter().map(|b| b.fuse).max().unwrap_or(0).max(1) + 2;
        let safe = timeline(&next, horizon).escape(next.player.at);
        if safe {
            out.safe_actions += 1;
            if matches!(a, Action::Bomb(_) | Action::Throw(_) | Action::Rpg(_)) {
                out.survivable_bombs += 1;
            }
        }
    }
    // Breadth-first, one copy per tile reached, three turns deep.
    let mut seen = vec![s.player.at];
    let mut layer = vec![s.clone()];
    for _ in 0..3 {
        let mut next_layer = Vec::new();
        for st in &layer {
            for a in crate::explodo::route::moves(st) {
                let mut next = st.clone();
                if Explodo::apply(&mut next, &a).is_err() || costs_a_life(st, &next) || next.run.level != st.run.level {
                    continue;
                }
                if !seen.contains(&next.player.at) {
                    seen.push(next.player.at);
                    next.run.dialogs.clear();
                    next_layer.push(next);
                }
            }
        }
        layer = next_layer;
    }
    out.reach3 = seen.len() as u32 - 1;
    out
}
