//! The `Game` trait that every game implements, and the vocabulary it shares.

use crate::digest::{combine, Digest, Part};
use crate::say;
use crate::say::Say;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::{self, Debug};

/// Why an action (or a setup) was refused, in words a player understands.
/// A rejected action leaves the state untouched and is not logged.
/// The sentence is a [`Say`], so the window shows it in the player's language.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Rejection(pub Say);

impl Rejection {
    /// A rejection with the given sentence.
    pub fn new(reason: impl Into<Say>) -> Self {
        Rejection(reason.into())
    }
}

/// Where a game stands. Stored in certificates: variants are append-only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Still being played.
    InProgress,
    /// Won; the sentence says how (for example "player 1 wins 120 to 80").
    /// It encodes as its English text, so certificates are plain text here.
    Won(Say),
    /// Lost; the sentence says why.
    Lost(Say),
    /// Ended without a winner (a draw, a surrender); the sentence says why.
    Ended(Say),
}

impl Outcome {
    /// One lowercase word: `in-progress`, `won`, `lost` or `ended`.
    pub fn kind(&self) -> &'static str {
        match self {
            Outcome::InProgress => "in-progress",
            Outcome::Won(_) => "won",
            Outcome::Lost(_) => "lost",
            Outcome::Ended(_) => "ended",
        }
    }

    /// The outcome as one sentence: its kind with the reason in brackets
    /// ("won (level 3 cleared at generation 40)"), for any language.
    pub fn say(&self) -> Say {
        match self {
            Outcome::InProgress => Say::from("in-progress"),
            Outcome::Won(s) | Outcome::Lost(s) | Outcome::Ended(s) if s.key.is_empty() && s.args.is_empty() => {
                Say::from(self.kind())
            }
            Outcome::Won(s) => say!("won ({0})", s.clone()),
            Outcome::Lost(s) => say!("lost ({0})", s.clone()),
            Outcome::Ended(s) => say!("ended ({0})", s.clone()),
        }
    }

    /// True once the game is over.
    pub fn is_over(&self) -> bool {
        !matches!(self, Outcome::InProgress)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say().render(None))
    }
}

/// A deterministic, turn-based game: pure functions of (setup, seed, actions).
///
/// Contract: `start` and `apply` use integers only, no wall clock, no OS
/// randomness (only [`crate::rng::Rng`] streams derived from the seed), and
/// `apply` leaves the state untouched when it returns `Err`.
pub trait Game: 'static {
    /// The stable id written in replay headers (`life`, `mines`, `miau`, `explodo`).
    const ID: &'static str;
    /// A human name.
    const NAME: &'static str;
    /// Bumped whenever an existing replay would play differently.
    const RULES_VERSION: u32;
    /// Everything chosen before the first action. Encoded in the replay header.
    type Setup: Serialize + DeserializeOwned + Clone + Debug + PartialEq;
    /// One logged player decision. Encoded in the log: enum variants are append-only.
    type Action: Serialize + DeserializeOwned + Clone + Debug + PartialEq;
    /// The whole state. Never encoded directly; digested through [`Game::parts`].
    type State: Clone;
    /// What an applied action did, for the UI to animate and sound.
    type Event: Clone + Debug;

    /// The initial state, or why this setup cannot be played.
    fn start(setup: &Self::Setup, seed: u64) -> Result<Self::State, Rejection>;

    /// Plays one action.
    fn apply(state: &mut Self::State, action: &Self::Action) -> Result<Vec<Self::Event>, Rejection>;

    /// The named part digests that make up the state digest, in a fixed order.
    fn parts(state: &Self::State) -> Vec<Part>;

    /// Where the game stands.
    fn outcome(state: &Self::State) -> Outcome;

    /// Reads a replay header's setup, recorded under `rules_version` (this
    /// build's or an older one), as this build's setup. Games whose setup
    /// grew override it: it is the version switch that lets an older replay
    /// play under today's rules (`retrace compare FILE --current-rules`).
    fn read_setup(bytes: &[u8], rules_version: u32) -> Result<Self::Setup, String> {
        let _ = rules_version;
        crate::wire::decode(bytes)
    }

    /// The state digest: [`combine`] of the game id and [`Game::parts`].
    fn digest(state: &Self::State) -> Digest {
        combine(Self::ID, &Self::parts(state))
    }
}
