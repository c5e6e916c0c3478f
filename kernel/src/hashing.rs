//! The frontier hashing interface: hash a batch of fixed-length keys. The Miau
//! solver deduplicates states through it; the CPU backend is BLAKE3 (the
//! `blake3` crate), and the GPU backend (`retrace-gpu`) must match it bit for bit.

/// Hashes batches of fixed-length keys.
pub trait FrontierHasher {
    /// BLAKE3 of each `key_len`-byte key in `keys` (the keys concatenated), in
    /// order. `keys.len()` must be a multiple of `key_len`.
    fn hash_batch(&mut self, keys: &[u8], key_len: usize) -> Result<Vec<[u8; 32]>, String>;
    /// A short name for reports ("cpu", or "gpu: " and the adapter's name).
    fn name(&self) -> String;
    /// Whether this is the CPU's BLAKE3, which a caller may then compute on
    /// any thread itself (the same bytes, so the same answers).
    fn is_cpu_blake3(&self) -> bool {
        false
    }
}

/// The CPU backend: BLAKE3 per key.
#[derive(Clone, Copy, Debug, Default)]
pub struct CpuHasher;

impl FrontierHasher for CpuHasher {
    fn hash_batch(&mut self, keys: &[u8], key_len: usize) -> Result<Vec<[u8; 32]>, String> {
        if key_len == 0 || !keys.len().is_multiple_of(key_len) {
            return Err(format!("{} bytes do not split into keys of {key_len} bytes", keys.len()));
        }
        Ok(keys.chunks(key_len).map(|k| *blake3::hash(k).as_bytes()).collect())
    }
    fn name(&self) -> String {
        "cpu".into()
    }
    fn is_cpu_blake3(&self) -> bool {
        true
    }
}
