//! The demo (the run menu's Demo, and the home card): the scenes of
//! `retrace_kernel::explodo::scene`, made from the real rules when shown,
//! one after another in a fixed order (or shuffled), each with its caption,
//! the counter (12 / 35), a bar with the moment's mark, and ◀ ▶ ↺ and the
//! dice to move about.

//!
//! Its words are in `captions.rs`, its screen in `tv.rs`, the devices it
//! draws in `devices.rs`.

use super::captions::{caption_for, icon_of, to_play, tour_item};
use super::clip::Slot;
use super::devices::{controller, key_overlay, Brand, Input, Key};
use super::gesture;
use super::tv::{tv, Hand};
use crate::store::Lang;
use crate::ui::text::tr;
use eframe::egui::{self, RichText, Sense, Vec2};
use retrace_kernel::explodo::scene::{topics, Control, Thing, Topic};
use retrace_kernel::rng::Rng;

/// The demo's place and its clip.
pub struct Demo {
    /// The scene on show, an index into `order`.
    pub index: usize,
    /// Scenes in a random order (the dice).
    pub shuffle: bool,
    order: Vec<Topic>,
    /// Each input's place (an index into [`topics`]): each list keeps its
    /// own, as the spec's pad demo keeps its own saved place.
    places: [u32; 3],
    seed: u64,
    clip: Slot,
    /// The input the demo is shown for: the mouse's pointer on the board
    /// and its action bar, the keyboard's keys, or the controller.
    input: Input,
    /// The controller's brand its drawing shows (with Input: controller).
    pub brand: Brand,
    /// Opened by the game's opening (issue 43 item 8): any key but ← and →,
    /// a click on the television or a pad button plays.
    pub attract: bool,
}

/// Where the demo was, to go on from there at the next start: each
/// input's scene (an index into the scenes' fixed order, [`topics`]; mouse,
/// keyboard, controller) and the shuffle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The scene of each input, in [`Input::index`] order.
    pub scenes: [u32; 3],
    /// Shuffled.
    pub shuffle: bool,
}

/// Whether a scene is the pointer's alone (the spec leaves the long-press
/// bomb, auto-move, the top bar's tour and the charge swap out of the
/// keyboard's and the controller's lists).
pub fn pointer_only(t: Topic) -> bool {
    matches!(t, Topic::Control(Control::Hold | Control::AutoMove | Control::TopBar) | Topic::Thing(Thing::Swap))
}

/// Whether a scene is the keys' and the pad's alone (their cursor,
/// looking around, the menu: the spec's keyboard and pad scenes).
pub fn cursor_only(t: Topic) -> bool {
    matches!(t, Topic::Control(Control::Cursor | Control::Look | Control::Menu))
}

/// The scenes shown for `input`, in the demo's order.
pub fn list(input: Input) -> Vec<Topic> {
    let mouse = input == Input::Mouse;
    topics().into_iter().filter(|&t| if mouse { !cursor_only(t) } else { !pointer_only(t) }).collect()
}

impl Demo {
    /// The demo from its first scene; `seed` makes its variants.
    pub fn new(seed: u64) -> Demo {
        Demo {
            index: 0,
            shuffle: false,
            order: list(Input::Mouse),
            places: [0; 3],
            seed,
            clip: Slot::default(),
            input: Input::Mouse,
            brand: Brand::Xbox,
            attract: false,
        }
    }

    /// The demo for `input` at a remembered place (each input's scene, an
    /// index into the scenes' fixed order, wrapped), shuffled as it was.
    pub fn at(seed: u64, place: Place, input: Input) -> Demo {
        let mut d = Demo::new(seed);
        d.places = place.scenes;
        d.shuffle = place.shuffle;
        d.go_to_place(input);
        d
    }

    /// Its place to remember: the scene on show for this input, the other
    /// inputs' as they were, and the shuffle.
    pub fn place(&self) -> Place {
        let mut scenes = self.places;
        scenes[self.input.index()] = self.full_index();
        Place { scenes, shuffle: self.shuffle }
    }

    /// The scene on show as an index into the scenes' fixed order.
    fn full_index(&self) -> u32 {
        let here = self.topic();
        topics().iter().position(|&t| t == here).unwrap_or(0) as u32
    }

    /// Shows `input`'s list (shuffled or not) at its remembered place, or
    /// from its first scene when that scene is not in the list.
    fn go_to_place(&mut self, input: Input) {
        let all = topics();
        self.arrange(input, all[self.places[input.index()] as usize % all.len()]);
    }

    /// Shows `input`'s list, shuffled when the dice is on, at `target`
    /// (from its first scene when the list has no such scene).
    fn arrange(&mut self, input: Input, target: Topic) {
        self.input = input;
        self.order = list(input);
        if self.shuffle {
            Rng::stream(self.seed, "retrace.demo.shuffle").shuffle(&mut self.order);
        }
        self.index = self.order.iter().position(|&t| t == target).unwrap_or(0);
    }

    /// The scene on show.
    pub fn topic(&self) -> Topic {
        self.order[self.index]
    }

    /// How many scenes there are.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether there are none (never: every game has scenes).
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// Shows scene `i` (wrapping round either way).
    pub fn go(&mut self, i: isize) {
        let n = self.order.len() as isize;
        self.index = i.rem_euclid(n) as usize;
        self.seed = self.seed.wrapping_add(1);
        self.clip = Slot::default();
    }

    /// The input the demo is shown for.
    pub fn input(&self) -> Input {
        self.input
    }

    /// Shows the demo for `input`: its own list (the pointer's scenes left
    /// out for the keys and the controller) where that input left it (its
    /// first scene the first time), the scene starting again; the input
    /// left keeps its place.
    pub fn set_input(&mut self, input: Input) {
        self.places[self.input.index()] = self.full_index();
        self.go_to_place(input);
        self.clip = Slot::default();
    }

    /// Turns the random order on or off, staying on the scene on show.
    pub fn set_shuffle(&mut self, on: bool) {
        let here = self.topic();
        self.shuffle = on;
        self.arrange(self.input, here);
    }

    /// The demo's panel, `width` points wide: caption with its icon, the
    /// clip on the television with its bar, the keys it plays, the counter
    /// and buttons. A scene that has played once moves on to the next.
    /// Returns whether the television was clicked (in the opening's demo,
    /// that plays).
    pub fn ui(&mut self, ui: &mut egui::Ui, width: f32, lang: Lang) -> bool {
        let mut tv_clicked = false;
        let topic = self.topic();
        self.clip.show(Some(topic), self.seed);
        let (name, mut line) = caption_for(topic, lang, self.input);
        ui.horizontal(|ui| {
            if let Some(e) = icon_of(topic) {
                let (r, _) = ui.allocate_exact_size(Vec2::splat(28.0), Sense::hover());
                if let Some(c) = self.clip.clip() {
                    super::almanac::picture(ui.painter(), r, e, &c.frames[0]);
                }
            }
            ui.heading(name);
        });
        let input = self.input;
        // The action of the turn on show and how far through it: the keys
        // or the controller under the caption play it.
        let mut overlay = None;
        match self.clip.show(Some(topic), self.seed) {
            Some(c) => {
                let now = ui.input(|i| i.time);
                let k = c.advance(now);
                // The top bar throughout, as in play; the tour rings its items in turn.
                let tour = (topic == Topic::Control(Control::TopBar)).then(|| tour_item(c.progress(now)));
                let (_, ringed) = super::bars::top_bar_ringed(ui, &c.frames[k], lang, &|_| 1.0, tour);
                if let Some(item) = tour {
                    line = tr(lang, super::bars::bar_text(item));
                }
                let (rect, resp) = ui.allocate_exact_size(Vec2::new(width, width * 0.75 + 24.0), Sense::click());
                tv_clicked = resp.clicked();
                let t = c.phase(now);
                // The turn's presses, worked out once: the cursor on the
                // television and the keys or the controller under the caption.
                let keys = super::presses::presses(c, k, input);
                tv(ui.painter(), rect, c, k, now, Hand { input, keys: &keys, t, lang });
                if let Some(r) = ringed.filter(|_| input == Input::Mouse) {
                    gesture::paint_pointer(ui.painter(), r.center_bottom() - Vec2::new(0.0, 4.0), false, 20.0);
                }
                overlay = Some((keys, t));
                ui.ctx().request_repaint_after(std::time::Duration::from_millis(50));
            }
            None => {
                ui.label(tr(lang, "This scene could not be made."));
            }
        }
        ui.add(egui::Label::new(line).wrap());
        ui.horizontal(|ui| {
            ui.label(RichText::new(format!("{} / {}", self.index + 1, self.order.len())).monospace());
            let i = self.index as isize;
            if ui.button("◀").on_hover_text(tr(lang, "The scene before")).clicked() {
                self.go(i - 1);
            }
            if ui.button("▶").on_hover_text(tr(lang, "The next scene")).clicked() {
                self.go(i + 1);
            }
            if ui.button("↺").on_hover_text(tr(lang, "Back to the first")).clicked() {
                self.go(0);
            }
            let mut shuffle = self.shuffle;
            if ui.checkbox(&mut shuffle, tr(lang, "Shuffle")).changed() {
                self.set_shuffle(shuffle);
            }
            // The controller's brands in turn, then on to the next input.
            let label = match self.input {
                Input::Mouse => "Input: mouse",
                Input::Keyboard => "Input: keyboard",
                Input::Pad => self.brand.label(),
            };
            if ui.button(tr(lang, label)).clicked() {
                match self.brand.next().filter(|_| self.input == Input::Pad) {
                    Some(b) => self.brand = b,
                    None => {
                        self.brand = Brand::Xbox;
                        self.set_input(self.input.next());
                    }
                }
            }
        });
        if self.attract {
            ui.label(RichText::new(tr(lang, to_play(self.input))).strong());
        }
        if let Some((keys, t)) = overlay {
            under_the_caption(ui, input, &keys, t, width, self.brand);
        }
        if self.clip.clip().is_some_and(|c| c.loops > 0) {
            self.go(self.index as isize + 1);
        }
        tv_clicked
    }
}

/// The keys (keyboard) or the controller lit per press (pad) that play
/// the turn (`keys`, `t` through it); nothing for the mouse (its pointer
/// is on the television).
fn under_the_caption(ui: &mut egui::Ui, input: Input, keys: &[Key], t: f32, width: f32, brand: Brand) {
    match input {
        Input::Mouse => {}
        Input::Keyboard => {
            let (rect, _) = ui.allocate_exact_size(Vec2::new(width, 30.0), Sense::hover());
            key_overlay(ui.painter(), rect, keys, super::presses::lit_index(keys.len(), t));
        }
        Input::Pad => {
            let (pad, _) = ui.allocate_exact_size(Vec2::new(width, 96.0), Sense::hover());
            // The presses one after another through the turn, each lit a while.
            controller(ui.painter(), pad, super::presses::lit(keys, t), brand);
        }
    }
}

/// Scene `i` of the demo's order (wrapping round) for `seed`, as a replay
/// verified and opened in the watcher: the home card plays them one after
/// another. None if its search gave up.
pub fn scene_watch(i: usize, seed: u64) -> Option<crate::ui::watch::WatchView> {
    use retrace_kernel::explodo::{scene, Explodo};
    let all = topics();
    let found = scene::make(all[i % all.len()], seed).ok()?;
    let mut s = retrace_kernel::Session::<Explodo>::new(found.setup(), found.seed).ok()?;
    for a in &found.actions {
        s.push(*a).ok()?;
    }
    let bytes = s.to_replay(crate::APP_VERSION).to_bytes();
    crate::ui::watch::WatchView::open(&format!("demo: {}", found.topic.name()), &bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::explodo::bars::BarItem;
    use crate::ui::explodo::captions::TOUR;
    use crate::ui::explodo::clip::Clip;
    use crate::ui::explodo::devices::{keys_of, pad_of};
    use crate::ui::explodo::tv::burst;
    use retrace_kernel::explodo::board::Dir;
    use retrace_kernel::explodo::{Action, Aim};

    #[test]
    fn every_scene_opens_verified_in_the_watcher() {
        for i in 0..topics().len() {
            let w = scene_watch(i, 9).unwrap_or_else(|| panic!("scene {i}: {:?}", topics()[i]));
            assert_eq!(w.verified.game, "explodo");
            assert!(w.verified.steps >= 3);
        }
    }

    #[test]
    fn the_key_overlay_shows_the_keys_each_action_takes() {
        assert_eq!(keys_of(Action::Move(Dir::Left)), vec![Key::Arrow(Dir::Left)]);
        assert_eq!(keys_of(Action::Bomb(Dir::Up)), vec![Key::Letter("B"), Key::Arrow(Dir::Up)]);
        assert_eq!(keys_of(Action::Wait), vec![Key::Letter("Space")]);
        assert_eq!(keys_of(Action::UseCharge(Aim::Me)), vec![Key::Letter("V"), Key::Arrow(Dir::Up)]);
        // The pad: hop onto the tile, then the face button.
        let pad = pad_of(Action::Bomb(Dir::Right));
        assert_eq!(pad.len(), 2);
        assert_eq!(pad[0], Key::Arrow(Dir::Right));
        assert!(matches!(pad[1], Key::Face("X", _)));
        assert!(matches!(pad_of(Action::Wait)[..], [Key::Face("B", _)]));
    }

    /// The top bar's tour points at each item in turn through the scene.
    #[test]
    fn the_tour_rings_each_item_in_turn() {
        assert_eq!(tour_item(0.0), BarItem::Lives);
        assert_eq!(tour_item(1.0), BarItem::Charge);
        let seen: Vec<BarItem> = (0..100).map(|i| tour_item(i as f32 / 100.0)).collect();
        let mut order = seen.clone();
        order.dedup();
        assert_eq!(order, TOUR.to_vec(), "each once, in order");
    }

    /// The keys' and the controller's lists leave the pointer's scenes out;
    /// switching input stays on a scene both have, else starts the list,
    /// and the control scenes are worded for the input.
    #[test]
    fn each_input_has_its_list_and_its_words() {
        use retrace_kernel::explodo::scene::Thing;
        let count = |f: fn(Topic) -> bool| topics().iter().filter(|&&t| f(t)).count();
        assert_eq!(count(pointer_only), 4, "hold, auto-move, the top bar's tour, the swap");
        assert_eq!(count(cursor_only), 3, "the cursor, looking around, the menu");
        assert_eq!(list(Input::Mouse).len() + 3, topics().len());
        assert!(!list(Input::Mouse).contains(&Topic::Control(Control::Menu)));
        for input in [Input::Keyboard, Input::Pad] {
            let l = list(input);
            assert_eq!(l.len() + 4, topics().len());
            assert!(!l.contains(&Topic::Thing(Thing::Swap)) && !l.contains(&Topic::Control(Control::Hold)));
            assert!(l.contains(&Topic::Control(Control::Bomb)) && l.contains(&Topic::Control(Control::Look)));
        }
        let mut d = Demo::new(2);
        d.go(1);
        assert_eq!(d.topic(), Topic::Control(Control::Hold));
        d.set_input(Input::Pad);
        assert_eq!((d.index, d.topic()), (0, Topic::Control(Control::Step)), "Hold is not the pad's: its first");
        d.go(2);
        let pad_here = d.topic();
        d.set_input(Input::Keyboard);
        assert_eq!(d.index, 0, "the keys' list from its first");
        d.set_input(Input::Mouse);
        assert_eq!(d.topic(), Topic::Control(Control::Hold), "back where the mouse's list was left");
        let place = d.place();
        let full = |t: Topic| topics().iter().position(|&x| x == t).unwrap() as u32;
        assert_eq!(place.scenes, [full(Topic::Control(Control::Hold)), 0, full(pad_here)], "each input's own");
        let again = Demo::at(7, place, Input::Pad);
        assert_eq!((again.input(), again.topic()), (Input::Pad, pad_here), "the next start, on the pad, where it was");
        let step = Topic::Control(Control::Step);
        let words: std::collections::BTreeSet<&str> =
            [Input::Mouse, Input::Keyboard, Input::Pad].iter().map(|&i| caption_for(step, Lang::En, i).1).collect();
        assert_eq!(words.len(), 3, "{words:?}");
    }

    /// The controller's cursor starts on you and hops a tile a d-pad press,
    /// ending on the tile the action takes.
    #[test]
    fn the_pad_cursor_hops_to_the_actions_tile() {
        let c = Clip::new(Topic::Control(Control::Step), 1).unwrap();
        let k = c.scene.actions.iter().position(|a| matches!(a, Action::Move(_))).unwrap();
        let Some(Action::Move(d)) = c.action_at(k) else { unreachable!() };
        let me = c.frames[k].player.at;
        use super::super::presses::tests::cursor;
        let cursor_at = |k, t| cursor(&c, k, t, Input::Pad);
        assert_eq!(cursor_at(k, 0.0), Some(me.step(d)), "the d-pad press comes first");
        assert_eq!(cursor_at(k, 0.99), Some(c.frames[k + 1].player.at), "A steps where the cursor is");
        assert_eq!(cursor_at(c.frames.len() - 1, 0.5), None);
        assert_eq!(cursor(&c, k, 0.5, Input::Keyboard), None, "the keys' step needs none");
    }

    /// Interference comes now and then, briefly: some in a minute, off
    /// most of the time.
    #[test]
    fn interference_bursts_come_now_and_then() {
        let on = (0..6000).filter(|i| burst(f64::from(*i) * 0.01).is_some()).count();
        assert!((100..=600).contains(&on), "{on} of 6000 hundredths of a minute");
        let input = [Input::Mouse, Input::Keyboard, Input::Pad];
        assert!(input.iter().all(|i| i.next().next().next() == *i && i.next() != *i));
    }

    #[test]
    fn the_demo_wraps_round_and_shuffling_keeps_the_scene_on_show() {
        let mut d = Demo::new(3);
        assert_eq!(d.topic(), list(Input::Mouse)[0]);
        d.go(-1);
        assert_eq!(d.index, d.len() - 1);
        d.go(d.len() as isize);
        assert_eq!(d.index, 0);
        d.go(5);
        let here = d.topic();
        d.set_shuffle(true);
        assert_eq!(d.topic(), here);
        assert_ne!(d.order, list(Input::Mouse), "another order");
        let mut sorted = d.order.clone();
        sorted.sort();
        let mut all = list(Input::Mouse);
        all.sort();
        assert_eq!(sorted, all, "every scene once");
        d.set_shuffle(false);
        assert_eq!((d.topic(), d.order.clone()), (here, list(Input::Mouse)));
    }
}
