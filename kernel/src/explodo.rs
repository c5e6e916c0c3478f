//! Explodorama: a turn-based, rogue-like Bomberman. Each turn the player moves,
//! places a bomb or waits; then the world: enemies step where their arrows
//! pointed, bombs count down and explode, enemies show their next moves.
//! Design notes: `explodo/README.md`. The run: board, bombs, enemies, lives,
//! exit, 20 levels (this file); power-ups, charges, the gem and the shop
//! (`items.rs` for the vocabulary, `player.rs` for what the player does with
//! them); board objects (`board.rs`).

pub mod board;
pub mod items;
mod player;
pub mod scores;

use crate::digest::{Part, PartHasher};
use crate::game::{Game, Outcome, Rejection};
use crate::rng::Rng;
use board::{Diag, Dir, Layout, Pos, Tile, BUSH, DIRS, OIL, SPIKES};
use items::{Charge, Offer, Power};
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
    /// Developer mode: a rainbow gem next to you on every level (and after a
    /// death) that offers every power-up you do not hold and every charge.
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
    /// Turns it stays frozen (a Freeze).
    pub frozen: u32,
}

impl Enemy {
    /// A fresh enemy with no plan yet.
    pub fn new(id: u32, kind: Kind, pos: Pos, heading: Dir) -> Enemy {
        Enemy { id, kind, pos, heading, plan: VecDeque::new(), rest_next: false, released_until: None, frozen: 0 }
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
    fn text(&self) -> String {
        match self {
            Death::WalkedInto(k) => format!("you walked into a {}", k.name()),
            Death::WalkedIntoYou(k) => format!("a {} walked into you", k.name()),
            Death::Blast => "you were caught in a blast".into(),
            Death::BoxedIn => "you were boxed in".into(),
            Death::Spikes => "you stood on raised spikes".into(),
            Death::Ceiling => "the ceiling fell on you".into(),
            Death::WalledIn => "rubble walled you in".into(),
            Death::Crashed(k) => format!("you crashed into a {}", k.name()),
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
    /// Abilities and passes held ([`Power::bit`]).
    pub abilities: u32,
    /// Star turns left.
    pub star: u32,
    /// The charge carried, with its uses.
    pub charge: Option<(Charge, u32)>,
    /// Charge kinds already explained this run (bit per kind).
    pub explained: u32,
    /// Open dialogs; the last is on top and must be answered first.
    pub dialogs: Vec<Dialog>,
    /// Dialogs this action started, opened after the world's turn if you live.
    pub pending: Vec<Dialog>,
    /// The step that opened a dialog also reached the open exit.
    pub exit_after: bool,
    /// The level's gem was taken (or burnt) on this attempt.
    pub gem_taken: bool,
    /// The rainbow gem's tile (Developer mode) until taken.
    pub rainbow: Option<Pos>,
    /// The turn (plus one) a Shield absorbed a hit: nothing else hurts that turn.
    pub shielded: u32,
    /// The turn (plus one) flame last hurt you (flame hurts once a turn).
    pub burnt: u32,
    /// The decoy chasers go after.
    pub decoy: Option<Pos>,
    /// Where chasers last saw you (you hide in bushes).
    pub last_seen: Pos,
    /// Bushes that catch fire next turn.
    pub smoulder: Vec<Pos>,
    /// Tiles under dust and the turn their ceiling falls.
    pub ceilings: Vec<(Pos, u32)>,
    /// The charge dropped where you fell, to lie there on the retry.
    pub fallen: Option<(Pos, Charge, u32)>,
    /// The shop's draws for this run.
    pub shop_rng: Rng,
}

/// The crowding divisor: one danger point per this many open tiles, 26 on level 1 falling to 9 on level 20.
pub fn crowding(level: u32) -> u32 {
    26 - (level.clamp(1, 20) - 1) * 17 / 19
}

/// Par: 10 turns + 0.3 a tile of floor and crates + 8 per enemy (rounded down).
pub fn par(open_tiles: u32, enemies: u32) -> u32 {
    10 + open_tiles * 3 / 10 + 8 * enemies
}

/// Whether spikes are up on `turn` (up on even turns, down on odd ones).
pub fn spikes_up(turn: u32) -> bool {
    turn.is_multiple_of(2)
}

/// Turns from a pillar breaking to its ceiling falling.
pub const CEILING_TURNS: u32 = 4;
/// A burst barrel's blast reach.
pub const BARREL_FIRE: u32 = 2;

impl State {
    fn stream(&self, what: &str) -> Rng {
        Rng::stream(self.seed, &format!("explodo.{what}.{}", self.level))
    }

    /// Starts (or restarts) the current level: the same layout, objects and
    /// enemies for every attempt; only the enemies' choices and the drops
    /// come from fresh streams.
    fn enter_level(&mut self) {
        let mut rng = self.stream("level");
        self.layout = board::generate(self.level, &mut rng);
        let mut objects = self.stream("objects");
        board::place_objects(&mut self.layout, self.level, &mut objects);
        self.player = self.layout.start;
        self.last_seen = self.player;
        self.exit_revealed = false;
        self.gem_revealed = false;
        self.gem_taken = false;
        self.exit_open = false;
        self.exit_after = false;
        self.bombs.clear();
        self.flames.clear();
        self.drops.clear();
        self.crumbling.clear();
        self.pending.clear();
        self.smoulder.clear();
        self.ceilings.clear();
        self.decoy = None;
        self.shielded = 0;
        self.burnt = 0;
        self.turn = 1;
        self.enemies = crowd(&self.layout, self.level, &mut rng);
        self.par = par(self.layout.open_tiles(), self.enemies.len() as u32);
        self.ai = Rng::stream(self.seed, &format!("explodo.ai.{}.{}", self.level, self.attempt));
        self.loot = Rng::stream(self.seed, &format!("explodo.loot.{}.{}", self.level, self.attempt));
        self.rainbow = if self.setup.developer {
            [Pos { x: 2, y: 1 }, Pos { x: 1, y: 2 }].into_iter().find(|&p| self.floor_free(p))
        } else {
            None
        };
        if let Some((at, c, n)) = self.fallen.take() {
            if let Some(p) = self.drop_spot(at) {
                self.drops.push(Drop { pos: p, coins: 0, charge: Some((c, n)) });
            }
        }
        self.replan();
    }

    fn floor_free(&self, p: Pos) -> bool {
        self.layout.tile(p) == Tile::Floor && !self.bombs.iter().any(|b| b.pos == p)
    }

    fn burning(&self, p: Pos) -> bool {
        self.flames.iter().any(|&(f, _)| f == p)
    }

    /// Empty floor: no bomb, no enemy, no flame (where a decoy may stand,
    /// Teleport may land, a Shield may push you).
    fn empty(&self, p: Pos) -> bool {
        self.floor_free(p) && self.enemy_at(p).is_none() && !self.burning(p)
    }

    fn enemy_at(&self, p: Pos) -> Option<usize> {
        self.enemies.iter().position(|e| e.pos == p)
    }

    fn bomb_at(&self, p: Pos) -> Option<usize> {
        self.bombs.iter().position(|b| b.pos == p)
    }

    /// Whether you hold a power-up ability or pass.
    pub fn has(&self, p: Power) -> bool {
        self.abilities & p.bit() != 0
    }

    /// The carried charge's kind.
    pub fn carrying(&self) -> Option<Charge> {
        self.charge.map(|(c, _)| c)
    }

    /// What offers care about.
    pub fn held(&self) -> items::Held {
        items::Held { abilities: self.abilities, bombs: self.max_bombs, fire: self.fire, fuse: self.fuse }
    }

    /// Whether an enemy of `kind` may enter `p`: floor (crates too for Ghosts
    /// and Wisps), no bomb, no spikes.
    fn passable(&self, kind: Kind, p: Pos) -> bool {
        let t = self.layout.tile(p);
        (t == Tile::Floor || (t == Tile::Crate && kind.through_crates()))
            && !self.bombs.iter().any(|b| b.pos == p)
            && !self.layout.has(p, SPIKES)
    }

    /// Where an enemy making `step` from `at` ends, slipping over oil when it
    /// does not fly (the arrows show where the slide ends).
    fn land(&self, kind: Kind, at: Pos, step: Step) -> Pos {
        match step {
            Step::Move(d) | Step::Dash(d) => self.enemy_slip(kind, at, step.end(at), d, None),
            Step::Rest => at,
        }
    }

    /// An enemy that moved from `from` to `to` heading `d` slides on over an
    /// oil spill while it can (flyers never slip), stopping on `stop` (you).
    fn enemy_slip(&self, kind: Kind, from: Pos, mut to: Pos, d: Dir, stop: Option<Pos>) -> Pos {
        while to != from
            && Some(to) != stop
            && !kind.through_crates()
            && self.layout.has(to, OIL)
            && self.layout.has(to.step(d), OIL)
            && self.passable(kind, to.step(d))
        {
            to = to.step(d);
        }
        to
    }

    /// Where chasers head: the decoy, else you, else (hidden in a bush) where they last saw you.
    fn quarry(&self) -> Pos {
        self.decoy.unwrap_or(if self.layout.has(self.player, BUSH) { self.last_seen } else { self.player })
    }

    /// The first step of a shortest way from `from` to the quarry, for `kind`.
    fn toward_player(&self, kind: Kind, from: Pos) -> Option<Dir> {
        let goal = self.quarry();
        let mut seen = BTreeSet::from([from]);
        let mut q: VecDeque<(Pos, Dir)> = VecDeque::new();
        for d in DIRS {
            let p = from.step(d);
            if (self.passable(kind, p) || p == goal) && seen.insert(p) {
                q.push_back((p, d));
            }
        }
        while let Some((p, first)) = q.pop_front() {
            if p == goal {
                return Some(first);
            }
            for d in DIRS {
                let n = p.step(d);
                if (self.passable(kind, n) || n == goal) && seen.insert(n) {
                    q.push_back((n, first));
                }
            }
        }
        None
    }

    /// Chooses the step after `at` (heading `heading`), avoiding tiles that
    /// `reserved` holds when it can.
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
                at = self.land(e.kind, at, *s);
            }
            let mut plan = if valid { e.plan.clone() } else { VecDeque::new() };
            while plan.len() < 3 {
                let k = plan.len();
                let (mut at, mut heading) = (e.pos, e.heading);
                for s in &plan {
                    at = self.land(e.kind, at, *s);
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
                            p = self.land(o.kind, p, *s);
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

    /// The tiles a bomb's blast covers, and the cracked pillars it reaches.
    /// A cross of `fire` tiles (to the walls for Power) stopped by solid
    /// tiles; the first crate or barrel each way burns and stops it (Pierce
    /// goes on through crates). Nuke and Acid also burn every tile within 2
    /// steps, through crates and round corners.
    fn blast(&self, b: &Bomb) -> (Vec<Pos>, Vec<Pos>) {
        let mut out = vec![b.pos];
        let mut hit = Vec::new();
        let reach = if b.kind == BombKind::Power { (self.layout.w + self.layout.h) as u32 } else { b.fire };
        for d in DIRS {
            let mut p = b.pos;
            for _ in 0..reach {
                p = p.step(d);
                match self.layout.tile(p) {
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
                        match self.layout.tile(q) {
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

    /// Loses a life (the level restarts; the carried charge drops where you fell).
    fn lose_life(&mut self, death: Death, events: &mut Vec<Event>) {
        let text = format!("Level {}, turn {}: {}.", self.level, self.turn, death.text());
        self.lives -= 1;
        self.lives_lost += 1;
        self.last_death = Some(text.clone());
        events.push(Event::LifeLost(text.clone()));
        if let Some((c, n)) = self.charge.take() {
            self.fallen = Some((self.player, c, n));
            events.push(Event::ChargeDropped(self.player, c, n));
        }
        if self.lives == 0 {
            self.phase = RunPhase::Over;
            events.push(Event::RunOver(text));
        } else {
            self.attempt += 1;
            self.enter_level();
        }
    }

    /// Something hits you. A Star, a Shield, the Flame Pass (for flame) or an
    /// Immortal run takes it; flame hurts once a turn. Returns whether a life
    /// was lost (the level restarted or the run ended).
    fn hurt(&mut self, death: Death, events: &mut Vec<Event>) -> bool {
        if self.setup.immortal {
            return false;
        }
        let unstoppable = matches!(death, Death::BoxedIn | Death::WalledIn | Death::Ceiling);
        if !unstoppable {
            let now = self.turn + 1;
            if self.shielded == now {
                return false;
            }
            if self.star > 0 {
                events.push(Event::Absorbed("Star".into()));
                return false;
            }
            if death == Death::Blast {
                if self.burnt == now {
                    return false;
                }
                self.burnt = now;
                if let Some((Charge::FlamePass, n)) = self.charge {
                    self.charge = (n > 1).then_some((Charge::FlamePass, n - 1));
                    events.push(Event::Absorbed("Flame Pass".into()));
                    return false;
                }
            }
            if self.carrying() == Some(Charge::Shield) {
                self.charge = None;
                self.shielded = now;
                events.push(Event::Absorbed("Shield".into()));
                return false;
            }
        }
        self.lose_life(death, events);
        true
    }

    fn clear_level(&mut self, events: &mut Vec<Event>) {
        let earned = 2 + if self.turn <= self.par { 5 } else { 0 };
        self.coins += earned;
        events.push(Event::LevelCleared { level: self.level, turns: self.turn, par: self.par, coins: earned });
        if self.level == LEVELS {
            self.phase = RunPhase::Won;
            events.push(Event::RunWon);
            return;
        }
        let cleared = self.level;
        self.level += 1;
        self.attempt = 0;
        self.fallen = None;
        self.enter_level();
        if items::SHOP_AFTER.contains(&cleared) {
            self.shop_rng = Rng::stream(self.seed, &format!("explodo.shop.{cleared}"));
            let shelf = items::draw(&items::shop_pool(&self.held()), items::SHOP_ITEMS, &mut self.shop_rng);
            events.push(Event::ShopOpened(shelf.clone()));
            self.dialogs.push(Dialog::Shop { items: shelf.into_iter().map(Some).collect(), restocks: 0 });
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

    /// The nearest free floor within 2 steps of `at` (ties by row, then
    /// column) with no drop on it, never the uncovered exit.
    fn drop_spot(&self, at: Pos) -> Option<Pos> {
        let mut candidates: Vec<Pos> = (-2..=2)
            .flat_map(|dy| (-2..=2).map(move |dx| Pos { x: at.x + dx, y: at.y + dy }))
            .filter(|p| p.dist(at) <= 2)
            .collect();
        candidates.sort_by_key(|p| (p.dist(at), p.y, p.x));
        candidates.into_iter().find(|&p| {
            self.floor_free(p)
                && !(self.exit_revealed && p == self.layout.exit)
                && !self.drops.iter().any(|d| d.pos == p)
        })
    }

    /// A slain enemy's drop: about one coin a kill, sometimes a charge (never
    /// a second Decoy, Freeze or Shield while one lies on the board).
    fn drop_loot(&mut self, at: Pos, events: &mut Vec<Event>) {
        let roll = self.loot.below(100);
        let (coins, charge) = match roll {
            0..=33 => return,
            34..=66 => (1, None),
            67..=84 => (2, None),
            85..=90 => (5, None),
            _ => {
                let kinds: Vec<Charge> = items::CHARGES
                    .iter()
                    .copied()
                    .filter(|&c| {
                        !(c.single_on_board() && self.drops.iter().any(|d| d.charge.is_some_and(|(k, _)| k == c)))
                    })
                    .collect();
                let c = kinds[self.loot.index(kinds.len())];
                (0, Some((c, c.uses())))
            }
        };
        if let Some(p) = self.drop_spot(at) {
            self.drops.push(Drop { pos: p, coins, charge });
            events.push(Event::DropSpawned(p, coins));
        }
    }

    /// The world's turn after the player's action. (The player moves first, so
    /// "swapping places" with an enemy is walking into it: one rule covers both.)
    fn world(&mut self, events: &mut Vec<Event>) {
        let turn = self.turn;
        // 1. Enemies step where their arrows pointed (frozen ones thaw a step instead).
        let mut died: Vec<usize> = Vec::new();
        for i in 0..self.enemies.len() {
            if self.enemies[i].frozen > 0 {
                self.enemies[i].frozen -= 1;
                continue;
            }
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
                // Slipping over oil, as its arrows showed.
                to = self.enemy_slip(e.kind, e.pos, to, d, Some(self.player));
            }
            if to != e.pos {
                self.enemies[i].pos = to;
                events.push(Event::EnemyMoved(e.id, e.pos, to));
            }
            if self.decoy == Some(to) {
                self.decoy = None;
                events.push(Event::DecoyGone(to));
            }
            if to == self.player && to != e.pos && self.hurt(Death::WalkedIntoYou(e.kind), events) {
                return;
            }
            if self.burning(to) && !e.immune(turn) {
                died.push(i);
            }
        }
        self.kill(died, events);
        // 2. Proximity alert: your bombs with an enemy right next to them go off now.
        if self.has(Power::Proximity) {
            let near: Vec<Pos> = self
                .bombs
                .iter()
                .filter(|b| b.yours() && self.enemies.iter().any(|e| e.pos.dist(b.pos) == 1))
                .map(|b| b.pos)
                .collect();
            for b in &mut self.bombs {
                if near.contains(&b.pos) {
                    b.fuse = 1;
                }
            }
        }
        // Bombs count down; those at 0 explode (with smouldering bushes catching fire).
        for b in &mut self.bombs {
            b.fuse = b.fuse.saturating_sub(1);
        }
        let due: Vec<Pos> = self.bombs.iter().filter(|b| b.fuse == 0).map(|b| b.pos).collect();
        let smoulder = std::mem::take(&mut self.smoulder);
        if self.explode(due, smoulder, events) {
            return;
        }
        // 3. Old flame goes out; this turn's lingers through the next.
        self.flames.retain(|&(_, until)| until > turn);
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
        // Ceilings fall where a broken pillar's dust has trickled for 4 turns.
        let falling: Vec<Pos> = self.ceilings.iter().filter(|&&(_, t)| t == turn).map(|&(p, _)| p).collect();
        self.ceilings.retain(|&(_, t)| t != turn);
        if !falling.is_empty() && self.fall(falling, events) {
            return;
        }
        // Raised spikes and lingering flame under you.
        if spikes_up(turn) && self.layout.has(self.player, SPIKES) && self.hurt(Death::Spikes, events) {
            return;
        }
        if self.burning(self.player) && self.hurt(Death::Blast, events) {
            return;
        }
        // Boxed in: no empty tile beside you and nothing on the board that could change it.
        if self.boxed_in() && self.hurt(Death::BoxedIn, events) {
            return;
        }
        // 4. Enemies show their next steps.
        if !self.layout.has(self.player, BUSH) {
            self.last_seen = self.player;
        }
        self.star = self.star.saturating_sub(1);
        self.turn += 1;
        self.replan();
    }

    /// Nowhere to step, nowhere to put a bomb, and nothing left on the board
    /// (bomb, flame, crumbling crate, fire, dust, enemy beside you) or carried
    /// (Teleport, ICBM) that could change that.
    fn boxed_in(&self) -> bool {
        let stuck = DIRS.iter().all(|&d| self.walkable(self.player.step(d)).is_err());
        let diag_open = self.has(Power::Diagonal)
            && [Diag::UpLeft, Diag::UpRight, Diag::DownLeft, Diag::DownRight]
                .iter()
                .any(|&g| self.floor_free(self.player.diag(g)));
        let nothing_moves = self.bombs.is_empty()
            && self.flames.is_empty()
            && self.crumbling.is_empty()
            && self.smoulder.is_empty()
            && self.ceilings.is_empty()
            && !matches!(self.carrying(), Some(Charge::Teleport | Charge::Icbm))
            && !self.enemies.iter().any(|e| e.pos.dist(self.player) <= 1);
        stuck && !diag_open && nothing_moves
    }

    /// Sets off the bombs at `due` (and any their blasts reach, and any oil
    /// spill they touch with the bombs lying in it), plus `extra` burning
    /// tiles (smouldering bushes), then applies the flame. Returns whether a
    /// life was lost.
    fn explode(&mut self, due: Vec<Pos>, extra: Vec<Pos>, events: &mut Vec<Event>) -> bool {
        let mut queue: VecDeque<Pos> = due.iter().copied().collect();
        let mut blasted: BTreeSet<Pos> = extra.into_iter().collect();
        let mut exploded: BTreeSet<Pos> = BTreeSet::new();
        let mut hits: BTreeSet<Pos> = BTreeSet::new();
        let mut acid: Vec<Pos> = Vec::new();
        loop {
            while let Some(at) = queue.pop_front() {
                if !exploded.insert(at) {
                    continue;
                }
                let Some(b) = self.bombs.iter().copied().find(|b| b.pos == at) else { continue };
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
            let lit: Vec<Pos> = blasted.iter().copied().filter(|&p| self.layout.has(p, OIL)).collect();
            for p in lit {
                let spill = self.layout.spill(p);
                if spill.is_empty() {
                    continue;
                }
                for &q in &spill {
                    self.layout.mark(q, OIL, false);
                    blasted.insert(q);
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
        self.bombs.retain(|b| !exploded.contains(&b.pos));
        // Cracked pillars the blasts reached break; Acid cracks the pillars round it.
        for p in hits {
            self.layout.set(p, Tile::Floor);
            events.push(Event::PillarBroke(p));
            for q in p.ring() {
                if self.layout.tile(q) != Tile::Wall && !self.ceilings.iter().any(|&(c, _)| c == q) {
                    self.ceilings.push((q, self.turn + CEILING_TURNS));
                }
            }
        }
        for at in acid {
            let pillars: Vec<Pos> =
                self.layout.positions().filter(|&p| p.dist(at) <= 2 && self.layout.tile(p) == Tile::Pillar).collect();
            for p in pillars {
                self.layout.set(p, Tile::Cracked);
                events.push(Event::PillarCracked(p));
            }
        }
        if blasted.is_empty() {
            return false;
        }
        let until = self.turn + 1;
        self.flames.retain(|(p, _)| !blasted.contains(p));
        self.flames.extend(blasted.iter().map(|&p| (p, until)));
        self.apply_blast(&blasted, events)
    }

    /// Ceilings fall as rubble: what is under them is crushed (a Shield
    /// pushes you out to an empty tile beside you); then rubble that cuts you
    /// off from the exit or an enemy costs a life. Returns whether a life was lost.
    fn fall(&mut self, tiles: Vec<Pos>, events: &mut Vec<Event>) -> bool {
        for &p in &tiles {
            self.layout.set(p, Tile::Rubble);
            for m in [BUSH, OIL, SPIKES] {
                self.layout.mark(p, m, false);
            }
            self.crumbling.retain(|&(c, _)| c != p);
        }
        events.push(Event::CeilingFell(tiles.clone()));
        self.bombs.retain(|b| !tiles.contains(&b.pos));
        self.drops.retain(|d| !tiles.contains(&d.pos));
        self.flames.retain(|(f, _)| !tiles.contains(f));
        if self.decoy.is_some_and(|d| tiles.contains(&d)) {
            self.decoy = None;
        }
        let crushed: Vec<usize> =
            self.enemies.iter().enumerate().filter(|(_, e)| tiles.contains(&e.pos)).map(|(i, _)| i).collect();
        self.kill(crushed, events);
        if tiles.contains(&self.player) {
            let out = DIRS.iter().map(|&d| self.player.step(d)).find(|&q| self.empty(q));
            match out {
                Some(q) if self.carrying() == Some(Charge::Shield) || self.setup.immortal => {
                    if !self.setup.immortal {
                        self.charge = None;
                        self.shielded = self.turn + 1;
                        events.push(Event::Absorbed("Shield".into()));
                    }
                    events.push(Event::PlayerMoved(self.player, q));
                    self.player = q;
                }
                _ if self.hurt(Death::Ceiling, events) => return true,
                _ => {}
            }
        }
        let reach = board::reachable(&self.layout, self.player);
        let at = |p: Pos| reach[(p.y * self.layout.w + p.x) as usize];
        if (!at(self.layout.exit) || self.enemies.iter().any(|e| !at(e.pos))) && self.hurt(Death::WalledIn, events) {
            return true;
        }
        false
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

    /// Flame on `tiles`: releases from the uncovered exit or gem, burns drops,
    /// the decoy, bushes (their neighbours smoulder), barrels (they burst into
    /// oil and go off next turn) and crates, kills enemies and hurts you.
    /// Returns whether a life was lost.
    fn apply_blast(&mut self, tiles: &BTreeSet<Pos>, events: &mut Vec<Event>) -> bool {
        let turn = self.turn;
        // Flame on an exit or gem that was already uncovered lets out 3 of the level's toughest.
        let mut release: Vec<Pos> = Vec::new();
        if self.exit_revealed && tiles.contains(&self.layout.exit) {
            release.push(self.layout.exit);
            self.exit_open = false;
        }
        if self.gem_revealed && !self.gem_taken && tiles.contains(&self.layout.gem) {
            release.push(self.layout.gem);
            self.gem_taken = true;
        }
        // Drops in the open burn; crates burn (uncovering what they hid).
        let burnt: Vec<Pos> = self.drops.iter().filter(|d| tiles.contains(&d.pos)).map(|d| d.pos).collect();
        self.drops.retain(|d| !tiles.contains(&d.pos));
        for p in burnt {
            events.push(Event::DropBurnt(p));
        }
        if let Some(d) = self.decoy.filter(|d| tiles.contains(d)) {
            self.decoy = None;
            events.push(Event::DecoyGone(d));
        }
        // Enemies in the blast die, Ghosts and Wisps inside a burning crate too.
        let dead: Vec<usize> = self
            .enemies
            .iter()
            .enumerate()
            .filter(|(_, e)| tiles.contains(&e.pos) && !e.immune(turn))
            .map(|(i, _)| i)
            .collect();
        for &p in tiles {
            if self.layout.has(p, BUSH) {
                self.layout.mark(p, BUSH, false);
                events.push(Event::BushBurnt(p));
                for d in DIRS {
                    let q = p.step(d);
                    if self.layout.has(q, BUSH) && !tiles.contains(&q) && !self.smoulder.contains(&q) {
                        self.smoulder.push(q);
                    }
                }
            }
            match self.layout.tile(p) {
                Tile::Crate => {
                    self.layout.set(p, Tile::Floor);
                    self.crumbling.retain(|&(c, _)| c != p);
                    events.push(Event::CrateBurnt(p));
                    self.reveal(p, events);
                }
                Tile::Barrel => {
                    self.layout.set(p, Tile::Floor);
                    events.push(Event::BarrelBurst(p));
                    for q in std::iter::once(p).chain(p.ring()) {
                        if self.layout.tile(q) == Tile::Floor {
                            self.layout.mark(q, OIL, true);
                        }
                    }
                    self.bombs.push(Bomb { pos: p, fuse: 1, fire: BARREL_FIRE, kind: BombKind::Barrel });
                }
                _ => {}
            }
        }
        self.kill(dead, events);
        for p in release {
            let kind = toughest(self.level);
            let next_id = self.enemies.iter().map(|e| e.id + 1).max().unwrap_or(0).max(1000);
            for k in 0..3 {
                let mut e = Enemy::new(next_id + k, kind, p, DIRS[k as usize]);
                e.released_until = Some(turn + 1);
                self.enemies.push(e);
            }
            self.exit_open = false;
            events.push(Event::Released(kind, 3));
        }
        tiles.contains(&self.player) && self.hurt(Death::Blast, events)
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
    let mut spots: Vec<Pos> = layout
        .positions()
        .filter(|&p| layout.tile(p) == Tile::Floor && !layout.has(p, SPIKES) && p.dist(layout.start) > 4)
        .collect();
    rng.shuffle(&mut spots);
    let mut out = Vec::new();
    let mut danger = 0;
    while danger * k < target {
        let Some(pos) = spots.pop() else { break };
        let kind = kinds[rng.index(kinds.len())];
        danger += kind.weight();
        let mut e = Enemy::new(out.len() as u32, kind, pos, DIRS[rng.index(4)]);
        e.rest_next = rng.chance(1, 2);
        out.push(e);
    }
    out
}

impl Game for Explodo {
    const ID: &'static str = "explodo";
    const NAME: &'static str = "Explodorama";
    const RULES_VERSION: u32 = 2;
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
            layout: Layout {
                w: 0,
                h: 0,
                tiles: Vec::new(),
                start: Pos { x: 1, y: 1 },
                exit: Pos { x: 1, y: 1 },
                gem: Pos { x: 1, y: 1 },
                marks: Vec::new(),
            },
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
            abilities: 0,
            star: 0,
            charge: None,
            explained: 0,
            dialogs: Vec::new(),
            pending: Vec::new(),
            exit_after: false,
            gem_taken: false,
            rainbow: None,
            shielded: 0,
            burnt: 0,
            decoy: None,
            last_seen: Pos { x: 1, y: 1 },
            smoulder: Vec::new(),
            ceilings: Vec::new(),
            fallen: None,
            shop_rng: Rng::stream(seed, "explodo.shop"),
        };
        s.enter_level();
        Ok(s)
    }

    fn apply(s: &mut State, action: &Action) -> Result<Vec<Event>, Rejection> {
        if s.phase != RunPhase::Playing {
            return Err(Rejection::new("the run is over"));
        }
        let mut events = Vec::new();
        if !s.dialogs.is_empty() {
            s.answer(action, &mut events)?;
            return Ok(events);
        }
        let key = (s.level, s.attempt);
        if s.act(action, &mut events)? {
            s.world(&mut events);
        }
        s.open_pending(key);
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
        level.len(s.layout.marks.len());
        for m in &s.layout.marks {
            level.u8(*m);
        }
        pos(&mut level, s.layout.exit);
        pos(&mut level, s.layout.gem);
        level.bool(s.exit_revealed).bool(s.gem_revealed).bool(s.exit_open).bool(s.gem_taken).bool(s.exit_after);
        level.bool(s.rainbow.is_some());
        if let Some(r) = s.rainbow {
            pos(&mut level, r);
        }
        level.bool(s.decoy.is_some());
        if let Some(d) = s.decoy {
            pos(&mut level, d);
        }
        pos(&mut level, s.last_seen);
        level.len(s.smoulder.len());
        for &p in &s.smoulder {
            pos(&mut level, p);
        }
        level.len(s.ceilings.len());
        for &(p, t) in &s.ceilings {
            pos(&mut level, p);
            level.u32(t);
        }
        let mut player = PartHasher::new("player");
        pos(&mut player, s.player);
        player
            .u32(s.lives)
            .u32(s.coins)
            .u32(s.max_bombs)
            .u32(s.fire)
            .u32(s.fuse)
            .u32(s.total_turns)
            .u32(s.kills)
            .u32(s.lives_lost);
        player.u8(s.phase as u8).bool(s.setup.developer).bool(s.setup.immortal);
        player.u32(s.abilities).u32(s.star).u32(s.explained).u32(s.shielded).u32(s.burnt);
        let charge = |h: &mut PartHasher, c: Option<(Charge, u32)>| {
            match c {
                Some((k, n)) => h.u8(1 + k as u8).u32(n),
                None => h.u8(0),
            };
        };
        charge(&mut player, s.charge);
        charge(&mut player, s.fallen.map(|(_, c, n)| (c, n)));
        if let Some((p, _, _)) = s.fallen {
            pos(&mut player, p);
        }
        let offer = |h: &mut PartHasher, o: Option<Offer>| {
            match o {
                Some(Offer::Power(p)) => h.u8(1).u8(p as u8),
                Some(Offer::Charge(c)) => h.u8(2).u8(c as u8),
                None => h.u8(0),
            };
        };
        for (tag, list) in [(0u8, &s.dialogs), (1, &s.pending)] {
            player.u8(tag).len(list.len());
            for d in list {
                match d {
                    Dialog::Gem { cards, rainbow } => {
                        player.u8(0).bool(*rainbow).len(cards.len());
                        for c in cards {
                            offer(&mut player, Some(*c));
                        }
                    }
                    Dialog::Shop { items, restocks } => {
                        player.u8(1).u32(*restocks).len(items.len());
                        for i in items {
                            offer(&mut player, *i);
                        }
                    }
                    Dialog::Swap { new, uses } => {
                        player.u8(2).u8(*new as u8).u32(*uses);
                    }
                }
            }
        }
        let mut enemies = PartHasher::new("enemies");
        enemies.len(s.enemies.len());
        for e in &s.enemies {
            enemies.u32(e.id).u8(e.kind as u8);
            pos(&mut enemies, e.pos);
            enemies
                .u8(e.heading.code())
                .bool(e.rest_next)
                .u32(e.released_until.map_or(0, |u| u + 1))
                .u32(e.frozen)
                .len(e.plan.len());
            for st in &e.plan {
                enemies.u8(st.code());
            }
        }
        let mut board = PartHasher::new("bombs");
        board.len(s.bombs.len());
        for b in &s.bombs {
            pos(&mut board, b.pos);
            board.u32(b.fuse).u32(b.fire).u8(b.kind as u8);
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
            charge(&mut board, d.charge);
        }
        board.len(s.crumbling.len());
        for &(p, t) in &s.crumbling {
            pos(&mut board, p);
            board.u32(t);
        }
        let mut rng = PartHasher::new("rng");
        s.ai.hash_into(&mut rng);
        s.loot.hash_into(&mut rng);
        s.shop_rng.hash_into(&mut rng);
        vec![level.finish(), player.finish(), enemies.finish(), board.finish(), rng.finish()]
    }

    fn outcome(s: &State) -> Outcome {
        match s.phase {
            RunPhase::Playing => Outcome::InProgress,
            RunPhase::Won => {
                Outcome::Won(format!("all {LEVELS} levels cleared in {} turns with {} coins", s.total_turns, s.coins))
            }
            RunPhase::Over => Outcome::Lost(s.last_death.clone().unwrap_or_default()),
        }
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_items;
#[cfg(test)]
mod tests_objects;
