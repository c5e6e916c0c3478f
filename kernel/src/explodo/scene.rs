//! Scenes: small calm boards built for one subject (a power-up, a charge, an
//! enemy), and the actions that bring its moment 3 to 6 turns in. The demo,
//! the almanac's clips and the dialogs' clips play them. Each is a replay:
//! the setup names the topic ([`Setup::scene`]), the seed picks the
//! variant (mirrored or not, which enemy), and the actions are found by a
//! bounded search on copies of the board with the real rules, so a scene
//! shows only what the game does.
//!
//! A board is drawn in text, one character a tile: `#` wall, `o` pillar,
//! `x` crate, `X` a crate over the exit, `g` a crate over the gem, `m` metal
//! crate, `O` oil barrel, `"` bush, `~` oil, `^` spikes, `.` floor, `@` you,
//! `E` the scene's enemy, `1` to `7` an enemy of that kind ([`KINDS`]), `$`
//! coins lying about, `G` the gem uncovered, `Z` the exit open.

use super::board::{Diag, Dir, Layout, Pos, Tile, BUSH, DIRS, OIL, SPIKES};
use super::items::{Charge, Offer, Power, POWERS};
use super::types::{Action, Aim, BombKind, Enemy, Event, Kind, Setup, KINDS};
use super::{Explodo, State};
use crate::game::Game;
use crate::rng::Rng;

use serde::{Deserialize, Serialize};

/// What a scene is about. Append-only: it is in replay headers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Topic {
    /// A power-up at work.
    Power(Power),
    /// A charge at work.
    Charge(Charge),
    /// An enemy type, caught in a blast.
    Enemy(Kind),
    /// The controls: a step, a bomb, a wait.
    Control(Control),
    /// Something on the board at work.
    Thing(Thing),
    /// A way to lose a life.
    Mishap(Mishap),
}

/// The controls' scenes. Append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Control {
    /// Stepping: three steps in a row.
    Step,
    /// A bomb put down next to you that catches an enemy.
    Bomb,
    /// Waiting while an enemy passes.
    Wait,
}

/// The board's things at work. Append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Thing {
    /// Hiding in a bush.
    Bush,
    /// A bush fire creeping on.
    BushFire,
    /// Flame stopping at a metal crate.
    Metal,
    /// An oil spill burning all at once.
    Oil,
    /// Sliding along a spill.
    OilSlide,
    /// Crossing spikes while they are down.
    Spikes,
    /// An oil barrel bursting and going off.
    Barrel,
    /// One bomb setting off another.
    Chain,
    /// Coins picked up.
    Drops,
    /// The gem taken.
    Gem,
    /// Walking out by the open exit.
    Exit,
}

/// Ways to lose a life. Append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Mishap {
    /// Walking into a blast.
    IntoBlast,
    /// Not getting far enough from your own bomb.
    NotFarEnough,
    /// Touching an enemy.
    TouchEnemy,
}

/// Every control scene, in order.
pub const CONTROLS: [Control; 3] = [Control::Step, Control::Bomb, Control::Wait];
/// Every thing with a scene, in order.
pub const THINGS: [Thing; 11] = [
    Thing::Bush,
    Thing::BushFire,
    Thing::Metal,
    Thing::Oil,
    Thing::OilSlide,
    Thing::Spikes,
    Thing::Barrel,
    Thing::Chain,
    Thing::Drops,
    Thing::Gem,
    Thing::Exit,
];
/// Every mishap, in order.
pub const MISHAPS: [Mishap; 3] = [Mishap::IntoBlast, Mishap::NotFarEnough, Mishap::TouchEnemy];

impl Control {
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Control::Step => "Step",
            Control::Bomb => "Bomb",
            Control::Wait => "Wait",
        }
    }
}

impl Thing {
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Thing::Bush => "Bush",
            Thing::BushFire => "Bush fire",
            Thing::Metal => "Metal crate",
            Thing::Oil => "Oil spill",
            Thing::OilSlide => "Oil slide",
            Thing::Spikes => "Spikes",
            Thing::Barrel => "Oil barrel",
            Thing::Chain => "Chain reaction",
            Thing::Drops => "Coins",
            Thing::Gem => "Gem",
            Thing::Exit => "Exit",
        }
    }
}

impl Mishap {
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Mishap::IntoBlast => "Into a blast",
            Mishap::NotFarEnough => "Not far enough",
            Mishap::TouchEnemy => "Touching an enemy",
        }
    }
}

impl Topic {
    /// A stable number for the digest: the group in the high byte.
    pub fn code(self) -> u32 {
        match self {
            Topic::Power(p) => 0x100 | p as u32,
            Topic::Charge(c) => 0x200 | c as u32,
            Topic::Enemy(k) => 0x300 | k as u32,
            Topic::Control(c) => 0x400 | c as u32,
            Topic::Thing(t) => 0x500 | t as u32,
            Topic::Mishap(m) => 0x600 | m as u32,
        }
    }

    /// Its name (the power-up's, charge's or enemy's).
    pub fn name(self) -> &'static str {
        match self {
            Topic::Power(p) => p.name(),
            Topic::Charge(c) => c.name(),
            Topic::Enemy(k) => k.name(),
            Topic::Control(c) => c.name(),
            Topic::Thing(t) => t.name(),
            Topic::Mishap(m) => m.name(),
        }
    }

    /// Whether its moment ends the board (a life lost, the level left): the
    /// scene stops there, with no turns after it.
    pub fn ends(self) -> bool {
        matches!(self, Topic::Mishap(_) | Topic::Thing(Thing::Exit))
    }
}

/// Every topic with a scene, in the demo's order: the controls first, then
/// the first three enemies, the power-ups, the charges, the board's things
/// and the other enemies, with a way to lose a life after every four (the
/// spec's order). Heart and Coin bag only change numbers, so they have none.
pub fn topics() -> Vec<Topic> {
    let mut rest: Vec<Topic> = KINDS[..3].iter().map(|&k| Topic::Enemy(k)).collect();
    rest.extend(POWERS.iter().filter(|p| !matches!(p, Power::Heart | Power::CoinBag)).map(|&p| Topic::Power(p)));
    rest.extend(super::items::CHARGES.iter().map(|&c| Topic::Charge(c)));
    rest.extend(THINGS.iter().map(|&t| Topic::Thing(t)));
    rest.extend(KINDS[3..].iter().map(|&k| Topic::Enemy(k)));
    let mut all: Vec<Topic> = CONTROLS.iter().map(|&c| Topic::Control(c)).collect();
    let mut mishaps = MISHAPS.iter().cycle();
    for (i, t) in rest.into_iter().enumerate() {
        all.push(t);
        if i % 4 == 3 {
            all.extend(mishaps.next().map(|&m| Topic::Mishap(m)));
        }
    }
    all
}

/// Every topic once, in the order of its first place in [`topics`].
pub fn distinct() -> Vec<Topic> {
    let mut out: Vec<Topic> = Vec::new();
    for t in topics() {
        if !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// The earliest turn a scene's moment may come (the board starts calm).
pub const FIRST_MOMENT: u32 = 3;
/// The latest.
pub const LAST_MOMENT: u32 = 6;
/// Turns played after the moment.
pub const TAIL: usize = 2;
/// Boards tried per search (a variant whose search runs out moves on).
pub const SEARCH_NODES: u32 = 40_000;
/// Variants tried before a scene gives up.
pub const VARIANTS: u64 = 12;

/// A scene found: the seed of the variant that worked, the actions, and the
/// turn (1-based) of its moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    /// Its subject.
    pub topic: Topic,
    /// The variant's seed (the replay's seed).
    pub seed: u64,
    /// The actions, moment and tail included.
    pub actions: Vec<Action>,
    /// The turn of the moment, 1-based.
    pub moment: u32,
}

impl Scene {
    /// The replay's setup.
    pub fn setup(&self) -> Setup {
        Setup { scene: Some(self.topic), ..Setup::default() }
    }
}

/// How a topic's board is drawn and dressed.
struct Plan {
    map: &'static [&'static str],
    /// The kinds `E` may be (the seed picks one).
    kinds: Vec<Kind>,
    /// Power-ups held, taken as from a gem (so stats grow).
    powers: Vec<Power>,
    /// First tries for the search, turn by turn.
    hint: Vec<Action>,
}

const OPEN: &[&str] = &["#########", "#@......#", "#.o.o.o.#", "#...x...#", "#.o.o.o.#", "#X.....E#", "#########"];
const FLAT: &[&str] = &["#########", "#@......#", "#.......#", "#...x...#", "#.......#", "#X.....E#", "#########"];
const POCKET: &[&str] = &["#########", "#.@.....#", "#xoEoxoX#", "#ooooooo#", "#########"];
const POCKET2: &[&str] = &["#########", "#.@.....#", "#xoo.ooX#", "#oooEooo#", "#########"];
const POCKET3: &[&str] = &["#########", "#.@.....#", "#.oo.ooX#", "#.oo.ooo#", "#xooEooo#", "#########"];
const LANE: &[&str] = &["#########", "#@.....E#", "#.ooooo.#", "#.....xX#", "#########"];
const CRATES: &[&str] = &["#########", "#@.xxx.E#", "#.ooooo.#", "#.....xX#", "#########"];
const PILLARS: &[&str] = &["#########", "#.......#", "#.o.o.o.#", "#...@...#", "#.o.o.o.#", "#X....E.#", "#########"];

const BUSHES: &[&str] = &["#########", "#@.\"\"...#", "#.o\"o.o.#", "#.......#", "#X.....E#", "#########"];
const BUSH_ROW: &[&str] = &["#########", "#@.\"\"\"\".#", "#.ooooo.#", "#.......#", "#X.....E#", "#########"];
const METAL: &[&str] = &["#########", "#@.m....#", "#.o.o.o.#", "#.......#", "#X.....E#", "#########"];
const OIL_ROW: &[&str] = &["#########", "#@.~~~..#", "#.o~o.o.#", "#.......#", "#X.....E#", "#########"];
const SPIKE_ROW: &[&str] = &["#########", "#@.^^...#", "#.o.o.o.#", "#.......#", "#X.....E#", "#########"];
const BARREL: &[&str] = &["#########", "#@.O....#", "#.o.o.o.#", "#.......#", "#.o.o.o.#", "#X.....E#", "#########"];
const COINS: &[&str] = &["#########", "#@..$...#", "#.o.o.o.#", "#.......#", "#X.....E#", "#########"];
const GEM: &[&str] = &["#########", "#@..G...#", "#.o.o.o.#", "#.......#", "#X.....E#", "#########"];
const EXIT: &[&str] = &["#########", "#@...Z..#", "#.o.o.o.#", "#.......#", "#########"];

use Action::{Bomb as B, Move as M, Wait as W};
use Dir::{Down as D, Left as L, Right as R, Up as U};

const CHASERS: &[Kind] = &[Kind::Hunter, Kind::Seeker];
const WANDERERS: &[Kind] = &[Kind::Blob, Kind::Drifter];

fn plan(topic: Topic) -> Plan {
    let p = |map, kinds: &[Kind], powers: &[Power], hint: &[Action]| Plan {
        map,
        kinds: kinds.to_vec(),
        powers: powers.to_vec(),
        hint: hint.to_vec(),
    };
    match topic {
        Topic::Enemy(k) => p(POCKET, &[k], &[], &[B(R), M(L), W]),
        Topic::Control(c) => match c {
            Control::Step => p(OPEN, WANDERERS, &[], &[M(R), M(R), M(D)]),
            Control::Bomb => p(POCKET, WANDERERS, &[], &[B(R), M(L), W]),
            Control::Wait => p(OPEN, CHASERS, &[], &[W, W, W]),
        },
        Topic::Thing(t) => match t {
            Thing::Bush => p(BUSHES, WANDERERS, &[], &[W, M(R), M(R)]),
            Thing::BushFire => p(BUSH_ROW, WANDERERS, &[], &[B(R), M(D), M(D)]),
            Thing::Metal => p(METAL, WANDERERS, &[], &[B(R), M(D), M(D)]),
            Thing::Oil => p(OIL_ROW, WANDERERS, &[], &[B(R), M(D), M(D)]),
            Thing::OilSlide => p(OIL_ROW, WANDERERS, &[], &[W, M(R), M(R)]),
            Thing::Spikes => p(SPIKE_ROW, WANDERERS, &[], &[W, M(R), M(R)]),
            Thing::Barrel => p(BARREL, WANDERERS, &[], &[B(R), M(D), M(D), M(D)]),
            Thing::Chain => p(OPEN, WANDERERS, &[Power::BombUp, Power::FuseUp], &[B(R), M(D), B(U), M(D)]),
            Thing::Drops => p(COINS, WANDERERS, &[], &[M(R), M(R), M(R)]),
            Thing::Gem => p(GEM, WANDERERS, &[], &[M(R), M(R), M(R)]),
            Thing::Exit => p(EXIT, WANDERERS, &[], &[M(R), M(R), M(R), M(R)]),
        },
        Topic::Mishap(m) => match m {
            Mishap::IntoBlast => p(POCKET, WANDERERS, &[], &[B(R), M(L), M(R)]),
            Mishap::NotFarEnough => p(OPEN, WANDERERS, &[], &[B(R), M(D), W]),
            Mishap::TouchEnemy => p(LANE, CHASERS, &[], &[M(R), M(R), M(R)]),
        },
        Topic::Power(pw) => match pw {
            Power::BombUp => p(OPEN, WANDERERS, &[Power::BombUp], &[B(D), M(R), B(R)]),
            Power::FireUp => p(POCKET2, WANDERERS, &[Power::FireUp], &[M(R), B(R), M(L), M(L)]),
            Power::Tnt => p(POCKET3, WANDERERS, &[Power::Tnt], &[M(R), B(R), M(L), M(L), M(D)]),
            Power::FuseUp => p(POCKET, WANDERERS, &[Power::FuseUp], &[B(R), M(L), W, W]),
            Power::Run => p(OPEN, WANDERERS, &[Power::Run], &[M(R), M(L), Action::Run(R)]),
            Power::Kick => p(LANE, WANDERERS, &[Power::Kick], &[W, B(R), Action::Kick(R)]),
            Power::Throw => p(CRATES, WANDERERS, &[Power::Throw], &[W, M(R), Action::Throw(R)]),
            Power::Diagonal => p(FLAT, WANDERERS, &[Power::Diagonal], &[M(R), M(D), Action::Diagonal(Diag::DownRight)]),
            Power::Slide => p(OPEN, WANDERERS, &[Power::Slide], &[M(D), M(U), Action::Slide(R)]),
            Power::Rpg => p(LANE, WANDERERS, &[Power::Rpg], &[W, W, Action::Rpg(R)]),
            Power::Detonator => p(LANE, WANDERERS, &[Power::Detonator], &[W, B(R), M(D)]),
            Power::Proximity => p(LANE, CHASERS, &[Power::Proximity], &[M(R), B(R), M(L), M(D)]),
            Power::CratePass => p(CRATES, WANDERERS, &[Power::CratePass], &[M(R), M(R), M(R)]),
            Power::BombPass => p(LANE, WANDERERS, &[Power::BombPass], &[W, B(R), M(R), M(R), M(R)]),
            Power::Star => p(POCKET, WANDERERS, &[Power::Star], &[B(R), W, W]),
            Power::Heart | Power::CoinBag => p(OPEN, WANDERERS, &[pw], &[]),
        },
        Topic::Charge(c) => {
            let use_r = Action::UseCharge(Aim::Dir(R));
            match c {
                Charge::Pierce => p(CRATES, WANDERERS, &[Power::FireUp, Power::FireUp], &[use_r, M(D), M(D)]),
                Charge::Power => p(LANE, WANDERERS, &[], &[use_r, M(D), M(D)]),
                Charge::Nuke => p(OPEN, WANDERERS, &[], &[W, use_r, M(D), M(D), M(D)]),
                Charge::Acid => p(PILLARS, WANDERERS, &[], &[W, Action::UseCharge(Aim::Dir(U)), M(D), M(D)]),
                Charge::Shield => p(POCKET, WANDERERS, &[], &[B(R), W, W]),
                Charge::Freeze => p(OPEN, CHASERS, &[], &[W, W, Action::UseCharge(Aim::Me)]),
                Charge::Decoy => p(OPEN, CHASERS, &[], &[W, W]),
                Charge::Icbm => p(LANE, WANDERERS, &[], &[W, W, use_r]),
                Charge::FlamePass => p(POCKET, WANDERERS, &[], &[B(R), W, W]),
                Charge::Teleport => p(PILLARS, WANDERERS, &[], &[W, W]),
            }
        }
    }
}

/// Whether the variant of `seed` is drawn mirrored (left for right).
fn mirrored(seed: u64) -> bool {
    seed & 1 == 1
}

fn flip(d: Dir) -> Dir {
    match d {
        Dir::Left => Dir::Right,
        Dir::Right => Dir::Left,
        d => d,
    }
}

fn flip_action(a: Action, w: i32) -> Action {
    let g = |g: Diag| match g {
        Diag::UpLeft => Diag::UpRight,
        Diag::UpRight => Diag::UpLeft,
        Diag::DownLeft => Diag::DownRight,
        Diag::DownRight => Diag::DownLeft,
    };
    match a {
        Action::Move(d) => Action::Move(flip(d)),
        Action::Bomb(d) => Action::Bomb(flip(d)),
        Action::Run(d) => Action::Run(flip(d)),
        Action::Slide(d) => Action::Slide(flip(d)),
        Action::Kick(d) => Action::Kick(flip(d)),
        Action::Throw(d) => Action::Throw(flip(d)),
        Action::Rpg(d) => Action::Rpg(flip(d)),
        Action::Diagonal(d) => Action::Diagonal(g(d)),
        Action::Detonate(p) => Action::Detonate(Pos { x: w - 1 - p.x, y: p.y }),
        Action::UseCharge(Aim::Dir(d)) => Action::UseCharge(Aim::Dir(flip(d))),
        Action::UseCharge(Aim::At(p)) => Action::UseCharge(Aim::At(Pos { x: w - 1 - p.x, y: p.y })),
        a => a,
    }
}

/// Dresses a fresh run's state as the scene's board (called by
/// [`Explodo::start`] when the setup names a topic).
pub(super) fn dress(s: &mut State, topic: Topic) {
    let plan = plan(topic);
    let h = plan.map.len() as i32;
    let w = plan.map[0].len() as i32;
    let flip = mirrored(s.seed);
    let kind = plan.kinds[(s.seed >> 1) as usize % plan.kinds.len()];
    let mut layout = Layout {
        w,
        h,
        tiles: vec![Tile::Floor; (w * h) as usize],
        start: Pos { x: 1, y: 1 },
        exit: Pos { x: 1, y: 1 },
        gem: Pos { x: 1, y: 1 },
        marks: vec![0; (w * h) as usize],
    };
    let mut enemies = Vec::new();
    let mut gem = false;
    let (mut gem_open, mut exit_open, mut drops) = (false, false, Vec::new());
    for (y, row) in plan.map.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let x = if flip { w - 1 - x as i32 } else { x as i32 };
            let p = Pos { x, y: y as i32 };
            let tile = match ch {
                '#' => Tile::Wall,
                'o' => Tile::Pillar,
                'x' | 'X' | 'g' => Tile::Crate,
                'm' => Tile::Metal,
                'O' => Tile::Barrel,
                _ => Tile::Floor,
            };
            layout.set(p, tile);
            match ch {
                '"' => layout.mark(p, BUSH, true),
                '~' => layout.mark(p, OIL, true),
                '^' => layout.mark(p, SPIKES, true),
                '@' => layout.start = p,
                '$' => drops.push(p),
                'G' => {
                    layout.gem = p;
                    gem = true;
                    gem_open = true;
                }
                'Z' => {
                    layout.exit = p;
                    exit_open = true;
                }
                'X' => layout.exit = p,
                'g' => {
                    layout.gem = p;
                    gem = true;
                }
                'E' => enemies.push((p, kind)),
                '1'..='7' => enemies.push((p, KINDS[ch as usize - '1' as usize])),
                _ => {}
            }
        }
    }
    s.layout = layout;
    s.gem_revealed = gem_open;
    s.exit_revealed = exit_open;
    s.exit_open = exit_open;
    s.drops = drops.into_iter().map(|p| super::Drop { pos: p, coins: 2, charge: None }).collect();
    s.player = s.layout.start;
    s.last_seen = s.player;
    s.gem_taken = !gem;
    s.par = 99;
    s.enemies = enemies
        .into_iter()
        .enumerate()
        .map(|(i, (p, k))| Enemy::new(i as u32 + 1, k, p, if flip { Dir::Right } else { Dir::Left }))
        .collect();
    let mut quiet = Vec::new();
    for &p in &plan.powers {
        s.take(Offer::Power(p), &mut quiet);
    }
    s.explained = u32::MAX;
    if let Topic::Charge(c) = topic {
        s.charge = Some((c, c.uses()));
    }
    s.replan();
}

/// Whether this turn (the state before, the action, its events and the
/// state after) is the topic's moment.
pub fn moment(topic: Topic, before: &State, action: &Action, events: &[Event], after: &State) -> bool {
    let killed = events.iter().any(|e| matches!(e, Event::EnemyDied(..)));
    // The farthest tile a blast this turn reached from its bomb.
    let reach = events
        .iter()
        .filter_map(|e| match e {
            Event::Exploded(at, tiles) => tiles.iter().map(|t| t.dist(*at)).max(),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let exploded_kind = |kind: BombKind| {
        events
            .iter()
            .any(|e| matches!(e, Event::Exploded(at, _) if before.bombs.iter().any(|b| b.pos == *at && b.kind == kind)))
    };
    let absorbed = |by: &str| events.iter().any(|e| matches!(e, Event::Absorbed(b) if b == by));
    let moved = before.player.dist(after.player);
    let lost = |how: &str| events.iter().any(|e| matches!(e, Event::LifeLost(t) if t.contains(how)));
    match topic {
        Topic::Enemy(k) => events.iter().any(|e| matches!(e, Event::EnemyDied(_, kind) if *kind == k)),
        Topic::Control(c) => match c {
            Control::Step => matches!(action, Action::Move(_)) && after.player.dist(after.layout.start) >= 3,
            Control::Bomb => killed,
            Control::Wait => {
                matches!(action, Action::Wait) && events.iter().any(|e| matches!(e, Event::EnemyMoved(..)))
            }
        },
        Topic::Thing(t) => match t {
            Thing::Bush => matches!(action, Action::Move(_)) && after.layout.has(after.player, BUSH),
            Thing::BushFire => events.iter().any(|e| matches!(e, Event::BushBurnt(_))),
            Thing::Metal => events.iter().any(|e| {
                matches!(e, Event::Exploded(at, _) if DIRS.iter().any(|&d| before.layout.tile(at.step(d)) == Tile::Metal))
            }),
            Thing::Oil => events.iter().any(|e| matches!(e, Event::OilBurnt(_))),
            Thing::OilSlide => matches!(action, Action::Move(_)) && moved >= 2,
            Thing::Spikes => matches!(action, Action::Move(_)) && after.layout.has(after.player, SPIKES),
            Thing::Barrel => events.iter().any(|e| matches!(e, Event::BarrelBurst(_))),
            Thing::Chain => events.iter().any(|e| matches!(e, Event::Chain(_))),
            Thing::Drops => events.iter().any(|e| matches!(e, Event::DropPicked(..))),
            Thing::Gem => events.iter().any(|e| matches!(e, Event::GemTaken(_))),
            Thing::Exit => events.iter().any(|e| matches!(e, Event::LevelCleared { .. })),
        },
        Topic::Mishap(m) => match m {
            Mishap::IntoBlast => matches!(action, Action::Move(_)) && lost("blast"),
            Mishap::NotFarEnough => matches!(action, Action::Wait) && lost("blast"),
            Mishap::TouchEnemy => lost("walked into"),
        },
        Topic::Power(p) => {
            match p {
                Power::BombUp => after.bombs.len() >= 2,
                Power::FireUp => killed && reach >= 2,
                Power::Tnt => killed && reach >= 3,
                Power::FuseUp => killed,
                Power::Run => matches!(action, Action::Run(_)),
                Power::Kick => events.iter().any(|e| matches!(e, Event::Kicked(..))),
                Power::Throw => matches!(action, Action::Throw(_)),
                Power::Diagonal => matches!(action, Action::Diagonal(_)),
                Power::Slide => matches!(action, Action::Slide(_)) && moved >= 3,
                Power::Rpg => matches!(action, Action::Rpg(_)),
                Power::Detonator => matches!(action, Action::Detonate(_)),
                Power::Proximity => events.iter().any(
                    |e| matches!(e, Event::Exploded(at, _) if before.bombs.iter().any(|b| b.pos == *at && b.fuse > 1)),
                ) && !matches!(action, Action::Detonate(_)),
                Power::CratePass => after.layout.tile(after.player) == Tile::Crate,
                Power::BombPass => after.bombs.iter().any(|b| b.pos == after.player),
                Power::Star => absorbed("Star"),
                Power::Heart | Power::CoinBag => false,
            }
        }
        Topic::Charge(c) => match c {
            Charge::Pierce => exploded_kind(BombKind::Pierce),
            Charge::Power => exploded_kind(BombKind::Power),
            Charge::Nuke => exploded_kind(BombKind::Nuke),
            Charge::Acid => events.iter().any(|e| matches!(e, Event::PillarCracked(_))),
            Charge::Shield => absorbed("Shield"),
            Charge::Freeze => events.iter().any(|e| matches!(e, Event::Frozen)),
            Charge::Decoy => events.iter().any(|e| matches!(e, Event::DecoyPlaced(_))),
            Charge::Icbm => {
                matches!(action, Action::UseCharge(_))
                    && before.carrying() == Some(Charge::Icbm)
                    && events.iter().any(|e| matches!(e, Event::Exploded(..)))
            }
            Charge::FlamePass => absorbed("Flame Pass"),
            Charge::Teleport => {
                matches!(action, Action::UseCharge(Aim::At(_))) && before.carrying() == Some(Charge::Teleport)
            }
        },
    }
}

/// The actions worth trying on `s`: the hint first, then what the topic's
/// powers and charge do, then bombs, steps and waiting.
fn candidates(s: &State, hint: Option<Action>) -> Vec<Action> {
    let mut all = Vec::new();
    all.extend(hint);
    if let Some(c) = s.carrying() {
        match c {
            Charge::Freeze => all.push(Action::UseCharge(Aim::Me)),
            Charge::Decoy | Charge::Teleport => {
                for p in s.layout.positions() {
                    if (1..=3).contains(&p.dist(s.player)) && s.floor_free(p) {
                        all.push(Action::UseCharge(Aim::At(p)));
                    }
                }
            }
            Charge::Shield | Charge::FlamePass => {}
            _ => all.extend(DIRS.map(|d| Action::UseCharge(Aim::Dir(d)))),
        }
    }
    type Make = fn(Dir) -> Action;
    let abilities: [(Power, Make); 6] = [
        (Power::Run, Action::Run),
        (Power::Kick, Action::Kick),
        (Power::Throw, Action::Throw),
        (Power::Slide, Action::Slide),
        (Power::Rpg, Action::Rpg),
        (Power::Diagonal, |d| {
            Action::Diagonal(match d {
                Dir::Up => Diag::UpLeft,
                Dir::Down => Diag::DownRight,
                Dir::Left => Diag::DownLeft,
                Dir::Right => Diag::UpRight,
            })
        }),
    ];
    for (p, make) in abilities {
        if s.has(p) {
            all.extend(DIRS.map(make));
        }
    }
    if s.has(Power::Detonator) {
        all.extend(s.bombs.iter().filter(|b| b.yours()).map(|b| Action::Detonate(b.pos)));
    }
    all.extend(DIRS.map(Action::Bomb));
    all.extend(DIRS.map(Action::Move));
    all.push(Action::Wait);
    all
}

fn hurt(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e, Event::LifeLost(_) | Event::RunOver(_) | Event::LevelCleared { .. }))
}

struct Search {
    topic: Topic,
    hint: Vec<Action>,
    path: Vec<Action>,
    nodes: u32,
}

impl Search {
    /// Depth-first, hint first; the moment counts from `FIRST_MOMENT`.
    fn dfs(&mut self, s: &State) -> Option<u32> {
        let depth = self.path.len();
        if depth as u32 >= LAST_MOMENT {
            return None;
        }
        for a in candidates(s, self.hint.get(depth).copied()) {
            if self.nodes == 0 {
                return None;
            }
            self.nodes -= 1;
            let mut next = s.clone();
            let Ok(events) = Explodo::apply(&mut next, &a) else { continue };
            let turn = depth as u32 + 1;
            if moment(self.topic, s, &a, &events, &next) {
                // A life lost or the level left counts only as the moment of
                // a scene about it.
                if turn >= FIRST_MOMENT && (!hurt(&events) || self.topic.ends()) {
                    self.path.push(a);
                    return Some(turn);
                }
                continue;
            }
            if hurt(&events) {
                continue;
            }
            self.path.push(a);
            if let Some(t) = self.dfs(&next) {
                return Some(t);
            }
            self.path.pop();
        }
        None
    }
}

/// Finds the scene of `topic` for `seed`: variants from the seed on until
/// one's search reaches the moment, or an error after [`VARIANTS`].
pub fn make(topic: Topic, seed: u64) -> Result<Scene, String> {
    let setup = Setup { scene: Some(topic), ..Setup::default() };
    let mut seeds = Rng::stream(seed, "explodo.scene.variants");
    let mut variant = seed;
    for _ in 0..VARIANTS {
        let start = Explodo::start(&setup, variant).map_err(|e| e.0)?;
        let w = start.layout.w;
        let hint = plan(topic).hint.iter().map(|&a| if mirrored(variant) { flip_action(a, w) } else { a }).collect();
        let mut search = Search { topic, hint, path: Vec::new(), nodes: SEARCH_NODES };
        if let Some(moment) = search.dfs(&start) {
            let mut actions = search.path;
            // A turn or two after the moment: the first safe action, waiting
            // first (none when the moment ends the board).
            let mut s = start.clone();
            for a in &actions {
                Explodo::apply(&mut s, a).map_err(|e| e.0)?;
            }
            let tail = if topic.ends() { 0 } else { TAIL };
            for _ in 0..tail {
                let mut options = vec![Action::Wait];
                options.extend(candidates(&s, None));
                let next = options.into_iter().find_map(|a| {
                    let mut t = s.clone();
                    Explodo::apply(&mut t, &a).ok().filter(|ev| !hurt(ev)).map(|_| (a, t))
                });
                let Some((a, t)) = next else { break };
                actions.push(a);
                s = t;
            }
            return Ok(Scene { topic, seed: variant, actions, moment });
        }
        variant = seeds.next_u64();
    }
    Err(format!("no {} scene found in {VARIANTS} variants of seed {seed}", topic.name()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every topic makes a scene for many seeds, and replaying it from its
    /// setup shows the moment on the turn it names, with no life lost.
    #[test]
    fn every_scene_reaches_its_moment_in_3_to_6_turns() {
        let mut failed = Vec::new();
        for topic in distinct() {
            for seed in 0..12 {
                let scene = match make(topic, seed) {
                    Ok(s) => s,
                    Err(e) => {
                        failed.push(e);
                        continue;
                    }
                };
                let mut s = Explodo::start(&scene.setup(), scene.seed).unwrap();
                let mut at = None;
                for (i, a) in scene.actions.iter().enumerate() {
                    let before = s.clone();
                    let ev = Explodo::apply(&mut s, a).unwrap();
                    if at.is_none() && moment(topic, &before, a, &ev, &s) {
                        at = Some(i as u32 + 1);
                    }
                    let last = i + 1 == scene.actions.len();
                    assert!(!hurt(&ev) || (topic.ends() && last), "{topic:?} seed {seed}: no life lost before the end");
                }
                assert_eq!(at, Some(scene.moment), "{topic:?} seed {seed}");
                assert!((FIRST_MOMENT..=LAST_MOMENT).contains(&scene.moment));
            }
        }
        assert!(failed.is_empty(), "{} failed:\n{}", failed.len(), failed.join("\n"));
    }

    #[test]
    fn a_mirrored_variant_is_the_board_flipped() {
        let topic = Topic::Power(Power::Kick);
        let a = Explodo::start(&Setup { scene: Some(topic), ..Setup::default() }, 2).unwrap();
        let b = Explodo::start(&Setup { scene: Some(topic), ..Setup::default() }, 3).unwrap();
        let w = a.layout.w;
        assert_eq!(a.player.x, w - 1 - b.player.x);
        for p in a.layout.positions() {
            assert_eq!(a.layout.tile(p), b.layout.tile(Pos { x: w - 1 - p.x, y: p.y }));
        }
    }
}
