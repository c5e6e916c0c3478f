//! Packs: data-only TOML files of levels, never code. `load` reads the text
//! and collects every problem with its path and a readable sentence, plus
//! warnings that do not stop the pack from loading.
//!
//! This file reads the pack-wide sections; by concern beside it: `types.rs`
//! what a pack reads into, `read.rs` problems and typed reads of keys,
//! `level.rs` a level, `extensions.rs` a level's pairs, introductions and
//! automata.

use super::types::{is_core_word, Profile};
use level::{level, Words};
use read::{flag, id_ok, issue, line, line_col, string, unknown_keys, wrong};
use toml::{Table, Value};

mod deck;
mod extensions;
mod glyphs;
mod level;
mod read;
#[cfg(test)]
mod tests;
mod types;

pub use glyphs::{builtin, BUILTIN};
pub use read::{Issue, Report};
pub use types::{Glyph, Level, Pack, World, ACCENTS, COMFORT, ENGINE, FEATURES, MAX_LEVELS, MAX_OBJECTS};

/// A TOML basic string: quotes, backslashes and control characters escaped
/// (what the editor and the importer write packs with).
pub fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
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
            // The line itself, escaped and cut to a readable length, so the
            // author sees what the reader saw without opening the file.
            let quoted = at
                .and_then(|(l, _)| text.lines().nth(l - 1))
                .map(|l| {
                    let l: String = l.chars().take(80).collect();
                    format!(" (the line reads `{}`)", l.escape_debug())
                })
                .unwrap_or_default();
            r.errors.push(issue(&path, format!("not valid TOML: {msg}{quoted}")));
            return (None, r);
        }
    };
    unknown_keys(&doc, "", &["manifest", "palette", "properties", "vocabulary", "levels"], &mut r);
    let (id, name, world, profile) = manifest(&doc, &mut r);
    let palette = palette(&doc, &mut r);
    let (custom, mut glossary, mut accents) = properties(&doc, &mut r);
    let vocabulary = vocabulary(&doc, &mut r);
    let words =
        Words { palette: &palette.nouns, terrain: &palette.terrain, custom: &custom, vocabulary: &vocabulary, profile };
    let mut levels: Vec<Level> = Vec::new();
    let list = match doc.get("levels") {
        Some(Value::Array(a)) => a.clone(),
        Some(v) => {
            r.errors.push(wrong("levels", "a list of levels ([[levels]] tables)", v));
            Vec::new()
        }
        None => {
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
            r.errors.push(wrong(&path, "a level table ([[levels]])", lv));
            continue;
        };
        if let Some(l) = level(t, &path, &words, &levels, &mut drawn, &mut r) {
            levels.push(l);
        }
    }
    // Judged by the levels' things, not their text: a noun drawn through a
    // legend letter counts, a noun that only a word tile names does not.
    for n in &palette.nouns {
        if !drawn.contains(n) {
            let named = levels.iter().any(|l| {
                l.setup.grid.split(|c: char| !c.is_ascii_alphanumeric() && c != '_').any(|w| w == n.to_uppercase())
            });
            let why = if named {
                "is never drawn in any level (only a word names it: its glyph shows only if a rule makes one)"
            } else {
                "is never drawn in any level"
            };
            r.warnings.push(issue(&format!("palette.{}", n.to_uppercase()), why));
        }
    }
    // A noun drawn with no glyph of its own nor a built-in one would be
    // drawn as its name: the author is told which.
    let mut nameless: Vec<&String> =
        drawn.iter().filter(|n| !palette.nouns.contains(n) && builtin(n).is_none()).collect();
    nameless.sort();
    nameless.dedup();
    for n in nameless {
        r.warnings.push(issue(
            &format!("palette.{}", n.to_uppercase()),
            "has no glyph (the palette has none and the built-in table neither), so it is drawn as its name: give it one",
        ));
    }
    glossary.sort();
    accents.sort();
    let mut glyphs = palette.glyphs;
    glyphs.sort();
    let pack =
        r.errors.is_empty().then_some(Pack { id, name, levels, palette: glyphs, glossary, accents, world, profile });
    (pack, r)
}

/// `[manifest]`: the pack's id, name, world and rules profile (version,
/// engine and features checked).
fn manifest(doc: &Table, r: &mut Report) -> (String, String, Option<World>, Profile) {
    let empty = Table::new();
    let manifest = match doc.get("manifest") {
        Some(Value::Table(t)) => t,
        Some(v) => {
            r.errors.push(wrong("manifest", "a table ([manifest] with id, name, version, engine)", v));
            &empty
        }
        None => {
            r.errors.push(issue("manifest", "is required: [manifest] with id, name, version, engine"));
            &empty
        }
    };
    unknown_keys(manifest, "manifest", &["id", "name", "version", "engine", "features", "world", "rules"], r);
    let rules = string(manifest, "rules", "manifest", r, false);
    let profile = match Profile::from_name(if rules.is_empty() { "miau" } else { &rules }) {
        Some(p) => p,
        None => {
            r.errors.push(issue(
                "manifest.rules",
                format!("'{}' is not a rules profile: \"miau\" (the default) or \"keke\"", rules.escape_debug()),
            ));
            Profile::Miau
        }
    };
    let id = string(manifest, "id", "manifest", r, true);
    if !id.is_empty() && !id_ok(&id) {
        r.errors.push(issue("manifest.id", format!("'{id}' must be 2 to 64 characters: a lowercase letter, then lowercase letters, digits, '.', '_' or '-'")));
    }
    let name = line(manifest, "name", "manifest", r, true);
    // A world's name is a proper name ("Crate Works"): no sentence case.
    deck::check("manifest.name", &name, deck::Copy::Line, r);
    string(manifest, "version", "manifest", r, true);
    match manifest.get("engine") {
        Some(Value::Integer(n)) if *n == ENGINE => {}
        Some(Value::Integer(n)) => r.warnings.push(issue(
            "manifest.engine",
            format!("targets rules semantics {n}; this build plays {ENGINE}, so levels may behave differently"),
        )),
        Some(v) => r.errors.push(wrong("manifest.engine", "a whole number (the rules-semantics version)", v)),
        None => r.errors.push(issue("manifest.engine", "is required: the rules-semantics version, a whole number")),
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
                        None => r.errors.push(wrong(&format!("manifest.features[{i}]"), "a feature name", f)),
                    }
                }
            }
            None => r.errors.push(wrong("manifest.features", "a list of feature names", v)),
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
            deck::check("manifest.world.tagline", &tagline, deck::Copy::Line, r);
            if tagline.chars().count() > 80 {
                r.errors.push(issue("manifest.world.tagline", "must be at most 80 characters"));
            }
            let accent = string(w, "accent", "manifest.world", r, false);
            if !accent.is_empty() && !ACCENTS.contains(&accent.as_str()) {
                r.errors.push(issue("manifest.world.accent", format!("must be one of {}", ACCENTS.join(", "))));
            }
            Some(World { glyph, tagline, accent })
        }
        Some(v) => {
            r.errors.push(wrong("manifest.world", "a table ([manifest.world] with glyph, tagline, accent)", v));
            None
        }
    };
    (id, name, world, profile)
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
    let p = match doc.get("palette") {
        None => return Palette { nouns: palette, glyphs, terrain },
        Some(Value::Table(p)) => p,
        Some(v) => {
            r.errors.push(wrong("palette", "a table of nouns ([palette] with rock = \"🪨\")", v));
            return Palette { nouns: palette, glyphs, terrain };
        }
    };
    for (noun, v) in p {
        let path = format!("palette.{noun}");
        palette.push(noun.to_lowercase());
        let (glyph, fallback, faces) = match v {
            Value::String(g) => (g.clone(), String::new(), String::new()),
            Value::Table(t) => {
                unknown_keys(t, &path, &["glyph", "faces", "fallback", "terrain"], r);
                if flag(t, "terrain", &path, r) {
                    terrain.push(noun.to_lowercase());
                }
                let faces = string(t, "faces", &path, r, false);
                if !["", "left", "right"].contains(&faces.as_str()) {
                    r.errors.push(issue(&format!("{path}.faces"), "must be left or right"));
                }
                (string(t, "glyph", &path, r, false), string(t, "fallback", &path, r, false), faces)
            }
            v => {
                r.errors.push(wrong(&path, "a glyph (\"🐈\") or { glyph, faces, fallback, terrain }", v));
                (String::new(), String::new(), String::new())
            }
        };
        glyphs.push(Glyph { noun: noun.to_lowercase(), glyph, fallback, faces_left: faces == "left" });
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
    let p = match doc.get("properties") {
        None => return (custom, glossary, accents),
        Some(Value::Table(p)) => p,
        Some(v) => {
            r.errors.push(wrong("properties", "a table of property words ([properties.WORD] with describe)", v));
            return (custom, glossary, accents);
        }
    };
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
                    r.errors.push(issue(&format!("{path}.describe"), "must be one sentence of at most 80 characters"));
                }
                glossary.push((word.to_uppercase(), describe));
                let accent = string(t, "accent", &path, r, false);
                if !accent.is_empty() && !ACCENTS.contains(&accent.as_str()) {
                    r.errors.push(issue(&format!("{path}.accent"), format!("must be one of {}", ACCENTS.join(", "))));
                } else if !accent.is_empty() {
                    accents.push((word.to_uppercase(), accent));
                }
            }
            v => r.errors.push(wrong(&path, "a table { accent, describe }", v)),
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
                    Some(_) => {
                        r.errors.push(issue(&format!("vocabulary[{i}]"), "must be an uppercase word, e.g. \"BELL\""))
                    }
                    None => r.errors.push(wrong(&format!("vocabulary[{i}]"), "an uppercase word (\"BELL\")", v)),
                }
            }
        }
        Some(v) => r.errors.push(wrong("vocabulary", "a list of uppercase words", v)),
    }
    vocabulary
}
