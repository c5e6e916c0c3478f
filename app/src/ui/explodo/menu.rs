//! The run menu and what it opens: the almanac and demo, the bug report,
//! the high scores.

use super::*;

/// The graphics adapter for a bug report: `RETRACE_ADAPTER_NAME` when set,
/// else Vulkan's first adapter as wgpu names it, else "none found".
pub(super) fn adapter_line() -> String {
    std::env::var("RETRACE_ADAPTER_NAME").ok().unwrap_or_else(|| {
        retrace_gpu::Gpu::new().map_or_else(|e| format!("none found ({e})"), |g| g.info.name.clone())
    })
}

/// The high-score board in a dialog (over the game-over one, which waits):
/// Close, Esc or a click beside it closes it.
pub fn scores_window(ctx: &egui::Context, store: &Store, open: &mut bool, lang: Lang) {
    let (board, problem) = crate::store::explodo::load_scores(&store.path(SCORES));
    let (closed, close) = crate::ui::dialog(ctx, "explodo-scores", tr(lang, "High scores"), None, |ui| {
        if let Some(p) = problem {
            ui.colored_label(Color32::from_rgb(230, 90, 70), p);
        }
        if board.is_empty() {
            ui.label(crate::ui::text::tr(lang, "No finished runs yet."));
        }
        egui::Grid::new("scores").striped(true).show(ui, |ui| {
            for h in [
                "#",
                tr(lang, "How far"),
                tr(lang, "Coins"),
                tr(lang, "Turns"),
                tr(lang, "Kills"),
                tr(lang, "Lives lost"),
                tr(lang, "Ended"),
                tr(lang, "Held"),
                tr(lang, "Date"),
                tr(lang, "Seed"),
            ] {
                ui.strong(h);
            }
            ui.end_row();
            for (i, s) in board.iter().enumerate() {
                let place = RichText::new((i + 1).to_string());
                ui.label(if s.developer { place.color(Color32::from_rgb(220, 60, 60)) } else { place });
                ui.label(if s.won {
                    crate::ui::text::say(lang, &retrace_kernel::say!("run won"))
                } else {
                    crate::ui::text::say(lang, &retrace_kernel::say!("level {0}", s.level))
                });
                ui.label(s.coins.to_string());
                ui.label(s.turns.to_string());
                ui.label(s.kills.to_string());
                ui.label(s.lives_lost.to_string());
                ui.label(&s.ended);
                ui.label(s.powerups.join(", "));
                ui.label(&s.date);
                ui.label(s.seed.to_string());
                ui.end_row();
            }
        });
        ui.button(tr(lang, "Close")).clicked()
    });
    if closed || close {
        *open = false;
    }
}

impl ExplodoView {
    /// The almanac's and the demo's windows, while open.
    pub(super) fn almanac_and_demo(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
        let seed = self.session.state().run.seed;
        if let Some(a) = &mut self.dialogs.almanac {
            let mut open = true;
            a.window(ui.ctx(), &mut open, self.session.state(), seed, lang);
            // "Walk there": the tile's walk, as a tap there does.
            if let Some(to) = a.walk.filter(|_| a.walk_asked) {
                self.dialogs.almanac = None;
                self.act_at(store, Mode::Move, to, false);
            } else if !open {
                self.dialogs.almanac = None;
            }
        }
    }

    /// The in-run menu: the level and seed, Sound and Autopilot, Resume, New
    /// run (asked first: it replaces this run), Scores, Changes, Bug.
    pub(super) fn menu_window(&mut self, ui: &mut egui::Ui, lang: Lang) -> Option<ExplodoRequest> {
        let mut request = None;
        if self.dialogs.confirm_new {
            match crate::ui::ask(ui.ctx(), lang, tr(lang, "Start a new run? This run will be gone.")) {
                Some(true) => {
                    let st = self.session.state();
                    request = Some(ExplodoRequest::NewRun(st.run.setup, crate::random_seed()));
                    self.dialogs.confirm_new = false;
                }
                Some(false) => self.dialogs.confirm_new = false,
                None => {}
            }
        }
        if !self.dialogs.menu {
            return request;
        }
        let mut open = true;
        let st = self.session.state().clone();
        egui::Window::new(tr(lang, "Run menu")).open(&mut open).collapsible(false).show(ui.ctx(), |ui| {
            ui.label(format!("{} {}/20 · {} {}", tr(lang, "Level"), st.run.level, tr(lang, "Seed"), st.run.seed));
            ui.horizontal(|ui| {
                ui.checkbox(&mut self.sound, tr(lang, "Sound"));
                ui.checkbox(&mut self.vibration, tr(lang, "Vibration"));
            });
            ui.checkbox(&mut self.walking.autopilot, tr(lang, "Autopilot"));
            ui.checkbox(&mut self.event_log, tr(lang, "Each turn's events beside the board"));
            if ui.button(tr(lang, "Resume")).clicked() {
                self.dialogs.menu = false;
            }
            if ui.button(tr(lang, "New run")).clicked() {
                self.dialogs.confirm_new = true;
                self.dialogs.menu = false;
            }
            ui.horizontal(|ui| {
                if ui.button(tr(lang, "Scores")).clicked() {
                    self.dialogs.show_scores = true;
                }
                if ui.button(tr(lang, "Almanac")).clicked() {
                    self.dialogs.almanac = Some(almanac::Almanac::default());
                    self.dialogs.menu = false;
                }
                if ui.button(tr(lang, "Demo")).clicked() {
                    self.dialogs.demo = Some(demo::Demo::new(st.run.seed));
                    self.dialogs.menu = false;
                }
            });
            if ui.button(tr(lang, "Report a bug")).clicked() {
                self.dialogs.bug_note = Some(String::new());
                self.dialogs.menu = false;
            }
            egui::CollapsingHeader::new(tr(lang, "Changes")).show(ui, |ui| {
                for (date, en) in CHANGES {
                    ui.label(RichText::new(format!("{date}: {}", tr(lang, en))).small());
                }
            });
        });
        if !open {
            self.dialogs.menu = false;
        }
        request
    }

    /// The bug report's window: a note, then one file in the data folder
    /// holding the run, the build, the rules versions and the machine.
    pub(super) fn bug_window(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
        let Some(note) = &mut self.dialogs.bug_note else {
            if let Some(path) = self.dialogs.bug_written.clone() {
                egui::Window::new(tr(lang, "Bug report written")).collapsible(false).show(ui.ctx(), |ui| {
                    ui.label(crate::files::escaped(&path.display().to_string()));
                    ui.horizontal(|ui| {
                        if ui.button(tr(lang, "Show the folder")).clicked() {
                            if let Err(e) = opener::open(&store.dir) {
                                self.message = Some(format!("{}: {e}", store.dir.display()).into());
                            }
                        }
                        if ui.button(tr(lang, "Close")).clicked() {
                            self.dialogs.bug_written = None;
                        }
                    });
                });
            }
            return;
        };
        let mut write = false;
        let mut cancel = false;
        egui::Window::new(tr(lang, "Report a bug")).collapsible(false).show(ui.ctx(), |ui| {
            let l = ui.label(tr(lang, "What happened? (optional)"));
            ui.add(egui::TextEdit::multiline(note).desired_rows(3)).labelled_by(l.id);
            ui.label(
                RichText::new(tr(lang, "The report holds this run as a replay, the build and the machine.")).small(),
            );
            ui.horizontal(|ui| {
                write = ui.button(tr(lang, "Write report")).clicked();
                cancel = ui.button(tr(lang, "Cancel")).clicked();
            });
        });
        if write {
            let bytes = self.session.to_replay(crate::APP_VERSION).to_bytes();
            let report = crate::bug::Report::new(bytes, note, &adapter_line());
            match store.write_bug_report(&report) {
                Ok(path) => self.dialogs.bug_written = Some(path),
                Err(e) => self.message = Some(e.into()),
            }
        }
        if write || cancel {
            self.dialogs.bug_note = None;
        }
    }
}
