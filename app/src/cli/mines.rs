//! `retrace mines …`: generate unique fields and count solutions.

use clap::Subcommand;
use retrace_kernel::mines::field::Puzzle;
use retrace_kernel::mines::generator::generate;
use retrace_kernel::mines::solver::{count_solutions_watched, Count};
use retrace_kernel::mines::Tier;
use retrace_kernel::rng::{seed_from_text, Rng};
use std::io::Write;
use std::path::PathBuf;

/// MineLayer subcommands.
#[derive(Subcommand, Debug)]
pub enum MinesCommand {
    /// Print generated fields: a digit per clue, `.` for other cells (`*` for mines with --solution),
    /// then `mines <m> clues <k> gap <g> unknown <u> seed <s>` and a blank line.
    Generate {
        /// beginner, intermediate, expert, or WxH:DENSITY (e.g. 20x16:0.22).
        #[arg(long, default_value = "beginner")]
        tier: String,
        /// The seed: digits, or any text (made into a seed). Field k uses seed + k.
        /// Without it, a random seed is chosen and printed.
        #[arg(long)]
        seed: Option<String>,
        /// How many fields.
        #[arg(long, default_value_t = 1)]
        count: u32,
        /// Show the mines as `*`.
        #[arg(long)]
        solution: bool,
    },
    /// Count the solutions of a field in the text form (`*` counts as unknown).
    Count {
        /// The field file.
        file: PathBuf,
        /// Count exactly below this many; at this many or more, print `at least N`.
        #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
        limit: u64,
        /// The most seconds to count (default 60); then it prints `unknown: out of time`.
        #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..))]
        timeout: u64,
    },
}

/// Runs a MineLayer subcommand; returns the exit code.
pub fn run(cmd: MinesCommand, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match cmd {
        MinesCommand::Generate { tier, seed, count, solution } => {
            let tier = match Tier::parse(&tier) {
                Ok(t) => t,
                Err(e) => {
                    let _ = writeln!(err, "error: --tier: {e}");
                    return 2;
                }
            };
            let params = tier.params().expect("Tier::parse checks the parameters");
            let base = match seed.as_deref().and_then(seed_from_text) {
                Some(s) => s,
                None => crate::random_seed(),
            };
            for k in 0..count {
                let seed = base.wrapping_add(u64::from(k));
                let g = generate(&params, &mut Rng::stream(seed, "mines.field"));
                let f = &g.field;
                for r in 0..f.rows as usize {
                    let row: String = (0..f.cols as usize)
                        .map(|c| {
                            let i = r * f.cols as usize + c;
                            if f.clue[i] {
                                char::from(b'0' + f.number(i))
                            } else if solution && f.mine[i] {
                                '*'
                            } else {
                                '.'
                            }
                        })
                        .collect();
                    let _ = writeln!(out, "{row}");
                }
                let _ = writeln!(
                    out,
                    "mines {} clues {} gap {} unknown {} seed {seed}\n",
                    f.mines(),
                    f.clues(),
                    g.gap,
                    f.unknowns()
                );
            }
            0
        }
        MinesCommand::Count { file, limit, timeout } => {
            let text = match crate::files::read_text_capped(&file) {
                Ok(t) => t,
                Err(e) => {
                    let _ = writeln!(err, "error: {e}");
                    return 2;
                }
            };
            let puzzle = match Puzzle::parse(&text) {
                Ok(p) => p,
                Err(e) => {
                    let _ = writeln!(err, "error: {}: {e}", file.display());
                    return 2;
                }
            };
            let deadline = crate::budget::Deadline::new(Some(timeout));
            let bar = crate::budget::spinner();
            let mut components = 0u64;
            let count = count_solutions_watched(&puzzle, limit, &mut || {
                components += 1;
                if components.is_multiple_of(64) {
                    bar.set_message(format!("{}: {components} components searched", file.display()));
                }
                !deadline.expired()
            });
            bar.finish_and_clear();
            let _ = match count {
                Count::Exact(n) => writeln!(out, "{n}"),
                Count::Limit => writeln!(out, "at least {limit}"),
                Count::NodeCap => writeln!(out, "unknown: the search ran out of nodes"),
                Count::Stopped => writeln!(out, "unknown: out of time (--timeout {timeout})"),
            };
            0
        }
    }
}
