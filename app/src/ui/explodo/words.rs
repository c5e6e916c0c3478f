//! Explodorama's words on screen: power-ups', charges' and enemies' names
//! and texts in the window's language, the gem's cards, the death line and
//! what an event says.

use super::*;

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
/// ones the board shows). Power-up and charge names stay as the kernel has them.
pub fn describe(e: &Event, lang: Lang) -> Option<String> {
    let ru = lang == Lang::Ru;
    Some(match e {
        Event::LifeLost(t) => death_line(t, lang),
        Event::RunOver(t) if ru => format!("Игра окончена. {}", death_line(t, lang)),
        Event::RunOver(t) => format!("Game over. {t}"),
        Event::RunWon if ru => "Победа: все 20 уровней пройдены!".into(),
        Event::RunWon => "Victory: all 20 levels cleared!".into(),
        Event::LevelCleared { level, turns, par, coins } if ru => {
            format!("Уровень {level} пройден за {turns} ходов (пар {par}): +{coins} монет.")
        }
        Event::LevelCleared { level, turns, par, coins } => {
            format!("Level {level} cleared in {turns} turns (par {par}): +{coins} coins.")
        }
        Event::ExitOpened if ru => "Последний враг пал: выход открыт.".into(),
        Event::ExitOpened => "The last enemy is gone: the exit is open.".into(),
        Event::Released(k, n) if ru => {
            format!("Пламя на выходе или самоцвете выпустило врагов «{}»: {n}!", kind_name(*k, lang))
        }
        Event::Released(k, n) => format!("Flame on the exit or gem let out {n} {}s!", k.name()),
        Event::PowerTaken(p) => format!("{}: {}", power_name(*p, lang), power_text(*p, lang)),
        Event::ChargeExplained(c) => format!("{}: {}", charge_name(*c, lang), charge_text(*c, lang)),
        Event::ChargeSold(c, v) if ru => format!("{} продан за {v} монет.", charge_name(*c, lang)),
        Event::ChargeSold(c, v) => format!("{} sold for {v} coins.", c.name()),
        Event::Bought(o, v) if ru => format!("Куплено: {} за {v} монет.", offer_name(*o, lang)),
        Event::Bought(o, v) => format!("Bought {} for {v} coins.", o.name()),
        Event::Absorbed(by) if ru => format!("{by} принял удар на себя."),
        Event::Absorbed(by) => format!("The {by} took the hit."),
        Event::Frozen if ru => "Все враги замёрзли.".into(),
        Event::Frozen => "Every enemy froze.".into(),
        Event::PillarBroke(_) if ru => "Треснувшая колонна рухнула: сыплется пыль.".into(),
        Event::PillarBroke(_) => "A cracked pillar broke: dust is falling.".into(),
        Event::CeilingFell(_) if ru => "Обрушился потолок.".into(),
        Event::CeilingFell(_) => "The ceiling fell.".into(),
        Event::ChargeDropped(_, c, n) if ru => {
            format!("Ваш заряд {} (×{n}) лежит там, где вы упали.", charge_name(*c, lang))
        }
        Event::ChargeDropped(_, c, n) => format!("Your {} (×{n}) lies where you fell.", c.name()),
        _ => return None,
    })
}
