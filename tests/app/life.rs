//! Life in the window: a hot-seat game by clicks, blind placement, the
//! campaign, certificates.

use super::*;

/// Campaign level `level` moved off its certificate's way: one pencil cell
/// of player 1's where the certificate's first placements put none, so the
/// hint searches from there (the certificate answers only on its way).
fn off_the_certificate(level: u16) -> retrace_kernel::Session<retrace_kernel::life::Life> {
    use retrace_kernel::life::{Action, Setup, Tool};
    let mut s = retrace_kernel::Session::new(Setup::Campaign { level }, 0).unwrap();
    let answer = retrace::ui::life::known_answer(&s).expect("the level's start is on the way");
    let st = s.state().clone();
    let far = |x: u32, y: u32| answer.cells.iter().all(|c| c.0.abs_diff(x) > 2 || c.1.abs_diff(y) > 2);
    let (x, y) = (0..st.field.h)
        .flat_map(|y| (0..st.field.w).map(move |x| (x, y)))
        .find(|&(x, y)| st.in_zone(x, y, 1) && st.field.get(x, y) == 0 && far(x, y))
        .expect("a free cell in the zone");
    s.push(Action::Paint { x, y, tool: Tool::Pencil }).unwrap();
    assert!(retrace::ui::life::known_answer(&s).is_none(), "off the certificate's way");
    s
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
    use egui_kittest::kittest::{NodeT, Queryable};
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

    /// The window on the Life screen with [`running`]'s game, its data in `dir`.
    fn on_running(dir: &std::path::Path) -> egui_kittest::Harness<'static, retrace::ui::RetraceApp> {
        let mut h = harness(dir);
        h.state_mut().screen = Screen::Life(retrace::ui::life::LifeView::new(running()));
        h.run();
        h
    }

    /// Space is the run's key: with a button focused (by the pointer or a
    /// screen reader) it pauses the run and presses nothing (issue 62 item
    /// 10: it pressed the button too).
    #[test]
    fn space_with_a_focused_button_only_pauses() {
        let dir = tempfile::tempdir().unwrap();
        let mut h = on_running(dir.path());
        h.get_by_label("End game").focus();
        h.run();
        h.key_press(eframe::egui::Key::Space);
        h.run();
        assert_eq!(life(&mut h).session.state().phase, LifePhase::Paused, "Space paused the run");
        assert!(h.query_by_label_contains("End the game now?").is_none(), "and did not press End game");
    }

    #[test]
    fn end_game_pauses_space_waits_and_cancel_resumes() {
        let dir = tempfile::tempdir().unwrap();
        let mut h = on_running(dir.path());
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

    /// The question takes the keys first (issue 62 item 2): Space, Enter,
    /// the arrows and the tools' number keys do nothing behind it; Esc
    /// answers Cancel (the run goes on) and leaves the game on screen.
    #[test]
    fn the_question_takes_the_keys_and_esc_cancels_it() {
        use eframe::egui::Key;
        let dir = tempfile::tempdir().unwrap();
        let mut h = on_running(dir.path());
        h.get_by_label("End game").click();
        h.run();
        let step = life(&mut h).session.step();
        for key in [Key::Space, Key::Enter, Key::ArrowLeft, Key::ArrowUp, Key::Num2] {
            h.key_press(key);
            h.run();
        }
        assert_eq!(life(&mut h).session.step(), step, "nothing played behind the question");
        assert!(h.query_by_label_contains("End the game now?").is_some(), "still asked");
        h.key_press(Key::Escape);
        h.run();
        assert!(h.query_by_label_contains("End the game now?").is_none(), "Esc closed it");
        assert!(matches!(h.state().screen, Screen::Life(_)), "and left the game on screen");
        assert_eq!(life(&mut h).session.state().phase, LifePhase::Running, "as Cancel: the run goes on");
    }

    /// A held Space toggles the run once (issue 40): the repeats a held key
    /// sends do nothing; a new press resumes.
    #[test]
    fn held_space_toggles_the_run_once() {
        use eframe::egui::{Event, Key, Modifiers};
        let dir = tempfile::tempdir().unwrap();
        let mut h = on_running(dir.path());
        let space = |pressed, repeat| Event::Key {
            key: Key::Space,
            physical_key: None,
            pressed,
            repeat,
            modifiers: Modifiers::default(),
        };
        h.event(space(true, false));
        h.run();
        assert_eq!(life(&mut h).session.state().phase, LifePhase::Paused, "the press pauses");
        for _ in 0..5 {
            h.event(space(true, true));
            h.run();
        }
        assert_eq!(life(&mut h).session.state().phase, LifePhase::Paused, "the held key's repeats do nothing");
        h.event(space(false, false));
        h.event(space(true, false));
        h.run();
        assert_eq!(life(&mut h).session.state().phase, LifePhase::Running, "a new press runs it again");
    }

    /// After a stall the run ticks once and goes on at its pace, never
    /// racing to catch up (issue 40); an unfocused window holds it.
    #[test]
    fn the_run_clock_never_catches_up_and_an_unfocused_window_holds_it() {
        use std::time::{Duration, Instant};
        let dir = tempfile::tempdir().unwrap();
        let mut h = on_running(dir.path());
        let generation =
            |h: &mut egui_kittest::Harness<'static, retrace::ui::RetraceApp>| life(h).session.state().generation;
        // Ten seconds behind: eighty ticks owed under a clock that catches up.
        life(&mut h).clock = Some(Instant::now() - Duration::from_secs(10));
        let (before, started) = (generation(&mut h), Instant::now());
        for _ in 0..6 {
            h.step();
        }
        let elapsed = started.elapsed().as_millis() as u64;
        let per_tick = u64::from(retrace::ui::life::STEPS_PER_SEC / 8).max(1);
        let ticks = (generation(&mut h) - before) / per_tick;
        assert!(ticks >= 1, "the stalled run ticks at once");
        assert!(ticks <= 1 + elapsed / 125, "{ticks} ticks in {elapsed} ms: it raced to catch up");
        // Unfocused, the run holds even when a tick is owed.
        h.input_mut().focused = false;
        life(&mut h).clock = Some(Instant::now() - Duration::from_secs(1));
        let held = generation(&mut h);
        for _ in 0..3 {
            h.step();
        }
        assert_eq!(generation(&mut h), held, "an unfocused window holds the run");
        h.input_mut().focused = true;
        life(&mut h).clock = Some(Instant::now() - Duration::from_secs(1));
        h.step();
        assert!(generation(&mut h) > held, "focus back, the run goes on");
    }

    /// Paused, the run says Resume and keeps its speed buttons (issue 40).
    #[test]
    fn a_paused_run_says_resume_and_keeps_its_speed() {
        let dir = tempfile::tempdir().unwrap();
        let mut h = on_running(dir.path());
        h.get_by_label("Pause").click();
        h.run();
        assert_eq!(life(&mut h).session.state().phase, LifePhase::Paused);
        assert!(h.query_by_label("Resume").is_some(), "paused, the button says Resume");
        assert!(h.query_by_label("Start simulation").is_none());
        assert!(h.query_by_label("4×").is_some(), "the speed buttons stay while paused");
        h.get_by_label("Resume").click();
        h.run();
        assert_eq!(life(&mut h).session.state().phase, LifePhase::Running);
    }

    /// A refusal's message goes at the next phase (issue 40): an "outside
    /// your zone" error does not stay on through the handoff.
    #[test]
    fn a_refusals_message_goes_at_the_handoff() {
        let mut s = Session::<Life>::new(Setup::TwoPlayer { w: 40, h: 40, wrap: true, budget: 20 }, 0).unwrap();
        let glider = retrace_kernel::life::patterns::find("glider").unwrap().0;
        s.push(Action::Stamp { x: 5, y: 5, pattern: glider, rot: 0 }).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let mut h = harness(dir.path());
        h.state_mut().screen = Screen::Life(retrace::ui::life::LifeView::new(s));
        h.run();
        life(&mut h).message = Some("that cell is outside your zone".into());
        h.run();
        assert!(h.query_by_label_contains("outside your zone").is_some(), "the message shows");
        h.get_by_label("Ready").click();
        h.run();
        assert_eq!(life(&mut h).session.state().phase, LifePhase::HandoffP1P2);
        assert!(life(&mut h).message.is_none(), "the handoff takes the message away");
    }

    /// The engine that steps the field is under Details, not on the player's
    /// screen (issue 40).
    #[test]
    fn the_engine_line_is_under_details() {
        let dir = tempfile::tempdir().unwrap();
        let mut h = on_running(dir.path());
        assert!(h.query_by_label_contains("engine:").is_none(), "no engine line on the screen");
        h.get_by_label("Details").click();
        h.run();
        assert!(h.query_by_label_contains("engine:").is_some(), "Details shows it");
    }

    /// Paused, One generation steps the field by one and leaves it paused
    /// (issue 40), through the rules' own actions.
    #[test]
    fn one_generation_steps_a_paused_field() {
        let dir = tempfile::tempdir().unwrap();
        let mut h = on_running(dir.path());
        h.get_by_label("Pause").click();
        h.run();
        let before = life(&mut h).session.state().generation;
        h.get_by_label("One generation").click();
        h.run();
        let st = life(&mut h).session.state().clone();
        assert_eq!(st.generation, before + 1, "one generation on");
        assert_eq!(st.phase, LifePhase::Paused, "and still paused");
    }

    /// "Play from here" over a suspended game asks first (issue 40): Cancel
    /// keeps the suspended game and the watcher; Yes plays the replay's game.
    #[test]
    fn play_from_here_asks_before_it_replaces_a_suspended_game() {
        let dir = tempfile::tempdir().unwrap();
        let mut h = harness(dir.path());
        h.run();
        h.state_mut().life.saved = Some(running());
        let bytes = std::fs::read(fixtures::root().join("replays/life-hotseat.replay")).unwrap();
        h.state_mut().open_bytes("life-hotseat.replay", &bytes);
        h.run();
        assert!(matches!(h.state().screen, Screen::Watch(_)), "{:?}", h.state().error);
        let question = "A suspended game will be lost. Play from here?";
        h.get_by_label("Play from here").click();
        h.run();
        assert!(h.query_by_label(question).is_some(), "it asks first");
        assert!(matches!(h.state().screen, Screen::Watch(_)), "nothing replaced yet");
        h.get_by_label("Cancel").click();
        h.run();
        assert!(h.query_by_label(question).is_none());
        assert!(h.state().life.saved.is_some() && matches!(h.state().screen, Screen::Watch(_)), "Cancel keeps both");
        h.get_by_label("Play from here").click();
        h.run();
        h.get_by_label("Yes").click();
        h.run();
        assert!(matches!(h.state().screen, Screen::Life(_)), "Yes plays the replay's game");
        assert!(h.state().life.saved.is_none(), "the suspended game is given up");
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

    /// A replay dropped on the window mid-game parks the game as going
    /// home does: it is offered for Resume, and a new game asks first
    /// (issue 62 item 9: the drop took it off the Resume slot).
    #[test]
    fn a_replay_dropped_mid_game_keeps_the_game_for_resume() {
        let dir = tempfile::tempdir().unwrap();
        let mut h = on_running(dir.path());
        let playing = life(&mut h).session.digest();
        let bytes = fixtures::life_stalemate().to_replay(fixtures::FIXTURE_APP).to_bytes();
        h.state_mut().open_bytes("dropped.replay", &bytes);
        h.run();
        assert!(matches!(h.state().screen, Screen::Watch(_)), "the replay is watched");
        assert_eq!(h.state().life.saved.as_ref().map(|s| s.digest()), Some(playing), "the game waits for Resume");
        h.state_mut().screen = Screen::LifeSetup;
        h.run();
        h.get_by_label("Start").click();
        h.run();
        assert!(h.query_by_label("A suspended game will be lost. Start a new one?").is_some(), "a new game asks");
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
        let s = super::off_the_certificate(0);
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
        // No two levels read alike (issue 40): a generated level's enemy follows its size and zone.
        for lang in [Lang::En, Lang::Ru] {
            let mut names: Vec<String> = levels.iter().map(|lv| level_name(lv, lang)).collect();
            names.sort();
            let before = names.len();
            names.dedup();
            assert_eq!(names.len(), before, "{lang:?}: two levels share a name");
        }
        // A generated level: a name a person gave it (issue 65 item 1); what
        // it holds is still said (the list's hover text).
        assert_eq!(level_name(&levels[3], Lang::En), "Pulsar at the Gate");
        assert_eq!(level_name(&levels[3], Lang::Ru), "Пульсар у ворот");
        assert_eq!(retrace::ui::life::level_contents(&levels[3], Lang::En), "60 · half: pulsar, beacon, block");
        assert_eq!(retrace::ui::life::level_contents(&levels[3], Lang::Ru), "60 · половина: пульсар, маяк, блок");
        assert!(levels.iter().all(|lv| !level_name(lv, Lang::En).contains(" · ")), "no generator's name left");
        let dir = tempfile::tempdir().unwrap();
        let mut h = harness(dir.path());
        h.state_mut().screen = Screen::LifeLevels;
        h.run();
        assert!(h.query_by_label_contains("1. Warm-up (").is_some());
        assert!(h.query_by_label_contains("4. Pulsar at the Gate (").is_some(), "a generated level's name");
        assert!(h.query_all_by_label_contains("· locked").count() > 90, "locked levels say so in words");
        assert!(h.query_by_label_contains("🔒").is_none());
        assert_eq!(h.query_all_by_label_contains("· cleared").count(), 0, "nothing cleared yet");
        // Two levels won: they are marked cleared, the third is open, the rest locked.
        h.state_mut().settings.life_unlocked = 3;
        h.run();
        assert_eq!(h.query_all_by_label_contains("· cleared").count(), 2);
        // Two cleared, the rest but one locked: the third is open and unmarked.
        assert_eq!(h.query_all_by_label_contains("· locked").count(), levels.len() - 3);
    }

    /// Choosing a pattern brings its rotation button without moving the
    /// buttons below (issue 40: "Tap to place" was clicked for "Ready").
    #[test]
    fn choosing_a_pattern_moves_no_button() {
        let dir = tempfile::tempdir().unwrap();
        let mut h = harness(dir.path());
        h.state_mut().screen = Screen::LifeSetup;
        h.run();
        h.get_by_label("Start").click();
        h.run();
        let ready = h.get_by_label("Ready").rect();
        h.get_by_label("Pattern").click();
        h.run();
        h.get_by_label("  glider").click_accesskit();
        h.run();
        assert!(h.query_by_label_contains("↻").is_some(), "the rotation button is there");
        assert_eq!(h.get_by_label("Ready").rect(), ready, "Ready did not move");
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
            // A preset shows it is chosen; the field beside it takes any other amount.
            h.get_by_label("or").focus();
            h.run();
            h.get_by_label("or").type_text("5");
            h.run();
            let form = &h.state().life.form;
            assert!(form.budget_text.contains('5'), "typed: {:?}", form.budget_text);
            assert_eq!(form.budget.to_string(), form.budget_text, "the typed amount is the budget");
            h.get_by_label("250").click();
            h.run();
            assert_eq!(
                h.get_by_label("250").accesskit_node().toggled(),
                Some(eframe::egui::accesskit::Toggled::True),
                "the preset shows it is chosen"
            );
            assert_eq!(h.get_by_label("100").accesskit_node().toggled(), Some(eframe::egui::accesskit::Toggled::False));
            assert_eq!(h.state().life.form.budget_text, "250", "the field follows the preset");
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

/// Runs a campaign level at 8× (its button pressed by `press`) until it
/// is over.
fn run_to_the_end(h: &mut Harness<'static, RetraceApp>, press: impl Fn(&mut Harness<'static, RetraceApp>, &str)) {
    press(h, "8×");
    for _ in 0..400 {
        if life(h).session.state().phase == LifePhase::GameOver {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(40));
        h.step();
    }
    panic!("the level never ended: generation {}", life(h).session.state().generation);
}

/// The label of campaign level 1's button in the level list.
fn first_level_label() -> String {
    let lv = &retrace_kernel::life::campaign::levels()[0];
    let name = retrace::ui::life::level_name(lv, retrace::store::Lang::En);
    let par = retrace::ui::life::PARS[0];
    format!("1. {name} ({}×{}, budget {}) · ☆☆☆ best — / par {par}", lv.w, lv.h, lv.budget)
}

/// Campaign level 1 won by the mouse alone (issue 40): Campaign, the
/// level, a blinker drawn with the pencil, Ready, 8×, cleared.
#[test]
fn a_campaign_level_is_won_by_the_mouse_alone() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.get_by_label("Campaign").click();
    h.run();
    h.get_by_label(&first_level_label()).click();
    h.run();
    for (x, y) in [(24, 26), (25, 26), (26, 26)] {
        click_cell(&mut h, x, y);
    }
    assert_eq!(life(&mut h).session.state().counts().0, 3, "three cells drawn");
    h.get_by_label("Ready").click();
    h.run();
    run_to_the_end(&mut h, |h, l| {
        h.get_by_label(l).click();
        h.run();
    });
    assert_eq!(life(&mut h).session.state().reason, Some(retrace_kernel::life::game::Reason::Win));
    assert!(h.query_all_by_label_contains("Level cleared!").next().is_some());
    // The phase line says so too, not "Game over" (issue 62, item 13).
    assert!(h.query_by_label("Level cleared!").is_some() && h.query_by_label("Game over").is_none());
    // The win's three cells are the level's best (issue 65 item 1).
    assert_eq!(retrace::store::life::best(&Store::new(dir.path())), [(0, 3)].into());
}

/// Campaign level 1 won by the keyboard alone (issue 40): Tab to Campaign
/// and the level, an arrow gives the field the focus at its middle, the
/// arrows walk the cell, Enter draws, Tab to Ready and to 8×, cleared.
#[test]
fn a_campaign_level_is_won_by_the_keyboard_alone() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    tab_to_and_press(&mut h, "Campaign");
    tab_to_and_press(&mut h, &first_level_label());
    h.key_press(egui::Key::ArrowRight);
    h.run();
    let (w, hgt) = (life(&mut h).session.state().field.w, life(&mut h).session.state().field.h);
    assert_eq!(life(&mut h).key_cell, Some((w / 2, hgt / 2)), "the field has the focus, its cell at the middle");
    let walk = |h: &mut Harness<'static, RetraceApp>, to: (u32, u32)| {
        arrows_to(h, to, 200, |h| life(h).key_cell.expect("the field keeps the focus"));
    };
    // A cell drawn and erased again, then the blinker.
    walk(&mut h, (3, 3));
    h.key_press(egui::Key::Enter);
    h.run();
    h.key_press(egui::Key::Delete);
    h.run();
    assert_eq!(life(&mut h).session.state().counts().0, 0, "Delete erases");
    for cell in [(24, 26), (25, 26), (26, 26)] {
        walk(&mut h, cell);
        h.key_press(egui::Key::Enter);
        h.run();
    }
    assert_eq!(life(&mut h).session.state().counts().0, 3, "three cells drawn");
    tab_to_and_press(&mut h, "Ready");
    run_to_the_end(&mut h, tab_to_and_press);
    assert_eq!(life(&mut h).session.state().reason, Some(retrace_kernel::life::game::Reason::Win));
    assert!(h.query_all_by_label_contains("Level cleared!").next().is_some());
}

/// A refusal's message and the hint's rows appearing move no other widget
/// (issue 40): campaign level 1, a refusal's line, then a hint asked for
/// and answered.
#[test]
fn a_message_and_the_hint_move_no_widget() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let s = off_the_certificate(0);
    h.state_mut().screen = Screen::Life(retrace::ui::life::LifeView::new(s));
    h.run();
    let labels = ["Life field", "Ready", "Reset", "Tap to place", "Restart level"];
    let rects = |h: &Harness<'static, RetraceApp>| labels.map(|l| h.get_by_label(l).rect());
    let before = rects(&h);
    life(&mut h).message = Some("that is outside your zone".into());
    h.run();
    assert!(h.query_by_label_contains("outside your zone").is_some(), "the message shows");
    assert_eq!(rects(&h), before, "the message moved a widget");
    h.get_by_label("Hint").click();
    h.step();
    assert!(life(&mut h).hint_searching());
    assert_eq!(rects(&h), before, "thinking moved a widget");
    for _ in 0..1200 {
        if !life(&mut h).hint_searching() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.step();
    }
    h.run();
    assert!(h.query_by_label("Place hint").is_some(), "the hint answered");
    assert_eq!(rects(&h), before, "the hint's answer moved a widget");
}

/// A budget stalemate says whose budget ran out (the spec's test list:
/// the trailing player, who can place nothing more).
#[test]
fn a_budget_stalemate_says_whose_cells_ran_out() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.state_mut().screen = Screen::Life(retrace::ui::life::LifeView::new(fixtures::life_stalemate()));
    h.run();
    assert!(
        h.query_by_label_contains("Green wins 6 to 4 (Red has no cells left to place)").is_some(),
        "the game-over line names Red's budget"
    );
    // A hot-seat game is one of the two players' win, not "yours" (issue
    // 62 item 7): the kept certificate is said so.
    assert!(h.query_by_label("Game over: it is kept with your finished games.").is_some());
    assert!(h.query_by_label("Won! This win is kept with your wins.").is_none());
}

/// The colours of the 3-point frames drawn this frame (the side panel's
/// accent is one).
fn accent_frames(h: &Harness<'static, RetraceApp>) -> Vec<egui::Color32> {
    flat_shapes(&h.output().shapes)
        .into_iter()
        .filter_map(|s| match s {
            egui::Shape::Rect(r) if r.stroke.width == 3.0 => Some(r.stroke.color),
            _ => None,
        })
        .collect()
}

/// Issue 65 item 3: whose turn it is at a glance. The side panel is framed
/// in the drawing player's colour, in player 2's at the handoff to them,
/// in none while the field runs, and in the winner's at the end.
#[test]
fn the_hot_seat_screen_is_framed_in_the_colour_of_whose_turn_it_is() {
    let (red, green) = (retrace::ui::life::P1_COLOR, retrace::ui::life::P2_COLOR);
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.get_by_label("Two players").click();
    h.run();
    h.get_by_label("Start").click();
    h.run();
    assert_eq!(accent_frames(&h), [red], "player 1 places");
    h.get_by_label("Ready").click();
    h.run();
    assert_eq!(accent_frames(&h), [green], "the handoff to player 2");
    h.get_by_label("Player 2 is ready").click();
    h.run();
    assert_eq!(accent_frames(&h), [green], "player 2 places");
    h.get_by_label("Ready").click();
    h.run();
    assert_eq!(accent_frames(&h), Vec::<egui::Color32>::new(), "both have placed: nobody's turn");
    h.get_by_label("Start simulation").click();
    h.run();
    assert_eq!(accent_frames(&h), Vec::<egui::Color32>::new(), "the field runs: nobody's turn");
    let mut st = life(&mut h).session.state().clone();
    st.phase = LifePhase::GameOver;
    st.winner = Some(retrace_kernel::life::game::Winner::P2);
    assert_eq!(retrace::ui::life::accent(&st), Some(green), "the winner's colour at the end");
    st.winner = None;
    assert_eq!(retrace::ui::life::accent(&st), None, "a draw is nobody's");
}

/// Issue 65 item 2: every campaign level's hint comes from its certificate,
/// at once, with no search: at the level's start the answer is exactly the
/// certificate's first placements, split into shapes that are each the
/// certificate's next placements in turn.
#[test]
fn every_campaign_levels_hint_is_its_certificates_first_placements() {
    use retrace_kernel::life::{Action, Life, Setup};
    use retrace_kernel::{ReplayFile, Session};
    let levels = retrace_kernel::life::campaign::levels().len();
    assert_eq!(levels, 103);
    for level in 0..levels as u16 {
        let name = format!("replays/life-campaign/level-{:03}.replay", level + 1);
        let file = ReplayFile::from_bytes(&std::fs::read(fixtures::root().join(&name)).unwrap()).unwrap();
        let certificate = Session::<Life>::from_replay(&file).unwrap();
        let first: Vec<Action> = certificate
            .actions()
            .iter()
            .take_while(|a| matches!(a, Action::Paint { .. } | Action::Stamp { .. }))
            .cloned()
            .collect();
        let session = Session::<Life>::new(Setup::Campaign { level }, certificate.seed()).unwrap();
        let answer = retrace::ui::life::known_answer(&session).unwrap_or_else(|| panic!("{name}: no answer"));
        assert_eq!(answer.actions, first, "{name}");
        assert!(!answer.cells.is_empty(), "{name}");
        let in_shapes: Vec<Action> = answer.shapes.iter().flat_map(|(_, a)| a.clone()).collect();
        assert_eq!(in_shapes, first, "{name}: the shapes are the placements in order");
        let mut cells: Vec<(u32, u32)> = answer.shapes.iter().flat_map(|(c, _)| c.clone()).collect();
        cells.sort_by_key(|&(x, y)| (y, x));
        cells.dedup();
        assert_eq!(cells, answer.cells, "{name}: the shapes' cells are the answer's");
    }
}

/// The hint in steps, each a press: where to look (no search: it answers in
/// the frame of the press), one shape (placed, the hint goes on from there),
/// the whole answer; the level list then marks the hint used.
#[test]
fn the_campaign_hint_answers_at_once_in_steps_and_is_marked() {
    use retrace::ui::life::{LifeView, Step};
    use retrace_kernel::life::Setup;
    use retrace_kernel::Session;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    let session = Session::new(Setup::Campaign { level: 2 }, 0).unwrap();
    h.state_mut().screen = Screen::Life(LifeView::new(session));
    h.run();
    h.get_by_label("Hint").click();
    h.step();
    assert_eq!(life(&mut h).known.as_ref().map(|k| k.step), Some(Step::Area), "answered in the press's frame");
    h.run();
    assert!(h.query_by_label_contains("look in the outlined area").is_some());
    assert!(h.query_by_label_contains("Thinking").is_none(), "no search");
    h.get_by_label("Show more").click();
    h.run();
    let shape = life(&mut h).known.clone().unwrap().answer.shapes[0].0.clone();
    assert!(h.query_by_label_contains("one shape of the answer").is_some());
    h.get_by_label("Place it").click();
    h.run();
    let st = life(&mut h).session.state().clone();
    assert!(shape.iter().all(|&(x, y)| st.field.get(x, y) == 1), "the shape is placed");
    assert!(life(&mut h).known.is_none());
    // On the certificate's way still: the hint goes on from there.
    h.key_press(egui::Key::H);
    h.run();
    h.key_press(egui::Key::H);
    h.run();
    h.key_press(egui::Key::H);
    h.run();
    assert_eq!(life(&mut h).known.as_ref().map(|k| k.step), Some(Step::Whole));
    assert!(h.query_by_label_contains("the whole answer").is_some());
    h.get_by_label("Place it").click();
    h.run();
    assert_eq!(retrace::store::life::hinted(&Store::new(dir.path())), [2].into());
    h.state_mut().screen = Screen::LifeLevels;
    h.run();
    let marked: Vec<String> = {
        use egui_kittest::kittest::NodeT;
        h.query_all_by_label_contains("hint used").map(|n| n.accesskit_node().label().unwrap_or_default()).collect()
    };
    assert_eq!(marked.len(), 1, "{marked:?}");
    assert!(marked[0].starts_with("3. "), "level 3 is marked: {marked:?}");
}

/// Snapshots of the campaign hint's first two steps on level 3: where to
/// look (its area outlined), then one shape.
#[test]
fn snapshots_of_the_campaign_hints_steps() {
    use retrace_kernel::life::Setup;
    let dir = tempfile::tempdir().unwrap();
    let Some(mut h) = rendering_harness(dir.path()) else { return };
    h.run();
    let session = retrace_kernel::Session::new(Setup::Campaign { level: 2 }, 0).unwrap();
    h.state_mut().screen = Screen::Life(retrace::ui::life::LifeView::new(session));
    h.run();
    h.get_by_label("Hint").click();
    h.run();
    h.snapshot("life-hint-area");
    h.get_by_label("Show more").click();
    h.run();
    h.snapshot("life-hint-shape");
}

/// Each campaign level's par (issue 65 item 1) is the cells its
/// certificate's win placed, recomputed from the certificates here.
#[test]
fn the_campaign_pars_are_the_certificates_cells() {
    use retrace_kernel::life::Life;
    use retrace_kernel::{ReplayFile, Session};
    let pars: Vec<u32> = (1..=103)
        .map(|n| {
            let name = format!("replays/life-campaign/level-{n:03}.replay");
            let file = ReplayFile::from_bytes(&std::fs::read(fixtures::root().join(&name)).unwrap()).unwrap();
            Session::<Life>::from_replay(&file).unwrap().state().used[0]
        })
        .collect();
    if std::env::var_os("PRINT_PARS").is_some() {
        eprintln!("PARS {pars:?}");
    }
    assert_eq!(retrace::ui::life::PARS.to_vec(), pars);
}

/// Issue 65 item 1: the campaign list shows each level's par (its
/// certificate's cells), the player's best and stars (one for a win, two
/// within par, three within par without the hint), a used hint, and opens
/// scrolled to the next level to play. Snapshot: the list.
#[test]
fn the_campaign_list_shows_par_best_and_stars() {
    use retrace::store::life::{keep_best, mark_hinted};
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let pars = retrace::ui::life::PARS;
    keep_best(&store, 0, pars[0]).unwrap();
    keep_best(&store, 1, pars[1] + 5).unwrap();
    keep_best(&store, 2, pars[2]).unwrap();
    mark_hinted(&store, 2).unwrap();
    assert!(!keep_best(&store, 0, pars[0] + 1).unwrap(), "a worse win keeps the best");
    let Some(mut h) = rendering_harness(dir.path()) else { return };
    h.state_mut().settings.life_unlocked = 4;
    h.state_mut().screen = Screen::LifeLevels;
    h.run();
    let row = |h: &Harness<'static, RetraceApp>, n: usize| -> String {
        use egui_kittest::kittest::NodeT;
        let start = format!("{n}. ");
        let labels: Vec<String> =
            h.query_all_by_label_contains(&start).filter_map(|x| x.accesskit_node().label()).collect();
        labels.into_iter().find(|l| l.starts_with(&start)).unwrap_or_default()
    };
    assert!(row(&h, 1).contains(&format!("★★★ best {0} / par {0} · cleared", pars[0])), "{}", row(&h, 1));
    assert!(row(&h, 2).contains(&format!("★☆☆ best {} / par {}", pars[1] + 5, pars[1])), "{}", row(&h, 2));
    assert!(row(&h, 3).contains("★★☆") && row(&h, 3).contains("hint used"), "{}", row(&h, 3));
    assert!(row(&h, 4).contains("☆☆☆ best —") && !row(&h, 4).contains("cleared"), "{}", row(&h, 4));
    assert!(row(&h, 6).ends_with("· locked"), "{}", row(&h, 6));
    assert_eq!(h.query_all_by_label("Menu").count(), 1, "one Menu button");
    h.snapshot("life-campaign-list");
}

/// Every campaign level's thumbnail shows its enemy (green) and the zone
/// player 1 draws in (tinted), at the thumbnail's size.
#[test]
fn every_campaign_thumbnail_shows_the_enemy_and_the_zone() {
    let green = retrace::ui::life::P2_COLOR;
    let zone = retrace::ui::life::P1_COLOR.gamma_multiply(0.25);
    for (i, lv) in retrace_kernel::life::campaign::levels().iter().enumerate() {
        let t = retrace::ui::life::thumbnail(lv);
        assert_eq!(t.size, [48, 48]);
        assert!(t.pixels.contains(&green), "level {}: no enemy drawn", i + 1);
        assert!(t.pixels.contains(&zone), "level {}: no zone drawn", i + 1);
    }
}
