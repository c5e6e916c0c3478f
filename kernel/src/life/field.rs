//! The Life field (one byte per cell: 0 dead, 1 player 1, 2 player 2), its
//! counts and hashes, and the plain reference step every faster engine is held to.

use crate::digest::PartHasher;

/// A dead cell.
pub const DEAD: u8 = 0;
/// Player 1's colour.
pub const P1: u8 = 1;
/// Player 2's colour.
pub const P2: u8 = 2;
/// The largest side a field may have.
pub const MAX_SIDE: u32 = 8192;

/// A W×H field, row-major, hard-edged or a torus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// Width in cells.
    pub w: u32,
    /// Height in cells.
    pub h: u32,
    /// Torus: neighbours wrap around the edges.
    pub wrap: bool,
    /// `cells[y * w + x]`: DEAD, P1 or P2.
    pub cells: Vec<u8>,
}

impl Field {
    /// An empty field, or why the size is not allowed.
    pub fn new(w: u32, h: u32, wrap: bool) -> Result<Field, String> {
        if w == 0 || h == 0 || w > MAX_SIDE || h > MAX_SIDE {
            return Err(format!("a field is 1×1 to {MAX_SIDE}×{MAX_SIDE} cells, not {w}×{h}"));
        }
        Ok(Field { w, h, wrap, cells: vec![DEAD; w as usize * h as usize] })
    }

    /// The index of (x, y).
    #[inline]
    pub fn idx(&self, x: u32, y: u32) -> usize {
        y as usize * self.w as usize + x as usize
    }

    /// The cell at (x, y).
    #[inline]
    pub fn get(&self, x: u32, y: u32) -> u8 {
        self.cells[self.idx(x, y)]
    }

    /// A random field: each cell is alive with `density_percent` % chance, each
    /// colour equally likely, drawn from `rng` (cell by cell, row-major:
    /// `below(100)`, then `below(2)` for a live cell).
    pub fn random(
        w: u32,
        h: u32,
        wrap: bool,
        density_percent: u32,
        rng: &mut crate::rng::Rng,
    ) -> Result<Field, String> {
        let mut f = Field::new(w, h, wrap)?;
        for c in f.cells.iter_mut() {
            if rng.below(100) < density_percent {
                *c = 1 + rng.below(2) as u8;
            }
        }
        Ok(f)
    }

    /// Live cells of each colour: (player 1, player 2).
    pub fn counts(&self) -> (u32, u32) {
        let mut c = [0u32; 3];
        for &v in &self.cells {
            c[v as usize] += 1;
        }
        (c[1], c[2])
    }

    /// The field hash used for stability detection (and computed identically
    /// by the GPU): two independent wrapping u32 sums, over every live cell with
    /// row-major index i and colour c, of `fmix32(key ^ K)` where
    /// `key = (i << 1) | (c - 1)`, K = 0x9E3779B9 for the low half and
    /// 0x85EBCA6B for the high half. Order-independent, so a GPU can add in any order.
    pub fn hash(&self) -> u64 {
        let (mut lo, mut hi) = (0u32, 0u32);
        for (i, &c) in self.cells.iter().enumerate() {
            if c != DEAD {
                let key = ((i as u32) << 1) | (u32::from(c) - 1);
                lo = lo.wrapping_add(fmix32(key ^ HASH_K_LO));
                hi = hi.wrapping_add(fmix32(key ^ HASH_K_HI));
            }
        }
        (u64::from(hi) << 32) | u64::from(lo)
    }

    /// Feeds the field's canonical bytes into a digest part.
    pub fn hash_into(&self, h: &mut PartHasher) {
        h.u32(self.w).u32(self.h).bool(self.wrap).bytes(&self.cells);
    }

    /// BLAKE3 of the canonical bytes (`retrace life run --print digest`).
    pub fn digest(&self) -> crate::digest::Digest {
        let mut h = PartHasher::new("field");
        self.hash_into(&mut h);
        h.finish().digest
    }
}

/// Seeds of the two halves of [`Field::hash`].
pub const HASH_K_LO: u32 = 0x9E37_79B9;
/// See [`HASH_K_LO`].
pub const HASH_K_HI: u32 = 0x85EB_CA6B;

/// MurmurHash3's 32-bit finaliser.
#[inline]
pub fn fmix32(mut h: u32) -> u32 {
    h ^= h >> 16;
    h = h.wrapping_mul(0x85EB_CA6B);
    h ^= h >> 13;
    h = h.wrapping_mul(0xC2B2_AE35);
    h ^= h >> 16;
    h
}

/// The colour a newborn takes: the majority of its live neighbours' colours,
/// the lowest id on a tie (two players never tie among three neighbours).
pub fn majority(count1: u32, count2: u32) -> u8 {
    if count2 > count1 {
        P2
    } else {
        P1
    }
}

/// One generation, the obvious way: B3/S23 over the Moore neighbourhood, each of
/// the 8 offsets looked up separately (on a torus an offset wraps, so on tiny
/// fields a cell can count the same neighbour more than once, or itself).
/// Survivors keep their colour; newborns take the majority colour.
pub fn step_reference(src: &Field, dst: &mut Field) {
    debug_assert_eq!((src.w, src.h), (dst.w, dst.h));
    dst.wrap = src.wrap;
    let (w, h) = (i64::from(src.w), i64::from(src.h));
    for y in 0..h {
        for x in 0..w {
            let mut n = [0u32; 3];
            for dy in -1..=1i64 {
                for dx in -1..=1i64 {
                    if dx == 0 && dy == 0 {
                        continue;
                    }
                    let (mut nx, mut ny) = (x + dx, y + dy);
                    if src.wrap {
                        nx = nx.rem_euclid(w);
                        ny = ny.rem_euclid(h);
                    } else if nx < 0 || ny < 0 || nx >= w || ny >= h {
                        continue;
                    }
                    n[src.cells[(ny * w + nx) as usize] as usize] += 1;
                }
            }
            let live = n[1] + n[2];
            let i = (y * w + x) as usize;
            let me = src.cells[i];
            dst.cells[i] = match (me != DEAD, live) {
                (true, 2) | (true, 3) => me,
                (false, 3) => majority(n[1], n[2]),
                _ => DEAD,
            };
        }
    }
}
