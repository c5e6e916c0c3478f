//! Bombs going off: the shape of each blast, chains through bombs and oil,
//! falling ceilings, what the flame burns, and the enemies it kills.

use super::board::{self, Pos, Tile, BUSH, DIRS, OIL, SPIKES};
use super::enemies::toughest;
use super::items::Charge;
use super::state::{State, BARREL_FIRE, CEILING_TURNS};
use super::types::{Bomb, BombKind, Death, Enemy, Event};
use std::collections::VecDeque;

impl State {
    /// The tiles the blast of `b` would cover on the board as it is now (the
    /// window's preview of a ticking bomb; a chain through other bombs is
    /// not followed).
    pub fn blast_tiles(&self, b: &Bomb) -> Vec<Pos> {
        self.blast(b).0
    }

    /// The tiles a bomb's blast covers, and the cracked pillars it reaches.
    /// A cross of `fire` tiles (to the walls for Power) stopped by solid
    /// tiles; the first crate or barrel each way burns and stops it (Pierce
    /// goes on through crates). Nuke and Acid also burn every tile within 2
    /// steps, through crates and round corners.
    pub(super) fn blast(&self, b: &Bomb) -> (Vec<Pos>, Vec<Pos>) {
        let reach = if b.kind == BombKind::Power { (self.board.layout.w + self.board.layout.h) as u32 } else { b.fire };
        // Room for the bomb's tile and four full arms at once.
        let mut out = Vec::with_capacity(1 + 4 * reach.min(64) as usize);
        out.push(b.pos);
        let mut hit = Vec::new();
        for d in DIRS {
            let mut p = b.pos;
            for _ in 0..reach {
                p = p.step(d);
                match self.board.layout.tile(p) {
                    Tile::Cracked => {
                        hit.push(p);
                        break;
                    }
                    t if t.solid() => break,
                    Tile::Crate if b.kind == BombKind::Pierce => out.push(p),
                    Tile::Crate | Tile::Barrel => {
                        out.push(p);
                        break;
                    }
                    _ => out.push(p),
                }
            }
        }
        if matches!(b.kind, BombKind::Nuke | BombKind::Acid) {
            let mut frontier = vec![b.pos];
            for _ in 0..2 {
                let mut next = Vec::new();
                for p in frontier {
                    for d in DIRS {
                        let q = p.step(d);
                        match self.board.layout.tile(q) {
                            Tile::Cracked => hit.push(q),
                            t if t.solid() => {}
                            _ if !out.contains(&q) => {
                                out.push(q);
                                next.push(q);
                            }
                            _ => next.push(q),
                        }
                    }
                }
                frontier = next;
            }
        }
        out.sort();
        out.dedup();
        hit.sort();
        hit.dedup();
        (out, hit)
    }

    /// Sets off the bombs at `due` (and any their blasts reach, and any oil
    /// spill they touch with the bombs lying in it), plus `extra` burning
    /// tiles (smouldering bushes), then applies the flame. Returns whether a
    /// life was lost.
    pub(super) fn explode(&mut self, due: Vec<Pos>, extra: Vec<Pos>, events: &mut Vec<Event>) -> bool {
        let mut queue: VecDeque<Pos> = due.iter().copied().collect();
        // Sets as lists, sorted (and repeats dropped) where they are read in
        // order: a blast's few tiles, in every copy the bots play.
        let mut blasted: Vec<Pos> = extra;
        let mut exploded: Vec<Pos> = Vec::new();
        let mut hits: Vec<Pos> = Vec::new();
        let mut acid: Vec<Pos> = Vec::new();
        loop {
            while let Some(at) = queue.pop_front() {
                if exploded.contains(&at) {
                    continue;
                }
                exploded.push(at);
                let Some(b) = self.bombs.list.iter().copied().find(|b| b.pos == at) else { continue };
                if !due.contains(&at) {
                    events.push(Event::Chain(at));
                }
                let (tiles, hit) = self.blast(&b);
                for &t in &tiles {
                    if t != at && self.bomb_at(t).is_some() && !exploded.contains(&t) {
                        queue.push_back(t);
                    }
                }
                if b.kind == BombKind::Acid {
                    acid.push(at);
                }
                hits.extend(hit);
                events.push(Event::Exploded(at, tiles.clone()));
                blasted.extend(tiles);
            }
            // Flame touching oil burns the whole spill at once, setting off bombs in it.
            blasted.sort_unstable();
            blasted.dedup();
            let lit: Vec<Pos> = blasted.iter().copied().filter(|&p| self.board.layout.has(p, OIL)).collect();
            for p in lit {
                let spill = self.board.layout.spill(p);
                if spill.is_empty() {
                    continue;
                }
                for &q in &spill {
                    self.board.layout.mark(q, OIL, false);
                    blasted.push(q);
                    if self.bomb_at(q).is_some() && !exploded.contains(&q) {
                        queue.push_back(q);
                    }
                }
                events.push(Event::OilBurnt(spill));
            }
            if queue.is_empty() {
                break;
            }
        }
        self.bombs.list.retain(|b| !exploded.contains(&b.pos));
        blasted.sort_unstable();
        blasted.dedup();
        hits.sort_unstable();
        hits.dedup();
        // Cracked pillars the blasts reached break; Acid cracks the pillars round it.
        for p in hits {
            self.board.layout.set(p, Tile::Floor);
            events.push(Event::PillarBroke(p));
            for q in p.ring() {
                if self.board.layout.tile(q) != Tile::Wall && !self.board.ceilings.iter().any(|&(c, _)| c == q) {
                    self.board.ceilings.push((q, self.run.turn + CEILING_TURNS));
                }
            }
        }
        for at in acid {
            let pillars: Vec<Pos> = self
                .board
                .layout
                .positions()
                .filter(|&p| p.dist(at) <= 2 && self.board.layout.tile(p) == Tile::Pillar)
                .collect();
            for p in pillars {
                self.board.layout.set(p, Tile::Cracked);
                events.push(Event::PillarCracked(p));
            }
        }
        if blasted.is_empty() {
            return false;
        }
        let until = self.run.turn + 1;
        self.bombs.flames.retain(|(p, _)| blasted.binary_search(p).is_err());
        self.bombs.flames.extend(blasted.iter().map(|&p| (p, until)));
        // A new flame over the releasing one spares no one.
        self.bombs.sparing.retain(|(p, _)| blasted.binary_search(p).is_err());
        self.apply_blast(&blasted, events)
    }

    /// Ceilings fall as rubble: what is under them is crushed (a Shield
    /// pushes you out to an empty tile beside you); then rubble that cuts you
    /// off from the exit or an enemy costs a life. Returns whether a life was lost.
    pub(super) fn fall(&mut self, tiles: Vec<Pos>, events: &mut Vec<Event>) -> bool {
        for &p in &tiles {
            self.board.layout.set(p, Tile::Rubble);
            for m in [BUSH, OIL, SPIKES] {
                self.board.layout.mark(p, m, false);
            }
            self.board.crumbling.retain(|&(c, _)| c != p);
        }
        events.push(Event::CeilingFell(tiles.clone()));
        self.bombs.list.retain(|b| !tiles.contains(&b.pos));
        self.board.drops.retain(|d| !tiles.contains(&d.pos));
        self.bombs.flames.retain(|(f, _)| !tiles.contains(f));
        if self.enemies.decoy.is_some_and(|d| tiles.contains(&d)) {
            self.enemies.decoy = None;
        }
        let crushed: Vec<usize> =
            self.enemies.list.iter().enumerate().filter(|(_, e)| tiles.contains(&e.pos)).map(|(i, _)| i).collect();
        // Rubble falls after the turn's crumble countdown.
        self.kill(crushed, true, events);
        if tiles.contains(&self.player.at) {
            let mut out = DIRS.iter().map(|&d| self.player.at.step(d)).find(|&q| self.empty(q));
            if out.is_none() && self.run.setup.immortal {
                // Nothing kills an Immortal player, so it may not stay inside
                // the rubble: the nearest empty tile, the first in reading
                // order among equals (rules v3).
                let from = self.player.at;
                out = self.board.layout.positions().filter(|&q| self.empty(q)).min_by_key(|q| q.dist(from));
            }
            match out {
                Some(q) if self.carrying() == Some(Charge::Shield) || self.run.setup.immortal => {
                    if !self.run.setup.immortal {
                        self.player.charge = None;
                        self.player.shielded = self.run.turn + 1;
                        events.push(Event::Absorbed("Shield".into()));
                    }
                    events.push(Event::PlayerMoved(self.player.at, q));
                    self.player.at = q;
                }
                _ if self.hurt(Death::Ceiling, events) => return true,
                _ => {}
            }
        }
        let reach = board::reachable(&self.board.layout, self.player.at);
        let at = |p: Pos| reach[(p.y * self.board.layout.w + p.x) as usize];
        if (!at(self.board.layout.exit) || self.enemies.list.iter().any(|e| !at(e.pos)))
            && self.hurt(Death::WalledIn, events)
        {
            return true;
        }
        false
    }

    /// Kills the enemies at `dead`; the last of them opens the exit and
    /// starts the crates crumbling. `counted` says the turn's crumble
    /// countdown has already run (rubble falls after it), so the crates wait
    /// 1 to 3 turns either way (rules v8: rubble's kills waited 2 to 4).
    pub(super) fn kill(&mut self, mut dead: Vec<usize>, counted: bool, events: &mut Vec<Event>) {
        dead.sort();
        dead.dedup();
        for &i in dead.iter().rev() {
            let e = self.enemies.list.remove(i);
            self.run.kills += 1;
            events.push(Event::EnemyDied(e.id, e.kind));
            if e.released_until.is_none() {
                self.drop_loot(e.pos, events);
            }
        }
        if !dead.is_empty() && self.enemies.list.is_empty() && !self.board.exit_open {
            self.board.exit_open = true;
            events.push(Event::ExitOpened);
            let crates: Vec<Pos> =
                self.board.layout.positions().filter(|&p| self.board.layout.tile(p) == Tile::Crate).collect();
            // 1 to 3 turns after a shaking one: the world's turn that kills
            // the last enemy counts them down once, so one more (rules v6; a
            // crate at 1 vanished in the very turn of the kill).
            for p in crates {
                let turns = u32::from(!counted) + 1 + self.enemies.ai.below(3);
                self.board.crumbling.push((p, turns));
            }
        }
    }

    /// Flame on `tiles`: releases from the uncovered exit or gem, burns drops,
    /// the decoy, bushes (their neighbours smoulder), barrels (they burst into
    /// oil and go off next turn) and crates, kills enemies and hurts you.
    /// Returns whether a life was lost.
    /// `tiles` are sorted, each once.
    pub(super) fn apply_blast(&mut self, tiles: &[Pos], events: &mut Vec<Event>) -> bool {
        let turn = self.run.turn;
        let burns = |p: &Pos| tiles.binary_search(p).is_ok();
        // Flame on an exit or gem that was already uncovered lets out 3 of the level's toughest.
        let mut release: Vec<Pos> = Vec::new();
        if self.board.exit_revealed && burns(&self.board.layout.exit) {
            release.push(self.board.layout.exit);
            self.board.exit_open = false;
        }
        if self.board.gem_revealed && !self.board.gem_taken && burns(&self.board.layout.gem) {
            release.push(self.board.layout.gem);
            self.board.gem_taken = true;
        }
        // Drops in the open burn; crates burn (uncovering what they hid).
        let burnt: Vec<Pos> = self.board.drops.iter().filter(|d| burns(&d.pos)).map(|d| d.pos).collect();
        self.board.drops.retain(|d| !burns(&d.pos));
        for p in burnt {
            events.push(Event::DropBurnt(p));
        }
        if let Some(d) = self.enemies.decoy.filter(|d| burns(d)) {
            self.enemies.decoy = None;
            events.push(Event::DecoyGone(d));
        }
        // Enemies in the blast die, Ghosts and Wisps inside a burning crate
        // too, and those another flame let out: a new explosion kills them
        // as usual (rules v8; they were spared by every flame for a turn).
        let dead: Vec<usize> =
            self.enemies.list.iter().enumerate().filter(|(_, e)| burns(&e.pos)).map(|(i, _)| i).collect();
        for &p in tiles {
            if self.board.layout.has(p, BUSH) {
                self.board.layout.mark(p, BUSH, false);
                events.push(Event::BushBurnt(p));
                for d in DIRS {
                    let q = p.step(d);
                    if self.board.layout.has(q, BUSH) && !burns(&q) && !self.bombs.smoulder.contains(&q) {
                        self.bombs.smoulder.push(q);
                    }
                }
            }
            match self.board.layout.tile(p) {
                Tile::Crate => {
                    self.board.layout.set(p, Tile::Floor);
                    self.board.crumbling.retain(|&(c, _)| c != p);
                    events.push(Event::CrateBurnt(p));
                    self.reveal(p, events);
                }
                Tile::Barrel => {
                    self.board.layout.set(p, Tile::Floor);
                    events.push(Event::BarrelBurst(p));
                    for q in std::iter::once(p).chain(p.ring()) {
                        if self.board.layout.tile(q) == Tile::Floor {
                            self.board.layout.mark(q, OIL, true);
                        }
                    }
                    self.bombs.list.push(Bomb { pos: p, fuse: 1, fire: BARREL_FIRE, kind: BombKind::Barrel });
                }
                _ => {}
            }
        }
        let released = !release.is_empty();
        // The released come out before the dead are counted, so a blast that
        // kills the last enemy and lets three out opens nothing and starts no
        // crumbling (rules v6). They are pushed after the dead's indices.
        for p in release {
            let kind = toughest(self.run.level);
            let next_id = self.enemies.list.iter().map(|e| e.id + 1).max().unwrap_or(0).max(1000);
            for k in 0..3 {
                let mut e = Enemy::new(next_id + k, kind, p, DIRS[k as usize]);
                e.released_until = Some(turn + 1);
                self.enemies.list.push(e);
            }
            self.board.exit_open = false;
            events.push(Event::Released(kind, 3));
        }
        if released {
            self.bombs.sparing.extend(tiles.iter().map(|&p| (p, turn + 1)));
        }
        self.kill(dead, false, events);
        burns(&self.player.at) && self.hurt(Death::Blast, events)
    }
}
