//! The `keke` rules profile (rules v7): the turn of the Keke AI
//! Competition's engine (Baba is Y'all, `Keke_JS/js/simulation.js`), read
//! for its behaviour and written here in Miau's terms, so the competition's
//! levels and stored solutions play as they do there. Its seven differences
//! from Miau's own turn (each has a test in `tests.rs`, "keke"):
//!
//! 1. YOU things move one at a time, in rule order (the order of the IS
//!    words as the level first placed them, across before down) and then
//!    board order; a YOU is not pushable and blocks another YOU walking into
//!    it (unless it has moved away first); nothing moves twice in a turn.
//! 2. SINK takes only things, never words: a word pushed onto a SINK thing
//!    stays, and so does the SINK thing.
//! 3. KILL destroys the YOU and the killer both (as SINK takes both).
//! 4. Contacts (KILL, SINK, HOT/MELT) are checked after the players move
//!    and again after the MOVE things, under the rules read at the end of
//!    the last turn in which a word moved; the rules are read again (and
//!    transformations run once, in rule order) only when a word moved this
//!    turn, after both checks. Nothing is checked at the start.
//! 5. STOP beats PUSH; a blocked move is still a turn; a wait is a move.
//! 6. MOVE things step their way after the players, pushing as a player
//!    does, and turn round (without stepping) when they cannot.
//! 7. A MELT thing on a HOT thing's cell is destroyed, and the HOT thing
//!    with it.
//!
//! Where the competition's engine has an accident of its implementation,
//! this one does not copy it (the README's "The keke rules" lists them):
//! its map holds one movable thing a cell, so a thing that enters a
//! player's cell hides one of the two from later pushes until the next
//! reading; here every thing in a cell counts, always. A thing made by a
//! transformation keeps its place in board order (there it goes to the end
//! of its noun's list, which can change the order players move in).

use super::board::{facing_of, Board, Kind, Prop, Word, FACINGS};
use super::phases::Refused;
use super::rules::{self, Pred, RuleSet};
use super::state::State;
use super::types::{Event, Profile};

/// Why a keke level is refused: the words and extensions the competition's
/// engine does not have (a sentence naming the cell), or `None`.
pub fn refuse(board: &Board) -> Option<String> {
    for t in &board.things {
        let at = format!("row {}, column {}", t.y + 1, t.x + 1);
        let word = match t.kind {
            Kind::Word(Word::And) => Some("AND"),
            Kind::Word(Word::Prop(p)) if !KEKE_PROPS.contains(&p) => Some(p.word()),
            _ => None,
        };
        if let Some(w) = word {
            return Some(format!("{at}: the keke rules have no word {w}"));
        }
        if t.fixed || t.channel.is_some() {
            return Some(format!("{at}: the keke rules have no fixed words, plates or gates"));
        }
    }
    (!board.leaves.is_empty()).then(|| "the keke rules have no leftovers (`noun>leftover`)".to_string())
}

/// The properties of the competition's key.
pub const KEKE_PROPS: [Prop; 9] =
    [Prop::You, Prop::Win, Prop::Stop, Prop::Push, Prop::Move, Prop::Kill, Prop::Sink, Prop::Hot, Prop::Melt];

/// The rules of `board` as the keke engine reads them: the same sentences
/// as Miau's reading (its levels have no AND), kept in the engine's order,
/// by the IS word's place in the level's first reading order (the board's
/// order of words never changes) and across before down; one rule per
/// subject and predicate, its first.
pub fn read(board: &Board) -> RuleSet {
    let mut set = rules::parse(board, &[]);
    let is_at = |x: i32, y: i32| {
        board.things.iter().position(|t| t.kind == Kind::Word(Word::Is) && (t.x, t.y) == (x, y)).unwrap_or(usize::MAX)
    };
    let mut found: Vec<((usize, u8), rules::Rule)> = rules::sentences(board, &[])
        .into_iter()
        .map(|s| {
            let (y, x, axis) = s.rule.order;
            let is = if axis == 0 { is_at(x + 1, y) } else { is_at(x, y + 1) };
            ((is, axis), s.rule)
        })
        .collect();
    found.sort_by_key(|(k, _)| *k);
    let mut rules: Vec<rules::Rule> = Vec::new();
    for (_, r) in found {
        if !rules.iter().any(|o| o.subject == r.subject && o.predicate == r.predicate) {
            rules.push(r);
        }
    }
    set.rules = rules;
    set
}

impl State {
    /// The rules of `board` as this level's profile reads them (with the
    /// level's own property words).
    pub fn read_rules(&self, board: &super::board::Board) -> RuleSet {
        match self.profile {
            Profile::Miau => rules::parse_with(board, &self.terrain, &self.custom_words()),
            Profile::Keke => read(board),
        }
    }

    /// The things with `p`, in the engine's order: by the rules giving it,
    /// in rule order, then board order.
    fn keke_order(&self, p: Prop) -> Vec<usize> {
        let t = &self.board.things;
        let mut out: Vec<usize> = Vec::new();
        for r in self.rules.rules.iter().filter(|r| r.predicate == Pred::Prop(p)) {
            for (i, th) in t.iter().enumerate() {
                if th.kind == Kind::Object(r.subject) && !out.contains(&i) {
                    out.push(i);
                }
            }
        }
        out
    }

    /// Lost: nothing is YOU and nothing is MOVE. While a MOVE thing is on
    /// the board the turns go on without a YOU (the competition's engine
    /// lets its movers push the words that make one).
    pub(super) fn keke_lost(&self) -> bool {
        let t = &self.board.things;
        ![Prop::You, Prop::Move].iter().any(|&p| t.iter().any(|th| self.rules.has(&th.kind, p)))
    }

    /// Whether thing `i` has `p` under the rules in force.
    fn keke_has(&self, i: usize, p: Prop) -> bool {
        self.rules.has(&self.board.things[i].kind, p)
    }

    /// Whether thing `i` can move at all: a word, or a thing that is YOU,
    /// MOVE or PUSH.
    fn keke_movable(&self, i: usize) -> bool {
        matches!(self.board.things[i].kind, Kind::Word(_))
            || [Prop::You, Prop::Move, Prop::Push].iter().any(|&p| self.keke_has(i, p))
    }

    /// Moves thing `i` one cell by (dx, dy) if it can, pushing; it then
    /// faces that way. `moved` marks what has moved this turn.
    fn keke_step(&mut self, i: usize, dx: i32, dy: i32, moved: &mut [bool]) -> bool {
        if !self.keke_clear(i, dx, dy, moved) {
            return false;
        }
        let t = &mut self.board.things[i];
        (t.x, t.y, t.facing) = (t.x + dx, t.y + dy, facing_of(dx, dy));
        moved[i] = true;
        true
    }

    /// Whether thing `i` may step by (dx, dy), pushing what it must: it has
    /// not moved this turn and can move; the cell is on the board and holds
    /// nothing STOP; every thing there that is not in the background
    /// (a word, or a YOU, MOVE, PUSH or STOP thing) is pushed on (a word or
    /// a PUSH thing), let be (a YOU, when `i` is no YOU), or blocks.
    fn keke_clear(&mut self, i: usize, dx: i32, dy: i32, moved: &mut [bool]) -> bool {
        if moved[i] || !self.keke_movable(i) {
            return false;
        }
        let (x, y) = (self.board.things[i].x + dx, self.board.things[i].y + dy);
        if x < 0 || y < 0 || x >= self.board.w || y >= self.board.h {
            return false;
        }
        let t = &self.board.things;
        let here: Vec<usize> = (0..t.len()).filter(|&j| j != i && (t[j].x, t[j].y) == (x, y)).collect();
        if here.iter().any(|&j| self.keke_has(j, Prop::Stop)) {
            return false;
        }
        let word = |j: usize| matches!(self.board.things[j].kind, Kind::Word(_));
        let you = self.keke_has(i, Prop::You);
        let mut push = Vec::new();
        for &j in &here {
            if word(j) || self.keke_has(j, Prop::Push) {
                push.push(j);
            } else if self.keke_has(j, Prop::You) && !you {
                // A thing that is not YOU may enter a YOU's cell.
            } else if self.keke_movable(j) {
                return false;
            }
        }
        push.into_iter().all(|j| self.keke_step(j, dx, dy, moved))
    }

    /// The contacts, in the engine's order, each after the one before has
    /// removed its things: KILL (a YOU and a KILL or SINK thing in one cell,
    /// itself included, both go), SINK (a SINK thing and any other thing in
    /// its cell, both go) and HOT/MELT (both go). Words are never taken.
    fn keke_contacts(&mut self, moved: &mut Vec<bool>, events: &mut Vec<Event>) {
        let pairs: [(&[Prop], &[Prop], bool, &str); 3] = [
            (&[Prop::You], &[Prop::Kill, Prop::Sink], true, "killed"),
            (&[], &[Prop::Sink], false, "sank"),
            (&[Prop::Melt], &[Prop::Hot], true, "melted"),
        ];
        for (a, b, itself, why) in pairs {
            let t = &self.board.things;
            let object = |i: usize| matches!(t[i].kind, Kind::Object(_));
            let any = |i: usize, ps: &[Prop]| object(i) && (ps.is_empty() || ps.iter().any(|&p| self.keke_has(i, p)));
            let mut gone = Vec::new();
            for i in 0..t.len() {
                for j in 0..t.len() {
                    let meet = (t[i].x, t[i].y) == (t[j].x, t[j].y) && (itself || i != j);
                    if meet && any(i, a) && any(j, b) {
                        gone.push(i);
                        gone.push(j);
                    }
                }
            }
            gone.sort_unstable();
            gone.dedup();
            for &i in gone.iter().rev() {
                moved.remove(i);
            }
            self.remove(gone, why, events);
        }
    }

    /// Reads the rules (the engine's order) and runs the transformations
    /// once, rule by rule: every thing of the subject's noun becomes the
    /// target's and faces right (a new thing there), unless `X IS X` holds.
    pub(super) fn keke_read(&mut self, events: &mut Vec<Event>) {
        // The reading Miau's turn does too (`read_rules` reads the keke way here).
        self.reread(self.board.word_places(), events);
        let r = self.rules.clone();
        let kept = |n| r.rules.iter().any(|o| o.subject == n && o.predicate == Pred::Noun(n));
        for rule in &r.rules {
            let Pred::Noun(to) = rule.predicate else { continue };
            if to == rule.subject || kept(rule.subject) {
                continue;
            }
            for t in self.board.things.iter_mut().filter(|t| t.kind == Kind::Object(rule.subject)) {
                t.kind = Kind::Object(to);
                t.facing = 0;
                events.push(Event::Transformed(t.id.to_string(), to.to_string()));
            }
        }
    }

    /// One turn by the keke rules (see the module's notes): `delta` the
    /// players' step (`None` waits). `pushed_words`, when given, is set to
    /// whether the players moved a word.
    pub(super) fn keke_turn(
        &mut self,
        delta: Option<(i32, i32)>,
        pushed_words: Option<&mut bool>,
    ) -> Result<Vec<Event>, Refused> {
        if self.won {
            return Err(Refused::Won);
        }
        if self.keke_lost() {
            return Err(Refused::NoYou);
        }
        let mut events = Vec::new();
        let mut moved = vec![false; self.board.things.len()];
        if let Some((dx, dy)) = delta {
            for i in self.keke_order(Prop::You) {
                self.keke_step(i, dx, dy, &mut moved);
            }
        }
        let word_moved = |s: &State, moved: &[bool]| {
            s.board.things.iter().zip(moved).any(|(t, &m)| m && matches!(t.kind, Kind::Word(_)))
        };
        if let Some(flag) = pushed_words {
            *flag = word_moved(self, &moved);
        }
        self.turns += 1;
        self.keke_contacts(&mut moved, &mut events);
        if self.rules.mentions(Prop::Move) {
            for i in self.keke_order(Prop::Move) {
                let (dx, dy) = FACINGS[usize::from(self.board.things[i].facing)];
                if !self.keke_step(i, dx, dy, &mut moved) {
                    self.board.things[i].facing = (self.board.things[i].facing + 2) % 4;
                }
            }
            self.keke_contacts(&mut moved, &mut events);
        }
        if word_moved(self, &moved) {
            self.keke_read(&mut events);
        }
        // A YOU on a WIN thing, or being WIN (the keke rules have no FLOAT
        // layer, so Miau's own reading of it serves).
        self.won = !self.you_meeting(Prop::Win).is_empty();
        if self.won {
            events.push(Event::Won);
        }
        Ok(events)
    }
}

#[cfg(test)]
mod tests;
