//! The compact state's turn, phase by phase as the engine's (`turn.rs`):
//! movement and pushing, the automata's beat, FRAIL crumbling, gates and
//! plates, the rules settled, and contacts. Both implement
//! `phases::Phases`; `phases::turn` plays the phases in their order.

use super::super::board::{Kind, Prop, Word};
use super::super::phases::{self, Phases};
use super::super::types::Step;
use super::level::{bit, ones, Set, GONE};
use super::state::{Change, Compact};

impl Compact<'_> {
    /// One turn, as the game plays it; false when the game would reject the
    /// move (then the state is part-way: undo it). `pushed_words` is set when
    /// the player's move (not an automaton's) moved a word.
    pub fn apply(&mut self, delta: Option<(i32, i32)>, pushed_words: &mut bool) -> bool {
        phases::turn(self, delta, Some(pushed_words)).is_ok()
    }

    /// Moves every thing of `movers` one step, front first then by id,
    /// pushing chains; whether anything moved.
    pub(super) fn move_all(&mut self, movers: Set, dx: i32, dy: i32) -> bool {
        if movers.count_ones() == 1 {
            return self.try_move(movers.trailing_zeros() as usize, dx, dy);
        }
        let mut order = std::mem::take(&mut self.movers);
        order.clear();
        order.extend(ones(movers));
        let front = |i: usize| i32::from(self.x[i]) * dx + i32::from(self.y[i]) * dy;
        order.sort_by(|&a, &b| front(b).cmp(&front(a)).then_with(|| self.level.rank[a].cmp(&self.level.rank[b])));
        let mut moved = false;
        for &i in &order {
            moved |= self.try_move(i, dx, dy);
        }
        self.movers = order;
        moved
    }

    /// Moves thing `i` by (dx, dy), pushing what is PUSH ahead of it.
    pub(super) fn try_move(&mut self, i: usize, dx: i32, dy: i32) -> bool {
        let (x, y) = (i32::from(self.x[i]) + dx, i32::from(self.y[i]) + dy);
        if !self.push_cell(x, y, dx, dy, 1 << i) {
            return false;
        }
        self.set(i, x as u8, y as u8, self.kind[i]);
        true
    }

    /// Clears the way into (x, y) for `movers`: its PUSH things move on
    /// together; a fixed word, a shut gate, a STOP thing that is not PUSH, or
    /// the edge blocks. With an `enter` pair, a thing holding one word lets a
    /// mover with the other in: it neither blocks nor is pushed.
    pub(super) fn push_cell(&mut self, x: i32, y: i32, dx: i32, dy: i32, movers: Set) -> bool {
        if x < 0 || y < 0 || x >= self.level.w || y >= self.level.h {
            return false;
        }
        let mut here = self.cells[(y * self.level.w + x) as usize];
        if self.level.enter != 0 && here != 0 {
            let r = self.rules();
            let bits = ones(movers).fold(0u8, |m, i| m | r.pair_bits[self.kind[i] as usize]);
            // A mover's first word lets in the second's holder, and the other way round.
            let wanted = (((bits & 0x55) << 1) | ((bits & 0xAA) >> 1)) & self.level.enter;
            here &=
                !ones(here).filter(|&j| r.pair_bits[self.kind[j] as usize] & wanted != 0).fold(0, |s, j| s | 1 << j);
        }
        let mut group: Set = 0;
        for j in ones(here) {
            let p = self.props(j);
            if self.level.fixed[j]
                || (self.is_gate(j) && !self.open[j])
                || (p & bit(Prop::Push) == 0 && p & bit(Prop::Stop) != 0)
            {
                return false;
            }
            if p & bit(Prop::Push) != 0 {
                group |= 1 << j;
            }
        }
        if group == 0 {
            return true;
        }
        if !self.push_cell(x + dx, y + dy, dx, dy, group) {
            return false;
        }
        for j in ones(group) {
            self.set(j, (x + dx) as u8, (y + dy) as u8, self.kind[j]);
        }
        true
    }

    /// One beat of every automaton, in id order, under the rules as they
    /// stand after the player's move: an active one with actors takes its
    /// current step and advances its phase; otherwise its phase holds.
    pub(super) fn beat(&mut self) {
        let level = self.level;
        for (a, auto) in level.automata.iter().enumerate() {
            let r = self.rules();
            if r.active & (1 << a) == 0 {
                continue;
            }
            let actors = self.of_kinds(|k| r.actors[k] & (1 << a) != 0);
            if actors == 0 {
                continue;
            }
            let len = auto.pattern.len();
            let phase = self.phases[a] as usize % len;
            if let Step::Move(dx, dy) = auto.pattern[phase] {
                self.move_all(actors, dx, dy);
            }
            self.log.push(Change::Phase(a as u8, self.phases[a]));
            self.put_phase(a, ((phase + 1) % len) as u8);
        }
    }

    /// The things sharing their cell with a thing that is not FRAIL at the
    /// start of the turn (what could crumble), their places kept; none when no
    /// FRAIL word is on the board.
    pub(super) fn stood_on(&mut self) -> Set {
        let frail = bit(Prop::Frail);
        if !self.level.frail_word
            || !self.level.words.iter().any(|&i| {
                self.x[i] != GONE && self.level.kinds[self.kind[i] as usize] == Kind::Word(Word::Prop(Prop::Frail))
            })
        {
            return 0;
        }
        let sturdy = !self.with(frail);
        let mut stood = 0;
        for i in 0..self.level.n {
            if self.x[i] != GONE && self.cell_of(i) & !(1 << i) & sturdy != 0 {
                stood |= 1 << i;
                self.was[i] = (self.x[i], self.y[i]);
            }
        }
        stood
    }

    /// FRAIL (after movement, rules and transforms; before contacts): a FRAIL
    /// thing that has not moved, was stood on and is not stood on now becomes
    /// its noun's leftover or goes; the rules are settled again if anything did.
    pub(super) fn crumble(&mut self, stood: Set) {
        if stood == 0 {
            return;
        }
        let frail = self.with(bit(Prop::Frail));
        let crumbling: Vec<usize> = ones(stood & frail)
            .filter(|&i| {
                self.x[i] != GONE && (self.x[i], self.y[i]) == self.was[i] && self.cell_of(i) & !(1 << i) & !frail == 0
            })
            .collect();
        for &i in &crumbling {
            match self.level.leftover[self.kind[i] as usize] {
                Some(k) => self.set(i, self.x[i], self.y[i], k),
                None => self.set(i, GONE, GONE, self.kind[i]),
            }
        }
        if !crumbling.is_empty() {
            self.settle();
        }
    }

    /// Gates, at the end of the turn: open while a plate of their channel is
    /// pressed (anything else on it), or while open and occupied (a jam).
    pub(super) fn gates(&mut self) {
        let level = self.level;
        if level.chans.is_empty() {
            return;
        }
        let gates: Vec<usize> = level.chans.iter().copied().filter(|&i| self.x[i] != GONE && self.is_gate(i)).collect();
        if gates.is_empty() {
            return;
        }
        let occupied = |c: &Compact, i: usize| c.cell_of(i) & !(1 << i) != 0;
        let pressed = level
            .chans
            .iter()
            .filter(|&&i| self.x[i] != GONE && level.plate_kind[self.kind[i] as usize] && occupied(self, i))
            .fold(0u8, |m, &i| m | 1 << level.chan[i].unwrap_or(0));
        for i in gates {
            let open = level.chan[i].is_some_and(|c| pressed & (1 << c) != 0) || (self.open[i] && occupied(self, i));
            if open != self.open[i] {
                self.log.push(Change::Open(i as u8, self.open[i]));
                self.put_open(i, open);
            }
        }
    }

    /// The rules read again if a word moved or went.
    pub(super) fn settle(&mut self) {
        self.settle_rules();
    }

    /// The turn's one transformation pass.
    pub(super) fn transform(&mut self) {
        let Some(into) = &self.readings[self.reading as usize].into else { return };
        let changes: Vec<(usize, u8)> = (0..self.level.n)
            .filter(|&i| self.x[i] != GONE && into[self.kind[i] as usize] != self.kind[i])
            .map(|i| (i, into[self.kind[i] as usize]))
            .collect();
        for (i, k) in changes {
            self.set(i, self.x[i], self.y[i], k);
        }
    }

    /// Removes the things of `gone`; whether there were any.
    pub(super) fn remove(&mut self, gone: Set) -> bool {
        for i in ones(gone) {
            self.set(i, GONE, GONE, self.kind[i]);
        }
        gone != 0
    }

    /// Pairs, SINK, then DEFEAT (the rules read again if anything went), then GOAL and WIN.
    pub(super) fn contacts(&mut self) {
        let float = bit(Prop::Float);
        // Pairs, in declaration order: per cell, things with the first word and
        // things with the second are matched one for one in id order (never a
        // thing with itself); the matched go.
        let mut removed = false;
        for p in 0..self.level.pairs.len() {
            let (first, second) = (1u8 << (2 * p), 1u8 << (2 * p + 1));
            let r = self.rules();
            let has = |j: usize, b: u8| r.pair_bits[self.kind[j] as usize] & b != 0;
            let mut todo = self.of_kinds(|k| r.pair_bits[k] & first != 0);
            let mut gone: Set = 0;
            while todo != 0 {
                let cell = self.cell_of(todo.trailing_zeros() as usize);
                todo &= !cell;
                let mut by_id: Vec<usize> = ones(cell).collect();
                by_id.sort_by_key(|&j| self.level.rank[j]);
                let mut used: Set = 0;
                for &f in by_id.iter().filter(|&&f| has(f, first)) {
                    if used & (1 << f) != 0 {
                        continue;
                    }
                    if let Some(&s) = by_id.iter().find(|&&j| j != f && used & (1 << j) == 0 && has(j, second)) {
                        used |= 1 << f | 1 << s;
                    }
                }
                gone |= used;
            }
            removed |= self.remove(gone);
        }
        // SINK: everything in a cell with a SINK thing, itself included, on the same layer.
        let mut gone: Set = 0;
        if self.rules().mentions & bit(Prop::Sink) != 0 {
            for s in ones(self.with(bit(Prop::Sink))) {
                let here = self.on_layer(self.cell_of(s), self.props(s) & float != 0);
                if here.count_ones() > 1 {
                    gone |= here;
                }
            }
        }
        removed |= self.remove(gone);
        // DEFEAT removes only YOU things: in a DEFEAT cell (same layer), or DEFEAT themselves.
        if self.rules().mentions & bit(Prop::Defeat) != 0 {
            let gone = self.you_meeting(Prop::Defeat);
            removed |= self.remove(gone);
        }
        if removed {
            self.settle();
        }
        let mentions = self.rules().mentions;
        let you = self.with(bit(Prop::You));
        // GOAL: a YOU exists, a GOAL thing exists, and each shares its cell with another PUSH thing.
        if mentions & bit(Prop::Goal) != 0 && you != 0 {
            let goals = self.with(bit(Prop::Goal));
            if goals != 0
                && ones(goals).all(|g| ones(self.cell_of(g) & !(1 << g)).any(|j| self.props(j) & bit(Prop::Push) != 0))
            {
                self.won = true;
            }
        }
        // WIN: a YOU sharing its cell (and layer) with a WIN thing, or being WIN.
        if mentions & bit(Prop::Win) != 0 && self.you_meeting(Prop::Win) != 0 {
            self.won = true;
        }
    }

    /// The YOU things sharing their cell and FLOAT layer with a thing that has `p` (or having it).
    pub(super) fn you_meeting(&self, p: Prop) -> Set {
        let float = bit(Prop::Float);
        ones(self.with(bit(Prop::You)))
            .filter(|&i| {
                let layer = self.props(i) & float;
                ones(self.cell_of(i)).any(|o| self.props(o) & bit(p) != 0 && self.props(o) & float == layer)
            })
            .fold(0, |s, i| s | 1 << i)
    }
}

/// The compact state as an engine of the turn ([`phases::turn`] holds the
/// order): each phase is the same-named method of `Compact`.
impl Phases for Compact<'_> {
    type You = Set;
    type Stood = Set;
    type Told = ();

    #[inline]
    fn won(&self) -> bool {
        self.won
    }

    #[inline]
    fn you(&self) -> Option<Set> {
        let you = self.with(bit(Prop::You));
        (you != 0).then_some(you)
    }

    #[inline]
    fn stood_on(&mut self) -> Set {
        Compact::stood_on(self)
    }

    #[inline]
    fn move_all(&mut self, you: Set, dx: i32, dy: i32, pushed_words: Option<&mut bool>) -> bool {
        let words_before = self.moved_words;
        self.moved_words = false;
        if !Compact::move_all(self, you, dx, dy) {
            return false;
        }
        if let Some(pushed) = pushed_words {
            *pushed = self.moved_words;
        }
        self.moved_words |= words_before;
        true
    }

    #[inline]
    fn taken(&mut self) {}

    #[inline]
    fn settle(&mut self, (): &mut ()) {
        Compact::settle(self);
    }

    #[inline]
    fn transform(&mut self, (): &mut ()) {
        Compact::transform(self);
    }

    #[inline]
    fn has_automata(&self) -> bool {
        !self.level.automata.is_empty()
    }

    #[inline]
    fn beat(&mut self) {
        Compact::beat(self);
    }

    #[inline]
    fn crumble(&mut self, stood: Set, (): &mut ()) {
        Compact::crumble(self, stood);
    }

    #[inline]
    fn contacts(&mut self, (): &mut ()) {
        Compact::contacts(self);
    }

    #[inline]
    fn gates(&mut self, (): &mut ()) {
        Compact::gates(self);
    }
}
