//! What the Life steps share (`life_step` one word a cell, `life_planes`
//! bit planes): the bindings (parameters at a dynamic offset a generation,
//! source, destination, figures), the pipeline, the buffers kept between
//! runs, and one submission of many generations with its read-back.

use crate::device::{Gpu, GpuError, Timer};
use crate::life_batch::{GenStats, RunOptions, RunResult};
use bytemuck::Pod;

/// A dispatch's figures: each of its generations' in a row of its own.
pub(crate) const RECORD_EVERY: u32 = 1;
/// A dispatch's figures: its last generation's only.
pub(crate) const RECORD_LAST: u32 = 2;

/// A run's buffers, kept between runs.
struct Kept {
    /// Bytes each ping-pong buffer holds.
    bytes: u64,
    /// Stats bytes.
    stats_len: u64,
    /// Dispatches the parameters buffer holds.
    gens: u32,
    a: wgpu::Buffer,
    c: wgpu::Buffer,
    stats: wgpu::Buffer,
    pbuf: wgpu::Buffer,
    out: wgpu::Buffer,
    sout: wgpu::Buffer,
    ab: wgpu::BindGroup,
    ba: wgpu::BindGroup,
}

impl Kept {
    /// Whether a run of this size fits.
    fn fits(&self, bytes: u64, stats_len: u64, gens: u32) -> bool {
        self.bytes >= bytes && self.stats_len >= stats_len && self.gens >= gens
    }
}

/// New buffers and bind groups for runs of up to `bytes` field bytes,
/// `stats_len` stats bytes and `gens` generations (`align` bytes of
/// parameters each, `params` of them used), bound as `layout` says.
fn make_kept(gpu: &Gpu, layout: &wgpu::BindGroupLayout, sizes: (u64, u64, u32), align: usize, params: u64) -> Kept {
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

/// A compiled Life step: its pipeline and bindings, and the buffers and
/// bind groups of the last run, reused while the next fits them (made
/// larger when it does not): a run uploads its input and parameters into
/// them instead of creating new ones.
pub(crate) struct Stage {
    pipeline: wgpu::ComputePipeline,
    layout: wgpu::BindGroupLayout,
    /// Bytes of one generation's parameters.
    params: u64,
    kept: std::sync::Mutex<Option<Kept>>,
}

/// What one submission runs: the input's words, its generations and how
/// many a dispatch takes, what is read back, and the workgroups of each
/// dispatch (the third dimension the field).
#[derive(Clone, Copy)]
pub(crate) struct Work<'a> {
    pub(crate) input: &'a [u32],
    pub(crate) gens: (u32, u32),
    pub(crate) opts: RunOptions,
    pub(crate) groups: [u32; 3],
}

impl Stage {
    /// Compiles `source`, whose entry point and file are named `name` (the
    /// validation's answer awaited).
    pub(crate) async fn open(gpu: &Gpu, name: &str, source: &str, params: u64) -> Result<Stage, GpuError> {
        gpu.checked_async(&format!("{name}.wgsl"), async {
            let module = gpu.device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some(name),
                source: wgpu::ShaderSource::Wgsl(source.into()),
            });
            let layout = gpu.device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                label: Some(name),
                entries: &[
                    wgpu::BindGroupLayoutEntry {
                        binding: 0,
                        visibility: wgpu::ShaderStages::COMPUTE,
                        ty: wgpu::BindingType::Buffer {
                            ty: wgpu::BufferBindingType::Uniform,
                            has_dynamic_offset: true,
                            min_binding_size: wgpu::BufferSize::new(params),
                        },
                        count: None,
                    },
                    storage(1, true),
                    storage(2, false),
                    storage(3, false),
                ],
            });
            let pl = gpu.device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: Some(name),
                bind_group_layouts: &[Some(&layout)],
                immediate_size: 0,
            });
            let pipeline = gpu.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(name),
                layout: Some(&pl),
                module: &module,
                entry_point: Some(name),
                compilation_options: Default::default(),
                cache: None,
            });
            Stage { pipeline, layout, params, kept: std::sync::Mutex::new(None) }
        })
        .await
    }

    /// One submission: `input` into the first buffer, `gens.0` generations
    /// in dispatches of `gens.1` generations each (the last may have fewer)
    /// of `groups` workgroups, ping-ponging between the two buffers. A
    /// dispatch's parameters are `params(row, k, record)`: its `k`
    /// generations' figures go to rows `row..row + k` when `record` is
    /// [`RECORD_EVERY`], only its last generation's to row `row` when it is
    /// [`RECORD_LAST`] (the last dispatch of a run that keeps the last
    /// generation's figures only, in row 0), none when 0. Returns
    /// the last buffer's words as `cells` (empty unless `opts.cells`), the
    /// figures `[row][field]` and the device time where the adapter has
    /// timestamps. The dispatch's third dimension is the field.
    // The lock over the waits is the design (see below), not an accident.
    #[allow(clippy::await_holding_lock)]
    pub(crate) async fn submit<P: Pod>(
        &self,
        gpu: &Gpu,
        work: Work<'_>,
        params: impl Fn(u32, u32, u32) -> P,
    ) -> Result<RunResult, GpuError> {
        let fields = work.groups[2];
        // The kept buffers are this run's until its answer is read: another
        // run of the same stage (another thread natively) waits here. Held
        // across the waits: natively the future is blocked on by its one
        // thread, and on a web page runs are one at a time (the page's
        // `LifeEngine` starts none while one is out).
        let mut kept = self.kept.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (bytes, stats_len, out, sout, timer) = self.encode(&mut kept, gpu, work, params);
        let device_ns = match &timer {
            Some(t) => Some(t.read_async(gpu, None).await?),
            None => None,
        };
        // The kept buffers may be larger than this run: only its part is read.
        let mut out = match &out {
            Some(b) => gpu.read_after_async(b, "the Life step", None).await?,
            None => Vec::new(),
        };
        out.truncate(bytes as usize);
        let mut stats = gpu.read_after_async(&sout, "the Life figures", None).await?;
        stats.truncate(stats_len as usize);
        // Copied out whatever the bytes' alignment (an empty vector's is one).
        let words: Vec<u32> = bytemuck::pod_collect_to_vec(&out);
        let raw: Vec<u32> = bytemuck::pod_collect_to_vec(&stats);
        let figures = raw
            .chunks(4 * fields as usize)
            .map(|row| {
                row.chunks(4)
                    .map(|s| GenStats { p1: s[0], p2: s[1], hash: (u64::from(s[3]) << 32) | u64::from(s[2]) })
                    .collect()
            })
            .collect();
        Ok(RunResult { cells: words, stats: figures, device_ns })
    }

    /// The submission of [`Stage::submit`], without waiting: the sizes read
    /// back (cells, figures), the buffers to read them from (the cells only
    /// when `opts.cells`) and the pass timer. The kept buffers' lock is held
    /// by [`Stage::submit`] until the answer is read.
    #[allow(clippy::type_complexity)]
    fn encode<P: Pod>(
        &self,
        kept: &mut Option<Kept>,
        gpu: &Gpu,
        work: Work<'_>,
        params: impl Fn(u32, u32, u32) -> P,
    ) -> (u64, u64, Option<wgpu::Buffer>, wgpu::Buffer, Option<Timer>) {
        let Work { input, gens, opts, groups } = work;
        let fields = groups[2];
        let (gens, steps) = (gens.0.max(1), gens.1.max(1));
        let dispatches = gens.div_ceil(steps);
        let rows = if opts.every_generation { gens } else { 1 };
        let bytes = input.len() as u64 * 4;
        let stats_len = u64::from(rows) * u64::from(fields) * 16;
        // Each dispatch's parameters at an offset the device allows (a multiple
        // of its alignment, and room for the whole struct).
        let align = (self.params as usize).next_multiple_of(gpu.limits.min_uniform_buffer_offset_alignment as usize);
        if kept.as_ref().is_none_or(|k| !k.fits(bytes, stats_len, dispatches)) {
            let (kb, ks, kg) = kept.as_ref().map_or((0, 0, 0), |k| (k.bytes, k.stats_len, k.gens));
            let sizes = (bytes.max(kb), stats_len.max(ks), dispatches.max(kg));
            *kept = Some(make_kept(gpu, &self.layout, sizes, align, self.params));
        }
        let k = kept.as_ref().expect("made above");
        let mut all = vec![0u8; align * dispatches as usize];
        for d in 0..dispatches {
            let first = d * steps;
            let count = steps.min(gens - first);
            let last = d + 1 == dispatches;
            let p = if opts.every_generation {
                params(first, count, RECORD_EVERY)
            } else {
                params(0, count, if last { RECORD_LAST } else { 0 })
            };
            let at = d as usize * align;
            all[at..at + std::mem::size_of::<P>()].copy_from_slice(bytemuck::bytes_of(&p));
        }
        gpu.queue.write_buffer(&k.a, 0, bytemuck::cast_slice(input));
        gpu.queue.write_buffer(&k.pbuf, 0, &all);
        let mut enc = gpu.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("life") });
        enc.clear_buffer(&k.stats, 0, Some(stats_len));
        let timer = Timer::new(gpu);
        {
            let mut pass = enc.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("life"),
                timestamp_writes: timer.as_ref().map(Timer::writes),
            });
            pass.set_pipeline(&self.pipeline);
            for d in 0..dispatches {
                pass.set_bind_group(0, if d % 2 == 0 { &k.ab } else { &k.ba }, &[d * align as u32]);
                pass.dispatch_workgroups(groups[0], groups[1], groups[2]);
            }
        }
        let last = if dispatches % 2 == 1 { &k.c } else { &k.a };
        if opts.cells {
            enc.copy_buffer_to_buffer(last, 0, &k.out, 0, bytes);
        }
        enc.copy_buffer_to_buffer(&k.stats, 0, &k.sout, 0, stats_len);
        if let Some(t) = &timer {
            t.resolve(&mut enc);
        }
        gpu.queue.submit([enc.finish()]);
        let out = opts.cells.then(|| k.out.clone());
        (bytes, stats_len, out, k.sout.clone(), timer)
    }
}
