//! Before a game: the two-player setup form (size, torus, budget) and the
//! campaign's level list.

use super::view::LifeRequest;
use crate::store::{Lang, Settings};
use crate::ui::text::tr;
use eframe::egui::{self};
use retrace_kernel::life::campaign::levels;
use retrace_kernel::life::game::{FIELD_RECTS, FIELD_SIZES};
use retrace_kernel::life::Setup;

/// The two-player setup screen's choices.
#[derive(Clone, Debug)]
pub struct SetupForm {
    /// Width, height.
    pub size: (u32, u32),
    /// Torus.
    pub wrap: bool,
    /// Budget.
    pub budget: u32,
    /// The budget's text field as typed (it follows the presets).
    pub budget_text: String,
}

impl Default for SetupForm {
    fn default() -> Self {
        SetupForm { size: (60, 60), wrap: false, budget: 100, budget_text: "100".into() }
    }
}

impl SetupForm {
    /// The form as it was last used (the settings remember it).
    pub fn from_settings(s: &Settings) -> SetupForm {
        SetupForm {
            size: s.life_size,
            wrap: s.life_wrap,
            budget: s.life_budget,
            budget_text: s.life_budget.to_string(),
        }
    }

    /// Writes the form into the settings.
    pub fn remember(&self, s: &mut Settings) {
        (s.life_size, s.life_wrap, s.life_budget) = (self.size, self.wrap, self.budget);
    }
}

/// The setup screen; returns a request.
pub fn setup_ui(ui: &mut egui::Ui, form: &mut SetupForm, lang: Lang) -> Option<LifeRequest> {
    let mut req = None;
    ui.heading(tr(lang, "Life — two players"));
    ui.label(tr(lang, "Each player places cells in their half; then the field lives by Conway's rules and newborns take the majority colour. The most live cells wins."));
    how_to_play(ui, lang, "life-how-two");
    let label = |s: (u32, u32)| format!("{}×{}", s.0, s.1);
    egui::ComboBox::from_label(tr(lang, "Field size")).selected_text(label(form.size)).show_ui(ui, |ui| {
        for n in FIELD_SIZES {
            ui.selectable_value(&mut form.size, (n, n), label((n, n)));
        }
        for r in FIELD_RECTS {
            ui.selectable_value(&mut form.size, r, label(r));
        }
    });
    ui.checkbox(&mut form.wrap, tr(lang, "Closed map (torus)"));
    // The budget: three presets that show which is chosen, and a text field
    // for any other amount (a drag field looked like a fourth button).
    ui.horizontal(|ui| {
        ui.label(tr(lang, "Cells per player"));
        for p in [100, 250, 500] {
            if ui.selectable_value(&mut form.budget, p, p.to_string()).clicked() {
                form.budget_text = p.to_string();
            }
        }
        let other = ui.label(tr(lang, "or"));
        let typed = ui.add(egui::TextEdit::singleline(&mut form.budget_text).desired_width(70.0)).labelled_by(other.id);
        if typed.changed() {
            if let Some(n) = form.budget_text.trim().parse::<u32>().ok().filter(|n| (1..=100_000).contains(n)) {
                form.budget = n;
            }
        }
        if typed.lost_focus() {
            form.budget_text = form.budget.to_string();
        }
    });
    ui.horizontal(|ui| {
        if ui.button(tr(lang, "Start")).clicked() {
            req = Some(LifeRequest::Start(Setup::TwoPlayer {
                w: form.size.0,
                h: form.size.1,
                wrap: form.wrap,
                budget: form.budget,
            }));
        }
        if ui.button(tr(lang, "Menu")).clicked() {
            req = Some(LifeRequest::Menu);
        }
    });
    req
}

/// A campaign level's name in the window's language: the hand-made levels'
/// names translated, the generated ones' the names a person gave them
/// (`names.rs`; the kernel keeps the spec's Russian names; a name unknown
/// here shows as is).
pub fn level_name(lv: &retrace_kernel::life::campaign::Level, lang: Lang) -> String {
    if let Some(&(_, en, ru)) = super::names::NAMES.iter().find(|(id, _, _)| *id == lv.id) {
        return if lang == Lang::Ru { ru } else { en }.to_string();
    }
    level_contents(lv, lang)
}

/// What a campaign level holds, in words: a generated level's size, zone
/// kind and enemy figures ("60 · half: pulsar, beacon, block ×2"); a
/// hand-made one's name.
pub fn level_contents(lv: &retrace_kernel::life::campaign::Level, lang: Lang) -> String {
    // A generated level's own name only says its size and zone ("60 · half",
    // the same for many levels), so its enemy's figures follow it (issue 40:
    // no two levels read alike): "60 · half: pulsar, beacon, block ×2".
    let figures = || {
        let mut seen: Vec<(&str, usize)> = Vec::new();
        for f in &lv.figures {
            match seen.iter_mut().find(|(id, _)| id == f) {
                Some((_, n)) => *n += 1,
                None => seen.push((f, 1)),
            }
        }
        let named = |id: &str| {
            retrace_kernel::life::patterns::find(id)
                .map_or(id.to_string(), |(_, p)| if lang == Lang::Ru { p.name_ru } else { p.name_en }.to_lowercase())
        };
        let list: Vec<String> =
            seen.iter().map(|&(id, n)| if n == 1 { named(id) } else { format!("{} ×{n}", named(id)) }).collect();
        list.join(", ")
    };
    if lv.zone_kind.is_some() && !lv.figures.is_empty() {
        let base = if lang == Lang::Ru {
            lv.name.clone()
        } else {
            const ZONES_EN: [&str; 7] = [
                "half",
                "centre",
                "top-left corner",
                "bottom-right corner",
                "vertical strip",
                "horizontal strip",
                "rectangle",
            ];
            let size = lv.name.split(" · ").next().unwrap_or_default();
            let kind = lv.zone_kind.map_or(0, usize::from);
            format!("{size} · {}", ZONES_EN.get(kind).copied().unwrap_or("zone"))
        };
        return format!("{base}: {}", figures());
    }
    if lang == Lang::Ru {
        return lv.name.clone();
    }
    match lv.name.as_str() {
        "Разминка" => "Warm-up",
        "Каравай" => "Loaves",
        "Рой" => "Swarm",
        "Издалека" => "From afar",
        "Флотилия" => "Flotilla",
        "Погоня" => "Chase",
        "Кролики" => "Rabbits",
        other => other,
    }
    .to_string()
}

/// The campaign's level list (issue 65 item 1): each level's number, name,
/// size and budget, its par (the cells its certificate's win placed), the
/// player's best win and stars (one for clearing it, two within par, three
/// within par without the hint), a used hint marked, locked ones disabled;
/// `scroll` brings the next level to play into view (when the list opens);
/// each row begins with the level's thumbnail (`thumbs`, in level order).
/// The top bar's Menu leads home: the list has no second one.
pub fn levels_ui(
    ui: &mut egui::Ui,
    settings: &Settings,
    (marks, thumbs): (&crate::store::life::Marks, &[egui::TextureHandle]),
    scroll: bool,
) -> Option<LifeRequest> {
    let mut req = None;
    let lang = settings.lang;
    ui.heading(tr(lang, "Life — campaign"));
    ui.label(tr(lang, "Clear every enemy (green) cell. Your budget is all you get; the enemy cannot be touched."));
    how_to_play(ui, lang, "life-how-campaign");
    // The first open level not yet won: where the player goes on.
    // (Cleared: won since wins are kept, or unlocked past before that.)
    let cleared = |l: u16| marks.best.contains_key(&l) || u32::from(l) + 1 < settings.life_unlocked;
    let next = (0..levels().len() as u16).find(|&l| !cleared(l)).unwrap_or(0);
    egui::ScrollArea::vertical().max_height(ui.available_height().max(200.0)).show(ui, |ui| {
        for (i, lv) in levels().iter().enumerate() {
            let open = (i as u32) < settings.life_unlocked;
            let best = marks.best.get(&(i as u16)).copied();
            let text = format!(
                "{}. {} ({}×{}, {} {}) · {}{}",
                i + 1,
                level_name(lv, lang),
                lv.w,
                lv.h,
                tr(lang, "budget"),
                lv.budget,
                level_marks((cleared(i as u16), best), super::pars::PARS[i], marks.hinted.contains(&(i as u16)), lang),
                match (open, cleared(i as u16)) {
                    (false, _) => format!(" · {}", tr(lang, "locked")),
                    // In words too: a screen reader says no stars.
                    (true, true) => format!(" · {}", tr(lang, "cleared")),
                    (true, false) => String::new(),
                }
            );
            // The level's starting field in small, then its button.
            let button = ui
                .horizontal(|ui| {
                    if let Some(t) = thumbs.get(i) {
                        let side = super::thumbs::SIDE as f32 * 0.75;
                        ui.add(egui::Image::new((t.id(), egui::vec2(side, side))));
                    }
                    ui.add_enabled(open, egui::Button::new(text))
                })
                .inner;
            // What the level holds, for the curious (its name no longer says it).
            let button = if lv.zone_kind.is_some() { button.on_hover_text(level_contents(lv, lang)) } else { button };
            if scroll && i as u16 == next {
                button.scroll_to_me(Some(egui::Align::Center));
            }
            if button.clicked() {
                req = Some(LifeRequest::Start(Setup::Campaign { level: i as u16 }));
            }
        }
    });
    req
}

/// A level's marks in the list: its stars, the best against par, a used hint.
fn level_marks((cleared, best): (bool, Option<u32>), par: u32, hinted: bool, lang: Lang) -> String {
    let stars = match best {
        None => u8::from(cleared),
        Some(b) if b > par => 1,
        Some(_) if hinted => 2,
        Some(_) => 3,
    };
    let drawn: String = (0..3).map(|k| if k < stars { '★' } else { '☆' }).collect();
    let best = best.map_or_else(|| "—".to_string(), |b| b.to_string());
    let hint = if hinted { format!(" · {}", tr(lang, "hint used")) } else { String::new() };
    format!("{drawn} {} {best} / {} {par}{hint}", tr(lang, "best"), tr(lang, "par"))
}

/// Life's page of Help, folded on its setup and campaign screens (the
/// spec's «Как играть»).
fn how_to_play(ui: &mut egui::Ui, lang: Lang, id: &str) {
    egui::CollapsingHeader::new(tr(lang, "How to play")).id_salt(id).show(ui, |ui| {
        crate::ui::help::sections_ui(ui, &super::help_page::SECTIONS, lang);
    });
}
