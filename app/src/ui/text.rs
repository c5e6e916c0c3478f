//! Interface text in English and Russian, through the project's one
//! translation mechanism (`retrace_kernel::say`): English is the key, the
//! Russian a [`Table`] beside it (`text/ru.rs`, a file a game) for the window's phrases and
//! the kernel's sentences alike. MineLayer's own languages are tables of the
//! same kind (`mines_text.rs`, and the share card's in the kernel).

use crate::store::Lang;
use retrace_kernel::say::{lookup, Say, Table};

/// Where the window keeps its interface language for the painters, which
/// draw words on the board without a `Lang` passed down (the "You" tag).
pub fn lang_id() -> egui::Id {
    egui::Id::unique("retrace-interface-language")
}

/// The interface language the window set for this frame (English before
/// it is set: a bench or a test drawing a board alone).
pub fn painter_lang(ctx: &egui::Context) -> Lang {
    ctx.data(|d| d.get_temp::<Lang>(lang_id())).unwrap_or(Lang::En)
}

/// A fixed phrase of the window in the interface language. Text with no entry shows
/// in English (a visible gap, never a crash); a test keeps every phrase the
/// screens pass here in the table.
pub fn tr(lang: Lang, en: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Ru => ru(en).unwrap_or(en),
    }
}

/// The Russian for an English phrase of the window, if the table has it.
pub fn ru(en: &str) -> Option<&'static str> {
    lookup(ru_table(), en)
}

mod ru;
pub use ru::ru_table;

/// A sentence (the kernel's, or one the window made) in the interface
/// language: its template looked up in the language's table, its arguments
/// filled in. Nothing is translated by replacing words in English text.
pub fn say(lang: Lang, s: &Say) -> String {
    s.render(table(lang))
}

/// The table of an interface language other than English.
pub fn table(lang: Lang) -> Option<Table> {
    match lang {
        Lang::En => None,
        Lang::Ru => Some(ru_table()),
    }
}

#[cfg(test)]
mod tests {
    /// Every literal phrase a screen passes to `tr` has its Russian in the table.
    #[test]
    fn every_phrase_the_screens_translate_is_in_the_table() {
        // Every file of the window, read where it lies: a screen split into
        // a new file is scanned too.
        let mut files = Vec::new();
        let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui")];
        files.push(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui.rs"));
        while let Some(d) = dirs.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    dirs.push(p);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    files.push(p);
                }
            }
        }
        files.sort();
        let sources: Vec<String> = files.iter().map(|f| std::fs::read_to_string(f).unwrap()).collect();
        let mut missing = Vec::new();
        let mut seen = 0;
        for src in &sources {
            for (i, _) in src.match_indices("tr(") {
                let before = src[..i].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let rest = &src[i + 3..];
                let Some(comma) = rest.find(',') else { continue };
                if !rest[..comma].chars().all(|c| c.is_alphanumeric() || "_.()".contains(c)) {
                    continue;
                }
                let arg = rest[comma + 1..].trim_start();
                let Some(text) = arg.strip_prefix('"') else { continue };
                let Some(end) = text.find('"') else { continue };
                seen += 1;
                let phrase = &text[..end];
                if !phrase.contains('\\') && super::ru(phrase).is_none() {
                    missing.push(phrase.to_string());
                }
            }
        }
        assert!(seen > 100, "the scan found only {seen} phrases");
        assert!(missing.is_empty(), "no Russian for: {missing:?}");
    }

    /// The English string literals that open a kernel sentence in `src`:
    /// `say!("…"`, `Rejection::new("…"`, `reject("…"` and `no("…"`.
    fn sentence_literals(src: &str) -> Vec<String> {
        let mut found = Vec::new();
        for opener in ["say!(\"", "Rejection::new(\"", "reject(\"", " no(\"", "(no(\""] {
            for (i, _) in src.match_indices(opener) {
                let text = &src[i + opener.len()..];
                let Some(end) = text.find('"') else { continue };
                found.push(text[..end].to_string());
            }
        }
        found
    }

    /// Every sentence the kernel can say has its Russian, with the same
    /// arguments: the kernel's sources are read where they lie, so a new
    /// sentence without its Russian fails here.
    #[test]
    fn every_kernel_sentence_is_in_the_table_with_its_arguments() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../kernel/src");
        let mut dirs = vec![root];
        let mut seen = 0;
        let mut missing = Vec::new();
        while let Some(d) = dirs.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                let name = p.file_name().unwrap().to_string_lossy().to_string();
                if p.is_dir() {
                    dirs.push(p);
                } else if name.ends_with(".rs") && !name.contains("test") && name != "say.rs" {
                    let src = std::fs::read_to_string(&p).unwrap();
                    // Tests at the end of a file are not the kernel speaking.
                    let src = src.split("#[cfg(test)]").next().unwrap_or("");
                    for en in sentence_literals(src) {
                        seen += 1;
                        if !en.is_empty() && super::ru(&en).is_none() {
                            missing.push(format!("{name}: {en}"));
                        }
                    }
                }
            }
        }
        assert!(seen > 100, "the scan found only {seen} sentences");
        assert!(missing.is_empty(), "no Russian for: {missing:#?}");
    }

    /// Explodorama's names and texts (the kernel's words that sentences take
    /// as arguments) are in the table.
    #[test]
    fn every_power_up_charge_and_enemy_has_its_russian() {
        use retrace_kernel::explodo::items::{CHARGES, POWERS};
        use retrace_kernel::explodo::KINDS;
        let words = POWERS
            .iter()
            .flat_map(|p| [p.name(), p.text()])
            .chain(CHARGES.iter().flat_map(|c| [c.name(), c.text()]))
            .chain(KINDS.iter().map(|k| k.name()));
        let missing: Vec<&str> = words.filter(|w| super::ru(w).is_none()).collect();
        assert!(missing.is_empty(), "no Russian for: {missing:?}");
    }

    /// A translation takes the same arguments as its English: `{0}` in one
    /// and not the other would drop a number or show a brace.
    #[test]
    fn every_translation_has_the_arguments_of_its_english() {
        let args = |t: &str| {
            let mut v: Vec<String> = t
                .match_indices('{')
                .filter_map(|(i, _)| {
                    let rest = &t[i + 1..];
                    let close = rest.find('}')?;
                    rest[..close].parse::<u8>().ok().map(|n| n.to_string())
                })
                .collect();
            v.sort();
            v.dedup();
            v
        };
        for (en, ru) in super::ru_table() {
            assert_eq!(args(en), args(ru), "{en} → {ru}");
        }
    }

    /// Each game's part of the table is sorted by its English and the whole
    /// has no phrase twice, so the lookup by halving finds every phrase.
    #[test]
    fn the_window_table_is_sorted_and_every_phrase_is_found() {
        for part in super::ru::PARTS {
            for w in part.windows(2) {
                assert!(w[0].0 < w[1].0, "out of order or twice: {:?} before {:?}", w[0].0, w[1].0);
            }
        }
        let all = super::ru_table();
        assert_eq!(all.len(), super::ru::PARTS.iter().map(|p| p.len()).sum::<usize>());
        for w in all.windows(2) {
            assert!(w[0].0 < w[1].0, "in two parts: {:?}", w[1].0);
        }
        for (en, ru) in all {
            assert_eq!(super::ru(en), Some(*ru), "{en}");
        }
        assert_eq!(super::ru("no such phrase"), None);
    }
}
