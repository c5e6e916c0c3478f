//! Explodorama in the window: buttons, keys and the pad, dialogs, the shop,
//! auto-move and autopilot, the watcher, bug reports, the score board.

use super::*;

/// A developer run on seed 4 started from the home card, past its opening
/// demo: the rainbow gem lies right of the start.
fn developer_run_on_seed_4(dir: &std::path::Path) -> Harness<'static, RetraceApp> {
    let mut h = harness(dir);
    h.run();
    h.state_mut().explodo.form.seed = "4".into();
    h.state_mut().explodo.form.developer = true;
    h.get_by_label("New run").click();
    h.run();
    past_the_demo(&mut h);
    h
}

#[test]
fn explodorama_plays_by_buttons_and_keys_and_the_rainbow_gem_offers_its_cards() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = developer_run_on_seed_4(dir.path());
    assert_eq!(explodo(&mut h).session.state().run.seed, 4);
    assert!(h.query_by_label_contains("Lives: 3").is_some());
    h.get_by_label("Wait").click();
    h.run();
    assert_eq!(explodo(&mut h).session.state().run.turn, 2);
    // The rainbow gem lies right of the start on seed 4: step onto it, choose Slide.
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert!(h.query_by_label("Slide").is_some(), "the rainbow gem's cards are offered");
    // Select, then Choose (issue 26). The dialog lists every card in a
    // scroll area, Slide below its fold: the arrows select, as the pad does.
    let at = match explodo(&mut h).session.state().run.dialogs.last() {
        Some(retrace_kernel::explodo::Dialog::Gem { cards, .. }) => cards
            .iter()
            .position(|c| {
                *c == retrace_kernel::explodo::items::Offer::Power(retrace_kernel::explodo::items::Power::Slide)
            })
            .expect("Slide is offered"),
        other => panic!("the gem's cards, not {other:?}"),
    };
    for _ in 0..at {
        h.key_press(egui::Key::ArrowDown);
        h.run();
    }
    assert_eq!(explodo(&mut h).dialogs.selected, at);
    assert!(explodo(&mut h).session.state().run.dialogs.len() == 1, "selecting takes nothing yet");
    h.get_by_label("Choose").click();
    h.run();
    let st = explodo(&mut h).session.state().clone();
    assert!(st.has(retrace_kernel::explodo::items::Power::Slide) && st.run.dialogs.is_empty());
    // The first Slide is explained in a window that holds the keys (issue
    // 40): Space waits for it; Enter says "Got it".
    assert!(explodo(&mut h).dialogs.explain.is_some(), "the first Slide is explained");
    h.key_press(egui::Key::Space);
    h.run();
    assert_eq!(explodo(&mut h).session.state().run.turn, st.run.turn, "no turn behind the explanation");
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(explodo(&mut h).dialogs.explain.is_none());
    assert_eq!(explodo(&mut h).session.state().run.turn, st.run.turn, "Enter only answered it");
    // A refused action says why and costs nothing.
    h.key_press(egui::Key::ArrowUp);
    h.run();
    assert_eq!(explodo(&mut h).session.state().run.turn, st.run.turn);
    assert!(h.query_by_label_contains("a wall is in the way").is_some());
    // Keys: Space waits; the run is saved after every action.
    h.key_press(egui::Key::Space);
    h.run();
    assert_eq!(explodo(&mut h).session.state().run.turn, st.run.turn + 1);
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
    past_the_demo(&mut h);
    // The game-over fixture's actions: three bombs next to the start.
    for a in retrace::cli::explodo::parse_moves("br w w w br w w w br w w w").unwrap() {
        let store = Store::new(dir.path());
        explodo(&mut h).push(&store, a);
    }
    h.run();
    assert!(h.query_all_by_label_contains("caught in a blast").next().is_some());
    let text = std::fs::read_to_string(dir.path().join("explodorama-scores.txt")).unwrap();
    assert_eq!(text.lines().count(), 2, "the header and this run: {text}");
    assert!(text.contains("\tLevel 1, turn 4: you were caught in a blast.\t"), "{text}");
    assert!(dir.path().join("explodorama-scores.bad-1.txt").exists(), "the unreadable board was kept aside");
    assert!(!dir.path().join("explodorama.replay").exists(), "a finished run leaves no save");
    h.get_by_label("Same seed again").click();
    h.run();
    assert_eq!(explodo(&mut h).session.state().run.seed, 2);
    assert_eq!(explodo(&mut h).session.state().run.turn, 1);
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
    // Over a suspended run the fork asks first (issue 40, "nothing lost"):
    // the run just forked is suspended now; Yes gives it up for the replay's.
    h.state_mut().go_home();
    assert!(h.state().explodo.saved.is_some());
    let bytes = std::fs::read(fixtures::root().join("replays/explodo-developer-gem.replay")).unwrap();
    drop_file(&mut h, "explodo-developer-gem.replay", bytes);
    h.get_by_label("Play from here").click();
    h.run();
    assert!(h.query_by_label("A suspended game will be lost. Play from here?").is_some());
    assert!(matches!(h.state().screen, Screen::Watch(_)), "nothing replaced yet");
    h.get_by_label("Yes").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Explodo(_)) && h.state().explodo.saved.is_none());
}

#[test]
fn the_explodorama_screen_speaks_russian_too() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().settings.lang = retrace::store::Lang::Ru;
    h.run();
    h.get_by_label("Новый забег").click();
    h.run();
    past_the_demo(&mut h);
    assert!(h.query_by_label_contains("Жизни: 3").is_some());
    h.get_by_label("Ждать").click();
    h.run();
    assert_eq!(explodo(&mut h).session.state().run.turn, 2);
    assert!(h.query_by_label("Ход").is_some() && h.query_by_label("Бомба").is_some());
}

#[test]
fn explodorama_shortcuts_refuse_a_deadly_move_unless_the_action_was_picked() {
    use retrace_kernel::explodo::Action;
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    // A bomb about to go off beside you: waiting would cost a life.
    let mut v = retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "br w w"));
    let s = v.session.state().clone();
    assert!(retrace::ui::explodo::deadly(&s, &Action::Wait));
    assert!(!retrace::ui::explodo::deadly(&s, &Action::Move(retrace_kernel::explodo::board::Dir::Down)));
    v.shortcut(&store, Action::Wait);
    assert_eq!(v.session.state().run.turn, s.run.turn, "refused");
    assert!(v.message.as_ref().map(ToString::to_string).as_deref().unwrap_or("").starts_with("That would cost a life"));
    v.picked = true;
    v.shortcut(&store, Action::Wait);
    assert_eq!(v.session.state().player.lives, 2, "picked on purpose, it is made");
}

/// One tap, one turn of the rules (issue 60, point 4): a tap on a tile next
/// to you tries its one action on a copy, and the session takes that very
/// turn; the state is the one pushing the action gives, and the save on
/// disk replays to it. A refused deadly tap asks once too and plays nothing;
/// a key's shortcut the same.
#[test]
fn one_tap_asks_the_rules_once() {
    use retrace::ui::explodo::{ExplodoView, Mode};
    use retrace_kernel::explodo::board::Dir;
    use retrace_kernel::explodo::Action;
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let start = fixtures::explodo(1, "");
    let mut v = ExplodoView::resume(start.clone());
    let me = v.session.state().player.at;
    // A step with nothing picked: the tile below you allows one action.
    let tile = me.step(Dir::Down);
    assert_eq!(retrace::ui::explodo::choices(v.session.state(), Mode::Move, false, tile), [Action::Move(Dir::Down)]);
    let asked = v.rules.asked;
    v.act_at(&store, Mode::Move, tile, false);
    assert_eq!(v.rules.asked - asked, 1, "one turn of the rules for one tap");
    assert_eq!(v.session.step(), start.step() + 1, "the tap played its turn");
    let mut pushed = start.clone();
    pushed.push(Action::Move(Dir::Down)).unwrap();
    assert_eq!(v.session.digest(), pushed.digest(), "the turn tried is the turn the rules give");
    assert_eq!(v.session.actions(), pushed.actions());
    let saved: retrace_kernel::Session<retrace_kernel::explodo::Explodo> =
        store.load(retrace::ui::explodo::SAVE).unwrap().expect("saved after the turn");
    assert_eq!(saved.digest(), pushed.digest(), "the save replays to the same run");
    // A key's shortcut: one turn of the rules too.
    let asked = v.rules.asked;
    v.shortcut(&store, Action::Wait);
    assert_eq!(v.rules.asked - asked, 1);
    assert_eq!(v.session.step(), start.step() + 2);

    // A deadly tap (waiting beside a bomb about to go off) asks once and
    // plays nothing.
    let mut v = ExplodoView::resume(fixtures::explodo(1, "br w w"));
    let step = v.session.step();
    let asked = v.rules.asked;
    v.shortcut(&store, Action::Wait);
    assert_eq!((v.rules.asked - asked, v.session.step()), (1, step), "asked once, refused");
}

/// Regression (once the on-screen direction buttons, gone with issue 43's
/// action bar): the arrow keys and a click on the tile refuse a deadly step.
#[test]
fn explodorama_arrows_and_clicks_refuse_a_deadly_move() {
    use retrace_kernel::explodo::board::Dir;
    use retrace_kernel::explodo::Action;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    // Wait for an enemy to come near on a few seeded runs (deterministic):
    // the first position where a direction button's step is deadly.
    let dirs = [
        (Dir::Up, egui::Key::ArrowUp),
        (Dir::Down, egui::Key::ArrowDown),
        (Dir::Left, egui::Key::ArrowLeft),
        (Dir::Right, egui::Key::ArrowRight),
    ];
    let mut found = None;
    'search: for seed in 1..40u64 {
        let mut run =
            retrace_kernel::Session::<retrace_kernel::explodo::Explodo>::new(Default::default(), seed).unwrap();
        for _ in 0..30 {
            let s = run.state().clone();
            if s.player.lives < 3 || !s.run.dialogs.is_empty() {
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
    let Some((run, key)) = found else { panic!("no seeded run brought a deadly step") };
    let d = dirs.iter().find(|(_, k)| *k == key).unwrap().0;
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(run));
    h.run();
    let before = explodo(&mut h).session.state().run.turn;
    let refused = |h: &mut Harness<'static, RetraceApp>| {
        assert_eq!(explodo(h).session.state().run.turn, before, "refused");
        assert!(explodo(h)
            .message
            .as_ref()
            .map(ToString::to_string)
            .as_deref()
            .unwrap_or("")
            .starts_with("That would cost a life"));
        explodo(h).message = None;
    };
    h.key_press(key);
    h.run();
    refused(&mut h);
    let at = explodo(&mut h).session.state().player.at.step(d);
    click_tile(&mut h, at);
    refused(&mut h);
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
        assert!(v.session.state().run.setup.developer && v.session.state().run.setup.immortal);
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
    let over = fixtures::explodo(2, "br w w w br w w w br w w w");
    let real = over.state().run.last_death.clone().expect("the run ended in a death");
    let at = |how: retrace_kernel::say::Say| retrace_kernel::say!("Level {0}, turn {1}: {2}.", 3u32, 7u32, how);
    for (say, en) in [
        (real.clone(), real.to_string()),
        (
            at(retrace_kernel::say!("a {0} walked into you", "Hunter")),
            "Level 3, turn 7: a Hunter walked into you.".into(),
        ),
        (
            at(retrace_kernel::say!("you walked into a {0}", "Ghost")),
            "Level 3, turn 7: you walked into a Ghost.".into(),
        ),
        (
            at(retrace_kernel::say!("you crashed into a {0}", "Wisp")),
            "Level 3, turn 7: you crashed into a Wisp.".into(),
        ),
        (at(retrace_kernel::say!("you were boxed in")), "Level 3, turn 7: you were boxed in.".into()),
        (at(retrace_kernel::say!("you stood on raised spikes")), "Level 3, turn 7: you stood on raised spikes.".into()),
        (at(retrace_kernel::say!("the ceiling fell on you")), "Level 3, turn 7: the ceiling fell on you.".into()),
        (at(retrace_kernel::say!("rubble walled you in")), "Level 3, turn 7: rubble walled you in.".into()),
    ] {
        assert_eq!(death_line(&say, Lang::En), en);
        let ru = death_line(&say, Lang::Ru);
        assert_eq!(latin(&ru), 0, "all Russian: {ru}");
    }
    assert_eq!(
        death_line(&at(retrace_kernel::say!("a {0} walked into you", "Hunter")), Lang::Ru),
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
    use retrace::ui::text::say;
    use retrace_kernel::say;
    let latin = |t: &str| t.chars().filter(|c| c.is_ascii_alphabetic()).count();
    // A real refusal: walking into the outer wall from the start.
    let mut run = fixtures::explodo(1, "");
    let why = [retrace_kernel::explodo::board::Dir::Up, retrace_kernel::explodo::board::Dir::Left]
        .into_iter()
        .find_map(|d| run.push(retrace_kernel::explodo::Action::Move(d)).err())
        .expect("the start is in a corner");
    assert_eq!(latin(&say(Lang::Ru, &why.0)), 0, "{} → {}", why.0, say(Lang::Ru, &why.0));
    for (text, en) in [
        (say!("a crate is in the way"), "a crate is in the way"),
        (say!("a bomb goes on an empty tile next to you"), "a bomb goes on an empty tile next to you"),
        (say!("there is no room to fire that way"), "there is no room to fire that way"),
        (say!("you carry no charge"), "you carry no charge"),
        (
            say!("you can have {0} bomb(s) on the board at a time", 2u32),
            "you can have 2 bomb(s) on the board at a time",
        ),
        (say!("a restock costs {0} coins; you have {1}", 3u32, 1u32), "a restock costs 3 coins; you have 1"),
        (say!("the run is over"), "the run is over"),
        (
            say!("That would cost a life. Pick the action first (its button or key) to do it anyway."),
            "That would cost a life. Pick the action first (its button or key) to do it anyway.",
        ),
    ] {
        let ru = say(Lang::Ru, &text);
        assert_eq!(latin(&ru), 0, "{text} → {ru}");
        assert_eq!(say(Lang::En, &text), en);
    }
    // The power-up's name inside the sentence is translated too.
    assert_eq!(say(Lang::Ru, &say!("that needs the {0} power-up", "Kick")), "для этого нужно усиление «Пинок»");
}

/// Issue 43 item 7: a turn's several sounds, each timed with what the
/// board shows (a pop or step at once, a boom as the move lands, then the
/// enemies vanishing, hurt, the exit opening, a cleared level).
#[test]
fn an_explodorama_turn_sounds_several_effects_timed_with_the_board() {
    use retrace::sound::Effect;
    use retrace::ui::explodo::effects;
    use retrace_kernel::explodo::board::Pos;
    use retrace_kernel::explodo::{Event, Kind};
    let p = Pos { x: 1, y: 1 };
    let check = |events: Vec<Event>, want: &[(Effect, f32)]| assert_eq!(effects(&events), want, "{events:?}");
    check(vec![], &[(Effect::Step, 0.0)]);
    check(vec![Event::BombPlaced(p)], &[(Effect::Pop, 0.0)]);
    check(vec![Event::Exploded(p, vec![p])], &[(Effect::Step, 0.0), (Effect::Boom, 0.12)]);
    check(
        vec![Event::Exploded(p, vec![p]), Event::Chain(p), Event::EnemyDied(1, Kind::Blob)],
        &[(Effect::Step, 0.0), (Effect::BigBoom, 0.12), (Effect::EnemyGone, 0.25)],
    );
    check(
        vec![Event::ExitOpened, Event::DropPicked(p, 1)],
        &[(Effect::Step, 0.0), (Effect::Coin, 0.12), (Effect::ExitOpen, 0.35)],
    );
    check(
        vec![Event::LevelCleared { level: 1, turns: 9, par: 12, coins: 3 }, Event::LifeLost("x".into())],
        &[(Effect::Step, 0.0), (Effect::Hurt, 0.2), (Effect::Cleared, 0.4)],
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
    // A bomb's turn, then its boom as the fuse runs out, played in turn.
    h.state_mut().sound.heard.clear();
    h.key_press(egui::Key::B);
    h.run();
    let s = explodo(&mut h).session.state().clone();
    let d = [
        retrace_kernel::explodo::board::Dir::Up,
        retrace_kernel::explodo::board::Dir::Down,
        retrace_kernel::explodo::board::Dir::Left,
        retrace_kernel::explodo::board::Dir::Right,
    ]
    .into_iter()
    .find(|&d| retrace::ui::explodo::tap(&s, retrace::ui::explodo::Mode::Bomb, s.player.at.step(d)).is_some())
    .unwrap();
    let key = match d {
        retrace_kernel::explodo::board::Dir::Up => egui::Key::ArrowUp,
        retrace_kernel::explodo::board::Dir::Down => egui::Key::ArrowDown,
        retrace_kernel::explodo::board::Dir::Left => egui::Key::ArrowLeft,
        retrace_kernel::explodo::board::Dir::Right => egui::Key::ArrowRight,
    };
    h.key_press(key);
    h.run();
    assert!(h.state().sound.heard.contains(&Effect::Pop), "{:?}", h.state().sound.heard);
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
    use retrace_kernel::explodo::route::route;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "")));
    h.run();
    let s = explodo(&mut h).session.state().clone();
    // The nearest far tile with a safe way, and one whose way is not safe
    // (an enemy's path crosses it).
    let ways: Vec<_> = s
        .board
        .layout
        .positions()
        .filter(|p| p.king(s.player.at) > 1)
        .filter_map(|p| route(&s, p).map(|r| (p, r)))
        .collect();
    let (to, way) = ways
        .iter()
        .filter(|(_, r)| r.safe)
        .min_by_key(|(p, r)| (r.steps.len(), p.y, p.x))
        .cloned()
        .expect("a safe way");
    let click = click_tile;
    let wait_before = h.get_by_label("Wait").rect();
    click(&mut h, to);
    assert_eq!(h.get_by_label("Wait").rect(), wait_before, "Go and Stop walking took no one's place");
    assert_eq!(explodo(&mut h).session.state().player.at, way.tiles[0], "the first step of the kernel's way");
    assert_eq!(explodo(&mut h).walking.walk, Some(to), "walking there");
    assert_ne!(
        explodo(&mut h).message.as_ref().map(ToString::to_string).as_deref(),
        Some("That needs the Slide power-up.")
    );
    if way.steps.len() > 1 {
        // With enemies about the walk goes a step a click, and says how to go on (issue 40).
        assert_eq!(
            explodo(&mut h).message.as_ref().map(ToString::to_string).as_deref(),
            Some(retrace::ui::explodo::WALK_ON)
        );
    }
    for _ in 1..way.steps.len() {
        h.get_by_label("Go").click();
        h.run();
    }
    assert_eq!(explodo(&mut h).session.state().player.at, to, "Go stepped on to the end");
    assert_eq!(explodo(&mut h).walking.walk, None, "arrived: the walk is over");
    // A tile whose way is dangerous now: the walk waits and says so; Esc ends it.
    let s = explodo(&mut h).session.state().clone();
    let danger =
        s.board.layout.positions().filter(|p| p.king(s.player.at) > 1).find(|&p| route(&s, p).is_some_and(|r| !r.safe));
    if let Some(danger) = danger {
        click(&mut h, danger);
        assert_eq!(explodo(&mut h).session.state().player.at, s.player.at, "no step taken");
        assert_eq!(
            explodo(&mut h).message.as_ref().map(ToString::to_string).as_deref(),
            Some("The next step on the way is dangerous: waiting for you.")
        );
        let v = explodo(&mut h);
        assert!(v.picked && v.mode == retrace::ui::explodo::Mode::Move, "it falls back to picking Move");
        h.key_press(egui::Key::Escape);
        h.run();
        assert_eq!(explodo(&mut h).walking.walk, None, "Esc ends the walk");
        h.key_press(egui::Key::Escape);
        h.run();
        assert!(!explodo(&mut h).picked, "then puts the pick away");
    }
}

/// The window on the committed run to the first shop, at the turn level 1's
/// last enemy dies (autopilot's to play from there), one frame drawn.
fn enemies_gone_on_level_1(dir: &std::path::Path) -> Harness<'static, RetraceApp> {
    use retrace_kernel::explodo::Explodo;
    use retrace_kernel::replay::ReplayFile;
    use retrace_kernel::Session;
    let bytes = std::fs::read(fixtures::root().join("replays/explodo-first-shop.replay")).unwrap();
    let mut session = Session::<Explodo>::from_replay(&ReplayFile::from_bytes(&bytes).unwrap()).unwrap();
    let clear = (0..=session.step())
        .find(|&k| {
            session.seek(k);
            let s = session.state();
            s.run.level == 1 && s.enemies.list.is_empty() && s.run.dialogs.is_empty()
        })
        .expect("level 1's last enemy dies in this run");
    session.seek(clear);
    let mut h = harness(dir);
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(session));
    h.step();
    h
}

/// Issue 18's autopilot: once every enemy of level 1 is gone (the committed
/// run to the first shop, stopped there), it collects and leaves by the
/// exit on its own; off in the settings, it does nothing.
#[test]
fn autopilot_finishes_a_level_once_every_enemy_is_gone() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = enemies_gone_on_level_1(dir.path());
    assert!(explodo(&mut h).piloting(), "on by default, every enemy gone");
    let at = explodo(&mut h).session.state().player.at;
    let store = Store::new(dir.path());
    let mut turns = 0;
    // Autopilot stops at a dialog (the gem's cards, the shop): the player answers.
    while explodo(&mut h).session.state().run.level == 1
        && explodo(&mut h).session.state().run.dialogs.is_empty()
        && explodo(&mut h).piloting()
    {
        explodo(&mut h).pilot(&store);
        turns += 1;
        assert!(turns < 300);
    }
    let s = explodo(&mut h).session.state().clone();
    assert!(
        s.run.level == 2 || !s.run.dialogs.is_empty(),
        "level 1 left by the exit (or a dialog open: the gem, the shop): {:?} from {at:?}",
        s.player.at
    );
    assert_eq!(explodo(&mut h).message, None, "it never had to stop");
    // Off in the settings: no autopilot.
    explodo(&mut h).walking.autopilot = false;
    assert!(!explodo(&mut h).piloting());
}

/// Issue 62, item 3: a card over the board ("New: Run", the first-time
/// explanation) holds autopilot: no turn is played behind it; once it is
/// closed, autopilot goes on.
#[test]
fn autopilot_waits_while_a_card_is_open() {
    use retrace_kernel::explodo::items::{Offer, Power};
    let dir = tempfile::tempdir().unwrap();
    let mut h = enemies_gone_on_level_1(dir.path());
    assert!(explodo(&mut h).piloting());
    explodo(&mut h).dialogs.explain = Some(Offer::Power(Power::Run));
    let step = explodo(&mut h).session.step();
    for _ in 0..120 {
        h.step();
    }
    assert_eq!(explodo(&mut h).session.step(), step, "two seconds behind a card: no turn played");
    explodo(&mut h).dialogs.explain = None;
    for _ in 0..120 {
        h.step();
    }
    assert!(explodo(&mut h).session.step() > step, "closed, autopilot goes on");
}

/// The committed death-and-retry run, and the step (1-based) of the action
/// that cost its first life.
fn death_retry() -> (retrace_kernel::Session<retrace_kernel::explodo::Explodo>, u32) {
    use retrace_kernel::replay::ReplayFile;
    let bytes = std::fs::read(fixtures::root().join("replays/explodo-death-retry.replay")).unwrap();
    let full = retrace_kernel::Session::<retrace_kernel::explodo::Explodo>::from_replay(
        &ReplayFile::from_bytes(&bytes).unwrap(),
    )
    .unwrap();
    let mut probe = full.clone();
    let death = (1..=full.step())
        .find(|&k| {
            probe.seek(k - 1);
            let before = probe.state().player.lives;
            probe.seek(k);
            probe.state().player.lives < before
        })
        .expect("a life is lost in this run");
    (full, death)
}

/// Issue 26's deaths seen again: the banner's boards are the run's own last
/// turns before the fatal action, replayed by the kernel (digest for digest).
#[test]
fn a_lost_life_plays_its_last_turns_again_from_the_log() {
    use retrace_kernel::explodo::{Event, Explodo};
    use retrace_kernel::Game;
    let (full, death) = death_retry();
    let mut probe = full.clone();
    let mut session = full.clone();
    session.seek(death - 1);
    let fatal = full.actions()[(death - 1) as usize];
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let mut v = retrace::ui::explodo::ExplodoView::resume(session);
    v.push(&Store::new(dir.path()), fatal);
    assert!(v.log.iter().any(|e| matches!(e, Event::LifeLost(_))));
    let (_, frames) = v.dialogs.death.clone().expect("the banner's turns");
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
    assert!(explodo(&mut h).dialogs.death.is_none(), "dismissed");
}

/// The life-lost banner holds the keys (issue 40): arrows and Space play no
/// turn of the restarted level behind it; Enter answers it (Continue), and
/// then the keys play again.
#[test]
fn the_life_lost_banner_holds_the_keys_until_enter_continues() {
    let (full, death) = death_retry();
    let mut session = full.clone();
    session.seek(death - 1);
    let fatal = full.actions()[(death - 1) as usize];
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let mut v = retrace::ui::explodo::ExplodoView::resume(session);
    v.push(&Store::new(dir.path()), fatal);
    h.state_mut().screen = Screen::Explodo(v);
    h.run();
    assert!(h.query_by_label("A life lost").is_some());
    let step = explodo(&mut h).session.step();
    for key in [egui::Key::ArrowRight, egui::Key::ArrowDown, egui::Key::Space, egui::Key::W] {
        h.key_press(key);
        h.run();
    }
    assert_eq!(explodo(&mut h).session.step(), step, "no turn was played behind the banner");
    assert!(explodo(&mut h).dialogs.death.is_some(), "the banner is still up");
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(explodo(&mut h).dialogs.death.is_none(), "Enter continues");
    h.key_press(egui::Key::Space);
    h.run();
    assert_eq!(explodo(&mut h).session.step(), step + 1, "the keys play again");
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
    explodo(&mut h).dialogs.bug_note = Some("The bomb went off early".into());
    h.get_by_label("Write report").click();
    h.run();
    let path = explodo(&mut h).dialogs.bug_written.clone().expect("a report was written");
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
            run.state().enemies.list.is_empty()
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
    assert_eq!(twin.state().run.level, 2, "today's autopilot finishes the level (the gem's first card taken)");
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
    assert_eq!(en, format!("Bombs {} -> {} (max 5)", s.player.max_bombs, s.player.max_bombs + 1));
    assert_eq!(ru, format!("Бомбы {} -> {} (макс. 5)", s.player.max_bombs, s.player.max_bombs + 1));
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
    use retrace_kernel::explodo::BombKind;
    assert_eq!(retrace::ui::explodo::bomb_badge(BombKind::Pierce).map(|b| b.0), Some("P"));
    assert_eq!(retrace::ui::explodo::bomb_badge(BombKind::Plain), None);
    let (full, shop) = first_shop();
    let mut session = full.clone();
    session.seek(shop - 1);
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let mut v = retrace::ui::explodo::ExplodoView::resume(session);
    v.push(&Store::new(dir.path()), full.actions()[(shop - 1) as usize]);
    assert_eq!(v.dialogs.cleared.as_ref().map(|c| (c.level, c.shop)), Some((3, true)), "the shop comes after level 3");
    h.state_mut().screen = Screen::Explodo(v);
    h.run();
    assert!(h.query_by_label("Level cleared").is_some() && h.query_by_label("The shop").is_none());
    h.get_by_label("To the shop").click();
    h.run();
    assert!(h.query_by_label("The shop").is_some(), "then the shop");
    let carried = explodo(&mut h).session.state().player.charge;
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
        if v.dialogs.explain.is_some() {
            explained = v.dialogs.explain;
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
    assert_eq!(explodo(&mut h).dialogs.clip_shown(), Some(topic));
    h.get_by_label("Got it").click();
    h.run();
    assert!(explodo(&mut h).dialogs.explain.is_none());
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
    let (Some(first), second) = (v.watched.session::<retrace_kernel::explodo::Explodo>(), &p.other) else {
        panic!("explodo")
    };
    assert_ne!(first.state().player.at, second.state().player.at);
    // The same log twice never differs: the last turns play.
    let same = WatchView::open_pair(("a", &a), ("a again", &a)).unwrap();
    assert!(same.pair.as_ref().unwrap().split.is_none());
    // Only Explodorama runs share a board.
    let tally = fixtures::tally_won().to_replay("t").to_bytes();
    let e = WatchView::open_pair(("a", &a), ("t.replay", &tally)).err().expect("refused");
    assert!(e.to_string().starts_with("t.replay: two runs share a board only in Explodorama"), "{e}");
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
    assert_eq!((s.run.level, s.player.charge.map(|c| c.0)), (19, Some(Charge::Nuke)));
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
    let shelf = |h: &mut Harness<'static, RetraceApp>| match explodo(h).session.state().run.dialogs.last() {
        Some(Dialog::Shop { items, .. }) => items.clone(),
        other => panic!("the shop is open: {other:?}"),
    };
    let items = shelf(&mut h);
    assert_eq!(explodo(&mut h).dialogs.selected, 0, "the first item is selected");
    h.key_press(egui::Key::ArrowDown);
    h.run();
    assert_eq!(explodo(&mut h).dialogs.selected, 1);
    // The selected item's clip plays above the shelf (Heart and Coin bag have none).
    let topic = match items[1].expect("on the shelf") {
        Offer::Power(Power::Heart | Power::CoinBag) => None,
        Offer::Power(p) => Some(Topic::Power(p)),
        Offer::Charge(c) => Some(Topic::Charge(c)),
    };
    assert_eq!(explodo(&mut h).dialogs.clip_shown(), topic);
    let coins = explodo(&mut h).session.state().player.coins;
    let price = items[1].expect("on the shelf").price();
    assert!(coins >= price, "the fixture's run can buy the second item");
    let next_level = h.get_by_label("Next level").rect();
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(explodo(&mut h).session.state().player.coins, coins - price);
    assert!(shelf(&mut h)[1].is_none(), "bought: a gap on the shelf");
    // The sold item keeps its row: Next level did not move (issue 40).
    assert!(h.query_by_label("Sold").is_some(), "the sold row says so");
    assert_eq!(h.get_by_label("Next level").rect(), next_level, "Next level stayed put");
    assert_ne!(explodo(&mut h).dialogs.selected, 1, "the selection moves to an item still there");
    // Too dear: a test run opened at the shop holds 9 coins; the first seed
    // whose shelf has a dearer item shows what it lacks once it is selected.
    let (seed, dear) = (1..100u64)
        .find_map(|seed| {
            let s = retrace_kernel::Session::<retrace_kernel::explodo::Explodo>::new(
                retrace_kernel::explodo::Setup { shop_after: 3, ..Default::default() },
                seed,
            )
            .unwrap();
            let Some(Dialog::Shop { items, .. }) = s.state().run.dialogs.last() else { return None };
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
    assert_eq!(explodo(&mut h).dialogs.selected, dear.0);
    assert!(h.query_by_label(&format!("Too dear: {} more coins needed", dear.1 - 9)).is_some());
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(explodo(&mut h).session.step(), 0, "Enter buys nothing too dear");
    assert!(h.query_by_label("Restock (1 coin)").is_some(), "one coin, not \"1 coins\" (issue 40)");
    // The gem: the first card selected, Choose takes it.
    let mut gem = fixtures::explodo_with(
        retrace_kernel::explodo::Setup { developer: true, ..Default::default() },
        4,
        fixtures::EXPLODO_DEVELOPER,
    );
    while !matches!(gem.state().run.dialogs.last(), Some(Dialog::Gem { .. })) && gem.step() > 0 {
        gem.seek(gem.step() - 1);
    }
    assert!(matches!(gem.state().run.dialogs.last(), Some(Dialog::Gem { .. })), "the rainbow gem's cards");
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
    use retrace_kernel::explodo::scene::Topic;
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
    let a = explodo(&mut h).dialogs.almanac.as_ref().expect("the almanac is open");
    assert_eq!(a.clip_shown(), Some(Topic::Charge(Charge::Nuke)));
    h.get_by_label("On the board").click();
    h.run();
    h.get_by_label("Oil barrel ▶").click();
    h.run();
    let a = explodo(&mut h).dialogs.almanac.as_ref().unwrap();
    assert_eq!(a.clip_shown(), Some(Topic::Thing(retrace_kernel::explodo::scene::Thing::Barrel)));
    explodo(&mut h).dialogs.almanac = None;
    h.get_by_label("Run menu").click();
    h.run();
    h.get_by_label("Demo").click();
    h.run();
    // The mouse's list (the keys' and the pad's own scenes left out).
    let mouse = retrace::ui::explodo::demo::list(retrace::ui::explodo::devices::Input::Mouse);
    let n = mouse.len();
    assert!(h.query_by_label(&format!("1 / {n}")).is_some());
    h.get_by_label("▶").click();
    h.run();
    assert!(h.query_by_label(&format!("2 / {n}")).is_some());
    assert_eq!(explodo(&mut h).dialogs.demo.as_ref().unwrap().topic(), mouse[1]);
    h.get_by_label("↺").click();
    h.run();
    assert!(h.query_by_label(&format!("1 / {n}")).is_some());
    // The top bar shows throughout, the scene's own (turn 1, no coins).
    assert!(h.query_by_label("Coins: 0").is_some(), "the demo's top bar");
    assert!(h.query_by_label("Lives: 3").is_some());
    // The Input button cycles: mouse (the pointer), keyboard, then a
    // controller drawn as each brand marks it, and round again.
    use retrace::ui::explodo::devices::{Brand, Input};
    assert_eq!(explodo(&mut h).dialogs.demo.as_ref().unwrap().input(), Input::Mouse);
    for (label, next, brand) in [
        ("Input: mouse", Input::Keyboard, Brand::Xbox),
        ("Input: keyboard", Input::Pad, Brand::Xbox),
        ("Input: controller (Xbox)", Input::Pad, Brand::PlayStation),
        ("Input: controller (PlayStation)", Input::Pad, Brand::Switch),
        ("Input: controller (Switch)", Input::Mouse, Brand::Xbox),
    ] {
        h.get_by_label(label).click();
        h.run();
        let d = explodo(&mut h).dialogs.demo.as_ref().unwrap();
        assert_eq!((d.input(), d.brand), (next, brand), "after {label}");
    }
    // The demo has the whole screen; its button brings the run back as it was.
    assert!(h.query_by_label("Run menu").is_none());
    h.get_by_label("Back to the run").click();
    h.run();
    assert!(explodo(&mut h).dialogs.demo.is_none());
    assert_eq!(explodo(&mut h).session.step(), 1, "the run as it was");
}

/// Issue 19's keyboard: a whole level played by keys alone (arrows, B then
/// an arrow, Space) makes exactly the fixture's log and clears level 1.
#[test]
fn an_explodorama_level_plays_by_keys_alone() {
    let arrow = |c: char| match c {
        'u' => egui::Key::ArrowUp,
        'd' => egui::Key::ArrowDown,
        'l' => egui::Key::ArrowLeft,
        _ => egui::Key::ArrowRight,
    };
    clear_level_1(|h, token| match token {
        Token::Wait => h.key_press(egui::Key::Space),
        Token::Bomb(d) => {
            h.key_press(egui::Key::B);
            h.run();
            h.key_press(arrow(d));
        }
        // A gem card: the arrows move the selection, Enter chooses.
        Token::Card(n) => {
            for _ in 0..5 {
                h.key_press(egui::Key::ArrowUp);
                h.run();
            }
            for _ in 0..n {
                h.key_press(egui::Key::ArrowDown);
                h.run();
            }
            h.key_press(egui::Key::Enter);
        }
        Token::Step(d) => h.key_press(arrow(d)),
    });
}

/// A `retrace explodo play` token, as the window's tests play it.
enum Token {
    Wait,
    Bomb(char),
    Card(usize),
    Step(char),
}

/// Level 1 of seed 1 played from the fixture's tokens by `play` (each
/// token's presses or clicks), then checked: the same actions as the
/// fixture, and level 1 cleared.
fn clear_level_1(mut play: impl FnMut(&mut Harness<'static, RetraceApp>, Token)) {
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    for tok in fixtures::EXPLODO_CLEAR_1.split_whitespace() {
        let mut chars = tok.chars();
        let token = match (chars.next().unwrap(), chars.next()) {
            ('w', None) => Token::Wait,
            ('b', Some(d)) => Token::Bomb(d),
            ('c', Some(n)) => Token::Card(n.to_digit(10).unwrap() as usize),
            (d, None) => Token::Step(d),
            other => panic!("token {other:?}"),
        };
        play(&mut h, token);
        h.run();
    }
    let want = fixtures::explodo(1, fixtures::EXPLODO_CLEAR_1);
    let v = explodo(&mut h);
    assert_eq!(v.session.actions(), want.actions(), "{:?}", v.message);
    assert_eq!(v.session.state().run.level, 2, "level 1 cleared");
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
    let me = explodo(&mut h).session.state().player.at;
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::ArrowRight);
    h.run();
    assert_eq!(explodo(&mut h).pointer.cursor, Some(me), "the first press only wakes it");
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::ArrowRight);
    h.run();
    let right = retrace_kernel::explodo::board::Pos { x: me.x + 1, y: me.y };
    assert_eq!(explodo(&mut h).pointer.cursor, Some(right));
    h.key_press(egui::Key::M);
    h.run();
    let v = explodo(&mut h);
    assert_eq!(v.session.state().player.at, right, "{:?}", v.message);
    assert_eq!(v.pointer.cursor, Some(right), "back on you after the turn");
    h.key_press(egui::Key::Questionmark);
    h.run();
    let (aim, asking) = (explodo(&mut h).pointer.cursor.unwrap(), explodo(&mut h).pointer.asking);
    assert!(asking);
    let thing = retrace::ui::explodo::input::thing_at(explodo(&mut h).session.state(), aim).expect("aims at a thing");
    h.key_press(egui::Key::Enter);
    h.run();
    let v = explodo(&mut h);
    assert_eq!(v.dialogs.almanac.as_ref().map(|a| a.entry), Some(thing));
    assert!(matches!(thing, Entry::Enemy(_) | Entry::Thing(_)));
    v.dialogs.almanac = None;
    assert!(!v.pointer.asking && v.pointer.cursor.is_none(), "explaining ends the asking");
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::ArrowLeft);
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(
        !explodo(&mut h).dialogs.menu && explodo(&mut h).pointer.cursor.is_none(),
        "Esc puts the cursor away first"
    );
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(explodo(&mut h).dialogs.menu, "then opens the run menu");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!explodo(&mut h).dialogs.menu, "and closes it");
}

/// Issue 19's animation: a turn tweens from the state before, drawn from the
/// kernel's events, and never holds up the next action (which replaces it
/// at once); the run is the kernel's throughout.
#[test]
fn a_turn_animates_without_holding_up_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    let me = explodo(&mut h).session.state().player.at;
    h.key_press(egui::Key::ArrowRight);
    h.step();
    let moved = explodo(&mut h).session.state().player.at;
    assert_ne!(moved, me);
    assert_eq!(explodo(&mut h).screen.animation().and_then(|m| m.player_from), Some(me));
    let turn = explodo(&mut h).session.state().run.turn;
    h.key_press(egui::Key::Space);
    h.step();
    let v = explodo(&mut h);
    assert_eq!(v.session.state().run.turn, turn + 1, "the next action is not held up");
    assert_eq!(v.screen.animation().and_then(|m| m.player_from), Some(moved), "it replaced the old animation");
    h.run();
    assert!(explodo(&mut h).screen.animation().is_none(), "over once played");
}

/// Issue 62, item 1: seed 7's level 4 (11 by 13) shows all 11 columns at
/// 800 × 600 and at 1920 × 1080, as the watcher does; only a window too
/// small for readable tiles (a phone held sideways, 640 × 360) keeps the
/// view that follows you, with the edges marking what lies beyond.
#[test]
fn the_whole_board_shows_wherever_it_is_readable() {
    use retrace::ui::explodo::{ExplodoView, READABLE, VIEW};
    use retrace_kernel::explodo::Setup;
    let setup = Setup { start_level: 4, ..Default::default() };
    for (w, h_px, whole) in [(800.0, 600.0, true), (1920.0, 1080.0, true), (640.0, 360.0, false)] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = sized_harness(dir.path(), w, h_px);
        h.state_mut().settings.explodo_autopilot = false;
        h.state_mut().screen = Screen::Explodo(ExplodoView::new(setup, 7));
        h.run();
        h.run();
        let board = h.get_by_label("board, level 4").rect();
        let v = explodo(&mut h);
        let s = v.session.state();
        assert_eq!((s.board.layout.w, s.board.layout.h), (11, 13), "level 4 is 11 by 13");
        let tiles = v.screen.view_tiles(s);
        let cell = board.width() / tiles.0 as f32;
        if whole {
            assert_eq!(tiles, (11, 13), "{w}x{h_px}: the whole board");
            assert!(cell >= READABLE, "{w}x{h_px}: readable tiles, {cell}");
        } else {
            assert_eq!(tiles, VIEW, "{w}x{h_px}: too small for the whole board, the view follows you");
        }
        assert!((board.width() / board.height() - tiles.0 as f32 / tiles.1 as f32).abs() < 0.01, "{w}x{h_px}");
    }
}

/// Issue 19's view: where a level 12 board (13 by 15) is too large to show
/// whole at a readable size (640 × 360), 9 by 13 tiles show round you;
/// Alt + an arrow looks that way (kept inside the board), Home follows you
/// again, and so does the next action.
#[test]
fn a_larger_board_scrolls_with_you_and_alt_arrows_look_around() {
    use retrace::ui::explodo::VIEW;
    use retrace_kernel::explodo::Setup;
    let dir = tempfile::tempdir().unwrap();
    let setup = Setup { start_level: 12, ..Default::default() };
    let mut h = sized_harness(dir.path(), 640.0, 360.0);
    h.state_mut().settings.explodo_autopilot = false;
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::new(setup, 5));
    h.run();
    h.run();
    let v = explodo(&mut h);
    assert_eq!(v.screen.view_tiles(v.session.state()), VIEW, "the view that follows you");
    let s = v.session.state().clone();
    assert!(s.board.layout.w > VIEW.0 || s.board.layout.h > VIEW.1, "a board larger than the view");
    let (x, y) = v.screen.camera;
    let inside = |p: retrace_kernel::explodo::board::Pos, (x, y): (f32, f32)| {
        p.x as f32 >= x && (p.x as f32) < x + VIEW.0 as f32 && p.y as f32 >= y && (p.y as f32) < y + VIEW.1 as f32
    };
    assert!(inside(s.player.at, (x, y)), "you are in view: {:?} at {x},{y}", s.player.at);
    let board = h.get_by_label("board, level 12").rect();
    assert!((board.width() / board.height() - VIEW.0 as f32 / VIEW.1 as f32).abs() < 0.01, "9 by 13 tiles");
    // Alt + arrows look (as far as the board goes), Home comes back.
    for _ in 0..6 {
        h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::ArrowDown);
        h.run();
    }
    let v = explodo(&mut h);
    let look = v.screen.look.expect("looking");
    assert_eq!(look.1, (s.board.layout.h - VIEW.1) as f32, "down to the board's edge, no further");
    assert_eq!(v.session.state().player.at, s.player.at, "looking is no action");
    h.key_press(egui::Key::Home);
    h.run();
    assert_eq!(explodo(&mut h).screen.look, None);
    assert_eq!(explodo(&mut h).screen.camera, (x, y), "back on you");
    // On a pad the right stick looks (issue 43, item 6) and R3 comes back.
    for _ in 0..6 {
        h.state_mut().pad_presses.push(retrace::pad::Button::LookDown);
        h.run();
    }
    let v = explodo(&mut h);
    assert_eq!(v.screen.look.map(|l| l.1), Some((s.board.layout.h - VIEW.1) as f32), "the stick looks down");
    assert_eq!(v.session.state().player.at, s.player.at, "looking is no action");
    h.state_mut().pad_presses.push(retrace::pad::Button::RightStick);
    h.run();
    assert_eq!(explodo(&mut h).screen.look, None, "R3 follows you again");
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
    let me = explodo(&mut h).session.state().player.at;
    let press = |h: &mut Harness<'static, RetraceApp>, b: P| {
        h.state_mut().pad_presses.push(b);
        h.run();
    };
    press(&mut h, P::Right);
    assert_eq!(explodo(&mut h).pointer.cursor, Some(me), "the first press wakes the cursor on you");
    press(&mut h, P::Right);
    press(&mut h, P::South);
    let right = retrace_kernel::explodo::board::Pos { x: me.x + 1, y: me.y };
    assert_eq!(explodo(&mut h).session.state().player.at, right);
    let turn = explodo(&mut h).session.state().run.turn;
    press(&mut h, P::East);
    assert_eq!(explodo(&mut h).session.state().run.turn, turn + 1, "the right button waits");
    press(&mut h, P::Start);
    assert!(explodo(&mut h).dialogs.menu);
    press(&mut h, P::Start);
    // The shop by pad: the d-pad selects, the bottom button buys.
    let mut run = fixtures::explodo(7, fixtures::EXPLODO_TO_SHOP);
    run.seek(run.step() - 2);
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(run));
    h.run();
    let coins = explodo(&mut h).session.state().player.coins;
    press(&mut h, P::Down);
    assert_eq!(explodo(&mut h).dialogs.selected, 1);
    press(&mut h, P::South);
    let v = explodo(&mut h);
    assert_eq!(v.session.actions().last(), Some(&retrace_kernel::explodo::Action::Buy(1)));
    assert!(v.session.state().player.coins < coins);
    // The dialogs show the pad's face buttons while it is in use; a key hands back.
    assert!(v.pointer.pad_in_use);
    h.key_press(egui::Key::ArrowDown);
    h.run();
    assert!(!explodo(&mut h).pointer.pad_in_use);
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
    assert!(explodo(&mut h).screen.banner_up());
    assert!(h.query_by_label("Level 4").is_some());
    assert!(h.query_by_label("New enemy: Seeker").is_some(), "level 4 brings the Seeker");
    h.get_by_label("Wait").click();
    h.step();
    h.step();
    assert!(!explodo(&mut h).screen.banner_up(), "the first action takes it down");
    assert!(h.query_by_label("Level 4").is_none());
}

/// A refusal's message appears in space kept for it (issue 40): the board
/// below stays where it was.
#[test]
fn a_refusals_message_moves_no_widget() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = developer_run_on_seed_4(dir.path());
    let at_start = h.get_by_label("board, level 1").rect();
    h.key_press(egui::Key::ArrowUp);
    h.run();
    assert!(h.query_by_label_contains("a wall is in the way").is_some(), "the refusal says why");
    assert_eq!(h.get_by_label("board, level 1").rect(), at_start, "the message moved the board");
}

/// Every line the window shows from its own data (the demo's captions, the
/// almanac's lines, the change list, Miau's word cards) has its Russian in
/// the one table: these pass through `tr` as values, not literals, so the
/// table's scan of the sources does not see them.
#[test]
fn every_data_line_of_the_window_has_its_russian() {
    use retrace::store::Lang;
    use retrace::ui::explodo::{almanac, captions, devices, CHANGES};
    let mut lines: Vec<&str> = Vec::new();
    for input in [devices::Input::Mouse, devices::Input::Keyboard, devices::Input::Pad] {
        for t in retrace_kernel::explodo::scene::topics() {
            let (name, text) = captions::caption_for(t, Lang::En, input);
            lines.extend([name, text]);
        }
        lines.push(captions::to_play(input));
    }
    for t in almanac::THINGS {
        let (name, text) = almanac::thing_text(t, Lang::En);
        lines.extend([name, text]);
    }
    lines.extend(retrace_kernel::explodo::KINDS.iter().map(|&k| almanac::kind_text(k, Lang::En)));
    lines.extend(CHANGES.iter().map(|(_, en)| *en));
    lines.extend(
        retrace_kernel::miau::board::PROPS
            .iter()
            .filter_map(|p| retrace::ui::miau::words::describe_core(p.0.word(), Lang::En)),
    );
    {
        use retrace_kernel::miau::Action::{Down, Left, Right, Up, Wait};
        lines.extend([Up, Down, Left, Right, Wait].map(retrace::ui::miau::move_word));
    }
    assert!(lines.len() > 60, "only {} lines", lines.len());
    let missing: Vec<&&str> = lines.iter().filter(|en| retrace::ui::text::ru(en).is_none()).collect();
    assert!(missing.is_empty(), "no Russian for: {missing:#?}");
    // And the window shows it: a caption in Russian is not the English.
    let t = retrace_kernel::explodo::scene::topics()[0];
    assert_ne!(captions::caption(t, Lang::Ru), captions::caption(t, Lang::En));
}

/// The 9 × 13 view takes the height the window has, centred, with the top
/// bar right above it and the action bar right below (issue 40, item 1),
/// from 800×600 to 1920×1080; the rest of a wide window is quiet bars.
#[test]
fn the_view_fills_the_height_with_its_bars_around_it() {
    for (w, h_px) in [(800.0, 600.0), (1100.0, 760.0), (1920.0, 1080.0)] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = sized_harness(dir.path(), w, h_px);
        h.run();
        h.state_mut().explodo.form.seed = "4".into();
        h.get_by_label("New run").click();
        h.run();
        past_the_demo(&mut h);
        h.run();
        let board = h.get_by_label("board, level 1").rect();
        let size = (w, h_px);
        // In points: a big window shows the layout zoomed (`ui::scale`).
        let z = h.ctx.zoom_factor();
        let (w, h_px) = (w / z, h_px / z);
        // Level 1 is 9 × 11 tiles: as tall as the bars leave, every tile square.
        assert!((board.width() / 9.0 - board.height() / 11.0).abs() < 0.01, "{size:?}: tiles square: {board:?}");
        assert!(board.height() > 0.68 * h_px, "{size:?}: the view is {} tall in {h_px}", board.height());
        assert!((board.center().x - w / 2.0).abs() < 1.0, "{size:?}: the view is centred: {board:?}");
        let lives = h.get_by_label_contains("Lives:").rect();
        assert!(lives.max.y <= board.min.y && board.min.y - lives.max.y < 60.0, "{size:?}: top bar above: {lives:?}");
        let moves = h.get_by_label("Move").rect();
        assert!(moves.min.y >= board.max.y && moves.min.y - board.max.y < 16.0, "{size:?}: action bar below");
        assert!(moves.min.x >= (w - 660.0f32.max(board.width())) / 2.0 - 1.0, "{size:?}: the bar is in the column");
        let last = h.get_by_label("Scores").rect();
        assert!(last.max.y <= h_px && last.max.x <= w, "{size:?}: the action bar fits: {last:?}");
    }
}

/// A dialog opens on the board, below the menu bar, and clear of your tile
/// (issue 40, item 2): the first shop of the recorded run, where level 3
/// ended on its exit, at three window sizes.
#[test]
fn the_shop_opens_on_the_board_clear_of_you_and_the_menu_bar() {
    let (mut probe, shop) = first_shop();
    probe.seek(shop);
    for (w, h_px) in [(800.0, 600.0), (1100.0, 760.0), (1920.0, 1080.0)] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = sized_harness(dir.path(), w, h_px);
        h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(probe.clone()));
        h.run();
        h.run();
        let board = h.get_by_label_contains("board, level").rect();
        let dialog = retrace::ui::dialog_rect(&h.ctx, "explodo-shop").expect("the shop is up");
        let menu = h.get_by_label("Menu").rect();
        let size = (w, h_px);
        let h_px = h_px / h.ctx.zoom_factor();
        assert!(dialog.min.y > menu.max.y && dialog.max.y <= h_px, "{size:?}: below the menu bar: {dialog:?}");
        let v = explodo(&mut h);
        let cell = board.width() / v.screen.view_tiles(v.session.state()).0 as f32;
        let at = v.session.state().player.at;
        let (cx, cy) = v.screen.camera;
        let you = egui::Rect::from_min_size(
            board.min + egui::vec2((at.x as f32 - cx) * cell, (at.y as f32 - cy) * cell),
            egui::Vec2::splat(cell),
        );
        assert!(!dialog.intersects(you.shrink(1.0)), "{size:?}: the shop {dialog:?} covers you at {you:?}");
        assert!(board.intersects(dialog), "{size:?}: the shop is on the board");
    }
}

/// Where a dialog goes: the board's centre, or where it leaves the tile
/// that matters clear, on the stage.
#[test]
fn a_dialog_steps_aside_from_the_tile_that_matters() {
    use egui::{pos2, vec2, Rect};
    let stage = Rect::from_min_max(pos2(0.0, 30.0), pos2(1100.0, 760.0));
    let board = Rect::from_min_size(pos2(350.0, 100.0), vec2(400.0, 580.0));
    let size = Some(vec2(230.0, 400.0));
    let check = |focus: Option<Rect>, expected: egui::Pos2| {
        assert_eq!(retrace::ui::place_dialog(stage, board, focus, size), expected, "focus {focus:?}");
    };
    let tile = |x: f32, y: f32| Some(Rect::from_min_size(pos2(x, y), vec2(44.0, 44.0)));
    // Nothing that matters, or a tile it leaves clear: the board's centre.
    check(None, board.center());
    check(tile(350.0, 100.0), board.center());
    // A tile under its middle: across to the far side of the tile.
    check(tile(500.0, 300.0), pos2(500.0 + 44.0 + 12.0 + 115.0, 390.0));
    check(tile(560.0, 300.0), pos2(560.0 - 12.0 - 115.0, 390.0));
    // Before its first showing its size is unknown: the centre.
    assert_eq!(retrace::ui::place_dialog(stage, board, tile(500.0, 300.0), None), board.center());
}

/// The watcher shows a run as its player saw it (issue 40, item 10): the
/// top bar above the board and, at the first shop of the recorded run, the
/// shop beside it with the item the run buys next selected.
#[test]
fn the_watcher_shows_the_top_bar_and_the_shop_with_the_runs_choice() {
    use egui_kittest::kittest::NodeT;
    use retrace_kernel::explodo::{Action, Dialog};
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    let bytes = std::fs::read(fixtures::root().join("replays/explodo-first-shop.replay")).unwrap();
    drop_file(&mut h, "explodo-first-shop.replay", bytes);
    h.get_by_label("⏸").click();
    h.run();
    assert!(h.query_by_label_contains("Lives:").is_some(), "the top bar is shown");
    // Step to the shop.
    let Screen::Watch(v) = &mut h.state_mut().screen else { panic!("the watcher is open") };
    let Some(s) = v.watched.session_mut::<retrace_kernel::explodo::Explodo>() else { panic!("an Explodorama run") };
    let shop = (0..=s.timeline_len())
        .find(|&k| {
            s.seek(k);
            s.state().run.dialogs.iter().any(|d| matches!(d, Dialog::Shop { .. }))
        })
        .expect("the run reaches the shop");
    let next = *s.next_action().expect("the run acts in the shop");
    v.seek(shop);
    h.run();
    assert!(h.query_by_label("The shop").is_some(), "the shop is beside the board");
    let board = h.get_by_label("watched board").rect();
    assert!(h.get_by_label("The shop").rect().min.x > board.max.x, "beside, not over, the board");
    let label = match next {
        Action::Buy(i) => {
            let Screen::Watch(v) = &h.state().screen else { unreachable!() };
            let Some(s) = v.watched.session::<retrace_kernel::explodo::Explodo>() else { unreachable!() };
            let Some(Dialog::Shop { items, .. }) = s.state().run.dialogs.last() else { panic!("in the shop") };
            format!("{} ·", items[i as usize].unwrap().name())
        }
        Action::Restock => "Restock".into(),
        Action::LeaveShop => "Next level".into(),
        other => panic!("a shop's action, not {other:?}"),
    };
    let row = h.get_by_label_contains(&label);
    assert_eq!(row.accesskit_node().toggled(), Some(egui::accesskit::Toggled::True), "{label}: chosen next");
}

/// Level 1 cleared by the mouse alone (issues 40 and 43): the same turns as
/// by keys, each a click on the tile next to you (Bomb picked first for a
/// bomb), Wait, the gem's card then Choose, and the first-time
/// explanation's Got it.
#[test]
fn an_explodorama_level_plays_by_the_mouse_alone() {
    let next = |h: &mut Harness<'static, RetraceApp>, c: char| {
        use retrace_kernel::explodo::board::Dir;
        let d = match c {
            'u' => Dir::Up,
            'd' => Dir::Down,
            'l' => Dir::Left,
            _ => Dir::Right,
        };
        explodo(h).session.state().player.at.step(d)
    };
    let click = |h: &mut Harness<'static, RetraceApp>, label: &str| {
        h.get_by_label(label).click();
        h.run();
    };
    clear_level_1(|h, token| match token {
        Token::Wait => click(h, "Wait"),
        Token::Bomb(d) => {
            click(h, "Bomb");
            let at = next(h, d);
            click_tile(h, at);
        }
        Token::Card(n) => {
            let st = explodo(h).session.state().clone();
            let Some(retrace_kernel::explodo::Dialog::Gem { cards, .. }) = st.run.dialogs.last() else {
                panic!("the gem's cards are up")
            };
            click(h, &retrace::ui::explodo::card_text(&st, cards[n], retrace::store::Lang::En));
            click(h, "Choose");
            // The power-up's first time explains it: Got it, by mouse too.
            if h.query_by_label("Got it").is_some() {
                click(h, "Got it");
            }
        }
        Token::Step(d) => {
            let at = next(h, d);
            click_tile(h, at);
        }
    });
}

/// Clicks the board's tile `p` (in view) through pointer events.
fn click_tile(h: &mut Harness<'static, RetraceApp>, p: retrace_kernel::explodo::board::Pos) {
    let pos = tile_pos(h, p);
    click_at(h, pos);
}

/// Enemies let out by flame on the exit or the gem are said in the message
/// row, with the exit shut again when it was open (issue 40, item 11); a
/// turn that lets none out says nothing there.
#[test]
fn enemies_let_out_by_flame_are_said_where_they_are_seen() {
    use retrace::ui::explodo::release_message;
    use retrace_kernel::explodo::{Event, Kind};
    let start = fixtures::explodo(1, "").state().clone();
    let (mut open, shut) = (start.clone(), start.clone());
    open.board.exit_open = true;
    let released = [Event::Released(Kind::Blob, 3)];
    let said = |before, events: &[Event], lang| {
        release_message(before, events, &shut).map(|l| retrace::ui::text::say(lang, &l))
    };
    use retrace::store::Lang::{En, Ru};
    assert_eq!(
        said(&open, &released, En).as_deref(),
        Some("Flame on the exit or gem let out 3 Blobs! The exit is shut until they are gone.")
    );
    assert_eq!(said(&start, &released, En).as_deref(), Some("Flame on the exit or gem let out 3 Blobs!"));
    assert!(said(&open, &released, Ru).unwrap().contains("Выход закрыт"), "in Russian too");
    assert_eq!(said(&open, &[Event::ExitOpened], En), None);
}

/// The recorded run to the first shop, and the step at which the shop opens.
fn first_shop() -> (retrace_kernel::Session<retrace_kernel::explodo::Explodo>, u32) {
    use retrace_kernel::explodo::{Dialog, Explodo};
    let bytes = std::fs::read(fixtures::root().join("replays/explodo-first-shop.replay")).unwrap();
    let file = retrace_kernel::replay::ReplayFile::from_bytes(&bytes).unwrap();
    let full = retrace_kernel::Session::<Explodo>::from_replay(&file).unwrap();
    let mut probe = full.clone();
    let shop = (1..=full.step())
        .find(|&k| {
            probe.seek(k);
            probe.state().run.dialogs.iter().any(|d| matches!(d, Dialog::Shop { .. }))
        })
        .expect("the run reaches the first shop");
    (full, shop)
}

/// P and I, the spec's keys for the Teleport and ICBM charges (issue 43,
/// item 6): they pick the charge button when that is the charge carried,
/// and say so when it is not.
#[test]
fn p_and_i_pick_the_teleport_and_icbm_charges() {
    use retrace::ui::explodo::{ExplodoView, Mode, RunForm};
    use retrace_kernel::explodo::items::Charge;
    let dir = tempfile::tempdir().unwrap();
    let form = RunForm { seed: "4".into(), charge: Some(Charge::Teleport), ..RunForm::default() };
    let mut h = explodo_window(dir.path(), form.start());
    h.key_press(egui::Key::I);
    h.run();
    assert!(h.query_by_label_contains("You carry no ICBM").is_some(), "no ICBM carried");
    assert!(!explodo(&mut h).picked);
    h.key_press(egui::Key::P);
    h.run();
    let v: &ExplodoView = explodo(&mut h);
    assert!(v.picked && v.mode == Mode::Charge, "P picks the Teleport");
}

/// The shop by key (issue 43, item 6): R restocks and N leaves for the next
/// level, and the board's R (Run) never sees the key while the shop is open.
#[test]
fn r_restocks_and_n_leaves_the_shop() {
    use retrace_kernel::explodo::Dialog;
    let (full, shop) = first_shop();
    let mut session = full.clone();
    session.seek(shop);
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(session));
    h.run();
    assert!(h.query_by_label("The shop").is_some());
    let restocks = |h: &mut Harness<'static, retrace::ui::RetraceApp>| {
        explodo(h).session.state().run.dialogs.iter().find_map(|d| match d {
            Dialog::Shop { restocks, .. } => Some(*restocks),
            _ => None,
        })
    };
    let mode = explodo(&mut h).mode;
    let coins = explodo(&mut h).session.state().player.coins;
    h.key_press(egui::Key::R);
    h.run();
    assert_eq!(restocks(&mut h), Some(1), "R restocked");
    assert_eq!(explodo(&mut h).session.state().player.coins, coins - 1, "for a coin");
    assert_eq!(explodo(&mut h).mode, mode, "the board's Run did not see the key");
    h.key_press(egui::Key::N);
    h.run();
    assert_eq!(restocks(&mut h), None, "N left the shop");
    assert!(h.query_by_label("The shop").is_none());
}

/// No explanation text during play (issue 43, item 5): the turn's event
/// lines beside the board are a setting, off by default; on, they show in
/// the quiet bar of a wide window.
#[test]
fn the_turns_event_lines_show_only_when_asked_for() {
    use retrace::ui::explodo::RunForm;
    use retrace_kernel::explodo::Event;
    let dir = tempfile::tempdir().unwrap();
    let mut h = sized_harness(dir.path(), 1920.0, 1080.0);
    h.state_mut().settings.explodo_autopilot = false;
    h.state_mut().screen = Screen::Explodo(RunForm { seed: "4".into(), ..RunForm::default() }.start());
    h.run();
    assert!(!h.state_mut().settings.explodo_event_log, "off by default");
    let line = "The last enemy is gone: the exit is open.";
    explodo(&mut h).log = vec![Event::ExitOpened];
    h.run();
    assert!(h.query_by_label(line).is_none(), "no event text during play");
    h.state_mut().settings.explodo_event_log = true;
    explodo(&mut h).log = vec![Event::ExitOpened];
    h.run();
    assert!(h.query_by_label(line).is_some(), "asked for, the turn's lines show beside the board");
}

/// The almanac by pad (issue 43, item 6): LB and RB switch its tabs (round
/// the ends), the d-pad walks its entries, the right button closes it.
#[test]
fn lb_and_rb_switch_the_almanacs_tabs() {
    use retrace::pad::Button as P;
    use retrace::ui::explodo::almanac::{entries, Almanac, Tab};
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    explodo(&mut h).dialogs.almanac = Some(Almanac::default());
    h.run();
    let press = |h: &mut Harness<'static, RetraceApp>, b: P| {
        h.state_mut().pad_presses.push(b);
        h.run();
    };
    let tab = |h: &mut Harness<'static, RetraceApp>| explodo(h).dialogs.almanac.as_ref().map(|a| (a.tab, a.entry));
    press(&mut h, P::RightShoulder);
    assert_eq!(tab(&mut h), Some((Tab::Powers, entries(Tab::Powers)[0])), "RB: the next tab");
    press(&mut h, P::LeftShoulder);
    press(&mut h, P::LeftShoulder);
    assert_eq!(tab(&mut h), Some((Tab::Board, entries(Tab::Board)[0])), "LB round the start to the last tab");
    press(&mut h, P::Down);
    assert_eq!(tab(&mut h).map(|t| t.1), Some(entries(Tab::Board)[1]), "the d-pad walks the entries");
    press(&mut h, P::Up);
    press(&mut h, P::Up);
    assert_eq!(tab(&mut h).map(|t| t.1), Some(entries(Tab::Board)[0]), "kept inside the list");
    let turn = explodo(&mut h).session.state().run.turn;
    press(&mut h, P::East);
    assert!(explodo(&mut h).dialogs.almanac.is_none(), "the right button closes it");
    assert_eq!(explodo(&mut h).session.state().run.turn, turn, "and waits no turn");
}

/// Issue 43, item 4: autopilot waits a beat before its first step, says
/// what it is about over the action bar with a Stop button, and dims the
/// action bar while it walks.
#[test]
fn autopilot_says_what_it_is_about_and_stops_on_its_button() {
    use egui_kittest::kittest::NodeT;
    let dir = tempfile::tempdir().unwrap();
    let mut h = enemies_gone_on_level_1(dir.path());
    let step = explodo(&mut h).session.step();
    let note = explodo(&mut h).pilot_note().expect("autopilot has the board");
    assert!(note.starts_with("Autopilot: "), "{note}");
    h.step();
    assert!(h.query_by_label(note).is_some(), "the note shows over the action bar");
    assert_eq!(explodo(&mut h).session.step(), step, "a beat's wait before the first step");
    assert!(h.get_by_label("Move").accesskit_node().is_disabled(), "the action bar is dimmed");
    h.get_by_label("Stop").click();
    h.step();
    assert!(!explodo(&mut h).piloting() && explodo(&mut h).pilot_note().is_none(), "Stop hands the board back");
    assert!(!h.get_by_label("Move").accesskit_node().is_disabled());
}

/// "What is that?" explains the rest of the board too (issue 43, item 5):
/// walls, a bomb, flame, and the exit and the gem once they show, each with
/// an almanac entry and a picture drawn as the board draws it.
#[test]
fn what_is_that_explains_walls_bombs_flame_the_exit_and_the_gem() {
    use retrace::store::Lang;
    use retrace::ui::explodo::almanac::{Entry, Thing, THINGS};
    use retrace::ui::explodo::input::thing_at;
    use retrace_kernel::explodo::board::Pos;
    use retrace_kernel::explodo::Bomb;
    let v = retrace::ui::explodo::ExplodoView::new(Default::default(), 1);
    let mut s = v.session.state().clone();
    let corner = Pos { x: 0, y: 0 };
    assert_eq!(thing_at(&s, corner), Some(Entry::Thing(Thing::Wall)), "the outer wall");
    let floor = s.player.at;
    s.bombs.list.push(Bomb::plain(floor, 3, 2));
    assert_eq!(thing_at(&s, floor), Some(Entry::Thing(Thing::Bomb)));
    s.bombs.list.clear();
    s.bombs.flames.push((floor, 1));
    assert_eq!(thing_at(&s, floor), Some(Entry::Thing(Thing::Flame)));
    s.bombs.flames.clear();
    let exit = s.board.layout.exit;
    s.board.exit_revealed = false;
    assert_ne!(thing_at(&s, exit), Some(Entry::Thing(Thing::Exit)), "hidden under its crate, not told");
    s.board.exit_revealed = true;
    assert_eq!(thing_at(&s, exit), Some(Entry::Thing(Thing::Exit)));
    let gem = s.board.layout.gem;
    (s.board.gem_revealed, s.board.gem_taken) = (true, false);
    assert_eq!(thing_at(&s, gem), Some(Entry::Thing(Thing::Gem)));
    // Every thing has a name and a line, in English and Russian.
    for t in THINGS {
        let e = Entry::Thing(t);
        assert!(!e.name(Lang::En).is_empty() && !e.text(Lang::En).is_empty(), "{t:?}");
        assert_ne!(e.text(Lang::Ru), e.text(Lang::En), "{t:?} in Russian");
    }
}

/// An open row for the tile-decides tests: level 1 with no enemies, you at
/// the row's left end, the row's floor clear to the outer wall, and the tile
/// up-right of you open (for a diagonal step).
fn open_row() -> (retrace_kernel::explodo::State, i32) {
    use retrace_kernel::explodo::board::{Pos, Tile, BUSH, OIL, SPIKES};
    let mut s = fixtures::explodo(1, "").state().clone();
    s.enemies.list.clear();
    s.board.drops.clear();
    let l = &mut s.board.layout;
    let y = (2..l.h - 1).find(|&y| y != l.exit.y && y != l.gem.y).expect("a row without the exit or gem");
    for p in (1..l.w - 1).map(|x| Pos { x, y }).chain([Pos { x: 2, y: y - 1 }]) {
        l.set(p, Tile::Floor);
        for m in [BUSH, OIL, SPIKES] {
            l.mark(p, m, false);
        }
    }
    s.player.at = Pos { x: 1, y };
    (s, y)
}

/// Issue 43 item 1: the tile decides. Upgrades add no buttons: Move and Bomb
/// (picked or not) do what the tapped tile and the power-ups held make of
/// it, and a bomb next to you that allows two things asks which.
#[test]
fn the_tapped_tile_decides_what_move_and_bomb_do_for_each_power_up() {
    use retrace::ui::explodo::{choices, Mode};
    use retrace_kernel::explodo::board::{Diag, Dir::Right, Pos};
    use retrace_kernel::explodo::items::{Charge, Power};
    use retrace_kernel::explodo::{Action, Aim, Bomb, BombKind};
    let (base, y) = open_row();
    let at = |x: i32| Pos { x, y };
    let right = base.board.layout.w - 2;
    let check = |powers: &[Power], mode: Mode, picked: bool, tile: Pos, want: &[Action]| {
        let mut s = base.clone();
        for &p in powers {
            s.hold(p);
        }
        assert_eq!(choices(&s, mode, picked, tile), want, "{powers:?} {mode:?} picked {picked} on {tile:?}");
    };
    use Mode::{Bomb as B, Move as M};
    // No power-ups: a step next to you, a bomb there; nothing further.
    check(&[], M, false, at(2), &[Action::Move(Right)]);
    check(&[], M, false, at(3), &[]);
    check(&[], M, true, Pos { x: 2, y: y - 1 }, &[]);
    check(&[], B, true, at(2), &[Action::Bomb(Right)]);
    check(&[], B, true, at(3), &[]);
    // Run: two straight; Slide: where a slide stops; both: the tile decides.
    check(&[Power::Run], M, true, at(3), &[Action::Run(Right)]);
    check(&[Power::Slide], M, false, at(right), &[Action::Slide(Right)]);
    check(&[Power::Slide], M, false, at(right - 1), &[]);
    check(&[Power::Run, Power::Slide], M, true, at(3), &[Action::Run(Right)]);
    check(&[Power::Run, Power::Slide], M, true, at(right), &[Action::Slide(Right)]);
    // Diagonal: the diagonal neighbour, picked or not.
    check(&[Power::Diagonal], M, false, Pos { x: 2, y: y - 1 }, &[Action::Diagonal(Diag::UpRight)]);
    // Throw: two straight; RPG: where it lands (the outer wall stops it).
    check(&[Power::Throw], B, true, at(3), &[Action::Throw(Right)]);
    check(&[Power::Rpg], B, true, at(right), &[Action::Rpg(Right)]);
    check(&[Power::Rpg], B, true, at(right - 1), &[]);
    check(&[Power::Throw, Power::Rpg], B, true, at(3), &[Action::Throw(Right)]);
    // An ICBM while you have launches, before the RPG.
    let mut icbm = base.clone();
    icbm.player.charge = Some((Charge::Icbm, 3));
    icbm.hold(Power::Rpg);
    assert_eq!(choices(&icbm, B, true, at(right)), [Action::UseCharge(Aim::Dir(Right))]);
    // A bomb next to you: a kick with Kick, a walk onto it with Bomb Pass,
    // set off with the Detonator (a tap, nothing picked); two at once: which?
    let mut bombed = base.clone();
    bombed.bombs.list.push(Bomb { pos: at(2), fuse: 3, fire: 1, kind: BombKind::Plain });
    let check_bomb = |powers: &[Power], picked: bool, want: &[Action]| {
        let mut s = bombed.clone();
        for &p in powers {
            s.hold(p);
        }
        assert_eq!(choices(&s, M, picked, at(2)), want, "{powers:?} picked {picked}");
    };
    check_bomb(&[], false, &[]);
    check_bomb(&[Power::Kick], false, &[Action::Kick(Right)]);
    check_bomb(&[Power::BombPass], false, &[Action::Move(Right)]);
    check_bomb(&[Power::Kick, Power::BombPass], false, &[Action::Kick(Right), Action::Move(Right)]);
    check_bomb(&[Power::Detonator], false, &[Action::Detonate(at(2))]);
    check_bomb(&[Power::Kick, Power::Detonator], false, &[Action::Kick(Right), Action::Detonate(at(2))]);
    check_bomb(&[Power::Kick, Power::Detonator], true, &[Action::Kick(Right)]);
}

/// Issue 43 item 1 in the window: the action bar has no button per
/// power-up; a second click on Move puts the pick away, and so does a click
/// on a tile it cannot use; a click on a bomb next to you with Kick and Bomb
/// Pass asks which, and the answer is played.
#[test]
fn the_action_bar_adds_no_buttons_and_a_tile_with_two_actions_asks_which() {
    use retrace::ui::explodo::Mode;
    use retrace_kernel::explodo::board::Dir;
    use retrace_kernel::explodo::items::Power;
    use retrace_kernel::explodo::Action;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().settings.explodo_autopilot = false;
    let powers = [Power::Kick, Power::BombPass, Power::Run, Power::Slide, Power::Throw, Power::Rpg, Power::Detonator];
    let setup = retrace_kernel::explodo::Setup {
        immortal: true,
        powers: powers.iter().fold(0, |m, p| m | p.bit()),
        ..Default::default()
    };
    let run = retrace_kernel::Session::new(setup, 1).unwrap();
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(run));
    h.run();
    for name in ["Kick", "Run", "Slide", "Throw", "RPG", "Detonate", "Up", "Right"] {
        assert!(h.query_by_label(name).is_none(), "no {name} button");
    }
    h.get_by_label("Move").click();
    h.run();
    assert!(explodo(&mut h).picked);
    h.get_by_label("Move").click();
    h.run();
    assert!(!explodo(&mut h).picked, "a second click puts the pick away");
    // A pick and a click on a tile it cannot use: the pick goes, no turn.
    let s = explodo(&mut h).session.state().clone();
    let far = retrace_kernel::explodo::board::Pos { x: s.player.at.x + 2, y: s.player.at.y + 2 };
    assert!(retrace::ui::explodo::choices(&s, Mode::Bomb, true, far).is_empty());
    h.get_by_label("Bomb").click();
    h.run();
    click_tile(&mut h, far);
    assert!(!explodo(&mut h).picked, "a click elsewhere puts the pick away");
    assert_eq!(explodo(&mut h).session.step(), s.run.turn - 1, "and takes no turn");
    // A bomb next to you, with room to kick it.
    let (d, bomb) = [Dir::Up, Dir::Down, Dir::Left, Dir::Right]
        .into_iter()
        .map(|d| (d, s.player.at.step(d)))
        .find(|&(d, p)| {
            retrace::ui::explodo::choices(&s, Mode::Bomb, true, p) == [Action::Bomb(d)]
                && s.board.layout.tile(p.step(d)) == retrace_kernel::explodo::board::Tile::Floor
                && s.enemies.list.iter().all(|e| e.pos.king(p) > 2)
        })
        .expect("room for a bomb");
    h.get_by_label("Bomb").click();
    h.run();
    click_tile(&mut h, bomb);
    let s = explodo(&mut h).session.state().clone();
    assert!(s.bombs.list.iter().any(|b| b.pos == bomb), "the bomb is down");
    assert!(!explodo(&mut h).picked, "the pick is spent");
    // Kick, Bomb Pass and the Detonator all apply to it: which?
    click_tile(&mut h, bomb);
    let which = explodo(&mut h).dialogs.which.clone().expect("which?");
    assert_eq!(which, [Action::Kick(d), Action::Move(d), Action::Detonate(bomb)]);
    assert_eq!(explodo(&mut h).session.step(), s.run.turn - 1, "asking takes no turn");
    h.get_by_label("Kick it").click();
    h.run();
    assert_eq!(explodo(&mut h).session.actions().last(), Some(&Action::Kick(d)));
    assert!(explodo(&mut h).dialogs.which.is_none());
}

/// Issue 43 item 2: press and hold a tile next to you for a bomb. Held half
/// a second the ring fills and the bomb is armed (its blast shown), and
/// letting go places it; a short press is a tap (a step); sliding off the
/// tile cancels it.
#[test]
fn pressing_and_holding_a_tile_next_to_you_places_a_bomb() {
    use retrace_kernel::explodo::board::Dir;
    use retrace_kernel::explodo::Action;
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    let s = explodo(&mut h).session.state().clone();
    let (d, tile) = [Dir::Up, Dir::Down, Dir::Left, Dir::Right]
        .into_iter()
        .map(|d| (d, s.player.at.step(d)))
        .find(|&(d, t)| {
            retrace::ui::explodo::input::holds_a_bomb(&s, t)
                && !retrace::ui::explodo::deadly(&s, &Action::Bomb(d))
                && !retrace::ui::explodo::deadly(&s, &Action::Move(d))
        })
        .expect("a tile next to you for a bomb");
    let pos = tile_pos(&mut h, tile);
    let hold = |h: &mut Harness<'static, RetraceApp>, frames: usize, slide: Option<egui::Pos2>| {
        h.input_mut().events.push(egui::Event::PointerMoved(pos));
        primary(h, pos, true);
        for k in 0..frames {
            if k == 1 {
                if let Some(to) = slide {
                    h.input_mut().events.push(egui::Event::PointerMoved(to));
                }
            }
            h.step();
        }
        let at = slide.unwrap_or(pos);
        primary(h, at, false);
        h.step();
        h.run();
    };
    // Held three frames (the harness's frame is a quarter of a second): a
    // quarter in, the ring is filling; three quarters in, armed.
    h.input_mut().events.push(egui::Event::PointerMoved(pos));
    primary(&mut h, pos, true);
    h.step();
    h.step();
    let filling = explodo(&mut h).pointer.hold.expect("the hold is on");
    let now = h.ctx.input(|i| i.time);
    assert!(!filling.armed(now) && filling.progress(now) > 0.0, "filling");
    h.step();
    h.step();
    let held = explodo(&mut h).pointer.hold.expect("the hold is on");
    assert_eq!(held.tile, tile);
    let now = h.ctx.input(|i| i.time);
    assert!(held.armed(now) && held.progress(now) == 1.0, "armed after half a second");
    primary(&mut h, pos, false);
    h.step();
    h.run();
    assert_eq!(explodo(&mut h).session.actions(), [Action::Bomb(d)], "letting go placed the bomb");
    assert!(explodo(&mut h).pointer.hold.is_none());
    // A short press is a tap: a step (on a fresh run).
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    hold(&mut h, 1, None);
    assert_eq!(explodo(&mut h).session.actions(), [Action::Move(d)], "a short press steps");
    // Sliding off the tile cancels the bomb (and the slide is no click).
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    let away = tile_pos(&mut h, s.player.at);
    hold(&mut h, 4, Some(away));
    assert!(explodo(&mut h).session.actions().is_empty(), "slid off: nothing");
}

/// Where the board's tile `p` (in view) is on the screen.
fn tile_pos(h: &mut Harness<'static, RetraceApp>, p: retrace_kernel::explodo::board::Pos) -> egui::Pos2 {
    let level = explodo(h).session.state().run.level;
    let view = h.get_by_label(&format!("board, level {level}")).rect();
    let v = explodo(h);
    let cell = view.width() / v.screen.view_tiles(v.session.state()).0 as f32;
    let (cx, cy) = v.screen.camera;
    view.min + egui::vec2((p.x as f32 - cx + 0.5) * cell, (p.y as f32 - cy + 0.5) * cell)
}

/// Issue 43 item 3: the preview before every move is the kernel's result of
/// that action: for each tile's first action on an open row with every
/// power-up, where you end up, the bomb and its blast and where a kicked
/// bomb stops are what the rules make of it on a copy.
#[test]
fn the_preview_is_the_kernels_result_of_the_action() {
    use retrace::ui::explodo::offer::ghost;
    use retrace::ui::explodo::{choices, Mode};
    use retrace_kernel::explodo::items::Power;
    use retrace_kernel::explodo::{Action, Bomb, BombKind, Event};
    use retrace_kernel::Game;
    let (mut s, y) = open_row();
    for p in [Power::Run, Power::Slide, Power::Throw, Power::Rpg, Power::Kick, Power::Diagonal] {
        s.hold(p);
    }
    let mut kicked = s.clone();
    kicked.bombs.list.push(Bomb {
        pos: retrace_kernel::explodo::board::Pos { x: 2, y },
        fuse: 3,
        fire: 1,
        kind: BombKind::Plain,
    });
    let mut seen = 0;
    for st in [&s, &kicked] {
        for p in st.board.layout.positions() {
            for mode in [Mode::Move, Mode::Bomb] {
                let Some(a) = choices(st, mode, true, p).first().copied() else { continue };
                let g = ghost(st, &a).expect("a choice the rules take");
                let mut sim = st.clone();
                let events = retrace_kernel::explodo::Explodo::apply(&mut sim, &a).unwrap();
                let moved = events.iter().any(|e| matches!(e, Event::PlayerMoved(..)));
                assert_eq!(g.you, moved.then_some(sim.player.at), "{a:?}: where you end up");
                let placed =
                    sim.bombs.list.iter().find(|b| !st.bombs.list.iter().any(|o| o.pos == b.pos)).map(|b| b.pos);
                if matches!(a, Action::Bomb(_) | Action::Throw(_) | Action::Rpg(_)) {
                    assert_eq!(g.bomb, placed, "{a:?}: the bomb");
                    let b = Bomb { pos: placed.unwrap(), fuse: 3, fire: st.player.blast, kind: BombKind::Plain };
                    assert_eq!(g.blast, st.blast_tiles(&b), "{a:?}: its blast");
                }
                if let Action::Kick(_) = a {
                    let to = sim
                        .bombs
                        .list
                        .iter()
                        .find(|b| b.pos != retrace_kernel::explodo::board::Pos { x: 2, y })
                        .map(|b| b.pos);
                    assert_eq!(g.kicked.map(|k| k.1), to, "where the kicked bomb stops");
                }
                assert_eq!(g.deadly, retrace::ui::explodo::deadly(st, &a));
                seen += 1;
            }
        }
    }
    assert!(seen >= 8, "{seen} previews");
}

/// Issue 43 item 3 in the window: the cursor hops between the tiles that
/// offer something (never onto a wall), far tiles auto-move reaches
/// included, where its line says "Walk here · N steps"; the mouse's
/// hovered tile and the cursor's show the preview of the tile's first action.
#[test]
fn the_cursor_hops_between_offered_tiles_and_says_what_each_key_does() {
    use retrace_kernel::explodo::board::Tile;
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::ArrowRight);
    h.run();
    let mut walked = false;
    for k in
        [egui::Key::ArrowRight, egui::Key::ArrowDown, egui::Key::ArrowRight, egui::Key::ArrowDown, egui::Key::ArrowDown]
    {
        h.key_press_modifiers(egui::Modifiers::SHIFT, k);
        h.run();
        let v = explodo(&mut h);
        let c = v.pointer.cursor.expect("the cursor is out");
        let s = v.session.state().clone();
        assert_ne!(s.board.layout.tile(c), Tile::Wall, "never onto a wall");
        let offer = v.offer(c);
        assert!(offer.any(), "{c:?} offers something");
        if let Some((retrace::ui::explodo::offer::Go::Walk { steps, .. }, _)) = offer.go {
            walked = true;
            assert!(h.query_by_label_contains(&format!("Walk here · {steps} steps")).is_some(), "the line says it");
        }
        // The cursor's tile shows its first action's preview.
        let first = offer.first();
        let g = explodo(&mut h).ghost_at(c);
        assert_eq!(g, first.and_then(|a| retrace::ui::explodo::offer::ghost(&s, &a)));
    }
    assert!(walked, "a far tile reached by hops");
    // The line greys what does nothing: Space waits only on your own tile.
    assert!(h.query_by_label("Space -").is_some());
}

/// Issue 43 item 5: "What is that?" on the board names the very thing: an
/// enemy with its next moves in words, a drop (its charge's entry, or
/// coins), and a "Walk there" button where a tap would walk, which walks.
#[test]
fn what_is_that_tells_an_enemys_next_moves_and_walks_there() {
    use retrace::ui::explodo::almanac::{Entry, Thing};
    use retrace::ui::explodo::input::{next_moves, thing_at};
    use retrace_kernel::explodo::board::Tile;
    use retrace_kernel::explodo::items::Charge;
    use retrace_kernel::explodo::Drop;
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    let s = explodo(&mut h).session.state().clone();
    // Drops, on a copy: a charge is its entry, coins the board's.
    let mut dropped = s.clone();
    let (a, b) = (s.board.layout.start, retrace_kernel::explodo::board::Pos { x: 1, y: 2 });
    dropped.board.drops.push(Drop { pos: a, coins: 0, charge: Some((Charge::Nuke, 3)) });
    dropped.board.drops.push(Drop { pos: b, coins: 5, charge: None });
    assert_eq!(thing_at(&dropped, a), Some(Entry::Charge(Charge::Nuke)));
    assert_eq!(thing_at(&dropped, b), Some(Entry::Thing(Thing::Coins)));
    // An enemy: its entry, and its next moves as its arrows show them.
    let e = s.enemies.list[0].clone();
    explodo(&mut h).explain_at(e.pos);
    h.run();
    let note = retrace::ui::text::say(retrace::store::Lang::En, &next_moves(&e));
    assert!(note.starts_with("Next: ") || note.starts_with("Boxed in"), "{note}");
    assert!(h.query_by_label(&note).is_some(), "the note is shown: {note}");
    assert!(explodo(&mut h).dialogs.almanac.as_ref().unwrap().walk.is_none(), "no walking into an enemy");
    explodo(&mut h).dialogs.almanac = None;
    h.run();
    // A far crate: Walk there walks to the tile beside it (the first step taken).
    let v = explodo(&mut h);
    let crate_at = s
        .board
        .layout
        .positions()
        .filter(|&p| s.board.layout.tile(p) == Tile::Crate && p.king(s.player.at) > 2)
        .find(|&p| v.walk_target(p).is_some())
        .expect("a crate you can walk to");
    let beside = v.walk_target(crate_at).unwrap();
    assert!(v.explain_at(crate_at));
    assert_eq!(v.dialogs.almanac.as_ref().unwrap().walk, Some(beside));
    h.run();
    h.get_by_label("Walk there").click();
    h.run();
    let v = explodo(&mut h);
    assert!(v.dialogs.almanac.is_none(), "Walk there closes it");
    assert_eq!(v.session.step(), 1, "the first step taken");
    assert!(v.walking.walk == Some(beside) || v.session.state().player.at == beside);
}

/// Issue 43 items 5 and 7: the top bar's items explain themselves with a
/// plain click (an ability's picture opens its almanac entry), a Freeze at
/// work shows its turns left, and with "What is that?" on an action button
/// explains itself instead of acting.
#[test]
fn the_top_bar_and_the_action_buttons_explain_themselves() {
    use retrace::ui::explodo::almanac::Entry;
    use retrace::ui::explodo::{BarItem, What};
    use retrace_kernel::explodo::items::{Charge, Power};
    use retrace_kernel::explodo::{Action, Aim};
    let dir = tempfile::tempdir().unwrap();
    let setup = retrace_kernel::explodo::Setup {
        powers: Power::Kick.bit(),
        charge: Some(Charge::Freeze),
        ..Default::default()
    };
    let mut run = retrace_kernel::Session::new(setup, 3).unwrap();
    run.push(Action::UseCharge(Aim::Me)).unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::resume(run));
    // A Freeze at work: its turns left.
    let frozen = explodo(&mut h).session.state().enemies.list.iter().map(|e| e.frozen).max().unwrap();
    assert!(frozen > 0);
    h.get_by_label(&format!("Frozen: {frozen}")).click();
    h.run();
    assert_eq!(explodo(&mut h).dialogs.what, Some(What::Bar(BarItem::Frozen)));
    assert!(h.query_by_label("Frozen: the enemies stand still for this many more turns.").is_some());
    h.get_by_label("Close").click();
    h.run();
    assert!(explodo(&mut h).dialogs.what.is_none());
    // Lives, by a click on its number.
    h.get_by_label_contains("Lives: ").click();
    h.run();
    assert_eq!(explodo(&mut h).dialogs.what, Some(What::Bar(BarItem::Lives)));
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(explodo(&mut h).dialogs.what.is_none(), "Enter closes it");
    // Kick held: its own picture, which opens its entry.
    h.get_by_label("Held: Kick").click();
    h.run();
    assert_eq!(explodo(&mut h).dialogs.almanac.as_ref().map(|a| a.entry), Some(Entry::Power(Power::Kick)));
    explodo(&mut h).dialogs.almanac = None;
    h.run();
    // "What is that?" then Bomb: Bomb explains itself, nothing is picked.
    let step = explodo(&mut h).session.step();
    h.get_by_label("?").click();
    h.run();
    h.get_by_label("Bomb").click();
    h.run();
    let v = explodo(&mut h);
    assert_eq!(v.dialogs.what, Some(What::Button("Bomb")));
    assert!(!v.picked && !v.pointer.asking && v.session.step() == step);
    assert!(h.query_by_label_contains("press and hold a tile next to you").is_some());
}

/// Issue 43 item 6: the run menu by pad (the d-pad walks its entries, the
/// bottom button presses one, New run's question answered by the pad too).
/// The version line is in Help's About, not in the menu (issue 62, item 7).
#[test]
fn the_run_menu_goes_by_pad_and_the_version_line_is_in_about() {
    use retrace::pad::Button as P;
    use retrace::ui::explodo::MENU;
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    let press = |h: &mut Harness<'static, RetraceApp>, b: P| {
        h.state_mut().pad_presses.push(b);
        h.run();
    };
    press(&mut h, P::Start);
    assert!(explodo(&mut h).dialogs.menu);
    assert!(h.query_by_label_contains(&retrace::version_line()).is_none(), "no version line in the menu");
    assert!(retrace::version_line().contains("explodo ") && retrace::version_line().contains(retrace::BUILD_COMMIT));
    // Down to Autopilot (the third entry): the bottom button flips it.
    let autopilot = explodo(&mut h).walking.autopilot;
    press(&mut h, P::Down);
    press(&mut h, P::Down);
    assert_eq!(MENU[explodo(&mut h).dialogs.menu_sel], retrace::ui::explodo::MenuItem::Autopilot);
    press(&mut h, P::South);
    assert_eq!(explodo(&mut h).walking.autopilot, !autopilot, "flipped");
    // On to New run; the question is answered by the pad: a new run.
    let seed = explodo(&mut h).session.state().run.seed;
    let at = MENU.iter().position(|&m| m == retrace::ui::explodo::MenuItem::NewRun).unwrap();
    for _ in 2..at {
        press(&mut h, P::Down);
    }
    press(&mut h, P::South);
    assert!(!explodo(&mut h).dialogs.menu, "the question replaces the menu");
    press(&mut h, P::South);
    assert_ne!(explodo(&mut h).session.state().run.seed, seed, "a new run");
    // The right button closes the menu.
    press(&mut h, P::Start);
    press(&mut h, P::East);
    assert!(!explodo(&mut h).dialogs.menu);
}

/// Issue 43 item 7: the menu's Changes list plays the demo scene of an
/// entry that has one (▶), under the entry; a second ▶ stops it.
#[test]
fn the_changes_list_plays_an_entrys_demo_scene() {
    use retrace::ui::explodo::{change_scene, CHANGES};
    use retrace_kernel::explodo::items::Power;
    use retrace_kernel::explodo::scene::Topic;
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    explodo(&mut h).dialogs.menu = true;
    h.run();
    h.get_by_label("Changes").click();
    h.run();
    let with_scene = CHANGES.iter().filter(|(_, en)| change_scene(en).is_some()).count();
    assert_eq!(h.query_all_by_label("▶").count(), with_scene, "a ▶ per entry with a scene");
    let k = CHANGES.iter().position(|(_, en)| en.starts_with("Rules v3")).unwrap();
    h.query_all_by_label("▶")
        .nth(CHANGES[..k].iter().filter(|(_, en)| change_scene(en).is_some()).count())
        .unwrap()
        .click();
    h.run();
    let v = explodo(&mut h);
    assert_eq!(v.dialogs.change_clip, Some(k));
    assert_eq!(v.dialogs.change_slot.topic(), Some(Topic::Power(Power::Throw)), "Throw's scene plays");
}

/// Plays past the demo the game opens on (issue 43 item 8): a key plays.
fn past_the_demo(h: &mut Harness<'static, RetraceApp>) {
    assert!(explodo(h).dialogs.demo.as_ref().is_some_and(|d| d.attract), "the game opens on its demo");
    h.key_press(egui::Key::Space);
    h.run();
    assert!(explodo(h).dialogs.demo.is_none(), "a key plays");
}

/// Issue 43 item 8: the game opens on its demo (not a test run); ← and →
/// change scenes; any other key, or a pad button, plays, and that key takes
/// no turn; the demo goes on where it was at the next start, shuffle kept.
#[test]
fn the_game_opens_on_its_demo_which_remembers_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    h.get_by_label("New run").click();
    h.run();
    let first = explodo(&mut h).dialogs.demo.as_ref().map(|d| d.index).expect("the demo is open");
    h.key_press(egui::Key::ArrowRight);
    h.run();
    h.key_press(egui::Key::ArrowRight);
    h.run();
    let d = explodo(&mut h).dialogs.demo.as_ref().unwrap();
    assert_eq!(d.index, first + 2, "→ twice: two scenes on");
    let place = d.place();
    h.key_press(egui::Key::Space);
    h.run();
    let v = explodo(&mut h);
    assert!(v.dialogs.demo.is_none() && v.session.step() == 0, "Space played, and took no turn");
    let set = &h.state().settings;
    assert_eq!((set.explodo_demo_scene, set.explodo_demo_shuffle), (place.scenes[0], place.shuffle));
    // Home, then Resume: the demo has played in this window, so the run
    // comes straight back (issue 62 item 13: it played on every Resume).
    let resume_from_home = |h: &mut Harness<'static, RetraceApp>| {
        h.state_mut().screen = Screen::Home;
        h.state_mut().explodo.saved = Some(fixtures::explodo(1, ""));
        h.run();
        h.get_by_label("Resume").click();
        h.run();
    };
    resume_from_home(&mut h);
    assert!(explodo(&mut h).dialogs.demo.is_none(), "no demo on a later Resume");
    // A window that opens the game by Resume opens it on the demo, where
    // it was left (the settings keep its place).
    h.state_mut().explodo.demo_played = false;
    resume_from_home(&mut h);
    assert_eq!(explodo(&mut h).dialogs.demo.as_ref().map(|d| d.place()), Some(place), "it goes on where it was");
    h.state_mut().pad_presses.push(retrace::pad::Button::South);
    h.run();
    assert!(explodo(&mut h).dialogs.demo.is_none(), "a pad button plays");
    // Again: it says how to play, and a click anywhere (an empty corner) plays.
    h.state_mut().explodo.demo_played = false;
    resume_from_home(&mut h);
    assert!(h.query_by_label("Click anywhere to play").is_some());
    assert!(h.query_by_label("Test run").is_none(), "a scene is no test run to a player");
    // The controller's list keeps its own place, apart from the mouse's.
    h.get_by_label("Input: mouse").click();
    h.run();
    h.get_by_label("Input: keyboard").click();
    h.run();
    h.key_press(egui::Key::ArrowRight);
    h.run();
    let pad_place = explodo(&mut h).dialogs.demo.as_ref().unwrap().place();
    assert_eq!(pad_place.scenes[0], place.scenes[0], "the mouse's place kept");
    assert_ne!(pad_place.scenes[2], 0, "the controller's list one on from its first");
    let corner = h.ctx.content_rect().right_bottom() - egui::vec2(6.0, 6.0);
    click_at(&mut h, corner);
    h.run();
    let v = explodo(&mut h);
    assert!(v.dialogs.demo.is_none() && v.session.step() == 0, "a click anywhere played, and took no turn");
    let set = &h.state().settings;
    assert_eq!((set.explodo_demo_scene, set.explodo_demo_scene_pad), (place.scenes[0], pad_place.scenes[2]));
    // A test run opens on the board.
    h.state_mut().screen = Screen::Home;
    h.state_mut().explodo.form.level = 5;
    h.run();
    h.get_by_label("Test options").click();
    h.run();
    h.get_by_label("New run").click();
    h.run();
    assert!(explodo(&mut h).dialogs.demo.is_none(), "no demo on a test run");
}

/// Issue 41's motion: a figure hops once per step (lifted mid-move, on its
/// tile when it lands), idles with a slow bob, your Detonator bombs pulse,
/// and a top-bar number that a turn changed bumps: the
/// figures that differ are the ones that swell, and a turn in the window
/// marks them.
#[test]
fn steps_hop_and_changed_numbers_bump() {
    use retrace::ui::explodo::paint::hop;
    use retrace::ui::explodo::{changed_figures, BarItem};
    assert_eq!(hop(0.0), 0.0);
    assert!((hop(0.5) - 0.2).abs() < 1e-6 && hop(1.0).abs() < 1e-6);
    // The idle bob breathes within 0.03 of a tile, 1.2 s round; the
    // Detonator's pulse goes 0 to 1 and back twice a second.
    use retrace::ui::explodo::paint::{bob, pulse};
    let bobs: Vec<f32> = (0..120).map(|k| bob(f64::from(k) * 0.01)).collect();
    assert!(bobs.iter().all(|&b| (0.0..=0.03).contains(&b)));
    assert!(bobs.iter().copied().fold(0.0, f32::max) > 0.029 && bobs.iter().copied().fold(1.0, f32::min) < 0.001);
    assert!((bob(0.3) - bob(1.5)).abs() < 1e-6, "1.2 s round");
    assert!((pulse(0.125) - 1.0).abs() < 1e-6 && pulse(0.375) < 1e-6 && (pulse(0.1) - pulse(0.6)).abs() < 1e-6);
    let before = fixtures::explodo(1, "").state().clone();
    let mut after = before.clone();
    after.player.coins += 3;
    after.enemies.list.pop();
    assert_eq!(changed_figures(&before, &after), [BarItem::Enemies, BarItem::Coins]);
    assert!(changed_figures(&before, &before).is_empty());
    // In the window: a turn that changes no figure bumps none.
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    h.get_by_label("Wait").click();
    h.run();
    let v = explodo(&mut h);
    let s = v.session.state().clone();
    assert_eq!(v.bumps.0, changed_figures(&before, &s));
}

/// Issue 62, item 2: in Explodorama the topmost window over the board takes
/// the keys. With the almanac, the Run menu, a first-time explanation or
/// "what is that?" open, Space, Enter and the arrows play no turn behind
/// it, and Esc closes that window only (the almanac's Esc no longer stacks
/// the Run menu on it). Enter answers an explanation (Got it).
#[test]
fn the_window_over_the_board_takes_the_keys() {
    use retrace::ui::explodo::almanac::{Almanac, Entry};
    use retrace_kernel::explodo::items::{Offer, Power};
    type Open = fn(&mut retrace::ui::explodo::ExplodoView);
    let windows: [(&str, Open); 4] = [
        ("almanac", |v| v.dialogs.almanac = Some(Almanac::at(Entry::Power(Power::Run)))),
        ("menu", |v| v.dialogs.menu = true),
        ("explanation", |v| v.dialogs.explain = Some(Offer::Power(Power::Run))),
        ("scores", |v| v.dialogs.show_scores = true),
    ];
    for (name, open) in windows {
        let dir = tempfile::tempdir().unwrap();
        let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
        open(explodo(&mut h));
        h.run();
        let step = explodo(&mut h).session.step();
        // (Enter answers an explanation, "Got it": it is not pressed here.)
        for key in [egui::Key::Space, egui::Key::ArrowRight, egui::Key::ArrowDown] {
            h.key_press(key);
            h.run();
        }
        assert_eq!(explodo(&mut h).session.step(), step, "{name}: no turn behind it");
        assert!(explodo(&mut h).dialogs.over_board(), "{name}: still open");
        h.key_press(egui::Key::Escape);
        h.run();
        let v = explodo(&mut h);
        assert!(!v.dialogs.over_board(), "{name}: Esc closed it, and opened nothing else");
        assert!(matches!(h.state().screen, Screen::Explodo(_)), "{name}: still in the run");
    }
}

/// Issue 62, item 3: every cleared level has its own moment before the next
/// (not only those before a shop): the board as it was left, the turns
/// against par and the coins, and Next level (Enter or Space); nothing
/// plays behind it.
#[test]
fn a_cleared_level_has_its_own_moment() {
    let (full, _) = first_shop();
    let mut probe = full.clone();
    let second = (1..=full.step())
        .find(|&k| {
            probe.seek(k);
            probe.state().run.level == 2
        })
        .expect("the run reaches level 2");
    let mut session = full.clone();
    session.seek(second - 1);
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().settings.explodo_autopilot = false;
    let mut v = retrace::ui::explodo::ExplodoView::resume(session);
    v.push(&Store::new(dir.path()), full.actions()[(second - 1) as usize]);
    let c = v.dialogs.cleared.clone().expect("level 1 cleared");
    assert_eq!((c.level, c.shop), (1, false));
    assert_eq!(c.board.run.level, 1, "the board as level 1 was left");
    h.state_mut().screen = Screen::Explodo(v);
    h.run();
    assert!(h.query_by_label("Level cleared").is_some() && h.query_by_label("Next level").is_some());
    let step = explodo(&mut h).session.step();
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert_eq!(explodo(&mut h).session.step(), step, "nothing plays behind it");
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(explodo(&mut h).dialogs.cleared.is_none(), "Enter goes on to the next level");
    assert!(h.query_by_label("Level cleared").is_none());
}

/// A run tag's words say whether the run's score is listed, as the score
/// board decides it (issue 61 item 5: the Developer tag said "No high
/// score." while developer runs are listed, in red).
#[test]
fn each_run_tag_says_truly_whether_the_score_is_listed() {
    use retrace::ui::explodo::{bar_text, BarItem};
    use retrace_kernel::explodo::{scores, Explodo, RunPhase, Setup};
    use retrace_kernel::Game;
    for (item, setup) in [
        (BarItem::Developer, Setup { developer: true, ..Setup::default() }),
        (BarItem::Immortal, Setup { immortal: true, ..Setup::default() }),
        (BarItem::TestRun, Setup { start_level: 3, ..Setup::default() }),
    ] {
        let mut s = Explodo::start(&setup, 9).expect("starts");
        s.run.phase = RunPhase::Over;
        let listed = scores::score(&s, "2026-12-04").is_some();
        let says_unlisted = bar_text(item).contains("No high score");
        assert_eq!(listed, !says_unlisted, "{item:?}: {}", bar_text(item));
    }
}

/// The top bar's figures say on hover what they mean (issue 62 item 13:
/// "Turn" alone left "2/41" unexplained): the par, in words.
#[test]
fn the_turn_figure_explains_its_par_on_hover() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    h.get_by_label_contains("Turn: ").hover();
    h.run();
    h.run();
    assert!(
        h.query_by_label_contains("Turns on this level, and its par").is_some(),
        "the tooltip explains the figure after the slash"
    );
}

/// The charge keys as the spec says them (issue 62 item 14): I then an
/// arrow fires the ICBM that way wherever it comes down (it used to fire
/// only when it landed on the next tile); P then an arrow jumps to the
/// nearest tile that way a Teleport may land on.
#[test]
fn i_or_p_then_an_arrow_uses_the_charge_that_way() {
    use retrace_kernel::explodo::items::Charge;
    use retrace_kernel::explodo::{Action, Aim, Explodo, Setup};
    use retrace_kernel::Game;
    for seed in 1..40 {
        let setup = Setup { charge: Some(Charge::Icbm), ..Setup::default() };
        let view = retrace::ui::explodo::ExplodoView::new(setup, seed);
        let s = view.session.state().clone();
        // A seed where the ICBM flies right and comes down past the next tile.
        let right = retrace_kernel::explodo::board::Dir::Right;
        let mut sim = s.clone();
        let fired = Explodo::apply(&mut sim, &Action::UseCharge(Aim::Dir(right))).is_ok();
        let next = s.player.at.step(right);
        let mut near = s.clone();
        if !fired || Explodo::apply(&mut near, &Action::UseCharge(Aim::At(next))).is_ok() {
            continue;
        }
        let dir = tempfile::tempdir().unwrap();
        let mut h = explodo_window(dir.path(), view);
        let step = explodo(&mut h).session.step();
        h.key_press(egui::Key::I);
        h.run();
        h.key_press(egui::Key::ArrowRight);
        h.run();
        let v = explodo(&mut h);
        assert_eq!(v.session.step(), step + 1, "seed {seed}: I then → fired the ICBM");
        assert!(v.session.state().player.charge.is_none_or(|(c, n)| c != Charge::Icbm || n < 3), "a use spent");
        // The Teleport on the same board: the nearest tile that way it may take.
        let setup = Setup { charge: Some(Charge::Teleport), ..Setup::default() };
        let view = retrace::ui::explodo::ExplodoView::new(setup, seed);
        let s = view.session.state().clone();
        let want = (1..=3).map(|k| (0..k).fold(s.player.at, |p, _| p.step(right))).find(|&q| {
            let mut t = s.clone();
            Explodo::apply(&mut t, &Action::UseCharge(Aim::At(q))).is_ok()
        });
        let dir = tempfile::tempdir().unwrap();
        let mut h = explodo_window(dir.path(), view);
        h.key_press(egui::Key::P);
        h.run();
        h.key_press(egui::Key::ArrowRight);
        h.run();
        if let Some(q) = want {
            assert_eq!(explodo(&mut h).session.state().player.at, q, "seed {seed}: P then → jumped to {q:?}");
        }
        return;
    }
    panic!("no seed in 1..40 with an ICBM that comes down past the next tile");
}

/// A click on a wall ends auto-move's walk (issue 62 item 14: a regression
/// had the walk go on).
#[test]
fn a_click_on_a_wall_ends_the_walk() {
    use retrace_kernel::explodo::board::Tile;
    use retrace_kernel::explodo::route::route;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "")));
    h.run();
    let s = explodo(&mut h).session.state().clone();
    let (to, _) = s
        .board
        .layout
        .positions()
        .filter(|p| p.king(s.player.at) > 2)
        .filter_map(|p| route(&s, p).filter(|r| r.steps.len() > 2).map(|r| (p, r)))
        .min_by_key(|(p, r)| (r.steps.len(), p.y, p.x))
        .expect("a way of a few steps");
    click_tile(&mut h, to);
    let v = explodo(&mut h);
    assert!(v.walking.walk.is_some() || v.session.state().player.at == to, "walking there");
    if v.walking.walk.is_none() {
        return; // (It got there at once: nothing left to stop.)
    }
    let s = v.session.state().clone();
    let wall = s.board.layout.positions().find(|&p| s.board.layout.tile(p) == Tile::Wall).expect("a wall");
    click_tile(&mut h, wall);
    assert_eq!(explodo(&mut h).walking.walk, None, "the wall's click ended the walk");
}

/// Looking around works while the autopilot walks (issue 62 item 14): Alt
/// and an arrow, or the right stick, move the view; Home brings it back.
#[test]
fn the_view_looks_around_while_the_autopilot_walks() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = enemies_gone_on_level_1(dir.path());
    assert!(explodo(&mut h).piloting(), "the autopilot has the board");
    assert_eq!(explodo(&mut h).screen.look, None);
    // (A frame at a time: the autopilot soon reaches the exit.)
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::ArrowRight);
    h.step();
    assert!(explodo(&mut h).screen.look.is_some(), "Alt + → looked");
    h.key_press(egui::Key::Home);
    h.step();
    assert_eq!(explodo(&mut h).screen.look, None, "Home follows you again");
    h.state_mut().pad_presses.push(retrace::pad::Button::LookDown);
    h.step();
    assert!(explodo(&mut h).screen.look.is_some(), "the right stick looked");
}

/// The opening demo by pad, as the spec says it (issue 62 item 14): the
/// d-pad works it (→ a scene on, ↑ the shuffle, ↓ the first scene), R1 the
/// next input, the other face buttons do nothing, and the confirm button
/// (once held), Start or LB plays.
#[test]
fn the_opening_demo_by_pad() {
    use retrace::pad::Button as P;
    let open = |dir: &std::path::Path| {
        let mut h = harness(dir);
        h.run();
        h.get_by_label("New run").click();
        h.run();
        assert!(explodo(&mut h).dialogs.demo.as_ref().is_some_and(|d| d.attract), "the opening demo");
        h
    };
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(dir.path());
    let press = |h: &mut Harness<'static, RetraceApp>, b: P| {
        h.state_mut().pad_presses.push(b);
        h.run();
    };
    let first = explodo(&mut h).dialogs.demo.as_ref().unwrap().index;
    press(&mut h, P::Right);
    assert_eq!(explodo(&mut h).dialogs.demo.as_ref().unwrap().index, first + 1, "→ a scene on");
    press(&mut h, P::Down);
    assert_eq!(explodo(&mut h).dialogs.demo.as_ref().unwrap().index, 0, "↓ the first scene");
    let shuffled = explodo(&mut h).dialogs.demo.as_ref().unwrap().place().shuffle;
    press(&mut h, P::Up);
    assert_ne!(explodo(&mut h).dialogs.demo.as_ref().unwrap().place().shuffle, shuffled, "↑ the shuffle");
    let input = explodo(&mut h).dialogs.demo.as_ref().unwrap().input();
    press(&mut h, P::RightShoulder);
    assert_ne!(explodo(&mut h).dialogs.demo.as_ref().unwrap().input(), input, "R1 the next input");
    for b in [P::East, P::West, P::North, P::Select] {
        press(&mut h, b);
        assert!(explodo(&mut h).dialogs.demo.is_some(), "{b:?} does not play");
    }
    press(&mut h, P::South);
    assert!(explodo(&mut h).dialogs.demo.is_none(), "the confirm button plays");
    for b in [P::Start, P::LeftShoulder] {
        let dir = tempfile::tempdir().unwrap();
        let mut h = open(dir.path());
        press(&mut h, b);
        assert!(explodo(&mut h).dialogs.demo.is_none(), "{b:?} plays");
    }
}

/// The watcher's board stays put when a dialog comes (issue 62 item 6: it
/// jumped as the shop's panel appeared): the panel is kept while empty.
#[test]
fn the_watchers_board_stays_put_when_a_dialog_comes() {
    let (full, _) = first_shop();
    // A step whose dialog (the gem's cards, a cleared level, the shop)
    // comes on the board of the step before.
    let mut probe = full.clone();
    let k = (1..=full.step())
        .find(|&k| {
            probe.seek(k - 1);
            let (level, empty) = (probe.state().run.level, probe.state().run.dialogs.is_empty());
            probe.seek(k);
            empty && !probe.state().run.dialogs.is_empty() && probe.state().run.level == level
        })
        .expect("a dialog comes on a level's own board");
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.run();
    let bytes = std::fs::read(fixtures::root().join("replays/explodo-first-shop.replay")).unwrap();
    h.state_mut().open_bytes("explodo-first-shop.replay", &bytes);
    let board_at = |h: &mut Harness<'static, RetraceApp>, step: u32| {
        if let Screen::Watch(v) = &mut h.state_mut().screen {
            v.playing = false;
            v.seek(step);
        }
        h.run();
        h.get_by_label("watched board").rect()
    };
    let before = board_at(&mut h, k - 1);
    let with_dialog = board_at(&mut h, k);
    assert_eq!(with_dialog, before, "step {k}: the board did not jump");
}

/// The gem's list keeps its place as a card is chosen (issue 62 item 6: it
/// re-centred after a click and put the pointer on another card): a dialog
/// keeps its top-left corner while it stays open.
#[test]
fn the_gems_list_keeps_its_place_as_cards_are_selected() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = developer_run_on_seed_4(dir.path());
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert!(h.query_by_label("Slide").is_some(), "the rainbow gem's cards");
    let first = retrace::ui::dialog_rect(&h.ctx, "explodo-gem").expect("the gem's dialog");
    for _ in 0..4 {
        h.key_press(egui::Key::ArrowDown);
        h.run();
        let now = retrace::ui::dialog_rect(&h.ctx, "explodo-gem").expect("still open");
        assert_eq!(now.min, first.min, "the corner stays put");
    }
}

/// Barrels, spikes, charges on the floor, decoys and cracks are drawn, not
/// lettered (issue 62 item 13: "!", "^", "I", "@" and "/" stood where
/// pictures belong): no such text on a board that has them.
#[test]
fn barrels_and_spikes_are_pictures_not_letters() {
    use retrace_kernel::explodo::board::{BARREL_FROM, SPIKES_FROM};
    use retrace_kernel::explodo::Setup;
    let level = BARREL_FROM.max(SPIKES_FROM);
    let setup = Setup { start_level: level, ..Setup::default() };
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(setup, 5));
    h.run();
    let s = explodo(&mut h).session.state().clone();
    let l = &s.board.layout;
    assert!(l.positions().any(|p| l.tile(p) == retrace_kernel::explodo::board::Tile::Barrel), "a barrel");
    assert!(l.positions().any(|p| l.has(p, retrace_kernel::explodo::board::SPIKES)), "spikes");
    // The text shapes' strings.
    fn texts(shapes: &[egui::epaint::ClippedShape]) -> Vec<String> {
        let text = |s: &egui::Shape| match s {
            egui::Shape::Text(t) => Some(t.galley.job.text.clone()),
            _ => None,
        };
        flat_shapes(shapes).into_iter().filter_map(text).collect()
    }
    let drawn = texts(&h.output().shapes);
    assert!(!drawn.iter().any(|t| t == "!" || t == "^"), "letters on the board: {drawn:?}");
    // A charge on the floor, a decoy and a cracked pillar: pictures too ("I",
    // "@" and "/" were drawn).
    let free: Vec<_> = l.positions().filter(|&p| l.tile(p) == retrace_kernel::explodo::board::Tile::Floor).collect();
    let mut s = s.clone();
    let charge = retrace_kernel::explodo::items::Charge::Icbm;
    s.board.drops.push(retrace_kernel::explodo::Drop { pos: free[0], coins: 0, charge: Some((charge, 3)) });
    s.enemies.decoy = Some(free[1]);
    s.board.layout.set(free[2], retrace_kernel::explodo::board::Tile::Cracked);
    let ctx = egui::Context::default();
    let out = ctx.run_ui(egui::RawInput::default(), |ui| {
        let rect = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(600.0, 600.0));
        retrace::ui::explodo::paint(ui.painter(), rect, &s);
    });
    let drawn = texts(&out.shapes);
    out.drop_without_applying_deltas();
    for letter in ["I", "@", "/", "!", "^"] {
        assert!(!drawn.iter().any(|t| t == letter), "{letter} on the board: {drawn:?}");
    }
}

/// The circles of a painted board with the given stroke colour.
fn rings_of(shapes: &[egui::epaint::ClippedShape], colour: egui::Color32) -> usize {
    flat_shapes(shapes)
        .into_iter()
        .filter(|s| matches!(s, egui::Shape::Circle(c) if c.stroke.color == colour && c.stroke.width > 0.0))
        .count()
}

/// Issue 65 item 6: what the player carries shows on the player. A Shield
/// is a pale blue ring, Flame Pass an orange one, Star turns a gold aura,
/// and the charge's disc sits at the player's tile; none of them without.
/// Snapshot: the player with a Shield and a Star.
#[test]
fn the_player_wears_a_shield_flame_pass_and_star() {
    use retrace::ui::explodo::pictures::{FLAME_PASS_RING, SHIELD_RING, STAR_AURA};
    use retrace_kernel::explodo::items::Charge;
    let start = fixtures::explodo(1, "").state().clone();
    let paint = |s: &retrace_kernel::explodo::State| {
        let ctx = egui::Context::default();
        let out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let rect = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(600.0, 600.0));
            retrace::ui::explodo::paint(ui.painter(), rect, s);
        });
        let rings = [SHIELD_RING, FLAME_PASS_RING, STAR_AURA].map(|c| rings_of(&out.shapes, c));
        out.drop_without_applying_deltas();
        rings
    };
    assert_eq!(paint(&start), [0, 0, 0], "nothing carried, nothing worn");
    let mut s = start.clone();
    s.player.charge = Some((Charge::Shield, 1));
    s.player.star = 4;
    assert_eq!(paint(&s), [1, 0, 1], "a Shield's ring and the Star's aura");
    s.player.charge = Some((Charge::FlamePass, 3));
    s.player.star = 0;
    assert_eq!(paint(&s), [0, 1, 0], "Flame Pass's ring");
    if retrace_gpu::gpu_for_tests("the player's rings snapshot").is_none() {
        return;
    }
    s.player.charge = Some((Charge::Shield, 1));
    s.player.star = 4;
    let at = s.player.at;
    let mut h = egui_kittest::Harness::builder().with_size([240.0, 240.0]).wgpu().build_ui(move |ui| {
        // A tile either way of the player, large.
        let cell = 240.0 / 3.0;
        let origin = egui::pos2(-(at.x as f32 - 1.0) * cell, -(at.y as f32 - 1.0) * cell);
        let (w, h) = (s.board.layout.w as f32 * cell, s.board.layout.h as f32 * cell);
        retrace::ui::explodo::paint(ui.painter(), egui::Rect::from_min_size(origin, egui::vec2(w, h)), &s);
    });
    h.run();
    h.snapshot("explodo-player-shield-star");
}

/// Issue 65 item 7: a bomb just set shows on the board from its first
/// turn: its blast's tiles outlined in red with the turns until they burn
/// (3: this turn, the next, then the one they burn in), not only in its
/// last two turns.
#[test]
fn a_new_bombs_blast_shows_the_turns_until_it_burns() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::resume(fixtures::explodo(1, "br")));
    h.run();
    let red = egui::Color32::from_rgb(230, 40, 40);
    let counts: Vec<String> = flat_shapes(&h.output().shapes)
        .into_iter()
        .filter_map(|s| match s {
            egui::Shape::Text(t)
                if t.fallback_color == red || t.galley.job.sections.iter().any(|x| x.format.color == red) =>
            {
                Some(t.galley.job.text.clone())
            }
            _ => None,
        })
        .collect();
    let s = explodo(&mut h).session.state().clone();
    let tiles = retrace::ui::explodo::danger_ahead(&s).values().filter(|&&k| k == 2).count();
    assert!(tiles >= 2, "the bomb's tile and its arms: {tiles}");
    assert_eq!(counts, vec!["3".to_string(); tiles], "each outlined tile says 3");
}

/// Your tile is named in the accessibility tree where it is drawn ("you,
/// row R column C", counted from 1): a screen reader's, and what the page's
/// test holds a finger beside (the other tests' taps and holds on tiles show
/// the name takes no press from the board).
#[test]
fn your_tile_is_named_where_it_is_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = explodo_window(dir.path(), retrace::ui::explodo::ExplodoView::new(Default::default(), 1));
    let at = explodo(&mut h).session.state().player.at;
    let label = format!("you, row {} column {}", at.y + 1, at.x + 1);
    let named = h.get_by_label(&label).rect();
    let centre = tile_pos(&mut h, at);
    assert!((named.center() - centre).length() < 1.0, "{label} at {named:?}, the tile's centre {centre:?}");
}
