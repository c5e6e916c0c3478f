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
    /// The right stick pushed up past halfway: look around.
    LookUp,
    /// The right stick down.
    LookDown,
    /// The right stick left.
    LookLeft,
    /// The right stick right.
    LookRight,
    /// The right stick pressed in (R3): the view back to you.
    RightStick,
}

/// The pads: gilrs, opened at the first poll.
#[derive(Default)]
pub struct Pads {
    /// `Some(None)` once opening failed (tried once).
    gilrs: Option<Option<gilrs::Gilrs>>,
    /// The left stick's last direction, so a push counts once.
    stick: (i8, i8),
    /// The right stick's last direction.
    look: (i8, i8),
    /// The direction held down, repeating.
    repeat: Repeat,
    /// The rumbles playing (an effect stops when dropped: the newest few kept).
    rumbling: Vec<gilrs::ff::Effect>,
    /// The last pad pressed is a Nintendo one (its A on the right).
    nintendo: bool,
    /// The face button held to confirm.
    hold: Hold,
    /// Face buttons are held to confirm (Explodorama's screen); elsewhere
    /// they act at once.
    pub hold_faces: bool,
}

/// Seconds a face button is held before it acts (the spec's half second).
pub const HOLD_SECONDS: f64 = 0.5;

/// Hold-to-confirm for the face buttons (the spec's Q59): a press starts a
/// ring that fills in [`HOLD_SECONDS`]; the button acts when it is full,
/// once, while still down; let go early and nothing happens (the window
/// says "Hold to choose"). One face button at a time: another pressed
/// meanwhile is ignored, and so is the used-up one until it is let go.
#[derive(Default)]
pub struct Hold {
    /// The button held, since when, and whether it has acted.
    held: Option<(Button, f64, bool)>,
    /// A face button was let go before its ring filled (taken by [`Hold::short`]).
    short: bool,
}

impl Hold {
    /// A face button went down at `now`.
    pub fn pressed(&mut self, b: Button, now: f64) {
        if self.held.is_none() {
            self.held = Some((b, now, false));
        }
    }

    /// `b` came up: the hold ends (a short one is noted).
    pub fn released(&mut self, b: Button) {
        if let Some((h, _, fired)) = self.held {
            if h == b {
                self.short |= !fired;
                self.held = None;
            }
        }
    }

    /// The button whose ring filled by `now` (once per hold).
    pub fn tick(&mut self, now: f64) -> Option<Button> {
        let (b, since, fired) = self.held.as_mut()?;
        if *fired || now - *since < HOLD_SECONDS {
            return None;
        }
        *fired = true;
        Some(*b)
    }

    /// The button held and how full its ring is (0 to 1) at `now`.
    pub fn progress(&self, now: f64) -> Option<(Button, f32)> {
        self.held.map(|(b, since, fired)| (b, if fired { 1.0 } else { ((now - since) / HOLD_SECONDS).min(1.0) as f32 }))
    }

    /// Whether a face button was let go too early since the last call.
    pub fn short(&mut self) -> bool {
        std::mem::take(&mut self.short)
    }
}

/// Whether `b` is a face button (held to confirm; the rest act at once).
pub fn is_face(b: Button) -> bool {
    matches!(b, Button::South | Button::East | Button::West | Button::North)
}

/// Nintendo's USB vendor id.
const NINTENDO: u16 = 0x057e;

/// The spec's one exception to placing the actions by position: on a
/// Nintendo pad A (the right-hand button) is "go ahead" and B (the bottom
/// one) "back", so the two swap there; Y (left) and X (top) stay.
pub fn map_for(b: gilrs::Button, nintendo: bool) -> Option<Button> {
    let m = map(b)?;
    Some(match (m, nintendo) {
        (Button::South, true) => Button::East,
        (Button::East, true) => Button::South,
        (m, _) => m,
    })
}

/// The letter on the pad's face button that does `b`'s part: A, B, X, Y as
/// an Xbox pad has them by position; on a Nintendo pad the go-ahead A and
/// the back B keep their letters (they swapped places, [`map_for`]) and the
/// left and top read Y and X.
pub fn face_letter(b: Button, nintendo: bool) -> &'static str {
    match (b, nintendo) {
        (Button::South, _) => "A",
        (Button::East, _) => "B",
        (Button::West, false) | (Button::North, true) => "X",
        _ => "Y",
    }
}

/// Where the shell keeps, for a frame, whether the pad in use is a Nintendo one.
pub fn nintendo_id() -> egui::Id {
    egui::Id::unique("retrace-pad-nintendo")
}

/// Where the shell keeps, for a frame, the face button held and its ring.
pub fn hold_id() -> egui::Id {
    egui::Id::unique("retrace-pad-hold")
}

/// A rumble: the strong and weak motors' strengths (0 to 65535) and how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rumble {
    /// The strong (low-frequency) motor.
    pub strong: u16,
    /// The weak (high-frequency) motor.
    pub weak: u16,
    /// Milliseconds.
    pub ms: u32,
}

/// The rumble a sound effect comes with (issue 43): blasts, hits, pickups
/// and a cleared level; the rest none.
pub fn rumble_of(e: crate::sound::Effect) -> Option<Rumble> {
    use crate::sound::Effect as E;
    let (strong, weak, ms) = match e {
        E::Boom => (30_000, 10_000, 150),
        E::BigBoom => (55_000, 20_000, 260),
        E::Hurt => (65_535, 30_000, 320),
        E::Coin | E::Charge | E::Gem => (0, 18_000, 70),
        E::Cleared => (25_000, 25_000, 420),
        _ => return None,
    };
    Some(Rumble { strong, weak, ms })
}

/// Seconds a direction is held before it repeats (the spec's 250 ms).
pub const FIRST_REPEAT: f64 = 0.25;
/// Seconds between repeats after that (the spec's 75 ms).
pub const REPEAT_EVERY: f64 = 0.075;

/// Hold-repeat for a direction (the d-pad, or the left stick held past
/// halfway): pressed once, then again after [`FIRST_REPEAT`] and every
/// [`REPEAT_EVERY`] while it stays down, so crossing a board is a hold.
#[derive(Default)]
pub struct Repeat {
    /// The direction held and when it repeats next (seconds).
    held: Option<(Button, f64)>,
}

impl Repeat {
    /// `b` went down at `now` (only a direction repeats; a new one takes over).
    pub fn pressed(&mut self, b: Button, now: f64) {
        use Button as B;
        if matches!(b, B::Up | B::Down | B::Left | B::Right | B::LookUp | B::LookDown | B::LookLeft | B::LookRight) {
            self.held = Some((b, now + FIRST_REPEAT));
        }
    }

    /// `b` came up.
    pub fn released(&mut self, b: Button) {
        if self.held.is_some_and(|(h, _)| h == b) {
            self.held = None;
        }
    }

    /// Whether a direction is held (the window then looks more often).
    pub fn holding(&self) -> bool {
        self.held.is_some()
    }

    /// The repeats due by `now`: at most a few at once, so a long stall (a
    /// slow frame) does not fling the cursor across the board.
    pub fn tick(&mut self, now: f64) -> Vec<Button> {
        let mut out = Vec::new();
        if let Some((b, next)) = &mut self.held {
            while now >= *next && out.len() < 3 {
                out.push(*b);
                *next += REPEAT_EVERY;
            }
            if now >= *next {
                *next = now + REPEAT_EVERY;
            }
        }
        out
    }
}

impl Pads {
    /// Whether the last pad pressed is a Nintendo one.
    pub fn nintendo(&self) -> bool {
        self.nintendo
    }

    /// Whether a direction or a face button is held down (the window then
    /// looks often: a repeat, or the ring filling).
    pub fn holding(&self) -> bool {
        self.repeat.holding() || self.hold.held.is_some()
    }

    /// The buttons pressed since the last call, in order, with the held
    /// direction's repeats due by `now` (seconds, the window's clock).
    pub fn poll(&mut self, now: f64) -> Vec<Button> {
        let gilrs = self.gilrs.get_or_insert_with(|| match gilrs::Gilrs::new() {
            Ok(g) => Some(g),
            Err(e) => {
                eprintln!("retrace: no gamepads ({e})");
                None
            }
        });
        let Some(g) = gilrs else { return Vec::new() };
        let mut out = Vec::new();
        let repeat = &mut self.repeat;
        while let Some(ev) = g.next_event() {
            match ev.event {
                gilrs::EventType::ButtonPressed(b, _) => {
                    self.nintendo = g.gamepad(ev.id).vendor_id() == Some(NINTENDO);
                    match map_for(b, self.nintendo) {
                        // A face button acts when its ring is full (below).
                        Some(b) if is_face(b) && self.hold_faces => self.hold.pressed(b, now),
                        Some(b) => {
                            repeat.pressed(b, now);
                            out.push(b);
                        }
                        None => {}
                    }
                }
                gilrs::EventType::ButtonReleased(b, _) => {
                    if let Some(b) = map_for(b, self.nintendo) {
                        repeat.released(b);
                        self.hold.released(b);
                    }
                }
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
                            let was = [(-1, Button::Left), (1, Button::Right)];
                            stick_turn(&was, &mut self.stick.0, dir, now, repeat, &mut out);
                        }
                        gilrs::Axis::LeftStickY if dir != self.stick.1 => {
                            // Up is positive on gilrs's Y axis.
                            let was = [(1, Button::Up), (-1, Button::Down)];
                            stick_turn(&was, &mut self.stick.1, dir, now, repeat, &mut out);
                        }
                        gilrs::Axis::RightStickX if dir != self.look.0 => {
                            let was = [(-1, Button::LookLeft), (1, Button::LookRight)];
                            stick_turn(&was, &mut self.look.0, dir, now, repeat, &mut out);
                        }
                        gilrs::Axis::RightStickY if dir != self.look.1 => {
                            let was = [(1, Button::LookUp), (-1, Button::LookDown)];
                            stick_turn(&was, &mut self.look.1, dir, now, repeat, &mut out);
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        out.extend(repeat.tick(now));
        out.extend(self.hold.tick(now));
        out
    }

    /// The face button held and how full its ring is, at `now`.
    pub fn hold_progress(&self, now: f64) -> Option<(Button, f32)> {
        self.hold.progress(now)
    }

    /// Whether a face button was let go too early since the last call.
    pub fn short_press(&mut self) -> bool {
        self.hold.short()
    }
}

/// The stick on one axis moved from `*last` to `dir` (-1, 0 or 1, mapped to
/// buttons by `buttons`): the old direction comes up, a new one goes down.
fn stick_turn(buttons: &[(i8, Button)], last: &mut i8, dir: i8, now: f64, repeat: &mut Repeat, out: &mut Vec<Button>) {
    let button = |d: i8| buttons.iter().find(|(k, _)| *k == d).map(|p| p.1);
    if let Some(old) = button(*last) {
        repeat.released(old);
    }
    *last = dir;
    if let Some(b) = button(dir) {
        repeat.pressed(b, now);
        out.push(b);
    }
}

impl Pads {
    /// Plays `e`'s rumble (if it has one) on every pad that can: best effort,
    /// a pad without force feedback or an error is silence.
    pub fn rumble(&mut self, e: crate::sound::Effect) {
        use gilrs::ff::{BaseEffect, BaseEffectType, EffectBuilder, Replay, Ticks};
        let (Some(r), Some(Some(g))) = (rumble_of(e), self.gilrs.as_mut()) else { return };
        let ids: Vec<gilrs::GamepadId> = g.gamepads().filter(|(_, p)| p.is_ff_supported()).map(|(id, _)| id).collect();
        if ids.is_empty() {
            return;
        }
        let play = Replay { play_for: Ticks::from_ms(r.ms), ..Default::default() };
        let effect = EffectBuilder::new()
            .add_effect(BaseEffect {
                kind: BaseEffectType::Strong { magnitude: r.strong },
                scheduling: play,
                ..Default::default()
            })
            .add_effect(BaseEffect {
                kind: BaseEffectType::Weak { magnitude: r.weak },
                scheduling: play,
                ..Default::default()
            })
            .gamepads(&ids)
            .finish(g);
        if let Ok(effect) = effect {
            if effect.play().is_ok() {
                if self.rumbling.len() >= 4 {
                    self.rumbling.remove(0);
                }
                self.rumbling.push(effect);
            }
        }
    }

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
        G::RightThumb => Button::RightStick,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_face_button_acts_once_its_ring_fills_and_a_short_press_does_nothing() {
        use super::{Button, Hold};
        let mut h = Hold::default();
        h.pressed(Button::South, 1.0);
        assert_eq!(h.tick(1.3), None, "not before half a second");
        assert_eq!(h.progress(1.25).map(|p| p.1), Some(0.5));
        h.pressed(Button::West, 1.4);
        assert_eq!(h.tick(1.5), Some(Button::South), "full: it acts (the other press was ignored)");
        assert_eq!(h.tick(2.5), None, "once per hold: used up until let go");
        h.released(Button::South);
        assert!(!h.short(), "a full hold is no short press");
        h.pressed(Button::East, 3.0);
        h.released(Button::East);
        assert_eq!(h.tick(4.0), None, "let go early: nothing");
        assert!(h.short() && !h.short(), "a short press is said once");
    }

    #[test]
    fn a_nintendo_pad_swaps_go_ahead_and_back_and_its_letters_follow() {
        use super::{face_letter, map_for, Button};
        use gilrs::Button as G;
        assert_eq!(map_for(G::South, false), Some(Button::South), "Xbox: the bottom button goes ahead");
        assert_eq!(map_for(G::East, true), Some(Button::South), "Nintendo: A, on the right, goes ahead");
        assert_eq!(map_for(G::South, true), Some(Button::East), "Nintendo: B, at the bottom, is back");
        assert_eq!(map_for(G::West, true), Some(Button::West), "Y (left) and X (top) stay");
        let letters = |n| [Button::South, Button::East, Button::West, Button::North].map(|b| face_letter(b, n));
        assert_eq!(letters(false), ["A", "B", "X", "Y"]);
        assert_eq!(letters(true), ["A", "B", "Y", "X"]);
    }

    #[test]
    fn blasts_hits_pickups_and_a_cleared_level_rumble() {
        use super::rumble_of;
        use crate::sound::{Effect, EFFECTS};
        let rumbling: Vec<Effect> = EFFECTS.iter().copied().filter(|&e| rumble_of(e).is_some()).collect();
        assert_eq!(
            rumbling,
            [Effect::Boom, Effect::BigBoom, Effect::Coin, Effect::Charge, Effect::Gem, Effect::Hurt, Effect::Cleared]
        );
        let strength = |e| rumble_of(e).map(|r| r.strong.max(r.weak)).unwrap_or(0);
        assert!(
            strength(Effect::Hurt) > strength(Effect::BigBoom) && strength(Effect::BigBoom) > strength(Effect::Boom)
        );
        assert!(strength(Effect::Coin) < strength(Effect::Boom), "a pickup is a tap");
    }

    #[test]
    fn a_held_direction_repeats_after_250_ms_then_every_75_ms() {
        use super::{Button, Repeat};
        let mut r = Repeat::default();
        r.pressed(Button::Left, 10.0);
        assert!(r.tick(10.2).is_empty(), "not before 250 ms");
        assert_eq!(r.tick(10.25), [Button::Left], "the first repeat");
        assert!(r.tick(10.3).is_empty());
        assert_eq!(r.tick(10.325), [Button::Left], "75 ms on");
        assert_eq!(r.tick(10.475), [Button::Left, Button::Left], "two due at once");
        assert_eq!(r.tick(20.0).len(), 3, "a stall gives a few, not hundreds");
        assert!(r.tick(20.05).is_empty(), "and the next comes 75 ms after it");
        // A new direction takes over; a face button never repeats; letting go stops it.
        r.pressed(Button::Up, 30.0);
        r.pressed(Button::South, 30.1);
        assert_eq!(r.tick(30.26), [Button::Up]);
        r.released(Button::Left);
        assert!(r.holding(), "letting go of another button changes nothing");
        r.released(Button::Up);
        assert!(!r.holding() && r.tick(31.0).is_empty());
        // The right stick held looks on and on too.
        r.pressed(Button::LookRight, 40.0);
        assert_eq!(r.tick(40.25), [Button::LookRight]);
    }

    #[test]
    fn the_standard_buttons_map_and_the_rest_do_not() {
        use super::{map, Button};
        assert_eq!(map(gilrs::Button::DPadLeft), Some(Button::Left));
        assert_eq!(map(gilrs::Button::South), Some(Button::South));
        assert_eq!(map(gilrs::Button::LeftTrigger), Some(Button::LeftShoulder));
        assert_eq!(map(gilrs::Button::Mode), None, "the guide button is the system's");
        assert_eq!(map(gilrs::Button::RightThumb), Some(Button::RightStick));
    }
}
