//! The campaign solver: plays a level through the ordinary actions, choosing
//! each placement by evaluating many candidates at once on a batch step.
//!
//! A round is what the rules allow between two runs of the simulation: the
//! player places cells (in the first placement, or in an edit once the field
//! has stopped changing), commits, and the field runs until it is stable, the
//! enemy is gone, or the level is lost. Within a round the solver adds
//! placements greedily, in steps: each candidate of a stage (a cell next to
//! an enemy cell; then a small stamp there; then ships whose flight passes an
//! enemy) is applied to a copy of the state, the copies are advanced together
//! by a [`BatchEval`], and the step is what leaves fewer enemy cells than the
//! round's placements so far ([`pick`] says how candidates are judged and
//! chosen). Candidates come in a fixed order and scores are integers, so the
//! answer is the same on one core, all cores or the GPU.
//!
//! See `README.md` beside this module for the campaign table.

use super::field::{Field, P2};
use super::game::{Action, Life, Phase, Setup, State, Tool};
use super::patterns;
use super::planes::Planes;
use crate::game::{Game, Rejection};

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
        let threads = (crate::threads::usable(self.threads) as usize).min(fields.len().max(1));
        let chunks: Vec<&[Field]> = fields.chunks(fields.len().div_ceil(threads).max(1)).collect();
        let counts = crate::threads::each_part(&chunks, |chunk| {
            chunk.iter().map(|f| enemy_after_cpu(f, gens)).collect::<Vec<u32>>()
        });
        Ok(counts.into_iter().flatten().collect())
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
    /// The wide search: every candidate judged on the whole field, and
    /// ships in every direction from everywhere on the grid, not only those
    /// aimed at an enemy (slower; it wins some levels the narrow one does
    /// not, and the other way round).
    pub wide: bool,
    /// The most bytes a round's tables may hold (the candidates' crops and
    /// a batch of fields); 0: no limit. Checked before they are made, so a
    /// level whose tables would not fit stops with [`Stopped::Memory`],
    /// never an abort.
    pub max_bytes: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options { horizon: 256, max_run: 200_000, max_candidates: 2_000_000, batch: 256, wide: false, max_bytes: 0 }
    }
}

/// Why a search stopped without a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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
    /// The round's tables would not fit `max_bytes`.
    Memory,
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
            Stopped::Memory => "memory",
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
    /// Whether the wide search made it ([`Options::wide`]).
    pub wide: bool,
}

impl Report {
    /// A report before any round, from `state`.
    fn start(level: u16, state: &State, opts: &Options) -> Report {
        let enemy = state.counts().1;
        Report {
            level,
            actions: Vec::new(),
            stopped: None,
            best_enemy: enemy,
            start_enemy: enemy,
            used: state.used[0],
            evaluated: 0,
            rounds: 0,
            wide: opts.wide,
        }
    }

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

/// Solves campaign level `level` (an index into the campaign). `watch` is
/// asked before every batch; `false` stops the search with [`Stopped::Time`].
pub fn solve(
    level: u16,
    opts: &Options,
    eval: &mut dyn BatchEval,
    watch: &mut dyn FnMut(Progress) -> bool,
) -> Result<Report, String> {
    let mut s = Play::new(level).map_err(|e| e.0.to_string())?;
    let mut report = Report::start(level, s.state(), opts);
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

/// The level being played: its state and the actions so far, played by the
/// rules directly (the solver is a tool above the rules; it needs no
/// session's undo or snapshots).
struct Play {
    state: State,
    actions: Vec<Action>,
}

impl Play {
    fn new(level: u16) -> Result<Self, Rejection> {
        Ok(Play { state: Life::start(&Setup::Campaign { level }, 0)?, actions: Vec::new() })
    }

    fn state(&self) -> &State {
        &self.state
    }

    fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Applies `action` and logs it; a refused action changes nothing.
    fn push(&mut self, action: Action) -> Result<(), Rejection> {
        Life::apply(&mut self.state, &action)?;
        self.actions.push(action);
        Ok(())
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
    s: &mut Play,
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
    let mut t = state.clone();
    let mut chosen = Vec::new();
    while t.remaining(1) > 0 {
        let mut choice = None;
        // Cheap stages first: a later one only when no candidate of the
        // earlier ones helps (each stage costs a batch per placement).
        for stage in [Stage::Cells, Stage::Stamps, Stage::Ships] {
            let (candidates, gens) = match stage {
                Stage::Cells => (near_cells(&t), horizon),
                Stage::Stamps => (near_stamps(&t), horizon),
                Stage::Ships => ship_candidates(&t, opts.wide),
            };
            if candidates.is_empty() {
                continue;
            }
            // The bar: what the placements so far leave after this horizon.
            let bar = eval.enemy_after(std::slice::from_ref(&t.field), gens)?[0];
            if bar == 0 {
                break;
            }
            let local = !opts.wide && !matches!(stage, Stage::Ships);
            let step = pick(&t, &candidates, gens, bar, local, opts, eval, watch, report)?;
            if !step.is_empty() {
                choice = Some(step);
                break;
            }
            if report.stopped.is_some() {
                break;
            }
        }
        if report.stopped.is_some() {
            return Ok(chosen);
        }
        let Some(step) = choice else { break };
        for action in step {
            Life::apply(&mut t, &action).map_err(|e| format!("the chosen placement was refused: {e}"))?;
            chosen.push(action);
        }
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
    let mut report = Report::start(state.campaign.map_or(0, |c| c.0), state, opts);
    report.rounds = 1;
    let actions = placements(state, opts, eval, watch, &mut report)?;
    let mut t = state.clone();
    for a in &actions {
        Life::apply(&mut t, a).map_err(|e| e.0.to_string())?;
    }
    let cells = (0..t.field.cells.len())
        .filter(|&i| t.field.cells[i] != state.field.cells[i])
        .map(|i| ((i % t.field.w as usize) as u32, (i / t.field.w as usize) as u32))
        .collect();
    let enemy_after = eval.enemy_after(std::slice::from_ref(&t.field), opts.horizon)?[0];
    Ok(Hint { actions, cells, enemy_after, stopped: report.stopped })
}

/// What [`hint`] suggests (serde: it crosses to the app's web worker and back).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

/// Room for a step's crop tables (`windows` crops of `size` and their
/// scores), or `None`: what the step holds at most (a crop a window, a batch
/// of fields, a ranked entry a candidate) is past `max_bytes`, or the system
/// refuses the tables (asked for fallibly: issue 46).
fn room(
    windows: usize,
    candidates: usize,
    size: (u32, u32),
    f: &Field,
    opts: &Options,
) -> Option<(Vec<Field>, Vec<u32>)> {
    let crop_bytes = u64::from(size.0) * u64::from(size.1) + std::mem::size_of::<Field>() as u64;
    let held = windows as u64 * (crop_bytes + 8)
        + opts.batch.max(1) as u64 * (crop_bytes + u64::from(f.w) * u64::from(f.h) + 64)
        + candidates as u64 * 48;
    if opts.max_bytes != 0 && held > opts.max_bytes {
        return None;
    }
    let (mut plain, mut base) = (Vec::new(), Vec::new());
    plain.try_reserve_exact(windows).ok()?;
    base.try_reserve_exact(windows).ok()?;
    Some((plain, base))
}

/// The placements of one greedy step: candidates that leave fewer than
/// `bar` enemy cells after `gens` generations.
///
/// With `local` (the stages next to the enemy), each candidate is judged on
/// a [`WINDOW`]-sized crop of the field around it (hard edges), against the
/// same crop without it: what it changes nearby, at a fraction of a whole
/// field's cost. The best of each enemy cluster's candidates are then tried
/// together on the whole field (far enough apart not to meet within the
/// horizon, most of the time), then the best few alone; the first that
/// leaves fewer than `bar` on the whole field is the step. Without `local`
/// (ships, which act far away), every candidate is judged on the whole field
/// and the best is the step (fewest enemy cells, then fewest cells spent,
/// then the first in order).
#[expect(clippy::too_many_arguments, reason = "the search's pieces, passed down once")]
fn pick(
    state: &State,
    candidates: &[Action],
    gens: u32,
    bar: u32,
    local: bool,
    opts: &Options,
    eval: &mut dyn BatchEval,
    watch: &mut dyn FnMut(Progress) -> bool,
    report: &mut Report,
) -> Result<Vec<Action>, String> {
    let f = &state.field;
    let (cw, ch) = if local { (WINDOW.min(f.w), WINDOW.min(f.h)) } else { (f.w, f.h) };
    let window = |a: &Action| -> (u32, u32) {
        let (x, y) = anchor(a);
        let o = |v: u32, n: u32, c: u32| (v.saturating_sub(c / 2) / 16 * 16).min(n - c);
        (o(x, f.w, cw), o(y, f.h, ch))
    };
    // The crops without a candidate, once per window, in a batch.
    let mut windows: Vec<(u32, u32)> = candidates.iter().map(window).collect();
    windows.sort_unstable();
    windows.dedup();
    let Some((mut plain, mut base)) = room(windows.len(), candidates.len(), (cw, ch), f, opts) else {
        report.stopped = Some(Stopped::Memory);
        return Ok(Vec::new());
    };
    plain.extend(windows.iter().map(|&(x, y)| crop(f, x, y, cw, ch)));
    for chunk in plain.chunks(opts.batch.max(1)) {
        base.extend(eval.enemy_after(chunk, gens)?);
    }
    report.evaluated += plain.len() as u64;
    let base_of = |w: (u32, u32)| i64::from(base[windows.binary_search(&w).expect("every window is listed")]);
    let owner = if local { clusters(f) } else { Vec::new() };
    let groups = owner.iter().filter(|&&o| o != u32::MAX).max().map_or(0, |&m| m as usize + 1);
    // (change in enemy cells, cells spent, order, action), best first.
    let mut ranked: Vec<(i64, u32, usize, Action)> = Vec::new();
    for (k, chunk) in candidates.chunks(opts.batch.max(1)).enumerate() {
        if report.evaluated >= opts.max_candidates {
            report.stopped = Some(Stopped::Candidates);
            return Ok(Vec::new());
        }
        if !watch(Progress { round: report.rounds, evaluated: report.evaluated, enemy: bar }) {
            report.stopped = Some(Stopped::Time);
            return Ok(Vec::new());
        }
        let mut fields = Vec::with_capacity(chunk.len());
        let mut kept = Vec::with_capacity(chunk.len());
        for (j, &a) in chunk.iter().enumerate() {
            let mut t = state.clone();
            if Life::apply(&mut t, &a).is_ok() {
                let (x, y) = window(&a);
                kept.push((a, t.used[0] - state.used[0], k * opts.batch.max(1) + j, (x, y)));
                fields.push(if local { crop(&t.field, x, y, cw, ch) } else { t.field });
            }
        }
        if fields.is_empty() {
            continue;
        }
        let scores = eval.enemy_after(&fields, gens)?;
        report.evaluated += fields.len() as u64;
        for ((a, cost, order, w), score) in kept.into_iter().zip(scores) {
            let change = i64::from(score) - if local { base_of(w) } else { i64::from(bar) };
            if change < 0 {
                ranked.push((change, cost, order, a));
            }
        }
    }
    ranked.sort_unstable_by_key(|r| (r.0, r.1, r.2));
    if !local {
        return Ok(ranked.first().map(|r| vec![r.3]).unwrap_or_default());
    }
    // Verified on the whole field: first the clusters' bests together, then the best few alone.
    let whole = |acts: &[Action], eval: &mut dyn BatchEval, report: &mut Report| -> Result<Option<u32>, String> {
        let mut t = state.clone();
        for a in acts {
            if Life::apply(&mut t, a).is_err() {
                return Ok(None);
            }
        }
        report.evaluated += 1;
        Ok(Some(eval.enemy_after(std::slice::from_ref(&t.field), gens)?[0]))
    };
    let mut seen = vec![false; groups + 1];
    let mut together: Vec<Action> = Vec::new();
    for r in &ranked {
        let (x, y) = anchor(&r.3);
        let g = owner[f.idx(x, y)];
        let g = if g == u32::MAX { groups } else { g as usize };
        let far = together.iter().all(|b| {
            let (bx, by) = anchor(b);
            bx.abs_diff(x).max(by.abs_diff(y)) >= APART
        });
        if !seen[g] && far {
            seen[g] = true;
            together.push(r.3);
        }
    }
    if together.len() >= 2 && whole(&together, eval, report)?.is_some_and(|n| n < bar) {
        return Ok(together);
    }
    for r in ranked.iter().take(TRY_ALONE) {
        if whole(&[r.3], eval, report)?.is_some_and(|n| n < bar) {
            return Ok(vec![r.3]);
        }
    }
    Ok(Vec::new())
}

/// The side of the crop a candidate next to the enemy is judged on.
pub const WINDOW: u32 = 64;
/// How many of the best candidates by their crops are tried alone on the
/// whole field before a stage gives up.
const TRY_ALONE: usize = 8;

/// The `w`×`h` piece of `f` from (`x`, `y`), with hard edges.
fn crop(f: &Field, x: u32, y: u32, w: u32, h: u32) -> Field {
    let mut c = Field { w, h, wrap: f.wrap && w == f.w && h == f.h, cells: vec![0; (w * h) as usize] };
    for row in 0..h {
        let from = f.idx(x, y + row);
        c.cells[(row * w) as usize..((row + 1) * w) as usize].copy_from_slice(&f.cells[from..from + w as usize]);
    }
    c
}

/// Placements tried together at least this far apart (Chebyshev cells).
const APART: u32 = 12;

/// Where a candidate sits: its cell or its stamp's anchor.
fn anchor(a: &Action) -> (u32, u32) {
    match *a {
        Action::Paint { x, y, .. } | Action::Stamp { x, y, .. } => (x, y),
        _ => (0, 0),
    }
}

/// Each cell's enemy cluster (enemy cells linked within two cells, numbered
/// in row-major order of their first cell), for cells within three of one;
/// `u32::MAX` elsewhere. The first cluster in number to reach a cell owns it.
fn clusters(f: &Field) -> Vec<u32> {
    let w = i64::from(f.w);
    let at = |x: i64, y: i64| wrapped(f, x, y);
    let mut label = vec![u32::MAX; f.cells.len()];
    let mut next = 0u32;
    let mut members: Vec<Vec<usize>> = Vec::new();
    for start in 0..f.cells.len() {
        if f.cells[start] != P2 || label[start] != u32::MAX {
            continue;
        }
        label[start] = next;
        let mut queue = vec![start];
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head];
            head += 1;
            let (x, y) = ((i as i64) % w, (i as i64) / w);
            for dy in -2..=2 {
                for dx in -2..=2 {
                    if let Some(j) = at(x + dx, y + dy) {
                        if f.cells[j] == P2 && label[j] == u32::MAX {
                            label[j] = next;
                            queue.push(j);
                        }
                    }
                }
            }
        }
        members.push(queue);
        next += 1;
    }
    let mut owner = vec![u32::MAX; f.cells.len()];
    for (c, cells) in members.iter().enumerate() {
        for &i in cells {
            let (x, y) = ((i as i64) % w, (i as i64) / w);
            for dy in -3..=3 {
                for dx in -3..=3 {
                    if let Some(j) = at(x + dx, y + dy) {
                        if owner[j] == u32::MAX {
                            owner[j] = c as u32;
                        }
                    }
                }
            }
        }
    }
    owner
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

/// The index of (x, y) in `f`, wrapped on a torus; `None` off a hard-edged field.
fn wrapped(f: &Field, x: i64, y: i64) -> Option<usize> {
    let (w, h) = (i64::from(f.w), i64::from(f.h));
    let (x, y) = if f.wrap {
        (x.rem_euclid(w), y.rem_euclid(h))
    } else if x < 0 || y < 0 || x >= w || y >= h {
        return None;
    } else {
        (x, y)
    };
    Some((y * w + x) as usize)
}

/// The cells within `d` of an enemy cell (Chebyshev distance; wrapping on a
/// torus), row-major.
fn near(f: &Field, d: i64) -> Vec<(u32, u32)> {
    let mut mark = vec![false; f.cells.len()];
    for i in (0..f.cells.len()).filter(|&i| f.cells[i] == P2) {
        let (x, y) = ((i % f.w as usize) as i64, (i / f.w as usize) as i64);
        for dy in -d..=d {
            for dx in -d..=d {
                if let Some(j) = wrapped(f, x + dx, y + dy) {
                    mark[j] = true;
                }
            }
        }
    }
    (0..f.cells.len()).filter(|&i| mark[i]).map(|i| ((i % f.w as usize) as u32, (i / f.w as usize) as u32)).collect()
}

/// A pencil cell on each open cell within two of an enemy cell, row-major.
fn near_cells(state: &State) -> Vec<Action> {
    near(&state.field, 2)
        .into_iter()
        .filter(|&(x, y)| open(state, x, y))
        .map(|(x, y)| Action::Paint { x, y, tool: Tool::Pencil })
        .collect()
}

/// The near stamps in every distinct rotation, anchored in the zone within
/// three of an enemy cell.
fn near_stamps(state: &State) -> Vec<Action> {
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

/// A ship's travel in one period of four generations: (dx, dy), found by
/// running it alone.
fn velocity(pattern: u8, rot: u8) -> (i64, i64) {
    let cells = patterns::PATTERNS[pattern as usize].cells_rotated(rot);
    let mut f = Field::new(32, 32, false).expect("a small field");
    for (x, y) in cells {
        let i = f.idx(x + 12, y + 12);
        f.cells[i] = 1;
    }
    let corner = |f: &Field| {
        let live = (0..f.cells.len()).filter(|&i| f.cells[i] != 0);
        let xs = live.clone().map(|i| (i % 32) as i64).min().unwrap_or(0);
        let ys = live.map(|i| (i / 32) as i64).min().unwrap_or(0);
        (xs, ys)
    };
    let before = corner(&f);
    let mut p = Planes::from_field(&f);
    for _ in 0..4 {
        p.step();
    }
    let after = corner(&p.to_field());
    (after.0 - before.0, after.1 - before.1)
}

/// Gliders and spaceships on a grid over the zone (at most about 4,096
/// placements looked at), kept only when their line of flight passes within
/// four cells of an enemy cell ahead of them; with the generations the
/// farthest of them needs to get there and act (at most 1,200). The wide
/// search keeps every one, judged after `2 × (W + H)` (256 to 1,200).
fn ship_candidates(state: &State, wide: bool) -> (Vec<Action>, u32) {
    let Some((_, zone)) = state.campaign else { return (Vec::new(), 0) };
    let f = &state.field;
    let enemy: Vec<(i64, i64)> = (0..f.cells.len())
        .filter(|&i| f.cells[i] == P2)
        .map(|i| ((i % f.w as usize) as i64, (i / f.w as usize) as i64))
        .collect();
    let per = (SHIPS.len() * 4) as u64;
    let mut step = 1u32;
    while u64::from(zone.w.div_ceil(step)) * u64::from(zone.h.div_ceil(step)) * per > 4096 {
        step += 1;
    }
    let mut out = Vec::new();
    let mut need = 0u32;
    for id in SHIPS {
        let (pattern, _) = patterns::find(id).expect("a known ship");
        for rot in 0..4u8 {
            let (vx, vy) = velocity(pattern, rot);
            if (vx, vy) == (0, 0) {
                continue;
            }
            for y in (zone.y..zone.y + zone.h).step_by(step as usize) {
                for x in (zone.x..zone.x + zone.w).step_by(step as usize) {
                    // Periods until the ship is level with each enemy cell, and how far off it passes.
                    let hit = enemy.iter().filter_map(|&(ex, ey)| {
                        let (rx, ry) = (ex - i64::from(x), ey - i64::from(y));
                        let k = if vx != 0 { rx / vx } else { ry / vy };
                        let off = (rx - k * vx).abs().max((ry - k * vy).abs());
                        (k > 0 && off <= 4).then_some(k)
                    });
                    match hit.min() {
                        Some(k) => {
                            out.push(Action::Stamp { x, y, pattern, rot });
                            need = need.max((4 * k as u32).saturating_add(64));
                        }
                        None if wide => out.push(Action::Stamp { x, y, pattern, rot }),
                        None => {}
                    }
                }
            }
        }
    }
    (out, if wide { (2 * (f.w + f.h)).clamp(256, 1200) } else { need.clamp(256, 1200) })
}

#[cfg(test)]
mod tests;
