//! Text from files made safe to print: a leaf module (it uses nothing of
//! the crate), so that every reader, the bug report and the terminal filter
//! can escape without depending on one another.

/// Text from a file, safe to print on a terminal: control characters
/// (escape sequences, carriage returns, line breaks) are shown as escapes,
/// everything else (letters of any script, emoji) as it is.
pub fn escaped(text: &str) -> String {
    escape_where(text, |c| !c.is_control())
}

/// `text` with every character `keep` refuses shown as its escape.
pub fn escape_where(text: &str, keep: impl Fn(char) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if keep(c) {
            out.push(c);
        } else {
            out.extend(c.escape_default());
        }
    }
    out
}

/// [`escaped`], and cut to `max` characters with `…` (for echoing a bad token).
pub fn escaped_short(text: &str, max: usize) -> String {
    let cut: String = text.chars().take(max).collect();
    let more = if text.chars().nth(max).is_some() { "…" } else { "" };
    format!("{}{more}", escaped(&cut))
}
