//! The solver's key: a state as fixed-length bytes ([`Layout`]: a cell per
//! thing, nouns packed, gates and phases), the things left out of it because
//! no rule can reach them ([`is_static`]), and the codec between a key and
//! the game's `State` ([`Keyer`]). Both the search and the compact state
//! (`compact.rs`) read and write keys through this module.

use super::board::Kind;
use super::state::State;

/// Rule readings by word places, remembered while a layer chunk is expanded
/// (most states differ only in where the non-words are).
pub(super) type Readings = std::collections::BTreeMap<Vec<(i32, i32)>, std::sync::Arc<super::rules::RuleSet>>;

/// At most this many readings are remembered at once.
pub(super) const READINGS_KEPT: usize = 4096;

/// The eight bytes at `i` as one word (one load, where a slice comparison
/// may call `memcmp`): keys are compared a word at a time where most of
/// their bytes are equal (the frontier's encoder, the compact state's
/// decoding).
pub(super) fn eight_bytes(bytes: &[u8], i: usize) -> u64 {
    u64::from_ne_bytes(bytes[i..i + 8].try_into().expect("eight bytes"))
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
    pub(super) w: i32,
    /// Things.
    pub(super) n: usize,
    /// Bytes per cell: 1 or 2.
    pub(super) cell_bytes: usize,
    /// Per thing: its slot among the objects (`None` for a word).
    pub(super) slot: Vec<Option<usize>>,
    /// Objects.
    pub(super) objects: usize,
    /// Nouns two to a byte.
    pub(super) nibbles: bool,
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

    /// Where thing `i`'s noun index is in the key: the byte, and the shift
    /// and mask of its bits there (`None` for a word).
    pub fn noun_bits(&self, i: usize) -> Option<(usize, u8, u8)> {
        let s = self.slot[i]?;
        let base = self.n * self.cell_bytes;
        Some(if self.nibbles {
            let shift = 4 * (s % 2) as u8;
            (base + s / 2, shift, 0xF << shift)
        } else {
            (base + s, 0, 0xFF)
        })
    }

    /// Thing `i`'s noun index (0 for a word).
    pub fn noun(&self, key: &[u8], i: usize) -> u8 {
        self.noun_bits(i).map_or(0, |(at, shift, mask)| (key[at] & mask) >> shift)
    }

    /// Writes thing `i`'s noun index (nothing for a word).
    pub fn put_noun(&self, key: &mut [u8], i: usize, k: u8) {
        if let Some((at, shift, mask)) = self.noun_bits(i) {
            key[at] = (key[at] & !mask) | (k << shift) & mask;
        }
    }
}

/// Whether thing `i` of `start` can never change: an object without a
/// channel whose noun has no word on the board (so no rule can name it: it
/// never moves, is never pushed and never becomes anything else, and nothing
/// can become it), which nothing can destroy either: no SINK word is on the
/// board, or it is terrain (STOP whatever happens, since no rule can name it)
/// alone in its cell, so nothing ever shares its cell. Walls sealed by terrain
/// are the usual case. Or a word that can never move (fixed, or in a corner),
/// which nothing can sink (no SINK word, or alone in its cell). Such things
/// are left out of the key: the searches' pruning of what cannot change.
pub fn is_static(start: &State, i: usize) -> bool {
    use super::board::{Prop, Word};
    let things = &start.board.things;
    let t = &things[i];
    let alone = || alone_in_its_cell(things, i);
    let sink_on_board = || things.iter().any(|o| o.kind == Kind::Word(Word::Prop(Prop::Sink)));
    let Kind::Object(noun) = t.kind else {
        // A word that can never move: fixed, or in a corner of the board
        // (every push on it is toward an edge, or would need a pusher off the
        // board); and so nothing can ever enter its cell. Alone there at the
        // start, it is never sunk either (SINK is the only thing that takes a
        // word; the keke rules take none).
        let corner = (t.x == 0 || t.x == start.board.w - 1) && (t.y == 0 || t.y == start.board.h - 1);
        return (t.fixed || corner) && (alone() || !sink_on_board());
    };
    let on_board = |w: Word| things.iter().any(|o| o.kind == Kind::Word(w));
    if t.channel.is_some() || on_board(Word::Noun(noun)) {
        return false;
    }
    !sink_on_board() || (start.is_terrain(noun.as_str()) && alone())
}

/// Whether thing `i` shares its cell with no other thing.
fn alone_in_its_cell(things: &[super::board::Thing], i: usize) -> bool {
    let t = &things[i];
    things.iter().enumerate().all(|(j, o)| j == i || (o.x, o.y) != (t.x, t.y))
}

/// Per cell (`row × width + column`) of `start`'s board: whether a loose word
/// there can never again be read as a predicate (the spec's dead-word
/// analysis, F-XW14). A word moves only when the thing right behind it moves
/// into its cell, so it can step from `p` to `p + d` only when `p − d` and
/// `p + d` are on the board and neither is a wall (static terrain alone in
/// its cell: STOP for good, and nothing ever stands there); a predicate
/// stands two cells from the edge, across or down, with no wall in the two
/// cells before it. A cell is alive when a predicate cell can be reached from
/// it by such steps; every other is dead: from there, whatever happens, the
/// word is never a predicate (words in the top-left corner, or pushed into a
/// pocket of walls). A fixed word never moves, and is dead where its own
/// cell is no predicate cell. Over-approximating where a word can go keeps
/// this sound: other things only block it more.
fn dead_cells(start: &State) -> Vec<bool> {
    let (w, h) = (start.board.w, start.board.h);
    let mut wall = vec![false; (w * h) as usize];
    let things = &start.board.things;
    for (i, t) in things.iter().enumerate() {
        let terrain = matches!(t.kind, Kind::Object(n) if start.is_terrain(n.as_str()));
        if terrain && alone_in_its_cell(things, i) && is_static(start, i) {
            wall[(t.y * w + t.x) as usize] = true;
        }
    }
    let open = |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h && !wall[(y * w + x) as usize];
    let predicate =
        |x: i32, y: i32| open(x, y) && ((open(x - 1, y) && open(x - 2, y)) || (open(x, y - 1) && open(x, y - 2)));
    // Backwards from the predicate cells: `p` is alive when a step from it
    // lands on a living cell.
    let mut alive: Vec<bool> = (0..w * h).map(|c| predicate(c % w, c / w)).collect();
    let mut todo: Vec<i32> = (0..w * h).filter(|&c| alive[c as usize]).collect();
    while let Some(c) = todo.pop() {
        let (x, y) = (c % w, c / w);
        for (dx, dy) in super::board::FACINGS {
            // A word at (x − dx, y − dy) stepping (dx, dy) onto this cell.
            let (px, py) = (x - dx, y - dy);
            if open(px, py) && open(px - dx, py - dy) && !alive[(py * w + px) as usize] {
                alive[(py * w + px) as usize] = true;
                todo.push(py * w + px);
            }
        }
    }
    alive.iter().map(|a| !a).collect()
}

/// The most copies of one word a key sorts together ([`Keyer::sort_twins`]).
const MAX_TWINS: usize = 32;

/// Keys of the game's states (see [`Layout`] for the bytes).
pub struct Keyer {
    /// Every noun an object may have: its noun at the start, every noun word's, every leftover.
    pub(super) nouns: Vec<super::board::Name>,
    pub(super) layout: Layout,
    /// Per thing: its place among the keyed things, `None` for a static one
    /// (see [`is_static`]: it never changes, so the key leaves it out).
    pub(super) slot: Vec<Option<usize>>,
    pub(super) ids: Vec<super::board::Name>,
    /// Per id: whether it has a channel (a gate's `open` is part of the state).
    pub(super) chan: Vec<bool>,
    /// Automata: one phase byte each (patterns hold at most 32 steps).
    pub(super) automata: usize,
    /// Per thing: its noun's index at the start (0 for a word).
    pub(super) first: Vec<u8>,
    /// Whether each keyed object's facing is part of the key: under the keke
    /// rules with a MOVE word on the board (only a MOVE thing reads it).
    pub(super) facings: bool,
    /// Groups of interchangeable words, by key slot: loose copies of one word
    /// (two loose `IS`). Empty unless [`Keyer::pruned`] asked for them.
    pub(super) twins: Vec<Vec<usize>>,
    /// Lifelines, by key slot: every YOU word, and every WIN and GOAL word
    /// together. A level is won only by a YOU on a WIN or with the GOALs
    /// covered, both needing a rule only words make, and a gone word never
    /// comes back: once every word of a lifeline is gone, nothing can win.
    /// A lifeline is listed only when all its words are keyed (a static
    /// word never goes). Empty unless [`Keyer::pruned`] asked for them.
    pub(super) lifelines: Vec<Vec<usize>>,
    /// Per cell (`row × width + column`): whether a word there can never be
    /// read as a predicate again ([`dead_cells`]); a lifeline's word on such
    /// a cell counts as gone. Empty unless [`Keyer::pruned`] asked for it.
    pub(super) dead: Vec<bool>,
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
        let facings = start.profile == super::types::Profile::Keke
            && things.iter().any(|t| t.kind == Kind::Word(super::board::Word::Prop(super::board::Prop::Move)));
        Keyer {
            facings,
            twins: Vec::new(),
            lifelines: Vec::new(),
            dead: Vec::new(),
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

    /// The searches' pruning (F-XW14), unless `prune` is false: loose copies
    /// of one word keyed as one (the word-motion symmetry), where `twins`
    /// allows, and the lifelines that tell a state that can never win.
    ///
    /// Two loose copies of one word that have traded places make the same
    /// board, so a key lists their cells sorted, not by id, and the two
    /// states are one. Sound where nothing tells the copies apart: under
    /// Miau's own rules a word's id decides nothing (words are never YOU or
    /// movers, sentences and contacts go by cell, pairs are objects), so the
    /// board's future is the same whichever copy stands where. Not under the
    /// keke rules (their rule order goes by the IS words' board order), nor
    /// where a constraint names words by id (the BYPASS search's words
    /// standing still, `shares_word_with`): `twins` is then false.
    pub(super) fn pruned(mut self, start: &State, prune: bool, twins: bool) -> Keyer {
        use super::board::{Prop, Word};
        if !prune {
            return self;
        }
        self.dead = dead_cells(start);
        let things = &start.board.things;
        if twins && start.profile != super::types::Profile::Keke {
            // Each loose word's keyed copies; beyond the first MAX_TWINS of a
            // word they stay apart (merging only some of them is as sound).
            let mut groups: Vec<(Word, Vec<usize>)> = Vec::new();
            for (i, t) in things.iter().enumerate() {
                let (Kind::Word(w), Some(j), false) = (t.kind, self.slot[i], t.fixed) else { continue };
                match groups.iter_mut().find(|(g, _)| *g == w) {
                    Some((_, slots)) if slots.len() < MAX_TWINS => slots.push(j),
                    Some(_) => {}
                    None => groups.push((w, vec![j])),
                }
            }
            self.twins = groups.into_iter().map(|(_, slots)| slots).filter(|s| s.len() > 1).collect();
        }
        for props in [&[Prop::You][..], &[Prop::Win, Prop::Goal]] {
            let words: Vec<usize> = (0..things.len())
                .filter(|&i| matches!(things[i].kind, Kind::Word(Word::Prop(p)) if props.contains(&p)))
                .collect();
            // Every word keyed, or static on a dead cell: a static word never
            // goes, so one that could still be read would keep the lifeline
            // whole. None at all: the start is already lost, and left to the
            // search to say so.
            let dead = |i: usize| {
                let t = &things[i];
                self.dead[(t.y * start.board.w + t.x) as usize]
            };
            if !words.is_empty() && words.iter().all(|&i| self.slot[i].is_some() || dead(i)) {
                self.lifelines.push(words.iter().filter_map(|&i| self.slot[i]).collect());
            }
        }
        self
    }

    /// Whether a state's key (from either engine) can never lead to a win:
    /// every word of a lifeline is gone, or stands where it can never be
    /// read as a predicate again (see [`Keyer::pruned`]).
    pub(super) fn hopeless(&self, key: &[u8]) -> bool {
        let l = &self.layout;
        self.lifelines
            .iter()
            .any(|words| words.iter().all(|&j| l.cell(key, j).is_none_or(|(x, y)| self.dead[(y * l.w + x) as usize])))
    }

    /// Puts the twins' cells of a key written by either engine in order (see
    /// [`Keyer::pruned`]); a gone word (all ones) sorts last.
    pub(super) fn sort_twins(&self, key: &mut [u8]) {
        let l = &self.layout;
        // Cells as codes (`row × width + column`, a gone word the largest),
        // on the stack: this runs for every child.
        let mut codes = [0u32; MAX_TWINS];
        for slots in &self.twins {
            for (c, &j) in codes.iter_mut().zip(slots) {
                *c = l.cell(key, j).map_or(u32::MAX, |(x, y)| (y * l.w + x) as u32);
            }
            let codes = &mut codes[..slots.len()];
            codes.sort_unstable();
            for (&j, &c) in slots.iter().zip(codes.iter()) {
                let at = (c != u32::MAX).then(|| ((c % l.w as u32) as i32, (c / l.w as u32) as i32));
                l.put_cell(key, j, at);
            }
        }
    }

    /// The key layout.
    pub(super) fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Bytes per key.
    pub fn len(&self) -> usize {
        let facings = if self.facings { self.layout.objects } else { 0 };
        self.layout.things_len() + self.chan.iter().filter(|&&c| c).count() + facings + self.automata + 1
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
    pub(super) fn decode(
        &self,
        s: &mut State,
        start: &State,
        nouns: &[super::board::Name],
        key: &[u8],
        readings: &mut Readings,
    ) {
        // `s` is a scratch state of this level: its buffers are reused.
        let l = &self.layout;
        let mut at = l.things_len();
        let chans = self.chan.iter().filter(|&&c| c).count();
        // The facings follow the gates, a byte a keyed object in key order.
        let mut facing_at = at + chans;
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
            let facing = if self.facings && l.slot[j].is_some() {
                facing_at += 1;
                key[facing_at - 1]
            } else {
                t.facing
            };
            let Some((x, y)) = l.cell(key, j) else { continue };
            let mut t = *t;
            (t.x, t.y, t.facing) = (x, y, facing);
            if let Kind::Object(_) = t.kind {
                t.kind = Kind::Object(nouns[l.noun(key, j) as usize]);
            }
            t.open = open;
            s.board.things.push(t);
        }
        if self.facings {
            at += l.objects;
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
                    let r = std::sync::Arc::new(s.read_rules(&s.board));
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
        let mut facings = Vec::new();
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
                gates.push(t.map_or(0xFF, |t| u8::from(t.open)));
            }
            if self.facings && l.slot[j].is_some() {
                facings.push(t.map_or(0, |t| t.facing));
            }
        }
        out.extend(gates);
        out.extend(facings);
        out.extend(s.phases.iter().map(|&p| p as u8));
        out.push(u8::from(s.won));
    }
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
            profile: Default::default(),
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
        check(". MIAU IS YOU . / . m w w .", &[], &["wall-1", "wall-2"]);
        // A WALL word: a rule may name them.
        check(". MIAU IS YOU WALL . / . m w w . .", &[], &[]);
        // A SINK word: a sinking thing could enter a wall's cell and take it...
        check(". MIAU IS SINK . / . m w w .", &[], &[]);
        // ...unless the wall is terrain (STOP for good) and alone in its cell.
        check(". MIAU IS SINK . / . m w w+r .", &["wall"], &["wall-1"]);
        // The cat, channelled things and a loose word are never static.
        check(". MIAU IS YOU . / . m g p .", &[], &[]);
        // A word that can never move: fixed, or in a corner of the board;
        // with a SINK word on the board, only when alone in its cell.
        check("MIAU IS! YOU / m . .", &[], &["text-miau-1", "text-is-1", "text-you-1"]);
        check(". MIAU IS! YOU . / . m . . .", &[], &["text-is-1"]);
        check("MIAU IS SINK / m . ROCK+IS!", &[], &["text-miau-1", "text-sink-1"]);
    }

    #[test]
    fn a_terrain_walled_level_has_a_shorter_key() {
        let pack = crate::miau::pack::load(include_str!("../../../app/packs/workshop.toml")).0.unwrap();
        let level = pack.levels.iter().find(|l| l.id == "key-and-door").expect("the Workshop has key-and-door");
        let start = Miau::start(&level.setup, 0).unwrap();
        let keyer = Keyer::new(&start);
        let walls = start.board.things.iter().filter(|t| t.id.starts_with("wall-")).count();
        assert!(walls > 30);
        let words = start.board.things.iter().filter(|t| matches!(t.kind, crate::miau::board::Kind::Word(_))).count();
        let (w, h) = (start.board.w - 1, start.board.h - 1);
        let still = |t: &&crate::miau::board::Thing| t.fixed || ((t.x == 0 || t.x == w) && (t.y == 0 || t.y == h));
        let fixed = start
            .board
            .things
            .iter()
            .filter(|t| matches!(t.kind, crate::miau::board::Kind::Word(_)))
            .filter(still)
            .count();
        assert_eq!(fixed, 1, "one word in a corner");
        assert_eq!(
            keyer.slot.iter().filter(|s| s.is_none()).count(),
            walls + fixed,
            "every wall is static, and that word"
        );
        let objects = start.board.things.len() - walls - words;
        assert_eq!((words, objects), (16, 4), "the cat, the key, the door, the flag");
        assert_eq!(
            keyer.len(),
            (words - fixed + objects) + objects.div_ceil(2) + 1,
            "a byte a keyed thing, half a byte a keyed object's noun, the win flag"
        );
    }
}

#[cfg(test)]
mod dead_tests {
    use super::dead_cells;
    use crate::game::Game;
    use crate::miau::{Miau, Setup};

    /// Checks `dead_cells` of a board (`w` walls, terrain) against a map of
    /// the same shape: `x` dead, `.` alive.
    fn check(grid: &str, expected: &str) {
        let setup = Setup {
            grid: grid.replace(" / ", "\n"),
            legend: vec![("w".into(), "wall".into()), ("m".into(), "miau".into())],
            terrain: vec!["wall".into()],
            pairs: vec![],
            automata: vec![],
            profile: Default::default(),
        };
        let start = Miau::start(&setup, 0).unwrap();
        let w = start.board.w as usize;
        let got: Vec<String> = dead_cells(&start)
            .chunks(w)
            .map(|row| row.iter().map(|&d| if d { "x" } else { "." }).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(got.join(" / "), expected, "{grid}");
    }

    #[test]
    fn dead_cells_are_where_no_predicate_can_ever_be_read() {
        // An open board: only the top-left corner is dead (no two cells
        // before it either way, and a word there never moves).
        check("m . . / . . . / . . .", "x . . / . . . / . . .");
        // A row: a word slides along it, and reads as a predicate from the
        // third cell on; the first cell cannot be left (nothing behind it).
        check("m . . .", "x . . .");
        // Two cells wide and high: no cell has two before it.
        check("m . / . .", "x x / x x");
        // Walls never move and nothing stands in them (dead too). The pocket
        // top left is dead; so is the top row right of the wall (a word
        // there has a wall or the edge behind it every way but down, and
        // nothing can stand above it to push it down); the two cells below
        // can still be pushed down to where they read downwards.
        check("m . w . . / . . w . . / w w w . .", "x x x x x / x x x . . / x x x . .");
    }
}
