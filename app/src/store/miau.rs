//! Miau Is True's progress (levels won) and best-win certificates in the data folder.

use super::Store;
use retrace_kernel::miau::Miau;
use retrace_kernel::Session;

/// The file of levels won, in the store: a comment line, then one
/// `<pack id>/<level id>` a line, sorted.
pub const PROGRESS: &str = "miau-progress.txt";

/// Whether `id` is a `<pack id>/<level id>` as packs spell ids.
pub fn is_level_id(id: &str) -> bool {
    let part = |p: &str| {
        !p.is_empty() && p.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '.' | '_' | '-'))
    };
    id.split_once('/').is_some_and(|(a, b)| part(a) && part(b))
}

/// The levels won. A file that does not read (not text, or a line that is no
/// level id) is moved aside, kept, and the message names it and the line.
pub fn load_progress(path: &std::path::Path) -> (Vec<String>, Option<String>) {
    let text = match crate::store::read_text(path) {
        Ok(Some(text)) => text,
        Ok(None) => return (Vec::new(), None),
        Err(e) => return (Vec::new(), Some(e)),
    };
    let mut won = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#')) {
        if !is_level_id(line.trim()) {
            let aside = crate::store::keep_aside(path);
            return (
                Vec::new(),
                Some(format!(
                    "{}: line {}: '{line}' is not a <pack>/<level> id. It was kept as {}.",
                    path.display(),
                    n + 1,
                    aside.display()
                )),
            );
        }
        won.push(line.trim().to_string());
    }
    (won, None)
}

/// Adds a won level to the file (atomically).
pub fn record_win(path: &std::path::Path, id: &str) -> Result<(), String> {
    let (mut won, problem) = load_progress(path);
    if !won.iter().any(|w| w == id) {
        won.push(id.to_string());
        won.sort();
    }
    write_lines(path, "# Miau Is True: levels won, one <pack id>/<level id> a line", &won)?;
    problem.map_or(Ok(()), Err)
}

/// Writes a comment line and one entry a line (atomically).
fn write_lines(path: &std::path::Path, comment: &str, lines: &[String]) -> Result<(), String> {
    let text = format!("{comment}\n{}\n", lines.join("\n"));
    crate::files::write_atomic(path, text.as_bytes()).map_err(|e| format!("{}: cannot save: {e}", path.display()))
}

/// The file of property words the player has met (their first-time cards
/// seen), in the store: a comment line, then one word a line.
pub const SEEN: &str = "miau-words-seen.txt";

/// The words met (a missing or unreadable file: none; the next card writes it again).
pub fn load_seen(path: &std::path::Path) -> Vec<String> {
    match crate::store::read_text(path) {
        Ok(Some(text)) => {
            text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(String::from).collect()
        }
        _ => Vec::new(),
    }
}

/// Adds a word met to the file (atomically).
pub fn add_seen(path: &std::path::Path, word: &str) -> Result<(), String> {
    let mut seen = load_seen(path);
    if !seen.iter().any(|w| w == word) {
        seen.push(word.to_string());
    }
    write_lines(path, "# Miau Is True: property words met, one a line", &seen)
}

/// Keeps a certificate of a won level (`certificates/miau-<pack>-<level>.replay`
/// in the store): the first win, then only a win in fewer turns replaces it
/// (a certificate that does not verify is replaced too). Returns where, when
/// this win was kept.
pub fn keep_certificate(
    store: &Store,
    id: &str,
    session: &Session<Miau>,
) -> Result<Option<std::path::PathBuf>, String> {
    if best_turns(store, id).is_some_and(|turns| turns <= session.state().turns) {
        return Ok(None);
    }
    store.save_certificate(&certificate_name(id), session).map(Some)
}

/// The certificate's name for a level (`<pack>/<level>`).
fn certificate_name(id: &str) -> String {
    format!("miau-{}", id.replace('/', "-"))
}

/// The turns of the kept win of a level (`<pack>/<level>`): none when there
/// is no certificate, or it does not read, verify or win.
pub fn best_turns(store: &Store, id: &str) -> Option<u32> {
    let bytes =
        crate::files::read_capped(&store.certificate_path(&certificate_name(id)), crate::files::MAX_REPLAY_BYTES)
            .ok()?;
    let file = retrace_kernel::replay::ReplayFile::from_bytes(&bytes).ok()?;
    let best = Session::<Miau>::from_replay(&file).ok()?;
    best.state().won.then_some(best.state().turns)
}
