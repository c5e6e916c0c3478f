//! Entering a level, losing a life, clearing a level, and what enemies drop.

use super::board::{self, Pos};
use super::items::{self, Charge};
use super::state::{par, State, LEVELS};
use super::types::{Death, Dialog, Drop, Event, RunPhase};
use crate::rng::Rng;
use crate::say;

impl State {
    /// Starts (or restarts) the current level: the same layout, objects and
    /// enemies for every attempt; only the enemies' choices and the drops
    /// come from fresh streams.
    pub(super) fn enter_level(&mut self) {
        let mut rng = self.stream("level");
        self.board.layout = board::generate(self.run.level, &mut rng);
        let mut objects = self.stream("objects");
        board::place_objects(&mut self.board.layout, self.run.level, &mut objects);
        self.player.at = self.board.layout.start;
        self.enemies.last_seen = self.player.at;
        self.board.exit_revealed = false;
        self.board.gem_revealed = false;
        self.board.gem_taken = false;
        self.board.exit_open = false;
        self.run.exit_after = false;
        self.bombs.list.clear();
        self.bombs.flames.clear();
        self.bombs.sparing.clear();
        self.board.drops.clear();
        self.board.crumbling.clear();
        self.run.pending.clear();
        self.bombs.smoulder.clear();
        self.board.ceilings.clear();
        self.enemies.decoy = None;
        self.player.shielded = 0;
        self.player.burnt = 0;
        // Rules v7: the lab's Star arm holds a Star as the other arms hold
        // their power-ups, so every attempt at a level starts under a fresh
        // one (a single Star at the run's start ran out before anything on
        // level 1 could hurt, and the arm measured nothing).
        if self.run.setup.powers & items::Power::Star.bit() != 0 {
            self.player.star = items::STAR_TURNS;
        }
        self.run.turn = 1;
        self.enemies.list = super::enemies::crowd(&self.board.layout, self.run.level, &mut rng);
        self.run.par = par(self.board.layout.open_tiles(), self.enemies.list.len() as u32);
        self.enemies.ai = Rng::stream(self.run.seed, &format!("explodo.ai.{}.{}", self.run.level, self.run.attempt));
        self.board.loot = Rng::stream(self.run.seed, &format!("explodo.loot.{}.{}", self.run.level, self.run.attempt));
        self.board.rainbow = if self.run.setup.developer {
            [Pos { x: 2, y: 1 }, Pos { x: 1, y: 2 }].into_iter().find(|&p| self.floor_free(p))
        } else {
            None
        };
        if let Some((at, c, n)) = self.run.fallen.take() {
            if let Some(p) = self.drop_spot(at) {
                self.board.drops.push(Drop { pos: p, coins: 0, charge: Some((c, n)) });
            }
        }
        self.replan();
    }

    /// Loses a life (the level restarts; the carried charge drops where you fell).
    pub(super) fn lose_life(&mut self, death: Death, events: &mut Vec<Event>) {
        let text = say!("Level {0}, turn {1}: {2}.", self.run.level, self.run.turn, death.say());
        self.player.lives -= 1;
        self.run.lives_lost += 1;
        self.run.last_death = Some(text.clone());
        events.push(Event::LifeLost(text.clone()));
        if let Some((c, n)) = self.player.charge.take() {
            self.run.fallen = Some((self.player.at, c, n));
            events.push(Event::ChargeDropped(self.player.at, c, n));
        }
        if self.player.lives == 0 {
            self.run.phase = RunPhase::Over;
            events.push(Event::RunOver(text));
        } else {
            self.run.attempt += 1;
            // A look-ahead copy is thrown away once it costs a life (every
            // rule returns at once after a life is lost), so setting the
            // level up again, the costliest part of a turn, is skipped.
            if !self.run.lookahead {
                self.enter_level();
            }
        }
    }

    /// Something hits you. A Star, a Shield, the Flame Pass (for flame) or an
    /// Immortal run takes it; flame hurts once a turn. Returns whether a life
    /// was lost (the level restarted or the run ended).
    pub(super) fn hurt(&mut self, death: Death, events: &mut Vec<Event>) -> bool {
        if self.run.setup.immortal {
            return false;
        }
        let unstoppable = matches!(death, Death::BoxedIn | Death::WalledIn | Death::Ceiling);
        if !unstoppable {
            let now = self.run.turn + 1;
            if self.player.shielded == now {
                return false;
            }
            if self.player.star > 0 {
                events.push(Event::Absorbed("Star".into()));
                return false;
            }
            if death == Death::Blast {
                if self.player.burnt == now {
                    return false;
                }
                self.player.burnt = now;
                if let Some((Charge::FlamePass, n)) = self.player.charge {
                    self.player.charge = (n > 1).then_some((Charge::FlamePass, n - 1));
                    events.push(Event::Absorbed("Flame Pass".into()));
                    return false;
                }
            }
            if self.carrying() == Some(Charge::Shield) {
                self.player.charge = None;
                self.player.shielded = now;
                events.push(Event::Absorbed("Shield".into()));
                return false;
            }
        }
        self.lose_life(death, events);
        true
    }

    pub(super) fn clear_level(&mut self, events: &mut Vec<Event>) {
        let earned = 2 + if self.run.turn <= self.run.par { 5 } else { 0 };
        self.player.coins += earned;
        events.push(Event::LevelCleared {
            level: self.run.level,
            turns: self.run.turn,
            par: self.run.par,
            coins: earned,
        });
        if self.run.level == LEVELS {
            self.run.phase = RunPhase::Won;
            events.push(Event::RunWon);
            return;
        }
        let cleared = self.run.level;
        self.run.level += 1;
        self.run.attempt = 0;
        self.run.fallen = None;
        // A look-ahead copy that clears the level is done with (the next
        // level's board is never looked at through it).
        if !self.run.lookahead {
            self.enter_level();
        }
        if items::SHOP_AFTER.contains(&cleared) {
            self.open_shop(cleared, events);
        }
    }

    /// Opens the shop that follows level `cleared` (its own stream).
    pub(super) fn open_shop(&mut self, cleared: u32, events: &mut Vec<Event>) {
        self.run.shop_rng = Rng::stream(self.run.seed, &format!("explodo.shop.{cleared}"));
        let shelf = items::draw(&items::shop_pool(&self.held()), items::SHOP_ITEMS, &mut self.run.shop_rng);
        events.push(Event::ShopOpened(shelf.clone()));
        self.run.dialogs.push(Dialog::Shop { items: shelf.into_iter().map(Some).collect(), restocks: 0 });
    }

    pub(super) fn reveal(&mut self, p: Pos, events: &mut Vec<Event>) {
        if p == self.board.layout.exit && !self.board.exit_revealed {
            self.board.exit_revealed = true;
            events.push(Event::ExitRevealed(p));
        }
        if p == self.board.layout.gem && !self.board.gem_revealed {
            self.board.gem_revealed = true;
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
                && !(self.board.exit_revealed && p == self.board.layout.exit)
                && !self.board.drops.iter().any(|d| d.pos == p)
        })
    }

    /// A slain enemy's drop: about one coin a kill, sometimes a charge (never
    /// a second Decoy, Freeze or Shield while one lies on the board).
    pub(super) fn drop_loot(&mut self, at: Pos, events: &mut Vec<Event>) {
        let roll = self.board.loot.below(100);
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
                        !(c.single_on_board() && self.board.drops.iter().any(|d| d.charge.is_some_and(|(k, _)| k == c)))
                    })
                    .collect();
                let c = kinds[self.board.loot.index(kinds.len())];
                (0, Some((c, c.uses())))
            }
        };
        if let Some(p) = self.drop_spot(at) {
            self.board.drops.push(Drop { pos: p, coins, charge });
            events.push(Event::DropSpawned(p, coins));
        }
    }
}
