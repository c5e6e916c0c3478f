//! The Keke AI Competition's level files as Miau packs, and back.
//!
//! A competition file (`Keke_JS/json_levels/*_LEVELS.json`) is
//! `{"levels": [{"id", "name", "author", "ascii", "solution"}]}`: `ascii`
//! rows split by `\n`, a ring of `_` as the border, `.` or a space empty,
//! letters and digits by the competition's key ([`KEY`]); `solution` the
//! moves `u d l r` and `s` (a wait), either case. [`import`] writes one pack
//! per [`MAX_LEVELS`] levels (`rules = "keke"`, each level's `map` the ascii
//! inside its border, its `solution` kept), or refuses the file with every
//! level that cannot be read and why; [`export`] writes a pack's levels back
//! in the competition's form (the two round-trip).

use super::pack::{quoted, Pack, MAX_LEVELS};
use serde_json::Value;

/// The competition's key: a map character and what it is in Miau's grid.
pub const KEY: [(char, &str); 32] = [
    ('b', "baba"),
    ('B', "BABA"),
    ('k', "keke"),
    ('K', "KEKE"),
    ('s', "skull"),
    ('S', "SKULL"),
    ('f', "flag"),
    ('F', "FLAG"),
    ('o', "floor"),
    ('O', "FLOOR"),
    ('a', "grass"),
    ('A', "GRASS"),
    ('l', "lava"),
    ('L', "LAVA"),
    ('r', "rock"),
    ('R', "ROCK"),
    ('w', "wall"),
    ('W', "WALL"),
    ('g', "goop"),
    ('G', "GOOP"),
    ('v', "love"),
    ('V', "LOVE"),
    ('1', "IS"),
    ('2', "YOU"),
    ('3', "WIN"),
    ('4', "KILL"),
    ('5', "PUSH"),
    ('6', "STOP"),
    ('7', "MOVE"),
    ('8', "HOT"),
    ('9', "MELT"),
    ('0', "SINK"),
];

/// Each noun's glyph in an imported pack (the competition draws sprites),
/// and a fallback where the window's fonts lack the glyph (empty: none).
const GLYPHS: [(&str, &str, &str); 11] = [
    ("baba", "🐇", ""),
    ("keke", "🦊", "👹"),
    ("skull", "💀", ""),
    ("flag", "🚩", ""),
    ("floor", "▫", ""),
    ("grass", "🌿", ""),
    ("lava", "🌋", ""),
    ("rock", "🪨", "🗿"),
    ("wall", "🧱", "🔳"),
    ("goop", "🟢", "💧"),
    ("love", "💗", ""),
];

/// The most levels a file may hold (a pack holds [`MAX_LEVELS`]).
pub const MAX_FILE_LEVELS: usize = 4096;

/// The largest map side the importer reads (border included).
pub const MAX_SIDE: usize = 64;

/// What a map character is, if the competition's key has it.
fn key(c: char) -> Option<&'static str> {
    KEY.iter().find(|(k, _)| *k == c).map(|(_, v)| *v)
}

/// One level read from a competition file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KekeLevel {
    /// Its id in the file, as text (`"12"`).
    pub id: String,
    /// Its name (often empty).
    pub name: String,
    /// Its author.
    pub author: String,
    /// The rows inside the border, `.` for empty.
    pub rows: Vec<String>,
    /// Its stored solution, as `UDLRW` (the file's `s` a `W`).
    pub solution: String,
}

/// A pack written by [`import`]: its file name's suffix (`""` for a file
/// that fits one pack, else `-1`, `-2`…) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// Added to the file's stem.
    pub suffix: String,
    /// The pack's TOML.
    pub text: String,
    /// Its levels.
    pub levels: usize,
}

/// Reads a competition file's levels, or every problem: the level (its
/// place in the list from 1, and its id) and why.
pub fn read(json: &str) -> Result<Vec<KekeLevel>, Vec<String>> {
    let doc: Value = serde_json::from_str(json)
        .map_err(|e| vec![format!("not a competition level file: line {}, column {}: {e}", e.line(), e.column())])?;
    let Some(list) = doc.get("levels").and_then(Value::as_array) else {
        return Err(vec!["not a competition level file: it needs a list \"levels\"".into()]);
    };
    if list.len() > MAX_FILE_LEVELS {
        return Err(vec![format!("{} levels; a file may hold at most {MAX_FILE_LEVELS}", list.len())]);
    }
    let mut levels = Vec::new();
    let mut problems = Vec::new();
    for (i, v) in list.iter().enumerate() {
        let id = match v.get("id") {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) => n.to_string(),
            _ => String::new(),
        };
        let at = if id.is_empty() { format!("level {}", i + 1) } else { format!("level {} (id {id})", i + 1) };
        match level(v, id) {
            Ok(l) => levels.push(l),
            Err(why) => problems.push(format!("{at}: {why}")),
        }
    }
    if problems.is_empty() {
        Ok(levels)
    } else {
        Err(problems)
    }
}

/// One level of the list, or why it cannot be read.
fn level(v: &Value, id: String) -> Result<KekeLevel, String> {
    if !v.is_object() {
        return Err("is not a level object ({\"id\", \"ascii\", \"solution\", …})".into());
    }
    if id.is_empty() {
        return Err("has no id (a number or a text)".into());
    }
    let text = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
    let ascii = text("ascii").ok_or("has no ascii map (a text)")?;
    let rows: Vec<Vec<char>> = ascii.split('\n').map(|r| r.trim_end_matches('\r').chars().collect()).collect();
    let (h, w) = (rows.len(), rows[0].len());
    if h < 3 || w < 3 || h > MAX_SIDE || w > MAX_SIDE {
        return Err(format!("its map is {w}×{h}; it must be 3 to {MAX_SIDE} a side, border included"));
    }
    for (y, r) in rows.iter().enumerate() {
        if r.len() != w {
            return Err(format!("row {} is {} wide, expected {w}", y + 1, r.len()));
        }
        for (x, &c) in r.iter().enumerate() {
            let edge = y == 0 || x == 0 || y == h - 1 || x == w - 1;
            if edge != (c == '_') {
                let what = if edge { "the border ring (_) is broken" } else { "a border (_) inside the map" };
                return Err(format!("row {}, column {}: {what}", y + 1, x + 1));
            }
            if !edge && c != '.' && c != ' ' && key(c).is_none() {
                return Err(format!(
                    "row {}, column {}: '{}' is not in the competition's key",
                    y + 1,
                    x + 1,
                    c.escape_debug()
                ));
            }
        }
    }
    let inside =
        rows[1..h - 1].iter().map(|r| r[1..w - 1].iter().map(|&c| if c == ' ' { '.' } else { c }).collect()).collect();
    let stored = text("solution").unwrap_or_default();
    let mut solution = String::with_capacity(stored.len());
    for (i, c) in stored.chars().enumerate() {
        match c.to_ascii_uppercase() {
            'S' => solution.push('W'),
            c @ ('U' | 'D' | 'L' | 'R') => solution.push(c),
            _ => return Err(format!("solution move {} is '{}': moves are u, d, l, r and s", i + 1, c.escape_debug())),
        }
    }
    Ok(KekeLevel {
        id,
        name: text("name").unwrap_or_default(),
        author: text("author").unwrap_or_default(),
        rows: inside,
        solution,
    })
}

/// A level id the pack accepts, from the file's (`12` → `level-12`), made
/// unique among `taken`.
fn level_id(id: &str, taken: &[String]) -> String {
    let clean: String =
        id.to_lowercase().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).take(40).collect();
    let base = format!("level-{clean}");
    let mut out = base.clone();
    let mut n = 2;
    while taken.contains(&out) {
        out = format!("{base}-{n}");
        n += 1;
    }
    out
}

/// The competition file's levels as packs of at most [`MAX_LEVELS`] levels
/// each, named after `stem` (the file's name without `.json`).
pub fn import(json: &str, stem: &str) -> Result<Vec<Written>, Vec<String>> {
    let levels = read(json)?;
    if levels.is_empty() {
        return Err(vec!["the file has no levels".into()]);
    }
    let chunks: Vec<&[KekeLevel]> = levels.chunks(MAX_LEVELS).collect();
    let many = chunks.len() > 1;
    let base: String = stem
        .to_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .take(48)
        .collect::<String>()
        .trim_matches('-')
        .to_string();
    let base = if base.is_empty() { "levels".to_string() } else { base };
    Ok(chunks
        .iter()
        .enumerate()
        .map(|(k, chunk)| {
            let suffix = if many { format!("-{}", k + 1) } else { String::new() };
            let part = if many { format!(" ({} of {})", k + 1, chunks.len()) } else { String::new() };
            Written {
                suffix: suffix.clone(),
                text: pack_text(chunk, &format!("keke-{base}{suffix}"), &format!("Keke: {stem}{part}")),
                levels: chunk.len(),
            }
        })
        .collect())
}

/// One pack's TOML.
fn pack_text(levels: &[KekeLevel], id: &str, name: &str) -> String {
    // A noun drawn anywhere gets its glyph; one only a word names is
    // vocabulary (a key of the document, so written before any table).
    let used = |lower: bool| -> Vec<&str> {
        KEY.iter()
            .filter(|(c, _)| c.is_ascii_alphabetic() && c.is_ascii_lowercase() == lower)
            .filter(|(c, _)| levels.iter().any(|l| l.rows.iter().any(|r| r.contains(*c))))
            .map(|(_, v)| *v)
            .collect()
    };
    let drawn = used(true);
    let named: Vec<String> =
        used(false).iter().filter(|w| !drawn.contains(&w.to_lowercase().as_str())).map(|w| quoted(w)).collect();
    let mut t = String::new();
    t.push_str("# Imported from a Keke AI Competition level file (retrace miau import).\n");
    if !named.is_empty() {
        t.push_str(&format!("vocabulary = [{}]\n", named.join(", ")));
    }
    t.push_str(&format!(
        "\n[manifest]\nid = {}\nname = {}\nversion = \"1\"\nengine = 1\nrules = \"keke\"\n\n",
        quoted(id),
        quoted(name)
    ));
    t.push_str("[palette]\n");
    for (noun, glyph, fallback) in GLYPHS.iter().filter(|(n, _, _)| drawn.contains(n)) {
        if fallback.is_empty() {
            t.push_str(&format!("{noun} = {}\n", quoted(glyph)));
        } else {
            t.push_str(&format!("{noun} = {{ glyph = {}, fallback = {} }}\n", quoted(glyph), quoted(fallback)));
        }
    }
    let mut taken: Vec<String> = Vec::new();
    for l in levels {
        let id = level_id(&l.id, &taken);
        taken.push(id.clone());
        let title = if l.name.trim().is_empty() { format!("Level {}", l.id) } else { l.name.trim().to_string() };
        // Optional: a crowd's levels in a file lock none behind another.
        t.push_str(&format!(
            "\n[[levels]]\nid = {}\ntitle = {}\ncategory = \"optional\"\n",
            quoted(&id),
            quoted(&title.chars().take(60).collect::<String>())
        ));
        if !l.author.trim().is_empty() {
            t.push_str(&format!("hint = {}\n", quoted(&format!("A level by {}.", l.author.trim()))));
        }
        t.push_str(&format!("solution = {}\n", quoted(&l.solution)));
        let chars: Vec<char> = {
            let mut c: Vec<char> = l.rows.iter().flat_map(|r| r.chars()).filter(|&c| c != '.').collect();
            c.sort_unstable();
            c.dedup();
            c
        };
        let legend: Vec<String> = chars
            .iter()
            .filter_map(|&c| key(c).map(|v| format!("{} = {}", quoted(&c.to_string()), quoted(v))))
            .collect();
        t.push_str(&format!("legend = {{ {} }}\n", legend.join(", ")));
        t.push_str(&format!("map = '''\n{}\n'''\n", l.rows.join("\n")));
    }
    t
}

/// A pack's levels in the competition's form (its border ring added back,
/// `solution` as `u d l r s`); `None` for a pack whose levels do not all
/// read back into the competition's key (a Miau pack of its own words).
pub fn export(pack: &Pack) -> Option<String> {
    let mut out = String::from("{\"levels\" : [\n");
    for (i, l) in pack.levels.iter().enumerate() {
        let board = super::board::Board::parse(&l.setup.grid, &l.setup.legend).ok()?;
        let (w, h) = (board.w as usize, board.h as usize);
        let mut rows = vec![vec!['.'; w]; h];
        for t in &board.things {
            let text = t.kind.text();
            let c = KEY.iter().find(|(_, v)| *v == text)?.0;
            let cell = &mut rows[t.y as usize][t.x as usize];
            if *cell != '.' {
                return None; // Two things in a cell: the competition's maps have one.
            }
            *cell = c;
        }
        let border = "_".repeat(w + 2);
        let mut ascii = vec![border.clone()];
        ascii.extend(rows.iter().map(|r| format!("_{}_", r.iter().collect::<String>())));
        ascii.push(border);
        let id = l.id.strip_prefix("level-").unwrap_or(&l.id);
        let id_json = if id.bytes().all(|b| b.is_ascii_digit()) && !id.is_empty() {
            id.to_string()
        } else {
            serde_json::Value::from(id).to_string()
        };
        let solution: String = l
            .solution
            .as_deref()
            .unwrap_or("")
            .chars()
            .map(|c| if c == 'W' { 's' } else { c.to_ascii_lowercase() })
            .collect();
        let author = l.hint.strip_prefix("A level by ").and_then(|a| a.strip_suffix('.')).unwrap_or("");
        let name = if l.title == format!("Level {id}") { "" } else { l.title.as_str() };
        let level =
            serde_json::json!({ "name": name, "author": author, "ascii": ascii.join("\n"), "solution": solution });
        let body = level.to_string();
        out.push_str(&format!("\t{{\"id\":{id_json},{}", &body[1..]));
        out.push_str(if i + 1 < pack.levels.len() { ",\n" } else { "\n" });
    }
    out.push_str("]}\n");
    Some(out)
}

#[cfg(test)]
mod tests;
