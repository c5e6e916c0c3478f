//! The window's type and cards scale with it, as the boards already do
//! (issue 62 item 4): the screens are laid out for 1100 × 760 points, and a
//! bigger window shows that layout zoomed by the smaller of its width's and
//! height's ratio to it (up to [`MAX_ZOOM`]); a smaller one keeps one pixel
//! a point, its boards shrinking as before. The type is at least 13 px.

use eframe::egui::{self, FontFamily, FontId, TextStyle, Vec2};

/// The window size the screens are laid out for, in points.
pub const DESIGN: Vec2 = Vec2::new(1100.0, 760.0);
/// The most zoom (a 4K screen).
pub const MAX_ZOOM: f32 = 2.5;

/// The zoom for a window of `px` pixels (at one pixel a point).
pub fn zoom_for(px: Vec2) -> f32 {
    (px.x / DESIGN.x).min(px.y / DESIGN.y).clamp(1.0, MAX_ZOOM)
}

/// The type sizes, in points: none under 13 (egui's own Small is 9 and its
/// Body 12.5).
pub fn text_styles() -> [(TextStyle, FontId); 5] {
    [
        (TextStyle::Small, FontId::new(13.0, FontFamily::Proportional)),
        (TextStyle::Body, FontId::new(14.0, FontFamily::Proportional)),
        (TextStyle::Button, FontId::new(14.0, FontFamily::Proportional)),
        (TextStyle::Monospace, FontId::new(13.0, FontFamily::Monospace)),
        (TextStyle::Heading, FontId::new(20.0, FontFamily::Proportional)),
    ]
}

/// Sets the type sizes once and the zoom whenever the window's size in
/// pixels changes (`last` remembers it, so a zoom the player chose with the
/// keyboard holds until the window is resized).
pub fn apply(ctx: &egui::Context, last: &mut Option<Vec2>) {
    let px = ctx.input(|i| i.content_rect().size()) * ctx.zoom_factor();
    if *last == Some(px) {
        return;
    }
    if last.is_none() {
        ctx.all_styles_mut(|s| {
            for (style, font) in text_styles() {
                s.text_styles.insert(style, font);
            }
        });
    }
    *last = Some(px);
    ctx.set_zoom_factor(zoom_for(px));
}
