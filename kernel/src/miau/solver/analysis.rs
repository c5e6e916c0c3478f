//! Tools around the search: the move and rule text, the analysis of a level
//! (which rules its shortest solutions need), and freezing words.

use super::super::types::{Action, Miau, Setup};
use super::search::solve_watched;
use super::verdict::{Options, Progress, Verdict};
use crate::game::{Game, Rejection};
use crate::hashing::FrontierHasher;

/// What a full analysis of a level found: the verdict and its flags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The plain search's verdict.
    pub verdict: Verdict,
    /// BYPASS, SAME-RULES, TRIVIAL, HANDS-OFF, WON-AT-START, WON-WHILE-OVERLAPPING.
    pub flags: Vec<&'static str>,
    /// The engine the plain search ran on ([`super::engine`]): `"compact"`
    /// or `"general"`.
    pub engine: &'static str,
}

/// Solves and flags: WON-AT-START (won with no move), TRIVIAL (fewer than 6
/// moves), BYPASS (winnable without moving any word, the spec's definition),
/// SAME-RULES (winnable with no rule ever changing, though a word may be
/// shoved where it forms and breaks nothing: implied by BYPASS), HANDS-OFF (winnable
/// without the player's pushes ever moving a word), WON-WHILE-OVERLAPPING (the
/// winning move formed a rule while a YOU already shared its cell with the new
/// WIN thing).
pub fn analyze(setup: &Setup, opts: &Options, hasher: &mut dyn FrontierHasher) -> Result<Analysis, Rejection> {
    analyze_watched(setup, opts, hasher, &mut |_: &Progress| true)
}

/// [`analyze`], calling `watch` with the states visited so far by each of its
/// searches (the solve, then the BYPASS and HANDS-OFF passes) after every layer.
pub fn analyze_watched(
    setup: &Setup,
    opts: &Options,
    hasher: &mut dyn FrontierHasher,
    watch: &mut dyn FnMut(&Progress) -> bool,
) -> Result<Analysis, Rejection> {
    let verdict = solve_watched(setup, opts, hasher, watch)?;
    let engine = super::engine(setup, opts)?;
    let mut flags = Vec::new();
    if let Verdict::Solved { moves, .. } = &verdict {
        if moves.is_empty() {
            flags.push("WON-AT-START");
        } else {
            if moves.len() < 6 {
                flags.push("TRIVIAL");
            }
            // BYPASS: the game's own movement (every YOU moves at once, a word
            // in the way is pushed), with every state where a word moved or
            // went pruned. Freezing the words instead (as STOP) let one YOU
            // stand still against a word while another moved, which the game
            // cannot do. SAME-RULES prunes only states whose rules differ
            // from the start's; no word moving keeps every rule, so a BYPASS
            // needs no second search.
            let still = Options { words_still: true, ..opts.clone() };
            let bypass = matches!(solve_watched(setup, &still, hasher, watch)?, Verdict::Solved { .. });
            if bypass {
                flags.push("BYPASS");
            }
            let same = Options { same_rules: true, ..opts.clone() };
            if bypass || matches!(solve_watched(setup, &same, hasher, watch)?, Verdict::Solved { .. }) {
                flags.push("SAME-RULES");
            }
            let hands_off = Options { hands_off: true, ..opts.clone() };
            if matches!(solve_watched(setup, &hands_off, hasher, watch)?, Verdict::Solved { .. }) {
                flags.push("HANDS-OFF");
            }
            if won_while_overlapping(setup, moves)? {
                flags.push("WON-WHILE-OVERLAPPING");
            }
        }
    }
    Ok(Analysis { verdict, flags, engine })
}

/// Whether the last move won because a rule formed under a YOU that had not moved.
pub(super) fn won_while_overlapping(setup: &Setup, moves: &[Action]) -> Result<bool, Rejection> {
    let mut s = Miau::start(setup, 0)?;
    for a in &moves[..moves.len() - 1] {
        Miau::apply(&mut s, a)?;
    }
    let before = s.clone();
    Miau::apply(&mut s, &moves[moves.len() - 1])?;
    let you = super::super::board::Prop::You;
    let win = super::super::board::Prop::Win;
    Ok(s.board.things.iter().any(|t| {
        s.rules.has(&t.kind, you)
            && before.board.things.iter().any(|b| b.id == t.id && b.x == t.x && b.y == t.y)
            && s.board
                .things
                .iter()
                .any(|w| w.x == t.x && w.y == t.y && s.rules.has(&w.kind, win) && !before.rules.has(&w.kind, win))
    }))
}
