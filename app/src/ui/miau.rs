//! Miau Is True's window: the shipped packs' levels, the board (objects as
//! coloured tiles with their noun, words as word tiles, a bar under every
//! sentence that is read, gates open or shut), the rules in force beside it,
//! and the level's hint. Arrows or W A S D move, Space waits, Z or Backspace
//! undoes, Y redoes, R restarts, H asks the solver for the next move from
//! here; the same as buttons; a click (a tap) on the board moves towards it.
//! A won level offers the next one; when nothing is YOU any more, the
//! message says to undo or restart. Every move is saved (`miau.replay`); the session's title is
//! `<pack id>/<level id>`, so Resume finds the level, its hint and the next.

use super::text::tr;
use crate::store::miau::{is_level_id, keep_certificate, record_win, PROGRESS};
use crate::store::{Lang, Store};
use eframe::egui::{self, Color32, RichText, Vec2};
use retrace_kernel::miau::board::{Kind, Prop, Word, PROPS};
use retrace_kernel::miau::pack::{self, Glyph, Pack};
use retrace_kernel::miau::{Action, Event, Miau, State};
use retrace_kernel::{Outcome, Session};

/// States the hint may visit (about a second on one core, about 220 MB at most).
pub const HINT_BUDGET: u64 = 2_000_000;

/// The save name of the level in play.
pub const SAVE: &str = "miau";

/// The packs shipped with the app (each must pass `miau check --proofs`).
pub const PACKS: [&str; 6] = [
    include_str!("../../packs/first-steps.toml"),
    include_str!("../../packs/clockwork-proof.toml"),
    include_str!("../../packs/goal-drafts.toml"),
    include_str!("../../packs/plank-drafts.toml"),
    include_str!("../../packs/pair-drafts.toml"),
    include_str!("../../packs/gate-drafts.toml"),
];

/// The shipped packs, loaded (a pack that fails to load is left out; a test
/// keeps them all loading).
pub fn packs() -> Vec<Pack> {
    PACKS.iter().filter_map(|text| pack::load(text).0).collect()
}

/// Reads a pack file: the pack, or every error with the file's path and the
/// error's place in it (`levels[2].map: …`, a TOML error's line and column).
pub fn open_pack(path: &std::path::Path) -> Result<Pack, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: cannot read it: {e}", path.display()))?;
    let (pack, report) = pack::load(&text);
    pack.ok_or_else(|| {
        report
            .errors
            .iter()
            .map(|e| format!("{}: {}: {}", path.display(), e.path, e.message))
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// Adds a pack to the list, in place of one with the same id (a designer
/// opening the file again after an edit gets the new levels).
pub fn add_pack(packs: &mut Vec<Pack>, pack: Pack) {
    match packs.iter_mut().find(|p| p.id == pack.id) {
        Some(old) => *old = pack,
        None => packs.push(pack),
    }
}

/// What the screen asks the shell to do.
pub enum MiauRequest {
    /// The level list.
    Levels,
    /// Play this level (pack index, level index into the app's packs).
    Play(usize, usize),
    /// Open a pack file (chosen in the file dialog).
    OpenPack(std::path::PathBuf),
}

/// A level on screen.
pub struct MiauView {
    /// The level (a replay like every session); its title is `<pack>/<level>`.
    pub session: Session<Miau>,
    /// The level's title and hint, from its pack.
    pub title: String,
    /// The hint shown to players.
    pub hint: String,
    /// Where it is in the app's packs (pack, level), when it came from one.
    pub place: Option<(usize, usize)>,
    /// The level after it in its pack, if any.
    pub next: Option<(usize, usize)>,
    /// The last message (a refused move, the end of the pack).
    pub message: Option<String>,
    /// What the last move did, a line each (rules formed and broken, things
    /// destroyed and why, transformations, gates, YOUs that were blocked), so
    /// nothing changes unseen.
    pub happened: Vec<String>,
    /// The pack's glossary (property word, description).
    pub glossary: Vec<(String, String)>,
    /// The pack's palette: how its nouns are drawn.
    pub palette: Vec<Glyph>,
    /// This level has written (or removed) the save: Resume follows it.
    wrote_save: bool,
    /// Where this win's certificate was kept (a best win for the level).
    pub certificate: Option<std::path::PathBuf>,
    /// The cells of the sentence whose rule the pointer is on, outlined on the board.
    pub pointed: Option<Vec<(i32, i32)>>,
    /// A hint being worked out: the digest of the state it was asked for
    /// (a hint for another state is dropped), and where it comes.
    thinking: Option<(retrace_kernel::digest::Digest, std::sync::mpsc::Receiver<String>)>,
}

impl MiauView {
    /// Level `level` of pack `pack` (indices into `packs`), from its start.
    pub fn new(packs: &[Pack], pack: usize, level: usize) -> Result<MiauView, String> {
        let p = packs.get(pack).ok_or("no such pack")?;
        let l = p.levels.get(level).ok_or("no such level")?;
        let session = Session::<Miau>::new(l.setup.clone(), 0)
            .map_err(|e| format!("{}/{}: {e}", p.id, l.id))?
            .with_title(format!("{}/{}", p.id, l.id));
        Ok(MiauView::resume(session, packs))
    }

    /// A saved or forked session; its title (`<pack>/<level>`) finds the
    /// level in `packs`, with its title, hint, glossary, palette and the next.
    pub fn resume(session: Session<Miau>, packs: &[Pack]) -> MiauView {
        let title = session.header("").title.unwrap_or_default();
        let place = packs
            .iter()
            .enumerate()
            .find_map(|(p, pk)| pk.levels.iter().position(|l| format!("{}/{}", pk.id, l.id) == title).map(|l| (p, l)));
        let mut view = MiauView {
            session,
            title: if title.is_empty() { "Miau Is True".to_string() } else { title },
            hint: String::new(),
            place,
            next: None,
            message: None,
            happened: Vec::new(),
            glossary: Vec::new(),
            palette: Vec::new(),
            wrote_save: false,
            certificate: None,
            pointed: None,
            thinking: None,
        };
        if let Some((p, l)) = place {
            let (pack, level) = (&packs[p], &packs[p].levels[l]);
            (view.title, view.hint) = (level.title.clone(), level.hint.clone());
            view.next = (l + 1 < pack.levels.len()).then_some((p, l + 1));
            (view.glossary, view.palette) = (pack.glossary.clone(), pack.palette.clone());
        }
        view
    }

    /// The level in the save slot, resumed (Resume keeps offering it until
    /// another level takes the slot).
    pub fn from_save(session: Session<Miau>, packs: &[Pack]) -> MiauView {
        MiauView { wrote_save: true, ..MiauView::resume(session, packs) }
    }

    /// Plays a move; a refused one only sets the message. Saves after every
    /// accepted move, and forgets the save when the level is won.
    pub fn act(&mut self, a: Action, store: &Store) {
        // Lockstep YOUs: those that stay put while another moves were blocked (F-CW12).
        let s = self.session.state();
        let yous: Vec<(String, i32, i32)> = s
            .board
            .things
            .iter()
            .filter(|t| s.rules.has(&t.kind, Prop::You))
            .map(|t| (t.id.to_string(), t.x, t.y))
            .collect();
        match self.session.push(a) {
            Ok(events) => {
                self.happened = events.iter().filter_map(describe).collect();
                if a != Action::Wait && yous.len() > 1 {
                    let now = &self.session.state().board.things;
                    for (id, x, y) in &yous {
                        if now.iter().any(|t| t.id.as_str() == id && (t.x, t.y) == (*x, *y)) {
                            self.happened.push(format!("{id}: blocked"));
                        }
                    }
                }
                self.message = None;
                self.save(store);
            }
            Err(e) => self.message = Some(e.0),
        }
    }

    /// Takes the last move back (Redo plays it again).
    pub fn undo(&mut self, store: &Store) {
        if self.session.undo() {
            self.message = None;
            self.happened.clear();
            self.save(store);
        }
    }

    /// Plays the last undone move again.
    pub fn redo(&mut self, store: &Store) {
        if let Some(events) = self.session.redo() {
            self.happened = events.iter().filter_map(describe).collect();
            self.save(store);
        }
    }

    /// Back to the start; every move stays redoable until a new one is made.
    pub fn restart(&mut self, store: &Store) {
        self.session.seek(0);
        self.message = None;
        self.happened.clear();
        self.save(store);
    }

    /// Starts the solver on a thread from where the player stands; its
    /// sentence shows when it is done, unless a move was made meanwhile.
    pub fn ask_hint(&mut self, lang: Lang) {
        if self.thinking.is_some() {
            return;
        }
        let (tx, rx) = std::sync::mpsc::channel();
        let state = self.session.state().clone();
        std::thread::spawn(move || {
            // The window may have gone, or the player moved on: then nobody listens.
            let _ = tx.send(hint(&state, lang));
        });
        self.thinking = Some((self.session.digest(), rx));
        self.message = Some(tr(lang, "Thinking...").into());
    }

    /// Takes the hint when it is ready; whether one is still being worked out.
    pub fn poll_hint(&mut self) -> bool {
        let Some((asked, rx)) = &self.thinking else { return false };
        match rx.try_recv() {
            Ok(text) => {
                if *asked == self.session.digest() {
                    self.message = Some(text);
                }
                self.thinking = None;
                false
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => true,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                self.thinking = None;
                false
            }
        }
    }

    /// What Resume should offer after this screen, mirroring the one save
    /// slot: `None` when this level never wrote it (the slot still holds the
    /// level before), else this level while in play, or nothing once it is
    /// won (the save was removed).
    pub fn resumable(&self) -> Option<Option<Session<Miau>>> {
        self.wrote_save
            .then(|| (self.session.outcome() == retrace_kernel::Outcome::InProgress).then(|| self.session.clone()))
    }

    fn save(&mut self, store: &Store) {
        self.wrote_save = true;
        if self.session.state().won {
            store.forget(SAVE);
            let id = self.session.header("").title.unwrap_or_default();
            if is_level_id(&id) {
                if let Err(e) = record_win(&store.path(PROGRESS), &id) {
                    self.message = Some(e);
                }
                self.certificate = None;
                match keep_certificate(store, &id, &self.session) {
                    Ok(Some(path)) => self.certificate = Some(path),
                    Ok(None) => {}
                    Err(e) => self.message = Some(e),
                }
            }
        } else if let Err(e) = store.save(SAVE, &self.session) {
            self.message = Some(e);
        }
    }

    /// The screen; returns a request for the shell.
    pub fn ui(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) -> Option<MiauRequest> {
        let mut request = None;
        if self.poll_hint() {
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(50));
        }
        let keys = ui.ctx().input(|i| {
            let k = |key: egui::Key| i.key_pressed(key);
            [
                (k(egui::Key::ArrowUp) || k(egui::Key::W), 0),
                (k(egui::Key::ArrowDown) || k(egui::Key::S), 1),
                (k(egui::Key::ArrowLeft) || k(egui::Key::A), 2),
                (k(egui::Key::ArrowRight) || k(egui::Key::D), 3),
                (k(egui::Key::Space), 4),
                (k(egui::Key::Z) || k(egui::Key::Backspace), 5),
                (k(egui::Key::Y), 6),
                (k(egui::Key::R), 7),
                (k(egui::Key::H), 8),
            ]
            .iter()
            .filter(|(pressed, _)| *pressed)
            .map(|&(_, n)| n)
            .collect::<Vec<u8>>()
        });
        ui.horizontal(|ui| {
            ui.heading(&self.title);
            ui.label(format!("{} {}", tr(lang, "Turn"), self.session.state().turns));
            if ui.button(tr(lang, "Levels")).clicked() {
                request = Some(MiauRequest::Levels);
            }
        });
        if !self.hint.is_empty() {
            ui.label(RichText::new(&self.hint).italics());
        }
        let mut pressed = keys;
        ui.horizontal(|ui| {
            for (n, label) in
                ["Up", "Down", "Left", "Right", "Wait", "Undo", "Redo", "Restart", "Hint"].iter().enumerate()
            {
                if ui.button(tr(lang, label)).clicked() {
                    pressed.push(n as u8);
                }
            }
        });
        for n in pressed {
            match n {
                0..=4 => {
                    self.act([Action::Up, Action::Down, Action::Left, Action::Right, Action::Wait][n as usize], store)
                }
                5 => self.undo(store),
                6 => self.redo(store),
                7 => self.restart(store),
                _ => self.ask_hint(lang),
            }
        }
        match self.session.outcome() {
            Outcome::Won(_) => {
                ui.horizontal(|ui| {
                    let turns = self.session.state().turns;
                    let text = if lang == Lang::Ru {
                        format!("Победа! Ходов: {turns}.")
                    } else {
                        format!("Won! {turns} turns.")
                    };
                    ui.label(RichText::new(text).strong().color(Color32::from_rgb(230, 190, 60)));
                    if let Some(path) = &self.certificate {
                        let saved = if lang == Lang::Ru {
                            "Лучший результат, сертификат"
                        } else {
                            "Your best: certificate"
                        };
                        let name = path.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
                        ui.label(RichText::new(format!("{saved} certificates/{name}")).small());
                    }
                    match self.next {
                        Some((p, l)) if ui.button(tr(lang, "Next level")).clicked() => {
                            request = Some(MiauRequest::Play(p, l))
                        }
                        Some(_) => {}
                        None if self.place.is_some() => {
                            ui.label(tr(lang, "That was the last level of this pack."));
                        }
                        None => {}
                    }
                });
            }
            Outcome::Lost(_) => {
                ui.colored_label(
                    Color32::from_rgb(230, 90, 70),
                    tr(lang, "Nothing is YOU any more: undo (Z) or restart (R)."),
                );
            }
            _ => {}
        }
        if let Some(m) = &self.message {
            ui.colored_label(Color32::from_rgb(230, 150, 70), crate::ui::text::kernel(lang, m));
        }
        let mut clicked = None;
        ui.horizontal_top(|ui| {
            let s = self.session.state();
            let avail = ui.available_size();
            let cell = ((avail.x - 240.0) / s.board.w as f32).min(avail.y / s.board.h as f32).clamp(12.0, 64.0);
            let (rect, resp) = ui
                .allocate_exact_size(Vec2::new(cell * s.board.w as f32, cell * s.board.h as f32), egui::Sense::click());
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Miau board"));
            paint(&ui.painter_at(rect), rect, s, &self.palette);
            for &(x, y) in self.pointed.iter().flatten() {
                let r = egui::Rect::from_min_size(
                    rect.min + Vec2::new(x as f32 * cell, y as f32 * cell),
                    Vec2::splat(cell),
                );
                ui.painter_at(rect).rect_stroke(
                    r.shrink(1.0),
                    3.0,
                    egui::Stroke::new(3.0, Color32::from_rgb(120, 200, 255)),
                    egui::StrokeKind::Inside,
                );
            }
            // A click (a tap) moves towards the cell: the longer way first; on a YOU, waits.
            if let Some(pos) = resp.interact_pointer_pos().filter(|_| resp.clicked()) {
                let at = ((pos - rect.min) / cell).floor();
                clicked = tap_move(s, at.x as i32, at.y as i32);
            }
            ui.vertical(|ui| {
                ui.strong(tr(lang, "Rules"));
                // A GOAL rule shows how many of its goals are covered (`DOCK IS GOAL 2/3`).
                let (covered, total) = s.goals();
                // Pointing at a rule outlines the words it was read from (F-XW12).
                let mut pointed = None;
                for r in s.rules.texts() {
                    let label = if r.ends_with(" IS GOAL") && total > 0 {
                        ui.label(format!("{r} {covered}/{total}"))
                    } else {
                        ui.label(&r)
                    };
                    if label.hovered() {
                        pointed = Some(sentence_cells(s, &r));
                    }
                }
                if pointed != self.pointed {
                    self.pointed = pointed;
                    ui.ctx().request_repaint();
                }
                // The level's own property words, explained (F-CK3).
                for (word, text) in &self.glossary {
                    if s.board.things.iter().any(|t| t.kind.text() == *word) {
                        ui.label(RichText::new(format!("{word}: {text}")).small());
                    }
                }
                // Each automaton's coming beats, or why it waits (F-CK5).
                for (a, &phase) in s.automata.iter().zip(&s.phases) {
                    ui.label(RichText::new(automaton_line(s, a, phase, lang)).small());
                }
                if !self.happened.is_empty() {
                    ui.add_space(8.0);
                    ui.strong(tr(lang, "Last move"));
                    for line in &self.happened {
                        ui.label(crate::ui::text::kernel(lang, line));
                    }
                }
            });
        });
        if let Some(a) = clicked {
            self.act(a, store);
        }
        ui.label(
            RichText::new(tr(
                lang,
                "Arrows or W A S D move, Space waits, Z undoes, Y redoes, R restarts, H asks the solver for a hint.",
            ))
            .small(),
        );
        request
    }
}

/// The cells of the sentence a rule (as text, `FLAG IS WIN`) was read from:
/// the rule's start in reading order, along its axis, to the end of the
/// sentence (`MIAU IS YOU AND WIN` for `MIAU IS WIN`). Empty for a rule not
/// in force.
pub fn sentence_cells(s: &State, rule: &str) -> Vec<(i32, i32)> {
    let Some(r) = s.rules.rules.iter().find(|r| r.text() == rule) else { return Vec::new() };
    let (y, x, axis) = r.order;
    s.rules
        .spans
        .iter()
        .find(|sp| sp.axis == axis && sp.cells.first() == Some(&(x, y)))
        .map(|sp| sp.cells.clone())
        .unwrap_or_default()
}

/// The move a tap on cell (x, y) makes: towards it from the first YOU (in
/// board order), along the longer way (across on a tie); a tap on that YOU
/// waits. `None` with nothing YOU or a tap outside the board.
pub fn tap_move(s: &State, x: i32, y: i32) -> Option<Action> {
    if x < 0 || y < 0 || x >= s.board.w || y >= s.board.h {
        return None;
    }
    let you = s.board.things.iter().find(|t| s.rules.has(&t.kind, Prop::You))?;
    let (dx, dy) = (x - you.x, y - you.y);
    Some(match (dx, dy) {
        (0, 0) => Action::Wait,
        _ if dx.abs() >= dy.abs() => {
            if dx > 0 {
                Action::Right
            } else {
                Action::Left
            }
        }
        _ => {
            if dy > 0 {
                Action::Down
            } else {
                Action::Up
            }
        }
    })
}

/// An automaton's next beats (`mouse-shuttle: next L L R R`), or that it is
/// paused because no rule gives its property.
fn automaton_line(s: &State, a: &retrace_kernel::miau::Automaton, phase: u32, lang: Lang) -> String {
    use retrace_kernel::miau::Step;
    let word = a.property.to_uppercase();
    let active = s.rules.texts().iter().any(|r| {
        r.ends_with(&format!(" IS {word}"))
            && a.subject.as_deref().is_none_or(|sub| r.starts_with(&format!("{} IS", sub.to_uppercase())))
    });
    if !active {
        return if lang == Lang::Ru {
            format!("{}: стоит, пока ни одно правило не даёт {word}", a.id)
        } else {
            format!("{}: paused while no rule gives {word}", a.id)
        };
    }
    let beats: Vec<String> = (0..4)
        .map(|k| match a.pattern[(phase as usize + k) % a.pattern.len()] {
            Step::Wait => "W".to_string(),
            Step::Move(0, -1) => "U".to_string(),
            Step::Move(0, 1) => "D".to_string(),
            Step::Move(-1, 0) => "L".to_string(),
            Step::Move(1, 0) => "R".to_string(),
            Step::Move(dx, dy) => format!("({dx},{dy})"),
        })
        .collect();
    format!("{}: {} {}", a.id, if lang == Lang::Ru { "дальше" } else { "next" }, beats.join(" "))
}

/// A thing's id as a player reads it: `text-win-1` is the word WIN.
fn thing(id: &str) -> String {
    match id.strip_prefix("text-") {
        Some(rest) => format!("the word {}", rest.rsplit_once('-').map_or(rest, |(w, _)| w).to_uppercase()),
        None => id.to_string(),
    }
}

/// One line for an event (English; the Russian comes from the phrase table);
/// none for the win, which has its banner.
pub fn describe(e: &Event) -> Option<String> {
    Some(match e {
        Event::Rules { added, removed } => added
            .iter()
            .map(|r| format!("+ {r}"))
            .chain(removed.iter().map(|r| format!("- {r}")))
            .collect::<Vec<_>>()
            .join(", "),
        Event::Destroyed(ids, why) => {
            let who = ids.iter().map(|i| thing(i)).collect::<Vec<_>>().join(", ");
            match why.as_str() {
                "sank" => format!("{who}: sank"),
                "defeated" => format!("{who}: defeated"),
                "crumbled" => format!("{who}: crumbled"),
                pair => format!("{who}: destroyed by {}", pair.to_uppercase()),
            }
        }
        Event::Transformed(id, to) => format!("{} became {to}", thing(id)),
        Event::Gate(id, open) => format!("{id}: {}", if *open { "opened" } else { "closed" }),
        Event::Won => return None,
    })
}

/// The solver's next move from `state`, as a sentence: the move and how many
/// moves win from here, or a proof that nothing wins from here, or that none
/// was found within [`HINT_BUDGET`].
pub fn hint(state: &State, lang: Lang) -> String {
    use retrace_kernel::miau::solver::{moves_text, solve_from, Options, Verdict};
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let opts = Options { max_states: HINT_BUDGET, threads, ..Options::default() };
    let ru = lang == Lang::Ru;
    match solve_from(state, &opts, &mut retrace_kernel::hashing::CpuHasher, &mut |_| {}) {
        Ok(Verdict::Solved { moves, .. }) if moves.is_empty() => {
            (if ru { "Уровень уже пройден." } else { "The level is won." }).to_string()
        }
        Ok(Verdict::Solved { moves, .. }) => {
            let next = moves_text(&moves[..1]);
            if ru {
                format!("Подсказка: {next} (до победы ходов: {})", moves.len())
            } else {
                format!("Hint: {next} ({} moves win from here)", moves.len())
            }
        }
        Ok(Verdict::Unsolved { states: 1 }) => {
            if ru {
                "Отсюда не победить: ни один ход невозможен. Отмените ход (Z) или начните заново (R).".to_string()
            } else {
                "Nothing wins from here: no move is possible. Undo (Z) or restart (R).".to_string()
            }
        }
        Ok(Verdict::Unsolved { states }) => {
            if ru {
                format!(
                    "Отсюда не победить: проверены все {states} состояний. Отмените ход (Z) или начните заново (R)."
                )
            } else {
                format!("Nothing wins from here: all {states} reachable states were tried. Undo (Z) or restart (R).")
            }
        }
        Ok(Verdict::Limit { states }) => {
            if ru {
                format!("За {states} состояний победа не найдена.")
            } else {
                format!("No win found within {states} states from here.")
            }
        }
        Err(e) => e.0,
    }
}

/// The level list: each pack and its levels, a button each, and Open pack.
pub fn levels_ui(ui: &mut egui::Ui, lang: Lang, packs: &[Pack], won: &[String]) -> Option<MiauRequest> {
    let mut request = None;
    ui.horizontal(|ui| {
        ui.heading(tr(lang, "Choose a level"));
        if ui.button(tr(lang, "Open pack")).clicked() {
            // A blocking native dialog (the desktop portal); None when cancelled or unavailable.
            if let Some(path) = rfd::FileDialog::new().add_filter("Miau pack", &["toml"]).pick_file() {
                request = Some(MiauRequest::OpenPack(path));
            }
        }
    });
    ui.label(RichText::new(tr(lang, "Drop a pack file (.toml) on the window to play its levels.")).small());
    egui::ScrollArea::vertical().show(ui, |ui| {
        for (p, pack) in packs.iter().enumerate() {
            ui.add_space(6.0);
            let done = |l: &pack::Level| won.iter().any(|w| *w == format!("{}/{}", pack.id, l.id));
            ui.strong(format!(
                "{} ({}/{})",
                pack.name,
                pack.levels.iter().filter(|l| done(l)).count(),
                pack.levels.len()
            ));
            ui.horizontal_wrapped(|ui| {
                for (l, level) in pack.levels.iter().enumerate() {
                    if ui.button(&level.title).on_hover_text(&level.hint).clicked() {
                        request = Some(MiauRequest::Play(p, l));
                    }
                    if done(level) {
                        ui.label(RichText::new(tr(lang, "won")).small().color(Color32::from_rgb(230, 190, 60)));
                    }
                }
            });
        }
    });
    request
}

/// A noun's colour: the usual nouns their own, others from their name.
fn noun_color(noun: &str) -> Color32 {
    match noun {
        "miau" => Color32::from_rgb(240, 150, 60),
        "rock" => Color32::from_rgb(140, 110, 80),
        "wall" => Color32::from_gray(90),
        "flag" => Color32::from_rgb(235, 205, 70),
        "water" => Color32::from_rgb(60, 120, 210),
        "crate" => Color32::from_rgb(180, 130, 70),
        "dock" => Color32::from_rgb(90, 170, 110),
        "gate" => Color32::from_rgb(120, 90, 160),
        "plate" => Color32::from_rgb(160, 160, 170),
        other => {
            // A stable colour per name (no hashing crate: a small FNV over the bytes).
            let h = other.bytes().fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193));
            Color32::from_rgb(80 + (h & 0x7f) as u8, 80 + ((h >> 8) & 0x7f) as u8, 80 + ((h >> 16) & 0x7f) as u8)
        }
    }
}

/// A property word's colour (YOU, WIN… stand out).
fn prop_color(p: Prop) -> Color32 {
    match p {
        Prop::You => Color32::from_rgb(240, 120, 180),
        Prop::Win => Color32::from_rgb(235, 205, 70),
        Prop::Push => Color32::from_rgb(180, 130, 70),
        Prop::Stop => Color32::from_rgb(120, 170, 90),
        Prop::Sink => Color32::from_rgb(80, 140, 230),
        Prop::Defeat => Color32::from_rgb(220, 70, 60),
        Prop::Goal => Color32::from_rgb(90, 200, 140),
        Prop::Float => Color32::from_rgb(150, 200, 240),
        Prop::Frail => Color32::from_rgb(200, 180, 140),
    }
}

/// What to draw for `noun`: its palette glyph where the fonts have it
/// (`drawable`), else its fallback where they have that, else nothing (the
/// noun's letters are drawn then).
pub fn glyph_for<'p>(noun: &str, palette: &'p [Glyph], drawable: impl Fn(&str) -> bool) -> Option<&'p str> {
    let g = palette.iter().find(|g| g.noun == noun)?;
    [g.glyph.as_str(), g.fallback.as_str()].into_iter().find(|t| !t.is_empty() && drawable(t))
}

/// Draws a Miau board in `rect`: objects (their palette glyph, or its
/// fallback, or their noun's first letters, on a coloured tile; a shut gate
/// crossed), words (dark tiles with the word; a fixed word framed), and a bar
/// under (or beside) every sentence read. A glyph the fonts lack is never
/// drawn: the fallback or the letters stand in (F-TW6).
pub fn paint(painter: &egui::Painter, rect: egui::Rect, s: &State, palette: &[Glyph]) {
    let b = &s.board;
    let cell = (rect.width() / b.w as f32).min(rect.height() / b.h as f32);
    let at = |x: i32, y: i32| {
        egui::Rect::from_min_size(rect.min + Vec2::new(x as f32 * cell, y as f32 * cell), Vec2::splat(cell))
    };
    painter.rect_filled(
        egui::Rect::from_min_size(rect.min, Vec2::new(cell * b.w as f32, cell * b.h as f32)),
        2.0,
        Color32::from_gray(45),
    );
    // Faint cell lines, so distances can be counted.
    let line = egui::Stroke::new(1.0, Color32::from_gray(55));
    for x in 1..b.w {
        painter.line_segment([at(x, 0).left_top(), at(x, b.h - 1).left_bottom()], line);
    }
    for y in 1..b.h {
        painter.line_segment([at(0, y).left_top(), at(b.w - 1, y).right_top()], line);
    }
    // Objects under words, each cell's things in board order.
    for word_pass in [false, true] {
        for t in b.things.iter().filter(|t| matches!(t.kind, Kind::Word(_)) == word_pass) {
            let r = at(t.x, t.y).shrink(cell * 0.08);
            match &t.kind {
                Kind::Object(n) => {
                    // What the rules make it, drawn: a thing with no property at
                    // all is faded scenery (a crate that is not PUSH, a wall that
                    // is not STOP, look passable), STOP is a heavy frame, PUSH a
                    // light one, YOU a white one; SINK, DEFEAT, WIN, GOAL, FLOAT
                    // and FRAIL get a corner mark.
                    let has = |p: Prop| s.rules.has(&t.kind, p);
                    let inert = PROPS.iter().all(|(p, _)| !has(*p));
                    let fill = if inert { noun_color(n).gamma_multiply(0.45) } else { noun_color(n) };
                    painter.rect_filled(r, cell * 0.2, fill);
                    let frame = if has(Prop::You) {
                        Some((2.5, Color32::WHITE))
                    } else if has(Prop::Push) {
                        Some((1.5, Color32::from_gray(220)))
                    } else if has(Prop::Stop) {
                        Some((3.0, Color32::BLACK))
                    } else {
                        None
                    };
                    if let Some((width, color)) = frame {
                        painter.rect_stroke(r, cell * 0.2, egui::Stroke::new(width, color), egui::StrokeKind::Inside);
                    }
                    let marks = [
                        (Prop::Sink, "~"),
                        (Prop::Defeat, "x"),
                        (Prop::Win, "*"),
                        (Prop::Goal, "o"),
                        (Prop::Float, "^"),
                        (Prop::Frail, ":"),
                    ];
                    let mut corner = r.right_top() + Vec2::new(-cell * 0.12, cell * 0.12);
                    for (p, mark) in marks {
                        if has(p) {
                            painter.text(
                                corner,
                                egui::Align2::CENTER_CENTER,
                                mark,
                                egui::FontId::monospace(cell * 0.22),
                                prop_color(p),
                            );
                            corner.x -= cell * 0.16;
                        }
                    }
                    let big = egui::FontId::proportional(cell * 0.55);
                    match glyph_for(n, palette, |g| painter.fonts_mut(|f| f.has_glyphs(&big, g))) {
                        Some(g) => {
                            painter.text(r.center(), egui::Align2::CENTER_CENTER, g, big, Color32::BLACK);
                        }
                        None => {
                            let letters: String = n.chars().take(if cell >= 36.0 { 4 } else { 1 }).collect();
                            painter.text(
                                r.center(),
                                egui::Align2::CENTER_CENTER,
                                letters,
                                egui::FontId::proportional(cell * 0.3),
                                Color32::BLACK,
                            );
                        }
                    }
                    if t.is_gate() && !t.open {
                        painter.line_segment([r.left_top(), r.right_bottom()], egui::Stroke::new(2.0, Color32::BLACK));
                        painter.line_segment([r.right_top(), r.left_bottom()], egui::Stroke::new(2.0, Color32::BLACK));
                    }
                }
                Kind::Word(w) => {
                    let color = match w {
                        Word::Prop(p) => prop_color(*p),
                        Word::Noun(n) => noun_color(n),
                        Word::Is | Word::And => Color32::from_gray(230),
                    };
                    painter.rect_filled(r, 3.0, Color32::from_gray(15));
                    if t.fixed {
                        painter.rect_stroke(
                            r,
                            3.0,
                            egui::Stroke::new(2.0, Color32::from_gray(200)),
                            egui::StrokeKind::Inside,
                        );
                    }
                    let text = t.kind.text();
                    let size = (cell * 0.9 / text.len().max(2) as f32 * 1.6).min(cell * 0.36);
                    painter.text(r.center(), egui::Align2::CENTER_CENTER, text, egui::FontId::monospace(size), color);
                }
            }
        }
    }
    // Sentence bars: under a row's sentence, right of a column's.
    for span in &s.rules.spans {
        let (Some(first), Some(last)) = (span.cells.first(), span.cells.last()) else { continue };
        let (a, z) = (at(first.0, first.1), at(last.0, last.1));
        let stroke = egui::Stroke::new((cell * 0.06).max(1.5), Color32::from_rgb(240, 240, 160));
        if span.axis == 0 {
            painter.line_segment(
                [a.left_bottom() + Vec2::new(2.0, -2.0), z.right_bottom() + Vec2::new(-2.0, -2.0)],
                stroke,
            );
        } else {
            painter
                .line_segment([a.right_top() + Vec2::new(-2.0, 2.0), z.right_bottom() + Vec2::new(-2.0, -2.0)], stroke);
        }
    }
}
