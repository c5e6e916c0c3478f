//! The devices the demo draws and the keys it lights: the keyboard's caps,
//! the controller (its face buttons in each brand's marks), and which keys or
//! buttons an action takes. A leaf: it draws, and knows nothing of the demo.

use eframe::egui::{self, Color32, Vec2};
use retrace_kernel::explodo::board::Dir;
use retrace_kernel::explodo::{Action, Aim};

/// What the demo is shown for (its Input button cycles through them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Input {
    /// The pointer plays each turn on the board and the action bar.
    #[default]
    Mouse,
    /// The keys each turn takes, as key caps under the television.
    Keyboard,
    /// A controller drawn under the television, its buttons lit per press.
    Pad,
}

impl Input {
    /// Its slot in a [`Place`].
    pub fn index(self) -> usize {
        match self {
            Input::Mouse => 0,
            Input::Keyboard => 1,
            Input::Pad => 2,
        }
    }

    /// The next in the button's cycle.
    pub fn next(self) -> Input {
        match self {
            Input::Mouse => Input::Keyboard,
            Input::Keyboard => Input::Pad,
            Input::Pad => Input::Mouse,
        }
    }
}

/// The keys a scene's action takes, as the keyboard plays it: a plain arrow
/// for a step, B (or another action's letter) then an arrow, Space to wait,
/// V for a charge, Shift + arrows and Enter for a tile.
pub fn keys_of(a: Action) -> Vec<Key> {
    let arrow = Key::Arrow;
    match a {
        Action::Move(d) => vec![arrow(d)],
        Action::Bomb(d) => vec![Key::Letter("B"), arrow(d)],
        Action::Wait => vec![Key::Letter("Space")],
        Action::Run(d) => vec![Key::Letter("R"), arrow(d)],
        Action::Slide(d) => vec![Key::Letter("L"), arrow(d)],
        Action::Kick(d) => vec![Key::Letter("K"), arrow(d)],
        Action::Throw(d) => vec![Key::Letter("T"), arrow(d)],
        Action::Rpg(d) => vec![Key::Letter("F"), arrow(d)],
        Action::Diagonal(g) => vec![Key::Letter(match g {
            retrace_kernel::explodo::board::Diag::UpLeft => "Q",
            retrace_kernel::explodo::board::Diag::UpRight => "E",
            retrace_kernel::explodo::board::Diag::DownLeft => "Z",
            retrace_kernel::explodo::board::Diag::DownRight => "C",
        })],
        Action::Detonate(_) => vec![Key::Letter("Shift"), Key::Letter("X")],
        Action::UseCharge(Aim::Dir(d)) => vec![Key::Letter("V"), arrow(d)],
        // Freeze: V, then any arrow (it needs no aim).
        Action::UseCharge(Aim::Me) => vec![Key::Letter("V"), arrow(Dir::Up)],
        Action::UseCharge(Aim::At(_)) => vec![Key::Letter("Shift"), Key::Letter("V")],
        _ => vec![Key::Letter("Enter")],
    }
}

/// A key cap in the overlay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// An arrow key.
    Arrow(Dir),
    /// A key with its name on it.
    Letter(&'static str),
    /// A pad's face button: its letter and colour.
    Face(&'static str, Color32),
}

/// The pad's A (bottom): confirm, step, explain. The face buttons are
/// named by Xbox's letter for their place, in their colour.
pub const PAD_A: Key = Key::Face("A", super::bars::FACE_SOUTH);

/// The pad's B (right): back, close, wait.
pub const PAD_B: Key = Key::Face("B", super::bars::FACE_EAST);

/// The pad's X (left): a bomb.
pub const PAD_X: Key = Key::Face("X", super::bars::FACE_WEST);

/// The pad's Y (top): the charge.
pub const PAD_Y: Key = Key::Face("Y", super::bars::FACE_NORTH);

/// The pad presses a scene's action takes, tile first as the pad plays:
/// the d-pad hops the cursor onto the tile (one press a tile), then a face
/// button: A (bottom) moves, X (left) bombs, Y (top) uses the charge, B
/// (right) waits.
pub fn pad_of(a: Action) -> Vec<Key> {
    let hop = |d: Dir, n: usize| std::iter::repeat_n(Key::Arrow(d), n);
    match a {
        Action::Move(d) => hop(d, 1).chain([PAD_A]).collect(),
        Action::Run(d) => hop(d, 2).chain([PAD_A]).collect(),
        Action::Bomb(d) => hop(d, 1).chain([PAD_X]).collect(),
        Action::Throw(d) => hop(d, 2).chain([PAD_X]).collect(),
        Action::Wait => vec![PAD_B],
        Action::UseCharge(Aim::Dir(d)) => hop(d, 1).chain([PAD_Y]).collect(),
        Action::UseCharge(_) => vec![PAD_Y],
        _ => vec![PAD_A],
    }
}

/// The controller under the television (the spec's virtual controller): a
/// line drawing of the pad with its d-pad, four face buttons, shoulders,
/// stick and Start; the press `lit` lights its part (a d-pad arm turns
/// blue, a face button takes its colour; at rest they are white and grey).
pub fn controller(painter: &egui::Painter, rect: egui::Rect, lit: Option<Key>, brand: Brand) {
    let h = rect.height();
    let body = egui::Rect::from_center_size(rect.center() - Vec2::new(0.0, h * 0.04), Vec2::new(h * 2.6, h * 0.62));
    let line = egui::Stroke::new(2.0, Color32::from_gray(200));
    let fill = Color32::from_gray(40);
    // Grips, then the body over them, the shoulders above.
    for side in [-1.0, 1.0] {
        let c = body.center() + Vec2::new(side * body.width() * 0.33, h * 0.24);
        painter.circle(c, h * 0.22, fill, line);
        let shoulder = egui::Rect::from_center_size(
            body.center_top() + Vec2::new(side * body.width() * 0.3, -2.0),
            Vec2::new(h * 0.5, h * 0.12),
        );
        let on = lit == Some(Key::Letter(if side < 0.0 { "L1" } else { "R1" }));
        painter.rect(shoulder, 3.0, if on { LIT } else { fill }, line, egui::StrokeKind::Middle);
    }
    painter.rect(body, h * 0.3, fill, line, egui::StrokeKind::Middle);
    // The d-pad: a cross of four arms on the left.
    let dpad = body.center() + Vec2::new(-body.width() * 0.3, -h * 0.05);
    let arm = h * 0.11;
    for d in [Dir::Up, Dir::Down, Dir::Left, Dir::Right] {
        let (dx, dy) = d.delta();
        let r =
            egui::Rect::from_center_size(dpad + Vec2::new(dx as f32, dy as f32) * arm * 1.6, Vec2::splat(arm * 1.6));
        let on = lit == Some(Key::Arrow(d));
        painter.rect_filled(r, 2.0, if on { LIT } else { Color32::WHITE });
    }
    painter.rect_filled(egui::Rect::from_center_size(dpad, Vec2::splat(arm * 1.6)), 0.0, Color32::WHITE);
    // The face buttons: a diamond on the right, each marked as the brand
    // marks it (the presses name them by place, Xbox's letters: A the
    // bottom, B the right, X the left, Y the top).
    let face = body.center() + Vec2::new(body.width() * 0.3, -h * 0.05);
    for (key, at) in [
        (PAD_Y, Vec2::new(0.0, -1.0)),
        (PAD_A, Vec2::new(0.0, 1.0)),
        (PAD_X, Vec2::new(-1.0, 0.0)),
        (PAD_B, Vec2::new(1.0, 0.0)),
    ] {
        let Key::Face(place, colour) = key else { continue };
        let on = lit == Some(key);
        let c = face + at * h * 0.17;
        painter.circle(c, h * 0.08, if on { colour } else { Color32::from_gray(110) }, line);
        face_mark(painter, c, h * 0.045, place, brand);
    }
    // The stick (pushed or pressed) and Start in the middle.
    let stick = matches!(lit, Some(Key::Letter("Stick" | "R3")));
    painter.circle(
        body.center() + Vec2::new(-h * 0.3, h * 0.22),
        h * 0.1,
        if stick { LIT } else { Color32::WHITE },
        line,
    );
    let start = if lit == Some(Key::Letter("Start")) { LIT } else { Color32::WHITE };
    painter.rect_filled(
        egui::Rect::from_center_size(body.center() + Vec2::new(h * 0.15, -h * 0.15), Vec2::new(h * 0.16, h * 0.06)),
        2.0,
        start,
    );
}

/// A controller's brand, as the demo's controller drawing marks its face
/// buttons (the spec's xbox, ps5 and switch pictures, drawn in code).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Brand {
    /// Letters A (bottom), B (right), X (left), Y (top).
    #[default]
    Xbox,
    /// Shapes: a cross (bottom), a circle (right), a square (left), a
    /// triangle (top).
    PlayStation,
    /// Nintendo's letters: B (bottom), A (right), Y (left), X (top).
    Switch,
}

impl Brand {
    /// The next in the Input button's cycle (None after the last).
    pub(super) fn next(self) -> Option<Brand> {
        match self {
            Brand::Xbox => Some(Brand::PlayStation),
            Brand::PlayStation => Some(Brand::Switch),
            Brand::Switch => None,
        }
    }

    /// The Input button's words for a controller of this brand.
    pub(super) fn label(self) -> &'static str {
        match self {
            Brand::Xbox => "Input: controller (Xbox)",
            Brand::PlayStation => "Input: controller (PlayStation)",
            Brand::Switch => "Input: controller (Switch)",
        }
    }
}

/// The mark on the face button at `place` (named by Xbox's letter for the
/// place) for `brand`, `r` its half size.
pub fn face_mark(painter: &egui::Painter, c: egui::Pos2, r: f32, place: &str, brand: Brand) {
    let white = egui::Stroke::new((r * 0.35).max(1.2), Color32::WHITE);
    let letter = |t: &str| {
        painter.text(c, egui::Align2::CENTER_CENTER, t, egui::FontId::proportional(r * 2.2), Color32::WHITE);
    };
    match (brand, place) {
        (Brand::Xbox, t) => letter(t),
        (Brand::Switch, t) => letter(match t {
            "A" => "B",
            "B" => "A",
            "X" => "Y",
            _ => "X",
        }),
        (Brand::PlayStation, "A") => {
            painter.line_segment([c - Vec2::splat(r), c + Vec2::splat(r)], white);
            painter.line_segment([c + Vec2::new(-r, r), c + Vec2::new(r, -r)], white);
        }
        (Brand::PlayStation, "B") => {
            painter.circle_stroke(c, r, white);
        }
        (Brand::PlayStation, "X") => {
            painter.rect_stroke(
                egui::Rect::from_center_size(c, Vec2::splat(r * 1.8)),
                0.0,
                white,
                egui::StrokeKind::Middle,
            );
        }
        (Brand::PlayStation, _) => {
            let pts = vec![c + Vec2::new(0.0, -r), c + Vec2::new(r, r * 0.8), c + Vec2::new(-r, r * 0.8)];
            painter.add(egui::Shape::closed_line(pts, white));
        }
    }
}

/// A lit part of the controller drawing (a d-pad arm, a shoulder, the
/// stick, Start): blue.
pub(super) const LIT: Color32 = Color32::from_rgb(90, 170, 255);

/// The key overlay under the TV: the keys the scene's next action takes,
/// drawn as key caps (arrows painted, letters written).
pub(super) fn key_overlay(painter: &egui::Painter, rect: egui::Rect, caps: &[Key], lit: Option<usize>) {
    let mut x = rect.left() + 4.0;
    for (i, &key) in caps.iter().enumerate() {
        let w = match key {
            Key::Letter(t) if t.len() > 1 => 16.0 + 7.0 * t.len() as f32,
            _ => 26.0,
        };
        let cap = egui::Rect::from_min_size(egui::pos2(x, rect.top() + 2.0), Vec2::new(w, 26.0));
        // The key being pressed is lit; the others are white.
        painter.rect_filled(cap, 5.0, if lit == Some(i) { LIT } else { Color32::from_gray(235) });
        painter.rect_stroke(cap, 5.0, egui::Stroke::new(1.5, Color32::from_gray(120)), egui::StrokeKind::Inside);
        if let Key::Face(letter, colour) = key {
            painter.circle_filled(cap.center(), 12.0, colour);
            painter.text(
                cap.center(),
                egui::Align2::CENTER_CENTER,
                letter,
                egui::FontId::proportional(13.0),
                Color32::WHITE,
            );
            x += w + 6.0;
            continue;
        }
        match key {
            Key::Face(..) => {}
            Key::Letter(t) => {
                painter.text(
                    cap.center(),
                    egui::Align2::CENTER_CENTER,
                    t,
                    egui::FontId::proportional(13.0),
                    Color32::BLACK,
                );
            }
            Key::Arrow(d) => {
                let (dx, dy) = d.delta();
                let dir = Vec2::new(dx as f32, dy as f32);
                let side = Vec2::new(-dir.y, dir.x);
                let c = cap.center();
                painter.add(egui::Shape::convex_polygon(
                    vec![c + dir * 7.0, c - dir * 5.0 + side * 6.0, c - dir * 5.0 - side * 6.0],
                    Color32::BLACK,
                    egui::Stroke::NONE,
                ));
            }
        }
        x += w + 6.0;
    }
}
