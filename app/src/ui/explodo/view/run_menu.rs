//! `ExplodoView`'s methods for the part of the window in `menu.rs`.

use super::{ExplodoRequest, ExplodoView};
use crate::store::{Lang, Store};
use crate::ui::explodo::almanac::{self};
use crate::ui::explodo::common::{change_scene, CHANGES};
use crate::ui::explodo::input::Mode;
use crate::ui::explodo::menu::{adapter_line, MenuItem, MENU};
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText};

impl ExplodoView {
    /// A menu switch's setting.
    fn menu_switch(&mut self, item: MenuItem) -> &mut bool {
        match item {
            MenuItem::Vibration => &mut self.vibration,
            MenuItem::Autopilot => &mut self.walking.autopilot,
            MenuItem::EventLog => &mut self.event_log,
            _ => &mut self.sound,
        }
    }

    /// Presses a menu entry (a click, or the pad's bottom button on the
    /// selected one): a switch flips, a button does its thing.
    pub fn menu_press(&mut self, item: MenuItem) {
        match item {
            MenuItem::Sound | MenuItem::Vibration | MenuItem::Autopilot | MenuItem::EventLog => {
                let on = self.menu_switch(item);
                *on = !*on;
            }
            MenuItem::Resume => self.dialogs.menu = false,
            MenuItem::NewRun => {
                self.dialogs.confirm_new = true;
                self.dialogs.menu = false;
            }
            MenuItem::Scores => self.dialogs.show_scores = true,
            MenuItem::Almanac => {
                self.dialogs.almanac = Some(almanac::Almanac::default());
                self.dialogs.menu = false;
            }
            MenuItem::Demo => {
                self.dialogs.demo = Some(self.demo_here());
                self.dialogs.menu = false;
            }
            MenuItem::Bug => {
                self.dialogs.bug_note = Some(String::new());
                self.dialogs.menu = false;
            }
        }
    }

    /// The almanac's and the demo's windows, while open.
    pub(in crate::ui::explodo) fn almanac_and_demo(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
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
    pub(in crate::ui::explodo) fn menu_window(&mut self, ui: &mut egui::Ui, lang: Lang) -> Option<ExplodoRequest> {
        let mut request = None;
        if self.dialogs.confirm_new {
            // The pad answers it too: the bottom button yes, the right one no.
            let asked = crate::ui::widgets::ask(ui.ctx(), lang, tr(lang, "Start a new run? This run will be gone."));
            match self.dialogs.pad_answer.take().or(asked) {
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
        crate::ui::widgets::window(ui.ctx(), tr(lang, "Run menu"), 320.0).open(&mut open).show(ui.ctx(), |ui| {
            ui.label(format!("{} {}/20 · {} {}", tr(lang, "Level"), st.run.level, tr(lang, "Seed"), st.run.seed));
            // Each entry in order; the pad's d-pad walks them (the selected
            // one framed) and its bottom button presses it.
            let pad = self.pointer.pad_in_use;
            let sel = self.dialogs.menu_sel;
            let frame = |ui: &egui::Ui, r: &egui::Response, item: MenuItem| {
                if pad && MENU.get(sel) == Some(&item) {
                    ui.painter().rect_stroke(
                        r.rect.expand(2.0),
                        4.0,
                        egui::Stroke::new(2.0, Color32::from_rgb(90, 220, 110)),
                        egui::StrokeKind::Outside,
                    );
                }
            };
            let mut pressed = None;
            ui.horizontal(|ui| {
                for item in [MenuItem::Sound, MenuItem::Vibration] {
                    let r = ui.checkbox(self.menu_switch(item), tr(lang, item.label()));
                    frame(ui, &r, item);
                }
            });
            for item in [MenuItem::Autopilot, MenuItem::EventLog] {
                let r = ui.checkbox(self.menu_switch(item), tr(lang, item.label()));
                frame(ui, &r, item);
            }
            for row in [
                &[MenuItem::Resume, MenuItem::NewRun][..],
                &[MenuItem::Scores, MenuItem::Almanac, MenuItem::Demo],
                &[MenuItem::Bug],
            ] {
                ui.horizontal(|ui| {
                    for &item in row {
                        let r = ui.button(tr(lang, item.label()));
                        frame(ui, &r, item);
                        if r.clicked() {
                            pressed = Some(item);
                        }
                    }
                });
            }
            if let Some(item) = pressed {
                self.menu_press(item);
            }
            egui::CollapsingHeader::new(tr(lang, "Changes")).show(ui, |ui| {
                // An entry with a demo scene has a ▶ that plays it under it.
                for (k, (date, en)) in CHANGES.iter().enumerate() {
                    ui.horizontal_wrapped(|ui| {
                        let scene = change_scene(en);
                        if scene.is_some() {
                            let on = self.dialogs.change_clip == Some(k);
                            if ui.selectable_label(on, "▶").on_hover_text(tr(lang, "Demo")).clicked() {
                                self.dialogs.change_clip = (!on).then_some(k);
                            }
                        }
                        ui.label(RichText::new(format!("{date}: {}", tr(lang, en))).small());
                    });
                    if self.dialogs.change_clip == Some(k) {
                        if let Some(c) = self.dialogs.change_slot.show(change_scene(en), st.run.seed) {
                            c.ui(ui, 240.0);
                        }
                    }
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
    pub(in crate::ui::explodo) fn bug_window(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
        let Some(note) = &mut self.dialogs.bug_note else {
            if let Some(path) = self.dialogs.bug_written.clone() {
                crate::ui::widgets::window(ui.ctx(), tr(lang, "Bug report written"), 420.0).show(ui.ctx(), |ui| {
                    ui.label(crate::files::escaped(&path.display().to_string()));
                    ui.horizontal(|ui| {
                        if ui.button(tr(lang, "Show the folder")).clicked() {
                            if let Err(e) = crate::platform::open_folder(&store.dir) {
                                self.message = Some(e.into());
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
        crate::ui::widgets::window(ui.ctx(), tr(lang, "Report a bug"), 420.0).show(ui.ctx(), |ui| {
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
