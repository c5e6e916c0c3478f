//! The Retrace application: the window ([`ui`]), the command line ([`cli`])
//! and the tools behind them. Everything that touches files lives here
//! ([`files`], [`store`]), never in the kernel.

pub mod budget;
pub mod bug;
pub mod cli;
pub mod escape;
pub mod files;
pub mod links;
pub mod pad;
/// The web page's start (the web build's `window`).
#[cfg(target_arch = "wasm32")]
pub mod page;
pub mod platform;
pub mod sound;
pub mod store;
pub mod ui;
#[cfg(not(target_arch = "wasm32"))]
pub mod window;

/// Written into the header of every replay this build saves.
pub const APP_VERSION: &str = concat!("retrace ", env!("CARGO_PKG_VERSION"));

/// The commit the binary was built from (`app/build.rs`; "unknown" outside
/// a git checkout).
pub const BUILD_COMMIT: &str = env!("RETRACE_COMMIT");

/// The version line: the app's version, each game's rules version, and the
/// commit it was built from.
pub fn version_line() -> String {
    format!("{APP_VERSION} · rules {} · {BUILD_COMMIT}", bug::rules_line())
}

/// A fresh random seed for a new game or field: the app may use the OS and the
/// clock, the kernel never does.
pub fn random_seed() -> u64 {
    platform::entropy()
}
