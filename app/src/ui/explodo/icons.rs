//! The top bar's and action bar's icons, painted in code.

use eframe::egui::{self, Color32, Vec2};

/// The top bar's icons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    /// Lives.
    Heart,
    /// The level.
    Flag,
    /// Enemies left.
    Enemy,
    /// Coins.
    Coin,
    /// The turn against par.
    Turn,
    /// Bombs at once.
    Bomb,
    /// Blast reach.
    Blast,
    /// A new bomb's fuse.
    Fuse,
    /// Star turns left.
    Star,
    /// Power-ups held.
    Held,
    /// The charge carried.
    Charge,
}

/// Paints a top-bar icon into `r` (shapes, no font glyphs).
pub fn paint_icon(painter: &egui::Painter, r: egui::Rect, icon: Icon) {
    let c = r.center();
    let u = r.width() / 2.0;
    let p = |x: f32, y: f32| c + Vec2::new(x * u, y * u);
    let fill = |pts: Vec<egui::Pos2>, col: Color32| {
        painter.add(egui::Shape::convex_polygon(pts, col, egui::Stroke::NONE));
    };
    match icon {
        Icon::Heart => {
            let red = Color32::from_rgb(220, 50, 60);
            painter.circle_filled(p(-0.42, -0.3), u * 0.45, red);
            painter.circle_filled(p(0.42, -0.3), u * 0.45, red);
            fill(vec![p(-0.85, -0.15), p(0.85, -0.15), p(0.0, 0.9)], red);
        }
        Icon::Flag => {
            painter.line_segment([p(-0.6, -0.9), p(-0.6, 0.9)], egui::Stroke::new(1.5, Color32::LIGHT_GRAY));
            fill(vec![p(-0.6, -0.9), p(0.8, -0.5), p(-0.6, -0.1)], Color32::from_rgb(80, 200, 120));
        }
        Icon::Enemy => {
            painter.circle_filled(c, u * 0.85, Color32::from_rgb(120, 200, 60));
            for x in [-0.3, 0.3] {
                painter.circle_filled(p(x, -0.1), u * 0.2, Color32::WHITE);
            }
        }
        Icon::Coin => {
            painter.circle(
                c,
                u * 0.8,
                Color32::from_rgb(230, 180, 40),
                egui::Stroke::new(1.0, Color32::from_rgb(150, 110, 20)),
            );
        }
        Icon::Turn => {
            let sand = Color32::from_rgb(200, 170, 110);
            fill(vec![p(-0.7, -0.9), p(0.7, -0.9), p(0.0, 0.0)], sand);
            fill(vec![p(0.0, 0.0), p(0.7, 0.9), p(-0.7, 0.9)], sand);
        }
        Icon::Bomb => {
            painter.circle_filled(p(-0.1, 0.15), u * 0.7, Color32::from_gray(20));
            painter
                .line_segment([p(0.3, -0.4), p(0.7, -0.85)], egui::Stroke::new(1.5, Color32::from_rgb(200, 150, 80)));
        }
        Icon::Blast => {
            let orange = Color32::from_rgb(250, 140, 30);
            fill(vec![p(0.0, -1.0), p(0.3, -0.3), p(0.0, 0.3), p(-0.3, -0.3)], orange);
            fill(vec![p(-1.0, 0.1), p(-0.3, -0.15), p(0.3, 0.15), p(-0.3, 0.35)], orange);
            fill(vec![p(1.0, 0.1), p(0.3, 0.35), p(-0.3, 0.15), p(0.3, -0.15)], orange);
            painter.circle_filled(p(0.0, 0.1), u * 0.3, Color32::from_rgb(255, 220, 80));
        }
        Icon::Fuse => {
            painter.line_segment([p(-0.8, 0.8), p(0.4, -0.4)], egui::Stroke::new(2.0, Color32::from_rgb(200, 150, 80)));
            painter.circle_filled(p(0.55, -0.55), u * 0.3, Color32::from_rgb(255, 210, 60));
        }
        Icon::Star => {
            let gold = Color32::from_rgb(250, 210, 40);
            fill(vec![p(0.0, -1.0), p(0.3, 0.3), p(-0.3, 0.3)], gold);
            fill(vec![p(-0.95, -0.3), p(0.95, -0.3), p(0.0, 0.35)], gold);
            fill(vec![p(0.0, 0.1), p(0.6, 0.95), p(-0.6, 0.95)], gold);
        }
        Icon::Held => {
            let blue = Color32::from_rgb(90, 160, 255);
            fill(vec![p(-0.25, -0.9), p(0.25, -0.9), p(0.25, 0.9), p(-0.25, 0.9)], blue);
            fill(vec![p(-0.9, -0.25), p(0.9, -0.25), p(0.9, 0.25), p(-0.9, 0.25)], blue);
        }
        Icon::Charge => {
            let violet = Color32::from_rgb(170, 120, 250);
            fill(vec![p(0.2, -1.0), p(-0.6, 0.15), p(0.0, 0.15)], violet);
            fill(vec![p(0.0, -0.15), p(0.6, -0.15), p(-0.2, 1.0)], violet);
        }
    }
}
