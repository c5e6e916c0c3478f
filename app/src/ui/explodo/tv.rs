//! The demo's screen: the board as a television (its glass, fringes and
//! flicker), the pointer's hand or the cursor over it, and the burst when a
//! scene starts.

use super::clip::Clip;
use super::devices::{Input, Key};
use super::gesture;
use crate::store::Lang;
use eframe::egui::{self, Color32, Vec2};
use retrace_kernel::rng::Rng;

/// The demo's old CRT television: a dark bezel round rounded glass at most
/// 4:3 wide (the scene centred, black beside it), scan lines, a vignette,
/// a faint glow, a dark bar rolling down and a bright line sweeping across,
/// with the scene's bar inside the glass along its bottom edge. Painted
/// effects only: the board under it is the kernel's frame `k`.
pub fn tv(painter: &egui::Painter, rect: egui::Rect, clip: &Clip, k: usize, now: f64, hand: Hand<'_>) {
    let pointer = (hand.input == Input::Mouse).then_some((hand.t, hand.lang));
    let glass = tv_glass(painter, rect);
    let screen = glass.shrink(10.0);
    // An interference burst shakes the picture sideways for a moment.
    let shake = burst(now).map_or(0.0, |b| (b * 37.0).sin() * 6.0);
    let picture = egui::Rect::from_min_max(screen.min, egui::pos2(screen.max.x, screen.max.y - 8.0))
        .translate(Vec2::new(shake, 0.0));
    let inside = painter.with_clip_rect(glass);
    let bar_h = if pointer.is_some() { (picture.height() * 0.08).clamp(16.0, 28.0) } else { 0.0 };
    let mut layout = gesture::Layout::of(&clip.frames[k], picture, bar_h);
    // Looking around: the board twice the size, slid about, cut by the glass.
    let (zoom, slide) = super::presses::view_of(clip, k, hand.t);
    if zoom > 1.0 {
        let centre = layout.board.center() - slide * layout.cell * zoom;
        layout.board = egui::Rect::from_center_size(centre, layout.board.size() * zoom);
        layout.cell *= zoom;
    }
    clip.paint_frame(&inside.with_clip_rect(picture.intersect(glass)), layout.board, k);
    fringes(&inside, layout.board);
    match pointer {
        Some((t, lang)) => gesture::paint(&inside, &layout, clip, k, t, lang),
        None => gesture::paint_cards(&inside, &layout, clip, k, hand.lang),
    }
    if let Some(at) = super::presses::cursor_at(clip, k, hand.t, hand.input, hand.keys) {
        dashed_cursor(&inside, &layout, at);
    }
    let bar = egui::Rect::from_min_max(egui::pos2(screen.min.x, screen.max.y - 4.0), screen.max);
    clip.paint_bar(painter, bar, k);
    tv_effects(painter, glass, now);
}

/// Who plays the scene on the television, and how far through the turn:
/// the mouse's pointer, the controller's dashed cursor, or (the keyboard)
/// the key caps under the caption alone.
#[derive(Clone, Copy)]
pub struct Hand<'a> {
    /// The input the demo is shown for.
    pub input: Input,
    /// The keys or buttons the turn takes ([`super::presses::presses`]).
    pub keys: &'a [Key],
    /// How far through the turn (0 to 1).
    pub t: f32,
    /// The window's language (the action bar's words).
    pub lang: Lang,
}

/// The controller's cursor: a dashed white square round tile `at`.
fn dashed_cursor(painter: &egui::Painter, l: &gesture::Layout, at: retrace_kernel::explodo::board::Pos) {
    let r = egui::Rect::from_center_size(l.centre(at), Vec2::splat(l.cell * 0.92));
    let corners = [r.left_top(), r.right_top(), r.right_bottom(), r.left_bottom(), r.left_top()];
    let dash = (l.cell * 0.12).max(3.0);
    painter.extend(egui::Shape::dashed_line(&corners, egui::Stroke::new(2.5, Color32::WHITE), dash, dash * 0.7));
}

/// Whether an interference burst is on at `now` (now and then, as if a
/// vacuum cleaner were switched on nearby): how far into it, in seconds.
pub fn burst(now: f64) -> Option<f32> {
    // About one burst of 0.45 s every 9 s, at uneven times.
    let period = 9.0;
    let n = (now / period).floor();
    let offset = (n * 12.9898).sin().abs() * 6.0;
    let into = now - n * period - offset;
    (0.0..0.45).contains(&into).then_some(into as f32)
}

/// Colour fringes: the picture's edges doubled faintly in red to the left
/// and blue to the right, as an old set's misconverged beams draw them.
fn fringes(painter: &egui::Painter, board: egui::Rect) {
    let red = Color32::from_rgba_unmultiplied(255, 40, 40, 40);
    let blue = Color32::from_rgba_unmultiplied(40, 120, 255, 40);
    painter.rect_stroke(
        board.translate(Vec2::new(-1.5, 0.0)),
        2.0,
        egui::Stroke::new(1.5, red),
        egui::StrokeKind::Middle,
    );
    painter.rect_stroke(
        board.translate(Vec2::new(1.5, 0.0)),
        2.0,
        egui::Stroke::new(1.5, blue),
        egui::StrokeKind::Middle,
    );
}

/// The television's bezel and its dark glass (at most 4:3 wide, centred
/// in `rect`); returns the glass, where the picture goes.
pub fn tv_glass(painter: &egui::Painter, rect: egui::Rect) -> egui::Rect {
    painter.rect_filled(rect, 18.0, Color32::from_rgb(28, 26, 24));
    painter.rect_stroke(rect, 18.0, egui::Stroke::new(2.0, Color32::from_gray(70)), egui::StrokeKind::Inside);
    let inner = rect.shrink2(Vec2::new(16.0, 14.0));
    let glass = egui::Rect::from_center_size(
        inner.center(),
        Vec2::new(inner.width().min(inner.height() * 4.0 / 3.0), inner.height()),
    );
    painter.rect_filled(glass, 14.0, Color32::BLACK);
    glass
}

/// The glass's effects over the picture: scan lines, a dark bar rolling
/// down, a bright line sweeping across, a vignette, a faint glow, the rim.
pub fn tv_effects(painter: &egui::Painter, glass: egui::Rect, now: f64) {
    // Scan lines.
    let mut y = glass.top();
    while y < glass.bottom() {
        painter.line_segment(
            [egui::pos2(glass.left(), y), egui::pos2(glass.right(), y)],
            egui::Stroke::new(1.0, Color32::from_black_alpha(50)),
        );
        y += 3.0;
    }
    // A dark bar rolling down, a bright line sweeping across.
    let roll = ((now * 0.25).fract() as f32) * (glass.height() + 40.0) - 20.0;
    let band = egui::Rect::from_min_size(egui::pos2(glass.left(), glass.top() + roll), Vec2::new(glass.width(), 20.0))
        .intersect(glass);
    if band.height() > 0.0 {
        painter.rect_filled(band, 0.0, Color32::from_black_alpha(45));
    }
    let sweep = ((now * 0.7).fract() as f32) * glass.height();
    painter.line_segment(
        [egui::pos2(glass.left(), glass.top() + sweep), egui::pos2(glass.right(), glass.top() + sweep)],
        egui::Stroke::new(1.0, Color32::from_white_alpha(28)),
    );
    // Faint static: specks that change every frame of the set (20 a second).
    let tick = (now * 20.0).floor() as u64;
    let mut rng = Rng::stream(tick, "retrace.demo.static");
    let bursting = burst(now);
    let specks = if bursting.is_some() { 260 } else { 70 };
    for _ in 0..specks {
        let x = glass.left() + rng.below(1000) as f32 / 1000.0 * glass.width();
        let y = glass.top() + rng.below(1000) as f32 / 1000.0 * glass.height();
        let grey = 120 + rng.below(135) as u8;
        painter.rect_filled(
            egui::Rect::from_min_size(egui::pos2(x, y), Vec2::new(2.0, 1.0)),
            0.0,
            Color32::from_rgba_unmultiplied(grey, grey, grey, 50),
        );
    }
    // An interference burst: bright streaks across the glass.
    if bursting.is_some() {
        for _ in 0..6 {
            let y = glass.top() + rng.below(1000) as f32 / 1000.0 * glass.height();
            let h = 1.0 + rng.below(4) as f32;
            painter.rect_filled(
                egui::Rect::from_min_size(egui::pos2(glass.left(), y), Vec2::new(glass.width(), h)),
                0.0,
                Color32::from_white_alpha(40),
            );
        }
    }
    // A vignette and the glass's glow and rim.
    for i in 0..6 {
        let inset = f32::from(i) * 4.0;
        painter.rect_stroke(
            glass.shrink(inset),
            14.0,
            egui::Stroke::new(4.0, Color32::from_black_alpha(70 - i * 11)),
            egui::StrokeKind::Inside,
        );
    }
    painter.rect_filled(glass, 14.0, Color32::from_rgba_unmultiplied(120, 200, 255, 8));
    painter.rect_stroke(glass, 14.0, egui::Stroke::new(1.5, Color32::from_white_alpha(30)), egui::StrokeKind::Inside);
}
