//! Life's campaign levels whose hint was used (issue 65 item 2: a used
//! hint is marked on the level), one level number a line.

use std::collections::BTreeSet;

/// The file in the data folder.
pub const HINTED: &str = "life-hinted.txt";

/// The levels (0-based) whose hint was used; a line that is not a number is skipped.
pub fn hinted(store: &crate::store::Store) -> BTreeSet<u16> {
    let text = crate::store::read_text(&store.path(HINTED)).ok().flatten().unwrap_or_default();
    text.lines().filter_map(|l| l.trim().parse::<u16>().ok()).map(|n| n.saturating_sub(1)).collect()
}

/// Marks level `level` (0-based) as hinted, atomically.
pub fn mark_hinted(store: &crate::store::Store, level: u16) -> Result<(), String> {
    let mut all = hinted(store);
    if !all.insert(level) {
        return Ok(());
    }
    let text: String = all.iter().map(|l| format!("{}\n", l + 1)).collect();
    let path = store.path(HINTED);
    crate::files::write_atomic(&path, text.as_bytes()).map_err(|e| format!("{}: cannot save: {e}", path.display()))
}
