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
    /// Clue k's variables are `clue_var[clue_off[k]..clue_off[k + 1]]` (local indices).
    clue_off: Vec<u32>,
    clue_var: Vec<u32>,
    /// Variable v's clues are `var_clue[var_off[v]..var_off[v + 1]]`.
    var_off: Vec<u32>,
    var_clue: Vec<u32>,
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
        }
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

    /// Counts solutions below the current trail, up to `limit`; `None` at the node cap.
    fn count(&mut self, limit: u64) -> Option<u64> {
        self.nodes += 1;
        if self.nodes > self.cap {
            return None;
        }
        let mark = self.trail.len();
        if !self.propagate() {
            self.undo_to(mark);
            return Some(0);
        }
        // The tightest unsolved clue: fewest unset variables.
        let mut best: Option<usize> = None;
        for k in 0..self.comp.clues() {
            if self.unset[k] > 0 && best.is_none_or(|b| self.unset[k] < self.unset[b]) {
                best = Some(k);
            }
        }
        let Some(k) = best else {
            self.undo_to(mark);
            return Some(1);
        };
        let v = *self
            .comp
            .clue_vars(k)
            .iter()
            .find(|&&v| self.value[v as usize] == UNSET)
            .expect("a clue with unset > 0 has an unset variable");
        let mut total = 0u64;
        for val in [1i8, 0] {
            let m = self.trail.len();
            if !self.set(v, val) {
                self.clear_queue();
            } else {
                match self.count(limit - total) {
                    Some(n) => total += n,
                    None => {
                        self.undo_to(mark);
                        return None;
                    }
                }
            }
            self.undo_to(m);
            if total >= limit {
                break;
            }
        }
        self.undo_to(mark);
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
        sizes[c] += 1;
    }
    let mut comps: Vec<Component> = sizes
        .iter()
        .map(|&v| Component {
            vars: v as usize,
            clue_n: Vec::new(),
            clue_off: vec![0],
            clue_var: Vec::new(),
            var_off: vec![0; v as usize + 1],
            var_clue: Vec::new(),
        })
        .collect();
    let mut comp_of_clue = Vec::with_capacity(clue_cells.len());
    for (k, &cell) in clue_cells.iter().enumerate() {
        let vars = &flat[off[k] as usize..off[k + 1] as usize];
        let c = comp_of_root[find(&mut parent, vars[0] as usize)] as usize;
        comp_of_clue.push(c);
        let comp = &mut comps[c];
        comp.clue_n.push(i32::from(p.cells[cell].expect("clue")));
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

/// Uniqueness checks that remember each component's answer. A component's
/// search depends only on its own clues and cells (numbered in cell order), so
/// the same component always gets the same answer, node cap included: a check
/// through the memo answers exactly as `count_solutions(p, 2).is_unique()`.
/// The generator adds or removes one clue at a time, which changes one or two
/// components; the others are remembered.
#[derive(Default)]
pub struct UniqueMemo {
    /// A component's arrays → its `count(2)` (`None`: the node cap).
    known: std::collections::BTreeMap<Vec<u32>, Option<u64>>,
}

/// Components remembered at most (then the memo starts again).
const MEMO_KEPT: usize = 1 << 14;

impl UniqueMemo {
    /// Whether `p` has exactly one solution: no free cell, and every
    /// component exactly one (found within the node cap).
    pub fn is_unique(&mut self, p: &Puzzle) -> bool {
        let Some((comps, free)) = components(p) else { return false };
        if free > 0 {
            return false;
        }
        for comp in &comps {
            let mut key = Vec::with_capacity(2 + comp.clue_n.len() + comp.clue_off.len() + comp.clue_var.len());
            key.push(comp.vars as u32);
            key.push(comp.clue_n.len() as u32);
            key.extend(comp.clue_n.iter().map(|&n| n as u32));
            key.extend_from_slice(&comp.clue_off);
            key.extend_from_slice(&comp.clue_var);
            let answer = match self.known.get(&key) {
                Some(&a) => a,
                None => {
                    let a = Search::new(comp, NODE_CAP).count(2);
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
