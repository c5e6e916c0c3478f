//! The packs and the level list: the shipped packs and opened ones, the
//! world cards, and a world's levels with their unlocking.

use super::paint::accent_color;
use super::view::MiauRequest;
use crate::platform::{Pick, Picked};
use crate::store::Lang;
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText, Vec2};
use retrace_kernel::miau::pack::{self, Pack};
use retrace_kernel::miau::{Miau, Setup, State};
use retrace_kernel::Session;

/// The packs shipped with the app (each must pass `miau check --proofs`).
pub const PACKS: [&str; 6] = [
    include_str!("../../../packs/first-steps.toml"),
    include_str!("../../../packs/crate-works.toml"),
    include_str!("../../../packs/tidewater.toml"),
    include_str!("../../../packs/crossword.toml"),
    include_str!("../../../packs/clockwork.toml"),
    include_str!("../../../packs/workshop.toml"),
];

/// The shipped packs, loaded (a pack that fails to load is left out; a test
/// keeps them all loading).
pub fn packs() -> Vec<Pack> {
    PACKS.iter().filter_map(|text| pack::load(text).0).collect()
}

/// Reads a pack file: the pack, or every error with the file's path and the
/// error's place in it (`levels[2].map: …`, a TOML error's line and column).
pub fn open_pack(path: &std::path::Path) -> Result<Vec<Pack>, String> {
    let text = crate::files::read_text_capped(path)?;
    // A Keke AI Competition level file is imported as the command line's
    // `miau import` does (a pack per 64 levels).
    let texts: Vec<String> = if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("json")) {
        let stem = path.file_stem().map_or("levels".into(), |s| s.to_string_lossy().into_owned());
        retrace_kernel::miau::import::import(&text, &stem)
            .map_err(|problems| {
                problems.iter().map(|p| format!("{}: {}", path.display(), p)).collect::<Vec<_>>().join("\n")
            })?
            .into_iter()
            .map(|w| w.text)
            .collect()
    } else {
        vec![text]
    };
    texts
        .iter()
        .map(|text| {
            let (pack, report) = pack::load(text);
            pack.ok_or_else(|| {
                report
                    .errors
                    .iter()
                    .map(|e| format!("{}: {}: {}", path.display(), e.path, e.message))
                    .collect::<Vec<_>>()
                    .join("\n")
            })
        })
        .collect()
}

/// Adds a pack to the list, in place of one with the same id (a designer
/// opening the file again after an edit gets the new levels); returns its index.
pub fn add_pack(packs: &mut Vec<Pack>, pack: Pack) -> usize {
    match packs.iter().position(|p| p.id == pack.id) {
        Some(i) => {
            packs[i] = pack;
            i
        }
        None => {
            packs.push(pack);
            packs.len() - 1
        }
    }
}

/// Which levels of a world can be played: the first always, and a later one
/// once every required level before it is won (optional and challenge levels
/// never lock the way on).
pub fn unlocked(pack: &Pack, won: &[String]) -> Vec<bool> {
    let mut open = true;
    pack.levels
        .iter()
        .map(|l| {
            let this = open;
            if l.category == "required" && !won.iter().any(|w| *w == format!("{}/{}", pack.id, l.id)) {
                open = false;
            }
            this
        })
        .collect()
}

/// What the level list shows and remembers: the world open (none: the map).
pub struct LevelList<'a> {
    /// Every pack, a world each.
    pub packs: &'a [Pack],
    /// The levels won (`<pack>/<level>`).
    pub won: &'a [String],
    /// The fewest turns of each level's kept win (`<pack>/<level>`).
    pub best: &'a [(String, u32)],
    /// The world open, or none for the map.
    pub world: &'a mut Option<usize>,
    /// The path field under Open pack, while no file dialog gave a file.
    pub typed_pack: &'a mut Option<String>,
}

/// The level list: a world map (a card per world: its glyph, name, tagline,
/// accent colour and levels won), and inside a world its levels in order with
/// their category, won mark, best turns, and a lock until the required
/// levels before them are won.
pub fn levels_ui(ui: &mut egui::Ui, lang: Lang, list: LevelList) -> Option<MiauRequest> {
    let mut request = None;
    let LevelList { packs, won, best, world, typed_pack } = list;
    if world.is_some_and(|w| w >= packs.len()) {
        *world = None;
    }
    ui.horizontal(|ui| {
        if world.is_some() {
            if ui.button(tr(lang, "All worlds")).clicked() {
                *world = None;
            }
        } else {
            ui.heading(tr(lang, "Choose a world"));
        }
        if ui.button(tr(lang, "Open pack")).clicked() {
            crate::platform::pick_file(Pick::Pack);
        }
        match crate::platform::picked(Pick::Pack) {
            Some(Picked::File(path)) => request = Some(MiauRequest::OpenPack(path)),
            // Cancelled, or no dialog on this desktop: the path field,
            // as Open replay offers (issue 62 item 8).
            Some(Picked::Nothing) => *typed_pack = Some(typed_pack.take().unwrap_or_default()),
            None => {}
        }
        if ui.button(tr(lang, "New level")).clicked() {
            request = Some(MiauRequest::NewLevel);
        }
    });
    if let Some(path) = crate::ui::widgets::path_field(ui, lang, typed_pack) {
        request = Some(MiauRequest::OpenPack(path));
    }
    let done = |pack: &Pack, l: &pack::Level| won.iter().any(|w| *w == format!("{}/{}", pack.id, l.id));
    egui::ScrollArea::vertical().show(ui, |ui| match *world {
        None => {
            ui.label(RichText::new(tr(lang, "Drop a pack file (.toml) or a Keke AI Competition level file (.json) on the window to play its levels.")).small());
            // Rows of as many cards as fit across.
            let across = ((ui.available_width() / (CARD_WIDTH + 40.0)) as usize).max(1);
            for (row, chunk) in packs.chunks(across).enumerate() {
                ui.horizontal(|ui| {
                    for (i, pack) in chunk.iter().enumerate() {
                        if world_card(ui, lang, pack, pack.levels.iter().filter(|l| done(pack, l)).count()) {
                            *world = Some(row * across + i);
                        }
                    }
                });
            }
        }
        Some(p) => {
            let pack = &packs[p];
            let look = super::paint::Look {
                palette: pack.palette.clone(),
                accents: pack.accents.clone(),
                ..super::paint::Look::default()
            };
            let w = pack.world.clone().unwrap_or_default();
            ui.heading(&pack.name);
            if !w.tagline.is_empty() {
                ui.label(RichText::new(&w.tagline).italics());
            }
            ui.add_space(6.0);
            let open = unlocked(pack, won);
            // Levels of a pack the player opened or made can be edited (a
            // shipped world is the game's own; its levels open as copies).
            // The editor makes levels in Miau's own rules: a keke pack's
            // levels (an imported competition file) are played, not edited.
            let editable = p >= PACKS.len() && pack.profile == retrace_kernel::miau::Profile::Miau;
            // The keyboard starts on the first open level not yet won
            // (issue 66 item 4: list, level and next level by keys alone).
            let first = (0..pack.levels.len()).find(|&l| open[l] && !done(pack, &pack.levels[l])).unwrap_or(0);
            // (Each time the world's list comes on screen: kept is the world
            // shown and the frame it was last shown in.)
            let focus_id = egui::Id::unique("miau-world-shown");
            let frame = ui.ctx().cumulative_frame_nr();
            let kept = ui.data(|d| d.get_temp::<(usize, u64)>(focus_id));
            let focus_now = kept != Some((p, frame.wrapping_sub(1))) && kept != Some((p, frame));
            ui.data_mut(|d| d.insert_temp(focus_id, (p, frame)));
            let across = ((ui.available_width() / (LEVEL_CARD_WIDTH + 24.0)) as usize).max(1);
            for (row, chunk) in pack.levels.chunks(across).enumerate() {
                ui.horizontal(|ui| {
                    for (i, level) in chunk.iter().enumerate() {
                        let l = row * across + i;
                        let id = format!("{}/{}", pack.id, level.id);
                        let card = LevelCard {
                            number: l + 1,
                            level,
                            open: open[l],
                            won: done(pack, level),
                            best: best.iter().find(|(b, _)| *b == id).map(|(_, t)| *t),
                            editable,
                            focus: focus_now && l == first,
                            thumb: thumbnail(ui.ctx(), (p, l), level),
                            look: &look,
                        };
                        match level_card(ui, lang, &card) {
                            Some(CardPress::Play) => request = Some(MiauRequest::Play(p, l)),
                            Some(CardPress::Edit) => request = Some(MiauRequest::Edit(p, l)),
                            None => {}
                        }
                    }
                });
                ui.add_space(4.0);
            }
        }
    });
    request
}

/// A world card's inner width on the map.
pub(super) const CARD_WIDTH: f32 = 220.0;

/// The picture on a world's card: the world's own glyph; for the player's
/// "My levels" a memo pad, and for an opened pack with none (a Keke import,
/// say) a puzzle piece, never a lone letter (issue 65 item 8).
pub fn world_glyph(pack: &Pack) -> String {
    match pack.world.as_ref().map(|w| w.glyph.as_str()).filter(|g| !g.is_empty()) {
        Some(g) => g.to_string(),
        None if pack.id == super::editor::MY_LEVELS_ID => "📝".into(),
        None => "🧩".into(),
    }
}

/// One world's card on the map: its glyph, name (the button that opens it),
/// tagline and levels won, framed in its accent colour. Whether it was clicked.
pub(super) fn world_card(ui: &mut egui::Ui, lang: Lang, pack: &Pack, won: usize) -> bool {
    let mut w = pack.world.clone().unwrap_or_default();
    w.glyph = world_glyph(pack);
    let accent = accent_color(&w.accent).unwrap_or(Color32::from_gray(120));
    let mut clicked = false;
    egui::Frame::group(ui.style()).stroke(egui::Stroke::new(2.0, accent)).inner_margin(10.0).show(ui, |ui| {
        ui.set_width(CARD_WIDTH);
        ui.set_min_height(100.0);
        ui.vertical(|ui| {
            ui.horizontal(|ui| {
                // The world's glyph where the fonts have it, else its initial
                // (a missing glyph is never drawn, as on the board).
                // In colour where Twemoji has it (issue 41).
                let font = egui::FontId::proportional(28.0);
                let plain = super::paint::plain_form(&w.glyph);
                if crate::ui::emoji::has(&w.glyph) {
                    let (r, _) = ui.allocate_exact_size(Vec2::splat(32.0), egui::Sense::hover());
                    crate::ui::emoji::paint(ui.painter(), r, &w.glyph, false, Color32::WHITE);
                } else {
                    let glyph = if !plain.is_empty() && ui.fonts_mut(|f| f.has_glyphs(&font, &plain)) {
                        plain.into_owned()
                    } else {
                        pack.name.chars().next().map(|c| c.to_uppercase().to_string()).unwrap_or_default()
                    };
                    ui.label(RichText::new(glyph).size(28.0));
                }
                clicked = ui.button(RichText::new(&pack.name).strong()).clicked();
            });
            if !w.tagline.is_empty() {
                ui.label(RichText::new(&w.tagline).small().italics());
            }
            let required = pack.levels.iter().filter(|l| l.category == "required").count();
            ui.label(
                RichText::new(
                    tr(lang, "{won} of {all} levels won")
                        .replace("{won}", &won.to_string())
                        .replace("{all}", &pack.levels.len().to_string()),
                )
                .small()
                .color(accent),
            );
            if required > 0 {
                ui.label(RichText::new(tr(lang, "{n} required").replace("{n}", &required.to_string())).small().weak());
            }
        });
    });
    clicked
}

/// A level card's inner width in the world's list.
pub const LEVEL_CARD_WIDTH: f32 = 200.0;

/// The height of a level card's picture of its board.
const THUMB_HEIGHT: f32 = 120.0;

/// What one level's card shows.
struct LevelCard<'a> {
    /// Its place in the world, from 1.
    number: usize,
    level: &'a pack::Level,
    /// Playable (the required levels before it won).
    open: bool,
    won: bool,
    /// The fewest turns of its kept win.
    best: Option<u32>,
    /// An Edit button (the player's own or opened packs).
    editable: bool,
    /// Takes the keyboard's focus this frame.
    focus: bool,
    /// Its board as it starts, when the level loads.
    thumb: Option<std::sync::Arc<State>>,
    look: &'a super::paint::Look,
}

/// What a card was pressed for.
enum CardPress {
    Play,
    Edit,
}

/// A level's starting board, made once and kept in the context's memory
/// (keyed by its place, checked against its setup: a pack opened again after
/// an edit draws its new boards); none when the level does not start.
fn thumbnail(ctx: &egui::Context, place: (usize, usize), level: &pack::Level) -> Option<std::sync::Arc<State>> {
    type Kept = std::sync::Arc<(Setup, Option<std::sync::Arc<State>>)>;
    let id = egui::Id::unique(("miau-thumb", place));
    if let Some(kept) = ctx.data(|d| d.get_temp::<Kept>(id)).filter(|k| k.0 == level.setup) {
        return kept.1.clone();
    }
    let state = Session::<Miau>::new(level.setup.clone(), 0).ok().map(|s| std::sync::Arc::new(s.state().clone()));
    ctx.data_mut(|d| d.insert_temp::<Kept>(id, std::sync::Arc::new((level.setup.clone(), state.clone()))));
    state
}

/// The line under a level's title: its best win against the shortest
/// solution the pack records, or the shortest to aim for, or its lock.
pub fn level_status(lang: Lang, open: bool, won: bool, best: Option<u32>, shortest: Option<u32>) -> String {
    let short = |n: u32| tr(lang, "shortest {n}").replace("{n}", &n.to_string());
    let best_line = |n: u32| tr(lang, "best {n} turns").replace("{n}", &n.to_string());
    match (won, best, shortest) {
        _ if !open => tr(lang, "locked: win the required levels before it").to_string(),
        (true, Some(b), Some(s)) if b <= s => format!("{}, {}", best_line(b), tr(lang, "the shortest")),
        (true, Some(b), Some(s)) => format!("{}, {}", best_line(b), short(s)),
        (true, Some(b), None) => format!("{}, {}", tr(lang, "won"), best_line(b)),
        (true, None, _) => tr(lang, "won").to_string(),
        (false, _, Some(s)) => short(s),
        (false, _, None) => String::new(),
    }
}

/// One level's card: its number and title (the button that plays it, with
/// the hint on hover), its board as it starts (a press plays it too), its
/// category, and its status (best against shortest, or the lock).
fn level_card(ui: &mut egui::Ui, lang: Lang, c: &LevelCard) -> Option<CardPress> {
    let mut press = None;
    let (category, colour) = match c.level.category.as_str() {
        "required" => (tr(lang, "required"), Color32::from_gray(170)),
        "optional" => (tr(lang, "optional"), Color32::from_rgb(120, 170, 230)),
        "challenge" => (tr(lang, "challenge"), Color32::from_rgb(230, 120, 90)),
        _ => ("", Color32::GRAY),
    };
    let frame = if c.won { Color32::from_rgb(230, 190, 60) } else { Color32::from_gray(90) };
    egui::Frame::group(ui.style()).stroke(egui::Stroke::new(1.5, frame)).inner_margin(8.0).show(ui, |ui| {
        ui.set_width(LEVEL_CARD_WIDTH);
        ui.vertical(|ui| {
            let title = if c.level.title.is_empty() { c.level.id.as_str() } else { c.level.title.as_str() };
            ui.horizontal(|ui| {
                ui.label(RichText::new(format!("{}.", c.number)).strong());
                let button = ui.add_enabled(c.open, egui::Button::new(RichText::new(title).strong()).truncate());
                if c.focus && c.open {
                    button.request_focus();
                }
                if button.on_hover_text(&c.level.hint).clicked() {
                    press = Some(CardPress::Play);
                }
            });
            let (rect, resp) = ui.allocate_exact_size(Vec2::new(LEVEL_CARD_WIDTH, THUMB_HEIGHT), egui::Sense::click());
            if let Some(s) = &c.thumb {
                let cell = (LEVEL_CARD_WIDTH / s.board.w as f32).min(THUMB_HEIGHT / s.board.h as f32);
                let size = Vec2::new(cell * s.board.w as f32, cell * s.board.h as f32);
                let board = egui::Rect::from_center_size(rect.center(), size);
                super::paint::paint(&ui.painter_at(board), board, s, c.look);
                if !c.open {
                    ui.painter().rect_filled(board, 0.0, Color32::from_black_alpha(170));
                    let font = egui::FontId::proportional(28.0);
                    ui.painter().text(board.center(), egui::Align2::CENTER_CENTER, LOCKED_MARK, font, Color32::WHITE);
                }
            }
            let label = tr(lang, "Board of level {n}").replace("{n}", &c.number.to_string());
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, c.open, &label));
            if c.open && resp.clicked() {
                press = Some(CardPress::Play);
            }
            ui.horizontal(|ui| {
                ui.label(RichText::new(category).small().color(colour));
                if c.editable && ui.small_button(tr(lang, "Edit")).on_hover_text(&c.level.id).clicked() {
                    press = Some(CardPress::Edit);
                }
            });
            let status = level_status(lang, c.open, c.won, c.best, c.level.shortest);
            let tint = if c.won { Color32::from_rgb(230, 190, 60) } else { ui.visuals().weak_text_color() };
            ui.label(RichText::new(status).small().color(tint));
        });
    });
    press
}

/// The lock drawn on a locked level's picture.
const LOCKED_MARK: &str = "🔒";
