//! The compact state itself: the things as byte arrays and bit sets, the
//! key kept up to date with every change, decoding a key, and the undo log
//! (a mark, then only what changed put back).

use super::super::board::Prop;
use super::super::key::eight_bytes;
use super::level::{bit, Level, Reading, Set, GONE, NO_BYTE, READINGS_KEPT};

/// Where an undo goes back to.
#[derive(Clone, Copy)]
pub struct Mark {
    pub(super) log: usize,
    pub(super) won: bool,
    pub(super) reading: u32,
    pub(super) moved_words: bool,
    pub(super) word_moves: u8,
    pub(super) last_word: u8,
    pub(super) last_from: (u8, u8),
}

/// One change, for undo: a thing's place and kind, a gate's state, or an automaton's phase.
#[derive(Clone, Copy)]
pub(super) enum Change {
    /// Thing, column, row, kind before.
    Place(u8, u8, u8, u8),
    /// Thing, open before.
    Open(u8, bool),
    /// Automaton, phase before.
    Phase(u8, u8),
}

/// One thread's compact state of a level, with its readings.
pub struct Compact<'a> {
    pub(super) level: &'a Level,
    pub(super) x: Vec<u8>,
    pub(super) y: Vec<u8>,
    pub(super) kind: Vec<u8>,
    /// Per thing: open (gates; kept for every channelled thing, as the game does).
    pub(super) open: Vec<bool>,
    /// Per automaton: its phase.
    pub(super) phases: Vec<u8>,
    /// The key, kept up to date with every change (the win flag last).
    pub(super) key: Vec<u8>,
    /// The things in each cell (row by row).
    pub(super) cells: Vec<Set>,
    /// The things on the board of each kind.
    pub(super) of_kind: Vec<Set>,
    pub(super) won: bool,
    /// Index into `readings`: the rules in force.
    pub(super) reading: u32,
    /// A word moved or went since the rules were read.
    pub(super) moved_words: bool,
    /// Word moves since the rules were read (up to 255), and the last word
    /// that moved and where from.
    pub(super) word_moves: u8,
    pub(super) last_word: u8,
    pub(super) last_from: (u8, u8),
    pub(super) readings: Vec<Reading>,
    /// Every word placement met, one after the other (`places.len()` bytes
    /// each; [`placement`] gives the `p`th).
    pub(super) placed: Vec<u8>,
    /// Each placement's reading (in the order of `placed`).
    pub(super) reading_of: Vec<u32>,
    /// Placements by their words' places: placement numbers, found by the
    /// FxHash of a placement and compared in `placed`; looked up, never
    /// iterated, so nothing in it can depend on the run. A table of 4-byte
    /// entries stays in the processor's cache where a map of owned keys (a
    /// pointer each to a block of its own) missed it twice a lookup.
    pub(super) known: hashbrown::HashTable<u32>,
    /// Readings by their tables (the FxHash of a reading, compared whole):
    /// placements that read the same share one reading, so the rules'
    /// tables in use stay few (the bench level: 10,833 placements at 8 M
    /// states, 4 readings), and stay in the cache.
    pub(super) distinct: hashbrown::HashTable<u32>,
    /// What changed, for undo.
    pub(super) log: Vec<Change>,
    /// Scratch: the words' placement.
    pub(super) places: Vec<u8>,
    /// Scratch: the YOU things (or an automaton's actors) in the order they move.
    pub(super) movers: Vec<usize>,
    /// Scratch: where each thing stood at the start of the turn (FRAIL).
    pub(super) was: Vec<(u8, u8)>,
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

    /// Whether every word stands where it started (none moved, none gone):
    /// what the BYPASS search keeps.
    pub fn words_unmoved(&self) -> bool {
        self.level.words.iter().all(|&i| (self.x[i], self.y[i]) == (self.level.start[i].0, self.level.start[i].1))
    }

    /// Words on the board.
    pub fn words(&self) -> usize {
        self.level.words.iter().filter(|&&i| self.x[i] != GONE).count()
    }

    /// Moves thing `i` (or removes it: `x == GONE`) and gives it kind `k`, without logging.
    pub(super) fn place(&mut self, i: usize, x: u8, y: u8, k: u8) {
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
    pub(super) fn put_open(&mut self, i: usize, open: bool) {
        self.open[i] = open;
        if let Some(j) = self.level.chan_slot[i] {
            self.key[self.level.chan_base() + j] = if self.x[i] == GONE { GONE } else { u8::from(open) };
        }
    }

    /// Sets an automaton's phase, without logging.
    pub(super) fn put_phase(&mut self, a: usize, p: u8) {
        self.phases[a] = p;
        self.key[self.level.phase_base() + a] = p;
    }

    /// Moves, removes or transforms thing `i`, logging what it was.
    pub(super) fn set(&mut self, i: usize, x: u8, y: u8, k: u8) {
        self.log.push(Change::Place(i as u8, self.x[i], self.y[i], self.kind[i]));
        if self.level.word[i] {
            self.word_moved(i);
        }
        self.place(i, x, y, k);
    }

    /// Thing `i`'s properties under the rules in force.
    pub(super) fn props(&self, i: usize) -> u16 {
        self.rules().props[self.kind[i] as usize]
    }

    /// The things on the board with any of `props`: the kinds that have
    /// each are listed per reading, so this looks at those kinds only.
    pub(super) fn with(&self, props: u16) -> Set {
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
    pub(super) fn of_kinds(&self, pick: impl Fn(usize) -> bool) -> Set {
        self.of_kind.iter().enumerate().filter(|&(k, _)| pick(k)).fold(0, |s, (_, set)| s | set)
    }

    /// The things in thing `i`'s cell.
    pub(super) fn cell_of(&self, i: usize) -> Set {
        self.cells[self.y[i] as usize * self.level.w as usize + self.x[i] as usize]
    }

    /// The things of `set` on the FLOAT layer `float`.
    pub(super) fn on_layer(&self, set: Set, float: bool) -> Set {
        let floating = self.with(bit(Prop::Float));
        if float {
            set & floating
        } else {
            set & !floating
        }
    }

    /// Thing `i` is a gate in a circuit.
    pub(super) fn is_gate(&self, i: usize) -> bool {
        self.level.chan[i].is_some() && self.level.gate_kind[self.kind[i] as usize]
    }
}
