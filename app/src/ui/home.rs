//! The home screen: a card per game, each looping a demo replay as a
//! thumbnail, with its buttons.

use super::explodo;
use super::game::{GameWindow, Shell};
use super::life;
use super::miau;
use super::text::tr;
use super::watch::{WatchView, Watched};
use crate::store::Lang;
use eframe::egui::{self, Color32, Vec2};
use std::path::PathBuf;

/// The demo replays the home cards loop (attract mode), embedded in the binary.
pub const DEMOS: [(&str, &[u8]); 4] = [
    ("life", include_bytes!("../../../replays/life-campaign-win.replay")),
    ("mines", include_bytes!("../../../replays/mines-won.replay")),
    ("explodo", include_bytes!("../../../replays/explodo-first-shop.replay")),
    ("miau", include_bytes!("../../../replays/miau-pass-it-on.replay")),
];

/// A game card: title, blurb, a looping demo, and its buttons.
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

/// A small picture of a demo's current state.
pub fn mini(ui: &mut egui::Ui, d: &WatchView) {
    let (rect, _) = ui.allocate_exact_size(Vec2::new(200.0, 140.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    // Explodorama's demo scenes play on its old television.
    if d.verified.game == "explodo" && d.source.starts_with("demo: ") {
        let glass = explodo::tv::tv_glass(&painter, rect);
        WatchViewRef(d).paint(&painter.with_clip_rect(glass), glass.shrink(6.0));
        explodo::tv::tv_effects(&painter, glass, ui.input(|i| i.time));
        return;
    }
    painter.rect_filled(rect, 4.0, ui.visuals().extreme_bg_color);
    WatchViewRef(d).paint(&painter, rect);
}

/// The watched game drawn large, as its own screen draws it, fitted to the
/// space left and centred (issue 40, item 10): Explodorama's whole level
/// (a spectator's view) under its top bar, with the dialog the run is in
/// (the gem's cards, the shop, a charge swap) beside it; Miau in its pack's
/// look.
pub fn watch_board(ui: &mut egui::Ui, v: &WatchView, lang: crate::store::Lang) {
    let (cols, rows) = match &v.watched {
        Watched::Life(s) => (s.state().field.w, s.state().field.h),
        Watched::Mines(s) => (u32::from(s.state().field.cols), u32::from(s.state().field.rows)),
        Watched::Explodo(s) => {
            explodo::top_bar(ui, s.state(), lang);
            let l = &s.state().board.layout;
            (l.w as u32, l.h as u32)
        }
        Watched::Miau(s) => (s.state().board.w as u32, s.state().board.h as u32),
        Watched::Tally(_) => (10, 7),
    };
    let dialog = match &v.watched {
        Watched::Explodo(s) if !s.state().run.dialogs.is_empty() => Some(s),
        _ => None,
    };
    // Room beside the board for the dialog the run is in.
    let beside = if dialog.is_some() { 300.0 } else { 0.0 };
    let avail = ui.available_size();
    let cell = ((avail.x - beside) / cols.max(1) as f32).min(avail.y / rows.max(1) as f32).max(1.0);
    let size = Vec2::new(cell * cols as f32, cell * rows as f32);
    let (row, _) = ui.allocate_exact_size(Vec2::new(avail.x, size.y), egui::Sense::hover());
    let rect = egui::Rect::from_center_size(egui::pos2(row.min.x + (avail.x - beside) / 2.0, row.center().y), size);
    let resp = ui.interact(rect, egui::Id::unique("watched-board"), egui::Sense::hover());
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "watched board"));
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, ui.visuals().extreme_bg_color);
    WatchViewRef(v).paint(&painter, rect);
    if let Some(s) = dialog {
        let panel = egui::Rect::from_min_max(egui::pos2(rect.max.x + 16.0, rect.min.y), row.max);
        ui.scope_builder(egui::UiBuilder::new().max_rect(panel), |ui| {
            explodo::watched_dialog(ui, s.state(), s.next_action(), lang);
        });
    }
}

pub struct WatchViewRef<'a>(&'a WatchView);

impl WatchViewRef<'_> {
    fn paint(&self, painter: &egui::Painter, rect: egui::Rect) {
        match &self.0.watched {
            Watched::Life(s) => {
                let f = &s.state().field;
                let cell = (rect.width() / f.w as f32).min(rect.height() / f.h as f32);
                for (i, &c) in f.cells.iter().enumerate() {
                    if c != 0 {
                        let (x, y) = ((i as u32 % f.w) as f32, (i as u32 / f.w) as f32);
                        let color = if c == 1 { life::P1_COLOR } else { life::P2_COLOR };
                        painter.rect_filled(
                            egui::Rect::from_min_size(rect.min + Vec2::new(x * cell, y * cell), Vec2::splat(cell)),
                            0.0,
                            color,
                        );
                    }
                }
            }
            Watched::Mines(s) => {
                let st = s.state();
                let cols = st.field.cols as usize;
                let cell = (rect.width() / cols as f32).min(rect.height() / f32::from(st.field.rows));
                for i in 0..st.field.len() {
                    let (x, y) = ((i % cols) as f32, (i / cols) as f32);
                    let r =
                        egui::Rect::from_min_size(rect.min + Vec2::new(x * cell, y * cell), Vec2::splat(cell - 1.0));
                    let (fill, text) = if st.field.clue[i] {
                        (
                            Color32::from_gray(200),
                            if st.numbers[i] > 0 { st.numbers[i].to_string() } else { String::new() },
                        )
                    } else {
                        let g = match st.marks[i] {
                            retrace_kernel::mines::Mark::Mine => "💣",
                            retrace_kernel::mines::Mark::Safe => "🚩",
                            retrace_kernel::mines::Mark::Question => "❓",
                            retrace_kernel::mines::Mark::None => "",
                        };
                        (Color32::from_gray(150), g.to_string())
                    };
                    painter.rect_filled(r, 0.0, fill);
                    if !text.is_empty() {
                        painter.text(
                            r.center(),
                            egui::Align2::CENTER_CENTER,
                            text,
                            egui::FontId::proportional(cell * 0.6),
                            Color32::BLACK,
                        );
                    }
                }
            }
            Watched::Explodo(s) => {
                explodo::paint(painter, rect, s.state());
                if let Some(p) = &self.0.pair {
                    explodo::paint_pair(painter, rect, s.state(), p.other.state());
                }
            }
            Watched::Miau(s) => {
                let plain = miau::Look::default();
                miau::paint(painter, rect, s.state(), self.0.miau_look.as_ref().unwrap_or(&plain));
            }
            Watched::Tally(s) => {
                painter.text(
                    rect.center(),
                    egui::Align2::CENTER_CENTER,
                    format!("total {}", s.state().total),
                    egui::FontId::proportional(32.0),
                    Color32::GRAY,
                );
            }
        }
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

/// Open replay (a native file dialog), and how to drop a file instead: the
/// path to open, when one was chosen or typed.
pub fn open_replay_row(ui: &mut egui::Ui, lang: Lang, typed_path: &mut Option<String>) -> Option<PathBuf> {
    let mut open = None;
    ui.horizontal(|ui| {
        if ui.button(tr(lang, "Open replay")).clicked() {
            // A blocking native dialog (the desktop portal); None when cancelled or unavailable.
            match rfd::FileDialog::new().add_filter("Retrace replay", &["replay"]).pick_file() {
                Some(path) => open = Some(path),
                // Cancelled, or no dialog on this desktop: never silence,
                // a path can be typed instead (issue 40).
                None => *typed_path = Some(typed_path.take().unwrap_or_default()),
            }
        }
        ui.label(tr(lang, "Drop a replay or certificate file anywhere on the window to watch it."));
    });
    if let Some(mut text) = typed_path.take() {
        let mut keep = true;
        ui.horizontal(|ui| {
            let l = ui.label(tr(lang, "No file was chosen. Its path:"));
            let field = ui.add(egui::TextEdit::singleline(&mut text).desired_width(360.0)).labelled_by(l.id);
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui.button(tr(lang, "Open")).clicked() || enter) && !text.trim().is_empty() {
                open = Some(PathBuf::from(text.trim()));
                keep = false;
            }
            if ui.button(tr(lang, "Cancel")).clicked() {
                keep = false;
            }
        });
        if keep {
            *typed_path = Some(text);
        }
    }
    open
}

/// The demos on the cards play on by `dt` seconds (each loops;
/// Explodorama's moves on to its demo's next scene, counted in `scene`).
pub fn tick_demos(demos: &mut [WatchView], scene: &mut usize, dt: f32) {
    for d in demos {
        d.playing = true;
        d.tick(dt);
        if d.step() >= d.verified.steps {
            // Explodorama's card moves on to the demo's next scene.
            if d.verified.game == "explodo" && d.source.starts_with("demo: ") {
                *scene += 1;
                if let Some(next) = explodo::demo::scene_watch(*scene, *scene as u64 + 1) {
                    *d = next;
                    continue;
                }
            }
            d.seek(0);
        }
    }
}
