//! The window's Russian: every phrase of the screens and every sentence of
//! the kernel (its templates, `{0}` where an argument goes), with the names
//! of Explodorama's power-ups, charges and enemies, kept a file a game (and
//! one for the shell and what games share). The tables are merged once,
//! sorted by the English (bytewise), so
//! [`lookup`](retrace_kernel::say::lookup) finds a phrase by halving.

use retrace_kernel::say::Table;
use std::sync::LazyLock;

mod common;
mod explodo;
mod life;
mod miau;
mod mines;

/// The tables a file each; tests keep each sorted, the whole complete and
/// no phrase in two of them.
pub const PARTS: [Table; 5] = [common::COMMON, explodo::EXPLODO, life::LIFE, miau::MIAU, mines::MINES];

/// The parts merged and sorted, made on first use.
static MERGED: LazyLock<Vec<(&'static str, &'static str)>> = LazyLock::new(|| {
    let mut all = PARTS.concat();
    all.sort_unstable_by_key(|e| e.0);
    all
});

/// English → Russian, the whole table.
pub fn ru_table() -> Table {
    LazyLock::force(&MERGED).as_slice()
}
