//! A scene's board: the small calm board drawn for a topic and dressed on a
//! fresh run's state when the setup names a topic (part of
//! [`Game::start`](crate::game::Game::start), so part of the rules). A board
//! is drawn in text, one character a tile: `#` wall, `o` pillar, `x` crate,
//! `X` a crate over the exit, `g` a crate over the gem, `m` metal crate, `O`
//! oil barrel, `r` rubble, `k` a cracked pillar, `"` bush, `~` oil, `^`
//! spikes, `.` floor, `@` you, `E` the scene's enemy, `1` to `7` an enemy of that kind ([`KINDS`]), `$` coins
//! lying about (two: silver), `c` a bronze coin, `*` a gold one (five), `n`
//! a Nuke lying about, `G` the gem uncovered, `Z` the exit open, `U` the
//! exit uncovered but shut.

use super::board::{Diag, Dir, Layout, Pos, Tile, BUSH, OIL, SPIKES};
use super::items::{Charge, Offer, Power};
use super::state::State;
use super::topics::{Control, Mishap, Thing, Topic};
use super::types::{Action, Aim, Drop, Enemy, Kind, KINDS};

/// How a topic's board is drawn and dressed.
pub(super) struct Plan {
    map: &'static [&'static str],
    /// The kinds `E` may be (the seed picks one).
    kinds: Vec<Kind>,
    /// Power-ups held, taken as from a gem (so stats grow).
    powers: Vec<Power>,
    /// First tries for the search, turn by turn.
    pub(super) hint: Vec<Action>,
    /// A charge carried from the start, with its full uses.
    carry: Option<Charge>,
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
const PURSE: &[&str] = &["#########", "#@c.$.*.#", "#.o.o.o.#", "#.......#", "#X.....E#", "#########"];
const SWAP: &[&str] = &["#########", "#@..n...#", "#.o.o.o.#", "#.......#", "#X.....E#", "#########"];
const SHUT_EXIT: &[&str] = &["#########", "#@..U...#", "#.o.o.o.#", "#.......#", "#......E#", "#########"];
const CORRIDOR: &[&str] = &["#########", "#oooooo.#", "#@.....E#", "#oooooo.#", "#X......#", "#########"];
const DEAD_END: &[&str] = &["#########", "#ooooooo#", "#o@....E#", "#ooooo.o#", "#X......#", "#########"];

use Action::{Bomb as B, Move as M, Wait as W};
use Dir::{Down as D, Left as L, Right as R, Up as U};

const CHASERS: &[Kind] = &[Kind::Hunter, Kind::Seeker];
const WANDERERS: &[Kind] = &[Kind::Blob, Kind::Drifter];

pub(super) fn plan(topic: Topic) -> Plan {
    let p = |map, kinds: &[Kind], powers: &[Power], hint: &[Action]| Plan {
        map,
        kinds: kinds.to_vec(),
        powers: powers.to_vec(),
        hint: hint.to_vec(),
        carry: None,
    };
    match topic {
        Topic::Enemy(k) => p(POCKET, &[k], &[], &[B(R), M(L), W]),
        Topic::Control(c) => match c {
            Control::Step => p(OPEN, WANDERERS, &[], &[M(R), M(R), M(D)]),
            Control::Bomb => p(POCKET, WANDERERS, &[], &[B(R), M(L), W]),
            Control::Wait => p(OPEN, CHASERS, &[], &[W, W, W]),
            Control::Hold => p(LANE, WANDERERS, &[], &[W, B(R), M(L), M(D)]),
            Control::AutoMove => p(FLAT, WANDERERS, &[], &[M(R), M(R), M(R), M(R)]),
            Control::TopBar => p(PILLARS, WANDERERS, &[], &[W, W, W, W, W, W]),
            Control::Ask => p(OPEN, CHASERS, &[], &[W, W, W]),
            Control::Cursor => p(FLAT, WANDERERS, &[], &[M(R), M(R), M(R), M(R)]),
            Control::Look => p(PILLARS, WANDERERS, &[], &[W, W, W, W, W, W]),
            Control::Menu => p(OPEN, CHASERS, &[], &[W, W, W]),
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
            Thing::Purse => p(PURSE, WANDERERS, &[], &[M(R), M(R), M(R), M(R), M(R)]),
            Thing::Arrows => p(CORRIDOR, CHASERS, &[], &[M(R), B(R), M(L), M(L)]),
            Thing::Escape => p(OPEN, WANDERERS, &[], &[B(R), M(D), W]),
            Thing::Lingering => p(POCKET, WANDERERS, &[], &[B(R), M(L), W, W]),
            Thing::Swap => Plan { carry: Some(Charge::Pierce), ..p(SWAP, WANDERERS, &[], &[M(R), M(R), M(R)]) },
            Thing::BlastedExit => p(SHUT_EXIT, WANDERERS, &[], &[M(R), B(R), M(L), M(D), W]),
        },
        Topic::Mishap(m) => match m {
            Mishap::IntoBlast => p(POCKET, WANDERERS, &[], &[B(R), M(L), M(R)]),
            Mishap::NotFarEnough => p(OPEN, WANDERERS, &[], &[B(R), M(D), W]),
            Mishap::TouchEnemy => p(LANE, CHASERS, &[], &[M(R), M(R), M(R)]),
            Mishap::BlockedIn => p(DEAD_END, WANDERERS, &[], &[W, B(R), W, W]),
            Mishap::ChainBlast => p(OPEN, WANDERERS, &[Power::BombUp], &[B(R), M(D), B(D), M(L), W]),
            Mishap::Detonated => {
                p(LANE, WANDERERS, &[Power::Detonator], &[W, B(R), Action::Detonate(Pos { x: 2, y: 1 })])
            }
            Mishap::RunInto => p(LANE, CHASERS, &[Power::Run], &[W, W, Action::Run(R)]),
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
            // A charge's own scene carries it.
            let plan = match c {
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
            };
            Plan { carry: Some(c), ..plan }
        }
    }
}

/// Whether the variant of `seed` is drawn mirrored (left for right).
pub(super) fn mirrored(seed: u64) -> bool {
    seed & 1 == 1
}

fn flip(d: Dir) -> Dir {
    match d {
        Dir::Left => Dir::Right,
        Dir::Right => Dir::Left,
        d => d,
    }
}

pub(super) fn flip_action(a: Action, w: i32) -> Action {
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

/// Lays a board drawn in the notation above on `s` (mirrored left to right
/// when `flip`; `E` an enemy of `kind`): its tiles, marks, drops, exit,
/// gem, start (you on it) and enemies, par 99. What is not drawn (your
/// power-ups, bombs, the run) is left as it was. Scenes and the rules'
/// tests (`check`) draw their boards with it.
pub(crate) fn lay(s: &mut State, map: &[&str], flip: bool, kind: Kind) {
    let h = map.len() as i32;
    let w = map[0].len() as i32;
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
    let (mut gem_open, mut exit_open, mut exit_seen, mut drops) = (false, false, false, Vec::new());
    for (y, row) in map.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let x = if flip { w - 1 - x as i32 } else { x as i32 };
            let p = Pos { x, y: y as i32 };
            let tile = match ch {
                '#' => Tile::Wall,
                'o' => Tile::Pillar,
                'x' | 'X' | 'g' => Tile::Crate,
                'm' => Tile::Metal,
                'O' => Tile::Barrel,
                'r' => Tile::Rubble,
                'k' => Tile::Cracked,
                _ => Tile::Floor,
            };
            layout.set(p, tile);
            match ch {
                '"' => layout.mark(p, BUSH, true),
                '~' => layout.mark(p, OIL, true),
                '^' => layout.mark(p, SPIKES, true),
                '@' => layout.start = p,
                'c' => drops.push(Drop { pos: p, coins: 1, charge: None }),
                '$' => drops.push(Drop { pos: p, coins: 2, charge: None }),
                '*' => drops.push(Drop { pos: p, coins: 5, charge: None }),
                'n' => drops.push(Drop { pos: p, coins: 0, charge: Some((Charge::Nuke, Charge::Nuke.uses())) }),
                'G' => {
                    layout.gem = p;
                    gem = true;
                    gem_open = true;
                }
                'Z' => {
                    layout.exit = p;
                    exit_open = true;
                }
                'U' => {
                    layout.exit = p;
                    exit_seen = true;
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
    s.board.layout = layout;
    s.board.gem_revealed = gem_open;
    s.board.exit_revealed = exit_open || exit_seen;
    s.board.exit_open = exit_open;
    s.board.drops = drops;
    s.player.at = s.board.layout.start;
    s.enemies.last_seen = s.player.at;
    s.board.gem_taken = !gem;
    s.run.par = 99;
    s.enemies.list = enemies
        .into_iter()
        .enumerate()
        .map(|(i, (p, k))| Enemy::new(i as u32 + 1, k, p, if flip { Dir::Right } else { Dir::Left }))
        .collect();
}

/// Dresses a fresh run's state as the scene's board (called by
/// [`Explodo::start`] when the setup names a topic).
pub fn dress(s: &mut State, topic: Topic) {
    let plan = plan(topic);
    let kind = plan.kinds[(s.run.seed >> 1) as usize % plan.kinds.len()];
    lay(s, plan.map, mirrored(s.run.seed), kind);
    let mut quiet = Vec::new();
    for &p in &plan.powers {
        s.take(Offer::Power(p), &mut quiet);
    }
    s.run.explained = u32::MAX;
    if let Some(c) = plan.carry {
        s.player.charge = Some((c, c.uses()));
    }
    s.replan();
}
