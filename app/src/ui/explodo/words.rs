//! Explodorama's words on screen: power-ups', charges' and enemies' names
//! and texts in the window's language, the gem's cards, the death line and
//! what an event says.

use crate::store::Lang;
use crate::ui::text::tr;
use retrace_kernel::explodo::items::{Charge, Offer, Power};
use retrace_kernel::explodo::{Event, State};
use retrace_kernel::say::Say;

use retrace_kernel::say;
use retrace_kernel::say::Arg;

/// A power-up's name in the window's language.
pub fn power_name(x: Power, lang: Lang) -> &'static str {
    tr(lang, x.name())
}

/// What a power-up does, in the window's language.
pub fn power_text(x: Power, lang: Lang) -> &'static str {
    tr(lang, x.text())
}

/// A charge's name in the window's language.
pub fn charge_name(x: Charge, lang: Lang) -> &'static str {
    tr(lang, x.name())
}

/// What a charge does, in the window's language.
pub fn charge_text(x: Charge, lang: Lang) -> &'static str {
    tr(lang, x.text())
}

/// A card's name (a power-up or a charge) in the window's language.
pub fn offer_name(o: Offer, lang: Lang) -> &'static str {
    match o {
        Offer::Power(p) => power_name(p, lang),
        Offer::Charge(c) => charge_name(c, lang),
    }
}

/// A gem or shop card in the window's language: the kernel's card
/// ("Blast 2 → 4 (max 5)", "Pierce ×3"), a sentence the table translates.
pub fn card_text(s: &State, o: Offer, lang: Lang) -> String {
    plain(&crate::ui::text::say(lang, &s.card(o)))
}

/// Kernel text with the arrow the default fonts lack ("Blast 2 → 4") written
/// as "->".
pub fn plain(text: &str) -> String {
    text.replace('→', "->")
}

/// An enemy type's name in the window's language.
pub fn kind_name(x: retrace_kernel::explodo::Kind, lang: Lang) -> &'static str {
    tr(lang, x.name())
}

/// A lost life's line (`Level 3, turn 7: <how>.`, the kernel's sentence)
/// in the window's language.
pub fn death_line(text: &Say, lang: Lang) -> String {
    crate::ui::text::say(lang, text)
}

/// An event as a line for the log, in the window's language (None for the
/// ones the board shows).
pub fn describe(e: &Event, lang: Lang) -> Option<String> {
    event_line(e).map(|line| crate::ui::text::say(lang, &line))
}

/// Enemies let out by flame on the exit or the gem change the level at a
/// stroke: the line the message row says for a turn that did it, where it
/// is always seen (issue 40: it went by in silence), with the exit shut
/// again when it had been open.
pub fn release_message(before: &State, events: &[Event], after: &State) -> Option<Say> {
    let line = events.iter().find(|e| matches!(e, Event::Released(..))).and_then(event_line)?;
    Some(if before.board.exit_open && !after.board.exit_open {
        say!("{0} The exit is shut until they are gone.", line)
    } else {
        line
    })
}

/// An event's line as a sentence (None for the ones the board shows).
pub fn event_line(e: &Event) -> Option<Say> {
    Some(match e {
        Event::LifeLost(t) => t.clone(),
        Event::RunOver(t) => say!("Game over. {0}", t.clone()),
        Event::RunWon => say!("Victory: all 20 levels cleared!"),
        Event::LevelCleared { level, turns, par, coins } => {
            say!("Level {0} cleared in {1} turns (par {2}): +{3} coins.", *level, *turns, *par, *coins)
        }
        Event::ExitOpened => say!("The last enemy is gone: the exit is open."),
        Event::Released(k, n) => say!("Flame on the exit or gem let out {0} {1}s!", *n, k.name()),
        Event::PowerTaken(p) => say!("{0}: {1}", p.name(), p.text()),
        Event::ChargeExplained(c) => say!("{0}: {1}", c.name(), c.text()),
        Event::ChargeSold(c, v) => say!("{0} sold for {1} coins.", c.name(), *v),
        Event::Bought(o, v) => say!("Bought {0} for {1} coins.", o.name(), *v),
        Event::Absorbed(by) => say!("The {0} took the hit.", Arg::Say(Say::from(by.clone()))),
        Event::Frozen => say!("Every enemy froze."),
        Event::PillarBroke(_) => say!("A cracked pillar broke: dust is falling."),
        Event::CeilingFell(_) => say!("The ceiling fell."),
        Event::ChargeDropped(_, c, n) => say!("Your {0} (×{1}) lies where you fell.", c.name(), *n),
        _ => return None,
    })
}
