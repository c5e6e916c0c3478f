//! The board in the window: the 9 × 13 view that follows you, the picked
//! action's targets, the cursor, and markers at the view's edges.

use super::paint::{self};
use eframe::egui::{self, Color32, Vec2};
use retrace_kernel::explodo::board::Pos;
use retrace_kernel::explodo::State;

/// The board view's size in tiles (columns, rows): larger boards scroll.
pub const VIEW: (i32, i32) = (9, 13);

/// Seconds between autopilot's turns (the spec: 2.5 moves a second), and
/// the beat it waits before its first.
pub const PILOT_SECONDS: f64 = 0.4;

/// How often the board redraws while nothing moves (the idle bob, the
/// Detonator's pulse): eight frames a second.
pub const IDLE_FRAME: std::time::Duration = std::time::Duration::from_millis(125);

/// Markers on the view's edge for what is out of sight: each enemy a small
/// triangle in its colour pointing its way, the open exit a green one.
pub(super) fn paint_edge_markers(painter: &egui::Painter, view: egui::Rect, board: egui::Rect, cell: f32, s: &State) {
    let centre = |p: Pos| board.min + Vec2::new((p.x as f32 + 0.5) * cell, (p.y as f32 + 0.5) * cell);
    let mut marks: Vec<(Pos, Color32)> = s.enemies.list.iter().map(|e| (e.pos, paint::enemy_look(e.kind).1)).collect();
    if s.board.exit_open {
        marks.push((s.board.layout.exit, Color32::from_rgb(60, 220, 90)));
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
