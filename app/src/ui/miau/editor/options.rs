//! The level's rules as controls (issue 62 item 7): the rules a solution
//! must form or break, the words that destroy each other, the things that
//! move by themselves and the circuits' colour, each a list of rows in words
//! with a remove button and a row that adds one from the level's words,
//! never a field of pack syntax. The draft keeps them as lines (what its
//! pack text is written from); "Edit as pack text" shows those lines, for an
//! author who names a rule by what it is like (`{axis = "v", ...}`).

use super::super::paint::channel_color;
use super::view::EditorView;
use crate::store::Lang;
use crate::ui::text::tr;
use eframe::egui::{self, RichText};
use retrace_kernel::miau::board::{KEKE_ONLY, PROPS};
use retrace_kernel::miau::{MAX_AUTOMATA as MAX_MOVERS, MAX_PAIRS};

/// Most steps in a mover's pattern (the loader's bound).
const MAX_STEPS: usize = 32;

/// The non-empty lines of `text`, trimmed.
fn lines(text: &str) -> Vec<&str> {
    text.lines().map(str::trim).filter(|l| !l.is_empty()).collect()
}

/// `text` with `line` added at the end.
fn with_line(text: &str, line: &str) -> String {
    let mut all = lines(text);
    all.push(line);
    all.join("\n")
}

/// `text` without its `i`th non-empty line.
fn without_line(text: &str, i: usize) -> String {
    lines(text).into_iter().enumerate().filter(|(j, _)| *j != i).map(|(_, l)| l).collect::<Vec<_>>().join("\n")
}

/// A mover's steps as arrows (`L` ⬅, `U` ⬆, `R` ➡, `D` ⬇, anything else a
/// wait ·), as the solution's moves are drawn.
pub fn arrows(steps: &str) -> String {
    steps
        .chars()
        .map(|c| match c.to_ascii_uppercase() {
            'L' => '⬅',
            'U' => '⬆',
            'R' => '➡',
            'D' => '⬇',
            _ => '·',
        })
        .collect()
}

/// A circuit's colour in words.
fn colour_name(lang: Lang, channel: &str) -> &'static str {
    match channel {
        "amber" => tr(lang, "amber"),
        "teal" => tr(lang, "teal"),
        "rose" => tr(lang, "rose"),
        "lime" => tr(lang, "lime"),
        "violet" => tr(lang, "violet"),
        _ => tr(lang, "sky"),
    }
}

/// A drop-down without a visible label says `name` to a screen reader.
fn named(r: &egui::Response, name: &str) {
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, r.enabled(), name));
}

/// One of `choices` into `value`, from a drop-down named `name`; "…" while none is chosen.
fn pick(ui: &mut egui::Ui, salt: &str, name: &str, value: &mut String, choices: &[String]) {
    let r = egui::ComboBox::from_id_salt(salt)
        .selected_text(if value.is_empty() { "…" } else { value.as_str() })
        .show_ui(ui, |ui| {
            for c in choices {
                ui.selectable_value(value, c.clone(), c.as_str());
            }
        })
        .response;
    named(&r, name);
}

/// A word typed or taken from `choices` (a pair's or a mover's word may be
/// new to the pack).
fn word(ui: &mut egui::Ui, salt: &str, value: &mut String, choices: &[String], lang: Lang) {
    ui.add(egui::TextEdit::singleline(value).desired_width(70.0).hint_text(tr(lang, "word")));
    if !choices.is_empty() {
        let r = egui::ComboBox::from_id_salt(salt)
            .selected_text("")
            .width(18.0)
            .show_ui(ui, |ui| {
                for c in choices {
                    ui.selectable_value(value, c.clone(), c.as_str());
                }
            })
            .response;
        named(&r, tr(lang, "Words of the pack"));
    }
    *value = value.trim().to_uppercase();
}

/// Each line as a row in words with a remove button; the line removed, if one was.
fn rows(ui: &mut egui::Ui, text: &str, say: impl Fn(&str) -> String, lang: Lang) -> Option<usize> {
    let mut removed = None;
    for (i, line) in lines(text).into_iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            if ui.small_button("🗑").on_hover_text(tr(lang, "Remove")).clicked() {
                removed = Some(i);
            }
            ui.label(say(line));
        });
    }
    removed
}

impl EditorView {
    /// The level's nouns, as words (`MIAU`, `FLAG`, the pack's own).
    pub(super) fn noun_words(&self) -> Vec<String> {
        let mut nouns: Vec<String> = ["miau", "rock", "flag", "wall", "water"].map(String::from).to_vec();
        for g in &self.kit.palette {
            if !nouns.contains(&g.noun) {
                nouns.push(g.noun.clone());
            }
        }
        nouns.iter().map(|n| n.to_uppercase()).collect()
    }

    /// The property words Miau's own rules know and the pack's glossary.
    pub(super) fn property_words(&self) -> Vec<String> {
        let mut words: Vec<String> =
            PROPS.iter().filter(|(p, _)| !KEKE_ONLY.contains(p)).map(|(_, w)| w.to_string()).collect();
        words.extend(self.kit.properties.iter().map(|p| p.0.clone()));
        words
    }

    /// The pack's own property words and those the draft's pairs and movers
    /// already use: what a pair or a mover is made of.
    fn own_words(&self) -> Vec<String> {
        let mut words: Vec<String> = self.kit.properties.iter().map(|p| p.0.clone()).collect();
        for l in lines(&self.draft.pairs) {
            words.extend(l.split_whitespace().take(2).map(str::to_uppercase));
        }
        for l in lines(&self.draft.automata) {
            words.extend(l.split_whitespace().nth(1).map(str::to_uppercase));
        }
        words.sort();
        words.dedup();
        words
    }

    /// The colour the next plate or gate placed takes, as a swatch and its name.
    pub(super) fn circuit_ui(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let swatch = |c: &str| RichText::new(format!("⬛ {}", colour_name(lang, c))).color(channel_color(c));
        egui::ComboBox::from_label(tr(lang, "Colour of plates and gates"))
            .selected_text(swatch(&self.channel))
            .show_ui(ui, |ui| {
                for c in retrace_kernel::miau::board::CHANNELS {
                    ui.selectable_value(&mut self.channel, c.to_string(), swatch(c));
                }
            })
            .response
            .on_hover_text(tr(lang, "Plates and gates of one colour work together."));
    }

    /// The level's rules as lists of rows, each with a row to add one; true
    /// when the draft changed.
    pub(super) fn rules_ui(&mut self, ui: &mut egui::Ui, lang: Lang) -> bool {
        let mut edited = false;
        ui.checkbox(&mut self.adding.as_text, tr(lang, "Edit as pack text"));
        if self.adding.as_text {
            egui::Grid::new("editor-rule-text").num_columns(2).show(ui, |ui| {
                for (label, field) in [
                    ("must_form", &mut self.draft.must_form),
                    ("must_break", &mut self.draft.must_break),
                    ("pairs", &mut self.draft.pairs),
                    ("automata", &mut self.draft.automata),
                ] {
                    let l = ui.label(RichText::new(label).monospace());
                    edited |= ui
                        .add(egui::TextEdit::multiline(field).desired_rows(2).desired_width(200.0))
                        .labelled_by(l.id)
                        .changed();
                    ui.end_row();
                }
            });
            return edited;
        }
        let (nouns, props) = (self.noun_words(), self.property_words());
        let objects: Vec<String> = props.iter().chain(&nouns).cloned().collect();
        let own = self.own_words();
        let like = tr(lang, "a rule like");
        let rule = |l: &str| if l.starts_with('{') { format!("{like} {l}") } else { l.to_string() };

        ui.strong(tr(lang, "A solution must form"));
        if let Some(i) = rows(ui, &self.draft.must_form, rule, lang) {
            self.draft.must_form = without_line(&self.draft.must_form, i);
            edited = true;
        }
        edited |= rule_adder(ui, "form", &mut self.adding.form, &mut self.draft.must_form, (&nouns, &objects), lang);
        ui.strong(tr(lang, "A solution must break"));
        if let Some(i) = rows(ui, &self.draft.must_break, rule, lang) {
            self.draft.must_break = without_line(&self.draft.must_break, i);
            edited = true;
        }
        edited |= rule_adder(ui, "break", &mut self.adding.brk, &mut self.draft.must_break, (&nouns, &objects), lang);

        edited |= self.pairs_ui(ui, lang, &own);
        edited |= self.movers_ui(ui, lang, &own, &nouns);
        edited
    }

    /// The words that destroy each other, a pair a row, and the row that adds one.
    fn pairs_ui(&mut self, ui: &mut egui::Ui, lang: Lang, own: &[String]) -> bool {
        let mut edited = false;
        ui.strong(tr(lang, "Words that destroy each other"));
        let pair = |l: &str| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let (a, b) = (w.first().copied().unwrap_or(""), w.get(1).copied().unwrap_or(""));
            let mut s = tr(lang, "{0} and {1} destroy each other in one cell").replace("{0}", a).replace("{1}", b);
            if w.get(2).is_some_and(|e| e.eq_ignore_ascii_case("enter")) {
                s += tr(lang, "; a mover may enter");
            }
            s
        };
        if let Some(i) = rows(ui, &self.draft.pairs, pair, lang) {
            self.draft.pairs = without_line(&self.draft.pairs, i);
            edited = true;
        }
        ui.horizontal_wrapped(|ui| {
            word(ui, "pair-first", &mut self.adding.pair[0], own, lang);
            word(ui, "pair-second", &mut self.adding.pair[1], own, lang);
            ui.checkbox(&mut self.adding.enter, tr(lang, "a mover may enter"));
            let [a, b] = &self.adding.pair;
            let ok = !a.is_empty() && !b.is_empty() && a != b && lines(&self.draft.pairs).len() < MAX_PAIRS;
            if ui.add_enabled(ok, egui::Button::new(tr(lang, "Add the pair"))).clicked() {
                let line = format!("{a} {b}{}", if self.adding.enter { " enter" } else { "" });
                self.draft.pairs = with_line(&self.draft.pairs, &line);
                self.adding.pair = Default::default();
                edited = true;
            }
        });

        edited
    }

    /// The things that move by themselves, a mover a row, and the row that
    /// builds one from its word and arrow buttons.
    fn movers_ui(&mut self, ui: &mut egui::Ui, lang: Lang, own: &[String], nouns: &[String]) -> bool {
        let mut edited = false;
        ui.strong(tr(lang, "Things that move by themselves"));
        let mover = |l: &str| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let mut s = format!("{}: {}", w.get(1).copied().unwrap_or(""), arrows(w.get(2).copied().unwrap_or("")));
            let mut rest = w.iter().skip(3);
            while let Some(x) = rest.next() {
                if x.eq_ignore_ascii_case("phase") {
                    let n = rest.next().copied().unwrap_or("0");
                    s += &tr(lang, ", from step {0}").replace("{0}", n);
                } else {
                    s += &tr(lang, ", only {0}").replace("{0}", x);
                }
            }
            s
        };
        if let Some(i) = rows(ui, &self.draft.automata, mover, lang) {
            self.draft.automata = without_line(&self.draft.automata, i);
            edited = true;
        }
        ui.horizontal_wrapped(|ui| {
            word(ui, "mover-word", &mut self.adding.property, own, lang);
            for (c, label) in [('L', "⬅"), ('U', "⬆"), ('R', "➡"), ('D', "⬇"), ('W', "·")] {
                let full = self.adding.steps.len() >= MAX_STEPS;
                if ui.add_enabled(!full, egui::Button::new(label)).clicked() {
                    self.adding.steps.push(c);
                }
            }
            if ui.add_enabled(!self.adding.steps.is_empty(), egui::Button::new(tr(lang, "Take back a step"))).clicked()
            {
                self.adding.steps.pop();
            }
            ui.label(RichText::new(arrows(&self.adding.steps)).monospace());
        });
        ui.horizontal_wrapped(|ui| {
            let every = tr(lang, "every one");
            let r = egui::ComboBox::from_id_salt("mover-only")
                .selected_text(if self.adding.only.is_empty() { every } else { self.adding.only.as_str() })
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.adding.only, String::new(), every);
                    for n in nouns {
                        ui.selectable_value(&mut self.adding.only, n.clone(), n.as_str());
                    }
                })
                .response;
            named(&r, tr(lang, "Which things move"));
            let l = ui.label(tr(lang, "from step"));
            let last = self.adding.steps.len().saturating_sub(1) as u32;
            self.adding.phase = self.adding.phase.min(last);
            ui.add(egui::DragValue::new(&mut self.adding.phase).range(0..=last)).labelled_by(l.id);
            let n = lines(&self.draft.automata).len();
            let ok = !self.adding.property.is_empty() && !self.adding.steps.is_empty() && n < MAX_MOVERS;
            if ui.add_enabled(ok, egui::Button::new(tr(lang, "Add the mover"))).clicked() {
                let a = &self.adding;
                let id = (1..).map(|k| format!("mover-{k}")).find(|id| {
                    !lines(&self.draft.automata).iter().any(|l| l.split_whitespace().next() == Some(id.as_str()))
                });
                let mut line = format!("{} {} {}", id.unwrap_or_default(), a.property, a.steps);
                if !a.only.is_empty() {
                    line += &format!(" {}", a.only);
                }
                if a.phase > 0 {
                    line += &format!(" phase {}", a.phase);
                }
                self.draft.automata = with_line(&self.draft.automata, &line);
                self.adding.steps.clear();
                self.adding.phase = 0;
                edited = true;
            }
        });
        edited
    }
}

/// The row that adds a rule: a noun, IS, what it is, and Add.
fn rule_adder(
    ui: &mut egui::Ui,
    salt: &str,
    adding: &mut [String; 2],
    text: &mut String,
    (nouns, objects): (&[String], &[String]),
    lang: Lang,
) -> bool {
    let mut added = false;
    ui.horizontal_wrapped(|ui| {
        pick(ui, &format!("{salt}-subject"), tr(lang, "The rule's noun"), &mut adding[0], nouns);
        ui.label("IS");
        pick(ui, &format!("{salt}-object"), tr(lang, "What it is"), &mut adding[1], objects);
        let ok = !adding[0].is_empty() && !adding[1].is_empty();
        if ui.add_enabled(ok, egui::Button::new(tr(lang, "Add the rule"))).clicked() {
            *text = with_line(text, &format!("{} IS {}", adding[0], adding[1]));
            *adding = Default::default();
            added = true;
        }
    });
    added
}

#[cfg(test)]
mod tests {
    use super::{arrows, with_line, without_line};

    #[test]
    fn lines_are_added_and_removed_in_place() {
        let text = "FLAG IS WIN\n\n  ROCK IS PUSH \n";
        assert_eq!(with_line(text, "WALL IS STOP"), "FLAG IS WIN\nROCK IS PUSH\nWALL IS STOP");
        assert_eq!(without_line(text, 0), "ROCK IS PUSH");
        assert_eq!(without_line(text, 1), "FLAG IS WIN");
        assert_eq!(with_line("", "A IS B"), "A IS B");
        assert_eq!(arrows("LURDW"), "⬅⬆➡⬇·");
    }
}
