//! The visited set: 12-byte fingerprints in open-addressed tables kept
//! between 3/8 and 3/4 full (linear probing's probes stay few), in shards. A fingerprint's home slot
//! is the top bits of its first 8 bytes, so growing a table rehashes it in
//! order, and a batch is inserted as a run with the slots a few places on
//! already being fetched: a large table costs a cache miss a probe, and
//! these overlap them.

/// One shard of the visited set: 12-byte fingerprints in an open-addressed
/// table with linear probing, grown (doubled) when 3/4 full.
pub(super) struct Table {
    pub(super) slots: Vec<Print>,
    pub(super) len: usize,
    /// The all-zero fingerprint marks an empty slot, so it is kept aside.
    pub(super) has_zero: bool,
}

impl Table {
    pub(super) fn new() -> Table {
        Table { slots: vec![[0; FP]; 64], len: 0, has_zero: false }
    }

    /// Inserts; false when it was already there.
    pub(super) fn insert(&mut self, h: Print) -> bool {
        if h != [0; FP] {
            self.reserve(1);
        }
        self.put(h)
    }

    /// Inserts into a table with room for it: the empty marker aside, any
    /// other fingerprint in its slot.
    fn put(&mut self, h: Print) -> bool {
        if h == [0; FP] {
            return !std::mem::replace(&mut self.has_zero, true);
        }
        self.place(h)
    }

    /// Grows the table (doubling) until `more` new
    /// fingerprints fit under 3/4 full, so a batch inserts without growing.
    pub(super) fn reserve(&mut self, more: usize) {
        let mut size = self.slots.len();
        while (self.len + more) * 4 > size * 3 {
            size *= 2;
        }
        if size != self.slots.len() {
            let grown = zeroed(size);
            let old = std::mem::replace(&mut self.slots, grown);
            self.len = 0;
            for o in old.into_iter().filter(|o| *o != [0; FP]) {
                self.place(o);
            }
        }
    }

    /// Inserts a run of fingerprints in order, loading the slot of the one
    /// [`AHEAD`] places on while probing this one (a large table is a cache
    /// miss a probe: overlapped, they cost a fraction). Whether each was new,
    /// in order: the same as inserting them one by one.
    pub(super) fn insert_run(&mut self, prints: &[Print]) -> Vec<bool> {
        self.reserve(prints.len());
        let shift = self.shift();
        let slot = |h: &Print| (u64::from_be_bytes(h[..8].try_into().expect("8 bytes")) >> shift) as usize;
        let mut out = Vec::with_capacity(prints.len());
        // A load of the slot a few places on, its byte folded into a value
        // nothing waits for: the processor fetches it while this probe runs
        // (no intrinsic: the crate has no unsafe code).
        let mut touched = 0u8;
        for (i, h) in prints.iter().enumerate() {
            if let Some(next) = prints.get(i + AHEAD) {
                touched ^= self.slots[slot(next)][0];
            }
            out.push(self.put(*h));
        }
        std::hint::black_box(touched);
        out
    }

    /// The shift that turns a fingerprint's first 8 bytes (big-endian) into
    /// its home slot: the top bits, so a doubled table keeps the order (home
    /// `i` becomes `2i` or `2i + 1`) and rehashing walks both tables in order.
    fn shift(&self) -> u32 {
        64 - self.slots.len().trailing_zeros()
    }

    pub(super) fn place(&mut self, h: Print) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = (u64::from_be_bytes(h[..8].try_into().expect("8 bytes")) >> self.shift()) as usize;
        loop {
            if self.slots[i] == [0; FP] {
                self.slots[i] = h;
                self.len += 1;
                return true;
            }
            if self.slots[i] == h {
                return false;
            }
            i = (i + 1) & mask;
        }
    }
}

/// `n` empty slots, written out: a table the allocator hands over as
/// untouched zero pages would be read-mapped by the loads ahead, and each
/// first write would then stop every other thread to flush its address
/// translations.
fn zeroed(n: usize) -> Vec<Print> {
    let mut v = Vec::with_capacity(n);
    v.resize(n, [0; FP]);
    v
}

/// How far ahead [`Table::insert_run`] asks for slots.
const AHEAD: usize = 8;

/// Shards of the visited set: each grows on its own, so a doubling holds
/// one shard's old and new slots at once, not the whole table's.
pub(super) const SHARDS: usize = 16;

/// The visited set, in [`SHARDS`] shards by the fingerprint's last byte,
/// inserted by `workers` threads at once, each owning a run of shards.
/// Whether a fingerprint is new does not depend on the shards or the
/// workers: a fingerprint always lands in the same shard, and each shard
/// takes the batch's fingerprints in the batch's order.
pub(super) struct Visited {
    pub(super) shards: Vec<Table>,
    workers: usize,
}

impl Visited {
    pub(super) fn new(workers: usize) -> Visited {
        Visited { shards: (0..SHARDS).map(|_| Table::new()).collect(), workers: workers.max(1) }
    }

    /// Inserts; false when it was already there.
    pub(super) fn insert(&mut self, h: Print) -> bool {
        self.shards[h[FP - 1] as usize % SHARDS].insert(h)
    }

    /// Inserts a batch in order (its pieces one after the other); whether each was new.
    pub(super) fn insert_all(&mut self, pieces: &[&[Print]]) -> Vec<bool> {
        let total: usize = pieces.iter().map(|p| p.len()).sum();
        let prints = || pieces.iter().flat_map(|p| p.iter());
        if total < 1024 {
            return prints().map(|&h| self.insert(h)).collect();
        }
        // One worker's shards (`first` on): the batch's fingerprints sorted
        // into them in order, each shard's inserted as a run.
        let work = |first: usize, tables: &mut [Table]| -> Vec<usize> {
            let mut mine: Vec<(Vec<usize>, Vec<Print>)> = vec![(Vec::new(), Vec::new()); tables.len()];
            for (j, h) in prints().enumerate() {
                let k = h[FP - 1] as usize % SHARDS;
                if (first..first + tables.len()).contains(&k) {
                    let (at, hs) = &mut mine[k - first];
                    at.push(j);
                    hs.push(*h);
                }
            }
            let mut fresh = Vec::new();
            for (table, (at, hs)) in tables.iter_mut().zip(mine) {
                let new = table.insert_run(&hs);
                fresh.extend(at.into_iter().zip(new).filter(|&(_, new)| new).map(|(j, _)| j));
            }
            fresh
        };
        let per = SHARDS.div_ceil(self.workers);
        let fresh: Vec<Vec<usize>> = if self.workers == 1 {
            vec![work(0, &mut self.shards)]
        } else {
            std::thread::scope(|sc| {
                let handles: Vec<_> = self
                    .shards
                    .chunks_mut(per)
                    .enumerate()
                    .map(|(w, tables)| sc.spawn(move || work(w * per, tables)))
                    .collect();
                handles.into_iter().map(|h| h.join().expect("an inserting thread does not panic")).collect()
            })
        };
        let mut new = vec![false; total];
        for j in fresh.into_iter().flatten() {
            new[j] = true;
        }
        new
    }
}

/// Bytes in a fingerprint.
pub(super) const FP: usize = 12;

/// A state's fingerprint in the visited set: the first [`FP`] bytes of the
/// BLAKE3 of its key zero-padded to whole blocks (`hashing::fingerprints`;
/// the CPU's or the GPU's: the same bytes). Two of `n`
/// different states share one with a chance under n² / 2^97: 6 · 10^-14 at
/// 100 M states, 2 · 10^-12 at the most a search visits (2^29); a shared
/// fingerprint would count the second state as visited.
pub(super) type Print = crate::hashing::Fingerprint;

#[cfg(test)]
mod visited_tests {
    use super::super::search::{stored_bytes, MAX_STORED_BYTES_PER_STATE};
    use super::*;

    /// A run inserted at once answers exactly as one by one: duplicates
    /// inside the run (the first is new), the empty marker, growth in the
    /// middle of a run, and a sharded set of any shard count.
    #[test]
    fn a_run_inserts_as_one_by_one() {
        let fp = |i: u32| {
            let h = blake3::hash(&(i % 7_001).to_le_bytes());
            <Print>::try_from(&h.as_bytes()[..FP]).unwrap()
        };
        let mut prints: Vec<Print> = (0..30_000).map(fp).collect();
        prints.insert(500, [0; FP]);
        prints.insert(9_000, [0; FP]);
        let mut one = Table::new();
        let want: Vec<bool> = prints.iter().map(|&h| one.insert(h)).collect();
        let mut run = Table::new();
        let mut got = run.insert_run(&prints[..1_000]);
        got.extend(run.insert_run(&prints[1_000..]));
        assert_eq!(got, want);
        assert_eq!(run.len, one.len);
        assert_eq!(want.iter().filter(|&&n| n).count(), 7_001 + 1);
        for workers in [1, 2, 3, 16] {
            let mut v = Visited::new(workers);
            assert_eq!(v.insert_all(&[&prints[..2_000], &prints[2_000..]]), want, "{workers} workers");
        }
    }

    #[test]
    fn the_visited_table_finds_duplicates_across_growth_and_keeps_its_bound() {
        let mut v = Table::new();
        let fp = |i: u32| {
            let h = blake3::hash(&i.to_le_bytes());
            <Print>::try_from(&h.as_bytes()[..FP]).unwrap()
        };
        for i in 0..20_000 {
            assert!(v.insert(fp(i)), "{i} is new");
        }
        for i in (0..20_000).step_by(7) {
            assert!(!v.insert(fp(i)), "{i} was seen");
        }
        assert!(v.insert([0; FP]) && !v.insert([0; FP]), "the empty marker is a fingerprint too");
        assert_eq!(v.len, 20_000);
        assert!(v.slots.len() * 3 >= v.len * 4, "never more than 3/4 full");
        for n in (1..5_000_000u64).step_by(9_973).chain([1 << 20, (1 << 20) + 1, 917_505]) {
            assert!(stored_bytes(n) <= MAX_STORED_BYTES_PER_STATE * n.max(1024), "{n}: {}", stored_bytes(n));
            let min = SHARDS as u64 * 64;
            assert!(stored_bytes(n) >= FP as u64 * min, "{n}: at least every shard's first slots");
        }
    }
}
