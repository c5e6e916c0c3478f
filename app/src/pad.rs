//! Gamepads through gilrs: the buttons pressed since the last frame, as the
//! games read them (a small enum of our own, so a test can press them with no
//! pad attached). A machine where gamepads cannot be read has none: one line
//! on stderr, never an error. Pads may come and go while the window is open.

/// A pad button, by its place on a standard pad (A is South, B East, X West,
/// Y North on an Xbox layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    /// The d-pad, or the left stick pushed past halfway.
    Up,
    /// The d-pad down.
    Down,
    /// The d-pad left.
    Left,
    /// The d-pad right.
    Right,
    /// The bottom face button (A).
    South,
    /// The right face button (B).
    East,
    /// The left face button (X).
    West,
    /// The top face button (Y).
    North,
    /// The left shoulder (L1).
    LeftShoulder,
    /// The right shoulder (R1).
    RightShoulder,
    /// Start.
    Start,
    /// Select (Back, View).
    Select,
}

/// The pads: gilrs, opened at the first poll.
#[derive(Default)]
pub struct Pads {
    /// `Some(None)` once opening failed (tried once).
    gilrs: Option<Option<gilrs::Gilrs>>,
    /// The left stick's last direction, so a push counts once.
    stick: (i8, i8),
}

impl Pads {
    /// The buttons pressed since the last call, in order.
    pub fn poll(&mut self) -> Vec<Button> {
        let gilrs = self.gilrs.get_or_insert_with(|| match gilrs::Gilrs::new() {
            Ok(g) => Some(g),
            Err(e) => {
                eprintln!("retrace: no gamepads ({e})");
                None
            }
        });
        let Some(g) = gilrs else { return Vec::new() };
        let mut out = Vec::new();
        while let Some(ev) = g.next_event() {
            match ev.event {
                gilrs::EventType::ButtonPressed(b, _) => out.extend(map(b)),
                gilrs::EventType::AxisChanged(axis, value, _) => {
                    let dir = if value > 0.5 {
                        1
                    } else if value < -0.5 {
                        -1
                    } else {
                        0
                    };
                    match axis {
                        gilrs::Axis::LeftStickX if dir != self.stick.0 => {
                            self.stick.0 = dir;
                            out.extend(
                                [(-1, Button::Left), (1, Button::Right)].iter().find(|(d, _)| *d == dir).map(|p| p.1),
                            );
                        }
                        gilrs::Axis::LeftStickY if dir != self.stick.1 => {
                            self.stick.1 = dir;
                            // Up is positive on gilrs's Y axis.
                            out.extend(
                                [(1, Button::Up), (-1, Button::Down)].iter().find(|(d, _)| *d == dir).map(|p| p.1),
                            );
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        out
    }
}

impl Pads {
    /// Whether a pad is plugged in (the window then looks for presses every few frames).
    pub fn connected(&self) -> bool {
        matches!(&self.gilrs, Some(Some(g)) if g.gamepads().next().is_some())
    }
}

/// gilrs's button as ours.
fn map(b: gilrs::Button) -> Option<Button> {
    use gilrs::Button as G;
    Some(match b {
        G::DPadUp => Button::Up,
        G::DPadDown => Button::Down,
        G::DPadLeft => Button::Left,
        G::DPadRight => Button::Right,
        G::South => Button::South,
        G::East => Button::East,
        G::West => Button::West,
        G::North => Button::North,
        G::LeftTrigger => Button::LeftShoulder,
        G::RightTrigger => Button::RightShoulder,
        G::Start => Button::Start,
        G::Select => Button::Select,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_standard_buttons_map_and_the_rest_do_not() {
        use super::{map, Button};
        assert_eq!(map(gilrs::Button::DPadLeft), Some(Button::Left));
        assert_eq!(map(gilrs::Button::South), Some(Button::South));
        assert_eq!(map(gilrs::Button::LeftTrigger), Some(Button::LeftShoulder));
        assert_eq!(map(gilrs::Button::Mode), None, "the guide button is the system's");
    }
}
