//! Miau Is True's window: the shipped packs' levels, the board (objects as
//! coloured tiles with their noun, words as word tiles, a bar under every
//! sentence that is read, gates open or shut), the rules in force beside it,
//! and the level's hint. Arrows or W A S D move, Space waits, Z or Backspace
//! undoes, Y redoes, R restarts, H asks the solver for the next move from
//! here; the same as buttons; a click (a tap) on the board moves towards it.
//! A won level offers the next one; when nothing is YOU any more, the
//! message says to undo or restart. Every move is saved (`miau.replay`); the session's title is
//! `<pack id>/<level id>`, so Resume finds the level, its hint and the next.

pub mod editor;
mod input;
mod paint;
pub mod words;

pub use input::{risky_move, tap_move, Command, BUTTONS};
pub use paint::{
    accent_color, channel_color, glyph_for, object_color, paint, paint_moving, pinned_sides, stacked, tween_positions,
    word_color, Look,
};

use super::text::tr;
use crate::store::miau::{is_level_id, keep_certificate, record_win, PROGRESS};
use crate::store::{Lang, Store};
use eframe::egui::{self, Color32, RichText, Vec2};
use retrace_kernel::miau::board::Prop;
use retrace_kernel::miau::pack::{self, Pack};
use retrace_kernel::miau::solver::moves_text;
use retrace_kernel::miau::{Action, Event, Miau, State};
use retrace_kernel::{Outcome, Session};

/// States the hint may visit (about a second on one core, about 220 MB at most).
pub const HINT_BUDGET: u64 = 2_000_000;
/// The most seconds a hint may think.
pub const HINT_SECONDS: u64 = 20;

/// The save name of the level in play.
pub const SAVE: &str = "miau";

/// The packs shipped with the app (each must pass `miau check --proofs`).
pub const PACKS: [&str; 6] = [
    include_str!("../../packs/first-steps.toml"),
    include_str!("../../packs/crate-works.toml"),
    include_str!("../../packs/tidewater.toml"),
    include_str!("../../packs/crossword.toml"),
    include_str!("../../packs/clockwork.toml"),
    include_str!("../../packs/workshop.toml"),
];

/// The shipped packs, loaded (a pack that fails to load is left out; a test
/// keeps them all loading).
pub fn packs() -> Vec<Pack> {
    PACKS.iter().filter_map(|text| pack::load(text).0).collect()
}

/// Reads a pack file: the pack, or every error with the file's path and the
/// error's place in it (`levels[2].map: …`, a TOML error's line and column).
pub fn open_pack(path: &std::path::Path) -> Result<Pack, String> {
    let text = crate::files::read_text_capped(path)?;
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

/// What the screen asks the shell to do.
pub enum MiauRequest {
    /// The level list.
    Levels,
    /// Play this level (pack index, level index into the app's packs).
    Play(usize, usize),
    /// Open a pack file (chosen in the file dialog).
    OpenPack(std::path::PathBuf),
    /// Write a new level in the editor.
    NewLevel,
    /// Edit this level (pack index, level index) in the editor.
    Edit(usize, usize),
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
    /// How the pack's things are drawn: palette, accents, facing.
    pub look: Look,
    /// This level has written (or removed) the save: Resume follows it.
    wrote_save: bool,
    /// Where this win's certificate was kept (a best win for the level).
    pub certificate: Option<std::path::PathBuf>,
    /// The cells of the sentence whose rule the pointer is on, outlined on the board.
    pub pointed: Option<Vec<(i32, i32)>>,
    /// A hint being worked out: the digest of the state it was asked for
    /// (a hint for another state is dropped), and where it comes.
    thinking: Option<(retrace_kernel::digest::Digest, std::sync::mpsc::Receiver<HintAnswer>)>,
    /// The last hint's whole solution and the state it starts from (its
    /// digest): "Show me" steps through it board by board.
    pub solution: Option<(retrace_kernel::digest::Digest, Vec<Action>)>,
    /// Showing the solution: how many of its moves are played on the board
    /// shown (the game itself is untouched; its keys wait).
    pub showing: Option<usize>,
    /// The last move's tween: the state before it and when it began on
    /// screen (egui's clock, set at the first frame that draws it; drawn from
    /// the kernel's states; a new move replaces it, finishing it at once).
    pub tween: Option<(State, Option<f64>)>,
    /// The cells of the sentences the last move formed, flashing a moment
    /// from the tween's start.
    pub flash: Vec<(i32, i32)>,
    /// What the last move destroyed, falling away during the tween.
    pub gone: Vec<(i32, i32, String)>,
    /// A play-test from the level editor: Levels goes back to the editor,
    /// and a win is not recorded as progress.
    pub from_editor: bool,
    /// Sound effects the last moves asked for; the shell plays and empties it.
    pub sounds: Vec<crate::sound::Effect>,
    /// Pad buttons pressed since the last frame; the shell fills it, the screen empties it.
    pub pad: Vec<crate::pad::Button>,
    /// The things that could not move on the last move (a refused move: every
    /// YOU; lockstep: the blocked ones), shaking a moment from when first drawn.
    pub shake: Option<(Vec<String>, Option<f64>)>,
    /// The direction of the last move: a YOU that the same move again would
    /// sink or defeat wobbles in red, the keyboard's and pad's warning.
    pub heading: Option<Action>,
    /// The property words the player has met (read from the data folder at the first frame).
    pub seen: Option<Vec<String>>,
    /// The first-time card on screen.
    pub card: Option<words::Card>,
    /// The cells of the sentences the last move broke (as they stood before
    /// it), flashing a moment in another colour than a rule formed.
    pub broken: Vec<(i32, i32)>,
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
            look: Look::default(),
            wrote_save: false,
            certificate: None,
            pointed: None,
            thinking: None,
            solution: None,
            showing: None,
            tween: None,
            flash: Vec::new(),
            gone: Vec::new(),
            from_editor: false,
            sounds: Vec::new(),
            pad: Vec::new(),
            shake: None,
            heading: None,
            seen: None,
            card: None,
            broken: Vec::new(),
        };
        if let Some((p, l)) = place {
            let (pack, level) = (&packs[p], &packs[p].levels[l]);
            (view.title, view.hint) = (level.title.clone(), level.hint.clone());
            view.next = (l + 1 < pack.levels.len()).then_some((p, l + 1));
            view.glossary = pack.glossary.clone();
            (view.look.palette, view.look.accents) = (pack.palette.clone(), pack.accents.clone());
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
        let before = s.clone();
        let yous: Vec<(String, i32, i32)> = s
            .board
            .things
            .iter()
            .filter(|t| s.rules.has(&t.kind, Prop::You))
            .map(|t| (t.id.to_string(), t.x, t.y))
            .collect();
        self.heading = (a != Action::Wait).then_some(a);
        match self.session.push(a) {
            Ok(events) => {
                self.happened = events.iter().filter_map(describe).collect();
                self.shake = None;
                if a != Action::Wait && yous.len() > 1 {
                    let now = &self.session.state().board.things;
                    let mut blocked = Vec::new();
                    for (id, x, y) in &yous {
                        if now.iter().any(|t| t.id.as_str() == id && (t.x, t.y) == (*x, *y)) {
                            self.happened.push(format!("{id}: blocked"));
                            blocked.push(id.clone());
                        }
                    }
                    self.shake = (!blocked.is_empty()).then_some((blocked, None));
                }
                self.message = None;
                self.gone = fallen(&before, &events);
                face(&mut self.look.facing_right, &before, self.session.state());
                self.sounds.push(effect(&before, self.session.state(), &events));
                // A rule broken flashes where its sentence stood, in the board before the move.
                self.broken = events
                    .iter()
                    .filter_map(|e| if let Event::Rules { removed, .. } = e { Some(removed) } else { None })
                    .flatten()
                    .flat_map(|r| sentence_cells(&before, r))
                    .collect();
                self.tween = Some((before, None));
                // A rule formed flashes the sentence it was read from.
                self.flash = events
                    .iter()
                    .filter_map(|e| if let Event::Rules { added, .. } = e { Some(added) } else { None })
                    .flatten()
                    .flat_map(|r| sentence_cells(self.session.state(), r))
                    .collect();
                self.save(store);
            }
            Err(e) => {
                self.message = Some(e.0);
                self.sounds.push(crate::sound::Effect::Refused);
                // Nothing could move (an edge, a fixed word, STOP): every YOU shakes.
                self.shake = Some((yous.into_iter().map(|(id, _, _)| id).collect(), None));
            }
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
            let _ = tx.send(hint_and_solution(&state, lang));
        });
        self.thinking = Some((self.session.digest(), rx));
        self.message = Some(tr(lang, "Thinking...").into());
    }

    /// Takes the hint when it is ready; whether one is still being worked out.
    pub fn poll_hint(&mut self) -> bool {
        let Some((asked, rx)) = &self.thinking else { return false };
        match rx.try_recv() {
            Ok((text, moves)) => {
                if *asked == self.session.digest() {
                    self.message = Some(text);
                    self.solution = (!moves.is_empty()).then_some((*asked, moves));
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

    /// The first-time card: the first word on the board the player has not
    /// met gets one; "Got it" keeps the word as met (in the data folder).
    fn word_card(&mut self, ctx: &egui::Context, store: &Store, lang: Lang) {
        let path = store.path(crate::store::miau::SEEN);
        let seen = self.seen.get_or_insert_with(|| crate::store::miau::load_seen(&path));
        if self.card.is_none() {
            let s = self.session.state();
            let new = words::property_words(s, &self.glossary).into_iter().find(|w| !seen.contains(w));
            self.card = new.map(|w| words::Card::new(&w, s, &self.glossary, lang));
        }
        if let Some(card) = &self.card {
            if card.ui(ctx, lang, &self.look) {
                if let Err(e) = crate::store::miau::add_seen(&path, &card.word) {
                    self.message = Some(e);
                }
                seen.push(card.word.clone());
                self.card = None;
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
            if is_level_id(&id) && !self.from_editor {
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
    #[expect(clippy::too_many_lines, reason = "the level screen's panels in reading order")]
    pub fn ui(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) -> Option<MiauRequest> {
        let mut request = None;
        if self.poll_hint() {
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(50));
        }
        let keys = input::keys(ui.ctx());
        let pad = std::mem::take(&mut self.pad);
        let pad_pressed = |b: crate::pad::Button| pad.contains(&b);
        ui.horizontal(|ui| {
            ui.heading(&self.title);
            ui.label(format!("{} {}", tr(lang, "Turn"), self.session.state().turns));
            let back = if self.from_editor { tr(lang, "Back to editor") } else { tr(lang, "Levels") };
            // Start leaves for the list, except after a win (then it is Next level).
            let start_leaves = pad_pressed(crate::pad::Button::Start) && !self.session.state().won;
            if ui.button(back).clicked() || start_leaves {
                request = Some(MiauRequest::Levels);
            }
        });
        if !self.hint.is_empty() {
            ui.label(RichText::new(&self.hint).italics());
        }
        // "Show me": the last hint's solution, board by board, on a copy.
        let digest = self.session.digest();
        let solution = self.solution.as_ref().filter(|(d, _)| *d == digest).map(|(_, m)| m.clone());
        if solution.is_none() {
            self.showing = None;
        }
        if let Some(moves) = &solution {
            // The shoulders step through the solution too (R1 starts it).
            let (back_pad, on_pad) =
                (pad_pressed(crate::pad::Button::LeftShoulder), pad_pressed(crate::pad::Button::RightShoulder));
            ui.horizontal(|ui| match self.showing {
                None => {
                    if ui.button(tr(lang, "Show me")).clicked() || on_pad {
                        self.showing = Some(0);
                    }
                }
                Some(k) => {
                    if ui.add_enabled(k > 0, egui::Button::new(tr(lang, "Previous move"))).clicked()
                        || (back_pad && k > 0)
                    {
                        self.showing = Some(k - 1);
                    }
                    ui.label(format!(
                        "{} {k}/{}{}",
                        tr(lang, "Move"),
                        moves.len(),
                        if k > 0 { format!(": {}", moves_text(&moves[k - 1..k])) } else { String::new() }
                    ));
                    if ui.add_enabled(k < moves.len(), egui::Button::new(tr(lang, "Next move"))).clicked()
                        || (on_pad && k < moves.len())
                    {
                        self.showing = Some(k + 1);
                    }
                    if ui.button(tr(lang, "Back to my game")).clicked() {
                        self.showing = None;
                    }
                }
            });
        }
        let mut pressed = keys;
        pressed.extend(pad.iter().filter_map(|b| input::pad(*b)));
        ui.horizontal(|ui| {
            for (label, command) in input::BUTTONS {
                if ui.button(tr(lang, label)).clicked() {
                    pressed.push(command);
                }
            }
        });
        // While a solution is shown, the game waits (its keys too).
        if self.showing.is_none() {
            for command in pressed {
                self.run(command, store, lang);
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
                        Some((p, l))
                            if ui.button(tr(lang, "Next level")).clicked()
                                || pad.contains(&crate::pad::Button::Start) =>
                        {
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
        let preview = match (self.showing, &solution) {
            (Some(k), Some(moves)) => Some(played(self.session.state(), &moves[..k])),
            _ => None,
        };
        ui.horizontal_top(|ui| {
            let s = preview.as_ref().unwrap_or(self.session.state());
            let avail = ui.available_size();
            let cell = ((avail.x - 240.0) / s.board.w as f32).min(avail.y / s.board.h as f32).clamp(12.0, 64.0);
            let (rect, resp) = ui
                .allocate_exact_size(Vec2::new(cell * s.board.w as f32, cell * s.board.h as f32), egui::Sense::click());
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Miau board"));
            // The last move slides in over TWEEN; the input is never held for it.
            let now = ui.input(|i| i.time);
            if let Some((_, since @ None)) = &mut self.tween {
                *since = Some(now);
            }
            // Seconds since the last move began on screen (none while a
            // solution is shown: the copy on the board did not move).
            let age = match (&self.tween, &preview) {
                (Some((_, Some(since))), None) => Some((now - since) as f32),
                _ => None,
            };
            let moving = match (&self.tween, age) {
                (Some((from, _)), Some(age)) if age < paint::TWEEN.as_secs_f32() => {
                    Some((from, age / paint::TWEEN.as_secs_f32()))
                }
                _ => None,
            };
            // A failed push shakes what could not move, a quarter second, dying away.
            if let Some((_, since @ None)) = &mut self.shake {
                *since = Some(now);
            }
            self.look.nudge.clear();
            if let (Some((ids, Some(since))), None) = (&self.shake, &preview) {
                let age = (now - since) as f32;
                if age < SHAKE {
                    let dx = (age * 70.0).sin() * 0.09 * (1.0 - age / SHAKE);
                    self.look.nudge = ids.iter().map(|id| (id.clone(), dx)).collect();
                }
            }
            paint_moving(&ui.painter_at(rect), rect, s, &self.look, moving);
            let painter = ui.painter_at(rect);
            // One cell outlined (x may be between cells: a wobble).
            let outline = |x: f32, y: f32, inset: f32, rounding: f32, colour: Color32| {
                let r = egui::Rect::from_min_size(rect.min + Vec2::new(x * cell, y * cell), Vec2::splat(cell));
                painter.rect_stroke(
                    r.shrink(inset),
                    rounding,
                    egui::Stroke::new(3.0, colour),
                    egui::StrokeKind::Inside,
                );
            };
            // What the move destroyed falls away where it stood, shrinking
            // and fading in its cause's colour.
            if let Some((_, t)) = moving {
                for (x, y, why) in &self.gone {
                    let centre = rect.min + Vec2::new((*x as f32 + 0.5) * cell, (*y as f32 + 0.5) * cell);
                    painter.circle_filled(centre, cell * 0.4 * (1.0 - t), cause_color(why).gamma_multiply(1.0 - t));
                }
            }
            // The sentences the last move formed flash gold, fading over 400 ms.
            let fade = age.map_or(0.0, |age| 1.0 - age / 0.4);
            if fade > 0.0 {
                for &(x, y) in &self.flash {
                    outline(x as f32, y as f32, 1.0, 3.0, Color32::from_rgb(240, 200, 60).gamma_multiply(fade));
                }
                for &(x, y) in &self.broken {
                    outline(x as f32, y as f32, 1.0, 3.0, Color32::from_rgb(230, 110, 70).gamma_multiply(fade));
                }
            }
            for &(x, y) in self.pointed.iter().flatten() {
                outline(x as f32, y as f32, 1.0, 3.0, Color32::from_rgb(120, 200, 255));
            }
            // Pointing where a move would sink or defeat a YOU makes it wobble
            // in red first: a warning before the punishment.
            let mut wobbling = false;
            if let (Some(pos), None) = (resp.hover_pos(), &preview) {
                let at = ((pos - rect.min) / cell).floor();
                if let Some(a) = tap_move(s, at.x as i32, at.y as i32) {
                    let wobble = (now * 40.0).sin() as f32 * 0.05;
                    for (x, y) in risky_move(s, a) {
                        outline(x as f32 + wobble, y as f32, 2.0, 4.0, Color32::from_rgb(230, 50, 50));
                        wobbling = true;
                    }
                }
            }
            // The way the last key (or pad) went: a YOU the same move would lose wobbles.
            if let (Some(a), None, false) = (self.heading, &preview, wobbling) {
                let wobble = (now * 40.0).sin() as f32 * 0.05;
                for (x, y) in risky_move(s, a) {
                    outline(x as f32 + wobble, y as f32, 2.0, 4.0, Color32::from_rgb(230, 50, 50));
                    wobbling = true;
                }
            }
            let flashing = fade > 0.0 && !(self.flash.is_empty() && self.broken.is_empty());
            if moving.is_some() || flashing || wobbling || !self.look.nudge.is_empty() {
                ui.ctx().request_repaint();
            }
            // A click (a tap) moves towards the cell: the longer way first; on a YOU, waits.
            if let Some(pos) = resp.interact_pointer_pos().filter(|_| resp.clicked() && preview.is_none()) {
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
                // The level's own property words, explained (F-CK3), and the
                // core ones met before (their first-time card said it first).
                let seen = self.seen.as_deref().unwrap_or_default();
                for word in words::property_words(s, &self.glossary) {
                    let own = self.glossary.iter().find(|(w, _)| *w == word).map(|(_, t)| t.as_str());
                    let core = words::describe_core(&word, lang).filter(|_| seen.contains(&word));
                    if let Some(text) = own.or(core) {
                        ui.label(RichText::new(format!("{word}: {text}")).small());
                    }
                }
                // Each automaton's coming beats, or why it waits (F-CK5).
                for (a, &phase) in s.automata.iter().zip(&s.phases) {
                    ui.label(RichText::new(automaton_line(s, a, phase, lang)).small());
                    beat_strip(ui, a, phase, automaton_active(s, a));
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
        self.word_card(ui.ctx(), store, lang);
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

/// Whether a rule now gives the automaton's property (to its subject, if it has one).
fn automaton_active(s: &State, a: &retrace_kernel::miau::Automaton) -> bool {
    let word = a.property.to_uppercase();
    s.rules.texts().iter().any(|r| {
        r.ends_with(&format!(" IS {word}"))
            && a.subject.as_deref().is_none_or(|sub| r.starts_with(&format!("{} IS", sub.to_uppercase())))
    })
}

/// A pattern step as one letter: U D L R, W for a wait (a pause).
fn step_letter(step: retrace_kernel::miau::Step) -> String {
    use retrace_kernel::miau::Step;
    match step {
        Step::Wait => "W".to_string(),
        Step::Move(0, -1) => "U".to_string(),
        Step::Move(0, 1) => "D".to_string(),
        Step::Move(-1, 0) => "L".to_string(),
        Step::Move(1, 0) => "R".to_string(),
        Step::Move(dx, dy) => format!("({dx},{dy})"),
    }
}

/// The beat strip as text (its accessible name): the whole pattern, the beat
/// that plays next in brackets, `(paused)` when no rule drives it.
pub fn beat_strip_text(a: &retrace_kernel::miau::Automaton, phase: u32, active: bool) -> String {
    let beats: Vec<String> = a
        .pattern
        .iter()
        .enumerate()
        .map(|(k, &step)| {
            let l = step_letter(step);
            if k == phase as usize % a.pattern.len().max(1) {
                format!("[{l}]")
            } else {
                l
            }
        })
        .collect();
    format!("{} beats: {}{}", a.id, beats.join(" "), if active { "" } else { " (paused)" })
}

/// The beat strip (the Clockwork contract's, F-CK5): a box per step of the
/// whole pattern, the next beat lit, waits drawn hollow, all dimmed while no
/// rule drives the automaton.
fn beat_strip(ui: &mut egui::Ui, a: &retrace_kernel::miau::Automaton, phase: u32, active: bool) {
    let n = a.pattern.len().max(1);
    let side = 18.0;
    let (rect, resp) = ui.allocate_exact_size(Vec2::new(n as f32 * (side + 2.0), side), egui::Sense::hover());
    let text = beat_strip_text(a, phase, active);
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
    let painter = ui.painter_at(rect);
    let dim = if active { 1.0 } else { 0.4 };
    for (k, &step) in a.pattern.iter().enumerate() {
        let r = egui::Rect::from_min_size(rect.min + Vec2::new(k as f32 * (side + 2.0), 0.0), Vec2::splat(side));
        let now = k == phase as usize % n;
        let wait = step == retrace_kernel::miau::Step::Wait;
        let fill = if now { Color32::from_rgb(230, 190, 60) } else { Color32::from_gray(70) }.gamma_multiply(dim);
        if wait {
            painter.rect_stroke(r, 3.0, (1.5, fill), egui::StrokeKind::Inside);
        } else {
            painter.rect_filled(r, 3.0, fill);
        }
        let ink = if now && !wait { Color32::BLACK } else { Color32::from_gray(220).gamma_multiply(dim) };
        painter.text(r.center(), egui::Align2::CENTER_CENTER, step_letter(step), egui::FontId::monospace(11.0), ink);
    }
}

/// An automaton's next beats (`mouse-shuttle: next L L R R`), or that it is
/// paused because no rule gives its property.
fn automaton_line(s: &State, a: &retrace_kernel::miau::Automaton, phase: u32, lang: Lang) -> String {
    let word = a.property.to_uppercase();
    if !automaton_active(s, a) {
        return if lang == Lang::Ru {
            format!("{}: стоит, пока ни одно правило не даёт {word}", a.id)
        } else {
            format!("{}: paused while no rule gives {word}", a.id)
        };
    }
    let beats: Vec<String> = (0..4).map(|k| step_letter(a.pattern[(phase as usize + k) % a.pattern.len()])).collect();
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

/// What the last move destroyed, to fall away where it stood: the cell it
/// was on before the move and why (`sank`, `defeated`, `crumbled`, or a
/// pair's word for OPEN/SHUT), in the events' order.
pub fn fallen(before: &State, events: &[Event]) -> Vec<(i32, i32, String)> {
    events
        .iter()
        .filter_map(|e| if let Event::Destroyed(ids, why) = e { Some((ids, why)) } else { None })
        .flat_map(|(ids, why)| {
            ids.iter().filter_map(move |id| {
                before.board.things.iter().find(|t| t.id.as_str() == id.as_str()).map(|t| (t.x, t.y, why.clone()))
            })
        })
        .collect()
}

/// A fall-away cue's colour: each cause its own (the spec's `cause`s).
pub fn cause_color(why: &str) -> Color32 {
    match why {
        "sank" => Color32::from_rgb(70, 130, 230),
        "defeated" => Color32::from_rgb(230, 60, 60),
        "crumbled" => Color32::from_rgb(170, 120, 70),
        _ => Color32::from_rgb(240, 200, 60),
    }
}

/// A hint's sentence and its whole solution (empty when none was found).
pub type HintAnswer = (String, Vec<Action>);

/// `state` after `moves` (a copy: what "Show me" draws).
fn played(state: &State, moves: &[Action]) -> State {
    use retrace_kernel::Game;
    let mut s = state.clone();
    for a in moves {
        if Miau::apply(&mut s, a).is_err() {
            break;
        }
    }
    s
}

/// The solver's next move from `state`, as a sentence: the move and how many
/// moves win from here, or a proof that nothing wins from here, or that none
/// was found within [`HINT_BUDGET`]; and the whole solution when one was
/// found (empty otherwise), for "Show me".
pub fn hint_and_solution(state: &State, lang: Lang) -> HintAnswer {
    use retrace_kernel::miau::solver::{moves_text, solve_from, Options, Verdict};
    // The command line's budgets: states, half the available memory (at most
    // 1 GiB), and HINT_SECONDS; the search runs on its own thread.
    let max_bytes = crate::budget::default_memory().min(1 << 30);
    let opts = Options { max_states: HINT_BUDGET, threads: crate::budget::cores(), max_bytes, ..Options::default() };
    let deadline = crate::budget::Deadline::new(Some(HINT_SECONDS));
    let ru = lang == Lang::Ru;
    let verdict = solve_from(
        state,
        &opts,
        &mut retrace_kernel::hashing::CpuHasher,
        &mut |_: &retrace_kernel::miau::solver::Progress| !deadline.expired(),
    );
    let moves = match &verdict {
        Ok(Verdict::Solved { moves, .. }) => moves.clone(),
        _ => Vec::new(),
    };
    let text = match verdict {
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
        Ok(Verdict::Limit { states, .. }) => {
            if ru {
                format!("За {states} состояний победа не найдена.")
            } else {
                format!("No win found within {states} states from here.")
            }
        }
        Err(e) => e.0,
    };
    (text, moves)
}

/// How long a failed push shakes, in seconds.
pub const SHAKE: f32 = 0.25;

/// The one sound a move makes, the most telling first: a win, a defeat, a
/// sinking, an opening, a rule formed, a push, else a step.
pub fn effect(before: &State, after: &State, events: &[Event]) -> crate::sound::Effect {
    use crate::sound::Effect;
    let destroyed = |why: &str| events.iter().any(|e| matches!(e, Event::Destroyed(_, w) if w == why));
    if events.iter().any(|e| matches!(e, Event::Won)) {
        Effect::Win
    } else if destroyed("defeated") {
        Effect::Defeat
    } else if destroyed("sank") {
        Effect::Sink
    } else if events.iter().any(|e| matches!(e, Event::Destroyed(..))) {
        Effect::Open
    } else if events.iter().any(|e| matches!(e, Event::Rules { added, .. } if !added.is_empty())) {
        Effect::Rule
    } else if after.board.things.iter().any(|t| {
        !before.rules.has(&t.kind, Prop::You)
            && before.board.things.iter().any(|b| b.id == t.id && (b.x, b.y) != (t.x, t.y))
    }) {
        Effect::Push
    } else {
        Effect::Step
    }
}

/// Turns the things that stepped sideways to face the way they went (a
/// presentation matter: the kernel keeps no facing).
pub fn face(facing_right: &mut Vec<String>, before: &State, after: &State) {
    for t in &after.board.things {
        let Some(b) = before.board.things.iter().find(|b| b.id == t.id) else { continue };
        let id = t.id.to_string();
        if t.x > b.x && !facing_right.contains(&id) {
            facing_right.push(id);
        } else if t.x < b.x {
            facing_right.retain(|f| *f != id);
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
}

/// The level list: a world map (a card per world: its glyph, name, tagline,
/// accent colour and levels won), and inside a world its levels in order with
/// their category, won mark, best turns, and a lock until the required
/// levels before them are won.
pub fn levels_ui(ui: &mut egui::Ui, lang: Lang, list: LevelList) -> Option<MiauRequest> {
    let mut request = None;
    let LevelList { packs, won, best, world } = list;
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
            // A blocking native dialog (the desktop portal); None when cancelled or unavailable.
            if let Some(path) = rfd::FileDialog::new().add_filter("Miau pack", &["toml"]).pick_file() {
                request = Some(MiauRequest::OpenPack(path));
            }
        }
        if ui.button(tr(lang, "New level")).clicked() {
            request = Some(MiauRequest::NewLevel);
        }
    });
    let done = |pack: &Pack, l: &pack::Level| won.iter().any(|w| *w == format!("{}/{}", pack.id, l.id));
    egui::ScrollArea::vertical().show(ui, |ui| match *world {
        None => {
            ui.label(RichText::new(tr(lang, "Drop a pack file (.toml) on the window to play its levels.")).small());
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
            let w = pack.world.clone().unwrap_or_default();
            ui.heading(&pack.name);
            if !w.tagline.is_empty() {
                ui.label(RichText::new(&w.tagline).italics());
            }
            ui.add_space(6.0);
            let open = unlocked(pack, won);
            // Levels of a pack the player opened or made can be edited (a
            // shipped world is the game's own; its levels open as copies).
            let editable = p >= PACKS.len();
            egui::Grid::new("miau-world-levels").num_columns(5).spacing([12.0, 6.0]).show(ui, |ui| {
                for (l, level) in pack.levels.iter().enumerate() {
                    ui.label(format!("{}.", l + 1));
                    let title = if level.title.is_empty() { level.id.as_str() } else { level.title.as_str() };
                    let button = ui.add_enabled(open[l], egui::Button::new(title));
                    if button.on_hover_text(&level.hint).clicked() {
                        request = Some(MiauRequest::Play(p, l));
                    }
                    let (category, colour) = match level.category.as_str() {
                        "required" => (tr(lang, "required"), Color32::from_gray(170)),
                        "optional" => (tr(lang, "optional"), Color32::from_rgb(120, 170, 230)),
                        "challenge" => (tr(lang, "challenge"), Color32::from_rgb(230, 120, 90)),
                        _ => ("", Color32::GRAY),
                    };
                    ui.label(RichText::new(category).small().color(colour));
                    let id = format!("{}/{}", pack.id, level.id);
                    if done(pack, level) {
                        let turns = best.iter().find(|(b, _)| *b == id).map(|(_, t)| *t);
                        let text = match turns {
                            Some(t) => format!(
                                "{} · {}",
                                tr(lang, "won"),
                                tr(lang, "best {n} turns").replace("{n}", &t.to_string())
                            ),
                            None => tr(lang, "won").to_string(),
                        };
                        ui.label(RichText::new(text).small().color(Color32::from_rgb(230, 190, 60)));
                    } else if !open[l] {
                        ui.label(RichText::new(tr(lang, "locked: win the required levels before it")).small());
                    } else {
                        ui.label("");
                    }
                    if editable && ui.button(tr(lang, "Edit")).on_hover_text(&level.id).clicked() {
                        request = Some(MiauRequest::Edit(p, l));
                    }
                    ui.end_row();
                }
            });
        }
    });
    request
}

/// A world card's inner width on the map.
const CARD_WIDTH: f32 = 220.0;

/// One world's card on the map: its glyph, name (the button that opens it),
/// tagline and levels won, framed in its accent colour. Whether it was clicked.
fn world_card(ui: &mut egui::Ui, lang: Lang, pack: &Pack, won: usize) -> bool {
    let w = pack.world.clone().unwrap_or_default();
    let accent = accent_color(&w.accent).unwrap_or(Color32::from_gray(120));
    let mut clicked = false;
    egui::Frame::group(ui.style()).stroke(egui::Stroke::new(2.0, accent)).inner_margin(10.0).show(ui, |ui| {
        ui.set_width(CARD_WIDTH);
        ui.set_min_height(100.0);
        ui.vertical(|ui| {
            ui.horizontal(|ui| {
                // The world's glyph where the fonts have it, else its initial
                // (a missing glyph is never drawn, as on the board).
                let font = egui::FontId::proportional(28.0);
                let glyph = if !w.glyph.is_empty() && ui.fonts_mut(|f| f.has_glyphs(&font, &w.glyph)) {
                    w.glyph.clone()
                } else {
                    pack.name.chars().next().map(|c| c.to_uppercase().to_string()).unwrap_or_default()
                };
                ui.label(RichText::new(glyph).size(28.0));
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

#[cfg(test)]
mod tests {
    use super::beat_strip_text;
    use retrace_kernel::miau::{Automaton, Step};

    #[test]
    fn words_against_an_edge_are_pinned_on_that_side() {
        use super::pinned_sides;
        assert_eq!(pinned_sides(5, 4, 0, 0), [true, false, true, false], "top-left corner");
        assert_eq!(pinned_sides(5, 4, 4, 3), [false, true, false, true], "bottom-right corner");
        assert_eq!(pinned_sides(5, 4, 2, 1), [false; 4], "inside: free");
        assert_eq!(pinned_sides(1, 1, 0, 0), [true; 4], "a one-cell board");
    }

    /// Regression: custom property words were drawn in a noun's colour (the
    /// glossary's accent parsed and never used), and circuits had no colour.
    #[test]
    fn property_words_take_their_accent_and_circuits_their_colour() {
        use super::{accent_color, channel_color, object_color, word_color, Look};
        use retrace_kernel::miau::board::{Prop, Word};
        use retrace_kernel::miau::{Automaton, Pair, Setup, Step};
        let setup = Setup {
            grid: "MIAU IS YOU / ROCK IS TICK / ROCK IS OPEN / m . p".replace(" / ", "\n"),
            legend: vec![("m".into(), "miau".into()), ("p".into(), "plate:teal".into())],
            terrain: vec![],
            pairs: vec![Pair { words: ["OPEN".into(), "SHUT".into()], enter: false }],
            automata: vec![Automaton {
                id: "a".into(),
                subject: None,
                property: "TICK".into(),
                phase: 0,
                pattern: vec![Step::Wait],
            }],
        };
        let s = <retrace_kernel::miau::Miau as retrace_kernel::game::Game>::start(&setup, 0).unwrap();
        let look = Look { accents: vec![("TICK".into(), "push".into())], ..Look::default() };
        let push = accent_color("push").unwrap();
        assert_eq!(word_color(&Word::Noun("tick".into()), &s, &look), push, "the glossary's accent");
        let open = word_color(&Word::Noun("open".into()), &s, &look);
        let rock = word_color(&Word::Noun("rock".into()), &s, &look);
        assert_ne!(open, rock, "a pair word without an accent is no noun's colour");
        assert_eq!(word_color(&Word::Prop(Prop::Push), &s, &look), push, "the accent is the property's own colour");
        let plate = s.board.things.iter().find(|t| t.channel.is_some()).unwrap();
        assert_eq!(object_color(plate), channel_color("teal"));
    }

    #[test]
    fn required_levels_unlock_the_ones_after_them() {
        use super::unlocked;
        let text = "[manifest]\nid = \"ww\"\nname = \"W\"\nversion = \"1\"\nengine = 1\n".to_string()
            + &["required", "optional", "required", "challenge", "required"]
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    format!("[[levels]]\nid = \"l{i}\"\ncategory = \"{c}\"\ngrid = \"MIAU IS YOU / miau . .\"\n")
                })
                .collect::<String>();
        let pack = retrace_kernel::miau::pack::load(&text).0.unwrap();
        let won = |ids: &[&str]| ids.iter().map(|i| format!("ww/{i}")).collect::<Vec<_>>();
        assert_eq!(unlocked(&pack, &won(&[])), [true, false, false, false, false], "only the first");
        assert_eq!(unlocked(&pack, &won(&["l0"])), [true, true, true, false, false], "optional never locks");
        assert_eq!(unlocked(&pack, &won(&["l0", "l2"])), [true; 5]);
        assert_eq!(unlocked(&pack, &won(&["l2"])), [true, false, false, false, false], "order matters");
    }

    #[test]
    fn a_stack_is_stepped_and_a_thing_faces_the_way_it_went() {
        use super::{face, stacked};
        use eframe::egui::{pos2, Rect};
        let r = Rect::from_min_size(pos2(0.0, 0.0), eframe::egui::vec2(100.0, 100.0));
        assert_eq!(stacked(r, 0, 1), r, "alone: the whole cell");
        let (a, b) = (stacked(r, 0, 2), stacked(r, 1, 2));
        assert!(a.width() < 100.0 && a.min == r.min && b.max == r.max, "two: corner to corner");
        assert!(r.contains_rect(stacked(r, 2, 3)));
        let s = |grid: &str| {
            let setup = retrace_kernel::miau::Setup {
                grid: grid.replace(" / ", "\n"),
                legend: vec![("m".into(), "miau".into())],
                terrain: vec![],
                pairs: vec![],
                automata: vec![],
            };
            <retrace_kernel::miau::Miau as retrace_kernel::game::Game>::start(&setup, 0).unwrap()
        };
        let (left, right) = (s("MIAU IS YOU / m . ."), s("MIAU IS YOU / . m ."));
        let mut facing = Vec::new();
        face(&mut facing, &left, &right);
        assert_eq!(facing, ["miau-1"]);
        face(&mut facing, &right, &right);
        assert_eq!(facing, ["miau-1"], "standing still keeps the facing");
        face(&mut facing, &right, &left);
        assert!(facing.is_empty());
    }

    #[test]
    fn the_beat_strip_shows_the_whole_pattern_and_marks_the_next_beat() {
        let a = Automaton {
            id: "a".into(),
            subject: None,
            property: "TICK".into(),
            phase: 0,
            pattern: vec![Step::Move(1, 0), Step::Wait, Step::Move(0, -1)],
        };
        assert_eq!(beat_strip_text(&a, 0, true), "a beats: [R] W U");
        assert_eq!(beat_strip_text(&a, 1, true), "a beats: R [W] U");
        assert_eq!(beat_strip_text(&a, 5, false), "a beats: R W [U] (paused)");
    }
}
