//! Several Life generations a dispatch (`life_tiles.wgsl`) and its CPU twin
//! of the same name: the bit planes of [`crate::life_planes`], stepped a
//! tile of whole rows at a time in workgroup memory with `halo` rows above
//! and below, so each dispatch reads and writes global memory once for up
//! to [`MAX_HALO`] generations. The same batches, figures and answers as
//! the one-generation steps: the parity tests hold the shader to this twin,
//! and the twin to [`crate::life_planes::run_planes_cpu`] (and so to the
//! kernel).

use crate::device::{Gpu, GpuError};
use crate::life_batch::{Batch, GenStats, RunOptions, RunResult};
use crate::life_planes::{add_figures, gen_stats, next_words, PackedBatch};
use crate::stage::{Stage, Work};
use bytemuck::{Pod, Zeroable};

/// The shader source: the shared prelude (`life_common.wgsl`), then `life_tiles.wgsl`.
pub const SHADER: &str = concat!(include_str!("life_common.wgsl"), include_str!("life_tiles.wgsl"));

/// Words a tile's plane holds in workgroup memory (the shader's `TILE_WORDS`).
pub const TILE_WORDS: u32 = 768;

/// The most generations a dispatch steps (and so the halo's rows).
pub const MAX_HALO: u32 = 8;

/// A tile's shape for fields `words` words wide and `h` rows high: the halo
/// (rows above and below, and generations a dispatch), the rows a tile holds
/// and its own (inner) rows. `None` when not even one inner row and a halo
/// of one fit (fields wider than 8,000 cells or so).
pub fn geometry(words: u32, h: u32) -> Option<(u32, u32, u32)> {
    let most = TILE_WORDS / words.max(1);
    let halo = MAX_HALO.min(most.saturating_sub(1) / 2);
    if halo == 0 {
        return None;
    }
    let rows = most.min(h + 2 * halo);
    Some((halo, rows, rows - 2 * halo))
}

/// The CPU twin of one dispatch of `life_tiles.wgsl`: `steps` generations
/// (at most the halo) of every field, tile by tile in the shader's order,
/// from `b`'s planes into `dst`. Returns each generation's figures for
/// every field (`[generation][field]`), recorded or not.
pub fn life_tiles_cpu(b: &PackedBatch, steps: u32, dst: &mut [u32]) -> Vec<Vec<GenStats>> {
    let (halo, rows, inner) = geometry(b.words, b.h).expect("a tile fits");
    let steps = steps.clamp(1, halo);
    let (w, h, words) = (b.w, b.h, b.words);
    let plane = (h * words) as usize;
    let field_row = |first: u32, r: u32| -> u32 {
        let y = i64::from(first) + i64::from(r) - i64::from(halo);
        if b.wrap {
            y.rem_euclid(i64::from(h)) as u32
        } else if y < 0 || y >= i64::from(h) {
            h
        } else {
            y as u32
        }
    };
    let mut stats = vec![vec![[0u32; 4]; b.fields as usize]; steps as usize];
    let n = (rows * words) as usize;
    for f in 0..b.fields {
        let ab = f as usize * 2 * plane;
        let pb = ab + plane;
        for t in 0..h.div_ceil(inner) {
            let first = t * inner;
            // Two buffers of both planes: [alive, p2].
            let mut tile = [[vec![0u32; n], vec![0u32; n]], [vec![0u32; n], vec![0u32; n]]];
            for i in 0..n as u32 {
                let y = field_row(first, i / words);
                if y < h {
                    let at = (y * words + i % words) as usize;
                    tile[0][0][i as usize] = b.planes[ab + at];
                    tile[0][1][i as usize] = b.planes[pb + at];
                }
            }
            for j in 1..=steps {
                let (s, d) = (((j - 1) & 1) as usize, (j & 1) as usize);
                for i in j * words..(rows - j) * words {
                    let (r, x) = (i / words, i % words);
                    let y = field_row(first, r);
                    let mut next = (0, 0);
                    if y < h {
                        let row3 = |plane: usize, r: u32| tile_row3(&tile[s][plane], b, r, x);
                        let a = [row3(0, r - 1), row3(0, r), row3(0, r + 1)];
                        let p = [row3(1, r - 1), row3(1, r), row3(1, r + 1)];
                        let rest = w - 32 * x;
                        let mask = if rest >= 32 { u32::MAX } else { (1 << rest) - 1 };
                        let (na, np) = next_words(a, p);
                        next = (na & mask, np & mask);
                    }
                    tile[d][0][i as usize] = next.0;
                    tile[d][1][i as usize] = next.1;
                    let own = r >= halo && r < halo + inner && first + r - halo < h;
                    if own && next.0 != 0 {
                        add_figures(&mut stats[j as usize - 1][f as usize], next.0, next.1, y * w + 32 * x);
                    }
                }
            }
            let fin = (steps & 1) as usize;
            for i in halo * words..(halo + inner) * words {
                let y = first + i / words - halo;
                if y < h {
                    let at = (y * words + i % words) as usize;
                    dst[ab + at] = tile[fin][0][i as usize];
                    dst[pb + at] = tile[fin][1][i as usize];
                }
            }
        }
    }
    stats.into_iter().map(|g| g.into_iter().map(gen_stats).collect()).collect()
}

/// Word `x` of tile row `r` and its west and east neighbour planes, as the shader's `tile_row3`.
fn tile_row3(tile: &[u32], b: &PackedBatch, r: u32, x: u32) -> [u32; 3] {
    let at = (r * b.words) as usize;
    let word = |x: u32| tile[at + x as usize];
    let c = word(x);
    let mut west = c << 1;
    if x > 0 {
        west |= word(x - 1) >> 31;
    } else if b.wrap {
        let l = b.w - 1;
        west |= (word(l / 32) >> (l % 32)) & 1;
    }
    let mut east = c >> 1;
    if x + 1 < b.words {
        east |= word(x + 1) << 31;
    } else if b.wrap {
        east |= (word(0) & 1) << ((b.w - 1) % 32);
    }
    [west, c, east]
}

/// Runs `gens` generations with the twin, in dispatches of the halo's
/// generations as the GPU runs them: the final planes and each
/// generation's figures (`[generation][field]`).
pub fn run_tiles_cpu(b: &PackedBatch, gens: u32) -> (PackedBatch, Vec<Vec<GenStats>>) {
    let (halo, _, _) = geometry(b.words, b.h).expect("a tile fits");
    let mut cur = b.clone();
    let mut next = vec![0u32; cur.planes.len()];
    let mut all = Vec::with_capacity(gens as usize);
    let mut done = 0;
    while done < gens {
        let k = halo.min(gens - done);
        all.extend(life_tiles_cpu(&cur, k, &mut next));
        std::mem::swap(&mut cur.planes, &mut next);
        done += k;
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
    steps: u32,
    halo: u32,
    tile_rows: u32,
    inner: u32,
    pad: u32,
}

/// The compiled many-generations-a-dispatch step.
pub struct LifeTilesGpu {
    stage: Stage,
}

impl LifeTilesGpu {
    /// Compiles the shader and pipeline (an error where the device has less
    /// workgroup memory than a tile needs).
    pub fn new(gpu: &Gpu) -> Result<LifeTilesGpu, GpuError> {
        pollster::block_on(LifeTilesGpu::open(gpu))
    }

    /// [`LifeTilesGpu::new`] as a future.
    pub async fn open(gpu: &Gpu) -> Result<LifeTilesGpu, GpuError> {
        let params = std::mem::size_of::<Params>() as u64;
        Ok(LifeTilesGpu { stage: Stage::open(gpu, "life_tiles", SHADER, params).await? })
    }

    /// Runs `gens` generations of the batch (packed here) in one submission
    /// and reads back what `opts` asks, as
    /// [`crate::life_step::LifeGpu::run_with`] does. Errors when a tile does
    /// not fit or the planes need more than one binding or dispatch.
    pub fn run_with(&self, gpu: &Gpu, b: &Batch, gens: u32, opts: RunOptions) -> Result<RunResult, GpuError> {
        pollster::block_on(self.run_async(gpu, b, gens, opts))
    }

    /// [`LifeTilesGpu::run_with`] as a future (its read-backs awaited).
    pub async fn run_async(&self, gpu: &Gpu, b: &Batch, gens: u32, opts: RunOptions) -> Result<RunResult, GpuError> {
        let packed = PackedBatch::from_batch(b);
        let bytes = packed.planes.len() as u64 * 4;
        let too_large =
            |why: &str| Err(GpuError::TooLarge(format!("{} fields of {}×{} as tiles: {why}", b.fields, b.w, b.h)));
        let Some((halo, rows, inner)) = geometry(packed.words, b.h) else {
            return too_large("a row is wider than a tile holds");
        };
        let max = gpu.limits.max_compute_workgroups_per_dimension;
        if bytes > gpu.limits.max_storage_buffer_binding_size || b.fields > max || b.h.div_ceil(inner) > max {
            return too_large("more than one binding or dispatch holds");
        }
        let params = |generation: u32, steps: u32, record: u32| Params {
            w: b.w,
            h: b.h,
            wrap: u32::from(b.wrap),
            fields: b.fields,
            words: packed.words,
            generation,
            record,
            steps,
            halo,
            tile_rows: rows,
            inner,
            pad: 0,
        };
        let groups = [b.h.div_ceil(inner), 1, b.fields];
        let run = self.stage.submit(gpu, Work { input: &packed.planes, gens: (gens, halo), opts, groups }, params);
        Ok(packed.unpacked(gpu.checked_async("the tiled Life step", run).await??, opts))
    }
}
