//! Rules v8, each test written from the reproduction that found the fault
//! (issue 61): a new blast kills enemies another flame let out, a carried
//! Teleport is a way out of a box only with a tile to land on, crates crumble
//! 1 to 3 turns after rubble crushes the last enemy, and a refusal names
//! what is in the way.

use super::board::Pos;
use super::items::Charge;
use super::tests::go;
use super::tests_board::{board, draw, lives_after, refused};
use super::*;

use Action::Wait as W;

/// An uncovered gem at 4,4 between two pillars, a plain bomb left of it about
/// to go off, a Blob far off, you in the corner.
const GEM_SHAFT: &[&str] = &[
    "#########",
    "#@......#",
    "#.......#",
    "#...o...#",
    "#...G...#",
    "#...o...#",
    "#.......#",
    "#......1#",
    "#########",
];

fn bomb(s: &mut State, x: i32, y: i32, fuse: u32, fire: u32) {
    s.bombs.list.push(Bomb { pos: Pos { x, y }, fuse, fire, kind: BombKind::Plain });
}

/// The released Blobs (ids from 1000) still on the board.
fn released(s: &State) -> usize {
    s.enemies.list.iter().filter(|e| e.released_until.is_some()).count()
}

/// Seed 4's careful run, step 1342: the gem let three out, and an RPG's
/// blast the next turn covered two of them, who lived on. A new explosion
/// kills them as usual (the spec's "exit and gem").
#[test]
fn a_new_blast_kills_the_released() {
    let mut s = board(GEM_SHAFT);
    bomb(&mut s, 3, 4, 1, 1);
    let ev = go(&mut s, &[W]);
    assert!(ev.contains(&Event::Released(Kind::Blob, 3)), "{ev:?}");
    assert_eq!(released(&s), 3, "the flame that let them out spares them");
    // Boxed in by pillars and a bomb, they stay or step left into the
    // releasing flame; the next bomb's blast covers both tiles.
    bomb(&mut s, 5, 4, 1, 2);
    let ev = go(&mut s, &[W]);
    assert!(ev.iter().any(|e| matches!(e, Event::Exploded(at, _) if *at == Pos { x: 5, y: 4 })), "{ev:?}");
    assert_eq!(released(&s), 0, "{}", draw(&s).join("\n"));
}

/// The flame that let them out lingers a turn, and spares them in it.
#[test]
fn the_releasing_flame_spares_them_while_it_lingers() {
    let mut s = board(GEM_SHAFT);
    bomb(&mut s, 3, 4, 1, 1);
    go(&mut s, &[W, W]);
    assert_eq!(released(&s), 3, "{}", draw(&s).join("\n"));
    assert!(s.bombs.sparing.is_empty(), "gone with its flame: {:?}", s.bombs.sparing);
}

/// Shut in by pillars with a Teleport and no empty tile within its reach
/// (3 steps): that is boxed in, as the Teleport itself would refuse every
/// tile (rules v7 counted the Teleport alone as a way out, so the player
/// could only wait, forever).
#[test]
fn a_teleport_with_nowhere_to_land_is_no_way_out() {
    let map = &["###########", "#ooooooo..#", "#oo@oooo.1#", "#ooooooo..#", "###########"];
    let mut s = board(map);
    s.player.charge = Some((Charge::Teleport, 3));
    let ev = go(&mut s, &[W]);
    assert!(ev.iter().any(|e| matches!(e, Event::LifeLost(t) if t.contains("boxed in"))), "{ev:?}");
    // With a tile in reach it is a way out.
    let mut s = board(&["###########", "#oooo.oo..#", "#oo@oooo.1#", "#ooooooo..#", "###########"]);
    s.player.charge = Some((Charge::Teleport, 3));
    let ev = go(&mut s, &[W]);
    assert!(!ev.iter().any(|e| matches!(e, Event::LifeLost(_))), "{ev:?}");
}

/// Rubble that crushes the last enemy falls after the turn's crumble
/// countdown: the crates still crumble 1 to 3 turns after the kill, as
/// after a blast's (rules v7 made it 2 to 4).
#[test]
fn crates_crumble_one_to_three_turns_after_rubble_kills_the_last() {
    let map = &["###########", "#@........#", "#.........#", "#....xxxx.#", "#.1.......#", "###########"];
    let mut waits = std::collections::BTreeSet::new();
    for seed in 0..16 {
        let mut s = board(map);
        s.enemies.ai = crate::rng::Rng::stream(seed, "test.crumble");
        for e in &mut s.enemies.list {
            e.plan = [Step::Rest; 3].into();
        }
        let blob = s.enemies.list[0].pos;
        s.board.ceilings.push((blob, s.run.turn));
        let ev = go(&mut s, &[W]);
        assert!(ev.contains(&Event::ExitOpened), "seed {seed}: {ev:?}");
        let mut after = 0;
        while !go(&mut s, &[W]).iter().any(|e| matches!(e, Event::CrateCrumbled(_))) {
            after += 1;
            assert!(after < 10, "seed {seed}: no crate crumbled");
        }
        waits.insert(after + 1);
    }
    assert_eq!(waits.into_iter().collect::<Vec<_>>(), [1, 2, 3]);
}

/// A refusal names what blocks the step.
#[test]
fn a_refusal_names_what_is_in_the_way() {
    for (tile, words) in [
        ('#', "a wall is in the way"),
        ('o', "a pillar is in the way"),
        ('k', "a cracked pillar is in the way"),
        ('m', "a metal crate is in the way"),
        ('r', "rubble is in the way"),
        ('x', "a crate is in the way"),
        ('O', "an oil barrel is in the way"),
    ] {
        let row = format!("#@{tile}..#");
        let map = &["######", row.as_str(), "#....#", "######"];
        assert_eq!(refused(map, "r"), words, "{tile}");
    }
    // Lives are untouched by a refusal.
    assert_eq!(lives_after(&["######", "#@...#", "######"], "r"), "lives 3");
}
