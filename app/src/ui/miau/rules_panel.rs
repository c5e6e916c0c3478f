//! The rules panel beside Miau's board: the ledger of rules in force (a
//! sealed one locked), the rules the last move broke struck through, the
//! level's property words, the automata's beats, and the last move's lines.

use super::board_text::{automaton_active, automaton_line, beat_strip, ledger, sentence_cells, Ledger};
use super::inspect::{sealed, SEALED_MARK};
use super::{paint, words};
use crate::store::Lang;
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText};
use retrace_kernel::miau::State;
use retrace_kernel::say::Say;

/// The note's sentence for a word a move destroyed ("STOP IS GONE").
const GONE: &str = "{0} IS GONE";

/// How long a broken rule stays struck through on the rules panel (the
/// last second fading).
pub const STRUCK_SECONDS: f64 = 1.6;

/// What the rules panel shows of the last move: its lines, and the rules it
/// broke while they are struck through (`fade`: 1 solid, 0 gone).
pub(super) struct LastMove<'a> {
    pub happened: &'a [Say],
    pub struck: &'a [String],
    pub fade: f32,
}

/// Beside the board: the rules in force (pointing at one outlines its words),
/// the level's property words explained, the automata's beats, and what the
/// last move did.
pub(super) fn rules_panel(
    ui: &mut egui::Ui,
    s: &State,
    lang: Lang,
    pointed_now: &mut Option<Vec<(i32, i32)>>,
    seen: &[String],
    glossary: &[(String, String)],
    last: &LastMove<'_>,
) {
    ui.strong(tr(lang, "Rules"));
    // The ledger (issue 44 part 6): a GOAL rule with its goals covered
    // (`DOCK IS GOAL 2/3`), a mark on rules read down, one WIN+DEFEAT chip,
    // the built-in terrain rule greyed, the circuits in their colours.
    // Pointing at a rule outlines the words it was read from (F-XW12).
    let mut pointed = None;
    let sealed = sealed(s);
    for line in ledger(s) {
        match line {
            Ledger::Rule(text, rules) if rules.iter().all(|r| sealed.contains(r)) => {
                let shown = ui.label(format!("{text} {SEALED_MARK}")).on_hover_text(tr(
                    lang,
                    "Sealed: every word of it is bolted down, so it cannot change in this level.",
                ));
                if shown.hovered() {
                    pointed = Some(rules.iter().flat_map(|r| sentence_cells(s, r)).collect());
                }
            }
            Ledger::Rule(text, rules) => {
                if ui.label(text).hovered() {
                    pointed = Some(rules.iter().flat_map(|r| sentence_cells(s, r)).collect());
                }
            }
            Ledger::Terrain(text) => {
                ui.label(RichText::new(text).weak())
                    .on_hover_text(tr(lang, "Built in: terrain is STOP until a rule names it."));
            }
            Ledger::Circuit(channel, down, all) => {
                let colour = paint::channel_color(channel);
                ui.colored_label(colour, format!("{} {down}/{all}", channel.to_uppercase()))
                    .on_hover_text(tr(lang, "A circuit: its plates pressed, of all; its gates open while one is."));
            }
        }
    }
    if pointed != *pointed_now {
        *pointed_now = pointed;
        ui.ctx().request_repaint();
    }
    // The rules the last move broke, struck through while they fade.
    for rule in last.struck {
        let red = Color32::from_rgb(230, 90, 80).gamma_multiply(last.fade.clamp(0.0, 1.0));
        ui.label(RichText::new(rule).strikethrough().color(red));
        ui.ctx().request_repaint();
    }
    // The level's own property words, explained (F-CK3), and the
    // core ones met before (their first-time card said it first).
    for word in words::property_words(s, glossary) {
        let own = glossary.iter().find(|(w, _)| *w == word).map(|(_, t)| t.as_str());
        let core = words::describe_core(&word, lang).filter(|_| seen.contains(&word));
        if let Some(text) = own.or(core) {
            ui.label(RichText::new(format!("{word}: {text}")).small());
        }
    }
    // Each automaton's coming beats, or why it waits (F-CK5).
    for (a, &phase) in s.automata.iter().zip(&s.phases) {
        ui.label(RichText::new(automaton_line(s, a, phase, lang)).small());
        beat_strip(ui, a, phase, automaton_active(s, a));
    }
    if !last.happened.is_empty() {
        ui.add_space(8.0);
        ui.strong(tr(lang, "Last move"));
        for line in last.happened {
            let text = crate::ui::text::say(lang, line);
            // A word lost is the move's main event: said in the struck rule's colour.
            if line.is(GONE) {
                ui.label(RichText::new(text).strong().color(Color32::from_rgb(230, 90, 80)));
            } else {
                ui.label(text);
            }
        }
    }
}
