//! # retrace-gpu
//!
//! The wgpu compute backend. One WGSL file per compute stage with a
//! same-named CPU twin in Rust, held bit for bit to it (and through it to the
//! kernel) by parity tests:
//!
//! - [`life_step`] (`life_step.wgsl`): two-colour Life for batches of fields,
//!   many generations per submission, with per-generation counts and hashes
//!   (or the last generation's only, and the cells only when asked).
//! - [`life_planes`] (`life_planes.wgsl`): the same step on bit planes, 32
//!   cells a word, one generation a dispatch.
//! - [`life_tiles`] (`life_tiles.wgsl`): the bit planes stepped several
//!   generations a dispatch, a tile of rows at a time in workgroup memory;
//!   [`GpuStepper`] ([`life`], above the three) runs on it first, then on
//!   the planes, then on the cells; [`life_batch`] holds the batch and the
//!   figures the three share.
//! - [`frontier_hash`] (`frontier_hash.wgsl`): BLAKE3 of fixed-length keys, the
//!   GPU backend of the kernel's `FrontierHasher`.
//! - [`frontier_dedup`] (`frontier_dedup.wgsl`): the Miau solver's visited
//!   set kept on the GPU (keys up, one bit a key back, two batches in
//!   flight), the kernel's `FrontierDedup`.
//!
//! `blake3.wgsl` and `life_common.wgsl` are preludes the shaders that need
//! them are concatenated with.
//! - [`device`]: adapter and device set-up (WGPU_BACKEND and friends choose the
//!   backend), validation scopes, readback with a bounded wait.
//!
//! Integer arithmetic only; every readback waits at most 60 s and reports a
//! lost device as an error.

pub mod device;
pub mod frontier_dedup;
pub mod frontier_hash;
pub mod life;
pub mod life_batch;
pub mod life_planes;
pub mod life_step;
pub mod life_tiles;
mod stage;

pub use device::{gpu_for_tests, Gpu, GpuError};
pub use life::GpuStepper;

#[cfg(test)]
mod tests;

/// The wgpu this crate is built with, for callers that read adapter details.
pub use wgpu;
