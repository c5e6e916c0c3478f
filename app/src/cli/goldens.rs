//! Golden digests: `goldens/<game>/v<N>.txt` lists, for rules version N, each
//! committed replay of that game with its final digest and outcome.
//!
//! Writing refuses to change an existing version's file: a change of behaviour
//! bumps the game's `RULES_VERSION` and adds `v<N+1>.txt`; the old file stays as history.

use crate::files::{read_replay, write_atomic};
use retrace_kernel::registry;
use retrace_kernel::replay::ReplayError;
use retrace_kernel::verify::{golden_line, golden_text, verify};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The replays of each game outside `replays/archive/`, verified, rendered as
/// golden lines, by game id.
pub fn compute(root: &Path) -> Result<BTreeMap<String, Vec<String>>, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut errors = Vec::new();
    let files = replay_files(&root.join("replays"))?;
    if files.is_empty() {
        // Nothing to compare is never "all good": the root is wrong.
        return Err(vec![format!(
            "{}: no replays found; run this in the project's root or give it with --root",
            root.join("replays").display()
        )]);
    }
    for path in files {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        match read_replay(&path).and_then(|f| {
            verify(&f)
                .map_err(|source| crate::files::FileError::Replay { path: path.clone(), source: Box::new(source) })
        }) {
            Ok(v) => out.entry(v.game.clone()).or_default().push(golden_line(&name, &v)),
            Err(e) => errors.push(e.to_string()),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// The `.replay` files directly in `dir`, sorted by name.
pub fn replay_files(dir: &Path) -> Result<Vec<PathBuf>, Vec<String>> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(vec![format!("{}: cannot list it: {e}", dir.display())]),
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "replay"))
        .collect();
    files.sort();
    Ok(files)
}

/// The path of a game's goldens file for a rules version.
pub fn golden_path(root: &Path, game: &str, version: u32) -> PathBuf {
    root.join("goldens").join(game).join(format!("v{version}.txt"))
}

/// Checks that every archived replay is refused with the rules-version message.
pub fn check_archive(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let files = match replay_files(&root.join("replays").join("archive")) {
        Ok(f) => f,
        Err(e) => return e,
    };
    for path in files {
        match read_replay(&path).map(|f| verify(&f)) {
            Ok(Err(ReplayError::RulesVersion { .. })) => {}
            Ok(Ok(_)) => problems.push(format!(
                "{}: archived, yet it verifies under this build's rules; move it back to replays/",
                path.display()
            )),
            Ok(Err(e)) => problems.push(format!(
                "{}: archived replays must fail only on their rules version, this one: {e}",
                path.display()
            )),
            Err(e) => problems.push(e.to_string()),
        }
    }
    problems
}

/// Compares the committed goldens with the replays. Returns every problem.
pub fn check(root: &Path) -> Vec<String> {
    let mut problems = check_archive(root);
    let computed = match compute(root) {
        Ok(c) => c,
        Err(mut e) => {
            problems.append(&mut e);
            return problems;
        }
    };
    for game in registry::games() {
        let lines = computed.get(game.id()).cloned().unwrap_or_default();
        let path = golden_path(root, game.id(), game.rules_version());
        let expected = golden_text(game.id(), game.rules_version(), &lines);
        match std::fs::read_to_string(&path) {
            Ok(text) if text == expected => {}
            Ok(text) => {
                let have: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
                for l in &lines {
                    if !have.contains(&l.as_str()) {
                        problems.push(format!("{}: missing or different: {l}", path.display()));
                    }
                }
                for l in &have {
                    if !lines.iter().any(|x| x == l) {
                        problems.push(format!("{}: lists what the replays no longer give: {l}", path.display()));
                    }
                }
                if problems.is_empty() {
                    problems.push(format!("{}: differs from the rendered goldens (header or order)", path.display()));
                }
            }
            Err(_) if lines.is_empty() => {}
            Err(e) => problems.push(format!("{}: cannot read it ({e}); run `retrace goldens --write`", path.display())),
        }
    }
    problems
}

/// Writes the goldens file of each game's current rules version that does not
/// exist yet. An existing file with other content is refused, never rewritten.
pub fn write(root: &Path) -> Result<Vec<String>, Vec<String>> {
    let computed = compute(root)?;
    let mut report = Vec::new();
    let mut errors = Vec::new();
    for game in registry::games() {
        let Some(lines) = computed.get(game.id()) else { continue };
        let path = golden_path(root, game.id(), game.rules_version());
        let text = golden_text(game.id(), game.rules_version(), lines);
        match std::fs::read_to_string(&path) {
            Ok(old) if old == text => report.push(format!("{}: up to date", path.display())),
            Ok(_) => errors.push(format!(
                "{}: refusing to rewrite the goldens of {} rules v{}, which are history; a change of behaviour bumps RULES_VERSION and adds v{}.txt",
                path.display(), game.id(), game.rules_version(), game.rules_version() + 1
            )),
            Err(_) => match write_atomic(&path, text.as_bytes()) {
                Ok(()) => report.push(format!("{}: written ({} replays)", path.display(), lines.len())),
                Err(e) => errors.push(format!("{}: cannot write it: {e}", path.display())),
            },
        }
    }
    if errors.is_empty() {
        Ok(report)
    } else {
        Err(errors)
    }
}
