//! Life's screens: two-player setup, the campaign's level list, and the game
//! (hot-seat with handoffs and blind placement, tools, stamps, zones, budget,
//! running controls, edits on a stable field, end with confirmation).

use super::text::tr;
use crate::store::{Lang, Settings, Store};
use eframe::egui::{
    self, Color32, ColorImage, Pos2, Rect, RichText, Sense, TextureHandle, TextureOptions, Vec2, WidgetInfo,
};
use retrace_gpu::life_step::GpuStepper;
use retrace_kernel::life::campaign::{self, levels};
use retrace_kernel::life::game::{Event, Reason, Winner, FIELD_RECTS, FIELD_SIZES};
use retrace_kernel::life::patterns::{GROUPS, PATTERNS};
use retrace_kernel::life::{Action, Life, Phase, Setup, Tool};
use retrace_kernel::Session;
use std::time::{Duration, Instant};

mod hint;
use hint::HintTask;

/// The GPU engine for `Advance`, when there is a real GPU: a software adapter
/// (lavapipe) is slower than the CPU step, so the CPU keeps those. The
/// environment variable `RETRACE_LIFE_ENGINE` (`gpu` or `cpu`) overrides.
pub fn gpu_engine() -> Option<GpuStepper> {
    let choice = std::env::var("RETRACE_LIFE_ENGINE").unwrap_or_default();
    if choice == "cpu" {
        return None;
    }
    let gpu = retrace_gpu::Gpu::new().ok()?;
    if choice != "gpu" && gpu.info.device_type == retrace_gpu::wgpu::DeviceType::Cpu {
        return None;
    }
    GpuStepper::new(gpu).ok()
}

/// The engine line's text: `CPU`, or `GPU: <adapter>`. The adapter's name can
/// be replaced with `RETRACE_ADAPTER_NAME` (CI renders the snapshots a second
/// time with another name, so no image may depend on the machine's adapter).
pub fn engine_label(engine: Option<&GpuStepper>) -> String {
    match engine {
        None => "CPU".to_string(),
        Some(e) => {
            let name = std::env::var("RETRACE_ADAPTER_NAME").unwrap_or_else(|_| e.gpu().info.name.clone());
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

/// The two-player setup screen's choices.
#[derive(Clone, Debug)]
pub struct SetupForm {
    /// Width, height.
    pub size: (u32, u32),
    /// Torus.
    pub wrap: bool,
    /// Budget.
    pub budget: u32,
}

impl Default for SetupForm {
    fn default() -> Self {
        SetupForm { size: (60, 60), wrap: false, budget: 100 }
    }
}

impl SetupForm {
    /// The form as it was last used (the settings remember it).
    pub fn from_settings(s: &Settings) -> SetupForm {
        SetupForm { size: s.life_size, wrap: s.life_wrap, budget: s.life_budget }
    }

    /// Writes the form into the settings.
    pub fn remember(&self, s: &mut Settings) {
        (s.life_size, s.life_wrap, s.life_budget) = (self.size, self.wrap, self.budget);
    }
}

/// A drawing tool's name in the settings file.
fn tool_key(t: Tool) -> &'static str {
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

/// The setup screen; returns a request.
pub fn setup_ui(ui: &mut egui::Ui, form: &mut SetupForm, lang: Lang) -> Option<LifeRequest> {
    let mut req = None;
    ui.heading(tr(lang, "Life — two players"));
    ui.label(tr(lang, "Each player places cells in their half; then the field lives by Conway's rules and newborns take the majority colour. The most live cells wins."));
    let label = |s: (u32, u32)| format!("{}×{}", s.0, s.1);
    egui::ComboBox::from_label(tr(lang, "Field size")).selected_text(label(form.size)).show_ui(ui, |ui| {
        for n in FIELD_SIZES {
            ui.selectable_value(&mut form.size, (n, n), label((n, n)));
        }
        for r in FIELD_RECTS {
            ui.selectable_value(&mut form.size, r, label(r));
        }
    });
    ui.checkbox(&mut form.wrap, tr(lang, "Closed map (torus)"));
    ui.horizontal(|ui| {
        let label = ui.label(tr(lang, "Budget per player"));
        ui.add(egui::DragValue::new(&mut form.budget).range(1..=100_000)).labelled_by(label.id);
        for p in [100, 250, 500] {
            if ui.button(p.to_string()).clicked() {
                form.budget = p;
            }
        }
    });
    ui.horizontal(|ui| {
        if ui.button(tr(lang, "Start")).clicked() {
            req = Some(LifeRequest::Start(Setup::TwoPlayer {
                w: form.size.0,
                h: form.size.1,
                wrap: form.wrap,
                budget: form.budget,
            }));
        }
        if ui.button(tr(lang, "Menu")).clicked() {
            req = Some(LifeRequest::Menu);
        }
    });
    req
}

/// A campaign level's name in the window's language: the hand-made levels'
/// names translated, the generated ones' size and zone kind in words (the
/// kernel keeps the spec's Russian names; a name unknown here shows as is).
pub fn level_name(lv: &retrace_kernel::life::campaign::Level, lang: Lang) -> String {
    if lang == Lang::Ru {
        return lv.name.clone();
    }
    const ZONES_EN: [&str; 7] =
        ["half", "centre", "top-left corner", "bottom-right corner", "vertical strip", "horizontal strip", "rectangle"];
    if let Some(kind) = lv.zone_kind {
        let size = lv.name.split(" · ").next().unwrap_or_default();
        return format!("{size} · {}", ZONES_EN.get(usize::from(kind)).copied().unwrap_or("zone"));
    }
    match lv.name.as_str() {
        "Разминка" => "Warm-up",
        "Каравай" => "Loaves",
        "Рой" => "Swarm",
        "Издалека" => "From afar",
        "Флотилия" => "Flotilla",
        "Погоня" => "Chase",
        "Кролики" => "Rabbits",
        other => other,
    }
    .to_string()
}

/// The campaign's level list, locked levels disabled and marked in words
/// (the default fonts have no lock glyph).
pub fn levels_ui(ui: &mut egui::Ui, settings: &Settings) -> Option<LifeRequest> {
    let mut req = None;
    let lang = settings.lang;
    ui.heading(tr(lang, "Life — campaign"));
    ui.label(tr(lang, "Clear every enemy (green) cell. Your budget is all you get; the enemy cannot be touched."));
    if ui.button(tr(lang, "Menu")).clicked() {
        req = Some(LifeRequest::Menu);
    }
    egui::ScrollArea::vertical().max_height(460.0).show(ui, |ui| {
        for (i, lv) in levels().iter().enumerate() {
            let open = (i as u32) < settings.life_unlocked;
            let text = format!(
                "{}. {} ({}×{}, {} {}){}",
                i + 1,
                level_name(lv, lang),
                lv.w,
                lv.h,
                tr(lang, "budget"),
                lv.budget,
                if open { String::new() } else { format!(" · {}", tr(lang, "locked")) }
            );
            if ui.add_enabled(open, egui::Button::new(text)).clicked() {
                req = Some(LifeRequest::Start(Setup::Campaign { level: i as u16 }));
            }
        }
    });
    req
}

/// A question on screen; `resume` when asking paused a running simulation,
/// so Cancel lets it run again (the spec's rule: a dialog never leaves the
/// field running under it, and cancelling changes nothing).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Confirm {
    End { resume: bool },
    Restart { resume: bool },
}

/// A Life game on screen.
pub struct LifeView {
    /// The game.
    pub session: Session<Life>,
    texture: Option<TextureHandle>,
    drawn: Option<(u32, u32, Phase)>,
    tool: Tool,
    stamp: Option<u8>,
    rot: u8,
    wheel: f32,
    speed: u32,
    clock: Option<Instant>,
    last_save: Instant,
    last_cell: Option<(u32, u32)>,
    confirm: Option<Confirm>,
    /// Whether the remembered tool was taken from the settings yet.
    tool_read: bool,
    /// Tap to place: a press only previews; the release places (touch screens).
    tap_place: bool,
    /// The GPU engine for the simulation, when there is one.
    pub engine: Option<GpuStepper>,
    /// A message for the player.
    pub message: Option<String>,
    /// The campaign's hint, searching or shown, for the position it was asked at.
    hint: Option<HintTask>,
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
            confirm: None,
            tool_read: false,
            tap_place: false,
            engine: None,
            message: None,
            hint: None,
        }
    }

    /// The position a hint is for: the state's digest and the step.
    fn position(&self) -> (retrace_kernel::digest::Digest, u32) {
        (self.session.digest(), self.session.step())
    }

    /// Whether a hint is searching right now.
    pub fn hint_searching(&self) -> bool {
        self.hint.as_ref().is_some_and(|h| h.shown.is_none())
    }

    /// The hint's panel: Hint (and H) to ask, progress and Cancel while it
    /// searches, then the suggestion with Place and Dismiss. A hint for a
    /// position the player has left is dropped.
    fn hint_panel(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
        if self.hint.as_ref().is_some_and(|h| h.position != self.position()) {
            self.hint = None;
        }
        let key_h = self.confirm.is_none() && ui.input(|i| i.key_pressed(egui::Key::H) && !i.modifiers.any());
        let Some(task) = self.hint.as_mut() else {
            if ui.button(tr(lang, "Hint")).on_hover_text(tr(lang, "Ask the solver where to place (H)")).clicked()
                || key_h
            {
                self.hint = Some(HintTask::start(self.session.state(), self.position()));
            }
            return;
        };
        if task.poll() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!(
                    "{} {} {}",
                    tr(lang, "Thinking:"),
                    task.evaluated.load(std::sync::atomic::Ordering::Relaxed),
                    tr(lang, "placements tried")
                ));
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

    fn push(&mut self, store: &Store, a: Action) -> Option<Vec<Event>> {
        let result = match self.engine.as_mut() {
            Some(engine) => self.session.push_with(a, |s, a| Life::apply_with(s, a, engine)),
            None => self.session.push(a),
        };
        match result {
            Ok(ev) => {
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

    fn save(&mut self, store: &Store) {
        self.last_save = Instant::now();
        if let Err(e) = store.save(SAVE, &self.session) {
            self.message = Some(e);
        }
    }

    /// Draws the game; returns a request for the shell.
    pub fn ui(&mut self, ui: &mut egui::Ui, store: &Store, settings: &mut Settings) -> Option<LifeRequest> {
        let mut req = None;
        self.run(ui, store);
        egui::Panel::right("life-controls").min_size(240.0).show(ui, |ui| {
            req = self.controls(ui, store, settings);
        });
        egui::CentralPanel::default().show(ui, |ui| self.field(ui, store));
        req
    }

    /// While running: advance 8 × speed generations a second, in eighths of a second.
    fn run(&mut self, ui: &mut egui::Ui, store: &Store) {
        if self.session.state().phase != Phase::Running {
            self.clock = None;
            return;
        }
        let now = Instant::now();
        let start = *self.clock.get_or_insert(now);
        let tick = Duration::from_millis(125);
        if now.duration_since(start) >= tick {
            self.clock = Some(start + tick);
            let gens = (STEPS_PER_SEC * self.speed / 8).max(1);
            if let Some(ev) = self.push(store, Action::Advance { gens }) {
                self.after_events(&ev, store);
            }
        }
        ui.ctx().request_repaint_after(Duration::from_millis(30));
    }

    fn after_events(&mut self, ev: &[Event], store: &Store) {
        for e in ev {
            if let Event::Over(Reason::Win, _) = e {
                self.save(store);
            }
        }
    }

    #[expect(clippy::too_many_lines, reason = "one arm per phase of the game's controls")]
    fn controls(&mut self, ui: &mut egui::Ui, store: &Store, settings: &mut Settings) -> Option<LifeRequest> {
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
        ui.label(format!("{}{stable}", phase_text(phase, lang)));
        ui.label(format!("{} {}", tr(lang, "generation"), st.generation));
        let engine = engine_label(self.engine.as_ref());
        ui.small(format!("{}: {engine}", tr(lang, "engine")));
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
        match phase {
            Phase::PlaceP1 | Phase::PlaceP2 | Phase::EditP1 | Phase::EditP2 => self.tools(ui, store, lang),
            Phase::HandoffP1P2 | Phase::HandoffP2Start => {
                let msg = if phase == Phase::HandoffP1P2 {
                    tr(lang, "Pass the device to player 2.")
                } else {
                    tr(lang, "Both have placed. Start the simulation?")
                };
                ui.label(RichText::new(msg).size(18.0));
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
                if ui.button(tr(lang, "Pause")).clicked() || (self.confirm.is_none() && space(ui)) {
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
                if ui.button(tr(lang, "Start simulation")).clicked() || (self.confirm.is_none() && space(ui)) {
                    self.push(store, Action::Resume);
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
            Phase::GameOver => {
                let (text, color) = over_text(&st, lang);
                ui.label(RichText::new(text).size(18.0).color(color));
                if let Some((level, _)) = campaign {
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
            }
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
            ui.colored_label(Color32::from_rgb(220, 120, 60), super::text::kernel(lang, m));
        }
        if let Some(c) = self.confirm {
            let text = if matches!(c, Confirm::End { .. }) {
                tr(lang, "End the game now? The most live cells wins.")
            } else {
                tr(lang, "Restart this level from the beginning?")
            };
            match super::ask(ui.ctx(), lang, text) {
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

    fn tools(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
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
        if self.stamp.is_some()
            && ui
                .button(format!("↻ {}°", u32::from(self.rot) * 90))
                .on_hover_text(tr(lang, "Rotate (or use the mouse wheel)"))
                .clicked()
        {
            self.rot = (self.rot + 1) % 4;
        }
        ui.horizontal(|ui| {
            if ui.button(tr(lang, "Reset")).on_hover_text(tr(lang, "Put this turn's field and budget back")).clicked() {
                self.push(store, Action::Reset);
            }
            if ui.button(tr(lang, "Ready")).clicked() {
                self.push(store, Action::Commit);
            }
        });
        if self.session.state().campaign.is_some() {
            self.hint_panel(ui, store, lang);
        }
        ui.checkbox(&mut self.tap_place, tr(lang, "Tap to place"))
            .on_hover_text(tr(lang, "Place on release, so your finger does not hide the cell"));
        ui.small(tr(lang, "Left: draw or stamp · right drag: erase"));
    }

    #[expect(clippy::too_many_lines, reason = "painting and the pointer's tools over one field")]
    fn field(&mut self, ui: &mut egui::Ui, store: &Store) {
        let st = self.session.state();
        let (w, h) = (st.field.w, st.field.h);
        let avail = ui.available_size();
        let cell = (avail.x / w as f32).min(avail.y / h as f32).max(0.5);
        let (rect, resp) = ui.allocate_exact_size(Vec2::new(cell * w as f32, cell * h as f32), Sense::click_and_drag());
        resp.widget_info(|| WidgetInfo::labeled(egui::Role::Canvas, true, "Life field"));
        // One texture, rebuilt only when the step or the phase (hence the mask) changes.
        let key = (self.session.step(), st.generation as u32, st.phase);
        if self.drawn != Some(key) || self.texture.is_none() {
            let vis = st.visible();
            let mut img = ColorImage::filled([w as usize, h as usize], Color32::TRANSPARENT);
            for (i, &c) in st.field.cells.iter().enumerate() {
                img.pixels[i] = match c {
                    1 if vis.p1 => P1_COLOR,
                    2 if vis.p2 => P2_COLOR,
                    _ => Color32::TRANSPARENT,
                };
            }
            match &mut self.texture {
                Some(t) => t.set(img, TextureOptions::NEAREST),
                None => self.texture = Some(ui.ctx().load_texture("life-field", img, TextureOptions::NEAREST)),
            }
            self.drawn = Some(key);
        }
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
        // Zone tints under the cells: your zone tinted, the other dimmed.
        if let Some(p) = st.phase.drawer() {
            let tint = if p == 1 { P1_COLOR } else { P2_COLOR };
            let zone = |x0: u32, y0: u32, zw: u32, zh: u32| {
                Rect::from_min_size(
                    rect.min + Vec2::new(x0 as f32 * cell, y0 as f32 * cell),
                    Vec2::new(zw as f32 * cell, zh as f32 * cell),
                )
            };
            match st.campaign {
                Some((_, z)) => {
                    painter.rect_filled(rect, 0.0, Color32::from_black_alpha(60));
                    painter.rect_filled(zone(z.x, z.y, z.w, z.h), 0.0, tint.gamma_multiply(0.10));
                }
                None => {
                    let split = w.div_ceil(2);
                    let (mine, other) = if p == 1 {
                        (zone(0, 0, split, h), zone(split, 0, w - split, h))
                    } else {
                        (zone(split, 0, w - split, h), zone(0, 0, split, h))
                    };
                    painter.rect_filled(mine, 0.0, tint.gamma_multiply(0.10));
                    painter.rect_filled(other, 0.0, Color32::from_black_alpha(80));
                    let x = rect.min.x + split as f32 * cell;
                    painter.line_segment([Pos2::new(x, rect.min.y), Pos2::new(x, rect.max.y)], (1.0, Color32::GRAY));
                }
            }
        }
        // While the field runs or pauses, a soft (5 %) tint of each player's
        // territory under the cells: left player 1, right player 2.
        if st.campaign.is_none() && matches!(st.phase, Phase::Running | Phase::Paused) {
            let split = rect.min.x + w.div_ceil(2) as f32 * cell;
            let left = Rect::from_min_max(rect.min, Pos2::new(split, rect.max.y));
            let right = Rect::from_min_max(Pos2::new(split, rect.min.y), rect.max);
            painter.rect_filled(left, 0.0, P1_COLOR.gamma_multiply(0.05));
            painter.rect_filled(right, 0.0, P2_COLOR.gamma_multiply(0.05));
        }
        // Grid lines under the cells, only where a cell is at least 5 px (on
        // big fields they would cover the field).
        if cell >= 5.0 {
            let stroke = (1.0, ui.visuals().faint_bg_color);
            for x in 1..w {
                let px = rect.min.x + x as f32 * cell;
                painter.line_segment([Pos2::new(px, rect.min.y), Pos2::new(px, rect.max.y)], stroke);
            }
            for y in 1..h {
                let py = rect.min.y + y as f32 * cell;
                painter.line_segment([Pos2::new(rect.min.x, py), Pos2::new(rect.max.x, py)], stroke);
            }
        }
        if let Some(t) = &self.texture {
            painter.image(t.id(), rect, Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)), Color32::WHITE);
        }
        // The hint's ghost: the suggested cells, half-lit with an outline.
        if let Some(task) = &self.hint {
            for &(x, y) in task.cells() {
                let r = Rect::from_min_size(rect.min + Vec2::new(x as f32 * cell, y as f32 * cell), Vec2::splat(cell));
                painter.rect_filled(r, 0.0, P1_COLOR.gamma_multiply(0.45));
                painter.rect_stroke(r, 0.0, (1.0, Color32::WHITE), egui::StrokeKind::Inside);
            }
        }
        let Some(player) = st.phase.drawer() else { return };
        let to_cell = |pos: Pos2| -> Option<(u32, u32)> {
            let v = (pos - rect.min) / cell;
            (v.x >= 0.0 && v.y >= 0.0 && (v.x as u32) < w && (v.y as u32) < h).then_some((v.x as u32, v.y as u32))
        };
        let hover = resp.hover_pos().and_then(to_cell);
        // Stamp preview and rotation by the wheel.
        if let (Some(i), Some((hx, hy))) = (self.stamp, hover) {
            let scroll = ui.input(|inp| inp.smooth_scroll_delta.y);
            self.rot = (self.rot + wheel_turns(&mut self.wheel, scroll)) % 4;
            let color = if player == 1 { P1_COLOR } else { P2_COLOR };
            for (dx, dy) in PATTERNS[i as usize].cells_rotated(self.rot) {
                let (x, y) = (hx + dx, hy + dy);
                if x < w && y < h {
                    let fill = if st.in_zone(x, y, player) {
                        color.gamma_multiply(0.5)
                    } else {
                        Color32::from_gray(120).gamma_multiply(0.5)
                    };
                    painter.rect_filled(
                        Rect::from_min_size(rect.min + Vec2::new(x as f32 * cell, y as f32 * cell), Vec2::splat(cell)),
                        0.0,
                        fill,
                    );
                }
            }
        }
        let erase = ui.input(|i| i.pointer.secondary_down() || i.pointer.secondary_released());
        // The tool's ghost: the cells it would touch (the right button's eraser
        // while held), in the player's colour, grey for an eraser.
        if let (None, Some((hx, hy))) = (self.stamp, hover) {
            let tool = match (erase, self.tool) {
                (true, Tool::Eraser4) => Tool::Eraser4,
                (true, _) => Tool::Eraser,
                (false, t) => t,
            };
            let (x0, y0, x1, y1) = tool.footprint(i64::from(hx), i64::from(hy));
            let clamp = |v: i64, n: u32| v.clamp(0, i64::from(n) - 1) as f32;
            let ghost = Rect::from_min_max(
                rect.min + Vec2::new(clamp(x0, w) * cell, clamp(y0, h) * cell),
                rect.min + Vec2::new((clamp(x1, w) + 1.0) * cell, (clamp(y1, h) + 1.0) * cell),
            );
            let color = if tool.erases() {
                Color32::from_gray(160)
            } else if player == 1 {
                P1_COLOR
            } else {
                P2_COLOR
            };
            painter.rect_filled(ghost, 0.0, color.gamma_multiply(0.35));
        }
        if self.tap_place {
            // One placement on release, at the cell under the finger; moving only previews.
            let released = ui.input(|i| i.pointer.any_released());
            if let (true, Some((x, y))) = (released && resp.hovered(), hover) {
                let a = match (self.stamp, erase) {
                    (Some(pattern), false) => Action::Stamp { x, y, pattern, rot: self.rot },
                    (_, true) => Action::Paint {
                        x,
                        y,
                        tool: if self.tool == Tool::Eraser4 { Tool::Eraser4 } else { Tool::Eraser },
                    },
                    (None, false) => Action::Paint { x, y, tool: self.tool },
                };
                self.push(store, a);
            }
            return;
        }
        if let Some(pos) = resp.interact_pointer_pos() {
            if let Some((x, y)) = to_cell(pos) {
                if let (Some(pattern), false) = (self.stamp, erase) {
                    // One press, one placement.
                    if resp.clicked() || resp.drag_started() {
                        self.push(store, Action::Stamp { x, y, pattern, rot: self.rot });
                    }
                } else if self.last_cell != Some((x, y)) {
                    let tool = if erase {
                        if self.tool == Tool::Eraser4 {
                            Tool::Eraser4
                        } else {
                            Tool::Eraser
                        }
                    } else {
                        self.tool
                    };
                    // Every cell between the last one painted and this one.
                    let cells = match self.last_cell {
                        Some(from) if resp.dragged() => line_cells(from, (x, y)),
                        _ => vec![(x, y)],
                    };
                    for (cx, cy) in cells {
                        self.push(store, Action::Paint { x: cx, y: cy, tool });
                    }
                    self.last_cell = Some((x, y));
                }
            }
        }
        if !resp.dragged() && !resp.is_pointer_button_down_on() {
            self.last_cell = None;
        }
    }
}

/// Pixels of wheel travel per quarter turn of a stamp (about one notch).
pub const WHEEL_STEP: f32 = 100.0;

/// Quarter turns from a wheel movement: travel accumulates in `accum` and
/// every [`WHEEL_STEP`] turns once; wheel down (egui's negative `y`) is +1
/// (clockwise), up is −1, as the spec has it. Returns 0 to 3 (mod 4).
pub fn wheel_turns(accum: &mut f32, delta_y: f32) -> u8 {
    *accum += delta_y;
    let mut turns = 0u8;
    while accum.abs() >= WHEEL_STEP {
        if *accum < 0.0 {
            turns = (turns + 1) % 4;
            *accum += WHEEL_STEP;
        } else {
            turns = (turns + 3) % 4;
            *accum -= WHEEL_STEP;
        }
    }
    turns
}

/// The cells on the straight line from `a` to `b` (Bresenham), `a` left out
/// and `b` included: a fast drag paints every cell it crossed, not only the
/// ones sampled at each frame.
pub fn line_cells(a: (u32, u32), b: (u32, u32)) -> Vec<(u32, u32)> {
    let (mut x, mut y) = (i64::from(a.0), i64::from(a.1));
    let (x1, y1) = (i64::from(b.0), i64::from(b.1));
    let (dx, dy) = ((x1 - x).abs(), -(y1 - y).abs());
    let (sx, sy) = (if x < x1 { 1 } else { -1 }, if y < y1 { 1 } else { -1 });
    let mut err = dx + dy;
    let mut out = Vec::new();
    while (x, y) != (x1, y1) {
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
        out.push((x as u32, y as u32));
    }
    out
}

fn space(ui: &egui::Ui) -> bool {
    ui.input(|i| i.key_pressed(egui::Key::Space) && !i.modifiers.any())
}

fn phase_text(p: Phase, lang: Lang) -> &'static str {
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

fn over_text(st: &retrace_kernel::life::State, lang: Lang) -> (String, Color32) {
    let (c1, c2) = st.counts();
    let why = match st.reason {
        Some(Reason::Extinct) => tr(lang, "extinction"),
        Some(Reason::Manual) => tr(lang, "ended"),
        Some(Reason::Stalemate) => tr(lang, "budget stalemate"),
        Some(Reason::Win) => tr(lang, "every enemy cell is gone"),
        Some(Reason::Defeat) => tr(lang, "the budget is spent"),
        None => "",
    };
    if st.campaign.is_some() {
        return match st.reason {
            Some(Reason::Win) => (format!("{} ({why})", tr(lang, "Level cleared!")), P1_COLOR),
            Some(Reason::Defeat) => (format!("{}: {why}", tr(lang, "Defeat")), P2_COLOR),
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

#[cfg(test)]
mod tests {
    use super::{line_cells, wheel_turns, WHEEL_STEP};

    #[test]
    fn the_wheel_turns_a_stamp_once_a_notch_down_clockwise() {
        let mut acc = 0.0;
        assert_eq!(wheel_turns(&mut acc, -40.0), 0, "a touchpad's small steps add up");
        assert_eq!(wheel_turns(&mut acc, -60.0), 1, "wheel down is +1");
        assert_eq!(wheel_turns(&mut acc, WHEEL_STEP), 3, "wheel up is -1");
        assert_eq!(wheel_turns(&mut acc, -2.0 * WHEEL_STEP), 2, "two notches at once");
        assert_eq!(acc, 0.0);
    }

    #[test]
    fn a_drag_line_crosses_every_cell_between_its_ends() {
        assert_eq!(line_cells((2, 2), (2, 2)), vec![]);
        assert_eq!(line_cells((0, 0), (4, 0)), vec![(1, 0), (2, 0), (3, 0), (4, 0)]);
        assert_eq!(line_cells((3, 3), (0, 0)), vec![(2, 2), (1, 1), (0, 0)]);
        let l = line_cells((0, 0), (7, 3));
        assert_eq!(l.len(), 7, "one cell per column on a shallow line: {l:?}");
        assert_eq!(l.last(), Some(&(7, 3)));
        assert!(l.windows(2).all(|p| p[0].0.abs_diff(p[1].0) <= 1 && p[0].1.abs_diff(p[1].1) <= 1), "no gaps");
    }
}
