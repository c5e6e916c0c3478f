//! The reader's small parts: problems (errors and warnings) with their
//! paths, and typed reads of a TOML table's keys that say what was wrong.

use toml::{Table, Value};

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

/// What loading found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Problems that stop the pack.
    pub errors: Vec<Issue>,
    /// Things worth a look that do not.
    pub warnings: Vec<Issue>,
}

pub(super) fn issue(path: &str, message: impl Into<String>) -> Issue {
    Issue { path: path.into(), message: message.into() }
}

pub(super) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

pub(super) fn id_ok(id: &str) -> bool {
    let b = id.as_bytes();
    (2..=64).contains(&b.len())
        && b[0].is_ascii_lowercase()
        && b.iter().all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'.' | b'_' | b'-'))
}

pub(super) fn unknown_keys(t: &Table, path: &str, known: &[&str], r: &mut Report) {
    for k in t.keys() {
        if !known.contains(&k.as_str()) {
            r.warnings.push(issue(&at(path, k), "unknown key, ignored"));
        }
    }
}

/// A text field that is shown as one line (a name, a title, a tagline):
/// read like [`string`], and refused when it holds a control character (a
/// line break or a terminal escape could forge what a tool prints).
pub(super) fn line(t: &Table, key: &str, path: &str, r: &mut Report, required: bool) -> String {
    let s = string(t, key, path, r, required);
    if let Some(c) = s.chars().find(|c| c.is_control()) {
        r.errors.push(issue(
            &format!("{path}.{key}"),
            format!("must be one line without control characters (found {})", c.escape_default()),
        ));
    }
    s
}

/// What a TOML value is, in an author's words: the "found …" of a
/// wrong-typed key's message.
pub(super) fn found(v: &Value) -> &'static str {
    match v {
        Value::String(_) => "text",
        Value::Integer(_) => "a whole number",
        Value::Float(_) => "a decimal number",
        Value::Boolean(_) => "true or false",
        Value::Datetime(_) => "a date",
        Value::Array(_) => "a list",
        Value::Table(_) => "a table",
    }
}

/// The error for a key of the wrong type: its path, what the format expects
/// there and what the file holds (`levels[2].must_form: expected a list of
/// sentences, found text`).
pub(super) fn wrong(path: &str, expected: &str, v: &Value) -> Issue {
    issue(path, expected_found(expected, v))
}

/// The sentence of [`wrong`] without its path: "expected …, found …".
pub(super) fn expected_found(expected: &str, v: &Value) -> String {
    format!("expected {expected}, found {}", found(v))
}

/// `path.key` (or `key` at the top).
fn at(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// A `true`/`false` key, false when absent; any other type is an error.
pub(super) fn flag(t: &Table, key: &str, path: &str, r: &mut Report) -> bool {
    match t.get(key) {
        None => false,
        Some(Value::Boolean(b)) => *b,
        Some(v) => {
            r.errors.push(wrong(&at(path, key), "true or false", v));
            false
        }
    }
}

/// A whole-number key within `range`, `None` when absent; another type or a
/// number out of range is an error that says what was expected (`expected`
/// names the number, "a number of states").
pub(super) fn whole(
    t: &Table,
    key: &str,
    path: &str,
    r: &mut Report,
    range: std::ops::RangeInclusive<i64>,
    expected: &str,
) -> Option<i64> {
    match t.get(key) {
        None => None,
        Some(Value::Integer(n)) if range.contains(n) => Some(*n),
        Some(Value::Integer(n)) => {
            let within = if *range.end() == i64::MAX {
                format!("{} or more", range.start())
            } else {
                format!("from {} to {}", range.start(), range.end())
            };
            r.errors.push(issue(&at(path, key), format!("expected {expected}, {within}, found {n}")));
            None
        }
        Some(v) => {
            r.errors.push(wrong(&at(path, key), expected, v));
            None
        }
    }
}

/// A list of text (`must_form`, `terrain`, a pair's `words`), empty when
/// absent; a key that is not a list, or an item that is not text, is an
/// error with its path (`list` and `item` say what each should be).
pub(super) fn texts(t: &Table, key: &str, path: &str, r: &mut Report, list: &str, item: &str) -> Vec<String> {
    match t.get(key) {
        None => Vec::new(),
        Some(Value::Array(a)) => a
            .iter()
            .enumerate()
            .filter_map(|(i, v)| match v {
                Value::String(s) => Some(s.clone()),
                v => {
                    r.errors.push(wrong(&format!("{}[{i}]", at(path, key)), item, v));
                    None
                }
            })
            .collect(),
        Some(v) => {
            r.errors.push(wrong(&at(path, key), list, v));
            Vec::new()
        }
    }
}

pub(super) fn string(t: &Table, key: &str, path: &str, r: &mut Report, required: bool) -> String {
    match t.get(key) {
        Some(Value::String(s)) => s.clone(),
        Some(v) => {
            r.errors.push(wrong(&at(path, key), "text", v));
            String::new()
        }
        None if required => {
            r.errors.push(issue(&at(path, key), "is required"));
            String::new()
        }
        None => String::new(),
    }
}
