//! The board objects: bushes, metal crates, oil, spikes, oil barrels.

use super::board::{self, Dir, Pos, Tile, BUSH, OIL, SPIKES};
use super::items::Power;
use super::tests::{arena, enemy, go, p};
use super::tests_board::{check, refused_holding};
use super::*;

use Action::{Move as M, Wait as W};
use Dir::{Right as R, Up as U};

#[test]
fn objects_turn_up_from_their_levels_never_near_the_start_exit_or_gem() {
    for seed in 0..12 {
        for level in 1..=20 {
            let s = level_state(seed, level);
            let l = &s.board.layout;
            let count = |f: &dyn Fn(Pos) -> bool| l.positions().filter(|&q| f(q)).count();
            let bushes = count(&|q| l.has(q, BUSH));
            let metal = count(&|q| l.tile(q) == Tile::Metal);
            let oil = count(&|q| l.has(q, OIL));
            let spikes = count(&|q| l.has(q, SPIKES));
            let barrels = count(&|q| l.tile(q) == Tile::Barrel);
            assert_eq!(bushes > 0, level >= board::BUSH_FROM, "seed {seed} level {level}");
            assert_eq!(metal > 0, level >= board::METAL_FROM, "seed {seed} level {level}");
            assert_eq!(oil > 0, level >= board::OIL_FROM, "seed {seed} level {level}");
            assert_eq!(spikes > 0, level >= board::SPIKES_FROM, "seed {seed} level {level}");
            assert_eq!(barrels > 0, level >= board::BARREL_FROM, "seed {seed} level {level}");
            for q in l.positions() {
                let object = l.has(q, BUSH | OIL | SPIKES) || matches!(l.tile(q), Tile::Metal | Tile::Barrel);
                if object {
                    assert!(
                        q.dist(l.start) > board::OBJECT_CLEARANCE && q != l.exit && q != l.gem,
                        "seed {seed} level {level} at {q:?}"
                    );
                }
            }
            // Metal crates leave every open tile reachable.
            let reach = board::reachable(l, l.start);
            for q in l.positions() {
                if !l.tile(q).solid() {
                    assert!(reach[(q.y * l.w + q.x) as usize], "seed {seed} level {level}: {q:?} cut off");
                }
            }
            assert!(s.enemies.list.iter().all(|e| !l.has(e.pos, SPIKES)));
        }
    }
}

#[test]
fn a_bush_hides_you_so_chasers_head_where_they_last_saw_you() {
    let mut s = arena(11, 5);
    s.player.at = p(3, 3);
    s.board.layout.mark(p(3, 2), BUSH, true);
    go(&mut s, &[W]);
    go(&mut s, &[M(U)]);
    assert_eq!(s.enemies.last_seen, p(3, 3), "unseen in the bush");
    enemy(&mut s, Kind::Hunter, p(8, 3));
    let mut at = s.enemies.list[0].pos;
    for st in s.enemies.list[0].plan {
        at = st.end(at);
    }
    assert_eq!(at, p(5, 3), "along row 3 toward where you were");
}

/// A bomb lights the first bush of a row; each next bush catches a turn
/// later (it smoulders first), a slow fire front.
#[test]
fn a_burning_bush_sets_its_neighbours_alight_next_turn() {
    let row = &["###########", "#.b\"\"\"\"...#", "#.........#", "#@........#", "#########1#"];
    check(row, "w", &["###########", "#+++\"\"\"...#", "#.+.......#", "#@.......1#", "#########.#", "lives 3"]);
    check(row, "w w", &["###########", "#...+\"\"...#", "#........1#", "#@........#", "#########.#", "lives 3"]);
    check(row, "w w w w", &["###########", "#.....+.1.#", "#.........#", "#@........#", "#########.#", "lives 3"]);
}

#[test]
fn metal_crates_stop_even_pierce_flame_and_crate_pass() {
    let mut s = arena(11, 5);
    s.board.layout.set(p(4, 1), Tile::Metal);
    s.player.blast = 5;
    let (tiles, _) = s.blast(&Bomb { pos: p(2, 1), fuse: 0, fire: 5, kind: BombKind::Pierce });
    assert!(tiles.contains(&p(3, 1)) && !tiles.contains(&p(4, 1)) && !tiles.contains(&p(5, 1)));
    s.player.abilities |= items::Power::CratePass.bit();
    s.player.at = p(3, 1);
    assert_eq!(Explodo::apply(&mut s, &M(R)).unwrap_err().0, "a metal crate is in the way");
}

#[test]
fn an_oil_spill_burns_all_at_once_setting_off_bombs_in_it() {
    let mut s = arena(13, 5);
    s.player.at = p(1, 3);
    for x in 4..=9 {
        s.board.layout.mark(p(x, 1), OIL, true);
    }
    s.bombs.list.push(Bomb::plain(p(9, 1), 5, 1));
    s.bombs.list.push(Bomb::plain(p(3, 1), 1, 1));
    let ev = go(&mut s, &[W]);
    assert!(ev.iter().any(|e| matches!(e, Event::OilBurnt(t) if t.len() == 6)), "{ev:?}");
    assert!(ev.contains(&Event::Chain(p(9, 1))), "the bomb in the spill went off: {ev:?}");
    assert!(s.burning(p(7, 1)) && s.burning(p(10, 1)));
    assert!(!s.board.layout.has(p(5, 1), OIL), "burnt away");
}

#[test]
fn oil_is_slippery_for_you_and_for_enemies_that_walk() {
    let mut s = arena(13, 5);
    for x in 2..=5 {
        s.board.layout.mark(p(x, 1), OIL, true);
    }
    s.board.drops.push(Drop { pos: p(4, 1), coins: 2, charge: None });
    go(&mut s, &[M(R)]);
    assert_eq!((s.player.at, s.player.coins), (p(5, 1), 2), "slid to the spill's last tile, picking up on the way");
    // Short of a bomb.
    let mut s = arena(13, 5);
    for x in 2..=5 {
        s.board.layout.mark(p(x, 1), OIL, true);
    }
    s.bombs.list.push(Bomb::plain(p(4, 1), 3, 1));
    go(&mut s, &[M(R)]);
    assert_eq!(s.player.at, p(3, 1));
    // A Blob slips too, and its arrows show where.
    let mut s = arena(13, 5);
    s.player.at = p(1, 3);
    for x in 6..=9 {
        s.board.layout.mark(p(x, 1), OIL, true);
    }
    let id = enemy(&mut s, Kind::Blob, p(5, 1));
    s.enemies.list[0].plan = [Step::Move(R), Step::Rest, Step::Rest].into();
    assert_eq!(s.land(Kind::Blob, p(5, 1), Step::Move(R)), p(9, 1));
    assert_eq!(s.land(Kind::Wisp, p(5, 1), Step::Move(R)), p(6, 1), "flyers do not slip");
    go(&mut s, &[W]);
    assert_eq!(s.enemies.list.iter().find(|e| e.id == id).unwrap().pos, p(9, 1));
}

#[test]
fn enemies_avoid_spikes() {
    // (Their timing for you: `tests_board.rs`.)
    assert!(!spikes_up(1) && spikes_up(2));
    let s = arena(9, 5);
    let mut s2 = s.clone();
    s2.board.layout.mark(p(4, 2), SPIKES, true);
    assert!(!s2.passable(Kind::Blob, p(4, 2)) && s.passable(Kind::Blob, p(4, 2)));
}

/// A blast bursts a barrel: oil spills round it (the burning tiles of the
/// blast show as flame), and the barrel, now a bomb that is not yours, goes
/// off the next turn with a blast of 2, lighting the spill.
#[test]
fn a_barrel_bursts_into_oil_and_explodes_next_turn_with_a_blast_of_2() {
    let map = &[
        "#############",
        "#...........#",
        "#...........#",
        "#...bO......#",
        "#...........#",
        "#@.........1#",
        "#############",
    ];
    check(
        map,
        "w",
        &[
            "#############",
            "#...........#",
            "#...+~~.....#",
            "#..++b~.....#",
            "#...+~~.....#",
            "#@........1.#",
            "#############",
            "lives 3",
        ],
    );
    check(
        map,
        "w w",
        &[
            "#############",
            "#....+......#",
            "#...+++.....#",
            "#..+++++....#",
            "#...+++.....#",
            "#@...+...1..#",
            "#############",
            "lives 3",
        ],
    );
    // Not yours: the Detonator cannot set it off.
    assert_eq!(refused_holding(&[Power::Detonator], map, "w x5,3"), "there is no bomb of yours on that tile");
}
