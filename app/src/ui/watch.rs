//! Watching a replay or certificate: verified first (the kernel's message on
//! failure), then played: play/pause, step, a timeline to scrub, speed 0.25×
//! to 16×, jump to the end, and "Play from here" to fork a live session.
//! Two Explodorama runs can share the board ([`WatchView::open_pair`]): the
//! second one's player and bombs outlined in blue, from six turns before
//! the runs part.

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

/// The watched game, typed so it can be drawn.
#[expect(clippy::large_enum_variant, reason = "one watched session at a time, moved only when it opens")]
pub enum Watched {
    /// A MineLayer round.
    Mines(Session<MineLayer>),
    /// A Life game.
    Life(Session<Life>),
    /// An Explodorama run.
    Explodo(Session<Explodo>),
    /// A Miau Is True level.
    Miau(Session<Miau>),
    /// The test game.
    Tally(Session<Tally>),
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
    /// A Miau level's look (its pack's palette and accents), found by its
    /// title once the shell has the packs at hand; the plain look till then.
    pub miau_look: Option<super::miau::Look>,
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
    PlayFromHere(Box<Watched>),
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
        let watched = match verified.game.as_str() {
            "mines" => Watched::Mines(rebuild(file).map_err(err)?),
            "life" => Watched::Life(rebuild(file).map_err(err)?),
            "tally" => Watched::Tally(rebuild(file).map_err(err)?),
            "explodo" => Watched::Explodo(rebuild(file).map_err(err)?),
            "miau" => Watched::Miau(rebuild(file).map_err(err)?),
            other => return Err(err(say!("this build cannot show {0} replays yet", Arg::Name(other.to_string())))),
        };
        Ok(WatchView {
            source: source.into(),
            certificate: verified.certificate,
            verified,
            watched,
            playing: true,
            speed: 1.0,
            acc: 0.0,
            pair: None,
            miau_look: None,
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
        if !matches!(v.watched, Watched::Explodo(_)) || file.header.game != "explodo" {
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
        match &self.watched {
            Watched::Mines(s) => s.step(),
            Watched::Life(s) => s.step(),
            Watched::Tally(s) => s.step(),
            Watched::Explodo(s) => s.step(),
            Watched::Miau(s) => s.step(),
        }
    }

    /// Moves to step `k` (clamped; a second run too, clamped to its own end).
    pub fn seek(&mut self, k: u32) {
        if let Some(p) = &mut self.pair {
            p.other.seek(k);
        }
        match &mut self.watched {
            Watched::Mines(s) => s.seek(k),
            Watched::Life(s) => s.seek(k),
            Watched::Tally(s) => s.seek(k),
            Watched::Explodo(s) => s.seek(k),
            Watched::Miau(s) => s.seek(k),
        }
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
        let outcome = super::text::say(lang, &v.outcome.say());
        let time = match &self.watched {
            Watched::Mines(s) => format!("{} s", s.state().final_seconds().min(retrace_kernel::mines::TIME_CAP)),
            Watched::Life(s) => format!("{} {}", tr(lang, "generation"), s.state().generation),
            Watched::Tally(s) => format!("{} {}", s.state().moves, tr(lang, "moves")),
            Watched::Explodo(s) => {
                format!("{} {} · {} {}", tr(lang, "level"), s.state().run.level, tr(lang, "turn"), s.state().run.turn)
            }
            Watched::Miau(s) => format!("{} {}", tr(lang, "turn"), s.state().turns),
        };
        // Player words on the screen (issue 40): the game, what happened and
        // that it was checked; the file, rules version and digest under Details.
        ui.horizontal(|ui| {
            ui.strong(game_name(&v.game, lang));
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
            let fork = match &self.watched {
                Watched::Mines(_) | Watched::Life(_) | Watched::Explodo(_) | Watched::Miau(_) => true,
                Watched::Tally(_) => false,
            };
            if ui.add_enabled(fork, egui::Button::new(tr(lang, "Play from here"))).clicked() {
                request = Some(self.fork());
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
        request.flatten()
    }

    /// A live copy of the watched game with the log cut at the current step.
    fn fork(&self) -> Option<WatchRequest> {
        fn cut<G: Game>(s: &Session<G>) -> Session<G> {
            let mut live = Session::<G>::new(s.setup().clone(), s.seed()).expect("a verified replay's setup starts");
            for a in s.actions() {
                live.push(a.clone()).expect("a verified replay's actions replay");
            }
            live
        }
        match &self.watched {
            Watched::Mines(s) => Some(WatchRequest::PlayFromHere(Box::new(Watched::Mines(cut(s))))),
            Watched::Life(s) => Some(WatchRequest::PlayFromHere(Box::new(Watched::Life(cut(s))))),
            Watched::Explodo(s) => Some(WatchRequest::PlayFromHere(Box::new(Watched::Explodo(cut(s))))),
            Watched::Miau(s) => {
                // The title names the level (`<pack>/<level>`), so the live copy keeps it.
                let live = cut(s);
                Some(WatchRequest::PlayFromHere(Box::new(Watched::Miau(match s.header("").title {
                    Some(title) => live.with_title(title),
                    None => live,
                }))))
            }
            Watched::Tally(_) => None,
        }
    }
}

/// A game's name as its home card says it, from its id.
fn game_name(id: &str, lang: crate::store::Lang) -> String {
    use crate::ui::text::tr;
    match id {
        "life" => tr(lang, "Life").to_string(),
        "mines" => tr(lang, "MineLayer").to_string(),
        "explodo" => tr(lang, "Explodorama").to_string(),
        "miau" => tr(lang, "Miau Is True").to_string(),
        _ => retrace_kernel::registry::find(id).map_or_else(|| id.to_string(), |g| g.name().to_string()),
    }
}
