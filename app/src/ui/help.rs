//! Help: a "How to play" page for each game (its rules in short, every key
//! and pad button), the window's own keys, and About (whose work the window
//! uses). Help opens at the page of the game on screen, from the top bar or
//! with F1; Life's setup and campaign screens also unfold its page in place,
//! as the spec's «Как играть» does.

use crate::store::{Lang, Settings};
use crate::ui::text::tr;
use eframe::egui;

/// A page of Help.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Page {
    /// The window's keys and files.
    #[default]
    Window,
    /// A game's page, by the kernel registry's id of the game.
    Game(&'static str),
    /// Whose work the window uses.
    About,
}

/// A game's page, as its window gives it
/// ([`GameWindow::help`](super::game::GameWindow::help)): the tab's name,
/// its sections (English, translated when drawn; empty when the game draws
/// its page in its own languages), and how it is drawn.
#[derive(Clone, Copy)]
pub struct GamePage {
    /// The tab's name.
    pub tab: &'static str,
    /// Its headings and lines in English.
    pub sections: &'static [Section],
    /// Draws the page its own way (MineLayer: in its own languages); none:
    /// its sections in the window's language.
    pub draw: Option<fn(&mut egui::Ui, Lang, &Settings)>,
}

/// A heading and its lines, in English; the window's table translates them.
pub type Section = (&'static str, &'static [&'static str]);

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
            "The fonts come with egui: Ubuntu Light (Ubuntu Font Licence 1.0), Noto Emoji (SIL Open Font License 1.1), Hack (MIT and the Bitstream Vera licence), emoji-icon-font (MIT) and egui's icons. MineLayer's Chinese, Japanese and Korean are drawn with a subset of Noto Sans CJK SC (© 2014-2021 Adobe, SIL Open Font License 1.1).",
        ],
    ),
    (
        "Emoji",
        &[
            "Colour emoji: Twemoji, copyright 2020 Twitter, Inc and other contributors, now maintained by its original creators (jdecked/twemoji), licensed under CC-BY 4.0; carried by the twemoji-assets crate and drawn with resvg.",
        ],
    ),
];

/// The window's own pages in tab order (the games' come between them).
const OWN: [(Page, &str, &[Section]); 2] = [(Page::Window, "The window", &WINDOW), (Page::About, "About", &ABOUT)];

/// Every English line of the window's own pages and of `games`' (tests
/// check each has its Russian).
pub fn all_phrases(games: &[GamePage]) -> Vec<&'static str> {
    let mut out = Vec::new();
    let own = OWN.iter().map(|(_, tab, sections)| (*tab, *sections));
    for (tab, sections) in own.chain(games.iter().map(|g| (g.tab, g.sections))) {
        out.push(tab);
        for (heading, lines) in sections {
            out.push(heading);
            out.extend(lines.iter().copied());
        }
    }
    out
}

/// Headings and their lines in the window's language.
pub fn sections_ui(ui: &mut egui::Ui, sections: &[Section], lang: Lang) {
    for (heading, lines) in sections {
        ui.add_space(4.0);
        ui.strong(tr(lang, heading));
        for line in *lines {
            ui.label(tr(lang, line));
        }
    }
}

/// The Help window: the pages as tabs (the window's, each game's of
/// `games` by its id, About), the chosen one below.
pub fn window(
    ctx: &egui::Context,
    open: &mut bool,
    page: &mut Page,
    games: &[(&'static str, GamePage)],
    settings: &Settings,
) {
    let lang = settings.lang;
    crate::ui::widgets::window(ctx, tr(lang, "Help"), 560.0).open(open).show(ctx, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(page, Page::Window, tr(lang, OWN[0].1));
            for (id, g) in games {
                ui.selectable_value(page, Page::Game(id), tr(lang, g.tab));
            }
            ui.selectable_value(page, Page::About, tr(lang, OWN[1].1));
        });
        ui.separator();
        egui::ScrollArea::vertical().max_height(ctx.content_rect().height() * 0.6).show(ui, |ui| match *page {
            Page::Game(id) => match games.iter().find(|(i, _)| *i == id) {
                Some((_, GamePage { draw: Some(draw), .. })) => draw(ui, lang, settings),
                Some((_, g)) => sections_ui(ui, g.sections, lang),
                None => {}
            },
            own => {
                let sections = OWN.iter().find(|(p, ..)| *p == own).map_or(&[][..], |(_, _, s)| *s);
                sections_ui(ui, sections, lang);
                if own == Page::About {
                    // The build (the app, each rules version, the commit):
                    // here for a bug report, not on a player's screen
                    // (issue 62, item 7; it was in Explodorama's Run menu).
                    ui.add_space(6.0);
                    ui.label(egui::RichText::new(crate::version_line()).small().weak());
                }
            }
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every heading and line of every page has its Russian, and
    /// MineLayer's page is its own (drawn in its languages, no sections).
    #[test]
    fn every_page_is_in_both_languages() {
        use crate::ui::{explodo, life, miau, mines};
        let games = [life::help_page::PAGE, mines::help_page::PAGE, explodo::help_page::PAGE, miau::help_page::PAGE];
        let missing: Vec<&str> = all_phrases(&games).into_iter().filter(|p| crate::ui::text::ru(p).is_none()).collect();
        assert!(missing.is_empty(), "no Russian for: {missing:?}");
        for g in games {
            assert_eq!(g.sections.is_empty(), g.tab == "MineLayer", "{}", g.tab);
        }
    }
}
