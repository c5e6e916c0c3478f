//! What a pack reads into: the pack, its world card, its levels and
//! glyphs, and the engine's limits and features a pack may name.

use super::super::types::Setup;

/// The rules-semantics version packs target.
pub const ENGINE: i64 = 1;

/// Feature flags this build knows.
pub const FEATURES: [&str; 8] = ["automata", "fixed", "frail", "gates", "goal", "keke", "pairs", "terrain"];

/// The property colour tokens a world or glossary entry may use as its accent.
pub const ACCENTS: [&str; 6] = ["you", "push", "stop", "win", "sink", "defeat"];

/// Limits.
pub const MAX_LEVELS: usize = 64;

/// The most things in one level.
pub const MAX_OBJECTS: usize = 4096;

/// Boards above this size get a warning (the design guideline).
pub const COMFORT: (i32, i32) = (14, 10);

/// A level of a pack, resolved to the engine's setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// The hint shown to players.
    pub hint: String,
    /// required, optional or challenge.
    pub category: String,
    /// What the level teaches: its words (UPPERCASE, each on the board) and
    /// ideas (any other text), in the file's order.
    pub introduces: Vec<String>,
    /// What it brings back from earlier levels, read as `introduces` is.
    pub reuses: Vec<String>,
    /// The length of its shortest solution, as the author recorded it
    /// (`retrace miau check --proofs` fails when the solver disagrees).
    pub shortest: Option<u32>,
    /// Rules that a solution must form (checked by the solver): a sentence,
    /// or a rule named by what it is like as its table's text
    /// (`{axis = "v"}`; see [`crate::miau::solver::Like`]).
    pub must_form: Vec<String>,
    /// Rules that a solution must break (checked by the solver: with the
    /// rule kept in force, nothing wins).
    pub must_break: Vec<String>,
    /// The solver's state budget for this level.
    pub solver_budget: Option<u64>,
    /// BYPASS (won without moving any word) is intended here (an accepted
    /// fact, not a failure); it allows SAME-RULES too, which it implies.
    pub allow_bypass: bool,
    /// SAME-RULES (won with no rule changing, though a word is moved) is
    /// intended here: a word that is cargo, not a rule.
    pub allow_same_rules: bool,
    /// HANDS-OFF is intended here.
    pub allow_hands_off: bool,
    /// A stored solution (`solution`, as `UDLRW`): `miau check` plays it and
    /// says where it stops winning (an imported competition level keeps its own).
    pub solution: Option<String>,
    /// The level as the engine plays it.
    pub setup: Setup,
}

impl Level {
    /// Whether the level allows a solver flag it is found to have: BYPASS
    /// (`allow_bypass`), SAME-RULES (`allow_same_rules`, or `allow_bypass`:
    /// a BYPASS keeps every rule, so it implies SAME-RULES) and HANDS-OFF
    /// (`allow_hands_off`); any other flag is not the level's to allow.
    pub fn allows(&self, flag: &str) -> bool {
        match flag {
            "BYPASS" => self.allow_bypass,
            "SAME-RULES" => self.allow_same_rules || self.allow_bypass,
            "HANDS-OFF" => self.allow_hands_off,
            _ => false,
        }
    }
}

/// A loaded pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pack {
    /// `manifest.id`.
    pub id: String,
    /// `manifest.name`.
    pub name: String,
    /// Its levels, in order.
    pub levels: Vec<Level>,
    /// How the palette draws nouns, sorted by noun.
    pub palette: Vec<Glyph>,
    /// The glossary: each declared property word (uppercase) and its
    /// one-sentence description (`[properties.WORD] describe`), sorted by word.
    pub glossary: Vec<(String, String)>,
    /// The glossary's accents: each declared property word and its accent
    /// (one of [`ACCENTS`]), sorted by word; words without one are absent.
    pub accents: Vec<(String, String)>,
    /// `[manifest.world]`, when the pack is a world.
    pub world: Option<World>,
    /// The rules its levels play by (`[manifest] rules`, default `miau`).
    pub profile: super::super::types::Profile,
}

/// A world's identity (`[manifest.world]`): what its card in the world map shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct World {
    /// Its glyph (an emoji, usually).
    pub glyph: String,
    /// One line under its name.
    pub tagline: String,
    /// Its accent colour, one of [`ACCENTS`] (empty: none).
    pub accent: String,
}

/// A palette entry: how a noun is drawn.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Glyph {
    /// The noun, lowercase.
    pub noun: String,
    /// Its glyph (an emoji, usually), or empty.
    pub glyph: String,
    /// What to draw where the glyph cannot be shown, or empty.
    pub fallback: String,
    /// The glyph faces left (`faces = "left"`), so it is mirrored to face right.
    pub faces_left: bool,
}
