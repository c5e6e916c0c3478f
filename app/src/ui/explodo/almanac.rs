//! The almanac (the run menu's Almanac): every enemy, power-up, charge and
//! thing on the board, in four tabs as the spec has them, each with its
//! picture, what it does, the level it first turns up on, and its clip (a
//! scene made with the real rules) where it has one (the spec gives enemies
//! only their picture; the issue asks a clip of every entry, so an enemy's
//! shows it caught in a blast).

use super::clip::Slot;
use super::paint::{enemy_look, paint, paint_enemy};
use super::pictures::{charge_glyph, item_disc, power_glyph};
use crate::store::Lang;
use crate::ui::text::tr;
use eframe::egui::{self, RichText, Sense, Vec2};
use retrace_kernel::explodo::board::{
    Dir, Pos, Tile, BARREL_FROM, BUSH, BUSH_FROM, METAL_FROM, OIL, OIL_FROM, SPIKES, SPIKES_FROM,
};
use retrace_kernel::explodo::items::{Charge, Offer, Power, CHARGES, POWERS};
use retrace_kernel::explodo::scene::Topic;
use retrace_kernel::explodo::{Kind, State, KINDS};

/// The almanac's tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    /// Enemy types.
    Enemies,
    /// Power-ups.
    Powers,
    /// Charges.
    Charges,
    /// What lies on the board.
    Board,
}

/// Things on the board with an entry of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thing {
    /// A wooden crate.
    Crate,
    /// A pillar.
    Pillar,
    /// A bush.
    Bush,
    /// A metal crate.
    Metal,
    /// Oil.
    Oil,
    /// Spikes.
    Spikes,
    /// An oil barrel.
    Barrel,
    /// Rubble.
    Rubble,
    /// The outer wall (and the level's fixed walls).
    Wall,
    /// A bomb.
    Bomb,
    /// Flame.
    Flame,
    /// The exit.
    Exit,
    /// The gem.
    Gem,
    /// Coins lying on the floor (a drop).
    Coins,
}

/// Every thing, in order of appearance (the ones of every level last).
pub const THINGS: [Thing; 14] = [
    Thing::Crate,
    Thing::Pillar,
    Thing::Bush,
    Thing::Metal,
    Thing::Oil,
    Thing::Spikes,
    Thing::Barrel,
    Thing::Rubble,
    Thing::Wall,
    Thing::Bomb,
    Thing::Flame,
    Thing::Exit,
    Thing::Gem,
    Thing::Coins,
];

/// One entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// An enemy type.
    Enemy(Kind),
    /// A power-up.
    Power(Power),
    /// A charge.
    Charge(Charge),
    /// A thing on the board.
    Thing(Thing),
}

impl Entry {
    /// The scene that shows it, if it has one: every enemy (caught in a
    /// blast), power-up and charge, and the board's things that do something
    /// (Heart, Coin bag, crates, pillars and rubble have none).
    pub fn topic(self) -> Option<Topic> {
        use retrace_kernel::explodo::scene::Thing as S;
        Some(match self {
            Entry::Power(Power::Heart | Power::CoinBag) => return None,
            Entry::Power(p) => Topic::Power(p),
            Entry::Charge(c) => Topic::Charge(c),
            Entry::Enemy(k) => Topic::Enemy(k),
            Entry::Thing(t) => Topic::Thing(match t {
                Thing::Bush => S::Bush,
                Thing::Metal => S::Metal,
                Thing::Oil => S::Oil,
                Thing::Spikes => S::Spikes,
                Thing::Barrel => S::Barrel,
                Thing::Coins => S::Purse,
                Thing::Flame => S::Lingering,
                Thing::Exit => S::Exit,
                Thing::Gem => S::Gem,
                Thing::Crate | Thing::Pillar | Thing::Rubble | Thing::Wall | Thing::Bomb => return None,
            }),
        })
    }

    /// Its name in the window's language.
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            Entry::Enemy(k) => super::words::kind_name(k, lang),
            Entry::Power(p) => super::words::power_name(p, lang),
            Entry::Charge(c) => super::words::charge_name(c, lang),
            Entry::Thing(t) => thing_text(t, lang).0,
        }
    }

    /// What it does, in the window's language.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            Entry::Enemy(k) => kind_text(k, lang),
            Entry::Power(p) => super::words::power_text(p, lang),
            Entry::Charge(c) => super::words::charge_text(c, lang),
            Entry::Thing(t) => thing_text(t, lang).1,
        }
    }

    /// The level it first turns up on, where that is fixed.
    pub fn from_level(self) -> Option<u32> {
        match self {
            Entry::Enemy(k) => Some(k.from_level()),
            Entry::Thing(t) => match t {
                Thing::Crate
                | Thing::Pillar
                | Thing::Wall
                | Thing::Bomb
                | Thing::Flame
                | Thing::Exit
                | Thing::Gem
                | Thing::Coins => Some(1),
                Thing::Bush => Some(BUSH_FROM),
                Thing::Metal => Some(METAL_FROM),
                Thing::Oil => Some(OIL_FROM),
                Thing::Spikes => Some(SPIKES_FROM),
                Thing::Barrel => Some(BARREL_FROM),
                Thing::Rubble => None,
            },
            Entry::Power(_) | Entry::Charge(_) => None,
        }
    }
}

/// The entries of a tab, in order.
pub fn entries(tab: Tab) -> Vec<Entry> {
    match tab {
        Tab::Enemies => KINDS.iter().map(|&k| Entry::Enemy(k)).collect(),
        Tab::Powers => POWERS.iter().map(|&p| Entry::Power(p)).collect(),
        Tab::Charges => CHARGES.iter().map(|&c| Entry::Charge(c)).collect(),
        Tab::Board => THINGS.iter().map(|&t| Entry::Thing(t)).collect(),
    }
}

/// How an enemy type moves, in the window's language.
pub fn kind_text(k: Kind, lang: Lang) -> &'static str {
    tr(
        lang,
        match k {
            Kind::Blob => "Wanders, usually keeping its heading.",
            Kind::Seeker => "Half the time it takes the shortest way to you.",
            Kind::Drifter => "Goes straight until something blocks it, then turns.",
            Kind::Sprinter => "Rests every other turn, then dashes two tiles.",
            Kind::Ghost => "Every other turn it takes the shortest way to you, through crates.",
            Kind::Wisp => "Wanders through crates.",
            Kind::Hunter => "Always takes the shortest way to you.",
        },
    )
}

/// A thing's name and what it does, in the window's language.
pub fn thing_text(t: Thing, lang: Lang) -> (&'static str, &'static str) {
    let (name, text) = match t {
        Thing::Crate => ("Crate", "Flame burns it; the exit and the gem hide under crates."),
        Thing::Pillar => ("Pillar", "Stops flame and everyone. Acid cracks it; a later blast breaks it."),
        Thing::Bush => ("Bush", "Hides you and drops; flame creeps through bushes slowly."),
        Thing::Metal => ("Metal crate", "Like a pillar, anywhere: flame stops at it."),
        Thing::Oil => ("Oil", "Slippery: you slide on. A spill burns all at once."),
        Thing::Spikes => ("Spikes", "Up every other turn: cross while they are down."),
        Thing::Barrel => ("Oil barrel", "Blocks like a crate; flame bursts it and it goes off."),
        Thing::Rubble => ("Rubble", "A fallen ceiling: nothing gets through, not even flame."),
        Thing::Wall => ("Wall", "The level's edge and its fixed walls: no blast breaks them."),
        Thing::Bomb => ("Bomb", "Goes off when its fuse runs out: flame along its row and column."),
        Thing::Flame => ("Flame", "Burns whatever is in it this turn: you, enemies, crates and drops."),
        Thing::Exit => ("Exit", "Opens once the last enemy is gone: step on it to clear the level."),
        Thing::Gem => ("Gem", "Take it for a choice of rewards before the next level."),
        Thing::Coins => ("Coins", "Dropped by an enemy or a crate: step on them to take them; the shop takes coins."),
    };
    (tr(lang, name), tr(lang, text))
}

/// The almanac's window state: the tab, the entry shown, its clip.
pub struct Almanac {
    /// The tab on show.
    pub tab: Tab,
    /// The entry on show.
    pub entry: Entry,
    clip: Slot,
    /// Opened by "What is that?" on the board: a line about the very thing
    /// asked about (an enemy's next moves), shown with its entry.
    pub note: Option<retrace_kernel::say::Say>,
    /// Opened on a tile you can walk to: its "Walk there" button's tile.
    pub walk: Option<Pos>,
    /// "Walk there" was pressed (the run's screen walks, and closes it).
    pub walk_asked: bool,
}

/// The tabs in their order on the window.
pub const TABS: [Tab; 4] = [Tab::Enemies, Tab::Powers, Tab::Charges, Tab::Board];

impl Almanac {
    /// The tab `step` places on (LB -1, RB +1), round the ends; it opens at
    /// its first entry.
    pub fn switch_tab(&mut self, step: isize) {
        let at = TABS.iter().position(|&t| t == self.tab).unwrap_or(0) as isize;
        self.tab = TABS[(at + step).rem_euclid(TABS.len() as isize) as usize];
        self.entry = entries(self.tab)[0];
    }

    /// The entry `step` places on in the tab's list (the d-pad), kept inside it.
    pub fn step_entry(&mut self, step: isize) {
        let list = entries(self.tab);
        let at = list.iter().position(|&e| e == self.entry).unwrap_or(0) as isize;
        self.entry = list[(at + step).clamp(0, list.len() as isize - 1) as usize];
    }
}

impl Default for Almanac {
    fn default() -> Almanac {
        Almanac::at(Entry::Enemy(Kind::Blob))
    }
}

/// A one-tile board holding `tile` (with an object mark) for a picture.
fn tile_picture(template: &State, tile: Tile, mark: u8) -> State {
    let mut s = template.clone();
    s.board.layout.w = 1;
    s.board.layout.h = 1;
    s.board.layout.tiles = vec![tile];
    s.board.layout.marks = vec![mark];
    s.board.layout.exit = Pos { x: 9, y: 9 };
    s.board.layout.gem = Pos { x: 9, y: 9 };
    s.player.at = Pos { x: 9, y: 9 };
    s.enemies.list.clear();
    s.bombs.list.clear();
    s.bombs.flames.clear();
    s.board.drops.clear();
    s
}

/// Paints an entry's picture into `r`: an enemy's silhouette, a tile as
/// the board draws it, or a power-up's or charge's disc with its initial.
pub fn picture(painter: &egui::Painter, r: egui::Rect, e: Entry, template: &State) {
    match e {
        Entry::Enemy(k) => paint_enemy(painter, r, k, enemy_look(k).1, Dir::Left),
        Entry::Thing(t) => {
            let (tile, mark) = match t {
                Thing::Crate => (Tile::Crate, 0),
                Thing::Pillar => (Tile::Pillar, 0),
                Thing::Bush => (Tile::Floor, BUSH),
                Thing::Metal => (Tile::Metal, 0),
                Thing::Oil => (Tile::Floor, OIL),
                Thing::Spikes => (Tile::Floor, SPIKES),
                Thing::Barrel => (Tile::Barrel, 0),
                Thing::Rubble => (Tile::Rubble, 0),
                Thing::Wall => (Tile::Wall, 0),
                Thing::Bomb | Thing::Flame | Thing::Exit | Thing::Gem | Thing::Coins => (Tile::Floor, 0),
            };
            // The board's own drawing of the thing, on a one-tile board.
            let mut one = tile_picture(template, tile, mark);
            let here = Pos { x: 0, y: 0 };
            match t {
                Thing::Bomb => one.bombs.list.push(retrace_kernel::explodo::Bomb::plain(here, 2, 2)),
                Thing::Flame => one.bombs.flames.push((here, 1)),
                Thing::Exit => {
                    (one.board.layout.exit, one.board.exit_revealed, one.board.exit_open) = (here, true, true)
                }
                Thing::Gem => (one.board.layout.gem, one.board.gem_revealed, one.board.gem_taken) = (here, true, false),
                Thing::Coins => {
                    one.board.drops.push(retrace_kernel::explodo::Drop { pos: here, coins: 5, charge: None })
                }
                _ => {}
            }
            paint(painter, r, &one);
        }
        Entry::Power(p) => item_disc(painter, r, power_glyph(p), e.name(Lang::En), true),
        Entry::Charge(c) => item_disc(painter, r, charge_glyph(c), e.name(Lang::En), false),
    }
}

impl Almanac {
    /// The almanac open at `entry` (its tab), as "What is that?" opens it.
    pub fn at(entry: Entry) -> Almanac {
        let tab = match entry {
            Entry::Enemy(_) => Tab::Enemies,
            Entry::Power(_) => Tab::Powers,
            Entry::Charge(_) => Tab::Charges,
            Entry::Thing(_) => Tab::Board,
        };
        Almanac { tab, entry, clip: Slot::default(), note: None, walk: None, walk_asked: false }
    }

    /// The clip on show, for tests (None: the entry has none).
    pub fn clip_shown(&self) -> Option<Topic> {
        self.clip.topic()
    }

    /// The window; `open` goes false when it is closed. `template` is any
    /// run's state (the tile pictures are drawn from it); `seed` makes the
    /// clips.
    pub fn window(&mut self, ctx: &egui::Context, open: &mut bool, template: &State, seed: u64, lang: Lang) {
        crate::ui::widgets::window(ctx, tr(lang, "Almanac"), 560.0).open(open).show(ctx, |ui| {
            ui.horizontal(|ui| {
                for (tab, name) in [
                    (Tab::Enemies, tr(lang, "Enemies")),
                    (Tab::Powers, tr(lang, "Power-ups")),
                    (Tab::Charges, tr(lang, "Charges")),
                    (Tab::Board, tr(lang, "On the board")),
                ] {
                    if ui.selectable_label(self.tab == tab, name).clicked() && self.tab != tab {
                        self.tab = tab;
                        self.entry = entries(tab)[0];
                    }
                }
            });
            ui.separator();
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_width(180.0);
                    for e in entries(self.tab) {
                        ui.horizontal(|ui| {
                            let (r, _) = ui.allocate_exact_size(Vec2::splat(20.0), Sense::hover());
                            picture(ui.painter(), r, e, template);
                            let mark = if e.topic().is_some() { " ▶" } else { "" };
                            if ui.selectable_label(self.entry == e, format!("{}{mark}", e.name(lang))).clicked() {
                                self.entry = e;
                            }
                        });
                    }
                });
                ui.separator();
                ui.vertical(|ui| {
                    ui.set_width(260.0);
                    let e = self.entry;
                    ui.horizontal(|ui| {
                        let (r, _) = ui.allocate_exact_size(Vec2::splat(48.0), Sense::hover());
                        picture(ui.painter(), r, e, template);
                        ui.heading(e.name(lang));
                    });
                    ui.add(egui::Label::new(e.text(lang)).wrap());
                    // What was asked about on the board: its own line, and
                    // a way there.
                    if let Some(note) = &self.note {
                        let note = crate::ui::text::say(lang, note);
                        ui.add(egui::Label::new(RichText::new(note).strong()).wrap());
                    }
                    if self.walk.is_some() && ui.button(tr(lang, "Walk there")).clicked() {
                        self.walk_asked = true;
                    }
                    if let Some(l) = e.from_level() {
                        ui.label(RichText::new(format!("{} {l}", tr(lang, "From level"))).small());
                    }
                    if let Some(c) = self.clip.show(e.topic(), seed) {
                        c.ui(ui, 240.0);
                    }
                });
            });
        });
    }
}

/// Offers as almanac entries (a card's clip is its entry's).
pub fn entry_of(o: Offer) -> Entry {
    match o {
        Offer::Power(p) => Entry::Power(p),
        Offer::Charge(c) => Entry::Charge(c),
    }
}

#[cfg(test)]
mod tests {
    use super::{entries, picture, Tab};
    use eframe::egui;

    /// Every entry's picture stays inside its square (issue 40: a tile's
    /// picture drew the player, off its one-tile board, as a column of "You"
    /// figures down the list's divider).
    #[test]
    fn every_picture_stays_inside_its_square() {
        use retrace_kernel::explodo::{Explodo, Setup};
        let s = retrace_kernel::Session::<Explodo>::new(Setup::default(), 1).unwrap();
        let template = s.state().clone();
        let r = egui::Rect::from_min_size(egui::pos2(100.0, 100.0), egui::Vec2::splat(20.0));
        for tab in [Tab::Enemies, Tab::Powers, Tab::Charges, Tab::Board] {
            for e in entries(tab) {
                let ctx = egui::Context::default();
                let mut out = ctx.run_pass(egui::RawInput::default(), |ctx| {
                    let painter = ctx.layer_painter(egui::LayerId::background());
                    picture(&painter, r, e, &template);
                });
                assert!(!out.shapes.is_empty(), "{e:?} paints something");
                for shape in &out.shapes {
                    let b = shape.shape.visual_bounding_rect();
                    assert!(r.expand(2.0).contains_rect(b), "{e:?} paints outside its square: {b:?}");
                }
                // The fonts' first upload is this test's to drop.
                out.textures_delta.clear();
            }
        }
    }
}
