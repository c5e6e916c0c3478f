//! The board in the window: the whole board when the window shows it at a
//! readable tile size, else the spec's 9 × 13 view that follows you (a
//! phone's portrait screen), with markers at its edges for what lies beyond.

use super::paint::{self};
use eframe::egui::{self, Color32, Vec2};
use retrace_kernel::explodo::board::Pos;
use retrace_kernel::explodo::State;

/// The following view's size in tiles (columns, rows): a board that does
/// not fit the window at [`READABLE`] scrolls in a view this size.
pub const VIEW: (i32, i32) = (9, 13);

/// The smallest tile (points) the whole board is shown at; below it the
/// view follows you in [`VIEW`]'s tiles, larger (issue 62, item 1: an 11 by
/// 13 level shows whole at 800 × 600 and up).
pub const READABLE: f32 = 28.0;

/// The view's size in tiles for a `w` × `h` board in `width` × `height`
/// points: the whole board when its tiles are at least [`READABLE`], else
/// at most [`VIEW`].
pub fn view_tiles(w: i32, h: i32, width: f32, height: f32) -> (i32, i32) {
    let whole = (width / w as f32).min(height / h as f32);
    if whole >= READABLE {
        (w, h)
    } else {
        (w.min(VIEW.0), h.min(VIEW.1))
    }
}

/// Seconds between autopilot's turns (the spec: 2.5 moves a second), and
/// the beat it waits before its first.
pub const PILOT_SECONDS: f64 = 0.4;

/// How often the board redraws while nothing moves (the idle bob, the
/// Detonator's pulse): eight frames a second.
pub const IDLE_FRAME: std::time::Duration = std::time::Duration::from_millis(125);

/// Markers on the view's edge for what is out of sight: each enemy a small
/// triangle in its colour pointing its way, the exit once found (green
/// open, grey shut), the uncovered gem in its colour.
pub(super) fn paint_edge_markers(painter: &egui::Painter, view: egui::Rect, board: egui::Rect, cell: f32, s: &State) {
    let centre = |p: Pos| board.min + Vec2::new((p.x as f32 + 0.5) * cell, (p.y as f32 + 0.5) * cell);
    let mut marks: Vec<(Pos, Color32)> = s.enemies.list.iter().map(|e| (e.pos, paint::enemy_look(e.kind).1)).collect();
    if s.board.exit_open {
        marks.push((s.board.layout.exit, Color32::from_rgb(60, 220, 90)));
    } else if s.board.exit_revealed {
        marks.push((s.board.layout.exit, Color32::from_gray(150)));
    }
    if s.board.gem_revealed && !s.board.gem_taken {
        marks.push((s.board.layout.gem, paint::gem_colour(s.run.seed, s.run.level)));
    }
    let inner = view.shrink(cell * 0.3);
    for (p, colour) in marks {
        let c = centre(p);
        if view.contains(c) {
            continue;
        }
        let at = inner.clamp(c);
        let dir = (c - at).normalized();
        let side = Vec2::new(-dir.y, dir.x) * cell * 0.18;
        painter.add(egui::Shape::convex_polygon(
            vec![at + dir * cell * 0.25, at - dir * cell * 0.1 + side, at - dir * cell * 0.1 - side],
            colour,
            egui::Stroke::new(1.0, Color32::BLACK),
        ));
    }
}
