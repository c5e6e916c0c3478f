//! MineLayer's statistics file in the data folder.

/// Loads MineLayer's statistics from `path`. A missing file is empty stats; a
/// file that does not parse also reads as empty, without an error (the spec's
/// rule), but is first moved aside to `<name>.corrupt-<n>` so nothing is lost.
pub fn load_stats(path: &std::path::Path) -> retrace_kernel::mines::stats::Stats {
    use retrace_kernel::mines::stats::Stats;
    let Ok(bytes) = crate::files::read_capped(path, crate::files::MAX_TEXT_BYTES) else { return Stats::default() };
    let text = String::from_utf8_lossy(&bytes);
    let stats = Stats::from_text(&text);
    if stats == Stats::default() && text != Stats::default().to_text() && !bytes.is_empty() {
        for n in 1..1000 {
            let aside = path.with_extension(format!("corrupt-{n}"));
            if !crate::platform::exists(&aside) {
                if !crate::files::read_only(path) {
                    let _ = crate::platform::rename(path, &aside);
                }
                break;
            }
        }
    }
    stats
}

/// Saves MineLayer's statistics atomically.
pub fn save_stats(path: &std::path::Path, stats: &retrace_kernel::mines::stats::Stats) -> std::io::Result<()> {
    crate::files::write_atomic(path, stats.to_text().as_bytes())
}
