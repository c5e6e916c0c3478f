//! The run's canonical byte encoding for digests.

use super::board::Pos;
use super::items::{Charge, Offer};
use super::state::{Board, Bombs, Enemies, Player, Run, State};
use super::types::Dialog;
use crate::digest::{Part, PartHasher};

/// Names every field of the state once, so that a field added to `State`
/// stops [`parts`] from compiling until it is encoded there (or said here to
/// be left out, with why). All are read through `s` in [`parts`].
fn every_field_named(s: &State) {
    let State { run, player, enemies, bombs, board } = s;
    let Run {
        // Not encoded: the seed is in the header, and every stream drawn
        // from it is encoded by position.
        seed: _,
        setup: _,
        level: _,
        attempt: _,
        turn: _,
        total_turns: _,
        kills: _,
        lives_lost: _,
        par: _,
        phase: _,
        // Not encoded: the last death's sentence, for the window; the
        // death itself is in the lives and the phase.
        last_death: _,
        explained: _,
        dialogs: _,
        pending: _,
        exit_after: _,
        fallen: _,
        shop_rng: _,
        // Not encoded: only look-ahead copies, never played or saved, set it.
        lookahead: _,
    } = run;
    let Player {
        at: _,
        lives: _,
        coins: _,
        max_bombs: _,
        blast: _,
        fuse: _,
        abilities: _,
        star: _,
        charge: _,
        shielded: _,
        burnt: _,
    } = player;
    let Enemies { list: _, ai: _, decoy: _, last_seen: _ } = enemies;
    let Bombs { list: _, flames: _, smoulder: _, sparing: _ } = bombs;
    let Board {
        layout: _,
        exit_revealed: _,
        gem_revealed: _,
        exit_open: _,
        gem_taken: _,
        rainbow: _,
        drops: _,
        crumbling: _,
        ceilings: _,
        loot: _,
    } = board;
}

/// The state's digest parts: `level`, `player`, `enemies`, `board`, `rng`.
/// Their byte layout is a contract pinned by the goldens: change it only with
/// a new `RULES_VERSION`.
pub(super) fn parts(s: &State) -> Vec<Part> {
    every_field_named(s);
    vec![level_part(s), player_part(s), enemies_part(s), bombs_part(s), rng_part(s)]
}

fn pos(h: &mut PartHasher, p: Pos) {
    h.i32(p.x).i32(p.y);
}

fn charge(h: &mut PartHasher, c: Option<(Charge, u32)>) {
    match c {
        Some((k, n)) => h.u8(1 + k as u8).u32(n),
        None => h.u8(0),
    };
}

fn offer(h: &mut PartHasher, o: Option<Offer>) {
    match o {
        Some(Offer::Power(p)) => h.u8(1).u8(p as u8),
        Some(Offer::Charge(c)) => h.u8(2).u8(c as u8),
        None => h.u8(0),
    };
}

/// The level: its layout, what is revealed and open, and what lies on it for good.
fn level_part(s: &State) -> Part {
    let mut level = PartHasher::new("level");
    level
        .u32(s.run.level)
        .u32(s.run.attempt)
        .u32(s.run.turn)
        .u32(s.run.par)
        .i32(s.board.layout.w)
        .i32(s.board.layout.h);
    for t in &s.board.layout.tiles {
        level.u8(*t as u8);
    }
    level.len(s.board.layout.marks.len());
    for m in &s.board.layout.marks {
        level.u8(*m);
    }
    pos(&mut level, s.board.layout.exit);
    pos(&mut level, s.board.layout.gem);
    level
        .bool(s.board.exit_revealed)
        .bool(s.board.gem_revealed)
        .bool(s.board.exit_open)
        .bool(s.board.gem_taken)
        .bool(s.run.exit_after);
    level.bool(s.board.rainbow.is_some());
    if let Some(r) = s.board.rainbow {
        pos(&mut level, r);
    }
    level.bool(s.enemies.decoy.is_some());
    if let Some(d) = s.enemies.decoy {
        pos(&mut level, d);
    }
    pos(&mut level, s.enemies.last_seen);
    level.len(s.bombs.smoulder.len());
    for &p in &s.bombs.smoulder {
        pos(&mut level, p);
    }
    level.len(s.board.ceilings.len());
    for &(p, t) in &s.board.ceilings {
        pos(&mut level, p);
        level.u32(t);
    }
    level.finish()
}

/// The player and the run: where, what they carry, the modes, the dialogs open and pending.
fn player_part(s: &State) -> Part {
    let mut player = PartHasher::new("player");
    pos(&mut player, s.player.at);
    player
        .u32(s.player.lives)
        .u32(s.player.coins)
        .u32(s.player.max_bombs)
        .u32(s.player.blast)
        .u32(s.player.fuse)
        .u32(s.run.total_turns)
        .u32(s.run.kills)
        .u32(s.run.lives_lost);
    player.u8(s.run.phase as u8).bool(s.run.setup.developer).bool(s.run.setup.immortal);
    // Rules v4's lab arms, only when on: a run without them digests as under
    // v3, so `retrace compare --current-rules` finds v3 replays unchanged.
    if s.run.setup.lab() {
        player.u8(0xA4).u32(s.run.setup.powers).bool(s.run.setup.underfoot);
    }
    if s.run.setup.test() {
        let charge = s.run.setup.charge.map_or(0, |c| 1 + c as u8);
        player.u8(0x7E).u32(s.run.setup.start_level).u8(charge).u32(s.run.setup.shop_after);
        if let Some(topic) = s.run.setup.scene {
            player.u8(0x5C).u32(topic.code());
        }
    }
    player.u32(s.player.abilities).u32(s.player.star).u32(s.run.explained).u32(s.player.shielded).u32(s.player.burnt);
    charge(&mut player, s.player.charge);
    charge(&mut player, s.run.fallen.map(|(_, c, n)| (c, n)));
    if let Some((p, _, _)) = s.run.fallen {
        pos(&mut player, p);
    }
    for (tag, list) in [(0u8, &s.run.dialogs), (1, &s.run.pending)] {
        player.u8(tag).len(list.len());
        for d in list {
            match d {
                Dialog::Gem { cards, rainbow } => {
                    player.u8(0).bool(*rainbow).len(cards.len());
                    for c in cards {
                        offer(&mut player, Some(*c));
                    }
                }
                Dialog::Shop { items, restocks } => {
                    player.u8(1).u32(*restocks).len(items.len());
                    for i in items {
                        offer(&mut player, *i);
                    }
                }
                Dialog::Swap { new, uses } => {
                    player.u8(2).u8(*new as u8).u32(*uses);
                }
            }
        }
    }
    player.finish()
}

/// The enemies: each one's kind, place, heading and plan.
fn enemies_part(s: &State) -> Part {
    let mut enemies = PartHasher::new("enemies");
    enemies.len(s.enemies.list.len());
    for e in &s.enemies.list {
        enemies.u32(e.id).u8(e.kind as u8);
        pos(&mut enemies, e.pos);
        enemies
            .u8(e.heading.code())
            .bool(e.rest_next)
            .u32(e.released_until.map_or(0, |u| u + 1))
            .u32(e.frozen)
            .len(e.plan.len());
        for st in &e.plan {
            enemies.u8(st.code());
        }
    }
    enemies.finish()
}

/// The bombs, the flames, the drops and the crumbling crates.
fn bombs_part(s: &State) -> Part {
    let mut board = PartHasher::new("bombs");
    board.len(s.bombs.list.len());
    for b in &s.bombs.list {
        pos(&mut board, b.pos);
        board.u32(b.fuse).u32(b.fire).u8(b.kind as u8);
    }
    board.len(s.bombs.flames.len());
    for &(p, u) in &s.bombs.flames {
        pos(&mut board, p);
        board.u32(u);
    }
    // Hashed only where there is one (rules v8), so a run without a
    // release digests as it did under v7.
    if !s.bombs.sparing.is_empty() {
        board.u8(0xA5).len(s.bombs.sparing.len());
        for &(p, u) in &s.bombs.sparing {
            pos(&mut board, p);
            board.u32(u);
        }
    }
    board.len(s.board.drops.len());
    for d in &s.board.drops {
        pos(&mut board, d.pos);
        board.u32(d.coins);
        charge(&mut board, d.charge);
    }
    board.len(s.board.crumbling.len());
    for &(p, t) in &s.board.crumbling {
        pos(&mut board, p);
        board.u32(t);
    }
    board.finish()
}

/// The random streams' positions.
fn rng_part(s: &State) -> Part {
    let mut rng = PartHasher::new("rng");
    s.enemies.ai.hash_into(&mut rng);
    s.board.loot.hash_into(&mut rng);
    s.run.shop_rng.hash_into(&mut rng);
    rng.finish()
}
