//! Miau Is True's level editor: a board of tokens placed by clicks, the
//! solver's verdict worked out live on a thread after every edit, play-testing
//! in the ordinary game screen, and levels that travel as pack text (saved
//! atomically, exported and imported through the clipboard).
//!
//! The editor holds no rules: a draft is written out as pack text, that text
//! goes through the same loader as `retrace miau check` (so every error names
//! its field, and a board error its row and column), and the level the loader
//! gives back is what the solver, the board and play-testing use.

use super::{paint, Look};
use crate::store::{Lang, Store};
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText, Sense, Vec2, WidgetInfo};
use retrace_kernel::miau::board::PROPS;
use retrace_kernel::miau::pack::{self, Glyph, Pack};
use retrace_kernel::miau::solver::{analyze_watched, moves_text, solve_watched, Options, Verdict};
use retrace_kernel::miau::{Action, Miau, State, Step};
use retrace_kernel::Session;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::sync::Arc;

/// States the live verdict may visit per search (about half a second on one core).
pub const EDIT_BUDGET: u64 = 1_000_000;
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
    /// Rules a solution must form, one a line (`FLAG IS WIN`).
    pub must_form: String,
    /// BYPASS is intended.
    pub allow_bypass: bool,
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
            allow_bypass: false,
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
            allow_bypass: l.allow_bypass,
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
    fn features(&self) -> Vec<&'static str> {
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
        let rules: Vec<String> = self.must_form.lines().map(str::trim).filter(|l| !l.is_empty()).map(quoted).collect();
        if !rules.is_empty() {
            out += &format!("must_form = [{}]\n", rules.join(", "));
        }
        if self.allow_bypass {
            out += "allow_bypass = true\n";
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

/// A TOML basic string: quotes, backslashes and control characters escaped.
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

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

/// What the loader and the solver say of a draft.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Findings {
    /// The verdict: `SOLVED n moves`, `UNSOLVED states` (a proof) or `LIMIT`.
    pub verdict: Verdict,
    /// Its flags (BYPASS, TRIVIAL, HANDS-OFF…).
    pub flags: Vec<&'static str>,
    /// Each `must_form` rule and whether it is proved (the search with it
    /// forbidden is UNSOLVED), with that search's line.
    pub must_form: Vec<(String, bool, String)>,
    /// SOLVED, every `must_form` proved, no flag the level does not allow.
    pub verified: bool,
}

/// Works out a level's findings, asking `go` between layers whether to carry on.
pub fn findings(level: &pack::Level, go: &dyn Fn() -> bool) -> Option<Findings> {
    let opts = crate::budget::miau_options(EDIT_BUDGET);
    let mut hasher = retrace_kernel::hashing::CpuHasher;
    let mut watch = |_: &retrace_kernel::miau::solver::Progress| go();
    let a = analyze_watched(&level.setup, &opts, &mut hasher, &mut watch).ok()?;
    let mut must_form = Vec::new();
    for rule in &level.must_form {
        let forbid = Options { forbid: vec![rule.clone()], ..opts.clone() };
        let v = solve_watched(&level.setup, &forbid, &mut hasher, &mut watch).ok()?;
        must_form.push((rule.clone(), matches!(v, Verdict::Unsolved { .. }), v.line()));
    }
    if !go() {
        return None;
    }
    let allowed = |f: &&str| (*f == "BYPASS" && level.allow_bypass) || (*f == "HANDS-OFF" && level.allow_hands_off);
    let verified = matches!(a.verdict, Verdict::Solved { .. })
        && must_form.iter().all(|(_, proved, _)| *proved)
        && a.flags.iter().all(allowed);
    Some(Findings { verdict: a.verdict, flags: a.flags, must_form, verified })
}

/// What the editor asks the shell to do.
pub enum EditorRequest {
    /// Back to the level list.
    Levels,
    /// Play this level in the game screen (its replay recorded), then come back.
    PlayTest(Box<pack::Level>),
    /// The "My levels" pack was saved: reload it into the list.
    Saved(Box<Pack>),
}

/// The editor's screen.
pub struct EditorView {
    /// The level being written.
    pub draft: Draft,
    /// Earlier drafts (undo), and undone ones (redo).
    undo: Vec<Draft>,
    redo: Vec<Draft>,
    /// The token a click places (empty: erase).
    pub brush: String,
    /// Words are placed fixed (`IS!`).
    pub fixed: bool,
    /// The channel a plate or gate is placed on.
    pub channel: String,
    /// How the source pack draws and describes things.
    pub kit: Kit,
    /// The draft as the loader read it (none while it has errors).
    pub level: Option<pack::Level>,
    /// That level's start, played once per edit (the board is drawn from it
    /// every frame).
    start: Option<State>,
    /// The loader's errors and warnings for the draft.
    pub problems: Vec<String>,
    /// The findings for the draft on screen, when worked out.
    pub findings: Option<Findings>,
    /// The search under way: the draft it is for, its cancel flag, the answer's channel.
    thinking: Option<(Draft, Arc<AtomicBool>, Receiver<Option<Findings>>)>,
    /// The solution being shown: how many of its moves are played on the board.
    pub showing: Option<usize>,
    /// Text pasted for Import.
    pub paste: String,
    /// The last message (saved, copied, a problem).
    pub message: Option<String>,
    /// A stroke of the pointer is under way (one undo step for all of it).
    stroking: bool,
}

impl EditorView {
    /// The editor on `draft`, with the kit of its pack.
    pub fn new(draft: Draft, kit: Kit) -> EditorView {
        let mut v = EditorView {
            draft,
            undo: Vec::new(),
            redo: Vec::new(),
            brush: "miau".into(),
            fixed: false,
            channel: "amber".into(),
            kit,
            level: None,
            start: None,
            problems: Vec::new(),
            findings: None,
            thinking: None,
            showing: None,
            paste: String::new(),
            message: None,
            stroking: false,
        };
        v.changed();
        v
    }

    /// Records the draft before an edit (one undo step).
    pub fn checkpoint(&mut self) {
        self.undo.push(self.draft.clone());
        self.redo.clear();
    }

    /// Takes the last edit back.
    pub fn undo(&mut self) {
        if let Some(d) = self.undo.pop() {
            self.redo.push(std::mem::replace(&mut self.draft, d));
            self.changed();
        }
    }

    /// Makes the last undone edit again.
    pub fn redo(&mut self) {
        if let Some(d) = self.redo.pop() {
            self.undo.push(std::mem::replace(&mut self.draft, d));
            self.changed();
        }
    }

    /// Places the brush on a cell as one edit.
    pub fn paint_cell(&mut self, x: usize, y: usize, stack: bool) {
        self.checkpoint();
        self.apply_brush(x, y, stack);
        self.changed();
    }

    /// The brush's token, as placed: fixed words get `!`, plates and gates their channel.
    pub fn token(&self) -> String {
        let b = self.brush.as_str();
        if b.chars().next().is_some_and(|c| c.is_ascii_uppercase()) && self.fixed {
            format!("{b}!")
        } else if b == "plate" || b == "gate" {
            format!("{b}:{}", self.channel)
        } else {
            b.to_string()
        }
    }

    fn apply_brush(&mut self, x: usize, y: usize, stack: bool) {
        let token = self.token();
        self.draft.place(x, y, &token, stack);
    }

    /// After every edit: the draft is loaded again, the old search is
    /// cancelled and a new one starts on a thread.
    pub fn changed(&mut self) {
        self.showing = None;
        self.findings = None;
        if let Some((_, cancel, _)) = self.thinking.take() {
            cancel.store(true, Ordering::Relaxed);
        }
        let text = export(&self.draft, &self.kit);
        let (p, report) = pack::load(&text);
        self.problems = report.errors.iter().chain(&report.warnings).map(ToString::to_string).collect();
        self.level = p.and_then(|p| p.levels.into_iter().next());
        self.start = self.level.as_ref().and_then(|l| <Miau as retrace_kernel::Game>::start(&l.setup, 0).ok());
        let Some(level) = self.level.clone() else { return };
        let cancel = Arc::new(AtomicBool::new(false));
        let (tx, rx) = std::sync::mpsc::channel();
        let stop = cancel.clone();
        std::thread::spawn(move || {
            // Nobody listens any more when the board changed or the editor closed.
            let _ = tx.send(findings(&level, &|| !stop.load(Ordering::Relaxed)));
        });
        self.thinking = Some((self.draft.clone(), cancel, rx));
    }

    /// Takes the findings when they are ready; whether a search is still under way.
    pub fn poll(&mut self) -> bool {
        let Some((for_draft, _, rx)) = &self.thinking else { return false };
        match rx.try_recv() {
            Ok(f) => {
                if *for_draft == self.draft {
                    self.findings = f;
                }
                self.thinking = None;
                false
            }
            Err(TryRecvError::Empty) => true,
            Err(TryRecvError::Disconnected) => {
                self.thinking = None;
                false
            }
        }
    }

    /// Waits (at most `seconds`) for the findings: for tests and the command line.
    pub fn wait(&mut self, seconds: u64) -> Option<&Findings> {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
        while self.poll() && std::time::Instant::now() < until {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        self.findings.as_ref()
    }

    /// The verdict in a line, for the panel.
    pub fn verdict_line(&self, lang: Lang) -> String {
        match (&self.level, &self.findings, &self.thinking) {
            (None, _, _) => tr(lang, "Not a level yet: see the problems below.").into(),
            (_, _, Some(_)) => tr(lang, "Solving...").into(),
            (_, None, None) => tr(lang, "No verdict (the search stopped).").into(),
            (_, Some(f), None) => {
                let mut line = match &f.verdict {
                    Verdict::Solved { moves, .. } => {
                        tr(lang, "SOLVED in {n} moves").replace("{n}", &moves.len().to_string())
                    }
                    Verdict::Unsolved { states } => {
                        tr(lang, "UNSOLVED: no win in all {n} states").replace("{n}", &states.to_string())
                    }
                    Verdict::Limit { states, .. } => {
                        tr(lang, "LIMIT: no win within {n} states").replace("{n}", &states.to_string())
                    }
                };
                for flag in &f.flags {
                    line += " ";
                    line += flag;
                }
                line
            }
        }
    }

    /// The solution's moves, when the level is solved.
    pub fn solution(&self) -> Option<&[Action]> {
        match &self.findings {
            Some(Findings { verdict: Verdict::Solved { moves, .. }, .. }) => Some(moves),
            _ => None,
        }
    }

    /// The board to draw: the level's start, or the solution played `k` moves.
    fn board(&self) -> Option<State> {
        let mut s = self.start.clone()?;
        if let (Some(k), Some(moves)) = (self.showing, self.solution()) {
            for a in moves.iter().take(k) {
                if <Miau as retrace_kernel::Game>::apply(&mut s, a).is_err() {
                    break;
                }
            }
        }
        Some(s)
    }

    /// Saves the level into the "My levels" pack in the data folder (in place
    /// of a level with its id), atomically; returns that pack.
    pub fn save(&mut self, store: &Store, mine: Option<&Pack>) -> Result<Pack, String> {
        if self.level.is_none() {
            return Err(self.problems.join("\n"));
        }
        let mut drafts: Vec<Draft> = mine.map(|p| p.levels.iter().map(Draft::from_level).collect()).unwrap_or_default();
        match drafts.iter().position(|d| d.id == self.draft.id) {
            Some(i) => drafts[i] = self.draft.clone(),
            None => drafts.push(self.draft.clone()),
        }
        let kit = mine.map_or_else(|| self.kit.clone(), |p| self.kit.clone().merged(&Kit::of(p)));
        let text = pack_text(MY_LEVELS_ID, "My levels", &kit, &drafts);
        let (p, report) = pack::load(&text);
        let p = p.ok_or_else(|| report.errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))?;
        let path = store.path(MY_LEVELS);
        crate::files::write_atomic(&path, text.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(p)
    }

    /// The editor's screen: tools, the board, the verdict and the level's fields.
    pub fn ui(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang, mine: Option<&Pack>) -> Option<EditorRequest> {
        let mut request = None;
        if self.poll() {
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(30));
        }
        ui.horizontal(|ui| {
            if ui.button(tr(lang, "Levels")).clicked() {
                request = Some(EditorRequest::Levels);
            }
            ui.heading(tr(lang, "Level editor"));
            if ui.add_enabled(!self.undo.is_empty(), egui::Button::new(tr(lang, "Undo"))).clicked() {
                self.undo();
            }
            if ui.add_enabled(!self.redo.is_empty(), egui::Button::new(tr(lang, "Redo"))).clicked() {
                self.redo();
            }
            if let Some(level) = self.level.clone() {
                if ui.button(tr(lang, "Play-test")).clicked() {
                    request = Some(EditorRequest::PlayTest(Box::new(level)));
                }
            }
            if ui.button(tr(lang, "Save")).clicked() {
                match self.save(store, mine) {
                    Ok(p) => {
                        self.message = Some(format!("{} {}", tr(lang, "Saved to"), store.path(MY_LEVELS).display()));
                        request = Some(EditorRequest::Saved(Box::new(p)));
                    }
                    Err(e) => self.message = Some(e),
                }
            }
            if ui.button(tr(lang, "Copy level")).clicked() {
                ui.ctx().copy_text(export(&self.draft, &self.kit));
                self.message = Some(tr(lang, "The level is on the clipboard as pack text.").into());
            }
        });
        if let Some(m) = &self.message {
            ui.label(RichText::new(crate::files::escaped(m)).small());
        }
        ui.separator();
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(230.0);
                self.palette_ui(ui, lang);
            });
            ui.vertical(|ui| {
                ui.set_width((ui.available_width() - 300.0).max(200.0));
                self.board_ui(ui, lang);
            });
            ui.vertical(|ui| {
                self.panel_ui(ui, lang);
            });
        });
        request
    }

    /// The tokens to place: the pack's nouns as things and words, IS and AND,
    /// the core properties and the pack's own, erase; fixed words and channels.
    fn palette_ui(&mut self, ui: &mut egui::Ui, lang: Lang) {
        ui.strong(tr(lang, "Place"));
        let mut nouns: Vec<String> = ["miau", "rock", "flag", "wall", "water"].map(String::from).to_vec();
        for g in &self.kit.palette {
            if !nouns.contains(&g.noun) {
                nouns.push(g.noun.clone());
            }
        }
        for n in ["plate", "gate"] {
            nouns.push(n.into());
        }
        let mut words: Vec<String> =
            nouns.iter().filter(|n| *n != "plate" && *n != "gate").map(|n| n.to_uppercase()).collect();
        words.extend(["IS", "AND"].map(String::from));
        words.extend(PROPS.iter().map(|(_, w)| w.to_string()));
        words.extend(self.kit.properties.iter().map(|p| p.0.clone()));
        egui::ScrollArea::vertical().id_salt("editor-palette").max_height(ui.available_height() - 120.0).show(
            ui,
            |ui| {
                ui.horizontal_wrapped(|ui| {
                    if ui.selectable_label(self.brush.is_empty(), tr(lang, "Erase")).clicked() {
                        self.brush.clear();
                    }
                });
                ui.label(RichText::new(tr(lang, "Things")).small());
                ui.horizontal_wrapped(|ui| {
                    for n in &nouns {
                        if ui.selectable_label(self.brush == *n, n.as_str()).clicked() {
                            self.brush = n.clone();
                        }
                    }
                });
                ui.label(RichText::new(tr(lang, "Words")).small());
                ui.horizontal_wrapped(|ui| {
                    for w in &words {
                        if ui.selectable_label(self.brush == *w, w.as_str()).clicked() {
                            self.brush = w.clone();
                        }
                    }
                });
            },
        );
        ui.checkbox(&mut self.fixed, tr(lang, "Fixed words"));
        // Facing belongs to a noun's glyph (the palette's `faces`): the game
        // turns a glyph drawn facing left the way its thing last moved.
        let brush = self.brush.clone();
        if let Some(g) = self.kit.palette.iter_mut().find(|g| g.noun == brush && !g.glyph.is_empty()) {
            if ui.checkbox(&mut g.faces_left, tr(lang, "Its glyph faces left")).changed() {
                self.changed();
            }
        }
        egui::ComboBox::from_label(tr(lang, "Channel")).selected_text(self.channel.clone()).show_ui(ui, |ui| {
            for c in retrace_kernel::miau::board::CHANNELS {
                ui.selectable_value(&mut self.channel, c.to_string(), c);
            }
        });
        ui.label(
            RichText::new(tr(lang, "Click or drag to place, Shift to stack, right-click to clear a cell.")).small(),
        );
    }

    /// The board: the level's start as the game draws it (or the solution
    /// being shown), with the pointer's tools.
    fn board_ui(&mut self, ui: &mut egui::Ui, lang: Lang) {
        ui.horizontal(|ui| {
            let (mut w, mut h) = (self.draft.w, self.draft.h);
            let wl = ui.label(tr(lang, "Width"));
            let a = ui.add(egui::DragValue::new(&mut w).range(1..=MAX_SIDE)).labelled_by(wl.id);
            let hl = ui.label(tr(lang, "Height"));
            let b = ui.add(egui::DragValue::new(&mut h).range(1..=MAX_SIDE)).labelled_by(hl.id);
            if (a.changed() || b.changed()) && (w, h) != (self.draft.w, self.draft.h) {
                self.checkpoint();
                self.draft.resize(w, h);
                self.changed();
            }
        });
        let (w, h) = (self.draft.w as f32, self.draft.h as f32);
        let avail = ui.available_width().min(640.0);
        let cell = (avail / w).min(460.0 / h).max(8.0);
        let (rect, resp) = ui.allocate_exact_size(Vec2::new(cell * w, cell * h), Sense::click_and_drag());
        resp.widget_info(|| WidgetInfo::labeled(egui::Role::Canvas, true, "Level board"));
        let look = Look { palette: self.kit.palette.clone(), accents: self.accents(), ..Look::default() };
        match self.board() {
            Some(s) => paint::paint(&ui.painter_at(rect), rect, &s, &look),
            None => {
                ui.painter().rect_filled(rect, 2.0, Color32::from_gray(45));
                // The tokens as text, while the draft does not load.
                for y in 0..self.draft.h {
                    for x in 0..self.draft.w {
                        let t = self.draft.cell(x, y).join("+");
                        if !t.is_empty() {
                            let at = rect.min + Vec2::new((x as f32 + 0.5) * cell, (y as f32 + 0.5) * cell);
                            ui.painter().text(
                                at,
                                egui::Align2::CENTER_CENTER,
                                t,
                                egui::FontId::monospace(cell * 0.22),
                                Color32::WHITE,
                            );
                        }
                    }
                }
            }
        }
        // A problem the loader found at a cell (`row 3, column 2`) is outlined there.
        for (x, y) in self.problems.iter().filter_map(|p| problem_cell(p)) {
            let at =
                egui::Rect::from_min_size(rect.min + Vec2::new(x as f32 * cell, y as f32 * cell), Vec2::splat(cell));
            ui.painter().rect_stroke(
                at.shrink(1.0),
                3.0,
                egui::Stroke::new(3.0, Color32::from_rgb(240, 90, 60)),
                egui::StrokeKind::Inside,
            );
        }
        let cell_at = |p: egui::Pos2| {
            let v = (p - rect.min) / cell;
            (v.x >= 0.0 && v.y >= 0.0 && v.x < w && v.y < h).then_some((v.x as usize, v.y as usize))
        };
        let stack = ui.input(|i| i.modifiers.shift);
        if resp.secondary_clicked() {
            if let Some((x, y)) = resp.interact_pointer_pos().and_then(cell_at) {
                self.checkpoint();
                self.draft.place(x, y, "", false);
                self.changed();
            }
        } else if resp.drag_started_by(egui::PointerButton::Primary) || resp.clicked() {
            // A drag starts once the pointer has moved: its first cell is where it was pressed.
            let at = if resp.drag_started() { ui.input(|i| i.pointer.press_origin()) } else { None };
            if let Some((x, y)) = at.or_else(|| resp.interact_pointer_pos()).and_then(cell_at) {
                self.paint_cell(x, y, stack);
                self.stroking = resp.drag_started();
            }
        }
        if self.stroking && resp.dragged_by(egui::PointerButton::Primary) {
            // Later cells of a stroke join its one undo step.
            if let Some((x, y)) = resp.interact_pointer_pos().and_then(cell_at) {
                let before = self.draft.cell(x, y).to_vec();
                self.apply_brush(x, y, stack);
                if self.draft.cell(x, y) != before.as_slice() {
                    self.changed();
                }
            }
        }
        if resp.drag_stopped() {
            self.stroking = false;
        }
        self.solution_ui(ui, lang);
    }

    /// Watching the solver's solution on the board, move by move.
    fn solution_ui(&mut self, ui: &mut egui::Ui, lang: Lang) {
        if let Some(moves) = self.solution().map(<[Action]>::len) {
            ui.horizontal(|ui| {
                match self.showing {
                    None => {
                        if ui.button(tr(lang, "Watch the solution")).clicked() {
                            self.showing = Some(0);
                        }
                    }
                    Some(k) => {
                        if ui.add_enabled(k > 0, egui::Button::new("◀")).clicked() {
                            self.showing = Some(k - 1);
                        }
                        ui.label(format!("{k}/{moves}"));
                        if ui.add_enabled(k < moves, egui::Button::new("▶")).clicked() {
                            self.showing = Some(k + 1);
                        }
                        if ui.button(tr(lang, "Back to editing")).clicked() {
                            self.showing = None;
                        }
                    }
                }
                if let Some(m) = self.solution() {
                    ui.label(RichText::new(moves_text(m)).monospace().small());
                }
            });
        }
    }

    /// The glossary's accents, for the board.
    fn accents(&self) -> Vec<(String, String)> {
        self.kit.properties.iter().filter(|p| !p.2.is_empty()).map(|p| (p.0.clone(), p.2.clone())).collect()
    }

    /// The verdict, the problems, the level's fields and Import.
    fn panel_ui(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let verified = self.findings.as_ref().is_some_and(|f| f.verified);
        ui.strong(self.verdict_line(lang));
        if verified {
            ui.label(RichText::new(tr(lang, "Verified")).color(Color32::from_rgb(120, 200, 120)));
        }
        if let Some(f) = &self.findings {
            for (rule, proved, line) in &f.must_form {
                let text = if *proved {
                    format!("{rule}: {}", tr(lang, "proved"))
                } else {
                    format!("{rule}: {} ({line})", tr(lang, "not proved"))
                };
                ui.label(RichText::new(text).small());
            }
        }
        for p in &self.problems {
            ui.label(RichText::new(crate::files::escaped(p)).small().color(Color32::from_rgb(230, 150, 90)));
        }
        ui.separator();
        let before = self.draft.clone();
        let mut edited = false;
        egui::Grid::new("editor-fields").num_columns(2).show(ui, |ui| {
            for (label, field) in [
                ("Id", &mut self.draft.id),
                ("Title", &mut self.draft.title),
                ("Hint", &mut self.draft.hint),
                ("Terrain", &mut self.draft.terrain),
            ] {
                let l = ui.label(tr(lang, label));
                edited |= ui.add(egui::TextEdit::singleline(field).desired_width(200.0)).labelled_by(l.id).changed();
                ui.end_row();
            }
            ui.label("");
            egui::ComboBox::from_label(tr(lang, "Category")).selected_text(self.draft.category.clone()).show_ui(
                ui,
                |ui| {
                    for c in ["required", "optional", "challenge"] {
                        edited |= ui.selectable_value(&mut self.draft.category, c.to_string(), c).changed();
                    }
                },
            );
            ui.end_row();
            for (label, field) in [
                ("Must form", &mut self.draft.must_form),
                ("Pairs", &mut self.draft.pairs),
                ("Automata", &mut self.draft.automata),
            ] {
                let l = ui.label(tr(lang, label));
                edited |= ui
                    .add(egui::TextEdit::multiline(field).desired_rows(2).desired_width(200.0))
                    .labelled_by(l.id)
                    .changed();
                ui.end_row();
            }
        });
        edited |= ui.checkbox(&mut self.draft.allow_bypass, tr(lang, "BYPASS allowed")).changed();
        edited |= ui.checkbox(&mut self.draft.allow_hands_off, tr(lang, "HANDS-OFF allowed")).changed();
        if edited {
            // Typing is one edit per change; undo goes back a keystroke at a time.
            self.undo.push(before);
            self.redo.clear();
            self.changed();
        }
        // The level as the pack file will hold it, written for the author.
        egui::CollapsingHeader::new(tr(lang, "Pack text")).show(ui, |ui| {
            let mut text = export(&self.draft, &self.kit);
            egui::ScrollArea::vertical().id_salt("editor-pack-text").max_height(200.0).show(ui, |ui| {
                ui.add(egui::TextEdit::multiline(&mut text).code_editor().interactive(false).desired_width(260.0));
            });
        });
        ui.separator();
        let l = ui.label(RichText::new(tr(lang, "Import: paste a level's text here")).small());
        ui.add(egui::TextEdit::multiline(&mut self.paste).desired_rows(3).desired_width(260.0)).labelled_by(l.id);
        if ui.button(tr(lang, "Import")).clicked() {
            match import(&self.paste) {
                Ok((d, kit)) => {
                    self.checkpoint();
                    self.draft = d;
                    self.kit = kit.merged(&self.kit);
                    self.paste.clear();
                    self.message = None;
                    self.changed();
                }
                Err(e) => self.message = Some(e),
            }
        }
    }
}

/// The cell (column, row from 0) a loader message names (`… row 3, column 2: …`).
pub fn problem_cell(message: &str) -> Option<(usize, usize)> {
    let rest = &message[message.find("row ")? + 4..];
    let (row, rest) = rest.split_once(", column ")?;
    let column: String = rest.chars().take_while(char::is_ascii_digit).collect();
    Some((column.parse::<usize>().ok()?.checked_sub(1)?, row.trim().parse::<usize>().ok()?.checked_sub(1)?))
}

/// A session of the level for play-testing, titled `editor/<id>` so the
/// game screen finds no pack for it and the editor takes it back.
pub fn play_test(level: &pack::Level) -> Result<Session<Miau>, String> {
    Ok(Session::<Miau>::new(level.setup.clone(), 0)
        .map_err(|e| format!("{}: {e}", level.id))?
        .with_title(format!("editor/{}", level.id)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(draft: &Draft) {
        let text = export(draft, &Kit::default());
        let (d, _) = import(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(export(&d, &Kit::default()), text, "export, import, export: the same bytes");
    }

    #[test]
    fn a_draft_round_trips_through_its_pack_text() {
        let mut d = Draft::new("round-trip");
        d.place(6, 4, "flag", false);
        d.place(0, 1, "FLAG", false);
        d.place(1, 1, "IS!", false);
        d.place(2, 1, "WIN", false);
        d.place(3, 3, "crate", false);
        d.place(3, 3, "dock", true);
        d.place(4, 2, "plate:teal", false);
        d.place(5, 2, "gate:teal", false);
        d.place(5, 3, "drift>water", false);
        d.must_form = "FLAG IS WIN".into();
        d.pairs = "OPEN SHUT enter".into();
        d.automata = "shuttle TICK LLRRW ROCK phase 2".into();
        d.terrain = "wall".into();
        d.hint = "A \"quoted\" hint \\ with a backslash.".into();
        check(&d);
        let (back, _) = import(&export(&d, &Kit::default())).unwrap();
        assert_eq!(back, d, "every field comes back");
    }

    #[test]
    fn a_problem_at_a_cell_names_it() {
        assert_eq!(problem_cell("levels[0].map: row 3, column 2: 'x' is not in the legend"), Some((1, 2)));
        assert_eq!(problem_cell("levels[0].id: 'v' is not a valid id"), None);
        // Where a cell error shows: a bad token put on the board by hand.
        let mut d = Draft::new("cells");
        d.place(4, 2, "plate:purple", false);
        let (_, report) = pack::load(&export(&d, &Kit::default()));
        let cells: Vec<_> = report.errors.iter().filter_map(|e| problem_cell(&e.to_string())).collect();
        assert!(cells.contains(&(4, 2)), "{:?}", report.errors);
    }

    #[test]
    fn the_map_gives_each_kind_of_cell_one_character() {
        let mut d = Draft::new("m");
        d.place(3, 3, "crate", false);
        d.place(3, 3, "dock", true);
        let (map, legend) = d.map_and_legend();
        assert_eq!(map.lines().next(), Some("MIY...."));
        assert!(legend.contains(&('c', "crate+dock".to_string())), "{legend:?}");
        assert!(legend.contains(&('m', "miau".to_string())) && legend.contains(&('M', "MIAU".to_string())));
    }

    #[test]
    fn the_verdict_follows_the_board() {
        let mut d = Draft::new("verdict");
        d.place(0, 1, "FLAG", false);
        d.place(1, 1, "IS", false);
        d.place(2, 1, "WIN", false);
        d.place(6, 4, "flag", false);
        if let Err(e) = import(&export(&d, &Kit::default())) {
            panic!("{e}\n{}", export(&d, &Kit::default()));
        }
        let p = pack::load(&export(&d, &Kit::default())).0.unwrap();
        let f = findings(&p.levels[0], &|| true).unwrap();
        assert!(matches!(f.verdict, Verdict::Solved { ref moves, .. } if moves.len() == 6), "{f:?}");
        assert!(!f.verified, "BYPASS and HANDS-OFF are not allowed: {:?}", f.flags);
        // A wall of rocks the cat cannot pass: unsolved, a proof.
        for y in 0..5 {
            d.place(5, y, "rock", false);
        }
        d.place(0, 2, "ROCK", false);
        d.place(1, 2, "IS", false);
        d.place(2, 2, "STOP", false);
        let p = pack::load(&export(&d, &Kit::default())).0.unwrap();
        let f = findings(&p.levels[0], &|| true).unwrap();
        assert!(matches!(f.verdict, Verdict::Unsolved { .. }), "{f:?}");
        // Cancelled: no findings.
        assert!(findings(&p.levels[0], &|| false).is_none());
    }
}
