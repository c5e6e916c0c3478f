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
pub fn ru(en: &str) -> Option<&'static str> {
    RU.binary_search_by(|(k, _)| (*k).cmp(en)).ok().map(|i| RU[i].1)
}

/// The window's phrases, English with its Russian, sorted by the English
/// (bytewise) so [`ru`] finds one by halving; a test keeps the order.
pub const RU: &[(&str, &str)] = &[
    (" · field stable", " · поле стабильно"),
    ("A life lost", "Жизнь потеряна"),
    ("A new charge", "Новый заряд"),
    ("A rule-word puzzle: push the words to rewrite the rules.", "Головоломка из слов-правил: двигайте слова, чтобы переписать правила."),
    ("A suspended game will be lost. Play from here?", "Отложенная игра будет потеряна. Играть отсюда?"),
    ("A suspended game will be lost. Start a new one?", "Отложенная партия будет потеряна. Начать новую?"),
    ("A test run is never saved over your run and earns no score.", "Тестовый забег не заменяет ваш сохранённый и не попадает в рекорды."),
    ("A turn-based, rogue-like bomb game: 20 seeded levels, power-ups, charges, a shop.", "Пошаговая игра с бомбами в духе rogue-like: 20 уровней по зерну, усиления, заряды, магазин."),
    ("Again", "Заново"),
    ("All worlds", "Все миры"),
    ("Almanac", "Альманах"),
    ("Are you sure?", "Вы уверены?"),
    ("Arrows or W A S D move, Space waits, Z undoes, Y redoes, R restarts, H asks the solver for a hint.", "Стрелки или W A S D — ход, Пробел — ждать, Z — отменить, Y — вернуть, R — заново, H — подсказка решателя."),
    ("Ask the solver where to place (H)", "Спросить решатель, куда ставить (H)"),
    ("Automata", "Автоматы"),
    ("Autopilot", "Автопилот"),
    ("BYPASS allowed", "BYPASS разрешён"),
    ("Back to editing", "Назад к правке"),
    ("Back to editor", "Назад в редактор"),
    ("Back to my game", "Назад к моей игре"),
    ("Back to player 1", "Назад к первому игроку"),
    ("Back to the first", "К первой"),
    ("Back to the run", "Назад к забегу"),
    ("Blast", "Взрыв"),
    ("Bomb", "Бомба"),
    ("Bombs", "Бомбы"),
    ("Both have placed. Start the simulation?", "Оба расставили. Начать симуляцию?"),
    ("Brush 3×3", "Кисть 3×3"),
    ("Budget per player", "Бюджет на игрока"),
    ("Bug report written", "Отчёт об ошибке записан"),
    ("Buy", "Купить"),
    ("Campaign", "Кампания"),
    ("Cancel", "Отмена"),
    ("Category", "Категория"),
    ("Certificate", "Сертификат"),
    ("Changes", "Изменения"),
    ("Channel", "Канал"),
    ("Charge", "Заряд"),
    ("Charges", "Заряды"),
    ("Choose", "Выбрать"),
    ("Choose a world", "Выберите мир"),
    ("Clear every enemy (green) cell. Your budget is all you get; the enemy cannot be touched.", "Уничтожьте все клетки врага (зелёные). Бюджет — всё, что у вас есть; врага трогать нельзя."),
    ("Click or drag to place, Shift to stack, right-click to clear a cell.", "Щелчок или протяжка ставит, Shift кладёт стопкой, правая кнопка очищает клетку."),
    ("Close", "Закрыть"),
    ("Closed map (torus)", "Замкнутая карта (torus)"),
    ("Coins", "Монеты"),
    ("Continue", "Продолжить"),
    ("Copy level", "Копировать уровень"),
    ("Cursor: Enter or M acts on its tile, B bomb, V charge, Space waits (on you), Esc backs out.", "Курсор: Enter или M — действие на его клетке, B — бомба, V — заряд, Space — ждать (на вас), Esc — назад."),
    ("Dark", "Тёмная"),
    ("Date", "Дата"),
    ("Defeat", "Поражение"),
    ("Demo", "Демо"),
    ("Details", "Подробности"),
    ("Detonate", "Подрыв"),
    ("Developer", "Разработчик"),
    ("Developer mode: no achievements", "Режим разработчика: без достижений"),
    ("Dismiss", "Закрыть"),
    ("Down", "Вниз"),
    ("Down-left", "Вниз-влево"),
    ("Down-right", "Вниз-вправо"),
    ("Draw", "Ничья"),
    ("Draw more: green", "Дорисовать зелёным"),
    ("Draw more: red", "Дорисовать красным"),
    ("Drop a pack file (.toml) on the window to play its levels.", "Перетащите файл набора (.toml) в окно, чтобы играть его уровни."),
    ("Drop a replay or certificate file anywhere on the window to watch it.", "Перетащите файл записи или сертификата в окно, чтобы посмотреть его."),
    ("Each player places cells in their half; then the field lives by Conway's rules and newborns take the majority colour. The most live cells wins.", "Каждый игрок расставляет клетки в своей половине; затем поле живёт по правилам Конвея, новорождённые берут цвет большинства. Побеждает тот, у кого больше живых клеток."),
    ("Edit", "Править"),
    ("End game", "Завершить партию"),
    ("End the game now? The most live cells wins.", "Завершить партию? Побеждает тот, у кого больше живых клеток."),
    ("Ended", "Конец"),
    ("Enemies", "Враги"),
    ("Erase", "Стереть"),
    ("Eraser 1×1", "Ластик 1×1"),
    ("Eraser 4×4", "Ластик 4×4"),
    ("Explodorama", "Explodorama"),
    ("Explodorama's autopilot", "Автопилот в Explodorama"),
    ("F2: new MineLayer field · Space: pause or run Life · Miau Is True: arrows move, Space waits, Z undo, R restart, H hint · Ctrl+Z: undo (where the game allows) · Esc: back to the menu · drop a .replay file: watch it; a .toml pack: play its levels", "F2: новое поле MineLayer · Пробел: пауза/запуск «Жизни» · Miau Is True: стрелки — ход, Пробел — ждать, Z — отмена, R — заново, H — подсказка · Ctrl+Z: отмена (где игра разрешает) · Esc: в меню · перетащите файл .replay: просмотр; набор .toml: его уровни"),
    ("Field size", "Размер поля"),
    ("Fixed words", "Закреплённые слова"),
    ("Four deterministic games. Every session is a replay.", "Четыре детерминированные игры. Каждая партия — запись."),
    ("Freeze", "Заморозка"),
    ("From level", "С уровня"),
    ("Fuse", "Запал"),
    ("Game over", "Игра окончена"),
    ("Go", "Дальше"),
    ("Got it", "Понятно"),
    ("Green wins", "Зелёные побеждают"),
    ("HANDS-OFF allowed", "HANDS-OFF разрешён"),
    ("Handing over", "Передача устройства"),
    ("Height", "Высота"),
    ("Held", "Есть"),
    ("Help", "Справка"),
    ("High scores", "Рекорды"),
    ("Hint", "Подсказка"),
    ("Hint:", "Подсказка:"),
    ("Hint: no placement here leaves fewer enemy cells.", "Подсказка: отсюда ни одна расстановка не оставляет противнику меньше клеток."),
    ("How far", "Как далеко"),
    ("Id", "Код"),
    ("Immortal", "Бессмертие"),
    ("Import", "Импортировать"),
    ("Import: paste a level's text here", "Импорт: вставьте сюда текст уровня"),
    ("Input: controller", "Ввод: геймпад"),
    ("Input: keyboard", "Ввод: клавиатура"),
    ("Its glyph faces left", "Его значок смотрит влево"),
    ("Jump to the end", "В конец"),
    ("Kick", "Пинок"),
    ("Kills", "Убито"),
    ("LIMIT: no win within {n} states", "ПРЕДЕЛ: за {n} состояний победа не найдена"),
    ("Language", "Язык"),
    ("Last move", "Последний ход"),
    ("Left", "Влево"),
    ("Left: draw or stamp · right drag: erase", "Левая кнопка: рисовать или штамп · правая: стереть"),
    ("Level", "Уровень"),
    ("Level abandoned", "Уровень прерван"),
    ("Level cleared", "Уровень пройден"),
    ("Level cleared!", "Уровень пройден!"),
    ("Level editor", "Редактор уровней"),
    ("Levels", "Уровни"),
    ("Life", "Жизнь"),
    ("Life — campaign", "Жизнь — кампания"),
    ("Life — two players", "Жизнь — игра на двоих"),
    ("Light", "Светлая"),
    ("Lives", "Жизни"),
    ("Lives lost", "Жизней потеряно"),
    ("Menu", "В меню"),
    ("Miau Is True", "Miau Is True"),
    ("MineLayer", "MineLayer"),
    ("Move", "Ход"),
    ("Must form", "Обязательные правила"),
    ("New", "Новое"),
    ("New dungeon", "Новое подземелье"),
    ("New level", "Новый уровень"),
    ("New run", "Новый забег"),
    ("Next level", "Следующий уровень"),
    ("Next move", "Следующий ход"),
    ("No verdict (the search stopped).", "Вердикта нет (поиск остановлен)."),
    ("Not a level yet: see the problems below.", "Это ещё не уровень: смотрите ошибки ниже."),
    ("Nothing is YOU any more: undo (Z) or restart (R).", "Больше ничто не YOU: отмените ход (Z) или начните заново (R)."),
    ("On the board", "На поле"),
    ("One generation", "Одно поколение"),
    ("Open pack", "Открыть набор"),
    ("Open replay", "Открыть запись"),
    ("Pack text", "Текст набора"),
    ("Pairs", "Пары"),
    ("Pass the device to player 2.", "Передайте устройство второму игроку."),
    ("Pattern", "Паттерн"),
    ("Pause", "Пауза"),
    ("Paused", "Пауза"),
    ("Pencil 1×1", "Карандаш 1×1"),
    ("Place", "Поставить"),
    ("Place hint", "Поставить подсказку"),
    ("Place on release, so your finger does not hide the cell", "Ставить при отпускании, чтобы палец не закрывал клетку"),
    ("Play", "Играть"),
    ("Play from here", "Играть отсюда"),
    ("Play-test", "Испытать"),
    ("Player 1 (red) places", "Первый игрок (красный) расставляет"),
    ("Player 1 draws more", "Первый игрок дорисовывает"),
    ("Player 2 (green) places, blind", "Второй игрок (зелёный) расставляет вслепую"),
    ("Player 2 draws more", "Второй игрок дорисовывает"),
    ("Player 2 is ready", "Второй игрок готов"),
    ("Power-ups", "Усиления"),
    ("Previous move", "Предыдущий ход"),
    ("Put this turn's field and budget back", "Вернуть поле и бюджет к началу хода"),
    ("RPG", "РПГ"),
    ("Ready", "Готов"),
    ("Ready to run", "Готово к запуску"),
    ("Red wins", "Красные побеждают"),
    ("Redo", "Вернуть"),
    ("Rematch", "Реванш"),
    ("Report a bug", "Сообщить об ошибке"),
    ("Reset", "Сброс"),
    ("Restart", "Заново"),
    ("Restart level", "Заново"),
    ("Restart this level from the beginning?", "Начать уровень заново?"),
    ("Resume", "Продолжить"),
    ("Retrace", "Retrace"),
    ("Reversed Minesweeper: lay every mine. Every field has exactly one solution.", "Сапёр наоборот: расставьте все мины. У каждого поля ровно одно решение."),
    ("Right", "Вправо"),
    ("Rotate (or use the mouse wheel)", "Повернуть (или колесо мыши)"),
    ("Rules", "Правила"),
    ("Run", "Бег"),
    ("Run menu", "Меню забега"),
    ("Running", "Симуляция"),
    ("SOLVED in {n} moves", "РЕШЁН за {n} ходов"),
    ("Same dungeon", "То же подземелье"),
    ("Save", "Сохранить"),
    ("Saved to", "Сохранено в"),
    ("Scores", "Рекорды"),
    ("Seed", "Зерно"),
    ("Settings", "Настройки"),
    ("Shop after level (0: no)", "Магазин после уровня (0 — нет)"),
    ("Show me", "Покажи"),
    ("Show the folder", "Показать папку"),
    ("Shuffle", "Вперемешку"),
    ("Slide", "Скольжение"),
    ("Solving...", "Решаю..."),
    ("Sound", "Звук"),
    ("Star", "Звезда"),
    ("Start", "Начать"),
    ("Start a new run? This run will be gone.", "Начать новый забег? Этот забег пропадёт."),
    ("Start at level", "Начать с уровня"),
    ("Start simulation", "Старт симуляции"),
    ("Step back", "Шаг назад"),
    ("Step forward", "Шаг вперёд"),
    ("Stop walking", "Остановиться"),
    ("Tap to place", "Постановка по отпусканию"),
    ("Terrain", "Рельеф"),
    ("Test options", "Тестовые настройки"),
    ("Test run", "Тест"),
    ("That was the last level of this pack.", "Это был последний уровень набора."),
    ("The gem", "Самоцвет"),
    ("The last turns", "Последние ходы"),
    ("The level is on the clipboard as pack text.", "Уровень скопирован в буфер обмена текстом набора."),
    ("The next scene", "Следующая сцена"),
    ("The rainbow gem", "Радужный самоцвет"),
    ("The report holds this run as a replay, the build and the machine.", "Отчёт содержит эту партию как запись, версию программы и сведения о машине."),
    ("The run in progress will be lost. Start a new one?", "Текущий забег будет потерян. Начать новый?"),
    ("The scene before", "Предыдущая сцена"),
    ("The shop", "Магазин"),
    ("Theme", "Тема"),
    ("Things", "Предметы"),
    ("Thinking...", "Думаю..."),
    ("Thinking:", "Думаю:"),
    ("This game has no undo: its rules forbid taking moves back.", "В этой игре нет отмены хода: правила не разрешают."),
    ("This scene could not be made.", "Эту сцену не удалось составить."),
    ("Throw", "Бросок"),
    ("Title", "Название"),
    ("To the shop", "В магазин"),
    ("To the start", "В начало"),
    ("Tools", "Инструменты"),
    ("Turn", "Ход"),
    ("Turns", "Ходов"),
    ("Two players", "Игра на двоих"),
    ("Two runs on one board", "Два прохождения на одном поле"),
    ("Two-player territorial Conway's Life, hot-seat, and a 103-level campaign.", "Территориальная «Жизнь» Конвея на двоих и кампания из 103 уровней."),
    ("UNSOLVED: no win in all {n} states", "НЕРЕШАЕМ: победы нет ни в одном из {n} состояний"),
    ("Undo", "Отменить"),
    ("Up", "Вверх"),
    ("Up-left", "Вверх-влево"),
    ("Up-right", "Вверх-вправо"),
    ("Verified", "Проверен"),
    ("Victory", "Победа"),
    ("Wait", "Ждать"),
    ("Watch the solution", "Смотреть решение"),
    ("What happened? (optional)", "Что случилось? (необязательно)"),
    ("What is that?", "Что это?"),
    ("What is that? Arrows hop between things, Enter explains, Esc stops.", "Что это? Стрелки переходят между предметами, Enter объясняет, Esc — выход."),
    ("What's new", "Что нового"),
    ("Width", "Ширина"),
    ("Won!", "Победа!"),
    ("Words", "Слова"),
    ("Write report", "Записать отчёт"),
    ("Yes", "Да"),
    ("best {n} turns", "лучший: {n} ходов"),
    ("blue outline", "синий контур"),
    ("budget", "бюджет"),
    ("budget stalemate", "тупик по бюджету"),
    ("cells", "клеток"),
    ("challenge", "испытание"),
    ("ended", "завершено"),
    ("enemy cells survive it", "клеток противника выживут"),
    ("engine", "движок"),
    ("every enemy cell is gone", "враг уничтожен"),
    ("extinction", "вымирание"),
    ("generation", "поколение"),
    ("locked", "закрыт"),
    ("locked: win the required levels before it", "закрыт: сначала пройдите обязательные уровни"),
    ("no enemy cell survives it", "ни одна клетка противника не выживет"),
    ("no pattern", "нет паттерна"),
    ("none", "нет"),
    ("not proved", "не доказано"),
    ("optional", "по желанию"),
    ("placements tried", "вариантов проверено"),
    ("proved", "доказано"),
    ("random", "случайно"),
    ("required", "обязательный"),
    ("speed", "скорость"),
    ("step", "шаг"),
    ("the budget is spent", "бюджет исчерпан"),
    ("they never differ", "нигде не расходятся"),
    ("they part at step", "расходятся на шаге"),
    ("timeline", "шкала"),
    ("to", "—"),
    ("verified by replay", "проверено воспроизведением"),
    ("won", "пройден"),
    ("{n} required", "обязательных: {n}"),
    ("{won} of {all} levels won", "пройдено {won} из {all}"),
];

/// Phrases of the kernel's (and the file layer's) English messages with their
/// Russian, longest first where one contains another. The kernel speaks
/// English; the window translates what it shows.
const KERNEL_RU: &[(&str, &str)] = &[
    ("The next step on the way is dangerous: waiting for you.", "Следующий шаг опасен: жду вашего решения."),
    ("No way there from here.", "Отсюда туда не пройти."),
    ("Autopilot stopped · Your turn", "Автопилот остановлен · Ваш ход"),
    ("Won! This win is kept with your wins.", "Победа! Эта партия сохранена среди ваших побед."),
    // Explodorama's refusals (the window's own first, then the kernel's).
    (
        "That would cost a life. Pick the action first (its button or key) to do it anyway.",
        "Это будет стоить жизни. Чтобы всё равно сделать это, сначала выберите действие (кнопкой или клавишей).",
    ),
    ("Nothing to do there.", "Здесь делать нечего."),
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
        // Every file of the window, read where it lies: a screen split into
        // a new file is scanned too.
        let mut files = Vec::new();
        let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui")];
        files.push(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui.rs"));
        while let Some(d) = dirs.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    dirs.push(p);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    files.push(p);
                }
            }
        }
        files.sort();
        let sources: Vec<String> = files.iter().map(|f| std::fs::read_to_string(f).unwrap()).collect();
        let mut missing = Vec::new();
        let mut seen = 0;
        for src in &sources {
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

    /// The window's table is sorted by its English, with no phrase twice, so
    /// the lookup by halving finds every phrase.
    #[test]
    fn the_window_table_is_sorted_and_every_phrase_is_found() {
        for w in super::RU.windows(2) {
            assert!(w[0].0 < w[1].0, "out of order or twice: {:?} before {:?}", w[0].0, w[1].0);
        }
        for (en, ru) in super::RU {
            assert_eq!(super::ru(en), Some(*ru), "{en}");
        }
        assert_eq!(super::ru("no such phrase"), None);
    }
}
