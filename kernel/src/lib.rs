//! # retrace-kernel
//!
//! The deterministic simulation kernel shared by every Retrace game: pure rules,
//! no I/O, no GUI, no GPU, no wall clock, no OS randomness, integers only.
//!
//! - [`game`]: the [`Game`] trait every game implements.
//! - [`replay`]: the replay file (header, action log, BLAKE3 chain, checkpoints,
//!   certificates); [`verify`]: checking one completely, through its game.
//! - [`session`]: a live game with undo, redo and seek, always equal to a replay of its log.
//! - [`rng`]: the one portable random number generator and its per-purpose streams.
//! - [`digest`]: canonical state digests built from named parts.
//! - [`registry`]: every game behind one object-safe interface, by id.
//! - [`hashing`]: the frontier hashing interface (CPU BLAKE3; the GPU plugs in).
//! - [`wire`]: the pinned bincode configuration.
//! - [`life`], [`mines`], [`miau`], [`explodo`]: the four games (Life,
//!   MineLayer, Miau Is True, Explodorama), each a thin face over its folder.
//! - [`tally`]: a tiny test game for the replay machinery.
//! - [`threads`]: threads where the platform has them (one on wasm).

// The kernel's own lints on top of the workspace's (Cargo.toml): its rules
// are integers only, it never prints, and kernel/clippy.toml bans the types
// and calls that would let a clock, OS randomness or a hash order into an
// answer.
#![warn(
    clippy::float_arithmetic,
    clippy::float_cmp,
    clippy::cast_precision_loss,
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::disallowed_types,
    clippy::disallowed_methods
)]

pub mod compare;
pub mod digest;
pub mod explodo;
pub mod game;
pub mod hashing;
pub mod life;
pub mod miau;
pub mod mines;
pub mod registry;
pub mod replay;
pub mod rng;
pub mod say;
pub mod session;
pub mod tally;
pub mod threads;
pub mod verify;
pub mod wire;

pub use digest::{Digest, Part, PartHasher};
pub use game::{Game, Outcome, Rejection};
pub use replay::{ReplayError, ReplayFile};
pub use session::Session;
pub use verify::Verified;
