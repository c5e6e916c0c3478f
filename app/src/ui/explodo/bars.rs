//! The bars around the board: the top bar (lives, level, enemies, coins,
//! turn and par, the stats, abilities, the charge) and the action bar.

use super::almanac::{self};
use super::common::DEVELOPER_RED;
use super::icons::{paint_icon, Icon};
use super::words::{charge_name, power_name};
use crate::store::Lang;
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText, Sense, Vec2, WidgetInfo};
use retrace_kernel::explodo::items::{Power, POWERS};
use retrace_kernel::explodo::State;

/// A ring round `centre` filled `full` (0 to 1) of the way, clockwise from
/// twelve o'clock: a hold's progress (a pad's face button, a held tile).
pub(super) fn ring(painter: &egui::Painter, centre: egui::Pos2, radius: f32, full: f32, stroke: egui::Stroke) {
    let steps = (full.clamp(0.0, 1.0) * 32.0).ceil() as usize;
    let points: Vec<egui::Pos2> = (0..=steps)
        .map(|k| {
            let a = std::f32::consts::TAU * full * k as f32 / steps.max(1) as f32 - std::f32::consts::FRAC_PI_2;
            centre + radius * Vec2::new(a.cos(), a.sin())
        })
        .collect();
    painter.add(egui::Shape::line(points, stroke));
}

/// The bottom face button's colour (Xbox's A: green).
pub const FACE_SOUTH: Color32 = Color32::from_rgb(60, 170, 70);
/// The right face button's colour (Xbox's B: red).
pub const FACE_EAST: Color32 = Color32::from_rgb(210, 60, 50);
/// The left face button's colour (Xbox's X: blue).
pub const FACE_WEST: Color32 = Color32::from_rgb(60, 110, 220);
/// The top face button's colour (Xbox's Y: yellow).
pub const FACE_NORTH: Color32 = Color32::from_rgb(220, 180, 40);

/// A dialog button with the pad's face button that presses it drawn before
/// it while a pad is in use (Xbox colours: A green at the bottom, B red on
/// the right, X blue on the left, Y yellow on top; a Nintendo pad's letters,
/// `pad::face_letter`).
pub(super) fn pad_button(
    ui: &mut egui::Ui,
    pad: Option<crate::pad::Button>,
    text: impl Into<egui::WidgetText>,
) -> egui::Response {
    use crate::pad::Button as P;
    if let Some(b) = pad {
        let nintendo = ui.ctx().data(|d| d.get_temp::<bool>(crate::pad::nintendo_id())).unwrap_or(false);
        let letter = crate::pad::face_letter(b, nintendo);
        let colour = match b {
            P::South => FACE_SOUTH,
            P::East => FACE_EAST,
            P::West => FACE_WEST,
            _ => FACE_NORTH,
        };
        let (r, _) = ui.allocate_exact_size(Vec2::splat(20.0), Sense::hover());
        ui.painter().circle_filled(r.center(), 9.5, colour);
        // Held to confirm: a ring fills clockwise from 12 o'clock.
        let held = ui.ctx().data(|d| d.get_temp::<Option<(P, f32)>>(crate::pad::hold_id())).flatten();
        if let Some((_, full)) = held.filter(|(h, _)| *h == b) {
            let colour = if full >= 1.0 { Color32::from_rgb(90, 220, 110) } else { Color32::WHITE };
            ring(ui.painter(), r.center(), 11.5, full, egui::Stroke::new(2.0, colour));
        }
        ui.painter().text(
            r.center(),
            egui::Align2::CENTER_CENTER,
            letter,
            egui::FontId::proportional(13.0),
            Color32::WHITE,
        );
    }
    ui.button(text)
}

/// A top-bar item that explains itself when clicked (issue 43 item 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarItem {
    /// Lives left.
    Lives,
    /// The level.
    Level,
    /// Enemies left.
    Enemies,
    /// Coins.
    Coins,
    /// Turn and par.
    Turn,
    /// Bombs at a time.
    Bombs,
    /// Blast reach.
    Blast,
    /// Fuse.
    Fuse,
    /// Star turns left.
    Star,
    /// An ability or pass held (its almanac entry explains it).
    Power(Power),
    /// The charge carried, or the empty slot.
    Charge,
    /// A Freeze at work, with its turns left.
    Frozen,
    /// A Decoy at work.
    Decoy,
    /// The Developer tag.
    Developer,
    /// The Immortal tag.
    Immortal,
    /// The Test run tag.
    TestRun,
}

/// An action button's icon (issue 41: the spec's action bar has icons):
/// the glyph's colour texture, 18 points; None where it cannot be drawn
/// (the button is its word alone then).
pub(super) fn icon(ui: &egui::Ui, glyph: &str) -> Option<egui::Image<'static>> {
    let id = crate::ui::emoji::texture(ui.ctx(), glyph, 18.0)?;
    Some(egui::Image::from_texture(egui::load::SizedTexture::new(id, Vec2::splat(18.0))))
}

/// The top-bar figures that differ between two states (what bumps).
pub fn changed_figures(before: &State, after: &State) -> Vec<BarItem> {
    let (b, a) = (before, after);
    [
        (BarItem::Lives, b.player.lives != a.player.lives),
        (BarItem::Level, b.run.level != a.run.level),
        (BarItem::Enemies, b.enemies.list.len() != a.enemies.list.len()),
        (BarItem::Coins, b.player.coins != a.player.coins),
        (BarItem::Bombs, b.player.max_bombs != a.player.max_bombs),
        (BarItem::Blast, b.player.blast != a.player.blast),
        (BarItem::Fuse, b.player.fuse != a.player.fuse),
        (BarItem::Star, b.player.star != a.player.star && a.player.star > b.player.star),
    ]
    .into_iter()
    .filter_map(|(it, changed)| changed.then_some(it))
    .collect()
}

/// A "What is that?" answer that is no almanac entry: a top-bar item, or an
/// action button asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    /// A top-bar item.
    Bar(BarItem),
    /// An action button (its English label: Move, Bomb, Charge, Wait, Go,
    /// Stop walking).
    Button(&'static str),
}

/// What an action button does, in a line (untranslated English).
pub fn button_text(label: &str) -> &'static str {
    match label {
        "Move" => "Move: pick it, then a highlighted tile: a step, a run, a slide or a kick, as the tile and your power-ups decide. A click next to you steps without picking it.",
        "Bomb" => "Bomb: pick it, then a highlighted tile: a bomb next to you, a throw two away, further an ICBM or a rocket. Or press and hold a tile next to you.",
        "Charge" => "Charge: use the charge you carry, with its uses left; empty and dashed with none.",
        "Wait" => "Wait: do nothing; the world takes its turn. Red when waiting would cost a life.",
        "Go" => "Go: the next step on auto-move's way (or click its destination again).",
        _ => "Stop walking: puts auto-move's way away.",
    }
}

/// What a top-bar item is, in a line (untranslated English, for `tr`).
pub fn bar_text(item: BarItem) -> &'static str {
    match item {
        BarItem::Lives => "Lives: lose the last and the run is over. A Heart gives one more.",
        BarItem::Level => "The level, of 20. The shop opens after every third.",
        BarItem::Enemies => "Enemies left: the exit opens once the last is gone.",
        BarItem::Coins => "Coins: spend them in the shop between levels.",
        BarItem::Turn => "Turns on this level, and its par: clear it within par for a bonus.",
        BarItem::Bombs => "How many of your bombs may be on the board at once.",
        BarItem::Blast => "How far your bombs' flame reaches each way.",
        BarItem::Fuse => "Turns until a bomb of yours goes off.",
        BarItem::Star => "Star: nothing hurts you for this many more turns.",
        BarItem::Power(_) | BarItem::Charge => "Power-ups and charges: see the almanac.",
        BarItem::Frozen => "Frozen: the enemies stand still for this many more turns.",
        BarItem::Decoy => "Decoy: the chasers go after it, not you.",
        BarItem::Developer => {
            "A developer run: a rainbow gem beside you on every level offers every power-up and charge. Its score is listed in red."
        }
        BarItem::Immortal => "An immortal run: nothing kills you. No high score.",
        BarItem::TestRun => "A test run: it starts where its options say and replaces no saved run. No high score.",
    }
}

/// The top bar: two rows of a fixed height, so it never pushes the board:
/// the run's figures each after its icon (the name on hover and for screen
/// readers), then a small picture per ability or pass held, the charge, a
/// Freeze or Decoy at work and the run's tags. Every item explains itself
/// when clicked: the one clicked is returned. The run's screen and the
/// watcher show the same.
pub fn top_bar(ui: &mut egui::Ui, s: &State, lang: Lang) -> Option<BarItem> {
    top_bar_with(ui, s, lang, &|_| 1.0)
}

/// How long a top-bar number bumps after it changed (issue 41).
pub const BUMP_SECONDS: f64 = 0.3;

/// [`top_bar`], each figure's number drawn `bump(item)` times its size (a
/// number that just changed swells and settles).
pub fn top_bar_with(ui: &mut egui::Ui, s: &State, lang: Lang, bump: &dyn Fn(BarItem) -> f32) -> Option<BarItem> {
    top_bar_ringed(ui, s, lang, bump, None).0
}

/// [`top_bar_with`], with item `ring` ringed (the demo's tour of the top
/// bar): returns the item clicked and the ringed item's rectangle.
pub fn top_bar_ringed(
    ui: &mut egui::Ui,
    s: &State,
    lang: Lang,
    bump: &dyn Fn(BarItem) -> f32,
    ring: Option<BarItem>,
) -> (Option<BarItem>, Option<egui::Rect>) {
    // Set from the items' closures; a Cell, since several read it.
    let clicked = std::cell::Cell::new(None);
    let ringed = std::cell::Cell::new(None);
    let body = ui.style().text_styles.get(&egui::TextStyle::Body).map_or(14.0, |f| f.size);
    let item = |ui: &mut egui::Ui, it: BarItem, icon: Icon, label: &str, value: String| {
        // Icon and number say on hover what the figure is and means (issue
        // 62 item 13: "Turn" alone left "2/41" unexplained), as a click does.
        let hover = tr(lang, bar_text(it));
        let (rect, icon_hover) = ui.allocate_exact_size(Vec2::splat(16.0), egui::Sense::hover());
        icon_hover.on_hover_text(hover);
        paint_icon(ui.painter(), rect, icon);
        // The number is the button (one node a screen reader reads).
        let r = ui.add(egui::Label::new(RichText::new(&value).strong().size(body * bump(it))).sense(Sense::click()));
        r.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, format!("{label}: {value}")));
        if ring == Some(it) {
            let around = rect.union(r.rect).expand(3.0);
            ui.painter().rect_stroke(
                around,
                6.0,
                egui::Stroke::new(2.0, Color32::from_rgb(255, 210, 60)),
                egui::StrokeKind::Outside,
            );
            ringed.set(Some(around));
        }
        if r.on_hover_text(hover).clicked() {
            clicked.set(Some(it));
        }
        ui.add_space(6.0);
    };
    ui.horizontal(|ui| {
        ui.set_min_height(22.0);
        item(ui, BarItem::Lives, Icon::Heart, tr(lang, "Lives"), s.player.lives.to_string());
        item(ui, BarItem::Level, Icon::Flag, tr(lang, "Level"), format!("{}/20", s.run.level));
        item(ui, BarItem::Enemies, Icon::Enemy, tr(lang, "Enemies"), s.enemies.list.len().to_string());
        item(ui, BarItem::Coins, Icon::Coin, tr(lang, "Coins"), s.player.coins.to_string());
        item(ui, BarItem::Turn, Icon::Turn, tr(lang, "Turn"), format!("{}/{}", s.run.turn, s.run.par));
        item(ui, BarItem::Bombs, Icon::Bomb, tr(lang, "Bombs"), s.player.max_bombs.to_string());
        item(ui, BarItem::Blast, Icon::Blast, tr(lang, "Blast"), s.player.blast.to_string());
        item(ui, BarItem::Fuse, Icon::Fuse, tr(lang, "Fuse"), s.player.fuse.to_string());
        if s.player.star > 0 {
            item(ui, BarItem::Star, Icon::Star, tr(lang, "Star"), s.player.star.to_string());
        }
    });
    ui.horizontal(|ui| {
        ui.set_min_height(22.0);
        // A small picture per ability or pass held (not one "Held" line).
        for &p in POWERS.iter().filter(|p| p.is_ability() && s.has(**p)) {
            let (r, resp) = ui.allocate_exact_size(Vec2::splat(18.0), Sense::click());
            almanac::picture(ui.painter(), r, almanac::Entry::Power(p), s);
            let name = power_name(p, lang);
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, format!("{}: {name}", tr(lang, "Held"))));
            if resp.on_hover_text(name).clicked() {
                clicked.set(Some(BarItem::Power(p)));
            }
        }
        item(
            ui,
            BarItem::Charge,
            Icon::Charge,
            tr(lang, "Charge"),
            s.player.charge.map_or(tr(lang, "none").to_string(), |(c, n)| format!("{} ×{n}", charge_name(c, lang))),
        );
        // A Freeze or a Decoy at work.
        let frozen = s.enemies.list.iter().map(|e| e.frozen).max().unwrap_or(0);
        if frozen > 0 {
            item(ui, BarItem::Frozen, Icon::Turn, tr(lang, "Frozen"), frozen.to_string());
        }
        let tag = |ui: &mut egui::Ui, it: BarItem, colour: Color32, text: &str| {
            let r = ui.add(egui::Label::new(RichText::new(text).color(colour)).sense(Sense::click()));
            r.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, text));
            r.clicked().then_some(it)
        };
        let mut tags = Vec::new();
        if s.enemies.decoy.is_some() {
            tags.push(tag(ui, BarItem::Decoy, Color32::from_rgb(240, 160, 60), tr(lang, "Decoy")));
        }
        if s.run.setup.developer {
            tags.push(tag(ui, BarItem::Developer, DEVELOPER_RED, tr(lang, "Developer")));
        }
        if s.run.setup.immortal {
            tags.push(tag(ui, BarItem::Immortal, Color32::from_rgb(230, 200, 60), tr(lang, "Immortal")));
        }
        // A scene (the demo's, a clip's) is a test run to the rules, not to a player.
        if s.run.setup.test() && s.run.setup.scene.is_none() {
            tags.push(tag(ui, BarItem::TestRun, Color32::from_rgb(120, 190, 255), tr(lang, "Test run")));
        }
        if let Some(t) = tags.into_iter().flatten().next() {
            clicked.set(Some(t));
        }
    });
    (clicked.get(), ringed.get())
}

/// The column's width for the bars when the window allows it: wide
/// enough for the action bar on one row.
pub(super) const COLUMN: f32 = 660.0;

/// The colour of the quiet bars beside the play column in a wide window.
pub const QUIET: Color32 = Color32::from_gray(16);
