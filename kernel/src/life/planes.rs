//! The fast CPU step on bit planes, twin of the reference step
//! [`super::field::step_reference`] (and of the GPU shader `life_step.wgsl`):
//! bit-parallel, 64 cells per machine word.
//!
//! Two bit planes per row: `alive` and `p2` (set where a live cell is player
//! 2's). Neighbour counts are summed with bit-sliced adders for `alive` and for
//! `q = alive & p2`; then `alive' = n==3 | (alive & n==2)` and a cell is player
//! 2's next generation when it survives as player 2's or is born with at least
//! 2 of its 3 live neighbours player 2's. Bits past the width are always zero.
//! Held bit for bit to [`super::field::step_reference`] by proptest.

use super::field::{fmix32, Field, DEAD, HASH_K_HI, HASH_K_LO, P1, P2};

/// A field as bit planes, stepped in place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planes {
    w: u32,
    h: u32,
    wrap: bool,
    /// Words per row.
    words: usize,
    alive: Vec<u64>,
    p2: Vec<u64>,
    scratch: Scratch,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Scratch {
    aw: Vec<u64>,
    ae: Vec<u64>,
    qw: Vec<u64>,
    qe: Vec<u64>,
    q: Vec<u64>,
    next_alive: Vec<u64>,
    next_p2: Vec<u64>,
}

/// Sums eight one-bit planes: returns the count's bits (1, 2, 4, 8). For
/// words of any width (the GPU's twin steps `u32` words with it too).
#[inline(always)]
pub fn count8<T>(n: [T; 8]) -> (T, T, T, T)
where
    T: Copy + std::ops::BitAnd<Output = T> + std::ops::BitOr<Output = T> + std::ops::BitXor<Output = T>,
{
    #[inline(always)]
    fn full<T>(a: T, b: T, c: T) -> (T, T)
    where
        T: Copy + std::ops::BitAnd<Output = T> + std::ops::BitOr<Output = T> + std::ops::BitXor<Output = T>,
    {
        let t = a ^ b;
        (t ^ c, (a & b) | (c & t))
    }
    let (s1, c1) = full(n[0], n[1], n[2]);
    let (s2, c2) = full(n[3], n[4], n[5]);
    let (s3, c3) = (n[6] ^ n[7], n[6] & n[7]);
    let (b0, ca) = full(s1, s2, s3);
    let (t, cb) = full(c1, c2, c3);
    let (b1, cc) = (t ^ ca, t & ca);
    (b0, b1, cb ^ cc, cb & cc)
}

impl Planes {
    /// Packs a field.
    pub fn from_field(f: &Field) -> Planes {
        let words = (f.w as usize).div_ceil(64);
        let mut alive = vec![0u64; words * f.h as usize];
        let mut p2 = vec![0u64; words * f.h as usize];
        for y in 0..f.h as usize {
            let row = &f.cells[y * f.w as usize..(y + 1) * f.w as usize];
            for (x, &c) in row.iter().enumerate() {
                if c != DEAD {
                    alive[y * words + x / 64] |= 1 << (x % 64);
                    if c == P2 {
                        p2[y * words + x / 64] |= 1 << (x % 64);
                    }
                }
            }
        }
        Planes { w: f.w, h: f.h, wrap: f.wrap, words, alive, p2, scratch: Scratch::default() }
    }

    /// Unpacks into `f` (which must have the same size).
    pub fn write_to(&self, f: &mut Field) {
        debug_assert_eq!((f.w, f.h), (self.w, self.h));
        for y in 0..self.h as usize {
            for x in 0..self.w as usize {
                let (k, b) = (y * self.words + x / 64, x % 64);
                f.cells[y * self.w as usize + x] = if self.alive[k] >> b & 1 == 0 {
                    DEAD
                } else if self.p2[k] >> b & 1 == 1 {
                    P2
                } else {
                    P1
                };
            }
        }
    }

    /// Unpacks into a new field.
    pub fn to_field(&self) -> Field {
        let mut f =
            Field { w: self.w, h: self.h, wrap: self.wrap, cells: vec![DEAD; self.w as usize * self.h as usize] };
        self.write_to(&mut f);
        f
    }

    /// Live cells of each colour.
    pub fn counts(&self) -> (u32, u32) {
        let all: u32 = self.alive.iter().map(|w| w.count_ones()).sum();
        let two: u32 = self.p2.iter().map(|w| w.count_ones()).sum();
        (all - two, two)
    }

    /// [`Field::hash`], computed from the planes.
    pub fn hash(&self) -> u64 {
        let (mut lo, mut hi) = (0u32, 0u32);
        for y in 0..self.h as usize {
            for k in 0..self.words {
                let mut bits = self.alive[y * self.words + k];
                let p2 = self.p2[y * self.words + k];
                while bits != 0 {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let i = (y * self.w as usize + k * 64 + b) as u32;
                    let c = (p2 >> b & 1) as u32;
                    let key = (i << 1) | c;
                    lo = lo.wrapping_add(fmix32(key ^ HASH_K_LO));
                    hi = hi.wrapping_add(fmix32(key ^ HASH_K_HI));
                }
            }
        }
        (u64::from(hi) << 32) | u64::from(lo)
    }

    /// The mask of valid bits in the last word of a row.
    fn last_mask(&self) -> u64 {
        let r = self.w as usize % 64;
        if r == 0 {
            u64::MAX
        } else {
            (1u64 << r) - 1
        }
    }

    /// West and east neighbour planes of one row: `west` bit x = row bit x-1,
    /// `east` bit x = row bit x+1, wrapping or zero at the edges.
    fn shift_row(&self, row: &[u64], west: &mut [u64], east: &mut [u64]) {
        let n = self.words;
        let last = self.w as usize - 1;
        for k in 0..n {
            let prev = if k > 0 { row[k - 1] >> 63 } else { 0 };
            west[k] = (row[k] << 1) | prev;
            let next = if k + 1 < n { row[k + 1] << 63 } else { 0 };
            east[k] = (row[k] >> 1) | next;
        }
        west[n - 1] &= self.last_mask();
        if self.wrap {
            // Column 0's west neighbour is column w-1; column w-1's east is column 0.
            let top = row[last / 64] >> (last % 64) & 1;
            west[0] = (west[0] & !1) | top;
            let first = row[0] & 1;
            east[last / 64] = (east[last / 64] & !(1 << (last % 64))) | (first << (last % 64));
        }
    }

    /// Advances one generation.
    pub fn step(&mut self) {
        let (n, h) = (self.words, self.h as usize);
        let mut s = std::mem::take(&mut self.scratch);
        for v in [&mut s.aw, &mut s.ae, &mut s.qw, &mut s.qe, &mut s.q, &mut s.next_alive, &mut s.next_p2] {
            v.resize(n * h, 0);
        }
        for (q, (&a, &p)) in s.q.iter_mut().zip(self.alive.iter().zip(&self.p2)) {
            *q = a & p;
        }
        for y in 0..h {
            let r = y * n..(y + 1) * n;
            self.shift_row(&self.alive[r.clone()], &mut s.aw[r.clone()], &mut s.ae[r.clone()]);
            self.shift_row(&s.q[r.clone()], &mut s.qw[r.clone()], &mut s.qe[r.clone()]);
        }
        let mask = self.last_mask();
        let row_of = |y: isize| -> Option<usize> {
            if y >= 0 && (y as usize) < h {
                Some(y as usize)
            } else if self.wrap {
                Some(y.rem_euclid(h as isize) as usize)
            } else {
                None
            }
        };
        for y in 0..h {
            let up = row_of(y as isize - 1);
            let down = row_of(y as isize + 1);
            for k in 0..n {
                let at = |v: &Vec<u64>, row: Option<usize>| row.map_or(0, |r| v[r * n + k]);
                let i = y * n + k;
                let na = count8([
                    at(&self.alive, up),
                    at(&s.aw, up),
                    at(&s.ae, up),
                    s.aw[i],
                    s.ae[i],
                    at(&self.alive, down),
                    at(&s.aw, down),
                    at(&s.ae, down),
                ]);
                let nq = count8([
                    at(&s.q, up),
                    at(&s.qw, up),
                    at(&s.qe, up),
                    s.qw[i],
                    s.qe[i],
                    at(&s.q, down),
                    at(&s.qw, down),
                    at(&s.qe, down),
                ]);
                let small = !na.2 & !na.3;
                let eq3 = na.0 & na.1 & small;
                let eq2 = !na.0 & na.1 & small;
                let q_ge2 = nq.1 | nq.2 | nq.3;
                let a = self.alive[i];
                let mut next = eq3 | (a & eq2);
                let mut p2 = (a & self.p2[i] & next) | (!a & eq3 & q_ge2);
                if k == n - 1 {
                    next &= mask;
                    p2 &= mask;
                }
                s.next_alive[i] = next;
                s.next_p2[i] = p2;
            }
        }
        std::mem::swap(&mut self.alive, &mut s.next_alive);
        std::mem::swap(&mut self.p2, &mut s.next_p2);
        self.scratch = s;
    }
}

/// Steps a byte field one generation with the fast engine (packs and unpacks:
/// for many generations keep a [`Planes`] instead).
pub fn step_fast(src: &Field, dst: &mut Field) {
    let mut p = Planes::from_field(src);
    p.step();
    dst.wrap = src.wrap;
    p.write_to(dst);
}
