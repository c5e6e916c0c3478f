//! BLAKE3 of fixed-length keys on the GPU (`frontier_hash.wgsl`) and its CPU
//! twin of the same name; the GPU backend of the kernel's `FrontierHasher`.

use crate::device::{Gpu, GpuError};
use bytemuck::{Pod, Zeroable};
use retrace_kernel::hashing::FrontierHasher;
use wgpu::util::DeviceExt;

/// The shader source.
pub const SHADER: &str = concat!(include_str!("blake3.wgsl"), include_str!("frontier_hash.wgsl"));
/// The longest key: one BLAKE3 chunk.
pub const MAX_KEY: usize = 1024;

const IV: [u32; 8] = [0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19];
const PERM: [usize; 16] = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];

fn g(s: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize, mx: u32, my: u32) {
    s[a] = s[a].wrapping_add(s[b]).wrapping_add(mx);
    s[d] = (s[d] ^ s[a]).rotate_right(16);
    s[c] = s[c].wrapping_add(s[d]);
    s[b] = (s[b] ^ s[c]).rotate_right(12);
    s[a] = s[a].wrapping_add(s[b]).wrapping_add(my);
    s[d] = (s[d] ^ s[a]).rotate_right(8);
    s[c] = s[c].wrapping_add(s[d]);
    s[b] = (s[b] ^ s[c]).rotate_right(7);
}

fn compress(cv: &mut [u32; 8], m0: [u32; 16], block_len: u32, flags: u32) {
    let mut s = [0u32; 16];
    s[..8].copy_from_slice(cv);
    s[8..12].copy_from_slice(&IV[..4]);
    s[14] = block_len;
    s[15] = flags;
    let mut m = m0;
    for _ in 0..7 {
        g(&mut s, 0, 4, 8, 12, m[0], m[1]);
        g(&mut s, 1, 5, 9, 13, m[2], m[3]);
        g(&mut s, 2, 6, 10, 14, m[4], m[5]);
        g(&mut s, 3, 7, 11, 15, m[6], m[7]);
        g(&mut s, 0, 5, 10, 15, m[8], m[9]);
        g(&mut s, 1, 6, 11, 12, m[10], m[11]);
        g(&mut s, 2, 7, 8, 13, m[12], m[13]);
        g(&mut s, 3, 4, 9, 14, m[14], m[15]);
        m = std::array::from_fn(|i| m[PERM[i]]);
    }
    for i in 0..8 {
        cv[i] = s[i] ^ s[i + 8];
    }
}

/// Packs keys as the shader reads them: `stride` words per key, little-endian, zero-padded.
pub fn pack_keys(keys: &[u8], key_len: usize) -> (Vec<u32>, usize) {
    pack_pieces(&[keys], key_len)
}

/// [`pack_keys`] for keys given in pieces (each whole keys), without
/// joining the pieces first.
pub fn pack_pieces(pieces: &[&[u8]], key_len: usize) -> (Vec<u32>, usize) {
    let key_len = key_len.max(1);
    let stride = key_len.div_ceil(4);
    let n: usize = pieces.iter().map(|p| p.len() / key_len).sum();
    let mut words = vec![0u32; n * stride];
    for (w, key) in words.chunks_mut(stride).zip(pieces.iter().flat_map(|p| p.chunks(key_len))) {
        for (j, c) in key.chunks(4).enumerate() {
            let mut b = [0u8; 4];
            b[..c.len()].copy_from_slice(c);
            w[j] = u32::from_le_bytes(b);
        }
    }
    (words, stride)
}

/// The CPU twin of `frontier_hash.wgsl`: one key's BLAKE3 the way the shader
/// computes it (a single chunk, block by block, over the packed words).
pub fn frontier_hash_cpu(words: &[u32], key_len: u32) -> [u8; 32] {
    let nwords = key_len.div_ceil(4) as usize;
    let blocks = key_len.div_ceil(64).max(1);
    let mut cv = IV;
    for b in 0..blocks {
        let m: [u32; 16] = std::array::from_fn(|i| {
            let wi = b as usize * 16 + i;
            if wi < nwords {
                words[wi]
            } else {
                0
            }
        });
        let mut flags = 0;
        if b == 0 {
            flags |= 1;
        }
        let mut block_len = 64;
        if b + 1 == blocks {
            flags |= 2 | 8;
            block_len = key_len - b * 64;
        }
        compress(&mut cv, m, block_len, flags);
    }
    let mut out = [0u8; 32];
    for (i, w) in cv.iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
    }
    out
}

#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable)]
struct Params {
    key_len: u32,
    stride: u32,
    count: u32,
    row: u32,
}

/// The GPU frontier hasher.
pub struct GpuHasher {
    gpu: Gpu,
    pipeline: wgpu::ComputePipeline,
}

impl GpuHasher {
    /// Compiles the shader on this GPU.
    pub fn new(gpu: Gpu) -> Result<GpuHasher, GpuError> {
        let pipeline = gpu.checked("frontier_hash.wgsl", || {
            let module = gpu.device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some("frontier_hash"),
                source: wgpu::ShaderSource::Wgsl(SHADER.into()),
            });
            gpu.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some("frontier_hash"),
                layout: None,
                module: &module,
                entry_point: Some("frontier_hash"),
                compilation_options: Default::default(),
                cache: None,
            })
        })?;
        Ok(GpuHasher { gpu, pipeline })
    }

    /// The GPU in use.
    pub fn gpu(&self) -> &Gpu {
        &self.gpu
    }

    /// Hashes `keys` (concatenated `key_len`-byte keys) on the GPU.
    pub fn hash(&self, keys: &[u8], key_len: usize) -> Result<Vec<[u8; 32]>, GpuError> {
        Ok(self.hash_timed(keys, key_len)?.0)
    }

    /// [`GpuHasher::hash`], with the device's own time for the passes (ns)
    /// when the adapter has timestamp queries.
    pub fn hash_timed(&self, keys: &[u8], key_len: usize) -> Result<(Vec<[u8; 32]>, Option<u64>), GpuError> {
        if key_len == 0 || key_len > MAX_KEY || !keys.len().is_multiple_of(key_len) {
            return Err(GpuError::TooLarge(format!(
                "keys must be 1 to {MAX_KEY} bytes and fill the batch exactly (got {} bytes of {key_len}-byte keys)",
                keys.len()
            )));
        }
        let count = keys.len() / key_len;
        let stride = key_len.div_ceil(4);
        let max = self.gpu.limits.max_storage_buffer_binding_size as usize;
        let per = (max / 32).min(max / (stride * 4)).max(1);
        let mut out = Vec::with_capacity(count);
        let mut device_ns = Some(0u64);
        for chunk in keys.chunks(per * key_len) {
            let (h, ns) = self.gpu.checked("the frontier hash", || self.hash_chunk(chunk, key_len))??;
            out.extend(h);
            device_ns = device_ns.zip(ns).map(|(a, b)| a + b);
        }
        Ok((out, if count == 0 { None } else { device_ns }))
    }

    fn hash_chunk(&self, keys: &[u8], key_len: usize) -> Result<(Vec<[u8; 32]>, Option<u64>), GpuError> {
        let count = (keys.len() / key_len) as u32;
        let (words, stride) = pack_keys(keys, key_len);
        let dev = &self.gpu.device;
        let groups = count.div_ceil(64);
        let max = self.gpu.limits.max_compute_workgroups_per_dimension;
        let (gx, gy) = if groups <= max { (groups, 1) } else { (max, groups.div_ceil(max)) };
        let p = Params { key_len: key_len as u32, stride: stride as u32, count, row: gx * 64 };
        let pbuf = dev.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("hash params"),
            contents: bytemuck::bytes_of(&p),
            usage: wgpu::BufferUsages::UNIFORM,
        });
        let kbuf = dev.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("hash keys"),
            contents: bytemuck::cast_slice(&words),
            usage: wgpu::BufferUsages::STORAGE,
        });
        let out_len = u64::from(count) * 32;
        let obuf = dev.create_buffer(&wgpu::BufferDescriptor {
            label: Some("hash out"),
            size: out_len,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        let rbuf = dev.create_buffer(&wgpu::BufferDescriptor {
            label: Some("hash read"),
            size: out_len,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let bind = dev.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("frontier_hash"),
            layout: &self.pipeline.get_bind_group_layout(0),
            entries: &[
                wgpu::BindGroupEntry { binding: 0, resource: pbuf.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 1, resource: kbuf.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 2, resource: obuf.as_entire_binding() },
            ],
        });
        let mut enc = dev.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("frontier_hash") });
        let timer = crate::device::Timer::new(&self.gpu);
        {
            let mut pass = enc.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("frontier_hash"),
                timestamp_writes: timer.as_ref().map(crate::device::Timer::writes),
            });
            pass.set_pipeline(&self.pipeline);
            pass.set_bind_group(0, &bind, &[]);
            pass.dispatch_workgroups(gx, gy, 1);
        }
        enc.copy_buffer_to_buffer(&obuf, 0, &rbuf, 0, out_len);
        if let Some(t) = &timer {
            t.resolve(&mut enc);
        }
        self.gpu.queue.submit([enc.finish()]);
        let bytes = self.gpu.read(&rbuf, "the frontier hash")?;
        let ns = match &timer {
            Some(t) => Some(t.read(&self.gpu)?),
            None => None,
        };
        Ok((bytes.chunks(32).map(|c| c.try_into().expect("32-byte digests")).collect(), ns))
    }
}

impl FrontierHasher for GpuHasher {
    fn hash_batch(&mut self, keys: &[u8], key_len: usize) -> Result<Vec<[u8; 32]>, String> {
        self.hash(keys, key_len).map_err(|e| e.to_string())
    }
    fn name(&self) -> String {
        format!("gpu: {}", self.gpu.describe())
    }
}
