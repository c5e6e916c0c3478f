//! The shell's vocabulary: which screen shows, and a way into a game that
//! would replace a suspended one. Every game's window names its screens
//! here; the shell and the games' windows (`<game>/window.rs`) use them.

use super::explodo::ExplodoView;
use super::life::LifeView;
use super::miau::editor::EditorView;
use super::miau::MiauView;
use super::mines::MinesView;
use super::watch::WatchView;

/// Which screen is showing.
// An allow, not an expect: whether the lint fires depends on the screens'
// sizes, which every view's fields move.
#[allow(clippy::large_enum_variant, reason = "one screen lives at a time, and it moves only when the screen changes")]
pub enum Screen {
    /// The game cards.
    Home,
    /// A MineLayer round.
    Mines(MinesView),
    /// Life's two-player setup.
    LifeSetup,
    /// Life's campaign levels.
    LifeLevels,
    /// A Life game.
    Life(LifeView),
    /// A replay being watched.
    Watch(WatchView),
    /// An Explodorama run.
    Explodo(ExplodoView),
    /// Miau Is True's level list.
    MiauLevels,
    /// A Miau Is True level.
    Miau(MiauView),
    /// Miau Is True's level editor.
    MiauEditor(EditorView),
}

/// A screen that would replace a suspended game (one save slot a game), and
/// the question asked first when there is one.
pub struct Replacing {
    /// Whose suspended game Yes gives up.
    pub slot: Slot,
    /// What Yes shows.
    pub screen: Box<Screen>,
    /// The question (a phrase of the window, translated when shown).
    pub question: &'static str,
}

/// The games whose suspended session a [`Replacing`] gives up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Life's game.
    Life,
    /// MineLayer's round.
    Mines,
    /// Explodorama's run.
    Explodo,
    /// Miau's level.
    Miau,
}

/// The question before a new game replaces a suspended one.
pub const START_OVER: &str = "A suspended game will be lost. Start a new one?";
/// The question before a replay's game replaces a suspended one.
pub const PLAY_FROM_HERE: &str = "A suspended game will be lost. Play from here?";
/// The question before a new Explodorama run replaces the one in progress.
pub const NEW_RUN: &str = "The run in progress will be lost. Start a new one?";

impl Replacing {
    /// `screen`, into the game of `slot`, asking `question` first if a game is suspended there.
    pub fn new(slot: Slot, screen: Screen, question: &'static str) -> Replacing {
        Replacing { slot, screen: Box::new(screen), question }
    }
}
