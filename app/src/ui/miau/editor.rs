//! Miau Is True's level editor: a board of tokens placed by clicks, the
//! solver's verdict worked out live on a thread after every edit, play-testing
//! in the ordinary game screen, and levels that travel as pack text (saved
//! atomically, exported and imported through the clipboard).
//!
//! The editor holds no rules: a draft is written out as pack text, that text
//! goes through the same loader as `retrace miau check` (so every error names
//! its field, and a board error its row and column), and the level the loader
//! gives back is what the solver, the board and play-testing use.
//!
//! This face only declares and re-exports: the editor is `view.rs`.

mod draft;
mod options;
mod panels;
mod view;

pub use draft::*;
pub use view::*;

#[cfg(test)]
mod tests;
