//! What cannot change, and what a thing is (issue 66 item 5): the rules a
//! level seals (read from sentences whose every word is bolted down, so no
//! move can break them), and the inspect mode's account of a cell: each
//! thing on it, what it is, what it does now and which rules say so.

use crate::store::Lang;
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText};
use retrace_kernel::miau::board::{Kind, Word, PROPS};
use retrace_kernel::miau::rules::{sentences, Pred};
use retrace_kernel::miau::State;

/// The mark a sealed rule carries on the rules panel.
pub const SEALED_MARK: &str = "🔒";

/// The rules in force that no move can break in this level: each read from
/// a sentence whose every word is fixed (`IS!`), in reading order, once.
pub fn sealed(s: &State) -> Vec<String> {
    let fixed = |id: &str| s.board.things.iter().any(|t| t.id.as_str() == id && t.fixed);
    let mut out: Vec<String> = Vec::new();
    for x in sentences(&s.board, &s.custom_words()) {
        let text = x.rule.text();
        if !x.ids.is_empty() && x.ids.iter().all(|id| fixed(id)) && !out.contains(&text) {
            out.push(text);
        }
    }
    out
}

/// The inspect mode: the cell tapped (kept) and the cell the pointer is on
/// (this frame); the pointer's wins while it is on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Inspect {
    /// The cell last tapped.
    pub tapped: Option<(i32, i32)>,
    /// The cell under the pointer.
    pub hovered: Option<(i32, i32)>,
}

impl Inspect {
    /// The cell described.
    pub fn cell(&self) -> Option<(i32, i32)> {
        self.hovered.or(self.tapped)
    }
}

/// One thing on a cell as the inspector tells it: what it is, what it does
/// now (its properties, what it becomes), and the rules that apply to it
/// (for a word, the sentences it stands in).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// `rock`, `the word ROCK`.
    pub name: String,
    /// What it is: a thing, terrain, a word.
    pub what: &'static str,
    /// What it does now: `YOU`, `PUSH`, `becomes FLAG`, custom words.
    pub does: Vec<String>,
    /// The rules that apply to it, or that it is part of (a word); a sealed
    /// one marked.
    pub rules: Vec<String>,
    /// Bolted down: it never moves.
    pub fixed: bool,
}

/// Every thing on cell (x, y), in board order.
pub fn accounts(s: &State, x: i32, y: i32) -> Vec<Account> {
    let sealed = sealed(s);
    let mark = |r: String| if sealed.contains(&r) { format!("{r} {SEALED_MARK}") } else { r };
    let read = sentences(&s.board, &s.custom_words());
    s.board
        .things
        .iter()
        .filter(|t| (t.x, t.y) == (x, y))
        .map(|t| match &t.kind {
            Kind::Word(w) => {
                let text = match w {
                    Word::Noun(n) => n.to_uppercase(),
                    _ => t.kind.text().trim_end_matches('!').to_string(),
                };
                let mut rules: Vec<String> = Vec::new();
                for r in read.iter().filter(|r| r.ids.contains(&t.id)).map(|r| mark(r.rule.text())) {
                    if !rules.contains(&r) {
                        rules.push(r);
                    }
                }
                let name = format!("the word {text}");
                Account { name, what: "a word: always PUSH", does: vec!["PUSH".into()], rules, fixed: t.fixed }
            }
            Kind::Object(n) => {
                let mut does: Vec<String> =
                    PROPS.iter().filter(|(p, _)| s.rules.has(&t.kind, *p)).map(|(_, w)| w.to_string()).collect();
                for r in s.rules.rules.iter().filter(|r| r.subject == *n) {
                    match &r.predicate {
                        Pred::Noun(to) if to != n => does.push(format!("becomes {}", to.to_uppercase())),
                        Pred::Custom(w) => does.push(w.to_uppercase()),
                        _ => {}
                    }
                }
                let rules = s.rules.rules.iter().filter(|r| r.subject == *n).map(|r| mark(r.text())).collect();
                let named = s.rules.rules.iter().any(|r| r.subject == *n);
                let what = match (s.is_terrain(n), named) {
                    (true, false) => "terrain: STOP until a rule names it",
                    (true, true) => "terrain, which a rule names",
                    _ => "a thing",
                };
                Account { name: n.to_string(), what, does, rules, fixed: t.fixed }
            }
        })
        .collect()
}

/// The inspector's panel: the cell's things, each with what it is, does and
/// which rules say so; or how to use it.
pub(super) fn panel(ui: &mut egui::Ui, s: &State, inspect: &Inspect, lang: Lang) {
    ui.strong(tr(lang, "Inspect"));
    let Some((x, y)) = inspect.cell() else {
        ui.label(RichText::new(tr(lang, "Point at a cell, or tap one, to see what is there.")).small());
        return;
    };
    let here = accounts(s, x, y);
    if here.is_empty() {
        ui.label(tr(lang, "Nothing here."));
    }
    for a in here {
        let name = a.name.strip_prefix("the word ").map_or_else(
            || a.name.clone(),
            |w| {
                crate::ui::text::say(
                    lang,
                    &retrace_kernel::say!("the word {0}", retrace_kernel::say::Arg::Name(w.into())),
                )
            },
        );
        ui.label(RichText::new(format!("{name}: {}", tr(lang, a.what))).color(Color32::from_rgb(240, 200, 60)));
        if a.fixed {
            ui.label(RichText::new(tr(lang, "Bolted down: it never moves.")).small());
        }
        let said = |d: &String| match d.strip_prefix("becomes ") {
            Some(to) => crate::ui::text::say(
                lang,
                &retrace_kernel::say!("becomes {0}", retrace_kernel::say::Arg::Name(to.to_string())),
            ),
            None => d.clone(),
        };
        let does: Vec<String> = a.does.iter().map(said).collect();
        let does = if does.is_empty() { tr(lang, "nothing").to_string() } else { does.join(", ") };
        ui.label(RichText::new(format!("{} {does}", tr(lang, "Now:"))).small());
        ui.indent("rules", |ui| {
            for r in &a.rules {
                ui.label(RichText::new(r).small());
            }
        });
    }
    ui.add_space(6.0);
}
