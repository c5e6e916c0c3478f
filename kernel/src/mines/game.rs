//! The game: setup, marks, actions, the state and its digest, and the `Game`
//! for `MineLayer`.

use super::field::Field;
use super::generator;
use super::tier::Tier;
use crate::digest::{Part, PartHasher};
use crate::game::{Game, Outcome, Rejection};
use crate::rng::Rng;
use serde::{Deserialize, Serialize};

/// The MineLayer game.
pub struct MineLayer;

/// The setup: the tier. The field comes from the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The difficulty.
    pub tier: Tier,
}

/// A player's annotation on a non-clue cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mark {
    /// Unannotated.
    None,
    /// A laid mine.
    Mine,
    /// A flag: "safe, no mine here".
    Safe,
    /// Uncertain.
    Question,
}

impl Mark {
    fn code(self) -> u8 {
        match self {
            Mark::None => 0,
            Mark::Mine => 1,
            Mark::Safe => 2,
            Mark::Question => 3,
        }
    }
}

/// The player's actions. Append-only. Times are milliseconds since the round
/// was shown, from the app's clock; they travel in the log so a replay
/// reproduces the time of a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Left click: lay a mine on a shut cell, or pick a laid one back up.
    Toggle {
        /// Row-major cell index.
        cell: u16,
        /// Milliseconds since the round was shown.
        ms: u32,
    },
    /// Right click or long press: cycle NONE → SAFE → QUESTION → NONE.
    Cycle {
        /// Row-major cell index.
        cell: u16,
    },
    /// Reveal solution: surrender; not a result.
    Reveal {
        /// Milliseconds since the round was shown.
        ms: u32,
    },
}

/// The round's phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// No mine laid yet.
    Ready,
    /// The timer runs.
    Playing,
    /// Every mine laid.
    Won,
    /// A mine laid on a safe square.
    Dead,
    /// The solution was revealed.
    GaveUp,
}

/// A round of MineLayer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The tier.
    pub tier: Tier,
    /// The field.
    pub field: Field,
    /// Clue numbers (0 where not a clue), cached from the field.
    pub numbers: Vec<u8>,
    /// The player's marks.
    pub marks: Vec<Mark>,
    /// The phase.
    pub phase: Phase,
    /// Laid mines.
    pub laid: u32,
    /// Total mines.
    pub total: u32,
    /// When the first mine was laid (the timer's start).
    pub started_ms: Option<u32>,
    /// The latest time seen on an action.
    pub last_ms: u32,
    /// When the round ended (won, dead or gave up).
    pub ended_ms: Option<u32>,
    /// The safe cell a mine was laid on, kept for the "misplaced mine" picture.
    pub failed: Option<u16>,
    /// Which generator attempt produced the field (for the record).
    pub attempt: u32,
}

/// What an action did, for the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A mine was laid.
    Laid(u16),
    /// A laid mine was picked up.
    PickedUp(u16),
    /// A mark changed.
    Marked(u16, Mark),
    /// The first mine started the timer.
    TimerStarted,
    /// All mines laid, in this many seconds.
    Won(u32),
    /// A mine went onto this safe square.
    Died(u16),
    /// The solution was revealed.
    Revealed,
}

/// Seconds shown on the LED: capped at 999.
pub const TIME_CAP: u32 = 999;

impl State {
    /// Whole seconds on the timer at `now_ms` (0 before the first mine; frozen at the end).
    pub fn seconds_at(&self, now_ms: u32) -> u32 {
        let Some(start) = self.started_ms else { return 0 };
        let end = self.ended_ms.unwrap_or(now_ms.max(self.last_ms));
        end.saturating_sub(start) / 1000
    }

    /// The timer's value at the end of the round (uncapped).
    pub fn final_seconds(&self) -> u32 {
        self.seconds_at(self.ended_ms.unwrap_or(self.last_ms))
    }

    /// Laid mines around cell `i`.
    pub fn laid_around(&self, i: usize) -> u32 {
        self.field.neighbours(i).filter(|&j| self.marks[j] == Mark::Mine).count() as u32
    }

    /// Assist cue: a clue whose laid neighbours equal its number. False for non-clues.
    pub fn sat(&self, i: usize) -> bool {
        self.field.clue[i] && self.laid_around(i) == u32::from(self.numbers[i])
    }

    /// Assist cue: a clue with more laid neighbours than its number. False for non-clues.
    pub fn over(&self, i: usize) -> bool {
        self.field.clue[i] && self.laid_around(i) > u32::from(self.numbers[i])
    }

    /// Whether actions are still accepted.
    pub fn active(&self) -> bool {
        matches!(self.phase, Phase::Ready | Phase::Playing)
    }

    /// The mines-left LED: total minus laid (may read total − 1 after a death,
    /// since the failed cell keeps its mine mark; clamped at 0).
    pub fn mines_left(&self) -> u32 {
        self.total.saturating_sub(self.laid + u32::from(self.failed.is_some()))
    }

    fn check_time(&mut self, ms: u32) -> Result<(), Rejection> {
        if ms < self.last_ms {
            return Err(Rejection::new(format!("time went backwards: {ms} ms after {} ms", self.last_ms)));
        }
        Ok(())
    }

    fn cell(&self, cell: u16) -> Result<usize, Rejection> {
        let i = cell as usize;
        if i >= self.field.len() {
            return Err(Rejection::new(format!(
                "cell {cell} is off the {}×{} field",
                self.field.cols, self.field.rows
            )));
        }
        Ok(i)
    }
}

impl Game for MineLayer {
    const ID: &'static str = "mines";
    const NAME: &'static str = "MineLayer";
    const RULES_VERSION: u32 = 3;
    type Setup = Setup;
    type Action = Action;
    type State = State;
    type Event = Event;

    fn start(setup: &Setup, seed: u64) -> Result<State, Rejection> {
        let params = setup.tier.params().map_err(Rejection::new)?;
        let mut rng = Rng::stream(seed, "mines.field");
        let g = generator::generate(&params, &mut rng);
        let n = g.field.len();
        let numbers = (0..n).map(|i| if g.field.clue[i] { g.field.number(i) } else { 0 }).collect();
        Ok(State {
            tier: setup.tier,
            total: g.field.mines(),
            field: g.field,
            numbers,
            marks: vec![Mark::None; n],
            phase: Phase::Ready,
            laid: 0,
            started_ms: None,
            last_ms: 0,
            ended_ms: None,
            failed: None,
            attempt: g.attempt,
        })
    }

    fn apply(s: &mut State, action: &Action) -> Result<Vec<Event>, Rejection> {
        if !s.active() {
            return Err(Rejection::new("the round is over; start a new field"));
        }
        let mut events = Vec::new();
        match *action {
            Action::Toggle { cell, ms } => {
                let i = s.cell(cell)?;
                s.check_time(ms)?;
                if s.field.clue[i] {
                    return Err(Rejection::new("clues are fixed"));
                }
                s.last_ms = ms;
                if s.marks[i] == Mark::Mine {
                    s.marks[i] = Mark::None;
                    s.laid -= 1;
                    events.push(Event::PickedUp(cell));
                    return Ok(events);
                }
                if s.started_ms.is_none() {
                    s.started_ms = Some(ms);
                    s.phase = Phase::Playing;
                    events.push(Event::TimerStarted);
                }
                s.marks[i] = Mark::Mine;
                if !s.field.mine[i] {
                    s.phase = Phase::Dead;
                    s.failed = Some(cell);
                    s.ended_ms = Some(ms);
                    for j in 0..s.field.len() {
                        if s.marks[j] == Mark::Question && !s.field.mine[j] {
                            s.marks[j] = Mark::None;
                        }
                    }
                    events.push(Event::Died(cell));
                    return Ok(events);
                }
                s.laid += 1;
                events.push(Event::Laid(cell));
                if s.laid == s.total {
                    s.phase = Phase::Won;
                    s.ended_ms = Some(ms);
                    events.push(Event::Won(s.final_seconds()));
                }
            }
            Action::Cycle { cell } => {
                let i = s.cell(cell)?;
                if s.field.clue[i] {
                    return Err(Rejection::new("clues are fixed"));
                }
                let next = match s.marks[i] {
                    Mark::Mine => return Err(Rejection::new("a laid mine cannot be flagged; pick it up first")),
                    Mark::None => Mark::Safe,
                    Mark::Safe => Mark::Question,
                    Mark::Question => Mark::None,
                };
                s.marks[i] = next;
                events.push(Event::Marked(cell, next));
            }
            Action::Reveal { ms } => {
                s.check_time(ms)?;
                s.last_ms = ms;
                s.phase = Phase::GaveUp;
                if s.started_ms.is_some() {
                    s.ended_ms = Some(ms);
                }
                for j in 0..s.field.len() {
                    if !s.field.clue[j] {
                        s.marks[j] = if s.field.mine[j] { Mark::Mine } else { Mark::None };
                    }
                }
                events.push(Event::Revealed);
            }
        }
        Ok(events)
    }

    fn parts(s: &State) -> Vec<Part> {
        let mut field = PartHasher::new("field");
        field.u16(s.field.rows).u16(s.field.cols).u32(s.attempt);
        for i in 0..s.field.len() {
            field.u8(u8::from(s.field.mine[i]) | u8::from(s.field.clue[i]) << 1);
        }
        let mut marks = PartHasher::new("marks");
        for m in &s.marks {
            marks.u8(m.code());
        }
        let mut round = PartHasher::new("round");
        let phase = match s.phase {
            Phase::Ready => 0,
            Phase::Playing => 1,
            Phase::Won => 2,
            Phase::Dead => 3,
            Phase::GaveUp => 4,
        };
        round.u8(phase).u32(s.laid).u32(s.total).u32(s.last_ms);
        for t in [s.started_ms, s.ended_ms] {
            round.bool(t.is_some()).u32(t.unwrap_or(0));
        }
        round.bool(s.failed.is_some()).u16(s.failed.unwrap_or(0));
        vec![field.finish(), marks.finish(), round.finish()]
    }

    fn outcome(s: &State) -> Outcome {
        match s.phase {
            Phase::Ready | Phase::Playing => Outcome::InProgress,
            Phase::Won => Outcome::Won(crate::say!(
                "Field secured — all {0} mines laid in {1} s.",
                s.total,
                s.final_seconds().min(TIME_CAP)
            )),
            Phase::Dead => {
                let f = u32::from(s.failed.unwrap_or(0));
                let cols = u32::from(s.field.cols);
                Outcome::Lost(crate::say!(
                    "a mine laid on a safe square at row {0}, column {1}",
                    f / cols + 1,
                    f % cols + 1
                ))
            }
            Phase::GaveUp => Outcome::Ended(crate::say!("solution revealed")),
        }
    }
}
