//! The frontier hashing interface: hash a batch of fixed-length keys
//! (`FrontierHasher`), or keep a whole visited set elsewhere
//! (`FrontierDedup`, the GPU's). The Miau solver deduplicates states by
//! [`Fingerprint`]s: 12 bytes of the BLAKE3 of each key padded to whole
//! blocks, hashed sixteen at a time on the CPU ([`fingerprints`]); the GPU
//! backend (`retrace-gpu`) matches it bit for bit.

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

/// The first 12 bytes of the BLAKE3 of a key zero-padded to whole 64-byte
/// blocks ([`padded_len`]): what a visited set keeps of a state (the CPU's
/// table and the GPU's alike, so both answer the same). All keys of a
/// search have one length, so the padding keeps different keys apart.
pub type Fingerprint = [u8; 12];

/// The bytes a key is hashed as: zero-padded to whole 64-byte blocks, at
/// least one (so a batch hashes through BLAKE3's many-inputs SIMD path,
/// which takes whole blocks only).
pub fn padded_len(key_len: usize) -> usize {
    key_len.div_ceil(64).max(1) * 64
}

/// A key zero-padded to [`padded_len`].
pub fn padded(key: &[u8]) -> Vec<u8> {
    let mut p = key.to_vec();
    p.resize(padded_len(key.len()), 0);
    p
}

/// The [`Fingerprint`] of each `key_len`-byte key of `keys`, appended to
/// `out` in order. Keys of at most 1,024 bytes (one BLAKE3 chunk) are
/// hashed sixteen at a time across the processor's SIMD lanes (about four
/// times BLAKE3 one key at a time on 55-byte keys); longer ones one by one.
pub fn fingerprints(keys: &[u8], key_len: usize, out: &mut Vec<Fingerprint>) {
    if key_len == 0 {
        return;
    }
    macro_rules! by_size {
        ($($n:literal)*) => {
            match padded_len(key_len) {
                $($n => many::<$n>(keys, key_len, out),)*
                _ => out.extend(keys.chunks(key_len).map(|k| fingerprint_of(blake3::hash(&padded(k)).as_bytes()))),
            }
        };
    }
    by_size!(64 128 192 256 320 384 448 512 576 640 704 768 832 896 960 1024);
}

/// A key's fingerprint from the BLAKE3 digest of its padded bytes: the
/// first 12 bytes.
pub fn fingerprint_of(d: &[u8; 32]) -> Fingerprint {
    d[..12].try_into().expect("12 of 32 bytes")
}

/// [`fingerprints`] for keys padded to `N` bytes (a single chunk).
fn many<const N: usize>(keys: &[u8], key_len: usize, out: &mut Vec<Fingerprint>) {
    const GROUP: usize = 16;
    const IV: [u32; 8] =
        [0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19];
    // BLAKE3's domain flags: the chunk's first block, its last, the root.
    const CHUNK_START: u8 = 1;
    const CHUNK_END: u8 = 2;
    const ROOT: u8 = 8;
    let platform = blake3::platform::Platform::detect();
    // Bytes past a key stay zero: only the first `key_len` are ever written.
    let mut blocks = [[0u8; N]; GROUP];
    let mut digests = [0u8; 32 * GROUP];
    for group in keys.chunks(key_len * GROUP) {
        let n = group.len() / key_len;
        for (b, k) in blocks.iter_mut().zip(group.chunks(key_len)) {
            b[..key_len].copy_from_slice(k);
        }
        let inputs: [&[u8; N]; GROUP] = std::array::from_fn(|i| &blocks[i]);
        platform.hash_many(
            &inputs[..n],
            &IV,
            0,
            blake3::IncrementCounter::No,
            0,
            CHUNK_START,
            CHUNK_END | ROOT,
            &mut digests[..32 * n],
        );
        out.extend(digests[..32 * n].chunks(32).map(|d| fingerprint_of(d.try_into().expect("32 bytes"))));
    }
}

/// Why a [`FrontierDedup`] could not be drained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrainError {
    /// Its fingerprints do not fit in this process's memory (the copy was
    /// refused): the search ends with `LIMIT … memory`.
    Memory,
    /// Anything else, in words.
    Failed(String),
}

impl std::fmt::Display for DrainError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DrainError::Memory => f.write_str("the visited set's fingerprints do not fit in this process's memory"),
            DrainError::Failed(why) => f.write_str(why),
        }
    }
}

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
    fn drain(&mut self) -> Result<Vec<Fingerprint>, DrainError>;
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

#[cfg(test)]
mod hashing_tests {
    use super::{fingerprints, padded, padded_len};

    /// Fingerprints hashed sixteen at a time are the first 12 bytes of
    /// BLAKE3 of each key zero-padded to whole blocks, for every key length
    /// (one block, several, and past a chunk) and for batches that end
    /// mid-group; a key of whole blocks is hashed as it is.
    #[test]
    fn fingerprints_are_blake3_of_the_padded_keys() {
        for len in [1usize, 5, 55, 63, 64, 65, 100, 128, 200, 1000, 1024, 1025, 2000] {
            for count in [0usize, 1, 15, 16, 17, 40] {
                let keys: Vec<u8> = (0..len * count).map(|i| (i * 131 % 251) as u8).collect();
                let mut got = Vec::new();
                fingerprints(&keys, len, &mut got);
                let want: Vec<[u8; 12]> =
                    keys.chunks(len).map(|k| blake3::hash(&padded(k)).as_bytes()[..12].try_into().unwrap()).collect();
                assert_eq!(got, want, "{count} keys of {len} bytes");
            }
        }
        assert_eq!(padded_len(55), 64);
        assert_eq!(padded_len(64), 64);
        assert_eq!(padded_len(65), 128);
        let key = [7u8; 128];
        let mut one = Vec::new();
        fingerprints(&key, 128, &mut one);
        assert_eq!(one[0][..], blake3::hash(&key).as_bytes()[..12], "whole blocks: no padding");
    }
}
