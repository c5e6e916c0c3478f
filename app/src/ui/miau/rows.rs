//! The rows above the board of the level in play: "Show me" stepping
//! through the hint's solution, and the level's outcome (won, with the best
//! win and Next level; or lost).

use super::board_text::move_arrows;
use super::view::{MiauRequest, MiauView};
use crate::store::Lang;
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText};
use retrace_kernel::miau::Action;
use retrace_kernel::Outcome;

impl MiauView {
    /// "Show me": the last hint's solution, board by board, on a copy (the
    /// shoulders step through it too; R1 starts it).
    pub(super) fn show_me_row(
        &mut self,
        ui: &mut egui::Ui,
        solution: Option<&[Action]>,
        pad: &[crate::pad::Button],
        lang: Lang,
    ) {
        let Some(moves) = solution else { return };
        let pad_pressed = |b: crate::pad::Button| pad.contains(&b);
        let (back_pad, on_pad) =
            (pad_pressed(crate::pad::Button::LeftShoulder), pad_pressed(crate::pad::Button::RightShoulder));
        ui.horizontal(|ui| match self.showing {
            None => {
                if ui.button(tr(lang, "Show me")).clicked() || on_pad {
                    self.showing = Some(0);
                }
            }
            Some(k) => {
                if ui.add_enabled(k > 0, egui::Button::new(tr(lang, "Previous move"))).clicked() || (back_pad && k > 0)
                {
                    self.showing = Some(k - 1);
                }
                // A fixed width, so "Next move" stays under the pointer as
                // the line grows (issue 62 item 6); the move as an arrow.
                let line = format!(
                    "{} {k}/{}{}",
                    tr(lang, "Move"),
                    moves.len(),
                    if k > 0 { format!(": {}", move_arrows(&moves[k - 1..k])) } else { String::new() }
                );
                let width = ui.fonts_mut(|f| {
                    let widest = format!("{} {n}/{n}: ⬅", tr(lang, "Move"), n = moves.len());
                    f.layout_no_wrap(widest, egui::TextStyle::Body.resolve(ui.style()), egui::Color32::WHITE).size().x
                });
                ui.add_sized([width + 4.0, ui.spacing().interact_size.y], egui::Label::new(line));
                if ui.add_enabled(k < moves.len(), egui::Button::new(tr(lang, "Next move"))).clicked()
                    || (on_pad && k < moves.len())
                {
                    self.showing = Some(k + 1);
                }
                if ui.button(tr(lang, "Back to my game")).clicked() {
                    self.showing = None;
                }
            }
        });
    }

    /// The line under the title once the level is over: won (with the best
    /// win kept and Next level), or lost.
    pub(super) fn outcome_row(
        &mut self,
        ui: &mut egui::Ui,
        pad: &[crate::pad::Button],
        next_key: bool,
        lang: Lang,
    ) -> Option<MiauRequest> {
        let mut request = None;
        match self.session.outcome() {
            Outcome::Won(_) => {
                ui.horizontal(|ui| {
                    let turns = self.session.state().turns;
                    let text = crate::ui::text::say(lang, &retrace_kernel::say!("Won! {0} turns.", turns));
                    ui.label(RichText::new(text).strong().color(Color32::from_rgb(230, 190, 60)));
                    // A new best win, in turns; where its certificate was
                    // kept only on hover (player words on the screen: issue 40).
                    if let Some(path) = &self.certificate {
                        let best = crate::ui::text::say(lang, &retrace_kernel::say!("Your best: {0} turns", turns));
                        let name = path.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
                        ui.label(RichText::new(best).small()).on_hover_text(format!("certificates/{name}"));
                    }
                    match self.next {
                        Some((p, l))
                            if ui.button(tr(lang, "Next level")).on_hover_text(tr(lang, "N or Enter")).clicked()
                                || next_key
                                || pad.contains(&crate::pad::Button::Start) =>
                        {
                            request = Some(MiauRequest::Play(p, l))
                        }
                        Some(_) => {}
                        None if self.place.is_some() => {
                            ui.label(tr(lang, "That was the last level of this pack."));
                        }
                        None => {}
                    }
                });
            }
            Outcome::Lost(_) => {
                ui.colored_label(
                    Color32::from_rgb(230, 90, 70),
                    tr(lang, "Nothing is YOU any more: undo (Z) or restart (R)."),
                );
            }
            _ => {}
        }
        request
    }
}
