//! MineLayer's window: the classic look (Game menu, smiley, two LED counters),
//! left click to lay or pick up a mine, right click or long press to cycle
//! marks, live hints on clues, win and death pictures, statistics, share card.

pub mod daily;
pub mod day;
mod dialogs;
pub mod help_page;
mod watched;
mod win;
pub mod window;
pub use win::WinMoment;

use super::mines_text::{mt, HELP};
use crate::platform::Instant;
use crate::store::{today, Store};
use eframe::egui::{self, Color32, RichText, Sense, Vec2, WidgetInfo};
use retrace_kernel::mines::{self, stats, Action, Mark, MineLayer, Phase, Tier};
use retrace_kernel::say::Say;
use retrace_kernel::Session;
use std::time::Duration;

/// The smallest and largest side of a MineLayer cell, in points.
pub const MIN_CELL: f32 = 18.0;
/// See [`MIN_CELL`].
pub const MAX_CELL: f32 = 64.0;

/// How long a press must be held to cycle a mark instead of laying a mine.
pub const LONG_PRESS: Duration = Duration::from_millis(450);

/// The save name of the live round.
pub const SAVE: &str = "minelayer";

/// A MineLayer round on screen.
pub struct MinesView {
    /// The round (a replay like every session).
    pub session: Session<MineLayer>,
    /// When the round's clock reads 0 ms.
    clock: Instant,
    /// The mouse is down on a shut cell (the smiley's "surprise" face).
    pressing: bool,
    /// The Statistics dialog is open.
    pub show_stats: bool,
    /// The Help dialog is open.
    pub show_help: bool,
    /// The statistics window asks before it resets.
    asking_reset: bool,
    /// The cell under a held press and when it began (a long press cycles
    /// the mark after [`LONG_PRESS`], with the mouse as with a finger).
    held: Option<(usize, crate::platform::Instant)>,
    /// The press that just cycled a mark: its release lays nothing.
    long_fired: bool,
    /// The Share result dialog is open.
    pub show_share: bool,
    /// The share card shows the solution (the spec's picture) rather than the puzzle.
    pub share_solution: bool,
    /// The round's result has been recorded.
    recorded: bool,
    /// The round's clock file holds this round's zero (written once a
    /// round: the zero never moves while the round is on screen).
    clock_kept: bool,
    /// Last message for the status bar (errors included).
    pub message: Option<Say>,
    /// The win being celebrated (issue 65 item 4), from the moment it came.
    pub win: Option<WinMoment>,
    /// The day, when this is the field of the day (issue 65 item 5).
    pub daily: Option<String>,
    /// The Game menu's Daily field was pressed (the window opens it).
    pub ask_daily: bool,
}

/// Now, in milliseconds since the Unix epoch (the app's wall clock; the
/// rules see only the round's own milliseconds).
fn unix_ms() -> u64 {
    crate::platform::SystemTime::now().duration_since(crate::platform::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

impl MinesView {
    /// A new round on `tier`.
    pub fn new(tier: Tier, seed: u64) -> MinesView {
        let session = Session::new(mines::Setup { tier }, seed).expect("the app only offers valid tiers");
        MinesView::resume(session)
    }

    /// Continues a saved (or forked) round: its clock picks up at the last action's time.
    pub fn resume(session: Session<MineLayer>) -> MinesView {
        let last = session.state().last_ms;
        let recorded = !session.state().active();
        let daily = day::date_of(&session);
        MinesView {
            session,
            clock: Instant::now() - Duration::from_millis(u64::from(last)),
            pressing: false,
            show_stats: false,
            show_help: false,
            asking_reset: false,
            held: None,
            long_fired: false,
            show_share: false,
            share_solution: false,
            recorded,
            clock_kept: false,
            message: None,
            win: None,
            daily,
            ask_daily: false,
        }
    }

    fn now_ms(&self) -> u32 {
        (self.clock.elapsed().as_millis().min(u128::from(u32::MAX)) as u32).max(self.session.state().last_ms)
    }

    fn push(&mut self, store: &Store, action: Action) {
        // Clicks the rules ignore (a clue, a flag on a laid mine) are the original's no-ops.
        if self.session.push(action).is_ok() {
            if let Err(e) = store.save(SAVE, &self.session) {
                self.message = Some(e.into());
            }
            // The clock's zero in wall-clock time, so a resumed round's clock
            // counts the time away too (issue 62 item 11); once a round.
            if !self.clock_kept {
                match store.save_clock(SAVE, &self.round_key(), self.zero_unix_ms()) {
                    Ok(()) => self.clock_kept = true,
                    Err(e) => self.message = Some(e.into()),
                }
            }
        }
        self.record(store);
    }

    /// Which round this is, for its clock file: the tier and the seed.
    fn round_key(&self) -> String {
        format!("{}-{}", self.session.state().tier.key(), self.session.seed())
    }

    /// When the round's clock read 0, in milliseconds since the Unix epoch.
    fn zero_unix_ms(&self) -> u64 {
        unix_ms().saturating_sub(self.clock.elapsed().as_millis() as u64)
    }

    /// Resumes the saved round with its clock running as if it had never
    /// stopped (the spec: a passive wall clock with no pause): the time away
    /// counts, as read from the round's clock file; without one, from its
    /// last action's time.
    pub fn resume_saved(session: Session<MineLayer>, store: &Store) -> MinesView {
        let mut view = MinesView::resume(session);
        if let Some(zero) = store.load_clock(SAVE, &view.round_key()) {
            let away = Duration::from_millis(unix_ms().saturating_sub(zero));
            if let Some(clock) = Instant::now().checked_sub(away) {
                if view.session.state().active() && away.as_millis() >= u128::from(view.session.state().last_ms) {
                    view.clock = clock;
                    view.clock_kept = true;
                }
            }
        }
        view
    }

    /// Records a finished round's result once.
    fn record(&mut self, store: &Store) {
        if self.recorded {
            return;
        }
        if let Some(mut r) = stats::record(self.session.state(), &today()) {
            // The field of the day's rounds under their own key, with its day.
            if let Some(date) = &self.daily {
                (r.tier, r.date) = (day::STATS_KEY.into(), date.clone());
            }
            let path = store.mines_stats_path();
            let mut st = crate::store::mines::load_stats(&path);
            if r.result == stats::Outcome::Win {
                self.win = Some(WinMoment::new(&st, &r.tier, r.seconds));
            }
            st.push(r);
            // The spec's rule: a statistics file that cannot be saved is
            // silent to the player (the round is unaffected); it is logged.
            if let Err(e) = crate::store::mines::save_stats(&path, &st) {
                use std::io::Write as _;
                let _ = writeln!(std::io::stderr(), "{}: cannot save statistics: {e}", path.display());
            }
            self.recorded = true;
        } else if self.session.state().phase == Phase::GaveUp {
            self.recorded = true;
        }
    }

    fn face(&self) -> Face {
        match self.session.state().phase {
            Phase::Won => Face::Cool,
            Phase::Dead => Face::Dead,
            _ if self.pressing => Face::Surprise,
            _ => Face::Smile,
        }
    }

    fn status(&self, lang: &str) -> String {
        let s = self.session.state();
        match s.phase {
            Phase::Ready => mt(lang, "Lay a mine on every square where one must be.").into(),
            // One mine is "1 mine left." in every language that says it so.
            Phase::Playing if s.mines_left() == 1 => mt(lang, "1 mine left.").to_string(),
            Phase::Playing => mt(lang, "{n} mines left.").replace("{n}", &s.mines_left().to_string()),
            Phase::Won => mt(lang, "Field secured — all {mines} mines laid in {time} s.")
                .replace("{mines}", &s.total.to_string())
                .replace("{time}", &s.final_seconds().min(mines::TIME_CAP).to_string()),
            Phase::Dead => mt(lang, "Misplaced mine — that square was safe.").into(),
            Phase::GaveUp => mt(lang, "Solution revealed.").into(),
        }
    }

    /// Draws the window; returns a request to start a new field on this tier.
    pub fn ui(&mut self, ui: &mut egui::Ui, store: &Store, settings: &mut crate::store::Settings) -> Option<Tier> {
        let mut new_field: Option<Tier> = None;
        let tier = self.session.state().tier;
        let lang = settings.mines_lang.clone();
        let l = lang.as_str();
        // A dialog open over the board has the keys (issue 62 item 2).
        let dialog_up = crate::ui::widgets::modal_open(ui.ctx());
        if !dialog_up && ui.input(|i| crate::ui::widgets::pressed_once(i, egui::Key::F2)) {
            new_field = Some(tier);
        }
        // The classic title bar.
        egui::Frame::new().fill(Color32::from_rgb(0, 0, 128)).inner_margin(egui::Margin::symmetric(6, 3)).show(
            ui,
            |ui| {
                ui.set_width(ui.available_width());
                let title = match &self.daily {
                    Some(date) => format!("💣 MineLayer — {} {date}", mt(l, "Daily field")),
                    None => "💣 MineLayer".into(),
                };
                ui.label(RichText::new(title).color(Color32::WHITE).strong());
            },
        );
        ui.horizontal(|ui| {
            ui.menu_button(mt(l, "Game"), |ui| {
                for (name, t) in [
                    (mt(l, "Beginner"), Tier::Beginner),
                    (mt(l, "Intermediate"), Tier::Intermediate),
                    (mt(l, "Expert"), Tier::Expert),
                ] {
                    // A bullet the default fonts have ("●" is not in them: a box, or a panic in tests).
                    let mark = if tier == t { "• " } else { "   " };
                    if ui.button(format!("{mark}{name}")).clicked() {
                        // Picking the current tier is a no-op, as in the original.
                        if tier != t {
                            new_field = Some(t);
                        }
                        ui.close();
                    }
                }
                if ui.button(mt(l, "Daily field")).clicked() {
                    self.ask_daily = true;
                    ui.close();
                }
                ui.separator();
                ui.checkbox(&mut settings.mines_assist, mt(l, "Live hints"));
                if ui.button(mt(l, "Statistics")).clicked() {
                    self.show_stats = true;
                    ui.close();
                }
                if ui.button(mt(l, "Help")).clicked() {
                    self.show_help = true;
                    ui.close();
                }
                if ui.add_enabled(self.session.state().active(), egui::Button::new(mt(l, "Reveal solution"))).clicked()
                {
                    let ms = self.now_ms();
                    self.push(store, Action::Reveal { ms });
                    ui.close();
                }
            });
            if self.session.state().phase == Phase::Won && ui.button(mt(l, "Share result")).clicked() {
                self.show_share = true;
            }
        });
        ui.separator();
        // HUD: mines-left LED, smiley, time LED.
        let s = self.session.state();
        let secs = s.seconds_at(self.now_ms()).min(mines::TIME_CAP);
        let left = s.mines_left();
        ui.horizontal(|ui| {
            led(ui, left, mt(l, "Mines left"));
            ui.add_space(16.0);
            if face_button(ui, self.face(), mt(l, "New game"))
                .on_hover_text(format!("{} (F2)", mt(l, "New game")))
                .clicked()
            {
                new_field = Some(tier);
            }
            ui.add_space(16.0);
            led(ui, secs, mt(l, "Time in seconds"));
        });
        if self.session.state().phase == Phase::Playing {
            ui.ctx().request_repaint_after(Duration::from_millis(250));
        }
        self.board(ui, store, settings.mines_assist);
        ui.label(self.status(l));
        if let Some(w) = &self.win {
            ui.label(RichText::new(w.line(l)).color(win::WIN_GOLD).strong());
        }
        if let Some(m) = &self.message {
            ui.colored_label(Color32::from_rgb(220, 80, 60), m.to_string());
        }
        self.dialogs(ui.ctx(), store, settings);
        new_field
    }

    fn board(&mut self, ui: &mut egui::Ui, store: &Store, assist: bool) {
        let st = self.session.state().clone();
        let (rows, cols) = (st.field.rows as usize, st.field.cols as usize);
        // The board takes the room it has (a cell from 18 to 64 points: a
        // Beginner field fills a big window, an Expert one still fits a
        // small one), centred across the window (issue 40).
        let avail = ui.available_size() - Vec2::new(0.0, 48.0);
        let cell = (avail.x / cols as f32).min(avail.y / rows as f32).clamp(MIN_CELL, MAX_CELL);
        let size = Vec2::new(cell * cols as f32, cell * rows as f32);
        let (row, _) = ui.allocate_exact_size(Vec2::new(ui.available_width().max(size.x), size.y), Sense::hover());
        let rect = egui::Rect::from_center_size(row.center(), size);
        crate::ui::widgets::set_board(ui.ctx(), rect, None);
        let painter = ui.painter_at(rect);
        let mut pressing = false;
        // The keyboard (issue 40): an arrow with nothing focused focuses the
        // middle square; then the arrows move between squares (egui's focus
        // moves by direction), Enter or Space lays or lifts a mine as a
        // click does, and F cycles the mark as a right click does.
        let dialog_up = crate::ui::widgets::modal_open(ui.ctx());
        if !dialog_up {
            crate::ui::widgets::focus_on_arrow(ui, ui.scope_id().with(("mine-cell", rows / 2 * cols + cols / 2)));
        }
        // F acts once a press (issue 62, item 10): a held F's repeats would
        // cycle the mark on and on.
        let cycle_key =
            !dialog_up && ui.input(|i| !i.modifiers.any() && crate::ui::widgets::pressed_once(i, egui::Key::F));
        // Enter and Space likewise: a held one would lay and lift a mine on
        // the focused square on every repeat.
        crate::ui::widgets::drop_repeats(ui, &[egui::Key::Enter, egui::Key::Space]);
        // The win's mines light up one after another (issue 65 item 4).
        let now = ui.input(|i| i.time);
        let mines: Vec<usize> =
            if self.win.is_some() { (0..rows * cols).filter(|&i| st.field.mine[i]).collect() } else { Vec::new() };
        if let Some(w) = &mut self.win {
            w.start.get_or_insert(now);
            if w.lighting(now) {
                ui.ctx().request_repaint();
            }
        }
        for i in 0..rows * cols {
            let (r, c) = (i / cols, i % cols);
            let cr =
                egui::Rect::from_min_size(rect.min + Vec2::new(c as f32 * cell, r as f32 * cell), Vec2::splat(cell));
            let id = ui.scope_id().with(("mine-cell", i));
            let resp = ui.interact(cr, id, Sense::click());
            let label = format!("row {} column {}", r + 1, c + 1);
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, &label));
            let clue = st.field.clue[i];
            paint_square(&painter, cr, cell, &st, i, assist);
            if let (Some(w), Ok(k)) = (&self.win, mines.binary_search(&i)) {
                win::paint_lit(&painter, cr, cell, w.glow(k, mines.len(), now));
            }
            if resp.has_focus() {
                // The focused square: a dashed ring inside its edge.
                let stroke = egui::Stroke::new(2.0, Color32::from_rgb(0, 0, 200));
                crate::ui::widgets::dashed_rect(&painter, cr.shrink(cell * 0.12), stroke, 4.0, 3.0);
            }
            if !st.active() || clue {
                continue;
            }
            if resp.has_focus() && cycle_key {
                self.push(store, Action::Cycle { cell: i as u16 });
            }
            let primary_down = ui.input(|inp| inp.pointer.primary_down());
            if resp.is_pointer_button_down_on() {
                pressing = true;
                if primary_down {
                    match self.held {
                        Some((c, since)) if c == i => {
                            if !self.long_fired && since.elapsed() >= LONG_PRESS {
                                self.long_fired = true;
                                self.push(store, Action::Cycle { cell: i as u16 });
                            } else if !self.long_fired {
                                ui.ctx().request_repaint_after(Duration::from_millis(50));
                            }
                        }
                        _ => {
                            self.held = Some((i, crate::platform::Instant::now()));
                            self.long_fired = false;
                            ui.ctx().request_repaint_after(Duration::from_millis(50));
                        }
                    }
                }
            }
            if resp.clicked() {
                // The release of a long press lays nothing (the spec's suppressClick).
                if !std::mem::take(&mut self.long_fired) {
                    let ms = self.now_ms();
                    self.push(store, Action::Toggle { cell: i as u16, ms });
                }
                self.held = None;
            } else if resp.secondary_clicked() {
                self.push(store, Action::Cycle { cell: i as u16 });
            }
        }
        self.pressing = pressing;
        if !pressing {
            // Released or moved off the cell: no long press pending.
            self.held = None;
        }
    }

    /// Statistics, Help and Share: dialogs over the board (issue 62 item 2),
    /// one at a time, each taking the keys while it is open (the board
    /// behind gets none) and closed by Esc, a click beside it or Close,
    /// never the game.
    fn dialogs(&mut self, ctx: &egui::Context, store: &Store, settings: &mut crate::store::Settings) {
        let lang = settings.mines_lang.clone();
        let l = lang.as_str();
        if self.show_stats {
            let (closed, reset) = self.stats_dialog(ctx, store, l);
            if closed {
                self.show_stats = false;
                self.asking_reset = false;
            }
            if reset {
                let path = store.mines_stats_path();
                if let Err(e) = crate::store::mines::save_stats(&path, &stats::Stats::default()) {
                    self.message = Some(format!("{}: cannot reset statistics: {e}", path.display()).into());
                }
            }
        } else if self.show_help {
            let (button, close) = crate::ui::widgets::dialog(ctx, "mines-help", mt(l, "Help"), None, |ui| {
                for k in HELP {
                    ui.label(mt(l, k));
                }
                ui.button(mt(l, "Close")).clicked()
            });
            if button || close {
                self.show_help = false;
            }
        } else if self.show_share {
            let (button, close) = crate::ui::widgets::dialog(ctx, "mines-share", mt(l, "Share result"), None, |ui| {
                self.share_body(ui, settings)
            });
            if button || close {
                self.show_share = false;
            }
        }
    }
}

/// A clue's square (opened, flat).
pub const OPENED: Color32 = Color32::from_gray(214);
/// A satisfied clue with live hints on: the spec's #808080, flat.
pub const SATISFIED: Color32 = Color32::from_gray(128);
/// A square not opened: lighter than a satisfied clue, and raised.
pub const SHUT: Color32 = Color32::from_gray(180);
/// The shaded edges of a raised square.
const SHADE: Color32 = Color32::from_gray(96);

/// The smiley's four faces.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Face {
    Smile,
    Surprise,
    Dead,
    Cool,
}

/// The smiley button, drawn with shapes (no emoji font needed).
fn face_button(ui: &mut egui::Ui, face: Face, label: &str) -> egui::Response {
    let (rect, resp) = ui.allocate_exact_size(Vec2::splat(34.0), Sense::click());
    resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label));
    let p = ui.painter_at(rect);
    p.rect_filled(rect, 3.0, Color32::from_gray(190));
    let c = rect.center();
    let ink = egui::Stroke::new(1.5, Color32::BLACK);
    p.circle(c, 12.0, Color32::from_rgb(255, 220, 0), ink);
    let (el, er) = (c + Vec2::new(-4.5, -3.5), c + Vec2::new(4.5, -3.5));
    match face {
        Face::Dead => {
            for e in [el, er] {
                p.line_segment([e + Vec2::new(-2.0, -2.0), e + Vec2::new(2.0, 2.0)], ink);
                p.line_segment([e + Vec2::new(-2.0, 2.0), e + Vec2::new(2.0, -2.0)], ink);
            }
        }
        Face::Cool => {
            p.line_segment(
                [el + Vec2::new(-3.0, 0.0), er + Vec2::new(3.0, 0.0)],
                egui::Stroke::new(3.5, Color32::BLACK),
            );
        }
        _ => {
            p.circle_filled(el, 1.6, Color32::BLACK);
            p.circle_filled(er, 1.6, Color32::BLACK);
        }
    }
    match face {
        Face::Surprise => {
            p.circle_stroke(c + Vec2::new(0.0, 5.0), 2.5, ink);
        }
        Face::Dead => {
            p.line_segment([c + Vec2::new(-5.0, 7.0), c + Vec2::new(5.0, 7.0)], ink);
        }
        _ => {
            let pts: Vec<egui::Pos2> = (0..=8)
                .map(|k| {
                    let a = std::f32::consts::PI * (0.2 + 0.6 * k as f32 / 8.0);
                    c + Vec2::new(-6.0 * a.cos(), 6.0 * a.sin() - 1.0)
                })
                .collect();
            p.add(egui::Shape::line(pts, ink));
        }
    }
    resp
}

/// A mark's glyph on a shut square: a laid mine, a flag, a question mark.
pub fn mark_glyph(mark: Mark) -> &'static str {
    match mark {
        Mark::Mine => "💣",
        Mark::Safe => "🚩",
        Mark::Question => "❓",
        Mark::None => "",
    }
}

/// The seven segments (a top, b top right, c bottom right, d bottom, e bottom
/// left, f top left, g middle) lit for a digit.
pub fn segments(digit: u32) -> [bool; 7] {
    const LIT: [u8; 10] = [0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F];
    let bits = LIT[(digit % 10) as usize];
    std::array::from_fn(|k| bits & (1 << k) != 0)
}

/// An LED counter as the original draws it: three seven-segment digits, lit
/// segments red, unlit ones dark red, on black.
fn led(ui: &mut egui::Ui, value: u32, label: &str) {
    const ON: Color32 = Color32::from_rgb(255, 0, 0);
    const OFF: Color32 = Color32::from_rgb(0x3d, 0, 0);
    let (dw, dh, t) = (13.0, 23.0, 2.5);
    let (rect, r) = ui.allocate_exact_size(Vec2::new(3.0 * (dw + 3.0) + 5.0, dh + 6.0), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, Color32::BLACK);
    let text = format!("{:03}", value.min(999));
    for (k, ch) in text.chars().enumerate() {
        let o = rect.min + Vec2::new(4.0 + k as f32 * (dw + 3.0), 3.0);
        let lit = segments(ch.to_digit(10).unwrap_or(0));
        let seg = |x: f32, y: f32, w: f32, h: f32| egui::Rect::from_min_size(o + Vec2::new(x, y), Vec2::new(w, h));
        let half = dh / 2.0;
        let shapes = [
            seg(t, 0.0, dw - 2.0 * t, t),
            seg(dw - t, t, t, half - 1.5 * t),
            seg(dw - t, half + 0.5 * t, t, half - 1.5 * t),
            seg(t, dh - t, dw - 2.0 * t, t),
            seg(0.0, half + 0.5 * t, t, half - 1.5 * t),
            seg(0.0, t, t, half - 1.5 * t),
            seg(t, half - 0.5 * t, dw - 2.0 * t, t),
        ];
        for (s, on) in shapes.into_iter().zip(lit) {
            painter.rect_filled(s, 0.5, if on { ON } else { OFF });
        }
    }
    r.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, format!("{label}: {value}")));
}

fn number_color(n: u8) -> Color32 {
    match n {
        1 => Color32::from_rgb(0, 0, 255),
        2 => Color32::from_rgb(0, 128, 0),
        3 => Color32::from_rgb(255, 0, 0),
        4 => Color32::from_rgb(0, 0, 128),
        5 => Color32::from_rgb(128, 0, 0),
        6 => Color32::from_rgb(0, 128, 128),
        7 => Color32::BLACK,
        _ => Color32::from_gray(80),
    }
}

/// A MineLayer language's name in the window's language (the codes are
/// [`share::LANGUAGES`]), followed by its own name in its own script where
/// that differs ("Chinese (中文)"), so a player finds their language whatever
/// the window's; the CJK names are drawn with [`crate::ui::fonts::CJK`].
pub fn language_name(code: &str, lang: crate::store::Lang) -> String {
    const NAMES: [(&str, &str, &str); 8] = [
        ("en", "English", "Английский"),
        ("zh", "Chinese", "Китайский"),
        ("es", "Spanish", "Испанский"),
        ("de", "German", "Немецкий"),
        ("fr", "French", "Французский"),
        ("ru", "Russian", "Русский"),
        ("ja", "Japanese", "Японский"),
        ("ko", "Korean", "Корейский"),
    ];
    let two = code.get(..2).unwrap_or(code);
    let Some((_, en, ru)) = NAMES.iter().find(|(c, _, _)| *c == two) else {
        return code.to_string();
    };
    let name = if lang == crate::store::Lang::Ru { *ru } else { *en };
    match super::mines_text::ENDONYMS.iter().find(|(c, _)| *c == two) {
        Some((_, own)) if *own != name => format!("{name} ({own})"),
        _ => name.to_string(),
    }
}

/// One square of the board: its fill, the raised edge of a shut one, and
/// its number or glyph (the mines shown once the round is lost or revealed).
fn paint_square(painter: &egui::Painter, cr: egui::Rect, cell: f32, st: &mines::State, i: usize, assist: bool) {
    let over = st.phase == Phase::Dead || st.phase == Phase::GaveUp;
    let clue = st.field.clue[i];
    let (fill, text, color) = square_look(st, i, assist);
    painter.rect_filled(cr.shrink(1.0), 0.0, fill);
    if !clue && !over {
        // The raised look of a shut cell, lit from the top left and
        // shaded at the bottom right, so that no clue (not even a
        // satisfied one, darkened) reads as a cell not yet opened.
        painter.line_segment([cr.left_top(), cr.right_top()], (2.0, Color32::WHITE));
        painter.line_segment([cr.left_top(), cr.left_bottom()], (2.0, Color32::WHITE));
        painter.line_segment([cr.left_bottom(), cr.right_bottom()], (2.0, SHADE));
        painter.line_segment([cr.right_top(), cr.right_bottom()], (2.0, SHADE));
    }
    if !text.is_empty() {
        painter.text(cr.center(), egui::Align2::CENTER_CENTER, text, egui::FontId::proportional(cell * 0.6), color);
    }
}

/// How square `i` looks: its fill, its text and the text's colour (a
/// clue's number, a mark, the mine or the boom once the round is over).
pub fn square_look(st: &mines::State, i: usize, assist: bool) -> (Color32, String, Color32) {
    let over = st.phase == Phase::Dead || st.phase == Phase::GaveUp;
    let clue = st.field.clue[i];
    if clue {
        let n = st.numbers[i];
        let fill = if assist && st.over(i) {
            Color32::from_rgb(255, 0, 0)
        } else if assist && st.sat(i) && n > 0 {
            // A 0 has nothing to satisfy: it stays an open square, never
            // a dark hole (issue 62 item 13).
            SATISFIED
        } else {
            OPENED
        };
        let color = if assist && st.over(i) { Color32::WHITE } else { number_color(n) };
        (fill, if n == 0 { String::new() } else { n.to_string() }, color)
    } else if over && Some(i as u16) == st.failed {
        (Color32::from_rgb(255, 0, 0), "💥".to_string(), Color32::BLACK)
    } else if over && st.field.mine[i] {
        (Color32::from_gray(190), "💣".to_string(), Color32::BLACK)
    } else {
        (SHUT, mark_glyph(st.marks[i]).to_string(), Color32::BLACK)
    }
}
