//! Explodorama's board painted: tiles, objects, enemies with their arrows,
//! bombs with their numbers, flame and drops. The watcher paints with it too.

use super::pictures::{charge_glyph, item_disc, paint_barrel, paint_crack, paint_spikes};
use eframe::egui::{self, Color32, Vec2};
use retrace_kernel::explodo::board::{Dir, Pos, Tile, BUSH, OIL, SPIKES};
use retrace_kernel::explodo::{spikes_up, BombKind, Kind, State, Step};

/// A bomb on its tile: black (yours) or rust (a barrel's burst), its fuse,
/// and a charge bomb's badge.
fn paint_bomb(painter: &egui::Painter, r: egui::Rect, b: &retrace_kernel::explodo::Bomb, cell: f32) {
    // It swells as its fuse runs down, and flashes white on 1 (issue 41).
    let scale = r.width() / cell;
    let swell = 0.3 + 0.03 * f32::from(u8::try_from(4u32.saturating_sub(b.fuse)).unwrap_or(4));
    let last = b.fuse <= 1;
    let body = if last {
        Color32::WHITE
    } else if b.yours() {
        Color32::BLACK
    } else {
        Color32::from_rgb(120, 40, 20)
    };
    painter.circle_filled(r.center(), cell * swell * scale, body);
    if last {
        painter.circle_stroke(r.center(), cell * swell * scale, egui::Stroke::new(2.0, Color32::from_rgb(255, 80, 40)));
    }
    painter.text(
        r.center(),
        egui::Align2::CENTER_CENTER,
        b.fuse.to_string(),
        egui::FontId::proportional(cell * 0.45 * scale),
        if last { Color32::BLACK } else { Color32::WHITE },
    );
    if let Some((letter, colour)) = bomb_badge(b.kind) {
        let badge = r.right_top() + Vec2::new(-cell * 0.18, cell * 0.18);
        painter.circle_filled(badge, cell * 0.16, colour);
        painter.text(
            badge,
            egui::Align2::CENTER_CENTER,
            letter,
            egui::FontId::proportional(cell * 0.22),
            Color32::BLACK,
        );
    }
}

/// The badge a charge bomb wears (Pierce, Power, Nuke, Acid): its letter
/// and colour; a plain bomb or a barrel's burst has none.
pub fn bomb_badge(kind: BombKind) -> Option<(&'static str, Color32)> {
    Some(match kind {
        BombKind::Pierce => ("P", Color32::from_rgb(120, 200, 255)),
        BombKind::Power => ("W", Color32::from_rgb(255, 200, 60)),
        BombKind::Nuke => ("N", Color32::from_rgb(140, 255, 120)),
        BombKind::Acid => ("A", Color32::from_rgb(200, 255, 60)),
        BombKind::Plain | BombKind::Barrel => return None,
    })
}

/// A second run on the board `paint` drew for `first` (the watcher's two
/// runs): each player outlined a little off the tile's centre, the first in
/// red to the left and the second in blue to the right, and the second run's
/// bombs outlined in blue.
pub fn paint_pair(painter: &egui::Painter, rect: egui::Rect, first: &State, second: &State) {
    let l = &first.board.layout;
    let cell = (rect.width() / l.w as f32).min(rect.height() / l.h as f32);
    let at = |p: Pos, dx: f32| {
        egui::Rect::from_min_size(rect.min + Vec2::new((p.x as f32 + dx) * cell, p.y as f32 * cell), Vec2::splat(cell))
            .shrink(cell * 0.12)
    };
    let red = egui::Stroke::new((cell * 0.08).max(1.5), Color32::from_rgb(230, 60, 60));
    let blue = egui::Stroke::new((cell * 0.08).max(1.5), Color32::from_rgb(70, 140, 255));
    painter.rect_stroke(at(first.player.at, -0.08), 3.0, red, egui::StrokeKind::Inside);
    painter.rect_stroke(at(second.player.at, 0.08), 3.0, blue, egui::StrokeKind::Inside);
    for b in &second.bombs.list {
        painter.circle_stroke(at(b.pos, 0.0).center(), cell * 0.4, blue);
    }
}

/// Draws a run's board into `rect` (the game screen, the home card's demo and
/// the replay watcher share it).
pub fn paint(painter: &egui::Painter, rect: egui::Rect, s: &State) {
    paint_moving(painter, rect, s, None);
}

/// How far a move's tween runs, in seconds.
pub const MOVE_SECONDS: f64 = 0.12;
/// How long blasts flash, crates crumble and pickups pop, in seconds.
pub const EFFECT_SECONDS: f64 = 0.35;

/// A turn being animated, drawn from the events the kernel returned and the
/// state before them: who moved from where, what blew up, burnt, died or was
/// picked up. It never changes the run; the board is the state after.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Motion {
    /// The player's tile before the turn (None: no tween, a new level).
    pub player_from: Option<Pos>,
    /// Each enemy's tile before the turn, by id.
    pub enemies_from: Vec<(u32, Pos)>,
    /// Tiles a blast covered this turn.
    pub blasts: Vec<Pos>,
    /// Crates that burnt or crumbled this turn.
    pub crates: Vec<Pos>,
    /// Enemies that died this turn: their kind and tile.
    pub gone: Vec<(Kind, Pos)>,
    /// Tiles where something was picked up.
    pub pickups: Vec<Pos>,
    /// Bombs set down this turn (they pop in).
    pub placed: Vec<Pos>,
    /// Bombs kicked this turn: from, to (they slide).
    pub kicked: Vec<(Pos, Pos)>,
    /// Bombs thrown or fired this turn: from your tile to where they land
    /// (they arc).
    pub thrown: Vec<(Pos, Pos)>,
}

impl Motion {
    /// The animation of one turn: `before` the state it started from,
    /// `events` what the kernel said, `after` the state it left. A turn that
    /// changed the level (cleared, a life lost) moves nothing: it is a new board.
    pub fn of_turn(before: &State, events: &[retrace_kernel::explodo::Event], after: &State) -> Motion {
        use retrace_kernel::explodo::Event;
        let same_board = before.run.level == after.run.level && before.run.attempt == after.run.attempt;
        let mut m = Motion::default();
        if !same_board {
            return m;
        }
        m.player_from = Some(before.player.at);
        m.enemies_from = before.enemies.list.iter().map(|e| (e.id, e.pos)).collect();
        for e in events {
            match e {
                Event::Exploded(_, tiles) => m.blasts.extend(tiles.iter().copied()),
                Event::CrateBurnt(p) | Event::CrateCrumbled(p) => m.crates.push(*p),
                Event::EnemyDied(id, kind) => {
                    if let Some(en) = before.enemies.list.iter().find(|en| en.id == *id) {
                        m.gone.push((*kind, en.pos));
                    }
                }
                Event::DropPicked(p, _) | Event::GemTaken(p) => m.pickups.push(*p),
                Event::BombPlaced(p) => m.placed.push(*p),
                Event::Kicked(from, to) => m.kicked.push((*from, *to)),
                Event::Launched(to) => m.thrown.push((before.player.at, *to)),
                _ => {}
            }
        }
        m
    }
}

/// Where a bomb is drawn `t` (0 to 1) into its turn's move (issue 41): one
/// set down pops in from half its size, a kicked one slides from where it
/// was, a thrown or fired one arcs from your tile; else its tile.
fn bomb_rect(at: &dyn Fn(Pos) -> egui::Rect, cell: f32, m: Option<&Motion>, p: Pos, t: f32) -> egui::Rect {
    let Some(m) = m else { return at(p) };
    let origin = at(Pos { x: 0, y: 0 }).min;
    let placed = |v: Vec2| egui::Rect::from_min_size(origin + v * cell, Vec2::splat(cell));
    if let Some(&(from, _)) = m.kicked.iter().find(|(_, to)| *to == p) {
        return placed(tween(from, p, t));
    }
    if let Some(&(from, _)) = m.thrown.iter().find(|(_, to)| *to == p) {
        let lift = (std::f32::consts::PI * t).sin() * 0.8;
        let line = Vec2::new(from.x as f32, from.y as f32)
            + (Vec2::new(p.x as f32, p.y as f32) - Vec2::new(from.x as f32, from.y as f32)) * t;
        return placed(line - Vec2::new(0.0, lift));
    }
    if m.placed.contains(&p) {
        return egui::Rect::from_center_size(at(p).center(), Vec2::splat(cell * (0.5 + 0.5 * t)));
    }
    at(p)
}

/// The bombs: each one's blast outlined on the tiles it will burn, then the
/// bomb where its turn's move has it (`m`, `t` into the move), and with the
/// Detonator your bombs' pulsing ring (a tap sets one off).
fn paint_bombs(
    painter: &egui::Painter,
    at: &dyn Fn(Pos) -> egui::Rect,
    cell: f32,
    s: &State,
    m: Option<&Motion>,
    t: f32,
) {
    let stroke = egui::Stroke::new((cell * 0.04).max(1.0), Color32::from_rgba_unmultiplied(255, 90, 40, 150));
    for b in &s.bombs.list {
        for p in s.blast_tiles(b).into_iter().filter(|&p| p != b.pos) {
            painter.rect_stroke(at(p).shrink(cell * 0.08), 3.0, stroke, egui::StrokeKind::Inside);
        }
    }
    let detonator = s.has(retrace_kernel::explodo::items::Power::Detonator);
    for b in &s.bombs.list {
        let r = bomb_rect(at, cell, m, b.pos, t);
        paint_bomb(painter, r, b, cell);
        if detonator && b.yours() {
            let beat = pulse(painter.ctx().input(|i| i.time));
            let ring = egui::Stroke::new((cell * 0.05).max(1.5), Color32::from_rgb(255, 90, 40).gamma_multiply(beat));
            painter.circle_stroke(r.center(), cell * (0.4 + 0.06 * beat), ring);
        }
    }
}

/// The idle bob's lift in tiles at egui's time `now`: a slow breath, 1.2 s
/// round, at most 0.03 of a tile.
pub fn bob(now: f64) -> f32 {
    (0.03 * (0.5 + 0.5 * (now * std::f64::consts::TAU / 1.2).sin())) as f32
}

/// A Detonator bomb's pulse at `now`: 0 to 1 and back, twice a second.
pub fn pulse(now: f64) -> f32 {
    (0.5 + 0.5 * (now * std::f64::consts::TAU * 2.0).sin()) as f32
}

/// How high (in tiles) a step's hop lifts a figure `t` (0 to 1) into the
/// move: up and down once, a fifth of a tile at the top.
pub fn hop(t: f32) -> f32 {
    0.2 * (std::f32::consts::PI * t.clamp(0.0, 1.0)).sin()
}

/// `from` to `to` at `t` (0 to 1), eased out.
fn tween(from: Pos, to: Pos, t: f32) -> Vec2 {
    let e = 1.0 - (1.0 - t.clamp(0.0, 1.0)).powi(2);
    Vec2::new(from.x as f32 + (to.x - from.x) as f32 * e, from.y as f32 + (to.y - from.y) as f32 * e)
}

/// Draws the board as [`paint`] does, with a turn's animation `elapsed`
/// seconds in: moves tween from their old tiles, blasts flash and fade,
/// crates shake and crumble, dead enemies shrink away, pickups pop.
pub fn paint_moving(painter: &egui::Painter, rect: egui::Rect, s: &State, motion: Option<(&Motion, f64)>) {
    let l = &s.board.layout;
    let cell = (rect.width() / l.w as f32).min(rect.height() / l.h as f32);
    let at = |p: Pos| {
        egui::Rect::from_min_size(rect.min + Vec2::new(p.x as f32 * cell, p.y as f32 * cell), Vec2::splat(cell))
    };
    paint_tiles(painter, &at, s);
    if s.board.exit_revealed {
        paint_exit(painter, at(l.exit), s.board.exit_open);
    }
    if s.board.gem_revealed && !s.board.gem_taken {
        paint_gem(painter, at(l.gem), gem_colour(s.run.seed, s.run.level));
    }
    if let Some(r) = s.board.rainbow {
        paint_gem(painter, at(r), Color32::from_rgb(230, 60, 200));
    }
    for d in &s.board.drops {
        match d.charge {
            // A charge: its almanac picture (its glyph on a disc).
            Some((c, _)) => {
                let r = at(d.pos).shrink(cell * 0.22);
                item_disc(painter, r, charge_glyph(c), super::words::charge_name(c, crate::store::Lang::En), false);
            }
            None => paint_coin(painter, at(d.pos), d.coins),
        }
    }
    for &(p, _) in &s.bombs.flames {
        painter.rect_filled(at(p).shrink(cell * 0.1), 4.0, Color32::from_rgba_unmultiplied(255, 120, 0, 170));
    }
    // Each ticking bomb's blast previewed: a thin outline on every tile it
    // will burn (the danger overlay fills the ones due this turn and next).
    let (m, elapsed) = motion.map_or((None, f64::MAX), |(m, e)| (Some(m), e));
    let t_move = (elapsed / MOVE_SECONDS).min(1.0) as f32;
    paint_bombs(painter, &at, cell, s, m.filter(|_| t_move < 1.0), t_move);
    if let Some(d) = s.enemies.decoy {
        paint_decoy(painter, at(d));
    }
    // The enemies' plans first, under them: arrows through the tiles their
    // next three moves cross (a dash a doubled, dashed arrow), a dot for a rest.
    for e in &s.enemies.list {
        paint_plan(painter, |p| at(p).center(), cell, e.pos, &e.plan.iter().copied().collect::<Vec<_>>());
    }
    let t_fx = (elapsed / EFFECT_SECONDS).min(1.0) as f32;
    // A tile rect at a fractional place (a tween between two tiles).
    let at_f = |v: Vec2| egui::Rect::from_min_size(rect.min + v * cell, Vec2::splat(cell));
    let here = |p: Pos| Vec2::new(p.x as f32, p.y as f32);
    if let Some(m) = m.filter(|_| t_fx < 1.0) {
        paint_effects(painter, &at, cell, m, t_fx);
    }
    let moving = m.filter(|_| t_move < 1.0);
    // Enemies that share a tile are drawn as a stack, each a little up and
    // right of the one before, with their count on the tile (issue 40: three
    // on one tile read as one or two).
    let mut on_tile: Vec<(Pos, u32)> = Vec::new();
    for e in &s.enemies.list {
        let c = enemy_colour(s, e);
        let from = moving.and_then(|m| m.enemies_from.iter().find(|(id, _)| *id == e.id)).map(|&(_, p)| p);
        let below = match on_tile.iter_mut().find(|(p, _)| *p == e.pos) {
            Some((_, n)) => {
                *n += 1;
                *n - 1
            }
            None => {
                on_tile.push((e.pos, 1));
                0
            }
        };
        let lift = Vec2::new(0.14, -0.14) * cell * below.min(3) as f32;
        let r = match from.filter(|&f| f != e.pos) {
            Some(f) => at_f(tween(f, e.pos, t_move) - Vec2::new(0.0, hop(t_move))),
            None => at(e.pos),
        }
        .translate(lift);
        paint_enemy(painter, r, e.kind, c, e.heading);
    }
    for &(p, n) in on_tile.iter().filter(|(_, n)| *n > 1) {
        let t = at(p);
        let badge = egui::Rect::from_min_size(t.right_bottom() - Vec2::splat(cell * 0.42), Vec2::splat(cell * 0.42));
        painter.rect_filled(badge, cell * 0.1, Color32::from_rgb(20, 20, 20));
        painter.text(
            badge.center(),
            egui::Align2::CENTER_CENTER,
            format!("{n}"),
            egui::FontId::proportional(cell * 0.32),
            Color32::WHITE,
        );
    }
    // A picture of a lone tile (the almanac's) puts the player off the
    // board: it is not drawn then (issue 40: the almanac drew a column of
    // "You" figures beside its list).
    let on_board = |p: Pos| p.x >= 0 && p.y >= 0 && p.x < s.board.layout.w && p.y < s.board.layout.h;
    if !on_board(s.player.at) {
        return;
    }
    // A hop per step (issue 41): lifted mid-move, down as it lands.
    let r = match moving.and_then(|m| m.player_from).filter(|&f| f != s.player.at) {
        Some(f) => at_f(tween(f, s.player.at, t_move) - Vec2::new(0.0, hop(t_move))),
        None => at_f(here(s.player.at)),
    };
    // An idle bob (issue 41): a slow breath up and down while nothing moves.
    let r =
        if moving.is_none() { r.translate(Vec2::new(0.0, -bob(painter.ctx().input(|i| i.time)) * cell)) } else { r };
    paint_player(painter, r, cell);
    super::pictures::paint_carried(painter, r, cell, &s.player);
    // What lies under you shows in your tile's corner (issue 62, item 3: the
    // charge a death dropped lies on the start tile, where you start again).
    let tile = at_f(here(s.player.at));
    for d in s.board.drops.iter().filter(|d| d.pos == s.player.at) {
        let badge = egui::Rect::from_min_max(tile.center() + Vec2::splat(cell * 0.05), tile.max);
        match d.charge {
            Some((c, _)) => {
                item_disc(painter, badge, charge_glyph(c), super::words::charge_name(c, crate::store::Lang::En), false)
            }
            None => paint_coin(painter, badge, d.coins),
        }
    }
}

/// The tiles: floor, walls, pillars in the level's colour, crates and the
/// board's objects, spikes by their beat, dust where a ceiling will fall.
fn paint_tiles(painter: &egui::Painter, at: &dyn Fn(Pos) -> egui::Rect, s: &State) {
    let l = &s.board.layout;
    for p in l.positions() {
        let fill = match l.tile(p) {
            Tile::Wall => Color32::from_gray(50),
            Tile::Pillar => pillar_colour(s.run.level),
            Tile::Cracked => Color32::from_rgb(140, 120, 120),
            Tile::Metal => Color32::from_rgb(150, 160, 170),
            Tile::Crate => Color32::from_rgb(150, 100, 50),
            Tile::Barrel => Color32::from_rgb(170, 80, 40),
            Tile::Rubble => Color32::from_rgb(90, 70, 55),
            Tile::Floor if l.has(p, OIL) => Color32::from_rgb(40, 40, 55),
            Tile::Floor if l.has(p, BUSH) => Color32::from_rgb(60, 130, 60),
            Tile::Floor => Color32::from_rgb(200, 200, 185),
        };
        painter.rect_filled(at(p).shrink(0.5), 2.0, fill);
        match l.tile(p) {
            Tile::Barrel => paint_barrel(painter, at(p)),
            Tile::Cracked => paint_crack(painter, at(p)),
            _ => {}
        }
        if l.has(p, SPIKES) {
            paint_spikes(painter, at(p), spikes_up(s.run.turn));
        }
        if s.board.ceilings.iter().any(|&(c, _)| c == p) {
            painter.rect_stroke(
                at(p).shrink(2.0),
                2.0,
                egui::Stroke::new(2.0, Color32::from_rgb(200, 60, 60)),
                egui::StrokeKind::Inside,
            );
        }
    }
}

/// A turn's effects `t` of the way through (0 to 1): crates shake and
/// shrink, blasts flash and fade, pickups pop, dead enemies shrink away.
fn paint_effects(painter: &egui::Painter, at: &dyn Fn(Pos) -> egui::Rect, cell: f32, m: &Motion, t_fx: f32) {
    let fade = 1.0 - t_fx;
    for &p in &m.crates {
        // Shakes, then shrinks away.
        let shake = Vec2::new((t_fx * 40.0).sin() * cell * 0.06, 0.0);
        let r = at(p).shrink(cell * 0.5 * t_fx).translate(shake);
        painter.rect_filled(r, 2.0, Color32::from_rgb(150, 100, 50).gamma_multiply(fade));
    }
    for &p in &m.blasts {
        painter.rect_filled(
            at(p).shrink(cell * 0.04),
            4.0,
            Color32::from_rgb(255, 240, 150).gamma_multiply(fade * 0.8),
        );
    }
    for &p in &m.pickups {
        // A picked-up thing rises and fades, inside a ring that spreads.
        painter.circle_stroke(
            at(p).center(),
            cell * (0.2 + 0.5 * t_fx),
            egui::Stroke::new(cell * 0.08, Color32::from_rgb(255, 220, 60).gamma_multiply(fade)),
        );
        let up = at(p).center() - Vec2::new(0.0, cell * 0.6 * t_fx);
        painter.circle_filled(up, cell * 0.12, Color32::from_rgb(255, 220, 60).gamma_multiply(fade));
    }
    for &(k, p) in &m.gone {
        // It flips over as it dies (drawn upside down), shrinking away.
        let r = egui::Rect::from_center_size(at(p).center(), Vec2::splat(cell * fade.max(0.05)));
        if !crate::ui::emoji::paint_flipped(painter, r.shrink(r.width() * 0.14), enemy_glyph(k), fade) {
            paint_enemy(painter, r, k, enemy_look(k).1.gamma_multiply(fade), Dir::Down);
        }
    }
}

/// The pillars' colour on a level: the hue turns a step a level (slate on
/// level 1 through teal, green, ochre and rose by 20), so a new level looks
/// new.
pub fn pillar_colour(level: u32) -> Color32 {
    const STOPS: [(u8, u8, u8); 5] = [(110, 110, 140), (90, 130, 135), (105, 135, 95), (145, 125, 85), (145, 100, 115)];
    let t = level.saturating_sub(1).min(19) as f32 / 19.0 * (STOPS.len() - 1) as f32;
    let (i, f) = (t.floor() as usize, t.fract());
    let (a, b) = (STOPS[i], STOPS[(i + 1).min(STOPS.len() - 1)]);
    let mix = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * f).round() as u8;
    Color32::from_rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// The exit: an arched door, shut (brown, barred) while enemies live, open
/// (dark, with a green glow) once the last one is gone.
fn paint_exit(painter: &egui::Painter, r: egui::Rect, open: bool) {
    let w = r.width();
    let door = egui::Rect::from_min_max(r.min + Vec2::new(w * 0.22, w * 0.3), r.max - Vec2::new(w * 0.22, w * 0.08));
    let (fill, edge) = if open {
        (Color32::from_rgb(20, 30, 25), Color32::from_rgb(80, 230, 120))
    } else {
        (Color32::from_rgb(140, 80, 30), Color32::from_rgb(70, 40, 15))
    };
    let stroke = egui::Stroke::new((w * 0.05).max(1.0), edge);
    painter.circle(door.center_top(), door.width() / 2.0, fill, stroke);
    painter.rect(door, 0.0, fill, stroke, egui::StrokeKind::Inside);
    if !open {
        for x in [0.35, 0.65] {
            let px = door.left() + door.width() * x;
            painter.line_segment([egui::pos2(px, door.top()), egui::pos2(px, door.bottom())], stroke);
        }
    }
}

/// A coin's metal by its value (issue 41; the spec's bronze = 1, silver =
/// 2, gold = 5, the three values a slain enemy drops).
pub fn coin_metal(coins: u32) -> Color32 {
    match coins {
        0..=1 => Color32::from_rgb(190, 110, 50),
        2..=4 => Color32::from_rgb(200, 205, 215),
        _ => Color32::from_rgb(245, 200, 40),
    }
}

/// A drop's coin: one coin in its denomination's metal (a bigger coin for
/// more), a darker rim, a stamped inner ring and a light glint.
fn paint_coin(painter: &egui::Painter, r: egui::Rect, coins: u32) {
    let metal = coin_metal(coins);
    let dark = metal.gamma_multiply(0.55);
    let rim = egui::Stroke::new((r.width() * 0.04).max(1.0), dark);
    let radius = r.width()
        * if coins >= 5 {
            0.25
        } else if coins >= 2 {
            0.22
        } else {
            0.19
        };
    let c = r.center();
    painter.circle(c, radius, metal, rim);
    painter.circle_stroke(c, radius * 0.62, egui::Stroke::new((r.width() * 0.025).max(1.0), dark));
    painter.circle_filled(c - Vec2::splat(radius * 0.35), radius * 0.22, Color32::from_white_alpha(150));
}

/// A level's gem colour (issue 41: each gem its own): a hue from the run's
/// seed and the level, bright and saturated; the same for a replay.
pub fn gem_colour(seed: u64, level: u32) -> Color32 {
    let mixed = (seed ^ u64::from(level).wrapping_mul(0x9E37_79B9_7F4A_7C15)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let hue = (mixed >> 40) as f32 / (1u64 << 24) as f32;
    egui::ecolor::Hsva::new(hue, 0.75, 0.95, 1.0).into()
}

/// A gem: a faceted diamond in `colour` with a light top facet.
fn paint_gem(painter: &egui::Painter, r: egui::Rect, colour: Color32) {
    let c = r.center();
    let u = r.width() * 0.32;
    let p = |x: f32, y: f32| c + Vec2::new(x * u, y * u);
    let outline = egui::Stroke::new((u * 0.1).max(1.0), Color32::from_black_alpha(150));
    painter.add(egui::Shape::convex_polygon(
        vec![p(-1.0, -0.3), p(-0.5, -0.9), p(0.5, -0.9), p(1.0, -0.3), p(0.0, 1.0)],
        colour,
        outline,
    ));
    painter.add(egui::Shape::convex_polygon(
        vec![p(-1.0, -0.3), p(-0.5, -0.9), p(0.5, -0.9), p(1.0, -0.3)],
        colour.gamma_multiply(1.6),
        egui::Stroke::NONE,
    ));
}

/// An enemy's colour where it stands: its type's, ice blue while frozen;
/// see-through inside a crate (Ghosts and Wisps pass through them), faint
/// in a bush.
fn enemy_colour(s: &State, e: &retrace_kernel::explodo::Enemy) -> Color32 {
    let c = if e.frozen > 0 { Color32::from_rgb(120, 180, 255) } else { enemy_look(e.kind).1 };
    if s.board.layout.tile(e.pos) == Tile::Crate {
        c.gamma_multiply(0.5)
    } else if s.board.layout.has(e.pos, BUSH) {
        c.gamma_multiply(0.6)
    } else {
        c
    }
}

/// The player's glyph: an astronaut (issue 41), in colour.
pub const PLAYER_GLYPH: &str = "🧑\u{200D}🚀";

/// Each enemy type's creature (issue 41), in colour: Blob a microbe, Seeker
/// a snake, Drifter a jellyfish, Sprinter a rabbit, Ghost a ghost, Wisp a
/// bat, Hunter a wolf.
pub fn enemy_glyph(kind: Kind) -> &'static str {
    match kind {
        Kind::Blob => "🦠",
        Kind::Seeker => "🐍",
        Kind::Drifter => "🪼",
        Kind::Sprinter => "🐇",
        Kind::Ghost => "👻",
        Kind::Wisp => "🦇",
        Kind::Hunter => "🐺",
    }
}

/// The player: an astronaut (a green figure where the glyph cannot be
/// drawn) with a "You" tag above its tile.
fn paint_player(painter: &egui::Painter, r: egui::Rect, cell: f32) {
    let green = Color32::from_rgb(20, 150, 40);
    let c = r.center();
    let square = egui::Rect::from_center_size(c + Vec2::new(0.0, cell * 0.04), Vec2::splat(cell * 0.78));
    if !crate::ui::emoji::paint(painter, square, PLAYER_GLYPH, false, Color32::WHITE) {
        paint_figure(painter, c, cell, green);
    }
    let tag = r.center_top() - Vec2::new(0.0, cell * 0.02);
    // Never under 13 px (issue 62 item 4), however small the board.
    let font = egui::FontId::proportional((cell * 0.26).max(13.0));
    let you = crate::ui::text::tr(crate::ui::text::painter_lang(painter.ctx()), "You");
    let galley = painter.layout_no_wrap(you.into(), font, Color32::WHITE);
    let bg = egui::Rect::from_center_size(tag, galley.size() + Vec2::new(4.0, 0.0));
    painter.rect_filled(bg, 3.0, green);
    painter.galley(bg.min + Vec2::new(2.0, 0.0), galley, Color32::WHITE);
}

/// The player drawn in code: a head over a triangle.
fn paint_figure(painter: &egui::Painter, c: egui::Pos2, cell: f32, green: Color32) {
    painter.circle_filled(c - Vec2::new(0.0, cell * 0.18), cell * 0.14, green);
    painter.add(egui::Shape::convex_polygon(
        vec![
            c + Vec2::new(-cell * 0.22, cell * 0.32),
            c + Vec2::new(0.0, -cell * 0.04),
            c + Vec2::new(cell * 0.22, cell * 0.32),
        ],
        green,
        egui::Stroke::NONE,
    ));
}

/// An enemy: its creature in colour ([`enemy_glyph`], facing its way), else
/// its silhouette, one shape per type (the almanac names them): Blob a
/// round body, Seeker a diamond, Drifter a triangle pointing its way,
/// Sprinter a double chevron, Ghost a sheet with a wavy hem, Wisp a
/// four-point star, Hunter a horned square; each with eyes.
pub fn paint_enemy(painter: &egui::Painter, r: egui::Rect, kind: Kind, colour: Color32, heading: Dir) {
    // In colour (issue 41): a soft disc in the type's colour (the edge
    // markers' colour) under its creature; a frozen one tinted ice blue, a
    // fading or see-through one faded (the colour's alpha).
    let natural = enemy_look(kind).1;
    let tint = if colour.a() < 255 {
        Color32::WHITE.gamma_multiply(f32::from(colour.a()) / 255.0)
    } else if colour == natural {
        Color32::WHITE
    } else {
        colour
    };
    if crate::ui::emoji::has(enemy_glyph(kind)) {
        painter.circle_filled(r.center(), r.width() * 0.4, colour.gamma_multiply(0.45));
        let square = egui::Rect::from_center_size(r.center(), Vec2::splat(r.width() * 0.72));
        let mirrored = heading == Dir::Right;
        if crate::ui::emoji::paint(painter, square, enemy_glyph(kind), mirrored, tint) {
            return;
        }
    }
    let c = r.center();
    let u = r.width() * 0.36;
    let outline = egui::Stroke::new((r.width() * 0.04).max(1.0), Color32::from_black_alpha(160));
    let poly = |pts: Vec<egui::Pos2>| egui::Shape::convex_polygon(pts, colour, outline);
    let v = |x: f32, y: f32| c + Vec2::new(x * u, y * u);
    match kind {
        Kind::Blob => {
            painter.circle(c + Vec2::new(0.0, u * 0.1), u * 0.9, colour, outline);
        }
        Kind::Seeker => {
            painter.add(poly(vec![v(0.0, -1.0), v(1.0, 0.0), v(0.0, 1.0), v(-1.0, 0.0)]));
        }
        Kind::Drifter => {
            let (dx, dy) = heading.delta();
            let (dx, dy) = (dx as f32, dy as f32);
            // A triangle whose tip points along the heading.
            painter.add(poly(vec![
                v(dx, dy),
                v(-dx * 0.8 - dy * 0.9, -dy * 0.8 + dx * 0.9),
                v(-dx * 0.8 + dy * 0.9, -dy * 0.8 - dx * 0.9),
            ]));
        }
        Kind::Sprinter => {
            for off in [-0.45, 0.35] {
                painter.add(poly(vec![v(off - 0.4, -0.8), v(off + 0.4, 0.0), v(off - 0.4, 0.8), v(off - 0.1, 0.0)]));
            }
        }
        Kind::Ghost => {
            painter.circle(v(0.0, -0.2), u * 0.75, colour, outline);
            painter.add(poly(vec![v(-0.75, -0.2), v(0.75, -0.2), v(0.75, 0.9), v(-0.75, 0.9)]));
            for i in 0..3 {
                let x = -0.5 + i as f32 * 0.5;
                painter.circle_filled(v(x, 0.95), u * 0.22, Color32::from_black_alpha(90));
            }
        }
        Kind::Wisp => {
            painter.add(poly(vec![v(0.0, -1.0), v(0.3, -0.3), v(1.0, 0.0), v(0.3, 0.3)]));
            painter.add(poly(vec![v(1.0, 0.0), v(0.3, 0.3), v(0.0, 1.0), v(-0.3, 0.3)]));
            painter.add(poly(vec![v(0.0, 1.0), v(-0.3, 0.3), v(-1.0, 0.0), v(-0.3, -0.3)]));
            painter.add(poly(vec![v(-1.0, 0.0), v(-0.3, -0.3), v(0.0, -1.0), v(0.3, -0.3)]));
        }
        Kind::Hunter => {
            painter.add(poly(vec![v(-0.8, -0.5), v(0.8, -0.5), v(0.8, 0.9), v(-0.8, 0.9)]));
            painter.add(poly(vec![v(-0.8, -0.5), v(-0.5, -0.5), v(-0.85, -1.05)]));
            painter.add(poly(vec![v(0.8, -0.5), v(0.85, -1.05), v(0.5, -0.5)]));
        }
    }
    // Eyes, looking the way it goes.
    let (dx, dy) = heading.delta();
    let look = Vec2::new(dx as f32, dy as f32) * u * 0.08;
    for x in [-0.3, 0.3] {
        painter.circle_filled(v(x, -0.05), u * 0.18, Color32::WHITE);
        painter.circle_filled(v(x, -0.05) + look, u * 0.09, Color32::BLACK);
    }
}

/// An enemy's next moves as arrows through the tiles they cross, from its
/// tile: a step a thin arrow, a dash a thick dashed one over two tiles, a
/// rest a dot where it stands.
fn paint_plan(painter: &egui::Painter, centre: impl Fn(Pos) -> egui::Pos2, cell: f32, from: Pos, plan: &[Step]) {
    let red = Color32::from_rgb(220, 40, 40);
    let mut at = from;
    for (k, st) in plan.iter().enumerate() {
        // Later moves fade: the first is surest.
        let colour = red.gamma_multiply(1.0 - k as f32 * 0.25);
        match *st {
            Step::Rest => {
                painter.circle_filled(centre(at) + Vec2::new(0.0, cell * 0.4), cell * 0.07, colour);
            }
            Step::Move(d) | Step::Dash(d) => {
                let to = if matches!(st, Step::Dash(_)) { at.step(d).step(d) } else { at.step(d) };
                let (a, b) = (centre(at), centre(to));
                let stroke =
                    egui::Stroke::new(if matches!(st, Step::Dash(_)) { cell * 0.09 } else { cell * 0.05 }, colour);
                if matches!(st, Step::Dash(_)) {
                    painter.add(egui::Shape::dashed_line(&[a, b], stroke, cell * 0.18, cell * 0.1));
                } else {
                    painter.line_segment([a, b], stroke);
                }
                // The head.
                let dir = (b - a).normalized();
                let side = Vec2::new(-dir.y, dir.x) * cell * 0.12;
                let tip = b - dir * cell * 0.2;
                painter.add(egui::Shape::convex_polygon(
                    vec![tip + dir * cell * 0.14, tip - dir * cell * 0.06 + side, tip - dir * cell * 0.06 - side],
                    colour,
                    egui::Stroke::NONE,
                ));
                at = to;
            }
        }
    }
}

/// Each enemy type's letter and colour on the board: every one distinct (a
/// Seeker and a Sprinter were both a magenta `S`).
pub fn enemy_look(kind: Kind) -> (&'static str, Color32) {
    match kind {
        Kind::Blob => ("B", Color32::from_rgb(120, 200, 60)),
        Kind::Seeker => ("S", Color32::from_rgb(200, 50, 170)),
        Kind::Drifter => ("D", Color32::from_rgb(60, 170, 220)),
        Kind::Sprinter => ("R", Color32::from_rgb(240, 140, 30)),
        Kind::Ghost => ("G", Color32::from_rgb(200, 200, 230)),
        Kind::Wisp => ("W", Color32::from_rgb(150, 110, 240)),
        Kind::Hunter => ("H", Color32::from_rgb(220, 40, 40)),
    }
}

/// A decoy, a copy of you: your figure, pale green and see-through ("@"
/// only where the figure cannot be drawn).
fn paint_decoy(painter: &egui::Painter, r: egui::Rect) {
    let tint = Color32::from_rgba_unmultiplied(170, 230, 170, 150);
    if !crate::ui::emoji::paint(painter, r.shrink(r.width() * 0.12), PLAYER_GLYPH, false, tint) {
        painter.text(r.center(), egui::Align2::CENTER_CENTER, "@", egui::FontId::proportional(r.width() * 0.5), tint);
    }
}

#[cfg(test)]
mod tests {
    use super::enemy_look;

    /// Issue 41: coins by denomination, and each level's gem its own colour
    /// (the same for the same run and level, so a replay draws it alike).
    #[test]
    fn coins_show_their_denomination_and_gems_their_own_colour() {
        use super::{coin_metal, gem_colour};
        let (bronze, silver, gold) = (coin_metal(1), coin_metal(2), coin_metal(5));
        assert!(bronze != silver && silver != gold && bronze != gold);
        assert_eq!(gem_colour(7, 3), gem_colour(7, 3));
        let colours: std::collections::BTreeSet<[u8; 4]> = (1..=20).map(|l| gem_colour(7, l).to_array()).collect();
        assert!(colours.len() >= 15, "{} colours over 20 levels", colours.len());
    }

    /// Issue 41: the player and every enemy type are drawn in colour, each
    /// its own creature.
    #[test]
    fn the_player_and_every_enemy_type_have_their_own_colour_glyph() {
        use super::{enemy_glyph, PLAYER_GLYPH};
        let mut seen = vec![PLAYER_GLYPH];
        for k in retrace_kernel::explodo::KINDS {
            assert!(!seen.contains(&enemy_glyph(k)), "{k:?}'s own");
            seen.push(enemy_glyph(k));
        }
        for g in seen {
            assert!(crate::ui::emoji::has(g), "{g} draws in colour");
        }
        // Every power-up and charge is a picture of its own, in colour (issue 62 item 13).
        let items: Vec<&str> = retrace_kernel::explodo::items::POWERS
            .into_iter()
            .map(crate::ui::explodo::pictures::power_glyph)
            .chain(retrace_kernel::explodo::items::CHARGES.into_iter().map(crate::ui::explodo::pictures::charge_glyph))
            .collect();
        for (i, g) in items.iter().enumerate() {
            assert!(crate::ui::emoji::has(g), "{g} draws in colour");
            assert!(!items[..i].contains(g), "{g} twice");
        }
    }

    /// The shapes [`paint`](super::paint) draws for `st` on a 400-point square.
    fn shapes(st: &retrace_kernel::explodo::State) -> Vec<eframe::egui::epaint::ClippedShape> {
        use eframe::egui;
        let ctx = egui::Context::default();
        let mut out = ctx.run_pass(egui::RawInput::default(), |ctx| {
            let painter = ctx.layer_painter(egui::LayerId::background());
            let rect = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(400.0, 400.0));
            super::paint(&painter, rect, st);
        });
        out.textures_delta.clear();
        out.shapes
    }

    /// A charge lying under you (dropped where you fell, on the start tile)
    /// is drawn over your tile's corner, not hidden under you (issue 62).
    #[test]
    fn a_drop_under_you_shows() {
        use eframe::egui;
        use retrace_kernel::explodo::items::Charge;
        use retrace_kernel::explodo::{Drop, Explodo, Setup};
        let s = retrace_kernel::Session::<Explodo>::new(Setup::default(), 1).unwrap();
        let mut st = s.state().clone();
        st.board.drops.clear();
        // Violet discs (the charges' colour) in the picture.
        let violet = |st: &retrace_kernel::explodo::State| {
            shapes(st)
                .iter()
                .filter(
                    |c| matches!(&c.shape, egui::Shape::Circle(k) if k.fill == egui::Color32::from_rgb(170, 120, 250)),
                )
                .count()
        };
        assert_eq!(violet(&st), 0, "no charge lying about");
        st.board.drops.push(Drop { pos: st.player.at, coins: 0, charge: Some((Charge::Nuke, 1)) });
        // Where drops lie (hidden under you), and again over your tile's corner.
        assert_eq!(violet(&st), 2, "the Nuke under you shows");
        st.board.drops[0].pos.x += 1;
        assert_eq!(violet(&st), 1, "beside you, once");
    }

    /// Enemies on one tile are drawn with their count on it (issue 40).
    #[test]
    fn enemies_sharing_a_tile_show_their_count() {
        use eframe::egui;
        use retrace_kernel::explodo::{Explodo, Setup};
        let s = retrace_kernel::Session::<Explodo>::new(Setup::default(), 1).unwrap();
        let mut st = s.state().clone();
        assert!(st.enemies.list.len() >= 2, "level 1 has two enemies or more");
        let counts = |st: &retrace_kernel::explodo::State| {
            let texts: Vec<String> = shapes(st)
                .iter()
                .filter_map(|c| match &c.shape {
                    egui::Shape::Text(t) => Some(t.galley.text().to_string()),
                    _ => None,
                })
                .collect();
            texts
        };
        assert!(!counts(&st).iter().any(|t| t == "2"), "apart, no count");
        let first = st.enemies.list[0].pos;
        st.enemies.list[1].pos = first;
        assert!(counts(&st).iter().any(|t| t == "2"), "two on one tile say 2");
    }

    /// A turn's animation comes from the state before and the kernel's
    /// events: the player tweens from the old tile; a bomb going off flashes
    /// its blast's tiles; a turn onto a new board moves nothing.
    #[test]
    fn a_turn_animates_from_its_events_and_the_state_before() {
        use super::Motion;
        use retrace_kernel::explodo::board::{Dir, DIRS};
        use retrace_kernel::explodo::{Action, Explodo, Setup};
        use retrace_kernel::Session;
        let mut s = Session::<Explodo>::new(Setup::default(), 1).unwrap();
        let before = s.state().clone();
        let d = DIRS.into_iter().find(|&d| s.push(Action::Move(d)).is_ok()).expect("a step from the start");
        let _ = d;
        let m = Motion::of_turn(&before, &[], s.state());
        assert_eq!(m.player_from, Some(before.player.at));
        assert_eq!(m.enemies_from.len(), before.enemies.list.len());
        let blast = retrace_kernel::explodo::Event::Exploded(
            before.player.at,
            vec![before.player.at, before.player.at.step(Dir::Up)],
        );
        let m = Motion::of_turn(&before, &[blast], s.state());
        assert_eq!(m.blasts.len(), 2);
        let mut next = s.state().clone();
        next.run.level += 1;
        assert_eq!(Motion::of_turn(&before, &[], &next), Motion::default(), "a new board: no tween");
    }

    /// Issue 41's bombs: one set down pops in from half its size, a kicked
    /// one slides from where it was, a thrown one arcs above the line from
    /// your tile; each lands on its tile when the move is over.
    #[test]
    fn bombs_pop_in_slide_and_arc_then_land() {
        use super::{bomb_rect, Motion};
        use retrace_kernel::explodo::board::Pos;
        use retrace_kernel::explodo::Event;
        let before = retrace_kernel::explodo::level_state(1, 1);
        let me = before.player.at;
        let (placed, kicked, thrown) =
            (Pos { x: me.x + 1, ..me }, Pos { x: me.x + 4, ..me }, Pos { x: me.x, y: me.y + 2 });
        let events =
            [Event::BombPlaced(placed), Event::Kicked(Pos { x: me.x + 2, ..me }, kicked), Event::Launched(thrown)];
        let m = Motion::of_turn(&before, &events, &before);
        assert_eq!((m.placed.len(), m.kicked.len(), m.thrown.clone()), (1, 1, vec![(me, thrown)]));
        let cell = 10.0;
        let at = |p: Pos| {
            eframe::egui::Rect::from_min_size(
                eframe::egui::pos2(p.x as f32 * cell, p.y as f32 * cell),
                eframe::egui::Vec2::splat(cell),
            )
        };
        // Halfway: smaller, on its way, lifted.
        let popping = bomb_rect(&at, cell, Some(&m), placed, 0.0);
        assert!((popping.width() - cell * 0.5).abs() < 1e-3 && popping.center() == at(placed).center());
        assert!(bomb_rect(&at, cell, Some(&m), kicked, 0.5).center().x < at(kicked).center().x, "sliding in");
        let mid = bomb_rect(&at, cell, Some(&m), thrown, 0.5).center();
        assert!(mid.y < (at(me).center().y + at(thrown).center().y) / 2.0, "above the line: an arc");
        // At the end every one stands on its tile.
        for p in [placed, kicked, thrown] {
            assert_eq!(bomb_rect(&at, cell, Some(&m), p, 1.0), at(p), "{p:?}");
        }
    }
    use retrace_kernel::explodo::KINDS;

    #[test]
    fn pillars_change_colour_from_level_to_level() {
        use super::pillar_colour;
        assert_eq!(pillar_colour(1), eframe::egui::Color32::from_rgb(110, 110, 140));
        assert_eq!(pillar_colour(20), eframe::egui::Color32::from_rgb(145, 100, 115));
        for l in 1..20 {
            assert_ne!(pillar_colour(l), pillar_colour(l + 1), "levels {l} and {}", l + 1);
        }
    }

    #[test]
    fn every_enemy_type_looks_different() {
        let looks: Vec<_> = KINDS.iter().map(|&k| enemy_look(k)).collect();
        for (i, a) in looks.iter().enumerate() {
            for b in &looks[i + 1..] {
                assert!(a.0 != b.0 && a.1 != b.1, "{a:?} and {b:?}");
            }
        }
    }
}
