//! The window's fonts beyond egui's own (issue 62 item 12): MineLayer
//! offers Chinese, Japanese and Korean, which egui's fonts cannot draw, so a
//! subset of Noto Sans CJK SC carrying exactly the characters of those
//! languages' tables (109 KB, made by `app/assets/fonts/subset-cjk.sh`) is
//! added last to both families: every other character is drawn as before.
//! One face for the three languages keeps the binary small; its kana and
//! Hangul are the same as the Japanese and Korean faces', its kanji the
//! Simplified Chinese forms (noted in the app's README).

use eframe::egui::{self, FontData, FontFamily, FontInsert, FontPriority, InsertFontFamily};

/// The subset font's bytes (SIL Open Font License 1.1: `app/assets/fonts/OFL.txt`).
pub const CJK: &[u8] = include_bytes!("../../assets/fonts/noto-sans-cjk-subset.otf");

/// Adds the CJK subset behind egui's fonts, in both families. Called on the
/// first frame; egui uses the new fonts from the next.
pub fn install(ctx: &egui::Context) {
    let families = [FontFamily::Proportional, FontFamily::Monospace]
        .into_iter()
        .map(|family| InsertFontFamily { family, priority: FontPriority::Lowest })
        .collect();
    ctx.add_font(FontInsert::new("noto-sans-cjk-subset", FontData::from_static(CJK), families));
}

#[cfg(test)]
mod tests {
    use super::install;
    use crate::ui::mines_text;
    use eframe::egui::{self, FontId};
    use retrace_kernel::mines::share;

    /// Every character of every Chinese, Japanese and Korean string the
    /// window or the share card shows, and each language's own name.
    fn cjk_text() -> String {
        let mut text = String::new();
        for lang in ["zh", "ja", "ko"] {
            for table in [mines_text::table(lang), share::table(lang)].into_iter().flatten() {
                text.extend(table.iter().map(|(_, said)| *said));
            }
        }
        text.extend(mines_text::ENDONYMS.iter().map(|(_, own)| *own));
        text
    }

    /// The characters of `text` that no font in `family` draws.
    fn missing(ctx: &egui::Context, font: &FontId, text: &str) -> String {
        let mut out: Vec<char> = ctx.fonts_mut(|f| text.chars().filter(|c| !f.has_glyph(font, *c)).collect());
        out.sort_unstable();
        out.dedup();
        out.into_iter().collect()
    }

    #[test]
    fn cjk_tables_are_drawn() {
        let ctx = egui::Context::default();
        let text = cjk_text();
        let (mut before, mut after) = (Vec::new(), Vec::new());
        ctx.run_ui(egui::RawInput::default(), |ui| {
            for font in [FontId::proportional(14.0), FontId::monospace(13.0)] {
                before.push(missing(ui.ctx(), &font, &text));
            }
        })
        .drop_without_applying_deltas();
        // egui's own fonts lack them: the test means something.
        assert!(before.iter().all(|m| m.chars().count() > 100), "{before:?}");
        ctx.run_ui(egui::RawInput::default(), |ui| install(ui.ctx())).drop_without_applying_deltas();
        ctx.run_ui(egui::RawInput::default(), |ui| {
            for font in [FontId::proportional(14.0), FontId::monospace(13.0)] {
                after.push(missing(ui.ctx(), &font, &text));
            }
        })
        .drop_without_applying_deltas();
        assert!(
            after.iter().all(String::is_empty),
            "characters without a glyph (run app/assets/fonts/subset-cjk.sh after changing a table): {after:?}"
        );
    }
}
