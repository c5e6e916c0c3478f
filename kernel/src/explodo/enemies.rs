//! The enemies: where each kind may go, how it chooses its next step (the
//! arrows the player sees), and how a level is crowded with them.

use super::board::{Dir, Layout, Pos, Tile, BUSH, DIRS, OIL, SPIKES};
use super::state::{crowding, State};
use super::types::{Enemy, Kind, Plan, Step, KINDS};
use crate::rng::Rng;
use std::collections::VecDeque;

impl State {
    /// Whether an enemy of `kind` may enter `p`: floor (crates too for Ghosts
    /// and Wisps), no bomb, no spikes.
    pub(super) fn passable(&self, kind: Kind, p: Pos) -> bool {
        let l = &self.board.layout;
        l.inside(p) && self.passable_at(kind.through_crates(), (p.y * l.w + p.x) as usize, p)
    }

    /// [`State::passable`] for the tile `p` on the board, at index `i` of its
    /// tiles (`through`: the kind passes crates): the one rule, for the
    /// searches that walk the board by index.
    fn passable_at(&self, through: bool, i: usize, p: Pos) -> bool {
        let l = &self.board.layout;
        let t = l.tiles[i];
        (t == Tile::Floor || t == Tile::Crate && through)
            && l.marks[i] & SPIKES == 0
            && !self.bombs.list.iter().any(|b| b.pos == p)
    }

    /// Where an enemy making `step` from `at` ends, slipping over oil when it
    /// does not fly (the arrows show where the slide ends).
    pub(super) fn land(&self, kind: Kind, at: Pos, step: Step) -> Pos {
        match step {
            Step::Move(d) | Step::Dash(d) => self.enemy_slip(kind, at, step.end(at), d, None),
            Step::Rest => at,
        }
    }

    /// An enemy that moved from `from` to `to` heading `d` slides on over an
    /// oil spill while it can (flyers never slip), stopping on `stop` (you).
    pub(super) fn enemy_slip(&self, kind: Kind, from: Pos, mut to: Pos, d: Dir, stop: Option<Pos>) -> Pos {
        while to != from
            && Some(to) != stop
            && !kind.through_crates()
            && self.board.layout.has(to, OIL)
            && self.board.layout.has(to.step(d), OIL)
            && self.passable(kind, to.step(d))
        {
            to = to.step(d);
        }
        to
    }

    /// Where chasers head: the decoy, else you, else (hidden in a bush) where they last saw you.
    pub(super) fn quarry(&self) -> Pos {
        self.enemies.decoy.unwrap_or(if self.board.layout.has(self.player.at, BUSH) {
            self.enemies.last_seen
        } else {
            self.player.at
        })
    }

    /// The first step of a shortest way from `from` to the quarry, for `kind`
    /// (`room`: the search's buffers, kept between the searches of a turn).
    /// Breadth-first, the ways in [`DIRS`] order, over the board's tiles by
    /// coordinates (this runs for every chaser every turn, and in every copy
    /// the bots and auto-move play); tiles off the board are never entered.
    fn toward_player(&self, kind: Kind, from: Pos, room: &mut Room) -> Option<Dir> {
        let goal = self.quarry();
        let l = &self.board.layout;
        let (w, h) = (l.w, l.h);
        let through = kind.through_crates();
        let Room { seen, queue } = room;
        seen.clear();
        seen.resize(l.tiles.len(), false);
        queue.clear();
        // Each tile is queued at most once.
        queue.reserve(l.tiles.len());
        // `from` itself is never entered again.
        if from.x >= 0 && from.y >= 0 && from.x < w && from.y < h {
            seen[(from.y * w + from.x) as usize] = true;
        }
        // Whether a step may enter (x, y) for the first time; marks it seen.
        let mut enter = |x: i32, y: i32| {
            if x < 0 || y < 0 || x >= w || y >= h {
                return false;
            }
            let i = (y * w + x) as usize;
            if seen[i] {
                return false;
            }
            // Passable, or the quarry's own tile.
            let p = Pos { x, y };
            if self.passable_at(through, i, p) || p == goal {
                seen[i] = true;
                true
            } else {
                false
            }
        };
        for d in DIRS {
            let (dx, dy) = d.delta();
            let (x, y) = (from.x.saturating_add(dx), from.y.saturating_add(dy));
            if enter(x, y) {
                queue.push_back((Pos { x, y }, d));
            }
        }
        while let Some((p, first)) = queue.pop_front() {
            if p == goal {
                return Some(first);
            }
            for d in DIRS {
                let (dx, dy) = d.delta();
                let (x, y) = (p.x + dx, p.y + dy);
                if enter(x, y) {
                    queue.push_back((Pos { x, y }, first));
                }
            }
        }
        None
    }

    /// Chooses the step after `at` (heading `heading`), avoiding the tiles
    /// the `others` hold then when it can.
    fn choose(&mut self, kind: Kind, at: Pos, heading: Dir, rest: bool, others: Others, room: &mut Room) -> Step {
        if rest {
            return Step::Rest;
        }
        // At most four ways each: small arrays (this runs for every enemy on
        // every turn of every copy the bots and auto-move play).
        let (mut open, mut n_open) = ([Dir::Up; 4], 0);
        let (mut free, mut n_free) = ([Dir::Up; 4], 0);
        for d in DIRS {
            if self.passable(kind, at.step(d)) {
                open[n_open] = d;
                n_open += 1;
                if !others.hold(&self.enemies.list, at.step(d)) {
                    free[n_free] = d;
                    n_free += 1;
                }
            }
        }
        if n_open == 0 {
            return Step::Rest;
        }
        let options: &[Dir] = if n_free == 0 { &open[..n_open] } else { &free[..n_free] };
        let chase = match kind {
            Kind::Hunter | Kind::Ghost => true,
            Kind::Seeker | Kind::Sprinter => self.enemies.ai.chance(1, 2),
            _ => false,
        };
        let toward = if chase { self.toward_player(kind, at, room).filter(|d| options.contains(d)) } else { None };
        let d = if let Some(d) = toward {
            d
        } else {
            match kind {
                Kind::Drifter if options.contains(&heading) => heading,
                Kind::Drifter => options[self.enemies.ai.index(options.len())],
                _ if options.contains(&heading) && self.enemies.ai.chance(3, 4) => heading,
                _ => options[self.enemies.ai.index(options.len())],
            }
        };
        if kind == Kind::Sprinter && self.passable(kind, at.step(d).step(d)) {
            Step::Dash(d)
        } else {
            Step::Move(d)
        }
    }

    /// Keeps every enemy's plan 3 moves long: a plan a bomb or crate now
    /// blocks is dropped and made again; each enemy plans around the plans of
    /// those before it (by id), and the current places of those after it.
    pub(super) fn replan(&mut self) {
        let n = self.enemies.list.len();
        // Where each enemy stands after 0 to 3 steps of its plan: the plans
        // of those before are final when the next plans (nothing a plan
        // passes changes while enemies plan), so each is walked once.
        // On the stack for the crowds the levels make (this runs every turn
        // of every copy the bots play), in a vector past that.
        let mut on_stack = [[Pos { x: 0, y: 0 }; Plan::CAPACITY + 1]; 32];
        let mut on_heap = Vec::new();
        let ahead: &mut [[Pos; Plan::CAPACITY + 1]] = if n <= on_stack.len() {
            &mut on_stack[..n]
        } else {
            on_heap.resize(n, [Pos { x: 0, y: 0 }; Plan::CAPACITY + 1]);
            &mut on_heap
        };
        // The chasers' search buffers.
        let mut room = Room::default();
        for i in 0..n {
            let Enemy { kind, pos, heading, rest_next, plan: old, .. } = self.enemies.list[i];
            // Validate what is left of the plan, walking it.
            let mut walk = [pos; Plan::CAPACITY + 1];
            let mut valid = true;
            for (k, s) in old.iter().enumerate() {
                let at = walk[k];
                let ok = match *s {
                    Step::Move(d) => self.passable(kind, at.step(d)),
                    Step::Dash(d) => self.passable(kind, at.step(d)) && self.passable(kind, at.step(d).step(d)),
                    Step::Rest => true,
                };
                if !ok {
                    valid = false;
                    break;
                }
                walk[k + 1] = self.land(kind, at, *s);
            }
            let mut plan = if valid { old } else { Plan::default() };
            // The way the plan so far last heads.
            let mut heading = plan.iter().rev().find_map(|s| s.heading()).unwrap_or(heading);
            while plan.len() < 3 {
                let k = plan.len();
                let rest = kind.rests() && (rest_next ^ (k % 2 == 1));
                let others = Others { me: i, step: k, ahead: &ahead[..i] };
                let s = self.choose(kind, walk[k], heading, rest, others, &mut room);
                plan.push_back(s);
                walk[k + 1] = self.land(kind, walk[k], s);
                heading = s.heading().unwrap_or(heading);
            }
            ahead[i] = walk;
            self.enemies.list[i].plan = plan;
        }
    }
}

/// The other enemies as one of them plans its step `step`: those before it
/// (by id) where their new plans take them, those after where they stand.
struct Others<'a> {
    me: usize,
    step: usize,
    /// Where each enemy before stands after 0 to 3 steps of its plan.
    ahead: &'a [[Pos; Plan::CAPACITY + 1]],
}

impl Others<'_> {
    /// Whether another enemy holds `t` then.
    fn hold(&self, list: &[Enemy], t: Pos) -> bool {
        list.iter().enumerate().any(|(j, o)| {
            j != self.me && t == if j < self.me { self.ahead[j][(self.step + 1).min(o.plan.len())] } else { o.pos }
        })
    }
}

/// The buffers of the chasers' searches ([`State::toward_player`]).
#[derive(Default)]
struct Room {
    seen: Vec<bool>,
    queue: VecDeque<(Pos, Dir)>,
}

/// The toughest kind met by `level`.
pub fn toughest(level: u32) -> Kind {
    *KINDS.iter().rev().find(|k| k.from_level() <= level).unwrap_or(&Kind::Blob)
}

/// The level's enemies: types met so far, added by danger until one point per
/// `crowding(level)` open tiles, on floor never within 4 tiles of the start.
/// On the level that brings the last type (19: the Hunter) every type is
/// there, one of each first, as the spec says (rules v3).
pub(super) fn crowd(layout: &Layout, level: u32, rng: &mut Rng) -> Vec<Enemy> {
    let kinds: Vec<Kind> = KINDS.iter().copied().filter(|k| k.from_level() <= level).collect();
    let target = layout.open_tiles() * 10;
    let k = crowding(level);
    let mut spots: Vec<Pos> = layout
        .positions()
        .filter(|&p| layout.tile(p) == Tile::Floor && !layout.has(p, SPIKES) && p.dist(layout.start) > 4)
        .collect();
    rng.shuffle(&mut spots);
    let mut out = Vec::new();
    let mut danger = 0;
    let all_kinds = level == KINDS[KINDS.len() - 1].from_level();
    while danger * k < target || (all_kinds && out.len() < kinds.len()) {
        let Some(pos) = spots.pop() else { break };
        let kind = if all_kinds && out.len() < kinds.len() { kinds[out.len()] } else { kinds[rng.index(kinds.len())] };
        danger += kind.weight();
        let mut e = Enemy::new(out.len() as u32, kind, pos, DIRS[rng.index(4)]);
        e.rest_next = rng.chance(1, 2);
        out.push(e);
    }
    out
}
