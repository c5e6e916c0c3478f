//! The design copy deck, enforced at load (issue 66 item 2; the spec's
//! world-builders' rule 6): sentence-case titles, no `·` in a title, a
//! tagline or a hint, and no banned word ("garden": the old garden packs'
//! voice) anywhere a player reads. Each breach is a warning, which
//! `retrace miau check` prints and `--strict` counts as an error.

use super::read::{issue, Report};

/// Characters the deck forbids in player-facing text.
pub const FORBIDDEN_CHARS: [char; 1] = ['·'];

/// Words the deck bans from player-facing text (matched case-blind, also
/// inside longer words: "Gardens" is one).
pub const BANNED_WORDS: [&str; 1] = ["garden"];

/// What a piece of text is, for the rules that apply to it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Copy {
    /// A level's title: sentence case too.
    Title,
    /// A tagline, a hint, or a world's name (a proper name).
    Line,
}

/// Warns (at `path`) about each way `text` breaks the deck.
pub fn check(path: &str, text: &str, kind: Copy, r: &mut Report) {
    if let Some(c) = text.chars().find(|c| FORBIDDEN_CHARS.contains(c)) {
        r.warnings.push(issue(path, format!("the copy deck forbids '{c}' (write a comma or a full stop)")));
    }
    let lower = text.to_lowercase();
    if let Some(w) = BANNED_WORDS.iter().find(|w| lower.contains(**w)) {
        r.warnings.push(issue(path, format!("the copy deck bans the word \"{w}\"")));
    }
    if kind == Copy::Title {
        if let Some(w) = title_case_word(text) {
            r.warnings.push(issue(
                path,
                format!("titles are in sentence case: \"{w}\" should start small (only the first word and the game's WORDS are capitals)"),
            ));
        }
    }
}

/// A word past the first that starts with a capital without being a game
/// WORD in capitals (MIAU, DEFEAT) or "I": what makes a title Title Case.
fn title_case_word(text: &str) -> Option<&str> {
    text.split(|c: char| !c.is_alphanumeric() && c != '\'').filter(|w| !w.is_empty()).skip(1).find(|w| {
        let capital = w.chars().next().is_some_and(char::is_uppercase);
        let shouting = w.chars().all(|c| !c.is_lowercase());
        capital && !shouting
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The warnings `text` gets as a title and as a line.
    fn check_text(text: &str, kind: Copy, expected: &[&str]) {
        let mut r = Report::default();
        check("here", text, kind, &mut r);
        let got: Vec<String> = r.warnings.iter().map(|w| w.message.clone()).collect();
        assert_eq!(got.len(), expected.len(), "{text}: {got:?}");
        for (g, e) in got.iter().zip(expected) {
            assert!(g.contains(e), "{text}: {g:?} does not say {e:?}");
        }
        assert!(r.errors.is_empty());
    }

    #[test]
    fn the_copy_deck_warns_about_forbidden_characters_banned_words_and_title_case() {
        check_text("Hello, flag", Copy::Title, &[]);
        check_text("Down to MIAU", Copy::Title, &[]);
        check_text("What I saw", Copy::Title, &[]);
        check_text("Hello, Flag", Copy::Title, &["\"Flag\" should start small"]);
        check_text("Walk · then win", Copy::Line, &["forbids '·'"]);
        check_text("The Garden gate", Copy::Title, &["bans the word \"garden\"", "\"Garden\" should start small"]);
        check_text("Gardens grow here.", Copy::Line, &["bans the word \"garden\""]);
        // A line may name things with capitals; only titles are in sentence case.
        check_text("Try reading MIAU from above. Then Walk.", Copy::Line, &[]);
    }
}
