//! What the keys and the controller press in each turn of a demo scene
//! (the pointer's part is `gesture.rs`): the keys or buttons a turn takes,
//! lit one after another through the turn; where the dashed cursor is as
//! they light; and the keyboard's and the pad's own scenes (the cursor,
//! "What is that?" by keys or R1, looking around, the menu), which the
//! scene's own boards drive, so what is pressed is what the kernel did.

use super::clip::nearest_enemy;
use super::clip::Clip;
use super::devices::{keys_of, pad_of, Input, Key, PAD_A, PAD_B};
use eframe::egui::Vec2;
use retrace_kernel::explodo::board::{Dir, Pos};
use retrace_kernel::explodo::scene::{Control, Topic};
use retrace_kernel::explodo::Action;

/// The arrows from `from` to `to`: across first, then up or down.
pub fn arrows(from: Pos, to: Pos) -> Vec<Key> {
    let across = if to.x > from.x { Dir::Right } else { Dir::Left };
    let down = if to.y > from.y { Dir::Down } else { Dir::Up };
    let mut out = vec![Key::Arrow(across); from.x.abs_diff(to.x) as usize];
    out.extend(vec![Key::Arrow(down); from.y.abs_diff(to.y) as usize]);
    out
}

/// The directions the look-around scene slides the view, a turn each,
/// before it comes back to you.
const LOOKS: [Dir; 4] = [Dir::Left, Dir::Right, Dir::Up, Dir::Down];

/// The keys (keyboard) or buttons (pad) turn `k` of the scene takes, in
/// order; nothing for the mouse or past the last turn.
pub fn presses(clip: &Clip, k: usize, input: Input) -> Vec<Key> {
    let Some(a) = clip.action_at(k) else { return Vec::new() };
    let pad = input == Input::Pad;
    let me = clip.frames[k].player.at;
    let moment = clip.scene.moment as usize;
    let confirm = if pad { PAD_A } else { Key::Letter("Enter") };
    let control = match clip.topic {
        Topic::Control(c) => Some(c),
        _ => None,
    };
    match (control, input) {
        (_, Input::Mouse) => Vec::new(),
        (Some(Control::Cursor), _) if matches!(a, Action::Move(_)) => {
            if k == 0 {
                // The cursor to the far tile (Shift wakes it on the keys), then Go.
                let far = clip.frames[clip.moment_frame()].player.at;
                let mut out = if pad { Vec::new() } else { vec![Key::Letter("Shift")] };
                out.extend(arrows(me, far));
                out.push(confirm);
                out
            } else {
                vec![confirm]
            }
        }
        (Some(Control::Ask), _) if k + 1 == moment => match nearest_enemy(&clip.frames[k]) {
            // R1 jumps the aim to the enemy; the keys' ? wakes the cursor.
            Some(_) if pad => vec![Key::Letter("R1"), PAD_A],
            Some(enemy) => {
                let mut out = vec![Key::Letter("?")];
                out.extend(arrows(me, enemy));
                out.push(confirm);
                out
            }
            None => default(a, pad),
        },
        (Some(Control::Look), _) => match LOOKS.get(k) {
            // The right stick pushed that way (the d-pad stays put).
            Some(_) if pad => vec![Key::Letter("Stick")],
            Some(&d) => vec![Key::Letter("Alt"), Key::Arrow(d)],
            None if k == LOOKS.len() => vec![if pad { Key::Letter("R3") } else { Key::Letter("Home") }],
            None => default(a, pad),
        },
        (Some(Control::Menu), _) if k + 1 == moment => {
            vec![if pad { Key::Letter("Start") } else { Key::Letter("Esc") }]
        }
        // The menu holds the run while open; its last turn closes it.
        (Some(Control::Menu), _) if clip.menu_open(k) && k + 2 == clip.frames.len() => {
            vec![if pad { PAD_B } else { Key::Letter("Esc") }]
        }
        (Some(Control::Menu), _) if clip.menu_open(k) => Vec::new(),
        _ => default(a, pad),
    }
}

/// The keys or buttons a plain turn takes.
fn default(a: Action, pad: bool) -> Vec<Key> {
    if pad {
        pad_of(a)
    } else {
        keys_of(a)
    }
}

/// Which of `n` presses is lit `t` through a turn (each in turn).
pub fn lit_index(n: usize, t: f32) -> Option<usize> {
    (n > 0).then(|| ((t * n as f32) as usize).min(n - 1))
}

/// The press lit `t` through a turn of `presses`.
pub fn lit(presses: &[Key], t: f32) -> Option<Key> {
    lit_index(presses.len(), t).map(|i| presses[i])
}

/// Where the dashed cursor is `t` through turn `k` for the keys or the
/// pad, the turn taking `keys` ([`presses`]): on you, a tile further as
/// each arrow lights (R1 jumps it to the enemy), and on the far tile while
/// the cursor scene walks there; None when the turn uses none (the keys'
/// plain steps, bombs and waits).
pub fn cursor_at(clip: &Clip, k: usize, t: f32, input: Input, keys: &[Key]) -> Option<Pos> {
    let me = clip.frames.get(k)?.player.at;
    if clip.topic == Topic::Control(Control::Cursor) && k > 0 {
        let moment = clip.moment_frame();
        return (k < moment).then(|| clip.frames[moment].player.at);
    }
    let cursor_scene = matches!(clip.topic, Topic::Control(Control::Cursor | Control::Ask));
    if keys.is_empty() || input == Input::Keyboard && !cursor_scene {
        return None;
    }
    let done = lit_index(keys.len(), t).map_or(0, |i| i + 1);
    let mut at = me;
    for key in &keys[..done] {
        match key {
            Key::Arrow(d) if clip.topic != Topic::Control(Control::Look) => at = at.step(*d),
            Key::Letter("R1") => at = nearest_enemy(&clip.frames[k]).unwrap_or(at),
            _ => {}
        }
    }
    Some(at)
}

/// How the look-around scene shows the board `t` through turn `k`: its
/// zoom (1: the whole board) and where the view's middle has slid to, in
/// tiles from the board's middle. Twice the size while it looks, sliding a
/// tile and a half each way in turn, then back to the whole board.
pub fn view_of(clip: &Clip, k: usize, t: f32) -> (f32, Vec2) {
    if clip.topic != Topic::Control(Control::Look) {
        return (1.0, Vec2::ZERO);
    }
    let slide = |d: Dir| {
        let (dx, dy) = d.delta();
        Vec2::new(dx as f32, dy as f32) * 1.5
    };
    let ease = |x: f32| x.clamp(0.0, 1.0) * x.clamp(0.0, 1.0) * (3.0 - 2.0 * x.clamp(0.0, 1.0));
    match k {
        0 => (1.0 + ease(t * 2.0), slide(LOOKS[0]) * ease(t)),
        k if k < LOOKS.len() => {
            let (from, to) = (slide(LOOKS[k - 1]), slide(LOOKS[k]));
            (2.0, from + (to - from) * ease(t))
        }
        k if k == LOOKS.len() => (2.0 - ease(t), slide(LOOKS[k - 1]) * (1.0 - ease(t))),
        _ => (1.0, Vec2::ZERO),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn clip(c: Control) -> Clip {
        Clip::new(Topic::Control(c), 1).unwrap_or_else(|| panic!("a {c:?} scene"))
    }

    /// The cursor `t` through turn `k`, with the turn's own presses.
    pub(crate) fn cursor(c: &Clip, k: usize, t: f32, input: Input) -> Option<Pos> {
        cursor_at(c, k, t, input, &presses(c, k, input))
    }

    /// The cursor scene: the keys wake the cursor with Shift, take it to
    /// the far tile arrow by arrow and walk with Enter (the pad: the d-pad
    /// and A); the cursor ends where the kernel's way ends.
    #[test]
    fn the_cursor_scene_takes_the_cursor_to_the_far_tile() {
        let c = clip(Control::Cursor);
        let far = c.frames[c.scene.moment as usize].player.at;
        let keys = presses(&c, 0, Input::Keyboard);
        assert_eq!(keys.first(), Some(&Key::Letter("Shift")));
        assert_eq!(keys.last(), Some(&Key::Letter("Enter")));
        assert_eq!(keys.len(), 2 + far.dist(c.frames[0].player.at) as usize);
        assert_eq!(cursor(&c, 0, 0.99, Input::Keyboard), Some(far));
        assert_eq!(cursor(&c, 0, 0.99, Input::Pad), Some(far));
        assert_eq!(presses(&c, 1, Input::Pad), vec![PAD_A]);
        assert_eq!(cursor(&c, 1, 0.5, Input::Pad), Some(far), "the cursor waits on the far tile");
        assert!(presses(&c, 0, Input::Mouse).is_empty(), "the pointer's are gesture.rs's");
    }

    /// "What is that?" by keys: ?, the arrows to the enemy, Enter; by pad:
    /// R1 jumps to it, A explains. The cursor lands on the enemy either way.
    #[test]
    fn asking_by_keys_or_pad_puts_the_cursor_on_the_enemy() {
        let c = clip(Control::Ask);
        let k = c.scene.moment as usize - 1;
        let enemy = nearest_enemy(&c.frames[k]).unwrap();
        assert_eq!(presses(&c, k, Input::Pad), vec![Key::Letter("R1"), PAD_A]);
        assert_eq!(presses(&c, k, Input::Keyboard)[0], Key::Letter("?"));
        assert_eq!(cursor(&c, k, 0.99, Input::Keyboard), Some(enemy));
        assert_eq!(cursor(&c, k, 0.0, Input::Pad), Some(enemy), "R1 jumps at once");
    }

    /// Looking around zooms in, slides each way in turn and comes back;
    /// the menu scene opens the menu on its moment and closes it at the end.
    #[test]
    fn looking_around_zooms_and_slides_and_the_menu_opens_and_closes() {
        let c = clip(Control::Look);
        assert_eq!(view_of(&c, 0, 0.0), (1.0, Vec2::ZERO));
        assert_eq!(view_of(&c, 1, 0.0).0, 2.0);
        assert!(view_of(&c, 1, 1.0).1.x > 1.0, "slid right");
        assert_eq!(view_of(&c, LOOKS.len(), 1.0), (1.0, Vec2::ZERO), "back to the whole board");
        assert_eq!(presses(&c, 0, Input::Keyboard), vec![Key::Letter("Alt"), Key::Arrow(Dir::Left)]);
        assert_eq!(presses(&c, LOOKS.len(), Input::Pad), vec![Key::Letter("R3")]);
        let c = clip(Control::Menu);
        let m = c.scene.moment as usize;
        assert_eq!(presses(&c, m - 1, Input::Pad), vec![Key::Letter("Start")]);
        assert!(!c.menu_open(m - 1) && c.menu_open(m) && !c.menu_open(c.frames.len() - 1));
        let last = c.frames.len() - 2;
        assert_eq!(presses(&c, last, Input::Keyboard), vec![Key::Letter("Esc")], "the last turn closes it");
        assert_eq!(presses(&c, last, Input::Pad), vec![PAD_B]);
        assert!(m == last || presses(&c, m, Input::Keyboard).is_empty(), "it holds the run while open");
    }
}
