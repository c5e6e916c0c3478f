//! Where the native window and the web page differ (issue 63), and the only
//! place that chooses: the screens call these and never ask which they run on.
//!
//! - files: the native app reads and writes its data folder; the page keeps
//!   the same paths in the browser's storage (`localStorage`), and files the
//!   player opens (dropped, or picked with the browser's file input) live in
//!   memory under [`OPENED`] for as long as the page;
//! - time: [`Instant`] and [`SystemTime`] are std's on native and the
//!   browser's clock on the web (`web-time`);
//! - background work: a [`Job`] given to [`start`] runs on a thread on
//!   native and in a web worker on the page (the page's thread never waits
//!   for it), its input and answer as bytes both ways;
//! - the GPU: Life's engine ([`LifeEngine`]) waits for its answer natively;
//!   on the page (WebGPU, where the browser offers it) the GPU opens while
//!   the page starts and each run is awaited between frames, the frames
//!   going on meanwhile;
//! - dialogs, the data folder's lock, opening a folder, the start.

mod common;
pub use common::*;
mod jobs;
pub use jobs::*;

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(not(target_arch = "wasm32"))]
pub use native::*;

#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::*;
#[cfg(target_arch = "wasm32")]
mod web_gpu;
#[cfg(target_arch = "wasm32")]
pub use web_gpu::*;
