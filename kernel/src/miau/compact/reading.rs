//! Rule readings: the rules of one placement of the words as tables by kind
//! index, each placement read once and then looked up, placements that read
//! alike sharing one reading.

use super::super::board::{Board, Kind, Name, Thing, PROPS};
use super::super::rules::{self, Pred, RuleSet};
use super::level::{bit, Automaton, Reading, GONE};
use super::state::Compact;

/// The `p`th placement of `n` bytes in `placed`.
pub(super) fn placement(placed: &[u8], n: usize, p: u32) -> &[u8] {
    &placed[p as usize * n..(p as usize + 1) * n]
}

/// The hash [`Compact`]'s placements are found by: FxHash (fixed, no seed).
pub(super) fn placement_hash(places: &[u8]) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one(places)
}

/// The hash [`Compact`]'s readings are shared by: FxHash (fixed, no seed).
pub(super) fn reading_hash(r: &Reading) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one(r)
}

impl Compact<'_> {
    pub(super) fn rules(&self) -> &Reading {
        &self.readings[self.reading as usize]
    }

    /// Notes that word `i` is about to move (or go): the rules must be read
    /// again.
    pub(super) fn word_moved(&mut self, i: usize) {
        self.moved_words = true;
        self.word_moves = self.word_moves.saturating_add(1);
        self.last_word = i as u8;
        self.last_from = (self.x[i], self.y[i]);
    }

    /// Whether word `i` at (`x`, `y`) touches no other word: none in its
    /// cell or the four beside it (gone counts as alone). Sentences run
    /// along rows and columns through neighbouring cells, so such a word is
    /// in none.
    pub(super) fn alone(&self, i: usize, (x, y): (u8, u8)) -> bool {
        if x == GONE {
            return true;
        }
        let others = self.level.word_set & !(1 << i);
        let (w, h) = (self.level.w as usize, self.level.h as usize);
        let (x, y) = (usize::from(x), usize::from(y));
        let at = |x: usize, y: usize| self.cells[y * w + x] & others == 0;
        at(x, y)
            && (x == 0 || at(x - 1, y))
            && (x + 1 == w || at(x + 1, y))
            && (y == 0 || at(x, y - 1))
            && (y + 1 == h || at(x, y + 1))
    }

    /// The reading of the words where they stand now, if a word moved.
    pub(super) fn settle_rules(&mut self) {
        if !self.moved_words {
            return;
        }
        self.moved_words = false;
        // One word moved, touching no other word where it was nor where it
        // is: no sentence changed, so neither did the rules.
        if std::mem::take(&mut self.word_moves) == 1 && !self.readings.is_empty() {
            let i = usize::from(self.last_word);
            if self.alone(i, self.last_from) && self.alone(i, (self.x[i], self.y[i])) {
                return;
            }
        }
        self.places.clear();
        for &i in &self.level.words {
            self.places.extend_from_slice(&[self.x[i], self.y[i]]);
        }
        // Not compared with the reading in force first: a word that moved
        // nearly always leaves it (3.1 M calls at 8 M states on the bench
        // level, none back at the same places).
        let n = self.places.len();
        let (places, placed) = (&self.places, &self.placed);
        let hash = placement_hash(places);
        if let Some(&p) = self.known.find(hash, |&p| placement(placed, n, p) == &places[..]) {
            self.reading = self.reading_of[p as usize];
            return;
        }
        // A new placement: its rules read, and the reading shared with an
        // earlier placement that reads the same.
        let reading = self.read();
        let same = reading_hash(&reading);
        let readings = &self.readings;
        self.reading = match self.distinct.find(same, |&r| readings[r as usize] == reading) {
            Some(&r) => r,
            None => {
                let r = self.readings.len() as u32;
                self.readings.push(reading);
                let readings = &self.readings;
                self.distinct.insert_unique(same, r, |&r| reading_hash(&readings[r as usize]));
                r
            }
        };
        let p = self.reading_of.len() as u32;
        self.reading_of.push(self.reading);
        self.placed.extend_from_slice(&self.places);
        let placed = &self.placed;
        self.known.insert_unique(hash, p, |&p| placement_hash(placement(placed, n, p)));
    }

    /// Reads the rules off the words (as the game does) into tables.
    pub(super) fn read(&self) -> Reading {
        let l = self.level;
        let things = l.words.iter().filter(|&&i| self.x[i] != GONE).map(|&i| Thing {
            id: l.anon,
            kind: l.kinds[self.kind[i] as usize],
            x: i32::from(self.x[i]),
            y: i32::from(self.y[i]),
            fixed: false,
            channel: None,
            open: false,
            facing: 0,
        });
        let board = Board { w: l.w, h: l.h, things: things.collect(), leaves: Default::default() };
        let custom: Vec<String> =
            l.pairs.iter().flatten().cloned().chain(l.automata.iter().map(|a| a.word.clone())).collect();
        let rs: RuleSet = rules::parse_with(&board, &l.terrain, &custom);
        let props: Vec<u16> = l
            .kinds
            .iter()
            .map(|k| PROPS.iter().filter(|(p, _)| rs.has(k, *p)).fold(0, |m, (p, _)| m | bit(*p)))
            .collect();
        let mut by_prop = Vec::new();
        let mut prop_at = [0; u16::BITS as usize + 1];
        for b in 0..u16::BITS as usize {
            by_prop.extend(props.iter().enumerate().filter(|(_, m)| **m & (1 << b) != 0).map(|(k, _)| k as u8));
            prop_at[b + 1] = by_prop.len() as u16;
        }
        let mentions = PROPS.iter().filter(|(p, _)| rs.mentions(*p)).fold(0, |m, (p, _)| m | bit(*p));
        let into = rs.transforms().then(|| {
            l.kinds
                .iter()
                .enumerate()
                .map(|(k, kind)| match kind {
                    Kind::Object(n) => {
                        let to = Kind::Object(rules::transformed(&rs, *n));
                        l.kinds
                            .iter()
                            .position(|o| *o == to)
                            .expect("kernel invariant: every noun word's noun is a listed kind")
                            as u8
                    }
                    Kind::Word(_) => k as u8,
                })
                .collect()
        });
        // Automata: an actor has the word and the subject's noun; a record runs
        // while a rule gives its word (to its subject, if it has one).
        let subject_ok = |a: &Automaton, n: Name| a.subject.is_none_or(|s| s == n);
        let actors = l
            .kinds
            .iter()
            .map(|k| match k {
                Kind::Object(n) => l
                    .automata
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| subject_ok(a, *n) && rs.has_word(k, &a.word))
                    .fold(0, |m, (i, _)| m | 1 << i),
                Kind::Word(_) => 0,
            })
            .collect();
        let active = l
            .automata
            .iter()
            .enumerate()
            .filter(|(_, a)| {
                rs.rules.iter().any(|r| {
                    matches!(&r.predicate, Pred::Custom(w) if w.as_str() == a.word) && subject_ok(a, r.subject)
                })
            })
            .fold(0, |m, (i, _)| m | 1 << i);
        let pair_bits = l
            .kinds
            .iter()
            .map(|k| {
                l.pairs.iter().enumerate().fold(0, |m, (p, [a, b])| {
                    m | u8::from(rs.has_word(k, a)) << (2 * p) | u8::from(rs.has_word(k, b)) << (2 * p + 1)
                })
            })
            .collect();
        let texts =
            if l.forbid.is_empty() && l.require.is_empty() && l.same.is_none() { Vec::new() } else { rs.texts() };
        let banned = l.forbid.iter().any(|r| texts.contains(r)) || l.same.as_ref().is_some_and(|s| *s != texts);
        let formed = l.require.iter().enumerate().filter(|(_, r)| texts.contains(r)).fold(0, |m, (i, _)| m | 1 << i);
        Reading { props, by_prop, prop_at, mentions, into, actors, active, pair_bits, banned, formed }
    }
}
