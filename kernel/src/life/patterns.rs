//! The stamp patterns: 30 figures in five groups, as ASCII rows (`1` alive,
//! `.` empty). Indices into [`PATTERNS`] are logged in replays: append only.

/// A pattern group, in menu order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Стойкие: still lifes.
    StillLife,
    /// Осцилляторы.
    Oscillator,
    /// Корабли: spaceships.
    Spaceship,
    /// Долгожители: methuselahs.
    Methuselah,
    /// Ружья: guns.
    Gun,
}

impl Group {
    /// The group's name in Russian (the menu's) and English.
    pub fn names(self) -> (&'static str, &'static str) {
        match self {
            Group::StillLife => ("Стойкие", "Still lifes"),
            Group::Oscillator => ("Осцилляторы", "Oscillators"),
            Group::Spaceship => ("Корабли", "Spaceships"),
            Group::Methuselah => ("Долгожители", "Methuselahs"),
            Group::Gun => ("Ружья", "Guns"),
        }
    }
}

/// The groups in menu order.
pub const GROUPS: [Group; 5] = [Group::StillLife, Group::Oscillator, Group::Spaceship, Group::Methuselah, Group::Gun];

/// A stamp.
#[derive(Debug)]
pub struct Pattern {
    /// Stable id.
    pub id: &'static str,
    /// Russian name (the original's).
    pub name_ru: &'static str,
    /// English name.
    pub name_en: &'static str,
    /// Its group.
    pub group: Group,
    /// Rows, `1` alive.
    pub rows: &'static [&'static str],
}

macro_rules! p {
    ($id:literal, $ru:literal, $en:literal, $g:ident, [$($r:literal),* $(,)?]) => {
        Pattern { id: $id, name_ru: $ru, name_en: $en, group: Group::$g, rows: &[$($r),*] }
    };
}

/// Every stamp, grouped, in menu order.
pub const PATTERNS: [Pattern; 30] = [
    p!("block", "блок", "block", StillLife, ["11", "11"]),
    p!("beehive", "улей", "beehive", StillLife, [".11.", "1..1", ".11."]),
    p!("tub", "ванна", "tub", StillLife, [".1.", "1.1", ".1."]),
    p!("boat", "лодка", "boat", StillLife, ["11.", "1.1", ".1."]),
    p!("ship", "кораблик", "ship", StillLife, ["11.", "1.1", ".11"]),
    p!("loaf", "каравай", "loaf", StillLife, [".11.", "1..1", ".1.1", "..1."]),
    p!("eater", "пожиратель", "eater 1", StillLife, ["11..", "1.1.", "..1.", "..11"]),
    p!("pond", "пруд", "pond", StillLife, [".11.", "1..1", "1..1", ".11."]),
    p!("carrier", "авианосец", "aircraft carrier", StillLife, ["11..", "1..1", "..11"]),
    p!("longboat", "длинная лодка", "long boat", StillLife, ["11..", "1.1.", ".1.1", "..1."]),
    p!("canoe", "каноэ", "canoe", StillLife, ["...11", "....1", "...1.", "1.1..", "11..."]),
    p!("barge", "баржа", "barge", StillLife, [".1..", "1.1.", ".1.1", "..1."]),
    p!("blinker", "мигалка", "blinker", Oscillator, ["111"]),
    p!("toad", "жаба", "toad", Oscillator, [".111", "111."]),
    p!("beacon", "маяк", "beacon", Oscillator, ["11..", "11..", "..11", "..11"]),
    p!("clock", "часы", "clock", Oscillator, ["..1.", "1.1.", ".1.1", ".1.."]),
    p!(
        "pulsar",
        "пульсар",
        "pulsar",
        Oscillator,
        [
            "..111...111..",
            ".............",
            "1....1.1....1",
            "1....1.1....1",
            "1....1.1....1",
            "..111...111..",
            ".............",
            "..111...111..",
            "1....1.1....1",
            "1....1.1....1",
            "1....1.1....1",
            ".............",
            "..111...111..",
        ]
    ),
    p!("pentadecathlon", "пентадекатлон", "pentadecathlon", Oscillator, ["..1....1..", "11.1111.11", "..1....1.."]),
    p!("glider", "глайдер", "glider", Spaceship, [".1.", "..1", "111"]),
    p!("lwss", "корабль LWSS", "LWSS", Spaceship, [".1..1", "1....", "1...1", "1111."]),
    p!("mwss", "корабль MWSS", "MWSS", Spaceship, ["...1..", ".1...1", "1.....", "1....1", "11111."]),
    p!("hwss", "корабль HWSS", "HWSS", Spaceship, ["...11..", ".1....1", "1......", "1.....1", "111111."]),
    p!(
        "loafer",
        "Loafer",
        "loafer",
        Spaceship,
        [
            ".11..1.11",
            "1..1..11.",
            ".1.1.....",
            "..1......",
            "........1",
            "......111",
            ".....1...",
            "......1..",
            ".......11",
        ]
    ),
    p!("rpentomino", "R-пентамино", "R-pentomino", Methuselah, [".11", "11.", ".1."]),
    p!("acorn", "жёлудь", "acorn", Methuselah, [".1.....", "...1...", "11..111"]),
    p!("diehard", "Diehard", "diehard", Methuselah, ["......1.", "11......", ".1...111"]),
    p!("thunderbird", "громовая птица", "thunderbird", Methuselah, ["111", "...", ".1.", ".1.", ".1."]),
    p!("rabbits", "кролики", "rabbits", Methuselah, ["1...111", "111..1.", ".1....."]),
    p!(
        "gosper",
        "ружьё Госпера",
        "Gosper glider gun",
        Gun,
        [
            "........................1...........",
            "......................1.1...........",
            "............11......11............11",
            "...........1...1....11............11",
            "11........1.....1...11..............",
            "11........1...1.11....1.1...........",
            "..........1.....1.......1...........",
            "...........1...1....................",
            "............11......................",
        ]
    ),
    p!(
        "simkin",
        "ружьё Симкина",
        "Simkin glider gun",
        Gun,
        [
            "11.....11........................",
            "11.....11........................",
            ".................................",
            "....11...........................",
            "....11...........................",
            ".................................",
            ".................................",
            ".................................",
            ".................................",
            "......................11.11......",
            ".....................1.....1.....",
            ".....................1......1..11",
            ".....................111...1...11",
            "..........................1......",
            ".................................",
            ".................................",
            ".................................",
            "....................11...........",
            "....................1............",
            ".....................111.........",
            ".......................1.........",
        ]
    ),
];

impl Pattern {
    /// Width and height of the bounding box.
    pub fn size(&self) -> (u32, u32) {
        (self.rows.iter().map(|r| r.len()).max().unwrap_or(0) as u32, self.rows.len() as u32)
    }

    /// Live cells as (x, y) offsets, row-major.
    pub fn cells(&self) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for (y, row) in self.rows.iter().enumerate() {
            for (x, ch) in row.bytes().enumerate() {
                if ch == b'1' {
                    out.push((x as u32, y as u32));
                }
            }
        }
        out
    }

    /// Cells rotated `rot` quarter turns clockwise, anchored at the rotated
    /// bounding box's top-left, sorted row-major (the order partial placement uses).
    pub fn cells_rotated(&self, rot: u8) -> Vec<(u32, u32)> {
        let (mut w, mut h) = self.size();
        let mut cells = self.cells();
        for _ in 0..rot % 4 {
            cells = rotate90(&cells, h);
            std::mem::swap(&mut w, &mut h);
        }
        cells.sort_by_key(|&(x, y)| (y, x));
        cells
    }
}

/// One quarter turn clockwise inside a box of height `h`: (x, y) → (h-1-y, x).
pub fn rotate90(cells: &[(u32, u32)], h: u32) -> Vec<(u32, u32)> {
    cells.iter().map(|&(x, y)| (h - 1 - y, x)).collect()
}

/// The pattern with this id.
pub fn find(id: &str) -> Option<(u8, &'static Pattern)> {
    PATTERNS.iter().enumerate().find(|(_, p)| p.id == id).map(|(i, p)| (i as u8, p))
}
