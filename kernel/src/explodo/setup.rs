//! The run's options, as every rules version's header wrote them.

use super::items::Charge;
use super::topics::Topic;
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
