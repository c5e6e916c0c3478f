//! What a search is asked and what it answers: the options (budgets and
//! constraints), the verdict and the budget that ran out, progress, the
//! bytes a state costs, and moves and rules as text.

use super::super::types::Action;
pub use crate::miau::types::{rule_text, Like};

/// Parent links: the parent's index in the low 29 bits, the move above.
pub(super) const INDEX_BITS: u32 = 29;

/// The most states a search may visit (the parent index's range).
pub const MAX_STATES: u64 = 1 << INDEX_BITS;

/// The moves, in the order they are tried.
pub const MOVES: [Action; 5] = [Action::Up, Action::Down, Action::Left, Action::Right, Action::Wait];

/// What the search found (serde: it crosses to the app's web worker and back).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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
    /// A budget ran out first: no proof either way.
    Limit {
        /// States visited.
        states: u64,
        /// Which budget.
        ran_out: Budget,
    },
}

/// Where a search stands, for a progress display: the states visited, the
/// layer (moves from the start) being expanded, and the bytes the search
/// holds (visited set, parent links, this layer's and the next layer's keys).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// States visited so far.
    pub states: u64,
    /// The layer being expanded (the start is layer 0).
    pub layer: u32,
    /// Bytes held now.
    pub bytes: u64,
    /// The visited set is kept elsewhere (the GPU's); false once a full one
    /// has handed over to the CPU's table.
    pub remote: bool,
}

/// The budget a search stopped on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Budget {
    /// [`Options::max_states`].
    States,
    /// [`Options::max_bytes`]: the next batch could have held more.
    Memory,
    /// The caller's watch asked it to stop (a time budget: the kernel has no clock).
    Time,
}

impl Budget {
    /// `states`, `memory` or `time`.
    pub fn name(self) -> &'static str {
        match self {
            Budget::States => "states",
            Budget::Memory => "memory",
            Budget::Time => "time",
        }
    }
}

impl Verdict {
    /// `SOLVED <n> <moves>`, `UNSOLVED <states>` or `LIMIT <states> <budget>`.
    pub fn line(&self) -> String {
        match self {
            Verdict::Solved { moves, .. } => format!("SOLVED {} {}", moves.len(), moves_text(moves)),
            Verdict::Unsolved { states } => format!("UNSOLVED {states}"),
            Verdict::Limit { states, ran_out } => format!("LIMIT {states} {}", ran_out.name()),
        }
    }
}

/// Bytes stored per visited state, on average: a 12-byte fingerprint in the
/// visited table (buckets of five in 64 bytes, at a load of 35 % to 80 %) and
/// a 4-byte parent link (in a vector that at most doubles). Between 20 and
/// 45; this is about the midpoint, for progress displays. The frontier's
/// keys come on top.
pub const STORED_BYTES_PER_STATE: u64 = 32;

/// The most bytes stored per visited state (the table just grown, the parent
/// vector just doubled).
pub const MAX_STORED_BYTES_PER_STATE: u64 = 45;

/// Search constraints.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The most states to visit.
    pub max_states: u64,
    /// The most bytes the search may hold (visited set, parent links, the
    /// frontier's keys, a batch's children); 0: no limit but `max_states`.
    /// Checked before each batch against its worst case, so it is never
    /// passed: the search stops with [`Budget::Memory`] instead.
    pub max_bytes: u64,
    /// Rules that may never be active (`"FLAG IS WIN"`).
    pub forbid: Vec<String>,
    /// Rules named by what they are like that may never be active
    /// (`{axis = "v"}`: no sentence read downwards), the structured
    /// `must_form` proofs (F-XW15). Searched on the game's own state.
    pub forbid_like: Vec<Like>,
    /// The forbidden rules (`forbid`, `forbid_like`) are `must_form`
    /// requirements being proved ([`Options::without`] sets it): one already
    /// in force at the level's start is refused, as `keep` refuses one not
    /// in force, since banning the start would prove it by nothing. A plain
    /// `--forbid` leaves it off (a rule forbidden from the start is an
    /// honest UNSOLVED there).
    pub proving: bool,
    /// Rules that must stay in force at every step (a `must_break` proof:
    /// with the rule kept, nothing wins). Searched on the game's own state.
    pub keep: Vec<String>,
    /// Rules a solution must form at some point (at most 8).
    pub require: Vec<String>,
    /// No word may be destroyed.
    pub no_word_loss: bool,
    /// The player's pushes may never move a word.
    pub hands_off: bool,
    /// No rule may ever differ from the start's (the SAME-RULES search: won
    /// with no rule changing, under the game's own movement, so a word may
    /// still be shoved as long as no sentence forms or breaks).
    pub same_rules: bool,
    /// No word may ever move or go (the BYPASS search, the spec's
    /// definition: won without moving any word, under the game's own
    /// movement: a state where a push or an automaton moved one is pruned).
    pub words_still: bool,
    /// Which search runs: breadth-first (the default, and the proofs'), or
    /// an informed one ([`SearchKind`]), on the game's own state.
    pub search: SearchKind,
    /// Threads expanding each layer (0 or 1: one). Every count gives the same answer.
    pub threads: u32,
    /// Parents expanded at once (0: [`default_batch`]). Every size gives the same answer.
    pub batch: u32,
    /// Step the game's own `State` even where the solver's compact state
    /// ([`super::super::compact`]) could: slower, and the same answers (for tests and
    /// the side-by-side bench).
    pub general: bool,
    /// Visit every state: loose copies of one word keyed apart (no
    /// word-motion symmetry) and states that can never win kept: more
    /// states, the same answers (for tests and the side-by-side bench).
    pub unpruned: bool,
    /// The most bytes one shard of the visited set may grow to (0: no cap):
    /// a growth past it fails as a refused allocation does, so tests can
    /// see the search end with [`Budget::Memory`] where the system would
    /// have said no.
    pub table_cap: u64,
}

/// Bytes the visited table and the parent links hold after visiting `states`
/// states (the figure the bytes-per-state bound is about).
pub fn stored_bytes(states: u64) -> u64 {
    use super::visited::{shard_bytes, SHARDS};
    // Each shard holds about an equal share (the fingerprint's last byte shares
    // them out); counted at one more than its share for the unevenness.
    let share = states.div_ceil(SHARDS as u64) as usize + 1;
    let table: u64 = (0..SHARDS).map(|k| shard_bytes(share, k) as u64).sum();
    let mut cap: u64 = 1;
    while cap < states {
        cap *= 2;
    }
    table + cap * 4
}

/// Which search [`super::solve_with`] runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SearchKind {
    /// Breadth-first: shortest answers and proofs (the default).
    #[default]
    Breadth,
    /// Best-first by a guessed distance to a win: answers not claimed shortest.
    Best,
    /// A*, with a lower bound that is 0 while a rule can change: shortest answers.
    AStar,
}

impl SearchKind {
    /// `breadth`, `best` or `astar`.
    pub fn name(self) -> &'static str {
        match self {
            SearchKind::Breadth => "breadth",
            SearchKind::Best => "best",
            SearchKind::AStar => "astar",
        }
    }

    /// Whether its answers are shortest solutions.
    pub fn shortest(self) -> bool {
        self != SearchKind::Best
    }
}

impl Options {
    /// These options with a `must_form` requirement forbidden (a sentence,
    /// or a rule named by what it is like, as [`Like::text`] writes it): the
    /// search that proves it, UNSOLVED when the requirement is needed.
    pub fn without(&self, requirement: &str) -> Result<Options, String> {
        let mut o = self.clone();
        o.proving = true;
        if requirement.trim_start().starts_with('{') {
            o.forbid_like.push(Like::from_text(requirement)?);
        } else {
            o.forbid.push(requirement.to_string());
        }
        Ok(o)
    }

    /// These options with `rule` kept in force at every step: the search
    /// that proves a `must_break`, UNSOLVED when the rule must be broken.
    pub fn keeping(&self, rule: &str) -> Options {
        let mut o = self.clone();
        o.keep.push(rule.to_string());
        o
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
