//! A layer of the search, kept small: blocks of one batch of states each,
//! every key after a block's first stored as the bytes where it differs from
//! the key before it. States of a layer come in their parents' order, so a
//! key is mostly its sibling's or its cousin's with a cell or two changed:
//! a few bytes instead of the whole key (55 bytes on the bench level).
//!
//! A block's bytes: its first state's index (4 bytes, little-endian) and
//! key; then for each further state the gap to the index before it, less
//! one (a LEB128 varint, almost always the one byte 0), and either `n < 255`
//! changes, each the distance from the change before it (from -1 for the
//! first; a varint) and the new byte, or 255 and the whole key (when that is
//! shorter). A block is decoded whole, on one thread, before its parents
//! are expanded: a small copy beside their expansion.

use super::super::key::eight_bytes;
use super::visited::Full;

/// One block: a batch of states.
pub(super) struct Block {
    bytes: Vec<u8>,
    count: usize,
    /// The last key pushed and its index (kept while the block fills).
    last: Vec<u8>,
    last_id: u32,
}

/// A layer: blocks of at most `batch` states each.
pub(super) struct Layer {
    blocks: Vec<Block>,
    key_len: usize,
    batch: usize,
}

/// Appends `v` as a LEB128 varint.
fn put_varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads a LEB128 varint at `*at`.
fn get_varint(bytes: &[u8], at: &mut usize) -> u32 {
    let mut v = 0u32;
    let mut shift = 0;
    loop {
        let b = bytes[*at];
        *at += 1;
        v |= u32::from(b & 0x7F) << shift;
        if b < 0x80 {
            return v;
        }
        shift += 7;
    }
}

/// Whether two keys of the same length are equal, a word at a time.
pub(super) fn same_key(a: &[u8], b: &[u8]) -> bool {
    debug_assert_eq!(a.len(), b.len());
    let whole = a.len() / 8 * 8;
    (0..whole).step_by(8).all(|i| eight_bytes(a, i) == eight_bytes(b, i)) && a[whole..] == b[whole..]
}

/// The marker of a whole key.
const WHOLE: u8 = 0xFF;

impl Layer {
    /// An empty layer of `key_len`-byte keys in blocks of `batch` states.
    pub(super) fn new(key_len: usize, batch: usize) -> Layer {
        Layer { blocks: Vec::new(), key_len, batch: batch.max(1) }
    }

    /// Whether it holds no state.
    pub(super) fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// Blocks.
    #[cfg(test)]
    pub(super) fn blocks(&self) -> usize {
        self.blocks.len()
    }

    /// The bytes it holds.
    pub(super) fn bytes(&self) -> u64 {
        self.blocks.iter().map(|b| (b.bytes.capacity() + b.last.capacity()) as u64).sum()
    }

    /// Appends a state (indices increase along a layer); for the start and
    /// tests, where a refused allocation cannot happen in earnest.
    pub(super) fn push(&mut self, id: u32, key: &[u8]) {
        self.try_push(id, key).expect("a key's few bytes fit");
    }

    /// Appends a state, asking for the memory it needs first (fallibly): a
    /// refusal changes nothing and is [`Full`], which the search answers
    /// with `LIMIT … memory` (issue 46).
    pub(super) fn try_push(&mut self, id: u32, key: &[u8]) -> Result<(), Full> {
        debug_assert_eq!(key.len(), self.key_len);
        // A full block, or one closed by `finish` or `append`, is not added to.
        if self.blocks.last().is_none_or(|b| b.count == self.batch || b.last.is_empty()) {
            if let Some(full) = self.blocks.last_mut() {
                // Done: no spare capacity kept, and no last key.
                full.bytes.shrink_to_fit();
                full.last = Vec::new();
            }
            let mut bytes = Vec::new();
            bytes.try_reserve_exact((self.batch.min(1024) * 8).max(4 + key.len())).map_err(|_| Full)?;
            let mut last = Vec::new();
            last.try_reserve_exact(key.len()).map_err(|_| Full)?;
            self.blocks.try_reserve(1).map_err(|_| Full)?;
            bytes.extend_from_slice(&id.to_le_bytes());
            bytes.extend_from_slice(key);
            last.extend_from_slice(key);
            self.blocks.push(Block { bytes, count: 1, last, last_id: id });
            return Ok(());
        }
        let b = self.blocks.last_mut().expect("a block");
        // The most one key can take: its gap's varint, the change count, and
        // either its changes (a distance's varint and a byte each, at most
        // half the key) or the whole key.
        b.bytes.try_reserve(6 + 3 * key.len() + key.len()).map_err(|_| Full)?;
        debug_assert!(id > b.last_id, "indices increase");
        put_varint(&mut b.bytes, id - b.last_id - 1);
        b.last_id = id;
        // One pass: equal eight-byte runs skipped at once, each change
        // written as it is found; more than half the key changed (or 254
        // changes), and the whole key is shorter.
        let n = key.len();
        let limit = (WHOLE as usize - 1).min(n.saturating_sub(1) / 2);
        let start = b.bytes.len();
        b.bytes.push(0);
        let mut changes = 0;
        let mut prev = usize::MAX; // "-1": the first distance counts from before byte 0.
        let mut i = 0;
        while i < n {
            if i + 8 <= n && eight_bytes(&b.last, i) == eight_bytes(key, i) {
                i += 8;
                continue;
            }
            if b.last[i] != key[i] {
                changes += 1;
                if changes > limit {
                    break;
                }
                put_varint(&mut b.bytes, i.wrapping_sub(prev).wrapping_sub(1) as u32);
                b.bytes.push(key[i]);
                b.last[i] = key[i];
                prev = i;
            }
            i += 1;
        }
        if changes > limit {
            b.bytes.truncate(start);
            b.bytes.push(WHOLE);
            b.bytes.extend_from_slice(key);
            b.last.copy_from_slice(key);
        } else {
            b.bytes[start] = changes as u8;
        }
        b.count += 1;
        Ok(())
    }

    /// The blocks, taken out (to be freed on several threads), leaving the
    /// layer empty.
    pub(super) fn take_blocks(&mut self) -> Vec<Block> {
        std::mem::take(&mut self.blocks)
    }

    /// Done with pushing: the last block keeps no spare capacity either.
    pub(super) fn finish(&mut self) {
        if let Some(b) = self.blocks.last_mut() {
            b.bytes.shrink_to_fit();
            b.last = Vec::new();
        }
    }

    /// Appends another layer's blocks (a piece of this layer encoded
    /// elsewhere, its states after this layer's).
    pub(super) fn append(&mut self, mut piece: Layer) {
        self.finish();
        piece.finish();
        self.blocks.append(&mut piece.blocks);
    }

    /// The blocks in batches to expand: runs of consecutive blocks of at
    /// most `batch` states together (a larger block alone).
    pub(super) fn batches(&self) -> Vec<std::ops::Range<usize>> {
        let mut out: Vec<std::ops::Range<usize>> = Vec::new();
        let mut states = 0;
        for (i, b) in self.blocks.iter().enumerate() {
            match out.last_mut() {
                Some(r) if states + b.count <= self.batch => {
                    r.end = i + 1;
                    states += b.count;
                }
                _ => {
                    out.push(i..i + 1);
                    states = b.count;
                }
            }
        }
        out
    }

    /// The blocks of the first batch [`Layer::batches`] will give, once no
    /// later push can change them: a block past them has begun (so each of
    /// them is closed).
    pub(super) fn first_batch(&self) -> Option<std::ops::Range<usize>> {
        let batches = self.batches();
        (batches.len() >= 2).then(|| batches[0].clone())
    }

    /// The indices and keys (joined) of blocks `range`, into the buffers given.
    pub(super) fn decode_blocks(&self, range: std::ops::Range<usize>, ids: &mut Vec<u32>, keys: &mut Vec<u8>) {
        ids.clear();
        keys.clear();
        for i in range {
            self.decode_into(i, ids, keys);
        }
    }

    /// Block `i`'s indices and keys, appended to the buffers given.
    fn decode_into(&self, i: usize, ids: &mut Vec<u32>, keys: &mut Vec<u8>) {
        let b = &self.blocks[i];
        let n = self.key_len;
        let bytes = &b.bytes;
        let mut id = u32::from_le_bytes(bytes[..4].try_into().expect("4 bytes"));
        ids.push(id);
        keys.extend_from_slice(&bytes[4..4 + n]);
        let mut at = 4 + n;
        for _ in 1..b.count {
            id += get_varint(bytes, &mut at) + 1;
            ids.push(id);
            let from = keys.len() - n;
            let changes = bytes[at];
            at += 1;
            if changes == WHOLE {
                keys.extend_from_slice(&bytes[at..at + n]);
                at += n;
                continue;
            }
            keys.extend_from_within(from..from + n);
            let key = keys.len() - n;
            let mut pos = -1i64;
            for _ in 0..changes {
                pos += i64::from(get_varint(bytes, &mut at)) + 1;
                keys[key + pos as usize] = bytes[at];
                at += 1;
            }
        }
    }
}

#[cfg(test)]
mod frontier_tests {
    use super::Layer;

    /// Keys pushed come back as they went in, in blocks of the batch size:
    /// siblings a byte apart, keys all different (stored whole), equal
    /// neighbours, gaps in the indices (small and over a varint byte), and
    /// long keys whose changes are far apart.
    #[test]
    fn a_layer_gives_back_every_key_and_index() {
        for (key_len, batch) in [(1usize, 1usize), (5, 3), (55, 7), (300, 4), (55, 16_384)] {
            let mut layer = Layer::new(key_len, batch);
            let mut want: Vec<(u32, Vec<u8>)> = Vec::new();
            let mut id = 10u32;
            let mut key = vec![7u8; key_len];
            for i in 0..200u32 {
                match i % 5 {
                    0 => key[i as usize % key_len] ^= 1,
                    1 => key.iter_mut().enumerate().for_each(|(j, b)| *b = (i as usize * 31 + j * 7) as u8),
                    2 => {}
                    3 => {
                        let last = key_len - 1;
                        key[0] = key[0].wrapping_add(3);
                        key[last] = key[last].wrapping_sub(1);
                    }
                    _ => key[(i as usize * 13) % key_len] = i as u8,
                }
                id += 1 + [0, 1, 200, 70_000][i as usize % 4];
                layer.push(id, &key);
                want.push((id, key.clone()));
            }
            assert_eq!(layer.blocks(), 200usize.div_ceil(batch), "{key_len}-byte keys in blocks of {batch}");
            let mut got = Vec::new();
            let (mut ids, mut keys) = (Vec::new(), Vec::new());
            for b in 0..layer.blocks() {
                layer.decode_blocks(b..b + 1, &mut ids, &mut keys);
                got.extend(ids.iter().copied().zip(keys.chunks(key_len).map(<[u8]>::to_vec)));
            }
            assert_eq!(got, want, "{key_len}-byte keys in blocks of {batch}");
        }
    }

    /// Pieces encoded apart and appended keep every key and index in order;
    /// batches group consecutive blocks up to the batch size (a larger
    /// block alone), and a closed block is never added to.
    #[test]
    fn appended_pieces_and_their_batches() {
        let key = |i: u32| vec![(i % 7) as u8, (i / 7) as u8, 3];
        let mut layer = Layer::new(3, 10);
        let mut want = Vec::new();
        let mut id = 0;
        for piece_len in [4u32, 0, 25, 1, 6, 3] {
            let mut piece = Layer::new(3, usize::MAX);
            for _ in 0..piece_len {
                piece.push(id, &key(id));
                want.push((id, key(id)));
                id += 1;
            }
            layer.append(piece);
        }
        layer.push(id, &key(id));
        want.push((id, key(id)));
        assert_eq!(layer.blocks(), 6, "five pieces and the block pushed after them");
        assert_eq!(layer.batches(), vec![0..1, 1..2, 2..5, 5..6], "4 | 25 | 1+6+3 | 1");
        let (mut ids, mut keys) = (Vec::new(), Vec::new());
        let mut got = Vec::new();
        for r in layer.batches() {
            layer.decode_blocks(r, &mut ids, &mut keys);
            got.extend(ids.iter().copied().zip(keys.chunks(3).map(<[u8]>::to_vec)));
        }
        assert_eq!(got, want);
    }

    /// The first batch is known early only once no push can change it: a
    /// layer filling block by block, and one of appended pieces, give it
    /// when a block past it has begun, and it is then the first of the
    /// finished layer's batches.
    #[test]
    fn the_first_batch_is_given_once_it_is_settled() {
        let key = |i: u32| vec![(i % 5) as u8, 9];
        let mut filled = Layer::new(2, 4);
        let mut early = None;
        for i in 0..11u32 {
            assert_eq!(filled.first_batch().is_some(), i > 4, "{i} keys in blocks of 4");
            early = early.or(filled.first_batch());
            filled.push(i, &key(i));
        }
        filled.finish();
        assert_eq!(early, Some(0..1));
        assert_eq!(filled.batches()[0], 0..1);
        let mut pieces = Layer::new(2, 10);
        let mut id = 0;
        let mut seen = Vec::new();
        for piece_len in [3u32, 4, 2, 5, 1] {
            seen.push(pieces.first_batch());
            let mut piece = Layer::new(2, usize::MAX);
            for _ in 0..piece_len {
                piece.push(id, &key(id));
                id += 1;
            }
            pieces.append(piece);
        }
        pieces.finish();
        // 3 | 3+4 | 3+4+2 | 3+4+2 and 5 begun: settled as 0..3.
        assert_eq!(seen, vec![None, None, None, None, Some(0..3)]);
        assert_eq!(pieces.batches()[0], 0..3);
    }

    /// Siblings that differ in a byte or two cost a few bytes each, not a key.
    #[test]
    fn near_keys_are_stored_in_a_few_bytes() {
        let mut layer = Layer::new(55, 16_384);
        let mut key = vec![3u8; 55];
        for i in 0..10_000u32 {
            key[(i % 40) as usize] = (i / 40) as u8;
            layer.push(i, &key);
        }
        layer.finish();
        assert!(layer.bytes() < 5 * 10_000, "{} bytes for 10,000 keys", layer.bytes());
    }
}
