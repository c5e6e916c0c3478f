//! `retrace life …`: run fields from the command line.

use clap::{Subcommand, ValueEnum};
use retrace_kernel::life::field::{step_reference, Field};
use retrace_kernel::life::planes::Planes;
use retrace_kernel::life::rle;
use retrace_kernel::rng::{seed_from_text, Rng};
use std::io::Write;
use std::path::PathBuf;

pub mod solve;

/// Life subcommands.
#[derive(Subcommand, Debug)]
pub enum LifeCommand {
    /// Run a field for N generations and print it, its counts or its digest.
    Run(RunArgs),
    /// Check the committed campaign against its generator and the schema rules
    /// (--check), or write the generator's output (--write FILE).
    Campaign {
        /// Verify the committed levels; exit 1 with each problem if any.
        #[arg(long, required_unless_present = "write")]
        check: bool,
        /// Write the generated levels' data to this file.
        #[arg(long)]
        write: Option<PathBuf>,
    },
    /// Search each campaign level for a win within its budget and write a
    /// certificate for every level won (the rest: how close it came).
    Solve(solve::SolveArgs),
}

/// What `life run` prints.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Print {
    /// The whole field as RLE.
    Rle,
    /// `generation <n> p1 <count> p2 <count>` for every generation from 0 to N.
    Counts,
    /// The final field's BLAKE3 digest.
    Digest,
}

/// Which CPU step runs.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Engine {
    /// The plain one-byte-per-cell step the others are held to.
    Reference,
    /// The bit-parallel step the game uses.
    Fast,
    /// The GPU (wgpu compute: bit planes, several generations a dispatch,
    /// 1,024 generations a submission).
    Gpu,
}

/// Arguments of `life run`.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// Field size, WxH (1x1 up to 8192x8192).
    #[arg(long)]
    size: String,
    /// Torus: neighbours wrap around the edges.
    #[arg(long)]
    wrap: bool,
    /// Generations to run.
    #[arg(long)]
    gens: u64,
    /// A Golly RLE file to start from.
    #[arg(long, conflicts_with = "random", required_unless_present = "random")]
    rle: Option<PathBuf>,
    /// Where the pattern's top-left goes, X,Y (with --rle).
    #[arg(long, requires = "rle")]
    at: Option<String>,
    /// A random start from this seed (digits, or any text).
    #[arg(long)]
    random: Option<String>,
    /// Percentage of live cells for --random (each colour equally likely).
    #[arg(long, default_value_t = 50, requires = "random")]
    density: u32,
    /// What to print.
    #[arg(long, value_enum, default_value = "digest")]
    print: Print,
    /// Which step runs (gpu needs a Vulkan adapter; WGPU_BACKEND chooses another).
    #[arg(long, value_enum, default_value = "fast")]
    engine: Engine,
}

/// Runs a Life subcommand; returns the exit code.
pub fn run(cmd: LifeCommand, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match cmd {
        LifeCommand::Run(args) => match run_field(&args, out) {
            Ok(()) => 0,
            Err(e) => {
                let _ = writeln!(err, "error: {e}");
                2
            }
        },
        LifeCommand::Campaign { check, write } => campaign(check, write, out, err),
        LifeCommand::Solve(args) => solve::run(&args, out, err),
    }
}

fn campaign(check: bool, write: Option<PathBuf>, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    use retrace_kernel::life::campaign as c;
    if let Some(path) = write {
        if let Err(e) = crate::files::write_atomic(&path, c::to_text(&c::generate()).as_bytes()) {
            let _ = writeln!(err, "error: {}: cannot write it: {e}", path.display());
            return 1;
        }
        let _ = writeln!(out, "{}: wrote 96 generated levels", path.display());
    }
    if !check {
        return 0;
    }
    let mut problems = Vec::new();
    match c::from_text(c::COMMITTED) {
        Ok(committed) if committed == c::generate() => {}
        Ok(_) => problems.push("the committed levels differ from the generator's output; run `retrace life campaign --write kernel/src/life/campaign.txt`".to_string()),
        Err(e) => problems.push(e),
    }
    problems.extend(c::check(c::levels()));
    if problems.is_empty() {
        let _ = writeln!(out, "campaign ok: {} levels, generated ones match the generator", c::levels().len());
        0
    } else {
        for p in problems {
            let _ = writeln!(out, "{p}");
        }
        1
    }
}

fn parse_pair(text: &str, sep: &[char], what: &str) -> Result<(u32, u32), String> {
    let bad = || {
        format!("{what} `{text}` must be two whole numbers like {}", if sep.contains(&'x') { "60x60" } else { "10,5" })
    };
    let (a, b) = text.split_once(sep).ok_or_else(bad)?;
    Ok((a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?))
}

fn start_field(args: &RunArgs) -> Result<Field, String> {
    let (w, h) = parse_pair(&args.size, &['x', 'X'], "--size")?;
    let mut f = Field::new(w, h, args.wrap).map_err(|e| format!("--size: {e}"))?;
    if let Some(path) = &args.rle {
        let text = crate::files::read_text_capped(path)?;
        let p = rle::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let (ax, ay) = match &args.at {
            Some(a) => parse_pair(a, &[','], "--at")?,
            None => (0, 0),
        };
        for &(x, y, c) in &p.cells {
            let (fx, fy) = (u64::from(ax) + u64::from(x), u64::from(ay) + u64::from(y));
            if fx >= u64::from(w) || fy >= u64::from(h) {
                return Err(format!(
                    "{}: the pattern ({}×{} at {ax},{ay}) does not fit the {w}×{h} field: its cell ({x}, {y}) lands at ({fx}, {fy})",
                    path.display(),
                    p.w,
                    p.h
                ));
            }
            let i = f.idx(fx as u32, fy as u32);
            f.cells[i] = c;
        }
    } else if let Some(seed) = &args.random {
        if args.density > 100 {
            return Err(format!("--density is a percentage, 0 to 100, not {}", args.density));
        }
        let seed = seed_from_text(seed).ok_or("--random needs a seed")?;
        f = Field::random(w, h, args.wrap, args.density, &mut Rng::stream(seed, "life.random"))
            .map_err(|e| format!("--size: {e}"))?;
    }
    Ok(f)
}

fn run_field(args: &RunArgs, out: &mut dyn Write) -> Result<(), String> {
    let mut f = start_field(args)?;
    let counts = matches!(args.print, Print::Counts);
    let mut line = |g: u64, c: (u32, u32)| {
        let _ = writeln!(out, "generation {g} p1 {} p2 {}", c.0, c.1);
    };
    if counts {
        line(0, f.counts());
    }
    match args.engine {
        // A dead field stays dead: once it is, the run stops stepping (the
        // remaining generations' counts, all zero, are still printed).
        Engine::Reference => {
            let mut next = f.clone();
            for g in 1..=args.gens {
                if f.counts() == (0, 0) {
                    if counts {
                        (g..=args.gens).for_each(|g| line(g, (0, 0)));
                    }
                    break;
                }
                step_reference(&f, &mut next);
                std::mem::swap(&mut f, &mut next);
                if counts {
                    line(g, f.counts());
                }
            }
        }
        Engine::Fast => {
            let mut p = Planes::from_field(&f);
            let bar = crate::budget::spinner();
            for g in 1..=args.gens {
                if g.is_multiple_of(1024) {
                    bar.set_message(format!("generation {g} of {}", args.gens));
                }
                if p.counts() == (0, 0) {
                    if counts {
                        (g..=args.gens).for_each(|g| line(g, (0, 0)));
                    }
                    break;
                }
                p.step();
                if counts {
                    line(g, p.counts());
                }
            }
            bar.finish_and_clear();
            p.write_to(&mut f);
        }
        Engine::Gpu => {
            let gpu = retrace_gpu::Gpu::new().map_err(|e| format!("--engine gpu: {e}"))?;
            // The game's GPU engine: tiles of bit planes, several generations a dispatch.
            let life = retrace_gpu::life::GpuStepper::new(gpu).map_err(|e| format!("--engine gpu: {e}"))?;
            // Every generation's counts only when they are printed; the cells always.
            let opts = retrace_gpu::life_step::RunOptions { cells: true, every_generation: counts };
            let gens =
                u32::try_from(args.gens).map_err(|_| "--engine gpu runs at most 4294967295 generations".to_string())?;
            let batch = retrace_gpu::life_step::Batch::from_fields(std::slice::from_ref(&f));
            // One submission per 1,024 generations keeps the figures buffer small.
            let mut cur = batch;
            let mut done = 0u32;
            while done < gens {
                let n = (gens - done).min(1024);
                let r = life.run_batch(&cur, n, opts).map_err(|e| format!("--engine gpu: {e}"))?;
                if counts {
                    for (k, s) in r.stats.iter().enumerate() {
                        line(u64::from(done) + k as u64 + 1, (s[0].p1, s[0].p2));
                    }
                }
                cur.cells = r.cells;
                done += n;
            }
            f = cur.field(0);
        }
    }
    match args.print {
        Print::Rle => {
            rle::write_with(&f, &mut |piece| {
                let _ = out.write_all(piece.as_bytes());
            });
        }
        Print::Digest => {
            let _ = writeln!(out, "{}", f.digest());
        }
        Print::Counts => {}
    }
    Ok(())
}
