//! The window: a home screen with a card per game (each looping a demo replay
//! through the kernel; Explodorama's plays the demo's scenes, made at start
//! with the real rules), settings, help, and the game and replay screens.
//! Every game is a kernel `Session`, saved atomically after each action and
//! resumed on the next start.

pub mod emoji;
pub mod explodo;
pub mod help;
mod home;
pub mod life;
pub mod miau;
pub mod mines;
pub mod mines_text;
mod opening;
pub mod text;
pub mod watch;

use home::*;
use opening::*;

use crate::store::{Lang, Settings, Store, Theme};
use eframe::egui::{self, Color32, Vec2};
use explodo::{ExplodoRequest, ExplodoView, RunForm};
use life::{LifeRequest, LifeView, SetupForm};
use miau::{MiauRequest, MiauView};
use mines::MinesView;
use retrace_kernel::explodo::Explodo;
use retrace_kernel::life::Life;
use retrace_kernel::miau::Miau;
use retrace_kernel::mines::{MineLayer, Tier};
use retrace_kernel::say::Say;
use retrace_kernel::Session;
use std::path::PathBuf;
use std::time::Instant;
use text::tr;
use watch::{WatchRequest, WatchView, Watched};

/// Which screen is showing.
// An allow, not an expect: whether the lint fires depends on the screens'
// sizes, which every view's fields move.
#[allow(clippy::large_enum_variant, reason = "one screen lives at a time, and it moves only when the screen changes")]
pub enum Screen {
    /// The game cards.
    Home,
    /// A MineLayer round.
    Mines(MinesView),
    /// Life's two-player setup.
    LifeSetup,
    /// Life's campaign levels.
    LifeLevels,
    /// A Life game.
    Life(LifeView),
    /// A replay being watched.
    Watch(WatchView),
    /// An Explodorama run.
    Explodo(ExplodoView),
    /// Miau Is True's level list.
    MiauLevels,
    /// A Miau Is True level.
    Miau(MiauView),
    /// Miau Is True's level editor.
    MiauEditor(miau::editor::EditorView),
}

/// The application.
pub struct RetraceApp {
    /// Where files go.
    pub store: Store,
    /// Preferences.
    pub settings: Settings,
    /// The current screen.
    pub screen: Screen,
    /// A problem to show (a bad replay, a save that could not be read…).
    pub error: Option<Say>,
    /// MineLayer's part of the shell.
    pub mines: MinesHome,
    /// Life's part of the shell.
    pub life: LifeHome,
    /// Explodorama's part of the shell.
    pub explodo: ExplodoHome,
    /// Miau Is True's part of the shell.
    pub miau: MiauHome,
    /// Where the won game's certificate was kept, shown while that game is on screen.
    pub notice: Option<Say>,
    /// The digest of the last won game whose certificate was kept.
    certified: Option<retrace_kernel::digest::Digest>,
    demos: Vec<WatchView>,
    last_frame: Option<Instant>,
    show_settings: bool,
    /// Help is open ([`RetraceApp::open_help`]).
    pub show_help: bool,
    /// The page Help shows.
    pub help_page: help::Page,
    /// A widget had the keyboard's focus at the end of the last frame (Tab,
    /// the arrows on a board): Esc then only takes the focus away.
    had_focus: bool,
    theme_applied: Option<Theme>,
    /// Keeps the home cards' demos still (for snapshot tests).
    pub demos_paused: bool,
    /// The demo scene Explodorama's home card shows.
    explodo_scene: usize,
    /// The sound effects' device (opened at the first effect, when sound is on).
    pub sound: crate::sound::Sound,
    /// The gamepads (opened at the first frame).
    pub pads: crate::pad::Pads,
    /// The "what's new" note is up (the first start of a newer build).
    pub whats_new: bool,
    /// Pad buttons to hand to the screen this frame, after those the pads
    /// report (a test presses buttons here, with no pad attached).
    pub pad_presses: Vec<crate::pad::Button>,
    /// This window's hold on the data folder (none when another window has
    /// it: then the folder is read-only here).
    pub lock: Option<crate::store::DataLock>,
    /// The question shown while another window has the data folder: go on
    /// read-only, or quit.
    pub read_only_asked: bool,
    /// Another window has the data folder: this one saves nothing, and says
    /// so above every screen.
    pub read_only: bool,
    /// A way into a game, shown at the end of the frame, after asking when
    /// it would replace the game suspended there (every screen's way into a
    /// game that has a save slot goes through here).
    pub replacing: Option<Replacing>,
    /// A replay's path being typed, after Open replay's dialog chose no file
    /// (cancelled, or none on this desktop).
    pub typed_path: Option<String>,
}

/// A screen that would replace a suspended game (one save slot a game), and
/// the question asked first when there is one.
pub struct Replacing {
    /// Whose suspended game Yes gives up.
    pub slot: Slot,
    /// What Yes shows.
    pub screen: Box<Screen>,
    /// The question (a phrase of the window, translated when shown).
    pub question: &'static str,
}

/// The games whose suspended session a [`Replacing`] gives up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Life's game.
    Life,
    /// MineLayer's round.
    Mines,
    /// Explodorama's run.
    Explodo,
    /// Miau's level.
    Miau,
}

/// The question before a new game replaces a suspended one.
pub const START_OVER: &str = "A suspended game will be lost. Start a new one?";
/// The question before a replay's game replaces a suspended one.
pub const PLAY_FROM_HERE: &str = "A suspended game will be lost. Play from here?";
/// The question before a new Explodorama run replaces the one in progress.
pub const NEW_RUN: &str = "The run in progress will be lost. Start a new one?";

impl Replacing {
    /// `screen`, into the game of `slot`, asking `question` first if a game is suspended there.
    pub fn new(slot: Slot, screen: Screen, question: &'static str) -> Replacing {
        Replacing { slot, screen: Box::new(screen), question }
    }
}

/// MineLayer's part of the shell: what the home card and the screen need between screens.
pub struct MinesHome {
    /// A saved round to resume.
    pub saved: Option<Session<MineLayer>>,
}

/// Life's part of the shell.
pub struct LifeHome {
    /// A saved game to resume.
    pub saved: Option<Session<Life>>,
    /// The two-player setup form.
    pub form: SetupForm,
    /// The GPU engine, looked for once, lent to the Life screen.
    engine: Option<Option<retrace_gpu::life::GpuStepper>>,
}

/// Explodorama's part of the shell.
pub struct ExplodoHome {
    /// A saved run to resume.
    pub saved: Option<Session<Explodo>>,
    /// The new-run form.
    pub form: RunForm,
    /// The high-score window is open.
    show_scores: bool,
}

/// Miau Is True's part of the shell.
pub struct MiauHome {
    /// A saved level to resume.
    pub saved: Option<Session<Miau>>,
    /// The packs: the shipped ones, then those opened.
    pub packs: Vec<retrace_kernel::miau::pack::Pack>,
    /// The levels won (`<pack>/<level>`), read when the level list opens.
    pub won: Vec<String>,
    /// The fewest turns of each won level's kept certificate, read with `won`.
    pub best: Vec<(String, u32)>,
    /// The world open in the level list (none: the world map).
    pub world: Option<usize>,
    /// The level editor, parked while its level is play-tested.
    pub editor: Option<miau::editor::EditorView>,
}

impl RetraceApp {
    /// Opens the store, resumes saved sessions (moving unreadable saves aside)
    /// and, when given, opens a replay file.
    pub fn new(store: Store, open: Option<PathBuf>) -> RetraceApp {
        // Temporary files of saves that a kill interrupted go first.
        crate::files::remove_orphans(&store.dir);
        crate::files::remove_orphans(&store.dir.join("certificates"));
        // A build newer than the one that last saved these settings says what is new, once.
        let had_settings = store.path("settings.txt").exists();
        let (mut settings, bad_settings) = store.settings();
        let whats_new = had_settings && settings.seen_version != crate::APP_VERSION;
        settings.seen_version = crate::APP_VERSION.to_string();
        let life_form = SetupForm::from_settings(&settings);
        let run_form = RunForm {
            developer: settings.explodo_developer,
            immortal: settings.explodo_immortal,
            ..RunForm::default()
        };
        let mut errors: Vec<String> = bad_settings.into_iter().collect();
        // A save that does not load is kept aside by the store; its message is shown.
        fn saved<G: retrace_kernel::Game>(store: &Store, name: &str, errors: &mut Vec<String>) -> Option<Session<G>> {
            store.load::<G>(name).unwrap_or_else(|e| {
                errors.push(e);
                None
            })
        }
        // A finished game is never offered for Resume (its save stays on
        // disk): a MineLayer round won, lost or revealed, a Life game over, an
        // Explodorama run won or over.
        let saved_mines = saved::<MineLayer>(&store, mines::SAVE, &mut errors).filter(|s| s.state().active());
        let saved_life = saved::<Life>(&store, life::SAVE, &mut errors)
            .filter(|s| s.state().phase != retrace_kernel::life::Phase::GameOver);
        let saved_explodo = saved::<Explodo>(&store, explodo::SAVE, &mut errors)
            .filter(|s| s.state().run.phase == retrace_kernel::explodo::RunPhase::Playing);
        let saved_miau = saved::<Miau>(&store, miau::SAVE, &mut errors);
        // The player's own levels, before the errors are gathered into the banner.
        let miau_packs = my_levels(&store, &mut errors);
        // Explodorama's card plays the demo's scenes, made now with the real
        // rules (the recorded run only if the first cannot be made).
        let demos = DEMOS
            .iter()
            .filter_map(|(name, bytes)| match *name {
                "explodo" => explodo::demo::scene_watch(0, 1).or_else(|| WatchView::open(name, bytes).ok()),
                _ => WatchView::open(name, bytes).ok(),
            })
            .collect();
        let mut app = RetraceApp {
            store,
            settings,
            screen: Screen::Home,
            error: (!errors.is_empty()).then(|| Say::from(errors.join("\n"))),
            mines: MinesHome { saved: saved_mines },
            life: LifeHome { saved: saved_life, form: life_form, engine: None },
            explodo: ExplodoHome { saved: saved_explodo, form: run_form, show_scores: false },
            miau: MiauHome {
                saved: saved_miau,
                packs: miau_packs,
                won: Vec::new(),
                best: Vec::new(),
                world: None,
                editor: None,
            },
            notice: None,
            certified: None,
            demos,
            last_frame: None,
            show_settings: false,
            show_help: false,
            help_page: help::Page::default(),
            theme_applied: None,
            had_focus: false,
            demos_paused: false,
            explodo_scene: 0,
            sound: crate::sound::Sound::default(),
            pads: crate::pad::Pads::default(),
            whats_new,
            pad_presses: Vec::new(),
            lock: None,
            read_only_asked: false,
            read_only: false,
            replacing: None,
            typed_path: None,
        };
        if let Some(path) = open {
            app.open_path(&path);
        }
        if app.whats_new {
            app.save_settings();
        }
        app
    }

    /// Chooses Life's engine instead of looking for one (`None`: the CPU), so
    /// that what the window shows does not depend on the machine's GPU.
    pub fn set_life_engine(&mut self, engine: Option<retrace_gpu::life::GpuStepper>) {
        self.life.engine = Some(engine);
    }

    /// The note after an update: the newest entry of each change list, once.
    fn whats_new_window(&mut self, ctx: &egui::Context) {
        if !self.whats_new {
            return;
        }
        let lang = self.lang();
        egui::Window::new(tr(lang, "What's new")).collapsible(false).show(ctx, |ui| {
            let (date, en) = explodo::CHANGES[0];
            ui.label(format!("Explodorama, {date}: {}", tr(lang, en)));
            if ui.button(tr(lang, "Close")).clicked() {
                self.whats_new = false;
            }
        });
    }

    fn lang(&self) -> Lang {
        self.settings.lang
    }

    fn save_settings(&mut self) {
        if let Err(e) = self.store.save_settings(&self.settings) {
            self.error = Some(e.into());
        }
    }

    /// Puts `screen` up: the GPU engine comes back from a Life screen that
    /// goes, and Miau's level list reads the levels won.
    fn show(&mut self, screen: Screen) {
        self.reclaim_engine();
        let old = std::mem::replace(&mut self.screen, screen);
        // A play-test parks the editor; it comes back when the test ends.
        if let (Screen::MiauEditor(editor), Screen::Miau(v)) = (old, &self.screen) {
            if v.from_editor {
                self.miau.editor = Some(editor);
            }
        }
        if matches!(self.screen, Screen::MiauLevels) {
            self.read_miau_progress();
        }
    }

    fn frame_dt(&mut self) -> f32 {
        let now = Instant::now();
        let dt = self.last_frame.map_or(0.0, |l| now.duration_since(l).as_secs_f32()).min(0.25);
        self.last_frame = Some(now);
        dt
    }

    fn top_bar(&mut self, ui: &mut egui::Ui) {
        let lang = self.lang();
        ui.horizontal(|ui| {
            if !matches!(self.screen, Screen::Home) && ui.button(tr(lang, "Menu")).clicked() {
                self.go_home();
            }
            if ui.button(tr(lang, "Settings")).clicked() {
                self.show_settings = true;
            }
            if ui.button(tr(lang, "Help")).on_hover_text(tr(lang, "How to play, keys and files (F1)")).clicked() {
                self.open_help();
            }
            // A notice ("Won! …") sits in this row, which is always there: a
            // row of its own would push the board down under the cursor the
            // moment it appears (issue 40).
            if let Some(text) = self.notice.clone() {
                ui.separator();
                ui.label(text::say(lang, &text));
                if ui.button("✖").on_hover_text(tr(lang, "Dismiss")).clicked() {
                    self.notice = None;
                }
            }
        });
    }

    /// Takes the GPU engine back from a Life screen that is about to go.
    fn reclaim_engine(&mut self) {
        if let Screen::Life(v) = &mut self.screen {
            if let Some(e) = v.engine.take() {
                self.life.engine = Some(Some(e));
            }
        }
    }

    /// Back to the home screen, keeping live games resumable.
    pub fn go_home(&mut self) {
        self.reclaim_engine();
        match std::mem::replace(&mut self.screen, Screen::Home) {
            Screen::Mines(v) if v.session.state().active() => self.mines.saved = Some(v.session),
            Screen::Life(v) if v.session.state().phase != retrace_kernel::life::Phase::GameOver => {
                self.life.saved = Some(v.session)
            }
            Screen::Explodo(v) if v.session.state().run.phase == retrace_kernel::explodo::RunPhase::Playing => {
                self.explodo.saved = Some(v.session)
            }
            Screen::Miau(v) => {
                if let Some(kept) = v.resumable() {
                    self.miau.saved = kept;
                }
            }
            _ => {}
        }
    }

    /// The way into a game asked for this frame ([`RetraceApp::replacing`]):
    /// shown at once when its game has nothing suspended, else after the
    /// question; Yes gives the suspended game and its save up.
    fn replacing_question(&mut self, ctx: &egui::Context, lang: Lang) {
        let Some(r) = self.replacing.take() else { return };
        let suspended = match r.slot {
            Slot::Life => self.life.saved.is_some(),
            Slot::Mines => self.mines.saved.is_some(),
            Slot::Explodo => self.explodo.saved.is_some(),
            Slot::Miau => self.miau.saved.is_some(),
        };
        let answer = if suspended { ask(ctx, lang, tr(lang, r.question)) } else { Some(true) };
        match answer {
            Some(true) => {
                let save = match r.slot {
                    Slot::Life => self.life.saved.take().map(|_| life::SAVE),
                    Slot::Mines => self.mines.saved.take().map(|_| mines::SAVE),
                    Slot::Explodo => self.explodo.saved.take().map(|_| explodo::SAVE),
                    Slot::Miau => self.miau.saved.take().map(|_| miau::SAVE),
                };
                if let Some(save) = save {
                    self.store.forget(save);
                }
                self.show(*r.screen);
            }
            Some(false) => {}
            None => self.replacing = Some(r),
        }
    }

    fn windows(&mut self, ctx: &egui::Context) {
        let lang = self.lang();
        self.replacing_question(ctx, lang);
        if self.show_settings {
            let before = self.settings.clone();
            let mut open = true;
            egui::Window::new(tr(lang, "Settings")).open(&mut open).collapsible(false).show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.label(tr(lang, "Theme"));
                    ui.radio_value(&mut self.settings.theme, Theme::Dark, tr(lang, "Dark"));
                    ui.radio_value(&mut self.settings.theme, Theme::Light, tr(lang, "Light"));
                });
                ui.horizontal(|ui| {
                    ui.checkbox(&mut self.settings.sound, tr(lang, "Sound"));
                    ui.checkbox(&mut self.settings.vibration, tr(lang, "Vibration"))
                        .on_hover_text(tr(lang, "A pad rumbles on blasts, hits, pickups and a cleared level."));
                });
                ui.checkbox(&mut self.settings.explodo_autopilot, tr(lang, "Explodorama's autopilot"));
                ui.checkbox(&mut self.settings.miau_warnings, tr(lang, "Miau: warn before a step into danger"));
                ui.checkbox(
                    &mut self.settings.explodo_event_log,
                    tr(lang, "Explodorama: each turn's events beside the board"),
                );
                ui.horizontal(|ui| {
                    ui.label(tr(lang, "Language"));
                    ui.radio_value(&mut self.settings.lang, Lang::En, "English");
                    ui.radio_value(&mut self.settings.lang, Lang::Ru, "Русский");
                });
                // MineLayer speaks eight languages of its own; it follows the
                // window's when that changes, and can be set apart here.
                let window_lang = self.settings.lang;
                egui::ComboBox::from_label(tr(lang, "MineLayer's language"))
                    .selected_text(mines::language_name(&self.settings.mines_lang, window_lang))
                    .show_ui(ui, |ui| {
                        for l in retrace_kernel::mines::share::LANGUAGES {
                            ui.selectable_value(
                                &mut self.settings.mines_lang,
                                l.to_string(),
                                mines::language_name(l, window_lang),
                            );
                        }
                    });
            });
            if self.settings.lang != before.lang {
                self.settings.mines_lang = match self.settings.lang {
                    Lang::En => "en",
                    Lang::Ru => "ru",
                }
                .to_string();
            }
            self.show_settings = open;
            if self.settings != before {
                self.save_settings();
            }
        }
        if self.explodo.show_scores {
            let mut open = true;
            explodo::scores_window(ctx, &self.store, &mut open, lang);
            self.explodo.show_scores = open;
        }
        if self.show_help {
            help::window(ctx, &mut self.show_help, &mut self.help_page, lang, &self.settings.mines_lang);
        }
    }

    /// Opens Help at the page of the game on screen (the window's own page
    /// elsewhere).
    pub fn open_help(&mut self) {
        self.help_page = match &self.screen {
            Screen::Life(_) | Screen::LifeSetup | Screen::LifeLevels => help::Page::Life,
            Screen::Mines(_) => help::Page::Mines,
            Screen::Explodo(_) => help::Page::Explodo,
            Screen::Miau(_) | Screen::MiauLevels | Screen::MiauEditor(_) => help::Page::Miau,
            _ => help::Page::Window,
        };
        self.show_help = true;
    }

    fn keys(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| pressed_once(i, egui::Key::F1)) {
            self.open_help();
        }
        // Esc backs out one level: an open menu or popup first (egui closes
        // it), and only then the screen.
        let popup_open = egui::Popup::is_any_open(ctx) || modal_open(ctx);
        // A widget with the keyboard's focus is a level too: Esc takes the
        // focus away (egui does) and nothing else.
        if ctx.input(|i| i.key_pressed(egui::Key::Escape)) && !popup_open && !self.had_focus {
            // Esc first stops Explodorama's auto-move walk or autopilot; else
            // the run's screen backs out one step itself (a pick, its cursor,
            // then its menu); the other screens go home.
            match &mut self.screen {
                Screen::Explodo(v) if v.walking.walk.is_some() || v.piloting() => {
                    v.walking.walk = None;
                    if v.piloting() {
                        v.walking.pilot_stopped = true;
                        v.message = Some("Autopilot stopped · Your turn".into());
                    }
                    ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
                }
                Screen::Explodo(_) => {}
                _ => self.go_home(),
            }
        }
        // Miau Is True has undo (its screen takes Z); the other games do not.
        if !matches!(self.screen, Screen::Miau(_)) && ctx.input(|i| i.modifiers.command && i.key_pressed(egui::Key::Z))
        {
            self.error =
                Some(tr(self.lang(), "This game has no undo: its rules forbid taking moves back.").to_string().into());
        }
        let dropped = ctx.input(|i| i.raw.dropped_files.clone());
        for f in dropped {
            // A pack file (or a Keke AI Competition level file) opens in
            // Miau's level list; anything else is a replay.
            if f.path().extension().is_some_and(|e| e.eq_ignore_ascii_case("toml") || e.eq_ignore_ascii_case("json")) {
                self.open_pack(f.path());
                continue;
            }
            let name = f.path().display().to_string();
            match f.bytes() {
                Ok(bytes) => self.open_bytes(&name, &bytes),
                Err(e) => self.error = Some(opening::cannot_read(&name, &e)),
            }
        }
    }

    /// The screens other than Miau's: their frame, and what they ask for
    /// next (a screen, the settings saved).
    fn game_screens(&mut self, ui: &mut egui::Ui, lang: Lang, next: &mut Option<Screen>, save_settings: &mut bool) {
        match &mut self.screen {
            Screen::Home => {}
            Screen::Mines(v) => {
                if let Some(tier) = v.ui(ui, &self.store, &mut self.settings) {
                    self.settings.mines_tier = match tier {
                        Tier::Beginner => "beginner",
                        Tier::Intermediate => "intermediate",
                        _ => "expert",
                    }
                    .into();
                    let _ = self.store.save_settings(&self.settings);
                    *next = Some(Screen::Mines(MinesView::new(tier, crate::random_seed())));
                }
            }
            Screen::LifeSetup => match life::setup_ui(ui, &mut self.life.form, lang) {
                Some(LifeRequest::Start(setup)) => {
                    // The form is remembered for the next game.
                    let before = self.settings.clone();
                    self.life.form.remember(&mut self.settings);
                    if self.settings != before {
                        let _ = self.store.save_settings(&self.settings);
                    }
                    if let Some(v) = start_life(&setup) {
                        self.replacing = Some(Replacing::new(Slot::Life, Screen::Life(v), START_OVER));
                    }
                }
                Some(LifeRequest::Menu) => *next = Some(Screen::Home),
                Some(LifeRequest::Levels) => *next = Some(Screen::LifeLevels),
                None => {}
            },
            Screen::LifeLevels => match life::levels_ui(ui, &self.settings) {
                Some(LifeRequest::Start(setup)) => {
                    self.replacing = start_life(&setup).map(|v| Replacing::new(Slot::Life, Screen::Life(v), START_OVER))
                }
                Some(LifeRequest::Menu) => *next = Some(Screen::Home),
                _ => {}
            },
            Screen::Life(v) => match v.ui(ui, &self.store, &mut self.settings) {
                Some(LifeRequest::Start(setup)) => *next = start_life(&setup).map(Screen::Life),
                Some(LifeRequest::Menu) => {
                    // A finished game is never offered for Resume.
                    if v.session.state().phase != retrace_kernel::life::Phase::GameOver {
                        self.life.saved = Some(v.session.clone());
                    }
                    *next = Some(Screen::Home);
                }
                Some(LifeRequest::Levels) => *next = Some(Screen::LifeLevels),
                None => {}
            },
            Screen::Explodo(v) => {
                v.pad.append(&mut self.pad_presses);
                let request = explodo_frame(v, ui, &self.store, lang, &mut self.settings, save_settings);
                play_effects(&mut self.sound, &mut self.pads, &self.settings, v.sounds.drain(..));
                match request {
                    Some(ExplodoRequest::NewRun(setup, seed)) => {
                        *next = Some(Screen::Explodo(ExplodoView::new(setup, seed)))
                    }
                    Some(ExplodoRequest::Menu) => *next = Some(Screen::Home),
                    None => {}
                }
            }
            Screen::Watch(v) => {
                let dt = self.last_frame.map_or(0.0, |l| l.elapsed().as_secs_f32()).min(0.25);
                self.last_frame = Some(Instant::now());
                v.tick(dt);
                if v.playing {
                    ui.ctx().request_repaint_after(std::time::Duration::from_millis(30));
                }
                // Forking over a suspended game asks first (one save slot a game).
                let fork = match v.controls(ui, lang) {
                    Some(WatchRequest::PlayLife(s)) => Some((Slot::Life, Screen::Life(LifeView::new(s)))),
                    Some(WatchRequest::PlayMines(s)) => Some((Slot::Mines, Screen::Mines(MinesView::resume(s)))),
                    Some(WatchRequest::PlayExplodo(s)) => {
                        Some((Slot::Explodo, Screen::Explodo(ExplodoView::resume(s))))
                    }
                    Some(WatchRequest::PlayMiau(s)) => {
                        Some((Slot::Miau, Screen::Miau(MiauView::resume(s, &self.miau.packs))))
                    }
                    None => None,
                };
                if let Some((slot, screen)) = fork {
                    self.replacing = Some(Replacing::new(slot, screen, PLAY_FROM_HERE));
                }
                // A Miau level is drawn in its pack's look, found once.
                if let (Watched::Miau(s), None) = (&v.watched, &v.miau_look) {
                    v.miau_look = Some(MiauView::look_of(s, &self.miau.packs));
                }
                watch_board(ui, v, lang);
            }
            _ => {}
        }
    }

    /// Miau's screens (the level list, a level, the editor): their frame,
    /// and what they ask for next (a screen, a pack to open).
    fn miau_screens(
        &mut self,
        ui: &mut egui::Ui,
        lang: Lang,
        next: &mut Option<Screen>,
        pack_to_open: &mut Option<PathBuf>,
    ) {
        match &mut self.screen {
            Screen::MiauLevels => match miau::levels_ui(
                ui,
                lang,
                miau::LevelList {
                    packs: &self.miau.packs,
                    won: &self.miau.won,
                    best: &self.miau.best,
                    world: &mut self.miau.world,
                },
            ) {
                Some(MiauRequest::Play(p, l)) => {
                    // A level started over a suspended one asks first (one save slot).
                    self.replacing = start_miau(&self.miau.packs, p, l, &mut self.error)
                        .map(|screen| Replacing::new(Slot::Miau, screen, START_OVER));
                }
                Some(MiauRequest::OpenPack(path)) => *pack_to_open = Some(path),
                Some(MiauRequest::NewLevel) => *next = Some(Screen::MiauEditor(new_level(&self.miau.packs))),
                Some(MiauRequest::Edit(p, l)) => {
                    let pack = &self.miau.packs[p];
                    let draft = miau::editor::Draft::from_level(&pack.levels[l]);
                    *next = Some(Screen::MiauEditor(miau::editor::EditorView::new(draft, miau::editor::Kit::of(pack))));
                }
                _ => {}
            },
            Screen::Miau(v) => {
                v.pad.append(&mut self.pad_presses);
                v.warnings = self.settings.miau_warnings;
                let request = v.ui(ui, &self.store, lang);
                play_effects(&mut self.sound, &mut self.pads, &self.settings, v.sounds.drain(..));
                match request {
                    Some(MiauRequest::Play(p, l)) => *next = start_miau(&self.miau.packs, p, l, &mut self.error),
                    Some(MiauRequest::Levels) => {
                        if let Some(kept) = v.resumable() {
                            self.miau.saved = kept;
                        }
                        *next = match self.miau.editor.take() {
                            Some(editor) if v.from_editor => Some(Screen::MiauEditor(editor)),
                            _ => Some(Screen::MiauLevels),
                        };
                    }
                    Some(MiauRequest::OpenPack(path)) => *pack_to_open = Some(path),
                    _ => {}
                }
            }
            Screen::MiauEditor(v) => {
                let mine = self.miau.packs.iter().find(|p| p.id == miau::editor::MY_LEVELS_ID);
                match v.ui(ui, &self.store, lang, mine) {
                    Some(miau::editor::EditorRequest::Levels) => *next = Some(Screen::MiauLevels),
                    Some(miau::editor::EditorRequest::PlayTest(level)) => match miau::editor::play_test(&level) {
                        Ok(session) => {
                            let mut view = MiauView::resume(session, &self.miau.packs);
                            (view.title, view.hint, view.from_editor) = (level.title.clone(), level.hint.clone(), true);
                            *next = Some(Screen::Miau(view));
                        }
                        Err(e) => self.error = Some(e.into()),
                    },
                    Some(miau::editor::EditorRequest::Saved(pack)) => {
                        miau::add_pack(&mut self.miau.packs, *pack);
                    }
                    None => {}
                }
            }
            _ => {}
        }
    }
}

/// A view's sound effects played (with Sound on), each with its rumble on
/// the pads (with Vibration on).
/// Runs Explodorama's frame with the run menu's switches and the demo's
/// place kept in step with the settings (they are one; a change saves them).
fn explodo_frame(
    v: &mut ExplodoView,
    ui: &mut egui::Ui,
    store: &Store,
    lang: Lang,
    set: &mut Settings,
    save_settings: &mut bool,
) -> Option<ExplodoRequest> {
    let kept = |s: &Settings| {
        let place = explodo::demo::Place {
            scenes: [s.explodo_demo_scene, s.explodo_demo_scene_keys, s.explodo_demo_scene_pad],
            shuffle: s.explodo_demo_shuffle,
        };
        (s.explodo_autopilot, s.sound, s.explodo_event_log, s.vibration, place)
    };
    (v.walking.autopilot, v.sound, v.event_log, v.vibration, v.demo_place) = kept(set);
    let request = v.ui(ui, store, lang);
    let now = (v.walking.autopilot, v.sound, v.event_log, v.vibration, v.demo_place);
    if now != kept(set) {
        let place;
        (set.explodo_autopilot, set.sound, set.explodo_event_log, set.vibration, place) = now;
        [set.explodo_demo_scene, set.explodo_demo_scene_keys, set.explodo_demo_scene_pad] = place.scenes;
        set.explodo_demo_shuffle = place.shuffle;
        *save_settings = true;
    }
    request
}

fn play_effects(
    sound: &mut crate::sound::Sound,
    pads: &mut crate::pad::Pads,
    settings: &Settings,
    effects: impl Iterator<Item = crate::sound::Effect>,
) {
    for e in effects {
        sound.play(e, settings.sound);
        if settings.vibration {
            pads.rumble(e);
        }
    }
}

impl eframe::App for RetraceApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        if self.theme_applied != Some(self.settings.theme) {
            ctx.set_theme(if self.settings.theme == Theme::Light { egui::Theme::Light } else { egui::Theme::Dark });
            self.theme_applied = Some(self.settings.theme);
        }
        self.keys(&ctx);
        // Pad presses first, then any a test queued; a plugged pad is looked at 20 times a second.
        // Explodorama's face buttons are held to confirm (its spec); other screens' act at once.
        self.pads.hold_faces = matches!(self.screen, Screen::Explodo(_));
        let polled = self.pads.poll(ctx.input(|i| i.time));
        self.pad_presses.splice(0..0, polled);
        let nintendo = self.pads.nintendo();
        let hold = self.pads.hold_progress(ctx.input(|i| i.time));
        ctx.data_mut(|d| {
            d.insert_temp(crate::pad::nintendo_id(), nintendo);
            d.insert_temp(crate::pad::hold_id(), hold);
            d.insert_temp(crate::ui::text::lang_id(), self.settings.lang);
        });
        if self.pads.short_press() {
            // Let go before the ring filled: said where the player looks.
            self.error = Some(tr(self.lang(), "Hold the button to choose.").to_string().into());
        }
        if self.pads.holding() {
            // A held direction repeats every 75 ms, a ring fills: looked at in time.
            ctx.request_repaint_after(std::time::Duration::from_millis(25));
        } else if self.pads.connected() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
        egui::Panel::top("top").show(ui, |ui| self.top_bar(ui));
        let lang = self.lang();
        self.read_only_question(&ctx, lang);
        if self.read_only {
            egui::Panel::top("read-only").show(ui, |ui| {
                ui.colored_label(
                    Color32::from_rgb(230, 150, 70),
                    tr(lang, "Read-only: another Retrace window has this data folder, so nothing is saved here."),
                );
            });
        }
        banner(ui, "error", &mut self.error, Color32::from_rgb(230, 90, 70), lang);
        egui::CentralPanel::default().show(ui, |ui| {
            // Dialogs open inside the panel, never over the menu bar.
            let stage = ui.clip_rect();
            ui.ctx().data_mut(|d| d.insert_temp(egui::Id::unique("retrace-stage"), stage));
            let mut next: Option<Screen> = None;
            let mut pack_to_open = None;
            let mut save_settings = false;
            self.game_screens(ui, lang, &mut next, &mut save_settings);
            self.miau_screens(ui, lang, &mut next, &mut pack_to_open);
            if matches!(self.screen, Screen::Home) {
                // A small window scrolls the home screen: its rows of cards stay reachable.
                egui::ScrollArea::vertical().auto_shrink(false).show(ui, |ui| self.home(ui));
            }
            if let Some(s) = next {
                self.show(s);
            }
            if let Some(path) = pack_to_open {
                self.open_pack(&path);
            }
            if save_settings {
                self.save_settings();
            }
            // Lend the GPU engine to a Life screen (looked for once, on the first game).
            if let Screen::Life(v) = &mut self.screen {
                if v.engine.is_none() {
                    v.engine = self.life.engine.get_or_insert_with(life::gpu_engine).take();
                }
            }
        });
        self.windows(&ctx);
        self.whats_new_window(&ctx);
        self.certify();
        // Presses no screen took this frame are dropped, not kept for the next one.
        self.pad_presses.clear();
        self.had_focus = ctx.memory(|m| m.focused().is_some());
    }
}

/// A line above the screen in `color` (the errors: they can run to several
/// lines, each a file to fix) with a button that dismisses it.
fn banner(ui: &mut egui::Ui, id: &str, line: &mut Option<Say>, color: Color32, lang: Lang) {
    let Some(text) = line.clone() else { return };
    egui::Panel::top(id.to_string()).show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.colored_label(color, text::say(lang, &text));
            if ui.button("✖").on_hover_text(tr(lang, "Dismiss")).clicked() {
                *line = None;
            }
        });
    });
}

/// A row that always takes at least one control's height, shown or not, so
/// that what lies below it never moves when it appears or goes (a banner, a
/// hint's row, a message: issue 40).
pub fn reserved_row<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let size = egui::Vec2::new(ui.available_width(), ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(size, egui::Layout::left_to_right(egui::Align::Center), |ui| {
        ui.set_min_size(size);
        add(ui)
    })
    .inner
}

/// A dashed outline round `r`: a cursor, a focused square, a button with
/// nothing to do.
pub fn dashed_rect(painter: &egui::Painter, r: egui::Rect, stroke: egui::Stroke, dash: f32, gap: f32) {
    let corners = [r.left_top(), r.right_top(), r.right_bottom(), r.left_bottom(), r.left_top()];
    painter.add(egui::Shape::dashed_line(&corners, stroke, dash, gap));
}

/// An arrow key with no widget focused (and no dialog up) gives `id` the
/// keyboard's focus: a board's way in for the keyboard (issue 40). That
/// press only brings the focus, since egui would move it on by the same
/// press. Whether it did.
pub fn focus_on_arrow(ui: &egui::Ui, id: egui::Id) -> bool {
    use egui::Key::{ArrowDown, ArrowLeft, ArrowRight, ArrowUp};
    let arrow = ui
        .input(|i| !i.modifiers.any() && [ArrowUp, ArrowDown, ArrowLeft, ArrowRight].iter().any(|&k| i.key_pressed(k)));
    if !arrow || ui.memory(|m| m.focused().is_some()) || modal_open(ui.ctx()) {
        return false;
    }
    ui.memory_mut(|m| {
        m.request_focus(id);
        m.move_focus(egui::FocusDirection::None);
    });
    true
}

/// Whether `key` went down this frame, not counting the key repeats a held
/// key sends (egui's `key_pressed` counts them): for keys that toggle or
/// start something (Space to pause or run, F2, H), which act once a press.
pub fn pressed_once(i: &egui::InputState, key: egui::Key) -> bool {
    i.events.iter().any(|e| matches!(e, egui::Event::Key { key: k, pressed: true, repeat: false, .. } if *k == key))
}

/// Whether a dialog ([`dialog`], or another of egui's modals) was open last
/// frame: the screen behind it takes no keys meanwhile, and Esc is the
/// dialog's (issue 40: keys played turns behind an open dialog).
pub fn modal_open(ctx: &egui::Context) -> bool {
    ctx.memory(|m| m.top_modal_layer().is_some())
}

/// A dialog: centred in the window, over a dimmed backdrop that takes every
/// click and drag behind it (egui's `Modal`), with `title` as its heading
/// and `frame` (a window's by default) round it. Returns what `add` returns
/// and whether Esc or a click beside it asked to close it; each caller says
/// what closing means, or ignores it where a choice must be made. Dialogs
/// go one at a time: a screen shows the one that matters now, not a stack.
pub fn dialog<T>(
    ctx: &egui::Context,
    id: &str,
    title: &str,
    frame: Option<egui::Frame>,
    add: impl FnOnce(&mut egui::Ui) -> T,
) -> (T, bool) {
    dialog_beside(ctx, id, title, frame, None, add)
}

/// [`dialog`], opened beside `beside` (to its right, top edges level, kept
/// on the screen) rather than centred: for a card that must not cover the
/// board it speaks of (issue 40: Miau's "New word" card covered the tile
/// that wins "The mouse keeps time").
pub fn dialog_beside<T>(
    ctx: &egui::Context,
    id: &str,
    title: &str,
    frame: Option<egui::Frame>,
    beside: Option<egui::Rect>,
    add: impl FnOnce(&mut egui::Ui) -> T,
) -> (T, bool) {
    let frame = frame.unwrap_or_else(|| egui::Frame::window(&ctx.global_style()));
    let uid = egui::Id::unique(("dialog", id));
    // The modal's own area, placed instead of anchored at the window's
    // centre: on the board (clear of the tile that matters) or beside
    // `beside`, and never over the menu bar (issue 40).
    let stage = stage(ctx);
    let area = egui::Area::new(uid)
        .kind(egui::UiKind::Modal)
        .sense(egui::Sense::hover())
        .order(egui::Order::Foreground)
        .interactable(true)
        .constrain_to(stage);
    let area = match beside {
        Some(r) => area.fixed_pos(r.right_top() + egui::vec2(12.0, 0.0)),
        None => {
            let (board, focus) = board_on_screen(ctx).unwrap_or((stage, None));
            let size = ctx.memory(|m| m.area_rect(uid)).map(|r| r.size());
            area.pivot(egui::Align2::CENTER_CENTER).fixed_pos(place_dialog(stage, board, focus, size))
        }
    };
    let modal = egui::Modal::new(uid).frame(frame).area(area);
    let r = modal.show(ctx, |ui| {
        ui.heading(title);
        add(ui)
    });
    let close = r.should_close();
    (r.inner, close)
}

/// Where the dialog `id` ([`dialog`]'s) was last drawn, if it was.
pub fn dialog_rect(ctx: &egui::Context, id: &str) -> Option<egui::Rect> {
    ctx.memory(|m| m.area_rect(egui::Id::unique(("dialog", id))))
}

/// Where dialogs go this frame: the window's panel below its menu bar and
/// banners (the whole window before the panel is laid out).
fn stage(ctx: &egui::Context) -> egui::Rect {
    ctx.data(|d| d.get_temp::<egui::Rect>(egui::Id::unique("retrace-stage"))).unwrap_or_else(|| ctx.content_rect())
}

/// Says which board a screen shows this frame, and the tile that matters on
/// it (Explodorama's player): a dialog opens centred on the board and steps
/// aside from that tile (issue 40: a card covered the tile that won a level).
pub fn set_board(ctx: &egui::Context, board: egui::Rect, focus: Option<egui::Rect>) {
    let frame = ctx.cumulative_frame_nr();
    ctx.data_mut(|d| d.insert_temp(egui::Id::unique("retrace-board"), (frame, board, focus)));
}

/// The board a screen showed this frame or the last (dialogs may be drawn
/// before the board in a frame), with its tile that matters.
fn board_on_screen(ctx: &egui::Context) -> Option<(egui::Rect, Option<egui::Rect>)> {
    let now = ctx.cumulative_frame_nr();
    let (frame, board, focus) =
        ctx.data(|d| d.get_temp::<(u64, egui::Rect, Option<egui::Rect>)>(egui::Id::unique("retrace-board")))?;
    (frame + 1 >= now).then_some((board, focus))
}

/// Where a dialog of `size` (unknown before it was first shown) goes, its
/// centre: the board's centre, unless the dialog would cover `focus`; then
/// on the board to the far side of it across, else up or down, else beside
/// the board; each place kept only if it fits on the stage and leaves the
/// tile clear.
pub fn place_dialog(
    stage: egui::Rect,
    board: egui::Rect,
    focus: Option<egui::Rect>,
    size: Option<egui::Vec2>,
) -> egui::Pos2 {
    let centre = board.center();
    let (Some(f), Some(size)) = (focus, size) else { return centre };
    let clear = |c: egui::Pos2| {
        let r = egui::Rect::from_center_size(c, size);
        stage.contains_rect(r) && !r.intersects(f)
    };
    if clear(centre) {
        return centre;
    }
    let gap = 12.0;
    let (half, fc) = (size / 2.0, f.center());
    let across = if fc.x < centre.x { f.max.x + gap + half.x } else { f.min.x - gap - half.x };
    let down = if fc.y < centre.y { f.max.y + gap + half.y } else { f.min.y - gap - half.y };
    [
        egui::pos2(across, centre.y),
        egui::pos2(centre.x, down),
        egui::pos2(board.max.x + gap + half.x, centre.y),
        egui::pos2(board.min.x - gap - half.x, centre.y),
    ]
    .into_iter()
    .find(|&c| clear(c))
    .unwrap_or(centre)
}

/// A yes-or-no question (already in the window's language) in a dialog
/// ("Are you sure?"): `Some(true)` on Yes, `Some(false)` on Cancel (or Esc,
/// or a click beside it), `None` while it waits.
pub fn ask(ctx: &egui::Context, lang: Lang, question: &str) -> Option<bool> {
    let mut answer = None;
    let ((), close) = dialog(ctx, "ask", tr(lang, "Are you sure?"), None, |ui| {
        ui.label(question);
        ui.horizontal(|ui| {
            if ui.button(tr(lang, "Yes")).clicked() {
                answer = Some(true);
            }
            if ui.button(tr(lang, "Cancel")).clicked() {
                answer = Some(false);
            }
        });
    });
    if close && answer.is_none() {
        answer = Some(false);
    }
    answer
}

/// Takes the data folder's lock for this window; when another window holds
/// it, marks the folder read-only for this process (before anything is read,
/// so nothing there is moved or removed) and says so: `(lock, held)`.
pub fn take_lock(store: &Store) -> (Option<crate::store::DataLock>, bool) {
    match crate::store::lock(&store.dir) {
        Ok(l) => (Some(l), false),
        Err(crate::store::LockError::Held(_)) => {
            crate::files::set_read_only(&store.dir);
            (None, true)
        }
        // A folder that cannot hold a lock file cannot hold saves either:
        // the saves will say why.
        Err(crate::store::LockError::Io(_)) => (None, false),
    }
}

impl RetraceApp {
    /// While another window has the data folder: a question in front of
    /// everything, go on read-only (watching and browsing, nothing saved)
    /// or quit.
    fn read_only_question(&mut self, ctx: &egui::Context, lang: Lang) {
        if !self.read_only_asked {
            return;
        }
        egui::Modal::new(egui::Id::unique("read-only")).show(ctx, |ui| {
            ui.heading(tr(lang, "Another Retrace window is open"));
            ui.label(tr(
                lang,
                "It has this data folder. This window can go on read-only: watch replays and browse, with nothing saved.",
            ));
            ui.horizontal(|ui| {
                if ui.button(tr(lang, "Go on read-only")).clicked() {
                    self.read_only_asked = false;
                }
                if ui.button(tr(lang, "Quit")).clicked() {
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            });
        });
    }
}

/// Runs the window until it is closed.
pub fn run_window(open: crate::cli::Open) -> Result<(), String> {
    let store = Store::new(Store::default_dir());
    // One window a data folder: a second one only reads it (and asks).
    let (lock, held) = take_lock(&store);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Retrace")
            .with_inner_size([1100.0, 760.0])
            .with_drag_and_drop(true),
        ..Default::default()
    };
    eframe::run_native(
        "Retrace",
        options,
        Box::new(move |_cc| {
            let mut app = RetraceApp::new(store, open.file.clone());
            app.lock = lock;
            app.read_only_asked = held;
            app.read_only = held;
            if let (Some(a), Some(b)) = (&open.file, &open.second) {
                app.open_pair_paths(a, b);
            }
            if let Some(setup) = open.explodo {
                app.screen = Screen::Explodo(explodo::ExplodoView::new(setup, crate::random_seed()));
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| format!("the window could not start: {e}"))
}
