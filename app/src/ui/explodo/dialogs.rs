//! Explodorama's dialogs and banners: the gem's cards, the charge swap, the
//! shop, the explanations, the level banner and the death banner.

use super::words::{card_text, charge_name};
use crate::store::Lang;
use crate::ui::text::tr;
use eframe::egui::{self};
use retrace_kernel::explodo::items::{Charge, Offer};
use retrace_kernel::explodo::{Action, Dialog, State};
use retrace_kernel::say::Say;

/// The charge-swap dialog: keep the carried charge, take the new one, or
/// (carrying Freeze) use it first; the answer, once given.
pub(super) fn swap_dialog(
    ctx: &egui::Context,
    lang: Lang,
    (old, left): (Charge, u32),
    (new, uses): (Charge, u32),
) -> Option<Action> {
    let mut answer = None;
    // A choice must be made: Esc and a click beside it do nothing.
    crate::ui::widgets::dialog(ctx, "explodo-swap", tr(lang, "A new charge"), None, |ui| {
        let (found, choices) = swap_choices(lang, (old, left), (new, uses));
        ui.label(found);
        ui.horizontal(|ui| {
            for (a, text) in choices {
                if ui.button(text).clicked() {
                    answer = Some(a);
                }
            }
        });
    });
    answer
}

/// A charge swap's words: what you carry and found, and each choice with
/// its button's text (Freeze first only while carrying Freeze).
pub(super) fn swap_choices(
    lang: Lang,
    (old, left): (Charge, u32),
    (new, uses): (Charge, u32),
) -> (String, Vec<(Action, String)>) {
    let (o, n) = (charge_name(old, lang), charge_name(new, lang));
    let say = |line: Say| crate::ui::text::say(lang, &line);
    let found = say(retrace_kernel::say!("You carry {0} ×{1} and found {2} ×{3}.", o, left, n, uses));
    let mut choices = vec![
        (Action::KeepCharge, say(retrace_kernel::say!("Keep {0} (+{1} coins)", o, new.sell_value(uses)))),
        (Action::TakeCharge, say(retrace_kernel::say!("Take {0} (+{1} coins)", n, old.sell_value(left)))),
    ];
    if old == Charge::Freeze {
        choices.push((Action::FreezeFirst, say(retrace_kernel::say!("Use Freeze, then take {0}", n))));
    }
    (found, choices)
}

/// The shop's Restock button, priced for the restocks done (`restocks`).
pub(super) fn restock_label(restocks: u32, lang: Lang) -> String {
    let n = restocks + 1;
    let line =
        if n == 1 { retrace_kernel::say!("Restock (1 coin)") } else { retrace_kernel::say!("Restock ({0} coins)", n) };
    crate::ui::text::say(lang, &line)
}

/// An item on the shop's shelf: its card's words and its price.
pub(super) fn shelf_line(s: &State, o: Offer, lang: Lang) -> String {
    crate::ui::text::say(lang, &retrace_kernel::say!("{0} · {1} coins", card_text(s, o, lang), o.price()))
}

/// The dialog a watched run is in (the gem's cards, the shop, the charge
/// swap), drawn beside the watcher's board as the player saw it, with the
/// choice the run makes next (`next`, the log's next action) selected. It
/// takes no input: the watcher only shows.
pub fn watched_dialog(ui: &mut egui::Ui, s: &State, next: Option<&Action>, lang: Lang) {
    let Some(top) = s.run.dialogs.last() else { return };
    let chosen = |a: Action| next == Some(&a);
    let line = |ui: &mut egui::Ui, on: bool, text: String| {
        let _ = ui.selectable_label(on, text);
    };
    egui::Frame::window(ui.style()).show(ui, |ui| {
        ui.set_max_width(CLIP_WIDTH + 40.0);
        match top {
            Dialog::Gem { cards, rainbow } => {
                ui.heading(if *rainbow { tr(lang, "The rainbow gem") } else { tr(lang, "The gem") });
                ui.label(tr(lang, "Choose one (it takes no turn):"));
                for (i, o) in cards.iter().enumerate() {
                    line(ui, chosen(Action::Choose(i as u8)), card_text(s, *o, lang));
                }
            }
            Dialog::Shop { items, restocks } => {
                ui.heading(tr(lang, "The shop"));
                ui.label(crate::ui::text::say(
                    lang,
                    &retrace_kernel::say!("{0} coins. Shopping takes no turns.", s.player.coins),
                ));
                for (i, o) in items.iter().enumerate() {
                    match o {
                        Some(o) => line(ui, chosen(Action::Buy(i as u8)), shelf_line(s, *o, lang)),
                        None => {
                            ui.add_enabled_ui(false, |ui| ui.label(tr(lang, "Sold")));
                        }
                    }
                }
                line(ui, chosen(Action::Restock), restock_label(*restocks, lang));
                line(ui, chosen(Action::LeaveShop), tr(lang, "Next level").to_string());
            }
            Dialog::Swap { new, uses } => {
                ui.heading(tr(lang, "A new charge"));
                if let Some(carried) = s.player.charge {
                    let (found, choices) = swap_choices(lang, carried, (*new, *uses));
                    ui.label(found);
                    for (a, text) in choices {
                        line(ui, chosen(a), text);
                    }
                }
            }
        }
    });
}

/// A dialog's clip width in points (a 9-tile scene: 24 points a tile).
pub(super) const CLIP_WIDTH: f32 = 216.0;
/// The shop's clip box: a 9 × 7 scene at the clip's width, with its bar.
pub(super) const SHOP_CLIP_HEIGHT: f32 = 176.0;

/// The arrow keys move a dialog's selection among the indices `ok` allows
/// (Up and Left back, Down and Right on, stopping at the ends).
pub(super) fn dialog_keys(ui: &egui::Ui, selected: usize, len: usize, ok: impl Fn(usize) -> bool) -> usize {
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

/// A "which?" button's words for an action a tile allows.
pub(super) fn which_label(a: &Action) -> &'static str {
    match a {
        Action::Kick(_) => "Kick it",
        Action::Move(_) => "Walk onto it",
        Action::Detonate(_) => "Set it off",
        _ => "Do it",
    }
}
