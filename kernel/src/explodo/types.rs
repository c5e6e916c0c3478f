//! The run's vocabulary: the setup, the player's actions and dialogs, the
//! enemies' kinds and planned steps, bombs, drops, deaths, the events the
//! app animates (the scenes' topics are in `topics.rs`). Enums here are
//! logged or hashed: append-only.

use super::board::{Diag, Dir, Pos};
use super::items::{Charge, Offer, Power};

use crate::say;
use crate::say::Say;
use serde::{Deserialize, Serialize};

/// The player's actions. Append-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Step one tile.
    Move(Dir),
    /// Put a bomb on the tile next to you in that direction.
    Bomb(Dir),
    /// Let the world take its turn.
    Wait,
    /// Run 2 tiles in a straight line (Run).
    Run(Dir),
    /// Slide in a straight line until blocked (Slide).
    Slide(Dir),
    /// Step diagonally (Diagonal).
    Diagonal(Diag),
    /// Kick the bomb next to you (Kick; Move into a bomb kicks too unless you hold Bomb Pass).
    Kick(Dir),
    /// Throw a bomb 2 tiles (Throw).
    Throw(Dir),
    /// Fire a bomb in a straight line (RPG).
    Rpg(Dir),
    /// Set off your bomb on this tile this turn (Detonator).
    Detonate(Pos),
    /// Use the carried charge.
    UseCharge(Aim),
    /// Take the gem's card with this index (a dialog decision; no turn).
    Choose(u8),
    /// Buy the shop item with this index (no turn).
    Buy(u8),
    /// Draw 4 new shop items (1 coin, then 2, 3…).
    Restock,
    /// Leave the shop.
    LeaveShop,
    /// Keep the carried charge and sell the new one.
    KeepCharge,
    /// Take the new charge and sell the carried one.
    TakeCharge,
    /// Use the carried Freeze now, then take the new charge.
    FreezeFirst,
}

/// Where a charge is aimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aim {
    /// No aim (Freeze).
    Me,
    /// A direction (a charge bomb next to you; an ICBM's flight).
    Dir(Dir),
    /// A tile (Decoy, Teleport).
    At(Pos),
}

/// An open dialog: the run waits for its decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// The gem's cards (the rainbow gem offers everything).
    Gem {
        /// The cards, in order.
        cards: Vec<Offer>,
        /// The Developer mode's rainbow gem.
        rainbow: bool,
    },
    /// The shop between levels.
    Shop {
        /// Its shelf; a bought item leaves a gap.
        items: Vec<Option<Offer>>,
        /// Restocks so far (the next costs one more).
        restocks: u32,
    },
    /// A charge of another kind than the one carried.
    Swap {
        /// The new kind.
        new: Charge,
        /// Its uses.
        uses: u32,
    },
}

/// Enemy types, in order of appearance. Append-only (scenes name them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
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
pub const KINDS: [Kind; 7] =
    [Kind::Blob, Kind::Seeker, Kind::Drifter, Kind::Sprinter, Kind::Ghost, Kind::Wisp, Kind::Hunter];

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
    /// The way a move or dash heads; `None` for a rest.
    pub(super) fn heading(self) -> Option<Dir> {
        match self {
            Step::Move(d) | Step::Dash(d) => Some(d),
            Step::Rest => None,
        }
    }

    pub(super) fn end(self, from: Pos) -> Pos {
        match self {
            Step::Move(d) => from.step(d),
            Step::Dash(d) => from.step(d).step(d),
            Step::Rest => from,
        }
    }
    pub(super) fn code(self) -> u8 {
        match self {
            Step::Rest => 0,
            Step::Move(d) => 1 + d.code(),
            Step::Dash(d) => 5 + d.code(),
        }
    }
}

/// An enemy's next moves, first first, up to [`Plan::CAPACITY`]: a queue
/// kept inline (no allocation), because every copy of the run the bots and
/// auto-move play copies every enemy's plan. It reads as a slice of steps.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    steps: [Step; Plan::CAPACITY],
    len: u8,
}

impl Plan {
    /// The most steps a plan holds (enemies show 3 arrows).
    pub const CAPACITY: usize = 3;

    /// Takes the first step off the plan.
    pub fn pop_front(&mut self) -> Option<Step> {
        let first = self.first().copied()?;
        self.steps.copy_within(1.., 0);
        self.len -= 1;
        Some(first)
    }

    /// Adds a step at the end; a full plan stays as it is (and says so).
    pub fn push_back(&mut self, step: Step) -> bool {
        let Some(slot) = self.steps.get_mut(usize::from(self.len)) else { return false };
        *slot = step;
        self.len += 1;
        true
    }
}

impl Default for Plan {
    fn default() -> Plan {
        Plan { steps: [Step::Rest; Plan::CAPACITY], len: 0 }
    }
}

impl std::ops::Deref for Plan {
    type Target = [Step];
    fn deref(&self) -> &[Step] {
        &self.steps[..usize::from(self.len)]
    }
}

impl std::fmt::Debug for Plan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl From<[Step; Plan::CAPACITY]> for Plan {
    fn from(steps: [Step; Plan::CAPACITY]) -> Plan {
        Plan { steps, len: Plan::CAPACITY as u8 }
    }
}

impl<'a> IntoIterator for &'a Plan {
    type Item = &'a Step;
    type IntoIter = std::slice::Iter<'a, Step>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for Plan {
    type Item = Step;
    type IntoIter = std::iter::Take<std::array::IntoIter<Step, { Plan::CAPACITY }>>;
    fn into_iter(self) -> Self::IntoIter {
        self.steps.into_iter().take(usize::from(self.len))
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
    pub plan: Plan,
    /// For resting kinds: whether its next turn is a rest.
    pub rest_next: bool,
    /// Let out of a blasted exit or gem: drops nothing, and the flame that
    /// let it out (`Bombs::sparing`) spares it until this turn.
    pub released_until: Option<u32>,
    /// Turns it stays frozen (a Freeze).
    pub frozen: u32,
}

impl Enemy {
    /// A fresh enemy with no plan yet.
    pub fn new(id: u32, kind: Kind, pos: Pos, heading: Dir) -> Enemy {
        Enemy { id, kind, pos, heading, plan: Plan::default(), rest_next: false, released_until: None, frozen: 0 }
    }
    /// Let out by flame on the exit or gem, and that flame still burns on
    /// `turn`: it may step into that flame (`State::spares` asks which).
    pub fn just_released(&self, turn: u32) -> bool {
        self.released_until.is_some_and(|u| u >= turn)
    }
}

/// What kind of bomb.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum BombKind {
    /// Bomb.
    Plain,
    /// Flame through crates.
    Pierce,
    /// Flame to the walls.
    Power,
    /// Also every tile within 2 steps.
    Nuke,
    /// Like a Nuke, cracking pillars.
    Acid,
    /// A burst oil barrel: blast 2, not yours.
    Barrel,
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
    /// Its kind.
    pub kind: BombKind,
}

impl Bomb {
    /// A plain bomb.
    pub fn plain(pos: Pos, fuse: u32, fire: u32) -> Bomb {
        Bomb { pos, fuse, fire, kind: BombKind::Plain }
    }
    /// The player's (counts to the limit, the Detonator and Proximity alert work on it).
    pub fn yours(&self) -> bool {
        self.kind != BombKind::Barrel
    }
}

/// A drop: coins, or a charge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drop {
    /// Where.
    pub pos: Pos,
    /// Its value (1 bronze, 2 silver, 5 gold); 0 for a charge.
    pub coins: u32,
    /// A charge with its uses.
    pub charge: Option<(Charge, u32)>,
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
    /// Stood on raised spikes.
    Spikes,
    /// Under a falling ceiling.
    Ceiling,
    /// Cut off from the exit or an enemy by rubble.
    WalledIn,
    /// Crashed into an enemy on a slide or a run.
    Crashed(Kind),
}

impl Death {
    pub(super) fn say(&self) -> Say {
        match self {
            Death::WalkedInto(k) => say!("you walked into a {0}", k.name()),
            Death::WalkedIntoYou(k) => say!("a {0} walked into you", k.name()),
            Death::Blast => say!("you were caught in a blast"),
            Death::BoxedIn => say!("you were boxed in"),
            Death::Spikes => say!("you stood on raised spikes"),
            Death::Ceiling => say!("the ceiling fell on you"),
            Death::WalledIn => say!("rubble walled you in"),
            Death::Crashed(k) => say!("you crashed into a {0}", k.name()),
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
    LifeLost(Say),
    /// A level was cleared.
    LevelCleared {
        /// The level cleared.
        level: u32,
        /// Turns it took.
        turns: u32,
        /// Its par.
        par: u32,
        /// Coins earned on it.
        coins: u32,
    },
    /// Level 20 cleared.
    RunWon,
    /// No lives left.
    RunOver(Say),
    /// A bomb was kicked from one tile to another.
    Kicked(Pos, Pos),
    /// A bomb was thrown or fired onto a tile.
    Launched(Pos),
    /// You moved (a step, run, slide, slip on oil or teleport): from, to.
    PlayerMoved(Pos, Pos),
    /// The gem was taken; its cards follow in a dialog.
    GemTaken(Pos),
    /// A power-up was taken (from a gem or the shop).
    PowerTaken(Power),
    /// A charge was gained: its kind and the uses now carried.
    ChargeGained(Charge, u32),
    /// The first time a kind is carried in a run: what it does.
    ChargeExplained(Charge),
    /// A charge was sold for coins.
    ChargeSold(Charge, u32),
    /// A charge use was spent.
    ChargeUsed(Charge),
    /// The shop opened with its shelf.
    ShopOpened(Vec<Offer>),
    /// Something was bought for this many coins.
    Bought(Offer, u32),
    /// The shelf was restocked for this many coins.
    Restocked(u32),
    /// A hit was absorbed (by the Shield, Flame Pass or Star).
    Absorbed(String),
    /// Every enemy froze.
    Frozen,
    /// A decoy was put down.
    DecoyPlaced(Pos),
    /// The decoy was destroyed.
    DecoyGone(Pos),
    /// A bush burnt.
    BushBurnt(Pos),
    /// An oil spill burnt at once.
    OilBurnt(Vec<Pos>),
    /// An oil barrel burst.
    BarrelBurst(Pos),
    /// Acid cracked a pillar.
    PillarCracked(Pos),
    /// A cracked pillar broke: the ceiling round it will fall.
    PillarBroke(Pos),
    /// The ceiling fell as rubble on these tiles.
    CeilingFell(Vec<Pos>),
    /// The carried charge dropped where you fell.
    ChargeDropped(Pos, Charge, u32),
}
