//! Explodorama's session in the replay watcher and on its home card: what the
//! watcher shows of it and how its board is drawn there.

use super::bars::top_bar;
use super::demo::scene_watch;
use super::dialogs::watched_dialog;
use super::paint::{paint, paint_pair};
use super::tv::{tv_effects, tv_glass};
use crate::store::Lang;
use crate::ui::text::tr;
use crate::ui::watch::{cut, WatchView, Watchable, Watched};
use eframe::egui;
use retrace_kernel::explodo::Explodo;
use retrace_kernel::Session;

/// Whether the watcher plays one of the demo's scenes (the home card's).
fn demo(v: &WatchView) -> bool {
    v.source.starts_with("demo: ")
}

impl Watchable for Session<Explodo> {
    fn name(&self) -> &'static str {
        "Explodorama"
    }
    fn time(&self, lang: Lang) -> String {
        let r = &self.state().run;
        format!("{} {} · {} {}", tr(lang, "level"), r.level, tr(lang, "turn"), r.turn)
    }
    fn cells(&self) -> (u32, u32) {
        let l = &self.state().board.layout;
        (l.w as u32, l.h as u32)
    }
    /// The run, and a second one on the same board (its player and bombs
    /// outlined in blue).
    fn paint(&self, painter: &egui::Painter, rect: egui::Rect, v: &WatchView) {
        paint(painter, rect, self.state());
        if let Some(p) = &v.pair {
            paint_pair(painter, rect, self.state(), p.other.state());
        }
    }
    fn fork(&self) -> Option<Watched> {
        Some(Box::new(cut(self)))
    }
    fn above(&self, ui: &mut egui::Ui, lang: Lang) {
        top_bar(ui, self.state(), lang);
    }
    /// The dialog's panel is kept while no dialog is open, so the board
    /// never jumps when the shop or the gem's cards come (issue 62 item 6).
    fn beside(&self) -> bool {
        true
    }
    fn beside_ui(&self, ui: &mut egui::Ui, lang: Lang) {
        watched_dialog(ui, self.state(), self.next_action(), lang);
    }
    /// The demo's scenes play on its old television.
    fn mini(&self, painter: &egui::Painter, rect: egui::Rect, v: &WatchView, ground: egui::Color32, now: f64) {
        if !demo(v) {
            painter.rect_filled(rect, 4.0, ground);
            self.paint(painter, rect, v);
            return;
        }
        let glass = tv_glass(painter, rect);
        self.paint(&painter.with_clip_rect(glass), glass.shrink(6.0), v);
        tv_effects(painter, glass, now);
    }
    /// The card moves on to the demo's next scene.
    fn demo_next(&self, v: &WatchView, scene: &mut usize) -> Option<WatchView> {
        if !demo(v) {
            return None;
        }
        *scene += 1;
        scene_watch(*scene, *scene as u64 + 1)
    }
}
