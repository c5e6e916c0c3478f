//! The campaign's Hint: the solver's placements for the position on screen,
//! searched in the background (a thread, or the page's worker) so the
//! window never waits, and dropped when the player has left that position.

use crate::platform::{Instant, Job, Running, Watch};
use retrace_kernel::digest::Digest;
use retrace_kernel::life::solve::{hint, CpuEval, Hint, Options};
use retrace_kernel::life::{Action, Life, Setup};
use retrace_kernel::Session;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// How long a hint may search before it answers with its best so far.
pub const HINT_SECONDS: u64 = 20;

/// The search's work: the position as its session holds it (setup, seed,
/// moves: what a web worker plays again).
#[derive(Serialize, Deserialize)]
pub struct HintJob {
    /// The game.
    pub setup: Setup,
    /// Its seed.
    pub seed: u64,
    /// The actions played to reach the position.
    pub actions: Vec<Action>,
}

impl Job for HintJob {
    type Answer = Result<Hint, String>;
    const NAME: &'static str = "life-hint";

    fn run(self, watch: &Watch) -> Result<Hint, String> {
        let mut session = Session::<Life>::new(self.setup, self.seed).map_err(|e| e.0.to_string())?;
        for a in self.actions {
            session.push(a).map_err(|e| e.0.to_string())?;
        }
        // One core is left to the window.
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1)) as u32;
        let deadline = Instant::now() + Duration::from_secs(HINT_SECONDS);
        let mut go = |p: retrace_kernel::life::solve::Progress| watch.go(p.evaluated) && Instant::now() < deadline;
        hint(session.state(), &Options::default(), &mut CpuEval { threads }, &mut go)
    }
}

/// A hint being searched or shown, for one position.
pub struct HintTask {
    /// The position (session digest and step) it is for.
    pub position: (Digest, u32),
    /// The search while it runs (dropped, it stops).
    running: Option<Running<Result<Hint, String>>>,
    /// The answer once it came.
    pub shown: Option<Result<Hint, String>>,
}

impl HintTask {
    /// Starts searching from where `session` stands, in the background.
    pub fn start(session: &Session<Life>, position: (Digest, u32)) -> HintTask {
        let job = HintJob { setup: session.setup().clone(), seed: session.seed(), actions: session.actions().to_vec() };
        HintTask { position, running: Some(crate::platform::start(job)), shown: None }
    }

    /// Candidates judged so far (the progress shown).
    pub fn evaluated(&self) -> u64 {
        self.running.as_ref().map_or(0, Running::progress)
    }

    /// Takes the answer when it has come; true while still searching.
    pub fn poll(&mut self) -> bool {
        let Some(running) = &mut self.running else { return false };
        let Some(answer) = running.poll() else { return true };
        self.shown = Some(answer.and_then(|r| r));
        self.running = None;
        false
    }

    /// The suggested cells, once there is a suggestion.
    pub fn cells(&self) -> &[(u32, u32)] {
        match &self.shown {
            Some(Ok(h)) => &h.cells,
            _ => &[],
        }
    }
}
