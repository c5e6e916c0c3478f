//! The breadth-first search itself: options, verdicts, expanding batches of
//! parents over threads, and walking the parent links back to the moves.

use super::super::compact::{Compact, Level};
use super::super::key::Keyer;
use super::super::state::State;
use super::super::types::{Miau, Setup};
use super::engine::{clear, Engine, Expand, General, Rules};
use super::frontier::Layer;
use super::parents::Parents;
use super::taker::{Part, Taker};
use super::threads::{drop_apart, fork, Jobs, Pool};
use super::verdict::{stored_bytes, Budget, Options, Progress, SearchKind, Verdict, MAX_STATES};
use super::visited::{Print, Visited};
use crate::game::{Game, Rejection};
use crate::hashing::{fingerprint_of, fingerprints, padded, padded_len, FrontierHasher};
use crossbeam_utils::CachePadded;
use std::ops::Range;
use std::sync::Mutex;

/// Parents expanded at once by default with up to three threads: their
/// children (at most 5 each) wait, keyed, to be hashed together. More
/// threads take [`default_batch`].
pub const BATCH: u32 = 16_384;

/// The default batch for `threads` threads: [`BATCH`], and from four threads
/// on half as many times more (131,072 at 16). Chosen when each of a batch's
/// three rounds (expand, check, take) started its threads afresh (about
/// 26 µs a thread here: at 16 threads and 16,384 parents, about 1.2 ms of
/// starts against 0.6 ms of work a thread); since a pool's threads take the
/// rounds (`threads.rs`), smaller batches may do as well: the device run
/// compares them.
pub fn default_batch(threads: u32) -> u32 {
    if (threads as usize) < PARALLEL_TAKE {
        BATCH
    } else {
        BATCH * (threads / 2)
    }
}

/// From this many threads on, a batch's children are taken by all the
/// threads together once it is checked (a chunk each: its parent links and
/// its piece of the next layer), rather than by the main thread alone
/// beside the next batch's expansion: with many threads that one thread's
/// share would become the longest part of a batch.
const PARALLEL_TAKE: usize = 4;

/// Chunks a batch is cut into per thread, taken in turn by free threads: a
/// thread that finds none left waits for the others' last chunks, so they
/// are kept small (8 measured a little faster than 4 on two threads).
const CHUNKS_PER_THREAD: usize = 8;

/// Solves a level, visiting at most `max_states` states.
pub fn solve(setup: &Setup, max_states: u64, hasher: &mut dyn FrontierHasher) -> Result<Verdict, Rejection> {
    solve_with(setup, &Options { max_states, ..Options::default() }, hasher)
}

/// Solves a level under constraints.
pub fn solve_with(setup: &Setup, opts: &Options, hasher: &mut dyn FrontierHasher) -> Result<Verdict, Rejection> {
    solve_watched(setup, opts, hasher, &mut |_: &Progress| true)
}

/// [`solve_with`], calling `watch` with where the search stands after every
/// batch of parents (for a progress display; the kernel does no I/O);
/// `watch` returning `false` stops the search with [`Budget::Time`].
pub fn solve_watched(
    setup: &Setup,
    opts: &Options,
    hasher: &mut dyn FrontierHasher,
    watch: &mut dyn FnMut(&Progress) -> bool,
) -> Result<Verdict, Rejection> {
    solve_from(&Miau::start(setup, 0)?, opts, hasher, watch)
}

/// The solver's own compact state, where the level allows it (and `opts`
/// do not ask for the general engine): stepped in place and taken back with
/// undo, the same keys as the game's state gives.
fn compact_level(start: &State, keyer: &Keyer, rules: &Rules, opts: &Options) -> Option<Level> {
    if opts.general || rules.general_only() || opts.search != SearchKind::Breadth {
        return None;
    }
    Level::new(start, keyer, &rules.forbid, &rules.require, rules.same.as_deref())
}

/// Which engine a search of this level under `opts` runs on: `"compact"`
/// (the solver's own compact state) or `"general"` (the game's own state),
/// for the solver's lines to name.
pub fn engine(setup: &Setup, opts: &Options) -> Result<&'static str, Rejection> {
    let start = Miau::start(setup, 0)?;
    let rules = Rules::new(opts, &start)?;
    let keyer = Keyer::new(&start);
    Ok(if compact_level(&start, &keyer, &rules, opts).is_some() { "compact" } else { "general" })
}

/// [`solve_watched`] from a state in play rather than the level's start (a
/// hint from where the player stands): the moves from there, and the states
/// visited from there. A state already won needs no move.
pub fn solve_from(
    start: &State,
    opts: &Options,
    hasher: &mut dyn FrontierHasher,
    watch: &mut dyn FnMut(&Progress) -> bool,
) -> Result<Verdict, Rejection> {
    let rules = Rules::new(opts, start)?;
    let start = start.clone();
    if rules.banned(&start) {
        return Ok(Verdict::Unsolved { states: 1 });
    }
    if start.won {
        return Ok(Verdict::Solved { moves: Vec::new(), states: 1 });
    }
    let keyer = Keyer::new(&start).pruned(&start, !opts.unpruned, rules.twins_interchangeable());
    let mut key = Vec::with_capacity(keyer.len() + 1);
    keyer.key(&start, &mut key);
    keyer.sort_twins(&mut key);
    key.push(rules.formed(&start, 0));
    if opts.search != SearchKind::Breadth {
        return Ok(super::informed::run(opts.search, &start, opts, &rules, &keyer, key, watch));
    }
    let threads = crate::threads::usable(opts.threads) as usize;
    let search = Search::new(opts, hasher, watch, &key, threads, rules.all_formed)?;
    let x = Expand { keyer: &keyer, rules: &rules, opts, key_len: key.len(), local_hash: search.local_hash };
    let level = compact_level(&start, &keyer, &rules, opts);
    // Each thread's engine on cache lines of its own: they are written all
    // the time, and two threads writing one line would take turns at it.
    match &level {
        Some(level) => {
            let mut workers: Vec<CachePadded<Compact>> =
                (0..threads).map(|_| CachePadded::new(Compact::new(level))).collect();
            debug_assert_eq!(workers[0].key_len() + 1, x.key_len, "the compact key is the solver's key");
            search.run(&x, &mut workers)
        }
        None => {
            // A template (the start state and the nouns) per thread: states
            // share their rule set and tables by reference counts, and
            // threads sharing one count would fight over its cache line.
            let template = |_| {
                let start = if threads > 1 { detach(&start) } else { start.clone() };
                CachePadded::new(General { start, nouns: keyer.nouns.clone() })
            };
            let mut workers: Vec<CachePadded<General>> = (0..threads).map(template).collect();
            search.run(&x, &mut workers)
        }
    }
}

/// The search between its start and its verdict: the layer being expanded
/// and the next, the visited set (here or the hasher's own), the parent
/// links, and each thread's children, batch by batch. One method a stage:
/// [`Search::layers`] goes layer by layer, [`Search::batch`] batch by batch
/// (decoded, [`Search::expand_batch`] on the threads while the batch before
/// is checked and taken, then [`Search::check_and_take`]), and
/// [`Search::end_layer`] closes a layer.
struct Search<'a> {
    opts: &'a Options,
    hasher: &'a mut dyn FrontierHasher,
    watch: &'a mut dyn FnMut(&Progress) -> bool,
    key_len: usize,
    threads: usize,
    batch_size: usize,
    /// The CPU hasher: children are fingerprinted on the expanding threads.
    local_hash: bool,
    /// The CPU's visited table. With many threads it is filled by all of
    /// them at once, a shard each; with fewer, by this thread alone while
    /// the others expand.
    seen: Visited,
    /// A hasher with a visited set of its own (the GPU's) is sent each
    /// batch's keys and answers one bit a key; it is "remote" until it is
    /// full, and then the CPU's table carries on from its fingerprints
    /// ("spilled": the keys are then hashed here).
    remote: bool,
    spilled: bool,
    /// The parent links and the next layer.
    t: Taker,
    /// The layer being expanded, kept as keys (key_len bytes each, the last
    /// the required-rule mask) with each state's index, each key as its
    /// differences from the one before (`frontier.rs`); its states are
    /// rebuilt from the keys to expand them, so the frontier costs a few
    /// bytes a state, not whole states.
    layer: Layer,
    /// Two sets of each thread's children, kept from batch to batch (a fresh
    /// large vector a batch is a fresh mapping, and unmapping it stops every
    /// other thread to flush its address translations): one batch is
    /// expanded while the one before is checked (by a remote set) or taken
    /// (after the CPU's table).
    sets: [Vec<Part>; 2],
    cur: usize,
    /// The set whose batch the remote set is checking.
    waiting: Option<usize>,
    /// Whether the set before `cur` holds a batch not yet checked by the
    /// CPU's table: its fingerprints go in and its new children are taken by
    /// this thread while the others expand the next batch (then this thread
    /// expands too).
    pending: bool,
    depth: u32,
    /// Two batches decoded: the one being expanded, and the next, decoded
    /// meanwhile by a thread out of chunks, or by this one after its check
    /// (`ready`: `decoded[now]` holds it already).
    decoded: [(Vec<u32>, Vec<u8>); 2],
    now: usize,
    ready: bool,
    /// Batches of the layer expanded already: its first, when it was
    /// expanded while the last batch of the layer before was checked and
    /// taken.
    skip: usize,
}

impl<'a> Search<'a> {
    /// A search from the start's `key`, the start visited.
    fn new(
        opts: &'a Options,
        hasher: &'a mut dyn FrontierHasher,
        watch: &'a mut dyn FnMut(&Progress) -> bool,
        key: &[u8],
        threads: usize,
        all_formed: u8,
    ) -> Result<Search<'a>, Rejection> {
        let key_len = key.len();
        let mut seen = Visited::new(if threads >= PARALLEL_TAKE { threads } else { 1 });
        let (mut remote, mut spilled) = (false, false);
        if let Some(d) = hasher.dedup() {
            d.begin(key_len).map_err(Rejection::new)?;
            remote = d.send(&[key]).map_err(Rejection::new)?;
            if remote {
                d.receive().map_err(Rejection::new)?;
            }
            spilled = !remote;
        }
        if !remote {
            let mut first = Vec::new();
            fingerprints(key, key_len, &mut first);
            seen.insert(first[0]);
        }
        let max_states = opts.max_states.min(MAX_STATES);
        let batch_size = if opts.batch == 0 { default_batch(opts.threads.max(1)) } else { opts.batch } as usize;
        let t = Taker {
            // State i's link: parent index | move << 29; index 0 is the start.
            parents: Parents::new(u32::MAX),
            next: Layer::new(key_len, batch_size),
            key_len,
            all_formed,
            max_states,
            table_cap: if opts.table_cap == 0 { u64::MAX } else { opts.table_cap },
        };
        let mut layer = Layer::new(key_len, batch_size);
        layer.push(0, key);
        let local_hash = hasher.is_cpu_blake3();
        let new_parts = || -> Vec<Part> {
            (0..threads * CHUNKS_PER_THREAD).map(|_| CachePadded::new((Vec::new(), Vec::new(), Vec::new()))).collect()
        };
        Ok(Search {
            opts,
            hasher,
            watch,
            key_len,
            threads,
            batch_size,
            local_hash,
            seen,
            remote,
            spilled,
            t,
            layer,
            sets: [new_parts(), new_parts()],
            cur: 0,
            waiting: None,
            pending: false,
            depth: 0,
            decoded: Default::default(),
            now: 0,
            ready: false,
            skip: 0,
        })
    }

    /// Runs the search on `workers` (an engine a thread): with four threads
    /// and more, one pool of threads serves the whole search
    /// (`threads.rs`); with fewer, each batch starts its helpers.
    fn run<W: Engine>(mut self, x: &Expand<'_>, workers: &mut Vec<CachePadded<W>>) -> Result<Verdict, Rejection> {
        // No pool on wasm, where a search has one thread (`crate::threads`).
        #[cfg(not(target_family = "wasm"))]
        if self.threads >= PARALLEL_TAKE {
            let threads = self.threads;
            return rayon_core::ThreadPoolBuilder::new()
                .num_threads(threads - 1)
                .thread_name(|i| format!("miau-solver-{}", i + 1))
                .build_scoped(|thread| thread.run(), |pool| self.finish(x, workers, Some(pool)))
                .map_err(|e| Rejection::new(format!("the solver could not start its {threads} threads: {e}")))?;
        }
        self.finish(x, workers, None)
    }

    /// The layers, then the end: a large search ends holding many blocks
    /// (the table's shards, each thread's readings, the children's buffers,
    /// the link runs, the layers' blocks); freeing them is work of its own
    /// (57-62 ms at 8 M states and 16 threads here). This thread unmaps the
    /// table's shards while the pool's threads free the rest. Not with two or
    /// three threads: threads started for it made it slower here (30-32 ms
    /// against 24-26 ms on this thread alone).
    fn finish<W: Engine>(
        &mut self,
        x: &Expand<'_>,
        workers: &mut Vec<CachePadded<W>>,
        pool: Option<&Pool>,
    ) -> Result<Verdict, Rejection> {
        let verdict = self.layers(x, workers, pool);
        if self.threads >= PARALLEL_TAKE {
            let mut rest: Vec<Box<dyn Send + '_>> = Vec::new();
            rest.extend(std::mem::take(workers).into_iter().map(|c| Box::new(c) as Box<dyn Send>));
            rest.extend(self.sets.iter_mut().flat_map(std::mem::take).map(|p| Box::new(p) as Box<dyn Send>));
            // The link runs and the layers' blocks are thousands of small
            // blocks: one thread frees each kind, rather than this thread
            // boxing every one of them to share them out.
            rest.push(Box::new(self.t.parents.take_runs()));
            rest.push(Box::new((self.layer.take_blocks(), self.t.next.take_blocks())));
            drop_apart(pool, self.threads, std::mem::take(&mut self.seen.shards), rest);
        }
        verdict
    }

    /// Layer by layer until none is left (every reachable state visited) or
    /// a verdict comes first.
    fn layers<W: Engine>(
        &mut self,
        x: &Expand<'_>,
        workers: &mut [CachePadded<W>],
        pool: Option<&Pool>,
    ) -> Result<Verdict, Rejection> {
        while !self.layer.is_empty() {
            // The layer goes in batches (so the children waiting to be hashed stay
            // few), each split into fixed chunks in layer order, one a thread: the
            // children's order never depends on timing.
            let layer_bytes = self.layer.bytes();
            let batches = self.layer.batches();
            // One step past the last batch (`crossing`), where the layer's
            // last batch waits to be checked and the next layer's first is
            // decoded already: that one is expanded meanwhile, rather than
            // the check running alone between the layers (the check pushes
            // into the next layer, whose first batch is settled:
            // `Layer::first_batch`).
            let mut crossed = false;
            for bi in std::mem::take(&mut self.skip)..=batches.len() {
                let crossing = bi == batches.len();
                if crossing && !(self.pending && self.ready) {
                    break;
                }
                crossed = crossing;
                if let Some(v) = self.batch(x, workers, pool, &batches, bi, layer_bytes)? {
                    return Ok(v);
                }
            }
            if let Some(v) = self.end_layer(crossed)? {
                return Ok(v);
            }
        }
        Ok(Verdict::Unsolved { states: self.t.parents.len() })
    }

    /// Batch `bi` of the layer (or, one past the last, the next layer's
    /// first): decoded unless it was already, the budgets checked, expanded,
    /// then checked and taken.
    fn batch<W: Engine>(
        &mut self,
        x: &Expand<'_>,
        workers: &mut [CachePadded<W>],
        pool: Option<&Pool>,
        batches: &[Range<usize>],
        bi: usize,
        layer_bytes: u64,
    ) -> Result<Option<Verdict>, Rejection> {
        if !std::mem::take(&mut self.ready) {
            let (ids, keys) = &mut self.decoded[self.now];
            self.layer.decode_blocks(batches[bi].clone(), ids, keys);
        }
        let states = self.t.parents.len();
        let next_bytes = self.t.next.bytes();
        let bytes = stored_bytes(states) + layer_bytes + next_bytes;
        if !(self.watch)(&Progress { states, layer: self.depth, bytes, remote: self.remote }) {
            return Ok(Some(Verdict::Limit { states, ran_out: Budget::Time }));
        }
        if self.over_memory(states, layer_bytes + next_bytes) {
            return Ok(Some(Verdict::Limit { states, ran_out: Budget::Memory }));
        }
        if let Some(v) = self.expand_batch(x, workers, pool, batches.get(bi + 1).cloned(), bi == batches.len()) {
            return Ok(Some(v));
        }
        if self.ready {
            self.now ^= 1;
        }
        if self.sets[self.cur].iter().all(|p| p.0.is_empty()) {
            return Ok(None);
        }
        self.check_and_take(pool)
    }

    /// Whether the batch about to be expanded could pass the memory budget:
    /// its worst case, every parent with five new children and each growing
    /// vector reallocating (old and new held).
    fn over_memory(&self, states: u64, layers_bytes: u64) -> bool {
        if self.opts.max_bytes == 0 {
            return false;
        }
        let batch = self.decoded[self.now].0.len();
        let before = &self.sets[self.cur ^ 1];
        let waits = if self.pending { before.iter().map(|p| p.0.len()).sum() } else { 0 };
        let grown = states + waits as u64 + 5 * batch as u64;
        let keys = 5 * batch * self.key_len;
        let held = stored_bytes(grown) * 3 / 2
            + layers_bytes
            + (keys + 4 * 5 * batch) as u64 * 2
            + (5 * batch * (self.key_len + 32)) as u64;
        held > self.opts.max_bytes
    }

    /// Expands the decoded batch into the current set, a thread's children
    /// in its own vectors (no copying them together; their order is the
    /// parts' order), while this thread first checks and takes the batch
    /// before (a win there is the verdict) and the next batch is decoded:
    /// `next`, this layer's, by whichever thread runs out of chunks first;
    /// past the layer's last batch (`crossing`) the next layer's first, by
    /// this thread once the batch before is taken.
    fn expand_batch<W: Engine>(
        &mut self,
        x: &Expand<'_>,
        workers: &mut [CachePadded<W>],
        pool: Option<&Pool>,
        next: Option<Range<usize>>,
        crossing: bool,
    ) -> Option<Verdict> {
        let Search { sets, cur, now, decoded, pending, ready, t, seen, layer, threads, key_len, .. } = self;
        let (threads, key_len) = (*threads, *key_len);
        let [a, b] = sets;
        let (parts, before) = if *cur == 0 { (a, &*b) } else { (b, &*a) };
        let [d0, d1] = decoded;
        let ((ids, keys), (next_ids, next_keys)) = if *now == 0 { (&*d0, d1) } else { (&*d1, d0) };
        let (batch, batch_keys) = (ids.as_slice(), keys.as_slice());
        parts.iter_mut().for_each(|p| clear(p));
        if threads == 1 || batch.len() < 64 {
            if std::mem::take(pending) {
                if let Some(v) = t.settle(seen, before) {
                    return Some(v);
                }
            }
            workers[0].expand(x, &mut parts[0], batch, batch_keys);
            return None;
        }
        // Fixed chunks in layer order (their children keep that order
        // whoever expands them), a few a thread, taken in turn by whichever
        // thread is free: a slow chunk does not hold the others.
        let size = batch.len().div_ceil(threads * CHUNKS_PER_THREAD);
        let work = Mutex::new(batch.chunks(size).zip(batch_keys.chunks(size * key_len)).zip(parts.iter_mut()));
        let next_chunk = || work.lock().map_or(None, |mut w| w.next());
        let next_chunk = &next_chunk;
        let settle = std::mem::take(pending);
        let (mine, others) = workers.split_first_mut().expect("kernel invariant: an engine for every thread");
        *ready = next.is_some();
        let next_bufs = Mutex::new((next, &mut *next_ids, &mut *next_keys));
        let layer = &*layer;
        let decode_next = || {
            let mut bufs = next_bufs.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let (range, ids, keys) = &mut *bufs;
            if let Some(r) = range.take() {
                layer.decode_blocks(r, ids, keys);
            }
        };
        let decode_next = &decode_next;
        // The other threads expand from the start; this one first checks
        // and takes the batch before.
        let mut jobs: Jobs<'_> = Vec::new();
        for w in others.iter_mut() {
            jobs.push(Box::new(move || {
                while let Some(((ids, keys), e)) = next_chunk() {
                    w.expand(x, e, ids, keys);
                }
                decode_next();
            }));
        }
        let mut verdict = None;
        fork(pool, jobs, || {
            if settle {
                verdict = t.settle(seen, before);
            }
            if !*ready && verdict.is_none() {
                // Crossing, the next layer is whole once the batch before is
                // taken: its second batch is next.
                let next = if crossing { t.next.batches().get(1).cloned() } else { t.next.first_batch() };
                if let Some(r) = next {
                    let mut bufs = next_bufs.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    let (_, ids, keys) = &mut *bufs;
                    t.next.decode_blocks(r, ids, keys);
                    *ready = true;
                }
            }
            while let Some(((ids, keys), e)) = next_chunk() {
                mine.expand(x, e, ids, keys);
            }
            decode_next();
        });
        verdict
    }

    /// The current set's children checked against the visited set (the
    /// remote one, or the CPU's: by all the threads together from four, or
    /// left pending for this thread to take beside the next batch).
    fn check_and_take(&mut self, pool: Option<&Pool>) -> Result<Option<Verdict>, Rejection> {
        let key_len = self.key_len;
        if self.remote {
            // Sent; the batch before is taken while the GPU checks this
            // one, and the next is expanded into the other set.
            let d = self.hasher.dedup().expect("a remote set");
            let pieces: Vec<&[u8]> = self.sets[self.cur].iter().map(|p| p.1.as_slice()).collect();
            let taken = d.send(&pieces).map_err(Rejection::new)?;
            if let Some(w) = if taken { self.waiting.replace(self.cur) } else { self.waiting.take() } {
                let fresh = d.receive().map_err(Rejection::new)?;
                if let Some(v) = self.t.take(&self.sets[w], &fresh) {
                    return Ok(Some(v));
                }
            }
            if taken {
                self.cur ^= 1;
                return Ok(None);
            }
            // Full: the CPU's table carries on from its fingerprints.
            let drained = match d.drain() {
                Ok(d) => d,
                // The set's copy did not fit: the search's verdict, not an abort.
                Err(crate::hashing::DrainError::Memory) => return Ok(Some(self.t.out_of_memory())),
                Err(e) => return Err(Rejection::new(e.to_string())),
            };
            if self.seen.try_make_room(&[&drained], self.t.table_cap).is_err() {
                return Ok(Some(self.t.out_of_memory()));
            }
            for f in drained {
                self.seen.insert(f);
            }
            self.remote = false;
            self.spilled = true;
        }
        // Another hasher gets the batch's keys in one piece, each padded as
        // a fingerprint hashes it; after a hand-over, this thread hashes.
        // Either way each part keeps its children's fingerprints.
        if !self.local_hash {
            let parts = &mut self.sets[self.cur];
            if self.spilled {
                for p in parts.iter_mut() {
                    let (_, keys, prints) = &mut **p;
                    fingerprints(keys, key_len, prints);
                }
            } else {
                let keys: Vec<u8> = parts.iter().flat_map(|p| p.1.chunks(key_len)).flat_map(padded).collect();
                let digests = self.hasher.hash_batch(&keys, padded_len(key_len)).map_err(Rejection::new)?;
                let mut prints = digests.iter().map(fingerprint_of);
                for p in parts.iter_mut() {
                    let n = p.0.len();
                    p.2.extend(prints.by_ref().take(n));
                }
            }
        }
        if self.threads >= PARALLEL_TAKE {
            // Many threads: they check the batch, then take it, together.
            let parts = &self.sets[self.cur];
            let prints: Vec<&[Print]> = parts.iter().map(|p| p.2.as_slice()).collect();
            // A win among the new children ends the search: that batch is
            // taken in order, by this thread.
            // Room first: a table the system cannot grow ends the search
            // with its verdict, never an abort (issue 46).
            if self.seen.try_make_room(&prints, self.t.table_cap).is_err() {
                return Ok(Some(self.t.out_of_memory()));
            }
            let checked = self.seen.insert_counted(&prints, &|pi, c| parts[pi].0[c].2, pool);
            if let Some(v) = self.t.take_parallel(parts, &checked, self.threads, pool) {
                return Ok(Some(v));
            }
        } else {
            self.pending = true;
            self.cur ^= 1;
        }
        Ok(None)
    }

    /// A layer's end: its last batch checked and taken (unless it waits for
    /// the next layer's first, `crossed`), the remote set's last answer
    /// taken, and the next layer made the current one.
    fn end_layer(&mut self, crossed: bool) -> Result<Option<Verdict>, Rejection> {
        if crossed {
            // The next layer's first batch waits to be checked, and the loop
            // over it starts at its second.
            self.skip = 1;
        } else if std::mem::take(&mut self.pending) {
            if let Some(v) = self.t.settle(&mut self.seen, &self.sets[self.cur ^ 1]) {
                return Ok(Some(v));
            }
        }
        if let Some(w) = self.waiting.take() {
            let fresh = self.hasher.dedup().expect("a remote set").receive().map_err(Rejection::new)?;
            if let Some(v) = self.t.take(&self.sets[w], &fresh) {
                return Ok(Some(v));
            }
        }
        self.t.next.finish();
        self.layer = std::mem::replace(&mut self.t.next, Layer::new(self.key_len, self.batch_size));
        self.depth += 1;
        let states = self.t.parents.len();
        let bytes = stored_bytes(states) + self.layer.bytes();
        if !(self.watch)(&Progress { states, layer: self.depth, bytes, remote: self.remote }) && !self.layer.is_empty()
        {
            return Ok(Some(Verdict::Limit { states, ran_out: Budget::Time }));
        }
        Ok(None)
    }
}

/// A copy of `s` that shares no reference-counted table with it (names are
/// interned and counted by nobody).
pub(super) fn detach(s: &State) -> State {
    use std::sync::Arc;
    let mut d = s.clone();
    d.board.leaves = Arc::new((*s.board.leaves).clone());
    d.rules = Arc::new((*s.rules).clone());
    d.read_words = s.read_words.as_ref().map(|w| Arc::new((**w).clone()));
    d.terrain = Arc::new((*s.terrain).clone());
    d.pairs = Arc::new((*s.pairs).clone());
    d.automata = Arc::new((*s.automata).clone());
    d.pair_words = Arc::new((*s.pair_words).clone());
    d.automaton_words = Arc::new((*s.automaton_words).clone());
    d
}

#[cfg(test)]
mod search_tests {
    use super::super::engine::drop_repeats;
    use super::super::taker::Expanded;

    /// A fingerprint whose window slot is `slot` (bytes 8 and 9), told
    /// apart from others in the slot by `tag`.
    fn print(slot: u16, tag: u8) -> [u8; 12] {
        let [a, b] = slot.to_le_bytes();
        [tag, 0, 0, 0, 0, 0, 0, 0, a, b, 0, tag]
    }

    /// Repeats of an earlier fingerprint in the chunk go, the rest stay in
    /// order with their own links and keys; a different fingerprint in the
    /// same slot is never taken for a repeat (it displaces the earlier one,
    /// whose next repeat then stays: the table finds it visited).
    #[test]
    fn only_a_chunks_repeats_are_dropped() {
        let (a, b, c) = (print(1, 1), print(2, 2), print(3, 3));
        let (p, q) = (print(7, 4), print(7, 5));
        let prints = [a, b, a, c, b, p, q, p, a];
        let mut e: Expanded = (Vec::new(), Vec::new(), Vec::new());
        for (i, h) in prints.iter().enumerate() {
            e.0.push((i as u32, 0, false));
            e.1.extend_from_slice(&[i as u8; 3]);
            e.2.push(*h);
        }
        drop_repeats(&mut e, 3);
        let kept = [0, 1, 3, 5, 6, 7];
        assert_eq!(e.2, kept.iter().map(|&i| prints[i]).collect::<Vec<_>>());
        assert_eq!(e.0.iter().map(|l| l.0 as usize).collect::<Vec<_>>(), kept);
        assert_eq!(e.1, kept.iter().flat_map(|&i| [i as u8; 3]).collect::<Vec<_>>());
    }
}
