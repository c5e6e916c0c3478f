//! The shell: dropped and corrupt replays, snapshots of the main screens,
//! settings and languages, files kept aside, what is new.

use super::*;
use egui_kittest::kittest::NodeT;
use retrace_kernel::Session;

#[test]
fn a_dropped_replay_verifies_and_plays_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    let won = fixtures::mines_won().to_certificate(fixtures::FIXTURE_APP).unwrap();
    drop_file(&mut h, "won.replay", won.to_bytes());
    assert!(matches!(h.state().screen, Screen::Watch(_)), "{:?}", h.state().error);
    assert!(h.query_by_label_contains("verified by replay").is_some());
    h.get_by_label("⏭").click();
    h.run();
    let Screen::Watch(v) = &h.state().screen else { panic!() };
    assert_eq!(v.step(), won.steps());
    // "Play from here" forks a live round at the current step.
    h.get_by_label("⏮").click();
    h.run();
    h.get_by_label("Play from here").click();
    h.run();
    assert_eq!(mines(&mut h).session.step(), 0);
}

/// The watcher speaks player words (issue 40): the game's name, what
/// happened and that the replay checked out; the file's path, the rules
/// version and the digest only under Details.
#[test]
fn the_watcher_keeps_paths_and_digests_under_details() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    let path = fixtures::root().join("replays/mines-won.replay");
    h.state_mut().open_path(&path);
    h.run();
    let Screen::Watch(v) = &h.state().screen else { panic!("{:?}", h.state().error) };
    let digest = v.verified.final_digest.hex()[..16].to_string();
    assert!(h.query_by_label("MineLayer").is_some(), "the game's name");
    assert!(h.query_by_label_contains("verified by replay").is_some());
    let path_text = path.display().to_string();
    assert!(h.query_by_label_contains(&path_text).is_none(), "no path before Details");
    assert!(h.query_by_label_contains(&digest).is_none(), "no digest before Details");
    assert!(h.query_by_label_contains("rules v").is_none(), "no rules version before Details");
    h.get_by_label("Details").click();
    h.run();
    assert!(h.query_by_label_contains(&path_text).is_some(), "the path under Details");
    assert!(h.query_by_label_contains(&digest).is_some(), "the digest under Details");
}

#[test]
fn a_corrupt_dropped_replay_shows_the_kernels_message() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    let mut bytes = fixtures::mines_won().to_replay(fixtures::FIXTURE_APP).to_bytes();
    let n = bytes.len();
    bytes.truncate(n - 5);
    drop_file(&mut h, "cut.replay", bytes);
    assert!(matches!(h.state().screen, Screen::Home));
    let err = h.state().error.clone().unwrap();
    assert!(err.to_string().starts_with("cut.replay: truncated at byte offset"), "{err}");
    assert!(h.query_by_label_contains("truncated at byte offset").is_some());
}

/// The window at 1100×760 on the GPU renderer for snapshots, its data in
/// `dir`: demos still, and nothing machine-specific on screen (Life's engine
/// is the CPU whatever the GPU).
fn snapshot_harness(dir: &Path) -> Harness<'static, RetraceApp> {
    english_minelayer(dir);
    let store = Store::new(dir);
    Harness::builder().with_size([1100.0, 760.0]).with_max_steps(40).wgpu().build_eframe(move |_cc| {
        let mut app = RetraceApp::new(store, None);
        app.demos_paused = true;
        app.set_life_engine(None);
        app
    })
}

/// Snapshot images of the main screens, compared with the committed PNGs in
/// `tests/snapshots/` (regenerate with `UPDATE_SNAPSHOTS=1 cargo test`).
/// Everything on them is deterministic: demos still, a fixed seed, playback paused.
#[test]
fn snapshots_of_the_main_screens() {
    if retrace_gpu::gpu_for_tests("app snapshots").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut h = snapshot_harness(dir.path());
    h.run();
    h.snapshot("home");
    h.state_mut().screen =
        Screen::Mines(retrace::ui::mines::MinesView::new(retrace_kernel::mines::Tier::Intermediate, 2026));
    h.run();
    h.snapshot("minelayer");
    // In Chinese, drawn with the CJK subset, not as boxes (issue 62 item 12).
    h.state_mut().settings.mines_lang = "zh".into();
    h.run();
    h.snapshot("minelayer-zh");
    h.state_mut().settings.mines_lang = "en".into();
    h.state_mut().screen = Screen::LifeSetup;
    h.run();
    h.snapshot("life-setup");
    h.state_mut().screen = Screen::Life(retrace::ui::life::LifeView::new(fixtures::life_stalemate()));
    h.run();
    h.snapshot("life-game-over");
    let cert = fixtures::life_campaign_win().to_certificate(fixtures::FIXTURE_APP).unwrap();
    h.state_mut().open_bytes("win.replay", &cert.to_bytes());
    if let Screen::Watch(v) = &mut h.state_mut().screen {
        v.playing = false;
        v.seek(12);
    }
    h.run();
    h.snapshot("watch-certificate");
    // The watcher at a recorded run's first shop: the top bar, the whole
    // level and the shop beside it (issue 40, item 10).
    let bytes = std::fs::read(fixtures::root().join("replays/explodo-first-shop.replay")).unwrap();
    h.state_mut().open_bytes("explodo-first-shop.replay", &bytes);
    if let Screen::Watch(v) = &mut h.state_mut().screen {
        v.playing = false;
        let shop = (0..=v.verified.steps).find(|&k| {
            v.seek(k);
            v.watched.session::<retrace_kernel::explodo::Explodo>().is_some_and(|s| !s.state().run.dialogs.is_empty())
        });
        v.seek(shop.expect("the run reaches its shop"));
    }
    h.run();
    h.snapshot("watch-explodo-shop");
    explodo_snapshots(&mut h);
    // Miau Is True: the clockwork proof one move before the win (sentence bars,
    // frames and marks from the rules, the rules in force, the last move's events).
    let mut v = miau_level("mouse-keeps-time");
    let scratch = tempfile::tempdir().unwrap();
    for c in "DRRRRRRRRR".chars() {
        v.act(retrace_kernel::miau::Action::from_letter(c).unwrap(), &Store::new(scratch.path()));
    }
    h.state_mut().screen = Screen::Miau(v);
    h.run();
    h.snapshot("miau");
    h.state_mut().screen = Screen::MiauLevels;
    h.run();
    h.snapshot("miau-levels");
    // A world's levels (issue 66 item 4): boards, best against shortest.
    h.state_mut().miau.world = Some(0);
    h.state_mut().miau.won = vec!["first-steps/hello-flag".into(), "first-steps/pass-it-on".into()];
    h.state_mut().miau.best = vec![("first-steps/hello-flag".into(), 8), ("first-steps/pass-it-on".into(), 9)];
    h.run();
    h.snapshot("miau-world-levels");
    h.state_mut().miau.world = None;
    // The level editor on a new level, its verdict worked out.
    let mut d = retrace::ui::miau::editor::Draft::new("level-1");
    for (t, x, y) in [("FLAG", 0, 1), ("IS!", 1, 1), ("WIN", 2, 1), ("flag", 6, 4), ("crate", 3, 2), ("dock", 3, 2)] {
        d.place(x, y, t, true);
    }
    let mut e = retrace::ui::miau::editor::EditorView::new(d, retrace::ui::miau::editor::Kit::default());
    assert!(e.wait(20).is_some());
    h.state_mut().screen = Screen::MiauEditor(e);
    h.run();
    h.snapshot("miau-editor");
    // A first-time card (STOP, YOU already met) beside the board with its demo.
    let mut v = miau_level("mouse-keeps-time");
    v.seen = Some(vec!["YOU".into()]);
    h.state_mut().screen = Screen::Miau(v);
    h.run();
    h.snapshot("miau-word-card");
    // Help at Explodorama's page, opened over its run (F1).
    let run = retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "w"));
    h.state_mut().screen = Screen::Explodo(run);
    h.run();
    h.state_mut().open_help();
    h.run();
    h.snapshot("help-explodo");
}

/// Issue 41: a level of each Miau world in colour (every noun a Twemoji
/// texture, never its name), on the near-black board: each world's level
/// that shows most of its look (terrain slabs, bolted words, GOAL outlines).
#[test]
fn snapshots_of_a_level_of_each_miau_world() {
    if retrace_gpu::gpu_for_tests("app snapshots").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut h = snapshot_harness(dir.path());
    for (world, level) in [
        ("first-steps", "walled"),
        ("crate-works", "crates-move"),
        ("tidewater", "set-adrift"),
        ("crossword", "spend-it-twice"),
        ("clockwork", "key-and-door"),
        ("workshop", "pallet-row"),
    ] {
        let view = {
            let packs = retrace::ui::miau::packs();
            let p = packs.iter().position(|p| p.id == world).unwrap_or_else(|| panic!("no world {world}"));
            let l = packs[p].levels.iter().position(|l| l.id == level).unwrap_or_else(|| panic!("no {level}"));
            retrace::ui::miau::MiauView::new(&packs, p, l).unwrap()
        };
        h.state_mut().screen = Screen::Miau(view);
        h.run();
        h.snapshot(format!("miau-world-{world}"));
    }
    // A Miau replay in the watcher, one move before its win: colour glyphs too.
    let won = fixtures::miau_won();
    h.state_mut().open_bytes("won.replay", &won.to_replay(fixtures::FIXTURE_APP).to_bytes());
    if let Screen::Watch(v) = &mut h.state_mut().screen {
        v.playing = false;
        v.seek(won.step() - 1);
    }
    h.run();
    h.snapshot("watch-miau");
}

/// The Explodorama screens of [`snapshots_of_the_main_screens`]: the shop,
/// the danger overlay, the preview, level 12, the almanac and the demo.
fn explodo_snapshots(h: &mut Harness<'static, RetraceApp>) {
    // Explodorama at the first shop (seed 7), the run's last action undone.
    let mut run = fixtures::explodo(7, fixtures::EXPLODO_TO_SHOP);
    run.seek(run.step() - 2);
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(run));
    h.run();
    h.snapshot("explodo-shop");
    // A bomb beside the start: its blast outlined in red, 3 turns until it burns.
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "br")));
    h.run();
    h.snapshot("explodo-danger");
    // The preview before a move (issue 43 item 3): the keyboard cursor out
    // on a tile two away, the tiles that offer something blue (auto-move's
    // far ones faded), the line of what each key does there.
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "")));
    h.run();
    for k in [egui::Key::ArrowRight, egui::Key::ArrowRight, egui::Key::ArrowRight] {
        h.key_press_modifiers(egui::Modifiers::SHIFT, k);
        h.run();
    }
    h.snapshot("explodo-preview");
    // A level 12 board (13 by 15) in its 9 by 13 view, with edge markers.
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::new(
        retrace_kernel::explodo::Setup { start_level: 12, ..Default::default() },
        5,
    ));
    h.run();
    h.snapshot("explodo-level-12");
    // Level 19, the one board with every enemy type (rules v3; level 12
    // cannot have the Ghost, Wisp and Hunter, which come on 13, 16 and 19):
    // each its own creature (issue 41).
    let view = retrace::ui::explodo::ExplodoView::new(
        retrace_kernel::explodo::Setup { start_level: 19, ..Default::default() },
        5,
    );
    let kinds: std::collections::BTreeSet<_> =
        view.session.state().enemies.list.iter().map(|e| format!("{:?}", e.kind)).collect();
    assert_eq!(kinds.len(), retrace_kernel::explodo::KINDS.len(), "every type on level 19: {kinds:?}");
    h.state_mut().screen = Screen::Explodo(view);
    h.run();
    h.snapshot("explodo-level-19");
    // Coins of each kind (bronze, silver, gold) and the gem on a board: the
    // demo's scenes of them, as runs.
    for (thing, name) in [
        (retrace_kernel::explodo::scene::Thing::Purse, "explodo-coins"),
        (retrace_kernel::explodo::scene::Thing::Gem, "explodo-gem"),
    ] {
        let setup = retrace_kernel::explodo::Setup {
            scene: Some(retrace_kernel::explodo::scene::Topic::Thing(thing)),
            ..Default::default()
        };
        h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::new(setup, 1));
        h.run();
        h.snapshot(name);
    }
    // The almanac's enemies (every type's silhouette) and the demo's first scene.
    let mut v = retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "w"));
    v.dialogs.almanac = Some(Default::default());
    h.state_mut().screen = Screen::Explodo(v);
    h.run();
    h.snapshot("explodo-almanac");
    let mut v = retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "w"));
    v.dialogs.demo = Some(retrace::ui::explodo::demo::Demo::new(1));
    h.state_mut().screen = Screen::Explodo(v);
    h.run();
    h.snapshot("explodo-demo");
}

/// The home screen and a board of each game at 800×600 and at 1920×1080
/// (issue 40; Explodorama's level 4 whole, issue 62), in
/// `tests/snapshots/` as `<screen>-<w>x<h>.png`.
#[test]
fn snapshots_at_800x600_and_1920x1080() {
    if retrace_gpu::gpu_for_tests("app snapshots at two sizes").is_none() {
        return;
    }
    // Two harnesses (one a size) in one test: their results are judged together.
    let mut results = egui_kittest::SnapshotResults::new();
    for (w, h_px) in [(800.0, 600.0), (1920.0, 1080.0)] {
        let dir = tempfile::tempdir().unwrap();
        english_minelayer(dir.path());
        let store = Store::new(dir.path());
        let mut h = Harness::builder().with_size([w, h_px]).with_max_steps(40).wgpu().build_eframe(move |_cc| {
            let mut app = RetraceApp::new(store, None);
            app.demos_paused = true;
            app.set_life_engine(None);
            app
        });
        let size = format!("{w}x{h_px}");
        h.run();
        h.snapshot(format!("home-{size}"));
        h.state_mut().screen =
            Screen::Mines(retrace::ui::mines::MinesView::new(retrace_kernel::mines::Tier::Expert, 2026));
        h.run();
        h.snapshot(format!("minelayer-{size}"));
        h.state_mut().screen = Screen::Life(retrace::ui::life::LifeView::new(fixtures::life_hotseat()));
        h.run();
        h.snapshot(format!("life-{size}"));
        h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "w")));
        h.run();
        h.snapshot(format!("explodo-{size}"));
        // Seed 7's level 4 (11 by 13), whole at both sizes (issue 62, item 1).
        let setup = retrace_kernel::explodo::Setup { start_level: 4, ..Default::default() };
        h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::new(setup, 7));
        h.run();
        h.snapshot(format!("explodo-level-4-{size}"));
        h.state_mut().screen = Screen::Miau(miau_level("mouse-keeps-time"));
        h.run();
        h.snapshot(format!("miau-{size}"));
        results.extend_harness(&mut h);
    }
}

#[test]
fn settings_persist_and_translate_the_screens() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = harness(dir.path());
        h.run();
        h.get_by_label("Settings").click();
        h.run();
        h.get_by_label("Light").click();
        h.run();
        h.get_by_label("Русский").click();
        h.run();
    }
    let saved = std::fs::read_to_string(dir.path().join("settings.txt")).unwrap();
    assert!(saved.contains("theme = light") && saved.contains("lang = ru"), "{saved}");
    // The next start reads them back: the interface is Russian.
    let mut h = harness(dir.path());
    h.run();
    assert_eq!(h.state().settings.theme, retrace::store::Theme::Light);
    h.get_by_label("Игра на двоих").click();
    h.run();
    assert!(h.query_by_label("Начать").is_some());
    // MineLayer has its own 8 languages.
    h.state_mut().settings.mines_lang = "de".into();
    h.state_mut().screen = Screen::Mines(retrace::ui::mines::MinesView::new(retrace_kernel::mines::Tier::Beginner, 3));
    h.run();
    assert!(h.query_by_label("Spiel").is_some());
    assert!(h.query_by_label_contains("Lege auf jedes Feld eine Mine").is_some());
}

#[test]
fn kernel_messages_show_in_russian_too() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().settings.lang = retrace::store::Lang::Ru;
    h.run();
    let mut bytes = fixtures::mines_won().to_replay(fixtures::FIXTURE_APP).to_bytes();
    let n = bytes.len();
    bytes.truncate(n - 5);
    drop_file(&mut h, "cut.replay", bytes);
    assert!(h.query_by_label_contains("cut.replay: файл обрезан на байте").is_some(), "{:?}", h.state().error);
    let cert = fixtures::life_campaign_win().to_certificate(fixtures::FIXTURE_APP).unwrap();
    drop_file(&mut h, "win.replay", cert.to_bytes());
    assert!(h.query_all_by_label_contains("Уровень 1 пройден на поколении 350").next().is_some());
    let spent = retrace_kernel::say!("your budget is spent");
    assert_eq!(retrace::ui::text::say(retrace::store::Lang::Ru, &spent), "бюджет исчерпан");
    assert_eq!(retrace::ui::text::say(retrace::store::Lang::En, &spent), "your budget is spent");
}

#[test]
fn files_that_are_not_text_are_kept_aside_not_overwritten() {
    // Regression: a settings file or score board that was not UTF-8 read as
    // missing, and the next save wrote over it.
    let dir = tempfile::tempdir().unwrap();
    let junk = vec![0xff, 0xfe, 0x00, 0x80];
    std::fs::write(dir.path().join("settings.txt"), &junk).unwrap();
    std::fs::write(dir.path().join("explodorama-scores.txt"), &junk).unwrap();
    std::fs::write(dir.path().join("miau-progress.txt"), &junk).unwrap();
    let mut h = harness(dir.path());
    h.run();
    let error = h.state_mut().error.clone().expect("the bad settings are named");
    assert!(
        error.contains("settings.txt: it is not text. It was kept as") && error.contains("settings.bad-1.txt"),
        "{error}"
    );
    assert_eq!(std::fs::read(dir.path().join("settings.bad-1.txt")).unwrap(), junk);
    let (board, problem) = retrace::store::explodo::load_scores(&dir.path().join("explodorama-scores.txt"));
    assert!(board.is_empty() && problem.is_some_and(|p| p.contains("explodorama-scores.bad-1.txt")));
    assert_eq!(std::fs::read(dir.path().join("explodorama-scores.bad-1.txt")).unwrap(), junk);
    let (won, problem) = retrace::store::miau::load_progress(&dir.path().join("miau-progress.txt"));
    assert!(won.is_empty() && problem.is_some_and(|p| p.contains("miau-progress.bad-1.txt")));
    assert_eq!(std::fs::read(dir.path().join("miau-progress.bad-1.txt")).unwrap(), junk);
}

/// Issue 26's "what's new": the first start of a newer build says what
/// changed, once; a fresh data folder (no settings yet) does not.
#[test]
fn a_newer_build_says_whats_new_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("settings.txt"), "mines_lang = en\nsound = false\nseen_version = retrace 0.0.1\n")
        .unwrap();
    std::fs::write(dir.path().join("miau-words-seen.txt"), SEEN_ALL).unwrap();
    {
        let mut h = harness(dir.path());
        h.run();
        assert!(h.query_by_label("What's new").is_some());
        h.get_by_label("Close").click();
        h.run();
        assert!(h.query_by_label("What's new").is_none());
    }
    let saved = std::fs::read_to_string(dir.path().join("settings.txt")).unwrap();
    assert!(saved.contains(&format!("seen_version = {}", retrace::APP_VERSION)), "{saved}");
    let mut h = harness(dir.path());
    h.run();
    assert!(h.query_by_label("What's new").is_none(), "once");
    let fresh = tempfile::tempdir().unwrap();
    let store = Store::new(fresh.path());
    let mut h = Harness::builder()
        .with_size([1100.0, 760.0])
        .with_max_steps(40)
        .build_eframe(move |_cc| RetraceApp::new(store, None));
    h.run();
    assert!(h.query_by_label("What's new").is_none(), "not on a fresh data folder");
}

/// The home screen fits the window (issue 40): its cards wrap into rows, so
/// at the default size and at 1920×1080 every button lies inside the
/// window, and at 800×600 none is past its right edge.
#[test]
fn the_home_screens_cards_wrap_to_fit_the_window() {
    use egui_kittest::kittest::Queryable;
    for (w, h_px, whole) in [(1100.0, 760.0, true), (1920.0, 1080.0, true), (800.0, 600.0, false)] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = sized_harness(dir.path(), w, h_px);
        h.run();
        // In points: a big window shows the layout zoomed (`ui::scale`).
        let z = h.ctx.zoom_factor();
        let (w, h_px) = (w / z, h_px / z);
        let buttons: Vec<egui::Rect> = h.query_all_by_role(egui::accesskit::Role::Button).map(|b| b.rect()).collect();
        assert!(buttons.len() >= 8, "{w}×{h_px}: the cards' buttons are there ({})", buttons.len());
        for r in &buttons {
            assert!(r.max.x <= w, "{w}×{h_px}: a button past the right edge at {r:?}");
            if whole {
                assert!(r.max.y <= h_px, "{w}×{h_px}: a button below the window at {r:?}");
            }
        }
        let miau_play = h.get_all_by_label("Play").map(|b| b.rect()).fold(0.0f32, |m, r| m.max(r.max.x));
        assert!(miau_play <= w, "{w}×{h_px}: Miau Is True's card is cut");
    }
}

/// One window a data folder (issue 46): a second lock on it is refused with
/// the holder's process id, and the lock is free again once its holder lets
/// go.
#[test]
fn a_data_folder_is_locked_by_one_window_at_a_time() {
    use retrace::store::{lock, LockError};
    let dir = tempfile::tempdir().unwrap();
    let first = lock(dir.path()).expect("the first window takes it");
    match lock(dir.path()) {
        Err(LockError::Held(pid)) => assert_eq!(pid, Some(std::process::id())),
        other => panic!("a second lock was not refused: {other:?}"),
    }
    drop(first);
    lock(dir.path()).expect("free again once the first window is gone");
}

/// A lock left by a killed window is taken over: the system lets go of it
/// with the process (`flock` stands in for the other window here).
#[test]
fn a_lock_left_by_a_killed_window_is_taken_over() {
    use retrace::store::{lock, LockError, LOCK};
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(LOCK), "").unwrap();
    let mut holder =
        match std::process::Command::new("flock").arg("-o").arg(dir.path().join(LOCK)).args(["sleep", "60"]).spawn() {
            Ok(c) => c,
            Err(e) => {
                eprintln!("skipped: flock(1) cannot run here ({e})");
                return;
            }
        };
    // Wait (a few seconds at most) until the other process holds it.
    let mut held = false;
    for _ in 0..500 {
        if matches!(lock(dir.path()), Err(LockError::Held(_))) {
            held = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(held, "the other process took the lock");
    holder.kill().unwrap();
    holder.wait().unwrap();
    let mut taken = None;
    for i in 0..300 {
        match lock(dir.path()) {
            Ok(l) => {
                taken = Some((l, i));
                break;
            }
            Err(_) => std::thread::sleep(std::time::Duration::from_millis(10)),
        }
    }
    // Within three seconds: the system lets go as the process ends.
    let (_lock, _tries) = taken.expect("taken over once its holder was killed");
}

/// The second window on a data folder asks first, then goes on read-only:
/// it shows what it can, saves nothing and removes nothing (not even what
/// looks like a killed save's temporary file, which may be the other
/// window's save in progress).
#[test]
fn a_second_window_on_a_data_folder_is_read_only() {
    let dir = tempfile::tempdir().unwrap();
    let _first = retrace::store::lock(dir.path()).unwrap();
    let orphan = dir.path().join(".retrace-old.tmp");
    let f = std::fs::File::create(&orphan).unwrap();
    f.set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(3600)).unwrap();
    drop(f);
    let store = Store::new(dir.path());
    let (lock, held) = retrace::ui::take_lock(&store);
    assert!(lock.is_none() && held, "the folder is another window's");
    let mut h = Harness::builder().with_size([1100.0, 760.0]).with_max_steps(40).build_eframe(move |_cc| {
        let mut app = RetraceApp::new(store, None);
        app.read_only_asked = held;
        app.read_only = held;
        app
    });
    h.run();
    assert!(h.query_by_label("Another Retrace window is open").is_some());
    assert!(orphan.exists(), "nothing in the other window's folder is removed");
    h.get_by_label("Go on read-only").click();
    h.run();
    assert!(h.query_by_label("Another Retrace window is open").is_none());
    assert!(
        h.query_by_label_contains("Read-only: another Retrace window").is_some(),
        "the window says it is read-only"
    );
    let err = h.state().store.save("probe", &fixtures::mines_won()).unwrap_err();
    assert!(err.contains("another Retrace window has this data folder"), "{err}");
    let names: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(!names.iter().any(|n| n.ends_with(".replay") || n == "settings.txt"), "nothing saved: {names:?}");
}

/// Help teaches (issue 40, item 5): F1 or the top bar's Help opens a "How to
/// play" page at the game on screen, every game has one (tabs), the Help
/// button says what it holds on hover, and Life's setup unfolds its page in
/// place (the spec's «Как играть»).
#[test]
fn help_opens_at_the_page_of_the_game_on_screen() {
    let dir = tempfile::tempdir().unwrap();
    let run = retrace::ui::explodo::ExplodoView::new(retrace_kernel::explodo::Setup::default(), 3);
    let mut h = explodo_window(dir.path(), run);
    // The top bar's figures say what they are on hover.
    h.get_by_label("Lives: 3").hover();
    h.run();
    assert!(h.query_by_label_contains("Lives: lose the last").is_some(), "the heart's tooltip");
    h.key_press(egui::Key::F1);
    h.run();
    assert!(h.state().show_help && h.state().help_page == retrace::ui::help::Page::Game("explodo"));
    assert!(h.query_by_label_contains("B then an arrow: a bomb on that side").is_some(), "Explodorama's keys");
    assert!(h.query_by_label_contains("Left shoulder: the cursor back to you").is_some(), "and its pad");
    // Every game's page is a tab away.
    h.get_by_label("Miau Is True").click();
    h.run();
    assert!(h.query_by_label_contains("Z or Backspace: undo").is_some(), "Miau's keys");
    h.get_by_label("MineLayer").click();
    h.run();
    assert!(h.query_by_label_contains("F2 starts a new field").is_some(), "MineLayer's own help items");
    h.get_by_label("About").click();
    h.run();
    assert!(h.query_by_label_contains("Noto Emoji (SIL Open Font License 1.1)").is_some(), "the credits");
    // From the home screen, the Help button opens the window's page; it says what it holds.
    h.state_mut().show_help = false;
    h.state_mut().screen = Screen::Home;
    h.run();
    h.get_by_label("Help").hover();
    h.run();
    assert!(h.query_by_label("How to play, keys and files (F1)").is_some(), "the Help button's tooltip");
    h.get_by_label("Help").click();
    h.run();
    assert_eq!(h.state().help_page, retrace::ui::help::Page::Window);
    assert!(h.query_by_label_contains("Drop a replay file on the window").is_some());
    // Life's setup: its page unfolds in place.
    h.state_mut().show_help = false;
    h.state_mut().screen = Screen::LifeSetup;
    h.run();
    assert!(h.query_by_label_contains("Placement is blind").is_none(), "folded at first");
    h.get_by_label("How to play").click();
    h.run();
    assert!(h.query_by_label_contains("Placement is blind").is_some(), "Life's page, in place");
}

/// The watcher's timeline spans the window, and Open replay never ends in
/// silence: when its dialog chooses no file (cancelled, or none on this
/// desktop) a path can be typed instead (issue 40, item 10).
#[test]
fn the_timeline_spans_the_window_and_a_path_can_be_typed() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    // What the home screen shows once the dialog came back with nothing.
    h.state_mut().typed_path = Some(String::new());
    h.run();
    let path = fixtures::root().join("replays/mines-won.replay");
    h.get_by_label("No file was chosen. Its path:").focus();
    h.run();
    h.get_by_label("No file was chosen. Its path:").type_text(&path.display().to_string());
    h.run();
    h.get_by_label("Open").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Watch(_)), "{:?}", h.state().error);
    assert!(h.state().typed_path.is_none(), "the row goes once used");
    // The slider (the widest of the nodes named "timeline": it and its label).
    let widest = h.query_all_by_label("timeline").map(|n| n.rect().width()).fold(0.0, f32::max);
    assert!(widest > 700.0, "a timeline across the 1100-wide window: {widest}");
}

/// Every button of every screen can be reached at 800×600 and at 1920×1080
/// (issue 40): it lies inside the window, or a scroll brings it there (the
/// home screen's cards, the campaign's 103 levels).
#[test]
fn every_button_of_every_screen_can_be_reached_at_800x600_and_1920x1080() {
    use egui_kittest::kittest::Queryable;
    let screens = [
        "home",
        "mines-expert",
        "mines-30x24",
        "life-setup",
        "life-levels",
        "life",
        "explodo",
        "miau-levels",
        "miau",
        "editor",
        "watch",
    ];
    for (w, h_px) in [(800.0, 600.0), (1920.0, 1080.0)] {
        for name in screens {
            let dir = tempfile::tempdir().unwrap();
            let mut h = sized_harness(dir.path(), w, h_px);
            h.run();
            let mines = |tier: &str| {
                Screen::Mines(retrace::ui::mines::MinesView::new(retrace_kernel::mines::Tier::parse(tier).unwrap(), 3))
            };
            let two_player = retrace_kernel::life::Setup::TwoPlayer { w: 60, h: 60, wrap: false, budget: 100 };
            match name {
                "home" => {}
                "mines-expert" => h.state_mut().screen = mines("expert"),
                "mines-30x24" => h.state_mut().screen = mines("30x24:0.2"),
                "life-setup" => h.state_mut().screen = Screen::LifeSetup,
                "life-levels" => h.state_mut().screen = Screen::LifeLevels,
                "life" => {
                    h.state_mut().screen =
                        Screen::Life(retrace::ui::life::LifeView::new(Session::new(two_player, 1).unwrap()))
                }
                "explodo" => {
                    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::new(
                        retrace_kernel::explodo::Setup::default(),
                        3,
                    ))
                }
                "miau-levels" => h.state_mut().screen = Screen::MiauLevels,
                "miau" => h.state_mut().screen = Screen::Miau(miau_level("mouse-keeps-time")),
                "editor" => {
                    h.state_mut().screen = Screen::MiauLevels;
                    h.run();
                    h.get_by_label("New level").click();
                }
                _ => {
                    let bytes = std::fs::read(fixtures::root().join("replays/explodo-first-shop.replay")).unwrap();
                    h.state_mut().open_bytes("explodo-first-shop.replay", &bytes);
                }
            }
            h.run();
            // In points: a big window shows the layout zoomed (`ui::scale`).
            let z = h.ctx.zoom_factor();
            let (w, h_px) = (w / z, h_px / z);
            let inside =
                |r: egui::Rect| r.min.x >= -0.5 && r.min.y >= -0.5 && r.max.x <= w + 0.5 && r.max.y <= h_px + 0.5;
            let count = h.query_all_by_role(egui::accesskit::Role::Button).count();
            assert!(count >= 5, "{w}×{h_px} {name}: only {count} buttons");
            for i in 0..count {
                let r = h.query_all_by_role(egui::accesskit::Role::Button).nth(i).unwrap().rect();
                if inside(r) {
                    continue;
                }
                h.query_all_by_role(egui::accesskit::Role::Button).nth(i).unwrap().scroll_to_me();
                h.run();
                let node = h.query_all_by_role(egui::accesskit::Role::Button).nth(i).unwrap();
                let label = node.accesskit_node().label().unwrap_or_default();
                assert!(inside(node.rect()), "{w}×{h_px} {name}: {label:?} cannot be reached: {:?}", node.rect());
            }
        }
    }
}

/// The demo's scenes as the spec draws them (issue 43 item 8): the top bar
/// over the television, the pointer holding a tile (its ring closing on the
/// bomb's blast), the top bar's tour, "What is that?"'s card, the charge
/// swap's dialog, the controller lit per press, and the keys' and the pad's
/// own scenes (the cursor, looking around, the menu). Each at a fixed turn of
/// its scene (the harness's clock is fixed, so the picture is too).
#[test]
fn snapshots_of_the_demo_scenes() {
    use retrace::store::Lang;
    use retrace::ui::explodo::demo::{Demo, Place};
    use retrace::ui::explodo::devices::{Brand, Input};
    use retrace_kernel::explodo::scene::{topics, Control, Thing, Topic};
    if retrace_gpu::gpu_for_tests("demo snapshots").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut h = snapshot_harness(dir.path());
    h.run();
    let (en, ru) = (Lang::En, Lang::Ru);
    // The pad's look and menu scenes on a PlayStation and a Switch pad;
    // last, in Russian: the cards' longer lines, and the "You" tag as "Вы".
    let (xbox, ps, switch) = (Brand::Xbox, Brand::PlayStation, Brand::Switch);
    for (topic, input, brand, lang, steps, name) in [
        (Topic::Control(Control::Hold), Input::Mouse, xbox, en, 2, "explodo-demo-hold"),
        (Topic::Control(Control::AutoMove), Input::Mouse, xbox, en, 3, "explodo-demo-automove"),
        (Topic::Control(Control::TopBar), Input::Mouse, xbox, en, 9, "explodo-demo-tour"),
        (Topic::Control(Control::Ask), Input::Mouse, xbox, en, 16, "explodo-demo-ask"),
        (Topic::Thing(Thing::Swap), Input::Mouse, xbox, en, 8, "explodo-demo-swap"),
        (Topic::Control(Control::Bomb), Input::Pad, xbox, en, 3, "explodo-demo-pad"),
        (Topic::Control(Control::Cursor), Input::Keyboard, xbox, en, 2, "explodo-demo-keys-cursor"),
        (Topic::Control(Control::Look), Input::Pad, ps, en, 4, "explodo-demo-pad-look"),
        (Topic::Control(Control::Menu), Input::Pad, switch, en, 8, "explodo-demo-pad-menu"),
        (Topic::Thing(Thing::Swap), Input::Mouse, xbox, ru, 8, "explodo-demo-swap-ru"),
        (Topic::Control(Control::Ask), Input::Mouse, xbox, ru, 16, "explodo-demo-ask-ru"),
    ] {
        h.state_mut().settings.lang = lang;
        let index = topics().iter().position(|&t| t == topic).unwrap() as u32;
        let mut v = retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "w"));
        let mut d = Demo::at(1, Place { scenes: [index; 3], shuffle: false }, input);
        d.brand = brand;
        v.dialogs.demo = Some(d);
        h.state_mut().screen = Screen::Explodo(v);
        for _ in 0..steps {
            h.step();
        }
        h.snapshot(name);
        // The board's painters draw their words (the "You" tag) in it too.
        assert_eq!(retrace::ui::text::painter_lang(&h.ctx), lang);
    }
}

/// Issue 62, item 2: keys go to the top dialog first. On every screen
/// (home and each game's), Help (F1) and Settings close on Esc and the
/// screen stays; only a second Esc goes back. Space, Enter and the arrows
/// with Help open change nothing behind it.
#[test]
fn esc_closes_the_shells_windows_before_the_screen() {
    type Make = fn() -> Screen;
    let screens: [(&str, Make); 5] = [
        ("home", || Screen::Home),
        ("life", || Screen::Life(retrace::ui::life::LifeView::new(fixtures::life_hotseat()))),
        ("mines", || Screen::Mines(retrace::ui::mines::MinesView::new(retrace_kernel::mines::Tier::Beginner, 3))),
        ("explodo", || Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "")))),
        ("miau", || Screen::Miau(miau_level("mouse-keeps-time"))),
    ];
    let digest = |s: &Screen| match s {
        Screen::Life(v) => Some(v.session.digest()),
        Screen::Mines(v) => Some(v.session.digest()),
        Screen::Explodo(v) => Some(v.session.digest()),
        Screen::Miau(v) => Some(v.session.digest()),
        _ => None,
    };
    for (name, screen) in screens {
        let dir = tempfile::tempdir().unwrap();
        let mut h = harness(dir.path());
        h.state_mut().settings.explodo_autopilot = false;
        h.state_mut().screen = screen();
        h.run();
        let before = digest(&h.state().screen);
        h.key_press(egui::Key::F1);
        h.run();
        assert!(h.state().show_help, "{name}: F1 opens Help");
        for key in [egui::Key::Space, egui::Key::Enter, egui::Key::ArrowRight, egui::Key::ArrowDown] {
            h.key_press(key);
            h.run();
        }
        assert_eq!(digest(&h.state().screen), before, "{name}: nothing played behind Help");
        h.key_press(egui::Key::Escape);
        h.run();
        assert!(!h.state().show_help, "{name}: Esc closes Help");
        assert_eq!(
            std::mem::discriminant(&h.state().screen),
            std::mem::discriminant(&screen()),
            "{name}: and the screen stays"
        );
    }
    // On a game's screen a second Esc goes back home.
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().screen = Screen::Mines(retrace::ui::mines::MinesView::new(retrace_kernel::mines::Tier::Beginner, 3));
    h.run();
    h.key_press(egui::Key::F1);
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(matches!(h.state().screen, Screen::Mines(_)));
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(matches!(h.state().screen, Screen::Home), "the second Esc goes back");
}

/// The build's version line (the app, each rules version, the commit) is in
/// Help's About page (issue 62, item 7).
#[test]
fn about_shows_the_version_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.key_press(egui::Key::F1);
    h.run();
    assert!(h.query_by_label_contains(&retrace::version_line()).is_none(), "not on the window's page");
    h.get_by_label("About").click();
    h.run();
    assert!(h.query_by_label_contains(&retrace::version_line()).is_some(), "in About");
}

/// The type sizes of every text a frame drew (its shapes, nested ones too).
fn text_sizes(h: &egui_kittest::Harness<'static, retrace::ui::RetraceApp>) -> Vec<(f32, String)> {
    let mut out = Vec::new();
    for shape in flat_shapes(&h.output().shapes) {
        if let egui::Shape::Text(t) = shape {
            for section in &t.galley.job.sections {
                let text = t.galley.job.text.chars().take(40).collect::<String>();
                out.push((section.format.font_id.size, text));
            }
        }
    }
    out
}

/// Type that reads (issue 62 item 4): at 1100 × 760 no text of the shell,
/// the level lists or the games' panels is under 13 px
/// (egui's own Small is 9 px and its Body 12.5); a bigger window zooms the
/// layout, type and cards with it, as the boards already scaled; a smaller
/// one keeps a pixel a point.
#[test]
fn no_text_under_13_px_and_big_windows_zoom() {
    type Open = fn() -> Screen;
    let screens: [(&str, Open); 5] = [
        ("home", || Screen::Home),
        ("miau-levels", || Screen::MiauLevels),
        ("life-levels", || Screen::LifeLevels),
        ("life-setup", || Screen::LifeSetup),
        ("mines", || Screen::Mines(retrace::ui::mines::MinesView::new(retrace_kernel::mines::Tier::Beginner, 3))),
    ];
    for (name, screen) in screens {
        let dir = tempfile::tempdir().unwrap();
        let mut h = sized_harness(dir.path(), 1100.0, 760.0);
        h.run();
        h.state_mut().screen = screen();
        h.run();
        assert_eq!(h.ctx.zoom_factor(), 1.0);
        let small: Vec<(f32, String)> = text_sizes(&h).into_iter().filter(|(size, _)| *size < 13.0).collect();
        assert!(small.is_empty(), "{name}: text under 13 px: {small:?}");
    }
    for ((w, h_px), zoom) in
        [((1920.0, 1080.0), 1080.0 / 760.0), ((800.0, 600.0), 1.0), ((2560.0, 1440.0), 1440.0 / 760.0)]
    {
        let dir = tempfile::tempdir().unwrap();
        let mut h = sized_harness(dir.path(), w, h_px);
        h.run();
        h.run();
        assert!((h.ctx.zoom_factor() - zoom).abs() < 1e-3, "{w}×{h_px}: zoom {}", h.ctx.zoom_factor());
    }
}

/// One placement rule for the windows (issue 62 item 5): Settings, Help,
/// the Almanac and the Run menu open below the menu bar, centred across,
/// inside the window at 800 × 600 and 1920 × 1080; Settings' corner stays
/// put when its language changes (it jumped).
#[test]
fn the_windows_open_in_one_place_inside_the_window() {
    use retrace::ui::explodo::almanac::{Almanac, Entry};
    type Open = fn(&mut retrace::ui::RetraceApp);
    let windows: [(&str, Open); 4] = [
        ("Settings", |a| a.show_settings = true),
        ("Help", |a| a.show_help = true),
        ("Almanac", |a| {
            if let Screen::Explodo(v) = &mut a.screen {
                v.dialogs.almanac = Some(Almanac::at(Entry::Power(retrace_kernel::explodo::items::Power::Run)));
            }
        }),
        ("Run menu", |a| {
            if let Screen::Explodo(v) = &mut a.screen {
                v.dialogs.menu = true;
            }
        }),
    ];
    for (w, h_px) in [(800.0, 600.0), (1920.0, 1080.0)] {
        for (title, open) in windows {
            let dir = tempfile::tempdir().unwrap();
            let mut h = sized_harness(dir.path(), w, h_px);
            h.state_mut().settings.explodo_autopilot = false;
            h.state_mut().screen =
                Screen::Explodo(retrace::ui::explodo::ExplodoView::new(retrace_kernel::explodo::Setup::default(), 1));
            h.run();
            open(h.state_mut());
            h.run();
            h.run();
            // (egui names a window's area by its title's text, an Option.)
            let window =
                h.ctx.memory(|m| m.area_rect(egui::Id::unique(Some(title)))).unwrap_or_else(|| panic!("{title} is up"));
            let screen = h.ctx.content_rect();
            let bar = h.get_by_label("Menu").rect();
            assert!(screen.contains_rect(window), "{w}×{h_px} {title}: {window:?} inside {screen:?}");
            assert!(window.min.y > bar.max.y, "{w}×{h_px} {title}: below the menu bar: {window:?}");
            assert!(
                (window.center().x - screen.center().x).abs() < 0.25 * screen.width(),
                "{w}×{h_px} {title}: centred across"
            );
        }
    }
    // Settings keeps its corner when the window's language changes.
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.state_mut().show_settings = true;
    h.run();
    h.run();
    let before = h.ctx.memory(|m| m.area_rect(egui::Id::unique(Some("Settings")))).expect("Settings is up");
    h.get_by_label("Русский").click();
    h.run();
    h.run();
    let after = h.ctx.memory(|m| m.area_rect(egui::Id::unique(Some("Настройки")))).expect("Настройки is up");
    assert_eq!(before.min, after.min, "the corner stays put");
}

/// An error never moves the screen under the pointer (issue 62 item 6): it
/// shows over the foot of the window, inside it, and ✖ dismisses it.
#[test]
fn an_error_moves_nothing_on_the_home_screen() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    let before = h.get_by_label("New run").rect();
    h.state_mut().error = Some("replays/x.replay: line 3: not a replay".to_string().into());
    h.run();
    assert_eq!(h.get_by_label("New run").rect(), before, "the home screen stays put");
    let line = h.get_by_label_contains("not a replay").rect();
    assert!(h.ctx.content_rect().contains_rect(line), "inside the window: {line:?}");
    h.get_by_label("✖").click();
    h.run();
    assert!(h.state().error.is_none(), "dismissed");
}

/// The home cards' demos share one dark screen in either theme (issue 62
/// item 13: the light theme put white and dark demos side by side), at the
/// smallest window and a big one.
#[test]
fn the_demos_share_one_screen_in_either_theme() {
    for (w, hh) in [(800.0, 600.0), (1920.0, 1080.0)] {
        for theme in [retrace::store::Theme::Light, retrace::store::Theme::Dark] {
            let dir = tempfile::tempdir().unwrap();
            let mut h = sized_harness(dir.path(), w, hh);
            h.state_mut().settings.theme = theme;
            h.run();
            // The rectangles of a demo's size: the grounds it is drawn on.
            let seen: Vec<egui::Color32> = flat_shapes(&h.output().shapes)
                .into_iter()
                .filter_map(|s| match s {
                    egui::Shape::Rect(r) if (r.rect.size() - egui::vec2(200.0, 140.0)).length() < 0.5 => Some(r.fill),
                    _ => None,
                })
                .collect();
            // Life's, MineLayer's and Miau's on the screen, Explodorama's on its
            // dark television; no light ground among them.
            let on_screen = seen.iter().filter(|c| **c == retrace::ui::home::SCREEN).count();
            assert!(on_screen >= 3, "{theme:?} at {w}x{hh}: {seen:?}");
            let light = seen.iter().filter(|c| c.a() == 255 && c.r().max(c.g()).max(c.b()) > 60).count();
            assert_eq!(light, 0, "{theme:?} at {w}x{hh}: {seen:?}");
        }
    }
}
