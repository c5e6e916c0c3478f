//! Tally: a tiny game that exists to exercise the replay machinery before and
//! beside the real games. Reach the target total exactly; going over loses.
//!
//! Actions: add 1 to 9, double, or roll a die (1 to 6 from the seeded `dice`
//! stream). It has every feature the kernel contract needs: a setup that can
//! be refused, rejected actions, RNG streams in the state, all outcomes.

use crate::digest::{Part, PartHasher};
use crate::game::{Game, Outcome, Rejection};
use crate::rng::Rng;
use serde::{Deserialize, Serialize};

/// The Tally game.
pub struct Tally;

/// Tally's setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The total to reach exactly, 1 to 1,000,000.
    pub target: u32,
}

/// Tally's actions. Append-only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Add 1 to 9.
    Add(u8),
    /// Double the total.
    Double,
    /// Add a die roll, 1 to 6.
    Roll,
    /// Give up.
    Resign,
}

/// Tally's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The target.
    pub target: u32,
    /// The running total.
    pub total: u32,
    /// Actions applied.
    pub moves: u32,
    /// Set by `Resign`.
    pub resigned: bool,
    /// The dice stream.
    pub dice: Rng,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The total changed from .0 to .1.
    Total(u32, u32),
    /// A die showed this.
    Rolled(u32),
}

impl Game for Tally {
    const ID: &'static str = "tally";
    const NAME: &'static str = "Tally (test game)";
    const RULES_VERSION: u32 = 1;
    type Setup = Setup;
    type Action = Action;
    type State = State;
    type Event = Event;

    fn start(setup: &Setup, seed: u64) -> Result<State, Rejection> {
        if !(1..=1_000_000).contains(&setup.target) {
            return Err(Rejection::new(format!("the target must be 1 to 1000000, not {}", setup.target)));
        }
        Ok(State { target: setup.target, total: 0, moves: 0, resigned: false, dice: Rng::stream(seed, "tally.dice") })
    }

    fn apply(state: &mut State, action: &Action) -> Result<Vec<Event>, Rejection> {
        if Self::outcome(state).is_over() {
            return Err(Rejection::new("the game is over"));
        }
        let before = state.total;
        let mut events = Vec::new();
        match action {
            Action::Add(n) if (1..=9).contains(n) => state.total += u32::from(*n),
            Action::Add(n) => return Err(Rejection::new(format!("you can add 1 to 9, not {n}"))),
            Action::Double if state.total == 0 => return Err(Rejection::new("doubling zero changes nothing")),
            Action::Double => state.total *= 2,
            Action::Roll => {
                let r = state.dice.below(6) + 1;
                events.push(Event::Rolled(r));
                state.total += r;
            }
            Action::Resign => state.resigned = true,
        }
        state.moves += 1;
        events.push(Event::Total(before, state.total));
        Ok(events)
    }

    fn parts(state: &State) -> Vec<Part> {
        let mut score = PartHasher::new("score");
        score.u32(state.target).u32(state.total).u32(state.moves).bool(state.resigned);
        let mut rng = PartHasher::new("rng");
        state.dice.hash_into(&mut rng);
        vec![score.finish(), rng.finish()]
    }

    fn outcome(state: &State) -> Outcome {
        if state.resigned {
            Outcome::Ended(crate::say!("resigned"))
        } else if state.total == state.target {
            Outcome::Won(crate::say!("reached {0} in {1} moves", state.target, state.moves))
        } else if state.total > state.target {
            Outcome::Lost(crate::say!("went over {0} with {1}", state.target, state.total))
        } else {
            Outcome::InProgress
        }
    }
}
