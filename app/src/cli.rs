//! The command line. Exit codes: 0 all good, 1 a file failed verification (or
//! a check found problems), 2 a file could not be read or the usage was wrong.

pub mod compare;
pub mod explodo;
pub mod goldens;
pub mod life;
pub mod miau;
pub mod mines;

use crate::files::{escaped, read_replay, FileError};
use clap::{Parser, Subcommand};
use retrace_kernel::registry;
use retrace_kernel::verify::{check_structure, verify};
use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

/// Retrace: four deterministic turn-based games, replay first.
#[derive(Parser, Debug)]
#[command(name = "retrace", version, about, long_about = None, args_conflicts_with_subcommands = true)]
struct Cli {
    /// A replay or certificate to watch in the window (no subcommand), or a
    /// Miau pack (.toml) or Keke AI Competition level file (.json) to play.
    file: Option<PathBuf>,
    /// A second Explodorama replay shown on the first one's board (its
    /// player outlined in blue), from six turns before the runs part.
    second: Option<PathBuf>,
    /// Explodorama's test options: the window opens on such a run.
    #[command(flatten)]
    test: explodo::TestOptions,
    #[command(subcommand)]
    command: Option<Command>,
}

/// What the window opens on.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Open {
    /// A replay or certificate to watch, or a Miau pack (`.toml`) or Keke
    /// level file (`.json`) to play.
    pub file: Option<PathBuf>,
    /// A second Explodorama run to show on its board.
    pub second: Option<PathBuf>,
    /// A new Explodorama test run with these options (a random seed).
    pub explodo: Option<retrace_kernel::explodo::Setup>,
}

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Plan {
    /// Open the window, with what to show first.
    Window(Open),
    /// A subcommand ran (or the usage was wrong): exit with this code.
    Exit(i32),
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Show a replay's header, steps and outcome.
    Info {
        /// The replay or certificate file.
        file: PathBuf,
    },
    /// Replay files through the kernel and check every hash and checkpoint.
    Verify {
        /// Replay or certificate files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Play a replay step by step and print each step.
    Replay {
        /// The replay file.
        file: PathBuf,
        /// Print `<step> <state digest>` and each part's digest, one line per step.
        #[arg(long)]
        digests: bool,
        /// Play a file whose rules version is older under this build's rules
        /// (its hash chain is checked; its recorded states are not).
        #[arg(long)]
        current_rules: bool,
    },
    /// Where two replays' states part (the first step, the parts, then 15
    /// steps side by side), or with one file, where this build's rules part
    /// from the digests it recorded. Exit 0: never differ; 1: they differ.
    Compare {
        /// The first replay.
        a: PathBuf,
        /// The second replay; without it, A against its own recorded checkpoints.
        b: Option<PathBuf>,
        /// Play a file whose rules version is older under this build's rules.
        #[arg(long)]
        current_rules: bool,
    },
    /// Explodorama: show levels, play action lists.
    #[command(subcommand)]
    Explodo(explodo::ExplodoCommand),
    /// Life: run fields.
    #[command(subcommand)]
    Life(life::LifeCommand),
    /// Miau Is True: check packs, play levels.
    #[command(subcommand)]
    Miau(miau::MiauCommand),
    /// MineLayer: generate unique fields, count solutions.
    #[command(subcommand)]
    Mines(mines::MinesCommand),
    /// Check or write the golden digests of the committed replays.
    Goldens {
        /// Write missing goldens files (never rewrites an existing one).
        #[arg(long)]
        write: bool,
        /// The project root holding `replays/` and `goldens/`.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
}

/// Runs the command line with `args` (the first is the program name) and
/// returns the exit code; a request for the window prints the help instead
/// (the binary's `main` uses [`plan`] and opens the window).
pub fn run<I, T>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    match plan(args, out, err) {
        Plan::Exit(code) => code,
        Plan::Window(..) => {
            use clap::CommandFactory;
            let _ = writeln!(out, "{}", Cli::command().render_help());
            0
        }
    }
}

/// Parses the command line and runs any subcommand.
pub fn plan<I, T>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> Plan
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    // Everything the command line prints goes through the terminal filter.
    let (mut out, mut err) = (crate::files::Terminal(out), crate::files::Terminal(err));
    let (out, err): (&mut dyn Write, &mut dyn Write) = (&mut out, &mut err);
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    if let Some(tip) = args.get(1).and_then(mistyped_subcommand) {
        let _ = writeln!(err, "{tip}");
        return Plan::Exit(2);
    }
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = e.exit_code();
            let text = e.render().to_string();
            let _ = if code == 0 { write!(out, "{text}") } else { write!(err, "{text}") };
            return Plan::Exit(code);
        }
    };
    let result = match cli.command {
        None => {
            for f in cli.file.iter().chain(&cli.second) {
                if !f.exists() {
                    let _ = writeln!(
                        err,
                        "error: '{}' is neither a subcommand nor a file; see `retrace --help`",
                        f.display()
                    );
                    return Plan::Exit(2);
                }
            }
            let explodo = cli.test.any().then(|| cli.test.setup(false, false));
            return Plan::Window(Open { file: cli.file, second: cli.second, explodo });
        }
        Some(Command::Info { file }) => info(&file, out),
        Some(Command::Verify { files }) => Ok(verify_files(&files, out)),
        Some(Command::Replay { file, digests, current_rules: false }) => replay(&file, digests, out),
        Some(Command::Replay { file, digests, current_rules: true }) => replay_current(&file, digests, out),
        Some(Command::Compare { a, b, current_rules }) => Ok(compare::run(&a, b.as_deref(), current_rules, out, err)),
        Some(Command::Goldens { write, root }) => Ok(golden(&root, write, out, err)),
        Some(Command::Mines(cmd)) => Ok(mines::run(cmd, out, err)),
        Some(Command::Life(cmd)) => Ok(life::run(cmd, out, err)),
        Some(Command::Explodo(cmd)) => Ok(explodo::run(cmd, out, err)),
        Some(Command::Miau(cmd)) => Ok(miau::run(cmd, out, err)),
    };
    match result {
        Ok(code) => Plan::Exit(code),
        Err(e) => {
            let _ = writeln!(err, "error: {}", escaped(&e.to_string()));
            Plan::Exit(e.exit_code())
        }
    }
}

/// When the first word is not a file, not an option and not a subcommand but
/// close to one (`verfy`), the error that names it; `None` otherwise (a file
/// name for the window, or clap's own error).
fn mistyped_subcommand(first: &OsString) -> Option<String> {
    use clap::CommandFactory;
    let word = first.to_str()?;
    if word.starts_with('-') || std::path::Path::new(word).exists() {
        return None;
    }
    let cmd = Cli::command();
    let names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
    if names.iter().any(|n| n == word) {
        return None;
    }
    let best = names
        .iter()
        .map(|n| (strsim::damerau_levenshtein(word, n), n))
        .filter(|(d, n)| *d <= 2 && *d < n.len())
        .min()?;
    Some(format!(
        "error: unrecognized subcommand '{}'\n\n  tip: a similar subcommand exists: '{}'\n\nFor more information, try '--help'.",
        escaped(word),
        best.1
    ))
}

fn info(path: &std::path::Path, out: &mut dyn Write) -> Result<i32, FileError> {
    let file = read_replay(path)?;
    let h = &file.header;
    let build = registry::find(&h.game)
        .map(|g| format!("{} (this build: v{})", g.name(), g.rules_version()))
        .unwrap_or_else(|| "unknown to this build".into());
    let _ = writeln!(out, "file: {}", path.display());
    let _ = writeln!(out, "game: {} v{} — {build}", h.game, h.rules_version);
    let _ = writeln!(out, "seed: {}", h.seed);
    let _ = writeln!(out, "title: {}", escaped(h.title.as_deref().unwrap_or("-")));
    let _ = writeln!(out, "written by: {}", escaped(&h.app_version));
    let _ = writeln!(out, "steps: {}", file.steps());
    if let Some(c) = &file.claim {
        let _ = writeln!(out, "certificate: claims {} with state {}", escaped(&c.outcome.to_string()), c.final_digest);
    }
    match verify(&file) {
        Ok(v) => {
            let _ = writeln!(out, "outcome: {}", escaped(&v.outcome.to_string()));
            let _ = writeln!(out, "final digest: {}", v.final_digest);
            let _ = writeln!(out, "verified by replay: yes");
            Ok(0)
        }
        Err(e) => {
            let _ = writeln!(out, "verified by replay: NO — {}", escaped(&e.to_string()));
            Ok(1)
        }
    }
}

fn verify_files(paths: &[PathBuf], out: &mut dyn Write) -> i32 {
    let mut code = 0;
    for path in paths {
        let result = read_replay(path).and_then(|f| {
            verify(&f).map_err(|source| FileError::Replay { path: path.clone(), source: Box::new(source) })
        });
        match result {
            Ok(v) => {
                let _ = writeln!(
                    out,
                    "ok {} v{} {} steps {} {} {}",
                    v.game,
                    v.rules_version,
                    v.steps,
                    v.outcome.kind(),
                    v.final_digest,
                    path.display()
                );
            }
            Err(e) => {
                let _ = writeln!(out, "FAILED {}", escaped(&e.to_string()));
                code = code.max(e.exit_code());
            }
        }
    }
    code
}

/// `replay --current-rules`: the file's log under this build's rules, step by
/// step, whatever rules version it names; where the rules refuse an action,
/// says so and exits 1.
fn replay_current(path: &std::path::Path, digests: bool, out: &mut dyn Write) -> Result<i32, FileError> {
    let file = read_replay(path)?;
    let wrap = |source| FileError::Replay { path: path.to_owned(), source: Box::new(source) };
    let t = retrace_kernel::compare::trace(&file, true).map_err(wrap)?;
    if t.file_rules != t.build_rules {
        let _ = writeln!(
            out,
            "note: recorded under {} rules v{}, played under this build's v{}",
            t.game, t.file_rules, t.build_rules
        );
    }
    for s in &t.steps {
        let parts = s.parts.iter().map(|(name, d)| (name.as_str(), d));
        let action = || s.action.as_deref().map(escaped).unwrap_or_default();
        let _ = writeln!(out, "{}", step_line(s.step, action, &s.digest, parts, digests));
    }
    if let Some(why) = &t.stopped {
        let _ = writeln!(out, "stopped: {}", escaped(why));
        return Ok(1);
    }
    Ok(0)
}

/// One line of `replay`: with `digests`, `<step> <state digest>` and each
/// part's `<name>=<digest>`; otherwise `0 start <digest>`, then `<step>
/// <action> <digest>` (`action` is asked for only then).
fn step_line<'p>(
    step: u32,
    action: impl FnOnce() -> String,
    digest: &retrace_kernel::Digest,
    parts: impl Iterator<Item = (&'p str, &'p retrace_kernel::Digest)>,
    digests: bool,
) -> String {
    if digests {
        let mut line = format!("{step} {digest}");
        for (name, d) in parts {
            line.push_str(&format!(" {name}={d}"));
        }
        line
    } else if step == 0 {
        format!("0 start {digest}")
    } else {
        format!("{step} {} {digest}", action())
    }
}

fn replay(path: &std::path::Path, digests: bool, out: &mut dyn Write) -> Result<i32, FileError> {
    let file = read_replay(path)?;
    let wrap = |source| FileError::Replay { path: path.to_owned(), source: Box::new(source) };
    // The same whole check as `verify` (chain, checkpoints, claim) before a
    // single line is printed: a tampered file never prints as if it were good.
    verify(&file).map_err(wrap)?;
    let game = check_structure(&file).map_err(wrap)?;
    let result = game.play(&file.header, &file.actions, &|_| true, &mut |step, digest, parts| {
        let action = || game.describe_action(&file.actions[step as usize - 1]);
        let parts = parts.iter().map(|p| (p.name, &p.digest));
        let _ = writeln!(out, "{}", step_line(step, action, &digest, parts, digests));
        true
    });
    match result {
        Ok(outcome) => {
            let _ = writeln!(out, "outcome: {outcome}");
            Ok(0)
        }
        Err(e) => Err(wrap(e)),
    }
}

fn golden(root: &std::path::Path, write: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let result = if write {
        goldens::write(root)
    } else {
        let problems = goldens::check(root);
        if problems.is_empty() {
            Ok(vec!["goldens match every committed replay".to_string()])
        } else {
            Err(problems)
        }
    };
    match result {
        Ok(report) => {
            for l in report {
                let _ = writeln!(out, "{l}");
            }
            0
        }
        Err(problems) => {
            for l in problems {
                let _ = writeln!(err, "{l}");
            }
            1
        }
    }
}
