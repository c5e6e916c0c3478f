//! The home screen: a card per game, each looping a demo replay as a
//! thumbnail, with its buttons.

use super::game::{GameWindow, Shell};
use super::text::tr;
use super::watch::WatchView;
use crate::platform::{Pick, Picked};
use crate::store::Lang;
use eframe::egui::{self, Vec2};
use std::path::PathBuf;

/// The demo replays the home cards loop (attract mode), embedded in the binary.
pub const DEMOS: [(&str, &[u8]); 4] = [
    ("life", include_bytes!("../../../replays/life-campaign-win.replay")),
    ("mines", include_bytes!("../../../replays/mines-won.replay")),
    ("explodo", include_bytes!("../../../replays/explodo-first-shop.replay")),
    ("miau", include_bytes!("../../../replays/miau-pass-it-on.replay")),
];

/// The least and the most a card's inside is wide: its demo thumbnail is 200
/// px, and a card past 300 px only spreads its text.
const CARD_MIN: f32 = 212.0;
const CARD_MAX: f32 = 300.0;
/// A group frame's margin and stroke, both sides together.
const CARD_FRAME: f32 = 16.0;

/// How many cards a row holds (the most, up to all four, that fit at their
/// least width) and how wide each card's inside is, for `width` pixels.
pub fn card_columns(width: f32, spacing: f32) -> (usize, f32) {
    let inside = |n: usize| (width - spacing * (n - 1) as f32) / n as f32 - CARD_FRAME;
    let cols = (1..=4).rev().find(|&n| inside(n) >= CARD_MIN).unwrap_or(1);
    (cols, inside(cols).clamp(CARD_MIN, CARD_MAX))
}

/// A game card: title, blurb, a looping demo, and its buttons.
pub fn card(
    ui: &mut egui::Ui,
    width: f32,
    title: &str,
    blurb: &str,
    demo: Option<&WatchView>,
    buttons: impl FnOnce(&mut egui::Ui),
) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(width);
        ui.vertical(|ui| {
            ui.strong(title);
            ui.label(blurb);
            if let Some(d) = demo {
                mini(ui, d);
            }
            ui.horizontal(buttons);
        });
    });
}

/// The demos' screen (issue 62 item 13): one dark ground in either theme
/// (the dark theme's own, egui's `extreme_bg_color`).
/// Explodorama's and Miau's boards are dark by their look, so the theme's
/// own ground put white and dark demos side by side in the light theme.
pub const SCREEN: egui::Color32 = egui::Color32::from_gray(10);

/// A small picture of a demo's current state, on [`SCREEN`].
pub fn mini(ui: &mut egui::Ui, d: &WatchView) {
    let (rect, _) = ui.allocate_exact_size(Vec2::new(200.0, 140.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    d.watched.mini(&painter, rect, d, SCREEN, ui.input(|i| i.time));
}

/// The watched game drawn large, as its own screen draws it, fitted to the
/// space left and centred (issue 40, item 10), with what the game shows
/// above it and beside it (Explodorama: its top bar, and the dialog the run
/// is in).
pub fn watch_board(ui: &mut egui::Ui, v: &WatchView, lang: crate::store::Lang) {
    v.watched.above(ui, lang);
    let (cols, rows) = v.watched.cells();
    // Room beside the board for the panel the game shows there.
    let beside = if v.watched.beside() { 300.0 } else { 0.0 };
    let avail = ui.available_size();
    let cell = ((avail.x - beside) / cols.max(1) as f32).min(avail.y / rows.max(1) as f32).max(1.0);
    let size = Vec2::new(cell * cols as f32, cell * rows as f32);
    let (row, _) = ui.allocate_exact_size(Vec2::new(avail.x, size.y), egui::Sense::hover());
    let rect = egui::Rect::from_center_size(egui::pos2(row.min.x + (avail.x - beside) / 2.0, row.center().y), size);
    let resp = ui.interact(rect, egui::Id::unique("watched-board"), egui::Sense::hover());
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "watched board"));
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, ui.visuals().extreme_bg_color);
    v.watched.paint(&painter, rect, v);
    if v.watched.beside() {
        let panel = egui::Rect::from_min_max(egui::pos2(rect.max.x + 16.0, rect.min.y), row.max);
        ui.scope_builder(egui::UiBuilder::new().max_rect(panel), |ui| v.watched.beside_ui(ui, lang));
    }
}

/// The home screen: a card per game, in the table's order, each with its
/// looping demo and its own buttons (what they ask for goes to `shell`).
pub fn home(ui: &mut egui::Ui, games: &mut [&mut dyn GameWindow], shell: &mut Shell, demos: &[WatchView]) {
    let lang = shell.lang();
    ui.heading(tr(lang, "Retrace"));
    ui.label(tr(lang, "Four deterministic games. Every session is a replay."));
    ui.add_space(8.0);
    // The cards in rows, as many a row as fit (all four from about 1,000
    // px), each as wide as its row allows: none is cut at the edge.
    let (cols, width) = card_columns(ui.available_width(), ui.spacing().item_spacing.x);
    ui.horizontal_wrapped(|ui| {
        for (placed, game) in games.iter_mut().enumerate() {
            let (title, blurb) = game.card_text();
            let demo = demos.iter().find(|d| d.verified.game == game.id());
            card(ui, width, tr(lang, title), tr(lang, blurb), demo, |ui| game.card(ui, shell));
            if (placed + 1) % cols == 0 {
                ui.end_row();
            }
        }
    });
    ui.add_space(8.0);
}

/// Open replay (the desktop's file dialog, or the browser's), and how to drop a file instead: the
/// path to open, when one was chosen or typed.
pub fn open_replay_row(ui: &mut egui::Ui, lang: Lang, typed_path: &mut Option<String>) -> Option<PathBuf> {
    let mut open = None;
    ui.horizontal(|ui| {
        if ui.button(tr(lang, "Open replay")).clicked() {
            crate::platform::pick_file(Pick::Replay);
        }
        match crate::platform::picked(Pick::Replay) {
            Some(Picked::File(path)) => open = Some(path),
            // Cancelled, or no dialog on this desktop: never silence,
            // a path can be typed instead (issue 40).
            Some(Picked::Nothing) => *typed_path = Some(typed_path.take().unwrap_or_default()),
            None => {}
        }
        ui.label(tr(lang, "Drop a replay or certificate file anywhere on the window to watch it."));
    });
    if let Some(path) = crate::ui::widgets::path_field(ui, lang, typed_path) {
        open = Some(path);
    }
    open
}

/// The demos on the cards play on by `dt` seconds (each loops, or moves on
/// to its game's next demo: Explodorama's scenes, counted in `scene`).
pub fn tick_demos(demos: &mut [WatchView], scene: &mut usize, dt: f32) {
    for d in demos {
        d.playing = true;
        d.tick(dt);
        if d.step() >= d.verified.steps {
            // A game's demo may move on to its next one (Explodorama's scenes).
            if let Some(next) = d.watched.demo_next(d, scene) {
                *d = next;
                continue;
            }
            d.seek(0);
        }
    }
}
