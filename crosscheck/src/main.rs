//! The kernel alone, digest for digest (issue 64): every committed replay
//! verified (its final digest), every current goldens file recomputed and
//! compared with the committed one, and a few long runs (an Explodorama bot
//! run of 20 levels, a Miau proof search, MineLayer fields of every tier),
//! one line each on stdout. Built for x86-64, big-endian s390x (under qemu)
//! and wasm32-wasip1 (under node's WASI) by `.ci/run`, which fails when any
//! line differs from the native run's.
//!
//! No GUI, no GPU, no threads: what it proves is that the rules give the
//! same answers on every machine. `crosscheck [ROOT]`: the repository's root
//! (holding `replays/`, `goldens/` and `app/packs/`), `.` by default. Exits
//! 1 when a replay fails or a goldens file differs, 2 when a file cannot be
//! read.

use retrace_kernel::explodo::bot::{play, Skill};
use retrace_kernel::explodo::Explodo;
use retrace_kernel::hashing::CpuHasher;
use retrace_kernel::miau::solver::{solve, Verdict};
use retrace_kernel::mines::{MineLayer, Tier};
use retrace_kernel::verify::{golden_line, golden_text, verify};
use retrace_kernel::{registry, Game, ReplayFile};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The most bytes read from one file: the largest committed replay is a
/// few hundred KB, a pack a few tens.
const MAX_FILE: u64 = 16 << 20;

/// The Explodorama run the bot plays: seed, levels.
const BOT_RUN: (u64, u32) = (7, 20);
/// The Miau level searched to its proof, and the search's state budget.
const MIAU_PROOF: (&str, &str, u64) = ("workshop.toml", "short-one-crate", 2_000_000);
/// MineLayer seeds generated for each tier.
const MINES_SEEDS: std::ops::RangeInclusive<u64> = 1..=3;

fn main() {
    let root = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".into()));
    let mut out = Vec::new();
    let code = match run(&root, &mut out) {
        Ok(problems) => {
            for p in &problems {
                out.push(format!("PROBLEM {p}"));
            }
            i32::from(!problems.is_empty())
        }
        Err(e) => {
            out.push(format!("ERROR {e}"));
            2
        }
    };
    // One write: the runner's output is compared whole.
    print!("{}", out.iter().map(|l| format!("{l}\n")).collect::<String>());
    std::process::exit(code);
}

/// Everything, in a fixed order; the problems found (an error: a file
/// that cannot be read).
fn run(root: &Path, out: &mut Vec<String>) -> Result<Vec<String>, String> {
    let mut problems = Vec::new();
    replays(root, out, &mut problems)?;
    explodo_bot(out);
    miau_proof(root, out)?;
    mines_fields(out);
    Ok(problems)
}

/// A file's bytes, at most [`MAX_FILE`] of them.
fn read(path: &Path) -> Result<Vec<u8>, String> {
    let f = std::fs::File::open(path).map_err(|e| format!("{}: cannot open it: {e}", path.display()))?;
    let mut bytes = Vec::new();
    f.take(MAX_FILE + 1).read_to_end(&mut bytes).map_err(|e| format!("{}: cannot read it: {e}", path.display()))?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(format!("{}: larger than {MAX_FILE} bytes", path.display()));
    }
    Ok(bytes)
}

/// The `.replay` files under `dir`, its folders too (the caller sorts them).
fn replay_files(dir: &Path, files: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: cannot list it: {e}", dir.display()))?;
    for e in entries {
        let path = e.map_err(|e| format!("{}: cannot list it: {e}", dir.display()))?.path();
        if path.is_dir() {
            replay_files(&path, files)?;
        } else if path.extension().is_some_and(|x| x == "replay") {
            files.push(path);
        }
    }
    Ok(())
}

/// Every committed replay verified; the archived ones refused for their
/// rules version; each game's current goldens recomputed and compared.
fn replays(root: &Path, out: &mut Vec<String>, problems: &mut Vec<String>) -> Result<(), String> {
    let dir = root.join("replays");
    let mut files = Vec::new();
    replay_files(&dir, &mut files)?;
    files.sort();
    if files.is_empty() {
        return Err(format!("{}: no replays (give the repository's root)", dir.display()));
    }
    let mut goldens: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for path in files {
        let name = path.strip_prefix(&dir).unwrap_or(&path).to_string_lossy().replace('\\', "/");
        let archived = name.starts_with("archive/");
        let checked = ReplayFile::from_bytes(&read(&path)?).and_then(|f| verify(&f));
        match (checked, archived) {
            (Ok(v), false) => {
                out.push(format!("replay {name} {} v{} {} steps {}", v.game, v.rules_version, v.steps, v.final_digest));
                // The goldens list the replays directly in `replays/`.
                if !name.contains('/') {
                    goldens.entry(v.game.clone()).or_default().push(golden_line(&name, &v));
                }
            }
            (Err(retrace_kernel::ReplayError::RulesVersion { .. }), true) => {
                out.push(format!("archived {name} refused for its rules version"));
            }
            (Ok(_), true) => problems.push(format!("{name}: archived, yet it verifies")),
            (Err(e), _) => problems.push(format!("{name}: {e}")),
        }
    }
    for game in registry::games() {
        let lines = goldens.remove(game.id()).unwrap_or_default();
        if lines.is_empty() {
            continue;
        }
        let text = golden_text(game.id(), game.rules_version(), &lines);
        let path = root.join("goldens").join(game.id()).join(format!("v{}.txt", game.rules_version()));
        let same = read(&path)? == text.as_bytes();
        out.push(format!(
            "goldens {}/v{} {} lines {}",
            game.id(),
            game.rules_version(),
            lines.len(),
            if same { "same as committed" } else { "DIFFER" }
        ));
        if !same {
            problems.push(format!("{}: differs from the recomputed goldens", path.display()));
        }
    }
    Ok(())
}

/// The careful bot's run of 20 levels: what it did and the final state's digest.
fn explodo_bot(out: &mut Vec<String>) {
    let (seed, levels) = BOT_RUN;
    let setup = retrace_kernel::explodo::Setup::default();
    let p = play(seed, &setup, Skill::Careful, levels);
    let digest = Explodo::start(&setup, seed)
        .and_then(|mut s| {
            for a in &p.actions {
                Explodo::apply(&mut s, a)?;
            }
            Ok(Explodo::digest(&s))
        })
        .map_or_else(|e| format!("refused: {}", e.0), |d| d.to_string());
    out.push(format!(
        "explodo bot careful seed {seed}: {} actions, {} levels cleared, won {}, {} turns, state {digest}",
        p.actions.len(),
        p.cleared,
        p.won,
        p.turns
    ));
}

/// A shipped Miau level searched breadth-first on one thread to its answer.
fn miau_proof(root: &Path, out: &mut Vec<String>) -> Result<(), String> {
    let (file, id, budget) = MIAU_PROOF;
    let path = root.join("app").join("packs").join(file);
    let text = String::from_utf8(read(&path)?).map_err(|_| format!("{}: not UTF-8", path.display()))?;
    let (pack, report) = retrace_kernel::miau::pack::load(&text);
    let pack = pack.ok_or_else(|| format!("{}: does not load: {report:?}", path.display()))?;
    let level = pack.levels.iter().find(|l| l.id == id).ok_or_else(|| format!("{}: no level {id}", path.display()))?;
    let line = match solve(&level.setup, budget, &mut CpuHasher) {
        Ok(Verdict::Solved { moves, states }) => {
            let letters: String = moves.iter().map(|m| m.letter()).collect();
            format!("SOLVED {} moves {letters}, {states} states", moves.len())
        }
        Ok(Verdict::Unsolved { states }) => format!("UNSOLVED, {states} states"),
        Ok(Verdict::Limit { states, ran_out }) => format!("LIMIT ({}), {states} states", ran_out.name()),
        Err(e) => format!("refused: {}", e.0),
    };
    out.push(format!("miau {file} {id} within {budget} states: {line}"));
    Ok(())
}

/// MineLayer's fields of every tier for a few seeds, by their state's digest.
fn mines_fields(out: &mut Vec<String>) {
    for tier in [Tier::Beginner, Tier::Intermediate, Tier::Expert] {
        for seed in MINES_SEEDS {
            let d = MineLayer::start(&retrace_kernel::mines::Setup { tier }, seed)
                .map_or_else(|e| format!("refused: {}", e.0), |s| MineLayer::digest(&s).to_string());
            out.push(format!("mines {tier:?} seed {seed}: {d}"));
        }
    }
    // The field of the day: the same for everyone on a date (issue 65 item 5).
    for date in ["2026-12-04", "2026-12-05", "2027-02-28"] {
        let d = retrace_kernel::mines::daily::seed(date).and_then(|seed| {
            let s = MineLayer::start(&retrace_kernel::mines::Setup { tier: retrace_kernel::mines::daily::TIER }, seed)
                .map_err(|e| e.0.to_string())?;
            Ok(format!("seed {seed} field {}", MineLayer::digest(&s)))
        });
        out.push(format!("mines daily {date}: {}", d.unwrap_or_else(|e| format!("refused: {e}"))));
    }
}
