//! Life's page of Help: its rules in short, its keys and pad buttons
//! (English; the window's table translates each line).

use crate::ui::help::{GamePage, Section};

/// Life's page.
pub const SECTIONS: [Section; 3] = [
    (
        "The game",
        &[
            "Two players take turns at one screen. Each places cells in their own zone (the tinted half) and has a budget of cells for the whole game.",
            "Then the field lives by Conway's rules: a cell with 2 or 3 neighbours lives on, an empty cell with exactly 3 is born in the colour most of them have.",
            "The game ends when a colour dies out, when it is ended by hand, or when the field stands still and the one behind has no budget left. The most live cells wins.",
            "The campaign: clear every enemy (green) cell with the budget you are given; the enemy cannot be touched. 103 levels, each opened by winning the one before.",
        ],
    ),
    (
        "Placing",
        &[
            "Click or drag to place cells; drag with the right button to erase. Only this turn's cells can be erased, and they give their budget back.",
            "Tools: pencil and brush place, the erasers take away; a pattern is placed whole, and the mouse wheel (or Rotate) turns it.",
            "Placement is blind: Ready hands the screen to the other player, who does not see your new cells until the field runs. Reset puts this turn back.",
        ],
    ),
    (
        "Keys",
        &[
            "Space: pause or run the field · One generation: a single step while paused.",
            "H: ask the solver where to place (the campaign's hint).",
        ],
    ),
];

/// The page as Help shows it.
pub const PAGE: GamePage = GamePage { tab: "Life", sections: &SECTIONS, draw: None };
