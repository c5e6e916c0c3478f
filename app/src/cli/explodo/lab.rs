//! `retrace explodo lab`: the balance lab. Bots play the real rules on many
//! seeds, once per arm (a power-up held from level 1, a rules switch), so a
//! difference comes from the change, not the boards; each difference is
//! reported with its 95% interval and marked ✱ when larger than chance.
//!
//! Runs are shared out to threads by index and reported in seed order, so
//! the same seeds and arms give byte-identical reports at every thread count.

use super::stats::{mcnemar, paired_mean, paired_proportion, wilson, Estimate};
use retrace_kernel::explodo::bot::{self, Played, Skill, Structure};
use retrace_kernel::explodo::items::{Charge, Power, CHARGES, POWERS};
use retrace_kernel::explodo::{Explodo, Setup, State, LEVELS};
use retrace_kernel::{Game, Session};
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The lab's experiments.
#[derive(clap::Subcommand, Debug)]
pub enum Experiment {
    /// Each power-up held from level 1, against none.
    Powers(Options),
    /// Each charge carried from level 1 (its full uses), against none.
    Charges(Options),
    /// What each power-up (and bombs under you) changes on real positions,
    /// no bot judging: survivable bomb placements, tiles reachable in 3
    /// turns, safe actions. The positions are those the careful bot meets
    /// (every 25th turn of its runs on the seeds).
    Structure(Options),
    /// Bombs next to the player (the rule) against under them (the
    /// original's rule, a lab-only switch).
    Underfoot(Options),
    /// The bot's runs, one line each, and their summary (one arm: `--arm`).
    Runs(Options),
    /// The bot's play on one level of one seed, board by board.
    Trace {
        /// The run's seed.
        seed: u64,
        /// The level, 1 to 20.
        level: u32,
        /// The options (`--skill`, `--arm`).
        #[command(flatten)]
        options: Options,
    },
}

/// Options every experiment takes.
#[derive(clap::Args, Debug, Clone)]
pub struct Options {
    /// Seeds 1 to N, the same for every arm.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    seeds: u64,
    /// The bot: careful, average or sloppy.
    #[arg(long, default_value = "careful", value_parser = parse_skill)]
    skill: Skill,
    /// Levels a run may clear before it stops (1 to 20).
    #[arg(long, default_value_t = LEVELS, value_parser = clap::value_parser!(u32).range(1..=20))]
    levels: u32,
    /// Play only this arm (and the baseline): `none`, `underfoot`, a
    /// power-up (`bomb-up`, `fire-up`, `tnt`, `run`, …) or a charge
    /// (`pierce`, `nuke`, `freeze`, `teleport`, …).
    #[arg(long, value_parser = parse_arm)]
    arm: Option<Arm>,
    /// Threads (default: every core).
    #[arg(long)]
    threads: Option<u32>,
    /// JSON instead of text: progress events on stderr, the report on stdout.
    #[arg(long)]
    json: bool,
    /// Also write the report (`report.md`) and every run (`runs.csv`) here.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write every run as a replay here (`<arm>-seed<N>.replay`), its
    /// outcome the run's: won, lost, or the level it reached.
    #[arg(long)]
    save_runs: Option<PathBuf>,
}

fn parse_skill(s: &str) -> Result<Skill, String> {
    Skill::parse(s).ok_or_else(|| format!("no skill {s:?}: careful, average or sloppy"))
}

/// An arm: what a run's setup changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arm {
    /// The game as it is.
    None,
    /// A power-up held from level 1.
    Power(Power),
    /// Bombs under the player.
    Underfoot,
    /// A charge carried from level 1, with its full uses.
    Charge(Charge),
}

impl Arm {
    /// Its name in reports, files and `--arm`.
    pub fn name(self) -> String {
        match self {
            Arm::None => "none".into(),
            Arm::Underfoot => "underfoot".into(),
            Arm::Power(p) => kebab(&format!("{p:?}")),
            Arm::Charge(c) => kebab(&format!("{c:?}")),
        }
    }

    /// The setup its runs use.
    pub fn setup(self) -> Setup {
        match self {
            Arm::None => Setup::default(),
            Arm::Underfoot => Setup { underfoot: true, ..Setup::default() },
            Arm::Power(p) => Setup { powers: p.bit(), ..Setup::default() },
            Arm::Charge(c) => Setup { charge: Some(c), ..Setup::default() },
        }
    }

    /// A position as this arm changes it (for `structure`).
    fn apply(self, s: &State) -> State {
        let mut s = s.clone();
        match self {
            Arm::None => {}
            Arm::Underfoot => s.run.setup.underfoot = true,
            Arm::Power(p) => s.hold(p),
            Arm::Charge(c) => s.player.charge = Some((c, c.uses())),
        }
        s
    }
}

/// "BombUp" → "bomb-up"; "CratePass" → "crate-pass".
fn kebab(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() && !out.is_empty() {
            out.push('-');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

fn parse_arm(s: &str) -> Result<Arm, String> {
    let all: Vec<Arm> = [Arm::None, Arm::Underfoot]
        .into_iter()
        .chain(POWERS.iter().map(|&p| Arm::Power(p)))
        .chain(CHARGES.iter().map(|&c| Arm::Charge(c)))
        .collect();
    all.iter().copied().find(|a| a.name() == s).ok_or_else(|| {
        let names: Vec<String> = all.iter().map(|a| a.name()).collect();
        format!("no arm {s:?}; the arms are {}", names.join(", "))
    })
}

/// One run's figures.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    arm: Arm,
    seed: u64,
    cleared: u32,
    won: bool,
    lives_lost: u32,
    turns: u32,
    danger: u32,
    stuck: bool,
}

impl Row {
    fn of(arm: Arm, seed: u64, p: &Played) -> Row {
        Row {
            arm,
            seed,
            cleared: p.cleared,
            won: p.won,
            lives_lost: p.lives_lost,
            turns: p.turns,
            danger: p.turns_in_danger,
            stuck: p.stuck,
        }
    }
    /// Turns per level played (cleared, and the one it ended on).
    fn turns_per_level(&self) -> f64 {
        let levels = self.cleared + u32::from(!self.won);
        f64::from(self.turns) / f64::from(levels.max(1))
    }
    /// Percent of turns ended on a tile about to burn.
    fn danger_pct(&self) -> f64 {
        100.0 * f64::from(self.danger) / f64::from(self.turns.max(1))
    }
}

/// Runs `explodo lab`; exit 0, or 2 on bad arguments or a folder that
/// cannot be written.
pub fn run(exp: Experiment, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match exp {
        Experiment::Powers(o) => {
            let arms = versus(&o, POWERS.iter().map(|&p| Arm::Power(p)));
            compare(&o, &arms, "powers", out, err)
        }
        Experiment::Charges(o) => {
            let arms = versus(&o, CHARGES.iter().map(|&c| Arm::Charge(c)));
            compare(&o, &arms, "charges", out, err)
        }
        Experiment::Underfoot(o) => compare(&o, &[Arm::None, Arm::Underfoot], "underfoot", out, err),
        Experiment::Runs(o) => {
            let arm = o.arm.unwrap_or(Arm::None);
            let rows = match play_all(&o, &[arm], err) {
                Ok(r) => r,
                Err(code) => return code,
            };
            let mut text = String::new();
            if !o.json {
                let _ = writeln!(text, "arm {} skill {} levels {}", arm.name(), o.skill.name(), o.levels);
                for r in &rows {
                    let _ = writeln!(
                        text,
                        "seed {} cleared {} {} lives lost {} turns {} in danger {} {}",
                        r.seed,
                        r.cleared,
                        if r.won { "won" } else { "lost" },
                        r.lives_lost,
                        r.turns,
                        r.danger,
                        if r.stuck { "stuck" } else { "" }
                    );
                }
            }
            finish(&o, &rows, &[arm], "runs", text, out, err)
        }
        Experiment::Structure(o) => structure_report(&o, out, err),
        Experiment::Trace { seed, level, options } => trace(seed, level, &options, out, err),
    }
}

/// The baseline and the arms an experiment compares with it: `--arm`'s
/// alone when given, else `every`.
fn versus(o: &Options, every: impl Iterator<Item = Arm>) -> Vec<Arm> {
    let mut arms = vec![Arm::None];
    match o.arm {
        Some(a) if a != Arm::None => arms.push(a),
        Some(_) => {}
        None => arms.extend(every),
    }
    arms
}

/// Plays every arm on every seed; rows in (arm, seed) order.
fn play_all(o: &Options, arms: &[Arm], err: &mut dyn Write) -> Result<Vec<Row>, i32> {
    if let Some(dir) = &o.save_runs {
        if let Err(e) = std::fs::create_dir_all(dir) {
            let _ = writeln!(err, "error: --save-runs {}: {e}", dir.display());
            return Err(2);
        }
    }
    let (threads, note) = crate::budget::threads(o.threads);
    if let Some(n) = note {
        let _ = writeln!(err, "note: {n}");
    }
    // The per-run records are asked for up front, fallibly: a lab too big
    // for this process's memory says so instead of aborting (issue 46).
    let runs = arms.len() * usize::try_from(o.seeds).unwrap_or(usize::MAX);
    let Some(slots) = room::<Option<Row>>(runs, err) else { return Err(1) };
    let Some(mut jobs) = room::<(Arm, u64)>(runs, err) else { return Err(1) };
    jobs.extend(arms.iter().flat_map(|&a| (1..=o.seeds).map(move |s| (a, s))));
    let bar = progress(jobs.len() as u64, o.json);
    let done = AtomicUsize::new(0);
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let events = Mutex::new(Vec::<String>::new());
    let rows = par_map(slots, jobs.len(), threads, &bar, |i| {
        let (arm, seed) = jobs[i];
        let played = bot::play(seed, &arm.setup(), o.skill, o.levels);
        if let Some(dir) = &o.save_runs {
            if let Err(e) = save(dir, arm, seed, &played) {
                failures.lock().expect("not poisoned").push(e);
            }
        }
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if o.json && (n.is_multiple_of(50) || n == jobs.len()) {
            events
                .lock()
                .expect("not poisoned")
                .push(format!("{{\"event\":\"progress\",\"done\":{n},\"total\":{}}}", jobs.len()));
        }
        Row::of(arm, seed, &played)
    });
    bar.finish_and_clear();
    for e in events.into_inner().expect("not poisoned") {
        let _ = writeln!(err, "{e}");
    }
    let failures = failures.into_inner().expect("not poisoned");
    if let Some(first) = failures.first() {
        let _ = writeln!(err, "error: {first} ({} run(s) not saved)", failures.len());
        return Err(2);
    }
    Ok(rows)
}

/// Room for `n` records, asked for fallibly: `None` (and the verdict on
/// `err`) when this process's memory refuses it (issue 46).
fn room<T>(n: usize, err: &mut dyn Write) -> Option<Vec<T>> {
    let mut v = Vec::new();
    if v.try_reserve_exact(n).is_err() {
        let _ = writeln!(err, "LIMIT 0 runs memory: the records of {n} runs do not fit in this process's memory");
        return None;
    }
    Some(v)
}

/// `f(0)`, …, `f(n - 1)` on `threads` threads, each index taken by the next
/// free thread; the results in index order (so whatever the threads, the
/// same vector).
fn par_map<T: Send>(
    mut slots: Vec<Option<T>>,
    n: usize,
    threads: u32,
    bar: &indicatif::ProgressBar,
    f: impl Fn(usize) -> T + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    // `slots` comes with its room already asked for.
    slots.clear();
    slots.extend((0..n).map(|_| None));
    let out: Mutex<Vec<Option<T>>> = Mutex::new(slots);
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= n {
            break;
        }
        let v = f(i);
        out.lock().expect("not poisoned")[i] = Some(v);
        bar.inc(1);
    };
    std::thread::scope(|scope| {
        // Helpers the system refuses (no memory for a stack, a thread
        // limit) are done without: this thread takes every run left, so a
        // tight limit slows the lab and never aborts it (issue 46).
        for _ in 1..threads.max(1) {
            if std::thread::Builder::new().spawn_scoped(scope, work).is_err() {
                break;
            }
        }
        work();
    });
    out.into_inner().expect("not poisoned").into_iter().map(|v| v.expect("every index done")).collect()
}

/// A progress bar with runs/s and the time left, on a terminal's stderr
/// (hidden otherwise and under `--json`).
fn progress(total: u64, json: bool) -> indicatif::ProgressBar {
    if json {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} runs · {per_sec} · {eta} left")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

/// Writes one run as a replay: its setup and seed, the bot's actions (a
/// certificate when won).
fn save(dir: &Path, arm: Arm, seed: u64, played: &Played) -> Result<(), String> {
    let outcome = if played.won { "won".to_string() } else { format!("{} levels cleared", played.cleared) };
    let mut s = Session::<Explodo>::new(arm.setup(), seed)
        .map_err(|r| r.0.to_string())?
        .with_title(format!("lab {} seed {seed}: {outcome}", arm.name()));
    for a in &played.actions {
        s.push(*a).map_err(|r| format!("seed {seed}: the bot's action {a:?} was refused: {}", r.0))?;
    }
    let app = concat!("retrace ", env!("CARGO_PKG_VERSION"), " (explodo lab)");
    let file = if played.won { s.to_certificate(app).map_err(|r| r.0.to_string())? } else { s.to_replay(app) };
    let path = dir.join(format!("{}-seed{seed}.replay", arm.name()));
    crate::files::write_atomic(&path, &file.to_bytes()).map_err(|e| format!("{}: {e}", path.display()))
}

/// Plays the arms and reports each against the first (the baseline).
fn compare(o: &Options, arms: &[Arm], name: &str, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let rows = match play_all(o, arms, err) {
        Ok(r) => r,
        Err(code) => return code,
    };
    finish(o, &rows, arms, name, String::new(), out, err)
}

/// Prints the report (and the JSON), writes `--out`'s files.
fn finish(
    o: &Options,
    rows: &[Row],
    arms: &[Arm],
    name: &str,
    prefix: String,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let table = report(o, rows, arms, name);
    if o.json {
        let _ = writeln!(out, "{}", json(o, rows, arms, name));
    } else {
        let _ = write!(out, "{prefix}{table}");
    }
    write_out(o, &table, Some(&csv(rows)), err)
}

/// Writes `--out`'s files, when asked: `report.md`, and `runs.csv` when
/// there are runs. 0, or 2 when the folder cannot be written.
fn write_out(o: &Options, report: &str, csv: Option<&str>, err: &mut dyn Write) -> i32 {
    let Some(dir) = &o.out else { return 0 };
    let written = std::fs::create_dir_all(dir)
        .and_then(|()| crate::files::write_atomic(&dir.join("report.md"), report.as_bytes()))
        .and_then(|()| csv.map_or(Ok(()), |c| crate::files::write_atomic(&dir.join("runs.csv"), c.as_bytes())));
    if let Err(e) = written {
        let _ = writeln!(err, "error: --out {}: {e}", dir.display());
        return 2;
    }
    0
}

/// Every run as CSV.
fn csv(rows: &[Row]) -> String {
    let mut s = String::from("arm,seed,levels_cleared,won,lives_lost,turns,turns_in_danger,stuck\n");
    for r in rows {
        let _ = writeln!(
            s,
            "{},{},{},{},{},{},{},{}",
            r.arm.name(),
            r.seed,
            r.cleared,
            u8::from(r.won),
            r.lives_lost,
            r.turns,
            r.danger,
            u8::from(r.stuck)
        );
    }
    s
}

/// One arm's summary and its differences from the baseline.
struct Summary {
    arm: Arm,
    n: u64,
    cleared: f64,
    won: u64,
    lives: f64,
    turns: f64,
    danger: f64,
    stuck: u64,
    /// Against the baseline (none for the baseline itself).
    diff: Option<Diff>,
}

struct Diff {
    cleared: Estimate,
    won: Estimate,
    won_p: f64,
    lives: Estimate,
    turns: Estimate,
    danger: Estimate,
}

fn summaries(rows: &[Row], arms: &[Arm]) -> Vec<Summary> {
    let of = |a: Arm| -> Vec<&Row> { rows.iter().filter(|r| r.arm == a).collect() };
    let base = of(arms[0]);
    arms.iter()
        .map(|&arm| {
            let rs = of(arm);
            let n = rs.len() as u64;
            let mean = |f: &dyn Fn(&Row) -> f64| rs.iter().map(|r| f(r)).sum::<f64>() / (n.max(1) as f64);
            let diff = (arm != arms[0]).then(|| {
                let d = |f: &dyn Fn(&Row) -> f64| -> Estimate {
                    let diffs: Vec<f64> = rs.iter().zip(&base).map(|(r, b)| f(r) - f(b)).collect();
                    paired_mean(&diffs)
                };
                let b = rs.iter().zip(&base).filter(|(r, b)| b.won && !r.won).count() as u64;
                let c = rs.iter().zip(&base).filter(|(r, b)| r.won && !b.won).count() as u64;
                Diff {
                    cleared: d(&|r| f64::from(r.cleared)),
                    won: paired_proportion(b, c, n),
                    won_p: mcnemar(b, c),
                    lives: d(&|r| f64::from(r.lives_lost)),
                    turns: d(&|r| r.turns_per_level()),
                    danger: d(&|r| r.danger_pct()),
                }
            });
            Summary {
                arm,
                n,
                cleared: mean(&|r| f64::from(r.cleared)),
                won: rs.iter().filter(|r| r.won).count() as u64,
                lives: mean(&|r| f64::from(r.lives_lost)),
                turns: mean(&|r| r.turns_per_level()),
                danger: mean(&|r| r.danger_pct()),
                stuck: rs.iter().filter(|r| r.stuck).count() as u64,
                diff,
            }
        })
        .collect()
}

/// "+0.6 [+0.2, +1.0] ✱".
fn signed(e: &Estimate, digits: usize, unit: &str) -> String {
    let star = if e.significant() { " ✱" } else { "" };
    format!(
        "{:+.digits$}{unit} [{:+.digits$}, {:+.digits$}]{star}",
        e.mean,
        e.mean - e.half,
        e.mean + e.half,
        digits = digits
    )
}

/// The Markdown report.
fn report(o: &Options, rows: &[Row], arms: &[Arm], name: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# Explodorama balance lab: {name}\n\n{} seeds (1 to {}), the {} bot, up to {} levels, rules v{}; \
         differences against `{}` on the same seeds with 95% intervals (paired t; wins: paired \
         proportions, ✱ by McNemar's exact test), ✱ where larger than chance.\n",
        o.seeds,
        o.seeds,
        o.skill.name(),
        o.levels,
        Explodo::RULES_VERSION,
        arms[0].name()
    );
    s.push_str("| Arm | Levels cleared | Won | Lives lost | Turns per level | Turns in danger | Stuck |\n");
    s.push_str("|---|---|---|---|---|---|---|\n");
    for m in summaries(rows, arms) {
        let stuck = format!("{:.0}%", 100.0 * m.stuck as f64 / m.n.max(1) as f64);
        match &m.diff {
            None => {
                let (lo, hi) = wilson(m.won, m.n);
                let _ = writeln!(
                    s,
                    "| {} | {:.2} | {:.0}% [{:.0}–{:.0}] | {:.2} | {:.0} | {:.1}% | {stuck} |",
                    m.arm.name(),
                    m.cleared,
                    100.0 * m.won as f64 / m.n.max(1) as f64,
                    100.0 * lo,
                    100.0 * hi,
                    m.lives,
                    m.turns,
                    m.danger
                );
            }
            Some(d) => {
                let won_star = if d.won_p < 0.05 { " ✱" } else { "" };
                let _ = writeln!(
                    s,
                    "| {} | {} | {:+.0}% [{:+.0}, {:+.0}]{won_star} | {} | {} | {} | {stuck} |",
                    m.arm.name(),
                    signed(&d.cleared, 2, ""),
                    100.0 * d.won.mean,
                    100.0 * (d.won.mean - d.won.half),
                    100.0 * (d.won.mean + d.won.half),
                    signed(&d.lives, 2, ""),
                    signed(&d.turns, 1, ""),
                    signed(&d.danger, 1, " points")
                );
            }
        }
    }
    s
}

/// An estimate as JSON: its mean and its 95% interval.
fn estimate_json(e: &Estimate) -> serde_json::Value {
    serde_json::json!({"mean": e.mean, "low": e.mean - e.half, "high": e.mean + e.half})
}

/// The report as one JSON object.
fn json(o: &Options, rows: &[Row], arms: &[Arm], name: &str) -> String {
    let arms_json: Vec<serde_json::Value> = summaries(rows, arms)
        .iter()
        .map(|m| {
            let (lo, hi) = wilson(m.won, m.n);
            serde_json::json!({
                "arm": m.arm.name(),
                "runs": m.n,
                "levels_cleared": m.cleared,
                "won": m.won,
                "won_interval": [lo, hi],
                "lives_lost": m.lives,
                "turns_per_level": m.turns,
                "turns_in_danger_pct": m.danger,
                "stuck": m.stuck,
                "against_baseline": m.diff.as_ref().map(|d| serde_json::json!({
                    "levels_cleared": estimate_json(&d.cleared),
                    "won": estimate_json(&d.won),
                    "won_mcnemar_p": d.won_p,
                    "lives_lost": estimate_json(&d.lives),
                    "turns_per_level": estimate_json(&d.turns),
                    "turns_in_danger_points": estimate_json(&d.danger),
                })),
            })
        })
        .collect();
    serde_json::json!({
        "event": "report",
        "experiment": name,
        "seeds": o.seeds,
        "skill": o.skill.name(),
        "levels": o.levels,
        "rules_version": Explodo::RULES_VERSION,
        "arms": arms_json,
    })
    .to_string()
}

/// `structure`: positions from the careful bot's baseline runs, measured
/// as they are and under each arm.
fn structure_report(o: &Options, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let arms = versus(o, POWERS.iter().map(|&p| Arm::Power(p)).chain([Arm::Underfoot]));
    // The positions: every 25th turn of each baseline run with enemies on
    // the board and no dialog open (replayed from the bot's actions), in
    // seed order whatever the threads.
    let (threads, note) = crate::budget::threads(o.threads);
    if let Some(n) = note {
        let _ = writeln!(err, "note: {n}");
    }
    let Some(slots) = room(o.seeds as usize, err) else { return 1 };
    let positions: Vec<State> = par_map(slots, o.seeds as usize, threads, &indicatif::ProgressBar::hidden(), |i| {
        let seed = i as u64 + 1;
        let played = bot::play(seed, &Setup::default(), o.skill, o.levels);
        let mut s = Explodo::start(&Setup::default(), seed).expect("the default setup starts");
        let mut found = Vec::new();
        for (k, a) in played.actions.iter().enumerate() {
            if k % 25 == 0 && s.run.dialogs.is_empty() && !s.enemies.list.is_empty() {
                found.push(s.clone());
            }
            if Explodo::apply(&mut s, a).is_err() {
                break;
            }
        }
        found
    })
    .into_iter()
    .flatten()
    .collect();
    let bar = progress((positions.len() * arms.len()) as u64, o.json);
    let Some(slots) = room(positions.len() * arms.len(), err) else { return 1 };
    let cells: Vec<Structure> = par_map(slots, positions.len() * arms.len(), threads, &bar, |i| {
        bot::structure(&arms[i % arms.len()].apply(&positions[i / arms.len()]))
    });
    bar.finish_and_clear();
    let at = |p: usize, a: usize| cells[p * arms.len() + a];
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# Explodorama balance lab: structure\n\n{} positions (every 25th turn of the {} bot's runs on seeds 1 \
         to {}), rules v{}; differences against `none` on the same positions with 95% intervals (paired t), ✱ \
         where larger than chance.\n",
        positions.len(),
        o.skill.name(),
        o.seeds,
        Explodo::RULES_VERSION
    );
    s.push_str("| Arm | Survivable bomb placements | Tiles reachable in 3 turns | Safe actions |\n|---|---|---|---|\n");
    let mut json_arms = Vec::new();
    for (a, arm) in arms.iter().enumerate() {
        let field = |f: fn(Structure) -> u32| -> Vec<f64> {
            (0..positions.len()).map(|p| f64::from(f(at(p, a))) - f64::from(f(at(p, 0)))).collect()
        };
        let mean = |f: fn(Structure) -> u32| {
            (0..positions.len()).map(|p| f64::from(f(at(p, a)))).sum::<f64>() / positions.len().max(1) as f64
        };
        let fs: [fn(Structure) -> u32; 3] = [|m| m.survivable_bombs, |m| m.reach3, |m| m.safe_actions];
        if a == 0 {
            let _ = writeln!(s, "| {} | {:.2} | {:.2} | {:.2} |", arm.name(), mean(fs[0]), mean(fs[1]), mean(fs[2]));
            json_arms.push(serde_json::json!({"arm": arm.name(), "survivable_bombs": mean(fs[0]),
                "reach3": mean(fs[1]), "safe_actions": mean(fs[2])}));
        } else {
            let e: Vec<Estimate> = fs.iter().map(|&f| paired_mean(&field(f))).collect();
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} |",
                arm.name(),
                signed(&e[0], 2, ""),
                signed(&e[1], 2, ""),
                signed(&e[2], 2, "")
            );
            json_arms.push(serde_json::json!({"arm": arm.name(), "survivable_bombs": estimate_json(&e[0]),
                "reach3": estimate_json(&e[1]), "safe_actions": estimate_json(&e[2])}));
        }
    }
    if o.json {
        let v = serde_json::json!({"event": "report", "experiment": "structure", "positions": positions.len(),
            "rules_version": Explodo::RULES_VERSION, "arms": json_arms});
        let _ = writeln!(out, "{v}");
    } else {
        let _ = write!(out, "{s}");
    }
    write_out(o, &s, None, err)
}

/// `trace SEED LEVEL`: the bot's run until it leaves that level, the level's
/// boards one per action.
fn trace(seed: u64, level: u32, o: &Options, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    if !(1..=LEVELS).contains(&level) {
        let _ = writeln!(err, "error: the level is 1 to {LEVELS}, not {level}");
        return 2;
    }
    let arm = o.arm.unwrap_or(Arm::None);
    let played = bot::play(seed, &arm.setup(), o.skill, level);
    let mut s = Explodo::start(&arm.setup(), seed).expect("an arm's setup starts");
    let mut shown = 0;
    for a in &played.actions {
        if s.run.level == level {
            let _ = writeln!(
                out,
                "level {} turn {} lives {} enemies {} · {}",
                s.run.level,
                s.run.turn,
                s.player.lives,
                s.enemies.list.len(),
                super::text::token(a)
            );
            let _ = write!(out, "{}", super::text::render(&s));
            shown += 1;
        }
        if Explodo::apply(&mut s, a).is_err() || s.run.level > level {
            break;
        }
    }
    if shown == 0 {
        let _ = writeln!(
            out,
            "the {} bot never reached level {level} on seed {seed} ({} levels cleared)",
            o.skill.name(),
            played.cleared
        );
    } else {
        let _ = writeln!(out, "{}", super::text::LEGEND);
        let _ =
            writeln!(out, "after the level: level {} lives {} · {}", s.run.level, s.player.lives, Explodo::outcome(&s));
    }
    0
}
