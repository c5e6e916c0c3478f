//! The level in play: the view of a session (the board, its moves and
//! animations, the rules in force beside it, the hint) and what it asks the
//! shell for. Its input, hint and level list are written beside it.

use super::board_text::{
    cause_color, describe_after, effect, face, fallen, morphed, next_beats, sentence_cells, thing, words_gone,
    you_lost, SHAKE,
};
use super::hint::{played, HintAnswer, HintJob};
use super::input::{self, risky_move, tap_move, Command};
use super::inspect::Inspect;
use super::paint::{self, morph_progress, paint_moving, Look};
use super::rules_panel::{rules_panel, LastMove, STRUCK_SECONDS};
use super::words;
use crate::store::miau::{is_level_id, keep_certificate, record_win, PROGRESS};
use crate::store::{Lang, Store};
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText, Vec2};
use retrace_kernel::miau::board::Prop;
use retrace_kernel::miau::pack::Pack;
use retrace_kernel::miau::{Action, Event, Miau, State};
use retrace_kernel::say::{Arg, Say};
use retrace_kernel::Session;

/// The save name of the level in play.
pub const SAVE: &str = "miau";

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
    pub message: Option<Say>,
    /// What the last move did, a line each (rules formed and broken, things
    /// destroyed and why, transformations, gates, YOUs that were blocked), so
    /// nothing changes unseen.
    pub happened: Vec<Say>,
    /// The rules the last move broke, struck through on the rules panel for
    /// a moment ([`STRUCK_SECONDS`]), and when they were first shown.
    pub struck: (Vec<String>, Option<f64>),
    /// The inspect mode, while on: a tap tells what a cell holds (issue 66).
    pub inspect: Option<Inspect>,
    /// The pack's glossary (property word, description).
    pub glossary: Vec<(String, String)>,
    /// How the pack's things are drawn: palette, accents, facing.
    pub look: Look,
    /// This level has written (or removed) the save: Resume follows it.
    pub(super) wrote_save: bool,
    /// Where this win's certificate was kept (a best win for the level).
    pub certificate: Option<std::path::PathBuf>,
    /// The cells of the sentence whose rule the pointer is on, outlined on the board.
    pub pointed: Option<Vec<(i32, i32)>>,
    /// A hint being worked out: the digest of the state it was asked for
    /// (a hint for another state is dropped), and where it comes.
    pub(super) thinking: Option<(retrace_kernel::digest::Digest, crate::platform::Running<HintAnswer>)>,
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
    /// What the last move changed noun (id, the old noun), in reading
    /// order, and when their pops began on screen (set when first drawn).
    pub morphs: (Vec<(String, String)>, Option<f64>),
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
    /// The warning before a step into danger is on (the setting; off by
    /// default: an assist, as the spec's triage decided).
    pub warnings: bool,
    /// The cells that wobbled in warning last frame.
    pub warned: Vec<(i32, i32)>,
    /// The property words the player has met (read from the data folder at the first frame).
    pub seen: Option<Vec<String>>,
    /// The first-time card on screen.
    pub card: Option<words::Card>,
    /// Where the board was drawn last (the word card opens beside it).
    pub(super) board_rect: Option<egui::Rect>,
    /// The cells of the sentences the last move broke (as they stood before
    /// it), flashing a moment in another colour than a rule formed.
    pub broken: Vec<(i32, i32)>,
    /// When the level was first drawn (egui's clock): the move buttons take
    /// no click for a double-click's time after, so the second click of the
    /// double-click that opened the level never lands on one (issue 62 item 8).
    pub(super) opened_at: Option<f64>,
}

/// How long after a level opens its move buttons ignore clicks: a
/// double-click's span.
const SETTLE_SECONDS: f64 = 0.4;

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

    /// The look of a level (its pack's palette and accents), as the level's
    /// own screen draws it: the pack is found by the session's title
    /// (`<pack>/<level>`), else by a level of the same setup (a replay
    /// written without a title); the plain look when no pack has it.
    pub fn look_of(session: &Session<Miau>, packs: &[Pack]) -> Look {
        let title = session.header("").title.unwrap_or_default();
        let named = |pk: &&Pack| pk.levels.iter().any(|l| format!("{}/{}", pk.id, l.id) == title);
        let same = |pk: &&Pack| pk.levels.iter().any(|l| &l.setup == session.setup());
        let pack = packs.iter().find(named).or_else(|| packs.iter().find(same));
        pack.map_or_else(Look::default, |pk| Look {
            palette: pk.palette.clone(),
            accents: pk.accents.clone(),
            ..Look::default()
        })
    }

    /// A saved or forked session; its title (`<pack>/<level>`) finds the
    /// level in `packs`, with its title, hint, glossary, palette and the next.
    pub fn resume(session: Session<Miau>, packs: &[Pack]) -> MiauView {
        let title = session.header("").title.unwrap_or_default();
        let place = packs
            .iter()
            .enumerate()
            .find_map(|(p, pk)| pk.levels.iter().position(|l| format!("{}/{}", pk.id, l.id) == title).map(|l| (p, l)));
        let look = MiauView::look_of(&session, packs);
        let mut view = MiauView {
            session,
            title: if title.is_empty() { "Miau Is True".to_string() } else { title },
            hint: String::new(),
            place,
            next: None,
            message: None,
            happened: Vec::new(),
            struck: (Vec::new(), None),
            inspect: None,
            glossary: Vec::new(),
            look,
            wrote_save: false,
            certificate: None,
            pointed: None,
            thinking: None,
            solution: None,
            showing: None,
            tween: None,
            flash: Vec::new(),
            gone: Vec::new(),
            morphs: (Vec::new(), None),
            from_editor: false,
            sounds: Vec::new(),
            pad: Vec::new(),
            shake: None,
            heading: None,
            warnings: false,
            warned: Vec::new(),
            seen: None,
            card: None,
            board_rect: None,
            broken: Vec::new(),
            opened_at: None,
        };
        if let Some((p, l)) = place {
            let (pack, level) = (&packs[p], &packs[p].levels[l]);
            (view.title, view.hint) = (level.title.clone(), level.hint.clone());
            view.next = (l + 1 < pack.levels.len()).then_some((p, l + 1));
            view.glossary = pack.glossary.clone();
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
                self.noted(&events);
                self.shake = None;
                if a != Action::Wait && yous.len() > 1 {
                    let now = &self.session.state().board.things;
                    let mut blocked = Vec::new();
                    for (id, x, y) in &yous {
                        if now.iter().any(|t| t.id.as_str() == id && (t.x, t.y) == (*x, *y)) {
                            self.happened.push(retrace_kernel::say!(
                                "{0}: blocked",
                                retrace_kernel::say::Arg::Name(id.to_string())
                            ));
                            blocked.push(id.clone());
                        }
                    }
                    self.shake = (!blocked.is_empty()).then_some((blocked, None));
                }
                self.message = None;
                // One YOU of several lost: said first, with its own sound
                // (the spec's distinct cue), where losing the last is the
                // level lost.
                if let Some((lost, left)) = you_lost(&before, self.session.state()) {
                    let who = lost.iter().map(|id| thing(id)).reduce(|a, b| retrace_kernel::say!("{0}, {1}", a, b));
                    let who = who.unwrap_or_else(|| Say::from(""));
                    let line = retrace_kernel::say!("{0} lost: {1} YOU left", who, left);
                    self.happened.insert(0, line);
                }
                self.gone = fallen(&before, &events);
                self.morphs = (morphed(&before, self.session.state()), None);
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

    /// What a move did, for the rules panel: a word it destroyed first, in
    /// the board's capitals ("STOP IS GONE": losing a word is the main
    /// event of two worlds), then each event's line; the rules it broke,
    /// to be struck through for a moment.
    fn noted(&mut self, events: &[Event]) {
        let gone = words_gone(events).into_iter().map(|w| retrace_kernel::say!("{0} IS GONE", Arg::Name(w)));
        let lines = events.iter().filter_map(|e| describe_after(e, self.session.state()));
        self.happened = gone.chain(lines).collect();
        let broken =
            events.iter().filter_map(|e| if let Event::Rules { removed, .. } = e { Some(removed) } else { None });
        self.struck = (broken.flatten().cloned().collect(), None);
    }

    /// Takes the last move back (Redo plays it again).
    pub fn undo(&mut self, store: &Store) {
        if self.session.undo() {
            self.message = None;
            self.happened.clear();
            self.struck = (Vec::new(), None);
            self.save(store);
        }
    }

    /// Plays the last undone move again.
    pub fn redo(&mut self, store: &Store) {
        if let Some(events) = self.session.redo() {
            self.noted(&events);
            self.save(store);
        }
    }

    /// Back to the start; every move stays redoable until a new one is made.
    pub fn restart(&mut self, store: &Store) {
        self.session.seek(0);
        self.message = None;
        self.happened.clear();
        self.struck = (Vec::new(), None);
        self.save(store);
    }

    /// The first-time card: the first word on the board the player has not
    /// met gets one; "Got it" keeps the word as met (in the data folder).
    pub(super) fn word_card(&mut self, ctx: &egui::Context, store: &Store, lang: Lang) {
        let path = store.path(crate::store::miau::SEEN);
        let seen = self.seen.get_or_insert_with(|| crate::store::miau::load_seen(&path));
        if self.card.is_none() {
            let s = self.session.state();
            let new = words::property_words(s, &self.glossary).into_iter().find(|w| !seen.contains(w));
            self.card = new.map(|w| words::Card::new(&w, s, &self.glossary, lang));
        }
        if let Some(card) = &self.card {
            if card.ui(ctx, lang, &self.look, self.board_rect) {
                if let Err(e) = crate::store::miau::add_seen(&path, &card.word) {
                    self.message = Some(e.into());
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

    pub(super) fn save(&mut self, store: &Store) {
        self.wrote_save = true;
        if self.session.state().won {
            store.forget(SAVE);
            let id = self.session.header("").title.unwrap_or_default();
            if is_level_id(&id) && !self.from_editor {
                if let Err(e) = record_win(&store.path(PROGRESS), &id) {
                    self.message = Some(e.into());
                }
                self.certificate = None;
                match keep_certificate(store, &id, &self.session) {
                    Ok(Some(path)) => self.certificate = Some(path),
                    Ok(None) => {}
                    Err(e) => self.message = Some(e.into()),
                }
            }
        } else if let Err(e) = store.save(SAVE, &self.session) {
            self.message = Some(e.into());
        }
    }

    /// The screen; returns a request for the shell.
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
        crate::ui::widgets::reserved_row(ui, |ui| self.show_me_row(ui, solution.as_deref(), &pad, lang));
        let mut pressed = keys;
        pressed.extend(pad.iter().filter_map(|b| input::pad(*b)));
        let now = ui.input(|i| i.time);
        let settled = now - *self.opened_at.get_or_insert(now) >= SETTLE_SECONDS;
        // After a win, N or Enter plays the next level (issue 62 item 8),
        // taken before the buttons so no focused one sees the Enter.
        let next_key = self.session.state().won
            && self.next.is_some()
            && ui.input_mut(|i| {
                i.consume_key(egui::Modifiers::NONE, egui::Key::N)
                    || i.consume_key(egui::Modifiers::NONE, egui::Key::Enter)
            });
        // Wrapped: on a portrait phone the row takes two lines (issue 63).
        ui.horizontal_wrapped(|ui| {
            for (label, command) in input::BUTTONS {
                let button = ui.button(tr(lang, label));
                if button.clicked() && settled {
                    pressed.push(command);
                }
                // The keys are the game's: a clicked button keeps no focus,
                // so Enter or Space never presses it a second time.
                if button.has_focus() {
                    button.surrender_focus();
                }
            }
        });
        // While a solution is shown, or a dialog (the new-word card) is
        // open, the game waits (its keys too).
        if self.showing.is_none() && self.card.is_none() && !crate::ui::widgets::modal_open(ui.ctx()) {
            for command in pressed {
                self.run(command, store, lang);
            }
        }
        if let Some(r) = crate::ui::widgets::reserved_row(ui, |ui| self.outcome_row(ui, &pad, next_key, lang)) {
            request = Some(r);
        }
        crate::ui::widgets::reserved_row(ui, |ui| {
            if let Some(m) = &self.message {
                ui.colored_label(Color32::from_rgb(230, 150, 70), crate::ui::text::say(lang, m));
            }
        });
        let mut clicked = None;
        let preview = match (self.showing, &solution) {
            (Some(k), Some(moves)) => Some(played(self.session.state(), &moves[..k])),
            _ => None,
        };
        ui.horizontal_top(|ui| {
            clicked = self.board(ui, preview.as_ref());
            let s = preview.as_ref().unwrap_or(self.session.state());
            let seen = self.seen.as_deref().unwrap_or_default();
            let now = ui.input(|i| i.time);
            let age = now - *self.struck.1.get_or_insert(now);
            let struck = if age < STRUCK_SECONDS { self.struck.0.as_slice() } else { &[] };
            let last = LastMove { happened: &self.happened, struck, fade: (STRUCK_SECONDS - age).min(1.0) as f32 };
            ui.vertical(|ui| {
                if let Some(i) = &self.inspect {
                    super::inspect::panel(ui, s, i, lang);
                }
                rules_panel(ui, s, lang, &mut self.pointed, seen, &self.glossary, &last);
            });
        });
        self.word_card(ui.ctx(), store, lang);
        if let Some(a) = clicked {
            self.act(a, store);
        }
        ui.label(
            RichText::new(tr(
                lang,
                "Arrows or W A S D move, Space waits, Z undoes, Y redoes, R restarts, H asks the solver for a hint, I inspects.",
            ))
            .small(),
        );
        request
    }

    /// The board (the level, or a solution's board while it is shown), with
    /// the last move's tween, shakes, falls, flashes and warnings; a tap
    /// gives the move towards the tapped cell.
    /// Transforms pop on their own clock (`look.morph`): one done before the
    /// move settles, a mass transform one thing after another.
    pub(super) fn pops(&mut self, ui: &egui::Ui, now: f64, previewing: bool) {
        self.look.morph.clear();
        if self.morphs.0.is_empty() || previewing {
            return;
        }
        let since = *self.morphs.1.get_or_insert(now);
        let ms = ((now - since) * 1000.0) as f32;
        let n = self.morphs.0.len();
        self.look.morph = (self.morphs.0.iter().enumerate())
            .map(|(k, (id, old))| (id.clone(), old.clone(), morph_progress(ms, k, n)))
            .collect();
        if self.look.morph.iter().all(|m| m.2 >= 1.0) {
            self.morphs = (Vec::new(), None);
        } else {
            ui.ctx().request_repaint();
        }
    }

    /// A failed push shakes what could not move, a quarter second, dying
    /// away (not while a solution is previewed).
    fn shake_nudge(&mut self, now: f64, previewing: bool) {
        if let Some((_, since @ None)) = &mut self.shake {
            *since = Some(now);
        }
        self.look.nudge.clear();
        if let (Some((ids, Some(since))), false) = (&self.shake, previewing) {
            let age = (now - since) as f32;
            if age < SHAKE {
                let dx = (age * 70.0).sin() * 0.09 * (1.0 - age / SHAKE);
                self.look.nudge = ids.iter().map(|id| (id.clone(), dx)).collect();
            }
        }
    }

    pub(super) fn board(&mut self, ui: &mut egui::Ui, preview: Option<&State>) -> Option<Action> {
        let mut clicked = None;
        self.pops(ui, ui.input(|i| i.time), preview.is_some());
        self.shake_nudge(ui.input(|i| i.time), preview.is_some());
        let s = preview.unwrap_or(self.session.state());
        let avail = ui.available_size();
        // The board as large as the window allows beside the rules panel
        // (240 px) and above the keys' line (issue 40: it kept 64 px cells at
        // the top left of a large window), centred in the width it has.
        let cell = ((avail.x - 240.0) / s.board.w as f32).min((avail.y - 28.0) / s.board.h as f32).clamp(12.0, 112.0);
        ui.add_space(((avail.x - 240.0 - cell * s.board.w as f32) / 2.0).max(0.0));
        let (rect, resp) =
            ui.allocate_exact_size(Vec2::new(cell * s.board.w as f32, cell * s.board.h as f32), egui::Sense::click());
        self.board_rect = Some(rect);
        crate::ui::widgets::set_board(ui.ctx(), rect, None);
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Miau board"));
        // The last move slides in over TWEEN; the input is never held for it.
        let now = ui.input(|i| i.time);
        if let Some((_, since @ None)) = &mut self.tween {
            *since = Some(now);
        }
        // Seconds since the last move began on screen (none while a
        // solution is shown: the copy on the board did not move).
        let age = match (&self.tween, preview) {
            (Some((_, Some(since))), None) => Some((now - since) as f32),
            _ => None,
        };
        let moving = match (&self.tween, age) {
            (Some((from, _)), Some(age)) if age < paint::TWEEN.as_secs_f32() => {
                Some((from, age / paint::TWEEN.as_secs_f32()))
            }
            _ => None,
        };
        paint_moving(&ui.painter_at(rect), rect, s, &self.look, moving);
        let painter = ui.painter_at(rect);
        // One cell outlined (x may be between cells: a wobble).
        let outline = |x: f32, y: f32, inset: f32, rounding: f32, colour: Color32| {
            let r = egui::Rect::from_min_size(rect.min + Vec2::new(x * cell, y * cell), Vec2::splat(cell));
            painter.rect_stroke(r.shrink(inset), rounding, egui::Stroke::new(3.0, colour), egui::StrokeKind::Inside);
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
        if moving.is_none() {
            paint_beats(&painter, rect, cell, s);
        }
        for &(x, y) in self.pointed.iter().flatten() {
            outline(x as f32, y as f32, 1.0, 3.0, Color32::from_rgb(120, 200, 255));
        }
        // With the warning assist on (off by default: the spec's triage
        // decided against pre-warning hazards), pointing where a move would
        // sink or defeat a YOU makes it wobble in red first, and so does the
        // way the last key (or pad) went.
        self.warned.clear();
        if self.warnings && preview.is_none() {
            let pointed = resp.hover_pos().and_then(|pos| {
                let at = ((pos - rect.min) / cell).floor();
                tap_move(s, at.x as i32, at.y as i32)
            });
            self.warned = pointed.map(|a| risky_move(s, a)).unwrap_or_default();
            if self.warned.is_empty() {
                self.warned = self.heading.map(|a| risky_move(s, a)).unwrap_or_default();
            }
        }
        let wobble = (now * 40.0).sin() as f32 * 0.05;
        for &(x, y) in &self.warned {
            outline(x as f32 + wobble, y as f32, 2.0, 4.0, Color32::from_rgb(230, 50, 50));
        }
        let wobbling = !self.warned.is_empty();
        let flashing = fade > 0.0 && !(self.flash.is_empty() && self.broken.is_empty());
        if moving.is_some() || flashing || wobbling || !self.look.nudge.is_empty() {
            ui.ctx().request_repaint();
        }
        let cell_at = |pos: egui::Pos2| {
            let at = ((pos - rect.min) / cell).floor();
            (at.x as i32, at.y as i32)
        };
        // Inspecting, the pointer's cell is told and a tap keeps one; the
        // cell told is outlined.
        if let Some(i) = &mut self.inspect {
            i.hovered = resp.hover_pos().map(cell_at);
            if let Some(pos) = resp.interact_pointer_pos().filter(|_| resp.clicked()) {
                i.tapped = Some(cell_at(pos));
            }
            if let Some((x, y)) = i.cell() {
                let r = egui::Rect::from_min_size(rect.min + Vec2::new(x as f32, y as f32) * cell, Vec2::splat(cell));
                let stroke = egui::Stroke::new(3.0, Color32::from_rgb(240, 200, 60));
                ui.painter().rect_stroke(r.shrink(1.5), 4.0, stroke, egui::StrokeKind::Inside);
            }
            return None;
        }
        // A click (a tap) moves towards the cell: the longer way first; on a YOU, waits.
        if let Some(pos) = resp.interact_pointer_pos().filter(|_| resp.clicked() && preview.is_none()) {
            let (x, y) = cell_at(pos);
            clicked = tap_move(s, x, y);
        }
        clicked
    }

    /// Starts the solver in the background (a thread, or the page's worker)
    /// from where the player stands; its sentence shows when it is done,
    /// unless a move was made meanwhile.
    pub fn ask_hint(&mut self, lang: Lang) {
        if self.thinking.is_some() {
            return;
        }
        let s = &self.session;
        let job = HintJob { setup: s.setup().clone(), seed: s.seed(), moves: s.actions().to_vec(), lang };
        self.thinking = Some((self.session.digest(), crate::platform::start(job)));
        self.message = Some(tr(lang, "Thinking...").into());
    }

    /// Takes the hint when it is ready; whether one is still being worked out.
    pub fn poll_hint(&mut self) -> bool {
        let Some((asked, running)) = &mut self.thinking else { return false };
        let Some(answer) = running.poll() else { return true };
        match answer {
            Ok((text, moves)) if *asked == self.session.digest() => {
                self.message = Some(text.into());
                self.solution = (!moves.is_empty()).then_some((*asked, moves));
            }
            Ok(_) => {}
            Err(e) => self.message = Some(e.into()),
        }
        self.thinking = None;
        false
    }

    /// Carries out one command.
    pub fn run(&mut self, command: Command, store: &Store, lang: Lang) {
        match command {
            Command::Move(a) => self.act(a, store),
            Command::Undo => self.undo(store),
            Command::Redo => self.redo(store),
            Command::Restart => self.restart(store),
            Command::Hint => self.ask_hint(lang),
            Command::Inspect => self.inspect = if self.inspect.is_some() { None } else { Some(Inspect::default()) },
        }
    }
}

/// Each automaton's next beat: a small arrow at the edge of every sprite
/// that takes it, pointing its way.
pub(super) fn paint_beats(painter: &egui::Painter, rect: egui::Rect, cell: f32, s: &State) {
    for (x, y, dx, dy) in next_beats(s) {
        let c = rect.min + Vec2::new((x as f32 + 0.5) * cell, (y as f32 + 0.5) * cell);
        let dir = Vec2::new(dx as f32, dy as f32).normalized();
        let tip = c + dir * cell * 0.46;
        let side = Vec2::new(-dir.y, dir.x) * cell * 0.1;
        let back = tip - dir * cell * 0.16;
        painter.add(egui::Shape::convex_polygon(
            vec![tip, back + side, back - side],
            Color32::from_rgb(255, 220, 120),
            egui::Stroke::new(1.0, Color32::BLACK),
        ));
    }
}
