//! MineLayer: reversed Minesweeper. The field opens with clue numbers already
//! shown, and the player lays a mine on every square where one must be. Every
//! field has exactly one solution. Design notes: `mines/README.md`.
//!
//! `game.rs` holds the `Game` (setup, actions, state, digest); `field.rs`
//! the field and its clues, `solver.rs` the exact counter, `flips.rs` the
//! generator's uniqueness checks, `generator.rs` the unique-field generator, `tier.rs` the tiers, `share.rs` the share
//! card, `stats.rs` the statistics.

pub mod daily;
pub mod field;
pub mod flips;
mod game;
pub mod generator;
pub mod share;
pub mod solver;
pub mod stats;
pub mod tier;

pub use game::{Action, Event, Mark, MineLayer, Phase, Setup, State, TIME_CAP};
pub use tier::Tier;

#[cfg(test)]
mod tests;
