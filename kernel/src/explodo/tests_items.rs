//! Power-ups, the gem, charges, the shop and the dialog decisions.

use super::board::{Diag, Dir, Pos, Tile};
use super::items::{self, Charge, Held, Offer, Power};
use super::tests::{arena, enemy, go, p};
use super::*;

use Action::{Bomb as B, Move as M, Wait as W};
use Dir::{Down as D, Left as L, Right as R};

fn refused(s: &mut State, a: Action) -> String {
    let before = s.clone();
    let e = Explodo::apply(s, &a).expect_err("refused").0.to_string();
    assert_eq!(*s, before, "a refused action changes nothing");
    e
}

fn with(s: &mut State, powers: &[Power]) {
    for &pw in powers {
        s.player.abilities |= pw.bit();
    }
}

fn lost(ev: &[Event], text: &str) -> bool {
    ev.iter().any(|e| matches!(e, Event::LifeLost(t) if t.contains(text)))
}

fn still(s: &mut State) {
    for e in &mut s.enemies.list {
        e.plan = [Step::Rest; 3].into();
    }
}

#[test]
fn stats_cap_at_5_and_an_offer_without_room_is_not_made() {
    let h = Held { abilities: 0, bombs: 5, blast: 4, fuse: 3 };
    assert!(!h.allows(Power::BombUp) && !h.allows(Power::Tnt) && h.allows(Power::FireUp) && h.allows(Power::FuseUp));
    let h = Held { abilities: Power::Run.bit() | Power::Kick.bit(), bombs: 1, blast: 1, fuse: 3 };
    let pool = items::gem_pool(&h);
    assert!(
        !pool.contains(&Offer::Power(Power::Run)) && !pool.contains(&Offer::Power(Power::Kick)),
        "abilities held are never offered"
    );
    assert!(
        pool.contains(&Offer::Power(Power::Star)) && pool.contains(&Offer::Power(Power::Heart)),
        "one-offs come again"
    );
    assert!(!items::shop_pool(&h).contains(&Offer::Power(Power::CoinBag)), "the shop sells no Coin bag");
    let mut s = arena(7, 7);
    s.player.blast = 2;
    assert_eq!(s.card(Offer::Power(Power::Tnt)), "Blast 2 → 4 (max 5)");
    s.player.blast = 4;
    assert_eq!(s.card(Offer::Power(Power::FireUp)), "Blast 4 → 5 (max 5)");
    s.player.charge = Some((Charge::Pierce, 2));
    assert_eq!(s.card(Offer::Charge(Charge::Pierce)), "Pierce 2 → 5");
}

#[test]
fn offers_are_weighted_common_above_rare() {
    let h = Held { abilities: 0, bombs: 1, blast: 1, fuse: 3 };
    let (mut common, mut rare) = (0, 0);
    for seed in 0..300 {
        let cards = items::draw(&items::gem_pool(&h), items::GEM_CARDS, &mut crate::rng::Rng::stream(seed, "t"));
        assert_eq!(cards.len(), 5);
        let mut sorted = cards.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 5, "5 different cards");
        common += cards.iter().filter(|&&o| o == Offer::Power(Power::BombUp)).count();
        rare += cards.iter().filter(|&&o| o == Offer::Power(Power::Proximity)).count();
    }
    assert!(common > 3 * rare, "Bomb +1 {common} times, Proximity alert {rare}");
}

/// An arena whose gem lies uncovered at (3, 1).
fn gem_arena() -> State {
    let mut s = arena(9, 7);
    s.board.layout.gem = p(3, 1);
    s.board.gem_revealed = true;
    s.player.at = p(2, 1);
    s
}

#[test]
fn the_gem_offers_five_cards_fixed_by_seed_and_level_and_choosing_takes_no_turn() {
    let mut s = gem_arena();
    let ev = go(&mut s, &[M(R)]);
    assert!(ev.contains(&Event::GemTaken(p(3, 1))));
    let Some(Dialog::Gem { cards, rainbow: false }) = s.run.dialogs.last().cloned() else {
        panic!("{:?}", s.run.dialogs)
    };
    assert_eq!(cards.len(), 5);
    let mut again = gem_arena();
    go(&mut again, &[M(R)]);
    assert_eq!(again.run.dialogs, s.run.dialogs, "the same seed and level offer the same");
    assert_eq!(refused(&mut s, W), "first choose one of the gem's cards", "it cannot be skipped");
    assert_eq!(refused(&mut s, Action::Choose(5)), "the gem offers cards 0 to 4");
    let turn = s.run.turn;
    go(&mut s, &[Action::Choose(0)]);
    assert!(s.run.dialogs.is_empty());
    assert_eq!(s.run.turn, turn, "choosing takes no turn");
    assert_eq!(refused(&mut s, Action::Choose(0)), "there is no dialog open to answer");
    go(&mut s, &[M(L), M(R)]);
    assert!(s.run.dialogs.is_empty(), "a gem is taken once");
}

#[test]
fn dying_on_the_gems_turn_means_no_choice_and_the_retry_has_it_back() {
    let mut s = Explodo::start(&Setup::default(), 3).unwrap();
    let gem = s.board.layout.gem;
    s.board.layout.set(gem, Tile::Floor);
    s.board.gem_revealed = true;
    s.player.at = gem.step(L);
    s.board.layout.set(s.player.at, Tile::Floor);
    s.bombs.list.push(Bomb::plain(gem.step(D), 1, 1));
    s.board.layout.set(gem.step(D), Tile::Floor);
    let ev = go(&mut s, &[M(R)]);
    assert!(lost(&ev, "caught in a blast"), "{ev:?}");
    assert!(s.run.dialogs.is_empty() && s.run.pending.is_empty(), "no choice");
    assert!(!s.board.gem_taken && s.board.layout.tile(gem) == Tile::Crate, "the gem is back under its crate");
}

#[test]
fn the_same_step_reaching_the_exit_chooses_first() {
    let mut s = gem_arena();
    with(&mut s, &[Power::Run]);
    s.board.layout.exit = p(4, 1);
    s.board.exit_revealed = true;
    s.board.exit_open = true;
    let ev = go(&mut s, &[Action::Run(R)]);
    assert!(!ev.iter().any(|e| matches!(e, Event::LevelCleared { .. })), "not yet: {ev:?}");
    assert_eq!(s.run.level, 1);
    let ev = go(&mut s, &[Action::Choose(1)]);
    assert!(ev.iter().any(|e| matches!(e, Event::LevelCleared { level: 1, .. })), "{ev:?}");
    assert_eq!(s.run.level, 2);
}

#[test]
fn run_goes_two_tiles_and_runs_into_an_enemy_between() {
    let mut s = arena(9, 5);
    assert_eq!(refused(&mut s, Action::Run(R)), "that needs the Run power-up");
    with(&mut s, &[Power::Run]);
    s.board.drops.push(Drop { pos: p(2, 1), coins: 2, charge: None });
    go(&mut s, &[Action::Run(R)]);
    assert_eq!(
        (s.player.at, s.player.coins, s.run.turn),
        (p(3, 1), 2, 2),
        "two tiles, one turn, the coins between picked up"
    );
    s.board.layout.set(p(5, 1), Tile::Crate);
    assert_eq!(refused(&mut s, Action::Run(R)), "a crate is in the way");
    s.board.layout.set(p(5, 1), Tile::Floor);
    enemy(&mut s, Kind::Blob, p(4, 1));
    still(&mut s);
    let ev = go(&mut s, &[Action::Run(R)]);
    assert!(lost(&ev, "you walked into a Blob"), "{ev:?}");
}

#[test]
fn a_kicked_bomb_slides_until_blocked_keeping_its_number() {
    let mut s = arena(9, 5);
    go(&mut s, &[B(R)]);
    assert_eq!(refused(&mut s, M(R)), "a bomb is in the way");
    with(&mut s, &[Power::Kick]);
    s.board.layout.set(p(6, 1), Tile::Crate);
    let ev = go(&mut s, &[M(R)]);
    assert!(ev.contains(&Event::Kicked(p(2, 1), p(5, 1))), "{ev:?}");
    assert_eq!(
        (s.bombs.list[0].pos, s.bombs.list[0].fuse, s.player.at),
        (p(5, 1), 2, p(1, 1)),
        "it stops before the crate, still counting"
    );
    assert_eq!(refused(&mut s, Action::Kick(D)), "there is no bomb next to you that way");
    // With Bomb Pass too, Move walks over it and Kick kicks.
    let mut s = arena(9, 5);
    with(&mut s, &[Power::Kick, Power::BombPass]);
    go(&mut s, &[B(R), M(R)]);
    assert_eq!(s.player.at, p(2, 1), "walked onto the bomb");
}

#[test]
fn a_slide_stops_at_a_crate_picks_up_on_the_way_and_crashes_into_enemies() {
    let mut s = arena(9, 5);
    with(&mut s, &[Power::Slide]);
    s.board.layout.set(p(6, 1), Tile::Crate);
    s.board.drops.push(Drop { pos: p(3, 1), coins: 5, charge: None });
    go(&mut s, &[Action::Slide(R)]);
    assert_eq!((s.player.at, s.player.coins, s.run.turn), (p(5, 1), 5, 2));
    assert_eq!(refused(&mut s, Action::Slide(R)), "nothing to slide over that way");
    let mut s = arena(9, 5);
    with(&mut s, &[Power::Slide]);
    enemy(&mut s, Kind::Blob, p(4, 1));
    still(&mut s);
    let ev = go(&mut s, &[Action::Slide(R)]);
    assert!(lost(&ev, "you crashed into a Blob"), "{ev:?}");
}

#[test]
fn an_rpg_bomb_lands_short_of_the_first_blocker() {
    let mut s = arena(11, 5);
    with(&mut s, &[Power::Rpg]);
    enemy(&mut s, Kind::Blob, p(7, 1));
    still(&mut s);
    go(&mut s, &[Action::Rpg(R)]);
    assert_eq!(s.bombs.list[0].pos, p(6, 1));
    assert!(refused(&mut s, Action::Rpg(D)).starts_with("you can have 1 bomb"));
    s.player.max_bombs = 2;
    s.board.layout.set(p(1, 2), Tile::Crate);
    assert_eq!(refused(&mut s, Action::Rpg(D)), "there is no room to fire that way");
}

#[test]
fn the_detonator_sets_a_bomb_off_this_turn() {
    let mut s = arena(9, 5);
    go(&mut s, &[B(R), M(D)]);
    assert_eq!(refused(&mut s, Action::Detonate(p(2, 1))), "that needs the Detonator power-up");
    with(&mut s, &[Power::Detonator]);
    s.player.at = p(1, 3);
    let ev = go(&mut s, &[Action::Detonate(p(2, 1))]);
    assert!(ev.iter().any(|e| matches!(e, Event::Exploded(at, _) if *at == p(2, 1))), "{ev:?}");
    assert_eq!(refused(&mut s, Action::Detonate(p(2, 1))), "there is no bomb of yours on that tile");
}

#[test]
fn proximity_alert_goes_off_when_an_enemy_walks_up() {
    let mut s = arena(11, 5);
    with(&mut s, &[Power::Proximity]);
    s.player.fuse = 5;
    go(&mut s, &[B(R)]);
    s.player.at = p(1, 3);
    let id = enemy(&mut s, Kind::Blob, p(4, 1));
    s.enemies.list[0].plan = [Step::Move(L), Step::Rest, Step::Rest].into();
    let ev = go(&mut s, &[W]);
    assert!(ev.iter().any(|e| matches!(e, Event::Exploded(at, _) if *at == p(2, 1))), "{ev:?}");
    assert!(ev.contains(&Event::EnemyDied(id, Kind::Blob)), "{ev:?}");
}

/// Regression (rules v2): a bomb placed beside an enemy that then stepped
/// away did not go off; the spec counts "one already there when you place it".
#[test]
fn proximity_alert_counts_an_enemy_already_there_when_you_place_it() {
    let mut s = arena(11, 5);
    with(&mut s, &[Power::Proximity]);
    s.player.fuse = 5;
    let id = enemy(&mut s, Kind::Blob, p(3, 1));
    s.enemies.list[0].plan = [Step::Move(R), Step::Move(R), Step::Rest].into();
    let ev = go(&mut s, &[B(R)]);
    assert!(ev.iter().any(|e| matches!(e, Event::Exploded(at, _) if *at == p(2, 1))), "{ev:?}");
    let _ = id;
}

#[test]
fn a_star_lets_nothing_hurt_you_for_8_turns() {
    let mut s = arena(9, 5);
    let mut ev = Vec::new();
    s.take(Offer::Power(Power::Star), &mut ev);
    s.bombs.list.push(Bomb::plain(p(2, 1), 1, 1));
    go(&mut s, &[W]);
    assert_eq!(s.player.lives, 3, "the blast did not hurt");
    go(&mut s, &[M(R)]);
    assert_eq!(s.player.at, p(2, 1), "walked into flame");
    go(&mut s, &[W, W, W, W, W]);
    assert_eq!(s.player.star, 1);
    go(&mut s, &[W]);
    assert_eq!(s.player.star, 0);
    s.bombs.list.push(Bomb::plain(p(3, 1), 1, 1));
    let ev = go(&mut s, &[W]);
    assert!(lost(&ev, "caught in a blast"), "after 8 turns it is gone: {ev:?}");
}

#[test]
fn heart_and_coin_bag_change_numbers() {
    let mut s = arena(5, 5);
    let mut ev = Vec::new();
    s.take(Offer::Power(Power::Heart), &mut ev);
    s.take(Offer::Power(Power::CoinBag), &mut ev);
    s.take(Offer::Power(Power::Tnt), &mut ev);
    assert_eq!((s.player.lives, s.player.coins, s.player.blast), (4, 10, 3));
}

fn carrying(s: &mut State, c: Charge) {
    s.player.charge = Some((c, c.uses()));
}

#[test]
fn pierce_burns_every_crate_in_reach_and_power_reaches_the_walls() {
    let mut s = arena(11, 5);
    s.player.blast = 3;
    carrying(&mut s, Charge::Pierce);
    for x in 3..=5 {
        s.board.layout.set(p(x, 1), Tile::Crate);
    }
    s.board.layout.set(p(1, 2), Tile::Floor);
    go(&mut s, &[Action::UseCharge(Aim::Dir(R)), M(D), M(D), W]);
    assert!((3..=5).all(|x| s.board.layout.tile(p(x, 1)) == Tile::Floor), "every crate in reach burnt");
    assert_eq!(s.player.charge, Some((Charge::Pierce, 2)));
    let mut s = arena(13, 5);
    carrying(&mut s, Charge::Power);
    s.board.layout.set(p(10, 1), Tile::Crate);
    s.board.layout.set(p(11, 1), Tile::Crate);
    go(&mut s, &[Action::UseCharge(Aim::Dir(R)), M(D), M(D), W]);
    assert_eq!(
        (s.board.layout.tile(p(10, 1)), s.board.layout.tile(p(11, 1))),
        (Tile::Floor, Tile::Crate),
        "to the first crate, however far"
    );
    assert_eq!(refused(&mut s, Action::UseCharge(Aim::Me)), "the Power is aimed in a direction");
}

#[test]
fn a_nuke_burns_two_steps_round_corners_but_not_past_metal() {
    let mut s = arena(11, 9);
    s.board.layout.set(p(5, 3), Tile::Pillar);
    s.board.layout.set(p(4, 4), Tile::Metal);
    let (tiles, _) = s.blast(&Bomb { pos: p(5, 4), fuse: 0, fire: 1, kind: BombKind::Nuke });
    assert!(tiles.contains(&p(6, 3)) && tiles.contains(&p(5, 6)), "two steps, diagonals too: {tiles:?}");
    assert!(!tiles.contains(&p(5, 3)) && !tiles.contains(&p(4, 4)), "pillars and metal stand");
    assert!(!tiles.contains(&p(4, 3)), "both ways round to it are blocked");
    assert!(!tiles.contains(&p(3, 4)), "the metal crate's far side is 4 steps round: {tiles:?}");
}

#[test]
fn acid_cracks_pillars_a_later_blast_breaks_one_and_the_ceiling_falls_4_turns_later() {
    let mut s = arena(11, 9);
    for (x, y) in [(4, 4), (6, 4), (6, 5), (8, 4)] {
        s.board.layout.set(p(x, y), Tile::Pillar);
    }
    s.player.at = p(1, 7);
    carrying(&mut s, Charge::Acid);
    s.bombs.list.push(Bomb { pos: p(5, 4), fuse: 1, fire: 1, kind: BombKind::Acid });
    let ev = go(&mut s, &[W]);
    assert!(
        ev.contains(&Event::PillarCracked(p(4, 4)))
            && ev.contains(&Event::PillarCracked(p(6, 4)))
            && ev.contains(&Event::PillarCracked(p(6, 5))),
        "diagonal ones too: {ev:?}"
    );
    assert_eq!(s.board.layout.tile(p(8, 4)), Tile::Pillar, "3 steps away: untouched");
    go(&mut s, &[W]);
    let id = enemy(&mut s, Kind::Blob, p(5, 5));
    still(&mut s);
    s.bombs.list.push(Bomb::plain(p(7, 4), 1, 1));
    let ev = go(&mut s, &[W]);
    assert!(ev.contains(&Event::PillarBroke(p(6, 4))), "{ev:?}");
    assert_eq!(s.board.layout.tile(p(6, 4)), Tile::Floor);
    still(&mut s);
    go(&mut s, &[W, W, W]);
    assert_eq!(s.board.layout.tile(p(5, 5)), Tile::Floor, "dust only, for now");
    still(&mut s);
    let ev = go(&mut s, &[W]);
    assert!(ev.iter().any(|e| matches!(e, Event::CeilingFell(t) if t.contains(&p(5, 5)))), "{ev:?}");
    assert_eq!(s.board.layout.tile(p(5, 5)), Tile::Rubble);
    assert!(ev.contains(&Event::EnemyDied(id, Kind::Blob)), "crushed");
    assert_eq!(s.board.layout.tile(p(6, 4)), Tile::Floor, "the pillar's own tile stays floor");
}

#[test]
fn a_shield_absorbs_one_hit_and_pushes_you_out_from_under_a_ceiling() {
    let mut s = arena(9, 5);
    carrying(&mut s, Charge::Shield);
    assert_eq!(refused(&mut s, Action::UseCharge(Aim::Me)), "the Shield works by itself while you carry it");
    s.bombs.list.push(Bomb::plain(p(2, 1), 1, 1));
    let ev = go(&mut s, &[W]);
    assert!(
        ev.contains(&Event::Absorbed("Shield".into())) && s.player.lives == 3 && s.player.charge.is_none(),
        "{ev:?}"
    );
    let mut s = arena(9, 7);
    carrying(&mut s, Charge::Shield);
    s.player.at = p(3, 3);
    s.board.ceilings.push((p(3, 3), s.run.turn));
    let ev = go(&mut s, &[W]);
    assert!(ev.contains(&Event::Absorbed("Shield".into())), "{ev:?}");
    assert_eq!(s.player.lives, 3);
    assert_ne!(s.player.at, p(3, 3), "pushed out");
    assert_eq!(s.board.layout.tile(p(3, 3)), Tile::Rubble);
    let mut s = arena(9, 7);
    s.player.at = p(3, 3);
    s.board.ceilings.push((p(3, 3), s.run.turn));
    let ev = go(&mut s, &[W]);
    assert!(lost(&ev, "the ceiling fell on you"), "{ev:?}");
}

#[test]
fn rubble_that_cuts_you_off_from_the_exit_costs_a_life() {
    let mut s = arena(9, 7);
    s.player.at = p(1, 1);
    let wall: Vec<Pos> = (1..6).map(|y| p(3, y)).collect();
    for &q in &wall {
        s.board.ceilings.push((q, s.run.turn));
    }
    let ev = go(&mut s, &[W]);
    assert!(lost(&ev, "rubble walled you in"), "{ev:?}");
}

#[test]
fn freeze_holds_every_enemy_3_turns_then_they_carry_on() {
    let mut s = arena(11, 5);
    s.player.at = p(1, 3);
    enemy(&mut s, Kind::Blob, p(6, 1));
    s.enemies.list[0].plan = [Step::Move(R), Step::Move(R), Step::Move(L)].into();
    carrying(&mut s, Charge::Freeze);
    let ev = go(&mut s, &[Action::UseCharge(Aim::Me)]);
    assert!(ev.contains(&Event::Frozen));
    assert!(s.player.charge.is_none());
    go(&mut s, &[W, W]);
    assert_eq!(s.enemies.list[0].pos, p(6, 1), "frozen 3 turns (the use's turn included)");
    assert_eq!(s.enemies.list[0].plan[0], Step::Move(R), "the arrows wait");
    go(&mut s, &[W]);
    assert_eq!(s.enemies.list[0].pos, p(7, 1), "then the moves shown");
}

#[test]
fn a_decoy_draws_chasers() {
    // A pillar over you: round it to the left toward you, to the right toward the decoy.
    let mut s = arena(11, 5);
    s.player.at = p(5, 3);
    s.board.layout.set(p(5, 2), Tile::Pillar);
    enemy(&mut s, Kind::Hunter, p(5, 1));
    assert_eq!(s.enemies.list[0].plan[0], Step::Move(L), "{:?}", s.enemies.list[0].plan);
    s.enemies.list.clear();
    carrying(&mut s, Charge::Decoy);
    assert_eq!(
        refused(&mut s, Action::UseCharge(Aim::At(p(9, 2)))),
        "a decoy goes up to 3 tiles away in a straight line"
    );
    go(&mut s, &[Action::UseCharge(Aim::At(p(8, 3)))]);
    assert_eq!(s.enemies.decoy, Some(p(8, 3)));
    enemy(&mut s, Kind::Hunter, p(5, 1));
    assert_eq!(s.enemies.list[0].plan[0], Step::Move(R), "off toward the decoy: {:?}", s.enemies.list[0].plan);
}

#[test]
fn an_icbm_bursts_on_landing() {
    let mut s = arena(11, 5);
    carrying(&mut s, Charge::Icbm);
    s.board.layout.set(p(8, 1), Tile::Crate);
    let ev = go(&mut s, &[Action::UseCharge(Aim::Dir(R))]);
    assert!(ev.iter().any(|e| matches!(e, Event::Exploded(at, _) if *at == p(7, 1))), "{ev:?}");
    assert_eq!(s.board.layout.tile(p(8, 1)), Tile::Floor);
    assert!(s.bombs.list.is_empty());
    assert_eq!(s.player.charge, Some((Charge::Icbm, 2)));
}

#[test]
fn flame_pass_takes_three_fire_hits() {
    let mut s = arena(11, 5);
    carrying(&mut s, Charge::FlamePass);
    for _ in 0..3 {
        s.bombs.list.push(Bomb::plain(p(2, 1), 1, 1));
        go(&mut s, &[W, W]);
        assert_eq!(s.player.lives, 3);
    }
    assert!(s.player.charge.is_none(), "used up");
}

#[test]
fn teleport_reaches_3_steps_4_with_run_and_a_square_with_diagonal() {
    let mut s = arena(11, 11);
    s.player.at = p(5, 5);
    carrying(&mut s, Charge::Teleport);
    s.board.layout.set(p(5, 4), Tile::Crate);
    assert_eq!(refused(&mut s, Action::UseCharge(Aim::At(p(5, 1)))), "Teleport reaches 3 steps");
    go(&mut s, &[Action::UseCharge(Aim::At(p(5, 2)))]);
    assert_eq!(s.player.at, p(5, 2), "over the crate");
    with(&mut s, &[Power::Run]);
    s.player.at = p(5, 5);
    go(&mut s, &[Action::UseCharge(Aim::At(p(5, 9)))]);
    assert_eq!(s.player.at, p(5, 9));
    let mut s = arena(11, 11);
    s.player.at = p(5, 5);
    carrying(&mut s, Charge::Teleport);
    with(&mut s, &[Power::Diagonal]);
    go(&mut s, &[Action::UseCharge(Aim::At(p(8, 8)))]);
    assert_eq!(s.player.at, p(8, 8), "a square: 3 diagonal steps count as 3");
}

#[test]
fn another_kind_of_charge_asks_keep_or_take_and_sells_for_half_price() {
    let mut s = arena(9, 5);
    s.player.charge = Some((Charge::Pierce, 2));
    s.board.drops.push(Drop { pos: p(2, 1), coins: 0, charge: Some((Charge::Nuke, 3)) });
    let ev = go(&mut s, &[M(R)]);
    assert!(ev.contains(&Event::ChargeExplained(Charge::Nuke)));
    assert_eq!(s.run.dialogs, vec![Dialog::Swap { new: Charge::Nuke, uses: 3 }]);
    let mut keep = s.clone();
    go(&mut keep, &[Action::KeepCharge]);
    assert_eq!(
        (keep.player.charge, keep.player.coins),
        (Some((Charge::Pierce, 2)), 3),
        "the Nuke sold for 3 (half of 6)"
    );
    go(&mut s, &[Action::TakeCharge]);
    assert_eq!(
        (s.player.charge, s.player.coins),
        (Some((Charge::Nuke, 3)), 2),
        "2 Pierce of 3 sold for 2 (half of 4 × 2/3, rounded up)"
    );
    assert_eq!(refused(&mut s.clone(), Action::FreezeFirst), "there is no dialog open to answer");
    // The same kind adds uses; a held Freeze can be used first.
    let mut s = arena(9, 5);
    s.player.charge = Some((Charge::Pierce, 1));
    s.board.drops.push(Drop { pos: p(2, 1), coins: 0, charge: Some((Charge::Pierce, 3)) });
    go(&mut s, &[M(R)]);
    assert_eq!(s.player.charge, Some((Charge::Pierce, 4)));
    let mut s = arena(9, 5);
    carrying(&mut s, Charge::Freeze);
    enemy(&mut s, Kind::Blob, p(6, 3));
    s.board.drops.push(Drop { pos: p(2, 1), coins: 0, charge: Some((Charge::Icbm, 3)) });
    go(&mut s, &[M(R)]);
    let ev = go(&mut s, &[Action::FreezeFirst]);
    assert!(ev.contains(&Event::Frozen));
    assert_eq!((s.player.charge, s.player.coins), (Some((Charge::Icbm, 3)), 0));
}

#[test]
fn the_carried_charge_drops_where_you_fell_and_lies_there_on_the_retry() {
    let mut s = Explodo::start(&Setup::default(), 9).unwrap();
    s.player.charge = Some((Charge::Pierce, 2));
    go(&mut s, &[B(R), W, W]);
    let at = s.player.at;
    let ev = go(&mut s, &[W]);
    assert!(ev.contains(&Event::ChargeDropped(at, Charge::Pierce, 2)), "{ev:?}");
    assert!(s.player.charge.is_none());
    let d = s.board.drops.iter().find(|d| d.charge.is_some()).expect("it lies on the board");
    assert_eq!((d.pos, d.charge), (at, Some((Charge::Pierce, 2))));
}

#[test]
fn enemies_never_drop_a_second_decoy_freeze_or_shield() {
    let mut seen = 0;
    for seed in 0..400 {
        let mut s = arena(9, 9);
        s.board.drops.push(Drop { pos: p(1, 7), coins: 0, charge: Some((Charge::Decoy, 1)) });
        s.board.drops.push(Drop { pos: p(2, 7), coins: 0, charge: Some((Charge::Freeze, 1)) });
        s.board.drops.push(Drop { pos: p(3, 7), coins: 0, charge: Some((Charge::Shield, 1)) });
        s.board.loot = crate::rng::Rng::stream(seed, "t");
        s.drop_loot(p(5, 3), &mut Vec::new());
        if let Some(c) = s.board.drops.get(3).and_then(|d| d.charge) {
            seen += 1;
            assert!(!c.0.single_on_board(), "{c:?}");
        }
    }
    assert!(seen > 10, "charges do drop: {seen}");
}

#[test]
fn the_shop_opens_after_level_3_from_the_seed_and_buying_works_at_once() {
    let shop_after_3 = |seed| {
        let mut s = Explodo::start(&Setup::default(), seed).unwrap();
        s.run.level = 3;
        s.enter_level();
        s.enemies.list.clear();
        s.board.exit_open = true;
        s.board.exit_revealed = true;
        s.player.at = s.board.layout.exit;
        let mut ev = Vec::new();
        s.clear_level(&mut ev);
        (s, ev)
    };
    let (mut s, ev) = shop_after_3(5);
    assert_eq!(s.run.level, 4);
    let Some(Dialog::Shop { items: shelf, restocks: 0 }) = s.run.dialogs.last().cloned() else {
        panic!("{:?}", s.run.dialogs)
    };
    assert_eq!(shelf.len(), 4);
    assert!(ev.iter().any(|e| matches!(e, Event::ShopOpened(o) if o.len() == 4)));
    assert_eq!(shop_after_3(5).0.run.dialogs, s.run.dialogs, "the same seed, the same shop");
    assert_eq!(refused(&mut s, W), "first buy, restock or leave the shop");
    s.player.coins = 30;
    let first = shelf[0].unwrap();
    let lives = s.player.lives;
    go(&mut s, &[Action::Buy(0)]);
    assert_eq!(s.player.coins, 30 - first.price());
    assert_eq!(refused(&mut s, Action::Buy(0)), "there is no item 0 on the shelf");
    if first == Offer::Power(Power::Heart) {
        assert_eq!(s.player.lives, lives + 1);
    }
    let coins = s.player.coins;
    let ev = go(&mut s, &[Action::Restock, Action::Restock]);
    assert!(ev.contains(&Event::Restocked(1)) && ev.contains(&Event::Restocked(2)), "{ev:?}");
    assert_eq!(s.player.coins, coins - 3);
    s.player.coins = 0;
    assert_eq!(refused(&mut s, Action::Restock), "a restock costs 3 coins; you have 0");
    let turn = s.run.turn;
    go(&mut s, &[Action::LeaveShop]);
    assert!(s.run.dialogs.is_empty());
    assert_eq!(s.run.turn, turn, "shopping takes no turns");
    // No shop after level 2.
    let mut s = Explodo::start(&Setup::default(), 5).unwrap();
    s.clear_level(&mut Vec::new());
    assert!(s.run.dialogs.is_empty());
}

#[test]
fn the_rainbow_gem_offers_everything_next_to_you_on_every_level() {
    let mut s = Explodo::start(&Setup { developer: true, immortal: false, ..Default::default() }, 4).unwrap();
    let r = s.board.rainbow.expect("a rainbow gem");
    assert_eq!(r.dist(s.player.at), 1);
    let d = if r.x > s.player.at.x { R } else { D };
    go(&mut s, &[M(d)]);
    let Some(Dialog::Gem { cards, rainbow: true }) = s.run.dialogs.last().cloned() else {
        panic!("{:?}", s.run.dialogs)
    };
    assert_eq!(cards.len(), items::gem_pool(&s.held()).len());
    assert!(cards.contains(&Offer::Charge(Charge::Teleport)) && cards.contains(&Offer::Power(Power::Slide)));
    let slide = cards.iter().position(|&c| c == Offer::Power(Power::Slide)).unwrap() as u8;
    go(&mut s, &[Action::Choose(slide)]);
    assert!(s.has(Power::Slide));
    assert!(s.board.rainbow.is_none());
    // After a death it is back, and it never offers what you hold.
    s.lose_life(Death::Blast, &mut Vec::new());
    assert_eq!(s.run.attempt, 1);
    assert!(s.board.rainbow.is_some());
    assert!(!items::gem_pool(&s.held()).contains(&Offer::Power(Power::Slide)));
}

#[test]
fn bomb_fire_and_fuse_ups_change_the_next_bombs() {
    let mut s = arena(11, 7);
    let mut ev = Vec::new();
    for pw in [Power::BombUp, Power::FireUp, Power::FuseUp] {
        s.take(Offer::Power(pw), &mut ev);
    }
    go(&mut s, &[B(R), B(D)]);
    assert_eq!(s.bombs.list.len(), 2, "two bombs at a time");
    assert_eq!(
        (s.bombs.list[1].fuse, s.bombs.list[1].fire),
        (4, 2),
        "a new bomb shows 4 once its own action is over and reaches 2"
    );
    for _ in 0..6 {
        s.take(Offer::Power(Power::FireUp), &mut ev);
    }
    assert_eq!(s.player.blast, STAT_CAP);
}

#[test]
fn a_decoy_is_gone_when_an_enemy_reaches_it_or_flame_burns_it() {
    let mut s = arena(11, 5);
    s.player.at = p(1, 3);
    s.enemies.decoy = Some(p(4, 1));
    enemy(&mut s, Kind::Blob, p(5, 1));
    s.enemies.list[0].plan = [Step::Move(L), Step::Rest, Step::Rest].into();
    let ev = go(&mut s, &[W]);
    assert!(ev.contains(&Event::DecoyGone(p(4, 1))) && s.enemies.decoy.is_none(), "{ev:?}");
    let mut s = arena(11, 5);
    s.player.at = p(1, 3);
    s.enemies.decoy = Some(p(4, 1));
    s.bombs.list.push(Bomb::plain(p(5, 1), 1, 1));
    let ev = go(&mut s, &[W]);
    assert!(ev.contains(&Event::DecoyGone(p(4, 1))), "{ev:?}");
}

/// A random action of any kind (the tiles aimed at lie within 3 of `near`).
fn any_action(r: &mut crate::rng::Rng, near: Pos) -> Action {
    let d = super::board::DIRS[r.index(4)];
    let at = Pos { x: near.x + r.below(7) as i32 - 3, y: near.y + r.below(7) as i32 - 3 };
    match r.below(22) {
        0..=5 => M(d),
        6 => B(d),
        7 => W,
        8 => Action::Run(d),
        9 => Action::Slide(d),
        10 => Action::Diagonal([Diag::UpLeft, Diag::UpRight, Diag::DownLeft, Diag::DownRight][r.index(4)]),
        11 => Action::Kick(d),
        12 => Action::Throw(d),
        13 => Action::Rpg(d),
        14 => Action::Detonate(at),
        15 => Action::UseCharge([Aim::Me, Aim::Dir(d), Aim::At(at)][r.index(3)]),
        16 => Action::Choose(r.below(30) as u8),
        17 => Action::Buy(r.below(5) as u8),
        18 => Action::Restock,
        19 => Action::LeaveShop,
        20 => [Action::KeepCharge, Action::TakeCharge][r.index(2)],
        _ => Action::FreezeFirst,
    }
}

#[test]
fn random_runs_with_every_action_never_panic_and_replay_exactly() {
    use crate::session::Session;
    let mut r = crate::rng::Rng::stream(11, "test.explodo.all");
    for seed in 0..8 {
        let setup = Setup { developer: seed % 2 == 0, immortal: seed % 4 == 1, ..Default::default() };
        let mut s = Session::<Explodo>::new(setup, seed).unwrap();
        for _ in 0..300 {
            let near = s.state().player.at;
            let a = any_action(&mut r, near);
            let _ = s.push(a);
        }
        let file = s.to_replay("t");
        let v = crate::verify::verify(&file).unwrap();
        assert_eq!(v.final_digest, s.digest());
    }
}

#[test]
fn random_play_on_every_level_with_every_power_never_panics() {
    // Every level's objects and enemies, with every ability held and a charge
    // of each kind in turn: random actions of every kind, no panic.
    let mut r = crate::rng::Rng::stream(23, "test.explodo.levels");
    let (mut accepted, mut blasts, mut objects) = (0, 0, 0);
    for level in 1..=20 {
        let mut s = level_state(u64::from(level) * 7, level);
        s.run.setup.immortal = true;
        s.player.abilities = POWERS_ALL;
        s.player.max_bombs = 3;
        s.player.blast = 3;
        for step in 0..400 {
            if step % 40 == 0 {
                let c = items::CHARGES[r.index(items::CHARGES.len())];
                s.player.charge = Some((c, c.uses()));
            }
            let a = any_action(&mut r, s.player.at);
            if let Ok(ev) = Explodo::apply(&mut s, &a) {
                accepted += 1;
                blasts += ev.iter().filter(|e| matches!(e, Event::Exploded(..))).count();
                objects += ev
                    .iter()
                    .filter(|e| {
                        matches!(
                            e,
                            Event::BushBurnt(_) | Event::OilBurnt(_) | Event::BarrelBurst(_) | Event::PillarBroke(_)
                        )
                    })
                    .count();
            }
            if s.run.phase != RunPhase::Playing {
                break;
            }
        }
    }
    assert!(
        accepted > 2_000 && blasts > 100 && objects > 5,
        "the random play did play: {accepted} actions, {blasts} blasts, {objects} object events"
    );
}

/// Every ability and pass.
const POWERS_ALL: u32 = {
    let mut bits = 0;
    let mut i = 0;
    while i < items::POWERS.len() {
        if items::POWERS[i].is_ability() {
            bits |= 1 << (items::POWERS[i] as u32);
        }
        i += 1;
    }
    bits
};
