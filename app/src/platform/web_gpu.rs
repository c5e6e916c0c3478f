//! Life's GPU engine on the page: WebGPU, where the browser offers it. The
//! page's only thread may not wait for the GPU, so the adapter opens while
//! the page starts ([`life_gpu`] answers `Pending` until then) and each run
//! is a future the browser drives between frames ([`LifeEngine::run`]
//! answers `None` until its answer is in).

use retrace_gpu::life::GpuStepper;
use retrace_kernel::life::field::Field;
use retrace_kernel::life::game::GenStats;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::task::Poll;

/// A run's answer: the field after it and each generation's figures.
type Answer = Result<(Field, Vec<GenStats>), String>;

thread_local! {
    /// The GPU's opening: absent until asked, then pending, then its outcome
    /// (taken once, by the first Life game after it).
    static OPENING: RefCell<Option<Rc<RefCell<Option<Result<GpuStepper, String>>>>>> = const { RefCell::new(None) };
}

/// Opens an adapter and compiles Life's shaders, awaited (for the page's
/// engine and the browser test's hook).
pub async fn open_life_gpu() -> Result<GpuStepper, String> {
    let gpu = retrace_gpu::Gpu::open().await.map_err(|e| e.to_string())?;
    GpuStepper::open(gpu).await.map_err(|e| e.to_string())
}

/// Life's GPU engine: asked first at the page's start, then `Pending`
/// until WebGPU has answered; ready once with the engine or why not.
pub fn life_gpu() -> Poll<Result<GpuStepper, String>> {
    let slot = OPENING.with(|o| {
        o.borrow_mut()
            .get_or_insert_with(|| {
                let slot = Rc::new(RefCell::new(None));
                let filled = slot.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    // Asked while the page's own painter is still getting its
                    // adapter, the browser may answer none: asked again a
                    // little later, twice.
                    let mut opened = open_life_gpu().await;
                    for wait_ms in [500, 2000] {
                        if opened.is_ok() {
                            break;
                        }
                        sleep(wait_ms).await;
                        opened = open_life_gpu().await;
                    }
                    // Why Life steps on the CPU here, for the curious (a
                    // warning: no GPU is no error).
                    if let Err(e) = &opened {
                        web_sys::console::warn_1(&format!("Life steps on the CPU: {e}").into());
                    }
                    *filled.borrow_mut() = Some(opened);
                    if let Some(ctx) = super::web::context() {
                        ctx.request_repaint();
                    }
                });
                slot
            })
            .clone()
    });
    let taken = slot.borrow_mut().take();
    match taken {
        // Taken once; later asks find it gone (the engine is lent from then on).
        Some(outcome) => Poll::Ready(outcome),
        None => Poll::Pending,
    }
}

/// The compute adapter's name, for a bug report: the page's is WebGPU's
/// own business (it opens only for Life, and a browser does not name it).
pub fn adapter_name() -> Result<String, String> {
    Err("the page does not name its WebGPU adapter".into())
}

/// Which engine Life is asked to use: the page address's `life-engine`
/// parameter (`?life-engine=gpu` takes a software adapter too).
pub fn life_engine_choice() -> String {
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix("life-engine=").map(str::to_string))
        .unwrap_or_default()
}

/// Life's GPU engine as the window uses it: a run is started when asked and
/// answered in a later frame; one run at a time (its buffers are the
/// engine's own).
pub struct LifeEngine {
    stepper: Rc<GpuStepper>,
    /// The run asked last: its field, generations and answer slot.
    asked: Option<(Field, u32, Rc<RefCell<Option<Answer>>>)>,
    /// A run is on the GPU.
    busy: Rc<Cell<bool>>,
}

impl LifeEngine {
    /// The engine on an opened GPU.
    pub fn new(stepper: GpuStepper) -> LifeEngine {
        LifeEngine { stepper: Rc::new(stepper), asked: None, busy: Rc::new(Cell::new(false)) }
    }

    /// The GPU it runs on.
    pub fn gpu(&self) -> &retrace_gpu::Gpu {
        self.stepper.gpu()
    }

    /// Whether the run of `gens` generations from `field` is answered; if
    /// it was not asked yet, it is started (once the run before it is done).
    pub fn ready(&mut self, field: &Field, gens: u32) -> bool {
        if let Some(slot) = self.slot(field, gens) {
            return slot.borrow().is_some();
        }
        if !self.busy.get() {
            self.start(field, gens);
        }
        false
    }

    /// The answer to the run of `gens` generations from `field`, taken, once
    /// [`LifeEngine::ready`] says it is in; else `None` (run it on the CPU).
    pub fn run(&mut self, field: &Field, gens: u32) -> Option<Answer> {
        let answer = self.slot(field, gens)?.borrow_mut().take();
        if answer.is_some() {
            self.asked = None;
        }
        answer
    }

    /// The answer slot of the run asked last, when it is this one.
    fn slot(&self, field: &Field, gens: u32) -> Option<&Rc<RefCell<Option<Answer>>>> {
        self.asked.as_ref().filter(|(f, g, _)| f == field && *g == gens).map(|(_, _, slot)| slot)
    }

    fn start(&mut self, field: &Field, gens: u32) {
        let slot = Rc::new(RefCell::new(None));
        let (filled, stepper, busy, from) = (slot.clone(), self.stepper.clone(), self.busy.clone(), field.clone());
        busy.set(true);
        wasm_bindgen_futures::spawn_local(async move {
            let answer = stepper.run_field(&from, gens).await;
            *filled.borrow_mut() = Some(answer);
            busy.set(false);
            if let Some(ctx) = super::web::context() {
                ctx.request_repaint();
            }
        });
        self.asked = Some((field.clone(), gens, slot));
    }
}

/// Waits `ms` milliseconds on the browser's timer (the page goes on).
async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}
