//! `retrace explodo …`: print a level, play a list of actions, run the
//! balance lab (`lab.rs`, its statistics in `stats.rs`).

pub mod lab;
pub mod stats;
pub mod text;

pub use text::{dialog_line, parse_charge, parse_moves, parse_token, render, token, LEGEND, TOKENS};

use clap::Subcommand;
use retrace_kernel::explodo::items::Charge;
use retrace_kernel::explodo::{Explodo, Setup, LEVELS};
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
    /// Tokens, separated by spaces or lines (`#` starts a comment):
    /// `u d l r` move, `bu bd bl br` bomb, `w` wait, `ru…` run, `su…` slide,
    /// `ul ur dl dr` diagonal step, `ku…` kick, `tu…` throw, `fu…` RPG,
    /// `x3,4` detonate the bomb on x 3 y 4, `vu…` a charge aimed that way,
    /// `v` a charge on yourself (Freeze), `v3,4` a charge aimed at a tile;
    /// dialogs: `c0`…`c4` choose a gem card, `buy0`…`buy3`, `restock`,
    /// `leave` (the shop), `keep` / `take` / `freeze` (a charge swap).
    Play {
        /// The run's seed.
        #[arg(long)]
        seed: String,
        /// The actions file.
        #[arg(long)]
        moves: PathBuf,
        /// Developer mode (a rainbow gem beside you on every level).
        #[arg(long)]
        developer: bool,
        /// Immortal mode (nothing kills you).
        #[arg(long)]
        immortal: bool,
        /// The test options (start level, charge, shop).
        #[command(flatten)]
        test: TestOptions,
    },
    /// A demo scene or clip: a small board for one topic (a power-up, a
    /// charge, an enemy) and the actions that bring its moment 3 to 6 turns
    /// in, found with the real rules. Without a topic, lists the topics.
    /// Prints each turn's board; `--out` writes it as a replay.
    Scene {
        /// The topic by name, any case (`kick`, `fire+1`, `nuke`, `seeker`).
        topic: Option<String>,
        /// The seed (picks the variant: mirrored or not, which enemy).
        #[arg(long, default_value = "1")]
        seed: String,
        /// Write the scene as a replay file here.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// The balance lab: bots play many runs to measure what a power-up or a
    /// rule changes (paired seeds, 95% intervals).
    #[command(subcommand)]
    Lab(lab::Experiment),
}

/// The spec's test options (its URL parameters), for `explodo play` and for
/// the window (`retrace --level 19`): such a run is never saved over the run
/// in progress and earns no place on the score board.
#[derive(clap::Args, Debug, Clone, Default, PartialEq, Eq)]
pub struct TestOptions {
    /// Start at this level (level 19 has all seven enemy types).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub level: Option<u32>,
    /// Carry this charge from the start (pierce, power, nuke, acid, shield,
    /// freeze, decoy, icbm, flame-pass, teleport).
    #[arg(long, value_parser = parse_charge)]
    pub charge: Option<Charge>,
    /// Open the shop after this level straight away, with 9 coins.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=19), conflicts_with = "level")]
    pub shop_after: Option<u32>,
}

impl TestOptions {
    /// Whether any option is given.
    pub fn any(&self) -> bool {
        *self != TestOptions::default()
    }

    /// A setup with these options on.
    pub fn setup(&self, developer: bool, immortal: bool) -> Setup {
        Setup {
            developer,
            immortal,
            start_level: self.level.unwrap_or(0),
            charge: self.charge,
            shop_after: self.shop_after.unwrap_or(0),
            ..Setup::default()
        }
    }
}

/// `explodo scene`: the topics, or one scene turn by turn (and as a replay).
fn scene(topic: Option<&str>, seed: &str, file: Option<PathBuf>, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let fail = |err: &mut dyn Write, m: String| {
        let _ = writeln!(err, "error: {m}");
        2
    };
    use retrace_kernel::explodo::scene;
    let key = |t: &str| t.chars().filter(|c| c.is_alphanumeric()).collect::<String>().to_lowercase();
    let Some(topic) = topic else {
        for t in scene::distinct() {
            let _ = writeln!(out, "{}", key(t.name()));
        }
        return 0;
    };
    let Some(t) = scene::distinct().into_iter().find(|t| key(t.name()) == key(topic)) else {
        let names: Vec<String> = scene::distinct().iter().map(|t| key(t.name())).collect();
        return fail(err, format!("no scene {:?}; the topics are {}", crate::files::escaped(topic), names.join(", ")));
    };
    let Some(seed) = seed_from_text(seed) else { return fail(err, "--seed is empty".into()) };
    let found = match scene::make(t, seed) {
        Ok(s) => s,
        Err(e) => return fail(err, e),
    };
    let mut s = match Session::<Explodo>::new(found.setup(), found.seed) {
        Ok(s) => s,
        Err(r) => return fail(err, r.0.to_string()),
    };
    let _ = writeln!(out, "{} scene, variant seed {}: moment on turn {}", t.name(), found.seed, found.moment);
    let _ = write!(out, "{}", render(s.state()));
    for (i, a) in found.actions.iter().enumerate() {
        if let Err(r) = s.push(*a) {
            return fail(err, format!("turn {}: {}", i + 1, r.0));
        }
        let mark = if i as u32 + 1 == found.moment { "  <- the moment" } else { "" };
        let _ = writeln!(out, "turn {} {}{mark}", i + 1, token(a));
        let _ = write!(out, "{}", render(s.state()));
    }
    if let Some(path) = file {
        let bytes = s.to_replay(crate::APP_VERSION).to_bytes();
        if let Err(e) = crate::files::write_atomic(&path, &bytes) {
            return fail(err, format!("{}: {e}", path.display()));
        }
        let _ = writeln!(out, "wrote {}", path.display());
    }
    0
}

/// Runs an Explodorama subcommand; returns the exit code.
pub fn run(cmd: ExplodoCommand, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let fail = |err: &mut dyn Write, m: String| {
        let _ = writeln!(err, "error: {m}");
        2
    };
    match cmd {
        ExplodoCommand::Lab(exp) => lab::run(exp, out, err),
        ExplodoCommand::Scene { topic, seed, out: file } => scene(topic.as_deref(), &seed, file, out, err),
        ExplodoCommand::Level { seed, level } => {
            let Some(seed) = seed_from_text(&seed) else { return fail(err, "--seed is empty".into()) };
            if !(1..=LEVELS).contains(&level) {
                return fail(err, format!("--level is 1 to {LEVELS}, not {level}"));
            }
            let s = retrace_kernel::explodo::level_state(seed, level);
            let mut types: Vec<&str> = s.enemies.list.iter().map(|e| e.kind.name()).collect();
            types.sort();
            types.dedup();
            let _ = write!(out, "{}", render(&s));
            let _ = writeln!(out, "{LEGEND}");
            let _ = writeln!(
                out,
                "enemies {} par {} size {}x{} types {}",
                s.enemies.list.len(),
                s.run.par,
                s.board.layout.w,
                s.board.layout.h,
                types.join(",")
            );
            0
        }
        ExplodoCommand::Play { seed, moves, developer, immortal, test } => {
            let Some(seed) = seed_from_text(&seed) else { return fail(err, "--seed is empty".into()) };
            let text = match crate::files::read_text_capped(&moves) {
                Ok(t) => t,
                Err(e) => return fail(err, e),
            };
            let actions = match parse_moves(&text) {
                Ok(a) => a,
                Err(e) => return fail(err, format!("{}: {e}", moves.display())),
            };
            let mut s = match Session::<Explodo>::new(test.setup(developer, immortal), seed) {
                Ok(s) => s,
                Err(r) => return fail(err, r.0.to_string()),
            };
            for (i, a) in actions.iter().enumerate() {
                match s.push(*a) {
                    Ok(events) => {
                        for e in events {
                            let _ = writeln!(out, "{} {:?}", i + 1, e);
                        }
                        if let Some(line) = dialog_line(s.state()) {
                            let _ = writeln!(out, "{} dialog: {line}", i + 1);
                        }
                    }
                    Err(r) => {
                        let _ = writeln!(out, "{} rejected {:?}: {}", i + 1, a, r.0);
                    }
                }
            }
            let st = s.state();
            let _ = write!(out, "{}", render(st));
            let _ = writeln!(
                out,
                "level {} turn {} lives {} coins {} kills {} outcome {}",
                st.run.level,
                st.run.turn,
                st.player.lives,
                st.player.coins,
                st.run.kills,
                Explodo::outcome(st)
            );
            0
        }
    }
}
