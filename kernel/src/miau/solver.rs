//! The solver: breadth-first search over U, D, L, R and W, so a found solution
//! is a shortest one. Each layer's new states are keyed by fixed-length bytes
//! ([`Layout`](super::key::Layout)) and fingerprinted (`hashing::fingerprints`
//! on the expanding threads, or a `FrontierDedup` elsewhere: the GPU's): the
//! answers are identical with every backend.
//!
//! Bytes kept per visited state: 12 (the first 12 bytes of the BLAKE3 of
//! the key padded to whole blocks, in buckets of five on a cache line, in
//! an open-addressed visited table of 256 shards, each kept 37.5 % to
//! 75 % full, their sizes spread over an octave; two states share one with a chance under n² / 2^97) + 4
//! (the parent index and the move packed in one `u32`, in runs: one
//! that at most doubles, or from four threads one run a chunk, exactly
//! sized): 20 to 45 bytes (`MAX_STORED_BYTES_PER_STATE`). The
//! frontier is kept as keys, each stored as its differences from the key
//! before it (`frontier.rs`: a few bytes a state); a state is rebuilt from its key to be expanded
//! (the rules at the end of a turn are always the reading of its board, so
//! nothing else is needed), in batches of parents, each batch split in fixed
//! chunks over `Options::threads` threads: every thread count and batch size
//! gives the same answer. Each thread steps the solver's compact state
//! ([`super::compact`]) in place and undoes each move; levels it does not take
//! step one child `State` per thread, reset from its parent
//! (`State::reset_from`). A child whose key is its parent's is not hashed.
//!
//! The files: `visited.rs` (the visited set), `frontier.rs` (a layer's
//! keys, kept small), `parents.rs` (the parent links, in runs),
//! `engine.rs` (the constraints and the two engines behind one trait),
//! `search.rs` (the search, a stage a method of `Search`), `taker.rs` (taking a batch's new children),
//! `verdict.rs` (options, verdicts, budgets),
//! `threads.rs` (work on several threads at once: a pool from four threads
//! on), `analysis.rs` (text and analysis tools); the key layout
//! and codec live beside, in `../key.rs`, shared with the compact state.

mod analysis;
mod engine;
mod frontier;
mod informed;
mod parents;
mod search;
mod stored;
mod taker;
mod threads;
mod verdict;
mod visited;

pub use analysis::{analyze, analyze_watched, Analysis};
pub use search::{default_batch, engine, solve, solve_from, solve_watched, solve_with, BATCH};
pub use stored::{check_stored, Parted, Stored};
pub use verdict::{
    moves_text, rule_text, stored_bytes, Budget, Like, Options, Progress, SearchKind, Verdict, MAX_STATES,
    MAX_STORED_BYTES_PER_STATE, MOVES, STORED_BYTES_PER_STATE,
};
