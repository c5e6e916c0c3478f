//! The Life game on screen: the view of a session (its field, tools,
//! running clock, hint and confirmations) and what it asks the shell for.
//! Its field, controls and setup forms are written beside it, each in its
//! own file; the colours and engine choice every Life file shares are here.

use super::engine::Answered;
use super::hint::HintTask;
use crate::platform::Instant;
use crate::platform::LifeEngine;
use crate::store::{Lang, Settings, Store};
use crate::ui::text::tr;
use eframe::egui::{self, Color32, TextureHandle};
use retrace_kernel::life::game::{Event, Reason};
use retrace_kernel::life::{Action, Life, Phase, Setup, Tool};
use retrace_kernel::say::Say;
use retrace_kernel::Session;
use std::time::Duration;

/// The GPU engine for `Advance`, when there is a real GPU: a software adapter
/// (lavapipe, SwiftShader) is slower than the CPU step, so the CPU keeps
/// those. `RETRACE_LIFE_ENGINE` (`gpu` or `cpu`; on the page, the address's
/// `life-engine` parameter) overrides. `Pending` while the page's GPU opens.
pub fn gpu_engine() -> std::task::Poll<Option<LifeEngine>> {
    let choice = crate::platform::life_engine_choice();
    if choice == "cpu" {
        return std::task::Poll::Ready(None);
    }
    crate::platform::life_gpu().map(|opened| {
        let stepper = opened.ok()?;
        let software = stepper.gpu().info.device_type == retrace_gpu::wgpu::DeviceType::Cpu;
        (choice == "gpu" || !software).then(|| LifeEngine::new(stepper))
    })
}

/// The engine line's text: `CPU`, or `GPU: <adapter>`. The adapter's name can
/// be replaced with `RETRACE_ADAPTER_NAME` (CI renders the snapshots a second
/// time with another name, so no image may depend on the machine's adapter).
pub fn engine_label(engine: Option<&LifeEngine>) -> String {
    match engine {
        None => "CPU".to_string(),
        Some(e) => {
            // A browser may keep its adapter's name to itself: then the API's.
            let info = &e.gpu().info;
            let own = if info.name.is_empty() { format!("{:?}", info.backend) } else { info.name.clone() };
            let name = std::env::var("RETRACE_ADAPTER_NAME").unwrap_or(own);
            format!("GPU: {name}")
        }
    }
}

/// The save name of the live game.
pub const SAVE: &str = "life";
/// Generations a second at 1×.
pub const STEPS_PER_SEC: u32 = 8;
/// Player colours (the same in both themes).
pub const P1_COLOR: Color32 = Color32::from_rgb(230, 70, 60);
/// Player 2's colour.
pub const P2_COLOR: Color32 = Color32::from_rgb(60, 190, 90);
/// Whose turn it is, at a glance (issue 65 item 3, the spec's accent): the
/// drawing player's colour while one draws, player 2's at the handoff to
/// them, the winner's at a two-player game's end; none otherwise (the run,
/// a draw, a campaign level's end).
pub fn accent(st: &retrace_kernel::life::State) -> Option<Color32> {
    use retrace_kernel::life::game::Winner;
    let colour = |p: u8| if p == 1 { P1_COLOR } else { P2_COLOR };
    match st.phase {
        Phase::HandoffP1P2 => Some(P2_COLOR),
        // A campaign's end is the win's gold or a defeat's orange, in its line.
        Phase::GameOver if st.campaign.is_some() => None,
        Phase::GameOver => match st.winner {
            Some(Winner::P1) => Some(P1_COLOR),
            Some(Winner::P2) => Some(P2_COLOR),
            _ => None,
        },
        phase => phase.drawer().map(colour),
    }
}

/// The dark dot at the centre of player 2's cells (where cells are large
/// enough to show it): a second cue besides the colour.
pub const P2_DOT: Color32 = Color32::from_rgb(20, 70, 35);

/// A drawing tool's name in the settings file.
pub(super) fn tool_key(t: Tool) -> &'static str {
    match t {
        Tool::Pencil => "pencil",
        Tool::Brush => "brush",
        Tool::Eraser => "eraser",
        Tool::Eraser4 => "eraser4",
    }
}

/// What a Life screen asks the shell for.
pub enum LifeRequest {
    /// Start this setup.
    Start(Setup),
    /// Back to the menu.
    Menu,
    /// Show the campaign's level list.
    Levels,
}

/// A question on screen; `resume` when asking paused a running simulation,
/// so Cancel lets it run again (the spec's rule: a dialog never leaves the
/// field running under it, and cancelling changes nothing).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Confirm {
    End { resume: bool },
    Restart { resume: bool },
}

/// A Life game on screen.
pub struct LifeView {
    /// The game.
    pub session: Session<Life>,
    pub(super) texture: Option<TextureHandle>,
    pub(super) drawn: Option<(u32, u32, Phase, usize)>,
    pub(super) tool: Tool,
    pub(super) stamp: Option<u8>,
    pub(super) rot: u8,
    pub(super) wheel: f32,
    pub(super) speed: u32,
    /// When the run last ticked (`None` while it does not run): a tick
    /// every 125 ms, one a frame at most.
    pub clock: Option<Instant>,
    pub(super) last_save: Instant,
    pub(super) last_cell: Option<(u32, u32)>,
    /// The keyboard's cell on the field, while the field has the focus.
    pub key_cell: Option<(u32, u32)>,
    pub(super) confirm: Option<Confirm>,
    /// Whether the remembered tool was taken from the settings yet.
    pub(super) tool_read: bool,
    /// Tap to place: a press only previews; the release places (touch screens).
    pub(super) tap_place: bool,
    /// The GPU engine for the simulation, when there is one.
    pub engine: Option<LifeEngine>,
    /// A message for the player.
    pub message: Option<Say>,
    /// The campaign's hint, searching or shown, for the position it was asked at.
    pub(super) hint: Option<HintTask>,
    /// The campaign's hint from its certificate, as far as it was taken.
    pub known: Option<super::answer::Known>,
    /// A campaign win's cells were kept against the level's best.
    pub(super) best_kept: bool,
    /// Space pressed this frame while it pauses or resumes the run: taken
    /// from the input before any button is drawn, so a focused button never
    /// takes it too (issue 62 item 10).
    pub(super) space: bool,
}

impl LifeView {
    /// A view of a session.
    pub fn new(session: Session<Life>) -> LifeView {
        LifeView {
            session,
            texture: None,
            drawn: None,
            tool: Tool::Pencil,
            stamp: None,
            rot: 0,
            wheel: 0.0,
            speed: 1,
            clock: None,
            last_save: Instant::now(),
            last_cell: None,
            key_cell: None,
            confirm: None,
            tool_read: false,
            tap_place: false,
            engine: None,
            message: None,
            hint: None,
            known: None,
            best_kept: false,
            space: false,
        }
    }

    /// The position a hint is for: the state's digest and the step.
    pub(super) fn position(&self) -> (retrace_kernel::digest::Digest, u32) {
        (self.session.digest(), self.session.step())
    }

    /// Whether a hint is searching right now.
    pub fn hint_searching(&self) -> bool {
        self.hint.as_ref().is_some_and(|h| h.shown.is_none())
    }

    /// The hint's panel: Hint (and H) to ask, progress and Cancel while it
    /// searches, then the suggestion with Place and Dismiss. A hint for a
    /// position the player has left is dropped.
    pub(super) fn hint_panel(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
        if self.hint.as_ref().is_some_and(|h| h.position != self.position()) {
            self.hint = None;
        }
        let key_h = self.confirm.is_none()
            && ui.input(|i| crate::ui::widgets::pressed_once(i, egui::Key::H) && !i.modifiers.any());
        if self.known.as_ref().is_some_and(|k| k.position != self.position()) {
            self.known = None;
        }
        if self.known.is_some() {
            self.known_panel(ui, store, lang, key_h);
            return;
        }
        let Some(task) = self.hint.as_mut() else {
            if ui.button(tr(lang, "Hint")).on_hover_text(tr(lang, "Ask the solver where to place (H)")).clicked()
                || key_h
            {
                // The level's certificate answers at once; off its way, the search.
                match super::answer::known_answer(&self.session) {
                    Some(answer) => {
                        let step = super::answer::Step::Area;
                        self.known = Some(super::answer::Known { position: self.position(), step, answer });
                        if let Some((level, _)) = self.session.state().campaign {
                            if let Err(e) = crate::store::life::mark_hinted(store, level) {
                                self.message = Some(e.into());
                            }
                        }
                    }
                    None => self.hint = Some(HintTask::start(&self.session, self.position())),
                }
            }
            return;
        };
        if task.poll() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!("{} {} {}", tr(lang, "Thinking:"), task.evaluated(), tr(lang, "placements tried")));
            });
            ui.ctx().request_repaint_after(Duration::from_millis(100));
            if ui.button(tr(lang, "Cancel")).clicked() {
                self.hint = None;
            }
            return;
        }
        let mut place = None;
        let mut dismiss = false;
        match &task.shown {
            Some(Ok(h)) if !h.actions.is_empty() => {
                let left = if h.enemy_after == 0 {
                    tr(lang, "no enemy cell survives it").to_string()
                } else {
                    format!("{} {}", h.enemy_after, tr(lang, "enemy cells survive it"))
                };
                ui.label(format!("{} {} {}: {left}", tr(lang, "Hint:"), h.cells.len(), tr(lang, "cells")));
                ui.horizontal(|ui| {
                    if ui.button(tr(lang, "Place hint")).clicked() {
                        place = Some(h.actions.clone());
                    }
                    dismiss = ui.button(tr(lang, "Dismiss")).clicked();
                });
            }
            Some(Ok(_)) => {
                ui.label(tr(lang, "Hint: no placement here leaves fewer enemy cells."));
                dismiss = ui.button(tr(lang, "Dismiss")).clicked();
            }
            Some(Err(e)) => {
                ui.label(format!("{} {e}", tr(lang, "Hint:")));
                dismiss = ui.button(tr(lang, "Dismiss")).clicked();
            }
            None => {}
        }
        if let Some(actions) = place {
            self.hint = None;
            for a in actions {
                self.push(store, a);
            }
        } else if dismiss || key_h {
            self.hint = None;
        }
    }

    /// The certificate's hint, a step a press (issue 65 item 2): where to
    /// look, then one shape (Place it), then the whole answer (Place hint).
    fn known_panel(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang, key_h: bool) {
        use super::answer::Step;
        let Some(k) = self.known.as_mut() else { return };
        let (mut place, mut dismiss, mut more) = (None, false, key_h);
        let (line, placing) = match k.step {
            Step::Area => (
                format!("{} {}", tr(lang, "Hint: look in the outlined area. Cells to place:"), k.answer.cells.len()),
                None,
            ),
            Step::Shape => {
                let (cells, actions) = &k.answer.shapes[0];
                (
                    format!("{} {}", tr(lang, "Hint: one shape of the answer. Its cells:"), cells.len()),
                    Some(actions.clone()),
                )
            }
            Step::Whole => (
                format!("{} {}", tr(lang, "Hint: the whole answer. Its cells:"), k.answer.cells.len()),
                Some(k.answer.actions.clone()),
            ),
        };
        ui.label(line);
        ui.horizontal(|ui| {
            if k.step != Step::Whole
                && ui.button(tr(lang, "Show more")).on_hover_text(tr(lang, "The next step of the hint (H)")).clicked()
            {
                more = true;
            }
            if let Some(actions) = placing {
                if ui.button(tr(lang, "Place it")).clicked() {
                    place = Some(actions);
                }
            }
            dismiss = ui.button(tr(lang, "Dismiss")).clicked();
        });
        if let Some(actions) = place {
            self.known = None;
            for a in actions {
                self.push(store, a);
            }
        } else if dismiss || (more && k.step == Step::Whole) {
            self.known = None;
        } else if more {
            k.step = if k.step == Step::Area { Step::Shape } else { Step::Whole };
        }
    }

    pub(super) fn push(&mut self, store: &Store, a: Action) -> Option<Vec<Event>> {
        let before = self.session.state().phase;
        // An Advance the GPU has answered is applied with that answer; one
        // it has not (on the page, the answer comes in a later frame) runs on
        // the CPU: `run` asks first and waits for it.
        let answer = match (&a, self.engine.as_mut()) {
            (Action::Advance { gens }, Some(engine)) => engine.run(&self.session.state().field, *gens),
            _ => None,
        };
        let result = match answer {
            Some(answer) => self.session.push_with(a, |s, a| Life::apply_with(s, a, &mut Answered(Some(answer)))),
            None => self.session.push(a),
        };
        match result {
            Ok(ev) => {
                // A refusal's message belongs to the phase it was said in:
                // it goes at the handoff, the run and the game's end.
                if self.session.state().phase != before {
                    self.message = None;
                }
                let running = self.session.state().phase == Phase::Running;
                // While running, save every 3 s, as the original did; otherwise at once.
                if !running || self.last_save.elapsed() > Duration::from_secs(3) {
                    self.save(store);
                }
                Some(ev)
            }
            Err(e) => {
                if !matches!(a, Action::Paint { .. }) {
                    self.message = Some(e.0);
                }
                None
            }
        }
    }

    /// The drawing tool in hand.
    pub fn tool(&self) -> Tool {
        self.tool
    }

    pub(super) fn save(&mut self, store: &Store) {
        self.last_save = Instant::now();
        if let Err(e) = store.save(SAVE, &self.session) {
            self.message = Some(e.into());
        }
    }

    /// Draws the game; returns a request for the shell.
    pub fn ui(&mut self, ui: &mut egui::Ui, store: &Store, settings: &mut Settings) -> Option<LifeRequest> {
        let mut req = None;
        let toggles = matches!(self.session.state().phase, Phase::Running | Phase::Paused) && self.confirm.is_none();
        self.space = toggles && crate::ui::widgets::take_press(ui, egui::Key::Space);
        self.run(ui, store);
        // The side panel framed in the accent (inside its edge, so nothing moves).
        let mut frame = egui::Frame::side_top_panel(ui.style());
        if let Some(c) = accent(self.session.state()) {
            frame = frame.stroke(egui::Stroke::new(3.0, c));
        }
        egui::Panel::right("life-controls").min_size(240.0).frame(frame).show(ui, |ui| {
            req = self.controls(ui, store, settings);
        });
        egui::CentralPanel::default().show(ui, |ui| self.field(ui, store));
        req
    }

    /// While running: advance 8 × speed generations a second, in eighths of a second.
    pub(super) fn run(&mut self, ui: &mut egui::Ui, store: &Store) {
        if self.session.state().phase != Phase::Running {
            self.clock = None;
            return;
        }
        // A hidden or unfocused window holds the run where it is (nothing is
        // logged); its clock starts again when the window is back, and no
        // repaint is asked for meanwhile.
        let away = ui.input(|i| !i.focused || i.viewport().minimized == Some(true));
        if away {
            self.clock = None;
            return;
        }
        let now = Instant::now();
        let start = *self.clock.get_or_insert(now);
        let tick = Duration::from_millis(125);
        let since = now.duration_since(start);
        if since >= tick {
            // One tick a frame at most, and never more than one tick owed:
            // after a stall the run goes on at its pace instead of racing to
            // catch up.
            self.clock = Some(if since >= tick * 2 { now } else { start + tick });
            let gens = (STEPS_PER_SEC * self.speed / 8).max(1);
            // The GPU's answer first (on the page it takes frames): until
            // it is in, the tick waits, the clock held where it was.
            let field = &self.session.state().field;
            if self.engine.as_mut().is_some_and(|e| !e.ready(field, gens)) {
                self.clock = Some(start);
                ui.ctx().request_repaint_after(Duration::from_millis(10));
                return;
            }
            if let Some(ev) = self.push(store, Action::Advance { gens }) {
                self.after_events(&ev, store);
            }
        }
        ui.ctx().request_repaint_after(Duration::from_millis(30));
    }

    pub(super) fn after_events(&mut self, ev: &[Event], store: &Store) {
        for e in ev {
            if let Event::Over(Reason::Win, _) = e {
                self.save(store);
            }
        }
    }
}
