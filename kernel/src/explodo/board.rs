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

/// A tile position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
}

impl Pos {
    /// The neighbour in `d`.
    pub fn step(self, d: Dir) -> Pos {
        let (dx, dy) = d.delta();
        Pos { x: self.x + dx, y: self.y + dy }
    }
    /// Manhattan distance.
    pub fn dist(self, o: Pos) -> i32 {
        (self.x - o.x).abs() + (self.y - o.y).abs()
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
}

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
    let mut l = Layout { w, h, tiles, start, exit: start, gem: start };
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
        let p = *floor.iter().rev().find(|p| l.tile(**p) == Tile::Floor && p.dist(start) >= HIDE_DISTANCE).expect("a far floor tile");
        l.set(p, Tile::Crate);
        far.push(p);
    }
    let e = rng.index(far.len());
    l.exit = far.remove(e);
    l.gem = far[rng.index(far.len())];
    l
}
