//! The visited set: 16-byte fingerprints in open-addressed tables kept
//! between 7/16 and 7/8 full, one shard per thread.

/// One shard of the visited set: 16-byte fingerprints in an open-addressed
/// table with linear probing, grown (doubled) when 7/8 full.
pub(super) struct Table {
    pub(super) slots: Vec<[u8; 16]>,
    pub(super) len: usize,
    /// The all-zero fingerprint marks an empty slot, so it is kept aside.
    pub(super) has_zero: bool,
}

impl Table {
    pub(super) fn new() -> Table {
        Table { slots: vec![[0; 16]; 1024], len: 0, has_zero: false }
    }

    /// Inserts; false when it was already there.
    pub(super) fn insert(&mut self, h: [u8; 16]) -> bool {
        if h == [0; 16] {
            return !std::mem::replace(&mut self.has_zero, true);
        }
        if (self.len + 1) * 8 > self.slots.len() * 7 {
            let grown = vec![[0; 16]; self.slots.len() * 2];
            let old = std::mem::replace(&mut self.slots, grown);
            self.len = 0;
            for o in old.into_iter().filter(|o| *o != [0; 16]) {
                self.place(o);
            }
        }
        self.place(h)
    }

    pub(super) fn place(&mut self, h: [u8; 16]) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = u64::from_le_bytes(h[..8].try_into().expect("8 bytes")) as usize & mask;
        loop {
            if self.slots[i] == [0; 16] {
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

/// The visited set, in shards by the fingerprint's last byte, so that one
/// thread a shard can insert a batch at once. Whether a fingerprint is new
/// does not depend on the shards: each keeps the batch's order.
pub(super) struct Visited {
    pub(super) shards: Vec<Table>,
}

impl Visited {
    pub(super) fn new(shards: usize) -> Visited {
        Visited { shards: (0..shards.max(1)).map(|_| Table::new()).collect() }
    }

    /// Inserts; false when it was already there.
    pub(super) fn insert(&mut self, h: [u8; 16]) -> bool {
        let n = self.shards.len();
        self.shards[h[15] as usize % n].insert(h)
    }

    /// Inserts a batch in order (its pieces one after the other); whether each was new.
    pub(super) fn insert_all(&mut self, pieces: &[&[[u8; 16]]]) -> Vec<bool> {
        let n = self.shards.len();
        let total: usize = pieces.iter().map(|p| p.len()).sum();
        let prints = || pieces.iter().flat_map(|p| p.iter());
        if n == 1 || total < 1024 {
            return prints().map(|&h| self.insert(h)).collect();
        }
        let fresh: Vec<Vec<usize>> = std::thread::scope(|sc| {
            let handles: Vec<_> = self
                .shards
                .iter_mut()
                .enumerate()
                .map(|(k, table)| {
                    sc.spawn(move || {
                        prints()
                            .enumerate()
                            .filter(|(_, h)| h[15] as usize % n == k && table.insert(**h))
                            .map(|(j, _)| j)
                            .collect()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("an inserting thread does not panic")).collect()
        });
        let mut new = vec![false; total];
        for j in fresh.into_iter().flatten() {
            new[j] = true;
        }
        new
    }
}

/// The visited table's fingerprint of a state: the first 16 bytes of its key's hash.
pub(super) fn fingerprint(h: &[u8; 32]) -> [u8; 16] {
    h[..16].try_into().expect("16 of 32 bytes")
}

#[cfg(test)]
mod visited_tests {
    use super::super::search::{stored_bytes, MAX_STORED_BYTES_PER_STATE};
    use super::*;

    #[test]
    fn the_visited_table_finds_duplicates_across_growth_and_keeps_its_bound() {
        let mut v = Table::new();
        let fp = |i: u32| {
            let h = blake3::hash(&i.to_le_bytes());
            <[u8; 16]>::try_from(&h.as_bytes()[..16]).unwrap()
        };
        for i in 0..20_000 {
            assert!(v.insert(fp(i)), "{i} is new");
        }
        for i in (0..20_000).step_by(7) {
            assert!(!v.insert(fp(i)), "{i} was seen");
        }
        assert!(v.insert([0; 16]) && !v.insert([0; 16]), "the empty marker is a fingerprint too");
        assert_eq!(v.len, 20_000);
        assert!(v.slots.len() * 7 >= v.len * 8, "never more than 7/8 full");
        for n in (1..5_000_000u64).step_by(9_973).chain([1 << 20, (1 << 20) + 1, 917_505]) {
            assert!(stored_bytes(n) <= MAX_STORED_BYTES_PER_STATE * n.max(1024), "{n}: {}", stored_bytes(n));
        }
    }
}
