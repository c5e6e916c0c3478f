//! A level in play: the board, the rules in force, and what the turn
//! phases share (terrain, pairs, automata and their phases).

use super::board::{Board, Prop};
use super::rules::RuleSet;
use super::types::{Automaton, Pair, Profile};

/// A level in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The board.
    pub board: Board,
    /// The rules in force.
    pub rules: std::sync::Arc<RuleSet>,
    /// Won.
    pub won: bool,
    /// Turns taken.
    pub turns: u32,
    /// The level's terrain nouns.
    pub terrain: std::sync::Arc<Vec<String>>,
    /// The level's pairs.
    pub pairs: std::sync::Arc<Vec<Pair>>,
    /// The level's automata, sorted by id.
    pub automata: std::sync::Arc<Vec<Automaton>>,
    /// Each automaton's phase (index into its pattern), in `automata` order.
    pub phases: Vec<u32>,
    /// The pairs' words, lowercased once (the rule set's form); derived from
    /// `pairs`, so not part of the digest.
    pub pair_words: std::sync::Arc<Vec<[String; 2]>>,
    /// The automata's property words, lowercased once, in `automata` order.
    pub automaton_words: std::sync::Arc<Vec<String>>,
    /// Where the words stood (in board order) when the rules were last read:
    /// while they stand there still, the reading would be the same, so it is
    /// skipped. Derived from the board, so not part of the digest.
    pub read_words: Option<std::sync::Arc<Vec<(i32, i32)>>>,
    /// Whose turn the level plays (rules v7).
    pub profile: Profile,
}

impl State {
    /// Whether `noun` is one of the level's terrain nouns (STOP until a
    /// rule names it).
    pub fn is_terrain(&self, noun: &str) -> bool {
        self.terrain.iter().any(|n| n.as_str() == noun)
    }

    /// The level's own property words (a pair's two, an automaton's), which
    /// the rules read as predicates only.
    pub fn custom_words(&self) -> Vec<String> {
        self.pair_words.iter().flatten().chain(self.automaton_words.iter()).cloned().collect()
    }

    /// Makes this state (of the same level) equal to `src`, reusing its
    /// buffers: the solver steps one child state per parent this way.
    pub fn reset_from(&mut self, src: &State) {
        debug_assert_eq!(self.profile, src.profile, "a state of the same level");
        self.board.things.clone_from(&src.board.things);
        self.rules = src.rules.clone();
        self.won = src.won;
        self.turns = src.turns;
        self.phases.clone_from(&src.phases);
        self.read_words = src.read_words.clone();
    }

    /// Each circuit on the board (in the channel palette's order): its
    /// channel, its plates pressed (something stands on them) and its
    /// plates in all, for the ledger's `AMBER 1/2`.
    pub fn circuits(&self) -> Vec<(&'static str, u32, u32)> {
        let t = &self.board.things;
        let pressed = |i: usize| self.board.other_at(i).is_some();
        super::board::CHANNELS
            .iter()
            .filter_map(|&c| {
                let ours = |i: &usize| t[*i].channel.as_deref() == Some(c);
                let plates: Vec<usize> = (0..t.len()).filter(|&i| t[i].is_plate()).filter(ours).collect();
                let gates = (0..t.len()).filter(|&i| t[i].is_gate()).any(|i| ours(&i));
                let down = plates.iter().filter(|&&i| pressed(i)).count() as u32;
                (gates || !plates.is_empty()).then_some((c, down, plates.len() as u32))
            })
            .collect()
    }

    /// GOAL things covered by another PUSH thing, and GOAL things in all (for the HUD: `DOCK IS GOAL 2/3`).
    pub fn goals(&self) -> (u32, u32) {
        let t = &self.board.things;
        let goals: Vec<usize> = (0..t.len()).filter(|&i| self.rules.has(&t[i].kind, Prop::Goal)).collect();
        let covered = goals
            .iter()
            .filter(|&&g| {
                (0..t.len()).any(|j| j != g && t[j].x == t[g].x && t[j].y == t[g].y && self.rules.pushes(&t[j].kind))
            })
            .count();
        (covered as u32, goals.len() as u32)
    }
}
