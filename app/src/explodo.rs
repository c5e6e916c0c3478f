//! `retrace explodo …`: print a level, play a list of actions.

use clap::Subcommand;
use retrace_kernel::explodo::board::{Dir, Pos, Tile};
use retrace_kernel::explodo::{Action, Explodo, Setup, State, LEVELS};
use retrace_kernel::rng::seed_from_text;
use retrace_kernel::{Game, Session};
use std::io::Write;
use std::path::PathBuf;

/// Explodorama subcommands.
#[derive(Subcommand, Debug)]
pub enum ExplodoCommand {
    /// Print a generated level: one character a tile with a legend, then
    /// `enemies <n> par <p> size <w>x<h> types <list>`.
    Level {
        /// The run's seed: digits, or any text (made into a seed).
        #[arg(long)]
        seed: String,
        /// The level, 1 to 20.
        #[arg(long, default_value_t = 1)]
        level: u32,
    },
    /// Play actions from a file and print the events and the final state.
    /// Tokens, separated by spaces or lines: `u d l r` (move), `bu bd bl br`
    /// (bomb up/down/left/right), `w` (wait); `#` starts a comment.
    Play {
        /// The run's seed.
        #[arg(long)]
        seed: String,
        /// The actions file.
        #[arg(long)]
        moves: PathBuf,
    },
}

/// The legend printed under a board.
pub const LEGEND: &str = "legend: # wall  O pillar  + crate  . floor  @ you  E exit (uncovered)  G gem (uncovered)  * bomb  ~ flame  $ coins  b/s/d/S/g/w/h enemies (Blob, Seeker, Drifter, Sprinter, Ghost, Wisp, Hunter)";

/// The board as text.
pub fn render(s: &State) -> String {
    let mut out = String::new();
    for y in 0..s.layout.h {
        for x in 0..s.layout.w {
            let p = Pos { x, y };
            let c = if p == s.player {
                '@'
            } else if let Some(e) = s.enemies.iter().find(|e| e.pos == p) {
                ['b', 's', 'd', 'S', 'g', 'w', 'h'][e.kind as usize]
            } else if s.bombs.iter().any(|b| b.pos == p) {
                '*'
            } else if s.flames.iter().any(|&(f, _)| f == p) {
                '~'
            } else if s.drops.iter().any(|d| d.pos == p) {
                '$'
            } else {
                match s.layout.tile(p) {
                    Tile::Wall => '#',
                    Tile::Pillar => 'O',
                    Tile::Crate => '+',
                    Tile::Floor if s.exit_revealed && p == s.layout.exit => 'E',
                    Tile::Floor if s.gem_revealed && p == s.layout.gem => 'G',
                    Tile::Floor => '.',
                }
            };
            out.push(c);
        }
        out.push('\n');
    }
    out
}

/// Parses an actions file; errors name the line and the token.
pub fn parse_moves(text: &str) -> Result<Vec<Action>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        for tok in line.split_whitespace() {
            let a = match tok.to_ascii_lowercase().as_str() {
                "u" => Action::Move(Dir::Up),
                "d" => Action::Move(Dir::Down),
                "l" => Action::Move(Dir::Left),
                "r" => Action::Move(Dir::Right),
                "bu" => Action::Bomb(Dir::Up),
                "bd" => Action::Bomb(Dir::Down),
                "bl" => Action::Bomb(Dir::Left),
                "br" => Action::Bomb(Dir::Right),
                "w" => Action::Wait,
                other => return Err(format!("line {}: '{other}' is not an action (u d l r, bu bd bl br, w)", n + 1)),
            };
            out.push(a);
        }
    }
    Ok(out)
}

/// Runs an Explodorama subcommand; returns the exit code.
pub fn run(cmd: ExplodoCommand, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let fail = |err: &mut dyn Write, m: String| {
        let _ = writeln!(err, "error: {m}");
        2
    };
    match cmd {
        ExplodoCommand::Level { seed, level } => {
            let Some(seed) = seed_from_text(&seed) else { return fail(err, "--seed is empty".into()) };
            if !(1..=LEVELS).contains(&level) {
                return fail(err, format!("--level is 1 to {LEVELS}, not {level}"));
            }
            let s = retrace_kernel::explodo::level_state(seed, level);
            let mut types: Vec<&str> = s.enemies.iter().map(|e| e.kind.name()).collect();
            types.sort();
            types.dedup();
            let _ = write!(out, "{}", render(&s));
            let _ = writeln!(out, "{LEGEND}");
            let _ = writeln!(out, "enemies {} par {} size {}x{} types {}", s.enemies.len(), s.par, s.layout.w, s.layout.h, types.join(","));
            0
        }
        ExplodoCommand::Play { seed, moves } => {
            let Some(seed) = seed_from_text(&seed) else { return fail(err, "--seed is empty".into()) };
            let text = match std::fs::read_to_string(&moves) {
                Ok(t) => t,
                Err(e) => return fail(err, format!("{}: cannot read it: {e}", moves.display())),
            };
            let actions = match parse_moves(&text) {
                Ok(a) => a,
                Err(e) => return fail(err, format!("{}: {e}", moves.display())),
            };
            let mut s = Session::<Explodo>::new(Setup::default(), seed).expect("the default setup starts");
            for (i, a) in actions.iter().enumerate() {
                match s.push(*a) {
                    Ok(events) => {
                        for e in events {
                            let _ = writeln!(out, "{} {:?}", i + 1, e);
                        }
                    }
                    Err(r) => {
                        let _ = writeln!(out, "{} rejected {:?}: {}", i + 1, a, r.0);
                    }
                }
            }
            let st = s.state();
            let _ = write!(out, "{}", render(st));
            let _ = writeln!(out, "level {} turn {} lives {} coins {} kills {} outcome {}", st.level, st.turn, st.lives, st.coins, st.kills, Explodo::outcome(st));
            0
        }
    }
}
