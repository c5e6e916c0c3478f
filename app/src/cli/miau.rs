//! `retrace miau …`: check packs, play levels.

use crate::files::escaped;
use clap::Subcommand;
use retrace_kernel::miau::pack::{load, Pack};
use retrace_kernel::miau::{Action, Event, Miau};
use retrace_kernel::{Game, Session};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The states each search for where a stored solution parts from a win may
/// visit (`miau check`, and `miau import`'s default).
const STORED_PROBE_STATES: u64 = 200_000;

/// Miau Is True subcommands.
#[derive(Subcommand, Debug)]
pub enum MiauCommand {
    /// Validate a pack: every problem with its path; warnings too. Exit 1 on errors.
    Check {
        /// The pack file (TOML).
        pack: PathBuf,
        /// Also solve every level within its solver_budget, check its
        /// recorded `shortest` length, and prove every must_form rule
        /// (solving with it forbidden must be UNSOLVED).
        #[arg(long)]
        proofs: bool,
        /// Warnings count as errors (the copy deck's among them): exit 1 on any.
        #[arg(long)]
        strict: bool,
    },
    /// Solve levels: `<level-id> SOLVED <n> <moves>`, `UNSOLVED <states>` (a
    /// proof) or `LIMIT <states> <states|memory|time>` (which budget ran out),
    /// each with a note on stderr of the rules version and the engine it ran
    /// on. Exit 0 when every level solved.
    Solve {
        /// The pack file (TOML).
        pack: PathBuf,
        /// Only this level.
        #[arg(long)]
        level: Option<String>,
        /// The most states to visit per level (default: the level's solver_budget, else 1,000,000).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        max: Option<u64>,
        /// Keep the visited set on the GPU (keys hashed and checked there, one
        /// bit a key back; the same answers, bit for bit).
        #[arg(long)]
        gpu: bool,
        /// A rule that may never be active, e.g. "FLAG IS WIN" (repeatable).
        #[arg(long)]
        forbid: Vec<String>,
        /// A rule a solution must form (repeatable).
        #[arg(long)]
        require: Vec<String>,
        /// No word may sink.
        #[arg(long)]
        no_word_loss: bool,
        /// Search on the game's own state instead of the solver's compact
        /// one (slower; the same answers: for comparing the two engines).
        #[arg(long)]
        general: bool,
        /// Visit every state: no word-motion symmetry (loose copies of a word
        /// keyed apart) and no dead states pruned (more states, the same
        /// answers; for comparing).
        #[arg(long)]
        unpruned: bool,
        /// Which search: `breadth` (shortest answers, proofs), `astar`
        /// (shortest answers; its bound helps only where every word is fixed)
        /// or `best` (a guided search for big boards: answers not claimed
        /// shortest, marked NOT-SHORTEST).
        #[arg(long, value_enum, default_value_t = Search::Breadth)]
        search: Search,
        /// Show the rules added and removed along the solution, the rules in
        /// force at the win, and the final board.
        #[arg(long)]
        explain: bool,
        /// Answer the plain question only: skip the searches behind the flags
        /// (BYPASS, SAME-RULES, HANDS-OFF), as a benchmark against other
        /// solvers wants.
        #[arg(long)]
        no_flags: bool,
        /// One JSON object per level instead of text, and progress events
        /// (`{"event":"progress",…}`, one a second) on stderr.
        #[arg(long)]
        json: bool,
        /// Threads expanding each breadth-first layer (default and most: every
        /// core); every count gives the same answer.
        #[arg(long)]
        threads: Option<u32>,
        /// Parents expanded at once (default 16,384, from four threads on
        /// 16,384 × threads / 2); every size gives the same answer (larger
        /// batches hand the threads work fewer times).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_048_576))]
        batch: Option<u32>,
        /// The most memory a level's search may hold, in MiB (default: half
        /// the memory available); the search stops with `LIMIT … memory` first.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        memory: Option<u64>,
        /// The most seconds a level's search may take (default: no limit); it
        /// stops with `LIMIT … time`.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        timeout: Option<u64>,
    },
    /// Import a Keke AI Competition level file (`*_LEVELS.json`) as packs
    /// under the keke rules (a pack per 64 levels), then play each level's
    /// stored solution: which win, and where the others part from a win.
    Import {
        /// The competition's level file (JSON).
        file: PathBuf,
        /// The pack to write (default: beside the file, `.toml` for
        /// `.json`); a file split in several packs adds `-1`, `-2`… to its stem.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Write over packs that are already there.
        #[arg(long)]
        force: bool,
        /// The most states each search for where a stored solution parts
        /// from a win may visit.
        #[arg(long, default_value_t = STORED_PROBE_STATES, value_parser = clap::value_parser!(u64).range(1..))]
        max: u64,
    },
    /// Play a level: each turn's rule changes, then the final board and outcome.
    Play {
        /// The pack file (TOML).
        pack: PathBuf,
        /// The level's id.
        #[arg(long)]
        level: String,
        /// Moves: U D L R and W (wait), e.g. RRUW.
        #[arg(long, default_value = "")]
        moves: String,
        /// Also save the session as a replay file (watch it, verify it, drop it on the window).
        #[arg(long)]
        save: Option<PathBuf>,
        /// Print the board after every move (under its turn's lines), not only the last.
        #[arg(long)]
        boards: bool,
    },
}

fn read_pack(path: &Path, err: &mut dyn Write) -> Option<(Option<Pack>, retrace_kernel::miau::pack::Report)> {
    match crate::files::read_text_capped(path) {
        Ok(text) => Some(load(&text)),
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            None
        }
    }
}

/// `miau solve`: each level's shortest solution or proof, within its budgets.
#[expect(clippy::too_many_lines, reason = "one search per level, its budgets, progress and verdict in order")]
fn solve(cmd: MiauCommand, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let MiauCommand::Solve {
        pack,
        level,
        max,
        gpu,
        forbid,
        require,
        no_word_loss,
        general,
        unpruned,
        search,
        explain,
        no_flags,
        json,
        threads,
        batch,
        memory,
        timeout,
    } = cmd
    else {
        return 2;
    };
    let (cores, capped) = crate::budget::threads(threads);
    if let Some(note) = capped {
        let _ = writeln!(err, "note: {note}");
    }
    let (max_bytes, capped) = crate::budget::memory(memory);
    if let Some(note) = capped {
        let _ = writeln!(err, "note: {note}");
    }
    let Some((loaded, report)) = read_pack(&pack, err) else { return 2 };
    let Some(p) = loaded else {
        for e in &report.errors {
            let _ = writeln!(err, "error: {}: {e}", pack.display());
        }
        return 2;
    };
    let mut cpu = retrace_kernel::hashing::CpuHasher;
    let mut gpu_hasher = None;
    if gpu {
        match retrace_gpu::Gpu::new().and_then(retrace_gpu::frontier_dedup::GpuDedup::new) {
            Ok(h) => gpu_hasher = Some(h),
            Err(e) => {
                let _ = writeln!(err, "error: --gpu: {e}");
                return 2;
            }
        }
    }
    let levels: Vec<_> = p.levels.iter().filter(|l| level.as_ref().is_none_or(|id| &l.id == id)).collect();
    if levels.is_empty() {
        let _ = writeln!(err, "error: {}: no level '{}'", pack.display(), level.unwrap_or_default());
        return 2;
    }
    let mut all = true;
    // A spinner on the terminal's stderr for long searches (hidden when
    // stderr is not a terminal, as in tests and pipes).
    let bar = crate::budget::spinner();
    for l in levels {
        let budget = max.or(l.solver_budget).unwrap_or(1_000_000);
        let hasher: &mut dyn retrace_kernel::hashing::FrontierHasher = match gpu_hasher.as_mut() {
            Some(g) => g,
            None => &mut cpu,
        };
        let opts = retrace_kernel::miau::solver::Options {
            max_states: budget,
            forbid: forbid.clone(),
            require: require.clone(),
            no_word_loss,
            general,
            unpruned,
            search: search.kind(),
            threads: cores,
            batch: batch.unwrap_or(0),
            max_bytes,
            ..Default::default()
        };
        let started = std::time::Instant::now();
        let deadline = crate::budget::Deadline::new(timeout);
        // The progress line (a terminal only), and with --json an
        // event on stderr once a second and at the search's end.
        let mut last_event = f64::NEG_INFINITY;
        // Said once: the GPU's visited set filled up and the CPU's took over.
        let mut handed_over = false;
        let mut watch = |p: &retrace_kernel::miau::solver::Progress| {
            if gpu && !p.remote && !handed_over && p.states > 1 {
                handed_over = true;
                bar.suspend(|| {
                    let _ = writeln!(
                        err,
                        "note: level {}: the GPU's visited table is full at {} states; the CPU's table carries on (the same answers)",
                        l.id, p.states
                    );
                });
            }
            let secs = started.elapsed().as_secs_f64().max(1e-3);
            let rate = p.states as f64 / secs;
            bar.set_message(format!(
                "{}: layer {}, {} states, {rate:.0} states/s, {} MiB",
                l.id,
                p.layer,
                p.states,
                p.bytes >> 20
            ));
            bar.tick();
            if json && secs - last_event >= PROGRESS_SECONDS {
                last_event = secs;
                let _ = writeln!(err, "{}", progress_event(&l.id, p, rate));
            }
            !deadline.expired()
        };
        // The flags (BYPASS, HANDS-OFF…) are searches of every state
        // under a constraint: breadth-first's. The informed searches
        // answer the plain question only.
        let result = if search == Search::Breadth && !no_flags {
            retrace_kernel::miau::solver::analyze_watched(&l.setup, &opts, hasher, &mut watch)
        } else {
            let engine = retrace_kernel::miau::solver::engine(&l.setup, &opts);
            retrace_kernel::miau::solver::solve_watched(&l.setup, &opts, hasher, &mut watch).and_then(|verdict| {
                Ok(retrace_kernel::miau::solver::Analysis { verdict, flags: Vec::new(), engine: engine? })
            })
        };
        bar.set_message(String::new());
        match result {
            Ok(a) => all &= print_answer(l, a, search, json, explain, out, err),
            Err(e) => {
                let _ = writeln!(err, "error: {}: level {}: {}", pack.display(), l.id, escaped(&e.0.to_string()));
                return 2;
            }
        }
    }
    bar.finish_and_clear();
    i32::from(!all)
}

/// One level's answer printed (its verdict line or JSON, what it was found
/// against, the explanation); whether it was solved.
fn print_answer(
    l: &retrace_kernel::miau::pack::Level,
    mut a: retrace_kernel::miau::solver::Analysis,
    search: Search,
    json: bool,
    explain: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> bool {
    let solved = matches!(a.verdict, retrace_kernel::miau::solver::Verdict::Solved { .. });
    // Best-first's answers are not claimed shortest: said as a flag.
    if solved && !search.kind().shortest() {
        a.flags.insert(0, "NOT-SHORTEST");
    }
    if json {
        let _ = writeln!(out, "{}", json_line(&l.id, &a, l.setup.profile));
    } else {
        let flags = a.flags.iter().map(|f| format!(" {f}")).collect::<String>();
        let _ = writeln!(out, "{} {}{flags}", l.id, a.verdict.line());
        // What the answer was found against (the spec's
        // F-CW16), beside the verdict line, whose form
        // scripts read (`LIMIT <states> <budget>` last).
        let profile = match l.setup.profile {
            retrace_kernel::miau::Profile::Miau => "",
            retrace_kernel::miau::Profile::Keke => " (the keke rules)",
        };
        let _ = writeln!(
            err,
            "note: level {}: Miau rules v{}{profile}, the {} engine, {} search",
            l.id,
            Miau::RULES_VERSION,
            a.engine,
            search.kind().name()
        );
    }
    if explain {
        if let retrace_kernel::miau::solver::Verdict::Solved { moves, .. } = &a.verdict {
            let _ = write!(out, "{}", explain_text(&l.setup, moves));
        }
    }
    solved
}

/// Runs a Miau subcommand; returns the exit code.
pub fn run(cmd: MiauCommand, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match cmd {
        MiauCommand::Check { pack, proofs, strict } => check(&pack, proofs, strict, out, err),
        cmd @ MiauCommand::Solve { .. } => solve(cmd, out, err),
        MiauCommand::Play { pack, level, moves, save, boards } => play(&pack, &level, &moves, save, boards, out, err),
        MiauCommand::Import { file, out: to, force, max } => import(&file, to, force, max, out, err),
    }
}

/// `miau import`: the competition's file as packs, written, and their
/// stored solutions played.
fn import(file: &Path, to: Option<PathBuf>, force: bool, max: u64, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let text = match crate::files::read_text_capped(file) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return 2;
        }
    };
    let stem = file.file_stem().map_or("levels".into(), |s| s.to_string_lossy().into_owned());
    let written = match retrace_kernel::miau::import::import(&text, &stem) {
        Ok(w) => w,
        Err(problems) => {
            for p in problems {
                let _ = writeln!(err, "error: {}: {}", file.display(), escaped(&p));
            }
            return 2;
        }
    };
    let base = to.unwrap_or_else(|| file.with_extension("toml"));
    let path_of = |suffix: &str| {
        let stem = base.file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned());
        base.with_file_name(format!("{stem}{suffix}.toml"))
    };
    // Nothing is written over unless asked: a pack the user edited is theirs.
    if !force {
        if let Some(there) = written.iter().map(|w| path_of(&w.suffix)).find(|p| p.exists()) {
            let _ = writeln!(err, "error: {}: already there (--force writes over it)", there.display());
            return 2;
        }
    }
    let mut failed = 0;
    for w in &written {
        let path = path_of(&w.suffix);
        if let Err(e) = crate::files::write_atomic(&path, w.text.as_bytes()) {
            let _ = writeln!(err, "error: {}: cannot write it: {e}", path.display());
            return 1;
        }
        let _ = writeln!(out, "wrote {} ({} levels, keke rules)", path.display(), w.levels);
        let Some(pack) = load(&w.text).0 else {
            let _ = writeln!(err, "error: {}: the written pack does not load (a bug)", path.display());
            return 1;
        };
        failed += stored_solutions(&pack, max, out);
    }
    if failed > 0 {
        let _ = writeln!(out, "{failed} stored solutions do not win under the keke rules");
    }
    0
}

/// Plays every stored solution of `pack` (`solution = "…"`): a line for
/// each that does not win, naming where it parts from a win (searched
/// within `max` states); returns how many do not win.
fn stored_solutions(pack: &Pack, max: u64, out: &mut dyn Write) -> usize {
    use retrace_kernel::miau::solver::{check_stored, Parted, Stored};
    let mut failed = 0;
    let mut won = 0;
    for l in &pack.levels {
        let Some(text) = &l.solution else { continue };
        let moves: Vec<Action> = text.chars().filter_map(Action::from_letter).collect();
        let opts = crate::budget::miau_options(max);
        match check_stored(&l.setup, &moves, &opts, &mut retrace_kernel::hashing::CpuHasher) {
            Ok(Stored::Wins(_)) => won += 1,
            Ok(Stored::Fails { stopped, parted }) => {
                failed += 1;
                let parted = match parted {
                    Parted::After(0) => "no win was there from the start".to_string(),
                    Parted::After(n) => format!("no win is left after move {n}"),
                    Parted::Never => "a win is still there where it stops".to_string(),
                    Parted::Unknown => format!("where it parts from a win is not found within {max} states"),
                };
                let _ = writeln!(out, "solution {}: {}: {stopped}; {parted}", l.id, escaped(&l.title));
            }
            Err(e) => {
                failed += 1;
                let _ = writeln!(out, "solution {}: {}", l.id, escaped(&e.0.to_string()));
            }
        }
    }
    if won + failed > 0 {
        let _ = writeln!(out, "stored solutions: {won} of {} win", won + failed);
    }
    failed
}

/// `miau check`: the pack's problems and warnings, or its proofs.
fn check(pack: &Path, proofs: bool, strict: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let Some((loaded, mut report)) = read_pack(pack, err) else { return 2 };
    if strict {
        report.errors.append(&mut report.warnings);
    }
    let loaded = loaded.filter(|_| report.errors.is_empty());
    if proofs {
        if let Some(p) = &loaded {
            return check_proofs(pack, p, &report, out);
        }
    }
    for e in &report.errors {
        let _ = writeln!(out, "error {}: {}", pack.display(), escaped(&e.to_string()));
    }
    for w in &report.warnings {
        let _ = writeln!(out, "warning {}: {}", pack.display(), escaped(&w.to_string()));
    }
    match loaded {
        Some(p) => {
            stored_solutions(&p, STORED_PROBE_STATES, out);
            let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
            let _ = writeln!(
                out,
                "ok {}: {} ({}, {})",
                pack.display(),
                p.name,
                plural(p.levels.len(), "level", "levels"),
                plural(report.warnings.len(), "warning", "warnings")
            );
            0
        }
        None => 1,
    }
}

/// `miau play`: a level played move by move, with what each move did.
fn play(
    pack: &Path,
    level: &str,
    moves: &str,
    save: Option<PathBuf>,
    boards: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let Some((loaded, report)) = read_pack(pack, err) else { return 2 };
    let Some(p) = loaded else {
        for e in &report.errors {
            let _ = writeln!(err, "error: {}: {e}", pack.display());
        }
        return 2;
    };
    let Some(lv) = p.levels.iter().find(|l| l.id == level) else {
        let ids: Vec<&str> = p.levels.iter().map(|l| l.id.as_str()).collect();
        let _ = writeln!(err, "error: {}: no level '{level}' (levels: {})", pack.display(), ids.join(", "));
        return 2;
    };
    let mut actions = Vec::new();
    for (i, c) in moves.chars().enumerate() {
        actions.push(match Action::from_letter(c) {
            Some(a) => a,
            None => {
                let _ = writeln!(err, "error: --moves: character {} is '{c}'; use U D L R W", i + 1);
                return 2;
            }
        });
    }
    let mut s = Session::<Miau>::new(lv.setup.clone(), 0).expect("a checked level starts");
    let _ = writeln!(out, "{} — {}: rules {}", lv.id, escaped(&lv.title), s.state().rules.texts().join("; "));
    for (i, a) in actions.iter().enumerate() {
        match s.push(*a) {
            Ok(events) => {
                for e in events {
                    match e {
                        Event::Rules { added, removed } => {
                            let _ = writeln!(out, "{} {a:?}: + {} / - {}", i + 1, added.join("; "), removed.join("; "));
                        }
                        Event::Destroyed(ids, why) => {
                            let _ = writeln!(out, "{} {a:?}: {why}: {}", i + 1, ids.join(", "));
                        }
                        Event::Transformed(id, to) => {
                            let _ = writeln!(out, "{} {a:?}: {id} became {to}", i + 1);
                        }
                        Event::Gate(id, open) => {
                            let _ = writeln!(out, "{} {a:?}: {id} {}", i + 1, if open { "opened" } else { "closed" });
                        }
                        Event::Won => {
                            let _ = writeln!(out, "{} {a:?}: won", i + 1);
                        }
                    }
                }
            }
            Err(r) => {
                let _ = writeln!(out, "{} {a:?}: rejected: {}", i + 1, r.0);
            }
        }
        if boards && i + 1 < actions.len() {
            let _ = write!(out, "{}", board_text(s.state()));
        }
    }
    let _ = write!(out, "{}", board_text(s.state()));
    let _ = writeln!(out, "outcome: {}", Miau::outcome(s.state()));
    if let Some(path) = save {
        let s = s.with_title(format!("Miau: {}", lv.title));
        if let Err(e) = crate::files::write_atomic(&path, &s.to_replay(crate::APP_VERSION).to_bytes()) {
            let _ = writeln!(err, "error: {}: cannot save the replay: {e}", path.display());
            return 1;
        }
        let _ = writeln!(out, "saved {}", path.display());
    }
    0
}

/// The board as text, a line a row: `.` for an empty cell, else what stands
/// there joined with `+`.
fn board_text(s: &retrace_kernel::miau::State) -> String {
    let b = &s.board;
    let mut out = String::new();
    for y in 0..b.h {
        let row: Vec<String> = (0..b.w)
            .map(|x| {
                let here = b.at(x, y);
                if here.is_empty() {
                    ".".to_string()
                } else {
                    here.iter().map(|t| t.kind.text()).collect::<Vec<_>>().join("+")
                }
            })
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Seconds between `--json` progress events.
const PROGRESS_SECONDS: f64 = 1.0;

/// A search's progress as a JSON event (one line on stderr with `--json`):
/// `{"event":"progress","level":…,"layer":…,"states":…,"states_per_s":…,"bytes":…}`.
fn progress_event(id: &str, p: &retrace_kernel::miau::solver::Progress, rate: f64) -> String {
    serde_json::json!({
        "event": "progress",
        "level": id,
        "layer": p.layer,
        "states": p.states,
        "states_per_s": rate.round() as u64,
        "bytes": p.bytes,
        "gpu_visited_set": p.remote,
    })
    .to_string()
}

/// One level's answer as a JSON object (hand-written: a handful of fields).
fn json_line(id: &str, a: &retrace_kernel::miau::solver::Analysis, profile: retrace_kernel::miau::Profile) -> String {
    use retrace_kernel::miau::solver::{moves_text, Verdict};
    let (verdict, moves, states) = match &a.verdict {
        Verdict::Solved { moves, states } => ("SOLVED", format!("\"{}\"", moves_text(moves)), *states),
        Verdict::Unsolved { states } => ("UNSOLVED", "null".into(), *states),
        Verdict::Limit { states, .. } => ("LIMIT", "null".into(), *states),
    };
    let ran_out = match &a.verdict {
        Verdict::Limit { ran_out, .. } => format!("\"{}\"", ran_out.name()),
        _ => "null".into(),
    };
    let flags: Vec<String> = a.flags.iter().map(|f| format!("\"{f}\"")).collect();
    format!(
        "{{\"level\":\"{}\",\"verdict\":\"{verdict}\",\"moves\":{moves},\"states\":{states},\"ran_out\":{ran_out},\"flags\":[{}],\"rules\":{},\"profile\":\"{}\",\"engine\":\"{}\"}}",
        esc(id),
        flags.join(","),
        Miau::RULES_VERSION,
        profile.name(),
        a.engine
    )
}

/// The rules added and removed along a solution, then the final board.
fn explain_text(setup: &retrace_kernel::miau::Setup, moves: &[Action]) -> String {
    let mut s = Session::<Miau>::new(setup.clone(), 0).expect("a solved level starts");
    let mut text = String::new();
    for (i, a) in moves.iter().enumerate() {
        if let Ok(events) = s.push(*a) {
            for e in events {
                if let Event::Rules { added, removed } = e {
                    text.push_str(&format!("  {} {a:?}: + {} / - {}\n", i + 1, added.join("; "), removed.join("; ")));
                }
            }
        }
    }
    // The rules in force when the level was won (the spec's F-CW16: what
    // the solution relies on), in alphabetical order (each once).
    text.push_str(&format!("  rules at the win: {}\n", s.state().rules.texts().join("; ")));
    for line in board_text(s.state()).lines() {
        text.push_str(&format!("  {line}\n"));
    }
    text
}

/// `check --proofs`: every level solves within its budget, its unintended
/// flags are allowed, and every must_form rule is needed.
fn check_proofs(path: &Path, p: &Pack, report: &retrace_kernel::miau::pack::Report, out: &mut dyn Write) -> i32 {
    use retrace_kernel::miau::solver::{analyze, solve_with, Verdict};
    for w in &report.warnings {
        let _ = writeln!(out, "warning {}: {}", path.display(), escaped(&w.to_string()));
    }
    let mut ok = true;
    for l in &p.levels {
        let budget = l.solver_budget.unwrap_or(1_000_000);
        let opts = crate::budget::miau_options(budget);
        let mut hasher = retrace_kernel::hashing::CpuHasher;
        match analyze(&l.setup, &opts, &mut hasher) {
            Ok(a) => {
                let mut problems = Vec::new();
                if !matches!(a.verdict, Verdict::Solved { .. }) {
                    problems.push(format!("not solved within {budget} states"));
                }
                if let (Some(want), Verdict::Solved { moves, .. }) = (l.shortest, &a.verdict) {
                    if moves.len() != want as usize {
                        problems.push(format!(
                            "shortest = {want} in the pack, but the shortest solution takes {} moves",
                            moves.len()
                        ));
                    }
                }
                let refused = |f: &str| a.flags.contains(&f) && !l.allows(f);
                // A BYPASS not allowed is said once: it is a SAME-RULES too.
                if refused("BYPASS") {
                    problems.push("BYPASS (set allow_bypass if intended)".into());
                } else if refused("SAME-RULES") {
                    problems.push("SAME-RULES (set allow_same_rules if intended)".into());
                }
                if refused("HANDS-OFF") {
                    problems.push("HANDS-OFF (set allow_hands_off if intended)".into());
                }
                let _ = writeln!(
                    out,
                    "{} {}{}",
                    l.id,
                    a.verdict.line(),
                    a.flags.iter().map(|f| format!(" {f}")).collect::<String>()
                );
                // Each requirement proved by the search that does without it:
                // a rule that must form forbidden, one that must break kept.
                let proofs = l.must_form.iter().map(|r| ("must_form", r, opts.without(r), "without it"));
                let proofs =
                    proofs.chain(l.must_break.iter().map(|r| ("must_break", r, Ok(opts.keeping(r)), "keeping it")));
                for (key, rule, proof, how) in proofs {
                    // Each proof's cost beside it, so an author sees one near
                    // its budget before it fails (issue 61).
                    let began = std::time::Instant::now();
                    let verdict = proof
                        .map_err(retrace_kernel::say::Say::from)
                        .and_then(|o| solve_with(&l.setup, &o, &mut hasher).map_err(|e| e.0));
                    let secs = began.elapsed().as_secs_f64();
                    match verdict {
                        Ok(Verdict::Unsolved { states }) => {
                            let share = states as f64 * 100.0 / budget as f64;
                            let _ = writeln!(
                                out,
                                "{} {key} {rule}: proved ({states} of {budget} states {how}, {share:.0}% of the budget, {secs:.2} s)",
                                l.id
                            );
                        }
                        Ok(v) => problems.push(format!("{key} {rule} is not proved: {how} {}", v.line())),
                        Err(e) => problems.push(format!("{key} {rule}: {e}")),
                    }
                }
                for pr in problems {
                    ok = false;
                    let _ = writeln!(out, "FAILED {}: levels.{}: {}", path.display(), l.id, escaped(&pr.to_string()));
                }
            }
            Err(e) => {
                ok = false;
                let _ = writeln!(out, "FAILED {}: levels.{}: {}", path.display(), l.id, escaped(&e.0.to_string()));
            }
        }
    }
    i32::from(!ok)
}

/// `--search`: which search `miau solve` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Search {
    /// Breadth-first (the default): shortest answers, and proofs.
    Breadth,
    /// Best-first by a guessed distance to a win: not claimed shortest.
    Best,
    /// A*: shortest answers.
    Astar,
}

impl Search {
    /// The kernel's search.
    fn kind(self) -> retrace_kernel::miau::solver::SearchKind {
        use retrace_kernel::miau::solver::SearchKind;
        match self {
            Search::Breadth => SearchKind::Breadth,
            Search::Best => SearchKind::Best,
            Search::Astar => SearchKind::AStar,
        }
    }
}
