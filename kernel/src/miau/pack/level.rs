//! One level of a pack: its grid (a map through a legend, or the grid
//! notation), terrain, the words it uses and the checks on its start.

use super::super::board::{Board, Kind, Word, PROPS};
use super::super::types::{rule_text, Like, Setup};
use super::extensions::{level_automata, level_lessons, level_pairs};
use super::read::{expected_found, flag, id_ok, issue, line, string, texts, unknown_keys, whole, wrong, Report};
use super::types::{Level, COMFORT, MAX_OBJECTS};
use toml::{Table, Value};

/// The words a pack declares, which its levels' checks read.
pub(super) struct Words<'a> {
    /// The palette's nouns, lowercase.
    pub(super) palette: &'a [String],
    /// The palette's terrain nouns, lowercase.
    pub(super) terrain: &'a [String],
    /// The declared custom properties.
    pub(super) custom: &'a [String],
    /// The extra nouns sentences may name, lowercase.
    pub(super) vocabulary: &'a [String],
    /// The rules the pack's levels play by (`[manifest] rules`).
    pub(super) profile: super::super::types::Profile,
}

/// One `[[levels]]` entry, resolved and checked; `None` when it cannot be
/// read at all (its errors are in the report).
pub(super) fn level(
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
            "reuses",
            "allow_bypass",
            "allow_same_rules",
            "allow_hands_off",
            "must_form",
            "must_break",
            "solver_budget",
            "shortest",
            "terrain",
            "automata",
            "pairs",
            "map",
            "grid",
            "legend",
            "solution",
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
    let terrain = level_terrain(t, &path, words.terrain, r);
    let (pairs, pair_at) = level_pairs(t, &path, r);
    let automata = level_automata(t, &path, r);
    let setup = Setup { grid, legend, terrain, pairs, automata, profile: words.profile };
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
    let introduces = level_lessons(t, "introduces", &path, &board, r);
    let reuses = level_lessons(t, "reuses", &path, &board, r);
    check_circuits(&board, &path, r);
    check_start(&setup, &board, &path, r);
    let known = |w: &str| known_word(w, &setup, &board, words);
    let must_form = requirements(t, &path, &known, r);
    let must_break = breaks(t, &path, &known, r);
    // `as u64`/`as u32` below: the ranges are checked first.
    let solver_budget = whole(t, "solver_budget", &path, r, 1..=i64::MAX, "a whole number of states").map(|n| n as u64);
    let shortest = whole(t, "shortest", &path, r, 0..=i64::from(u32::MAX), "a whole number of moves").map(|n| n as u32);
    let allow_bypass = flag(t, "allow_bypass", &path, r);
    let allow_same_rules = flag(t, "allow_same_rules", &path, r);
    let allow_hands_off = flag(t, "allow_hands_off", &path, r);
    let solution = level_solution(t, &path, r);
    let title = line(t, "title", &path, r, false);
    super::deck::check(&format!("{path}.title"), &title, super::deck::Copy::Title, r);
    let hint = string(t, "hint", &path, r, false);
    super::deck::check(&format!("{path}.hint"), &hint, super::deck::Copy::Line, r);
    Some(Level {
        id,
        title,
        hint,
        category,
        introduces,
        reuses,
        shortest,
        must_form,
        must_break,
        solver_budget,
        allow_bypass,
        allow_same_rules,
        allow_hands_off,
        solution,
        setup,
    })
}

/// `solution`: a stored solution in the move letters (`U D L R`, and `W` or
/// the competition's `S` for a wait, either case), kept as `UDLRW`.
fn level_solution(t: &Table, path: &str, r: &mut Report) -> Option<String> {
    let text = string(t, "solution", path, r, false);
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.chars().enumerate() {
        match c.to_ascii_uppercase() {
            'S' => out.push('W'),
            c @ ('U' | 'D' | 'L' | 'R' | 'W') => out.push(c),
            _ => {
                r.errors.push(issue(
                    &format!("{path}.solution"),
                    format!("move {} is '{}': moves are U, D, L, R and W (or S) for a wait", i + 1, c.escape_debug()),
                ));
                return None;
            }
        }
    }
    t.contains_key("solution").then_some(out)
}

/// `legend`: characters to things or words.
pub(super) fn level_legend(t: &Table, path: &str, r: &mut Report) -> Vec<(String, String)> {
    let mut legend: Vec<(String, String)> = Vec::new();
    if let Some(v) = t.get("legend") {
        match v.as_table() {
            Some(lt) => {
                for (k, v) in lt {
                    match legend_value(v) {
                        Ok(s) => legend.push((k.clone(), s)),
                        Err(("", m)) => r.errors.push(issue(&format!("{path}.legend.{k}"), m)),
                        Err((sub, m)) => r.errors.push(issue(&format!("{path}.legend.{k}.{sub}"), m)),
                    }
                }
            }
            None => r.errors.push(wrong(&format!("{path}.legend"), "a table of characters to things or words", v)),
        }
    }
    legend
}

/// The board: `map` (with the legend) or `grid`; `None` when neither reads.
pub(super) fn level_grid(t: &Table, path: &str, legend: &[(String, String)], r: &mut Report) -> Option<String> {
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
pub(super) fn level_terrain(t: &Table, path: &str, pack_terrain: &[String], r: &mut Report) -> Vec<String> {
    let mut lv_terrain = pack_terrain.to_vec();
    let extra = texts(t, "terrain", path, r, "a list of nouns (terrain = [\"wall\"])", "a noun");
    lv_terrain.extend(extra.iter().map(|n| n.to_lowercase()));
    lv_terrain
}

/// The level's words against the pack's: pair words and automaton
/// properties that are nouns here, the silent noun trap, objects named after
/// properties; records the nouns drawn.
pub(super) fn check_words(
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
    // One warning a word, however many tiles of it the board holds.
    let mut warned: Vec<&str> = Vec::new();
    for th in &board.things {
        if let Kind::Word(Word::Noun(n)) = &th.kind {
            if warned.contains(&&**n) {
                continue;
            }
            warned.push(n);
        }
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
                // What it crumbles into is drawn too, once it crumbles (FRAIL
                // `leaves`, followed down the chain; a cycle ends at a repeat).
                let mut at: &str = n;
                while let Some(l) = board.leftover(at) {
                    if drawn.iter().any(|d| d == l) {
                        break;
                    }
                    drawn.push(l.to_string());
                    at = l;
                }
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
pub(super) fn check_circuits(board: &Board, path: &str, r: &mut Report) {
    for c in super::super::board::CHANNELS {
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
pub(super) fn check_start(setup: &Setup, board: &Board, path: &str, r: &mut Report) {
    let start = <super::super::Miau as crate::game::Game>::start(setup, 0);
    // The setup's own limits are reported by their keys; what the rules
    // profile refuses (a word it does not play) only here.
    if let (Err(e), Ok(())) = (&start, setup.check()) {
        r.errors.push(issue(path, e.0.to_string()));
    }
    if let Ok(s) = start {
        // What and where: the things of the board that the settled start no
        // longer holds, by id, the first few named with their cell.
        let gone: Vec<_> = board.things.iter().filter(|th| !s.board.things.iter().any(|k| k.id == th.id)).collect();
        if !gone.is_empty() {
            let shown: Vec<String> = gone
                .iter()
                .take(4)
                .map(|th| format!("{} at row {}, column {}", th.kind.text(), th.y + 1, th.x + 1))
                .collect();
            let more = if gone.len() > 4 { format!(" and {} more", gone.len() - 4) } else { String::new() };
            let n = gone.len();
            let things = if n == 1 { "thing is" } else { "things are" };
            r.warnings.push(issue(path, format!("{n} {things} destroyed at reset: {}{more}", shown.join(", "))));
        }
        if s.won {
            r.warnings.push(issue(path, "is already won at the start"));
        } else if !s.board.things.iter().any(|th| s.rules.has(&th.kind, super::super::board::Prop::You)) {
            r.warnings.push(issue(path, "starts without anything that is YOU"));
        }
    }
}

/// A legend value: a string (`"rock"`, `"MIAU"`, `"crate+dock"`) or an inline
/// table (`{ noun = "plate" }`, `{ word = "IS", fixed = true }`). An error
/// names the inline key it is about ("" for the entry as a whole).
pub(super) fn legend_value(v: &Value) -> Result<String, (&'static str, String)> {
    match v {
        Value::String(s) => Ok(s.clone()),
        Value::Table(t) => {
            for (key, expected) in [("word", "a word (\"IS\")"), ("noun", "a noun (\"rock\")")] {
                if let Some(v) = t.get(key).filter(|v| !v.is_str()) {
                    return Err((key, expected_found(expected, v)));
                }
            }
            if let Some(w) = t.get("word").and_then(Value::as_str) {
                let fixed = match t.get("fixed") {
                    None => false,
                    Some(Value::Boolean(b)) => *b,
                    Some(v) => return Err(("fixed", expected_found("true or false", v))),
                };
                Ok(format!("{}{}", w.to_uppercase(), if fixed { "!" } else { "" }))
            } else if let Some(n) = t.get("noun").and_then(Value::as_str) {
                // `leaves`: what this noun becomes when it crumbles (FRAIL).
                let mut out = match t.get("leaves") {
                    None => n.to_lowercase(),
                    Some(Value::String(l)) => format!("{}>{}", n.to_lowercase(), l.to_lowercase()),
                    Some(v) => return Err(("leaves", expected_found("a noun (leaves = \"WATER\")", v))),
                };
                // `channel`: the circuit of a plate or gate, from the fixed palette.
                match t.get("channel") {
                    None => {}
                    Some(Value::String(c)) if super::super::board::CHANNELS.contains(&c.to_lowercase().as_str()) => {
                        out = format!("{out}:{}", c.to_lowercase())
                    }
                    Some(_) => {
                        return Err(("channel", format!("must be one of {}", super::super::board::CHANNELS.join(", "))))
                    }
                }
                Ok(out)
            } else {
                Err(("", "an inline entry needs noun = … or word = …".into()))
            }
        }
        v => Err(("", expected_found("text or { noun = … } / { word = … }", v))),
    }
}

/// `map` + `legend` (one character a cell) to the grid notation.
pub(super) fn map_to_grid(map: &str, legend: &[(String, String)]) -> Result<String, (String, String)> {
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

/// A requirement's sentence, checked at load as the table form is (issue
/// 61: `"ROCK FLAG"` and `"FLAG IS WINN"` loaded, and only `--proofs`
/// noticed): `NOUN IS PROPERTY` or `NOUN IS NOUN`, a noun first, each word
/// one the level knows. Returns the rule as the rule set writes it.
fn sentence(text: &str, known: &dyn Fn(&str) -> bool) -> Result<String, String> {
    let rule = rule_text(text)?;
    let (x, y) = rule.split_once(" IS ").unwrap_or((&rule, ""));
    if PROPS.iter().any(|(_, w)| *w == x) {
        return Err(format!("'{text}' starts with the property {x}: a rule's first word is a noun"));
    }
    if let Some(w) = [x, y].into_iter().find(|w| !known(w)) {
        return Err(format!(
            "'{text}': {w} is no property and no noun of this level (its things, words, legend, palette or vocabulary)"
        ));
    }
    Ok(rule)
}

/// Whether `w` (uppercase) is a word a rule of this level may hold: a
/// property, one of its custom words (automata, pairs, the pack's), or a
/// noun of its things, words, legend, palette, terrain or vocabulary.
fn known_word(w: &str, setup: &Setup, board: &Board, words: &Words) -> bool {
    let lower = w.to_lowercase();
    PROPS.iter().any(|(_, p)| *p == w)
        || setup.automata.iter().any(|a| a.property.eq_ignore_ascii_case(w))
        || setup.pairs.iter().any(|p| p.words.iter().any(|x| x.eq_ignore_ascii_case(w)))
        || words.custom.iter().any(|c| c.eq_ignore_ascii_case(w))
        || [words.palette, words.terrain, words.vocabulary].iter().any(|l| l.contains(&lower))
        || setup.legend.iter().any(|(_, v)| v.split('+').any(|part| part.trim_end_matches('!').eq_ignore_ascii_case(w)))
        || board.things.iter().any(|t| t.kind.text().eq_ignore_ascii_case(w))
}

/// `must_break`: a list of sentences, each checked as [`sentence`] does.
fn breaks(t: &Table, path: &str, known: &dyn Fn(&str) -> bool, r: &mut Report) -> Vec<String> {
    texts(t, "must_break", path, r, "a list of sentences", "a sentence")
        .into_iter()
        .enumerate()
        .filter_map(|(i, text)| match sentence(&text, known) {
            Ok(rule) => Some(rule),
            Err(e) => {
                r.errors.push(issue(&format!("{path}.must_break[{i}]"), e));
                None
            }
        })
        .collect()
}

/// `must_form`: each item a sentence (`"FLAG IS WIN"`) or a rule named by
/// what it is like (`{axis = "v", shares_word_with = "MIAU IS YOU"}`, the
/// spec's F-XW15), kept as the table's text ([`Like::text`]); a wrong item
/// is an error with its path.
fn requirements(t: &Table, path: &str, known: &dyn Fn(&str) -> bool, r: &mut Report) -> Vec<String> {
    let item = "a sentence or a table of axis, predicate and shares_word_with";
    let list = match t.get("must_form") {
        None => return Vec::new(),
        Some(Value::Array(a)) => a,
        Some(v) => {
            r.errors.push(wrong(&format!("{path}.must_form"), "a list of sentences", v));
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for (i, v) in list.iter().enumerate() {
        let at = format!("{path}.must_form[{i}]");
        match v {
            Value::String(s) => match sentence(s, known) {
                Ok(rule) => out.push(rule),
                Err(e) => r.errors.push(issue(&at, e)),
            },
            Value::Table(like) => {
                match Like::from_table(like, |key, v| r.errors.push(wrong(&format!("{at}.{key}"), "text", v))) {
                    Ok(l) => out.push(l.text()),
                    Err((Some(k), e)) => r.errors.push(issue(&format!("{at}.{k}"), e)),
                    Err((None, e)) => r.errors.push(issue(&at, e)),
                }
            }
            v => r.errors.push(wrong(&at, item, v)),
        }
    }
    out
}
