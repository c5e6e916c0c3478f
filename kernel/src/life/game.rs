//! Life as a kernel `Game`: the spec's state machine, budget, zones, tools,
//! stamps, stability, stalemate and extinction. The simulation advances only
//! by explicit `Advance` actions, so the app's timer merely decides how many
//! generations each one asks for, and every game replays exactly.

use super::campaign::{self, Rect};
use super::field::{Field, P1, P2};
use super::patterns::PATTERNS;
use super::planes::Planes;
use crate::digest::{Part, PartHasher};
use crate::game::{Game, Outcome, Rejection};
use crate::say;
use crate::say::Say;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// The default budget per player per game.
pub const DEFAULT_BUDGET: u32 = 100;
/// Generations remembered for stability detection.
pub const STABLE_WINDOW: usize = 1024;
/// The most generations one `Advance` may ask for.
pub const MAX_ADVANCE: u32 = 1_000_000;
/// Square sizes offered in the setup menu.
pub const FIELD_SIZES: [u32; 9] = [40, 60, 80, 100, 120, 150, 200, 250, 300];
/// Rectangles offered besides the squares, (W, H).
pub const FIELD_RECTS: [(u32, u32); 2] = [(60, 100), (100, 60)];

/// The Life game.
pub struct Life;

/// How a game is set up. Append-only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Setup {
    /// Hot-seat, two players.
    TwoPlayer {
        /// Width.
        w: u32,
        /// Height.
        h: u32,
        /// Torus.
        wrap: bool,
        /// Cells each player may place over the whole game.
        budget: u32,
    },
    /// One campaign level, by its index (0..103).
    Campaign {
        /// Index into the campaign's level list.
        level: u16,
    },
}

impl Default for Setup {
    fn default() -> Self {
        Setup::TwoPlayer { w: 60, h: 60, wrap: false, budget: DEFAULT_BUDGET }
    }
}

/// Drawing tools. Append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tool {
    /// 1×1.
    Pencil,
    /// 3×3 centred on the cell.
    Brush,
    /// 1×1 eraser.
    Eraser,
    /// 4×4 eraser: from one cell up-left of the cell to two down-right.
    Eraser4,
}

impl Tool {
    /// The footprint around (x, y) as (x0, y0, x1, y1) inclusive, before
    /// clamping (the window's ghost preview draws it).
    pub fn footprint(self, x: i64, y: i64) -> (i64, i64, i64, i64) {
        match self {
            Tool::Pencil | Tool::Eraser => (x, y, x, y),
            Tool::Brush => (x - 1, y - 1, x + 1, y + 1),
            Tool::Eraser4 => (x - 1, y - 1, x + 2, y + 2),
        }
    }
    /// Whether the tool takes cells away.
    pub fn erases(self) -> bool {
        matches!(self, Tool::Eraser | Tool::Eraser4)
    }
}

/// Player decisions. Append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Use a tool at a cell (a drag is one action per cell it crosses).
    Paint {
        /// Column.
        x: u32,
        /// Row.
        y: u32,
        /// Which tool.
        tool: Tool,
    },
    /// Place a pattern with its bounding box's top-left at the cell.
    Stamp {
        /// Column.
        x: u32,
        /// Row.
        y: u32,
        /// Index into [`PATTERNS`].
        pattern: u8,
        /// Quarter turns clockwise, 0..3.
        rot: u8,
    },
    /// Put the field and budget back as they were when this turn began.
    Reset,
    /// Done placing ("Готов").
    Commit,
    /// On a handoff screen: go on.
    HandoffNext,
    /// On a handoff screen: back to player 1's placement.
    HandoffBack,
    /// Run up to this many generations (stops early at an auto-pause or the end).
    Advance {
        /// Generations, 1 to [`MAX_ADVANCE`].
        gens: u32,
    },
    /// Pause the running simulation.
    Pause,
    /// Start the simulation again.
    Resume,
    /// On a stable paused field: let this player (1 or 2) draw more.
    Edit {
        /// 1 or 2.
        player: u8,
    },
    /// End the game now (confirmed by the player in the app).
    End,
}

/// The states of the spec's FSM that belong to a game (the menus are the app's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Player 1 places.
    PlaceP1,
    /// Hand the device to player 2.
    HandoffP1P2,
    /// Player 2 places, blind.
    PlaceP2,
    /// Start the simulation, or back to player 1.
    HandoffP2Start,
    /// The simulation runs.
    Running,
    /// Paused.
    Paused,
    /// Player 1 draws more on a stable field.
    EditP1,
    /// Player 2 draws more on a stable field.
    EditP2,
    /// Over.
    GameOver,
}

impl Phase {
    /// The spec's state name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::PlaceP1 => "PLACE_P1",
            Phase::HandoffP1P2 => "HANDOFF_P1_P2",
            Phase::PlaceP2 => "PLACE_P2",
            Phase::HandoffP2Start => "HANDOFF_P2_START",
            Phase::Running => "RUNNING",
            Phase::Paused => "PAUSED",
            Phase::EditP1 => "EDIT_P1",
            Phase::EditP2 => "EDIT_P2",
            Phase::GameOver => "GAME_OVER",
        }
    }
    /// The player who draws in this phase, if any.
    pub fn drawer(self) -> Option<u8> {
        match self {
            Phase::PlaceP1 | Phase::EditP1 => Some(P1),
            Phase::PlaceP2 | Phase::EditP2 => Some(P2),
            _ => None,
        }
    }
    fn code(self) -> u8 {
        self as u8
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A colour died out.
    Extinct,
    /// Ended by the players.
    Manual,
    /// Stable field and the trailing player has no budget left.
    Stalemate,
    /// Campaign: every enemy cell gone.
    Win,
    /// Campaign: budget spent, enemy alive, field stable.
    Defeat,
}

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    /// Player 1.
    P1,
    /// Player 2 (in the campaign: the enemy).
    P2,
    /// Nobody.
    Draw,
}

/// The whole state of a Life game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The whole field, always (hiding is only a view).
    pub field: Field,
    /// Where the game is.
    pub phase: Phase,
    /// Budget per player for the whole game.
    pub budget_total: u32,
    /// Cells placed so far, per player (index 0 = player 1).
    pub used: [u32; 2],
    /// The field and the drawing player's `used` when this drawing turn began.
    pub turn_start: Option<(Vec<u8>, u32)>,
    /// The field stopped changing (a fixed point or short cycle) and the
    /// simulation paused itself: editing is allowed.
    pub stable: bool,
    /// Hashes of the last [`STABLE_WINDOW`] generations, oldest first.
    pub window: VecDeque<u64>,
    /// How many times each hash occurs in `window`.
    window_count: BTreeMap<u64, u32>,
    /// Generations run so far.
    pub generation: u64,
    /// Why it ended.
    pub reason: Option<Reason>,
    /// Who won.
    pub winner: Option<Winner>,
    /// The campaign level being played: its index and player 1's zone.
    pub campaign: Option<(u16, Rect)>,
}

/// What an action did, for the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Cells changed by painting, stamping, erasing or a reset.
    Painted {
        /// How many cells changed.
        cells: u32,
    },
    /// The phase changed.
    Phase(Phase),
    /// Generations ran.
    Generations {
        /// How many.
        ran: u32,
    },
    /// The field became stable and the simulation paused itself.
    AutoPaused,
    /// The game ended.
    Over(Reason, Winner),
}

/// Which colours the app may draw: hiding during blind placement is only a view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Visible {
    /// Player 1's cells are drawn.
    pub p1: bool,
    /// Player 2's cells are drawn.
    pub p2: bool,
}

impl State {
    /// Budget left for a player (1 or 2).
    pub fn remaining(&self, player: u8) -> u32 {
        self.budget_total.saturating_sub(self.used[player as usize - 1])
    }

    /// Live cells per player.
    pub fn counts(&self) -> (u32, u32) {
        self.field.counts()
    }

    /// Whether a player may draw at (x, y): player 1's rectangle in the
    /// campaign; otherwise player 1 has the left half (`2x < W`), player 2 the right.
    pub fn in_zone(&self, x: u32, y: u32, player: u8) -> bool {
        match self.campaign {
            Some((_, zone)) => player == P1 && zone.contains(x, y),
            None => (2 * x < self.field.w) == (player == P1),
        }
    }

    /// The colours the app draws in this phase: only your own while placing
    /// blind, none on the first handoff, everything otherwise (the campaign's
    /// enemy is always visible).
    pub fn visible(&self) -> Visible {
        let campaign = self.campaign.is_some();
        match self.phase {
            Phase::PlaceP1 => Visible { p1: true, p2: campaign },
            Phase::PlaceP2 => Visible { p1: false, p2: true },
            Phase::HandoffP1P2 | Phase::HandoffP2Start => Visible { p1: false, p2: false },
            _ => Visible { p1: true, p2: true },
        }
    }

    fn forget_window(&mut self) {
        self.window.clear();
        self.window_count.clear();
    }

    fn remember(&mut self, h: u64) {
        self.window.push_back(h);
        *self.window_count.entry(h).or_insert(0) += 1;
        if self.window.len() > STABLE_WINDOW {
            let old = self.window.pop_front().expect("window is not empty");
            let n = self.window_count.get_mut(&old).expect("counted");
            *n -= 1;
            if *n == 0 {
                self.window_count.remove(&old);
            }
        }
    }

    fn begin_draw(&mut self, phase: Phase) {
        let player = phase.drawer().expect("a drawing phase");
        self.phase = phase;
        self.turn_start = Some((self.field.cells.clone(), self.used[player as usize - 1]));
    }

    fn start_running(&mut self) {
        self.phase = Phase::Running;
        self.turn_start = None;
        self.stable = false;
        self.forget_window();
        let h = self.field.hash();
        self.remember(h);
    }

    fn finish(&mut self, reason: Reason) -> Event {
        let (c1, c2) = self.counts();
        let winner = match reason {
            Reason::Win => Winner::P1,
            Reason::Defeat => Winner::P2,
            Reason::Manual if self.campaign.is_some() => Winner::Draw,
            _ if c1 > c2 => Winner::P1,
            _ if c2 > c1 => Winner::P2,
            _ => Winner::Draw,
        };
        self.phase = Phase::GameOver;
        self.turn_start = None;
        self.reason = Some(reason);
        self.winner = Some(winner);
        Event::Over(reason, winner)
    }

    /// Checks for the end after a generation: extinction (or the campaign's win).
    fn check_end(&mut self, c1: u32, c2: u32) -> Option<Event> {
        if self.campaign.is_some() {
            (c2 == 0).then(|| self.finish(Reason::Win))
        } else {
            (c1 == 0 || c2 == 0).then(|| self.finish(Reason::Extinct))
        }
    }

    /// On an auto-pause: the budget stalemate, or the campaign's defeat.
    fn check_stalemate(&mut self) -> Option<Event> {
        let (c1, c2) = self.counts();
        let (r1, r2) = (self.remaining(P1), self.remaining(P2));
        if self.campaign.is_some() {
            return (r1 == 0 && c2 > 0).then(|| self.finish(Reason::Defeat));
        }
        let stuck = match c1.cmp(&c2) {
            std::cmp::Ordering::Less => r1 == 0,
            std::cmp::Ordering::Greater => r2 == 0,
            std::cmp::Ordering::Equal => r1 == 0 && r2 == 0,
        };
        stuck.then(|| self.finish(Reason::Stalemate))
    }

    /// Applies a tool or stamp's cells for `player`, in the given order.
    fn paint_cells(
        &mut self,
        cells: impl Iterator<Item = (u32, u32)>,
        player: u8,
        erase: bool,
    ) -> Result<u32, Rejection> {
        let mut changed = 0;
        let mut any_in_zone = false;
        let enemy_guard = self.campaign.is_some();
        let p = player as usize - 1;
        for (x, y) in cells {
            if !self.in_zone(x, y, player) {
                continue;
            }
            any_in_zone = true;
            let i = self.field.idx(x, y);
            let cur = self.field.cells[i];
            if enemy_guard && cur == P2 {
                continue; // The enemy cannot be touched.
            }
            if erase {
                let start = self.turn_start.as_ref().expect("drawing phases keep a snapshot").0[i];
                if cur == player && start != player {
                    self.field.cells[i] = start;
                    self.used[p] -= 1;
                    changed += 1;
                }
            } else if cur != player && self.used[p] < self.budget_total {
                self.field.cells[i] = player;
                self.used[p] += 1;
                changed += 1;
            }
        }
        if changed > 0 {
            return Ok(changed);
        }
        Err(Rejection::new(if !any_in_zone {
            say!("that is outside your zone")
        } else if !erase && self.remaining(player) == 0 {
            say!("your budget is spent")
        } else if erase {
            say!("nothing to erase there: the eraser only takes back this turn's cells")
        } else {
            say!("nothing to change there")
        }))
    }

    /// What happens after one generation with these counts and hash: the end,
    /// an auto-pause, or nothing (the hash is remembered). The one place the
    /// stop rules live, for every engine.
    fn after_generation(&mut self, c1: u32, c2: u32, h: u64) -> Option<Stop> {
        let ended = if self.campaign.is_some() { c2 == 0 } else { c1 == 0 || c2 == 0 };
        if ended {
            return Some(Stop::End);
        }
        if self.window_count.contains_key(&h) {
            return Some(Stop::Stable);
        }
        self.remember(h);
        None
    }

    /// Applies a stop once the byte field holds the generation it happened at.
    fn stop(&mut self, stop: Stop, ran: u32) -> Vec<Event> {
        let (c1, c2) = self.counts();
        match stop {
            Stop::End => vec![Event::Generations { ran }, self.check_end(c1, c2).expect("the end condition holds")],
            Stop::Stable => {
                self.stable = true;
                self.phase = Phase::Paused;
                let mut events = vec![Event::Generations { ran }, Event::AutoPaused];
                if let Some(e) = self.check_stalemate() {
                    events.push(e);
                } else if self.campaign.is_some() {
                    self.begin_draw(Phase::EditP1);
                    events.push(Event::Phase(Phase::EditP1));
                }
                events
            }
        }
    }

    /// Runs up to `gens` generations on the fast CPU engine. The byte field is
    /// written back only when the run stops (end, auto-pause or done), since
    /// unpacking costs as much as a generation.
    fn advance(&mut self, gens: u32) -> Vec<Event> {
        let mut planes = Planes::from_field(&self.field);
        let mut ran = 0;
        while ran < gens {
            planes.step();
            ran += 1;
            self.generation += 1;
            let (c1, c2) = planes.counts();
            let h = planes.hash();
            if let Some(stop) = self.after_generation(c1, c2, h) {
                planes.write_to(&mut self.field);
                return self.stop(stop, ran);
            }
        }
        planes.write_to(&mut self.field);
        vec![Event::Generations { ran }]
    }

    /// Runs up to `gens` generations on another engine: all of them in one
    /// batch, then the same stop rules over its per-generation figures; when
    /// the run stops early, the field at that generation is asked for again.
    fn advance_with(&mut self, gens: u32, stepper: &mut dyn Stepper) -> Result<Vec<Event>, String> {
        let start = self.field.clone();
        let (after, figures) = stepper.run(&start, gens)?;
        if figures.len() != gens as usize {
            return Err(format!("the engine returned {} generations of {gens}", figures.len()));
        }
        for (k, &(c1, c2, h)) in figures.iter().enumerate() {
            self.generation += 1;
            if let Some(stop) = self.after_generation(c1, c2, h) {
                let ran = k as u32 + 1;
                self.field = if ran == gens { after } else { stepper.run(&start, ran)?.0 };
                return Ok(self.stop(stop, ran));
            }
        }
        self.field = after;
        Ok(vec![Event::Generations { ran: gens }])
    }
}

/// Why a run of generations stopped early.
#[derive(Clone, Copy)]
enum Stop {
    End,
    Stable,
}

/// One generation's numbers: player 1 cells, player 2 cells, `Field::hash`.
pub type GenStats = (u32, u32, u64);

/// A source of generations for `Advance`: any engine bit-exact with the
/// kernel's (the GPU's `life_step`). Used through [`Life::apply_with`].
pub trait Stepper {
    /// Runs `gens` generations from `field`: the field after them and, per
    /// generation, (player 1 cells, player 2 cells, `Field::hash`).
    fn run(&mut self, field: &Field, gens: u32) -> Result<(Field, Vec<GenStats>), String>;
}

impl Life {
    /// `apply`, with `Advance` run by `stepper`. For an exact stepper the
    /// result is the same state as `apply`'s; if the stepper fails, the CPU runs
    /// the generations instead, so a game never stops on an engine error.
    pub fn apply_with(s: &mut State, action: &Action, stepper: &mut dyn Stepper) -> Result<Vec<Event>, Rejection> {
        if let Action::Advance { gens } = *action {
            if s.phase == Phase::Running && (1..=MAX_ADVANCE).contains(&gens) {
                let backup = s.clone();
                match s.advance_with(gens, stepper) {
                    Ok(events) => return Ok(events),
                    Err(_) => *s = backup,
                }
            }
        }
        Life::apply(s, action)
    }
}

fn reject<T>(why: impl Into<Say>) -> Result<T, Rejection> {
    Err(Rejection::new(why))
}

/// Checks a two-player field size against the spec's limits for files and the command line.
pub fn check_size(w: u32, h: u32) -> Result<(), Rejection> {
    Field::new(w, h, false).map(|_| ()).map_err(Rejection::new)
}

impl Game for Life {
    const ID: &'static str = "life";
    const NAME: &'static str = "Life";
    const RULES_VERSION: u32 = 2;
    type Setup = Setup;
    type Action = Action;
    type State = State;
    type Event = Event;

    fn start(setup: &Setup, _seed: u64) -> Result<State, Rejection> {
        let (field, budget_total, campaign) = match *setup {
            Setup::TwoPlayer { w, h, wrap, budget } => {
                if budget == 0 {
                    return reject("the budget must be at least 1 cell");
                }
                (Field::new(w, h, wrap).map_err(Rejection::new)?, budget, None)
            }
            Setup::Campaign { level } => {
                let levels = campaign::levels();
                let Some(lv) = levels.get(level as usize) else {
                    return reject(format!(
                        "there is no campaign level {} (there are {})",
                        u32::from(level) + 1,
                        levels.len()
                    ));
                };
                (lv.field(), lv.budget, Some((level, lv.zone)))
            }
        };
        let mut s = State {
            field,
            phase: Phase::PlaceP1,
            budget_total,
            used: [0, 0],
            turn_start: None,
            stable: false,
            window: VecDeque::new(),
            window_count: BTreeMap::new(),
            generation: 0,
            reason: None,
            winner: None,
            campaign,
        };
        s.begin_draw(Phase::PlaceP1);
        Ok(s)
    }

    #[expect(clippy::too_many_lines, reason = "one arm per action of the game's state machine")]
    fn apply(s: &mut State, action: &Action) -> Result<Vec<Event>, Rejection> {
        use Phase::*;
        let campaign = s.campaign.is_some();
        let phase_event = |s: &State| vec![Event::Phase(s.phase)];
        match *action {
            Action::Paint { x, y, tool } => {
                let Some(player) = s.phase.drawer() else {
                    return reject("you can draw only while placing or editing");
                };
                if x >= s.field.w || y >= s.field.h {
                    return reject(say!("({0}, {1}) is off the {2}×{3} field", x, y, s.field.w, s.field.h));
                }
                let (x0, y0, x1, y1) = tool.footprint(i64::from(x), i64::from(y));
                let (w, h) = (i64::from(s.field.w), i64::from(s.field.h));
                let cells = (y0.max(0)..=y1.min(h - 1))
                    .flat_map(|yy| (x0.max(0)..=x1.min(w - 1)).map(move |xx| (xx as u32, yy as u32)));
                let cells: Vec<(u32, u32)> = cells.collect();
                let n = s.paint_cells(cells.into_iter(), player, tool.erases())?;
                Ok(vec![Event::Painted { cells: n }])
            }
            Action::Stamp { x, y, pattern, rot } => {
                let Some(player) = s.phase.drawer() else {
                    return reject("you can stamp only while placing or editing");
                };
                let Some(p) = PATTERNS.get(pattern as usize) else {
                    return reject(say!("there is no pattern {0}", pattern));
                };
                if rot > 3 {
                    return reject(say!("a rotation is 0 to 3 quarter turns, not {0}", rot));
                }
                if x >= s.field.w || y >= s.field.h {
                    return reject(say!("({0}, {1}) is off the {2}×{3} field", x, y, s.field.w, s.field.h));
                }
                let (w, h) = (u64::from(s.field.w), u64::from(s.field.h));
                let cells: Vec<(u32, u32)> = p
                    .cells_rotated(rot)
                    .into_iter()
                    .map(|(dx, dy)| (u64::from(x) + u64::from(dx), u64::from(y) + u64::from(dy)))
                    .filter(|&(cx, cy)| cx < w && cy < h)
                    .map(|(cx, cy)| (cx as u32, cy as u32))
                    .collect();
                let n = s.paint_cells(cells.into_iter(), player, false)?;
                Ok(vec![Event::Painted { cells: n }])
            }
            Action::Reset => {
                let Some(player) = s.phase.drawer() else {
                    return reject("there is nothing to reset outside a drawing turn");
                };
                let (cells, used) = s.turn_start.clone().expect("drawing phases keep a snapshot");
                let changed = cells.iter().zip(&s.field.cells).filter(|(a, b)| a != b).count() as u32;
                if changed == 0 {
                    return reject("nothing to reset: the field is as this turn began");
                }
                s.field.cells = cells;
                s.used[player as usize - 1] = used;
                Ok(vec![Event::Painted { cells: changed }])
            }
            Action::Commit => {
                match s.phase {
                    PlaceP1 | EditP1 if campaign => s.start_running(),
                    PlaceP1 => {
                        s.phase = HandoffP1P2;
                        s.turn_start = None;
                    }
                    PlaceP2 => {
                        s.phase = HandoffP2Start;
                        s.turn_start = None;
                    }
                    EditP1 | EditP2 => {
                        s.phase = Paused;
                        s.turn_start = None;
                    }
                    _ => return reject("there is no turn to finish now"),
                }
                Ok(phase_event(s))
            }
            Action::HandoffNext => {
                match s.phase {
                    HandoffP1P2 => s.begin_draw(PlaceP2),
                    HandoffP2Start => s.start_running(),
                    _ => return reject("there is no handoff now"),
                }
                Ok(phase_event(s))
            }
            Action::HandoffBack => {
                match s.phase {
                    HandoffP1P2 | HandoffP2Start => s.begin_draw(PlaceP1),
                    _ => return reject("there is no handoff now"),
                }
                Ok(phase_event(s))
            }
            Action::Advance { gens } => {
                if s.phase != Running {
                    return reject("the simulation is not running");
                }
                if gens == 0 || gens > MAX_ADVANCE {
                    return reject(say!("advance 1 to {0} generations at a time, not {1}", MAX_ADVANCE, gens));
                }
                Ok(s.advance(gens))
            }
            Action::Pause => {
                if s.phase != Running {
                    return reject("the simulation is not running");
                }
                s.phase = Paused;
                Ok(phase_event(s))
            }
            Action::Resume => {
                if s.phase != Paused {
                    return reject("the simulation is not paused");
                }
                s.start_running();
                Ok(phase_event(s))
            }
            Action::Edit { player } => {
                if s.phase != Paused {
                    return reject("you can edit only on a paused field");
                }
                if !s.stable {
                    return reject("you can edit only once the field has stopped changing");
                }
                match player {
                    1 => s.begin_draw(EditP1),
                    2 if !campaign => s.begin_draw(EditP2),
                    2 => return reject("the enemy does not draw"),
                    _ => return reject(say!("there is no player {0}", player)),
                }
                Ok(phase_event(s))
            }
            Action::End => {
                if !matches!(s.phase, Running | Paused) {
                    return reject("the game can be ended only while it runs or is paused");
                }
                Ok(vec![s.finish(Reason::Manual)])
            }
        }
    }

    fn parts(s: &State) -> Vec<Part> {
        let mut field = PartHasher::new("field");
        s.field.hash_into(&mut field);
        let mut play = PartHasher::new("play");
        play.u8(s.phase.code()).bool(s.stable).u64(s.generation);
        play.u8(s.reason.map_or(0, |r| r as u8 + 1)).u8(s.winner.map_or(0, |w| w as u8 + 1));
        match s.campaign {
            Some((level, z)) => play.u8(1).u16(level).u32(z.x).u32(z.y).u32(z.w).u32(z.h),
            None => play.u8(0),
        };
        let mut budget = PartHasher::new("budget");
        budget.u32(s.budget_total).u32(s.used[0]).u32(s.used[1]);
        match &s.turn_start {
            Some((cells, used)) => budget.u8(1).bytes(cells).u32(*used),
            None => budget.u8(0),
        };
        let mut window = PartHasher::new("window");
        window.len(s.window.len());
        for h in &s.window {
            window.u64(*h);
        }
        vec![field.finish(), play.finish(), budget.finish(), window.finish()]
    }

    fn outcome(s: &State) -> Outcome {
        let (Some(reason), Some(winner)) = (s.reason, s.winner) else { return Outcome::InProgress };
        let (c1, c2) = s.counts();
        let why = match reason {
            Reason::Extinct => say!("extinction"),
            Reason::Manual => say!("ended by the players"),
            Reason::Stalemate => say!("budget stalemate"),
            Reason::Win => say!("every enemy cell is gone"),
            Reason::Defeat => say!("the budget is spent and the enemy lives"),
        };
        if let Some((level, _)) = s.campaign {
            let n = u32::from(level) + 1;
            return match reason {
                Reason::Win => Outcome::Won(say!("level {0} cleared at generation {1}", n, s.generation)),
                Reason::Defeat => Outcome::Lost(say!("level {0}: {1}, {2} enemy cells left", n, why, c2)),
                _ => Outcome::Ended(say!("level {0} abandoned", n)),
            };
        }
        match winner {
            Winner::P1 => Outcome::Won(say!("player 1 wins {0} to {1} ({2})", c1, c2, why.clone())),
            Winner::P2 => Outcome::Won(say!("player 2 wins {0} to {1} ({2})", c2, c1, why.clone())),
            Winner::Draw => Outcome::Ended(say!("draw {0} to {1} ({2})", c1, c2, why)),
        }
    }
}
