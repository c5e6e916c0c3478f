//! What a level gives every compact state of it: the things' fixed facts, the
//! kinds, the key's layout and where each thing's bytes are in it; and
//! the tables one reading of the rules fills ([`Reading`]), which the state
//! and the readings share.

use super::super::board::{Kind, Name, Prop, Word, CHANNELS};
use super::super::key::{Keyer, Layout};
use super::super::state::State;
use super::super::types::Step;

/// The most things a compact state holds (one bit each in a cell's set).
pub const MAX_THINGS: usize = 128;

/// A set of things, by index.
pub(super) type Set = u128;

/// A gone thing's column (and row).
pub(super) const GONE: u8 = 0xFF;

/// Word placements kept (with their readings) before the tables are
/// cleared (between two parents).
pub(super) const READINGS_KEPT: usize = 1 << 16;

/// One property's bit in a kind's property set.
pub(super) const fn bit(p: Prop) -> u16 {
    1 << p as u16
}

/// An automaton as the compact state runs it.
pub(super) struct Automaton {
    /// The noun it moves, or any.
    pub(super) subject: Option<Name>,
    /// Its property word, lowercase.
    pub(super) word: String,
    /// Its steps.
    pub(super) pattern: Vec<Step>,
}

/// Where one thing's bytes are in the key; [`NO_BYTE`] where it has none.
#[derive(Clone, Copy)]
pub(super) struct KeyAt {
    /// Its cell's byte (one byte a cell: fewer than 255 cells).
    pub(super) cell: u16,
    /// The byte holding its noun index, and the bits of it that do.
    pub(super) noun: u16,
    pub(super) shift: u8,
    pub(super) mask: u8,
    /// Its gate state's byte.
    pub(super) chan: u16,
}

/// A [`KeyAt`] byte that is not there.
pub(super) const NO_BYTE: u16 = u16::MAX;

impl KeyAt {
    /// Thing `i`'s bytes, for keyed thing `slot` (if it is one) of `layout`
    /// and gate `chan` (if it has one).
    pub(super) fn new(layout: &Layout, slot: Option<usize>, chan: Option<usize>) -> KeyAt {
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
    pub(super) w: i32,
    pub(super) h: i32,
    pub(super) n: usize,
    /// Every kind a thing may have: the level's nouns as objects (in the key's
    /// order, so an object's kind index is its noun index), then the words.
    pub(super) kinds: Vec<Kind>,
    /// Per thing: a fixed word (it blocks like STOP).
    pub(super) fixed: Vec<bool>,
    /// Per thing: its id's place in id order (movers go front first, then by id).
    pub(super) rank: Vec<u16>,
    /// Per thing: a word (words stay words; objects never become words).
    pub(super) word: Vec<bool>,
    /// The things that are words, in board order.
    pub(super) words: Vec<usize>,
    /// The same, as a set.
    pub(super) word_set: Set,
    /// Per thing: its channel's index in [`CHANNELS`], if it has one.
    pub(super) chan: Vec<Option<u8>>,
    /// Per thing: its byte among the gate states in the key.
    pub(super) chan_slot: Vec<Option<usize>>,
    /// The channelled things, in board order.
    pub(super) chans: Vec<usize>,
    /// Per kind: the gate noun, the plate noun (their roles follow the noun).
    pub(super) gate_kind: Vec<bool>,
    pub(super) plate_kind: Vec<bool>,
    /// Per kind: what it leaves when it crumbles (`None`: nothing).
    pub(super) leftover: Vec<Option<u8>>,
    /// A FRAIL word is on the board at the start (else nothing can crumble).
    pub(super) frail_word: bool,
    /// The automata, in id order.
    pub(super) automata: Vec<Automaton>,
    /// The OPEN/SHUT pairs' words (lowercase), in declaration order.
    pub(super) pairs: Vec<[String; 2]>,
    /// The pairs' bits (see [`Reading::pair_bits`]) of those with `enter`.
    pub(super) enter: u8,
    /// Where the key's bytes are.
    pub(super) layout: Layout,
    /// Per thing: where its cell, noun and gate state are in the key (what
    /// `layout` and `chan_slot` say, worked out once for [`Compact::place`]).
    pub(super) key_at: Vec<KeyAt>,
    /// Per cell (as the key numbers them, row by row): its column and row.
    pub(super) xy: Vec<(u8, u8)>,
    /// Per thing: its place among the keyed things (`None`: static, never changes).
    pub(super) slot: Vec<Option<usize>>,
    /// The keyed things, in board order.
    pub(super) keyed: Vec<usize>,
    /// Per thing: where it starts (column, row, kind), for the static ones.
    pub(super) start: Vec<(u8, u8, u8)>,
    /// The level's terrain nouns.
    pub(super) terrain: Vec<String>,
    /// Rules that may never be active, and rules a solution must form (`X IS Y`).
    pub(super) forbid: Vec<String>,
    pub(super) require: Vec<String>,
    /// The only rule set allowed, when every rule must stay as it started.
    pub(super) same: Option<Vec<String>>,
    /// The id given to the words of a reading's board (ids play no part in rules).
    pub(super) anon: Name,
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
        // The keke rules' turn is the game's own state's alone (`keke.rs`).
        if start.profile != super::super::types::Profile::Miau
            || things.len() > MAX_THINGS
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
    pub(super) fn chan_base(&self) -> usize {
        self.layout.things_len()
    }

    /// Where the automata's phases start in the key.
    pub(super) fn phase_base(&self) -> usize {
        self.layout.things_len() + self.chans.len()
    }
}

/// The indices in a set, ascending.
pub(super) fn ones(mut s: Set) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if s == 0 {
            return None;
        }
        let i = s.trailing_zeros() as usize;
        s &= s - 1;
        Some(i)
    })
}

/// The rules of one placement of the words, as tables by kind index.
#[derive(PartialEq, Eq, Hash)]
pub(super) struct Reading {
    /// Per kind: its properties (words: PUSH only; terrain: STOP unless named).
    pub(super) props: Vec<u16>,
    /// The kinds that have each property bit, bit by bit: bit `b`'s are
    /// `by_prop[prop_at[b]..prop_at[b + 1]]` (one block a reading).
    pub(super) by_prop: Vec<u8>,
    pub(super) prop_at: [u16; u16::BITS as usize + 1],
    /// Properties some rule gives.
    pub(super) mentions: u16,
    /// Per kind: what one transformation pass makes of it; `None` without a `NOUN IS NOUN` rule.
    pub(super) into: Option<Vec<u8>>,
    /// Per kind: the automata (a bit each) whose actors it is.
    pub(super) actors: Vec<u32>,
    /// The automata some rule sets going.
    pub(super) active: u32,
    /// Per kind: the pair words it has, two bits a pair (the first word, then
    /// the second).
    pub(super) pair_bits: Vec<u8>,
    /// A forbidden rule is active.
    pub(super) banned: bool,
    /// The required rules active (a bit each).
    pub(super) formed: u8,
}
