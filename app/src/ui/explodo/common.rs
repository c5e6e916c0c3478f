//! What the parts of Explodorama's window share: the save name, the
//! banner's time and the developer's colour, the game's changes with their
//! demo scenes, a turn's sounds, and a death's last turns replayed.

use eframe::egui::Color32;
use retrace_kernel::explodo::items::{Charge, Power};
use retrace_kernel::explodo::{Event, Explodo, State};
use retrace_kernel::Session;

/// The save name of the live run.
pub const SAVE: &str = "explodorama";

/// How long the level-start banner stays up.
pub const BANNER_SECONDS: f32 = 1.8;

/// The game's changes a player meets, newest first: the date (of the
/// commit that made it) and the English (its Russian in the window's table).
pub const CHANGES: [(&str, &str); 7] = [
    ("2026-12-03", "A new look and new controls: an astronaut among seven creatures, bronze, silver and gold coins, each level's gem its own colour; the tile you click decides what Move and Bomb do; press and hold a tile to bomb; a preview before every move; What is that? explains anything. The demo opens the game and shows the controls and every way to lose a life."),
    ("2026-12-02", "Rules v6: a bomb goes off at the end of the third turn after you put it down, as the rule book says; a boxed-in player's way out is judged as a move would take it; crates crumble only once the last enemy is gone; auto-move finds far tiles with Run, Diagonal and Slide."),
    ("2026-12-01", "Rules v5: scenes. Clips on the gem and shop cards and in first-time dialogs; the Almanac and the Demo in the menu; bug reports replay beside today's autopilot."),
    ("2026-12-01", "Auto-move and autopilot, sounds, a lost life played again, bug reports, power-ups in Russian."),
    ("2026-11-30", "Rules v3: level 19 has every enemy type; a Throw can free you; Proximity counts an enemy already there."),
    ("2026-11-30", "Rules v2: power-ups, charges, the gem, the shop, and board objects (bushes, metal crates, oil, spikes, barrels)."),
    ("2026-11-30", "Rules v1: the 20-level run."),
];

/// The demo scene of a Changes entry that has one (issue 43 item 7): the
/// feature it brought, at work. By the entry's English.
pub fn change_scene(en: &str) -> Option<retrace_kernel::explodo::scene::Topic> {
    use retrace_kernel::explodo::scene::Control;
    use retrace_kernel::explodo::scene::{Thing, Topic};
    if en.starts_with("A new look") {
        Some(Topic::Control(Control::Hold))
    } else if en.starts_with("Rules v6") {
        Some(Topic::Control(Control::Bomb))
    } else if en.starts_with("Rules v5") {
        Some(Topic::Charge(Charge::Nuke))
    } else if en.starts_with("Rules v3") {
        Some(Topic::Power(Power::Throw))
    } else if en.starts_with("Rules v2") {
        Some(Topic::Thing(Thing::Barrel))
    } else if en.starts_with("Rules v1") {
        Some(Topic::Thing(Thing::Exit))
    } else {
        None
    }
}

/// Developer mode's colour (its tag, its victory).
pub const DEVELOPER_RED: Color32 = Color32::from_rgb(220, 60, 60);

/// How many turns before a death its banner plays again.
pub const DEATH_TURNS: u32 = 6;

/// The run's states over the `n` turns before step `death` (the action that
/// cost the life), oldest first, the last the board the fatal action was
/// taken on: replayed from the session's log by the kernel, never recorded.
pub fn last_turns(session: &Session<Explodo>, death: u32, n: u32) -> Vec<State> {
    let mut sim = session.clone();
    let first = death.saturating_sub(n);
    (first..death)
        .map(|k| {
            sim.seek(k);
            sim.state().clone()
        })
        .collect()
}

/// A turn's sounds (issue 43 item 7: several, not one), each with when it
/// plays after the turn, timed with what the board shows: at once a bomb
/// set down (pop) or, with nothing else at once, a step; as the move's
/// tween lands (0.12 s) a boom (a louder one for a chain), a thrown bomb or
/// ICBM landing, coins, a charge, the gem; then enemies vanishing (0.25 s),
/// hurt (0.2 s), the exit opening (0.35 s) and a cleared level (0.4 s).
/// Each effect once a turn, in the order they play.
pub fn effects(events: &[Event]) -> Vec<(crate::sound::Effect, f32)> {
    use crate::sound::Effect;
    let any = |f: &dyn Fn(&Event) -> bool| events.iter().any(f);
    let mut out: Vec<(Effect, f32)> = Vec::new();
    let mut add = |e: Effect, at: f32, when: bool| {
        if when && !out.iter().any(|(o, _)| *o == e) {
            out.push((e, at));
        }
    };
    add(Effect::Pop, 0.0, any(&|e| matches!(e, Event::BombPlaced(_))));
    add(Effect::Pop, 0.12, any(&|e| matches!(e, Event::Launched(_))));
    let chain = any(&|e| matches!(e, Event::Chain(_)));
    add(Effect::BigBoom, 0.12, chain);
    add(Effect::Boom, 0.12, !chain && any(&|e| matches!(e, Event::Exploded(..))));
    add(Effect::Coin, 0.12, any(&|e| matches!(e, Event::DropPicked(..))));
    add(Effect::Charge, 0.12, any(&|e| matches!(e, Event::ChargeGained(..))));
    add(Effect::Gem, 0.12, any(&|e| matches!(e, Event::GemTaken(_))));
    add(Effect::Hurt, 0.2, any(&|e| matches!(e, Event::LifeLost(_) | Event::RunOver(_))));
    add(Effect::EnemyGone, 0.25, any(&|e| matches!(e, Event::EnemyDied(..))));
    add(Effect::ExitOpen, 0.35, any(&|e| matches!(e, Event::ExitOpened)));
    add(Effect::Cleared, 0.4, any(&|e| matches!(e, Event::LevelCleared { .. } | Event::RunWon)));
    if !out.iter().any(|(_, at)| *at == 0.0) {
        out.insert(0, (Effect::Step, 0.0));
    }
    out.sort_by(|a, b| a.1.total_cmp(&b.1));
    out
}
