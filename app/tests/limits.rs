//! Memory bounds measured on the real binary: hostile inputs run under an
//! address-space limit (`ulimit -v`, 1 GiB) and must end with the program's
//! own error, never an abort in the allocator. Before the caps, each of
//! these asked for gigabytes (issue 16's probe).

use std::process::Command;

/// Runs `retrace ARGS` with at most 1 GiB of address space: (exit code, stdout, stderr).
fn bounded(args: &[&str]) -> (i32, String, String) {
    limited(1_048_576, args)
}

/// Runs `retrace ARGS` with at most `kib` KiB of address space.
fn limited(kib: u32, args: &[&str]) -> (i32, String, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_retrace"))
        .args(args)
        .output()
        .expect("sh runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

#[test]
fn hostile_inputs_stay_within_a_gigabyte_and_end_with_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    };
    // A 26-byte RLE that once asked for 2.7 GB of cells.
    let bomb = path("bomb.rle", "x = 3, y = 3\n1000000000o!");
    let (code, _, err) = bounded(&["life", "run", "--size", "10x10", "--gens", "1", "--rle", &bomb]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("lies outside the declared 3×3"), "{err}");
    // Endless input for every reader.
    for args in [
        vec!["verify", "/dev/zero"],
        vec!["info", "/dev/zero"],
        vec!["mines", "count", "/dev/zero"],
        vec!["miau", "check", "/dev/zero"],
        vec!["explodo", "play", "--seed", "1", "--moves", "/dev/zero"],
    ] {
        let (code, out, err) = bounded(&args);
        let said = format!("{out}{err}");
        assert_eq!(code, 2, "{args:?}: {said}");
        assert!(said.contains("/dev/zero") && said.contains("larger than"), "{args:?}: {said}");
    }
    // A search on a roomy level with a far larger state budget than memory.
    let pack = path(
        "big.toml",
        "[manifest]\nid = \"big\"\nname = \"Big\"\nversion = \"1\"\nengine = 1\n[[levels]]\nid = \"roomy\"\n\
         grid = \"MIAU IS YOU ROCK IS PUSH . . / m . r . . . . . / . . . . r . . . / . r . . . . r . / . . . . . . . . / . . r . . r . .\"\n\
         legend = { m = \"miau\", r = \"rock\" }\n",
    );
    let (code, out, err) =
        bounded(&["miau", "solve", &pack, "--max", "500000000", "--memory", "200", "--threads", "1"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.trim_end().ends_with(" memory"), "{out}{err}");
}

/// A 30×30 level with sixty rocks: far more states than memory. Under an
/// address-space limit and no `--memory`, the solver's default budget is
/// half of the room under that limit (not of the machine's memory), so it
/// stops with its own `LIMIT … memory` and the states it reached, never the
/// allocator's abort (issue 46); a `--memory` above the room is capped, and
/// says so.
#[test]
fn a_search_under_an_address_space_limit_stops_with_its_own_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let (w, h) = (30usize, 30usize);
    let mut rows = vec![vec![b'.'; w]; h];
    for (x, c) in b"MIY".iter().enumerate() {
        rows[0][x] = *c;
    }
    for (x, c) in b"RIP".iter().enumerate() {
        rows[0][10 + x] = *c;
    }
    for (x, c) in b"FIW".iter().enumerate() {
        rows[0][20 + x] = *c;
    }
    rows[15][15] = b'm';
    rows[29][29] = b'f';
    // Rocks scattered by a fixed rule (no randomness in a test).
    for k in 0..60 {
        let (x, y) = (1 + (k * 7) % (w - 2), 2 + (k * 11) % (h - 3));
        if rows[y][x] == b'.' {
            rows[y][x] = b'r';
        }
    }
    let map: Vec<String> = rows.into_iter().map(|r| String::from_utf8(r).unwrap()).collect();
    let pack = dir.path().join("huge.toml");
    std::fs::write(
        &pack,
        format!(
            "[manifest]\nid = \"huge\"\nname = \"Huge\"\nversion = \"1\"\nengine = 1\n[[levels]]\nid = \"huge\"\n\
             allow_bypass = true\nallow_hands_off = true\nmap = \"\"\"\n{}\n\"\"\"\n\
             legend = {{ M = \"MIAU\", I = \"IS\", Y = \"YOU\", R = \"ROCK\", P = \"PUSH\", F = \"FLAG\", W = \"WIN\", \
             m = \"miau\", r = \"rock\", f = \"flag\" }}\n",
            map.join("\n")
        ),
    )
    .unwrap();
    let pack = pack.to_string_lossy().into_owned();
    let (code, out, err) = limited(600_000, &["miau", "solve", &pack, "--max", "50000000", "--threads", "2"]);
    assert_eq!(code, 1, "{out}{err}");
    let verdict = out.trim_end();
    assert!(verdict.starts_with("huge LIMIT ") && verdict.ends_with(" memory"), "{out}{err}");
    let states: u64 = verdict.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(states > 10_000, "it got somewhere first: {out}");
    let (code, out, err) =
        limited(600_000, &["miau", "solve", &pack, "--max", "50000000", "--threads", "2", "--memory", "4000"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("--memory 4000 MiB is more than the room under this process's address-space limit"), "{err}");
    assert!(out.trim_end().ends_with(" memory"), "{out}{err}");
}

/// `life solve` under an address-space limit with a budget too small for a
/// round's tables: it stops with `memory` and says how far it got (issue
/// 46), exit 1.
#[test]
fn life_solve_under_a_small_budget_stops_with_memory() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let out = out.to_string_lossy();
    let (code, text, err) =
        limited(600_000, &["life", "solve", "--level", "103", "--memory", "1", "--budget-s", "5", "--out", &out]);
    assert_eq!(code, 1, "{text}{err}");
    assert!(text.contains("level 103 not won (memory): best "), "{text}{err}");
    assert!(text.contains("candidates"), "how far it got: {text}");
}

/// The balance lab under an address-space limit too tight for its helper
/// threads' stacks: it runs on the threads it gets (this one at least) and
/// reports, where it used to panic on the refused spawn (issue 46).
#[test]
fn the_lab_under_a_tight_limit_runs_on_the_threads_it_gets() {
    let (code, out, err) =
        limited(100_000, &["explodo", "lab", "powers", "--seeds", "2", "--levels", "1", "--threads", "2"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("# Explodorama balance lab: powers"), "{out}{err}");
    assert!(!err.contains("panicked"), "{err}");
}
