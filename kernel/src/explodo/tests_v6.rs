//! Rules v6's fixes, each on a hand-built arena: every test here fails under
//! v5's rules and passes under v6's.

use super::board::{Diag, Dir, Tile};
use super::items::{Charge, Power};
use super::tests::{arena, enemy, go, p};
use super::*;

use Action::{Bomb as B, Wait as W};
use Dir::{Down as D, Left as L, Right as R, Up as U};

/// The fuse counted action by action: a new bomb shows 3 once the action
/// that put it down is over, then 2, then 1, and goes off at the end of the
/// next action, the third after the one that placed it.
#[test]
fn a_new_bomb_shows_3_and_goes_off_at_the_end_of_the_third_action_after() {
    let mut s = arena(9, 9);
    s.player.at = p(4, 4);
    go(&mut s, &[B(R)]);
    assert_eq!(s.bombs.list.iter().map(|b| b.fuse).collect::<Vec<_>>(), [START_FUSE]);
    // Walk out of its cross: up and round the corner.
    for (shows, step) in [(2, Action::Move(U)), (1, Action::Move(U))] {
        let ev = go(&mut s, &[step]);
        assert!(!ev.iter().any(|e| matches!(e, Event::Exploded(..))), "{ev:?}");
        assert_eq!(s.bombs.list[0].fuse, shows);
    }
    let ev = go(&mut s, &[Action::Move(L)]);
    assert!(ev.iter().any(|e| matches!(e, Event::Exploded(at, _) if *at == p(5, 4))), "{ev:?}");
    assert!(s.bombs.list.is_empty());
}

/// Shut in by pillars with Diagonal held, every diagonal is a squeeze that
/// `act` refuses: that is boxed in, and costs a life, not an endless wait.
#[test]
fn a_player_shut_in_with_only_squeezing_diagonals_is_boxed_in() {
    let mut s = arena(9, 9);
    s.player.at = p(4, 4);
    s.hold(Power::Diagonal);
    for d in [U, D, L, R] {
        s.board.layout.set(s.player.at.step(d), Tile::Pillar);
    }
    // The diagonals are free floor, but each lies between two pillars.
    assert_eq!(s.board.layout.tile(s.player.at.diag(Diag::UpLeft)), Tile::Floor);
    assert!(Explodo::apply(&mut s.clone(), &Action::Diagonal(Diag::UpLeft)).is_err());
    let ev = go(&mut s, &[W]);
    assert!(ev.iter().any(|e| matches!(e, Event::LifeLost(t) if t.contains("boxed in"))), "{ev:?}");
}

/// A carried ICBM with no room to fire is no way out either.
#[test]
fn an_icbm_that_cannot_be_fired_is_no_way_out() {
    let mut s = arena(9, 9);
    s.player.at = p(4, 4);
    s.player.charge = Some((Charge::Icbm, 3));
    for d in [U, D, L, R] {
        s.board.layout.set(s.player.at.step(d), Tile::Pillar);
    }
    let ev = go(&mut s, &[W]);
    assert!(ev.iter().any(|e| matches!(e, Event::LifeLost(t) if t.contains("boxed in"))), "{ev:?}");
}

/// One blast kills the last enemy and hits the uncovered exit: three are
/// let out, so the exit stays shut and no crate starts crumbling.
#[test]
fn no_crate_crumbles_while_a_released_enemy_lives() {
    let mut s = arena(11, 5);
    s.board.layout.exit = p(4, 1);
    s.board.exit_revealed = true;
    s.board.layout.set(p(8, 3), Tile::Crate);
    enemy(&mut s, Kind::Blob, p(3, 2));
    for e in &mut s.enemies.list {
        e.plan = [Step::Rest; 3].into();
    }
    s.bombs.list.push(Bomb { pos: p(3, 1), fuse: 1, fire: 1, kind: BombKind::Plain });
    s.player.at = p(7, 3);
    let ev = go(&mut s, &[W]);
    assert!(ev.iter().any(|e| matches!(e, Event::EnemyDied(..))), "{ev:?}");
    assert!(ev.iter().any(|e| matches!(e, Event::Released(_, 3))), "{ev:?}");
    assert!(!ev.contains(&Event::ExitOpened), "{ev:?}");
    assert!(s.board.crumbling.is_empty(), "{:?}", s.board.crumbling);
    assert!(!s.board.exit_open);
    assert_eq!(s.enemies.list.len(), 3);
}

/// When the last enemy is really gone, crates shake for the turn of the kill
/// and crumble 1 to 3 turns later, never in the very turn of the kill.
#[test]
fn crates_shake_a_turn_before_they_crumble() {
    for seed in 0..12 {
        let mut s = arena(11, 5);
        s.enemies.ai = crate::rng::Rng::stream(seed, "test.crumble");
        for x in 6..10 {
            s.board.layout.set(p(x, 3), Tile::Crate);
        }
        enemy(&mut s, Kind::Blob, p(2, 2));
        for e in &mut s.enemies.list {
            e.plan = [Step::Rest; 3].into();
        }
        s.bombs.list.push(Bomb { pos: p(2, 1), fuse: 1, fire: 1, kind: BombKind::Plain });
        s.player.at = p(5, 1);
        let ev = go(&mut s, &[W]);
        assert!(ev.contains(&Event::ExitOpened), "{ev:?}");
        assert!(!ev.iter().any(|e| matches!(e, Event::CrateCrumbled(_))), "seed {seed}: {ev:?}");
        assert_eq!(s.board.crumbling.len(), 4);
        assert!(s.board.crumbling.iter().all(|&(_, left)| (1..=3).contains(&left)), "{:?}", s.board.crumbling);
    }
}

/// A barrel an ICBM bursts goes off the next turn, as one a bomb bursts does.
#[test]
fn a_barrel_an_icbm_bursts_goes_off_the_next_turn() {
    let mut s = arena(11, 5);
    s.player.charge = Some((Charge::Icbm, 3));
    s.board.layout.set(p(8, 1), Tile::Barrel);
    let ev = go(&mut s, &[Action::UseCharge(Aim::Dir(R))]);
    assert!(ev.contains(&Event::BarrelBurst(p(8, 1))), "{ev:?}");
    assert!(!ev.iter().any(|e| matches!(e, Event::Exploded(at, _) if *at == p(8, 1))), "the same turn: {ev:?}");
    let ev = go(&mut s, &[Action::Move(D)]);
    assert!(ev.iter().any(|e| matches!(e, Event::Exploded(at, _) if *at == p(8, 1))), "the next turn: {ev:?}");
}
