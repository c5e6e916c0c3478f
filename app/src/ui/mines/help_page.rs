//! MineLayer's page of Help: the game's own eight help items, in its own
//! language (MineLayer speaks eight; `mines_text.rs`).

use crate::store::{Lang, Settings};
use crate::ui::help::GamePage;
use crate::ui::mines_text::{mt, HELP};
use eframe::egui;

/// The page as Help shows it.
pub const PAGE: GamePage = GamePage { tab: "MineLayer", sections: &[], draw: Some(draw) };

fn draw(ui: &mut egui::Ui, _lang: Lang, settings: &Settings) {
    for line in HELP {
        ui.label(mt(&settings.mines_lang, line));
    }
}
