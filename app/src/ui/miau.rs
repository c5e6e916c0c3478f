//! Miau Is True's window: the shipped packs' levels, the board (objects as
//! coloured tiles with their noun, words as word tiles, a bar under every
//! sentence that is read, gates open or shut), the rules in force beside it,
//! and the level's hint. Arrows or W A S D move, Space waits, Z or Backspace
//! undoes, Y redoes, R restarts, H asks the solver for the next move from
//! here; the same as buttons; a click (a tap) on the board moves towards it.
//! A won level offers the next one; when nothing is YOU any more, the
//! message says to undo or restart. Every move is saved (`miau.replay`); the session's title is
//! `<pack id>/<level id>`, so Resume finds the level, its hint and the next.
//!
//! This face only declares and re-exports: the view is `view.rs`.

mod board_text;
pub mod editor;
mod hint;
mod inspect;
pub use hint::move_word;
pub mod help_page;
mod input;
mod levels;
mod paint;
mod rows;
mod rules_panel;
mod view;
mod watched;
pub mod window;
pub mod words;

pub use board_text::*;
pub use hint::*;
pub use inspect::{accounts, sealed, Account, Inspect, SEALED_MARK};
pub use levels::*;
pub use view::{MiauRequest, MiauView, SAVE};

pub use input::{risky_move, tap_move, Command, BUTTONS};
pub use paint::{
    accent_color, channel_color, faces_left, glyph_for, morph_progress, object_color, paint, paint_moving,
    pinned_sides, plain_form, stacked, tween_positions, word_color, word_font, Look, MASS_MORPH, MORPH_MS,
    MORPH_STAGGER_MS, TWEEN, WORD_FILL,
};

#[cfg(test)]
mod tests;
