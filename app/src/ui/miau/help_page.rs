//! Miau Is True's page of Help: its rules in short, its keys and pad buttons
//! (English; the window's table translates each line).

use crate::ui::help::{GamePage, Section};

/// Miau Is True's page.
pub const SECTIONS: [Section; 3] = [
    (
        "The game",
        &[
            "The rules are words on the board: a row or a column that reads NOUN IS PROPERTY is a rule. Push the words to make new rules and break old ones.",
            "You are whatever is YOU; touch what is WIN to win. Some levels add words of their own: the panel beside the board explains each.",
            "Every move can be taken back, and a hint comes from the solver, which proves each level can be won.",
        ],
    ),
    (
        "Keys",
        &[
            "Arrows or W A S D: move · Space: wait a turn.",
            "Z or Backspace: undo · Y: redo · R: restart the level · H: a hint.",
            "A click on the board moves toward it; the buttons under the board do the same as the keys.",
        ],
    ),
    (
        "Gamepad",
        &[
            "D-pad: move · bottom button: wait · right: undo · top: redo · left: a hint · Select: restart.",
            "Start: the next level or the list · the shoulders: the shown solution's previous and next move.",
        ],
    ),
];

/// The page as Help shows it.
pub const PAGE: GamePage = GamePage { tab: "Miau Is True", sections: &SECTIONS, draw: None };
