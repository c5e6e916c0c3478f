//! The Life step on the GPU (`life_step.wgsl`) and its CPU twin of the same name.
//!
//! Storage: one u32 per cell, 0 dead, 1 player 1, 2 player 2; a batch of B
//! fields of the same W×H lies field after field. N generations run in one
//! submission (ping-pong buffers, no readback in between); each generation
//! leaves, per field, the colour counts and the kernel's field hash in a stats
//! buffer, so stability and extinction can be judged without reading fields back.
//! The buffers and bind groups are made once and kept between runs (grown
//! when a run needs more); each generation's figures are summed in
//! workgroup memory and added to the field's row once per workgroup.

use crate::device::{Gpu, GpuError};
pub use crate::life_batch::{Batch, GenStats, RunOptions, RunResult};
use crate::stage::{Stage, Work};
use bytemuck::{Pod, Zeroable};
use retrace_kernel::life::field::{fmix32, HASH_K_HI, HASH_K_LO};

/// The shader source: the shared prelude (`life_common.wgsl`), then `life_step.wgsl`.
pub const SHADER: &str = concat!(include_str!("life_common.wgsl"), include_str!("life_step.wgsl"));

/// The CPU twin of `life_step.wgsl`: the same loop, cell by cell, over the same
/// buffers. Returns each field's figures for the new generation.
pub fn life_step_cpu(b: &Batch, dst: &mut [u32]) -> Vec<GenStats> {
    let (w, h) = (b.w, b.h);
    let mut stats = vec![[0u32; 4]; b.fields as usize];
    for f in 0..b.fields {
        let base = (f * w * h) as usize;
        for y in 0..h {
            for x in 0..w {
                let (mut n1, mut n2) = (0u32, 0u32);
                for ky in 0..3u32 {
                    for kx in 0..3u32 {
                        if kx == 1 && ky == 1 {
                            continue;
                        }
                        let (nx, ny) = if b.wrap {
                            ((x + w - 1 + kx) % w, (y + h - 1 + ky) % h)
                        } else {
                            if (x == 0 && kx == 0) || (y == 0 && ky == 0) {
                                continue;
                            }
                            let (nx, ny) = (x + kx - 1, y + ky - 1);
                            if nx >= w || ny >= h {
                                continue;
                            }
                            (nx, ny)
                        };
                        let c = b.cells[base + (ny * w + nx) as usize];
                        n1 += u32::from(c == 1);
                        n2 += u32::from(c == 2);
                    }
                }
                let i = y * w + x;
                let me = b.cells[base + i as usize];
                let live = n1 + n2;
                let out = if me != 0 && (live == 2 || live == 3) {
                    me
                } else if me == 0 && live == 3 {
                    if n2 > n1 {
                        2
                    } else {
                        1
                    }
                } else {
                    0
                };
                dst[base + i as usize] = out;
                if out != 0 {
                    let s = &mut stats[f as usize];
                    s[out as usize - 1] += 1;
                    let key = (i << 1) | (out - 1);
                    s[2] = s[2].wrapping_add(fmix32(key ^ HASH_K_LO));
                    s[3] = s[3].wrapping_add(fmix32(key ^ HASH_K_HI));
                }
            }
        }
    }
    stats.iter().map(|s| GenStats { p1: s[0], p2: s[1], hash: (u64::from(s[3]) << 32) | u64::from(s[2]) }).collect()
}

/// Runs `gens` generations with the CPU twin: the final cells and each
/// generation's figures (`[generation][field]`).
pub fn run_cpu(b: &Batch, gens: u32) -> (Vec<u32>, Vec<Vec<GenStats>>) {
    let mut cur = b.clone();
    let mut next = vec![0u32; cur.cells.len()];
    let mut all = Vec::with_capacity(gens as usize);
    for _ in 0..gens {
        all.push(life_step_cpu(&cur, &mut next));
        std::mem::swap(&mut cur.cells, &mut next);
    }
    (cur.cells, all)
}

#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable)]
struct Params {
    w: u32,
    h: u32,
    wrap: u32,
    fields: u32,
    /// The stats row this generation adds to (its index, or 0 when only the
    /// last is kept).
    generation: u32,
    /// Whether this generation's figures are kept at all.
    record: u32,
    pad: [u32; 2],
}

/// The compiled pipeline, with the buffers of the last run kept for the
/// next ([`crate::stage::Stage`]).
pub struct LifeGpu {
    stage: Stage,
}

impl LifeGpu {
    /// Compiles the shader and pipeline.
    pub fn new(gpu: &Gpu) -> Result<LifeGpu, GpuError> {
        pollster::block_on(LifeGpu::open(gpu))
    }

    /// [`LifeGpu::new`] as a future.
    pub async fn open(gpu: &Gpu) -> Result<LifeGpu, GpuError> {
        Ok(LifeGpu { stage: Stage::open(gpu, "life_step", SHADER, std::mem::size_of::<Params>() as u64).await? })
    }

    /// Runs `gens` generations of the batch in one submission and reads back
    /// the final cells and every generation's figures.
    /// A batch larger than one storage binding runs in slices of whole fields.
    pub fn run(&self, gpu: &Gpu, b: &Batch, gens: u32) -> Result<RunResult, GpuError> {
        self.run_with(gpu, b, gens, RunOptions::default())
    }

    /// [`LifeGpu::run`], reading back only what `opts` asks: without cells,
    /// [`RunResult::cells`] is empty; with the last generation only,
    /// [`RunResult::stats`] has one row (that generation's).
    pub fn run_with(&self, gpu: &Gpu, b: &Batch, gens: u32, opts: RunOptions) -> Result<RunResult, GpuError> {
        pollster::block_on(self.run_async(gpu, b, gens, opts))
    }

    /// [`LifeGpu::run_with`] as a future (its read-backs awaited).
    pub async fn run_async(&self, gpu: &Gpu, b: &Batch, gens: u32, opts: RunOptions) -> Result<RunResult, GpuError> {
        let field_bytes = u64::from(b.w) * u64::from(b.h) * 4;
        let max = gpu.limits.max_storage_buffer_binding_size;
        let per = (max / field_bytes.max(1)).min(u64::from(gpu.limits.max_compute_workgroups_per_dimension)) as u32;
        if per == 0 {
            return Err(GpuError::TooLarge(format!(
                "one {}×{} field needs {field_bytes} bytes, more than this GPU's {max}-byte storage binding",
                b.w, b.h
            )));
        }
        if b.fields <= per {
            return gpu.checked_async("the Life step", self.run_unchecked(gpu, b, gens, opts)).await?;
        }
        let n = (b.w * b.h) as usize;
        let mut cells = Vec::with_capacity(b.cells.len());
        let rows = if opts.every_generation { gens.max(1) } else { 1 };
        let mut stats: Vec<Vec<GenStats>> = vec![Vec::with_capacity(b.fields as usize); rows as usize];
        let mut device_ns = Some(0u64);
        for slice in b.cells.chunks(per as usize * n) {
            let part = Batch { w: b.w, h: b.h, wrap: b.wrap, fields: (slice.len() / n) as u32, cells: slice.to_vec() };
            let r = gpu.checked_async("the Life step", self.run_unchecked(gpu, &part, gens, opts)).await??;
            cells.extend(r.cells);
            for (g, row) in r.stats.into_iter().enumerate() {
                stats[g].extend(row);
            }
            device_ns = device_ns.zip(r.device_ns).map(|(a, b)| a + b);
        }
        Ok(RunResult { cells, stats, device_ns })
    }

    async fn run_unchecked(&self, gpu: &Gpu, b: &Batch, gens: u32, opts: RunOptions) -> Result<RunResult, GpuError> {
        // One generation a dispatch: each kept generation's figures in its own row.
        let params = |generation: u32, _: u32, record: u32| Params {
            w: b.w,
            h: b.h,
            wrap: u32::from(b.wrap),
            fields: b.fields,
            generation,
            record: u32::from(record != 0),
            pad: [0; 2],
        };
        let groups = [b.w.div_ceil(8), b.h.div_ceil(8), b.fields];
        self.stage.submit(gpu, Work { input: &b.cells, gens: (gens, 1), opts, groups }, params).await
    }
}
