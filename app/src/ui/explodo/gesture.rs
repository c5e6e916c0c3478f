//! The demo's pointer (the spec's finger, a mouse pointer on a desktop):
//! how each turn of a scene is played by hand on the board and its action
//! bar, and its drawing in front of the television's glass. A tap on a
//! tile, a press and hold for a bomb (a ring closes round the tile with the
//! bomb's blast previewed, and the bomb goes down on release), a button and
//! then a tile, Wait, auto-move's far tile and then Go, "What is that?" (?
//! and then an enemy, its card over the scene), and the swap's Take.
//! The gesture is worked out from the scene's own boards, so the pointer
//! plays exactly the action the kernel took.

use super::clip::{nearest_enemy, Clip};
use super::offer::{paint_faded_bomb, your_blast};
use eframe::egui::{self, Color32, Vec2};
use retrace_kernel::explodo::board::Pos;
use retrace_kernel::explodo::scene::{Control, Topic};
use retrace_kernel::explodo::{Action, Aim, Dialog, State};

/// A button of the action bar drawn under the scene's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    /// Move.
    Move,
    /// Bomb.
    Bomb,
    /// The charge.
    Charge,
    /// Wait.
    Wait,
    /// Go (auto-move's next step).
    Go,
    /// "What is that?".
    Ask,
}

/// The bar's buttons, left to right, with their labels.
pub const BUTTONS: [(Button, &str); 6] = [
    (Button::Move, "Move"),
    (Button::Bomb, "Bomb"),
    (Button::Charge, "Charge"),
    (Button::Wait, "Wait"),
    (Button::Go, "Go"),
    (Button::Ask, "?"),
];

/// How the pointer plays one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gesture {
    /// A click on a tile (a step, a kick, a diagonal, the Detonator).
    Click(Pos),
    /// Press and hold on the tile next to you: a bomb.
    Hold(Pos),
    /// A button, then a tile (Bomb then a tile, Move then a run's tile).
    ButtonThenTile(Button, Pos),
    /// A button alone (Wait, Go, a charge with no aim).
    Press(Button),
    /// Auto-move's far tile picked, then Go.
    FarThenGo(Pos),
    /// ? and then a tile: what is there is explained.
    Ask(Pos),
    /// The open dialog's Take button (the charge swap).
    Take,
    /// The card's last line, "Got it".
    GotIt,
}

/// The tile `n` steps from `from` toward `d`.
fn ahead(from: Pos, d: retrace_kernel::explodo::board::Dir, n: i32) -> Pos {
    (0..n).fold(from, |p, _| p.step(d))
}

/// The gesture of the scene's `k`-th action (from frame `k` to `k + 1`),
/// None past the last.
pub fn gesture(clip: &Clip, k: usize) -> Option<Gesture> {
    let a = clip.action_at(k)?;
    let before = &clip.frames[k];
    let me = before.player.at;
    let after = clip.frames.get(k + 1).unwrap_or(before);
    let moment = clip.scene.moment as usize;
    let control = match clip.topic {
        Topic::Control(c) => Some(c),
        _ => None,
    };
    Some(match a {
        Action::TakeCharge | Action::KeepCharge => Gesture::Take,
        Action::Move(_) if control == Some(Control::AutoMove) => {
            if k == 0 {
                // The far tile is where the way ends: the moment's board.
                Gesture::FarThenGo(clip.frames[clip.moment_frame()].player.at)
            } else {
                Gesture::Press(Button::Go)
            }
        }
        Action::Wait if control == Some(Control::Ask) && k + 1 == moment => match nearest_enemy(before) {
            Some(p) => Gesture::Ask(p),
            None => Gesture::Press(Button::Wait),
        },
        Action::Move(d) => Gesture::Click(me.step(d)),
        Action::Bomb(d) if control == Some(Control::Bomb) => Gesture::ButtonThenTile(Button::Bomb, me.step(d)),
        Action::Bomb(d) => Gesture::Hold(me.step(d)),
        Action::Run(d) => Gesture::ButtonThenTile(Button::Move, ahead(me, d, 2)),
        Action::Slide(_) => Gesture::ButtonThenTile(Button::Move, after.player.at),
        Action::Kick(d) => Gesture::Click(me.step(d)),
        Action::Throw(d) => Gesture::ButtonThenTile(Button::Bomb, ahead(me, d, 2)),
        // Bomb, then where the RPG's bomb lands (it flies until something
        // stops it): the bomb the turn put down.
        Action::Rpg(d) => {
            let had = |p: Pos| before.bombs.list.iter().any(|b| b.pos == p);
            let landed = after.bombs.list.iter().map(|b| b.pos).find(|&p| !had(p));
            Gesture::ButtonThenTile(Button::Bomb, landed.unwrap_or(me.step(d)))
        }
        Action::Diagonal(g) => Gesture::Click(me.diag(g)),
        Action::Detonate(p) => Gesture::Click(p),
        Action::UseCharge(Aim::Dir(d)) => Gesture::ButtonThenTile(Button::Charge, me.step(d)),
        Action::UseCharge(Aim::At(p)) => Gesture::ButtonThenTile(Button::Charge, p),
        Action::UseCharge(Aim::Me) => Gesture::Press(Button::Charge),
        _ => Gesture::Press(Button::Wait),
    })
}

/// The enemy card "What is that?" holds open over the scene: from the
/// moment's board to the end, in the Ask scene.
pub fn asked(clip: &Clip, k: usize) -> Option<retrace_kernel::explodo::Kind> {
    if clip.topic != Topic::Control(Control::Ask) || k < clip.scene.moment as usize {
        return None;
    }
    let before = &clip.frames[clip.scene.moment as usize - 1];
    let at = nearest_enemy(before)?;
    before.enemies.list.iter().find(|e| e.pos == at).map(|e| e.kind)
}

/// Where things sit inside the television's picture: the board (with its
/// cell) and the action bar under it.
pub struct Layout {
    /// The board's rectangle.
    pub board: egui::Rect,
    /// A tile's side.
    pub cell: f32,
    /// The action bar's rectangle.
    pub bar: egui::Rect,
}

impl Layout {
    /// The layout of state `s` in `area`: the board as large as fits above
    /// a bar of `bar_h` points, both centred.
    pub fn of(s: &State, area: egui::Rect, bar_h: f32) -> Layout {
        let (w, h) = (s.board.layout.w as f32, s.board.layout.h as f32);
        let cell = (area.width() / w).min((area.height() - bar_h) / h);
        let size = Vec2::new(cell * w, cell * h);
        let top = area.center().y - (size.y + bar_h) / 2.0;
        let board = egui::Rect::from_min_size(egui::pos2(area.center().x - size.x / 2.0, top), size);
        let bar = egui::Rect::from_min_size(egui::pos2(area.left(), board.bottom()), Vec2::new(area.width(), bar_h));
        Layout { board, cell, bar }
    }

    /// A tile's centre.
    pub fn centre(&self, p: Pos) -> egui::Pos2 {
        self.board.min + Vec2::new((p.x as f32 + 0.5) * self.cell, (p.y as f32 + 0.5) * self.cell)
    }

    /// A bar button's rectangle.
    pub fn button(&self, b: Button) -> egui::Rect {
        let i = BUTTONS.iter().position(|(x, _)| *x == b).unwrap_or(0) as f32;
        let w = (self.bar.width() / BUTTONS.len() as f32).min(70.0);
        let left = self.bar.center().x - w * BUTTONS.len() as f32 / 2.0;
        egui::Rect::from_min_size(egui::pos2(left + i * w, self.bar.top() + 2.0), Vec2::new(w, self.bar.height() - 4.0))
            .shrink2(Vec2::new(2.0, 0.0))
    }
}

/// Where the pointer is during a turn (`t` from 0 to 1), whether it is
/// pressing, and the button lit; `rest` is where it starts (beside you).
struct Pose {
    at: egui::Pos2,
    pressing: bool,
    lit: Option<Button>,
    /// How far a hold's ring has closed (0 to 1), with its tile.
    ring: Option<(Pos, f32)>,
}

/// Linear interpolation between two points.
fn lerp(a: egui::Pos2, b: egui::Pos2, t: f32) -> egui::Pos2 {
    a + (b - a) * t.clamp(0.0, 1.0)
}

fn pose(g: Gesture, l: &Layout, rest: egui::Pos2, t: f32, card: Option<egui::Pos2>) -> Pose {
    let card = card.unwrap_or(l.board.center());
    let tile = |p: Pos| l.centre(p) + Vec2::new(l.cell * 0.1, l.cell * 0.15);
    let button = |b: Button| l.button(b).center() + Vec2::new(4.0, 4.0);
    // Travel to `a` and press at `press`.
    let one = |a: egui::Pos2, lit: Option<Button>| Pose {
        at: lerp(rest, a, t / 0.4),
        pressing: (0.45..0.65).contains(&t),
        lit: lit.filter(|_| (0.45..0.8).contains(&t)),
        ring: None,
    };
    // Travel to `a`, press, then to `b`, press.
    let two = |a: egui::Pos2, b: egui::Pos2, lit: Button| Pose {
        at: if t < 0.35 { lerp(rest, a, t / 0.25) } else { lerp(a, b, (t - 0.35) / 0.25) },
        pressing: (0.25..0.35).contains(&t) || (0.62..0.8).contains(&t),
        lit: (0.25..0.62).contains(&t).then_some(lit),
        ring: None,
    };
    match g {
        Gesture::Click(p) => one(tile(p), None),
        Gesture::Press(b) => one(button(b), Some(b)),
        // The card's choice: the swap's Take, What is that?'s Got it.
        Gesture::Take | Gesture::GotIt => one(card, None),
        Gesture::Hold(p) => Pose {
            at: lerp(rest, tile(p), t / 0.2),
            pressing: (0.2..0.9).contains(&t),
            lit: None,
            ring: (0.2..0.9).contains(&t).then(|| (p, (t - 0.2) / 0.6)),
        },
        Gesture::ButtonThenTile(b, p) => two(button(b), tile(p), b),
        Gesture::FarThenGo(p) => {
            Pose { lit: (0.62..0.8).contains(&t).then_some(Button::Go), ..two(tile(p), button(Button::Go), Button::Go) }
        }
        Gesture::Ask(p) => two(button(Button::Ask), tile(p), Button::Ask),
    }
}

/// Paints the action bar under the board, `lit` pressed.
fn paint_bar(painter: &egui::Painter, l: &Layout, lit: Option<Button>, lang: crate::store::Lang) {
    for (b, label) in BUTTONS {
        let r = l.button(b);
        let on = lit == Some(b);
        let fill = if on { Color32::from_rgb(90, 150, 230) } else { Color32::from_gray(55) };
        painter.rect_filled(r, 4.0, fill);
        painter.text(
            r.center(),
            egui::Align2::CENTER_CENTER,
            crate::ui::text::tr(lang, label),
            egui::FontId::proportional((r.height() * 0.55).clamp(8.0, 13.0)),
            Color32::WHITE,
        );
    }
}

/// The pointer: an arrow, white with a dark edge, pressed a little smaller,
/// with a ripple where a click lands.
pub fn paint_pointer(painter: &egui::Painter, at: egui::Pos2, pressing: bool, size: f32) {
    let s = if pressing { size * 0.85 } else { size };
    let pts = [(0.0, 0.0), (0.0, 1.0), (0.27, 0.76), (0.45, 1.12), (0.58, 1.06), (0.41, 0.7), (0.72, 0.7)];
    let poly: Vec<egui::Pos2> = pts.iter().map(|&(x, y)| at + Vec2::new(x, y) * s).collect();
    if pressing {
        painter.circle_stroke(at, size * 0.45, egui::Stroke::new(2.0, Color32::from_white_alpha(160)));
    }
    painter.add(egui::Shape::convex_polygon(
        poly[..3].iter().copied().chain(poly[5..].iter().copied()).collect(),
        Color32::WHITE,
        egui::Stroke::NONE,
    ));
    painter.add(egui::Shape::convex_polygon(poly[2..6].to_vec(), Color32::WHITE, egui::Stroke::NONE));
    let mut outline = poly.clone();
    outline.push(poly[0]);
    painter.add(egui::Shape::line(outline, egui::Stroke::new(1.5, Color32::BLACK)));
}

/// Paints turn `k`'s gesture at `t` (0 to 1 through the turn) over the
/// picture laid out as `l`: the action bar (its button lit while pressed),
/// a hold's ring with the bomb's blast previewed, auto-move's way, an open
/// dialog's or the asked enemy's card, and the pointer in front.
pub fn paint(painter: &egui::Painter, l: &Layout, clip: &Clip, k: usize, t: f32, lang: crate::store::Lang) {
    let s = &clip.frames[k];
    let rest = l.centre(s.player.at) + Vec2::new(l.cell * 0.6, l.cell * 0.6);
    // The cards are laid out first: the pointer presses the last one's
    // last line (the swap's Take, Got it).
    let laid = laid_cards(painter, l, clip, k, lang);
    let target = laid.last().and_then(|(card, _)| card.press(card.rows.len() - 1));
    let asked_card = asked(clip, k).is_some();
    let g = gesture(clip, k).or(asked_card.then_some(Gesture::GotIt));
    let p = g.map(|g| pose(g, l, rest, t, target));
    paint_bar(painter, l, p.as_ref().and_then(|p| p.lit), lang);
    if let Some((tile, full)) = p.as_ref().and_then(|p| p.ring) {
        let centre = |q: Pos| l.centre(q);
        paint_faded_bomb(painter, &centre, l.cell, tile, &your_blast(s, tile));
        super::bars::ring(
            painter,
            l.centre(tile),
            l.cell * 0.45,
            full,
            egui::Stroke::new((l.cell * 0.08).max(2.0), Color32::WHITE),
        );
    }
    if clip.topic == Topic::Control(Control::AutoMove) {
        // Auto-move's way, faded blue, from here to the far tile.
        let moment = clip.moment_frame();
        if k < moment && !(k == 0 && t < 0.6) {
            for f in &clip.frames[k + 1..=moment] {
                let r = egui::Rect::from_center_size(l.centre(f.player.at), Vec2::splat(l.cell * 0.9));
                painter.rect_filled(r, 3.0, Color32::from_rgba_unmultiplied(70, 140, 255, 70));
            }
        }
    }
    for (card, buttons) in &laid {
        paint_card(painter, card, *buttons);
    }
    if let Some(p) = p {
        paint_pointer(painter, p.at, p.pressing, (l.cell * 0.45).clamp(14.0, 26.0));
    }
}

/// "What is that?"'s card on frame `k`: the enemy's name, its line and
/// Got it (pressed once the scene is over).
fn asked_lines(clip: &Clip, k: usize, lang: crate::store::Lang) -> Option<Vec<String>> {
    asked(clip, k).map(|kind| {
        vec![
            super::words::kind_name(kind, lang).to_string(),
            super::almanac::kind_text(kind, lang).to_string(),
            crate::ui::text::tr(lang, "Got it").to_string(),
        ]
    })
}

/// A card a scene opens over its board: its lines, the last `buttons` of
/// them buttons.
struct Card {
    lines: Vec<String>,
    buttons: usize,
}

/// The cards a scene opens over its board on frame `k`, whatever plays
/// it: the swap's dialog (the kernel's, its words as in play), "What is
/// that?"'s answer, and the run menu of the menu scene.
fn cards(clip: &Clip, k: usize, lang: crate::store::Lang) -> Vec<Card> {
    let s = &clip.frames[k];
    let mut out = Vec::new();
    if let (Some(Dialog::Swap { new, uses }), Some(carried)) = (s.run.dialogs.first(), s.player.charge) {
        let (found, choices) = super::dialogs::swap_choices(lang, carried, (*new, *uses));
        let mut lines = vec![crate::ui::text::tr(lang, "A new charge").to_string(), found];
        lines.extend(choices.into_iter().map(|(_, text)| text));
        out.push(Card { lines, buttons: 2 });
    }
    if let Some(lines) = asked_lines(clip, k, lang) {
        out.push(Card { lines, buttons: 1 });
    }
    if clip.menu_open(k) {
        let lines: Vec<String> = super::clip::MENU.iter().map(|m| crate::ui::text::tr(lang, m).to_string()).collect();
        let buttons = lines.len() - 1;
        out.push(Card { lines, buttons });
    }
    out
}

/// A card laid out: its rectangle and each line's galley where it goes
/// (wrapped to the card's width, so no word is cut).
struct Laid {
    rect: egui::Rect,
    rows: Vec<(egui::Pos2, std::sync::Arc<egui::Galley>)>,
}

impl Laid {
    /// Where the pointer presses a line: a little into its words.
    fn press(&self, i: usize) -> Option<egui::Pos2> {
        self.rows.get(i).map(|(at, g)| *at + Vec2::new(g.size().x.min(40.0), g.size().y * 0.6))
    }
}

/// Lays `card` out over the board's middle, most of its width, its
/// height the wrapped lines'.
fn lay_out(painter: &egui::Painter, l: &Layout, card: &Card) -> Laid {
    let size = (l.cell * 0.3).clamp(9.0, 16.0);
    let width = l.board.width() * 0.86;
    let (pad, gap) = (10.0, size * 0.45);
    let galleys: Vec<std::sync::Arc<egui::Galley>> = card
        .lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let font = egui::FontId::proportional(if i == 0 { size * 1.15 } else { size });
            painter.layout(line.clone(), font, Color32::WHITE, width - 2.0 * pad)
        })
        .collect();
    let height = 2.0 * 6.0 + galleys.iter().map(|g| g.size().y + gap).sum::<f32>() - gap;
    let rect = egui::Rect::from_center_size(l.board.center(), Vec2::new(width, height));
    let mut y = rect.top() + 6.0;
    let rows = galleys
        .into_iter()
        .map(|g| {
            let at = egui::pos2(rect.left() + pad, y);
            y += g.size().y + gap;
            (at, g)
        })
        .collect();
    Laid { rect, rows }
}

/// Paints a laid-out card, the last `buttons` lines as buttons.
fn paint_card(painter: &egui::Painter, laid: &Laid, buttons: usize) {
    painter.rect_filled(laid.rect, 6.0, Color32::from_rgb(32, 34, 40));
    painter.rect_stroke(laid.rect, 6.0, egui::Stroke::new(1.5, Color32::from_gray(140)), egui::StrokeKind::Inside);
    let n = laid.rows.len();
    for (i, (at, galley)) in laid.rows.iter().enumerate() {
        if i + buttons >= n {
            let behind = egui::Rect::from_min_size(*at, galley.size()).expand2(Vec2::new(5.0, 1.0));
            painter.rect_filled(behind, 4.0, Color32::from_gray(70));
        }
        painter.galley(*at, galley.clone(), Color32::WHITE);
    }
}

/// The cards a scene opens over its board on frame `k` (see [`cards`]),
/// laid out, each with how many of its last lines are buttons.
fn laid_cards(
    painter: &egui::Painter,
    l: &Layout,
    clip: &Clip,
    k: usize,
    lang: crate::store::Lang,
) -> Vec<(Laid, usize)> {
    cards(clip, k, lang).iter().map(|card| (lay_out(painter, l, card), card.buttons)).collect()
}

/// Paints the cards a scene opens over its board on frame `k`, for the
/// keys and the pad (the pointer's [`paint`] paints them itself).
pub fn paint_cards(painter: &egui::Painter, l: &Layout, clip: &Clip, k: usize, lang: crate::store::Lang) {
    for (card, buttons) in laid_cards(painter, l, clip, k, lang) {
        paint_card(painter, &card, buttons);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use retrace_kernel::explodo::scene::{Thing, Topic};

    /// The scene's clip for `topic` (seed 1).
    fn clip(topic: Topic) -> Clip {
        Clip::new(topic, 1).unwrap_or_else(|| panic!("a {topic:?} scene"))
    }

    /// The turn whose action matches `f`.
    fn turn_of(c: &Clip, f: impl Fn(&Action) -> bool) -> usize {
        c.scene.actions.iter().position(f).expect("the scene plays it")
    }

    /// The pointer plays what the kernel did: a click lands where the step
    /// took you, a hold or the Bomb button on the tile where the bomb went
    /// down, auto-move's far tile is where its way ends and Go follows.
    #[test]
    fn the_pointer_plays_the_action_the_kernel_took() {
        for topic in [Topic::Control(Control::Step), Topic::Control(Control::Hold), Topic::Control(Control::Bomb)] {
            let c = clip(topic);
            for k in 0..c.scene.actions.len() {
                let next = &c.frames[(k + 1).min(c.frames.len() - 1)];
                let bomb_at = |p: Pos| next.bombs.list.iter().any(|b| b.pos == p);
                match gesture(&c, k).unwrap() {
                    Gesture::Click(p) => assert_eq!(next.player.at, p, "{topic:?} turn {k}"),
                    Gesture::Hold(p) => {
                        assert_eq!(topic, Topic::Control(Control::Hold));
                        assert!(bomb_at(p), "{topic:?} turn {k}: the bomb where the ring closed");
                    }
                    Gesture::ButtonThenTile(Button::Bomb, p) => {
                        assert_eq!(topic, Topic::Control(Control::Bomb));
                        assert!(bomb_at(p), "{topic:?} turn {k}");
                    }
                    Gesture::Press(Button::Wait) => assert_eq!(c.scene.actions[k], Action::Wait),
                    g => panic!("{topic:?} turn {k}: {g:?}"),
                }
            }
        }
        let c = clip(Topic::Control(Control::AutoMove));
        let Some(Gesture::FarThenGo(far)) = gesture(&c, 0) else { panic!("{:?}", gesture(&c, 0)) };
        assert_eq!(far, c.frames[c.scene.moment as usize].player.at);
        assert!(far.dist(c.frames[0].player.at) >= 4, "a far tile");
        assert_eq!(gesture(&c, 1), Some(Gesture::Press(Button::Go)));
        assert_eq!(gesture(&c, c.scene.actions.len()), None, "nothing past the last turn");
        // An RPG: Bomb, then the tile where its bomb came down (not a fixed
        // distance: it flies until something stops it; seeds 28 and 29 land
        // 5 tiles away, 0 and 1 land 3).
        for seed in [0, 1, 28, 29] {
            let c = Clip::new(Topic::Power(retrace_kernel::explodo::items::Power::Rpg), seed).unwrap();
            let k = turn_of(&c, |a| matches!(a, Action::Rpg(_)));
            let Some(Gesture::ButtonThenTile(Button::Bomb, p)) = gesture(&c, k) else { panic!("{:?}", gesture(&c, k)) };
            let bomb_at = |f: &State| f.bombs.list.iter().any(|b| b.pos == p);
            assert!(!bomb_at(&c.frames[k]) && bomb_at(&c.frames[k + 1]), "seed {seed}: {p:?}");
        }
    }

    /// "What is that?" asks about the nearest enemy on its moment and its
    /// card stays open to the end; the swap's Take is pressed while the
    /// kernel's dialog is open.
    #[test]
    fn asking_opens_the_enemy_card_and_the_swap_takes_the_new_charge() {
        let c = clip(Topic::Control(Control::Ask));
        let m = c.scene.moment as usize;
        let Some(Gesture::Ask(at)) = gesture(&c, m - 1) else { panic!("{:?}", gesture(&c, m - 1)) };
        let enemy = c.frames[m - 1].enemies.list.iter().find(|e| e.pos == at).expect("an enemy there");
        assert_eq!(asked(&c, m), Some(enemy.kind));
        assert_eq!(asked(&c, c.frames.len() - 1), Some(enemy.kind));
        assert_eq!(asked(&c, m - 1), None, "not before it is asked");
        let c = clip(Topic::Thing(Thing::Swap));
        let k = turn_of(&c, |a| *a == Action::TakeCharge);
        assert!(matches!(c.frames[k].run.dialogs.first(), Some(Dialog::Swap { .. })));
        assert_eq!(gesture(&c, k), Some(Gesture::Take));
        assert_eq!(c.frames[k + 1].player.charge.map(|(ch, _)| ch), Some(retrace_kernel::explodo::items::Charge::Nuke));
    }

    /// A card's words wrap inside it at any size (Russian's longer lines
    /// too), and the pointer presses its last line.
    #[test]
    fn a_cards_lines_wrap_inside_it_at_any_size() {
        use crate::store::Lang;
        let c = clip(Topic::Thing(Thing::Swap));
        let k = turn_of(&c, |a| *a == Action::TakeCharge);
        let ctx = egui::Context::default();
        let mut out = ctx.run_pass(egui::RawInput::default(), |ctx| {
            let painter = ctx.layer_painter(egui::LayerId::background());
            for side in [140.0, 400.0] {
                let area = egui::Rect::from_min_size(egui::pos2(0.0, 0.0), Vec2::new(side, side * 0.75));
                let l = Layout::of(&c.frames[k], area, 20.0);
                for lang in [Lang::En, Lang::Ru] {
                    let found = cards(&c, k, lang);
                    assert_eq!(found.len(), 1, "the swap's card");
                    let laid = lay_out(&painter, &l, &found[0]);
                    for (at, g) in &laid.rows {
                        let r = egui::Rect::from_min_size(*at, g.size());
                        assert!(laid.rect.expand(0.5).contains_rect(r), "{side} {lang:?}: {r:?} in {:?}", laid.rect);
                    }
                    let take = laid.press(3).unwrap();
                    assert!(laid.rows[3].1.rect.translate(laid.rows[3].0.to_vec2()).expand(1.0).contains(take));
                }
            }
        });
        // The fonts' first upload is this test's to drop.
        out.textures_delta.clear();
    }

    /// The bar's buttons sit side by side under the board, inside the picture.
    #[test]
    fn the_bar_sits_under_the_board() {
        let c = clip(Topic::Control(Control::Step));
        let area = egui::Rect::from_min_size(egui::pos2(0.0, 0.0), Vec2::new(400.0, 300.0));
        let l = Layout::of(&c.frames[0], area, 24.0);
        assert!(area.contains_rect(l.board) && l.bar.top() >= l.board.bottom() - 0.01);
        let rects: Vec<egui::Rect> = BUTTONS.iter().map(|(b, _)| l.button(*b)).collect();
        for w in rects.windows(2) {
            assert!(w[0].right() <= w[1].left(), "{w:?}");
        }
        assert!(rects.iter().all(|r| area.contains_rect(*r)));
    }
}
