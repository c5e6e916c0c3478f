//! Where the native window and the web page differ (issue 63), and the only
//! place that chooses: the screens call these and never ask which they run on.
//!
//! - files: the native app reads and writes its data folder; the page keeps
//!   the same paths in the browser's storage (`localStorage`), and files the
//!   player opens (dropped, or picked with the browser's file input) live in
//!   memory under [`OPENED`] for as long as the page;
//! - time: [`Instant`] and [`SystemTime`] are std's on native and the
//!   browser's clock on the web (`web-time`);
//! - background work: [`spawn`] is a thread on native; on the web the job
//!   runs on the page's thread after the frame that asked (its budget bounds
//!   it);
//! - dialogs, the data folder's lock, opening a folder, the start.

mod common;
pub use common::*;

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(not(target_arch = "wasm32"))]
pub use native::*;

#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::*;
