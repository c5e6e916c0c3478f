//! The editor on screen: its state (the draft in hand, the verdict being
//! worked out, play-testing) and what it asks the shell for. Its panels are
//! written beside it (`panels.rs`), the draft and its pack text in `draft.rs`.

use super::draft::{export, pack_text, Draft, Kit, MY_LEVELS, MY_LEVELS_ID};
use crate::platform::{Job, Running, Watch};
use crate::store::{Lang, Store};
use crate::ui::text::tr;
use eframe::egui::{self, RichText};
use retrace_kernel::miau::pack::{self, Pack};
use retrace_kernel::miau::solver::{analyze_watched, solve_watched, Verdict};
use retrace_kernel::miau::{Action, Miau, State};
use retrace_kernel::say::Say;
use retrace_kernel::Session;
use serde::{Deserialize, Serialize};

/// States the live verdict may visit per search (about half a second on one core).
pub const EDIT_BUDGET: u64 = 1_000_000;

/// What the loader and the solver say of a draft.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Findings {
    /// The verdict: `SOLVED n moves`, `UNSOLVED states` (a proof) or `LIMIT`.
    pub verdict: Verdict,
    /// Its flags (BYPASS, TRIVIAL, HANDS-OFF…).
    pub flags: Vec<String>,
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
    // Each requirement proved by the search that does without it (a rule
    // that must form forbidden, one that must break kept).
    let proofs = level.must_form.iter().map(|r| (r, opts.without(r)));
    for (rule, proof) in proofs.chain(level.must_break.iter().map(|r| (r, Ok(opts.keeping(r))))) {
        let verdict = proof
            .map_err(|e| e.to_string())
            .and_then(|o| solve_watched(&level.setup, &o, &mut hasher, &mut watch).map_err(|e| e.0.to_string()));
        let (proved, line) = match verdict {
            Ok(v) => (matches!(v, Verdict::Unsolved { .. }), v.line()),
            Err(e) => (false, e),
        };
        must_form.push((rule.clone(), proved, line));
    }
    if !go() {
        return None;
    }
    let allowed = |f: &&str| level.allows(f);
    let flags = a.flags.iter().map(ToString::to_string).collect();
    let verified = matches!(a.verdict, Verdict::Solved { .. })
        && must_form.iter().all(|(_, proved, _)| *proved)
        && a.flags.iter().all(allowed);
    Some(Findings { verdict: a.verdict, flags, must_form, verified })
}

/// The editor's check in the background: the draft as its pack's text
/// (what a web worker loads again).
#[derive(Serialize, Deserialize)]
pub struct CheckJob {
    /// The one-level pack the draft exports to.
    pub text: String,
}

impl Job for CheckJob {
    type Answer = Option<Findings>;
    const NAME: &'static str = "miau-editor-check";

    fn run(self, watch: &Watch) -> Option<Findings> {
        let level = pack::load(&self.text).0?.levels.into_iter().next()?;
        findings(&level, &|| watch.going())
    }
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
    pub(super) undo: Vec<Draft>,
    pub(super) redo: Vec<Draft>,
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
    pub(super) start: Option<State>,
    /// The loader's errors and warnings for the draft.
    pub problems: Vec<String>,
    /// The findings for the draft on screen, when worked out.
    pub findings: Option<Findings>,
    /// The search under way: the draft it is for, and the job (dropped, it stops).
    pub(super) thinking: Option<(Draft, Running<Option<Findings>>)>,
    /// The solution being shown: how many of its moves are played on the board.
    pub showing: Option<usize>,
    /// Text pasted for Import.
    pub paste: String,
    /// The last message (saved, copied, a problem).
    pub message: Option<Say>,
    /// A stroke of the pointer is under way (one undo step for all of it).
    pub(super) stroking: bool,
    /// The rows that add a rule, a pair or a mover (`options.rs`).
    pub adding: Adding,
}

/// What the rows that add a rule, a pair or a mover hold between frames.
#[derive(Clone, Debug, Default)]
pub struct Adding {
    /// A rule to form: its subject and what it is (`FLAG`, `WIN`).
    pub form: [String; 2],
    /// A rule to break.
    pub brk: [String; 2],
    /// A pair's two words.
    pub pair: [String; 2],
    /// A mover of the pair's word may enter a cell held by the other's.
    pub enter: bool,
    /// A mover's property word.
    pub property: String,
    /// Its steps in letters (`LLRRW`).
    pub steps: String,
    /// The one noun it moves (empty: every noun with the property).
    pub only: String,
    /// The step it starts at.
    pub phase: u32,
    /// The lists are shown as the pack text's lines instead.
    pub as_text: bool,
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
            adding: Adding::default(),
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

    pub(super) fn apply_brush(&mut self, x: usize, y: usize, stack: bool) {
        let token = self.token();
        self.draft.place(x, y, &token, stack);
    }

    /// After every edit: the draft is loaded again, the old search is
    /// cancelled and a new one starts in the background.
    pub fn changed(&mut self) {
        self.showing = None;
        self.findings = None;
        self.thinking = None;
        let text = export(&self.draft, &self.kit);
        let (p, report) = pack::load(&text);
        self.problems = report.errors.iter().chain(&report.warnings).map(ToString::to_string).collect();
        self.level = p.and_then(|p| p.levels.into_iter().next());
        self.start = self.level.as_ref().and_then(|l| <Miau as retrace_kernel::Game>::start(&l.setup, 0).ok());
        if self.level.is_some() {
            self.thinking = Some((self.draft.clone(), crate::platform::start(CheckJob { text })));
        }
    }

    /// Takes the findings when they are ready; whether a search is still under way.
    pub fn poll(&mut self) -> bool {
        let Some((for_draft, running)) = &mut self.thinking else { return false };
        let Some(answer) = running.poll() else { return true };
        if *for_draft == self.draft {
            self.findings = answer.ok().flatten();
        }
        self.thinking = None;
        false
    }

    /// Waits (at most `seconds`) for the findings: for tests and the command line.
    pub fn wait(&mut self, seconds: u64) -> Option<&Findings> {
        let until = crate::platform::Instant::now() + std::time::Duration::from_secs(seconds);
        while self.poll() && crate::platform::Instant::now() < until {
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
                // The solver's flags in words (issue 40: no jargon on the panel).
                for flag in &f.flags {
                    line += " · ";
                    line += tr(lang, flag_words(flag));
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
    pub(super) fn board(&self) -> Option<State> {
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
                        // Player words (issue 40): where to find it, not the file's path.
                        self.message = Some(tr(lang, "Saved in My levels, in the level list.").into());
                        request = Some(EditorRequest::Saved(Box::new(p)));
                    }
                    Err(e) => self.message = Some(e.into()),
                }
            }
            if ui.button(tr(lang, "Copy level")).clicked() {
                ui.ctx().copy_text(export(&self.draft, &self.kit));
                self.message = Some(tr(lang, "The level is on the clipboard as pack text.").into());
            }
        });
        // A row of its own whether there is a message or not: saving or
        // copying never pushes the editor down (issue 62 item 6).
        crate::ui::widgets::reserved_row(ui, |ui| {
            if let Some(m) = &self.message {
                ui.label(RichText::new(crate::files::escaped(&crate::ui::text::say(lang, m))).small());
            }
        });
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
                // It scrolls where the window is short (800 × 600): Import
                // stays reachable under the verdict and the fields.
                egui::ScrollArea::vertical().id_salt("editor-panel").show(ui, |ui| self.panel_ui(ui, lang));
            });
        });
        request
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

/// What a solver flag says about a level, as the editor's panel words it
/// (`BYPASS` and the rest are the pack file's and the command line's).
pub fn flag_words(flag: &str) -> &'static str {
    match flag {
        "TRIVIAL" => "won at the start",
        "BYPASS" => "won without moving a word",
        "SAME-RULES" => "won without changing a rule",
        "HANDS-OFF" => "won without pushing a word yourself",
        _ => "a flag this window does not know",
    }
}
