//! The pictures of what lies on Explodorama's board besides its figures
//! (issue 62 item 13: pictures where letters stood): power-ups and charges
//! as their glyph on a disc, oil barrels, spikes, a cracked pillar's crack,
//! a decoy.

use eframe::egui::{self, Color32, Vec2};
use retrace_kernel::explodo::items::{Charge, Power};

/// A charge's picture (issue 62 item 13: pictures, not letters): a Twemoji
/// glyph each, on its disc wherever it is drawn (the floor, the Almanac, the
/// HUD's badge).
pub fn charge_glyph(c: Charge) -> &'static str {
    match c {
        Charge::Pierce => "🗡",
        Charge::Power => "💪",
        Charge::Nuke => "☢",
        Charge::Acid => "🧪",
        Charge::Shield => "🛡",
        Charge::Freeze => "❄",
        Charge::Decoy => "🎭",
        Charge::Icbm => "🚀",
        Charge::FlamePass => "🧯",
        Charge::Teleport => "🌀",
    }
}

/// A power-up's picture, as [`charge_glyph`].
pub fn power_glyph(p: Power) -> &'static str {
    match p {
        Power::BombUp => "💣",
        Power::FireUp => "🔥",
        Power::Tnt => "🧨",
        Power::FuseUp => "⏳",
        Power::Run => "🏃",
        Power::Kick => "🦶",
        Power::Throw => "🥏",
        Power::Diagonal => "↗",
        Power::Slide => "🛷",
        Power::Rpg => "🎯",
        Power::Detonator => "💥",
        Power::Proximity => "📡",
        Power::CratePass => "📦",
        Power::BombPass => "👣",
        Power::Star => "⭐",
        Power::Heart => "❤",
        Power::CoinBag => "💰",
    }
}

/// A power-up (blue) or a charge (violet): its picture on a disc of its
/// kind's colour; its name's initial where the picture cannot be drawn.
pub fn item_disc(painter: &egui::Painter, r: egui::Rect, glyph: &str, name: &str, power: bool) {
    let colour = if power { Color32::from_rgb(90, 160, 255) } else { Color32::from_rgb(170, 120, 250) };
    painter.circle_filled(r.center(), r.width() * 0.45, colour);
    let inner = egui::Rect::from_center_size(r.center(), r.size() * 0.62);
    if !crate::ui::emoji::paint(painter, inner, glyph, false, Color32::WHITE) {
        painter.text(
            r.center(),
            egui::Align2::CENTER_CENTER,
            &name[..name.char_indices().nth(1).map_or(name.len(), |(i, _)| i)],
            egui::FontId::proportional(r.width() * 0.5),
            Color32::WHITE,
        );
    }
}

/// A cracked pillar's crack drawn, not lettered (it was "/"): a jagged
/// dark line from one corner towards the other, with a branch.
pub(super) fn paint_crack(painter: &egui::Painter, r: egui::Rect) {
    let at = |x: f32, y: f32| r.min + Vec2::new(r.width() * x, r.height() * y);
    let stroke = egui::Stroke::new((r.width() * 0.06).max(1.0), Color32::from_rgb(40, 30, 30));
    painter.add(egui::Shape::line(vec![at(0.3, 0.15), at(0.45, 0.4), at(0.38, 0.55), at(0.6, 0.85)], stroke));
    painter.line_segment([at(0.45, 0.4), at(0.7, 0.35)], stroke);
}

/// An oil barrel drawn, not lettered (issue 62 item 13: it was "!"): a
/// dark drum with two hoops and the yellow band of what it holds.
pub(super) fn paint_barrel(painter: &egui::Painter, r: egui::Rect) {
    let drum = r.shrink2(Vec2::new(r.width() * 0.22, r.height() * 0.12));
    painter.rect_filled(drum, drum.width() * 0.18, Color32::from_rgb(120, 50, 30));
    let hoop = egui::Stroke::new((r.width() * 0.05).max(1.0), Color32::from_rgb(60, 25, 15));
    for f in [0.25, 0.75] {
        let y = drum.top() + drum.height() * f;
        painter.line_segment([egui::pos2(drum.left(), y), egui::pos2(drum.right(), y)], hoop);
    }
    let band = egui::Rect::from_center_size(drum.center(), Vec2::new(drum.width(), drum.height() * 0.2));
    painter.rect_filled(band, 0.0, Color32::from_rgb(240, 200, 40));
}

/// Spikes drawn, not lettered (issue 62 item 13: they were "^"): three
/// points, red and tall while up, low and grey while down.
pub(super) fn paint_spikes(painter: &egui::Painter, r: egui::Rect, up: bool) {
    let (colour, height) = if up { (Color32::from_rgb(210, 40, 40), 0.45) } else { (Color32::from_gray(90), 0.18) };
    let base = r.bottom() - r.height() * 0.2;
    let w = r.width() * 0.6 / 3.0;
    for k in 0..3 {
        let left = r.left() + r.width() * 0.2 + w * k as f32;
        let points = vec![
            egui::pos2(left, base),
            egui::pos2(left + w / 2.0, base - r.height() * height),
            egui::pos2(left + w, base),
        ];
        painter.add(egui::Shape::convex_polygon(points, colour, egui::Stroke::NONE));
    }
}

/// The Star's aura: gold.
pub const STAR_AURA: Color32 = Color32::from_rgb(255, 205, 60);
/// The Shield's ring (the spec's "a ring round you until something hits you").
pub const SHIELD_RING: Color32 = Color32::from_rgb(70, 160, 255);
/// Flame Pass's ring: orange (the spec's).
pub const FLAME_PASS_RING: Color32 = Color32::from_rgb(255, 140, 30);

/// What the player carries, drawn on the player (issue 65 item 6): the
/// Star's turns as a gold aura, a Shield as a pale blue ring, Flame Pass
/// as an orange ring, and the charge carried as its disc at the tile's top
/// right (the HUD says it too, but the eye is on the player). `r` is the
/// player's tile, moving with it.
pub(super) fn paint_carried(painter: &egui::Painter, r: egui::Rect, cell: f32, p: &retrace_kernel::explodo::Player) {
    let c = r.center();
    if p.star > 0 {
        painter.circle_filled(c, cell * 0.5, STAR_AURA.gamma_multiply(0.18));
        painter.circle_stroke(c, cell * 0.47, egui::Stroke::new((cell * 0.06).max(2.0), STAR_AURA));
    }
    let ring = match p.charge {
        Some((Charge::Shield, _)) => Some(SHIELD_RING),
        Some((Charge::FlamePass, _)) => Some(FLAME_PASS_RING),
        _ => None,
    };
    if let Some(colour) = ring {
        painter.circle_stroke(c, cell * 0.4, egui::Stroke::new((cell * 0.07).max(2.0), colour));
    }
    if let Some((charge, _)) = p.charge {
        let size = (cell * 0.34).max(10.0);
        let badge = egui::Rect::from_min_size(r.right_top() + Vec2::new(-size, 0.0), Vec2::splat(size));
        item_disc(painter, badge, charge_glyph(charge), charge.name(), false);
    }
}
