//! Life: two-player territorial Conway's Life. Cells carry their player's
//! colour; newborns take the majority colour of the three live neighbours that
//! bore them. Design notes: `life/README.md`.

pub mod campaign;
pub mod field;
pub mod game;
pub mod patterns;
pub mod planes;
pub mod rle;
pub mod solve;

pub use game::{Action, Life, Phase, Setup, State, Stepper, Tool};

#[cfg(test)]
mod tests;

#[cfg(test)]
mod game_tests;
