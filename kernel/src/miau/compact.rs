//! The solver's own compact state: the things of a level as three byte arrays
//! (column, row, kind index), a bit set of things per cell and per kind, the
//! gates' states and the automata's phases, the key itself (kept up to date
//! as things change), and the rules as tables per placement of the words
//! (each placement read once, then looked up). A move is stepped in place and
//! taken back with an undo log (only what the move changed is put back), so
//! the solver never copies a state per child; decoding a parent places only
//! the things that differ from the last one.
//!
//! It plays exactly as [`Miau::apply_in_place`](super::Miau::apply_in_place)
//! for the levels it takes (tested move by move against the game, key byte
//! for key byte, on every shipped level and on levels made to reach each
//! rule): every rule and extension, at most 128 things, fewer than 255
//! cells. Other levels are solved with the game's own `State`. Its key is the
//! solver's key (see [`Layout`](super::key::Layout)), so both engines visit the same states in
//! the same order and give the same answers.
//!
//! By concern: `level.rs` what the level gives every state of it (its
//! tables, and a reading's), `reading.rs` the rule readings, `state.rs` the state, its key
//! and its undo, `turn.rs` the turn.

mod level;
mod reading;
mod state;
mod turn;

pub use level::{Level, MAX_THINGS};
pub use state::{Compact, Mark};

#[cfg(test)]
mod tests;
