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

/// The soft address-space limit (`RLIMIT_AS`, what `ulimit -v` sets) from
/// `/proc/self/limits`, when there is one.
fn address_space_limit(limits: &str) -> Option<u64> {
    let line = limits.lines().find(|l| l.starts_with("Max address space"))?;
    line["Max address space".len()..].split_whitespace().next()?.parse().ok()
}

/// This process's virtual size (`VmSize` in `/proc/self/status`), in bytes:
/// what an address-space limit already has spent.
fn virtual_size(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmSize:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// A cgroup's limit less its use: v2 (`memory.max`, `memory.current`) or v1
/// (`memory.limit_in_bytes`, `memory.usage_in_bytes`), found through
/// `/proc/self/cgroup`. `None` when unlimited or unknown.
fn cgroup_room(cgroups: &str, read: &dyn Fn(&str) -> Option<String>) -> Option<u64> {
    let number = |t: Option<String>| t.and_then(|t| t.trim().parse::<u64>().ok());
    // Limits above this are "unlimited" written as a number (v1 writes 2^63 less a page).
    const UNLIMITED: u64 = 1 << 60;
    let mut best: Option<u64> = None;
    for line in cgroups.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next(), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        let path = path.trim_end_matches('/');
        let (limit, used) = if controllers.is_empty() {
            (
                number(read(&format!("/sys/fs/cgroup{path}/memory.max"))),
                number(read(&format!("/sys/fs/cgroup{path}/memory.current"))),
            )
        } else if controllers.split(',').any(|c| c == "memory") {
            (
                number(read(&format!("/sys/fs/cgroup/memory{path}/memory.limit_in_bytes"))),
                number(read(&format!("/sys/fs/cgroup/memory{path}/memory.usage_in_bytes"))),
            )
        } else {
            continue;
        };
        if let Some(limit) = limit.filter(|&l| l < UNLIMITED) {
            let room = limit.saturating_sub(used.unwrap_or(0));
            best = Some(best.map_or(room, |b| b.min(room)));
        }
    }
    best
}

/// What this process may still take, the smallest of: the machine's
/// available memory, the room left under an address-space limit, the room
/// left in its cgroup, and a 32-bit address space; each with the words that
/// name it.
pub fn memory_room() -> Option<(u64, &'static str)> {
    let read = |p: &str| std::fs::read_to_string(p).ok();
    let mut room: Vec<(u64, &'static str)> = Vec::new();
    if let Some(b) = available_memory() {
        room.push((b, "the memory this machine has available"));
    }
    if let (Some(limit), Some(used)) = (
        read("/proc/self/limits").as_deref().and_then(address_space_limit),
        read("/proc/self/status").as_deref().and_then(virtual_size),
    ) {
        room.push((limit.saturating_sub(used), "the room under this process's address-space limit (ulimit -v)"));
    }
    if let Some(b) = read("/proc/self/cgroup").and_then(|c| cgroup_room(&c, &read)) {
        room.push((b, "the room left in this process's cgroup (memory.max)"));
    }
    if let Ok(max) = u64::try_from(usize::MAX) {
        room.push((max / 2, "this build's address space"));
    }
    room.into_iter().min_by_key(|&(b, _)| b)
}

/// The default memory budget of a search: half of what this process may
/// still take ([`memory_room`]; 1 GiB where nothing says), so a search stops
/// with `LIMIT … memory` long before the machine, a `ulimit -v` or a
/// container's `memory.max` runs out.
pub fn default_memory() -> u64 {
    memory_room().map_or(1 << 30, |(b, _)| b / 2)
}

/// A memory budget asked for in MiB, capped at what this process may still
/// take; the note says so when it was capped.
pub fn memory(asked_mib: Option<u64>) -> (u64, Option<String>) {
    let Some(mib) = asked_mib else { return (default_memory(), None) };
    let asked = mib.saturating_mul(1 << 20);
    match memory_room() {
        Some((room, what)) if asked > room => (
            room / 2,
            Some(format!(
                "--memory {mib} MiB is more than {what} ({} MiB); using half of that, {} MiB",
                room >> 20,
                room >> 21
            )),
        ),
        _ => (asked, None),
    }
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
pub struct Deadline(Option<crate::platform::Instant>);

impl Deadline {
    /// A deadline `seconds` from now, or none.
    pub fn new(seconds: Option<u64>) -> Deadline {
        Deadline(seconds.map(|s| crate::platform::Instant::now() + std::time::Duration::from_secs(s)))
    }

    /// Whether the time is up.
    pub fn expired(&self) -> bool {
        self.0.is_some_and(|t| crate::platform::Instant::now() >= t)
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

#[cfg(test)]
mod tests {
    use super::{address_space_limit, cgroup_room, virtual_size};

    #[test]
    fn the_process_limits_are_read_from_procs_words() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max address space         1536000000           unlimited            bytes\n";
        assert_eq!(address_space_limit(limits), Some(1_536_000_000));
        let unlimited = "Max address space         unlimited            unlimited            bytes\n";
        assert_eq!(address_space_limit(unlimited), None);
        assert_eq!(virtual_size("Name:\tretrace\nVmSize:\t  20480 kB\n"), Some(20480 * 1024));
    }

    #[test]
    fn a_cgroups_room_is_its_limit_less_its_use_v1_and_v2() {
        let files = |p: &str| match p {
            "/sys/fs/cgroup/app.slice/memory.max" => Some("1073741824\n".to_string()),
            "/sys/fs/cgroup/app.slice/memory.current" => Some("73741824\n".to_string()),
            "/sys/fs/cgroup/memory/job/memory.limit_in_bytes" => Some("9223372036854771712\n".to_string()),
            "/sys/fs/cgroup/memory/job/memory.usage_in_bytes" => Some("3000\n".to_string()),
            _ => None,
        };
        assert_eq!(cgroup_room("0::/app.slice\n", &files), Some(1_000_000_000));
        // v1's "unlimited" is 2^63 less a page: no room is set.
        assert_eq!(cgroup_room("4:memory:/job\n1:cpu:/\n", &files), None);
        assert_eq!(cgroup_room("0::/\n", &files), None);
    }
}
