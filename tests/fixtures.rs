//! Builders for the committed replays. Each is a pure function of its actions,
//! so the committed bytes can be compared with a fresh build (pinning the
//! encoding) and re-created with `RETRACE_BLESS=1 cargo test` when missing.

use retrace_kernel::explodo;
use retrace_kernel::life;
use retrace_kernel::mines::{self, MineLayer, Tier};
use retrace_kernel::tally::{Action, Setup, Tally};
use retrace_kernel::{ReplayFile, Session};
use std::path::PathBuf;

/// The app version written into fixtures: fixed, so a version bump of the app
/// does not change the committed bytes.
pub const FIXTURE_APP: &str = "retrace fixture";

/// Runs `retrace ARGS` in-process, as the binary would: (exit code, stdout, stderr).
pub fn retrace(args: &[&str]) -> (i32, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = retrace::cli::run(std::iter::once("retrace").chain(args.iter().copied()), &mut out, &mut err);
    (code, String::from_utf8(out).expect("UTF-8 output"), String::from_utf8(err).expect("UTF-8 errors"))
}

/// The project root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Plays `actions` on a fresh Tally session; each must be accepted.
pub fn tally(target: u32, seed: u64, actions: &[Action]) -> Session<Tally> {
    let mut s = Session::<Tally>::new(Setup { target }, seed).expect("fixture setup is valid");
    for a in actions {
        s.push(a.clone()).expect("fixture action is legal");
    }
    s
}

/// A won game with a die roll in it: roll, double, then add up to 21.
pub fn tally_won() -> Session<Tally> {
    use Action::*;
    let mut s = tally(21, 7, &[Roll, Double]).with_title("Tally: exactly twenty-one");
    while s.state().total < 21 {
        let n = (21 - s.state().total).min(9) as u8;
        s.push(Add(n)).expect("legal");
    }
    s
}

/// A MineLayer round on `tier` with `seed`.
pub fn mines_round(tier: Tier, seed: u64) -> Session<MineLayer> {
    Session::new(mines::Setup { tier }, seed).expect("fixture tier is valid")
}

/// Cells of a round's field that hold mines, and safe cells that are not clues.
pub fn mines_cells(s: &Session<MineLayer>) -> (Vec<u16>, Vec<u16>) {
    let f = &s.state().field;
    let mines = (0..f.len() as u16).filter(|&i| f.mine[i as usize]).collect();
    let safe = (0..f.len() as u16).filter(|&i| !f.mine[i as usize] && !f.clue[i as usize]).collect();
    (mines, safe)
}

/// An Intermediate win with flags, a question mark and a picked-up mine, 2.7 s a mine.
pub fn mines_won() -> Session<MineLayer> {
    use mines::Action::*;
    let mut s = mines_round(Tier::Intermediate, 2026).with_title("MineLayer: an Intermediate win");
    let (m, safe) = mines_cells(&s);
    for a in [
        Cycle { cell: safe[0] },
        Cycle { cell: safe[1] },
        Cycle { cell: safe[1] },
        Toggle { cell: m[0], ms: 4_000 },
        Toggle { cell: m[0], ms: 4_500 },
    ] {
        s.push(a).expect("legal");
    }
    for (k, &cell) in m.iter().enumerate() {
        s.push(Toggle { cell, ms: 5_000 + 2_700 * k as u32 }).expect("legal");
    }
    s
}

/// Pushes Life actions that must be accepted.
fn life_go(s: &mut Session<life::Life>, actions: &[life::Action]) {
    for a in actions {
        s.push(*a).unwrap_or_else(|e| panic!("fixture action {a:?}: {e}"));
    }
}

fn life_stamp(id: &str, x: u32, y: u32, rot: u8) -> life::Action {
    life::Action::Stamp { x, y, pattern: life::patterns::find(id).expect("pattern").0, rot }
}

/// A whole hot-seat game on the default 60×60 field: blind placement, a run to
/// a stable field, edits by both players, another run, and the end.
pub fn life_hotseat() -> Session<life::Life> {
    use life::{Action::*, Tool};
    let mut s = Session::new(life::Setup::default(), 0).expect("default setup").with_title("Life: a hot-seat game");
    life_go(
        &mut s,
        &[
            life_stamp("rpentomino", 10, 25, 0),
            life_stamp("beehive", 4, 4, 0),
            Paint { x: 20, y: 50, tool: Tool::Brush },
            Paint { x: 20, y: 50, tool: Tool::Eraser },
            Commit,
            HandoffNext,
            life_stamp("glider", 40, 5, 1),
            life_stamp("pulsar", 42, 30, 0),
            life_stamp("block", 55, 55, 0),
            Commit,
            HandoffNext,
        ],
    );
    run_life(&mut s);
    if s.state().phase == life::Phase::Paused && s.state().stable {
        life_go(
            &mut s,
            &[
                Edit { player: 2 },
                life_stamp("toad", 50, 10, 0),
                Commit,
                Edit { player: 1 },
                life_stamp("acorn", 5, 40, 0),
                Commit,
                Resume,
            ],
        );
        run_life(&mut s);
    }
    if !s.outcome().is_over() {
        if s.state().phase == life::Phase::Running {
            life_go(&mut s, &[Pause]);
        }
        life_go(&mut s, &[End]);
    }
    s
}

/// Advances in app-sized chunks (about 8 generations a second, 2 s at a time)
/// until the simulation stops by itself or 3,000 generations pass.
fn run_life(s: &mut Session<life::Life>) {
    while s.state().phase == life::Phase::Running && s.state().generation < 3_000 {
        life_go(s, &[life::Action::Advance { gens: 16 }]);
    }
}

/// A stable field where the trailing player has no budget: a stalemate.
pub fn life_stalemate() -> Session<life::Life> {
    use life::{Action::*, Tool};
    let mut s = Session::new(life::Setup::TwoPlayer { w: 20, h: 10, wrap: false, budget: 6 }, 0).expect("setup");
    life_go(
        &mut s,
        &[
            life_stamp("block", 2, 2, 0),
            Paint { x: 7, y: 7, tool: Tool::Pencil },
            Paint { x: 7, y: 9, tool: Tool::Pencil },
            Commit,
            HandoffNext,
            life_stamp("beehive", 13, 2, 0),
            Commit,
            HandoffNext,
            Advance { gens: 16 },
        ],
    );
    s
}

/// Campaign level 1 «Разминка» won with one blinker.
pub fn life_campaign_win() -> Session<life::Life> {
    use life::Action::*;
    let mut s =
        Session::new(life::Setup::Campaign { level: 0 }, 0).expect("level 1").with_title("Life: «Разминка» cleared");
    life_go(&mut s, &[life_stamp("blinker", 24, 26, 0), Commit]);
    run_life(&mut s);
    s
}

/// Explodorama: level 1 of seed 1 cleared with no life lost (found by the
/// careful bot in `explodo::search_the_bot_fixtures`, kept here as the
/// `retrace explodo play` tokens).
pub const EXPLODO_CLEAR_1: &str =
    "r r bd l w l w bd r r d bu d d w bd u l l d d r br l w u w d r r d w u r r r r d c1 d";

/// Explodorama: seed 7 played from level 1 to the first shop (after level 3),
/// where it buys the first item and leaves; found by the careful bot in
/// `explodo::search_the_bot_fixtures`.
pub const EXPLODO_TO_SHOP: &str = "\
    br d d w u u r r r r d d bu l w w w r d d bl u w u w u w d d d d d c0 r r br d d w br u w u w d bd u r \
    r d bd u l l d d bd r r w l l d d d bd u w u w d bd u w u w d d d d d d r r c0 u u u u d bd u r br l d \
    d br u u r r bd l l d w u r r r r br d bd w w u r r d d bd l l bd r r d bd u l l d d r r d c2 w u bd l \
    bl w w r d d bd u u w l l w d d buy0 leave";

/// Explodorama in Developer mode, seed 4: the rainbow gem beside the start,
/// Slide chosen from its cards, and a slide along the top row.
pub const EXPLODO_DEVELOPER: &str = "r c8 w sr";

/// Plays Explodorama tokens on seed `seed`; every action must be accepted.
pub fn explodo(seed: u64, tokens: &str) -> Session<explodo::Explodo> {
    explodo_with(explodo::Setup::default(), seed, tokens)
}

/// Plays Explodorama tokens with `setup`.
pub fn explodo_with(setup: explodo::Setup, seed: u64, tokens: &str) -> Session<explodo::Explodo> {
    let mut s = Session::new(setup, seed).expect("every setup starts");
    for a in retrace::cli::explodo::parse_moves(tokens).expect("fixture tokens parse") {
        s.push(a).unwrap_or_else(|e| panic!("fixture action {a:?}: {e}"));
    }
    s
}

/// Miau Is True: a small level won by making the rock the flag (`ROCK IS FLAG`
/// then `FLAG IS WIN`): the cat pushes IS into place and walks onto the new flag.
pub fn miau_won() -> Session<retrace_kernel::miau::Miau> {
    use retrace_kernel::miau::{Action::*, Miau, Setup};
    let legend = [("m", "miau"), ("r", "rock")].iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    let grid = "MIAU IS YOU . . / FLAG IS WIN . . / ROCK . FLAG . . / . IS . . . / m . . . r";
    let mut s = Session::<Miau>::new(
        Setup {
            grid: grid.into(),
            legend,
            terrain: vec![],
            pairs: vec![],
            automata: vec![],
            profile: Default::default(),
        },
        0,
    )
    .expect("the level loads")
    .with_title("Miau: pass it on");
    for a in [Right, Up, Right, Right, Right, Down] {
        s.push(a).unwrap_or_else(|e| panic!("fixture move {a:?}: {e}"));
    }
    s
}

/// Miau Is True: level `level` of the shipped pack `pack` (in `app/packs/`),
/// played with the moves `UDLRW`.
pub fn miau_pack_level(pack: &str, level: &str, moves: &str, title: &str) -> Session<retrace_kernel::miau::Miau> {
    use retrace_kernel::miau::{pack::load, Action, Miau};
    let text = std::fs::read_to_string(root().join("app/packs").join(pack)).expect("the shipped pack reads");
    let pack = load(&text).0.expect("the shipped pack loads");
    let lv = pack.levels.iter().find(|l| l.id == level).expect("the level exists");
    let mut s = Session::<Miau>::new(lv.setup.clone(), 0).expect("the level starts").with_title(title);
    for c in moves.chars() {
        let a = Action::from_letter(c).expect("a move letter");
        s.push(a).unwrap_or_else(|e| panic!("fixture move {c}: {e}"));
    }
    s
}

/// Miau Is True under the keke rules: level `level` of the Keke example set
/// (`app/keke/retrace_LEVELS.json`, imported), played with its stored solution.
pub fn miau_keke_level(level: &str, title: &str) -> Session<retrace_kernel::miau::Miau> {
    use retrace_kernel::miau::{import::import, pack::load, Action, Miau};
    let json = std::fs::read_to_string(root().join("app/keke/retrace_LEVELS.json")).expect("the example set reads");
    let text = &import(&json, "retrace_LEVELS").expect("the example set imports")[0].text;
    let pack = load(text).0.expect("the imported pack loads");
    let lv = pack.levels.iter().find(|l| l.id == level).expect("the level exists");
    let mut s = Session::<Miau>::new(lv.setup.clone(), 0).expect("the level starts").with_title(title);
    for c in lv.solution.as_deref().unwrap_or("").chars() {
        s.push(Action::from_letter(c).expect("a move letter")).unwrap_or_else(|e| panic!("fixture move {c}: {e}"));
    }
    s
}

/// Every committed fixture: file name and bytes.
pub fn all() -> Vec<(&'static str, ReplayFile)> {
    use Action::*;
    let won = tally_won();
    let lost = tally(10, 1, &[Add(9), Double]);
    let resigned = tally(50, 2, &[Add(3), Resign]);
    // A long in-progress log crossing several checkpoints.
    let long_actions: Vec<Action> = (0..150).map(|i| if i % 3 == 0 { Roll } else { Add((i % 9 + 1) as u8) }).collect();
    let long = tally(1_000_000, 99, &long_actions);
    let mines_won = mines_won();
    let mut mines_dead = mines_round(Tier::Beginner, 7);
    let (m, safe) = mines_cells(&mines_dead);
    for a in [
        mines::Action::Toggle { cell: m[0], ms: 1_200 },
        mines::Action::Toggle { cell: m[1], ms: 3_400 },
        mines::Action::Toggle { cell: safe[3], ms: 9_100 },
    ] {
        mines_dead.push(a).expect("legal");
    }
    let mut mines_gave_up = mines_round(Tier::Expert, 99);
    let (m, _) = mines_cells(&mines_gave_up);
    for a in [mines::Action::Toggle { cell: m[0], ms: 800 }, mines::Action::Reveal { ms: 60_000 }] {
        mines_gave_up.push(a).expect("legal");
    }
    let campaign = life_campaign_win();
    let cleared = explodo(1, EXPLODO_CLEAR_1).with_title("Explodorama: level 1 cleared");
    vec![
        ("explodo-level1-cleared.replay", cleared.to_replay(FIXTURE_APP)),
        ("explodo-death-retry.replay", explodo(1, "br w w w r r").to_replay(FIXTURE_APP)),
        ("explodo-game-over.replay", explodo(2, "br w w w br w w w br w w w").to_replay(FIXTURE_APP)),
        (
            "explodo-first-shop.replay",
            explodo(7, EXPLODO_TO_SHOP).with_title("Explodorama: to the first shop").to_replay(FIXTURE_APP),
        ),
        (
            "explodo-developer-gem.replay",
            explodo_with(
                explodo::Setup { developer: true, immortal: false, ..Default::default() },
                4,
                EXPLODO_DEVELOPER,
            )
            .with_title("Explodorama: the rainbow gem")
            .to_replay(FIXTURE_APP),
        ),
        ("life-hotseat.replay", life_hotseat().to_replay(FIXTURE_APP)),
        ("miau-pass-it-on.replay", miau_won().to_replay(FIXTURE_APP)),
        (
            "miau-clockwork-proof.replay",
            miau_pack_level("clockwork.toml", "mouse-keeps-time", "DRRRRRRRRRR", "Miau: the mouse keeps time")
                .to_replay(FIXTURE_APP),
        ),
        (
            "miau-gates-hand-off.replay",
            miau_pack_level("workshop.toml", "hand-off", "LUDLURRRRRURRRR", "Miau: hand-off").to_replay(FIXTURE_APP),
        ),
        (
            "miau-keke-delivers.replay",
            miau_keke_level("level-3", "Miau, keke rules: the keke delivers").to_replay(FIXTURE_APP),
        ),
        ("life-stalemate.replay", life_stalemate().to_replay(FIXTURE_APP)),
        ("life-campaign-win.replay", campaign.to_replay(FIXTURE_APP)),
        ("life-campaign-win-certificate.replay", campaign.to_certificate(FIXTURE_APP).expect("won")),
        ("mines-won.replay", mines_won.to_replay(FIXTURE_APP)),
        ("mines-won-certificate.replay", mines_won.to_certificate(FIXTURE_APP).expect("won")),
        ("mines-dead.replay", mines_dead.to_replay(FIXTURE_APP)),
        ("mines-gave-up.replay", mines_gave_up.to_replay(FIXTURE_APP)),
        ("tally-won.replay", won.to_replay(FIXTURE_APP)),
        ("tally-won-certificate.replay", won.to_certificate(FIXTURE_APP).expect("won")),
        ("tally-lost.replay", lost.to_replay(FIXTURE_APP)),
        ("tally-resigned.replay", resigned.to_replay(FIXTURE_APP)),
        ("tally-long.replay", long.to_replay(FIXTURE_APP)),
    ]
}

#[test]
fn the_explodorama_fixtures_show_what_their_names_say() {
    let cleared = explodo(1, EXPLODO_CLEAR_1);
    assert_eq!(cleared.state().run.level, 2, "level 1 was cleared");
    assert_eq!(cleared.state().player.lives, 3);
    let retry = explodo(1, "br w w w r r");
    assert_eq!((retry.state().player.lives, retry.state().run.attempt, retry.state().run.level), (2, 1, 1));
    let over = explodo(2, "br w w w br w w w br w w w");
    assert_eq!(over.state().run.phase, explodo::RunPhase::Over);
    let shop = explodo(7, EXPLODO_TO_SHOP);
    let st = shop.state();
    let at_shop = explodo(7, EXPLODO_TO_SHOP.trim_end_matches("buy0 leave"));
    let before = at_shop.state();
    use retrace_kernel::explodo::items::{Offer, Power};
    assert!(
        matches!(before.run.dialogs.last(), Some(explodo::Dialog::Shop { items, .. })
            if items[0] == Some(Offer::Power(Power::Run))),
        "the shop after level 3 offers Run first: {:?}",
        before.run.dialogs
    );
    assert!(!before.has(Power::Run));
    assert_eq!(st.run.level, 4, "through three levels");
    assert!(st.has(Power::Run), "Run bought in the shop");
    assert_eq!(st.player.coins, before.player.coins - Offer::Power(Power::Run).price());
    assert!(st.run.dialogs.is_empty(), "the shop was left");
    let dev =
        explodo_with(explodo::Setup { developer: true, immortal: false, ..Default::default() }, 4, EXPLODO_DEVELOPER);
    assert!(dev.state().has(retrace_kernel::explodo::items::Power::Slide));
    assert_eq!(dev.state().player.at.y, 1);
    assert!(dev.state().player.at.x > 2, "slid along the top row");
}
