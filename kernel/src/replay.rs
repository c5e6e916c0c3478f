//! The replay file: header + action log + BLAKE3 hash chain + state checkpoints.
//!
//! The byte layout is a contract, written down in `replay/FORMAT.md` and pinned
//! by golden files in `replays/`. Saves, resumes, demos, tests and certificates
//! are all replay files.

use crate::digest::Digest;
use crate::game::Outcome;
use crate::say;
use crate::say::{Arg, Say};
use crate::wire;
use bincode::Options;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::Read;

/// The first 8 bytes of every replay file.
pub const MAGIC: [u8; 8] = *b"RETRACE\x1a";
/// The newest format this build writes and reads.
pub const FORMAT_VERSION: u16 = 1;
/// A state-digest checkpoint is stored at every step that is a multiple of this,
/// and at the final step.
pub const CHECKPOINT_EVERY: u32 = 64;

/// Who and what a replay is: everything needed to start the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The game's stable id.
    pub game: String,
    /// The game's rules version when the replay was recorded.
    pub rules_version: u32,
    /// The run's seed.
    pub seed: u64,
    /// The game's `Setup`, encoded with [`wire`].
    pub setup: Vec<u8>,
    /// The program that wrote the file, e.g. `retrace 0.1.0`.
    pub app_version: String,
    /// An optional title shown to players.
    pub title: Option<String>,
}

/// The chain hash and the state digest after `step` actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// Number of actions applied (0 is the start state).
    pub step: u32,
    /// The hash chain value h_step.
    pub chain: Digest,
    /// The game's state digest after `step` actions.
    pub state: Digest,
}

/// What a certificate claims about the end of its replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    /// The outcome the replay reaches.
    pub outcome: Outcome,
    /// The state digest it ends in.
    pub final_digest: Digest,
}

/// A decoded replay file. Field order is the wire order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayFile {
    /// Who and what.
    pub header: Header,
    /// Each action encoded with [`wire`], in order.
    pub actions: Vec<Vec<u8>>,
    /// Checkpoints at steps 0, E, 2E, … and the last step (E = [`CHECKPOINT_EVERY`]).
    pub checkpoints: Vec<Checkpoint>,
    /// h_n, the chain after the last action.
    pub final_chain: Digest,
    /// Present when the file is a certificate.
    pub claim: Option<Claim>,
}

/// Everything that can be wrong with a replay, each a one-line sentence.
/// Callers prefix the file name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// Bad magic bytes.
    NotAReplay,
    /// A format this build does not know.
    NewerFormat {
        /// The file's format version.
        found: u16,
        /// The newest this build reads.
        supported: u16,
    },
    /// The bytes end early.
    Truncated {
        /// Where the data ran out.
        offset: u64,
    },
    /// The bytes do not decode.
    Corrupt {
        /// About where decoding failed.
        offset: u64,
        /// What was wrong there.
        detail: String,
    },
    /// A game this build does not have.
    UnknownGame {
        /// The header's game id.
        game: String,
        /// The ids this build knows, comma-separated.
        known: String,
    },
    /// Recorded under other rules.
    RulesVersion {
        /// The game id.
        game: String,
        /// The file's rules version.
        file: u32,
        /// This build's rules version.
        build: u32,
    },
    /// Checkpoints missing, extra or out of place.
    CheckpointLayout {
        /// Number of actions.
        steps: u32,
        /// The expected step list.
        expected: String,
        /// The file's step list.
        found: String,
    },
    /// The chain does not match the header and actions.
    ChainMismatch {
        /// The first checkpoint (or the end) where the chain differs.
        step: u32,
    },
    /// The setup could not be read or started.
    BadSetup {
        /// Why.
        reason: Say,
    },
    /// A logged action does not decode.
    BadAction {
        /// 1-based step of the action.
        step: u32,
        /// What was wrong.
        detail: String,
    },
    /// A logged action was refused by the rules.
    ActionRejected {
        /// 1-based step of the action.
        step: u32,
        /// The game's reason.
        reason: Say,
    },
    /// Replaying reached a different state than the file recorded.
    CheckpointMismatch {
        /// The checkpoint's step.
        step: u32,
        /// What the file says.
        expected: Digest,
        /// What the kernel computed.
        found: Digest,
    },
    /// The certificate's claim is false.
    ClaimMismatch {
        /// The claimed outcome.
        claimed: String,
        /// The claimed digest.
        claimed_digest: Digest,
        /// The replayed outcome.
        actual: String,
        /// The replayed digest.
        actual_digest: Digest,
    },
    /// A certificate must end in a win.
    ClaimNotAWin {
        /// The claimed outcome.
        claimed: String,
    },
}

/// h0 = BLAKE3(encoded header).
pub fn chain_start(header: &Header) -> Digest {
    Digest::of(&wire::encode(header))
}

impl ReplayError {
    /// The error as a sentence, for any language.
    pub fn say(&self) -> Say {
        match self {
            ReplayError::NotAReplay => say!("not a Retrace replay (it does not start with the replay signature)"),
            ReplayError::NewerFormat { found, supported } => say!("written by a newer replay format (format {0}; this build reads format {1} and older); update Retrace to open it", *found, *supported),
            ReplayError::Truncated { offset } => say!("truncated at byte offset {0}: the file ends before the replay does", *offset),
            ReplayError::Corrupt { offset, detail } => say!("corrupt at byte offset {0}: {1}", *offset, Arg::Name(detail.to_string())),
            ReplayError::UnknownGame { game, known } => say!("unknown game '{0}' (this build plays: {1})", Arg::Name(game.to_string()), Arg::Name(known.to_string())),
            ReplayError::RulesVersion { game, file, build } => say!("recorded under {0} rules v{1} while this build implements v{2}; refusing to replay it (a Retrace build with {0} rules v{1} plays it)", Arg::Name(game.to_string()), *file, *build),
            ReplayError::CheckpointLayout { steps, expected, found } => say!("checkpoint layout is wrong: a replay of {0} steps keeps checkpoints at steps {1}, this file has {2}", *steps, Arg::Name(expected.to_string()), Arg::Name(found.to_string())),
            ReplayError::ChainMismatch { step } => say!("chain hash mismatch at step {0}: the header or an action up to step {0} was altered", *step),
            ReplayError::BadSetup { reason } => say!("the setup was refused: {0}", reason.clone()),
            ReplayError::BadAction { step, detail } => say!("action at step {0} cannot be read: {1}", *step, Arg::Name(detail.to_string())),
            ReplayError::ActionRejected { step, reason } => say!("action rejected at step {0}: {1}", *step, reason.clone()),
            ReplayError::CheckpointMismatch { step, expected, found } => say!("checkpoint mismatch at step {0}: the file records state {1}, the replay reached {2}", *step, Arg::Name(expected.to_string()), Arg::Name(found.to_string())),
            ReplayError::ClaimMismatch { claimed, claimed_digest, actual, actual_digest } => say!("certificate claim is false: it claims {0} with state {1}, the replay ends {2} with state {3}", Arg::Name(claimed.to_string()), Arg::Name(claimed_digest.to_string()), Arg::Name(actual.to_string()), Arg::Name(actual_digest.to_string())),
            ReplayError::ClaimNotAWin { claimed } => say!("not a valid certificate: a certificate must end in a win, this one claims {0}", Arg::Name(claimed.to_string())),
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say().render(None))
    }
}

impl std::error::Error for ReplayError {}

/// h_i = BLAKE3(h_(i-1) ‖ action_i bytes).
pub fn chain_next(prev: &Digest, action: &[u8]) -> Digest {
    let mut h = blake3::Hasher::new();
    h.update(&prev.0);
    h.update(action);
    Digest(*h.finalize().as_bytes())
}

/// The steps at which a replay of `steps` actions keeps checkpoints.
pub fn checkpoint_steps(steps: u32) -> Vec<u32> {
    let mut v: Vec<u32> = (0..=steps).step_by(CHECKPOINT_EVERY as usize).collect();
    if v.last() != Some(&steps) {
        v.push(steps);
    }
    v
}

/// The hash chain of one header's log, h_0 ..= h_n, kept as the log grows:
/// extending it by an action is one BLAKE3 over 32 bytes and the action's,
/// so a session saved after every turn never rehashes what it hashed before
/// (the chain is incremental by construction).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    header: Header,
    /// `links[k]` = h_k; never empty (h_0 is the header's).
    links: Vec<Digest>,
    /// The actions chained, as the file writes them (each its length and
    /// bytes), so the file is assembled without encoding the log again.
    wire: Vec<u8>,
    /// Where each action's bytes end in `wire` (`ends[k]`: after k actions).
    ends: Vec<u64>,
}

impl Chain {
    /// The chain of `header` with no action yet.
    pub fn new(header: Header) -> Chain {
        let start = chain_start(&header);
        Chain { header, links: vec![start], wire: Vec::new(), ends: vec![0] }
    }

    /// The header it chains from.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// How many actions it covers.
    pub fn steps(&self) -> u32 {
        u32::try_from(self.links.len() - 1).expect("kernel invariant: logs hold fewer than 2^32 actions")
    }

    /// h_step (`step` at most [`Chain::steps`]).
    pub fn at(&self, step: u32) -> Digest {
        self.links[step as usize]
    }

    /// Hashes the actions of `log` past the ones it covers: `log` is the
    /// whole log, its first [`Chain::steps`] actions the ones already chained.
    pub fn extend(&mut self, log: &[Vec<u8>]) {
        for action in log.get(self.links.len() - 1..).unwrap_or(&[]) {
            let last = *self.links.last().expect("never empty");
            self.links.push(chain_next(&last, action));
            self.wire.extend_from_slice(&(action.len() as u64).to_le_bytes());
            self.wire.extend_from_slice(action);
            self.ends.push(self.wire.len() as u64);
        }
    }

    /// Forgets the links past `steps` actions (an undo).
    pub fn truncate(&mut self, steps: u32) {
        self.links.truncate(steps as usize + 1);
        self.ends.truncate(steps as usize + 1);
        let end = *self.ends.last().expect("never empty");
        self.wire.truncate(usize::try_from(end).expect("held in memory"));
    }

    /// The replay file's bytes for the actions it covers, as
    /// [`ReplayFile::to_bytes`] writes the file [`ReplayFile::build_chained`]
    /// makes (a test holds them equal): the log's bytes are copied, not
    /// encoded or hashed again.
    pub fn file_bytes(&self, mut state_at: impl FnMut(u32) -> Digest) -> Vec<u8> {
        let steps = self.steps();
        let checkpoints: Vec<Checkpoint> = checkpoint_steps(steps)
            .into_iter()
            .map(|step| Checkpoint { step, chain: self.at(step), state: state_at(step) })
            .collect();
        let mut out = Vec::with_capacity(self.wire.len() + 64 * checkpoints.len() + 256);
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&wire::encode(&self.header));
        out.extend_from_slice(&u64::from(steps).to_le_bytes());
        out.extend_from_slice(&self.wire);
        out.extend_from_slice(&wire::encode(&checkpoints));
        out.extend_from_slice(&wire::encode(&self.at(steps)));
        out.extend_from_slice(&wire::encode(&None::<Claim>));
        out
    }
}

impl ReplayFile {
    /// Builds a file from a header and encoded actions, computing the chain;
    /// `state_at(step)` supplies the state digest for each checkpoint.
    pub fn build(
        header: Header,
        actions: Vec<Vec<u8>>,
        state_at: impl FnMut(u32) -> Digest,
        claim: Option<Claim>,
    ) -> Self {
        let mut chain = Chain::new(header);
        chain.extend(&actions);
        ReplayFile::build_chained(&chain, actions, state_at, claim)
    }

    /// [`ReplayFile::build`] with the chain of its header and actions
    /// worked out already (`chain` covers exactly `actions`).
    pub fn build_chained(
        chain: &Chain,
        actions: Vec<Vec<u8>>,
        mut state_at: impl FnMut(u32) -> Digest,
        claim: Option<Claim>,
    ) -> Self {
        let steps = u32::try_from(actions.len()).expect("kernel invariant: logs hold fewer than 2^32 actions");
        assert_eq!(chain.steps(), steps, "kernel invariant: the chain covers the log");
        let checkpoints = checkpoint_steps(steps)
            .into_iter()
            .map(|step| Checkpoint { step, chain: chain.at(step), state: state_at(step) })
            .collect();
        ReplayFile { header: chain.header.clone(), actions, checkpoints, final_chain: chain.at(steps), claim }
    }

    /// Number of actions.
    pub fn steps(&self) -> u32 {
        self.actions.len() as u32
    }

    /// The file's bytes: magic, format version (u16 LE), then the wire encoding.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + self.actions.iter().map(|a| a.len() + 8).sum::<usize>());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        wire::options().serialize_into(&mut out, self).expect("kernel invariant: replay values always encode");
        out
    }

    /// Reads a file's bytes. Checks the magic, the format version and the
    /// encoding; does not replay (see `verify::verify`).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ReplayError> {
        if bytes.len() < MAGIC.len() || bytes[..MAGIC.len()] != MAGIC {
            // A prefix of the magic is a truncated replay, anything else is not one.
            if bytes.len() < MAGIC.len() && MAGIC.starts_with(bytes) && !bytes.is_empty() {
                return Err(ReplayError::Truncated { offset: bytes.len() as u64 });
            }
            return Err(ReplayError::NotAReplay);
        }
        let head = MAGIC.len() + 2;
        if bytes.len() < head {
            return Err(ReplayError::Truncated { offset: bytes.len() as u64 });
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version > FORMAT_VERSION {
            return Err(ReplayError::NewerFormat { found: version, supported: FORMAT_VERSION });
        }
        if version == 0 {
            return Err(ReplayError::Corrupt { offset: 8, detail: "format version 0 does not exist".into() });
        }
        let body = &bytes[head..];
        let mut reader = Counting { data: body, pos: 0 };
        let result: Result<ReplayFile, _> = wire::options().with_limit(body.len() as u64).deserialize_from(&mut reader);
        let offset = (head + reader.pos) as u64;
        match result {
            Ok(file) if reader.pos == body.len() => Ok(file),
            Ok(_) => Err(ReplayError::Corrupt {
                offset,
                detail: format!("{} unexpected bytes after the end of the replay", body.len() - reader.pos),
            }),
            Err(e) => match &*e {
                bincode::ErrorKind::Io(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => {
                    Err(ReplayError::Truncated { offset: bytes.len() as u64 })
                }
                // A length that runs past the end of the data: what a cut file looks like.
                bincode::ErrorKind::SizeLimit => Err(ReplayError::Truncated { offset: bytes.len() as u64 }),
                _ => Err(ReplayError::Corrupt { offset, detail: wire::describe(&e) }),
            },
        }
    }
}

/// A slice reader that remembers how far it got, for error offsets.
struct Counting<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Read for Counting<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.data.len() - self.pos);
        buf[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}
