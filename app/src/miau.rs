//! `retrace miau …`: check packs, play levels.

use clap::Subcommand;
use retrace_kernel::miau::pack::{load, Pack};
use retrace_kernel::miau::{Action, Event, Miau};
use retrace_kernel::{Game, Session};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Miau Is True subcommands.
#[derive(Subcommand, Debug)]
pub enum MiauCommand {
    /// Validate a pack: every problem with its path; warnings too. Exit 1 on errors.
    Check {
        /// The pack file (TOML).
        pack: PathBuf,
    },
    /// Solve levels: `<level-id> SOLVED <n> <moves>`, `UNSOLVED <states>` (a
    /// proof) or `LIMIT <states>` (the budget ran out). Exit 0 when every level solved.
    Solve {
        /// The pack file (TOML).
        pack: PathBuf,
        /// Only this level.
        #[arg(long)]
        level: Option<String>,
        /// The most states to visit per level (default: the level's solver_budget, else 1,000,000).
        #[arg(long)]
        max: Option<u64>,
        /// Hash the frontier on the GPU (the same answers, bit for bit).
        #[arg(long)]
        gpu: bool,
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
    },
}

fn read_pack(path: &Path, err: &mut dyn Write) -> Option<(Option<Pack>, retrace_kernel::miau::pack::Report)> {
    match std::fs::read_to_string(path) {
        Ok(text) => Some(load(&text)),
        Err(e) => {
            let _ = writeln!(err, "error: {}: cannot read it: {e}", path.display());
            None
        }
    }
}

/// Runs a Miau subcommand; returns the exit code.
pub fn run(cmd: MiauCommand, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match cmd {
        MiauCommand::Check { pack } => {
            let Some((loaded, report)) = read_pack(&pack, err) else { return 2 };
            for e in &report.errors {
                let _ = writeln!(out, "error {}: {e}", pack.display());
            }
            for w in &report.warnings {
                let _ = writeln!(out, "warning {}: {w}", pack.display());
            }
            match loaded {
                Some(p) => {
                    let _ = writeln!(out, "ok {}: {} ({} levels, {} warnings)", pack.display(), p.name, p.levels.len(), report.warnings.len());
                    0
                }
                None => 1,
            }
        }
        MiauCommand::Solve { pack, level, max, gpu } => {
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
                match retrace_gpu::Gpu::new().and_then(retrace_gpu::frontier_hash::GpuHasher::new) {
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
            for l in levels {
                let budget = max.or(l.solver_budget).unwrap_or(1_000_000);
                let hasher: &mut dyn retrace_kernel::hashing::FrontierHasher = match gpu_hasher.as_mut() {
                    Some(g) => g,
                    None => &mut cpu,
                };
                match retrace_kernel::miau::solver::solve(&l.setup, budget, hasher) {
                    Ok(v) => {
                        all &= matches!(v, retrace_kernel::miau::solver::Verdict::Solved { .. });
                        let _ = writeln!(out, "{} {}", l.id, v.line());
                    }
                    Err(e) => {
                        let _ = writeln!(err, "error: {}: level {}: {}", pack.display(), l.id, e.0);
                        return 2;
                    }
                }
            }
            i32::from(!all)
        }
        MiauCommand::Play { pack, level, moves } => {
            let Some((loaded, report)) = read_pack(&pack, err) else { return 2 };
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
                actions.push(match c.to_ascii_uppercase() {
                    'U' => Action::Up,
                    'D' => Action::Down,
                    'L' => Action::Left,
                    'R' => Action::Right,
                    'W' => Action::Wait,
                    _ => {
                        let _ = writeln!(err, "error: --moves: character {} is '{c}'; use U D L R W", i + 1);
                        return 2;
                    }
                });
            }
            let mut s = Session::<Miau>::new(lv.setup.clone(), 0).expect("a checked level starts");
            let _ = writeln!(out, "{} — {}: rules {}", lv.id, lv.title, s.state().rules.texts().join("; "));
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
            }
            let b = &s.state().board;
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
                let _ = writeln!(out, "{}", row.join(" "));
            }
            let _ = writeln!(out, "outcome: {}", Miau::outcome(s.state()));
            0
        }
    }
}
