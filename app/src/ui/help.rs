//! Help: a "How to play" page for each game (its rules in short, every key
//! and pad button), the window's own keys, and About (whose work the window
//! uses). Help opens at the page of the game on screen, from the top bar or
//! with F1; Life's setup and campaign screens also unfold its page in place,
//! as the spec's «Как играть» does.

use crate::store::Lang;
use crate::ui::text::tr;
use eframe::egui;

/// A page of Help.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Page {
    /// The window's keys and files.
    #[default]
    Window,
    /// Life.
    Life,
    /// MineLayer.
    Mines,
    /// Explodorama.
    Explodo,
    /// Miau Is True.
    Miau,
    /// Whose work the window uses.
    About,
}

/// The pages in tab order, with their tab names.
pub const PAGES: [(Page, &str); 6] = [
    (Page::Window, "The window"),
    (Page::Life, "Life"),
    (Page::Mines, "MineLayer"),
    (Page::Explodo, "Explodorama"),
    (Page::Miau, "Miau Is True"),
    (Page::About, "About"),
];

/// A heading and its lines, in English; the window's table translates them.
pub type Section = (&'static str, &'static [&'static str]);

/// Life's page.
pub const LIFE: [Section; 3] = [
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

/// Explodorama's page.
pub const EXPLODO: [Section; 4] = [
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

/// Miau Is True's page.
pub const MIAU: [Section; 3] = [
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

/// The window's page.
pub const WINDOW: [Section; 2] = [
    (
        "Keys",
        &[
            "F1: this help, at the page of the game on screen.",
            "Esc: back one step: a menu or a dialog first, then the home screen.",
            "Ctrl+Z: undo, where the game allows it (Miau Is True).",
        ],
    ),
    (
        "Files",
        &[
            "Drop a replay file on the window to watch it; Play from here goes on from the step shown.",
            "Drop a level pack (a .toml file) to play its levels.",
            "Games are saved as you play: Resume on a game's card goes on where you left it.",
        ],
    ),
];

/// The About page.
pub const ABOUT: [Section; 3] = [
    (
        "Retrace",
        &[
            "Four turn-based games on one deterministic kernel: every game is a log of moves, replayed to save, resume, undo and prove a win.",
            "Pictures and sounds are made in code, but for Miau Is True's colour emoji.",
        ],
    ),
    (
        "Fonts",
        &[
            "The fonts come with egui: Ubuntu Light (Ubuntu Font Licence 1.0), Noto Emoji (SIL Open Font License 1.1), Hack (MIT and the Bitstream Vera licence), emoji-icon-font (MIT) and egui's icons.",
        ],
    ),
    (
        "Emoji",
        &[
            "Colour emoji: Twemoji, copyright 2020 Twitter, Inc and other contributors, now maintained by its original creators (jdecked/twemoji), licensed under CC-BY 4.0; carried by the twemoji-assets crate and drawn with resvg.",
        ],
    ),
];

/// The sections of a page (MineLayer's are the game's own eight help items,
/// in its own language: [`super::mines_text::HELP`]).
pub fn sections(page: Page) -> &'static [Section] {
    match page {
        Page::Window => &WINDOW,
        Page::Life => &LIFE,
        Page::Explodo => &EXPLODO,
        Page::Miau => &MIAU,
        Page::About => &ABOUT,
        Page::Mines => &[],
    }
}

/// Every English line of every page (tests check each has its Russian).
pub fn all_phrases() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = PAGES.iter().map(|(_, name)| *name).collect();
    for (page, _) in PAGES {
        for (heading, lines) in sections(page) {
            out.push(heading);
            out.extend(lines.iter().copied());
        }
    }
    out
}

/// One page's text, in the window's language (MineLayer's in its own).
pub fn page_ui(ui: &mut egui::Ui, page: Page, lang: Lang, mines_lang: &str) {
    if page == Page::Mines {
        for line in super::mines_text::HELP {
            ui.label(super::mines_text::mt(mines_lang, line));
        }
        return;
    }
    for (heading, lines) in sections(page) {
        ui.add_space(4.0);
        ui.strong(tr(lang, heading));
        for line in *lines {
            ui.label(tr(lang, line));
        }
    }
}

/// The Help window: the pages as tabs, the chosen one below.
pub fn window(ctx: &egui::Context, open: &mut bool, page: &mut Page, lang: Lang, mines_lang: &str) {
    egui::Window::new(tr(lang, "Help"))
        .open(open)
        .collapsible(false)
        .default_width(560.0)
        // Centred over the screen (the game behind stays in view around it).
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ctx.content_rect().center())
        .show(ctx, |ui| {
            ui.horizontal_wrapped(|ui| {
                for (p, name) in PAGES {
                    ui.selectable_value(page, p, tr(lang, name));
                }
            });
            ui.separator();
            egui::ScrollArea::vertical().max_height(ctx.content_rect().height() * 0.6).show(ui, |ui| {
                page_ui(ui, *page, lang, mines_lang);
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every heading and line of every page has its Russian, and MineLayer's
    /// page is its own eight items.
    #[test]
    fn every_page_is_in_both_languages() {
        let missing: Vec<&str> = all_phrases().into_iter().filter(|p| crate::ui::text::ru(p).is_none()).collect();
        assert!(missing.is_empty(), "no Russian for: {missing:?}");
        for (page, _) in PAGES {
            assert_eq!(sections(page).is_empty(), page == Page::Mines, "{page:?}");
        }
    }
}
