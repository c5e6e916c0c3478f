//! The field on screen: cells in both colours, zones, the cursor's stamp,
//! placing and erasing by click and drag, and zooming with the wheel.

use super::view::{LifeView, P1_COLOR, P2_COLOR, P2_DOT};
use crate::store::Store;
use eframe::egui::{self, Color32, ColorImage, Pos2, Rect, Sense, TextureOptions, Vec2, WidgetInfo};
use retrace_kernel::life::patterns::PATTERNS;
use retrace_kernel::life::{Action, Phase, Tool};

/// Pixels of wheel travel per quarter turn of a stamp (about one notch).
pub const WHEEL_STEP: f32 = 100.0;

/// Quarter turns from a wheel movement: travel accumulates in `accum` and
/// every [`WHEEL_STEP`] turns once; wheel down (egui's negative `y`) is +1
/// (clockwise), up is −1, as the spec has it. Returns 0 to 3 (mod 4).
pub fn wheel_turns(accum: &mut f32, delta_y: f32) -> u8 {
    *accum += delta_y;
    let mut turns = 0u8;
    while accum.abs() >= WHEEL_STEP {
        if *accum < 0.0 {
            turns = (turns + 1) % 4;
            *accum += WHEEL_STEP;
        } else {
            turns = (turns + 3) % 4;
            *accum -= WHEEL_STEP;
        }
    }
    turns
}

/// The cells on the straight line from `a` to `b` (Bresenham), `a` left out
/// and `b` included: a fast drag paints every cell it crossed, not only the
/// ones sampled at each frame.
pub fn line_cells(a: (u32, u32), b: (u32, u32)) -> Vec<(u32, u32)> {
    let (mut x, mut y) = (i64::from(a.0), i64::from(a.1));
    let (x1, y1) = (i64::from(b.0), i64::from(b.1));
    let (dx, dy) = ((x1 - x).abs(), -(y1 - y).abs());
    let (sx, sy) = (if x < x1 { 1 } else { -1 }, if y < y1 { 1 } else { -1 });
    let mut err = dx + dy;
    let mut out = Vec::new();
    while (x, y) != (x1, y1) {
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
        out.push((x as u32, y as u32));
    }
    out
}

impl LifeView {
    pub(super) fn field(&mut self, ui: &mut egui::Ui, store: &Store) {
        let st = self.session.state();
        let (w, h) = (st.field.w, st.field.h);
        let avail = ui.available_size();
        let cell = (avail.x / w as f32).min(avail.y / h as f32).max(0.5);
        // Centred in the width it has (issue 40: a wide window left a gap
        // between the field and the panel).
        let size = Vec2::new(cell * w as f32, cell * h as f32);
        let left = ((avail.x - size.x) / 2.0).max(0.0);
        let rect = egui::Rect::from_min_size(ui.cursor().min + Vec2::new(left, 0.0), size);
        let resp = ui.allocate_rect(rect, Sense::click_and_drag());
        resp.widget_info(|| WidgetInfo::labeled(egui::Role::Canvas, true, "Life field"));
        crate::ui::widgets::set_board(ui.ctx(), rect, None);
        self.update_texture(ui.ctx(), cell);
        let st = self.session.state();
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
        paint_backdrop(&painter, ui.visuals(), st, rect, cell);
        if let Some(t) = &self.texture {
            painter.image(t.id(), rect, Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)), Color32::WHITE);
        }
        self.paint_hints(&painter, rect, cell, (w, h));
        let Some(player) = st.phase.drawer() else { return };
        let to_cell = |pos: Pos2| -> Option<(u32, u32)> {
            let v = (pos - rect.min) / cell;
            (v.x >= 0.0 && v.y >= 0.0 && (v.x as u32) < w && (v.y as u32) < h).then_some((v.x as u32, v.y as u32))
        };
        let keyed = self.keyboard(ui, store, &resp);
        let hover = resp.hover_pos().and_then(to_cell).or(keyed);
        let erase = ui.input(|i| i.pointer.secondary_down() || i.pointer.secondary_released());
        self.paint_ghosts(ui, &painter, rect, cell, hover, player, erase);
        if let Some((x, y)) = keyed {
            // The keyboard's cell: a dashed square in the window's focus colour.
            let r = Rect::from_min_size(rect.min + Vec2::new(x as f32 * cell, y as f32 * cell), Vec2::splat(cell))
                .expand(1.0);
            crate::ui::widgets::dashed_rect(
                &painter,
                r,
                egui::Stroke::new(2.0, ui.visuals().selection.stroke.color),
                3.0,
                2.0,
            );
        }
        if self.tap_place {
            // One placement on release, at the cell under the finger; moving only previews.
            let released = ui.input(|i| i.pointer.any_released());
            if let (true, Some((x, y))) = (released && resp.hovered(), hover) {
                let a = match (self.stamp, erase) {
                    (Some(pattern), false) => Action::Stamp { x, y, pattern, rot: self.rot },
                    (_, true) => Action::Paint {
                        x,
                        y,
                        tool: if self.tool == Tool::Eraser4 { Tool::Eraser4 } else { Tool::Eraser },
                    },
                    (None, false) => Action::Paint { x, y, tool: self.tool },
                };
                self.push(store, a);
            }
            return;
        }
        if let Some(pos) = resp.interact_pointer_pos() {
            if let Some((x, y)) = to_cell(pos) {
                if let (Some(pattern), false) = (self.stamp, erase) {
                    // One press, one placement.
                    if resp.clicked() || resp.drag_started() {
                        self.push(store, Action::Stamp { x, y, pattern, rot: self.rot });
                    }
                } else if self.last_cell != Some((x, y)) {
                    let tool = if erase {
                        if self.tool == Tool::Eraser4 {
                            Tool::Eraser4
                        } else {
                            Tool::Eraser
                        }
                    } else {
                        self.tool
                    };
                    // Every cell between the last one painted and this one.
                    let cells = match self.last_cell {
                        Some(from) if resp.dragged() => line_cells(from, (x, y)),
                        _ => vec![(x, y)],
                    };
                    for (cx, cy) in cells {
                        self.push(store, Action::Paint { x: cx, y: cy, tool });
                    }
                    self.last_cell = Some((x, y));
                }
            }
        }
        if !resp.dragged() && !resp.is_pointer_button_down_on() {
            self.last_cell = None;
        }
    }

    /// The hints on the field: the search's suggestion as a ghost, the
    /// certificate's as its area outlined, then a shape, then all of it.
    fn paint_hints(&self, painter: &egui::Painter, rect: Rect, cell: f32, (w, h): (u32, u32)) {
        // The hint's ghost: the suggested cells, half-lit with an outline.
        if let Some(task) = &self.hint {
            for &(x, y) in task.cells() {
                let r = Rect::from_min_size(rect.min + Vec2::new(x as f32 * cell, y as f32 * cell), Vec2::splat(cell));
                painter.rect_filled(r, 0.0, P1_COLOR.gamma_multiply(0.45));
                painter.rect_stroke(r, 0.0, (1.0, Color32::WHITE), egui::StrokeKind::Inside);
            }
        }
        // The certificate's hint: its area outlined, then a shape, then all.
        if let Some(k) = &self.known {
            use super::answer::Step;
            let cells: &[(u32, u32)] = match k.step {
                Step::Area => &[],
                Step::Shape => &k.answer.shapes[0].0,
                Step::Whole => &k.answer.cells,
            };
            for &(x, y) in cells {
                let r = Rect::from_min_size(rect.min + Vec2::new(x as f32 * cell, y as f32 * cell), Vec2::splat(cell));
                painter.rect_filled(r, 0.0, P1_COLOR.gamma_multiply(0.45));
                painter.rect_stroke(r, 0.0, (1.0, Color32::WHITE), egui::StrokeKind::Inside);
            }
            if let Some((x0, y0, x1, y1)) = k.answer.area(w, h) {
                let area = Rect::from_min_max(
                    rect.min + Vec2::new(x0 as f32 * cell, y0 as f32 * cell),
                    rect.min + Vec2::new((x1 + 1) as f32 * cell, (y1 + 1) as f32 * cell),
                );
                crate::ui::widgets::dashed_rect(painter, area, egui::Stroke::new(2.0, Color32::YELLOW), 6.0, 4.0);
            }
        }
    }

    /// The field's one texture, rebuilt only when the step or the phase
    /// (hence the mask) changes.
    fn update_texture(&mut self, ctx: &egui::Context, cell: f32) {
        let st = self.session.state();
        // Texels a cell side: three where a cell is drawn 6 points or more, so
        // player 2's cells can carry a dark centre dot, a cue besides their
        // colour for players who cannot tell red from green (issue 41); one
        // on a field zoomed out that far (the dot would not show).
        let k = if cell >= 6.0 { 3 } else { 1 };
        // One texture, rebuilt only when the step, the phase (hence the mask)
        // or the texels a cell change.
        let key = (self.session.step(), st.generation as u32, st.phase, k);
        if self.drawn != Some(key) || self.texture.is_none() {
            let img = field_image(st, k);
            match &mut self.texture {
                Some(t) => t.set(img, TextureOptions::NEAREST),
                None => self.texture = Some(ctx.load_texture("life-field", img, TextureOptions::NEAREST)),
            }
            self.drawn = Some(key);
        }
    }

    /// The keyboard on the field (issue 40): an arrow with nothing focused
    /// gives the field the focus, its cell at the middle; while it has the
    /// focus the arrows move the cell (a cell at a time, the field's edge
    /// holds it), Enter places there as a click would (the pattern, else the
    /// tool) and Delete or Backspace erases. Tab leaves for the buttons,
    /// Esc lets go. Returns the cell while the field has the focus.
    fn keyboard(&mut self, ui: &egui::Ui, store: &Store, resp: &egui::Response) -> Option<(u32, u32)> {
        use egui::Key::{ArrowDown, ArrowLeft, ArrowRight, ArrowUp};
        let (w, h) = (self.session.state().field.w, self.session.state().field.h);
        let pressed = |k: egui::Key| ui.input(|i| !i.modifiers.any() && i.key_pressed(k));
        let arrow = [ArrowUp, ArrowDown, ArrowLeft, ArrowRight].into_iter().find(|&k| pressed(k));
        if crate::ui::widgets::focus_on_arrow(ui, resp.id) {
            self.key_cell = Some((w / 2, h / 2));
            return self.key_cell;
        }
        if !resp.has_focus() {
            return None;
        }
        // The arrows are the field's while it has the focus, not egui's to
        // move the focus with.
        let filter = egui::EventFilter { horizontal_arrows: true, vertical_arrows: true, ..Default::default() };
        ui.memory_mut(|m| m.set_focus_lock_filter(resp.id, filter));
        let (mut x, mut y) = *self.key_cell.get_or_insert((w / 2, h / 2));
        match arrow {
            Some(ArrowUp) => y = y.saturating_sub(1),
            Some(ArrowDown) => y = (y + 1).min(h - 1),
            Some(ArrowLeft) => x = x.saturating_sub(1),
            Some(ArrowRight) => x = (x + 1).min(w - 1),
            _ => {}
        }
        self.key_cell = Some((x, y));
        if pressed(egui::Key::Enter) {
            let a = match self.stamp {
                Some(pattern) => Action::Stamp { x, y, pattern, rot: self.rot },
                None => Action::Paint { x, y, tool: self.tool },
            };
            self.push(store, a);
        } else if pressed(egui::Key::Delete) || pressed(egui::Key::Backspace) {
            let tool = if self.tool == Tool::Eraser4 { Tool::Eraser4 } else { Tool::Eraser };
            self.push(store, Action::Paint { x, y, tool });
        }
        self.key_cell
    }

    /// The pointer's previews over the field: a stamp's cells (turned by the
    /// wheel) or the tool's footprint (the right button's eraser while held),
    /// in the player's colour, grey outside the zone or for an eraser.
    #[expect(
        clippy::too_many_arguments,
        reason = "the field's geometry and the pointer's state, worked out once by `field`"
    )]
    fn paint_ghosts(
        &mut self,
        ui: &egui::Ui,
        painter: &egui::Painter,
        rect: Rect,
        cell: f32,
        hover: Option<(u32, u32)>,
        player: u8,
        erase: bool,
    ) {
        let st = self.session.state();
        let (w, h) = (st.field.w, st.field.h);
        // Stamp preview and rotation by the wheel.
        if let (Some(i), Some((hx, hy))) = (self.stamp, hover) {
            let scroll = ui.input(|inp| inp.smooth_scroll_delta.y);
            self.rot = (self.rot + wheel_turns(&mut self.wheel, scroll)) % 4;
            let color = if player == 1 { P1_COLOR } else { P2_COLOR };
            for (dx, dy) in PATTERNS[i as usize].cells_rotated(self.rot) {
                let (x, y) = (hx + dx, hy + dy);
                if x < w && y < h {
                    let fill = if st.in_zone(x, y, player) {
                        color.gamma_multiply(0.5)
                    } else {
                        Color32::from_gray(120).gamma_multiply(0.5)
                    };
                    painter.rect_filled(
                        Rect::from_min_size(rect.min + Vec2::new(x as f32 * cell, y as f32 * cell), Vec2::splat(cell)),
                        0.0,
                        fill,
                    );
                }
            }
        }
        // The tool's ghost: the cells it would touch (the right button's eraser
        // while held), in the player's colour, grey for an eraser.
        if let (None, Some((hx, hy))) = (self.stamp, hover) {
            let tool = match (erase, self.tool) {
                (true, Tool::Eraser4) => Tool::Eraser4,
                (true, _) => Tool::Eraser,
                (false, t) => t,
            };
            let (x0, y0, x1, y1) = tool.footprint(i64::from(hx), i64::from(hy));
            let clamp = |v: i64, n: u32| v.clamp(0, i64::from(n) - 1) as f32;
            let ghost = Rect::from_min_max(
                rect.min + Vec2::new(clamp(x0, w) * cell, clamp(y0, h) * cell),
                rect.min + Vec2::new((clamp(x1, w) + 1.0) * cell, (clamp(y1, h) + 1.0) * cell),
            );
            let color = if tool.erases() {
                Color32::from_gray(160)
            } else if player == 1 {
                P1_COLOR
            } else {
                P2_COLOR
            };
            painter.rect_filled(ghost, 0.0, color.gamma_multiply(0.35));
        }
    }
}

/// Under the cells: the drawing player's zone tinted and the rest dimmed,
/// each player's territory softly tinted while the field runs or pauses,
/// and grid lines where a cell is at least 5 px.
fn paint_backdrop(
    painter: &egui::Painter,
    visuals: &egui::Visuals,
    st: &retrace_kernel::life::State,
    rect: Rect,
    cell: f32,
) {
    let (w, h) = (st.field.w, st.field.h);
    // Zone tints under the cells: your zone tinted, the other dimmed.
    if let Some(p) = st.phase.drawer() {
        let tint = if p == 1 { P1_COLOR } else { P2_COLOR };
        let zone = |x0: u32, y0: u32, zw: u32, zh: u32| {
            Rect::from_min_size(
                rect.min + Vec2::new(x0 as f32 * cell, y0 as f32 * cell),
                Vec2::new(zw as f32 * cell, zh as f32 * cell),
            )
        };
        match st.campaign {
            Some((_, z)) => {
                painter.rect_filled(rect, 0.0, Color32::from_black_alpha(60));
                painter.rect_filled(zone(z.x, z.y, z.w, z.h), 0.0, tint.gamma_multiply(0.10));
            }
            None => {
                let split = w.div_ceil(2);
                let (mine, other) = if p == 1 {
                    (zone(0, 0, split, h), zone(split, 0, w - split, h))
                } else {
                    (zone(split, 0, w - split, h), zone(0, 0, split, h))
                };
                painter.rect_filled(mine, 0.0, tint.gamma_multiply(0.10));
                painter.rect_filled(other, 0.0, Color32::from_black_alpha(80));
                let x = rect.min.x + split as f32 * cell;
                painter.line_segment([Pos2::new(x, rect.min.y), Pos2::new(x, rect.max.y)], (1.0, Color32::GRAY));
            }
        }
    }
    // While the field runs or pauses, a soft (5 %) tint of each player's
    // territory under the cells: left player 1, right player 2.
    if st.campaign.is_none() && matches!(st.phase, Phase::Running | Phase::Paused) {
        let split = rect.min.x + w.div_ceil(2) as f32 * cell;
        let left = Rect::from_min_max(rect.min, Pos2::new(split, rect.max.y));
        let right = Rect::from_min_max(Pos2::new(split, rect.min.y), rect.max);
        painter.rect_filled(left, 0.0, P1_COLOR.gamma_multiply(0.05));
        painter.rect_filled(right, 0.0, P2_COLOR.gamma_multiply(0.05));
    }
    // Grid lines under the cells, only where a cell is at least 5 px (on
    // big fields they would cover the field).
    if cell >= 5.0 {
        let stroke = (1.0, visuals.faint_bg_color);
        for x in 1..w {
            let px = rect.min.x + x as f32 * cell;
            painter.line_segment([Pos2::new(px, rect.min.y), Pos2::new(px, rect.max.y)], stroke);
        }
        for y in 1..h {
            let py = rect.min.y + y as f32 * cell;
            painter.line_segment([Pos2::new(rect.min.x, py), Pos2::new(rect.max.x, py)], stroke);
        }
    }
}

/// The field as an image of `k` × `k` texels a cell (the cells each player
/// may see now): player 1's cells solid, player 2's with a dark centre
/// texel when `k` is 3 (a cue besides the colour).
pub(super) fn field_image(st: &retrace_kernel::life::State, k: usize) -> ColorImage {
    let (w, h) = (st.field.w as usize, st.field.h as usize);
    let vis = st.visible();
    let mut img = ColorImage::filled([w * k, h * k], Color32::TRANSPARENT);
    for (i, &c) in st.field.cells.iter().enumerate() {
        let color = match c {
            1 if vis.p1 => P1_COLOR,
            2 if vis.p2 => P2_COLOR,
            _ => continue,
        };
        let (x, y) = (i % w * k, i / w * k);
        for dy in 0..k {
            for dx in 0..k {
                let centre = k == 3 && dx == 1 && dy == 1 && c == 2;
                img.pixels[(y + dy) * w * k + x + dx] = if centre { P2_DOT } else { color };
            }
        }
    }
    img
}
