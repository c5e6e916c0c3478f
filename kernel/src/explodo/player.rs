//! What the player does: moves (step, run, slide, diagonal, kick, oil slips),
//! bombs (plain, thrown, fired, detonated), charges, and the dialog decisions
//! (the gem's cards, the shop, the charge swap). Every check happens before
//! anything changes, so a rejected action costs nothing.

use super::board::{Dir, Pos, Tile, OIL};
use super::items::{self, Charge, Offer, Power, STAT_CAP};
use super::state::State;
use super::types::{Action, Aim, Bomb, BombKind, Death, Dialog, Event};
use crate::game::Rejection;

fn no(text: impl Into<String>) -> Rejection {
    Rejection::new(text)
}

impl State {
    fn need(&self, p: Power) -> Result<(), Rejection> {
        if self.has(p) {
            Ok(())
        } else {
            Err(no(format!("that needs the {} power-up", p.name())))
        }
    }

    /// Flame cannot hurt you (a Star, or a Flame Pass carried).
    fn fireproof(&self) -> bool {
        self.star > 0 || self.carrying() == Some(Charge::FlamePass)
    }

    /// What blocks your step onto `p`, if anything: a wall, a crate (unless
    /// Crate Pass), a barrel, a bomb (unless Bomb Pass). Flame is no block.
    fn blocked(&self, p: Pos) -> Option<&'static str> {
        match self.layout.tile(p) {
            Tile::Floor => {}
            Tile::Crate if self.has(Power::CratePass) => {}
            Tile::Crate => return Some("a crate is in the way"),
            Tile::Barrel => return Some("an oil barrel is in the way"),
            _ => return Some("a wall is in the way"),
        }
        (self.bomb_at(p).is_some() && !self.has(Power::BombPass)).then_some("a bomb is in the way")
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

    /// Whether a bomb may go down on `p`.
    fn placeable(&self, p: Pos) -> Result<(), Rejection> {
        if !self.floor_free(p) || p == self.player {
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
        let mine = self.bombs.iter().filter(|b| b.yours()).count() as u32;
        if mine >= self.max_bombs {
            return Err(no(format!("you can have {} bomb(s) on the board at a time", self.max_bombs)));
        }
        Ok(())
    }

    /// Where a bomb fired from you toward `d` lands: it flies until the next
    /// tile is a wall, crate, bomb or enemy and lands just before it.
    fn flight(&self, d: Dir) -> Result<Pos, Rejection> {
        let mut q = self.player;
        loop {
            let n = q.step(d);
            if self.layout.tile(n) != Tile::Floor || self.bomb_at(n).is_some() || self.enemy_at(n).is_some() {
                break;
            }
            q = n;
        }
        if q == self.player {
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
        events.push(Event::PlayerMoved(self.player, to));
        self.player = to;
        if let Some(i) = self.enemy_at(to) {
            let kind = self.enemies[i].kind;
            let death = if crash { Death::Crashed(kind) } else { Death::WalkedInto(kind) };
            if self.hurt(death, events) {
                return true;
            }
        }
        if self.burning(to) && self.hurt(Death::Blast, events) {
            return true;
        }
        if let Some(i) = self.drops.iter().position(|d| d.pos == to) {
            let d = self.drops.remove(i);
            if d.coins > 0 {
                self.coins += d.coins;
            }
            events.push(Event::DropPicked(to, d.coins));
            if let Some((c, n)) = d.charge {
                self.gain_charge(c, n, false, events);
            }
        }
        if self.gem_revealed && !self.gem_taken && to == self.layout.gem {
            self.gem_taken = true;
            events.push(Event::GemTaken(to));
            let cards = items::draw(&items::gem_pool(&self.held()), items::GEM_CARDS, &mut self.stream("gem"));
            self.pending.push(Dialog::Gem { cards, rainbow: false });
        }
        if self.rainbow == Some(to) {
            self.rainbow = None;
            events.push(Event::GemTaken(to));
            self.pending.push(Dialog::Gem { cards: items::gem_pool(&self.held()), rainbow: true });
        }
        false
    }

    /// After a straight step or run onto oil you slide on over the spill to
    /// its last tile in that line, short of a bomb or an enemy.
    fn slip(&mut self, d: Dir, events: &mut Vec<Event>) -> bool {
        while self.layout.has(self.player, OIL) {
            let n = self.player.step(d);
            if !self.layout.has(n, OIL)
                || self.layout.tile(n) != Tile::Floor
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

    fn at_open_exit(&self) -> bool {
        self.exit_open && self.exit_revealed && self.player == self.layout.exit
    }

    /// Plays the player's part of a turn. Returns whether the world takes its
    /// turn after it (not when a life was lost or the level ended).
    #[expect(clippy::too_many_lines, reason = "one arm per player action")]
    pub(super) fn act(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<bool, Rejection> {
        let from = self.player;
        match *action {
            Action::Move(d) => {
                let t = from.step(d);
                if self.bomb_at(t).is_some() && !self.has(Power::BombPass) && self.has(Power::Kick) {
                    return self.act(&Action::Kick(d), events);
                }
                self.walkable(t)?;
                self.total_turns += 1;
                if self.arrive(t, false, events) || self.slip(d, events) {
                    return Ok(false);
                }
            }
            Action::Run(d) => {
                self.need(Power::Run)?;
                let (a, b) = (from.step(d), from.step(d).step(d));
                self.walkable(a)?;
                self.walkable(b)?;
                self.total_turns += 1;
                if self.arrive(a, false, events) || self.at_open_exit() && self.finish_at_exit(events) {
                    return Ok(false);
                }
                if self.arrive(b, false, events) || self.slip(d, events) {
                    return Ok(false);
                }
            }
            Action::Slide(d) => {
                self.need(Power::Slide)?;
                let stops = |s: &State, p: Pos| s.layout.tile(p) != Tile::Floor || s.bomb_at(p).is_some();
                if stops(self, from.step(d)) {
                    return Err(no("nothing to slide over that way"));
                }
                self.total_turns += 1;
                while !stops(self, self.player.step(d)) {
                    let n = self.player.step(d);
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
                let t = from.diag(g);
                self.walkable(t)?;
                let (v, h) = g.parts();
                if self.blocked(from.step(v)).is_some() && self.blocked(from.step(h)).is_some() {
                    return Err(no("no squeezing between two blocked tiles"));
                }
                self.total_turns += 1;
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
                    if self.layout.tile(n) != Tile::Floor
                        || self.bomb_at(n).is_some()
                        || self.enemy_at(n).is_some()
                        || n == self.player
                    {
                        break;
                    }
                    q = n;
                }
                if q == at {
                    return Err(no("the bomb cannot move that way"));
                }
                self.total_turns += 1;
                self.bombs[i].pos = q;
                events.push(Event::Kicked(at, q));
            }
            Action::Bomb(_) if self.setup.underfoot => {
                // The original's rule (a lab-only switch, rules v4): the bomb
                // goes down on your own tile; you walk off it and cannot
                // walk back, and enemies cannot step onto it.
                if self.bomb_at(from).is_some() {
                    return Err(no("a bomb is already under you"));
                }
                self.bomb_room()?;
                self.put_bomb(from, BombKind::Plain, events);
            }
            Action::Bomb(d) => {
                let t = from.step(d);
                if !self.floor_free(t) {
                    return Err(no("a bomb goes on an empty tile next to you"));
                }
                self.placeable(t)?;
                self.bomb_room()?;
                self.put_bomb(t, BombKind::Plain, events);
            }
            Action::Throw(d) => {
                self.need(Power::Throw)?;
                let over = from.step(d);
                if self.layout.tile(over).solid() {
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
                    .filter(|&i| self.bombs[i].yours())
                    .ok_or_else(|| no("there is no bomb of yours on that tile"))?;
                self.total_turns += 1;
                self.bombs[i].fuse = 1;
            }
            Action::Wait => self.total_turns += 1,
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
        if self.pending.is_empty() {
            self.clear_level(events);
        } else {
            self.exit_after = true;
            self.open_pending((self.level, self.attempt));
        }
        true
    }

    fn put_bomb(&mut self, t: Pos, kind: BombKind, events: &mut Vec<Event>) {
        self.bombs.push(Bomb { pos: t, fuse: self.fuse, fire: self.blast, kind });
        self.total_turns += 1;
        events.push(Event::BombPlaced(t));
    }

    /// Dialogs started during an action open once it is over, if you are
    /// still on the same attempt (dying on the gem's turn means no choice).
    pub(super) fn open_pending(&mut self, key: (u32, u32)) {
        if self.phase == super::types::RunPhase::Playing && (self.level, self.attempt) == key {
            let mut opened: Vec<Dialog> = self.pending.drain(..).collect();
            opened.reverse();
            self.dialogs.extend(opened);
        } else {
            self.pending.clear();
        }
    }

    fn spend_charge(&mut self, events: &mut Vec<Event>) {
        if let Some((c, n)) = self.charge {
            self.charge = (n > 1).then_some((c, n - 1));
            events.push(Event::ChargeUsed(c));
        }
    }

    fn freeze(&mut self, events: &mut Vec<Event>) {
        for e in &mut self.enemies {
            e.frozen = items::FREEZE_TURNS;
        }
        events.push(Event::Frozen);
    }

    fn use_charge(&mut self, aim: Aim, events: &mut Vec<Event>) -> Result<bool, Rejection> {
        let Some(c) = self.carrying() else { return Err(no("you carry no charge")) };
        let aimed = |what: &str| no(format!("the {} is aimed {what}", c.name()));
        match (c, aim) {
            (Charge::Shield | Charge::FlamePass, _) => {
                return Err(no(format!("the {} works by itself while you carry it", c.name())))
            }
            (Charge::Pierce | Charge::Power | Charge::Nuke | Charge::Acid, Aim::Dir(d)) => {
                let t = self.player.step(d);
                self.placeable(t)?;
                self.bomb_room()?;
                let kind = match c {
                    Charge::Pierce => BombKind::Pierce,
                    Charge::Power => BombKind::Power,
                    Charge::Nuke => BombKind::Nuke,
                    _ => BombKind::Acid,
                };
                self.put_bomb(t, kind, events);
                self.spend_charge(events);
            }
            (Charge::Icbm, Aim::Dir(d)) => {
                let t = self.flight(d)?;
                self.spend_charge(events);
                self.total_turns += 1;
                self.bombs.push(Bomb { pos: t, fuse: 0, fire: self.blast, kind: BombKind::Plain });
                events.push(Event::Launched(t));
                if self.explode(vec![t], Vec::new(), events) {
                    return Ok(false);
                }
            }
            (Charge::Pierce | Charge::Power | Charge::Nuke | Charge::Acid | Charge::Icbm, _) => {
                return Err(aimed("in a direction"))
            }
            (Charge::Freeze, Aim::Me) => {
                self.freeze(events);
                self.spend_charge(events);
                self.total_turns += 1;
            }
            (Charge::Freeze, _) => return Err(aimed("at yourself")),
            (Charge::Decoy, Aim::At(p)) => {
                let d = super::board::DIRS
                    .into_iter()
                    .find(|&d| (1..=items::DECOY_REACH).any(|k| (0..k).fold(self.player, |q, _| q.step(d)) == p));
                let Some(d) = d else { return Err(no("a decoy goes up to 3 tiles away in a straight line")) };
                let mut q = self.player;
                while q != p {
                    q = q.step(d);
                    if !self.empty(q) {
                        return Err(no("something is in the decoy's way"));
                    }
                }
                self.decoy = Some(p);
                events.push(Event::DecoyPlaced(p));
                self.spend_charge(events);
                self.total_turns += 1;
            }
            (Charge::Teleport, Aim::At(p)) => {
                let reach = items::TELEPORT_REACH + i32::from(self.has(Power::Run));
                let dist = if self.has(Power::Diagonal) { p.king(self.player) } else { p.dist(self.player) };
                if dist == 0 || dist > reach {
                    return Err(no(format!("Teleport reaches {reach} steps")));
                }
                if !self.empty(p) {
                    return Err(no("Teleport needs an empty tile"));
                }
                self.spend_charge(events);
                self.total_turns += 1;
                if self.arrive(p, false, events) {
                    return Ok(false);
                }
                if self.at_open_exit() {
                    self.finish_at_exit(events);
                    return Ok(false);
                }
            }
            (Charge::Decoy | Charge::Teleport, _) => return Err(aimed("at a tile")),
        }
        Ok(true)
    }

    /// Gains `n` uses of `c`: added to the same kind, or (another kind
    /// carried) a swap dialog, now or after the turn.
    fn gain_charge(&mut self, c: Charge, n: u32, now: bool, events: &mut Vec<Event>) {
        let bit = 1 << (c as u32);
        if self.explained & bit == 0 {
            self.explained |= bit;
            events.push(Event::ChargeExplained(c));
        }
        match self.charge {
            None => self.charge = Some((c, n)),
            Some((k, m)) if k == c => self.charge = Some((c, m + n)),
            Some(_) => {
                let d = Dialog::Swap { new: c, uses: n };
                if now {
                    self.dialogs.push(d);
                } else {
                    self.pending.push(d);
                }
                return;
            }
        }
        events.push(Event::ChargeGained(c, self.charge.map_or(0, |(_, n)| n)));
    }

    /// Sells what is left of the carried charge (if any) and carries `new`.
    fn swap_in(&mut self, new: Charge, uses: u32, events: &mut Vec<Event>) {
        if let Some((old, left)) = self.charge.take() {
            let v = old.sell_value(left);
            self.coins += v;
            events.push(Event::ChargeSold(old, v));
        }
        self.charge = Some((new, uses));
        events.push(Event::ChargeGained(new, uses));
    }

    /// Takes an offer from the gem or the shop.
    pub(super) fn take(&mut self, o: Offer, events: &mut Vec<Event>) {
        match o {
            Offer::Charge(c) => return self.gain_charge(c, c.uses(), true, events),
            Offer::Power(p) => match p {
                Power::BombUp => self.max_bombs = (self.max_bombs + 1).min(STAT_CAP),
                Power::FireUp => self.blast = (self.blast + 1).min(STAT_CAP),
                Power::Tnt => self.blast = (self.blast + 2).min(STAT_CAP),
                Power::FuseUp => self.fuse = (self.fuse + 1).min(STAT_CAP),
                Power::Star => self.star = items::STAR_TURNS,
                Power::Heart => self.lives += 1,
                Power::CoinBag => self.coins += items::COIN_BAG,
                _ => self.abilities |= p.bit(),
            },
        }
        if let Offer::Power(p) = o {
            events.push(Event::PowerTaken(p));
        }
    }

    /// What a card shows: the change it makes from where you are
    /// ("Blast 2 → 4 (max 5)", "Pierce 3 → 6"), or its name.
    pub fn card(&self, o: Offer) -> String {
        let stat = |name: &str, now: u32, add: u32, cap: Option<u32>| match cap {
            Some(c) => format!("{name} {now} → {} (max {c})", (now + add).min(c)),
            None => format!("{name} {now} → {}", now + add),
        };
        match o {
            Offer::Power(Power::BombUp) => stat("Bombs", self.max_bombs, 1, Some(STAT_CAP)),
            Offer::Power(Power::FireUp) => stat("Blast", self.blast, 1, Some(STAT_CAP)),
            Offer::Power(Power::Tnt) => stat("Blast", self.blast, 2, Some(STAT_CAP)),
            Offer::Power(Power::FuseUp) => stat("Fuse", self.fuse, 1, Some(STAT_CAP)),
            Offer::Power(Power::Heart) => stat("Lives", self.lives, 1, None),
            Offer::Power(Power::CoinBag) => stat("Coins", self.coins, items::COIN_BAG, None),
            Offer::Power(Power::Star) => {
                stat("Star turns", self.star, items::STAR_TURNS - self.star.min(items::STAR_TURNS), None)
            }
            Offer::Charge(c) => match self.charge {
                Some((k, n)) if k == c => stat(c.name(), n, c.uses(), None),
                _ => format!("{} ×{}", c.name(), c.uses()),
            },
            Offer::Power(p) => p.name().to_string(),
        }
    }

    /// Answers the dialog on top. Decisions take no turn.
    pub(super) fn answer(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), Rejection> {
        let top = self.dialogs.last().cloned().expect("answer is called with a dialog open");
        let what = match &top {
            Dialog::Gem { .. } => "choose one of the gem's cards",
            Dialog::Shop { .. } => "buy, restock or leave the shop",
            Dialog::Swap { .. } => "keep your charge or take the new one",
        };
        match (top, *action) {
            (Dialog::Gem { cards, .. }, Action::Choose(i)) => {
                let o = *cards
                    .get(i as usize)
                    .ok_or_else(|| no(format!("the gem offers cards 0 to {}", cards.len().saturating_sub(1))))?;
                self.dialogs.pop();
                self.take(o, events);
            }
            (Dialog::Shop { items: shelf, restocks }, Action::Buy(i)) => {
                let o = shelf
                    .get(i as usize)
                    .copied()
                    .flatten()
                    .ok_or_else(|| no(format!("there is no item {i} on the shelf")))?;
                if self.coins < o.price() {
                    return Err(no(format!("{} costs {} coins; you have {}", o.name(), o.price(), self.coins)));
                }
                self.coins -= o.price();
                let mut shelf = shelf;
                shelf[i as usize] = None;
                *self.dialogs.last_mut().expect("the shop is open") = Dialog::Shop { items: shelf, restocks };
                events.push(Event::Bought(o, o.price()));
                self.take(o, events);
            }
            (Dialog::Shop { restocks, .. }, Action::Restock) => {
                let cost = restocks + 1;
                if self.coins < cost {
                    return Err(no(format!("a restock costs {cost} coins; you have {}", self.coins)));
                }
                self.coins -= cost;
                let shelf = items::draw(&items::shop_pool(&self.held()), items::SHOP_ITEMS, &mut self.shop_rng);
                events.push(Event::Restocked(cost));
                events.push(Event::ShopOpened(shelf.clone()));
                *self.dialogs.last_mut().expect("the shop is open") =
                    Dialog::Shop { items: shelf.into_iter().map(Some).collect(), restocks: cost };
            }
            (Dialog::Shop { .. }, Action::LeaveShop) => {
                self.dialogs.pop();
            }
            (Dialog::Swap { new, uses }, Action::KeepCharge) => {
                self.dialogs.pop();
                let v = new.sell_value(uses);
                self.coins += v;
                events.push(Event::ChargeSold(new, v));
            }
            (Dialog::Swap { new, uses }, Action::TakeCharge) => {
                self.dialogs.pop();
                self.swap_in(new, uses, events);
            }
            (Dialog::Swap { new, uses }, Action::FreezeFirst) => {
                if self.carrying() != Some(Charge::Freeze) {
                    return Err(no("you carry no Freeze to use first"));
                }
                self.dialogs.pop();
                self.freeze(events);
                self.spend_charge(events);
                self.swap_in(new, uses, events);
            }
            _ => return Err(no(format!("first {what}"))),
        }
        if self.dialogs.is_empty() && self.exit_after {
            self.exit_after = false;
            self.clear_level(events);
        }
        Ok(())
    }
}
