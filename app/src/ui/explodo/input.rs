//! Explodorama's input: the picked action (`Mode`), what a tap on a tile or a
//! direction key does with it, the keys, and the assists that read ahead
//! (`deadly`, `danger`).

use super::ExplodoView;
use crate::store::Store;
use eframe::egui;
use retrace_kernel::explodo::board::{Diag, Dir, Pos};
use retrace_kernel::explodo::items::{Charge, Power};
use retrace_kernel::explodo::{Action, Aim, Explodo, State};

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
}

/// The action a click on `tile` makes with `mode` picked: next to you a step
/// or a bomb, two straight a run or a throw, further a slide or an RPG, a
/// diagonal neighbour a diagonal step; Detonate and tile-aimed charges take
/// the tile itself.
pub fn tap(s: &State, mode: Mode, tile: Pos) -> Option<Action> {
    let me = s.player;
    let (dx, dy) = (tile.x - me.x, tile.y - me.y);
    let straight = (dx == 0) != (dy == 0);
    let dist = dx.abs() + dy.abs();
    let dir = if !straight {
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
    match mode {
        Mode::Detonate => return Some(Action::Detonate(tile)),
        Mode::Charge => {
            return match s.carrying()? {
                Charge::Freeze => Some(Action::UseCharge(Aim::Me)),
                Charge::Decoy | Charge::Teleport => Some(Action::UseCharge(Aim::At(tile))),
                _ => dir.map(|d| Action::UseCharge(Aim::Dir(d))),
            }
        }
        _ => {}
    }
    if dx.abs() == 1 && dy.abs() == 1 {
        let g = match (dx, dy) {
            (-1, -1) => Diag::UpLeft,
            (1, -1) => Diag::UpRight,
            (-1, 1) => Diag::DownLeft,
            _ => Diag::DownRight,
        };
        return Some(Action::Diagonal(g));
    }
    let d = dir?;
    Some(match (mode, dist) {
        (Mode::Bomb, 1) => Action::Bomb(d),
        (Mode::Bomb | Mode::Throw, 2) if s.has(Power::Throw) => Action::Throw(d),
        (Mode::Bomb | Mode::Rpg, _) => Action::Rpg(d),
        (Mode::Kick, _) => Action::Kick(d),
        (_, 1) => Action::Move(d),
        (_, 2) if s.has(Power::Run) => Action::Run(d),
        _ => Action::Slide(d),
    })
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
        Mode::Detonate => return None,
        Mode::Charge => return tap(s, Mode::Charge, s.player.step(d)),
    })
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
    sim.setup.immortal = true;
    let mut now: std::collections::BTreeSet<Pos> =
        s.flames.iter().filter(|&&(_, until)| until >= s.turn).map(|&(p, _)| p).collect();
    let mut next = std::collections::BTreeSet::new();
    let level = sim.level;
    if Explodo::apply(&mut sim, &Action::Wait).is_ok() && sim.level == level {
        now.extend(sim.flames.iter().filter(|&&(_, until)| until > s.turn).map(|&(p, _)| p));
        sim.dialogs.clear();
        if Explodo::apply(&mut sim, &Action::Wait).is_ok() && sim.level == level {
            next.extend(sim.flames.iter().map(|&(p, _)| p).filter(|p| !now.contains(p)));
        }
    }
    (now, next)
}

impl ExplodoView {
    pub(super) fn keys(&mut self, ui: &egui::Ui, store: &Store) {
        if !self.session.state().dialogs.is_empty() || ui.ctx().egui_wants_keyboard_input() {
            return;
        }
        use egui::Key;
        let pressed = |k: Key| ui.input(|i| i.key_pressed(k));
        if pressed(Key::Escape) {
            self.walk = None;
        }
        for (keys, d) in [
            ([Key::ArrowUp, Key::W], Dir::Up),
            ([Key::ArrowDown, Key::S], Dir::Down),
            ([Key::ArrowLeft, Key::A], Dir::Left),
            ([Key::ArrowRight, Key::D], Dir::Right),
        ] {
            if keys.iter().any(|&k| pressed(k)) {
                if let Some(a) = toward(self.session.state(), self.mode, d) {
                    self.shortcut(store, a);
                }
            }
        }
        for (k, g) in
            [(Key::Q, Diag::UpLeft), (Key::E, Diag::UpRight), (Key::Z, Diag::DownLeft), (Key::C, Diag::DownRight)]
        {
            if pressed(k) {
                self.shortcut(store, Action::Diagonal(g));
            }
        }
        if pressed(Key::Space) {
            self.push(store, Action::Wait);
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
            (Key::V, Mode::Charge),
        ] {
            if pressed(k) {
                self.mode = m;
                self.picked = true;
            }
        }
    }
}
