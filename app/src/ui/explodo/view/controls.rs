//! `ExplodoView`'s methods for the part of the window in `input.rs`.

use super::ExplodoView;
use crate::store::Store;
use crate::ui::explodo::input::{choices, next_moves, next_thing, thing_at, toward, tried_choices, Mode, Press};
use eframe::egui;
use retrace_kernel::explodo::board::{Diag, Dir, Pos, DIRS};
use retrace_kernel::explodo::Action;

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
        let reach = self.reach();
        let mut tried = tried_choices(&mut self.rules, &s, &reach, mode, picked, tile);
        match tried.len() {
            1 => {
                self.walking.walk = None;
                self.play(store, tried.pop().expect("one"));
            }
            2.. => self.dialogs.which = Some(tried.into_iter().map(|t| t.action).collect()),
            0 if !picked && mode == Mode::Move => match self.walk_target(tile) {
                Some(to) => {
                    self.walking.walk = Some(to);
                    self.walk_on(store);
                }
                // A tap where no walk goes (a wall) ends auto-move's walk
                // (issue 62 item 14: a regression had it walk on).
                None => {
                    self.walking.walk = None;
                    self.message = Some("Nothing to do there.".into());
                }
            },
            0 => {
                self.picked = false;
                self.mode = Mode::Move;
                self.walking.walk = None;
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
        let mut a = crate::ui::explodo::almanac::Almanac::at(e);
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

    pub(in crate::ui::explodo) fn keys(&mut self, ui: &egui::Ui, store: &Store) {
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
        if self.look_keys(ui) {
            return;
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

    /// Alt + arrows look around, Home follows you again: the keys that only
    /// move the view, which work while the autopilot walks too (issue 62
    /// item 14). Whether Alt was held (the arrows were the view's).
    pub(in crate::ui::explodo) fn look_keys(&mut self, ui: &egui::Ui) -> bool {
        use egui::Key;
        let pressed = |k: Key| ui.input(|i| i.key_pressed(k));
        if pressed(Key::Home) {
            self.screen.look = None;
        }
        if !ui.input(|i| i.modifiers.alt) {
            return false;
        }
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
        true
    }

    /// Looks one tile further by `(dx, dy)` (Alt + arrows, the right
    /// stick), kept inside the board; Home or R3 follows you again.
    pub(in crate::ui::explodo) fn look_by(&mut self, (dx, dy): (f32, f32)) {
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
    pub(in crate::ui::explodo) fn pad_board(&mut self, store: &Store, b: crate::pad::Button) {
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
