//! Auto-move: the way to a far tile in fewest turns. It is found with the
//! real rules on copies of the run (so flame, the enemies' steps, bombs and
//! oil are as they will be), using Run, Diagonal and Slide when owned, never
//! through the open exit unless it is the destination, and never by a step
//! that costs a life. Where no safe way exists, the way as if nothing could
//! hurt you is given, marked unsafe: the window shows its first step red and
//! waits. Worked out again every turn; the kernel keeps no route.

use super::board::{Diag, Pos, Tile, DIRS};
use super::items::Power;
use super::{Action, Explodo, RunPhase, State};
use crate::game::Game;
use std::collections::{BTreeSet, VecDeque};

/// The most tiles a search reaches: every tile of the largest board (13×17).
/// The search is bounded by tiles reached, one copy of the run each, so with
/// Run, Diagonal and Slide held (16 moves a tile) it still covers the board
/// (rules v6's fix: v5 counted every move tried against 2,048, about 128
/// tiles, and a far tile fell back to an unsafe way).
pub const MAX_TILES: usize = 13 * 17;

/// A way to a tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The actions, one a turn.
    pub steps: Vec<Action>,
    /// Where you land after each.
    pub tiles: Vec<Pos>,
    /// No step costs a life (else the first step is the dangerous one to wait on).
    pub safe: bool,
}

/// The moves a search tries from `s`: steps, and Run, Diagonal and Slide when owned.
pub fn moves(s: &State) -> Vec<Action> {
    let mut out: Vec<Action> = DIRS.iter().map(|&d| Action::Move(d)).collect();
    if s.has(Power::Run) {
        out.extend(DIRS.iter().map(|&d| Action::Run(d)));
    }
    if s.has(Power::Diagonal) {
        out.extend([Diag::UpLeft, Diag::UpRight, Diag::DownLeft, Diag::DownRight].map(Action::Diagonal));
    }
    if s.has(Power::Slide) {
        out.extend(DIRS.iter().map(|&d| Action::Slide(d)));
    }
    out
}

/// The way from where you stand to `to`, fewest turns first (ties: the
/// order of [`moves`]); `None` when there is none (or `to` is where you
/// are, or off the board). A safe way if one exists, else the way that
/// ignores danger, marked unsafe.
pub fn route(s: &State, to: Pos) -> Option<Route> {
    if !s.board.layout.inside(to) || to == s.player.at || s.run.phase != RunPhase::Playing || !s.run.dialogs.is_empty()
    {
        return None;
    }
    search(s, to).or_else(|| floor_way(s, to))
}

/// The way over the floor as it lies (steps only, and diagonals when owned),
/// ignoring enemies, flame and bombs: what auto-move shows when no safe way
/// exists. Marked unsafe.
fn floor_way(s: &State, to: Pos) -> Option<Route> {
    let exit = s.board.layout.exit;
    let tree = floor_search(s, s.player.at, (s.board.exit_open && to != exit).then_some(exit));
    let index = |p: Pos| (p.y * s.board.layout.w + p.x) as usize;
    tree.get(index(to)).copied().flatten()?;
    let (mut steps, mut tiles) = (Vec::new(), Vec::new());
    let mut at = to;
    while let Some((_, Some((from, a)))) = tree[index(at)] {
        steps.push(a);
        tiles.push(at);
        at = from;
    }
    steps.reverse();
    tiles.reverse();
    Some(Route { steps, tiles, safe: false })
}

/// A tile reached over the floor: its steps from the start, and the tile and
/// action it was reached by (none for the start).
type Reached = (u32, Option<(Pos, Action)>);

/// Breadth-first over the floor as it lies from `from`, by steps and (when
/// owned) diagonals, never onto `avoid`: for every tile (`y * w + x`) how
/// many steps it is from `from`, and the tile and action it is reached by
/// (none for `from`); `None` where it cannot be reached. The first way found
/// wins a tie, in the order of [`moves`].
fn floor_search(s: &State, from: Pos, avoid: Option<Pos>) -> Vec<Option<Reached>> {
    let (w, h) = (s.board.layout.w, s.board.layout.h);
    let index = |p: Pos| (p.y * w + p.x) as usize;
    let walkable = |p: Pos| s.board.layout.inside(p) && s.board.layout.tile(p) == Tile::Floor && Some(p) != avoid;
    let steps: Vec<Action> =
        moves(s).into_iter().filter(|a| matches!(a, Action::Move(_) | Action::Diagonal(_))).collect();
    let mut out = vec![None; (w * h) as usize];
    out[index(from)] = Some((0, None));
    let mut queue = VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        let d = out[index(p)].map_or(0, |(d, _)| d);
        for &a in &steps {
            let q = match a {
                Action::Diagonal(g) => p.diag(g),
                Action::Move(dir) => p.step(dir),
                _ => continue,
            };
            if walkable(q) && out[index(q)].is_none() {
                out[index(q)] = Some((d + 1, Some((p, a))));
                queue.push_back(q);
            }
        }
    }
    out
}

/// Whether a turn costs a life, or the run: `after` is the run once it is played.
pub fn costs_a_life(before: &State, after: &State) -> bool {
    after.player.lives < before.player.lives || after.run.phase == RunPhase::Over
}

/// Breadth-first over copies of the run, one node per tile reached.
fn search(s: &State, to: Pos) -> Option<Route> {
    let exit = s.board.layout.exit;
    let mut seen: BTreeSet<Pos> = BTreeSet::from([s.player.at]);
    let mut queue: VecDeque<(State, Vec<Action>, Vec<Pos>)> = VecDeque::from([(s.lookahead(), Vec::new(), Vec::new())]);
    while let Some((st, steps, tiles)) = queue.pop_front() {
        for a in moves(&st) {
            if seen.len() > MAX_TILES {
                return None;
            }
            let mut next = st.clone();
            if Explodo::apply(&mut next, &a).is_err() {
                continue;
            }
            // A step that costs a life (or the run) is never taken.
            if costs_a_life(&st, &next) {
                continue;
            }
            // Leaving by the exit clears the level (or, on the last, wins the run).
            let cleared = next.run.level != st.run.level || next.run.phase == RunPhase::Won;
            let landed = if cleared { exit } else { next.player.at };
            // The open exit ends the level: only as the destination.
            if (cleared || (st.board.exit_open && landed == exit)) && to != exit {
                continue;
            }
            if !seen.insert(landed) {
                continue;
            }
            let (mut steps, mut tiles) = (steps.clone(), tiles.clone());
            steps.push(a);
            tiles.push(landed);
            if landed == to {
                return Some(Route { steps, tiles, safe: true });
            }
            // A dialog (the gem's cards, the shop) stops the walk there.
            if next.run.dialogs.is_empty() && !cleared {
                queue.push_back((next, steps, tiles));
            }
        }
    }
    None
}

/// Steps over the floor as it lies from `from` to every tile (`None`: not
/// reachable): autopilot's planning map.
fn floor_steps(s: &State, from: Pos) -> Vec<Option<u32>> {
    floor_search(s, from, None).into_iter().map(|t| t.map(|(d, _)| d)).collect()
}

/// The most pickups autopilot orders by trying every order (more: nearest first).
pub const EXACT_PICKUPS: usize = 7;

/// Autopilot's next action, once every enemy is gone: wait while crates
/// crumble or bombs tick (if waiting is safe), collect every coin, charge and
/// the gem in the fewest total steps (every order tried up to
/// [`EXACT_PICKUPS`], nearest first beyond), then walk to the open exit.
/// `None` when it has nothing to do (enemies left, a dialog open, the level
/// over) or no safe action exists: the player's turn.
pub fn autopilot(s: &State) -> Option<Action> {
    if !s.enemies.list.is_empty() || s.run.phase != RunPhase::Playing || !s.run.dialogs.is_empty() {
        return None;
    }
    let safe = |a: &Action| {
        let mut next = s.lookahead();
        Explodo::apply(&mut next, a).is_ok() && !costs_a_life(s, &next)
    };
    let mut targets: Vec<Pos> = Vec::new();
    for d in &s.board.drops {
        if !targets.contains(&d.pos) {
            targets.push(d.pos);
        }
    }
    if s.board.gem_revealed && !s.board.gem_taken && !targets.contains(&s.board.layout.gem) {
        targets.push(s.board.layout.gem);
    }
    // Crates still crumbling may hide more; bombs ticking may burn the way.
    if (!s.board.crumbling.is_empty() || !s.bombs.list.is_empty() || (targets.is_empty() && !s.board.exit_open))
        && safe(&Action::Wait)
    {
        return Some(Action::Wait);
    }
    let order = plan(s, &targets);
    for to in order.into_iter().chain(s.board.exit_open.then_some(s.board.layout.exit)) {
        if let Some(r) = route(s, to) {
            if r.safe {
                return Some(r.steps[0]);
            }
        }
    }
    safe(&Action::Wait).then_some(Action::Wait)
}

/// The pickups in the order that takes fewest steps in all (over the floor
/// as it lies), ending at the exit when it is open.
fn plan(s: &State, targets: &[Pos]) -> Vec<Pos> {
    let index = |p: Pos| (p.y * s.board.layout.w + p.x) as usize;
    let far = u32::MAX / 64;
    let from_me = floor_steps(s, s.player.at);
    let maps: Vec<Vec<Option<u32>>> = targets.iter().map(|&t| floor_steps(s, t)).collect();
    let exit = s.board.exit_open.then_some(s.board.layout.exit);
    let cost = |order: &[usize]| -> u32 {
        let mut total = 0;
        let mut at: &Vec<Option<u32>> = &from_me;
        for &i in order {
            total += at[index(targets[i])].unwrap_or(far);
            at = &maps[i];
        }
        total + exit.map_or(0, |e| at[index(e)].unwrap_or(far))
    };
    let mut best: Vec<usize> = (0..targets.len()).collect();
    if targets.len() <= EXACT_PICKUPS {
        // Every order, in lexicographic order: the first of the cheapest wins ties.
        let mut order = best.clone();
        let mut best_cost = cost(&order);
        while next_permutation(&mut order) {
            let c = cost(&order);
            if c < best_cost {
                best_cost = c;
                best = order.clone();
            }
        }
    } else {
        best.clear();
        let mut at = &from_me;
        let mut left: Vec<usize> = (0..targets.len()).collect();
        while !left.is_empty() {
            let k = (0..left.len()).min_by_key(|&k| (at[index(targets[left[k]])].unwrap_or(far), k)).unwrap_or(0);
            let i = left.remove(k);
            best.push(i);
            at = &maps[i];
        }
    }
    best.into_iter().map(|i| targets[i]).collect()
}

/// The next order in lexicographic order; false after the last.
fn next_permutation(v: &mut [usize]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else { return false };
    let j = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]).unwrap_or(i);
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explodo::board::Dir;
    use crate::explodo::Setup;

    /// On the largest board, open floor between its pillars and every moving power-up held, a
    /// tile in the far corner is reached by a safe way: the search is
    /// bounded by tiles, not by moves tried (rules v6).
    #[test]
    fn a_far_tile_on_the_largest_board_is_reached_with_every_power_up_held() {
        let mut s = crate::explodo::level_state(3, 20);
        s.enemies.list.clear();
        s.board.drops.clear();
        let positions: Vec<Pos> = s.board.layout.positions().collect();
        for &p in &positions {
            if !matches!(s.board.layout.tile(p), Tile::Wall | Tile::Pillar) {
                s.board.layout.set(p, Tile::Floor);
            }
        }
        s.board.layout.marks.iter_mut().for_each(|m| *m = 0);
        for p in [Power::Run, Power::Diagonal, Power::Slide, Power::Kick, Power::Throw] {
            s.hold(p);
        }
        assert_eq!((s.board.layout.w, s.board.layout.h), (13, 17));
        let far = positions
            .iter()
            .copied()
            .filter(|&p| s.board.layout.tile(p) == Tile::Floor && p != s.board.layout.exit)
            .max_by_key(|p| p.dist(s.player.at))
            .unwrap();
        let way = route(&s, far).expect("a way");
        assert!(way.safe, "the far tile is reached safely: {way:?}");
        assert_eq!(way.tiles.last(), Some(&far));
    }

    /// Level 1 of seed 1 with every enemy gone and the board cleared round
    /// the player, so a way can be checked by hand.
    fn open_level(seed: u64) -> State {
        let mut s = Explodo::start(&Setup::default(), seed).unwrap();
        s.enemies.list.clear();
        let positions: Vec<Pos> = s.board.layout.positions().collect();
        for p in positions {
            if s.board.layout.tile(p) == Tile::Crate {
                s.board.layout.set(p, Tile::Floor);
            }
        }
        s
    }

    #[test]
    fn the_way_is_shortest_and_lands_where_it_says() {
        let s = open_level(1);
        let me = s.player.at;
        // Two tiles right of the player, if that is floor: two steps (no Run).
        let far = (1..s.board.layout.w)
            .flat_map(|x| (1..s.board.layout.h).map(move |y| Pos { x, y }))
            .filter(|&p| s.board.layout.tile(p) == Tile::Floor && p.dist(me) >= 4)
            .min_by_key(|p| (p.dist(me), p.y, p.x))
            .unwrap();
        let r = route(&s, far).expect("a way on an open board");
        assert!(r.safe);
        assert_eq!(r.steps.len(), r.tiles.len());
        assert_eq!(*r.tiles.last().unwrap(), far);
        assert!(r.steps.len() as i32 >= far.dist(me) / 2, "no step covers more than Run's two tiles");
        // Playing it lands there, turn by turn as said.
        let mut play = s.clone();
        for (a, t) in r.steps.iter().zip(&r.tiles) {
            Explodo::apply(&mut play, a).unwrap();
            assert_eq!(play.player.at, *t);
        }
        // Without Run and Diagonal it is exactly the Manhattan way on an open floor.
        if !s.has(Power::Run) && !s.has(Power::Diagonal) {
            assert!(r.steps.iter().all(|a| matches!(a, Action::Move(_))));
        }
        assert_eq!(route(&s, me), None, "already there");
        assert_eq!(route(&s, Pos { x: -1, y: 0 }), None, "off the board");
    }

    #[test]
    fn a_step_that_costs_a_life_is_never_in_a_safe_way() {
        let mut s = open_level(3);
        let me = s.player.at;
        // Flame on every tile next to the player but one: the way goes round.
        let target = Pos { x: me.x + 2, y: me.y };
        if s.board.layout.tile(target) != Tile::Floor || s.board.layout.tile(me.step(Dir::Right)) != Tile::Floor {
            return;
        }
        s.bombs.flames.push((me.step(Dir::Right), s.run.turn + 5));
        let r = route(&s, target).expect("a way round the flame");
        assert!(r.safe && !r.tiles.contains(&me.step(Dir::Right)), "{:?}", r.tiles);
        // Walled in by flame: only the unsafe way is left, and it says so.
        for d in DIRS {
            s.bombs.flames.push((me.step(d), s.run.turn + 5));
        }
        let r = route(&s, target).expect("the way as if nothing could hurt");
        assert!(!r.safe);
    }

    #[test]
    fn autopilot_collects_every_pickup_then_leaves_by_the_exit() {
        use crate::explodo::Drop;
        let mut s = open_level(7);
        s.board.crumbling.clear();
        s.bombs.list.clear();
        let floor: Vec<Pos> =
            s.board.layout.positions().filter(|&p| s.board.layout.tile(p) == Tile::Floor && p != s.player.at).collect();
        for (i, p) in floor.iter().rev().step_by(7).take(3).enumerate() {
            s.board.drops.push(Drop { pos: *p, coins: 1 + i as u32, charge: None });
        }
        s.board.exit_open = true;
        s.board.exit_revealed = true;
        let (coins, level) = (s.player.coins, s.run.level);
        let mut turns = 0;
        while s.run.level == level {
            let a = autopilot(&s)
                .unwrap_or_else(|| panic!("stopped at {:?} with {} drops", s.player.at, s.board.drops.len()));
            Explodo::apply(&mut s, &a).unwrap();
            turns += 1;
            assert!(turns < 200, "autopilot walks to an end");
        }
        assert!(s.player.coins >= coins + 6, "every coin was picked up ({} → {})", coins, s.player.coins);
        // With enemies left it does nothing: the player's turn.
        let busy = Explodo::start(&Setup::default(), 7).unwrap();
        assert_eq!(autopilot(&busy), None);
    }

    /// Regression: on the last level the exit wins the run, which leaves the
    /// level's phase instead of its number, and the search took that for a
    /// lost run: neither auto-move nor autopilot would step onto the last exit.
    #[test]
    fn the_last_levels_exit_is_walked_to_and_wins_the_run() {
        let mut s = open_level(5);
        s.run.level = crate::explodo::LEVELS;
        s.board.crumbling.clear();
        s.board.exit_open = true;
        s.board.exit_revealed = true;
        let exit = s.board.layout.exit;
        let r = route(&s, exit).expect("a way to the last exit");
        assert!(r.safe, "winning is no danger: {:?}", r.tiles);
        let mut turns = 0;
        while s.run.phase == RunPhase::Playing {
            let a = autopilot(&s).expect("autopilot walks to the exit");
            Explodo::apply(&mut s, &a).unwrap();
            turns += 1;
            assert!(turns < 100);
        }
        assert_eq!(s.run.phase, RunPhase::Won);
    }

    #[test]
    fn every_order_is_tried_in_turn() {
        let mut v = vec![0, 1, 2];
        let mut seen = vec![v.clone()];
        while next_permutation(&mut v) {
            seen.push(v.clone());
        }
        assert_eq!(seen.len(), 6);
        assert_eq!(seen.last(), Some(&vec![2, 1, 0]));
    }

    #[test]
    fn the_open_exit_is_crossed_only_as_the_destination() {
        let mut s = open_level(5);
        s.board.exit_open = true;
        s.board.exit_revealed = true;
        let exit = s.board.layout.exit;
        if let Some(r) = route(&s, exit) {
            assert_eq!(*r.tiles.last().unwrap(), exit);
        }
        for p in s.board.layout.positions().filter(|&p| p != exit && s.board.layout.tile(p) == Tile::Floor).take(40) {
            if let Some(r) = route(&s, p) {
                assert!(!r.tiles.contains(&exit), "{p:?} by way of the exit: {:?}", r.tiles);
            }
        }
    }
}
