use crate::fixtures::{self, retrace};
use retrace_kernel::tally::Action;
use std::path::Path;

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn verify_prints_one_ok_line_per_file() {
    let dir = tempfile::tempdir().unwrap();
    let s = fixtures::tally_won();
    let a = write(dir.path(), "a.replay", &s.to_replay("t").to_bytes());
    let b = write(dir.path(), "b.replay", &fixtures::tally(10, 1, &[Action::Add(2)]).to_replay("t").to_bytes());
    let (code, out, _) = retrace(&["verify", &a, &b]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], format!("ok tally v1 {} steps won {} {a}", s.step(), s.digest()));
    assert!(lines[1].starts_with("ok tally v1 1 steps in-progress "), "{}", lines[1]);
}

#[test]
fn verify_fails_tampered_truncated_and_wrong_version_files_with_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let good = fixtures::tally_won().to_replay("t");
    let mut bytes = good.to_bytes();
    let good_path = write(dir.path(), "good.replay", &bytes);
    let truncated = write(dir.path(), "cut.replay", &bytes[..bytes.len() - 3]);
    let mut f = good.clone();
    f.actions[1] = retrace_kernel::wire::encode(&Action::Add(1));
    let tampered = write(dir.path(), "tampered.replay", &f.to_bytes());
    let mut f = good.clone();
    f.header.rules_version = 9;
    let f = retrace_kernel::ReplayFile::build(f.header, f.actions, |_| Default::default(), None);
    let old = write(dir.path(), "old.replay", &f.to_bytes());
    bytes[0] = b'X';
    let junk = write(dir.path(), "junk.replay", &bytes);

    let (code, out, _) = retrace(&["verify", &good_path, &truncated, &tampered, &old, &junk]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("ok tally"));
    let n = bytes.len() - 3;
    assert_eq!(
        lines[1],
        format!("FAILED {truncated}: truncated at byte offset {n}: the file ends before the replay does")
    );
    assert_eq!(
        lines[2],
        format!(
            "FAILED {tampered}: chain hash mismatch at step {}: the header or an action up to step {} was altered",
            good.steps(),
            good.steps()
        )
    );
    assert_eq!(lines[3], format!("FAILED {old}: recorded under tally rules v9 while this build implements v1; refusing to replay it (a Retrace build with tally rules v9 plays it)"));
    assert_eq!(lines[4], format!("FAILED {junk}: not a Retrace replay (it does not start with the replay signature)"));
}

#[test]
fn a_missing_file_is_exit_2_and_named() {
    let (code, out, _) = retrace(&["verify", "/no/such/file.replay"]);
    assert_eq!(code, 2);
    assert!(out.starts_with("FAILED /no/such/file.replay: cannot read it: "), "{out}");
}

#[test]
fn bad_usage_is_exit_2() {
    assert_eq!(retrace(&["verify"]).0, 2);
    let (code, _, err) = retrace(&["frobnicate"]);
    assert_eq!(code, 2);
    assert!(err.contains("'frobnicate' is neither a subcommand nor a file"), "{err}");
    // No subcommand asks for the window; a file opens in it.
    let plan = |args: &[&str]| {
        retrace::cli::plan(std::iter::once("retrace").chain(args.iter().copied()), &mut Vec::new(), &mut Vec::new())
    };
    assert_eq!(plan(&[]), retrace::cli::Plan::Window(None));
    let f = fixtures::root().join("replays/tally-won.replay");
    assert_eq!(plan(&[f.to_str().unwrap()]), retrace::cli::Plan::Window(Some(f.clone())));
    let (code, out, _) = retrace(&[]);
    assert_eq!(code, 0);
    assert!(out.contains("verify"), "no subcommand prints help: {out}");
}

#[test]
fn replay_digests_prints_a_line_per_step_with_parts() {
    let dir = tempfile::tempdir().unwrap();
    let s = fixtures::tally_won();
    let p = write(dir.path(), "w.replay", &s.to_replay("t").to_bytes());
    let (code, out, _) = retrace(&["replay", &p, "--digests"]);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), s.step() as usize + 2);
    let last = lines[s.step() as usize];
    assert!(last.starts_with(&format!("{} {} score=", s.step(), s.digest())), "{last}");
    assert!(last.contains(" rng="));
    assert!(lines.last().unwrap().starts_with("outcome: won"));
}

#[test]
fn info_shows_header_and_verification() {
    let dir = tempfile::tempdir().unwrap();
    let cert = fixtures::tally_won().to_certificate("retrace test").unwrap();
    let p = write(dir.path(), "c.replay", &cert.to_bytes());
    let (code, out, _) = retrace(&["info", &p]);
    assert_eq!(code, 0);
    assert!(out.contains("game: tally v1"), "{out}");
    assert!(out.contains("title: Tally: exactly twenty-one"));
    assert!(out.contains("written by: retrace test"));
    assert!(out.contains("certificate: claims won"));
    assert!(out.contains("verified by replay: yes"));
}
