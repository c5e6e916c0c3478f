//! What a tile offers before you commit (issue 43 item 3): each button's
//! action there ([`TileOffer`]: Move/Go, Bomb, Charge, Wait), the result of
//! the first one played on a copy ([`Ghost`]: where you end up, a bomb and
//! its blast, where a kicked bomb stops, the coins that change), the
//! cursor's hops between the tiles that offer something, and the line that
//! says what each key or face button does there.

use super::input::{choices_with, deadly, Reach};
use super::*;

/// What Move/Go does on a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Go {
    /// One action there (a step, run, slide, kick…).
    Act(Action),
    /// Auto-move walks there in this many steps (`keep`: it is the way
    /// already set, "Keep walking").
    Walk {
        /// Moves on the way.
        steps: usize,
        /// The destination already set.
        keep: bool,
    },
}

/// What each button does on one tile, with nothing picked (or the picked
/// action as Move/Go's), and whether each would cost a life this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TileOffer {
    /// Move/Go (M or Enter; the pad's bottom button), and whether it is deadly.
    pub go: Option<(Go, bool)>,
    /// Bomb (B; left), and whether it is deadly.
    pub bomb: Option<(Action, bool)>,
    /// Charge (V; top), and whether it is deadly.
    pub charge: Option<(Action, bool)>,
    /// Wait (Space; right): on your own tile only; whether it is deadly.
    pub wait: Option<bool>,
}

impl TileOffer {
    /// Whether any button does something here.
    pub fn any(&self) -> bool {
        self.go.is_some() || self.bomb.is_some() || self.charge.is_some() || self.wait.is_some()
    }

    /// Whether the tile is only a walk (auto-move's faded blue).
    pub fn walk_only(&self) -> bool {
        matches!(self.go, Some((Go::Walk { .. }, _))) && self.bomb.is_none() && self.charge.is_none()
    }

    /// The first action it offers (what the preview plays): Move/Go's,
    /// else Bomb's, else the charge's.
    pub fn first(&self) -> Option<Action> {
        match self.go {
            Some((Go::Act(a), _)) => Some(a),
            _ => self.bomb.or(self.charge).map(|(a, _)| a),
        }
    }
}

/// The result of an action played on a copy of the run: what the board
/// draws faded before you commit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ghost {
    /// Where you end up, when you move.
    pub you: Option<Pos>,
    /// A bomb the action puts down (or an ICBM's landing), with its blast.
    pub bomb: Option<Pos>,
    /// The tiles that bomb's blast would cover.
    pub blast: Vec<Pos>,
    /// A kicked bomb: from where, to where it stops.
    pub kicked: Option<(Pos, Pos)>,
    /// Coins gained this turn.
    pub coins: u32,
    /// A life lost this turn.
    pub deadly: bool,
}

/// Plays `a` on a copy of `s` and reads what it did (the kernel's own
/// events): the preview of one action. None when the rules refuse it.
pub fn ghost(s: &State, a: &Action) -> Option<Ghost> {
    use retrace_kernel::Game;
    let mut sim = s.clone();
    let events = Explodo::apply(&mut sim, a).ok()?;
    let mut g = Ghost { coins: sim.player.coins.saturating_sub(s.player.coins), ..Ghost::default() };
    for e in &events {
        match *e {
            Event::PlayerMoved(_, to) => g.you = Some(to),
            Event::BombPlaced(p) | Event::Launched(p) => g.bomb = Some(p),
            Event::Kicked(from, to) => g.kicked = Some((from, to)),
            _ => {}
        }
    }
    if let Some(p) = g.bomb {
        // The blast as the bomb would make it on the board before the turn
        // (an ICBM's has gone off already: its flame is the blast).
        g.blast = your_blast(s, p);
    }
    g.deadly = retrace_kernel::explodo::route::costs_a_life(s, &sim);
    Some(g)
}

/// The tiles a plain bomb of yours on `at` would burn on the board as it is.
pub fn your_blast(s: &State, at: Pos) -> Vec<Pos> {
    s.blast_tiles(&retrace_kernel::explodo::Bomb::plain(at, s.player.fuse, s.player.blast))
}

/// A bomb drawn faded on `bomb` with its blast's tiles (the preview, and
/// the held tile's armed bomb); `centre` gives a tile's centre.
pub(super) fn paint_faded_bomb(
    painter: &egui::Painter,
    centre: &dyn Fn(Pos) -> egui::Pos2,
    cell: f32,
    bomb: Pos,
    blast: &[Pos],
) {
    for &p in blast {
        let r = egui::Rect::from_center_size(centre(p), Vec2::splat(cell * 0.9));
        painter.rect_filled(r, 3.0, Color32::from_rgba_unmultiplied(255, 140, 30, 60));
    }
    painter.circle_filled(centre(bomb), cell * 0.25, Color32::from_black_alpha(140));
}

/// Every tile's offer for one step and pick (worked out once).
pub(super) type Offers = Vec<(Pos, TileOffer)>;

/// What the offers are worked out for: the step, the mode, whether it is
/// picked, and auto-move's destination.
pub(super) type OffersKey = (u32, Mode, bool, Option<Pos>);

/// What a preview is worked out for: the step, the mode, whether it is
/// picked, and the tile.
pub(super) type GhostKey = (u32, Mode, bool, Pos);

impl ExplodoView {
    /// What each button does on `tile` now (see [`TileOffer`]).
    pub fn offer(&self, tile: Pos) -> TileOffer {
        self.offer_with(&Reach::of(self.session.state()), tile)
    }

    fn offer_with(&self, reach: &Reach, tile: Pos) -> TileOffer {
        let s = self.session.state();
        let me = s.player.at;
        let mut o = TileOffer::default();
        if tile == me {
            o.wait = Some(deadly(s, &Action::Wait));
        }
        let first =
            |mode: Mode, picked: bool| choices_with(s, reach, mode, picked, tile).first().map(|&a| (a, deadly(s, &a)));
        o.go = if self.picked {
            first(self.mode, true).map(|(a, d)| (Go::Act(a), d))
        } else {
            first(Mode::Move, false).map(|(a, d)| (Go::Act(a), d)).or_else(|| {
                // The tiles a tap would walk to, with a safe first step (the spec).
                let (to, r) = self.walk_route(tile).filter(|(t, _)| *t == tile)?;
                if r.steps.first().is_none_or(|a| deadly(s, a)) {
                    return None;
                }
                let keep = self.walking.walk == Some(to);
                Some((Go::Walk { steps: r.steps.len(), keep }, false))
            })
        };
        if !self.picked || self.mode == Mode::Bomb {
            o.bomb = first(Mode::Bomb, true);
        }
        if s.player.charge.is_some_and(|(c, _)| !c.passive()) && (!self.picked || self.mode == Mode::Charge) {
            o.charge = first(Mode::Charge, true);
        }
        o
    }

    /// Every tile's offer now, worked out once per step, pick and walk.
    pub fn offers(&mut self) -> &Offers {
        let key = (self.session.step(), self.mode, self.picked, self.walking.walk);
        if self.pointer.offers.as_ref().is_none_or(|(k, _)| *k != key) {
            let s = self.session.state();
            let reach = Reach::of(s);
            let all = s
                .board
                .layout
                .positions()
                .filter(|&p| s.board.layout.inside(p))
                .map(|p| (p, self.offer_with(&reach, p)))
                .filter(|(_, o)| o.any())
                .collect();
            self.pointer.offers = Some((key, all));
        }
        &self.pointer.offers.as_ref().expect("just set").1
    }

    /// The cursor's hop: the nearest tile that way that offers something
    /// (your own tile included), not only along your four lines; it stays
    /// where it is when none lies that way.
    pub fn hop(&mut self, from: Pos, d: retrace_kernel::explodo::board::Dir) -> Pos {
        use retrace_kernel::explodo::board::Dir;
        let ahead = |p: Pos| match d {
            Dir::Up => p.y < from.y,
            Dir::Down => p.y > from.y,
            Dir::Left => p.x < from.x,
            Dir::Right => p.x > from.x,
        };
        let across = |p: Pos| match d {
            Dir::Up | Dir::Down => (p.x - from.x).abs(),
            Dir::Left | Dir::Right => (p.y - from.y).abs(),
        };
        self.offers()
            .iter()
            .map(|(p, _)| *p)
            .filter(|&p| p != from && ahead(p))
            .min_by_key(|&p| (p.dist(from) + across(p), across(p), p.y, p.x))
            .unwrap_or(from)
    }

    /// The line under the action bar while the cursor is out: what each
    /// key (or, with the pad, each face button) does on its tile, greyed
    /// where it does nothing and red where it would cost a life.
    pub(super) fn offer_line(&mut self, ui: &mut egui::Ui, lang: Lang, tile: Pos) {
        let o = self.offers().iter().find(|(p, _)| *p == tile).map(|(_, o)| o.clone()).unwrap_or_default();
        let pad = self.pointer.pad_in_use;
        let nintendo = ui.ctx().data(|d| d.get_temp::<bool>(crate::pad::nintendo_id())).unwrap_or(false);
        let key = |k: &'static str, b: crate::pad::Button| -> String {
            if pad {
                crate::pad::face_letter(b, nintendo).to_string()
            } else {
                k.to_string()
            }
        };
        use crate::pad::Button as P;
        let go = o.go.map(|(g, d)| (go_words(&g, lang), d));
        let act = |a: Option<(Action, bool)>| a.map(|(a, d)| (tr(lang, action_words(&a)).to_string(), d));
        let rows = [
            (key("M", P::South), go),
            (key("B", P::West), act(o.bomb)),
            (key("V", P::North), act(o.charge)),
            (key("Space", P::East), o.wait.map(|d| (tr(lang, "Wait a turn").to_string(), d))),
        ];
        ui.horizontal_wrapped(|ui| {
            for (k, what) in rows {
                let (text, colour) = match what {
                    Some((w, true)) => (format!("{k} {w}"), Color32::from_rgb(235, 70, 70)),
                    Some((w, false)) => (format!("{k} {w}"), ui.visuals().text_color()),
                    None => (format!("{k} -"), ui.visuals().weak_text_color()),
                };
                ui.label(RichText::new(text).small().color(colour));
                ui.add_space(8.0);
            }
        });
    }
}

/// Move/Go's words on a tile ("Walk here · 5 steps").
pub fn go_words(g: &Go, lang: Lang) -> String {
    match g {
        Go::Act(a) => tr(lang, action_words(a)).to_string(),
        Go::Walk { steps, keep: false } => {
            crate::ui::text::say(lang, &retrace_kernel::say!("Walk here · {0} steps", *steps as u32))
        }
        Go::Walk { steps, keep: true } => {
            crate::ui::text::say(lang, &retrace_kernel::say!("Keep walking · {0} steps", *steps as u32))
        }
    }
}

/// An action's words on the cursor's line.
pub fn action_words(a: &Action) -> &'static str {
    match a {
        Action::Move(_) | Action::Diagonal(_) => "Step here",
        Action::Run(_) => "Run here",
        Action::Slide(_) => "Slide here",
        Action::Kick(_) => "Kick the bomb",
        Action::Detonate(_) => "Set the bomb off",
        Action::Bomb(_) => "Place a bomb here",
        Action::Throw(_) => "Throw a bomb here",
        Action::Rpg(_) => "Fire a bomb here",
        Action::UseCharge(_) => "Use the charge here",
        _ => "Act here",
    }
}

impl ExplodoView {
    /// The tile whose preview shows: the cursor's, else the one under the
    /// mouse (not while dragging), while the level is in play.
    pub(super) fn previewed(&self, s: &State, hovered: Option<Pos>) -> Option<Pos> {
        let playing = s.run.dialogs.is_empty() && s.run.phase == RunPhase::Playing && !self.piloting();
        if !playing || self.pointer.asking || self.pointer.hold.is_some() {
            return None;
        }
        self.pointer.cursor.or(hovered).filter(|&p| p != s.player.at && s.board.layout.inside(p))
    }

    /// The preview of `tile`'s first action (worked out once per step, pick
    /// and tile).
    pub fn ghost_at(&mut self, tile: Pos) -> Option<Ghost> {
        let key = (self.session.step(), self.mode, self.picked, tile);
        if self.pointer.ghost.as_ref().is_none_or(|(k, _)| *k != key) {
            let first = self.offers().iter().find(|(p, _)| *p == tile).and_then(|(_, o)| o.first());
            let g = first.and_then(|a| ghost(self.session.state(), &a));
            self.pointer.ghost = Some((key, g));
        }
        self.pointer.ghost.as_ref().and_then(|(_, g)| g.clone())
    }

    /// With the cursor out and nothing picked, the tiles that offer
    /// something: bright blue for an action, faded blue where auto-move only
    /// walks, a red outline where Move/Go would cost a life.
    pub(super) fn paint_offers(&mut self, painter: &egui::Painter, rect: egui::Rect, cell: f32, s: &State) {
        let playing = s.run.dialogs.is_empty() && s.run.phase == RunPhase::Playing;
        if self.pointer.cursor.is_none() || self.picked || self.pointer.asking || !playing {
            return;
        }
        let me = s.player.at;
        for (p, o) in self.offers().iter().filter(|(p, _)| *p != me) {
            let r = egui::Rect::from_min_size(rect.min + Vec2::new(p.x as f32, p.y as f32) * cell, Vec2::splat(cell))
                .shrink(cell * 0.12);
            let alpha = if o.walk_only() { 60 } else { 130 };
            painter.rect_filled(r, 3.0, Color32::from_rgba_unmultiplied(70, 140, 255, alpha));
            if o.go.is_some_and(|(_, deadly)| deadly) {
                let red = egui::Stroke::new((cell * 0.06).max(2.0), Color32::from_rgb(230, 50, 50));
                painter.rect_stroke(r, 3.0, red, egui::StrokeKind::Inside);
            }
        }
    }

    /// The preview drawn faded: you where you end up, a bomb and its
    /// blast, a kicked bomb where it stops, the coins gained, a red outline
    /// when it costs a life.
    pub(super) fn paint_ghost(&mut self, painter: &egui::Painter, rect: egui::Rect, cell: f32, tile: Pos) {
        let Some(g) = self.ghost_at(tile) else { return };
        let centre = |p: Pos| rect.min + Vec2::new((p.x as f32 + 0.5) * cell, (p.y as f32 + 0.5) * cell);
        if let Some(p) = g.bomb {
            paint_faded_bomb(painter, &centre, cell, p, &g.blast);
        }
        if let Some((from, to)) = g.kicked {
            painter.circle_filled(centre(to), cell * 0.25, Color32::from_black_alpha(140));
            painter.arrow(
                centre(from),
                centre(to) - centre(from),
                egui::Stroke::new(2.0, Color32::from_white_alpha(160)),
            );
        }
        if let Some(p) = g.you {
            painter.circle_filled(centre(p), cell * 0.22, Color32::from_rgba_unmultiplied(60, 200, 90, 110));
            if g.coins > 0 {
                painter.text(
                    centre(p) - Vec2::new(0.0, cell * 0.35),
                    egui::Align2::CENTER_CENTER,
                    format!("+{}", g.coins),
                    egui::FontId::proportional(cell * 0.28),
                    Color32::from_rgb(250, 210, 60),
                );
            }
        }
        if g.deadly {
            let r = egui::Rect::from_center_size(centre(tile), Vec2::splat(cell * 0.9));
            painter.rect_stroke(
                r,
                3.0,
                egui::Stroke::new(2.0, Color32::from_rgb(230, 50, 50)),
                egui::StrokeKind::Inside,
            );
        }
    }
}
