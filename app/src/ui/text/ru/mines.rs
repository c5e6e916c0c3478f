//! MineLayer's phrases that the window's table carries (its own screens
//! have their languages in `mines_text.rs`). Sorted by the English
//! (bytewise); a phrase lives in the file of the game that says it.

use retrace_kernel::say::Table;

/// English → Russian.
pub const MINES: Table = &[
    ("Field secured — all {0} mines laid in {1} s.", "Поле готово — все {0} мин поставлены за {1} с."),
    (
        "Reversed Minesweeper: lay every mine. Every field has exactly one solution.",
        "Сапёр наоборот: расставьте все мины. У каждого поля ровно одно решение.",
    ),
    (
        "a laid mine cannot be flagged; pick it up first",
        "на поставленную мину нельзя поставить флажок; сначала уберите её",
    ),
    (
        "a mine laid on a safe square at row {0}, column {1}",
        "мина поставлена на безопасную клетку: ряд {0}, столбец {1}",
    ),
    ("clues are fixed", "подсказки менять нельзя"),
    ("solution revealed", "решение показано"),
    ("the round is over; start a new field", "раунд окончен; начните новое поле"),
];
