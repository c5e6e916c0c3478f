//! `ExplodoView`'s methods for the part of the window in `walk.rs`.

use super::ExplodoView;
use crate::store::Store;
use crate::ui::explodo::input::{danger_ahead, deadly, Mode, Tried};
use crate::ui::explodo::menu::{self};
use crate::ui::explodo::walk::{Preview, WALK_ON};
use eframe::egui::{self};
use retrace_kernel::explodo::board::Pos;
use retrace_kernel::explodo::route::{autopilot, route, Route};
use retrace_kernel::explodo::{Action, Dialog, RunPhase};

impl ExplodoView {
    /// Autopilot has the board ([`Walking::piloting`](crate::ui::explodo::Walking::piloting)).
    pub fn piloting(&self) -> bool {
        self.walking.piloting(self.session.state())
    }

    /// What autopilot is about while it has the board ([`Walking::note`](crate::ui::explodo::Walking::note)).
    pub fn pilot_note(&self) -> Option<&'static str> {
        self.walking.note(self.session.state())
    }

    /// The preview for the current step, worked out when the step changed.
    pub(in crate::ui::explodo) fn preview(&mut self) -> &Preview {
        let step = self.session.step();
        if self.pointer.preview.as_ref().is_none_or(|p| p.step != step) {
            let s = self.session.state();
            let ahead = danger_ahead(s);
            let at = |k: u32| ahead.iter().filter(|&(_, &t)| t == k).map(|(&p, _)| p).collect();
            let (now, next) = (at(0), at(1));
            // Counted from this turn: the strong red tiles burn in 1, the light red in 2.
            let later = ahead.iter().filter(|&(_, &t)| t >= 2).map(|(&p, &t)| (p, t + 1)).collect();
            self.pointer.preview = Some(Preview { step, now, next, later, wait_deadly: deadly(s, &Action::Wait) });
        }
        self.pointer.preview.as_ref().expect("just set")
    }

    /// A shortcut (a key, or a click on the board with nothing picked) never
    /// makes a deadly move: it says so instead; picking the action first does.
    /// The rules are asked once: the turn tried is the turn played.
    pub fn shortcut(&mut self, store: &Store, a: Action) {
        match self.rules.try_turn(self.session.state(), a) {
            Ok(t) => self.play(store, t),
            Err(r) => {
                self.walking.walk = None;
                self.walking.pilot_stopped = false;
                self.refused(r);
                self.record(store);
            }
        }
    }

    /// Plays a tried turn as the player's own: it ends auto-move's walk and
    /// hands the turn back to a stopped autopilot, and a deadly one is
    /// refused unless its action was picked first.
    pub fn play(&mut self, store: &Store, t: Tried) {
        self.walking.walk = None;
        self.walking.pilot_stopped = false;
        if !self.picked && t.deadly {
            self.message =
                Some("That would cost a life. Pick the action first (its button or key) to do it anyway.".into());
            return;
        }
        self.commit(store, t);
    }

    /// One autopilot turn: its action, or it stops and says so.
    pub fn pilot(&mut self, store: &Store) {
        if !self.session.state().run.dialogs.is_empty() {
            return; // It waits for the dialog's answer.
        }
        match autopilot(self.session.state()) {
            Some(a) => {
                // The view stays where the player looks while the autopilot
                // walks (issue 62 item 14): its turns are not the player's.
                let look = self.screen.look;
                self.push(store, a);
                self.screen.look = look;
            }
            None => {
                self.walking.pilot_stopped = true;
                self.message = Some("Autopilot stopped · Your turn".into());
            }
        }
    }

    /// The way to `to` from where you stand now (cached for this step).
    pub fn route_to(&mut self, to: Pos) -> Option<Route> {
        let step = self.session.step();
        if !matches!(&self.walking.route, Some((st, t, _)) if *st == step && *t == to) {
            self.walking.route = Some((step, to, route(self.session.state(), to)));
        }
        self.walking.route.as_ref().and_then(|(_, _, r)| r.clone())
    }

    /// Auto-move: one step on the way to the destination, worked out again
    /// now; an unsafe next step waits (and says so); arriving, or no way at
    /// all, ends the walk.
    pub fn walk_on(&mut self, store: &Store) {
        let Some(to) = self.walking.walk else { return };
        match self.route_to(to) {
            Some(r) if r.safe => {
                self.push(store, r.steps[0]);
                if self.session.state().player.at == to || r.steps.len() == 1 {
                    self.walking.walk = None;
                } else if !self.session.state().enemies.list.is_empty() {
                    // While enemies are about the walk goes a step a click:
                    // say how to go on (issue 40).
                    self.message = Some(WALK_ON.into());
                }
            }
            Some(_) => {
                // The spec: Go falls back to picking Move, so you can step
                // aside yourself (the next step shows red).
                self.message = Some("The next step on the way is dangerous: waiting for you.".into());
                self.mode = Mode::Move;
                self.picked = true;
            }
            None => {
                self.walking.walk = None;
                self.message = Some("No way there from here.".into());
            }
        }
    }

    /// This frame's pad presses; a key or a click hands the screen back to
    /// the keyboard and mouse.
    pub(in crate::ui::explodo) fn pad_presses(&mut self, ui: &egui::Ui, store: &Store) {
        let handed_back = ui.input(|i| {
            i.events.iter().any(|e| matches!(e, egui::Event::Key { .. } | egui::Event::PointerButton { .. }))
        });
        if handed_back {
            self.pointer.pad_in_use = false;
        }
        for b in std::mem::take(&mut self.pad) {
            self.pointer.pad_in_use = true;
            self.pad_press(store, b);
        }
    }

    /// The run menu and New run's question by pad; true when one took the
    /// press.
    fn pad_menu(&mut self, b: crate::pad::Button) -> bool {
        use crate::pad::Button as P;
        // The demo by pad, as the spec says it (issue 62 item 14): in the
        // opening's, the confirm button held plays (a face button arrives
        // here once held), Start or LB ends it, the d-pad works it (← →
        // scenes, ↑ the shuffle, ↓ the first scene), R1 or View the next
        // input, and no other button plays; a demo from the menu keeps its
        // d-pad and shoulders for scenes and the right button leaves.
        if let Some(d) = &mut self.dialogs.demo {
            match b {
                P::South | P::Start | P::LeftShoulder if d.attract => self.dialogs.demo = None,
                P::Up if d.attract => d.set_shuffle(!d.place().shuffle),
                P::Down if d.attract => d.go(0),
                P::RightShoulder | P::Select if d.attract => d.set_input(d.input().next()),
                P::Left | P::LeftShoulder => d.go(d.index as isize - 1),
                P::Right | P::RightShoulder => d.go(d.index as isize + 1),
                P::East if !d.attract => self.dialogs.demo = None,
                _ => {}
            }
            return true;
        }
        // New run's question: the bottom button starts it, the right one not.
        if self.dialogs.confirm_new {
            self.dialogs.pad_answer = match b {
                P::South => Some(true),
                P::East => Some(false),
                _ => None,
            };
            return true;
        }
        // The run menu by pad: the d-pad walks its entries, the bottom
        // button presses the selected one, the right one closes it.
        if self.dialogs.menu {
            let n = menu::MENU.len();
            match b {
                P::Up | P::Left => self.dialogs.menu_sel = (self.dialogs.menu_sel + n - 1) % n,
                P::Down | P::Right => self.dialogs.menu_sel = (self.dialogs.menu_sel + 1) % n,
                P::South => self.menu_press(menu::MENU[self.dialogs.menu_sel % n]),
                P::East => self.dialogs.menu = false,
                _ => {}
            }
            return true;
        }
        false
    }

    /// One pad press: a dialog or banner on show takes it (the d-pad moves
    /// the selection, the bottom button is the main one, the right one
    /// leaves), else the board ([`ExplodoView::pad_board`]).
    pub(in crate::ui::explodo) fn pad_press(&mut self, store: &Store, b: crate::pad::Button) {
        use crate::pad::Button as P;
        // Start opens the menu, except over the demo, which it ends.
        if b == P::Start && self.dialogs.demo.is_none() {
            self.dialogs.menu = !self.dialogs.menu;
            return;
        }
        if self.pad_menu(b) {
            return;
        }
        if self.piloting() {
            match b {
                P::LeftShoulder => self.walking.pilot_stopped = true,
                // The right stick looks around while the autopilot walks.
                P::LookUp | P::LookDown | P::LookLeft | P::LookRight | P::RightStick => self.pad_board(store, b),
                _ => {}
            }
            return;
        }
        if self.dialogs.explain.is_some() {
            if matches!(b, P::South | P::East) {
                self.dialogs.explain = None;
            }
            return;
        }
        if self.dialogs.what.is_some() {
            if matches!(b, P::South | P::East) {
                self.dialogs.what = None;
            }
            return;
        }
        // "Which?": the face buttons in the window's order, the right one cancels.
        if let Some(options) = self.dialogs.which.clone() {
            let pick = match b {
                P::South => options.first(),
                P::West => options.get(1),
                P::North => options.get(2),
                _ => None,
            };
            if let Some(&a) = pick {
                self.dialogs.which = None;
                self.shortcut(store, a);
            } else if b == P::East {
                self.dialogs.which = None;
            }
            return;
        }
        // The almanac by pad: LB and RB switch its tabs, the d-pad its
        // entries, the right button closes it.
        if let Some(a) = &mut self.dialogs.almanac {
            match b {
                P::LeftShoulder => a.switch_tab(-1),
                P::RightShoulder | P::Select => a.switch_tab(1),
                P::Up | P::Left => a.step_entry(-1),
                P::Down | P::Right => a.step_entry(1),
                P::East => self.dialogs.almanac = None,
                _ => {}
            }
            return;
        }
        if self.dialogs.death.is_some() {
            if matches!(b, P::South | P::East) && self.session.state().run.phase == RunPhase::Playing {
                self.dialogs.death = None;
            }
            return;
        }
        if self.dialogs.cleared.is_some() {
            if b == P::South {
                self.dialogs.cleared = None;
            }
            return;
        }
        let s = self.session.state().clone();
        let Some(top) = s.run.dialogs.last() else { return self.pad_board(store, b) };
        let step = |sel: usize, len: usize, ok: &dyn Fn(usize) -> bool| match b {
            P::Up | P::Left => (0..sel).rev().find(|&i| ok(i)).unwrap_or(sel),
            P::Down | P::Right => (sel + 1..len).find(|&i| ok(i)).unwrap_or(sel),
            _ => sel,
        };
        let answer = match top {
            Dialog::Gem { cards, .. } => {
                self.dialogs.selected =
                    step(self.dialogs.selected.min(cards.len().saturating_sub(1)), cards.len(), &|_| true);
                (b == P::South).then_some(Action::Choose(self.dialogs.selected as u8))
            }
            Dialog::Shop { items, .. } => {
                let on_shelf = |i: usize| items.get(i).is_some_and(Option::is_some);
                self.dialogs.selected = step(self.dialogs.selected, items.len(), &on_shelf);
                match b {
                    P::South if on_shelf(self.dialogs.selected) => Some(Action::Buy(self.dialogs.selected as u8)),
                    P::North => Some(Action::Restock),
                    P::West => Some(Action::LeaveShop),
                    _ => None,
                }
            }
            Dialog::Swap { .. } => match b {
                P::South => Some(Action::TakeCharge),
                P::East => Some(Action::KeepCharge),
                P::North => Some(Action::FreezeFirst),
                _ => None,
            },
        };
        if let Some(a) = answer {
            self.push(store, a);
        }
    }
}
