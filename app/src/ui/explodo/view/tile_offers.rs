//! `ExplodoView`'s methods for the part of the window in `offer.rs`.

use super::ExplodoView;
use crate::store::Lang;
use crate::ui::explodo::input::{choices_with, deadly, Mode, Reach};
use crate::ui::explodo::offer::{action_words, ghost, go_words, paint_faded_bomb, Ghost, Go, Offers, TileOffer};
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText, Vec2};
use retrace_kernel::explodo::board::Pos;
use retrace_kernel::explodo::{Action, RunPhase, State};

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
            // The step's landings, worked out once for the taps and the offers.
            let reach = self.reach();
            let s = self.session.state();
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
    pub(in crate::ui::explodo) fn offer_line(&mut self, ui: &mut egui::Ui, lang: Lang, tile: Pos) {
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

impl ExplodoView {
    /// The tile whose preview shows: the cursor's, else the one under the
    /// mouse (not while dragging), while the level is in play.
    pub(in crate::ui::explodo) fn previewed(&self, s: &State, hovered: Option<Pos>) -> Option<Pos> {
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
    pub(in crate::ui::explodo) fn paint_offers(
        &mut self,
        painter: &egui::Painter,
        rect: egui::Rect,
        cell: f32,
        s: &State,
    ) {
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
    pub(in crate::ui::explodo) fn paint_ghost(
        &mut self,
        painter: &egui::Painter,
        rect: egui::Rect,
        cell: f32,
        tile: Pos,
    ) {
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
