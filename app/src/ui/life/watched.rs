//! Life's session in the replay watcher and on its home card: what the
//! watcher shows of it and how its board is drawn there.

use super::view::{P1_COLOR, P2_COLOR};
use crate::store::Lang;
use crate::ui::text::tr;
use crate::ui::watch::{cut, WatchView, Watchable, Watched};
use eframe::egui::{self, Vec2};
use retrace_kernel::life::Life;
use retrace_kernel::Session;

impl Watchable for Session<Life> {
    fn name(&self) -> &'static str {
        "Life"
    }
    fn time(&self, lang: Lang) -> String {
        format!("{} {}", tr(lang, "generation"), self.state().generation)
    }
    fn cells(&self) -> (u32, u32) {
        (self.state().field.w, self.state().field.h)
    }
    fn paint(&self, painter: &egui::Painter, rect: egui::Rect, _v: &WatchView) {
        let f = &self.state().field;
        let cell = (rect.width() / f.w as f32).min(rect.height() / f.h as f32);
        for (i, &c) in f.cells.iter().enumerate() {
            if c != 0 {
                let (x, y) = ((i as u32 % f.w) as f32, (i as u32 / f.w) as f32);
                let color = if c == 1 { P1_COLOR } else { P2_COLOR };
                painter.rect_filled(
                    egui::Rect::from_min_size(rect.min + Vec2::new(x * cell, y * cell), Vec2::splat(cell)),
                    0.0,
                    color,
                );
            }
        }
    }
    fn fork(&self) -> Option<Watched> {
        Some(Box::new(cut(self)))
    }
}
