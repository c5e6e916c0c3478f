//! Miau Is True's session in the replay watcher and on its home card: what the
//! watcher shows of it and how its board is drawn there.

use super::paint::{paint, Look};
use crate::store::Lang;
use crate::ui::text::tr;
use crate::ui::watch::{cut, WatchView, Watchable, Watched};
use eframe::egui;
use retrace_kernel::miau::Miau;
use retrace_kernel::Session;

impl Watchable for Session<Miau> {
    fn name(&self) -> &'static str {
        "Miau Is True"
    }
    fn time(&self, lang: Lang) -> String {
        format!("{} {}", tr(lang, "turn"), self.state().turns)
    }
    fn cells(&self) -> (u32, u32) {
        (self.state().board.w as u32, self.state().board.h as u32)
    }
    /// A four-letter word is drawn at about 0.31 of its cell: 13 px from
    /// 43-point cells.
    fn mini_cell(&self) -> f32 {
        43.0
    }
    fn mini_focus(&self) -> Option<(f32, f32)> {
        let s = self.state();
        let you = s.board.things.iter().find(|t| s.rules.has(&t.kind, retrace_kernel::miau::board::Prop::You))?;
        Some((you.x as f32, you.y as f32))
    }
    /// In the level's look once the window found it (the plain look till then).
    fn paint(&self, painter: &egui::Painter, rect: egui::Rect, v: &WatchView) {
        let plain = Look::default();
        let look = v.look.as_ref().and_then(|l| l.downcast_ref::<Look>()).unwrap_or(&plain);
        paint(painter, rect, self.state(), look);
    }
    /// The title names the level (`<pack>/<level>`), so the live copy keeps it.
    fn fork(&self) -> Option<Watched> {
        let live = cut(self);
        Some(Box::new(match self.header("").title {
            Some(title) => live.with_title(title),
            None => live,
        }))
    }
}
