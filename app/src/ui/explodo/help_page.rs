//! Explodorama's page of Help: its rules in short, its keys and pad buttons
//! (English; the window's table translates each line).

use crate::ui::help::{GamePage, Section};

/// Explodorama's page.
pub const SECTIONS: [Section; 4] = [
    (
        "The game",
        &[
            "A turn-based bomb game: you act, then every enemy moves. Destroy every enemy, uncover the exit hidden under a crate and step onto it; 20 levels, the same for the same seed.",
            "A bomb goes off at the end of the third action after you lay it; its blast runs along the row and the column and breaks crates.",
            "Crates hide coins, power-ups and charges. Between levels the shop sells more. Losing a life starts the level again; the run ends with the last life.",
            "Power-ups add no buttons: they make Move and Bomb do more, and the tile you click decides. With Move, next to you is a step (a kick into a bomb), two straight a run, where a slide stops a slide; with Bomb, next to you a bomb, two away a throw, further an ICBM or a rocket. A click on one of your bombs sets it off (Detonator); where a tile allows two things, you are asked which.",
        ],
    ),
    (
        "Keys",
        &[
            "Arrows or W A S D: a step that way (or the picked action that way) · Q E Z C: a step diagonally.",
            "B then an arrow: a bomb on that side · M: back to moving · Space: wait a turn.",
            "R run · L slide · K kick · T throw · G diagonal · F rocket · X detonate · V use a charge (P a Teleport, I an ICBM): picks that action, once you have it.",
            "Shift + arrows: move the cursor between tiles · Enter: act on the cursor's tile.",
            "Alt + arrows: look around · Home: follow yourself again.",
            "?: what is on the cursor's tile · Esc: cancel a pick, put the cursor away, then the menu.",
        ],
    ),
    (
        "Mouse",
        &["Click a highlighted tile to act on it; a far tile walks you there, a crate to beside it. Pointing at a tile shows what it would do. Click Move or Bomb again, or a tile it cannot use, to put the pick away."],
    ),
    (
        "Gamepad",
        &[
            "D-pad: the cursor · bottom button: Move or Go · left: Bomb · top: a charge · right: Wait.",
            "Left shoulder: the cursor back to you · right shoulder or Select: what is that? · Start: the menu.",
        ],
    ),
];

/// The page as Help shows it.
pub const PAGE: GamePage = GamePage { tab: "Explodorama", sections: &SECTIONS, draw: None };
