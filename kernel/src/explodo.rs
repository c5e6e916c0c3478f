//! Explodorama: a turn-based, rogue-like Bomberman. Each turn the player moves,
//! places a bomb or waits; then the world: enemies step where their arrows
//! pointed, bombs count down and explode, enemies show their next moves.
//! Design notes: `explodo/README.md`. This is the core run (board, bombs,
//! enemies, lives, exit, 20 levels); power-ups, charges, the shop and board
//! objects are the next issue.

pub mod board;
pub mod scores;

use crate::digest::{Part, PartHasher};
use crate::game::{Game, Outcome, Rejection};
use crate::rng::Rng;
use board::{Dir, Layout, Pos, Tile, DIRS};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, VecDeque};

/// Levels in a run.
pub const LEVELS: u32 = 20;
/// Lives at the start of a run.
pub const START_LIVES: u32 = 3;
/// Stats cap.
pub const STAT_CAP: u32 = 5;

/// The Explodorama game.
pub struct Explodo;

/// Run options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Developer mode (a rainbow gem each level; its offers come with the power-ups issue).
    pub developer: bool,
    /// Nothing kills you.
    pub immortal: bool,
}

/// The player's actions. Append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Step one tile.
    Move(Dir),
    /// Put a bomb on the tile next to you in that direction.
    Bomb(Dir),
    /// Let the world take its turn.
    Wait,
}

/// Enemy types, in order of appearance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// Wanders; usually keeps its heading. Level 1.
    Blob,
    /// Half the time the shortest way to you. Level 4.
    Seeker,
    /// Straight until blocked, then turns. Level 7.
    Drifter,
    /// Rests every other turn, then dashes 2 tiles. Level 10.
    Sprinter,
    /// Every other turn, the shortest way to you, through crates. Level 13.
    Ghost,
    /// Wanders through crates. Level 16.
    Wisp,
    /// Always the shortest way to you. Level 19.
    Hunter,
}

/// Every kind, in order.
pub const KINDS: [Kind; 7] = [Kind::Blob, Kind::Seeker, Kind::Drifter, Kind::Sprinter, Kind::Ghost, Kind::Wisp, Kind::Hunter];

impl Kind {
    /// The level it first appears on.
    pub fn from_level(self) -> u32 {
        match self {
            Kind::Blob => 1,
            Kind::Seeker => 4,
            Kind::Drifter => 7,
            Kind::Sprinter => 10,
            Kind::Ghost => 13,
            Kind::Wisp => 16,
            Kind::Hunter => 19,
        }
    }
    /// Danger in tenths (a Blob 10 … a Hunter 20), for crowding.
    pub fn weight(self) -> u32 {
        match self {
            Kind::Blob => 10,
            Kind::Seeker => 12,
            Kind::Drifter => 13,
            Kind::Sprinter => 15,
            Kind::Ghost => 16,
            Kind::Wisp => 14,
            Kind::Hunter => 20,
        }
    }
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Blob => "Blob",
            Kind::Seeker => "Seeker",
            Kind::Drifter => "Drifter",
            Kind::Sprinter => "Sprinter",
            Kind::Ghost => "Ghost",
            Kind::Wisp => "Wisp",
            Kind::Hunter => "Hunter",
        }
    }
    /// Moves through crates.
    pub fn through_crates(self) -> bool {
        matches!(self, Kind::Ghost | Kind::Wisp)
    }
    /// Moves only every other turn.
    pub fn rests(self) -> bool {
        matches!(self, Kind::Ghost | Kind::Sprinter)
    }
}

/// One planned enemy move (the arrows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// One tile.
    Move(Dir),
    /// Two tiles in one turn (a Sprinter).
    Dash(Dir),
    /// Stay (a dot; or no arrows at all when boxed in).
    Rest,
}

impl Step {
    fn end(self, from: Pos) -> Pos {
        match self {
            Step::Move(d) => from.step(d),
            Step::Dash(d) => from.step(d).step(d),
            Step::Rest => from,
        }
    }
    fn code(self) -> u8 {
        match self {
            Step::Rest => 0,
            Step::Move(d) => 1 + d.code(),
            Step::Dash(d) => 5 + d.code(),
        }
    }
}

/// An enemy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enemy {
    /// Stable id within the level.
    pub id: u32,
    /// Its type.
    pub kind: Kind,
    /// Where it is.
    pub pos: Pos,
    /// The way it last went.
    pub heading: Dir,
    /// Its next 3 moves.
    pub plan: VecDeque<Step>,
    /// For resting kinds: whether its next turn is a rest.
    pub rest_next: bool,
    /// Let out of a blasted exit: drops nothing, immune to flame until this turn.
    pub released_until: Option<u32>,
}

/// A bomb.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bomb {
    /// Where.
    pub pos: Pos,
    /// Actions left until it explodes.
    pub fuse: u32,
    /// Blast reach.
    pub fire: u32,
}

/// A coin drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drop {
    /// Where.
    pub pos: Pos,
    /// Its value (1 bronze, 2 silver, 5 gold).
    pub coins: u32,
}

/// Where the run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunPhase {
    /// Playing a level.
    Playing,
    /// Level 20 cleared.
    Won,
    /// No lives left.
    Over,
}

/// How a life was lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Death {
    /// Walked into an enemy.
    WalkedInto(Kind),
    /// An enemy walked into you.
    WalkedIntoYou(Kind),
    /// Caught in a blast.
    Blast,
    /// Nowhere to step, nowhere to put a bomb, nothing to change it.
    BoxedIn,
}

impl Death {
    fn text(&self) -> String {
        match self {
            Death::WalkedInto(k) => format!("you walked into a {}", k.name()),
            Death::WalkedIntoYou(k) => format!("a {} walked into you", k.name()),
            Death::Blast => "you were caught in a blast".into(),
            Death::BoxedIn => "you were boxed in".into(),
        }
    }
}

/// What happened, for the app to animate and sound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A bomb went down.
    BombPlaced(Pos),
    /// A bomb exploded, with the tiles its blast covered.
    Exploded(Pos, Vec<Pos>),
    /// A bomb set off by another's blast.
    Chain(Pos),
    /// An enemy moved.
    EnemyMoved(u32, Pos, Pos),
    /// An enemy died (in flame).
    EnemyDied(u32, Kind),
    /// Coins fell.
    DropSpawned(Pos, u32),
    /// Coins picked up.
    DropPicked(Pos, u32),
    /// Flame burnt drops lying in the open.
    DropBurnt(Pos),
    /// A crate burnt.
    CrateBurnt(Pos),
    /// A crate crumbled (after the last enemy).
    CrateCrumbled(Pos),
    /// The exit door was uncovered.
    ExitRevealed(Pos),
    /// The gem was uncovered.
    GemRevealed(Pos),
    /// The last enemy died: the exit is open.
    ExitOpened,
    /// Flame on the exit or gem let enemies out.
    Released(Kind, u32),
    /// A life was lost: the message.
    LifeLost(String),
    /// A level was cleared: level, turns, par, coins earned.
    LevelCleared { level: u32, turns: u32, par: u32, coins: u32 },
    /// Level 20 cleared.
    RunWon,
    /// No lives left.
    RunOver(String),
}

/// The whole run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The run's seed.
    pub seed: u64,
    /// Its options.
    pub setup: Setup,
    /// Level, 1 to 20.
    pub level: u32,
    /// Retries of this level so far.
    pub attempt: u32,
    /// The board (crates burn and crumble).
    pub layout: Layout,
    /// The exit is uncovered.
    pub exit_revealed: bool,
    /// The gem is uncovered.
    pub gem_revealed: bool,
    /// Every enemy is dead: the exit lets you out.
    pub exit_open: bool,
    /// The player.
    pub player: Pos,
    /// Lives left.
    pub lives: u32,
    /// Coins held.
    pub coins: u32,
    /// Bombs on the board at once.
    pub max_bombs: u32,
    /// Blast reach.
    pub fire: u32,
    /// A new bomb's number.
    pub fuse: u32,
    /// The turn within the level (from 1).
    pub turn: u32,
    /// Turns over the whole run.
    pub total_turns: u32,
    /// Enemies slain.
    pub kills: u32,
    /// Lives lost.
    pub lives_lost: u32,
    /// The level's par.
    pub par: u32,
    /// Enemies.
    pub enemies: Vec<Enemy>,
    /// Bombs.
    pub bombs: Vec<Bomb>,
    /// Burning tiles and the last turn they burn.
    pub flames: Vec<(Pos, u32)>,
    /// Coins lying about.
    pub drops: Vec<Drop>,
    /// Crates crumbling after the last enemy, with turns left.
    pub crumbling: Vec<(Pos, u32)>,
    /// The enemies' randomness for this attempt.
    pub ai: Rng,
    /// Drops.
    pub loot: Rng,
    /// Where the run stands.
    pub phase: RunPhase,
    /// The last life lost, as the banner says it.
    pub last_death: Option<String>,
}

/// The crowding divisor: one danger point per this many open tiles, 26 on level 1 falling to 9 on level 20.
pub fn crowding(level: u32) -> u32 {
    26 - (level.clamp(1, 20) - 1) * 17 / 19
}

/// Par: 10 turns + 0.3 a tile of floor and crates + 8 per enemy (rounded down).
pub fn par(open_tiles: u32, enemies: u32) -> u32 {
    10 + open_tiles * 3 / 10 + 8 * enemies
}

impl State {
    fn stream(&self, what: &str) -> Rng {
        Rng::stream(self.seed, &format!("explodo.{what}.{}", self.level))
    }

    /// Starts (or restarts) the current level: the same layout and enemies for
    /// every attempt; only the enemies' choices come from a fresh stream.
    fn enter_level(&mut self) {
        let mut rng = self.stream("level");
        self.layout = board::generate(self.level, &mut rng);
        self.player = self.layout.start;
        self.exit_revealed = false;
        self.gem_revealed = false;
        self.exit_open = false;
        self.bombs.clear();
        self.flames.clear();
        self.drops.clear();
        self.crumbling.clear();
        self.turn = 1;
        self.enemies = crowd(&self.layout, self.level, &mut rng);
        self.par = par(self.layout.open_tiles(), self.enemies.len() as u32);
        self.ai = Rng::stream(self.seed, &format!("explodo.ai.{}.{}", self.level, self.attempt));
        self.loot = Rng::stream(self.seed, &format!("explodo.loot.{}.{}", self.level, self.attempt));
        self.replan();
    }

    fn floor_free(&self, p: Pos) -> bool {
        self.layout.tile(p) == Tile::Floor && !self.bombs.iter().any(|b| b.pos == p)
    }

    fn burning(&self, p: Pos) -> bool {
        self.flames.iter().any(|&(f, _)| f == p)
    }

    fn enemy_at(&self, p: Pos) -> Option<usize> {
        self.enemies.iter().position(|e| e.pos == p)
    }

    /// Whether an enemy of `kind` may enter `p`.
    fn passable(&self, kind: Kind, p: Pos) -> bool {
        let t = self.layout.tile(p);
        (t == Tile::Floor || (t == Tile::Crate && kind.through_crates())) && !self.bombs.iter().any(|b| b.pos == p)
    }

    /// The first step of a shortest way from `from` to the player, for `kind`.
    fn toward_player(&self, kind: Kind, from: Pos) -> Option<Dir> {
        let mut seen = BTreeSet::from([from]);
        let mut q: VecDeque<(Pos, Dir)> = VecDeque::new();
        for d in DIRS {
            let p = from.step(d);
            if (self.passable(kind, p) || p == self.player) && seen.insert(p) {
                q.push_back((p, d));
            }
        }
        while let Some((p, first)) = q.pop_front() {
            if p == self.player {
                return Some(first);
            }
            for d in DIRS {
                let n = p.step(d);
                if (self.passable(kind, n) || n == self.player) && seen.insert(n) {
                    q.push_back((n, first));
                }
            }
        }
        None
    }

    /// Chooses the step after `at` (heading `heading`), `k` steps into the
    /// future, avoiding tiles that `reserved[k]` holds when it can.
    fn choose(&mut self, e: &Enemy, at: Pos, heading: Dir, rest: bool, reserved: &BTreeSet<Pos>) -> Step {
        if rest {
            return Step::Rest;
        }
        let kind = e.kind;
        let open: Vec<Dir> = DIRS.iter().copied().filter(|&d| self.passable(kind, at.step(d))).collect();
        if open.is_empty() {
            return Step::Rest;
        }
        let free: Vec<Dir> = open.iter().copied().filter(|&d| !reserved.contains(&at.step(d))).collect();
        let options = if free.is_empty() { open.clone() } else { free };
        let chase = match kind {
            Kind::Hunter | Kind::Ghost => true,
            Kind::Seeker | Kind::Sprinter => self.ai.chance(1, 2),
            _ => false,
        };
        let toward = if chase { self.toward_player(kind, at).filter(|d| options.contains(d)) } else { None };
        let d = if let Some(d) = toward {
            d
        } else {
            match kind {
                Kind::Drifter if options.contains(&heading) => heading,
                Kind::Drifter => options[self.ai.index(options.len())],
                _ if options.contains(&heading) && self.ai.chance(3, 4) => heading,
                _ => options[self.ai.index(options.len())],
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
    fn replan(&mut self) {
        let n = self.enemies.len();
        for i in 0..n {
            let e = self.enemies[i].clone();
            // Validate what is left of the plan.
            let mut at = e.pos;
            let mut valid = true;
            for s in &e.plan {
                let ok = match *s {
                    Step::Move(d) => self.passable(e.kind, at.step(d)),
                    Step::Dash(d) => self.passable(e.kind, at.step(d)) && self.passable(e.kind, at.step(d).step(d)),
                    Step::Rest => true,
                };
                if !ok {
                    valid = false;
                    break;
                }
                at = s.end(at);
            }
            let mut plan = if valid { e.plan.clone() } else { VecDeque::new() };
            while plan.len() < 3 {
                let k = plan.len();
                let (mut at, mut heading) = (e.pos, e.heading);
                for s in &plan {
                    at = s.end(at);
                    if let Step::Move(d) | Step::Dash(d) = s {
                        heading = *d;
                    }
                }
                let mut reserved = BTreeSet::new();
                for (j, o) in self.enemies.iter().enumerate() {
                    if j == i {
                        continue;
                    }
                    let mut p = o.pos;
                    if j < i {
                        for s in o.plan.iter().take(k + 1) {
                            p = s.end(p);
                        }
                    }
                    reserved.insert(p);
                }
                let rest = e.kind.rests() && (e.rest_next ^ (k % 2 == 1));
                let s = self.choose(&e, at, heading, rest, &reserved);
                plan.push_back(s);
            }
            self.enemies[i].plan = plan;
        }
    }

    /// Cells a bomb's blast covers: its tile and a cross of `fire` tiles,
    /// stopped by walls and pillars; the first crate each way burns and stops it.
    fn blast(&self, b: &Bomb) -> Vec<Pos> {
        let mut out = vec![b.pos];
        for d in DIRS {
            let mut p = b.pos;
            for _ in 0..b.fire {
                p = p.step(d);
                match self.layout.tile(p) {
                    Tile::Wall | Tile::Pillar => break,
                    Tile::Crate => {
                        out.push(p);
                        break;
                    }
                    Tile::Floor => out.push(p),
                }
            }
        }
        out
    }

    fn lose_life(&mut self, death: Death, events: &mut Vec<Event>) {
        if self.setup.immortal {
            return;
        }
        let text = format!("Level {}, turn {}: {}.", self.level, self.turn, death.text());
        self.lives -= 1;
        self.lives_lost += 1;
        self.last_death = Some(text.clone());
        events.push(Event::LifeLost(text.clone()));
        if self.lives == 0 {
            self.phase = RunPhase::Over;
            events.push(Event::RunOver(text));
        } else {
            self.attempt += 1;
            self.enter_level();
        }
    }

    fn clear_level(&mut self, events: &mut Vec<Event>) {
        let earned = 2 + if self.turn <= self.par { 5 } else { 0 };
        self.coins += earned;
        events.push(Event::LevelCleared { level: self.level, turns: self.turn, par: self.par, coins: earned });
        if self.level == LEVELS {
            self.phase = RunPhase::Won;
            events.push(Event::RunWon);
        } else {
            self.level += 1;
            self.attempt = 0;
            self.enter_level();
        }
    }

    fn pick_up(&mut self, events: &mut Vec<Event>) {
        let p = self.player;
        if let Some(i) = self.drops.iter().position(|d| d.pos == p) {
            let d = self.drops.remove(i);
            self.coins += d.coins;
            events.push(Event::DropPicked(p, d.coins));
        }
    }

    fn reveal(&mut self, p: Pos, events: &mut Vec<Event>) {
        if p == self.layout.exit && !self.exit_revealed {
            self.exit_revealed = true;
            events.push(Event::ExitRevealed(p));
        }
        if p == self.layout.gem && !self.gem_revealed {
            self.gem_revealed = true;
            events.push(Event::GemRevealed(p));
        }
    }

    /// A slain enemy's coins (about one a kill): on its tile or the nearest
    /// free floor within 2 steps, never on the uncovered exit or another drop.
    fn drop_loot(&mut self, at: Pos, events: &mut Vec<Event>) {
        let roll = self.loot.below(100);
        let coins = match roll {
            0..=39 => return,
            40..=74 => 1,
            75..=94 => 2,
            _ => 5,
        };
        let mut candidates: Vec<Pos> = (-2..=2)
            .flat_map(|dy| (-2..=2).map(move |dx| Pos { x: at.x + dx, y: at.y + dy }))
            .filter(|p| p.dist(at) <= 2)
            .collect();
        candidates.sort_by_key(|p| (p.dist(at), p.y, p.x));
        let spot = candidates.into_iter().find(|&p| {
            self.floor_free(p) && !(self.exit_revealed && p == self.layout.exit) && !self.drops.iter().any(|d| d.pos == p)
        });
        if let Some(p) = spot {
            self.drops.push(Drop { pos: p, coins });
            events.push(Event::DropSpawned(p, coins));
        }
    }

    /// The world's turn after the player's action. (The player moves first, so
    /// "swapping places" with an enemy is walking into it: one rule covers both.)
    fn world(&mut self, events: &mut Vec<Event>) {
        let turn = self.turn;
        // 1. Enemies step where their arrows pointed.
        let mut died: Vec<usize> = Vec::new();
        for i in 0..self.enemies.len() {
            let step = self.enemies[i].plan.pop_front().unwrap_or(Step::Rest);
            let e = self.enemies[i].clone();
            if e.kind.rests() {
                self.enemies[i].rest_next = !e.rest_next;
            }
            let tiles: Vec<Pos> = match step {
                Step::Move(d) => vec![e.pos.step(d)],
                Step::Dash(d) => vec![e.pos.step(d), e.pos.step(d).step(d)],
                Step::Rest => vec![],
            };
            let mut to = e.pos;
            for t in tiles {
                if !self.passable(e.kind, t) {
                    break; // A bomb landed on its way: it stops (and plans anew).
                }
                to = t;
                if to == self.player {
                    break; // It reaches you here (a dash through your tile catches you).
                }
            }
            if let Step::Move(d) | Step::Dash(d) = step {
                self.enemies[i].heading = d;
            }
            if to != e.pos {
                self.enemies[i].pos = to;
                events.push(Event::EnemyMoved(e.id, e.pos, to));
            }
            if to == self.player && to != e.pos && !self.setup.immortal {
                self.lose_life(Death::WalkedIntoYou(e.kind), events);
                return;
            }
            let immune = e.released_until.is_some_and(|u| u >= turn);
            if self.burning(to) && !immune {
                died.push(i);
            }
        }
        self.kill(died, events);
        // 2. Bombs count down; those at 0 explode, setting off any bomb their blast reaches.
        for b in &mut self.bombs {
            b.fuse = b.fuse.saturating_sub(1);
        }
        let due: BTreeSet<Pos> = self.bombs.iter().filter(|b| b.fuse == 0).map(|b| b.pos).collect();
        let mut queue: VecDeque<Pos> = due.iter().copied().collect();
        let mut blasted: BTreeSet<Pos> = BTreeSet::new();
        let mut exploded: BTreeSet<Pos> = BTreeSet::new();
        while let Some(at) = queue.pop_front() {
            if !exploded.insert(at) {
                continue;
            }
            let Some(b) = self.bombs.iter().copied().find(|b| b.pos == at) else { continue };
            if !due.contains(&at) {
                events.push(Event::Chain(at));
            }
            let tiles = self.blast(&b);
            for &t in &tiles {
                if t != at && self.bombs.iter().any(|o| o.pos == t) && !exploded.contains(&t) {
                    queue.push_back(t);
                }
            }
            events.push(Event::Exploded(at, tiles.clone()));
            blasted.extend(tiles);
        }
        self.bombs.retain(|b| !exploded.contains(&b.pos));
        if !blasted.is_empty() {
            self.apply_blast(&blasted, events);
            if self.phase != RunPhase::Playing || self.turn != turn {
                return;
            }
        }
        // 3. Old flame goes out; this turn's lingers through the next.
        self.flames.retain(|&(_, until)| until > turn);
        for &p in &blasted {
            self.flames.push((p, turn + 1));
        }
        // Crates crumble once the last enemy is gone.
        let mut done = Vec::new();
        for (p, left) in &mut self.crumbling {
            *left -= 1;
            if *left == 0 {
                done.push(*p);
            }
        }
        self.crumbling.retain(|&(_, left)| left > 0);
        for p in done {
            self.layout.set(p, Tile::Floor);
            events.push(Event::CrateCrumbled(p));
            self.reveal(p, events);
        }
        // Boxed in: no empty tile beside you and nothing on the board that could change it.
        let stuck = DIRS.iter().all(|&d| {
            let p = self.player.step(d);
            !self.floor_free(p) || self.burning(p)
        });
        let nothing_moves = self.bombs.is_empty() && self.flames.is_empty() && self.crumbling.is_empty() && !self.enemies.iter().any(|e| e.pos.dist(self.player) <= 1);
        if stuck && nothing_moves {
            self.lose_life(Death::BoxedIn, events);
            return;
        }
        // 4. Enemies show their next steps.
        self.turn += 1;
        self.replan();
    }

    fn kill(&mut self, mut dead: Vec<usize>, events: &mut Vec<Event>) {
        dead.sort();
        dead.dedup();
        for &i in dead.iter().rev() {
            let e = self.enemies.remove(i);
            self.kills += 1;
            events.push(Event::EnemyDied(e.id, e.kind));
            if e.released_until.is_none() {
                self.drop_loot(e.pos, events);
            }
        }
        if !dead.is_empty() && self.enemies.is_empty() && !self.exit_open {
            self.exit_open = true;
            events.push(Event::ExitOpened);
            let crates: Vec<Pos> = self.layout.positions().filter(|&p| self.layout.tile(p) == Tile::Crate).collect();
            for p in crates {
                let turns = 1 + self.ai.below(3);
                self.crumbling.push((p, turns));
            }
        }
    }

    fn apply_blast(&mut self, tiles: &BTreeSet<Pos>, events: &mut Vec<Event>) {
        let turn = self.turn;
        // Flame on an exit or gem that was already uncovered lets out 3 of the level's toughest.
        let release: Vec<Pos> = [(self.layout.exit, self.exit_revealed), (self.layout.gem, self.gem_revealed)]
            .into_iter()
            .filter(|&(p, shown)| shown && tiles.contains(&p))
            .map(|(p, _)| p)
            .collect();
        // Drops in the open burn; crates burn (uncovering what they hid).
        let burnt: Vec<Pos> = self.drops.iter().filter(|d| tiles.contains(&d.pos)).map(|d| d.pos).collect();
        self.drops.retain(|d| !tiles.contains(&d.pos));
        for p in burnt {
            events.push(Event::DropBurnt(p));
        }
        // Enemies in the blast die, Ghosts and Wisps inside a burning crate too.
        let dead: Vec<usize> = self
            .enemies
            .iter()
            .enumerate()
            .filter(|(_, e)| tiles.contains(&e.pos) && !e.released_until.is_some_and(|u| u >= turn))
            .map(|(i, _)| i)
            .collect();
        for &p in tiles {
            if self.layout.tile(p) == Tile::Crate {
                self.layout.set(p, Tile::Floor);
                self.crumbling.retain(|&(c, _)| c != p);
                events.push(Event::CrateBurnt(p));
                self.reveal(p, events);
            }
        }
        self.kill(dead, events);
        for p in release {
            let kind = toughest(self.level);
            let next_id = self.enemies.iter().map(|e| e.id + 1).max().unwrap_or(0).max(1000);
            for k in 0..3 {
                self.enemies.push(Enemy {
                    id: next_id + k,
                    kind,
                    pos: p,
                    heading: DIRS[k as usize],
                    plan: VecDeque::new(),
                    rest_next: false,
                    released_until: Some(turn + 1),
                });
            }
            self.exit_open = false;
            events.push(Event::Released(kind, 3));
        }
        if tiles.contains(&self.player) {
            self.lose_life(Death::Blast, events);
        }
    }
}

/// A fresh run's state at the start of `level` (for showing levels).
pub fn level_state(seed: u64, level: u32) -> State {
    let mut s = Explodo::start(&Setup::default(), seed).expect("the default setup starts");
    s.level = level.clamp(1, LEVELS);
    s.enter_level();
    s
}

/// The toughest kind met by `level`.
pub fn toughest(level: u32) -> Kind {
    *KINDS.iter().rev().find(|k| k.from_level() <= level).unwrap_or(&Kind::Blob)
}

/// The level's enemies: types met so far, added by danger until one point per
/// `crowding(level)` open tiles, on floor never within 4 tiles of the start.
fn crowd(layout: &Layout, level: u32, rng: &mut Rng) -> Vec<Enemy> {
    let kinds: Vec<Kind> = KINDS.iter().copied().filter(|k| k.from_level() <= level).collect();
    let target = layout.open_tiles() * 10;
    let k = crowding(level);
    let mut spots: Vec<Pos> = layout.positions().filter(|&p| layout.tile(p) == Tile::Floor && p.dist(layout.start) > 4).collect();
    rng.shuffle(&mut spots);
    let mut out = Vec::new();
    let mut danger = 0;
    while danger * k < target {
        let Some(pos) = spots.pop() else { break };
        let kind = kinds[rng.index(kinds.len())];
        danger += kind.weight();
        out.push(Enemy { id: out.len() as u32, kind, pos, heading: DIRS[rng.index(4)], plan: VecDeque::new(), rest_next: rng.chance(1, 2), released_until: None });
    }
    out
}

impl Game for Explodo {
    const ID: &'static str = "explodo";
    const NAME: &'static str = "Explodorama";
    const RULES_VERSION: u32 = 1;
    type Setup = Setup;
    type Action = Action;
    type State = State;
    type Event = Event;

    fn start(setup: &Setup, seed: u64) -> Result<State, Rejection> {
        let mut s = State {
            seed,
            setup: *setup,
            level: 1,
            attempt: 0,
            layout: Layout { w: 0, h: 0, tiles: Vec::new(), start: Pos { x: 1, y: 1 }, exit: Pos { x: 1, y: 1 }, gem: Pos { x: 1, y: 1 } },
            exit_revealed: false,
            gem_revealed: false,
            exit_open: false,
            player: Pos { x: 1, y: 1 },
            lives: START_LIVES,
            coins: 0,
            max_bombs: 1,
            fire: 1,
            fuse: 3,
            turn: 1,
            total_turns: 0,
            kills: 0,
            lives_lost: 0,
            par: 0,
            enemies: Vec::new(),
            bombs: Vec::new(),
            flames: Vec::new(),
            drops: Vec::new(),
            crumbling: Vec::new(),
            ai: Rng::stream(seed, "explodo.ai"),
            loot: Rng::stream(seed, "explodo.loot"),
            phase: RunPhase::Playing,
            last_death: None,
        };
        s.enter_level();
        Ok(s)
    }

    fn apply(s: &mut State, action: &Action) -> Result<Vec<Event>, Rejection> {
        if s.phase != RunPhase::Playing {
            return Err(Rejection::new("the run is over"));
        }
        let mut events = Vec::new();
        let from = s.player;
        match *action {
            Action::Move(d) => {
                let t = from.step(d);
                match s.layout.tile(t) {
                    Tile::Wall | Tile::Pillar => return Err(Rejection::new("a wall is in the way")),
                    Tile::Crate => return Err(Rejection::new("a crate is in the way")),
                    Tile::Floor => {}
                }
                if s.bombs.iter().any(|b| b.pos == t) {
                    return Err(Rejection::new("a bomb is in the way"));
                }
                if s.burning(t) {
                    return Err(Rejection::new("that tile is burning"));
                }
                s.player = t;
                s.total_turns += 1;
                if let Some(i) = s.enemy_at(t) {
                    let kind = s.enemies[i].kind;
                    if !s.setup.immortal {
                        s.lose_life(Death::WalkedInto(kind), &mut events);
                        return Ok(events);
                    }
                }
                s.pick_up(&mut events);
                if s.exit_open && s.exit_revealed && t == s.layout.exit {
                    s.clear_level(&mut events);
                    return Ok(events);
                }
            }
            Action::Bomb(d) => {
                let t = from.step(d);
                if !s.floor_free(t) {
                    return Err(Rejection::new("a bomb goes on an empty tile next to you"));
                }
                if s.burning(t) {
                    return Err(Rejection::new("that tile is burning"));
                }
                if s.enemy_at(t).is_some() {
                    return Err(Rejection::new("a bomb cannot go on an enemy"));
                }
                if s.bombs.len() as u32 >= s.max_bombs {
                    return Err(Rejection::new(format!("you can have {} bomb(s) on the board at a time", s.max_bombs)));
                }
                s.bombs.push(Bomb { pos: t, fuse: s.fuse, fire: s.fire });
                s.total_turns += 1;
                events.push(Event::BombPlaced(t));
            }
            Action::Wait => s.total_turns += 1,
        }
        s.world(&mut events);
        Ok(events)
    }

    fn parts(s: &State) -> Vec<Part> {
        let pos = |h: &mut PartHasher, p: Pos| {
            h.i32(p.x).i32(p.y);
        };
        let mut level = PartHasher::new("level");
        level.u32(s.level).u32(s.attempt).u32(s.turn).u32(s.par).i32(s.layout.w).i32(s.layout.h);
        for t in &s.layout.tiles {
            level.u8(*t as u8);
        }
        pos(&mut level, s.layout.exit);
        pos(&mut level, s.layout.gem);
        level.bool(s.exit_revealed).bool(s.gem_revealed).bool(s.exit_open);
        let mut player = PartHasher::new("player");
        pos(&mut player, s.player);
        player.u32(s.lives).u32(s.coins).u32(s.max_bombs).u32(s.fire).u32(s.fuse).u32(s.total_turns).u32(s.kills).u32(s.lives_lost);
        player.u8(s.phase as u8).bool(s.setup.developer).bool(s.setup.immortal);
        let mut enemies = PartHasher::new("enemies");
        enemies.len(s.enemies.len());
        for e in &s.enemies {
            enemies.u32(e.id).u8(e.kind as u8);
            pos(&mut enemies, e.pos);
            enemies.u8(e.heading.code()).bool(e.rest_next).u32(e.released_until.map_or(0, |u| u + 1)).len(e.plan.len());
            for st in &e.plan {
                enemies.u8(st.code());
            }
        }
        let mut board = PartHasher::new("bombs");
        board.len(s.bombs.len());
        for b in &s.bombs {
            pos(&mut board, b.pos);
            board.u32(b.fuse).u32(b.fire);
        }
        board.len(s.flames.len());
        for &(p, u) in &s.flames {
            pos(&mut board, p);
            board.u32(u);
        }
        board.len(s.drops.len());
        for d in &s.drops {
            pos(&mut board, d.pos);
            board.u32(d.coins);
        }
        board.len(s.crumbling.len());
        for &(p, t) in &s.crumbling {
            pos(&mut board, p);
            board.u32(t);
        }
        let mut rng = PartHasher::new("rng");
        s.ai.hash_into(&mut rng);
        s.loot.hash_into(&mut rng);
        vec![level.finish(), player.finish(), enemies.finish(), board.finish(), rng.finish()]
    }

    fn outcome(s: &State) -> Outcome {
        match s.phase {
            RunPhase::Playing => Outcome::InProgress,
            RunPhase::Won => Outcome::Won(format!("all {LEVELS} levels cleared in {} turns with {} coins", s.total_turns, s.coins)),
            RunPhase::Over => Outcome::Lost(s.last_death.clone().unwrap_or_default()),
        }
    }
}

#[cfg(test)]
mod tests;
