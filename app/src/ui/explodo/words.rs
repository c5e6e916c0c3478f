//! Explodorama's words on screen: power-ups', charges' and enemies' names
//! and texts in the window's language, the gem's cards, the death line and
//! what an event says.

use super::*;

/// A power-up's name in the window's language.
pub fn power_name(p: Power, lang: Lang) -> &'static str {
    if lang != Lang::Ru {
        return p.name();
    }
    match p {
        Power::BombUp => "Бомба +1",
        Power::FireUp => "Огонь +1",
        Power::Tnt => "Тротил",
        Power::FuseUp => "Запал +1",
        Power::Run => "Бег",
        Power::Kick => "Пинок",
        Power::Throw => "Бросок",
        Power::Diagonal => "Диагональ",
        Power::Slide => "Скольжение",
        Power::Rpg => "Гранатомёт",
        Power::Detonator => "Детонатор",
        Power::Proximity => "Датчик близости",
        Power::CratePass => "Сквозь ящики",
        Power::BombPass => "Сквозь бомбы",
        Power::Star => "Звезда",
        Power::Heart => "Сердце",
        Power::CoinBag => "Мешок монет",
    }
}

/// What a power-up does, in the window's language.
pub fn power_text(p: Power, lang: Lang) -> &'static str {
    if lang != Lang::Ru {
        return p.text();
    }
    match p {
        Power::BombUp => "Ещё одна бомба на поле одновременно, до 5.",
        Power::FireUp => "Взрыв достаёт на клетку дальше, до 5.",
        Power::Tnt => "Взрыв достаёт на две клетки дальше, до 5.",
        Power::FuseUp => "Ваши бомбы начинают отсчёт на единицу выше, до 5.",
        Power::Run => "Ход может пробежать 2 клетки по прямой.",
        Power::Kick => "Войдите в бомбу, и она покатится, пока что-нибудь её не остановит.",
        Power::Throw => "Бомбу можно бросить на 2 клетки, через ящик, бомбу или врага (не через колонну).",
        Power::Diagonal => "Ход может идти по диагонали, если обе клетки рядом с шагом не заняты.",
        Power::Slide => "Ход может скользить по прямой, пока стена, ящик или бомба не остановят вас.",
        Power::Rpg => "Бомбой можно выстрелить по прямой; она падает перед первым препятствием.",
        Power::Detonator => "Взорвите одну из своих бомб в этот ход.",
        Power::Proximity => "Ваши бомбы взрываются, когда враг оказывается рядом.",
        Power::CratePass => "Проходите сквозь ящики.",
        Power::BombPass => "Проходите по бомбам.",
        Power::Star => "8 ходов вам ничто не вредит; можно идти сквозь огонь.",
        Power::Heart => "Ещё одна жизнь.",
        Power::CoinBag => "10 монет.",
    }
}

/// A charge's name in the window's language.
pub fn charge_name(c: Charge, lang: Lang) -> &'static str {
    if lang != Lang::Ru {
        return c.name();
    }
    match c {
        Charge::Pierce => "Пробой",
        Charge::Power => "Мощь",
        Charge::Nuke => "Ядерная",
        Charge::Acid => "Кислота",
        Charge::Shield => "Щит",
        Charge::Freeze => "Заморозка",
        Charge::Decoy => "Приманка",
        Charge::Icbm => "МБР",
        Charge::FlamePass => "Сквозь огонь",
        Charge::Teleport => "Телепорт",
    }
}

/// What a charge does, in the window's language.
pub fn charge_text(c: Charge, lang: Lang) -> &'static str {
    if lang != Lang::Ru {
        return c.text();
    }
    match c {
        Charge::Pierce => "3 бомбы, чей огонь проходит сквозь ящики, сжигая все в пределах досягаемости.",
        Charge::Power => "3 бомбы, чей огонь достаёт до самых стен (ящики всё ещё его останавливают).",
        Charge::Nuke => "3 бомбы, которые выжигают ещё и всё в 2 шагах, сквозь ящики и за углы. Отойдите на 3 шага.",
        Charge::Acid => "1 бомба: жжёт как ядерная и раскалывает колонны рядом; следующий взрыв ломает треснувшую колонну, а через 4 хода падает потолок.",
        Charge::Shield => "Работает сам: поглощает следующий удар (огонь, враг или шипы).",
        Charge::Freeze => "Все враги замирают на месте на 3 хода.",
        Charge::Decoy => "Ваша копия до 3 клеток по прямой; преследователи бегут за ней.",
        Charge::Icbm => "3 запуска: летит как из гранатомёта и взрывается, едва приземлившись.",
        Charge::FlamePass => "Работает сам: огонь не вредит вам ближайшие 3 раза.",
        Charge::Teleport => "3 прыжка на любую пустую клетку в 3 шагах (4 с Бегом; квадрат с Диагональю).",
    }
}

/// A card's name (a power-up or a charge) in the window's language.
pub fn offer_name(o: Offer, lang: Lang) -> &'static str {
    match o {
        Offer::Power(p) => power_name(p, lang),
        Offer::Charge(c) => charge_name(c, lang),
    }
}

/// A gem or shop card in the window's language: the kernel's card
/// ("Blast 2 → 4 (max 5)", "Pierce ×3") with its words translated.
pub fn card_text(s: &State, o: Offer, lang: Lang) -> String {
    let card = plain(&s.card(o));
    if lang != Lang::Ru {
        return card;
    }
    let name = (o.name(), offer_name(o, lang));
    [
        ("Star turns", "Ходы звезды"),
        ("Bombs", "Бомбы"),
        ("Blast", "Взрыв"),
        ("Fuse", "Запал"),
        ("Lives", "Жизни"),
        ("Coins", "Монеты"),
        ("max", "макс."),
        name,
    ]
    .iter()
    .fold(card, |c, (en, ru)| c.replacen(en, ru, 1))
}

/// Kernel text with the arrow the default fonts lack ("Blast 2 → 4") written
/// as "->".
pub fn plain(text: &str) -> String {
    text.replace('→', "->")
}

/// An enemy type's name in the window's language.
pub fn kind_name(k: retrace_kernel::explodo::Kind, lang: Lang) -> &'static str {
    use retrace_kernel::explodo::Kind;
    if lang != Lang::Ru {
        return k.name();
    }
    match k {
        Kind::Blob => "Клякса",
        Kind::Seeker => "Ищейка",
        Kind::Drifter => "Бродяга",
        Kind::Sprinter => "Спринтер",
        Kind::Ghost => "Призрак",
        Kind::Wisp => "Огонёк",
        Kind::Hunter => "Охотник",
    }
}

/// A lost life's line (`Level 3, turn 7: <how>.`, the kernel's words) in the
/// window's language.
pub fn death_line(text: &str, lang: Lang) -> String {
    use retrace_kernel::explodo::KINDS;
    if lang != Lang::Ru {
        return text.to_string();
    }
    let Some((place, how)) = text.split_once(": ") else { return text.to_string() };
    let place = place.replacen("Level ", "Уровень ", 1).replacen(", turn ", ", ход ", 1);
    let how = how.trim_end_matches('.');
    let kind =
        |name: &str| KINDS.iter().find(|k| k.name() == name).map_or(name.to_string(), |&k| kind_name(k, lang).into());
    let how = if let Some(k) = how.strip_prefix("you walked into a ") {
        format!("вы наткнулись на врага «{}»", kind(k))
    } else if let Some(k) = how.strip_prefix("you crashed into a ") {
        format!("вы врезались во врага «{}»", kind(k))
    } else if let Some(k) = how.strip_prefix("a ").and_then(|h| h.strip_suffix(" walked into you")) {
        format!("на вас наткнулся враг «{}»", kind(k))
    } else {
        match how {
            "you were caught in a blast" => "вас накрыло взрывом".into(),
            "you were boxed in" => "вы оказались заперты".into(),
            "you stood on raised spikes" => "вы стояли на поднятых шипах".into(),
            "the ceiling fell on you" => "на вас обрушился потолок".into(),
            "rubble walled you in" => "завал отрезал вам путь".into(),
            other => other.to_string(),
        }
    };
    format!("{place}: {how}.")
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
