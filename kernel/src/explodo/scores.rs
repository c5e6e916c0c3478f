//! High scores: every finished run, ranked by how far it got (a win first,
//! then the level), then coins, then fewer turns; the best 25 are kept.
//! Developer runs are marked; Immortal runs are not listed.

use super::{RunPhase, State, LEVELS};

/// How many runs are kept.
pub const KEEP: usize = 25;

/// One finished run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// Cleared level 20.
    pub won: bool,
    /// The level reached.
    pub level: u32,
    /// Coins at the end.
    pub coins: u32,
    /// Turns over the run.
    pub turns: u32,
    /// Enemies slain.
    pub kills: u32,
    /// Lives lost.
    pub lives_lost: u32,
    /// How it ended ("won", or the last death's message).
    pub ended: String,
    /// What was held at the end: stats above their start ("Bombs 3"),
    /// abilities and passes by name, and the charge carried ("Nuke ×2").
    pub powerups: Vec<String>,
    /// The date, supplied by the app.
    pub date: String,
    /// The run's seed.
    pub seed: u64,
    /// A Developer-mode run (shown with a red border).
    pub developer: bool,
}

/// The record of a finished run; `None` while it goes on, and for Immortal runs.
pub fn score(s: &State, date: &str) -> Option<Score> {
    if s.phase == RunPhase::Playing || s.setup.immortal {
        return None;
    }
    let won = s.phase == RunPhase::Won;
    Some(Score {
        won,
        level: if won { LEVELS } else { s.level },
        coins: s.coins,
        turns: s.total_turns,
        kills: s.kills,
        lives_lost: s.lives_lost,
        ended: if won { "won".into() } else { s.last_death.clone().unwrap_or_default() },
        powerups: held(s),
        date: date.into(),
        seed: s.seed,
        developer: s.setup.developer,
    })
}

/// What a run holds, as the score board lists it.
pub fn held(s: &State) -> Vec<String> {
    let mut out = Vec::new();
    for (name, now, start) in [("Bombs", s.max_bombs, 1), ("Blast", s.fire, 1), ("Fuse", s.fuse, 3)] {
        if now != start {
            out.push(format!("{name} {now}"));
        }
    }
    out.extend(super::items::POWERS.iter().filter(|p| p.is_ability() && s.has(**p)).map(|p| p.name().to_string()));
    if let Some((c, n)) = s.charge {
        out.push(format!("{} ×{n}", c.name()));
    }
    out
}

/// Ordering key: better runs first.
fn key(s: &Score) -> (bool, u32, u32, std::cmp::Reverse<u32>) {
    (s.won, s.level, s.coins, std::cmp::Reverse(s.turns))
}

/// Adds a run to the board (best first, at most [`KEEP`]); returns its place
/// (1-based) when it made the board.
pub fn insert(board: &mut Vec<Score>, s: Score) -> Option<usize> {
    let at = board.iter().position(|o| key(&s) > key(o)).unwrap_or(board.len());
    if at >= KEEP {
        return None;
    }
    board.insert(at, s);
    board.truncate(KEEP);
    Some(at + 1)
}
