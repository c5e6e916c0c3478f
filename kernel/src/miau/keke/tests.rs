//! The keke rules' seven differences from Miau's own turn, each on a small
//! level of our own, with Miau's own turn on the same level beside it
//! (where Miau has the words) to show it unchanged.

use super::super::board::Kind;
use super::super::{Action, Miau, Profile, Setup};
use crate::game::Game;
use crate::session::Session;

/// A level of `grid` (rows split on ` / `; nouns by name, `+` stacks).
fn setup(grid: &str, profile: Profile) -> Setup {
    Setup { grid: grid.replace(" / ", "\n"), legend: vec![], terrain: vec![], pairs: vec![], automata: vec![], profile }
}

/// The board's objects after `moves` (U D L R W) from `grid`'s start, as
/// rows of cells (`.` empty, a cell's objects by noun joined with `+`);
/// words are left out so the rows show what moved. A move the game refuses
/// is written `!` in its place in the returned log.
fn play(grid: &str, profile: Profile, moves: &str) -> (String, String) {
    let mut s = Session::<Miau>::new(setup(grid, profile), 0).expect("the level starts");
    let mut log = String::new();
    for c in moves.chars() {
        let a = Action::from_letter(c).expect("a move letter");
        log.push(if s.push(a).is_ok() { c } else { '!' });
    }
    (board(s.state()), log)
}

fn board(s: &super::super::State) -> String {
    let b = &s.board;
    (0..b.h)
        .map(|y| {
            (0..b.w)
                .map(|x| {
                    let here: Vec<String> = b
                        .things
                        .iter()
                        .filter(|t| (t.x, t.y) == (x, y))
                        .filter_map(|t| if let Kind::Object(n) = t.kind { Some(n.to_string()) } else { None })
                        .collect();
                    if here.is_empty() {
                        ".".to_string()
                    } else {
                        here.join("+")
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

/// The objects' rows after `moves` under the keke rules, and under Miau's.
fn check(grid: &str, moves: &str, keke: &str, miau: &str) {
    assert_eq!(play(grid, Profile::Keke, moves).0, keke, "keke rules: {grid} after {moves}");
    assert_eq!(play(grid, Profile::Miau, moves).0, miau, "Miau's rules: {grid} after {moves}");
}

#[test]
fn d1_yous_move_one_at_a_time_and_block_each_other() {
    // Moving left against the edge: the first baba cannot, and the second
    // may not walk into it (Miau's stack them).
    let grid = "BABA IS YOU . / baba baba . . .";
    let grid = &grid[..grid.len() - 2];
    check(grid, "L", ". . . . / baba baba . .", ". . . . / baba+baba . . .");
    // Moving right: the first is blocked by the second, which has not moved
    // yet (Miau's moves the front one first, so both go).
    check("BABA IS YOU . / baba baba . .", "R", ". . . . / baba . baba .", ". . . . / . baba baba .");
    // Rule order, not reading order: KEKE IS YOU comes first, so the keke
    // moves first and the baba behind it follows.
    check(
        "KEKE IS YOU . / BABA IS YOU . / baba keke . .",
        "R",
        ". . . . / . . . . / . baba keke .",
        ". . . . / . . . . / . baba keke .",
    );
    check(
        "BABA IS YOU . / KEKE IS YOU . / baba keke . .",
        "R",
        ". . . . / . . . . / baba . keke .",
        ". . . . / . . . . / . baba keke .",
    );
}

#[test]
fn d1_nothing_moves_twice_in_a_turn() {
    // A baba that is YOU and MOVE has moved with the player, so its own
    // step fails and it turns round: the next wait takes it back left.
    let grid = "BABA IS YOU . . / BABA IS MOVE . . / . baba . . .";
    assert_eq!(play(grid, Profile::Keke, "R").0, ". . . . . / . . . . . / . . baba . .");
    assert_eq!(play(grid, Profile::Keke, "RW").0, ". . . . . / . . . . . / . baba . . .");
}

#[test]
fn d2_sink_takes_things_never_words() {
    // The baba shoves WALL onto the goop: both stay (Miau's sinks both).
    let grid = "BABA IS YOU / GOOP IS SINK / baba WALL goop";
    assert_eq!(play(grid, Profile::Keke, "R").0, ". . . / . . . / . baba goop");
    assert_eq!(play(grid, Profile::Miau, "R").0, ". . . / . . . / . baba .");
    let words = |p| {
        let s = Session::<Miau>::new(setup(grid, p), 0).unwrap();
        let mut s = s;
        s.push(Action::Right).unwrap();
        s.state().board.things.iter().filter(|t| matches!(t.kind, Kind::Word(_))).count()
    };
    assert_eq!((words(Profile::Keke), words(Profile::Miau)), (7, 6), "the keke rules keep the word");
    // A thing pushed onto goop sinks with it in both.
    check(
        "BABA IS YOU / GOOP IS SINK / ROCK IS PUSH / baba rock goop",
        "R",
        ". . . / . . . / . . . / . baba .",
        ". . . / . . . / . . . / . baba .",
    );
}

#[test]
fn d3_kill_takes_the_killer_too() {
    check_keke("BABA IS YOU / SKULL IS KILL / baba skull .", "R", ". . . / . . . / . . .");
}

#[test]
fn d3_defeat_in_miau_keeps_the_defeater() {
    assert_eq!(play("BABA IS YOU / SKULL IS DEFEAT / baba skull .", Profile::Miau, "R").0, ". . . / . . . / . skull .");
}

#[test]
fn d4_a_kill_formed_this_turn_bites_next_turn() {
    // The baba pushes KILL into SKULL IS KILL while the keke stands on a
    // skull against the edge: it survives this turn and dies the next.
    let grid = "BABA IS YOU . . / KEKE IS YOU . . / SKULL IS . KILL baba / keke+skull . . . .";
    assert_eq!(play(grid, Profile::Keke, "L").0, ". . . . . / . . . . . / . . . baba . / keke+skull . . . .");
    assert_eq!(play(grid, Profile::Keke, "LL").0, ". . . . . / . . . . . / . . . baba . / . . . . .");
    // Miau's reads the rules first: DEFEAT bites at once (and keeps the skull).
    let grid = "BABA IS YOU . . / KEKE IS YOU . . / SKULL IS . DEFEAT baba / keke+skull . . . .";
    assert_eq!(play(grid, Profile::Miau, "L").0, ". . . . . / . . . . . / . . . baba . / skull . . . .");
}

#[test]
fn d4_a_kill_broken_this_turn_still_bites_this_turn() {
    // The baba pushes KILL up out of its sentence while the keke, against
    // the top edge, stands on a skull: the keke and the skull still go.
    let grid = ". . . . keke+skull / BABA IS YOU . . / KEKE IS YOU . . / . SKULL IS KILL . / . . . baba .";
    let empty = ". . . . . / . . . . . / . . . . .";
    assert_eq!(play(grid, Profile::Keke, "U").0, format!("{empty} / . . . baba . / . . . . ."));
    // Miau's reads the rules before the contacts: DEFEAT (its KILL) took
    // the keke at reset already, and the skull stays.
    let miau = grid.replace("KILL", "DEFEAT");
    assert_eq!(
        play(&miau, Profile::Miau, "U").0,
        format!(". . . . skull / . . . . . / . . . . . / . . . baba . / . . . . .")
    );
}

#[test]
fn d4_nothing_is_checked_at_the_start() {
    let grid = "KEKE IS YOU . / SKULL IS KILL . / keke+skull . . .";
    assert_eq!(play(grid, Profile::Keke, "").0, ". . . . / . . . . / keke+skull . . .");
    assert_eq!(
        play(grid, Profile::Keke, "L").0,
        ". . . . / . . . . / . . . .",
        "the first move, though blocked, checks"
    );
}

#[test]
fn d4_transformations_run_once_in_rule_order_when_a_word_moves() {
    // FLAG IS ROCK is read before KEKE IS FLAG: the keke becomes a flag and
    // stays one until a word moves (Miau's follows the chain to a rock).
    let grid = "BABA IS YOU . . / FLAG IS ROCK . . / KEKE IS FLAG . . / keke . . ROCK baba";
    assert_eq!(play(grid, Profile::Keke, "").0, ". . . . . / . . . . . / . . . . . / flag . . . baba");
    assert_eq!(play(grid, Profile::Miau, "").0, ". . . . . / . . . . . / . . . . . / rock . . . baba");
    assert_eq!(
        play(grid, Profile::Keke, "U").0,
        ". . . . . / . . . . . / . . . . baba / flag . . . .",
        "no word moved"
    );
    assert_eq!(
        play(grid, Profile::Keke, "DL").0,
        ". . . . . / . . . . . / . . . . . / rock . . baba .",
        "a word moved: read again"
    );
}

#[test]
fn d5_stop_beats_push_and_a_blocked_move_is_a_turn() {
    let grid = "BABA IS YOU / ROCK IS PUSH / ROCK IS STOP / baba rock .";
    assert_eq!(play(grid, Profile::Keke, "R"), (". . . / . . . / . . . / baba rock .".into(), "R".into()));
    assert_eq!(play(grid, Profile::Miau, "R"), (". . . / . . . / . . . / . baba rock".into(), "R".into()));
    // Against the edge: a turn in the keke rules, refused in Miau's.
    let turns = |p| {
        let mut s = Session::<Miau>::new(setup("BABA IS YOU / baba . .", p), 0).unwrap();
        let _ = s.push(Action::Left);
        let _ = s.push(Action::Wait);
        s.state().turns
    };
    assert_eq!((turns(Profile::Keke), turns(Profile::Miau)), (2, 1));
}

#[test]
fn d6_move_things_step_their_way_and_turn_round() {
    let grid = "BABA IS YOU . . / KEKE IS MOVE . . / WALL IS STOP . . / keke . . wall baba";
    let rows = |moves| play(grid, Profile::Keke, moves).0.rsplit(" / ").next().unwrap().to_string();
    assert_eq!(rows("W"), ". keke . wall baba");
    assert_eq!(rows("WW"), ". . keke wall baba");
    assert_eq!(rows("WWW"), ". . keke wall baba", "blocked: it turns round without stepping");
    assert_eq!(rows("WWWW"), ". keke . wall baba");
    // It pushes as a player does.
    let grid = "BABA IS YOU . . / KEKE IS MOVE . . / ROCK IS PUSH . . / keke rock . . baba";
    assert_eq!(play(grid, Profile::Keke, "W").0.rsplit(" / ").next().unwrap(), ". keke rock . baba");
}

#[test]
fn d7_hot_melts_melt_and_goes_with_it() {
    check_keke("BABA IS YOU / LAVA IS HOT / BABA IS MELT / baba lava .", "R", ". . . / . . . / . . . / . . .");
    // A thing both HOT and MELT melts itself at the first contacts.
    check_keke("BABA IS YOU / ROCK IS HOT / ROCK IS MELT / baba rock .", "W", ". . . / . . . / . . . / baba . .");
}

fn check_keke(grid: &str, moves: &str, expected: &str) {
    assert_eq!(play(grid, Profile::Keke, moves).0, expected, "{grid} after {moves}");
}

#[test]
fn each_rules_refuses_the_words_it_does_not_play() {
    let refused = |grid: &str, p| Miau::start(&setup(grid, p), 0).err().map(|e| e.0.to_string()).unwrap_or_default();
    assert_eq!(
        refused("BABA IS YOU / baba . MOVE", Profile::Miau),
        "row 2, column 3: MOVE is a word of the keke rules (the pack's manifest says rules = \"keke\")"
    );
    assert_eq!(
        refused("BABA AND KEKE IS YOU / baba . . . .", Profile::Keke),
        "row 1, column 2: the keke rules have no word AND"
    );
    assert_eq!(
        refused("BABA IS FLOAT / baba . .", Profile::Keke),
        "row 1, column 3: the keke rules have no word FLOAT"
    );
    let mut terrain = setup("BABA IS YOU / baba . .", Profile::Keke);
    terrain.terrain = vec!["wall".into()];
    assert!(Miau::start(&terrain, 0).is_err());
}

#[test]
fn the_solver_plays_the_keke_rules() {
    use super::super::solver::{self, Options, Verdict};
    use crate::hashing::CpuHasher;
    // Under Miau's rules the keke would be in the way for good; under the
    // keke rules it walks off, and the shortest win waits for it.
    let grid = "BABA IS YOU . . / FLAG IS WIN . . / KEKE IS MOVE . . / WALL IS STOP . . / baba keke flag . .";
    let setup = setup(grid, Profile::Keke);
    let v = solver::solve(&setup, 100_000, &mut CpuHasher).unwrap();
    let Verdict::Solved { moves, .. } = v else { panic!("solved: {v:?}") };
    let mut s = Session::<Miau>::new(setup, 0).unwrap();
    for a in &moves {
        s.push(*a).unwrap();
    }
    assert!(s.state().won, "the solution wins when replayed");
    assert_eq!(super::super::solver::engine(s.setup(), &Options::default()).unwrap(), "general");
}

#[test]
fn with_nothing_you_the_turns_go_on_while_something_is_move() {
    // The competition's demo level 8 starts so: the keke walks and pushes
    // BABA into BABA IS YOU. A wait is a turn there; with nothing MOVE
    // either, the level is lost.
    let grid = "keke BABA . IS YOU / KEKE IS MOVE . .";
    let mut s = Session::<Miau>::new(setup(grid, Profile::Keke), 0).unwrap();
    assert!(!s.state().board.things.iter().any(|t| s.state().rules.has(&t.kind, super::super::board::Prop::You)));
    assert_eq!(Miau::outcome(s.state()), crate::game::Outcome::InProgress);
    s.push(Action::Wait).expect("a wait is a turn while the keke moves");
    assert!(s.state().rules.texts().contains(&"BABA IS YOU".to_string()), "{:?}", s.state().rules.texts());
    let still = Session::<Miau>::new(setup("BABA . IS YOU / ROCK IS PUSH .", Profile::Keke), 0).unwrap();
    assert!(matches!(Miau::outcome(still.state()), crate::game::Outcome::Lost(_)));
}
