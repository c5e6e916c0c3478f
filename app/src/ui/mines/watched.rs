//! MineLayer's session in the replay watcher and on its home card: what the
//! watcher shows of it and how its board is drawn there.

use super::mark_glyph;
use crate::store::Lang;
use crate::ui::watch::{cut, WatchView, Watchable, Watched};
use eframe::egui::{self, Color32, Vec2};
use retrace_kernel::mines::{MineLayer, TIME_CAP};
use retrace_kernel::Session;

impl Watchable for Session<MineLayer> {
    fn name(&self) -> &'static str {
        "MineLayer"
    }
    fn time(&self, _lang: Lang) -> String {
        format!("{} s", self.state().final_seconds().min(TIME_CAP))
    }
    fn cells(&self) -> (u32, u32) {
        (u32::from(self.state().field.cols), u32::from(self.state().field.rows))
    }
    /// A clue is drawn at 0.6 of its cell: 13 px from 22-point cells.
    fn mini_cell(&self) -> f32 {
        22.0
    }
    fn paint(&self, painter: &egui::Painter, rect: egui::Rect, _v: &WatchView) {
        let st = self.state();
        let cols = st.field.cols as usize;
        let cell = (rect.width() / cols as f32).min(rect.height() / f32::from(st.field.rows));
        for i in 0..st.field.len() {
            let (x, y) = ((i % cols) as f32, (i / cols) as f32);
            let r = egui::Rect::from_min_size(rect.min + Vec2::new(x * cell, y * cell), Vec2::splat(cell - 1.0));
            let (fill, text) = if st.field.clue[i] {
                (Color32::from_gray(200), if st.numbers[i] > 0 { st.numbers[i].to_string() } else { String::new() })
            } else {
                (Color32::from_gray(150), mark_glyph(st.marks[i]).to_string())
            };
            painter.rect_filled(r, 0.0, fill);
            if !text.is_empty() {
                painter.text(
                    r.center(),
                    egui::Align2::CENTER_CENTER,
                    text,
                    egui::FontId::proportional(cell * 0.6),
                    Color32::BLACK,
                );
            }
        }
    }
    fn fork(&self) -> Option<Watched> {
        Some(Box::new(cut(self)))
    }
}
