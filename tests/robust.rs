//! Bad input never panics: every game's `start` and `apply` under random
//! setups and random action logs, and every text parser under mutated text.
//! A session that survives its random log must also save as a replay that
//! verifies (so rejected actions really changed nothing). Case counts fit
//! CI; `RETRACE_ROBUST_CASES=N` runs longer. The cases come from a fixed seed,
//! so a run is the same everywhere; `RETRACE_ROBUST_SEED=N` explores others.

use proptest::prelude::*;
use retrace_kernel::explodo::board::{Diag, Dir, Pos};
use retrace_kernel::explodo::{Aim, Explodo};
use retrace_kernel::life::{Life, Tool};
use retrace_kernel::miau::{Automaton, Miau, Pair, Profile, Step};
use retrace_kernel::mines::{MineLayer, Tier};
use retrace_kernel::verify::verify;
use retrace_kernel::{Game, Session};

/// Cases per property: small in CI, more with `RETRACE_ROBUST_CASES`.
fn config(default: u32) -> ProptestConfig {
    let cases = std::env::var("RETRACE_ROBUST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    let seed = std::env::var("RETRACE_ROBUST_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(2026);
    ProptestConfig {
        cases,
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(seed),
        ..ProptestConfig::default()
    }
}

/// Plays `actions` from `setup`: rejections are fine, panics are not; a game
/// that starts must save a replay of what was accepted that verifies.
/// Returns how many actions the game accepted, or `None` when it refused the setup.
fn play<G: Game>(setup: G::Setup, seed: u64, actions: Vec<G::Action>) -> Result<Option<u32>, TestCaseError> {
    let Ok(mut session) = Session::<G>::new(setup, seed) else { return Ok(None) };
    for a in actions {
        let _ = session.push(a);
    }
    let file = session.to_replay("robust");
    let v = verify(&file).map_err(|e| TestCaseError::fail(format!("the survivor's replay does not verify: {e}")))?;
    prop_assert_eq!(v.steps, session.step());
    prop_assert_eq!(v.final_digest, session.digest());
    Ok(Some(session.step()))
}

/// Runs [`play`] over `cases` random (setup, seed, log) triples and checks
/// that the generators reach the rules: at least a quarter of the setups
/// start, and the games accept some of the actions.
fn survive<G: Game>(cases: u32, strategy: impl Strategy<Value = (G::Setup, u64, Vec<G::Action>)>)
where
    G::Setup: std::fmt::Debug,
    G::Action: std::fmt::Debug,
{
    use std::sync::atomic::{AtomicU32, Ordering};
    let (started, accepted) = (AtomicU32::new(0), AtomicU32::new(0));
    let mut runner = proptest::test_runner::TestRunner::new(config(cases));
    runner
        .run(&strategy, |(setup, seed, log)| {
            if let Some(n) = play::<G>(setup, seed, log)? {
                started.fetch_add(1, Ordering::Relaxed);
                accepted.fetch_add(n, Ordering::Relaxed);
            }
            Ok(())
        })
        .unwrap();
    let (started, accepted) = (started.into_inner(), accepted.into_inner());
    let cases = config(cases).cases;
    assert!(started * 4 >= cases, "only {started} of {cases} random setups started");
    assert!(accepted >= started, "only {accepted} actions accepted over {started} games");
}

/// A text with up to `edits` random changes: bytes replaced, inserted or
/// removed at random places (kept valid UTF-8 by working on chars).
fn mutated(base: &'static str, edits: usize) -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "\n\t \"'=[]{}.,#0123456789-+*/!oObB$xyrule:abcIS\u{0}\u{1b}é😺".chars().collect();
    prop::collection::vec((any::<prop::sample::Index>(), 0..3u8, prop::sample::select(alphabet)), 0..=edits).prop_map(
        move |edits| {
            let mut chars: Vec<char> = base.chars().collect();
            for (at, kind, c) in edits {
                let i = at.index(chars.len() + 1);
                match kind {
                    0 if i < chars.len() => chars[i] = c,
                    1 => chars.insert(i, c),
                    _ if i < chars.len() => {
                        chars.remove(i);
                    }
                    _ => chars.push(c),
                }
            }
            chars.into_iter().collect()
        },
    )
}

fn coord() -> impl Strategy<Value = u32> {
    prop_oneof![0u32..48, any::<u32>()]
}

fn life_setup() -> impl Strategy<Value = retrace_kernel::life::Setup> {
    use retrace_kernel::life::Setup;
    prop_oneof![
        (
            prop_oneof![3 => 1u32..40, 1 => any::<u32>()],
            prop_oneof![3 => 1u32..40, 1 => any::<u32>()],
            any::<bool>(),
            any::<u32>()
        )
            .prop_map(|(w, h, wrap, budget)| Setup::TwoPlayer { w, h, wrap, budget }),
        prop_oneof![0u16..110, any::<u16>()].prop_map(|level| Setup::Campaign { level }),
    ]
}

fn life_action() -> impl Strategy<Value = retrace_kernel::life::Action> {
    use retrace_kernel::life::Action;
    let tool = prop::sample::select(vec![Tool::Pencil, Tool::Brush, Tool::Eraser, Tool::Eraser4]);
    prop_oneof![
        4 => (coord(), coord(), tool).prop_map(|(x, y, tool)| Action::Paint { x, y, tool }),
        2 => (coord(), coord(), any::<u8>(), any::<u8>()).prop_map(|(x, y, pattern, rot)| Action::Stamp { x, y, pattern, rot }),
        1 => Just(Action::Reset),
        2 => Just(Action::Commit),
        2 => Just(Action::HandoffNext),
        1 => Just(Action::HandoffBack),
        2 => prop_oneof![0u32..300, Just(u32::MAX)].prop_map(|gens| Action::Advance { gens }),
        1 => Just(Action::Pause),
        1 => Just(Action::Resume),
        1 => any::<u8>().prop_map(|player| Action::Edit { player }),
        1 => Just(Action::End),
    ]
}

fn mines_setup() -> impl Strategy<Value = retrace_kernel::mines::Setup> {
    prop_oneof![
        Just(Tier::Beginner),
        Just(Tier::Intermediate),
        (prop_oneof![5u16..12, any::<u16>()], prop_oneof![5u16..12, any::<u16>()], any::<u16>())
            .prop_map(|(cols, rows, density_permille)| Tier::Custom { cols, rows, density_permille }),
    ]
    .prop_map(|tier| retrace_kernel::mines::Setup { tier })
}

fn mines_action() -> impl Strategy<Value = retrace_kernel::mines::Action> {
    use retrace_kernel::mines::Action;
    let cell = prop_oneof![0u16..200, any::<u16>()];
    let ms = prop_oneof![0u32..100_000, any::<u32>()];
    prop_oneof![
        4 => (cell.clone(), ms.clone()).prop_map(|(cell, ms)| Action::Toggle { cell, ms }),
        2 => cell.prop_map(|cell| Action::Cycle { cell }),
        1 => ms.prop_map(|ms| Action::Reveal { ms }),
    ]
}

fn explodo_action() -> impl Strategy<Value = retrace_kernel::explodo::Action> {
    use retrace_kernel::explodo::Action;
    let dir = prop::sample::select(vec![Dir::Up, Dir::Down, Dir::Left, Dir::Right]);
    let diag = prop::sample::select(vec![Diag::UpLeft, Diag::UpRight, Diag::DownLeft, Diag::DownRight]);
    let pos =
        (prop_oneof![-2i32..20, any::<i32>()], prop_oneof![-2i32..20, any::<i32>()]).prop_map(|(x, y)| Pos { x, y });
    prop_oneof![
        6 => dir.clone().prop_map(Action::Move),
        3 => dir.clone().prop_map(Action::Bomb),
        3 => Just(Action::Wait),
        1 => dir.clone().prop_map(Action::Run),
        1 => dir.clone().prop_map(Action::Slide),
        1 => diag.prop_map(Action::Diagonal),
        1 => dir.clone().prop_map(Action::Kick),
        1 => dir.clone().prop_map(Action::Throw),
        1 => dir.clone().prop_map(Action::Rpg),
        1 => pos.clone().prop_map(Action::Detonate),
        1 => prop_oneof![Just(Aim::Me), dir.prop_map(Aim::Dir), pos.prop_map(Aim::At)].prop_map(Action::UseCharge),
        1 => any::<u8>().prop_map(Action::Choose),
        1 => any::<u8>().prop_map(Action::Buy),
        1 => Just(Action::Restock),
        1 => Just(Action::LeaveShop),
        1 => Just(Action::KeepCharge),
        1 => Just(Action::TakeCharge),
        1 => Just(Action::FreezeFirst),
    ]
}

fn miau_setup() -> impl Strategy<Value = retrace_kernel::miau::Setup> {
    let token = prop::sample::select(vec![
        "MIAU", "IS", "YOU", "WIN", "PUSH", "STOP", "SINK", "AND", "ROCK", "FLAG", "TICK", "OPEN", "SHUT", "FRAIL",
        "m", "r", "f", ".", ".", ".", ".", "m+r", "p", "g",
    ]);
    // Rows of one width under a `MIAU IS YOU` row, with a miau somewhere (a
    // ragged or unknown cell now and then, refused).
    let grid =
        (1usize..5, 3usize..7, any::<prop::sample::Index>(), any::<u8>()).prop_flat_map(move |(h, w, at, spoil)| {
            prop::collection::vec(token.clone(), h * w).prop_map(move |mut cells| {
                cells[at.index(h * w)] = "m";
                let mut rows: Vec<String> = vec![format!("MIAU IS YOU{}", " .".repeat(w - 3))];
                rows.extend(cells.chunks(w).map(|r| r.join(" ")));
                if spoil % 16 == 0 {
                    rows[0].push_str(" ??");
                }
                rows.join(" / ")
            })
        });
    let step = prop_oneof![
        4 => Just(Step::Wait),
        4 => Just(Step::Move(1, 0)),
        4 => Just(Step::Move(0, -1)),
        1 => (any::<i32>(), any::<i32>()).prop_map(|(dx, dy)| Step::Move(dx, dy)),
    ];
    let automaton =
        (prop::collection::vec(step, 0..4), 0u32..3, prop::sample::select(vec!["TICK", "TICK", "TICK", "YOU", "X Y"]))
            .prop_map(|(pattern, phase, property)| Automaton {
                id: "a".into(),
                subject: None,
                property: property.into(),
                phase,
                pattern,
            });
    let pair = (prop::sample::select(vec!["OPEN", "OPEN", "OPEN", "SHUT", "IS", ""]), any::<bool>())
        .prop_map(|(w, enter)| Pair { words: [w.into(), "SHUT".into()], enter });
    let profile = prop::sample::select(vec![Profile::Miau, Profile::Miau, Profile::Keke]);
    (grid, prop::collection::vec(automaton, 0..=1), prop::collection::vec(pair, 0..=1), any::<bool>(), profile)
        .prop_map(|(grid, automata, pairs, terrain, profile)| retrace_kernel::miau::Setup {
            grid,
            legend: [("m", "miau"), ("r", "rock"), ("f", "flag"), ("p", "plate:amber"), ("g", "gate:amber")]
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
            terrain: if terrain { vec!["rock".into()] } else { vec![] },
            pairs,
            automata,
            profile,
        })
}

fn miau_action() -> impl Strategy<Value = retrace_kernel::miau::Action> {
    use retrace_kernel::miau::Action;
    prop::sample::select(vec![Action::Up, Action::Down, Action::Left, Action::Right, Action::Wait])
}

#[test]
fn life_survives_random_setups_and_logs() {
    survive::<Life>(200, (life_setup(), any::<u64>(), prop::collection::vec(life_action(), 0..60)));
}

#[test]
fn minelayer_survives_random_setups_and_logs() {
    survive::<MineLayer>(100, (mines_setup(), any::<u64>(), prop::collection::vec(mines_action(), 0..60)));
}

#[test]
fn explodorama_survives_random_setups_and_logs() {
    let setup = (any::<bool>(), any::<bool>()).prop_map(|(developer, immortal)| retrace_kernel::explodo::Setup {
        developer,
        immortal,
        ..Default::default()
    });
    survive::<Explodo>(200, (setup, any::<u64>(), prop::collection::vec(explodo_action(), 0..80)));
}

#[test]
fn miau_survives_random_setups_and_logs() {
    survive::<Miau>(200, (miau_setup(), Just(0u64), prop::collection::vec(miau_action(), 0..40)));
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn packs_never_panic_and_every_error_has_a_place(text in mutated(include_str!("../app/packs/first-steps.toml"), 12)) {
        let (pack, report) = retrace_kernel::miau::pack::load(&text);
        prop_assert_eq!(pack.is_some(), report.errors.is_empty());
        for e in &report.errors {
            prop_assert!(!e.path.is_empty(), "an error without a place: {}", e.message);
        }
    }

    #[test]
    fn rle_never_panics_and_errors_name_the_line(text in mutated("#N glider\nx = 3, y = 3, rule = B3/S23\nbob$2bo$3o!\n", 10)) {
        if let Err(e) = retrace_kernel::life::rle::parse(&text) {
            prop_assert!(e.contains("line"), "{}", e);
        }
    }

    #[test]
    fn mines_fields_never_panic_and_errors_name_the_place(text in mutated("1.2\n.3.\n2.1\n", 8)) {
        if let Err(e) = retrace_kernel::mines::field::Puzzle::parse(&text) {
            prop_assert!(e.contains("row") || e.contains("line") || e.contains("empty"), "{}", e);
        }
    }

    #[test]
    fn explodo_tokens_never_panic_and_errors_name_the_line(text in mutated("r r br w\nd l # a comment\nw w\n", 8)) {
        if let Err(e) = retrace::cli::explodo::parse_moves(&text) {
            prop_assert!(e.starts_with("line "), "{}", e);
        }
    }

    #[test]
    fn replay_bytes_never_panic(flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6)) {
        let mut bytes = include_bytes!("../replays/explodo-first-shop.replay").to_vec();
        for (at, b) in flips {
            let i = at.index(bytes.len());
            bytes[i] ^= b.max(1);
        }
        if let Ok(file) = retrace_kernel::ReplayFile::from_bytes(&bytes) {
            let _ = verify(&file);
        }
    }
}

/// A score board of three runs, as the app writes it.
const SCORES: &str = "# Explodorama high scores\n1\t20\t350\t900\t41\t2\t0\t7\t2026-11-30\tall levels cleared\tBomb Up; Kick\n0\t7\t80\t210\t9\t3\t1\t42\t2026-11-29\tblast on level 7\t\n0\t2\t5\t30\t1\t3\t0\t3\t2026-11-28\tcaught\tRun\n";

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn score_boards_never_panic_name_the_line_and_round_trip(text in mutated(SCORES, 10)) {
        use retrace_kernel::explodo::scores;
        match scores::from_text(&text) {
            Ok(board) => {
                // Writing normalizes (a `;` inside a power-up's name becomes
                // `,`); what is written once reads back and writes the same.
                let once = scores::to_text(&board);
                let again = scores::from_text(&once).map(|b| scores::to_text(&b));
                prop_assert_eq!(again, Ok(once));
            }
            Err(e) => prop_assert!(e.starts_with("line "), "{}", e),
        }
    }

    #[test]
    fn settings_never_panic_and_round_trip(text in mutated("theme = light\nlang = ru\nmines_lang = de\nmines_tier = expert\nmines_assist = false\nlife_unlocked = 12\n", 12)) {
        use retrace::store::Settings;
        let s = Settings::from_text(&text);
        prop_assert_eq!(Settings::from_text(&s.to_text()), s);
    }

    #[test]
    fn mines_statistics_never_panic_and_round_trip(text in mutated("# MineLayer statistics\n", 16)) {
        use retrace_kernel::mines::stats::Stats;
        let s = Stats::from_text(&text);
        prop_assert_eq!(Stats::from_text(&s.to_text()), s);
    }

    #[test]
    fn miau_progress_files_never_panic_and_name_the_line(text in mutated("# Miau Is True: levels won\nfirst-steps/pass-it-on\nworkshop/hand-off\n", 10)) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("miau-progress.txt");
        std::fs::write(&path, &text).unwrap();
        let (won, problem) = retrace::store::miau::load_progress(&path);
        match problem {
            None => prop_assert!(won.iter().all(|w| w.contains('/')), "{:?}", won),
            Some(p) => {
                prop_assert!(won.is_empty());
                prop_assert!(p.contains(": line ") && p.contains("It was kept as"), "{}", p);
                prop_assert!(!path.exists(), "the bad file was moved aside, not left to be saved over");
            }
        }
    }
}
