//! The web side of [`crate::platform`]: the browser's storage for the data
//! folder, opened files in memory, the browser's file input, work on the
//! page's thread, the page's start, and the hooks its browser test reads.

use super::common::{answer, dropped, from_chars, take_handed_on, to_chars, Dropped, Pick, Picked, OPENED};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{Error, ErrorKind};
use std::path::{Path, PathBuf};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

std::thread_local! {
    /// Files the player opened on this page (dropped or picked), by path under [`OPENED`].
    static FILES: RefCell<BTreeMap<PathBuf, Vec<u8>>> = const { RefCell::new(BTreeMap::new()) };
    /// The page's egui context, to wake it when a file has been read.
    static CONTEXT: RefCell<Option<egui::Context>> = const { RefCell::new(None) };
}

/// The browser's storage for this page, or why there is none.
fn storage() -> std::io::Result<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten()).ok_or_else(|| {
        Error::other(
            "the browser keeps no storage for this page (a private window, or storage blocked in its settings)",
        )
    })
}

/// A path's key in the browser's storage.
fn key(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Reads at most `cap` bytes of `path`: an opened file, or the browser's storage.
pub fn read_capped(path: &Path, cap: u64) -> std::io::Result<Vec<u8>> {
    let bytes = match FILES.with(|f| f.borrow().get(path).cloned()) {
        Some(b) => b,
        None => {
            let text = storage()?
                .get_item(&key(path))
                .map_err(|_| Error::other("the browser refused to read its storage"))?
                .ok_or_else(|| Error::from(ErrorKind::NotFound))?;
            from_chars(&text).ok_or_else(|| {
                Error::new(ErrorKind::InvalidData, "the browser's storage holds text this app did not write there")
            })?
        }
    };
    if bytes.len() as u64 > cap {
        return Err(Error::new(
            ErrorKind::FileTooLarge,
            format!("it is larger than {} MiB, the most this reads", cap >> 20),
        ));
    }
    Ok(bytes)
}

/// Replaces `path` with `bytes` in one step: the browser's storage takes the
/// new value whole or, full or blocked, refuses it and keeps the old one.
pub fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if path.starts_with(OPENED) {
        FILES.with(|f| f.borrow_mut().insert(path.to_path_buf(), bytes.to_vec()));
        return Ok(());
    }
    storage()?.set_item(&key(path), &to_chars(bytes)).map_err(|_| {
        Error::new(ErrorKind::StorageFull, "the browser's storage is full or blocked; the old save is kept")
    })
}

/// Nothing to clean: a save here is one step, never a temporary file.
pub fn remove_orphans(_dir: &Path) {}

/// Whether anything is at `path`.
pub fn exists(path: &Path) -> bool {
    FILES.with(|f| f.borrow().contains_key(path))
        || storage().is_ok_and(|s| s.get_item(&key(path)).ok().flatten().is_some())
}

/// Moves a saved file (to keep a bad save aside).
pub fn rename(from: &Path, to: &Path) -> std::io::Result<()> {
    let bytes = read_capped(from, u64::MAX)?;
    replace(to, &bytes)?;
    remove(from)
}

/// Removes a saved file.
pub fn remove(path: &Path) -> std::io::Result<()> {
    FILES.with(|f| f.borrow_mut().remove(path));
    if path.starts_with(OPENED) {
        return Ok(());
    }
    storage()?.remove_item(&key(path)).map_err(|_| Error::other("the browser refused to change its storage"))
}

/// The page's data folder: a prefix of its keys in the browser's storage.
pub fn data_dir() -> PathBuf {
    PathBuf::from("/retrace")
}

/// No lock on the web: two tabs of the page share its storage, and the
/// last save of a file wins.
#[derive(Debug)]
pub struct DataLock;

/// Always granted (see [`DataLock`]).
pub fn lock(_dir: &Path) -> Result<DataLock, super::common::LockError> {
    Ok(DataLock)
}

/// A web worker at its job, with the handlers that hear it.
struct Busy {
    worker: web_sys::Worker,
    _heard: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _failed: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

std::thread_local! {
    /// The workers at work, by job: each ended when its job answers or is dropped.
    static WORKERS: RefCell<BTreeMap<u64, Busy>> = const { RefCell::new(BTreeMap::new()) };
    /// The next job's number.
    static NEXT_JOB: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Ends job `id`'s worker (its answer came, or nobody wants it any more).
fn end(id: u64) {
    if let Some(busy) = WORKERS.with(|w| w.borrow_mut().remove(&id)) {
        busy.worker.terminate();
    }
}

/// Starts `job` in a web worker of its own (`web/worker.js`: this module
/// again, sent compiled), so the page's thread never waits for it: the job
/// and its answer cross as bytes, its progress comes as messages, and a
/// dropped job's worker is ended.
pub fn start<J: super::jobs::Listed>(job: J) -> super::jobs::Running<J::Answer> {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    let (tx, rx) = std::sync::mpsc::channel::<Result<J::Answer, String>>();
    let (progress, cancel) = (Arc::new(AtomicU64::new(0)), Arc::default());
    let id = NEXT_JOB.with(|n| n.replace(n.get() + 1));
    let ended = super::jobs::Running::new(rx, Arc::clone(&progress), cancel, Some(Box::new(move || end(id))));
    let (answer, failure) = (tx.clone(), tx);
    let heard = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
        let data = e.data();
        let field = |name: &str| js_sys::Reflect::get(&data, &name.into()).unwrap_or(JsValue::UNDEFINED);
        if let Some(n) = field("progress").as_f64() {
            progress.store(n as u64, Ordering::Relaxed);
        } else {
            let said = match field("answer").dyn_into::<js_sys::Uint8Array>() {
                Ok(bytes) => retrace_kernel::wire::decode(&bytes.to_vec()).map_err(|e| format!("job {}: {e}", J::NAME)),
                Err(_) => Err(field("error").as_string().unwrap_or_else(|| "the worker answered nothing".into())),
            };
            let _ = answer.send(said);
            // Ended after this handler returns (it belongs to the worker).
            wasm_bindgen_futures::spawn_local(async move { end(id) });
        }
        wake();
    });
    let failed = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
        let _ = failure.send(Err(format!("the page's worker failed: {}", e.message())));
        wasm_bindgen_futures::spawn_local(async move { end(id) });
        wake();
    });
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = match web_sys::Worker::new_with_options("./worker.js", &options) {
        Ok(w) => w,
        Err(e) => {
            web_sys::console::error_2(&"the page could not start a worker:".into(), &e);
            return ended;
        }
    };
    worker.set_onmessage(Some(heard.as_ref().unchecked_ref()));
    worker.set_onerror(Some(failed.as_ref().unchecked_ref()));
    let message = js_sys::Object::new();
    let input = js_sys::Uint8Array::from(&retrace_kernel::wire::encode(&job)[..]);
    let _ = js_sys::Reflect::set(&message, &"module".into(), &wasm_bindgen::module());
    let _ = js_sys::Reflect::set(&message, &"name".into(), &J::NAME.into());
    let _ = js_sys::Reflect::set(&message, &"input".into(), &input);
    if let Err(e) = worker.post_message(&message) {
        web_sys::console::error_2(&"the page could not reach its worker:".into(), &e);
        worker.terminate();
        return ended;
    }
    WORKERS.with(|w| w.borrow_mut().insert(id, Busy { worker, _heard: heard, _failed: failed }));
    ended
}

/// In the page's worker: runs the listed job called `name` (see
/// [`start`]), posting its progress to the page at most ten times a second.
pub fn work(
    name: &str,
    input: &[u8],
    run_named: fn(&str, &[u8], &super::jobs::Watch) -> Result<Vec<u8>, String>,
) -> Result<Vec<u8>, String> {
    let last = std::sync::Mutex::new(None::<super::common::Instant>);
    let report = move |n: u64| {
        let now = super::common::Instant::now();
        let Ok(mut last) = last.lock() else { return };
        if last.is_some_and(|t| now.duration_since(t).as_millis() < 100) {
            return;
        }
        *last = Some(now);
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"progress".into(), &(n as f64).into());
        if let Ok(scope) = js_sys::global().dyn_into::<web_sys::DedicatedWorkerGlobalScope>() {
            let _ = scope.post_message(&message);
        }
    };
    let watch = super::jobs::Watch::new(Default::default(), Default::default(), Some(Box::new(report)));
    run_named(name, input, &watch)
}

/// Wakes the page for a frame (a file was read).
fn wake() {
    CONTEXT.with(|c| {
        if let Some(ctx) = &*c.borrow() {
            ctx.request_repaint();
        }
    });
}

/// The browser's file input: the chosen file's bytes are kept under
/// [`OPENED`] and its path is [`crate::platform::picked`] once read.
pub fn pick_file(pick: Pick) {
    let mut dialog = rfd::AsyncFileDialog::new();
    for (name, extensions) in pick.filters() {
        dialog = dialog.add_filter(*name, extensions);
    }
    wasm_bindgen_futures::spawn_local(async move {
        match dialog.pick_file().await {
            Some(handle) => {
                let path = Path::new(OPENED).join(handle.file_name());
                let bytes = handle.read().await;
                FILES.with(|f| f.borrow_mut().insert(path.clone(), bytes));
                answer(pick, Picked::File(path));
            }
            None => answer(pick, Picked::Nothing),
        }
        wake();
    });
}

/// Files dropped on the page, ready to open: each is read (the browser
/// reads files asynchronously) and kept under [`OPENED`], and its path is
/// handed on (a later frame) once read.
pub fn take_dropped(files: &[egui::DroppedFileHandle], ctx: &egui::Context) -> Vec<Dropped> {
    for f in files {
        read_dropped(f, ctx);
    }
    take_handed_on()
}

fn read_dropped(f: &egui::DroppedFileHandle, ctx: &egui::Context) {
    let (f, ctx) = (f.clone(), ctx.clone());
    wasm_bindgen_futures::spawn_local(async move {
        let path = Path::new(OPENED).join(f.path().file_name().unwrap_or_default());
        let bytes = f.bytes_async().await;
        if let Ok(b) = &bytes {
            FILES.with(|files| files.borrow_mut().insert(path.clone(), b.clone()));
        }
        dropped(Dropped { path, bytes });
        ctx.request_repaint();
    });
}

/// The page has no folder to show.
pub fn open_folder(_dir: &Path) -> Result<(), String> {
    Err("the page keeps its data in the browser's storage, not in a folder".into())
}

/// Entropy for a fresh seed: the browser's random numbers and clock.
pub fn entropy() -> u64 {
    let a = (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64;
    let b = (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64;
    a ^ b.rotate_left(29) ^ (js_sys::Date::now() as u64).rotate_left(11)
}

/// Keeps the page's context, to wake it from work done between frames.
pub fn set_context(ctx: &egui::Context) {
    CONTEXT.with(|c| *c.borrow_mut() = Some(ctx.clone()));
}

/// The page's context, once the app has started.
pub fn context() -> Option<egui::Context> {
    CONTEXT.with(|c| c.borrow().clone())
}

/// This page's address, without its `#` part: links made here begin with it.
pub fn page_address() -> String {
    web_sys::window()
        .and_then(|w| Some(format!("{}{}", w.location().origin().ok()?, w.location().pathname().ok()?)))
        .unwrap_or_default()
}

/// Saves a file as the browser's download (into the player's downloads
/// folder, as the browser is set): what the download is called.
pub fn save_file(name: &str, bytes: &[u8]) -> Result<Option<String>, String> {
    let refused = |what: &str| format!("{name}: the browser refused the download ({what})");
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).map_err(|_| refused("its bytes"))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| refused("its address"))?;
    let link = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok())
        .ok_or_else(|| refused("no page"))?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(Some(name.to_string()))
}
