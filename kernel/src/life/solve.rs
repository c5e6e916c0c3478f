//! The campaign solver: plays a level through the ordinary actions, choosing
//! each placement by evaluating many candidates at once on a batch step.
//!
//! A round is what the rules allow between two runs of the simulation: the
//! player places cells (in the first placement, or in an edit once the field
//! has stopped changing), commits, and the field runs until it is stable, the
//! enemy is gone, or the level is lost. Within a round the solver adds
//! placements greedily: every candidate (a cell or a small stamp next to an
//! enemy cell; when that does not help, gliders and spaceships anywhere in the
//! zone, aimed by the evaluation alone) is applied to a copy of the state and
//! the copies are advanced together by a [`BatchEval`]; the candidate that
//! leaves the fewest enemy cells after the horizon (then the fewest cells
//! spent, then the first in order) is placed when it leaves fewer than the
//! round's placements so far. Candidates come in a fixed order and scores are
//! integers, so the answer is the same on one core, all cores or the GPU.
//!
//! See `README.md` beside this module for the campaign table.

use super::field::{Field, P2};
use super::game::{Action, Life, Phase, Setup, State, Tool};
use super::patterns;
use super::planes::Planes;
use crate::game::Game;
use crate::session::Session;

/// Advances many fields of one size together: the solver's batch step.
/// Every implementation is exact (the kernel's rules), so the scores, and
/// with them the solver's answer, do not depend on which one runs.
pub trait BatchEval {
    /// Player 2's (the enemy's) live cells in each field after `gens`
    /// generations.
    fn enemy_after(&mut self, fields: &[Field], gens: u32) -> Result<Vec<u32>, String>;
    /// A short name for reports (`cpu`, `gpu`).
    fn name(&self) -> String;
}

/// The CPU batch step: the bit-parallel step on `threads` threads, each a
/// fixed slice of the batch.
pub struct CpuEval {
    /// Threads to use (at least one).
    pub threads: u32,
}

/// Generations between extinction checks: the enemy cannot come back once
/// it has no cells (a birth takes the majority colour of three live
/// neighbours), so a field whose enemy is gone stops early.
const CHECK_EVERY: u32 = 16;

/// The enemy's cells after `gens` generations of `f` on the CPU.
pub fn enemy_after_cpu(f: &Field, gens: u32) -> u32 {
    let mut p = Planes::from_field(f);
    let mut ran = 0;
    while ran < gens {
        let n = CHECK_EVERY.min(gens - ran);
        for _ in 0..n {
            p.step();
        }
        ran += n;
        if p.counts().1 == 0 {
            return 0;
        }
    }
    p.counts().1
}

impl BatchEval for CpuEval {
    fn enemy_after(&mut self, fields: &[Field], gens: u32) -> Result<Vec<u32>, String> {
        let threads = (self.threads.max(1) as usize).min(fields.len().max(1));
        if threads == 1 {
            return Ok(fields.iter().map(|f| enemy_after_cpu(f, gens)).collect());
        }
        let size = fields.len().div_ceil(threads);
        Ok(std::thread::scope(|sc| {
            let handles: Vec<_> = fields
                .chunks(size)
                .map(|chunk| sc.spawn(move || chunk.iter().map(|f| enemy_after_cpu(f, gens)).collect::<Vec<u32>>()))
                .collect();
            handles.into_iter().flat_map(|h| h.join().expect("an evaluating thread does not panic")).collect()
        }))
    }

    fn name(&self) -> String {
        format!("cpu ×{}", self.threads.max(1))
    }
}

/// The solver's limits. Every search stops with a verdict that says which
/// one ran out.
#[derive(Clone, Debug)]
pub struct Options {
    /// Generations a candidate is judged after, near the enemy.
    pub horizon: u32,
    /// Generations a round may run before the solver gives up on it (a
    /// field that never settles cannot be edited again).
    pub max_run: u64,
    /// Candidates evaluated at most over the whole level.
    pub max_candidates: u64,
    /// Candidates per batch handed to the [`BatchEval`].
    pub batch: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options { horizon: 256, max_run: 200_000, max_candidates: 2_000_000, batch: 256 }
    }
}

/// Why a search stopped without a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// No candidate left fewer enemy cells.
    Stuck,
    /// The budget of cells was spent and the enemy lived on: the level is lost.
    Lost,
    /// A round ran `max_run` generations without settling.
    NeverSettles,
    /// `max_candidates` ran out.
    Candidates,
    /// The caller's time ran out.
    Time,
}

impl Stopped {
    /// Its name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Stopped::Stuck => "stuck",
            Stopped::Lost => "lost",
            Stopped::NeverSettles => "never-settles",
            Stopped::Candidates => "candidates",
            Stopped::Time => "time",
        }
    }
}

/// What the solver found for a level.
#[derive(Clone, Debug)]
pub struct Report {
    /// The level's index.
    pub level: u16,
    /// The actions played, from the level's start: a win when `stopped` is `None`.
    pub actions: Vec<Action>,
    /// `None`: won. Otherwise why it stopped.
    pub stopped: Option<Stopped>,
    /// Fewest enemy cells seen at the end of a round (or the level's start).
    pub best_enemy: u32,
    /// The enemy cells at the start.
    pub start_enemy: u32,
    /// Cells of the budget spent.
    pub used: u32,
    /// Candidates evaluated.
    pub evaluated: u64,
    /// Placement rounds played.
    pub rounds: u32,
}

impl Report {
    /// Whether the level was won.
    pub fn won(&self) -> bool {
        self.stopped.is_none()
    }
}

/// What the solver tells its watcher between batches.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Placement rounds so far.
    pub round: u32,
    /// Candidates evaluated so far.
    pub evaluated: u64,
    /// The enemy cells the round's placements leave after the horizon.
    pub enemy: u32,
}

/// Stamps tried next to the enemy, by id: small, cheap shapes that disturb
/// what they touch.
const NEAR_STAMPS: [&str; 4] = ["block", "blinker", "glider", "tub"];
/// Ships tried anywhere in the zone when nothing near helps.
const SHIPS: [&str; 2] = ["glider", "lwss"];

/// One candidate placement: the action and where it sits in the order.
type Candidate = Action;

/// Solves campaign level `level` (an index into the campaign). `watch` is
/// asked before every batch; `false` stops the search with [`Stopped::Time`].
pub fn solve(
    level: u16,
    opts: &Options,
    eval: &mut dyn BatchEval,
    watch: &mut dyn FnMut(Progress) -> bool,
) -> Result<Report, String> {
    let mut s = Session::<Life>::new(Setup::Campaign { level }, 0).map_err(|e| e.0)?;
    let start_enemy = s.state().counts().1;
    let mut report = Report {
        level,
        actions: Vec::new(),
        stopped: None,
        best_enemy: start_enemy,
        start_enemy,
        used: 0,
        evaluated: 0,
        rounds: 0,
    };
    loop {
        report.rounds += 1;
        let stop = round(&mut s, opts, eval, watch, &mut report)?;
        report.actions = s.actions().to_vec();
        report.used = s.state().used[0];
        report.best_enemy = report.best_enemy.min(s.state().counts().1);
        match stop {
            RoundEnd::Won => return Ok(report),
            RoundEnd::Again => {}
            RoundEnd::Stopped(why) => {
                report.stopped = Some(why);
                return Ok(report);
            }
        }
    }
}

enum RoundEnd {
    Won,
    Again,
    Stopped(Stopped),
}

/// One round: greedy placements, the commit, and the run until the field
/// settles or the level ends.
fn round(
    s: &mut Session<Life>,
    opts: &Options,
    eval: &mut dyn BatchEval,
    watch: &mut dyn FnMut(Progress) -> bool,
    report: &mut Report,
) -> Result<RoundEnd, String> {
    let chosen = placements(s.state(), opts, eval, watch, report)?;
    // A search stopped by its budget still plays the placements it had
    // chosen: the run may win, and otherwise the report says how close.
    let stopped = report.stopped.take();
    if chosen.is_empty() {
        return Ok(RoundEnd::Stopped(stopped.unwrap_or(Stopped::Stuck)));
    }
    for a in chosen {
        s.push(a).map_err(|e| format!("the chosen placement was refused: {e}"))?;
    }
    s.push(Action::Commit).map_err(|e| format!("commit refused: {e}"))?;
    let mut ran = 0u64;
    while s.state().phase == Phase::Running {
        if ran >= opts.max_run {
            return Ok(RoundEnd::Stopped(Stopped::NeverSettles));
        }
        let gens = 4096u32.min((opts.max_run - ran) as u32);
        s.push(Action::Advance { gens }).map_err(|e| format!("advance refused: {e}"))?;
        ran += u64::from(gens);
    }
    match s.state().phase {
        Phase::GameOver if s.state().counts().1 == 0 => Ok(RoundEnd::Won),
        Phase::GameOver => Ok(RoundEnd::Stopped(Stopped::Lost)),
        _ => Ok(stopped.map_or(RoundEnd::Again, RoundEnd::Stopped)),
    }
}

/// A round's placements from `state` (placing or editing): greedily, each
/// the candidate that leaves the fewest enemy cells, while one leaves fewer
/// than the placements before it. A stop (time, candidates) is left in
/// `report.stopped`.
fn placements(
    state: &State,
    opts: &Options,
    eval: &mut dyn BatchEval,
    watch: &mut dyn FnMut(Progress) -> bool,
    report: &mut Report,
) -> Result<Vec<Action>, String> {
    let horizon = opts.horizon;
    let far = far_horizon(&state.field);
    let mut t = state.clone();
    let mut chosen = Vec::new();
    while t.remaining(1) > 0 {
        let mut choice = None;
        // Cheap stages first: a later one only when no candidate of the
        // earlier ones helps (each stage costs a batch per placement).
        for (stage, gens) in [(Stage::Cells, horizon), (Stage::Stamps, horizon), (Stage::Ships, far)] {
            // The bar: what the placements so far leave after this horizon.
            let bar = eval.enemy_after(std::slice::from_ref(&t.field), gens)?[0];
            if bar == 0 {
                break;
            }
            let candidates = match stage {
                Stage::Cells => near_cells(&t),
                Stage::Stamps => near_stamps(&t),
                Stage::Ships => ship_candidates(&t),
            };
            if let Some(c) = pick(&t, &candidates, gens, bar, opts, eval, watch, report)? {
                choice = Some(c);
                break;
            }
            if report.stopped.is_some() {
                break;
            }
        }
        if report.stopped.is_some() {
            return Ok(chosen);
        }
        let Some((action, _)) = choice else { break };
        Life::apply(&mut t, &action).map_err(|e| format!("the chosen placement was refused: {e}"))?;
        chosen.push(action);
    }
    Ok(chosen)
}

/// A hint for a campaign position where the player may place cells: the
/// placements the solver would make this round (empty when none helps).
/// `Err` when the position is not one to place in.
pub fn hint(
    state: &State,
    opts: &Options,
    eval: &mut dyn BatchEval,
    watch: &mut dyn FnMut(Progress) -> bool,
) -> Result<Hint, String> {
    if state.campaign.is_none() || !matches!(state.phase, Phase::PlaceP1 | Phase::EditP1) {
        return Err("a hint is for a campaign level while you place cells".into());
    }
    let mut report = Report {
        level: state.campaign.map_or(0, |c| c.0),
        actions: Vec::new(),
        stopped: None,
        best_enemy: state.counts().1,
        start_enemy: state.counts().1,
        used: state.used[0],
        evaluated: 0,
        rounds: 1,
    };
    let actions = placements(state, opts, eval, watch, &mut report)?;
    let mut t = state.clone();
    for a in &actions {
        Life::apply(&mut t, a).map_err(|e| e.0)?;
    }
    let cells = (0..t.field.cells.len())
        .filter(|&i| t.field.cells[i] != state.field.cells[i])
        .map(|i| ((i % t.field.w as usize) as u32, (i / t.field.w as usize) as u32))
        .collect();
    let enemy_after = eval.enemy_after(std::slice::from_ref(&t.field), opts.horizon)?[0];
    Ok(Hint { actions, cells, enemy_after, stopped: report.stopped })
}

/// What [`hint`] suggests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The placements, in order, as ordinary actions.
    pub actions: Vec<Action>,
    /// The cells they would add, row-major (for the ghost overlay).
    pub cells: Vec<(u32, u32)>,
    /// The enemy cells left after the horizon with them placed.
    pub enemy_after: u32,
    /// Why the search stopped early, if it did (the hint is the best so far).
    pub stopped: Option<Stopped>,
}

/// The best candidate that leaves fewer than `bar` enemy cells after `gens`
/// generations: (action, enemy cells left).
#[expect(clippy::too_many_arguments, reason = "the search's pieces, passed down once")]
fn pick(
    state: &State,
    candidates: &[Candidate],
    gens: u32,
    bar: u32,
    opts: &Options,
    eval: &mut dyn BatchEval,
    watch: &mut dyn FnMut(Progress) -> bool,
    report: &mut Report,
) -> Result<Option<(Action, u32)>, String> {
    let mut best: Option<(u32, u32, Action)> = None;
    for chunk in candidates.chunks(opts.batch.max(1)) {
        if report.evaluated >= opts.max_candidates {
            report.stopped = Some(Stopped::Candidates);
            return Ok(None);
        }
        let enemy = best.map_or(bar, |b| b.0);
        if !watch(Progress { round: report.rounds, evaluated: report.evaluated, enemy }) {
            report.stopped = Some(Stopped::Time);
            return Ok(None);
        }
        let mut fields = Vec::with_capacity(chunk.len());
        let mut kept = Vec::with_capacity(chunk.len());
        for &a in chunk {
            let mut t = state.clone();
            if Life::apply(&mut t, &a).is_ok() {
                kept.push((a, t.used[0] - state.used[0]));
                fields.push(t.field);
            }
        }
        if fields.is_empty() {
            continue;
        }
        let scores = eval.enemy_after(&fields, gens)?;
        report.evaluated += fields.len() as u64;
        for ((a, cost), score) in kept.into_iter().zip(scores) {
            if best.is_none_or(|b| (score, cost) < (b.0, b.1)) {
                best = Some((score, cost, a));
            }
        }
    }
    Ok(best.filter(|b| b.0 < bar).map(|b| (b.2, b.0)))
}

/// Generations a ship is judged after: long enough to cross the field.
fn far_horizon(f: &Field) -> u32 {
    (2 * (f.w + f.h)).clamp(256, 1200)
}

/// Whether (x, y) is in the zone and empty.
fn open(state: &State, x: u32, y: u32) -> bool {
    state.in_zone(x, y, 1) && state.field.get(x, y) == 0
}

/// The kinds of candidates, tried in this order.
#[derive(Clone, Copy)]
enum Stage {
    /// One cell next to the enemy.
    Cells,
    /// A small stamp next to the enemy.
    Stamps,
    /// A ship anywhere in the zone.
    Ships,
}

/// The cells within `d` of an enemy cell (Chebyshev distance; wrapping on a
/// torus), row-major.
fn near(f: &Field, d: i64) -> Vec<(u32, u32)> {
    {
        let mut mark = vec![false; f.cells.len()];
        for y in 0..f.h {
            for x in 0..f.w {
                if f.get(x, y) != P2 {
                    continue;
                }
                for dy in -d..=d {
                    for dx in -d..=d {
                        let (nx, ny) = (i64::from(x) + dx, i64::from(y) + dy);
                        let (nx, ny) = if f.wrap {
                            (nx.rem_euclid(i64::from(f.w)), ny.rem_euclid(i64::from(f.h)))
                        } else if nx < 0 || ny < 0 || nx >= i64::from(f.w) || ny >= i64::from(f.h) {
                            continue;
                        } else {
                            (nx, ny)
                        };
                        mark[ny as usize * f.w as usize + nx as usize] = true;
                    }
                }
            }
        }
        (0..f.cells.len())
            .filter(|&i| mark[i])
            .map(|i| ((i % f.w as usize) as u32, (i / f.w as usize) as u32))
            .collect()
    }
}

/// A pencil cell on each open cell within two of an enemy cell, row-major.
fn near_cells(state: &State) -> Vec<Candidate> {
    near(&state.field, 2)
        .into_iter()
        .filter(|&(x, y)| open(state, x, y))
        .map(|(x, y)| Action::Paint { x, y, tool: Tool::Pencil })
        .collect()
}

/// The near stamps in every distinct rotation, anchored in the zone within
/// three of an enemy cell.
fn near_stamps(state: &State) -> Vec<Candidate> {
    let mut out = Vec::new();
    let anchors: Vec<(u32, u32)> = near(&state.field, 3).into_iter().filter(|&(x, y)| state.in_zone(x, y, 1)).collect();
    for id in NEAR_STAMPS {
        let (pattern, p) = patterns::find(id).expect("a known stamp");
        for rot in 0..4u8 {
            if rot > 0 && p.cells_rotated(rot) == p.cells_rotated(0) {
                continue;
            }
            if rot > 1 && p.cells_rotated(rot) == p.cells_rotated(rot - 2) {
                continue;
            }
            out.extend(anchors.iter().map(|&(x, y)| Action::Stamp { x, y, pattern, rot }));
        }
    }
    out
}

/// Gliders and spaceships in every rotation on a grid over the zone, at
/// most about 4,096 of them (the grid coarsens on big zones).
fn ship_candidates(state: &State) -> Vec<Candidate> {
    let Some((_, zone)) = state.campaign else { return Vec::new() };
    let per = (SHIPS.len() * 4) as u64;
    let mut step = 1u32;
    while u64::from(zone.w.div_ceil(step)) * u64::from(zone.h.div_ceil(step)) * per > 4096 {
        step += 1;
    }
    let mut out = Vec::new();
    for id in SHIPS {
        let (pattern, _) = patterns::find(id).expect("a known ship");
        for rot in 0..4u8 {
            for y in (zone.y..zone.y + zone.h).step_by(step as usize) {
                for x in (zone.x..zone.x + zone.w).step_by(step as usize) {
                    out.push(Action::Stamp { x, y, pattern, rot });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::life::campaign::levels;

    fn quick() -> Options {
        Options { max_candidates: 200_000, ..Options::default() }
    }

    /// The first level («Разминка»: a block, a beehive and a blinker in an
    /// open field) is won, and its actions replay to the win through the
    /// ordinary session.
    #[test]
    fn the_warm_up_level_is_won_and_its_actions_replay_to_the_win() {
        let r = solve(0, &quick(), &mut CpuEval { threads: 1 }, &mut |_| true).unwrap();
        assert!(r.won(), "{r:?}");
        let mut s = Session::<Life>::new(Setup::Campaign { level: 0 }, 0).unwrap();
        for a in &r.actions {
            s.push(*a).unwrap();
        }
        assert!(matches!(Life::outcome(s.state()), crate::game::Outcome::Won(_)), "{:?}", Life::outcome(s.state()));
        assert!(r.used <= levels()[0].budget);
    }

    /// Same candidates, same scores, same answer on one thread and on three
    /// (the batch split differently), on a level that needs more than one
    /// placement.
    #[test]
    fn the_answer_does_not_depend_on_the_thread_count() {
        let one = solve(1, &quick(), &mut CpuEval { threads: 1 }, &mut |_| true).unwrap();
        let three = solve(1, &quick(), &mut CpuEval { threads: 3 }, &mut |_| true).unwrap();
        assert_eq!(one.actions, three.actions);
        assert_eq!((one.evaluated, one.best_enemy, one.stopped), (three.evaluated, three.best_enemy, three.stopped));
    }

    /// A hint from the warm-up level's start is placements that the game
    /// accepts and that leave no enemy after the horizon; a hint after the
    /// commit (not a placing position) is refused with a reason.
    #[test]
    fn a_hint_is_placements_the_game_accepts() {
        let s = Session::<Life>::new(Setup::Campaign { level: 0 }, 0).unwrap();
        let h = hint(s.state(), &quick(), &mut CpuEval { threads: 2 }, &mut |_| true).unwrap();
        assert!(!h.actions.is_empty() && !h.cells.is_empty(), "{h:?}");
        assert_eq!(h.enemy_after, 0);
        let mut t = s.clone();
        for a in &h.actions {
            t.push(*a).unwrap();
        }
        assert_eq!(t.state().used[0] as usize, h.cells.len());
        t.push(Action::Commit).unwrap();
        assert!(hint(t.state(), &quick(), &mut CpuEval { threads: 1 }, &mut |_| true).is_err());
    }

    /// A watcher that says stop ends the search with Time, not a panic.
    #[test]
    fn a_stopped_search_says_time() {
        let r = solve(2, &quick(), &mut CpuEval { threads: 1 }, &mut |_| false).unwrap();
        assert_eq!(r.stopped, Some(Stopped::Time));
        assert!(!r.won());
    }

    /// A search stopped mid-round still plays what it had chosen: the
    /// placements are committed and run, and the report says where that left
    /// the enemy (or that it won).
    #[test]
    fn a_search_stopped_mid_round_plays_its_placements() {
        let mut calls = 0;
        let r = solve(2, &quick(), &mut CpuEval { threads: 2 }, &mut |_| {
            calls += 1;
            calls <= 40
        })
        .unwrap();
        assert!(r.won() || r.stopped == Some(Stopped::Time), "{r:?}");
        assert!(r.actions.contains(&Action::Commit), "the chosen placements were played: {r:?}");
        assert!(r.best_enemy < r.start_enemy, "{r:?}");
    }

    /// Extinction is absorbing, so stopping early on it gives the full count.
    #[test]
    fn the_early_extinction_stop_matches_the_full_run() {
        let l = &levels()[0];
        let f = l.field();
        let mut p = Planes::from_field(&f);
        for _ in 0..100 {
            p.step();
        }
        assert_eq!(enemy_after_cpu(&f, 100), p.counts().1);
    }
}
