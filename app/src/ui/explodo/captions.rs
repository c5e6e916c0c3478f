//! The demo's words: each scene's caption and how to play it with the
//! input in use, the top bar's tour, and the almanac icon beside a scene.

use super::bars::BarItem;
use super::devices::Input;
use crate::store::Lang;
use crate::ui::text::tr;
use retrace_kernel::explodo::scene::{Control, Mishap, Thing, Topic};

/// The line that says how the opening's demo ends, for `input`.
pub fn to_play(input: Input) -> &'static str {
    match input {
        Input::Mouse => "Click anywhere to play",
        Input::Keyboard => "Press any key but the left and right arrows to play",
        Input::Pad => "Press any button to play",
    }
}

/// The top bar's items the tour points at, in order.
pub const TOUR: [BarItem; 9] = [
    BarItem::Lives,
    BarItem::Level,
    BarItem::Enemies,
    BarItem::Coins,
    BarItem::Turn,
    BarItem::Bombs,
    BarItem::Blast,
    BarItem::Fuse,
    BarItem::Charge,
];

/// The item the top bar's tour points at `progress` (0 to 1) through the
/// scene: each in turn, the last held to the end.
pub fn tour_item(progress: f32) -> BarItem {
    TOUR[((progress * TOUR.len() as f32) as usize).min(TOUR.len() - 1)]
}

/// The almanac entry whose picture is a scene's icon (None: none).
pub fn icon_of(t: Topic) -> Option<super::almanac::Entry> {
    use super::almanac::{Entry, Thing as T};
    Some(match t {
        Topic::Power(p) => Entry::Power(p),
        Topic::Charge(c) => Entry::Charge(c),
        Topic::Enemy(k) => Entry::Enemy(k),
        Topic::Thing(Thing::Bush | Thing::BushFire) => Entry::Thing(T::Bush),
        Topic::Thing(Thing::Metal) => Entry::Thing(T::Metal),
        Topic::Thing(Thing::Oil | Thing::OilSlide) => Entry::Thing(T::Oil),
        Topic::Thing(Thing::Spikes) => Entry::Thing(T::Spikes),
        Topic::Thing(Thing::Barrel) => Entry::Thing(T::Barrel),
        Topic::Thing(Thing::Drops | Thing::Purse) => Entry::Thing(T::Coins),
        Topic::Thing(Thing::Gem) => Entry::Thing(T::Gem),
        Topic::Thing(Thing::Exit | Thing::BlastedExit) => Entry::Thing(T::Exit),
        Topic::Thing(Thing::Lingering) => Entry::Thing(T::Flame),
        _ => return None,
    })
}

/// What a scene is about, in the window's language (its caption's line).
pub fn caption(t: Topic, lang: Lang) -> (&'static str, &'static str) {
    caption_for(t, lang, Input::Keyboard)
}

/// A scene's caption worded for `input`: the control scenes say how the
/// mouse, the keys or the controller play them; the rest read alike.
pub fn caption_for(t: Topic, lang: Lang, input: Input) -> (&'static str, &'static str) {
    match t {
        Topic::Power(p) => (super::words::power_name(p, lang), super::words::power_text(p, lang)),
        Topic::Charge(c) => (super::words::charge_name(c, lang), super::words::charge_text(c, lang)),
        Topic::Enemy(k) => (super::words::kind_name(k, lang), super::almanac::kind_text(k, lang)),
        Topic::Control(c) => {
            let (name, line) = control_text(c, lang);
            let by = match (input, c) {
                (Input::Mouse, Control::Step) => "Click a tile next to you: one step.",
                (Input::Mouse, Control::Bomb) => {
                    "The Bomb button, then a tile next to you: a bomb. Get out of its cross."
                }
                (Input::Mouse, Control::Wait) => "The Wait button waits a turn: the world moves, you stay.",
                (Input::Keyboard, Control::Ask) => {
                    "? wakes a cursor: the arrows take it to an enemy, and Enter says what it is."
                }
                (Input::Pad, Control::Step) => "The d-pad puts the cursor on a tile next to you; A steps there.",
                (Input::Pad, Control::Bomb) => {
                    "The d-pad puts the cursor on a tile next to you; X puts a bomb there. Get out of its cross."
                }
                (Input::Pad, Control::Wait) => "B waits a turn: the world moves, you stay.",
                (Input::Pad, Control::Cursor) => {
                    "The d-pad takes the cursor to a far tile; A walks you there, a step a turn."
                }
                (Input::Pad, Control::Ask) => "R1 puts the cursor on an enemy; A says what it is and where it goes.",
                (Input::Pad, Control::Look) => {
                    "The right stick looks around the board; pressing it brings the view back to you."
                }
                (Input::Pad, Control::Menu) => "Start opens the run menu; B closes it.",
                _ => return (name, line),
            };
            (name, tr(lang, by))
        }
        Topic::Thing(t) => thing_text(t, lang),
        Topic::Mishap(m) => mishap_text(m, lang),
    }
}

/// A control scene's caption, in the window's language.
fn control_text(c: Control, lang: Lang) -> (&'static str, &'static str) {
    let (name, text) = match c {
        Control::Step => ("Step", "An arrow key (or a click next to you) steps one tile."),
        Control::Bomb => ("Bomb", "B, then an arrow: a bomb next to you. Get out of its cross."),
        Control::Wait => ("Wait", "Space waits a turn: the world moves, you stay."),
        Control::Hold => {
            ("Hold to bomb", "Press and hold a tile next to you: a ring closes, and letting go puts the bomb there.")
        }
        Control::AutoMove => ("Auto-move", "Click a far tile, then Go: you walk there a step a turn."),
        Control::TopBar => (
            "The top bar",
            "The top bar: lives, level, enemies left, coins, turn and par, your bombs, and what you hold.",
        ),
        Control::Ask => {
            ("What is that?", "Press ? (or the ? button), then click anything on the board to have it explained.")
        }
        Control::Cursor => {
            ("The cursor", "Shift and the arrows take a cursor to a far tile; Enter walks you there, a step a turn.")
        }
        Control::Look => {
            ("Looking around", "Alt and the arrows look around the board; Home brings the view back to you.")
        }
        Control::Menu => {
            ("The menu", "Esc opens the run menu: a new run, the almanac, the scores, the demo. Esc closes it.")
        }
    };
    (tr(lang, name), tr(lang, text))
}

/// A thing's scene caption, in the window's language.
fn thing_text(t: Thing, lang: Lang) -> (&'static str, &'static str) {
    let (name, text) = match t {
        Thing::Bush => ("Bush", "In a bush enemies lose sight of you."),
        Thing::BushFire => ("Bush fire", "Flame creeps on through bushes, a tile a turn."),
        Thing::Metal => ("Metal crate", "Flame stops at a metal crate."),
        Thing::Oil => ("Oil spill", "A spill burns all at once."),
        Thing::OilSlide => ("Oil slide", "Step on oil and you slide along it."),
        Thing::Spikes => ("Spikes", "Cross spikes while they are down."),
        Thing::Barrel => ("Oil barrel", "Flame bursts a barrel, and it goes off."),
        Thing::Chain => ("Chain reaction", "A blast sets off another bomb at once."),
        Thing::Drops => ("Coins", "Walk over coins to pick them up."),
        Thing::Purse => ("Bronze, silver, gold", "A bronze coin is worth 1, silver 2 and gold 5."),
        Thing::Arrows => {
            ("Enemy arrows", "An enemy's arrows show where it goes next: bomb that tile and it walks into the blast.")
        }
        Thing::Escape => ("A narrow escape", "One step out of the bomb's cross is enough, even right beside it."),
        Thing::Lingering => ("Lingering flame", "Flame burns on for one more turn after its blast."),
        Thing::Swap => {
            ("Charge swap", "You carry one charge: picking up another asks which to keep, and the other is sold.")
        }
        Thing::BlastedExit => ("Blasting the exit", "Flame on the uncovered exit lets three enemies out."),
        Thing::Gem => ("Gem", "The gem offers a choice of power-ups and charges."),
        Thing::Exit => ("Exit", "Once every enemy is gone, walk out by the exit."),
    };
    (tr(lang, name), tr(lang, text))
}

/// A way to lose a life, as a caption, in the window's language.
fn mishap_text(m: Mishap, lang: Lang) -> (&'static str, &'static str) {
    let (name, text) = match m {
        Mishap::IntoBlast => ("Into a blast", "Stepping into a bomb's cross as it goes off costs a life."),
        Mishap::NotFarEnough => ("Not far enough", "One step is not enough: get out of the cross."),
        Mishap::TouchEnemy => ("Touching an enemy", "An enemy's arrows show where it goes: keep off them."),
        Mishap::BlockedIn => ("Blocked in", "A bomb in your only way out leaves you nowhere to go."),
        Mishap::ChainBlast => ("Set off by another", "Out of one bomb's cross is not enough if it sets off another."),
        Mishap::Detonated => ("Detonator too close", "The Detonator sets a bomb off at once: step away first."),
        Mishap::RunInto => ("A run into an enemy", "A run takes two tiles at once: an enemy on the way ends it."),
    };
    (tr(lang, name), tr(lang, text))
}
