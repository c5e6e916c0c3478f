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
            r.warnings
                .push(issue(&format!("{path}{}{k}", if path.is_empty() { "" } else { "." }), "unknown key, ignored"));
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

pub(super) fn string(t: &Table, key: &str, path: &str, r: &mut Report, required: bool) -> String {
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
