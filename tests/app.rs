//! The window, driven through egui_kittest by accessible labels, headless
//! (rendering on lavapipe in CI). This file holds the harnesses and the
//! helpers every game's tests share; the tests are one module per game
//! (`app/mines.rs`, `life.rs`, `explodo.rs`, `miau.rs`) plus the shell
//! (`app/shell.rs`: dropped replays, snapshots, settings, languages).

use crate::fixtures;
use eframe::egui;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use retrace::store::Store;
use retrace::ui::{RetraceApp, Screen};
use retrace_kernel::life::Phase as LifePhase;
use retrace_kernel::mines::Phase;
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod explodo;
mod life;
mod links;
mod miau;
mod mines;
mod shell;

/// MineLayer's language would follow the machine's locale in a fresh data
/// folder; the tests read English labels, so a fresh folder says English.
fn english_minelayer(dir: &Path) {
    let settings = dir.join("settings.txt");
    if !settings.exists() {
        std::fs::create_dir_all(dir).unwrap();
        let text = format!("mines_lang = en\nsound = false\nseen_version = {}\n", retrace::APP_VERSION);
        std::fs::write(settings, text).unwrap();
        // Every word met already: no first-time card over the boards (one test shows them).
        std::fs::write(dir.join("miau-words-seen.txt"), SEEN_ALL).unwrap();
    }
}

/// Every property word of the shipped worlds, as the file of words met holds them.
const SEEN_ALL: &str = "YOU\nPUSH\nSTOP\nWIN\nSINK\nDEFEAT\nGOAL\nFLOAT\nFRAIL\nTICK\nOPEN\nSHUT\n";

/// The shipped Miau level with this id, opened in its view.
fn miau_level(id: &str) -> retrace::ui::miau::MiauView {
    let packs = retrace::ui::miau::packs();
    let (p, l) = packs
        .iter()
        .enumerate()
        .find_map(|(p, pack)| pack.levels.iter().position(|l| l.id == id).map(|l| (p, l)))
        .unwrap_or_else(|| panic!("no shipped level {id}"));
    retrace::ui::miau::MiauView::new(&packs, p, l).unwrap()
}

fn harness(dir: &Path) -> Harness<'static, RetraceApp> {
    english_minelayer(dir);
    let store = Store::new(dir);
    Harness::builder()
        .with_size([1100.0, 760.0])
        .with_max_steps(40)
        .build_eframe(move |_cc| RetraceApp::new(store, None))
}

/// A window of `w` × `h` pixels on a fresh data folder (English MineLayer).
fn sized_harness(dir: &std::path::Path, w: f32, h: f32) -> Harness<'static, RetraceApp> {
    english_minelayer(dir);
    let store = Store::new(dir);
    Harness::builder().with_size([w, h]).with_max_steps(40).build_eframe(move |_cc| RetraceApp::new(store, None))
}

/// A harness that can render pixels (wgpu), or `None` without a GPU.
fn rendering_harness(dir: &Path) -> Option<Harness<'static, RetraceApp>> {
    retrace_gpu::gpu_for_tests("rendered app test")?;
    english_minelayer(dir);
    let store = Store::new(dir);
    Some(
        Harness::builder()
            .with_size([1100.0, 760.0])
            .with_max_steps(40)
            .wgpu()
            .build_eframe(move |_cc| RetraceApp::new(store, None)),
    )
}

/// Every shape of a frame, those nested in `Shape::Vec` too, in drawing order.
fn flat_shapes(shapes: &[egui::epaint::ClippedShape]) -> Vec<&egui::Shape> {
    fn walk<'a>(shape: &'a egui::Shape, out: &mut Vec<&'a egui::Shape>) {
        match shape {
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            s => out.push(s),
        }
    }
    let mut out = Vec::new();
    for c in shapes {
        walk(&c.shape, &mut out);
    }
    out
}

/// The miau level list's New level: the editor on a new level.
fn open_new_level(h: &mut Harness<'static, RetraceApp>) {
    h.state_mut().screen = Screen::MiauLevels;
    h.run();
    h.get_by_label("New level").click();
    h.run();
}

/// Pixels of exactly this colour in a rendering of the window.
fn pixels_of(h: &mut Harness<'static, RetraceApp>, c: egui::Color32) -> usize {
    let img = h.render().expect("renders");
    img.pixels().filter(|p| p.0 == [c.r(), c.g(), c.b(), c.a()]).count()
}

fn mines<'h>(h: &'h mut Harness<'static, RetraceApp>) -> &'h mut retrace::ui::mines::MinesView {
    match &mut h.state_mut().screen {
        Screen::Mines(v) => v,
        _ => panic!("not on the MineLayer screen"),
    }
}

/// A dropped file, as the window system hands it over.
#[derive(Debug)]
struct Dropped(PathBuf, Vec<u8>);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        Ok(self.1.clone())
    }
}

fn drop_file(h: &mut Harness<'static, RetraceApp>, name: &str, bytes: Vec<u8>) {
    h.input_mut().dropped_files.push(Arc::new(Dropped(PathBuf::from(name), bytes)));
    h.run();
}

fn cell_label(v: &retrace::ui::mines::MinesView, i: u16) -> String {
    let cols = v.session.state().field.cols;
    format!("row {} column {}", i / cols + 1, i % cols + 1)
}

/// The label of the widget with the keyboard's focus, if one has it.
fn focused(h: &Harness<'static, RetraceApp>) -> Option<String> {
    use egui_kittest::kittest::{NodeT, Queryable};
    h.query_by(|n| n.is_focused()).and_then(|n| n.accesskit_node().label())
}

/// Presses Tab until the widget labelled `label` has the focus (at most
/// 120 times), then Enter: a button pressed by the keyboard alone.
fn tab_to_and_press(h: &mut Harness<'static, RetraceApp>, label: &str) {
    tab_to_and_press_nth(h, label, 0);
}

/// [`tab_to_and_press`] for the `nth` (from 0) widget so labelled in Tab's
/// order (several cards have a Play).
fn tab_to_and_press_nth(h: &mut Harness<'static, RetraceApp>, label: &str, nth: usize) {
    let mut seen = 0;
    for _ in 0..120 {
        if focused(h).as_deref() == Some(label) {
            if seen == nth {
                h.key_press(egui::Key::Enter);
                h.run();
                return;
            }
            seen += 1;
        }
        h.key_press(egui::Key::Tab);
        h.run();
    }
    panic!("Tab never reaches {label:?} number {nth}");
}

/// Presses arrows until `at` (where the keyboard is on a board, x then y)
/// reads `to`, across first: at most `most` presses.
fn arrows_to(
    h: &mut Harness<'static, RetraceApp>,
    to: (u32, u32),
    most: usize,
    at: impl Fn(&mut Harness<'static, RetraceApp>) -> (u32, u32),
) {
    use std::cmp::Ordering::{Greater, Less};
    for _ in 0..most {
        let (x, y) = at(h);
        let key = match (x.cmp(&to.0), y.cmp(&to.1)) {
            (Less, _) => egui::Key::ArrowRight,
            (Greater, _) => egui::Key::ArrowLeft,
            (_, Less) => egui::Key::ArrowDown,
            (_, Greater) => egui::Key::ArrowUp,
            _ => return,
        };
        h.key_press(key);
        h.run();
    }
    panic!("the arrows never reach {to:?}");
}

fn life<'h>(h: &'h mut Harness<'static, RetraceApp>) -> &'h mut retrace::ui::life::LifeView {
    match &mut h.state_mut().screen {
        Screen::Life(v) => v,
        _ => panic!("not on the Life screen"),
    }
}

/// Presses (or releases) the primary button at `pos`.
fn primary(h: &mut Harness<'static, RetraceApp>, pos: egui::Pos2, pressed: bool) {
    h.input_mut().events.push(egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Default::default(),
    });
}

/// A left click at `pos` through pointer events: the pointer there, the
/// button pressed for a frame, released, and the window settled.
fn click_at(h: &mut Harness<'static, RetraceApp>, pos: egui::Pos2) {
    h.input_mut().events.push(egui::Event::PointerMoved(pos));
    primary(h, pos, true);
    h.step();
    primary(h, pos, false);
    h.run();
}

/// Paints the field cell (x, y) with a left click through pointer events.
fn click_cell(h: &mut Harness<'static, RetraceApp>, x: u32, y: u32) {
    let rect = h.get_by_label("Life field").rect();
    let w = life(h).session.state().field.w as f32;
    let cell = rect.width() / w;
    click_at(h, rect.min + egui::vec2((x as f32 + 0.5) * cell, (y as f32 + 0.5) * cell));
}

fn explodo<'h>(h: &'h mut Harness<'static, RetraceApp>) -> &'h mut retrace::ui::explodo::ExplodoView {
    match &mut h.state_mut().screen {
        Screen::Explodo(v) => v,
        _ => panic!("not on the Explodorama screen"),
    }
}

/// A window showing an Explodorama run, autopilot off (the test plays every turn).
fn explodo_window(dir: &Path, view: retrace::ui::explodo::ExplodoView) -> Harness<'static, RetraceApp> {
    let mut h = harness(dir);
    h.state_mut().settings.explodo_autopilot = false;
    h.state_mut().screen = Screen::Explodo(view);
    h.run();
    h
}

fn miau<'h>(h: &'h mut Harness<'static, RetraceApp>) -> &'h mut retrace::ui::miau::MiauView {
    match &mut h.state_mut().screen {
        Screen::Miau(v) => v,
        _ => panic!("not on the Miau Is True screen"),
    }
}

/// The key for a solver move letter.
fn miau_key(m: retrace_kernel::miau::Action) -> egui::Key {
    use retrace_kernel::miau::Action;
    match m {
        Action::Up => egui::Key::ArrowUp,
        Action::Down => egui::Key::ArrowDown,
        Action::Left => egui::Key::ArrowLeft,
        Action::Right => egui::Key::ArrowRight,
        Action::Wait => egui::Key::Space,
    }
}

/// Opens a shipped Miau level by its title from the level list: the first
/// world (in map order) that has it, then the level. The required levels
/// before it count as won (they unlock it).
fn open_miau_level(h: &mut Harness<'static, RetraceApp>, title: &str) {
    let world = retrace::ui::miau::packs()
        .into_iter()
        .find(|p| p.levels.iter().any(|l| l.title == title))
        .unwrap_or_else(|| panic!("no shipped level titled {title}"));
    let before = world.levels.iter().take_while(|l| l.title != title);
    let unlocking: Vec<String> =
        before.filter(|l| l.category == "required").map(|l| format!("{}/{}", world.id, l.id)).collect();
    let world = world.name;
    h.state_mut().miau.won.extend(unlocking);
    h.state_mut().screen = Screen::MiauLevels;
    h.state_mut().miau.world = None;
    h.run();
    h.get_by_label(&world).click();
    h.run();
    h.get_by_label(title).click();
    h.run();
}

/// Waits (a few seconds at most) for the hint being worked out on a thread, and returns it.
fn miau_hint(h: &mut Harness<'static, RetraceApp>) -> String {
    for _ in 0..1000 {
        h.run();
        match miau(h).message.clone() {
            Some(m) if m != "Thinking..." => return m.to_string(),
            _ => std::thread::sleep(std::time::Duration::from_millis(5)),
        }
    }
    panic!("no hint came");
}

/// The solver's shortest solution of the level on screen, from its start.
fn miau_solution(h: &mut Harness<'static, RetraceApp>) -> Vec<retrace_kernel::miau::Action> {
    use retrace_kernel::miau::solver::{solve, Verdict};
    let setup = miau(h).session.setup().clone();
    match solve(&setup, 100_000, &mut retrace_kernel::hashing::CpuHasher).unwrap() {
        Verdict::Solved { moves, .. } => moves,
        other => panic!("the level solves: {other:?}"),
    }
}

fn editor<'h>(h: &'h mut Harness<'static, RetraceApp>) -> &'h mut retrace::ui::miau::editor::EditorView {
    match &mut h.state_mut().screen {
        Screen::MiauEditor(v) => v,
        _ => panic!("not in the level editor"),
    }
}

/// The centre of cell (x, y) of the editor's board.
fn editor_cell_pos(h: &mut Harness<'static, RetraceApp>, x: usize, y: usize) -> egui::Pos2 {
    let rect = h.get_by_label("Level board").rect();
    let cell = rect.width() / editor(h).draft.w as f32;
    rect.min + egui::vec2((x as f32 + 0.5) * cell, (y as f32 + 0.5) * cell)
}

/// Places the selected token on cell (x, y) with a click.
fn editor_click(h: &mut Harness<'static, RetraceApp>, x: usize, y: usize) {
    let pos = editor_cell_pos(h, x, y);
    click_at(h, pos);
}

/// Waits for the editor's live verdict and returns its line.
fn editor_verdict(h: &mut Harness<'static, RetraceApp>) -> String {
    assert!(editor(h).wait(20).is_some(), "a verdict within 20 s");
    h.run();
    editor(h).verdict_line(retrace::store::Lang::En)
}
