//! Opening things: replay files and bug reports (opened or dropped on the
//! window), and two runs side by side, each as a watcher or the reason it
//! cannot be watched.

use super::watch::WatchView;
use retrace_kernel::say;
use retrace_kernel::say::{Arg, Say};
use std::path::Path;

/// "<file>: cannot read it: <why>", the system's reason shown as it is.
pub fn cannot_read(name: &str, e: &dyn std::fmt::Display) -> Say {
    say!("{0}: cannot read it: {1}", Arg::Name(name.to_string()), Arg::Name(e.to_string()))
}

/// A file's bytes, read up to the replay cap, or why not.
fn read(path: &Path) -> Result<Vec<u8>, Say> {
    crate::files::read_capped(path, crate::files::MAX_REPLAY_BYTES)
        .map_err(|e| cannot_read(&path.display().to_string(), &e))
}

/// Whether `path` names a Miau pack (`.toml`) or a Keke AI Competition
/// level file (`.json`), by its extension: those open in Miau's level list.
pub fn is_pack(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("toml") || e.eq_ignore_ascii_case("json"))
}

/// A replay file from disk in the watcher, or why not.
pub fn open_path(path: &Path) -> Result<WatchView, Say> {
    WatchView::open(&path.display().to_string(), &read(path)?)
}

/// Two Explodorama replays on one board in the watcher (`retrace A B`), or why not.
pub fn open_pair_paths(a: &Path, b: &Path) -> Result<WatchView, Say> {
    let (x, y) = (read(a)?, read(b)?);
    WatchView::open_pair((&a.display().to_string(), &x), (&b.display().to_string(), &y))
}
