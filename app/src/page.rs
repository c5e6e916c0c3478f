//! The web page's start: the canvas, the app, the link it was opened with,
//! and the hooks the browser test reads (`window.retrace`).

use crate::store::Store;
use crate::ui::RetraceApp;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The canvas the page draws on (`web/index.html`).
const CANVAS: &str = "retrace";

/// Starts the app on the page's canvas; what goes wrong is shown on the
/// page (the loading line) and in the browser's console.
pub fn start_page() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(canvas) = document.get_element_by_id(CANVAS).and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok())
    else {
        web_sys::console::error_1(&format!("the page has no canvas with the id \"{CANVAS}\"").into());
        return;
    };
    let runner = eframe::WebRunner::new();
    install_hooks(runner.clone());
    wasm_bindgen_futures::spawn_local(async move {
        let started = runner
            .start(
                canvas,
                eframe::WebOptions::default(),
                Box::new(|cc| {
                    crate::platform::set_context(&cc.egui_ctx);
                    cc.egui_ctx.add_plugin(Widgets::default());
                    let mut app = RetraceApp::new(Store::new(Store::default_dir()), None);
                    // The link the page was opened with (`#minelayer=...`).
                    if let Some(hash) = web_sys::window().and_then(|w| w.location().hash().ok()) {
                        if hash.len() > 1 {
                            app.open_link(&hash);
                        }
                    }
                    Ok(Box::new(app))
                }),
            )
            .await;
        let line = document.get_element_by_id("loading");
        match started {
            Ok(()) => {
                if let Some(l) = line {
                    l.remove();
                }
            }
            Err(e) => {
                let say = format!("Retrace could not start: {}", e.as_string().unwrap_or_else(|| format!("{e:?}")));
                web_sys::console::error_1(&say.clone().into());
                if let Some(l) = line {
                    l.set_text_content(Some(&say));
                }
            }
        }
    });
}

/// The page's worker's entry (`web/worker.js`): runs the listed job called
/// `name` on its input's bytes and answers its answer's bytes, or why not.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn retrace_work(name: &str, input: &[u8]) -> Result<Vec<u8>, String> {
    crate::platform::work(name, input, crate::ui::jobs::run_named)
}

/// The widgets of the last frame, as the accessibility tree gives them:
/// what the browser test clicks by name.
#[derive(Default)]
struct Widgets {
    /// `[label, role, x0, y0, x1, y1]` of each named widget (CSS pixels), as JSON.
    last: String,
}

impl egui::Plugin for Widgets {
    fn debug_name(&self) -> &'static str {
        "retrace-widgets"
    }

    fn setup(&mut self, ctx: &egui::Context) {
        ctx.enable_accesskit();
    }

    fn output_hook(&mut self, ctx: &egui::Context, output: &mut egui::FullOutput) {
        let Some(update) = &output.platform_output.accesskit_update else { return };
        // Bounds are in points; the page's pixels are points times the zoom.
        let zoom = f64::from(ctx.zoom_factor());
        let rows: Vec<serde_json::Value> = update
            .nodes
            .iter()
            .filter_map(|(_, node)| {
                let label = node.label().or_else(|| node.value())?;
                let b = node.bounds()?;
                let [x0, y0, x1, y1] = [b.x0, b.y0, b.x1, b.y1].map(|v| v * zoom);
                Some(serde_json::json!([label, format!("{:?}", node.role()), x0, y0, x1, y1]))
            })
            .collect();
        self.last = serde_json::Value::Array(rows).to_string();
    }
}

/// `window.retrace`: `widgets()` (the last frame's named widgets, JSON),
/// `screen()` (what is on screen: [`RetraceApp::screen_summary`]),
/// `verify(name, bytes)` (a replay verified by the kernel: the line the
/// native crosscheck prints for it), `gpu_verify(name, bytes)` (a Life
/// replay with its Advances on WebGPU: a promise of that line and how many
/// the GPU ran) and `gpu_adapter()` (a promise of the adapter's name); and
/// a link followed while the page is open (`hashchange`) opens what it
/// names.
fn install_hooks(runner: eframe::WebRunner) {
    let Some(window) = web_sys::window() else { return };
    let hooks = js_sys::Object::new();
    let widgets = Closure::<dyn Fn() -> String>::new(|| {
        crate::platform::context()
            .and_then(|ctx| ctx.with_plugin(|w: &mut Widgets| w.last.clone()))
            .unwrap_or_else(|| "[]".into())
    });
    let verify =
        Closure::<dyn Fn(String, js_sys::Uint8Array) -> String>::new(|name: String, bytes: js_sys::Uint8Array| {
            crate::platform::verify_line(&name, &bytes.to_vec())
        });
    // A Life replay played with every Advance on WebGPU (the browser test's
    // parity check of the GPU path): a promise of its line.
    let gpu_verify = Closure::<dyn Fn(String, js_sys::Uint8Array) -> js_sys::Promise>::new(
        |name: String, bytes: js_sys::Uint8Array| {
            let bytes = bytes.to_vec();
            wasm_bindgen_futures::future_to_promise(async move {
                let line = match hook_stepper().await {
                    Ok(stepper) => crate::ui::life::replay_on_gpu(&stepper, &name, &bytes).await,
                    Err(e) => format!("no gpu: {e}"),
                };
                Ok(JsValue::from_str(&line))
            })
        },
    );
    // The adapter those runs use, or why there is none.
    let gpu_adapter = Closure::<dyn Fn() -> js_sys::Promise>::new(|| {
        wasm_bindgen_futures::future_to_promise(async move {
            Ok(JsValue::from_str(&match hook_stepper().await {
                Ok(stepper) => stepper.gpu().describe(),
                Err(e) => format!("no gpu: {e}"),
            }))
        })
    });
    let _ = js_sys::Reflect::set(&hooks, &"gpu_verify".into(), &gpu_verify.into_js_value());
    let _ = js_sys::Reflect::set(&hooks, &"gpu_adapter".into(), &gpu_adapter.into_js_value());
    let _ = js_sys::Reflect::set(&hooks, &"widgets".into(), &widgets.into_js_value());
    let _ = js_sys::Reflect::set(&hooks, &"verify".into(), &verify.into_js_value());
    let runner_for_links = runner.clone();
    let screen = Closure::<dyn Fn() -> String>::new(move || {
        runner.app_mut::<RetraceApp>().map_or_else(|| "not started".into(), |app| app.screen_summary())
    });
    let _ = js_sys::Reflect::set(&hooks, &"screen".into(), &screen.into_js_value());
    // A link followed while the page is open changes only its `#` part (no
    // reload): the app opens what the new one names.
    let follow = Closure::<dyn Fn()>::new(move || {
        let Some(hash) = web_sys::window().and_then(|w| w.location().hash().ok()) else { return };
        if hash.len() > 1 {
            if let Some(mut app) = runner_for_links.app_mut::<RetraceApp>() {
                app.open_link(&hash);
            }
        }
        if let Some(ctx) = crate::platform::context() {
            ctx.request_repaint();
        }
    });
    let _ = window.add_event_listener_with_callback("hashchange", follow.into_js_value().unchecked_ref());
    let _ = js_sys::Reflect::set(&window, &JsValue::from_str("retrace"), &hooks);
}

thread_local! {
    /// The browser test's own Life engine, opened on its first ask.
    static HOOK_STEPPER: std::cell::RefCell<Option<std::rc::Rc<retrace_gpu::life::GpuStepper>>> =
        const { std::cell::RefCell::new(None) };
}

/// The hooks' GPU engine: opened once (WebGPU, any adapter), then kept.
async fn hook_stepper() -> Result<std::rc::Rc<retrace_gpu::life::GpuStepper>, String> {
    if let Some(s) = HOOK_STEPPER.with(|h| h.borrow().clone()) {
        return Ok(s);
    }
    let opened = std::rc::Rc::new(crate::platform::open_life_gpu().await?);
    HOOK_STEPPER.with(|h| *h.borrow_mut() = Some(opened.clone()));
    Ok(opened)
}
