//! Explodorama's high-score board in the data folder.

use retrace_kernel::explodo::scores;

/// The high-score file's name in the store.
pub const SCORES: &str = "explodorama-scores.txt";

/// Loads the score board; a file that does not read is moved aside (kept,
/// never deleted) and the message says where.
pub fn load_scores(path: &std::path::Path) -> (Vec<scores::Score>, Option<String>) {
    let text = match crate::store::read_text(path) {
        Ok(Some(text)) => text,
        Ok(None) => return (Vec::new(), None),
        Err(e) => return (Vec::new(), Some(e)),
    };
    match scores::from_text(&text) {
        Ok(b) => (b, None),
        Err(e) => {
            let aside = crate::store::keep_aside(path);
            (Vec::new(), Some(format!("{}: {e}. It was kept as {}.", path.display(), aside.display())))
        }
    }
}

/// Adds a finished run's score to the board file (atomically); returns its
/// place on the board, if it made it, and any problem reading or saving.
pub fn record_score(path: &std::path::Path, score: scores::Score) -> (Option<usize>, Option<String>) {
    let (mut board, problem) = load_scores(path);
    let place = scores::insert(&mut board, score);
    let saved = crate::files::write_atomic(path, scores::to_text(&board).as_bytes())
        .err()
        .map(|e| format!("{}: cannot save: {e}", path.display()));
    (place, problem.or(saved))
}
