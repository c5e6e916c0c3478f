//! Explodorama's window: the board (tiles, objects, enemies with their arrows,
//! bombs with their numbers, flame, drops), the top bar (lives, level,
//! enemies, coins, turn / par, bombs / blast / fuse, abilities, the charge),
//! an action bar (pick an action, then a direction or a tile; the tile you
//! click decides what it does), the gem's cards, the shop and the charge swap
//! as dialogs, the death and end-of-run banners, and the high scores.
//!
//! Keys: arrows or W A S D act in that direction (a step, or the picked
//! action), Q E Z C step diagonally (with Diagonal), Space waits, M B R L K T
//! F X V pick Move, Bomb, Run, Slide, Kick, Throw, RPG, Detonate, Charge; P and
//! I pick the charge too when it is Teleport or ICBM (the spec's keys).

pub mod almanac;
mod bars;
mod board_view;
pub mod clip;
pub mod demo;
mod dialogs;
pub mod gesture;
mod icons;
pub mod input;
mod menu;
pub mod offer;
pub mod paint;
pub mod presses;
mod walk;
pub mod window;
pub use walk::WALK_ON;
mod words;

use bars::*;
pub use bars::{
    bar_text, button_text, changed_figures, top_bar, top_bar_ringed, top_bar_with, BarItem, What, BUMP_SECONDS,
};
pub use board_view::*;
pub use dialogs::watched_dialog;
pub use icons::*;
pub use input::{choices, danger, deadly, tap, toward, Mode};
pub use menu::*;
pub use paint::{bomb_badge, paint, paint_pair};
use walk::*;
pub use words::*;

use super::text::tr;
use crate::store::explodo::{record_score, SCORES};
use crate::store::{today, Lang, Store};
use eframe::egui::{self, Color32, RichText, Sense, Vec2, WidgetInfo};
use retrace_kernel::explodo::board::Pos;
use retrace_kernel::explodo::items::{Charge, Offer, Power, POWERS};
use retrace_kernel::explodo::route::{autopilot, route, Route};
use retrace_kernel::explodo::{scores, Action, Aim, Dialog, Event, Explodo, RunPhase, Setup, State};
use retrace_kernel::say::Say;
use retrace_kernel::Session;

/// The save name of the live run.
pub const SAVE: &str = "explodorama";

/// The new-run form on the home card.
#[derive(Clone, Debug, Default)]
pub struct RunForm {
    /// Empty for a random dungeon; digits, or any text made into a seed.
    pub seed: String,
    /// Developer mode.
    pub developer: bool,
    /// Immortal mode.
    pub immortal: bool,
    /// Test option: the start level (0 or 1: the first).
    pub level: u32,
    /// Test option: a charge carried from the start.
    pub charge: Option<retrace_kernel::explodo::items::Charge>,
    /// Test option: open the shop after this level with 9 coins (0: no).
    pub shop_after: u32,
}

impl RunForm {
    /// The setup the form describes (a shop after a level wins over a start
    /// level: the run starts behind that shop).
    pub fn setup(&self) -> Setup {
        Setup {
            developer: self.developer,
            immortal: self.immortal,
            start_level: if self.shop_after > 0 { 0 } else { self.level },
            charge: self.charge,
            shop_after: self.shop_after,
            ..Default::default()
        }
    }

    /// Starts a run from the form (a random seed when the field is empty).
    pub fn start(&self) -> ExplodoView {
        let seed = retrace_kernel::rng::seed_from_text(&self.seed).unwrap_or_else(crate::random_seed);
        ExplodoView::new(self.setup(), seed)
    }

    /// The test options, in the home card (the spec's URL parameters).
    pub fn test_options(&mut self, ui: &mut egui::Ui, lang: Lang) {
        use retrace_kernel::explodo::items::CHARGES;
        ui.collapsing(tr(lang, "Test options"), |ui| {
            ui.horizontal(|ui| {
                let l = ui.label(tr(lang, "Start at level"));
                ui.add(egui::DragValue::new(&mut self.level).range(1..=20)).labelled_by(l.id);
            });
            ui.horizontal(|ui| {
                let none = tr(lang, "none").to_string();
                egui::ComboBox::from_label(tr(lang, "Charge"))
                    .selected_text(self.charge.map_or(none.clone(), |c| charge_name(c, lang).to_string()))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut self.charge, None, none);
                        for c in CHARGES {
                            ui.selectable_value(&mut self.charge, Some(c), charge_name(c, lang));
                        }
                    });
            });
            ui.horizontal(|ui| {
                let l = ui.label(tr(lang, "Shop after level (0: no)"));
                ui.add(egui::DragValue::new(&mut self.shop_after).range(0..=19)).labelled_by(l.id);
            });
            ui.label(tr(lang, "A test run is never saved over your run and earns no score."));
        });
    }
}

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
    recorded: bool,
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
    timed_sounds: Vec<(crate::sound::Effect, f64)>,
    /// egui's clock at the last frame (a turn's sounds are timed from it).
    clock: f64,
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
    camera_board: Option<(u32, u32)>,
    /// The last turn's animation and when it started (set when first
    /// drawn); the next action replaces it, so it never delays input.
    anim: Option<(paint::Motion, Option<f64>)>,
    /// The level-start banner: the level and attempt it is for, and when it
    /// went up (`None` once an action or the time took it down).
    banner: Option<((u32, u32), std::time::Instant)>,
    /// The level and attempt the last banner was for.
    bannered: Option<(u32, u32)>,
    /// How tall the bars around the board were last frame (the action bar
    /// wraps in a narrow window), so the board takes the height left.
    chrome: Option<f32>,
}

/// Auto-move and autopilot: where the walk goes, the way there, when it
/// last stepped, and whether autopilot is on or stopped.
#[derive(Default)]
pub struct Walking {
    /// Auto-move's destination, while walking there.
    pub walk: Option<Pos>,
    /// The way there (or to the tile pointed at), for one step of the run:
    /// (step, destination, the way), worked out again every turn.
    route: Option<(u32, Pos, Option<Route>)>,
    /// When auto-move or autopilot last stepped by itself (egui's clock).
    walked_at: f64,
    /// Autopilot is on (the setting; the shell keeps them in step).
    pub autopilot: bool,
    /// Autopilot stopped (no safe turn, or Esc) until the player acts.
    pub pilot_stopped: bool,
    /// When autopilot took the board (egui's clock): it waits one beat
    /// before its first step, so the player sees it coming.
    pilot_since: Option<f64>,
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
    confirm_new: bool,
    /// The pad's answer to that question, for the next frame's window.
    pad_answer: Option<bool>,
    /// The game was opened from home: its first frame opens the demo
    /// (issue 43 item 8), where the last one left off.
    opening: bool,
    /// The Changes entry whose demo scene plays in the menu.
    pub change_clip: Option<usize>,
    /// That scene's clip.
    pub change_slot: clip::Slot,
    /// A level cleared with the shop to follow (after levels 3, 6, 9, 12, 15
    /// and 18): its banner (level, turns, par, coins) comes first.
    pub cleared: Option<(u32, u32, u32, u32)>,
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
    clip: clip::Slot,
    /// The power-ups explained in this run, a bit each.
    explained: u32,
    /// The card or shop item selected in the dialog on top (the first
    /// offered one is selected when a dialog opens or the selected one goes).
    pub selected: usize,
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
    offers: Option<(offer::OffersKey, offer::Offers)>,
    /// The preview shown (step, mode, picked, tile; its ghost).
    ghost: Option<(offer::GhostKey, Option<offer::Ghost>)>,
    /// A tile next to you pressed and held for a bomb, while it is held.
    pub hold: Option<input::BombHold>,
    /// The press slid off the held tile: no new hold until it is let go.
    hold_spent: bool,
    /// The picked action's tiles (step, mode, tiles with whether each is
    /// deadly), worked out once per step and pick.
    targets: Option<(u32, Mode, Targets)>,
    /// The danger overlay and whether waiting is deadly, worked out once per
    /// step (the window redraws far more often than the run moves).
    preview: Option<Preview>,
}

/// Tiles a picked action can use, each with whether it is deadly.
type Targets = Vec<(Pos, bool)>;

/// How long the level-start banner stays up.
pub const BANNER_SECONDS: f32 = 1.8;

/// The game's changes a player meets, newest first: the date (of the
/// commit that made it) and the English (its Russian in the window's table).
pub const CHANGES: [(&str, &str); 7] = [
    ("2026-12-03", "A new look and new controls: an astronaut among seven creatures, bronze, silver and gold coins, each level's gem its own colour; the tile you click decides what Move and Bomb do; press and hold a tile to bomb; a preview before every move; What is that? explains anything. The demo opens the game and shows the controls and every way to lose a life."),
    ("2026-12-02", "Rules v6: a bomb goes off at the end of the third turn after you put it down, as the rule book says; a boxed-in player's way out is judged as a move would take it; crates crumble only once the last enemy is gone; auto-move finds far tiles with Run, Diagonal and Slide."),
    ("2026-12-01", "Rules v5: scenes. Clips on the gem and shop cards and in first-time dialogs; the Almanac and the Demo in the menu; bug reports replay beside today's autopilot."),
    ("2026-12-01", "Auto-move and autopilot, sounds, a lost life played again, bug reports, power-ups in Russian."),
    ("2026-11-30", "Rules v3: level 19 has every enemy type; a Throw can free you; Proximity counts an enemy already there."),
    ("2026-11-30", "Rules v2: power-ups, charges, the gem, the shop, and board objects (bushes, metal crates, oil, spikes, barrels)."),
    ("2026-11-30", "Rules v1: the 20-level run."),
];

/// The demo scene of a Changes entry that has one (issue 43 item 7): the
/// feature it brought, at work. By the entry's English.
pub fn change_scene(en: &str) -> Option<retrace_kernel::explodo::scene::Topic> {
    use retrace_kernel::explodo::scene::Control;
    use retrace_kernel::explodo::scene::{Thing, Topic};
    if en.starts_with("A new look") {
        Some(Topic::Control(Control::Hold))
    } else if en.starts_with("Rules v6") {
        Some(Topic::Control(Control::Bomb))
    } else if en.starts_with("Rules v5") {
        Some(Topic::Charge(Charge::Nuke))
    } else if en.starts_with("Rules v3") {
        Some(Topic::Power(Power::Throw))
    } else if en.starts_with("Rules v2") {
        Some(Topic::Thing(Thing::Barrel))
    } else if en.starts_with("Rules v1") {
        Some(Topic::Thing(Thing::Exit))
    } else {
        None
    }
}

/// Developer mode's colour (its tag, its victory).
pub const DEVELOPER_RED: Color32 = Color32::from_rgb(220, 60, 60);

/// How many turns before a death its banner plays again.
pub const DEATH_TURNS: u32 = 6;

/// The run's states over the `n` turns before step `death` (the action that
/// cost the life), oldest first, the last the board the fatal action was
/// taken on: replayed from the session's log by the kernel, never recorded.
pub fn last_turns(session: &Session<Explodo>, death: u32, n: u32) -> Vec<State> {
    let mut sim = session.clone();
    let first = death.saturating_sub(n);
    (first..death)
        .map(|k| {
            sim.seek(k);
            sim.state().clone()
        })
        .collect()
}

/// A turn's sounds (issue 43 item 7: several, not one), each with when it
/// plays after the turn, timed with what the board shows: at once a bomb
/// set down (pop) or, with nothing else at once, a step; as the move's
/// tween lands (0.12 s) a boom (a louder one for a chain), a thrown bomb or
/// ICBM landing, coins, a charge, the gem; then enemies vanishing (0.25 s),
/// hurt (0.2 s), the exit opening (0.35 s) and a cleared level (0.4 s).
/// Each effect once a turn, in the order they play.
pub fn effects(events: &[Event]) -> Vec<(crate::sound::Effect, f32)> {
    use crate::sound::Effect;
    let any = |f: &dyn Fn(&Event) -> bool| events.iter().any(f);
    let mut out: Vec<(Effect, f32)> = Vec::new();
    let mut add = |e: Effect, at: f32, when: bool| {
        if when && !out.iter().any(|(o, _)| *o == e) {
            out.push((e, at));
        }
    };
    add(Effect::Pop, 0.0, any(&|e| matches!(e, Event::BombPlaced(_))));
    add(Effect::Pop, 0.12, any(&|e| matches!(e, Event::Launched(_))));
    let chain = any(&|e| matches!(e, Event::Chain(_)));
    add(Effect::BigBoom, 0.12, chain);
    add(Effect::Boom, 0.12, !chain && any(&|e| matches!(e, Event::Exploded(..))));
    add(Effect::Coin, 0.12, any(&|e| matches!(e, Event::DropPicked(..))));
    add(Effect::Charge, 0.12, any(&|e| matches!(e, Event::ChargeGained(..))));
    add(Effect::Gem, 0.12, any(&|e| matches!(e, Event::GemTaken(_))));
    add(Effect::Hurt, 0.2, any(&|e| matches!(e, Event::LifeLost(_) | Event::RunOver(_))));
    add(Effect::EnemyGone, 0.25, any(&|e| matches!(e, Event::EnemyDied(..))));
    add(Effect::ExitOpen, 0.35, any(&|e| matches!(e, Event::ExitOpened)));
    add(Effect::Cleared, 0.4, any(&|e| matches!(e, Event::LevelCleared { .. } | Event::RunWon)));
    if !out.iter().any(|(_, at)| *at == 0.0) {
        out.insert(0, (Effect::Step, 0.0));
    }
    out.sort_by(|a, b| a.1.total_cmp(&b.1));
    out
}

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
        }
    }

    /// Plays an action: refusals become the message; the run is saved; a
    /// finished run goes on the score board once.
    pub fn push(&mut self, store: &Store, a: Action) {
        let before = self.session.state().clone();
        match self.session.push(a) {
            Ok(events) => {
                self.screen.anim = Some((paint::Motion::of_turn(&before, &events, self.session.state()), None));
                self.bumps = (changed_figures(&before, self.session.state()), self.clock);
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
                    Event::LevelCleared { level, turns, par, coins } if shop => Some((*level, *turns, *par, *coins)),
                    _ => None,
                });
                if let Some(text) = died {
                    self.dialogs.death = Some((text, last_turns(&self.session, self.session.step(), DEATH_TURNS)));
                }
                self.message = release_message(&before, &events, self.session.state());
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
            Err(r) => {
                self.message = Some(r.0);
                self.sounds.push(crate::sound::Effect::Refused);
            }
        }
        self.record(store);
    }

    fn record(&mut self, store: &Store) {
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
    fn due_sounds(&mut self, ctx: &egui::Context) {
        let now = self.clock;
        let (due, later): (Vec<_>, Vec<_>) = self.timed_sounds.drain(..).partition(|&(_, at)| at <= now);
        self.sounds.extend(due.into_iter().map(|(e, _)| e));
        self.timed_sounds = later;
        if let Some(next) = self.timed_sounds.iter().map(|&(_, at)| at).reduce(f64::min) {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64((next - now).max(0.0)));
        }
    }

    /// Whether the level-start banner is up.
    pub fn banner_up(&self) -> bool {
        self.screen.banner.is_some()
    }

    /// Whether a window over the board holds the keys: the life-lost
    /// banner, a first-time explanation, the bug report, "which?". Enter answers the
    /// first two (Continue, Got it); the board's keys wait.
    pub fn holds_keys(&self) -> bool {
        self.dialogs.death.is_some()
            || self.dialogs.explain.is_some()
            || self.dialogs.bug_note.is_some()
            || self.dialogs.which.is_some()
            || self.dialogs.what.is_some()
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
        // A window over the board holds the keys while it is open: nothing
        // plays behind it (its own keys answer it).
        if !self.piloting() && !self.holds_keys() && !crate::ui::widgets::modal_open(ui.ctx()) {
            self.keys(ui, store);
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
                    _ if self.dialogs.death.is_some() => self.last_turns(ui, lang),
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
                    if ui.button(tr(lang, "Same dungeon")).clicked() {
                        request = Some(ExplodoRequest::NewRun(st.run.setup, st.run.seed));
                    }
                    if ui.button(tr(lang, "New dungeon")).clicked() {
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
    fn click_sound(&mut self, ui: &egui::Ui) {
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
    fn demo_screen(&mut self, ui: &mut egui::Ui, lang: Lang) -> bool {
        if std::mem::take(&mut self.dialogs.opening) && !self.session.state().run.setup.test() {
            let mut d = self.demo_here();
            d.attract = true;
            // A Nintendo pad's letters on the drawing when one is in use.
            if ui.ctx().data(|data| data.get_temp::<bool>(crate::pad::nintendo_id())).unwrap_or(false) {
                d.brand = demo::Brand::Switch;
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
        let under = if d.input() == demo::Input::Pad { 330.0 } else { 230.0 };
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
    fn demo_here(&self) -> demo::Demo {
        let input = if self.pointer.pad_in_use { demo::Input::Pad } else { demo::Input::Mouse };
        demo::Demo::at(self.session.state().run.seed, self.demo_place, input)
    }

    /// Opens the demo on this run's first frame (the game opened from home;
    /// not for a test run): any key, click or pad button then plays.
    pub fn with_opening_demo(mut self) -> ExplodoView {
        self.dialogs.opening = true;
        self
    }

    /// The turn being animated, if any (it never changes the run).
    pub fn animation(&self) -> Option<&paint::Motion> {
        self.screen.anim.as_ref().map(|(m, _)| m)
    }

    /// The topic of the clip a dialog shows now (None when none is on show).
    pub fn clip_shown(&self) -> Option<retrace_kernel::explodo::scene::Topic> {
        self.dialogs.clip.topic()
    }
}
