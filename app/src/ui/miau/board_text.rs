//! What the level says beside the board: sentences' cells, the automata's
//! beat strips and lines, events in words, what fell and why, the sound of
//! a turn and which way things face.

use crate::store::Lang;
use eframe::egui::{self, Color32, Vec2};
use retrace_kernel::miau::board::Prop;
use retrace_kernel::miau::{Event, State};
use retrace_kernel::say;
use retrace_kernel::say::{Arg, Say};

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

/// One line of the ledger beside the board (issue 44 part 6, the spec's
/// presentation): a rule in force, the built-in terrain rule, or a circuit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ledger {
    /// A rule (`MIAU IS YOU`, `DOCK IS GOAL 2/3`, `FLAG IS WIN+DEFEAT` for a
    /// thing that is both), ` ⬇` after it when it is read downwards; the
    /// rules it stands for, whose words pointing at it outlines.
    Rule(String, Vec<String>),
    /// Terrain that no rule names: STOP, built in (drawn greyed).
    Terrain(String),
    /// A circuit: its channel, plates pressed and plates in all (`AMBER 1/2`).
    Circuit(&'static str, u32, u32),
}

/// The ledger: the rules in force in reading order (a thing both WIN and
/// DEFEAT as one `WIN+DEFEAT` line), the built-in terrain rules, then the
/// circuits.
pub fn ledger(s: &State) -> Vec<Ledger> {
    let texts = s.rules.texts();
    let read = retrace_kernel::miau::rules::sentences(&s.board, &s.custom_words());
    let down = |r: &str| read.iter().any(|x| x.axis == 1 && x.rule.text() == r);
    let (covered, total) = s.goals();
    let mut out = Vec::new();
    for r in &texts {
        let Some(subject) = r.strip_suffix(" IS WIN").or_else(|| r.strip_suffix(" IS DEFEAT")) else {
            let goal = if r.ends_with(" IS GOAL") && total > 0 { format!(" {covered}/{total}") } else { String::new() };
            let mark = if down(r) { " ⬇" } else { "" };
            out.push(Ledger::Rule(format!("{r}{goal}{mark}"), vec![r.clone()]));
            continue;
        };
        let (win, defeat) = (format!("{subject} IS WIN"), format!("{subject} IS DEFEAT"));
        if texts.contains(&win) && texts.contains(&defeat) {
            // One chip for a thing both WIN and DEFEAT, where the first of the two stands.
            if !out.iter().any(|l| matches!(l, Ledger::Rule(_, rs) if rs.contains(&win))) {
                let mark = if down(&win) || down(&defeat) { " ⬇" } else { "" };
                out.push(Ledger::Rule(format!("{subject} IS WIN+DEFEAT{mark}"), vec![win, defeat]));
            }
            continue;
        }
        let mark = if down(r) { " ⬇" } else { "" };
        out.push(Ledger::Rule(format!("{r}{mark}"), vec![r.clone()]));
    }
    out.extend(s.rules.terrain_stop.iter().map(|n| Ledger::Terrain(format!("{} IS STOP", n.to_uppercase()))));
    out.extend(s.circuits().into_iter().map(|(c, down, all)| Ledger::Circuit(c, down, all)));
    out
}

/// Whether a rule now gives the automaton's property (to its subject, if
/// it has one): the kernel's beat's own reading.
pub(super) fn automaton_active(s: &State, a: &retrace_kernel::miau::Automaton) -> bool {
    s.automata.iter().position(|x| x.id == a.id).is_some_and(|k| s.automaton_actors(k, &s.rules).0)
}

/// Each automaton's next beat on the board (issue 44 part 6: an arrow on
/// the sprite): every thing that would take it, with its step (x, y, dx,
/// dy), for the records active under the rules now whose next step moves.
pub fn next_beats(s: &State) -> Vec<(i32, i32, i32, i32)> {
    let mut out = Vec::new();
    for (k, (a, &phase)) in s.automata.iter().zip(&s.phases).enumerate() {
        let (active, actors) = s.automaton_actors(k, &s.rules);
        if !active || a.pattern.is_empty() {
            continue;
        }
        let retrace_kernel::miau::Step::Move(dx, dy) = a.pattern[phase as usize % a.pattern.len()] else { continue };
        out.extend(actors.into_iter().map(|i| (s.board.things[i].x, s.board.things[i].y, dx, dy)));
    }
    out
}

/// A pattern step as the player reads it: an arrow, or `·` for a wait.
pub(super) fn step_letter(step: retrace_kernel::miau::Step) -> String {
    use retrace_kernel::miau::Step;
    match step {
        Step::Wait => "·".to_string(),
        Step::Move(0, -1) => "⬆".to_string(),
        Step::Move(0, 1) => "⬇".to_string(),
        Step::Move(-1, 0) => "⬅".to_string(),
        Step::Move(1, 0) => "➡".to_string(),
        Step::Move(dx, dy) => format!("({dx},{dy})"),
    }
}

/// Moves as the player reads them: arrows, and `·` for a wait (not the
/// command line's `UDLRW` letters; issue 62 item 7).
pub fn move_arrows(moves: &[retrace_kernel::miau::Action]) -> String {
    use retrace_kernel::miau::Action;
    moves
        .iter()
        .map(|a| match a {
            Action::Up => '⬆',
            Action::Down => '⬇',
            Action::Left => '⬅',
            Action::Right => '➡',
            Action::Wait => '·',
        })
        .collect()
}

/// The name an automaton goes by on the screen: the noun it drives (`MOUSE`),
/// or its property word (`TICK`) when it drives every noun that has it; its
/// id is the level designer's.
pub(super) fn automaton_name(a: &retrace_kernel::miau::Automaton) -> String {
    a.subject.as_deref().unwrap_or(&a.property).to_uppercase()
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
    format!("{} beats: {}{}", automaton_name(a), beats.join(" "), if active { "" } else { " (paused)" })
}

/// The beat strip (the Clockwork contract's, F-CK5): a box per step of the
/// whole pattern, the next beat lit, waits drawn hollow, all dimmed while no
/// rule drives the automaton.
pub(super) fn beat_strip(ui: &mut egui::Ui, a: &retrace_kernel::miau::Automaton, phase: u32, active: bool) {
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
        painter.text(r.center(), egui::Align2::CENTER_CENTER, step_letter(step), egui::FontId::monospace(13.0), ink);
    }
}

/// An automaton's next beats (`MOUSE: next ← ← → →`), or that it is paused
/// because no rule gives its property.
pub(super) fn automaton_line(s: &State, a: &retrace_kernel::miau::Automaton, phase: u32, lang: Lang) -> String {
    let word = a.property.to_uppercase();
    if !automaton_active(s, a) {
        return crate::ui::text::say(
            lang,
            &retrace_kernel::say!("{0}: paused while no rule gives {1}", automaton_name(a), word),
        );
    }
    let beats: Vec<String> = (0..4).map(|k| step_letter(a.pattern[(phase as usize + k) % a.pattern.len()])).collect();
    format!("{}: {} {}", automaton_name(a), crate::ui::text::tr(lang, "next"), beats.join(" "))
}

/// A thing's id as a player reads it: `text-win-1` is the word WIN.
pub(super) fn thing(id: &str) -> Say {
    match id.strip_prefix("text-") {
        Some(rest) => say!("the word {0}", Arg::Name(rest.rsplit_once('-').map_or(rest, |(w, _)| w).to_uppercase())),
        None => Say::from(id.to_string()),
    }
}

/// One line for an event, a sentence the window's table translates; none
/// for the win, which has its banner.
pub fn describe(e: &Event) -> Option<Say> {
    Some(match e {
        Event::Rules { added, removed } => Say::from(
            added
                .iter()
                .map(|r| format!("+ {r}"))
                .chain(removed.iter().map(|r| format!("- {r}")))
                .collect::<Vec<_>>()
                .join(", "),
        ),
        Event::Destroyed(ids, why) => {
            let mut names = ids.iter().map(|i| thing(i));
            let first = names.next().unwrap_or_else(|| Say::from(""));
            let who = names.fold(first, |all, next| say!("{0}, {1}", all, next));
            match why.as_str() {
                "sank" => say!("{0}: sank", who),
                "defeated" => say!("{0}: defeated", who),
                "crumbled" => say!("{0}: crumbled", who),
                pair => say!("{0}: destroyed by {1}", who, Arg::Name(pair.to_uppercase())),
            }
        }
        Event::Transformed(id, to) => say!("{0} became {1}", thing(id), Arg::Name(to.to_string())),
        Event::Gate(id, true) => say!("{0}: opened", Arg::Name(id.to_string())),
        Event::Gate(id, false) => say!("{0}: closed", Arg::Name(id.to_string())),
        Event::Won => return None,
    })
}

/// [`describe`], with a gate's cause read from the board after the move
/// (issue 44 part 6: gate events name their cause): opened by what stands
/// on a plate of its circuit, kept open by what is in it, closed with no
/// plate of its circuit pressed.
pub fn describe_after(e: &Event, after: &State) -> Option<Say> {
    let Event::Gate(id, open) = e else { return describe(e) };
    let b = &after.board;
    let Some(g) = b.things.iter().position(|g| g.id.as_str() == id.as_str()) else { return describe(e) };
    let channel = b.things[g].channel.as_deref().unwrap_or("").to_string();
    let name = Arg::Name(id.to_string());
    Some(if *open {
        let presser = (0..b.things.len())
            .filter(|&p| b.things[p].is_plate() && b.things[p].channel.as_deref() == Some(channel.as_str()))
            .find_map(|p| b.other_at(p));
        match (presser, b.other_at(g)) {
            (Some(p), _) => say!("{0}: opened by {1} on a plate ({2})", name, thing(p.id.as_str()), Arg::Name(channel)),
            (None, Some(j)) => say!("{0}: held open by {1} inside it", name, thing(j.id.as_str())),
            (None, None) => say!("{0}: opened", name),
        }
    } else {
        say!("{0}: closed, its plates ({1}) are all free", name, Arg::Name(channel))
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

/// How long a failed push shakes, in seconds.
pub const SHAKE: f32 = 0.25;

/// The one sound a move makes, the most telling first: a win, a defeat, a
/// sinking, an opening, a rule formed, a push, else a step.
pub fn effect(before: &State, after: &State, events: &[Event]) -> crate::sound::Effect {
    use crate::sound::Effect;
    let destroyed = |why: &str| events.iter().any(|e| matches!(e, Event::Destroyed(_, w) if w == why));
    if events.iter().any(|e| matches!(e, Event::Won)) {
        Effect::Win
    } else if you_lost(before, after).is_some() {
        Effect::YouLost
    } else if destroyed("defeated") {
        Effect::Defeat
    } else if !words_gone(events).is_empty() && destroyed("sank") {
        Effect::WordSank
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

/// The words the move destroyed (sunk, defeated, crumbled or opened), in
/// capitals as the board writes them, each once, in the events' order: what
/// the note says went ("STOP IS GONE").
pub fn words_gone(events: &[Event]) -> Vec<String> {
    let mut gone: Vec<String> = Vec::new();
    for e in events {
        let Event::Destroyed(ids, _) = e else { continue };
        for id in ids {
            let Some(rest) = id.strip_prefix("text-") else { continue };
            let word = rest.rsplit_once('-').map_or(rest, |(w, _)| w).to_uppercase();
            if !gone.contains(&word) {
                gone.push(word);
            }
        }
    }
    gone
}

/// One YOU of several lost while others remain (the spec's distinct cue,
/// issue 44 part 6): the ids of the YOUs gone (destroyed, or no longer
/// YOU) and how many are left; `None` when none was lost, or none is left
/// (that is the level lost, which has its own cue).
pub fn you_lost(before: &State, after: &State) -> Option<(Vec<String>, usize)> {
    let you =
        |s: &State, id: &str| s.board.things.iter().any(|t| t.id.as_str() == id && s.rules.has(&t.kind, Prop::You));
    let was: Vec<String> =
        before.board.things.iter().filter(|t| before.rules.has(&t.kind, Prop::You)).map(|t| t.id.to_string()).collect();
    let lost: Vec<String> = was.iter().filter(|id| !you(after, id)).cloned().collect();
    let left = after.board.things.iter().filter(|t| after.rules.has(&t.kind, Prop::You)).count();
    (!lost.is_empty() && left > 0).then_some((lost, left))
}

/// The things a move changed noun (id, the old noun), in reading order:
/// what pops.
pub fn morphed(before: &State, after: &State) -> Vec<(String, String)> {
    use retrace_kernel::miau::board::Kind;
    let mut out: Vec<(i32, i32, String, String)> = after
        .board
        .things
        .iter()
        .filter_map(|t| {
            let old = before.board.things.iter().find(|o| o.id == t.id)?;
            match (&old.kind, &t.kind) {
                (Kind::Object(o), Kind::Object(n)) if o != n => Some((t.y, t.x, t.id.to_string(), o.to_string())),
                _ => None,
            }
        })
        .collect();
    out.sort();
    out.into_iter().map(|(_, _, id, old)| (id, old)).collect()
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
