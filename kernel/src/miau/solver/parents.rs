//! The parent links of every state a search has visited, in index order,
//! as runs: a search on one to three threads pushes each link onto its
//! last run; from four threads each chunk of a batch writes its new links
//! into a run of its own, on its own thread, and the runs are appended
//! whole. One flat vector would have to be grown (and its new links
//! zero-filled, its new pages faulted in) on the main thread before the
//! others could write into it: about 0.3 ms a batch at 16 threads, while
//! every other thread waited.

/// A state's link: its parent's index, and the move (above
/// `INDEX_BITS`); the start's is `u32::MAX`.
pub(super) type Link = u32;

/// The links, in runs.
pub(super) struct Parents {
    runs: Vec<Vec<Link>>,
    /// The index of each run's first link.
    starts: Vec<u64>,
    len: u64,
    /// Whether the last run takes pushes (one appended whole does not).
    open: bool,
}

impl Parents {
    /// The start's link alone.
    pub(super) fn new(start: Link) -> Parents {
        Parents { runs: vec![vec![start]], starts: vec![0], len: 1, open: true }
    }

    /// Links held (states visited).
    pub(super) fn len(&self) -> u64 {
        self.len
    }

    /// Appends a link. The last run's vector grows by exact doubling (the
    /// bound on stored bytes counts on it), by the allocator moving its
    /// pages rather than copying them.
    pub(super) fn push(&mut self, link: Link) {
        if !self.open {
            self.runs.push(Vec::new());
            self.starts.push(self.len);
            self.open = true;
        }
        let run = self.runs.last_mut().expect("a run");
        if run.len() == run.capacity() {
            run.reserve_exact(run.len().max(1));
        }
        run.push(link);
        self.len += 1;
    }

    /// Makes room for `more` pushes without aborting: the last run grows
    /// (by the same doublings [`Parents::push`] would make) through a
    /// fallible request; refused, nothing changes and the search can say
    /// `LIMIT … memory` (issue 46).
    pub(super) fn try_reserve(&mut self, more: usize) -> Result<(), super::visited::Full> {
        if !self.open {
            self.runs.try_reserve(1).map_err(|_| super::visited::Full)?;
            self.runs.push(Vec::new());
            self.starts.push(self.len);
            self.open = true;
        }
        let run = self.runs.last_mut().expect("a run");
        let mut cap = run.capacity();
        while cap < run.len() + more {
            cap += cap.max(1);
        }
        run.try_reserve_exact(cap - run.len()).map_err(|_| super::visited::Full)
    }

    /// Appends a run written elsewhere (its links follow those held).
    pub(super) fn append(&mut self, run: Vec<Link>) {
        if run.is_empty() {
            return;
        }
        self.starts.push(self.len);
        self.len += run.len() as u64;
        self.runs.push(run);
        self.open = false;
    }

    /// The runs, taken out (to be freed on several threads), leaving none.
    pub(super) fn take_runs(&mut self) -> Vec<Vec<Link>> {
        self.starts.clear();
        (self.len, self.open) = (0, false);
        std::mem::take(&mut self.runs)
    }

    /// State `i`'s link.
    pub(super) fn get(&self, i: u64) -> Link {
        let r = self.starts.partition_point(|&s| s <= i) - 1;
        self.runs[r][(i - self.starts[r]) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::Parents;

    /// Links pushed and runs appended, in any mix (empty runs included),
    /// come back by index as one vector of them would give them.
    #[test]
    fn links_come_back_by_index_across_runs() {
        let mut p = Parents::new(u32::MAX);
        let mut want = vec![u32::MAX];
        let mut next = 0u32;
        for step in 0..40u32 {
            if step % 3 == 0 {
                let run: Vec<u32> = (0..step % 7).map(|k| next + k).collect();
                next += step % 7;
                want.extend(&run);
                p.append(run);
            } else {
                for _ in 0..step % 5 + 1 {
                    p.push(next);
                    want.push(next);
                    next += 1;
                }
            }
        }
        assert_eq!(p.len(), want.len() as u64);
        let got: Vec<u32> = (0..p.len()).map(|i| p.get(i)).collect();
        assert_eq!(got, want);
    }

    /// A search on one to three threads pushes every link onto one run,
    /// which grows by exact doubling: its capacity stays the power of two
    /// at or above the links held, as `stored_bytes` counts it.
    #[test]
    fn a_pushed_run_doubles_exactly() {
        let mut p = Parents::new(u32::MAX);
        for i in 0..5_000u32 {
            p.push(i);
            let cap = p.runs[0].capacity() as u64;
            assert!(cap.is_power_of_two() && cap >= p.len() && cap < 2 * p.len().max(1), "{} links in {cap}", p.len());
        }
    }
}
