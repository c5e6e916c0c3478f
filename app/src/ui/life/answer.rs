//! The campaign's hint from its certificate (issue 65 item 2): every level
//! has a verified win in the repository, so the hint reads it instead of
//! searching, and gives it in steps, each a separate press: where to look,
//! then one shape, then the whole answer.

use super::certificates::CERTIFICATES;
use retrace_kernel::digest::Digest;
use retrace_kernel::life::{Action, Life, Phase};
use retrace_kernel::{Game, ReplayFile, Session};

/// A shape of an answer: its cells, and the placements that make it.
pub type Shape = (Vec<(u32, u32)>, Vec<Action>);

/// The certificate's next placements from a position it passes through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The placements, in the certificate's order.
    pub actions: Vec<Action>,
    /// The cells they add, row-major.
    pub cells: Vec<(u32, u32)>,
    /// The cells grouped in shapes (placements in a row whose cells touch,
    /// diagonals included), in the certificate's order; each shape with the
    /// placements that make it.
    pub shapes: Vec<Shape>,
}

/// How far a hint has been taken: each step a separate press.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Step {
    /// Where to look: the area the answer lies in.
    Area,
    /// One shape of it.
    Shape,
    /// The whole answer.
    Whole,
}

/// The hint shown on a position: for which, how far, and the answer.
#[derive(Clone, Debug)]
pub struct Known {
    /// The position (the state's digest and the step) it is for.
    pub position: (Digest, u32),
    /// How far it has been taken.
    pub step: Step,
    /// The certificate's answer.
    pub answer: Answer,
}

impl Answer {
    /// The area the answer lies in: its cells' bounding box, one cell wider
    /// each way (within the field), as `(x0, y0, x1, y1)` inclusive.
    pub fn area(&self, w: u32, h: u32) -> Option<(u32, u32, u32, u32)> {
        let xs = self.cells.iter().map(|c| c.0);
        let ys = self.cells.iter().map(|c| c.1);
        let (x0, x1) = (xs.clone().min()?, xs.max()?);
        let (y0, y1) = (ys.clone().min()?, ys.max()?);
        Some((x0.saturating_sub(1), y0.saturating_sub(1), (x1 + 1).min(w - 1), (y1 + 1).min(h - 1)))
    }
}

/// The certificate's answer from where `session` stands, when the
/// certificate of its campaign level passes through this very position
/// (the level's start, a restart, or after following the hint): the
/// placements it makes next, up to its Ready. `None` outside the campaign,
/// outside a placing phase, or off the certificate's way (the search hint
/// is then the one offered).
pub fn known_answer(session: &Session<Life>) -> Option<Answer> {
    let st = session.state();
    let (level, _) = st.campaign?;
    if !matches!(st.phase, Phase::PlaceP1 | Phase::EditP1) {
        return None;
    }
    let file = ReplayFile::from_bytes(CERTIFICATES.get(usize::from(level))?).ok()?;
    let certificate = Session::<Life>::from_replay(&file).ok()?;
    let target = session.digest();
    let mut s = Life::start(certificate.setup(), certificate.seed()).ok()?;
    let actions = certificate.actions();
    let at = (0..=actions.len()).find(|&i| {
        let here = Life::digest(&s) == target;
        if !here {
            if let Some(a) = actions.get(i) {
                let _ = Life::apply(&mut s, a);
            }
        }
        here
    })?;
    let next: Vec<Action> = actions[at..]
        .iter()
        .take_while(|a| matches!(a, Action::Paint { .. } | Action::Stamp { .. }))
        .cloned()
        .collect();
    if next.is_empty() {
        return None;
    }
    let before = s.clone();
    let mut shapes: Vec<Shape> = Vec::new();
    let mut placed = s;
    for a in &next {
        let was = placed.clone();
        Life::apply(&mut placed, a).ok()?;
        let added = added_cells(&was, &placed);
        // An action joins the shape being made when its cells touch it, else
        // starts the next: so each shape's placements are the certificate's
        // next ones, and placing a shape keeps the player on its way.
        match shapes.last_mut().filter(|(cells, _)| added.iter().any(|c| cells.iter().any(|d| touching(*c, *d)))) {
            Some((cells, acts)) => {
                cells.extend(added);
                acts.push(*a);
            }
            None => shapes.push((added, vec![*a])),
        }
    }
    let cells = added_cells(&before, &placed);
    Some(Answer { actions: next, cells, shapes })
}

/// Whether two cells touch (or are one).
fn touching(a: (u32, u32), b: (u32, u32)) -> bool {
    a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1
}

/// Player 1's cells in `after` that `before` lacks, row-major.
fn added_cells(before: &retrace_kernel::life::State, after: &retrace_kernel::life::State) -> Vec<(u32, u32)> {
    let w = after.field.w;
    (0..after.field.h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| after.field.get(x, y) == 1 && before.field.get(x, y) != 1)
        .collect()
}
