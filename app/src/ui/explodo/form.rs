//! The new-run form on the home card: the seed, the modes and the test
//! options (the spec's URL parameters).

use super::view::ExplodoView;
use super::words::charge_name;

use crate::store::Lang;
use crate::ui::text::tr;
use eframe::egui::{self};
use retrace_kernel::explodo::Setup;

/// The new-run form on the home card.
#[derive(Clone, Debug, Default)]
pub struct RunForm {
    /// Empty for a random run; digits, or any text made into a seed.
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
