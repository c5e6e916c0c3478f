//! The window's frame time on the CPU renderer (lavapipe where there is no
//! GPU): Miau Is True's largest shipped level, a move made before every
//! frame so its tween, shake and morph are drawn, and Explodorama on a
//! 13 by 17 board, a turn before every frame so its animation is drawn;
//! each frame laid out, tessellated and rendered.
//! Measured twice: rendered as a window does (one colour target kept between
//! frames, the renderer waited for, nothing copied back), and by kittest's
//! renderer, which makes a new target every frame and reads the image back
//! (an upper bound). Skipped, with the reason, where no adapter is found.

use criterion::{criterion_group, criterion_main, Criterion};
use eframe::egui_wgpu::{self, wgpu, RenderState, ScreenDescriptor};
use egui_kittest::{Harness, TestRenderer};
use retrace::store::Store;
use retrace::ui::{RetraceApp, Screen};
use retrace_kernel::miau::Action;

/// Every property word met: no first-time card over the board.
const SEEN: &str = "YOU\nPUSH\nSTOP\nWIN\nSINK\nDEFEAT\nGOAL\nFLOAT\nFRAIL\nTICK\nOPEN\nSHUT\n";

/// Renders a frame as a window does: into one colour target kept from frame
/// to frame (a window's swapchain image), waiting until the renderer has
/// finished, with no copy back to memory. The image it returns is empty.
struct Presenting {
    state: RenderState,
    target: Option<(wgpu::Texture, wgpu::TextureView, [u32; 2])>,
}

impl Presenting {
    fn new() -> Self {
        let state = egui_kittest::wgpu::create_render_state(
            egui_kittest::wgpu::default_wgpu_setup(),
            egui_wgpu::RendererOptions::default(),
        );
        Presenting { state, target: None }
    }
}

impl TestRenderer for Presenting {
    fn setup_eframe(&self, cc: &mut eframe::CreationContext<'_>, frame: &mut eframe::Frame) {
        cc.wgpu_render_state = Some(self.state.clone());
        frame.wgpu_render_state = Some(self.state.clone());
    }

    fn handle_delta(&mut self, delta: &mut eframe::egui::TexturesDelta) {
        let mut renderer = self.state.renderer.write();
        // Each texture is set and freed on its own: the order does not matter.
        for (id, images) in delta.set.drain() {
            for image in images {
                renderer.update_texture(&self.state.device, &self.state.queue, id, &image);
            }
        }
        for id in delta.free.drain() {
            renderer.free_texture(&id);
        }
    }

    fn render(
        &mut self,
        ctx: &eframe::egui::Context,
        output: &eframe::egui::FullOutput,
    ) -> Result<image::RgbaImage, String> {
        let (device, queue) = (&self.state.device, &self.state.queue);
        let size = ctx.content_rect().size() * ctx.pixels_per_point();
        let px = [size.x.round() as u32, size.y.round() as u32];
        if self.target.as_ref().is_none_or(|t| t.2 != px) {
            let texture = device.create_texture(&wgpu::TextureDescriptor {
                label: Some("the window's colour target"),
                size: wgpu::Extent3d { width: px[0], height: px[1], depth_or_array_layers: 1 },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: self.state.target_format,
                usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
                view_formats: &[],
            });
            let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
            self.target = Some((texture, view, px));
        }
        let view = &self.target.as_ref().expect("made above").1;
        let screen = ScreenDescriptor { pixels_per_point: ctx.pixels_per_point(), size_in_pixels: px };
        let meshes = ctx.tessellate(output.shapes.clone(), ctx.pixels_per_point());
        let mut renderer = self.state.renderer.write();
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
        let user = renderer.update_buffers(device, queue, &mut encoder, &meshes, &screen);
        {
            let mut pass = encoder
                .begin_render_pass(&wgpu::RenderPassDescriptor {
                    color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                        view,
                        resolve_target: None,
                        ops: wgpu::Operations {
                            load: wgpu::LoadOp::Clear(wgpu::Color::BLACK),
                            store: wgpu::StoreOp::Store,
                        },
                        depth_slice: None,
                    })],
                    ..Default::default()
                })
                .forget_lifetime();
            renderer.render(&mut pass, &meshes, &screen);
        }
        queue.submit(user.into_iter().chain(std::iter::once(encoder.finish())));
        device
            .poll(wgpu::PollType::Wait { submission_index: None, timeout: Some(std::time::Duration::from_secs(10)) })
            .map_err(|e| format!("{e}"))?;
        Ok(Default::default())
    }
}

/// A window of the bench's size on the given renderer, showing shipped level
/// `l` of pack `p` with every word met.
fn window(
    dir: &std::path::Path,
    p: usize,
    l: usize,
    renderer: impl TestRenderer + 'static,
) -> Harness<'static, RetraceApp> {
    let packs = retrace::ui::miau::packs();
    let view = retrace::ui::miau::MiauView::new(&packs, p, l).expect("the level opens");
    let store = Store::new(dir);
    let mut h = Harness::builder()
        .with_size([1100.0, 760.0])
        .renderer(renderer)
        .build_eframe(move |_cc| RetraceApp::new(store, None));
    h.state_mut().screen = Screen::Miau(view);
    h.run();
    h
}

/// A window of the bench's size on the given renderer, showing a new
/// Explodorama run of `setup` (sound off, autopilot off).
fn explodo_window(
    dir: &std::path::Path,
    setup: retrace_kernel::explodo::Setup,
    renderer: impl TestRenderer + 'static,
) -> Harness<'static, RetraceApp> {
    let store = Store::new(dir);
    let mut h = Harness::builder()
        .with_size([1100.0, 760.0])
        .with_max_steps(64)
        .renderer(renderer)
        .build_eframe(move |_cc| RetraceApp::new(store, None));
    h.state_mut().settings.explodo_autopilot = false;
    h.state_mut().screen = Screen::Explodo(retrace::ui::explodo::ExplodoView::new(setup, 5));
    h.run();
    h
}

/// Makes a move (left and right in turn) and draws the frame.
fn move_and_draw(h: &mut Harness<'static, RetraceApp>, scratch: &Store, turn: &mut u32, rendered: bool) {
    *turn += 1;
    if let Screen::Miau(v) = &mut h.state_mut().screen {
        let a = if turn.is_multiple_of(2) { Action::Left } else { Action::Right };
        v.act(a, scratch);
    }
    h.step();
    if rendered {
        drop(h.render().expect("renders"));
    }
}

fn frame(c: &mut Criterion) {
    if retrace_gpu::gpu_for_tests("the frame bench").is_none() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join("settings.txt"), "sound = false\n").expect("settings");
    std::fs::write(dir.path().join("miau-words-seen.txt"), SEEN).expect("words met");
    let packs = retrace::ui::miau::packs();
    // The largest shipped level, by cells.
    let (p, l, title) = packs
        .iter()
        .enumerate()
        .flat_map(|(p, pack)| pack.levels.iter().enumerate().map(move |(l, level)| (p, l, level)))
        .max_by_key(|(_, _, level)| {
            let rows = level.setup.grid.lines().count();
            let cols = level.setup.grid.lines().next().map_or(0, |r| r.split(' ').count());
            rows * cols
        })
        .map(|(p, l, level)| (p, l, level.title.clone()))
        .expect("a shipped level");
    let scratch = Store::new(dir.path());
    let mut g = c.benchmark_group("window/frame");
    g.sample_size(30);
    let mut turn = 0u32;
    // As a window draws it: rendered into a target kept between frames, the
    // renderer waited for, nothing copied back.
    let mut h = window(dir.path(), p, l, Presenting::new());
    g.bench_function(format!("miau largest level ({title}), a move a frame, rendered as a window does"), |b| {
        b.iter(|| move_and_draw(&mut h, &scratch, &mut turn, true))
    });
    drop(h);
    // The frame's own work (input, layout, painting, tessellation), then the
    // same with kittest's renderer, which makes a new target every frame and
    // copies the image back to memory (an upper bound).
    let mut h = window(dir.path(), p, l, egui_kittest::wgpu::WgpuTestRenderer::new());
    for rendered in [false, true] {
        let what = if rendered { "rendered and read back by kittest" } else { "laid out and tessellated" };
        g.bench_function(format!("miau largest level ({title}), a move a frame, {what}"), |b| {
            b.iter(|| move_and_draw(&mut h, &scratch, &mut turn, rendered))
        });
    }
    // Explodorama on a 13 by 17 board (level 16, an Immortal test run), a
    // turn (a wait: every enemy moves) before every frame so the turn's
    // animation is drawn, in its 9 by 13 view.
    let setup = retrace_kernel::explodo::Setup { start_level: 16, immortal: true, ..Default::default() };
    for (renderer, what) in [(true, "rendered as a window does"), (false, "laid out and tessellated")] {
        let mut h = if renderer {
            explodo_window(dir.path(), setup, Presenting::new())
        } else {
            explodo_window(dir.path(), setup, egui_kittest::wgpu::WgpuTestRenderer::new())
        };
        g.bench_function(format!("explodorama 13x17 board, a turn a frame, {what}"), |b| {
            b.iter(|| {
                if let Screen::Explodo(v) = &mut h.state_mut().screen {
                    v.push(&scratch, retrace_kernel::explodo::Action::Wait);
                }
                h.step();
                if renderer {
                    drop(h.render().expect("renders"));
                }
            })
        });
    }
    // Life's largest field (300 by 300, two players) and MineLayer's Expert
    // field (30 by 16), a frame drawn again with nothing changed (issue 41's
    // figures: the frame's own work on each game's largest board).
    let life = retrace_kernel::Session::<retrace_kernel::life::Life>::new(
        retrace_kernel::life::Setup::TwoPlayer { w: 300, h: 300, wrap: false, budget: 100 },
        0,
    )
    .expect("a 300 by 300 game starts");
    // Explodorama's demo on its television (the pointer, the top bar, the
    // static): the loop's scenes one after another, each clip made when its
    // scene comes (that search is part of some frames).
    let mut demo = retrace::ui::explodo::ExplodoView::new(retrace_kernel::explodo::Setup::default(), 5);
    demo.dialogs.demo = Some(retrace::ui::explodo::demo::Demo::new(5));
    let screens = [
        ("explodorama demo", Screen::Explodo(demo)),
        ("life 300x300 field", Screen::Life(retrace::ui::life::LifeView::new(life))),
        (
            "minelayer expert 30x16 field",
            Screen::Mines(retrace::ui::mines::MinesView::new(retrace_kernel::mines::Tier::Expert, 2026)),
        ),
    ];
    for (name, screen) in screens {
        h.state_mut().screen = screen;
        h.run();
        g.bench_function(format!("{name}, a frame, laid out and tessellated"), |b| b.iter(|| h.step()));
    }
    // The renderer's floor: the same window with nothing but the menu bar
    // and an empty level list's header drawn.
    h.state_mut().screen = Screen::Home;
    h.state_mut().demos_paused = true;
    h.run();
    g.bench_function("home screen, demos still, rendered and read back by kittest (the floor)", |b| {
        b.iter(|| {
            h.step();
            drop(h.render().expect("renders"));
        })
    });
    g.finish();
}

criterion_group!(benches, frame);
criterion_main!(benches);
