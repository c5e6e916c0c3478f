//! The generator's uniqueness checks, asked as "which cells could change?".
//!
//! The generator always knows one solution of its field: the mines it laid.
//! Another solution differs from it on a set D of unknown cells, each a mine
//! that becomes safe or a safe cell that becomes a mine. Every clue still
//! sees its number, so around every clue the flips balance: as many of its
//! unknown neighbours in D turn into mines as turn safe. The field is unique
//! exactly when no non-empty balanced D exists, and the search for one is
//! local: it starts from a cell, follows the clues its flip unbalances, and
//! stops as soon as every clue it touched balances again (the rest of the
//! field keeps the known solution's values). A field whose flips can spread
//! far is searched far, so the search has a node cap; at the cap it answers
//! `None` and the generator asks the exact counter ([`super::solver`]).
//!
//! The generator changes its field one clue at a time, and each change says
//! where to look ([`Flips::still_unique_without`], [`Flips::grow_check`]).
//! Both answer exactly as `count_solutions(p, 2).is_unique()` does, below the
//! node cap.

/// A cell whose flip is not decided yet.
const UNDECIDED: u8 = 0;
/// A cell in D: it differs from the known solution.
const IN: u8 = 1;
/// A cell out of D: it keeps the known solution's value.
const OUT: u8 = 2;

/// No clue: the `why` of a cell that nothing froze.
const NEVER: u32 = u32::MAX;

/// A clue that has not fired.
const UNFIRED: u8 = 0;
/// A clue that fired because its undecided neighbours were all safe: its
/// reasons are its unknown mines, all frozen.
const FIRED_SAFE: u8 = 1;
/// A clue that fired because its undecided neighbours were all mines: its
/// reasons are its unknown safe cells, all frozen.
const FIRED_MINES: u8 = 2;

/// The most cells a check's first pass lets into D; only when that pass
/// found nothing and turned some bigger set away does a second pass look
/// without a bound. Another solution is most often near the known one, and
/// the first pass finds it without wandering (6 took the fewest instructions
/// on 30×16 fields among 3 to 16, and two passes at 4 then 12).
const SMALL_FIRST: u32 = 6;

/// Search nodes allowed for one check before it answers `None`.
pub const FLIP_NODE_CAP: u64 = 50_000;

/// What one seeded search found.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Found {
    /// A non-empty balanced set: another solution.
    Another,
    /// No balanced set holds the seed (with the cells ruled out before it).
    Nothing,
    /// The node cap.
    Cap,
}

/// The flip search over one field: the known solution, which cells are clues,
/// and for every clue how its unknown neighbours stand.
pub struct Flips {
    /// The known solution, one flag per cell.
    mine: Vec<bool>,
    /// Which cells are clues now.
    clue: Vec<bool>,
    /// Each non-clue cell's state: [`UNDECIDED`], [`IN`] or [`OUT`].
    state: Vec<u8>,
    /// Each clue's balance: +1 for every neighbour in D that turns into a
    /// mine, −1 for every one that turns safe. Zero when the clue is content.
    bal: Vec<i32>,
    /// Each clue's undecided unknown neighbours that are safe in the known solution.
    safe_left: Vec<i32>,
    /// Each clue's undecided unknown neighbours that are mines in the known solution.
    mine_left: Vec<i32>,
    /// Cell i's neighbours are `nbr[8 * i..8 * i + nbr_len[i]]`, in row-major order.
    nbr: Vec<u32>,
    nbr_len: Vec<u8>,
    /// Cells set since the search began, to undo.
    trail: Vec<u32>,
    /// Clues to re-examine in `propagate`.
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// The clues out of balance, in no particular order; `open_at[k]` is k's
    /// place in it (`u32::MAX` when balanced).
    open: Vec<u32>,
    open_at: Vec<u32>,
    /// Nodes used by the current check.
    nodes: u64,
    /// Nodes allowed for one check.
    cap: u64,
    /// The most cells D may hold in this pass of a check.
    max_in: u32,
    /// How many cells D holds.
    in_count: u32,
    /// Whether this pass turned a bigger D away.
    cut: bool,
    /// For a cell frozen out of D: the clue that froze it ([`NEVER`] otherwise).
    why: Vec<u32>,
    /// For a clue: whether it fired, and on which reasons ([`UNFIRED`],
    /// [`FIRED_SAFE`], [`FIRED_MINES`]).
    fired: Vec<u8>,
    /// Cells thawed and not yet followed, for [`Flips::retract`].
    thawed: Vec<u32>,
    /// The last other solution found, as its D (for [`Flips::grow_check`]).
    witness: Vec<u32>,
    /// For [`Flips::grow_check`]: no balanced set has its first cell below this one.
    next_seed: usize,
}

impl Flips {
    /// The search for a field with these mines (its known solution) and clues.
    pub fn new(rows: u16, cols: u16, mine: &[bool], clue: &[bool]) -> Self {
        let n = mine.len();
        let (rows, cols) = (usize::from(rows), usize::from(cols));
        let mut nbr = vec![0u32; 8 * n];
        let mut nbr_len = vec![0u8; n];
        for i in 0..n {
            let (r, c) = (i / cols, i % cols);
            let mut len = 0;
            for rr in r.saturating_sub(1)..=(r + 1).min(rows - 1) {
                for cc in c.saturating_sub(1)..=(c + 1).min(cols - 1) {
                    if (rr, cc) != (r, c) {
                        nbr[8 * i + len] = (rr * cols + cc) as u32;
                        len += 1;
                    }
                }
            }
            nbr_len[i] = len as u8;
        }
        let mut f = Flips {
            mine: mine.to_vec(),
            clue: clue.to_vec(),
            state: vec![UNDECIDED; n],
            bal: vec![0; n],
            safe_left: vec![0; n],
            mine_left: vec![0; n],
            nbr,
            nbr_len,
            trail: Vec::new(),
            queue: Vec::new(),
            queued: vec![false; n],
            open: Vec::new(),
            open_at: vec![u32::MAX; n],
            nodes: 0,
            cap: FLIP_NODE_CAP,
            max_in: u32::MAX,
            in_count: 0,
            cut: false,
            why: vec![NEVER; n],
            fired: vec![UNFIRED; n],
            thawed: Vec::new(),
            witness: Vec::new(),
            next_seed: 0,
        };
        f.restart();
        f
    }

    /// The same search with another node cap for each check.
    pub fn with_cap(mut self, cap: u64) -> Self {
        self.cap = cap;
        self
    }

    /// Which cells are frozen out of D now (tests compare the frozen cells
    /// kept across checks with those of a fresh start).
    #[cfg(test)]
    pub(crate) fn frozen(&self) -> Vec<bool> {
        (0..self.mine.len()).map(|i| !self.clue[i] && self.state[i] == OUT && self.why[i] != NEVER).collect()
    }

    /// Every unknown cell undecided again and every clue's counts from scratch.
    pub fn restart(&mut self) {
        self.state.fill(UNDECIDED);
        self.bal.fill(0);
        self.trail.clear();
        self.open.clear();
        self.open_at.fill(u32::MAX);
        self.witness.clear();
        self.next_seed = 0;
        self.why.fill(NEVER);
        self.fired.fill(UNFIRED);
        for k in 0..self.mine.len() {
            if self.clue[k] {
                self.count_clue(k);
            }
        }
    }

    fn neighbours(&self, i: usize) -> std::ops::Range<usize> {
        8 * i..8 * i + usize::from(self.nbr_len[i])
    }

    /// Recounts clue k's undecided unknown neighbours.
    fn count_clue(&mut self, k: usize) {
        let (mut safe, mut mines) = (0, 0);
        for idx in self.neighbours(k) {
            let j = self.nbr[idx] as usize;
            if !self.clue[j] && self.state[j] == UNDECIDED {
                if self.mine[j] {
                    mines += 1;
                } else {
                    safe += 1;
                }
            }
        }
        self.safe_left[k] = safe;
        self.mine_left[k] = mines;
    }

    /// Clue `k`'s count of undecided neighbours of cell `v`'s kind (mine or safe).
    fn left_of_kind(&mut self, k: usize, v: usize) -> &mut i32 {
        if self.mine[v] {
            &mut self.mine_left[k]
        } else {
            &mut self.safe_left[k]
        }
    }

    /// Counts cell `i` (undecided, not a clue) in or out of its clues' counts.
    fn count_undecided(&mut self, i: usize, delta: i32) {
        for idx in self.neighbours(i) {
            let k = self.nbr[idx] as usize;
            if self.clue[k] {
                *self.left_of_kind(k, i) += delta;
            }
        }
    }

    fn set_open(&mut self, k: usize) {
        let open = self.bal[k] != 0;
        let at = self.open_at[k];
        if open && at == u32::MAX {
            self.open_at[k] = self.open.len() as u32;
            self.open.push(k as u32);
        } else if !open && at != u32::MAX {
            let last = self.open.pop().expect("an open clue is listed");
            if last as usize != k {
                self.open[at as usize] = last;
                self.open_at[last as usize] = at;
            }
            self.open_at[k] = u32::MAX;
        }
    }

    /// Decides cell v (undecided, not a clue); false when a clue beside it can
    /// no longer balance (the decision stays on the trail, to undo).
    fn set(&mut self, v: usize, val: u8) -> bool {
        self.state[v] = val;
        self.trail.push(v as u32);
        let flip = if self.mine[v] { -1 } else { 1 };
        let mut ok = true;
        if val == IN {
            self.in_count += 1;
            if self.in_count > self.max_in {
                ok = false;
                self.cut = true;
            }
        }
        for idx in self.neighbours(v) {
            let k = self.nbr[idx] as usize;
            if !self.clue[k] {
                continue;
            }
            *self.left_of_kind(k, v) -= 1;
            if val == IN {
                self.bal[k] += flip;
                self.set_open(k);
            }
            let b = self.bal[k];
            if b - self.mine_left[k] > 0 || b + self.safe_left[k] < 0 {
                ok = false;
            }
            // A balanced clue forces nothing but cells out of D, which the
            // check above catches when one would come in: only unbalanced
            // clues are worth examining, which keeps the search beside D.
            if b != 0 {
                self.enqueue(k);
            }
        }
        ok
    }

    fn undo_to(&mut self, len: usize) {
        while self.trail.len() > len {
            let v = self.trail.pop().expect("trail longer than len") as usize;
            let was_in = self.state[v] == IN;
            if was_in {
                self.in_count -= 1;
            }
            let flip = if self.mine[v] { -1 } else { 1 };
            for idx in self.neighbours(v) {
                let k = self.nbr[idx] as usize;
                if !self.clue[k] {
                    continue;
                }
                *self.left_of_kind(k, v) += 1;
                if was_in {
                    self.bal[k] -= flip;
                    self.set_open(k);
                }
            }
            self.state[v] = UNDECIDED;
        }
    }

    fn enqueue(&mut self, k: usize) {
        if !self.queued[k] {
            self.queued[k] = true;
            self.queue.push(k as u32);
        }
    }

    fn clear_queue(&mut self) {
        for k in self.queue.drain(..) {
            self.queued[k as usize] = false;
        }
    }

    /// Forced decisions to a fixpoint. A clue with balance b and u safe and
    /// m mine undecided neighbours ends between b − m and b + u; it must end
    /// at 0, so at b − m = 0 every undecided mine flips and no safe cell does,
    /// and at b + u = 0 every undecided safe cell flips and no mine does.
    fn propagate(&mut self) -> bool {
        while let Some(k) = self.queue.pop() {
            let k = k as usize;
            self.queued[k] = false;
            let b = self.bal[k];
            let (lo, hi) = (b - self.mine_left[k], b + self.safe_left[k]);
            if lo > 0 || hi < 0 {
                self.clear_queue();
                return false;
            }
            if b == 0 || (lo != 0 && hi != 0) {
                continue;
            }
            let mines_flip = lo == 0;
            for idx in self.neighbours(k) {
                let j = self.nbr[idx] as usize;
                if self.clue[j] || self.state[j] != UNDECIDED {
                    continue;
                }
                let val = if self.mine[j] == mines_flip { IN } else { OUT };
                if !self.set(j, val) {
                    self.clear_queue();
                    return false;
                }
            }
        }
        true
    }

    /// Freezes cell `x` (undecided, not a clue) out of D, as clue `k` says.
    fn freeze(&mut self, x: usize, k: usize) {
        self.state[x] = OUT;
        self.why[x] = k as u32;
        for idx in self.neighbours(x) {
            let j = self.nbr[idx] as usize;
            if self.clue[j] {
                *self.left_of_kind(j, x) -= 1;
                self.enqueue(j);
            }
        }
    }

    /// Undoes [`Flips::freeze`] of cell `x` and remembers it in `thawed`.
    fn thaw(&mut self, x: usize) {
        self.state[x] = UNDECIDED;
        self.why[x] = NEVER;
        self.count_undecided(x, 1);
        self.thawed.push(x as u32);
    }

    /// Fires the queued clues that can, to a fixpoint, with nothing in D: a
    /// clue whose undecided neighbours are all safe (or all mines) in the
    /// known solution keeps them so in every solution, and freezes them out
    /// of D. These are the forced moves of the classic single-clue rules,
    /// kept between checks so that a search never enters cells that every
    /// solution shares. Every fired clue has all its unknown neighbours
    /// frozen: its reasons (the other kind's) before it fired, the rest by it
    /// or by another clue.
    fn settle(&mut self) {
        while let Some(k) = self.queue.pop() {
            let k = k as usize;
            self.queued[k] = false;
            let (m, s) = (self.mine_left[k], self.safe_left[k]);
            if !self.clue[k] || self.fired[k] != UNFIRED || m + s == 0 || (m != 0 && s != 0) {
                continue;
            }
            self.fired[k] = if m == 0 { FIRED_SAFE } else { FIRED_MINES };
            for idx in self.neighbours(k) {
                let x = self.nbr[idx] as usize;
                if !self.clue[x] && self.state[x] == UNDECIDED {
                    self.freeze(x, k);
                }
            }
        }
    }

    /// Voids clue `k`'s firing: the cells it froze thaw.
    fn void(&mut self, k: usize) {
        self.fired[k] = UNFIRED;
        self.enqueue(k);
        for idx in self.neighbours(k) {
            let x = self.nbr[idx] as usize;
            if self.why[x] == k as u32 {
                self.thaw(x);
            }
        }
    }

    /// Clue `c` stops being a clue and the frozen cells are made right for
    /// the field without it: what `c` froze thaws; a thawed cell (and `c`,
    /// now an unknown) voids every fired clue beside it that it was a
    /// reason of (those that fired on the other kind), which thaws what they
    /// froze in turn, and is frozen again by a fired clue beside it of its
    /// own kind, if one stands; then every clue that can fire does.
    ///
    /// A fired clue is voided as soon as one of its reasons thaws and fires
    /// again only in the settling, so every clue still fired at the end
    /// rests on reasons that never thawed, frozen by clues that fired before
    /// it, and no cell is left frozen on a circle of reasons: the frozen
    /// cells are exactly what the single-clue rules decide without `c`.
    fn retract(&mut self, c: usize) {
        if self.fired[c] != UNFIRED {
            self.void(c);
        }
        self.fired[c] = UNFIRED;
        self.clue[c] = false;
        self.bal[c] = 0;
        self.state[c] = UNDECIDED;
        self.why[c] = NEVER;
        self.count_undecided(c, 1);
        self.thawed.push(c as u32);
        while let Some(x) = self.thawed.pop() {
            let x = x as usize;
            if self.state[x] != UNDECIDED {
                continue;
            }
            // x is a reason of the clues that fired on the other kind: they go.
            let (keeps, rests) = if self.mine[x] { (FIRED_MINES, FIRED_SAFE) } else { (FIRED_SAFE, FIRED_MINES) };
            let mut keeper = None;
            for idx in self.neighbours(x) {
                let k = self.nbr[idx] as usize;
                if self.clue[k] {
                    self.enqueue(k);
                    if self.fired[k] == rests {
                        self.void(k);
                    } else if self.fired[k] == keeps && keeper.is_none() {
                        keeper = Some(k);
                    }
                }
            }
            if let Some(k) = keeper {
                self.freeze(x, k);
            }
        }
        self.settle();
    }

    /// Starts the removals: every clue fires that can ([`Flips::settle`]).
    pub fn start_removals(&mut self) {
        self.restart();
        for k in 0..self.mine.len() {
            if self.clue[k] {
                self.enqueue(k);
            }
        }
        self.settle();
    }

    /// Looks for a balanced set among the undecided cells and those already
    /// in, after the decisions on the trail: branches on an undecided cell of
    /// the tightest unbalanced clue (fewest cells that could balance it).
    fn search(&mut self) -> Found {
        self.nodes += 1;
        if self.nodes > self.cap {
            return Found::Cap;
        }
        if !self.propagate() {
            return Found::Nothing;
        }
        let mut best: Option<(i32, usize)> = None;
        for &k in &self.open {
            let k = k as usize;
            let options = if self.bal[k] > 0 { self.mine_left[k] } else { self.safe_left[k] };
            if best.is_none_or(|(o, _)| options < o) {
                best = Some((options, k));
            }
        }
        let Some((_, k)) = best else {
            self.witness = self.trail.iter().copied().filter(|&v| self.state[v as usize] == IN).collect();
            return Found::Another;
        };
        let want_mine = self.bal[k] > 0;
        let v = self
            .neighbours(k)
            .map(|idx| self.nbr[idx] as usize)
            .find(|&j| !self.clue[j] && self.state[j] == UNDECIDED && self.mine[j] == want_mine)
            .expect("an unbalanced clue that can still balance has a cell to flip");
        for val in [IN, OUT] {
            let found = self.search_with(v, val);
            if found != Found::Nothing {
                return found;
            }
        }
        Found::Nothing
    }

    /// The search after deciding cell `v` (undecided) as `val`, the decision
    /// undone afterwards.
    fn search_with(&mut self, v: usize, val: u8) -> Found {
        let mark = self.trail.len();
        let found = if self.set(v, val) {
            self.search()
        } else {
            self.clear_queue();
            Found::Nothing
        };
        self.undo_to(mark);
        found
    }

    /// The search for a balanced set that holds cell `u` (undecided).
    fn seed(&mut self, u: usize) -> Found {
        self.search_with(u, IN)
    }

    /// Rules cell `u` out for the rest of a check: no balanced set left holds
    /// it. The decision stays on the trail.
    fn rule_out(&mut self, u: usize) {
        if self.state[u] == UNDECIDED {
            // With nothing in D every balance is 0, so ruling out never contradicts.
            let ok = self.set(u, OUT);
            debug_assert!(ok && self.queue.is_empty(), "ruling out with nothing in D forces nothing");
        }
    }

    /// Whether the field stays unique when clue `c` is removed, given that it
    /// is unique now and nothing is decided; `None` at the node cap. The clue
    /// is removed either way ([`Flips::put_back`] restores it).
    ///
    /// Another solution of the field without `c` that kept `c` safe and its
    /// number right would solve the field with `c`, which is unique: so it
    /// flips `c` or one of its neighbours, and the seeds are those cells, each
    /// ruled out once its own search found nothing.
    pub fn still_unique_without(&mut self, c: usize) -> Option<bool> {
        debug_assert!(self.trail.is_empty() && self.clue[c]);
        self.retract(c);
        self.nodes = 0;
        let mut seeds = [c; 9];
        let mut len = 1;
        for idx in self.neighbours(c) {
            let j = self.nbr[idx] as usize;
            if !self.clue[j] {
                seeds[len] = j;
                len += 1;
            }
        }
        let mut answer = Some(true);
        for bound in [SMALL_FIRST, u32::MAX] {
            self.max_in = bound;
            self.cut = false;
            answer = Some(true);
            for &u in &seeds[..len] {
                if self.state[u] != UNDECIDED {
                    continue;
                }
                match self.seed(u) {
                    Found::Another => {
                        answer = Some(false);
                        break;
                    }
                    Found::Cap => {
                        answer = None;
                        break;
                    }
                    Found::Nothing => self.rule_out(u),
                }
            }
            self.undo_to(0);
            if answer != Some(true) || !self.cut {
                break;
            }
        }
        self.max_in = u32::MAX;
        answer
    }

    /// Makes cell `c` a clue again after [`Flips::still_unique_without`]
    /// (it is an unknown safe cell; nothing is decided). A clue only adds
    /// forced moves, so firing from it and its neighbours settles the rest.
    pub fn put_back(&mut self, c: usize) {
        debug_assert!(self.trail.is_empty());
        self.add_clue(c);
        self.enqueue(c);
        for idx in self.neighbours(c) {
            let j = self.nbr[idx] as usize;
            if self.clue[j] {
                self.enqueue(j);
            }
        }
        self.settle();
    }

    /// Makes the unknown safe cell `a` a clue (for [`Flips::grow_check`]s;
    /// [`Flips::put_back`] settles what it forces too).
    pub fn add_clue(&mut self, a: usize) {
        debug_assert!(!self.mine[a] && !self.clue[a] && self.fired[a] == UNFIRED && self.bal[a] == 0);
        if self.state[a] == UNDECIDED {
            self.count_undecided(a, -1);
        }
        self.state[a] = UNDECIDED;
        self.why[a] = NEVER;
        self.clue[a] = true;
        self.count_clue(a);
    }

    /// Whether the field is unique, for a field that only gains clues between
    /// calls ([`Flips::add_clue`]); `None` at the node cap.
    ///
    /// The seeds are the unknown cells in order, each searched with the
    /// cells before it ruled out, so a balanced set is found from its first
    /// cell. A clue added only removes balanced sets, so a seed that found
    /// nothing finds nothing later either and stays ruled out: the checks of
    /// one growing field together search each seed about once. The last set
    /// found is tried first, and answers at once while no new clue breaks it.
    pub fn grow_check(&mut self) -> Option<bool> {
        self.nodes = 0;
        if !self.witness.is_empty() && self.still_balanced() {
            return Some(false);
        }
        self.witness.clear();
        let n = self.mine.len();
        while self.next_seed < n {
            let u = self.next_seed;
            if !self.clue[u] && self.state[u] == UNDECIDED {
                match self.seed(u) {
                    Found::Another => return Some(false),
                    Found::Cap => return None,
                    Found::Nothing => self.rule_out(u),
                }
                self.trail.clear();
            }
            self.next_seed += 1;
        }
        Some(true)
    }

    /// Whether the last set found still holds only unknown cells and balances every clue.
    fn still_balanced(&self) -> bool {
        let mut bal: Vec<(u32, i32)> = Vec::new();
        for &v in &self.witness {
            let v = v as usize;
            if self.clue[v] {
                return false;
            }
            let flip = if self.mine[v] { -1 } else { 1 };
            for idx in self.neighbours(v) {
                let k = self.nbr[idx];
                if self.clue[k as usize] {
                    match bal.iter_mut().find(|(c, _)| *c == k) {
                        Some((_, b)) => *b += flip,
                        None => bal.push((k, flip)),
                    }
                }
            }
        }
        bal.iter().all(|&(_, b)| b == 0)
    }
}
