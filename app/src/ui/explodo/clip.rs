//! A clip: a scene (`retrace_kernel::explodo::scene`) played through the
//! kernel and shown as a small board that plays its turns, two a second,
//! with a bar under it that fills as it plays and a yellow mark where its
//! moment comes. At the end it holds the last board a moment, then starts
//! again with the next variant (new every loop, as the spec has it). The
//! gem and shop cards, the first-time explanations, the almanac and the demo
//! show clips, each through a [`Slot`].

use eframe::egui::{self, Color32, Sense, Vec2};
use retrace_kernel::explodo::board::Pos;
use retrace_kernel::explodo::scene::{self, Control, Scene, Topic};
use retrace_kernel::explodo::{Explodo, State};
use retrace_kernel::Game;

/// Seconds a turn shows.
pub const TURN_SECONDS: f64 = 0.5;
/// Turns the last board holds before the clip starts again.
const HOLD_TURNS: usize = 2;

/// A scene's boards, turn by turn, ready to show.
pub struct Clip {
    /// What it shows.
    pub topic: Topic,
    /// The scene (its variant's seed, actions and moment).
    pub scene: Scene,
    /// The board before the first action, then after each.
    pub frames: Vec<State>,
    /// The seed the next loop's variant is made from.
    next_seed: u64,
    /// When (the window's clock) this loop started; set on first show.
    started: Option<f64>,
    /// Loops played to the end so far (the demo moves on after one).
    pub loops: u32,
}

impl Clip {
    /// The clip of `topic` for `seed`; None for a topic with no scene or a
    /// scene whose search gave up (the dialog then shows no clip).
    pub fn new(topic: Topic, seed: u64) -> Option<Clip> {
        let scene = scene::make(topic, seed).ok()?;
        let mut s = Explodo::start(&scene.setup(), scene.seed).ok()?;
        let mut frames = vec![s.clone()];
        for a in &scene.actions {
            Explodo::apply(&mut s, a).ok()?;
            frames.push(s.clone());
        }
        // A scene whose moment ends the board (a life lost, the level left)
        // holds the board it ended on, marked, not the next one.
        if topic.ends() {
            frames.pop();
        }
        Some(Clip { topic, scene, frames, next_seed: seed.wrapping_add(1), started: None, loops: 0 })
    }

    /// Seconds since this loop started (0 before it is first shown).
    fn elapsed(&self, now: f64) -> f64 {
        now - self.started.unwrap_or(now)
    }

    /// The frame index shown at `now`, or None when the loop is over.
    fn frame_at(&self, now: f64) -> Option<usize> {
        let k = (self.elapsed(now) / TURN_SECONDS).max(0.0) as usize;
        (k < self.frames.len() + HOLD_TURNS).then(|| k.min(self.frames.len() - 1))
    }

    /// The frame to show now, starting the next loop (a new variant) when
    /// this one is over.
    pub fn advance(&mut self, now: f64) -> usize {
        self.started.get_or_insert(now);
        match self.frame_at(now) {
            Some(k) => k,
            None => {
                // The next loop: a new variant of the same topic.
                let loops = self.loops + 1;
                if let Some(next) = Clip::new(self.topic, self.next_seed) {
                    *self = Clip { loops, ..next };
                } else {
                    self.loops = loops;
                    self.next_seed = self.next_seed.wrapping_add(1);
                }
                self.started = Some(now);
                0
            }
        }
    }

    /// Paints frame `k` into `rect` (the board keeps its shape, centred).
    pub fn paint_frame(&self, painter: &egui::Painter, rect: egui::Rect, k: usize) {
        let s = &self.frames[k];
        let (w, h) = (s.board.layout.w as f32, s.board.layout.h as f32);
        let cell = (rect.width() / w).min(rect.height() / h);
        let board = egui::Rect::from_center_size(rect.center(), Vec2::new(cell * w, cell * h));
        super::paint::paint(painter, board, s);
        if self.topic.ends() && k + 1 == self.frames.len() {
            // The moment that ended the board: red for a life lost, green for the way out.
            let colour = if matches!(self.topic, Topic::Mishap(_)) {
                Color32::from_rgba_unmultiplied(220, 30, 30, 90)
            } else {
                Color32::from_rgba_unmultiplied(40, 220, 90, 90)
            };
            painter.rect_filled(board, 4.0, colour);
        }
    }

    /// The bar under a clip: it fills as the clip plays (frame `k`), with a
    /// yellow mark on the moment's turn.
    pub fn paint_bar(&self, painter: &egui::Painter, bar: egui::Rect, k: usize) {
        let turns = (self.frames.len() - 1).max(1) as f32;
        painter.rect_filled(bar, 2.0, Color32::from_gray(60));
        let mut done = bar;
        done.set_width(bar.width() * (k as f32 / turns).min(1.0));
        painter.rect_filled(done, 2.0, Color32::from_rgb(90, 170, 255));
        let x = bar.left() + bar.width() * (self.scene.moment as f32 / turns).min(1.0);
        painter.line_segment(
            [egui::pos2(x, bar.top() - 2.0), egui::pos2(x, bar.bottom() + 2.0)],
            egui::Stroke::new(3.0, Color32::YELLOW),
        );
    }

    /// The action played from frame `k` (None on the last).
    pub fn action_at(&self, k: usize) -> Option<retrace_kernel::explodo::Action> {
        self.scene.actions.get(k).copied()
    }

    /// Shows the clip `width` points wide: the board (the turn it is on),
    /// and the bar with the moment's mark. Asks for the next repaint.
    pub fn ui(&mut self, ui: &mut egui::Ui, width: f32) {
        let k = self.advance(ui.input(|i| i.time));
        let s = &self.frames[k];
        let cell = width / s.board.layout.w as f32;
        let (rect, _) = ui.allocate_exact_size(Vec2::new(width, cell * s.board.layout.h as f32), Sense::hover());
        self.paint_frame(&ui.painter_at(rect), rect, k);
        let (bar, _) = ui.allocate_exact_size(Vec2::new(width, 6.0), Sense::hover());
        self.paint_bar(ui.painter(), bar, k);
        ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
    }

    /// The clip in a box of `size` (its board scaled to fit and centred, the
    /// bar along the bottom), so a panel keeps its size whichever clip it
    /// shows (the shop's shelf: issue 40).
    pub fn ui_in(&mut self, ui: &mut egui::Ui, size: Vec2) {
        let k = self.advance(ui.input(|i| i.time));
        let s = &self.frames[k];
        let (w, h) = (s.board.layout.w as f32, s.board.layout.h as f32);
        let (area, _) = ui.allocate_exact_size(size, Sense::hover());
        let board_h = size.y - 8.0;
        let cell = (size.x / w).min(board_h / h);
        let rect = egui::Rect::from_center_size(
            egui::pos2(area.center().x, area.min.y + board_h / 2.0),
            Vec2::new(cell * w, cell * h),
        );
        self.paint_frame(&ui.painter_at(rect), rect, k);
        let bar = egui::Rect::from_min_size(egui::pos2(area.min.x, area.max.y - 6.0), Vec2::new(size.x, 6.0));
        self.paint_bar(ui.painter(), bar, k);
        ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
    }

    /// How far through its turn the clip is at `now` (0 to 1): the demo's
    /// pointer plays the turn's gesture over it.
    pub fn phase(&self, now: f64) -> f32 {
        ((self.elapsed(now) / TURN_SECONDS).max(0.0).fract()) as f32
    }

    /// How far through the whole loop the clip is at `now` (0 to 1, the
    /// held end included): the top bar's tour steps through its items.
    pub fn progress(&self, now: f64) -> f32 {
        let total = (self.frames.len() + HOLD_TURNS) as f64 * TURN_SECONDS;
        (self.elapsed(now) / total).clamp(0.0, 1.0) as f32
    }

    /// The index of the moment's board (after the moment's action; the last
    /// board a scene that ends there holds): where auto-move's and the
    /// cursor's way ends.
    pub fn moment_frame(&self) -> usize {
        (self.scene.moment as usize).min(self.frames.len() - 1)
    }

    /// The turn shown now (0: the first board), for tests and captions.
    pub fn turn(&self, now: f64) -> usize {
        self.frame_at(now).unwrap_or(0)
    }

    /// Whether the menu scene's menu is open on frame `k` (from its moment,
    /// until the last turn closes it).
    pub fn menu_open(&self, k: usize) -> bool {
        self.topic == Topic::Control(Control::Menu) && k >= self.scene.moment as usize && k + 1 < self.frames.len()
    }
}

/// The clip a panel shows (a dialog's card, the almanac's entry, the
/// demo's scene), made again only when what it shows changes.
#[derive(Default)]
pub struct Slot {
    /// The topic the clip was made for (`Some(None)`: a thing with no scene).
    shown: Option<Option<Topic>>,
    clip: Option<Clip>,
}

impl Slot {
    /// The clip of `topic` (None: nothing to show), made from `seed` when the
    /// topic is not the one on show; None too when its scene gave up.
    pub fn show(&mut self, topic: Option<Topic>, seed: u64) -> Option<&mut Clip> {
        if self.shown != Some(topic) {
            self.shown = Some(topic);
            self.clip = topic.and_then(|t| Clip::new(t, seed));
        }
        self.clip.as_mut()
    }

    /// The clip on show, if any.
    pub fn clip(&self) -> Option<&Clip> {
        self.clip.as_ref()
    }

    /// The topic of the clip on show (None when none is).
    pub fn topic(&self) -> Option<Topic> {
        self.clip.as_ref().map(|c| c.topic)
    }
}

/// The enemy nearest to you (the one "What is that?" asks about).
pub fn nearest_enemy(s: &State) -> Option<Pos> {
    s.enemies.list.iter().map(|e| e.pos).min_by_key(|p| (p.dist(s.player.at), p.y, p.x))
}

/// The run menu's lines over the menu scene (the real menu's first items).
pub const MENU: [&str; 6] = ["Run menu", "Resume", "New run", "Almanac", "Scores", "Demo"];

#[cfg(test)]
mod tests {
    use super::*;
    use retrace_kernel::explodo::items::{Charge, Offer, Power};

    /// A clip's boards are the scene replayed: the last equals a session
    /// that plays the scene's actions, and the moment's board differs from
    /// the one before it.
    #[test]
    fn a_clip_is_its_scene_replayed() {
        let clip = Clip::new(Topic::Charge(Charge::Nuke), 4).expect("a Nuke scene");
        let mut session =
            retrace_kernel::Session::<Explodo>::new(clip.scene.setup(), clip.scene.seed).expect("the scene starts");
        for a in &clip.scene.actions {
            session.push(*a).expect("the scene's actions are legal");
        }
        assert_eq!(clip.frames.last(), Some(session.state()));
        assert_eq!(clip.frames.len(), clip.scene.actions.len() + 1);
        // A scene that ends the board holds the board before its moment.
        let death = Clip::new(Topic::Mishap(retrace_kernel::explodo::scene::Mishap::TouchEnemy), 2).unwrap();
        assert_eq!(death.frames.len(), death.scene.actions.len());
        assert_eq!(death.frames.last().unwrap().run.level, death.frames[0].run.level);
        assert_eq!(death.frames.last().unwrap().run.attempt, 0, "not the board after the life lost");
        let m = clip.scene.moment as usize;
        assert_ne!(clip.frames[m], clip.frames[m - 1]);
        let mut slot = Slot::default();
        let topic = |o| super::super::almanac::entry_of(o).topic();
        assert!(slot.show(topic(Offer::Power(Power::Heart)), 1).is_none(), "Heart has no scene");
        assert!(slot.show(topic(Offer::Power(Power::Kick)), 1).is_some());
        assert_eq!(slot.topic(), Some(Topic::Power(Power::Kick)));
    }

    /// Two boards a second from the first show, holding the last board, then
    /// over (the caller starts the next loop).
    #[test]
    fn the_clip_plays_two_turns_a_second_and_holds_the_end() {
        let mut clip = Clip::new(Topic::Power(Power::Run), 1).unwrap();
        clip.started = Some(10.0);
        assert_eq!(clip.frame_at(10.0), Some(0));
        assert_eq!(clip.frame_at(10.0 + 3.0 * TURN_SECONDS + 0.1), Some(3));
        let n = clip.frames.len();
        assert_eq!(clip.frame_at(10.0 + (n + 1) as f64 * TURN_SECONDS), Some(n - 1), "holds the last board");
        assert_eq!(clip.frame_at(10.0 + (n + HOLD_TURNS) as f64 * TURN_SECONDS + 0.01), None);
    }
}
