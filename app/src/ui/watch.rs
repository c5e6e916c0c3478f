//! Watching a replay or certificate: verified first (the kernel's message on
//! failure), then played: play/pause, step, a timeline to scrub, speed 0.25×
//! to 16×, jump to the end, and "Play from here" to fork a live session.
//! Two Explodorama runs can share the board ([`WatchView::open_pair`]): the
//! second one's player and bombs outlined in blue, from six turns before
//! the runs part.

use crate::store::Lang;
use eframe::egui::{self, RichText};
use retrace_kernel::explodo::Explodo;
use retrace_kernel::life::Life;
use retrace_kernel::miau::Miau;
use retrace_kernel::mines::MineLayer;
use retrace_kernel::replay::ReplayFile;
use retrace_kernel::say;
use retrace_kernel::say::{Arg, Say};
use retrace_kernel::tally::Tally;
use retrace_kernel::verify::{verify, Verified};
use retrace_kernel::{Game, Session};
use std::any::Any;

/// A value seen as [`Any`], so a watched session can be asked for its
/// game's type (every `'static` type is one).
pub trait AsAny: Any {
    /// As `&dyn Any`.
    fn as_any(&self) -> &dyn Any;
    /// As `&mut dyn Any`.
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// As a boxed `Any`.
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
}

impl<T: Any> AsAny for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

/// A session's place in its log, the same for every game (a blanket impl).
pub trait Timeline {
    /// The current step.
    fn step(&self) -> u32;
    /// Moves to step `k` (clamped).
    fn seek(&mut self, k: u32);
}

impl<G: Game> Timeline for Session<G> {
    fn step(&self) -> u32 {
        Session::step(self)
    }
    fn seek(&mut self, k: u32) {
        Session::seek(self, k);
    }
}

/// What the watcher and the home cards ask of a watched session. Each game
/// implements it for its `Session` in its own folder (`<game>/watched.rs`),
/// so the watcher names no game's screens.
pub trait Watchable: AsAny + Timeline {
    /// The game's name as its home card says it (English; translated when shown).
    fn name(&self) -> &'static str;
    /// Where the game stands, for the watcher's line ("generation 12").
    fn time(&self, lang: Lang) -> String;
    /// The board's size in cells, which the watcher fits to its space.
    fn cells(&self) -> (u32, u32);
    /// Draws the board in `rect`; `v` is the watcher, for what it holds
    /// beside the session (a second run, a pack's look).
    fn paint(&self, painter: &egui::Painter, rect: egui::Rect, v: &WatchView);
    /// Whether the window plays the game (Play from here is offered).
    fn playable(&self) -> bool {
        true
    }
    /// A live copy with the log cut at the current step (Play from here);
    /// None where the game is not played in the window.
    fn fork(&self) -> Option<Watched>;
    /// What the watcher shows above the board (Explodorama's top bar).
    fn above(&self, _ui: &mut egui::Ui, _lang: Lang) {}
    /// Whether the game keeps a panel beside the board (Explodorama: for
    /// the dialog the run is in; kept while empty, so the board stays put).
    fn beside(&self) -> bool {
        false
    }
    /// Draws that panel.
    fn beside_ui(&self, _ui: &mut egui::Ui, _lang: Lang) {}
    /// The least cell, in points, at which the board's own text reads (13
    /// px and up: MineLayer's clues, Miau's words); 0 where the board has
    /// none. A home card's picture smaller than that is a close-up.
    fn mini_cell(&self) -> f32 {
        0.0
    }
    /// The cell a close-up centres on (Miau: the first YOU); the board's
    /// middle when None.
    fn mini_focus(&self) -> Option<(f32, f32)> {
        None
    }
    /// The home card's picture: the board on the card's ground (`now`:
    /// egui's clock, for what moves by itself), whole where its cells are
    /// at least [`Watchable::mini_cell`], else a close-up at that size around
    /// [`Watchable::mini_focus`] (issue 62 item 13: no text under 13 px on
    /// the home screen).
    fn mini(&self, painter: &egui::Painter, rect: egui::Rect, v: &WatchView, ground: egui::Color32, _now: f64) {
        painter.rect_filled(rect, 4.0, ground);
        self.paint(&painter.with_clip_rect(rect), close_up(rect, self.cells(), self.mini_cell(), self.mini_focus()), v);
    }
    /// A card's demo at its end: the next demo to play in its place, when
    /// the game has one (Explodorama's next scene; `scene` counts them).
    fn demo_next(&self, _v: &WatchView, _scene: &mut usize) -> Option<WatchView> {
        None
    }
}

/// Where to draw a board of `cells` so that its cells are at least `least`
/// points: `rect` itself when the whole board fits at that size, else a
/// larger rectangle (the caller clips to `rect`) with the `focus` cell (the
/// middle when None) as near the middle of `rect` as the board's edges
/// allow: a side that overhangs never shows beyond the board.
pub fn close_up(rect: egui::Rect, (cols, rows): (u32, u32), least: f32, focus: Option<(f32, f32)>) -> egui::Rect {
    let (cols, rows) = (cols.max(1) as f32, rows.max(1) as f32);
    let fit = (rect.width() / cols).min(rect.height() / rows);
    if fit >= least {
        return rect;
    }
    let (fx, fy) = focus.unwrap_or(((cols - 1.0) / 2.0, (rows - 1.0) / 2.0));
    let place = |lo: f32, hi: f32, n: f32, f: f32| {
        let size = n * least;
        if size <= hi - lo {
            (lo + hi - size) / 2.0
        } else {
            ((lo + hi) / 2.0 - (f + 0.5) * least).clamp(hi - size, lo)
        }
    };
    let min = egui::pos2(place(rect.left(), rect.right(), cols, fx), place(rect.top(), rect.bottom(), rows, fy));
    egui::Rect::from_min_size(min, egui::vec2(cols * least, rows * least))
}

/// The watched game.
pub type Watched = Box<dyn Watchable>;

impl dyn Watchable {
    /// The session, when it is `G`'s.
    pub fn session<G: Game>(&self) -> Option<&Session<G>> {
        self.as_any().downcast_ref()
    }

    /// The session, when it is `G`'s, to change.
    pub fn session_mut<G: Game>(&mut self) -> Option<&mut Session<G>> {
        self.as_any_mut().downcast_mut()
    }

    /// The session itself when it is `G`'s, else the watched game back.
    pub fn into_session<G: Game>(self: Box<Self>) -> Result<Session<G>, Watched> {
        // `(*self)`: the box itself is `Any` too, and is no session.
        if (*self).as_any().is::<Session<G>>() {
            Ok(*self.into_any().downcast().expect("just checked"))
        } else {
            Err(self)
        }
    }
}

/// The session with its log cut at the current step, as a live game.
pub fn cut<G: Game>(s: &Session<G>) -> Session<G> {
    let mut live = Session::<G>::new(s.setup().clone(), s.seed()).expect("a verified replay's setup starts");
    for a in s.actions() {
        live.push(a.clone()).expect("a verified replay's actions replay");
    }
    live
}

/// The test game, watched (its total as text; not played in the window).
impl Watchable for Session<Tally> {
    fn name(&self) -> &'static str {
        Tally::NAME
    }
    fn time(&self, lang: Lang) -> String {
        format!("{} {}", self.state().moves, crate::ui::text::tr(lang, "moves"))
    }
    fn cells(&self) -> (u32, u32) {
        (10, 7)
    }
    fn paint(&self, painter: &egui::Painter, rect: egui::Rect, _v: &WatchView) {
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            format!("total {}", self.state().total),
            egui::FontId::proportional(32.0),
            egui::Color32::GRAY,
        );
    }
    fn playable(&self) -> bool {
        false
    }
    fn fork(&self) -> Option<Watched> {
        None
    }
}

/// How the watcher opens a verified file of one game.
type Opener = fn(&ReplayFile) -> Result<Watched, Say>;

/// The games the watcher opens, by the kernel registry's id.
const OPENERS: [(&str, Opener); 5] = [
    ("mines", open_as::<MineLayer>),
    ("life", open_as::<Life>),
    ("tally", open_as::<Tally>),
    ("explodo", open_as::<Explodo>),
    ("miau", open_as::<Miau>),
];

/// A verified file's session, watched from step 0.
fn open_as<G: Game>(file: &ReplayFile) -> Result<Watched, Say>
where
    Session<G>: Watchable,
{
    Ok(Box::new(rebuild::<G>(file)?))
}

/// Playback speeds offered.
pub const SPEEDS: [f32; 7] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0];
/// Steps a second at 1×.
pub const BASE_RATE: f32 = 4.0;

/// A replay being watched.
pub struct WatchView {
    /// Where it came from (a path or "demo").
    pub source: String,
    /// What verification found.
    pub verified: Verified,
    /// The game, seekable.
    pub watched: Watched,
    /// Whether it plays.
    pub playing: bool,
    /// Speed multiplier.
    pub speed: f32,
    acc: f32,
    /// The replay's certificate claim, shown when present.
    pub certificate: bool,
    /// A second run on the same board (Explodorama).
    pub pair: Option<Pair>,
    /// What the game's window keeps for drawing the session (Miau: its
    /// level's look, its pack's palette and accents, found by its title once
    /// the window has the packs at hand; none till then).
    pub look: Option<Box<dyn Any>>,
    /// The replay file's bytes, to share: as a file, or as a link when it fits.
    pub bytes: Vec<u8>,
    /// Its link, made once asked for (`None` inside: too long for a link).
    link: std::cell::OnceCell<Option<String>>,
    /// What saving the file last said.
    pub saved: Option<String>,
}

/// A second Explodorama run shown on the first one's board.
pub struct Pair {
    /// Where it came from.
    pub source: String,
    /// The run, seekable, kept at the first one's step.
    pub other: Session<Explodo>,
    /// The first step where the two runs' states differ, and the parts of
    /// the state that differ there (`None`: they never differ).
    pub split: Option<retrace_kernel::compare::Difference>,
}

/// Turns shown before the runs part.
pub const BEFORE_SPLIT: u32 = 6;

/// The second run's name when a bug report opens beside today's autopilot.
pub const AUTOPILOT_TWIN: &str = "today's autopilot";
/// Turns today's autopilot plays at most in a report-replay.
pub const TWIN_TURNS: u32 = 300;

/// Today's autopilot on a recorded Explodorama run (the spec's
/// report-replay): the recorded turns up to the first one after which the
/// run's last level (its last attempt) has no enemy left, where autopilot
/// takes over, then autopilot's own turns until it has none (the level
/// left, no safe turn) or [`TWIN_TURNS`]; a dialog on the way takes the
/// report's next answer, or the first card. None when the run never
/// got there or autopilot has nothing to do there.
pub fn autopilot_twin(file: &ReplayFile) -> Option<Session<Explodo>> {
    use retrace_kernel::explodo::{route, RunPhase, Setup};
    let full = Session::<Explodo>::from_replay(file).ok()?;
    let last = full.state();
    let (level, attempt) = (last.run.level, last.run.attempt);
    let setup = Setup::read(&file.header.setup, file.header.rules_version).ok()?;
    let mut twin = Session::<Explodo>::new(setup, file.header.seed).ok()?;
    let take_over = |s: &retrace_kernel::explodo::State| {
        s.run.level == level
            && s.run.attempt == attempt
            && s.enemies.list.is_empty()
            && s.run.phase == RunPhase::Playing
    };
    for a in full.actions() {
        if take_over(twin.state()) {
            break;
        }
        twin.push(*a).ok()?;
    }
    if !take_over(twin.state()) {
        return None;
    }
    // A dialog autopilot opens (the gem's cards, a charge swap) takes the
    // report's own next answer when it fits, else the first card (or keeping
    // the charge carried), as a player waiting on autopilot would.
    let taken = twin.step() as usize;
    let mut answers = full.actions()[taken..].iter().filter(|a| {
        use retrace_kernel::explodo::Action::*;
        matches!(a, Choose(_) | KeepCharge | TakeCharge | FreezeFirst)
    });
    let mut played = 0;
    while played < TWIN_TURNS {
        let a = if twin.state().run.dialogs.is_empty() {
            let Some(a) = route::autopilot(twin.state()) else { break };
            a
        } else {
            use retrace_kernel::explodo::Action::{Choose, KeepCharge};
            let fits = |a: &retrace_kernel::explodo::Action| {
                let mut s = twin.state().clone();
                Explodo::apply(&mut s, a).is_ok()
            };
            let Some(a) = answers.next().copied().filter(fits).or([Choose(0), KeepCharge].into_iter().find(fits))
            else {
                break;
            };
            a
        };
        twin.push(a).ok()?;
        played += 1;
    }
    (played > 0).then_some(twin)
}

/// What the watcher asks the shell to do.
pub enum WatchRequest {
    /// Fork a live game at the current step: the watched session with its
    /// log cut there, for the game whose it is to take (the shell asks its
    /// table of games, [`GameWindow::play_from_here`](super::game::GameWindow::play_from_here)).
    PlayFromHere(Watched),
}

/// Decodes a replay (a bug report as the run it holds), the source named in
/// any error.
fn read(source: &str, bytes: &[u8]) -> Result<ReplayFile, Say> {
    let err = |e: Say| from(source, e);
    let bytes = crate::bug::replay_bytes(bytes).map_err(|e| err(e.into()))?;
    ReplayFile::from_bytes(&bytes).map_err(|e| err(e.say()))
}

/// A sentence about a file, after the file's name.
fn from(source: &str, e: Say) -> Say {
    say!("{0}: {1}", Arg::Name(source.to_string()), e)
}

fn rebuild<G: Game>(file: &ReplayFile) -> Result<Session<G>, Say> {
    let mut s = Session::<G>::from_replay(file).map_err(|e| e.say())?;
    s.seek(0);
    Ok(s)
}

impl WatchView {
    /// Verifies the bytes and prepares playback from step 0, or returns the
    /// kernel's message prefixed with the source.
    /// A bug report of an Explodorama run opens as the spec's report-replay:
    /// the recorded run beside today's autopilot ([`autopilot_twin`]) on one
    /// board, when autopilot would have had a turn on the run's last level.
    pub fn open(source: &str, bytes: &[u8]) -> Result<WatchView, Say> {
        let file = read(source, bytes)?;
        if bytes.starts_with(crate::bug::MAGIC.as_bytes()) && file.header.game == "explodo" {
            if let Some(twin) = autopilot_twin(&file) {
                let run = crate::bug::replay_bytes(bytes).map_err(|e| from(source, e.into()))?;
                let twin = twin.to_replay(crate::APP_VERSION).to_bytes();
                return WatchView::open_pair((source, &run), (AUTOPILOT_TWIN, &twin));
            }
        }
        WatchView::from_file(source, &file)
    }

    /// Verifies a decoded replay and prepares playback from step 0.
    fn from_file(source: &str, file: &ReplayFile) -> Result<WatchView, Say> {
        let err = |e: Say| from(source, e);
        let verified = verify(file).map_err(|e| err(e.say()))?;
        let Some((_, open)) = OPENERS.iter().find(|(id, _)| *id == verified.game) else {
            return Err(err(say!("this build cannot show {0} replays yet", Arg::Name(verified.game.clone()))));
        };
        let watched = open(file).map_err(err)?;
        Ok(WatchView {
            source: source.into(),
            certificate: verified.certificate,
            verified,
            watched,
            playing: true,
            speed: 1.0,
            acc: 0.0,
            pair: None,
            look: None,
            bytes: file.to_bytes(),
            link: std::cell::OnceCell::new(),
            saved: None,
        })
    }

    /// Two Explodorama runs on one board: the first as the watcher shows
    /// any replay, the second's player and bombs outlined in blue. Both are
    /// verified; playback starts six turns before their states first differ
    /// (or eight before the end when they never do) and stops there.
    pub fn open_pair(first: (&str, &[u8]), second: (&str, &[u8])) -> Result<WatchView, Say> {
        let first_file = read(first.0, first.1)?;
        let mut v = WatchView::from_file(first.0, &first_file)?;
        let err = |e: Say| from(second.0, e);
        let file = read(second.0, second.1)?;
        if v.watched.session::<Explodo>().is_none() || file.header.game != "explodo" {
            return Err(err(say!("two runs share a board only in Explodorama")));
        }
        let other: Session<Explodo> = rebuild(&file).map_err(err)?;
        let trace = |f: &ReplayFile| retrace_kernel::compare::trace(f, false).map_err(|e| err(e.say()));
        let split = retrace_kernel::compare::first_difference(&trace(&first_file)?, &trace(&file)?);
        let start = match &split {
            Some(d) => d.step.saturating_sub(BEFORE_SPLIT),
            None => v.verified.steps.saturating_sub(8),
        };
        v.pair = Some(Pair { source: second.0.to_string(), other, split });
        v.seek(start);
        Ok(v)
    }

    /// The current step.
    pub fn step(&self) -> u32 {
        self.watched.step()
    }

    /// Moves to step `k` (clamped; a second run too, clamped to its own end).
    pub fn seek(&mut self, k: u32) {
        if let Some(p) = &mut self.pair {
            p.other.seek(k);
        }
        self.watched.seek(k);
    }

    /// Advances playback by `dt` seconds of wall time.
    pub fn tick(&mut self, dt: f32) {
        if !self.playing {
            return;
        }
        self.acc += dt * BASE_RATE * self.speed;
        let n = self.acc.floor() as u32;
        if n > 0 {
            self.acc -= n as f32;
            let next = (self.step() + n).min(self.verified.steps);
            self.seek(next);
            if next == self.verified.steps {
                self.playing = false;
            }
        }
    }

    /// The controls; returns a fork request.
    pub fn controls(&mut self, ui: &mut egui::Ui, lang: crate::store::Lang) -> Option<WatchRequest> {
        use crate::ui::text::tr;
        let v = &self.verified;
        let outcome = outcome_words(&v.outcome, lang);
        let time = self.watched.time(lang);
        // Player words on the screen (issue 40): the game, what happened and
        // that it was checked; the file, rules version and digest under Details.
        ui.horizontal(|ui| {
            ui.strong(tr(lang, self.watched.name()));
            if self.certificate {
                ui.strong(format!("{}: {outcome} · {time}", tr(lang, "Certificate")));
            } else {
                ui.label(format!("{outcome} · {time}"));
            }
            ui.label(format!("— {}", tr(lang, "verified by replay")));
        });
        egui::CollapsingHeader::new(tr(lang, "Details")).id_salt("watch-details").show(ui, |ui| {
            ui.label(format!("{}: {}", tr(lang, "File"), self.source));
            ui.label(format!(
                "{} v{} · {} {} · {} {}",
                tr(lang, "rules"),
                v.rules_version,
                v.steps,
                tr(lang, "steps"),
                tr(lang, "digest"),
                &v.final_digest.hex()[..16]
            ));
            share_row(ui, lang, (&self.bytes, &self.link, self.watched.name()), &mut self.saved);
        });
        if let Some(p) = &self.pair {
            let parted = match &p.split {
                Some(d) => format!("{} {} ({})", tr(lang, "they part at step"), d.step, d.parts.join(", ")),
                None => tr(lang, "they never differ").to_string(),
            };
            ui.label(
                RichText::new(format!(
                    "{} · {}: {} · {parted}",
                    tr(lang, "Two runs on one board"),
                    tr(lang, "blue outline"),
                    p.source
                ))
                .color(egui::Color32::from_rgb(90, 150, 255)),
            );
        }
        let steps = v.steps;
        let mut k = self.step();
        let mut request = None;
        ui.horizontal(|ui| {
            if ui.button("⏮").on_hover_text(tr(lang, "To the start")).clicked() {
                k = 0;
            }
            if ui.button("◀").on_hover_text(tr(lang, "Step back")).clicked() {
                k = k.saturating_sub(1);
            }
            let play = if self.playing { "⏸" } else { "▶" };
            if ui.button(play).on_hover_text(if self.playing { tr(lang, "Pause") } else { tr(lang, "Play") }).clicked()
            {
                self.playing = !self.playing;
                if self.playing && k == steps {
                    k = 0;
                }
            }
            if ui.button("▶|").on_hover_text(tr(lang, "Step forward")).clicked() {
                k = (k + 1).min(steps);
            }
            if ui.button("⏭").on_hover_text(tr(lang, "Jump to the end")).clicked() {
                k = steps;
            }
            egui::ComboBox::from_label(tr(lang, "speed")).selected_text(format!("{}×", self.speed)).show_ui(ui, |ui| {
                for s in SPEEDS {
                    ui.selectable_value(&mut self.speed, s, format!("{s}×"));
                }
            });
            ui.label(format!("{} {k} / {steps}", tr(lang, "step")));
            if ui.add_enabled(self.watched.playable(), egui::Button::new(tr(lang, "Play from here"))).clicked() {
                request = self.watched.fork().map(WatchRequest::PlayFromHere);
            }
        });
        // The timeline spans the window (less its number box and label), so a
        // long replay can be scrubbed a step at a time (issue 40).
        ui.scope(|ui| {
            ui.spacing_mut().slider_width = (ui.available_width() - 160.0).max(90.0);
            ui.add(egui::Slider::new(&mut k, 0..=steps).text(tr(lang, "timeline")));
        });
        if k != self.step() {
            self.seek(k);
        }
        request
    }
}

/// The replay shared (issue 63): its link when it fits in one (made once),
/// else the words that say so; and the file saved (downloaded on the web).
/// `replay` is its bytes, its link and the game's name; `saved` what saving
/// it last said.
fn share_row(
    ui: &mut egui::Ui,
    lang: Lang,
    replay: (&[u8], &std::cell::OnceCell<Option<String>>, &str),
    saved: &mut Option<String>,
) {
    use crate::ui::text::tr;
    let (bytes, link, game) = replay;
    ui.horizontal(|ui| {
        match link.get_or_init(|| crate::links::Link::Replay(bytes.to_vec()).address()) {
            Some(link) => {
                if ui.button(tr(lang, "Copy link")).clicked() {
                    ui.ctx().copy_text(link.clone());
                    *saved = Some(tr(lang, "Copied.").into());
                }
            }
            None => {
                ui.label(tr(lang, "Too long for a link: save the file."));
            }
        }
        if ui.button(tr(lang, "Save replay")).clicked() {
            let name = format!("{}.replay", game.to_lowercase().replace(' ', "-"));
            *saved = match crate::platform::save_file(&name, bytes) {
                Ok(Some(place)) => Some(format!("{}: {place}", tr(lang, "Saved"))),
                Ok(None) => None,
                Err(e) => Some(e),
            };
        }
        if let Some(said) = saved.as_ref() {
            ui.label(crate::files::escaped(said));
        }
    });
}

/// A replay's outcome in a player's words (issue 62, item 7): "In
/// progress", or what happened ("Won in 11 turns", "Level 1, turn 4: you
/// were caught in a blast."), not the kernel's "in-progress" or "won (won
/// in 11 turns)".
pub fn outcome_words(o: &retrace_kernel::Outcome, lang: Lang) -> String {
    use retrace_kernel::Outcome;
    let text = match o {
        Outcome::InProgress => crate::ui::text::tr(lang, "In progress").to_string(),
        Outcome::Won(s) | Outcome::Lost(s) | Outcome::Ended(s) if !(s.key.is_empty() && s.args.is_empty()) => {
            super::text::say(lang, s)
        }
        _ => super::text::say(lang, &o.say()),
    };
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| first.to_uppercase().chain(chars).collect())
}

#[cfg(test)]
mod tests {
    use super::{close_up, outcome_words};
    use crate::store::Lang;
    use eframe::egui::{pos2, vec2, Rect};
    use retrace_kernel::say::Say;
    use retrace_kernel::Outcome;

    /// A player's words, not the kernel's: no "in-progress", no "won (…)".
    #[test]
    fn outcomes_read_as_a_player_says_them() {
        assert_eq!(outcome_words(&Outcome::InProgress, Lang::En), "In progress");
        assert_eq!(outcome_words(&Outcome::InProgress, Lang::Ru), "Идёт");
        assert_eq!(outcome_words(&Outcome::Won(Say::from("won in 11 turns")), Lang::En), "Won in 11 turns");
        assert_eq!(outcome_words(&Outcome::Won(Say::from("")), Lang::En), "Won");
    }

    #[test]
    fn a_close_up_fits_or_centres_its_focus_within_the_board() {
        let r = Rect::from_min_size(pos2(0.0, 0.0), vec2(200.0, 140.0));
        // Fits at 14 points a cell: the rect itself.
        assert_eq!(close_up(r, (10, 10), 14.0, None), r);
        // 22 points a cell: 220 × 220 around the middle.
        assert_eq!(close_up(r, (10, 10), 22.0, None), Rect::from_min_size(pos2(-10.0, -40.0), vec2(220.0, 220.0)));
        // The focus in a corner: the board's edge stays at the rect's.
        assert_eq!(close_up(r, (10, 10), 22.0, Some((0.0, 9.0))).min, pos2(0.0, -80.0));
        // A side that fits is centred, the other follows the focus.
        assert_eq!(close_up(r, (4, 10), 43.0, Some((3.0, 0.0))).min, pos2(14.0, 0.0));
    }
}
