//! MineLayer in the window: laying, cycling, losing and winning, resume,
//! and the classic window's menus.

use super::*;
use egui_kittest::kittest::NodeT;

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
    assert!(h.query_by_label("Won! This win is kept with your wins.").is_some(), "said in player words");
    assert!(h.query_by_label_contains("certificates/").is_none(), "no file path on the screen");
}

/// From the home screen: the MineLayer card's Play, and one mine laid; the
/// round's digest.
fn play_and_lay_one_mine(h: &mut Harness<'static, RetraceApp>) -> retrace_kernel::digest::Digest {
    h.get_all_by_label("Play").next().expect("the MineLayer card's Play").click();
    h.run();
    let st = mines(h).session.state().clone();
    let mine = (0..st.field.len() as u16).find(|&i| st.field.mine[i as usize]).unwrap();
    let label = cell_label(mines(h), mine);
    h.get_by_label(&label).click();
    h.run();
    mines(h).session.digest()
}

/// From the home screen: the MineLayer card's Play, then every mine laid
/// (`before` runs first, on the new round); the round as it was dealt.
fn play_and_win(
    h: &mut Harness<'static, RetraceApp>,
    mut before: impl FnMut(&mut Harness<'static, RetraceApp>),
) -> retrace_kernel::mines::State {
    h.get_all_by_label("Play").next().expect("the MineLayer card's Play").click();
    h.run();
    let st = mines(h).session.state().clone();
    before(h);
    lay_every_mine(h);
    st
}

#[test]
fn a_round_resumes_after_a_restart_and_a_bad_save_is_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let digest = {
        let mut h = harness(dir.path());
        h.run();
        play_and_lay_one_mine(&mut h)
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

/// Every way into MineLayer that would replace a suspended round asks first
/// (issue 40, "nothing lost"): the card's Play and the watcher's "Play from
/// here". Cancel keeps the round (and its save); Yes gives it up and plays.
#[test]
fn play_and_play_from_here_ask_before_they_replace_a_suspended_round() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let mut h = harness(dir.path());
    h.run();
    // A round in play, left for the home screen: suspended, and saved.
    let suspended = play_and_lay_one_mine(&mut h);
    h.state_mut().go_home();
    h.run();
    assert!(store.path("minelayer.replay").exists(), "the round is saved");
    let question = "A suspended game will be lost. Start a new one?";
    h.get_all_by_label("Play").next().unwrap().click();
    h.run();
    assert!(h.query_by_label(question).is_some(), "Play asks first");
    assert!(matches!(h.state().screen, Screen::Home), "nothing replaced yet");
    h.get_by_label("Cancel").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Home));
    assert_eq!(h.state().mines.saved.as_ref().map(|s| s.digest()), Some(suspended), "Cancel keeps the round");
    assert!(store.path("minelayer.replay").exists(), "and its save");
    // The watcher's fork asks the same way.
    let bytes = std::fs::read(fixtures::root().join("replays/mines-won.replay")).unwrap();
    h.state_mut().open_bytes("mines-won.replay", &bytes);
    h.run();
    h.get_by_label("Play from here").click();
    h.run();
    assert!(h.query_by_label("A suspended game will be lost. Play from here?").is_some(), "the fork asks first");
    assert!(matches!(h.state().screen, Screen::Watch(_)));
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().mines.saved.is_some() && matches!(h.state().screen, Screen::Watch(_)), "Cancel keeps both");
    h.state_mut().go_home();
    h.run();
    // Yes: a new round, the suspended one given up (Resume offers nothing).
    h.get_all_by_label("Play").next().unwrap().click();
    h.run();
    h.get_by_label("Yes").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Mines(_)), "Yes plays");
    assert_ne!(mines(&mut h).session.digest(), suspended, "a new round");
    assert!(h.state().mines.saved.is_none() && !store.path("minelayer.replay").exists(), "the old round is gone");
    let new_round = mines(&mut h).session.digest();
    h.state_mut().go_home();
    h.run();
    let offered = h.state().mines.saved.as_ref().map(|s| s.digest());
    assert!(offered.is_none() || offered == Some(new_round), "Resume never brings the old round back");
}

/// MineLayer's share card and language (issue 40, item 9): the card shares
/// the puzzle, not the answer or the player's marks, unless asked; its field
/// is laid out in equal cells; the language list names languages; MineLayer
/// follows the window's language when that changes; a satisfied clue stays
/// clearly apart from a square not yet opened.
#[test]
fn the_share_card_shares_the_puzzle_and_minelayer_follows_the_window_language() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    let st = play_and_win(&mut h, |_| {});
    h.get_by_label("Share result").click();
    h.run();
    let field = |h: &Harness<'static, RetraceApp>| {
        let fields: Vec<String> =
            h.query_all_by_label_contains("⬜").filter_map(|n| n.accesskit_node().label()).collect();
        assert_eq!(fields.len(), 1, "one field on the card: {fields:?}");
        fields[0].clone()
    };
    let puzzle = field(&h);
    assert_eq!(puzzle.lines().count(), usize::from(st.field.rows));
    assert!(!puzzle.contains('💣') && !puzzle.contains('🚩'), "the puzzle only: {puzzle}");
    h.get_by_label("Language").click();
    h.run();
    assert!(h.query_by_label("Chinese (中文)").is_some() && h.query_by_label("zh").is_none(), "languages by name");
    h.get_by_label("English").click();
    h.run();
    h.get_by_label("Show the solution").click();
    h.run();
    assert!(field(&h).contains('💣'), "the spec's picture when asked");
    // The dialog has the window until it is closed (issue 62 item 2).
    h.get_by_label("Close").click();
    h.run();
    // The window's language carries MineLayer along.
    h.state_mut().settings.lang = retrace::store::Lang::En;
    h.get_by_label("Settings").click();
    h.run();
    h.get_by_label("Русский").click();
    h.run();
    assert_eq!(h.state().settings.mines_lang, "ru", "MineLayer follows the window into Russian");
    // A satisfied clue (darkened) and a square not yet opened stay far apart.
    use retrace::ui::mines::{SATISFIED, SHUT};
    assert!(SHUT.r() >= SATISFIED.r() + 40, "shut {SHUT:?} vs satisfied {SATISFIED:?}");
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
        // No custom rounds kept: no Custom line (the window offers none; issue 62).
        assert!(h.query_all_by_label_contains("Beginner: played 1").next().is_some());
        assert!(h.query_all_by_label_contains("Custom").next().is_none(), "no Custom line");
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
            let items: Vec<&str> =
                retrace::ui::mines_text::HELP.iter().map(|k| retrace::ui::mines_text::mt(lang, k)).collect();
            if lang != "en" {
                assert!(items.iter().zip(retrace::ui::mines_text::HELP).all(|(t, en)| *t != en), "{lang}: {items:?}");
            }
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

/// A held F2 starts one new field (issue 40): the repeats a held key sends
/// start no more.
#[test]
fn a_held_f2_starts_one_new_field() {
    use egui::{Event, Key, Modifiers};
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.get_all_by_label("Play").next().expect("the MineLayer card's Play").click();
    h.run();
    let first = mines(&mut h).session.seed();
    let f2 = |pressed, repeat| Event::Key {
        key: Key::F2,
        physical_key: None,
        pressed,
        repeat,
        modifiers: Modifiers::default(),
    };
    h.event(f2(true, false));
    h.run();
    let second = mines(&mut h).session.seed();
    assert_ne!(first, second, "the press starts a new field");
    for _ in 0..5 {
        h.event(f2(true, true));
        h.run();
    }
    assert_eq!(mines(&mut h).session.seed(), second, "the held key's repeats start no other field");
}

/// Esc backs out one level (issue 40): with the Game menu open it closes the
/// menu and MineLayer stays; a second Esc goes home.
#[test]
fn esc_closes_the_game_menu_before_it_leaves() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.get_all_by_label("Play").next().expect("the MineLayer card's Play").click();
    h.run();
    h.get_by_label("Game").click();
    h.run();
    assert!(h.query_by_label("Statistics").is_some(), "the Game menu is open");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(matches!(h.state().screen, Screen::Mines(_)), "the first Esc only closes the menu");
    assert!(h.query_by_label("Statistics").is_none(), "the menu is closed");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(matches!(h.state().screen, Screen::Home), "the second Esc goes home");
}

/// Resume offers only a game still in play (issue 40): a won MineLayer round
/// and an Explodorama run that is over are saved, and not offered, after a
/// restart.
#[test]
fn resume_offers_only_a_game_still_in_play() {
    let dir = tempfile::tempdir().unwrap();
    english_minelayer(dir.path());
    for (from, to) in [("mines-won.replay", "minelayer.replay"), ("explodo-game-over.replay", "explodorama.replay")] {
        std::fs::copy(crate::fixtures::root().join("replays").join(from), dir.path().join(to)).unwrap();
    }
    let mut h = harness(dir.path());
    h.run();
    assert!(h.state().mines.saved.is_none(), "a won round is not offered");
    assert!(h.state().explodo.saved.is_none(), "a run that is over is not offered");
    assert!(h.query_by_label("Resume").is_none(), "no Resume on the home screen");
    assert!(dir.path().join("minelayer.replay").exists(), "the saves stay on disk");
}

/// The board takes the room it has and sits in the middle (issue 40): a
/// Beginner field in the default window has cells larger than the old fixed
/// 34 points, centred across the window; an Expert field still fits 800×600.
#[test]
fn the_board_scales_to_the_window_and_is_centred() {
    use retrace::ui::mines::{MinesView, MAX_CELL, MIN_CELL};
    use retrace_kernel::mines::Tier;
    for (size, tier, cols) in [([1100.0, 760.0], Tier::Beginner, 8), ([800.0, 600.0], Tier::Expert, 14)] {
        let dir = tempfile::tempdir().unwrap();
        english_minelayer(dir.path());
        let store = Store::new(dir.path());
        let mut h =
            Harness::builder().with_size(size).with_max_steps(40).build_eframe(move |_cc| RetraceApp::new(store, None));
        h.state_mut().screen = Screen::Mines(MinesView::new(tier, 3));
        h.run();
        let first = h.get_by_label("row 1 column 1").rect();
        let last = h.get_by_label(&format!("row 1 column {cols}")).rect();
        let cell = first.width();
        assert!((MIN_CELL..=MAX_CELL).contains(&cell), "{cell}");
        if tier == Tier::Beginner {
            assert!(cell > 34.0, "a small field in a big window is drawn large: {cell}");
        }
        let middle = (first.left() + last.right()) / 2.0;
        assert!((middle - size[0] / 2.0).abs() < 12.0, "centred: the board's middle is at {middle}");
        assert!(last.right() <= size[0], "it fits: {}", last.right());
    }
}

/// A win's notice moves nothing under the cursor (issue 40, item 3): the
/// board lies where it lay before the last mine was laid.
#[test]
fn the_win_notice_moves_no_square() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    let mut before = egui::Rect::NOTHING;
    play_and_win(&mut h, |h| before = h.get_by_label("row 1 column 1").rect());
    assert!(h.query_by_label("Won! This win is kept with your wins.").is_some(), "the notice is up");
    assert_eq!(h.get_by_label("row 1 column 1").rect(), before, "the board did not move");
}

/// The focused square's row and column (from its label, "row R column C").
fn focused_square(h: &Harness<'static, RetraceApp>) -> (u16, u16) {
    let label = focused(h).expect("a square has the focus");
    let mut n = label.split(' ').filter_map(|w| w.parse::<u16>().ok());
    (n.next().unwrap() - 1, n.next().unwrap() - 1)
}

/// A round started by the keyboard (Tab to Play, Enter) with an arrow
/// pressed once (the focus on the middle square), and its field.
fn keyboard_round(dir: &std::path::Path) -> (Harness<'static, RetraceApp>, retrace_kernel::mines::State) {
    let mut h = harness(dir);
    h.run();
    tab_to_and_press(&mut h, "Play");
    let st = mines(&mut h).session.state().clone();
    h.key_press(egui::Key::ArrowDown);
    h.run();
    (h, st)
}

/// Walks the focus by arrows to square `i` of a field `cols` wide.
fn walk_to(h: &mut Harness<'static, RetraceApp>, i: u16, cols: u16) {
    let to = (u32::from(i % cols), u32::from(i / cols));
    arrows_to(h, to, 40, |h| {
        let (r, c) = focused_square(h);
        (u32::from(c), u32::from(r))
    });
}

/// A round won by the keyboard alone (issue 40): Tab to Play and Enter; an
/// arrow focuses the middle square, the arrows move between squares, Enter
/// lays each mine; F cycles a square's mark; Esc takes the focus away and
/// only a second Esc leaves.
#[test]
fn a_round_is_won_by_the_keyboard_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, st) = keyboard_round(dir.path());
    let cols = st.field.cols;
    assert_eq!(focused_square(&h), (st.field.rows / 2, cols / 2), "an arrow brings the focus to the middle square");
    let go = |h: &mut Harness<'static, RetraceApp>, i: u16| walk_to(h, i, cols);
    // F cycles the mark of a shut square, and again clears it.
    let safe = (0..st.field.len() as u16).find(|&i| !st.field.mine[i as usize] && !st.field.clue[i as usize]).unwrap();
    go(&mut h, safe);
    h.key_press(egui::Key::F);
    h.run();
    assert_ne!(mines(&mut h).session.state().marks[safe as usize], retrace_kernel::mines::Mark::None);
    for i in (0..st.field.len() as u16).filter(|&i| st.field.mine[i as usize]) {
        go(&mut h, i);
        h.key_press(egui::Key::Enter);
        h.run();
    }
    let won = mines(&mut h).session.state().phase;
    // (The cycled mark is a flag or a question, never a mine: the field is won.)
    assert_eq!(won, Phase::Won, "every mine laid by the keyboard");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(focused(&h).is_none() && matches!(h.state().screen, Screen::Mines(_)), "Esc takes the focus first");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(matches!(h.state().screen, Screen::Home), "then leaves");
}

/// Issue 62, item 13: one mine left is said in the singular ("1 mine
/// left.", "Queda 1 mina."), the rest as before.
#[test]
fn one_mine_left_is_singular() {
    use retrace_kernel::mines::{Action, Tier};
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let mut v = retrace::ui::mines::MinesView::new(Tier::Beginner, 3);
    let laid: Vec<u16> =
        (0..v.session.state().field.len()).filter(|&i| v.session.state().field.mine[i]).map(|i| i as u16).collect();
    for &cell in &laid[..laid.len() - 2] {
        v.session.push(Action::Toggle { cell, ms: 1000 }).unwrap();
    }
    h.state_mut().screen = Screen::Mines(v);
    h.run();
    assert!(h.query_by_label("2 mines left.").is_some(), "two: plural");
    mines(&mut h).session.push(Action::Toggle { cell: laid[laid.len() - 2], ms: 2000 }).unwrap();
    h.run();
    assert!(h.query_by_label("1 mine left.").is_some(), "one: singular");
}

/// Issue 62, item 10: keys act once. A held F on a focused shut square
/// cycles its mark once; its repeats do not cycle on.
#[test]
fn a_held_f_enter_or_space_acts_once() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, st) = keyboard_round(dir.path());
    let cols = st.field.cols;
    // To a shut square that is no clue (Play starts a field of any seed).
    let shut = (0..st.field.len() as u16).find(|&i| !st.field.clue[i as usize]).expect("a shut square");
    walk_to(&mut h, shut, cols);
    let before = mines(&mut h).session.step();
    h.key_down(egui::Key::F);
    h.run();
    for _ in 0..4 {
        h.event(egui::Event::Key {
            key: egui::Key::F,
            physical_key: None,
            pressed: true,
            repeat: true,
            modifiers: egui::Modifiers::NONE,
        });
        h.run();
    }
    h.key_up(egui::Key::F);
    h.run();
    assert_eq!(mines(&mut h).session.step(), before + 1, "one cycle for one press, not one a repeat");
    // A held Enter or Space lays (then lifts) one mine, not one a repeat:
    // on a square that holds a mine, so laying one there is no mistake.
    let mine = (0..st.field.len() as u16).find(|&i| st.field.mine[i as usize]).expect("a mine");
    walk_to(&mut h, mine, cols);
    for key in [egui::Key::Enter, egui::Key::Space] {
        let before = mines(&mut h).session.step();
        h.key_down(key);
        h.run();
        for _ in 0..3 {
            h.event(egui::Event::Key {
                key,
                physical_key: None,
                pressed: true,
                repeat: true,
                modifiers: egui::Modifiers::NONE,
            });
            h.run();
        }
        h.key_up(key);
        h.run();
        assert_eq!(mines(&mut h).session.step(), before + 1, "{key:?}: one press, one action");
    }
}

/// A round in play by the keyboard with one mine laid, right, on a square
/// that holds one (so the round is saved).
fn a_mine_laid(dir: &std::path::Path) -> Harness<'static, RetraceApp> {
    let (mut h, st) = keyboard_round(dir);
    let mine = (0..st.field.len() as u16).find(|&i| st.field.mine[i as usize]).expect("a mine");
    walk_to(&mut h, mine, st.field.cols);
    h.key_press(egui::Key::Enter);
    h.run();
    h
}

/// MineLayer's clock never pauses (the spec: a passive wall clock): a
/// resumed round counts the time away, read from the round's clock file,
/// where it used to rewind to the last action's time (issue 62 item 11).
#[test]
fn a_resumed_round_counts_the_time_away() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = a_mine_laid(dir.path());
    let clock = dir.path().join("minelayer.clock");
    let text = std::fs::read_to_string(&clock).expect("the first mine writes the round's clock");
    let (key, zero) = text.trim().split_once(' ').unwrap();
    // As if the round began two minutes ago and the player left meanwhile.
    let zero: u64 = zero.parse().unwrap();
    std::fs::write(&clock, format!("{key} {}\n", zero - 120_000)).unwrap();
    let store = Store::new(dir.path());
    let saved = store.load::<retrace_kernel::mines::MineLayer>(retrace::ui::mines::SAVE).unwrap().unwrap();
    h.state_mut().screen = Screen::Mines(retrace::ui::mines::MinesView::resume_saved(saved.clone(), &store));
    h.run();
    let secs = |h: &mut Harness<'static, RetraceApp>| -> u32 {
        let node = h.get_by_label_contains("Time in seconds: ");
        let n = node.accesskit_node();
        let label = n.label().or_else(|| n.value()).unwrap_or_default();
        label.rsplit(' ').next().unwrap().parse().unwrap()
    };
    assert!(secs(&mut h) >= 120, "the time away counts: {}", secs(&mut h));
    // Another round's clock file is not read: the last action's time is.
    std::fs::write(&clock, format!("beginner-1 {}\n", zero - 120_000)).unwrap();
    h.state_mut().screen = Screen::Mines(retrace::ui::mines::MinesView::resume_saved(saved, &store));
    h.run();
    assert!(secs(&mut h) < 120, "{}", secs(&mut h));
}

/// F2 (like the smiley or a tier) ends the round on screen: its save goes,
/// so the next start offers no abandoned round for Resume (issue 62 item 9).
#[test]
fn f2_leaves_no_abandoned_round_to_resume() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = a_mine_laid(dir.path());
    let save = dir.path().join("minelayer.replay");
    assert!(save.exists(), "the round in play is saved");
    h.key_press(egui::Key::F2);
    h.run();
    assert!(!save.exists(), "the abandoned round's save is gone");
    let mut again = harness(dir.path());
    again.run();
    assert!(again.state().mines.saved.is_none(), "nothing to resume after a restart");
}

/// MineLayer's dialogs take the keys first (issue 62 item 2): with
/// Statistics, Help or Share open, Space, Enter, the arrows, F and F2 do
/// nothing to the round behind, and Esc closes the dialog, not the game.
#[test]
fn a_minelayer_dialog_takes_the_keys_and_esc_closes_it() {
    type Open = fn(&mut retrace::ui::mines::MinesView) -> &mut bool;
    let dialogs: [(&str, Open); 3] =
        [("statistics", |v| &mut v.show_stats), ("help", |v| &mut v.show_help), ("share", |v| &mut v.show_share)];
    for (name, open) in dialogs {
        let dir = tempfile::tempdir().unwrap();
        let mut h = a_mine_laid(dir.path());
        *open(mines(&mut h)) = true;
        h.run();
        let (step, seed) = (mines(&mut h).session.step(), mines(&mut h).session.seed());
        for key in [
            egui::Key::Space,
            egui::Key::Enter,
            egui::Key::ArrowRight,
            egui::Key::ArrowDown,
            egui::Key::F,
            egui::Key::F2,
        ] {
            h.key_press(key);
            h.run();
        }
        let v = mines(&mut h);
        assert_eq!((v.session.step(), v.session.seed()), (step, seed), "{name}: nothing played behind it");
        assert!(*open(mines(&mut h)), "{name}: still open");
        h.key_press(egui::Key::Escape);
        h.run();
        assert!(matches!(h.state().screen, Screen::Mines(_)), "{name}: Esc left the game on screen");
        assert!(!*open(mines(&mut h)), "{name}: Esc closed it");
    }
}

/// A 0 clue is an open square, never a dark hole (issue 62 item 13): with
/// live hints on, a satisfied clue with a number darkens, a 0 does not.
#[test]
fn a_zero_clue_stays_open_under_live_hints() {
    use retrace::ui::mines::{square_look, OPENED, SATISFIED};
    let mut checked = 0;
    for seed in 0..20 {
        let s = retrace_kernel::Session::<retrace_kernel::mines::MineLayer>::new(
            retrace_kernel::mines::Setup { tier: retrace_kernel::mines::Tier::Beginner },
            seed,
        )
        .unwrap();
        let st = s.state();
        for i in 0..st.field.len() {
            if st.field.clue[i] && st.numbers[i] == 0 {
                assert!(st.sat(i), "a 0 is satisfied from the start");
                let (fill, text, _) = square_look(st, i, true);
                assert_eq!((fill, text.as_str()), (OPENED, ""), "seed {seed} square {i}");
                assert_ne!(fill, SATISFIED);
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "the fields have zeros");
}

/// Lays every mine of the field on screen, by clicks.
fn lay_every_mine(h: &mut Harness<'static, RetraceApp>) {
    let st = mines(h).session.state().clone();
    for i in (0..st.field.len() as u16).filter(|&i| st.field.mine[i as usize]) {
        let label = cell_label(mines(h), i);
        h.get_by_label(&label).click();
        h.run();
    }
    assert_eq!(mines(h).session.state().phase, Phase::Won);
}

/// Issue 65 item 4: a win is a moment. The mines light up one after
/// another with the win's sound, and the line under the board says the
/// time against the tier's best and the wins in a row.
#[test]
fn a_minelayer_win_lights_the_mines_and_says_the_best_and_the_streak() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.get_all_by_label("Play").next().unwrap().click();
    h.run();
    lay_every_mine(&mut h);
    let w = mines(&mut h).win.clone().expect("the win is celebrated");
    assert_eq!((w.best_before, w.streak), (None, 1), "the tier's first win");
    assert!(w.sounded, "its sound was asked for");
    assert!(h.query_by_label("New best! · Streak: 1").is_some());
    let seconds = mines(&mut h).session.state().final_seconds();
    // Another field on the same tier: the streak goes on; the best is the first's.
    h.key_press(egui::Key::F2);
    h.run();
    assert!(mines(&mut h).win.is_none(), "a new field has no win yet");
    lay_every_mine(&mut h);
    let w = mines(&mut h).win.clone().unwrap();
    assert_eq!((w.best_before, w.streak), (Some(seconds), 2));
    assert!(h.query_by_label_contains("Streak: 2").is_some());
}

/// Snapshot of a win (issue 65 item 4): a fixed field won at 0 ms, the
/// tier's first win, its mines lit.
#[test]
fn snapshot_of_a_minelayer_win() {
    use retrace_kernel::mines::{Action, MineLayer, Setup, Tier};
    let dir = tempfile::tempdir().unwrap();
    let Some(mut h) = rendering_harness(dir.path()) else { return };
    h.run();
    let mut s = retrace_kernel::Session::<MineLayer>::new(Setup { tier: Tier::Beginner }, 7).unwrap();
    let st = s.state().clone();
    for cell in (0..st.field.len() as u16).filter(|&i| st.field.mine[i as usize]) {
        s.push(Action::Toggle { cell, ms: 0 }).unwrap();
    }
    assert_eq!(s.state().phase, Phase::Won);
    let mut v = retrace::ui::mines::MinesView::resume(s);
    v.win =
        Some(retrace::ui::mines::WinMoment { start: None, seconds: 0, best_before: None, streak: 1, sounded: true });
    h.state_mut().screen = Screen::Mines(v);
    h.run();
    h.snapshot("minelayer-win");
}

/// Issue 65 item 5: the field of the day. The Game menu's Daily field opens
/// today's field, the same in two runs (and, by the crosscheck, on every
/// machine); its win is kept under its own key with its day (days played,
/// wins in a row); its share card and link name the day, and another day's
/// link opens that day's field.
#[test]
fn the_daily_field_is_the_days_and_keeps_its_own_statistics() {
    use retrace::ui::mines::MinesView;
    use retrace_kernel::mines::daily;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.get_all_by_label("Play").next().unwrap().click();
    h.run();
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Daily field").click();
    h.run();
    let today = retrace::store::today();
    let v = mines(&mut h);
    assert_eq!(v.daily.as_deref(), Some(today.as_str()));
    assert_eq!((v.session.seed(), v.session.setup().tier), (daily::seed(&today).unwrap(), daily::TIER));
    let again = MinesView::daily(&today).unwrap();
    assert_eq!(again.session.digest(), mines(&mut h).session.digest(), "the same field in another run");
    assert!(h.query_by_label_contains(&format!("Daily field {today}")).is_some(), "the title names the day");
    lay_every_mine(&mut h);
    let stats = retrace::store::mines::load_stats(&Store::new(dir.path()).mines_stats_path());
    let last = stats.records.last().unwrap();
    assert_eq!((last.tier.as_str(), last.date.as_str()), ("daily", today.as_str()));
    assert_eq!(retrace::ui::mines::daily::summary(&stats), (1, 1));
    assert!(h.query_by_label_contains("Streak: 1").is_some());
    // The share card names the day; its link is the day's.
    h.get_by_label("Share result").click();
    h.run();
    assert!(h.query_by_label(&format!("Daily field {today}")).is_some(), "the card's first line");
    assert!(h.query_by_label_contains(&format!("#minelayer=daily-{today}")).is_some(), "the day's link");
    // Yesterday's field from its link.
    let mut h = harness(tempfile::tempdir().unwrap().path());
    h.run();
    h.state_mut().open_link("#minelayer=daily-2026-12-03");
    h.run();
    let v = mines(&mut h);
    assert_eq!(v.daily.as_deref(), Some("2026-12-03"));
    assert_eq!(v.session.seed(), daily::seed("2026-12-03").unwrap());
}

/// Snapshot of a day's field (2026-12-04), its title naming the day.
#[test]
fn snapshot_of_the_daily_field() {
    let dir = tempfile::tempdir().unwrap();
    let Some(mut h) = rendering_harness(dir.path()) else { return };
    h.run();
    h.state_mut().screen = Screen::Mines(retrace::ui::mines::MinesView::daily("2026-12-04").unwrap());
    h.run();
    h.snapshot("minelayer-daily");
}
