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

use crate::device::{Gpu, GpuError, Timer};
use bytemuck::{Pod, Zeroable};
use retrace_kernel::life::field::{fmix32, Field, HASH_K_HI, HASH_K_LO};

/// The shader source.
pub const SHADER: &str = include_str!("life_step.wgsl");

/// One generation's figures for one field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GenStats {
    /// Player 1's live cells.
    pub p1: u32,
    /// Player 2's live cells.
    pub p2: u32,
    /// The kernel's `Field::hash` of the field.
    pub hash: u64,
}

/// A batch of same-sized fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
    /// Torus.
    pub wrap: bool,
    /// Number of fields.
    pub fields: u32,
    /// `fields * w * h` cells, field after field, row-major.
    pub cells: Vec<u32>,
}

impl Batch {
    /// A batch from kernel fields (all of one size and edge mode).
    pub fn from_fields(fields: &[Field]) -> Batch {
        let f0 = &fields[0];
        assert!(
            fields.iter().all(|f| (f.w, f.h, f.wrap) == (f0.w, f0.h, f0.wrap)),
            "a batch holds fields of one size and edge mode"
        );
        Batch {
            w: f0.w,
            h: f0.h,
            wrap: f0.wrap,
            fields: fields.len() as u32,
            cells: fields.iter().flat_map(|f| f.cells.iter().map(|&c| u32::from(c))).collect(),
        }
    }

    /// Field `i` as a kernel field.
    pub fn field(&self, i: u32) -> Field {
        let n = (self.w * self.h) as usize;
        let start = i as usize * n;
        Field {
            w: self.w,
            h: self.h,
            wrap: self.wrap,
            cells: self.cells[start..start + n].iter().map(|&c| c as u8).collect(),
        }
    }
}

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

/// What a run reads back beside running: the final cells (or not), and the
/// figures of every generation or of the last only (a batch search needs
/// only the final counts: far less to compute, copy and read).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunOptions {
    /// Read the final cells back.
    pub cells: bool,
    /// Keep every generation's figures (else the last generation's only).
    pub every_generation: bool,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions { cells: true, every_generation: true }
    }
}

/// The compiled pipeline.
pub struct LifeGpu {
    pipeline: wgpu::ComputePipeline,
    layout: wgpu::BindGroupLayout,
    /// The buffers and bind groups of the last run, reused while the next
    /// fits them (made larger when it does not): a run uploads its cells
    /// and parameters into them instead of creating new ones.
    kept: std::sync::Mutex<Option<Kept>>,
}

/// A run's buffers, kept between runs (the cell step's and the bit-plane
/// step's alike: the same bindings).
pub(crate) struct Kept {
    /// Bytes each ping-pong buffer holds.
    pub(crate) bytes: u64,
    /// Stats bytes.
    pub(crate) stats_len: u64,
    /// Generations the parameters buffer holds.
    pub(crate) gens: u32,
    pub(crate) a: wgpu::Buffer,
    pub(crate) c: wgpu::Buffer,
    pub(crate) stats: wgpu::Buffer,
    pub(crate) pbuf: wgpu::Buffer,
    pub(crate) out: wgpu::Buffer,
    pub(crate) sout: wgpu::Buffer,
    pub(crate) ab: wgpu::BindGroup,
    pub(crate) ba: wgpu::BindGroup,
}

impl Kept {
    /// Whether a run of this size fits.
    pub(crate) fn fits(&self, bytes: u64, stats_len: u64, gens: u32) -> bool {
        self.bytes >= bytes && self.stats_len >= stats_len && self.gens >= gens
    }
}

/// New buffers and bind groups for runs of up to `bytes` field bytes,
/// `stats_len` stats bytes and `gens` generations (`align` bytes of
/// parameters each, `params` of them used), bound as `layout` says.
pub(crate) fn make_kept(
    gpu: &Gpu,
    layout: &wgpu::BindGroupLayout,
    sizes: (u64, u64, u32),
    align: usize,
    params: u64,
) -> Kept {
    let (bytes, stats_len, gens) = sizes;
    let dev = &gpu.device;
    let usage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST;
    let read_usage = wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST;
    let buffer = |label: &str, size: u64, usage: wgpu::BufferUsages| {
        dev.create_buffer(&wgpu::BufferDescriptor { label: Some(label), size, usage, mapped_at_creation: false })
    };
    let a = buffer("life a", bytes, usage);
    let c = buffer("life b", bytes, usage);
    let stats = buffer("life stats", stats_len, usage);
    let pbuf = buffer(
        "life params",
        (align * gens as usize) as u64,
        wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
    );
    let out = buffer("life out", bytes, read_usage);
    let sout = buffer("life stats out", stats_len, read_usage);
    let group = |src: &wgpu::Buffer, dst: &wgpu::Buffer| {
        dev.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("life"),
            layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                        buffer: &pbuf,
                        offset: 0,
                        size: wgpu::BufferSize::new(params),
                    }),
                },
                wgpu::BindGroupEntry { binding: 1, resource: src.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 2, resource: dst.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 3, resource: stats.as_entire_binding() },
            ],
        })
    };
    let (ab, ba) = (group(&a, &c), group(&c, &a));
    Kept { bytes, stats_len, gens, a, c, stats, pbuf, out, sout, ab, ba }
}

/// What a GPU run returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunResult {
    /// The final cells, as in [`Batch::cells`].
    pub cells: Vec<u32>,
    /// `[generation][field]` figures.
    pub stats: Vec<Vec<GenStats>>,
    /// Time the device spent in the compute pass(es), in nanoseconds, when the
    /// adapter has timestamp queries.
    pub device_ns: Option<u64>,
}

fn storage(binding: u32, read_only: bool) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only },
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    }
}

impl LifeGpu {
    /// Compiles the shader and pipeline.
    pub fn new(gpu: &Gpu) -> Result<LifeGpu, GpuError> {
        gpu.checked("life_step.wgsl", || {
            let module = gpu.device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some("life_step"),
                source: wgpu::ShaderSource::Wgsl(SHADER.into()),
            });
            let layout = gpu.device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                label: Some("life_step"),
                entries: &[
                    wgpu::BindGroupLayoutEntry {
                        binding: 0,
                        visibility: wgpu::ShaderStages::COMPUTE,
                        ty: wgpu::BindingType::Buffer {
                            ty: wgpu::BufferBindingType::Uniform,
                            has_dynamic_offset: true,
                            min_binding_size: wgpu::BufferSize::new(std::mem::size_of::<Params>() as u64),
                        },
                        count: None,
                    },
                    storage(1, true),
                    storage(2, false),
                    storage(3, false),
                ],
            });
            let pl = gpu.device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: Some("life_step"),
                bind_group_layouts: &[Some(&layout)],
                immediate_size: 0,
            });
            let pipeline = gpu.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some("life_step"),
                layout: Some(&pl),
                module: &module,
                entry_point: Some("life_step"),
                compilation_options: Default::default(),
                cache: None,
            });
            LifeGpu { pipeline, layout, kept: std::sync::Mutex::new(None) }
        })
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
            return gpu.checked("the Life step", || self.run_unchecked(gpu, b, gens, opts))?;
        }
        let n = (b.w * b.h) as usize;
        let mut cells = Vec::with_capacity(b.cells.len());
        let rows = if opts.every_generation { gens.max(1) } else { 1 };
        let mut stats: Vec<Vec<GenStats>> = vec![Vec::with_capacity(b.fields as usize); rows as usize];
        let mut device_ns = Some(0u64);
        for slice in b.cells.chunks(per as usize * n) {
            let part = Batch { w: b.w, h: b.h, wrap: b.wrap, fields: (slice.len() / n) as u32, cells: slice.to_vec() };
            let r = gpu.checked("the Life step", || self.run_unchecked(gpu, &part, gens, opts))??;
            cells.extend(r.cells);
            for (g, row) in r.stats.into_iter().enumerate() {
                stats[g].extend(row);
            }
            device_ns = device_ns.zip(r.device_ns).map(|(a, b)| a + b);
        }
        Ok(RunResult { cells, stats, device_ns })
    }

    fn run_unchecked(&self, gpu: &Gpu, b: &Batch, gens: u32, opts: RunOptions) -> Result<RunResult, GpuError> {
        let bytes = b.cells.len() as u64 * 4;
        let gens = gens.max(1);
        let dev = &gpu.device;
        let rows = if opts.every_generation { gens } else { 1 };
        let stats_len = u64::from(rows) * u64::from(b.fields) * 16;
        let align = gpu.limits.min_uniform_buffer_offset_alignment.max(std::mem::size_of::<Params>() as u32) as usize;
        let mut kept = self.kept.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if kept.as_ref().is_none_or(|k| !k.fits(bytes, stats_len, gens)) {
            let (kb, ks, kg) = kept.as_ref().map_or((0, 0, 0), |k| (k.bytes, k.stats_len, k.gens));
            let sizes = (bytes.max(kb), stats_len.max(ks), gens.max(kg));
            *kept = Some(make_kept(gpu, &self.layout, sizes, align, std::mem::size_of::<Params>() as u64));
        }
        let k = kept.as_ref().expect("made above");
        let mut params = vec![0u8; align * gens as usize];
        for g in 0..gens as usize {
            let last = g + 1 == gens as usize;
            let p = Params {
                w: b.w,
                h: b.h,
                wrap: u32::from(b.wrap),
                fields: b.fields,
                generation: if opts.every_generation { g as u32 } else { 0 },
                record: u32::from(opts.every_generation || last),
                pad: [0; 2],
            };
            params[g * align..g * align + std::mem::size_of::<Params>()].copy_from_slice(bytemuck::bytes_of(&p));
        }
        gpu.queue.write_buffer(&k.a, 0, bytemuck::cast_slice(&b.cells));
        gpu.queue.write_buffer(&k.pbuf, 0, &params);
        let mut enc = dev.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("life") });
        enc.clear_buffer(&k.stats, 0, Some(stats_len));
        let timer = Timer::new(gpu);
        {
            let mut pass = enc.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("life"),
                timestamp_writes: timer.as_ref().map(Timer::writes),
            });
            pass.set_pipeline(&self.pipeline);
            for g in 0..gens {
                pass.set_bind_group(0, if g % 2 == 0 { &k.ab } else { &k.ba }, &[g * align as u32]);
                pass.dispatch_workgroups(b.w.div_ceil(8), b.h.div_ceil(8), b.fields);
            }
        }
        let last = if gens % 2 == 1 { &k.c } else { &k.a };
        if opts.cells {
            enc.copy_buffer_to_buffer(last, 0, &k.out, 0, bytes);
        }
        enc.copy_buffer_to_buffer(&k.stats, 0, &k.sout, 0, stats_len);
        if let Some(t) = &timer {
            t.resolve(&mut enc);
        }
        gpu.queue.submit([enc.finish()]);
        let device_ns = match &timer {
            Some(t) => Some(t.read(gpu)?),
            None => None,
        };
        // The kept buffers may be larger than this run: only its part is read.
        let mut cells_raw = if opts.cells { gpu.read(&k.out, "the Life step")? } else { Vec::new() };
        cells_raw.truncate(bytes as usize);
        let mut stats_raw = gpu.read(&k.sout, "the Life figures")?;
        stats_raw.truncate(stats_len as usize);
        // Copied out whatever the bytes' alignment (an empty vector's is one).
        let cells: Vec<u32> = bytemuck::pod_collect_to_vec(&cells_raw);
        let raw: Vec<u32> = bytemuck::pod_collect_to_vec(&stats_raw);
        let stats = raw
            .chunks(4 * b.fields as usize)
            .map(|gen| {
                gen.chunks(4)
                    .map(|s| GenStats { p1: s[0], p2: s[1], hash: (u64::from(s[3]) << 32) | u64::from(s[2]) })
                    .collect()
            })
            .collect();
        Ok(RunResult { cells, stats, device_ns })
    }
}

/// The GPU as the Life game's engine: for `Advance` (the kernel's
/// `Stepper`) and for the campaign solver's batches (its `BatchEval`).
pub struct GpuStepper {
    gpu: Gpu,
    life: LifeGpu,
    /// The bit-plane step, used first: a sixteenth of the memory and far
    /// fewer operations a cell; the one-word-a-cell step takes a batch too
    /// large for one of its bindings (it runs in slices).
    planes: crate::life_planes::LifePlanesGpu,
}

impl GpuStepper {
    /// Opens the GPU and compiles both steps.
    pub fn new(gpu: Gpu) -> Result<GpuStepper, GpuError> {
        let life = LifeGpu::new(&gpu)?;
        let planes = crate::life_planes::LifePlanesGpu::new(&gpu)?;
        Ok(GpuStepper { gpu, life, planes })
    }

    /// A run on the bit planes, or on one word a cell when the planes do not fit.
    fn step_batch(&self, batch: &Batch, gens: u32, opts: RunOptions) -> Result<RunResult, GpuError> {
        match self.planes.run_with(&self.gpu, batch, gens, opts) {
            Err(GpuError::TooLarge(_)) => self.life.run_with(&self.gpu, batch, gens, opts),
            other => other,
        }
    }

    /// The GPU in use.
    pub fn gpu(&self) -> &Gpu {
        &self.gpu
    }
}

impl retrace_kernel::life::Stepper for GpuStepper {
    fn run(&mut self, field: &Field, gens: u32) -> Result<(Field, Vec<(u32, u32, u64)>), String> {
        let batch = Batch::from_fields(std::slice::from_ref(field));
        let r = self.step_batch(&batch, gens, RunOptions::default()).map_err(|e| e.to_string())?;
        let figures = r.stats.iter().map(|g| (g[0].p1, g[0].p2, g[0].hash)).collect();
        Ok((Batch { cells: r.cells, ..batch }.field(0), figures))
    }
}

/// The GPU as the campaign solver's batch step too (the kernel's
/// `BatchEval`): every candidate field of a batch advanced together in one
/// submission.
impl retrace_kernel::life::solve::BatchEval for GpuStepper {
    fn enemy_after(&mut self, fields: &[Field], gens: u32) -> Result<Vec<u32>, String> {
        if fields.is_empty() {
            return Ok(Vec::new());
        }
        if gens == 0 {
            return Ok(fields.iter().map(|f| f.counts().1).collect());
        }
        let batch = Batch::from_fields(fields);
        // Only the last generation's counts: no cells, no other generations read back.
        let opts = RunOptions { cells: false, every_generation: false };
        let r = self.step_batch(&batch, gens, opts).map_err(|e| e.to_string())?;
        let last = r.stats.last().ok_or("the GPU returned no generations")?;
        Ok(last.iter().map(|g| g.p2).collect())
    }

    fn name(&self) -> String {
        format!("gpu ({})", self.gpu.describe())
    }
}
