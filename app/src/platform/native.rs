//! The native side of [`crate::platform`]: the file system, threads, the
//! desktop's file dialog and folder opener, the window's start.

use super::common::{answer, dropped, take_handed_on, Dropped, Pick, Picked};
use retrace_kernel::life::field::Field;
use retrace_kernel::life::game::GenStats;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Reads at most `cap` bytes of `path`: a longer file (or an endless one,
/// like `/dev/zero`) is an error that says the limit, never a growing buffer.
pub fn read_capped(path: &Path, cap: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    file.take(cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(std::io::Error::new(
            std::io::ErrorKind::FileTooLarge,
            format!("it is larger than {} MiB, the most this reads", cap >> 20),
        ));
    }
    Ok(bytes)
}

/// Temporary files older than this are orphans of a killed save.
const ORPHAN_AGE: std::time::Duration = std::time::Duration::from_secs(60);

/// Replaces `path` with `bytes` atomically: a temporary file in the same
/// folder, flushed to disk, then renamed over the target. A crash leaves
/// either the old file or the new one, never half of either. Only a regular
/// file is replaced (a link, a device, a pipe or a folder is refused, with
/// why), and it keeps its permissions. Temporary files that killed saves left
/// in the folder (`.retrace-*.tmp`, over a minute old) are removed first.
pub fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let old = match std::fs::symlink_metadata(path) {
        Ok(m) if !m.file_type().is_file() => {
            let what = if m.file_type().is_symlink() {
                "a symbolic link"
            } else if m.is_dir() {
                "a folder"
            } else {
                "not a regular file (a device, pipe or socket)"
            };
            return Err(std::io::Error::other(format!("it is {what}; only a regular file is replaced")));
        }
        Ok(m) => Some(m.permissions()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    std::fs::create_dir_all(dir)?;
    remove_orphans(dir);
    let mut tmp = tempfile::Builder::new().prefix(".retrace-").suffix(".tmp").tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    if let Some(permissions) = old {
        tmp.as_file().set_permissions(permissions)?;
    }
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Removes the `.retrace-*.tmp` files in `dir` that a killed save left (over
/// [`ORPHAN_AGE`] old: a live save's file is seconds old at most). Best
/// effort: what cannot be read or removed is left.
pub fn remove_orphans(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with(".retrace-") && name.ends_with(".tmp")) {
            continue;
        }
        let old = entry.metadata().ok().and_then(|m| m.modified().ok()).and_then(|t| t.elapsed().ok());
        if old.is_some_and(|age| age > ORPHAN_AGE) && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether anything is at `path`.
pub fn exists(path: &Path) -> bool {
    path.exists()
}

/// Moves a file (best effort: the callers say where it should have gone).
pub fn rename(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::rename(from, to)
}

/// Removes a file.
pub fn remove(path: &Path) -> std::io::Result<()> {
    std::fs::remove_file(path)
}

/// The platform's data folder (or `RETRACE_DATA_DIR` when set).
pub fn data_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("RETRACE_DATA_DIR") {
        return PathBuf::from(d);
    }
    directories::ProjectDirs::from("", "", "retrace")
        .map(|p| p.data_dir().to_path_buf())
        .unwrap_or_else(|| PathBuf::from(".retrace"))
}

/// The data folder's lock, held while a window runs on it (an advisory lock
/// on `window.lock`, which the system lets go of when the process ends, so
/// a lock left by a killed window is free for the next one).
#[derive(Debug)]
pub struct DataLock {
    _file: std::fs::File,
}

/// Takes `dir`'s lock for this window, writing this process's id in it.
pub fn lock(dir: &Path) -> Result<DataLock, super::common::LockError> {
    use super::common::LockError;
    use std::io::{Read, Seek};
    std::fs::create_dir_all(dir).map_err(|e| LockError::Io(format!("{}: {e}", dir.display())))?;
    let path = dir.join(super::common::LOCK);
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| LockError::Io(format!("{}: {e}", path.display())))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let mut text = String::new();
            let _ = file.take(32).read_to_string(&mut text);
            return Err(LockError::Held(text.trim().parse().ok()));
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(LockError::Io(format!("{}: {e}", path.display()))),
    }
    let _ = file.set_len(0);
    let _ = file.rewind();
    let _ = write!(file, "{}", std::process::id());
    Ok(DataLock { _file: file })
}

/// Starts `job` on a thread of its own.
pub fn start<J: super::jobs::Listed>(job: J) -> super::jobs::Running<J::Answer> {
    use std::sync::Arc;
    let (tx, rx) = std::sync::mpsc::channel();
    let (cancel, progress) = (Arc::default(), Arc::default());
    let watch = super::jobs::Watch::new(Arc::clone(&cancel), Arc::clone(&progress), None);
    // Through the bytes a web worker gets, so every native run checks them.
    let input = retrace_kernel::wire::encode(&job);
    std::thread::spawn(move || {
        let answer = super::jobs::run_bytes::<J>(&input, &watch)
            .and_then(|bytes| retrace_kernel::wire::decode(&bytes).map_err(|e| format!("job {}: {e}", J::NAME)));
        // Nobody listens when the job was dropped meanwhile.
        let _ = tx.send(answer);
    });
    super::jobs::Running::new(rx, progress, cancel, None)
}

/// Opens the desktop's file dialog (blocking; the desktop portal): its
/// answer is [`crate::platform::picked`] from this frame on.
pub fn pick_file(pick: Pick) {
    let mut dialog = rfd::FileDialog::new();
    for (name, extensions) in pick.filters() {
        dialog = dialog.add_filter(*name, extensions);
    }
    answer(pick, dialog.pick_file().map_or(Picked::Nothing, Picked::File));
}

/// Files dropped on the window, ready to open: their paths and bytes.
pub fn take_dropped(files: &[egui::DroppedFileHandle], _ctx: &egui::Context) -> Vec<Dropped> {
    for f in files {
        dropped(Dropped { path: f.path().to_path_buf(), bytes: f.bytes() });
    }
    take_handed_on()
}

/// Shows a folder in the desktop's file manager.
pub fn open_folder(dir: &Path) -> Result<(), String> {
    opener::open(dir).map_err(|e| format!("{}: {e}", dir.display()))
}

/// Entropy for a fresh seed: the clock, mixed by std's randomly keyed hasher.
pub fn entropy() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(web_time::SystemTime::now().duration_since(web_time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0));
    h.finish()
}

/// The web page's address that links made here begin with
/// (`RETRACE_PAGE`, else where `web/serve.sh` serves it).
pub fn page_address() -> String {
    std::env::var("RETRACE_PAGE").unwrap_or_else(|_| "http://localhost:8080/".into())
}

/// Life's GPU engine, opened here at once (this thread waits for the
/// adapter and the shaders): ready, or why there is none.
pub fn life_gpu() -> std::task::Poll<Result<retrace_gpu::life::GpuStepper, String>> {
    let opened = retrace_gpu::Gpu::new().and_then(retrace_gpu::life::GpuStepper::new);
    std::task::Poll::Ready(opened.map_err(|e| e.to_string()))
}

/// The compute adapter's name (for a bug report), or why there is none.
pub fn adapter_name() -> Result<String, String> {
    retrace_gpu::Gpu::new().map(|g| g.info.name.clone()).map_err(|e| e.to_string())
}

/// Which engine Life is asked to use (`RETRACE_LIFE_ENGINE`: `gpu`, `cpu`,
/// else the choice is the app's).
pub fn life_engine_choice() -> String {
    std::env::var("RETRACE_LIFE_ENGINE").unwrap_or_default()
}

/// Life's GPU engine as the window uses it. Natively a run is waited for:
/// every [`LifeEngine::run`] answers at once.
pub struct LifeEngine {
    stepper: retrace_gpu::life::GpuStepper,
}

impl LifeEngine {
    /// The engine on an opened GPU.
    pub fn new(stepper: retrace_gpu::life::GpuStepper) -> LifeEngine {
        LifeEngine { stepper }
    }

    /// The GPU it runs on.
    pub fn gpu(&self) -> &retrace_gpu::Gpu {
        self.stepper.gpu()
    }

    /// Whether the run of `gens` generations from `field` is answered:
    /// natively always (it is run when asked).
    pub fn ready(&mut self, _field: &Field, _gens: u32) -> bool {
        true
    }

    /// `gens` generations from `field` on the GPU: the field after them and
    /// each generation's figures, or why not (natively always answered).
    pub fn run(&mut self, field: &Field, gens: u32) -> Option<Result<(Field, Vec<GenStats>), String>> {
        Some(retrace_kernel::life::Stepper::run(&mut self.stepper, field, gens))
    }
}

/// Saves a file where the player chooses (the desktop's save dialog),
/// atomically: where it went, or `None` when no place was chosen.
pub fn save_file(name: &str, bytes: &[u8]) -> Result<Option<String>, String> {
    let Some(path) = rfd::FileDialog::new().set_file_name(name).save_file() else { return Ok(None) };
    replace(&path, bytes).map_err(|e| format!("{}: cannot save: {e}", path.display()))?;
    Ok(Some(path.display().to_string()))
}
