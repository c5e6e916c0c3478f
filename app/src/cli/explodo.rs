//! `retrace explodo …`: print a level, play a list of actions, run the
//! balance lab (`lab.rs`, its statistics in `stats.rs`).

pub mod lab;
pub mod stats;

use clap::Subcommand;
use retrace_kernel::explodo::board::{Diag, Dir, Pos, Tile, BUSH, OIL, SPIKES};
use retrace_kernel::explodo::items::{Charge, CHARGES};
use retrace_kernel::explodo::{Action, Aim, Dialog, Explodo, Setup, State, LEVELS};
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

/// A charge by its name, any case, words joined by `-` ("flame-pass").
pub fn parse_charge(text: &str) -> Result<Charge, String> {
    let key = |name: &str| name.to_lowercase().replace(' ', "-");
    CHARGES.iter().copied().find(|c| key(c.name()) == key(text)).ok_or_else(|| {
        let names: Vec<String> = CHARGES.iter().map(|c| key(c.name())).collect();
        format!("no charge {text:?}; the charges are {}", names.join(", "))
    })
}

/// The legend printed under a board.
pub const LEGEND: &str = "legend: # wall  O pillar  + crate  . floor  @ you  E exit (uncovered)  G gem (uncovered)  R rainbow gem  * bomb  ~ flame  $ coins  c charge  b/s/d/S/g/w/h enemies (Blob, Seeker, Drifter, Sprinter, Ghost, Wisp, Hunter)  objects: \" bush  M metal crate  o oil  ^ spikes  B oil barrel  Q cracked pillar  % rubble";

/// The board as text.
pub fn render(s: &State) -> String {
    let mut out = String::new();
    for y in 0..s.board.layout.h {
        for x in 0..s.board.layout.w {
            let p = Pos { x, y };
            let c = if p == s.player.at {
                '@'
            } else if let Some(e) = s.enemies.list.iter().find(|e| e.pos == p) {
                ['b', 's', 'd', 'S', 'g', 'w', 'h'][e.kind as usize]
            } else if s.bombs.list.iter().any(|b| b.pos == p) {
                '*'
            } else if s.bombs.flames.iter().any(|&(f, _)| f == p) {
                '~'
            } else if let Some(d) = s.board.drops.iter().find(|d| d.pos == p) {
                if d.charge.is_some() {
                    'c'
                } else {
                    '$'
                }
            } else if s.board.rainbow == Some(p) {
                'R'
            } else {
                match s.board.layout.tile(p) {
                    Tile::Wall => '#',
                    Tile::Pillar => 'O',
                    Tile::Crate => '+',
                    Tile::Metal => 'M',
                    Tile::Barrel => 'B',
                    Tile::Cracked => 'Q',
                    Tile::Rubble => '%',
                    Tile::Floor if s.board.exit_revealed && p == s.board.layout.exit => 'E',
                    Tile::Floor if s.board.gem_revealed && !s.board.gem_taken && p == s.board.layout.gem => 'G',
                    Tile::Floor if s.board.layout.has(p, BUSH) => '"',
                    Tile::Floor if s.board.layout.has(p, OIL) => 'o',
                    Tile::Floor if s.board.layout.has(p, SPIKES) => '^',
                    Tile::Floor => '.',
                }
            };
            out.push(c);
        }
        out.push('\n');
    }
    out
}

/// The tokens `parse_moves` accepts, for error messages.
pub const TOKENS: &str = "u d l r, bu bd bl br, w, ru…, su…, ul ur dl dr, ku…, tu…, fu…, x3,4, vu…, v, v3,4, c0…c4, buy0…buy3, restock, leave, keep, take, freeze";

/// Parses one token; `None` when it is not an action.
pub fn parse_token(tok: &str) -> Option<Action> {
    let dir = |c: &str| match c {
        "u" => Some(Dir::Up),
        "d" => Some(Dir::Down),
        "l" => Some(Dir::Left),
        "r" => Some(Dir::Right),
        _ => None,
    };
    let tile = |t: &str| {
        let (x, y) = t.split_once(',')?;
        Some(Pos { x: x.trim().parse().ok()?, y: y.trim().parse().ok()? })
    };
    let index = |t: &str| t.parse::<u8>().ok();
    // Every token is ASCII; the slicing below counts bytes.
    if !tok.is_ascii() {
        return None;
    }
    let t = tok.to_ascii_lowercase();
    Some(match t.as_str() {
        "w" => Action::Wait,
        "ul" => Action::Diagonal(Diag::UpLeft),
        "ur" => Action::Diagonal(Diag::UpRight),
        "dl" => Action::Diagonal(Diag::DownLeft),
        "dr" => Action::Diagonal(Diag::DownRight),
        "v" => Action::UseCharge(Aim::Me),
        "restock" => Action::Restock,
        "leave" => Action::LeaveShop,
        "keep" => Action::KeepCharge,
        "take" => Action::TakeCharge,
        "freeze" => Action::FreezeFirst,
        _ if t.len() == 1 => Action::Move(dir(&t)?),
        _ if t.starts_with("buy") => Action::Buy(index(&t[3..])?),
        _ if t.starts_with('c') => Action::Choose(index(&t[1..])?),
        _ if t.starts_with('x') => Action::Detonate(tile(&t[1..])?),
        _ if t.starts_with('v') && t.contains(',') => Action::UseCharge(Aim::At(tile(&t[1..])?)),
        _ if t.len() == 2 => {
            let d = dir(&t[1..])?;
            match &t[..1] {
                "b" => Action::Bomb(d),
                "r" => Action::Run(d),
                "s" => Action::Slide(d),
                "k" => Action::Kick(d),
                "t" => Action::Throw(d),
                "f" => Action::Rpg(d),
                "v" => Action::UseCharge(Aim::Dir(d)),
                _ => return None,
            }
        }
        _ => return None,
    })
}

/// The token of an action (what `parse_token` reads back).
pub fn token(a: &Action) -> String {
    let d = |d: Dir| match d {
        Dir::Up => "u",
        Dir::Down => "d",
        Dir::Left => "l",
        Dir::Right => "r",
    };
    match *a {
        Action::Move(x) => d(x).into(),
        Action::Bomb(x) => format!("b{}", d(x)),
        Action::Wait => "w".into(),
        Action::Run(x) => format!("r{}", d(x)),
        Action::Slide(x) => format!("s{}", d(x)),
        Action::Diagonal(g) => match g {
            Diag::UpLeft => "ul",
            Diag::UpRight => "ur",
            Diag::DownLeft => "dl",
            Diag::DownRight => "dr",
        }
        .into(),
        Action::Kick(x) => format!("k{}", d(x)),
        Action::Throw(x) => format!("t{}", d(x)),
        Action::Rpg(x) => format!("f{}", d(x)),
        Action::Detonate(p) => format!("x{},{}", p.x, p.y),
        Action::UseCharge(Aim::Me) => "v".into(),
        Action::UseCharge(Aim::Dir(x)) => format!("v{}", d(x)),
        Action::UseCharge(Aim::At(p)) => format!("v{},{}", p.x, p.y),
        Action::Choose(i) => format!("c{i}"),
        Action::Buy(i) => format!("buy{i}"),
        Action::Restock => "restock".into(),
        Action::LeaveShop => "leave".into(),
        Action::KeepCharge => "keep".into(),
        Action::TakeCharge => "take".into(),
        Action::FreezeFirst => "freeze".into(),
    }
}

/// Parses an actions file; errors name the line and the token.
pub fn parse_moves(text: &str) -> Result<Vec<Action>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        for tok in line.split_whitespace() {
            match parse_token(tok) {
                Some(a) => out.push(a),
                None => {
                    let tok = crate::files::escaped_short(tok, 40);
                    return Err(format!("line {}: '{tok}' is not an action ({TOKENS})", n + 1));
                }
            }
        }
    }
    Ok(out)
}

/// The open dialog as a line of text, with the tokens that answer it.
pub fn dialog_line(s: &State) -> Option<String> {
    let d = s.run.dialogs.last()?;
    Some(match d {
        Dialog::Gem { cards, rainbow } => {
            let list: Vec<String> = cards.iter().enumerate().map(|(i, o)| format!("c{i} {}", s.card(*o))).collect();
            format!("{} offers: {}", if *rainbow { "the rainbow gem" } else { "the gem" }, list.join(" | "))
        }
        Dialog::Shop { items, restocks } => {
            let list: Vec<String> = items
                .iter()
                .enumerate()
                .filter_map(|(i, o)| o.map(|o| format!("buy{i} {} ({} coins)", s.card(o), o.price())))
                .collect();
            format!("shop ({} coins): {} | restock ({} coins) | leave", s.player.coins, list.join(" | "), restocks + 1)
        }
        Dialog::Swap { new, uses } => {
            let (old, left) = s.player.charge.expect("a swap has a charge carried");
            format!(
                "carrying {} ×{left}, found {} ×{uses}: keep (+{} coins) | take (+{} coins)",
                old.name(),
                new.name(),
                new.sell_value(*uses),
                old.sell_value(left)
            )
        }
    })
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
