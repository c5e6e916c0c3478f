//! MineLayer's win moment (issue 65 item 4): the field's mines light up one
//! after another with the win's sound, and the line under the board says
//! the time against the best for the tier and the wins in a row.

use crate::ui::mines_text::mt;
use eframe::egui::{self, Color32};

/// How long the mines take to light up, one after another.
pub const REVEAL_SECONDS: f64 = 1.2;
/// The win's gold.
pub const WIN_GOLD: Color32 = Color32::from_rgb(255, 200, 40);

/// A win, as it is celebrated.
#[derive(Clone, Debug, PartialEq)]
pub struct WinMoment {
    /// When the mines began to light (egui's clock), once drawn.
    pub start: Option<f64>,
    /// The round's time.
    pub seconds: u32,
    /// The tier's best time before this win (none: its first win).
    pub best_before: Option<u32>,
    /// Wins in a row on the tier, this one included.
    pub streak: u32,
    /// The win's sound has been asked for.
    pub sounded: bool,
}

impl WinMoment {
    /// The win from the statistics as they were before it (`stats`) and
    /// its time.
    pub fn new(stats: &retrace_kernel::mines::stats::Stats, tier: &str, seconds: u32) -> WinMoment {
        let best_before = stats.summary(tier).best_seconds;
        WinMoment { start: None, seconds, best_before, streak: stats.streak(tier) + 1, sounded: false }
    }

    /// Whether this win beat the tier's best (or is its first).
    pub fn new_best(&self) -> bool {
        self.best_before.is_none_or(|b| self.seconds < b)
    }

    /// The line under the board: a new best, or the best to beat; the streak.
    pub fn line(&self, lang: &str) -> String {
        let best = if self.new_best() {
            mt(lang, "New best!").to_string()
        } else {
            mt(lang, "Best: {best} s").replace("{best}", &self.best_before.unwrap_or_default().to_string())
        };
        format!("{best} · {}", mt(lang, "Streak: {n}").replace("{n}", &self.streak.to_string()))
    }

    /// How lit the `k`-th of `n` mines is at `now` (0 to 1): each lights in
    /// turn over [`REVEAL_SECONDS`], in reading order.
    pub fn glow(&self, k: usize, n: usize, now: f64) -> f32 {
        let Some(start) = self.start else { return 0.0 };
        let at = start + REVEAL_SECONDS * k as f64 / n.max(1) as f64;
        (((now - at) / 0.2).clamp(0.0, 1.0)) as f32
    }

    /// Whether the mines are still lighting up.
    pub fn lighting(&self, now: f64) -> bool {
        self.start.is_none_or(|s| now < s + REVEAL_SECONDS + 0.2)
    }
}

/// A mine lit by the win: a gold ring that grows in as it lights.
pub fn paint_lit(painter: &egui::Painter, r: egui::Rect, cell: f32, glow: f32) {
    if glow <= 0.0 {
        return;
    }
    let ring = egui::Stroke::new((cell * 0.08).max(2.0), WIN_GOLD.gamma_multiply(glow));
    painter.circle_stroke(r.center(), cell * (0.3 + 0.12 * glow), ring);
}
