//! Walking and the autopilot (auto-move's way, found by the kernel's route),
//! the rules' preview of the coming turns, and the gamepad's presses.

use retrace_kernel::explodo::board::Pos;

/// What a walk says after a step while enemies are about.
pub const WALK_ON: &str = "One step a click while enemies are about: click the tile again, or Go, for the next.";

/// What the rules say about the coming turns, for one step of the run.
pub(super) struct Preview {
    pub(super) step: u32,
    pub(super) now: std::collections::BTreeSet<Pos>,
    pub(super) next: std::collections::BTreeSet<Pos>,
    /// The tiles that burn later, each with the turns until it does (3 or more).
    pub(super) later: Vec<(Pos, u32)>,
    pub(super) wait_deadly: bool,
}
