//! The window's start: the data folder's lock (a second window only reads
//! it), the native window, and what the command line asked it to open.

use crate::store::{take_lock, Store};
use crate::ui::explodo;
use crate::ui::screen::Screen;
use crate::ui::RetraceApp;
use eframe::egui;

/// Runs the window until it is closed.
pub fn run_window(open: crate::cli::Open) -> Result<(), String> {
    let store = Store::new(Store::default_dir());
    // One window a data folder: a second one only reads it (and asks).
    let (lock, held) = take_lock(&store);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Retrace")
            .with_inner_size([1100.0, 760.0])
            .with_drag_and_drop(true),
        ..Default::default()
    };
    eframe::run_native(
        "Retrace",
        options,
        Box::new(move |_cc| {
            let mut app = RetraceApp::new(store, open.file.clone());
            app.lock = lock;
            app.read_only_asked = held;
            app.read_only = held;
            if let (Some(a), Some(b)) = (&open.file, &open.second) {
                app.open_pair_paths(a, b);
            }
            if let Some(setup) = open.explodo {
                app.screen = Screen::Explodo(explodo::ExplodoView::new(setup, crate::random_seed()));
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| format!("the window could not start: {e}"))
}
