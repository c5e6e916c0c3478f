//! Life's screens: two-player setup, the campaign's level list, and the game
//! (hot-seat with handoffs and blind placement, tools, stamps, zones, budget,
//! running controls, edits on a stable field, end with confirmation).
//!
//! This face only declares and re-exports: the view is `view.rs`, written
//! with its field (`field.rs`) and controls (`controls.rs`).

mod answer;
mod certificates;
mod controls;
mod engine;
mod field;
pub mod help_page;
mod hint;
mod names;
mod pars;
mod setup;
mod thumbs;
mod view;
mod watched;
pub mod window;

pub use answer::{known_answer, Answer, Known, Step};
pub use engine::{replay_on_gpu, Answered};
pub use hint::HintJob;
pub use pars::PARS;
pub use setup::{level_contents, level_name, levels_ui, setup_ui, SetupForm};
pub use thumbs::pixels as thumbnail;
pub use view::{accent, engine_label, gpu_engine, LifeRequest, LifeView, P1_COLOR, P2_COLOR, SAVE, STEPS_PER_SEC};

#[cfg(test)]
mod tests;
