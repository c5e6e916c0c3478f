//! Explodorama's window: the board (tiles, objects, enemies with their arrows,
//! bombs with their numbers, flame, drops), the top bar (lives, level,
//! enemies, coins, turn / par, bombs / blast / fuse, abilities, the charge),
//! an action bar (pick an action, then a direction or a tile; the tile you
//! click decides what it does), the gem's cards, the shop and the charge swap
//! as dialogs, the death and end-of-run banners, and the high scores.
//!
//! Keys: arrows or W A S D act in that direction (a step, or the picked
//! action), Q E Z C step diagonally (with Diagonal), Space waits, M B R L K T
//! F X V pick Move, Bomb, Run, Slide, Kick, Throw, RPG, Detonate, Charge; P and
//! I pick the charge too when it is Teleport or ICBM (the spec's keys).

//!
//! This face only declares and re-exports: the view is `view.rs`, the
//! new-run form `form.rs`, what the parts share `common.rs`.

pub mod almanac;
mod bars;
mod board_view;
pub mod captions;
pub mod clip;
mod common;
pub mod demo;
pub mod devices;
mod dialogs;
mod form;
pub mod gesture;
pub mod help_page;
mod icons;
pub mod input;
mod menu;
pub mod offer;
pub mod paint;
pub mod pictures;
pub mod presses;
pub mod tv;
mod view;
mod walk;
mod watched;
pub mod window;
mod words;

pub use bars::{
    bar_text, button_text, changed_figures, top_bar, top_bar_ringed, top_bar_with, BarItem, What, BUMP_SECONDS,
};
pub use board_view::*;
pub use common::*;
pub use dialogs::watched_dialog;
pub use form::RunForm;
pub use icons::*;
pub use input::{choices, danger, danger_ahead, deadly, tap, toward, Mode, DANGER_HORIZON};
pub use menu::*;
pub use paint::{bomb_badge, paint, paint_pair};
pub use view::{Cleared, Dialogs, ExplodoRequest, ExplodoView, OnScreen, Pointer, Walking};
pub use walk::WALK_ON;
pub use words::*;
