//! Explodorama's input: the picked action (`Mode`), what a tap on a tile or a
//! direction key does with it, the keys, and the assists that read ahead
//! (`deadly`, `danger`).

use super::ExplodoView;
use crate::store::Store;
use eframe::egui;
use retrace_kernel::explodo::board::{Diag, Dir, Pos, DIRS};
use retrace_kernel::explodo::items::{Charge, Power};
use retrace_kernel::explodo::{Action, Aim, Explodo, State};

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
    out.retain(|a| Explodo::apply(&mut s.clone(), a).is_ok());
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
        Mode::Charge => return tap(s, Mode::Charge, s.player.at.step(d)),
    })
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
/// will burn at the end of the next.
pub fn danger(s: &State) -> (std::collections::BTreeSet<Pos>, std::collections::BTreeSet<Pos>) {
    use retrace_kernel::Game;
    let mut sim = s.clone();
    sim.run.setup.immortal = true;
    let mut now: std::collections::BTreeSet<Pos> =
        s.bombs.flames.iter().filter(|&&(_, until)| until >= s.run.turn).map(|&(p, _)| p).collect();
    let mut next = std::collections::BTreeSet::new();
    let level = sim.run.level;
    if Explodo::apply(&mut sim, &Action::Wait).is_ok() && sim.run.level == level {
        now.extend(sim.bombs.flames.iter().filter(|&&(_, until)| until > s.run.turn).map(|&(p, _)| p));
        sim.run.dialogs.clear();
        if Explodo::apply(&mut sim, &Action::Wait).is_ok() && sim.run.level == level {
            next.extend(sim.bombs.flames.iter().map(|&(p, _)| p).filter(|p| !now.contains(p)));
        }
    }
    (now, next)
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

impl ExplodoView {
    /// Acts on `tile` as a click with `mode` does (the tile decides,
    /// [`choices`]): its one action, or "which?" where it allows several;
    /// with nothing picked and nothing to do there, a walk (auto-move) to
    /// it, or to beside it for a crate; with an action picked, a tile it
    /// cannot use cancels the pick.
    pub fn act_at(&mut self, store: &Store, mode: Mode, tile: Pos, picked: bool) {
        let s = self.session.state().clone();
        self.mode = mode;
        self.picked = picked;
        let options = choices(&s, mode, picked, tile);
        match options.as_slice() {
            [a] => {
                self.walking.walk = None;
                self.shortcut(store, *a);
            }
            [_, _, ..] => self.dialogs.which = Some(options),
            [] if !picked && mode == Mode::Move => match self.walk_target(tile) {
                Some(to) => {
                    self.walking.walk = Some(to);
                    self.walk_on(store);
                }
                None => self.message = Some("Nothing to do there.".into()),
            },
            [] => {
                self.picked = false;
                self.mode = Mode::Move;
            }
        }
    }

    /// Where a tap on `tile` with nothing picked walks you: the tile itself
    /// when auto-move has a way there, or for a crate the tile beside it
    /// with the shortest way (none when you stand beside it already).
    pub fn walk_target(&self, tile: Pos) -> Option<Pos> {
        self.walk_route(tile).map(|(to, _)| to)
    }

    /// [`ExplodoView::walk_target`] with auto-move's way there.
    pub fn walk_route(&self, tile: Pos) -> Option<(Pos, retrace_kernel::explodo::route::Route)> {
        use retrace_kernel::explodo::board::Tile;
        use retrace_kernel::explodo::route::route;
        let s = self.session.state();
        if !s.board.layout.inside(tile) || tile == s.player.at {
            return None;
        }
        if s.board.layout.tile(tile) != Tile::Crate {
            return if tile.king(s.player.at) > 1 { route(s, tile).map(|r| (tile, r)) } else { None };
        }
        if DIRS.iter().any(|&d| tile.step(d) == s.player.at) {
            return None;
        }
        DIRS.iter()
            .map(|&d| tile.step(d))
            .filter_map(|n| route(s, n).map(|r| (n, r)))
            .min_by_key(|(n, r)| (r.steps.len(), n.y, n.x))
    }

    /// Opens the almanac at what lies on `p`; false when there is nothing
    /// there to explain.
    pub fn explain_at(&mut self, p: Pos) -> bool {
        let s = self.session.state();
        let Some(e) = thing_at(s, p) else { return false };
        let mut a = super::almanac::Almanac::at(e);
        // The very thing asked about: an enemy's next moves; a drop's coins
        // or uses; and Walk there where a tap would walk (or step) there.
        a.note = s.enemies.list.iter().find(|e| e.pos == p).map(next_moves).or_else(|| {
            s.board.drops.iter().find(|d| d.pos == p).map(|d| match d.charge {
                Some((c, n)) => retrace_kernel::say!("{0}: {1} use(s).", c.name(), n),
                None => retrace_kernel::say!("{0} coins.", d.coins),
            })
        });
        a.walk = self.walk_target(p).or_else(|| {
            let step = choices(s, Mode::Move, false, p);
            matches!(step.as_slice(), [Action::Move(_) | Action::Diagonal(_)]).then_some(p)
        });
        self.dialogs.almanac = Some(a);
        true
    }

    /// One cursor press (keyboard or pad).
    pub fn press(&mut self, store: &Store, p: Press) {
        let s = self.session.state().clone();
        let me = s.player.at;
        if self.pointer.asking {
            match p {
                Press::Hop(d) => {
                    let from = self.pointer.cursor.unwrap_or(me);
                    if let Some(t) = next_thing(&s, from, Some(d)) {
                        self.pointer.cursor = Some(t);
                    }
                }
                Press::Enter | Press::Ask | Press::Act(Mode::Move, _) => {
                    if let Some(c) = self.pointer.cursor {
                        self.explain_at(c);
                    }
                    self.pointer.asking = false;
                    self.pointer.cursor = None;
                }
                Press::Home => self.pointer.cursor = Some(me),
                Press::Back | Press::Wait | Press::Act(..) => {
                    self.pointer.asking = false;
                    self.pointer.cursor = None;
                }
            }
            return;
        }
        match p {
            Press::Ask => {
                self.pointer.asking = true;
                self.pointer.cursor = next_thing(&s, me, None).or(Some(me));
            }
            Press::Hop(d) => {
                // It hops between the tiles that offer something (issue 43).
                self.pointer.cursor = Some(match self.pointer.cursor {
                    None => me,
                    Some(c) => self.hop(c, d),
                });
            }
            Press::Act(mode, picked) => {
                let Some(c) = self.pointer.cursor else {
                    self.mode = mode;
                    self.picked = true;
                    self.pointer.cursor = Some(me);
                    return;
                };
                self.act_at(store, mode, c, picked);
            }
            Press::Enter => {
                let c = self.pointer.cursor.unwrap_or(me);
                if self.picked {
                    self.act_at(store, self.mode, c, true);
                } else if c == me {
                    self.push(store, Action::Wait);
                } else if !choices(&s, Mode::Move, false, c).is_empty() || self.walk_target(c).is_some() {
                    self.act_at(store, Mode::Move, c, false);
                } else {
                    self.act_at(store, Mode::Bomb, c, false);
                }
            }
            Press::Wait => {
                if self.pointer.cursor.is_none_or(|c| c == me) {
                    self.push(store, Action::Wait);
                }
            }
            Press::Home => {
                self.mode = Mode::Move;
                self.picked = false;
                self.pointer.cursor = Some(me);
                if self.piloting() {
                    self.walking.pilot_stopped = true;
                }
            }
            Press::Back => {
                if self.picked {
                    self.picked = false;
                    self.mode = Mode::Move;
                } else if self.walking.walk.is_some() {
                    self.walking.walk = None;
                } else if self.pointer.cursor.is_some_and(|c| c != me) {
                    self.pointer.cursor = Some(me);
                } else if self.pointer.cursor.is_some() {
                    self.pointer.cursor = None;
                } else {
                    self.dialogs.menu = true;
                }
            }
        }
    }

    pub(super) fn keys(&mut self, ui: &egui::Ui, store: &Store) {
        if !self.session.state().run.dialogs.is_empty() || ui.ctx().egui_wants_keyboard_input() {
            return;
        }
        let step = self.session.step();
        self.board_keys(ui, store);
        // A key that took a turn is spent: a dialog the turn opened (the
        // gem's cards, the shop) must not read it again this frame.
        if self.session.step() != step {
            ui.ctx().input_mut(|i| {
                let spent = [
                    egui::Key::ArrowUp,
                    egui::Key::ArrowDown,
                    egui::Key::ArrowLeft,
                    egui::Key::ArrowRight,
                    egui::Key::Enter,
                    egui::Key::Space,
                ];
                i.events.retain(|e| !matches!(e, egui::Event::Key { key, pressed: true, .. } if spent.contains(key)));
            });
        }
    }

    fn board_keys(&mut self, ui: &egui::Ui, store: &Store) {
        use egui::Key;
        let pressed = |k: Key| ui.input(|i| i.key_pressed(k));
        let shift = ui.input(|i| i.modifiers.shift);
        if pressed(Key::Escape) {
            if self.dialogs.menu {
                self.dialogs.menu = false;
            } else {
                self.press(store, Press::Back);
            }
            return;
        }
        // Alt + arrows look around; Home follows you again.
        if ui.input(|i| i.modifiers.alt) {
            for (k, d) in [
                (Key::ArrowUp, (0.0, -1.0)),
                (Key::ArrowDown, (0.0, 1.0)),
                (Key::ArrowLeft, (-1.0, 0.0)),
                (Key::ArrowRight, (1.0, 0.0)),
            ] {
                if pressed(k) {
                    self.look_by(d);
                }
            }
            return;
        }
        if pressed(Key::Home) {
            self.screen.look = None;
        }
        if pressed(Key::Questionmark) || (shift && pressed(Key::Slash)) {
            self.press(store, Press::Ask);
            return;
        }
        for (keys, d) in [
            ([Key::ArrowUp, Key::W], Dir::Up),
            ([Key::ArrowDown, Key::S], Dir::Down),
            ([Key::ArrowLeft, Key::A], Dir::Left),
            ([Key::ArrowRight, Key::D], Dir::Right),
        ] {
            if keys.iter().any(|&k| pressed(k)) {
                if shift || self.pointer.asking {
                    self.press(store, Press::Hop(d));
                } else {
                    // A plain arrow puts the cursor away and takes the nearest tile that way.
                    self.pointer.cursor = None;
                    if let Some(a) = toward(self.session.state(), self.mode, d) {
                        self.shortcut(store, a);
                    }
                }
            }
        }
        if pressed(Key::Enter) {
            self.press(store, Press::Enter);
        }
        for (k, g) in
            [(Key::Q, Diag::UpLeft), (Key::E, Diag::UpRight), (Key::Z, Diag::DownLeft), (Key::C, Diag::DownRight)]
        {
            if pressed(k) {
                self.shortcut(store, Action::Diagonal(g));
            }
        }
        if pressed(Key::Space) {
            self.press(store, Press::Wait);
        }
        for (k, m) in [
            (Key::M, Mode::Move),
            (Key::B, Mode::Bomb),
            (Key::R, Mode::Run),
            (Key::L, Mode::Slide),
            (Key::K, Mode::Kick),
            (Key::T, Mode::Throw),
            (Key::F, Mode::Rpg),
            (Key::X, Mode::Detonate),
            (Key::G, Mode::Diagonal),
            (Key::V, Mode::Charge),
            (Key::P, Mode::Charge),
            (Key::I, Mode::Charge),
        ] {
            if pressed(k) && self.charge_key_refused(k) {
                continue;
            }
            if pressed(k) {
                if self.pointer.cursor.is_some() {
                    // On the cursor's tile: Move, Bomb and Charge as a tap
                    // does; the others as picked first.
                    let picked = !matches!(m, Mode::Move | Mode::Bomb | Mode::Charge);
                    self.press(store, Press::Act(m, picked));
                } else {
                    self.mode = m;
                    self.picked = true;
                }
            }
        }
    }

    /// Looks one tile further by `(dx, dy)` (Alt + arrows, the right
    /// stick), kept inside the board; Home or R3 follows you again.
    pub(super) fn look_by(&mut self, (dx, dy): (f32, f32)) {
        let s = self.session.state();
        let (x, y) = self.screen.look.unwrap_or_else(|| self.view_target(s));
        self.screen.look = Some((x + dx, y + dy));
        // Kept inside the board.
        self.screen.look = Some(self.view_target(self.session.state()));
    }

    /// P and I are the spec's keys for the Teleport and ICBM charges: the
    /// charge button's when that is the charge carried; otherwise the key
    /// says so and is refused (true).
    fn charge_key_refused(&mut self, k: egui::Key) -> bool {
        use retrace_kernel::explodo::items::Charge;
        let named = match k {
            egui::Key::P => Charge::Teleport,
            egui::Key::I => Charge::Icbm,
            _ => return false,
        };
        if self.session.state().player.charge.is_some_and(|(c, _)| c == named) {
            return false;
        }
        self.message = Some(retrace_kernel::say!("You carry no {0}.", named.name()));
        true
    }

    /// The pad's presses on the board (dialogs take theirs first): the
    /// d-pad hops the cursor, the face buttons are Move/Go (bottom), Bomb
    /// (left), Charge (top) and Wait (right, on your own tile); L1 brings
    /// the cursor back to you, R1 or Select is "What is that?", Start the menu.
    pub(super) fn pad_board(&mut self, store: &Store, b: crate::pad::Button) {
        use crate::pad::Button as P;
        let press = match b {
            P::Up => Press::Hop(Dir::Up),
            P::Down => Press::Hop(Dir::Down),
            P::Left => Press::Hop(Dir::Left),
            P::Right => Press::Hop(Dir::Right),
            P::South if self.pointer.cursor.is_none() => Press::Hop(Dir::Up),
            P::South => Press::Act(Mode::Move, false),
            P::West => Press::Act(Mode::Bomb, false),
            P::North => Press::Act(Mode::Charge, false),
            P::East => Press::Wait,
            P::LeftShoulder => Press::Home,
            P::RightShoulder | P::Select => Press::Ask,
            P::Start => {
                self.dialogs.menu = !self.dialogs.menu;
                return;
            }
            // The right stick looks around the board; R3 brings the view back.
            P::LookUp | P::LookDown | P::LookLeft | P::LookRight => {
                let d = match b {
                    P::LookUp => (0.0, -1.0),
                    P::LookDown => (0.0, 1.0),
                    P::LookLeft => (-1.0, 0.0),
                    _ => (1.0, 0.0),
                };
                self.look_by(d);
                return;
            }
            P::RightStick => {
                self.screen.look = None;
                return;
            }
        };
        // The first press only wakes the cursor on you.
        if self.pointer.cursor.is_none() && !matches!(press, Press::Wait | Press::Ask | Press::Home) {
            self.pointer.cursor = Some(self.session.state().player.at);
            return;
        }
        self.press(store, press);
    }
}
