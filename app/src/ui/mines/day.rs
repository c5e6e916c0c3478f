//! Which day a MineLayer round is the field of (issue 65 item 5): the
//! vocabulary the view and the statistics share (a leaf: no view here).

use retrace_kernel::mines::{daily, MineLayer};
use retrace_kernel::Session;

/// The statistics' key for the field of the day's rounds.
pub const STATS_KEY: &str = retrace_kernel::mines::stats::DAILY;
/// How a daily round's session is titled (its replay says which day).
pub const TITLE: &str = "MineLayer daily ";

/// The day of a daily round's session (from its title), if it is one.
pub fn date_of(session: &Session<MineLayer>) -> Option<String> {
    let title = session.header("").title?;
    let date = title.strip_prefix(TITLE)?;
    daily::seed(date).ok().filter(|&s| s == session.seed()).map(|_| date.to_string())
}
