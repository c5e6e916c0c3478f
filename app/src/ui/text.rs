//! Interface text in English and Russian (MineLayer's own 8 languages live in
//! the kernel's share module for the card; its window uses these two).

use crate::store::Lang;

/// The window's one translation mechanism: English text is the key, and the
/// Russian beside it in one table for every screen. Text with no entry shows
/// in English (a visible gap, never a crash); a test keeps every phrase the
/// screens pass here in the table.
pub fn tr(lang: Lang, en: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Ru => ru(en).unwrap_or(en),
    }
}

/// The Russian for an English phrase of the window, if the table has it.
#[expect(clippy::too_many_lines, reason = "a translation table")]
pub fn ru(en: &str) -> Option<&'static str> {
    Some(match en {
        "Retrace" => "Retrace",
        "Four deterministic games. Every session is a replay." => "Четыре детерминированные игры. Каждая партия — запись.",
        "Life" => "Жизнь",
        "Two-player territorial Conway's Life, hot-seat, and a 103-level campaign." => "Территориальная «Жизнь» Конвея на двоих и кампания из 103 уровней.",
        "Two players" => "Игра на двоих",
        "Campaign" => "Кампания",
        "MineLayer" => "MineLayer",
        "Reversed Minesweeper: lay every mine. Every field has exactly one solution." => "Сапёр наоборот: расставьте все мины. У каждого поля ровно одно решение.",
        "Play" => "Играть",
        "Resume" => "Продолжить",
        "Miau Is True" => "Miau Is True",
        "Explodorama" => "Explodorama",
        "A turn-based, rogue-like bomb game: 20 seeded levels, power-ups, charges, a shop." => "Пошаговая игра с бомбами в духе rogue-like: 20 уровней по зерну, усиления, заряды, магазин.",
        "Seed" => "Зерно",
        "random" => "случайно",
        "Developer" => "Разработчик",
        "Immortal" => "Бессмертие",
        "New run" => "Новый забег",
        "Scores" => "Рекорды",
        "Open replay" => "Открыть запись",
        "Drop a replay or certificate file anywhere on the window to watch it." => "Перетащите файл записи или сертификата в окно, чтобы посмотреть его.",
        "Settings" => "Настройки",
        "Theme" => "Тема",
        "Dark" => "Тёмная",
        "Light" => "Светлая",
        "Language" => "Язык",
        "Help" => "Справка",
        "Menu" => "В меню",
        "F2: new MineLayer field · Space: pause or run Life · Miau Is True: arrows move, Space waits, Z undo, R restart, H hint · Ctrl+Z: undo (where the game allows) · Esc: back to the menu · drop a .replay file: watch it; a .toml pack: play its levels" => "F2: новое поле MineLayer · Пробел: пауза/запуск «Жизни» · Miau Is True: стрелки — ход, Пробел — ждать, Z — отмена, R — заново, H — подсказка · Ctrl+Z: отмена (где игра разрешает) · Esc: в меню · перетащите файл .replay: просмотр; набор .toml: его уровни",
        "This game has no undo: its rules forbid taking moves back." => "В этой игре нет отмены хода: правила не разрешают.",
        "verified by replay" => "проверено воспроизведением",
        "Certificate" => "Сертификат",
        "Play from here" => "Играть отсюда",
        "step" => "шаг",
        "speed" => "скорость",
        "Life — two players" => "Жизнь — игра на двоих",
        "Each player places cells in their half; then the field lives by Conway's rules and newborns take the majority colour. The most live cells wins." => "Каждый игрок расставляет клетки в своей половине; затем поле живёт по правилам Конвея, новорождённые берут цвет большинства. Побеждает тот, у кого больше живых клеток.",
        "Field size" => "Размер поля",
        "Closed map (torus)" => "Замкнутая карта (torus)",
        "Budget per player" => "Бюджет на игрока",
        "Start" => "Начать",
        "Life — campaign" => "Жизнь — кампания",
        "Clear every enemy (green) cell. Your budget is all you get; the enemy cannot be touched." => "Уничтожьте все клетки врага (зелёные). Бюджет — всё, что у вас есть; врага трогать нельзя.",
        "budget" => "бюджет",
        "Level" => "Уровень",
        " · field stable" => " · поле стабильно",
        "generation" => "поколение",
        "engine" => "движок",
        "Pass the device to player 2." => "Передайте устройство второму игроку.",
        "Both have placed. Start the simulation?" => "Оба расставили. Начать симуляцию?",
        "Player 2 is ready" => "Второй игрок готов",
        "Start simulation" => "Старт симуляции",
        "Back to player 1" => "Назад к первому игроку",
        "Pause" => "Пауза",
        "End game" => "Завершить партию",
        "Draw more: red" => "Дорисовать красным",
        "Draw more: green" => "Дорисовать зелёным",
        "Next level" => "Следующий уровень",
        "Again" => "Заново",
        "Levels" => "Уровни",
        "Rematch" => "Реванш",
        "Restart level" => "Заново",
        "End the game now? The most live cells wins." => "Завершить партию? Побеждает тот, у кого больше живых клеток.",
        "Restart this level from the beginning?" => "Начать уровень заново?",
        "locked" => "закрыт",
        "The run in progress will be lost. Start a new one?" => "Текущий забег будет потерян. Начать новый?",
        "Show me" => "Покажи",
        "Previous move" => "Предыдущий ход",
        "Next move" => "Следующий ход",
        "Back to my game" => "Назад к моей игре",
        "A suspended game will be lost. Start a new one?" => "Отложенная партия будет потеряна. Начать новую?",
        "Are you sure?" => "Вы уверены?",
        "Yes" => "Да",
        "Cancel" => "Отмена",
        "Tools" => "Инструменты",
        "Pencil 1×1" => "Карандаш 1×1",
        "Brush 3×3" => "Кисть 3×3",
        "Eraser 1×1" => "Ластик 1×1",
        "Eraser 4×4" => "Ластик 4×4",
        "no pattern" => "нет паттерна",
        "Pattern" => "Паттерн",
        "Rotate (or use the mouse wheel)" => "Повернуть (или колесо мыши)",
        "Reset" => "Сброс",
        "Put this turn's field and budget back" => "Вернуть поле и бюджет к началу хода",
        "Ready" => "Готов",
        "Tap to place" => "Постановка по отпусканию",
        "Place on release, so your finger does not hide the cell" => "Ставить при отпускании, чтобы палец не закрывал клетку",
        "Left: draw or stamp · right drag: erase" => "Левая кнопка: рисовать или штамп · правая: стереть",
        "Player 1 (red) places" => "Первый игрок (красный) расставляет",
        "Handing over" => "Передача устройства",
        "Player 2 (green) places, blind" => "Второй игрок (зелёный) расставляет вслепую",
        "Ready to run" => "Готово к запуску",
        "Running" => "Симуляция",
        "Paused" => "Пауза",
        "Player 1 draws more" => "Первый игрок дорисовывает",
        "Player 2 draws more" => "Второй игрок дорисовывает",
        "Game over" => "Игра окончена",
        "extinction" => "вымирание",
        "ended" => "завершено",
        "budget stalemate" => "тупик по бюджету",
        "every enemy cell is gone" => "враг уничтожен",
        "the budget is spent" => "бюджет исчерпан",
        "Level cleared!" => "Уровень пройден!",
        "Defeat" => "Поражение",
        "Level abandoned" => "Уровень прерван",
        "Red wins" => "Красные побеждают",
        "Green wins" => "Зелёные побеждают",
        "Draw" => "Ничья",
        "to" => "—",
        "timeline" => "шкала",
        "Dismiss" => "Закрыть",
        "Step back" => "Шаг назад",
        "Step forward" => "Шаг вперёд",
        "Jump to the end" => "В конец",
        "A new charge" => "Новый заряд",
        "Blast" => "Взрыв",
        "Bomb" => "Бомба",
        "Bombs" => "Бомбы",
        "Charge" => "Заряд",
        "Coins" => "Монеты",
        "Date" => "Дата",
        "Detonate" => "Подрыв",
        "Down" => "Вниз",
        "Down-left" => "Вниз-влево",
        "Down-right" => "Вниз-вправо",
        "Ended" => "Конец",
        "Enemies" => "Враги",
        "Freeze" => "Заморозка",
        "Fuse" => "Запал",
        "Held" => "Есть",
        "High scores" => "Рекорды",
        "How far" => "Как далеко",
        "Kick" => "Пинок",
        "Kills" => "Убито",
        "Left" => "Влево",
        "Lives lost" => "Жизней потеряно",
        "Lives" => "Жизни",
        "Move" => "Ход",
        "New dungeon" => "Новое подземелье",
        "RPG" => "РПГ",
        "Right" => "Вправо",
        "Run" => "Бег",
        "Same dungeon" => "То же подземелье",
        "Slide" => "Скольжение",
        "Star" => "Звезда",
        "The gem" => "Самоцвет",
        "The rainbow gem" => "Радужный самоцвет",
        "The shop" => "Магазин",
        "Throw" => "Бросок",
        "Turn" => "Ход",
        "Turns" => "Ходов",
        "Up" => "Вверх",
        "Up-left" => "Вверх-влево",
        "Up-right" => "Вверх-вправо",
        "Victory" => "Победа",
        "Wait" => "Ждать",
        "Undo" => "Отменить",
        "Redo" => "Вернуть",
        "Restart" => "Заново",
        "Hint" => "Подсказка",
        "Thinking..." => "Думаю...",
        "Rules" => "Правила",
        "Won!" => "Победа!",
        "Nothing is YOU any more: undo (Z) or restart (R)." => "Больше ничто не YOU: отмените ход (Z) или начните заново (R).",
        "That was the last level of this pack." => "Это был последний уровень набора.",
        "A rule-word puzzle: push the words to rewrite the rules." => "Головоломка из слов-правил: двигайте слова, чтобы переписать правила.",
        "Arrows or W A S D move, Space waits, Z undoes, Y redoes, R restarts, H asks the solver for a hint." => "Стрелки или W A S D — ход, Пробел — ждать, Z — отменить, Y — вернуть, R — заново, H — подсказка решателя.",
        "Last move" => "Последний ход",
        "won" => "пройден",
        "All worlds" => "Все миры",
        "Choose a world" => "Выберите мир",
        "required" => "обязательный",
        "optional" => "по желанию",
        "challenge" => "испытание",
        "best {n} turns" => "лучший: {n} ходов",
        "locked: win the required levels before it" => "закрыт: сначала пройдите обязательные уровни",
        "{won} of {all} levels won" => "пройдено {won} из {all}",
        "{n} required" => "обязательных: {n}",
        "Open pack" => "Открыть набор",
        "Drop a pack file (.toml) on the window to play its levels." => "Перетащите файл набора (.toml) в окно, чтобы играть его уровни.",
        "To the start" => "В начало",
        _ => return None,
    })
}

/// Phrases of the kernel's (and the file layer's) English messages with their
/// Russian, longest first where one contains another. The kernel speaks
/// English; the window translates what it shows.
const KERNEL_RU: &[(&str, &str)] = &[
    ("Won: a certificate was kept as", "Победа: сертификат сохранён как"),
    // Explodorama's refusals (the window's own first, then the kernel's).
    (
        "That would cost a life. Pick the action first (its button or key) to do it anyway.",
        "Это будет стоить жизни. Чтобы всё равно сделать это, сначала выберите действие (кнопкой или клавишей).",
    ),
    ("a crate is in the way", "на пути ящик"),
    ("an oil barrel is in the way", "на пути бочка с маслом"),
    ("a wall is in the way", "на пути стена"),
    ("a bomb is in the way", "на пути бомба"),
    ("that tile is burning", "эта клетка горит"),
    ("a bomb goes on an empty tile next to you", "бомба ставится на пустую соседнюю клетку"),
    ("a bomb goes on an empty tile", "бомба ставится на пустую клетку"),
    ("a bomb cannot go on an enemy", "бомбу нельзя поставить на врага"),
    ("a bomb cannot be thrown over a pillar or the wall", "бомбу нельзя перебросить через колонну или стену"),
    ("the bomb cannot move that way", "бомба не может сдвинуться туда"),
    ("the bomb would land in flame", "бомба упала бы в огонь"),
    ("there is no bomb next to you that way", "рядом в ту сторону нет бомбы"),
    ("there is no bomb of yours on that tile", "на этой клетке нет вашей бомбы"),
    ("there is no dialog open to answer", "нет открытого диалога"),
    ("there is no room to fire that way", "в ту сторону стрелять некуда"),
    ("you carry no Freeze to use first", "у вас нет заморозки"),
    ("you carry no charge", "у вас нет заряда"),
    ("no squeezing between two blocked tiles", "между двумя занятыми клетками не протиснуться"),
    ("nothing to slide over that way", "в ту сторону не по чему скользить"),
    ("something is in the decoy's way", "приманке что-то мешает"),
    ("a decoy goes up to 3 tiles away in a straight line", "приманка ставится не дальше 3 клеток по прямой"),
    ("Teleport needs an empty tile", "телепорту нужна пустая клетка"),
    ("the run is over", "забег окончен"),
    ("that needs the ", "для этого нужно усиление «"),
    (" power-up", "»"),
    ("you can have ", "одновременно на поле может быть бомб: "),
    (" bomb(s) on the board at a time", ""),
    ("a restock costs ", "пополнение стоит "),
    (" coins; you have ", " монет; у вас "),
    (" costs ", " стоит "),
    ("there is no item ", "нет товара "),
    (" on the shelf", " на полке"),
    ("the gem offers cards 0 to ", "самоцвет предлагает карты от 0 до "),
    (" works by itself while you carry it", " действует сам, пока он у вас"),
    ("nothing that is YOU can move that way", "ничто из того, что YOU, не может пойти туда"),
    ("the level is won", "уровень уже пройден"),
    ("the word ", "слово "),
    (": sank", ": утонуло"),
    (": defeated", ": побеждено"),
    (": crumbled", ": рассыпалось"),
    (": destroyed by ", ": уничтожено парой "),
    (" became ", " превратилось в "),
    (": opened", ": открыто"),
    (": closed", ": закрыто"),
    (": blocked", ": не смогло пойти"),
    (
        "not a Retrace replay (it does not start with the replay signature)",
        "это не запись Retrace (в начале нет подписи записи)",
    ),
    ("written by a newer replay format", "записано более новым форматом записи"),
    ("update Retrace to open it", "обновите Retrace, чтобы открыть её"),
    ("the file ends before the replay does", "файл кончается раньше записи"),
    ("truncated at byte offset", "файл обрезан на байте"),
    ("corrupt at byte offset", "файл повреждён на байте"),
    ("unknown game", "неизвестная игра"),
    ("this build plays", "эта сборка знает"),
    ("refusing to replay it", "воспроизводить отказано"),
    ("while this build implements", "а эта сборка реализует"),
    ("recorded under", "записано по правилам"),
    ("checkpoint layout is wrong", "контрольные точки расположены неверно"),
    ("the header or an action up to step", "изменён заголовок или действие до шага"),
    ("was altered", ""),
    ("chain hash mismatch at step", "цепочка хешей не сходится на шаге"),
    ("the setup was refused", "настройки партии отклонены"),
    ("cannot be read", "не читается"),
    ("action rejected at step", "действие отклонено на шаге"),
    ("action at step", "действие на шаге"),
    ("checkpoint mismatch at step", "контрольная точка не сходится на шаге"),
    ("the file records state", "в файле состояние"),
    ("the replay reached", "воспроизведение дало"),
    ("certificate claim is false", "утверждение сертификата ложно"),
    ("not a valid certificate", "недействительный сертификат"),
    ("cannot read it", "не удаётся прочитать"),
    ("It was kept as", "Файл сохранён как"),
    ("you can draw only while placing or editing", "рисовать можно только при расстановке или дорисовке"),
    ("you can stamp only while placing or editing", "ставить штамп можно только при расстановке или дорисовке"),
    ("that is outside your zone", "это вне вашей зоны"),
    ("your budget is spent", "бюджет исчерпан"),
    (
        "nothing to erase there: the eraser only takes back this turn's cells",
        "стирать нечего: ластик снимает только правки этого хода",
    ),
    ("nothing to change there", "здесь нечего менять"),
    ("there is nothing to reset outside a drawing turn", "вне хода сбрасывать нечего"),
    ("nothing to reset: the field is as this turn began", "сбрасывать нечего: поле как в начале хода"),
    ("there is no turn to finish now", "сейчас нечего завершать"),
    ("there is no handoff now", "сейчас нет передачи устройства"),
    ("the simulation is not running", "симуляция не идёт"),
    ("the simulation is not paused", "симуляция не на паузе"),
    ("you can edit only on a paused field", "дорисовывать можно только на паузе"),
    ("you can edit only once the field has stopped changing", "дорисовывать можно только на стабильном поле"),
    ("the enemy does not draw", "враг не рисует"),
    (
        "the game can be ended only while it runs or is paused",
        "завершить партию можно только во время симуляции или паузы",
    ),
    ("player 1 wins", "побеждает игрок 1"),
    ("player 2 wins", "побеждает игрок 2"),
    ("ended by the players", "завершено игроками"),
    ("budget stalemate", "тупик по бюджету"),
    ("extinction", "вымирание"),
    ("cleared at generation", "пройден на поколении"),
    ("abandoned", "прерван"),
    ("Field secured — all", "Поле готово — все"),
    ("mines laid in", "мин поставлены за"),
    ("solution revealed", "решение показано"),
    ("won (", "победа ("),
    ("lost (", "поражение ("),
    ("ended (", "конец ("),
    ("in-progress", "идёт"),
];

/// A kernel message in the interface language.
pub fn kernel(lang: Lang, msg: &str) -> String {
    if lang == Lang::En {
        return msg.to_string();
    }
    let mut out = msg.to_string();
    for (en, ru) in KERNEL_RU {
        out = out.replace(en, ru);
    }
    out
}

#[cfg(test)]
mod tests {
    /// Every literal phrase a screen passes to `tr` has its Russian in the table.
    #[test]
    fn every_phrase_the_screens_translate_is_in_the_table() {
        let sources = [
            include_str!("../ui.rs"),
            include_str!("explodo.rs"),
            include_str!("life.rs"),
            include_str!("miau.rs"),
            include_str!("mines.rs"),
            include_str!("watch.rs"),
        ];
        let mut missing = Vec::new();
        let mut seen = 0;
        for src in sources {
            for (i, _) in src.match_indices("tr(") {
                let before = src[..i].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let rest = &src[i + 3..];
                let Some(comma) = rest.find(',') else { continue };
                if !rest[..comma].chars().all(|c| c.is_alphanumeric() || "_.()".contains(c)) {
                    continue;
                }
                let arg = rest[comma + 1..].trim_start();
                let Some(text) = arg.strip_prefix('"') else { continue };
                let Some(end) = text.find('"') else { continue };
                seen += 1;
                let phrase = &text[..end];
                if !phrase.contains('\\') && super::ru(phrase).is_none() {
                    missing.push(phrase.to_string());
                }
            }
        }
        assert!(seen > 100, "the scan found only {seen} phrases");
        assert!(missing.is_empty(), "no Russian for: {missing:?}");
    }
}
