//! MineLayer's field of the day in the window (issue 65 item 5): the Game
//! menu's Daily field opens today's (UTC) field, the same for everyone
//! (`retrace_kernel::mines::daily`); its rounds are kept in the statistics
//! under their own key with the field's date, which gives the days played
//! and the wins in a row; its share card and link name the day, and a link
//! to another day's field opens that one.

use super::MinesView;
use retrace_kernel::mines::{daily, stats::Stats, MineLayer, Setup};
use retrace_kernel::Session;

use super::day::{STATS_KEY, TITLE};

impl MinesView {
    /// The field of `date` (`YYYY-MM-DD`), or why `date` is not one.
    pub fn daily(date: &str) -> Result<MinesView, String> {
        let seed = daily::seed(date)?;
        let session = Session::<MineLayer>::new(Setup { tier: daily::TIER }, seed).map_err(|e| e.0.to_string())?;
        Ok(MinesView::resume(session.with_title(format!("{TITLE}{date}"))))
    }
}

/// The field of the day's days played (distinct dates) and wins in a row.
pub fn summary(stats: &Stats) -> (u32, u32) {
    let days: std::collections::BTreeSet<&str> =
        stats.records.iter().filter(|r| r.tier == STATS_KEY).map(|r| r.date.as_str()).collect();
    (days.len() as u32, stats.streak(STATS_KEY))
}
