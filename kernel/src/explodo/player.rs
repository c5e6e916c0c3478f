//! What the player does: moves (step, run, slide, diagonal, kick, oil slips),
//! bombs (plain, thrown, fired, detonated), charges, and the dialog decisions
//! (the gem's cards, the shop, the charge swap). Every check happens before
//! anything changes, so a rejected action costs nothing.

use super::board::{Diag, Dir, Pos, Tile, OIL};
use super::items::{self, Charge, Offer, Power, STAT_CAP};
use super::state::State;
use super::types::{Action, Aim, Bomb, BombKind, Death, Dialog, Event};
use crate::game::Rejection;
use crate::say;
use crate::say::Say;

fn no(text: impl Into<Say>) -> Rejection {
    Rejection::new(text)
}

impl State {
    fn need(&self, p: Power) -> Result<(), Rejection> {
        if self.has(p) {
            Ok(())
        } else {
            Err(no(say!("that needs the {0} power-up", p.name())))
        }
    }

    /// Flame cannot hurt you (a Star, or a Flame Pass carried).
    fn fireproof(&self) -> bool {
        self.player.star > 0 || self.carrying() == Some(Charge::FlamePass)
    }

    /// What blocks your step onto `p`, if anything: a wall, a crate (unless
    /// Crate Pass), a barrel, a bomb (unless Bomb Pass). Flame is no block.
    fn blocked(&self, p: Pos) -> Option<Say> {
        match self.board.layout.tile(p) {
            Tile::Floor => {}
            Tile::Crate if self.has(Power::CratePass) => {}
            Tile::Crate => return Some(say!("a crate is in the way")),
            Tile::Barrel => return Some(say!("an oil barrel is in the way")),
            // What is there, by name (rules v8: all of them were "a wall").
            Tile::Pillar => return Some(say!("a pillar is in the way")),
            Tile::Cracked => return Some(say!("a cracked pillar is in the way")),
            Tile::Metal => return Some(say!("a metal crate is in the way")),
            Tile::Rubble => return Some(say!("rubble is in the way")),
            Tile::Wall => return Some(say!("a wall is in the way")),
        }
        (self.bomb_at(p).is_some() && !self.has(Power::BombPass)).then(|| say!("a bomb is in the way"))
    }

    /// Whether you may walk onto `p` (an enemy there is walked into).
    pub(super) fn walkable(&self, p: Pos) -> Result<(), Rejection> {
        if let Some(why) = self.blocked(p) {
            return Err(no(why));
        }
        if self.burning(p) && !self.fireproof() {
            return Err(no("that tile is burning"));
        }
        Ok(())
    }

    /// Where a diagonal step `g` from where you stand lands: a tile you may
    /// walk onto, never squeezing between two blocked tiles.
    pub(super) fn diagonal_to(&self, g: Diag) -> Result<Pos, Rejection> {
        let from = self.player.at;
        let t = from.diag(g);
        self.walkable(t)?;
        let (v, h) = g.parts();
        if self.blocked(from.step(v)).is_some() && self.blocked(from.step(h)).is_some() {
            return Err(no("no squeezing between two blocked tiles"));
        }
        Ok(t)
    }

    /// Where a plain bomb laid toward `d` goes down: the empty tile next to
    /// you that way, or (under the original's rule, the lab's `underfoot`)
    /// your own tile; refused when it cannot, or when your bombs are all down.
    pub(super) fn bomb_spot(&self, d: Dir) -> Result<Pos, Rejection> {
        let from = self.player.at;
        if self.run.setup.underfoot {
            // The original's rule (a lab-only switch, rules v4): the bomb
            // goes down on your own tile; you walk off it and cannot walk
            // back, and enemies cannot step onto it.
            if self.bomb_at(from).is_some() {
                return Err(no("a bomb is already under you"));
            }
            self.bomb_room()?;
            return Ok(from);
        }
        let t = from.step(d);
        if !self.floor_free(t) {
            return Err(no("a bomb goes on an empty tile next to you"));
        }
        self.placeable(t)?;
        self.bomb_room()?;
        Ok(t)
    }

    /// Whether a bomb may go down on `p`.
    pub(super) fn placeable(&self, p: Pos) -> Result<(), Rejection> {
        if !self.floor_free(p) || p == self.player.at {
            return Err(no("a bomb goes on an empty tile"));
        }
        if self.burning(p) {
            return Err(no("that tile is burning"));
        }
        if self.enemy_at(p).is_some() {
            return Err(no("a bomb cannot go on an enemy"));
        }
        Ok(())
    }

    fn bomb_room(&self) -> Result<(), Rejection> {
        let mine = self.bombs.list.iter().filter(|b| b.yours()).count() as u32;
        if mine >= self.player.max_bombs {
            return Err(no(say!("you can have {0} bomb(s) on the board at a time", self.player.max_bombs)));
        }
        Ok(())
    }

    /// Where a bomb fired from you toward `d` lands: it flies until the next
    /// tile is a wall, crate, bomb or enemy and lands just before it.
    pub(super) fn flight(&self, d: Dir) -> Result<Pos, Rejection> {
        let mut q = self.player.at;
        loop {
            let n = q.step(d);
            if self.board.layout.tile(n) != Tile::Floor || self.bomb_at(n).is_some() || self.enemy_at(n).is_some() {
                break;
            }
            q = n;
        }
        if q == self.player.at {
            return Err(no("there is no room to fire that way"));
        }
        if self.burning(q) {
            return Err(no("the bomb would land in flame"));
        }
        Ok(q)
    }

    /// You arrive on `to` (one tile of a move): an enemy there is walked
    /// into, flame burns, drops, the gem and the rainbow gem are taken.
    /// Returns whether a life was lost.
    fn arrive(&mut self, to: Pos, crash: bool, events: &mut Vec<Event>) -> bool {
        events.push(Event::PlayerMoved(self.player.at, to));
        self.player.at = to;
        if let Some(i) = self.enemy_at(to) {
            let kind = self.enemies.list[i].kind;
            let death = if crash { Death::Crashed(kind) } else { Death::WalkedInto(kind) };
            if self.hurt(death, events) {
                return true;
            }
        }
        if self.burning(to) && self.hurt(Death::Blast, events) {
            return true;
        }
        if let Some(i) = self.board.drops.iter().position(|d| d.pos == to) {
            let d = self.board.drops.remove(i);
            if d.coins > 0 {
                self.player.coins += d.coins;
            }
            events.push(Event::DropPicked(to, d.coins));
            if let Some((c, n)) = d.charge {
                self.gain_charge(c, n, false, events);
            }
        }
        if self.board.gem_revealed && !self.board.gem_taken && to == self.board.layout.gem {
            self.board.gem_taken = true;
            events.push(Event::GemTaken(to));
            let cards = items::draw(&items::gem_pool(&self.held()), items::GEM_CARDS, &mut self.stream("gem"));
            self.run.pending.push(Dialog::Gem { cards, rainbow: false });
        }
        if self.board.rainbow == Some(to) {
            self.board.rainbow = None;
            events.push(Event::GemTaken(to));
            self.run.pending.push(Dialog::Gem { cards: items::gem_pool(&self.held()), rainbow: true });
        }
        false
    }

    /// After a straight step or run onto oil you slide on over the spill to
    /// its last tile in that line, short of a bomb or an enemy.
    fn slip(&mut self, d: Dir, events: &mut Vec<Event>) -> bool {
        while self.board.layout.has(self.player.at, OIL) {
            let n = self.player.at.step(d);
            if !self.board.layout.has(n, OIL)
                || self.board.layout.tile(n) != Tile::Floor
                || self.bomb_at(n).is_some()
                || self.enemy_at(n).is_some()
            {
                break;
            }
            if self.arrive(n, false, events) {
                return true;
            }
        }
        false
    }

    /// Standing on the uncovered, open exit: any action ends the level.
    pub(super) fn at_open_exit(&self) -> bool {
        self.board.exit_open && self.board.exit_revealed && self.player.at == self.board.layout.exit
    }

    /// Plays the player's part of a turn. Returns whether the world takes its
    /// turn after it (not when a life was lost or the level ended).
    #[expect(clippy::too_many_lines, reason = "one arm per player action")]
    pub(super) fn act(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<bool, Rejection> {
        let from = self.player.at;
        match *action {
            Action::Move(d) => {
                let t = from.step(d);
                if self.bomb_at(t).is_some() && !self.has(Power::BombPass) && self.has(Power::Kick) {
                    return self.act(&Action::Kick(d), events);
                }
                self.walkable(t)?;
                self.run.total_turns += 1;
                if self.arrive(t, false, events) || self.slip(d, events) {
                    return Ok(false);
                }
            }
            Action::Run(d) => {
                self.need(Power::Run)?;
                let (a, b) = (from.step(d), from.step(d).step(d));
                self.walkable(a)?;
                self.walkable(b)?;
                self.run.total_turns += 1;
                if self.arrive(a, false, events) || self.at_open_exit() && self.finish_at_exit(events) {
                    return Ok(false);
                }
                if self.arrive(b, false, events) || self.slip(d, events) {
                    return Ok(false);
                }
            }
            Action::Slide(d) => {
                self.need(Power::Slide)?;
                let stops = |s: &State, p: Pos| s.board.layout.tile(p) != Tile::Floor || s.bomb_at(p).is_some();
                if stops(self, from.step(d)) {
                    return Err(no("nothing to slide over that way"));
                }
                self.run.total_turns += 1;
                while !stops(self, self.player.at.step(d)) {
                    let n = self.player.at.step(d);
                    let crash = self.enemy_at(n).is_some();
                    if self.arrive(n, true, events) {
                        return Ok(false);
                    }
                    if crash || self.at_open_exit() {
                        break;
                    }
                }
            }
            Action::Diagonal(g) => {
                self.need(Power::Diagonal)?;
                let t = self.diagonal_to(g)?;
                self.run.total_turns += 1;
                if self.arrive(t, false, events) {
                    return Ok(false);
                }
            }
            Action::Kick(d) => {
                self.need(Power::Kick)?;
                let at = from.step(d);
                let i = self.bomb_at(at).ok_or_else(|| no("there is no bomb next to you that way"))?;
                let mut q = at;
                loop {
                    let n = q.step(d);
                    if self.board.layout.tile(n) != Tile::Floor
                        || self.bomb_at(n).is_some()
                        || self.enemy_at(n).is_some()
                        || n == self.player.at
                    {
                        break;
                    }
                    q = n;
                }
                if q == at {
                    return Err(no("the bomb cannot move that way"));
                }
                self.run.total_turns += 1;
                self.bombs.list[i].pos = q;
                events.push(Event::Kicked(at, q));
            }
            Action::Bomb(d) => {
                let t = self.bomb_spot(d)?;
                self.put_bomb(t, BombKind::Plain, events);
            }
            Action::Throw(d) => {
                self.need(Power::Throw)?;
                let over = from.step(d);
                if self.board.layout.tile(over).solid() {
                    return Err(no("a bomb cannot be thrown over a pillar or the wall"));
                }
                let t = over.step(d);
                self.placeable(t)?;
                self.bomb_room()?;
                self.put_bomb(t, BombKind::Plain, events);
                events.push(Event::Launched(t));
            }
            Action::Rpg(d) => {
                self.need(Power::Rpg)?;
                let t = self.flight(d)?;
                self.bomb_room()?;
                self.put_bomb(t, BombKind::Plain, events);
                events.push(Event::Launched(t));
            }
            Action::Detonate(p) => {
                self.need(Power::Detonator)?;
                let i = self
                    .bomb_at(p)
                    .filter(|&i| self.bombs.list[i].yours())
                    .ok_or_else(|| no("there is no bomb of yours on that tile"))?;
                self.run.total_turns += 1;
                self.bombs.list[i].fuse = 1;
            }
            Action::Wait => self.run.total_turns += 1,
            Action::UseCharge(aim) => return self.use_charge(aim, events),
            Action::Choose(_)
            | Action::Buy(_)
            | Action::Restock
            | Action::LeaveShop
            | Action::KeepCharge
            | Action::TakeCharge
            | Action::FreezeFirst => {
                return Err(no("there is no dialog open to answer"));
            }
        }
        if self.at_open_exit() {
            self.finish_at_exit(events);
            return Ok(false);
        }
        Ok(true)
    }

    /// Stepping onto the open exit ends the level, after any dialog the same
    /// step opened (the gem's choice comes first). Returns true.
    fn finish_at_exit(&mut self, events: &mut Vec<Event>) -> bool {
        if self.run.pending.is_empty() {
            self.clear_level(events);
        } else {
            self.run.exit_after = true;
            self.open_pending((self.run.level, self.run.attempt));
        }
        true
    }

    fn put_bomb(&mut self, t: Pos, kind: BombKind, events: &mut Vec<Event>) {
        // One more than it shows: the world's turn of this very action
        // counts it down, so it shows the fuse once the action is over and
        // goes off at the end of the fuse-th action after (rules v6; v5's
        // went off an action sooner than the spec's "a new bomb shows 3").
        self.bombs.list.push(Bomb { pos: t, fuse: self.player.fuse + 1, fire: self.player.blast, kind });
        self.run.total_turns += 1;
        events.push(Event::BombPlaced(t));
    }

    /// Dialogs started during an action open once it is over, if you are
    /// still on the same attempt (dying on the gem's turn means no choice).
    pub(super) fn open_pending(&mut self, key: (u32, u32)) {
        if self.run.phase == super::types::RunPhase::Playing && (self.run.level, self.run.attempt) == key {
            let mut opened: Vec<Dialog> = self.run.pending.drain(..).collect();
            opened.reverse();
            self.run.dialogs.extend(opened);
        } else {
            self.run.pending.clear();
        }
    }

    fn spend_charge(&mut self, events: &mut Vec<Event>) {
        if let Some((c, n)) = self.player.charge {
            self.player.charge = (n > 1).then_some((c, n - 1));
            events.push(Event::ChargeUsed(c));
        }
    }

    fn freeze(&mut self, events: &mut Vec<Event>) {
        for e in &mut self.enemies.list {
            e.frozen = items::FREEZE_TURNS;
        }
        events.push(Event::Frozen);
    }

    /// Whether a Teleport may land on `p`: an empty tile within its reach
    /// (one step further with Run, king's steps with Diagonal).
    pub(super) fn teleport_to(&self, p: Pos) -> Result<(), Rejection> {
        let reach = items::TELEPORT_REACH + i32::from(self.has(Power::Run));
        let dist = if self.has(Power::Diagonal) { p.king(self.player.at) } else { p.dist(self.player.at) };
        if dist == 0 || dist > reach {
            return Err(no(say!("Teleport reaches {0} steps", reach)));
        }
        if !self.empty(p) {
            return Err(no("Teleport needs an empty tile"));
        }
        Ok(())
    }

    fn use_charge(&mut self, aim: Aim, events: &mut Vec<Event>) -> Result<bool, Rejection> {
        let Some(c) = self.carrying() else { return Err(no("you carry no charge")) };
        let aimed = |what: Say| no(say!("the {0} is aimed {1}", c.name(), what));
        match (c, aim) {
            (Charge::Shield | Charge::FlamePass, _) => {
                return Err(no(say!("the {0} works by itself while you carry it", c.name())))
            }
            (Charge::Pierce | Charge::Power | Charge::Nuke | Charge::Acid, Aim::Dir(d)) => {
                let t = self.player.at.step(d);
                self.placeable(t)?;
                self.bomb_room()?;
                let kind = charge_bomb(c).expect("these four charges each put down a bomb");
                self.put_bomb(t, kind, events);
                self.spend_charge(events);
            }
            (Charge::Icbm, Aim::Dir(d)) => {
                let t = self.flight(d)?;
                self.spend_charge(events);
                self.run.total_turns += 1;
                self.bombs.list.push(Bomb { pos: t, fuse: 0, fire: self.player.blast, kind: BombKind::Plain });
                events.push(Event::Launched(t));
                let before: Vec<Pos> =
                    self.bombs.list.iter().filter(|b| b.kind == BombKind::Barrel).map(|b| b.pos).collect();
                let lost = self.explode(vec![t], Vec::new(), events);
                // A barrel the missile burst goes off the next turn, as one a
                // bomb bursts does: this action's world turn must not count
                // it down (rules v6; v5's went off in the same action).
                for b in &mut self.bombs.list {
                    if b.kind == BombKind::Barrel && !before.contains(&b.pos) {
                        b.fuse += 1;
                    }
                }
                if lost {
                    return Ok(false);
                }
            }
            (Charge::Pierce | Charge::Power | Charge::Nuke | Charge::Acid | Charge::Icbm, _) => {
                return Err(aimed(say!("in a direction")))
            }
            (Charge::Freeze, Aim::Me) => {
                self.freeze(events);
                self.spend_charge(events);
                self.run.total_turns += 1;
            }
            (Charge::Freeze, _) => return Err(aimed(say!("at yourself"))),
            (Charge::Decoy, Aim::At(p)) => {
                let d = super::board::DIRS
                    .into_iter()
                    .find(|&d| (1..=items::DECOY_REACH).any(|k| (0..k).fold(self.player.at, |q, _| q.step(d)) == p));
                let Some(d) = d else { return Err(no("a decoy goes up to 3 tiles away in a straight line")) };
                let mut q = self.player.at;
                while q != p {
                    q = q.step(d);
                    if !self.empty(q) {
                        return Err(no("something is in the decoy's way"));
                    }
                }
                self.enemies.decoy = Some(p);
                events.push(Event::DecoyPlaced(p));
                self.spend_charge(events);
                self.run.total_turns += 1;
            }
            (Charge::Teleport, Aim::At(p)) => {
                self.teleport_to(p)?;
                self.spend_charge(events);
                self.run.total_turns += 1;
                if self.arrive(p, false, events) {
                    return Ok(false);
                }
                if self.at_open_exit() {
                    self.finish_at_exit(events);
                    return Ok(false);
                }
            }
            (Charge::Decoy | Charge::Teleport, _) => return Err(aimed(say!("at a tile"))),
        }
        Ok(true)
    }

    /// Gains `n` uses of `c`: added to the same kind, or (another kind
    /// carried) a swap dialog, now or after the turn.
    fn gain_charge(&mut self, c: Charge, n: u32, now: bool, events: &mut Vec<Event>) {
        let bit = 1 << (c as u32);
        if self.run.explained & bit == 0 {
            self.run.explained |= bit;
            events.push(Event::ChargeExplained(c));
        }
        match self.player.charge {
            None => self.player.charge = Some((c, n)),
            Some((k, m)) if k == c => self.player.charge = Some((c, m + n)),
            Some(_) => {
                let d = Dialog::Swap { new: c, uses: n };
                if now {
                    self.run.dialogs.push(d);
                } else {
                    self.run.pending.push(d);
                }
                return;
            }
        }
        events.push(Event::ChargeGained(c, self.player.charge.map_or(0, |(_, n)| n)));
    }

    /// Sells what is left of the carried charge (if any) and carries `new`.
    fn swap_in(&mut self, new: Charge, uses: u32, events: &mut Vec<Event>) {
        if let Some((old, left)) = self.player.charge.take() {
            let v = old.sell_value(left);
            self.player.coins += v;
            events.push(Event::ChargeSold(old, v));
        }
        self.player.charge = Some((new, uses));
        events.push(Event::ChargeGained(new, uses));
    }

    /// Takes an offer from the gem or the shop.
    pub(super) fn take(&mut self, o: Offer, events: &mut Vec<Event>) {
        match o {
            Offer::Charge(c) => return self.gain_charge(c, c.uses(), true, events),
            Offer::Power(p) => match p {
                Power::BombUp => self.player.max_bombs = (self.player.max_bombs + 1).min(STAT_CAP),
                Power::FireUp => self.player.blast = (self.player.blast + 1).min(STAT_CAP),
                Power::Tnt => self.player.blast = (self.player.blast + 2).min(STAT_CAP),
                Power::FuseUp => self.player.fuse = (self.player.fuse + 1).min(STAT_CAP),
                Power::Star => self.player.star = items::STAR_TURNS,
                Power::Heart => self.player.lives += 1,
                Power::CoinBag => self.player.coins += items::COIN_BAG,
                _ => self.player.abilities |= p.bit(),
            },
        }
        if let Offer::Power(p) = o {
            events.push(Event::PowerTaken(p));
        }
    }

    /// What a card shows: the change it makes from where you are
    /// ("Blast 2 → 4 (max 5)", "Pierce 3 → 6"), or its name.
    pub fn card(&self, o: Offer) -> Say {
        let stat = |name: &'static str, now: u32, add: u32, cap: Option<u32>| match cap {
            Some(c) => say!("{0} {1} → {2} (max {3})", name, now, (now + add).min(c), c),
            None => say!("{0} {1} → {2}", name, now, now + add),
        };
        match o {
            Offer::Power(Power::BombUp) => stat("Bombs", self.player.max_bombs, 1, Some(STAT_CAP)),
            Offer::Power(Power::FireUp) => stat("Blast", self.player.blast, 1, Some(STAT_CAP)),
            Offer::Power(Power::Tnt) => stat("Blast", self.player.blast, 2, Some(STAT_CAP)),
            Offer::Power(Power::FuseUp) => stat("Fuse", self.player.fuse, 1, Some(STAT_CAP)),
            Offer::Power(Power::Heart) => stat("Lives", self.player.lives, 1, None),
            Offer::Power(Power::CoinBag) => stat("Coins", self.player.coins, items::COIN_BAG, None),
            Offer::Power(Power::Star) => {
                stat("Star turns", self.player.star, items::STAR_TURNS - self.player.star.min(items::STAR_TURNS), None)
            }
            Offer::Charge(c) => match self.player.charge {
                Some((k, n)) if k == c => stat(c.name(), n, c.uses(), None),
                _ => say!("{0} ×{1}", c.name(), c.uses()),
            },
            Offer::Power(p) => Say::from(p.name()),
        }
    }

    /// Answers the dialog on top. Decisions take no turn.
    pub(super) fn answer(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), Rejection> {
        let top = self.run.dialogs.last().cloned().expect("answer is called with a dialog open");
        let what = match &top {
            Dialog::Gem { .. } => say!("choose one of the gem's cards"),
            Dialog::Shop { .. } => say!("buy, restock or leave the shop"),
            Dialog::Swap { .. } => say!("keep your charge or take the new one"),
        };
        match (top, *action) {
            (Dialog::Gem { cards, .. }, Action::Choose(i)) => {
                let o = *cards
                    .get(i as usize)
                    .ok_or_else(|| no(say!("the gem offers cards 0 to {0}", cards.len().saturating_sub(1))))?;
                self.run.dialogs.pop();
                self.take(o, events);
            }
            (Dialog::Shop { items: shelf, restocks }, Action::Buy(i)) => {
                let o = shelf
                    .get(i as usize)
                    .copied()
                    .flatten()
                    .ok_or_else(|| no(say!("there is no item {0} on the shelf", i)))?;
                if self.player.coins < o.price() {
                    return Err(no(say!("{0} costs {1} coins; you have {2}", o.name(), o.price(), self.player.coins)));
                }
                self.player.coins -= o.price();
                let mut shelf = shelf;
                shelf[i as usize] = None;
                *self.run.dialogs.last_mut().expect("the shop is open") = Dialog::Shop { items: shelf, restocks };
                events.push(Event::Bought(o, o.price()));
                self.take(o, events);
            }
            (Dialog::Shop { restocks, .. }, Action::Restock) => {
                let cost = restocks + 1;
                if self.player.coins < cost {
                    return Err(no(say!("a restock costs {0} coins; you have {1}", cost, self.player.coins)));
                }
                self.player.coins -= cost;
                let shelf = items::draw(&items::shop_pool(&self.held()), items::SHOP_ITEMS, &mut self.run.shop_rng);
                events.push(Event::Restocked(cost));
                events.push(Event::ShopOpened(shelf.clone()));
                *self.run.dialogs.last_mut().expect("the shop is open") =
                    Dialog::Shop { items: shelf.into_iter().map(Some).collect(), restocks: cost };
            }
            (Dialog::Shop { .. }, Action::LeaveShop) => {
                self.run.dialogs.pop();
            }
            (Dialog::Swap { new, uses }, Action::KeepCharge) => {
                self.run.dialogs.pop();
                let v = new.sell_value(uses);
                self.player.coins += v;
                events.push(Event::ChargeSold(new, v));
            }
            (Dialog::Swap { new, uses }, Action::TakeCharge) => {
                self.run.dialogs.pop();
                self.swap_in(new, uses, events);
            }
            (Dialog::Swap { new, uses }, Action::FreezeFirst) => {
                if self.carrying() != Some(Charge::Freeze) {
                    return Err(no("you carry no Freeze to use first"));
                }
                self.run.dialogs.pop();
                self.freeze(events);
                self.spend_charge(events);
                self.swap_in(new, uses, events);
            }
            _ => return Err(no(say!("first {0}", what))),
        }
        if self.run.dialogs.is_empty() && self.run.exit_after {
            self.run.exit_after = false;
            self.clear_level(events);
        }
        Ok(())
    }
}

/// The bomb a charge puts down (Pierce, Power, Nuke, Acid); `None` for the
/// others.
pub(super) fn charge_bomb(c: Charge) -> Option<BombKind> {
    match c {
        Charge::Pierce => Some(BombKind::Pierce),
        Charge::Power => Some(BombKind::Power),
        Charge::Nuke => Some(BombKind::Nuke),
        Charge::Acid => Some(BombKind::Acid),
        _ => None,
    }
}
