//! The game's canonical byte encoding for digests.

use super::state::State;
use super::types::Profile;
use crate::digest::{Part, PartHasher};

/// The state's digest parts: `board` (things, in order) and `play` (turns,
/// won, gates, phases, rules). Their byte layout is a contract pinned by the
/// goldens: change it only with a new `RULES_VERSION`.
pub(super) fn parts(s: &State) -> Vec<Part> {
    let mut board = PartHasher::new("board");
    board.i32(s.board.w).i32(s.board.h).len(s.board.things.len());
    for t in &s.board.things {
        board.str(&t.id).i32(t.x).i32(t.y).str(&t.kind.text()).bool(t.fixed);
        // Channels came after rules v4's goldens and no earlier level has one,
        // so they are hashed only where present: every older digest stands.
        if let Some(c) = &t.channel {
            board.str(c).bool(t.open);
        }
        // Facings came with the keke rules (v7): hashed only there.
        if s.profile == Profile::Keke {
            board.u8(t.facing);
        }
    }
    board.len(s.board.leaves.len());
    for (n, l) in s.board.leaves.iter() {
        board.str(n).str(l);
    }
    board.len(s.terrain.len());
    for n in s.terrain.iter() {
        board.str(n);
    }
    board.len(s.pairs.len());
    for p in s.pairs.iter() {
        board.str(&p.words[0]).str(&p.words[1]).bool(p.enter);
    }
    let mut play = PartHasher::new("play");
    if s.profile == Profile::Keke {
        play.str("keke");
    }
    play.bool(s.won).u32(s.turns);
    play.len(s.phases.len());
    for (a, p) in s.automata.iter().zip(&s.phases) {
        play.str(&a.id).u32(*p);
    }
    for r in s.rules.texts() {
        play.str(&r);
    }
    vec![board.finish(), play.finish()]
}
