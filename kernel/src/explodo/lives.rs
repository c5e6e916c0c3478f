//! Entering a level, losing a life, clearing a level, and what enemies drop.

use super::board::{self, Pos};
use super::items::{self, Charge};
use super::state::{par, State, LEVELS};
use super::types::{Death, Dialog, Drop, Event, RunPhase};
use crate::rng::Rng;

impl State {
    /// Starts (or restarts) the current level: the same layout, objects and
    /// enemies for every attempt; only the enemies' choices and the drops
    /// come from fresh streams.
    pub(super) fn enter_level(&mut self) {
        let mut rng = self.stream("level");
        self.layout = board::generate(self.level, &mut rng);
        let mut objects = self.stream("objects");
        board::place_objects(&mut self.layout, self.level, &mut objects);
        self.player = self.layout.start;
        self.last_seen = self.player;
        self.exit_revealed = false;
        self.gem_revealed = false;
        self.gem_taken = false;
        self.exit_open = false;
        self.exit_after = false;
        self.bombs.clear();
        self.flames.clear();
        self.drops.clear();
        self.crumbling.clear();
        self.pending.clear();
        self.smoulder.clear();
        self.ceilings.clear();
        self.decoy = None;
        self.shielded = 0;
        self.burnt = 0;
        self.turn = 1;
        self.enemies = super::enemies::crowd(&self.layout, self.level, &mut rng);
        self.par = par(self.layout.open_tiles(), self.enemies.len() as u32);
        self.ai = Rng::stream(self.seed, &format!("explodo.ai.{}.{}", self.level, self.attempt));
        self.loot = Rng::stream(self.seed, &format!("explodo.loot.{}.{}", self.level, self.attempt));
        self.rainbow = if self.setup.developer {
            [Pos { x: 2, y: 1 }, Pos { x: 1, y: 2 }].into_iter().find(|&p| self.floor_free(p))
        } else {
            None
        };
        if let Some((at, c, n)) = self.fallen.take() {
            if let Some(p) = self.drop_spot(at) {
                self.drops.push(Drop { pos: p, coins: 0, charge: Some((c, n)) });
            }
        }
        self.replan();
    }

    /// Loses a life (the level restarts; the carried charge drops where you fell).
    pub(super) fn lose_life(&mut self, death: Death, events: &mut Vec<Event>) {
        let text = format!("Level {}, turn {}: {}.", self.level, self.turn, death.text());
        self.lives -= 1;
        self.lives_lost += 1;
        self.last_death = Some(text.clone());
        events.push(Event::LifeLost(text.clone()));
        if let Some((c, n)) = self.charge.take() {
            self.fallen = Some((self.player, c, n));
            events.push(Event::ChargeDropped(self.player, c, n));
        }
        if self.lives == 0 {
            self.phase = RunPhase::Over;
            events.push(Event::RunOver(text));
        } else {
            self.attempt += 1;
            self.enter_level();
        }
    }

    /// Something hits you. A Star, a Shield, the Flame Pass (for flame) or an
    /// Immortal run takes it; flame hurts once a turn. Returns whether a life
    /// was lost (the level restarted or the run ended).
    pub(super) fn hurt(&mut self, death: Death, events: &mut Vec<Event>) -> bool {
        if self.setup.immortal {
            return false;
        }
        let unstoppable = matches!(death, Death::BoxedIn | Death::WalledIn | Death::Ceiling);
        if !unstoppable {
            let now = self.turn + 1;
            if self.shielded == now {
                return false;
            }
            if self.star > 0 {
                events.push(Event::Absorbed("Star".into()));
                return false;
            }
            if death == Death::Blast {
                if self.burnt == now {
                    return false;
                }
                self.burnt = now;
                if let Some((Charge::FlamePass, n)) = self.charge {
                    self.charge = (n > 1).then_some((Charge::FlamePass, n - 1));
                    events.push(Event::Absorbed("Flame Pass".into()));
                    return false;
                }
            }
            if self.carrying() == Some(Charge::Shield) {
                self.charge = None;
                self.shielded = now;
                events.push(Event::Absorbed("Shield".into()));
                return false;
            }
        }
        self.lose_life(death, events);
        true
    }

    pub(super) fn clear_level(&mut self, events: &mut Vec<Event>) {
        let earned = 2 + if self.turn <= self.par { 5 } else { 0 };
        self.coins += earned;
        events.push(Event::LevelCleared { level: self.level, turns: self.turn, par: self.par, coins: earned });
        if self.level == LEVELS {
            self.phase = RunPhase::Won;
            events.push(Event::RunWon);
            return;
        }
        let cleared = self.level;
        self.level += 1;
        self.attempt = 0;
        self.fallen = None;
        self.enter_level();
        if items::SHOP_AFTER.contains(&cleared) {
            self.open_shop(cleared, events);
        }
    }

    /// Opens the shop that follows level `cleared` (its own stream).
    pub(super) fn open_shop(&mut self, cleared: u32, events: &mut Vec<Event>) {
        self.shop_rng = Rng::stream(self.seed, &format!("explodo.shop.{cleared}"));
        let shelf = items::draw(&items::shop_pool(&self.held()), items::SHOP_ITEMS, &mut self.shop_rng);
        events.push(Event::ShopOpened(shelf.clone()));
        self.dialogs.push(Dialog::Shop { items: shelf.into_iter().map(Some).collect(), restocks: 0 });
    }

    pub(super) fn reveal(&mut self, p: Pos, events: &mut Vec<Event>) {
        if p == self.layout.exit && !self.exit_revealed {
            self.exit_revealed = true;
            events.push(Event::ExitRevealed(p));
        }
        if p == self.layout.gem && !self.gem_revealed {
            self.gem_revealed = true;
            events.push(Event::GemRevealed(p));
        }
    }

    /// The nearest free floor within 2 steps of `at` (ties by row, then
    /// column) with no drop on it, never the uncovered exit.
    pub(super) fn drop_spot(&self, at: Pos) -> Option<Pos> {
        let mut candidates: Vec<Pos> = (-2..=2)
            .flat_map(|dy| (-2..=2).map(move |dx| Pos { x: at.x + dx, y: at.y + dy }))
            .filter(|p| p.dist(at) <= 2)
            .collect();
        candidates.sort_by_key(|p| (p.dist(at), p.y, p.x));
        candidates.into_iter().find(|&p| {
            self.floor_free(p)
                && !(self.exit_revealed && p == self.layout.exit)
                && !self.drops.iter().any(|d| d.pos == p)
        })
    }

    /// A slain enemy's drop: about one coin a kill, sometimes a charge (never
    /// a second Decoy, Freeze or Shield while one lies on the board).
    pub(super) fn drop_loot(&mut self, at: Pos, events: &mut Vec<Event>) {
        let roll = self.loot.below(100);
        let (coins, charge) = match roll {
            0..=33 => return,
            34..=66 => (1, None),
            67..=84 => (2, None),
            85..=90 => (5, None),
            _ => {
                let kinds: Vec<Charge> = items::CHARGES
                    .iter()
                    .copied()
                    .filter(|&c| {
                        !(c.single_on_board() && self.drops.iter().any(|d| d.charge.is_some_and(|(k, _)| k == c)))
                    })
                    .collect();
                let c = kinds[self.loot.index(kinds.len())];
                (0, Some((c, c.uses())))
            }
        };
        if let Some(p) = self.drop_spot(at) {
            self.drops.push(Drop { pos: p, coins, charge });
            events.push(Event::DropSpawned(p, coins));
        }
    }
}
