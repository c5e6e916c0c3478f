//! Interface text in English and Russian (MineLayer's own 8 languages live in
//! the kernel's share module for the card; its window uses these two).

use crate::store::Lang;

/// The text for `key` in `lang`; the key itself when unknown (a visible bug, never a crash).
pub fn t(lang: Lang, key: &'static str) -> &'static str {
    let (en, ru) = match key {
        "title" => ("Retrace", "Retrace"),
        "tagline" => ("Four deterministic games. Every session is a replay.", "Четыре детерминированные игры. Каждая партия — запись."),
        "life" => ("Life", "Жизнь"),
        "life_blurb" => ("Two-player territorial Conway's Life, hot-seat, and a 103-level campaign.", "Территориальная «Жизнь» Конвея на двоих и кампания из 103 уровней."),
        "two_player" => ("Two players", "Игра на двоих"),
        "campaign" => ("Campaign", "Кампания"),
        "mines" => ("MineLayer", "MineLayer"),
        "mines_blurb" => ("Reversed Minesweeper: lay every mine. Every field has exactly one solution.", "Сапёр наоборот: расставьте все мины. У каждого поля ровно одно решение."),
        "play" => ("Play", "Играть"),
        "resume" => ("Resume", "Продолжить"),
        "miau" => ("Miau Is True", "Miau Is True"),
        "explodo" => ("Explodorama", "Explodorama"),
        "coming" => ("Not playable yet.", "Пока недоступно."),
        "open_replay" => ("Open replay", "Открыть запись"),
        "drop_hint" => ("Drop a replay or certificate file anywhere on the window to watch it.", "Перетащите файл записи или сертификата в окно, чтобы посмотреть его."),
        "settings" => ("Settings", "Настройки"),
        "theme" => ("Theme", "Тема"),
        "dark" => ("Dark", "Тёмная"),
        "light" => ("Light", "Светлая"),
        "language" => ("Language", "Язык"),
        "help" => ("Help", "Справка"),
        "menu" => ("Menu", "В меню"),
        "shortcuts" => (
            "F2: new MineLayer field · Space: pause or run Life · Ctrl+Z: undo (where the game allows) · Esc: back to the menu · drop a .replay file: watch it",
            "F2: новое поле MineLayer · Пробел: пауза/запуск «Жизни» · Ctrl+Z: отмена (где игра разрешает) · Esc: в меню · перетащите файл .replay: просмотр",
        ),
        "no_undo" => ("This game has no undo: its rules forbid taking moves back.", "В этой игре нет отмены хода: правила не разрешают."),
        "verified" => ("verified by replay", "проверено воспроизведением"),
        "certificate" => ("Certificate", "Сертификат"),
        "play_from_here" => ("Play from here", "Играть отсюда"),
        "step" => ("step", "шаг"),
        "speed" => ("speed", "скорость"),
        _ => (key, key),
    };
    match lang {
        Lang::En => en,
        Lang::Ru => ru,
    }
}
