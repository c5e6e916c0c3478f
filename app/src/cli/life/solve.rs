//! `retrace life solve`: the campaign solver on the command line.

use retrace_kernel::life::campaign::levels;
use retrace_kernel::life::solve::{solve, BatchEval, CpuEval, Options, Report};
use retrace_kernel::life::{Life, Setup};
use retrace_kernel::Session;
use std::io::Write;
use std::path::PathBuf;

/// Which batch step evaluates the candidates.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum SolveEngine {
    /// The bit-parallel CPU step on every thread asked for.
    Cpu,
    /// The wgpu compute shader (a Vulkan adapter; WGPU_BACKEND chooses another).
    Gpu,
}

/// Arguments of `life solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// The level, 1 to 103 as the window numbers them; all levels without it.
    #[arg(long)]
    level: Option<u16>,
    /// Seconds per level before the search stops with `time` (two thirds
    /// for the narrow search, the rest for the wide one if it is needed).
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..))]
    budget_s: u64,
    /// Which batch step evaluates candidates.
    #[arg(long, value_enum, default_value = "cpu")]
    engine: SolveEngine,
    /// CPU threads (default: every core).
    #[arg(long)]
    threads: Option<u32>,
    /// Candidates judged at most per level.
    #[arg(long, default_value_t = 2_000_000)]
    max_candidates: u64,
    /// The most memory a search's tables may hold, in MiB (default: half of
    /// what this process may still take); a level whose tables would not
    /// fit stops with `memory`.
    #[arg(long)]
    memory: Option<u64>,
    /// Where each won level's certificate is written (`level-NNN.replay`).
    #[arg(long, default_value = "life-solutions")]
    out: PathBuf,
    /// One JSON object per level instead of the text line.
    #[arg(long)]
    json: bool,
}

/// The app version written into certificates.
const APP: &str = concat!("retrace ", env!("CARGO_PKG_VERSION"), " (life solve)");

/// Runs `life solve`; exit 0 when every level asked for was won, 1 when some
/// were not, 2 on bad arguments or an engine that cannot start.
pub fn run(args: &SolveArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let all = levels();
    let chosen: Vec<u16> = match args.level {
        Some(n) if (1..=all.len() as u16).contains(&n) => vec![n - 1],
        Some(n) => {
            let _ = writeln!(err, "error: --level {n}: the campaign has levels 1 to {}", all.len());
            return 2;
        }
        None => (0..all.len() as u16).collect(),
    };
    let (cores, note) = crate::budget::threads(args.threads);
    if let Some(note) = note {
        let _ = writeln!(err, "note: {note}");
    }
    let mut eval: Box<dyn BatchEval> = match args.engine {
        SolveEngine::Cpu => Box::new(CpuEval { threads: cores }),
        SolveEngine::Gpu => match retrace_gpu::Gpu::new().and_then(retrace_gpu::life::GpuStepper::new) {
            Ok(g) => Box::new(g),
            Err(e) => {
                let _ = writeln!(err, "error: --engine gpu: {e}");
                return 2;
            }
        },
    };
    let (max_bytes, capped) = crate::budget::memory(args.memory);
    if let Some(note) = capped {
        let _ = writeln!(err, "note: {note}");
    }
    let opts = Options { max_candidates: args.max_candidates, max_bytes, ..Options::default() };
    let bar = crate::budget::spinner();
    let mut all_won = true;
    for index in chosen {
        let level = &all[index as usize];
        let started = std::time::Instant::now();
        let budget = std::time::Duration::from_secs(args.budget_s);
        // The narrow search first, with two thirds of the time; the wide
        // one with what is left when the narrow one did not win.
        let mut search = |wide: bool, until: std::time::Duration| {
            let mut watch = |p: retrace_kernel::life::solve::Progress| {
                let secs = started.elapsed().as_secs_f64().max(1e-3);
                bar.set_message(format!(
                    "level {}{}: round {}, {} candidates ({:.0}/s), {} enemy cells left",
                    index + 1,
                    if wide { " (wide)" } else { "" },
                    p.round,
                    p.evaluated,
                    p.evaluated as f64 / secs,
                    p.enemy
                ));
                bar.tick();
                started.elapsed() < until
            };
            solve(index, &Options { wide, ..opts.clone() }, eval.as_mut(), &mut watch)
        };
        let result = match search(false, budget * 2 / 3) {
            // The wide search's report when it does better: a win, or fewer enemy cells left.
            Ok(narrow) if !narrow.won() && started.elapsed() < budget => search(true, budget).map(|wide| {
                if (!wide.won(), wide.best_enemy) < (!narrow.won(), narrow.best_enemy) {
                    wide
                } else {
                    narrow
                }
            }),
            narrow => narrow,
        };
        let report = match result {
            Ok(r) => r,
            Err(e) => {
                bar.finish_and_clear();
                let _ = writeln!(err, "error: level {}: {e}", index + 1);
                return 2;
            }
        };
        let secs = started.elapsed().as_secs_f64();
        let file = if report.won() {
            match write_certificate(&args.out, &report) {
                Ok(p) => Some(p),
                Err(e) => {
                    bar.finish_and_clear();
                    let _ = writeln!(err, "error: {e}");
                    return 1;
                }
            }
        } else {
            None
        };
        all_won &= report.won();
        bar.suspend(|| print_report(out, args.json, level, &report, secs, file.as_ref(), &eval.name()));
    }
    bar.finish_and_clear();
    i32::from(!all_won)
}

fn print_report(
    out: &mut dyn Write,
    json: bool,
    level: &retrace_kernel::life::campaign::Level,
    r: &Report,
    secs: f64,
    file: Option<&PathBuf>,
    engine: &str,
) {
    let n = r.level + 1;
    if json {
        let v = serde_json::json!({
            "level": n,
            "name": level.name,
            "size": format!("{}x{}", level.w, level.h),
            "budget": level.budget,
            "won": r.won(),
            "stopped": r.stopped.map(|s| s.name()),
            "certificate": file.map(|p| p.display().to_string()),
            "enemy_start": r.start_enemy,
            "enemy_best": r.best_enemy,
            "used": r.used,
            "rounds": r.rounds,
            "search": if r.wide { "wide" } else { "narrow" },
            "candidates": r.evaluated,
            "seconds": (secs * 100.0).round() / 100.0,
            "engine": engine,
        });
        let _ = writeln!(out, "{v}");
    } else if let Some(f) = file {
        let _ = writeln!(
            out,
            "level {n} won ({} search): {} cells of {}, {} rounds, {} candidates, {secs:.1} s: {}",
            if r.wide { "wide" } else { "narrow" },
            r.used,
            level.budget,
            r.rounds,
            r.evaluated,
            f.display()
        );
    } else {
        let _ = writeln!(
            out,
            "level {n} not won ({}): best {} enemy cells left of {}, {} cells of {} spent, {} rounds, {} candidates, {secs:.1} s",
            r.stopped.map_or("?", |s| s.name()),
            r.best_enemy,
            r.start_enemy,
            r.used,
            level.budget,
            r.rounds,
            r.evaluated
        );
    }
}

/// Replays the report's actions through a session and writes the won
/// level's certificate; the path written.
fn write_certificate(dir: &std::path::Path, r: &Report) -> Result<PathBuf, String> {
    let mut s = Session::<Life>::new(Setup::Campaign { level: r.level }, 0)
        .map_err(|e| e.0.to_string())?
        .with_title(format!("Life campaign level {}: the solver's win", r.level + 1));
    for a in &r.actions {
        s.push(*a).map_err(|e| format!("level {}: the solver's action {a:?} was refused: {e}", r.level + 1))?;
    }
    let cert = s.to_certificate(APP).map_err(|e| format!("level {}: {e}", r.level + 1))?;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: cannot create it: {e}", dir.display()))?;
    let path = dir.join(format!("level-{:03}.replay", r.level + 1));
    crate::files::write_atomic(&path, &cert.to_bytes())
        .map_err(|e| format!("{}: cannot write it: {e}", path.display()))?;
    Ok(path)
}
