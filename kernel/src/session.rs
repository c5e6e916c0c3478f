//! `Session<G>`: a live game as setup + seed + log, with undo, redo and seek.
//!
//! The log is the truth; the current state and the snapshots are caches of
//! replaying it. Undo pops the last action and rebuilds from the nearest
//! snapshot, so a session always equals a fresh replay of its log.

use crate::digest::Digest;
use crate::game::{Game, Outcome, Rejection};
use crate::replay::{Chain, Claim, Header, ReplayError, ReplayFile, CHECKPOINT_EVERY};
use crate::verify;
use crate::wire;
use std::sync::Mutex;

/// A state snapshot is kept every this many steps (they coincide with checkpoints).
pub const SNAPSHOT_EVERY: u32 = CHECKPOINT_EVERY;

/// A live game.
pub struct Session<G: Game> {
    setup: G::Setup,
    seed: u64,
    title: Option<String>,
    log: Vec<G::Action>,
    encoded: Vec<Vec<u8>>,
    /// Undone actions, the next to redo last.
    redo: Vec<G::Action>,
    state: G::State,
    /// `snapshots[i]` is the state after `i * SNAPSHOT_EVERY` actions, with its digest.
    snapshots: Vec<(G::State, Digest)>,
    /// The hash chain of the last replay made (its header's), covering a
    /// prefix of the log: a save after each turn hashes only the new
    /// actions. Taking actions back truncates it. A lock, not a `RefCell`,
    /// so a session stays `Sync`; it is only ever held inside one call.
    chain: Mutex<Option<Chain>>,
}

// By hand: a derive would ask the game's marker type to be `Clone` too.
impl<G: Game> Clone for Session<G> {
    fn clone(&self) -> Self {
        Session {
            setup: self.setup.clone(),
            seed: self.seed,
            title: self.title.clone(),
            log: self.log.clone(),
            encoded: self.encoded.clone(),
            redo: self.redo.clone(),
            state: self.state.clone(),
            snapshots: self.snapshots.clone(),
            chain: Mutex::new(self.chained().clone()),
        }
    }
}

impl<G: Game> Session<G> {
    /// Starts a new session, or says why the setup cannot be played.
    pub fn new(setup: G::Setup, seed: u64) -> Result<Self, Rejection> {
        let state = G::start(&setup, seed)?;
        let digest = G::digest(&state);
        Ok(Session {
            setup,
            seed,
            title: None,
            log: Vec::new(),
            encoded: Vec::new(),
            redo: Vec::new(),
            snapshots: vec![(state.clone(), digest)],
            state,
            chain: Mutex::new(None),
        })
    }

    /// Sets the title written into saved replays.
    pub fn with_title(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// The setup.
    pub fn setup(&self) -> &G::Setup {
        &self.setup
    }
    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The current state.
    pub fn state(&self) -> &G::State {
        &self.state
    }
    /// The logged actions, oldest first.
    pub fn actions(&self) -> &[G::Action] {
        &self.log
    }
    /// The action the timeline takes next (the first undone one), if any:
    /// what a watched replay does at this step.
    pub fn next_action(&self) -> Option<&G::Action> {
        self.redo.last()
    }
    /// Number of actions applied.
    pub fn step(&self) -> u32 {
        self.log.len() as u32
    }
    /// Applied plus undone-but-redoable actions.
    pub fn timeline_len(&self) -> u32 {
        (self.log.len() + self.redo.len()) as u32
    }
    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
    /// The current state digest.
    pub fn digest(&self) -> Digest {
        G::digest(&self.state)
    }
    /// The current outcome.
    pub fn outcome(&self) -> Outcome {
        G::outcome(&self.state)
    }

    /// Plays an action. A rejected action is not logged and changes nothing;
    /// an accepted one clears the redo list.
    pub fn push(&mut self, action: G::Action) -> Result<Vec<G::Event>, Rejection> {
        self.push_with(action, G::apply)
    }

    /// Like [`Session::push`], applying the action with `apply`, which must
    /// give exactly what `G::apply` gives (another engine for the same rules,
    /// such as the GPU step). The log and replays are the same either way.
    pub fn push_with(
        &mut self,
        action: G::Action,
        apply: impl FnOnce(&mut G::State, &G::Action) -> Result<Vec<G::Event>, Rejection>,
    ) -> Result<Vec<G::Event>, Rejection> {
        let events = self.apply_logged(action, apply)?;
        self.redo.clear();
        Ok(events)
    }

    fn apply_logged(
        &mut self,
        action: G::Action,
        apply: impl FnOnce(&mut G::State, &G::Action) -> Result<Vec<G::Event>, Rejection>,
    ) -> Result<Vec<G::Event>, Rejection> {
        let events = apply(&mut self.state, &action)?;
        self.encoded.push(wire::encode(&action));
        self.log.push(action);
        let step = self.step();
        if step.is_multiple_of(SNAPSHOT_EVERY) && self.snapshots.len() as u32 == step / SNAPSHOT_EVERY {
            self.snapshots.push((self.state.clone(), G::digest(&self.state)));
        }
        Ok(events)
    }

    /// Takes back the last action. Returns false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(action) = self.log.pop() else { return false };
        self.encoded.pop();
        self.redo.push(action);
        self.rebuild();
        self.unchain();
        true
    }

    /// Plays the last undone action again.
    pub fn redo(&mut self) -> Option<Vec<G::Event>> {
        let action = self.redo.pop()?;
        Some(self.apply_logged(action, G::apply).expect("kernel invariant: a redone action was accepted before"))
    }

    /// Moves to step `k` of the timeline (applied + redoable actions), clamped.
    pub fn seek(&mut self, k: u32) {
        let k = k.min(self.timeline_len());
        if k < self.step() {
            while self.step() > k {
                let action = self.log.pop().expect("step > k >= 0");
                self.encoded.pop();
                self.redo.push(action);
            }
            self.rebuild();
            self.unchain();
        } else {
            while self.step() < k {
                self.redo();
            }
        }
    }

    /// Recomputes the state from the newest snapshot at or before the log's end.
    fn rebuild(&mut self) {
        let keep = (self.step() / SNAPSHOT_EVERY) as usize + 1;
        self.snapshots.truncate(keep);
        let from = (keep - 1) as u32 * SNAPSHOT_EVERY;
        self.state = self.snapshots[keep - 1].0.clone();
        for action in &self.log[from as usize..] {
            G::apply(&mut self.state, action).expect("kernel invariant: a logged action replays");
        }
    }

    /// The replay header for this session.
    pub fn header(&self, app_version: &str) -> Header {
        Header {
            game: G::ID.to_string(),
            rules_version: G::RULES_VERSION,
            seed: self.seed,
            setup: wire::encode(&self.setup),
            app_version: app_version.to_string(),
            title: self.title.clone(),
        }
    }

    /// The session's log as a replay file (redoable actions are not part of
    /// it). The hash chain is extended from the last replay made, not
    /// rehashed from the header.
    pub fn to_replay(&self, app_version: &str) -> ReplayFile {
        let state_at = self.checkpoint_digests();
        let chain = self.chain_for(app_version);
        ReplayFile::build_chained(chain.as_ref().expect("made"), self.encoded.clone(), state_at, None)
    }

    /// The bytes of [`Session::to_replay`]'s file, made from the chain's
    /// copy of the log: a save after each turn hashes and encodes only the
    /// new action (the rest is a copy of bytes already made).
    pub fn replay_bytes(&self, app_version: &str) -> Vec<u8> {
        let state_at = self.checkpoint_digests();
        self.chain_for(app_version).as_ref().expect("made").file_bytes(state_at)
    }

    /// The state digest at each checkpoint step (the snapshots', and the
    /// current state's at the end).
    fn checkpoint_digests(&self) -> impl Fn(u32) -> Digest + '_ {
        let (steps, last) = (self.step(), self.digest());
        move |step| if step == steps { last } else { self.snapshots[(step / SNAPSHOT_EVERY) as usize].1 }
    }

    /// The chain of this log under `app_version`'s header, extended from
    /// the cached one (made afresh when the header changed).
    fn chain_for(&self, app_version: &str) -> std::sync::MutexGuard<'_, Option<Chain>> {
        let header = self.header(app_version);
        let mut cached = self.chained();
        if cached.as_ref().is_none_or(|c| *c.header() != header) {
            *cached = Some(Chain::new(header));
        }
        cached.as_mut().expect("just set").extend(&self.encoded);
        cached
    }

    /// The cached chain (a poisoned lock still holds a whole chain: nothing
    /// panics while it is held).
    fn chained(&self) -> std::sync::MutexGuard<'_, Option<Chain>> {
        self.chain.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The cached chain cut back to the log (after actions were taken back).
    fn unchain(&mut self) {
        let steps = self.step();
        if let Some(c) = self.chain.get_mut().unwrap_or_else(|e| e.into_inner()) {
            if c.steps() > steps {
                c.truncate(steps);
            }
        }
    }

    /// A certificate: the replay plus the claim of its winning outcome.
    /// Refused unless the session is won.
    pub fn to_certificate(&self, app_version: &str) -> Result<ReplayFile, Rejection> {
        let outcome = self.outcome();
        if !matches!(outcome, Outcome::Won(_)) {
            return Err(Rejection::new(format!("only a won game has a certificate; this one is {outcome}")));
        }
        let mut file = self.to_replay(app_version);
        file.claim = Some(Claim { outcome, final_digest: self.digest() });
        Ok(file)
    }

    /// Rebuilds a session from a replay file after verifying it completely.
    pub fn from_replay(file: &ReplayFile) -> Result<Self, ReplayError> {
        if file.header.game != G::ID {
            return Err(ReplayError::UnknownGame { game: file.header.game.clone(), known: G::ID.to_string() });
        }
        verify::verify(file)?;
        let setup: G::Setup =
            wire::decode(&file.header.setup).map_err(|detail| ReplayError::BadSetup { reason: detail.into() })?;
        let mut s = Session::new(setup, file.header.seed).map_err(|r| ReplayError::BadSetup { reason: r.0 })?;
        s.title = file.header.title.clone();
        for (i, bytes) in file.actions.iter().enumerate() {
            let step = i as u32 + 1;
            let action: G::Action = wire::decode(bytes).map_err(|detail| ReplayError::BadAction { step, detail })?;
            s.push(action).map_err(|r| ReplayError::ActionRejected { step, reason: r.0 })?;
        }
        Ok(s)
    }
}
