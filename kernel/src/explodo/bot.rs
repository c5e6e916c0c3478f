//! Bots that play whole runs by the real rules, at three skills, for the
//! balance lab, the demo and the tests. A bot sees what a player sees: the
//! board, the bombs' numbers, the flame and the enemies' arrows. It looks
//! ahead by playing copies of the run where nothing can hurt it (the same
//! rules, so chains, oil, barrels, ceilings and spikes are as they will be).
//!
//! Each turn it lists its actions (wait, the steps, Run and Diagonal when
//! owned, a bomb each way), plays each on a copy and keeps those after which
//! it can still stay alive for its horizon: a way, a tile a turn, that never
//! stands where flame burns or an enemy goes (the enemies as their arrows
//! show them, held where they stand past that). Of those it bombs when the
//! copy's blast kills an enemy, or breaks crates while no enemy can be
//! reached; otherwise it steps toward the nearest of: a tile in an enemy's
//! line within its blast, a coin, the gem, and (no enemy left) the open exit;
//! with none of those in reach, toward the nearest crate.
//!
//! The skills differ in how far ahead they look and how often they slip (an
//! action from all that the rules allow, drawn from the bot's own seeded
//! stream, `explodo.bot.<skill>`): careful looks past every fuse on the
//! board and never slips; average looks 2 turns ahead and slips one turn in
//! 25; sloppy looks 1 turn ahead and slips one turn in 12. Every choice is a
//! function of the run's state and that stream, so (seed, skill) fixes the
//! whole run.

use super::board::{Diag, Dir, Pos, Tile, DIRS, OIL, SPIKES};
use super::items::{Charge, Offer, Power};
use super::route::costs_a_life;
use super::{Action, Dialog, Explodo, RunPhase, Setup, State, Step};
use crate::game::Game;
use crate::rng::Rng;
use std::collections::VecDeque;

/// How well a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Skill {
    /// Checks every turn that it survives what enemies and bombs can do next.
    Careful,
    /// Looks 3 turns ahead; slips one turn in 12.
    Average,
    /// Looks 2 turns ahead; slips one turn in 6.
    Sloppy,
}

/// Every skill, best first.
pub const SKILLS: [Skill; 3] = [Skill::Careful, Skill::Average, Skill::Sloppy];

impl Skill {
    /// Its name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Skill::Careful => "careful",
            Skill::Average => "average",
            Skill::Sloppy => "sloppy",
        }
    }

    /// The skill of that name.
    pub fn parse(name: &str) -> Option<Skill> {
        SKILLS.into_iter().find(|k| k.name() == name)
    }

    /// Turns looked ahead; `None`: past every fuse on the board.
    fn horizon(self) -> Option<u32> {
        match self {
            Skill::Careful => None,
            Skill::Average => Some(3),
            Skill::Sloppy => Some(2),
        }
    }

    /// One turn in this many is a slip (0: never).
    fn slip_one_in(self) -> u32 {
        match self {
            Skill::Careful => 0,
            Skill::Average => 12,
            Skill::Sloppy => 6,
        }
    }
}

/// The most turns a bot plays on one level before the lab calls it stuck.
pub const MAX_LEVEL_TURNS: u32 = 600;

/// A bot: its skill and its own stream.
#[derive(Clone, Debug)]
pub struct Bot {
    /// How well it plays.
    pub skill: Skill,
    rng: Rng,
    /// Turns it began on a tile that burns at the end of that turn (it had
    /// to leave it): the lab's "turns in danger".
    pub turns_in_danger: u32,
    /// Turns since it last placed a bomb.
    idle: u32,
    /// Where it wanders when it has been idle long, and the turn it gives up.
    wander: Option<(Pos, u32)>,
    /// Where it stood before its last action (and the level), so it does not
    /// pace back and forth.
    came_from: Option<(u32, Pos)>,
}

/// Where the bot heads this turn ([`Bot::aim`]).
struct Aim {
    /// The goal tiles.
    goal: Vec<bool>,
    /// The board as it walks it.
    ground: Ground,
    /// Heading for the open exit.
    leaving: bool,
    /// Breaking crates to reach enemies (crate bombs count).
    digging: bool,
}

/// Turns without a bomb after which the bot breaks crates even while an
/// enemy can be reached (a wanderer it cannot catch).
const RESTLESS: u32 = 24;
/// Turns without a bomb after which the bot also bombs where the blast
/// reaches the uncovered exit or gem.
const DESPERATE: u32 = 96;
/// Turns a wandering bot heads for one drawn crate.
const WANDER_TURNS: u32 = 30;

/// What the bot knows of the next turns: for each turn `t` from now (0 is
/// now), a byte per tile: burning after the world's turn `t` ([`FIRE`]),
/// raised spikes then ([`SPIKE`]), an enemy there or dashing through
/// ([`ENEMY`]), walkable ([`OPEN`]).
struct Timeline {
    w: i32,
    /// Tiles a turn.
    n: usize,
    /// `n` bytes a turn, turn after turn.
    flags: Vec<u8>,
    /// Enemies the copy's blasts killed.
    kills: u32,
    /// Crates the copy's blasts broke.
    crates: u32,
    /// Flame reached the uncovered exit or gem (which lets enemies out, and
    /// burns the gem).
    spoils: bool,
}

const FIRE: u8 = 1;
const SPIKE: u8 = 2;
const ENEMY: u8 = 4;
const OPEN: u8 = 8;

impl Timeline {
    fn at(&self, p: Pos) -> usize {
        (p.y * self.w + p.x) as usize
    }

    /// Turns it covers, now included.
    fn turns(&self) -> usize {
        self.flags.len() / self.n
    }

    fn get(&self, t: usize, i: usize) -> u8 {
        self.flags[t * self.n + i]
    }

    /// Whether standing on tile `i` after the world's turn `t` is safe.
    fn safe_at(&self, i: usize, t: usize) -> bool {
        let prev = t.saturating_sub(1);
        self.get(t, i) & (FIRE | SPIKE | ENEMY) == 0 && self.get(prev, i) & (FIRE | ENEMY) == 0
    }

    /// Whether a way exists from `p` (safe at turn `from`) that stays safe
    /// for every later turn of the timeline, a step (or a pause) a turn.
    fn escape_from(&self, p: Pos, from: usize) -> bool {
        let (n, w) = (self.n, self.w as usize);
        let mut reach = vec![false; n];
        let mut next = vec![false; n];
        reach[self.at(p)] = true;
        for t in from + 1..self.turns() {
            next.fill(false);
            let mut any = false;
            for (i, &here) in reach.iter().enumerate() {
                if !here {
                    continue;
                }
                // The tile and its four neighbours (the board's outer wall
                // keeps every neighbour of a reachable tile on the board).
                for j in [i, i - w, i + w, i - 1, i + 1] {
                    if (j == i || self.get(t - 1, j) & OPEN != 0) && self.safe_at(j, t) {
                        next[j] = true;
                        any = true;
                    }
                }
            }
            if !any {
                return false;
            }
            std::mem::swap(&mut reach, &mut next);
        }
        true
    }

    /// Whether a way exists from `p`, where you stand now.
    fn escape(&self, p: Pos) -> bool {
        self.escape_from(p, 0)
    }
}

/// Whether nothing on the board burns, ticks or falls, and no enemy is
/// frozen or lured: the next turns are the enemies' arrows and the spikes.
fn quiet(s: &State) -> bool {
    s.bombs.is_empty()
        && s.flames.is_empty()
        && s.ceilings.is_empty()
        && s.smoulder.is_empty()
        && s.crumbling.is_empty()
        && s.decoy.is_none()
        && s.enemies.iter().all(|e| e.frozen == 0)
}

/// The tiles an enemy's `step` from `from` passes before it ends on `end`
/// (a dash's middle tile, the oil it slides over).
fn passed(from: Pos, end: Pos, step: Step) -> impl Iterator<Item = Pos> {
    let d = match step {
        Step::Move(d) | Step::Dash(d) => Some(d),
        Step::Rest => None,
    };
    let mut at = from;
    std::iter::from_fn(move || {
        let d = d?;
        let next = at.step(d);
        // Steps never leave the board; the bound keeps a bad plan finite.
        if at == end || next.dist(from) > 64 {
            return None;
        }
        at = next;
        (at != end).then_some(at)
    })
}

/// Appends one turn's layer of a timeline for `s` as its tiles lie: walkable
/// ([`OPEN`]: floor, crates with Crate Pass, no bomb unless Bomb Pass) and
/// raised spikes ([`SPIKE`]) when `spikes` says they are up.
fn tile_layer(s: &State, spikes: bool, out: &mut Vec<u8>) {
    let base = out.len();
    let crate_pass = s.has(Power::CratePass);
    out.extend(s.layout.tiles.iter().zip(&s.layout.marks).map(|(&t, &m)| {
        let open = t == Tile::Floor || crate_pass && t == Tile::Crate;
        u8::from(open) * OPEN + u8::from(spikes && m & SPIKES != 0) * SPIKE
    }));
    if !s.has(Power::BombPass) {
        for b in &s.bombs {
            if s.layout.inside(b.pos) {
                out[base + (b.pos.y * s.layout.w + b.pos.x) as usize] &= !OPEN;
            }
        }
    }
}

/// The timeline of a quiet board ([`quiet`]) without playing it: the
/// enemies go where their arrows point (as the world's turn moves them when
/// nothing is in their way), then stay; spikes rise on even turns.
fn quiet_timeline(s: &State, turns: u32) -> Timeline {
    let w = s.layout.w;
    let n = s.layout.tiles.len();
    let mut flags = Vec::with_capacity(n * (turns as usize + 1));
    for t in 0..=turns {
        tile_layer(s, t > 0 && super::spikes_up((s.turn + t).saturating_sub(1)), &mut flags);
    }
    let at = |p: Pos| s.layout.inside(p).then(|| (p.y * w + p.x) as usize);
    for e in &s.enemies {
        let mut pos = e.pos;
        for t in 0..=turns as usize {
            if t > 0 {
                if let Some(&step) = e.plan.get(t - 1) {
                    let end = s.land(e.kind, pos, step);
                    for p in passed(pos, end, step) {
                        if let Some(i) = at(p) {
                            flags[t * n + i] |= ENEMY;
                        }
                    }
                    pos = end;
                }
            }
            if let Some(i) = at(pos) {
                flags[t * n + i] |= ENEMY;
            }
        }
    }
    Timeline { w, n, flags, kills: 0, crates: 0, spoils: false }
}

/// Plays `turns` world turns on a copy of `s` where nothing can hurt you,
/// standing still, and records what burns and where enemies go (reads the
/// arrows instead on a quiet board).
fn timeline(s: &State, turns: u32) -> Timeline {
    if quiet(s) {
        return quiet_timeline(s, turns);
    }
    let w = s.layout.w;
    let n = s.layout.tiles.len();
    let snapshot = |s: &State, dashing: &[Pos], out: &mut Vec<u8>| {
        let base = out.len();
        tile_layer(s, super::spikes_up(s.turn.saturating_sub(1)), out);
        let at = |p: Pos| s.layout.inside(p).then(|| base + (p.y * w + p.x) as usize);
        for &(p, _) in &s.flames {
            if let Some(i) = at(p) {
                out[i] |= FIRE;
            }
        }
        for e in s.enemies.iter().map(|e| e.pos).chain(dashing.iter().copied()) {
            if let Some(i) = at(e) {
                out[i] |= ENEMY;
            }
        }
    };
    let mut flags = Vec::with_capacity(n * (turns as usize + 1));
    snapshot(s, &[], &mut flags);
    let mut t = Timeline { w, n, flags, kills: 0, crates: 0, spoils: false };
    let mut sim = s.clone();
    sim.setup.immortal = true;
    sim.dialogs.clear();
    let (kills, crates) = (s.kills, crate_count(s));
    let mut dashing = Vec::new();
    for _ in 0..turns {
        // Dashes and slides pass tiles between: enemies are there during the turn.
        dashing.clear();
        for e in &sim.enemies {
            if let Some(&step) = e.plan.front() {
                dashing.extend(passed(e.pos, sim.land(e.kind, e.pos, step), step));
            }
        }
        let level = sim.level;
        if Explodo::apply(&mut sim, &Action::Wait).is_err() || sim.level != level || sim.phase != RunPhase::Playing {
            break;
        }
        sim.dialogs.clear();
        snapshot(&sim, &dashing, &mut t.flags);
        let last = t.turns() - 1;
        let hit = |p: Pos| t.get(last, t.at(p)) & FIRE != 0;
        if s.exit_revealed && hit(s.layout.exit) || s.gem_revealed && !s.gem_taken && hit(s.layout.gem) {
            t.spoils = true;
        }
    }
    t.kills = sim.kills - kills;
    t.crates = crates.saturating_sub(crate_count(&sim));
    t
}

fn crate_count(s: &State) -> u32 {
    s.layout.tiles.iter().filter(|&&t| t == Tile::Crate).count() as u32
}

/// The tiles of `goals` as a mask of the board.
fn mask(s: &State, goals: &[Pos]) -> Vec<bool> {
    let mut out = vec![false; s.layout.tiles.len()];
    for &g in goals {
        if s.layout.inside(g) {
            out[(g.y * s.layout.w + g.x) as usize] = true;
        }
    }
    out
}

/// The board as the bot walks it this turn: which tiles a step may enter
/// (floor, crates with Crate Pass; no bomb unless Bomb Pass; not the open
/// exit), oil and spikes.
struct Ground {
    w: usize,
    open: Vec<bool>,
    oil: Vec<bool>,
    spikes: Vec<bool>,
    /// Any spikes at all (else timing never matters).
    spiked: bool,
    /// The world's turn the next action ends.
    turn: u32,
    /// Search buffers, kept between searches.
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<(usize, u32, u32)>,
}

impl Ground {
    fn new(s: &State) -> Ground {
        let n = s.layout.tiles.len();
        let crate_pass = s.has(Power::CratePass);
        let mut open: Vec<bool> =
            s.layout.tiles.iter().map(|&t| t == Tile::Floor || crate_pass && t == Tile::Crate).collect();
        if !s.has(Power::BombPass) {
            for b in &s.bombs {
                if s.layout.inside(b.pos) {
                    open[(b.pos.y * s.layout.w + b.pos.x) as usize] = false;
                }
            }
        }
        if s.exit_open && s.layout.inside(s.layout.exit) {
            open[(s.layout.exit.y * s.layout.w + s.layout.exit.x) as usize] = false;
        }
        let oil: Vec<bool> = s.layout.marks.iter().map(|&m| m & OIL != 0).collect();
        let spikes: Vec<bool> = s.layout.marks.iter().map(|&m| m & SPIKES != 0).collect();
        Ground {
            w: s.layout.w as usize,
            open,
            oil,
            spiked: spikes.contains(&true),
            spikes,
            turn: s.turn,
            seen: vec![0; 2 * n],
            stamp: 0,
            queue: Vec::new(),
        }
    }

    /// The tiles reachable from `from` by steps over [`Ground::open`] tiles.
    fn reach(&self, from: Pos) -> Vec<bool> {
        let n = self.open.len();
        let mut out = vec![false; n];
        let start = from.y as usize * self.w + from.x as usize;
        if from.x < 0 || from.y < 0 || start >= n {
            return out;
        }
        out[start] = true;
        let mut queue = vec![start];
        while let Some(p) = queue.pop() {
            // The board's outer wall keeps the neighbours of a tile you can
            // stand on on the board.
            for q in [p - self.w, p + self.w, p - 1, p + 1] {
                if self.open[q] && !out[q] {
                    out[q] = true;
                    queue.push(q);
                }
            }
        }
        out
    }

    /// Fewest actions from standing on `from` after `k` of them (0: now)
    /// to a tile of `goal`, a step or a pause a turn (sliding over oil as
    /// you do), never ending a turn on raised spikes (they rise every other
    /// turn, so a way's timing matters), onto the open exit only when it is
    /// a goal; `u32::MAX` when none.
    fn timed(&mut self, from: Pos, k: u32, goal: &[bool]) -> u32 {
        let n = self.open.len();
        let start = from.y as usize * self.w + from.x as usize;
        if from.x < 0 || from.y < 0 || start >= n {
            return u32::MAX;
        }
        if goal[start] {
            return 0;
        }
        self.stamp += 1;
        let stamp = self.stamp;
        let spiked = self.spiked;
        // States: a tile and the parity of the actions taken (only spikes
        // care: without them every tile is one state).
        let parity = |k: u32| if spiked { k as usize & 1 } else { 0 };
        self.queue.clear();
        self.queue.push((start, k, 0));
        self.seen[start * 2 + parity(k)] = stamp;
        let mut head = 0;
        let w = self.w;
        while head < self.queue.len() {
            let (p, k, d) = self.queue[head];
            head += 1;
            // The next action ends the world's turn `turn + k`.
            let up = spiked && super::spikes_up(self.turn + k);
            // A pause, then the four steps (the board's outer wall keeps
            // the neighbours of any tile you can stand on on the board).
            for (step, delta) in [(0usize, 0isize), (1, -(w as isize)), (1, w as isize), (1, -1), (1, 1)] {
                let mut q = p;
                if step == 1 {
                    let Some(first) = p.checked_add_signed(delta).filter(|&q| q < n) else { continue };
                    if !(self.open[first] || goal[first]) {
                        continue;
                    }
                    q = first;
                    // A step onto oil slides on over the spill.
                    while self.oil[q] {
                        match q.checked_add_signed(delta).filter(|&r| r < n && self.oil[r] && self.open[r]) {
                            Some(r) => q = r,
                            None => break,
                        }
                    }
                }
                if up && self.spikes[q] {
                    continue;
                }
                let key = q * 2 + parity(k + 1);
                if self.seen[key] == stamp {
                    continue;
                }
                if goal[q] {
                    return d + 1;
                }
                self.seen[key] = stamp;
                // Without spikes a pause gains nothing.
                if q != p || spiked {
                    self.queue.push((q, k + 1, d + 1));
                }
            }
        }
        u32::MAX
    }
}

/// Tiles next to a spot where a bomb would catch an enemy where it stands
/// or where its arrows take it, without reaching the uncovered exit or gem.
fn attack_tiles(s: &State, prey: &[Pos], desperate: bool) -> Vec<Pos> {
    spots(s, prey, desperate)
}

/// Where the enemies stand and where their arrows take them.
fn prey(s: &State) -> Vec<Pos> {
    let mut out: Vec<Pos> = Vec::new();
    for e in &s.enemies {
        let mut at = e.pos;
        out.push(at);
        for step in &e.plan {
            at = s.land(e.kind, at, *step);
            out.push(at);
        }
    }
    out
}

/// The tiles a plain bomb of yours on `p` would burn (`State::blast` for a
/// plain bomb, unsorted, into a buffer).
fn plain_blast(s: &State, p: Pos, out: &mut Vec<Pos>) {
    out.clear();
    out.push(p);
    for d in DIRS {
        let mut q = p;
        for _ in 0..s.fire {
            q = q.step(d);
            match s.layout.tile(q) {
                t if t.solid() => break,
                Tile::Crate | Tile::Barrel => {
                    out.push(q);
                    break;
                }
                _ => out.push(q),
            }
        }
    }
}

/// The floor tiles next to (under the lab's `underfoot` rule: on) a spot
/// where a plain bomb's blast would reach
/// one of `targets` without reaching the uncovered exit or gem. A spot is
/// empty floor (not the uncovered exit) in a target's row or column within
/// the blast's reach, with only floor between (a blast stops at the first
/// crate, which it burns: a crate target is reached, one between is not).
fn spots(s: &State, targets: &[Pos], desperate: bool) -> Vec<Pos> {
    let mut out = Vec::new();
    let mut tiles = Vec::new();
    let mut tried: Vec<Pos> = Vec::new();
    for &t in targets {
        for d in DIRS {
            let mut b = t;
            for _ in 0..s.fire {
                b = b.step(d);
                if s.layout.tile(b) != Tile::Floor {
                    break;
                }
                if s.bomb_at(b).is_some()
                    || s.enemy_at(b).is_some()
                    || !desperate && s.exit_revealed && b == s.layout.exit
                {
                    continue;
                }
                if tried.contains(&b) {
                    continue;
                }
                tried.push(b);
                plain_blast(s, b, &mut tiles);
                if desperate || !spoils(s, &tiles) {
                    if s.setup.underfoot {
                        // You stand on the spot itself.
                        if way_out(s, b, b, &tiles) {
                            out.push(b);
                        }
                    } else {
                        out.extend(
                            DIRS.iter()
                                .map(|&d| b.step(d))
                                .filter(|&q| s.layout.tile(q) == Tile::Floor && way_out(s, q, b, &tiles)),
                        );
                    }
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Whether, standing on `from` with a bomb just put on `bomb` whose blast
/// covers `blast`, some tile out of the blast is in reach before it goes off
/// (a bomb shows its fuse less one after the turn it went down: that many
/// steps) over empty floor, the board as it lies (enemies aside).
fn way_out(s: &State, from: Pos, bomb: Pos, blast: &[Pos]) -> bool {
    if !blast.contains(&from) {
        return true;
    }
    let steps = s.fuse.saturating_sub(1).max(1);
    // Tiles reached, breadth-first; a few steps reach few tiles (at most
    // 2k(k+1) + 1 for k steps), so a small array does.
    let mut seen = [from; 64];
    let (mut len, mut layer_start) = (1, 0);
    for _ in 0..steps {
        let layer_end = len;
        for i in layer_start..layer_end {
            for d in DIRS {
                let q = seen[i].step(d);
                if q == bomb || s.layout.tile(q) != Tile::Floor || s.bomb_at(q).is_some() || seen[..len].contains(&q) {
                    continue;
                }
                if !blast.contains(&q) {
                    return true;
                }
                if len < seen.len() {
                    seen[len] = q;
                    len += 1;
                }
            }
        }
        layer_start = layer_end;
    }
    false
}

/// Every crate on the board.
fn crates(s: &State) -> Vec<Pos> {
    s.layout.positions().filter(|&p| s.layout.tile(p) == Tile::Crate).collect()
}

/// Tiles next to a spot where a bomb would break a crate on the way to the
/// nearest enemy (through crates), without reaching the uncovered exit or
/// gem; with no enemy left, any crate. `mine`: the tiles you can walk to.
fn crate_spots(s: &State, desperate: bool, mine: &[bool]) -> Vec<Pos> {
    let w = s.layout.w;
    let at = |p: Pos| (p.y * w + p.x) as usize;
    // From the enemies over floor and crates alike.
    let n = (w * s.layout.h) as usize;
    let mut far = vec![u32::MAX; n];
    let mut queue: VecDeque<Pos> = VecDeque::new();
    for e in &s.enemies {
        if s.layout.inside(e.pos) && far[at(e.pos)] == u32::MAX {
            far[at(e.pos)] = 0;
            queue.push_back(e.pos);
        }
    }
    while let Some(p) = queue.pop_front() {
        for d in DIRS {
            let q = p.step(d);
            if s.layout.inside(q) && far[at(q)] == u32::MAX && matches!(s.layout.tile(q), Tile::Floor | Tile::Crate) {
                far[at(q)] = far[at(p)] + 1;
                queue.push_back(q);
            }
        }
    }
    // The crates next to where you can walk, nearest the enemies first.
    let frontier: Vec<Pos> = s
        .layout
        .positions()
        .filter(|&p| {
            s.layout.tile(p) == Tile::Crate && DIRS.iter().any(|&d| s.layout.inside(p.step(d)) && mine[at(p.step(d))])
        })
        .collect();
    // Nearest the enemies first; where no bomb can reach those (an enemy
    // in the way, the exit), the next nearest, then any crate.
    let mut levels: Vec<u32> = frontier.iter().map(|&p| far[at(p)]).collect();
    levels.sort_unstable();
    levels.dedup();
    for level in levels.into_iter().take(4) {
        let targets: Vec<Pos> = frontier.iter().copied().filter(|&p| far[at(p)] == level).collect();
        let out = spots(s, &targets, desperate);
        if !out.is_empty() {
            return out;
        }
    }
    spots(s, &crates(s), desperate)
}

/// Whether flame on `tiles` reaches the uncovered exit or gem.
fn spoils(s: &State, tiles: &[Pos]) -> bool {
    tiles.iter().any(|&q| s.exit_revealed && q == s.layout.exit || s.gem_revealed && !s.gem_taken && q == s.layout.gem)
}

/// A power-up's or charge's worth to the bot (it never uses charges but
/// the passive Shield and Flame Pass).
fn worth(o: Offer) -> u32 {
    match o {
        Offer::Power(p) => match p {
            Power::Heart => 10,
            Power::BombUp => 9,
            Power::FireUp => 8,
            Power::Tnt => 8,
            Power::CratePass => 6,
            Power::Proximity => 5,
            Power::CoinBag => 4,
            Power::BombPass => 4,
            Power::Run | Power::Diagonal => 3,
            Power::Star => 3,
            Power::FuseUp | Power::Slide | Power::Detonator => 1,
            Power::Kick | Power::Throw | Power::Rpg => 1,
        },
        Offer::Charge(Charge::Shield | Charge::FlamePass) => 3,
        Offer::Charge(_) => 0,
    }
}

impl Bot {
    /// A bot of `skill` for the run of `seed`.
    pub fn new(seed: u64, skill: Skill) -> Bot {
        Bot {
            skill,
            rng: Rng::stream(seed, &format!("explodo.bot.{}", skill.name())),
            turns_in_danger: 0,
            idle: 0,
            wander: None,
            came_from: None,
        }
    }

    /// The answer to the dialog on top.
    fn answer(s: &State, d: &Dialog) -> Action {
        match d {
            Dialog::Gem { cards, .. } => {
                let mut best = 0;
                for (i, &c) in cards.iter().enumerate() {
                    if worth(c) > worth(cards[best]) {
                        best = i;
                    }
                }
                Action::Choose(best as u8)
            }
            Dialog::Shop { items, .. } => {
                let mut best: Option<(usize, u32)> = None;
                for (i, o) in items.iter().enumerate() {
                    if let Some(o) = *o {
                        let v = worth(o);
                        if v >= 4 && o.price() <= s.coins && best.is_none_or(|(_, b)| v > b) {
                            best = Some((i, v));
                        }
                    }
                }
                best.map_or(Action::LeaveShop, |(i, _)| Action::Buy(i as u8))
            }
            Dialog::Swap { .. } => Action::KeepCharge,
        }
    }

    /// The actions the bot considers: wait, steps, Run and Diagonal when
    /// owned, and a bomb each way whose blast could reach `prey` (or, while
    /// `digging`, a crate), while it has one to place.
    fn actions(s: &State, prey: &[Pos], digging: bool) -> Vec<Action> {
        let mut out = vec![Action::Wait];
        out.extend(DIRS.iter().map(|&d| Action::Move(d)));
        if s.has(Power::Run) {
            out.extend(DIRS.iter().map(|&d| Action::Run(d)));
        }
        if s.has(Power::Diagonal) {
            out.extend([Diag::UpLeft, Diag::UpRight, Diag::DownLeft, Diag::DownRight].map(Action::Diagonal));
        }
        let mine = s.bombs.iter().filter(|b| b.yours()).count() as u32;
        if mine < s.max_bombs {
            // Only where the blast could reach an enemy or a crate.
            let mut tiles = Vec::new();
            // Under the original's rule (the lab's `underfoot`) a bomb goes
            // on your own tile, whichever way you name.
            let ways: &[Dir] = if s.setup.underfoot { &[Dir::Up] } else { &DIRS };
            for &d in ways {
                let at = if s.setup.underfoot { s.player } else { s.player.step(d) };
                plain_blast(s, at, &mut tiles);
                if tiles.iter().any(|&q| prey.contains(&q) || digging && s.layout.tile(q) == Tile::Crate) {
                    out.push(Action::Bomb(d));
                }
            }
        }
        out
    }

    /// Where the bot heads this turn: the pickups and the tiles to bomb
    /// enemies from; once enemies are gone and nothing is left in reach,
    /// the open exit; with no enemy in reach (or idle long), crates on the
    /// way to them; idle longer, a crate drawn at random.
    fn aim(&mut self, s: &State, prey: &[Pos]) -> Aim {
        let mut goals: Vec<Pos> = s.drops.iter().map(|d| d.pos).collect();
        if s.gem_revealed && !s.gem_taken {
            goals.push(s.layout.gem);
        }
        // Idle very long, it bombs where the blast reaches the uncovered
        // exit or gem too (enemies walled in beside the exit, reached only
        // through it: three more enemies beat a stuck run).
        let desperate = self.idle > DESPERATE;
        goals.extend(attack_tiles(s, prey, desperate));
        let mut goal = mask(s, &goals);
        let mut ground = Ground::new(s);
        let mut reach = ground.timed(s.player, 0, &goal);
        // Leaving: once nothing else is left in reach (and no crate still crumbles).
        let leaving = s.enemies.is_empty() && s.exit_open && s.crumbling.is_empty() && reach == u32::MAX;
        if leaving {
            goal = mask(s, &[s.layout.exit]);
            reach = ground.timed(s.player, 0, &goal);
        }
        let hunting = reach != u32::MAX;
        let restless = self.idle > RESTLESS && !s.enemies.is_empty();
        let digging = (!hunting || restless) && !s.enemies.is_empty();
        // Where you can walk now (crates are dug toward from its edge, and a
        // wandering bot draws a crate beside it), worked out once a turn.
        let mine = (!hunting || restless).then(|| ground.reach(s.player));
        if let Some(mine) = &mine {
            goal = mask(s, &crate_spots(s, desperate, mine));
        }
        // Idle long: wander to a crate drawn at random (any crate a bomb
        // can break), for up to WANDER_TURNS turns each.
        if self.idle > 2 * RESTLESS && !s.enemies.is_empty() {
            let done = self.wander.is_none_or(|(p, until)| p == s.player || self.idle > until);
            if done {
                let crates = spots(s, &crates(s), desperate);
                // Idle this long with enemies left means restless: `mine` is there.
                let mine = mine.unwrap_or_else(|| ground.reach(s.player));
                let w = s.layout.w;
                let reach: Vec<Pos> = crates.into_iter().filter(|&p| mine[(p.y * w + p.x) as usize]).collect();
                self.wander =
                    (!reach.is_empty()).then(|| (reach[self.rng.index(reach.len())], self.idle + WANDER_TURNS));
            }
            if let Some((p, _)) = self.wander {
                goal = mask(s, &[p]);
            }
        } else {
            self.wander = None;
        }
        Aim { goal, ground, leaving, digging }
    }

    /// The bot's action in `s`; `None` once the run is over.
    pub fn choose(&mut self, s: &State) -> Option<Action> {
        if s.phase != RunPhase::Playing {
            return None;
        }
        if let Some(d) = s.dialogs.last() {
            return Some(Bot::answer(s, d));
        }
        let prey = prey(s);
        // Careful looks until every bomb on the board has gone off and its
        // flame gone out (and at least 3 turns, the enemies' arrows).
        let skill = self.skill;
        let horizon = |st: &State| {
            skill.horizon().unwrap_or_else(|| st.bombs.iter().map(|b| b.fuse).max().unwrap_or(0).max(1) + 2)
        };
        let here = timeline(s, horizon(s) + 1);
        let me = here.at(s.player);
        if here.turns() > 1 && here.get(1, me) & FIRE != 0 {
            self.turns_in_danger += 1;
        }
        let Aim { goal, mut ground, leaving, digging } = self.aim(s, &prey);
        // Every action the rules allow, scored; the player's part is played
        // on a copy (the world's turn only for bombs and kicks, whose blasts
        // the bot looks ahead at; the others are judged on `here`).
        let mut legal: Vec<Action> = Vec::new();
        // Scored actions, with the landing tile whose escape is still to be
        // checked (lazily, best first: most turns only the best is).
        let mut scored: Vec<(u64, Action, Option<Pos>)> = Vec::new();
        for a in Bot::actions(s, &prey, digging) {
            // Walking into an enemy costs a life (and playing it on a copy
            // would set the level up again): never a candidate.
            // Onto the open exit: the level ends there (nothing can hurt
            // you after), so no copy (which would set up the next level).
            if let Action::Move(d) = a {
                let t = s.player.step(d);
                if s.exit_open && t == s.layout.exit && s.enemy_at(t).is_none() && s.walkable(t).is_ok() {
                    legal.push(a);
                    if leaving {
                        scored.push((u64::MAX, a, None));
                    }
                    continue;
                }
            }
            if into_enemy(s, a) {
                if let Action::Move(d) = a {
                    if s.walkable(s.player.step(d)).is_ok() {
                        legal.push(a);
                    }
                }
                continue;
            }
            let simple = plain_landing(s, a);
            let (landing, world, kicked) = if let Some(t) = simple {
                (t, true, false)
            } else {
                let mut next = s.clone();
                let Ok(world) = next.act(&a, &mut Vec::new()) else { continue };
                legal.push(a);
                if costs_a_life(s, &next) {
                    continue;
                }
                if next.level != s.level || next.phase == RunPhase::Won {
                    // Cleared: only when leaving.
                    if leaving {
                        scored.push((u64::MAX, a, None));
                    }
                    continue;
                }
                (next.player, world, next.bombs.iter().zip(&s.bombs).any(|(x, y)| x.pos != y.pos))
            };
            if simple.is_some() {
                legal.push(a);
            }
            let bomb = matches!(a, Action::Bomb(_));
            if bomb || kicked {
                // You stay where you are: unsafe there after the world's
                // turn (an enemy's arrow, flame) means no bomb now, without
                // playing a copy that would set the level up again.
                if here.turns() > 1 && !here.safe_at(me, 1) {
                    continue;
                }
                let mut next = s.clone();
                if Explodo::apply(&mut next, &a).is_err() || costs_a_life(s, &next) {
                    continue;
                }
                let t = timeline(&next, horizon(&next));
                if !t.escape(next.player) || t.spoils && !here.spoils && self.idle <= DESPERATE {
                    continue;
                }
                if bomb {
                    // A kill beats everything; crates (while digging) come before walking.
                    if t.kills == 0 && (t.crates == 0 || !digging) {
                        continue;
                    }
                    scored.push((2_000_000 + u64::from(t.kills) * 1000 + u64::from(t.crates), a, None));
                    continue;
                }
            }
            let d = ground.timed(landing, 1, &goal);
            // Nearer the goal is better; a pause ranks below any step of
            // equal distance, and going back where it just came from below a
            // pause one step further (spikes and arrows can make a walk
            // toward the goal and back a loop; a pause breaks it).
            let pause = u64::from(landing == s.player);
            let back = u64::from(self.came_from == Some((s.level, landing))) * 15;
            let check = (world && !bomb && !kicked).then_some(landing);
            // At most 10,006: walking always ranks below a bomb (2,000,000 up).
            let cost = u64::from(d.min(999)) * 10 + pause + back;
            scored.push((1_020_000 - cost, a, check));
        }
        if legal.is_empty() {
            return Some(Action::Wait);
        }
        let slip = self.skill.slip_one_in();
        let a = if slip > 0 && self.rng.chance(1, slip) {
            legal[self.rng.index(legal.len())]
        } else {
            pick(s, &here, scored, &legal)
        };
        self.idle = if matches!(a, Action::Bomb(_)) { 0 } else { self.idle + 1 };
        self.came_from = Some((s.level, s.player));
        Some(a)
    }
}

/// Whether the action walks (or runs, or steps diagonally) into an enemy.
fn into_enemy(s: &State, a: Action) -> bool {
    let path = match a {
        Action::Move(d) => [Some(s.player.step(d)), None],
        Action::Run(d) => [Some(s.player.step(d)), Some(s.player.step(d).step(d))],
        Action::Diagonal(g) => [Some(s.player.diag(g)), None],
        _ => [None, None],
    };
    path.iter().flatten().any(|&p| s.enemy_at(p).is_some())
}

/// Where a pause, or a plain step onto empty floor (no bomb, no oil, not
/// the open exit), lands; `None` for anything else (played on a copy).
fn plain_landing(s: &State, a: Action) -> Option<Pos> {
    match a {
        Action::Wait => Some(s.player),
        Action::Move(d) => {
            let t = s.player.step(d);
            (s.walkable(t).is_ok()
                && s.bomb_at(t).is_none()
                && !s.layout.has(t, OIL)
                && !(s.exit_open && t == s.layout.exit))
                .then_some(t)
        }
        _ => None,
    }
}

/// The best of `scored` (ties: the order of the bot's actions) that is
/// safe: its escape (when it names a landing tile) holds on `here`, and the
/// world's turn played on a copy costs no life; else the first legal action
/// that costs no life; else the first legal action.
fn pick(s: &State, here: &Timeline, mut scored: Vec<(u64, Action, Option<Pos>)>, legal: &[Action]) -> Action {
    scored.sort_by_key(|x| std::cmp::Reverse(x.0));
    let keeps = |a: &Action, check: Option<Pos>, score: u64| {
        // Leaving by the open exit: checked when it was scored.
        if score == u64::MAX {
            return true;
        }
        if check.is_some_and(|p| !shifted_escape(here, p)) {
            return false;
        }
        // On a quiet board a pause or a plain step is foretold exactly by
        // the arrows and the spikes (the escape just checked): no copy.
        if check.is_some() && quiet(s) && plain_landing(s, *a).is_some() {
            return true;
        }
        let mut next = s.clone();
        Explodo::apply(&mut next, a).is_ok() && !costs_a_life(s, &next)
    };
    scored
        .iter()
        .find(|&&(score, a, check)| keeps(&a, check, score))
        .map(|&(_, a, _)| a)
        .or_else(|| {
            // No safe way: the first legal action that keeps a life this
            // turn, trying on a copy only those the timeline does not already
            // show hurt (a copy that loses a life sets the level up again).
            legal.iter().copied().find(|a| {
                let doomed = plain_landing(s, *a).is_some_and(|p| here.turns() > 1 && !here.safe_at(here.at(p), 1));
                !doomed && keeps(a, None, 0)
            })
        })
        .unwrap_or(legal[0])
}

/// Escape on a timeline made before the action: the action's landing tile
/// must be safe after the world's turn 1, then a way must exist from there.
fn shifted_escape(t: &Timeline, p: Pos) -> bool {
    if t.turns() < 2 {
        return true;
    }
    t.safe_at(t.at(p), 1) && t.escape_from(p, 1)
}

/// What a position offers, measured without a bot judging (the lab's
/// `structure` experiment): every count uses the real rules on copies and the
/// careful bot's look-ahead for "survivable".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Structure {
    /// Bomb placements (a bomb each way; Throw and RPG when owned) after
    /// which a way to stay alive exists.
    pub survivable_bombs: u32,
    /// Tiles you can stand on within 3 turns (steps, Run, Diagonal and Slide
    /// when owned), without losing a life.
    pub reach3: u32,
    /// Actions (every kind you own, each way) after which a way to stay alive
    /// exists.
    pub safe_actions: u32,
}

/// Measures `s` for the lab's `structure` experiment (no dialog open).
pub fn structure(s: &State) -> Structure {
    let mut out = Structure::default();
    let mut every: Vec<Action> = vec![Action::Wait];
    for d in DIRS {
        every.extend([Action::Move(d), Action::Bomb(d), Action::Run(d), Action::Slide(d), Action::Kick(d)]);
        every.extend([Action::Throw(d), Action::Rpg(d)]);
    }
    every.extend([Diag::UpLeft, Diag::UpRight, Diag::DownLeft, Diag::DownRight].map(Action::Diagonal));
    for a in every {
        let mut next = s.clone();
        if Explodo::apply(&mut next, &a).is_err() || costs_a_life(s, &next) || next.level != s.level {
            continue;
        }
        let horizon = next.bombs.iter().map(|b| b.fuse).max().unwrap_or(0).max(1) + 2;
        let safe = timeline(&next, horizon).escape(next.player);
        if safe {
            out.safe_actions += 1;
            if matches!(a, Action::Bomb(_) | Action::Throw(_) | Action::Rpg(_)) {
                out.survivable_bombs += 1;
            }
        }
    }
    // Breadth-first, one copy per tile reached, three turns deep.
    let mut seen = vec![s.player];
    let mut layer = vec![s.clone()];
    for _ in 0..3 {
        let mut next_layer = Vec::new();
        for st in &layer {
            for a in crate::explodo::route::moves(st) {
                let mut next = st.clone();
                if Explodo::apply(&mut next, &a).is_err() || costs_a_life(st, &next) || next.level != st.level {
                    continue;
                }
                if !seen.contains(&next.player) {
                    seen.push(next.player);
                    next.dialogs.clear();
                    next_layer.push(next);
                }
            }
        }
        layer = next_layer;
    }
    out.reach3 = seen.len() as u32 - 1;
    out
}

/// A run played by a bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Every action, in order (a replay of the run with its setup and seed).
    pub actions: Vec<Action>,
    /// Levels cleared.
    pub cleared: u32,
    /// The run was won.
    pub won: bool,
    /// Lives lost.
    pub lives_lost: u32,
    /// Turns played (world turns).
    pub turns: u32,
    /// Turns ended on a tile that burns at the end of the next turn.
    pub turns_in_danger: u32,
    /// The run stopped on a level the bot could not finish in
    /// [`MAX_LEVEL_TURNS`] turns.
    pub stuck: bool,
}

/// Plays a run of `seed` with `setup` by a bot of `skill`, up to `levels`
/// levels cleared (the run stops there, unfinished, counted as it stands).
pub fn play(seed: u64, setup: &Setup, skill: Skill, levels: u32) -> Played {
    let mut s = Explodo::start(setup, seed).expect("a setup the lab made starts");
    let mut bot = Bot::new(seed, skill);
    let mut actions = Vec::new();
    let (mut level, mut turns_here) = (s.level, 0u32);
    let mut stuck = false;
    while let Some(a) = bot.choose(&s) {
        if s.level > levels {
            break;
        }
        let answering = !s.dialogs.is_empty();
        if Explodo::apply(&mut s, &a).is_err() {
            // Never expected (the bot plays what the rules allowed a copy):
            // stop the run rather than loop.
            stuck = true;
            break;
        }
        actions.push(a);
        if s.level != level {
            level = s.level;
            turns_here = 0;
        } else if !answering {
            turns_here += 1;
            if turns_here > MAX_LEVEL_TURNS {
                stuck = true;
                break;
            }
        }
    }
    let won = s.phase == RunPhase::Won;
    let cleared = if won { super::LEVELS } else { s.level - 1 };
    Played {
        actions,
        cleared: cleared.min(levels),
        won,
        lives_lost: s.lives_lost,
        turns: s.total_turns,
        turns_in_danger: bot.turns_in_danger,
        stuck,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Replays a bot's actions through the rules from the start.
    fn replay(seed: u64, actions: &[Action]) -> State {
        let mut s = Explodo::start(&Setup::default(), seed).expect("starts");
        for (i, a) in actions.iter().enumerate() {
            Explodo::apply(&mut s, a).unwrap_or_else(|e| panic!("seed {seed}: action {i} ({a:?}) refused: {}", e.0));
        }
        s
    }

    #[test]
    fn a_bot_run_is_a_function_of_seed_and_skill_and_replays_by_the_rules() {
        for skill in SKILLS {
            let a = play(7, &Setup::default(), skill, 3);
            assert_eq!(a, play(7, &Setup::default(), skill, 3), "{}", skill.name());
            let s = replay(7, &a.actions);
            assert_eq!(s.lives_lost, a.lives_lost, "{}", skill.name());
            assert_eq!(s.phase == RunPhase::Won, a.won);
        }
        // Skills draw from their own streams: the runs differ.
        assert_ne!(play(7, &Setup::default(), Skill::Average, 3), play(7, &Setup::default(), Skill::Sloppy, 3));
    }

    #[test]
    fn the_careful_bot_clears_the_first_levels_without_dying() {
        for seed in 1..=6 {
            let p = play(seed, &Setup::default(), Skill::Careful, 3);
            assert_eq!(p.cleared, 3, "seed {seed}: {p:?}");
            assert!(!p.stuck, "seed {seed}");
            assert_eq!(replay(seed, &p.actions).level, 4, "seed {seed}: the run stopped at level 4");
        }
    }

    #[test]
    fn skills_rank_careful_then_average_then_sloppy() {
        let levels = |skill| (1..=8).map(|seed| play(seed, &Setup::default(), skill, 4).cleared).sum::<u32>();
        let (c, a, s) = (levels(Skill::Careful), levels(Skill::Average), levels(Skill::Sloppy));
        assert!(c > a && a >= s, "careful {c}, average {a}, sloppy {s} levels over 8 seeds");
    }

    #[test]
    fn the_timeline_foretells_flame_and_the_escape_needs_a_way_out() {
        // A bomb of yours about to go off beside you in a dead end.
        let mut s = crate::explodo::level_state(1, 1);
        s.enemies.clear();
        let me = s.player;
        let d = DIRS.iter().copied().find(|&d| s.walkable(me.step(d)).is_ok()).expect("an open side");
        s.bombs.push(crate::explodo::Bomb::plain(me.step(d), 1, 1));
        let t = timeline(&s, 3);
        assert!(t.get(1, t.at(me)) & FIRE != 0, "your tile burns after the next world's turn");
        assert!(!t.safe_at(t.at(me), 1));
        assert!(t.get(0, t.at(me)) & FIRE == 0);
    }

    #[test]
    fn walking_times_the_spikes_and_slides_over_oil() {
        let mut s = crate::explodo::level_state(1, 1);
        s.enemies.clear();
        let me = s.player;
        let d = DIRS.iter().copied().find(|&d| s.walkable(me.step(d)).is_ok()).expect("an open side");
        let next = me.step(d);
        let mut goal = mask(&s, &[next]);
        assert_eq!(Ground::new(&s).timed(me, 0, &goal), 1);
        // Spikes there, up at the end of this turn: wait a turn first.
        let i = (next.y * s.layout.w + next.x) as usize;
        s.layout.marks[i] |= SPIKES;
        let up_now = crate::explodo::spikes_up(s.turn);
        assert_eq!(Ground::new(&s).timed(me, 0, &goal), if up_now { 2 } else { 1 });
        // Oil under the goal and the tile beyond it: a step slides past it.
        s.layout.marks[i] = OIL;
        let beyond = next.step(d);
        if s.layout.tile(beyond) == Tile::Floor {
            let j = (beyond.y * s.layout.w + beyond.x) as usize;
            s.layout.marks[j] |= OIL;
            goal = mask(&s, &[beyond]);
            assert_eq!(Ground::new(&s).timed(me, 0, &goal), 1, "one step slides to the tile beyond");
        }
    }
}
