//! The contract between the shell and each game's window, as the kernel's
//! `registry.rs` is between the kernel and each game's rules: one
//! [`GameWindow`] a game (in `<game>/window.rs`), listed once in
//! `RetraceApp::games`. The shell asks the table, never a game by name: its
//! home card, its suspended game and save, its screens' frames and the
//! requests they make, its help page, its certificate.

use super::help;
use super::screen::{Replacing, Screen, Slot};
use super::watch::{WatchView, Watched};
use crate::store::{Lang, Settings, Store};
use eframe::egui;
use retrace_kernel::digest::Digest;
use retrace_kernel::say::Say;
use retrace_kernel::Session;
use std::path::PathBuf;

/// How to keep a won session's certificate in the data folder, by name.
pub type Certify<'a> = Box<dyn FnOnce(&Store, &str) -> Result<PathBuf, String> + 'a>;

/// For a won session: its final digest, and how to keep its certificate.
pub fn certificate_of<G: retrace_kernel::Game>(s: &Session<G>) -> Option<(Digest, Certify<'_>)> {
    matches!(s.outcome(), retrace_kernel::Outcome::Won(_)).then(|| {
        (s.digest(), Box::new(move |store: &Store, name: &str| store.save_certificate(name, s)) as Certify<'_>)
    })
}

/// A game's save from the data folder, when there is one; one that does not
/// load is kept aside by the store and its message added to `errors`.
pub fn load_saved<G: retrace_kernel::Game>(store: &Store, name: &str, errors: &mut Vec<String>) -> Option<Session<G>> {
    store.load::<G>(name).unwrap_or_else(|e| {
        errors.push(e);
        None
    })
}

/// What the shell lends a game's window for a frame: the data folder, the
/// settings, and the places where it says what should happen next.
pub struct Shell<'a> {
    /// The data folder.
    pub store: &'a Store,
    /// The preferences (a change is saved when `save_settings` is set).
    pub settings: &'a mut Settings,
    /// Set to save the settings at the end of the frame.
    pub save_settings: bool,
    /// The problem to show above the screen.
    pub error: &'a mut Option<Say>,
    /// A screen to show next.
    pub next: Option<Screen>,
    /// A way into a game, asked about first when it would replace a suspended one.
    pub replacing: &'a mut Option<Replacing>,
    /// The sound effects' device.
    pub sound: &'a mut crate::sound::Sound,
    /// The gamepads (their rumble).
    pub pads: &'a mut crate::pad::Pads,
    /// Pad buttons for the screen this frame.
    pub pad_presses: &'a mut Vec<crate::pad::Button>,
}

impl Shell<'_> {
    /// The window's language.
    pub fn lang(&self) -> Lang {
        self.settings.lang
    }

    /// A view's sound effects played (with Sound on), each with its rumble
    /// on the pads (with Vibration on).
    pub fn play_effects(&mut self, effects: impl Iterator<Item = crate::sound::Effect>) {
        for e in effects {
            self.sound.play(e, self.settings.sound);
            if self.settings.vibration {
                self.pads.rumble(e);
            }
        }
    }

    /// `screen`, into the game of `slot`, after asking `question` when a game is suspended there.
    pub fn replace(&mut self, slot: Slot, screen: Screen, question: &'static str) {
        *self.replacing = Some(Replacing::new(slot, screen, question));
    }
}

/// One game's window, as the shell sees it.
pub trait GameWindow {
    /// The kernel registry's id of the game: its demo replay's and its watcher's.
    fn id(&self) -> &'static str;

    /// The home card's title and blurb (phrases of the window, translated when shown).
    fn card_text(&self) -> (&'static str, &'static str);

    /// The home card's buttons and forms; what they ask for goes to `shell`.
    fn card(&mut self, ui: &mut egui::Ui, shell: &mut Shell);

    /// Whose suspended game a new one here gives up.
    fn slot(&self) -> Slot;

    /// The save's name in the data folder.
    fn save_name(&self) -> &'static str;

    /// Whether a game is suspended here (the card offers Resume).
    fn suspended(&self) -> bool;

    /// Gives the suspended game up (the shell forgets its save).
    fn give_up(&mut self);

    /// Whether `screen` is one of this game's.
    fn owns(&self, screen: &Screen) -> bool;

    /// Help's page for this game (its tab, its sections, how it is drawn).
    fn help(&self) -> help::GamePage;

    /// One frame of `screen` when it is this game's, with what it asks for
    /// handled through `shell`.
    fn frame(&mut self, screen: &mut Screen, ui: &mut egui::Ui, shell: &mut Shell);

    /// `screen` goes (home, or another screen comes): the game keeps what
    /// is its own and unfinished for Resume, and gives back what is not.
    fn park(&mut self, screen: Screen) -> Option<Screen>;

    /// `new` is about to show in place of `old` (both may be any game's):
    /// a game takes back what it lent its screen, and sets its screen up.
    fn showing(&mut self, _old: &mut Screen, _new: &mut Screen, _shell: &mut Shell) {}

    /// Windows of its own, over every screen (Explodorama's high scores).
    fn windows(&mut self, _ctx: &egui::Context, _shell: &mut Shell) {}

    /// Esc on `screen` with no dialog up: whether the game took it (else the
    /// shell goes home).
    fn escape(&mut self, _screen: &mut Screen, _ctx: &egui::Context) -> bool {
        false
    }

    /// Whether `screen` takes back moves (Ctrl+Z is its own there).
    fn has_undo(&self, _screen: &Screen) -> bool {
        false
    }

    /// Whether a pad's face buttons are held to confirm on `screen` (else they act at once).
    fn holds_faces(&self, _screen: &Screen) -> bool {
        false
    }

    /// Play from here: `watched` (cut at the watcher's step) as this game's
    /// live screen when the session is this game's, else back unchanged.
    fn play_from_here(&mut self, watched: Watched) -> Result<Screen, Watched>;

    /// The screen a link names when it is one of this game's (a field, a
    /// level), or why that link opens nothing here; `None` for another
    /// game's link.
    fn open_link(&self, _link: &crate::links::Link) -> Option<Result<Screen, Say>> {
        None
    }

    /// The digest of the session on `screen` when it is this game's live
    /// one (what `RetraceApp::screen_summary` reports).
    fn digest(&self, _screen: &Screen) -> Option<Digest> {
        None
    }

    /// The watcher shows `v`: the game keeps what it needs to draw the
    /// session when the session is its own (Miau: its level's look).
    fn watching(&self, _v: &mut WatchView) {}

    /// A won game on `screen` whose certificate the shell keeps once: the
    /// certificate's name prefix, the final digest, and how to write it.
    fn certificate<'s>(&self, _screen: &'s Screen) -> Option<(&'static str, Digest, Certify<'s>)> {
        None
    }

    /// What the shell says once it has kept the certificate of the game on
    /// `screen`: a win of yours by default; a game whose winner is one of
    /// two players at one screen says so in its own words.
    fn kept_words(&self, _screen: &Screen) -> Say {
        retrace_kernel::say!("Won! This win is kept with your wins.")
    }
}
