//! The Miau solver's bench level, shared by the `miau` and `gpu` benches.

use retrace_kernel::miau::Setup;

/// The bench level: ROCK IS PUSH, WALL IS STOP, and FLAG IS WIN written
/// down the middle with no flag anywhere; the rocks make the space large.
pub fn bench_level() -> Setup {
    let grid = "w w w w w w w w w w / MIAU IS YOU . . ROCK IS PUSH . . / . . . r . r . . . . / . m . r . FLAG . r . . / . . . r . IS . r . . / WALL IS STOP . . WIN . . . . / w w w w w w w w w w";
    let legend =
        [("m", "miau"), ("r", "rock"), ("w", "wall")].iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    Setup { grid: grid.into(), legend, terrain: vec![], pairs: vec![], automata: vec![], profile: Default::default() }
}
