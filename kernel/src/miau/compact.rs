//! The solver's own compact state: the things of a level as three byte arrays
//! (column, row, kind index), a bit set of things per cell and per kind, the
//! gates' states and the automata's phases, the key itself (kept up to date
//! as things change), and the rules as tables per placement of the words
//! (each placement read once, then looked up). A move is stepped in place and
//! taken back with an undo log (only what the move changed is put back), so
//! the solver never copies a state per child; decoding a parent places only
//! the things that differ from the last one.
//!
//! It plays exactly as [`Miau::apply_in_place`](super::Miau::apply_in_place)
//! for the levels it takes (tested move by move against the game, key byte
//! for key byte, on every shipped level and on levels made to reach each
//! rule): every rule and extension, at most 128 things, fewer than 255
//! cells. Other levels are solved with the game's own `State`. Its key is the
//! solver's key (see [`Layout`]), so both engines visit the same states in
//! the same order and give the same answers.

use super::board::{Board, Kind, Name, Prop, Thing, Word, CHANNELS, PROPS};
use super::key::{eight_bytes, Keyer, Layout};
use super::rules::{self, Pred, RuleSet};
use super::state::State;
use super::types::Step;

/// The most things a compact state holds (one bit each in a cell's set).
pub const MAX_THINGS: usize = 128;
/// A set of things, by index.
type Set = u128;
/// A gone thing's column (and row).
const GONE: u8 = 0xFF;
/// Word placements kept (with their readings) before the tables are
/// cleared (between two parents).
const READINGS_KEPT: usize = 1 << 16;

/// One property's bit in a kind's property set.
const fn bit(p: Prop) -> u16 {
    1 << p as u16
}

/// An automaton as the compact state runs it.
struct Automaton {
    /// The noun it moves, or any.
    subject: Option<Name>,
    /// Its property word, lowercase.
    word: String,
    /// Its steps.
    pattern: Vec<Step>,
}

/// Where one thing's bytes are in the key; [`NO_BYTE`] where it has none.
#[derive(Clone, Copy)]
struct KeyAt {
    /// Its cell's byte (one byte a cell: fewer than 255 cells).
    cell: u16,
    /// The byte holding its noun index, and the bits of it that do.
    noun: u16,
    shift: u8,
    mask: u8,
    /// Its gate state's byte.
    chan: u16,
}

/// A [`KeyAt`] byte that is not there.
const NO_BYTE: u16 = u16::MAX;

impl KeyAt {
    /// Thing `i`'s bytes, for keyed thing `slot` (if it is one) of `layout`
    /// and gate `chan` (if it has one).
    fn new(layout: &Layout, slot: Option<usize>, chan: Option<usize>) -> KeyAt {
        let mut at = KeyAt { cell: NO_BYTE, noun: NO_BYTE, shift: 0, mask: 0, chan: NO_BYTE };
        if let Some(j) = slot {
            at.cell = j as u16;
            if let Some((byte, shift, mask)) = layout.noun_bits(j) {
                (at.noun, at.shift, at.mask) = (byte as u16, shift, mask);
            }
        }
        if let Some(c) = chan {
            at.chan = (layout.things_len() + c) as u16;
        }
        at
    }
}

/// What the level gives every compact state of it (shared by the threads).
pub struct Level {
    w: i32,
    h: i32,
    n: usize,
    /// Every kind a thing may have: the level's nouns as objects (in the key's
    /// order, so an object's kind index is its noun index), then the words.
    kinds: Vec<Kind>,
    /// Per thing: a fixed word (it blocks like STOP).
    fixed: Vec<bool>,
    /// Per thing: its id's place in id order (movers go front first, then by id).
    rank: Vec<u16>,
    /// Per thing: a word (words stay words; objects never become words).
    word: Vec<bool>,
    /// The things that are words, in board order.
    words: Vec<usize>,
    /// The same, as a set.
    word_set: Set,
    /// Per thing: its channel's index in [`CHANNELS`], if it has one.
    chan: Vec<Option<u8>>,
    /// Per thing: its byte among the gate states in the key.
    chan_slot: Vec<Option<usize>>,
    /// The channelled things, in board order.
    chans: Vec<usize>,
    /// Per kind: the gate noun, the plate noun (their roles follow the noun).
    gate_kind: Vec<bool>,
    plate_kind: Vec<bool>,
    /// Per kind: what it leaves when it crumbles (`None`: nothing).
    leftover: Vec<Option<u8>>,
    /// A FRAIL word is on the board at the start (else nothing can crumble).
    frail_word: bool,
    /// The automata, in id order.
    automata: Vec<Automaton>,
    /// The OPEN/SHUT pairs' words (lowercase), in declaration order.
    pairs: Vec<[String; 2]>,
    /// The pairs' bits (see [`Reading::pair_bits`]) of those with `enter`.
    enter: u8,
    /// Where the key's bytes are.
    layout: Layout,
    /// Per thing: where its cell, noun and gate state are in the key (what
    /// `layout` and `chan_slot` say, worked out once for [`Compact::place`]).
    key_at: Vec<KeyAt>,
    /// Per cell (as the key numbers them, row by row): its column and row.
    xy: Vec<(u8, u8)>,
    /// Per thing: its place among the keyed things (`None`: static, never changes).
    slot: Vec<Option<usize>>,
    /// The keyed things, in board order.
    keyed: Vec<usize>,
    /// Per thing: where it starts (column, row, kind), for the static ones.
    start: Vec<(u8, u8, u8)>,
    /// The level's terrain nouns.
    terrain: Vec<String>,
    /// Rules that may never be active, and rules a solution must form (`X IS Y`).
    forbid: Vec<String>,
    require: Vec<String>,
    /// The only rule set allowed, when every rule must stay as it started.
    same: Option<Vec<String>>,
    /// The id given to the words of a reading's board (ids play no part in rules).
    anon: Name,
}

impl Level {
    /// The compact form of a level whose start is `start`, keyed as `keyer`
    /// keys it; `None` when the level holds more than 128 things or has 255
    /// cells or more. A reading is banned when it forms a `forbid` rule, or,
    /// with `same`, when its rules are not exactly those.
    pub fn new(
        start: &State,
        keyer: &Keyer,
        forbid: &[String],
        require: &[String],
        same: Option<&[String]>,
    ) -> Option<Level> {
        let things = &start.board.things;
        if things.len() > MAX_THINGS
            || start.board.w * start.board.h >= 255
            || start.automata.len() > 32
            || start.pairs.len() > 4
        {
            return None;
        }
        let mut kinds: Vec<Kind> = keyer.nouns.iter().map(|n| Kind::Object(*n)).collect();
        let mut word_kinds: Vec<Kind> =
            things.iter().filter(|t| matches!(t.kind, Kind::Word(_))).map(|t| t.kind).collect();
        word_kinds.sort();
        word_kinds.dedup();
        kinds.extend(word_kinds);
        if kinds.len() > 250 {
            return None;
        }
        let mut order: Vec<usize> = (0..things.len()).collect();
        order.sort_by(|&a, &b| things[a].id.cmp(&things[b].id));
        let mut rank = vec![0; things.len()];
        for (r, &i) in order.iter().enumerate() {
            rank[i] = r as u16;
        }
        let word: Vec<bool> = things.iter().map(|t| matches!(t.kind, Kind::Word(_))).collect();
        let words: Vec<usize> = (0..things.len()).filter(|&i| word[i]).collect();
        let chan: Vec<Option<u8>> = things
            .iter()
            .map(|t| t.channel.and_then(|c| CHANNELS.iter().position(|k| *k == c.as_str())).map(|c| c as u8))
            .collect();
        let chans: Vec<usize> = (0..things.len()).filter(|&i| things[i].channel.is_some()).collect();
        let mut chan_slot = vec![None; things.len()];
        for (j, &i) in chans.iter().enumerate() {
            chan_slot[i] = Some(j);
        }
        let noun_is = |k: &Kind, noun: &str| matches!(k, Kind::Object(n) if n.as_str() == noun);
        let leftover = kinds
            .iter()
            .map(|k| match k {
                Kind::Object(n) => start.board.leftover(n).map(|l| {
                    kinds
                        .iter()
                        .position(|o| *o == Kind::Object(Name::new(l)))
                        .expect("kernel invariant: a leftover is a listed noun") as u8
                }),
                Kind::Word(_) => None,
            })
            .collect();
        let automata = start
            .automata
            .iter()
            .zip(start.automaton_words.iter())
            .map(|(a, w)| Automaton {
                subject: a.subject.as_deref().map(Name::new),
                word: w.clone(),
                pattern: a.pattern.clone(),
            })
            .collect();
        let layout = keyer.layout().clone();
        if layout.cell_bytes != 1 || layout.things_len() + chans.len() >= usize::from(NO_BYTE) {
            return None;
        }
        let key_at = (0..things.len()).map(|i| KeyAt::new(&layout, keyer.slot[i], chan_slot[i])).collect();
        let kinds_index = |k: &Kind| kinds.iter().position(|o| o == k).expect("a start kind is listed") as u8;
        let starts = things.iter().map(|t| (t.x as u8, t.y as u8, kinds_index(&t.kind))).collect();
        Some(Level {
            w: start.board.w,
            h: start.board.h,
            n: things.len(),
            gate_kind: kinds.iter().map(|k| noun_is(k, "gate")).collect(),
            plate_kind: kinds.iter().map(|k| noun_is(k, "plate")).collect(),
            leftover,
            frail_word: things.iter().any(|t| t.kind == Kind::Word(Word::Prop(Prop::Frail))),
            kinds,
            fixed: things.iter().map(|t| t.fixed).collect(),
            rank,
            word_set: words.iter().fold(0, |s, &i| s | 1 << i),
            words,
            word,
            chan,
            chan_slot,
            chans,
            automata,
            pairs: start.pair_words.to_vec(),
            enter: start.pairs.iter().enumerate().filter(|(_, p)| p.enter).fold(0, |m, (p, _)| m | 0b11 << (2 * p)),
            layout,
            key_at,
            xy: (0..start.board.w * start.board.h)
                .map(|c| ((c % start.board.w) as u8, (c / start.board.w) as u8))
                .collect(),
            slot: keyer.slot.clone(),
            keyed: (0..things.len()).filter(|&i| keyer.slot[i].is_some()).collect(),
            start: starts,
            terrain: start.terrain.to_vec(),
            forbid: forbid.to_vec(),
            require: require.to_vec(),
            same: same.map(<[String]>::to_vec),
            anon: Name::new("word"),
        })
    }

    /// Where the gate states start in the key.
    fn chan_base(&self) -> usize {
        self.layout.things_len()
    }

    /// Where the automata's phases start in the key.
    fn phase_base(&self) -> usize {
        self.layout.things_len() + self.chans.len()
    }
}

/// The `p`th placement of `n` bytes in `placed`.
fn placement(placed: &[u8], n: usize, p: u32) -> &[u8] {
    &placed[p as usize * n..(p as usize + 1) * n]
}

/// The hash [`Compact`]'s placements are found by: FxHash (fixed, no seed).
fn placement_hash(places: &[u8]) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one(places)
}

/// The hash [`Compact`]'s readings are shared by: FxHash (fixed, no seed).
fn reading_hash(r: &Reading) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one(r)
}

/// The rules of one placement of the words, as tables by kind index.
#[derive(PartialEq, Eq, Hash)]
struct Reading {
    /// Per kind: its properties (words: PUSH only; terrain: STOP unless named).
    props: Vec<u16>,
    /// The kinds that have each property bit, bit by bit: bit `b`'s are
    /// `by_prop[prop_at[b]..prop_at[b + 1]]` (one block a reading).
    by_prop: Vec<u8>,
    prop_at: [u16; u16::BITS as usize + 1],
    /// Properties some rule gives.
    mentions: u16,
    /// Per kind: what one transformation pass makes of it; `None` without a `NOUN IS NOUN` rule.
    into: Option<Vec<u8>>,
    /// Per kind: the automata (a bit each) whose actors it is.
    actors: Vec<u32>,
    /// The automata some rule sets going.
    active: u32,
    /// Per kind: the pair words it has, two bits a pair (the first word, then
    /// the second).
    pair_bits: Vec<u8>,
    /// A forbidden rule is active.
    banned: bool,
    /// The required rules active (a bit each).
    formed: u8,
}

/// Where an undo goes back to.
#[derive(Clone, Copy)]
pub struct Mark {
    log: usize,
    won: bool,
    reading: u32,
    moved_words: bool,
    word_moves: u8,
    last_word: u8,
    last_from: (u8, u8),
}

/// One change, for undo: a thing's place and kind, a gate's state, or an automaton's phase.
#[derive(Clone, Copy)]
enum Change {
    /// Thing, column, row, kind before.
    Place(u8, u8, u8, u8),
    /// Thing, open before.
    Open(u8, bool),
    /// Automaton, phase before.
    Phase(u8, u8),
}

/// One thread's compact state of a level, with its readings.
pub struct Compact<'a> {
    level: &'a Level,
    x: Vec<u8>,
    y: Vec<u8>,
    kind: Vec<u8>,
    /// Per thing: open (gates; kept for every channelled thing, as the game does).
    open: Vec<bool>,
    /// Per automaton: its phase.
    phases: Vec<u8>,
    /// The key, kept up to date with every change (the win flag last).
    key: Vec<u8>,
    /// The things in each cell (row by row).
    cells: Vec<Set>,
    /// The things on the board of each kind.
    of_kind: Vec<Set>,
    won: bool,
    /// Index into `readings`: the rules in force.
    reading: u32,
    /// A word moved or went since the rules were read.
    moved_words: bool,
    /// Word moves since the rules were read (up to 255), and the last word
    /// that moved and where from.
    word_moves: u8,
    last_word: u8,
    last_from: (u8, u8),
    readings: Vec<Reading>,
    /// Every word placement met, one after the other (`places.len()` bytes
    /// each; [`placement`] gives the `p`th).
    placed: Vec<u8>,
    /// Each placement's reading (in the order of `placed`).
    reading_of: Vec<u32>,
    /// Placements by their words' places: placement numbers, found by the
    /// FxHash of a placement and compared in `placed`; looked up, never
    /// iterated, so nothing in it can depend on the run. A table of 4-byte
    /// entries stays in the processor's cache where a map of owned keys (a
    /// pointer each to a block of its own) missed it twice a lookup.
    known: hashbrown::HashTable<u32>,
    /// Readings by their tables (the FxHash of a reading, compared whole):
    /// placements that read the same share one reading, so the rules'
    /// tables in use stay few (the bench level: 10,833 placements at 8 M
    /// states, 4 readings), and stay in the cache.
    distinct: hashbrown::HashTable<u32>,
    /// What changed, for undo.
    log: Vec<Change>,
    /// Scratch: the words' placement.
    places: Vec<u8>,
    /// Scratch: the YOU things (or an automaton's actors) in the order they move.
    movers: Vec<usize>,
    /// Scratch: where each thing stood at the start of the turn (FRAIL).
    was: Vec<(u8, u8)>,
}

impl<'a> Compact<'a> {
    /// A compact state of `level`, empty until [`Compact::decode`].
    pub fn new(level: &'a Level) -> Compact<'a> {
        let n = level.n;
        // Every thing starts gone (decoding places what the key holds).
        let mut key = vec![0; level.phase_base() + level.automata.len() + 1];
        for j in 0..level.keyed.len() {
            level.layout.put_cell(&mut key, j, None);
        }
        for j in 0..level.chans.len() {
            key[level.chan_base() + j] = GONE;
        }
        let mut c = Compact {
            level,
            x: vec![GONE; n],
            y: vec![GONE; n],
            // Words keep their kind for good; objects take theirs from each key.
            kind: level.start.iter().map(|s| s.2).collect(),
            open: vec![false; n],
            phases: vec![0; level.automata.len()],
            key,
            cells: vec![0; (level.w * level.h) as usize],
            of_kind: vec![0; level.kinds.len()],
            won: false,
            reading: 0,
            moved_words: false,
            readings: Vec::new(),
            word_moves: 0,
            last_word: 0,
            last_from: (GONE, GONE),
            placed: Vec::new(),
            reading_of: Vec::new(),
            known: Default::default(),
            distinct: Default::default(),
            log: Vec::new(),
            places: Vec::new(),
            movers: Vec::new(),
            was: vec![(GONE, GONE); n],
        };
        // Static things stand where they start for good (no key bytes).
        for i in (0..n).filter(|&i| level.slot[i].is_none()) {
            let (x, y, k) = level.start[i];
            c.place(i, x, y, k);
        }
        c
    }

    /// Bytes per key (without the solver's required-rules byte).
    pub fn key_len(&self) -> usize {
        self.key.len()
    }

    /// Becomes the state of `key` (as [`Compact::key`] wrote it), its rules
    /// read off its words. Clears the undo log.
    pub fn decode(&mut self, key: &[u8]) {
        self.log.clear();
        if self.reading_of.len() >= READINGS_KEPT {
            self.readings.clear();
            self.placed.clear();
            self.reading_of.clear();
            self.known.clear();
            self.distinct.clear();
        }
        // With no reading yet, one is made (even for a level without words).
        self.moved_words |= self.readings.is_empty();
        // Only what differs from the state decoded last is placed (siblings
        // and cousins share most of their things).
        let level = self.level;
        let l = &level.layout;
        let (n, things_len) = (level.keyed.len(), l.things_len());
        // The compact state keeps one byte a cell (fewer than 255 cells), so
        // keyed thing j's cell is byte j.
        let noun = |i: usize| {
            let at = level.key_at[i];
            if at.noun == NO_BYTE {
                0
            } else {
                (key[usize::from(at.noun)] & at.mask) >> at.shift
            }
        };
        // Eight equal cell bytes at a time are skipped (one comparison; a
        // parent mostly differs from the one before in a cell or two).
        let mut j = 0;
        while j < n {
            if j + 8 <= n && eight_bytes(key, j) == eight_bytes(&self.key, j) {
                j += 8;
                continue;
            }
            if key[j] != self.key[j] {
                let i = level.keyed[j];
                let k = if level.word[i] { self.kind[i] } else { noun(i) };
                let (x, y) = if key[j] == GONE { (GONE, GONE) } else { level.xy[usize::from(key[j])] };
                if level.word[i] {
                    self.word_moved(i);
                }
                self.place(i, x, y, k);
            }
            j += 1;
        }
        if key[n..things_len] != self.key[n..things_len] {
            for &i in &level.keyed {
                let k = noun(i);
                if !level.word[i] && self.x[i] != GONE && k != self.kind[i] {
                    self.place(i, self.x[i], self.y[i], k);
                }
            }
        }
        let rest = things_len..self.key.len();
        if key[rest.clone()] != self.key[rest.clone()] {
            for (j, &i) in level.chans.iter().enumerate() {
                self.open[i] = key[level.chan_base() + j] == 1;
            }
            for (k, p) in self.phases.iter_mut().enumerate() {
                *p = key[level.phase_base() + k];
            }
            self.key[rest.clone()].copy_from_slice(&key[rest]);
        }
        self.won = key[self.key.len() - 1] == 1;
        debug_assert_eq!(self.key[..], key[..self.key.len()], "decoding gives the key back");
        self.settle_rules();
    }

    /// Writes the key (see [`Layout`]): the things' cells and nouns, the gate
    /// states, the phases, then the win flag.
    pub fn key(&mut self, out: &mut Vec<u8>) {
        out.extend_from_slice(self.key_bytes());
    }

    /// The key as [`Compact::key`] writes it.
    pub fn key_bytes(&mut self) -> &[u8] {
        *self.key.last_mut().expect("the win flag") = u8::from(self.won);
        &self.key
    }

    /// Where [`Compact::undo`] goes back to.
    pub fn mark(&self) -> Mark {
        Mark {
            log: self.log.len(),
            won: self.won,
            reading: self.reading,
            moved_words: self.moved_words,
            word_moves: self.word_moves,
            last_word: self.last_word,
            last_from: self.last_from,
        }
    }

    /// Puts back everything changed since `m`.
    pub fn undo(&mut self, m: Mark) {
        while self.log.len() > m.log {
            match self.log.pop().expect("longer than the mark") {
                Change::Place(i, x, y, k) => self.place(i as usize, x, y, k),
                Change::Open(i, open) => self.put_open(i as usize, open),
                Change::Phase(a, p) => self.put_phase(a as usize, p),
            }
        }
        self.won = m.won;
        *self.key.last_mut().expect("the win flag") = u8::from(self.won);
        self.reading = m.reading;
        self.moved_words = m.moved_words;
        self.word_moves = m.word_moves;
        self.last_word = m.last_word;
        self.last_from = m.last_from;
    }

    /// Won.
    pub fn won(&self) -> bool {
        self.won
    }

    /// Whether waiting would change nothing, in a state a turn ended in
    /// (not a level's start, whose rules and contacts no turn has settled):
    /// no automaton beats, no FRAIL word can crumble anything, the rules
    /// transform nothing, and no contact can remove anything (no OPEN/SHUT
    /// pair, no SINK or DEFEAT rule). Then the turn's end already judged
    /// GOAL and WIN on these very things and cells, and its gates are a
    /// fixed point (open = pressed, or open and occupied, again gives the
    /// same), so the wait's child is its parent.
    pub fn wait_is_idle(&self) -> bool {
        let l = self.level;
        let r = self.rules();
        l.automata.is_empty()
            && !l.frail_word
            && l.pairs.is_empty()
            && r.into.is_none()
            && r.mentions & (bit(Prop::Sink) | bit(Prop::Defeat)) == 0
    }

    /// A forbidden rule is in force.
    pub fn banned(&self) -> bool {
        self.rules().banned
    }

    /// The required rules in force, a bit each.
    pub fn formed(&self) -> u8 {
        self.rules().formed
    }

    /// Words on the board.
    pub fn words(&self) -> usize {
        self.level.words.iter().filter(|&&i| self.x[i] != GONE).count()
    }

    fn rules(&self) -> &Reading {
        &self.readings[self.reading as usize]
    }

    /// Moves thing `i` (or removes it: `x == GONE`) and gives it kind `k`, without logging.
    fn place(&mut self, i: usize, x: u8, y: u8, k: u8) {
        let w = self.level.w as usize;
        let bit: Set = 1 << i;
        // A move (most calls): only the cell changes, and the cell's byte.
        if x != GONE && self.x[i] != GONE && k == self.kind[i] {
            self.cells[self.y[i] as usize * w + self.x[i] as usize] &= !bit;
            let cell = y as usize * w + x as usize;
            self.cells[cell] |= bit;
            let at = self.level.key_at[i].cell;
            if at != NO_BYTE {
                self.key[usize::from(at)] = cell as u8;
            }
            (self.x[i], self.y[i]) = (x, y);
            return;
        }
        if self.x[i] != GONE {
            self.cells[self.y[i] as usize * w + self.x[i] as usize] &= !bit;
            self.of_kind[self.kind[i] as usize] &= !bit;
        }
        let gone = x == GONE;
        if !gone {
            self.cells[y as usize * w + x as usize] |= bit;
            self.of_kind[k as usize] |= bit;
        }
        let at = self.level.key_at[i];
        if at.cell != NO_BYTE {
            self.key[usize::from(at.cell)] = if gone { GONE } else { (y as usize * w + x as usize) as u8 };
        }
        if at.noun != NO_BYTE {
            let b = &mut self.key[usize::from(at.noun)];
            *b = (*b & !at.mask) | ((if gone { 0 } else { k }) << at.shift) & at.mask;
        }
        if at.chan != NO_BYTE {
            self.key[usize::from(at.chan)] = if gone { GONE } else { u8::from(self.open[i]) };
        }
        (self.x[i], self.y[i], self.kind[i]) = (x, y, k);
    }

    /// Sets a channelled thing's gate state, without logging.
    fn put_open(&mut self, i: usize, open: bool) {
        self.open[i] = open;
        if let Some(j) = self.level.chan_slot[i] {
            self.key[self.level.chan_base() + j] = if self.x[i] == GONE { GONE } else { u8::from(open) };
        }
    }

    /// Sets an automaton's phase, without logging.
    fn put_phase(&mut self, a: usize, p: u8) {
        self.phases[a] = p;
        self.key[self.level.phase_base() + a] = p;
    }

    /// Moves, removes or transforms thing `i`, logging what it was.
    fn set(&mut self, i: usize, x: u8, y: u8, k: u8) {
        self.log.push(Change::Place(i as u8, self.x[i], self.y[i], self.kind[i]));
        if self.level.word[i] {
            self.word_moved(i);
        }
        self.place(i, x, y, k);
    }

    /// Thing `i`'s properties under the rules in force.
    fn props(&self, i: usize) -> u16 {
        self.rules().props[self.kind[i] as usize]
    }

    /// The things on the board with any of `props`: the kinds that have
    /// each are listed per reading, so this looks at those kinds only.
    fn with(&self, props: u16) -> Set {
        let r = self.rules();
        let mut set = 0;
        let mut bits = props;
        while bits != 0 {
            let b = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            for &k in &r.by_prop[usize::from(r.prop_at[b])..usize::from(r.prop_at[b + 1])] {
                set |= self.of_kind[usize::from(k)];
            }
        }
        set
    }

    /// The things on the board of the kinds `pick` takes.
    fn of_kinds(&self, pick: impl Fn(usize) -> bool) -> Set {
        self.of_kind.iter().enumerate().filter(|&(k, _)| pick(k)).fold(0, |s, (_, set)| s | set)
    }

    /// The things in thing `i`'s cell.
    fn cell_of(&self, i: usize) -> Set {
        self.cells[self.y[i] as usize * self.level.w as usize + self.x[i] as usize]
    }

    /// The things of `set` on the FLOAT layer `float`.
    fn on_layer(&self, set: Set, float: bool) -> Set {
        let floating = self.with(bit(Prop::Float));
        if float {
            set & floating
        } else {
            set & !floating
        }
    }

    /// Thing `i` is a gate in a circuit.
    fn is_gate(&self, i: usize) -> bool {
        self.level.chan[i].is_some() && self.level.gate_kind[self.kind[i] as usize]
    }

    /// One turn, as the game plays it; false when the game would reject the
    /// move (then the state is part-way: undo it). `pushed_words` is set when
    /// the player's move (not an automaton's) moved a word.
    pub fn apply(&mut self, delta: Option<(i32, i32)>, pushed_words: &mut bool) -> bool {
        if self.won {
            return false;
        }
        let you = self.with(bit(Prop::You));
        if you == 0 {
            return false;
        }
        let stood = self.stood_on();
        if let Some((dx, dy)) = delta {
            let words_before = self.moved_words;
            self.moved_words = false;
            if !self.move_all(you, dx, dy) {
                return false;
            }
            *pushed_words = self.moved_words;
            self.moved_words |= words_before;
        }
        self.settle();
        if !self.level.automata.is_empty() {
            self.beat();
            self.settle();
        }
        self.crumble(stood);
        self.contacts();
        self.gates();
        true
    }

    /// Moves every thing of `movers` one step, front first then by id,
    /// pushing chains; whether anything moved.
    fn move_all(&mut self, movers: Set, dx: i32, dy: i32) -> bool {
        if movers.count_ones() == 1 {
            return self.try_move(movers.trailing_zeros() as usize, dx, dy);
        }
        let mut order = std::mem::take(&mut self.movers);
        order.clear();
        order.extend(ones(movers));
        let front = |i: usize| i32::from(self.x[i]) * dx + i32::from(self.y[i]) * dy;
        order.sort_by(|&a, &b| front(b).cmp(&front(a)).then_with(|| self.level.rank[a].cmp(&self.level.rank[b])));
        let mut moved = false;
        for &i in &order {
            moved |= self.try_move(i, dx, dy);
        }
        self.movers = order;
        moved
    }

    /// Moves thing `i` by (dx, dy), pushing what is PUSH ahead of it.
    fn try_move(&mut self, i: usize, dx: i32, dy: i32) -> bool {
        let (x, y) = (i32::from(self.x[i]) + dx, i32::from(self.y[i]) + dy);
        if !self.push_cell(x, y, dx, dy, 1 << i) {
            return false;
        }
        self.set(i, x as u8, y as u8, self.kind[i]);
        true
    }

    /// Clears the way into (x, y) for `movers`: its PUSH things move on
    /// together; a fixed word, a shut gate, a STOP thing that is not PUSH, or
    /// the edge blocks. With an `enter` pair, a thing holding one word lets a
    /// mover with the other in: it neither blocks nor is pushed.
    fn push_cell(&mut self, x: i32, y: i32, dx: i32, dy: i32, movers: Set) -> bool {
        if x < 0 || y < 0 || x >= self.level.w || y >= self.level.h {
            return false;
        }
        let mut here = self.cells[(y * self.level.w + x) as usize];
        if self.level.enter != 0 && here != 0 {
            let r = self.rules();
            let bits = ones(movers).fold(0u8, |m, i| m | r.pair_bits[self.kind[i] as usize]);
            // A mover's first word lets in the second's holder, and the other way round.
            let wanted = (((bits & 0x55) << 1) | ((bits & 0xAA) >> 1)) & self.level.enter;
            here &=
                !ones(here).filter(|&j| r.pair_bits[self.kind[j] as usize] & wanted != 0).fold(0, |s, j| s | 1 << j);
        }
        let mut group: Set = 0;
        for j in ones(here) {
            let p = self.props(j);
            if self.level.fixed[j]
                || (self.is_gate(j) && !self.open[j])
                || (p & bit(Prop::Push) == 0 && p & bit(Prop::Stop) != 0)
            {
                return false;
            }
            if p & bit(Prop::Push) != 0 {
                group |= 1 << j;
            }
        }
        if group == 0 {
            return true;
        }
        if !self.push_cell(x + dx, y + dy, dx, dy, group) {
            return false;
        }
        for j in ones(group) {
            self.set(j, (x + dx) as u8, (y + dy) as u8, self.kind[j]);
        }
        true
    }

    /// One beat of every automaton, in id order, under the rules as they
    /// stand after the player's move: an active one with actors takes its
    /// current step and advances its phase; otherwise its phase holds.
    fn beat(&mut self) {
        let level = self.level;
        for (a, auto) in level.automata.iter().enumerate() {
            let r = self.rules();
            if r.active & (1 << a) == 0 {
                continue;
            }
            let actors = self.of_kinds(|k| r.actors[k] & (1 << a) != 0);
            if actors == 0 {
                continue;
            }
            let len = auto.pattern.len();
            let phase = self.phases[a] as usize % len;
            if let Step::Move(dx, dy) = auto.pattern[phase] {
                self.move_all(actors, dx, dy);
            }
            self.log.push(Change::Phase(a as u8, self.phases[a]));
            self.put_phase(a, ((phase + 1) % len) as u8);
        }
    }

    /// The things sharing their cell with a thing that is not FRAIL at the
    /// start of the turn (what could crumble), their places kept; none when no
    /// FRAIL word is on the board.
    fn stood_on(&mut self) -> Set {
        let frail = bit(Prop::Frail);
        if !self.level.frail_word
            || !self.level.words.iter().any(|&i| {
                self.x[i] != GONE && self.level.kinds[self.kind[i] as usize] == Kind::Word(Word::Prop(Prop::Frail))
            })
        {
            return 0;
        }
        let sturdy = !self.with(frail);
        let mut stood = 0;
        for i in 0..self.level.n {
            if self.x[i] != GONE && self.cell_of(i) & !(1 << i) & sturdy != 0 {
                stood |= 1 << i;
                self.was[i] = (self.x[i], self.y[i]);
            }
        }
        stood
    }

    /// FRAIL (after movement, rules and transforms; before contacts): a FRAIL
    /// thing that has not moved, was stood on and is not stood on now becomes
    /// its noun's leftover or goes; the rules are settled again if anything did.
    fn crumble(&mut self, stood: Set) {
        if stood == 0 {
            return;
        }
        let frail = self.with(bit(Prop::Frail));
        let crumbling: Vec<usize> = ones(stood & frail)
            .filter(|&i| {
                self.x[i] != GONE && (self.x[i], self.y[i]) == self.was[i] && self.cell_of(i) & !(1 << i) & !frail == 0
            })
            .collect();
        for &i in &crumbling {
            match self.level.leftover[self.kind[i] as usize] {
                Some(k) => self.set(i, self.x[i], self.y[i], k),
                None => self.set(i, GONE, GONE, self.kind[i]),
            }
        }
        if !crumbling.is_empty() {
            self.settle();
        }
    }

    /// Gates, at the end of the turn: open while a plate of their channel is
    /// pressed (anything else on it), or while open and occupied (a jam).
    fn gates(&mut self) {
        let level = self.level;
        if level.chans.is_empty() {
            return;
        }
        let gates: Vec<usize> = level.chans.iter().copied().filter(|&i| self.x[i] != GONE && self.is_gate(i)).collect();
        if gates.is_empty() {
            return;
        }
        let occupied = |c: &Compact, i: usize| c.cell_of(i) & !(1 << i) != 0;
        let pressed = level
            .chans
            .iter()
            .filter(|&&i| self.x[i] != GONE && level.plate_kind[self.kind[i] as usize] && occupied(self, i))
            .fold(0u8, |m, &i| m | 1 << level.chan[i].unwrap_or(0));
        for i in gates {
            let open = level.chan[i].is_some_and(|c| pressed & (1 << c) != 0) || (self.open[i] && occupied(self, i));
            if open != self.open[i] {
                self.log.push(Change::Open(i as u8, self.open[i]));
                self.put_open(i, open);
            }
        }
    }

    /// The rules read again if a word moved or went, then one transformation pass.
    fn settle(&mut self) {
        self.settle_rules();
        let Some(into) = &self.readings[self.reading as usize].into else { return };
        let changes: Vec<(usize, u8)> = (0..self.level.n)
            .filter(|&i| self.x[i] != GONE && into[self.kind[i] as usize] != self.kind[i])
            .map(|i| (i, into[self.kind[i] as usize]))
            .collect();
        for (i, k) in changes {
            self.set(i, self.x[i], self.y[i], k);
        }
    }

    /// Notes that word `i` is about to move (or go): the rules must be read
    /// again.
    fn word_moved(&mut self, i: usize) {
        self.moved_words = true;
        self.word_moves = self.word_moves.saturating_add(1);
        self.last_word = i as u8;
        self.last_from = (self.x[i], self.y[i]);
    }

    /// Whether word `i` at (`x`, `y`) touches no other word: none in its
    /// cell or the four beside it (gone counts as alone). Sentences run
    /// along rows and columns through neighbouring cells, so such a word is
    /// in none.
    fn alone(&self, i: usize, (x, y): (u8, u8)) -> bool {
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
    fn settle_rules(&mut self) {
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
    fn read(&self) -> Reading {
        let l = self.level;
        let things = l.words.iter().filter(|&&i| self.x[i] != GONE).map(|&i| Thing {
            id: l.anon,
            kind: l.kinds[self.kind[i] as usize],
            x: i32::from(self.x[i]),
            y: i32::from(self.y[i]),
            fixed: false,
            channel: None,
            open: false,
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

    /// Removes the things of `gone`; whether there were any.
    fn remove(&mut self, gone: Set) -> bool {
        for i in ones(gone) {
            self.set(i, GONE, GONE, self.kind[i]);
        }
        gone != 0
    }

    /// Pairs, SINK, then DEFEAT (the rules read again if anything went), then GOAL and WIN.
    fn contacts(&mut self) {
        let float = bit(Prop::Float);
        // Pairs, in declaration order: per cell, things with the first word and
        // things with the second are matched one for one in id order (never a
        // thing with itself); the matched go.
        let mut removed = false;
        for p in 0..self.level.pairs.len() {
            let (first, second) = (1u8 << (2 * p), 1u8 << (2 * p + 1));
            let r = self.rules();
            let has = |j: usize, b: u8| r.pair_bits[self.kind[j] as usize] & b != 0;
            let mut todo = self.of_kinds(|k| r.pair_bits[k] & first != 0);
            let mut gone: Set = 0;
            while todo != 0 {
                let cell = self.cell_of(todo.trailing_zeros() as usize);
                todo &= !cell;
                let mut by_id: Vec<usize> = ones(cell).collect();
                by_id.sort_by_key(|&j| self.level.rank[j]);
                let mut used: Set = 0;
                for &f in by_id.iter().filter(|&&f| has(f, first)) {
                    if used & (1 << f) != 0 {
                        continue;
                    }
                    if let Some(&s) = by_id.iter().find(|&&j| j != f && used & (1 << j) == 0 && has(j, second)) {
                        used |= 1 << f | 1 << s;
                    }
                }
                gone |= used;
            }
            removed |= self.remove(gone);
        }
        // SINK: everything in a cell with a SINK thing, itself included, on the same layer.
        let mut gone: Set = 0;
        if self.rules().mentions & bit(Prop::Sink) != 0 {
            for s in ones(self.with(bit(Prop::Sink))) {
                let here = self.on_layer(self.cell_of(s), self.props(s) & float != 0);
                if here.count_ones() > 1 {
                    gone |= here;
                }
            }
        }
        removed |= self.remove(gone);
        // DEFEAT removes only YOU things: in a DEFEAT cell (same layer), or DEFEAT themselves.
        if self.rules().mentions & bit(Prop::Defeat) != 0 {
            let gone = self.you_meeting(Prop::Defeat);
            removed |= self.remove(gone);
        }
        if removed {
            self.settle();
        }
        let mentions = self.rules().mentions;
        let you = self.with(bit(Prop::You));
        // GOAL: a YOU exists, a GOAL thing exists, and each shares its cell with another PUSH thing.
        if mentions & bit(Prop::Goal) != 0 && you != 0 {
            let goals = self.with(bit(Prop::Goal));
            if goals != 0
                && ones(goals).all(|g| ones(self.cell_of(g) & !(1 << g)).any(|j| self.props(j) & bit(Prop::Push) != 0))
            {
                self.won = true;
            }
        }
        // WIN: a YOU sharing its cell (and layer) with a WIN thing, or being WIN.
        if mentions & bit(Prop::Win) != 0 && self.you_meeting(Prop::Win) != 0 {
            self.won = true;
        }
    }

    /// The YOU things sharing their cell and FLOAT layer with a thing that has `p` (or having it).
    fn you_meeting(&self, p: Prop) -> Set {
        let float = bit(Prop::Float);
        ones(self.with(bit(Prop::You)))
            .filter(|&i| {
                let layer = self.props(i) & float;
                ones(self.cell_of(i)).any(|o| self.props(o) & bit(p) != 0 && self.props(o) & float == layer)
            })
            .fold(0, |s, i| s | 1 << i)
    }
}

/// The indices in a set, ascending.
fn ones(mut s: Set) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if s == 0 {
            return None;
        }
        let i = s.trailing_zeros() as usize;
        s &= s - 1;
        Some(i)
    })
}

#[cfg(test)]
mod tests {
    //! The compact state against the game, move by move.

    use super::super::solver::MOVES;
    use super::super::{Action, Automaton, Miau, Pair, Setup, Step};
    use super::*;
    use crate::game::Game;
    use crate::rng::Rng;

    /// Levels that reach every rule the compact state plays: transformations
    /// (chains and cycles), SINK and FLOAT, DEFEAT, several YOUs, GOAL, fixed
    /// words, terrain, stacked words, a YOU that is WIN.
    fn levels() -> Vec<(String, Setup)> {
        let legend: Vec<(String, String)> =
            [("m", "miau"), ("r", "rock"), ("f", "flag"), ("w", "wall"), ("c", "crate"), ("a", "water"), ("d", "dock")]
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect();
        let grids: [(&str, &[&str]); 9] = [
            ("ROCK IS FLAG . . / FLAG IS ROCK . . / MIAU IS YOU . . / r f m . . / ROCK IS PUSH . .", &[]),
            ("MIAU IS YOU . . . / WATER IS SINK . . . / ROCK IS FLOAT . . . / m r a . . f / FLAG IS WIN . . . / ROCK IS PUSH . . .", &[]),
            ("MIAU IS YOU . . / WALL IS DEFEAT . . / m . w . . / ROCK IS YOU . . / r . . FLAG IS / . f . . WIN", &[]),
            ("MIAU IS YOU . . / DOCK IS GOAL . . / CRATE IS PUSH . . / m c . d . / . c . d . / . . . . .", &[]),
            ("MIAU IS YOU . . / m w IS! . . / WALL IS PUSH . . / . . . . . / FLAG IS WIN f .", &["wall"]),
            ("m . ROCK+IS . . / MIAU IS YOU . . / . r . FLAG . / . . . IS . / . . f WIN .", &[]),
            ("MIAU IS YOU AND WIN / m . . . . / ROCK IS MIAU . . / r . . . .", &[]),
            ("MIAU IS YOU . . / CRATE IS YOU . . / m . c a . / WATER IS SINK . . / CRATE IS FLOAT . . / ROCK IS MIAU AND ROCK / r . . . .", &[]),
            ("MIAU IS YOU . . / m+d c+d . . . / DOCK IS GOAL . . / CRATE IS PUSH . . / WALL IS CRATE . . / w . . . .", &[]),
        ];
        let mut out: Vec<(String, Setup)> = grids
            .iter()
            .enumerate()
            .map(|(i, (g, t))| {
                (
                    format!("made-{i}"),
                    Setup {
                        grid: g.to_string(),
                        legend: legend.clone(),
                        terrain: t.iter().map(|s| s.to_string()).collect(),
                        pairs: vec![],
                        automata: vec![],
                    },
                )
            })
            .collect();
        let with = |extra: &[(&str, &str)]| {
            legend.iter().cloned().chain(extra.iter().map(|(a, b)| (a.to_string(), b.to_string()))).collect::<Vec<_>>()
        };
        // FRAIL with leftovers and a chain (sand leaves a shoal, a shoal water), handovers, sinking.
        out.push(("made-frail".into(), Setup {
            grid: "MIAU IS YOU . . . / DRIFT IS FRAIL . . . / m d d s . . / . r . d h . / SAND IS FRAIL . . . / ROCK IS PUSH . . . / WATER IS SINK . . . / SHOAL IS FRAIL AND PUSH .".into(),
            legend: with(&[("d", "drift>water"), ("s", "sand>shoal"), ("h", "shoal>water")]),
            terrain: vec![],
            pairs: vec![],
            automata: vec![],
        }));
        // Gates and plates on two channels, a gate that can become a rock, a jam.
        out.push(("made-gates".into(), Setup {
            grid: "MIAU IS YOU . . . / m . p g . f / ROCK IS PUSH . . . / . r q k . . / FLAG IS WIN . . . / GATE IS ROCK . . . / . . . . . .".into(),
            legend: with(&[("p", "plate:amber"), ("g", "gate:amber"), ("q", "plate:teal"), ("k", "gate:teal")]),
            terrain: vec![],
            pairs: vec![],
            automata: vec![],
        }));
        // OPEN/SHUT pairs: keys enter doors (enter), rocks that are both, a
        // second pair without enter; the words can be pushed apart.
        out.push(("made-pairs".into(), Setup {
            grid: "MIAU IS YOU . . . / KEY IS PUSH AND OPEN . / DOOR IS STOP AND SHUT . / k d k m k d / d k . k d k / ROCK IS OPEN AND SHUT . / r k r+r d k+d . / ROCK IS HOT . . . / DOOR IS COLD . . .".into(),
            legend: with(&[("k", "key"), ("d", "door")]),
            terrain: vec![],
            pairs: vec![Pair { words: ["OPEN".into(), "SHUT".into()], enter: true }, Pair { words: ["HOT".into(), "COLD".into()], enter: false }],
            automata: vec![],
        }));
        // Two automata: one for every TICK thing (with a wait), one for rocks that SPIN.
        out.push(("made-automata".into(), Setup {
            grid: "MIAU IS YOU . . . / FLAG IS TICK . . . / m . f . r . / ROCK IS SPIN . . . / . . . . . . / ROCK IS PUSH . . . / FLAG IS WIN . . .".into(),
            legend: legend.clone(),
            terrain: vec![],
            pairs: vec![],
            automata: vec![
                Automaton { id: "a-tick".into(), subject: None, property: "TICK".into(), phase: 1, pattern: vec![Step::Move(1, 0), Step::Wait, Step::Move(-1, 0), Step::Move(0, 1), Step::Move(0, -1)] },
                Automaton { id: "b-spin".into(), subject: Some("rock".into()), property: "SPIN".into(), phase: 0, pattern: vec![Step::Move(0, 1), Step::Move(0, -1), Step::Move(-1, 0)] },
            ],
        }));
        for text in [
            include_str!("../../../app/packs/first-steps.toml"),
            include_str!("../../../app/packs/clockwork.toml"),
            include_str!("../../../app/packs/crate-works.toml"),
            include_str!("../../../app/packs/tidewater.toml"),
            include_str!("../../../app/packs/crossword.toml"),
            include_str!("../../../app/packs/workshop.toml"),
        ] {
            let pack = super::super::pack::load(text).0.expect("a shipped pack loads");
            out.extend(pack.levels.into_iter().map(|l| (l.id, l.setup)));
        }
        out
    }

    /// Random walks: from every state on the walk, each of the five moves is
    /// stepped by the game and by the compact state (decoded once, then
    /// marked, applied and undone move by move); they must agree on whether
    /// the move is taken, the key, the player's word pushes, and the forbidden
    /// and required rules, and undo must give the parent's key back.
    /// The forbidden and required rules every walk checks.
    fn constraints() -> (Vec<String>, Vec<String>) {
        (
            vec!["ROCK IS PUSH".to_string(), "MIAU IS ROCK".to_string()],
            vec!["FLAG IS WIN".to_string(), "MIAU IS YOU".to_string(), "ROCK IS FLAG".to_string()],
        )
    }

    /// A random walk of `steps` parents on one level: from each, each of the
    /// five moves is stepped by the game and by the compact state (decoded
    /// once, then marked, applied and undone move by move); they must agree on
    /// whether the move is taken, the key, the player's word pushes, and the
    /// forbidden and required rules, and undo must give the parent's key back.
    /// Counts the moves compared and, in `seen`, the kinds of change met.
    /// False when the level is not one the compact state takes.
    /// Counts in `shared` the placements met that share a reading with an
    /// earlier one.
    fn walk(
        id: &str,
        setup: &Setup,
        steps: u32,
        seed: u64,
        seen: &mut [u32; 11],
        compared: &mut u32,
        shared: &mut u32,
    ) -> bool {
        let (forbid, require) = constraints();
        let start = Miau::start(setup, 0).unwrap();
        let keyer = Keyer::new(&start);
        let Some(level) = Level::new(&start, &keyer, &forbid, &require, None) else { return false };
        let mut c = Compact::new(&level);
        let mut rng = Rng::stream(seed, id);
        let mut s = start.clone();
        // Whether `s` is where a turn ended (not the level's start).
        let mut turned = false;
        for step in 0..steps {
            let mut key = Vec::new();
            keyer.key(&s, &mut key);
            c.decode(&key);
            let mut again = Vec::new();
            c.key(&mut again);
            assert_eq!(again, key, "{id} step {step}: decode then key");
            // The solver skips such a wait: the game must agree it changes nothing.
            let idle = turned && c.wait_is_idle();
            let mut taken = Vec::new();
            for a in MOVES {
                let mut t = s.clone();
                let mut pushed = false;
                let game = Miau::apply_in_place(&mut t, &a, Some(&mut pushed)).is_ok();
                let mark = c.mark();
                let mut fast_pushed = false;
                let fast = c.apply(a.delta(), &mut fast_pushed);
                assert_eq!(fast, game, "{id} step {step} {a:?}: taken");
                if game {
                    let mut want = Vec::new();
                    keyer.key(&t, &mut want);
                    let mut got = Vec::new();
                    c.key(&mut got);
                    assert_eq!(got, want, "{id} step {step} {a:?}: the key");
                    assert_eq!(fast_pushed, pushed, "{id} step {step} {a:?}: the player pushed a word");
                    let texts = t.rules.texts();
                    assert_eq!(
                        c.banned(),
                        forbid.iter().any(|r| texts.contains(r)),
                        "{id} step {step} {a:?}: forbidden"
                    );
                    let formed =
                        require.iter().enumerate().filter(|(_, r)| texts.contains(r)).fold(0u8, |m, (i, _)| m | 1 << i);
                    assert_eq!(c.formed(), formed, "{id} step {step} {a:?}: formed");
                    assert_eq!(c.words(), t.board.things.iter().filter(|t| matches!(t.kind, Kind::Word(_))).count());
                    seen[0] += u32::from(t.won);
                    seen[1] += u32::from(t.board.things.len() < s.board.things.len());
                    seen[2] += u32::from(
                        t.board.things.iter().zip(&s.board.things).any(|(a, b)| a.id == b.id && a.kind != b.kind),
                    );
                    seen[3] += u32::from(pushed);
                    seen[4] += u32::from(c.formed() != 0 && c.formed() != 7);
                    seen[5] += u32::from(c.banned());
                    seen[6] += u32::from(
                        t.board.things.iter().zip(&s.board.things).any(|(a, b)| a.id == b.id && a.open != b.open),
                    );
                    seen[7] += u32::from(t.phases != s.phases);
                    seen[8] += u32::from(t.board.things.iter().any(|a| {
                        a.kind == Kind::Object(Name::new("shoal"))
                            && s.board.things.iter().any(|b| b.id == a.id && b.kind != a.kind)
                    }));
                    seen[9] += u32::from(!t.pairs.is_empty() && t.board.things.len() < s.board.things.len());
                    if idle && a == Action::Wait {
                        assert_eq!(want, key, "{id} step {step}: an idle wait changes nothing");
                        seen[10] += 1;
                    }
                    taken.push(t);
                    *compared += 1;
                }
                c.undo(mark);
                let mut back = Vec::new();
                c.key(&mut back);
                assert_eq!(back, key, "{id} step {step} {a:?}: undo");
            }
            // On to a random child; over when none (won, or nothing is YOU).
            turned = !taken.is_empty() && !rng.chance(1, 60);
            s = if turned { taken.swap_remove(rng.index(taken.len())) } else { start.clone() };
        }
        // Placements that read alike share one reading: no reading twice.
        for (i, r) in c.readings.iter().enumerate() {
            assert!(c.readings[i + 1..].iter().all(|o| o != r), "{id}: reading {i} is kept twice");
        }
        *shared += (c.reading_of.len() - c.readings.len()) as u32;
        true
    }

    #[test]
    fn the_compact_state_plays_every_move_as_the_game_does() {
        let mut compared = 0;
        // Moves that won, removed things, transformed things, pushed words,
        // formed some required rules, formed a forbidden one, opened or shut a
        // gate, advanced an automaton, crumbled sand into a shoal, destroyed a pair.
        let mut seen = [0u32; 11];
        let mut shared = 0;
        for (id, setup) in levels() {
            assert!(walk(&id, &setup, 1500, 7, &mut seen, &mut compared, &mut shared), "{id} is played compactly");
        }
        assert!(
            seen.iter().all(|&n| n >= 10),
            "every kind of change is seen (the walks are seeded: these counts are fixed): {seen:?}"
        );
        assert!(compared > 40_000, "{compared} moves compared");
        assert!(shared > 100, "placements share readings: {shared}");
    }

    /// A random small level (5×4 to 8×7): `MIAU IS YOU` most of the time, two
    /// to four more sentences across or down (a noun, IS, a property or a
    /// noun), things and loose words scattered, stacks now and then; plates
    /// and gates, water that leaves rock when FRAIL, a TICK automaton and an
    /// OPEN/SHUT pair now and then.
    fn random_level(rng: &mut Rng) -> Setup {
        const NOUNS: [&str; 7] = ["MIAU", "ROCK", "FLAG", "WALL", "WATER", "GATE", "ROCK"];
        const PREDICATES: [&str; 17] = [
            "YOU", "PUSH", "STOP", "WIN", "SINK", "DEFEAT", "FLOAT", "GOAL", "FRAIL", "PUSH", "WIN", "ROCK", "FLAG",
            "MIAU", "TICK", "OPEN", "SHUT",
        ];
        const LOOSE: [&str; 8] = ["IS", "AND", "WIN", "PUSH", "ROCK", "YOU", "OPEN", "TICK"];
        const THINGS: [&str; 7] = ["m", "r", "f", "w", "a", "p", "g"];
        let (w, h) = (5 + rng.below(4) as usize, 4 + rng.below(4) as usize);
        let mut cells = vec![".".to_string(); w * h];
        let put = |cells: &mut Vec<String>, at: usize, part: &str, stack: bool| {
            cells[at] = if cells[at] == "." || !stack { part.to_string() } else { format!("{}+{part}", cells[at]) };
        };
        let sentence = |cells: &mut Vec<String>, rng: &mut Rng, words: [&str; 3]| {
            let across = rng.chance(1, 2);
            let (x, y) = if across { (rng.index(w - 2), rng.index(h)) } else { (rng.index(w), rng.index(h - 2)) };
            for (k, word) in words.iter().enumerate() {
                let at = if across { y * w + x + k } else { (y + k) * w + x };
                put(cells, at, word, false);
            }
        };
        if rng.chance(4, 5) {
            sentence(&mut cells, rng, ["MIAU", "IS", "YOU"]);
        }
        for _ in 0..2 + rng.below(3) {
            let words = [NOUNS[rng.index(NOUNS.len())], "IS", PREDICATES[rng.index(PREDICATES.len())]];
            sentence(&mut cells, rng, words);
        }
        for _ in 0..3 + rng.below(6) {
            let at = rng.index(w * h);
            let stack = rng.chance(1, 4);
            put(&mut cells, at, THINGS[rng.index(THINGS.len())], stack);
        }
        for _ in 0..rng.below(4) {
            let at = rng.index(w * h);
            put(&mut cells, at, LOOSE[rng.index(LOOSE.len())], false);
        }
        if !cells.iter().any(|c| c.split('+').any(|p| p == "m")) {
            let at = rng.index(w * h);
            put(&mut cells, at, "m", true);
        }
        let grid = cells.chunks(w).map(|row| row.join(" ")).collect::<Vec<_>>().join(" / ");
        let legend = [
            ("m", "miau"),
            ("r", "rock"),
            ("f", "flag"),
            ("w", "wall"),
            ("a", "water>rock"),
            ("p", "plate:amber"),
            ("g", "gate:amber"),
        ]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
        let terrain = if rng.chance(1, 3) { vec!["wall".to_string()] } else { Vec::new() };
        // TICK and OPEN/SHUT are the level's custom words half the time (else plain nouns).
        let pairs = if rng.chance(1, 2) {
            vec![Pair { words: ["OPEN".into(), "SHUT".into()], enter: rng.chance(1, 2) }]
        } else {
            vec![]
        };
        let automata = if rng.chance(1, 2) {
            let steps = [Step::Move(1, 0), Step::Move(-1, 0), Step::Move(0, 1), Step::Move(0, -1), Step::Wait];
            let pattern: Vec<Step> = (0..1 + rng.below(5)).map(|_| steps[rng.index(steps.len())]).collect();
            let subject = if rng.chance(1, 2) { Some("rock".to_string()) } else { None };
            vec![Automaton {
                id: "tick".into(),
                subject,
                property: "TICK".into(),
                phase: rng.below(pattern.len() as u32),
                pattern,
            }]
        } else {
            vec![]
        };
        Setup { grid, legend, terrain, pairs, automata }
    }

    #[test]
    fn random_levels_play_the_same_on_the_compact_state() {
        // 600 generated levels (seeded, so the same every run), 150 parents each.
        let mut rng = Rng::stream(2026, "random miau levels");
        let (mut compared, mut seen) = (0, [0u32; 11]);
        for n in 0..600 {
            let setup = random_level(&mut rng);
            assert!(
                walk(&format!("random-{n}: {}", setup.grid), &setup, 150, n, &mut seen, &mut compared, &mut 0),
                "{}",
                setup.grid
            );
        }
        assert!(compared > 80_000, "{compared} moves compared");
        assert!(
            seen[..8].iter().all(|&n| n >= 20),
            "wins, removals, transformations, word pushes, rules formed and forbidden, gates, automata: {seen:?}"
        );
        assert!(seen[10] >= 1_000, "waits the solver skips, checked against the game: {}", seen[10]);
    }

    #[test]
    fn generated_levels_get_the_same_answers_from_both_engines() {
        use super::super::solver::{solve_with, Options};
        let mut rng = Rng::stream(2027, "random miau levels for the solver");
        for n in 0..60 {
            let setup = random_level(&mut rng);
            for opts in [
                Options { max_states: 3_000, ..Options::default() },
                Options {
                    max_states: 3_000,
                    hands_off: true,
                    require: vec!["FLAG IS WIN".into()],
                    threads: 2,
                    batch: 50,
                    ..Options::default()
                },
            ] {
                let compact = solve_with(&setup, &opts, &mut crate::hashing::CpuHasher).unwrap();
                let general =
                    solve_with(&setup, &Options { general: true, ..opts.clone() }, &mut crate::hashing::CpuHasher)
                        .unwrap();
                assert_eq!(compact, general, "level {n}: {} under {opts:?}", setup.grid);
            }
        }
    }
}
