//! A draft level as the editor holds it (cells of tokens, the level's
//! options), the kit of words and glyphs it draws from, and the pack text
//! they are written as (and read back from).

use retrace_kernel::miau::pack::{self, Glyph, Pack};
use retrace_kernel::miau::Step;

/// The largest board the editor makes (each side).
pub const MAX_SIDE: usize = 32;
/// The pack the editor saves into, in the data folder.
pub const MY_LEVELS: &str = "miau-my-levels.toml";
/// That pack's id.
pub const MY_LEVELS_ID: &str = "my-levels";

/// A level being written: its fields as the author types them and its board
/// as a stack of tokens per cell, in the grid notation (`miau`, `IS!`,
/// `plate:amber`, `drift>water`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    /// The level's id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its hint.
    pub hint: String,
    /// required, optional, challenge (or empty).
    pub category: String,
    /// Rules a solution must form, one a line (`FLAG IS WIN`, or a rule
    /// named by what it is like: `{axis = "v", predicate = "WIN"}`).
    pub must_form: String,
    /// Rules a solution must break, one a line.
    pub must_break: String,
    /// BYPASS is intended.
    pub allow_bypass: bool,
    /// SAME-RULES is intended.
    pub allow_same_rules: bool,
    /// HANDS-OFF is intended.
    pub allow_hands_off: bool,
    /// Columns.
    pub w: usize,
    /// Rows.
    pub h: usize,
    /// Row by row, each cell's tokens bottom to top.
    pub cells: Vec<Vec<String>>,
    /// Terrain nouns, separated by spaces.
    pub terrain: String,
    /// Pairs, one a line: `OPEN SHUT` and `enter` when a mover may enter.
    pub pairs: String,
    /// Automata, one a line: `id PROPERTY PATTERN [SUBJECT] [phase N]`, the
    /// pattern in letters (`LLRRW`).
    pub automata: String,
}

impl Draft {
    /// A new level: a 7×5 board with the cat, its sentence and a flag.
    pub fn new(id: &str) -> Draft {
        let mut d = Draft {
            id: id.to_string(),
            title: "Untitled level".into(),
            hint: String::new(),
            category: "required".into(),
            must_form: String::new(),
            must_break: String::new(),
            allow_bypass: false,
            allow_same_rules: false,
            allow_hands_off: false,
            w: 7,
            h: 5,
            cells: vec![Vec::new(); 35],
            terrain: String::new(),
            pairs: String::new(),
            automata: String::new(),
        };
        for (x, y, t) in [(0, 0, "MIAU"), (1, 0, "IS"), (2, 0, "YOU"), (0, 4, "miau")] {
            d.cells[y * 7 + x].push(t.into());
        }
        d
    }

    /// A shipped or opened level, to edit: the legend resolved into tokens.
    pub fn from_level(l: &pack::Level) -> Draft {
        let s = &l.setup;
        let rows: Vec<Vec<Vec<String>>> = s
            .grid
            .lines()
            .map(|row| {
                row.split(' ')
                    .filter(|c| !c.is_empty())
                    .map(|cell| {
                        cell.split('+')
                            .filter(|t| *t != ".")
                            .map(|t| s.legend.iter().find(|(k, _)| k == t).map_or(t, |(_, v)| v.as_str()))
                            .flat_map(|t| t.split('+'))
                            .map(String::from)
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let h = rows.len().max(1);
        let w = rows.iter().map(Vec::len).max().unwrap_or(1).max(1);
        let mut cells = vec![Vec::new(); w * h];
        for (y, row) in rows.into_iter().enumerate() {
            for (x, c) in row.into_iter().enumerate() {
                cells[y * w + x] = c;
            }
        }
        let pattern = |p: &[Step]| {
            p.iter()
                .map(|st| match *st {
                    Step::Move(0, -1) => 'U',
                    Step::Move(0, 1) => 'D',
                    Step::Move(-1, 0) => 'L',
                    Step::Move(1, 0) => 'R',
                    _ => 'W',
                })
                .collect::<String>()
        };
        Draft {
            id: l.id.clone(),
            title: l.title.clone(),
            hint: l.hint.clone(),
            category: l.category.clone(),
            must_form: l.must_form.join("\n"),
            must_break: l.must_break.join("\n"),
            allow_bypass: l.allow_bypass,
            allow_same_rules: l.allow_same_rules,
            allow_hands_off: l.allow_hands_off,
            w,
            h,
            cells,
            terrain: s.terrain.join(" "),
            pairs: s
                .pairs
                .iter()
                .map(|p| format!("{} {}{}", p.words[0], p.words[1], if p.enter { " enter" } else { "" }))
                .collect::<Vec<_>>()
                .join("\n"),
            automata: s
                .automata
                .iter()
                .map(|a| {
                    let subject = a.subject.as_deref().map(|s| format!(" {}", s.to_uppercase())).unwrap_or_default();
                    let phase = if a.phase == 0 { String::new() } else { format!(" phase {}", a.phase) };
                    format!("{} {} {}{subject}{phase}", a.id, a.property, pattern(&a.pattern))
                })
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }

    /// The tokens of cell (x, y).
    pub fn cell(&self, x: usize, y: usize) -> &[String] {
        &self.cells[y * self.w + x]
    }

    /// Puts `token` on cell (x, y): on top of what is there when `stack`, else
    /// in its place; an empty token clears the cell.
    pub fn place(&mut self, x: usize, y: usize, token: &str, stack: bool) {
        if x >= self.w || y >= self.h {
            return;
        }
        let c = &mut self.cells[y * self.w + x];
        if token.is_empty() {
            c.clear();
        } else if stack {
            if !c.iter().any(|t| t == token) {
                c.push(token.to_string());
            }
        } else {
            *c = vec![token.to_string()];
        }
    }

    /// The board resized to `w`×`h` (1 to [`MAX_SIDE`]), keeping what fits.
    pub fn resize(&mut self, w: usize, h: usize) {
        let (w, h) = (w.clamp(1, MAX_SIDE), h.clamp(1, MAX_SIDE));
        let mut cells = vec![Vec::new(); w * h];
        for y in 0..h.min(self.h) {
            for x in 0..w.min(self.w) {
                cells[y * w + x] = std::mem::take(&mut self.cells[y * self.w + x]);
            }
        }
        (self.w, self.h, self.cells) = (w, h, cells);
    }

    /// The features this level needs declared.
    pub(super) fn features(&self) -> Vec<&'static str> {
        let tokens: Vec<&String> = self.cells.iter().flatten().collect();
        let mut f = Vec::new();
        if !self.automata.trim().is_empty() {
            f.push("automata");
        }
        if tokens.iter().any(|t| t.ends_with('!')) {
            f.push("fixed");
        }
        if tokens.iter().any(|t| t.contains('>')) {
            f.push("frail");
        }
        if tokens.iter().any(|t| t.contains(':')) {
            f.push("gates");
        }
        if tokens.iter().any(|t| t.trim_end_matches('!') == "GOAL") {
            f.push("goal");
        }
        if !self.pairs.trim().is_empty() {
            f.push("pairs");
        }
        if !self.terrain.trim().is_empty() {
            f.push("terrain");
        }
        f
    }

    /// The level's `[[levels]]` table in pack text: its fields, then the board
    /// as a `map` with a `legend` of one character per kind of cell.
    pub fn level_text(&self) -> String {
        let mut out = String::from("[[levels]]\n");
        out += &format!("id = {}\n", quoted(&self.id));
        out += &format!("title = {}\n", quoted(&self.title));
        if !self.hint.is_empty() {
            out += &format!("hint = {}\n", quoted(&self.hint));
        }
        if !self.category.is_empty() {
            out += &format!("category = {}\n", quoted(&self.category));
        }
        // A rule named by what it is like is its table, written as it is.
        let item = |l: &str| if l.starts_with('{') { l.to_string() } else { quoted(l) };
        let rules: Vec<String> = self.must_form.lines().map(str::trim).filter(|l| !l.is_empty()).map(item).collect();
        if !rules.is_empty() {
            out += &format!("must_form = [{}]\n", rules.join(", "));
        }
        let breaks: Vec<String> =
            self.must_break.lines().map(str::trim).filter(|l| !l.is_empty()).map(quoted).collect();
        if !breaks.is_empty() {
            out += &format!("must_break = [{}]\n", breaks.join(", "));
        }
        if self.allow_bypass {
            out += "allow_bypass = true\n";
        }
        if self.allow_same_rules {
            out += "allow_same_rules = true\n";
        }
        if self.allow_hands_off {
            out += "allow_hands_off = true\n";
        }
        let terrain: Vec<String> = self.terrain.split_whitespace().map(|t| quoted(&t.to_lowercase())).collect();
        if !terrain.is_empty() {
            out += &format!("terrain = [{}]\n", terrain.join(", "));
        }
        let pairs: Vec<String> = self
            .pairs
            .lines()
            .filter_map(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                (w.len() >= 2).then(|| {
                    let enter = w.get(2).is_some_and(|e| e.eq_ignore_ascii_case("enter"));
                    format!(
                        "{{ words = [{}, {}], effect = \"destroy-both\", enter = {enter} }}",
                        quoted(&w[0].to_uppercase()),
                        quoted(&w[1].to_uppercase())
                    )
                })
            })
            .collect();
        if !pairs.is_empty() {
            out += &format!("pairs = [{}]\n", pairs.join(", "));
        }
        let automata: Vec<String> = self
            .automata
            .lines()
            .filter_map(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                (w.len() >= 3).then(|| {
                    let steps: Vec<String> =
                        w[2].chars().map(|c| quoted(&c.to_ascii_uppercase().to_string())).collect();
                    let mut rec = format!(
                        "{{ id = {}, property = {}, pattern = [{}]",
                        quoted(w[0]),
                        quoted(&w[1].to_uppercase()),
                        steps.join(", ")
                    );
                    let mut rest = w[3..].iter();
                    while let Some(word) = rest.next() {
                        if word.eq_ignore_ascii_case("phase") {
                            let n = rest.next().and_then(|n| n.parse::<u32>().ok()).unwrap_or(0);
                            rec += &format!(", phase = {n}");
                        } else {
                            rec += &format!(", subject = {}", quoted(&word.to_uppercase()));
                        }
                    }
                    rec + " }"
                })
            })
            .collect();
        if !automata.is_empty() {
            out += &format!("automata = [{}]\n", automata.join(", "));
        }
        let (map, legend) = self.map_and_legend();
        out += &format!("map = \"\"\"\n{map}\"\"\"\n");
        let legend: Vec<String> =
            legend.iter().map(|(c, v)| format!("{} = {}", quoted(&c.to_string()), quoted(v))).collect();
        out += &format!("legend = {{ {} }}\n", legend.join(", "));
        out
    }

    /// The board as map rows (one character a cell, `.` empty) and the
    /// legend, a character per kind of cell: the token's first letter where it
    /// is free (lowercase for things, uppercase for words), else another.
    pub fn map_and_legend(&self) -> (String, Vec<(char, String)>) {
        let mut legend: Vec<(char, String)> = Vec::new();
        let mut map = String::new();
        for y in 0..self.h {
            for x in 0..self.w {
                let cell = self.cell(x, y).join("+");
                if cell.is_empty() {
                    map.push('.');
                    continue;
                }
                let c = match legend.iter().find(|(_, v)| *v == cell) {
                    Some((c, _)) => *c,
                    None => {
                        let pool =
                            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#$%&*=~^@<>?|:;,-_/()[]{}";
                        let first = cell.chars().filter(char::is_ascii_alphabetic);
                        let c = first
                            .chain(pool.chars())
                            .find(|c| *c != '.' && !legend.iter().any(|(u, _)| u == c))
                            .unwrap_or('?');
                        legend.push((c, cell));
                        c
                    }
                };
                map.push(c);
            }
            map.push('\n');
        }
        (map, legend)
    }
}

/// A TOML basic string (the kernel's, which the importer writes with too).
pub(super) use retrace_kernel::miau::pack::quoted;

/// What a pack needs besides its levels: how its nouns are drawn and its
/// property words described (from the packs the levels came from).
#[derive(Clone, Debug, Default)]
pub struct Kit {
    /// The palette.
    pub palette: Vec<Glyph>,
    /// Each property word, its description and accent.
    pub properties: Vec<(String, String, String)>,
}

impl Kit {
    /// A pack's palette and glossary.
    pub fn of(p: &Pack) -> Kit {
        let properties = p
            .glossary
            .iter()
            .map(|(w, d)| {
                let accent = p.accents.iter().find(|(a, _)| a == w).map(|(_, a)| a.clone()).unwrap_or_default();
                (w.clone(), d.clone(), accent)
            })
            .collect();
        Kit { palette: p.palette.clone(), properties }
    }

    /// Both kits: this one's entries first, the other's where this has none.
    pub fn merged(mut self, other: &Kit) -> Kit {
        for g in &other.palette {
            if !self.palette.iter().any(|h| h.noun == g.noun) {
                self.palette.push(g.clone());
            }
        }
        for p in &other.properties {
            if !self.properties.iter().any(|q| q.0 == p.0) {
                self.properties.push(p.clone());
            }
        }
        self
    }
}

/// A whole pack's text: its manifest, the palette of the nouns its levels
/// draw and the property words they use, and the levels.
pub fn pack_text(id: &str, name: &str, kit: &Kit, drafts: &[Draft]) -> String {
    let mut features: Vec<&str> = drafts.iter().flat_map(Draft::features).collect();
    features.sort_unstable();
    features.dedup();
    let mut out = format!(
        "# Written by Retrace's level editor.\n[manifest]\nid = {}\nname = {}\nversion = \"1.0.0\"\nengine = 1\nfeatures = [{}]\n",
        quoted(id),
        quoted(name),
        features.iter().map(|f| quoted(f)).collect::<Vec<_>>().join(", ")
    );
    let tokens: Vec<String> = drafts
        .iter()
        .flat_map(|d| d.cells.iter().flatten().flat_map(|t| t.split(['+', ':', '>'])).map(String::from))
        .chain(drafts.iter().flat_map(|d| d.terrain.split_whitespace().map(str::to_lowercase)))
        .collect();
    let drawn: Vec<&Glyph> = kit.palette.iter().filter(|g| tokens.contains(&g.noun)).collect();
    if !drawn.is_empty() {
        out += "\n[palette]\n";
        for g in drawn {
            let mut fields = vec![format!("glyph = {}", quoted(&g.glyph))];
            if !g.fallback.is_empty() {
                fields.push(format!("fallback = {}", quoted(&g.fallback)));
            }
            if g.faces_left {
                fields.push("faces = \"left\"".into());
            }
            out += &format!("{} = {{ {} }}\n", g.noun.to_uppercase(), fields.join(", "));
        }
    }
    let words: Vec<String> = drafts
        .iter()
        .flat_map(|d| {
            d.cells
                .iter()
                .flatten()
                .map(|t| t.trim_end_matches('!').to_string())
                .chain(d.pairs.split_whitespace().map(str::to_uppercase))
                .chain(d.automata.lines().filter_map(|l| l.split_whitespace().nth(1)).map(str::to_uppercase))
                .collect::<Vec<_>>()
        })
        .collect();
    for (word, describe, accent) in kit.properties.iter().filter(|p| words.contains(&p.0)) {
        out += &format!("\n[properties.{word}]\n");
        if !accent.is_empty() {
            out += &format!("accent = {}\n", quoted(accent));
        }
        out += &format!("describe = {}\n", quoted(describe));
    }
    for d in drafts {
        out += "\n";
        out += &d.level_text();
    }
    out
}

/// One level's text for the clipboard: a pack of that level alone, which
/// another player's editor imports.
pub fn export(draft: &Draft, kit: &Kit) -> String {
    pack_text(MY_LEVELS_ID, "My levels", kit, std::slice::from_ref(draft))
}

/// A pasted or dropped text imported: its first level as a draft and its
/// kit; every error of the loader, with its path, when it does not load.
pub fn import(text: &str) -> Result<(Draft, Kit), String> {
    let (p, report) = pack::load(text);
    let p = p.ok_or_else(|| report.errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))?;
    let first = p.levels.first().ok_or("the text has no level")?;
    Ok((Draft::from_level(first), Kit::of(&p)))
}
