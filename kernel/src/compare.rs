//! Comparing how replays play: two logs step by step, or one log under this
//! build's rules against the digests its file recorded under its own rules
//! version (what a rules bump changed). Pure: the caller reads the files.

use crate::digest::Digest;
use crate::replay::{ReplayError, ReplayFile};
use crate::verify::check_chain;

/// One step of a played log: the state after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// 0 is the start; step k is the state after the k-th action.
    pub step: u32,
    /// The action that led here (`None` at the start).
    pub action: Option<String>,
    /// The state digest.
    pub digest: Digest,
    /// Each named part of the state with its digest, in the game's order.
    pub parts: Vec<(String, Digest)>,
}

/// A log played through this build's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The game id.
    pub game: String,
    /// The rules version the file names.
    pub file_rules: u32,
    /// This build's rules version for the game (the one played).
    pub build_rules: u32,
    /// Every state from the start, as far as the rules accepted the actions.
    pub steps: Vec<Step>,
    /// Where and why the rules refused an action (an older log under newer rules).
    pub stopped: Option<String>,
}

/// Plays `file`'s log under this build's rules. A file whose rules version
/// is not this build's is played only when `any_rules` is true. The hash
/// chain is checked either way, so a damaged file is never compared.
pub fn trace(file: &ReplayFile, any_rules: bool) -> Result<Trace, ReplayError> {
    let game = check_chain(file)?;
    if !any_rules && file.header.rules_version != game.rules_version() {
        return Err(ReplayError::RulesVersion {
            game: game.id().to_string(),
            file: file.header.rules_version,
            build: game.rules_version(),
        });
    }
    let mut steps = Vec::with_capacity(file.actions.len() + 1);
    let played = game.play(&file.header, &file.actions, &|_| true, &mut |step, digest, parts| {
        let action = (step > 0).then(|| game.describe_action(&file.actions[step as usize - 1]));
        let parts = parts.iter().map(|p| (p.name.to_string(), p.digest)).collect();
        steps.push(Step { step, action, digest, parts });
        true
    });
    let stopped = match played {
        Ok(_) => None,
        Err(e @ ReplayError::BadSetup { .. }) => return Err(e),
        Err(e) => Some(e.to_string()),
    };
    Ok(Trace {
        game: game.id().to_string(),
        file_rules: file.header.rules_version,
        build_rules: game.rules_version(),
        steps,
        stopped,
    })
}

/// The first step where two traces differ, with the names of the parts
/// that differ there (every part of either when one trace has ended).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The step.
    pub step: u32,
    /// The parts that differ, in the first trace's order.
    pub parts: Vec<String>,
}

/// Where `a` and `b` first differ; `None` when they never do (same length,
/// same digests).
pub fn first_difference(a: &Trace, b: &Trace) -> Option<Difference> {
    let n = a.steps.len().max(b.steps.len());
    (0..n).find_map(|i| match (a.steps.get(i), b.steps.get(i)) {
        (Some(x), Some(y)) if x.digest == y.digest => None,
        (Some(x), Some(y)) => Some(Difference { step: x.step, parts: differing(x, y) }),
        (Some(x), None) | (None, Some(x)) => {
            Some(Difference { step: x.step, parts: vec!["(the other log has ended)".into()] })
        }
        (None, None) => None,
    })
}

/// The names of the parts whose digests differ (a part only one has counts).
pub fn differing(x: &Step, y: &Step) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (name, d) in &x.parts {
        if y.parts.iter().find(|(n, _)| n == name).is_none_or(|(_, e)| e != d) {
            names.push(name.clone());
        }
    }
    for (name, _) in &y.parts {
        if !x.parts.iter().any(|(n, _)| n == name) {
            names.push(name.clone());
        }
    }
    names
}

/// Where a file's own recorded state digests (its checkpoints, written under
/// the rules version it names) first disagree with this build's rules:
/// `Ok(None)` when every checkpoint agrees, else the checkpoint's step. A
/// log the rules refuse part-way counts as disagreeing at the first
/// checkpoint after the last state reached.
pub fn drift(file: &ReplayFile) -> Result<Option<u32>, ReplayError> {
    let t = trace(file, true)?;
    for cp in &file.checkpoints {
        match t.steps.get(cp.step as usize) {
            Some(s) if s.digest == cp.state => {}
            _ => return Ok(Some(cp.step)),
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tally::{Action, Setup, Tally};
    use crate::Session;

    fn log(adds: &[u8]) -> Trace {
        let mut s = Session::<Tally>::new(Setup { target: 100 }, 7).unwrap();
        for &n in adds {
            s.push(Action::Add(n)).unwrap();
        }
        trace(&s.to_replay("test"), false).unwrap()
    }

    #[test]
    fn a_log_that_stops_early_differs_where_it_ends_and_equal_logs_never_do() {
        let (long, short) = (log(&[1, 2, 3]), log(&[1, 2]));
        assert_eq!(long.steps.len(), 4);
        assert_eq!(first_difference(&long, &long), None);
        let d = first_difference(&long, &short).expect("the short one ends");
        assert_eq!(d.step, 3);
        assert_eq!(d.parts, vec!["(the other log has ended)".to_string()]);
        let d = first_difference(&log(&[1, 2, 3]), &log(&[1, 5, 3])).expect("they part at step 2");
        assert_eq!(d.step, 2);
        assert!(!d.parts.is_empty() && d.parts.iter().all(|p| long.steps[2].parts.iter().any(|(n, _)| n == p)));
        assert_eq!(long.steps[1].action.as_deref(), Some("Add(1)"));
    }
}
