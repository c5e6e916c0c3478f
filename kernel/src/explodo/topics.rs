//! The scenes' topics: what a demo scene is about (a replay's setup names
//! one), and their order in the demo. Enums here are in replay headers:
//! append-only.

use super::items::{Charge, Power, CHARGES, POWERS};
use super::types::{Kind, KINDS};
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
    /// A bomb by pressing and holding the tile next to you.
    Hold,
    /// Auto-move: a far tile picked, then Go walks you there.
    AutoMove,
    /// A tour of the top bar while the board stays calm.
    TopBar,
    /// "What is that?": an enemy asked about while it walks.
    Ask,
    /// Auto-move by the keys' or the pad's cursor: a far tile, then Go.
    Cursor,
    /// Looking around: the view zoomed in and slid, then back to you.
    Look,
    /// The run menu opened over the board, and closed.
    Menu,
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
    /// Coins of each kind picked up: bronze, silver, gold.
    Purse,
    /// An enemy walking into a bomb put where its arrows pointed.
    Arrows,
    /// A blast going off right beside you, out of its cross.
    Escape,
    /// Flame burning on a turn after its blast.
    Lingering,
    /// Carrying one charge and picking up another: the swap.
    Swap,
    /// Flame on the uncovered exit letting enemies out.
    BlastedExit,
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
    /// Boxed in with your own bomb: nowhere left to go.
    BlockedIn,
    /// Out of one bomb's cross, caught by the one it set off.
    ChainBlast,
    /// Setting off a bomb with the Detonator while beside it.
    Detonated,
    /// Running into an enemy.
    RunInto,
}

/// Every control scene, in order.
pub const CONTROLS: [Control; 10] = [
    Control::Step,
    Control::Hold,
    Control::Bomb,
    Control::Wait,
    Control::AutoMove,
    Control::Cursor,
    Control::TopBar,
    Control::Ask,
    Control::Look,
    Control::Menu,
];
/// Every thing with a scene, in order (the coins of each kind show the
/// coins: [`Thing::Drops`] is kept for the replays that name it).
pub const THINGS: [Thing; 16] = [
    Thing::Arrows,
    Thing::Escape,
    Thing::Lingering,
    Thing::Bush,
    Thing::BushFire,
    Thing::Metal,
    Thing::Oil,
    Thing::OilSlide,
    Thing::Spikes,
    Thing::Barrel,
    Thing::Chain,
    Thing::Purse,
    Thing::Gem,
    Thing::Swap,
    Thing::Exit,
    Thing::BlastedExit,
];
/// Every mishap, in order.
pub const MISHAPS: [Mishap; 7] = [
    Mishap::IntoBlast,
    Mishap::NotFarEnough,
    Mishap::BlockedIn,
    Mishap::ChainBlast,
    Mishap::TouchEnemy,
    Mishap::Detonated,
    Mishap::RunInto,
];

impl Control {
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Control::Step => "Step",
            Control::Bomb => "Bomb",
            Control::Wait => "Wait",
            Control::Hold => "Hold to bomb",
            Control::AutoMove => "Auto-move",
            Control::TopBar => "The top bar",
            Control::Ask => "What is that?",
            Control::Cursor => "The cursor",
            Control::Look => "Looking around",
            Control::Menu => "The menu",
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
            Thing::Purse => "Bronze, silver, gold",
            Thing::Arrows => "Enemy arrows",
            Thing::Escape => "A narrow escape",
            Thing::Lingering => "Lingering flame",
            Thing::Swap => "Charge swap",
            Thing::BlastedExit => "Blasting the exit",
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
            Mishap::BlockedIn => "Blocked in",
            Mishap::ChainBlast => "Set off by another",
            Mishap::Detonated => "Detonator too close",
            Mishap::RunInto => "A run into an enemy",
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
    rest.extend(CHARGES.iter().map(|&c| Topic::Charge(c)));
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
