//! The bars around the board: the top bar (lives, level, enemies, coins,
//! turn and par, the stats, abilities, the charge) and the action bar.

use super::*;

/// A dialog button with the pad's face button that presses it drawn before
/// it while a pad is in use (Xbox colours: A green at the bottom, B red on
/// the right, X blue on the left, Y yellow on top; a Nintendo pad's letters,
/// `pad::face_letter`).
pub(super) fn pad_button(
    ui: &mut egui::Ui,
    pad: Option<crate::pad::Button>,
    text: impl Into<egui::WidgetText>,
) -> egui::Response {
    use crate::pad::Button as P;
    if let Some(b) = pad {
        let nintendo = ui.ctx().data(|d| d.get_temp::<bool>(crate::pad::nintendo_id())).unwrap_or(false);
        let letter = crate::pad::face_letter(b, nintendo);
        let colour = match b {
            P::South => Color32::from_rgb(60, 170, 70),
            P::East => Color32::from_rgb(210, 60, 50),
            P::West => Color32::from_rgb(60, 110, 220),
            _ => Color32::from_rgb(220, 180, 40),
        };
        let (r, _) = ui.allocate_exact_size(Vec2::splat(18.0), Sense::hover());
        ui.painter().circle_filled(r.center(), 8.5, colour);
        // Held to confirm: a ring fills clockwise from 12 o'clock.
        let held = ui.ctx().data(|d| d.get_temp::<Option<(P, f32)>>(crate::pad::hold_id())).flatten();
        if let Some((_, full)) = held.filter(|(h, _)| *h == b) {
            let steps = (full * 32.0).ceil() as usize;
            let points: Vec<egui::Pos2> = (0..=steps)
                .map(|k| {
                    let a = std::f32::consts::TAU * full * k as f32 / steps.max(1) as f32 - std::f32::consts::FRAC_PI_2;
                    r.center() + 10.5 * Vec2::new(a.cos(), a.sin())
                })
                .collect();
            let ring = if full >= 1.0 { Color32::from_rgb(90, 220, 110) } else { Color32::WHITE };
            ui.painter().add(egui::Shape::line(points, egui::Stroke::new(2.0, ring)));
        }
        ui.painter().text(
            r.center(),
            egui::Align2::CENTER_CENTER,
            letter,
            egui::FontId::proportional(11.0),
            Color32::WHITE,
        );
    }
    ui.button(text)
}

/// The top bar: two rows of a fixed height, so it never pushes the board:
/// the run's figures each after its icon (the name on hover and for screen
/// readers), then the power-ups held, the charge and the run's tags. The
/// run's screen and the watcher show the same.
pub fn top_bar(ui: &mut egui::Ui, s: &State, lang: Lang) {
    let item = |ui: &mut egui::Ui, icon: Icon, label: &str, value: String| {
        // The icon names itself on hover too, not only its number.
        let (rect, icon_hover) = ui.allocate_exact_size(Vec2::splat(16.0), egui::Sense::hover());
        icon_hover.on_hover_text(label);
        paint_icon(ui.painter(), rect, icon);
        let r = ui.label(RichText::new(&value).strong()).on_hover_text(label);
        r.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, format!("{label}: {value}")));
        ui.add_space(6.0);
    };
    ui.horizontal(|ui| {
        ui.set_min_height(22.0);
        item(ui, Icon::Heart, tr(lang, "Lives"), s.player.lives.to_string());
        item(ui, Icon::Flag, tr(lang, "Level"), format!("{}/20", s.run.level));
        item(ui, Icon::Enemy, tr(lang, "Enemies"), s.enemies.list.len().to_string());
        item(ui, Icon::Coin, tr(lang, "Coins"), s.player.coins.to_string());
        item(ui, Icon::Turn, tr(lang, "Turn"), format!("{}/{}", s.run.turn, s.run.par));
        item(ui, Icon::Bomb, tr(lang, "Bombs"), s.player.max_bombs.to_string());
        item(ui, Icon::Blast, tr(lang, "Blast"), s.player.blast.to_string());
        item(ui, Icon::Fuse, tr(lang, "Fuse"), s.player.fuse.to_string());
        if s.player.star > 0 {
            item(ui, Icon::Star, tr(lang, "Star"), s.player.star.to_string());
        }
    });
    ui.horizontal(|ui| {
        ui.set_min_height(22.0);
        let held: Vec<&str> =
            POWERS.iter().filter(|p| p.is_ability() && s.has(**p)).map(|p| power_name(*p, lang)).collect();
        if !held.is_empty() {
            item(ui, Icon::Held, tr(lang, "Held"), held.join(", "));
        }
        item(
            ui,
            Icon::Charge,
            tr(lang, "Charge"),
            s.player.charge.map_or(tr(lang, "none").to_string(), |(c, n)| format!("{} ×{n}", charge_name(c, lang))),
        );
        if s.run.setup.developer {
            ui.colored_label(DEVELOPER_RED, tr(lang, "Developer"));
        }
        if s.run.setup.immortal {
            ui.colored_label(Color32::from_rgb(230, 200, 60), tr(lang, "Immortal"));
        }
        if s.run.setup.test() {
            ui.colored_label(Color32::from_rgb(120, 190, 255), tr(lang, "Test run"));
        }
    });
}

/// The column's width for the bars when the window allows it: wide
/// enough for the action bar on one row.
const COLUMN: f32 = 660.0;

/// The colour of the quiet bars beside the play column in a wide window.
pub const QUIET: Color32 = Color32::from_gray(16);

impl ExplodoView {
    /// The play column, centred: the top bar, the message row, the 9 × 13
    /// view as large as the height left allows, the action bar and the
    /// cursor's line under it (the spec's phone layout, issue 40). The rest
    /// of a wide window is quiet bars; the last turn's lines go in the right
    /// one when it has room and the player asked for them (off by default:
    /// no explanation text during play, issue 43).
    pub(super) fn play_area(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
        let s = self.session.state();
        let (vw, vh) = (s.board.layout.w.min(VIEW.0) as f32, s.board.layout.h.min(VIEW.1) as f32);
        let area = ui.available_rect_before_wrap();
        let chrome = self.screen.chrome.unwrap_or(170.0);
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
                top_bar(ui, self.session.state(), lang);
                crate::ui::reserved_row(ui, |ui| {
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
                crate::ui::reserved_row(ui, |ui| self.cursor_line(ui, lang));
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

    pub(super) fn action_bar(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
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
            let walking = self.walking.walk.is_some();
            if ui.add_enabled(walking, egui::Button::new(tr(lang, "Go"))).clicked() {
                self.walk_on(store);
            }
            if ui.add_enabled(walking, egui::Button::new(tr(lang, "Stop walking"))).clicked() {
                self.walking.walk = None;
            }
            // Move and Bomb: upgrades add no buttons, the tapped tile decides
            // what they do (issue 43 item 1); a second click puts the pick away.
            for (m, name) in [(Mode::Move, tr(lang, "Move")), (Mode::Bomb, tr(lang, "Bomb"))] {
                let on = self.picked && self.mode == m;
                if ui.add(egui::Button::selectable(on, name)).clicked() {
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
            let usable = s.player.charge.is_some_and(|(c, _)| !c.passive());
            let button = ui.add_enabled(usable, egui::Button::selectable(self.mode == Mode::Charge, label));
            if !usable {
                crate::ui::dashed_rect(ui.painter(), button.rect, egui::Stroke::new(1.0, Color32::GRAY), 4.0, 3.0);
            }
            if button.clicked() {
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
            if ui.button(wait).clicked() {
                self.push(store, Action::Wait);
            }
            if ui.button(tr(lang, "Scores")).clicked() {
                self.dialogs.show_scores = true;
            }
        });
    }
}
