use crate::fixtures;
use retrace::cli::goldens;

#[test]
fn every_committed_replay_verifies_and_matches_its_goldens() {
    let problems = goldens::check(&fixtures::root());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn goldens_cover_every_committed_replay() {
    let root = fixtures::root();
    let computed = goldens::compute(&root).unwrap();
    let listed: usize = computed.values().map(|v| v.len()).sum();
    let files = goldens::replay_files(&root.join("replays")).unwrap();
    assert_eq!(listed, files.len());
    assert!(listed >= 5);
}

#[test]
fn writing_refuses_to_rewrite_an_existing_version() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("replays")).unwrap();
    let won = fixtures::tally_won().to_replay("t");
    std::fs::write(root.join("replays/w.replay"), won.to_bytes()).unwrap();
    let report = goldens::write(root).unwrap();
    assert!(report[0].ends_with("v1.txt: written (1 replays)"), "{report:?}");
    assert!(goldens::check(root).is_empty());
    // Same content: fine. Different content: refused, file untouched.
    assert!(goldens::write(root).is_ok());
    let lost = fixtures::tally(10, 1, &[retrace_kernel::tally::Action::Add(9), retrace_kernel::tally::Action::Double]);
    std::fs::write(root.join("replays/l.replay"), lost.to_replay("t").to_bytes()).unwrap();
    let before = std::fs::read_to_string(root.join("goldens/tally/v1.txt")).unwrap();
    let err = goldens::write(root).unwrap_err();
    assert!(err[0].contains("refusing to rewrite the goldens of tally rules v1"), "{err:?}");
    assert_eq!(std::fs::read_to_string(root.join("goldens/tally/v1.txt")).unwrap(), before);
    assert!(!goldens::check(root).is_empty());
}

#[test]
fn an_archived_replay_must_fail_on_its_rules_version_only() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("replays/archive")).unwrap();
    let won = fixtures::tally_won().to_replay("t");
    // A current replay in the archive is a mistake.
    std::fs::write(root.join("replays/archive/current.replay"), won.to_bytes()).unwrap();
    assert_eq!(goldens::check_archive(root).len(), 1);
    // One recorded under another rules version is what the archive is for.
    let mut header = won.header.clone();
    header.rules_version = 0;
    let old = retrace_kernel::ReplayFile::build(header, won.actions.clone(), |_| Default::default(), None);
    std::fs::write(root.join("replays/archive/current.replay"), old.to_bytes()).unwrap();
    assert!(goldens::check_archive(root).is_empty());
}
