//! The Retrace application: the window ([`ui`]), the command line ([`cli`])
//! and the tools behind them. Everything that touches files lives here
//! ([`files`], [`store`]), never in the kernel.

pub mod cli;
pub mod explodo;
pub mod files;
pub mod goldens;
pub mod life;
pub mod miau;
pub mod mines;
pub mod store;
pub mod ui;

/// Written into the header of every replay this build saves.
pub const APP_VERSION: &str = concat!("retrace ", env!("CARGO_PKG_VERSION"));
