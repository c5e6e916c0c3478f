//! The `Game` trait that every game implements, and the vocabulary it shares.

use crate::digest::{combine, Digest, Part};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::{self, Debug};

/// Why an action (or a setup) was refused, in words a player understands.
/// A rejected action leaves the state untouched and is not logged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Rejection(pub String);

impl Rejection {
    /// A rejection with the given sentence.
    pub fn new(reason: impl Into<String>) -> Self {
        Rejection(reason.into())
    }
}

/// Where a game stands. Stored in certificates: variants are append-only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Still being played.
    InProgress,
    /// Won; the text says how (for example "player 1 wins 120 to 80").
    Won(String),
    /// Lost; the text says why.
    Lost(String),
    /// Ended without a winner (a draw, a surrender); the text says why.
    Ended(String),
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

    /// True once the game is over.
    pub fn is_over(&self) -> bool {
        !matches!(self, Outcome::InProgress)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::InProgress => f.write_str("in-progress"),
            Outcome::Won(s) | Outcome::Lost(s) | Outcome::Ended(s) if s.is_empty() => f.write_str(self.kind()),
            Outcome::Won(s) | Outcome::Lost(s) | Outcome::Ended(s) => {
                write!(f, "{} ({s})", self.kind())
            }
        }
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
