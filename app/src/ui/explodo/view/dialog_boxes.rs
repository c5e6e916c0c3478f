//! `ExplodoView`'s methods for the part of the window in `dialogs.rs`.

use super::ExplodoView;
use crate::store::{Lang, Store};
use crate::ui::explodo::almanac::{self};
use crate::ui::explodo::bars::{bar_text, button_text, pad_button, BarItem, What};
use crate::ui::explodo::common::BANNER_SECONDS;
use crate::ui::explodo::dialogs::{
    dialog_keys, restock_label, shelf_line, swap_dialog, which_label, CLIP_WIDTH, SHOP_CLIP_HEIGHT,
};
use crate::ui::explodo::paint::{self};
use crate::ui::explodo::words::{card_text, charge_text, kind_name, offer_name, power_text};
use crate::ui::text::tr;
use eframe::egui::{self, Color32, RichText, Vec2};
use retrace_kernel::explodo::items::Offer;
use retrace_kernel::explodo::{Action, Dialog, RunPhase, State};

impl ExplodoView {
    /// The level-start banner: "Level N" and the enemy type this level
    /// brings first, for a moment when a level (or a retry) begins; the
    /// first action takes it down, so it never delays play.
    pub(in crate::ui::explodo) fn level_banner(&mut self, ui: &egui::Ui, lang: Lang) {
        let s = self.session.state();
        let key = (s.run.level, s.run.attempt);
        // Not over a dialog (the shop at a level's start): it goes up once
        // the dialog is answered.
        if self.screen.bannered != Some(key)
            && s.run.turn == 1
            && s.run.phase == RunPhase::Playing
            && s.run.dialogs.is_empty()
        {
            self.screen.bannered = Some(key);
            self.screen.banner = Some((key, crate::platform::Instant::now()));
        }
        let Some((for_key, since)) = self.screen.banner else { return };
        let left = BANNER_SECONDS - since.elapsed().as_secs_f32();
        if for_key != key || s.run.turn > 1 || left <= 0.0 {
            self.screen.banner = None;
            return;
        }
        ui.ctx().request_repaint_after(std::time::Duration::from_secs_f32(left));
        let new = retrace_kernel::explodo::KINDS.iter().find(|k| k.from_level() == s.run.level);
        let title = crate::ui::text::say(lang, &retrace_kernel::say!("Level {0}", s.run.level));
        egui::Area::new(egui::Id::unique("explodo-level-banner"))
            .anchor(egui::Align2::CENTER_TOP, Vec2::new(0.0, 120.0))
            .interactable(false)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.heading(title);
                    if s.run.attempt > 0 {
                        ui.label(crate::ui::text::tr(lang, "Again: the same board"));
                    }
                    if let Some(&k) = new {
                        let (_, colour) = paint::enemy_look(k);
                        ui.colored_label(
                            colour,
                            crate::ui::text::say(lang, &retrace_kernel::say!("New enemy: {0}", kind_name(k, lang))),
                        );
                    }
                });
            });
    }

    /// The clip of `o` (a power-up or charge at work, made from the run's
    /// seed), `width` points wide, with its line under it; Heart and Coin
    /// bag have none, only the line.
    pub(in crate::ui::explodo) fn offer_clip(&mut self, ui: &mut egui::Ui, o: Offer, width: f32, lang: Lang) {
        let seed = self.session.state().run.seed;
        if let Some(c) = self.dialogs.clip.show(almanac::entry_of(o).topic(), seed) {
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
    pub(in crate::ui::explodo) fn explain_window(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let Some(o) = self.dialogs.explain else { return };
        let title = format!("{}: {}", tr(lang, "New"), offer_name(o, lang));
        let ((), close) = crate::ui::widgets::dialog(ui.ctx(), "explodo-explain", &title, None, |ui| {
            ui.set_max_width(CLIP_WIDTH);
            self.offer_clip(ui, o, CLIP_WIDTH, lang);
            let enter = ui.input(|i| crate::ui::widgets::pressed_once(i, egui::Key::Enter));
            if pad_button(ui, self.pointer.pad_in_use.then_some(crate::pad::Button::South), tr(lang, "Got it"))
                .clicked()
                || enter
            {
                self.dialogs.explain = None;
            }
        });
        // Esc or a click beside it is Got it too: it only explains.
        if close {
            self.dialogs.explain = None;
        }
    }

    /// Whether "What is that?" is on: then the action button `english`
    /// explains itself (and asking ends) instead of acting.
    pub(in crate::ui::explodo) fn asked_about(&mut self, english: &'static str) -> bool {
        if !self.pointer.asking {
            return false;
        }
        self.pointer.asking = false;
        self.pointer.cursor = None;
        self.dialogs.what = Some(What::Button(english));
        true
    }

    /// A top-bar item clicked: an ability, pass or the charge carried opens
    /// its almanac entry; the others say what they are.
    pub(in crate::ui::explodo) fn explain_bar(&mut self, item: BarItem) {
        self.pointer.asking = false;
        match (item, self.session.state().player.charge) {
            (BarItem::Power(p), _) => self.dialogs.almanac = Some(almanac::Almanac::at(almanac::Entry::Power(p))),
            (BarItem::Charge, Some((c, _))) => {
                self.dialogs.almanac = Some(almanac::Almanac::at(almanac::Entry::Charge(c)));
            }
            _ => self.dialogs.what = Some(What::Bar(item)),
        }
    }

    /// A top-bar item's or action button's line, with Close (Enter, Esc or
    /// a click beside it closes it too).
    pub(in crate::ui::explodo) fn what_window(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let Some(w) = self.dialogs.what else { return };
        let text = match w {
            What::Bar(item) => bar_text(item),
            What::Button(label) => button_text(label),
        };
        let pad = self.pointer.pad_in_use;
        let (closed, close) =
            crate::ui::widgets::dialog(ui.ctx(), "explodo-what", tr(lang, "What is that?"), None, |ui| {
                ui.set_max_width(360.0);
                ui.add(egui::Label::new(tr(lang, text)).wrap());
                let enter = ui.input(|i| crate::ui::widgets::pressed_once(i, egui::Key::Enter));
                pad_button(ui, pad.then_some(crate::pad::Button::South), tr(lang, "Close")).clicked() || enter
            });
        if closed || close {
            self.dialogs.what = None;
        }
    }

    /// "Which?": a button per action the tapped tile allows (Kick it, Walk
    /// onto it, Set it off), with the pad's face buttons in order (bottom,
    /// left, top); Esc, the right face button or a click beside it cancels.
    /// The one chosen is done as the tap's would be (a deadly one refused
    /// unless the action was picked first).
    pub(in crate::ui::explodo) fn which_window(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
        let Some(options) = self.dialogs.which.clone() else { return };
        let pad = self.pointer.pad_in_use;
        let faces = [crate::pad::Button::South, crate::pad::Button::West, crate::pad::Button::North];
        let (chosen, close) = crate::ui::widgets::dialog(ui.ctx(), "explodo-which", tr(lang, "Which?"), None, |ui| {
            let mut chosen = None;
            for (i, a) in options.iter().enumerate() {
                let face = faces.get(i).copied().filter(|_| pad);
                if pad_button(ui, face, tr(lang, which_label(a))).clicked() {
                    chosen = Some(*a);
                }
            }
            chosen
        });
        if let Some(a) = chosen {
            self.dialogs.which = None;
            self.shortcut(store, a);
        } else if close {
            self.dialogs.which = None;
        }
    }

    /// The life-lost banner: how it happened, and the turns before it again,
    /// round and round, three boards a second, until dismissed (Continue,
    /// Enter, Esc or a click beside it). At game over the game-over dialog
    /// shows the same, once ([`ExplodoView::last_turns`]).
    pub(in crate::ui::explodo) fn death_banner(&mut self, ui: &mut egui::Ui, lang: Lang) {
        if self.dialogs.death.is_none() || self.session.state().run.phase != RunPhase::Playing {
            return;
        }
        let pad = self.pointer.pad_in_use;
        let (dismissed, close) =
            crate::ui::widgets::dialog(ui.ctx(), "explodo-death", tr(lang, "A life lost"), None, |ui| {
                self.dialogs.last_turns(ui, lang);
                let enter = ui.input(|i| crate::ui::widgets::pressed_once(i, egui::Key::Enter));
                pad_button(ui, pad.then_some(crate::pad::Button::South), tr(lang, "Continue")).clicked() || enter
            });
        if dismissed || close {
            self.dialogs.death = None;
        }
    }

    /// The shop: select, then Buy (Enter); the arrows move between the items
    /// still on the shelf; an item too dear says how many coins it lacks.
    pub(in crate::ui::explodo) fn shop(
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
        if !on_shelf(self.dialogs.selected) {
            self.dialogs.selected = (0..items.len()).find(|&i| on_shelf(i)).unwrap_or(0);
        }
        self.dialogs.selected = dialog_keys(ui, self.dialogs.selected, items.len(), on_shelf);
        let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
        // R restocks and N leaves for the next level (issue 43: the shop by
        // key, as the pad has Triangle and Square); the dialog holds the keys,
        // so the board's R (Run) never sees them.
        let (restock_key, leave_key) = ui.input(|i| {
            (crate::ui::widgets::pressed_once(i, egui::Key::R), crate::ui::widgets::pressed_once(i, egui::Key::N))
        });
        // Leaving is Next level, a button: Esc and a click beside it do nothing.
        crate::ui::widgets::dialog(ui.ctx(), "explodo-shop", tr(lang, "The shop"), None, |ui| {
            ui.set_max_width(CLIP_WIDTH);
            // The selected item's clip and line in a box of fixed size (none
            // is the same size as another, and some have no clip): a centred
            // dialog that changed height would move every row under the
            // pointer as the selection moves or the shelf empties (issue 40).
            let clip_box = Vec2::new(CLIP_WIDTH, SHOP_CLIP_HEIGHT);
            let seed = self.session.state().run.seed;
            let selected = items.get(self.dialogs.selected).copied().flatten();
            match selected.and_then(|o| self.dialogs.clip.show(almanac::entry_of(o).topic(), seed)) {
                Some(c) => c.ui_in(ui, clip_box),
                None => {
                    ui.allocate_exact_size(clip_box, egui::Sense::hover());
                }
            }
            let lines = ui.text_style_height(&egui::TextStyle::Small) * 3.0 + ui.spacing().item_spacing.y;
            ui.allocate_ui(Vec2::new(CLIP_WIDTH, lines), |ui| {
                ui.set_min_size(Vec2::new(CLIP_WIDTH, lines));
                if let Some(o) = selected {
                    let text = match o {
                        Offer::Power(p) => power_text(p, lang),
                        Offer::Charge(c) => charge_text(c, lang),
                    };
                    ui.add(egui::Label::new(RichText::new(text).small()).wrap());
                }
            });
            ui.label(crate::ui::text::say(
                lang,
                &retrace_kernel::say!("{0} coins. Shopping takes no turns.", s.player.coins),
            ));
            // A sold item keeps its row ("Sold", greyed) and the buying row
            // is always there, so Buy, Restock and Next level never move
            // under the pointer as the shelf empties (issue 40).
            for (i, o) in items.iter().enumerate() {
                match o {
                    Some(o) => {
                        if ui.selectable_label(self.dialogs.selected == i, shelf_line(s, *o, lang)).clicked() {
                            self.dialogs.selected = i;
                        }
                    }
                    None => {
                        ui.add_enabled_ui(false, |ui| ui.selectable_label(false, tr(lang, "Sold")));
                    }
                }
            }
            // Buy the selected item (Enter), or say how many coins it lacks.
            crate::ui::widgets::reserved_row(ui, |ui| {
                let Some(Some(o)) = items.get(self.dialogs.selected) else { return };
                let short = o.price().saturating_sub(s.player.coins);
                if short == 0 {
                    let buy = crate::ui::text::say(lang, &retrace_kernel::say!("Buy ({0} coins)", o.price()));
                    if pad_button(ui, self.pointer.pad_in_use.then_some(crate::pad::Button::South), buy).clicked()
                        || enter
                    {
                        answer = Some(Action::Buy(self.dialogs.selected as u8));
                    }
                } else {
                    ui.add_enabled(false, egui::Button::new(tr(lang, "Buy")));
                    ui.colored_label(
                        Color32::from_rgb(230, 120, 90),
                        crate::ui::text::say(lang, &retrace_kernel::say!("Too dear: {0} more coins needed", short)),
                    );
                }
            });
            ui.horizontal(|ui| {
                let restock = restock_label(restocks, lang);
                let pad = self.pointer.pad_in_use;
                let restock =
                    pad_button(ui, pad.then_some(crate::pad::Button::North), restock).on_hover_text(tr(lang, "Key: R"));
                if restock.clicked() || restock_key {
                    answer = Some(Action::Restock);
                }
                let leave = pad_button(ui, pad.then_some(crate::pad::Button::West), tr(lang, "Next level"))
                    .on_hover_text(tr(lang, "Key: N"));
                if leave.clicked() || leave_key {
                    answer = Some(Action::LeaveShop);
                }
            });
        });
        answer
    }

    pub(in crate::ui::explodo) fn dialogs(&mut self, ui: &mut egui::Ui, store: &Store, lang: Lang) {
        // A cleared level has its own moment before the next (or the shop).
        if let Some(c) = self.dialogs.cleared.clone() {
            let ((), close) =
                crate::ui::widgets::dialog(ui.ctx(), "explodo-cleared", tr(lang, "Level cleared"), None, |ui| {
                    let l = &c.board.board.layout;
                    let cell = (260.0 / l.w as f32).min(200.0 / l.h as f32);
                    let (r, _) =
                        ui.allocate_exact_size(egui::vec2(cell * l.w as f32, cell * l.h as f32), egui::Sense::hover());
                    paint::paint(&ui.painter_at(r), r, &c.board);
                    ui.label(crate::ui::text::say(
                        lang,
                        &retrace_kernel::say!(
                            "Level {0} cleared in {1} turns (par {2}): +{3} coins.",
                            c.level,
                            c.turns,
                            c.par,
                            c.coins
                        ),
                    ));
                    let next = if c.shop { tr(lang, "To the shop") } else { tr(lang, "Next level") };
                    let keys = ui.input(|i| {
                        [egui::Key::Enter, egui::Key::Space].iter().any(|&k| crate::ui::widgets::pressed_once(i, k))
                    });
                    if pad_button(ui, self.pointer.pad_in_use.then_some(crate::pad::Button::South), next).clicked()
                        || keys
                    {
                        self.dialogs.cleared = None;
                    }
                });
            if close {
                self.dialogs.cleared = None;
            }
            return;
        }
        let s = self.session.state().clone();
        let Some(top) = s.run.dialogs.last() else { return };
        let mut answer = None;
        match top {
            Dialog::Gem { cards, rainbow } => {
                // Select, then Choose (Enter); the arrows move the selection.
                self.dialogs.selected = if self.dialogs.selected < cards.len() { self.dialogs.selected } else { 0 };
                self.dialogs.selected = dialog_keys(ui, self.dialogs.selected, cards.len(), |_| true);
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                let title = if *rainbow { tr(lang, "The rainbow gem") } else { tr(lang, "The gem") };
                // A card must be chosen: Esc and a click beside it do nothing.
                crate::ui::widgets::dialog(ui.ctx(), "explodo-gem", title, None, |ui| {
                    ui.set_max_width(CLIP_WIDTH);
                    self.offer_clip(ui, cards[self.dialogs.selected], CLIP_WIDTH, lang);
                    ui.label(crate::ui::text::tr(lang, "Choose one (it takes no turn):"));
                    egui::ScrollArea::vertical().max_height(260.0).show(ui, |ui| {
                        for (i, o) in cards.iter().enumerate() {
                            if ui.selectable_label(self.dialogs.selected == i, card_text(&s, *o, lang)).clicked() {
                                self.dialogs.selected = i;
                            }
                        }
                    });
                    if pad_button(ui, self.pointer.pad_in_use.then_some(crate::pad::Button::South), tr(lang, "Choose"))
                        .clicked()
                        || enter
                    {
                        answer = Some(Action::Choose(self.dialogs.selected as u8));
                    }
                });
            }
            Dialog::Shop { items, restocks } => answer = self.shop(ui, &s, items, *restocks, lang),
            Dialog::Swap { new, uses } => {
                let (old, left) = s.player.charge.expect("a swap has a carried charge");
                answer = swap_dialog(ui.ctx(), lang, (old, left), (*new, *uses));
            }
        }
        if let Some(a) = answer {
            self.push(store, a);
        }
    }
}
