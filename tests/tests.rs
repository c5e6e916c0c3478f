//! The workspace-wide integration tests: one binary, one module per concern.

/// The window through egui_kittest: every game's screen, dropped replays, resume, snapshots.
mod app;
/// The `retrace` command line: outputs, messages and exit codes.
mod cli;
/// Explodorama: `retrace explodo level`, `play` and the balance lab.
mod explodo;
/// Deterministic builders for the replays committed to `replays/`, and the in-process `retrace` runner.
mod fixtures;
/// Every committed replay verifies and matches its goldens file.
mod goldens;
/// GPU parity: shaders against their CPU twins (skipped without an adapter unless RETRACE_REQUIRE_GPU=1).
mod gpu;
/// The layers hold: no import cycle in the kernel, rules never using tools.
mod layers;
/// Life: `retrace life run`.
mod life;
/// Miau Is True: `retrace miau check` and `play`.
mod miau;
/// MineLayer: the command line and generator properties over many seeds.
mod mines;
/// The replay file format: round trips, pinned bytes, every corruption rejected.
mod replay_format;
/// Bad input never panics: random setups and logs for every game, mutated text for every parser.
mod robust;
/// `Session`: live play equals replay at every step; undo, redo and seek.
mod session;
