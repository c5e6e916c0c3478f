//! The run's vocabulary: the setup, the player's actions and dialogs, the
//! enemies' kinds and planned steps, bombs, drops, deaths, the events the
//! app animates, and the scenes' topics (what a demo scene is about; a
//! replay's setup names one). Enums here are logged or hashed: append-only.

use super::board::{Diag, Dir, Pos};
use super::items::{Charge, Offer, Power, CHARGES, POWERS};

use crate::say;
use crate::say::Say;
use serde::{Deserialize, Serialize};

/// Run options. Rules v4 added the balance lab's arms (`powers`,
/// `underfoot`) and the spec's test options (`start_level`, `charge`,
/// `shop_after`); a v3 header's setup (the first two fields) reads with
/// them all off ([`Setup::read`]). Rules v5 added `scene`; a v4 header's
/// setup reads with none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Developer mode: a rainbow gem next to you on every level (and after a
    /// death) that offers every power-up you do not hold and every charge.
    pub developer: bool,
    /// Nothing kills you.
    pub immortal: bool,
    /// Power-ups held from level 1, as bits ([`Power::bit`]): the balance
    /// lab's `powers` arms.
    pub powers: u32,
    /// Bombs go down on your own tile, the original's rule: the balance
    /// lab's `underfoot` arm (not offered to players).
    pub underfoot: bool,
    /// Test option: start at this level (0 and 1: the first).
    pub start_level: u32,
    /// Test option: carry this charge from the start, with its full uses.
    pub charge: Option<Charge>,
    /// Test option: open the shop after this level straight away, with 9
    /// coins (0: no), the next level behind it.
    pub shop_after: u32,
    /// A scene (rules v5): the board is the topic's small one, dressed for
    /// the demo or a clip ([`super::dress`]); the seed picks the variant.
    pub scene: Option<Topic>,
}

/// The setup as rules v4 wrote it.
#[derive(Deserialize)]
struct SetupV4 {
    developer: bool,
    immortal: bool,
    powers: u32,
    underfoot: bool,
    start_level: u32,
    charge: Option<Charge>,
    shop_after: u32,
}

/// The setup as rules v1 to v3 wrote it.
#[derive(Deserialize)]
struct SetupV3 {
    developer: bool,
    immortal: bool,
}

impl Setup {
    /// A header's setup written under `rules_version`.
    pub fn read(bytes: &[u8], rules_version: u32) -> Result<Setup, String> {
        if rules_version <= 3 {
            let old: SetupV3 = crate::wire::decode(bytes)?;
            return Ok(Setup { developer: old.developer, immortal: old.immortal, ..Setup::default() });
        }
        if rules_version == 4 {
            let old: SetupV4 = crate::wire::decode(bytes)?;
            return Ok(Setup {
                developer: old.developer,
                immortal: old.immortal,
                powers: old.powers,
                underfoot: old.underfoot,
                start_level: old.start_level,
                charge: old.charge,
                shop_after: old.shop_after,
                scene: None,
            });
        }
        crate::wire::decode(bytes)
    }

    /// Whether any lab arm is on (such runs earn no place on the score board).
    pub fn lab(&self) -> bool {
        self.powers != 0 || self.underfoot
    }

    /// Whether a test option is on: such a run earns no place on the score
    /// board and the window never saves it over the run in progress.
    pub fn test(&self) -> bool {
        self.start_level > 1 || self.charge.is_some() || self.shop_after > 0 || self.scene.is_some()
    }

    /// Coins a test run that opens with the shop holds.
    pub const SHOP_COINS: u32 = 9;
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
    /// Let out of a blasted exit: drops nothing, immune to flame until this turn.
    pub released_until: Option<u32>,
    /// Turns it stays frozen (a Freeze).
    pub frozen: u32,
}

impl Enemy {
    /// A fresh enemy with no plan yet.
    pub fn new(id: u32, kind: Kind, pos: Pos, heading: Dir) -> Enemy {
        Enemy { id, kind, pos, heading, plan: Plan::default(), rest_next: false, released_until: None, frozen: 0 }
    }
    /// Let out by flame on the exit or gem, and that flame still burns on `turn`.
    pub fn immune(&self, turn: u32) -> bool {
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
