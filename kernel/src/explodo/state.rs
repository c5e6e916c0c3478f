//! The whole run's state and the small queries every phase of the turn asks
//! of it (what lies on a tile, what the player holds), with the level's
//! numbers that depend on nothing else (crowding, par, spikes' beat).

use super::board::{Layout, Pos, Tile};
use super::items::{self, Charge, Power};
use super::setup::Setup;
use super::types::{Bomb, Dialog, Drop, Enemy, RunPhase};
use crate::rng::Rng;
use crate::say::Say;

/// Levels in a run.
pub const LEVELS: u32 = 20;
/// Lives at the start of a run.
pub const START_LIVES: u32 = 3;
/// Bombs you may have down at once at the start of a run.
pub const START_BOMBS: u32 = 1;
/// A bomb's blast reach at the start of a run (tiles each way).
pub const START_BLAST: u32 = 1;
/// A new bomb's fuse at the start of a run (the number it shows).
pub const START_FUSE: u32 = 3;

/// The whole run, in five parts: the run's course, the player, the enemies,
/// the bombs and their fire, and the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The run's course: where it stands, its counters, its dialogs.
    pub run: Run,
    /// The player: where, what it holds, its stats.
    pub player: Player,
    /// The enemies and what they go by.
    pub enemies: Enemies,
    /// Bombs on the board and the fire they leave.
    pub bombs: Bombs,
    /// The board: its tiles, what lies on them, what is uncovered.
    pub board: Board,
}

/// The run's course.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The run's seed.
    pub seed: u64,
    /// Its options.
    pub setup: Setup,
    /// Level, 1 to 20.
    pub level: u32,
    /// Retries of this level so far.
    pub attempt: u32,
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
    /// Where the run stands.
    pub phase: RunPhase,
    /// The last life lost, as the banner says it.
    pub last_death: Option<Say>,
    /// Charge kinds already explained this run (bit per kind).
    pub explained: u32,
    /// Open dialogs; the last is on top and must be answered first.
    pub dialogs: Vec<Dialog>,
    /// Dialogs this action started, opened after the world's turn if you live.
    pub pending: Vec<Dialog>,
    /// The step that opened a dialog also reached the open exit.
    pub exit_after: bool,
    /// The charge dropped where you fell, to lie there on the retry.
    pub fallen: Option<(Pos, Charge, u32)>,
    /// The shop's draws for this run.
    pub shop_rng: Rng,
    /// This is a look-ahead copy ([`State::lookahead`]): a life lost or a
    /// level cleared ends its turn without setting a level up. Never set in
    /// a run that is played or saved, so not part of the digest.
    pub lookahead: bool,
}

/// The player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Where the player stands.
    pub at: Pos,
    /// Lives left.
    pub lives: u32,
    /// Coins held.
    pub coins: u32,
    /// Bombs on the board at once.
    pub max_bombs: u32,
    /// Blast reach.
    pub blast: u32,
    /// A new bomb's number.
    pub fuse: u32,
    /// Abilities and passes held ([`Power::bit`]).
    pub abilities: u32,
    /// Star turns left.
    pub star: u32,
    /// The charge carried, with its uses.
    pub charge: Option<(Charge, u32)>,
    /// The turn (plus one) a Shield absorbed a hit: nothing else hurts that turn.
    pub shielded: u32,
    /// The turn (plus one) flame last hurt you (flame hurts once a turn).
    pub burnt: u32,
}

/// The enemies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enemies {
    /// Every enemy alive, in the order they act.
    pub list: Vec<Enemy>,
    /// The enemies' randomness for this attempt.
    pub ai: Rng,
    /// The decoy chasers go after.
    pub decoy: Option<Pos>,
    /// Where chasers last saw you (you hide in bushes).
    pub last_seen: Pos,
}

/// Bombs and their fire.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bombs {
    /// Bombs on the board.
    pub list: Vec<Bomb>,
    /// Burning tiles and the last turn they burn.
    pub flames: Vec<(Pos, u32)>,
    /// Bushes that catch fire next turn.
    pub smoulder: Vec<Pos>,
    /// The tiles of a flame that let enemies out of the exit or the gem, and
    /// the last turn it burns: only that flame spares them (rules v8; a new
    /// explosion kills them as usual).
    pub sparing: Vec<(Pos, u32)>,
}

/// The board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The tiles (crates burn and crumble).
    pub layout: Layout,
    /// The exit is uncovered.
    pub exit_revealed: bool,
    /// The gem is uncovered.
    pub gem_revealed: bool,
    /// Every enemy is dead: the exit lets you out.
    pub exit_open: bool,
    /// The level's gem was taken (or burnt) on this attempt.
    pub gem_taken: bool,
    /// The rainbow gem's tile (Developer mode) until taken.
    pub rainbow: Option<Pos>,
    /// Coins lying about.
    pub drops: Vec<Drop>,
    /// Crates crumbling after the last enemy, with turns left.
    pub crumbling: Vec<(Pos, u32)>,
    /// Tiles under dust and the turn their ceiling falls.
    pub ceilings: Vec<(Pos, u32)>,
    /// Drops' randomness.
    pub loot: Rng,
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
    /// A run's state before its first level is entered: the starting stats,
    /// no board yet, the seeded streams. [`Game::start`](crate::game::Game::start)
    /// validates the setup and then enters the level (or dresses a scene).
    pub fn new(seed: u64, setup: Setup) -> State {
        State {
            run: Run {
                seed,
                setup,
                level: 1,
                attempt: 0,
                turn: 1,
                total_turns: 0,
                kills: 0,
                lives_lost: 0,
                par: 0,
                phase: RunPhase::Playing,
                last_death: None,
                explained: 0,
                dialogs: Vec::new(),
                pending: Vec::new(),
                exit_after: false,
                fallen: None,
                shop_rng: Rng::stream(seed, "explodo.shop"),
                lookahead: false,
            },
            player: Player {
                at: Pos { x: 1, y: 1 },
                lives: START_LIVES,
                coins: 0,
                max_bombs: START_BOMBS,
                blast: START_BLAST,
                fuse: START_FUSE,
                abilities: 0,
                star: 0,
                charge: None,
                shielded: 0,
                burnt: 0,
            },
            enemies: Enemies {
                list: Vec::new(),
                ai: Rng::stream(seed, "explodo.ai"),
                decoy: None,
                last_seen: Pos { x: 1, y: 1 },
            },
            bombs: Bombs { list: Vec::new(), flames: Vec::new(), smoulder: Vec::new(), sparing: Vec::new() },
            board: Board {
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
                gem_taken: false,
                rainbow: None,
                drops: Vec::new(),
                crumbling: Vec::new(),
                ceilings: Vec::new(),
                loot: Rng::stream(seed, "explodo.loot"),
            },
        }
    }

    pub(super) fn stream(&self, what: &str) -> Rng {
        Rng::stream(self.run.seed, &format!("explodo.{what}.{}", self.run.level))
    }

    pub(super) fn floor_free(&self, p: Pos) -> bool {
        self.board.layout.tile(p) == Tile::Floor && !self.bombs.list.iter().any(|b| b.pos == p)
    }

    pub(super) fn burning(&self, p: Pos) -> bool {
        self.bombs.flames.iter().any(|&(f, _)| f == p)
    }

    /// Whether the flame on `p` is the one that let `e` out, which spares
    /// it while it lingers (rules v8: only that flame).
    pub(super) fn spares(&self, e: &Enemy, p: Pos) -> bool {
        e.just_released(self.run.turn) && self.bombs.sparing.iter().any(|&(f, _)| f == p)
    }

    /// Empty floor: no bomb, no enemy, no flame (where a decoy may stand,
    /// Teleport may land, a Shield may push you).
    pub(super) fn empty(&self, p: Pos) -> bool {
        self.floor_free(p) && self.enemy_at(p).is_none() && !self.burning(p)
    }

    pub(super) fn enemy_at(&self, p: Pos) -> Option<usize> {
        self.enemies.list.iter().position(|e| e.pos == p)
    }

    pub(super) fn bomb_at(&self, p: Pos) -> Option<usize> {
        self.bombs.list.iter().position(|b| b.pos == p)
    }

    /// Holds power-up `p` as if taken from a gem (the balance lab's
    /// `structure` experiment measures positions with and without one).
    pub fn hold(&mut self, p: Power) {
        self.take(items::Offer::Power(p), &mut Vec::new());
    }

    /// Whether you hold a power-up ability or pass.
    pub fn has(&self, p: Power) -> bool {
        self.player.abilities & p.bit() != 0
    }

    /// A copy to look ahead on (the bots, auto-move): it plays by the same
    /// rules, but a turn that costs a life or clears the level leaves the
    /// board as it was instead of setting a level up, because a look-ahead
    /// throws such a copy away (whether it cost a life, or which level it
    /// is on, is all it asks of it).
    pub fn lookahead(&self) -> State {
        let mut copy = self.clone();
        copy.run.lookahead = true;
        copy
    }

    /// The carried charge's kind.
    pub fn carrying(&self) -> Option<Charge> {
        self.player.charge.map(|(c, _)| c)
    }

    /// What offers care about.
    pub fn held(&self) -> items::Held {
        items::Held {
            abilities: self.player.abilities,
            bombs: self.player.max_bombs,
            blast: self.player.blast,
            fuse: self.player.fuse,
        }
    }
}
