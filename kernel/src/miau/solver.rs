//! The solver: breadth-first search over U, D, L, R and W, so a found solution
//! is a shortest one. Each layer's new states are keyed by fixed-length bytes
//! ([`Layout`]) and hashed through a `FrontierHasher` (BLAKE3 on the CPU, or
//! the GPU's twin): the answers are identical with every backend.
//!
//! Bytes kept per visited state: 16 (the first 16 bytes of the key's BLAKE3,
//! in an open-addressed visited table kept between 7/16 and 7/8 full, in one
//! shard per thread) + 4 (the parent index and the move packed in one `u32`,
//! in a vector that at most doubles): 22 to 45 bytes, never more than 48. The
//! frontier is kept as keys; a state is rebuilt from its key to be expanded
//! (the rules at the end of a turn are always the reading of its board, so
//! nothing else is needed), in batches of parents, each batch split in fixed
//! chunks over `Options::threads` threads: every thread count and batch size
//! gives the same answer. Each thread steps the solver's compact state
//! ([`super::fast`]) in place and undoes each move; levels it does not take
//! step one child `State` per thread, reset from its parent
//! (`State::reset_from`). A child whose key is its parent's is not hashed.

use super::board::{Kind, Name};
use super::fast::Compact;
use super::{Action, Miau, Setup, State};
use crate::game::{Game, Rejection};
use crate::hashing::FrontierHasher;
/// Rule readings by word places, remembered while a layer chunk is expanded
/// (most states differ only in where the non-words are).
type Readings = std::collections::BTreeMap<Vec<(i32, i32)>, std::sync::Arc<super::rules::RuleSet>>;
/// Parents expanded at once by default: their children (at most 5 each)
/// wait, keyed, to be hashed together.
pub const BATCH: u32 = 16_384;
/// At most this many readings are remembered at once.
const READINGS_KEPT: usize = 4096;

/// One shard of the visited set: 16-byte fingerprints in an open-addressed
/// table with linear probing, grown (doubled) when 7/8 full.
struct Table {
    slots: Vec<[u8; 16]>,
    len: usize,
    /// The all-zero fingerprint marks an empty slot, so it is kept aside.
    has_zero: bool,
}

impl Table {
    fn new() -> Table {
        Table { slots: vec![[0; 16]; 1024], len: 0, has_zero: false }
    }

    /// Inserts; false when it was already there.
    fn insert(&mut self, h: [u8; 16]) -> bool {
        if h == [0; 16] {
            return !std::mem::replace(&mut self.has_zero, true);
        }
        if (self.len + 1) * 8 > self.slots.len() * 7 {
            let grown = vec![[0; 16]; self.slots.len() * 2];
            let old = std::mem::replace(&mut self.slots, grown);
            self.len = 0;
            for o in old.into_iter().filter(|o| *o != [0; 16]) {
                self.place(o);
            }
        }
        self.place(h)
    }

    fn place(&mut self, h: [u8; 16]) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = u64::from_le_bytes(h[..8].try_into().expect("8 bytes")) as usize & mask;
        loop {
            if self.slots[i] == [0; 16] {
                self.slots[i] = h;
                self.len += 1;
                return true;
            }
            if self.slots[i] == h {
                return false;
            }
            i = (i + 1) & mask;
        }
    }
}

/// The visited set, in shards by the fingerprint's last byte, so that one
/// thread a shard can insert a batch at once. Whether a fingerprint is new
/// does not depend on the shards: each keeps the batch's order.
struct Visited {
    shards: Vec<Table>,
}

impl Visited {
    fn new(shards: usize) -> Visited {
        Visited { shards: (0..shards.max(1)).map(|_| Table::new()).collect() }
    }

    /// Inserts; false when it was already there.
    fn insert(&mut self, h: [u8; 16]) -> bool {
        let n = self.shards.len();
        self.shards[h[15] as usize % n].insert(h)
    }

    /// Inserts a batch in order (its pieces one after the other); whether each was new.
    fn insert_all(&mut self, pieces: &[&[[u8; 16]]]) -> Vec<bool> {
        let n = self.shards.len();
        let total: usize = pieces.iter().map(|p| p.len()).sum();
        let prints = || pieces.iter().flat_map(|p| p.iter());
        if n == 1 || total < 1024 {
            return prints().map(|&h| self.insert(h)).collect();
        }
        let fresh: Vec<Vec<usize>> = std::thread::scope(|sc| {
            let handles: Vec<_> = self
                .shards
                .iter_mut()
                .enumerate()
                .map(|(k, table)| {
                    sc.spawn(move || {
                        prints()
                            .enumerate()
                            .filter(|(_, h)| h[15] as usize % n == k && table.insert(**h))
                            .map(|(j, _)| j)
                            .collect()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("an inserting thread does not panic")).collect()
        });
        let mut new = vec![false; total];
        for j in fresh.into_iter().flatten() {
            new[j] = true;
        }
        new
    }
}

#[cfg(test)]
mod visited_tests {
    use super::*;

    #[test]
    fn the_visited_table_finds_duplicates_across_growth_and_keeps_its_bound() {
        let mut v = Table::new();
        let fp = |i: u32| {
            let h = blake3::hash(&i.to_le_bytes());
            <[u8; 16]>::try_from(&h.as_bytes()[..16]).unwrap()
        };
        for i in 0..20_000 {
            assert!(v.insert(fp(i)), "{i} is new");
        }
        for i in (0..20_000).step_by(7) {
            assert!(!v.insert(fp(i)), "{i} was seen");
        }
        assert!(v.insert([0; 16]) && !v.insert([0; 16]), "the empty marker is a fingerprint too");
        assert_eq!(v.len, 20_000);
        assert!(v.slots.len() * 7 >= v.len * 8, "never more than 7/8 full");
        for n in (1..5_000_000u64).step_by(9_973).chain([1 << 20, (1 << 20) + 1, 917_505]) {
            assert!(stored_bytes(n) <= MAX_STORED_BYTES_PER_STATE * n.max(1024), "{n}: {}", stored_bytes(n));
        }
    }
}

/// A chunk's children in order: (parent index, move, won), their keys, and
/// (with the CPU hasher) their fingerprints.
type Expanded = (Vec<(u32, u8, bool)>, Vec<u8>, Vec<[u8; 16]>);

/// Keeps the child whose key was just written at `from` in `e`'s keys, with
/// its fingerprint when this thread hashes, unless the key is its parent's:
/// that state is visited already (waiting often changes nothing).
fn keep_child(e: &mut Expanded, from: usize, parent: &[u8], index: u32, m: usize, won: bool, local_hash: bool) {
    if e.1[from..] == *parent {
        e.1.truncate(from);
        return;
    }
    if local_hash {
        // The CPU's BLAKE3, here on this thread: the bytes hash_batch would give.
        e.2.push(fingerprint(blake3::hash(&e.1[from..]).as_bytes()));
    }
    e.0.push((index, m as u8, won));
}

/// The visited table's fingerprint of a state: the first 16 bytes of its key's hash.
fn fingerprint(h: &[u8; 32]) -> [u8; 16] {
    h[..16].try_into().expect("16 of 32 bytes")
}

/// Parent links: the parent's index in the low 29 bits, the move above.
const INDEX_BITS: u32 = 29;
/// The most states a search may visit (the parent index's range).
pub const MAX_STATES: u64 = 1 << INDEX_BITS;

/// The moves, in the order they are tried.
pub const MOVES: [Action; 5] = [Action::Up, Action::Down, Action::Left, Action::Right, Action::Wait];

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A shortest solution and the states visited.
    Solved {
        /// The moves.
        moves: Vec<Action>,
        /// States visited.
        states: u64,
    },
    /// Every reachable state was visited and none wins: a proof.
    Unsolved {
        /// States visited.
        states: u64,
    },
    /// The budget ran out first: no proof either way.
    Limit {
        /// States visited.
        states: u64,
    },
}

impl Verdict {
    /// `SOLVED <n> <moves>`, `UNSOLVED <states>` or `LIMIT <states>`.
    pub fn line(&self) -> String {
        match self {
            Verdict::Solved { moves, .. } => format!("SOLVED {} {}", moves.len(), moves_text(moves)),
            Verdict::Unsolved { states } => format!("UNSOLVED {states}"),
            Verdict::Limit { states } => format!("LIMIT {states}"),
        }
    }
}

/// Moves as `UDLRW` letters.
pub fn moves_text(moves: &[Action]) -> String {
    moves
        .iter()
        .map(|a| match a {
            Action::Up => 'U',
            Action::Down => 'D',
            Action::Left => 'L',
            Action::Right => 'R',
            Action::Wait => 'W',
        })
        .collect()
}

/// Where a key's bytes are. A key is, in this order: each thing's cell (of
/// the start state's things that can change, by stable id; see [`is_static`]: `row × width + column`, one byte
/// when the board has fewer than 255 cells, else two, little-endian; all ones
/// when the thing is gone); each object's noun (words never change), an index
/// into the level's nouns, two to a byte (low half first) when a level has at
/// most 16 nouns, else a byte each (0 when gone); a byte per channelled thing
/// (a gate's `open`; `FF` when gone); a byte per automaton (its phase); the
/// win flag. The solver appends the required-rules mask. All keys of a level
/// have the same length; on the bench level (39 things, 27 objects) it is 55
/// bytes with the mask, one BLAKE3 block.
#[derive(Clone)]
pub struct Layout {
    /// Board width.
    w: i32,
    /// Things.
    n: usize,
    /// Bytes per cell: 1 or 2.
    cell_bytes: usize,
    /// Per thing: its slot among the objects (`None` for a word).
    slot: Vec<Option<usize>>,
    /// Objects.
    objects: usize,
    /// Nouns two to a byte.
    nibbles: bool,
}

impl Layout {
    /// The layout of a level with `w × h` cells, `words` telling which things are words, and `nouns` nouns.
    pub fn new(w: i32, h: i32, words: &[bool], nouns: usize) -> Layout {
        let mut objects = 0;
        let slot = words
            .iter()
            .map(|&word| {
                (!word).then(|| {
                    objects += 1;
                    objects - 1
                })
            })
            .collect();
        Layout { w, n: words.len(), cell_bytes: if w * h < 255 { 1 } else { 2 }, slot, objects, nibbles: nouns <= 16 }
    }

    /// Bytes of the cells and nouns (what the things take).
    pub fn things_len(&self) -> usize {
        self.n * self.cell_bytes + if self.nibbles { self.objects.div_ceil(2) } else { self.objects }
    }

    /// Thing `i`'s cell, `None` when gone.
    pub fn cell(&self, key: &[u8], i: usize) -> Option<(i32, i32)> {
        let c = if self.cell_bytes == 1 {
            if key[i] == 0xFF {
                return None;
            }
            i32::from(key[i])
        } else {
            let c = u16::from_le_bytes([key[2 * i], key[2 * i + 1]]);
            if c == u16::MAX {
                return None;
            }
            i32::from(c)
        };
        Some((c % self.w, c / self.w))
    }

    /// Writes thing `i`'s cell (`None`: gone).
    pub fn put_cell(&self, key: &mut [u8], i: usize, at: Option<(i32, i32)>) {
        let c = at.map_or(u16::MAX, |(x, y)| (y * self.w + x) as u16);
        if self.cell_bytes == 1 {
            key[i] = c as u8;
        } else {
            key[2 * i..2 * i + 2].copy_from_slice(&c.to_le_bytes());
        }
    }

    /// Thing `i`'s noun index (0 for a word).
    pub fn noun(&self, key: &[u8], i: usize) -> u8 {
        let Some(s) = self.slot[i] else { return 0 };
        let base = self.n * self.cell_bytes;
        if self.nibbles {
            (key[base + s / 2] >> (4 * (s % 2))) & 0xF
        } else {
            key[base + s]
        }
    }

    /// Writes thing `i`'s noun index (nothing for a word).
    pub fn put_noun(&self, key: &mut [u8], i: usize, k: u8) {
        let Some(s) = self.slot[i] else { return };
        let base = self.n * self.cell_bytes;
        if self.nibbles {
            let shift = 4 * (s % 2);
            key[base + s / 2] = (key[base + s / 2] & !(0xF << shift)) | (k & 0xF) << shift;
        } else {
            key[base + s] = k;
        }
    }
}

/// Whether thing `i` of `start` can never change: an object without a
/// channel whose noun has no word on the board (so no rule can name it: it
/// never moves, is never pushed and never becomes anything else, and nothing
/// can become it), which nothing can destroy either: no SINK word is on the
/// board, or it is terrain (STOP whatever happens, since no rule can name it)
/// alone in its cell, so nothing ever shares its cell. Walls sealed by terrain
/// are the usual case. Such things are left out of the key.
pub fn is_static(start: &State, i: usize) -> bool {
    use super::board::{Prop, Word};
    let things = &start.board.things;
    let t = &things[i];
    let Kind::Object(noun) = t.kind else { return false };
    let on_board = |w: Word| things.iter().any(|o| o.kind == Kind::Word(w));
    if t.channel.is_some() || on_board(Word::Noun(noun)) {
        return false;
    }
    let terrain = start.terrain.iter().any(|n| n.as_str() == noun.as_str());
    let alone = things.iter().enumerate().all(|(j, o)| j == i || (o.x, o.y) != (t.x, t.y));
    !on_board(Word::Prop(Prop::Sink)) || (terrain && alone)
}

/// Keys of the game's states (see [`Layout`] for the bytes).
pub struct Keyer {
    /// Every noun an object may have: its noun at the start, every noun word's, every leftover.
    pub(super) nouns: Vec<super::board::Name>,
    layout: Layout,
    /// Per thing: its place among the keyed things, `None` for a static one
    /// (see [`is_static`]: it never changes, so the key leaves it out).
    pub(super) slot: Vec<Option<usize>>,
    ids: Vec<super::board::Name>,
    /// Per id: whether it has a channel (a gate's `open` is part of the state).
    chan: Vec<bool>,
    /// Automata: one phase byte each (patterns hold at most 32 steps).
    automata: usize,
    /// Per thing: its noun's index at the start (0 for a word).
    first: Vec<u8>,
}

impl Keyer {
    pub(super) fn new(start: &State) -> Keyer {
        let things = &start.board.things;
        let mut nouns: Vec<super::board::Name> = Vec::new();
        for t in things {
            match t.kind {
                Kind::Object(n) | Kind::Word(super::board::Word::Noun(n)) => nouns.push(n),
                Kind::Word(_) => {}
            }
        }
        // And every leftover of a crumbling noun.
        nouns.extend(start.board.leaves.iter().map(|(_, l)| super::board::Name::new(l)));
        nouns.sort();
        nouns.dedup();
        let mut slot = vec![None; things.len()];
        let mut words = Vec::new();
        for (i, t) in things.iter().enumerate() {
            if !is_static(start, i) {
                slot[i] = Some(words.len());
                words.push(matches!(t.kind, Kind::Word(_)));
            }
        }
        Keyer {
            layout: Layout::new(start.board.w, start.board.h, &words, nouns.len()),
            slot,
            ids: things.iter().map(|t| t.id).collect(),
            chan: things.iter().map(|t| t.channel.is_some()).collect(),
            automata: start.phases.len(),
            first: things
                .iter()
                .map(|t| if let Kind::Object(n) = t.kind { nouns.binary_search(&n).unwrap_or(0) as u8 } else { 0 })
                .collect(),
            nouns,
        }
    }

    /// The key layout.
    pub(super) fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Bytes per key.
    pub fn len(&self) -> usize {
        self.layout.things_len() + self.chan.iter().filter(|&&c| c).count() + self.automata + 1
    }

    /// Always false: a level has at least its win flag.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The state a key stands for: the start state's things by id (those gone
    /// left out) with the key's places, nouns and gate states, the key's
    /// phases and win flag, and the rules read again off that board. The
    /// rules at the end of a turn are always the reading of its final board
    /// (every change of the board is followed by a reading; gates change no
    /// word), so the state steps exactly as the one that made the key.
    fn decode(&self, s: &mut State, start: &State, nouns: &[super::board::Name], key: &[u8], readings: &mut Readings) {
        // `s` is a scratch state of this level: its buffers are reused.
        let l = &self.layout;
        let mut at = l.things_len();
        s.board.things.clear();
        for (i, (t, &chan)) in start.board.things.iter().zip(&self.chan).enumerate() {
            let open = if chan {
                at += 1;
                key[at - 1] == 1
            } else {
                t.open
            };
            let Some(j) = self.slot[i] else {
                s.board.things.push(*t); // Static: as at the start.
                continue;
            };
            let Some((x, y)) = l.cell(key, j) else { continue };
            let mut t = *t;
            (t.x, t.y) = (x, y);
            if let Kind::Object(_) = t.kind {
                t.kind = Kind::Object(nouns[l.noun(key, j) as usize]);
            }
            t.open = open;
            s.board.things.push(t);
        }
        for p in s.phases.iter_mut() {
            *p = u32::from(key[at]);
            at += 1;
        }
        s.won = key[at] == 1;
        // The scratch's reading holds while the words stand where it was made;
        // other word places are read once per layer chunk and remembered.
        let places = s.board.word_places();
        if s.read_words.as_deref() != Some(&places) {
            let rules = match readings.get(&places) {
                Some(r) => r.clone(),
                None => {
                    let custom: Vec<String> =
                        s.pair_words.iter().flatten().chain(s.automaton_words.iter()).cloned().collect();
                    let r = std::sync::Arc::new(super::rules::parse_with(&s.board, &s.terrain, &custom));
                    if readings.len() >= READINGS_KEPT {
                        readings.clear();
                    }
                    readings.insert(places.clone(), r.clone());
                    r
                }
            };
            s.rules = rules;
            s.read_words = Some(std::sync::Arc::new(places));
        }
    }

    /// Things keep their start order (removal and transformation never reorder
    /// them), so one merge pass over ids and things gives the key.
    pub(super) fn key(&self, s: &State, out: &mut Vec<u8>) {
        let l = &self.layout;
        let from = out.len();
        out.resize(from + l.things_len(), 0);
        let bytes = &mut out[from..];
        let mut gates = Vec::new();
        let mut things = s.board.things.iter().peekable();
        for (i, (id, &chan)) in self.ids.iter().zip(&self.chan).enumerate() {
            let t = things.next_if(|t| &t.id == id);
            let Some(j) = self.slot[i] else { continue };
            l.put_cell(bytes, j, t.map(|t| (t.x, t.y)));
            if let Some(Kind::Object(n)) = t.map(|t| t.kind) {
                // Most objects keep their start noun: tried first.
                let first = self.first[i] as usize;
                let k = if self.nouns.get(first) == Some(&n) {
                    first
                } else {
                    self.nouns.binary_search(&n).expect("kernel invariant: an object's noun is a listed noun")
                };
                l.put_noun(bytes, j, k as u8);
            }
            // A gate's state, or FF when it is gone (no allocation without gates).
            if chan {
                gates.push(t.map_or(0xFF, |t| t.open as u8));
            }
        }
        out.extend(gates);
        out.extend(s.phases.iter().map(|&p| p as u8));
        out.push(s.won as u8);
    }
}

/// Bytes stored per visited state, on average: a 16-byte fingerprint in the
/// visited table (at a load of 7/16 to 7/8) and a 4-byte parent link (in a
/// vector that at most doubles). Between 22 and 45; this is the midpoint, for
/// progress displays. The frontier's keys come on top.
pub const STORED_BYTES_PER_STATE: u64 = 34;
/// The most bytes stored per visited state (the table just grown, the parent
/// vector just doubled).
pub const MAX_STORED_BYTES_PER_STATE: u64 = 45;

/// Search constraints.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The most states to visit.
    pub max_states: u64,
    /// Rules that may never be active (`"FLAG IS WIN"`).
    pub forbid: Vec<String>,
    /// Rules a solution must form at some point (at most 8).
    pub require: Vec<String>,
    /// No word may be destroyed.
    pub no_word_loss: bool,
    /// The player's pushes may never move a word.
    pub hands_off: bool,
    /// Threads expanding each layer (0 or 1: one). Every count gives the same answer.
    pub threads: u32,
    /// Parents expanded at once (0: [`BATCH`]). Every size gives the same answer.
    pub batch: u32,
    /// Step the game's own `State` even where the solver's compact state
    /// ([`super::fast`]) could: slower, and the same answers (for tests and
    /// the side-by-side bench).
    pub general: bool,
}

/// Checks a rule text (`X IS Y`) and returns it in the rule set's form.
pub fn rule_text(text: &str) -> Result<String, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let ok = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    match words.as_slice() {
        [x, is, y] if is.eq_ignore_ascii_case("is") && ok(x) && ok(y) => {
            Ok(format!("{} IS {}", x.to_uppercase(), y.to_uppercase()))
        }
        _ => Err(format!("'{text}' is not a rule: write it as NOUN IS PROPERTY or NOUN IS NOUN, e.g. \"FLAG IS WIN\"")),
    }
}

/// Solves a level, visiting at most `max_states` states.
pub fn solve(setup: &Setup, max_states: u64, hasher: &mut dyn FrontierHasher) -> Result<Verdict, Rejection> {
    solve_with(setup, &Options { max_states, ..Options::default() }, hasher)
}

/// How many words are on the board.
fn word_count(s: &State) -> usize {
    s.board.things.iter().filter(|t| matches!(t.kind, Kind::Word(_))).count()
}

/// Solves a level under constraints.
pub fn solve_with(setup: &Setup, opts: &Options, hasher: &mut dyn FrontierHasher) -> Result<Verdict, Rejection> {
    solve_watched(setup, opts, hasher, &mut |_| {})
}

/// [`solve_with`], calling `watch` with the number of states visited after
/// every breadth-first layer (for a progress display; the kernel does no I/O).
pub fn solve_watched(
    setup: &Setup,
    opts: &Options,
    hasher: &mut dyn FrontierHasher,
    watch: &mut dyn FnMut(u64),
) -> Result<Verdict, Rejection> {
    solve_from(&Miau::start(setup, 0)?, opts, hasher, watch)
}

/// [`solve_watched`] from a state in play rather than the level's start (a
/// hint from where the player stands): the moves from there, and the states
/// visited from there. A state already won needs no move.
pub fn solve_from(
    start: &State,
    opts: &Options,
    hasher: &mut dyn FrontierHasher,
    watch: &mut dyn FnMut(u64),
) -> Result<Verdict, Rejection> {
    let forbid: Vec<String> =
        opts.forbid.iter().map(|r| rule_text(r)).collect::<Result<_, _>>().map_err(Rejection::new)?;
    let require: Vec<String> =
        opts.require.iter().map(|r| rule_text(r)).collect::<Result<_, _>>().map_err(Rejection::new)?;
    if require.len() > 8 {
        return Err(Rejection::new("at most 8 required rules"));
    }
    let max_states = opts.max_states;
    let formed = |s: &State, before: u8| -> u8 {
        if require.is_empty() {
            return before;
        }
        let texts = s.rules.texts();
        require.iter().enumerate().fold(before, |m, (i, r)| if texts.contains(r) { m | 1 << i } else { m })
    };
    let all_formed = if require.is_empty() { 0 } else { u8::MAX >> (8 - require.len()) };
    let banned = |s: &State| -> bool {
        if forbid.is_empty() {
            return false;
        }
        let texts = s.rules.texts();
        forbid.iter().any(|r| texts.contains(r))
    };
    let start = start.clone();
    if banned(&start) {
        return Ok(Verdict::Unsolved { states: 1 });
    }
    let start_mask = formed(&start, 0);
    if start.won && start_mask == all_formed {
        return Ok(Verdict::Solved { moves: Vec::new(), states: 1 });
    }
    let words_at_start = word_count(&start);
    if start.won {
        return Ok(Verdict::Solved { moves: Vec::new(), states: 1 });
    }
    let keyer = Keyer::new(&start);
    let key_len = keyer.len() + 1;
    let mut key = Vec::with_capacity(key_len);
    keyer.key(&start, &mut key);
    key.push(start_mask);
    let first = hasher.hash_batch(&key, key_len).map_err(Rejection::new)?;
    let mut seen = Visited::new(opts.threads.max(1) as usize);
    seen.insert(first[0][..16].try_into().expect("16 bytes"));
    let max_states = max_states.min(MAX_STATES);
    // parents[i] = parent index | move << 29; index 0 is the start.
    let mut parents: Vec<u32> = vec![u32::MAX];
    // The layer is kept as keys (key_len bytes each, the last the required-rule
    // mask) with each state's index; its states are rebuilt from the keys to
    // expand them, so the frontier costs bytes, not whole states.
    let mut layer: Vec<u32> = vec![0];
    let mut layer_keys: Vec<u8> = key;
    // One chunk's children, in layer order: (parent, move, won) and their keys.
    // A template (the start state and the nouns) per thread: states share
    // their rule set and tables by reference counts, and threads sharing one
    // count would fight over its cache line.
    let local_hash = hasher.is_cpu_blake3();
    let expand = |start: &State, nouns: &[Name], ids: &[u32], keys: &[u8]| -> Expanded {
        let mut e: Expanded = (
            Vec::with_capacity(ids.len() * MOVES.len()),
            Vec::with_capacity(ids.len() * MOVES.len() * key_len),
            Vec::new(),
        );
        let mut readings = Readings::new();
        // One parent and one child, rebuilt in place for every state: no
        // state is allocated per node.
        let mut s = start.clone();
        let mut t = start.clone();
        for (index, key) in ids.iter().zip(keys.chunks(key_len)) {
            keyer.decode(&mut s, start, nouns, key, &mut readings);
            let mask = key[key_len - 1];
            for (m, a) in MOVES.iter().enumerate() {
                t.reset_from(&s);
                // HANDS-OFF: the player's own push may never move a word (an automaton's may).
                let mut pushed = false;
                if Miau::apply_in_place(&mut t, a, opts.hands_off.then_some(&mut pushed)).is_err() || banned(&t) {
                    continue;
                }
                if opts.no_word_loss && word_count(&t) < words_at_start {
                    continue;
                }
                if pushed {
                    continue;
                }
                let mask = formed(&t, mask);
                let from = e.1.len();
                keyer.key(&t, &mut e.1);
                e.1.push(mask);
                keep_child(&mut e, from, key, *index, m, t.won, local_hash);
            }
        }
        e
    };
    // The solver's own compact state, where the level allows it: stepped in
    // place and taken back with undo, the same keys as the game's state gives.
    let level = if opts.general { None } else { super::fast::Level::new(&start, &keyer, &forbid, &require) };
    let expand_fast = |c: &mut Compact, ids: &[u32], keys: &[u8]| -> Expanded {
        let mut e: Expanded = (
            Vec::with_capacity(ids.len() * MOVES.len()),
            Vec::with_capacity(ids.len() * MOVES.len() * key_len),
            Vec::new(),
        );
        for (index, key) in ids.iter().zip(keys.chunks(key_len)) {
            c.decode(key);
            let mask = key[key_len - 1];
            for (m, a) in MOVES.iter().enumerate() {
                let mark = c.mark();
                let mut pushed = false;
                // Taken, and within the constraints: no forbidden rule, no word lost, no word pushed by the player.
                let taken = c.apply(a.delta(), &mut pushed);
                let keep = taken
                    && !c.banned()
                    && (!opts.no_word_loss || c.words() >= words_at_start)
                    && (!opts.hands_off || !pushed);
                if keep {
                    let from = e.1.len();
                    c.key(&mut e.1);
                    e.1.push(mask | c.formed());
                    keep_child(&mut e, from, key, *index, m, c.won(), local_hash);
                }
                c.undo(mark);
            }
        }
        e
    };
    let threads = opts.threads.max(1) as usize;
    let mut compacts: Vec<Compact> = level.iter().flat_map(|l| (0..threads).map(move |_| Compact::new(l))).collect();
    if let Some(c) = compacts.first() {
        debug_assert_eq!(c.key_len() + 1, key_len, "the compact key is the solver's key");
    }
    let batch_size = if opts.batch == 0 { BATCH } else { opts.batch } as usize;
    let templates: Vec<(State, Vec<Name>)> = if threads > 1 && compacts.is_empty() {
        (0..threads).map(|_| (detach(&start), keyer.nouns.clone())).collect()
    } else {
        Vec::new()
    };
    while !layer.is_empty() {
        let mut next = Vec::new();
        let mut next_keys = Vec::new();
        // The layer goes in batches (so the children waiting to be hashed stay
        // few), each split into fixed chunks in layer order, one a thread: the
        // children's order never depends on timing.
        for (batch, batch_keys) in layer.chunks(batch_size).zip(layer_keys.chunks(batch_size * key_len)) {
            // Each thread's children stay in its own vectors (no copying them
            // together); their order is the parts' order.
            let parts: Vec<Expanded> = if threads == 1 || batch.len() < 64 {
                vec![match compacts.first_mut() {
                    Some(c) => expand_fast(c, batch, batch_keys),
                    None => expand(&start, &keyer.nouns, batch, batch_keys),
                }]
            } else {
                let size = batch.len().div_ceil(threads);
                std::thread::scope(|sc| {
                    let chunks = batch.chunks(size).zip(batch_keys.chunks(size * key_len));
                    let handles: Vec<_> = if compacts.is_empty() {
                        chunks
                            .zip(&templates)
                            .map(|((ids, keys), (start, nouns))| sc.spawn(move || expand(start, nouns, ids, keys)))
                            .collect()
                    } else {
                        chunks
                            .zip(compacts.iter_mut())
                            .map(|((ids, keys), c)| sc.spawn(move || expand_fast(c, ids, keys)))
                            .collect()
                    };
                    handles.into_iter().map(|h| h.join().expect("an expanding thread does not panic")).collect()
                })
            };
            if parts.iter().all(|p| p.0.is_empty()) {
                continue;
            }
            // Another hasher gets the batch's keys in one piece.
            let hashed: Vec<[u8; 16]>;
            let prints: Vec<&[[u8; 16]]> = if local_hash {
                parts.iter().map(|p| p.2.as_slice()).collect()
            } else {
                let keys: Vec<u8> = parts.iter().flat_map(|p| p.1.iter().copied()).collect();
                hashed = hasher.hash_batch(&keys, key_len).map_err(Rejection::new)?.iter().map(fingerprint).collect();
                vec![hashed.as_slice()]
            };
            let fresh = seen.insert_all(&prints);
            let children = parts.iter().flat_map(|p| p.0.iter().copied().zip(p.1.chunks(key_len)));
            for (((parent, m, won), key), new) in children.zip(fresh) {
                if !new {
                    continue;
                }
                let idx = parents.len() as u32;
                if parents.len() == parents.capacity() {
                    parents.reserve_exact(parents.len()); // Exactly doubled: the bound below counts on it.
                }
                parents.push(parent | u32::from(m) << INDEX_BITS);
                let mask = key[key_len - 1];
                if won && mask != all_formed {
                    continue; // A win that skipped a required rule is a dead end.
                }
                if won {
                    let mut moves = Vec::new();
                    let mut at = idx;
                    while at != 0 {
                        let link = parents[at as usize];
                        moves.push(MOVES[(link >> INDEX_BITS) as usize]);
                        at = link & ((1 << INDEX_BITS) - 1);
                    }
                    moves.reverse();
                    return Ok(Verdict::Solved { moves, states: parents.len() as u64 });
                }
                if parents.len() as u64 >= max_states {
                    return Ok(Verdict::Limit { states: parents.len() as u64 });
                }
                next.push(idx);
                next_keys.extend_from_slice(key);
            }
        }
        layer = next;
        layer_keys = next_keys;
        watch(parents.len() as u64);
    }
    Ok(Verdict::Unsolved { states: parents.len() as u64 })
}

/// A copy of `s` that shares no reference-counted table with it (names are
/// interned and counted by nobody).
fn detach(s: &State) -> State {
    use std::sync::Arc;
    let mut d = s.clone();
    d.board.leaves = Arc::new((*s.board.leaves).clone());
    d.rules = Arc::new((*s.rules).clone());
    d.read_words = s.read_words.as_ref().map(|w| Arc::new((**w).clone()));
    d.terrain = Arc::new((*s.terrain).clone());
    d.pairs = Arc::new((*s.pairs).clone());
    d.automata = Arc::new((*s.automata).clone());
    d.pair_words = Arc::new((*s.pair_words).clone());
    d.automaton_words = Arc::new((*s.automaton_words).clone());
    d
}

/// Bytes the visited table and the parent links hold after visiting `states`
/// states (the figure the bytes-per-state bound is about).
pub fn stored_bytes(states: u64) -> u64 {
    let mut slots: u64 = 1024;
    while states * 8 > slots * 7 {
        slots *= 2;
    }
    let mut cap: u64 = 1;
    while cap < states {
        cap *= 2;
    }
    slots * 16 + cap * 4
}

/// What a full analysis of a level found: the verdict and its flags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The plain search's verdict.
    pub verdict: Verdict,
    /// BYPASS, TRIVIAL, HANDS-OFF, WON-AT-START, WON-WHILE-OVERLAPPING.
    pub flags: Vec<&'static str>,
}

/// Solves and flags: WON-AT-START (won with no move), TRIVIAL (fewer than 6
/// moves), BYPASS (still winnable with every word frozen), HANDS-OFF (winnable
/// without the player's pushes ever moving a word), WON-WHILE-OVERLAPPING (the
/// winning move formed a rule while a YOU already shared its cell with the new
/// WIN thing).
pub fn analyze(setup: &Setup, opts: &Options, hasher: &mut dyn FrontierHasher) -> Result<Analysis, Rejection> {
    analyze_watched(setup, opts, hasher, &mut |_| {})
}

/// [`analyze`], calling `watch` with the states visited so far by each of its
/// searches (the solve, then the BYPASS and HANDS-OFF passes) after every layer.
pub fn analyze_watched(
    setup: &Setup,
    opts: &Options,
    hasher: &mut dyn FrontierHasher,
    watch: &mut dyn FnMut(u64),
) -> Result<Analysis, Rejection> {
    let verdict = solve_watched(setup, opts, hasher, watch)?;
    let mut flags = Vec::new();
    if let Verdict::Solved { moves, .. } = &verdict {
        if moves.is_empty() {
            flags.push("WON-AT-START");
        } else {
            if moves.len() < 6 {
                flags.push("TRIVIAL");
            }
            let frozen = Setup { grid: freeze_words(&setup.grid), ..setup.clone() };
            if matches!(solve_watched(&frozen, opts, hasher, watch)?, Verdict::Solved { .. }) {
                flags.push("BYPASS");
            }
            let hands_off = Options { hands_off: true, ..opts.clone() };
            if matches!(solve_watched(setup, &hands_off, hasher, watch)?, Verdict::Solved { .. }) {
                flags.push("HANDS-OFF");
            }
            if won_while_overlapping(setup, moves)? {
                flags.push("WON-WHILE-OVERLAPPING");
            }
        }
    }
    Ok(Analysis { verdict, flags })
}

/// Every word of the grid made fixed (`IS` → `IS!`).
pub fn freeze_words(grid: &str) -> String {
    grid.lines()
        .map(|line| {
            line.split(' ')
                .map(|cell| {
                    cell.split('+')
                        .map(|p| {
                            if !p.is_empty()
                                && p != "."
                                && p.chars().all(|c| !c.is_ascii_lowercase())
                                && !p.ends_with('!')
                            {
                                format!("{p}!")
                            } else {
                                p.to_string()
                            }
                        })
                        .collect::<Vec<_>>()
                        .join("+")
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether the last move won because a rule formed under a YOU that had not moved.
fn won_while_overlapping(setup: &Setup, moves: &[Action]) -> Result<bool, Rejection> {
    let mut s = Miau::start(setup, 0)?;
    for a in &moves[..moves.len() - 1] {
        Miau::apply(&mut s, a)?;
    }
    let before = s.clone();
    Miau::apply(&mut s, &moves[moves.len() - 1])?;
    let you = super::board::Prop::You;
    let win = super::board::Prop::Win;
    Ok(s.board.things.iter().any(|t| {
        s.rules.has(&t.kind, you)
            && before.board.things.iter().any(|b| b.id == t.id && b.x == t.x && b.y == t.y)
            && s.board
                .things
                .iter()
                .any(|w| w.x == t.x && w.y == t.y && s.rules.has(&w.kind, win) && !before.rules.has(&w.kind, win))
    }))
}

#[cfg(test)]
mod layout_tests {
    use super::Layout;

    /// Writes every thing's cell and noun, reads them back, and checks the length.
    fn check(w: i32, h: i32, words: &[bool], nouns: usize, expected_len: usize) {
        let l = Layout::new(w, h, words, nouns);
        assert_eq!(l.things_len(), expected_len, "{w}×{h}, {nouns} nouns");
        let mut key = vec![0; l.things_len()];
        let at = |i: usize| if i % 3 == 2 { None } else { Some(((i as i32 * 7) % w, (i as i32 * 5) % h)) };
        let noun = |i: usize| if words[i] { 0 } else { (i * 11 % nouns) as u8 };
        for i in 0..words.len() {
            l.put_cell(&mut key, i, at(i));
            l.put_noun(&mut key, i, noun(i));
        }
        for i in 0..words.len() {
            assert_eq!(l.cell(&key, i), at(i), "thing {i}'s cell");
            assert_eq!(l.noun(&key, i), noun(i), "thing {i}'s noun");
        }
    }

    #[test]
    fn cells_and_nouns_read_back_in_every_layout() {
        let words = [false, true, false, false, true, false, false];
        // One byte a cell, nouns two to a byte (5 objects: 3 bytes).
        check(10, 7, &words, 16, 7 + 3);
        // Two bytes a cell from 255 cells on (the last cell's index is 254).
        check(17, 15, &words, 5, 14 + 3);
        // A byte a noun beyond 16 nouns.
        check(9, 9, &words, 17, 7 + 5);
        check(128, 128, &words, 40, 14 + 5);
    }
}

#[cfg(test)]
mod static_tests {
    use super::{is_static, Keyer};
    use crate::game::Game;
    use crate::miau::{Miau, Setup};

    /// Which things of `grid` (in board order) are left out of the key.
    fn check(grid: &str, terrain: &[&str], expected: &[&str]) {
        let legend = [("m", "miau"), ("w", "wall"), ("r", "rock"), ("g", "gate:amber"), ("p", "plate:amber")]
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        let setup = Setup {
            grid: grid.into(),
            legend,
            terrain: terrain.iter().map(|t| t.to_string()).collect(),
            pairs: vec![],
            automata: vec![],
        };
        let start = Miau::start(&setup, 0).unwrap();
        let got: Vec<&str> = (0..start.board.things.len())
            .filter(|&i| is_static(&start, i))
            .map(|i| start.board.things[i].id.as_str())
            .collect();
        assert_eq!(got, expected, "{grid} (terrain {terrain:?})");
    }

    #[test]
    fn things_no_rule_can_reach_are_left_out_of_the_key() {
        // No WALL word: the walls never change; no SINK word: nothing can remove them.
        check("MIAU IS YOU / m w w", &[], &["wall-1", "wall-2"]);
        // A WALL word: a rule may name them.
        check("MIAU IS YOU WALL / m w w .", &[], &[]);
        // A SINK word: a sinking thing could enter a wall's cell and take it...
        check("MIAU IS SINK / m w w", &[], &[]);
        // ...unless the wall is terrain (STOP for good) and alone in its cell.
        check("MIAU IS SINK / m w w+r", &["wall"], &["wall-1"]);
        // Words, the cat, and channelled things are never static.
        check("MIAU IS YOU / m g p", &[], &[]);
    }

    #[test]
    fn a_terrain_walled_level_has_a_shorter_key() {
        let pack = crate::miau::pack::load(include_str!("../../../app/packs/pair-drafts.toml")).0.unwrap();
        let start = Miau::start(&pack.levels[0].setup, 0).unwrap();
        let keyer = Keyer::new(&start);
        let walls = start.board.things.iter().filter(|t| t.id.starts_with("wall-")).count();
        assert!(walls > 30);
        assert_eq!(keyer.slot.iter().filter(|s| s.is_none()).count(), walls, "every wall is static");
        let words = start.board.things.iter().filter(|t| matches!(t.kind, crate::miau::board::Kind::Word(_))).count();
        let objects = start.board.things.len() - walls - words;
        assert_eq!((words, objects), (16, 4), "the cat, the key, the door, the flag");
        assert_eq!(
            keyer.len(),
            (words + objects) + objects.div_ceil(2) + 1,
            "a byte a keyed thing, half a byte a keyed object's noun, the win flag"
        );
    }
}
