//! A run on screen: the run, the picked action and what the last turn said,
//! and the view's parts by concern (what the board shows, the walk, the
//! dialogs, the pointer). The methods that draw and play each part are
//! written beside it in their own files; none of them is named from here.

mod board;
mod controls;
mod dialog_boxes;
mod run_menu;
mod tile_offers;
mod top_bar;
mod walking;

use super::almanac::{self};
use super::bars::{changed_figures, ring, BarItem, What};
use super::board_view::VIEW;
use super::clip::{self};
use super::common::{effects, last_turns, DEATH_TURNS, DEVELOPER_RED, SAVE};
use super::demo::{self};
use super::devices;
use super::input::{self, Mode, Reach, Rules, Tried};
use super::menu::scores_window;
use super::offer::{self};
use super::paint::{self};
use super::walk::Preview;
use super::words::{death_line, release_message};

use crate::store::explodo::{record_score, SCORES};
use crate::store::{today, Lang, Store};
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText, Sense, Vec2};
use retrace_kernel::explodo::board::Pos;
use retrace_kernel::explodo::items::Offer;
use retrace_kernel::explodo::route::Route;
use retrace_kernel::explodo::{scores, Action, Dialog, Event, Explodo, RunPhase, Setup, State};
use retrace_kernel::say::Say;
use retrace_kernel::{Rejection, Session};

/// A run on screen: the run, the picked action and what the last turn
/// said, and the view's parts by concern.
pub struct ExplodoView {
    /// The run (a replay like every session).
    pub session: Session<Explodo>,
    /// The picked action.
    pub mode: Mode,
    /// The action was picked on purpose (a button or its key): then even a
    /// deadly move is made; a shortcut refuses one.
    pub picked: bool,
    /// The last message (a refusal, a death, an explanation).
    pub message: Option<Say>,
    /// What the last turn did (its events), for the log under the board.
    pub log: Vec<Event>,
    /// The run's end has been recorded on the score board.
    pub(super) recorded: bool,
    /// Pad presses not yet handled (the shell fills it each frame).
    pub pad: Vec<crate::pad::Button>,
    /// The place the finished run took on the board.
    pub place: Option<usize>,
    /// Sound effects the last turns asked for; the shell plays and empties it.
    pub sounds: Vec<crate::sound::Effect>,
    /// The demo's place (a scene of the fixed order, and the shuffle),
    /// kept in step with the settings by the shell.
    pub demo_place: demo::Place,
    /// The top-bar figures the last turn changed, and when (they bump).
    pub bumps: (Vec<BarItem>, f64),
    /// A turn's sounds still to come, each with when (egui's clock), moved
    /// to `sounds` as their moment comes.
    pub(super) timed_sounds: Vec<(crate::sound::Effect, f64)>,
    /// egui's clock at the last frame (a turn's sounds are timed from it).
    pub(super) clock: f64,
    /// Sound on (the setting; the shell keeps them in step).
    pub sound: bool,
    /// Each turn's events in the bar beside the board (the setting, off by
    /// default; the shell keeps them in step).
    pub event_log: bool,
    /// A pad's rumble on (the setting; the shell keeps them in step).
    pub vibration: bool,
    /// See [`OnScreen`].
    pub screen: OnScreen,
    /// See [`Walking`].
    pub walking: Walking,
    /// See [`Dialogs`].
    pub dialogs: Dialogs,
    /// See [`Pointer`].
    pub pointer: Pointer,
    /// The rules as the input asks them (counted; a tap asks once).
    pub rules: Rules,
}

/// What the board view shows besides the run: where the camera is and
/// where the player looks, the last turn's animation, the level-start banner.
#[derive(Default)]
pub struct OnScreen {
    /// The view's top-left corner in tiles (fractional while it glides).
    pub camera: (f32, f32),
    /// Where the player looks (dragging, Alt + arrows), in place of following
    /// the cursor or you; Home or an action follows again.
    pub look: Option<(f32, f32)>,
    /// The board (level, attempt) the view was last placed on.
    pub(super) camera_board: Option<(u32, u32)>,
    /// The last turn's animation and when it started (set when first
    /// drawn); the next action replaces it, so it never delays input.
    pub(super) anim: Option<(paint::Motion, Option<f64>)>,
    /// The level-start banner: the level and attempt it is for, and when it
    /// went up (`None` once an action or the time took it down).
    pub(super) banner: Option<((u32, u32), crate::platform::Instant)>,
    /// The level and attempt the last banner was for.
    pub(super) bannered: Option<(u32, u32)>,
    /// How tall the bars around the board were last frame (the action bar
    /// wraps in a narrow window), so the board takes the height left.
    pub(super) chrome: Option<f32>,
    /// The view's size in tiles this frame ([`view_tiles`](super::board_view::view_tiles)): the whole
    /// board, or the 9 × 13 that follows you.
    pub(super) tiles: Option<(i32, i32)>,
}

impl OnScreen {
    /// The view's size in tiles on `s`'s board: this frame's, or before the
    /// first frame the following view's.
    pub fn view_tiles(&self, s: &State) -> (i32, i32) {
        let (w, h) = (s.board.layout.w, s.board.layout.h);
        self.tiles.filter(|&(vw, vh)| vw <= w && vh <= h).unwrap_or((w.min(VIEW.0), h.min(VIEW.1)))
    }

    /// Whether the level-start banner is up.
    pub fn banner_up(&self) -> bool {
        self.banner.is_some()
    }

    /// The last turn's animation, while it plays.
    pub fn animation(&self) -> Option<&paint::Motion> {
        self.anim.as_ref().map(|(m, _)| m)
    }
}

/// Auto-move and autopilot: where the walk goes, the way there, when it
/// last stepped, and whether autopilot is on or stopped.
#[derive(Default)]
pub struct Walking {
    /// Auto-move's destination, while walking there.
    pub walk: Option<Pos>,
    /// The way there (or to the tile pointed at), for one step of the run:
    /// (step, destination, the way), worked out again every turn.
    pub(super) route: Option<(u32, Pos, Option<Route>)>,
    /// When auto-move or autopilot last stepped by itself (egui's clock).
    pub(super) walked_at: f64,
    /// Autopilot is on (the setting; the shell keeps them in step).
    pub autopilot: bool,
    /// Autopilot stopped (no safe turn, or Esc) until the player acts.
    pub pilot_stopped: bool,
    /// When autopilot took the board (egui's clock): it waits one beat
    /// before its first step, so the player sees it coming.
    pub(super) pilot_since: Option<f64>,
}

impl Walking {
    /// Autopilot has the board of `s`: on, not stopped, every enemy gone,
    /// the level in play.
    pub fn piloting(&self, s: &State) -> bool {
        self.autopilot && !self.pilot_stopped && s.enemies.list.is_empty() && s.run.phase == RunPhase::Playing
    }

    /// What autopilot is about while it has the board (the note over the
    /// action bar): waiting for bombs to go off or crates to crumble, off to
    /// the coins, charges and the gem, or to the exit.
    pub fn note(&self, s: &State) -> Option<&'static str> {
        if !self.piloting(s) {
            return None;
        }
        let pickups = !s.board.drops.is_empty() || (s.board.gem_revealed && !s.board.gem_taken);
        Some(if !s.bombs.list.is_empty() {
            "Autopilot: waiting for the bombs"
        } else if !s.board.crumbling.is_empty() {
            "Autopilot: waiting for the crates"
        } else if pickups {
            "Autopilot: cleaning up"
        } else {
            "Autopilot: off to the exit"
        })
    }
}

/// A cleared level's moment (issue 62, item 3): the level, its turns and
/// par, the coins it brought, whether the shop comes next, and the board as
/// the last turn found it.
#[derive(Clone)]
pub struct Cleared {
    /// The level cleared.
    pub level: u32,
    /// Turns it took.
    pub turns: u32,
    /// Its par.
    pub par: u32,
    /// Coins it brought.
    pub coins: u32,
    /// The shop comes next (after levels 3, 6, 9, 12, 15 and 18).
    pub shop: bool,
    /// The board before the last turn.
    pub board: State,
}

/// The windows and dialogs over the board: the score board, the almanac,
/// the demo, the run menu and its question, first-time explanations and their
/// clips, the selected card or item, the death seen again, the bug report, the
/// level-cleared banner.
#[derive(Default)]
pub struct Dialogs {
    /// The score board is showing.
    pub show_scores: bool,
    /// The almanac, while its window is open.
    pub almanac: Option<almanac::Almanac>,
    /// The demo, while its window is open.
    pub demo: Option<demo::Demo>,
    /// The last death seen again: how it happened and the run's states over
    /// the turns before it (the kernel's, replayed from the log), looping in
    /// the life-lost or game-over banner until dismissed.
    pub death: Option<(Say, Vec<State>)>,
    /// The bug report being written (its note), while its window is open.
    pub bug_note: Option<String>,
    /// The last bug report written.
    pub bug_written: Option<std::path::PathBuf>,
    /// The in-run menu is open.
    pub menu: bool,
    /// The menu entry the pad's d-pad has selected ([`menu::MENU`]).
    pub menu_sel: usize,
    /// New run was asked for in the menu: the question is up.
    pub(super) confirm_new: bool,
    /// The pad's answer to that question, for the next frame's window.
    pub(super) pad_answer: Option<bool>,
    /// The game was opened from home: its first frame opens the demo
    /// (issue 43 item 8), where the last one left off.
    pub(super) opening: bool,
    /// The Changes entry whose demo scene plays in the menu.
    pub change_clip: Option<usize>,
    /// That scene's clip.
    pub change_slot: clip::Slot,
    /// A level just cleared: its own moment (the board as it was left, the
    /// turns against par, the coins) before the next level or the shop.
    pub cleared: Option<Cleared>,
    /// A first-time explanation on screen: a power-up's or charge's first
    /// time in this run (what it is, and what it does).
    pub explain: Option<Offer>,
    /// "Which?": the actions a tapped tile allows when it allows several (a
    /// bomb next to you with Kick and Bomb Pass, or the Detonator).
    pub which: Option<Vec<Action>>,
    /// A top-bar item or an action button explaining itself.
    pub what: Option<What>,
    /// The clip a dialog shows (the selected card's, the explained power-up's
    /// or charge's), kept while the same offer is on show.
    pub(super) clip: clip::Slot,
    /// The power-ups explained in this run, a bit each.
    pub(super) explained: u32,
    /// The card or shop item selected in the dialog on top (the first
    /// offered one is selected when a dialog opens or the selected one goes).
    pub selected: usize,
}

impl Dialogs {
    /// Whether a window over the board holds the keys: the life-lost
    /// banner, a first-time explanation, the bug report, "which?", "what
    /// is that?". Enter answers the first two (Continue, Got it); the
    /// board's keys wait.
    pub fn holds_keys(&self) -> bool {
        self.death.is_some()
            || self.explain.is_some()
            || self.bug_note.is_some()
            || self.which.is_some()
            || self.what.is_some()
    }

    /// Closes the topmost window over the board (the question, "which?",
    /// "what is that?", a first-time explanation, the death seen again, the
    /// bug report, the almanac, the scores, the menu), as Esc does;
    /// false when none is open.
    pub fn close_top(&mut self) -> bool {
        // The first one open is closed; `||` stops there.
        std::mem::take(&mut self.confirm_new)
            || self.which.take().is_some()
            || self.what.take().is_some()
            || self.explain.take().is_some()
            || self.death.take().is_some()
            || self.bug_note.take().is_some()
            || self.almanac.take().is_some()
            || std::mem::take(&mut self.show_scores)
            || std::mem::take(&mut self.menu)
    }

    /// Whether anything of the window's is open over the board: a window
    /// holding the keys, the menu, the almanac or demo, the scores, a
    /// cleared level's banner. Autopilot and auto-move wait while it is.
    pub fn over_board(&self) -> bool {
        self.holds_keys()
            || self.menu
            || self.almanac.is_some()
            || self.demo.is_some()
            || self.show_scores
            || self.cleared.is_some()
    }

    /// The topic of the clip a dialog shows now (None when none is on show).
    pub fn clip_shown(&self) -> Option<retrace_kernel::explodo::scene::Topic> {
        self.clip.topic()
    }

    /// How the last life was lost, and the turns before it, round and round.
    pub fn last_turns(&self, ui: &mut egui::Ui, lang: Lang) {
        let Some((text, frames)) = &self.death else { return };
        ui.label(death_line(text, lang));
        if let Some(last) = frames.last() {
            let n = frames.len();
            // A pause on the last board before it starts again.
            let k = ((ui.input(|i| i.time) * 3.0) as usize) % (n + 3);
            let s = &frames[k.min(n - 1)];
            let cell = (260.0 / last.board.layout.w as f32).min(200.0 / last.board.layout.h as f32);
            let (r, _) = ui.allocate_exact_size(
                Vec2::new(cell * last.board.layout.w as f32, cell * last.board.layout.h as f32),
                Sense::hover(),
            );
            paint::paint(&ui.painter_at(r), r, s);
            ui.label(RichText::new(format!("{} {}/{n}", tr(lang, "Turn"), k.min(n - 1) + 1)).small());
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(150));
        }
    }
}

/// The keyboard's and pad's cursor and what it shows: asking what things
/// are, the pad in use, the picked action's tiles, the danger overlay.
#[derive(Default)]
pub struct Pointer {
    /// The keyboard's and pad's cursor (Shift + arrows, the d-pad): the tile
    /// the next action aims at, back on you after each turn.
    pub cursor: Option<Pos>,
    /// "What is that?" (`?`, R1): the cursor aims at things to explain.
    pub asking: bool,
    /// The pad was the last input (a key or a click hands back): dialogs
    /// show its face buttons.
    pub pad_in_use: bool,
    /// Every tile's offer (step, mode, picked, walk; the offers), worked
    /// out once for each (issue 43 item 3).
    pub(super) offers: Option<(offer::OffersKey, offer::Offers)>,
    /// Where the far actions land from where you stand (step; landings),
    /// worked out once a step, for the taps of that step.
    pub(super) reach: Option<(u32, Reach)>,
    /// The preview shown (step, mode, picked, tile; its ghost).
    pub(super) ghost: Option<(offer::GhostKey, Option<offer::Ghost>)>,
    /// A tile next to you pressed and held for a bomb, while it is held.
    pub hold: Option<input::BombHold>,
    /// The press slid off the held tile: no new hold until it is let go.
    pub(super) hold_spent: bool,
    /// The picked action's tiles (step, mode, tiles with whether each is
    /// deadly), worked out once per step and pick.
    pub(super) targets: Option<(u32, Mode, Targets)>,
    /// The danger overlay and whether waiting is deadly, worked out once per
    /// step (the window redraws far more often than the run moves).
    pub(super) preview: Option<Preview>,
}

impl Pointer {
    /// The keyboard's and pad's cursor: a dashed square (yellow while
    /// asking "What is that?").
    pub fn paint_cursor(&self, painter: &egui::Painter, rect: egui::Rect, cell: f32) {
        if let Some(c) = self.cursor {
            let r = egui::Rect::from_min_size(
                rect.min + Vec2::new(c.x as f32 * cell, c.y as f32 * cell),
                Vec2::splat(cell),
            )
            .shrink(2.0);
            let colour = if self.asking { Color32::YELLOW } else { Color32::WHITE };
            crate::ui::widgets::dashed_rect(painter, r, egui::Stroke::new(2.0, colour), cell * 0.18, cell * 0.1);
        }
    }

    /// The held tile's ring, filling clockwise from the top, and once armed
    /// the bomb faded on the tile with its blast.
    pub fn paint_hold(&self, painter: &egui::Painter, rect: egui::Rect, cell: f32, s: &State, now: f64) {
        let Some(h) = self.hold else { return };
        let centre = |p: Pos| rect.min + Vec2::new((p.x as f32 + 0.5) * cell, (p.y as f32 + 0.5) * cell);
        if h.armed(now) {
            super::offer::paint_faded_bomb(painter, &centre, cell, h.tile, &super::offer::your_blast(s, h.tile));
        }
        ring(
            painter,
            centre(h.tile),
            cell * 0.42,
            h.progress(now),
            egui::Stroke::new((cell * 0.07).max(2.0), Color32::WHITE),
        );
    }
}

/// Tiles a picked action can use, each with whether it is deadly.
pub(super) type Targets = Vec<(Pos, bool)>;

/// What the screen asks the shell to do.
pub enum ExplodoRequest {
    /// Start another run.
    NewRun(Setup, u64),
    /// Back to the menu.
    Menu,
}

impl ExplodoView {
    /// A new run.
    pub fn new(setup: Setup, seed: u64) -> ExplodoView {
        ExplodoView::resume(Session::new(setup, seed).expect("every Explodorama setup starts"))
    }

    /// Continues a saved (or forked) run.
    pub fn resume(session: Session<Explodo>) -> ExplodoView {
        let recorded = session.state().run.phase != RunPhase::Playing;
        ExplodoView {
            session,
            mode: Mode::Move,
            picked: false,
            message: None,
            log: Vec::new(),
            recorded,
            pad: Vec::new(),
            place: None,
            sounds: Vec::new(),
            timed_sounds: Vec::new(),
            clock: 0.0,
            demo_place: demo::Place::default(),
            bumps: (Vec::new(), f64::NEG_INFINITY),
            sound: true,
            event_log: false,
            vibration: true,
            screen: OnScreen::default(),
            walking: Walking { autopilot: true, ..Walking::default() },
            dialogs: Dialogs::default(),
            pointer: Pointer::default(),
            rules: Rules::default(),
        }
    }

    /// Plays an action: refusals become the message; the run is saved; a
    /// finished run goes on the score board once.
    pub fn push(&mut self, store: &Store, a: Action) {
        let before = self.session.state().clone();
        match self.session.push(a) {
            Ok(events) => self.after_turn(store, &before, events),
            Err(r) => self.refused(r),
        }
        self.record(store);
    }

    /// Plays a turn already tried ([`Rules::try_turn`]): the session takes
    /// that very turn, so the rules are not asked again.
    pub fn commit(&mut self, store: &Store, t: Tried) {
        let before = self.session.state().clone();
        let Tried { action, after, events, .. } = t;
        let pushed = self.session.push_with(action, move |st, _| {
            *st = after;
            Ok(events)
        });
        match pushed {
            Ok(events) => self.after_turn(store, &before, events),
            Err(r) => self.refused(r),
        }
        self.record(store);
    }

    /// A refusal: its reason is the message, with the refused sound.
    pub(super) fn refused(&mut self, r: Rejection) {
        self.message = Some(r.0);
        self.sounds.push(crate::sound::Effect::Refused);
    }

    /// Where the far actions land this step (worked out once a step).
    pub(super) fn reach(&mut self) -> Reach {
        let step = self.session.step();
        match self.pointer.reach {
            Some((at, r)) if at == step => r,
            _ => {
                let r = Reach::of(self.session.state());
                self.pointer.reach = Some((step, r));
                r
            }
        }
    }

    /// What follows a turn the run took: its animation, bumps and sounds,
    /// the first-time explanations, a cleared level's banner, a death seen
    /// again, the message, and the save.
    fn after_turn(&mut self, store: &Store, before: &State, events: Vec<Event>) {
        self.screen.anim = Some((paint::Motion::of_turn(before, &events, self.session.state()), None));
        self.bumps = (changed_figures(before, self.session.state()), self.clock);
        // The first at once, the rest when their moment comes.
        let now = self.clock;
        for (e, at) in effects(&events) {
            self.timed_sounds.push((e, now + f64::from(at)));
        }
        let died = events.iter().find_map(|e| match e {
            Event::LifeLost(t) | Event::RunOver(t) => Some(t.clone()),
            _ => None,
        });
        // The first power-up or charge of a kind: a dialog, not only a log line.
        for e in &events {
            match e {
                Event::ChargeExplained(c) => self.dialogs.explain = Some(Offer::Charge(*c)),
                Event::PowerTaken(p) if self.dialogs.explained & p.bit() == 0 => {
                    self.dialogs.explained |= p.bit();
                    self.dialogs.explain = Some(Offer::Power(*p));
                }
                _ => {}
            }
        }
        let shop = self.session.state().run.dialogs.iter().any(|d| matches!(d, Dialog::Shop { .. }));
        self.dialogs.cleared = events.iter().find_map(|e| match e {
            Event::LevelCleared { level, turns, par, coins } => {
                Some(Cleared { level: *level, turns: *turns, par: *par, coins: *coins, shop, board: before.clone() })
            }
            _ => None,
        });
        if let Some(text) = died {
            self.dialogs.death = Some((text, last_turns(&self.session, self.session.step(), DEATH_TURNS)));
        }
        self.message = release_message(before, &events, self.session.state());
        self.log = events;
        self.mode = Mode::Move;
        self.picked = false;
        // The view follows you again, and the cursor starts on you each turn.
        self.screen.look = None;
        if self.pointer.cursor.is_some() {
            self.pointer.cursor = Some(self.session.state().player.at);
        }
        // A test run never replaces the run in progress.
        if !self.session.state().run.setup.test() {
            if let Err(e) = store.save(SAVE, &self.session) {
                self.message = Some(e.into());
            }
        }
    }

    pub(super) fn record(&mut self, store: &Store) {
        if self.recorded {
            return;
        }
        let Some(score) = scores::score(self.session.state(), &today()) else {
            if self.session.state().run.phase != RunPhase::Playing {
                self.recorded = true; // An Immortal run: not listed.
            }
            return;
        };
        self.recorded = true;
        let (place, problem) = record_score(&store.path(SCORES), score);
        self.place = place;
        if let Some(m) = problem {
            self.message = Some(m.into());
        }
        store.forget(SAVE);
    }

    /// Moves the turn's sounds whose moment has come to `sounds` (the
    /// shell plays them), and asks for a frame when the next is due.
    pub(super) fn due_sounds(&mut self, ctx: &egui::Context) {
        let now = self.clock;
        let (due, later): (Vec<_>, Vec<_>) = self.timed_sounds.drain(..).partition(|&(_, at)| at <= now);
        self.sounds.extend(due.into_iter().map(|(e, _)| e));
        self.timed_sounds = later;
        if let Some(next) = self.timed_sounds.iter().map(|&(_, at)| at).reduce(f64::min) {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64((next - now).max(0.0)));
        }
    }

    /// Draws the screen and handles input.
    pub fn ui(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) -> Option<ExplodoRequest> {
        self.clock = ui.input(|i| i.time);
        self.due_sounds(ui.ctx());
        if self.demo_screen(ui, lang) {
            // The pad answers the demo too (a press plays the opening's).
            self.pad_presses(ui, store);
            return None;
        }
        let mut request = None;
        if !self.session.state().enemies.list.is_empty() {
            self.walking.pilot_stopped = false;
        }
        // The topmost window over the board takes Esc first (issue 62, item
        // 2), and while any is open the board takes no keys: nothing plays
        // behind it (its own keys answer it).
        if ui.input(|i| i.key_pressed(egui::Key::Escape)) && self.dialogs.close_top() {
            ui.ctx().input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
        }
        if !self.dialogs.over_board() && !crate::ui::widgets::modal_open(ui.ctx()) {
            if self.piloting() {
                // The autopilot has the board; the view is still yours.
                self.look_keys(ui);
            } else {
                self.keys(ui, store);
            }
        }
        self.pad_presses(ui, store);
        self.play_area(ui, store, lang);
        self.dialogs(ui, store, lang);
        self.level_banner(ui, lang);
        self.death_banner(ui, lang);
        self.bug_window(ui, store, lang);
        self.explain_window(ui, lang);
        self.which_window(ui, store, lang);
        self.what_window(ui, lang);
        self.almanac_and_demo(ui, store, lang);
        if let Some(r) = self.menu_window(ui, lang) {
            request = Some(r);
        }
        let st = self.session.state();
        let mut show_scores = false;
        if st.run.phase != RunPhase::Playing && !self.dialogs.show_scores {
            // A Developer run's victory is marked red, as its achievements are (the spec).
            let mut frame = egui::Frame::window(&ui.ctx().global_style());
            if st.run.phase == RunPhase::Won && st.run.setup.developer {
                frame = frame.stroke(egui::Stroke::new(3.0, DEVELOPER_RED));
            }
            let title = if st.run.phase == RunPhase::Won { tr(lang, "Victory") } else { tr(lang, "Game over") };
            // One dialog says it all: how the last life went (the last
            // turns' clip), the run, and what next. The scores open over it.
            crate::ui::widgets::dialog(ui.ctx(), "explodo-over", title, Some(frame), |ui| {
                let st = self.session.state();
                match st.run.phase {
                    RunPhase::Won => {
                        ui.label(crate::ui::text::say(
                            lang,
                            &retrace_kernel::say!(
                                "All 20 levels cleared in {0} turns, {1} lives lost.",
                                st.run.total_turns,
                                st.run.lives_lost
                            ),
                        ));
                    }
                    _ if self.dialogs.death.is_some() => self.dialogs.last_turns(ui, lang),
                    _ => {
                        ui.label(st.run.last_death.as_ref().map(|d| death_line(d, lang)).unwrap_or_default());
                    }
                }
                if st.run.phase == RunPhase::Won && st.run.setup.developer {
                    ui.colored_label(DEVELOPER_RED, tr(lang, "Developer mode: this win counts, marked in red"));
                }
                ui.label(crate::ui::text::say(
                    lang,
                    &retrace_kernel::say!(
                        "Seed {0} · {1} coins · {2} kills",
                        st.run.seed,
                        st.player.coins,
                        st.run.kills
                    ),
                ));
                if let Some(p) = self.place {
                    ui.label(crate::ui::text::say(lang, &retrace_kernel::say!("Place {0} on the score board.", p)));
                }
                ui.horizontal(|ui| {
                    // "Run" throughout, never "dungeon" too (issue 62 item 13).
                    if ui.button(tr(lang, "Same seed again")).clicked() {
                        request = Some(ExplodoRequest::NewRun(st.run.setup, st.run.seed));
                    }
                    if ui.button(tr(lang, "New run")).clicked() {
                        request = Some(ExplodoRequest::NewRun(st.run.setup, crate::random_seed()));
                    }
                    if ui.button(tr(lang, "Scores")).clicked() {
                        show_scores = true;
                    }
                    if ui.button(tr(lang, "Menu")).clicked() {
                        request = Some(ExplodoRequest::Menu);
                    }
                });
            });
        }
        self.dialogs.show_scores |= show_scores;
        if self.dialogs.show_scores {
            scores_window(ui.ctx(), store, &mut self.dialogs.show_scores, lang);
        }
        self.click_sound(ui);
        request
    }

    /// A button clicked anywhere on the run's screen this frame clicks.
    pub(super) fn click_sound(&mut self, ui: &egui::Ui) {
        let clicked = ui.ctx().output(|o| {
            o.events
                .iter()
                .any(|e| matches!(e, egui::output::OutputEvent::Clicked(info) if info.role == egui::Role::Button))
        });
        if clicked {
            self.sounds.push(crate::sound::Effect::Click);
        }
    }

    /// The demo (from the run menu) takes the whole screen; its button (or
    /// Esc) brings the run back as it was. Returns whether it is showing.
    pub(super) fn demo_screen(&mut self, ui: &mut egui::Ui, lang: Lang) -> bool {
        if std::mem::take(&mut self.dialogs.opening) && !self.session.state().run.setup.test() {
            let mut d = self.demo_here();
            d.attract = true;
            // A Nintendo pad's letters on the drawing when one is in use.
            if ui.ctx().data(|data| data.get_temp::<bool>(crate::pad::nintendo_id())).unwrap_or(false) {
                d.brand = devices::Brand::Switch;
            }
            self.dialogs.demo = Some(d);
        }
        let Some(d) = &mut self.dialogs.demo else { return false };
        // ← and → change scenes; in the opening's demo any other key plays.
        let (left, right, other) = ui.input(|i| {
            let pressed = |k: egui::Key| i.key_pressed(k);
            let other = i.events.iter().any(|e| {
                matches!(e, egui::Event::Key { key, pressed: true, .. }
                    if !matches!(key, egui::Key::ArrowLeft | egui::Key::ArrowRight))
            });
            (pressed(egui::Key::ArrowLeft), pressed(egui::Key::ArrowRight), other)
        });
        if left || right {
            d.go(d.index as isize + if right { 1 } else { -1 });
        }
        // In the opening's demo a click anywhere plays: the whole screen is
        // a button under the demo's own (which, drawn later, win their clicks).
        let background = ui.interact(ui.max_rect(), egui::Id::unique("explodo-demo-anywhere"), Sense::click());
        let avail = ui.available_size();
        // Room for the heading, the top bar, the caption and the buttons
        // (and the controller's drawing under them).
        let under = if d.input() == devices::Input::Pad { 330.0 } else { 230.0 };
        let width = (avail.x - 16.0).min((avail.y - under) / 0.75).clamp(240.0, 900.0);
        let label = if d.attract { tr(lang, "Play") } else { tr(lang, "Back to the run") };
        let mut back = ui.input(|i| i.key_pressed(egui::Key::Escape));
        back |= d.attract && (other || background.clicked());
        // The demo's column, centred in the window.
        let (button, tv_clicked) = egui::ScrollArea::vertical()
            .show(ui, |ui| {
                let margin = ((ui.available_width() - width) / 2.0).max(0.0);
                ui.horizontal_top(|ui| {
                    ui.add_space(margin);
                    ui.vertical(|ui| {
                        ui.set_max_width(width);
                        let button = ui.button(label).clicked();
                        (button, d.ui(ui, width, lang))
                    })
                    .inner
                })
                .inner
            })
            .inner;
        back |= button || d.attract && tv_clicked;
        // Remembered across starts (the shell keeps it in the settings).
        self.demo_place = d.place();
        if back {
            self.dialogs.demo = None;
            // The key or click that played is spent.
            ui.ctx().input_mut(|i| i.events.clear());
        }
        true
    }

    /// The demo for the input in use (the pad's when a pad was last used),
    /// where that input's list was left, its variants from this run's seed.
    pub(super) fn demo_here(&self) -> demo::Demo {
        let input = if self.pointer.pad_in_use { devices::Input::Pad } else { devices::Input::Mouse };
        demo::Demo::at(self.session.state().run.seed, self.demo_place, input)
    }

    /// Opens the demo on this run's first frame (the game opened from home;
    /// not for a test run): any key, click or pad button then plays.
    pub fn with_opening_demo(mut self) -> ExplodoView {
        self.dialogs.opening = true;
        self
    }
}
