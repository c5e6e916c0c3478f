//! The world's turn after the player's action: enemies step where their
//! arrows pointed, bombs count down and explode, hazards tick, enemies plan.

use super::board::{Diag, Pos, Tile, BUSH, DIRS, SPIKES};
use super::items::{Charge, Power};
use super::state::{spikes_up, State};
use super::types::{Death, Event, Step};

impl State {
    /// The world's turn after the player's action. (The player moves first, so
    /// "swapping places" with an enemy is walking into it: one rule covers both.)
    #[expect(clippy::too_many_lines, reason = "the world's turn is one ordered list of phases")]
    pub(super) fn world(&mut self, events: &mut Vec<Event>) {
        let turn = self.run.turn;
        // Proximity alert counts an enemy already next to your bomb when you
        // placed it, even if it steps away now (the spec; rules v3).
        let near_before: Vec<Pos> = if self.has(Power::Proximity) {
            self.bombs
                .list
                .iter()
                .filter(|b| b.yours() && self.enemies.list.iter().any(|e| e.pos.dist(b.pos) == 1))
                .map(|b| b.pos)
                .collect()
        } else {
            Vec::new()
        };
        // 1. Enemies step where their arrows pointed (frozen ones thaw a step instead).
        let mut died: Vec<usize> = Vec::new();
        for i in 0..self.enemies.list.len() {
            if self.enemies.list[i].frozen > 0 {
                self.enemies.list[i].frozen -= 1;
                continue;
            }
            let step = self.enemies.list[i].plan.pop_front().unwrap_or(Step::Rest);
            let e = self.enemies.list[i].clone();
            if e.kind.rests() {
                self.enemies.list[i].rest_next = !e.rest_next;
            }
            // The tiles the step passes, in order (no allocation: this runs
            // for every enemy in every copy the bots play).
            let (tiles, len) = match step {
                Step::Move(d) => ([e.pos.step(d), e.pos], 1),
                Step::Dash(d) => ([e.pos.step(d), e.pos.step(d).step(d)], 2),
                Step::Rest => ([e.pos, e.pos], 0),
            };
            let mut to = e.pos;
            for &t in &tiles[..len] {
                if !self.passable(e.kind, t) {
                    break; // A bomb landed on its way: it stops (and plans anew).
                }
                to = t;
                if to == self.player.at {
                    break; // It reaches you here (a dash through your tile catches you).
                }
            }
            if let Some(d) = step.heading() {
                self.enemies.list[i].heading = d;
                // Slipping over oil, as its arrows showed.
                to = self.enemy_slip(e.kind, e.pos, to, d, Some(self.player.at));
            }
            if to != e.pos {
                self.enemies.list[i].pos = to;
                events.push(Event::EnemyMoved(e.id, e.pos, to));
            }
            if self.enemies.decoy == Some(to) {
                self.enemies.decoy = None;
                events.push(Event::DecoyGone(to));
            }
            if to == self.player.at && to != e.pos && self.hurt(Death::WalkedIntoYou(e.kind), events) {
                return;
            }
            if self.burning(to) && !self.spares(&e, to) {
                died.push(i);
            }
        }
        self.kill(died, false, events);
        // 2. Proximity alert: your bombs with an enemy right next to them go off now.
        if self.has(Power::Proximity) {
            let near: Vec<Pos> = self
                .bombs
                .list
                .iter()
                .filter(|b| {
                    b.yours()
                        && (near_before.contains(&b.pos) || self.enemies.list.iter().any(|e| e.pos.dist(b.pos) == 1))
                })
                .map(|b| b.pos)
                .collect();
            for b in &mut self.bombs.list {
                if near.contains(&b.pos) {
                    b.fuse = 1;
                }
            }
        }
        // Bombs count down; those at 0 explode (with smouldering bushes catching fire).
        for b in &mut self.bombs.list {
            b.fuse = b.fuse.saturating_sub(1);
        }
        let due: Vec<Pos> = self.bombs.list.iter().filter(|b| b.fuse == 0).map(|b| b.pos).collect();
        let smoulder = std::mem::take(&mut self.bombs.smoulder);
        if self.explode(due, smoulder, events) {
            return;
        }
        // 3. Old flame goes out; this turn's lingers through the next.
        self.bombs.flames.retain(|&(_, until)| until > turn);
        self.bombs.sparing.retain(|&(_, until)| until > turn);
        // Crates crumble once the last enemy is gone.
        let mut done = Vec::new();
        for (p, left) in &mut self.board.crumbling {
            *left -= 1;
            if *left == 0 {
                done.push(*p);
            }
        }
        self.board.crumbling.retain(|&(_, left)| left > 0);
        for p in done {
            self.board.layout.set(p, Tile::Floor);
            events.push(Event::CrateCrumbled(p));
            self.reveal(p, events);
        }
        // Ceilings fall where a broken pillar's dust has trickled for 4 turns.
        let falling: Vec<Pos> = self.board.ceilings.iter().filter(|&&(_, t)| t == turn).map(|&(p, _)| p).collect();
        self.board.ceilings.retain(|&(_, t)| t != turn);
        if !falling.is_empty() && self.fall(falling, events) {
            return;
        }
        // Raised spikes and lingering flame under you.
        if spikes_up(turn) && self.board.layout.has(self.player.at, SPIKES) && self.hurt(Death::Spikes, events) {
            return;
        }
        if self.burning(self.player.at) && self.hurt(Death::Blast, events) {
            return;
        }
        // Boxed in: no empty tile beside you and nothing on the board that could change it.
        if self.boxed_in() && self.hurt(Death::BoxedIn, events) {
            return;
        }
        // 4. Enemies show their next steps.
        if !self.board.layout.has(self.player.at, BUSH) {
            self.enemies.last_seen = self.player.at;
        }
        self.player.star = self.player.star.saturating_sub(1);
        self.run.turn += 1;
        self.replan();
    }

    /// A carried Teleport has a tile to land on: the question the Teleport
    /// itself asks (rules v8: carrying one was enough).
    fn teleport_out(&self) -> bool {
        self.carrying() == Some(Charge::Teleport) && self.board.layout.positions().any(|p| self.teleport_to(p).is_ok())
    }

    /// Nowhere to step, nowhere to put a bomb, and nothing left on the board
    /// (bomb, flame, crumbling crate, fire, dust, enemy beside you) or carried
    /// (Teleport, ICBM) that could change that.
    pub(super) fn boxed_in(&self) -> bool {
        // Each test below is asked only while the ones before leave you
        // shut in: this runs every turn, and a Throw is tried on a copy of
        // the run.
        if DIRS.iter().any(|&d| self.walkable(self.player.at.step(d)).is_ok()) {
            return false;
        }
        // A diagonal step is a way out only where `act` would take it
        // (`diagonal_to`, the test `act` makes; rules v6: a free diagonal
        // between two blocked tiles was counted, and a player shut in there
        // could only wait, forever).
        let diag_open = self.has(Power::Diagonal)
            && [Diag::UpLeft, Diag::UpRight, Diag::DownLeft, Diag::DownRight]
                .iter()
                .any(|&g| self.diagonal_to(g).is_ok());
        if diag_open {
            return false;
        }
        // A carried ICBM frees you only if it can be fired from here (v6).
        let icbm_out = self.carrying() == Some(Charge::Icbm) && DIRS.iter().any(|&d| self.flight(d).is_ok());
        let nothing_moves = self.bombs.list.is_empty()
            && self.bombs.flames.is_empty()
            && self.board.crumbling.is_empty()
            && self.bombs.smoulder.is_empty()
            && self.board.ceilings.is_empty()
            && !self.teleport_out()
            && !icbm_out
            && !self.enemies.list.iter().any(|e| e.pos.dist(self.player.at) <= 1);
        // A Throw sends a bomb over what blocks you (rules v3: it was missed).
        nothing_moves
            && !(self.has(Power::Throw)
                && DIRS.iter().any(|&d| {
                    let mut trial = self.clone();
                    trial.act(&super::types::Action::Throw(d), &mut Vec::new()).is_ok()
                }))
    }
}
