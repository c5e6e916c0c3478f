//! Adapter and device set-up, and bounded readback.

use std::time::Duration;

/// How long any readback may wait for the GPU before it is an error.
pub const READBACK_TIMEOUT: Duration = Duration::from_secs(60);

/// Why the GPU path is not available or failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GpuError {
    /// No adapter was found.
    #[error("no GPU adapter found (backends tried: {backends}); install a Vulkan driver (on Debian: `apt-get install mesa-vulkan-drivers` for the lavapipe software driver) or choose another backend with WGPU_BACKEND")]
    NoAdapter {
        /// The backends that were searched.
        backends: String,
    },
    /// The adapter refused a device.
    #[error("the GPU adapter '{adapter}' refused a device: {reason}")]
    NoDevice {
        /// The adapter's name.
        adapter: String,
        /// Why.
        reason: String,
    },
    /// A shader or pipeline did not validate, or a command failed.
    #[error("GPU validation error in {what}: {reason}")]
    Validation {
        /// What was being created or run.
        what: String,
        /// The driver's message.
        reason: String,
    },
    /// A read-back's copy did not fit in this process's memory.
    #[error("{what} ({bytes} bytes) does not fit in this process's memory")]
    Memory {
        /// What was read back.
        what: String,
        /// Its size.
        bytes: u64,
    },
    /// The device stopped answering or was lost.
    #[error("the GPU did not finish {what} within {seconds} s, or the device was lost: {reason}")]
    Lost {
        /// What was waited for.
        what: String,
        /// The limit.
        seconds: u64,
        /// The detail.
        reason: String,
    },
    /// The request is larger than the device allows.
    #[error("{0}")]
    TooLarge(String),
}

/// A device and queue, with the adapter's description.
pub struct Gpu {
    /// The device.
    pub device: wgpu::Device,
    /// Its queue.
    pub queue: wgpu::Queue,
    /// Name, backend and driver of the adapter.
    pub info: wgpu::AdapterInfo,
    /// The limits the device was created with.
    pub limits: wgpu::Limits,
    /// The device can time passes (timestamp queries): device-only timings.
    pub timestamps: bool,
    /// The instance the adapter came from, kept as long as the device (a
    /// browser warns when it goes first).
    _instance: wgpu::Instance,
}

impl Gpu {
    /// Finds an adapter (honouring WGPU_BACKEND, WGPU_ADAPTER_NAME and
    /// WGPU_POWER_PREF) and opens a device with the adapter's own limits,
    /// waiting for it ([`Gpu::open`], blocked on: not on a web page).
    pub fn new() -> Result<Gpu, GpuError> {
        pollster::block_on(Gpu::open())
    }

    /// [`Gpu::new`] as a future: a web page awaits it (its only thread may
    /// not block); natively it is ready as soon as it is polled.
    pub async fn open() -> Result<Gpu, GpuError> {
        let desc = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
        let backends = format!("{:?}", desc.backends);
        let instance = wgpu::Instance::new(desc);
        let adapter = wgpu::util::initialize_adapter_from_env_or_default(&instance, None)
            .await
            .map_err(|_| GpuError::NoAdapter { backends })?;
        let info = adapter.get_info();
        let limits = adapter.limits();
        let timestamps = adapter.features().contains(wgpu::Features::TIMESTAMP_QUERY);
        let features = if timestamps { wgpu::Features::TIMESTAMP_QUERY } else { wgpu::Features::empty() };
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("retrace"),
                required_features: features,
                required_limits: limits.clone(),
                experimental_features: wgpu::ExperimentalFeatures::disabled(),
                memory_hints: wgpu::MemoryHints::Performance,
                trace: wgpu::Trace::Off,
            })
            .await
            .map_err(|e| GpuError::NoDevice { adapter: info.name.clone(), reason: e.to_string() })?;
        Ok(Gpu { device, queue, info, limits, timestamps, _instance: instance })
    }

    /// "name (backend)" for reports and the benchmark table.
    pub fn describe(&self) -> String {
        // A browser may keep its adapter's name to itself.
        let name = if self.info.name.is_empty() { "an unnamed adapter" } else { self.info.name.as_str() };
        format!("{name} ({:?}, {:?})", self.info.backend, self.info.device_type)
    }

    /// Runs `make` inside a validation error scope: a shader or pipeline that
    /// does not validate becomes an error, not a panic.
    pub fn checked<T>(&self, what: &str, make: impl FnOnce() -> T) -> Result<T, GpuError> {
        pollster::block_on(self.checked_async(what, async { make() }))
    }

    /// [`Gpu::checked`] around a future (its read-backs included): the
    /// scope's answer is awaited, as a web page must.
    pub async fn checked_async<T>(
        &self,
        what: &str,
        make: impl std::future::Future<Output = T>,
    ) -> Result<T, GpuError> {
        let scope = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let value = make.await;
        match scope.pop().await {
            None => Ok(value),
            Some(e) => Err(GpuError::Validation { what: what.into(), reason: e.to_string() }),
        }
    }

    /// Maps `buffer` for reading and returns its bytes, waiting at most
    /// [`READBACK_TIMEOUT`] for every submission so far.
    pub fn read(&self, buffer: &wgpu::Buffer, what: &str) -> Result<Vec<u8>, GpuError> {
        self.read_after(buffer, what, None)
    }

    /// [`Gpu::read`], waiting only for the submission `after` (and those
    /// before it) when given: later submissions keep running.
    pub fn read_after(
        &self,
        buffer: &wgpu::Buffer,
        what: &str,
        after: Option<wgpu::SubmissionIndex>,
    ) -> Result<Vec<u8>, GpuError> {
        pollster::block_on(self.read_after_async(buffer, what, after))
    }

    /// [`Gpu::read_after`] as a future. Natively the device is polled until
    /// the submission is done (bounded by [`READBACK_TIMEOUT`]) and the
    /// answer is ready; on a web page polling does nothing and the browser
    /// maps the buffer while the page's other work goes on.
    pub async fn read_after_async(
        &self,
        buffer: &wgpu::Buffer,
        what: &str,
        after: Option<wgpu::SubmissionIndex>,
    ) -> Result<Vec<u8>, GpuError> {
        let (tx, rx) = futures_channel::oneshot::channel();
        buffer.map_async(wgpu::MapMode::Read, .., move |r| {
            let _ = tx.send(r);
        });
        let lost = |reason: String| GpuError::Lost { what: what.into(), seconds: READBACK_TIMEOUT.as_secs(), reason };
        self.device
            .poll(wgpu::PollType::Wait { submission_index: after, timeout: Some(READBACK_TIMEOUT) })
            .map_err(|e| lost(e.to_string()))?;
        match rx.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(lost(e.to_string())),
            Err(_) => return Err(lost("the buffer was never mapped".into())),
        }
        // The copy asks for its memory first: a table too big for this
        // process is an error that says so, never an abort (issue 46).
        let range = buffer.get_mapped_range(..).map_err(|e| lost(e.to_string()))?;
        let mut bytes = Vec::new();
        if bytes.try_reserve_exact(range.len()).is_err() {
            let len = range.len() as u64;
            drop(range);
            buffer.unmap();
            return Err(GpuError::Memory { what: what.into(), bytes: len });
        }
        bytes.extend_from_slice(&range);
        drop(range);
        buffer.unmap();
        Ok(bytes)
    }
}

/// Two timestamps around a compute pass, when the device has them.
pub(crate) struct Timer {
    set: wgpu::QuerySet,
    resolve: wgpu::Buffer,
    read: wgpu::Buffer,
}

impl Timer {
    pub(crate) fn new(gpu: &Gpu) -> Option<Timer> {
        if !gpu.timestamps {
            return None;
        }
        let dev = &gpu.device;
        Some(Timer {
            set: dev.create_query_set(&wgpu::QuerySetDescriptor {
                label: Some("pass timer"),
                ty: wgpu::QueryType::Timestamp,
                count: 2,
            }),
            resolve: dev.create_buffer(&wgpu::BufferDescriptor {
                label: Some("timer resolve"),
                size: 16,
                usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: false,
            }),
            read: dev.create_buffer(&wgpu::BufferDescriptor {
                label: Some("timer read"),
                size: 16,
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            }),
        })
    }

    pub(crate) fn writes(&self) -> wgpu::ComputePassTimestampWrites<'_> {
        wgpu::ComputePassTimestampWrites {
            query_set: &self.set,
            beginning_of_pass_write_index: Some(0),
            end_of_pass_write_index: Some(1),
        }
    }

    pub(crate) fn resolve(&self, enc: &mut wgpu::CommandEncoder) {
        enc.resolve_query_set(&self.set, 0..2, &self.resolve, 0);
        enc.copy_buffer_to_buffer(&self.resolve, 0, &self.read, 0, 16);
    }

    /// Nanoseconds between the two timestamps (the period converts ticks;
    /// timing is the app's business, so floating point is fine here).
    pub(crate) fn read(&self, gpu: &Gpu) -> Result<u64, GpuError> {
        self.read_after(gpu, None)
    }

    /// [`Timer::read`] for the pass of submission `after`, not waiting for later ones.
    pub(crate) fn read_after(&self, gpu: &Gpu, after: Option<wgpu::SubmissionIndex>) -> Result<u64, GpuError> {
        pollster::block_on(self.read_async(gpu, after))
    }

    /// [`Timer::read_after`] as a future.
    pub(crate) async fn read_async(&self, gpu: &Gpu, after: Option<wgpu::SubmissionIndex>) -> Result<u64, GpuError> {
        let bytes = gpu.read_after_async(&self.read, "the pass timer", after).await?;
        let t: &[u64] = bytemuck::cast_slice(&bytes);
        let ticks = t[1].saturating_sub(t[0]);
        Ok((ticks as f64 * f64::from(gpu.queue.get_timestamp_period())) as u64)
    }
}

/// For tests: the GPU, or `None` after printing why it is skipped. With
/// `RETRACE_REQUIRE_GPU=1` a missing GPU panics instead, so CI cannot skip.
pub fn gpu_for_tests(test: &str) -> Option<Gpu> {
    match Gpu::new() {
        Ok(g) => Some(g),
        Err(e) if std::env::var("RETRACE_REQUIRE_GPU").as_deref() == Ok("1") => {
            panic!("{test}: RETRACE_REQUIRE_GPU=1 but {e}")
        }
        Err(e) => {
            // Written to the process's stderr itself, not through `eprintln!`,
            // which the test harness captures and hides for a passing test: a
            // skip must show in every log.
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "SKIPPED {test}: no GPU adapter ({e})");
            None
        }
    }
}
