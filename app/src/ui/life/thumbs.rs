//! The campaign list's thumbnails (issue 65 item 1): each level's starting
//! field in a small picture (the enemy's cells green on the dark board,
//! player 1's zone tinted red), made once and kept as textures.

use super::view::{P1_COLOR, P2_COLOR};
use eframe::egui::{self, Color32};
use retrace_kernel::life::campaign::Level;

/// A thumbnail's side, in pixels.
pub const SIDE: usize = 48;

/// The pixels of `level`'s thumbnail: a cell block a pixel, the board
/// scaled to fit (its longer side [`SIDE`]), green where any enemy cell
/// lies in the block, the zone tinted.
pub fn pixels(level: &Level) -> egui::ColorImage {
    let field = level.field();
    let (w, h) = (field.w as usize, field.h as usize);
    let scale = w.max(h).div_ceil(SIDE).max(1);
    let mut image = egui::ColorImage::new([SIDE, SIDE], vec![Color32::from_gray(18); SIDE * SIDE]);
    let zone = P1_COLOR.gamma_multiply(0.25);
    for y in 0..h {
        for x in 0..w {
            let (px, py) = (x / scale, y / scale);
            if px >= SIDE || py >= SIDE {
                continue;
            }
            let i = py * SIDE + px;
            if field.get(x as u32, y as u32) == 2 {
                image.pixels[i] = P2_COLOR;
            } else if image.pixels[i] != P2_COLOR && level.zone.contains(x as u32, y as u32) {
                image.pixels[i] = zone;
            }
        }
    }
    image
}

/// Every level's thumbnail as a texture, made the first time the list shows.
pub fn textures<'a>(ctx: &egui::Context, cache: &'a mut Vec<egui::TextureHandle>) -> &'a [egui::TextureHandle] {
    if cache.is_empty() {
        let levels = retrace_kernel::life::campaign::levels();
        *cache = levels
            .iter()
            .enumerate()
            .map(|(i, lv)| ctx.load_texture(format!("life-thumb-{i}"), pixels(lv), egui::TextureOptions::NEAREST))
            .collect();
    }
    cache
}
