//! The built-in glyph table: how a noun is drawn when its pack's palette
//! does not say (or names a glyph the window cannot draw), so no noun is
//! ever drawn as its name. Each glyph has a fallback the window's bundled
//! emoji fonts draw, where its colour glyph is not in them yet.

/// Noun, glyph, fallback (empty: none), and whether the glyph faces left
/// (the window mirrors it to face the way the thing moves).
pub const BUILTIN: [(&str, &str, &str, bool); 36] = [
    ("baba", "🐇", "", true),
    ("bell", "🔔", "", false),
    ("boat", "⛵", "", false),
    ("cat", "🐈", "", true),
    ("cog", "⚙", "", false),
    ("crab", "🦀", "🐢", false),
    ("crate", "📦", "", false),
    ("dock", "⬜", "", false),
    ("door", "🚪", "", false),
    ("drift", "🪵", "🌲", false),
    ("flag", "🚩", "", false),
    ("floor", "▫", "", false),
    ("gap", "🚧", "", false),
    ("gate", "🚪", "", false),
    ("goop", "🟢", "💧", false),
    ("grass", "🌿", "", false),
    ("jelly", "🪼", "🎐", false),
    ("keke", "🦊", "👹", false),
    ("key", "🔑", "", false),
    ("lava", "🌋", "", false),
    ("love", "💗", "", false),
    ("miau", "🐈", "", true),
    ("mouse", "🐁", "", true),
    ("plate", "🔘", "", false),
    ("reef", "🪸", "🐠", false),
    ("rock", "🪨", "🗿", false),
    ("sand", "🟨", "▪", false),
    ("shell", "🐚", "", false),
    ("shoal", "🟫", "◾", false),
    ("skull", "💀", "", false),
    ("star", "⭐", "", false),
    ("tree", "🌲", "", false),
    ("truck", "🚚", "", false),
    ("wall", "🧱", "🔳", false),
    ("water", "🌊", "", false),
    ("wind", "🌀", "", false),
];

/// The built-in glyph for `noun` (lowercase), if the table has one: its
/// glyph, fallback and whether it faces left, borrowed from the table (the
/// window asks for every tile it draws, so nothing is copied).
pub fn builtin(noun: &str) -> Option<(&'static str, &'static str, bool)> {
    BUILTIN.iter().find(|(n, ..)| *n == noun).map(|&(_, glyph, fallback, faces_left)| (glyph, fallback, faces_left))
}

#[cfg(test)]
mod tests {
    use super::{builtin, BUILTIN};

    #[test]
    fn the_table_covers_the_common_nouns_the_shipped_packs_and_the_keke_set() {
        let must = [
            "cat", "flag", "rock", "wall", "water", "crate", "key", "door", "baba", "keke", "skull", "floor", "grass",
            "lava", "goop", "love", "miau", "jelly", "crab", "shell", "boat", "drift", "sand", "shoal", "dock", "gap",
            "truck", "bell", "cog", "mouse", "gate", "plate",
        ];
        for n in must {
            let (glyph, ..) = builtin(n).unwrap_or_else(|| panic!("{n} has a built-in glyph"));
            assert!(!glyph.is_empty(), "{n}");
        }
        assert!(BUILTIN.windows(2).all(|w| w[0].0 < w[1].0), "sorted, each once");
        assert!(BUILTIN.iter().all(|(n, ..)| n.chars().all(|c| c.is_ascii_lowercase())));
        assert_eq!(builtin("unicorn"), None);
    }

    #[test]
    fn check_warns_about_a_drawn_noun_with_no_glyph_anywhere() {
        let pack = |palette: &str| {
            format!("[manifest]\nid = \"t\"\nname = \"T\"\nversion = \"1\"\nengine = 1\n{palette}\n[[levels]]\nid = \"one\"\ngrid = \"MIAU IS YOU / miau unicorn rock\"\n")
        };
        let warnings = |text: &str| {
            let (_, r) = crate::miau::pack::load(text);
            r.warnings.iter().map(|w| format!("{}: {}", w.path, w.message)).collect::<Vec<_>>()
        };
        // The cat and the rock have built-in glyphs; the unicorn has none.
        assert_eq!(
            warnings(&pack("")),
            ["palette.UNICORN: has no glyph (the palette has none and the built-in table neither), so it is drawn as its name: give it one"]
        );
        assert!(warnings(&pack("[palette]\nUNICORN = \"🦄\"\n")).is_empty());
    }
}
