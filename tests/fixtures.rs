//! Builders for the committed replays. Each is a pure function of its actions,
//! so the committed bytes can be compared with a fresh build (pinning the
//! encoding) and re-created with `RETRACE_BLESS=1 cargo test` when missing.

use retrace_kernel::tally::{Action, Setup, Tally};
use retrace_kernel::{ReplayFile, Session};
use std::path::PathBuf;

/// The app version written into fixtures: fixed, so a version bump of the app
/// does not change the committed bytes.
pub const FIXTURE_APP: &str = "retrace fixture";

/// The project root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Plays `actions` on a fresh Tally session; each must be accepted.
pub fn tally(target: u32, seed: u64, actions: &[Action]) -> Session<Tally> {
    let mut s = Session::<Tally>::new(Setup { target }, seed).expect("fixture setup is valid");
    for a in actions {
        s.push(a.clone()).expect("fixture action is legal");
    }
    s
}

/// A won game with a die roll in it: roll, double, then add up to 21.
pub fn tally_won() -> Session<Tally> {
    use Action::*;
    let mut s = tally(21, 7, &[Roll, Double]).with_title("Tally: exactly twenty-one");
    while s.state().total < 21 {
        let n = (21 - s.state().total).min(9) as u8;
        s.push(Add(n)).expect("legal");
    }
    s
}

/// Every committed fixture: file name and bytes.
pub fn all() -> Vec<(&'static str, ReplayFile)> {
    use Action::*;
    let won = tally_won();
    let lost = tally(10, 1, &[Add(9), Double]);
    let resigned = tally(50, 2, &[Add(3), Resign]);
    // A long in-progress log crossing several checkpoints.
    let long_actions: Vec<Action> = (0..150).map(|i| if i % 3 == 0 { Roll } else { Add((i % 9 + 1) as u8) }).collect();
    let long = tally(1_000_000, 99, &long_actions);
    vec![
        ("tally-won.replay", won.to_replay(FIXTURE_APP)),
        ("tally-won-certificate.replay", won.to_certificate(FIXTURE_APP).expect("won")),
        ("tally-lost.replay", lost.to_replay(FIXTURE_APP)),
        ("tally-resigned.replay", resigned.to_replay(FIXTURE_APP)),
        ("tally-long.replay", long.to_replay(FIXTURE_APP)),
    ]
}
