//! The window's frame time on the CPU renderer (lavapipe where there is no
//! GPU): Miau Is True's largest shipped level, a move made before every
//! frame so its tween, shake and morph are drawn, the frame laid out,
//! tessellated and rendered by egui_kittest's wgpu renderer and read back.
//! The read-back is part of every sample, so the figure is an upper bound on
//! a real frame. Skipped, with the reason, where no adapter is found.

use criterion::{criterion_group, criterion_main, Criterion};
use egui_kittest::Harness;
use retrace::store::Store;
use retrace::ui::{RetraceApp, Screen};
use retrace_kernel::miau::Action;

/// Every property word met: no first-time card over the board.
const SEEN: &str = "YOU\nPUSH\nSTOP\nWIN\nSINK\nDEFEAT\nGOAL\nFLOAT\nFRAIL\nTICK\nOPEN\nSHUT\n";

fn frame(c: &mut Criterion) {
    if retrace_gpu::gpu_for_tests("the frame bench").is_none() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join("settings.txt"), "sound = false\n").expect("settings");
    std::fs::write(dir.path().join("miau-words-seen.txt"), SEEN).expect("words met");
    let packs = retrace::ui::miau::packs();
    // The largest shipped level, by cells.
    let (p, l) = packs
        .iter()
        .enumerate()
        .flat_map(|(p, pack)| pack.levels.iter().enumerate().map(move |(l, level)| (p, l, level)))
        .max_by_key(|(_, _, level)| {
            let rows = level.setup.grid.lines().count();
            let cols = level.setup.grid.lines().next().map_or(0, |r| r.split(' ').count());
            rows * cols
        })
        .map(|(p, l, _)| (p, l))
        .expect("a shipped level");
    let view = retrace::ui::miau::MiauView::new(&packs, p, l).expect("the level opens");
    let title = view.title.clone();
    let store = Store::new(dir.path());
    let mut h =
        Harness::builder().with_size([1100.0, 760.0]).wgpu().build_eframe(move |_cc| RetraceApp::new(store, None));
    h.state_mut().screen = Screen::Miau(view);
    h.run();
    let scratch = Store::new(dir.path());
    let mut g = c.benchmark_group("window/frame");
    g.sample_size(30);
    let mut turn = 0u32;
    // The frame's own work (input, layout, painting, tessellation), then the
    // same with the rasterization by the renderer and the read-back.
    for rendered in [false, true] {
        let what = if rendered { "laid out, rendered and read back" } else { "laid out and tessellated" };
        g.bench_function(format!("miau largest level ({title}), a move a frame, {what}"), |b| {
            b.iter(|| {
                turn += 1;
                if let Screen::Miau(v) = &mut h.state_mut().screen {
                    let a = if turn.is_multiple_of(2) { Action::Left } else { Action::Right };
                    v.act(a, &scratch);
                }
                h.step();
                if rendered {
                    drop(h.render().expect("renders"));
                }
            })
        });
    }
    // The renderer's floor: the same window with nothing but the menu bar
    // and an empty level list's header drawn.
    h.state_mut().screen = Screen::Home;
    h.state_mut().demos_paused = true;
    h.run();
    g.bench_function("home screen, demos still, rendered and read back (the renderer's floor)", |b| {
        b.iter(|| {
            h.step();
            drop(h.render().expect("renders"));
        })
    });
    g.finish();
}

criterion_group!(benches, frame);
criterion_main!(benches);
