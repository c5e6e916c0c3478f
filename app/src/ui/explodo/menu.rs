//! The run menu and what it opens: the almanac and demo, the bug report,
//! the high scores.

use crate::store::explodo::SCORES;
use crate::store::{Lang, Store};
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText};

/// The graphics adapter for a bug report: `RETRACE_ADAPTER_NAME` when set,
/// else Vulkan's first adapter as wgpu names it, else "none found".
pub(super) fn adapter_line() -> String {
    std::env::var("RETRACE_ADAPTER_NAME")
        .ok()
        .unwrap_or_else(|| crate::platform::adapter_name().unwrap_or_else(|e| format!("none found ({e})")))
}

/// The high-score board in a dialog (over the game-over one, which waits):
/// Close, Esc or a click beside it closes it.
pub fn scores_window(ctx: &egui::Context, store: &Store, open: &mut bool, lang: Lang) {
    let (board, problem) = crate::store::explodo::load_scores(&store.path(SCORES));
    let (closed, close) = crate::ui::widgets::dialog(ctx, "explodo-scores", tr(lang, "High scores"), None, |ui| {
        if let Some(p) = problem {
            ui.colored_label(Color32::from_rgb(230, 90, 70), p);
        }
        if board.is_empty() {
            ui.label(crate::ui::text::tr(lang, "No finished runs yet."));
        }
        egui::Grid::new("scores").striped(true).show(ui, |ui| {
            for h in [
                "#",
                tr(lang, "How far"),
                tr(lang, "Coins"),
                tr(lang, "Turns"),
                tr(lang, "Kills"),
                tr(lang, "Lives lost"),
                tr(lang, "Ended"),
                tr(lang, "Held"),
                tr(lang, "Date"),
                tr(lang, "Seed"),
            ] {
                ui.strong(h);
            }
            ui.end_row();
            for (i, s) in board.iter().enumerate() {
                let place = RichText::new((i + 1).to_string());
                ui.label(if s.developer { place.color(Color32::from_rgb(220, 60, 60)) } else { place });
                ui.label(if s.won {
                    crate::ui::text::say(lang, &retrace_kernel::say!("run won"))
                } else {
                    crate::ui::text::say(lang, &retrace_kernel::say!("level {0}", s.level))
                });
                ui.label(s.coins.to_string());
                ui.label(s.turns.to_string());
                ui.label(s.kills.to_string());
                ui.label(s.lives_lost.to_string());
                ui.label(&s.ended);
                ui.label(s.powerups.join(", "));
                ui.label(&s.date);
                ui.label(s.seed.to_string());
                ui.end_row();
            }
        });
        ui.button(tr(lang, "Close")).clicked()
    });
    if closed || close {
        *open = false;
    }
}

/// An entry of the run menu, in the order the pad's d-pad walks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuItem {
    /// The Sound switch.
    Sound,
    /// The Vibration switch.
    Vibration,
    /// The Autopilot switch.
    Autopilot,
    /// The switch for each turn's events beside the board.
    EventLog,
    /// Back to the run.
    Resume,
    /// A new run (asked first).
    NewRun,
    /// The high scores.
    Scores,
    /// The almanac.
    Almanac,
    /// The demo.
    Demo,
    /// A bug report.
    Bug,
}

/// The run menu's entries in the pad's order.
pub const MENU: [MenuItem; 10] = [
    MenuItem::Sound,
    MenuItem::Vibration,
    MenuItem::Autopilot,
    MenuItem::EventLog,
    MenuItem::Resume,
    MenuItem::NewRun,
    MenuItem::Scores,
    MenuItem::Almanac,
    MenuItem::Demo,
    MenuItem::Bug,
];

impl MenuItem {
    /// Its words on the menu (English, for `tr`).
    pub fn label(self) -> &'static str {
        match self {
            MenuItem::Sound => "Sound",
            MenuItem::Vibration => "Vibration",
            MenuItem::Autopilot => "Autopilot",
            MenuItem::EventLog => "Each turn's events beside the board",
            MenuItem::Resume => "Resume",
            MenuItem::NewRun => "New run",
            MenuItem::Scores => "Scores",
            MenuItem::Almanac => "Almanac",
            MenuItem::Demo => "Demo",
            MenuItem::Bug => "Report a bug",
        }
    }
}
