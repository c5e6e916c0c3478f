//! `ExplodoView`'s methods for the part of the window in `bars.rs`.

use super::ExplodoView;
use crate::store::{Lang, Store};
use crate::ui::explodo::bars::{icon, top_bar_with, BarItem, BUMP_SECONDS, COLUMN, QUIET};
use crate::ui::explodo::board_view::view_tiles;
use crate::ui::explodo::input::Mode;
use crate::ui::explodo::words::{charge_name, describe};
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText, Vec2};
use retrace_kernel::explodo::items::Charge;
use retrace_kernel::explodo::{Action, Aim, Event};

impl ExplodoView {
    /// The play column, centred: the top bar, the message row, the board
    /// (whole where it is readable, else the 9 × 13 view that follows you)
    /// as large as the height left allows, the action bar and the
    /// cursor's line under it (the spec's phone layout, issue 40). The rest
    /// of a wide window is quiet bars; the last turn's lines go in the right
    /// one when it has room and the player asked for them (off by default:
    /// no explanation text during play, issue 43).
    pub(in crate::ui::explodo) fn play_area(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
        let s = self.session.state();
        let area = ui.available_rect_before_wrap();
        let chrome = self.screen.chrome.unwrap_or(170.0);
        // The whole board where it is readable, else the view that follows you.
        let tiles = view_tiles(s.board.layout.w, s.board.layout.h, area.width(), area.height() - chrome);
        self.screen.tiles = Some(tiles);
        let (vw, vh) = (tiles.0 as f32, tiles.1 as f32);
        let cell = (area.width() / vw).min((area.height() - chrome) / vh).clamp(14.0, 96.0);
        let width = (cell * vw).max(area.width().min(COLUMN));
        let column = egui::Rect::from_min_size(
            egui::pos2(area.center().x - width / 2.0, area.min.y),
            Vec2::new(width, area.height()),
        );
        // The bars reach the panel's edges (its margins included).
        let panel = ui.clip_rect();
        for side in [
            egui::Rect::from_x_y_ranges(panel.min.x..=column.min.x, panel.y_range()),
            egui::Rect::from_x_y_ranges(column.max.x..=panel.max.x, panel.y_range()),
        ] {
            if side.width() > 1.0 {
                ui.painter().rect_filled(side, 0.0, QUIET);
            }
        }
        let mut board = egui::Rect::NOTHING;
        let used = ui
            .scope_builder(egui::UiBuilder::new().max_rect(column), |ui| {
                // A number that changed on the last turn bumps (swells and settles).
                let since = ui.input(|i| i.time) - self.bumps.1;
                let bumped = &self.bumps.0;
                let bump = |it: BarItem| {
                    if since < BUMP_SECONDS && bumped.contains(&it) {
                        1.0 + 0.35 * (std::f64::consts::PI * since / BUMP_SECONDS).sin() as f32
                    } else {
                        1.0
                    }
                };
                if since < BUMP_SECONDS && !bumped.is_empty() {
                    ui.ctx().request_repaint();
                }
                if let Some(item) = top_bar_with(ui, self.session.state(), lang, &bump) {
                    self.explain_bar(item);
                }
                crate::ui::widgets::reserved_row(ui, |ui| {
                    // Autopilot's note and its Stop button, else the message.
                    if let Some(note) = self.pilot_note() {
                        ui.colored_label(Color32::from_rgb(120, 190, 240), tr(lang, note));
                        if ui.small_button(tr(lang, "Stop")).clicked() {
                            self.walking.pilot_stopped = true;
                        }
                    } else if let Some(m) = &self.message {
                        ui.colored_label(Color32::from_rgb(230, 120, 60), crate::ui::text::say(lang, m));
                    }
                });
                board = self.board(ui, store, cell);
                // Dimmed while autopilot walks (dialogs, the menu and looking
                // around still work).
                let piloting = self.piloting();
                ui.add_enabled_ui(!piloting, |ui| self.action_bar(ui, store, lang));
                crate::ui::widgets::reserved_row(ui, |ui| self.cursor_line(ui, lang));
            })
            .response
            .rect;
        // The bars' height decides the next frame's tiles; a change of a few
        // points (a wrapped row) is taken at once, so the board settles.
        self.screen.chrome = Some(used.height() - board.height());
        let right = egui::Rect::from_x_y_ranges(column.max.x + 12.0..=area.max.x - 8.0, board.y_range());
        if self.event_log && right.width() >= 160.0 {
            ui.scope_builder(egui::UiBuilder::new().max_rect(right), |ui| {
                // A lost life and the run's end are the dialogs' to say, once.
                let said = |e: &&Event| !matches!(e, Event::LifeLost(_) | Event::RunOver(_));
                for line in self.log.iter().filter(said).filter_map(|e| describe(e, lang)) {
                    ui.add(egui::Label::new(line).wrap());
                }
            });
        }
    }

    pub(in crate::ui::explodo) fn action_bar(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
        let s = self.session.state().clone();
        ui.horizontal_wrapped(|ui| {
            if ui.button(tr(lang, "Run menu")).clicked() {
                self.dialogs.menu = true;
            }
            // "What is that?": then a click on a thing (or Enter on the aim) opens its entry.
            if ui.selectable_label(self.pointer.asking, "?").on_hover_text(tr(lang, "What is that?")).clicked() {
                self.pointer.asking = !self.pointer.asking;
            }
            // Auto-move under way: Go takes the next step, Stop ends the walk
            // (Esc too). They keep their place when no walk is on, greyed, so
            // the buttons after them never move under the pointer (issue 40).
            // While asking "What is that?", a button explains itself instead.
            let walking = self.walking.walk.is_some() || self.pointer.asking;
            if ui.add_enabled(walking, egui::Button::new(tr(lang, "Go"))).clicked() && !self.asked_about("Go") {
                self.walk_on(store);
            }
            if ui.add_enabled(walking, egui::Button::new(tr(lang, "Stop walking"))).clicked()
                && !self.asked_about("Stop walking")
            {
                self.walking.walk = None;
            }
            // Move and Bomb: upgrades add no buttons, the tapped tile decides
            // what they do (issue 43 item 1); a second click puts the pick away.
            for (m, english) in [(Mode::Move, "Move"), (Mode::Bomb, "Bomb")] {
                let on = self.picked && self.mode == m;
                let glyph = if m == Mode::Move { "👣" } else { "💣" };
                let button = match icon(ui, glyph) {
                    Some(img) => egui::Button::selectable(on, (img, tr(lang, english))),
                    None => egui::Button::selectable(on, tr(lang, english)),
                };
                if ui.add(button).clicked() && !self.asked_about(english) {
                    self.picked = !on;
                    self.mode = if on { Mode::Move } else { m };
                }
            }
            // The charge button, beside Bomb: the charge's name and uses left;
            // greyed and dashed with none (or a charge that works by itself).
            let label = match s.player.charge {
                Some((c, n)) => format!("{} ×{n}", charge_name(c, lang)),
                None => format!("{}: -", tr(lang, "Charge")),
            };
            let usable = s.player.charge.is_some_and(|(c, _)| !c.passive()) || self.pointer.asking;
            let button = ui.add_enabled(usable, egui::Button::selectable(self.mode == Mode::Charge, label));
            if !usable {
                crate::ui::widgets::dashed_rect(
                    ui.painter(),
                    button.rect,
                    egui::Stroke::new(1.0, Color32::GRAY),
                    4.0,
                    3.0,
                );
            }
            if button.clicked() && !self.asked_about("Charge") {
                self.mode = Mode::Charge;
                self.picked = true;
            }
            if s.carrying() == Some(Charge::Freeze) && ui.button(tr(lang, "Freeze")).clicked() {
                self.push(store, Action::UseCharge(Aim::Me));
            }
            // Wait turns red when waiting would cost a life; it still works.
            let wait = if self.preview().wait_deadly {
                RichText::new(tr(lang, "Wait")).color(Color32::from_rgb(230, 50, 50))
            } else {
                RichText::new(tr(lang, "Wait"))
            };
            let button = match icon(ui, "⏳") {
                Some(img) => egui::Button::new((img, wait)),
                None => egui::Button::new(wait),
            };
            if ui.add(button).clicked() && !self.asked_about("Wait") {
                self.push(store, Action::Wait);
            }
            if ui.button(tr(lang, "Scores")).clicked() {
                self.dialogs.show_scores = true;
            }
        });
    }
}
