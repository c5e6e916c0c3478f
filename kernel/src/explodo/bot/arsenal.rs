//! What the bot does with what it holds beyond a step and a plain bomb: the
//! power-ups that move you (Slide, Kick) or put a bomb further off (Throw,
//! RPG, Detonator), and the charges (the four charge bombs and the ICBM to
//! kill; Freeze, Decoy and Teleport to get out of a spot with no safe way,
//! and Teleport to leave a pocket it cannot walk out of). Each candidate
//! here is only an action the rules allow; the bot plays it on a copy and
//! judges it like any other, so nothing here is a second rule.

use super::super::board::{Dir, Pos, Tile, DIRS};
use super::super::items::{Charge, Power, DECOY_REACH, TELEPORT_REACH};
use super::super::player::charge_bomb;
use super::super::{Action, Aim, Bomb, State};
use super::ground::{plain_blast, Prey};

/// The moves beyond a step, Run and Diagonal: a Slide each way it can
/// start, and with Bomb Pass (where a step walks over a bomb instead of
/// kicking it) a Kick of each bomb next to you.
pub(super) fn moves(s: &State, out: &mut Vec<Action>) {
    if s.has(Power::Slide) {
        for d in DIRS {
            let t = s.player.at.step(d);
            if s.board.layout.tile(t) == Tile::Floor && s.bomb_at(t).is_none() {
                out.push(Action::Slide(d));
            }
        }
    }
    if s.has(Power::Kick) && s.has(Power::BombPass) {
        out.extend(DIRS.iter().filter(|&&d| s.bomb_at(s.player.at.step(d)).is_some()).map(|&d| Action::Kick(d)));
    }
}

/// Whether flame on `tiles` could catch `prey` (or, while `digging`, a crate).
fn catches(s: &State, tiles: &[Pos], prey: &Prey, digging: bool) -> bool {
    tiles.iter().any(|&q| prey.at(q) || digging && s.board.layout.tile(q) == Tile::Crate)
}

/// The bombs it can put further off than the next tile, where their blast
/// could catch `prey` (or a crate while `digging`): a Throw, an RPG, the
/// Detonator on a bomb of yours, a charge bomb (never for crates: its uses
/// are few) and the ICBM (only at an enemy where it stands: it goes off on
/// landing), and while bombs of yours tick a Freeze or a Decoy (judged by
/// the kills they add). `room`: you may put another bomb down; `thrifty`:
/// the careful bot, which spends a charge bomb only where its plain bomb
/// would not do.
pub(super) fn launches(s: &State, prey: &Prey, digging: bool, room: bool, thrifty: bool, out: &mut Vec<Action>) {
    let mut tiles = Vec::new();
    let from = s.player.at;
    if room && s.has(Power::Throw) {
        for d in DIRS {
            let t = from.step(d).step(d);
            if !s.board.layout.tile(from.step(d)).solid() && s.placeable(t).is_ok() {
                plain_blast(s, t, &mut tiles);
                if catches(s, &tiles, prey, digging) {
                    out.push(Action::Throw(d));
                }
            }
        }
    }
    if room && s.has(Power::Rpg) {
        for d in DIRS {
            // One tile off is where a plain bomb goes.
            if let Some(t) = s.flight(d).ok().filter(|&t| t.dist(from) > 1) {
                plain_blast(s, t, &mut tiles);
                if catches(s, &tiles, prey, digging) {
                    out.push(Action::Rpg(d));
                }
            }
        }
    }
    if s.has(Power::Detonator) {
        // A bomb due anyway gains nothing.
        for b in s.bombs.list.iter().filter(|b| b.yours() && b.fuse > 2) {
            if catches(s, &s.blast_tiles(b), prey, false) {
                out.push(Action::Detonate(b.pos));
            }
        }
    }
    let Some(c) = s.carrying() else { return };
    // While bombs of yours tick: a Freeze holds the enemies standing in
    // their blasts there; a Decoy draws the chasers near them into them.
    let ticking = || s.bombs.list.iter().filter(|b| b.yours());
    let kind = match c {
        Charge::Freeze => {
            let held = ticking().any(|b| s.blast_tiles(b).iter().any(|&q| s.enemy_at(q).is_some()));
            if held {
                out.push(Action::UseCharge(Aim::Me));
            }
            return;
        }
        Charge::Decoy => {
            if ticking().any(|b| s.enemies.list.iter().any(|e| e.pos.dist(b.pos) <= DECOY_REACH + 1)) {
                out.extend(DIRS.iter().filter_map(|&d| decoy_spot(s, d)).map(|p| Action::UseCharge(Aim::At(p))));
            }
            return;
        }
        Charge::Icbm => {
            let standing = Prey::of(s, s.enemies.list.iter().map(|e| e.pos).collect());
            for d in DIRS {
                if let Ok(t) = s.flight(d) {
                    if catches(s, &s.blast_tiles(&Bomb::plain(t, 0, s.player.blast)), &standing, false) {
                        out.push(Action::UseCharge(Aim::Dir(d)));
                    }
                }
            }
            return;
        }
        _ => match charge_bomb(c) {
            Some(kind) => kind,
            None => return,
        },
    };
    if !room {
        return;
    }
    for d in DIRS {
        let t = from.step(d);
        if s.placeable(t).is_ok() {
            // A thrifty bot spends a use only where its plain bomb would
            // not do (its bias, `spend_bias` in bot.rs): where the plain one
            // catches the prey too, no copy is played for the charge bomb.
            if thrifty {
                plain_blast(s, t, &mut tiles);
                if catches(s, &tiles, prey, false) {
                    continue;
                }
            }
            let b = Bomb { pos: t, fuse: s.player.fuse, fire: s.player.blast, kind };
            if catches(s, &s.blast_tiles(&b), prey, false) {
                out.push(Action::UseCharge(Aim::Dir(d)));
            }
        }
    }
}

/// The charges that get you out of a spot with no safe way, in the order
/// the bot tries them: a Freeze, a Teleport to each empty tile it reaches
/// (nearest the goal first, by `nearer`), a Decoy each way.
pub(super) fn rescues(s: &State, mut nearer: impl FnMut(Pos) -> u32) -> Vec<Action> {
    let mut out = Vec::new();
    match s.carrying() {
        Some(Charge::Freeze) => out.push(Action::UseCharge(Aim::Me)),
        Some(Charge::Teleport) => {
            let mut spots: Vec<(u32, Pos)> = teleport_spots(s).into_iter().map(|p| (nearer(p), p)).collect();
            spots.sort();
            out.extend(spots.into_iter().map(|(_, p)| Action::UseCharge(Aim::At(p))));
        }
        Some(Charge::Decoy) => {
            for d in DIRS {
                if let Some(p) = decoy_spot(s, d) {
                    out.push(Action::UseCharge(Aim::At(p)));
                }
            }
        }
        _ => {}
    }
    out
}

/// The tiles a Teleport may land on from where you stand (the rules'
/// `State::teleport_to`, over the square its reach could cover).
pub(super) fn teleport_spots(s: &State) -> Vec<Pos> {
    let reach = TELEPORT_REACH + i32::from(s.has(Power::Run));
    let at = s.player.at;
    let mut out = Vec::new();
    for dy in -reach..=reach {
        for dx in -reach..=reach {
            let p = Pos { x: at.x + dx, y: at.y + dy };
            if s.board.layout.inside(p) && s.teleport_to(p).is_ok() {
                out.push(p);
            }
        }
    }
    out
}

/// The furthest tile a Decoy can go toward `d` (up to its reach, over
/// empty tiles), where it draws chasers furthest from you.
fn decoy_spot(s: &State, d: Dir) -> Option<Pos> {
    let mut q = s.player.at;
    let mut best = None;
    for _ in 0..DECOY_REACH {
        q = q.step(d);
        if !s.board.layout.inside(q) || !s.empty(q) {
            break;
        }
        best = Some(q);
    }
    best
}
