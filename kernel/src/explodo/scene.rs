//! Scenes: the actions that bring a topic's moment 3 to 6 turns in on its
//! small calm board ([`super::dress`]). The demo, the almanac's clips and
//! the dialogs' clips play them. Each is a replay: the setup names the topic
//! ([`Setup::scene`]), the seed picks the variant (mirrored or not, which
//! enemy), and the actions are found by a bounded search on copies of the
//! board with the real rules, so a scene shows only what the game does.
//! This is a tool: it plays the game through its face, and no rule uses it.

use super::board::{Diag, Dir, Tile, BUSH, DIRS, SPIKES};
use super::dress::{flip_action, mirrored, plan};
use super::items::{Charge, Power};
use super::setup::Setup;
pub use super::topics::{distinct, topics, Control, Mishap, Thing, Topic, CONTROLS, MISHAPS, THINGS};
use super::types::{Action, Aim, BombKind, Dialog, Event};
use super::{Explodo, State};
use crate::game::Game;
use crate::rng::Rng;

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
        events.iter().any(
            |e| matches!(e, Event::Exploded(at, _) if before.bombs.list.iter().any(|b| b.pos == *at && b.kind == kind)),
        )
    };
    let absorbed = |by: &str| events.iter().any(|e| matches!(e, Event::Absorbed(b) if b == by));
    let moved = before.player.at.dist(after.player.at);
    match topic {
        Topic::Enemy(k) => events.iter().any(|e| matches!(e, Event::EnemyDied(_, kind) if *kind == k)),
        Topic::Control(c) => match c {
            Control::Step => matches!(action, Action::Move(_)) && after.player.at.dist(after.board.layout.start) >= 3,
            Control::Bomb => killed,
            Control::Wait | Control::Ask | Control::Menu => {
                matches!(action, Action::Wait) && events.iter().any(|e| matches!(e, Event::EnemyMoved(..)))
            }
            Control::Hold => matches!(before.bombs.list.as_slice(), [_]) && killed,
            Control::AutoMove | Control::Cursor => {
                matches!(action, Action::Move(_)) && after.player.at.dist(after.board.layout.start) >= 4
            }
            // Six calm turns: time for the tour round the bar.
            Control::TopBar | Control::Look => {
                matches!(action, Action::Wait) && after.run.turn >= 6 && after.bombs.list.is_empty()
            }
        },
        Topic::Thing(t) => thing_moment(t, before, action, events, after),
        Topic::Mishap(m) => mishap_moment(m, before, action, events),
        Topic::Power(p) => match p {
            Power::BombUp => after.bombs.list.len() >= 2,
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
                |e| matches!(e, Event::Exploded(at, _) if before.bombs.list.iter().any(|b| b.pos == *at && b.fuse > 1)),
            ) && !matches!(action, Action::Detonate(_)),
            Power::CratePass => after.board.layout.tile(after.player.at) == Tile::Crate,
            Power::BombPass => after.bombs.list.iter().any(|b| b.pos == after.player.at),
            Power::Star => absorbed("Star"),
            Power::Heart | Power::CoinBag => false,
        },
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

/// The moment of a board thing's scene.
fn thing_moment(t: Thing, before: &State, action: &Action, events: &[Event], after: &State) -> bool {
    let moved = before.player.at.dist(after.player.at);
    match t {
        Thing::Bush => matches!(action, Action::Move(_)) && after.board.layout.has(after.player.at, BUSH),
        Thing::BushFire => events.iter().any(|e| matches!(e, Event::BushBurnt(_))),
        Thing::Metal => events.iter().any(|e| {
            matches!(e, Event::Exploded(at, _) if DIRS.iter().any(|&d| before.board.layout.tile(at.step(d)) == Tile::Metal))
        }),
        Thing::Oil => events.iter().any(|e| matches!(e, Event::OilBurnt(_))),
        Thing::OilSlide => matches!(action, Action::Move(_)) && moved >= 2,
        Thing::Spikes => matches!(action, Action::Move(_)) && after.board.layout.has(after.player.at, SPIKES),
        Thing::Barrel => events.iter().any(|e| matches!(e, Event::BarrelBurst(_))),
        Thing::Chain => events.iter().any(|e| matches!(e, Event::Chain(_))),
        Thing::Drops => events.iter().any(|e| matches!(e, Event::DropPicked(..))),
        Thing::Gem => events.iter().any(|e| matches!(e, Event::GemTaken(_))),
        Thing::Exit => events.iter().any(|e| matches!(e, Event::LevelCleared { .. })),
        Thing::Purse => events.iter().any(|e| matches!(e, Event::DropPicked(_, 5))),
        Thing::Arrows => events.iter().any(|e| match e {
            // It walked into the cross: where it stood was not blasted.
            Event::EnemyDied(id, _) => before.enemies.list.iter().any(|en| {
                en.id == *id && !events.iter().any(|x| matches!(x, Event::Exploded(_, tiles) if tiles.contains(&en.pos)))
            }),
            _ => false,
        }),
        Thing::Escape => events.iter().any(|e| {
            matches!(e, Event::Exploded(_, tiles) if tiles.iter().any(|t| t.dist(after.player.at) == 1))
        }),
        // The turn after a blast, its flame still burning, with no new one.
        Thing::Lingering => {
            !events.iter().any(|e| matches!(e, Event::Exploded(..))) && !before.bombs.flames.is_empty()
        }
        Thing::Swap => matches!(action, Action::TakeCharge),
        Thing::BlastedExit => events.iter().any(|e| matches!(e, Event::Released(..))),
    }
}

/// The moment of a way to lose a life.
fn mishap_moment(m: Mishap, before: &State, action: &Action, events: &[Event]) -> bool {
    let lost = |how: &str| events.iter().any(|e| matches!(e, Event::LifeLost(t) if t.contains(how)));
    match m {
        Mishap::IntoBlast => matches!(action, Action::Move(_)) && lost("blast"),
        Mishap::NotFarEnough => matches!(action, Action::Wait) && lost("blast"),
        Mishap::TouchEnemy => lost("walked into"),
        Mishap::BlockedIn => {
            (lost("blast") || lost("boxed in"))
                && DIRS.iter().all(|&d| !before.floor_free(before.player.at.step(d)))
                && !before.bombs.list.is_empty()
        }
        Mishap::ChainBlast => lost("blast") && events.iter().any(|e| matches!(e, Event::Chain(_))),
        Mishap::Detonated => matches!(action, Action::Detonate(_)) && lost("blast"),
        Mishap::RunInto => matches!(action, Action::Run(_)) && (lost("walked into") || lost("crashed into")),
    }
}

/// The actions worth trying on `s`: the hint first, then what the topic's
/// powers and charge do, then bombs, steps and waiting.
fn candidates(s: &State, hint: Option<Action>) -> Vec<Action> {
    let mut all = Vec::new();
    all.extend(hint);
    // A swap's dialog takes the new charge (or keeps the old) before anything else.
    if matches!(s.run.dialogs.first(), Some(Dialog::Swap { .. })) {
        all.extend([Action::TakeCharge, Action::KeepCharge]);
    }
    if let Some(c) = s.carrying() {
        match c {
            Charge::Freeze => all.push(Action::UseCharge(Aim::Me)),
            Charge::Decoy | Charge::Teleport => {
                for p in s.board.layout.positions() {
                    if (1..=3).contains(&p.dist(s.player.at)) && s.floor_free(p) {
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
        all.extend(s.bombs.list.iter().filter(|b| b.yours()).map(|b| Action::Detonate(b.pos)));
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
        let start = Explodo::start(&setup, variant).map_err(|e| e.0.to_string())?;
        let w = start.board.layout.w;
        let hint = plan(topic).hint.iter().map(|&a| if mirrored(variant) { flip_action(a, w) } else { a }).collect();
        let mut search = Search { topic, hint, path: Vec::new(), nodes: SEARCH_NODES };
        if let Some(moment) = search.dfs(&start) {
            let mut actions = search.path;
            // A turn or two after the moment: the first safe action, waiting
            // first (none when the moment ends the board).
            let mut s = start.clone();
            for a in &actions {
                Explodo::apply(&mut s, a).map_err(|e| e.0.to_string())?;
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
    use super::super::board::Pos;
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
        let w = a.board.layout.w;
        assert_eq!(a.player.at.x, w - 1 - b.player.at.x);
        for p in a.board.layout.positions() {
            assert_eq!(a.board.layout.tile(p), b.board.layout.tile(Pos { x: w - 1 - p.x, y: p.y }));
        }
    }
}
