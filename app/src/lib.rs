//! The Retrace application: the command line ([`cli`]) and the tools behind it.
//! Everything that touches files lives here, never in the kernel.

pub mod cli;
pub mod files;
pub mod goldens;
pub mod life;
pub mod mines;

/// Written into the header of every replay this build saves.
pub const APP_VERSION: &str = concat!("retrace ", env!("CARGO_PKG_VERSION"));
