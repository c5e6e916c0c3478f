//! The editor's panels: the palette of things and words, the board being
//! drawn, the solver's solution, and the level's options.

use super::super::paint::{self, Look};
use super::draft::{export, import, MAX_SIDE};
use super::view::{problem_cell, EditorView};
use crate::store::Lang;
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText, Sense, Vec2, WidgetInfo};
use retrace_kernel::miau::Action;

impl EditorView {
    /// The tokens to place: the pack's nouns as things and words, IS and AND,
    /// the core properties and the pack's own, erase; fixed words and channels.
    pub(super) fn palette_ui(&mut self, ui: &mut egui::Ui, lang: Lang) {
        ui.strong(tr(lang, "Place"));
        let mut words = self.noun_words();
        let mut nouns: Vec<String> = words.iter().map(|n| n.to_lowercase()).collect();
        for n in ["plate", "gate"] {
            nouns.push(n.into());
        }
        words.extend(["IS", "AND"].map(String::from));
        // The editor makes packs in Miau's own rules, which refuse the keke words.
        words.extend(self.property_words());
        egui::ScrollArea::vertical().id_salt("editor-palette").max_height(ui.available_height() - 120.0).show(
            ui,
            |ui| {
                ui.horizontal_wrapped(|ui| {
                    if ui.selectable_label(self.brush.is_empty(), tr(lang, "Erase")).clicked() {
                        self.brush.clear();
                    }
                });
                ui.label(RichText::new(tr(lang, "Things")).small());
                ui.horizontal_wrapped(|ui| {
                    for n in &nouns {
                        if ui.selectable_label(self.brush == *n, n.as_str()).clicked() {
                            self.brush = n.clone();
                        }
                    }
                });
                ui.label(RichText::new(tr(lang, "Words")).small());
                ui.horizontal_wrapped(|ui| {
                    for w in &words {
                        if ui.selectable_label(self.brush == *w, w.as_str()).clicked() {
                            self.brush = w.clone();
                        }
                    }
                });
            },
        );
        ui.checkbox(&mut self.fixed, tr(lang, "Fixed words"));
        // Facing belongs to a noun's glyph (the palette's `faces`): the game
        // turns a glyph drawn facing left the way its thing last moved.
        let brush = self.brush.clone();
        if let Some(g) = self.kit.palette.iter_mut().find(|g| g.noun == brush && !g.glyph.is_empty()) {
            if ui.checkbox(&mut g.faces_left, tr(lang, "Its glyph faces left")).changed() {
                self.changed();
            }
        }
        self.circuit_ui(ui, lang);
        ui.label(
            RichText::new(tr(lang, "Click or drag to place, Shift to stack, right-click to clear a cell.")).small(),
        );
    }

    /// The board: the level's start as the game draws it (or the solution
    /// being shown), with the pointer's tools.
    pub(super) fn board_ui(&mut self, ui: &mut egui::Ui, lang: Lang) {
        ui.horizontal(|ui| {
            let (mut w, mut h) = (self.draft.w, self.draft.h);
            let wl = ui.label(tr(lang, "Width"));
            let a = ui.add(egui::DragValue::new(&mut w).range(1..=MAX_SIDE)).labelled_by(wl.id);
            let hl = ui.label(tr(lang, "Height"));
            let b = ui.add(egui::DragValue::new(&mut h).range(1..=MAX_SIDE)).labelled_by(hl.id);
            if (a.changed() || b.changed()) && (w, h) != (self.draft.w, self.draft.h) {
                self.checkpoint();
                self.draft.resize(w, h);
                self.changed();
            }
        });
        let (w, h) = (self.draft.w as f32, self.draft.h as f32);
        let avail = ui.available_width().min(640.0);
        let cell = (avail / w).min(460.0 / h).max(8.0);
        let (rect, resp) = ui.allocate_exact_size(Vec2::new(cell * w, cell * h), Sense::click_and_drag());
        resp.widget_info(|| WidgetInfo::labeled(egui::Role::Canvas, true, "Level board"));
        let look = Look { palette: self.kit.palette.clone(), accents: self.accents(), ..Look::default() };
        match self.board() {
            Some(s) => paint::paint(&ui.painter_at(rect), rect, &s, &look),
            None => {
                ui.painter().rect_filled(rect, 2.0, Color32::from_gray(45));
                // The tokens as text, while the draft does not load.
                for y in 0..self.draft.h {
                    for x in 0..self.draft.w {
                        let t = self.draft.cell(x, y).join("+");
                        if !t.is_empty() {
                            let at = rect.min + Vec2::new((x as f32 + 0.5) * cell, (y as f32 + 0.5) * cell);
                            ui.painter().text(
                                at,
                                egui::Align2::CENTER_CENTER,
                                t,
                                egui::FontId::monospace(cell * 0.22),
                                Color32::WHITE,
                            );
                        }
                    }
                }
            }
        }
        // A problem the loader found at a cell (`row 3, column 2`) is outlined there.
        for (x, y) in self.problems.iter().filter_map(|p| problem_cell(p)) {
            let at =
                egui::Rect::from_min_size(rect.min + Vec2::new(x as f32 * cell, y as f32 * cell), Vec2::splat(cell));
            ui.painter().rect_stroke(
                at.shrink(1.0),
                3.0,
                egui::Stroke::new(3.0, Color32::from_rgb(240, 90, 60)),
                egui::StrokeKind::Inside,
            );
        }
        let cell_at = |p: egui::Pos2| {
            let v = (p - rect.min) / cell;
            (v.x >= 0.0 && v.y >= 0.0 && v.x < w && v.y < h).then_some((v.x as usize, v.y as usize))
        };
        let stack = ui.input(|i| i.modifiers.shift);
        if resp.secondary_clicked() {
            if let Some((x, y)) = resp.interact_pointer_pos().and_then(cell_at) {
                self.checkpoint();
                self.draft.place(x, y, "", false);
                self.changed();
            }
        } else if resp.drag_started_by(egui::PointerButton::Primary) || resp.clicked() {
            // A drag starts once the pointer has moved: its first cell is where it was pressed.
            let at = if resp.drag_started() { ui.input(|i| i.pointer.press_origin()) } else { None };
            if let Some((x, y)) = at.or_else(|| resp.interact_pointer_pos()).and_then(cell_at) {
                self.paint_cell(x, y, stack);
                self.stroking = resp.drag_started();
            }
        }
        if self.stroking && resp.dragged_by(egui::PointerButton::Primary) {
            // Later cells of a stroke join its one undo step.
            if let Some((x, y)) = resp.interact_pointer_pos().and_then(cell_at) {
                let before = self.draft.cell(x, y).to_vec();
                self.apply_brush(x, y, stack);
                if self.draft.cell(x, y) != before.as_slice() {
                    self.changed();
                }
            }
        }
        if resp.drag_stopped() {
            self.stroking = false;
        }
        self.solution_ui(ui, lang);
    }

    /// Watching the solver's solution on the board, move by move.
    pub(super) fn solution_ui(&mut self, ui: &mut egui::Ui, lang: Lang) {
        if let Some(moves) = self.solution().map(<[Action]>::len) {
            ui.horizontal(|ui| {
                match self.showing {
                    None => {
                        if ui.button(tr(lang, "Watch the solution")).clicked() {
                            self.showing = Some(0);
                        }
                    }
                    Some(k) => {
                        if ui.add_enabled(k > 0, egui::Button::new("◀")).clicked() {
                            self.showing = Some(k - 1);
                        }
                        ui.label(format!("{k}/{moves}"));
                        if ui.add_enabled(k < moves, egui::Button::new("▶")).clicked() {
                            self.showing = Some(k + 1);
                        }
                        if ui.button(tr(lang, "Back to editing")).clicked() {
                            self.showing = None;
                        }
                    }
                }
                if let Some(m) = self.solution() {
                    ui.label(RichText::new(crate::ui::miau::board_text::move_arrows(m)));
                }
            });
        }
    }

    /// The glossary's accents, for the board.
    pub(super) fn accents(&self) -> Vec<(String, String)> {
        self.kit.properties.iter().filter(|p| !p.2.is_empty()).map(|p| (p.0.clone(), p.2.clone())).collect()
    }

    /// The verdict's lines: the verdict, Verified, each must_form proof and
    /// each problem of the draft.
    fn verdict_ui(&self, ui: &mut egui::Ui, lang: Lang) {
        ui.strong(self.verdict_line(lang));
        if self.findings.as_ref().is_some_and(|f| f.verified) {
            ui.label(RichText::new(tr(lang, "Verified")).color(Color32::from_rgb(120, 200, 120)));
        }
        if let Some(f) = &self.findings {
            for (rule, proved, line) in &f.must_form {
                let text = if *proved {
                    format!("{rule}: {}", tr(lang, "proved"))
                } else {
                    format!("{rule}: {} ({line})", tr(lang, "not proved"))
                };
                ui.label(RichText::new(text).small());
            }
        }
        for p in &self.problems {
            ui.label(RichText::new(crate::files::escaped(p)).small().color(Color32::from_rgb(230, 150, 90)));
        }
    }

    /// The verdict, the problems, the level's fields and Import.
    pub(super) fn panel_ui(&mut self, ui: &mut egui::Ui, lang: Lang) {
        // The verdict, its proofs and the problems in a box of fixed height
        // (scrolling when they are more): the solver answers while the
        // author works, and its lines must never move the fields and
        // buttons below, nor a press on one of them.
        let width = ui.available_width().max(200.0);
        ui.allocate_ui(egui::vec2(width, VERDICT_HEIGHT), |ui| {
            ui.set_min_size(egui::vec2(width, VERDICT_HEIGHT));
            egui::ScrollArea::vertical().id_salt("editor-verdict").max_height(VERDICT_HEIGHT).show(ui, |ui| {
                self.verdict_ui(ui, lang);
            });
        });
        ui.separator();
        let before = self.draft.clone();
        let mut edited = false;
        egui::Grid::new("editor-fields").num_columns(2).show(ui, |ui| {
            for (label, field) in [
                ("Id", &mut self.draft.id),
                ("Title", &mut self.draft.title),
                ("Hint", &mut self.draft.hint),
                ("Terrain", &mut self.draft.terrain),
            ] {
                let l = ui.label(tr(lang, label));
                edited |= ui.add(egui::TextEdit::singleline(field).desired_width(200.0)).labelled_by(l.id).changed();
                ui.end_row();
            }
            ui.label("");
            egui::ComboBox::from_label(tr(lang, "Category")).selected_text(self.draft.category.clone()).show_ui(
                ui,
                |ui| {
                    for c in ["required", "optional", "challenge"] {
                        edited |= ui.selectable_value(&mut self.draft.category, c.to_string(), c).changed();
                    }
                },
            );
            ui.end_row();
        });
        // Ids of their own, as a second guard: the verdict's lines above
        // come and go as the solver answers (in their own box).
        edited |= ui.push_id("editor-rules", |ui| self.rules_ui(ui, lang)).inner;
        // In words; the pack file's key on hover, for authors who write it by hand.
        for (value, label, key) in [
            (&mut self.draft.allow_bypass, tr(lang, "Allow a win without moving a word"), "allow_bypass"),
            (&mut self.draft.allow_same_rules, tr(lang, "Allow a win without changing a rule"), "allow_same_rules"),
            (
                &mut self.draft.allow_hands_off,
                tr(lang, "Allow a win without pushing a word yourself"),
                "allow_hands_off",
            ),
        ] {
            edited |=
                ui.checkbox(value, label).on_hover_text(format!("{} {key}", tr(lang, "In the pack file:"))).changed();
        }
        if edited {
            // Typing is one edit per change; undo goes back a keystroke at a time.
            self.undo.push(before);
            self.redo.clear();
            self.changed();
        }
        // The level as the pack file will hold it, written for the author.
        egui::CollapsingHeader::new(tr(lang, "Pack text")).show(ui, |ui| {
            let mut text = export(&self.draft, &self.kit);
            egui::ScrollArea::vertical().id_salt("editor-pack-text").max_height(200.0).show(ui, |ui| {
                ui.add(egui::TextEdit::multiline(&mut text).code_editor().interactive(false).desired_width(260.0));
            });
        });
        ui.separator();
        let l = ui.label(RichText::new(tr(lang, "Import: paste a level's text here")).small());
        ui.add(egui::TextEdit::multiline(&mut self.paste).desired_rows(3).desired_width(260.0)).labelled_by(l.id);
        if ui.button(tr(lang, "Import")).clicked() {
            match import(&self.paste) {
                Ok((d, kit)) => {
                    self.checkpoint();
                    self.draft = d;
                    self.kit = kit.merged(&self.kit);
                    self.paste.clear();
                    self.message = None;
                    self.changed();
                }
                Err(e) => self.message = Some(e.into()),
            }
        }
    }
}

/// The height of the editor's verdict box (the verdict, Verified and about
/// four lines of proofs or problems; more scroll inside it).
const VERDICT_HEIGHT: f32 = 110.0;
