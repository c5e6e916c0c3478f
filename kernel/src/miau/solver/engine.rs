//! What the search expands with: its constraints ([`Rules`]), what every
//! thread reads ([`Expand`]), and the two engines behind one trait
//! ([`Engine`]: the solver's compact state and the game's own state), with
//! the helpers a chunk's children go through (kept unless they are their
//! parent, fingerprinted, repeats dropped).

use super::super::board::{Kind, Name};
use super::super::compact::Compact;
use super::super::key::{Keyer, Readings};
use super::super::state::State;
use super::super::types::{Action, Miau};
use super::taker::Expanded;
use super::verdict::{rule_text, Like, Options, MOVES};
use super::visited::Print;
use crate::game::Rejection;
use crate::hashing::fingerprints;
use crate::miau::rules::{sentences, Sentence};

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
pub(super) fn hash_children(e: &mut Expanded, key_len: usize, local_hash: bool) {
    if local_hash {
        fingerprints(&e.1, key_len, &mut e.2);
        drop_repeats(e, key_len);
    }
}

/// Slots of [`drop_repeats`]'s window: 1,024 fingerprints (13 KB, in the
/// processor's first cache).
pub(super) const REPEAT_SLOTS: usize = 1024;

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
pub(super) fn drop_repeats(e: &mut Expanded, key_len: usize) {
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

/// Empties a thread's children, keeping its buffers.
pub(super) fn clear(e: &mut Expanded) {
    e.0.clear();
    e.1.clear();
    e.2.clear();
}

/// How many words are on the board.
pub(super) fn word_count(s: &State) -> usize {
    s.board.things.iter().filter(|t| matches!(t.kind, Kind::Word(_))).count()
}

/// Every word's id and cell, sorted by id (a state's things keep no order
/// that a comparison could rely on).
fn words_at(s: &State) -> Vec<(Name, i32, i32)> {
    let mut w: Vec<(Name, i32, i32)> =
        s.board.things.iter().filter(|t| matches!(t.kind, Kind::Word(_))).map(|t| (t.id, t.x, t.y)).collect();
    w.sort();
    w
}

/// The constraints a search keeps, read once: rules that may never be
/// active, rules a solution must form (a bit each in the key's last byte),
/// the start's rules when no rule may change, and the words at the start.
pub(super) struct Rules {
    pub(super) forbid: Vec<String>,
    /// Rules named by what they are like, none of which may be in force,
    /// each with the words of its shared rule at the start.
    likes: Vec<(Like, Vec<Name>)>,
    /// The level's own property words, read once for the sentences `likes`
    /// are matched against (they never change during a level).
    custom: Vec<String>,
    /// Rules that must stay in force.
    keep: Vec<String>,
    pub(super) require: Vec<String>,
    pub(super) same: Option<Vec<String>>,
    /// Every required rule's bit.
    pub(super) all_formed: u8,
    pub(super) words_at_start: usize,
    /// Each word's id and cell at the start, when no word may move.
    pub(super) still: Option<Vec<(Name, i32, i32)>>,
}

impl Rules {
    pub(super) fn new(opts: &Options, start: &State) -> Result<Rules, Rejection> {
        let texts = |rules: &[String]| -> Result<Vec<String>, Rejection> {
            rules.iter().map(|r| rule_text(r)).collect::<Result<_, _>>().map_err(Rejection::new)
        };
        let forbid = texts(&opts.forbid)?;
        let keep = texts(&opts.keep)?;
        // A rule to keep that is not in force at the start would ban the
        // start itself: a proof of nothing.
        let at_start = start.rules.texts();
        if let Some(r) = keep.iter().find(|r| !at_start.contains(r)) {
            return Err(Rejection::new(format!("{r} is not in force at the level's start, so it cannot be broken")));
        }
        // A rule to forbid that is in force at the start bans the start
        // itself: a `must_form` "proved" by nothing (issue 61; the mirror of
        // the check above).
        if let Some(r) = forbid.iter().find(|r| at_start.contains(r)).filter(|_| opts.proving) {
            return Err(Rejection::new(format!(
                "{r} is in force at the level's start, so it need not be formed (forbidding it bans the start itself)"
            )));
        }
        let custom = start.custom_words();
        let likes = resolve_likes(&opts.forbid_like, start, &custom)?;
        let require = texts(&opts.require)?;
        if require.len() > 8 {
            return Err(Rejection::new("at most 8 required rules"));
        }
        let all_formed = if require.is_empty() { 0 } else { u8::MAX >> (8 - require.len()) };
        let same = opts.same_rules.then(|| start.rules.texts());
        let still = opts.words_still.then(|| words_at(start));
        let rules =
            Rules { forbid, likes, custom, keep, require, same, all_formed, words_at_start: word_count(start), still };
        // The same for a rule named by what it is like.
        // (The start's sentences are read only for a proof that names one.)
        let read =
            if opts.proving && !rules.likes.is_empty() { sentences(&start.board, &rules.custom) } else { vec![] };
        if let Some(x) = read.iter().find(|x| rules.is_like(x)) {
            let like = rules.likes.iter().map(|(l, _)| l.text()).collect::<Vec<_>>().join(", ");
            return Err(Rejection::new(format!(
                "{like}: {} is like it and in force at the level's start, so it need not be formed (forbidding it bans the start itself)",
                x.rule.text()
            )));
        }
        Ok(rules)
    }

    /// Whether loose copies of a word may be keyed as one
    /// ([`Keyer::pruned`]): not where a constraint tells words apart by id
    /// (words standing still, a rule sharing a word).
    pub(super) fn twins_interchangeable(&self) -> bool {
        self.still.is_none() && self.likes.iter().all(|(_, shared)| shared.is_empty())
    }

    /// Whether the constraints need the game's own state (what the compact
    /// state does not read: each sentence's axis and words).
    pub(super) fn general_only(&self) -> bool {
        !self.likes.is_empty() || !self.keep.is_empty()
    }

    /// Whether a word has moved or gone since the start, where none may.
    pub(super) fn words_moved(&self, s: &State) -> bool {
        self.still.as_ref().is_some_and(|w| *w != words_at(s))
    }

    /// `before` with the bits of the required rules in force in `s`.
    pub(super) fn formed(&self, s: &State, before: u8) -> u8 {
        if self.require.is_empty() {
            return before;
        }
        let texts = s.rules.texts();
        self.require.iter().enumerate().fold(before, |m, (i, r)| if texts.contains(r) { m | 1 << i } else { m })
    }

    /// Whether `s` has a forbidden rule in force, or rules other than the
    /// start's where they must stay.
    pub(super) fn banned(&self, s: &State) -> bool {
        if self.forbid.is_empty() && self.same.is_none() && !self.general_only() {
            return false;
        }
        let texts = s.rules.texts();
        if self.forbid.iter().any(|r| texts.contains(r))
            || self.same.as_ref().is_some_and(|r| *r != texts)
            || self.keep.iter().any(|r| !texts.contains(r))
        {
            return true;
        }
        !self.likes.is_empty() && sentences(&s.board, &self.custom).iter().any(|x| self.is_like(x))
    }

    /// Whether a sentence is one of the rules named by what they are like:
    /// on the axis, with the predicate, and (another rule than the shared
    /// one: a crossing) reading one of the shared rule's words.
    fn is_like(&self, x: &Sentence) -> bool {
        let text = x.rule.text();
        self.likes.iter().any(|(like, shared)| {
            like.axis.is_none_or(|a| a == x.axis)
                && like.predicate.as_ref().is_none_or(|p| text.ends_with(&format!(" IS {p}")))
                && like
                    .shares_word_with
                    .as_ref()
                    .is_none_or(|r| *r != text && x.ids.iter().any(|id| shared.contains(id)))
        })
    }
}

/// Each rule named by what it is like, with the words its shared rule is
/// read from at the level's start (that rule must be on the board there).
fn resolve_likes(likes: &[Like], start: &State, custom: &[String]) -> Result<Vec<(Like, Vec<Name>)>, Rejection> {
    let read = sentences(&start.board, custom);
    likes
        .iter()
        .map(|like| {
            let Some(rule) = &like.shares_word_with else { return Ok((like.clone(), Vec::new())) };
            let ids: Vec<Name> = read.iter().filter(|x| x.rule.text() == *rule).flat_map(|x| x.ids.clone()).collect();
            if ids.is_empty() {
                return Err(Rejection::new(format!(
                    "{}: {rule} is not on the board at the level's start",
                    like.text()
                )));
            }
            Ok((like.clone(), ids))
        })
        .collect()
}

/// What every thread's expansion reads, shared and never written.
pub(super) struct Expand<'s> {
    pub(super) keyer: &'s Keyer,
    pub(super) rules: &'s Rules,
    pub(super) opts: &'s Options,
    /// Bytes per key, the required rules' byte included.
    pub(super) key_len: usize,
    /// The CPU hasher: children are fingerprinted on the expanding thread.
    pub(super) local_hash: bool,
}

/// What an engine supplies the search: the children of a chunk of parents
/// (each parent rebuilt from its key, stepped by every move, within the
/// constraints), in order, into the thread's own buffers. The two engines,
/// the solver's compact state and the game's own state, give the same
/// children in the same order; [`Search`] runs either the same way.
pub(super) trait Engine: Send {
    /// Empties `e`, then fills it with the children of the parents `ids`
    /// whose keys are `keys` (and, with the CPU hasher, their fingerprints).
    fn expand(&mut self, x: &Expand<'_>, e: &mut Expanded, ids: &[u32], keys: &[u8]);
}

impl Engine for Compact<'_> {
    fn expand(&mut self, x: &Expand<'_>, e: &mut Expanded, ids: &[u32], keys: &[u8]) {
        let (key_len, opts) = (x.key_len, x.opts);
        clear(e);
        for (index, key) in ids.iter().zip(keys.chunks(key_len)) {
            self.decode(key);
            let mask = key[key_len - 1];
            // A wait that would change nothing gives the parent again (the
            // comparison below would drop it): not even tried.
            let idle = *index != 0 && self.wait_is_idle();
            for (m, a) in MOVES.iter().enumerate() {
                if idle && *a == Action::Wait {
                    continue;
                }
                let mark = self.mark();
                let mut pushed = false;
                // Taken, and within the constraints: no forbidden rule, no word lost, no word pushed by the player.
                let taken = self.apply(a.delta(), &mut pushed);
                let keep = taken
                    && !self.banned()
                    && (!opts.no_word_loss || self.words() >= x.rules.words_at_start)
                    && (!opts.hands_off || !pushed)
                    && (!opts.words_still || self.words_unmoved());
                if keep {
                    // A child that is its parent (waiting often changes
                    // nothing) is visited already: a wait's is compared
                    // before it is copied. A move that was taken moved some
                    // keyed thing, so its child is nearly never its parent
                    // (an automaton could move it back): not compared, and
                    // such a child is found visited by the table.
                    let formed = mask | self.formed();
                    let won = self.won();
                    let child = self.key_bytes();
                    let hopeless = !won && x.keyer.hopeless(child);
                    if !hopeless
                        && (formed != mask
                            || *a != Action::Wait
                            || !super::frontier::same_key(child, &key[..key_len - 1]))
                    {
                        let from = e.1.len();
                        e.1.extend_from_slice(child);
                        x.keyer.sort_twins(&mut e.1[from..]);
                        e.1.push(formed);
                        e.0.push((*index, m as u8, won));
                    }
                }
                self.undo(mark);
            }
        }
        hash_children(e, key_len, x.local_hash);
    }
}

/// The game's own state as the engine, for levels the compact state does
/// not take: a template (the start and the nouns) from which one parent and
/// one child are rebuilt in place for every state, so no state is allocated
/// per node.
pub(super) struct General {
    pub(super) start: State,
    pub(super) nouns: Vec<Name>,
}

impl Engine for General {
    fn expand(&mut self, x: &Expand<'_>, e: &mut Expanded, ids: &[u32], keys: &[u8]) {
        let (key_len, opts) = (x.key_len, x.opts);
        clear(e);
        let mut readings = Readings::new();
        let mut s = self.start.clone();
        let mut t = self.start.clone();
        for (index, key) in ids.iter().zip(keys.chunks(key_len)) {
            x.keyer.decode(&mut s, &self.start, &self.nouns, key, &mut readings);
            let mask = key[key_len - 1];
            for (m, a) in MOVES.iter().enumerate() {
                t.reset_from(&s);
                // HANDS-OFF: the player's own push may never move a word (an automaton's may).
                let mut pushed = false;
                if Miau::apply_in_place(&mut t, a, opts.hands_off.then_some(&mut pushed)).is_err() || x.rules.banned(&t)
                {
                    continue;
                }
                if opts.no_word_loss && word_count(&t) < x.rules.words_at_start {
                    continue;
                }
                if x.rules.words_moved(&t) {
                    continue;
                }
                if pushed {
                    continue;
                }
                let mask = x.rules.formed(&t, mask);
                let from = e.1.len();
                x.keyer.key(&t, &mut e.1);
                if !t.won && x.keyer.hopeless(&e.1[from..]) {
                    e.1.truncate(from);
                    continue;
                }
                x.keyer.sort_twins(&mut e.1[from..]);
                e.1.push(mask);
                keep_child(e, from, key, *index, m, t.won);
            }
        }
        hash_children(e, key_len, x.local_hash);
    }
}
