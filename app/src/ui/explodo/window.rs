//! Explodorama's window as the shell sees it: its card (the seed, the
//! modes, the test options, New run, Resume, Scores), a run's screen with
//! its switches kept in step with the settings, the run kept for Resume,
//! and Esc stopping a walk before anything else.

use super::demo::Place;
use super::{scores_window, ExplodoRequest, ExplodoView, RunForm, SAVE};
use crate::store::{Settings, Store};
use crate::ui::game::{certificate_of, load_saved, Certify, GameWindow, Shell};
use crate::ui::help;
use crate::ui::screen::{Screen, Slot, NEW_RUN};
use crate::ui::text::tr;
use crate::ui::watch::Watched;
use eframe::egui;
use retrace_kernel::digest::Digest;
use retrace_kernel::explodo::{Explodo, RunPhase};
use retrace_kernel::Session;

/// Explodorama's part of the shell.
pub struct ExplodoHome {
    /// A saved run to resume.
    pub saved: Option<Session<Explodo>>,
    /// The new-run form.
    pub form: RunForm,
    /// The high-score window is open.
    pub show_scores: bool,
    /// The opening demo has played in this window (issue 62 item 13): it
    /// opens the game, a New run or the first Resume, and the menu's Demo
    /// plays it again; later Resumes go straight back to the board.
    pub demo_played: bool,
}

impl ExplodoHome {
    /// The run saved in `store` (one won or over is never offered for
    /// Resume) and the form with the modes the settings remember.
    pub fn load(store: &Store, settings: &Settings, errors: &mut Vec<String>) -> ExplodoHome {
        let form = RunForm {
            developer: settings.explodo_developer,
            immortal: settings.explodo_immortal,
            ..RunForm::default()
        };
        ExplodoHome {
            saved: load_saved::<Explodo>(store, SAVE, errors).filter(|s| s.state().run.phase == RunPhase::Playing),
            form,
            show_scores: false,
            demo_played: false,
        }
    }
}

/// The run menu's switches and the demo's place as the settings keep them.
type Switches = (bool, bool, bool, bool, Place);

fn switches(s: &Settings) -> Switches {
    let place = Place {
        scenes: [s.explodo_demo_scene, s.explodo_demo_scene_keys, s.explodo_demo_scene_pad],
        shuffle: s.explodo_demo_shuffle,
    };
    (s.explodo_autopilot, s.sound, s.explodo_event_log, s.vibration, place)
}

/// Runs a run's frame with the run menu's switches and the demo's place
/// kept in step with the settings (they are one; a change saves them).
fn frame_in_step(v: &mut ExplodoView, ui: &mut egui::Ui, shell: &mut Shell) -> Option<ExplodoRequest> {
    (v.walking.autopilot, v.sound, v.event_log, v.vibration, v.demo_place) = switches(shell.settings);
    let request = v.ui(ui, shell.store, shell.lang());
    let now = (v.walking.autopilot, v.sound, v.event_log, v.vibration, v.demo_place);
    if now != switches(shell.settings) {
        let set = &mut *shell.settings;
        let place;
        (set.explodo_autopilot, set.sound, set.explodo_event_log, set.vibration, place) = now;
        [set.explodo_demo_scene, set.explodo_demo_scene_keys, set.explodo_demo_scene_pad] = place.scenes;
        set.explodo_demo_shuffle = place.shuffle;
        shell.save_settings = true;
    }
    request
}

impl GameWindow for ExplodoHome {
    fn id(&self) -> &'static str {
        "explodo"
    }

    fn card_text(&self) -> (&'static str, &'static str) {
        ("Explodorama", "A turn-based, rogue-like bomb game: 20 seeded levels, power-ups, charges, a shop.")
    }

    fn card(&mut self, ui: &mut egui::Ui, shell: &mut Shell) {
        let lang = shell.lang();
        ui.vertical(|ui| {
            ui.horizontal(|ui| {
                ui.label(tr(lang, "Seed"));
                ui.add(
                    egui::TextEdit::singleline(&mut self.form.seed).desired_width(90.0).hint_text(tr(lang, "random")),
                );
            });
            ui.horizontal(|ui| {
                ui.checkbox(&mut self.form.developer, tr(lang, "Developer"));
                ui.checkbox(&mut self.form.immortal, tr(lang, "Immortal"));
            });
            self.form.test_options(ui, lang);
            ui.horizontal(|ui| {
                if ui.button(tr(lang, "New run")).clicked() {
                    // The modes are remembered for the next run.
                    let (f, settings) = (&self.form, &mut *shell.settings);
                    if (settings.explodo_developer, settings.explodo_immortal) != (f.developer, f.immortal) {
                        settings.explodo_developer = f.developer;
                        settings.explodo_immortal = f.immortal;
                        let _ = shell.store.save_settings(settings);
                    }
                    // A test run never replaces the saved run: no warning.
                    // The game opens on its demo (issue 43 item 8); a key plays.
                    let run = Screen::Explodo(self.form.start().with_opening_demo());
                    self.demo_played = true;
                    if self.form.setup().test() {
                        shell.next = Some(run);
                    } else {
                        shell.replace(Slot::Explodo, run, NEW_RUN);
                    }
                }
                if let Some(s) = self.saved.take() {
                    if ui.button(tr(lang, "Resume")).clicked() {
                        // The demo opens the game once a window (issue 62
                        // item 13: it played again on every Resume).
                        let view = ExplodoView::resume(s);
                        let view = if self.demo_played { view } else { view.with_opening_demo() };
                        self.demo_played = true;
                        shell.next = Some(Screen::Explodo(view));
                    } else {
                        self.saved = Some(s);
                    }
                }
                if ui.button(tr(lang, "Scores")).clicked() {
                    self.show_scores = true;
                }
            });
        });
    }

    fn slot(&self) -> Slot {
        Slot::Explodo
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
        matches!(screen, Screen::Explodo(_))
    }

    fn help(&self) -> help::GamePage {
        super::help_page::PAGE
    }

    fn frame(&mut self, screen: &mut Screen, ui: &mut egui::Ui, shell: &mut Shell) {
        let Screen::Explodo(v) = screen else { return };
        v.pad.append(shell.pad_presses);
        let request = frame_in_step(v, ui, shell);
        shell.play_effects(v.sounds.drain(..));
        match request {
            Some(ExplodoRequest::NewRun(setup, seed)) => {
                shell.next = Some(Screen::Explodo(ExplodoView::new(setup, seed)))
            }
            Some(ExplodoRequest::Menu) => shell.next = Some(Screen::Home),
            None => {}
        }
    }

    /// A run won or over is never offered for Resume.
    fn park(&mut self, screen: Screen) -> Option<Screen> {
        match screen {
            Screen::Explodo(v) => {
                if v.session.state().run.phase == RunPhase::Playing {
                    self.saved = Some(v.session);
                }
                None
            }
            other => Some(other),
        }
    }

    fn windows(&mut self, ctx: &egui::Context, shell: &mut Shell) {
        if self.show_scores {
            let mut open = true;
            scores_window(ctx, shell.store, &mut open, shell.lang());
            self.show_scores = open;
        }
    }

    /// Esc first stops the auto-move walk or the autopilot; else the run's
    /// screen backs out one step itself (a pick, its cursor, then its menu).
    fn escape(&mut self, screen: &mut Screen, ctx: &egui::Context) -> bool {
        let Screen::Explodo(v) = screen else { return false };
        if v.walking.walk.is_some() || v.piloting() {
            v.walking.walk = None;
            if v.piloting() {
                v.walking.pilot_stopped = true;
                v.message = Some("Autopilot stopped · Your turn".into());
            }
            ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
        }
        true
    }

    /// Its face buttons are held to confirm (its spec).
    fn holds_faces(&self, screen: &Screen) -> bool {
        matches!(screen, Screen::Explodo(_))
    }

    fn certificate<'s>(&self, screen: &'s Screen) -> Option<(&'static str, Digest, Certify<'s>)> {
        let Screen::Explodo(v) = screen else { return None };
        certificate_of(&v.session).map(|(d, c)| ("explodorama", d, c))
    }

    fn digest(&self, screen: &Screen) -> Option<retrace_kernel::digest::Digest> {
        match screen {
            Screen::Explodo(v) => Some(v.session.digest()),
            _ => None,
        }
    }

    fn play_from_here(&mut self, watched: Watched) -> Result<Screen, Watched> {
        watched.into_session::<Explodo>().map(|s| Screen::Explodo(ExplodoView::resume(s)))
    }
}
