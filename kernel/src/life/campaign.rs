//! The campaign: 103 levels. Seven are hand-made (`HAND_MADE`); 96 come from a
//! deterministic generator (`generate`) and are committed as data
//! (`campaign.txt`), which a test regenerates and compares.
//!
//! Order: «Разминка», «Каравай», «Рой» (ids 1–3), generated ids 5–10,
//! «Издалека» (id 4) at index 9, the showcases ids 101–103 at indices 10–12,
//! then generated ids 11–100.

use super::field::{Field, P2};
use super::patterns;
use crate::rng::Rng;
use std::sync::OnceLock;

/// A rectangle of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Left column.
    pub x: u32,
    /// Top row.
    pub y: u32,
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
}

impl Rect {
    /// Whether (x, y) is inside.
    pub fn contains(&self, x: u32, y: u32) -> bool {
        x >= self.x && y >= self.y && x - self.x < self.w && y - self.y < self.h
    }
}

/// The seven zone kinds of generated levels (a whole-field zone is never generated).
pub const ZONE_KINDS: [&str; 7] =
    ["half", "center", "top-left", "bottom-right", "vertical-strip", "horizontal-strip", "rectangle"];

/// A campaign level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// Unique id, 1..=103 (metadata; the list order is the game order).
    pub id: u16,
    /// Its name.
    pub name: String,
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
    /// Torus.
    pub wrap: bool,
    /// Player 1's budget.
    pub budget: u32,
    /// Player 1's zone.
    pub zone: Rect,
    /// For generated levels, the zone kind (index into [`ZONE_KINDS`]).
    pub zone_kind: Option<u8>,
    /// The enemy figures by pattern id, in placement order.
    pub figures: Vec<String>,
    /// The enemy cells.
    pub cells: Vec<(u32, u32)>,
}

impl Level {
    /// The level's starting field: the enemy's cells in player 2's colour.
    pub fn field(&self) -> Field {
        let mut f = Field::new(self.w, self.h, self.wrap).expect("campaign sizes are valid");
        for &(x, y) in &self.cells {
            let i = f.idx(x, y);
            f.cells[i] = P2;
        }
        f
    }

    /// Whether some enemy cell lies outside the player's zone.
    pub fn enemy_outside_zone(&self) -> bool {
        self.cells.iter().any(|&(x, y)| !self.zone.contains(x, y))
    }
}

/// Places figures on an empty level, each with a one-cell empty margin.
struct Builder {
    w: u32,
    h: u32,
    taken: Vec<bool>,
    figures: Vec<String>,
    cells: Vec<(u32, u32)>,
    /// Keep one empty cell between figures and every edge (so nothing meets across a torus seam).
    edge_margin: bool,
}

impl Builder {
    fn new(w: u32, h: u32) -> Self {
        Builder {
            w,
            h,
            taken: vec![false; (w * h) as usize],
            figures: Vec::new(),
            cells: Vec::new(),
            edge_margin: false,
        }
    }

    /// Places `id` rotated `rot` with its top-left at (x, y) if it fits with a
    /// clear margin; returns whether it did.
    fn place(&mut self, id: &str, rot: u8, x: u32, y: u32) -> bool {
        let (_, p) = patterns::find(id).expect("campaign figures exist");
        let cells = p.cells_rotated(rot);
        let (pw, ph) = if rot.is_multiple_of(2) { p.size() } else { (p.size().1, p.size().0) };
        let m = u32::from(self.edge_margin);
        if x < m || y < m || x + pw + m > self.w || y + ph + m > self.h {
            return false;
        }
        let (x0, y0) = (x.saturating_sub(1), y.saturating_sub(1));
        let (x1, y1) = ((x + pw).min(self.w - 1), (y + ph).min(self.h - 1));
        for yy in y0..=y1 {
            for xx in x0..=x1 {
                if self.taken[(yy * self.w + xx) as usize] {
                    return false;
                }
            }
        }
        for (dx, dy) in cells {
            self.taken[((y + dy) * self.w + x + dx) as usize] = true;
            self.cells.push((x + dx, y + dy));
        }
        self.figures.push(id.to_string());
        true
    }

    fn level(self, id: u16, name: &str, wrap: bool, budget: u32, zone: Rect, zone_kind: Option<u8>) -> Level {
        let mut cells = self.cells;
        cells.sort_by_key(|&(x, y)| (y, x));
        Level {
            id,
            name: name.into(),
            w: self.w,
            h: self.h,
            wrap,
            budget,
            zone,
            zone_kind,
            figures: self.figures,
            cells,
        }
    }
}

fn hand(id: u16, name: &str, w: u32, h: u32, budget: u32, zone: Rect, figures: &[(&str, u8, u32, u32)]) -> Level {
    let mut b = Builder::new(w, h);
    for &(f, rot, x, y) in figures {
        assert!(b.place(f, rot, x, y), "hand-made level {id}: {f} at {x},{y} overlaps or leaves the field");
    }
    b.level(id, name, false, budget, zone, None)
}

/// The seven hand-made levels, by id.
#[expect(clippy::too_many_lines, reason = "a table of hand-made levels")]
pub fn hand_made() -> Vec<Level> {
    let r = |x, y, w, h| Rect { x, y, w, h };
    vec![
        hand(
            1,
            "Разминка",
            40,
            40,
            40,
            r(0, 0, 40, 40),
            &[("block", 0, 28, 8), ("beehive", 0, 26, 26), ("blinker", 1, 10, 30)],
        ),
        hand(
            2,
            "Каравай",
            60,
            60,
            60,
            r(0, 0, 30, 60),
            &[("loaf", 0, 40, 10), ("loaf", 1, 48, 30), ("loaf", 2, 38, 48), ("toad", 0, 44, 20)],
        ),
        hand(
            3,
            "Рой",
            80,
            80,
            120,
            r(0, 0, 80, 80),
            &[
                ("block", 0, 10, 10),
                ("beehive", 1, 30, 8),
                ("loaf", 0, 50, 12),
                ("boat", 0, 68, 10),
                ("tub", 0, 12, 30),
                ("blinker", 0, 32, 32),
                ("toad", 0, 52, 30),
                ("ship", 0, 70, 34),
                ("pond", 0, 10, 52),
                ("beacon", 0, 30, 54),
                ("beehive", 0, 50, 56),
                ("block", 0, 70, 60),
                ("blinker", 1, 40, 70),
                ("loaf", 3, 20, 70),
            ],
        ),
        hand(
            4,
            "Издалека",
            60,
            60,
            60,
            r(0, 0, 14, 20),
            &[("gosper", 0, 20, 48), ("block", 0, 40, 10), ("beehive", 0, 24, 30), ("pulsar", 0, 40, 26)],
        ),
        hand(
            101,
            "Флотилия",
            100,
            100,
            150,
            r(0, 70, 100, 30),
            &[
                ("boat", 0, 10, 10),
                ("ship", 1, 25, 14),
                ("longboat", 0, 40, 10),
                ("carrier", 0, 55, 16),
                ("canoe", 0, 70, 10),
                ("boat", 2, 85, 20),
                ("barge", 0, 15, 35),
                ("ship", 0, 35, 40),
                ("longboat", 3, 55, 38),
                ("canoe", 1, 75, 42),
            ],
        ),
        hand(
            102,
            "Погоня",
            100,
            60,
            120,
            r(0, 0, 25, 60),
            &[
                ("clock", 0, 40, 10),
                ("beacon", 0, 60, 12),
                ("pentadecathlon", 0, 45, 28),
                ("pentadecathlon", 1, 80, 20),
                ("clock", 1, 70, 45),
                ("beacon", 1, 50, 48),
            ],
        ),
        hand(
            103,
            "Кролики",
            120,
            120,
            200,
            r(40, 40, 40, 40),
            &[
                ("eater", 0, 10, 10),
                ("eater", 1, 100, 12),
                ("pond", 0, 12, 100),
                ("pond", 0, 100, 100),
                ("barge", 0, 55, 15),
                ("tub", 0, 60, 100),
                ("rabbits", 0, 5, 55),
            ],
        ),
    ]
}

/// Figures the generator places: still lifes and small oscillators.
const ENEMY_FIGURES: [&str; 11] =
    ["block", "beehive", "loaf", "boat", "tub", "pond", "ship", "blinker", "toad", "beacon", "pulsar"];
/// Sizes generated levels step through, non-decreasing, ending at 300.
const SIZES: [u32; 8] = [60, 80, 100, 120, 150, 200, 250, 300];

/// The 96 generated levels (ids 5..=100), from the fixed seed. Pure and
/// deterministic: the committed `campaign.txt` must equal its output.
pub fn generate() -> Vec<Level> {
    let mut rng = Rng::stream(103, "life.campaign");
    let mut out = Vec::with_capacity(96);
    for k in 0..96u32 {
        let id = 5 + k as u16;
        let size = SIZES[(k * SIZES.len() as u32 / 96) as usize];
        let (w, h) = (size, size);
        let wrap = rng.chance(1, 6);
        // Disjoint ranges per size, so budgets grow with size: 4/5 of the side plus up to a tenth.
        let budget = size * 4 / 5 + rng.below(size / 10);
        let kind = (k % 7) as u8;
        let zone = match kind {
            0 => {
                if rng.chance(1, 2) {
                    Rect { x: 0, y: 0, w: w / 2, h }
                } else {
                    Rect { x: w / 2, y: 0, w: w - w / 2, h }
                }
            }
            1 => Rect { x: w / 4, y: h / 4, w: w / 2, h: h / 2 },
            2 => Rect { x: 0, y: 0, w: w / 2, h: h / 2 },
            3 => Rect { x: w / 2, y: h / 2, w: w - w / 2, h: h - h / 2 },
            4 => {
                let sw = w / 5;
                Rect { x: rng.below(w - sw + 1), y: 0, w: sw, h }
            }
            5 => {
                let sh = h / 5;
                Rect { x: 0, y: rng.below(h - sh + 1), w, h: sh }
            }
            _ => {
                let zw = w / 4 + rng.below(w / 2);
                let zh = h / 4 + rng.below(h / 2);
                Rect { x: rng.below(w - zw + 1), y: rng.below(h - zh + 1), w: zw, h: zh }
            }
        };
        let mut b = Builder::new(w, h);
        b.edge_margin = true;
        let figures = 2 + size / 40 + rng.below(3);
        for _ in 0..figures {
            let f = ENEMY_FIGURES[rng.index(ENEMY_FIGURES.len())];
            let rot = rng.below(4) as u8;
            for _ in 0..200 {
                let (x, y) = (1 + rng.below(w - 2), 1 + rng.below(h - 2));
                if b.place(f, rot, x, y) {
                    break;
                }
            }
        }
        let name = format!("{} · {}", size, ZONE_NAMES_RU[kind as usize]);
        out.push(b.level(id, &name, wrap, budget, zone, Some(kind)));
    }
    out
}

/// Russian names of the zone kinds, used in generated levels' names.
const ZONE_NAMES_RU: [&str; 7] = [
    "половина",
    "центр",
    "левый верхний угол",
    "правый нижний угол",
    "вертикальная полоса",
    "горизонтальная полоса",
    "прямоугольник",
];

/// The committed text of the generated levels.
pub const COMMITTED: &str = include_str!("campaign.txt");

/// Renders levels as the committed text: one level per line,
/// `id|name|w|h|wrap|budget|zx,zy,zw,zh|kind|fig,fig,…|x,y;x,y;…`.
pub fn to_text(levels: &[Level]) -> String {
    let mut s = String::from(
        "# Generated campaign levels (ids 5..100). Regenerate: retrace life campaign --write <this file>\n",
    );
    for l in levels {
        let cells: Vec<String> = l.cells.iter().map(|(x, y)| format!("{x},{y}")).collect();
        let z = l.zone;
        s.push_str(&format!(
            "{}|{}|{}|{}|{}|{}|{},{},{},{}|{}|{}|{}\n",
            l.id,
            l.name,
            l.w,
            l.h,
            u8::from(l.wrap),
            l.budget,
            z.x,
            z.y,
            z.w,
            z.h,
            l.zone_kind.map_or("-".to_string(), |k| k.to_string()),
            l.figures.join(","),
            cells.join(";")
        ));
    }
    s
}

/// Parses the committed text. Errors name the line.
pub fn from_text(text: &str) -> Result<Vec<Level>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let bad = |what: &str| format!("campaign.txt line {}: {what}", n + 1);
        let f: Vec<&str> = line.split('|').collect();
        if f.len() != 10 {
            return Err(bad("expected 10 fields separated by |"));
        }
        let num = |s: &str, what: &str| s.parse::<u32>().map_err(|_| bad(&format!("{what} `{s}` is not a number")));
        let z: Vec<u32> = f[6].split(',').map(|v| num(v, "zone")).collect::<Result<_, _>>()?;
        if z.len() != 4 {
            return Err(bad("the zone needs x,y,w,h"));
        }
        let mut cells = Vec::new();
        for c in f[9].split(';').filter(|c| !c.is_empty()) {
            let (x, y) = c.split_once(',').ok_or_else(|| bad("a cell needs x,y"))?;
            cells.push((num(x, "cell x")?, num(y, "cell y")?));
        }
        out.push(Level {
            id: num(f[0], "id")? as u16,
            name: f[1].to_string(),
            w: num(f[2], "width")?,
            h: num(f[3], "height")?,
            wrap: f[4] == "1",
            budget: num(f[5], "budget")?,
            zone: Rect { x: z[0], y: z[1], w: z[2], h: z[3] },
            zone_kind: if f[7] == "-" { None } else { Some(num(f[7], "zone kind")? as u8) },
            figures: f[8].split(',').filter(|s| !s.is_empty()).map(String::from).collect(),
            cells,
        });
    }
    Ok(out)
}

/// All 103 levels in game order, built from the hand-made list and the committed data.
pub fn levels() -> &'static [Level] {
    static LEVELS: OnceLock<Vec<Level>> = OnceLock::new();
    LEVELS.get_or_init(|| {
        let generated = from_text(COMMITTED).expect("kernel invariant: the committed campaign parses (tested)");
        assemble(hand_made(), generated)
    })
}

/// Puts hand-made and generated levels in game order.
pub fn assemble(hand: Vec<Level>, generated: Vec<Level>) -> Vec<Level> {
    let by_id = |id: u16| hand.iter().chain(&generated).find(|l| l.id == id).cloned();
    let order = [1u16, 2, 3, 5, 6, 7, 8, 9, 10, 4, 101, 102, 103].into_iter().chain(11..=100);
    order.filter_map(by_id).collect()
}

/// Unlocked levels after winning level `index`: `max(unlocked, index + 2)`, at most all.
pub fn unlocked_after_win(unlocked: u32, index: u16) -> u32 {
    unlocked.max(u32::from(index) + 2).min(levels().len() as u32)
}

/// Every schema rule of the spec, checked; returns the problems found.
pub fn check(levels: &[Level]) -> Vec<String> {
    let mut p = Vec::new();
    if levels.len() != 103 {
        p.push(format!("there are {} levels, not 103", levels.len()));
    }
    let mut ids: Vec<u16> = levels.iter().map(|l| l.id).collect();
    ids.sort();
    if ids != (1..=103).collect::<Vec<u16>>() {
        p.push("ids are not exactly 1..103".into());
    }
    let at = |i: usize| levels.get(i).map(|l| l.id);
    if (3..=8).map(at).collect::<Vec<_>>() != (5..=10).map(Some).collect::<Vec<_>>() {
        p.push("ids 5..10 must sit at indices 3..8".into());
    }
    if at(9) != Some(4) {
        p.push("«Издалека» (id 4) must be the 10th level".into());
    }
    if (10..=12).map(at).collect::<Vec<_>>() != [Some(101), Some(102), Some(103)] {
        p.push("the showcases (ids 101..103) must sit at indices 10..12".into());
    }
    for l in levels {
        let name = format!("level {} «{}»", l.id, l.name);
        if l.cells.is_empty() {
            p.push(format!("{name}: no enemy cells"));
        }
        let mut cells = l.cells.clone();
        cells.sort();
        cells.dedup();
        if cells.len() != l.cells.len() {
            p.push(format!("{name}: duplicate enemy cells"));
        }
        if l.cells.iter().any(|&(x, y)| x >= l.w || y >= l.h) {
            p.push(format!("{name}: an enemy cell lies off the field"));
        }
        let z = l.zone;
        if z.w == 0 || z.h == 0 || z.x + z.w > l.w || z.y + z.h > l.h {
            p.push(format!("{name}: the zone is empty or leaves the field"));
        }
        if l.budget == 0 {
            p.push(format!("{name}: no budget"));
        }
        let full = z.x == 0 && z.y == 0 && z.w == l.w && z.h == l.h;
        if full && !matches!(l.id, 1 | 3) {
            p.push(format!("{name}: only «Разминка» and «Рой» have a whole-field zone"));
        }
    }
    let generated: Vec<&Level> = levels.iter().filter(|l| (5..=100).contains(&l.id)).collect();
    let mut by_id = generated.clone();
    by_id.sort_by_key(|l| l.id);
    if !by_id.windows(2).all(|w| w[0].w * w[0].h <= w[1].w * w[1].h) {
        p.push("generated sizes must not decrease".into());
    }
    if by_id.first().map(|l| l.w) != Some(60) || by_id.last().map(|l| (l.w, l.h)) != Some((300, 300)) {
        p.push("generated sizes must run from 60 to 300".into());
    }
    // Every budget of a size is below every budget of a bigger size.
    for a in &by_id {
        if by_id.iter().any(|b| a.w * a.h < b.w * b.h && a.budget >= b.budget) {
            p.push(format!("level {}: budgets must grow with size", a.id));
            break;
        }
    }
    for k in 0..7u8 {
        if !generated.iter().any(|l| l.zone_kind == Some(k)) {
            p.push(format!("no generated level has a {} zone", ZONE_KINDS[k as usize]));
        }
    }
    if !levels.iter().any(|l| l.enemy_outside_zone()) {
        p.push("no level has an enemy outside the zone".into());
    }
    for fig in ["beehive", "blinker", "toad", "loaf", "pulsar", "gosper"] {
        if !levels.iter().any(|l| l.figures.iter().any(|f| f == fig)) {
            p.push(format!("no level has a {fig}"));
        }
    }
    p
}
