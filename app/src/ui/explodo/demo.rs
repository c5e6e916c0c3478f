//! The demo (the run menu's Demo, and the home card): the scenes of
//! `retrace_kernel::explodo::scene`, made from the real rules when shown,
//! one after another in a fixed order (or shuffled), each with its caption,
//! the counter (12 / 35), a bar with the moment's mark, and ◀ ▶ ↺ and the
//! dice to move about.

use super::clip::{Clip, Slot};
use super::gesture;
use super::BarItem;
use crate::store::Lang;
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText, Sense, Vec2};
use retrace_kernel::explodo::board::Dir;
use retrace_kernel::explodo::scene::{topics, Control, Mishap, Thing, Topic};
use retrace_kernel::explodo::{Action, Aim};
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

/// What the demo is shown for (its Input button cycles through them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Input {
    /// The pointer plays each turn on the board and the action bar.
    #[default]
    Mouse,
    /// The keys each turn takes, as key caps under the television.
    Keyboard,
    /// A controller drawn under the television, its buttons lit per press.
    Pad,
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

impl Input {
    /// Its slot in a [`Place`].
    pub fn index(self) -> usize {
        match self {
            Input::Mouse => 0,
            Input::Keyboard => 1,
            Input::Pad => 2,
        }
    }

    /// The next in the button's cycle.
    pub fn next(self) -> Input {
        match self {
            Input::Mouse => Input::Keyboard,
            Input::Keyboard => Input::Pad,
            Input::Pad => Input::Mouse,
        }
    }
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

/// The line that says how the opening's demo ends, for `input`.
pub fn to_play(input: Input) -> &'static str {
    match input {
        Input::Mouse => "Click anywhere to play",
        Input::Keyboard => "Press any key but the left and right arrows to play",
        Input::Pad => "Press any button to play",
    }
}

/// The top bar's items the tour points at, in order.
pub const TOUR: [BarItem; 9] = [
    BarItem::Lives,
    BarItem::Level,
    BarItem::Enemies,
    BarItem::Coins,
    BarItem::Turn,
    BarItem::Bombs,
    BarItem::Blast,
    BarItem::Fuse,
    BarItem::Charge,
];

/// The item the top bar's tour points at `progress` (0 to 1) through the
/// scene: each in turn, the last held to the end.
pub fn tour_item(progress: f32) -> BarItem {
    TOUR[((progress * TOUR.len() as f32) as usize).min(TOUR.len() - 1)]
}

/// The almanac entry whose picture is a scene's icon (None: none).
pub fn icon_of(t: Topic) -> Option<super::almanac::Entry> {
    use super::almanac::{Entry, Thing as T};
    Some(match t {
        Topic::Power(p) => Entry::Power(p),
        Topic::Charge(c) => Entry::Charge(c),
        Topic::Enemy(k) => Entry::Enemy(k),
        Topic::Thing(Thing::Bush | Thing::BushFire) => Entry::Thing(T::Bush),
        Topic::Thing(Thing::Metal) => Entry::Thing(T::Metal),
        Topic::Thing(Thing::Oil | Thing::OilSlide) => Entry::Thing(T::Oil),
        Topic::Thing(Thing::Spikes) => Entry::Thing(T::Spikes),
        Topic::Thing(Thing::Barrel) => Entry::Thing(T::Barrel),
        Topic::Thing(Thing::Drops | Thing::Purse) => Entry::Thing(T::Coins),
        Topic::Thing(Thing::Gem) => Entry::Thing(T::Gem),
        Topic::Thing(Thing::Exit | Thing::BlastedExit) => Entry::Thing(T::Exit),
        Topic::Thing(Thing::Lingering) => Entry::Thing(T::Flame),
        _ => return None,
    })
}

/// What a scene is about, in the window's language (its caption's line).
pub fn caption(t: Topic, lang: Lang) -> (&'static str, &'static str) {
    caption_for(t, lang, Input::Keyboard)
}

/// A scene's caption worded for `input`: the control scenes say how the
/// mouse, the keys or the controller play them; the rest read alike.
pub fn caption_for(t: Topic, lang: Lang, input: Input) -> (&'static str, &'static str) {
    match t {
        Topic::Power(p) => (super::power_name(p, lang), super::power_text(p, lang)),
        Topic::Charge(c) => (super::charge_name(c, lang), super::charge_text(c, lang)),
        Topic::Enemy(k) => (super::kind_name(k, lang), super::almanac::kind_text(k, lang)),
        Topic::Control(c) => {
            let (name, line) = control_text(c, lang);
            let by = match (input, c) {
                (Input::Mouse, Control::Step) => "Click a tile next to you: one step.",
                (Input::Mouse, Control::Bomb) => {
                    "The Bomb button, then a tile next to you: a bomb. Get out of its cross."
                }
                (Input::Mouse, Control::Wait) => "The Wait button waits a turn: the world moves, you stay.",
                (Input::Keyboard, Control::Ask) => {
                    "? wakes a cursor: the arrows take it to an enemy, and Enter says what it is."
                }
                (Input::Pad, Control::Step) => "The d-pad puts the cursor on a tile next to you; A steps there.",
                (Input::Pad, Control::Bomb) => {
                    "The d-pad puts the cursor on a tile next to you; X puts a bomb there. Get out of its cross."
                }
                (Input::Pad, Control::Wait) => "B waits a turn: the world moves, you stay.",
                (Input::Pad, Control::Cursor) => {
                    "The d-pad takes the cursor to a far tile; A walks you there, a step a turn."
                }
                (Input::Pad, Control::Ask) => "R1 puts the cursor on an enemy; A says what it is and where it goes.",
                (Input::Pad, Control::Look) => {
                    "The right stick looks around the board; pressing it brings the view back to you."
                }
                (Input::Pad, Control::Menu) => "Start opens the run menu; B closes it.",
                _ => return (name, line),
            };
            (name, tr(lang, by))
        }
        Topic::Thing(t) => thing_text(t, lang),
        Topic::Mishap(m) => mishap_text(m, lang),
    }
}

/// A control scene's caption, in the window's language.
fn control_text(c: Control, lang: Lang) -> (&'static str, &'static str) {
    let (name, text) = match c {
        Control::Step => ("Step", "An arrow key (or a click next to you) steps one tile."),
        Control::Bomb => ("Bomb", "B, then an arrow: a bomb next to you. Get out of its cross."),
        Control::Wait => ("Wait", "Space waits a turn: the world moves, you stay."),
        Control::Hold => {
            ("Hold to bomb", "Press and hold a tile next to you: a ring closes, and letting go puts the bomb there.")
        }
        Control::AutoMove => ("Auto-move", "Click a far tile, then Go: you walk there a step a turn."),
        Control::TopBar => (
            "The top bar",
            "The top bar: lives, level, enemies left, coins, turn and par, your bombs, and what you hold.",
        ),
        Control::Ask => {
            ("What is that?", "Press ? (or the ? button), then click anything on the board to have it explained.")
        }
        Control::Cursor => {
            ("The cursor", "Shift and the arrows take a cursor to a far tile; Enter walks you there, a step a turn.")
        }
        Control::Look => {
            ("Looking around", "Alt and the arrows look around the board; Home brings the view back to you.")
        }
        Control::Menu => {
            ("The menu", "Esc opens the run menu: a new run, the almanac, the scores, the demo. Esc closes it.")
        }
    };
    (tr(lang, name), tr(lang, text))
}

/// A thing's scene caption, in the window's language.
fn thing_text(t: Thing, lang: Lang) -> (&'static str, &'static str) {
    let (name, text) = match t {
        Thing::Bush => ("Bush", "In a bush enemies lose sight of you."),
        Thing::BushFire => ("Bush fire", "Flame creeps on through bushes, a tile a turn."),
        Thing::Metal => ("Metal crate", "Flame stops at a metal crate."),
        Thing::Oil => ("Oil spill", "A spill burns all at once."),
        Thing::OilSlide => ("Oil slide", "Step on oil and you slide along it."),
        Thing::Spikes => ("Spikes", "Cross spikes while they are down."),
        Thing::Barrel => ("Oil barrel", "Flame bursts a barrel, and it goes off."),
        Thing::Chain => ("Chain reaction", "A blast sets off another bomb at once."),
        Thing::Drops => ("Coins", "Walk over coins to pick them up."),
        Thing::Purse => ("Bronze, silver, gold", "A bronze coin is worth 1, silver 2 and gold 5."),
        Thing::Arrows => {
            ("Enemy arrows", "An enemy's arrows show where it goes next: bomb that tile and it walks into the blast.")
        }
        Thing::Escape => ("A narrow escape", "One step out of the bomb's cross is enough, even right beside it."),
        Thing::Lingering => ("Lingering flame", "Flame burns on for one more turn after its blast."),
        Thing::Swap => {
            ("Charge swap", "You carry one charge: picking up another asks which to keep, and the other is sold.")
        }
        Thing::BlastedExit => ("Blasting the exit", "Flame on the uncovered exit lets three enemies out."),
        Thing::Gem => ("Gem", "The gem offers a choice of power-ups and charges."),
        Thing::Exit => ("Exit", "Once every enemy is gone, walk out by the exit."),
    };
    (tr(lang, name), tr(lang, text))
}

/// A way to lose a life, as a caption, in the window's language.
fn mishap_text(m: Mishap, lang: Lang) -> (&'static str, &'static str) {
    let (name, text) = match m {
        Mishap::IntoBlast => ("Into a blast", "Stepping into a bomb's cross as it goes off costs a life."),
        Mishap::NotFarEnough => ("Not far enough", "One step is not enough: get out of the cross."),
        Mishap::TouchEnemy => ("Touching an enemy", "An enemy's arrows show where it goes: keep off them."),
        Mishap::BlockedIn => ("Blocked in", "A bomb in your only way out leaves you nowhere to go."),
        Mishap::ChainBlast => ("Set off by another", "Out of one bomb's cross is not enough if it sets off another."),
        Mishap::Detonated => ("Detonator too close", "The Detonator sets a bomb off at once: step away first."),
        Mishap::RunInto => ("A run into an enemy", "A run takes two tiles at once: an enemy on the way ends it."),
    };
    (tr(lang, name), tr(lang, text))
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
                let (_, ringed) = super::top_bar_ringed(ui, &c.frames[k], lang, &|_| 1.0, tour);
                if let Some(item) = tour {
                    line = tr(lang, super::bar_text(item));
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

/// The demo's old CRT television: a dark bezel round rounded glass at most
/// 4:3 wide (the scene centred, black beside it), scan lines, a vignette,
/// a faint glow, a dark bar rolling down and a bright line sweeping across,
/// with the scene's bar inside the glass along its bottom edge. Painted
/// effects only: the board under it is the kernel's frame `k`.
pub fn tv(painter: &egui::Painter, rect: egui::Rect, clip: &Clip, k: usize, now: f64, hand: Hand<'_>) {
    let pointer = (hand.input == Input::Mouse).then_some((hand.t, hand.lang));
    let glass = tv_glass(painter, rect);
    let screen = glass.shrink(10.0);
    // An interference burst shakes the picture sideways for a moment.
    let shake = burst(now).map_or(0.0, |b| (b * 37.0).sin() * 6.0);
    let picture = egui::Rect::from_min_max(screen.min, egui::pos2(screen.max.x, screen.max.y - 8.0))
        .translate(Vec2::new(shake, 0.0));
    let inside = painter.with_clip_rect(glass);
    let bar_h = if pointer.is_some() { (picture.height() * 0.08).clamp(16.0, 28.0) } else { 0.0 };
    let mut layout = gesture::Layout::of(&clip.frames[k], picture, bar_h);
    // Looking around: the board twice the size, slid about, cut by the glass.
    let (zoom, slide) = super::presses::view_of(clip, k, hand.t);
    if zoom > 1.0 {
        let centre = layout.board.center() - slide * layout.cell * zoom;
        layout.board = egui::Rect::from_center_size(centre, layout.board.size() * zoom);
        layout.cell *= zoom;
    }
    clip.paint_frame(&inside.with_clip_rect(picture.intersect(glass)), layout.board, k);
    fringes(&inside, layout.board);
    match pointer {
        Some((t, lang)) => gesture::paint(&inside, &layout, clip, k, t, lang),
        None => gesture::paint_cards(&inside, &layout, clip, k, hand.lang),
    }
    if let Some(at) = super::presses::cursor_at(clip, k, hand.t, hand.input, hand.keys) {
        dashed_cursor(&inside, &layout, at);
    }
    let bar = egui::Rect::from_min_max(egui::pos2(screen.min.x, screen.max.y - 4.0), screen.max);
    clip.paint_bar(painter, bar, k);
    tv_effects(painter, glass, now);
}

/// Who plays the scene on the television, and how far through the turn:
/// the mouse's pointer, the controller's dashed cursor, or (the keyboard)
/// the key caps under the caption alone.
#[derive(Clone, Copy)]
pub struct Hand<'a> {
    /// The input the demo is shown for.
    pub input: Input,
    /// The keys or buttons the turn takes ([`super::presses::presses`]).
    pub keys: &'a [Key],
    /// How far through the turn (0 to 1).
    pub t: f32,
    /// The window's language (the action bar's words).
    pub lang: Lang,
}

/// The controller's cursor: a dashed white square round tile `at`.
fn dashed_cursor(painter: &egui::Painter, l: &gesture::Layout, at: retrace_kernel::explodo::board::Pos) {
    let r = egui::Rect::from_center_size(l.centre(at), Vec2::splat(l.cell * 0.92));
    let corners = [r.left_top(), r.right_top(), r.right_bottom(), r.left_bottom(), r.left_top()];
    let dash = (l.cell * 0.12).max(3.0);
    painter.extend(egui::Shape::dashed_line(&corners, egui::Stroke::new(2.5, Color32::WHITE), dash, dash * 0.7));
}

/// Whether an interference burst is on at `now` (now and then, as if a
/// vacuum cleaner were switched on nearby): how far into it, in seconds.
pub fn burst(now: f64) -> Option<f32> {
    // About one burst of 0.45 s every 9 s, at uneven times.
    let period = 9.0;
    let n = (now / period).floor();
    let offset = (n * 12.9898).sin().abs() * 6.0;
    let into = now - n * period - offset;
    (0.0..0.45).contains(&into).then_some(into as f32)
}

/// Colour fringes: the picture's edges doubled faintly in red to the left
/// and blue to the right, as an old set's misconverged beams draw them.
fn fringes(painter: &egui::Painter, board: egui::Rect) {
    let red = Color32::from_rgba_unmultiplied(255, 40, 40, 40);
    let blue = Color32::from_rgba_unmultiplied(40, 120, 255, 40);
    painter.rect_stroke(
        board.translate(Vec2::new(-1.5, 0.0)),
        2.0,
        egui::Stroke::new(1.5, red),
        egui::StrokeKind::Middle,
    );
    painter.rect_stroke(
        board.translate(Vec2::new(1.5, 0.0)),
        2.0,
        egui::Stroke::new(1.5, blue),
        egui::StrokeKind::Middle,
    );
}

/// The television's bezel and its dark glass (at most 4:3 wide, centred
/// in `rect`); returns the glass, where the picture goes.
pub fn tv_glass(painter: &egui::Painter, rect: egui::Rect) -> egui::Rect {
    painter.rect_filled(rect, 18.0, Color32::from_rgb(28, 26, 24));
    painter.rect_stroke(rect, 18.0, egui::Stroke::new(2.0, Color32::from_gray(70)), egui::StrokeKind::Inside);
    let inner = rect.shrink2(Vec2::new(16.0, 14.0));
    let glass = egui::Rect::from_center_size(
        inner.center(),
        Vec2::new(inner.width().min(inner.height() * 4.0 / 3.0), inner.height()),
    );
    painter.rect_filled(glass, 14.0, Color32::BLACK);
    glass
}

/// The glass's effects over the picture: scan lines, a dark bar rolling
/// down, a bright line sweeping across, a vignette, a faint glow, the rim.
pub fn tv_effects(painter: &egui::Painter, glass: egui::Rect, now: f64) {
    // Scan lines.
    let mut y = glass.top();
    while y < glass.bottom() {
        painter.line_segment(
            [egui::pos2(glass.left(), y), egui::pos2(glass.right(), y)],
            egui::Stroke::new(1.0, Color32::from_black_alpha(50)),
        );
        y += 3.0;
    }
    // A dark bar rolling down, a bright line sweeping across.
    let roll = ((now * 0.25).fract() as f32) * (glass.height() + 40.0) - 20.0;
    let band = egui::Rect::from_min_size(egui::pos2(glass.left(), glass.top() + roll), Vec2::new(glass.width(), 20.0))
        .intersect(glass);
    if band.height() > 0.0 {
        painter.rect_filled(band, 0.0, Color32::from_black_alpha(45));
    }
    let sweep = ((now * 0.7).fract() as f32) * glass.height();
    painter.line_segment(
        [egui::pos2(glass.left(), glass.top() + sweep), egui::pos2(glass.right(), glass.top() + sweep)],
        egui::Stroke::new(1.0, Color32::from_white_alpha(28)),
    );
    // Faint static: specks that change every frame of the set (20 a second).
    let tick = (now * 20.0).floor() as u64;
    let mut rng = Rng::stream(tick, "retrace.demo.static");
    let bursting = burst(now);
    let specks = if bursting.is_some() { 260 } else { 70 };
    for _ in 0..specks {
        let x = glass.left() + rng.below(1000) as f32 / 1000.0 * glass.width();
        let y = glass.top() + rng.below(1000) as f32 / 1000.0 * glass.height();
        let grey = 120 + rng.below(135) as u8;
        painter.rect_filled(
            egui::Rect::from_min_size(egui::pos2(x, y), Vec2::new(2.0, 1.0)),
            0.0,
            Color32::from_rgba_unmultiplied(grey, grey, grey, 50),
        );
    }
    // An interference burst: bright streaks across the glass.
    if bursting.is_some() {
        for _ in 0..6 {
            let y = glass.top() + rng.below(1000) as f32 / 1000.0 * glass.height();
            let h = 1.0 + rng.below(4) as f32;
            painter.rect_filled(
                egui::Rect::from_min_size(egui::pos2(glass.left(), y), Vec2::new(glass.width(), h)),
                0.0,
                Color32::from_white_alpha(40),
            );
        }
    }
    // A vignette and the glass's glow and rim.
    for i in 0..6 {
        let inset = f32::from(i) * 4.0;
        painter.rect_stroke(
            glass.shrink(inset),
            14.0,
            egui::Stroke::new(4.0, Color32::from_black_alpha(70 - i * 11)),
            egui::StrokeKind::Inside,
        );
    }
    painter.rect_filled(glass, 14.0, Color32::from_rgba_unmultiplied(120, 200, 255, 8));
    painter.rect_stroke(glass, 14.0, egui::Stroke::new(1.5, Color32::from_white_alpha(30)), egui::StrokeKind::Inside);
}

/// The keys a scene's action takes, as the keyboard plays it: a plain arrow
/// for a step, B (or another action's letter) then an arrow, Space to wait,
/// V for a charge, Shift + arrows and Enter for a tile.
pub fn keys_of(a: Action) -> Vec<Key> {
    let arrow = Key::Arrow;
    match a {
        Action::Move(d) => vec![arrow(d)],
        Action::Bomb(d) => vec![Key::Letter("B"), arrow(d)],
        Action::Wait => vec![Key::Letter("Space")],
        Action::Run(d) => vec![Key::Letter("R"), arrow(d)],
        Action::Slide(d) => vec![Key::Letter("L"), arrow(d)],
        Action::Kick(d) => vec![Key::Letter("K"), arrow(d)],
        Action::Throw(d) => vec![Key::Letter("T"), arrow(d)],
        Action::Rpg(d) => vec![Key::Letter("F"), arrow(d)],
        Action::Diagonal(g) => vec![Key::Letter(match g {
            retrace_kernel::explodo::board::Diag::UpLeft => "Q",
            retrace_kernel::explodo::board::Diag::UpRight => "E",
            retrace_kernel::explodo::board::Diag::DownLeft => "Z",
            retrace_kernel::explodo::board::Diag::DownRight => "C",
        })],
        Action::Detonate(_) => vec![Key::Letter("Shift"), Key::Letter("X")],
        Action::UseCharge(Aim::Dir(d)) => vec![Key::Letter("V"), arrow(d)],
        // Freeze: V, then any arrow (it needs no aim).
        Action::UseCharge(Aim::Me) => vec![Key::Letter("V"), arrow(Dir::Up)],
        Action::UseCharge(Aim::At(_)) => vec![Key::Letter("Shift"), Key::Letter("V")],
        _ => vec![Key::Letter("Enter")],
    }
}

/// A key cap in the overlay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// An arrow key.
    Arrow(Dir),
    /// A key with its name on it.
    Letter(&'static str),
    /// A pad's face button: its letter and colour.
    Face(&'static str, Color32),
}

/// The pad's A (bottom): confirm, step, explain. The face buttons are
/// named by Xbox's letter for their place, in their colour.
pub const PAD_A: Key = Key::Face("A", super::bars::FACE_SOUTH);
/// The pad's B (right): back, close, wait.
pub const PAD_B: Key = Key::Face("B", super::bars::FACE_EAST);
/// The pad's X (left): a bomb.
pub const PAD_X: Key = Key::Face("X", super::bars::FACE_WEST);
/// The pad's Y (top): the charge.
pub const PAD_Y: Key = Key::Face("Y", super::bars::FACE_NORTH);

/// The pad presses a scene's action takes, tile first as the pad plays:
/// the d-pad hops the cursor onto the tile (one press a tile), then a face
/// button: A (bottom) moves, X (left) bombs, Y (top) uses the charge, B
/// (right) waits.
pub fn pad_of(a: Action) -> Vec<Key> {
    let hop = |d: Dir, n: usize| std::iter::repeat_n(Key::Arrow(d), n);
    match a {
        Action::Move(d) => hop(d, 1).chain([PAD_A]).collect(),
        Action::Run(d) => hop(d, 2).chain([PAD_A]).collect(),
        Action::Bomb(d) => hop(d, 1).chain([PAD_X]).collect(),
        Action::Throw(d) => hop(d, 2).chain([PAD_X]).collect(),
        Action::Wait => vec![PAD_B],
        Action::UseCharge(Aim::Dir(d)) => hop(d, 1).chain([PAD_Y]).collect(),
        Action::UseCharge(_) => vec![PAD_Y],
        _ => vec![PAD_A],
    }
}

/// The controller under the television (the spec's virtual controller): a
/// line drawing of the pad with its d-pad, four face buttons, shoulders,
/// stick and Start; the press `lit` lights its part (a d-pad arm turns
/// blue, a face button takes its colour; at rest they are white and grey).
pub fn controller(painter: &egui::Painter, rect: egui::Rect, lit: Option<Key>, brand: Brand) {
    let h = rect.height();
    let body = egui::Rect::from_center_size(rect.center() - Vec2::new(0.0, h * 0.04), Vec2::new(h * 2.6, h * 0.62));
    let line = egui::Stroke::new(2.0, Color32::from_gray(200));
    let fill = Color32::from_gray(40);
    // Grips, then the body over them, the shoulders above.
    for side in [-1.0, 1.0] {
        let c = body.center() + Vec2::new(side * body.width() * 0.33, h * 0.24);
        painter.circle(c, h * 0.22, fill, line);
        let shoulder = egui::Rect::from_center_size(
            body.center_top() + Vec2::new(side * body.width() * 0.3, -2.0),
            Vec2::new(h * 0.5, h * 0.12),
        );
        let on = lit == Some(Key::Letter(if side < 0.0 { "L1" } else { "R1" }));
        painter.rect(shoulder, 3.0, if on { LIT } else { fill }, line, egui::StrokeKind::Middle);
    }
    painter.rect(body, h * 0.3, fill, line, egui::StrokeKind::Middle);
    // The d-pad: a cross of four arms on the left.
    let dpad = body.center() + Vec2::new(-body.width() * 0.3, -h * 0.05);
    let arm = h * 0.11;
    for d in [Dir::Up, Dir::Down, Dir::Left, Dir::Right] {
        let (dx, dy) = d.delta();
        let r =
            egui::Rect::from_center_size(dpad + Vec2::new(dx as f32, dy as f32) * arm * 1.6, Vec2::splat(arm * 1.6));
        let on = lit == Some(Key::Arrow(d));
        painter.rect_filled(r, 2.0, if on { LIT } else { Color32::WHITE });
    }
    painter.rect_filled(egui::Rect::from_center_size(dpad, Vec2::splat(arm * 1.6)), 0.0, Color32::WHITE);
    // The face buttons: a diamond on the right, each marked as the brand
    // marks it (the presses name them by place, Xbox's letters: A the
    // bottom, B the right, X the left, Y the top).
    let face = body.center() + Vec2::new(body.width() * 0.3, -h * 0.05);
    for (key, at) in [
        (PAD_Y, Vec2::new(0.0, -1.0)),
        (PAD_A, Vec2::new(0.0, 1.0)),
        (PAD_X, Vec2::new(-1.0, 0.0)),
        (PAD_B, Vec2::new(1.0, 0.0)),
    ] {
        let Key::Face(place, colour) = key else { continue };
        let on = lit == Some(key);
        let c = face + at * h * 0.17;
        painter.circle(c, h * 0.08, if on { colour } else { Color32::from_gray(110) }, line);
        face_mark(painter, c, h * 0.045, place, brand);
    }
    // The stick (pushed or pressed) and Start in the middle.
    let stick = matches!(lit, Some(Key::Letter("Stick" | "R3")));
    painter.circle(
        body.center() + Vec2::new(-h * 0.3, h * 0.22),
        h * 0.1,
        if stick { LIT } else { Color32::WHITE },
        line,
    );
    let start = if lit == Some(Key::Letter("Start")) { LIT } else { Color32::WHITE };
    painter.rect_filled(
        egui::Rect::from_center_size(body.center() + Vec2::new(h * 0.15, -h * 0.15), Vec2::new(h * 0.16, h * 0.06)),
        2.0,
        start,
    );
}

/// A controller's brand, as the demo's controller drawing marks its face
/// buttons (the spec's xbox, ps5 and switch pictures, drawn in code).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Brand {
    /// Letters A (bottom), B (right), X (left), Y (top).
    #[default]
    Xbox,
    /// Shapes: a cross (bottom), a circle (right), a square (left), a
    /// triangle (top).
    PlayStation,
    /// Nintendo's letters: B (bottom), A (right), Y (left), X (top).
    Switch,
}

impl Brand {
    /// The next in the Input button's cycle (None after the last).
    fn next(self) -> Option<Brand> {
        match self {
            Brand::Xbox => Some(Brand::PlayStation),
            Brand::PlayStation => Some(Brand::Switch),
            Brand::Switch => None,
        }
    }

    /// The Input button's words for a controller of this brand.
    fn label(self) -> &'static str {
        match self {
            Brand::Xbox => "Input: controller (Xbox)",
            Brand::PlayStation => "Input: controller (PlayStation)",
            Brand::Switch => "Input: controller (Switch)",
        }
    }
}

/// The mark on the face button at `place` (named by Xbox's letter for the
/// place) for `brand`, `r` its half size.
pub fn face_mark(painter: &egui::Painter, c: egui::Pos2, r: f32, place: &str, brand: Brand) {
    let white = egui::Stroke::new((r * 0.35).max(1.2), Color32::WHITE);
    let letter = |t: &str| {
        painter.text(c, egui::Align2::CENTER_CENTER, t, egui::FontId::proportional(r * 2.2), Color32::WHITE);
    };
    match (brand, place) {
        (Brand::Xbox, t) => letter(t),
        (Brand::Switch, t) => letter(match t {
            "A" => "B",
            "B" => "A",
            "X" => "Y",
            _ => "X",
        }),
        (Brand::PlayStation, "A") => {
            painter.line_segment([c - Vec2::splat(r), c + Vec2::splat(r)], white);
            painter.line_segment([c + Vec2::new(-r, r), c + Vec2::new(r, -r)], white);
        }
        (Brand::PlayStation, "B") => {
            painter.circle_stroke(c, r, white);
        }
        (Brand::PlayStation, "X") => {
            painter.rect_stroke(
                egui::Rect::from_center_size(c, Vec2::splat(r * 1.8)),
                0.0,
                white,
                egui::StrokeKind::Middle,
            );
        }
        (Brand::PlayStation, _) => {
            let pts = vec![c + Vec2::new(0.0, -r), c + Vec2::new(r, r * 0.8), c + Vec2::new(-r, r * 0.8)];
            painter.add(egui::Shape::closed_line(pts, white));
        }
    }
}

/// A lit part of the controller drawing (a d-pad arm, a shoulder, the
/// stick, Start): blue.
const LIT: Color32 = Color32::from_rgb(90, 170, 255);

/// The key overlay under the TV: the keys the scene's next action takes,
/// drawn as key caps (arrows painted, letters written).
fn key_overlay(painter: &egui::Painter, rect: egui::Rect, caps: &[Key], lit: Option<usize>) {
    let mut x = rect.left() + 4.0;
    for (i, &key) in caps.iter().enumerate() {
        let w = match key {
            Key::Letter(t) if t.len() > 1 => 16.0 + 7.0 * t.len() as f32,
            _ => 26.0,
        };
        let cap = egui::Rect::from_min_size(egui::pos2(x, rect.top() + 2.0), Vec2::new(w, 26.0));
        // The key being pressed is lit; the others are white.
        painter.rect_filled(cap, 5.0, if lit == Some(i) { LIT } else { Color32::from_gray(235) });
        painter.rect_stroke(cap, 5.0, egui::Stroke::new(1.5, Color32::from_gray(120)), egui::StrokeKind::Inside);
        if let Key::Face(letter, colour) = key {
            painter.circle_filled(cap.center(), 12.0, colour);
            painter.text(
                cap.center(),
                egui::Align2::CENTER_CENTER,
                letter,
                egui::FontId::proportional(13.0),
                Color32::WHITE,
            );
            x += w + 6.0;
            continue;
        }
        match key {
            Key::Face(..) => {}
            Key::Letter(t) => {
                painter.text(
                    cap.center(),
                    egui::Align2::CENTER_CENTER,
                    t,
                    egui::FontId::proportional(13.0),
                    Color32::BLACK,
                );
            }
            Key::Arrow(d) => {
                let (dx, dy) = d.delta();
                let dir = Vec2::new(dx as f32, dy as f32);
                let side = Vec2::new(-dir.y, dir.x);
                let c = cap.center();
                painter.add(egui::Shape::convex_polygon(
                    vec![c + dir * 7.0, c - dir * 5.0 + side * 6.0, c - dir * 5.0 - side * 6.0],
                    Color32::BLACK,
                    egui::Stroke::NONE,
                ));
            }
        }
        x += w + 6.0;
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
