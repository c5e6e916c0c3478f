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

/// The file of each campaign level's fewest cells on a win.
pub const BEST: &str = "life-best.txt";

/// Each won campaign level's fewest cells placed (0-based level → cells);
/// a line that is not two numbers is skipped.
pub fn best(store: &crate::store::Store) -> std::collections::BTreeMap<u16, u32> {
    let text = crate::store::read_text(&store.path(BEST)).ok().flatten().unwrap_or_default();
    text.lines()
        .filter_map(|l| {
            let (level, cells) = l.trim().split_once(' ')?;
            Some((level.parse::<u16>().ok()?.checked_sub(1)?, cells.parse().ok()?))
        })
        .collect()
}

/// Keeps a win of `level` (0-based) with `cells` placed when it is the
/// level's fewest yet, atomically; whether it was.
pub fn keep_best(store: &crate::store::Store, level: u16, cells: u32) -> Result<bool, String> {
    let mut all = best(store);
    if all.get(&level).is_some_and(|&b| b <= cells) {
        return Ok(false);
    }
    all.insert(level, cells);
    let text: String = all.iter().map(|(l, c)| format!("{} {c}\n", l + 1)).collect();
    let path = store.path(BEST);
    crate::files::write_atomic(&path, text.as_bytes()).map_err(|e| format!("{}: cannot save: {e}", path.display()))?;
    Ok(true)
}

/// What the campaign's list shows of the player's own: the levels whose
/// hint was used and each won level's fewest cells (0-based levels).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Hint used.
    pub hinted: BTreeSet<u16>,
    /// Fewest cells on a win.
    pub best: std::collections::BTreeMap<u16, u32>,
}

/// Both marks, read from the data folder.
pub fn marks(store: &crate::store::Store) -> Marks {
    Marks { hinted: hinted(store), best: best(store) }
}
