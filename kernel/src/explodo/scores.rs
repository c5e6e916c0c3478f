//! High scores: every finished run, ranked by how far it got (a win first,
//! then the level), then coins, then fewer turns; the best 25 are kept.
//! Developer runs are marked; Immortal runs are not listed.

use super::state::{State, LEVELS};
use super::types::RunPhase;

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
    if s.run.phase == RunPhase::Playing || s.run.setup.immortal || s.run.setup.lab() || s.run.setup.test() {
        return None;
    }
    let won = s.run.phase == RunPhase::Won;
    Some(Score {
        won,
        level: if won { LEVELS } else { s.run.level },
        coins: s.player.coins,
        turns: s.run.total_turns,
        kills: s.run.kills,
        lives_lost: s.run.lives_lost,
        ended: if won { "won".into() } else { s.run.last_death.as_ref().map(ToString::to_string).unwrap_or_default() },
        powerups: held(s),
        date: date.into(),
        seed: s.run.seed,
        developer: s.run.setup.developer,
    })
}

/// What a run holds, as the score board lists it.
pub fn held(s: &State) -> Vec<String> {
    let mut out = Vec::new();
    for (name, now, start) in
        [("Bombs", s.player.max_bombs, 1), ("Blast", s.player.blast, 1), ("Fuse", s.player.fuse, 3)]
    {
        if now != start {
            out.push(format!("{name} {now}"));
        }
    }
    out.extend(super::items::POWERS.iter().filter(|p| p.is_ability() && s.has(**p)).map(|p| p.name().to_string()));
    if let Some((c, n)) = s.player.charge {
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

/// The first line of a scores file.
pub const HEADER: &str = "# Explodorama high scores v1: won level coins turns kills lives_lost developer seed date ended powerups (tab-separated)";

/// The board as text: the header, then one tab-separated line a run, best first.
pub fn to_text(board: &[Score]) -> String {
    let mut out = format!("{HEADER}\n");
    for s in board {
        let clean = |t: &str| t.replace(['\t', '\n'], " ");
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            u8::from(s.won),
            s.level,
            s.coins,
            s.turns,
            s.kills,
            s.lives_lost,
            u8::from(s.developer),
            s.seed,
            clean(&s.date),
            clean(&s.ended),
            s.powerups.iter().map(|p| clean(p).replace(';', ",")).collect::<Vec<_>>().join("; ")
        ));
    }
    out
}

/// Reads a board written by [`to_text`]; an error names the line and the field.
pub fn from_text(text: &str) -> Result<Vec<Score>, String> {
    let mut board = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 11 {
            return Err(format!("line {}: expected 11 tab-separated fields, found {}", n + 1, f.len()));
        }
        let num = |i: usize, name: &str| {
            f[i].parse::<u64>().map_err(|_| format!("line {}: {name} '{}' is not a number", n + 1, f[i]))
        };
        let flag = |i: usize, name: &str| match f[i] {
            "0" => Ok(false),
            "1" => Ok(true),
            other => Err(format!("line {}: {name} is 0 or 1, not '{other}'", n + 1)),
        };
        let small = |i: usize, name: &str| {
            num(i, name).and_then(|v| u32::try_from(v).map_err(|_| format!("line {}: {name} {v} is too large", n + 1)))
        };
        board.push(Score {
            won: flag(0, "won")?,
            level: small(1, "level")?,
            coins: small(2, "coins")?,
            turns: small(3, "turns")?,
            kills: small(4, "kills")?,
            lives_lost: small(5, "lives_lost")?,
            developer: flag(6, "developer")?,
            seed: num(7, "seed")?,
            date: f[8].into(),
            ended: f[9].into(),
            powerups: f[10].split("; ").filter(|p| !p.is_empty()).map(String::from).collect(),
        });
    }
    Ok(board)
}
