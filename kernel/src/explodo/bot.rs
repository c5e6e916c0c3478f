//! Bots that play whole runs by the real rules, at three skills, for the
//! balance lab, the demo and the tests. A bot sees what a player sees: the
//! board, the bombs' numbers, the flame and the enemies' arrows. It looks
//! ahead by playing copies of the run where nothing can hurt it (the same
//! rules, so chains, oil, barrels, ceilings and spikes are as they will be).
//!
//! Each turn it lists its actions (wait, the steps, the moves and bombs its
//! power-ups give, a carried charge: `arsenal.rs`), plays each on a copy and keeps those after which
//! it can still stay alive for its horizon: a way, a tile a turn, that never
//! stands where flame burns or an enemy goes (the enemies as their arrows
//! show them, held where they stand past that). Of those it bombs when the
//! copy's blast kills an enemy, or breaks crates while no enemy can be
//! reached; otherwise it steps toward the nearest of: a tile in an enemy's
//! line within its blast, a coin, the gem, and (no enemy left) the open exit;
//! with none of those in reach, toward the nearest crate.
//!
//! The skills differ in how far ahead they look and how often they slip (an
//! action from all that the rules allow, drawn from the bot's own seeded
//! stream, `explodo.bot.<skill>`): careful looks past every fuse on the
//! board and never slips; average looks 4 turns ahead and slips one turn in
//! 10; sloppy looks 3 turns ahead and slips one turn in 11. Every choice is a
//! function of the run's state and that stream, so (seed, skill) fixes the
//! whole run.
//!
//! By concern: `timeline.rs` what the bot foresees, `ground.rs` where it can
//! go and the spots worth bombing from, `structure.rs` the lab's measures of a
//! level.

use super::board::{Diag, Dir, Pos, Tile, DIRS, OIL};
use super::items::{Charge, Offer, Power};
use super::route::costs_a_life;
use super::{Action, Dialog, Explodo, RunPhase, Setup, State};
use crate::game::Game;
use crate::rng::Rng;
use ground::{
    attack_tiles, blast_buffer, crate_spots, crates, mask, plain_blast, prey, spots, worth, Ground, Prey, SpotMemo,
};
use timeline::{quiet, timeline, Timeline, FIRE};

mod arsenal;
mod ground;
mod structure;
mod timeline;

pub use structure::{structure, Structure};

/// How well a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Skill {
    /// Checks every turn that it survives what enemies and bombs can do next.
    Careful,
    /// Looks 4 turns ahead; slips one turn in 10.
    Average,
    /// Looks 3 turns ahead; slips one turn in 11.
    Sloppy,
}

/// Every skill, best first.
pub const SKILLS: [Skill; 3] = [Skill::Careful, Skill::Average, Skill::Sloppy];

impl Skill {
    /// Its name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Skill::Careful => "careful",
            Skill::Average => "average",
            Skill::Sloppy => "sloppy",
        }
    }

    /// The skill of that name.
    pub fn parse(name: &str) -> Option<Skill> {
        SKILLS.into_iter().find(|k| k.name() == name)
    }

    /// Turns looked ahead; `None`: past every fuse on the board.
    fn horizon(self) -> Option<u32> {
        match self {
            Skill::Careful => None,
            Skill::Average => Some(4),
            Skill::Sloppy => Some(3),
        }
    }

    /// One turn in this many is a slip (0: never).
    fn slip_one_in(self) -> u32 {
        match self {
            Skill::Careful => 0,
            Skill::Average => 10,
            Skill::Sloppy => 11,
        }
    }
}

/// The most turns a bot plays on one level before the lab calls it stuck.
pub const MAX_LEVEL_TURNS: u32 = 600;

/// A bot: its skill and its own stream.
#[derive(Clone, Debug)]
pub struct Bot {
    /// How well it plays.
    pub skill: Skill,
    rng: Rng,
    /// Turns it began on a tile that burns at the end of that turn (it had
    /// to leave it): the lab's "turns in danger".
    pub turns_in_danger: u32,
    /// Turns since it last placed a bomb.
    idle: u32,
    /// Where it wanders when it has been idle long, and the turn it gives up.
    wander: Option<(Pos, u32)>,
    /// Where it stood before its last action (and the level), so it does not
    /// pace back and forth.
    came_from: Option<(u32, Pos)>,
    /// The level and the kills so far when it last saw a kill, and the
    /// turns since ([`STALE`]).
    last_kill: (u32, u32),
    calm: u32,
    /// The spots worth bombing from, remembered while the board stays.
    spots: SpotMemo,
}

/// Where the bot heads this turn ([`Bot::aim`]).
struct Aim {
    /// The goal tiles.
    goal: Vec<bool>,
    /// The board as it walks it.
    ground: Ground,
    /// Heading for the open exit.
    leaving: bool,
    /// Breaking crates to reach enemies (crate bombs count).
    digging: bool,
}

/// Turns without a bomb after which the bot breaks crates even while an
/// enemy can be reached (a wanderer it cannot catch).
const RESTLESS: u32 = 24;
/// Turns without a bomb after which the bot also bombs where the blast
/// reaches the uncovered exit or gem.
const DESPERATE: u32 = 96;
/// The fewest tiles a Teleport's landing must let the bot walk to.
const ROOMY: usize = 8;
/// Turns on a level without a kill after which the bot is desperate too
/// (it may bomb on, breaking crates now and then, and never reach the one
/// enemy it cannot catch without spoiling the exit or the gem).
const STALE: u32 = 300;
/// Turns a wandering bot heads for one drawn crate.
const WANDER_TURNS: u32 = 30;

impl Bot {
    /// A bot of `skill` for the run of `seed`.
    pub fn new(seed: u64, skill: Skill) -> Bot {
        Bot {
            skill,
            rng: Rng::stream(seed, &format!("explodo.bot.{}", skill.name())),
            turns_in_danger: 0,
            idle: 0,
            wander: None,
            came_from: None,
            last_kill: (0, 0),
            calm: 0,
            spots: SpotMemo::default(),
        }
    }

    /// The answer to the dialog on top.
    fn answer(s: &State, d: &Dialog) -> Action {
        match d {
            Dialog::Gem { cards, .. } => {
                let mut best = 0;
                for (i, &c) in cards.iter().enumerate() {
                    if worth(c) > worth(cards[best]) {
                        best = i;
                    }
                }
                Action::Choose(best as u8)
            }
            Dialog::Shop { items, .. } => {
                let mut best: Option<(usize, u32)> = None;
                for (i, o) in items.iter().enumerate() {
                    if let Some(o) = *o {
                        let v = worth(o);
                        if v >= 4 && o.price() <= s.player.coins && best.is_none_or(|(_, b)| v > b) {
                            best = Some((i, v));
                        }
                    }
                }
                best.map_or(Action::LeaveShop, |(i, _)| Action::Buy(i as u8))
            }
            // The new charge when it is worth more to the bot than the one
            // carried (each use counted alike).
            Dialog::Swap { new, .. } => match s.carrying() {
                Some(c) if worth(Offer::Charge(*new)) > worth(Offer::Charge(c)) => Action::TakeCharge,
                _ => Action::KeepCharge,
            },
        }
    }

    /// The actions the bot considers: wait, steps, Run and Diagonal when
    /// owned, and a bomb each way whose blast could reach `prey` (or, while
    /// `digging`, a crate), while it has one to place.
    fn actions(s: &State, prey: &Prey, digging: bool, skill: Skill) -> Vec<Action> {
        // Room for every action a turn can offer at once.
        let mut out = Vec::with_capacity(32);
        out.push(Action::Wait);
        out.extend(DIRS.iter().map(|&d| Action::Move(d)));
        if s.has(Power::Run) {
            out.extend(DIRS.iter().map(|&d| Action::Run(d)));
        }
        if s.has(Power::Diagonal) {
            out.extend([Diag::UpLeft, Diag::UpRight, Diag::DownLeft, Diag::DownRight].map(Action::Diagonal));
        }
        arsenal::moves(s, &mut out);
        let mine = s.bombs.list.iter().filter(|b| b.yours()).count() as u32;
        arsenal::launches(s, prey, digging, mine < s.player.max_bombs, skill == Skill::Careful, &mut out);
        if mine < s.player.max_bombs {
            // Only where the blast could reach an enemy or a crate.
            let mut tiles = blast_buffer(s);
            // Under the original's rule (the lab's `underfoot`) a bomb goes
            // on your own tile, whichever way you name.
            let ways: &[Dir] = if s.run.setup.underfoot { &[Dir::Up] } else { &DIRS };
            for &d in ways {
                let at = if s.run.setup.underfoot { s.player.at } else { s.player.at.step(d) };
                plain_blast(s, at, &mut tiles);
                if tiles.iter().any(|&q| prey.at(q) || digging && s.board.layout.tile(q) == Tile::Crate) {
                    out.push(Action::Bomb(d));
                }
            }
        }
        out
    }

    /// Where the bot heads this turn: the pickups and the tiles to bomb
    /// enemies from; once enemies are gone and nothing is left in reach,
    /// the open exit; with no enemy in reach (or idle long), crates on the
    /// way to them; idle longer, a crate drawn at random.
    fn aim(&mut self, s: &State, prey: &Prey) -> Aim {
        let mut goals: Vec<Pos> = s.board.drops.iter().map(|d| d.pos).collect();
        if s.board.gem_revealed && !s.board.gem_taken {
            goals.push(s.board.layout.gem);
        }
        // Idle very long, it bombs where the blast reaches the uncovered
        // exit or gem too (enemies walled in beside the exit, reached only
        // through it: three more enemies beat a stuck run).
        let desperate = self.desperate();
        goals.extend(attack_tiles(s, &prey.list, desperate, &mut self.spots));
        let mut goal = mask(s, &goals);
        let mut ground = Ground::new(s);
        let mut reach = ground.timed(s.player.at, 0, &goal);
        // Leaving: once nothing else is left in reach (and no crate still crumbles).
        let leaving =
            s.enemies.list.is_empty() && s.board.exit_open && s.board.crumbling.is_empty() && reach == u32::MAX;
        if leaving {
            goal = mask(s, &[s.board.layout.exit]);
            reach = ground.timed(s.player.at, 0, &goal);
        }
        let hunting = reach != u32::MAX;
        let restless = self.idle > RESTLESS && !s.enemies.list.is_empty();
        let digging = (!hunting || restless) && !s.enemies.list.is_empty();
        // Where you can walk now (crates are dug toward from its edge, and a
        // wandering bot draws a crate beside it), worked out once a turn.
        let mine = (!hunting || restless).then(|| ground.reach(s.player.at));
        if let Some(mine) = &mine {
            goal = mask(s, &crate_spots(s, desperate, mine, &mut self.spots));
        }
        // Idle long: wander to a crate drawn at random (any crate a bomb
        // can break), for up to WANDER_TURNS turns each.
        if self.idle > 2 * RESTLESS && !s.enemies.list.is_empty() {
            let done = self.wander.is_none_or(|(p, until)| p == s.player.at || self.idle > until);
            if done {
                let crates = spots(s, &crates(s), desperate, &mut self.spots);
                // Idle this long with enemies left means restless: `mine` is there.
                let mine = mine.unwrap_or_else(|| ground.reach(s.player.at));
                let w = s.board.layout.w;
                let reach: Vec<Pos> = crates.into_iter().filter(|&p| mine[(p.y * w + p.x) as usize]).collect();
                self.wander =
                    (!reach.is_empty()).then(|| (reach[self.rng.index(reach.len())], self.idle + WANDER_TURNS));
            }
            if let Some((p, _)) = self.wander {
                goal = mask(s, &[p]);
            }
        } else {
            self.wander = None;
        }
        Aim { goal, ground, leaving, digging }
    }

    /// A Teleport straight onto a goal tile (a pickup, a spot to bomb from
    /// with a way out of its blast, the open exit), when it carries one and
    /// the jump saves at least 5 turns of walking; the careful bot keeps its
    /// uses for escapes unless walking cannot reach the goal or it has been
    /// idle long. Only onto the goal itself, off oil, with room to walk around
    /// ([`ROOMY`] tiles): a small pocket walled in by crates (its oil lit by
    /// any bomb put there) can leave no bomb a way out.
    fn jump(&self, s: &State, ground: &mut Ground, goal: &[bool]) -> Option<Action> {
        if s.carrying() != Some(Charge::Teleport) {
            return None;
        }
        let walk = ground.timed(s.player.at, 0, goal);
        if walk <= 5 || self.skill == Skill::Careful && walk != u32::MAX && self.idle <= RESTLESS {
            return None;
        }
        let w = s.board.layout.w;
        let p = arsenal::teleport_spots(s).into_iter().find(|p| {
            goal[(p.y * w + p.x) as usize]
                && !s.board.layout.has(*p, OIL)
                && ground.reach(*p).iter().filter(|&&r| r).count() >= ROOMY
        })?;
        Some(Action::UseCharge(super::Aim::At(p)))
    }

    /// Idle very long, or long without a kill: bombs whose blast reaches the
    /// uncovered exit or gem are allowed too.
    fn desperate(&self) -> bool {
        self.idle > DESPERATE || self.calm > STALE
    }

    /// The score of an action that adds to the bombs (a bomb, a throw, a
    /// kick, the Detonator, a charge): none when it is not safe to stay, it
    /// costs a life, there is no way out of its blasts, or it kills nothing
    /// (nor breaks crates while digging, when it is no lure); a kill beats
    /// everything, crates come before walking.
    fn blast_score(&self, s: &State, here: &Timeline, a: Action, lure: bool, digging: bool) -> Option<u64> {
        // You stay where you are: unsafe there after the world's turn (an
        // enemy's arrow, flame) means no bomb now, without playing a copy
        // that would set the level up again.
        if here.turns() > 1 && !here.safe_at(here.at(s.player.at), 1) {
            return None;
        }
        let mut next = s.lookahead();
        if Explodo::apply(&mut next, &a).is_err() || costs_a_life(s, &next) {
            return None;
        }
        let t = timeline(&next, horizon(self.skill, &next));
        // Under a Star lasting past the blast, flame cannot hurt: no way out is needed.
        let fearless = s.player.star > s.player.fuse + 1;
        if !fearless && !t.escape(next.player.at) || t.spoils && !here.spoils && !self.desperate() {
            return None;
        }
        // Kills in the action itself (an ICBM goes off on landing) and in the turns after.
        let mut kills = t.kills + next.run.kills.saturating_sub(s.run.kills);
        if lure {
            kills = kills.saturating_sub(here.kills);
        }
        // A kick only to kill (kicking a bomb away for nothing loses its
        // blast where the bot meant it).
        if kills == 0 && (lure || t.crates == 0 || !digging) {
            return None;
        }
        let score = 2_000_000 + i64::from(kills) * 1000 + i64::from(t.crates) + spend_bias(self.skill, a);
        Some(score.unsigned_abs())
    }

    /// The bot's action in `s`; `None` once the run is over.
    #[expect(
        clippy::too_many_lines,
        reason = "one pass scoring every candidate against the same look-ahead (timeline, ground, goal)"
    )]
    pub fn choose(&mut self, s: &State) -> Option<Action> {
        if s.run.phase != RunPhase::Playing {
            return None;
        }
        if let Some(d) = s.run.dialogs.last() {
            return Some(Bot::answer(s, d));
        }
        let mark = (s.run.level, s.run.kills);
        if self.last_kill == mark {
            self.calm += 1;
        } else {
            (self.last_kill, self.calm) = (mark, 0);
        }
        let prey = prey(s);
        let skill = self.skill;
        let here = timeline(s, horizon(skill, s) + 1);
        let me = here.at(s.player.at);
        if here.turns() > 1 && here.get(1, me) & FIRE != 0 {
            self.turns_in_danger += 1;
        }
        let Aim { goal, mut ground, leaving, digging } = self.aim(s, &prey);
        // Every action the rules allow, scored; the player's part is played
        // on a copy (the world's turn only for bombs and kicks, whose blasts
        // the bot looks ahead at; the others are judged on `here`).
        let mut actions = Bot::actions(s, &prey, digging, skill);
        let mut legal: Vec<Action> = Vec::with_capacity(actions.len() + 1);
        // Scored actions, with the landing tile whose escape is still to be
        // checked (lazily, best first: most turns only the best is).
        let mut scored: Vec<(u64, Action, Option<Pos>)> = Vec::with_capacity(actions.len() + 1);
        if let Some(a) = self.jump(s, &mut ground, &goal) {
            actions.push(a);
        }
        for a in actions {
            // Walking into an enemy costs a life (and playing it on a copy
            // would set the level up again): never a candidate.
            // Onto the open exit: the level ends there (nothing can hurt
            // you after), so no copy (which would set up the next level).
            if let Action::Move(d) = a {
                let t = s.player.at.step(d);
                if s.board.exit_open && t == s.board.layout.exit && s.enemy_at(t).is_none() && s.walkable(t).is_ok() {
                    legal.push(a);
                    if leaving {
                        scored.push((u64::MAX, a, None));
                    }
                    continue;
                }
            }
            if into_enemy(s, a) {
                if let Action::Move(d) = a {
                    if s.walkable(s.player.at.step(d)).is_ok() {
                        legal.push(a);
                    }
                }
                continue;
            }
            let simple = plain_landing(s, a).or_else(|| plain_way(s, a));
            let (landing, world, kicked) = if let Some(t) = simple {
                (t, true, false)
            } else {
                let mut next = s.lookahead();
                let Ok(world) = next.act(&a, &mut Vec::new()) else { continue };
                legal.push(a);
                if costs_a_life(s, &next) {
                    continue;
                }
                if next.run.level != s.run.level || next.run.phase == RunPhase::Won {
                    // Cleared: only when leaving.
                    if leaving {
                        scored.push((u64::MAX, a, None));
                    }
                    continue;
                }
                (next.player.at, world, next.bombs.list.iter().zip(&s.bombs.list).any(|(x, y)| x.pos != y.pos))
            };
            if simple.is_some() {
                legal.push(a);
            }
            let bomb = launch(s, a);
            // Actions whose worth is what they add to the bombs already
            // ticking: a kick, the Detonator, a Freeze or a Decoy.
            let lure = kicked
                || bomb
                    && !matches!(
                        a,
                        Action::Bomb(_) | Action::Throw(_) | Action::Rpg(_) | Action::UseCharge(super::Aim::Dir(_))
                    );
            if bomb || kicked {
                if let Some(score) = self.blast_score(s, &here, a, lure, digging) {
                    scored.push((score, a, None));
                }
                continue;
            }
            let d = ground.timed(landing, 1, &goal);
            // Nearer the goal is better; a pause ranks below any step of
            // equal distance, and going back where it just came from below a
            // pause one step further (spikes and arrows can make a walk
            // toward the goal and back a loop; a pause breaks it).
            let pause = u64::from(landing == s.player.at);
            let back = u64::from(self.came_from == Some((s.run.level, landing))) * 15;
            let check = (world && !bomb && !kicked).then_some(landing);
            // At most 10,006: walking always ranks below a bomb (2,000,000 up).
            // A slide's landing is judged by walking from it, which cannot
            // see what a long slide leaves behind: one only when it gains.
            let slide = if matches!(a, Action::Slide(_)) { 30 } else { 0 };
            let cost = u64::from(d.min(999)) * 10 + pause + back + slide;
            scored.push((1_020_000 - cost, a, check));
        }
        if legal.is_empty() {
            return Some(Action::Wait);
        }
        let slip = self.skill.slip_one_in();
        let a = if slip > 0 && self.rng.chance(1, slip) {
            legal[self.rng.index(legal.len())]
        } else if let Some(a) = pick(s, &here, scored) {
            a
        } else {
            // No safe way: a charge that gets it out, else the least bad.
            let nearer = |p: Pos| ground.timed(p, 1, &goal);
            arsenal::rescues(s, nearer)
                .into_iter()
                .find(|a| {
                    let mut next = s.lookahead();
                    Explodo::apply(&mut next, a).is_ok()
                        && !costs_a_life(s, &next)
                        && timeline(&next, horizon(skill, &next)).escape(next.player.at)
                })
                .unwrap_or_else(|| fallback(s, &here, &legal))
        };
        self.idle = if launch(s, a) { 0 } else { self.idle + 1 };
        self.came_from = Some((s.run.level, s.player.at));
        Some(a)
    }
}

/// How far a bot looks ahead: careful looks until every bomb on the board
/// has gone off and its flame gone out (and at least 3 turns, the enemies'
/// arrows).
fn horizon(skill: Skill, st: &State) -> u32 {
    skill.horizon().unwrap_or_else(|| st.bombs.list.iter().map(|b| b.fuse).max().unwrap_or(0).max(1) + 2)
}

/// How a skill weighs spending a charge's use against a plain bomb that
/// does as well (on the bot's kill score, where a kill is 1,000): careful
/// keeps its uses for a blast that does more than a plain bomb would;
/// average and sloppy spend them at the first chance.
fn spend_bias(skill: Skill, a: Action) -> i64 {
    match (a, skill) {
        (Action::UseCharge(_), Skill::Careful) => -400,
        (Action::UseCharge(_), _) => 400,
        _ => 0,
    }
}

/// Whether the action is judged by its kills: it puts down, sends or sets
/// off a bomb (a charge bomb and the ICBM included), or freezes or lures the
/// enemies while bombs tick (every charge among the bot's actions but a
/// Teleport).
fn launch(s: &State, a: Action) -> bool {
    match a {
        Action::Bomb(_) | Action::Throw(_) | Action::Rpg(_) | Action::Detonate(_) => true,
        Action::UseCharge(_) => s.carrying() != Some(Charge::Teleport),
        _ => false,
    }
}

/// Whether the action walks (or runs, or steps diagonally) into an enemy.
fn into_enemy(s: &State, a: Action) -> bool {
    let path = match a {
        Action::Move(d) => [Some(s.player.at.step(d)), None],
        Action::Run(d) => [Some(s.player.at.step(d)), Some(s.player.at.step(d).step(d))],
        Action::Diagonal(g) => [Some(s.player.at.diag(g)), None],
        _ => [None, None],
    };
    path.iter().flatten().any(|&p| s.enemy_at(p).is_some())
}

/// Where a pause, or a plain step onto empty floor (no bomb, no oil, not
/// the open exit), lands; `None` for anything else (played on a copy).
fn plain_landing(s: &State, a: Action) -> Option<Pos> {
    match a {
        Action::Wait => Some(s.player.at),
        Action::Move(d) => {
            let t = s.player.at.step(d);
            (plain_floor(s, t) && !s.board.layout.has(t, OIL)).then_some(t)
        }
        _ => None,
    }
}

/// A tile a step may enter with nothing to it: walkable, no bomb (which a
/// step would kick or pass), not the open exit (which ends the level).
fn plain_floor(s: &State, t: Pos) -> bool {
    s.walkable(t).is_ok() && s.bomb_at(t).is_none() && !(s.board.exit_open && t == s.board.layout.exit)
}

/// Where a Run or a diagonal step over plain floor lands (the tiles it
/// passes: no bomb, not the open exit, no oil where it ends; an enemy there
/// is ruled out before, flame by the rules' own test), or where you stand
/// after laying a plain bomb the rules allow: what a copy of the player's
/// part would show, a life kept and the world's turn to follow, without the
/// copy. `None` for anything else.
fn plain_way(s: &State, a: Action) -> Option<Pos> {
    match a {
        Action::Run(d) if s.has(Power::Run) => {
            let (m, t) = (s.player.at.step(d), s.player.at.step(d).step(d));
            (plain_floor(s, m) && plain_floor(s, t) && !s.board.layout.has(t, OIL)).then_some(t)
        }
        Action::Diagonal(g) if s.has(Power::Diagonal) => s.diagonal_to(g).ok().filter(|&t| plain_floor(s, t)),
        Action::Bomb(d) => (!s.at_open_exit() && s.bomb_spot(d).is_ok()).then_some(s.player.at),
        _ => None,
    }
}

/// Whether `a` keeps a life: its escape (when it names a landing tile
/// `check`) holds on `here`, and the world's turn played on a copy costs no
/// life.
fn keeps(s: &State, here: &Timeline, a: &Action, check: Option<Pos>, score: u64) -> bool {
    // Leaving by the open exit: checked when it was scored.
    if score == u64::MAX {
        return true;
    }
    if check.is_some_and(|p| !shifted_escape(here, p)) {
        return false;
    }
    // On a quiet board a pause or a plain step is foretold exactly by
    // the arrows and the spikes (the escape just checked): no copy.
    if check.is_some() && quiet(s) && plain_landing(s, *a).is_some() {
        return true;
    }
    let mut next = s.lookahead();
    Explodo::apply(&mut next, a).is_ok() && !costs_a_life(s, &next)
}

/// The best of `scored` (ties: the order of the bot's actions) that is
/// safe ([`keeps`]); `None` when none is.
fn pick(s: &State, here: &Timeline, mut scored: Vec<(u64, Action, Option<Pos>)>) -> Option<Action> {
    scored.sort_by_key(|x| std::cmp::Reverse(x.0));
    scored.iter().find(|&&(score, a, check)| keeps(s, here, &a, check, score)).map(|&(_, a, _)| a)
}

/// With no safe way (and no charge to get out): the first legal action that
/// keeps a life this turn, trying on a copy only those the timeline does not
/// already show hurt (a copy that loses a life sets the level up again);
/// else the first legal action.
fn fallback(s: &State, here: &Timeline, legal: &[Action]) -> Action {
    legal
        .iter()
        .copied()
        .find(|a| {
            let doomed = plain_landing(s, *a).is_some_and(|p| here.turns() > 1 && !here.safe_at(here.at(p), 1));
            !doomed && keeps(s, here, a, None, 0)
        })
        .unwrap_or(legal[0])
}

/// Escape on a timeline made before the action: the action's landing tile
/// must be safe after the world's turn 1, then a way must exist from there.
fn shifted_escape(t: &Timeline, p: Pos) -> bool {
    if t.turns() < 2 {
        return true;
    }
    t.safe_at(t.at(p), 1) && t.escape_from(p, 1)
}

/// A run played by a bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Every action, in order (a replay of the run with its setup and seed).
    pub actions: Vec<Action>,
    /// Levels cleared.
    pub cleared: u32,
    /// The run was won.
    pub won: bool,
    /// Lives lost.
    pub lives_lost: u32,
    /// Turns played (world turns).
    pub turns: u32,
    /// Turns ended on a tile that burns at the end of the next turn.
    pub turns_in_danger: u32,
    /// The run stopped on a level the bot could not finish in
    /// [`MAX_LEVEL_TURNS`] turns.
    pub stuck: bool,
}

/// Plays a run of `seed` with `setup` by a bot of `skill`, up to `levels`
/// levels cleared (the run stops there, unfinished, counted as it stands).
pub fn play(seed: u64, setup: &Setup, skill: Skill, levels: u32) -> Played {
    let mut s = Explodo::start(setup, seed).expect("a setup the lab made starts");
    let mut bot = Bot::new(seed, skill);
    let mut actions = Vec::new();
    let (mut level, mut turns_here) = (s.run.level, 0u32);
    let mut stuck = false;
    while let Some(a) = bot.choose(&s) {
        if s.run.level > levels {
            break;
        }
        let answering = !s.run.dialogs.is_empty();
        if Explodo::apply(&mut s, &a).is_err() {
            // Never expected (the bot plays what the rules allowed a copy):
            // stop the run rather than loop.
            stuck = true;
            break;
        }
        actions.push(a);
        if s.run.level != level {
            level = s.run.level;
            turns_here = 0;
        } else if !answering {
            turns_here += 1;
            if turns_here > MAX_LEVEL_TURNS {
                stuck = true;
                break;
            }
        }
    }
    let won = s.run.phase == RunPhase::Won;
    let cleared = if won { super::LEVELS } else { s.run.level - 1 };
    Played {
        actions,
        cleared: cleared.min(levels),
        won,
        lives_lost: s.run.lives_lost,
        turns: s.run.total_turns,
        turns_in_danger: bot.turns_in_danger,
        stuck,
    }
}

#[cfg(test)]
mod tests;
