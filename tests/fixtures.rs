//! Builders for the committed replays. Each is a pure function of its actions,
//! so the committed bytes can be compared with a fresh build (pinning the
//! encoding) and re-created with `RETRACE_BLESS=1 cargo test` when missing.

use retrace_kernel::mines::{self, MineLayer, Tier};
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

/// A MineLayer round on `tier` with `seed`.
pub fn mines_round(tier: Tier, seed: u64) -> Session<MineLayer> {
    Session::new(mines::Setup { tier }, seed).expect("fixture tier is valid")
}

/// Cells of a round's field that hold mines, and safe cells that are not clues.
pub fn mines_cells(s: &Session<MineLayer>) -> (Vec<u16>, Vec<u16>) {
    let f = &s.state().field;
    let mines = (0..f.len() as u16).filter(|&i| f.mine[i as usize]).collect();
    let safe = (0..f.len() as u16).filter(|&i| !f.mine[i as usize] && !f.clue[i as usize]).collect();
    (mines, safe)
}

/// An Intermediate win with flags, a question mark and a picked-up mine, 2.7 s a mine.
pub fn mines_won() -> Session<MineLayer> {
    use mines::Action::*;
    let mut s = mines_round(Tier::Intermediate, 2026).with_title("MineLayer: an Intermediate win");
    let (m, safe) = mines_cells(&s);
    for a in [Cycle { cell: safe[0] }, Cycle { cell: safe[1] }, Cycle { cell: safe[1] }, Toggle { cell: m[0], ms: 4_000 }, Toggle { cell: m[0], ms: 4_500 }] {
        s.push(a).expect("legal");
    }
    for (k, &cell) in m.iter().enumerate() {
        s.push(Toggle { cell, ms: 5_000 + 2_700 * k as u32 }).expect("legal");
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
    let mines_won = mines_won();
    let mut mines_dead = mines_round(Tier::Beginner, 7);
    let (m, safe) = mines_cells(&mines_dead);
    for a in [mines::Action::Toggle { cell: m[0], ms: 1_200 }, mines::Action::Toggle { cell: m[1], ms: 3_400 }, mines::Action::Toggle { cell: safe[3], ms: 9_100 }] {
        mines_dead.push(a).expect("legal");
    }
    let mut mines_gave_up = mines_round(Tier::Expert, 99);
    let (m, _) = mines_cells(&mines_gave_up);
    for a in [mines::Action::Toggle { cell: m[0], ms: 800 }, mines::Action::Reveal { ms: 60_000 }] {
        mines_gave_up.push(a).expect("legal");
    }
    vec![
        ("mines-won.replay", mines_won.to_replay(FIXTURE_APP)),
        ("mines-won-certificate.replay", mines_won.to_certificate(FIXTURE_APP).expect("won")),
        ("mines-dead.replay", mines_dead.to_replay(FIXTURE_APP)),
        ("mines-gave-up.replay", mines_gave_up.to_replay(FIXTURE_APP)),
        ("tally-won.replay", won.to_replay(FIXTURE_APP)),
        ("tally-won-certificate.replay", won.to_certificate(FIXTURE_APP).expect("won")),
        ("tally-lost.replay", lost.to_replay(FIXTURE_APP)),
        ("tally-resigned.replay", resigned.to_replay(FIXTURE_APP)),
        ("tally-long.replay", long.to_replay(FIXTURE_APP)),
    ]
}
