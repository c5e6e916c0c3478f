//! Miau Is True's input: the keys and buttons as commands, and a tap on the
//! board as a move.

use eframe::egui;
use retrace_kernel::miau::board::Prop;
use retrace_kernel::miau::{Action, State};

/// What a key or a button asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A move (or Wait).
    Move(Action),
    /// Take the last move back.
    Undo,
    /// Play the undone move again.
    Redo,
    /// Back to the level's start.
    Restart,
    /// Ask the solver for a hint.
    Hint,
    /// The inspect mode on or off: a tap tells what a cell holds instead of moving.
    Inspect,
}

/// The buttons under the board, in order, with their (English) labels.
pub const BUTTONS: [(&str, Command); 10] = [
    ("Up", Command::Move(Action::Up)),
    ("Down", Command::Move(Action::Down)),
    ("Left", Command::Move(Action::Left)),
    ("Right", Command::Move(Action::Right)),
    ("Wait", Command::Move(Action::Wait)),
    ("Undo", Command::Undo),
    ("Redo", Command::Redo),
    ("Restart", Command::Restart),
    ("Hint", Command::Hint),
    ("Inspect", Command::Inspect),
];

/// The commands pressed this frame: arrows or W A S D move, Space waits,
/// Z or Backspace undoes, Y redoes, R restarts, H asks for a hint, I
/// inspects.
pub fn keys(ctx: &egui::Context) -> Vec<Command> {
    use egui::Key;
    ctx.input(|i| {
        [
            (&[Key::ArrowUp, Key::W][..], Command::Move(Action::Up)),
            (&[Key::ArrowDown, Key::S], Command::Move(Action::Down)),
            (&[Key::ArrowLeft, Key::A], Command::Move(Action::Left)),
            (&[Key::ArrowRight, Key::D], Command::Move(Action::Right)),
            (&[Key::Space], Command::Move(Action::Wait)),
            (&[Key::Z, Key::Backspace], Command::Undo),
            (&[Key::Y], Command::Redo),
            (&[Key::R], Command::Restart),
            (&[Key::H], Command::Hint),
            (&[Key::I], Command::Inspect),
        ]
        .into_iter()
        .filter(|(keys, _)| keys.iter().any(|&k| i.key_pressed(k)))
        .map(|(_, c)| c)
        .collect()
    })
}

/// The command a pad button asks for while playing: the d-pad moves, A
/// waits, B undoes, Y redoes, X asks for a hint, Select restarts (Start and
/// the shoulders are the screen's: next level or the list, the solution's
/// previous and next move).
pub fn pad(b: crate::pad::Button) -> Option<Command> {
    use crate::pad::Button as P;
    Some(match b {
        P::Up => Command::Move(Action::Up),
        P::Down => Command::Move(Action::Down),
        P::Left => Command::Move(Action::Left),
        P::Right => Command::Move(Action::Right),
        P::South => Command::Move(Action::Wait),
        P::East => Command::Undo,
        P::North => Command::Redo,
        P::West => Command::Hint,
        P::Select => Command::Restart,
        P::Start | P::LeftShoulder | P::RightShoulder => return None,
        P::LookUp | P::LookDown | P::LookLeft | P::LookRight | P::RightStick => return None,
    })
}

/// The move a tap on cell (x, y) makes: towards it from the first YOU (in
/// board order), along the longer way (across on a tie); a tap on that YOU
/// waits. `None` with nothing YOU or a tap outside the board.
pub fn tap_move(s: &State, x: i32, y: i32) -> Option<Action> {
    if x < 0 || y < 0 || x >= s.board.w || y >= s.board.h {
        return None;
    }
    let you = s.board.things.iter().find(|t| s.rules.has(&t.kind, Prop::You))?;
    let (dx, dy) = (x - you.x, y - you.y);
    Some(match (dx, dy) {
        (0, 0) => Action::Wait,
        _ if dx.abs() >= dy.abs() => {
            if dx > 0 {
                Action::Right
            } else {
                Action::Left
            }
        }
        _ => {
            if dy > 0 {
                Action::Down
            } else {
                Action::Up
            }
        }
    })
}

/// The cells of the YOUs that move `a` would sink or defeat (the real rules
/// on a copy): a warning before the punishment. Empty when the move is safe or
/// refused.
pub fn risky_move(s: &State, a: Action) -> Vec<(i32, i32)> {
    use retrace_kernel::miau::{Event, Miau};
    use retrace_kernel::Game;
    let mut trial = s.clone();
    let Ok(events) = Miau::apply(&mut trial, &a) else { return Vec::new() };
    let lost: Vec<&String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Destroyed(ids, why) if why == "sank" || why == "defeated" => Some(ids),
            _ => None,
        })
        .flatten()
        .collect();
    s.board
        .things
        .iter()
        .filter(|t| s.rules.has(&t.kind, Prop::You) && lost.iter().any(|id| id.as_str() == t.id.as_str()))
        .map(|t| (t.x, t.y))
        .collect()
}
