//! Miau Is True's board painted: palette glyphs (or fallbacks, or letters),
//! frames and marks for what the rules make each thing, sentence bars.

use eframe::egui::{self, Color32, Pos2, Vec2};
use retrace_kernel::miau::board::{Kind, Prop, Word, PROPS};
use retrace_kernel::miau::pack::Glyph;
use retrace_kernel::miau::State;

/// How a pack's things look: the palette's glyphs, the glossary's accents for
/// its own property words, and which things face right now (a glyph drawn
/// `faces = "left"` is mirrored for them).
#[derive(Clone, Debug, Default)]
pub struct Look {
    /// The pack's palette.
    pub palette: Vec<Glyph>,
    /// Each declared property word (uppercase) and its accent.
    pub accents: Vec<(String, String)>,
    /// The ids of the things whose last sideways step went right.
    pub facing_right: Vec<String>,
    /// Things drawn a little aside (id, cells across): a failed push's shake.
    pub nudge: Vec<(String, f32)>,
    /// Things that changed noun, popping into the new one: (id, the old
    /// noun, how far the pop is, 0 to 1), from the view's own clock
    /// ([`morph_progress`]); none once every pop is done.
    pub morph: Vec<(String, String, f32)>,
}

/// How long one transform's pop lasts.
pub const MORPH_MS: f32 = 50.0;
/// With more than [`MASS_MORPH`] things changing at once, each pops this
/// much after the one before (a staggered pop, the spec's F-CW13 cue).
pub const MORPH_STAGGER_MS: f32 = 30.0;
/// More things than this changing noun at once is a mass transform.
pub const MASS_MORPH: usize = 4;

/// How far the `k`-th of `n` things changing noun on a move is through its
/// pop, `ms` after the move began (0 to 1). A pop lasts [`MORPH_MS`], so a
/// lone transform is done 50 ms before the move's tween settles (the
/// spec's F-TW8: the transform is seen to beat the contact); a mass
/// transform pops one thing after another in reading order.
pub fn morph_progress(ms: f32, k: usize, n: usize) -> f32 {
    let start = if n > MASS_MORPH { k as f32 * MORPH_STAGGER_MS } else { 0.0 };
    ((ms - start) / MORPH_MS).clamp(0.0, 1.0)
}

/// The colour of an accent (the glossary's and the world's `accent`: you,
/// push, stop, win, sink, defeat), the colour of that core property's word.
pub fn accent_color(accent: &str) -> Option<Color32> {
    let p = match accent {
        "you" => Prop::You,
        "push" => Prop::Push,
        "stop" => Prop::Stop,
        "win" => Prop::Win,
        "sink" => Prop::Sink,
        "defeat" => Prop::Defeat,
        _ => return None,
    };
    Some(prop_color(p))
}

/// A circuit's colour (the fixed channel palette), tinting its plates and gates.
pub fn channel_color(channel: &str) -> Color32 {
    match channel {
        "amber" => Color32::from_rgb(255, 180, 40),
        "teal" => Color32::from_rgb(40, 180, 170),
        "rose" => Color32::from_rgb(240, 110, 150),
        "lime" => Color32::from_rgb(160, 220, 60),
        "violet" => Color32::from_rgb(160, 110, 240),
        _ => Color32::from_rgb(110, 180, 250),
    }
}

/// A custom property word with no accent: not a noun's colour, so it reads as a property.
const CUSTOM_PROPERTY: Color32 = Color32::from_rgb(200, 170, 255);

/// A word's colour: a core property's own (YOU pink, WIN gold…); a level's
/// own property word (a pair's or an automaton's, or one the glossary
/// declares) its glossary accent, else one lilac for all of them, never a
/// noun's colour; a noun its object's colour; IS and AND white.
pub fn word_color(w: &Word, s: &State, look: &Look) -> Color32 {
    match w {
        Word::Prop(p) => prop_color(*p),
        Word::Noun(n) => {
            if let Some(c) =
                look.accents.iter().find(|(w, _)| w.eq_ignore_ascii_case(n)).and_then(|(_, a)| accent_color(a))
            {
                return c;
            }
            let bound =
                s.pair_words.iter().flatten().chain(s.automaton_words.iter()).any(|w| w.eq_ignore_ascii_case(n));
            if bound {
                CUSTOM_PROPERTY
            } else {
                noun_color(n)
            }
        }
        Word::Is | Word::And => Color32::from_gray(230),
    }
}

/// An object's tile colour: a plate's or gate's circuit colour, else its noun's.
pub fn object_color(t: &retrace_kernel::miau::board::Thing) -> Color32 {
    match (&t.kind, t.channel.as_deref()) {
        (_, Some(c)) => channel_color(c),
        (Kind::Object(n), None) => noun_color(n),
        (Kind::Word(_), None) => Color32::from_gray(15),
    }
}

/// Where the `k`th of `n` things in one cell is drawn: alone, the whole cell;
/// stacked, a smaller square stepped along the diagonal, so each stays in sight.
pub fn stacked(r: egui::Rect, k: usize, n: usize) -> egui::Rect {
    if n <= 1 {
        return r;
    }
    let size = r.width() * if n == 2 { 0.66 } else { 0.58 };
    let step = (r.width() - size) / (n - 1) as f32;
    egui::Rect::from_min_size(r.min + Vec2::splat(step * k as f32), Vec2::splat(size))
}

/// What an object's tile shows and in what font: its palette glyph (or
/// fallback) where the fonts have it (then `true`), else the noun's first
/// letters (four on big cells, one on small).
fn tile_label(painter: &egui::Painter, noun: &str, palette: &[Glyph], cell: f32) -> (String, egui::FontId, bool) {
    let big = egui::FontId::proportional(cell * 0.55);
    // Drawable: in colour (Twemoji has it), else by the fonts.
    let drawable = |g: &str| crate::ui::emoji::has(g) || painter.fonts_mut(|f| f.has_glyphs(&big, g));
    match glyph_for(noun, palette, drawable) {
        Some(g) => (g, big, true),
        None => {
            let letters = noun.chars().take(if cell >= 36.0 { 4 } else { 1 }).collect();
            (letters, egui::FontId::proportional(cell * 0.3), false)
        }
    }
}

/// A tile's label: a glyph in colour at 60 % of the cell (the spec's
/// worlds) where Twemoji has it, else the glyph or letters as text (black,
/// mirrored when it faces the other way); `alpha` fades it (a morph).
fn draw_label(
    painter: &egui::Painter,
    r: egui::Rect,
    cell: f32,
    (label, font, is_glyph): (&str, egui::FontId, bool),
    mirrored: bool,
    alpha: f32,
) {
    let square = egui::Rect::from_center_size(r.center(), Vec2::splat(cell * 0.6));
    if is_glyph && crate::ui::emoji::paint(painter, square, label, mirrored, Color32::WHITE.gamma_multiply(alpha)) {
        return;
    }
    let color = Color32::BLACK.gamma_multiply(alpha);
    if mirrored {
        mirrored_text(painter, r.center(), label, font, color);
    } else {
        painter.text(r.center(), egui::Align2::CENTER_CENTER, label, font, color);
    }
}

/// `text` centred on `center`, mirrored left to right (a glyph drawn facing
/// left, shown facing right): the laid-out text's mesh with its x flipped.
fn mirrored_text(painter: &egui::Painter, center: Pos2, text: &str, font: egui::FontId, color: Color32) {
    let galley = painter.layout_no_wrap(text.to_string(), font, color);
    let [tw, th] = painter.fonts(|f| f.font_image_size());
    let origin = center - galley.size() / 2.0;
    let mut mesh = egui::Mesh::with_texture(egui::TextureId::default());
    for row in &galley.rows {
        let base = mesh.vertices.len() as u32;
        for v in &row.visuals.mesh.vertices {
            let p = origin + row.pos.to_vec2() + v.pos.to_vec2();
            mesh.vertices.push(egui::epaint::Vertex {
                pos: Pos2::new(2.0 * center.x - p.x, p.y),
                uv: Pos2::new(v.uv.x / tw as f32, v.uv.y / th as f32),
                color: if v.color == Color32::PLACEHOLDER { color } else { v.color },
            });
        }
        mesh.indices.extend(row.visuals.mesh.indices.iter().map(|i| i + base));
    }
    painter.add(egui::Shape::mesh(mesh));
}

/// A noun's colour: the usual nouns their own, others from their name.
fn noun_color(noun: &str) -> Color32 {
    match noun {
        "miau" => Color32::from_rgb(240, 150, 60),
        "rock" => Color32::from_rgb(140, 110, 80),
        "wall" => Color32::from_gray(90),
        "flag" => Color32::from_rgb(235, 205, 70),
        "water" => Color32::from_rgb(60, 120, 210),
        "crate" => Color32::from_rgb(180, 130, 70),
        "dock" => Color32::from_rgb(90, 170, 110),
        "gate" => Color32::from_rgb(120, 90, 160),
        "plate" => Color32::from_rgb(160, 160, 170),
        other => {
            // A stable colour per name (no hashing crate: a small FNV over the bytes).
            let h = other.bytes().fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193));
            Color32::from_rgb(80 + (h & 0x7f) as u8, 80 + ((h >> 8) & 0x7f) as u8, 80 + ((h >> 16) & 0x7f) as u8)
        }
    }
}

/// A property word's colour (YOU, WIN… stand out).
fn prop_color(p: Prop) -> Color32 {
    match p {
        Prop::You => Color32::from_rgb(240, 120, 180),
        Prop::Win => Color32::from_rgb(235, 205, 70),
        Prop::Push => Color32::from_rgb(180, 130, 70),
        Prop::Stop => Color32::from_rgb(120, 170, 90),
        Prop::Sink => Color32::from_rgb(80, 140, 230),
        Prop::Defeat => Color32::from_rgb(220, 70, 60),
        Prop::Goal => Color32::from_rgb(90, 200, 140),
        Prop::Float => Color32::from_rgb(150, 200, 240),
        Prop::Frail => Color32::from_rgb(200, 180, 140),
        // The keke rules' words: KILL as DEFEAT, MOVE lively, HOT and MELT
        // a warm and a cool one.
        Prop::Kill => Color32::from_rgb(220, 70, 60),
        Prop::Move => Color32::from_rgb(200, 120, 230),
        Prop::Hot => Color32::from_rgb(240, 140, 60),
        Prop::Melt => Color32::from_rgb(110, 200, 230),
    }
}

/// What to draw for `noun`, the first the fonts have (`drawable`): its
/// palette glyph, the built-in table's glyph for it, the table's fallback,
/// then the palette's fallback (often a letter, so after the table's
/// picture); else nothing (the noun's letters are drawn then).
pub fn glyph_for(noun: &str, palette: &[Glyph], drawable: impl Fn(&str) -> bool) -> Option<String> {
    let own = palette.iter().find(|g| g.noun == noun);
    let table = retrace_kernel::miau::pack::builtin(noun);
    [own.map(|g| g.glyph.as_str()), table.map(|t| t.0), table.map(|t| t.1), own.map(|g| g.fallback.as_str())]
        .into_iter()
        .flatten()
        .map(plain_form)
        .find(|t| !t.is_empty() && drawable(t))
        .map(std::borrow::Cow::into_owned)
}

/// Whether `noun`'s glyph faces left (so it is mirrored to face right): as
/// its palette entry says, else as the built-in table says; and a palette
/// glyph the table knows faces as the table says even when the pack wrote
/// it as a plain string (First Steps' `MIAU = "🐈"`: the cat turns).
pub fn faces_left(noun: &str, palette: &[Glyph]) -> bool {
    use retrace_kernel::miau::pack::BUILTIN;
    match palette.iter().find(|g| g.noun == noun) {
        Some(g) => {
            g.faces_left || BUILTIN.iter().any(|&(_, glyph, _, left)| left && plain_form(glyph) == plain_form(&g.glyph))
        }
        None => retrace_kernel::miau::pack::builtin(noun).is_some_and(|t| t.2),
    }
}

/// An emoji as the bundled fonts can draw it: without the variation
/// selector that asks for colour presentation (`⚙️` is `⚙` and U+FE0F; the
/// fonts have the `⚙` and lack the selector, so the pair would not draw).
pub fn plain_form(glyph: &str) -> std::borrow::Cow<'_, str> {
    if glyph.contains('\u{FE0F}') {
        glyph.chars().filter(|&c| c != '\u{FE0F}').collect::<String>().into()
    } else {
        glyph.into()
    }
}

/// Draws a Miau board in `rect`: objects (their palette glyph, or its
/// fallback, or their noun's first letters, on a coloured tile; a shut gate
/// crossed), words (dark tiles with the word; a fixed word framed), and a bar
/// under (or beside) every sentence read. A glyph the fonts lack is never
/// drawn: the fallback or the letters stand in (F-TW6).
pub fn paint(painter: &egui::Painter, rect: egui::Rect, s: &State, look: &Look) {
    paint_moving(painter, rect, s, look, None);
}

/// How long a move's tween lasts.
pub const TWEEN: std::time::Duration = std::time::Duration::from_millis(100);

/// Where each thing of `to` is drawn `t` (0 to 1) of the way through a move
/// from `from`: a thing that was there (the same id) slides from its old cell,
/// one that was not stands in its new one. At `t` = 1 every thing is exactly
/// where the kernel's state has it.
pub fn tween_positions(from: &State, to: &State, t: f32) -> Vec<(f32, f32)> {
    let t = t.clamp(0.0, 1.0);
    to.board
        .things
        .iter()
        .map(|th| match from.board.things.iter().find(|f| f.id == th.id) {
            Some(f) if t < 1.0 => {
                let lerp = |a: i32, b: i32| a as f32 + (b - a) as f32 * t;
                (lerp(f.x, th.x), lerp(f.y, th.y))
            }
            _ => (th.x as f32, th.y as f32),
        })
        .collect()
}

/// [`paint`], with the things on their way from `from` (the state before the
/// move) `t` of the way through; the rules and everything else are `s`'s.
pub fn paint_moving(painter: &egui::Painter, rect: egui::Rect, s: &State, look: &Look, from: Option<(&State, f32)>) {
    let b = &s.board;
    // Stacks: each thing's place among the things of its cell, and how many
    // share it, so a stack is drawn stepped rather than one on top of another.
    let stack: Vec<(usize, usize)> = b
        .things
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let here = |u: &&retrace_kernel::miau::board::Thing| u.x == t.x && u.y == t.y;
            (b.things[..i].iter().filter(here).count(), b.things.iter().filter(here).count())
        })
        .collect();

    let cell = (rect.width() / b.w as f32).min(rect.height() / b.h as f32);
    let places = from.map(|(f, t)| tween_positions(f, s, t));
    let place = |i: usize, x: i32, y: i32| {
        let (px, py) = places.as_ref().map_or((x as f32, y as f32), |p| p[i]);
        let dx = look.nudge.iter().find(|(id, _)| *id == *b.things[i].id).map_or(0.0, |n| n.1);
        egui::Rect::from_min_size(rect.min + Vec2::new((px + dx) * cell, py * cell), Vec2::splat(cell))
    };
    // Things that changed noun pop into the new one: the old one fades out
    // over it as its pop runs (the view's clock, `look.morph`).
    let morph = |i: usize| -> Option<(&str, f32)> {
        let th = &b.things[i];
        let (_, old, p) = look.morph.iter().find(|(id, _, _)| *id == *th.id)?;
        (*p < 1.0).then_some((old.as_str(), 1.0 - p))
    };
    // The pop: the new sprite swells a little and settles as it comes in.
    let pop = |i: usize, r: egui::Rect| match look.morph.iter().find(|(id, _, _)| *id == *b.things[i].id) {
        Some((_, _, p)) if *p < 1.0 => r.expand(r.width() * 0.12 * (std::f32::consts::PI * p).sin()),
        _ => r,
    };
    let at = |x: i32, y: i32| {
        egui::Rect::from_min_size(rect.min + Vec2::new(x as f32 * cell, y as f32 * cell), Vec2::splat(cell))
    };
    painter.rect_filled(
        egui::Rect::from_min_size(rect.min, Vec2::new(cell * b.w as f32, cell * b.h as f32)),
        2.0,
        BOARD,
    );
    // Faint cell lines, so distances can be counted.
    let line = egui::Stroke::new(1.0, Color32::from_gray(28));
    for x in 1..b.w {
        painter.line_segment([at(x, 0).left_top(), at(x, b.h - 1).left_bottom()], line);
    }
    for y in 1..b.h {
        painter.line_segment([at(0, y).left_top(), at(b.w - 1, y).right_top()], line);
    }
    // Objects under words, each cell's things in board order.
    for word_pass in [false, true] {
        for (i, t) in b.things.iter().enumerate().filter(|(_, t)| matches!(t.kind, Kind::Word(_)) == word_pass) {
            let (k, n) = stack[i];
            let r = pop(i, stacked(place(i, t.x, t.y), k, n).shrink(cell * 0.08));
            match &t.kind {
                Kind::Object(n) => paint_object(painter, r, t, n, s, look, cell, morph(i)),
                Kind::Word(w) => paint_word(painter, r, t, w, s, look, cell),
            }
            // No count on a stack (design D23: no decorations on a sprite):
            // a stack is drawn stepped.
        }
    }
    // Sentence bars: under a row's sentence, right of a column's.
    for span in &s.rules.spans {
        let (Some(first), Some(last)) = (span.cells.first(), span.cells.last()) else { continue };
        let (a, z) = (at(first.0, first.1), at(last.0, last.1));
        let stroke = egui::Stroke::new((cell * 0.06).max(1.5), Color32::from_rgb(240, 240, 160));
        if span.axis == 0 {
            painter.line_segment(
                [a.left_bottom() + Vec2::new(2.0, -2.0), z.right_bottom() + Vec2::new(-2.0, -2.0)],
                stroke,
            );
        } else {
            painter
                .line_segment([a.right_top() + Vec2::new(-2.0, 2.0), z.right_bottom() + Vec2::new(-2.0, -2.0)], stroke);
        }
    }
}

/// One object on the board, drawn as the rules make it (see the comment
/// inside), turning to face its way, with the noun it had fading out over
/// it when it changed on this move (`morph`: the old noun and its alpha).
#[expect(clippy::too_many_arguments, reason = "one tile's place, thing and look, worked out once by the board's pass")]
fn paint_object(
    painter: &egui::Painter,
    r: egui::Rect,
    t: &retrace_kernel::miau::board::Thing,
    n: &retrace_kernel::miau::board::Name,
    s: &State,
    look: &Look,
    cell: f32,
    morph: Option<(&str, f32)>,
) {
    // What the rules make it, drawn: a thing with no property at
    // all is faded scenery (a crate that is not PUSH, a wall that
    // is not STOP, look passable), STOP is a heavy frame, PUSH a
    // light one, YOU a white one; GOAL is outlined in the WIN colour.
    let has = |p: Prop| s.rules.has(&t.kind, p);
    let inert = PROPS.iter().all(|(p, _)| !has(*p));
    // Terrain (F-CW6, D23): a slab only while it is STOP; a slab with a lip
    // while it is PUSH; else a hatched outline, passable.
    if s.is_terrain(n.as_str()) {
        paint_terrain(painter, r, cell, has(Prop::Stop), has(Prop::Push));
        return;
    }
    // A plate or gate takes its circuit's colour.
    let base = object_color(t);
    let fill = if inert { base.gamma_multiply(0.45) } else { base };
    if has(Prop::Goal) {
        // GOAL (D23): outlined in the WIN colours, not filled.
        let stroke = egui::Stroke::new((cell * 0.07).max(2.0), prop_color(Prop::Win));
        painter.rect_stroke(r, cell * 0.2, stroke, egui::StrokeKind::Inside);
    } else {
        painter.rect_filled(r, cell * 0.2, fill);
    }
    let frame = if has(Prop::You) {
        Some((2.5, Color32::WHITE))
    } else if has(Prop::Push) {
        Some((1.5, Color32::from_gray(220)))
    } else if has(Prop::Stop) {
        Some((3.0, Color32::BLACK))
    } else {
        None
    };
    if let Some((width, color)) = frame {
        painter.rect_stroke(r, cell * 0.2, egui::Stroke::new(width, color), egui::StrokeKind::Inside);
    }
    // No marks on the sprite (D23: no decorations on a sprite; what the
    // rules make a thing is read in the sentences and the ledger).
    let (label, font, is_glyph) = tile_label(painter, n, &look.palette, cell);
    let mirrored = is_glyph && faces_left(n, &look.palette) && look.facing_right.iter().any(|id| *id == *t.id);
    draw_label(painter, r, cell, (&label, font, is_glyph), mirrored, 1.0);
    if let Some((old, alpha)) = morph {
        painter.rect_filled(r, cell * 0.2, noun_color(old).gamma_multiply(alpha));
        let (label, font, is_glyph) = tile_label(painter, old, &look.palette, cell);
        draw_label(painter, r, cell, (&label, font, is_glyph), false, alpha);
    }
    if t.is_gate() && !t.open {
        painter.line_segment([r.left_top(), r.right_bottom()], egui::Stroke::new(2.0, Color32::BLACK));
        painter.line_segment([r.right_top(), r.left_bottom()], egui::Stroke::new(2.0, Color32::BLACK));
    }
}

/// A terrain cell: a full slab while STOP, a slab with a lip along its
/// bottom while PUSH, else a hatched outline (passable).
fn paint_terrain(painter: &egui::Painter, r: egui::Rect, cell: f32, stop: bool, push: bool) {
    let slab = r.expand(cell * 0.08);
    if stop || push {
        painter.rect_filled(slab, 0.0, Color32::from_rgb(70, 74, 84));
        painter.line_segment(
            [slab.left_top(), slab.right_top()],
            egui::Stroke::new((cell * 0.05).max(1.0), Color32::from_rgb(110, 116, 130)),
        );
        if push && !stop {
            let lip = egui::Stroke::new(cell * 0.08, Color32::from_gray(170));
            painter.line_segment([r.left_bottom(), r.right_bottom()], lip);
        }
        return;
    }
    let stroke = egui::Stroke::new(1.0, Color32::from_rgb(90, 96, 110));
    painter.rect_stroke(r, 0.0, stroke, egui::StrokeKind::Inside);
    let n = 4;
    for k in 1..n {
        let f = k as f32 / n as f32;
        painter.line_segment(
            [r.left_top() + Vec2::new(r.width() * f, 0.0), r.left_top() + Vec2::new(0.0, r.height() * f)],
            stroke,
        );
        painter.line_segment(
            [r.right_bottom() - Vec2::new(r.width() * f, 0.0), r.right_bottom() - Vec2::new(0.0, r.height() * f)],
            stroke,
        );
    }
}

/// The board's colour: near-black, as the spec's worlds are drawn (colour
/// emoji at 60 % of a cell on a near-black board).
pub const BOARD: Color32 = Color32::from_gray(14);

/// One word tile: its text in its colour, a fixed word bolted (flat, a
/// rivet in the gutter, no lip), and a lip on each side where the board's
/// edge pins a loose one.
fn paint_word(
    painter: &egui::Painter,
    r: egui::Rect,
    t: &retrace_kernel::miau::board::Thing,
    w: &retrace_kernel::miau::board::Word,
    s: &State,
    look: &Look,
    cell: f32,
) {
    let color = word_color(w, s, look);
    if t.fixed {
        // Bolted (F-CW2, D23): a flat tile, no lip, a small rivet in the
        // gutter below its right corner.
        painter.rect_filled(r, 0.0, Color32::from_gray(40));
        let rivet = r.right_bottom() + Vec2::splat(cell * 0.04);
        painter.circle_filled(rivet, (cell * 0.045).max(1.5), Color32::from_gray(150));
        let text = t.kind.text();
        painter.text(r.center(), egui::Align2::CENTER_CENTER, &text, word_font(painter, &text, r.width()), color);
        return;
    }
    // A loose word: a raised tile on the near-black board, its lower edge a
    // shade darker (the lip a bolted word lacks).
    painter.rect_filled(r, 3.0, Color32::from_gray(30));
    painter.line_segment(
        [r.left_bottom() + Vec2::new(2.0, -1.0), r.right_bottom() + Vec2::new(-2.0, -1.0)],
        egui::Stroke::new((cell * 0.04).max(1.0), Color32::from_gray(8)),
    );
    // A word against the board's edge can't be pushed that
    // way (a pinned sentence): a lip on that side says so.
    let [up, down, left, right] = pinned_sides(s.board.w, s.board.h, t.x, t.y);
    let lip = egui::Stroke::new(cell * 0.08, Color32::from_gray(170));
    for (on, a, z) in [
        (up, r.left_top(), r.right_top()),
        (down, r.left_bottom(), r.right_bottom()),
        (left, r.left_top(), r.left_bottom()),
        (right, r.right_top(), r.right_bottom()),
    ] {
        if on {
            painter.line_segment([a, z], lip);
        }
    }
    let text = t.kind.text();
    painter.text(r.center(), egui::Align2::CENTER_CENTER, &text, word_font(painter, &text, r.width()), color);
}

/// The share of a word tile's width its text may take.
pub const WORD_FILL: f32 = 0.88;

/// The font a word's text is drawn in on a tile `tile` points wide: as
/// large as 0.44 of the tile, shrunk until the text fits [`WORD_FILL`] of
/// its width (issue 41: "MOUSE" and "CRATE" ran past their tiles): measured
/// once at that size, the width scaling with the size.
pub fn word_font(painter: &egui::Painter, text: &str, tile: f32) -> egui::FontId {
    let size = tile * 0.44;
    let width = painter.layout_no_wrap(text.to_string(), egui::FontId::monospace(size), Color32::WHITE).size().x;
    let fits = tile * WORD_FILL;
    egui::FontId::monospace(if width > fits { size * fits / width } else { size })
}

/// The sides (up, down, left, right) on which a word at (x, y) is pinned by
/// the board's edge: it can't be pushed that way.
pub fn pinned_sides(w: i32, h: i32, x: i32, y: i32) -> [bool; 4] {
    [y == 0, y == h - 1, x == 0, x == w - 1]
}
