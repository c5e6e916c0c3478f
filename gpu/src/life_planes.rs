//! The Life step on bit planes on the GPU (`life_planes.wgsl`) and its CPU
//! twin of the same name: 32 cells to a `u32` word, two planes a field
//! (`alive`, and `p2` where a live cell is player 2's), so a word of 32 cells
//! costs a few dozen integer operations and the fields take a sixteenth of
//! the memory of [`crate::life_step`]'s one word a cell. Same batches, same
//! figures ([`GenStats`]), the same answers: the parity tests hold this step
//! to its twin, and the twin to [`crate::life_step::run_cpu`] (and so to the
//! kernel).

use crate::device::{Gpu, GpuError};
use crate::life_batch::{Batch, GenStats, RunOptions, RunResult};
use crate::stage::{Stage, Work};
use bytemuck::{Pod, Zeroable};
use retrace_kernel::life::field::{fmix32, HASH_K_HI, HASH_K_LO};
use retrace_kernel::life::planes::count8;

/// The shader source: the shared prelude (`life_common.wgsl`), then `life_planes.wgsl`.
pub const SHADER: &str = concat!(include_str!("life_common.wgsl"), include_str!("life_planes.wgsl"));

/// A batch as bit planes: field `f` at `f * 2 * h * words`, its `alive`
/// plane then its `p2` plane, `h` rows of `words` words each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackedBatch {
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
    /// Torus.
    pub wrap: bool,
    /// Number of fields.
    pub fields: u32,
    /// Words a row.
    pub words: u32,
    /// The planes.
    pub planes: Vec<u32>,
}

impl PackedBatch {
    /// Packs a batch (one `u32` a cell: 0, 1 or 2).
    pub fn from_batch(b: &Batch) -> PackedBatch {
        let words = b.w.div_ceil(32);
        let plane = (b.h * words) as usize;
        let mut planes = vec![0u32; 2 * plane * b.fields as usize];
        let n = (b.w * b.h) as usize;
        for f in 0..b.fields as usize {
            let base = f * 2 * plane;
            for y in 0..b.h as usize {
                for x in 0..b.w as usize {
                    let c = b.cells[f * n + y * b.w as usize + x];
                    let at = base + y * words as usize + x / 32;
                    let bit = 1u32 << (x % 32);
                    if c != 0 {
                        planes[at] |= bit;
                    }
                    if c == 2 {
                        planes[at + plane] |= bit;
                    }
                }
            }
        }
        PackedBatch { w: b.w, h: b.h, wrap: b.wrap, fields: b.fields, words, planes }
    }

    /// The cells again, one `u32` a cell.
    pub fn to_batch(&self) -> Batch {
        Batch { w: self.w, h: self.h, wrap: self.wrap, fields: self.fields, cells: self.cells_of(&self.planes) }
    }

    /// A run's result with the planes the GPU handed back (`r.cells`, when
    /// `opts.cells`) unpacked into cells, one `u32` a cell.
    pub(crate) fn unpacked(&self, r: RunResult, opts: RunOptions) -> RunResult {
        let cells = if opts.cells { self.cells_of(&r.cells) } else { Vec::new() };
        RunResult { cells, ..r }
    }

    /// The cells of planes laid out as this batch's.
    fn cells_of(&self, planes: &[u32]) -> Vec<u32> {
        let plane = (self.h * self.words) as usize;
        let mut cells = Vec::with_capacity((self.w * self.h * self.fields) as usize);
        for f in 0..self.fields as usize {
            let base = f * 2 * plane;
            for y in 0..self.h as usize {
                for x in 0..self.w as usize {
                    let at = base + y * self.words as usize + x / 32;
                    let bit = 1u32 << (x % 32);
                    let alive = planes[at] & bit != 0;
                    let p2 = planes[at + plane] & bit != 0;
                    cells.push(if !alive {
                        0
                    } else if p2 {
                        2
                    } else {
                        1
                    });
                }
            }
        }
        cells
    }
}

/// The CPU twin of `life_planes.wgsl`: the same word-by-word step over the
/// same buffers. Returns each field's figures for the new generation.
pub fn life_planes_cpu(b: &PackedBatch, dst: &mut [u32]) -> Vec<GenStats> {
    let (w, h, words) = (b.w, b.h, b.words);
    let plane = h * words;
    let word_at = |base: u32, y: u32, x: u32| b.planes[(base + y * words + x) as usize];
    let cell_bit = |base: u32, y: u32, c: u32| (word_at(base, y, c / 32) >> (c % 32)) & 1;
    let row3 = |base: u32, y: u32, x: u32| {
        let c = word_at(base, y, x);
        let last = words - 1;
        let mut west = c << 1;
        if x > 0 {
            west |= word_at(base, y, x - 1) >> 31;
        } else if b.wrap {
            west |= cell_bit(base, y, w - 1);
        }
        let mut east = c >> 1;
        if x < last {
            east |= word_at(base, y, x + 1) << 31;
        } else if b.wrap {
            east |= cell_bit(base, y, 0) << ((w - 1) % 32);
        }
        [west, c, east]
    };
    let mut stats = vec![[0u32; 4]; b.fields as usize];
    for f in 0..b.fields {
        let ab = f * 2 * plane;
        let pb = ab + plane;
        for y in 0..h {
            let up = if y > 0 { Some(y - 1) } else { b.wrap.then_some(h - 1) };
            let down = if y + 1 < h { Some(y + 1) } else { b.wrap.then_some(0) };
            for x in 0..words {
                let a_mid = row3(ab, y, x);
                let p_mid = row3(pb, y, x);
                let a_up = up.map_or([0; 3], |r| row3(ab, r, x));
                let p_up = up.map_or([0; 3], |r| row3(pb, r, x));
                let a_dn = down.map_or([0; 3], |r| row3(ab, r, x));
                let p_dn = down.map_or([0; 3], |r| row3(pb, r, x));
                let (next_alive, next_p2) = next_words([a_up, a_mid, a_dn], [p_up, p_mid, p_dn]);
                let r = w - 32 * x;
                let mask = if r >= 32 { u32::MAX } else { (1 << r) - 1 };
                let (next_alive, next_p2) = (next_alive & mask, next_p2 & mask);
                dst[(ab + y * words + x) as usize] = next_alive;
                dst[(pb + y * words + x) as usize] = next_p2;
                add_figures(&mut stats[f as usize], next_alive, next_p2, y * w + 32 * x);
            }
        }
    }
    stats.iter().map(|&s| gen_stats(s)).collect()
}

/// The rule on 32 cells at once (`life_common.wgsl`'s `next_words`): the
/// next `alive` and `p2` words of a word from the rows above, at and below
/// it, each as [west, here, east] neighbour planes of `alive` and of `p2`.
/// Bits past the width are the caller's to clear.
pub(crate) fn next_words(a: [[u32; 3]; 3], p: [[u32; 3]; 3]) -> (u32, u32) {
    let [a_up, a_mid, a_dn] = a;
    let [p_up, p_mid, p_dn] = p;
    let n = count8([a_up[0], a_up[1], a_up[2], a_mid[0], a_mid[2], a_dn[0], a_dn[1], a_dn[2]]);
    let q = |a: [u32; 3], p: [u32; 3]| [a[0] & p[0], a[1] & p[1], a[2] & p[2]];
    let (q_up, q_mid, q_dn) = (q(a_up, p_up), q(a_mid, p_mid), q(a_dn, p_dn));
    let qn = count8([q_up[0], q_up[1], q_up[2], q_mid[0], q_mid[2], q_dn[0], q_dn[1], q_dn[2]]);
    let none_high = !n.2 & !n.3;
    let eq3 = n.0 & n.1 & none_high;
    let eq2 = !n.0 & n.1 & none_high;
    let q_ge2 = qn.1 | qn.2 | qn.3;
    let alive = a_mid[1];
    let p2 = p_mid[1] & alive;
    let survive = alive & (eq2 | eq3);
    let born = !alive & eq3;
    (survive | born, (survive & p2) | (born & q_ge2))
}

/// Adds a word's figures to `s` (`life_common.wgsl`'s `word_figures`, then
/// `add_figures`): player 1's and player 2's cells and the hash's halves,
/// cell `first` at bit 0, as wrapping sums (any order gives the same).
pub(crate) fn add_figures(s: &mut [u32; 4], alive: u32, p2: u32, first: u32) {
    s[0] += (alive & !p2).count_ones();
    s[1] += p2.count_ones();
    let mut m = alive;
    while m != 0 {
        let bit = m.trailing_zeros();
        let key = ((first + bit) << 1) | ((p2 >> bit) & 1);
        s[2] = s[2].wrapping_add(fmix32(key ^ HASH_K_LO));
        s[3] = s[3].wrapping_add(fmix32(key ^ HASH_K_HI));
        m &= m - 1;
    }
}

/// The four summed words as a generation's figures.
pub(crate) fn gen_stats(s: [u32; 4]) -> GenStats {
    GenStats { p1: s[0], p2: s[1], hash: (u64::from(s[3]) << 32) | u64::from(s[2]) }
}

/// Runs `gens` generations with the twin: the final planes and each
/// generation's figures (`[generation][field]`).
pub fn run_planes_cpu(b: &PackedBatch, gens: u32) -> (PackedBatch, Vec<Vec<GenStats>>) {
    let mut cur = b.clone();
    let mut next = vec![0u32; cur.planes.len()];
    let mut all = Vec::with_capacity(gens as usize);
    for _ in 0..gens {
        all.push(life_planes_cpu(&cur, &mut next));
        std::mem::swap(&mut cur.planes, &mut next);
    }
    (cur, all)
}

#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable)]
struct Params {
    w: u32,
    h: u32,
    wrap: u32,
    fields: u32,
    words: u32,
    generation: u32,
    record: u32,
    pad: u32,
}

/// The compiled bit-plane step.
pub struct LifePlanesGpu {
    stage: Stage,
}

impl LifePlanesGpu {
    /// Compiles the shader and pipeline.
    pub fn new(gpu: &Gpu) -> Result<LifePlanesGpu, GpuError> {
        pollster::block_on(LifePlanesGpu::open(gpu))
    }

    /// [`LifePlanesGpu::new`] as a future.
    pub async fn open(gpu: &Gpu) -> Result<LifePlanesGpu, GpuError> {
        let params = std::mem::size_of::<Params>() as u64;
        Ok(LifePlanesGpu { stage: Stage::open(gpu, "life_planes", SHADER, params).await? })
    }

    /// Runs `gens` generations of the batch (packed here) in one submission
    /// and reads back the final cells and every generation's figures, as
    /// [`crate::life_step::LifeGpu::run`] does. Errors when the packed batch
    /// needs more than one storage binding or dispatch.
    pub fn run(&self, gpu: &Gpu, b: &Batch, gens: u32) -> Result<RunResult, GpuError> {
        self.run_with(gpu, b, gens, RunOptions::default())
    }

    /// [`LifePlanesGpu::run`], reading back only what `opts` asks, as
    /// [`crate::life_step::LifeGpu::run_with`] does.
    pub fn run_with(&self, gpu: &Gpu, b: &Batch, gens: u32, opts: RunOptions) -> Result<RunResult, GpuError> {
        pollster::block_on(self.run_async(gpu, b, gens, opts))
    }

    /// [`LifePlanesGpu::run_with`] as a future (its read-backs awaited).
    pub async fn run_async(&self, gpu: &Gpu, b: &Batch, gens: u32, opts: RunOptions) -> Result<RunResult, GpuError> {
        let packed = PackedBatch::from_batch(b);
        let bytes = packed.planes.len() as u64 * 4;
        if bytes > gpu.limits.max_storage_buffer_binding_size
            || b.fields > gpu.limits.max_compute_workgroups_per_dimension
            || b.h > gpu.limits.max_compute_workgroups_per_dimension
        {
            return Err(GpuError::TooLarge(format!(
                "{} fields of {}×{} as bit planes need {bytes} bytes or more workgroups than this GPU's binding holds",
                b.fields, b.w, b.h
            )));
        }
        gpu.checked_async("the bit-plane Life step", self.run_unchecked(gpu, &packed, gens, opts)).await?
    }

    async fn run_unchecked(
        &self,
        gpu: &Gpu,
        b: &PackedBatch,
        gens: u32,
        opts: RunOptions,
    ) -> Result<RunResult, GpuError> {
        // One generation a dispatch: each kept generation's figures in its own row.
        let params = |generation: u32, _: u32, record: u32| Params {
            w: b.w,
            h: b.h,
            wrap: u32::from(b.wrap),
            fields: b.fields,
            words: b.words,
            generation,
            record: u32::from(record != 0),
            pad: 0,
        };
        let groups = [b.words.div_ceil(64), b.h, b.fields];
        Ok(b.unpacked(
            self.stage.submit(gpu, Work { input: &b.planes, gens: (gens, 1), opts, groups }, params).await?,
            opts,
        ))
    }
}
