//! Budgets for long jobs: how much memory a search may take by default, how
//! many threads a machine has, and a deadline a progress callback can check.
//! The kernel takes its budgets as numbers (it reads no clock and no
//! machine); the app picks them here.

/// Bytes of memory the system says are available (`MemAvailable` in
/// `/proc/meminfo`), when it says.
pub fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The default memory budget of a search: half of what is available (1 GiB
/// where the system does not say), so a search stops with `LIMIT … memory`
/// long before the machine runs out.
pub fn default_memory() -> u64 {
    available_memory().map_or(1 << 30, |b| b / 2)
}

/// Every core this machine offers.
pub fn cores() -> u32 {
    std::thread::available_parallelism().map_or(1, |n| u32::try_from(n.get()).unwrap_or(u32::MAX))
}

/// A thread count asked for, capped at the machine's cores; the note says so
/// when it was capped.
pub fn threads(asked: Option<u32>) -> (u32, Option<String>) {
    let cores = cores();
    match asked {
        None => (cores, None),
        Some(0) => (1, None),
        Some(n) if n > cores => {
            (cores, Some(format!("--threads {n} is more than this machine's {cores} cores; using {cores}")))
        }
        Some(n) => (n, None),
    }
}

/// A deadline: `expired` once `seconds` have passed since `new` (never
/// without seconds).
#[derive(Clone, Copy, Debug)]
pub struct Deadline(Option<std::time::Instant>);

impl Deadline {
    /// A deadline `seconds` from now, or none.
    pub fn new(seconds: Option<u64>) -> Deadline {
        Deadline(seconds.map(|s| std::time::Instant::now() + std::time::Duration::from_secs(s)))
    }

    /// Whether the time is up.
    pub fn expired(&self) -> bool {
        self.0.is_some_and(|t| std::time::Instant::now() >= t)
    }
}

/// A Miau search's options on this machine: `max_states`, every core, and
/// the default memory budget (so it stops with LIMIT, never the OOM killer).
pub fn miau_options(max_states: u64) -> retrace_kernel::miau::solver::Options {
    retrace_kernel::miau::solver::Options {
        max_states,
        threads: cores(),
        max_bytes: default_memory(),
        ..retrace_kernel::miau::solver::Options::default()
    }
}

/// A spinner on the terminal's stderr for long work, with a message and the
/// time elapsed; hidden when stderr is not a terminal (tests, pipes), so
/// output stays the same.
pub fn spinner() -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} [{elapsed}]")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    bar
}
