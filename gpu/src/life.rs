//! The GPU as the Life game's engine ([`GpuStepper`]): the three stages
//! (`life_tiles`, then `life_planes`, then `life_step`) tried in that order,
//! each where the one before does not fit. It sits above the stages and
//! their shared types (`life_batch`); no stage imports it.

use crate::device::{Gpu, GpuError};
use crate::life_batch::{Batch, RunOptions, RunResult};
use crate::life_planes::LifePlanesGpu;
use crate::life_step::LifeGpu;
use crate::life_tiles::LifeTilesGpu;
use retrace_kernel::life::field::Field;

/// The GPU as the Life game's engine: for `Advance` (the kernel's
/// `Stepper`) and for the campaign solver's batches (its `BatchEval`).
pub struct GpuStepper {
    gpu: Gpu,
    life: LifeGpu,
    /// The bit-plane step: a sixteenth of the memory and far fewer
    /// operations a cell; the one-word-a-cell step takes a batch too large
    /// for one of its bindings (it runs in slices).
    planes: LifePlanesGpu,
    /// The bit planes several generations a dispatch, used first (absent
    /// where the device has too little workgroup memory for a tile).
    tiles: Option<LifeTilesGpu>,
}

impl GpuStepper {
    /// Opens the GPU and compiles both steps.
    pub fn new(gpu: Gpu) -> Result<GpuStepper, GpuError> {
        pollster::block_on(GpuStepper::open(gpu))
    }

    /// [`GpuStepper::new`] as a future (a web page awaits the shaders'
    /// validation).
    pub async fn open(gpu: Gpu) -> Result<GpuStepper, GpuError> {
        let life = LifeGpu::open(&gpu).await?;
        let planes = LifePlanesGpu::open(&gpu).await?;
        let tiles = LifeTilesGpu::open(&gpu).await.ok();
        Ok(GpuStepper { gpu, life, planes, tiles })
    }

    /// A run in tiles, or on the bit planes a generation a dispatch when a
    /// tile does not fit, or on one word a cell when the planes do not;
    /// reading back what `opts` asks (as [`LifeGpu::run_with`]).
    pub fn run_batch(&self, batch: &Batch, gens: u32, opts: RunOptions) -> Result<RunResult, GpuError> {
        pollster::block_on(self.run_batch_async(batch, gens, opts))
    }

    /// [`GpuStepper::run_batch`] as a future: the same stages in the same
    /// order, their read-backs awaited (a web page's Life runs this way).
    pub async fn run_batch_async(&self, batch: &Batch, gens: u32, opts: RunOptions) -> Result<RunResult, GpuError> {
        if let Some(tiles) = &self.tiles {
            match tiles.run_async(&self.gpu, batch, gens, opts).await {
                Err(GpuError::TooLarge(_)) => {}
                other => return other,
            }
        }
        match self.planes.run_async(&self.gpu, batch, gens, opts).await {
            Err(GpuError::TooLarge(_)) => self.life.run_async(&self.gpu, batch, gens, opts).await,
            other => other,
        }
    }

    /// One field's run of `gens` generations as the kernel's [`Stepper`]
    /// answers it (the field after them and each generation's figures), as
    /// a future.
    ///
    /// [`Stepper`]: retrace_kernel::life::Stepper
    pub async fn run_field(&self, field: &Field, gens: u32) -> Result<(Field, Vec<(u32, u32, u64)>), String> {
        let batch = Batch::from_fields(std::slice::from_ref(field));
        let r = self.run_batch_async(&batch, gens, RunOptions::default()).await.map_err(|e| e.to_string())?;
        let figures = r.stats.iter().map(|g| (g[0].p1, g[0].p2, g[0].hash)).collect();
        Ok((Batch { cells: r.cells, ..batch }.field(0), figures))
    }

    /// The GPU in use.
    pub fn gpu(&self) -> &Gpu {
        &self.gpu
    }
}

impl retrace_kernel::life::Stepper for GpuStepper {
    fn run(&mut self, field: &Field, gens: u32) -> Result<(Field, Vec<(u32, u32, u64)>), String> {
        pollster::block_on(self.run_field(field, gens))
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
        let r = self.run_batch(&batch, gens, opts).map_err(|e| e.to_string())?;
        let last = r.stats.last().ok_or("the GPU returned no generations")?;
        Ok(last.iter().map(|g| g.p2).collect())
    }

    fn name(&self) -> String {
        format!("gpu ({})", self.gpu.describe())
    }
}
