//! The exact solution counter and the propagation gap.
//!
//! `count_solutions` splits the unknown cells into connected components
//! (union-find over clues that share unknowns), solves each with forced-move
//! propagation and branching on the tightest unsolved clue, caps each at
//! [`NODE_CAP`] search nodes (reported, never guessed), lets every unknown that
//! touches no clue double the count, and multiplies the components, capped at
//! the limit.

use super::field::{neighbours, Puzzle};

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
}

impl Count {
    /// True only for exactly one solution.
    pub fn is_unique(self) -> bool {
        self == Count::Exact(1)
    }
}

const UNSET: i8 = -1;

/// One connected component's constraint system.
struct Component {
    /// Global cell index of each variable.
    vars: Vec<usize>,
    /// For each clue: its remaining need and its variables (local indices).
    clue_n: Vec<i32>,
    clue_vars: Vec<Vec<u32>>,
    /// For each variable: the clues it is in.
    var_clues: Vec<Vec<u32>>,
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
            value: vec![UNSET; comp.vars.len()],
            mines: vec![0; comp.clue_n.len()],
            unset: comp.clue_vars.iter().map(|v| v.len() as i32).collect(),
            trail: Vec::new(),
            queue: (0..comp.clue_n.len() as u32).collect(),
            queued: vec![true; comp.clue_n.len()],
            nodes: 0,
            cap,
        }
    }

    /// Sets a variable; false on a contradiction (the assignment stays on the trail).
    fn set(&mut self, v: u32, val: i8) -> bool {
        self.value[v as usize] = val;
        self.trail.push(v);
        let mut ok = true;
        for &k in &self.comp.var_clues[v as usize] {
            let ku = k as usize;
            self.unset[ku] -= 1;
            self.mines[ku] += val as i32;
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
            for &k in &self.comp.var_clues[v] {
                self.unset[k as usize] += 1;
                self.mines[k as usize] -= val as i32;
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
            for idx in 0..self.comp.clue_vars[k].len() {
                let v = self.comp.clue_vars[k][idx];
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
        for k in 0..self.comp.clue_n.len() {
            if self.unset[k] > 0 && best.is_none_or(|b| self.unset[k] < self.unset[b]) {
                best = Some(k);
            }
        }
        let Some(k) = best else {
            self.undo_to(mark);
            return Some(1);
        };
        let v = *self.comp.clue_vars[k]
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

/// The components of a puzzle, plus the number of unknowns that touch no clue.
/// `None` when some clue can never be satisfied (more mines than unknown neighbours).
fn components(p: &Puzzle) -> Option<(Vec<Component>, u32)> {
    let n = p.cells.len();
    let mut parent: Vec<usize> = (0..n).collect();
    let mut constrained = vec![false; n];
    for i in 0..n {
        let Some(num) = p.cells[i] else { continue };
        let unknown: Vec<usize> = neighbours(p.rows, p.cols, i).filter(|&j| p.cells[j].is_none()).collect();
        if num as usize > unknown.len() {
            return None;
        }
        for &j in &unknown {
            constrained[j] = true;
        }
        for w in unknown.windows(2) {
            let (a, b) = (find(&mut parent, w[0]), find(&mut parent, w[1]));
            parent[a] = b;
        }
    }
    let free = (0..n).filter(|&i| p.cells[i].is_none() && !constrained[i]).count() as u32;
    // Group variables by root, in cell order (deterministic).
    let mut comp_of_root: Vec<Option<usize>> = vec![None; n];
    let mut comps: Vec<Component> = Vec::new();
    let mut local = vec![u32::MAX; n];
    for i in 0..n {
        if p.cells[i].is_some() || !constrained[i] {
            continue;
        }
        let root = find(&mut parent, i);
        let c = *comp_of_root[root].get_or_insert_with(|| {
            comps.push(Component { vars: Vec::new(), clue_n: Vec::new(), clue_vars: Vec::new(), var_clues: Vec::new() });
            comps.len() - 1
        });
        local[i] = comps[c].vars.len() as u32;
        comps[c].vars.push(i);
        comps[c].var_clues.push(Vec::new());
    }
    for i in 0..n {
        let Some(num) = p.cells[i] else { continue };
        let vars: Vec<usize> = neighbours(p.rows, p.cols, i).filter(|&j| p.cells[j].is_none()).collect();
        let Some(&first) = vars.first() else { continue }; // num == 0 checked above
        let c = comp_of_root[find(&mut parent, first)].expect("constrained variable has a component");
        let comp = &mut comps[c];
        let k = comp.clue_n.len() as u32;
        comp.clue_n.push(num as i32);
        comp.clue_vars.push(vars.iter().map(|&j| local[j]).collect());
        for &j in &vars {
            comp.var_clues[local[j] as usize].push(k);
        }
    }
    Some((comps, free))
}

/// Counts the mine placements on unknown cells that satisfy every clue, up to `limit` (≥ 1).
pub fn count_solutions(p: &Puzzle, limit: u64) -> Count {
    let limit = limit.max(1);
    let Some((comps, free)) = components(p) else { return Count::Exact(0) };
    let mut factors = Vec::with_capacity(comps.len());
    let mut capped = false;
    for comp in &comps {
        match Search::new(comp, NODE_CAP).count(limit) {
            Some(0) => return Count::Exact(0),
            Some(n) => factors.push(n),
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
    for f in factors {
        total = total.saturating_mul(f).min(limit);
    }
    if total >= limit {
        Count::Limit
    } else {
        Count::Exact(total)
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
