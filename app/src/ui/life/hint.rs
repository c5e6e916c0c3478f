//! The campaign's Hint: the solver's placements for the position on screen,
//! searched on a thread so the window never waits, and dropped when the
//! player has left that position.

use crate::platform::Instant;
use retrace_kernel::digest::Digest;
use retrace_kernel::life::solve::{hint, CpuEval, Hint, Options};
use retrace_kernel::life::State;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::Duration;

/// How long a hint may search before it answers with its best so far.
pub const HINT_SECONDS: u64 = 20;

/// A hint being searched or shown, for one position.
pub struct HintTask {
    /// The position (session digest and step) it is for.
    pub position: (Digest, u32),
    /// Candidates judged so far (the progress shown).
    pub evaluated: Arc<AtomicU64>,
    cancel: Arc<AtomicBool>,
    answer: Option<Receiver<Result<Hint, String>>>,
    /// The answer once it came.
    pub shown: Option<Result<Hint, String>>,
}

impl HintTask {
    /// Starts searching from `state` on a thread.
    pub fn start(state: &State, position: (Digest, u32)) -> HintTask {
        let (tx, rx) = channel();
        let evaluated = Arc::new(AtomicU64::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (state, seen, stop) = (state.clone(), Arc::clone(&evaluated), Arc::clone(&cancel));
        // One core is left to the window.
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1)) as u32;
        crate::platform::spawn(move || {
            let deadline = Instant::now() + Duration::from_secs(HINT_SECONDS);
            let mut watch = |p: retrace_kernel::life::solve::Progress| {
                seen.store(p.evaluated, Ordering::Relaxed);
                !stop.load(Ordering::Relaxed) && Instant::now() < deadline
            };
            let result = hint(&state, &Options::default(), &mut CpuEval { threads }, &mut watch);
            let _ = tx.send(result);
        });
        HintTask { position, evaluated, cancel, answer: Some(rx), shown: None }
    }

    /// Takes the answer when it has come; true while still searching.
    pub fn poll(&mut self) -> bool {
        let Some(rx) = &self.answer else { return false };
        match rx.try_recv() {
            Ok(r) => {
                self.shown = Some(r);
                self.answer = None;
                false
            }
            Err(TryRecvError::Empty) => true,
            Err(TryRecvError::Disconnected) => {
                self.shown = Some(Err("the hint's search stopped without an answer".into()));
                self.answer = None;
                false
            }
        }
    }

    /// The suggested cells, once there is a suggestion.
    pub fn cells(&self) -> &[(u32, u32)] {
        match &self.shown {
            Some(Ok(h)) => &h.cells,
            _ => &[],
        }
    }
}

impl Drop for HintTask {
    /// A hint that is dropped (dismissed, or its position left) stops its search.
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
