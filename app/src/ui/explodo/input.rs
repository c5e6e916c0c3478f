//! Explodorama's input: the picked action (`Mode`), what a tap on a tile or a
//! direction key does with it, the keys, and the assists that read ahead
//! (`deadly`, `danger`).

use retrace_kernel::explodo::board::{Diag, Dir, Pos, DIRS};
use retrace_kernel::explodo::items::{Charge, Power};
use retrace_kernel::explodo::{Action, Aim, Event, Explodo, State};
use retrace_kernel::Rejection;

/// Seconds a tile next to you is held before its bomb is armed (the spec:
/// about half a second).
pub const HOLD_BOMB_SECONDS: f64 = 0.5;

/// Press and hold a tile next to you (issue 43 item 2): a ring fills round
/// it, then its bomb is armed and its blast shows; letting go places it.
/// Sliding off the tile first cancels it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BombHold {
    /// The tile held.
    pub tile: Pos,
    /// When the press began (egui's clock, seconds).
    pub since: f64,
}

impl BombHold {
    /// How far the ring has filled, 0 to 1.
    pub fn progress(&self, now: f64) -> f32 {
        ((now - self.since) / HOLD_BOMB_SECONDS).clamp(0.0, 1.0) as f32
    }

    /// Whether it has been held long enough: letting go places the bomb.
    pub fn armed(&self, now: f64) -> bool {
        now - self.since >= HOLD_BOMB_SECONDS
    }
}

/// Whether a press on `tile` may arm a bomb: a plain bomb goes down there.
pub fn holds_a_bomb(s: &State, tile: Pos) -> bool {
    matches!(choices(s, Mode::Bomb, true, tile).as_slice(), [Action::Bomb(_)])
}

/// What a direction key or a clicked tile does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Step (kick, run, slide by distance).
    Move,
    /// Put a bomb (throw, RPG by distance).
    Bomb,
    /// Run 2 tiles.
    Run,
    /// Slide until blocked.
    Slide,
    /// Kick a bomb.
    Kick,
    /// Throw a bomb 2 tiles.
    Throw,
    /// Fire a bomb.
    Rpg,
    /// Set off a bomb (click it).
    Detonate,
    /// Use the carried charge.
    Charge,
    /// Step diagonally (the G key; Diagonal).
    Diagonal,
}

/// Where the far actions land from where you stand, once per board: the tile
/// a slide stops on, an RPG bomb and an ICBM come down on, each way in
/// [`DIRS`]' order (the real rules on a copy, read from the turn's events).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    slide: [Option<Pos>; 4],
    rpg: [Option<Pos>; 4],
    icbm: [Option<Pos>; 4],
}

impl Reach {
    /// Works out the landings on copies of `s` (nothing for what you cannot do).
    pub fn of(s: &State) -> Reach {
        use retrace_kernel::explodo::Event;
        use retrace_kernel::Game;
        let land = |a: Action| -> Option<Pos> {
            let mut sim = s.clone();
            let events = Explodo::apply(&mut sim, &a).ok()?;
            events.iter().rev().find_map(|e| match *e {
                Event::PlayerMoved(_, to) if matches!(a, Action::Slide(_)) => Some(to),
                Event::Launched(t) if !matches!(a, Action::Slide(_)) => Some(t),
                _ => None,
            })
        };
        let each = |has: bool, f: &dyn Fn(Dir) -> Action| DIRS.map(|d| if has { land(f(d)) } else { None });
        Reach {
            slide: each(s.has(Power::Slide), &Action::Slide),
            rpg: each(s.has(Power::Rpg), &Action::Rpg),
            icbm: each(s.carrying() == Some(Charge::Icbm), &|d| Action::UseCharge(Aim::Dir(d))),
        }
    }
}

/// A turn tried once on a copy of the run: the action, the run after it,
/// its events, and whether it cost a life. The window plays it by handing
/// the session this very turn (`Session::push_with`), not by asking again.
#[derive(Clone, Debug)]
pub struct Tried {
    /// The action.
    pub action: Action,
    /// The run after it.
    pub after: State,
    /// What the turn did.
    pub events: Vec<Event>,
    /// It cost a life (or the run).
    pub deadly: bool,
}

/// The rules as the window's input asks them, counted: a test holds one
/// tap to one turn of the rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules {
    /// Turns of the rules asked for so far.
    pub asked: u64,
}

impl Rules {
    /// Tries `a` on a copy of `s`: its turn, or why the rules refuse it.
    pub fn try_turn(&mut self, s: &State, a: Action) -> Result<Tried, Rejection> {
        use retrace_kernel::Game;
        self.asked += 1;
        let mut after = s.clone();
        let events = Explodo::apply(&mut after, &a)?;
        let deadly = retrace_kernel::explodo::route::costs_a_life(s, &after);
        Ok(Tried { action: a, after, events, deadly })
    }
}

/// Every action a tap on `tile` can mean (issue 43 item 1: the tile
/// decides, upgrades add no buttons), first the one a tap does when there
/// is no choice to make; several where the tile allows more than one (a
/// bomb next to you with Kick and Bomb Pass or the Detonator: "which?").
/// Move (picked or not): next to you a step, or into a bomb a kick (with
/// Kick) or a walk onto it (with Bomb Pass); a diagonal neighbour a
/// diagonal step (with Diagonal); two straight a run (with Run); where a
/// slide stops a slide (with Slide); with nothing picked, one of your bombs
/// is set off (with the Detonator). Bomb: next to you a bomb, two straight a
/// throw (with Throw), further where an ICBM comes down while you have
/// launches, else where an RPG bomb lands (with RPG). A key's pick (Run,
/// Kick…) takes only its own action; the charge its aim. Only actions the
/// rules take on a copy are listed.
pub fn choices(s: &State, mode: Mode, picked: bool, tile: Pos) -> Vec<Action> {
    choices_with(s, &Reach::of(s), mode, picked, tile)
}

/// [`choices`] with the landings worked out already.
pub fn choices_with(s: &State, reach: &Reach, mode: Mode, picked: bool, tile: Pos) -> Vec<Action> {
    use retrace_kernel::Game;
    let mut out = candidates(s, reach, mode, picked, tile);
    out.retain(|a| Explodo::apply(&mut s.clone(), a).is_ok());
    out
}

/// [`choices`] each tried once, with its turn: a tap plays the first by
/// handing the session this very turn, so the rules are asked once a
/// candidate and never again for the one played.
pub fn tried_choices(rules: &mut Rules, s: &State, reach: &Reach, mode: Mode, picked: bool, tile: Pos) -> Vec<Tried> {
    candidates(s, reach, mode, picked, tile).into_iter().filter_map(|a| rules.try_turn(s, a).ok()).collect()
}

/// The actions a tap on `tile` could mean by where it lies and what you
/// carry, before the rules are asked which they take ([`choices`]).
fn candidates(s: &State, reach: &Reach, mode: Mode, picked: bool, tile: Pos) -> Vec<Action> {
    let me = s.player.at;
    let (dx, dy) = (tile.x - me.x, tile.y - me.y);
    let dist = dx.abs() + dy.abs();
    let way = if (dx == 0) == (dy == 0) {
        None
    } else if dx > 0 {
        Some(Dir::Right)
    } else if dx < 0 {
        Some(Dir::Left)
    } else if dy > 0 {
        Some(Dir::Down)
    } else {
        Some(Dir::Up)
    };
    let k = way.map(|d| DIRS.iter().position(|&w| w == d).expect("one of the four"));
    let lands = |table: &[Option<Pos>; 4]| k.is_some_and(|k| table[k] == Some(tile));
    let diagonal = match (dx, dy) {
        (-1, -1) => Some(Diag::UpLeft),
        (1, -1) => Some(Diag::UpRight),
        (-1, 1) => Some(Diag::DownLeft),
        (1, 1) => Some(Diag::DownRight),
        _ => None,
    };
    let bomb = s.bombs.list.iter().find(|b| b.pos == tile);
    let mut out: Vec<Action> = Vec::new();
    match mode {
        Mode::Charge => {
            out.extend(match s.carrying() {
                Some(Charge::Freeze) => Some(Action::UseCharge(Aim::Me)),
                Some(Charge::Decoy | Charge::Teleport) => Some(Action::UseCharge(Aim::At(tile))),
                // The ICBM where it comes down; the bomb charges next to you.
                Some(Charge::Icbm) => way.filter(|_| lands(&reach.icbm)).map(|d| Action::UseCharge(Aim::Dir(d))),
                Some(_) => way.filter(|_| dist == 1).map(|d| Action::UseCharge(Aim::Dir(d))),
                None => None,
            });
        }
        Mode::Detonate => out.push(Action::Detonate(tile)),
        Mode::Diagonal => out.extend(diagonal.map(Action::Diagonal)),
        Mode::Run => out.extend(way.filter(|_| dist == 2).map(Action::Run)),
        Mode::Slide => out.extend(way.filter(|_| lands(&reach.slide)).map(Action::Slide)),
        Mode::Kick => out.extend(way.filter(|_| dist == 1).map(Action::Kick)),
        Mode::Throw => out.extend(way.filter(|_| dist == 2).map(Action::Throw)),
        Mode::Rpg => out.extend(way.filter(|_| lands(&reach.rpg)).map(Action::Rpg)),
        Mode::Bomb => match (way, dist) {
            (Some(d), 1) => out.push(Action::Bomb(d)),
            (Some(d), 2) if s.has(Power::Throw) => out.push(Action::Throw(d)),
            (Some(d), _) if lands(&reach.icbm) => out.push(Action::UseCharge(Aim::Dir(d))),
            (Some(d), _) if lands(&reach.rpg) => out.push(Action::Rpg(d)),
            _ => {}
        },
        Mode::Move => {
            if let Some(g) = diagonal {
                out.push(Action::Diagonal(g));
            }
            match (way, dist) {
                (Some(d), 1) if bomb.is_some() => {
                    if s.has(Power::Kick) {
                        out.push(Action::Kick(d));
                    }
                    if s.has(Power::BombPass) {
                        out.push(Action::Move(d));
                    }
                }
                (Some(d), 1) => out.push(Action::Move(d)),
                (Some(d), 2) if s.has(Power::Run) => out.push(Action::Run(d)),
                _ => {}
            }
            // Further (or where nothing nearer applies), where a slide stops.
            if out.is_empty() && lands(&reach.slide) {
                out.extend(way.map(Action::Slide));
            }
            // The Detonator has no button: a tap on one of your bombs sets it off.
            if !picked && bomb.is_some_and(|b| b.yours()) && s.has(Power::Detonator) {
                out.push(Action::Detonate(tile));
            }
        }
    }
    out
}

/// The action a tap on `tile` makes with `mode` picked: the first of its
/// [`choices`].
pub fn tap(s: &State, mode: Mode, tile: Pos) -> Option<Action> {
    choices(s, mode, true, tile).into_iter().next()
}

/// The action of `mode` toward `d` (a key press or a direction button).
pub fn toward(s: &State, mode: Mode, d: Dir) -> Option<Action> {
    Some(match mode {
        Mode::Move => Action::Move(d),
        Mode::Bomb => Action::Bomb(d),
        Mode::Run => Action::Run(d),
        Mode::Slide => Action::Slide(d),
        Mode::Kick => Action::Kick(d),
        Mode::Throw => Action::Throw(d),
        Mode::Rpg => Action::Rpg(d),
        Mode::Detonate | Mode::Diagonal => return None,
        Mode::Charge => return charge_toward(s, d),
    })
}

/// The charge's key then an arrow, as the spec says them (issue 62 item 14):
/// an ICBM flies that way wherever it comes down (not only when it lands on
/// the next tile), a Teleport jumps to the nearest tile that way it may land
/// on; any other charge is used as a tap on the next tile would use it.
fn charge_toward(s: &State, d: Dir) -> Option<Action> {
    use retrace_kernel::Game;
    let takes = |a: &Action| Explodo::apply(&mut s.clone(), a).is_ok();
    match s.player.charge.map(|(c, _)| c) {
        Some(Charge::Icbm) => Some(Action::UseCharge(Aim::Dir(d))).filter(|a| takes(a)),
        // The rules say how far it reaches (`teleport_to`): each tile that
        // way is asked in turn, to the board's edge.
        Some(Charge::Teleport) => std::iter::successors(Some(s.player.at.step(d)), |p| Some(p.step(d)))
            .take_while(|&p| s.board.layout.inside(p))
            .map(|p| Action::UseCharge(Aim::At(p)))
            .find(|a| takes(a)),
        _ => tap(s, Mode::Charge, s.player.at.step(d)),
    }
}

/// The tiles the picked action can use, each with whether it would cost a
/// life this turn: every tile a click with `mode` turns into an action the
/// rules take (tried on a copy), your own excepted.
pub fn targets(s: &State, mode: Mode) -> Vec<(Pos, bool)> {
    let reach = Reach::of(s);
    s.board
        .layout
        .positions()
        .filter(|&p| p != s.player.at && s.board.layout.inside(p))
        .filter_map(|p| {
            // A choice is one the rules take: only whether it costs a life is left.
            let a = choices_with(s, &reach, mode, true, p).into_iter().next()?;
            Some((p, deadly(s, &a)))
        })
        .collect()
}

/// Whether `a` would cost a life this turn (the real rules on a copy).
pub fn deadly(s: &State, a: &Action) -> bool {
    use retrace_kernel::Game;
    let mut sim = s.clone();
    Explodo::apply(&mut sim, a).is_ok() && retrace_kernel::explodo::route::costs_a_life(s, &sim)
}

/// The danger overlay, from the real rules on a copy of the run where
/// nothing can kill you: the tiles that will burn at the end of this turn if
/// you wait (flame still burning from last turn included), and those that
/// will burn at the end of the next ([`danger_ahead`]'s 0 and 1).
pub fn danger(s: &State) -> (std::collections::BTreeSet<Pos>, std::collections::BTreeSet<Pos>) {
    let ahead = danger_ahead(s);
    let at = |k: u32| ahead.iter().filter(|&(_, &t)| t == k).map(|(&p, _)| p).collect();
    (at(0), at(1))
}

/// The most turns the overlay looks ahead: longer than any fuse (a fuse is
/// capped, and a chain adds its own) and than a fire's spread.
pub const DANGER_HORIZON: u32 = 16;

/// Every tile that will burn if you wait, and after how many more turns
/// (0: at the end of this one, 1: the next, ...), for as far as the bombs
/// on the board reach (issue 65 item 7, the spec's red outline): waits
/// played on a copy where nothing can kill you, until no bomb is left, the
/// level ends, or [`DANGER_HORIZON`].
pub fn danger_ahead(s: &State) -> std::collections::BTreeMap<Pos, u32> {
    use retrace_kernel::Game;
    let mut sim = s.clone();
    sim.run.setup.immortal = true;
    let mut burns: std::collections::BTreeMap<Pos, u32> =
        s.bombs.flames.iter().filter(|&&(_, until)| until >= s.run.turn).map(|&(p, _)| (p, 0)).collect();
    let level = sim.run.level;
    for k in 0..DANGER_HORIZON {
        if Explodo::apply(&mut sim, &Action::Wait).is_err() || sim.run.level != level {
            break;
        }
        // This turn's: flame still burning after it; later turns': all flame.
        let burning = sim.bombs.flames.iter().filter(|&&(_, until)| k > 0 || until > s.run.turn);
        for &(p, _) in burning {
            burns.entry(p).or_insert(k);
        }
        sim.run.dialogs.clear();
        if k >= 1 && sim.bombs.list.is_empty() {
            break;
        }
    }
    burns
}

/// What "What is that?" can explain on a tile: an enemy, then the tile's
/// object or block (the almanac's entry for it), or None.
pub fn thing_at(s: &State, p: Pos) -> Option<super::almanac::Entry> {
    use super::almanac::{Entry, Thing};
    use retrace_kernel::explodo::board::{Tile, BUSH, OIL, SPIKES};
    if let Some(e) = s.enemies.list.iter().find(|e| e.pos == p) {
        return Some(Entry::Enemy(e.kind));
    }
    if !s.board.layout.inside(p) {
        return None;
    }
    // What lies on the tile, then the tile itself: a bomb, flame, the exit
    // and the gem once they show (issue 43: "What is that?" explains them).
    let b = &s.board;
    if s.bombs.list.iter().any(|bomb| bomb.pos == p) {
        return Some(Entry::Thing(Thing::Bomb));
    }
    if s.bombs.flames.iter().any(|&(f, _)| f == p) {
        return Some(Entry::Thing(Thing::Flame));
    }
    if b.layout.exit == p && b.exit_revealed {
        return Some(Entry::Thing(Thing::Exit));
    }
    if b.layout.gem == p && b.gem_revealed && !b.gem_taken {
        return Some(Entry::Thing(Thing::Gem));
    }
    // A drop: its charge's entry, or coins.
    if let Some(d) = b.drops.iter().find(|d| d.pos == p) {
        return Some(match d.charge {
            Some((c, _)) => Entry::Charge(c),
            None => Entry::Thing(Thing::Coins),
        });
    }
    Some(Entry::Thing(match s.board.layout.tile(p) {
        Tile::Crate => Thing::Crate,
        Tile::Pillar | Tile::Cracked => Thing::Pillar,
        Tile::Metal => Thing::Metal,
        Tile::Barrel => Thing::Barrel,
        Tile::Rubble => Thing::Rubble,
        Tile::Wall => Thing::Wall,
        Tile::Floor if s.board.layout.has(p, BUSH) => Thing::Bush,
        Tile::Floor if s.board.layout.has(p, OIL) => Thing::Oil,
        Tile::Floor if s.board.layout.has(p, SPIKES) => Thing::Spikes,
        Tile::Floor => return None,
    }))
}

/// An enemy's next moves in words, as its arrows show them ("Next: right,
/// right, rests.").
pub fn next_moves(e: &retrace_kernel::explodo::Enemy) -> retrace_kernel::say::Say {
    use retrace_kernel::explodo::Step;
    let way = |d: Dir| match d {
        Dir::Up => "up",
        Dir::Down => "down",
        Dir::Left => "left",
        Dir::Right => "right",
    };
    let words: Vec<&'static str> = e
        .plan
        .iter()
        .map(|s| match *s {
            Step::Move(d) => way(d),
            Step::Dash(d) => match d {
                Dir::Up => "two up",
                Dir::Down => "two down",
                Dir::Left => "two left",
                Dir::Right => "two right",
            },
            Step::Rest => "rests",
        })
        .collect();
    if e.frozen > 0 {
        return retrace_kernel::say!("Frozen for {0} more turn(s).", e.frozen);
    }
    match words.as_slice() {
        [] => retrace_kernel::say!("Boxed in: it stays put."),
        [a] => retrace_kernel::say!("Next: {0}.", *a),
        [a, b] => retrace_kernel::say!("Next: {0}, {1}.", *a, *b),
        [a, b, c, ..] => retrace_kernel::say!("Next: {0}, {1}, {2}.", *a, *b, *c),
    }
}

/// The nearest tile from `from` with something to explain, strictly that
/// way along `d` when given (ties: the nearer across, then reading order).
pub fn next_thing(s: &State, from: Pos, d: Option<Dir>) -> Option<Pos> {
    let ahead = |p: Pos| match d {
        None => true,
        Some(Dir::Up) => p.y < from.y,
        Some(Dir::Down) => p.y > from.y,
        Some(Dir::Left) => p.x < from.x,
        Some(Dir::Right) => p.x > from.x,
    };
    let across = |p: Pos| match d {
        Some(Dir::Up | Dir::Down) => (p.x - from.x).abs(),
        Some(Dir::Left | Dir::Right) => (p.y - from.y).abs(),
        None => 0,
    };
    s.board
        .layout
        .positions()
        .filter(|&p| p != from && ahead(p) && thing_at(s, p).is_some())
        .min_by_key(|&p| (p.dist(from) + across(p), across(p), p.y, p.x))
}

/// A press from the keyboard's cursor keys or the pad, for the cursor and
/// the picked action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// Hop the cursor (waking it on you first).
    Hop(Dir),
    /// Act with this action on the cursor's tile (picked: as if its button
    /// was pressed first, so even a deadly one is done).
    Act(Mode, bool),
    /// The cursor tile's first action, or the picked one.
    Enter,
    /// Wait (on your own tile).
    Wait,
    /// Back out one step: the pick, the cursor to you, the cursor away,
    /// then the menu.
    Back,
    /// Bring the cursor back to you (and stop autopilot).
    Home,
    /// "What is that?" on or off.
    Ask,
}
