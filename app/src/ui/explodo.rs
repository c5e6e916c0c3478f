//! Explodorama's window: the board (tiles, objects, enemies with their arrows,
//! bombs with their numbers, flame, drops), the top bar (lives, level,
//! enemies, coins, turn / par, bombs / blast / fuse, abilities, the charge),
//! an action bar (pick an action, then a direction or a tile; the tile you
//! click decides what it does), the gem's cards, the shop and the charge swap
//! as dialogs, the death and end-of-run banners, and the high scores.
//!
//! Keys: arrows or W A S D act in that direction (a step, or the picked
//! action), Q E Z C step diagonally (with Diagonal), Space waits, M B R L K T
//! F X V pick Move, Bomb, Run, Slide, Kick, Throw, RPG, Detonate, Charge.

pub mod almanac;
pub mod clip;
pub mod demo;
pub mod input;
pub mod paint;

pub use input::{danger, deadly, tap, toward, Mode};
pub use paint::{bomb_badge, paint, paint_pair};

use super::text::tr;
use crate::store::explodo::{record_score, SCORES};
use crate::store::{today, Lang, Store};
use eframe::egui::{self, Color32, RichText, Sense, Vec2, WidgetInfo};
use retrace_kernel::explodo::board::{Diag, Dir, Pos};
use retrace_kernel::explodo::items::{Charge, Offer, Power, POWERS};
use retrace_kernel::explodo::route::{autopilot, route, Route};
use retrace_kernel::explodo::{scores, Action, Aim, Dialog, Event, Explodo, RunPhase, Setup, State};
use retrace_kernel::Session;

/// The save name of the live run.
pub const SAVE: &str = "explodorama";

/// The new-run form on the home card.
#[derive(Clone, Debug, Default)]
pub struct RunForm {
    /// Empty for a random dungeon; digits, or any text made into a seed.
    pub seed: String,
    /// Developer mode.
    pub developer: bool,
    /// Immortal mode.
    pub immortal: bool,
    /// Test option: the start level (0 or 1: the first).
    pub level: u32,
    /// Test option: a charge carried from the start.
    pub charge: Option<retrace_kernel::explodo::items::Charge>,
    /// Test option: open the shop after this level with 9 coins (0: no).
    pub shop_after: u32,
}

impl RunForm {
    /// The setup the form describes (a shop after a level wins over a start
    /// level: the run starts behind that shop).
    pub fn setup(&self) -> Setup {
        Setup {
            developer: self.developer,
            immortal: self.immortal,
            start_level: if self.shop_after > 0 { 0 } else { self.level },
            charge: self.charge,
            shop_after: self.shop_after,
            ..Default::default()
        }
    }

    /// Starts a run from the form (a random seed when the field is empty).
    pub fn start(&self) -> ExplodoView {
        let seed = retrace_kernel::rng::seed_from_text(&self.seed).unwrap_or_else(crate::random_seed);
        ExplodoView::new(self.setup(), seed)
    }

    /// The test options, in the home card (the spec's URL parameters).
    pub fn test_options(&mut self, ui: &mut egui::Ui, lang: Lang) {
        use retrace_kernel::explodo::items::CHARGES;
        ui.collapsing(tr(lang, "Test options"), |ui| {
            ui.horizontal(|ui| {
                let l = ui.label(tr(lang, "Start at level"));
                ui.add(egui::DragValue::new(&mut self.level).range(1..=20)).labelled_by(l.id);
            });
            ui.horizontal(|ui| {
                let none = tr(lang, "none").to_string();
                egui::ComboBox::from_label(tr(lang, "Charge"))
                    .selected_text(self.charge.map_or(none.clone(), |c| charge_name(c, lang).to_string()))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut self.charge, None, none);
                        for c in CHARGES {
                            ui.selectable_value(&mut self.charge, Some(c), charge_name(c, lang));
                        }
                    });
            });
            ui.horizontal(|ui| {
                let l = ui.label(tr(lang, "Shop after level (0: no)"));
                ui.add(egui::DragValue::new(&mut self.shop_after).range(0..=19)).labelled_by(l.id);
            });
            ui.label(tr(lang, "A test run is never saved over your run and earns no score."));
        });
    }
}

/// A run on screen.
pub struct ExplodoView {
    /// The run (a replay like every session).
    pub session: Session<Explodo>,
    /// The picked action.
    pub mode: Mode,
    /// The action was picked on purpose (a button or its key): then even a
    /// deadly move is made; a shortcut refuses one.
    pub picked: bool,
    /// The last message (a refusal, a death, an explanation).
    pub message: Option<String>,
    /// What the last turn did (its events), for the log under the board.
    pub log: Vec<Event>,
    /// The run's end has been recorded on the score board.
    recorded: bool,
    /// The score board is showing.
    pub show_scores: bool,
    /// The almanac, while its window is open.
    pub almanac: Option<almanac::Almanac>,
    /// The keyboard's and pad's cursor (Shift + arrows, the d-pad): the tile
    /// the next action aims at, back on you after each turn.
    pub cursor: Option<Pos>,
    /// "What is that?" (`?`, R1): the cursor aims at things to explain.
    pub asking: bool,
    /// Pad presses not yet handled (the shell fills it each frame).
    pub pad: Vec<crate::pad::Button>,
    /// The pad was the last input (a key or a click hands back): dialogs
    /// show its face buttons.
    pub pad_in_use: bool,
    /// The view's top-left corner in tiles (fractional while it glides).
    pub camera: (f32, f32),
    /// Where the player looks (dragging, Alt + arrows), in place of following
    /// the cursor or you; Home or an action follows again.
    pub look: Option<(f32, f32)>,
    /// The board (level, attempt) the view was last placed on.
    camera_board: Option<(u32, u32)>,
    /// The last turn's animation and when it started (set when first
    /// drawn); the next action replaces it, so it never delays input.
    anim: Option<(paint::Motion, Option<f64>)>,
    /// The demo, while its window is open.
    pub demo: Option<demo::Demo>,
    /// The place the finished run took on the board.
    pub place: Option<usize>,
    /// The picked action's tiles (step, mode, tiles with whether each is
    /// deadly), worked out once per step and pick.
    targets: Option<(u32, Mode, Targets)>,
    /// The danger overlay and whether waiting is deadly, worked out once per
    /// step (the window redraws far more often than the run moves).
    preview: Option<Preview>,
    /// Sound effects the last turns asked for; the shell plays and empties it.
    pub sounds: Vec<crate::sound::Effect>,
    /// Auto-move's destination, while walking there.
    pub walk: Option<Pos>,
    /// The way there (or to the tile pointed at), for one step of the run:
    /// (step, destination, the way), worked out again every turn.
    route: Option<(u32, Pos, Option<Route>)>,
    /// When auto-move or autopilot last stepped by itself (egui's clock).
    walked_at: f64,
    /// Autopilot is on (the setting; the shell keeps them in step).
    pub autopilot: bool,
    /// Autopilot stopped (no safe turn, or Esc) until the player acts.
    pub pilot_stopped: bool,
    /// The last death seen again: how it happened and the run's states over
    /// the turns before it (the kernel's, replayed from the log), looping in
    /// the life-lost or game-over banner until dismissed.
    pub death: Option<(String, Vec<State>)>,
    /// The bug report being written (its note), while its window is open.
    pub bug_note: Option<String>,
    /// The last bug report written.
    pub bug_written: Option<std::path::PathBuf>,
    /// The in-run menu is open.
    pub menu: bool,
    /// New run was asked for in the menu: the question is up.
    confirm_new: bool,
    /// Sound on (the setting; the shell keeps them in step).
    pub sound: bool,
    /// A level cleared with the shop to follow (after levels 3, 6, 9, 12, 15
    /// and 18): its banner (level, turns, par, coins) comes first.
    pub cleared: Option<(u32, u32, u32, u32)>,
    /// A first-time explanation on screen: a power-up's or charge's first
    /// time in this run (what it is, and what it does).
    pub explain: Option<Offer>,
    /// The clip a dialog shows (the selected card's, the explained power-up's
    /// or charge's), kept while the same offer is on show.
    clip: clip::Slot,
    /// The power-ups explained in this run, a bit each.
    explained: u32,
    /// The card or shop item selected in the dialog on top (the first
    /// offered one is selected when a dialog opens or the selected one goes).
    pub selected: usize,
    /// The level-start banner: the level and attempt it is for, and when it
    /// went up (`None` once an action or the time took it down).
    banner: Option<((u32, u32), std::time::Instant)>,
    /// The level and attempt the last banner was for.
    bannered: Option<(u32, u32)>,
}

/// The top bar's icons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    /// Lives.
    Heart,
    /// The level.
    Flag,
    /// Enemies left.
    Enemy,
    /// Coins.
    Coin,
    /// The turn against par.
    Turn,
    /// Bombs at once.
    Bomb,
    /// Blast reach.
    Blast,
    /// A new bomb's fuse.
    Fuse,
    /// Star turns left.
    Star,
    /// Power-ups held.
    Held,
    /// The charge carried.
    Charge,
}

/// Paints a top-bar icon into `r` (shapes, no font glyphs).
pub fn paint_icon(painter: &egui::Painter, r: egui::Rect, icon: Icon) {
    let c = r.center();
    let u = r.width() / 2.0;
    let p = |x: f32, y: f32| c + Vec2::new(x * u, y * u);
    let fill = |pts: Vec<egui::Pos2>, col: Color32| {
        painter.add(egui::Shape::convex_polygon(pts, col, egui::Stroke::NONE));
    };
    match icon {
        Icon::Heart => {
            let red = Color32::from_rgb(220, 50, 60);
            painter.circle_filled(p(-0.42, -0.3), u * 0.45, red);
            painter.circle_filled(p(0.42, -0.3), u * 0.45, red);
            fill(vec![p(-0.85, -0.15), p(0.85, -0.15), p(0.0, 0.9)], red);
        }
        Icon::Flag => {
            painter.line_segment([p(-0.6, -0.9), p(-0.6, 0.9)], egui::Stroke::new(1.5, Color32::LIGHT_GRAY));
            fill(vec![p(-0.6, -0.9), p(0.8, -0.5), p(-0.6, -0.1)], Color32::from_rgb(80, 200, 120));
        }
        Icon::Enemy => {
            painter.circle_filled(c, u * 0.85, Color32::from_rgb(120, 200, 60));
            for x in [-0.3, 0.3] {
                painter.circle_filled(p(x, -0.1), u * 0.2, Color32::WHITE);
            }
        }
        Icon::Coin => {
            painter.circle(
                c,
                u * 0.8,
                Color32::from_rgb(230, 180, 40),
                egui::Stroke::new(1.0, Color32::from_rgb(150, 110, 20)),
            );
        }
        Icon::Turn => {
            let sand = Color32::from_rgb(200, 170, 110);
            fill(vec![p(-0.7, -0.9), p(0.7, -0.9), p(0.0, 0.0)], sand);
            fill(vec![p(0.0, 0.0), p(0.7, 0.9), p(-0.7, 0.9)], sand);
        }
        Icon::Bomb => {
            painter.circle_filled(p(-0.1, 0.15), u * 0.7, Color32::from_gray(20));
            painter
                .line_segment([p(0.3, -0.4), p(0.7, -0.85)], egui::Stroke::new(1.5, Color32::from_rgb(200, 150, 80)));
        }
        Icon::Blast => {
            let orange = Color32::from_rgb(250, 140, 30);
            fill(vec![p(0.0, -1.0), p(0.3, -0.3), p(0.0, 0.3), p(-0.3, -0.3)], orange);
            fill(vec![p(-1.0, 0.1), p(-0.3, -0.15), p(0.3, 0.15), p(-0.3, 0.35)], orange);
            fill(vec![p(1.0, 0.1), p(0.3, 0.35), p(-0.3, 0.15), p(0.3, -0.15)], orange);
            painter.circle_filled(p(0.0, 0.1), u * 0.3, Color32::from_rgb(255, 220, 80));
        }
        Icon::Fuse => {
            painter.line_segment([p(-0.8, 0.8), p(0.4, -0.4)], egui::Stroke::new(2.0, Color32::from_rgb(200, 150, 80)));
            painter.circle_filled(p(0.55, -0.55), u * 0.3, Color32::from_rgb(255, 210, 60));
        }
        Icon::Star => {
            let gold = Color32::from_rgb(250, 210, 40);
            fill(vec![p(0.0, -1.0), p(0.3, 0.3), p(-0.3, 0.3)], gold);
            fill(vec![p(-0.95, -0.3), p(0.95, -0.3), p(0.0, 0.35)], gold);
            fill(vec![p(0.0, 0.1), p(0.6, 0.95), p(-0.6, 0.95)], gold);
        }
        Icon::Held => {
            let blue = Color32::from_rgb(90, 160, 255);
            fill(vec![p(-0.25, -0.9), p(0.25, -0.9), p(0.25, 0.9), p(-0.25, 0.9)], blue);
            fill(vec![p(-0.9, -0.25), p(0.9, -0.25), p(0.9, 0.25), p(-0.9, 0.25)], blue);
        }
        Icon::Charge => {
            let violet = Color32::from_rgb(170, 120, 250);
            fill(vec![p(0.2, -1.0), p(-0.6, 0.15), p(0.0, 0.15)], violet);
            fill(vec![p(0.0, -0.15), p(0.6, -0.15), p(-0.2, 1.0)], violet);
        }
    }
}

/// Tiles a picked action can use, each with whether it is deadly.
type Targets = Vec<(Pos, bool)>;

/// How long the level-start banner stays up.
pub const BANNER_SECONDS: f32 = 1.8;

/// What the rules say about the coming turns, for one step of the run.
struct Preview {
    step: u32,
    now: std::collections::BTreeSet<Pos>,
    next: std::collections::BTreeSet<Pos>,
    wait_deadly: bool,
}

/// A power-up's name in the window's language.
pub fn power_name(p: Power, lang: Lang) -> &'static str {
    if lang != Lang::Ru {
        return p.name();
    }
    match p {
        Power::BombUp => "Бомба +1",
        Power::FireUp => "Огонь +1",
        Power::Tnt => "Тротил",
        Power::FuseUp => "Запал +1",
        Power::Run => "Бег",
        Power::Kick => "Пинок",
        Power::Throw => "Бросок",
        Power::Diagonal => "Диагональ",
        Power::Slide => "Скольжение",
        Power::Rpg => "Гранатомёт",
        Power::Detonator => "Детонатор",
        Power::Proximity => "Датчик близости",
        Power::CratePass => "Сквозь ящики",
        Power::BombPass => "Сквозь бомбы",
        Power::Star => "Звезда",
        Power::Heart => "Сердце",
        Power::CoinBag => "Мешок монет",
    }
}

/// What a power-up does, in the window's language.
pub fn power_text(p: Power, lang: Lang) -> &'static str {
    if lang != Lang::Ru {
        return p.text();
    }
    match p {
        Power::BombUp => "Ещё одна бомба на поле одновременно, до 5.",
        Power::FireUp => "Взрыв достаёт на клетку дальше, до 5.",
        Power::Tnt => "Взрыв достаёт на две клетки дальше, до 5.",
        Power::FuseUp => "Ваши бомбы начинают отсчёт на единицу выше, до 5.",
        Power::Run => "Ход может пробежать 2 клетки по прямой.",
        Power::Kick => "Войдите в бомбу, и она покатится, пока что-нибудь её не остановит.",
        Power::Throw => "Бомбу можно бросить на 2 клетки, через ящик, бомбу или врага (не через колонну).",
        Power::Diagonal => "Ход может идти по диагонали, если обе клетки рядом с шагом не заняты.",
        Power::Slide => "Ход может скользить по прямой, пока стена, ящик или бомба не остановят вас.",
        Power::Rpg => "Бомбой можно выстрелить по прямой; она падает перед первым препятствием.",
        Power::Detonator => "Взорвите одну из своих бомб в этот ход.",
        Power::Proximity => "Ваши бомбы взрываются, когда враг оказывается рядом.",
        Power::CratePass => "Проходите сквозь ящики.",
        Power::BombPass => "Проходите по бомбам.",
        Power::Star => "8 ходов вам ничто не вредит; можно идти сквозь огонь.",
        Power::Heart => "Ещё одна жизнь.",
        Power::CoinBag => "10 монет.",
    }
}

/// A charge's name in the window's language.
pub fn charge_name(c: Charge, lang: Lang) -> &'static str {
    if lang != Lang::Ru {
        return c.name();
    }
    match c {
        Charge::Pierce => "Пробой",
        Charge::Power => "Мощь",
        Charge::Nuke => "Ядерная",
        Charge::Acid => "Кислота",
        Charge::Shield => "Щит",
        Charge::Freeze => "Заморозка",
        Charge::Decoy => "Приманка",
        Charge::Icbm => "МБР",
        Charge::FlamePass => "Сквозь огонь",
        Charge::Teleport => "Телепорт",
    }
}

/// What a charge does, in the window's language.
pub fn charge_text(c: Charge, lang: Lang) -> &'static str {
    if lang != Lang::Ru {
        return c.text();
    }
    match c {
        Charge::Pierce => "3 бомбы, чей огонь проходит сквозь ящики, сжигая все в пределах досягаемости.",
        Charge::Power => "3 бомбы, чей огонь достаёт до самых стен (ящики всё ещё его останавливают).",
        Charge::Nuke => "3 бомбы, которые выжигают ещё и всё в 2 шагах, сквозь ящики и за углы. Отойдите на 3 шага.",
        Charge::Acid => "1 бомба: жжёт как ядерная и раскалывает колонны рядом; следующий взрыв ломает треснувшую колонну, а через 4 хода падает потолок.",
        Charge::Shield => "Работает сам: поглощает следующий удар (огонь, враг или шипы).",
        Charge::Freeze => "Все враги замирают на месте на 3 хода.",
        Charge::Decoy => "Ваша копия до 3 клеток по прямой; преследователи бегут за ней.",
        Charge::Icbm => "3 запуска: летит как из гранатомёта и взрывается, едва приземлившись.",
        Charge::FlamePass => "Работает сам: огонь не вредит вам ближайшие 3 раза.",
        Charge::Teleport => "3 прыжка на любую пустую клетку в 3 шагах (4 с Бегом; квадрат с Диагональю).",
    }
}

/// A card's name (a power-up or a charge) in the window's language.
pub fn offer_name(o: Offer, lang: Lang) -> &'static str {
    match o {
        Offer::Power(p) => power_name(p, lang),
        Offer::Charge(c) => charge_name(c, lang),
    }
}

/// A gem or shop card in the window's language: the kernel's card
/// ("Blast 2 → 4 (max 5)", "Pierce ×3") with its words translated.
pub fn card_text(s: &State, o: Offer, lang: Lang) -> String {
    let card = plain(&s.card(o));
    if lang != Lang::Ru {
        return card;
    }
    let name = (o.name(), offer_name(o, lang));
    [
        ("Star turns", "Ходы звезды"),
        ("Bombs", "Бомбы"),
        ("Blast", "Взрыв"),
        ("Fuse", "Запал"),
        ("Lives", "Жизни"),
        ("Coins", "Монеты"),
        ("max", "макс."),
        name,
    ]
    .iter()
    .fold(card, |c, (en, ru)| c.replacen(en, ru, 1))
}

/// The graphics adapter for a bug report: `RETRACE_ADAPTER_NAME` when set,
/// else Vulkan's first adapter as wgpu names it, else "none found".
fn adapter_line() -> String {
    std::env::var("RETRACE_ADAPTER_NAME").ok().unwrap_or_else(|| {
        retrace_gpu::Gpu::new().map_or_else(|e| format!("none found ({e})"), |g| g.info.name.clone())
    })
}

/// The charge-swap dialog: keep the carried charge, take the new one, or
/// (carrying Freeze) use it first; the answer, once given.
fn swap_dialog(
    ctx: &egui::Context,
    lang: Lang,
    (old, left): (Charge, u32),
    (new, uses): (Charge, u32),
) -> Option<Action> {
    let mut answer = None;
    egui::Window::new(tr(lang, "A new charge"))
        .collapsible(false)
        .anchor(egui::Align2::RIGHT_TOP, Vec2::new(-12.0, 70.0))
        .show(ctx, |ui| {
            let (o, n) = (charge_name(old, lang), charge_name(new, lang));
            let ru = lang == Lang::Ru;
            ui.label(if ru {
                format!("У вас {o} ×{left}, найдено {n} ×{uses}.")
            } else {
                format!("You carry {o} ×{left} and found {n} ×{uses}.")
            });
            ui.horizontal(|ui| {
                let (keep, take) = (new.sell_value(uses), old.sell_value(left));
                let keep = if ru {
                    format!("Оставить {o} (+{keep} монет)")
                } else {
                    format!("Keep {o} (+{keep} coins)")
                };
                if ui.button(keep).clicked() {
                    answer = Some(Action::KeepCharge);
                }
                let take = if ru {
                    format!("Взять {n} (+{take} монет)")
                } else {
                    format!("Take {n} (+{take} coins)")
                };
                if ui.button(take).clicked() {
                    answer = Some(Action::TakeCharge);
                }
                let freeze = if ru {
                    format!("Применить Заморозку, затем взять {n}")
                } else {
                    format!("Use Freeze, then take {n}")
                };
                if old == Charge::Freeze && ui.button(freeze).clicked() {
                    answer = Some(Action::FreezeFirst);
                }
            });
        });
    answer
}

/// The game's changes a player meets, newest first: the date (of the
/// commit that made it), English, Russian.
pub const CHANGES: [(&str, &str, &str); 5] = [
    (
        "2026-12-01",
        "Rules v5: scenes. Clips on the gem and shop cards and in first-time dialogs; the Almanac and the Demo in the menu; bug reports replay beside today's autopilot.",
        "Правила v5: сцены. Ролики на карточках самоцвета и магазина и в первых объяснениях; Альманах и Демо в меню; отчёты об ошибках показываются рядом с сегодняшним автопилотом.",
    ),
    (
        "2026-12-01",
        "Auto-move and autopilot, sounds, a lost life played again, bug reports, power-ups in Russian.",
        "Автоход и автопилот, звуки, повтор потерянной жизни, отчёты об ошибках, усиления по-русски.",
    ),
    (
        "2026-11-30",
        "Rules v3: level 19 has every enemy type; a Throw can free you; Proximity counts an enemy already there.",
        "Правила v3: на 19-м уровне все виды врагов; бросок может освободить; датчик близости видит врага рядом.",
    ),
    (
        "2026-11-30",
        "Rules v2: power-ups, charges, the gem, the shop, and board objects (bushes, metal crates, oil, spikes, barrels).",
        "Правила v2: усиления, заряды, самоцвет, магазин и объекты на поле (кусты, металлические ящики, масло, шипы, бочки).",
    ),
    ("2026-11-30", "Rules v1: the 20-level run.", "Правила v1: забег на 20 уровней."),
];

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

/// The one sound a turn makes, the most telling first: a cleared level (or
/// won run), a life lost, a chain's big boom, a boom, an enemy gone, the gem,
/// the exit opening, a charge, coins, a bomb set down, else a step.
pub fn effect(events: &[Event]) -> crate::sound::Effect {
    use crate::sound::Effect;
    let any = |f: &dyn Fn(&Event) -> bool| events.iter().any(f);
    if any(&|e| matches!(e, Event::LevelCleared { .. } | Event::RunWon)) {
        Effect::Cleared
    } else if any(&|e| matches!(e, Event::LifeLost(_) | Event::RunOver(_))) {
        Effect::Hurt
    } else if any(&|e| matches!(e, Event::Chain(_))) {
        Effect::BigBoom
    } else if any(&|e| matches!(e, Event::Exploded(..))) {
        Effect::Boom
    } else if any(&|e| matches!(e, Event::EnemyDied(..))) {
        Effect::EnemyGone
    } else if any(&|e| matches!(e, Event::GemTaken(_))) {
        Effect::Gem
    } else if any(&|e| matches!(e, Event::ExitOpened)) {
        Effect::ExitOpen
    } else if any(&|e| matches!(e, Event::ChargeGained(..))) {
        Effect::Charge
    } else if any(&|e| matches!(e, Event::DropPicked(..))) {
        Effect::Coin
    } else if any(&|e| matches!(e, Event::BombPlaced(_))) {
        Effect::Pop
    } else {
        Effect::Step
    }
}

/// What the screen asks the shell to do.
pub enum ExplodoRequest {
    /// Start another run.
    NewRun(Setup, u64),
    /// Back to the menu.
    Menu,
}

/// Kernel text with the arrow the default fonts lack ("Blast 2 → 4") written
/// as "->".
pub fn plain(text: &str) -> String {
    text.replace('→', "->")
}

/// An enemy type's name in the window's language.
pub fn kind_name(k: retrace_kernel::explodo::Kind, lang: Lang) -> &'static str {
    use retrace_kernel::explodo::Kind;
    if lang != Lang::Ru {
        return k.name();
    }
    match k {
        Kind::Blob => "Клякса",
        Kind::Seeker => "Ищейка",
        Kind::Drifter => "Бродяга",
        Kind::Sprinter => "Спринтер",
        Kind::Ghost => "Призрак",
        Kind::Wisp => "Огонёк",
        Kind::Hunter => "Охотник",
    }
}

/// A lost life's line (`Level 3, turn 7: <how>.`, the kernel's words) in the
/// window's language.
pub fn death_line(text: &str, lang: Lang) -> String {
    use retrace_kernel::explodo::KINDS;
    if lang != Lang::Ru {
        return text.to_string();
    }
    let Some((place, how)) = text.split_once(": ") else { return text.to_string() };
    let place = place.replacen("Level ", "Уровень ", 1).replacen(", turn ", ", ход ", 1);
    let how = how.trim_end_matches('.');
    let kind =
        |name: &str| KINDS.iter().find(|k| k.name() == name).map_or(name.to_string(), |&k| kind_name(k, lang).into());
    let how = if let Some(k) = how.strip_prefix("you walked into a ") {
        format!("вы наткнулись на врага «{}»", kind(k))
    } else if let Some(k) = how.strip_prefix("you crashed into a ") {
        format!("вы врезались во врага «{}»", kind(k))
    } else if let Some(k) = how.strip_prefix("a ").and_then(|h| h.strip_suffix(" walked into you")) {
        format!("на вас наткнулся враг «{}»", kind(k))
    } else {
        match how {
            "you were caught in a blast" => "вас накрыло взрывом".into(),
            "you were boxed in" => "вы оказались заперты".into(),
            "you stood on raised spikes" => "вы стояли на поднятых шипах".into(),
            "the ceiling fell on you" => "на вас обрушился потолок".into(),
            "rubble walled you in" => "завал отрезал вам путь".into(),
            other => other.to_string(),
        }
    };
    format!("{place}: {how}.")
}

/// An event as a line for the log, in the window's language (None for the
/// ones the board shows). Power-up and charge names stay as the kernel has them.
pub fn describe(e: &Event, lang: Lang) -> Option<String> {
    let ru = lang == Lang::Ru;
    Some(match e {
        Event::LifeLost(t) => death_line(t, lang),
        Event::RunOver(t) if ru => format!("Игра окончена. {}", death_line(t, lang)),
        Event::RunOver(t) => format!("Game over. {t}"),
        Event::RunWon if ru => "Победа: все 20 уровней пройдены!".into(),
        Event::RunWon => "Victory: all 20 levels cleared!".into(),
        Event::LevelCleared { level, turns, par, coins } if ru => {
            format!("Уровень {level} пройден за {turns} ходов (пар {par}): +{coins} монет.")
        }
        Event::LevelCleared { level, turns, par, coins } => {
            format!("Level {level} cleared in {turns} turns (par {par}): +{coins} coins.")
        }
        Event::ExitOpened if ru => "Последний враг пал: выход открыт.".into(),
        Event::ExitOpened => "The last enemy is gone: the exit is open.".into(),
        Event::Released(k, n) if ru => {
            format!("Пламя на выходе или самоцвете выпустило врагов «{}»: {n}!", kind_name(*k, lang))
        }
        Event::Released(k, n) => format!("Flame on the exit or gem let out {n} {}s!", k.name()),
        Event::PowerTaken(p) => format!("{}: {}", power_name(*p, lang), power_text(*p, lang)),
        Event::ChargeExplained(c) => format!("{}: {}", charge_name(*c, lang), charge_text(*c, lang)),
        Event::ChargeSold(c, v) if ru => format!("{} продан за {v} монет.", charge_name(*c, lang)),
        Event::ChargeSold(c, v) => format!("{} sold for {v} coins.", c.name()),
        Event::Bought(o, v) if ru => format!("Куплено: {} за {v} монет.", offer_name(*o, lang)),
        Event::Bought(o, v) => format!("Bought {} for {v} coins.", o.name()),
        Event::Absorbed(by) if ru => format!("{by} принял удар на себя."),
        Event::Absorbed(by) => format!("The {by} took the hit."),
        Event::Frozen if ru => "Все враги замёрзли.".into(),
        Event::Frozen => "Every enemy froze.".into(),
        Event::PillarBroke(_) if ru => "Треснувшая колонна рухнула: сыплется пыль.".into(),
        Event::PillarBroke(_) => "A cracked pillar broke: dust is falling.".into(),
        Event::CeilingFell(_) if ru => "Обрушился потолок.".into(),
        Event::CeilingFell(_) => "The ceiling fell.".into(),
        Event::ChargeDropped(_, c, n) if ru => {
            format!("Ваш заряд {} (×{n}) лежит там, где вы упали.", charge_name(*c, lang))
        }
        Event::ChargeDropped(_, c, n) => format!("Your {} (×{n}) lies where you fell.", c.name()),
        _ => return None,
    })
}

impl ExplodoView {
    /// A new run.
    pub fn new(setup: Setup, seed: u64) -> ExplodoView {
        ExplodoView::resume(Session::new(setup, seed).expect("every Explodorama setup starts"))
    }

    /// Continues a saved (or forked) run.
    pub fn resume(session: Session<Explodo>) -> ExplodoView {
        let recorded = session.state().phase != RunPhase::Playing;
        ExplodoView {
            session,
            mode: Mode::Move,
            picked: false,
            message: None,
            log: Vec::new(),
            recorded,
            show_scores: false,
            almanac: None,
            cursor: None,
            asking: false,
            pad: Vec::new(),
            pad_in_use: false,
            anim: None,
            targets: None,
            camera: (0.0, 0.0),
            look: None,
            camera_board: None,
            demo: None,
            place: None,
            preview: None,
            sounds: Vec::new(),
            walk: None,
            route: None,
            walked_at: 0.0,
            autopilot: true,
            pilot_stopped: false,
            death: None,
            bug_note: None,
            bug_written: None,
            menu: false,
            confirm_new: false,
            sound: true,
            cleared: None,
            selected: 0,
            banner: None,
            bannered: None,
            explain: None,
            clip: clip::Slot::default(),
            explained: 0,
        }
    }

    /// Plays an action: refusals become the message; the run is saved; a
    /// finished run goes on the score board once.
    pub fn push(&mut self, store: &Store, a: Action) {
        let before = self.session.state().clone();
        match self.session.push(a) {
            Ok(events) => {
                self.anim = Some((paint::Motion::of_turn(&before, &events, self.session.state()), None));
                self.sounds.push(effect(&events));
                let died = events.iter().find_map(|e| match e {
                    Event::LifeLost(t) | Event::RunOver(t) => Some(t.clone()),
                    _ => None,
                });
                // The first power-up or charge of a kind: a dialog, not only a log line.
                for e in &events {
                    match e {
                        Event::ChargeExplained(c) => self.explain = Some(Offer::Charge(*c)),
                        Event::PowerTaken(p) if self.explained & p.bit() == 0 => {
                            self.explained |= p.bit();
                            self.explain = Some(Offer::Power(*p));
                        }
                        _ => {}
                    }
                }
                let shop = self.session.state().dialogs.iter().any(|d| matches!(d, Dialog::Shop { .. }));
                self.cleared = events.iter().find_map(|e| match e {
                    Event::LevelCleared { level, turns, par, coins } if shop => Some((*level, *turns, *par, *coins)),
                    _ => None,
                });
                if let Some(text) = died {
                    self.death = Some((text, last_turns(&self.session, self.session.step(), DEATH_TURNS)));
                }
                self.message = None;
                self.log = events;
                self.mode = Mode::Move;
                self.picked = false;
                // The view follows you again, and the cursor starts on you each turn.
                self.look = None;
                if self.cursor.is_some() {
                    self.cursor = Some(self.session.state().player);
                }
                // A test run never replaces the run in progress.
                if !self.session.state().setup.test() {
                    if let Err(e) = store.save(SAVE, &self.session) {
                        self.message = Some(e);
                    }
                }
            }
            Err(r) => {
                self.message = Some(r.0);
                self.sounds.push(crate::sound::Effect::Refused);
            }
        }
        self.record(store);
    }

    /// The preview for the current step, worked out when the step changed.
    fn preview(&mut self) -> &Preview {
        let step = self.session.step();
        if self.preview.as_ref().is_none_or(|p| p.step != step) {
            let s = self.session.state();
            let (now, next) = danger(s);
            self.preview = Some(Preview { step, now, next, wait_deadly: deadly(s, &Action::Wait) });
        }
        self.preview.as_ref().expect("just set")
    }

    /// A shortcut (a key, or a click on the board with nothing picked) never
    /// makes a deadly move: it says so instead; picking the action first does.
    pub fn shortcut(&mut self, store: &Store, a: Action) {
        // Any action of the player's own ends auto-move's walk and hands
        // the turn back to a stopped autopilot.
        self.walk = None;
        self.pilot_stopped = false;
        if !self.picked && deadly(self.session.state(), &a) {
            self.message =
                Some("That would cost a life. Pick the action first (its button or key) to do it anyway.".into());
            return;
        }
        self.push(store, a);
    }

    /// Autopilot has the board: on, not stopped, every enemy gone, the level in play.
    pub fn piloting(&self) -> bool {
        let s = self.session.state();
        self.autopilot && !self.pilot_stopped && s.enemies.is_empty() && s.phase == RunPhase::Playing
    }

    /// One autopilot turn: its action, or it stops and says so.
    pub fn pilot(&mut self, store: &Store) {
        if !self.session.state().dialogs.is_empty() {
            return; // It waits for the dialog's answer.
        }
        match autopilot(self.session.state()) {
            Some(a) => self.push(store, a),
            None => {
                self.pilot_stopped = true;
                self.message = Some("Autopilot stopped · Your turn".into());
            }
        }
    }

    /// The way to `to` from where you stand now (cached for this step).
    pub fn route_to(&mut self, to: Pos) -> Option<Route> {
        let step = self.session.step();
        if !matches!(&self.route, Some((st, t, _)) if *st == step && *t == to) {
            self.route = Some((step, to, route(self.session.state(), to)));
        }
        self.route.as_ref().and_then(|(_, _, r)| r.clone())
    }

    /// Auto-move: one step on the way to the destination, worked out again
    /// now; an unsafe next step waits (and says so); arriving, or no way at
    /// all, ends the walk.
    pub fn walk_on(&mut self, store: &Store) {
        let Some(to) = self.walk else { return };
        match self.route_to(to) {
            Some(r) if r.safe => {
                self.push(store, r.steps[0]);
                if self.session.state().player == to || r.steps.len() == 1 {
                    self.walk = None;
                }
            }
            Some(_) => {
                self.message = Some("The next step on the way is dangerous: waiting for you.".into());
            }
            None => {
                self.walk = None;
                self.message = Some("No way there from here.".into());
            }
        }
    }

    fn record(&mut self, store: &Store) {
        if self.recorded {
            return;
        }
        let Some(score) = scores::score(self.session.state(), &today()) else {
            if self.session.state().phase != RunPhase::Playing {
                self.recorded = true; // An Immortal run: not listed.
            }
            return;
        };
        self.recorded = true;
        let (place, problem) = record_score(&store.path(SCORES), score);
        self.place = place;
        if let Some(m) = problem {
            self.message = Some(m);
        }
        store.forget(SAVE);
    }

    /// Whether the level-start banner is up.
    pub fn banner_up(&self) -> bool {
        self.banner.is_some()
    }

    /// The level-start banner: "Level N" and the enemy type this level
    /// brings first, for a moment when a level (or a retry) begins; the
    /// first action takes it down, so it never delays play.
    fn level_banner(&mut self, ui: &egui::Ui, lang: Lang) {
        let s = self.session.state();
        let key = (s.level, s.attempt);
        // Not over a dialog (the shop at a level's start): it goes up once
        // the dialog is answered.
        if self.bannered != Some(key) && s.turn == 1 && s.phase == RunPhase::Playing && s.dialogs.is_empty() {
            self.bannered = Some(key);
            self.banner = Some((key, std::time::Instant::now()));
        }
        let Some((for_key, since)) = self.banner else { return };
        let left = BANNER_SECONDS - since.elapsed().as_secs_f32();
        if for_key != key || s.turn > 1 || left <= 0.0 {
            self.banner = None;
            return;
        }
        ui.ctx().request_repaint_after(std::time::Duration::from_secs_f32(left));
        let new = retrace_kernel::explodo::KINDS.iter().find(|k| k.from_level() == s.level);
        let title = if lang == Lang::Ru { format!("Уровень {}", s.level) } else { format!("Level {}", s.level) };
        egui::Area::new(egui::Id::unique("explodo-level-banner"))
            .anchor(egui::Align2::CENTER_TOP, Vec2::new(0.0, 120.0))
            .interactable(false)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.heading(title);
                    if s.attempt > 0 {
                        ui.label(if lang == Lang::Ru {
                            "Ещё раз: то же поле"
                        } else {
                            "Again: the same board"
                        });
                    }
                    if let Some(&k) = new {
                        let (_, colour) = paint::enemy_look(k);
                        ui.colored_label(
                            colour,
                            if lang == Lang::Ru {
                                format!("Новый враг: {}", kind_name(k, lang))
                            } else {
                                format!("New enemy: {}", kind_name(k, lang))
                            },
                        );
                    }
                });
            });
    }

    /// Draws the screen and handles input.
    pub fn ui(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) -> Option<ExplodoRequest> {
        if self.demo_screen(ui, lang) {
            return None;
        }
        let mut request = None;
        if !self.session.state().enemies.is_empty() {
            self.pilot_stopped = false;
        }
        if !self.piloting() {
            self.keys(ui, store);
        }
        self.pad_presses(ui, store);
        self.top_bar(ui, lang);
        if let Some(m) = &self.message {
            ui.colored_label(Color32::from_rgb(230, 120, 60), super::text::kernel(lang, m));
        }
        self.action_bar(ui, store, lang);
        self.cursor_line(ui, lang);
        ui.horizontal_top(|ui| {
            self.board(ui, store);
            ui.vertical(|ui| {
                for line in self.log.iter().filter_map(|e| describe(e, lang)) {
                    ui.label(line);
                }
            });
        });
        self.dialogs(ui, store, lang);
        self.level_banner(ui, lang);
        self.death_banner(ui, lang);
        self.bug_window(ui, store, lang);
        self.explain_window(ui, lang);
        self.almanac_and_demo(ui, lang);
        if let Some(r) = self.menu_window(ui, lang) {
            request = Some(r);
        }
        let st = self.session.state();
        let ru = lang == Lang::Ru;
        if st.phase != RunPhase::Playing {
            // A Developer run's victory is marked red, as its achievements are (the spec).
            let mut frame = egui::Frame::window(&ui.ctx().global_style());
            if st.phase == RunPhase::Won && st.setup.developer {
                frame = frame.stroke(egui::Stroke::new(3.0, DEVELOPER_RED));
            }
            egui::Window::new(if st.phase == RunPhase::Won { tr(lang, "Victory") } else { tr(lang, "Game over") })
                .frame(frame)
                .collapsible(false)
                .anchor(egui::Align2::RIGHT_TOP, Vec2::new(-12.0, 70.0))
                .show(ui.ctx(), |ui| {
                    let st = self.session.state();
                    ui.label(match st.phase {
                        RunPhase::Won if ru => format!(
                            "Все 20 уровней пройдены за {} ходов, потеряно жизней: {}.",
                            st.total_turns, st.lives_lost
                        ),
                        RunPhase::Won => {
                            format!("All 20 levels cleared in {} turns, {} lives lost.", st.total_turns, st.lives_lost)
                        }
                        _ => st.last_death.clone().unwrap_or_default(),
                    });
                    if st.phase == RunPhase::Won && st.setup.developer {
                        ui.colored_label(DEVELOPER_RED, tr(lang, "Developer mode: no achievements"));
                    }
                    ui.label(if ru {
                        format!("Зерно {} · монет {} · убито {}", st.seed, st.coins, st.kills)
                    } else {
                        format!("Seed {} · {} coins · {} kills", st.seed, st.coins, st.kills)
                    });
                    if let Some(p) = self.place {
                        ui.label(if ru {
                            format!("Место {p} в таблице рекордов.")
                        } else {
                            format!("Place {p} on the score board.")
                        });
                    }
                    ui.horizontal(|ui| {
                        if ui.button(tr(lang, "Same dungeon")).clicked() {
                            request = Some(ExplodoRequest::NewRun(st.setup, st.seed));
                        }
                        if ui.button(tr(lang, "New dungeon")).clicked() {
                            request = Some(ExplodoRequest::NewRun(st.setup, crate::random_seed()));
                        }
                        if ui.button(tr(lang, "Scores")).clicked() {
                            self.show_scores = true;
                        }
                        if ui.button(tr(lang, "Menu")).clicked() {
                            request = Some(ExplodoRequest::Menu);
                        }
                    });
                });
        }
        if self.show_scores {
            scores_window(ui.ctx(), store, &mut self.show_scores, lang);
        }
        self.click_sound(ui);
        request
    }

    /// A button clicked anywhere on the run's screen this frame clicks.
    fn click_sound(&mut self, ui: &egui::Ui) {
        let clicked = ui.ctx().output(|o| {
            o.events
                .iter()
                .any(|e| matches!(e, egui::output::OutputEvent::Clicked(info) if info.role == egui::Role::Button))
        });
        if clicked {
            self.sounds.push(crate::sound::Effect::Click);
        }
    }

    /// The demo (from the run menu) takes the whole screen; its button (or
    /// Esc) brings the run back as it was. Returns whether it is showing.
    fn demo_screen(&mut self, ui: &mut egui::Ui, lang: Lang) -> bool {
        let Some(d) = &mut self.demo else { return false };
        let back = ui.button(tr(lang, "Back to the run")).clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape));
        let avail = ui.available_size();
        let width = (avail.x - 16.0).min((avail.y - 150.0) / 0.75).clamp(240.0, 900.0);
        egui::ScrollArea::vertical().show(ui, |ui| d.ui(ui, width, lang));
        if back {
            self.demo = None;
        }
        true
    }

    /// The line under the action bar while the cursor or "What is that?"
    /// is on: what the keys do.
    fn cursor_line(&self, ui: &mut egui::Ui, lang: Lang) {
        if self.asking {
            ui.label(
                RichText::new(tr(lang, "What is that? Arrows hop between things, Enter explains, Esc stops.")).small(),
            );
        } else if self.cursor.is_some() {
            ui.label(
                RichText::new(tr(
                    lang,
                    "Cursor: Enter or M acts on its tile, B bomb, V charge, Space waits (on you), Esc backs out.",
                ))
                .small(),
            );
        }
    }

    /// This frame's pad presses; a key or a click hands the screen back to
    /// the keyboard and mouse.
    fn pad_presses(&mut self, ui: &egui::Ui, store: &Store) {
        let handed_back = ui.input(|i| {
            i.events.iter().any(|e| matches!(e, egui::Event::Key { .. } | egui::Event::PointerButton { .. }))
        });
        if handed_back {
            self.pad_in_use = false;
        }
        for b in std::mem::take(&mut self.pad) {
            self.pad_in_use = true;
            self.pad_press(store, b);
        }
    }

    /// One pad press: a dialog or banner on show takes it (the d-pad moves
    /// the selection, the bottom button is the main one, the right one
    /// leaves), else the board ([`ExplodoView::pad_board`]).
    fn pad_press(&mut self, store: &Store, b: crate::pad::Button) {
        use crate::pad::Button as P;
        if b == P::Start {
            self.menu = !self.menu;
            return;
        }
        if self.piloting() {
            if b == P::LeftShoulder {
                self.pilot_stopped = true;
            }
            return;
        }
        if self.explain.is_some() {
            if matches!(b, P::South | P::East) {
                self.explain = None;
            }
            return;
        }
        if self.death.is_some() {
            if matches!(b, P::South | P::East) && self.session.state().phase == RunPhase::Playing {
                self.death = None;
            }
            return;
        }
        if self.cleared.is_some() {
            if b == P::South {
                self.cleared = None;
            }
            return;
        }
        let s = self.session.state().clone();
        let Some(top) = s.dialogs.last() else { return self.pad_board(store, b) };
        let step = |sel: usize, len: usize, ok: &dyn Fn(usize) -> bool| match b {
            P::Up | P::Left => (0..sel).rev().find(|&i| ok(i)).unwrap_or(sel),
            P::Down | P::Right => (sel + 1..len).find(|&i| ok(i)).unwrap_or(sel),
            _ => sel,
        };
        let answer = match top {
            Dialog::Gem { cards, .. } => {
                self.selected = step(self.selected.min(cards.len().saturating_sub(1)), cards.len(), &|_| true);
                (b == P::South).then_some(Action::Choose(self.selected as u8))
            }
            Dialog::Shop { items, .. } => {
                let on_shelf = |i: usize| items.get(i).is_some_and(Option::is_some);
                self.selected = step(self.selected, items.len(), &on_shelf);
                match b {
                    P::South if on_shelf(self.selected) => Some(Action::Buy(self.selected as u8)),
                    P::North => Some(Action::Restock),
                    P::West => Some(Action::LeaveShop),
                    _ => None,
                }
            }
            Dialog::Swap { .. } => match b {
                P::South => Some(Action::TakeCharge),
                P::East => Some(Action::KeepCharge),
                P::North => Some(Action::FreezeFirst),
                _ => None,
            },
        };
        if let Some(a) = answer {
            self.push(store, a);
        }
    }

    /// Moves the view: dragging looks around; else it glides toward its
    /// target (a new board shows at once).
    fn glide(&mut self, ui: &egui::Ui, s: &State, resp: &egui::Response, cell: f32) {
        let dt = ui.input(|i| i.stable_dt).min(0.1);
        if resp.dragged() {
            // Dragging looks around.
            let d = resp.drag_delta() / cell;
            let (x, y) = self.look.unwrap_or(self.camera);
            self.look = Some((x - d.x, y - d.y));
            self.look = Some(self.view_target(s));
        }
        let target = self.view_target(s);
        // A new board (level or attempt) shows at once; the view glides only within one.
        if self.camera_board != Some((s.level, s.attempt)) {
            self.camera_board = Some((s.level, s.attempt));
            self.camera = target;
        }
        let (cx, cy) = self.camera;
        let k = (dt * 12.0).min(1.0);
        self.camera = (cx + (target.0 - cx) * k, cy + (target.1 - cy) * k);
        if (self.camera.0 - target.0).abs() + (self.camera.1 - target.1).abs() > 0.01 {
            ui.ctx().request_repaint();
        } else {
            self.camera = target;
        }
    }

    /// With an action picked (its button or key), the tiles it can use in
    /// blue, and those that would cost a life red with a cross.
    fn paint_targets(&mut self, painter: &egui::Painter, rect: egui::Rect, cell: f32, s: &State) {
        if !self.picked || !s.dialogs.is_empty() || s.phase != RunPhase::Playing {
            return;
        }
        let step = self.session.step();
        if !matches!(&self.targets, Some((st, m, _)) if *st == step && *m == self.mode) {
            self.targets = Some((step, self.mode, input::targets(s, self.mode)));
        }
        let Some((_, _, tiles)) = &self.targets else { return };
        for &(p, deadly) in tiles {
            let r = egui::Rect::from_min_size(
                rect.min + Vec2::new(p.x as f32 * cell, p.y as f32 * cell),
                Vec2::splat(cell),
            )
            .shrink(cell * 0.12);
            if deadly {
                let red = Color32::from_rgb(220, 40, 40);
                painter.rect_filled(r, 3.0, red.gamma_multiply(0.35));
                let stroke = egui::Stroke::new((cell * 0.08).max(2.0), red);
                painter.line_segment([r.left_top(), r.right_bottom()], stroke);
                painter.line_segment([r.right_top(), r.left_bottom()], stroke);
            } else {
                painter.rect_filled(r, 3.0, Color32::from_rgba_unmultiplied(70, 140, 255, 90));
            }
        }
    }

    /// The picked action's tiles now (for tests): each with whether it is deadly.
    pub fn picked_targets(&self) -> Option<&[(Pos, bool)]> {
        self.targets
            .as_ref()
            .filter(|(st, m, _)| *st == self.session.step() && *m == self.mode)
            .map(|(_, _, t)| t.as_slice())
    }

    /// The keyboard's and pad's cursor: a dashed square (yellow while
    /// asking "What is that?").
    fn paint_cursor(&self, painter: &egui::Painter, rect: egui::Rect, cell: f32) {
        if let Some(c) = self.cursor {
            let r = egui::Rect::from_min_size(
                rect.min + Vec2::new(c.x as f32 * cell, c.y as f32 * cell),
                Vec2::splat(cell),
            )
            .shrink(2.0);
            let colour = if self.asking { Color32::YELLOW } else { Color32::WHITE };
            let corners = [r.left_top(), r.right_top(), r.right_bottom(), r.left_bottom(), r.left_top()];
            painter.add(egui::Shape::dashed_line(&corners, egui::Stroke::new(2.0, colour), cell * 0.18, cell * 0.1));
        }
    }

    /// Where the view should be: the place looked at, else centred on the
    /// cursor or you, kept inside the board.
    pub fn view_target(&self, s: &State) -> (f32, f32) {
        let (vw, vh) = (s.layout.w.min(VIEW.0) as f32, s.layout.h.min(VIEW.1) as f32);
        let (mx, my) = ((s.layout.w as f32 - vw).max(0.0), (s.layout.h as f32 - vh).max(0.0));
        let (x, y) = self.look.unwrap_or_else(|| {
            let c = self.walk.or(self.cursor).unwrap_or(s.player);
            (c.x as f32 + 0.5 - vw / 2.0, c.y as f32 + 0.5 - vh / 2.0)
        });
        (x.clamp(0.0, mx), y.clamp(0.0, my))
    }

    /// The turn being animated, if any (it never changes the run).
    pub fn animation(&self) -> Option<&paint::Motion> {
        self.anim.as_ref().map(|(m, _)| m)
    }

    /// The topic of the clip a dialog shows now (None when none is on show).
    pub fn clip_shown(&self) -> Option<retrace_kernel::explodo::scene::Topic> {
        self.clip.topic()
    }

    /// The clip of `o` (a power-up or charge at work, made from the run's
    /// seed), `width` points wide, with its line under it; Heart and Coin
    /// bag have none, only the line.
    fn offer_clip(&mut self, ui: &mut egui::Ui, o: Offer, width: f32, lang: Lang) {
        let seed = self.session.state().seed;
        if let Some(c) = self.clip.show(almanac::entry_of(o).topic(), seed) {
            c.ui(ui, width);
        }
        let text = match o {
            Offer::Power(p) => power_text(p, lang),
            Offer::Charge(c) => charge_text(c, lang),
        };
        ui.add(egui::Label::new(RichText::new(text).small()).wrap());
    }

    /// A first-time explanation: the power-up's or charge's name, its clip
    /// and its line.
    fn explain_window(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let Some(o) = self.explain else { return };
        let name = offer_name(o, lang);
        egui::Window::new(format!("{}: {name}", tr(lang, "New")))
            .collapsible(false)
            .anchor(egui::Align2::CENTER_BOTTOM, Vec2::new(0.0, -16.0))
            .show(ui.ctx(), |ui| {
                ui.set_max_width(CLIP_WIDTH);
                self.offer_clip(ui, o, CLIP_WIDTH, lang);
                if pad_button(ui, self.pad_in_use.then_some(crate::pad::Button::South), tr(lang, "Got it")).clicked() {
                    self.explain = None;
                }
            });
    }

    /// The almanac's and the demo's windows, while open.
    fn almanac_and_demo(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let seed = self.session.state().seed;
        if let Some(a) = &mut self.almanac {
            let mut open = true;
            a.window(ui.ctx(), &mut open, self.session.state(), seed, lang);
            if !open {
                self.almanac = None;
            }
        }
    }

    /// The in-run menu: the level and seed, Sound and Autopilot, Resume, New
    /// run (asked first: it replaces this run), Scores, Changes, Bug.
    fn menu_window(&mut self, ui: &mut egui::Ui, lang: Lang) -> Option<ExplodoRequest> {
        let mut request = None;
        if self.confirm_new {
            match crate::ui::ask(ui.ctx(), lang, tr(lang, "Start a new run? This run will be gone.")) {
                Some(true) => {
                    let st = self.session.state();
                    request = Some(ExplodoRequest::NewRun(st.setup, crate::random_seed()));
                    self.confirm_new = false;
                }
                Some(false) => self.confirm_new = false,
                None => {}
            }
        }
        if !self.menu {
            return request;
        }
        let mut open = true;
        let st = self.session.state().clone();
        egui::Window::new(tr(lang, "Run menu")).open(&mut open).collapsible(false).show(ui.ctx(), |ui| {
            ui.label(format!("{} {}/20 · {} {}", tr(lang, "Level"), st.level, tr(lang, "Seed"), st.seed));
            ui.checkbox(&mut self.sound, tr(lang, "Sound"));
            ui.checkbox(&mut self.autopilot, tr(lang, "Autopilot"));
            if ui.button(tr(lang, "Resume")).clicked() {
                self.menu = false;
            }
            if ui.button(tr(lang, "New run")).clicked() {
                self.confirm_new = true;
                self.menu = false;
            }
            ui.horizontal(|ui| {
                if ui.button(tr(lang, "Scores")).clicked() {
                    self.show_scores = true;
                }
                if ui.button(tr(lang, "Almanac")).clicked() {
                    self.almanac = Some(almanac::Almanac::default());
                    self.menu = false;
                }
                if ui.button(tr(lang, "Demo")).clicked() {
                    self.demo = Some(demo::Demo::new(st.seed));
                    self.menu = false;
                }
            });
            if ui.button(tr(lang, "Report a bug")).clicked() {
                self.bug_note = Some(String::new());
                self.menu = false;
            }
            egui::CollapsingHeader::new(tr(lang, "Changes")).show(ui, |ui| {
                for (date, en, ru) in CHANGES {
                    ui.label(RichText::new(format!("{date}: {}", if lang == Lang::Ru { ru } else { en })).small());
                }
            });
        });
        if !open {
            self.menu = false;
        }
        request
    }

    /// The bug report's window: a note, then one file in the data folder
    /// holding the run, the build, the rules versions and the machine.
    fn bug_window(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
        let Some(note) = &mut self.bug_note else {
            if let Some(path) = self.bug_written.clone() {
                egui::Window::new(tr(lang, "Bug report written")).collapsible(false).show(ui.ctx(), |ui| {
                    ui.label(crate::files::escaped(&path.display().to_string()));
                    ui.horizontal(|ui| {
                        if ui.button(tr(lang, "Show the folder")).clicked() {
                            if let Err(e) = opener::open(&store.dir) {
                                self.message = Some(format!("{}: {e}", store.dir.display()));
                            }
                        }
                        if ui.button(tr(lang, "Close")).clicked() {
                            self.bug_written = None;
                        }
                    });
                });
            }
            return;
        };
        let mut write = false;
        let mut cancel = false;
        egui::Window::new(tr(lang, "Report a bug")).collapsible(false).show(ui.ctx(), |ui| {
            let l = ui.label(tr(lang, "What happened? (optional)"));
            ui.add(egui::TextEdit::multiline(note).desired_rows(3)).labelled_by(l.id);
            ui.label(
                RichText::new(tr(lang, "The report holds this run as a replay, the build and the machine.")).small(),
            );
            ui.horizontal(|ui| {
                write = ui.button(tr(lang, "Write report")).clicked();
                cancel = ui.button(tr(lang, "Cancel")).clicked();
            });
        });
        if write {
            let bytes = self.session.to_replay(crate::APP_VERSION).to_bytes();
            let report = crate::bug::Report::new(bytes, note, &adapter_line());
            match crate::bug::write(store, &report) {
                Ok(path) => self.bug_written = Some(path),
                Err(e) => self.message = Some(e),
            }
        }
        if write || cancel {
            self.bug_note = None;
        }
    }

    /// The life-lost (or game-over) banner: how it happened, and the turns
    /// before it again, round and round, three boards a second, until dismissed.
    fn death_banner(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let Some((text, frames)) = &self.death else { return };
        let mut dismissed = false;
        let pad = self.pad_in_use;
        let over = self.session.state().phase == RunPhase::Over;
        egui::Window::new(if over { tr(lang, "The last turns") } else { tr(lang, "A life lost") })
            .collapsible(false)
            .anchor(egui::Align2::LEFT_BOTTOM, Vec2::new(12.0, -12.0))
            .show(ui.ctx(), |ui| {
                ui.label(death_line(text, lang));
                if let Some(last) = frames.last() {
                    let n = frames.len();
                    // A pause on the last board before it starts again.
                    let k = ((ui.input(|i| i.time) * 3.0) as usize) % (n + 3);
                    let s = &frames[k.min(n - 1)];
                    let cell = (260.0 / last.layout.w as f32).min(200.0 / last.layout.h as f32);
                    let (r, _) = ui.allocate_exact_size(
                        Vec2::new(cell * last.layout.w as f32, cell * last.layout.h as f32),
                        Sense::hover(),
                    );
                    paint(&ui.painter_at(r), r, s);
                    ui.label(RichText::new(format!("{} {}/{n}", tr(lang, "Turn"), k.min(n - 1) + 1)).small());
                    ui.ctx().request_repaint_after(std::time::Duration::from_millis(150));
                }
                if !over && pad_button(ui, pad.then_some(crate::pad::Button::South), tr(lang, "Continue")).clicked() {
                    dismissed = true;
                }
            });
        if dismissed {
            self.death = None;
        }
    }

    /// The top bar: two rows of a fixed height, so it never pushes the
    /// board: the run's figures each after its icon (the name on hover and
    /// for screen readers), then the power-ups held, the charge and the
    /// run's tags.
    fn top_bar(&self, ui: &mut egui::Ui, lang: Lang) {
        let s = self.session.state();
        let item = |ui: &mut egui::Ui, icon: Icon, label: &str, value: String| {
            let (rect, _) = ui.allocate_exact_size(Vec2::splat(16.0), egui::Sense::hover());
            paint_icon(ui.painter(), rect, icon);
            let r = ui.label(RichText::new(&value).strong()).on_hover_text(label);
            r.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, format!("{label}: {value}")));
            ui.add_space(6.0);
        };
        ui.horizontal(|ui| {
            ui.set_min_height(22.0);
            item(ui, Icon::Heart, tr(lang, "Lives"), s.lives.to_string());
            item(ui, Icon::Flag, tr(lang, "Level"), format!("{}/20", s.level));
            item(ui, Icon::Enemy, tr(lang, "Enemies"), s.enemies.len().to_string());
            item(ui, Icon::Coin, tr(lang, "Coins"), s.coins.to_string());
            item(ui, Icon::Turn, tr(lang, "Turn"), format!("{}/{}", s.turn, s.par));
            item(ui, Icon::Bomb, tr(lang, "Bombs"), s.max_bombs.to_string());
            item(ui, Icon::Blast, tr(lang, "Blast"), s.fire.to_string());
            item(ui, Icon::Fuse, tr(lang, "Fuse"), s.fuse.to_string());
            if s.star > 0 {
                item(ui, Icon::Star, tr(lang, "Star"), s.star.to_string());
            }
        });
        ui.horizontal(|ui| {
            ui.set_min_height(22.0);
            let held: Vec<&str> =
                POWERS.iter().filter(|p| p.is_ability() && s.has(**p)).map(|p| power_name(*p, lang)).collect();
            if !held.is_empty() {
                item(ui, Icon::Held, tr(lang, "Held"), held.join(", "));
            }
            item(
                ui,
                Icon::Charge,
                tr(lang, "Charge"),
                s.charge.map_or(if lang == Lang::Ru { "нет".into() } else { "none".into() }, |(c, n)| {
                    format!("{} ×{n}", charge_name(c, lang))
                }),
            );
            if s.setup.developer {
                ui.colored_label(DEVELOPER_RED, tr(lang, "Developer"));
            }
            if s.setup.immortal {
                ui.colored_label(Color32::from_rgb(230, 200, 60), tr(lang, "Immortal"));
            }
            if s.setup.test() {
                ui.colored_label(Color32::from_rgb(120, 190, 255), tr(lang, "Test run"));
            }
        });
    }

    fn action_bar(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
        let s = self.session.state().clone();
        ui.horizontal_wrapped(|ui| {
            if ui.button(tr(lang, "Run menu")).clicked() {
                self.menu = true;
            }
            // "What is that?": then a click on a thing (or Enter on the aim) opens its entry.
            if ui.selectable_label(self.asking, "?").on_hover_text(tr(lang, "What is that?")).clicked() {
                self.asking = !self.asking;
            }
            // Auto-move under way: Go takes the next step, Stop ends the walk (Esc too).
            if self.walk.is_some() {
                if ui.button(tr(lang, "Go")).clicked() {
                    self.walk_on(store);
                }
                if ui.button(tr(lang, "Stop walking")).clicked() {
                    self.walk = None;
                }
            }
            let mut modes = vec![(Mode::Move, tr(lang, "Move")), (Mode::Bomb, tr(lang, "Bomb"))];
            for (p, m, name) in [
                (Power::Run, Mode::Run, tr(lang, "Run")),
                (Power::Slide, Mode::Slide, tr(lang, "Slide")),
                (Power::Kick, Mode::Kick, tr(lang, "Kick")),
                (Power::Throw, Mode::Throw, tr(lang, "Throw")),
                (Power::Rpg, Mode::Rpg, tr(lang, "RPG")),
                (Power::Detonator, Mode::Detonate, tr(lang, "Detonate")),
            ] {
                if s.has(p) {
                    modes.push((m, name));
                }
            }
            for (m, name) in modes {
                if ui.selectable_value(&mut self.mode, m, name).clicked() {
                    self.picked = true;
                }
            }
            // The charge button, beside Bomb: the charge's name and uses left;
            // greyed and dashed with none (or a charge that works by itself).
            let label = match s.charge {
                Some((c, n)) => format!("{} ×{n}", charge_name(c, lang)),
                None => format!("{}: -", tr(lang, "Charge")),
            };
            let usable = s.charge.is_some_and(|(c, _)| !c.passive());
            let button = ui.add_enabled(usable, egui::Button::selectable(self.mode == Mode::Charge, label));
            if !usable {
                let r = button.rect;
                let dash = egui::Stroke::new(1.0, Color32::GRAY);
                ui.painter().add(egui::Shape::dashed_line(
                    &[r.left_top(), r.right_top(), r.right_bottom(), r.left_bottom(), r.left_top()],
                    dash,
                    4.0,
                    3.0,
                ));
            }
            if button.clicked() {
                self.mode = Mode::Charge;
                self.picked = true;
            }
            ui.separator();
            for (label, d) in [
                (tr(lang, "Up"), Dir::Up),
                (tr(lang, "Down"), Dir::Down),
                (tr(lang, "Left"), Dir::Left),
                (tr(lang, "Right"), Dir::Right),
            ] {
                // The direction buttons are shortcuts like the keys: a deadly
                // move is refused unless its action was picked first.
                if ui.button(label).clicked() {
                    if let Some(a) = toward(&s, self.mode, d) {
                        self.shortcut(store, a);
                    }
                }
            }
            if s.has(Power::Diagonal) {
                for (label, g) in [
                    (tr(lang, "Up-left"), Diag::UpLeft),
                    (tr(lang, "Up-right"), Diag::UpRight),
                    (tr(lang, "Down-left"), Diag::DownLeft),
                    (tr(lang, "Down-right"), Diag::DownRight),
                ] {
                    if ui.button(label).clicked() {
                        self.shortcut(store, Action::Diagonal(g));
                    }
                }
            }
            if s.carrying() == Some(Charge::Freeze) && ui.button(tr(lang, "Freeze")).clicked() {
                self.push(store, Action::UseCharge(Aim::Me));
            }
            // Wait turns red when waiting would cost a life; it still works.
            let wait = if self.preview().wait_deadly {
                RichText::new(tr(lang, "Wait")).color(Color32::from_rgb(230, 50, 50))
            } else {
                RichText::new(tr(lang, "Wait"))
            };
            if ui.button(wait).clicked() {
                self.push(store, Action::Wait);
            }
            if ui.button(tr(lang, "Scores")).clicked() {
                self.show_scores = true;
            }
        });
    }

    fn board(&mut self, ui: &mut egui::Ui, store: &Store) {
        let s = self.session.state().clone();
        let avail = ui.available_size();
        // A view of at most 9 by 13 tiles that follows you on larger boards.
        let (vw, vh) = (s.layout.w.min(VIEW.0), s.layout.h.min(VIEW.1));
        let cell = ((avail.x * 0.7) / vw as f32).min((avail.y - 20.0) / vh as f32).clamp(14.0, 44.0);
        let (view, resp) =
            ui.allocate_exact_size(Vec2::new(cell * vw as f32, cell * vh as f32), Sense::click_and_drag());
        resp.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, format!("board, level {}", s.level)));
        self.glide(ui, &s, &resp, cell);
        // The whole board's rect, shifted by the view; the painter clips to the view.
        let rect = egui::Rect::from_min_size(
            view.min - Vec2::new(self.camera.0, self.camera.1) * cell,
            Vec2::new(cell * s.layout.w as f32, cell * s.layout.h as f32),
        );
        let painter = ui.painter_at(view);
        // The last turn animates from its events; a finished one is dropped.
        let now = ui.input(|i| i.time);
        if let Some((m, start)) = &mut self.anim {
            let elapsed = now - *start.get_or_insert(now);
            if elapsed < paint::EFFECT_SECONDS {
                paint::paint_moving(&painter, rect, &s, Some((m, elapsed)));
                ui.ctx().request_repaint();
            } else {
                self.anim = None;
            }
        }
        if self.anim.is_none() {
            paint(&painter, rect, &s);
        }
        if s.dialogs.is_empty() && s.phase == RunPhase::Playing {
            let preview = self.preview();
            for (tiles, alpha) in [(&preview.next, 50), (&preview.now, 110)] {
                for &p in tiles.iter() {
                    let r = egui::Rect::from_min_size(
                        rect.min + Vec2::new(p.x as f32 * cell, p.y as f32 * cell),
                        Vec2::splat(cell),
                    );
                    painter.rect_filled(r.shrink(1.0), 2.0, Color32::from_rgba_unmultiplied(230, 30, 30, alpha));
                }
            }
        }
        let tile_at =
            |at: egui::Pos2| Pos { x: ((at.x - rect.min.x) / cell) as i32, y: ((at.y - rect.min.y) / cell) as i32 };
        // A far tile (Move, nothing picked): auto-move's way, hovered or walking.
        let moving = self.mode == Mode::Move && !self.picked;
        let far = |t: Pos| moving && t.king(s.player) > 1 && s.layout.inside(t);
        let shown = self.walk.or_else(|| resp.hover_pos().map(tile_at).filter(|&t| far(t)));
        if let Some(to) = shown.filter(|_| s.dialogs.is_empty() && s.phase == RunPhase::Playing) {
            if let Some(r) = self.route_to(to) {
                let centre = |p: Pos| rect.min + Vec2::new((p.x as f32 + 0.5) * cell, (p.y as f32 + 0.5) * cell);
                let blue = Color32::from_rgba_unmultiplied(70, 140, 255, if self.walk.is_some() { 150 } else { 80 });
                let mut from = s.player;
                for (i, &t) in r.tiles.iter().enumerate() {
                    let colour =
                        if i == 0 && !r.safe { Color32::from_rgba_unmultiplied(230, 40, 40, 170) } else { blue };
                    let tr = egui::Rect::from_center_size(centre(t), Vec2::splat(cell * 0.5));
                    painter.rect_filled(tr, 3.0, colour);
                    painter.arrow(centre(from), centre(t) - centre(from), egui::Stroke::new(2.0, colour));
                    from = t;
                }
            }
        }
        self.paint_targets(&painter, rect, cell, &s);
        self.paint_cursor(&painter, rect, cell);
        paint_edge_markers(&painter, view, rect, cell, &s);
        if resp.clicked() && !self.piloting() {
            if let Some(at) = resp.interact_pointer_pos() {
                let tile = tile_at(at);
                // The mouse hands the board back: the cursor goes away.
                self.cursor = None;
                let asking = std::mem::take(&mut self.asking);
                // "What is that?", or a click on an enemy with nothing picked: its entry.
                let enemy = s.enemies.iter().any(|e| e.pos == tile);
                if asking || (enemy && !self.picked) {
                    self.explain_at(tile);
                } else if far(tile) {
                    // A far tile walks there; a second click on the destination steps on (Go).
                    self.walk = Some(tile);
                    self.walk_on(store);
                } else if let Some(a) = tap(&s, self.mode, tile) {
                    self.walk = None;
                    self.shortcut(store, a);
                }
            }
        }
        // Autopilot, once every enemy is gone: two turns a second, the board
        // taking no input meanwhile (Esc stops it).
        if self.walk.is_none() && self.piloting() {
            let now = ui.input(|i| i.time);
            if now - self.walked_at >= 0.5 {
                self.walked_at = now;
                self.pilot(store);
            }
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
        }
        // With every enemy gone, the walk goes on by itself, two steps a second.
        if self.walk.is_some() && s.enemies.is_empty() && s.dialogs.is_empty() {
            let now = ui.input(|i| i.time);
            if now - self.walked_at >= 0.5 {
                self.walked_at = now;
                self.walk_on(store);
            }
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
        }
    }

    /// The shop: select, then Buy (Enter); the arrows move between the items
    /// still on the shelf; an item too dear says how many coins it lacks.
    fn shop(
        &mut self,
        ui: &mut egui::Ui,
        s: &State,
        items: &[Option<Offer>],
        restocks: u32,
        lang: Lang,
    ) -> Option<Action> {
        let mut answer = None;
        // Select, then Buy (Enter); the arrows move between the
        // items still on the shelf.
        let on_shelf = |i: usize| items.get(i).is_some_and(Option::is_some);
        if !on_shelf(self.selected) {
            self.selected = (0..items.len()).find(|&i| on_shelf(i)).unwrap_or(0);
        }
        self.selected = dialog_keys(ui, self.selected, items.len(), on_shelf);
        let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
        egui::Window::new(tr(lang, "The shop"))
            .collapsible(false)
            .anchor(egui::Align2::RIGHT_TOP, Vec2::new(-12.0, 70.0))
            .show(ui.ctx(), |ui| {
                ui.set_max_width(CLIP_WIDTH);
                if let Some(Some(o)) = items.get(self.selected) {
                    self.offer_clip(ui, *o, CLIP_WIDTH, lang);
                }
                ui.label(if lang == Lang::Ru {
                    format!("Монет: {}. Покупки не тратят ходов.", s.coins)
                } else {
                    format!("{} coins. Shopping takes no turns.", s.coins)
                });
                for (i, o) in items.iter().enumerate() {
                    if let Some(o) = o {
                        let text = if lang == Lang::Ru {
                            format!("{} · монет: {}", card_text(s, *o, lang), o.price())
                        } else {
                            format!("{} · {} coins", card_text(s, *o, lang), o.price())
                        };
                        if ui.selectable_label(self.selected == i, text).clicked() {
                            self.selected = i;
                        }
                    }
                }
                // Buy the selected item (Enter), or say how many coins it lacks.
                if let Some(Some(o)) = items.get(self.selected) {
                    let short = o.price().saturating_sub(s.coins);
                    if short == 0 {
                        let buy = if lang == Lang::Ru {
                            format!("Купить (монет: {})", o.price())
                        } else {
                            format!("Buy ({} coins)", o.price())
                        };
                        if pad_button(ui, self.pad_in_use.then_some(crate::pad::Button::South), buy).clicked() || enter
                        {
                            answer = Some(Action::Buy(self.selected as u8));
                        }
                    } else {
                        ui.add_enabled(false, egui::Button::new(tr(lang, "Buy")));
                        ui.colored_label(
                            Color32::from_rgb(230, 120, 90),
                            if lang == Lang::Ru {
                                format!("Слишком дорого: не хватает монет: {short}")
                            } else {
                                format!("Too dear: {short} more coins needed")
                            },
                        );
                    }
                }
                ui.horizontal(|ui| {
                    let restock = if lang == Lang::Ru {
                        format!("Обновить (монет: {})", restocks + 1)
                    } else {
                        format!("Restock ({} coins)", restocks + 1)
                    };
                    if pad_button(ui, self.pad_in_use.then_some(crate::pad::Button::North), restock).clicked() {
                        answer = Some(Action::Restock);
                    }
                    if pad_button(ui, self.pad_in_use.then_some(crate::pad::Button::West), tr(lang, "Next level"))
                        .clicked()
                    {
                        answer = Some(Action::LeaveShop);
                    }
                });
            });
        answer
    }

    fn dialogs(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
        // The level-cleared banner comes before the shop.
        if let Some((level, turns, par, coins)) = self.cleared {
            egui::Window::new(tr(lang, "Level cleared"))
                .collapsible(false)
                .anchor(egui::Align2::RIGHT_TOP, Vec2::new(-12.0, 70.0))
                .show(ui.ctx(), |ui| {
                    ui.label(if lang == Lang::Ru {
                        format!("Уровень {level} пройден за {turns} ходов (норма {par}): +{coins} монет.")
                    } else {
                        format!("Level {level} cleared in {turns} turns (par {par}): +{coins} coins.")
                    });
                    if pad_button(ui, self.pad_in_use.then_some(crate::pad::Button::South), tr(lang, "To the shop"))
                        .clicked()
                    {
                        self.cleared = None;
                    }
                });
            return;
        }
        let s = self.session.state().clone();
        let Some(top) = s.dialogs.last() else { return };
        let mut answer = None;
        match top {
            Dialog::Gem { cards, rainbow } => {
                // Select, then Choose (Enter); the arrows move the selection.
                self.selected = if self.selected < cards.len() { self.selected } else { 0 };
                self.selected = dialog_keys(ui, self.selected, cards.len(), |_| true);
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                egui::Window::new(if *rainbow { tr(lang, "The rainbow gem") } else { tr(lang, "The gem") })
                    .collapsible(false)
                    .anchor(egui::Align2::RIGHT_TOP, Vec2::new(-12.0, 70.0))
                    .show(ui.ctx(), |ui| {
                        ui.set_max_width(CLIP_WIDTH);
                        self.offer_clip(ui, cards[self.selected], CLIP_WIDTH, lang);
                        ui.label(if lang == Lang::Ru {
                            "Выберите одно (ход не тратится):"
                        } else {
                            "Choose one (it takes no turn):"
                        });
                        egui::ScrollArea::vertical().max_height(260.0).show(ui, |ui| {
                            for (i, o) in cards.iter().enumerate() {
                                if ui.selectable_label(self.selected == i, card_text(&s, *o, lang)).clicked() {
                                    self.selected = i;
                                }
                            }
                        });
                        if pad_button(ui, self.pad_in_use.then_some(crate::pad::Button::South), tr(lang, "Choose"))
                            .clicked()
                            || enter
                        {
                            answer = Some(Action::Choose(self.selected as u8));
                        }
                    });
            }
            Dialog::Shop { items, restocks } => answer = self.shop(ui, &s, items, *restocks, lang),
            Dialog::Swap { new, uses } => {
                let (old, left) = s.charge.expect("a swap has a carried charge");
                answer = swap_dialog(ui.ctx(), lang, (old, left), (*new, *uses));
            }
        }
        if let Some(a) = answer {
            self.push(store, a);
        }
    }
}

/// A dialog button with the pad's face button that presses it drawn before
/// it while a pad is in use (Xbox colours: A green at the bottom, B red on
/// the right, X blue on the left, Y yellow on top).
fn pad_button(ui: &mut egui::Ui, pad: Option<crate::pad::Button>, text: impl Into<egui::WidgetText>) -> egui::Response {
    use crate::pad::Button as P;
    if let Some(b) = pad {
        let (letter, colour) = match b {
            P::South => ("A", Color32::from_rgb(60, 170, 70)),
            P::East => ("B", Color32::from_rgb(210, 60, 50)),
            P::West => ("X", Color32::from_rgb(60, 110, 220)),
            _ => ("Y", Color32::from_rgb(220, 180, 40)),
        };
        let (r, _) = ui.allocate_exact_size(Vec2::splat(18.0), Sense::hover());
        ui.painter().circle_filled(r.center(), 8.5, colour);
        ui.painter().text(
            r.center(),
            egui::Align2::CENTER_CENTER,
            letter,
            egui::FontId::proportional(11.0),
            Color32::WHITE,
        );
    }
    ui.button(text)
}

/// The board view's size in tiles (columns, rows): larger boards scroll.
pub const VIEW: (i32, i32) = (9, 13);

/// Markers on the view's edge for what is out of sight: each enemy a small
/// triangle in its colour pointing its way, the open exit a green one.
fn paint_edge_markers(painter: &egui::Painter, view: egui::Rect, board: egui::Rect, cell: f32, s: &State) {
    let centre = |p: Pos| board.min + Vec2::new((p.x as f32 + 0.5) * cell, (p.y as f32 + 0.5) * cell);
    let mut marks: Vec<(Pos, Color32)> = s.enemies.iter().map(|e| (e.pos, paint::enemy_look(e.kind).1)).collect();
    if s.exit_open {
        marks.push((s.layout.exit, Color32::from_rgb(60, 220, 90)));
    }
    let inner = view.shrink(cell * 0.3);
    for (p, colour) in marks {
        let c = centre(p);
        if view.contains(c) {
            continue;
        }
        let at = inner.clamp(c);
        let dir = (c - at).normalized();
        let side = Vec2::new(-dir.y, dir.x) * cell * 0.18;
        painter.add(egui::Shape::convex_polygon(
            vec![at + dir * cell * 0.25, at - dir * cell * 0.1 + side, at - dir * cell * 0.1 - side],
            colour,
            egui::Stroke::new(1.0, Color32::BLACK),
        ));
    }
}

/// A dialog's clip width in points (a 9-tile scene: 24 points a tile).
const CLIP_WIDTH: f32 = 216.0;

/// The arrow keys move a dialog's selection among the indices `ok` allows
/// (Up and Left back, Down and Right on, stopping at the ends).
fn dialog_keys(ui: &egui::Ui, selected: usize, len: usize, ok: impl Fn(usize) -> bool) -> usize {
    let (back, on) = ui.input(|i| {
        (
            i.key_pressed(egui::Key::ArrowUp) || i.key_pressed(egui::Key::ArrowLeft),
            i.key_pressed(egui::Key::ArrowDown) || i.key_pressed(egui::Key::ArrowRight),
        )
    });
    if on {
        return (selected + 1..len).find(|&i| ok(i)).unwrap_or(selected);
    }
    if back {
        return (0..selected).rev().find(|&i| ok(i)).unwrap_or(selected);
    }
    selected
}

/// The high-score board in a window.
pub fn scores_window(ctx: &egui::Context, store: &Store, open: &mut bool, lang: Lang) {
    let (board, problem) = crate::store::explodo::load_scores(&store.path(SCORES));
    egui::Window::new(tr(lang, "High scores")).open(open).collapsible(false).show(ctx, |ui| {
        if let Some(p) = problem {
            ui.colored_label(Color32::from_rgb(230, 90, 70), p);
        }
        if board.is_empty() {
            ui.label(if lang == Lang::Ru {
                "Законченных забегов пока нет."
            } else {
                "No finished runs yet."
            });
        }
        egui::Grid::new("scores").striped(true).show(ui, |ui| {
            for h in [
                "#",
                tr(lang, "How far"),
                tr(lang, "Coins"),
                tr(lang, "Turns"),
                tr(lang, "Kills"),
                tr(lang, "Lives lost"),
                tr(lang, "Ended"),
                tr(lang, "Held"),
                tr(lang, "Date"),
                tr(lang, "Seed"),
            ] {
                ui.strong(h);
            }
            ui.end_row();
            for (i, s) in board.iter().enumerate() {
                let place = RichText::new((i + 1).to_string());
                ui.label(if s.developer { place.color(Color32::from_rgb(220, 60, 60)) } else { place });
                ui.label(match (s.won, lang == Lang::Ru) {
                    (true, false) => "won".to_string(),
                    (true, true) => "победа".to_string(),
                    (false, false) => format!("level {}", s.level),
                    (false, true) => format!("уровень {}", s.level),
                });
                ui.label(s.coins.to_string());
                ui.label(s.turns.to_string());
                ui.label(s.kills.to_string());
                ui.label(s.lives_lost.to_string());
                ui.label(&s.ended);
                ui.label(s.powerups.join(", "));
                ui.label(&s.date);
                ui.label(s.seed.to_string());
                ui.end_row();
            }
        });
    });
}
