//! MineLayer's Statistics and Share result dialogs: the statistics by
//! tier (and the field of the day's), and the share card as it will read,
//! with the field's link.

use super::{language_name, MinesView};
use crate::store::Store;
use crate::ui::mines_text::mt;
use eframe::egui::{self, Color32, Sense, Vec2, WidgetInfo};
use retrace_kernel::mines::share;

impl MinesView {
    /// The statistics dialog: whether it was closed, and whether the player
    /// asked (and confirmed) to reset them.
    pub(super) fn stats_dialog(&mut self, ctx: &egui::Context, store: &Store, l: &str) -> (bool, bool) {
        let st = crate::store::mines::load_stats(&store.mines_stats_path());
        let mut reset = false;
        let asking = &mut self.asking_reset;
        let (button, close) = crate::ui::widgets::dialog(ctx, "mines-stats", mt(l, "Statistics"), None, |ui| {
            if *asking {
                ui.label(mt(l, "Reset all statistics? This cannot be undone."));
                ui.horizontal(|ui| {
                    if ui.button(mt(l, "Reset")).clicked() {
                        reset = true;
                        *asking = false;
                    }
                    if ui.button(mt(l, "Cancel")).clicked() {
                        *asking = false;
                    }
                });
                return false;
            }
            if ui.button(mt(l, "Reset")).clicked() {
                *asking = true;
            }
            for (key, name) in
                [("beginner", "Beginner"), ("intermediate", "Intermediate"), ("expert", "Expert"), ("custom", "Custom")]
            {
                let s = st.summary(key);
                // The window offers no custom field: its line shows only
                // where such rounds were kept (issue 62, item 13).
                if key == "custom" && s.played == 0 {
                    continue;
                }
                let best = s.best_seconds.map_or("—".to_string(), |b| format!("{b} s"));
                ui.label(format!(
                    "{}: {} {}, {} {}, {} {best}",
                    mt(l, name),
                    mt(l, "played"),
                    s.played,
                    mt(l, "won"),
                    s.won,
                    mt(l, "best")
                ));
            }
            // The field of the day's own: days played and wins in a row.
            let (days, streak) = super::daily::summary(&st);
            if days > 0 {
                let days = mt(l, "Days played: {n}").replace("{n}", &days.to_string());
                let streak = mt(l, "Streak: {n}").replace("{n}", &streak.to_string());
                ui.label(format!("{}: {days}, {streak}", mt(l, "Daily field")));
            }
            ui.button(mt(l, "Close")).clicked()
        });
        (button || close, reset)
    }

    /// The share dialog's contents: the card's language, puzzle or solution,
    /// the card as it will read, Copy; whether Close was pressed.
    pub(super) fn share_body(&mut self, ui: &mut egui::Ui, settings: &mut crate::store::Settings) -> bool {
        let l = settings.mines_lang.clone();
        let l = l.as_str();
        let picture = if self.share_solution { share::Picture::Solution } else { share::Picture::Puzzle };
        let st = self.session.state();
        let card = share::share_card_as(st, &settings.mines_lang, picture).unwrap_or_default();
        // The field of the day's card names the day, first.
        let card = match &self.daily {
            Some(date) => format!("{} {date}\n{card}", mt(l, "Daily field")),
            None => card,
        };
        let cells = share::picture_cells(st, picture);
        let grid = share::picture_grid(st, picture);
        let cols = usize::from(st.field.cols).max(1);
        egui::ComboBox::from_label(mt(l, "Language"))
            .selected_text(language_name(&settings.mines_lang, settings.lang))
            .show_ui(ui, |ui| {
                for code in share::LANGUAGES {
                    ui.selectable_value(&mut settings.mines_lang, code.to_string(), language_name(code, settings.lang));
                }
            });
        // The puzzle by default: the solution under "Can you find it?"
        // gives the answer away (and shares the player's own marks).
        ui.checkbox(&mut self.share_solution, mt(l, "Show the solution"));
        ui.separator();
        // The card as it will read: its text lines, and its field in
        // equal cells (the emoji's widths differ in the window's fonts).
        let lines: Vec<&str> = card.lines().collect();
        for line in lines.iter().take(if self.daily.is_some() { 3 } else { 2 }) {
            ui.label(*line);
        }
        card_field(ui, &cells, cols, &grid);
        if let Some(last) = lines.last() {
            ui.label(*last);
        }
        // The field's link (issue 63): it opens this same field, in the
        // browser or in the native app (pasted, or on the command line).
        let link = match &self.daily {
            Some(date) => crate::links::Link::MineLayerDaily { date: date.clone() },
            None => crate::links::Link::MineLayer { tier: self.session.setup().tier, seed: self.session.seed() },
        }
        .address();
        if let Some(link) = &link {
            ui.label(mt(l, "This field's link:"));
            ui.label(egui::RichText::new(link).monospace());
        }
        let mut close = false;
        ui.horizontal(|ui| {
            if ui.button(mt(l, "Copy")).clicked() {
                ui.ctx().copy_text(card.clone());
                self.message = Some(mt(l, "Copied.").into());
            }
            if let Some(link) = link {
                if ui.button(mt(l, "Copy link")).clicked() {
                    ui.ctx().copy_text(link);
                    self.message = Some(mt(l, "Copied.").into());
                }
            }
            close = ui.button(mt(l, "Close")).clicked();
        });
        close
    }
}

/// The share card's field in equal cells, painted: a clue as its digit on a
/// keycap, any other square as its emoji on grey (⬜ as a plain square);
/// `text` is the field as the card writes it, for screen readers.
fn card_field(ui: &mut egui::Ui, cells: &[&str], cols: usize, text: &str) {
    let side = 20.0;
    let rows = cells.len().div_ceil(cols);
    let (rect, resp) =
        ui.allocate_exact_size(Vec2::new(cols as f32 * (side + 2.0), rows as f32 * (side + 2.0)), Sense::hover());
    // Read as the card's text reads.
    resp.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, text));
    let painter = ui.painter_at(rect);
    for (i, cell) in cells.iter().enumerate() {
        let (r, c) = (i / cols, i % cols);
        let cr = egui::Rect::from_min_size(
            rect.min + Vec2::new(c as f32 * (side + 2.0), r as f32 * (side + 2.0)),
            Vec2::splat(side),
        );
        let digit = cell.chars().next().filter(char::is_ascii_digit);
        match (digit, *cell) {
            (Some(d), _) => {
                painter.rect_filled(cr, 4.0, Color32::from_rgb(70, 110, 190));
                painter.text(
                    cr.center(),
                    egui::Align2::CENTER_CENTER,
                    d,
                    egui::FontId::proportional(13.0),
                    Color32::WHITE,
                );
            }
            (None, "⬜") => {
                painter.rect_filled(cr, 2.0, Color32::from_gray(225));
            }
            (None, glyph) => {
                painter.rect_filled(cr, 2.0, Color32::from_gray(90));
                painter.text(
                    cr.center(),
                    egui::Align2::CENTER_CENTER,
                    glyph,
                    egui::FontId::proportional(13.0),
                    Color32::WHITE,
                );
            }
        }
    }
}
