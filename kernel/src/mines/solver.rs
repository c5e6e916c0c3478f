//! The exact solution counter and the propagation gap.
//!
//! `count_solutions` splits the unknown cells into connected components
//! (union-find over clues that share unknowns), solves each with forced-move
//! propagation and branching on the tightest unsolved clue, caps each at
//! [`NODE_CAP`] search nodes (reported, never guessed), lets every unknown that
//! touches no clue double the count, and multiplies the components, capped at
//! the limit.

use super::field::Puzzle;

/// Search nodes allowed per component before giving up on it.
pub const NODE_CAP: u64 = 300_000;

/// The result of counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly this many solutions (below the limit).
    Exact(u64),
    /// At least the limit.
    Limit,
    /// A component ran out of search nodes: no answer.
    NodeCap,
    /// The caller stopped the count (its time ran out): no answer.
    Stopped,
}

impl Count {
    /// True only for exactly one solution.
    pub fn is_unique(self) -> bool {
        self == Count::Exact(1)
    }
}

const UNSET: i8 = -1;

/// One connected component's constraint system, in flat (CSR) arrays so that
/// building one costs a handful of allocations.
struct Component {
    /// Number of variables (unknown cells).
    vars: usize,
    /// Each clue's number.
    clue_n: Vec<i32>,
    /// Each clue's cell in the puzzle.
    clue_cell: Vec<u32>,
    /// Clue k's variables are `clue_var[clue_off[k]..clue_off[k + 1]]` (local indices).
    clue_off: Vec<u32>,
    clue_var: Vec<u32>,
    /// Variable v's clues are `var_clue[var_off[v]..var_off[v + 1]]`.
    var_off: Vec<u32>,
    var_clue: Vec<u32>,
    /// Variable v is the puzzle's cell `cells[v]`.
    cells: Vec<u32>,
}

impl Component {
    fn clues(&self) -> usize {
        self.clue_n.len()
    }
    fn clue_vars(&self, k: usize) -> &[u32] {
        &self.clue_var[self.clue_off[k] as usize..self.clue_off[k + 1] as usize]
    }
    fn var_clues(&self, v: usize) -> &[u32] {
        &self.var_clue[self.var_off[v] as usize..self.var_off[v + 1] as usize]
    }
}

/// Parts at least this big branch in their middle layer.
const MIDDLE_FROM: usize = 24;

/// A part: `scope[lo..hi]`, its variables in breadth-first order from the
/// first; `scope[mid_lo..mid_hi]` is the layer halfway to the farthest, where
/// a part of [`MIDDLE_FROM`] or more variables branches, so that it soon
/// falls apart into halves; smaller parts branch anywhere.
#[derive(Clone, Copy)]
struct Part {
    lo: u32,
    hi: u32,
    mid_lo: u32,
    mid_hi: u32,
}

struct Search<'a> {
    comp: &'a Component,
    value: Vec<i8>,
    mines: Vec<i32>,
    unset: Vec<i32>,
    trail: Vec<u32>,
    /// Clues to re-examine in `propagate`, filled by `set`.
    queue: Vec<u32>,
    queued: Vec<bool>,
    nodes: u64,
    cap: u64,
    /// Variable lists of the parts being searched, a stack of ranges.
    scope: Vec<u32>,
    /// The parts being searched (ranges of `scope`), a stack.
    parts: Vec<Part>,
    /// `seen[v] == stamp`: v already belongs to a part in this split.
    seen: Vec<u32>,
    /// A variable's distance from its part's first variable, in the split.
    depth: Vec<u32>,
    /// `clue_seen[k] == stamp`: clue k is already in a part's key.
    clue_seen: Vec<u32>,
    stamp: u32,
    /// The value each variable tries first: the known solution's when guided.
    prefer: Vec<i8>,
    /// Whether `prefer` is a solution of the component.
    guided: bool,
    /// When parts met inside the search are remembered: a part's key → its
    /// count and the limit it was counted up to.
    cache: Option<std::collections::BTreeMap<[u8; 32], (u64, u64)>>,
}

impl<'a> Search<'a> {
    fn new(comp: &'a Component, cap: u64) -> Self {
        Search {
            comp,
            value: vec![UNSET; comp.vars],
            mines: vec![0; comp.clues()],
            unset: (0..comp.clues()).map(|k| comp.clue_vars(k).len() as i32).collect(),
            trail: Vec::new(),
            queue: (0..comp.clues() as u32).collect(),
            queued: vec![true; comp.clues()],
            nodes: 0,
            cap,
            scope: Vec::new(),
            parts: Vec::new(),
            seen: vec![0; comp.vars],
            depth: vec![0; comp.vars],
            clue_seen: vec![0; comp.clues()],
            stamp: 0,
            prefer: vec![1; comp.vars],
            guided: false,
            cache: None,
        }
    }

    /// A search that tries a known solution's value first at every branch:
    /// it reaches that solution without backtracking, and its search for a
    /// second one stays near where it leaves the known one.
    fn guided(comp: &'a Component, cap: u64, mines: &[bool]) -> Self {
        let mut s = Search::new(comp, cap);
        s.prefer = comp.cells.iter().map(|&i| i8::from(mines[i as usize])).collect();
        s.guided = true;
        s
    }

    /// Sets a variable; false on a contradiction (the assignment stays on the trail).
    fn set(&mut self, v: u32, val: i8) -> bool {
        self.value[v as usize] = val;
        self.trail.push(v);
        let mut ok = true;
        for &k in self.comp.var_clues(v as usize) {
            let ku = k as usize;
            self.unset[ku] -= 1;
            self.mines[ku] += i32::from(val);
            let need = self.comp.clue_n[ku] - self.mines[ku];
            if need < 0 || need > self.unset[ku] {
                ok = false;
            }
            if !self.queued[ku] {
                self.queued[ku] = true;
                self.queue.push(k);
            }
        }
        ok
    }

    fn undo_to(&mut self, len: usize) {
        while self.trail.len() > len {
            let v = self.trail.pop().expect("trail longer than len") as usize;
            let val = self.value[v];
            for &k in self.comp.var_clues(v) {
                self.unset[k as usize] += 1;
                self.mines[k as usize] -= i32::from(val);
            }
            self.value[v] = UNSET;
        }
    }

    /// Forced moves to a fixpoint: need 0 → the rest are safe, need = unset → the rest are mines.
    /// Examines the queued clues; `set` queues the clues of every variable it sets.
    fn propagate(&mut self) -> bool {
        while let Some(k) = self.queue.pop() {
            let k = k as usize;
            self.queued[k] = false;
            if self.unset[k] == 0 {
                continue;
            }
            let need = self.comp.clue_n[k] - self.mines[k];
            let val = if need == 0 {
                0
            } else if need == self.unset[k] {
                1
            } else {
                continue;
            };
            let comp = self.comp;
            for &v in comp.clue_vars(k) {
                if self.value[v as usize] == UNSET && !self.set(v, val) {
                    self.clear_queue();
                    return false;
                }
            }
        }
        true
    }

    fn clear_queue(&mut self) {
        for k in self.queue.drain(..) {
            self.queued[k as usize] = false;
        }
    }

    /// Counts the solutions of the whole component, up to `limit`; `None` at the node cap.
    fn count(&mut self, limit: u64) -> Option<u64> {
        self.scope = (0..self.comp.vars as u32).collect();
        let whole = Part { lo: 0, hi: self.comp.vars as u32, mid_lo: 0, mid_hi: 0 };
        let on_path = self.guided;
        self.count_scope(whole, limit, on_path)
    }

    /// Counts the assignments of the unset variables of `part`, up to
    /// `limit`; `None` at the node cap.
    ///
    /// After propagation the unset variables fall apart into parts that no
    /// open clue links (dynamic decomposition): their counts multiply, so a
    /// long component that a few decisions cut into pieces costs the sum of
    /// the pieces' searches, not their product. A big part branches on its
    /// middle layer until every variable there is set, and only then splits
    /// again: the layer is what cuts it in two, and splitting after each of
    /// its decisions would cost a pass over the part for nothing.
    ///
    /// `on_path`: every value set so far is the known solution's (a guided
    /// search), so the known solution is among those counted.
    fn count_scope(&mut self, part: Part, limit: u64, on_path: bool) -> Option<u64> {
        self.nodes += 1;
        if self.nodes > self.cap {
            return None;
        }
        if on_path && limit <= 1 {
            return Some(1);
        }
        let mark = self.trail.len();
        if !self.propagate() {
            self.undo_to(mark);
            return Some(0);
        }
        let layer = part.mid_lo as usize..part.mid_hi as usize;
        if self.scope[layer].iter().any(|&v| self.value[v as usize] == UNSET) {
            let result = self.branch(part, limit, on_path);
            self.undo_to(mark);
            return result;
        }
        let (scope_base, parts_base) = (self.scope.len(), self.parts.len());
        self.split(part.lo as usize, part.hi as usize);
        let result = match self.parts.len() - parts_base {
            0 => Some(1),
            1 => self.branch(self.parts[parts_base], limit, on_path),
            _ => self.multiply(parts_base, limit, on_path),
        };
        self.scope.truncate(scope_base);
        self.parts.truncate(parts_base);
        self.undo_to(mark);
        result
    }

    /// What decides a guided search of the part `scope[lo..hi]`: its cells
    /// in order with the known solution's value, then each open clue that
    /// touches it (in the order the search meets them) with its cell and
    /// remaining need, as a BLAKE3 digest.
    fn part_key(&mut self, lo: usize, hi: usize) -> [u8; 32] {
        let comp = self.comp;
        let mut h = blake3::Hasher::new();
        h.update(&((hi - lo) as u32).to_le_bytes());
        for idx in lo..hi {
            let v = self.scope[idx] as usize;
            h.update(&comp.cells[v].to_le_bytes());
            h.update(&[self.prefer[v] as u8]);
        }
        self.stamp += 1;
        for idx in lo..hi {
            for &k in comp.var_clues(self.scope[idx] as usize) {
                let k = k as usize;
                if self.clue_seen[k] != self.stamp {
                    self.clue_seen[k] = self.stamp;
                    h.update(&comp.clue_cell[k].to_le_bytes());
                    h.update(&(comp.clue_n[k] - self.mines[k]).to_le_bytes());
                }
            }
        }
        *h.finalize().as_bytes()
    }

    /// Appends the unset variables of `scope[lo..hi]` to `scope`, part by
    /// part (breadth-first through open clues, in scope order), and each
    /// part's range to `parts`.
    fn split(&mut self, lo: usize, hi: usize) {
        self.stamp += 1;
        let comp = self.comp;
        for idx in lo..hi {
            let v = self.scope[idx];
            if self.value[v as usize] != UNSET || self.seen[v as usize] == self.stamp {
                continue;
            }
            let start = self.scope.len();
            self.seen[v as usize] = self.stamp;
            self.depth[v as usize] = 0;
            self.scope.push(v);
            let mut head = start;
            while head < self.scope.len() {
                let u = self.scope[head] as usize;
                head += 1;
                let d = self.depth[u] + 1;
                for &k in comp.var_clues(u) {
                    if self.clue_seen[k as usize] == self.stamp {
                        continue;
                    }
                    self.clue_seen[k as usize] = self.stamp;
                    for &w in comp.clue_vars(k as usize) {
                        if self.value[w as usize] == UNSET && self.seen[w as usize] != self.stamp {
                            self.seen[w as usize] = self.stamp;
                            self.depth[w as usize] = d;
                            self.scope.push(w);
                        }
                    }
                }
            }
            let end = self.scope.len();
            // Breadth-first order is by depth, so the middle layer is one run.
            let (mut mid_lo, mut mid_hi) = (start, end);
            if end - start >= MIDDLE_FROM {
                let mid = self.depth[self.scope[end - 1] as usize] / 2;
                mid_lo = start + self.scope[start..end].partition_point(|&w| self.depth[w as usize] < mid);
                mid_hi = start + self.scope[start..end].partition_point(|&w| self.depth[w as usize] <= mid);
            }
            self.parts.push(Part { lo: start as u32, hi: end as u32, mid_lo: mid_lo as u32, mid_hi: mid_hi as u32 });
        }
    }

    /// The product of the counts of `parts[from..]`, capped at `limit`. Off
    /// the known solution's path every part is counted (a later part with no
    /// solution makes the product 0); on it every part has a solution, so
    /// the product stops at the limit.
    fn multiply(&mut self, from: usize, limit: u64, on_path: bool) -> Option<u64> {
        let mut total = 1u64;
        for i in from..self.parts.len() {
            match self.part_count(self.parts[i], limit, on_path)? {
                0 => return Some(0),
                n => total = total.saturating_mul(n).min(limit),
            }
            if on_path && total >= limit {
                break;
            }
        }
        Some(total)
    }

    /// [`Search::branch`] through the cache of part counts, when the search has one.
    fn part_count(&mut self, part: Part, limit: u64, on_path: bool) -> Option<u64> {
        if self.cache.is_none() {
            return self.branch(part, limit, on_path);
        }
        let key = self.part_key(part.lo as usize, part.hi as usize);
        if let Some(&(n, at)) = self.cache.as_ref().and_then(|c| c.get(&key)) {
            // `n` below the limit it was counted with is exact; at it, a lower bound.
            if n < at || limit <= at {
                return Some(n.min(limit));
            }
        }
        let n = self.branch(part, limit, on_path)?;
        if let Some(c) = self.cache.as_mut() {
            c.insert(key, (n, limit));
        }
        Some(n)
    }

    /// Branches on one unset variable of the part's middle layer (one of the
    /// tightest open clue's: fewest unset variables), its preferred value
    /// first (the known solution's when guided; a mine otherwise).
    fn branch(&mut self, part: Part, limit: u64, on_path: bool) -> Option<u64> {
        let comp = self.comp;
        let mut best: Option<usize> = None;
        for idx in part.mid_lo as usize..part.mid_hi as usize {
            let v = self.scope[idx] as usize;
            if self.value[v] != UNSET {
                continue;
            }
            for &k in comp.var_clues(v) {
                let k = k as usize;
                if best.is_none_or(|b| self.unset[k] < self.unset[b]) {
                    best = Some(k);
                }
            }
        }
        let k = best.expect("a part has an unset variable, which has a clue");
        let v = *comp
            .clue_vars(k)
            .iter()
            .find(|&&v| self.value[v as usize] == UNSET)
            .expect("a clue with unset > 0 has an unset variable");
        let known = self.prefer[v as usize];
        // The known value first: on the path its subtree holds the known
        // solution, reached without backtracking, and the search for a
        // second one then starts from the deepest decisions, near it.
        let order = [(known, on_path), (1 - known, false)];
        let mut total = 0u64;
        for (val, path) in order {
            let m = self.trail.len();
            if !self.set(v, val) {
                self.clear_queue();
            } else {
                match self.count_scope(part, limit - total, path) {
                    Some(n) => total += n,
                    None => {
                        self.undo_to(m);
                        return None;
                    }
                }
            }
            self.undo_to(m);
            if total >= limit {
                return Some(limit);
            }
        }
        Some(total.min(limit))
    }
}

/// Union-find with path halving.
fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// Calls `f` with each of the up-to-8 neighbours of cell `i`, in row-major order.
#[inline]
fn each_neighbour(rows: usize, cols: usize, i: usize, mut f: impl FnMut(usize)) {
    let (r, c) = (i / cols, i % cols);
    let r0 = r.saturating_sub(1);
    let c0 = c.saturating_sub(1);
    let r1 = (r + 1).min(rows - 1);
    let c1 = (c + 1).min(cols - 1);
    for rr in r0..=r1 {
        for cc in c0..=c1 {
            if rr != r || cc != c {
                f(rr * cols + cc);
            }
        }
    }
}

/// The components of a puzzle, plus the number of unknowns that touch no clue.
/// `None` when some clue can never be satisfied (more mines than unknown neighbours).
fn components(p: &Puzzle) -> Option<(Vec<Component>, u32)> {
    let (rows, cols) = (p.rows as usize, p.cols as usize);
    let n = p.cells.len();
    let mut parent: Vec<usize> = (0..n).collect();
    let mut constrained = vec![false; n];
    // Each clue's unknown neighbours, flat, clue by clue in cell order.
    let mut clue_cells: Vec<usize> = Vec::new();
    let mut off: Vec<u32> = vec![0];
    let mut flat: Vec<u32> = Vec::with_capacity(n * 4);
    for i in 0..n {
        let Some(num) = p.cells[i] else { continue };
        let start = flat.len();
        each_neighbour(rows, cols, i, |j| {
            if p.cells[j].is_none() {
                flat.push(j as u32);
            }
        });
        let unknown = &flat[start..];
        if num as usize > unknown.len() {
            return None;
        }
        if unknown.is_empty() {
            flat.truncate(start);
            continue;
        }
        for &j in unknown {
            constrained[j as usize] = true;
        }
        for w in 1..unknown.len() {
            let (a, b) = (find(&mut parent, unknown[w - 1] as usize), find(&mut parent, unknown[w] as usize));
            parent[a] = b;
        }
        clue_cells.push(i);
        off.push(flat.len() as u32);
    }
    let free = (0..n).filter(|&i| p.cells[i].is_none() && !constrained[i]).count() as u32;
    // Number the components and their variables in cell order (deterministic).
    let mut comp_of_root = vec![u32::MAX; n];
    let mut local = vec![u32::MAX; n];
    let mut sizes: Vec<u32> = Vec::new();
    let mut cell_of: Vec<(u32, u32)> = Vec::new();
    for i in 0..n {
        if !constrained[i] {
            continue;
        }
        let root = find(&mut parent, i);
        if comp_of_root[root] == u32::MAX {
            comp_of_root[root] = sizes.len() as u32;
            sizes.push(0);
        }
        let c = comp_of_root[root] as usize;
        local[i] = sizes[c];
        cell_of.push((c as u32, i as u32));
        sizes[c] += 1;
    }
    let mut comps: Vec<Component> = sizes
        .iter()
        .map(|&v| Component {
            vars: v as usize,
            clue_n: Vec::new(),
            clue_cell: Vec::new(),
            clue_off: vec![0],
            clue_var: Vec::new(),
            var_off: vec![0; v as usize + 1],
            var_clue: Vec::new(),
            cells: Vec::with_capacity(v as usize),
        })
        .collect();
    let mut comp_of_clue = Vec::with_capacity(clue_cells.len());
    for (k, &cell) in clue_cells.iter().enumerate() {
        let vars = &flat[off[k] as usize..off[k + 1] as usize];
        let c = comp_of_root[find(&mut parent, vars[0] as usize)] as usize;
        comp_of_clue.push(c);
        let comp = &mut comps[c];
        comp.clue_n.push(i32::from(p.cells[cell].expect("clue")));
        comp.clue_cell.push(cell as u32);
        for &j in vars {
            let v = local[j as usize];
            comp.clue_var.push(v);
            comp.var_off[v as usize + 1] += 1;
        }
        comp.clue_off.push(comp.clue_var.len() as u32);
    }
    // Variable → clue lists by counting sort.
    for comp in &mut comps {
        for v in 0..comp.vars {
            comp.var_off[v + 1] += comp.var_off[v];
        }
        comp.var_clue = vec![0; comp.var_off[comp.vars] as usize];
        let mut fill = comp.var_off.clone();
        for k in 0..comp.clues() {
            for idx in comp.clue_off[k]..comp.clue_off[k + 1] {
                let v = comp.clue_var[idx as usize] as usize;
                comp.var_clue[fill[v] as usize] = k as u32;
                fill[v] += 1;
            }
        }
    }
    for (c, i) in cell_of {
        comps[c as usize].cells.push(i);
    }
    Some((comps, free))
}

/// Counts the mine placements on unknown cells that satisfy every clue, up to `limit` (≥ 1).
pub fn count_solutions(p: &Puzzle, limit: u64) -> Count {
    count_solutions_watched(p, limit, &mut || true)
}

/// [`count_solutions`], asking `keep_going` before each component (a time
/// budget: the kernel has no clock); `false` stops with [`Count::Stopped`].
///
/// Components are independent, so the count is the product of theirs and of
/// 2 per free cell. First every component is checked to have a solution (one
/// without makes the whole count 0); then each is counted only up to what the
/// product still needs to reach `limit`, and the count stops as soon as it
/// does: a field with N or more solutions answers [`Count::Limit`] without
/// counting the rest. (Uniqueness, `limit` 2, takes the same steps as before.)
pub fn count_solutions_watched(p: &Puzzle, limit: u64, keep_going: &mut dyn FnMut() -> bool) -> Count {
    let limit = limit.max(1);
    let Some((comps, free)) = components(p) else { return Count::Exact(0) };
    let mut capped = false;
    for comp in &comps {
        if !keep_going() {
            return Count::Stopped;
        }
        match Search::new(comp, NODE_CAP).count(1) {
            Some(0) => return Count::Exact(0),
            Some(_) => {}
            None => capped = true,
        }
    }
    if capped {
        return Count::NodeCap;
    }
    let mut total: u64 = 1;
    for _ in 0..free {
        total = total.saturating_mul(2).min(limit);
    }
    for comp in &comps {
        if total >= limit {
            return Count::Limit;
        }
        if !keep_going() {
            return Count::Stopped;
        }
        match Search::new(comp, NODE_CAP).count(limit.div_ceil(total)) {
            Some(n) => total = total.saturating_mul(n).min(limit),
            None => return Count::NodeCap,
        }
    }
    if total >= limit {
        Count::Limit
    } else {
        Count::Exact(total)
    }
}

/// Uniqueness checks of fields whose solution is known (the generator's),
/// remembering each part's answer ([`UniqueMemo::is_unique`]): below the
/// node cap a check answers exactly as `count_solutions(p, 2).is_unique()`.
/// The generator adds or removes one clue at a time, which changes the parts
/// beside it; the others are remembered.
#[derive(Default)]
pub struct UniqueMemo {
    /// A part's key ([`Search::part_key`]) → its `count(2)` (`None`: the node cap).
    known: std::collections::BTreeMap<[u8; 32], Option<u64>>,
    /// Counts of the parts met inside searches, kept across checks.
    inner: std::collections::BTreeMap<[u8; 32], (u64, u64)>,
}

/// Parts remembered at most (then the memo starts again).
const MEMO_KEPT: usize = 1 << 16;

impl UniqueMemo {
    /// Whether `p`, of which `mines` is a solution, has exactly one: no free
    /// cell, and every part of every component exactly one, found within the
    /// node cap.
    ///
    /// Each component is propagated from the clues alone; what stays open
    /// falls apart into parts that no open clue links. The known solution
    /// solves every part, so the field is unique exactly when no part has a
    /// second solution. A part's answer depends only on its key (its cells,
    /// the known solution there and its clues' remaining needs), so it is
    /// remembered: removing one clue re-searches only the parts beside it.
    /// Each part gets its own node cap; the parts met inside its search are
    /// remembered too (exact counts only), so whether a big part reaches
    /// the cap can depend on what the memo already holds: the answers are
    /// exact below the cap, and a generator that makes its checks in a
    /// seeded order gets the same answers from the same seed.
    ///
    /// When `mines` does not solve `p`, this is `count_solutions(p, 2)`.
    pub fn is_unique(&mut self, p: &Puzzle, mines: &[bool]) -> bool {
        if !solves(p, mines) {
            return count_solutions(p, 2).is_unique();
        }
        let Some((comps, free)) = components(p) else { return false };
        if free > 0 {
            return false;
        }
        for comp in &comps {
            if self.inner.len() >= MEMO_KEPT {
                self.inner.clear();
            }
            let mut se = Search::guided(comp, NODE_CAP, mines);
            se.cache = Some(std::mem::take(&mut self.inner));
            let unique = self.parts_unique(&mut se);
            self.inner = se.cache.take().unwrap_or_default();
            if !unique {
                return false;
            }
        }
        true
    }

    /// Whether every part of `se`'s component, after propagation, has no
    /// second solution: each top part through the memo with its own node cap.
    fn parts_unique(&mut self, se: &mut Search) -> bool {
        se.scope = (0..se.comp.vars as u32).collect();
        if !se.propagate() {
            return false;
        }
        se.split(0, se.comp.vars);
        for i in 0..se.parts.len() {
            let part = se.parts[i];
            let key = se.part_key(part.lo as usize, part.hi as usize);
            let answer = match self.known.get(&key) {
                Some(&a) => a,
                None => {
                    se.nodes = 0;
                    let a = se.branch(part, 2, true);
                    if self.known.len() >= MEMO_KEPT {
                        self.known.clear();
                    }
                    self.known.insert(key, a);
                    a
                }
            };
            if answer != Some(1) {
                return false;
            }
        }
        true
    }
}

/// Whether `mines` (one flag per cell) puts exactly each clue's number of
/// mines around it and none on a clue.
fn solves(p: &Puzzle, mines: &[bool]) -> bool {
    let (rows, cols) = (p.rows as usize, p.cols as usize);
    mines.len() == p.cells.len()
        && (0..p.cells.len()).all(|i| match p.cells[i] {
            None => true,
            Some(n) => {
                let mut around = 0;
                each_neighbour(rows, cols, i, |j| around += u32::from(mines[j]));
                !mines[i] && around == u32::from(n)
            }
        })
}

/// The unknown cells that single-clue rules (need 0 → all safe, need =
/// available → all mines), iterated to a fixpoint, cannot decide. High gap =
/// the field needs multi-clue reasoning.
pub fn propagation_gap(p: &Puzzle) -> u32 {
    let Some((comps, free)) = components(p) else { return 0 };
    let mut gap = free;
    for comp in &comps {
        let mut s = Search::new(comp, NODE_CAP);
        // A contradiction cannot happen on a consistent field; count what stays unset either way.
        s.propagate();
        gap += s.value.iter().filter(|&&v| v == UNSET).count() as u32;
    }
    gap
}
