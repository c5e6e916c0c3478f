//! Miau Is True: a rule puzzle in the style of Baba Is You. Words on the board
//! form rules (`MIAU IS YOU`); pushing words rewrites them. Design notes:
//! `miau/README.md`. This is the engine core: board, parsing, precedence,
//! transformations, movement, FRAIL crumbling, contacts and gates, with the
//! GOAL, fixed-word, terrain, OPEN/SHUT pair and TICK automata extensions
//! and data-only packs.

pub mod board;
pub mod compact;
mod digest;
pub mod import;
mod keke;
pub mod key;
pub mod pack;
mod phases;
pub mod rules;
pub mod solver;
mod state;
mod turn;
mod types;

pub use state::State;
pub use types::{Action, Automaton, Event, Miau, Pair, Profile, Setup, Step, MAX_AUTOMATA, MAX_PAIRS};

use crate::digest::Part;
use crate::game::{Game, Outcome, Rejection};
use board::{Board, Prop};

impl Game for Miau {
    const ID: &'static str = "miau";
    const NAME: &'static str = "Miau Is True";
    const RULES_VERSION: u32 = 8;
    type Setup = Setup;
    type Action = Action;
    type State = State;
    type Event = Event;

    fn start(setup: &Setup, _seed: u64) -> Result<State, Rejection> {
        setup.check().map_err(Rejection::new)?;
        let board = Board::parse(&setup.grid, &setup.legend).map_err(Rejection::new)?;
        let refused = match setup.profile {
            Profile::Keke => keke::refuse(&board),
            Profile::Miau => miau_refuses(&board),
        };
        if let Some(why) = refused {
            return Err(Rejection::new(why));
        }
        let mut automata = setup.automata.clone();
        automata.sort_by(|a, b| a.id.cmp(&b.id));
        let phases = automata.iter().map(|a| a.phase).collect();
        let pair_words = setup.pairs.iter().map(|p| [p.words[0].to_lowercase(), p.words[1].to_lowercase()]).collect();
        let automaton_words = automata.iter().map(|a| a.property.to_lowercase()).collect();
        let mut s = State {
            board,
            rules: Default::default(),
            won: false,
            turns: 0,
            terrain: std::sync::Arc::new(setup.terrain.clone()),
            pairs: std::sync::Arc::new(setup.pairs.clone()),
            automata: std::sync::Arc::new(automata),
            phases,
            pair_words: std::sync::Arc::new(pair_words),
            automaton_words: std::sync::Arc::new(automaton_words),
            read_words: None,
            profile: setup.profile,
        };
        let mut events = Vec::new();
        if s.profile == Profile::Keke {
            // The competition's engine reads the rules and transforms at the
            // start, and checks nothing until the first move.
            s.keke_read(&mut events);
            return Ok(s);
        }
        // A level never loads in an intermediate state: settle and resolve contacts at reset.
        s.settle(&mut events);
        s.transform(&mut events);
        s.contacts(&mut events);
        s.gates(true, &mut events);
        Ok(s)
    }

    fn apply(s: &mut State, action: &Action) -> Result<Vec<Event>, Rejection> {
        Miau::apply_traced(s, action, None)
    }

    fn parts(s: &State) -> Vec<Part> {
        digest::parts(s)
    }

    fn outcome(s: &State) -> Outcome {
        if s.won {
            Outcome::Won(crate::say!("won in {0} turns", s.turns))
        } else if match s.profile {
            Profile::Miau => !s.board.things.iter().any(|t| s.rules.has(&t.kind, Prop::You)),
            Profile::Keke => s.keke_lost(),
        } {
            Outcome::Lost(crate::say!("nothing is YOU any more"))
        } else {
            Outcome::InProgress
        }
    }
}

/// Why Miau's own rules refuse a board: a word only the keke rules play
/// (`KILL`, `MOVE`, `HOT`, `MELT`), naming its cell.
fn miau_refuses(board: &Board) -> Option<String> {
    board.things.iter().find_map(|t| match t.kind {
        board::Kind::Word(board::Word::Prop(p)) if board::KEKE_ONLY.contains(&p) => Some(format!(
            "row {}, column {}: {} is a word of the keke rules (the pack's manifest says rules = \"keke\")",
            t.y + 1,
            t.x + 1,
            p.word()
        )),
        _ => None,
    })
}

#[cfg(test)]
mod tests;
