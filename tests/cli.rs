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
    use retrace::cli::{Open, Plan};
    assert_eq!(plan(&[]), Plan::Window(Open::default()));
    let f = fixtures::root().join("replays/tally-won.replay");
    assert_eq!(plan(&[f.to_str().unwrap()]), Plan::Window(Open { file: Some(f.clone()), ..Open::default() }));
    // Two files: the second run shares the first one's board (Explodorama);
    // each must exist.
    let g = fixtures::root().join("replays/explodo-game-over.replay");
    assert_eq!(
        plan(&[f.to_str().unwrap(), g.to_str().unwrap()]),
        Plan::Window(Open { file: Some(f.clone()), second: Some(g.clone()), explodo: None })
    );
    // The test options open the window on an Explodorama test run.
    let Plan::Window(open) = plan(&["--level", "19", "--charge", "flame-pass"]) else { panic!("the window") };
    let setup = open.explodo.expect("a test run");
    assert_eq!((setup.start_level, setup.charge), (19, Some(retrace_kernel::explodo::items::Charge::FlamePass)));
    let (code, _, err) = retrace(&["--level", "3", "--shop-after", "3"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = retrace(&["--charge", "jetpack"]);
    assert_eq!(code, 2);
    assert!(err.contains("no charge \"jetpack\"") && err.contains("flame-pass"), "{err}");
    let (code, _, err) = retrace(&[f.to_str().unwrap(), "no-such.replay"]);
    assert_eq!(code, 2);
    assert!(err.contains("'no-such.replay' is neither a subcommand nor a file"), "{err}");
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

/// Regressions from the hostile-input probe (issue 16), each from the command line.
mod hostile {
    use super::write;
    use crate::fixtures::{self, retrace};
    use std::os::unix::fs::PermissionsExt;

    const PACK: &str = "[manifest]\nid = \"p1\"\nname = \"P\"\nversion = \"1\"\nengine = 1\n[[levels]]\nid = \"l1\"\ngrid = \"MIAU IS YOU / m . .\"\nlegend = { m = \"miau\" }\n";

    #[test]
    fn replay_digests_refuses_a_file_that_verify_refuses() {
        // Regression: bit 0 of byte 2100 of tally-long.replay flipped; `verify`
        // failed at a checkpoint while `replay --digests` printed and exited 0.
        let dir = tempfile::tempdir().unwrap();
        let mut bytes = std::fs::read(fixtures::root().join("replays/tally-long.replay")).unwrap();
        bytes[2100] ^= 1;
        let f = write(dir.path(), "t.replay", &bytes);
        let (vcode, vout, _) = retrace(&["verify", &f]);
        assert_eq!(vcode, 1, "{vout}");
        let (code, out, err) = retrace(&["replay", &f, "--digests"]);
        assert_eq!(code, 1, "{out}");
        assert!(out.is_empty(), "nothing printed before the check: {out}");
        assert!(err.contains("mismatch"), "{err}");
    }

    #[test]
    fn text_from_files_cannot_drive_or_forge_the_terminal() {
        let dir = tempfile::tempdir().unwrap();
        // A replay whose title holds an escape sequence and forged lines.
        let forged = "x\u{1b}[2J\nverified by replay: yes\nsteps: 999";
        let s = fixtures::tally_won().with_title(forged);
        let f = write(dir.path(), "f.replay", &s.to_replay("t").to_bytes());
        let (code, out, _) = retrace(&["info", &f]);
        assert_eq!(code, 0);
        assert!(!out.contains('\u{1b}'), "{out}");
        assert_eq!(out.lines().filter(|l| l.starts_with("verified by replay:")).count(), 1, "{out}");
        assert_eq!(out.lines().filter(|l| l.starts_with("steps:")).count(), 1, "{out}");
        assert!(out.contains("title: x\\u{1b}[2J\\nverified by replay: yes\\nsteps: 999"), "{out}");
        // A pack title with control characters is refused, with its path.
        let pack = PACK.replace("id = \"l1\"", "id = \"l1\"\ntitle = \"a\\u001b[31m\\nverified\"");
        let p = write(dir.path(), "p.toml", pack.as_bytes());
        let (code, out, _) = retrace(&["miau", "check", &p]);
        assert_eq!(code, 1, "{out}");
        assert!(out.contains("levels[0].title: must be one line without control characters"), "{out}");
        assert!(!out.contains('\u{1b}'), "{out}");
    }

    #[test]
    fn a_long_bad_token_is_echoed_short_and_escaped() {
        let dir = tempfile::tempdir().unwrap();
        let moves = write(dir.path(), "m.txt", format!("r \u{1b}]0;{}\n", "z".repeat(100_000)).as_bytes());
        let (code, _, err) = retrace(&["explodo", "play", "--seed", "7", "--moves", &moves]);
        assert_eq!(code, 2);
        assert!(err.len() < 1000, "{} bytes of error", err.len());
        assert!(err.contains("line 1: '\\u{1b}]0;zzz") && err.contains('…'), "{err}");
    }

    #[test]
    fn saves_replace_only_regular_files_and_keep_their_mode() {
        let dir = tempfile::tempdir().unwrap();
        let pack = write(dir.path(), "p.toml", PACK.as_bytes());
        let save = |target: &std::path::Path| {
            retrace(&["miau", "play", &pack, "--level", "l1", "--moves", "R", "--save", &target.to_string_lossy()])
        };
        // A FIFO and a symbolic link are refused, and left as they were.
        let fifo = dir.path().join("fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let (code, _, err) = save(&fifo);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("not a regular file"), "{err}");
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        let target = write(dir.path(), "target.txt", b"keep me");
        let link = dir.path().join("link.replay");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let (code, _, err) = save(&link);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("a symbolic link"), "{err}");
        assert_eq!(std::fs::read(&target).unwrap(), b"keep me");
        // A regular file is replaced and keeps its mode.
        let kept = dir.path().join("kept.replay");
        std::fs::write(&kept, b"old").unwrap();
        std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o644)).unwrap();
        let (code, out, err) = save(&kept);
        assert_eq!(code, 0, "{out}{err}");
        assert_eq!(std::fs::metadata(&kept).unwrap().permissions().mode() & 0o777, 0o644);
        assert_eq!(retrace(&["verify", &kept.to_string_lossy()]).0, 0);
    }

    #[test]
    fn orphaned_temporary_files_are_cleaned_up_on_the_next_save() {
        let dir = tempfile::tempdir().unwrap();
        let old = dir.path().join(".retrace-abc123.tmp");
        let fresh = dir.path().join(".retrace-def456.tmp");
        std::fs::write(&old, vec![0; 4096]).unwrap();
        std::fs::write(&fresh, b"a save in progress").unwrap();
        let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        std::fs::File::options().write(true).open(&old).unwrap().set_modified(hour_ago).unwrap();
        retrace::files::write_atomic(&dir.path().join("x.txt"), b"x").unwrap();
        assert!(!old.exists(), "the orphan is gone");
        assert!(fresh.exists(), "a fresh temporary file may be a live save");
    }

    #[test]
    fn endless_input_is_capped_with_a_clear_error() {
        let e = retrace::files::read_capped(std::path::Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert!(e.to_string().contains("larger than 1 MiB"), "{e}");
        let (code, _, err) = retrace(&["life", "run", "--size", "10x10", "--gens", "1", "--rle", "/dev/zero"]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("/dev/zero: cannot read it: it is larger than 16 MiB"), "{err}");
    }

    #[test]
    fn goldens_with_no_replays_is_an_error_not_a_match() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_string_lossy().into_owned();
        let (code, out, err) = retrace(&["goldens", "--root", &root]);
        assert_eq!(code, 1, "{out}");
        assert!(err.contains("no replays found"), "{err}");
        let (code, _, err) = retrace(&["goldens", "--write", "--root", &root]);
        assert_eq!(code, 1);
        assert!(err.contains("no replays found"), "{err}");
        assert!(!dir.path().join("goldens").exists(), "nothing written");
    }

    #[test]
    fn a_mistyped_subcommand_suggests_the_right_one() {
        let (code, _, err) = retrace(&["verfy", "some.replay"]);
        assert_eq!(code, 2);
        assert!(err.contains("unrecognized subcommand 'verfy'") && err.contains("'verify'"), "{err}");
        let (code, _, err) = retrace(&["mines", "cuont", "f.txt"]);
        assert_eq!(code, 2);
        assert!(err.contains("count"), "{err}");
    }

    #[test]
    fn a_solver_budget_of_zero_is_a_usage_error() {
        let dir = tempfile::tempdir().unwrap();
        let pack = write(dir.path(), "p.toml", PACK.as_bytes());
        let (code, out, err) = retrace(&["miau", "solve", &pack, "--max", "0"]);
        assert_eq!(code, 2, "{out}{err}");
        assert!(!out.contains("LIMIT"), "{out}");
    }
}

/// `retrace compare`: the first step where two logs part, the parts that
/// differ there and the steps after it side by side (at most 15); the same
/// log "never differ"s; exit 0 same, 1 different, 2 unreadable or unlike.
#[test]
fn compare_finds_the_first_differing_step_and_shows_the_next_ones() {
    let dir = tempfile::tempdir().unwrap();
    let long: Vec<Action> = (0..20).map(|_| Action::Add(1)).collect();
    let mut other = long.clone();
    other[3] = Action::Add(2);
    let a = write(dir.path(), "a.replay", &fixtures::tally(1000, 1, &long).to_replay("t").to_bytes());
    let b = write(dir.path(), "b.replay", &fixtures::tally(1000, 1, &other).to_replay("t").to_bytes());

    let (code, out, err) = retrace(&["compare", &a, &a]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("never differ: the same 21 states"), "{out}");

    let (code, out, _) = retrace(&["compare", &a, &b]);
    assert_eq!(code, 1);
    assert!(out.contains("first difference at step 4: "), "{out}");
    let rows: Vec<&str> = out.lines().skip_while(|l| !l.trim_start().starts_with("step")).skip(1).collect();
    assert_eq!(rows.len(), 15, "fifteen steps from the first difference: {out}");
    assert!(rows[0].trim_start().starts_with("4 ") && rows[14].trim_start().starts_with("18 "), "{out}");
    assert!(rows.iter().all(|r| !r.ends_with("same")), "every later state differs too: {out}");

    let mines = write(dir.path(), "m.replay", &fixtures::mines_won().to_replay("t").to_bytes());
    let (code, _, err) = retrace(&["compare", &a, &mines]);
    assert_eq!(code, 2);
    assert!(err.contains("nothing to compare"), "{err}");
}

/// One file: its recorded checkpoints (written under the rules version it
/// names) against this build's rules, which is where a rules bump shows.
/// Explodorama v1 replays differ from the start (v2 changed the level
/// setup); v2 to v5 part where v6's longer fuse refuses an action; an older
/// file is refused without `--current-rules`, with the hint.
#[test]
fn compare_one_file_against_its_recorded_rules() {
    let root = fixtures::root().join("replays/archive");
    let v1 = root.join("explodo-level1-cleared.v1.replay");
    let v2 = root.join("explodo-level1-cleared.v2.replay");
    let (code, _, err) = retrace(&["compare", v1.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("add --current-rules"), "{err}");
    let (code, out, _) = retrace(&["compare", v1.to_str().unwrap(), "--current-rules"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("played under this build's v") && out.contains("they differ from the start"), "{out}");
    // Rules v6 gave a new bomb the spec's fuse, one action longer: every
    // older log parts where its second bomb came while the first still
    // ticked, and the compare names the refused action. The v3 and v4
    // headers (the lab's arms, the scene added since) still read.
    for v in 2..=5 {
        let f = root.join(format!("explodo-level1-cleared.v{v}.replay"));
        let (code, out, _) = retrace(&["compare", f.to_str().unwrap(), "--current-rules"]);
        assert_eq!(code, 1, "v{v}: {out}");
        assert!(out.contains(&format!("(explodo rules v{v}, played under this build's v8")), "{out}");
        assert!(
            out.contains("action rejected at step 25: you can have 1 bomb(s) on the board at a time"),
            "v{v}: {out}"
        );
    }
    // Rules v7 changed only the lab's Star arm, and v8 what a release, a
    // Teleport in a box, rubble's kill and a refusal's words do: a level-1
    // run meets none of them, so a v6 or v7 run plays exactly as it did.
    for v in 6..=7 {
        let f = root.join(format!("explodo-level1-cleared.v{v}.replay"));
        let (code, out, _) = retrace(&["compare", f.to_str().unwrap(), "--current-rules"]);
        assert_eq!(code, 0, "v{v}: {out}");
        assert!(out.contains("never differ"), "v{v}: {out}");
    }

    // A tampered file is refused even under --current-rules (the chain is checked).
    let dir = tempfile::tempdir().unwrap();
    let mut f = retrace_kernel::ReplayFile::from_bytes(&std::fs::read(&v2).unwrap()).unwrap();
    f.actions.swap(1, 2);
    let bad = write(dir.path(), "bad.replay", &f.to_bytes());
    let (code, _, err) = retrace(&["compare", &bad, "--current-rules"]);
    assert_eq!(code, 2);
    assert!(err.contains("chain"), "{err}");
}

/// `replay --current-rules` plays an older log step by step under this
/// build's rules and says so.
#[test]
fn replay_current_rules_plays_an_older_log() {
    let v1 = fixtures::root().join("replays/archive/explodo-level1-cleared.v1.replay");
    let (code, out, _) = retrace(&["replay", v1.to_str().unwrap()]);
    assert_ne!(code, 0, "refused without the flag: {out}");
    // Played under v6, its second bomb comes while the first still ticks:
    // a line per state up to there, then where and why it stopped.
    let (code, out, _) = retrace(&["replay", v1.to_str().unwrap(), "--current-rules"]);
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("note: recorded under explodo rules v1, played under this build's v"), "{out}");
    assert!(lines[1].starts_with("0 start "), "{out}");
    assert_eq!(lines.len(), 2 + 24 + 1, "a line per state up to v6's first refusal: {out}");
    assert!(
        out.ends_with("stopped: action rejected at step 25: you can have 1 bomb(s) on the board at a time\n"),
        "{out}"
    );
    // A log this build's rules accept to the end plays through: MineLayer v1's.
    let mines = fixtures::root().join("replays/archive/mines-won.v1.replay");
    let (code, out, err) = retrace(&["replay", mines.to_str().unwrap(), "--current-rules"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("note: recorded under mines rules v1, played under this build's v3"), "{out}");
    assert_eq!(lines.len(), 2 + 23, "a line per state: {out}");
}
