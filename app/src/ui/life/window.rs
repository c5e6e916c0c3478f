//! Life's window as the shell sees it: its card (Two players, Campaign,
//! Resume), the setup form, the campaign's list and a game, the game kept
//! for Resume, and the GPU engine lent to the game's screen.

use super::{gpu_engine, levels_ui, setup_ui, LifeRequest, LifeView, SetupForm, SAVE};
use crate::platform::LifeEngine;
use crate::store::{Settings, Store};
use crate::ui::game::{certificate_of, load_saved, Certify, GameWindow, Shell};
use crate::ui::help;
use crate::ui::screen::{Screen, Slot, START_OVER};
use crate::ui::text::tr;
use crate::ui::watch::Watched;
use eframe::egui;
use retrace_kernel::digest::Digest;
use retrace_kernel::life::{Life, Phase, Setup};
use retrace_kernel::Session;

/// Life's part of the shell.
pub struct LifeHome {
    /// A saved game to resume.
    pub saved: Option<Session<Life>>,
    /// The two-player setup form.
    pub form: SetupForm,
    /// The GPU engine, looked for once, lent to the Life screen.
    pub engine: Option<Option<LifeEngine>>,
    /// The campaign list's marks (hints used, best wins), read when the
    /// list shows (none: it is to be read, and the list scrolled).
    marks: Option<crate::store::life::Marks>,
    /// The levels' thumbnails, made when the list first shows.
    thumbs: Vec<egui::TextureHandle>,
}

/// A new game of `setup` on screen (none when the setup is refused).
pub fn start_life(setup: &Setup) -> Option<LifeView> {
    Session::<Life>::new(setup.clone(), 0).ok().map(LifeView::new)
}

impl LifeHome {
    /// The game saved in `store` (a game over is never offered for Resume)
    /// and the setup form as the settings remember it.
    pub fn load(store: &Store, settings: &Settings, errors: &mut Vec<String>) -> LifeHome {
        LifeHome {
            saved: load_saved::<Life>(store, SAVE, errors).filter(|s| s.state().phase != Phase::GameOver),
            form: SetupForm::from_settings(settings),
            engine: None,
            marks: None,
            thumbs: Vec::new(),
        }
    }
}

impl LifeHome {
    /// A way into a new game of `setup`, asked about first over a suspended one.
    fn start(shell: &mut Shell, setup: &Setup) {
        if let Some(v) = start_life(setup) {
            shell.replace(Slot::Life, Screen::Life(v), START_OVER);
        }
    }
}

impl GameWindow for LifeHome {
    fn id(&self) -> &'static str {
        "life"
    }

    fn card_text(&self) -> (&'static str, &'static str) {
        ("Life", "Two-player territorial Conway's Life, hot-seat, and a 103-level campaign.")
    }

    fn card(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        let lang = shell.lang();
        if ui.button(tr(lang, "Two players")).clicked() {
            shell.next = Some(Screen::LifeSetup);
        }
        if ui.button(tr(lang, "Campaign")).clicked() {
            shell.next = Some(Screen::LifeLevels);
        }
        if let Some(s) = self.saved.take() {
            if ui.button(tr(lang, "Resume")).clicked() {
                shell.next = Some(Screen::Life(LifeView::new(s)));
            } else {
                self.saved = Some(s);
            }
        }
    }

    fn slot(&self) -> Slot {
        Slot::Life
    }

    fn save_name(&self) -> &'static str {
        SAVE
    }

    fn suspended(&self) -> bool {
        self.saved.is_some()
    }

    fn give_up(&mut self) {
        self.saved = None;
    }

    fn owns(&self, screen: &Screen) -> bool {
        matches!(screen, Screen::Life(_) | Screen::LifeSetup | Screen::LifeLevels)
    }

    fn help(&self) -> help::GamePage {
        super::help_page::PAGE
    }

    fn frame(&mut self, screen: &mut Screen, ui: &mut egui::Ui, shell: &mut Shell) {
        let lang = shell.lang();
        match screen {
            Screen::LifeSetup => match setup_ui(ui, &mut self.form, lang) {
                Some(LifeRequest::Start(setup)) => {
                    // The form is remembered for the next game.
                    let before = shell.settings.clone();
                    self.form.remember(shell.settings);
                    if *shell.settings != before {
                        let _ = shell.store.save_settings(shell.settings);
                    }
                    LifeHome::start(shell, &setup);
                }
                Some(LifeRequest::Menu) => shell.next = Some(Screen::Home),
                Some(LifeRequest::Levels) => shell.next = Some(Screen::LifeLevels),
                None => {}
            },
            Screen::LifeLevels => {
                // Read when the list opens, which scrolls to the next level to play then.
                let scroll = self.marks.is_none();
                let marks = self.marks.get_or_insert_with(|| crate::store::life::marks(shell.store));
                let thumbs = super::thumbs::textures(ui.ctx(), &mut self.thumbs);
                match levels_ui(ui, shell.settings, (marks, thumbs), scroll) {
                    Some(LifeRequest::Start(setup)) => {
                        // A hint or a win in the level: the list reads its marks again.
                        self.marks = None;
                        LifeHome::start(shell, &setup);
                    }
                    Some(LifeRequest::Menu) => shell.next = Some(Screen::Home),
                    _ => {}
                }
            }
            Screen::Life(v) => {
                // Lend the GPU engine to the game (looked for once, on the first game).
                // On the page the GPU opens over a few frames: the game
                // steps on the CPU until it is there.
                if v.engine.is_none() {
                    if self.engine.is_none() {
                        if let std::task::Poll::Ready(found) = gpu_engine() {
                            self.engine = Some(found);
                        }
                    }
                    v.engine = self.engine.as_mut().and_then(Option::take);
                }
                match v.ui(ui, shell.store, shell.settings) {
                    Some(LifeRequest::Start(setup)) => shell.next = start_life(&setup).map(Screen::Life),
                    Some(LifeRequest::Menu) => {
                        // A finished game is never offered for Resume.
                        if v.session.state().phase != Phase::GameOver {
                            self.saved = Some(v.session.clone());
                        }
                        shell.next = Some(Screen::Home);
                    }
                    Some(LifeRequest::Levels) => shell.next = Some(Screen::LifeLevels),
                    None => {}
                }
            }
            _ => {}
        }
    }

    /// A game over is never offered for Resume.
    fn park(&mut self, screen: Screen) -> Option<Screen> {
        match screen {
            Screen::Life(v) => {
                if v.session.state().phase != Phase::GameOver {
                    self.saved = Some(v.session);
                }
                None
            }
            other => Some(other),
        }
    }

    /// The GPU engine comes back from a game that goes.
    fn showing(&mut self, old: &mut Screen, _new: &mut Screen, _shell: &mut Shell) {
        if let Screen::Life(v) = old {
            if let Some(e) = v.engine.take() {
                self.engine = Some(Some(e));
            }
        }
    }

    fn certificate<'s>(&self, screen: &'s Screen) -> Option<(&'static str, Digest, Certify<'s>)> {
        let Screen::Life(v) = screen else { return None };
        certificate_of(&v.session).map(|(d, c)| ("life", d, c))
    }

    fn kept_words(&self, screen: &Screen) -> retrace_kernel::say::Say {
        match screen {
            // A hot-seat game is won by one of the two at the screen: not
            // "your" win (issue 62 item 7).
            Screen::Life(v) if v.session.state().campaign.is_none() => {
                retrace_kernel::say!("Game over: it is kept with your finished games.")
            }
            _ => retrace_kernel::say!("Won! This win is kept with your wins."),
        }
    }

    fn open_link(&self, link: &crate::links::Link) -> Option<Result<Screen, retrace_kernel::say::Say>> {
        let crate::links::Link::Life { level } = link else { return None };
        start_life(&Setup::Campaign { level: level - 1 }).map(|v| Ok(Screen::Life(v)))
    }

    fn digest(&self, screen: &Screen) -> Option<Digest> {
        match screen {
            Screen::Life(v) => Some(v.session.digest()),
            _ => None,
        }
    }

    fn play_from_here(&mut self, watched: Watched) -> Result<Screen, Watched> {
        watched.into_session::<Life>().map(|s| Screen::Life(LifeView::new(s)))
    }
}
