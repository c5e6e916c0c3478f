use proptest::prelude::*;
use retrace_kernel::replay::ReplayFile;
use retrace_kernel::tally::{Action, Setup, Tally};
use retrace_kernel::verify::verify;
use retrace_kernel::{Game, Session};

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        8 => (0u8..12).prop_map(Action::Add),
        2 => Just(Action::Double),
        4 => Just(Action::Roll),
        1 => Just(Action::Resign),
    ]
}

/// Replays the session's log from the start, returning the digest after each step.
fn replayed_digests(s: &Session<Tally>) -> Vec<retrace_kernel::Digest> {
    let mut state = Tally::start(s.setup(), s.seed()).unwrap();
    let mut out = vec![Tally::digest(&state)];
    for a in s.actions() {
        Tally::apply(&mut state, a).unwrap();
        out.push(Tally::digest(&state));
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn live_play_equals_replay_at_every_step(
        seed in any::<u64>(),
        target in 1u32..2000,
        actions in proptest::collection::vec(action(), 0..200),
    ) {
        let mut s = Session::<Tally>::new(Setup { target }, seed).unwrap();
        let mut live = vec![s.digest()];
        for a in actions {
            let before = s.digest();
            match s.push(a) {
                Ok(_) => live.push(s.digest()),
                Err(_) => prop_assert_eq!(s.digest(), before, "a rejected action changed the state"),
            }
        }
        prop_assert_eq!(&live, &replayed_digests(&s));
        // The saved file verifies, round-trips and ends in the same digest.
        let file = s.to_replay("prop");
        let back = ReplayFile::from_bytes(&file.to_bytes()).unwrap();
        prop_assert_eq!(&back, &file);
        let v = verify(&back).unwrap();
        prop_assert_eq!(v.final_digest, s.digest());
        prop_assert_eq!(v.steps, s.step());
        let resumed = Session::<Tally>::from_replay(&back).unwrap();
        prop_assert_eq!(resumed.digest(), s.digest());
    }

    /// A replay made after every turn extends the chain of the last one
    /// made; through pushes, undos, seeks, new branches, a new title and
    /// another app version it is byte for byte the file built from scratch.
    #[test]
    fn replays_made_as_the_log_changes_equal_ones_built_afresh(
        seed in any::<u64>(),
        steps in proptest::collection::vec((action(), 0u8..10), 1..250),
    ) {
        let mut s = Session::<Tally>::new(Setup { target: 1_000_000 }, seed).unwrap();
        for (i, (a, what)) in steps.into_iter().enumerate() {
            match what {
                0 => { s.undo(); }
                1 => s.seek(s.step() / 2),
                2 => s = s.with_title(format!("t{i}")),
                _ => { let _ = s.push(a); }
            }
            let version = if what == 3 { "other" } else { "prop" };
            let made = s.to_replay(version);
            let afresh = ReplayFile::build(
                s.header(version),
                s.actions().iter().map(retrace_kernel::wire::encode).collect(),
                |k| replayed_digests(&s)[k as usize],
                None,
            );
            prop_assert_eq!(made.to_bytes(), afresh.to_bytes(), "step {}", s.step());
            prop_assert_eq!(s.replay_bytes(version), afresh.to_bytes(), "the bytes from the chain, step {}", s.step());
        }
    }

    #[test]
    fn undo_redo_and_seek_agree_with_replay(
        seed in any::<u64>(),
        actions in proptest::collection::vec(action(), 1..300),
        seeks in proptest::collection::vec(0u32..400, 1..8),
    ) {
        let mut s = Session::<Tally>::new(Setup { target: 1_000_000 }, seed).unwrap();
        for a in actions { let _ = s.push(a); }
        let all = replayed_digests(&s);
        let n = s.step();
        let log = s.actions().to_vec();
        for k in seeks {
            s.seek(k);
            let k = k.min(n);
            prop_assert_eq!(s.step(), k);
            prop_assert_eq!(s.next_action(), log.get(k as usize), "the action the timeline takes next");
            prop_assert_eq!(s.digest(), all[k as usize]);
            prop_assert_eq!(s.timeline_len(), n);
        }
        s.seek(n);
        if s.undo() {
            prop_assert_eq!(s.digest(), all[n as usize - 1]);
            s.redo();
            prop_assert_eq!(s.digest(), all[n as usize]);
        }
    }
}

#[test]
fn a_push_after_undo_drops_the_redo_list() {
    let mut s = Session::<Tally>::new(Setup { target: 100 }, 3).unwrap();
    s.push(Action::Add(5)).unwrap();
    s.push(Action::Add(6)).unwrap();
    assert!(s.undo());
    assert!(s.can_redo());
    s.push(Action::Add(1)).unwrap();
    assert!(!s.can_redo());
    assert_eq!(s.state().total, 6);
    assert!(s.redo().is_none());
}

#[test]
fn undo_on_an_empty_log_does_nothing() {
    let mut s = Session::<Tally>::new(Setup { target: 100 }, 3).unwrap();
    assert!(!s.undo());
    assert_eq!(s.step(), 0);
}

#[test]
fn a_bad_setup_is_refused_with_a_reason() {
    let err = Session::<Tally>::new(Setup { target: 0 }, 3).err().unwrap();
    assert_eq!(err.0, "the target must be 1 to 1000000, not 0");
}

#[test]
fn undo_across_a_snapshot_boundary_rebuilds_exactly() {
    let mut s = Session::<Tally>::new(Setup { target: 1_000_000 }, 11).unwrap();
    for _ in 0..130 {
        s.push(Action::Roll).unwrap();
    }
    let all = replayed_digests(&s);
    for k in (0..130).rev() {
        assert!(s.undo());
        assert_eq!(s.digest(), all[k], "after undo to step {k}");
    }
    // The snapshots were dropped and are rebuilt as play goes on.
    for _ in 0..130 {
        s.redo().unwrap();
    }
    assert_eq!(s.digest(), all[130]);
    assert_eq!(s.to_replay("t").checkpoints.len(), 4);
}
