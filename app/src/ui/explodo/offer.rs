//! What a tile offers before you commit (issue 43 item 3): each button's
//! action there ([`TileOffer`]: Move/Go, Bomb, Charge, Wait), the result of
//! the first one played on a copy ([`Ghost`]: where you end up, a bomb and
//! its blast, where a kicked bomb stops, the coins that change), the
//! cursor's hops between the tiles that offer something, and the line that
//! says what each key or face button does there.

use super::input::Mode;
use crate::store::Lang;
use crate::ui::text::tr;
use eframe::egui::{self, Color32, Vec2};
use retrace_kernel::explodo::board::Pos;
use retrace_kernel::explodo::{Action, Event, Explodo, State};

/// What Move/Go does on a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Go {
    /// One action there (a step, run, slide, kick…).
    Act(Action),
    /// Auto-move walks there in this many steps (`keep`: it is the way
    /// already set, "Keep walking").
    Walk {
        /// Moves on the way.
        steps: usize,
        /// The destination already set.
        keep: bool,
    },
}

/// What each button does on one tile, with nothing picked (or the picked
/// action as Move/Go's), and whether each would cost a life this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TileOffer {
    /// Move/Go (M or Enter; the pad's bottom button), and whether it is deadly.
    pub go: Option<(Go, bool)>,
    /// Bomb (B; left), and whether it is deadly.
    pub bomb: Option<(Action, bool)>,
    /// Charge (V; top), and whether it is deadly.
    pub charge: Option<(Action, bool)>,
    /// Wait (Space; right): on your own tile only; whether it is deadly.
    pub wait: Option<bool>,
}

impl TileOffer {
    /// Whether any button does something here.
    pub fn any(&self) -> bool {
        self.go.is_some() || self.bomb.is_some() || self.charge.is_some() || self.wait.is_some()
    }

    /// Whether the tile is only a walk (auto-move's faded blue).
    pub fn walk_only(&self) -> bool {
        matches!(self.go, Some((Go::Walk { .. }, _))) && self.bomb.is_none() && self.charge.is_none()
    }

    /// The first action it offers (what the preview plays): Move/Go's,
    /// else Bomb's, else the charge's.
    pub fn first(&self) -> Option<Action> {
        match self.go {
            Some((Go::Act(a), _)) => Some(a),
            _ => self.bomb.or(self.charge).map(|(a, _)| a),
        }
    }
}

/// The result of an action played on a copy of the run: what the board
/// draws faded before you commit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ghost {
    /// Where you end up, when you move.
    pub you: Option<Pos>,
    /// A bomb the action puts down (or an ICBM's landing), with its blast.
    pub bomb: Option<Pos>,
    /// The tiles that bomb's blast would cover.
    pub blast: Vec<Pos>,
    /// A kicked bomb: from where, to where it stops.
    pub kicked: Option<(Pos, Pos)>,
    /// Coins gained this turn.
    pub coins: u32,
    /// A life lost this turn.
    pub deadly: bool,
}

/// Plays `a` on a copy of `s` and reads what it did (the kernel's own
/// events): the preview of one action. None when the rules refuse it.
pub fn ghost(s: &State, a: &Action) -> Option<Ghost> {
    use retrace_kernel::Game;
    let mut sim = s.clone();
    let events = Explodo::apply(&mut sim, a).ok()?;
    let mut g = Ghost { coins: sim.player.coins.saturating_sub(s.player.coins), ..Ghost::default() };
    for e in &events {
        match *e {
            Event::PlayerMoved(_, to) => g.you = Some(to),
            Event::BombPlaced(p) | Event::Launched(p) => g.bomb = Some(p),
            Event::Kicked(from, to) => g.kicked = Some((from, to)),
            _ => {}
        }
    }
    if let Some(p) = g.bomb {
        // The blast as the bomb would make it on the board before the turn
        // (an ICBM's has gone off already: its flame is the blast).
        g.blast = your_blast(s, p);
    }
    g.deadly = retrace_kernel::explodo::route::costs_a_life(s, &sim);
    Some(g)
}

/// The tiles a plain bomb of yours on `at` would burn on the board as it is.
pub fn your_blast(s: &State, at: Pos) -> Vec<Pos> {
    s.blast_tiles(&retrace_kernel::explodo::Bomb::plain(at, s.player.fuse, s.player.blast))
}

/// A bomb drawn faded on `bomb` with its blast's tiles (the preview, and
/// the held tile's armed bomb); `centre` gives a tile's centre.
pub(super) fn paint_faded_bomb(
    painter: &egui::Painter,
    centre: &dyn Fn(Pos) -> egui::Pos2,
    cell: f32,
    bomb: Pos,
    blast: &[Pos],
) {
    for &p in blast {
        let r = egui::Rect::from_center_size(centre(p), Vec2::splat(cell * 0.9));
        painter.rect_filled(r, 3.0, Color32::from_rgba_unmultiplied(255, 140, 30, 60));
    }
    painter.circle_filled(centre(bomb), cell * 0.25, Color32::from_black_alpha(140));
}

/// Every tile's offer for one step and pick (worked out once).
pub(super) type Offers = Vec<(Pos, TileOffer)>;

/// What the offers are worked out for: the step, the mode, whether it is
/// picked, and auto-move's destination.
pub(super) type OffersKey = (u32, Mode, bool, Option<Pos>);

/// What a preview is worked out for: the step, the mode, whether it is
/// picked, and the tile.
pub(super) type GhostKey = (u32, Mode, bool, Pos);

/// Move/Go's words on a tile ("Walk here · 5 steps").
pub fn go_words(g: &Go, lang: Lang) -> String {
    match g {
        Go::Act(a) => tr(lang, action_words(a)).to_string(),
        Go::Walk { steps, keep: false } => {
            crate::ui::text::say(lang, &retrace_kernel::say!("Walk here · {0} steps", *steps as u32))
        }
        Go::Walk { steps, keep: true } => {
            crate::ui::text::say(lang, &retrace_kernel::say!("Keep walking · {0} steps", *steps as u32))
        }
    }
}

/// An action's words on the cursor's line.
pub fn action_words(a: &Action) -> &'static str {
    match a {
        Action::Move(_) | Action::Diagonal(_) => "Step here",
        Action::Run(_) => "Run here",
        Action::Slide(_) => "Slide here",
        Action::Kick(_) => "Kick the bomb",
        Action::Detonate(_) => "Set the bomb off",
        Action::Bomb(_) => "Place a bomb here",
        Action::Throw(_) => "Throw a bomb here",
        Action::Rpg(_) => "Fire a bomb here",
        Action::UseCharge(_) => "Use the charge here",
        _ => "Act here",
    }
}
