//! The reader against the format, key by key: every key of a pack given a
//! value of the wrong type is an error with its path and what was expected
//! (issue 44: such keys used to load in silence, and a `must_form` written
//! without brackets lost its proof), and the warnings judged by things.

use super::load;

/// A pack that uses every key of the format once, each with a value of the
/// right type; the cases below spoil one line of it at a time.
const EVERY_KEY: &str = r#"vocabulary = ["BELL"]

[manifest]
id = "tt"
name = "T"
version = "1"
engine = 1
features = ["fixed", "automata", "pairs", "terrain"]

[manifest.world]
glyph = "🐾"
tagline = "A test."
accent = "you"

[palette]
MIAU = "🐈"
ROCK = { glyph = "🪨", fallback = "o", faces = "left", terrain = false }

[properties.BELL]
describe = "Rings."
accent = "win"

[[levels]]
id = "aa"
title = "A"
hint = "Go."
category = "required"
introduces = ["YOU"]
reuses = ["walking"]
allow_bypass = false
allow_same_rules = false
allow_hands_off = false
must_form = ["ROCK IS WIN", { axis = "v", predicate = "win", shares_word_with = "miau is you" }]
must_break = ["MIAU IS YOU"]
solver_budget = 1000
shortest = 3
terrain = ["rock"]
pairs = [{ words = ["OPEN", "SHUT"], effect = "destroy-both", enter = true }]
automata = [{ id = "t", subject = "rock", property = "TICK", phase = 0, pattern = ["R", "W"] }]
map = """
MIY..
m.r..
"""
legend = { M = "MIAU", I = { word = "IS", fixed = true }, Y = "YOU", m = "miau", r = { noun = "rock", leaves = "miau" } }
"#;

fn errors(text: &str) -> Vec<String> {
    load(text).1.errors.iter().map(ToString::to_string).collect()
}

fn warnings(text: &str) -> Vec<String> {
    load(text).1.warnings.iter().map(ToString::to_string).collect()
}

/// `EVERY_KEY` with its one line `from` replaced by `to` must be refused
/// with `expected` among its errors.
fn check(from: &str, to: &str, expected: &str) {
    assert_eq!(EVERY_KEY.matches(from).count(), 1, "{from:?} is not one line of the pack");
    let e = errors(&EVERY_KEY.replacen(from, to, 1));
    assert!(e.iter().any(|m| m == expected), "{to:?}: expected {expected:?} among {e:?}");
}

#[test]
fn the_pack_with_every_key_loads() {
    let (pack, r) = load(EVERY_KEY);
    let pack = pack.unwrap_or_else(|| panic!("{:?}", r.errors));
    let l = &pack.levels[0];
    assert_eq!(
        (l.must_form.as_slice(), l.must_break.as_slice(), l.solver_budget, l.shortest),
        (
            &[
                "ROCK IS WIN".to_string(),
                "{axis = \"v\", predicate = \"WIN\", shares_word_with = \"MIAU IS YOU\"}".into()
            ][..],
            &["MIAU IS YOU".to_string()][..],
            Some(1000),
            Some(3)
        )
    );
    assert_eq!(
        (l.introduces.as_slice(), l.reuses.as_slice()),
        (&["YOU".to_string()][..], &["walking".to_string()][..])
    );
    assert!(l.setup.terrain.contains(&"rock".to_string()));
    assert!(!r.warnings.iter().any(|w| w.message.contains("unknown key")), "{:?}", r.warnings);
}

#[test]
fn the_manifest_and_world_refuse_wrong_types() {
    check("id = \"tt\"", "id = 3", "manifest.id: expected text, found a whole number");
    check("name = \"T\"", "name = true", "manifest.name: expected text, found true or false");
    check("version = \"1\"", "version = 1.5", "manifest.version: expected text, found a decimal number");
    check(
        "engine = 1",
        "engine = \"1\"",
        "manifest.engine: expected a whole number (the rules-semantics version), found text",
    );
    check(
        "features = [\"fixed\", \"automata\", \"pairs\", \"terrain\"]",
        "features = \"fixed\"",
        "manifest.features: expected a list of feature names, found text",
    );
    check(
        "features = [\"fixed\", \"automata\", \"pairs\", \"terrain\"]",
        "features = [1]",
        "manifest.features[0]: expected a feature name, found a whole number",
    );
    check("glyph = \"🐾\"", "glyph = 1", "manifest.world.glyph: expected text, found a whole number");
    check("tagline = \"A test.\"", "tagline = []", "manifest.world.tagline: expected text, found a list");
    check("accent = \"you\"", "accent = 1979-05-27", "manifest.world.accent: expected text, found a date");
}

#[test]
fn the_palette_properties_and_vocabulary_refuse_wrong_types() {
    check(
        "MIAU = \"🐈\"",
        "MIAU = 3",
        "palette.MIAU: expected a glyph (\"🐈\") or { glyph, faces, fallback, terrain }, found a whole number",
    );
    check("glyph = \"🪨\"", "glyph = 1", "palette.ROCK.glyph: expected text, found a whole number");
    check("fallback = \"o\"", "fallback = 1", "palette.ROCK.fallback: expected text, found a whole number");
    check("faces = \"left\"", "faces = 1", "palette.ROCK.faces: expected text, found a whole number");
    check("faces = \"left\"", "faces = \"up\"", "palette.ROCK.faces: must be left or right");
    check("terrain = false", "terrain = \"wall\"", "palette.ROCK.terrain: expected true or false, found text");
    check("describe = \"Rings.\"", "describe = 1", "properties.BELL.describe: expected text, found a whole number");
    check("accent = \"win\"", "accent = true", "properties.BELL.accent: expected text, found true or false");
    check(
        "vocabulary = [\"BELL\"]",
        "vocabulary = \"BELL\"",
        "vocabulary: expected a list of uppercase words, found text",
    );
    check(
        "vocabulary = [\"BELL\"]",
        "vocabulary = [1]",
        "vocabulary[0]: expected an uppercase word (\"BELL\"), found a whole number",
    );
}

#[test]
fn a_level_refuses_wrong_types_key_by_key() {
    let l = "levels[0]";
    check("id = \"aa\"", "id = 1", &format!("{l}.id: expected text, found a whole number"));
    check("title = \"A\"", "title = 1", &format!("{l}.title: expected text, found a whole number"));
    check("hint = \"Go.\"", "hint = []", &format!("{l}.hint: expected text, found a list"));
    check("category = \"required\"", "category = 1", &format!("{l}.category: expected text, found a whole number"));
    check(
        "introduces = [\"YOU\"]",
        "introduces = \"YOU\"",
        &format!("{l}.introduces: expected a list of text ([\"GAP\", \"sinking words\"]), found text"),
    );
    check(
        "introduces = [\"YOU\"]",
        "introduces = [1]",
        &format!("{l}.introduces[0]: expected text, found a whole number"),
    );
    check(
        "reuses = [\"walking\"]",
        "reuses = \"walking\"",
        &format!("{l}.reuses: expected a list of text ([\"GAP\", \"sinking words\"]), found text"),
    );
    check(
        "reuses = [\"walking\"]",
        "reuses = [\"FLAG\"]",
        &format!("{l}.reuses[0]: FLAG is not a word on this level's board"),
    );
    check(
        "allow_bypass = false",
        "allow_bypass = \"yes\"",
        &format!("{l}.allow_bypass: expected true or false, found text"),
    );
    check(
        "allow_same_rules = false",
        "allow_same_rules = []",
        &format!("{l}.allow_same_rules: expected true or false, found a list"),
    );
    check(
        "allow_hands_off = false",
        "allow_hands_off = 1",
        &format!("{l}.allow_hands_off: expected true or false, found a whole number"),
    );
    check(
        "must_form = [\"ROCK IS WIN\", { axis = \"v\", predicate = \"win\", shares_word_with = \"miau is you\" }]",
        "must_form = \"ROCK IS FLAG\"",
        &format!("{l}.must_form: expected a list of sentences, found text"),
    );
    check(
        "must_form = [\"ROCK IS WIN\", { axis = \"v\", predicate = \"win\", shares_word_with = \"miau is you\" }]",
        "must_form = [\"ROCK IS WIN\", 2]",
        &format!("{l}.must_form[1]: expected a sentence or a table of axis, predicate and shares_word_with, found a whole number"),
    );
    check(
        "solver_budget = 1000",
        "solver_budget = \"lots\"",
        &format!("{l}.solver_budget: expected a whole number of states, found text"),
    );
    check(
        "solver_budget = 1000",
        "solver_budget = 0",
        &format!("{l}.solver_budget: expected a whole number of states, 1 or more, found 0"),
    );
    check("shortest = 3", "shortest = \"two\"", &format!("{l}.shortest: expected a whole number of moves, found text"));
    check(
        "shortest = 3",
        "shortest = -1",
        &format!("{l}.shortest: expected a whole number of moves, from 0 to 4294967295, found -1"),
    );
    check(
        "terrain = [\"rock\"]",
        "terrain = \"wall\"",
        &format!("{l}.terrain: expected a list of nouns (terrain = [\"wall\"]), found text"),
    );
    check("terrain = [\"rock\"]", "terrain = [true]", &format!("{l}.terrain[0]: expected a noun, found true or false"));
    check(
        "map = \"\"\"",
        "map = 7\nx = \"\"\"",
        &format!("{l}.map: must be one string, its rows on separate lines (\"\"\" … \"\"\"); this is not text"),
    );
}

#[test]
fn the_legend_pairs_and_automata_refuse_wrong_types() {
    let l = "levels[0]";
    let legend = "legend = { M = \"MIAU\", I = { word = \"IS\", fixed = true }, Y = \"YOU\", m = \"miau\", r = { noun = \"rock\", leaves = \"miau\" } }";
    check(
        legend,
        "legend = 3",
        &format!("{l}.legend: expected a table of characters to things or words, found a whole number"),
    );
    check(
        "m = \"miau\"",
        "m = 3",
        &format!("{l}.legend.m: expected text or {{ noun = … }} / {{ word = … }}, found a whole number"),
    );
    check(
        "word = \"IS\", fixed = true",
        "word = 1",
        &format!("{l}.legend.I.word: expected a word (\"IS\"), found a whole number"),
    );
    check("fixed = true", "fixed = \"yes\"", &format!("{l}.legend.I.fixed: expected true or false, found text"));
    check(
        "noun = \"rock\", leaves",
        "noun = 1, leaves",
        &format!("{l}.legend.r.noun: expected a noun (\"rock\"), found a whole number"),
    );
    check(
        "leaves = \"miau\"",
        "leaves = 2",
        &format!("{l}.legend.r.leaves: expected a noun (leaves = \"WATER\"), found a whole number"),
    );
    check(
        "leaves = \"miau\"",
        "leaves = \"miau\", channel = 1",
        &format!("{l}.legend.r.channel: must be one of amber, teal, rose, lime, violet, sky"),
    );
    let pairs = "pairs = [{ words = [\"OPEN\", \"SHUT\"], effect = \"destroy-both\", enter = true }]";
    check(
        pairs,
        "pairs = 1",
        &format!(
            "{l}.pairs: expected a list of {{ words = [\"OPEN\", \"SHUT\"], enter = true }}, found a whole number"
        ),
    );
    check(
        pairs,
        "pairs = [1]",
        &format!("{l}.pairs[0]: expected a table {{ words = [\"OPEN\", \"SHUT\"] }}, found a whole number"),
    );
    check(
        "words = [\"OPEN\", \"SHUT\"]",
        "words = \"OPEN SHUT\"",
        &format!("{l}.pairs[0].words: expected a list of two words ([\"OPEN\", \"SHUT\"]), found text"),
    );
    check(
        "words = [\"OPEN\", \"SHUT\"]",
        "words = [\"OPEN\", 1]",
        &format!("{l}.pairs[0].words[1]: expected a word, found a whole number"),
    );
    check(
        "effect = \"destroy-both\"",
        "effect = 1",
        &format!("{l}.pairs[0].effect: must be \"destroy-both\" (the only effect there is)"),
    );
    check("enter = true", "enter = \"yes\"", &format!("{l}.pairs[0].enter: expected true or false, found text"));
    let automata =
        "automata = [{ id = \"t\", subject = \"rock\", property = \"TICK\", phase = 0, pattern = [\"R\", \"W\"] }]";
    check(
        automata,
        "automata = \"t\"",
        &format!("{l}.automata: expected a list of {{ id, property, pattern }}, found text"),
    );
    check(
        automata,
        "automata = [[]]",
        &format!("{l}.automata[0]: expected a table {{ id, property, pattern }}, found a list"),
    );
    check("id = \"t\"", "id = 1", &format!("{l}.automata[0].id: expected text, found a whole number"));
    check(
        "subject = \"rock\"",
        "subject = 1",
        &format!("{l}.automata[0].subject: expected text, found a whole number"),
    );
    check(
        "property = \"TICK\"",
        "property = 1",
        &format!("{l}.automata[0].property: expected text, found a whole number"),
    );
    check("phase = 0", "phase = \"0\"", &format!("{l}.automata[0].phase: expected a step index, found text"));
    check(
        "pattern = [\"R\", \"W\"]",
        "pattern = \"RW\"",
        &format!("{l}.automata[0].pattern: expected a list of steps ([\"R\", \"W\"]), found text"),
    );
    check("pattern = [\"R\", \"W\"]", "pattern = [\"R\", 1]", &format!("{l}.automata[0].pattern[1]: must be U, D, L, R, W, {{ action = \"move\", dx, dy }} (one cell, no diagonals) or {{ action = \"wait\" }}"));
    // A step's dx of the wrong type is said as such (issue 61).
    check(
        "pattern = [\"R\", \"W\"]",
        "pattern = [{ action = \"move\", dx = \"1\", dy = 0 }]",
        &format!("{l}.automata[0].pattern[0].dx: expected a whole number, found text"),
    );
}

/// Requirement sentences are read at load, as the table form is (issue 61:
/// these loaded with "ok", and only `--proofs` noticed).
#[test]
fn requirement_sentences_are_checked_at_load() {
    let l = "levels[0]";
    let form =
        "must_form = [\"ROCK IS WIN\", { axis = \"v\", predicate = \"win\", shares_word_with = \"miau is you\" }]";
    let not_a_rule = "is not a rule: write it as NOUN IS PROPERTY or NOUN IS NOUN, e.g. \"FLAG IS WIN\"";
    check(form, "must_form = [\"ROCK FLAG\"]", &format!("{l}.must_form[0]: 'ROCK FLAG' {not_a_rule}"));
    check(
        form,
        "must_form = [\"ROCK IS WINN\"]",
        &format!("{l}.must_form[0]: 'ROCK IS WINN': WINN is no property and no noun of this level (its things, words, legend, palette or vocabulary)"),
    );
    check(
        form,
        "must_form = [\"WIN IS ROCK\"]",
        &format!("{l}.must_form[0]: 'WIN IS ROCK' starts with the property WIN: a rule's first word is a noun"),
    );
    check(
        "must_break = [\"MIAU IS YOU\"]",
        "must_break = [\"MIAU YOU\"]",
        &format!("{l}.must_break[0]: 'MIAU YOU' {not_a_rule}"),
    );
    check(
        "must_break = [\"MIAU IS YOU\"]",
        "must_break = [\"MIAU IS BELL\", \"BEL IS YOU\"]",
        &format!("{l}.must_break[1]: 'BEL IS YOU': BEL is no property and no noun of this level (its things, words, legend, palette or vocabulary)"),
    );
    // A sentence in any case is kept as the rule set writes it.
    let (pack, r) = load(&EVERY_KEY.replacen("must_break = [\"MIAU IS YOU\"]", "must_break = [\"miau is  you\"]", 1));
    assert_eq!(pack.expect("loads").levels[0].must_break, ["MIAU IS YOU"], "{:?}", r.errors);
}

#[test]
fn whole_sections_of_the_wrong_type_are_refused() {
    let level = "[[levels]]\nid = \"aa\"\ngrid = \"MIAU IS YOU / miau . .\"\n";
    let head = "[manifest]\nid = \"tt\"\nname = \"T\"\nversion = \"1\"\nengine = 1\n";
    let cases = [
        (
            format!("manifest = 3\n{level}"),
            "manifest: expected a table ([manifest] with id, name, version, engine), found a whole number",
        ),
        (
            format!("palette = 3\n{head}{level}"),
            "palette: expected a table of nouns ([palette] with rock = \"🪨\"), found a whole number",
        ),
        (
            format!("properties = \"BELL\"\n{head}{level}"),
            "properties: expected a table of property words ([properties.WORD] with describe), found text",
        ),
        (format!("levels = 3\n{head}"), "levels: expected a list of levels ([[levels]] tables), found a whole number"),
        (format!("levels = [3]\n{head}"), "levels[0]: expected a level table ([[levels]]), found a whole number"),
        (
            format!("{head}world = 3\n{level}"),
            "manifest.world: expected a table ([manifest.world] with glyph, tagline, accent), found a whole number",
        ),
        (
            format!("[properties]\nBELL = 3\n{head}{level}"),
            "properties.BELL: expected a table { accent, describe }, found a whole number",
        ),
    ];
    for (text, expected) in cases {
        let e = errors(&text);
        assert!(e.iter().any(|m| m == expected), "expected {expected:?} among {e:?}");
    }
}

/// A TOML error gives the line and column, and the line's text, escaped.
#[test]
fn a_toml_error_quotes_its_line() {
    let e = errors("[manifest]\nid = \"tt\"\nname = T\u{1b}[31m\n");
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].starts_with("line 3, column ") && e[0].contains(": not valid TOML"), "{e:?}");
    assert!(e[0].ends_with("(the line reads `name = T\\u{1b}[31m`)"), "{e:?}");
}

#[test]
fn the_palette_warning_judges_by_the_levels_things() {
    let head = "[manifest]\nid = \"tt\"\nname = \"T\"\nversion = \"1\"\nengine = 1\n[palette]\nMIAU = \"🐈\"\nROCK = \"🪨\"\nFLAG = \"🚩\"\n";
    // ROCK drawn through a legend letter, FLAG only as a word, MIAU as a noun.
    let text = format!("{head}[[levels]]\nid = \"aa\"\nmap = \"\"\"\nMIY\nFIW\nm.r\n\"\"\"\nlegend = {{ M = \"MIAU\", I = \"IS\", Y = \"YOU\", F = \"FLAG\", W = \"WIN\", m = \"miau\", r = \"rock\" }}\n");
    let w = warnings(&text);
    let palette: Vec<&String> = w.iter().filter(|m| m.starts_with("palette.")).collect();
    assert_eq!(
        palette,
        ["palette.FLAG: is never drawn in any level (only a word names it: its glyph shows only if a rule makes one)"],
        "{w:?}"
    );
    // What a FRAIL thing leaves is drawn once it crumbles, down the chain.
    let head = head.replace("FLAG = \"🚩\"\n", "SAND = \"🟨\"\nSHOAL = \"🟫\"\nWATER = \"🌊\"\n");
    let text = format!("{head}[[levels]]\nid = \"aa\"\ngrid = \"MIAU IS YOU / m rock sand>shoal\"\nlegend = {{ m = \"miau\", h = {{ noun = \"shoal\", leaves = \"water\" }} }}\n");
    let w = warnings(&text);
    assert!(!w.iter().any(|m| m.starts_with("palette.")), "{w:?}");
}

#[test]
fn the_noun_trap_is_said_once_a_word() {
    let text = "[manifest]\nid = \"tt\"\nname = \"T\"\nversion = \"1\"\nengine = 1\n[[levels]]\nid = \"aa\"\ngrid = \"MIAU IS SHUT / MIAU IS YOU / SHUT IS SHUT / miau . .\"\n";
    let trap: Vec<String> = warnings(text).into_iter().filter(|m| m.contains("isn't a thing")).collect();
    assert_eq!(trap, ["levels[0]: SHUT isn't a thing in this pack. Did you mean a property?"]);
}

#[test]
fn things_destroyed_at_reset_are_named_with_their_cells() {
    let text = "[manifest]\nid = \"tt\"\nname = \"T\"\nversion = \"1\"\nengine = 1\n[[levels]]\nid = \"aa\"\ngrid = \"MIAU IS YOU / ROCK IS SINK / miau rock+flag .\"\n";
    let w = warnings(text);
    assert!(
        w.contains(
            &"levels[0]: 2 things are destroyed at reset: rock at row 3, column 2, flag at row 3, column 2".to_string()
        ),
        "{w:?}"
    );
}

/// `must_form`'s tables and `must_break`: each field of a rule named by
/// what it is like is text, known and sensible; `must_break` is a list of
/// sentences.
#[test]
fn a_requirement_refuses_wrong_fields() {
    let l = "levels[0]";
    // A rule named by what it is like: each field text, known, and sensible.
    let like =
        "must_form = [\"ROCK IS WIN\", { axis = \"v\", predicate = \"win\", shares_word_with = \"miau is you\" }]";
    check(like, "must_form = [{ axis = 1 }]", &format!("{l}.must_form[0].axis: expected text, found a whole number"));
    check(
        like,
        "must_form = [{ axis = \"x\" }]",
        &format!("{l}.must_form[0]: axis 'x' is neither \"h\" (across) nor \"v\" (down)"),
    );
    check(
        like,
        "must_form = [{ colour = \"red\" }]",
        &format!("{l}.must_form[0].colour: unknown key: a rule is named by axis, predicate or shares_word_with"),
    );
    check(
        like,
        "must_form = [{}]",
        &format!("{l}.must_form[0]: a rule named by what it is like needs axis, predicate or shares_word_with"),
    );
    check(
        like,
        "must_form = [{ shares_word_with = \"ROCK\" }]",
        &format!("{l}.must_form[0]: 'ROCK' is not a rule: write it as NOUN IS PROPERTY or NOUN IS NOUN, e.g. \"FLAG IS WIN\""),
    );
    check(
        "must_break = [\"MIAU IS YOU\"]",
        "must_break = \"MIAU IS YOU\"",
        &format!("{l}.must_break: expected a list of sentences, found text"),
    );
    check(
        "must_break = [\"MIAU IS YOU\"]",
        "must_break = [true]",
        &format!("{l}.must_break[0]: expected a sentence, found true or false"),
    );
}
