//! Result records: {result, tier, mines, seconds, date}, the newest 200 kept.
//! The text format is one header line and one record a line; a file that does
//! not parse reads as empty, without an error (the spec's corrupt-storage rule).

use super::{Phase, State};

/// How many records are kept.
pub const CAP: usize = 200;
const HEADER: &str = "minelayer.stats.v1";

/// A round's result. Surrender is not one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every mine laid.
    Win,
    /// A mine on a safe square.
    Loss,
}

/// The key the field of the day's rounds are kept under (issue 65 item 5;
/// a file with one is read by this build on, as any other key).
pub const DAILY: &str = "daily";

/// One finished round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Win or loss.
    pub result: Outcome,
    /// The tier key (`beginner`, `intermediate`, `expert`, `custom`), or [`DAILY`].
    pub tier: String,
    /// The field's mines.
    pub mines: u32,
    /// Seconds on the timer.
    pub seconds: u32,
    /// The date, `YYYY-MM-DD`, supplied by the app (the kernel has no clock).
    pub date: String,
}

/// The record of a finished round; `None` for a round in progress or surrendered.
pub fn record(s: &State, date: &str) -> Option<Record> {
    let result = match s.phase {
        Phase::Won => Outcome::Win,
        Phase::Dead => Outcome::Loss,
        _ => return None,
    };
    Some(Record { result, tier: s.tier.key().into(), mines: s.total, seconds: s.final_seconds(), date: date.into() })
}

/// The kept records, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// At most [`CAP`], oldest first.
    pub records: Vec<Record>,
}

/// Per-tier totals for the statistics dialog.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Rounds recorded.
    pub played: u32,
    /// Of which won.
    pub won: u32,
    /// The fastest win, in seconds.
    pub best_seconds: Option<u32>,
}

impl Stats {
    /// Adds a record, dropping the oldest beyond [`CAP`].
    pub fn push(&mut self, r: Record) {
        self.records.push(r);
        if self.records.len() > CAP {
            let extra = self.records.len() - CAP;
            self.records.drain(..extra);
        }
    }

    /// Totals for one tier key.
    pub fn summary(&self, tier: &str) -> Summary {
        let mut s = Summary::default();
        for r in self.records.iter().filter(|r| r.tier == tier) {
            s.played += 1;
            if r.result == Outcome::Win {
                s.won += 1;
                s.best_seconds = Some(s.best_seconds.map_or(r.seconds, |b| b.min(r.seconds)));
            }
        }
        s
    }

    /// The wins in a row on one tier key, counted back from the last round
    /// played on it (0 when that one was lost).
    pub fn streak(&self, tier: &str) -> u32 {
        let rounds = self.records.iter().rev().filter(|r| r.tier == tier);
        rounds.take_while(|r| r.result == Outcome::Win).count() as u32
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut out = format!("{HEADER}\n");
        for r in &self.records {
            let result = if r.result == Outcome::Win { "win" } else { "loss" };
            out.push_str(&format!("{result} {} {} {} {}\n", r.tier, r.mines, r.seconds, r.date));
        }
        out
    }

    /// Reads the file's text; anything malformed gives empty stats.
    pub fn from_text(text: &str) -> Stats {
        Self::parse(text).unwrap_or_default()
    }

    fn parse(text: &str) -> Option<Stats> {
        let mut lines = text.lines();
        if lines.next()? != HEADER {
            return None;
        }
        let mut stats = Stats::default();
        for line in lines {
            let f: Vec<&str> = line.split(' ').collect();
            let [result, tier, mines, seconds, date] = f.as_slice() else { return None };
            let result = match *result {
                "win" => Outcome::Win,
                "loss" => Outcome::Loss,
                _ => return None,
            };
            if !["beginner", "intermediate", "expert", "custom", DAILY].contains(tier) || date.is_empty() {
                return None;
            }
            stats.push(Record {
                result,
                tier: tier.to_string(),
                mines: mines.parse().ok()?,
                seconds: seconds.parse().ok()?,
                date: date.to_string(),
            });
        }
        Some(stats)
    }
}
