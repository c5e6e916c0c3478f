//! The Settings window: theme, sound and vibration, the games' switches,
//! the window's language and MineLayer's own.

use super::explodo;
use super::mines;
use super::text::tr;
use crate::store::{Lang, Settings, Theme};
use eframe::egui;

/// The Settings window while `open`; the language chosen for the window
/// carries MineLayer's along. Whether anything changed (to be saved).
pub fn settings_window(ctx: &egui::Context, settings: &mut Settings, open: &mut bool) -> bool {
    let lang = settings.lang;
    let before = settings.clone();
    crate::ui::widgets::window(ctx, tr(lang, "Settings"), 420.0).open(open).show(ctx, |ui| {
        ui.horizontal(|ui| {
            ui.label(tr(lang, "Theme"));
            ui.radio_value(&mut settings.theme, Theme::Dark, tr(lang, "Dark"));
            ui.radio_value(&mut settings.theme, Theme::Light, tr(lang, "Light"));
        });
        ui.horizontal(|ui| {
            ui.checkbox(&mut settings.sound, tr(lang, "Sound"));
            ui.checkbox(&mut settings.vibration, tr(lang, "Vibration"))
                .on_hover_text(tr(lang, "A pad rumbles on blasts, hits, pickups and a cleared level."));
        });
        ui.checkbox(&mut settings.explodo_autopilot, tr(lang, "Explodorama's autopilot"));
        ui.checkbox(&mut settings.miau_warnings, tr(lang, "Miau: warn before a step into danger"));
        ui.checkbox(&mut settings.explodo_event_log, tr(lang, "Explodorama: each turn's events beside the board"));
        ui.horizontal(|ui| {
            ui.label(tr(lang, "Language"));
            ui.radio_value(&mut settings.lang, Lang::En, "English");
            ui.radio_value(&mut settings.lang, Lang::Ru, "Русский");
        });
        // MineLayer speaks eight languages of its own; it follows the
        // window's when that changes, and can be set apart here.
        let window_lang = settings.lang;
        egui::ComboBox::from_label(tr(lang, "MineLayer's language"))
            .selected_text(mines::language_name(&settings.mines_lang, window_lang))
            .show_ui(ui, |ui| {
                for l in retrace_kernel::mines::share::LANGUAGES {
                    ui.selectable_value(&mut settings.mines_lang, l.to_string(), mines::language_name(l, window_lang));
                }
            });
    });
    if settings.lang != before.lang {
        settings.mines_lang = match settings.lang {
            Lang::En => "en",
            Lang::Ru => "ru",
        }
        .to_string();
    }
    *settings != before
}

/// The note after an update, while `open`: the newest entry of each change list.
pub fn whats_new(ctx: &egui::Context, lang: Lang, open: &mut bool) {
    crate::ui::widgets::window(ctx, tr(lang, "What's new"), 420.0).show(ctx, |ui| {
        let (date, en) = explodo::CHANGES[0];
        ui.label(format!("Explodorama, {date}: {}", tr(lang, en)));
        if ui.button(tr(lang, "Close")).clicked() {
            *open = false;
        }
    });
}
