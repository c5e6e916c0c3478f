//! Reading rules off the board, and transformations.
//!
//! Sentences are `NOUN (AND NOUN)* IS PRED (AND PRED)*`, read along rows (left
//! to right) and down columns; a tile serves both axes. Scanning restarts at
//! every noun, words before or after a sentence are ignored, and a stacked
//! cell gives one word per sentence path: every valid alternative is read.

use super::board::{Board, Kind, Name, Prop, Word};
use std::collections::BTreeSet;

/// What a rule says about its subject.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Pred {
    /// It has a property.
    Prop(Prop),
    /// It becomes (or, `X IS X`, stays) this noun.
    Noun(Name),
    /// It has a level's custom property word (a pair word), lowercase.
    Custom(Name),
}

/// One rule, with where its sentence starts (row, column, axis: 0 across, 1 down).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rule {
    /// Reading order of the sentence: top to bottom, left to right, across first.
    pub order: (i32, i32, u8),
    /// The subject noun.
    pub subject: Name,
    /// The predicate.
    pub predicate: Pred,
}

impl Rule {
    /// `MIAU IS YOU`.
    pub fn text(&self) -> String {
        let p = match &self.predicate {
            Pred::Prop(p) => p.word().to_string(),
            Pred::Noun(n) | Pred::Custom(n) => n.to_uppercase(),
        };
        format!("{} IS {p}", self.subject.to_uppercase())
    }
}

/// The rules in force, in reading order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleSet {
    /// Sorted by reading order; one entry per distinct (subject, predicate), the earliest.
    pub rules: Vec<Rule>,
    /// Terrain nouns with no rule naming them: STOP by default.
    pub terrain_stop: Vec<String>,
    /// The sentences on the board, for drawing their bars.
    pub spans: Vec<Span>,
}

/// A sentence's cells on one axis. Sentences over the same cells (a stacked
/// cell gives one per word) are one span holding every stacked word's id, and
/// a sentence that is the start of a longer one (`MIAU IS YOU` in
/// `MIAU IS YOU AND WIN`) is part of the longer one's span.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Span {
    /// 0 across (a row), 1 down (a column).
    pub axis: u8,
    /// The cells, in reading order.
    pub cells: Vec<(i32, i32)>,
    /// The ids of every word in those cells.
    pub ids: Vec<Name>,
}

impl RuleSet {
    /// Whether things of `kind` have property `p` (words are always PUSH).
    pub fn has(&self, kind: &Kind, p: Prop) -> bool {
        match kind {
            Kind::Word(_) => p == Prop::Push,
            Kind::Object(n) => {
                (p == Prop::Stop && self.terrain_stop.iter().any(|t| t.as_str() == &**n))
                    || self.rules.iter().any(|r| r.subject == *n && r.predicate == Pred::Prop(p))
            }
        }
    }

    /// Whether things of `kind` have the custom property `word` (lowercase).
    /// Words never do.
    pub fn has_word(&self, kind: &Kind, word: &str) -> bool {
        match kind {
            Kind::Word(_) => false,
            Kind::Object(n) => {
                self.rules.iter().any(|r| r.subject == *n && matches!(&r.predicate, Pred::Custom(w) if &**w == word))
            }
        }
    }

    /// Whether any rule gives property `p` (no rule: no object has it).
    pub fn mentions(&self, p: Prop) -> bool {
        self.rules.iter().any(|r| r.predicate == Pred::Prop(p))
    }

    /// Whether movers push it (PUSH beats STOP).
    pub fn pushes(&self, kind: &Kind) -> bool {
        self.has(kind, Prop::Push)
    }

    /// Whether any `NOUN IS NOUN` rule is in force (only then can a transformation happen).
    pub fn transforms(&self) -> bool {
        self.rules.iter().any(|r| matches!(r.predicate, Pred::Noun(_)))
    }

    /// The rules as sorted, distinct text.
    pub fn texts(&self) -> Vec<String> {
        let set: BTreeSet<String> = self.rules.iter().map(Rule::text).collect();
        set.into_iter().collect()
    }
}

/// Whether `noun` is one of the level's custom property words.
fn is_custom(custom: &[String], noun: &str) -> bool {
    custom.iter().any(|c| c == noun)
}

/// Reads every rule on the board; `terrain` nouns are STOP unless a rule names them.
pub fn parse(board: &Board, terrain: &[String]) -> RuleSet {
    parse_with(board, terrain, &[])
}

/// [`parse`], with the level's custom property words (lowercase): such a word
/// is a predicate, never a subject or a transformation target.
pub fn parse_with(board: &Board, terrain: &[String], custom: &[String]) -> RuleSet {
    let found = scan(board, custom, false);
    // One rule per (subject, predicate), the earliest in reading order.
    let mut seen = BTreeSet::new();
    let rules: Vec<Rule> = found.rules.into_iter().filter(|r| seen.insert((r.subject, r.predicate.clone()))).collect();
    let terrain_stop = terrain.iter().filter(|n| !rules.iter().any(|r| &*r.subject == n.as_str())).cloned().collect();
    // Spans: (axis, line, start, end) with equal ranges merged by the set; a
    // range that is a prefix of a longer one from the same start is dropped.
    let ranges: Vec<(u8, i32, usize, usize)> = found
        .spans
        .iter()
        .copied()
        .filter(|&(a, l, s, e)| !found.spans.iter().any(|&(a2, l2, s2, e2)| a2 == a && l2 == l && s2 == s && e2 > e))
        .collect();
    let spans = ranges
        .into_iter()
        .map(|(axis, line, start, end)| {
            let cells = line_cells(axis, line, start, end);
            Span { axis, ids: word_ids(board, &cells), cells }
        })
        .collect();
    RuleSet { rules, terrain_stop, spans }
}

/// One sentence as it was read (not one per rule, as [`RuleSet`] keeps):
/// its rule, the axis it was read on (0 across, 1 down) and the ids of the
/// words on its cells (every word of a stacked cell). What the solver's
/// structured requirements match (`{axis = "v"}`, `{shares_word_with = …}`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sentence {
    /// The rule it says.
    pub rule: Rule,
    /// 0 across, 1 down.
    pub axis: u8,
    /// The words on its cells.
    pub ids: Vec<Name>,
}

/// Every sentence on the board, in reading order (a sentence of several
/// subjects or predicates is one per rule it says); `custom` as for
/// [`parse_with`].
pub fn sentences(board: &Board, custom: &[String]) -> Vec<Sentence> {
    let mut ends = scan(board, custom, true).ends;
    ends.sort();
    ends.dedup();
    ends.into_iter()
        .map(|(rule, end)| {
            let (y, x, axis) = rule.order;
            let (line, start) = if axis == 0 { (y, x) } else { (x, y) };
            let cells = line_cells(axis, line, start as usize, end);
            Sentence { axis, ids: word_ids(board, &cells), rule }
        })
        .collect()
}

/// The cells from `start` to one before `end` on line `line` of `axis`.
fn line_cells(axis: u8, line: i32, start: usize, end: usize) -> Vec<(i32, i32)> {
    (start..end).map(|k| if axis == 0 { (k as i32, line) } else { (line, k as i32) }).collect()
}

/// The ids of the words on `cells`.
fn word_ids(board: &Board, cells: &[(i32, i32)]) -> Vec<Name> {
    board
        .things
        .iter()
        .filter(|t| matches!(t.kind, Kind::Word(_)) && cells.contains(&(t.x, t.y)))
        .map(|t| t.id)
        .collect()
}

/// Reads every sentence of the board (each sentence's end too, for
/// [`sentences`], when `ends` is asked for).
fn scan(board: &Board, custom: &[String], ends: bool) -> Found {
    // The words of each cell, in board order, borrowed (no word is copied to read them).
    let (w, h) = (board.w.max(0) as usize, board.h.max(0) as usize);
    let mut words: Vec<Vec<&Word>> = vec![Vec::new(); w * h];
    for t in &board.things {
        if let Kind::Word(word) = &t.kind {
            if (0..board.w).contains(&t.x) && (0..board.h).contains(&t.y) {
                words[t.y as usize * w + t.x as usize].push(word);
            }
        }
    }
    let mut found = Found { record_ends: ends, ..Found::default() };
    let mut cells: Vec<&[&Word]> = Vec::with_capacity(w.max(h));
    for axis in 0..2u8 {
        let (lines, len) = if axis == 0 { (board.h, board.w) } else { (board.w, board.h) };
        for line in 0..lines {
            cells.clear();
            cells.extend((0..len).map(|k| {
                let (x, y) = if axis == 0 { (k, line) } else { (line, k) };
                words[y as usize * w + x as usize].as_slice()
            }));
            if cells.iter().all(|c| c.is_empty()) {
                continue;
            }
            for start in 0..len as usize {
                for word in cells[start] {
                    if let Word::Noun(n) = word {
                        if is_custom(custom, n) {
                            continue;
                        }
                        let (x, y) = if axis == 0 { (start as i32, line) } else { (line, start as i32) };
                        walk(
                            &cells,
                            start + 1,
                            State::AfterSubject,
                            &mut vec![*n],
                            &mut Vec::new(),
                            (y, x, axis),
                            custom,
                            &mut found,
                        );
                    }
                }
            }
        }
    }
    found
}

/// What the sentence walk finds: rules, and each sentence's range on its line.
#[derive(Default)]
struct Found {
    rules: BTreeSet<Rule>,
    /// (axis, line, first cell, one past the last cell).
    spans: BTreeSet<(u8, i32, usize, usize)>,
    /// Whether to keep each rule's sentence end ([`sentences`]; the game's
    /// own reading does without).
    record_ends: bool,
    /// Each rule found and one past its sentence's last cell.
    ends: Vec<(Rule, usize)>,
}

#[derive(Clone, Copy)]
enum State {
    NeedSubject,
    AfterSubject,
    NeedPredicate,
    AfterPredicate,
}

/// Extends a sentence one cell at a time, trying every word of a stacked cell.
#[allow(clippy::too_many_arguments)]
fn walk(
    cells: &[&[&Word]],
    at: usize,
    state: State,
    subjects: &mut Vec<Name>,
    preds: &mut Vec<Pred>,
    order: (i32, i32, u8),
    custom: &[String],
    out: &mut Found,
) {
    if let State::AfterPredicate = state {
        for s in subjects.iter() {
            for p in preds.iter() {
                let rule = Rule { order, subject: *s, predicate: p.clone() };
                if out.record_ends {
                    out.ends.push((rule.clone(), at));
                }
                out.rules.insert(rule);
            }
        }
        let (y, x, axis) = order;
        let (line, start) = if axis == 0 { (y, x) } else { (x, y) };
        out.spans.insert((axis, line, start as usize, at));
    }
    let Some(cell) = cells.get(at) else { return };
    for &w in cell.iter() {
        match (state, w) {
            (State::NeedSubject, Word::Noun(n)) if !is_custom(custom, n) => {
                subjects.push(*n);
                walk(cells, at + 1, State::AfterSubject, subjects, preds, order, custom, out);
                subjects.pop();
            }
            (State::AfterSubject, Word::And) => {
                walk(cells, at + 1, State::NeedSubject, subjects, preds, order, custom, out)
            }
            (State::AfterSubject, Word::Is) => {
                walk(cells, at + 1, State::NeedPredicate, subjects, preds, order, custom, out)
            }
            (State::NeedPredicate, Word::Noun(n)) => {
                preds.push(if is_custom(custom, n) { Pred::Custom(*n) } else { Pred::Noun(*n) });
                walk(cells, at + 1, State::AfterPredicate, subjects, preds, order, custom, out);
                preds.pop();
            }
            (State::NeedPredicate, Word::Prop(p)) => {
                preds.push(Pred::Prop(*p));
                walk(cells, at + 1, State::AfterPredicate, subjects, preds, order, custom, out);
                preds.pop();
            }
            (State::AfterPredicate, Word::And) => {
                walk(cells, at + 1, State::NeedPredicate, subjects, preds, order, custom, out)
            }
            _ => {}
        }
    }
}

/// Applies `NOUN IS NOUN` rules to a fixed point: `X IS X` protects X; among
/// conflicting targets the earliest sentence in reading order wins; a chain
/// is followed to its end, and a cycle stops before it would repeat a noun.
/// Returns (id, new noun) for every thing that changed.
pub fn transform(board: &mut Board, rules: &RuleSet) -> Vec<(String, String)> {
    let mut changed = Vec::new();
    // No NOUN IS NOUN rule: nothing to do (the common case, checked once).
    if !rules.transforms() {
        return changed;
    }
    for t in &mut board.things {
        let Kind::Object(start) = &t.kind else { continue };
        let cur = transformed(rules, *start);
        if &cur != start {
            changed.push((t.id.to_string(), cur.to_string()));
            t.kind = Kind::Object(cur);
        }
    }
    changed
}

/// What one transformation pass makes of an object of `noun`: `X IS X`
/// protects X; among conflicting targets the earliest sentence in reading
/// order wins; a chain is followed to its end, and a cycle stops before it
/// would repeat a noun. (The solver's compact state applies the same map.)
pub fn transformed(rules: &RuleSet, noun: Name) -> Name {
    let target = |noun: Name| -> Option<Name> {
        if rules.rules.iter().any(|r| r.subject == noun && r.predicate == Pred::Noun(noun)) {
            return None;
        }
        rules.rules.iter().find_map(|r| match &r.predicate {
            Pred::Noun(t) if r.subject == noun && *t != noun => Some(*t),
            _ => None,
        })
    };
    let mut seen: Vec<Name> = vec![noun];
    let mut cur = noun;
    while let Some(next) = target(cur) {
        if seen.contains(&next) {
            break;
        }
        seen.push(next);
        cur = next;
    }
    cur
}
