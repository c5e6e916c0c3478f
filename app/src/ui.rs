//! The window: a home screen with a card per game (each looping a demo replay
//! through the kernel; Explodorama's plays the demo's scenes, made at start
//! with the real rules), settings, help, and the game and replay screens.
//! Every game is a kernel `Session`, saved atomically after each action and
//! resumed on the next start.

pub mod emoji;
pub mod explodo;
pub mod fonts;
pub mod game;
pub mod help;
pub mod home;
pub mod jobs;
pub mod life;
pub mod miau;
pub mod mines;
pub mod mines_text;
mod opening;
pub mod scale;
pub mod screen;
pub mod settings;
pub mod text;
pub mod watch;
pub mod widgets;

pub use widgets::{
    ask, banner, dashed_rect, dialog, dialog_beside, dialog_rect, focus_on_arrow, modal_open, place_dialog,
    pressed_once, reserved_row, set_board,
};

pub use crate::store::take_lock;
pub use screen::{Replacing, Screen, Slot, NEW_RUN, PLAY_FROM_HERE, START_OVER};

use crate::platform::Instant;
use crate::store::{Lang, Settings, Store, Theme};
use eframe::egui::{self, Color32};
use explodo::window::ExplodoHome;
use game::{GameWindow, Shell};
use life::window::LifeHome;
use miau::window::MiauHome;
use mines::window::MinesHome;
use retrace_kernel::say::Say;
use std::path::PathBuf;
use text::tr;
use watch::{WatchRequest, WatchView};

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
    /// Settings is open.
    pub show_settings: bool,
    /// Help is open ([`RetraceApp::open_help`]).
    pub show_help: bool,
    /// The page Help shows.
    pub help_page: help::Page,
    /// A widget had the keyboard's focus at the end of the last frame (Tab,
    /// the arrows on a board): Esc then only takes the focus away.
    had_focus: bool,
    theme_applied: Option<Theme>,
    /// The window's size in pixels the type and zoom were last set for.
    scaled_for: Option<egui::Vec2>,
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

impl RetraceApp {
    /// Opens the store, resumes saved sessions (moving unreadable saves aside)
    /// and, when given, opens a replay file.
    pub fn new(store: Store, open: Option<PathBuf>) -> RetraceApp {
        // Temporary files of saves that a kill interrupted go first.
        crate::files::remove_orphans(&store.dir);
        crate::files::remove_orphans(&store.dir.join("certificates"));
        // A build newer than the one that last saved these settings says what is new, once.
        let had_settings = crate::platform::exists(&store.path("settings.txt"));
        let (mut settings, bad_settings) = store.settings();
        let whats_new = had_settings && settings.seen_version != crate::APP_VERSION;
        settings.seen_version = crate::APP_VERSION.to_string();
        let mut errors: Vec<String> = bad_settings.into_iter().collect();
        let mines = MinesHome::load(&store, &mut errors);
        let life = LifeHome::load(&store, &settings, &mut errors);
        let explodo = ExplodoHome::load(&store, &settings, &mut errors);
        let miau = MiauHome::load(&store, &mut errors);
        // Explodorama's card plays the demo's scenes, made now with the real
        // rules (the recorded run only if the first cannot be made).
        let demos = home::DEMOS
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
            mines,
            life,
            explodo,
            miau,
            notice: None,
            certified: None,
            demos,
            last_frame: None,
            show_settings: false,
            show_help: false,
            help_page: help::Page::default(),
            theme_applied: None,
            scaled_for: None,
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

    /// The one table of games (as the kernel's `registry::GAMES`), in the home screen's order, the
    /// screen, and what the shell lends them this frame; a new game is a line here and a field above.
    fn split(&mut self) -> ([&mut dyn GameWindow; 4], &mut Screen, Shell<'_>) {
        let shell = Shell {
            store: &self.store,
            settings: &mut self.settings,
            save_settings: false,
            error: &mut self.error,
            next: None,
            replacing: &mut self.replacing,
            sound: &mut self.sound,
            pads: &mut self.pads,
            pad_presses: &mut self.pad_presses,
        };
        ([&mut self.life, &mut self.mines, &mut self.explodo, &mut self.miau], &mut self.screen, shell)
    }

    /// Chooses Life's engine instead of looking for one (`None`: the CPU), so
    /// that what the window shows does not depend on the machine's GPU.
    pub fn set_life_engine(&mut self, engine: Option<crate::platform::LifeEngine>) {
        self.life.engine = Some(engine);
    }

    fn lang(&self) -> Lang {
        self.settings.lang
    }

    fn save_settings(&mut self) {
        if let Err(e) = self.store.save_settings(&self.settings) {
            self.error = Some(e.into());
        }
    }

    /// Puts `screen` up, each game told first (Life takes its GPU engine
    /// back, a play-test parks Miau's editor, Miau's list reads the levels
    /// won); the old screen is returned.
    fn show(&mut self, mut screen: Screen) -> Screen {
        let (games, current, mut shell) = self.split();
        let mut old = std::mem::replace(current, Screen::Home);
        for g in games {
            g.showing(&mut old, &mut screen, &mut shell);
        }
        *current = screen;
        old
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

    /// Back to the home screen, keeping live games resumable.
    pub fn go_home(&mut self) {
        let mut old = Some(self.show(Screen::Home));
        for g in self.split().0 {
            old = old.and_then(|s| g.park(s));
        }
    }

    /// The way into a game asked for this frame ([`RetraceApp::replacing`]):
    /// shown at once when its game has nothing suspended, else after the
    /// question; Yes gives the suspended game and its save up.
    fn replacing_question(&mut self, ctx: &egui::Context, lang: Lang) {
        let Some(r) = self.replacing.take() else { return };
        let (games, _, shell) = self.split();
        let Some(game) = games.into_iter().find(|g| g.slot() == r.slot) else { return };
        let answer = if game.suspended() { ask(ctx, lang, tr(lang, r.question)) } else { Some(true) };
        match answer {
            Some(true) => {
                if game.suspended() {
                    game.give_up();
                    shell.store.forget(game.save_name());
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
        if self.show_settings && settings::settings_window(ctx, &mut self.settings, &mut self.show_settings) {
            self.save_settings();
        }
        let (games, _, mut shell) = self.split();
        for g in games {
            g.windows(ctx, &mut shell);
        }
        if self.show_help {
            let (games, _, _) = self.split();
            let pages: Vec<(&'static str, help::GamePage)> = games.iter().map(|g| (g.id(), g.help())).collect();
            help::window(ctx, &mut self.show_help, &mut self.help_page, &pages, &self.settings);
        }
    }

    /// Opens Help at the page of the game on screen (the window's own page
    /// elsewhere).
    pub fn open_help(&mut self) {
        let (games, screen, _) = self.split();
        self.help_page = games.iter().find(|g| g.owns(screen)).map_or(help::Page::Window, |g| help::Page::Game(g.id()));
        self.show_help = true;
    }

    fn keys(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| pressed_once(i, egui::Key::F1)) {
            self.open_help();
        }
        // Esc backs out one level: an open menu or popup first (egui closes
        // it), then the shell's own windows (Help, Settings, What's new: the
        // key is spent there, issue 62 item 2), and only then the screen,
        // whose game closes its own topmost dialog before it goes back.
        let popup_open = egui::Popup::is_any_open(ctx) || modal_open(ctx);
        // A widget with the keyboard's focus is a level too: Esc takes the
        // focus away (egui does) and nothing else.
        if ctx.input(|i| i.key_pressed(egui::Key::Escape)) && !popup_open && !self.had_focus {
            let shell_window = [&mut self.show_help, &mut self.show_settings, &mut self.whats_new]
                .into_iter()
                .find(|o| **o)
                .map(|open| *open = false)
                .is_some();
            if shell_window {
                ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
            } else {
                let (games, screen, _) = self.split();
                if !games.into_iter().any(|g| g.escape(screen, ctx)) {
                    self.go_home();
                }
            }
        }
        // A game with undo takes Z on its screen; the others' rules forbid it.
        let (games, screen, _) = self.split();
        let undo = games.iter().any(|g| g.has_undo(screen));
        if !undo && ctx.input(|i| i.modifiers.command && i.key_pressed(egui::Key::Z)) {
            self.error =
                Some(tr(self.lang(), "This game has no undo: its rules forbid taking moves back.").to_string().into());
        }
        // Dropped files: their paths (on the web, once the browser has read them).
        let dropped = ctx.input(|i| i.raw.dropped_files.clone());
        for file in crate::platform::take_dropped(&dropped, ctx) {
            // A pack (or a Keke level file) opens in Miau's list; anything else is a replay.
            if opening::is_pack(&file.path) {
                self.open_pack(&file.path);
                continue;
            }
            let name = file.path.display().to_string();
            match file.bytes {
                Ok(bytes) => self.open_bytes(&name, &bytes),
                Err(e) => self.error = Some(opening::cannot_read(&name, &e)),
            }
        }
        // A link pasted on the window (not into a text field) opens what it names.
        if !ctx.egui_wants_keyboard_input() {
            let pasted: Vec<String> = ctx.input(|i| {
                i.events
                    .iter()
                    .filter_map(|e| match e {
                        egui::Event::Paste(text) if crate::links::looks_like_link(text) => Some(text.clone()),
                        _ => None,
                    })
                    .collect()
            });
            for text in pasted {
                self.open_link(&text);
            }
        }
    }

    /// The screen's frame: the game's that owns it (which handles what its
    /// screen asks for), the watcher, or the home cards; then the screen
    /// asked for.
    fn screen_frame(&mut self, ui: &mut egui::Ui) {
        let lang = self.lang();
        if matches!(self.screen, Screen::Watch(_)) {
            self.watch_frame(ui, lang);
            return;
        }
        let home = matches!(self.screen, Screen::Home);
        if home {
            // The cards' demos play on before they are drawn.
            let dt = if self.demos_paused { 0.0 } else { self.frame_dt() };
            home::tick_demos(&mut self.demos, &mut self.explodo_scene, dt);
            if !self.demos_paused {
                ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
            }
        }
        let (demos, mut typed) = (std::mem::take(&mut self.demos), self.typed_path.take());
        let mut replay = None;
        let (mut games, screen, mut shell) = self.split();
        if home {
            // A small window scrolls the home screen: its rows of cards stay reachable.
            egui::ScrollArea::vertical().auto_shrink(false).show(ui, |ui| {
                home::home(ui, &mut games, &mut shell, &demos);
                replay = home::open_replay_row(ui, lang, &mut typed);
            });
        } else if let Some(g) = games.into_iter().find(|g| g.owns(screen)) {
            g.frame(screen, ui, &mut shell);
        }
        let (next, save) = (shell.next.take(), shell.save_settings);
        (self.demos, self.typed_path) = (demos, typed);
        if let Some(s) = next {
            self.show(s);
        }
        if let Some(path) = replay {
            self.open_path(&path);
        }
        if save {
            self.save_settings();
        }
    }

    /// Seconds since the last frame that asked (the demos, the watcher), at most a quarter.
    fn frame_dt(&mut self) -> f32 {
        let now = Instant::now();
        self.last_frame.replace(now).map_or(0.0, |l| now.duration_since(l).as_secs_f32()).min(0.25)
    }

    /// A replay being watched: it plays on, and "Play from here" forks its
    /// game (asking first over a suspended one: one save slot a game).
    fn watch_frame(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let dt = self.frame_dt();
        let (games, screen, shell) = self.split();
        let Screen::Watch(v) = screen else { return };
        v.tick(dt);
        if v.playing {
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(30));
        }
        let fork = v.controls(ui, lang);
        // The game whose session it is keeps what it draws it with.
        for g in &games {
            g.watching(v);
        }
        home::watch_board(ui, v, lang);
        // Play from here: the game whose session it is takes it.
        if let Some(WatchRequest::PlayFromHere(mut watched)) = fork {
            for g in games {
                match g.play_from_here(watched) {
                    Ok(screen) => {
                        *shell.replacing = Some(Replacing::new(g.slot(), screen, PLAY_FROM_HERE));
                        return;
                    }
                    Err(back) => watched = back,
                }
            }
        }
    }

    /// Opens a file from disk, as a drop on the window does: a Miau pack or
    /// a Keke level file in Miau's level list, anything else as a replay in
    /// the watcher; or shows why not (issue 62 item 8: `retrace pack.toml`
    /// was refused as "not a Retrace replay").
    pub fn open_path(&mut self, path: &std::path::Path) {
        // A link typed or pasted where a path goes, or given on the command line.
        if crate::links::looks_like_link(&path.to_string_lossy()) {
            self.open_link(&path.to_string_lossy());
            return;
        }
        if opening::is_pack(path) {
            self.open_pack(path);
            return;
        }
        self.watch(opening::open_path(path));
    }

    /// Opens what a link names (a MineLayer field, a Miau level of a shipped
    /// pack, a Life campaign level, a replay), asking first over a
    /// suspended game of the same kind; or says what is wrong with it.
    pub fn open_link(&mut self, text: &str) {
        use crate::links::Link;
        use screen::{Replacing, START_OVER};
        let link = match Link::parse(text) {
            Ok(l) => l,
            Err(e) => {
                self.error = Some(format!("The link: {e}").into());
                return;
            }
        };
        if let Link::Replay(bytes) = &link {
            return self.open_bytes("the link", bytes);
        }
        // The game whose field or level it names opens it.
        let (games, _, _) = self.split();
        let opened = games.into_iter().find_map(|g| Some((g.slot(), g.open_link(&link)?)));
        let (slot, screen) = match opened {
            Some((slot, Ok(screen))) => (slot, screen),
            Some((_, Err(e))) => return self.error = Some(e),
            None => return,
        };
        self.error = None;
        self.go_home();
        self.replacing = Some(Replacing::new(slot, screen, START_OVER));
    }

    /// What is on screen in a line: the game's id and its session's digest
    /// (a link's field or level, compared across the native app and the
    /// page), else the screen's name.
    pub fn screen_summary(&self) -> String {
        let games: [&dyn GameWindow; 4] = [&self.life, &self.mines, &self.explodo, &self.miau];
        if let Some((id, d)) = games.iter().find_map(|g| Some((g.id(), g.digest(&self.screen)?))) {
            return format!("{id} {d}");
        }
        match &self.screen {
            Screen::Watch(_) => "watch".into(),
            Screen::Home => "home".into(),
            _ => "other".into(),
        }
    }

    /// Opens two Explodorama replays on one board in the watcher (`retrace A
    /// B`), or shows why not.
    pub fn open_pair_paths(&mut self, a: &std::path::Path, b: &std::path::Path) {
        self.watch(opening::open_pair_paths(a, b));
    }

    /// Opens replay bytes in the watcher, or shows the kernel's message.
    pub fn open_bytes(&mut self, source: &str, bytes: &[u8]) {
        self.watch(WatchView::open(source, bytes));
    }

    fn watch(&mut self, opened: Result<WatchView, Say>) {
        match opened {
            Ok(v) => {
                self.error = None;
                // The game on screen is parked first, as going home parks it
                // (kept for Resume, and a new game asks before replacing it):
                // a replay dropped mid-game takes nothing away (issue 62 item 9).
                self.go_home();
                self.show(Screen::Watch(v));
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Opens a Miau pack file and shows its levels, or every error with the
    /// file's path and the place in it.
    pub fn open_pack(&mut self, path: &std::path::Path) {
        match self.miau.open_pack(path) {
            Ok(()) => {
                self.error = None;
                self.go_home();
                self.show(Screen::MiauLevels);
            }
            Err(e) => self.error = Some(e.into()),
        }
    }

    /// Keeps a certificate of a won game, once (the game on screen says
    /// whether it is won and how: Miau keeps one per level, its best, on its
    /// own screen): `certificates/<game>-<digest>.replay` in the store (the
    /// first 16 hex digits of the final state's digest name it), and says so.
    fn certify(&mut self) {
        let certified = self.certified;
        let (games, screen, shell) = self.split();
        let kept = match games.into_iter().find_map(|g| g.certificate(screen).map(|c| (g.kept_words(screen), c))) {
            // The notice belongs to the won game on screen.
            None => None,
            Some((_, (_, digest, _))) if certified == Some(digest) => return,
            // Kept as certificates/<name>.replay in the data folder; the
            // player is told in player words (issue 40), not the file.
            Some((words, (game, digest, write))) => {
                Some((digest, words, write(shell.store, &format!("{game}-{}", &digest.hex()[..16]))))
            }
        };
        match kept {
            None => self.notice = None,
            Some((digest, words, kept)) => {
                self.certified = Some(digest);
                match kept {
                    Ok(_) => self.notice = Some(words),
                    Err(e) => self.error = Some(e.into()),
                }
            }
        }
    }
}

impl eframe::App for RetraceApp {
    /// The web page's test hooks reach the app through its runner (the
    /// trait has this on the web only).
    #[cfg(target_arch = "wasm32")]
    fn as_any_mut(&mut self) -> Option<&mut dyn std::any::Any> {
        Some(self)
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        if self.theme_applied.is_none() {
            // The first frame: the fonts for MineLayer's Chinese, Japanese and Korean.
            fonts::install(&ctx);
        }
        if self.theme_applied != Some(self.settings.theme) {
            ctx.set_theme(if self.settings.theme == Theme::Light { egui::Theme::Light } else { egui::Theme::Dark });
            self.theme_applied = Some(self.settings.theme);
            // The theme brings its own style: the type sizes again.
            self.scaled_for = None;
        }
        scale::apply(&ctx, &mut self.scaled_for);
        self.keys(&ctx);
        // Pad presses first, then any a test queued; a plugged pad is looked at 20 times a second.
        // Some screens' face buttons are held to confirm (Explodorama's spec); others' act at once.
        let (games, screen, _) = self.split();
        let hold_faces = games.iter().any(|g| g.holds_faces(screen));
        self.pads.hold_faces = hold_faces;
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
        // Keys go to the top dialog first (issue 62, item 2): while one of
        // the shell's windows is open, the screen under it gets no keys;
        // they are handed back for the window, drawn after it.
        let held: Vec<egui::Event> = if self.show_help || self.show_settings || self.whats_new {
            ctx.input_mut(|i| {
                let (keys, rest) =
                    std::mem::take(&mut i.events).into_iter().partition(|e| matches!(e, egui::Event::Key { .. }));
                i.events = rest;
                keys
            })
        } else {
            Vec::new()
        };
        egui::CentralPanel::default().show(ui, |ui| {
            // Dialogs open inside the panel, never over the menu bar.
            let stage = ui.clip_rect();
            ui.ctx().data_mut(|d| d.insert_temp(egui::Id::unique("retrace-stage"), stage));
            self.screen_frame(ui);
        });
        ctx.input_mut(|i| i.events.extend(held));
        self.windows(&ctx);
        if self.whats_new {
            settings::whats_new(&ctx, self.lang(), &mut self.whats_new);
        }
        self.certify();
        // Presses no screen took this frame are dropped, not kept for the next one.
        self.pad_presses.clear();
        self.had_focus = ctx.memory(|m| m.focused().is_some());
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
