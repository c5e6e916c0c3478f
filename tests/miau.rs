use crate::fixtures::{self, retrace};

fn sample() -> String {
    fixtures::root().join("app/packs/first-steps.toml").to_string_lossy().into_owned()
}

#[test]
fn check_accepts_the_sample_pack_and_reports_problems_with_paths() {
    let (code, out, _) = retrace(&["miau", "check", &sample()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.ends_with("First Steps (3 levels, 0 warnings)\n"), "{out}");
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "[manifest]\nid = \"bad\"\nname = \"Bad\"\nversion = \"1\"\nengine = 1\n[[levels]]\nid = \"one\"\nmap = \"\"\"\nab\nabc\n\"\"\"\nlegend = { a = \"miau\", b = \"MIAU\", c = \"YOU\" }\n").unwrap();
    let (code, out, _) = retrace(&["miau", "check", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(out, format!("error {}: levels[0].map: row 2 is 3 wide, expected 2\n", bad.display()));
    let (code, _, err) = retrace(&["miau", "check", "/no/such/pack.toml"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read it"));
}

#[test]
fn play_prints_rule_changes_the_board_and_the_outcome() {
    let (code, out, _) = retrace(&["miau", "play", &sample(), "--level", "pass-it-on", "--moves", "RURRRD"]);
    assert_eq!(code, 0);
    assert!(out.contains("2 Up: + ROCK IS FLAG"), "{out}");
    assert!(out.contains("6 Down: won"));
    assert!(out.ends_with("outcome: won (won in 6 turns)\n"));
    let (code, out, _) = retrace(&["miau", "play", &sample(), "--level", "walled", "--moves", "RRRR"]);
    assert_eq!(code, 0);
    assert!(out.contains("4 Right: rejected: nothing that is YOU can move that way"), "terrain stops the cat: {out}");
    // Push PUSH up into WALL IS _: the walls give way, and the cat reaches the flag.
    let (code, out, _) = retrace(&["miau", "play", &sample(), "--level", "walled", "--moves", "RRURRRUUUR"]);
    assert_eq!(code, 0);
    assert!(out.contains("+ WALL IS PUSH"), "{out}");
    assert!(out.ends_with("outcome: won (won in 10 turns)\n"), "{out}");
    // --boards: a board after every move, the same as the last one at the end.
    let (code, all, _) =
        retrace(&["miau", "play", &sample(), "--level", "pass-it-on", "--moves", "RURRRD", "--boards"]);
    assert_eq!(code, 0);
    let (_, last, _) = retrace(&["miau", "play", &sample(), "--level", "pass-it-on", "--moves", "RURRRD"]);
    let rows = last.lines().filter(|l| !l.contains(':')).count();
    assert_eq!(all.lines().count(), last.lines().count() + 5 * rows, "five more boards: {all}");
    assert!(all.ends_with(
        &last[last.find('\n').unwrap() + 1..]
            .lines()
            .rev()
            .take(rows + 1)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    ));
    let (code, _, err) = retrace(&["miau", "play", &sample(), "--level", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("no level 'nope' (levels: hello-flag, pass-it-on, walled)"), "{err}");
    let (code, _, err) = retrace(&["miau", "play", &sample(), "--level", "walled", "--moves", "RX"]);
    assert_eq!(code, 2);
    assert!(err.contains("character 2 is 'X'"));
}

#[test]
fn solve_prints_one_line_per_level() {
    let (code, out, _) = retrace(&["miau", "solve", &sample()]);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], "hello-flag SOLVED 8 RRRRRRRR BYPASS SAME-RULES HANDS-OFF");
    // Each level's rules version and engine (the spec's F-CW16), on stderr
    // beside the verdict lines; the compact engine takes these small levels,
    // `--general` asks for the game's own state.
    let (_, _, err) = retrace(&["miau", "solve", &sample(), "--level", "hello-flag"]);
    assert!(err.contains("note: level hello-flag: Miau rules v8, the compact engine"), "{err}");
    let (_, _, err) = retrace(&["miau", "solve", &sample(), "--level", "hello-flag", "--general"]);
    assert!(err.contains("note: level hello-flag: Miau rules v8, the general engine"), "{err}");
    assert!(lines[1].starts_with("pass-it-on SOLVED 6 "), "{out}");
    assert!(lines[2].starts_with("walled SOLVED 10 "), "{out}");
    let (code, out, _) = retrace(&["miau", "solve", &sample(), "--level", "walled", "--max", "20"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("walled LIMIT ") && out.trim_end().ends_with(" states"), "{out}");
    // Any batch size, the same answers; a batch of none is refused.
    let (_, all, _) = retrace(&["miau", "solve", &sample()]);
    for batch in ["1", "7", "100000"] {
        let (code, cut, _) = retrace(&["miau", "solve", &sample(), "--batch", batch, "--threads", "2"]);
        assert_eq!((code, cut.as_str()), (0, all.as_str()), "--batch {batch}");
    }
    let (code, _, err) = retrace(&["miau", "solve", &sample(), "--batch", "0"]);
    assert_eq!(code, 2, "{err}");
}

/// Regression: a search had no memory budget (a big pack aborted in the
/// allocator) and `--threads 4294967295` aborted at once. Every search now
/// stops with the budget that ran out, and threads are capped at the cores.
#[test]
fn solve_stops_on_each_budget_and_caps_threads() {
    // A roomy level with pushable rocks: far more states than the budgets.
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("big.toml");
    std::fs::write(
        &pack,
        "[manifest]\nid = \"big\"\nname = \"Big\"\nversion = \"1\"\nengine = 1\n[[levels]]\nid = \"roomy\"\n\
         grid = \"MIAU IS YOU ROCK IS PUSH . . / m . r . . . . . / . . . . r . . . / . r . . . . r . / . . . . . . . . / . . r . . r . .\"\n\
         legend = { m = \"miau\", r = \"rock\" }\n",
    )
    .unwrap();
    let pack = pack.to_string_lossy().into_owned();
    let solve = |extra: &[&str]| {
        let mut args = vec!["miau", "solve", &pack];
        if !extra.contains(&"--max") {
            args.extend_from_slice(&["--max", "50000000"]);
        }
        args.extend_from_slice(extra);
        retrace(&args)
    };
    let (code, out, _) = solve(&["--memory", "1"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("roomy LIMIT ") && out.trim_end().ends_with(" memory"), "{out}");
    let (code, out, _) = solve(&["--memory", "1", "--json"]);
    assert_eq!(code, 1);
    assert!(out.contains("\"verdict\":\"LIMIT\"") && out.contains("\"ran_out\":\"memory\""), "{out}");
    let (code, out, _) = solve(&["--timeout", "1"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.trim_end().ends_with(" time"), "{out}");
    let (code, out, err) = solve(&["--threads", "4294967295", "--max", "1000"]);
    assert_eq!(code, 1, "{out}");
    assert!(err.contains("--threads 4294967295 is more than this machine's"), "{err}");
    assert!(out.trim_end().ends_with(" states"), "{out}");
}

#[test]
fn solve_constraints_json_explain_and_proofs() {
    let (code, out, _) = retrace(&["miau", "solve", &sample(), "--level", "pass-it-on", "--forbid", "ROCK IS FLAG"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("pass-it-on UNSOLVED "), "{out}");
    let (code, out, err) = retrace(&["miau", "solve", &sample(), "--level", "pass-it-on", "--json", "--explain"]);
    assert_eq!(code, 0);
    // --json also reports progress on stderr, one JSON event a line (at least the first).
    let events: Vec<serde_json::Value> =
        err.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect();
    assert!(!events.is_empty(), "{err}");
    for e in &events {
        assert_eq!(e["event"], "progress");
        assert_eq!(e["level"], "pass-it-on");
        assert!(e["states"].as_u64().unwrap() >= 1 && e["bytes"].as_u64().unwrap() > 0, "{e}");
        assert!(e["layer"].is_u64() && e["states_per_s"].is_u64(), "{e}");
    }
    let (_, _, plain_err) = retrace(&["miau", "solve", &sample(), "--level", "pass-it-on"]);
    assert!(!plain_err.contains("\"event\""), "no events without --json: {plain_err}");
    assert!(
        out.starts_with("{\"level\":\"pass-it-on\",\"verdict\":\"SOLVED\",\"moves\":\"RUDRRR\",\"states\":"),
        "{out}"
    );
    assert!(out.contains(",\"rules\":8,\"profile\":\"miau\",\"engine\":\"compact\"}"), "{out}");
    assert!(out.contains("2 Up: + ROCK IS FLAG"), "{out}");
    // The rules in force at the win (the spec's F-CW16), in reading order.
    assert!(out.contains("rules at the win: FLAG IS WIN; MIAU IS YOU; ROCK IS FLAG\n"), "{out}");
    let (code, _, err) = retrace(&["miau", "solve", &sample(), "--forbid", "ROCK FLAG"]);
    assert_eq!(code, 2);
    assert!(err.contains("'ROCK FLAG' is not a rule"), "{err}");
    let (code, out, _) = retrace(&["miau", "check", &sample(), "--proofs"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("pass-it-on must_form ROCK IS FLAG: proved ("), "{out}");
    // Each proof says its cost: states against the budget, and time.
    let line = out.lines().find(|l| l.starts_with("pass-it-on must_form ROCK IS FLAG")).unwrap();
    let states: u64 = line.split("proved (").nth(1).and_then(|r| r.split(' ').next()).unwrap().parse().unwrap();
    assert!(states > 0, "{line}");
    assert!(line.contains(&format!("proved ({states} of 1000000 states without it, ")), "{line}");
    assert!(line.contains("% of the budget, ") && line.ends_with(" s)"), "{line}");
    // A must_form that is not needed fails the proofs.
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(sample())
        .unwrap()
        .replace("must_form = [\"ROCK IS FLAG\"]", "must_form = [\"FLAG IS WIN\", \"MIAU IS ROCK\"]");
    let p = dir.path().join("p.toml");
    std::fs::write(&p, text).unwrap();
    let (code, out, _) = retrace(&["miau", "check", p.to_str().unwrap(), "--proofs"]);
    assert_eq!(code, 1);
    assert!(out.contains("levels.pass-it-on: must_form MIAU IS ROCK is not proved: without it SOLVED 6"), "{out}");
}

#[test]
fn every_shipped_pack_passes_check_with_proofs() {
    // The packs in app/packs are the extensions' reference content: each level
    // solves (or is proved) as its metadata expects.
    let mut all = String::new();
    for entry in std::fs::read_dir(crate::fixtures::root().join("app/packs")).unwrap() {
        let path = entry.unwrap().path();
        let (code, out, err) = retrace(&["miau", "check", path.to_str().unwrap(), "--proofs"]);
        assert_eq!(code, 0, "{}: {out}{err}", path.display());
        assert!(!out.contains("FAILED"), "{out}");
        all += &out;
    }
    // The structured proof (F-XW15) and the rule-breaking levels' proofs.
    for line in [
        "across-and-down must_form {axis = \"v\", shares_word_with = \"MIAU IS YOU\"}: proved",
        "low-tide must_break WATER IS SINK: proved",
        "paper-bridge must_break ROCK IS STOP: proved",
        "sink-the-sting must_break JELLY IS DEFEAT: proved",
        "spend-it-last must_break CRATE IS PUSH: proved",
    ] {
        assert!(all.contains(line), "{line:?} not in {all}");
    }
}

#[test]
fn a_play_session_saves_as_a_replay_that_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pass.replay");
    let (code, out, err) = retrace(&[
        "miau",
        "play",
        &sample(),
        "--level",
        "pass-it-on",
        "--moves",
        "RURRRD",
        "--save",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("saved "), "{out}");
    let (code, out, err) = retrace(&["verify", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("won"), "{out}");
    // An unwritable place (under a file) is a clear error, not a panic.
    let (code, _, err) = retrace(&[
        "miau",
        "play",
        &sample(),
        "--level",
        "pass-it-on",
        "--save",
        file.join("x.replay").to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot save the replay"), "{err}");
}

#[path = "../benches/miau_level.rs"]
mod miau_level;

/// The bench level as a pack (`benches/miau-bench.toml`, what the end-to-end
/// figures and the device script solve) is the level the criterion benches
/// build in code: the same start board, so the figures measure one level.
#[test]
fn the_bench_pack_holds_the_bench_level() {
    use retrace_kernel::game::Game;
    let text = std::fs::read_to_string(fixtures::root().join("benches/miau-bench.toml")).unwrap();
    let pack = retrace_kernel::miau::pack::load(&text).0.unwrap();
    let from_pack = retrace_kernel::miau::Miau::start(&pack.levels[0].setup, 0).unwrap();
    let in_code = retrace_kernel::miau::Miau::start(&miau_level::bench_level(), 0).unwrap();
    assert_eq!(from_pack.board, in_code.board);
    assert!(from_pack.board.things.len() > 30, "the bench level's walls, words, cat and rocks");
}

/// A* finds the shortest solution of every shipped level (issue 44 part 4):
/// each level's length is its recorded `shortest` (which `check --proofs`
/// holds to breadth-first's), or breadth-first's where none is recorded;
/// best-first's answers say NOT-SHORTEST.
#[test]
fn a_star_solves_every_shipped_level_in_its_shortest_length() {
    for entry in std::fs::read_dir(crate::fixtures::root().join("app/packs")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let (pack, _) = retrace_kernel::miau::pack::load(&text);
        let pack = pack.unwrap();
        let (code, out, err) = retrace(&["miau", "solve", path.to_str().unwrap(), "--search", "astar"]);
        assert_eq!(code, 0, "{}: {out}{err}", path.display());
        assert!(err.contains("astar search"), "{err}");
        for l in &pack.levels {
            let line = out.lines().find(|x| x.starts_with(&format!("{} ", l.id))).unwrap();
            // Its recorded shortest, else breadth-first's length here.
            let shortest = l.shortest.map_or_else(
                || {
                    let budget = l.solver_budget.unwrap_or(1_000_000);
                    match retrace_kernel::miau::solver::solve(&l.setup, budget, &mut retrace_kernel::hashing::CpuHasher)
                    {
                        Ok(retrace_kernel::miau::solver::Verdict::Solved { moves, .. }) => moves.len(),
                        other => panic!("{}: {other:?}", l.id),
                    }
                },
                |n| n as usize,
            );
            let want = format!("{} SOLVED {shortest} ", l.id);
            assert!(line.starts_with(&want) && !line.contains("NOT-SHORTEST"), "{line} (want {want})");
        }
    }
    let (_, out, _) = retrace(&["miau", "solve", &sample(), "--search", "best"]);
    assert!(out.lines().all(|l| !l.contains("SOLVED") || l.ends_with("NOT-SHORTEST")), "{out}");
}

#[test]
fn import_writes_keke_packs_plays_their_stored_solutions_and_refuses_bad_files() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("retrace_LEVELS.json");
    std::fs::copy(fixtures::root().join("app/keke/retrace_LEVELS.json"), &json).unwrap();
    let (code, out, err) = retrace(&["miau", "import", json.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    let pack = dir.path().join("retrace_LEVELS.toml");
    assert_eq!(out, format!("wrote {} (8 levels, keke rules)\nstored solutions: 8 of 8 win\n", pack.display()));
    // Nothing is written over unless asked.
    let (code, _, err) = retrace(&["miau", "import", json.to_str().unwrap()]);
    assert_eq!((code, err), (2, format!("error: {}: already there (--force writes over it)\n", pack.display())));
    // `miau check` plays the stored solutions too, and names one that fails
    // with where it parts from a win.
    let text = std::fs::read_to_string(&pack).unwrap().replacen("solution = \"RRRRR\"", "solution = \"LLRR\"", 1);
    std::fs::write(&pack, text).unwrap();
    let (code, out, _) = retrace(&["miau", "check", pack.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("solution level-1: First steps: not won after its 4 moves; a win is still there where it stops\nstored solutions: 7 of 8 win\n"),
        "{out}"
    );
    // `miau solve` solves every level under the keke rules, on the general engine.
    let (code, out, err) = retrace(&["miau", "solve", pack.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.lines().filter(|l| l.contains(" SOLVED ")).count(), 8, "{out}");
    assert!(err.contains("note: level level-3: Miau rules v8 (the keke rules), the general engine"), "{err}");
    // --no-flags: the plain question only (no BYPASS search), as a benchmark wants.
    let (code, out, _) =
        retrace(&["miau", "solve", pack.to_str().unwrap(), "--level", "level-1", "--no-flags", "--json"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("{\"level\":\"level-1\",\"verdict\":\"SOLVED\",\"moves\":\"RRRRR\""), "{out}");
    assert!(out.contains("\"flags\":[],\"rules\":8,\"profile\":\"keke\",\"engine\":\"general\""), "{out}");
    // A malformed file: every bad level by its place and id, and why.
    let bad = dir.path().join("bad_LEVELS.json");
    std::fs::write(
        &bad,
        r#"{"levels": [{"id": 1, "ascii": "____\n_b2_\n____"}, {"id": 2, "ascii": "____\n_bz_\n____"}]}"#,
    )
    .unwrap();
    let (code, _, err) = retrace(&["miau", "import", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        format!("error: {0}: level 2 (id 2): row 2, column 3: 'z' is not in the competition's key\n", bad.display())
    );
}

/// The copy deck at load (issue 66 item 2): a Title Case title, a `·` in a
/// tagline and a banned word in a hint are warnings `check` prints with
/// their paths (exit 0), and errors with `--strict` (exit 1); every shipped
/// pack passes `--strict`.
#[test]
fn check_prints_the_copy_decks_warnings_and_strict_makes_them_errors() {
    let text = std::fs::read_to_string(sample()).unwrap();
    let broken = text
        .replacen("title = \"Hello, flag\"", "title = \"Hello, Flag\"", 1)
        .replacen("hint = \"Walk to the flag.\"", "hint = \"Walk to the garden.\"", 1)
        .replacen("tagline = \"The cat learns to read.\"", "tagline = \"The cat · learns to read.\"", 1);
    assert_eq!(broken.matches("Flag\"").count() + broken.matches("garden").count() + broken.matches('·').count(), 3);
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("deck.toml");
    std::fs::write(&p, broken).unwrap();
    let (code, out, _) = retrace(&["miau", "check", p.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    let at =
        |path: &str, says: &str| out.lines().any(|l| l.starts_with("warning ") && l.contains(path) && l.contains(says));
    assert!(at("manifest.world.tagline", "forbids '·'"), "{out}");
    assert!(at("levels[0].title", "\"Flag\" should start small"), "{out}");
    assert!(at("levels[0].hint", "bans the word \"garden\""), "{out}");
    assert!(out.ends_with("(3 levels, 3 warnings)\n"), "{out}");
    let (code, out, _) = retrace(&["miau", "check", "--strict", p.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("error ")).count(), 3, "{out}");
    for pack in std::fs::read_dir(fixtures::root().join("app/packs")).unwrap() {
        let pack = pack.unwrap().path();
        let (code, out, _) = retrace(&["miau", "check", "--strict", pack.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {out}", pack.display());
    }
}
