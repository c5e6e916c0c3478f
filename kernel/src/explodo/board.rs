//! The board: tiles, sizes by level, and the seeded level layout.

use crate::rng::Rng;

/// A direction of movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Dir {
    /// Up (y − 1).
    Up,
    /// Down (y + 1).
    Down,
    /// Left (x − 1).
    Left,
    /// Right (x + 1).
    Right,
}

/// The four directions in a fixed order.
pub const DIRS: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

impl Dir {
    /// The step as (dx, dy).
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (0, -1),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        }
    }
    /// A stable code for hashing.
    pub fn code(self) -> u8 {
        self as u8
    }
}

/// A diagonal direction (with the Diagonal power-up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Diag {
    /// Up and left.
    UpLeft,
    /// Up and right.
    UpRight,
    /// Down and left.
    DownLeft,
    /// Down and right.
    DownRight,
}

impl Diag {
    /// The two straight directions it combines (vertical first).
    pub fn parts(self) -> (Dir, Dir) {
        match self {
            Diag::UpLeft => (Dir::Up, Dir::Left),
            Diag::UpRight => (Dir::Up, Dir::Right),
            Diag::DownLeft => (Dir::Down, Dir::Left),
            Diag::DownRight => (Dir::Down, Dir::Right),
        }
    }
}

/// A tile position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub struct Pos {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
}

impl Pos {
    // Positions from a replay's actions (a detonator's or a charge's target)
    // can be anywhere in i32: the arithmetic saturates instead of wrapping,
    // which changes nothing on a board (a few dozen tiles a side).

    /// The neighbour in `d`.
    pub fn step(self, d: Dir) -> Pos {
        let (dx, dy) = d.delta();
        Pos { x: self.x.saturating_add(dx), y: self.y.saturating_add(dy) }
    }
    /// Manhattan distance.
    pub fn dist(self, o: Pos) -> i32 {
        self.x.abs_diff(o.x).saturating_add(self.y.abs_diff(o.y)).min(i32::MAX as u32) as i32
    }
    /// Chebyshev distance (a diagonal step counts as one).
    pub fn king(self, o: Pos) -> i32 {
        self.x.abs_diff(o.x).max(self.y.abs_diff(o.y)).min(i32::MAX as u32) as i32
    }
    /// The diagonal neighbour.
    pub fn diag(self, d: Diag) -> Pos {
        let (a, b) = d.parts();
        self.step(a).step(b)
    }
    /// The 8 tiles round it, row-major.
    pub fn ring(self) -> impl Iterator<Item = Pos> {
        (-1..=1)
            .flat_map(move |dy| (-1..=1).map(move |dx| Pos { x: self.x + dx, y: self.y + dy }))
            .filter(move |&p| p != self)
    }
}

/// What a tile is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tile {
    /// Walkable.
    Floor,
    /// The outer stone wall.
    Wall,
    /// A metal pillar of the classic grid.
    Pillar,
    /// A wooden crate (destructible).
    Crate,
    /// A metal crate (level 3 on): like a pillar, anywhere.
    Metal,
    /// An oil barrel (level 11 on): blocks like a crate; flame bursts it.
    Barrel,
    /// A pillar cracked by Acid: a later blast breaks it.
    Cracked,
    /// Fallen rubble: blocks everything, flame too, for good.
    Rubble,
}

impl Tile {
    /// Stops flame and everyone, and nothing breaks it (cracked pillars break).
    pub fn solid(self) -> bool {
        matches!(self, Tile::Wall | Tile::Pillar | Tile::Metal | Tile::Cracked | Tile::Rubble)
    }
}

/// A bush on the tile (level 2 on): hides you and drops; burns slowly.
pub const BUSH: u8 = 1;
/// Oil on the tile (level 5 on): slippery; a spill burns at once.
pub const OIL: u8 = 2;
/// Spikes on the tile (level 8 on): up every other turn.
pub const SPIKES: u8 = 4;

/// The level each board object first turns up on.
pub const BUSH_FROM: u32 = 2;
/// Metal crates from this level.
pub const METAL_FROM: u32 = 3;
/// Oil from this level.
pub const OIL_FROM: u32 = 5;
/// Spikes from this level.
pub const SPIKES_FROM: u32 = 8;
/// Oil barrels from this level.
pub const BARREL_FROM: u32 = 11;
/// Objects are never placed this close (Manhattan) to the start.
pub const OBJECT_CLEARANCE: i32 = 3;

/// Board width and height for a level (outer wall included).
pub fn size_for(level: u32) -> (i32, i32) {
    match level {
        0..=3 => (9, 11),
        4..=7 => (11, 13),
        8..=11 => (11, 15),
        12..=15 => (13, 15),
        _ => (13, 17),
    }
}

/// The static part of a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Width.
    pub w: i32,
    /// Height.
    pub h: i32,
    /// Row-major tiles.
    pub tiles: Vec<Tile>,
    /// Where the player starts.
    pub start: Pos,
    /// The crate hiding the exit.
    pub exit: Pos,
    /// The crate hiding the gem.
    pub gem: Pos,
    /// Row-major object marks ([`BUSH`], [`OIL`], [`SPIKES`]).
    pub marks: Vec<u8>,
}

impl Layout {
    /// The tile at `p` (outside the board is wall).
    pub fn tile(&self, p: Pos) -> Tile {
        if p.x < 0 || p.y < 0 || p.x >= self.w || p.y >= self.h {
            return Tile::Wall;
        }
        self.tiles[(p.y * self.w + p.x) as usize]
    }
    /// Sets a tile.
    pub fn set(&mut self, p: Pos, t: Tile) {
        let i = (p.y * self.w + p.x) as usize;
        self.tiles[i] = t;
    }
    /// Whether `p` carries the object `mark`.
    pub fn has(&self, p: Pos, mark: u8) -> bool {
        self.inside(p) && self.marks.get((p.y * self.w + p.x) as usize).is_some_and(|m| m & mark != 0)
    }
    /// Puts or clears an object mark.
    pub fn mark(&mut self, p: Pos, mark: u8, on: bool) {
        if !self.inside(p) {
            return;
        }
        if self.marks.len() != self.tiles.len() {
            self.marks.resize(self.tiles.len(), 0);
        }
        let m = &mut self.marks[(p.y * self.w + p.x) as usize];
        if on {
            *m |= mark;
        } else {
            *m &= !mark;
        }
    }
    /// Whether `p` is on the board.
    pub fn inside(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && p.x < self.w && p.y < self.h
    }
    /// The oil spill through `p`: every oil tile connected to it (4-way), sorted.
    pub fn spill(&self, p: Pos) -> Vec<Pos> {
        let mut out = Vec::new();
        if !self.has(p, OIL) {
            return out;
        }
        let mut todo = vec![p];
        while let Some(q) = todo.pop() {
            if out.contains(&q) || !self.has(q, OIL) {
                continue;
            }
            out.push(q);
            todo.extend(DIRS.iter().map(|&d| q.step(d)));
        }
        out.sort();
        out
    }
    /// Floor and crate tiles: the open area that par and crowding count.
    pub fn open_tiles(&self) -> u32 {
        self.tiles.iter().filter(|t| matches!(t, Tile::Floor | Tile::Crate)).count() as u32
    }
    /// All positions, row-major.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.h).flat_map(move |y| (0..self.w).map(move |x| Pos { x, y }))
    }
}

/// Crates cover this share of the eligible floor, in per mille.
pub const CRATE_PERMILLE: u32 = 450;
/// The exit and the gem lie at least this far (Manhattan) from the start.
pub const HIDE_DISTANCE: i32 = 6;

/// The layout of `level` from the level stream: walls, the pillar grid, crates
/// (never on the start or its two neighbours), the exit and the gem under two
/// different crates far from the start.
pub fn generate(level: u32, rng: &mut Rng) -> Layout {
    let (w, h) = size_for(level);
    let start = Pos { x: 1, y: 1 };
    let mut tiles = Vec::with_capacity((w * h) as usize);
    for y in 0..h {
        for x in 0..w {
            let t = if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                Tile::Wall
            } else if x % 2 == 0 && y % 2 == 0 {
                Tile::Pillar
            } else {
                Tile::Floor
            };
            tiles.push(t);
        }
    }
    let marks = vec![0; tiles.len()];
    let mut l = Layout { w, h, tiles, start, exit: start, gem: start, marks };
    let keep_clear = [start, Pos { x: 2, y: 1 }, Pos { x: 1, y: 2 }];
    let floor: Vec<Pos> = l.positions().filter(|&p| l.tile(p) == Tile::Floor && !keep_clear.contains(&p)).collect();
    for &p in &floor {
        if rng.chance(CRATE_PERMILLE, 1000) {
            l.set(p, Tile::Crate);
        }
    }
    let far: Vec<Pos> = l.positions().filter(|&p| l.tile(p) == Tile::Crate && p.dist(start) >= HIDE_DISTANCE).collect();
    // Enough crates exist far away on every board size; make sure with two forced crates if not.
    let mut far = far;
    while far.len() < 2 {
        let p = *floor
            .iter()
            .rev()
            .find(|p| l.tile(**p) == Tile::Floor && p.dist(start) >= HIDE_DISTANCE)
            .expect("a far floor tile");
        l.set(p, Tile::Crate);
        far.push(p);
    }
    let e = rng.index(far.len());
    l.exit = far.remove(e);
    l.gem = far[rng.index(far.len())];
    l
}

/// Every tile reachable from `from` through tiles that are not solid (crates
/// and barrels count as open: they can burn away).
pub fn reachable(l: &Layout, from: Pos) -> Vec<bool> {
    let mut seen = vec![false; l.tiles.len()];
    let mut todo = vec![from];
    while let Some(p) = todo.pop() {
        if !l.inside(p) || l.tile(p).solid() {
            continue;
        }
        let i = (p.y * l.w + p.x) as usize;
        if seen[i] {
            continue;
        }
        seen[i] = true;
        todo.extend(DIRS.iter().map(|&d| p.step(d)));
    }
    seen
}

/// Places the board objects of `level` from their own stream (so the crates,
/// exit, gem and enemies are what the level stream makes): bushes in clumps,
/// metal crates only where every open tile stays reachable, oil spills,
/// spikes and oil barrels (in crates). Never on the exit's or the gem's
/// crate, nor within [`OBJECT_CLEARANCE`] of the start.
pub fn place_objects(l: &mut Layout, level: u32, rng: &mut Rng) {
    let start = l.start;
    let free = |l: &Layout, p: Pos, t: Tile| {
        l.tile(p) == t
            && p.dist(start) > OBJECT_CLEARANCE
            && p != l.exit
            && p != l.gem
            && l.marks[(p.y * l.w + p.x) as usize] == 0
    };
    let pick = |l: &Layout, rng: &mut Rng, t: Tile| -> Option<Pos> {
        let c: Vec<Pos> = l.positions().filter(|&p| free(l, p, t)).collect();
        (!c.is_empty()).then(|| c[rng.index(c.len())])
    };
    // A clump or spill: a seed floor tile and up to `more` floor neighbours grown from it.
    let grow = |l: &mut Layout, rng: &mut Rng, mark: u8, more: u32| {
        let Some(seed) = pick(l, rng, Tile::Floor) else { return };
        let mut patch = vec![seed];
        l.mark(seed, mark, true);
        for _ in 0..more {
            let edge: Vec<Pos> = patch
                .iter()
                .flat_map(|&p| DIRS.iter().map(move |&d| p.step(d)))
                .filter(|&p| free(l, p, Tile::Floor))
                .collect();
            if edge.is_empty() {
                break;
            }
            let p = edge[rng.index(edge.len())];
            l.mark(p, mark, true);
            patch.push(p);
        }
    };
    if level >= BUSH_FROM {
        for _ in 0..2 {
            let more = 1 + rng.below(3);
            grow(l, rng, BUSH, more);
        }
    }
    if level >= METAL_FROM {
        let open = reachable(l, start).iter().filter(|&&b| b).count();
        let mut placed = 0;
        for _ in 0..12 {
            if placed == 3 {
                break;
            }
            let t = if rng.chance(1, 2) { Tile::Floor } else { Tile::Crate };
            let Some(p) = pick(l, rng, t) else { continue };
            l.set(p, Tile::Metal);
            if reachable(l, start).iter().filter(|&&b| b).count() + 1 == open - placed {
                placed += 1;
            } else {
                l.set(p, t);
            }
        }
    }
    if level >= OIL_FROM {
        for _ in 0..2 {
            let more = 2 + rng.below(3);
            grow(l, rng, OIL, more);
        }
    }
    if level >= SPIKES_FROM {
        for _ in 0..3 {
            if let Some(p) = pick(l, rng, Tile::Floor) {
                l.mark(p, SPIKES, true);
            }
        }
    }
    if level >= BARREL_FROM {
        for _ in 0..2 {
            if let Some(p) = pick(l, rng, Tile::Crate) {
                l.set(p, Tile::Barrel);
            }
        }
    }
}
