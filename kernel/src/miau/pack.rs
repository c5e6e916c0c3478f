//! Packs: data-only TOML files of levels, never code. `load` reads the text
//! and collects every problem with its path and a readable sentence, plus
//! warnings that do not stop the pack from loading.

use super::board::{Board, Kind, Word, PROPS};
use super::types::{is_core_word, Setup};
use toml::{Table, Value};

/// The rules-semantics version packs target.
pub const ENGINE: i64 = 1;
/// Feature flags this build knows.
pub const FEATURES: [&str; 7] = ["automata", "fixed", "frail", "gates", "goal", "pairs", "terrain"];
/// The property colour tokens a world or glossary entry may use as its accent.
pub const ACCENTS: [&str; 6] = ["you", "push", "stop", "win", "sink", "defeat"];
/// Limits.
pub const MAX_LEVELS: usize = 64;
/// The most things in one level.
pub const MAX_OBJECTS: usize = 4096;
/// Boards above this size get a warning (the design guideline).
pub const COMFORT: (i32, i32) = (14, 10);

/// One problem: where and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issue {
    /// A path like `levels[2].map`.
    pub path: String,
    /// A sentence.
    pub message: String,
}

impl std::fmt::Display for Issue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

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
    /// The length of its shortest solution, as the author recorded it
    /// (`retrace miau check --proofs` fails when the solver disagrees).
    pub shortest: Option<u32>,
    /// Rules that a solution must form (checked by the solver).
    pub must_form: Vec<String>,
    /// The solver's state budget for this level.
    pub solver_budget: Option<u64>,
    /// BYPASS is intended here (an accepted fact, not a warning).
    pub allow_bypass: bool,
    /// HANDS-OFF is intended here.
    pub allow_hands_off: bool,
    /// The level as the engine plays it.
    pub setup: Setup,
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

/// What loading found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Problems that stop the pack.
    pub errors: Vec<Issue>,
    /// Things worth a look that do not.
    pub warnings: Vec<Issue>,
}

fn issue(path: &str, message: impl Into<String>) -> Issue {
    Issue { path: path.into(), message: message.into() }
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

fn id_ok(id: &str) -> bool {
    let b = id.as_bytes();
    (2..=64).contains(&b.len())
        && b[0].is_ascii_lowercase()
        && b.iter().all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'.' | b'_' | b'-'))
}

fn unknown_keys(t: &Table, path: &str, known: &[&str], r: &mut Report) {
    for k in t.keys() {
        if !known.contains(&k.as_str()) {
            r.warnings
                .push(issue(&format!("{path}{}{k}", if path.is_empty() { "" } else { "." }), "unknown key, ignored"));
        }
    }
}

/// A text field that is shown as one line (a name, a title, a tagline):
/// read like [`string`], and refused when it holds a control character (a
/// line break or a terminal escape could forge what a tool prints).
fn line(t: &Table, key: &str, path: &str, r: &mut Report, required: bool) -> String {
    let s = string(t, key, path, r, required);
    if let Some(c) = s.chars().find(|c| c.is_control()) {
        r.errors.push(issue(
            &format!("{path}.{key}"),
            format!("must be one line without control characters (found {})", c.escape_default()),
        ));
    }
    s
}

fn string(t: &Table, key: &str, path: &str, r: &mut Report, required: bool) -> String {
    match t.get(key) {
        Some(Value::String(s)) => s.clone(),
        Some(_) => {
            r.errors.push(issue(&format!("{path}.{key}"), "must be text"));
            String::new()
        }
        None if required => {
            r.errors.push(issue(&format!("{path}.{key}"), "is required"));
            String::new()
        }
        None => String::new(),
    }
}

/// Loads a pack from its text. Returns the pack when there are no errors, and the report either way.
/// Each section has its reader: [`manifest`], [`palette`], [`properties`],
/// [`vocabulary`] and [`level`] (with its legend, board, terrain, pairs and
/// automata, then the checks of the level as a whole).
pub fn load(text: &str) -> (Option<Pack>, Report) {
    let mut r = Report::default();
    let doc: Table = match text.parse::<Table>() {
        Ok(t) => t,
        Err(e) => {
            let at = e.span().map(|s| line_col(text, s.start));
            let msg = e.message().trim().to_string();
            let path = at.map_or(String::new(), |(l, c)| format!("line {l}, column {c}"));
            r.errors.push(issue(&path, format!("not valid TOML: {msg}")));
            return (None, r);
        }
    };
    unknown_keys(&doc, "", &["manifest", "palette", "properties", "vocabulary", "levels"], &mut r);
    let (id, name, world) = manifest(&doc, &mut r);
    let palette = palette(&doc, &mut r);
    let (custom, mut glossary, mut accents) = properties(&doc, &mut r);
    let vocabulary = vocabulary(&doc, &mut r);
    let words = Words { palette: &palette.nouns, terrain: &palette.terrain, custom: &custom, vocabulary: &vocabulary };
    let mut levels: Vec<Level> = Vec::new();
    let list = match doc.get("levels") {
        Some(Value::Array(a)) => a.clone(),
        _ => {
            r.errors.push(issue("levels", "is required: at least one [[levels]]"));
            Vec::new()
        }
    };
    if list.len() > MAX_LEVELS {
        r.errors.push(issue("levels", format!("has {} levels; a pack holds at most {MAX_LEVELS}", list.len())));
    }
    let mut drawn: Vec<String> = Vec::new();
    // Past the limit the pack is refused anyway: the rest is not read.
    for (i, lv) in list.iter().enumerate().take(MAX_LEVELS) {
        let path = format!("levels[{i}]");
        let Some(t) = lv.as_table() else {
            r.errors.push(issue(&path, "must be a table"));
            continue;
        };
        if let Some(l) = level(t, &path, &words, &levels, &mut drawn, &mut r) {
            levels.push(l);
        }
    }
    for n in &palette.nouns {
        if !drawn.contains(n) && !levels.iter().any(|l| l.setup.grid.to_lowercase().contains(&n.to_lowercase())) {
            r.warnings.push(issue(&format!("palette.{}", n.to_uppercase()), "is never drawn in any level"));
        }
    }
    glossary.sort();
    accents.sort();
    let mut glyphs = palette.glyphs;
    glyphs.sort();
    let pack = r.errors.is_empty().then_some(Pack { id, name, levels, palette: glyphs, glossary, accents, world });
    (pack, r)
}

/// The words a pack declares, which its levels' checks read.
struct Words<'a> {
    /// The palette's nouns, lowercase.
    palette: &'a [String],
    /// The palette's terrain nouns, lowercase.
    terrain: &'a [String],
    /// The declared custom properties.
    custom: &'a [String],
    /// The extra nouns sentences may name, lowercase.
    vocabulary: &'a [String],
}

/// `[manifest]`: the pack's id, name and world (version, engine and features checked).
fn manifest(doc: &Table, r: &mut Report) -> (String, String, Option<World>) {
    let empty = Table::new();
    let manifest = match doc.get("manifest") {
        Some(Value::Table(t)) => t,
        _ => {
            r.errors.push(issue("manifest", "is required: [manifest] with id, name, version, engine"));
            &empty
        }
    };
    unknown_keys(manifest, "manifest", &["id", "name", "version", "engine", "features", "world"], r);
    let id = string(manifest, "id", "manifest", r, true);
    if !id.is_empty() && !id_ok(&id) {
        r.errors.push(issue("manifest.id", format!("'{id}' must be 2 to 64 characters: a lowercase letter, then lowercase letters, digits, '.', '_' or '-'")));
    }
    let name = line(manifest, "name", "manifest", r, true);
    string(manifest, "version", "manifest", r, true);
    match manifest.get("engine") {
        Some(Value::Integer(n)) if *n == ENGINE => {}
        Some(Value::Integer(n)) => r.warnings.push(issue(
            "manifest.engine",
            format!("targets rules semantics {n}; this build plays {ENGINE}, so levels may behave differently"),
        )),
        _ => r.errors.push(issue("manifest.engine", "is required: the rules-semantics version, a whole number")),
    }
    if let Some(v) = manifest.get("features") {
        match v.as_array() {
            Some(list) => {
                for (i, f) in list.iter().enumerate() {
                    match f.as_str() {
                        Some(f) if FEATURES.contains(&f) => {}
                        Some(f) => r.errors.push(issue(
                            &format!("manifest.features[{i}]"),
                            format!("This pack needs a newer Miau (it uses '{f}')."),
                        )),
                        None => r.errors.push(issue(&format!("manifest.features[{i}]"), "must be text")),
                    }
                }
            }
            None => r.errors.push(issue("manifest.features", "must be a list of feature names")),
        }
    }
    let world = match manifest.get("world") {
        None => None,
        Some(Value::Table(w)) => {
            unknown_keys(w, "manifest.world", &["glyph", "tagline", "accent"], r);
            let glyph = line(w, "glyph", "manifest.world", r, false);
            if glyph.chars().count() > 16 {
                r.errors.push(issue("manifest.world.glyph", "must be at most 16 characters"));
            }
            let tagline = line(w, "tagline", "manifest.world", r, false);
            if tagline.chars().count() > 80 {
                r.errors.push(issue("manifest.world.tagline", "must be at most 80 characters"));
            }
            let accent = string(w, "accent", "manifest.world", r, false);
            if !accent.is_empty() && !ACCENTS.contains(&accent.as_str()) {
                r.errors.push(issue("manifest.world.accent", format!("must be one of {}", ACCENTS.join(", "))));
            }
            Some(World { glyph, tagline, accent })
        }
        Some(_) => {
            r.errors.push(issue("manifest.world", "must be a table: [manifest.world] with glyph, tagline, accent"));
            None
        }
    };
    (id, name, world)
}

/// The palette: nouns with their glyphs, and the terrain nouns.
struct Palette {
    /// Every noun, lowercase, in the file's order.
    nouns: Vec<String>,
    /// How each is drawn.
    glyphs: Vec<Glyph>,
    /// The nouns marked `terrain = true`.
    terrain: Vec<String>,
}

/// `[palette]`: nouns and their options; terrain nouns.
fn palette(doc: &Table, r: &mut Report) -> Palette {
    let mut palette: Vec<String> = Vec::new();
    let mut glyphs: Vec<Glyph> = Vec::new();
    let mut terrain: Vec<String> = Vec::new();
    if let Some(Value::Table(p)) = doc.get("palette") {
        for (noun, v) in p {
            palette.push(noun.to_lowercase());
            let text = |key: &str| match v {
                Value::String(g) if key == "glyph" => g.clone(),
                Value::Table(t) => t.get(key).and_then(Value::as_str).unwrap_or_default().to_string(),
                _ => String::new(),
            };
            let faces = text("faces");
            glyphs.push(Glyph {
                noun: noun.to_lowercase(),
                glyph: text("glyph"),
                fallback: text("fallback"),
                faces_left: faces == "left",
            });
            match v {
                Value::String(_) => {}
                Value::Table(t) => {
                    unknown_keys(t, &format!("palette.{noun}"), &["glyph", "faces", "fallback", "terrain"], r);
                    if t.get("terrain").and_then(Value::as_bool) == Some(true) {
                        terrain.push(noun.to_lowercase());
                    }
                    match t.get("faces").map(Value::as_str) {
                        None | Some(Some("left" | "right")) => {}
                        _ => r.errors.push(issue(&format!("palette.{noun}.faces"), "must be left or right")),
                    }
                }
                _ => r.errors.push(issue(
                    &format!("palette.{noun}"),
                    "must be a glyph (\"🐈\") or { glyph, faces, fallback, terrain }",
                )),
            }
        }
    }
    Palette { nouns: palette, glyphs, terrain }
}

/// Words paired with a text (the glossary's descriptions, its accents).
type WordTexts = Vec<(String, String)>;

/// `[properties]`: the declared custom properties, the glossary and its accents.
fn properties(doc: &Table, r: &mut Report) -> (Vec<String>, WordTexts, WordTexts) {
    let mut custom: Vec<String> = Vec::new();
    let mut glossary: Vec<(String, String)> = Vec::new();
    let mut accents: Vec<(String, String)> = Vec::new();
    if let Some(Value::Table(p)) = doc.get("properties") {
        for (word, v) in p {
            let path = format!("properties.{word}");
            if is_core_word(&word.to_uppercase()) {
                r.errors.push(issue(
                    &path,
                    format!("{} is a core word; the glossary describes the pack's own properties", word.to_uppercase()),
                ));
                continue;
            }
            custom.push(word.clone());
            match v {
                Value::Table(t) => {
                    unknown_keys(t, &path, &["accent", "describe"], r);
                    let describe = string(t, "describe", &path, r, true);
                    if describe.chars().count() > 80 {
                        r.errors
                            .push(issue(&format!("{path}.describe"), "must be one sentence of at most 80 characters"));
                    }
                    glossary.push((word.to_uppercase(), describe));
                    let accent = string(t, "accent", &path, r, false);
                    if !accent.is_empty() && !ACCENTS.contains(&accent.as_str()) {
                        r.errors
                            .push(issue(&format!("{path}.accent"), format!("must be one of {}", ACCENTS.join(", "))));
                    } else if !accent.is_empty() {
                        accents.push((word.to_uppercase(), accent));
                    }
                }
                _ => r.errors.push(issue(&path, "must be { accent, describe }")),
            }
        }
    }
    (custom, glossary, accents)
}

/// `vocabulary`: extra nouns the pack's sentences may name (lowercase inside).
fn vocabulary(doc: &Table, r: &mut Report) -> Vec<String> {
    let mut vocabulary: Vec<String> = Vec::new();
    match doc.get("vocabulary") {
        None => {}
        Some(Value::Array(a)) => {
            for (i, v) in a.iter().enumerate() {
                match v.as_str() {
                    Some(w)
                        if !w.is_empty()
                            && w.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_') =>
                    {
                        vocabulary.push(w.to_lowercase())
                    }
                    _ => r.errors.push(issue(&format!("vocabulary[{i}]"), "must be an uppercase word, e.g. \"BELL\"")),
                }
            }
        }
        Some(_) => r.errors.push(issue("vocabulary", "must be a list of uppercase words")),
    }
    vocabulary
}

/// One `[[levels]]` entry, resolved and checked; `None` when it cannot be
/// read at all (its errors are in the report).
fn level(
    t: &Table,
    path: &str,
    words: &Words,
    earlier: &[Level],
    drawn: &mut Vec<String>,
    r: &mut Report,
) -> Option<Level> {
    let path = path.to_string();
    unknown_keys(
        t,
        &path,
        &[
            "id",
            "title",
            "hint",
            "category",
            "introduces",
            "allow_bypass",
            "allow_hands_off",
            "must_form",
            "solver_budget",
            "shortest",
            "terrain",
            "automata",
            "pairs",
            "map",
            "grid",
            "legend",
        ],
        r,
    );
    let id = string(t, "id", &path, r, true);
    if !id.is_empty() && !id_ok(&id) {
        r.errors.push(issue(&format!("{path}.id"), format!("'{id}' is not a valid id")));
    }
    if earlier.iter().any(|l| l.id == id) {
        r.errors.push(issue(&format!("{path}.id"), format!("duplicates another level id ({id})")));
    }
    let category = string(t, "category", &path, r, false);
    if !category.is_empty() && !["required", "optional", "challenge"].contains(&category.as_str()) {
        r.errors.push(issue(&format!("{path}.category"), "must be required, optional or challenge"));
    }
    let legend = level_legend(t, &path, r);
    let grid = level_grid(t, &path, &legend, r)?;
    let terrain = level_terrain(t, words.terrain);
    let (pairs, pair_at) = level_pairs(t, &path, r);
    let automata = level_automata(t, &path, r);
    let setup = Setup { grid, legend, terrain, pairs, automata };
    let board = match Board::parse(&setup.grid, &setup.legend) {
        Ok(b) => b,
        Err(e) => {
            r.errors.push(issue(&format!("{path}.{}", if t.contains_key("map") { "map" } else { "grid" }), e));
            return None;
        }
    };
    if board.things.len() > MAX_OBJECTS {
        r.errors.push(issue(&path, format!("has {} things; a level holds at most {MAX_OBJECTS}", board.things.len())));
    }
    if board.w > COMFORT.0 || board.h > COMFORT.1 {
        r.warnings.push(issue(
            &path,
            format!("the board is {}×{}, over the {}×{} guideline", board.w, board.h, COMFORT.0, COMFORT.1),
        ));
    }
    check_words(&setup, &pair_at, &board, &path, words, drawn, r);
    let introduces = level_introduces(t, &path, &board, r);
    check_circuits(&board, &path, r);
    check_start(&setup, &board, &path, r);
    let must_form = t
        .get("must_form")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).map(String::from).collect())
        .unwrap_or_default();
    let solver_budget = t.get("solver_budget").and_then(Value::as_integer).map(|n| n.max(0) as u64);
    let shortest = match t.get("shortest") {
        None => None,
        Some(Value::Integer(n)) if (0..=i64::from(u32::MAX)).contains(n) => Some(*n as u32),
        Some(_) => {
            r.errors.push(issue(&format!("{path}.shortest"), "must be a whole number of moves"));
            None
        }
    };
    let flag = |k: &str| t.get(k).and_then(Value::as_bool).unwrap_or(false);
    let (allow_bypass, allow_hands_off) = (flag("allow_bypass"), flag("allow_hands_off"));
    Some(Level {
        id,
        title: line(t, "title", &path, r, false),
        hint: string(t, "hint", &path, r, false),
        category,
        introduces,
        shortest,
        must_form,
        solver_budget,
        allow_bypass,
        allow_hands_off,
        setup,
    })
}

/// `legend`: characters to things or words.
fn level_legend(t: &Table, path: &str, r: &mut Report) -> Vec<(String, String)> {
    let mut legend: Vec<(String, String)> = Vec::new();
    if let Some(v) = t.get("legend") {
        match v.as_table() {
            Some(lt) => {
                for (k, v) in lt {
                    match legend_value(v) {
                        Ok(s) => legend.push((k.clone(), s)),
                        Err(m) => r.errors.push(issue(&format!("{path}.legend.{k}"), m)),
                    }
                }
            }
            None => r.errors.push(issue(&format!("{path}.legend"), "must map characters to things or words")),
        }
    }
    legend
}

/// The board: `map` (with the legend) or `grid`; `None` when neither reads.
fn level_grid(t: &Table, path: &str, legend: &[(String, String)], r: &mut Report) -> Option<String> {
    for key in ["map", "grid"] {
        if t.get(key).is_some_and(|v| !v.is_str()) {
            let kind = if t.get(key).is_some_and(Value::is_array) { "an array" } else { "not text" };
            r.errors.push(issue(
                &format!("{path}.{key}"),
                format!("must be one string, its rows on separate lines (\"\"\" … \"\"\"); this is {kind}"),
            ));
            return None;
        }
    }
    let grid = match (t.get("map").and_then(Value::as_str), t.get("grid").and_then(Value::as_str)) {
        (Some(map), None) => match map_to_grid(map, legend) {
            Ok(g) => g,
            Err((msg, sub)) => {
                r.errors.push(issue(&format!("{path}.map{sub}"), msg));
                return None;
            }
        },
        (None, Some(grid)) => grid.to_string(),
        (Some(_), Some(_)) => {
            r.errors.push(issue(path, "has both map and grid; give one"));
            return None;
        }
        (None, None) => {
            r.errors.push(issue(path, "needs a board: map (with legend) or grid"));
            return None;
        }
    };
    Some(grid)
}

/// The level's terrain nouns: the palette's, and its own `terrain` list.
fn level_terrain(t: &Table, pack_terrain: &[String]) -> Vec<String> {
    let mut lv_terrain = pack_terrain.to_vec();
    if let Some(extra) = t.get("terrain").and_then(Value::as_array) {
        lv_terrain.extend(extra.iter().filter_map(Value::as_str).map(str::to_lowercase));
    }
    lv_terrain
}

/// The level's words against the pack's: pair words and automaton
/// properties that are nouns here, the silent noun trap, objects named after
/// properties; records the nouns drawn.
fn check_words(
    setup: &Setup,
    pair_at: &[usize],
    board: &Board,
    path: &str,
    words: &Words,
    drawn: &mut Vec<String>,
    r: &mut Report,
) {
    let (palette, vocabulary, custom) = (words.palette, words.vocabulary, words.custom);
    // A pair word or automaton property may not be a noun that the level's objects use.
    for (i, a) in setup.automata.iter().enumerate() {
        if board.things.iter().any(|th| th.kind == Kind::Object(a.property.to_lowercase().into())) {
            r.errors.push(issue(
                &format!("{path}.automata[{i}].property"),
                format!("{} is a noun of this level's things, so it cannot be a property", a.property),
            ));
        }
    }
    for (p, &i) in setup.pairs.iter().zip(pair_at) {
        for w in &p.words {
            if board.things.iter().any(|th| th.kind == Kind::Object(w.to_lowercase().into())) {
                r.errors.push(issue(
                    &format!("{path}.pairs[{i}].words"),
                    format!("{w} is a noun of this level's things, so it cannot be a pair word"),
                ));
            }
            if let Some(j) = setup.automata.iter().position(|a| a.property.eq_ignore_ascii_case(w)) {
                r.errors.push(issue(
                    &format!("{path}.pairs[{i}].words"),
                    format!("{w} is the property of {path}.automata[{j}]; a pair word must be its own"),
                ));
            }
        }
    }
    // This level's working property words: its pairs' and automata's.
    let bound: Vec<String> = setup
        .pairs
        .iter()
        .flat_map(|p| p.words.iter().cloned())
        .chain(setup.automata.iter().map(|a| a.property.clone()))
        .collect();
    let is_bound = |n: &str| bound.iter().any(|c| c.eq_ignore_ascii_case(n));
    // The silent noun trap: a predicate word that is neither a property nor a noun of the pack.
    let nouns: Vec<String> = board
        .things
        .iter()
        .filter_map(|th| if let Kind::Object(n) = &th.kind { Some(n.to_string()) } else { None })
        .chain(palette.iter().cloned())
        .chain(vocabulary.iter().cloned())
        .collect();
    for th in &board.things {
        match &th.kind {
            Kind::Word(Word::Noun(n))
                if !nouns.iter().any(|m| m.as_str() == &**n)
                    && !is_bound(n)
                    && !custom.iter().any(|c| c.eq_ignore_ascii_case(n)) =>
            {
                r.warnings.push(issue(
                    path,
                    format!("{} isn't a thing in this pack. Did you mean a property?", n.to_uppercase()),
                ));
            }
            Kind::Word(Word::Noun(n)) if !is_bound(n) && custom.iter().any(|c| c.eq_ignore_ascii_case(n)) => {
                r.warnings
                    .push(issue(path, format!("{} is a declared property but reads as a noun here", n.to_uppercase())));
            }
            Kind::Object(n) => {
                drawn.push(n.to_string());
                if PROPS.iter().any(|(_, w)| w.eq_ignore_ascii_case(n))
                    || is_bound(n)
                    || custom.iter().any(|c| c.eq_ignore_ascii_case(n))
                {
                    r.warnings.push(issue(path, format!("the object '{n}' is named after a property")));
                }
            }
            _ => {}
        }
    }
}

/// A circuit needs both ends: plates with no gate (or gates with no plate) do nothing.
fn check_circuits(board: &Board, path: &str, r: &mut Report) {
    for c in super::board::CHANNELS {
        let plates = board.things.iter().filter(|th| th.is_plate() && th.channel.as_deref() == Some(c)).count();
        let gates = board.things.iter().filter(|th| th.is_gate() && th.channel.as_deref() == Some(c)).count();
        if plates > 0 && gates == 0 {
            r.warnings.push(issue(path, format!("channel {c} has plates but no gates")));
        } else if gates > 0 && plates == 0 {
            r.warnings.push(issue(path, format!("channel {c} has gates but no plates")));
        }
    }
}

/// Start-state checks: settle as the engine does at reset.
fn check_start(setup: &Setup, board: &Board, path: &str, r: &mut Report) {
    if let Ok(s) = <super::Miau as crate::game::Game>::start(setup, 0) {
        let lost = board.things.len() - s.board.things.len();
        if lost > 0 {
            r.warnings.push(issue(path, format!("{lost} thing(s) are destroyed at reset")));
        }
        if s.won {
            r.warnings.push(issue(path, "is already won at the start"));
        } else if !s.board.things.iter().any(|th| s.rules.has(&th.kind, super::board::Prop::You)) {
            r.warnings.push(issue(path, "starts without anything that is YOU"));
        }
    }
}

/// A legend value: a string (`"rock"`, `"MIAU"`, `"crate+dock"`) or an inline
/// table (`{ noun = "plate" }`, `{ word = "IS", fixed = true }`).
fn legend_value(v: &Value) -> Result<String, String> {
    match v {
        Value::String(s) => Ok(s.clone()),
        Value::Table(t) => {
            if let Some(w) = t.get("word").and_then(Value::as_str) {
                let fixed = t.get("fixed").and_then(Value::as_bool).unwrap_or(false);
                Ok(format!("{}{}", w.to_uppercase(), if fixed { "!" } else { "" }))
            } else if let Some(n) = t.get("noun").and_then(Value::as_str) {
                // `leaves`: what this noun becomes when it crumbles (FRAIL).
                let mut out = match t.get("leaves") {
                    None => n.to_lowercase(),
                    Some(Value::String(l)) => format!("{}>{}", n.to_lowercase(), l.to_lowercase()),
                    Some(_) => return Err("leaves must be a noun, e.g. leaves = \"WATER\"".into()),
                };
                // `channel`: the circuit of a plate or gate, from the fixed palette.
                match t.get("channel") {
                    None => {}
                    Some(Value::String(c)) if super::board::CHANNELS.contains(&c.to_lowercase().as_str()) => {
                        out = format!("{out}:{}", c.to_lowercase())
                    }
                    Some(_) => return Err(format!("channel must be one of {}", super::board::CHANNELS.join(", "))),
                }
                Ok(out)
            } else {
                Err("an inline entry needs noun = … or word = …".into())
            }
        }
        _ => Err("must be text or { noun = … } / { word = … }".into()),
    }
}

/// `map` + `legend` (one character a cell) to the grid notation.
fn map_to_grid(map: &str, legend: &[(String, String)]) -> Result<String, (String, String)> {
    let rows: Vec<&str> = map.lines().map(|l| l.trim_end()).filter(|l| !l.trim().is_empty()).collect();
    let mut out = Vec::new();
    let w = rows.first().map_or(0, |r| r.chars().count());
    for (y, row) in rows.iter().enumerate() {
        let n = row.chars().count();
        if n != w {
            return Err((format!("row {} is {n} wide, expected {w}", y + 1), String::new()));
        }
        let mut cells = Vec::new();
        for (x, ch) in row.chars().enumerate() {
            if ch == '.' {
                cells.push(".".to_string());
                continue;
            }
            let key = ch.to_string();
            match legend.iter().find(|(k, _)| *k == key) {
                Some((_, v)) => cells.push(v.clone()),
                None => {
                    return Err((
                        format!("row {}, column {}: '{ch}' is not in the legend", y + 1, x + 1),
                        String::new(),
                    ))
                }
            }
        }
        out.push(cells.join(" "));
    }
    Ok(out.join("\n"))
}

/// A level's `pairs`: `[{ words = ["OPEN", "SHUT"], effect = "destroy-both", enter = true }]`.
/// A level's `pairs`, with the index each had in the file (a pair that does
/// not read is left out, so later ones keep their own index in messages).
fn level_pairs(t: &Table, path: &str, r: &mut Report) -> (Vec<super::Pair>, Vec<usize>) {
    let mut out = Vec::new();
    let mut at_index = Vec::new();
    let Some(v) = t.get("pairs") else { return (out, at_index) };
    let Some(list) = v.as_array() else {
        r.errors
            .push(issue(&format!("{path}.pairs"), "must be a list of { words = [\"OPEN\", \"SHUT\"], enter = true }"));
        return (out, at_index);
    };
    // Every word seen so far and the pair it came from.
    let mut seen: Vec<(String, usize)> = Vec::new();
    if list.len() > super::MAX_PAIRS {
        r.errors.push(issue(
            &format!("{path}.pairs"),
            format!("has {} pairs; a level holds at most {}", list.len(), super::MAX_PAIRS),
        ));
    }
    for (i, p) in list.iter().enumerate() {
        let at = format!("{path}.pairs[{i}]");
        let Some(p) = p.as_table() else {
            r.errors.push(issue(&at, "must be a table { words = [\"OPEN\", \"SHUT\"] }"));
            continue;
        };
        unknown_keys(p, &at, &["words", "effect", "enter"], r);
        match p.get("effect").map(Value::as_str) {
            None | Some(Some("destroy-both")) => {}
            _ => r.errors.push(issue(&format!("{at}.effect"), "must be \"destroy-both\" (the only effect there is)")),
        }
        let enter = match p.get("enter") {
            None => false,
            Some(Value::Boolean(b)) => *b,
            Some(_) => {
                r.errors.push(issue(&format!("{at}.enter"), "must be true or false"));
                false
            }
        };
        let words: Vec<String> = p
            .get("words")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).map(str::to_uppercase).collect())
            .unwrap_or_default();
        if words.len() != 2 {
            r.errors.push(issue(&format!("{at}.words"), "must be two words, e.g. [\"OPEN\", \"SHUT\"]"));
            continue;
        }
        let mut ok = true;
        if words[0] == words[1] {
            r.errors.push(issue(
                &format!("{at}.words"),
                format!("the two words must differ, not {} and {}", words[0], words[1]),
            ));
            ok = false;
        }
        for w in &words {
            if is_core_word(w) {
                r.errors.push(issue(&format!("{at}.words"), format!("{w} is a core word and cannot be a pair word")));
                ok = false;
            } else if w.is_empty() || !w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                r.errors.push(issue(&format!("{at}.words"), format!("'{w}' must be letters, digits or _")));
                ok = false;
            } else if let Some((_, j)) = seen.iter().find(|(s, _)| s == w) {
                r.errors.push(issue(
                    &format!("{at}.words"),
                    format!("{w} is already a word of {path}.pairs[{j}]; a word belongs to one pair"),
                ));
                ok = false;
            }
        }
        seen.extend(words.iter().map(|w| (w.clone(), i)));
        if ok {
            out.push(super::Pair { words: [words[0].clone(), words[1].clone()], enter });
            at_index.push(i);
        }
    }
    (out, at_index)
}

/// A level's `introduces`: a list of text; an UPPERCASE entry is a word and
/// must be on the board, anything else is an idea in the author's words.
fn level_introduces(t: &Table, path: &str, board: &Board, r: &mut Report) -> Vec<String> {
    let mut out = Vec::new();
    let Some(v) = t.get("introduces") else { return out };
    let Some(list) = v.as_array() else {
        r.errors
            .push(issue(&format!("{path}.introduces"), "must be a list of text, e.g. [\"GAP\", \"sinking words\"]"));
        return out;
    };
    for (i, item) in list.iter().enumerate() {
        let at = format!("{path}.introduces[{i}]");
        let Some(text) = item.as_str() else {
            r.errors.push(issue(&at, "must be text"));
            continue;
        };
        let is_word =
            !text.is_empty() && text.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
        if is_word && !board.things.iter().any(|th| matches!(th.kind, Kind::Word(_)) && th.kind.text() == text) {
            r.errors.push(issue(&at, format!("{text} is not a word on this level's board")));
        }
        out.push(text.to_string());
    }
    out
}

/// A level's `automata`: `[{ id, subject?, property, phase?, pattern }]`, steps
/// as `"U"`/`"D"`/`"L"`/`"R"`/`"W"` or `{ action = "move", dx, dy }` / `{ action = "wait" }`.
fn level_automata(t: &Table, path: &str, r: &mut Report) -> Vec<super::Automaton> {
    use super::{Automaton, Step, MAX_AUTOMATA};
    let mut out: Vec<Automaton> = Vec::new();
    let Some(v) = t.get("automata") else { return out };
    let Some(list) = v.as_array() else {
        r.errors.push(issue(&format!("{path}.automata"), "must be a list of { id, property, pattern }"));
        return out;
    };
    if list.len() > MAX_AUTOMATA {
        r.errors.push(issue(
            &format!("{path}.automata"),
            format!("has {} automata; a level holds at most {MAX_AUTOMATA}", list.len()),
        ));
    }
    for (i, a) in list.iter().enumerate() {
        let at = format!("{path}.automata[{i}]");
        let Some(a) = a.as_table() else {
            r.errors.push(issue(&at, "must be a table { id, property, pattern }"));
            continue;
        };
        unknown_keys(a, &at, &["id", "subject", "property", "phase", "pattern"], r);
        let id = a.get("id").and_then(Value::as_str).unwrap_or_default().to_string();
        if id.is_empty() {
            r.errors.push(issue(&format!("{at}.id"), "needs an id, unique in the level"));
        } else if out.iter().any(|o| o.id == id) {
            r.errors.push(issue(&format!("{at}.id"), format!("'{id}' is used twice")));
        }
        let property = a.get("property").and_then(Value::as_str).unwrap_or_default().to_uppercase();
        if property.is_empty() || !property.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            r.errors.push(issue(&format!("{at}.property"), "needs a property word, e.g. \"TICK\""));
        } else if is_core_word(&property) {
            r.errors.push(issue(
                &format!("{at}.property"),
                format!("{property} is a core word and cannot be an automaton's property"),
            ));
        }
        let subject = a.get("subject").and_then(Value::as_str).map(str::to_lowercase);
        let mut pattern = Vec::new();
        match a.get("pattern").and_then(Value::as_array) {
            Some(steps) => {
                for (j, s) in steps.iter().enumerate() {
                    let step = match s {
                        Value::String(c) => match c.as_str() {
                            "U" => Some(Step::Move(0, -1)),
                            "D" => Some(Step::Move(0, 1)),
                            "L" => Some(Step::Move(-1, 0)),
                            "R" => Some(Step::Move(1, 0)),
                            "W" => Some(Step::Wait),
                            _ => None,
                        },
                        Value::Table(st) => match st.get("action").and_then(Value::as_str) {
                            Some("wait") => Some(Step::Wait),
                            Some("move") => {
                                let d = |k: &str| st.get(k).and_then(Value::as_integer).unwrap_or(0);
                                // One rule for a step of one cell: `Step::is_one_cell`,
                                // which `Miau::start` checks too (values past i32 are not).
                                let step = i32::try_from(d("dx")).ok().zip(i32::try_from(d("dy")).ok());
                                step.map(|(dx, dy)| Step::Move(dx, dy)).filter(|s| s.is_one_cell())
                            }
                            _ => None,
                        },
                        _ => None,
                    };
                    match step {
                        Some(s) => pattern.push(s),
                        None => r.errors.push(issue(&format!("{at}.pattern[{j}]"), "must be U, D, L, R, W, { action = \"move\", dx, dy } (one cell, no diagonals) or { action = \"wait\" }")),
                    }
                }
            }
            None => r.errors.push(issue(&format!("{at}.pattern"), "needs a list of steps")),
        }
        if pattern.is_empty() || pattern.len() > MAX_AUTOMATA {
            r.errors.push(issue(
                &format!("{at}.pattern"),
                format!("needs 1 to {MAX_AUTOMATA} steps, not {}", pattern.len()),
            ));
        }
        let phase = a.get("phase").and_then(Value::as_integer).unwrap_or(0);
        if phase < 0 || phase as usize >= pattern.len().max(1) {
            r.errors.push(issue(
                &format!("{at}.phase"),
                format!("must be a step index, 0 to {}", pattern.len().saturating_sub(1)),
            ));
        }
        out.push(Automaton { id, subject, property, phase: phase.clamp(0, 31) as u32, pattern });
    }
    out
}
