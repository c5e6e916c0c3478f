//! MineLayer's window as the shell sees it: its card (Play, Resume), its
//! round's screen, and the round kept for Resume.

use super::{MinesView, SAVE};
use crate::store::Store;
use crate::ui::game::{certificate_of, load_saved, Certify, GameWindow, Shell};
use crate::ui::help;
use crate::ui::screen::{Screen, Slot, START_OVER};
use crate::ui::text::tr;
use crate::ui::watch::Watched;
use eframe::egui;
use retrace_kernel::digest::Digest;
use retrace_kernel::mines::{MineLayer, Tier};
use retrace_kernel::Session;

/// MineLayer's part of the shell: what the home card and the screen need between screens.
pub struct MinesHome {
    /// A saved round to resume.
    pub saved: Option<Session<MineLayer>>,
}

impl MinesHome {
    /// The round saved in `store`; a finished one (won, lost or revealed)
    /// is never offered for Resume (its save stays on disk).
    pub fn load(store: &Store, errors: &mut Vec<String>) -> MinesHome {
        MinesHome { saved: load_saved::<MineLayer>(store, SAVE, errors).filter(|s| s.state().active()) }
    }
}

impl GameWindow for MinesHome {
    fn id(&self) -> &'static str {
        "mines"
    }

    fn card_text(&self) -> (&'static str, &'static str) {
        ("MineLayer", "Reversed Minesweeper: lay every mine. Every field has exactly one solution.")
    }

    /// Play (a new round, asked about first when one is suspended) and Resume.
    fn card(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        let lang = shell.lang();
        if ui.button(tr(lang, "Play")).clicked() {
            let tier = Tier::parse(&shell.settings.mines_tier).unwrap_or(Tier::Beginner);
            shell.replace(Slot::Mines, Screen::Mines(MinesView::new(tier, crate::random_seed())), START_OVER);
        }
        if let Some(s) = self.saved.take() {
            if ui.button(tr(lang, "Resume")).clicked() {
                shell.next = shell.next.take().or(Some(Screen::Mines(MinesView::resume_saved(s, shell.store))));
            } else {
                self.saved = Some(s);
            }
        }
    }

    fn slot(&self) -> Slot {
        Slot::Mines
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
        matches!(screen, Screen::Mines(_))
    }

    fn help(&self) -> help::GamePage {
        super::help_page::PAGE
    }

    /// The round; a tier chosen in its menu starts a new round of it (and
    /// is remembered).
    fn frame(&mut self, screen: &mut Screen, ui: &mut egui::Ui, shell: &mut Shell) {
        let Screen::Mines(v) = screen else { return };
        let tier = v.ui(ui, shell.store, shell.settings);
        // The win's sound, once.
        if let Some(w) = v.win.as_mut().filter(|w| !w.sounded) {
            w.sounded = true;
            shell.play_effects(std::iter::once(crate::sound::Effect::Win));
        }
        if std::mem::take(&mut v.ask_daily) {
            match MinesView::daily(&crate::store::today()) {
                Ok(daily) => {
                    shell.store.forget(SAVE);
                    shell.next = Some(Screen::Mines(daily));
                }
                Err(e) => *shell.error = Some(e.into()),
            }
            return;
        }
        if let Some(tier) = tier {
            shell.settings.mines_tier = match tier {
                Tier::Beginner => "beginner",
                Tier::Intermediate => "intermediate",
                _ => "expert",
            }
            .into();
            let _ = shell.store.save_settings(shell.settings);
            // F2, the smiley or a tier: the player ended this round, so its
            // save goes with it and a restart offers no abandoned round for
            // Resume (issue 62 item 9); the new one is saved at its first action.
            shell.store.forget(SAVE);
            shell.next = Some(Screen::Mines(MinesView::new(tier, crate::random_seed())));
        }
    }

    /// A round won, lost or revealed is never offered for Resume.
    fn park(&mut self, screen: Screen) -> Option<Screen> {
        match screen {
            Screen::Mines(v) => {
                if v.session.state().active() {
                    self.saved = Some(v.session);
                }
                None
            }
            other => Some(other),
        }
    }

    fn certificate<'s>(&self, screen: &'s Screen) -> Option<(&'static str, Digest, Certify<'s>)> {
        let Screen::Mines(v) = screen else { return None };
        certificate_of(&v.session).map(|(d, c)| ("minelayer", d, c))
    }

    fn open_link(&self, link: &crate::links::Link) -> Option<Result<Screen, retrace_kernel::say::Say>> {
        use crate::links::Link;
        match link {
            Link::MineLayer { tier, seed } => Some(Ok(Screen::Mines(MinesView::new(*tier, *seed)))),
            Link::MineLayerDaily { date } => {
                Some(MinesView::daily(date).map(Screen::Mines).map_err(|e| format!("The link: {e}").into()))
            }
            _ => None,
        }
    }

    fn digest(&self, screen: &Screen) -> Option<retrace_kernel::digest::Digest> {
        match screen {
            Screen::Mines(v) => Some(v.session.digest()),
            _ => None,
        }
    }

    fn play_from_here(&mut self, watched: Watched) -> Result<Screen, Watched> {
        watched.into_session::<MineLayer>().map(|s| Screen::Mines(MinesView::resume(s)))
    }
}
