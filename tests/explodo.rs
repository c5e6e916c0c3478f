use crate::fixtures::{self, retrace};

#[test]
fn level_prints_the_board_legend_and_summary() {
    let (code, out, _) = retrace(&["explodo", "level", "--seed", "1", "--level", "1"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 11 + 2, "11 rows, the legend and the summary");
    assert!(lines[..11].iter().all(|l| l.chars().count() == 9));
    assert!(lines[0].chars().all(|c| c == '#'));
    assert!(lines[1].starts_with("#@"));
    assert!(lines[11].starts_with("legend: # wall"));
    assert_eq!(lines[12], "enemies 2 par 41 size 9x11 types Blob");
    // The same seed as text or digits: text is made into a seed.
    assert_eq!(
        retrace(&["explodo", "level", "--seed", "banana", "--level", "20"]).1,
        retrace(&["explodo", "level", "--seed", "banana", "--level", "20"]).1
    );
    assert!(retrace(&["explodo", "level", "--seed", "banana", "--level", "20"]).1.contains("size 13x17"));
}

#[test]
fn play_prints_events_and_the_final_state() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("m.txt");
    std::fs::write(&f, format!("# level 1 of seed 1\n{}\n", fixtures::EXPLODO_CLEAR_1)).unwrap();
    let (code, out, _) = retrace(&["explodo", "play", "--seed", "1", "--moves", f.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("LevelCleared { level: 1"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("level 2 turn 1 lives 3"), "{out}");
}

#[test]
fn bad_input_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("bad.txt");
    std::fs::write(&f, "u d\nbx w\n").unwrap();
    let (code, _, err) = retrace(&["explodo", "play", "--seed", "1", "--moves", f.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2: 'bx' is not an action"), "{err}");
    let (code, _, err) = retrace(&["explodo", "level", "--seed", "1", "--level", "21"]);
    assert_eq!(code, 2);
    assert!(err.contains("--level is 1 to 20, not 21"));
    let (code, _, err) = retrace(&["explodo", "play", "--seed", "1", "--moves", "/no/such"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read it"));
}

#[test]
fn every_action_token_reads_back() {
    use retrace::cli::explodo::{parse_token, token};
    use retrace_kernel::explodo::board::{Diag, Dir, Pos};
    use retrace_kernel::explodo::{Action, Aim};
    let mut all = vec![
        Action::Wait,
        Action::Restock,
        Action::LeaveShop,
        Action::KeepCharge,
        Action::TakeCharge,
        Action::FreezeFirst,
        Action::UseCharge(Aim::Me),
    ];
    for d in [Dir::Up, Dir::Down, Dir::Left, Dir::Right] {
        all.extend([
            Action::Move(d),
            Action::Bomb(d),
            Action::Run(d),
            Action::Slide(d),
            Action::Kick(d),
            Action::Throw(d),
            Action::Rpg(d),
            Action::UseCharge(Aim::Dir(d)),
        ]);
    }
    for g in [Diag::UpLeft, Diag::UpRight, Diag::DownLeft, Diag::DownRight] {
        all.push(Action::Diagonal(g));
    }
    all.extend([
        Action::Detonate(Pos { x: 3, y: 12 }),
        Action::UseCharge(Aim::At(Pos { x: 10, y: 4 })),
        Action::Choose(4),
        Action::Buy(3),
    ]);
    for a in &all {
        assert_eq!(parse_token(&token(a)), Some(*a), "{}", token(a));
    }
    for bad in ["bx", "c", "buyx", "x3", "v3;4", "zz"] {
        assert_eq!(parse_token(bad), None, "{bad}");
    }
}

/// Regression: a two-byte letter made the token parser slice inside it and panic.
#[test]
fn a_token_with_a_two_byte_letter_is_an_error_not_a_panic() {
    use retrace::cli::explodo::{parse_moves, parse_token};
    for bad in ["é", "bé", "éu", "xé,1", "buyé"] {
        assert_eq!(parse_token(bad), None, "{bad}");
    }
    assert!(parse_moves("r\nbé").unwrap_err().starts_with("line 2: "));
}

#[test]
fn level_shows_the_board_objects_and_play_accepts_dialog_decisions() {
    let (code, out, _) = retrace(&["explodo", "level", "--seed", "3", "--level", "11"]);
    assert_eq!(code, 0);
    assert!(out.contains("\" bush") && out.contains("B oil barrel") && out.contains("^ spikes"), "{out}");
    let board: String = out.lines().take(15).collect();
    for c in ['"', 'M', 'o', '^', 'B'] {
        assert!(board.contains(c), "{c} on level 11: {out}");
    }
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("dev.txt");
    std::fs::write(&f, format!("{}\n", fixtures::EXPLODO_DEVELOPER)).unwrap();
    let (code, out, _) = retrace(&["explodo", "play", "--seed", "4", "--developer", "--moves", f.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("1 dialog: the rainbow gem offers: c0 Bombs 1 → 2 (max 5)"), "{out}");
    assert!(out.contains("2 PowerTaken(Slide)"), "{out}");
    std::fs::write(&f, "w c0\n").unwrap();
    let (_, out, _) = retrace(&["explodo", "play", "--seed", "4", "--moves", f.to_str().unwrap()]);
    assert!(out.contains("2 rejected Choose(0): there is no dialog open to answer"), "{out}");
}

#[test]
fn the_danger_overlay_shows_what_burns_this_turn_and_next() {
    use retrace::ui::explodo::danger;
    use retrace_kernel::explodo::board::Dir;
    use retrace_kernel::explodo::{Action, Explodo, Setup};
    use retrace_kernel::Game;
    let mut s = Explodo::start(&Setup::default(), 1).unwrap();
    Explodo::apply(&mut s, &Action::Bomb(Dir::Right)).unwrap();
    let bomb = s.bombs.list[0].pos;
    assert_eq!(s.bombs.list[0].fuse, 3, "a new bomb shows 3");
    let (now, next) = danger(&s);
    assert!(now.is_empty() && !next.contains(&bomb), "nothing burns for two turns: {next:?}");
    Explodo::apply(&mut s, &Action::Wait).unwrap();
    let (now, next) = danger(&s);
    let you = s.player.at;
    assert!(
        now.is_empty() && next.contains(&bomb) && next.contains(&you),
        "it goes off at the end of the next turn, on your tile too: {next:?}"
    );
    Explodo::apply(&mut s, &Action::Move(Dir::Down)).unwrap();
    let (now, _) = danger(&s);
    assert!(
        now.contains(&bomb) && now.contains(&you) && !now.contains(&s.player.at),
        "now it burns where you were, not where you are: {now:?}"
    );
    let before = s.clone();
    let _ = danger(&s);
    assert_eq!(s, before, "the overlay plays on a copy");
    // As far as the fuses reach (issue 65 item 7): a long fuse's blast is
    // shown from the turn it is set, with the turns until it burns.
    let mut s = Explodo::start(&Setup::default(), 1).unwrap();
    Explodo::apply(&mut s, &Action::Bomb(Dir::Right)).unwrap();
    let bomb = s.bombs.list[0].pos;
    assert_eq!(retrace::ui::explodo::danger_ahead(&s).get(&bomb), Some(&2), "fuse 3: after two more waits");
    s.bombs.list[0].fuse = 9;
    let ahead = retrace::ui::explodo::danger_ahead(&s);
    assert_eq!(ahead.get(&bomb), Some(&8), "fuse 9: after eight more waits");
    assert!(ahead.values().all(|&k| k == 8), "nothing else burns: {ahead:?}");
    let (now, next) = danger(&s);
    assert!(now.is_empty() && next.is_empty(), "not in this turn's or the next's red");
}

/// Regression: a detonator or charge aimed at a far position (from a replay's
/// actions) overflowed the distance arithmetic and panicked.
#[test]
fn a_target_far_off_the_board_is_refused_not_overflowed() {
    use retrace_kernel::explodo::board::Pos;
    use retrace_kernel::explodo::{Action, Aim, Explodo, Setup};
    use retrace_kernel::Session;
    for far in [Pos { x: i32::MAX, y: i32::MIN }, Pos { x: i32::MIN, y: 3 }, Pos { x: 5, y: i32::MAX }] {
        let mut s =
            Session::<Explodo>::new(Setup { developer: true, immortal: false, ..Default::default() }, 4).unwrap();
        let before = s.digest();
        assert!(s.push(Action::Detonate(far)).is_err());
        assert!(s.push(Action::UseCharge(Aim::At(far))).is_err());
        assert_eq!(s.digest(), before, "refused actions change nothing");
    }
    assert_eq!(Pos { x: i32::MAX, y: 0 }.dist(Pos { x: i32::MIN, y: 0 }), i32::MAX);
}

/// The balance lab plays the same seeds under every arm and reports in seed
/// order: the same report, byte for byte, on one thread and on three.
#[test]
fn lab_reports_are_the_same_at_every_thread_count() {
    let args = |t: &'static str| ["explodo", "lab", "underfoot", "--seeds", "3", "--levels", "2", "--threads", t];
    let (code, one, err) = retrace(&args("1"));
    assert_eq!(code, 0, "{err}");
    let (_, three, _) = retrace(&args("3"));
    assert_eq!(one, three);
    assert!(
        one.contains("| Arm | Levels cleared | Won |") && one.contains("| none |") && one.contains("| underfoot |")
    );
    assert!(one.contains("3 seeds (1 to 3), the careful bot, up to 2 levels"), "{one}");
}

/// Every run saved is a replay that verifies with the run's own outcome;
/// the CSV lists every run and the JSON report is one object.
#[test]
fn lab_runs_are_saved_as_replays_that_verify() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs");
    let report = dir.path().join("report");
    let (code, out, err) = retrace(&[
        "explodo",
        "lab",
        "runs",
        "--seeds",
        "2",
        "--levels",
        "1",
        "--arm",
        "bomb-up",
        "--save-runs",
        runs.to_str().unwrap(),
        "--out",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("arm bomb-up skill careful levels 1\nseed 1 cleared 1"), "{out}");
    for seed in 1..=2 {
        let file = runs.join(format!("bomb-up-seed{seed}.replay"));
        let (code, v, e) = retrace(&["verify", file.to_str().unwrap()]);
        assert_eq!(code, 0, "{v}{e}");
        assert!(v.starts_with("ok explodo v"), "{v}");
    }
    let csv = std::fs::read_to_string(report.join("runs.csv")).unwrap();
    assert_eq!(csv.lines().count(), 3, "{csv}");
    assert!(csv.lines().nth(1).unwrap().starts_with("bomb-up,1,1,0,"), "{csv}");
    assert!(std::fs::read_to_string(report.join("report.md")).unwrap().contains("| bomb-up |"));
    let (code, json, _) = retrace(&["explodo", "lab", "runs", "--seeds", "1", "--levels", "1", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(json.trim()).expect("one JSON object");
    assert_eq!(v["experiment"], "runs");
    assert_eq!(v["arms"][0]["arm"], "none");
}

/// A lab arm's name is checked, with the list of arms; `trace` prints the
/// level's boards.
#[test]
fn lab_arms_are_named_and_trace_shows_the_boards() {
    let (code, _, err) = retrace(&["explodo", "lab", "runs", "--arm", "jetpack"]);
    assert_eq!(code, 2);
    assert!(err.contains("no arm \"jetpack\"") && err.contains("crate-pass"), "{err}");
    let (code, out, err) = retrace(&["explodo", "lab", "trace", "3", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("level 1 turn 1 lives 3"), "{out}");
    assert!(out.contains("after the level: level 2"), "{out}");
}

/// `explodo scene`: the topics listed, a scene printed turn by turn with its
/// moment marked, written as a replay that `retrace verify` accepts (an
/// in-progress run under rules v5 with the scene in its setup), and an
/// unknown topic named in the error with the list.
#[test]
fn scene_lists_prints_and_writes_a_verifiable_replay() {
    let (code, out, _) = retrace(&["explodo", "scene"]);
    assert_eq!(code, 0);
    let topics: Vec<&str> = out.lines().collect();
    assert!(topics.contains(&"kick") && topics.contains(&"nuke") && topics.contains(&"seeker"), "{out}");
    assert!(!topics.contains(&"heart"), "Heart only changes a number: no scene");
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("kick.replay");
    let (code, out, err) = retrace(&["explodo", "scene", "Kick", "--seed", "7", "--out", f.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().next().unwrap().starts_with("Kick scene, variant seed "), "{out}");
    let marked: Vec<&str> = out.lines().filter(|l| l.ends_with("<- the moment")).collect();
    assert_eq!(marked.len(), 1, "{out}");
    let (code, out, err) = retrace(&["verify", f.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ok explodo v8 ") && out.contains("in-progress"), "{out}");
    let (code, _, err) = retrace(&["explodo", "scene", "banana"]);
    assert_eq!(code, 2);
    assert!(err.contains("no scene \"banana\"; the topics are step, holdtobomb, bomb, wait"), "{err}");
}

/// The careful bot's runs behind two fixtures (run with `--ignored
/// --nocapture`): `fixtures::EXPLODO_CLEAR_1`, seed 1's level 1 cleared with
/// no life lost, and `fixtures::EXPLODO_TO_SHOP`, seed 7 played to the first
/// shop, where it buys the first item and leaves. The bot's own seed is
/// tried from 0 until one run does it.
#[test]
#[ignore = "a search that prints a fixture"]
fn search_the_bot_fixtures() {
    use retrace_kernel::explodo::bot::{Bot, Skill};
    use retrace_kernel::explodo::{Action, Dialog, Explodo, Setup};
    use retrace_kernel::Game;
    let run = |seed: u64, bot_seed: u64, shop: bool| {
        let mut s = Explodo::start(&Setup::default(), seed).unwrap();
        let mut bot = Bot::new(bot_seed, Skill::Careful);
        let mut log = Vec::new();
        for _ in 0..4000 {
            if shop && matches!(s.run.dialogs.last(), Some(Dialog::Shop { .. })) {
                log.extend([Action::Buy(0), Action::LeaveShop]);
                return Some((log, s.player.lives));
            }
            if !shop && s.run.level == 2 {
                return Some((log, s.player.lives));
            }
            let a = bot.choose(&s)?;
            Explodo::apply(&mut s, &a).ok()?;
            log.push(a);
        }
        None
    };
    for (seed, shop) in [(1, false), (7, true)] {
        let found = (0..60).find_map(|k| run(seed, k, shop).filter(|(_, lives)| *lives == 3));
        let (log, _) = found.expect("a run without a life lost");
        let tokens: Vec<String> = log.iter().map(retrace::cli::explodo::token).collect();
        println!("seed {seed}:\n{}", tokens.join(" "));
    }
}

/// The lab's rows for the power-ups, and for the charges, are each their
/// own: the bots use what an arm gives them, so no two arms play alike
/// (before the bots used Kick, Throw, Slide, RPG, Detonator and the
/// charges, several rows were the baseline's to the digit; Star's was
/// until rules v7 renewed it at every attempt).
#[test]
fn every_power_up_and_charge_has_a_row_of_its_own() {
    for experiment in ["powers", "charges"] {
        let (code, out, err) =
            retrace(&["explodo", "lab", experiment, "--seeds", "10", "--skill", "average", "--json", "--threads", "2"]);
        assert_eq!(code, 0, "{err}");
        let report: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
        let arms = report["arms"].as_array().expect("arms");
        assert_eq!(arms.len(), if experiment == "powers" { 18 } else { 11 }, "{out}");
        let arms = arms.as_slice();
        let row = |a: &serde_json::Value| {
            ["levels_cleared", "won", "lives_lost", "turns_per_level", "turns_in_danger_pct", "stuck"]
                .map(|k| a[k].to_string())
        };
        for (i, a) in arms.iter().enumerate() {
            for b in &arms[..i] {
                assert_ne!(row(a), row(b), "lab {experiment}: {} plays as {}", a["arm"], b["arm"]);
            }
        }
    }
}
