//! The Miau solver's visited set on the GPU (`frontier_dedup.wgsl`) and the
//! CPU twin of the same name: keys go up, the GPU hashes them and inserts
//! their fingerprints into a table that stays on the GPU, and one bit per
//! key (new or seen) comes back. [`GpuDedup`] is the kernel's
//! [`FrontierDedup`] (and its `FrontierHasher`, for `miau solve --gpu`).
//!
//! The table's layout, the passes and why their answers do not depend on
//! the order the GPU runs them in are written at the top of the shader.
//! The fingerprint is the CPU table's (the first 12 bytes of the BLAKE3 of
//! the key zero-padded to whole blocks, `hashing::padded_len`), so
//! the two sets answer alike, collisions included: two of `n` states share
//! one with a chance under n² / 2^97.
//!
//! Two batches may be in flight: each has its own buffers (a frame), kept
//! and reused, so the solver expands one batch while the GPU checks the one
//! before. The table is kept at most half full and doubled (rehashed on the
//! GPU) before a batch could pass that; when it could not grow within the
//! device's largest buffer, [`FrontierDedup::send`] says so and the solver
//! carries on with the CPU's table (never a wrong answer).

use crate::device::{Gpu, GpuError, Timer, READBACK_TIMEOUT};
use crate::frontier_hash::{frontier_hash_cpu, pack_pieces, GpuHasher, MAX_KEY};
use bytemuck::{Pod, Zeroable};
use retrace_kernel::hashing::{DrainError, Fingerprint, FrontierDedup, FrontierHasher};
use std::collections::VecDeque;
use std::sync::mpsc;

/// The shader source (the BLAKE3 prelude and the dedup passes).
pub const SHADER: &str = concat!(include_str!("blake3.wgsl"), include_str!("frontier_dedup.wgsl"));

/// Words in a table slot: the claim and the fingerprint's three.
const SLOT_WORDS: u64 = 4;

/// The first key's number: claim 0 is an empty slot, 1 a rehashed one.
pub const FIRST_KEY: u32 = 2;

/// Slots a new search's table starts with.
pub const START_SLOTS: u64 = 1 << 14;

#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable)]
struct Params {
    key_len: u32,
    stride: u32,
    count: u32,
    row: u32,
    base: u32,
    mask: u32,
    old_slots: u32,
    hash_len: u32,
}

/// The GPU table's contents, slot by slot (the CPU twin works on one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DedupTable {
    /// Four words a slot: the claim, then the fingerprint's three words.
    pub words: Vec<u32>,
}

impl DedupTable {
    /// An empty table of `slots` slots (a power of two).
    pub fn new(slots: usize) -> DedupTable {
        DedupTable { words: vec![0; slots * SLOT_WORDS as usize] }
    }

    /// Slots.
    pub fn slots(&self) -> usize {
        self.words.len() / SLOT_WORDS as usize
    }

    /// [`DedupTable::fingerprints`], its vector asked for fallibly: `None`
    /// when this process's memory refuses it.
    pub fn try_fingerprints(&self) -> Option<Vec<Fingerprint>> {
        let held = self.words.chunks(4).filter(|s| s[0] != 0).count();
        let mut out: Vec<Fingerprint> = Vec::new();
        out.try_reserve_exact(held).ok()?;
        out.extend(self.words.chunks(4).filter(|s| s[0] != 0).map(|s| fingerprint_of([s[1], s[2], s[3]])));
        out.sort_unstable();
        Some(out)
    }

    /// The fingerprints held, sorted (the GPU places colliding ones in
    /// whichever order its invocations ran, so tables are compared by this).
    pub fn fingerprints(&self) -> Vec<Fingerprint> {
        let mut out: Vec<Fingerprint> =
            self.words.chunks(4).filter(|s| s[0] != 0).map(|s| fingerprint_of([s[1], s[2], s[3]])).collect();
        out.sort_unstable();
        out
    }

    /// `dedup_rehash`'s twin: every fingerprint into a new table of `slots` slots, claimed as 1.
    pub fn grown(&self, slots: usize) -> DedupTable {
        let mut t = DedupTable::new(slots);
        let mask = slots - 1;
        for s in self.words.chunks(4).filter(|s| s[0] != 0) {
            let mut at = s[2] as usize & mask;
            while t.words[4 * at] != 0 {
                at = (at + 1) & mask;
            }
            t.words[4 * at..4 * at + 4].copy_from_slice(&[1, s[1], s[2], s[3]]);
        }
        t
    }
}

/// A fingerprint's bytes from its three words (little-endian, as BLAKE3's output).
fn fingerprint_of(w: [u32; 3]) -> Fingerprint {
    let mut f = [0u8; 12];
    for (i, word) in w.iter().enumerate() {
        f[4 * i..4 * i + 4].copy_from_slice(&word.to_le_bytes());
    }
    f
}

/// The CPU twin of `frontier_dedup.wgsl`'s three batch passes, run in key
/// order: the keys (packed as [`crate::frontier_hash::pack_keys`] packs them,
/// `stride` words each) numbered from `base`, inserted into `table`; whether
/// each was new. The GPU's answers are these whatever order its invocations
/// run in (its table may place colliding fingerprints differently).
pub fn frontier_dedup_cpu(
    table: &mut DedupTable,
    words: &[u32],
    key_len: u32,
    stride: usize,
    base: u32,
) -> Result<Vec<bool>, String> {
    let count = words.len() / stride.max(1);
    let hash_len = retrace_kernel::hashing::padded_len(key_len as usize);
    let prints: Vec<[u32; 3]> = (0..count)
        .map(|k| {
            // The key's words, then zeros to whole blocks.
            let mut padded = words[k * stride..(k + 1) * stride].to_vec();
            padded.resize(hash_len / 4, 0);
            let h = frontier_hash_cpu(&padded, hash_len as u32);
            std::array::from_fn(|i| u32::from_le_bytes(h[4 * i..4 * i + 4].try_into().expect("4 bytes")))
        })
        .collect();
    let mask = table.slots() - 1;
    let mut slot_of = vec![usize::MAX; count];
    for (k, f) in prints.iter().enumerate() {
        let me = base + k as u32;
        let mut s = f[1] as usize & mask;
        for _ in 0..=mask {
            let owner = table.words[4 * s];
            if owner == 0 {
                table.words[4 * s..4 * s + 4].copy_from_slice(&[me, f[0], f[1], f[2]]);
                slot_of[k] = s;
                break;
            }
            let theirs = if owner >= base {
                prints[(owner - base) as usize]
            } else {
                [table.words[4 * s + 1], table.words[4 * s + 2], table.words[4 * s + 3]]
            };
            if theirs == *f {
                if owner >= base {
                    table.words[4 * s] = owner.min(me);
                }
                slot_of[k] = s;
                break;
            }
            s = (s + 1) & mask;
        }
        if slot_of[k] == usize::MAX {
            return Err(format!("the visited table of {} slots is full", table.slots()));
        }
    }
    Ok(slot_of.iter().enumerate().map(|(k, &s)| table.words[4 * s] == base + k as u32).collect())
}

/// Writes the keys of `pieces` into `keys` as the shader reads them.
fn upload(gpu: &Gpu, keys: &wgpu::Buffer, pieces: &[&[u8]], key_len: usize) {
    if key_len.is_multiple_of(4) {
        // Whole words already: each piece's bytes go up as they are (the
        // shader reads little-endian words, as packing would make them).
        let mut at = 0;
        for piece in pieces.iter().filter(|p| !p.is_empty()) {
            gpu.queue.write_buffer(keys, at, piece);
            at += piece.len() as u64;
        }
    } else {
        let (words, _) = pack_pieces(pieces, key_len);
        gpu.queue.write_buffer(keys, 0, bytemuck::cast_slice(&words));
    }
}

/// One batch's buffers, kept for the next batch that fits.
struct Frame {
    /// Keys it holds room for.
    cap: u64,
    params: wgpu::Buffer,
    keys: wgpu::Buffer,
    prints: wgpu::Buffer,
    bits: wgpu::Buffer,
    read: wgpu::Buffer,
    timer: Option<Timer>,
}

/// A batch sent and not yet received.
struct Flight {
    frame: usize,
    count: u32,
    /// The map's answer; `None` for an empty batch (nothing submitted).
    mapped: Option<(wgpu::SubmissionIndex, mpsc::Receiver<Result<(), wgpu::BufferAsyncError>>)>,
}

/// The GPU visited set and frontier hasher.
pub struct GpuDedup {
    hasher: GpuHasher,
    hash: wgpu::ComputePipeline,
    insert: wgpu::ComputePipeline,
    verdict: wgpu::ComputePipeline,
    rehash: wgpu::ComputePipeline,
    table: wgpu::Buffer,
    slots: u64,
    start_slots: u64,
    max_slots: u64,
    len: u64,
    key_len: usize,
    next: u32,
    frames: [Option<Frame>; 2],
    next_frame: usize,
    flights: VecDeque<Flight>,
    /// The device time of the last batch received (ns), when timing is on
    /// and the adapter has timestamps.
    pub last_device_ns: Option<u64>,
    /// Whether batches are timed (for benches; off, nothing waits on a timer).
    timing: bool,
}

fn pipeline(gpu: &Gpu, module: &wgpu::ShaderModule, entry: &str) -> wgpu::ComputePipeline {
    gpu.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some(entry),
        layout: None,
        module,
        entry_point: Some(entry),
        compilation_options: Default::default(),
        cache: None,
    })
}

fn table_buffer(gpu: &Gpu, slots: u64) -> wgpu::Buffer {
    gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("dedup table"),
        size: slots * SLOT_WORDS * 4,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

impl GpuDedup {
    /// Compiles the passes on this GPU; the table may grow to the device's largest buffer.
    pub fn new(gpu: Gpu) -> Result<GpuDedup, GpuError> {
        let largest = gpu.limits.max_storage_buffer_binding_size.min(gpu.limits.max_buffer_size);
        let max_slots = 1u64 << (largest / (SLOT_WORDS * 4)).max(1).ilog2();
        GpuDedup::with_slots(gpu, START_SLOTS.min(max_slots), max_slots)
    }

    /// [`GpuDedup::new`] with a table that starts at `start` slots and never
    /// grows past `max` (both powers of two; for tests of growth and of a full table).
    pub fn with_slots(gpu: Gpu, start: u64, max: u64) -> Result<GpuDedup, GpuError> {
        if !start.is_power_of_two() || !max.is_power_of_two() || start > max || max > 1 << 28 {
            return Err(GpuError::TooLarge(format!(
                "a visited table of {start} to {max} slots: both must be powers of two, at most 2^28"
            )));
        }
        let (hash, insert, verdict, rehash) = gpu.checked("frontier_dedup.wgsl", || {
            let module = gpu.device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some("frontier_dedup"),
                source: wgpu::ShaderSource::Wgsl(SHADER.into()),
            });
            (
                pipeline(&gpu, &module, "dedup_hash"),
                pipeline(&gpu, &module, "dedup_insert"),
                pipeline(&gpu, &module, "dedup_verdict"),
                pipeline(&gpu, &module, "dedup_rehash"),
            )
        })?;
        let table = table_buffer(&gpu, start);
        let hasher = GpuHasher::new(gpu)?;
        Ok(GpuDedup {
            hasher,
            hash,
            insert,
            verdict,
            rehash,
            table,
            slots: start,
            start_slots: start,
            max_slots: max,
            len: 0,
            key_len: 0,
            next: FIRST_KEY,
            frames: [None, None],
            next_frame: 0,
            flights: VecDeque::new(),
            last_device_ns: None,
            timing: false,
        })
    }

    /// The GPU in use.
    pub fn gpu(&self) -> &Gpu {
        self.hasher.gpu()
    }

    /// Times each batch's passes from now on (where the adapter has
    /// timestamps): [`GpuDedup::last_device_ns`].
    pub fn time_batches(&mut self) {
        while !self.flights.is_empty() {
            let _ = self.receive_checked();
        }
        self.timing = true;
        self.frames = [None, None];
    }

    /// Slots in the table now.
    pub fn slots(&self) -> u64 {
        self.slots
    }

    /// Sends, then receives at once: whether each key of `keys` was new.
    pub fn check(&mut self, keys: &[u8]) -> Result<Option<Vec<bool>>, String> {
        if !self.send(&[keys])? {
            return Ok(None);
        }
        self.receive().map(Some)
    }

    /// A frame with room for `n` keys of `stride` words, made (or made larger) when needed.
    fn frame(&mut self, at: usize, n: u64, stride: u64) -> &Frame {
        let gpu = self.hasher.gpu();
        let fits = self.frames[at].as_ref().is_some_and(|f| f.cap >= n && f.keys.size() >= n * stride * 4);
        if !fits {
            let cap = n.max(self.frames[at].as_ref().map_or(0, |f| f.cap)).max(1024);
            let dev = &gpu.device;
            let buffer = |label: &str, size: u64, usage: wgpu::BufferUsages| {
                dev.create_buffer(&wgpu::BufferDescriptor {
                    label: Some(label),
                    size,
                    usage,
                    mapped_at_creation: false,
                })
            };
            let storage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::COPY_SRC;
            let bits = (cap.div_ceil(32) + 1) * 4;
            self.frames[at] = Some(Frame {
                cap,
                params: buffer(
                    "dedup params",
                    std::mem::size_of::<Params>() as u64,
                    wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                ),
                keys: buffer("dedup keys", cap * stride * 4, storage),
                prints: buffer("dedup prints", cap * 16, storage),
                bits: buffer("dedup bits", bits, storage),
                read: buffer("dedup read", bits, wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST),
                timer: if self.timing { Timer::new(gpu) } else { None },
            });
        }
        self.frames[at].as_ref().expect("made above")
    }

    fn bind(&self, pipeline: &wgpu::ComputePipeline, entries: &[(u32, &wgpu::Buffer)]) -> wgpu::BindGroup {
        let entries: Vec<wgpu::BindGroupEntry> = entries
            .iter()
            .map(|&(binding, b)| wgpu::BindGroupEntry { binding, resource: b.as_entire_binding() })
            .collect();
        self.gpu().device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("frontier_dedup"),
            layout: &pipeline.get_bind_group_layout(0),
            entries: &entries,
        })
    }

    fn send_checked(&mut self, pieces: &[&[u8]]) -> Result<bool, GpuError> {
        let key_len = self.key_len;
        let bad = |what: String| GpuError::TooLarge(what);
        if key_len == 0 {
            return Err(bad("the GPU visited set was sent keys before a search began".into()));
        }
        if let Some(p) = pieces.iter().find(|p| !p.len().is_multiple_of(key_len)) {
            return Err(bad(format!("{} bytes do not split into keys of {key_len} bytes", p.len())));
        }
        if self.flights.len() >= 2 {
            return Err(bad("a third batch was sent before the first was received".into()));
        }
        let n: u64 = pieces.iter().map(|p| (p.len() / key_len) as u64).sum();
        let at = self.next_frame;
        if n == 0 {
            self.flights.push_back(Flight { frame: at, count: 0, mapped: None });
            return Ok(true);
        }
        // Room for every key of this batch and of those in flight to be new,
        // at most half full; and numbers for the keys below u32::MAX.
        let in_flight: u64 = self.flights.iter().map(|f| u64::from(f.count)).sum();
        let want = (self.len + in_flight + n) * 2;
        let mut slots = self.slots;
        while slots < want {
            slots *= 2;
        }
        if slots > self.max_slots || u64::from(self.next) + n >= u64::from(u32::MAX) {
            return Ok(false);
        }
        let stride = key_len.div_ceil(4) as u64;
        let largest = self.gpu().limits.max_storage_buffer_binding_size;
        if n * stride * 4 > largest || n * 16 > largest {
            return Err(bad(format!("a batch of {n} keys is more than the GPU's largest buffer holds")));
        }
        let old = (slots != self.slots).then(|| {
            let old = std::mem::replace(&mut self.table, table_buffer(self.hasher.gpu(), slots));
            (old, std::mem::replace(&mut self.slots, slots))
        });
        let base = self.next;
        self.next += n as u32;
        let count = n as u32;
        let gpu = self.hasher.gpu();
        let max_dim = u64::from(gpu.limits.max_compute_workgroups_per_dimension);
        let groups = |items: u64| items.div_ceil(64).max(1);
        let widest = groups(n).max(old.as_ref().map_or(0, |o| groups(o.1)));
        let gx = widest.min(max_dim);
        let params = Params {
            key_len: key_len as u32,
            stride: stride as u32,
            count,
            row: (gx * 64) as u32,
            base,
            mask: (self.slots - 1) as u32,
            old_slots: old.as_ref().map_or(0, |o| o.1 as u32),
            hash_len: retrace_kernel::hashing::padded_len(key_len) as u32,
        };
        // This batch's frame; the next batch takes the other.
        self.next_frame ^= 1;
        self.frame(at, n, stride);
        let f = self.frames[at].as_ref().expect("made above");
        let gpu = self.hasher.gpu();
        let bits_len = (n.div_ceil(32) + 1) * 4;
        gpu.queue.write_buffer(&f.params, 0, bytemuck::bytes_of(&params));
        upload(gpu, &f.keys, pieces, key_len);
        let groups_hash = self.bind(&self.hash, &[(0, &f.params), (1, &f.keys), (2, &f.prints)]);
        let batch = [(0, &f.params), (2, &f.prints), (3, &self.table), (4, &f.bits)];
        let groups_insert = self.bind(&self.insert, &batch);
        let groups_verdict = self.bind(&self.verdict, &batch);
        let groups_rehash = old
            .as_ref()
            .map(|(o, _)| self.bind(&self.rehash, &[(0, &f.params), (3, &self.table), (4, &f.bits), (5, o)]));
        let mut enc = gpu.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("dedup") });
        enc.clear_buffer(&f.bits, 0, Some(bits_len));
        {
            let mut pass = enc.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("dedup"),
                timestamp_writes: f.timer.as_ref().map(Timer::writes),
            });
            let mut run = |p: &wgpu::ComputePipeline, g: &wgpu::BindGroup, items: u64| {
                pass.set_pipeline(p);
                pass.set_bind_group(0, g, &[]);
                pass.dispatch_workgroups(gx as u32, groups(items).div_ceil(gx) as u32, 1);
            };
            if let (Some(g), Some((_, old_slots))) = (&groups_rehash, &old) {
                run(&self.rehash, g, *old_slots);
            }
            run(&self.hash, &groups_hash, n);
            run(&self.insert, &groups_insert, n);
            run(&self.verdict, &groups_verdict, n.div_ceil(32));
        }
        enc.copy_buffer_to_buffer(&f.bits, 0, &f.read, 0, bits_len);
        if let Some(t) = &f.timer {
            t.resolve(&mut enc);
        }
        let index = gpu.queue.submit([enc.finish()]);
        let (tx, rx) = mpsc::channel();
        f.read.map_async(wgpu::MapMode::Read, ..bits_len, move |r| {
            let _ = tx.send(r);
        });
        self.flights.push_back(Flight { frame: at, count, mapped: Some((index, rx)) });
        Ok(true)
    }

    fn receive_checked(&mut self) -> Result<Vec<bool>, GpuError> {
        let Some(flight) = self.flights.pop_front() else {
            return Err(GpuError::TooLarge("a batch was received that was never sent".into()));
        };
        let Some((index, rx)) = flight.mapped else { return Ok(Vec::new()) };
        let gpu = self.hasher.gpu();
        let lost = |reason: String| GpuError::Lost {
            what: "the visited set's answers".into(),
            seconds: READBACK_TIMEOUT.as_secs(),
            reason,
        };
        gpu.device
            .poll(wgpu::PollType::Wait { submission_index: Some(index.clone()), timeout: Some(READBACK_TIMEOUT) })
            .map_err(|e| lost(e.to_string()))?;
        match rx.recv_timeout(std::time::Duration::from_secs(1)) {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(lost(e.to_string())),
            Err(_) => return Err(lost("the buffer was never mapped".into())),
        }
        let f = self.frames[flight.frame].as_ref().expect("a frame in flight exists");
        let n = flight.count as usize;
        let words: Vec<u32> = {
            let range = f.read.get_mapped_range(..(n.div_ceil(32) as u64 + 1) * 4).map_err(|e| lost(e.to_string()))?;
            bytemuck::pod_collect_to_vec(&range)
        };
        f.read.unmap();
        self.last_device_ns = match &f.timer {
            Some(t) => Some(t.read_after(gpu, Some(index))?),
            None => None,
        };
        if words[n.div_ceil(32)] != 0 {
            return Err(GpuError::TooLarge(format!(
                "{} probes of the GPU's visited table did not end (it holds {} states in {} slots)",
                words[n.div_ceil(32)],
                self.len,
                self.slots
            )));
        }
        let new: Vec<bool> = (0..n).map(|k| words[k / 32] >> (k % 32) & 1 == 1).collect();
        self.len += new.iter().filter(|&&b| b).count() as u64;
        Ok(new)
    }
}

impl FrontierDedup for GpuDedup {
    fn begin(&mut self, key_len: usize) -> Result<(), String> {
        if key_len == 0 || key_len > MAX_KEY {
            return Err(format!("keys of {key_len} bytes: the GPU visited set takes 1 to {MAX_KEY}"));
        }
        while !self.flights.is_empty() {
            let _ = self.receive_checked();
        }
        self.table = table_buffer(self.hasher.gpu(), self.start_slots);
        self.slots = self.start_slots;
        self.len = 0;
        self.next = FIRST_KEY;
        self.key_len = key_len;
        Ok(())
    }

    fn send(&mut self, pieces: &[&[u8]]) -> Result<bool, String> {
        let gpu = self.hasher.gpu();
        let scope = gpu.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let sent = self.send_checked(pieces);
        if let Some(e) = pollster::block_on(scope.pop()) {
            return Err(format!("GPU validation error in the visited set: {e}"));
        }
        sent.map_err(|e| e.to_string())
    }

    fn receive(&mut self) -> Result<Vec<bool>, String> {
        self.receive_checked().map_err(|e| e.to_string())
    }

    fn drain(&mut self) -> Result<Vec<Fingerprint>, DrainError> {
        if !self.flights.is_empty() {
            return Err(DrainError::Failed("the visited set was drained with batches in flight".into()));
        }
        let gpu = self.hasher.gpu();
        let size = self.slots * SLOT_WORDS * 4;
        let read = gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("dedup drain"),
            size,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut enc = gpu.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("drain") });
        enc.copy_buffer_to_buffer(&self.table, 0, &read, 0, size);
        gpu.queue.submit([enc.finish()]);
        let bytes = gpu.read(&read, "the visited table").map_err(|e| match e {
            GpuError::Memory { .. } => DrainError::Memory,
            e => DrainError::Failed(e.to_string()),
        })?;
        // Words and fingerprints, each asked for fallibly (issue 46).
        let mut words: Vec<u32> = Vec::new();
        words.try_reserve_exact(bytes.len() / 4).map_err(|_| DrainError::Memory)?;
        words.extend(bytes.chunks_exact(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])));
        drop(bytes);
        DedupTable { words }.try_fingerprints().ok_or(DrainError::Memory)
    }

    fn len(&self) -> u64 {
        self.len
    }
}

impl FrontierHasher for GpuDedup {
    fn hash_batch(&mut self, keys: &[u8], key_len: usize) -> Result<Vec<[u8; 32]>, String> {
        self.hasher.hash_batch(keys, key_len)
    }
    fn name(&self) -> String {
        self.hasher.name()
    }
    fn dedup(&mut self) -> Option<&mut dyn FrontierDedup> {
        Some(self)
    }
}
