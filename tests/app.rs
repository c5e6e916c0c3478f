//! The window, driven through egui_kittest by accessible labels, headless
//! (rendering on lavapipe in CI): MineLayer, Life, dropped replays, resume.

use crate::fixtures;
use eframe::egui;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use retrace::store::Store;
use retrace::ui::{RetraceApp, Screen};
use retrace_kernel::life::Phase as LifePhase;
use retrace_kernel::mines::Phase;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// MineLayer's language would follow the machine's locale in a fresh data
/// folder; the tests read English labels, so a fresh folder says English.
fn english_minelayer(dir: &Path) {
    let settings = dir.join("settings.txt");
    if !settings.exists() {
        std::fs::create_dir_all(dir).unwrap();
        let text = format!("mines_lang = en\nsound = false\nseen_version = {}\n", retrace::APP_VERSION);
        std::fs::write(settings, text).unwrap();
        // Every word met already: no first-time card over the boards (one test shows them).
        std::fs::write(dir.join("miau-words-seen.txt"), SEEN_ALL).unwrap();
    }
}

/// Every property word of the shipped worlds, as the file of words met holds them.
const SEEN_ALL: &str = "YOU\nPUSH\nSTOP\nWIN\nSINK\nDEFEAT\nGOAL\nFLOAT\nFRAIL\nTICK\nOPEN\nSHUT\n";

/// The shipped Miau level with this id, opened in its view.
fn miau_level(id: &str) -> retrace::ui::miau::MiauView {
    let packs = retrace::ui::miau::packs();
    let (p, l) = packs
        .iter()
        .enumerate()
        .find_map(|(p, pack)| pack.levels.iter().position(|l| l.id == id).map(|l| (p, l)))
        .unwrap_or_else(|| panic!("no shipped level {id}"));
    retrace::ui::miau::MiauView::new(&packs, p, l).unwrap()
}

fn harness(dir: &Path) -> Harness<'static, RetraceApp> {
    english_minelayer(dir);
    let store = Store::new(dir);
    Harness::builder()
        .with_size([1100.0, 760.0])
        .with_max_steps(40)
        .build_eframe(move |_cc| RetraceApp::new(store, None))
}

/// A harness that can render pixels (wgpu), or `None` without a GPU.
fn rendering_harness(dir: &Path) -> Option<Harness<'static, RetraceApp>> {
    retrace_gpu::gpu_for_tests("rendered app test")?;
    english_minelayer(dir);
    let store = Store::new(dir);
    Some(
        Harness::builder()
            .with_size([1100.0, 760.0])
            .with_max_steps(40)
            .wgpu()
            .build_eframe(move |_cc| RetraceApp::new(store, None)),
    )
}

/// Pixels of exactly this colour in a rendering of the window.
fn pixels_of(h: &mut Harness<'static, RetraceApp>, c: egui::Color32) -> usize {
    let img = h.render().expect("renders");
    img.pixels().filter(|p| p.0 == [c.r(), c.g(), c.b(), c.a()]).count()
}

fn mines<'h>(h: &'h mut Harness<'static, RetraceApp>) -> &'h mut retrace::ui::mines::MinesView {
    match &mut h.state_mut().screen {
        Screen::Mines(v) => v,
        _ => panic!("not on the MineLayer screen"),
    }
}

/// A dropped file, as the window system hands it over.
#[derive(Debug)]
struct Dropped(PathBuf, Vec<u8>);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        Ok(self.1.clone())
    }
}

fn drop_file(h: &mut Harness<'static, RetraceApp>, name: &str, bytes: Vec<u8>) {
    h.input_mut().dropped_files.push(Arc::new(Dropped(PathBuf::from(name), bytes)));
    h.run();
}

fn cell_label(v: &retrace::ui::mines::MinesView, i: u16) -> String {
    let cols = v.session.state().field.cols;
    format!("row {} column {}", i / cols + 1, i % cols + 1)
}

#[test]
fn minelayer_lay_cycle_lose_and_win_by_clicking() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.get_all_by_label("Play").next().expect("the MineLayer card's Play").click();
    h.run();
    let v = mines(&mut h);
    let st = v.session.state().clone();
    let mine = (0..st.field.len() as u16).find(|&i| st.field.mine[i as usize]).unwrap();
    let safe: Vec<u16> =
        (0..st.field.len() as u16).filter(|&i| !st.field.mine[i as usize] && !st.field.clue[i as usize]).collect();
    let (mine_label, flag_label, boom_label) = (cell_label(v, mine), cell_label(v, safe[0]), cell_label(v, safe[1]));
    h.get_by_label(&mine_label).click();
    h.run();
    assert_eq!(mines(&mut h).session.state().laid, 1, "a left click lays a mine");
    h.get_by_label(&flag_label).click_secondary();
    h.run();
    assert_eq!(
        mines(&mut h).session.state().marks[safe[0] as usize],
        retrace_kernel::mines::Mark::Safe,
        "a right click flags"
    );
    h.get_by_label(&boom_label).click();
    h.run();
    assert_eq!(mines(&mut h).session.state().phase, Phase::Dead);
    assert!(h.query_by_label_contains("Misplaced mine").is_some());
    // F2: a new field; lay every mine.
    h.key_press(egui::Key::F2);
    h.run();
    let st = mines(&mut h).session.state().clone();
    assert_eq!(st.phase, Phase::Ready);
    for i in (0..st.field.len() as u16).filter(|&i| st.field.mine[i as usize]) {
        let label = cell_label(mines(&mut h), i);
        h.get_by_label(&label).click();
        h.run();
    }
    assert_eq!(mines(&mut h).session.state().phase, Phase::Won);
    assert!(h.query_by_label_contains("Field secured — all").is_some());
    // Both results were recorded.
    let stats = retrace::store::mines::load_stats(&Store::new(dir.path()).mines_stats_path());
    assert_eq!(stats.records.len(), 2);
    // The win (not the loss) left a certificate that verifies, and the window says where.
    let certs: Vec<_> =
        std::fs::read_dir(dir.path().join("certificates")).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(certs.len(), 1, "{certs:?}");
    assert!(certs[0].file_name().unwrap().to_str().unwrap().starts_with("minelayer-"));
    let file = retrace_kernel::replay::ReplayFile::from_bytes(&std::fs::read(&certs[0]).unwrap()).unwrap();
    assert!(retrace_kernel::verify::verify(&file).unwrap().certificate);
    assert!(h.query_by_label_contains("Won: a certificate was kept as").is_some());
}

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
    assert!(err.starts_with("cut.replay: truncated at byte offset"), "{err}");
    assert!(h.query_by_label_contains("truncated at byte offset").is_some());
}

#[test]
fn a_round_resumes_after_a_restart_and_a_bad_save_is_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let digest = {
        let mut h = harness(dir.path());
        h.run();
        h.get_all_by_label("Play").next().expect("the MineLayer card's Play").click();
        h.run();
        let st = mines(&mut h).session.state().clone();
        let mine = (0..st.field.len() as u16).find(|&i| st.field.mine[i as usize]).unwrap();
        let label = cell_label(mines(&mut h), mine);
        h.get_by_label(&label).click();
        h.run();
        mines(&mut h).session.digest()
    };
    let mut h = harness(dir.path());
    h.run();
    h.get_by_label("Resume").click();
    h.run();
    assert_eq!(mines(&mut h).session.digest(), digest);
    drop(h);
    // Corrupt the save: the next start reports it and keeps the bytes.
    let save = dir.path().join("minelayer.replay");
    let mut bytes = std::fs::read(&save).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(&save, &bytes).unwrap();
    let h = harness(dir.path());
    let err = h.state().error.clone().unwrap();
    assert!(err.contains("minelayer.replay") && err.contains("kept as"), "{err}");
    assert_eq!(std::fs::read(dir.path().join("minelayer.bad-1.replay")).unwrap(), bytes);
    assert!(h.state().mines.saved.is_none());
}

fn life<'h>(h: &'h mut Harness<'static, RetraceApp>) -> &'h mut retrace::ui::life::LifeView {
    match &mut h.state_mut().screen {
        Screen::Life(v) => v,
        _ => panic!("not on the Life screen"),
    }
}

/// Presses (or releases) the primary button at `pos`.
fn primary(h: &mut Harness<'static, RetraceApp>, pos: egui::Pos2, pressed: bool) {
    h.input_mut().events.push(egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Default::default(),
    });
}

/// Paints the field cell (x, y) with a left click through pointer events.
fn click_cell(h: &mut Harness<'static, RetraceApp>, x: u32, y: u32) {
    let rect = h.get_by_label("Life field").rect();
    let w = life(h).session.state().field.w as f32;
    let cell = rect.width() / w;
    let pos = rect.min + egui::vec2((x as f32 + 0.5) * cell, (y as f32 + 0.5) * cell);
    h.input_mut().events.push(egui::Event::PointerMoved(pos));
    primary(h, pos, true);
    h.step();
    primary(h, pos, false);
    h.run();
}

#[test]
fn a_life_game_by_clicking_with_blind_placement() {
    let dir = tempfile::tempdir().unwrap();
    let Some(mut h) = rendering_harness(dir.path()) else { return };
    let red = retrace::ui::life::P1_COLOR;
    h.run();
    h.get_by_label("Two players").click();
    h.run();
    h.get_by_label("Start").click();
    h.run();
    assert_eq!(life(&mut h).session.state().phase, LifePhase::PlaceP1);
    // A 2×2 block for player 1.
    for (x, y) in [(5, 5), (6, 5), (5, 6), (6, 6)] {
        click_cell(&mut h, x, y);
    }
    assert_eq!(life(&mut h).session.state().counts(), (4, 0));
    assert!(h.query_by_label("Budget 96 of 100").is_some());
    assert!(pixels_of(&mut h, red) > 0, "player 1 sees their own cells");
    h.get_by_label("Ready").click();
    h.run();
    h.get_by_label("Player 2 is ready").click();
    h.run();
    let st = life(&mut h).session.state().clone();
    assert_eq!(st.phase, LifePhase::PlaceP2);
    assert!(!st.visible().p1, "player 1's cells are not drawn for player 2");
    assert_eq!(pixels_of(&mut h, red), 0, "not one pixel of player 1's colour during player 2's placement");
    assert_eq!(st.counts().0, 4, "while the state keeps them");
    for (x, y) in [(50, 5), (51, 5), (50, 6), (51, 6)] {
        click_cell(&mut h, x, y);
    }
    h.get_by_label("Ready").click();
    h.run();
    h.get_by_label("Start simulation").click();
    h.run();
    // Two blocks are still: the first generations auto-pause the field.
    for _ in 0..40 {
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
        if life(&mut h).session.state().phase == LifePhase::Paused {
            break;
        }
    }
    assert!(life(&mut h).session.state().stable);
    h.get_by_label("Draw more: red").click();
    h.run();
    assert_eq!(life(&mut h).session.state().phase, LifePhase::EditP1);
    h.get_by_label("Ready").click();
    h.run();
    h.get_by_label("End game").click();
    h.run();
    h.get_by_label("Yes").click();
    h.run();
    assert_eq!(life(&mut h).session.state().phase, LifePhase::GameOver);
    assert!(h.query_by_label_contains("Draw 4 to 4").is_some());
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
    english_minelayer(dir.path());
    let store = Store::new(dir.path());
    let mut h = Harness::builder().with_size([1100.0, 760.0]).with_max_steps(40).wgpu().build_eframe(move |_cc| {
        let mut app = RetraceApp::new(store, None);
        app.demos_paused = true;
        // Nothing machine-specific on screen: Life's engine is the CPU whatever the GPU.
        app.set_life_engine(None);
        app
    });
    h.run();
    h.snapshot("home");
    h.state_mut().screen =
        Screen::Mines(retrace::ui::mines::MinesView::new(retrace_kernel::mines::Tier::Intermediate, 2026));
    h.run();
    h.snapshot("minelayer");
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
    // Explodorama at the first shop (seed 7), the run's last action undone.
    let mut run = fixtures::explodo(7, fixtures::EXPLODO_TO_SHOP);
    run.seek(run.step() - 2);
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(run));
    h.run();
    h.snapshot("explodo-shop");
    // A bomb beside the start: its blast shows light red (the next turn).
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "br")));
    h.run();
    h.snapshot("explodo-danger");
    // A level 12 board (13 by 15) in its 9 by 13 view, with edge markers.
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::new(
        retrace_kernel::explodo::Setup { start_level: 12, ..Default::default() },
        5,
    ));
    h.run();
    h.snapshot("explodo-level-12");
    // The almanac's enemies (every type's silhouette) and the demo's first scene.
    let mut v = retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "w"));
    v.almanac = Some(Default::default());
    h.state_mut().screen = Screen::Explodo(v);
    h.run();
    h.snapshot("explodo-almanac");
    let mut v = retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "w"));
    v.demo = Some(retrace::ui::explodo::demo::Demo::new(1));
    h.state_mut().screen = Screen::Explodo(v);
    h.run();
    h.snapshot("explodo-demo");
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
    assert!(h.query_all_by_label_contains("победа (level 1 пройден на поколении 350)").next().is_some());
    assert_eq!(retrace::ui::text::kernel(retrace::store::Lang::Ru, "your budget is spent"), "бюджет исчерпан");
    assert_eq!(retrace::ui::text::kernel(retrace::store::Lang::En, "your budget is spent"), "your budget is spent");
}

fn explodo<'h>(h: &'h mut Harness<'static, RetraceApp>) -> &'h mut retrace::ui::explodo::ExplodoView {
    match &mut h.state_mut().screen {
        Screen::Explodo(v) => v,
        _ => panic!("not on the Explodorama screen"),
    }
}

/// A window showing an Explodorama run, autopilot off (the test plays every turn).
fn explodo_window(dir: &Path, view: retrace::ui::explodo::ExplodoView) -> Harness<'static, RetraceApp> {
    let mut h = harness(dir);
    h.state_mut().settings.explodo_autopilot = false;
    h.state_mut().screen = Screen::Explodo(view);
    h.run();
    h
}

#[test]
fn explodorama_plays_by_buttons_and_keys_and_the_rainbow_gem_offers_its_cards() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.state_mut().explodo.form.seed = "4".into();
    h.state_mut().explodo.form.developer = true;
    h.get_by_label("New run").click();
    h.run();
    assert_eq!(explodo(&mut h).session.state().seed, 4);
    assert!(h.query_by_label_contains("Lives: 3").is_some());
    h.get_by_label("Wait").click();
    h.run();
    assert_eq!(explodo(&mut h).session.state().turn, 2);
    // The rainbow gem lies right of the start on seed 4: step onto it, choose Slide.
    h.get_by_label("Right").click();
    h.run();
    assert!(h.query_by_label("Slide").is_some(), "the rainbow gem's cards are offered");
    // Select, then Choose (issue 26).
    h.get_by_label("Slide").click();
    h.run();
    assert!(explodo(&mut h).session.state().dialogs.len() == 1, "selecting takes nothing yet");
    h.get_by_label("Choose").click();
    h.run();
    let st = explodo(&mut h).session.state().clone();
    assert!(st.has(retrace_kernel::explodo::items::Power::Slide) && st.dialogs.is_empty());
    // A refused action says why and costs nothing.
    h.get_by_label("Up").click();
    h.run();
    assert_eq!(explodo(&mut h).session.state().turn, st.turn);
    assert!(h.query_by_label_contains("a wall is in the way").is_some());
    // Keys: Space waits; the run is saved after every action.
    h.key_press(egui::Key::Space);
    h.run();
    assert_eq!(explodo(&mut h).session.state().turn, st.turn + 1);
    assert!(dir.path().join("explodorama.replay").exists());
}

#[test]
fn a_finished_explodorama_run_goes_on_the_score_board_and_a_bad_board_is_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("explodorama-scores.txt"), "not\ta board\n").unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.state_mut().explodo.form.seed = "2".into();
    h.get_by_label("New run").click();
    h.run();
    // The game-over fixture's actions: three bombs next to the start.
    for a in retrace::cli::explodo::parse_moves("br w w br w w br w w").unwrap() {
        let store = Store::new(dir.path());
        explodo(&mut h).push(&store, a);
    }
    h.run();
    assert!(h.query_all_by_label_contains("caught in a blast").next().is_some());
    let text = std::fs::read_to_string(dir.path().join("explodorama-scores.txt")).unwrap();
    assert_eq!(text.lines().count(), 2, "the header and this run: {text}");
    assert!(text.contains("\tLevel 1, turn 3: you were caught in a blast.\t"), "{text}");
    assert!(dir.path().join("explodorama-scores.bad-1.txt").exists(), "the unreadable board was kept aside");
    assert!(!dir.path().join("explodorama.replay").exists(), "a finished run leaves no save");
    h.get_by_label("Same dungeon").click();
    h.run();
    assert_eq!(explodo(&mut h).session.state().seed, 2);
    assert_eq!(explodo(&mut h).session.state().turn, 1);
}

#[test]
fn an_explodorama_replay_plays_in_the_watcher_and_forks_a_live_run() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    let bytes = std::fs::read(fixtures::root().join("replays/explodo-developer-gem.replay")).unwrap();
    drop_file(&mut h, "explodo-developer-gem.replay", bytes);
    assert!(h.query_by_label_contains("verified by replay").is_some());
    h.get_by_label("⏭").click();
    h.run();
    h.get_by_label("Play from here").click();
    h.run();
    let st = explodo(&mut h).session.state().clone();
    assert!(st.has(retrace_kernel::explodo::items::Power::Slide));
}

#[test]
fn the_explodorama_screen_speaks_russian_too() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().settings.lang = retrace::store::Lang::Ru;
    h.run();
    h.get_by_label("Новый забег").click();
    h.run();
    assert!(h.query_by_label_contains("Жизни: 3").is_some());
    h.get_by_label("Ждать").click();
    h.run();
    assert_eq!(explodo(&mut h).session.state().turn, 2);
    assert!(h.query_by_label("Вправо").is_some() && h.query_by_label("Бомба").is_some());
}

#[test]
fn explodorama_shortcuts_refuse_a_deadly_move_unless_the_action_was_picked() {
    use retrace_kernel::explodo::Action;
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    // A bomb about to go off beside you: waiting would cost a life.
    let mut v = retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "br w"));
    let s = v.session.state().clone();
    assert!(retrace::ui::explodo::deadly(&s, &Action::Wait));
    assert!(!retrace::ui::explodo::deadly(&s, &Action::Move(retrace_kernel::explodo::board::Dir::Down)));
    v.shortcut(&store, Action::Wait);
    assert_eq!(v.session.state().turn, s.turn, "refused");
    assert!(v.message.as_deref().unwrap_or("").starts_with("That would cost a life"));
    v.picked = true;
    v.shortcut(&store, Action::Wait);
    assert_eq!(v.session.state().lives, 2, "picked on purpose, it is made");
}

/// Regression: the on-screen direction buttons made a deadly move that the
/// keys and clicks refuse.
#[test]
fn explodorama_direction_buttons_refuse_a_deadly_move_too() {
    use retrace_kernel::explodo::board::Dir;
    use retrace_kernel::explodo::Action;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    // Wait for an enemy to come near on a few seeded runs (deterministic):
    // the first position where a direction button's step is deadly.
    let dirs = [(Dir::Up, "Up"), (Dir::Down, "Down"), (Dir::Left, "Left"), (Dir::Right, "Right")];
    let mut found = None;
    'search: for seed in 1..40u64 {
        let mut run =
            retrace_kernel::Session::<retrace_kernel::explodo::Explodo>::new(Default::default(), seed).unwrap();
        for _ in 0..30 {
            let s = run.state().clone();
            if s.lives < 3 || !s.dialogs.is_empty() {
                break;
            }
            if let Some(&(_, label)) = dirs.iter().find(|(d, _)| retrace::ui::explodo::deadly(&s, &Action::Move(*d))) {
                found = Some((run, label));
                break 'search;
            }
            if run.push(Action::Wait).is_err() {
                break;
            }
        }
    }
    let Some((run, label)) = found else { panic!("no seeded run brought a deadly step") };
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(run));
    h.run();
    let before = explodo(&mut h).session.state().turn;
    h.get_by_label(label).click();
    h.run();
    assert_eq!(explodo(&mut h).session.state().turn, before, "refused");
    assert!(explodo(&mut h).message.as_deref().unwrap_or("").starts_with("That would cost a life"));
}

fn miau<'h>(h: &'h mut Harness<'static, RetraceApp>) -> &'h mut retrace::ui::miau::MiauView {
    match &mut h.state_mut().screen {
        Screen::Miau(v) => v,
        _ => panic!("not on the Miau Is True screen"),
    }
}

/// The key for a solver move letter.
fn miau_key(m: retrace_kernel::miau::Action) -> egui::Key {
    use retrace_kernel::miau::Action;
    match m {
        Action::Up => egui::Key::ArrowUp,
        Action::Down => egui::Key::ArrowDown,
        Action::Left => egui::Key::ArrowLeft,
        Action::Right => egui::Key::ArrowRight,
        Action::Wait => egui::Key::Space,
    }
}

/// Opens a shipped Miau level by its title from the level list: the first
/// world (in map order) that has it, then the level. The required levels
/// before it count as won (they unlock it).
fn open_miau_level(h: &mut Harness<'static, RetraceApp>, title: &str) {
    let world = retrace::ui::miau::packs()
        .into_iter()
        .find(|p| p.levels.iter().any(|l| l.title == title))
        .unwrap_or_else(|| panic!("no shipped level titled {title}"));
    let before = world.levels.iter().take_while(|l| l.title != title);
    let unlocking: Vec<String> =
        before.filter(|l| l.category == "required").map(|l| format!("{}/{}", world.id, l.id)).collect();
    let world = world.name;
    h.state_mut().miau.won.extend(unlocking);
    h.state_mut().screen = Screen::MiauLevels;
    h.state_mut().miau.world = None;
    h.run();
    h.get_by_label(&world).click();
    h.run();
    h.get_by_label(title).click();
    h.run();
}

/// Waits (a few seconds at most) for the hint being worked out on a thread, and returns it.
fn miau_hint(h: &mut Harness<'static, RetraceApp>) -> String {
    for _ in 0..1000 {
        h.run();
        match miau(h).message.clone() {
            Some(m) if m != "Thinking..." => return m,
            _ => std::thread::sleep(std::time::Duration::from_millis(5)),
        }
    }
    panic!("no hint came");
}

/// The solver's shortest solution of the level on screen, from its start.
fn miau_solution(h: &mut Harness<'static, RetraceApp>) -> Vec<retrace_kernel::miau::Action> {
    use retrace_kernel::miau::solver::{solve, Verdict};
    let setup = miau(h).session.setup().clone();
    match solve(&setup, 100_000, &mut retrace_kernel::hashing::CpuHasher).unwrap() {
        Verdict::Solved { moves, .. } => moves,
        other => panic!("the level solves: {other:?}"),
    }
}

#[test]
fn miau_is_true_levels_play_by_keys_undo_redo_restart_and_lead_to_the_next_level() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    // The Miau card's Play (MineLayer's card has one too, before it).
    h.get_all_by_label("Play").last().expect("the Miau card's Play").click();
    h.run();
    assert!(matches!(h.state_mut().screen, Screen::MiauLevels));
    h.get_by_label("First Steps").click();
    h.run();
    h.get_by_label("Hello, flag").click();
    h.run();
    assert_eq!(miau(&mut h).title, "Hello, flag");
    assert!(h.query_by_label("Walk to the flag.").is_some(), "the hint shows");
    assert!(h.query_by_label("MIAU IS YOU").is_some(), "the rules in force show");
    // A move by key, by button; undo, redo, restart.
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert_eq!(miau(&mut h).session.state().turns, 1);
    h.get_by_label("Wait").click();
    h.run();
    assert_eq!(miau(&mut h).session.state().turns, 2);
    assert!(dir.path().join("miau.replay").exists(), "every move is saved");
    h.key_press(egui::Key::Z);
    h.run();
    assert_eq!(miau(&mut h).session.state().turns, 1);
    h.key_press(egui::Key::Y);
    h.run();
    assert_eq!(miau(&mut h).session.state().turns, 2);
    h.key_press(egui::Key::R);
    h.run();
    assert_eq!(miau(&mut h).session.state().turns, 0);
    // A refused move says why and costs nothing.
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert_eq!(miau(&mut h).session.state().turns, 0);
    assert!(h.query_by_label_contains("nothing that is YOU can move that way").is_some());
    // The solver's shortest solution, played by keys, wins; the save goes.
    let moves = miau_solution(&mut h);
    for m in moves {
        h.key_press(miau_key(m));
        h.run();
    }
    assert!(miau(&mut h).session.state().won);
    assert!(h.query_by_label_contains("Won!").is_some());
    assert!(!dir.path().join("miau.replay").exists(), "a won level leaves no save");
    h.get_by_label("Next level").click();
    h.run();
    assert_eq!(miau(&mut h).title, "Pass it on");
    assert_eq!(miau(&mut h).session.state().turns, 0);
}

#[test]
fn a_miau_level_resumes_after_a_restart_and_ctrl_z_undoes_there() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = harness(dir.path());
        h.run();
        open_miau_level(&mut h, "Pass it on");
        h.key_press(egui::Key::ArrowUp);
        h.run();
        h.key_press(egui::Key::D);
        h.run();
        assert_eq!(miau(&mut h).session.state().turns, 2);
        // Ctrl+Z undoes here (the other games say they have no undo).
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
        h.run();
        assert_eq!(miau(&mut h).session.state().turns, 1);
        assert!(h.state_mut().error.is_none(), "{:?}", h.state_mut().error);
    }
    let mut h = harness(dir.path());
    h.run();
    h.get_by_label("Resume").click();
    h.run();
    let v = miau(&mut h);
    assert_eq!((v.title.as_str(), v.session.state().turns, v.place), ("Pass it on", 1, Some((0, 1))));
    assert!(h.query_by_label("A rock can be a flag.").is_some(), "the hint comes back with the level");
}

#[test]
fn a_miau_replay_plays_in_the_watcher_and_forks_a_live_level_and_the_screen_speaks_russian() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().settings.lang = retrace::store::Lang::Ru;
    h.run();
    let bytes = std::fs::read(fixtures::root().join("replays/miau-pass-it-on.replay")).unwrap();
    drop_file(&mut h, "miau-pass-it-on.replay", bytes);
    assert!(matches!(h.state_mut().screen, Screen::Watch(_)));
    h.get_by_label("⏭").click();
    h.run();
    h.get_by_label("Играть отсюда").click();
    h.run();
    assert!(miau(&mut h).session.state().won, "the fork is the replay's end: won");
    assert!(h.query_by_label("Вверх").is_some() && h.query_by_label("Заново").is_some());
    assert!(h.query_by_label_contains("Победа!").is_some());
}

#[test]
fn miau_says_what_each_move_did() {
    use retrace::ui::miau::describe;
    use retrace_kernel::miau::Event;
    let check = |e: Event, en: Option<&str>, ru: Option<&str>| {
        let line = describe(&e);
        assert_eq!(line.as_deref(), en, "{e:?}");
        assert_eq!(
            line.map(|l| retrace::ui::text::kernel(retrace::store::Lang::Ru, &l)).as_deref(),
            ru,
            "{e:?} in Russian"
        );
    };
    check(
        Event::Rules { added: vec!["ROCK IS FLAG".into()], removed: vec!["FLAG IS WIN".into()] },
        Some("+ ROCK IS FLAG, - FLAG IS WIN"),
        Some("+ ROCK IS FLAG, - FLAG IS WIN"),
    );
    check(
        Event::Destroyed(vec!["rock-2".into(), "text-win-1".into()], "sank".into()),
        Some("rock-2, the word WIN: sank"),
        Some("rock-2, слово WIN: утонуло"),
    );
    check(
        Event::Destroyed(vec!["key-1".into(), "door-1".into()], "open".into()),
        Some("key-1, door-1: destroyed by OPEN"),
        Some("key-1, door-1: уничтожено парой OPEN"),
    );
    check(
        Event::Transformed("rock-1".into(), "flag".into()),
        Some("rock-1 became flag"),
        Some("rock-1 превратилось в flag"),
    );
    check(Event::Gate("gate-1".into(), true), Some("gate-1: opened"), Some("gate-1: открыто"));
    check(Event::Won, None, None);
    // On screen: "Pass it on" played by its shortest solution shows the rule it forms.
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_miau_level(&mut h, "Pass it on");
    let moves = miau_solution(&mut h);
    let mut shown = false;
    for m in moves {
        h.key_press(miau_key(m));
        h.run();
        if miau(&mut h).happened.iter().any(|l| l == "+ ROCK IS FLAG") {
            shown |= h.query_by_label("+ ROCK IS FLAG").is_some() && h.query_by_label("Last move").is_some();
        }
    }
    assert!(shown, "the move that formed ROCK IS FLAG said so beside the board");
}

#[test]
fn a_dropped_miau_pack_lists_its_levels_and_a_bad_one_says_where_it_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    let pack = |title: &str| {
        format!("[manifest]\nid = \"mine\"\nname = \"My pack\"\nversion = \"1.0.0\"\nengine = 1\n\n[[levels]]\nid = \"first\"\ntitle = \"{title}\"\nhint = \"Right, then right.\"\ngrid = \"MIAU IS YOU / FLAG IS WIN / m . f\"\nlegend = {{ m = \"miau\", f = \"flag\" }}\n")
    };
    let good = dir.path().join("mine.toml");
    std::fs::write(&good, pack("Two steps")).unwrap();
    drop_file(&mut h, good.to_str().unwrap(), Vec::new());
    assert!(matches!(h.state_mut().screen, Screen::MiauLevels));
    let shipped = retrace::ui::miau::PACKS.len();
    assert_eq!(h.state_mut().miau.packs.len(), shipped + 1, "the shipped packs and this one");
    h.get_by_label("Two steps").click();
    h.run();
    h.key_press(egui::Key::ArrowRight);
    h.run();
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert!(miau(&mut h).session.state().won);
    assert!(h.query_by_label("That was the last level of this pack.").is_some());
    // Opened again after an edit: the same pack, new levels.
    std::fs::write(&good, pack("Two steps, edited")).unwrap();
    drop_file(&mut h, good.to_str().unwrap(), Vec::new());
    assert_eq!(h.state_mut().miau.packs.len(), shipped + 1);
    assert!(h.query_by_label("Two steps, edited").is_some());
    // A broken file: the path and the place in it, and the list stays.
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "[manifest]\nid = \"bad\"\nname = = 3\n").unwrap();
    drop_file(&mut h, bad.to_str().unwrap(), Vec::new());
    let error = h.state_mut().error.clone().expect("an error is shown");
    assert!(error.contains("bad.toml") && error.contains("line 3"), "{error}");
    assert_eq!(h.state_mut().miau.packs.len(), shipped + 1);
}

#[test]
fn miau_explains_custom_words_shows_the_automata_beats_and_names_a_blocked_you() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let mut h = harness(dir.path());
    h.state_mut().screen = Screen::Miau(miau_level("mouse-keeps-time"));
    h.run();
    assert!(
        h.query_by_label("TICK: Takes one step of its pattern every turn, pushing like you do.").is_some(),
        "the glossary explains TICK"
    );
    assert!(h.query_by_label("mouse-shuttle: next L L L L").is_some(), "the mouse's coming beats");
    // The pattern is five lefts then five rights: two beats on, a right shows.
    miau(&mut h).act(retrace_kernel::miau::Action::Down, &store);
    miau(&mut h).act(retrace_kernel::miau::Action::Right, &store);
    h.run();
    assert!(h.query_by_label("mouse-shuttle: next L L L R").is_some(), "two beats later");
    // The beat strip: the whole pattern, the next beat marked.
    assert!(
        h.query_by_label("mouse-shuttle beats: L L [L] L L R R R R R").is_some(),
        "the whole pattern with the next beat marked"
    );
    // Two cats in lockstep, one against a wall: the blocked one is named.
    let legend = [("m", "miau"), ("w", "wall")].iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    let setup = retrace_kernel::miau::Setup {
        grid: "MIAU IS YOU . / m w . . / . m . . / WALL IS STOP .".into(),
        legend,
        terrain: vec![],
        pairs: vec![],
        automata: vec![],
    };
    let session = retrace_kernel::Session::new(setup, 0).unwrap();
    h.state_mut().screen = Screen::Miau(retrace::ui::miau::MiauView::resume(session, &[]));
    h.run();
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert_eq!(miau(&mut h).happened, ["miau-1: blocked"]);
    assert!(h.query_by_label("miau-1: blocked").is_some());
}

#[test]
fn won_miau_levels_are_marked_in_the_list_and_a_bad_progress_file_is_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("miau-progress.txt"), "# levels\nfirst-steps/hello-flag\nnot an id\n").unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.get_all_by_label("Play").last().unwrap().click();
    h.run();
    let error = h.state_mut().error.clone().expect("the bad file is named");
    assert!(
        error.contains("miau-progress.txt: line 3: 'not an id'") && error.contains("miau-progress.bad-1.txt"),
        "{error}"
    );
    assert!(dir.path().join("miau-progress.bad-1.txt").exists(), "kept, not deleted");
    // The world map: a card per world with its levels won.
    assert!(h.query_by_label("0 of 3 levels won").is_some(), "First Steps' card");
    assert!(h.query_by_label("The sea keeps whatever you give it.").is_some(), "Tidewater's tagline");
    h.get_by_label("First Steps").click();
    h.run();
    // Inside: the levels in order with their categories; a required level
    // not yet won locks the ones after it.
    assert!(h.query_all_by_label("required").count() >= 2 && h.query_by_label("optional").is_some());
    h.get_by_label("Pass it on").click();
    h.run();
    assert!(matches!(h.state_mut().screen, Screen::MiauLevels), "locked until Hello, flag is won");
    // Win "Hello, flag" (eight steps right), back to the list: marked, with its best.
    h.get_by_label("Hello, flag").click();
    h.run();
    for _ in 0..8 {
        h.key_press(egui::Key::ArrowRight);
        h.run();
    }
    assert!(miau(&mut h).session.state().won);
    h.get_by_label("Levels").click();
    h.run();
    assert!(h.query_by_label("won · best 8 turns").is_some(), "the won mark and the certificate's turns");
    h.get_by_label("Pass it on").click();
    h.run();
    assert!(matches!(h.state_mut().screen, Screen::Miau(_)), "unlocked by the win");
    h.state_mut().screen = Screen::MiauLevels;
    h.run();
    h.get_by_label("All worlds").click();
    h.run();
    assert!(h.query_by_label("1 of 3 levels won").is_some());
    let text = std::fs::read_to_string(dir.path().join("miau-progress.txt")).unwrap();
    assert!(text.lines().any(|l| l == "first-steps/hello-flag"), "{text}");
}

#[test]
fn the_miau_hint_gives_the_solvers_next_move_from_here_or_proves_nothing_wins() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_miau_level(&mut h, "Pass it on");
    let moves = miau_solution(&mut h);
    // Follow the hints to the win: each names a move, one fewer to go each time.
    for left in (1..=moves.len()).rev() {
        h.key_press(egui::Key::H);
        h.run();
        let message = miau_hint(&mut h);
        let (next, rest) = message.strip_prefix("Hint: ").and_then(|m| m.split_once(' ')).expect("Hint: <move> (...)");
        assert_eq!(rest, format!("({left} moves win from here)"));
        assert!(h.query_by_label(&message).is_some(), "shown");
        let a = retrace_kernel::miau::Action::from_letter(next.chars().next().unwrap()).unwrap();
        h.key_press(miau_key(a));
        h.run();
    }
    assert!(miau(&mut h).session.state().won);
    // A lost level: the hint is a proof that nothing wins from here.
    let legend =
        [("m", "miau"), ("a", "water"), ("f", "flag")].iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    let setup = retrace_kernel::miau::Setup {
        grid: "MIAU IS YOU . / WATER IS SINK . / m a . f / FLAG IS WIN .".into(),
        legend,
        terrain: vec![],
        pairs: vec![],
        automata: vec![],
    };
    let mut session = retrace_kernel::Session::new(setup, 0).unwrap();
    session.push(retrace_kernel::miau::Action::Right).unwrap();
    h.state_mut().screen = Screen::Miau(retrace::ui::miau::MiauView::resume(session, &[]));
    h.run();
    h.get_by_label("Hint").click();
    h.run();
    assert_eq!(miau_hint(&mut h), "Nothing wins from here: no move is possible. Undo (Z) or restart (R).");
    // A hint asked for one state is dropped when the player has moved on
    // before it came (asked and moved within one frame, so it cannot come between).
    open_miau_level(&mut h, "Pass it on");
    miau(&mut h).ask_hint(retrace::store::Lang::En);
    assert_eq!(miau(&mut h).message.as_deref(), Some("Thinking..."), "the hint is worked out on a thread");
    miau(&mut h).act(retrace_kernel::miau::Action::Up, &Store::new(dir.path()));
    std::thread::sleep(std::time::Duration::from_millis(300));
    for _ in 0..5 {
        h.run();
    }
    assert_eq!(miau(&mut h).message, None, "the stale hint was dropped");
}

#[test]
fn miau_draws_the_palette_glyph_or_its_fallback_or_the_nouns_letters() {
    use retrace::ui::miau::glyph_for;
    let pack = retrace_kernel::miau::pack::load(include_str!("../app/packs/first-steps.toml")).0.unwrap();
    let wall = pack.palette.iter().find(|g| g.noun == "wall").expect("WALL is in the palette");
    assert_eq!((wall.glyph.as_str(), wall.fallback.as_str()), ("🧱", "#"));
    let check = |noun: &str, fonts_have: &[&str], expected: Option<&str>| {
        assert_eq!(glyph_for(noun, &pack.palette, |g| fonts_have.contains(&g)), expected, "{noun} with {fonts_have:?}")
    };
    check("wall", &["🧱", "#"], Some("🧱"));
    check("wall", &["#"], Some("#"));
    check("wall", &[], None);
    check("miau", &["🐈"], Some("🐈"));
    check("rock", &[], None);
    check("ghost", &["🐈"], None);
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

#[test]
fn a_miau_goal_rule_counts_its_covered_goals() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_miau_level(&mut h, "Pallet row");
    assert!(h.query_by_label("DOCK IS GOAL 0/2").is_some(), "two docks, none covered");
    // The solution's moves until the first crate sits on a dock.
    let moves = miau_solution(&mut h);
    let mut seen_one = false;
    for m in moves {
        h.key_press(miau_key(m));
        h.run();
        seen_one |= h.query_by_label("DOCK IS GOAL 1/2").is_some();
    }
    assert!(seen_one, "one dock covered on the way");
    assert!(miau(&mut h).session.state().won);
}

#[test]
fn a_tap_on_the_miau_board_moves_towards_it() {
    use retrace::ui::miau::tap_move;
    use retrace_kernel::miau::Action::{self, *};
    // Where the cat of "Hello, flag" stands is read from the level, not assumed.
    let pack = retrace_kernel::miau::pack::load(include_str!("../app/packs/first-steps.toml")).0.unwrap();
    let s = <retrace_kernel::miau::Miau as retrace_kernel::Game>::start(&pack.levels[0].setup, 0).unwrap();
    let cat = s.board.things.iter().find(|t| t.id.as_str() == "miau-1").unwrap();
    let (x, y) = (cat.x, cat.y);
    let check = |tx: i32, ty: i32, expected: Option<Action>| {
        assert_eq!(tap_move(&s, tx, ty), expected, "tap at ({tx}, {ty}) from ({x}, {y})")
    };
    check(x + 3, y, Some(Right));
    check(x + 2, y - 1, Some(Right));
    check(x + 1, y - 2, Some(Up));
    check(x, y, Some(Wait));
    check(x + 1, y - 1, Some(Right));
    check(-1, 0, None);
    check(s.board.w, 0, None);
    // In the window: a click right of the cat steps right.
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_miau_level(&mut h, "Hello, flag");
    let rect = h.get_by_label("Miau board").rect();
    let cell = rect.width() / s.board.w as f32;
    let pos = rect.min + egui::vec2((x as f32 + 3.5) * cell, (y as f32 + 0.5) * cell);
    h.input_mut().events.push(egui::Event::PointerMoved(pos));
    primary(&mut h, pos, true);
    h.step();
    primary(&mut h, pos, false);
    h.run();
    let cat = miau(&mut h).session.state().board.things.iter().find(|t| t.id.as_str() == "miau-1").map(|t| (t.x, t.y));
    assert_eq!(cat, Some((x + 1, y)));
}

#[test]
fn pointing_at_a_miau_rule_outlines_the_words_it_was_read_from() {
    use retrace::ui::miau::sentence_cells;
    // Data: a sentence with AND, a crossing, and a rule not in force.
    let legend = vec![("m".to_string(), "miau".to_string())];
    let setup = retrace_kernel::miau::Setup {
        grid: "MIAU IS YOU AND WIN / IS . . . . / WIN . . . . / m . . . .".into(),
        legend,
        terrain: vec![],
        pairs: vec![],
        automata: vec![],
    };
    let s = <retrace_kernel::miau::Miau as retrace_kernel::Game>::start(&setup, 0).unwrap();
    assert_eq!(sentence_cells(&s, "MIAU IS WIN"), [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], "across, with its AND");
    assert_eq!(sentence_cells(&s, "MIAU IS YOU"), [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]);
    assert!(sentence_cells(&s, "FLAG IS WIN").is_empty(), "not in force");
    // On screen: the pointer on a rule in the list.
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_miau_level(&mut h, "Pass it on");
    h.get_by_label("FLAG IS WIN").hover();
    h.run();
    let want = sentence_cells(miau(&mut h).session.state(), "FLAG IS WIN");
    assert_eq!(want.len(), 3);
    assert_eq!(miau(&mut h).pointed.as_ref(), Some(&want));
}

#[test]
fn miau_resume_follows_the_one_save_slot() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    let saved = |h: &mut Harness<'static, RetraceApp>| {
        h.state_mut().miau.saved.as_ref().map(|s| s.header("").title.unwrap_or_default())
    };
    let menu = |h: &mut Harness<'static, RetraceApp>| {
        h.key_press(egui::Key::Escape);
        h.run();
    };
    // Level A with a move: the slot holds it.
    open_miau_level(&mut h, "Pass it on");
    h.key_press(egui::Key::ArrowUp);
    h.run();
    menu(&mut h);
    assert_eq!(saved(&mut h).as_deref(), Some("first-steps/pass-it-on"));
    // Resumed and left at once: still offered.
    h.get_by_label("Resume").click();
    h.run();
    menu(&mut h);
    assert_eq!(saved(&mut h).as_deref(), Some("first-steps/pass-it-on"));
    // Level B looked at without a move: the slot still holds A.
    open_miau_level(&mut h, "Hello, flag");
    menu(&mut h);
    assert_eq!(saved(&mut h).as_deref(), Some("first-steps/pass-it-on"));
    // B with a move takes the slot; B won leaves it empty.
    open_miau_level(&mut h, "Hello, flag");
    h.key_press(egui::Key::ArrowRight);
    h.run();
    menu(&mut h);
    assert_eq!(saved(&mut h).as_deref(), Some("first-steps/hello-flag"));
    open_miau_level(&mut h, "Hello, flag");
    for m in miau_solution(&mut h) {
        h.key_press(miau_key(m));
        h.run();
    }
    menu(&mut h);
    assert_eq!(saved(&mut h), None);
    assert!(!dir.path().join("miau.replay").exists());
}

#[test]
fn a_won_miau_level_keeps_a_certificate_of_the_best_win() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_miau_level(&mut h, "Hello, flag");
    // A first win in 9 turns (a wait, then eight steps right).
    h.key_press(egui::Key::Space);
    h.run();
    for _ in 0..8 {
        h.key_press(egui::Key::ArrowRight);
        h.run();
    }
    let path = dir.path().join("certificates/miau-first-steps-hello-flag.replay");
    let turns = |p: &std::path::Path| {
        let file = retrace_kernel::replay::ReplayFile::from_bytes(&std::fs::read(p).unwrap()).unwrap();
        let v = retrace_kernel::verify::verify(&file).expect("the certificate verifies");
        assert!(v.certificate && v.outcome.to_string().contains("won"), "{:?}", v.outcome);
        v.steps
    };
    assert_eq!(turns(&path), 9);
    assert!(h.query_by_label_contains("Your best: certificate").is_some());
    // A worse win keeps the best; a better one replaces it.
    h.key_press(egui::Key::R);
    h.run();
    for k in [egui::Key::Space, egui::Key::Space].into_iter().chain(std::iter::repeat_n(egui::Key::ArrowRight, 8)) {
        h.key_press(k);
        h.run();
    }
    assert!(miau(&mut h).session.state().won);
    assert_eq!(turns(&path), 9, "ten turns is no better");
    assert!(h.query_by_label_contains("Your best").is_none());
    h.key_press(egui::Key::R);
    h.run();
    for _ in 0..8 {
        h.key_press(egui::Key::ArrowRight);
        h.run();
    }
    assert_eq!(turns(&path), 8, "eight turns is");
}

#[test]
fn a_won_life_game_keeps_its_certificate_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    let won = fixtures::life_campaign_win();
    let name = format!("life-{}.replay", &won.digest().hex()[..16]);
    h.state_mut().screen = Screen::Life(retrace::ui::life::LifeView::new(won));
    h.run();
    let path = dir.path().join("certificates").join(&name);
    let file = retrace_kernel::replay::ReplayFile::from_bytes(&std::fs::read(&path).unwrap()).unwrap();
    let v = retrace_kernel::verify::verify(&file).unwrap();
    assert!(v.certificate && v.outcome.to_string().contains("cleared"), "{:?}", v.outcome);
    // Once: a second frame writes nothing again (the file is left as it is).
    std::fs::remove_file(&path).unwrap();
    h.run();
    assert!(!path.exists());
}

/// Life's window as the spec has it (issue 24): dialogs pause the field and
/// Cancel lets it run again, Space does nothing under a dialog, finished games
/// are never offered for Resume, a new game asks before it replaces a
/// suspended one, and a won level's screen does not rewrite the settings.
mod life_window {
    use super::{harness, life, LifePhase};
    use crate::fixtures;
    use egui_kittest::kittest::Queryable;
    use retrace::store::Store;
    use retrace::ui::Screen;
    use retrace_kernel::life::{Action, Life, Setup};
    use retrace_kernel::Session;

    /// A two-player game running: a glider each, on a torus (never still).
    fn running() -> Session<Life> {
        let mut s = Session::<Life>::new(Setup::TwoPlayer { w: 40, h: 40, wrap: true, budget: 20 }, 0).unwrap();
        let glider = retrace_kernel::life::patterns::find("glider").unwrap().0;
        for a in [
            Action::Stamp { x: 5, y: 5, pattern: glider, rot: 0 },
            Action::Commit,
            Action::HandoffNext,
            Action::Stamp { x: 30, y: 30, pattern: glider, rot: 2 },
            Action::Commit,
            Action::HandoffNext,
        ] {
            s.push(a).unwrap();
        }
        assert_eq!(s.state().phase, LifePhase::Running);
        s
    }

    #[test]
    fn end_game_pauses_space_waits_and_cancel_resumes() {
        let dir = tempfile::tempdir().unwrap();
        let mut h = harness(dir.path());
        h.state_mut().screen = Screen::Life(retrace::ui::life::LifeView::new(running()));
        h.run();
        h.get_by_label("End game").click();
        h.run();
        assert_eq!(life(&mut h).session.state().phase, LifePhase::Paused, "the question pauses the field");
        h.key_press(eframe::egui::Key::Space);
        h.run();
        assert_eq!(life(&mut h).session.state().phase, LifePhase::Paused, "Space does nothing under a dialog");
        h.get_by_label("Cancel").click();
        h.run();
        assert_eq!(life(&mut h).session.state().phase, LifePhase::Running, "Cancel lets it run again");
    }

    #[test]
    fn restart_level_pauses_while_it_asks() {
        let dir = tempfile::tempdir().unwrap();
        let mut h = harness(dir.path());
        // Level 10 «Издалека»: its Gosper gun keeps the field running.
        let level = retrace_kernel::life::campaign::levels().iter().position(|l| l.name == "Издалека").unwrap();
        let mut s = Session::<Life>::new(Setup::Campaign { level: level as u16 }, 0).unwrap();
        s.push(Action::Commit).unwrap();
        h.state_mut().screen = Screen::Life(retrace::ui::life::LifeView::new(s));
        h.run();
        h.get_by_label("Restart level").click();
        h.run();
        assert_eq!(life(&mut h).session.state().phase, LifePhase::Paused);
        h.get_by_label("Cancel").click();
        h.run();
        assert_eq!(life(&mut h).session.state().phase, LifePhase::Running);
    }

    #[test]
    fn a_finished_game_is_never_offered_for_resume() {
        let dir = tempfile::tempdir().unwrap();
        // A finished game left in the save slot is not offered at start.
        Store::new(dir.path()).save(retrace::ui::life::SAVE, &fixtures::life_stalemate()).unwrap();
        let mut h = harness(dir.path());
        h.run();
        assert!(h.state().life.saved.is_none());
        // Nor after its own Menu button.
        h.state_mut().screen = Screen::Life(retrace::ui::life::LifeView::new(fixtures::life_stalemate()));
        h.run();
        // The screen's own Menu button (the top bar has one too).
        h.query_all_by_label("Menu").last().expect("a Menu button").click();
        h.run();
        assert!(matches!(h.state().screen, Screen::Home));
        assert!(h.state().life.saved.is_none());
    }

    #[test]
    fn a_new_game_asks_before_it_replaces_a_suspended_one() {
        let dir = tempfile::tempdir().unwrap();
        let mut h = harness(dir.path());
        h.state_mut().life.saved = Some(running());
        h.state_mut().screen = Screen::LifeSetup;
        h.run();
        h.get_by_label("Start").click();
        h.run();
        assert!(h.query_by_label("A suspended game will be lost. Start a new one?").is_some());
        h.get_by_label("Cancel").click();
        h.run();
        assert!(matches!(h.state().screen, Screen::LifeSetup));
        assert!(h.state().life.saved.is_some(), "the suspended game is kept");
        h.get_by_label("Start").click();
        h.run();
        h.get_by_label("Yes").click();
        h.run();
        assert!(matches!(h.state().screen, Screen::Life(_)));
        assert!(h.state().life.saved.is_none());
        assert_eq!(life(&mut h).session.state().phase, LifePhase::PlaceP1, "a new game");
    }

    #[test]
    fn a_won_level_saves_the_settings_once_not_every_frame() {
        let dir = tempfile::tempdir().unwrap();
        let mut h = harness(dir.path());
        h.state_mut().screen = Screen::Life(retrace::ui::life::LifeView::new(fixtures::life_campaign_win()));
        h.run();
        let settings = dir.path().join("settings.txt");
        let first = std::fs::metadata(&settings).expect("the unlock is saved").modified().unwrap();
        assert_eq!(h.state().settings.life_unlocked, 2);
        std::thread::sleep(std::time::Duration::from_millis(30));
        for _ in 0..5 {
            h.run();
        }
        assert_eq!(std::fs::metadata(&settings).unwrap().modified().unwrap(), first, "not written again");
    }

    /// Hint in a campaign level: the search runs on a thread (the window
    /// keeps drawing), its cells show as a ghost, Place hint puts them on
    /// the field through the ordinary actions, and a hint for a position the
    /// player has left is dropped.
    #[test]
    fn the_campaign_hint_searches_aside_and_places_through_the_log() {
        let dir = tempfile::tempdir().unwrap();
        let mut h = harness(dir.path());
        let s = Session::<Life>::new(Setup::Campaign { level: 0 }, 0).unwrap();
        h.state_mut().screen = Screen::Life(retrace::ui::life::LifeView::new(s));
        h.run();
        h.get_by_label("Hint").click();
        h.step();
        assert!(life(&mut h).hint_searching(), "the search runs aside");
        let mut frames = 0;
        while life(&mut h).hint_searching() {
            std::thread::sleep(std::time::Duration::from_millis(50));
            h.step();
            frames += 1;
            assert!(frames < 1200, "the hint answers within its time");
        }
        h.get_by_label("Place hint").click();
        h.run();
        let view = life(&mut h);
        let placed = view.session.actions().len();
        assert!(placed > 0, "the hint's placements are in the log");
        assert!(view.session.state().used[0] > 0);
        assert!(view.session.actions().iter().all(|a| matches!(a, Action::Paint { .. } | Action::Stamp { .. })));
        assert!(!view.hint_searching());

        // Asked again, then the position changes (a Reset): the hint is dropped.
        h.get_by_label("Hint").click();
        h.step();
        assert!(life(&mut h).hint_searching());
        h.get_by_label("Reset").click();
        h.step();
        h.step();
        assert!(!life(&mut h).hint_searching(), "a hint for a position left is dropped");
        assert!(h.query_by_label("Place hint").is_none());
    }

    #[test]
    fn campaign_names_follow_the_window_language() {
        use retrace::store::Lang;
        use retrace::ui::life::level_name;
        let levels = retrace_kernel::life::campaign::levels();
        assert_eq!(level_name(&levels[0], Lang::En), "Warm-up");
        assert_eq!(level_name(&levels[0], Lang::Ru), "Разминка");
        for lv in levels {
            let en = level_name(lv, Lang::En);
            assert!(!en.chars().any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap())), "{en}");
        }
        let dir = tempfile::tempdir().unwrap();
        let mut h = harness(dir.path());
        h.state_mut().screen = Screen::LifeLevels;
        h.run();
        assert!(h.query_by_label_contains("1. Warm-up (").is_some());
        assert!(h.query_by_label_contains("4. 60 · half (").is_some(), "a generated level's name in words");
        assert!(h.query_all_by_label_contains("· locked").count() > 90, "locked levels say so in words");
        assert!(h.query_by_label_contains("🔒").is_none());
    }

    #[test]
    fn the_setup_form_and_the_tool_are_remembered() {
        let dir = tempfile::tempdir().unwrap();
        {
            let mut h = harness(dir.path());
            h.state_mut().screen = Screen::LifeSetup;
            h.run();
            h.get_by_label("Closed map (torus)").click();
            h.run();
            h.get_by_label("250").click();
            h.run();
            h.get_by_label("Start").click();
            h.run();
            assert_eq!(life(&mut h).session.state().budget_total, 250);
            h.get_by_label("Brush 3×3").click();
            h.run();
            h.run();
        }
        let text = std::fs::read_to_string(dir.path().join("settings.txt")).unwrap();
        assert!(text.contains("life_wrap = true") && text.contains("life_budget = 250"), "{text}");
        assert!(text.contains("life_tool = brush"), "{text}");
        let mut h = harness(dir.path());
        let form = &h.state().life.form;
        assert!(form.wrap && form.budget == 250, "the form as it was last used");
        h.state_mut().screen = Screen::LifeSetup;
        h.run();
        h.get_by_label("Start").click();
        h.run();
        h.run();
        assert_eq!(life(&mut h).tool(), retrace_kernel::life::Tool::Brush, "the tool as it was last used");
    }

    #[test]
    fn a_fast_drag_paints_a_line_not_the_sampled_cells() {
        use super::{egui, Queryable as _};
        let dir = tempfile::tempdir().unwrap();
        let mut h = harness(dir.path());
        let s = Session::<Life>::new(Setup::TwoPlayer { w: 40, h: 40, wrap: false, budget: 100 }, 0).unwrap();
        h.state_mut().screen = Screen::Life(retrace::ui::life::LifeView::new(s));
        h.run();
        let rect = h.get_by_label("Life field").rect();
        let cell = rect.width() / 40.0;
        let at = |x: f32, y: f32| rect.min + egui::vec2((x + 0.5) * cell, (y + 0.5) * cell);
        // Press at (2, 5), then one big move to (12, 5) in a single frame, release.
        h.input_mut().events.push(egui::Event::PointerMoved(at(2.0, 5.0)));
        super::primary(&mut h, at(2.0, 5.0), true);
        h.step();
        h.input_mut().events.push(egui::Event::PointerMoved(at(7.0, 5.0)));
        h.step();
        h.input_mut().events.push(egui::Event::PointerMoved(at(12.0, 5.0)));
        h.step();
        super::primary(&mut h, at(12.0, 5.0), false);
        h.run();
        let st = life(&mut h).session.state().clone();
        let row: Vec<u8> = (0..40).map(|x| st.field.get(x, 5)).collect();
        assert!((2..=12).all(|x| row[x] == 1), "every cell from 2 to 12 painted: {row:?}");
        assert_eq!(st.counts().0, 11);
    }
}

/// MineLayer's window as the spec has it (issue 24): statistics reset with a
/// confirmation, eight help items, the language from the system locale until
/// one is chosen, a long press with the mouse cycles the mark.
mod minelayer_window {
    use super::{harness, mines, Queryable};
    use eframe::egui;
    use retrace::ui::Screen;
    use std::time::Duration;

    #[test]
    fn statistics_reset_asks_first() {
        let dir = tempfile::tempdir().unwrap();
        let path = retrace::store::Store::new(dir.path()).mines_stats_path();
        let mut st = retrace_kernel::mines::stats::Stats::default();
        st.push(retrace_kernel::mines::stats::Record {
            result: retrace_kernel::mines::stats::Outcome::Win,
            tier: "beginner".into(),
            mines: 10,
            seconds: 42,
            date: "2026-11-30".into(),
        });
        retrace::store::mines::save_stats(&path, &st).unwrap();
        let mut h = harness(dir.path());
        h.state_mut().screen =
            Screen::Mines(retrace::ui::mines::MinesView::new(retrace_kernel::mines::Tier::Beginner, 1));
        h.run();
        h.get_by_label("Game").click();
        h.run();
        h.get_by_label("Statistics").click();
        h.run();
        h.get_by_label("Reset").click();
        h.run();
        assert!(h.query_by_label("Reset all statistics? This cannot be undone.").is_some());
        h.get_by_label("Cancel").click();
        h.run();
        assert_eq!(retrace::store::mines::load_stats(&path), st, "Cancel keeps them");
        h.get_by_label("Reset").click();
        h.run();
        h.get_by_label("Reset").click();
        h.run();
        assert_eq!(retrace::store::mines::load_stats(&path), Default::default(), "reset");
    }

    #[test]
    fn help_has_the_specs_eight_items_in_every_language() {
        for lang in retrace_kernel::mines::share::LANGUAGES {
            let items: Vec<&str> = (1..=8)
                .map(|k| retrace::ui::mines_text::mt(lang, Box::leak(format!("help{k}").into_boxed_str())))
                .collect();
            assert!(items.iter().all(|t| !t.starts_with("help")), "{lang}: {items:?}");
            let mut unique = items.clone();
            unique.dedup();
            assert_eq!(unique.len(), 8, "{lang}");
        }
    }

    #[test]
    fn the_language_follows_the_locale_until_one_is_chosen() {
        use retrace::store::language_from_locale;
        assert_eq!(language_from_locale("de_DE.UTF-8"), Some("de"));
        assert_eq!(language_from_locale("zh-CN"), Some("zh"));
        assert_eq!(language_from_locale("ru"), Some("ru"));
        assert_eq!(language_from_locale("C.UTF-8"), None);
        assert_eq!(language_from_locale("pt_BR"), None);
        // A saved choice wins over the system's.
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("settings.txt"), "mines_lang = ko\n").unwrap();
        assert_eq!(retrace::store::Store::new(dir.path()).settings().0.mines_lang, "ko");
        // Without one, the system's (whatever this machine says, one of the eight).
        let fresh = tempfile::tempdir().unwrap();
        let lang = retrace::store::Store::new(fresh.path()).settings().0.mines_lang;
        assert_eq!(lang, retrace::store::system_language());
    }

    #[test]
    fn a_long_press_with_the_mouse_cycles_the_mark_and_lays_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let mut h = harness(dir.path());
        h.state_mut().screen =
            Screen::Mines(retrace::ui::mines::MinesView::new(retrace_kernel::mines::Tier::Beginner, 7));
        h.run();
        let st = mines(&mut h).session.state().clone();
        let i = (0..st.field.len()).find(|&i| !st.field.clue[i]).unwrap();
        let (r, c) = (i / st.field.cols as usize + 1, i % st.field.cols as usize + 1);
        let rect = h.get_by_label(&format!("row {r} column {c}")).rect();
        let pos = rect.center();
        h.input_mut().events.push(egui::Event::PointerMoved(pos));
        super::primary(&mut h, pos, true);
        h.step();
        std::thread::sleep(Duration::from_millis(500));
        h.step();
        h.step();
        super::primary(&mut h, pos, false);
        h.run();
        let st = mines(&mut h).session.state();
        assert_eq!(st.marks[i], retrace_kernel::mines::Mark::Safe, "the long press cycled the mark");
        assert_eq!(st.laid, 0, "and its release laid no mine");
    }
}

/// "Show me" (issue 27): the last hint's whole solution, stepped board by
/// board on a copy; the game itself is untouched and waits meanwhile.
#[test]
fn miau_show_me_steps_through_the_hints_solution() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_miau_level(&mut h, "Pass it on");
    h.key_press(egui::Key::H);
    h.run();
    let message = miau_hint(&mut h);
    assert!(message.starts_with("Hint: "), "{message}");
    let n = miau(&mut h).solution.as_ref().expect("the solution is kept").1.len();
    let before = miau(&mut h).session.digest();
    h.get_by_label("Show me").click();
    h.run();
    assert!(h.query_by_label_contains(&format!("Move 0/{n}")).is_some());
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert_eq!(miau(&mut h).session.digest(), before, "the game's keys wait while a solution is shown");
    for _ in 0..n {
        h.get_by_label("Next move").click();
        h.run();
    }
    assert!(h.query_by_label_contains(&format!("Move {n}/{n}: ")).is_some());
    assert!(h.query_by_label_contains("Won!").is_none(), "the game is not won: only the copy is");
    h.get_by_label("Back to my game").click();
    h.run();
    assert_eq!(miau(&mut h).session.digest(), before, "the game is as it was");
    assert!(miau(&mut h).showing.is_none());
}

/// Explodorama's modes are remembered for the next run, and New run asks
/// before it replaces the run in progress (issue 26).
#[test]
fn explodorama_remembers_its_modes_and_asks_before_replacing_a_run() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = harness(dir.path());
        h.run();
        h.get_by_label("Developer").click();
        h.get_by_label("Immortal").click();
        h.run();
        h.get_by_label("New run").click();
        h.run();
        let Screen::Explodo(v) = &h.state().screen else { panic!("the run starts") };
        assert!(v.session.state().setup.developer && v.session.state().setup.immortal);
    }
    let mut h = harness(dir.path());
    assert!(h.state().explodo.form.developer && h.state().explodo.form.immortal, "remembered");
    // A run in progress: New run asks first, and Cancel keeps it.
    h.state_mut().explodo.saved = Some(fixtures::explodo(1, "w"));
    h.run();
    h.get_by_label("New run").click();
    h.run();
    assert!(h.query_by_label("The run in progress will be lost. Start a new one?").is_some());
    h.get_by_label("Cancel").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Home) && h.state().explodo.saved.is_some());
    h.get_by_label("New run").click();
    h.run();
    h.get_by_label("Yes").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Explodo(_)));
    assert!(h.state().explodo.saved.is_none());
}

/// Explodorama's log in Russian (issue 26, part): lost lives, the run's end
/// and the turn's events, with the enemy types' names; English unchanged.
#[test]
fn explodorama_log_lines_follow_the_window_language() {
    use retrace::store::Lang;
    use retrace::ui::explodo::{death_line, describe};
    use retrace_kernel::explodo::{Event, Kind};
    let latin = |t: &str| t.chars().filter(|c| c.is_ascii_alphabetic()).count();
    // A real death from the kernel, and every way to die as the kernel words it.
    let over = fixtures::explodo(2, "br w w br w w br w w");
    let real = over.state().last_death.clone().expect("the run ended in a death");
    for text in [
        real.as_str(),
        "Level 3, turn 7: a Hunter walked into you.",
        "Level 3, turn 7: you walked into a Ghost.",
        "Level 3, turn 7: you crashed into a Wisp.",
        "Level 3, turn 7: you were boxed in.",
        "Level 3, turn 7: you stood on raised spikes.",
        "Level 3, turn 7: the ceiling fell on you.",
        "Level 3, turn 7: rubble walled you in.",
    ] {
        assert_eq!(death_line(text, Lang::En), text);
        let ru = death_line(text, Lang::Ru);
        assert_eq!(latin(&ru), 0, "all Russian: {ru}");
    }
    assert_eq!(
        death_line("Level 3, turn 7: a Hunter walked into you.", Lang::Ru),
        "Уровень 3, ход 7: на вас наткнулся враг «Охотник»."
    );
    for e in [
        Event::RunWon,
        Event::ExitOpened,
        Event::Frozen,
        Event::CeilingFell(vec![]),
        Event::LevelCleared { level: 2, turns: 30, par: 41, coins: 5 },
        Event::Released(Kind::Hunter, 3),
    ] {
        let ru = describe(&e, Lang::Ru).unwrap();
        assert_eq!(latin(&ru), 0, "{e:?}: {ru}");
        assert_ne!(describe(&e, Lang::En).unwrap(), ru);
    }
}

/// Explodorama's refusals in Russian (issue 26, part): the kernel's words
/// through the window's phrase table, names of power-ups kept.
#[test]
fn explodorama_refusals_follow_the_window_language() {
    use retrace::store::Lang;
    use retrace::ui::text::kernel;
    let latin = |t: &str| t.chars().filter(|c| c.is_ascii_alphabetic()).count();
    // A real refusal: walking into the outer wall from the start.
    let mut run = fixtures::explodo(1, "");
    let why = [retrace_kernel::explodo::board::Dir::Up, retrace_kernel::explodo::board::Dir::Left]
        .into_iter()
        .find_map(|d| run.push(retrace_kernel::explodo::Action::Move(d)).err())
        .expect("the start is in a corner");
    assert_eq!(latin(&kernel(Lang::Ru, &why.0)), 0, "{} → {}", why.0, kernel(Lang::Ru, &why.0));
    for text in [
        "a crate is in the way",
        "a bomb goes on an empty tile next to you",
        "there is no room to fire that way",
        "you carry no charge",
        "you can have 2 bomb(s) on the board at a time",
        "a restock costs 3 coins; you have 1",
        "the run is over",
        "That would cost a life. Pick the action first (its button or key) to do it anyway.",
    ] {
        let ru = kernel(Lang::Ru, text);
        assert_eq!(latin(&ru), 0, "{text} → {ru}");
        assert_eq!(kernel(Lang::En, text), text);
    }
    assert_eq!(kernel(Lang::Ru, "that needs the Kick power-up"), "для этого нужно усиление «Kick»");
}

/// Miau's moves slide (issue 27, part): the tween is drawn from the kernel's
/// states, starts where the things were, and ends exactly where the kernel
/// has them, on every move of a walk over every shipped level.
#[test]
fn miau_tweens_start_from_the_old_state_and_end_in_the_kernels() {
    use retrace::ui::miau::tween_positions;
    use retrace_kernel::miau::Action;
    use retrace_kernel::Session;
    let packs = retrace::ui::miau::packs();
    let moves = [Action::Right, Action::Up, Action::Left, Action::Down, Action::Wait, Action::Right, Action::Down];
    let mut checked = 0;
    for pack in &packs {
        for level in &pack.levels {
            let mut s = Session::<retrace_kernel::miau::Miau>::new(level.setup.clone(), 0).unwrap();
            for &a in &moves {
                let before = s.state().clone();
                if s.push(a).is_err() {
                    continue;
                }
                let after = s.state();
                let end = tween_positions(&before, after, 1.0);
                let want: Vec<(f32, f32)> = after.board.things.iter().map(|t| (t.x as f32, t.y as f32)).collect();
                assert_eq!(end, want, "{}: ends in the kernel's state", level.id);
                let start = tween_positions(&before, after, 0.0);
                for (t, p) in after.board.things.iter().zip(&start) {
                    if let Some(b) = before.board.things.iter().find(|b| b.id == t.id) {
                        assert_eq!(*p, (b.x as f32, b.y as f32), "{}: starts where it was", level.id);
                    }
                }
                let mid = tween_positions(&before, after, 0.5);
                for (p, (e, s0)) in mid.iter().zip(end.iter().zip(&start)) {
                    assert!((p.0 - (e.0 + s0.0) / 2.0).abs() < 1e-6 && (p.1 - (e.1 + s0.1) / 2.0).abs() < 1e-6);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "{checked} moves checked");
    // In the window, a move starts a tween from the state before it.
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_miau_level(&mut h, "Pass it on");
    let before = miau(&mut h).session.state().clone();
    h.key_press(egui::Key::ArrowRight);
    h.run();
    let (from, _) = miau(&mut h).tween.clone().expect("the move slides");
    assert_eq!(from, before);
}

/// A rule formed flashes the sentence it was read from (issue 27, part).
#[test]
fn miau_a_rule_formed_flashes_its_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_miau_level(&mut h, "Pass it on");
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert!(miau(&mut h).flash.is_empty(), "no rule formed on the first move");
    h.key_press(egui::Key::ArrowUp);
    h.run();
    let cells = miau(&mut h).flash.clone();
    assert!(!cells.is_empty(), "ROCK IS FLAG formed");
    let s = miau(&mut h).session.state().clone();
    assert_eq!(cells, retrace::ui::miau::sentence_cells(&s, "ROCK IS FLAG"));
    assert_eq!(cells.len(), 3);
}

#[test]
fn miau_a_rule_broken_flashes_where_its_sentence_stood() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_miau_level(&mut h, "Low tide");
    assert!(miau(&mut h).broken.is_empty());
    // The cat pushes WATER up out of WATER IS SINK.
    h.key_press(egui::Key::ArrowUp);
    h.run();
    assert_eq!(miau(&mut h).broken, [(1, 2), (2, 2), (3, 2)], "the sentence's cells before the move");
    assert!(miau(&mut h).flash.is_empty(), "nothing formed");
}

/// What a move destroys falls away where it stood, each cause its own colour
/// (issue 27, part).
#[test]
fn miau_destroyed_things_fall_away_where_they_stood() {
    use retrace::ui::miau::{cause_color, fallen};
    use retrace_kernel::miau::{Action, Miau, Setup};
    use retrace_kernel::Session;
    let legend = [("m", "miau"), ("a", "water")].iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    let setup = Setup {
        grid: "MIAU IS YOU / WATER IS SINK . / m a . .".replace("MIAU IS YOU /", "MIAU IS YOU . /"),
        legend,
        terrain: vec![],
        pairs: vec![],
        automata: vec![],
    };
    let mut s = Session::<Miau>::new(setup, 0).unwrap();
    let before = s.state().clone();
    let events = s.push(Action::Right).unwrap();
    let gone = fallen(&before, &events);
    assert!(!gone.is_empty(), "{events:?}");
    assert!(gone.iter().all(|(_, _, why)| why == "sank"));
    assert!(gone.contains(&(0, 2, "sank".to_string())), "the cat fell where it stood before the move: {gone:?}");
    let colours: Vec<_> = ["sank", "defeated", "crumbled", "open"].iter().map(|w| cause_color(w)).collect();
    for (i, a) in colours.iter().enumerate() {
        assert!(colours[i + 1..].iter().all(|b| a != b), "distinct cues");
    }
}

/// A move that would sink or defeat a YOU is known before it is made, so the
/// window can warn (issue 27, part): the real rules on a copy.
#[test]
fn miau_a_risky_move_is_known_before_it_is_made() {
    use retrace::ui::miau::risky_move;
    use retrace_kernel::miau::{Action, Miau, Setup};
    use retrace_kernel::Session;
    let legend =
        [("m", "miau"), ("a", "water"), ("s", "skull")].iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    let setup = Setup {
        grid: "MIAU IS YOU . . / WATER IS SINK . . / SKULL IS DEFEAT . . / s m a . .".into(),
        legend,
        terrain: vec![],
        pairs: vec![],
        automata: vec![],
    };
    let s = Session::<Miau>::new(setup, 0).unwrap();
    let st = s.state();
    assert_eq!(risky_move(st, Action::Right), vec![(1, 3)], "into the water");
    assert_eq!(risky_move(st, Action::Left), vec![(1, 3)], "onto the skull");
    assert!(risky_move(st, Action::Up).is_empty(), "a safe step");
    assert!(risky_move(st, Action::Down).is_empty(), "a refused step (the edge)");
    assert!(risky_move(st, Action::Wait).is_empty());
}

fn editor<'h>(h: &'h mut Harness<'static, RetraceApp>) -> &'h mut retrace::ui::miau::editor::EditorView {
    match &mut h.state_mut().screen {
        Screen::MiauEditor(v) => v,
        _ => panic!("not in the level editor"),
    }
}

/// The centre of cell (x, y) of the editor's board.
fn editor_cell_pos(h: &mut Harness<'static, RetraceApp>, x: usize, y: usize) -> egui::Pos2 {
    let rect = h.get_by_label("Level board").rect();
    let cell = rect.width() / editor(h).draft.w as f32;
    rect.min + egui::vec2((x as f32 + 0.5) * cell, (y as f32 + 0.5) * cell)
}

/// Places the selected token on cell (x, y) with a click.
fn editor_click(h: &mut Harness<'static, RetraceApp>, x: usize, y: usize) {
    let pos = editor_cell_pos(h, x, y);
    h.input_mut().events.push(egui::Event::PointerMoved(pos));
    primary(h, pos, true);
    h.step();
    primary(h, pos, false);
    h.run();
}

/// Waits for the editor's live verdict and returns its line.
fn editor_verdict(h: &mut Harness<'static, RetraceApp>) -> String {
    assert!(editor(h).wait(20).is_some(), "a verdict within 20 s");
    h.run();
    editor(h).verdict_line(retrace::store::Lang::En)
}

#[test]
fn a_level_built_by_clicks_is_solved_live_saved_reloaded_played_and_travels_as_text() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = harness(dir.path());
        h.state_mut().screen = Screen::MiauLevels;
        h.run();
        h.get_by_label("New level").click();
        h.run();
        // The new level has the cat and MIAU IS YOU; write FLAG IS WIN and put a flag down.
        for (brush, x, y) in [("FLAG", 0, 1), ("IS", 1, 1), ("WIN", 2, 1), ("flag", 6, 4)] {
            h.get_by_label(brush).click();
            h.run();
            editor_click(&mut h, x, y);
        }
        let line = editor_verdict(&mut h);
        assert!(line.starts_with("SOLVED in 6 moves"), "{line}\n{}", editor(&mut h).draft.map_and_legend().0);
        assert!(h.query_by_label_contains("SOLVED in 6 moves").is_some(), "shown on the panel");
        // A wall of fixed words down column 5, in one drag: no win any more, proved.
        h.get_by_label("Fixed words").click();
        h.get_by_label("AND").click();
        h.run();
        let (top, bottom) = (editor_cell_pos(&mut h, 5, 0), editor_cell_pos(&mut h, 5, 4));
        h.input_mut().events.push(egui::Event::PointerMoved(top));
        primary(&mut h, top, true);
        h.step();
        for i in 1..=8 {
            let p = top + (bottom - top) * (i as f32 / 8.0);
            h.input_mut().events.push(egui::Event::PointerMoved(p));
            h.step();
        }
        primary(&mut h, bottom, false);
        h.run();
        assert_eq!((0..5).filter(|&y| editor(&mut h).draft.cell(5, y) == ["AND!"]).count(), 5, "the stroke");
        let line = editor_verdict(&mut h);
        assert!(line.starts_with("UNSOLVED"), "{line}");
        // One undo takes the whole stroke back.
        h.get_by_label("Undo").click();
        h.run();
        assert!(editor_verdict(&mut h).starts_with("SOLVED in 6 moves"));
        // Export, import, export: the same bytes.
        let kit = editor(&mut h).kit.clone();
        let text = retrace::ui::miau::editor::export(&editor(&mut h).draft, &kit);
        editor(&mut h).paste = text.clone();
        h.get_by_label("Import").click();
        h.run();
        assert_eq!(retrace::ui::miau::editor::export(&editor(&mut h).draft, &kit), text);
        // Play-test: the ordinary game screen, then back to the same draft; the win is no progress.
        h.get_by_label("Play-test").click();
        h.run();
        for _ in 0..6 {
            h.key_press(egui::Key::ArrowRight);
            h.run();
        }
        assert!(miau(&mut h).session.state().won);
        h.get_by_label("Back to editor").click();
        h.run();
        assert_eq!(retrace::ui::miau::editor::export(&editor(&mut h).draft, &kit), text, "the draft waited");
        assert!(!dir.path().join("miau-progress.txt").exists(), "a play-test records no win");
        h.get_by_label("Save").click();
        h.run();
        assert!(h.state_mut().miau.packs.iter().any(|p| p.id == "my-levels"), "in the list at once");
    }
    let saved = std::fs::read_to_string(dir.path().join("miau-my-levels.toml")).unwrap();
    assert!(saved.contains("FIW") && saved.contains("id = \"level-1\""), "{saved}");
    // The next start reads the pack back; its level plays to a win.
    let mut h = harness(dir.path());
    h.state_mut().screen = Screen::MiauLevels;
    h.run();
    h.get_by_label("My levels").click();
    h.run();
    h.get_by_label("Untitled level").click();
    h.run();
    for _ in 0..6 {
        h.key_press(egui::Key::ArrowRight);
        h.run();
    }
    assert!(miau(&mut h).session.state().won);
}

#[test]
fn miau_plays_by_pad_alone_and_each_move_asks_for_its_sound() {
    use retrace::pad::Button;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_miau_level(&mut h, "Hello, flag");
    let press = |h: &mut Harness<'static, RetraceApp>, b: Button| {
        h.state_mut().pad_presses.push(b);
        h.run();
    };
    press(&mut h, Button::Right);
    assert_eq!(miau(&mut h).session.state().turns, 1, "the d-pad moves");
    press(&mut h, Button::East);
    assert_eq!(miau(&mut h).session.state().turns, 0, "B undoes");
    press(&mut h, Button::North);
    assert_eq!(miau(&mut h).session.state().turns, 1, "Y redoes");
    press(&mut h, Button::Select);
    assert_eq!(miau(&mut h).session.state().turns, 0, "Select restarts");
    press(&mut h, Button::South);
    assert_eq!(miau(&mut h).session.state().turns, 1, "A waits");
    press(&mut h, Button::Select);
    for _ in 0..8 {
        press(&mut h, Button::Right);
    }
    assert!(miau(&mut h).session.state().won);
    press(&mut h, Button::Start);
    assert_eq!(miau(&mut h).title, "Pass it on", "Start after a win: the next level");
    press(&mut h, Button::Start);
    assert!(matches!(h.state_mut().screen, Screen::MiauLevels), "Start while playing: the list");

    // The sound each move asks for: a step, a refusal, a rule formed, the win.
    let store = Store::new(dir.path());
    let mut v = miau_level("pass-it-on");
    v.act(retrace_kernel::miau::Action::Down, &store);
    assert_eq!(v.sounds, [retrace::sound::Effect::Refused], "against the edge");
    v.sounds.clear();
    for c in "RURRRD".chars() {
        v.act(retrace_kernel::miau::Action::from_letter(c).unwrap(), &store);
    }
    use retrace::sound::Effect;
    assert_eq!(v.sounds.first(), Some(&Effect::Step));
    assert!(v.sounds.contains(&Effect::Rule) || v.sounds.contains(&Effect::Push), "{:?}", v.sounds);
    assert_eq!(v.sounds.last(), Some(&Effect::Win));
}

#[test]
fn a_word_met_for_the_first_time_gets_a_card_with_its_demo_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    std::fs::remove_file(dir.path().join("miau-words-seen.txt")).unwrap();
    h.state_mut().screen = Screen::Miau(miau_level("mouse-keeps-time"));
    h.run();
    // Board order: YOU first (MIAU IS YOU), with its line and a demo board.
    assert!(h.query_by_label("New word: YOU").is_some());
    assert!(h.query_by_label("You move it. With nothing YOU, nothing can move.").is_some());
    assert_eq!(miau(&mut h).card.as_ref().map(|c| c.states.len()), Some(5), "the demo: a start and four moves");
    h.get_by_label("Got it").click();
    h.run();
    // The next unmet word, then the level's own TICK from the pack's glossary.
    assert!(h.query_by_label("New word: STOP").is_some());
    h.get_by_label("Got it").click();
    h.run();
    assert!(h.query_by_label("New word: TICK").is_some());
    h.get_by_label("Got it").click();
    h.run();
    assert!(h.query_by_label("New word: WIN").is_some(), "the word in BELL IS _ _ WIN");
    h.get_by_label("Got it").click();
    h.run();
    assert!(
        h.query_by_label_contains("New word").is_none(),
        "every word met: {:?}",
        miau(&mut h).card.as_ref().map(|c| &c.word)
    );
    // Met words stay met (in the data folder), and their lines sit under the rules.
    let seen = std::fs::read_to_string(dir.path().join("miau-words-seen.txt")).unwrap();
    assert!(["YOU", "STOP", "TICK", "WIN"].iter().all(|w| seen.lines().any(|l| l == *w)), "{seen}");
    assert!(h.query_by_label("STOP: Nothing can enter its cell.").is_some());
    let mut h = harness(dir.path());
    h.state_mut().screen = Screen::Miau(miau_level("mouse-keeps-time"));
    h.run();
    assert!(h.query_by_label_contains("New word").is_none(), "not again");
}

#[test]
fn an_explodorama_turn_asks_for_its_most_telling_sound() {
    use retrace::sound::Effect;
    use retrace::ui::explodo::effect;
    use retrace_kernel::explodo::board::Pos;
    use retrace_kernel::explodo::Event;
    let p = Pos { x: 1, y: 1 };
    let check = |events: Vec<Event>, want: Effect| assert_eq!(effect(&events), want, "{events:?}");
    check(vec![], Effect::Step);
    check(vec![Event::BombPlaced(p)], Effect::Pop);
    check(vec![Event::Exploded(p, vec![p])], Effect::Boom);
    check(vec![Event::Exploded(p, vec![p]), Event::Chain(p)], Effect::BigBoom);
    check(vec![Event::DropPicked(p, 3)], Effect::Coin);
    check(vec![Event::ExitOpened, Event::DropPicked(p, 1)], Effect::ExitOpen);
    check(vec![Event::Exploded(p, vec![p]), Event::LifeLost("boom".into())], Effect::Hurt);
    check(
        vec![Event::LevelCleared { level: 1, turns: 9, par: 12, coins: 3 }, Event::LifeLost("x".into())],
        Effect::Cleared,
    );
}

/// Issue 19's sound: a button on the run's screen clicks, a turn sounds its
/// effect, and with Sound off nothing plays.
#[test]
fn explodorama_buttons_click_and_turns_sound() {
    use retrace::sound::Effect;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().settings.sound = true;
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "")));
    h.run();
    h.get_by_label("Wait").click();
    h.run();
    let heard = h.state().sound.heard.clone();
    assert!(heard.contains(&Effect::Click), "{heard:?}");
    assert!(heard.contains(&Effect::Step), "the turn's own sound: {heard:?}");
    h.state_mut().settings.sound = false;
    h.state_mut().sound.heard.clear();
    h.get_by_label("Wait").click();
    h.run();
    assert!(h.state().sound.heard.is_empty());
}

/// Issue 18's auto-move in the window: a click on a far tile takes the first
/// step of the way and keeps walking with Go; Esc ends the walk; the way
/// shown is the kernel's.
#[test]
fn a_far_click_walks_there_by_auto_move_step_by_step() {
    use retrace_kernel::explodo::board::Pos;
    use retrace_kernel::explodo::route::route;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "")));
    h.run();
    let s = explodo(&mut h).session.state().clone();
    // The nearest far tile with a safe way, and one whose way is not safe
    // (an enemy's path crosses it).
    let ways: Vec<_> =
        s.layout.positions().filter(|p| p.king(s.player) > 1).filter_map(|p| route(&s, p).map(|r| (p, r))).collect();
    let (to, way) = ways
        .iter()
        .filter(|(_, r)| r.safe)
        .min_by_key(|(p, r)| (r.steps.len(), p.y, p.x))
        .cloned()
        .expect("a safe way");
    let rect = h.get_by_label("board, level 1").rect();
    let cell = rect.width() / s.layout.w as f32;
    let click = |h: &mut Harness<'static, RetraceApp>, p: Pos| {
        let pos = rect.min + egui::vec2((p.x as f32 + 0.5) * cell, (p.y as f32 + 0.5) * cell);
        h.input_mut().events.push(egui::Event::PointerMoved(pos));
        primary(h, pos, true);
        h.step();
        primary(h, pos, false);
        h.run();
    };
    click(&mut h, to);
    assert_eq!(explodo(&mut h).session.state().player, way.tiles[0], "the first step of the kernel's way");
    assert_eq!(explodo(&mut h).walk, Some(to), "walking there");
    assert_ne!(explodo(&mut h).message.as_deref(), Some("That needs the Slide power-up."));
    for _ in 1..way.steps.len() {
        h.get_by_label("Go").click();
        h.run();
    }
    assert_eq!(explodo(&mut h).session.state().player, to, "Go stepped on to the end");
    assert_eq!(explodo(&mut h).walk, None, "arrived: the walk is over");
    // A tile whose way is dangerous now: the walk waits and says so; Esc ends it.
    let s = explodo(&mut h).session.state().clone();
    let danger = s.layout.positions().filter(|p| p.king(s.player) > 1).find(|&p| route(&s, p).is_some_and(|r| !r.safe));
    if let Some(danger) = danger {
        click(&mut h, danger);
        assert_eq!(explodo(&mut h).session.state().player, s.player, "no step taken");
        assert_eq!(explodo(&mut h).message.as_deref(), Some("The next step on the way is dangerous: waiting for you."));
        h.key_press(egui::Key::Escape);
        h.run();
        assert_eq!(explodo(&mut h).walk, None, "Esc ends the walk");
    }
}

/// Issue 18's autopilot: once every enemy of level 1 is gone (the committed
/// run to the first shop, stopped there), it collects and leaves by the
/// exit on its own; off in the settings, it does nothing.
#[test]
fn autopilot_finishes_a_level_once_every_enemy_is_gone() {
    use retrace_kernel::explodo::Explodo;
    use retrace_kernel::replay::ReplayFile;
    use retrace_kernel::Session;
    let bytes = std::fs::read(fixtures::root().join("replays/explodo-first-shop.replay")).unwrap();
    let mut session = Session::<Explodo>::from_replay(&ReplayFile::from_bytes(&bytes).unwrap()).unwrap();
    let clear = (0..=session.step())
        .find(|&k| {
            session.seek(k);
            let s = session.state();
            s.level == 1 && s.enemies.is_empty() && s.dialogs.is_empty()
        })
        .expect("level 1's last enemy dies in this run");
    session.seek(clear);
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(session));
    h.step();
    assert!(explodo(&mut h).piloting(), "on by default, every enemy gone");
    let at = explodo(&mut h).session.state().player;
    let store = Store::new(dir.path());
    let mut turns = 0;
    while explodo(&mut h).session.state().level == 1 && explodo(&mut h).piloting() {
        explodo(&mut h).pilot(&store);
        turns += 1;
        assert!(turns < 300);
    }
    let s = explodo(&mut h).session.state().clone();
    assert!(
        s.level == 2 || !s.dialogs.is_empty(),
        "level 1 left by the exit (or its shop open): {:?} from {at:?}",
        s.player
    );
    assert_eq!(explodo(&mut h).message, None, "it never had to stop");
    // Off in the settings: no autopilot.
    explodo(&mut h).autopilot = false;
    assert!(!explodo(&mut h).piloting());
}

/// Issue 26's deaths seen again: the banner's boards are the run's own last
/// turns before the fatal action, replayed by the kernel (digest for digest).
#[test]
fn a_lost_life_plays_its_last_turns_again_from_the_log() {
    use retrace_kernel::explodo::{Event, Explodo};
    use retrace_kernel::replay::ReplayFile;
    use retrace_kernel::{Game, Session};
    let bytes = std::fs::read(fixtures::root().join("replays/explodo-death-retry.replay")).unwrap();
    let full = Session::<Explodo>::from_replay(&ReplayFile::from_bytes(&bytes).unwrap()).unwrap();
    // The action that cost the life.
    let mut probe = full.clone();
    let death = (1..=full.step())
        .find(|&k| {
            probe.seek(k - 1);
            let before = probe.state().lives;
            probe.seek(k);
            probe.state().lives < before
        })
        .expect("a life is lost in this run");
    let mut session = full.clone();
    session.seek(death - 1);
    let fatal = full.actions()[(death - 1) as usize];
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let mut v = retrace::ui::explodo::ExplodoView::resume(session);
    v.push(&Store::new(dir.path()), fatal);
    assert!(v.log.iter().any(|e| matches!(e, Event::LifeLost(_))));
    let (_, frames) = v.death.clone().expect("the banner's turns");
    let n = retrace::ui::explodo::DEATH_TURNS.min(death);
    assert_eq!(frames.len() as u32, n);
    for (i, frame) in frames.iter().enumerate() {
        probe.seek(death - n + i as u32);
        assert_eq!(Explodo::digest(frame), probe.digest(), "turn {i} of the loop is the log's");
    }
    h.state_mut().screen = Screen::Explodo(v);
    h.run();
    assert!(h.query_by_label("A life lost").is_some());
    h.get_by_label("Continue").click();
    h.run();
    assert!(explodo(&mut h).death.is_none(), "dismissed");
}

/// Issue 26's bug reports: one file in the data folder that `retrace verify`
/// and the watcher read as the run it holds.
#[test]
fn a_bug_report_holds_the_run_and_round_trips_through_verify_and_the_watcher() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "br")));
    h.run();
    h.get_by_label("Run menu").click();
    h.run();
    h.get_by_label("Report a bug").click();
    h.run();
    explodo(&mut h).bug_note = Some("The bomb went off early".into());
    h.get_by_label("Write report").click();
    h.run();
    let path = explodo(&mut h).bug_written.clone().expect("a report was written");
    assert!(path.starts_with(dir.path()) && path.exists());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with(retrace::bug::MAGIC) && text.contains("note: The bomb went off early"), "{text}");
    assert!(text.contains(&format!("rules: {}", retrace::bug::rules_line())));
    // `retrace verify` reads it as the replay it holds.
    let (code, out, err) = fixtures::retrace(&["verify", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    let steps = fixtures::explodo(1, "br").step();
    let v = <retrace_kernel::explodo::Explodo as retrace_kernel::Game>::RULES_VERSION;
    assert!(out.starts_with(&format!("ok explodo v{v} {steps} steps")), "{out}");
    // And the window's watcher plays it, verified.
    let bytes = std::fs::read(&path).unwrap();
    let v = retrace::ui::watch::WatchView::open("report", &bytes).expect("the watcher opens a report");
    drop(v);
    // A report that is not one says where.
    std::fs::write(&path, text.replacen("app: ", "colour: ", 1)).unwrap();
    let (code, out, _) = fixtures::retrace(&["verify", path.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(out.contains("line "), "{out}");
}

/// Issue 26's report-replay: a bug report of an Explodorama run whose last
/// level lost its last enemy opens beside today's autopilot on one board:
/// the recorded turns up to that point, then autopilot's, from six turns
/// before the two runs part. A report whose run never got there opens alone.
#[test]
fn a_bug_report_opens_beside_todays_autopilot() {
    use retrace::ui::watch::{autopilot_twin, WatchView, AUTOPILOT_TWIN};
    use retrace_kernel::explodo::route;
    let mut run = fixtures::explodo(1, fixtures::EXPLODO_CLEAR_1);
    let end = run.step();
    let cleared = (0..=end)
        .find(|&k| {
            run.seek(k);
            run.state().enemies.is_empty()
        })
        .expect("the fixture clears level 1");
    // The player walked on by hand: the first recorded turn autopilot would
    // not have taken; the report's run ends just after it.
    run.seek(end);
    let recorded = run.actions().to_vec();
    let by_hand = (cleared..end)
        .find(|&j| {
            run.seek(j);
            route::autopilot(run.state()) != Some(recorded[j as usize])
        })
        .expect("the fixture's walk to the exit is not autopilot's");
    run.seek(by_hand);
    let auto = route::autopilot(run.state()).expect("autopilot has a turn here");
    run.seek(by_hand + 1);
    let report = retrace::bug::Report::new(run.to_replay("t").to_bytes(), "it walked oddly", "none");
    let v = WatchView::open("report", report.to_text().as_bytes()).expect("the report opens");
    let pair = v.pair.as_ref().expect("beside today's autopilot");
    assert_eq!(pair.source, AUTOPILOT_TWIN);
    let split = pair.split.as_ref().expect("the runs part").step;
    assert!(split > by_hand, "they part on the hand-made turn or after: {split} {by_hand}");
    assert_eq!(v.step(), split - retrace::ui::watch::BEFORE_SPLIT);
    let twin = autopilot_twin(&run.to_replay("t")).unwrap();
    assert_eq!(&twin.actions()[..by_hand as usize], &run.actions()[..by_hand as usize]);
    assert_eq!(twin.actions()[by_hand as usize], auto);
    assert_eq!(twin.state().level, 2, "today's autopilot finishes the level (the gem's first card taken)");
    // A run that never lost its last enemy opens alone.
    let early = fixtures::explodo(1, "br");
    let report = retrace::bug::Report::new(early.to_replay("t").to_bytes(), "", "none");
    assert!(WatchView::open("report", report.to_text().as_bytes()).unwrap().pair.is_none());
}

/// Issue 26's language: every power-up and charge has its Russian name and
/// line, and the gem's and shop's cards speak Russian too.
#[test]
fn explodorama_power_ups_and_charges_speak_russian() {
    use retrace::store::Lang;
    use retrace::ui::explodo::{card_text, charge_name, charge_text, power_name, power_text};
    use retrace_kernel::explodo::items::{Offer, Power, CHARGES, POWERS};
    let cyrillic = |t: &str| t.chars().any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c)));
    for p in POWERS {
        assert!(cyrillic(power_name(p, Lang::Ru)) && cyrillic(power_text(p, Lang::Ru)), "{p:?}");
        assert_eq!(power_name(p, Lang::En), p.name());
    }
    for c in CHARGES {
        assert!(cyrillic(charge_name(c, Lang::Ru)) && cyrillic(charge_text(c, Lang::Ru)), "{c:?}");
        assert_eq!(charge_text(c, Lang::En), c.text());
    }
    let s = fixtures::explodo(1, "").state().clone();
    let en = card_text(&s, Offer::Power(Power::BombUp), Lang::En);
    let ru = card_text(&s, Offer::Power(Power::BombUp), Lang::Ru);
    assert_eq!(en, format!("Bombs {} -> {} (max 5)", s.max_bombs, s.max_bombs + 1));
    assert_eq!(ru, format!("Бомбы {} -> {} (макс. 5)", s.max_bombs, s.max_bombs + 1));
    assert_eq!(card_text(&s, Offer::Power(Power::Kick), Lang::Ru), "Пинок");
}

/// Issue 26's in-run menu: the level and seed, Sound and Autopilot kept in the
/// settings, New run only after asking, the change list.
#[test]
fn the_explodorama_run_menu_asks_before_a_new_run_and_keeps_its_switches() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "br")));
    h.run();
    h.get_by_label("Run menu").click();
    h.run();
    assert!(h.query_by_label_contains("Level 1/20 · Seed 1").is_some());
    h.get_by_label("Changes").click();
    h.run();
    assert!(h.query_by_label_contains("Rules v3").is_some(), "the change list");
    // Autopilot off from the menu: remembered in the settings.
    h.get_by_label("Autopilot").click();
    h.run();
    assert!(!h.state_mut().settings.explodo_autopilot);
    let saved = std::fs::read_to_string(dir.path().join("settings.txt")).unwrap();
    assert!(saved.contains("explodo_autopilot = false"), "{saved}");
    // New run asks first; Cancel keeps this run.
    let steps = explodo(&mut h).session.step();
    h.get_by_label("New run").click();
    h.run();
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(explodo(&mut h).session.step(), steps, "the run in progress stays");
    h.get_by_label("Run menu").click();
    h.run();
    h.get_by_label("New run").click();
    h.run();
    h.get_by_label("Yes").click();
    h.run();
    assert_eq!(explodo(&mut h).session.step(), 0, "a new run");
}

/// Issue 26's dialogs: the level-cleared banner comes before the shop; the
/// charge button says what is carried (or greys out); charge bombs wear a badge.
#[test]
fn the_shop_waits_for_the_level_cleared_banner_and_the_charge_button_shows_the_charge() {
    use retrace_kernel::explodo::{BombKind, Dialog, Explodo};
    use retrace_kernel::replay::ReplayFile;
    use retrace_kernel::Session;
    assert_eq!(retrace::ui::explodo::bomb_badge(BombKind::Pierce).map(|b| b.0), Some("P"));
    assert_eq!(retrace::ui::explodo::bomb_badge(BombKind::Plain), None);
    let bytes = std::fs::read(fixtures::root().join("replays/explodo-first-shop.replay")).unwrap();
    let full = Session::<Explodo>::from_replay(&ReplayFile::from_bytes(&bytes).unwrap()).unwrap();
    let mut probe = full.clone();
    let shop = (1..=full.step())
        .find(|&k| {
            probe.seek(k);
            probe.state().dialogs.iter().any(|d| matches!(d, Dialog::Shop { .. }))
        })
        .expect("the run reaches the first shop");
    let mut session = full.clone();
    session.seek(shop - 1);
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let mut v = retrace::ui::explodo::ExplodoView::resume(session);
    v.push(&Store::new(dir.path()), full.actions()[(shop - 1) as usize]);
    assert_eq!(v.cleared.map(|c| c.0), Some(3), "the shop comes after level 3");
    h.state_mut().screen = Screen::Explodo(v);
    h.run();
    assert!(h.query_by_label("Level cleared").is_some() && h.query_by_label("The shop").is_none());
    h.get_by_label("To the shop").click();
    h.run();
    assert!(h.query_by_label("The shop").is_some(), "then the shop");
    let carried = explodo(&mut h).session.state().charge;
    let label = match carried {
        Some((c, n)) => format!("{} ×{n}", c.name()),
        None => "Charge: -".to_string(),
    };
    assert!(h.query_by_label(&label).is_some(), "the charge button: {label}");
}

/// Issue 26's first-time explanations: the first power-up of a kind opens a
/// dialog with what it does (not only a log line); Got it closes it.
#[test]
fn the_first_power_up_of_a_kind_is_explained_in_a_dialog() {
    use retrace_kernel::explodo::Explodo;
    use retrace_kernel::replay::ReplayFile;
    use retrace_kernel::Session;
    let bytes = std::fs::read(fixtures::root().join("replays/explodo-developer-gem.replay")).unwrap();
    let mut full = Session::<Explodo>::from_replay(&ReplayFile::from_bytes(&bytes).unwrap()).unwrap();
    let actions = full.actions().to_vec();
    full.seek(0);
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let mut v = retrace::ui::explodo::ExplodoView::resume(full);
    let mut explained = None;
    for a in actions {
        v.push(&store, a);
        if v.explain.is_some() {
            explained = v.explain;
            break;
        }
    }
    let offer = explained.expect("the gem's card explains itself");
    let mut h = harness(dir.path());
    h.state_mut().screen = Screen::Explodo(v);
    h.run();
    let title = format!("New: {}", offer.name());
    assert!(h.query_by_label(&title).is_some(), "{title}");
    // Its clip plays above the line: the power-up's or charge's scene.
    let topic = match offer {
        retrace_kernel::explodo::items::Offer::Power(p) => retrace_kernel::explodo::scene::Topic::Power(p),
        retrace_kernel::explodo::items::Offer::Charge(c) => retrace_kernel::explodo::scene::Topic::Charge(c),
    };
    assert_eq!(explodo(&mut h).clip_shown(), Some(topic));
    h.get_by_label("Got it").click();
    h.run();
    assert!(explodo(&mut h).explain.is_none());
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

/// Regression: a "My levels" pack that does not load was named into the error
/// list after the banner had been made from it, so nothing was shown.
#[test]
fn a_broken_my_levels_pack_is_named_at_start_and_left_in_place() {
    let dir = tempfile::tempdir().unwrap();
    english_minelayer(dir.path());
    let path = dir.path().join("miau-my-levels.toml");
    std::fs::write(&path, "[manifest]\nid = = 1\n").unwrap();
    let h = harness(dir.path());
    let error = h.state().error.clone().expect("the broken pack is named");
    assert!(error.contains("miau-my-levels.toml") && error.contains("line 2"), "{error}");
    assert!(path.exists(), "left for the player to mend");
}

/// Issue 18: two runs of one level on one board in the watcher, from six
/// turns before they part, the second outlined in blue; only Explodorama.
#[test]
fn the_watcher_shows_two_runs_on_one_board_from_before_they_part() {
    use retrace::ui::watch::{WatchView, BEFORE_SPLIT};
    let a = fixtures::explodo(1, "w w w w w w w w r w").to_replay("t").to_bytes();
    let b = fixtures::explodo(1, "w w w w w w w w d w").to_replay("t").to_bytes();
    let mut v = WatchView::open_pair(("a.replay", &a), ("b.replay", &b)).expect("two runs open");
    let pair = v.pair.as_ref().expect("a second run");
    let split = pair.split.as_ref().expect("they part");
    assert_eq!(split.step, 9, "the ninth action differs");
    assert!(split.parts.iter().any(|p| p == "player"), "{:?}", split.parts);
    assert_eq!(v.step(), 9 - BEFORE_SPLIT, "playback starts six turns before");
    v.seek(10);
    let p = v.pair.as_ref().unwrap();
    assert_eq!(p.other.step(), 10, "the second run follows the first");
    let (retrace::ui::watch::Watched::Explodo(first), second) = (&v.watched, &p.other) else { panic!("explodo") };
    assert_ne!(first.state().player, second.state().player);
    // The same log twice never differs: the last turns play.
    let same = WatchView::open_pair(("a", &a), ("a again", &a)).unwrap();
    assert!(same.pair.as_ref().unwrap().split.is_none());
    // Only Explodorama runs share a board.
    let tally = fixtures::tally_won().to_replay("t").to_bytes();
    let e = WatchView::open_pair(("a", &a), ("t.replay", &tally)).err().expect("refused");
    assert!(e.starts_with("t.replay: two runs share a board only in Explodorama"), "{e}");
    // In the window: the label says what the outline is and where they part.
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let mut v = WatchView::open_pair(("a", &a), ("b", &b)).unwrap();
    v.playing = false;
    h.state_mut().screen = retrace::ui::Screen::Watch(v);
    h.run();
    assert!(h
        .query_all_by_value("Two runs on one board · blue outline: b · they part at step 9 (level, player)")
        .next()
        .is_some());
}

/// Issue 26's test options in the new-run form: a later level and a charge
/// start at once, even with a run in progress, which the test run never
/// replaces (nothing is saved over it); the top bar says "Test run".
#[test]
fn explodorama_test_runs_start_from_the_form_and_leave_the_saved_run_alone() {
    use retrace_kernel::explodo::items::Charge;
    let dir = tempfile::tempdir().unwrap();
    let store = retrace::store::Store::new(dir.path());
    let saved = fixtures::explodo(1, "w w");
    store.save(retrace::ui::explodo::SAVE, &saved).unwrap();
    let before = std::fs::read(store.path(&format!("{}.replay", retrace::ui::explodo::SAVE))).ok();
    let mut h = harness(dir.path());
    h.run();
    h.state_mut().explodo.saved = Some(saved);
    h.state_mut().explodo.form.level = 19;
    h.state_mut().explodo.form.charge = Some(Charge::Nuke);
    h.run();
    h.get_by_label("Test options").click();
    h.run();
    h.get_by_label("New run").click();
    h.run();
    assert!(h.query_by_label("The run in progress will be lost. Start a new one?").is_none());
    let Screen::Explodo(v) = &h.state().screen else { panic!("the test run starts") };
    let s = v.session.state();
    assert_eq!((s.level, s.charge.map(|c| c.0)), (19, Some(Charge::Nuke)));
    assert!(h.query_by_label("Test run").is_some());
    // A move: the saved run's file is untouched.
    let store2 = retrace::store::Store::new(dir.path());
    if let Screen::Explodo(v) = &mut h.state_mut().screen {
        v.push(&store2, retrace_kernel::explodo::Action::Wait);
    }
    h.run();
    let after = std::fs::read(store.path(&format!("{}.replay", retrace::ui::explodo::SAVE))).ok();
    assert_eq!(before, after, "the saved run is kept");
}

/// Issue 26: the shop and the gem as the spec has them: select, then Buy or
/// Choose; the first offer is selected; the arrows move the selection; an
/// item too dear says how many coins it lacks.
#[test]
fn explodorama_dialogs_select_then_buy_or_choose() {
    use retrace_kernel::explodo::items::{Offer, Power};
    use retrace_kernel::explodo::scene::Topic;
    use retrace_kernel::explodo::{Action, Dialog};
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let mut run = fixtures::explodo(7, fixtures::EXPLODO_TO_SHOP);
    run.seek(run.step() - 2);
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(run));
    h.run();
    let shelf = |h: &mut Harness<'static, RetraceApp>| match explodo(h).session.state().dialogs.last() {
        Some(Dialog::Shop { items, .. }) => items.clone(),
        other => panic!("the shop is open: {other:?}"),
    };
    let items = shelf(&mut h);
    assert_eq!(explodo(&mut h).selected, 0, "the first item is selected");
    h.key_press(egui::Key::ArrowDown);
    h.run();
    assert_eq!(explodo(&mut h).selected, 1);
    // The selected item's clip plays above the shelf (Heart and Coin bag have none).
    let topic = match items[1].expect("on the shelf") {
        Offer::Power(Power::Heart | Power::CoinBag) => None,
        Offer::Power(p) => Some(Topic::Power(p)),
        Offer::Charge(c) => Some(Topic::Charge(c)),
    };
    assert_eq!(explodo(&mut h).clip_shown(), topic);
    let coins = explodo(&mut h).session.state().coins;
    let price = items[1].expect("on the shelf").price();
    assert!(coins >= price, "the fixture's run can buy the second item");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(explodo(&mut h).session.state().coins, coins - price);
    assert!(shelf(&mut h)[1].is_none(), "bought: a gap on the shelf");
    assert_ne!(explodo(&mut h).selected, 1, "the selection moves to an item still there");
    // Too dear: a test run opened at the shop holds 9 coins; the first seed
    // whose shelf has a dearer item shows what it lacks once it is selected.
    let (seed, dear) = (1..100u64)
        .find_map(|seed| {
            let s = retrace_kernel::Session::<retrace_kernel::explodo::Explodo>::new(
                retrace_kernel::explodo::Setup { shop_after: 3, ..Default::default() },
                seed,
            )
            .unwrap();
            let Some(Dialog::Shop { items, .. }) = s.state().dialogs.last() else { return None };
            items.iter().position(|o| o.is_some_and(|o| o.price() > 9)).map(|i| (seed, (i, items[i].unwrap().price())))
        })
        .expect("a shelf with an item dearer than 9 coins");
    let s = retrace_kernel::Session::<retrace_kernel::explodo::Explodo>::new(
        retrace_kernel::explodo::Setup { shop_after: 3, ..Default::default() },
        seed,
    )
    .unwrap();
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(s));
    h.run();
    for _ in 0..dear.0 {
        h.key_press(egui::Key::ArrowDown);
        h.run();
    }
    assert_eq!(explodo(&mut h).selected, dear.0);
    assert!(h.query_by_label(&format!("Too dear: {} more coins needed", dear.1 - 9)).is_some());
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(explodo(&mut h).session.step(), 0, "Enter buys nothing too dear");
    // The gem: the first card selected, Choose takes it.
    let mut gem = fixtures::explodo_with(
        retrace_kernel::explodo::Setup { developer: true, ..Default::default() },
        4,
        fixtures::EXPLODO_DEVELOPER,
    );
    while !matches!(gem.state().dialogs.last(), Some(Dialog::Gem { .. })) && gem.step() > 0 {
        gem.seek(gem.step() - 1);
    }
    assert!(matches!(gem.state().dialogs.last(), Some(Dialog::Gem { .. })), "the rainbow gem's cards");
    {
        h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(gem));
        h.run();
        let before = explodo(&mut h).session.step();
        assert!(h.query_by_label("Choose one (it takes no turn):").is_some());
        h.key_press(egui::Key::Enter);
        h.run();
        let v = explodo(&mut h);
        assert_eq!(v.session.step(), before + 1, "{:?} {:?}", v.session.actions(), v.message);
        assert_eq!(v.session.actions().last(), Some(&Action::Choose(0)));
    }
}

/// Issue 26's menu: Almanac opens its four tabs (each entry with its
/// picture and line; a power-up or charge plays its clip), and Demo plays
/// the scenes one after another with a counter and ◀ ▶ ↺.
#[test]
fn the_run_menu_opens_the_almanac_and_the_demo() {
    use retrace_kernel::explodo::items::Charge;
    use retrace_kernel::explodo::scene::{topics, Topic};
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "w")));
    h.run();
    h.get_by_label("Run menu").click();
    h.run();
    h.get_by_label("Almanac").click();
    h.run();
    assert!(h.query_by_label("Wanders, usually keeping its heading.").is_some(), "the Blob's entry first");
    h.get_by_label("Charges").click();
    h.run();
    h.get_by_label("Nuke ▶").click();
    h.run();
    let a = explodo(&mut h).almanac.as_ref().expect("the almanac is open");
    assert_eq!(a.clip_shown(), Some(Topic::Charge(Charge::Nuke)));
    h.get_by_label("On the board").click();
    h.run();
    h.get_by_label("Oil barrel ▶").click();
    h.run();
    let a = explodo(&mut h).almanac.as_ref().unwrap();
    assert_eq!(a.clip_shown(), Some(Topic::Thing(retrace_kernel::explodo::scene::Thing::Barrel)));
    explodo(&mut h).almanac = None;
    h.get_by_label("Run menu").click();
    h.run();
    h.get_by_label("Demo").click();
    h.run();
    let n = topics().len();
    assert!(h.query_by_label(&format!("1 / {n}")).is_some());
    h.get_by_label("▶").click();
    h.run();
    assert!(h.query_by_label(&format!("2 / {n}")).is_some());
    assert_eq!(explodo(&mut h).demo.as_ref().unwrap().topic(), topics()[1]);
    h.get_by_label("↺").click();
    h.run();
    assert!(h.query_by_label(&format!("1 / {n}")).is_some());
    // The demo has the whole screen; its button brings the run back as it was.
    assert!(h.query_by_label("Run menu").is_none());
    h.get_by_label("Back to the run").click();
    h.run();
    assert!(explodo(&mut h).demo.is_none());
    assert_eq!(explodo(&mut h).session.step(), 1, "the run as it was");
}

/// Issue 19's keyboard: a whole level played by keys alone (arrows, B then
/// an arrow, Space) makes exactly the fixture's log and clears level 1.
#[test]
fn an_explodorama_level_plays_by_keys_alone() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    let arrow = |c: char| match c {
        'u' => egui::Key::ArrowUp,
        'd' => egui::Key::ArrowDown,
        'l' => egui::Key::ArrowLeft,
        _ => egui::Key::ArrowRight,
    };
    for tok in fixtures::EXPLODO_CLEAR_1.split_whitespace() {
        let mut chars = tok.chars();
        match (chars.next().unwrap(), chars.next()) {
            ('w', None) => h.key_press(egui::Key::Space),
            ('b', Some(d)) => {
                h.key_press(egui::Key::B);
                h.run();
                h.key_press(arrow(d));
            }
            (d, None) => h.key_press(arrow(d)),
            other => panic!("token {other:?}"),
        }
        h.run();
    }
    let want = fixtures::explodo(1, fixtures::EXPLODO_CLEAR_1);
    let v = explodo(&mut h);
    assert_eq!(v.session.actions(), want.actions(), "{:?}", v.message);
    assert_eq!(v.session.state().level, 2, "level 1 cleared");
}

/// Issue 19's cursor and "What is that?" by keys: Shift + an arrow wakes the
/// cursor on you, the next hops it, M acts on its tile, and the cursor is
/// back on you; `?` aims at the nearest thing and Enter opens its almanac
/// entry; Esc backs out one step at a time, then opens the menu.
#[test]
fn the_keyboard_cursor_acts_on_its_tile_and_asks_what_things_are() {
    use retrace::ui::explodo::almanac::Entry;
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    let me = explodo(&mut h).session.state().player;
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::ArrowRight);
    h.run();
    assert_eq!(explodo(&mut h).cursor, Some(me), "the first press only wakes it");
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::ArrowRight);
    h.run();
    let right = retrace_kernel::explodo::board::Pos { x: me.x + 1, y: me.y };
    assert_eq!(explodo(&mut h).cursor, Some(right));
    h.key_press(egui::Key::M);
    h.run();
    let v = explodo(&mut h);
    assert_eq!(v.session.state().player, right, "{:?}", v.message);
    assert_eq!(v.cursor, Some(right), "back on you after the turn");
    h.key_press(egui::Key::Questionmark);
    h.run();
    let (aim, asking) = (explodo(&mut h).cursor.unwrap(), explodo(&mut h).asking);
    assert!(asking);
    let thing = retrace::ui::explodo::input::thing_at(explodo(&mut h).session.state(), aim).expect("aims at a thing");
    h.key_press(egui::Key::Enter);
    h.run();
    let v = explodo(&mut h);
    assert_eq!(v.almanac.as_ref().map(|a| a.entry), Some(thing));
    assert!(matches!(thing, Entry::Enemy(_) | Entry::Thing(_)));
    v.almanac = None;
    assert!(!v.asking && v.cursor.is_none(), "explaining ends the asking");
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::ArrowLeft);
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!explodo(&mut h).menu && explodo(&mut h).cursor.is_none(), "Esc puts the cursor away first");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(explodo(&mut h).menu, "then opens the run menu");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!explodo(&mut h).menu, "and closes it");
}

/// Issue 19's animation: a turn tweens from the state before, drawn from the
/// kernel's events, and never holds up the next action (which replaces it
/// at once); the run is the kernel's throughout.
#[test]
fn a_turn_animates_without_holding_up_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    let me = explodo(&mut h).session.state().player;
    h.key_press(egui::Key::ArrowRight);
    h.step();
    let moved = explodo(&mut h).session.state().player;
    assert_ne!(moved, me);
    assert_eq!(explodo(&mut h).animation().and_then(|m| m.player_from), Some(me));
    let turn = explodo(&mut h).session.state().turn;
    h.key_press(egui::Key::Space);
    h.step();
    let v = explodo(&mut h);
    assert_eq!(v.session.state().turn, turn + 1, "the next action is not held up");
    assert_eq!(v.animation().and_then(|m| m.player_from), Some(moved), "it replaced the old animation");
    h.run();
    assert!(explodo(&mut h).animation().is_none(), "over once played");
}

/// Issue 19's view: a level 12 board (13 by 15) shows 9 by 13 tiles round
/// you; Alt + an arrow looks that way (kept inside the board), Home follows
/// you again, and so does the next action.
#[test]
fn a_larger_board_scrolls_with_you_and_alt_arrows_look_around() {
    use retrace::ui::explodo::VIEW;
    use retrace_kernel::explodo::Setup;
    let dir = tempfile::tempdir().unwrap();
    let setup = Setup { start_level: 12, ..Default::default() };
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(setup, 5));
    let v = explodo(&mut h);
    let s = v.session.state().clone();
    assert!(s.layout.w > VIEW.0 || s.layout.h > VIEW.1, "a board larger than the view");
    let (x, y) = v.camera;
    let inside = |p: retrace_kernel::explodo::board::Pos, (x, y): (f32, f32)| {
        p.x as f32 >= x && (p.x as f32) < x + VIEW.0 as f32 && p.y as f32 >= y && (p.y as f32) < y + VIEW.1 as f32
    };
    assert!(inside(s.player, (x, y)), "you are in view: {:?} at {x},{y}", s.player);
    let board = h.get_by_label("board, level 12").rect();
    assert!((board.width() / board.height() - VIEW.0 as f32 / VIEW.1 as f32).abs() < 0.01, "9 by 13 tiles");
    // Alt + arrows look (as far as the board goes), Home comes back.
    for _ in 0..6 {
        h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::ArrowDown);
        h.run();
    }
    let v = explodo(&mut h);
    let look = v.look.expect("looking");
    assert_eq!(look.1, (s.layout.h - VIEW.1) as f32, "down to the board's edge, no further");
    assert_eq!(v.session.state().player, s.player, "looking is no action");
    h.key_press(egui::Key::Home);
    h.run();
    assert_eq!(explodo(&mut h).look, None);
    assert_eq!(explodo(&mut h).camera, (x, y), "back on you");
}

/// Issue 19's board: with an action picked, the tiles it can use show blue
/// and those that would cost a life red with a cross, as the kernel says
/// on a copy; nothing is marked with nothing picked.
#[test]
fn a_picked_action_marks_its_tiles_and_the_deadly_ones() {
    use retrace::ui::explodo::{deadly, tap, Mode};
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().settings.explodo_autopilot = false;
    // A bomb beside the start, one turn from going off: stepping back along its line is deadly.
    let run = (0..4)
        .map(|waits| fixtures::explodo(1, &format!("br d{}", " w".repeat(waits))))
        .find(|r| {
            let s = r.state();
            retrace::ui::explodo::input::targets(s, Mode::Move).iter().any(|&(_, d)| d)
        })
        .expect("a turn where a step is deadly");
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(run));
    h.run();
    assert!(explodo(&mut h).picked_targets().is_none(), "nothing picked, nothing marked");
    h.get_by_label("Move").click();
    h.run();
    let v = explodo(&mut h);
    let s = v.session.state().clone();
    let tiles = v.picked_targets().expect("Move picked: its tiles").to_vec();
    assert!(tiles.iter().any(|&(_, d)| d), "{tiles:?}");
    for (p, d) in tiles {
        let a = tap(&s, Mode::Move, p).expect("a tile the action can use");
        assert_eq!(d, deadly(&s, &a), "{p:?}");
    }
    // A calm start: Bomb picked marks its tiles, none deadly.
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "")));
    h.run();
    h.get_by_label("Bomb").click();
    h.run();
    let tiles = explodo(&mut h).picked_targets().expect("Bomb picked").to_vec();
    assert!(!tiles.is_empty() && tiles.iter().all(|&(_, d)| !d), "{tiles:?}");
}

/// Issue 19's controller: the d-pad wakes and hops the cursor, the bottom
/// button moves there, the right one waits; in the shop the d-pad selects
/// and the bottom button buys.
#[test]
fn explodorama_plays_by_pad_alone() {
    use retrace::pad::Button as P;
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    let me = explodo(&mut h).session.state().player;
    let press = |h: &mut Harness<'static, RetraceApp>, b: P| {
        h.state_mut().pad_presses.push(b);
        h.run();
    };
    press(&mut h, P::Right);
    assert_eq!(explodo(&mut h).cursor, Some(me), "the first press wakes the cursor on you");
    press(&mut h, P::Right);
    press(&mut h, P::South);
    let right = retrace_kernel::explodo::board::Pos { x: me.x + 1, y: me.y };
    assert_eq!(explodo(&mut h).session.state().player, right);
    let turn = explodo(&mut h).session.state().turn;
    press(&mut h, P::East);
    assert_eq!(explodo(&mut h).session.state().turn, turn + 1, "the right button waits");
    press(&mut h, P::Start);
    assert!(explodo(&mut h).menu);
    press(&mut h, P::Start);
    // The shop by pad: the d-pad selects, the bottom button buys.
    let mut run = fixtures::explodo(7, fixtures::EXPLODO_TO_SHOP);
    run.seek(run.step() - 2);
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(run));
    h.run();
    let coins = explodo(&mut h).session.state().coins;
    press(&mut h, P::Down);
    assert_eq!(explodo(&mut h).selected, 1);
    press(&mut h, P::South);
    let v = explodo(&mut h);
    assert_eq!(v.session.actions().last(), Some(&retrace_kernel::explodo::Action::Buy(1)));
    assert!(v.session.state().coins < coins);
    // The dialogs show the pad's face buttons while it is in use; a key hands back.
    assert!(v.pad_in_use);
    h.key_press(egui::Key::ArrowDown);
    h.run();
    assert!(!explodo(&mut h).pad_in_use);
}

/// Issue 19: a level-start banner ("Level N", the enemy type the level
/// brings first) goes up when a level begins and the first action takes it
/// down, so it never delays play.
#[test]
fn explodorama_shows_a_level_start_banner_until_the_first_action() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let run = retrace_kernel::Session::<retrace_kernel::explodo::Explodo>::new(
        retrace_kernel::explodo::Setup { start_level: 4, ..Default::default() },
        3,
    )
    .unwrap();
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(run));
    h.step();
    h.step();
    assert!(explodo(&mut h).banner_up());
    assert!(h.query_by_label("Level 4").is_some());
    assert!(h.query_by_label("New enemy: Seeker").is_some(), "level 4 brings the Seeker");
    h.get_by_label("Wait").click();
    h.step();
    h.step();
    assert!(!explodo(&mut h).banner_up(), "the first action takes it down");
    assert!(h.query_by_label("Level 4").is_none());
}
