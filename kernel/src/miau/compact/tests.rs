//! Tests of `compact.rs`.

//! The compact state against the game, move by move.

use super::super::board::{Kind, Name};
use super::super::key::Keyer;
use super::super::solver::MOVES;
use super::super::{Action, Automaton, Miau, Pair, Setup, Step};
use super::*;
use crate::game::Game;
use crate::rng::Rng;

/// Levels that reach every rule the compact state plays: transformations
/// (chains and cycles), SINK and FLOAT, DEFEAT, several YOUs, GOAL, fixed
/// words, terrain, stacked words, a YOU that is WIN.
fn levels() -> Vec<(String, Setup)> {
    let legend: Vec<(String, String)> =
        [("m", "miau"), ("r", "rock"), ("f", "flag"), ("w", "wall"), ("c", "crate"), ("a", "water"), ("d", "dock")]
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
    let grids: [(&str, &[&str]); 9] = [
        ("ROCK IS FLAG . . / FLAG IS ROCK . . / MIAU IS YOU . . / r f m . . / ROCK IS PUSH . .", &[]),
        ("MIAU IS YOU . . . / WATER IS SINK . . . / ROCK IS FLOAT . . . / m r a . . f / FLAG IS WIN . . . / ROCK IS PUSH . . .", &[]),
        ("MIAU IS YOU . . / WALL IS DEFEAT . . / m . w . . / ROCK IS YOU . . / r . . FLAG IS / . f . . WIN", &[]),
        ("MIAU IS YOU . . / DOCK IS GOAL . . / CRATE IS PUSH . . / m c . d . / . c . d . / . . . . .", &[]),
        ("MIAU IS YOU . . / m w IS! . . / WALL IS PUSH . . / . . . . . / FLAG IS WIN f .", &["wall"]),
        ("m . ROCK+IS . . / MIAU IS YOU . . / . r . FLAG . / . . . IS . / . . f WIN .", &[]),
        ("MIAU IS YOU AND WIN / m . . . . / ROCK IS MIAU . . / r . . . .", &[]),
        ("MIAU IS YOU . . / CRATE IS YOU . . / m . c a . / WATER IS SINK . . / CRATE IS FLOAT . . / ROCK IS MIAU AND ROCK / r . . . .", &[]),
        ("MIAU IS YOU . . / m+d c+d . . . / DOCK IS GOAL . . / CRATE IS PUSH . . / WALL IS CRATE . . / w . . . .", &[]),
    ];
    let mut out: Vec<(String, Setup)> = grids
        .iter()
        .enumerate()
        .map(|(i, (g, t))| {
            (
                format!("made-{i}"),
                Setup {
                    grid: g.to_string(),
                    legend: legend.clone(),
                    terrain: t.iter().map(|s| s.to_string()).collect(),
                    pairs: vec![],
                    automata: vec![],
                    profile: Default::default(),
                },
            )
        })
        .collect();
    let with = |extra: &[(&str, &str)]| {
        legend.iter().cloned().chain(extra.iter().map(|(a, b)| (a.to_string(), b.to_string()))).collect::<Vec<_>>()
    };
    // FRAIL with leftovers and a chain (sand leaves a shoal, a shoal water), handovers, sinking.
    out.push(("made-frail".into(), Setup {
        grid: "MIAU IS YOU . . . / DRIFT IS FRAIL . . . / m d d s . . / . r . d h . / SAND IS FRAIL . . . / ROCK IS PUSH . . . / WATER IS SINK . . . / SHOAL IS FRAIL AND PUSH .".into(),
        legend: with(&[("d", "drift>water"), ("s", "sand>shoal"), ("h", "shoal>water")]),
        terrain: vec![],
        pairs: vec![],
        automata: vec![],
        profile: Default::default(),
    }));
    // Gates and plates on two channels, a gate that can become a rock, a jam.
    out.push(("made-gates".into(), Setup {
        grid: "MIAU IS YOU . . . / m . p g . f / ROCK IS PUSH . . . / . r q k . . / FLAG IS WIN . . . / GATE IS ROCK . . . / . . . . . .".into(),
        legend: with(&[("p", "plate:amber"), ("g", "gate:amber"), ("q", "plate:teal"), ("k", "gate:teal")]),
        terrain: vec![],
        pairs: vec![],
        automata: vec![],
        profile: Default::default(),
    }));
    // OPEN/SHUT pairs: keys enter doors (enter), rocks that are both, a
    // second pair without enter; the words can be pushed apart.
    out.push(("made-pairs".into(), Setup {
        grid: "MIAU IS YOU . . . / KEY IS PUSH AND OPEN . / DOOR IS STOP AND SHUT . / k d k m k d / d k . k d k / ROCK IS OPEN AND SHUT . / r k r+r d k+d . / ROCK IS WARM . . . / DOOR IS COLD . . .".into(),
        legend: with(&[("k", "key"), ("d", "door")]),
        terrain: vec![],
        pairs: vec![Pair { words: ["OPEN".into(), "SHUT".into()], enter: true }, Pair { words: ["WARM".into(), "COLD".into()], enter: false }],
        automata: vec![],
        profile: Default::default(),
    }));
    // Two automata: one for every TICK thing (with a wait), one for rocks that SPIN.
    out.push(("made-automata".into(), Setup {
        grid: "MIAU IS YOU . . . / FLAG IS TICK . . . / m . f . r . / ROCK IS SPIN . . . / . . . . . . / ROCK IS PUSH . . . / FLAG IS WIN . . .".into(),
        legend: legend.clone(),
        terrain: vec![],
        pairs: vec![],
        automata: vec![
            Automaton { id: "a-tick".into(), subject: None, property: "TICK".into(), phase: 1, pattern: vec![Step::Move(1, 0), Step::Wait, Step::Move(-1, 0), Step::Move(0, 1), Step::Move(0, -1)] },
            Automaton { id: "b-spin".into(), subject: Some("rock".into()), property: "SPIN".into(), phase: 0, pattern: vec![Step::Move(0, 1), Step::Move(0, -1), Step::Move(-1, 0)] },
        ],
        profile: Default::default(),
    }));
    for text in [
        include_str!("../../../../app/packs/first-steps.toml"),
        include_str!("../../../../app/packs/clockwork.toml"),
        include_str!("../../../../app/packs/crate-works.toml"),
        include_str!("../../../../app/packs/tidewater.toml"),
        include_str!("../../../../app/packs/crossword.toml"),
        include_str!("../../../../app/packs/workshop.toml"),
    ] {
        let pack = super::super::pack::load(text).0.expect("a shipped pack loads");
        out.extend(pack.levels.into_iter().map(|l| (l.id, l.setup)));
    }
    out
}

/// Random walks: from every state on the walk, each of the five moves is
/// stepped by the game and by the compact state (decoded once, then
/// marked, applied and undone move by move); they must agree on whether
/// the move is taken, the key, the player's word pushes, and the forbidden
/// and required rules, and undo must give the parent's key back.
/// The forbidden and required rules every walk checks.
fn constraints() -> (Vec<String>, Vec<String>) {
    (
        vec!["ROCK IS PUSH".to_string(), "MIAU IS ROCK".to_string()],
        vec!["FLAG IS WIN".to_string(), "MIAU IS YOU".to_string(), "ROCK IS FLAG".to_string()],
    )
}

/// A random walk of `steps` parents on one level: from each, each of the
/// five moves is stepped by the game and by the compact state (decoded
/// once, then marked, applied and undone move by move); they must agree on
/// whether the move is taken, the key, the player's word pushes, and the
/// forbidden and required rules, and undo must give the parent's key back.
/// Counts the moves compared and, in `seen`, the kinds of change met.
/// False when the level is not one the compact state takes.
/// Counts in `shared` the placements met that share a reading with an
/// earlier one.
fn walk(
    id: &str,
    setup: &Setup,
    steps: u32,
    seed: u64,
    seen: &mut [u32; 11],
    compared: &mut u32,
    shared: &mut u32,
) -> bool {
    let (forbid, require) = constraints();
    let start = Miau::start(setup, 0).unwrap();
    let keyer = Keyer::new(&start);
    let Some(level) = Level::new(&start, &keyer, &forbid, &require, None) else { return false };
    let mut c = Compact::new(&level);
    let mut rng = Rng::stream(seed, id);
    let mut s = start.clone();
    // Whether `s` is where a turn ended (not the level's start).
    let mut turned = false;
    for step in 0..steps {
        let mut key = Vec::new();
        keyer.key(&s, &mut key);
        c.decode(&key);
        let mut again = Vec::new();
        c.key(&mut again);
        assert_eq!(again, key, "{id} step {step}: decode then key");
        // The solver skips such a wait: the game must agree it changes nothing.
        let idle = turned && c.wait_is_idle();
        let mut taken = Vec::new();
        for a in MOVES {
            let mut t = s.clone();
            let mut pushed = false;
            let game = Miau::apply_in_place(&mut t, &a, Some(&mut pushed)).is_ok();
            let mark = c.mark();
            let mut fast_pushed = false;
            let fast = c.apply(a.delta(), &mut fast_pushed);
            assert_eq!(fast, game, "{id} step {step} {a:?}: taken");
            if game {
                let mut want = Vec::new();
                keyer.key(&t, &mut want);
                let mut got = Vec::new();
                c.key(&mut got);
                assert_eq!(got, want, "{id} step {step} {a:?}: the key");
                assert_eq!(fast_pushed, pushed, "{id} step {step} {a:?}: the player pushed a word");
                let texts = t.rules.texts();
                assert_eq!(c.banned(), forbid.iter().any(|r| texts.contains(r)), "{id} step {step} {a:?}: forbidden");
                let formed =
                    require.iter().enumerate().filter(|(_, r)| texts.contains(r)).fold(0u8, |m, (i, _)| m | 1 << i);
                assert_eq!(c.formed(), formed, "{id} step {step} {a:?}: formed");
                assert_eq!(c.words(), t.board.things.iter().filter(|t| matches!(t.kind, Kind::Word(_))).count());
                seen[0] += u32::from(t.won);
                seen[1] += u32::from(t.board.things.len() < s.board.things.len());
                seen[2] += u32::from(
                    t.board.things.iter().zip(&s.board.things).any(|(a, b)| a.id == b.id && a.kind != b.kind),
                );
                seen[3] += u32::from(pushed);
                seen[4] += u32::from(c.formed() != 0 && c.formed() != 7);
                seen[5] += u32::from(c.banned());
                seen[6] += u32::from(
                    t.board.things.iter().zip(&s.board.things).any(|(a, b)| a.id == b.id && a.open != b.open),
                );
                seen[7] += u32::from(t.phases != s.phases);
                seen[8] += u32::from(t.board.things.iter().any(|a| {
                    a.kind == Kind::Object(Name::new("shoal"))
                        && s.board.things.iter().any(|b| b.id == a.id && b.kind != a.kind)
                }));
                seen[9] += u32::from(!t.pairs.is_empty() && t.board.things.len() < s.board.things.len());
                if idle && a == Action::Wait {
                    assert_eq!(want, key, "{id} step {step}: an idle wait changes nothing");
                    seen[10] += 1;
                }
                taken.push(t);
                *compared += 1;
            }
            c.undo(mark);
            let mut back = Vec::new();
            c.key(&mut back);
            assert_eq!(back, key, "{id} step {step} {a:?}: undo");
        }
        // On to a random child; over when none (won, or nothing is YOU).
        turned = !taken.is_empty() && !rng.chance(1, 60);
        s = if turned { taken.swap_remove(rng.index(taken.len())) } else { start.clone() };
    }
    // Placements that read alike share one reading: no reading twice.
    for (i, r) in c.readings.iter().enumerate() {
        assert!(c.readings[i + 1..].iter().all(|o| o != r), "{id}: reading {i} is kept twice");
    }
    *shared += (c.reading_of.len() - c.readings.len()) as u32;
    true
}

#[test]
fn the_compact_state_plays_every_move_as_the_game_does() {
    let mut compared = 0;
    // Moves that won, removed things, transformed things, pushed words,
    // formed some required rules, formed a forbidden one, opened or shut a
    // gate, advanced an automaton, crumbled sand into a shoal, destroyed a pair.
    let mut seen = [0u32; 11];
    let mut shared = 0;
    for (id, setup) in levels() {
        assert!(walk(&id, &setup, 1500, 7, &mut seen, &mut compared, &mut shared), "{id} is played compactly");
    }
    assert!(
        seen.iter().all(|&n| n >= 10),
        "every kind of change is seen (the walks are seeded: these counts are fixed): {seen:?}"
    );
    assert!(compared > 40_000, "{compared} moves compared");
    assert!(shared > 100, "placements share readings: {shared}");
}

/// A random small level (5×4 to 8×7): `MIAU IS YOU` most of the time, two
/// to four more sentences across or down (a noun, IS, a property or a
/// noun), things and loose words scattered, stacks now and then; plates
/// and gates, water that leaves rock when FRAIL, a TICK automaton and an
/// OPEN/SHUT pair now and then.
fn random_level(rng: &mut Rng) -> Setup {
    const NOUNS: [&str; 7] = ["MIAU", "ROCK", "FLAG", "WALL", "WATER", "GATE", "ROCK"];
    const PREDICATES: [&str; 17] = [
        "YOU", "PUSH", "STOP", "WIN", "SINK", "DEFEAT", "FLOAT", "GOAL", "FRAIL", "PUSH", "WIN", "ROCK", "FLAG",
        "MIAU", "TICK", "OPEN", "SHUT",
    ];
    const LOOSE: [&str; 8] = ["IS", "AND", "WIN", "PUSH", "ROCK", "YOU", "OPEN", "TICK"];
    const THINGS: [&str; 7] = ["m", "r", "f", "w", "a", "p", "g"];
    let (w, h) = (5 + rng.below(4) as usize, 4 + rng.below(4) as usize);
    let mut cells = vec![".".to_string(); w * h];
    let put = |cells: &mut Vec<String>, at: usize, part: &str, stack: bool| {
        cells[at] = if cells[at] == "." || !stack { part.to_string() } else { format!("{}+{part}", cells[at]) };
    };
    let sentence = |cells: &mut Vec<String>, rng: &mut Rng, words: [&str; 3]| {
        let across = rng.chance(1, 2);
        let (x, y) = if across { (rng.index(w - 2), rng.index(h)) } else { (rng.index(w), rng.index(h - 2)) };
        for (k, word) in words.iter().enumerate() {
            let at = if across { y * w + x + k } else { (y + k) * w + x };
            put(cells, at, word, false);
        }
    };
    if rng.chance(4, 5) {
        sentence(&mut cells, rng, ["MIAU", "IS", "YOU"]);
    }
    for _ in 0..2 + rng.below(3) {
        let words = [NOUNS[rng.index(NOUNS.len())], "IS", PREDICATES[rng.index(PREDICATES.len())]];
        sentence(&mut cells, rng, words);
    }
    for _ in 0..3 + rng.below(6) {
        let at = rng.index(w * h);
        let stack = rng.chance(1, 4);
        put(&mut cells, at, THINGS[rng.index(THINGS.len())], stack);
    }
    for _ in 0..rng.below(4) {
        let at = rng.index(w * h);
        put(&mut cells, at, LOOSE[rng.index(LOOSE.len())], false);
    }
    if !cells.iter().any(|c| c.split('+').any(|p| p == "m")) {
        let at = rng.index(w * h);
        put(&mut cells, at, "m", true);
    }
    let grid = cells.chunks(w).map(|row| row.join(" ")).collect::<Vec<_>>().join(" / ");
    let legend = [
        ("m", "miau"),
        ("r", "rock"),
        ("f", "flag"),
        ("w", "wall"),
        ("a", "water>rock"),
        ("p", "plate:amber"),
        ("g", "gate:amber"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    let terrain = if rng.chance(1, 3) { vec!["wall".to_string()] } else { Vec::new() };
    // TICK and OPEN/SHUT are the level's custom words half the time (else plain nouns).
    let pairs = if rng.chance(1, 2) {
        vec![Pair { words: ["OPEN".into(), "SHUT".into()], enter: rng.chance(1, 2) }]
    } else {
        vec![]
    };
    let automata = if rng.chance(1, 2) {
        let steps = [Step::Move(1, 0), Step::Move(-1, 0), Step::Move(0, 1), Step::Move(0, -1), Step::Wait];
        let pattern: Vec<Step> = (0..1 + rng.below(5)).map(|_| steps[rng.index(steps.len())]).collect();
        let subject = if rng.chance(1, 2) { Some("rock".to_string()) } else { None };
        vec![Automaton {
            id: "tick".into(),
            subject,
            property: "TICK".into(),
            phase: rng.below(pattern.len() as u32),
            pattern,
        }]
    } else {
        vec![]
    };
    Setup { grid, legend, terrain, pairs, automata, profile: Default::default() }
}

#[test]
fn random_levels_play_the_same_on_the_compact_state() {
    // 600 generated levels (seeded, so the same every run), 150 parents each.
    let mut rng = Rng::stream(2026, "random miau levels");
    let (mut compared, mut seen) = (0, [0u32; 11]);
    for n in 0..600 {
        let setup = random_level(&mut rng);
        assert!(
            walk(&format!("random-{n}: {}", setup.grid), &setup, 150, n, &mut seen, &mut compared, &mut 0),
            "{}",
            setup.grid
        );
    }
    assert!(compared > 80_000, "{compared} moves compared");
    assert!(
        seen[..8].iter().all(|&n| n >= 20),
        "wins, removals, transformations, word pushes, rules formed and forbidden, gates, automata: {seen:?}"
    );
    assert!(seen[10] >= 1_000, "waits the solver skips, checked against the game: {}", seen[10]);
}

#[test]
fn generated_levels_get_the_same_answers_from_both_engines() {
    use super::super::solver::{solve_with, Options};
    let mut rng = Rng::stream(2027, "random miau levels for the solver");
    for n in 0..60 {
        let setup = random_level(&mut rng);
        for opts in [
            Options { max_states: 3_000, ..Options::default() },
            Options {
                max_states: 3_000,
                hands_off: true,
                require: vec!["FLAG IS WIN".into()],
                threads: 2,
                batch: 50,
                ..Options::default()
            },
        ] {
            let compact = solve_with(&setup, &opts, &mut crate::hashing::CpuHasher).unwrap();
            let general =
                solve_with(&setup, &Options { general: true, ..opts.clone() }, &mut crate::hashing::CpuHasher).unwrap();
            assert_eq!(compact, general, "level {n}: {} under {opts:?}", setup.grid);
        }
    }
}
