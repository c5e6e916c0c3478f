//! `ExplodoView`'s methods for the part of the window in `board_view.rs`.

use super::ExplodoView;
use crate::store::{Lang, Store};
use crate::ui::explodo::board_view::{paint_edge_markers, IDLE_FRAME, PILOT_SECONDS};
use crate::ui::explodo::input::{self, Mode};
use crate::ui::explodo::paint::{self, paint};
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText, Sense, Vec2, WidgetInfo};
use retrace_kernel::explodo::board::Pos;
use retrace_kernel::explodo::{RunPhase, State};

impl ExplodoView {
    /// The line under the action bar while the cursor or "What is that?"
    /// is on: what the keys do.
    pub(in crate::ui::explodo) fn cursor_line(&mut self, ui: &mut egui::Ui, lang: Lang) {
        if self.pointer.asking {
            ui.label(
                RichText::new(tr(lang, "What is that? Arrows hop between things, Enter explains, Esc stops.")).small(),
            );
        } else if let Some(c) = self.pointer.cursor {
            self.offer_line(ui, lang, c);
        }
    }

    /// Moves the view: dragging looks around; else it glides toward its
    /// target (a new board shows at once).
    pub(in crate::ui::explodo) fn glide(&mut self, ui: &egui::Ui, s: &State, resp: &egui::Response, cell: f32) {
        let dt = ui.input(|i| i.stable_dt).min(0.1);
        if resp.dragged() {
            // Dragging looks around.
            let d = resp.drag_delta() / cell;
            let (x, y) = self.screen.look.unwrap_or(self.screen.camera);
            self.screen.look = Some((x - d.x, y - d.y));
            self.screen.look = Some(self.view_target(s));
        }
        let target = self.view_target(s);
        // A new board (level or attempt) shows at once; the view glides only within one.
        if self.screen.camera_board != Some((s.run.level, s.run.attempt)) {
            self.screen.camera_board = Some((s.run.level, s.run.attempt));
            self.screen.camera = target;
        }
        let (cx, cy) = self.screen.camera;
        let k = (dt * 12.0).min(1.0);
        self.screen.camera = (cx + (target.0 - cx) * k, cy + (target.1 - cy) * k);
        if (self.screen.camera.0 - target.0).abs() + (self.screen.camera.1 - target.1).abs() > 0.01 {
            ui.ctx().request_repaint();
        } else {
            self.screen.camera = target;
        }
    }

    /// With an action picked (its button or key), the tiles it can use in
    /// blue, and those that would cost a life red with a cross.
    pub(in crate::ui::explodo) fn paint_targets(
        &mut self,
        painter: &egui::Painter,
        rect: egui::Rect,
        cell: f32,
        s: &State,
    ) {
        if !self.picked || !s.run.dialogs.is_empty() || s.run.phase != RunPhase::Playing {
            return;
        }
        let step = self.session.step();
        if !matches!(&self.pointer.targets, Some((st, m, _)) if *st == step && *m == self.mode) {
            self.pointer.targets = Some((step, self.mode, input::targets(s, self.mode)));
        }
        let Some((_, _, tiles)) = &self.pointer.targets else { return };
        for &(p, deadly) in tiles {
            let r = egui::Rect::from_min_size(
                rect.min + Vec2::new(p.x as f32 * cell, p.y as f32 * cell),
                Vec2::splat(cell),
            )
            .shrink(cell * 0.12);
            if deadly {
                let red = Color32::from_rgb(220, 40, 40);
                painter.rect_filled(r, 3.0, red.gamma_multiply(0.35));
                let stroke = egui::Stroke::new((cell * 0.08).max(2.0), red);
                painter.line_segment([r.left_top(), r.right_bottom()], stroke);
                painter.line_segment([r.right_top(), r.left_bottom()], stroke);
            } else {
                painter.rect_filled(r, 3.0, Color32::from_rgba_unmultiplied(70, 140, 255, 90));
            }
        }
    }

    /// The picked action's tiles now (for tests): each with whether it is deadly.
    pub fn picked_targets(&self) -> Option<&[(Pos, bool)]> {
        self.pointer
            .targets
            .as_ref()
            .filter(|(st, m, _)| *st == self.session.step() && *m == self.mode)
            .map(|(_, _, t)| t.as_slice())
    }

    /// Where the view should be: the place looked at, else centred on the
    /// cursor or you, kept inside the board.
    pub fn view_target(&self, s: &State) -> (f32, f32) {
        let (vw, vh) = self.screen.view_tiles(s);
        let (vw, vh) = (vw as f32, vh as f32);
        let (mx, my) = ((s.board.layout.w as f32 - vw).max(0.0), (s.board.layout.h as f32 - vh).max(0.0));
        let (x, y) = self.screen.look.unwrap_or_else(|| {
            let c = self.walking.walk.or(self.pointer.cursor).unwrap_or(s.player.at);
            (c.x as f32 + 0.5 - vw / 2.0, c.y as f32 + 0.5 - vh / 2.0)
        });
        (x.clamp(0.0, mx), y.clamp(0.0, my))
    }

    /// The board view, `cell` points a tile, centred in the column; returns
    /// its rect.
    pub(in crate::ui::explodo) fn board(&mut self, ui: &mut egui::Ui, store: &Store, cell: f32) -> egui::Rect {
        let s = self.session.state().clone();
        // The whole board, or a view of 9 by 13 tiles that follows you.
        let (vw, vh) = self.screen.view_tiles(&s);
        let size = Vec2::new(cell * vw as f32, cell * vh as f32);
        let (row, _) = ui.allocate_exact_size(Vec2::new(ui.available_width(), size.y), Sense::hover());
        let view = egui::Rect::from_center_size(row.center(), size);
        let resp = ui.interact(view, egui::Id::unique("explodo-board"), Sense::click_and_drag());
        resp.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, format!("board, level {}", s.run.level)));
        self.glide(ui, &s, &resp, cell);
        // The whole board's rect, shifted by the view; the painter clips to the view.
        let rect = egui::Rect::from_min_size(
            view.min - Vec2::new(self.screen.camera.0, self.screen.camera.1) * cell,
            Vec2::new(cell * s.board.layout.w as f32, cell * s.board.layout.h as f32),
        );
        let painter = ui.painter_at(view);
        // A dialog steps aside from your tile (issue 40).
        let you = egui::Rect::from_min_size(
            rect.min + Vec2::new(s.player.at.x as f32, s.player.at.y as f32) * cell,
            Vec2::splat(cell),
        );
        crate::ui::widgets::set_board(ui.ctx(), view, Some(you.intersect(view)));
        // Your tile, named in the accessibility tree (a screen reader; the
        // page's test holds a tile beside it): hover only, so the board
        // under it keeps every press and hover.
        let (x, y) = (s.player.at.x + 1, s.player.at.y + 1);
        let named = ui.interact(you.intersect(view), egui::Id::unique("explodo-you"), Sense::hover());
        named.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, format!("you, row {y} column {x}")));
        // The last turn animates from its events; a finished one is dropped.
        let now = ui.input(|i| i.time);
        if let Some((m, start)) = &mut self.screen.anim {
            let elapsed = now - *start.get_or_insert(now);
            if elapsed < paint::EFFECT_SECONDS {
                paint::paint_moving(&painter, rect, &s, Some((m, elapsed)));
                ui.ctx().request_repaint();
            } else {
                self.screen.anim = None;
            }
        }
        if self.screen.anim.is_none() {
            paint(&painter, rect, &s);
        }
        if s.run.dialogs.is_empty() && s.run.phase == RunPhase::Playing {
            self.paint_danger(&painter, rect, cell);
        }
        let tile_at =
            |at: egui::Pos2| Pos { x: ((at.x - rect.min.x) / cell) as i32, y: ((at.y - rect.min.y) / cell) as i32 };
        // A far tile (Move, nothing picked): auto-move's way, hovered or walking.
        let moving = self.mode == Mode::Move && !self.picked;
        let far = |t: Pos| moving && t.king(s.player.at) > 1 && s.board.layout.inside(t);
        let shown = self
            .walking
            .walk
            .or_else(|| self.pointer.cursor.filter(|&t| far(t)))
            .or_else(|| resp.hover_pos().map(tile_at).filter(|&t| far(t)));
        if let Some(to) = shown.filter(|_| s.run.dialogs.is_empty() && s.run.phase == RunPhase::Playing) {
            if let Some(r) = self.route_to(to) {
                let centre = |p: Pos| rect.min + Vec2::new((p.x as f32 + 0.5) * cell, (p.y as f32 + 0.5) * cell);
                let blue =
                    Color32::from_rgba_unmultiplied(70, 140, 255, if self.walking.walk.is_some() { 150 } else { 80 });
                let mut from = s.player.at;
                for (i, &t) in r.tiles.iter().enumerate() {
                    let colour =
                        if i == 0 && !r.safe { Color32::from_rgba_unmultiplied(230, 40, 40, 170) } else { blue };
                    let tr = egui::Rect::from_center_size(centre(t), Vec2::splat(cell * 0.5));
                    painter.rect_filled(tr, 3.0, colour);
                    painter.arrow(centre(from), centre(t) - centre(from), egui::Stroke::new(2.0, colour));
                    from = t;
                }
            }
        }
        self.paint_targets(&painter, rect, cell, &s);
        self.paint_offers(&painter, rect, cell, &s);
        // The preview before you commit (issue 43 item 3): the cursor's
        // tile, or the one under the mouse.
        let hovered = resp.hover_pos().filter(|_| !resp.dragged()).map(tile_at);
        if let Some(t) = self.previewed(&s, hovered) {
            self.paint_ghost(&painter, rect, cell, t);
        }
        self.pointer.paint_cursor(&painter, rect, cell);
        let held = self.hold_bomb(ui, store, &resp, &s, &tile_at);
        self.pointer.paint_hold(&painter, rect, cell, &s, ui.input(|i| i.time));
        paint_edge_markers(&painter, view, rect, cell, &s);
        if resp.clicked() && !self.piloting() && !held {
            if let Some(at) = resp.interact_pointer_pos() {
                let tile = tile_at(at);
                // The mouse hands the board back: the cursor goes away.
                self.pointer.cursor = None;
                let asking = std::mem::take(&mut self.pointer.asking);
                // "What is that?", or a click on an enemy with nothing picked: its entry.
                let enemy = s.enemies.list.iter().any(|e| e.pos == tile);
                if asking || (enemy && !self.picked) {
                    self.explain_at(tile);
                } else if self.walking.walk == Some(tile) && !self.picked {
                    // A second click on the destination steps on (Go).
                    self.walk_on(store);
                } else {
                    // The tile decides (issue 43 item 1).
                    self.act_at(store, self.mode, tile, self.picked);
                }
            }
        }
        self.walk_by_itself(ui, store, &s);
        // The idle bob and the Detonator's pulse: a few frames a second while
        // the level is in play (a delayed repaint, so tests and an idle
        // window settle; the software renderer pays a frame each time).
        if s.run.dialogs.is_empty() && s.run.phase == RunPhase::Playing {
            ui.ctx().request_repaint_after(IDLE_FRAME);
        }
        view
    }

    /// The danger overlay: strong red for what burns this turn, light red
    /// for the next, and further ahead, as far as the fuses reach, a red
    /// outline and the turns until the tile burns (issue 65 item 7).
    fn paint_danger(&mut self, painter: &egui::Painter, rect: egui::Rect, cell: f32) {
        let preview = self.preview();
        for (tiles, alpha) in [(&preview.next, 50), (&preview.now, 110)] {
            for &p in tiles.iter() {
                let r = egui::Rect::from_min_size(
                    rect.min + Vec2::new(p.x as f32 * cell, p.y as f32 * cell),
                    Vec2::splat(cell),
                );
                painter.rect_filled(r.shrink(1.0), 2.0, Color32::from_rgba_unmultiplied(230, 30, 30, alpha));
            }
        }
        // Further ahead, as far as the fuses reach: a red outline and the
        // turns until the tile burns (issue 65 item 7).
        let font = egui::FontId::proportional((cell * 0.3).max(13.0));
        for &(p, turns) in &preview.later {
            let r = egui::Rect::from_min_size(
                rect.min + Vec2::new(p.x as f32 * cell, p.y as f32 * cell),
                Vec2::splat(cell),
            );
            let red = Color32::from_rgb(230, 40, 40);
            painter.rect_stroke(r.shrink(2.0), 2.0, egui::Stroke::new(2.0, red), egui::StrokeKind::Inside);
            painter.text(r.min + Vec2::splat(3.0), egui::Align2::LEFT_TOP, turns.to_string(), font.clone(), red);
        }
    }

    /// Press and hold a tile next to you for a bomb (issue 43 item 2): the
    /// hold starts on a tile a plain bomb can go on (nothing picked), ends
    /// when the press slides off it, and when let go armed places the bomb
    /// as a shortcut does (a deadly one refused). Returns whether the bomb
    /// was placed (the release is then no click).
    fn hold_bomb(
        &mut self,
        ui: &egui::Ui,
        store: &Store,
        resp: &egui::Response,
        s: &State,
        tile_at: &dyn Fn(egui::Pos2) -> Pos,
    ) -> bool {
        let now = ui.input(|i| i.time);
        let playing = s.run.dialogs.is_empty()
            && s.run.phase == RunPhase::Playing
            && !self.picked
            && !self.pointer.asking
            && !self.piloting();
        if resp.is_pointer_button_down_on() && playing {
            let tile = ui.input(|i| i.pointer.latest_pos()).map(tile_at);
            match (self.pointer.hold, tile) {
                (None, Some(t)) if !self.pointer.hold_spent && input::holds_a_bomb(s, t) => {
                    self.pointer.hold = Some(input::BombHold { tile: t, since: now });
                }
                (Some(h), t) if t != Some(h.tile) => {
                    self.pointer.hold = None;
                    self.pointer.hold_spent = true;
                }
                _ => {}
            }
            if self.pointer.hold.is_some() {
                ui.ctx().request_repaint();
            }
            return false;
        }
        self.pointer.hold_spent = false;
        let Some(h) = self.pointer.hold.take() else { return false };
        if !h.armed(now) || !playing {
            return false;
        }
        if let Some(&a) = input::choices(s, Mode::Bomb, true, h.tile).first() {
            self.shortcut(store, a);
        }
        true
    }

    /// Autopilot, and auto-move once every enemy is gone: the steps they
    /// take by themselves, on egui's clock.
    fn walk_by_itself(&mut self, ui: &egui::Ui, store: &Store, s: &State) {
        // A card or window over the board ("New: ICBM", the menu, the
        // almanac): autopilot and auto-move wait for it (issue 62, item 3),
        // and go on a beat after it closes.
        if self.dialogs.over_board() {
            self.walking.walked_at = ui.input(|i| i.time);
            return;
        }
        // Autopilot, once every enemy is gone: one beat's wait, then 2.5
        // turns a second (the spec), the board taking no input meanwhile
        // (Esc or its Stop button stops it).
        if self.walking.walk.is_none() && self.piloting() {
            let now = ui.input(|i| i.time);
            if self.walking.pilot_since.is_none() {
                self.walking.pilot_since = Some(now);
                self.walking.walked_at = now;
            }
            if now - self.walking.walked_at >= PILOT_SECONDS {
                self.walking.walked_at = now;
                self.pilot(store);
            }
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(50));
        } else {
            self.walking.pilot_since = None;
        }
        // With every enemy gone, the walk goes on by itself, two steps a second.
        if self.walking.walk.is_some() && s.enemies.list.is_empty() && s.run.dialogs.is_empty() {
            let now = ui.input(|i| i.time);
            // An unsafe next step waits for the way to clear (no fallback to
            // picking Move: nobody pressed Go).
            let safe = self.walking.walk.and_then(|to| self.route_to(to)).is_none_or(|r| r.safe);
            if now - self.walking.walked_at >= 0.5 && safe {
                self.walking.walked_at = now;
                self.walk_on(store);
            }
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
        }
    }
}
