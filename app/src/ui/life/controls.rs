//! The controls beside the field: the phase and whose turn, Ready and the
//! handoff, the run's buttons, the tools and stamps, and the game-over line.

use super::setup::level_name;
use super::view::{engine_label, tool_key, Confirm, LifeRequest, LifeView, P1_COLOR, P2_COLOR};
use crate::store::{Lang, Settings, Store};
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText, WidgetInfo};
use retrace_kernel::life::campaign::{self, levels};
use retrace_kernel::life::game::{Reason, Winner};
use retrace_kernel::life::patterns::{GROUPS, PATTERNS};
use retrace_kernel::life::{Action, Phase, Setup, Tool};

pub(super) fn phase_text(p: Phase, lang: Lang) -> &'static str {
    tr(
        lang,
        match p {
            Phase::PlaceP1 => "Player 1 (red) places",
            Phase::HandoffP1P2 => "Handing over",
            Phase::PlaceP2 => "Player 2 (green) places, blind",
            Phase::HandoffP2Start => "Ready to run",
            Phase::Running => "Running",
            Phase::Paused => "Paused",
            Phase::EditP1 => "Player 1 draws more",
            Phase::EditP2 => "Player 2 draws more",
            Phase::GameOver => "Game over",
        },
    )
}

/// The colour of a won level's line.
pub(super) const WIN_COLOR: Color32 = Color32::from_rgb(230, 190, 60);
/// The colour of a lost level's line.
pub(super) const DEFEAT_COLOR: Color32 = Color32::from_rgb(230, 130, 60);

pub(super) fn over_text(st: &retrace_kernel::life::State, lang: Lang) -> (String, Color32) {
    let (c1, c2) = st.counts();
    let why = match st.reason {
        Some(Reason::Extinct) => tr(lang, "extinction"),
        Some(Reason::Manual) => tr(lang, "ended"),
        // Whose budget ran out, as the spec's test list asks: the trailing
        // player's, or both at a tie.
        Some(Reason::Stalemate) => match c1.cmp(&c2) {
            std::cmp::Ordering::Less => tr(lang, "Red has no cells left to place"),
            std::cmp::Ordering::Greater => tr(lang, "Green has no cells left to place"),
            std::cmp::Ordering::Equal => tr(lang, "neither player has cells left to place"),
        },
        Some(Reason::Win) => tr(lang, "every enemy cell is gone"),
        Some(Reason::Defeat) => tr(lang, "the budget is spent"),
        None => "",
    };
    if st.campaign.is_some() {
        return match st.reason {
            // A win in the win's gold, a defeat in a warning's orange: not
            // in a player's colour (player 1 is red).
            Some(Reason::Win) => (format!("{} ({why})", tr(lang, "Level cleared!")), WIN_COLOR),
            Some(Reason::Defeat) => (format!("{}: {why}", tr(lang, "Defeat")), DEFEAT_COLOR),
            _ => (tr(lang, "Level abandoned").into(), Color32::GRAY),
        };
    }
    let to = tr(lang, "to");
    match st.winner {
        Some(Winner::P1) => (format!("{} {c1} {to} {c2} ({why})", tr(lang, "Red wins")), P1_COLOR),
        Some(Winner::P2) => (format!("{} {c2} {to} {c1} ({why})", tr(lang, "Green wins")), P2_COLOR),
        _ => (format!("{} {c1} {to} {c2} ({why})", tr(lang, "Draw")), Color32::GRAY),
    }
}

impl LifeView {
    pub(super) fn controls(
        &mut self,
        ui: &mut egui::Ui,
        store: &Store,
        settings: &mut Settings,
    ) -> Option<LifeRequest> {
        let mut req = None;
        let lang = settings.lang;
        if !self.tool_read {
            self.tool_read = true;
            self.tool = [Tool::Pencil, Tool::Brush, Tool::Eraser, Tool::Eraser4]
                .into_iter()
                .find(|&t| tool_key(t) == settings.life_tool)
                .unwrap_or(Tool::Pencil);
        }
        // Once read, a tool that differs from the settings' was just picked.
        if settings.life_tool != tool_key(self.tool) {
            settings.life_tool = tool_key(self.tool).into();
            let _ = store.save_settings(settings);
        }
        let st = self.session.state().clone();
        let campaign = st.campaign;
        let phase = st.phase;
        let (c1, c2) = st.counts();
        let title = match campaign {
            Some((level, _)) => format!(
                "{} {}/{} «{}»",
                tr(lang, "Level"),
                u32::from(level) + 1,
                levels().len(),
                levels().get(usize::from(level)).map(|lv| level_name(lv, lang)).unwrap_or_default()
            ),
            None => "Life".to_string(),
        };
        ui.heading(title);
        let stable = if st.stable && phase == Phase::Paused { tr(lang, " · field stable") } else { "" };
        // A campaign level's end says how it went, not "Game over" (issue 62, item 13).
        let phase_line = match (phase, st.campaign.is_some(), st.reason) {
            (Phase::GameOver, true, Some(Reason::Win)) => tr(lang, "Level cleared!"),
            (Phase::GameOver, true, Some(Reason::Defeat)) => tr(lang, "Defeat"),
            _ => phase_text(phase, lang),
        };
        ui.label(format!("{phase_line}{stable}"));
        ui.label(format!("{} {}", tr(lang, "generation"), st.generation));
        // Which engine steps the field is for the curious: under Details,
        // not on the player's screen (issue 40).
        egui::CollapsingHeader::new(tr(lang, "Details")).id_salt("life-details").show(ui, |ui| {
            ui.small(format!("{}: {}", tr(lang, "engine"), engine_label(self.engine.as_ref())));
        });
        if campaign.is_none()
            && !matches!(phase, Phase::HandoffP1P2 | Phase::HandoffP2Start | Phase::PlaceP1 | Phase::PlaceP2)
        {
            ui.horizontal(|ui| {
                ui.colored_label(P1_COLOR, format!("■ {c1}"));
                ui.colored_label(P2_COLOR, format!("■ {c2}"));
            });
        }
        // Budget HUD: the drawing player's; in the campaign always player 1's.
        let budget_of = phase.drawer().or(campaign.map(|_| 1));
        if let Some(p) = budget_of {
            let left = st.remaining(p);
            let color = if left == 0 {
                Color32::RED
            } else if p == 1 {
                P1_COLOR
            } else {
                P2_COLOR
            };
            ui.label(RichText::new(format!("{left} / {}", st.budget_total)).color(color).strong()).widget_info(|| {
                WidgetInfo::labeled(egui::Role::Label, true, format!("Budget {left} of {}", st.budget_total))
            });
        }
        ui.separator();
        if let Some(r) = self.phase_controls(ui, store, settings, &st) {
            req = Some(r);
        }
        if let Some((level, _)) = campaign {
            if phase != Phase::GameOver && ui.button(tr(lang, "Restart level")).clicked() {
                let resume = phase == Phase::Running;
                if resume {
                    self.push(store, Action::Pause);
                }
                self.confirm = Some(Confirm::Restart { resume });
                let _ = level;
            }
        }
        ui.separator();
        if ui.button(tr(lang, "Menu")).clicked() {
            self.save(store);
            req = Some(LifeRequest::Menu);
        }
        if let Some(m) = &self.message {
            ui.colored_label(Color32::from_rgb(220, 120, 60), super::super::text::say(lang, m));
        }
        if let Some(r) = self.confirm_dialog(ui, store, lang) {
            req = Some(r);
        }
        req
    }

    /// The buttons of the phase the game is in: the tools while placing, the
    /// handoff, the run's, and the game over's (next level, again, rematch).
    fn phase_controls(
        &mut self,
        ui: &mut egui::Ui,
        store: &Store,
        settings: &mut Settings,
        st: &retrace_kernel::life::State,
    ) -> Option<LifeRequest> {
        let mut req = None;
        let lang = settings.lang;
        let (campaign, phase) = (st.campaign, st.phase);
        match phase {
            Phase::PlaceP1 | Phase::PlaceP2 | Phase::EditP1 | Phase::EditP2 => self.tools(ui, store, lang),
            Phase::HandoffP1P2 | Phase::HandoffP2Start => {
                let msg = if phase == Phase::HandoffP1P2 {
                    tr(lang, "Pass the device to player 2.")
                } else {
                    tr(lang, "Both have placed. Start the simulation?")
                };
                // The handoff to player 2 in their colour (the spec's overlay).
                let colour = if phase == Phase::HandoffP1P2 { P2_COLOR } else { ui.visuals().text_color() };
                ui.label(RichText::new(msg).size(18.0).color(colour));
                if ui
                    .button(if phase == Phase::HandoffP1P2 {
                        tr(lang, "Player 2 is ready")
                    } else {
                        tr(lang, "Start simulation")
                    })
                    .clicked()
                {
                    self.push(store, Action::HandoffNext);
                }
                if ui.button(tr(lang, "Back to player 1")).clicked() {
                    self.push(store, Action::HandoffBack);
                }
            }
            Phase::Running => {
                if ui.button(tr(lang, "Pause")).clicked() || self.space {
                    self.push(store, Action::Pause);
                }
                ui.horizontal(|ui| {
                    for m in [1, 2, 4, 8] {
                        ui.selectable_value(&mut self.speed, m, format!("{m}×"));
                    }
                });
                if campaign.is_none() && ui.button(tr(lang, "End game")).clicked() {
                    self.push(store, Action::Pause);
                    self.confirm = Some(Confirm::End { resume: true });
                }
            }
            Phase::Paused => {
                // Paused, the run resumes (the speed stays at hand).
                if ui.button(tr(lang, "Resume")).clicked() || self.space {
                    self.push(store, Action::Resume);
                }
                ui.horizontal(|ui| {
                    for m in [1, 2, 4, 8] {
                        ui.selectable_value(&mut self.speed, m, format!("{m}×"));
                    }
                });
                // One generation at a time while paused: the rules' own
                // actions (run, one generation, pause), so the log says it.
                if ui.button(tr(lang, "One generation")).clicked() {
                    self.push(store, Action::Resume);
                    self.push(store, Action::Advance { gens: 1 });
                    if self.session.state().phase == Phase::Running {
                        self.push(store, Action::Pause);
                    }
                }
                if st.stable {
                    if ui.button(RichText::new(tr(lang, "Draw more: red")).color(P1_COLOR)).clicked() {
                        self.push(store, Action::Edit { player: 1 });
                    }
                    if campaign.is_none()
                        && ui.button(RichText::new(tr(lang, "Draw more: green")).color(P2_COLOR)).clicked()
                    {
                        self.push(store, Action::Edit { player: 2 });
                    }
                }
                if campaign.is_none() && ui.button(tr(lang, "End game")).clicked() {
                    self.confirm = Some(Confirm::End { resume: false });
                }
            }
            Phase::GameOver => req = self.game_over_controls(ui, store, settings, st),
        }
        req
    }

    /// The game over's line and buttons: the next level, again and the
    /// list after a campaign level (a win kept against the level's best,
    /// once), a rematch after a two-player game.
    fn game_over_controls(
        &mut self,
        ui: &mut egui::Ui,
        store: &Store,
        settings: &mut Settings,
        st: &retrace_kernel::life::State,
    ) -> Option<LifeRequest> {
        let mut req = None;
        let lang = settings.lang;
        let campaign = st.campaign;
        let (text, color) = over_text(st, lang);
        ui.label(RichText::new(text).size(18.0).color(color));
        if let Some((level, _)) = campaign {
            if st.reason == Some(Reason::Win) && !self.best_kept {
                // The win's cells against the level's best, once.
                self.best_kept = true;
                if let Err(e) = crate::store::life::keep_best(store, level, st.used[0]) {
                    self.message = Some(e.into());
                }
            }
            if st.reason == Some(Reason::Win) {
                // Saved once, when the win unlocks a level (not every frame).
                let unlocked = campaign::unlocked_after_win(settings.life_unlocked, level);
                if unlocked != settings.life_unlocked {
                    settings.life_unlocked = unlocked;
                    let _ = store.save_settings(settings);
                }
                if (level as usize + 1) < levels().len() && ui.button(tr(lang, "Next level")).clicked() {
                    req = Some(LifeRequest::Start(Setup::Campaign { level: level + 1 }));
                }
            }
            if ui.button(tr(lang, "Again")).clicked() {
                req = Some(LifeRequest::Start(Setup::Campaign { level }));
            }
            if ui.button(tr(lang, "Levels")).clicked() {
                req = Some(LifeRequest::Levels);
            }
        } else if ui.button(tr(lang, "Rematch")).clicked() {
            req = Some(LifeRequest::Start(self.session.setup().clone()));
        }
        req
    }

    /// The question a pending confirmation asks (end the game, restart the
    /// level), and what its answer does.
    fn confirm_dialog(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) -> Option<LifeRequest> {
        let mut req = None;
        if let Some(c) = self.confirm {
            let text = if matches!(c, Confirm::End { .. }) {
                tr(lang, "End the game now? The most live cells wins.")
            } else {
                tr(lang, "Restart this level from the beginning?")
            };
            match crate::ui::widgets::ask(ui.ctx(), lang, text) {
                Some(true) => {
                    self.confirm = None;
                    match c {
                        Confirm::End { .. } => {
                            self.push(store, Action::End);
                        }
                        Confirm::Restart { .. } => req = Some(LifeRequest::Start(self.session.setup().clone())),
                    }
                }
                Some(false) => {
                    self.confirm = None;
                    if let Confirm::End { resume: true } | Confirm::Restart { resume: true } = c {
                        self.push(store, Action::Resume);
                    }
                }
                None => {}
            }
        }
        req
    }

    pub(super) fn tools(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
        ui.label(tr(lang, "Tools"));
        ui.horizontal_wrapped(|ui| {
            for (tool, name) in [
                (Tool::Pencil, "Pencil 1×1"),
                (Tool::Brush, "Brush 3×3"),
                (Tool::Eraser, "Eraser 1×1"),
                (Tool::Eraser4, "Eraser 4×4"),
            ] {
                if ui.selectable_label(self.stamp.is_none() && self.tool == tool, tr(lang, name)).clicked() {
                    self.tool = tool;
                    self.stamp = None;
                    self.rot = 0;
                }
            }
        });
        let name = |p: &retrace_kernel::life::patterns::Pattern| if lang == Lang::Ru { p.name_ru } else { p.name_en };
        let current =
            self.stamp.map_or(tr(lang, "no pattern").to_string(), |i| name(&PATTERNS[i as usize]).to_string());
        egui::ComboBox::from_label(tr(lang, "Pattern")).selected_text(current).height(400.0).show_ui(ui, |ui| {
            if ui.selectable_label(self.stamp.is_none(), tr(lang, "no pattern")).clicked() {
                self.stamp = None;
            }
            for g in GROUPS {
                let (ru, en) = g.names();
                ui.label(RichText::new(if lang == Lang::Ru { ru } else { en }).strong());
                for (i, p) in PATTERNS.iter().enumerate().filter(|(_, p)| p.group == g) {
                    if ui.selectable_label(self.stamp == Some(i as u8), format!("  {}", name(p))).clicked() {
                        self.stamp = Some(i as u8);
                        self.rot = 0;
                    }
                }
            }
        });
        // The rotation's row keeps its place with no pattern chosen, so the
        // buttons below it (Reset, Ready) never move under the pointer
        // (issue 40: a misclick on "Tap to place" instead of "Ready").
        crate::ui::widgets::reserved_row(ui, |ui| {
            if self.stamp.is_some()
                && ui
                    .button(format!("↻ {}°", u32::from(self.rot) * 90))
                    .on_hover_text(tr(lang, "Rotate (or use the mouse wheel)"))
                    .clicked()
            {
                self.rot = (self.rot + 1) % 4;
            }
        });
        ui.horizontal(|ui| {
            if ui.button(tr(lang, "Reset")).on_hover_text(tr(lang, "Put this turn's field and budget back")).clicked() {
                self.push(store, Action::Reset);
            }
            if ui.button(tr(lang, "Ready")).clicked() {
                self.push(store, Action::Commit);
            }
        });
        if self.session.state().campaign.is_some() {
            // The hint's rows (Hint; thinking and Cancel; its line, wrapped,
            // and Place hint) in a box of fixed height, drawn in a child
            // that takes no room of its own: the controls under it never
            // move as it answers (issue 40).
            let rows = 4.0;
            let height = rows * ui.spacing().interact_size.y + (rows - 1.0) * ui.spacing().item_spacing.y;
            let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), height), egui::Sense::hover());
            let mut child = ui.new_child(egui::UiBuilder::new().max_rect(rect));
            self.hint_panel(&mut child, store, lang);
        }
        ui.checkbox(&mut self.tap_place, tr(lang, "Tap to place"))
            .on_hover_text(tr(lang, "Place on release, so your finger does not hide the cell"));
        ui.small(tr(lang, "Left: draw or stamp · right drag: erase"));
    }
}
