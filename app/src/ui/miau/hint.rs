//! The hint: the solver asked on a thread from where the player stands,
//! within a budget, and its answer as a next move and a whole solution.

use crate::platform::{Job, Watch};
use crate::store::Lang;
use crate::ui::text::tr;
use retrace_kernel::miau::{Action, Miau, Setup, State};
use serde::{Deserialize, Serialize};

/// States the hint may visit (about a second on one core, about 220 MB at most).
pub const HINT_BUDGET: u64 = 2_000_000;

/// The most seconds a hint may think.
pub const HINT_SECONDS: u64 = 20;

/// A hint's sentence and its whole solution (empty when none was found).
pub type HintAnswer = (String, Vec<Action>);

/// The hint's work: the position as its session holds it (the level's
/// setup, seed and moves, which a web worker plays again) and the language
/// of the sentence.
#[derive(Serialize, Deserialize)]
pub struct HintJob {
    /// The level.
    pub setup: Setup,
    /// Its seed.
    pub seed: u64,
    /// The moves played to reach the position.
    pub moves: Vec<Action>,
    /// The sentence's language.
    pub lang: Lang,
}

impl Job for HintJob {
    type Answer = HintAnswer;
    const NAME: &'static str = "miau-hint";

    fn run(self, watch: &Watch) -> HintAnswer {
        use retrace_kernel::Game;
        let state = match Miau::start(&self.setup, self.seed) {
            Ok(s) => played(&s, &self.moves),
            Err(e) => return (crate::ui::text::say(self.lang, &e.0), Vec::new()),
        };
        hint_and_solution(&state, self.lang, watch)
    }
}

/// `state` after `moves` (a copy: what "Show me" draws).
pub(super) fn played(state: &State, moves: &[Action]) -> State {
    use retrace_kernel::Game;
    let mut s = state.clone();
    for a in moves {
        if Miau::apply(&mut s, a).is_err() {
            break;
        }
    }
    s
}

/// The solver's next move from `state`, as a sentence: the move and how many
/// moves win from here, or a proof that nothing wins from here, or that none
/// was found within [`HINT_BUDGET`]; and the whole solution when one was
/// found (empty otherwise), for "Show me".
/// `watch` may stop it (the player moved on).
pub fn hint_and_solution(state: &State, lang: Lang, watch: &Watch) -> HintAnswer {
    use retrace_kernel::miau::solver::{solve_from, Options, Verdict};
    // The command line's budgets: states, half the available memory (at most
    // 1 GiB), and HINT_SECONDS; the search runs on its own thread.
    let max_bytes = crate::budget::default_memory().min(1 << 30);
    let opts = Options { max_states: HINT_BUDGET, threads: crate::budget::cores(), max_bytes, ..Options::default() };
    let deadline = crate::budget::Deadline::new(Some(HINT_SECONDS));
    let verdict = solve_from(
        state,
        &opts,
        &mut retrace_kernel::hashing::CpuHasher,
        &mut |p: &retrace_kernel::miau::solver::Progress| watch.go(p.states) && !deadline.expired(),
    );
    let moves = match &verdict {
        Ok(Verdict::Solved { moves, .. }) => moves.clone(),
        _ => Vec::new(),
    };
    let text = match verdict {
        Ok(Verdict::Solved { moves, .. }) if moves.is_empty() => {
            crate::ui::text::tr(lang, "The level is won.").to_string()
        }
        Ok(Verdict::Solved { moves, .. }) => {
            // The move as a word, not a letter: R is also the Restart key (issue 40).
            let next = move_word(moves[0]);
            crate::ui::text::say(lang, &retrace_kernel::say!("Hint: {0} ({1} moves win from here)", next, moves.len()))
        }
        Ok(Verdict::Unsolved { states: 1 }) => {
            tr(lang, "Nothing wins from here: no move is possible. Undo (Z) or restart (R).").to_string()
        }
        Ok(Verdict::Unsolved { states }) => crate::ui::text::say(
            lang,
            &retrace_kernel::say!(
                "Nothing wins from here: all {0} reachable states were tried. Undo (Z) or restart (R).",
                states
            ),
        ),
        Ok(Verdict::Limit { states, .. }) => {
            crate::ui::text::say(lang, &retrace_kernel::say!("No win found within {0} states from here.", states))
        }
        Err(e) => crate::ui::text::say(lang, &e.0),
    };
    (text, moves)
}

/// A move as the hint says it, a word the window's table translates
/// ("right", not "R", which is the Restart key).
pub fn move_word(a: retrace_kernel::miau::Action) -> &'static str {
    use retrace_kernel::miau::Action;
    match a {
        Action::Up => "up",
        Action::Down => "down",
        Action::Left => "left",
        Action::Right => "right",
        Action::Wait => "wait",
    }
}
