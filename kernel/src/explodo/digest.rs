//! The run's canonical byte encoding for digests.

use super::board::Pos;
use super::items::{Charge, Offer};
use super::state::State;
use super::types::Dialog;
use crate::digest::{Part, PartHasher};

/// Names every field of the state once, so that a field added to `State`
/// stops [`parts`] from compiling until it is encoded there (or said here to
/// be left out, with why). All are read through `s` in [`parts`].
fn every_field_named(s: &State) {
    let State {
        // Not encoded: the seed is in the header, and every stream drawn
        // from it is encoded by position.
        seed: _,
        setup: _,
        level: _,
        attempt: _,
        layout: _,
        exit_revealed: _,
        gem_revealed: _,
        exit_open: _,
        player: _,
        lives: _,
        coins: _,
        max_bombs: _,
        blast: _,
        fuse: _,
        turn: _,
        total_turns: _,
        kills: _,
        lives_lost: _,
        par: _,
        enemies: _,
        bombs: _,
        flames: _,
        drops: _,
        crumbling: _,
        ai: _,
        loot: _,
        phase: _,
        // Not encoded: the last death's sentence, for the window; the
        // death itself is in the lives and the phase.
        last_death: _,
        abilities: _,
        star: _,
        charge: _,
        explained: _,
        dialogs: _,
        pending: _,
        exit_after: _,
        gem_taken: _,
        rainbow: _,
        shielded: _,
        burnt: _,
        decoy: _,
        last_seen: _,
        smoulder: _,
        ceilings: _,
        fallen: _,
        shop_rng: _,
    } = s;
}

/// The state's digest parts: `level`, `player`, `enemies`, `board`, `rng`.
/// Their byte layout is a contract pinned by the goldens: change it only with
/// a new `RULES_VERSION`.
#[expect(clippy::too_many_lines, reason = "the encoding is one contract, read top to bottom")]
pub(super) fn parts(s: &State) -> Vec<Part> {
    every_field_named(s);
    let pos = |h: &mut PartHasher, p: Pos| {
        h.i32(p.x).i32(p.y);
    };
    let mut level = PartHasher::new("level");
    level.u32(s.level).u32(s.attempt).u32(s.turn).u32(s.par).i32(s.layout.w).i32(s.layout.h);
    for t in &s.layout.tiles {
        level.u8(*t as u8);
    }
    level.len(s.layout.marks.len());
    for m in &s.layout.marks {
        level.u8(*m);
    }
    pos(&mut level, s.layout.exit);
    pos(&mut level, s.layout.gem);
    level.bool(s.exit_revealed).bool(s.gem_revealed).bool(s.exit_open).bool(s.gem_taken).bool(s.exit_after);
    level.bool(s.rainbow.is_some());
    if let Some(r) = s.rainbow {
        pos(&mut level, r);
    }
    level.bool(s.decoy.is_some());
    if let Some(d) = s.decoy {
        pos(&mut level, d);
    }
    pos(&mut level, s.last_seen);
    level.len(s.smoulder.len());
    for &p in &s.smoulder {
        pos(&mut level, p);
    }
    level.len(s.ceilings.len());
    for &(p, t) in &s.ceilings {
        pos(&mut level, p);
        level.u32(t);
    }
    let mut player = PartHasher::new("player");
    pos(&mut player, s.player);
    player
        .u32(s.lives)
        .u32(s.coins)
        .u32(s.max_bombs)
        .u32(s.blast)
        .u32(s.fuse)
        .u32(s.total_turns)
        .u32(s.kills)
        .u32(s.lives_lost);
    player.u8(s.phase as u8).bool(s.setup.developer).bool(s.setup.immortal);
    // Rules v4's lab arms, only when on: a run without them digests as under
    // v3, so `retrace compare --current-rules` finds v3 replays unchanged.
    if s.setup.lab() {
        player.u8(0xA4).u32(s.setup.powers).bool(s.setup.underfoot);
    }
    if s.setup.test() {
        let charge = s.setup.charge.map_or(0, |c| 1 + c as u8);
        player.u8(0x7E).u32(s.setup.start_level).u8(charge).u32(s.setup.shop_after);
        if let Some(topic) = s.setup.scene {
            player.u8(0x5C).u32(topic.code());
        }
    }
    player.u32(s.abilities).u32(s.star).u32(s.explained).u32(s.shielded).u32(s.burnt);
    let charge = |h: &mut PartHasher, c: Option<(Charge, u32)>| {
        match c {
            Some((k, n)) => h.u8(1 + k as u8).u32(n),
            None => h.u8(0),
        };
    };
    charge(&mut player, s.charge);
    charge(&mut player, s.fallen.map(|(_, c, n)| (c, n)));
    if let Some((p, _, _)) = s.fallen {
        pos(&mut player, p);
    }
    let offer = |h: &mut PartHasher, o: Option<Offer>| {
        match o {
            Some(Offer::Power(p)) => h.u8(1).u8(p as u8),
            Some(Offer::Charge(c)) => h.u8(2).u8(c as u8),
            None => h.u8(0),
        };
    };
    for (tag, list) in [(0u8, &s.dialogs), (1, &s.pending)] {
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
    let mut enemies = PartHasher::new("enemies");
    enemies.len(s.enemies.len());
    for e in &s.enemies {
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
    let mut board = PartHasher::new("bombs");
    board.len(s.bombs.len());
    for b in &s.bombs {
        pos(&mut board, b.pos);
        board.u32(b.fuse).u32(b.fire).u8(b.kind as u8);
    }
    board.len(s.flames.len());
    for &(p, u) in &s.flames {
        pos(&mut board, p);
        board.u32(u);
    }
    board.len(s.drops.len());
    for d in &s.drops {
        pos(&mut board, d.pos);
        board.u32(d.coins);
        charge(&mut board, d.charge);
    }
    board.len(s.crumbling.len());
    for &(p, t) in &s.crumbling {
        pos(&mut board, p);
        board.u32(t);
    }
    let mut rng = PartHasher::new("rng");
    s.ai.hash_into(&mut rng);
    s.loot.hash_into(&mut rng);
    s.shop_rng.hash_into(&mut rng);
    vec![level.finish(), player.finish(), enemies.finish(), board.finish(), rng.finish()]
}
