//! The breadth-first search itself: options, verdicts, expanding batches of
//! parents over threads, and walking the parent links back to the moves.

use super::super::board::{Kind, Name};
use super::super::compact::Compact;
use super::super::key::{Keyer, Readings};
use super::super::state::State;
use super::super::types::{Action, Miau, Setup};
use super::frontier::Layer;
use super::parents::Parents;
use super::taker::{Expanded, Part, Taker};
use super::threads::{drop_apart, fork, Jobs, Pool};
use super::verdict::{rule_text, stored_bytes, Budget, Options, Progress, Verdict, MAX_STATES, MOVES};
use super::visited::{Print, Visited};
use crate::game::{Game, Rejection};
use crate::hashing::{fingerprint_of, fingerprints, padded, padded_len, FrontierHasher};
use crossbeam_utils::CachePadded;
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

/// Keeps the child whose key was just written at `from` in `e`'s keys,
/// unless the key is its parent's: that state is visited already (waiting
/// often changes nothing).
pub(super) fn keep_child(e: &mut Expanded, from: usize, parent: &[u8], index: u32, m: usize, won: bool) {
    if super::frontier::same_key(&e.1[from..], parent) {
        e.1.truncate(from);
        return;
    }
    e.0.push((index, m as u8, won));
}

/// With the CPU hasher, a chunk's children's fingerprints, on the thread
/// that expanded them, sixteen keys at a time (`hashing::fingerprints`),
/// and the chunk's repeats dropped ([`drop_repeats`]).
fn hash_children(e: &mut Expanded, key_len: usize, local_hash: bool) {
    if local_hash {
        fingerprints(&e.1, key_len, &mut e.2);
        drop_repeats(e, key_len);
    }
}

/// Slots of [`drop_repeats`]'s window: 1,024 fingerprints (13 KB, in the
/// processor's first cache).
const REPEAT_SLOTS: usize = 1024;

/// Drops each child of a chunk whose fingerprint an earlier child of the
/// chunk had: the earlier one goes to the visited table first, so the
/// later one would be found visited (not new) whatever else happens, and
/// the search's answers and the new children's order are the same without
/// it. A chunk's repeats are near each other (a move and another commute
/// from siblings a few children apart: at 8 M states on the bench level a
/// fifth of all children repeat one earlier in their batch, 71 % of those
/// within 16 children), so a small window does: each fingerprint goes to
/// one slot by bits the table does not use for its home or shard, and a
/// repeat is caught while its slot still holds the earlier one. What it
/// saves is the insert's and the take's work for each repeat (not cache
/// misses: a repeat's bucket was loaded for the earlier one), taken off
/// the check, which is the main thread's with two threads; this runs on
/// the expanding threads.
fn drop_repeats(e: &mut Expanded, key_len: usize) {
    let mut window = [None::<Print>; REPEAT_SLOTS];
    let (links, keys, prints) = e;
    let mut kept = 0;
    for c in 0..prints.len() {
        let h = prints[c];
        let slot = &mut window[usize::from(u16::from_le_bytes([h[8], h[9]])) % REPEAT_SLOTS];
        if *slot == Some(h) {
            continue;
        }
        *slot = Some(h);
        if kept != c {
            links[kept] = links[c];
            prints[kept] = h;
            keys.copy_within(c * key_len..(c + 1) * key_len, kept * key_len);
        }
        kept += 1;
    }
    links.truncate(kept);
    prints.truncate(kept);
    keys.truncate(kept * key_len);
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

/// Empties a thread's children, keeping its buffers.
pub(super) fn clear(e: &mut Expanded) {
    e.0.clear();
    e.1.clear();
    e.2.clear();
}

/// Solves a level, visiting at most `max_states` states.
pub fn solve(setup: &Setup, max_states: u64, hasher: &mut dyn FrontierHasher) -> Result<Verdict, Rejection> {
    solve_with(setup, &Options { max_states, ..Options::default() }, hasher)
}

/// How many words are on the board.
pub(super) fn word_count(s: &State) -> usize {
    s.board.things.iter().filter(|t| matches!(t.kind, Kind::Word(_))).count()
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

/// [`solve_watched`] from a state in play rather than the level's start (a
/// hint from where the player stands): the moves from there, and the states
/// visited from there. A state already won needs no move.
#[expect(clippy::too_many_lines, reason = "the search loop keeps its layers, batches and threads together")]
pub fn solve_from(
    start: &State,
    opts: &Options,
    hasher: &mut dyn FrontierHasher,
    watch: &mut dyn FnMut(&Progress) -> bool,
) -> Result<Verdict, Rejection> {
    let forbid: Vec<String> =
        opts.forbid.iter().map(|r| rule_text(r)).collect::<Result<_, _>>().map_err(Rejection::new)?;
    let require: Vec<String> =
        opts.require.iter().map(|r| rule_text(r)).collect::<Result<_, _>>().map_err(Rejection::new)?;
    if require.len() > 8 {
        return Err(Rejection::new("at most 8 required rules"));
    }
    let max_states = opts.max_states;
    let formed = |s: &State, before: u8| -> u8 {
        if require.is_empty() {
            return before;
        }
        let texts = s.rules.texts();
        require.iter().enumerate().fold(before, |m, (i, r)| if texts.contains(r) { m | 1 << i } else { m })
    };
    let all_formed = if require.is_empty() { 0 } else { u8::MAX >> (8 - require.len()) };
    let same: Option<Vec<String>> = opts.same_rules.then(|| start.rules.texts());
    let banned = |s: &State| -> bool {
        if forbid.is_empty() && same.is_none() {
            return false;
        }
        let texts = s.rules.texts();
        forbid.iter().any(|r| texts.contains(r)) || same.as_ref().is_some_and(|r| *r != texts)
    };
    let start = start.clone();
    if banned(&start) {
        return Ok(Verdict::Unsolved { states: 1 });
    }
    let start_mask = formed(&start, 0);
    if start.won && start_mask == all_formed {
        return Ok(Verdict::Solved { moves: Vec::new(), states: 1 });
    }
    let words_at_start = word_count(&start);
    if start.won {
        return Ok(Verdict::Solved { moves: Vec::new(), states: 1 });
    }
    let keyer = Keyer::new(&start);
    let key_len = keyer.len() + 1;
    let mut key = Vec::with_capacity(key_len);
    keyer.key(&start, &mut key);
    key.push(start_mask);
    // With many threads the table is filled by all of them at once, a shard
    // each; with fewer, by this thread alone while the others expand.
    let threads = opts.threads.max(1) as usize;
    let mut seen = Visited::new(if threads >= PARALLEL_TAKE { threads } else { 1 });
    // A hasher with a visited set of its own (the GPU's) is sent each batch's
    // keys and answers one bit a key; it is "remote" until it is full, and
    // then the CPU's table carries on from its fingerprints ("spilled": the
    // keys are then hashed here).
    let mut remote = false;
    let mut spilled = false;
    if let Some(d) = hasher.dedup() {
        d.begin(key_len).map_err(Rejection::new)?;
        remote = d.send(&[&key]).map_err(Rejection::new)?;
        if remote {
            d.receive().map_err(Rejection::new)?;
        }
        spilled = !remote;
    }
    if !remote {
        let mut first = Vec::new();
        fingerprints(&key, key_len, &mut first);
        seen.insert(first[0]);
    }
    let max_states = max_states.min(MAX_STATES);
    let batch_size = if opts.batch == 0 { default_batch(opts.threads.max(1)) } else { opts.batch } as usize;
    let mut t = Taker {
        // State i's link: parent index | move << 29; index 0 is the start.
        parents: Parents::new(u32::MAX),
        next: Layer::new(key_len, batch_size),
        key_len,
        all_formed,
        max_states,
    };
    // The layer is kept as keys (key_len bytes each, the last the required-rule
    // mask) with each state's index, each key as its differences from the
    // one before (`frontier.rs`); its states are rebuilt from the keys to
    // expand them, so the frontier costs a few bytes a state, not whole states.
    let mut layer = Layer::new(key_len, batch_size);
    layer.push(0, &key);
    // One chunk's children, in layer order: (parent, move, won) and their keys.
    // A template (the start state and the nouns) per thread: states share
    // their rule set and tables by reference counts, and threads sharing one
    // count would fight over its cache line.
    let local_hash = hasher.is_cpu_blake3();
    // Each thread's children go into its own buffers, kept from batch to
    // batch: a fresh large vector a batch is a fresh mapping, and unmapping
    // it stops every other thread to flush its address translations.
    let expand = |e: &mut Expanded, start: &State, nouns: &[Name], ids: &[u32], keys: &[u8]| {
        clear(e);
        let mut readings = Readings::new();
        // One parent and one child, rebuilt in place for every state: no
        // state is allocated per node.
        let mut s = start.clone();
        let mut t = start.clone();
        for (index, key) in ids.iter().zip(keys.chunks(key_len)) {
            keyer.decode(&mut s, start, nouns, key, &mut readings);
            let mask = key[key_len - 1];
            for (m, a) in MOVES.iter().enumerate() {
                t.reset_from(&s);
                // HANDS-OFF: the player's own push may never move a word (an automaton's may).
                let mut pushed = false;
                if Miau::apply_in_place(&mut t, a, opts.hands_off.then_some(&mut pushed)).is_err() || banned(&t) {
                    continue;
                }
                if opts.no_word_loss && word_count(&t) < words_at_start {
                    continue;
                }
                if pushed {
                    continue;
                }
                let mask = formed(&t, mask);
                let from = e.1.len();
                keyer.key(&t, &mut e.1);
                e.1.push(mask);
                keep_child(e, from, key, *index, m, t.won);
            }
        }
        hash_children(e, key_len, local_hash);
    };
    // The solver's own compact state, where the level allows it: stepped in
    // place and taken back with undo, the same keys as the game's state gives.
    let level = if opts.general {
        None
    } else {
        super::super::compact::Level::new(&start, &keyer, &forbid, &require, same.as_deref())
    };
    let expand_fast = |e: &mut Expanded, c: &mut Compact, ids: &[u32], keys: &[u8]| {
        clear(e);
        for (index, key) in ids.iter().zip(keys.chunks(key_len)) {
            c.decode(key);
            let mask = key[key_len - 1];
            // A wait that would change nothing gives the parent again (the
            // comparison below would drop it): not even tried.
            let idle = *index != 0 && c.wait_is_idle();
            for (m, a) in MOVES.iter().enumerate() {
                if idle && *a == Action::Wait {
                    continue;
                }
                let mark = c.mark();
                let mut pushed = false;
                // Taken, and within the constraints: no forbidden rule, no word lost, no word pushed by the player.
                let taken = c.apply(a.delta(), &mut pushed);
                let keep = taken
                    && !c.banned()
                    && (!opts.no_word_loss || c.words() >= words_at_start)
                    && (!opts.hands_off || !pushed);
                if keep {
                    // A child that is its parent (waiting often changes
                    // nothing) is visited already: a wait's is compared
                    // before it is copied. A move that was taken moved some
                    // keyed thing, so its child is nearly never its parent
                    // (an automaton could move it back): not compared, and
                    // such a child is found visited by the table.
                    let formed = mask | c.formed();
                    let won = c.won();
                    let child = c.key_bytes();
                    if formed != mask || *a != Action::Wait || !super::frontier::same_key(child, &key[..key_len - 1]) {
                        e.1.extend_from_slice(child);
                        e.1.push(formed);
                        e.0.push((*index, m as u8, won));
                    }
                }
                c.undo(mark);
            }
        }
        hash_children(e, key_len, local_hash);
    };
    // Each thread's compact state on cache lines of its own: they are written
    // all the time, and two threads writing one line would take turns at it.
    let mut compacts: Vec<CachePadded<Compact>> =
        level.iter().flat_map(|l| (0..threads).map(move |_| CachePadded::new(Compact::new(l)))).collect();
    if let Some(c) = compacts.first() {
        debug_assert_eq!(c.key_len() + 1, key_len, "the compact key is the solver's key");
    }
    let templates: Vec<(State, Vec<Name>)> = if threads > 1 && compacts.is_empty() {
        (0..threads).map(|_| (detach(&start), keyer.nouns.clone())).collect()
    } else {
        Vec::new()
    };
    // Two sets of each thread's children: one batch is expanded while the
    // one before is checked (by a remote set) or taken (after the CPU's table).
    let new_parts = || -> Vec<Part> {
        (0..threads * CHUNKS_PER_THREAD).map(|_| CachePadded::new((Vec::new(), Vec::new(), Vec::new()))).collect()
    };
    let mut sets: [Vec<Part>; 2] = [new_parts(), new_parts()];
    let mut cur = 0;
    // The set whose batch the remote set is checking.
    let mut waiting: Option<usize> = None;
    // Whether the set before `cur` holds a batch not yet checked by the
    // CPU's table: its fingerprints go in and its new children are taken
    // by this thread while the others expand the next batch (then this
    // thread expands too).
    let mut pending = false;
    let mut depth = 0u32;
    // Two batches decoded: the one being expanded, and the next, decoded
    // meanwhile by a thread out of chunks, or by this one after its check
    // (`ready`: `decoded[now]` holds it already).
    let mut decoded: [(Vec<u32>, Vec<u8>); 2] = Default::default();
    let (mut now, mut ready) = (0, false);
    // Batches of the layer expanded already: its first, when it was expanded
    // while the last batch of the layer before was checked and taken.
    let mut skip = 0;
    // With four threads and more, one pool of threads serves the whole
    // search (`threads.rs`); with fewer, each batch starts its helpers.
    let mut search = |pool: Option<&Pool>| -> Result<Verdict, Rejection> {
        let verdict = (|| -> Result<Verdict, Rejection> {
            while !layer.is_empty() {
                // The layer goes in batches (so the children waiting to be hashed stay
                // few), each split into fixed chunks in layer order, one a thread: the
                // children's order never depends on timing.
                let layer_bytes = layer.bytes();
                let batches = layer.batches();
                // One step past the last batch (`crossing`), where the
                // layer's last batch waits to be checked and the next
                // layer's first is decoded already: that one is expanded
                // meanwhile, rather than the check running alone between
                // the layers (the check pushes into the next layer, whose
                // first batch is settled: `Layer::first_batch`).
                let mut crossed = false;
                for bi in std::mem::take(&mut skip)..=batches.len() {
                    let crossing = bi == batches.len();
                    if crossing && !(pending && ready) {
                        break;
                    }
                    crossed = crossing;
                    if !std::mem::take(&mut ready) {
                        let (ids, keys) = &mut decoded[now];
                        layer.decode_blocks(batches[bi].clone(), ids, keys);
                    }
                    let [d0, d1] = &mut decoded;
                    let ((ids, keys), (next_ids, next_keys)) = if now == 0 { (&*d0, d1) } else { (&*d1, d0) };
                    let (batch, batch_keys) = (ids.as_slice(), keys.as_slice());
                    let states = t.parents.len();
                    let next_bytes = t.next.bytes();
                    let bytes = stored_bytes(states) + layer_bytes + next_bytes;
                    if !watch(&Progress { states, layer: depth, bytes, remote }) {
                        return Ok(Verdict::Limit { states, ran_out: Budget::Time });
                    }
                    let [a, b] = &mut sets;
                    let (parts, before) = if cur == 0 { (a, &*b) } else { (b, &*a) };
                    if opts.max_bytes > 0 {
                        // The worst case after this batch: every parent has five new
                        // children, each growing vector reallocates (old and new held).
                        let waits = if pending { before.iter().map(|p| p.0.len()).sum() } else { 0 };
                        let grown = states + waits as u64 + 5 * batch.len() as u64;
                        let keys = 5 * batch.len() * key_len;
                        let held = stored_bytes(grown) * 3 / 2
                            + layer_bytes
                            + next_bytes
                            + (keys + 4 * 5 * batch.len()) as u64 * 2
                            + (5 * batch.len() * (key_len + 32)) as u64;
                        if held > opts.max_bytes {
                            return Ok(Verdict::Limit { states, ran_out: Budget::Memory });
                        }
                    }
                    // Each thread's children stay in its own vectors (no copying them
                    // together); their order is the parts' order.
                    parts.iter_mut().for_each(|p| clear(p));
                    let mut verdict = None;
                    if threads == 1 || batch.len() < 64 {
                        if std::mem::take(&mut pending) {
                            if let Some(v) = t.settle(&mut seen, before) {
                                return Ok(v);
                            }
                        }
                        match compacts.first_mut() {
                            Some(c) => expand_fast(&mut parts[0], c, batch, batch_keys),
                            None => expand(&mut parts[0], &start, &keyer.nouns, batch, batch_keys),
                        }
                    } else {
                        // Fixed chunks in layer order (their children keep that order
                        // whoever expands them), a few a thread, taken in turn by
                        // whichever thread is free: a slow chunk does not hold the others.
                        let size = batch.len().div_ceil(threads * CHUNKS_PER_THREAD);
                        let work =
                            Mutex::new(batch.chunks(size).zip(batch_keys.chunks(size * key_len)).zip(parts.iter_mut()));
                        let next_chunk = || work.lock().map_or(None, |mut w| w.next());
                        let settle = std::mem::take(&mut pending);
                        let (mine, others) = match compacts.split_first_mut() {
                            Some((c, rest)) => (Some(c), rest),
                            None => (None, &mut [][..]),
                        };
                        // The other threads expand from the start; this one first
                        // checks and takes the batch before.
                        let (next_chunk, expand, expand_fast) = (&next_chunk, &expand, &expand_fast);
                        let mut jobs: Jobs<'_> = Vec::new();
                        // The next batch is decoded meanwhile. This layer's
                        // next is decoded by whichever thread runs out of
                        // chunks first (the main thread's check is the longest
                        // part of a batch with few threads); after the layer's
                        // last batch the next layer's first is decoded by this
                        // thread once the batch before is taken, if blocks past
                        // it have begun (later children cannot change it),
                        // rather than alone between the layers.
                        let in_layer = batches.get(bi + 1).cloned();
                        ready = in_layer.is_some();
                        let next_bufs = Mutex::new((in_layer, &mut *next_ids, &mut *next_keys));
                        let layer = &layer;
                        let decode_next = || {
                            let mut bufs = next_bufs.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                            let (range, ids, keys) = &mut *bufs;
                            if let Some(r) = range.take() {
                                layer.decode_blocks(r, ids, keys);
                            }
                        };
                        let decode_next = &decode_next;
                        if mine.is_none() {
                            for (start, nouns) in templates.iter().skip(1) {
                                jobs.push(Box::new(move || {
                                    while let Some(((ids, keys), e)) = next_chunk() {
                                        expand(e, start, nouns, ids, keys);
                                    }
                                    decode_next();
                                }));
                            }
                        }
                        for c in others.iter_mut() {
                            jobs.push(Box::new(move || {
                                while let Some(((ids, keys), e)) = next_chunk() {
                                    expand_fast(e, c, ids, keys);
                                }
                                decode_next();
                            }));
                        }
                        fork(pool, jobs, || {
                            if settle {
                                verdict = t.settle(&mut seen, before);
                            }
                            if !ready && verdict.is_none() {
                                // Crossing, the next layer is whole once the
                                // batch before is taken: its second batch is next.
                                let next =
                                    if crossing { t.next.batches().get(1).cloned() } else { t.next.first_batch() };
                                if let Some(r) = next {
                                    let mut bufs = next_bufs.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                                    let (_, ids, keys) = &mut *bufs;
                                    t.next.decode_blocks(r, ids, keys);
                                    ready = true;
                                }
                            }
                            match mine {
                                Some(c) => {
                                    while let Some(((ids, keys), e)) = next_chunk() {
                                        expand_fast(e, c, ids, keys);
                                    }
                                }
                                None => {
                                    let (start, nouns) = &templates[0];
                                    while let Some(((ids, keys), e)) = next_chunk() {
                                        expand(e, start, nouns, ids, keys);
                                    }
                                }
                            }
                            decode_next();
                        });
                    }
                    if let Some(v) = verdict {
                        return Ok(v);
                    }
                    if ready {
                        now ^= 1;
                    }
                    if sets[cur].iter().all(|p| p.0.is_empty()) {
                        continue;
                    }
                    if remote {
                        // Sent; the batch before is taken while the GPU checks this
                        // one, and the next is expanded into the other set.
                        let d = hasher.dedup().expect("a remote set");
                        let pieces: Vec<&[u8]> = sets[cur].iter().map(|p| p.1.as_slice()).collect();
                        let taken = d.send(&pieces).map_err(Rejection::new)?;
                        if let Some(w) = if taken { waiting.replace(cur) } else { waiting.take() } {
                            let fresh = d.receive().map_err(Rejection::new)?;
                            if let Some(v) = t.take(&sets[w], &fresh) {
                                return Ok(v);
                            }
                        }
                        if taken {
                            cur ^= 1;
                            continue;
                        }
                        // Full: the CPU's table carries on from its fingerprints.
                        for f in d.drain().map_err(Rejection::new)? {
                            seen.insert(f);
                        }
                        remote = false;
                        spilled = true;
                    }
                    // Another hasher gets the batch's keys in one piece, each padded
                    // as a fingerprint hashes it; after a hand-over, this thread
                    // hashes. Either way each part keeps its children's fingerprints.
                    if !local_hash {
                        let parts = &mut sets[cur];
                        if spilled {
                            for p in parts.iter_mut() {
                                let (_, keys, prints) = &mut **p;
                                fingerprints(keys, key_len, prints);
                            }
                        } else {
                            let keys: Vec<u8> =
                                parts.iter().flat_map(|p| p.1.chunks(key_len)).flat_map(padded).collect();
                            let digests = hasher.hash_batch(&keys, padded_len(key_len)).map_err(Rejection::new)?;
                            let mut prints = digests.iter().map(fingerprint_of);
                            for p in parts.iter_mut() {
                                let n = p.0.len();
                                p.2.extend(prints.by_ref().take(n));
                            }
                        }
                    }
                    if threads >= PARALLEL_TAKE {
                        // Many threads: they check the batch, then take it, together.
                        let parts = &sets[cur];
                        let prints: Vec<&[Print]> = parts.iter().map(|p| p.2.as_slice()).collect();
                        // A win among the new children ends the search: that batch
                        // is taken in order, by this thread.
                        let checked = seen.insert_counted(&prints, &|pi, c| parts[pi].0[c].2, pool);
                        if let Some(v) = t.take_parallel(parts, &checked, threads, pool) {
                            return Ok(v);
                        }
                    } else {
                        pending = true;
                        cur ^= 1;
                    }
                }
                if crossed {
                    // The next layer's first batch waits to be checked, and
                    // the loop over it starts at its second.
                    skip = 1;
                } else if std::mem::take(&mut pending) {
                    if let Some(v) = t.settle(&mut seen, &sets[cur ^ 1]) {
                        return Ok(v);
                    }
                }
                if let Some(w) = waiting.take() {
                    let fresh = hasher.dedup().expect("a remote set").receive().map_err(Rejection::new)?;
                    if let Some(v) = t.take(&sets[w], &fresh) {
                        return Ok(v);
                    }
                }
                t.next.finish();
                layer = std::mem::replace(&mut t.next, Layer::new(key_len, batch_size));
                depth += 1;
                let states = t.parents.len();
                let bytes = stored_bytes(states) + layer.bytes();
                if !watch(&Progress { states, layer: depth, bytes, remote }) && !layer.is_empty() {
                    return Ok(Verdict::Limit { states, ran_out: Budget::Time });
                }
            }
            Ok(Verdict::Unsolved { states: t.parents.len() })
        })();
        // A large search ends holding many blocks (the table's shards, each
        // thread's readings, the children's buffers, the link runs, the
        // layers' blocks); freeing them is work of its own (57-62 ms at 8 M
        // states and 16 threads here). This thread unmaps the table's
        // shards while the pool's threads free the rest. Not with two or
        // three threads: threads started for it made it slower here (30-32
        // ms against 24-26 ms on this thread alone).
        if threads >= PARALLEL_TAKE {
            let mut rest: Vec<Box<dyn Send + '_>> = Vec::new();
            rest.extend(std::mem::take(&mut compacts).into_iter().map(|c| Box::new(c) as Box<dyn Send>));
            rest.extend(sets.iter_mut().flat_map(std::mem::take).map(|p| Box::new(p) as Box<dyn Send>));
            // The link runs and the layers' blocks are thousands of small
            // blocks: one thread frees each kind, rather than this thread
            // boxing every one of them to share them out.
            rest.push(Box::new(t.parents.take_runs()));
            rest.push(Box::new((layer.take_blocks(), t.next.take_blocks())));
            drop_apart(pool, threads, std::mem::take(&mut seen.shards), rest);
        }
        verdict
    };
    if threads >= PARALLEL_TAKE {
        rayon_core::ThreadPoolBuilder::new()
            .num_threads(threads - 1)
            .thread_name(|i| format!("miau-solver-{}", i + 1))
            .build_scoped(|thread| thread.run(), |pool| search(Some(pool)))
            .map_err(|e| Rejection::new(format!("the solver could not start its {threads} threads: {e}")))?
    } else {
        search(None)
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
    use super::{drop_repeats, Expanded};

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
