//! What the bot foresees: a timeline of the turns ahead, tile by tile (fire,
//! spikes up, enemies, open floor), from the board as it lies.

use super::super::board::{Pos, Tile, SPIKES};
use super::super::items::Power;
use super::super::{Action, Explodo, RunPhase, State, Step};
use crate::game::Game;

/// What the bot knows of the next turns: for each turn `t` from now (0 is
/// now), a byte per tile: burning after the world's turn `t` ([`FIRE`]),
/// raised spikes then ([`SPIKE`]), an enemy there or dashing through
/// ([`ENEMY`]), walkable ([`OPEN`]).
pub(super) struct Timeline {
    pub(super) w: i32,
    /// Tiles a turn.
    pub(super) n: usize,
    /// `n` bytes a turn, turn after turn.
    pub(super) flags: Vec<u8>,
    /// Enemies the copy's blasts killed.
    pub(super) kills: u32,
    /// Crates the copy's blasts broke.
    pub(super) crates: u32,
    /// Flame reached the uncovered exit or gem (which lets enemies out, and
    /// burns the gem).
    pub(super) spoils: bool,
}

pub(super) const FIRE: u8 = 1;

pub(super) const SPIKE: u8 = 2;

pub(super) const ENEMY: u8 = 4;

pub(super) const OPEN: u8 = 8;

impl Timeline {
    pub(super) fn at(&self, p: Pos) -> usize {
        (p.y * self.w + p.x) as usize
    }

    /// Turns it covers, now included.
    pub(super) fn turns(&self) -> usize {
        self.flags.len() / self.n
    }

    pub(super) fn get(&self, t: usize, i: usize) -> u8 {
        self.flags[t * self.n + i]
    }

    /// Whether standing on tile `i` after the world's turn `t` is safe.
    pub(super) fn safe_at(&self, i: usize, t: usize) -> bool {
        let prev = t.saturating_sub(1);
        self.get(t, i) & (FIRE | SPIKE | ENEMY) == 0 && self.get(prev, i) & (FIRE | ENEMY) == 0
    }

    /// Whether a way exists from `p` (safe at turn `from`) that stays safe
    /// for every later turn of the timeline, a step (or a pause) a turn.
    pub(super) fn escape_from(&self, p: Pos, from: usize) -> bool {
        let (n, w) = (self.n, self.w as usize);
        // The tiles reachable after each turn, as a list (a few tiles, on a
        // board of hundreds) and a stamp a tile: the turn it was listed for.
        let mut reach = Vec::with_capacity(n);
        reach.push(self.at(p));
        let mut next = Vec::with_capacity(n);
        let mut listed = vec![usize::MAX; n];
        for t in from + 1..self.turns() {
            next.clear();
            for &i in &reach {
                // The tile and its four neighbours (the board's outer wall
                // keeps every neighbour of a reachable tile on the board).
                for j in [i, i - w, i + w, i - 1, i + 1] {
                    if listed[j] != t && (j == i || self.get(t - 1, j) & OPEN != 0) && self.safe_at(j, t) {
                        listed[j] = t;
                        next.push(j);
                    }
                }
            }
            if next.is_empty() {
                return false;
            }
            std::mem::swap(&mut reach, &mut next);
        }
        true
    }

    /// Whether a way exists from `p`, where you stand now.
    pub(super) fn escape(&self, p: Pos) -> bool {
        self.escape_from(p, 0)
    }
}

/// Whether nothing on the board burns, ticks or falls, and no enemy is
/// frozen or lured: the next turns are the enemies' arrows and the spikes.
pub(super) fn quiet(s: &State) -> bool {
    s.bombs.list.is_empty()
        && s.bombs.flames.is_empty()
        && s.board.ceilings.is_empty()
        && s.bombs.smoulder.is_empty()
        && s.board.crumbling.is_empty()
        && s.enemies.decoy.is_none()
        && s.enemies.list.iter().all(|e| e.frozen == 0)
}

/// The tiles an enemy's `step` from `from` passes before it ends on `end`
/// (a dash's middle tile, the oil it slides over).
pub(super) fn passed(from: Pos, end: Pos, step: Step) -> impl Iterator<Item = Pos> {
    let d = step.heading();
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
pub(super) fn tile_layer(s: &State, spikes: bool, out: &mut Vec<u8>) {
    let base = out.len();
    let crate_pass = s.has(Power::CratePass);
    out.extend(s.board.layout.tiles.iter().zip(&s.board.layout.marks).map(|(&t, &m)| {
        let open = t == Tile::Floor || crate_pass && t == Tile::Crate;
        u8::from(open) * OPEN + u8::from(spikes && m & SPIKES != 0) * SPIKE
    }));
    if !s.has(Power::BombPass) {
        for b in &s.bombs.list {
            if s.board.layout.inside(b.pos) {
                out[base + (b.pos.y * s.board.layout.w + b.pos.x) as usize] &= !OPEN;
            }
        }
    }
}

/// The timeline of a quiet board ([`quiet`]) without playing it: the
/// enemies go where their arrows point (as the world's turn moves them when
/// nothing is in their way), then stay; spikes rise on even turns.
pub(super) fn quiet_timeline(s: &State, turns: u32) -> Timeline {
    let w = s.board.layout.w;
    let n = s.board.layout.tiles.len();
    let mut flags = Vec::with_capacity(n * (turns as usize + 1));
    for t in 0..=turns {
        tile_layer(s, t > 0 && super::super::spikes_up((s.run.turn + t).saturating_sub(1)), &mut flags);
    }
    let at = |p: Pos| s.board.layout.inside(p).then(|| (p.y * w + p.x) as usize);
    for e in &s.enemies.list {
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
pub(super) fn timeline(s: &State, turns: u32) -> Timeline {
    if quiet(s) {
        return quiet_timeline(s, turns);
    }
    let w = s.board.layout.w;
    let n = s.board.layout.tiles.len();
    let snapshot = |s: &State, dashing: &[Pos], out: &mut Vec<u8>| {
        let base = out.len();
        tile_layer(s, super::super::spikes_up(s.run.turn.saturating_sub(1)), out);
        let at = |p: Pos| s.board.layout.inside(p).then(|| base + (p.y * w + p.x) as usize);
        for &(p, _) in &s.bombs.flames {
            if let Some(i) = at(p) {
                out[i] |= FIRE;
            }
        }
        for e in s.enemies.list.iter().map(|e| e.pos).chain(dashing.iter().copied()) {
            if let Some(i) = at(e) {
                out[i] |= ENEMY;
            }
        }
    };
    let mut flags = Vec::with_capacity(n * (turns as usize + 1));
    snapshot(s, &[], &mut flags);
    let mut t = Timeline { w, n, flags, kills: 0, crates: 0, spoils: false };
    let mut sim = s.clone();
    sim.run.setup.immortal = true;
    sim.run.dialogs.clear();
    let (kills, crates) = (s.run.kills, crate_count(s));
    let mut dashing = Vec::new();
    for _ in 0..turns {
        // Dashes and slides pass tiles between: enemies are there during the turn.
        dashing.clear();
        for e in &sim.enemies.list {
            if let Some(&step) = e.plan.first() {
                dashing.extend(passed(e.pos, sim.land(e.kind, e.pos, step), step));
            }
        }
        let level = sim.run.level;
        if Explodo::apply(&mut sim, &Action::Wait).is_err()
            || sim.run.level != level
            || sim.run.phase != RunPhase::Playing
        {
            break;
        }
        sim.run.dialogs.clear();
        snapshot(&sim, &dashing, &mut t.flags);
        let last = t.turns() - 1;
        let hit = |p: Pos| t.get(last, t.at(p)) & FIRE != 0;
        if s.board.exit_revealed && hit(s.board.layout.exit)
            || s.board.gem_revealed && !s.board.gem_taken && hit(s.board.layout.gem)
        {
            t.spoils = true;
        }
    }
    t.kills = sim.run.kills - kills;
    t.crates = crates.saturating_sub(crate_count(&sim));
    t
}

pub(super) fn crate_count(s: &State) -> u32 {
    s.board.layout.tiles.iter().filter(|&&t| t == Tile::Crate).count() as u32
}
