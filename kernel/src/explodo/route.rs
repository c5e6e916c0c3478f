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

/// The most copies of the run a search looks at (a 13×17 board has 221 tiles).
pub const MAX_NODES: usize = 2048;

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
fn moves(s: &State) -> Vec<Action> {
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
    if !s.layout.inside(to) || to == s.player || s.phase != RunPhase::Playing || !s.dialogs.is_empty() {
        return None;
    }
    search(s, to).or_else(|| floor_way(s, to))
}

/// The way over the floor as it lies (steps only, and diagonals when owned),
/// ignoring enemies, flame and bombs: what auto-move shows when no safe way
/// exists. Marked unsafe.
fn floor_way(s: &State, to: Pos) -> Option<Route> {
    let walkable = |p: Pos| s.layout.inside(p) && matches!(s.layout.tile(p), Tile::Floor);
    if !walkable(to) {
        return None;
    }
    let mut options: Vec<Action> = DIRS.iter().map(|&d| Action::Move(d)).collect();
    if s.has(Power::Diagonal) {
        options.extend([Diag::UpLeft, Diag::UpRight, Diag::DownLeft, Diag::DownRight].map(Action::Diagonal));
    }
    let land = |p: Pos, a: &Action| match *a {
        Action::Diagonal(g) => p.diag(g),
        Action::Move(d) => p.step(d),
        _ => p,
    };
    let exit = s.layout.exit;
    let mut seen: BTreeSet<Pos> = BTreeSet::from([s.player]);
    let mut queue: VecDeque<(Pos, Vec<Action>, Vec<Pos>)> = VecDeque::from([(s.player, Vec::new(), Vec::new())]);
    while let Some((at, steps, tiles)) = queue.pop_front() {
        for a in &options {
            let p = land(at, a);
            if !walkable(p) || (s.exit_open && p == exit && to != exit) || !seen.insert(p) {
                continue;
            }
            let (mut steps, mut tiles) = (steps.clone(), tiles.clone());
            steps.push(*a);
            tiles.push(p);
            if p == to {
                return Some(Route { steps, tiles, safe: false });
            }
            queue.push_back((p, steps, tiles));
        }
    }
    None
}

/// Breadth-first over copies of the run, one node per tile reached.
fn search(s: &State, to: Pos) -> Option<Route> {
    let exit = s.layout.exit;
    let mut seen: BTreeSet<Pos> = BTreeSet::from([s.player]);
    let mut queue: VecDeque<(State, Vec<Action>, Vec<Pos>)> = VecDeque::from([(s.clone(), Vec::new(), Vec::new())]);
    let mut nodes = 0;
    while let Some((st, steps, tiles)) = queue.pop_front() {
        for a in moves(&st) {
            nodes += 1;
            if nodes > MAX_NODES {
                return None;
            }
            let mut next = st.clone();
            if Explodo::apply(&mut next, &a).is_err() {
                continue;
            }
            // A step that costs a life (or the run) is never taken.
            if next.lives < st.lives || next.phase != RunPhase::Playing {
                continue;
            }
            let cleared = next.level != st.level;
            let landed = if cleared { exit } else { next.player };
            // The open exit ends the level: only as the destination.
            if (cleared || (st.exit_open && landed == exit)) && to != exit {
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
            if next.dialogs.is_empty() && !cleared {
                queue.push_back((next, steps, tiles));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explodo::board::Dir;
    use crate::explodo::Setup;

    /// Level 1 of seed 1 with every enemy gone and the board cleared round
    /// the player, so a way can be checked by hand.
    fn open_level(seed: u64) -> State {
        let mut s = Explodo::start(&Setup::default(), seed).unwrap();
        s.enemies.clear();
        let positions: Vec<Pos> = s.layout.positions().collect();
        for p in positions {
            if s.layout.tile(p) == Tile::Crate {
                s.layout.set(p, Tile::Floor);
            }
        }
        s
    }

    #[test]
    fn the_way_is_shortest_and_lands_where_it_says() {
        let s = open_level(1);
        let me = s.player;
        // Two tiles right of the player, if that is floor: two steps (no Run).
        let far = (1..s.layout.w)
            .flat_map(|x| (1..s.layout.h).map(move |y| Pos { x, y }))
            .filter(|&p| s.layout.tile(p) == Tile::Floor && p.dist(me) >= 4)
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
            assert_eq!(play.player, *t);
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
        let me = s.player;
        // Flame on every tile next to the player but one: the way goes round.
        let target = Pos { x: me.x + 2, y: me.y };
        if s.layout.tile(target) != Tile::Floor || s.layout.tile(me.step(Dir::Right)) != Tile::Floor {
            return;
        }
        s.flames.push((me.step(Dir::Right), s.turn + 5));
        let r = route(&s, target).expect("a way round the flame");
        assert!(r.safe && !r.tiles.contains(&me.step(Dir::Right)), "{:?}", r.tiles);
        // Walled in by flame: only the unsafe way is left, and it says so.
        for d in DIRS {
            s.flames.push((me.step(d), s.turn + 5));
        }
        let r = route(&s, target).expect("the way as if nothing could hurt");
        assert!(!r.safe);
    }

    #[test]
    fn the_open_exit_is_crossed_only_as_the_destination() {
        let mut s = open_level(5);
        s.exit_open = true;
        s.exit_revealed = true;
        let exit = s.layout.exit;
        if let Some(r) = route(&s, exit) {
            assert_eq!(*r.tiles.last().unwrap(), exit);
        }
        for p in s.layout.positions().filter(|&p| p != exit && s.layout.tile(p) == Tile::Floor).take(40) {
            if let Some(r) = route(&s, p) {
                assert!(!r.tiles.contains(&exit), "{p:?} by way of the exit: {:?}", r.tiles);
            }
        }
    }
}
