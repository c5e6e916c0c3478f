//! Tests of `bot.rs`.

use super::super::board::SPIKES;
use super::*;

/// Replays a bot's actions through the rules from the start.
fn replay(seed: u64, actions: &[Action]) -> State {
    let mut s = Explodo::start(&Setup::default(), seed).expect("starts");
    for (i, a) in actions.iter().enumerate() {
        Explodo::apply(&mut s, a).unwrap_or_else(|e| panic!("seed {seed}: action {i} ({a:?}) refused: {}", e.0));
    }
    s
}

#[test]
fn a_bot_run_is_a_function_of_seed_and_skill_and_replays_by_the_rules() {
    for skill in SKILLS {
        let a = play(7, &Setup::default(), skill, 3);
        assert_eq!(a, play(7, &Setup::default(), skill, 3), "{}", skill.name());
        let s = replay(7, &a.actions);
        assert_eq!(s.run.lives_lost, a.lives_lost, "{}", skill.name());
        assert_eq!(s.run.phase == RunPhase::Won, a.won);
    }
    // Skills draw from their own streams: the runs differ.
    assert_ne!(play(7, &Setup::default(), Skill::Average, 3), play(7, &Setup::default(), Skill::Sloppy, 3));
}

#[test]
fn the_careful_bot_clears_the_first_levels_without_dying() {
    for seed in 1..=6 {
        let p = play(seed, &Setup::default(), Skill::Careful, 3);
        assert_eq!(p.cleared, 3, "seed {seed}: {p:?}");
        assert!(!p.stuck, "seed {seed}");
        assert_eq!(replay(seed, &p.actions).run.level, 4, "seed {seed}: the run stopped at level 4");
    }
}

#[test]
fn skills_rank_careful_then_average_then_sloppy() {
    let levels = |skill| (1..=8).map(|seed| play(seed, &Setup::default(), skill, 4).cleared).sum::<u32>();
    let (c, a, s) = (levels(Skill::Careful), levels(Skill::Average), levels(Skill::Sloppy));
    assert!(c > a && a >= s, "careful {c}, average {a}, sloppy {s} levels over 8 seeds");
}

#[test]
fn the_timeline_foretells_flame_and_the_escape_needs_a_way_out() {
    // A bomb of yours about to go off beside you in a dead end.
    let mut s = crate::explodo::level_state(1, 1);
    s.enemies.list.clear();
    let me = s.player.at;
    let d = DIRS.iter().copied().find(|&d| s.walkable(me.step(d)).is_ok()).expect("an open side");
    s.bombs.list.push(crate::explodo::Bomb::plain(me.step(d), 1, 1));
    let t = timeline(&s, 3);
    assert!(t.get(1, t.at(me)) & FIRE != 0, "your tile burns after the next world's turn");
    assert!(!t.safe_at(t.at(me), 1));
    assert!(t.get(0, t.at(me)) & FIRE == 0);
}

#[test]
fn walking_times_the_spikes_and_slides_over_oil() {
    let mut s = crate::explodo::level_state(1, 1);
    s.enemies.list.clear();
    let me = s.player.at;
    let d = DIRS.iter().copied().find(|&d| s.walkable(me.step(d)).is_ok()).expect("an open side");
    let next = me.step(d);
    let mut goal = mask(&s, &[next]);
    assert_eq!(Ground::new(&s).timed(me, 0, &goal), 1);
    // From off the board (a negative column) there is no way, and no panic.
    let off = super::super::board::Pos { x: -1, y: me.y };
    assert_eq!(Ground::new(&s).timed(off, 0, &goal), u32::MAX);
    // Spikes there, up at the end of this turn: wait a turn first.
    let i = (next.y * s.board.layout.w + next.x) as usize;
    s.board.layout.marks[i] |= SPIKES;
    let up_now = crate::explodo::spikes_up(s.run.turn);
    assert_eq!(Ground::new(&s).timed(me, 0, &goal), if up_now { 2 } else { 1 });
    // Oil under the goal and the tile beyond it: a step slides past it.
    s.board.layout.marks[i] = OIL;
    let beyond = next.step(d);
    if s.board.layout.tile(beyond) == Tile::Floor {
        let j = (beyond.y * s.board.layout.w + beyond.x) as usize;
        s.board.layout.marks[j] |= OIL;
        goal = mask(&s, &[beyond]);
        assert_eq!(Ground::new(&s).timed(me, 0, &goal), 1, "one step slides to the tile beyond");
    }
}

/// The bot's quick blast (`plain_blast`, unsorted into a buffer) is the
/// rules' blast of a plain bomb of the player's reach, tile for tile, on
/// every floor tile of levels across the run: a change to how far a blast
/// reaches or what stops it cannot leave the bot's copy behind.
#[test]
fn the_bots_blast_is_the_rules_blast() {
    use super::super::board::{Pos, Tile};
    use super::super::Bomb;
    let mut checked = 0;
    for seed in 1..=3u64 {
        for level in [1, 4, 8, 12, 16, 20] {
            let mut s = super::super::level_state(seed, level);
            for fire in [1, 2, 3, 6] {
                s.player.blast = fire;
                for y in 0..s.board.layout.h {
                    for x in 0..s.board.layout.w {
                        let p = Pos { x, y };
                        if s.board.layout.tile(p) != Tile::Floor {
                            continue;
                        }
                        let mut mine = Vec::new();
                        plain_blast(&s, p, &mut mine);
                        mine.sort();
                        let rules = s.blast_tiles(&Bomb::plain(p, 3, fire));
                        assert_eq!(mine, rules, "seed {seed}, level {level}, fire {fire}, a bomb on {p:?}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 1_000, "only {checked} tiles checked");
}

/// The events of a bot's run, replayed by the rules from its setup.
fn events_of(seed: u64, setup: &Setup, actions: &[Action]) -> Vec<super::super::Event> {
    let mut s = Explodo::start(setup, seed).expect("starts");
    let mut out = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        out.extend(Explodo::apply(&mut s, a).unwrap_or_else(|e| panic!("seed {seed}: action {i} refused: {}", e.0)));
    }
    out
}

/// Whether some run of the first `seeds` seeds, played by `skill` with
/// `setup` for `levels` levels, has an action or event that `used` picks.
fn some_run_uses(
    setup: &Setup,
    skill: Skill,
    seeds: u64,
    levels: u32,
    used: impl Fn(&Action, &[super::super::Event]) -> bool,
) -> bool {
    (1..=seeds).any(|seed| {
        let p = play(seed, setup, skill, levels);
        let mut s = Explodo::start(setup, seed).expect("starts");
        p.actions.iter().any(|a| {
            let events = Explodo::apply(&mut s, a).expect("the bot's action replays");
            used(a, &events)
        })
    })
}

/// Held from level 1, each power-up the bots once never used is used: a
/// kick (a step into a bomb), a throw, a slide, an RPG and the Detonator
/// appear in the careful bot's runs.
#[test]
fn the_bots_use_every_power_up() {
    use super::super::Event;
    type Used = fn(&Action, &[Event]) -> bool;
    let cases: [(Power, Used); 5] = [
        (Power::Kick, |_, e| e.iter().any(|e| matches!(e, Event::Kicked(..)))),
        (Power::Throw, |a, _| matches!(a, Action::Throw(_))),
        (Power::Slide, |a, _| matches!(a, Action::Slide(_))),
        (Power::Rpg, |a, _| matches!(a, Action::Rpg(_))),
        (Power::Detonator, |a, _| matches!(a, Action::Detonate(_))),
    ];
    for (p, used) in cases {
        let setup = Setup { powers: p.bit(), ..Setup::default() };
        assert!(some_run_uses(&setup, Skill::Careful, 20, 20, used), "{p:?} held, never used in 20 runs");
    }
}

/// Carried from level 1, every charge with an action is used by some bot:
/// the four charge bombs and the ICBM to kill, Freeze and Decoy while bombs
/// tick, Teleport to jump toward where it is going.
#[test]
fn the_bots_use_every_charge() {
    use super::super::items::CHARGES;
    use super::super::Event;
    for c in CHARGES.into_iter().filter(|c| !c.passive()) {
        let setup = Setup { charge: Some(c), ..Setup::default() };
        let used = |_: &Action, e: &[Event]| e.contains(&Event::ChargeUsed(c));
        let any = SKILLS.iter().any(|&k| some_run_uses(&setup, k, 8, 4, used));
        assert!(any, "{c:?} carried, never used in 8 runs of 4 levels by any bot");
    }
}

/// A careful bot keeps a charge bomb's uses for a blast that does more than
/// its plain bomb would; the average bot spends them at the first chance.
#[test]
fn careful_keeps_charges_that_average_spends() {
    use super::super::items::Charge;
    let count = |skill| {
        let setup = Setup { charge: Some(Charge::Pierce), ..Setup::default() };
        (1..=6u64)
            .map(|seed| {
                let p = play(seed, &setup, skill, 2);
                events_of(seed, &setup, &p.actions)
                    .iter()
                    .position(|e| *e == super::super::Event::ChargeUsed(Charge::Pierce))
                    .map_or(u32::MAX, |i| i as u32)
            })
            .collect::<Vec<u32>>()
    };
    let (careful, average) = (count(Skill::Careful), count(Skill::Average));
    let sooner = careful.iter().zip(&average).filter(|(c, a)| a < c).count();
    assert!(
        sooner >= 3,
        "the average bot spent Pierce sooner on only {sooner} of 6 seeds: careful {careful:?}, average {average:?}"
    );
}

/// The bots' plays pinned: whole runs of three seeds by each skill, their
/// actions as the log encodes them, hashed. A change that makes the look-ahead
/// faster must not change what the bots do (the lab's figures rest on it);
/// a change that means to, changes these on purpose.
#[test]
fn the_bots_play_as_they_did() {
    let hash = |skill| {
        let mut h = blake3::Hasher::new();
        for seed in 1..=3 {
            let run = play(seed, &Setup::default(), skill, 20);
            h.update(&crate::wire::encode(&run.actions));
        }
        h.finalize().to_hex()[..16].to_string()
    };
    let got: Vec<String> = SKILLS.iter().map(|&k| hash(k)).collect();
    assert_eq!(got, PLAYS, "careful, average, sloppy");
}

/// [`the_bots_play_as_they_did`]'s hashes, found with the bots as they were
/// before the look-ahead was made faster (rules v7, 2026-12-03); the careful
/// bot's changed with rules v8 (a new blast kills released enemies; it was
/// "41475e21d54563a6").
const PLAYS: [&str; 3] = ["beb9c85f524d24f2", "b9730e7228fe1713", "11ec80a2f5989b48"];
