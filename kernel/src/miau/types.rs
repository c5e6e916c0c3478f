//! The game's vocabulary: a level's setup (grid, legend, terrain, pairs,
//! automata), the player's actions and what a turn reports. `Action` is
//! logged: append-only.

use super::board::PROPS;
use serde::{Deserialize, Serialize};

/// The Miau Is True game.
pub struct Miau;

/// A level in the text-grid notation (`.` empty, lowercase a thing by its
/// legend letter or noun, UPPERCASE a word, `+` stacks), with its legend.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Rows separated by newlines or ` / `, cells by spaces.
    pub grid: String,
    /// Single letters for nouns, e.g. `[("m", "miau"), ("r", "rock")]`.
    pub legend: Vec<(String, String)>,
    /// Terrain nouns: STOP without a rule, until a written rule names them.
    pub terrain: Vec<String>,
    /// OPEN/SHUT pairs (rules v5): two custom property words that destroy each other.
    pub pairs: Vec<Pair>,
    /// TICK automata (rules v6): step patterns that things with a custom
    /// property word repeat, one beat per turn.
    pub automata: Vec<Automaton>,
}

impl Setup {
    /// What `Miau::start` checks before it reads the board, the same limits
    /// the pack loader applies (so a replay's setup is held to what a pack
    /// may hold): at most [`MAX_PAIRS`] pairs of two different, non-core
    /// words; at most [`MAX_AUTOMATA`] automata, each with a unique id, a
    /// non-core property word, 1 to [`MAX_AUTOMATA`] steps of one cell (no
    /// diagonals) and a phase inside them. The error names the field.
    pub fn check(&self) -> Result<(), String> {
        let word_ok = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if self.pairs.len() > MAX_PAIRS {
            return Err(format!("a level has at most {MAX_PAIRS} pairs, not {}", self.pairs.len()));
        }
        for (i, p) in self.pairs.iter().enumerate() {
            for w in &p.words {
                if !word_ok(w) || is_core_word(&w.to_uppercase()) {
                    return Err(format!("pairs[{i}].words: '{}' is not a pair word", w.escape_debug()));
                }
            }
            if p.words[0].eq_ignore_ascii_case(&p.words[1]) {
                return Err(format!("pairs[{i}].words: the two words must differ"));
            }
        }
        if self.automata.len() > MAX_AUTOMATA {
            return Err(format!("a level has at most {MAX_AUTOMATA} automata, not {}", self.automata.len()));
        }
        for (i, a) in self.automata.iter().enumerate() {
            if a.id.is_empty() || self.automata[..i].iter().any(|b| b.id == a.id) {
                return Err(format!("automata[{i}].id: '{}' is empty or used twice", a.id.escape_debug()));
            }
            if !word_ok(&a.property) || is_core_word(&a.property.to_uppercase()) {
                return Err(format!("automata[{i}].property: '{}' is not a property word", a.property.escape_debug()));
            }
            if a.pattern.is_empty() || a.pattern.len() > MAX_AUTOMATA || a.phase as usize >= a.pattern.len() {
                return Err(format!(
                    "automaton '{}' needs 1 to {MAX_AUTOMATA} steps and a phase inside them",
                    a.id.escape_debug()
                ));
            }
            if let Some(j) = a.pattern.iter().position(|s| !s.is_one_cell()) {
                return Err(format!("automata[{i}].pattern[{j}]: a step moves one cell up, down, left or right"));
            }
        }
        Ok(())
    }
}

/// Whether `w` (uppercase) is one of the engine's own words: `IS`, `AND` or
/// a built-in property. Pair words and automaton properties may not be.
pub fn is_core_word(w: &str) -> bool {
    w == "IS" || w == "AND" || PROPS.iter().any(|(_, p)| *p == w)
}

/// One step of an automaton's pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Step {
    /// Move one cell by (dx, dy), pushing like the player.
    Move(i32, i32),
    /// Stay.
    Wait,
}

/// An automaton record (`level.automata`): while some rule `X IS <property>`
/// holds (X its subject, if it has one), every thing with the property (of
/// the subject's noun) takes the pattern's current step each turn.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Automaton {
    /// Stable and unique in the level; records run in id order.
    pub id: String,
    /// The only noun that follows it (lowercase), or every noun with the property.
    pub subject: Option<String>,
    /// The custom property word, uppercase (`TICK`).
    pub property: String,
    /// The starting index into the pattern.
    pub phase: u32,
    /// 1 to 32 steps.
    pub pattern: Vec<Step>,
}

/// At most this many automata in a level, and steps in a pattern.
pub const MAX_AUTOMATA: usize = 32;

/// A pair of custom property words (`OPEN`/`SHUT`): in one cell, things with the
/// first word and things with the second destroy each other one for one.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pair {
    /// The two words, uppercase (`["OPEN", "SHUT"]`).
    pub words: [String; 2],
    /// A mover with one word may enter a cell held by a thing with the other,
    /// even a STOP or PUSH one: that occupant neither blocks nor is pushed.
    pub enter: bool,
}

/// At most this many pairs in a level.
pub const MAX_PAIRS: usize = 4;

/// Moves. Append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Up.
    Up,
    /// Down.
    Down,
    /// Left.
    Left,
    /// Right.
    Right,
    /// Wait a turn.
    Wait,
}

impl Step {
    /// A wait, or a move of exactly one cell along an axis.
    pub fn is_one_cell(self) -> bool {
        match self {
            Step::Wait => true,
            Step::Move(dx, dy) => matches!((dx, dy), (-1 | 1, 0) | (0, -1 | 1)),
        }
    }
}

impl Action {
    /// The move for a letter of the move notation (`U D L R W`, either case).
    pub fn from_letter(c: char) -> Option<Action> {
        match c.to_ascii_uppercase() {
            'U' => Some(Action::Up),
            'D' => Some(Action::Down),
            'L' => Some(Action::Left),
            'R' => Some(Action::Right),
            'W' => Some(Action::Wait),
            _ => None,
        }
    }

    pub(super) fn delta(self) -> Option<(i32, i32)> {
        match self {
            Action::Up => Some((0, -1)),
            Action::Down => Some((0, 1)),
            Action::Left => Some((-1, 0)),
            Action::Right => Some((1, 0)),
            Action::Wait => None,
        }
    }
}

/// What a turn did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The rules changed: added and removed, as text.
    Rules {
        /// Now in force.
        added: Vec<String>,
        /// No longer.
        removed: Vec<String>,
    },
    /// Things destroyed (by id) and why (`sank`, `defeated`, `crumbled`, or a
    /// pair's first word lowercased, `open`).
    Destroyed(Vec<String>, String),
    /// A thing became another noun.
    Transformed(String, String),
    /// A gate opened (true) or closed (false).
    Gate(String, bool),
    /// Won.
    Won,
}
