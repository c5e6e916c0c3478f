//! Taking a batch's children after the visited set's check: each new child's
//! parent link, the next layer's keys, and the search's end at a win or at
//! the states' budget, on one thread or on many.

use super::frontier::Layer;
use super::parents::Parents;
use super::threads::{each, Pool};
use super::verdict::{Budget, Verdict, INDEX_BITS, MOVES};
use super::visited::Print;
use super::visited::{Checked, Visited};
use crossbeam_utils::CachePadded;

/// A chunk's children in order: (parent index, move, won), their keys, and
/// (with the CPU hasher) their fingerprints.
pub(super) type Expanded = (Vec<(u32, u8, bool)>, Vec<u8>, Vec<Print>);

/// A chunk's children as the threads keep them: each on cache lines of its
/// own, so one thread growing its vectors never invalidates the line
/// another thread is writing its own vectors' lengths in.
pub(super) type Part = CachePadded<Expanded>;

/// A state's parent link: its parent's index, and the move from there above.
pub(super) fn link(parent: u32, m: u8) -> u32 {
    parent | u32::from(m) << INDEX_BITS
}

/// What the search keeps as it takes each batch's children: the parent
/// links of every state visited, and the next layer.
pub(super) struct Taker {
    pub(super) parents: Parents,
    pub(super) next: Layer,
    pub(super) key_len: usize,
    pub(super) all_formed: u8,
    pub(super) max_states: u64,
    /// The most bytes a visited shard may grow to (`u64::MAX`: the
    /// system's say only).
    pub(super) table_cap: u64,
}

impl Taker {
    /// The verdict when the system refuses the memory a table needs: the
    /// states reached so far, out of memory (issue 46).
    pub(super) fn out_of_memory(&self) -> Verdict {
        Verdict::Limit { states: self.parents.len(), ran_out: Budget::Memory }
    }

    /// Checks a batch against the CPU's table (its parts' fingerprints, in
    /// order) and takes its new children.
    pub(super) fn settle(&mut self, seen: &mut Visited, parts: &[Part]) -> Option<Verdict> {
        let prints: Vec<&[Print]> = parts.iter().map(|p| p.2.as_slice()).collect();
        // Room first: a table the system cannot grow ends the search with
        // its verdict, never an abort (issue 46).
        if seen.try_make_room(&prints, self.table_cap).is_err() {
            return Some(self.out_of_memory());
        }
        let fresh = seen.insert_all(&prints);
        self.take(parts, &fresh)
    }

    /// [`Taker::take`] by `workers` threads: each chunk's new children get
    /// their indices from the counts before it (counted by the inserting
    /// threads, so nothing scans the batch here; the order is the serial
    /// one), and each chunk writes its parent links into its own slice and
    /// encodes its new states as a piece of the next layer. A batch in which
    /// the search may end (a new child that has won, or the states' budget
    /// reached) is taken serially.
    pub(super) fn take_parallel(
        &mut self,
        parts: &[Part],
        checked: &Checked,
        workers: usize,
        pool: Option<&Pool>,
    ) -> Option<Verdict> {
        let key_len = self.key_len;
        let base = self.parents.len();
        let total: u64 = checked.counts.iter().map(|&n| u64::from(n)).sum();
        // A win among the new children: taken in order, where the search
        // stops exactly where it would alone.
        if checked.ends {
            return self.take(parts, &checked.all());
        }
        // The states' budget reached with no new win: taken in order, the
        // search would stop on the new child that makes `max_states`
        // states, with nothing else to say, so nothing is taken (on the
        // main thread alone, that cost some 10-25 ms at 16 threads).
        if base + total >= self.max_states {
            return Some(Verdict::Limit { states: self.max_states, ran_out: Budget::States });
        }
        let counts = &checked.counts;
        // Each chunk's first index.
        let firsts: Vec<u32> = counts
            .iter()
            .scan(base as u32, |next, &n| {
                let first = *next;
                *next += n;
                Some(first)
            })
            .collect();
        let per = parts.len().div_ceil(workers.max(1)).max(1);
        // Each chunk's new links (a run of its own, written on the thread
        // that takes the chunk) and its new states (a piece of the next layer).
        // A chunk whose memory the system refuses is `None`: the search
        // then ends with `LIMIT … memory` (issue 46).
        let taken: Vec<Option<(Vec<u32>, Layer)>> = each(pool, parts.len().div_ceil(per), |w| {
            let mut out = Vec::with_capacity(per);
            for (i, p) in parts.iter().enumerate().skip(w * per).take(per) {
                let fresh = checked.piece(i);
                let mut links = Vec::new();
                if links.try_reserve_exact(counts[i] as usize).is_err() {
                    out.push(None);
                    continue;
                }
                let mut piece = Layer::new(key_len, usize::MAX);
                let mut room = true;
                for (c, &(parent, m, won)) in p.0.iter().enumerate() {
                    if !fresh[c] {
                        continue;
                    }
                    debug_assert!(!won, "a batch with a new win is taken in order above");
                    let key = &p.1[c * key_len..(c + 1) * key_len];
                    if piece.try_push(firsts[i] + links.len() as u32, key).is_err() {
                        room = false;
                        break;
                    }
                    links.push(link(parent, m));
                }
                // Closed here (its spare capacity given back), not by the
                // main thread appending it.
                piece.finish();
                out.push(room.then_some((links, piece)));
            }
            out
        })
        .into_iter()
        .flatten()
        .collect();
        if taken.iter().any(Option::is_none) {
            return Some(self.out_of_memory());
        }
        let taken = taken.into_iter().flatten();
        for (links, piece) in taken {
            self.parents.append(links);
            self.next.append(piece);
        }
        None
    }

    /// Takes a batch's children in order, with whether each was new; the
    /// verdict when the search ends on one of them (a win, or the states'
    /// budget).
    pub(super) fn take(&mut self, parts: &[Part], fresh: &[bool]) -> Option<Verdict> {
        let key_len = self.key_len;
        // Room for the new links first, fallibly (issue 46).
        if self.parents.try_reserve(fresh.iter().filter(|&&n| n).count()).is_err() {
            return Some(self.out_of_memory());
        }
        let children = parts.iter().flat_map(|p| p.0.iter().copied().zip(p.1.chunks(key_len)));
        for (((parent, m, won), key), &new) in children.zip(fresh) {
            if !new {
                continue;
            }
            let parents = &mut self.parents;
            let idx = parents.len() as u32;
            parents.push(link(parent, m));
            let mask = key[key_len - 1];
            if won && mask != self.all_formed {
                continue; // A win that skipped a required rule is a dead end.
            }
            if won {
                let mut moves = Vec::new();
                let mut at = idx;
                while at != 0 {
                    let link = parents.get(u64::from(at));
                    moves.push(MOVES[(link >> INDEX_BITS) as usize]);
                    at = link & ((1 << INDEX_BITS) - 1);
                }
                moves.reverse();
                return Some(Verdict::Solved { moves, states: parents.len() });
            }
            if parents.len() >= self.max_states {
                return Some(Verdict::Limit { states: parents.len(), ran_out: Budget::States });
            }
            if self.next.try_push(idx, key).is_err() {
                return Some(self.out_of_memory());
            }
        }
        None
    }
}
