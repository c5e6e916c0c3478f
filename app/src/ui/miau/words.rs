//! First-time word cards: the first time a level shows a property word the
//! player has not met (a core one or a pack's own), a small card shows the
//! tile, its one line, and a short demo of it at work: a tiny level played by
//! the kernel, move by move. Words met are kept in the data folder
//! (`store::miau`).

use super::paint::{self, Look};
use crate::store::Lang;
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText, Vec2};
use retrace_kernel::miau::board::{Kind, Word, PROPS};
use retrace_kernel::miau::{Action, Automaton, Miau, Pair, Profile, Setup, State};
use retrace_kernel::Session;

/// A core property's line, in the window's language.
pub fn describe_core(word: &str, lang: Lang) -> Option<&'static str> {
    let en = match word {
        "YOU" => "You move it. With nothing YOU, nothing can move.",
        "PUSH" => "Moves when pushed. Words are always PUSH.",
        "STOP" => "Nothing can enter its cell.",
        "WIN" => "A YOU on it wins the level.",
        "SINK" => "Swallows whatever enters, and is gone with it.",
        "DEFEAT" => "Destroys a YOU in its cell.",
        "GOAL" => "Won when every GOAL has something PUSH on it.",
        "FLOAT" => "Floats: meets only other FLOAT things.",
        "FRAIL" => "Crumbles once something has stood on it and left.",
        "KILL" => "Destroys a YOU in its cell, and is destroyed with it.",
        "MOVE" => "Steps on its own each turn; turns round when blocked.",
        "HOT" => "Melts a MELT thing in its cell, and is gone with it.",
        "MELT" => "Melts on a HOT thing's cell.",
        _ => return None,
    };
    Some(tr(lang, en))
}

/// The property words on the board (core ones and the level's own: a pair's
/// or an automaton's), in board order, each once.
pub fn property_words(s: &State, glossary: &[(String, String)]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for t in &s.board.things {
        let word = match &t.kind {
            Kind::Word(Word::Prop(p)) => p.word().to_string(),
            Kind::Word(Word::Noun(n)) => {
                let w = n.to_uppercase();
                let own =
                    s.pair_words.iter().flatten().chain(s.automaton_words.iter()).any(|p| p.eq_ignore_ascii_case(&w))
                        || glossary.iter().any(|(g, _)| *g == w);
                if !own {
                    continue;
                }
                w
            }
            _ => continue,
        };
        if !out.contains(&word) {
            out.push(word);
        }
    }
    out
}

/// A demo of a word at work: a tiny level and the moves that show it.
pub fn demo(word: &str, s: &State) -> Option<(Setup, Vec<Action>)> {
    let setup = |grid: &str, legend: &[(&str, &str)]| Setup {
        grid: grid.replace(" / ", "\n"),
        legend: legend.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect(),
        terrain: vec![],
        pairs: vec![],
        automata: vec![],
        profile: Default::default(),
    };
    let moves = |m: &str| m.chars().filter_map(Action::from_letter).collect::<Vec<_>>();
    let l = [("m", "miau"), ("r", "rock"), ("f", "flag"), ("w", "wall"), ("a", "water")];
    let core = |grid: &str, m: &str| Some((setup(grid, &l), moves(m)));
    // The keke rules' words are shown under the rules that play them.
    let keke = |grid: &str, m: &str| Some((Setup { profile: Profile::Keke, ..setup(grid, &l) }, moves(m)));
    match word {
        "YOU" => core("MIAU IS YOU . / . . . . / m . . .", "RRRU"),
        "PUSH" => core("MIAU IS YOU . / ROCK IS PUSH . / m r . .", "RR"),
        "STOP" => core("MIAU IS YOU . / WALL IS STOP . / m . w .", "RRR"),
        "WIN" => core("MIAU IS YOU . / FLAG IS WIN . / m . . f", "RRR"),
        "SINK" => core("MIAU IS YOU . . / WATER IS SINK . . / ROCK IS PUSH . . / m r . a .", "RRR"),
        "DEFEAT" => core("MIAU IS YOU . / ROCK IS DEFEAT . / m . r .", "RR"),
        "GOAL" => core("MIAU IS YOU . / ROCK IS PUSH . / FLAG IS GOAL . / m r . f", "RR"),
        "FLOAT" => core("MIAU IS YOU AND FLOAT / WATER IS SINK . . / m a . . .", "RRR"),
        "FRAIL" => core("MIAU IS YOU . / ROCK IS FRAIL . / m r . .", "RRR"),
        "KILL" => keke("MIAU IS YOU . / ROCK IS KILL . / m . r .", "RR"),
        "MOVE" => keke("MIAU IS YOU . . / ROCK IS MOVE . . / WALL IS STOP . . / r . . w m", "WWWW"),
        "HOT" | "MELT" => keke("MIAU IS YOU . / MIAU IS MELT . / ROCK IS HOT . / m . r .", "RR"),
        own => {
            if let Some(p) = s.pairs.iter().find(|p| p.words.iter().any(|w| w.eq_ignore_ascii_case(own))) {
                let [a, b] = &p.words;
                let grid = format!("MIAU IS YOU . . / ROCK IS {a} AND PUSH / FLAG IS {b} . . / m r f . .");
                let mut d = setup(&grid, &l);
                d.pairs = vec![Pair { words: [a.clone(), b.clone()], enter: true }];
                return Some((d, moves("RR")));
            }
            let a = s.automata.iter().find(|a| a.property.eq_ignore_ascii_case(own))?;
            let grid = format!("MIAU IS YOU . . / ROCK IS {} . . / m . . . . / . . r . .", a.property);
            let mut d = setup(&grid, &l);
            d.automata = vec![Automaton {
                id: a.id.clone(),
                subject: None,
                property: a.property.clone(),
                phase: a.phase,
                pattern: a.pattern.clone(),
            }];
            Some((d, moves("WWWW")))
        }
    }
}

/// The states of a demo, its start first (a move the game refuses is skipped).
pub fn demo_states(setup: &Setup, moves: &[Action]) -> Vec<State> {
    let Ok(mut s) = Session::<Miau>::new(setup.clone(), 0) else { return Vec::new() };
    let mut out = vec![s.state().clone()];
    for a in moves {
        if s.push(*a).is_ok() {
            out.push(s.state().clone());
        }
    }
    out
}

/// A card on screen: the word, its line, the demo's states.
pub struct Card {
    /// The word.
    pub word: String,
    /// Its line.
    pub text: String,
    /// The demo, start first (empty: no demo).
    pub states: Vec<State>,
}

impl Card {
    /// The card for `word` met on the board of `s`.
    pub fn new(word: &str, s: &State, glossary: &[(String, String)], lang: Lang) -> Card {
        let text = describe_core(word, lang)
            .map(String::from)
            .or_else(|| glossary.iter().find(|(w, _)| w == word).map(|(_, t)| t.clone()))
            .unwrap_or_default();
        let states = demo(word, s).map(|(d, m)| demo_states(&d, &m)).unwrap_or_default();
        Card { word: word.to_string(), text, states }
    }

    /// Shows the card, a dialog that holds the board's keys and clicks while
    /// it is open, to the right of `beside` (the board) so that it covers no
    /// tile; whether the player closed it ("Got it", Enter, Esc or a click
    /// beside it).
    pub fn ui(&self, ctx: &egui::Context, lang: Lang, look: &Look, beside: Option<egui::Rect>) -> bool {
        let mut done = false;
        let title = format!("{}: {}", crate::ui::text::tr(lang, "New word"), self.word);
        let ((), close) = crate::ui::widgets::dialog_beside(ctx, "miau-word-card", &title, None, beside, |ui| {
            ui.horizontal(|ui| {
                let (r, _) = ui.allocate_exact_size(Vec2::splat(40.0), egui::Sense::hover());
                ui.painter().rect_filled(r, 3.0, Color32::from_gray(15));
                let colour = match self.states.first() {
                    Some(s) => paint::word_color(&word_of(&self.word), s, look),
                    None => Color32::WHITE,
                };
                ui.painter().text(
                    r.center(),
                    egui::Align2::CENTER_CENTER,
                    &self.word,
                    egui::FontId::monospace((40.0 / self.word.len().max(3) as f32 * 1.5).min(14.0)),
                    colour,
                );
                ui.label(RichText::new(&self.text));
            });
            if !self.states.is_empty() {
                // Two boards a second, a pause on the last, round and round.
                let n = self.states.len();
                let k = ((ui.input(|i| i.time) * 2.0) as usize) % (n + 2);
                let s = &self.states[k.min(n - 1)];
                let cell = 24.0;
                let (r, _) = ui.allocate_exact_size(
                    Vec2::new(s.board.w as f32 * cell, s.board.h as f32 * cell),
                    egui::Sense::hover(),
                );
                paint::paint(&ui.painter_at(r), r, s, look);
                ui.ctx().request_repaint_after(std::time::Duration::from_millis(250));
            }
            if ui.button(crate::ui::text::tr(lang, "Got it")).clicked()
                || ui.input(|i| crate::ui::widgets::pressed_once(i, egui::Key::Enter))
            {
                done = true;
            }
        });
        done || close
    }
}

/// The word's kind on the board (for its colour).
fn word_of(w: &str) -> Word {
    PROPS
        .iter()
        .find(|(_, p)| *p == w)
        .map_or_else(|| Word::Noun(w.to_lowercase().as_str().into()), |(p, _)| Word::Prop(*p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_core_word_has_a_line_and_a_demo_that_shows_it() {
        let blank = <Miau as retrace_kernel::game::Game>::start(
            &Setup {
                grid: "MIAU IS YOU / miau . .".into(),
                legend: vec![],
                terrain: vec![],
                pairs: vec![],
                automata: vec![],
                profile: Default::default(),
            },
            0,
        )
        .unwrap();
        for (_, w) in PROPS {
            assert!(describe_core(w, Lang::En).is_some() && describe_core(w, Lang::Ru).is_some(), "{w}");
            let (setup, moves) = demo(w, &blank).unwrap_or_else(|| panic!("{w}: a demo"));
            let states = demo_states(&setup, &moves);
            assert!(states.len() >= 2, "{w}: the demo moves");
            let rules = states[0].rules.texts();
            assert!(rules.iter().any(|r| r.ends_with(&format!("IS {w}")) || r.contains(w)), "{w}: {rules:?}");
        }
        // The demos end where each word shows itself.
        let last = |w: &str| {
            let (d, m) = demo(w, &blank).unwrap();
            demo_states(&d, &m).pop().unwrap()
        };
        assert!(last("WIN").won && last("GOAL").won, "WIN and GOAL win");
        assert!(
            !last("DEFEAT").board.things.iter().any(|t| matches!(&t.kind, Kind::Object(n) if n.as_str() == "miau")),
            "DEFEAT takes the cat"
        );
        assert!(
            !last("SINK").board.things.iter().any(|t| matches!(&t.kind, Kind::Object(n) if n.as_str() == "rock")),
            "SINK takes the rock"
        );
    }

    #[test]
    fn a_levels_own_words_are_met_too() {
        let pack = retrace_kernel::miau::pack::load(include_str!("../../../packs/clockwork.toml")).0.unwrap();
        let s = <Miau as retrace_kernel::game::Game>::start(&pack.levels[0].setup, 0).unwrap();
        let words = property_words(&s, &pack.glossary);
        assert!(words.contains(&"TICK".to_string()) && words.contains(&"YOU".to_string()), "{words:?}");
        let card = Card::new("TICK", &s, &pack.glossary, Lang::En);
        assert!(card.text.starts_with("Takes one step"), "the glossary's line");
        let rock = |st: &State| st.board.things.iter().find(|t| &*t.id == "rock-1").map(|t| (t.x, t.y));
        assert_ne!(rock(&card.states[0]), rock(card.states.last().unwrap()), "the demo's rock keeps time");
    }
}
