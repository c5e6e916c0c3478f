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
    /// A visited set of its own (the GPU's), which the solver then uses in
    /// place of its CPU table: keys go in, one answer a key comes back.
    fn dedup(&mut self) -> Option<&mut dyn FrontierDedup> {
        None
    }
}

/// The first 12 bytes of a key's BLAKE3: what a visited set keeps of a
/// state (the CPU's table and the GPU's alike, so both answer the same).
pub type Fingerprint = [u8; 12];

/// A visited set kept elsewhere (the GPU's): the solver sends each batch of
/// keys and later receives, for each key, whether it was new, so it can
/// expand the next batch while this one is checked. The answers are the
/// CPU table's: a key is new when no key before it (in an earlier batch, or
/// earlier in its own) had the same fingerprint.
pub trait FrontierDedup {
    /// Empties the set for a search whose keys have `key_len` bytes (batches
    /// still in flight are waited for and dropped).
    fn begin(&mut self, key_len: usize) -> Result<(), String>;
    /// Sends a batch (its keys are `pieces` concatenated, whole keys each),
    /// checked after every batch sent before it. `Ok(false)`: the set is
    /// full (it cannot grow for this batch), the batch was not taken, and the
    /// caller may [`drain`](FrontierDedup::drain) it and carry on elsewhere.
    /// At most two batches are in flight: receive one before sending a third.
    fn send(&mut self, pieces: &[&[u8]]) -> Result<bool, String>;
    /// The oldest batch sent and not received: whether each key was new, in order.
    fn receive(&mut self) -> Result<Vec<bool>, String>;
    /// Every fingerprint in the set, once every batch is received (to carry
    /// on with the CPU's table when this one is full).
    fn drain(&mut self) -> Result<Vec<Fingerprint>, String>;
    /// States in the set.
    fn len(&self) -> u64;
    /// Whether the set is empty.
    fn is_empty(&self) -> bool {
        self.len() == 0
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
