//! The visited set: 12-byte fingerprints in open-addressed tables of
//! 64-byte buckets (five fingerprints and a count, one cache line each),
//! kept at most 3/4 full, in shards whose sizes are spread over an octave
//! (so they do not all grow in the same batch). A fingerprint's home
//! bucket is its first 8 bytes as a fraction of the table's span; a full
//! bucket passes newcomers to the next. A table grows in place (its vector
//! grown by the allocator, its buckets walked from the last down), and a
//! batch is inserted a group at a time: first every home bucket of the
//! group is loaded (the loads overlap), then the group is inserted from
//! the cache.

use super::threads::{each, Pool};
use std::sync::Mutex;

/// Fingerprints in a bucket.
const PER_BUCKET: usize = 5;

/// One cache line of a table: up to [`PER_BUCKET`] fingerprints, the first
/// `count` of them in use. Aligned to 16 bytes only, so that the allocator
/// grows a table's vector in place ([`Lines`] puts it on cache lines).
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C, align(16))]
pub(super) struct Bucket {
    prints: [Print; PER_BUCKET],
    count: u8,
    _pad: [u8; 3],
}

/// Buckets a table starts with.
const FIRST_BUCKETS: usize = 2;

/// Buckets past which the shards' sizes part: each table doubles up to
/// this many buckets, then grows to its own [`base`] and doubles from
/// there, so the shards' sizes are spread evenly over an octave.
const PART_AT: usize = 64;

/// Shard `k`'s size after [`PART_AT`] buckets: from 64 to 127 buckets,
/// four shards a step. With every shard's size a power of two they would
/// all double in the same few batches (states, like layers, double over
/// and over, so those batches came at the same places in every layer: a
/// layer's first and last batches), and each of those batches' check took
/// twice as long as the others; spread over the octave, each batch doubles
/// a few shards.
fn base(k: usize) -> usize {
    PART_AT + k * PART_AT / SHARDS
}

/// The size after `size` buckets on shard `k`'s ladder: doubling, except
/// the step from [`PART_AT`] to the shard's [`base`] (to twice that when
/// the base is `PART_AT` itself).
fn next_size(size: usize, k: usize) -> usize {
    if size == PART_AT && base(k) > PART_AT {
        base(k)
    } else {
        size * 2
    }
}

/// The buckets shard `k`'s table of `from` buckets grows to so that `len`
/// fingerprints stay within [`CEILING`] 128ths of its room.
pub(super) fn buckets_for(from: usize, len: usize, k: usize) -> usize {
    let mut size = from;
    while len * 128 > size * PER_BUCKET * CEILING {
        size = next_size(size, k);
    }
    size
}

/// The bytes shard `k` holds for `len` fingerprints.
pub(super) fn shard_bytes(len: usize, k: usize) -> usize {
    buckets_for(FIRST_BUCKETS, len, k) * std::mem::size_of::<Bucket>()
}

/// The load (in 128ths) a table grows past: 3/4. Linear probing's misses
/// grow as (1 - load)^-2; 7/8 made a large search slower, lower ceilings a
/// little faster for a third more memory.
const CEILING: usize = 96;

/// The shard a fingerprint belongs to: by its last byte.
fn shard(h: &Print) -> usize {
    h[FP - 1] as usize % SHARDS
}

/// Items sorted by their shards, in order within a shard (a counting sort:
/// one list, not one a shard). `items` gives each item's shard and the
/// item; `put(position, index, item)` is told where the `index`th goes;
/// `starts` is left holding where each shard's run starts (`SHARDS + 1`
/// entries, the last the count).
fn by_shard<T>(
    items: impl Iterator<Item = (usize, T)> + Clone,
    starts: &mut Vec<u32>,
    mut put: impl FnMut(usize, usize, T),
) {
    starts.clear();
    starts.resize(SHARDS + 1, 0);
    for (k, _) in items.clone() {
        starts[k + 1] += 1;
    }
    for k in 0..SHARDS {
        starts[k + 1] += starts[k];
    }
    let mut next = starts[..SHARDS].to_vec();
    for (j, (k, item)) in items.enumerate() {
        put(next[k] as usize, j, item);
        next[k] += 1;
    }
}

/// A bucket with nothing in it.
const EMPTY: Bucket = Bucket { prints: [[0; FP]; PER_BUCKET], count: 0, _pad: [0; 3] };

/// A quarter of a cache line: a table's vector is of these, so that the
/// allocator grows it in place, and its buckets start on the first cache
/// line in it.
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C, align(16))]
struct Unit([u8; 16]);

/// Units in a bucket.
const UNITS: usize = std::mem::size_of::<Bucket>() / std::mem::size_of::<Unit>();

/// Units before a table's first bucket, at most: those before its first
/// cache line.
const SPARE: usize = UNITS - 1;

/// A table's buckets, each on a cache line of its own, in a vector the
/// allocator can grow in place. A vector of 64-byte-aligned buckets would
/// be grown by allocating anew and copying (the standard library does so
/// for any alignment over 16), faulting the whole doubled table in while
/// the old one is still mapped; a 16-byte-aligned vector of a large table
/// is grown by moving its pages (`mremap`), so only the new half is
/// faulted in. The buckets start after up to [`SPARE`] unused units, on
/// the vector's first cache line.
pub(super) struct Lines {
    raw: Vec<Unit>,
    /// The first bucket's unit in `raw`.
    off: usize,
    /// Buckets in use.
    len: usize,
}

impl Lines {
    /// `n` empty buckets, written out: a table the allocator hands over as
    /// untouched zero pages would be read-mapped by the loads ahead, and
    /// each first write would then stop every other thread to flush its
    /// address translations.
    fn new(n: usize) -> Lines {
        let raw = vec![Unit([0; 16]); n * UNITS + SPARE];
        Lines { off: Lines::offset(&raw), raw, len: n }
    }

    /// The units before the first cache line in `raw`.
    fn offset(raw: &[Unit]) -> usize {
        (raw.as_ptr() as usize).wrapping_neg() % 64 / std::mem::size_of::<Unit>()
    }

    /// The buckets.
    pub(super) fn all(&self) -> &[Bucket] {
        bytemuck::cast_slice(&self.raw[self.off..self.off + self.len * UNITS])
    }

    /// The buckets, to write.
    fn all_mut(&mut self) -> &mut [Bucket] {
        bytemuck::cast_slice_mut(&mut self.raw[self.off..self.off + self.len * UNITS])
    }

    /// Grows to `n` buckets (at most twice as many), the new ones empty.
    /// Where the vector moved to an address that puts its cache lines
    /// elsewhere (only a small one, copied by the allocator), the buckets
    /// are moved onto them.
    fn grow(&mut self, n: usize) {
        debug_assert!(n > self.len && n <= 2 * self.len, "a table at most doubles");
        let units = self.len * UNITS;
        self.raw.reserve_exact((n - self.len) * UNITS);
        self.raw.resize(n * UNITS + SPARE, Unit([0; 16]));
        let off = Lines::offset(&self.raw);
        if off != self.off {
            self.raw.copy_within(self.off..self.off + units, off);
            // What the move left past the old half is emptied.
            self.raw[off + units..off + units + SPARE].fill(Unit([0; 16]));
            self.off = off;
        }
        self.len = n;
    }
}

/// One shard of the visited set: 12-byte fingerprints in buckets, probed
/// linearly bucket by bucket (nothing is ever removed, so a fingerprint is
/// in its home bucket or in a full run after it), grown past its ceiling
/// along its shard's ladder of sizes ([`next_size`]).
pub(super) struct Table {
    pub(super) buckets: Lines,
    pub(super) len: usize,
    /// The shard whose ladder of sizes it grows along.
    shard: usize,
}

impl Table {
    /// A table that grows as shard 17's: through a size that is not a power
    /// of two (85 buckets, then 170, 340, ...).
    #[cfg(test)]
    pub(super) fn new() -> Table {
        Table::for_shard(17)
    }

    /// Shard `k`'s table.
    pub(super) fn for_shard(k: usize) -> Table {
        Table { buckets: Lines::new(FIRST_BUCKETS), len: 0, shard: k }
    }

    /// Fingerprints it holds room for (at most the ceiling's share are used).
    #[cfg(test)]
    pub(super) fn capacity(&self) -> usize {
        self.buckets.len * PER_BUCKET
    }

    /// Inserts; false when it was already there.
    pub(super) fn insert(&mut self, h: Print) -> bool {
        self.reserve(1);
        self.place(h)
    }

    /// Makes room for `more` new fingerprints without aborting: the memory
    /// the growth needs is asked for first (fallibly), and refused past
    /// `cap` bytes of buckets (a test's stand-in for an allocator that says
    /// no). Once this has answered `Ok`, inserting them does not grow.
    pub(super) fn try_reserve(&mut self, more: usize, cap: u64) -> Result<(), Full> {
        let size = buckets_for(self.buckets.len, self.len + more, self.shard);
        if size <= self.buckets.len {
            return Ok(());
        }
        let bytes = size * std::mem::size_of::<Bucket>();
        if bytes as u64 > cap {
            return Err(Full);
        }
        let units = size * UNITS + SPARE;
        let raw = &mut self.buckets.raw;
        raw.try_reserve_exact(units.saturating_sub(raw.len())).map_err(|_| Full)?;
        self.reserve(more);
        Ok(())
    }

    /// Grows the table (a step of its ladder at a time) until `more` new
    /// fingerprints fit under its ceiling, so a batch inserts without growing.
    pub(super) fn reserve(&mut self, more: usize) {
        let size = buckets_for(self.buckets.len, self.len + more, self.shard);
        while self.buckets.len < size {
            self.grow(next_size(self.buckets.len, self.shard));
        }
    }

    /// Grows the table in place to `n` buckets (at most twice as many): the
    /// vector grows (the allocator moves or extends its pages rather than
    /// handing over a fresh table, so only the new part is faulted in), and
    /// the old buckets are walked from the last down. A fingerprint's home
    /// only moves up as the table grows (it is the fingerprint's place in
    /// the table's span: [`Table::home`]), and old bucket `i`'s fingerprints
    /// nearly always have their new homes at or past `i`, where every bucket
    /// has been emptied already, so they are put there at once; the few
    /// that would land below `i` or wrap around the end (runs that
    /// overflowed far or wrapped) wait until the walk is done. Nothing is
    /// put where an old bucket not yet walked would be emptied under it, so
    /// every run stays whole.
    fn grow(&mut self, n: usize) {
        let old = self.buckets.len;
        self.buckets.grow(n);
        let mut waiting = Vec::new();
        for i in (0..old).rev() {
            let b = std::mem::replace(&mut self.buckets.all_mut()[i], EMPTY);
            for &h in &b.prints[..usize::from(b.count)] {
                if !self.put_from(h, i) {
                    waiting.push(h);
                }
            }
        }
        for h in waiting {
            let put = self.put_from(h, 0) || self.put_wrapping(h);
            debug_assert!(put, "a grown table has room");
        }
    }

    /// Puts a fingerprint that is not in the table into the first bucket
    /// with room from its home on, looking only at buckets from `floor` to
    /// the end; false (nothing put) when its home is below `floor` or the
    /// run reaches the end.
    fn put_from(&mut self, h: Print, floor: usize) -> bool {
        let mut i = self.home(&h);
        if i < floor {
            return false;
        }
        while let Some(b) = self.buckets.all_mut().get_mut(i) {
            if usize::from(b.count) < PER_BUCKET {
                b.prints[usize::from(b.count)] = h;
                b.count += 1;
                return true;
            }
            i += 1;
        }
        false
    }

    /// Puts a fingerprint that is not in the table into the first bucket
    /// with room from its home on, wrapping around the end; false when the
    /// table is full.
    fn put_wrapping(&mut self, h: Print) -> bool {
        let home = self.home(&h);
        let buckets = self.buckets.all_mut();
        let n = buckets.len();
        std::iter::successors(Some(home), |&i| Some(after(i, n))).take(n).any(|i| {
            let b = &mut buckets[i];
            let room = usize::from(b.count) < PER_BUCKET;
            if room {
                b.prints[usize::from(b.count)] = h;
                b.count += 1;
            }
            room
        })
    }

    /// Inserts a run of fingerprints in order, a group of [`GROUP`] at a
    /// time: first every home bucket of the group is loaded in a loop that
    /// does nothing else (its loads do not wait for each other, so a large
    /// table's cache misses overlap by the dozen), then the group is
    /// inserted from the cache. Whether each was new, appended to `out` in
    /// order: the same as inserting them one by one.
    pub(super) fn insert_run(&mut self, prints: &[Print], out: &mut Vec<bool>) {
        self.reserve(prints.len());
        out.reserve(prints.len());
        for group in prints.chunks(GROUP) {
            // Each bucket's count folded into a value nothing waits for (no
            // prefetch intrinsic: the crate has no unsafe code).
            let buckets = self.buckets.all();
            let touched = group.iter().fold(0u8, |t, h| {
                let i = self.home(h);
                t ^ buckets[i].count ^ buckets[after(i, buckets.len())].count
            });
            std::hint::black_box(touched);
            out.extend(group.iter().map(|h| self.place(*h)));
        }
    }

    /// A fingerprint's home bucket: its first 8 bytes (big-endian) as a
    /// fraction of the table's span of buckets (a multiply and a shift:
    /// sizes need not be powers of two), so a grown table keeps the order.
    fn home(&self, h: &Print) -> usize {
        let at = u64::from_be_bytes(h[..8].try_into().expect("8 bytes"));
        ((u128::from(at) * self.buckets.len as u128) >> 64) as usize
    }

    /// Inserts into a table with room for it; false when it was there.
    pub(super) fn place(&mut self, h: Print) -> bool {
        let mut i = self.home(&h);
        let buckets = self.buckets.all_mut();
        loop {
            let b = &mut buckets[i];
            let n = usize::from(b.count);
            if b.prints[..n].contains(&h) {
                return false;
            }
            if n < PER_BUCKET {
                b.prints[n] = h;
                b.count += 1;
                self.len += 1;
                return true;
            }
            i = after(i, buckets.len());
        }
    }
}

/// The bucket after bucket `i` of `n`: the first after the last.
fn after(i: usize, n: usize) -> usize {
    if i + 1 == n {
        0
    } else {
        i + 1
    }
}

/// Fingerprints [`Table::insert_run`] loads the buckets of before inserting
/// them: 512 cache lines, which stay in the processor's cache until then.
const GROUP: usize = 512;

/// Shards of the visited set: each grows on its own, so a doubling is a
/// 256th of the table's work. With many threads each inserts its own
/// shards, and a doubling holds up the rest at the batch's end: with 16
/// shards, one a thread at 16 threads, a shard of a search at 8 M states
/// took 5-7 ms to double (its new half faulted in) against about 0.7 ms
/// for a thread's share of a batch, while 256 shards spread the doublings
/// over the threads in small pieces (0.3 ms each). One thread and two
/// measured alike with 16 and 256.
pub(super) const SHARDS: usize = 256;

/// The visited set, in [`SHARDS`] shards by the fingerprint's last byte,
/// inserted by `workers` threads at once, each owning a run of shards.
/// Whether a fingerprint is new does not depend on the shards or the
/// workers: a fingerprint always lands in the same shard, and each shard
/// takes the batch's fingerprints in the batch's order.
pub(super) struct Visited {
    pub(super) shards: Vec<Table>,
    workers: usize,
    scratch: Scratch,
}

/// Buffers a one-thread insert keeps from batch to batch: a batch's
/// fingerprints sorted into the shards and where each came from. Fresh
/// ones each batch would be mapped and unmapped by the allocator each time
/// (and unmapping them raises its threshold for mapping, which leaves
/// small tables on its heap, copied as they grow).
#[derive(Default)]
struct Scratch {
    starts: Vec<u32>,
    at: Vec<u32>,
    hs: Vec<Print>,
    news: Vec<bool>,
}

impl Visited {
    pub(super) fn new(workers: usize) -> Visited {
        Visited {
            shards: (0..SHARDS).map(Table::for_shard).collect(),
            workers: workers.max(1),
            scratch: Scratch::default(),
        }
    }

    /// Inserts; false when it was already there.
    pub(super) fn insert(&mut self, h: Print) -> bool {
        self.shards[shard(&h)].insert(h)
    }

    /// Makes room for a batch before it is inserted, so that its insertion
    /// never grows a table: each shard asks fallibly for what its share of
    /// the batch needs (`cap` bytes a shard at most; a test's cap). An
    /// allocation the system refuses is [`Full`], which the search answers
    /// with `LIMIT … memory`, never an abort (issue 46).
    pub(super) fn try_make_room(&mut self, pieces: &[&[Print]], cap: u64) -> Result<(), Full> {
        let mut counts = [0usize; SHARDS];
        for p in pieces {
            for h in p.iter() {
                counts[shard(h)] += 1;
            }
        }
        for (table, &n) in self.shards.iter_mut().zip(&counts) {
            table.try_reserve(n, cap)?;
        }
        Ok(())
    }

    /// Inserts a batch in order (its pieces one after the other); whether each was new.
    pub(super) fn insert_all(&mut self, pieces: &[&[Print]]) -> Vec<bool> {
        let total: usize = pieces.iter().map(|p| p.len()).sum();
        let prints = || pieces.iter().flat_map(|p| p.iter());
        if total < 1024 {
            return prints().map(|&h| self.insert(h)).collect();
        }
        if self.workers > 1 {
            return self.insert_counted(pieces, &|_, _| false, None).all();
        }
        // The batch's fingerprints sorted into their shards in order (a
        // counting sort into buffers kept from batch to batch), each
        // shard's inserted as a run.
        let Scratch { starts, at, hs, news } = &mut self.scratch;
        at.resize(total, 0);
        hs.resize(total, [0; FP]);
        by_shard(prints().map(|h| (shard(h), h)), starts, |p, j, h| (at[p], hs[p]) = (j as u32, *h));
        news.clear();
        for (k, table) in self.shards.iter_mut().enumerate() {
            table.insert_run(&hs[starts[k] as usize..starts[k + 1] as usize], news);
        }
        let mut new = vec![false; total];
        for (&j, &n) in at.iter().zip(news.iter()) {
            new[j as usize] = n;
        }
        new
    }

    /// [`Visited::insert_all`] on several threads, each owning a run of
    /// shards, in two rounds: first each sorts its share of the pieces into
    /// per-shard lists (so no thread reads every fingerprint of the batch),
    /// then each inserts its shards' fingerprints taking every piece's lists
    /// in order (a shard sees the batch's order). The threads also count
    /// each piece's new fingerprints and ask `ends(piece, index)` of each
    /// new one, so the caller need not scan the batch again. The threads are
    /// `pool`'s, or started for each round without one.
    pub(super) fn insert_counted(
        &mut self,
        pieces: &[&[Print]],
        ends: &(dyn Fn(usize, usize) -> bool + Sync),
        pool: Option<&Pool>,
    ) -> Checked {
        let per = SHARDS.div_ceil(self.workers);
        let groups = SHARDS.div_ceil(per);
        let pieces_per = pieces.len().div_ceil(groups).max(1);
        let sorted: Vec<(Vec<u32>, Vec<u32>)> = each(pool, groups, |w| {
            let mine = (w * pieces_per).min(pieces.len())..((w + 1) * pieces_per).min(pieces.len());
            mine.map(|pi| {
                let (mut order, mut starts) = (vec![0u32; pieces[pi].len()], Vec::new());
                by_shard(pieces[pi].iter().map(|h| (shard(h), ())), &mut starts, |p, j, ()| order[p] = j as u32);
                (order, starts)
            })
            .collect::<Vec<_>>()
        })
        .into_iter()
        .flatten()
        .collect();
        // Each thread's run of shards, behind a lock only it takes.
        let runs: Vec<Mutex<&mut [Table]>> = self.shards.chunks_mut(per).map(Mutex::new).collect();
        let results = each(pool, groups, |w| {
            let mut tables = runs[w].lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let mut fresh: Vec<Vec<u32>> = vec![Vec::new(); pieces.len()];
            let (mut counts, mut end) = (vec![0u32; pieces.len()], false);
            let (mut at, mut hs, mut new) = (Vec::new(), Vec::new(), Vec::new());
            for (t, table) in tables.iter_mut().enumerate() {
                let k = w * per + t;
                at.clear();
                hs.clear();
                new.clear();
                for (pi, (piece, (order, starts))) in pieces.iter().zip(&sorted).enumerate() {
                    for &c in &order[starts[k] as usize..starts[k + 1] as usize] {
                        at.push((pi, c as usize));
                        hs.push(piece[c as usize]);
                    }
                }
                table.insert_run(&hs, &mut new);
                for (&(pi, c), _) in at.iter().zip(&new).filter(|&(_, &new)| new) {
                    fresh[pi].push(c as u32);
                    counts[pi] += 1;
                    end |= ends(pi, c);
                }
            }
            (fresh, counts, end)
        });
        let lens = pieces.iter().map(|p| p.len()).collect();
        let (mut counts, mut ends) = (vec![0; pieces.len()], false);
        let mut by_piece: Vec<Vec<Vec<u32>>> = (0..pieces.len()).map(|_| Vec::with_capacity(groups)).collect();
        for (fresh, piece_counts, end) in results {
            for (sum, n) in counts.iter_mut().zip(piece_counts) {
                *sum += n;
            }
            ends |= end;
            for (lists, list) in by_piece.iter_mut().zip(fresh) {
                lists.push(list);
            }
        }
        Checked { fresh: by_piece.into_iter().map(Mutex::new).collect(), counts, ends, lens }
    }
}

/// A batch checked by [`Visited::insert_counted`]: each piece's new
/// fingerprints as each inserting thread found them (their indices in the
/// piece, in no particular order), each piece's count of new ones, and
/// whether `ends` held for any new one. Kept by piece so that no one
/// thread merges or frees them: each piece's taker marks its own and
/// frees them ([`Checked::piece`]).
pub(super) struct Checked {
    fresh: Vec<Mutex<Vec<Vec<u32>>>>,
    pub(super) counts: Vec<u32>,
    pub(super) ends: bool,
    lens: Vec<usize>,
}

impl Checked {
    /// Whether each fingerprint of piece `pi` was new. Its lists are
    /// taken (and freed on the calling thread): once a piece.
    pub(super) fn piece(&self, pi: usize) -> Vec<bool> {
        let lists = std::mem::take(&mut *self.fresh[pi].lock().unwrap_or_else(std::sync::PoisonError::into_inner));
        let mut new = vec![false; self.lens[pi]];
        for c in lists.iter().flatten() {
            new[*c as usize] = true;
        }
        new
    }

    /// Whether each fingerprint of the batch was new, in order (every
    /// piece's lists taken).
    pub(super) fn all(&self) -> Vec<bool> {
        (0..self.lens.len()).flat_map(|pi| self.piece(pi)).collect()
    }
}

/// A table that could not grow: the system refused the memory (or a test's
/// cap did).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Full;

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
    use super::super::verdict::{stored_bytes, MAX_STORED_BYTES_PER_STATE};
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
        // Fingerprints sharing a home bucket (their first bytes equal) fill
        // it and run on into the next ones; those at home in the last
        // bucket wrap around to the first. A doubling puts both kinds back
        // after its walk.
        for i in 0..40u8 {
            prints.insert(20_000 + usize::from(i), [0, 0, 0, 0, 0, 0, 0, i, 1, 2, 3, i]);
            prints.insert(600 + usize::from(i), [255, 255, 255, 255, 255, 255, 255, i, 1, 2, 3, i]);
        }
        let mut one = Table::new();
        let want: Vec<bool> = prints.iter().map(|&h| one.insert(h)).collect();
        let mut run = Table::new();
        let mut got = Vec::new();
        run.insert_run(&prints[..1_000], &mut got);
        run.insert_run(&prints[1_000..], &mut got);
        assert_eq!(got, want);
        assert_eq!(run.len, one.len);
        assert_eq!(want.iter().filter(|&&n| n).count(), 7_001 + 1 + 80);
        assert_eq!(run.buckets.all().as_ptr() as usize % 64, 0, "buckets on cache lines after doublings");
        for workers in [1, 2, 3, 16] {
            let mut v = Visited::new(workers);
            assert_eq!(v.insert_all(&[&prints[..2_000], &prints[2_000..]]), want, "{workers} workers");
            for (k, shard) in v.shards.iter().enumerate() {
                assert!(shard.len * 128 <= shard.capacity() * CEILING, "shard {k} within its ceiling");
            }
            let sizes: std::collections::BTreeSet<usize> = v.shards.iter().map(Table::capacity).collect();
            assert!(sizes.len() > 1, "the shards' sizes part: they do not all grow at once");
        }
    }

    /// Growing keeps every bucket where it was and adds empty ones, on
    /// cache lines wherever the allocator put the vector (a small one is
    /// copied to an address of its choosing, a large one moved), by
    /// doubling or by less.
    #[test]
    fn grown_lines_keep_their_buckets_on_cache_lines() {
        let mut lines = Lines::new(4);
        let mut want = Vec::new();
        for round in 0..18u8 {
            for (i, b) in lines.all_mut().iter_mut().enumerate().skip(want.len()) {
                assert_eq!(b.count, 0, "round {round}: bucket {i} starts empty");
                b.count = (i % 5) as u8 + 1;
                b.prints[0] = [round; FP];
                want.push((b.count, round));
            }
            assert_eq!(lines.all().as_ptr() as usize % 64, 0, "round {round}: on a cache line");
            let got: Vec<(u8, u8)> = lines.all().iter().map(|b| (b.count, b.prints[0][0])).collect();
            assert_eq!(got, want, "round {round}");
            let n = lines.all().len();
            lines.grow(if round % 2 == 0 { 2 * n } else { n + n / 2 + 1 });
        }
        assert_eq!(lines.all().len(), 88_573);
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
        assert!(v.insert([0; FP]) && !v.insert([0; FP]), "the all-zero fingerprint is one too");
        assert_eq!(v.len, 20_001);
        assert!(v.capacity() * 3 >= v.len * 4, "never more than its ceiling, 3/4, full");
        assert_eq!(v.buckets.all().iter().map(|b| usize::from(b.count)).sum::<usize>(), v.len);
        assert_eq!(std::mem::size_of::<Bucket>(), 64, "a bucket is a cache line");
        for n in (1..5_000_000u64).step_by(9_973).chain([1 << 20, (1 << 20) + 1, 917_505]) {
            assert!(stored_bytes(n) <= MAX_STORED_BYTES_PER_STATE * n.max(1024), "{n}: {}", stored_bytes(n));
            let min = (SHARDS * FIRST_BUCKETS * 64) as u64;
            assert!(stored_bytes(n) >= min, "{n}: at least every shard's first buckets");
        }
    }
}
