//! The engine's turn, phase by phase: moving the YOUs (`move_all`,
//! `try_move`, `push_cell`), reading rules (`settle`), transforming once
//! (`transform`), automata (`beat`), FRAIL crumbling (`stood_on`, `crumble`), gates and
//! plates (`gates`), OPEN/SHUT and the other contacts (`contacts`,
//! `you_meeting`, `remove`). Its twin is the solver's compact state,
//! `compact/turn.rs`, whose phases carry the same names; both implement
//! `phases::Phases`, and `phases::turn` holds the phases' order once. A rule
//! change touches both (see the checklist in `README.md`).

use super::board::{self, Kind, Prop};
use super::phases::{self, Phases, Refused};
use super::rules::{self, RuleSet};
use super::state::State;
use super::types::{Action, Event, Miau, Profile, Step};
use crate::game::Rejection;

impl Miau {
    /// [`Game::apply`], and, when `player_pushed_words` is given, whether the
    /// player's own move (not an automaton's) moved a word: the solver's
    /// HANDS-OFF search needs that split.
    pub fn apply_traced(
        s: &mut State,
        action: &Action,
        player_pushed_words: Option<&mut bool>,
    ) -> Result<Vec<Event>, Rejection> {
        let mut trial = s.clone();
        let events = Miau::apply_in_place(&mut trial, action, player_pushed_words)?;
        *s = trial;
        Ok(events)
    }

    /// [`Miau::apply_traced`] on `s` itself, without a trial copy: on a
    /// rejection `s` may be left part-way, so only a caller that throws it
    /// away then (the solver, stepping its own copy) may use it.
    pub fn apply_in_place(
        s: &mut State,
        action: &Action,
        player_pushed_words: Option<&mut bool>,
    ) -> Result<Vec<Event>, Rejection> {
        let turn = match s.profile {
            Profile::Miau => phases::turn(s, action.delta(), player_pushed_words),
            Profile::Keke => s.keke_turn(action.delta(), player_pushed_words),
        };
        match turn {
            Ok(events) => Ok(events),
            Err(Refused::Won) => Err(Rejection::new("the level is won")),
            Err(Refused::NoYou) => Err(Rejection::new("nothing is YOU")),
            Err(Refused::CannotMove) => Err(Rejection::new("nothing that is YOU can move that way")),
        }
    }
}

/// The game's state as an engine of the turn ([`phases::turn`] holds the
/// order): each phase is the same-named method below.
impl Phases for State {
    type You = ();
    type Stood = Vec<(board::Name, i32, i32)>;
    type Told = Vec<Event>;

    fn won(&self) -> bool {
        self.won
    }

    fn you(&self) -> Option<()> {
        self.board.things.iter().any(|t| self.rules.has(&t.kind, Prop::You)).then_some(())
    }

    fn stood_on(&mut self) -> Self::Stood {
        State::stood_on(self)
    }

    fn move_all(&mut self, (): (), dx: i32, dy: i32, pushed_words: Option<&mut bool>) -> bool {
        let before = pushed_words.is_some().then(|| self.board.word_places());
        if !State::move_all(self, dx, dy) {
            return false;
        }
        if let (Some(flag), Some(before)) = (pushed_words, before) {
            *flag = !self.board.words_at(&before);
        }
        true
    }

    fn taken(&mut self) {
        self.turns += 1;
    }

    fn settle(&mut self, events: &mut Vec<Event>) {
        State::settle(self, events);
    }

    fn transform(&mut self, events: &mut Vec<Event>) {
        State::transform(self, events);
    }

    fn has_automata(&self) -> bool {
        !self.automata.is_empty()
    }

    fn beat(&mut self) {
        State::beat(self);
    }

    fn crumble(&mut self, stood: Self::Stood, events: &mut Vec<Event>) {
        State::crumble(self, &stood, events);
    }

    fn contacts(&mut self, events: &mut Vec<Event>) {
        State::contacts(self, events);
    }

    fn gates(&mut self, events: &mut Vec<Event>) {
        State::gates(self, false, events);
    }
}

impl State {
    /// Reads the rules again where words moved or went.
    pub(super) fn settle(&mut self, events: &mut Vec<Event>) {
        // Only words make rules, and no word is ever made: the same word places
        // read the same rules.
        if !self.read_words.as_ref().is_some_and(|w| self.board.words_at(w)) {
            self.reread(self.board.word_places(), events);
        }
    }

    /// The turn's one transformation pass (`NOUN IS NOUN`, a chain followed
    /// to its end: [`rules::transform`]).
    pub(super) fn transform(&mut self, events: &mut Vec<Event>) {
        for (id, to) in rules::transform(&mut self.board, &self.rules) {
            events.push(Event::Transformed(id, to));
        }
    }

    /// Reads the rules again (the words at `words`).
    pub(super) fn reread(&mut self, words: Vec<(i32, i32)>, events: &mut Vec<Event>) {
        self.read_words = Some(std::sync::Arc::new(words));
        let read = std::sync::Arc::new(self.read_rules(&self.board));
        let old = std::mem::replace(&mut self.rules, read);
        // The texts only when the rules differ (the same rules read the same).
        if old.rules != self.rules.rules {
            let (before, after) = (old.texts(), self.rules.texts());
            let added: Vec<String> = after.iter().filter(|r| !before.contains(r)).cloned().collect();
            let removed: Vec<String> = before.iter().filter(|r| !after.contains(r)).cloned().collect();
            if !added.is_empty() || !removed.is_empty() {
                events.push(Event::Rules { added, removed });
            }
        }
    }

    /// Moves every YOU one step, front first then by id, pushing chains.
    /// Returns whether anything moved.
    pub(super) fn move_all(&mut self, dx: i32, dy: i32) -> bool {
        let r = self.rules.clone();
        let mut movers: Vec<usize> =
            (0..self.board.things.len()).filter(|&i| r.has(&self.board.things[i].kind, Prop::You)).collect();
        // Front first: the furthest along the direction moves first; then by id.
        movers.sort_by(|&a, &b| {
            let (ta, tb) = (&self.board.things[a], &self.board.things[b]);
            let fa = ta.x * dx + ta.y * dy;
            let fb = tb.x * dx + tb.y * dy;
            fb.cmp(&fa).then_with(|| ta.id.cmp(&tb.id))
        });
        let mut moved = false;
        for i in movers {
            if self.try_move(i, dx, dy, &r, 0) {
                moved = true;
            }
        }
        moved
    }

    /// Moves thing `i` by (dx, dy), pushing what is PUSH ahead of it.
    pub(super) fn try_move(&mut self, i: usize, dx: i32, dy: i32, r: &RuleSet, depth: u32) -> bool {
        let (x, y) = (self.board.things[i].x + dx, self.board.things[i].y + dy);
        if !self.push_cell(x, y, dx, dy, r, depth, &[i]) {
            return false;
        }
        self.board.things[i].x = x;
        self.board.things[i].y = y;
        true
    }

    /// Clears the way into (x, y): the cell's PUSH things move on together
    /// (a stack moves as one piece); a STOP thing that is not PUSH, or the
    /// board's edge, blocks.
    #[expect(
        clippy::too_many_arguments,
        reason = "the same signature as the compact twin's phase, plus the rules and depth"
    )]
    pub(super) fn push_cell(
        &mut self,
        x: i32,
        y: i32,
        dx: i32,
        dy: i32,
        r: &RuleSet,
        depth: u32,
        movers: &[usize],
    ) -> bool {
        if x < 0 || y < 0 || x >= self.board.w || y >= self.board.h || depth > 4096 {
            return false;
        }
        // An `enter` pair lets a mover with one word into a cell held by a thing
        // with the other: that occupant neither blocks nor is pushed.
        let let_in = |j: usize| {
            self.pairs.iter().zip(self.pair_words.iter()).filter(|(p, _)| p.enter).any(|(_, [a, b])| {
                let t = &self.board.things;
                movers.iter().any(|&m| {
                    (r.has_word(&t[m].kind, a) && r.has_word(&t[j].kind, b))
                        || (r.has_word(&t[m].kind, b) && r.has_word(&t[j].kind, a))
                })
            })
        };
        let here: Vec<usize> = (0..self.board.things.len())
            .filter(|&j| self.board.things[j].x == x && self.board.things[j].y == y && !let_in(j))
            .collect();
        // A fixed word cannot be pushed: it blocks like STOP.
        // A closed gate is STOP whatever the rules say.
        if here.iter().any(|&j| {
            let t = &self.board.things[j];
            t.fixed || (t.is_gate() && !t.open) || (!r.pushes(&t.kind) && r.has(&t.kind, Prop::Stop))
        }) {
            return false;
        }
        let group: Vec<usize> = here.into_iter().filter(|&j| r.pushes(&self.board.things[j].kind)).collect();
        if group.is_empty() {
            return true;
        }
        if !self.push_cell(x + dx, y + dy, dx, dy, r, depth + 1, &group) {
            return false;
        }
        for j in group {
            self.board.things[j].x += dx;
            self.board.things[j].y += dy;
        }
        true
    }

    /// Automaton `k` under the rules `r`: whether a rule gives its word (to
    /// its subject, if it has one), and the things that take its beats (the
    /// objects of its subject that have its word), in board order. The
    /// beat's own reading, which the window's arrows and beat strip share.
    pub fn automaton_actors(&self, k: usize, r: &RuleSet) -> (bool, Vec<usize>) {
        let a = &self.automata[k];
        let word = &self.automaton_words[k];
        let subject_ok = |noun: &str| a.subject.as_deref().is_none_or(|s| s == noun);
        let active = r.rules.iter().any(|rule| {
            matches!(&rule.predicate, rules::Pred::Custom(w) if **w == **word) && subject_ok(&rule.subject)
        });
        let t = &self.board.things;
        let actors = (0..t.len())
            .filter(|&i| r.has_word(&t[i].kind, word) && matches!(&t[i].kind, Kind::Object(n) if subject_ok(n)))
            .collect();
        (active, actors)
    }

    /// One beat of every automaton, records in id order, under the rules as
    /// they stand after the player's move. An active record with actors takes
    /// its current step (actors front-first along it, then by id; a blocked
    /// actor waits) and advances its phase; otherwise its phase holds.
    pub(super) fn beat(&mut self) {
        let r = self.rules.clone();
        for k in 0..self.automata.len() {
            let (active, mut actors) = self.automaton_actors(k, &r);
            let a = &self.automata[k];
            let t = &self.board.things;
            if !active || actors.is_empty() || a.pattern.is_empty() {
                continue;
            }
            let len = a.pattern.len();
            let phase = self.phases[k] as usize % len;
            if let Step::Move(dx, dy) = a.pattern[phase] {
                // Moves never remove or reorder things, so the indices stay valid.
                actors.sort_by(|&p, &q| {
                    (t[q].x * dx + t[q].y * dy).cmp(&(t[p].x * dx + t[p].y * dy)).then_with(|| t[p].id.cmp(&t[q].id))
                });
                for i in actors {
                    self.try_move(i, dx, dy, &r, 0);
                }
            }
            self.phases[k] = ((phase + 1) % len) as u32;
        }
    }

    /// The things (id and cell) that share their cell with a thing that is
    /// not FRAIL: what could crumble this turn. Empty when no FRAIL word is on
    /// the board, since then no rule can make anything FRAIL.
    pub(super) fn stood_on(&self) -> Vec<(board::Name, i32, i32)> {
        let t = &self.board.things;
        if !t.iter().any(|th| th.kind == Kind::Word(board::Word::Prop(Prop::Frail))) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for cell in self.board.cells() {
            for &i in &cell {
                if cell.iter().any(|&j| j != i && !self.rules.has(&t[j].kind, Prop::Frail)) {
                    out.push((t[i].id, t[i].x, t[i].y));
                }
            }
        }
        out.sort();
        out
    }

    /// FRAIL (after movement, rules and transforms; before contacts): a FRAIL
    /// thing that has not moved, was stood on at the start of the turn and is
    /// not stood on now crumbles: it becomes its noun's leftover (keeping its
    /// id) or, with none, is removed. A handover (one thing leaves as another
    /// enters) is safe. The rules are read again if anything crumbled (no
    /// second transformation: that is once a turn).
    pub(super) fn crumble(&mut self, stood_on: &[(board::Name, i32, i32)], events: &mut Vec<Event>) {
        if stood_on.is_empty() {
            return;
        }
        let t = &self.board.things;
        let cells = self.board.cells();
        let mut gone = Vec::new();
        let mut into = Vec::new();
        for cell in &cells {
            for &i in cell {
                if !self.rules.has(&t[i].kind, Prop::Frail)
                    || stood_on.binary_search(&(t[i].id, t[i].x, t[i].y)).is_err()
                {
                    continue;
                }
                if cell.iter().any(|&j| j != i && !self.rules.has(&t[j].kind, Prop::Frail)) {
                    continue;
                }
                match &t[i].kind {
                    Kind::Object(n) => match self.board.leftover(n) {
                        Some(left) => into.push((i, left.to_string())),
                        None => gone.push(i),
                    },
                    _ => gone.push(i),
                }
            }
        }
        let changed = !into.is_empty() || !gone.is_empty();
        for (i, left) in into {
            events.push(Event::Transformed(self.board.things[i].id.to_string(), left.clone()));
            self.board.things[i].kind = Kind::Object(left.into());
        }
        self.remove(gone, "crumbled", events);
        if changed {
            self.settle(events);
        }
    }

    /// Gates, at the end of the turn: a gate is open while any plate of its
    /// channel is pressed (anything else stands on it), and an open gate with
    /// anything in it stays open (a jam: gates never crush). At reset
    /// (`reset`), an occupied gate starts open.
    pub(super) fn gates(&mut self, reset: bool, events: &mut Vec<Event>) {
        let t = &self.board.things;
        if !t.iter().any(|g| g.is_gate()) {
            return;
        }
        let occupied = |i: usize| self.board.other_at(i).is_some();
        let pressed: Vec<&str> =
            (0..t.len()).filter(|&i| t[i].is_plate() && occupied(i)).filter_map(|i| t[i].channel.as_deref()).collect();
        let next: Vec<(usize, bool)> = (0..t.len())
            .filter(|&i| t[i].is_gate())
            .map(|i| {
                (
                    i,
                    t[i].channel.as_deref().is_some_and(|c| pressed.contains(&c))
                        || ((t[i].open || reset) && occupied(i)),
                )
            })
            .collect();
        for (i, open) in next {
            if self.board.things[i].open != open {
                self.board.things[i].open = open;
                events.push(Event::Gate(self.board.things[i].id.to_string(), open));
            }
        }
    }

    /// Pairs, then SINK, then DEFEAT, then WIN and GOAL; the rules are read again after anything is removed.
    pub(super) fn contacts(&mut self, events: &mut Vec<Event>) {
        // Pairs: per cell, per pair in declaration order, things with the first
        // word and things with the second are matched one for one in id order; a
        // thing never pairs with itself; matched things are destroyed.
        let mut removed_pair = false;
        for [a, b] in self.pair_words.clone().iter() {
            let mut gone: Vec<usize> = Vec::new();
            for cell in self.board.cells() {
                let t = &self.board.things;
                let mut by_id = cell.clone();
                by_id.sort_by(|&i, &j| t[i].id.cmp(&t[j].id));
                let firsts: Vec<usize> =
                    by_id.iter().copied().filter(|&i| self.rules.has_word(&t[i].kind, a)).collect();
                let mut used: Vec<usize> = Vec::new();
                for f in firsts {
                    if used.contains(&f) {
                        continue;
                    }
                    if let Some(s) = by_id
                        .iter()
                        .copied()
                        .find(|&j| j != f && !used.contains(&j) && self.rules.has_word(&t[j].kind, b))
                    {
                        used.push(f);
                        used.push(s);
                    }
                }
                gone.extend(used);
            }
            removed_pair |= self.remove(gone, a, events);
        }
        let r = &self.rules;
        let has = |k: &Kind, p: Prop| r.has(k, p);
        // SINK: everything in a cell with a SINK thing, itself included, on the same FLOAT layer.
        let mut gone: Vec<usize> = Vec::new();
        // Only objects can be SINK, DEFEAT or WIN, and only by a rule: with no
        // such rule a pass has nothing to find.
        let cells = if r.mentions(Prop::Sink) { self.board.cells() } else { Vec::new() };
        for cell in cells {
            for layer in [false, true] {
                let here: Vec<usize> =
                    cell.iter().copied().filter(|&i| has(&self.board.things[i].kind, Prop::Float) == layer).collect();
                if here.len() > 1 && here.iter().any(|&i| has(&self.board.things[i].kind, Prop::Sink)) {
                    gone.extend(here);
                }
            }
        }
        let removed_sink = self.remove(gone, "sank", events);
        // DEFEAT removes only YOU things: in a DEFEAT cell, or being DEFEAT themselves.
        let r = &self.rules;
        let gone = if r.mentions(Prop::Defeat) { self.you_meeting(Prop::Defeat) } else { Vec::new() };
        let removed_defeat = self.remove(gone, "defeated", events);
        if removed_pair || removed_sink || removed_defeat {
            self.settle(events);
        }
        // GOAL: a YOU exists, a GOAL thing exists, and every GOAL thing shares its
        // cell with another thing that is PUSH (a crate, a word…).
        let (covered, total) = if self.rules.mentions(Prop::Goal) { self.goals() } else { (0, 0) };
        let any_you = self.board.things.iter().any(|t| self.rules.has(&t.kind, Prop::You));
        if any_you && total > 0 && covered == total {
            self.won = true;
        }
        // WIN: a YOU sharing its cell (and FLOAT layer) with a WIN thing, or being WIN.
        if self.rules.mentions(Prop::Win) && !self.you_meeting(Prop::Win).is_empty() {
            self.won = true;
        }
        if self.won {
            events.push(Event::Won);
        }
    }

    /// The YOU things (ascending) sharing their cell and FLOAT layer with a
    /// thing that has `p` (or having it themselves).
    pub(super) fn you_meeting(&self, p: Prop) -> Vec<usize> {
        let r = &self.rules;
        let t = &self.board.things;
        (0..t.len())
            .filter(|&i| r.has(&t[i].kind, Prop::You))
            .filter(|&i| {
                let float = r.has(&t[i].kind, Prop::Float);
                t.iter().any(|o| {
                    o.x == t[i].x && o.y == t[i].y && r.has(&o.kind, p) && r.has(&o.kind, Prop::Float) == float
                })
            })
            .collect()
    }

    pub(super) fn remove(&mut self, mut gone: Vec<usize>, why: &str, events: &mut Vec<Event>) -> bool {
        gone.sort();
        gone.dedup();
        if gone.is_empty() {
            return false;
        }
        let ids: Vec<String> = gone.iter().map(|&i| self.board.things[i].id.to_string()).collect();
        for &i in gone.iter().rev() {
            self.board.things.remove(i);
        }
        events.push(Event::Destroyed(ids, why.to_string()));
        true
    }
}
