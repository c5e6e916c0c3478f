//! The things a run collects: power-ups (held for the rest of the run) and
//! charges (one kind carried, used with the charge action), their rarity
//! weights, shop prices, and the seeded draws of the gem and the shop.
//!
//! The numbers the spec leaves open (every weight, most prices) are chosen
//! here and listed in `README.md`; changing one changes which offers a seed
//! makes, so it bumps `RULES_VERSION`.

use crate::rng::Rng;
use serde::{Deserialize, Serialize};

/// The cap of every stat a power-up raises (bombs, fire, fuse).
pub const STAT_CAP: u32 = 5;

/// A power-up: a stat, an ability, a pass or a one-off. Append-only (logged
/// inside offers only by index, but named in events and scores).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Power {
    /// One more bomb on the board at a time (up to 5).
    BombUp,
    /// Blast one tile further (up to 5).
    FireUp,
    /// Blast two tiles further (up to 5).
    Tnt,
    /// Bombs start one higher (up to 5).
    FuseUp,
    /// Move 2 tiles in a straight line.
    Run,
    /// Walking into a bomb kicks it.
    Kick,
    /// A bomb 2 tiles away, over a crate, bomb or enemy.
    Throw,
    /// Diagonal steps (no squeezing between two blocked tiles).
    Diagonal,
    /// Slide in a straight line until blocked.
    Slide,
    /// Fire a bomb in a straight line; it lands before the first blocker.
    Rpg,
    /// Set your own bomb off this turn.
    Detonator,
    /// Your bombs go off when an enemy is right next to one.
    Proximity,
    /// Walk through crates.
    CratePass,
    /// Walk over bombs.
    BombPass,
    /// Nothing hurts you for 8 turns.
    Star,
    /// One more life.
    Heart,
    /// 10 coins.
    CoinBag,
}

/// Every power-up, in order.
pub const POWERS: [Power; 17] = [
    Power::BombUp,
    Power::FireUp,
    Power::Tnt,
    Power::FuseUp,
    Power::Run,
    Power::Kick,
    Power::Throw,
    Power::Diagonal,
    Power::Slide,
    Power::Rpg,
    Power::Detonator,
    Power::Proximity,
    Power::CratePass,
    Power::BombPass,
    Power::Star,
    Power::Heart,
    Power::CoinBag,
];

/// Turns a Star lasts.
pub const STAR_TURNS: u32 = 8;
/// Coins in a Coin bag.
pub const COIN_BAG: u32 = 10;

impl Power {
    /// Its name as the cards say it.
    pub fn name(self) -> &'static str {
        match self {
            Power::BombUp => "Bomb +1",
            Power::FireUp => "Fire +1",
            Power::Tnt => "TNT",
            Power::FuseUp => "Fuse +1",
            Power::Run => "Run",
            Power::Kick => "Kick",
            Power::Throw => "Throw",
            Power::Diagonal => "Diagonal",
            Power::Slide => "Slide",
            Power::Rpg => "RPG",
            Power::Detonator => "Detonator",
            Power::Proximity => "Proximity alert",
            Power::CratePass => "Crate Pass",
            Power::BombPass => "Bomb Pass",
            Power::Star => "Star",
            Power::Heart => "Heart",
            Power::CoinBag => "Coin bag",
        }
    }
    /// Abilities and passes are held once and never offered again.
    pub const fn is_ability(self) -> bool {
        !matches!(
            self,
            Power::BombUp | Power::FireUp | Power::Tnt | Power::FuseUp | Power::Star | Power::Heart | Power::CoinBag
        )
    }
    /// Its bit in [`Held`].
    pub fn bit(self) -> u32 {
        1 << (self as u32)
    }
    /// Rarity weight for the gem and the shop (common 12 … rare 2).
    pub fn weight(self) -> u32 {
        match self {
            Power::BombUp | Power::FireUp => 12,
            Power::FuseUp | Power::CoinBag => 6,
            Power::Tnt | Power::Star => 4,
            Power::Run | Power::Kick | Power::Throw | Power::Diagonal | Power::Slide | Power::Rpg => 5,
            Power::Detonator | Power::CratePass | Power::BombPass => 4,
            Power::Proximity | Power::Heart => 2,
        }
    }
    /// Shop price in coins (the Coin bag is never sold).
    pub fn price(self) -> u32 {
        match self {
            Power::BombUp | Power::FireUp | Power::FuseUp => 4,
            Power::Tnt => 7,
            Power::Proximity => 10,
            Power::Heart => 12,
            Power::CoinBag => 0,
            _ => 6,
        }
    }
    /// What it does, for its card and the first-time explanation.
    pub fn text(self) -> &'static str {
        match self {
            Power::BombUp => "One more bomb on the board at a time, up to 5.",
            Power::FireUp => "Blast reaches one tile further, up to 5.",
            Power::Tnt => "Blast reaches two tiles further, up to 5.",
            Power::FuseUp => "Your bombs start one higher, up to 5.",
            Power::Run => "Move can run 2 tiles in a straight line.",
            Power::Kick => "Walk into a bomb and it slides away until something stops it.",
            Power::Throw => "Bomb can go 2 tiles away, over a crate, bomb or enemy (not a pillar).",
            Power::Diagonal => "Move can step diagonally, unless both tiles beside the step are blocked.",
            Power::Slide => "Move can slide in a straight line until a wall, crate or bomb stops you.",
            Power::Rpg => "Bomb can fire a bomb in a straight line; it lands before the first blocker.",
            Power::Detonator => "Set off one of your bombs this turn.",
            Power::Proximity => "Your bombs go off when an enemy is right next to one.",
            Power::CratePass => "Walk through crates.",
            Power::BombPass => "Walk over bombs.",
            Power::Star => "Nothing hurts you for 8 turns; you can walk through flame.",
            Power::Heart => "One more life.",
            Power::CoinBag => "10 coins.",
        }
    }
}

/// A charge: carried one kind at a time, with uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Charge {
    /// Bombs whose flame goes through crates.
    Pierce,
    /// Bombs whose flame reaches the walls.
    Power,
    /// Bombs that also burn every tile within 2 steps.
    Nuke,
    /// A Nuke-like bomb that cracks pillars.
    Acid,
    /// Absorbs one hit (works by itself).
    Shield,
    /// Every enemy freezes for 3 turns.
    Freeze,
    /// A copy of you that chasers go after.
    Decoy,
    /// A bomb fired like an RPG that goes off on landing.
    Icbm,
    /// Flame cannot hurt you for 3 hits (works by itself).
    FlamePass,
    /// Jump to an empty tile within 3 steps.
    Teleport,
}

/// Every charge, in order.
pub const CHARGES: [Charge; 10] = [
    Charge::Pierce,
    Charge::Power,
    Charge::Nuke,
    Charge::Acid,
    Charge::Shield,
    Charge::Freeze,
    Charge::Decoy,
    Charge::Icbm,
    Charge::FlamePass,
    Charge::Teleport,
];

/// Turns a Freeze holds the enemies.
pub const FREEZE_TURNS: u32 = 3;
/// How far a Decoy can be put, in a straight line.
pub const DECOY_REACH: i32 = 3;
/// Teleport's reach in steps (one more with Run).
pub const TELEPORT_REACH: i32 = 3;

impl Charge {
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Charge::Pierce => "Pierce",
            Charge::Power => "Power",
            Charge::Nuke => "Nuke",
            Charge::Acid => "Acid",
            Charge::Shield => "Shield",
            Charge::Freeze => "Freeze",
            Charge::Decoy => "Decoy",
            Charge::Icbm => "ICBM",
            Charge::FlamePass => "Flame Pass",
            Charge::Teleport => "Teleport",
        }
    }
    /// Uses in one pickup.
    pub fn uses(self) -> u32 {
        match self {
            Charge::Acid | Charge::Shield | Charge::Freeze | Charge::Decoy => 1,
            _ => 3,
        }
    }
    /// Works by itself while carried (no charge action).
    pub fn passive(self) -> bool {
        matches!(self, Charge::Shield | Charge::FlamePass)
    }
    /// At most one of these may lie on the board at a time.
    pub fn single_on_board(self) -> bool {
        matches!(self, Charge::Decoy | Charge::Freeze | Charge::Shield)
    }
    /// Shop price for a full pickup (3 to 7).
    pub fn price(self) -> u32 {
        match self {
            Charge::Decoy => 3,
            Charge::Pierce | Charge::Power => 4,
            Charge::Freeze | Charge::FlamePass | Charge::Teleport | Charge::Acid => 5,
            Charge::Nuke | Charge::Shield => 6,
            Charge::Icbm => 7,
        }
    }
    /// What `left` uses sell for: half the shop price of what is left, rounded up.
    pub fn sell_value(self, left: u32) -> u32 {
        (self.price() * left).div_ceil(2 * self.uses())
    }
    /// Rarity weight in the gem and the shop.
    pub fn weight(self) -> u32 {
        match self {
            Charge::Pierce | Charge::Power | Charge::Decoy => 4,
            _ => 3,
        }
    }
    /// What it does (the first-pickup explanation).
    pub fn text(self) -> &'static str {
        match self {
            Charge::Pierce => "3 bombs whose flame goes through crates, burning every one in reach.",
            Charge::Power => "3 bombs whose flame reaches all the way to the walls (crates still stop it).",
            Charge::Nuke => "3 bombs that also burn every tile within 2 steps, through crates and round corners. Get 3 steps away.",
            Charge::Acid => "1 bomb that burns like a Nuke and cracks every pillar near it; a later blast breaks a cracked pillar and the ceiling falls 4 turns later.",
            Charge::Shield => "Works by itself: absorbs the next hit (flame, enemy or spikes).",
            Charge::Freeze => "Every enemy freezes in place for 3 turns.",
            Charge::Decoy => "A copy of you up to 3 tiles away in a straight line; chasers go after it.",
            Charge::Icbm => "3 launches: fired like an RPG, it goes off the moment it lands.",
            Charge::FlamePass => "Works by itself: flame cannot hurt you for the next 3 hits.",
            Charge::Teleport => "3 jumps to any empty tile within 3 steps (4 with Run; a square with Diagonal).",
        }
    }
}

/// Something a gem or a shop offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Offer {
    /// A power-up.
    Power(Power),
    /// A charge with its full uses.
    Charge(Charge),
}

impl Offer {
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Offer::Power(p) => p.name(),
            Offer::Charge(c) => c.name(),
        }
    }
    /// Rarity weight.
    pub fn weight(self) -> u32 {
        match self {
            Offer::Power(p) => p.weight(),
            Offer::Charge(c) => c.weight(),
        }
    }
    /// Shop price.
    pub fn price(self) -> u32 {
        match self {
            Offer::Power(p) => p.price(),
            Offer::Charge(c) => c.price(),
        }
    }
}

/// What the player has, as far as offers care.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    /// Bits of the abilities and passes held ([`Power::bit`]).
    pub abilities: u32,
    /// Bombs at a time.
    pub bombs: u32,
    /// Blast reach.
    pub blast: u32,
    /// Fuse.
    pub fuse: u32,
}

impl Held {
    /// Whether `p` may be offered: no ability held twice, no stat past 5.
    pub fn allows(&self, p: Power) -> bool {
        let cap = STAT_CAP;
        match p {
            Power::BombUp => self.bombs < cap,
            Power::FireUp => self.blast < cap,
            Power::Tnt => self.blast + 2 <= cap,
            Power::FuseUp => self.fuse < cap,
            _ if p.is_ability() => self.abilities & p.bit() == 0,
            _ => true,
        }
    }
}

/// Draws `n` different offers from `pool` by weight, without replacement.
pub fn draw(pool: &[Offer], n: usize, rng: &mut Rng) -> Vec<Offer> {
    let mut pool = pool.to_vec();
    let mut out = Vec::new();
    while out.len() < n && !pool.is_empty() {
        let weights: Vec<u32> = pool.iter().map(|o| o.weight()).collect();
        let i = rng.weighted(&weights).expect("weights are positive");
        out.push(pool.remove(i));
    }
    out
}

/// The gem's pool: every power-up `held` allows, and every charge.
pub fn gem_pool(held: &Held) -> Vec<Offer> {
    POWERS
        .iter()
        .filter(|&&p| held.allows(p))
        .map(|&p| Offer::Power(p))
        .chain(CHARGES.iter().map(|&c| Offer::Charge(c)))
        .collect()
}

/// The shop's pool: the gem's, without the Coin bag.
pub fn shop_pool(held: &Held) -> Vec<Offer> {
    gem_pool(held).into_iter().filter(|o| *o != Offer::Power(Power::CoinBag)).collect()
}

/// Cards in a gem's offer.
pub const GEM_CARDS: usize = 5;
/// Items on a shop's shelf.
pub const SHOP_ITEMS: usize = 4;
/// The shop opens after these levels.
pub const SHOP_AFTER: [u32; 6] = [3, 6, 9, 12, 15, 18];
