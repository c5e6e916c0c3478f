//! Colour emoji (issue 41): a glyph's Twemoji SVG (the `twemoji-assets`
//! crate, CC-BY 4.0, credited in Help → About), rasterized by egui_extras'
//! SVG loader once per glyph and size and kept as a texture in the
//! context's memory, so no frame rasterizes or uploads what an earlier one
//! did. A glyph Twemoji lacks is the caller's to draw as text.

use eframe::egui;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The pixel sizes a glyph is rasterized at: the smallest not under the
/// size asked for (the largest past it), so zooming reuses a few textures.
const SIZES: [u32; 8] = [16, 24, 32, 48, 64, 96, 128, 256];

/// The textures made so far, by glyph and size (None: Twemoji has no such
/// glyph, or its SVG did not rasterize; asked once).
type Cache = Arc<Mutex<HashMap<(String, u32), Option<egui::TextureHandle>>>>;

/// The SVG of `glyph`, as written or with its colour selector (U+FE0F)
/// dropped or added (packs write both `⚙` and `⚙️`).
pub fn svg(glyph: &str) -> Option<&'static str> {
    use twemoji_assets::svg::SvgTwemojiAsset;
    let plain: String = glyph.chars().filter(|&c| c != '\u{FE0F}').collect();
    let coloured = format!("{plain}\u{FE0F}");
    let found = [glyph, plain.as_str(), coloured.as_str()].into_iter().find_map(SvgTwemojiAsset::from_emoji);
    found.map(|a| a.data.0)
}

/// The size bucket for `px` pixels.
fn bucket(px: f32) -> u32 {
    SIZES.into_iter().find(|&s| s as f32 >= px).unwrap_or(SIZES[SIZES.len() - 1])
}

/// The texture of `glyph` for drawing `points` tall, made on first use.
pub fn texture(ctx: &egui::Context, glyph: &str, points: f32) -> Option<egui::TextureId> {
    let size = bucket(points * ctx.pixels_per_point());
    let cache: Cache =
        ctx.data_mut(|d| d.get_temp_mut_or_default::<Cache>(egui::Id::unique("retrace-emoji-textures")).clone());
    let mut cache = cache.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let key = (glyph.to_string(), size);
    if let Some(t) = cache.get(&key) {
        return t.as_ref().map(egui::TextureHandle::id);
    }
    let made = svg(glyph).and_then(|svg| {
        let hint = egui::SizeHint::Size { width: size, height: size, maintain_aspect_ratio: true };
        let image = egui_extras::image::load_svg_bytes_with_size(svg.as_bytes(), hint, &Default::default()).ok()?;
        Some(ctx.load_texture(format!("emoji {glyph} {size}"), image, egui::TextureOptions::LINEAR))
    });
    let id = made.as_ref().map(egui::TextureHandle::id);
    cache.insert(key, made);
    id
}

/// Draws `glyph` in colour filling `rect` (mirrored left to right when
/// asked: a glyph that faces left, shown facing right), tinted by `tint`
/// (white for its own colours; a fade multiplies its alpha). False when
/// Twemoji has no such glyph: the caller draws it as text.
pub fn paint(painter: &egui::Painter, rect: egui::Rect, glyph: &str, mirrored: bool, tint: egui::Color32) -> bool {
    let Some(id) = texture(painter.ctx(), glyph, rect.height()) else { return false };
    let uv = if mirrored {
        egui::Rect::from_min_max(egui::pos2(1.0, 0.0), egui::pos2(0.0, 1.0))
    } else {
        egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0))
    };
    painter.image(id, rect, uv, tint);
    true
}

/// Draws `glyph` upside down (a thing flipping over as it dies), faded to
/// `alpha`; false when Twemoji has no such glyph.
pub fn paint_flipped(painter: &egui::Painter, rect: egui::Rect, glyph: &str, alpha: f32) -> bool {
    let Some(id) = texture(painter.ctx(), glyph, rect.height()) else { return false };
    let uv = egui::Rect::from_min_max(egui::pos2(0.0, 1.0), egui::pos2(1.0, 0.0));
    painter.image(id, rect, uv, egui::Color32::WHITE.gamma_multiply(alpha));
    true
}

/// Whether `glyph` draws in colour (Twemoji has it).
pub fn has(glyph: &str) -> bool {
    svg(glyph).is_some()
}

#[cfg(test)]
mod tests {
    use super::{bucket, svg};

    #[test]
    fn a_glyph_is_found_with_or_without_its_colour_selector() {
        for g in ["🐈", "⚙", "⚙\u{FE0F}", "🧱", "🚩"] {
            assert!(svg(g).is_some_and(|s| s.contains("<svg")), "{g}");
        }
        assert!(svg("x").is_none() && svg("ROCK").is_none());
    }

    #[test]
    fn sizes_fall_in_a_few_buckets() {
        assert_eq!((bucket(10.0), bucket(16.0), bucket(17.0), bucket(90.0), bucket(900.0)), (16, 16, 24, 96, 256));
    }
}
