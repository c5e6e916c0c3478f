//! Verifying a replay file: its structure and hash chain (no rules needed),
//! then every action replayed through its game, every checkpoint and any
//! certificate claim. Every command and screen that reads a replay goes
//! through here. This module knows the games (through the registry); the
//! format module, `replay.rs`, knows none.

use crate::digest::Digest;
use crate::game::Outcome;
use crate::registry;
use crate::replay::{chain_next, chain_start, checkpoint_steps, ReplayError, ReplayFile, CHECKPOINT_EVERY};

/// What a successful verification found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The game id.
    pub game: String,
    /// Its rules version.
    pub rules_version: u32,
    /// Number of actions.
    pub steps: u32,
    /// The outcome the replay reaches.
    pub outcome: Outcome,
    /// The final state digest.
    pub final_digest: Digest,
    /// Whether the file is a certificate (and its claim held).
    pub certificate: bool,
}

/// Checks everything a file promises that does not need the game's rules:
/// the game is known, the rules version is this build's, the checkpoints sit
/// where they must, and the hash chain matches the header and actions.
pub fn check_structure(file: &ReplayFile) -> Result<&'static dyn registry::AnyGame, ReplayError> {
    let game = registry::find(&file.header.game).ok_or_else(|| ReplayError::UnknownGame {
        game: file.header.game.clone(),
        known: registry::ids().join(", "),
    })?;
    if file.header.rules_version != game.rules_version() {
        return Err(ReplayError::RulesVersion {
            game: game.id().to_string(),
            file: file.header.rules_version,
            build: game.rules_version(),
        });
    }
    check_chain(file)
}

/// [`check_structure`] whatever rules version the file names: the game is
/// known, the checkpoints sit where they must and the hash chain matches.
/// For playing an older log under this build's rules (`retrace compare`).
pub fn check_chain(file: &ReplayFile) -> Result<&'static dyn registry::AnyGame, ReplayError> {
    let game = registry::find(&file.header.game).ok_or_else(|| ReplayError::UnknownGame {
        game: file.header.game.clone(),
        known: registry::ids().join(", "),
    })?;
    let steps = file.steps();
    let expected = checkpoint_steps(steps);
    let found: Vec<u32> = file.checkpoints.iter().map(|c| c.step).collect();
    if found != expected {
        return Err(ReplayError::CheckpointLayout { steps, expected: list(&expected), found: list(&found) });
    }
    let mut chain = chain_start(&file.header);
    let mut cps = file.checkpoints.iter().peekable();
    for step in 0..=steps {
        if step > 0 {
            chain = chain_next(&chain, &file.actions[step as usize - 1]);
        }
        if let Some(cp) = cps.next_if(|cp| cp.step == step) {
            if cp.chain != chain {
                return Err(ReplayError::ChainMismatch { step });
            }
        }
    }
    if chain != file.final_chain {
        return Err(ReplayError::ChainMismatch { step: steps });
    }
    Ok(game)
}

fn list(steps: &[u32]) -> String {
    const SHOWN: usize = 6;
    let mut parts: Vec<String> = steps.iter().take(SHOWN).map(|s| s.to_string()).collect();
    if steps.len() > SHOWN {
        parts.push(format!("… ({} in all)", steps.len()));
    }
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(", ")
    }
}

/// Verifies a replay completely: structure and chain, then replays every
/// action through the kernel, checking every checkpoint and any certificate claim.
pub fn verify(file: &ReplayFile) -> Result<Verified, ReplayError> {
    let game = check_structure(file)?;
    let mut cps = file.checkpoints.iter().peekable();
    let mut mismatch: Option<ReplayError> = None;
    let mut final_digest = Digest::default();
    let steps = file.steps();
    let wanted = |step: u32| step.is_multiple_of(CHECKPOINT_EVERY) || step == steps;
    let outcome = game.play(&file.header, &file.actions, &wanted, &mut |step, digest, _parts| {
        if step == steps {
            final_digest = digest;
        }
        if mismatch.is_some() {
            return false;
        }
        if let Some(cp) = cps.next_if(|cp| cp.step == step) {
            if cp.state != digest {
                mismatch = Some(ReplayError::CheckpointMismatch { step, expected: cp.state, found: digest });
                return false;
            }
        }
        true
    });
    if let Some(e) = mismatch {
        return Err(e);
    }
    let outcome = outcome?;
    if let Some(claim) = &file.claim {
        if !matches!(claim.outcome, Outcome::Won(_)) {
            return Err(ReplayError::ClaimNotAWin { claimed: claim.outcome.to_string() });
        }
        if claim.outcome != outcome || claim.final_digest != final_digest {
            return Err(ReplayError::ClaimMismatch {
                claimed: claim.outcome.to_string(),
                claimed_digest: claim.final_digest,
                actual: outcome.to_string(),
                actual_digest: final_digest,
            });
        }
    }
    Ok(Verified {
        game: game.id().to_string(),
        rules_version: game.rules_version(),
        steps,
        outcome,
        final_digest,
        certificate: file.claim.is_some(),
    })
}

/// A replay's line in its game's goldens file: its name, final digest and outcome.
pub fn golden_line(name: &str, v: &Verified) -> String {
    format!("{name} {} {}", v.final_digest, v.outcome)
}

/// The text of `goldens/<game>/v<version>.txt`: a header and one
/// [`golden_line`] a replay (the app writes and checks it; the
/// cross-architecture runner recomputes it byte for byte).
pub fn golden_text(game: &str, version: u32, lines: &[String]) -> String {
    let mut s = format!("# {game} rules v{version}: <replay> <final state digest> <outcome>\n");
    for l in lines {
        s.push_str(l);
        s.push('\n');
    }
    s
}
