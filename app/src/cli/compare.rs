//! `retrace compare`: where two replays' states part, or where this build's
//! rules part from the digests a file recorded under its own rules version.

use crate::files::{escaped, escaped_short, read_replay, FileError};
use retrace_kernel::compare::{differing, drift, first_difference, trace, Trace};
use std::io::Write;
use std::path::Path;

/// Steps shown side by side after the first difference (the spec's 15).
pub const SIDE_BY_SIDE: usize = 15;

/// Compares `a` with `b`, or `a`'s recorded checkpoints with this build's
/// rules when `b` is `None`. `current_rules` plays a file whose rules version
/// is older under this build's. Exit code: 0 when they never differ, 1 when
/// they do, 2 when a file cannot be read or compared.
pub fn run(a: &Path, b: Option<&Path>, current_rules: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let read = |path: &Path, err: &mut dyn Write| -> Option<(retrace_kernel::ReplayFile, Trace)> {
        let wrap = |source| FileError::Replay { path: path.to_owned(), source: Box::new(source) };
        let result = read_replay(path).and_then(|f| trace(&f, current_rules).map(|t| (f, t)).map_err(wrap));
        match result {
            Ok(x) => Some(x),
            Err(e) => {
                let hint = if matches!(&e, FileError::Replay { source, .. } if matches!(**source, retrace_kernel::ReplayError::RulesVersion { .. }))
                {
                    " (add --current-rules to play it under this build's rules)"
                } else {
                    ""
                };
                let _ = writeln!(err, "error: {}{hint}", escaped(&e.to_string()));
                None
            }
        }
    };
    let Some((fa, ta)) = read(a, err) else { return 2 };
    let _ = writeln!(out, "A: {} ({})", a.display(), about(&ta));
    let Some(b) = b else {
        return against_record(a, &fa, &ta, out, err);
    };
    let Some((_, tb)) = read(b, err) else { return 2 };
    let _ = writeln!(out, "B: {} ({})", b.display(), about(&tb));
    if ta.game != tb.game {
        let _ = writeln!(err, "error: A is a {} replay and B a {} one: there is nothing to compare", ta.game, tb.game);
        return 2;
    }
    for (name, t) in [("A", &ta), ("B", &tb)] {
        if let Some(why) = &t.stopped {
            let _ = writeln!(out, "{name} stops where this build's rules refuse an action: {}", escaped(why));
        }
    }
    let Some(d) = first_difference(&ta, &tb) else {
        let _ = writeln!(out, "never differ: the same {} states", ta.steps.len());
        return 0;
    };
    let _ = writeln!(out, "first difference at step {}: {}", d.step, d.parts.join(", "));
    side_by_side(&ta, &tb, d.step as usize, out);
    1
}

/// The file's game, rules and length, and which rules it is played under.
fn about(t: &Trace) -> String {
    let played = if t.file_rules == t.build_rules {
        String::new()
    } else {
        format!(", played under this build's v{}", t.build_rules)
    };
    format!("{} rules v{}{played}, {} steps", t.game, t.file_rules, t.steps.len().saturating_sub(1))
}

/// One file: its recorded checkpoints against this build's rules.
fn against_record(
    path: &Path,
    file: &retrace_kernel::ReplayFile,
    t: &Trace,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    match drift(file) {
        Ok(None) => {
            let _ = writeln!(
                out,
                "never differ: every recorded checkpoint (rules v{}) matches this build's rules v{}",
                t.file_rules, t.build_rules
            );
            0
        }
        Ok(Some(step)) => {
            let agree = match file.checkpoints.iter().map(|c| c.step).filter(|&s| s < step).max() {
                Some(before) => format!("the states agree at step {before}"),
                None => "they differ from the start".to_string(),
            };
            let _ = writeln!(
                out,
                "first difference: the checkpoint at step {step} (recorded under rules v{}) differs under this build's rules v{}; {agree}",
                t.file_rules, t.build_rules
            );
            if let Some(why) = &t.stopped {
                let _ = writeln!(out, "this build's rules refuse an action: {}", escaped(why));
            }
            1
        }
        Err(e) => {
            let _ = writeln!(err, "error: {}: {}", path.display(), escaped(&e.to_string()));
            2
        }
    }
}

/// The steps from `from` on, the two logs side by side, up to
/// [`SIDE_BY_SIDE`] rows: each side's action and digest, and what differs.
fn side_by_side(a: &Trace, b: &Trace, from: usize, out: &mut dyn Write) {
    let _ = writeln!(
        out,
        "{:>6}  {:<28} {:<10} {:<28} {:<10} differ",
        "step", "A action", "A state", "B action", "B state"
    );
    for i in from..(from + SIDE_BY_SIDE).min(a.steps.len().max(b.steps.len())) {
        let cell = |t: &Trace| match t.steps.get(i) {
            Some(s) => (
                escaped_short(s.action.as_deref().unwrap_or("start"), 28),
                s.digest.to_string().chars().take(10).collect::<String>(),
            ),
            None => ("(ended)".to_string(), "-".to_string()),
        };
        let ((aa, ad), (ba, bd)) = (cell(a), cell(b));
        let what = match (a.steps.get(i), b.steps.get(i)) {
            (Some(x), Some(y)) if x.digest == y.digest => "same".to_string(),
            (Some(x), Some(y)) => differing(x, y).join(", "),
            _ => "-".to_string(),
        };
        let _ = writeln!(out, "{i:>6}  {aa:<28} {ad:<10} {ba:<28} {bd:<10} {what}");
    }
}
