//! The rules read as boards, the way Miau's tests read: `check(board, moves,
//! expected)` draws a board in the scenes' notation (`dress.rs`), plays the
//! moves in the command line's tokens (`notation.rs`), and compares the
//! board after them, drawn in the same notation, with what a person wrote.

use super::board::{Pos, Tile, BUSH, OIL, SPIKES};
use super::dress::lay;
use super::items::{Offer, Power};
use super::notation::parse_token;
use super::*;

/// A fresh level 1 with `board` laid on it (`E` a Blob, `1` to `7` the
/// enemies of [`KINDS`]), holding `powers` (taken as from a gem), every
/// first-time explanation given. The tests' own marks, on floor: `b` a bomb
/// of yours that goes off at the end of the next action, `B` one that goes
/// off an action later (each with your blast).
pub(super) fn board_holding(powers: &[Power], map: &[&str]) -> State {
    let mut s = Explodo::start(&Setup::default(), 2).expect("level 1 starts");
    lay(&mut s, map, false, Kind::Blob);
    let mut quiet = Vec::new();
    for &p in powers {
        s.take(Offer::Power(p), &mut quiet);
    }
    s.bombs.list.clear();
    s.bombs.flames.clear();
    for (y, row) in map.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let fuse = match ch {
                'b' => 1,
                'B' => 2,
                _ => continue,
            };
            s.bombs.list.push(Bomb::plain(Pos { x: x as i32, y: y as i32 }, fuse, s.player.blast));
        }
    }
    s.run.explained = u32::MAX;
    s.replan();
    s
}

/// [`board_holding`] nothing.
pub(super) fn board(map: &[&str]) -> State {
    board_holding(&[], map)
}

/// The board in the notation `board` reads, with `b` a bomb and `+` a
/// burning tile (drawn only), then a line
/// `lives N` (and the last death's words, once one happened).
pub(super) fn draw(s: &State) -> Vec<String> {
    let l = &s.board.layout;
    let mut rows = Vec::new();
    for y in 0..l.h {
        let mut row = String::new();
        for x in 0..l.w {
            let p = Pos { x, y };
            let enemy = s.enemies.list.iter().find(|e| e.pos == p);
            let drop = s.board.drops.iter().find(|d| d.pos == p);
            let tile = l.tile(p);
            row.push(if p == s.player.at {
                '@'
            } else if let Some(e) = enemy {
                char::from(b'1' + KINDS.iter().position(|&k| k == e.kind).expect("a kind") as u8)
            } else if s.bombs.list.iter().any(|b| b.pos == p) {
                'b'
            } else if s.bombs.flames.iter().any(|&(f, until)| f == p && until >= s.run.turn) {
                '+'
            } else if let Some(d) = drop {
                match (d.charge, d.coins) {
                    (Some(_), _) => 'n',
                    (None, 1) => 'c',
                    (None, 5) => '*',
                    _ => '$',
                }
            } else if tile == Tile::Crate && p == l.exit {
                'X'
            } else if tile == Tile::Crate && p == l.gem && !s.board.gem_taken {
                'g'
            } else if p == l.exit && s.board.exit_revealed {
                if s.board.exit_open {
                    'Z'
                } else {
                    'U'
                }
            } else if p == l.gem && s.board.gem_revealed && !s.board.gem_taken {
                'G'
            } else {
                match tile {
                    Tile::Wall => '#',
                    Tile::Pillar => 'o',
                    Tile::Crate => 'x',
                    Tile::Metal => 'm',
                    Tile::Barrel => 'O',
                    Tile::Rubble => 'r',
                    Tile::Cracked => 'k',
                    Tile::Floor if l.has(p, BUSH) => '"',
                    Tile::Floor if l.has(p, OIL) => '~',
                    Tile::Floor if l.has(p, SPIKES) => '^',
                    Tile::Floor => '.',
                }
            });
        }
        rows.push(row);
    }
    let mut status = format!("lives {}", s.player.lives);
    if let Some(death) = &s.run.last_death {
        status += &format!(": {}", death.render(None));
    }
    rows.push(status);
    rows
}

/// Plays `moves` (space-separated tokens; a refused one panics with why)
/// on `s`, and draws the board after them.
pub(super) fn play(mut s: State, moves: &str) -> Vec<String> {
    for tok in moves.split_whitespace() {
        let a = parse_token(tok).unwrap_or_else(|| panic!("'{tok}' is not an action"));
        Explodo::apply(&mut s, &a).unwrap_or_else(|r| panic!("{tok} refused: {r}\n{}", draw(&s).join("\n")));
    }
    draw(&s)
}

/// Plays `moves` on `map` and compares the board after them with `expected`.
pub(super) fn check(map: &[&str], moves: &str, expected: &[&str]) {
    check_holding(&[], map, moves, expected);
}

/// [`check`] holding `powers`.
pub(super) fn check_holding(powers: &[Power], map: &[&str], moves: &str, expected: &[&str]) {
    let got = play(board_holding(powers, map), moves);
    assert_eq!(got, expected, "\nafter {moves}:\n{}\n", got.join("\n"));
}

/// The last line [`draw`] gives after `moves` on `map`: the lives left and
/// the last death (a lost life sets the level up again, so the board after
/// it is the level's own, not `map`).
pub(super) fn lives_after(map: &[&str], moves: &str) -> String {
    play(board(map), moves).pop().expect("a status line")
}

/// Why the rules refuse the last of `moves` on `map` (the others played).
pub(super) fn refused(map: &[&str], moves: &str) -> String {
    refused_holding(&[], map, moves)
}

/// [`refused`] holding `powers`.
pub(super) fn refused_holding(powers: &[Power], map: &[&str], moves: &str) -> String {
    let mut s = board_holding(powers, map);
    let toks: Vec<&str> = moves.split_whitespace().collect();
    let (last, first) = toks.split_last().expect("a move");
    for tok in first {
        Explodo::apply(&mut s, &parse_token(tok).expect("a token")).expect("played");
    }
    let before = draw(&s);
    let why = Explodo::apply(&mut s, &parse_token(last).expect("a token")).expect_err("refused").0.to_string();
    assert_eq!(draw(&s), before, "a refused action changes nothing");
    why
}

const ARENA: &[&str] = &["#######", "#@....#", "#.....#", "#.....#", "#.....#", "#######"];

#[test]
fn a_bomb_goes_off_at_the_end_of_the_third_action_after_it_is_laid() {
    // Laid, then two actions: it still ticks.
    check(ARENA, "br d w", &["#######", "#.b...#", "#@....#", "#.....#", "#.....#", "#######", "lives 3"]);
    // The third: its cross burns (you stepped out of its row).
    check(ARENA, "br d w w", &["#######", "#+++..#", "#@+...#", "#.....#", "#.....#", "#######", "lives 3"]);
    // A turn later the flame is out.
    check(ARENA, "br d w w w", &["#######", "#.....#", "#@....#", "#.....#", "#.....#", "#######", "lives 3"]);
}

#[test]
fn the_blast_breaks_the_first_crate_and_stops_at_it_and_at_pillars() {
    let map = &["#######", "#@.xx.#", "#.o...#", "#.....#", "#######"];
    // The cross: stopped below by the pillar, to the right by the first
    // crate, which burns.
    check(map, "br d d w", &["#######", "#+++x.#", "#.o...#", "#@....#", "#######", "lives 3"]);
    // Burnt, the first crate is gone; the second stays.
    check(map, "br d d w w", &["#######", "#...x.#", "#.o...#", "#@....#", "#######", "lives 3"]);
}

#[test]
fn a_bomb_caught_in_a_blast_goes_off_at_once() {
    // Two bombs a tile apart: the second (laid a turn later) goes with the first.
    let map = &["#########", "#.......#", "#.@.....#", "#.......#", "#.......#", "#########"];
    check_holding(
        &[Power::BombUp],
        map,
        "bu r bu d",
        &["#########", "#++++...#", "#.++....#", "#..@....#", "#.......#", "#########", "lives 3"],
    );
}

#[test]
fn flame_lingers_a_turn_and_cannot_be_entered() {
    let map = &["#######", "#.....#", "#.@...#", "#.....#", "#.....#", "#######"];
    // Beside the flame the turn it burns: the next step into it is refused.
    assert_eq!(refused(map, "bu d w w u"), "that tile is burning");
    check(map, "bu d w w", &["#######", "#+++..#", "#.+...#", "#.@...#", "#.....#", "#######", "lives 3"]);
    // A turn later it is out.
    check(map, "bu d w w w u", &["#######", "#.....#", "#.@...#", "#.....#", "#.....#", "#######", "lives 3"]);
}

#[test]
fn walking_into_an_enemy_costs_a_life() {
    let map = &["#######", "#.....#", "#.@1..#", "#.....#", "#######"];
    assert_eq!(lives_after(map, "r"), "lives 2: Level 1, turn 1: you walked into a Blob.");
}

#[test]
fn boxed_in_costs_a_life() {
    let map = &["#######", "#..x..#", "#.o@o.#", "#..o..#", "#######"];
    assert_eq!(lives_after(map, "w"), "lives 2: Level 1, turn 1: you were boxed in.");
}

#[test]
fn refusals_say_why_and_cost_no_turn() {
    let map = &["#######", "#@x...#", "#.....#", "#######"];
    assert_eq!(refused(map, "u"), "a wall is in the way");
    assert_eq!(refused(map, "r"), "a crate is in the way");
    assert_eq!(refused(map, "br"), "a bomb goes on an empty tile next to you");
    assert!(refused(ARENA, "br bd").starts_with("you can have 1 bomb"), "one bomb at a time");
}

#[test]
fn the_notation_reads_back_what_it_draws() {
    let map = &["#########", "#@.\"~^..#", "#.o.m.O.#", "#c$*n.G.#", "#xX..1.7#", "#########"];
    let mut drawn = draw(&board(map));
    assert_eq!(drawn.pop().as_deref(), Some("lives 3"));
    assert_eq!(drawn, map.map(String::from));
}

#[test]
fn a_throw_goes_over_a_crate_but_not_a_pillar() {
    let map = &["#######", "#@x...#", "#o....#", "#######"];
    assert_eq!(refused(map, "tr"), "that needs the Throw power-up");
    check_holding(&[Power::Throw], map, "tr", &["#######", "#@xb..#", "#o....#", "#######", "lives 3"]);
    assert_eq!(refused_holding(&[Power::Throw], map, "td"), "a bomb cannot be thrown over a pillar or the wall");
}

#[test]
fn diagonal_steps_never_squeeze_between_two_blocked_tiles() {
    let map = &["#######", "#.....#", "#..o..#", "#..@..#", "#######"];
    // One side open is enough.
    check_holding(&[Power::Diagonal], map, "ur", &["#######", "#.....#", "#..o@.#", "#.....#", "#######", "lives 3"]);
    let shut = &["#######", "#.....#", "#..o..#", "#..@x.#", "#######"];
    assert_eq!(refused_holding(&[Power::Diagonal], shut, "ur"), "no squeezing between two blocked tiles");
}

#[test]
fn passes_walk_through_crates_and_over_bombs() {
    let map = &["#######", "#@x...#", "#.....#", "#######"];
    assert_eq!(refused(map, "r"), "a crate is in the way");
    // Through the crate, which stays.
    check_holding(&[Power::CratePass], map, "r r", &["#######", "#.x@..#", "#.....#", "#######", "lives 3"]);
    // Over your own bomb, which ticks on behind you.
    assert_eq!(refused(ARENA, "br r"), "a bomb is in the way");
    check_holding(
        &[Power::BombPass],
        ARENA,
        "br r r",
        &["#######", "#.b@..#", "#.....#", "#.....#", "#.....#", "#######", "lives 3"],
    );
}

#[test]
fn spikes_are_up_every_other_turn() {
    let map = &["#######", "#@^...#", "#.....#", "#######"];
    // Down on turn 1 (stepped on), crossed while down.
    check(map, "r r", &["#######", "#.^@..#", "#.....#", "#######", "lives 3"]);
    // Up on turn 2: standing there costs a life.
    let after = lives_after(map, "r w");
    assert!(after.starts_with("lives 2: ") && after.contains("raised spikes"), "{after}");
}
