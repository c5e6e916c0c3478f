use crate::fixtures;
use retrace_kernel::replay::{ReplayError, ReplayFile, FORMAT_VERSION, MAGIC};
use retrace_kernel::tally::{Action, Tally};
use retrace_kernel::verify::{verify, Verified};
use retrace_kernel::{Game, Outcome};

/// Verifies the bytes of a file, the way `retrace verify` does.
fn check(bytes: &[u8]) -> Result<Verified, ReplayError> {
    verify(&ReplayFile::from_bytes(bytes)?)
}

#[test]
fn fixtures_verify_with_their_outcomes() {
    let kinds: Vec<(&str, &str)> = fixtures::all()
        .into_iter()
        .map(|(name, f)| (name, check(&f.to_bytes()).map(|v| v.outcome.kind()).unwrap_or("error")))
        .collect();
    assert_eq!(
        kinds,
        [
            ("explodo-level1-cleared.replay", "in-progress"),
            ("explodo-death-retry.replay", "in-progress"),
            ("explodo-game-over.replay", "lost"),
            ("explodo-first-shop.replay", "in-progress"),
            ("explodo-developer-gem.replay", "in-progress"),
            ("life-hotseat.replay", "won"),
            ("miau-pass-it-on.replay", "won"),
            ("miau-clockwork-proof.replay", "won"),
            ("miau-gates-hand-off.replay", "won"),
            ("miau-keke-delivers.replay", "won"),
            ("life-stalemate.replay", "won"),
            ("life-campaign-win.replay", "won"),
            ("life-campaign-win-certificate.replay", "won"),
            ("mines-won.replay", "won"),
            ("mines-won-certificate.replay", "won"),
            ("mines-dead.replay", "lost"),
            ("mines-gave-up.replay", "ended"),
            ("tally-won.replay", "won"),
            ("tally-won-certificate.replay", "won"),
            ("tally-lost.replay", "lost"),
            ("tally-resigned.replay", "ended"),
            ("tally-long.replay", "in-progress"),
        ]
    );
}

#[test]
fn committed_replays_are_byte_identical_to_their_builders() {
    // Pins the wire format: a change of serializer or layout shows up here.
    let dir = fixtures::root().join("replays");
    let bless = std::env::var("RETRACE_BLESS").as_deref() == Ok("1");
    for (name, file) in fixtures::all() {
        let path = dir.join(name);
        let built = file.to_bytes();
        match std::fs::read(&path) {
            // A new rules version re-records a game's replays: blessing
            // rewrites them (its old ones go to `replays/archive/` first).
            Ok(committed) if bless && committed != built => std::fs::write(&path, &built).expect("write fixture"),
            Ok(committed) => assert!(committed == built, "{name}: committed bytes differ from a fresh build"),
            Err(_) if bless => std::fs::write(&path, &built).expect("write fixture"),
            Err(e) => panic!("{}: {e}; run RETRACE_BLESS=1 cargo test to create it", path.display()),
        }
    }
}

#[test]
fn the_file_starts_with_magic_and_format_version() {
    let bytes = fixtures::all().into_iter().find(|(n, _)| *n == "tally-won.replay").unwrap().1.to_bytes();
    assert_eq!(bytes[..8], MAGIC);
    assert_eq!(u16::from_le_bytes([bytes[8], bytes[9]]), FORMAT_VERSION);
    // The header follows: the game id as a u64-length-prefixed string.
    assert_eq!(u64::from_le_bytes(bytes[10..18].try_into().unwrap()), 5);
    assert_eq!(&bytes[18..23], b"tally");
}

#[test]
fn round_trip_is_exact() {
    for (_, f) in fixtures::all() {
        assert_eq!(ReplayFile::from_bytes(&f.to_bytes()).unwrap(), f);
    }
}

#[test]
fn every_flipped_byte_is_rejected() {
    for (name, f) in fixtures::all().into_iter().filter(|(n, _)| *n != "tally-long.replay") {
        let good = f.to_bytes();
        for i in 0..good.len() {
            for mask in [0x01u8, 0x80, 0xff] {
                let mut bad = good.clone();
                bad[i] ^= mask;
                assert!(check(&bad).is_err(), "{name}: byte {i} ^ {mask:#x} still verified");
            }
        }
    }
}

#[test]
fn every_flipped_byte_of_a_long_replay_is_rejected() {
    let f = fixtures::all().into_iter().find(|(n, _)| *n == "tally-long.replay").unwrap().1;
    let good = f.to_bytes();
    for i in 0..good.len() {
        let mut bad = good.clone();
        bad[i] ^= 0x01;
        assert!(check(&bad).is_err(), "byte {i} still verified");
    }
}

#[test]
fn every_truncation_is_rejected() {
    for (name, f) in fixtures::all() {
        let good = f.to_bytes();
        for len in 0..good.len() {
            let err = check(&good[..len]).expect_err(name);
            let fine =
                matches!(err, ReplayError::Truncated { .. } | ReplayError::Corrupt { .. } | ReplayError::NotAReplay);
            assert!(fine, "{name} cut at {len}: {err}");
        }
        let mut longer = good.clone();
        longer.push(0);
        assert!(matches!(check(&longer), Err(ReplayError::Corrupt { .. })), "{name}: a trailing byte");
    }
}

#[test]
fn bad_magic_and_newer_format_say_so() {
    assert_eq!(check(b"hello world, not a replay"), Err(ReplayError::NotAReplay));
    assert_eq!(check(b""), Err(ReplayError::NotAReplay));
    let mut bytes = fixtures::all()[0].1.to_bytes();
    bytes[8..10].copy_from_slice(&7u16.to_le_bytes());
    let err = check(&bytes).unwrap_err();
    assert_eq!(
        err.to_string(),
        "written by a newer replay format (format 7; this build reads format 1 and older); update Retrace to open it"
    );
}

#[test]
fn truncation_reports_the_byte_offset() {
    let bytes = fixtures::all()[0].1.to_bytes();
    let err = check(&bytes[..40]).unwrap_err();
    assert_eq!(err, ReplayError::Truncated { offset: 40 });
    assert!(err.to_string().starts_with("truncated at byte offset 40"));
}

fn tampered(edit: impl FnOnce(&mut ReplayFile)) -> ReplayError {
    let mut f = fixtures::all().into_iter().find(|(n, _)| *n == "tally-long.replay").unwrap().1;
    edit(&mut f);
    check(&f.to_bytes()).unwrap_err()
}

#[test]
fn a_changed_action_is_a_chain_mismatch_at_the_next_checkpoint() {
    // Step 70's action changed: checkpoints sit at 0, 64, 128, 150.
    let err = tampered(|f| f.actions[69] = retrace_kernel::wire::encode(&Action::Add(9)));
    assert_eq!(err, ReplayError::ChainMismatch { step: 128 });
    assert_eq!(err.to_string(), "chain hash mismatch at step 128: the header or an action up to step 128 was altered");
}

#[test]
fn a_changed_header_is_a_chain_mismatch_at_step_0() {
    assert_eq!(tampered(|f| f.header.seed += 1), ReplayError::ChainMismatch { step: 0 });
}

#[test]
fn a_consistently_rewritten_log_still_fails_on_the_state_checkpoints() {
    // Recompute the chain after changing an action: only the states can tell.
    let err = tampered(|f| {
        f.actions[69] = retrace_kernel::wire::encode(&Action::Add(9));
        let states: Vec<_> = f.checkpoints.iter().map(|c| (c.step, c.state)).collect();
        *f = ReplayFile::build(
            f.header.clone(),
            f.actions.clone(),
            |s| states.iter().find(|x| x.0 == s).unwrap().1,
            None,
        );
    });
    match err {
        ReplayError::CheckpointMismatch { step: 128, .. } => {}
        other => panic!("{other}"),
    }
    assert!(err.to_string().starts_with("checkpoint mismatch at step 128: the file records state "));
}

#[test]
fn an_illegal_action_names_its_step() {
    let err = tampered(|f| {
        f.actions[4] = retrace_kernel::wire::encode(&Action::Add(0));
        let start = f.checkpoints[0].state;
        *f = ReplayFile::build(f.header.clone(), f.actions.clone(), |_| start, None);
    });
    assert_eq!(err.to_string(), "action rejected at step 5: you can add 1 to 9, not 0");
}

#[test]
fn unknown_game_and_wrong_rules_version_are_refused() {
    let err = tampered(|f| {
        f.header.game = "chess".into();
        *f = ReplayFile::build(f.header.clone(), f.actions.clone(), |_| Default::default(), None);
    });
    assert!(
        err.to_string().starts_with("unknown game 'chess' (this build plays: explodo, life, miau, mines, tally)"),
        "{err}"
    );
    let err = tampered(|f| {
        f.header.rules_version = Tally::RULES_VERSION + 1;
        *f = ReplayFile::build(f.header.clone(), f.actions.clone(), |_| Default::default(), None);
    });
    assert_eq!(
        err.to_string(),
        "recorded under tally rules v2 while this build implements v1; refusing to replay it (a Retrace build with tally rules v2 plays it)"
    );
}

#[test]
fn a_missing_checkpoint_is_a_layout_error() {
    let err = tampered(|f| {
        f.checkpoints.remove(1);
    });
    assert!(matches!(err, ReplayError::CheckpointLayout { .. }), "{err}");
}

#[test]
fn a_false_certificate_claim_is_refused() {
    let mut cert = fixtures::tally_won().to_certificate(fixtures::FIXTURE_APP).unwrap();
    assert!(check(&cert.to_bytes()).unwrap().certificate);
    cert.claim.as_mut().unwrap().outcome = Outcome::Won("reached 21 in 1 move".into());
    assert!(matches!(check(&cert.to_bytes()), Err(ReplayError::ClaimMismatch { .. })));
    cert.claim.as_mut().unwrap().outcome = Outcome::Lost("x".into());
    assert!(matches!(check(&cert.to_bytes()), Err(ReplayError::ClaimNotAWin { .. })));
}

#[test]
fn only_won_sessions_give_certificates() {
    let s = fixtures::tally(10, 1, &[Action::Add(3)]);
    let err = s.to_certificate("t").unwrap_err();
    assert_eq!(err.0, "only a won game has a certificate; this one is in-progress");
}
