//! Background work, the same on both sides (issue 63): a [`Job`] is data
//! (a position's setup and moves, a pack's text), never a closure, so it can
//! cross to a web worker as bytes; natively it runs on a thread, through
//! the same bytes, so the encoding the page needs is what every native test
//! exercises.

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::sync::Arc;

/// A piece of background work: its input is the value itself, its answer
/// [`Job::Answer`]; both travel as the kernel's wire bytes.
pub trait Job: Serialize + DeserializeOwned + Send + 'static {
    /// What the work answers.
    type Answer: Serialize + DeserializeOwned + Send + 'static;
    /// The name a web worker finds the job by ([`Listed`]).
    const NAME: &'static str;
    /// Does the work, asking `watch` between steps whether to carry on.
    fn run(self, watch: &Watch) -> Self::Answer;
}

/// A job named in the app's one list of jobs (`ui::jobs`), which is what a
/// web worker can run: [`start`](crate::platform::start) takes no other,
/// so a job cannot be forgotten there. Implemented by that list only.
pub trait Listed: Job {}

/// What a running job reads and reports: whether to carry on (not
/// cancelled), and how far it has got (its own unit: states, candidates).
pub struct Watch {
    cancel: Arc<AtomicBool>,
    progress: Arc<AtomicU64>,
    /// Hands the progress on (the web worker posts it to the page).
    report: Option<Box<dyn Fn(u64) + Send>>,
}

impl Watch {
    /// A watch over a job's shared flags; `report` hears each progress.
    pub fn new(cancel: Arc<AtomicBool>, progress: Arc<AtomicU64>, report: Option<Box<dyn Fn(u64) + Send>>) -> Watch {
        Watch { cancel, progress, report }
    }

    /// A watch nobody cancels (a job run to its own budget).
    pub fn free() -> Watch {
        Watch::new(Arc::default(), Arc::default(), None)
    }

    /// Records `done` (progress) and says whether to carry on.
    pub fn go(&self, done: u64) -> bool {
        self.progress.store(done, Ordering::Relaxed);
        if let Some(report) = &self.report {
            report(done);
        }
        !self.cancel.load(Ordering::Relaxed)
    }

    /// Whether to carry on, progress unchanged.
    pub fn going(&self) -> bool {
        !self.cancel.load(Ordering::Relaxed)
    }
}

/// Runs job `J` from its bytes to its answer's bytes: what a worker (or the
/// native thread) does.
pub fn run_bytes<J: Job>(input: &[u8], watch: &Watch) -> Result<Vec<u8>, String> {
    let job: J = retrace_kernel::wire::decode(input).map_err(|e| format!("job {}: its input: {e}", J::NAME))?;
    Ok(retrace_kernel::wire::encode(&job.run(watch)))
}

/// A job under way: its answer once it comes. Dropping it cancels the work
/// (a thread stops at its next question; a web worker is ended).
pub struct Running<A> {
    answer: Receiver<Result<A, String>>,
    progress: Arc<AtomicU64>,
    cancel: Arc<AtomicBool>,
    /// What else ends the work (the web worker).
    on_drop: Option<Box<dyn FnOnce() + Send>>,
}

impl<A> Running<A> {
    /// A job's handle over its answer's channel and shared flags.
    pub fn new(
        answer: Receiver<Result<A, String>>,
        progress: Arc<AtomicU64>,
        cancel: Arc<AtomicBool>,
        on_drop: Option<Box<dyn FnOnce() + Send>>,
    ) -> Running<A> {
        Running { answer, progress, cancel, on_drop }
    }

    /// The answer, once (an error when the work failed or vanished); `None`
    /// while the job is still at work.
    pub fn poll(&mut self) -> Option<Result<A, String>> {
        match self.answer.try_recv() {
            Ok(a) => Some(a),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err("the work stopped without an answer".into())),
        }
    }

    /// How far the job has got, in its own unit.
    pub fn progress(&self) -> u64 {
        self.progress.load(Ordering::Relaxed)
    }
}

impl<A> Drop for Running<A> {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        if let Some(end) = self.on_drop.take() {
            end();
        }
    }
}
