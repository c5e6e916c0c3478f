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
    /// Whose turn the level plays (rules v7): Miau's own, or the Keke AI
    /// Competition engine's.
    pub profile: Profile,
}

/// The rules a level plays by (a pack's `[manifest] rules`; rules v7).
/// Append-only: it is part of every replay's setup.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Profile {
    /// Miau Is True's own turn (`rules = "miau"`, the default).
    #[default]
    Miau,
    /// The Keke AI Competition engine's turn (`rules = "keke"`): see
    /// `keke.rs` and the README's "The keke rules".
    Keke,
}

impl Profile {
    /// Its name in a pack (`rules = "keke"`).
    pub fn name(self) -> &'static str {
        match self {
            Profile::Miau => "miau",
            Profile::Keke => "keke",
        }
    }

    /// The profile a pack names, if any.
    pub fn from_name(name: &str) -> Option<Profile> {
        [Profile::Miau, Profile::Keke].into_iter().find(|p| p.name() == name)
    }
}

impl Setup {
    /// What `Miau::start` checks before it reads the board, the same limits
    /// the pack loader applies (so a replay's setup is held to what a pack
    /// may hold): at most [`MAX_PAIRS`] pairs of two different, non-core
    /// words; at most [`MAX_AUTOMATA`] automata, each with a unique id, a
    /// non-core property word, 1 to [`MAX_AUTOMATA`] steps of one cell (no
    /// diagonals) and a phase inside them. The error names the field.
    pub fn check(&self) -> Result<(), String> {
        if self.profile == Profile::Keke {
            let extension = [
                (!self.terrain.is_empty(), "terrain"),
                (!self.pairs.is_empty(), "pairs"),
                (!self.automata.is_empty(), "automata"),
            ];
            if let Some((_, what)) = extension.iter().find(|(used, _)| *used) {
                return Err(format!("{what}: the keke rules have no {what}; they play Miau's own rules only"));
            }
        }
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
    /// The move's letter in the move notation (`U D L R W`): [`Action::from_letter`]'s inverse.
    pub fn letter(self) -> char {
        match self {
            Action::Up => 'U',
            Action::Down => 'D',
            Action::Left => 'L',
            Action::Right => 'R',
            Action::Wait => 'W',
        }
    }

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

/// A rule named by what it is like rather than by its text (the spec's
/// F-XW15): every field given must match. Written in a pack as an inline
/// table in `must_form` (`{axis = "v", shares_word_with = "MIAU IS YOU"}`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Like {
    /// The axis the sentence is read on: 0 across (`"h"`), 1 down (`"v"`).
    pub axis: Option<u8>,
    /// The predicate, uppercase (`"WIN"`, or a noun: `"FLAG"`).
    pub predicate: Option<String>,
    /// A rule on the board at the level's start, in the rule set's form:
    /// the sentence must use one of the words it is read from.
    pub shares_word_with: Option<String>,
}

impl Like {
    /// The inline table a pack writes, the fields in a fixed order
    /// (`{axis = "v", predicate = "WIN"}`): also how proofs name it.
    pub fn text(&self) -> String {
        let mut fields = Vec::new();
        if let Some(a) = self.axis {
            fields.push(format!("axis = \"{}\"", if a == 0 { "h" } else { "v" }));
        }
        if let Some(p) = &self.predicate {
            fields.push(format!("predicate = \"{p}\""));
        }
        if let Some(r) = &self.shares_word_with {
            fields.push(format!("shares_word_with = \"{r}\""));
        }
        format!("{{{}}}", fields.join(", "))
    }

    /// Reads a [`Like`] from its fields (each `None` when not given), as a
    /// pack's loader or the command line has them: an axis is `h` or `v`, a
    /// predicate one word, a shared rule a rule; at least one field.
    pub fn new(axis: Option<&str>, predicate: Option<&str>, shares: Option<&str>) -> Result<Like, String> {
        let axis = match axis {
            None => None,
            Some(a) if a.eq_ignore_ascii_case("h") => Some(0),
            Some(a) if a.eq_ignore_ascii_case("v") => Some(1),
            Some(a) => return Err(format!("axis '{a}' is neither \"h\" (across) nor \"v\" (down)")),
        };
        let predicate = match predicate {
            None => None,
            Some(p) if !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
                Some(p.to_uppercase())
            }
            Some(p) => return Err(format!("predicate '{p}' is not one word")),
        };
        let shares_word_with = shares.map(rule_text).transpose()?;
        if axis.is_none() && predicate.is_none() && shares_word_with.is_none() {
            return Err("a rule named by what it is like needs axis, predicate or shares_word_with".into());
        }
        Ok(Like { axis, predicate, shares_word_with })
    }

    /// Reads a [`Like`] from its table, as a pack writes it: each field is
    /// text (a field of another type is handed to `wrong` and read as
    /// absent), no other key is there (`Err` naming the key), then
    /// [`Like::new`]'s checks (`Err` naming none). The pack's loader and
    /// [`Like::from_text`] both read it so.
    pub fn from_table(
        t: &toml::Table,
        mut wrong: impl FnMut(&str, &toml::Value),
    ) -> Result<Like, (Option<String>, String)> {
        let mut field = |key: &str| match t.get(key) {
            None => None,
            Some(toml::Value::String(s)) => Some(s.as_str()),
            Some(v) => {
                wrong(key, v);
                None
            }
        };
        let (axis, predicate, shares) = (field("axis"), field("predicate"), field("shares_word_with"));
        if let Some(k) = t.keys().find(|k| !["axis", "predicate", "shares_word_with"].contains(&k.as_str())) {
            return Err((
                Some(k.clone()),
                "unknown key: a rule is named by axis, predicate or shares_word_with".into(),
            ));
        }
        Like::new(axis, predicate, shares).map_err(|e| (None, e))
    }

    /// Reads [`Like::text`]'s form back (`{axis = "v", predicate = "WIN"}`).
    pub fn from_text(text: &str) -> Result<Like, String> {
        let table: toml::Table = toml::from_str(&format!("like = {text}"))
            .map_err(|e| format!("'{text}' is not a table: {}", e.message()))?;
        let Some(toml::Value::Table(like)) = table.get("like") else {
            return Err(format!("'{text}' is not a table of axis, predicate and shares_word_with"));
        };
        let mut not_text = None;
        let read = Like::from_table(like, |k, _| {
            not_text.get_or_insert(k.to_string());
        });
        if let Some(k) = not_text {
            return Err(format!("'{text}': {k} is not text"));
        }
        read.map_err(|(key, e)| match key {
            Some(k) => format!("'{text}': {k}: {e}"),
            None => e,
        })
    }
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
