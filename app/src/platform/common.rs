//! What both sides of [`crate::platform`] share: the dialog answers and
//! dropped files handed to the screens, the lock's vocabulary, the byte
//! encoding of the browser's storage, and the replay check the page's test
//! compares with the native build.

pub use web_time::{Instant, SystemTime, UNIX_EPOCH};

/// Why the lock was not taken.
#[derive(Debug)]
pub enum LockError {
    /// Another process holds it; its id, as it wrote it, when readable.
    Held(Option<u32>),
    /// The lock file could not be opened (a read-only folder, say).
    Io(String),
}

/// The lock file of a data folder.
pub const LOCK: &str = "window.lock";

/// The folder the web page's opened files appear under (the browser gives a
/// file's name, never its path).
pub const OPENED: &str = "/opened";

/// What a file dialog was opened for: the answer goes back to the screen
/// that asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// A replay or certificate to watch (home).
    Replay,
    /// A Miau pack or a Keke level file (Miau's list).
    Pack,
}

impl Pick {
    /// The dialog's filters: a name and the extensions.
    pub fn filters(self) -> &'static [(&'static str, &'static [&'static str])] {
        match self {
            Pick::Replay => &[("Retrace replay", &["replay"])],
            Pick::Pack => &[("Miau pack", &["toml"]), ("Keke AI Competition levels", &["json"])],
        }
    }
}

/// The answer to a file dialog: a file to open, or none chosen (cancelled,
/// or no dialog on this desktop: the screen then offers a path field).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picked {
    /// This file.
    File(std::path::PathBuf),
    /// Nothing.
    Nothing,
}

std::thread_local! {
    /// Dialog answers not yet taken by their screen.
    static ANSWERS: std::cell::RefCell<Vec<(Pick, Picked)>> = const { std::cell::RefCell::new(Vec::new()) };
    /// Dropped files read (on the web, asynchronously) and not yet opened.
    static DROPPED: std::cell::RefCell<Vec<Dropped>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Hands a dialog's answer to the screen that asked.
pub(super) fn answer(pick: Pick, picked: Picked) {
    ANSWERS.with(|a| a.borrow_mut().push((pick, picked)));
}

/// The answer to the dialog `pick`, once it came (the frame of the press
/// on native, a later one on the web).
pub fn picked(pick: Pick) -> Option<Picked> {
    ANSWERS.with(|a| {
        let mut a = a.borrow_mut();
        let i = a.iter().position(|(p, _)| *p == pick)?;
        Some(a.remove(i).1)
    })
}

/// A file dropped on the window, read.
#[derive(Debug)]
pub struct Dropped {
    /// Its path (on the web, where the page keeps it: under [`OPENED`]).
    pub path: std::path::PathBuf,
    /// Its bytes, or why they could not be read.
    pub bytes: Result<Vec<u8>, String>,
}

/// Hands a dropped file to the window.
pub(super) fn dropped(file: Dropped) {
    DROPPED.with(|d| d.borrow_mut().push(file));
}

/// The dropped files handed on so far, taken.
pub fn take_handed_on() -> Vec<Dropped> {
    DROPPED.with(|d| std::mem::take(&mut *d.borrow_mut()))
}

/// Bytes as a string of the characters U+0000 to U+00FF, one a byte (the
/// browser's storage holds strings): [`from_chars`] reads it back.
pub fn to_chars(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// The bytes [`to_chars`] wrote; `None` when a character is above U+00FF
/// (not written by this app).
pub fn from_chars(text: &str) -> Option<Vec<u8>> {
    text.chars().map(|c| u8::try_from(u32::from(c)).ok()).collect()
}

/// A replay verified by the kernel, as the line the native crosscheck
/// prints for it (`replay NAME GAME vN STEPS steps DIGEST`), or why it
/// does not verify: what the browser test compares with the native build.
pub fn verify_line(name: &str, bytes: &[u8]) -> String {
    use retrace_kernel::replay::ReplayFile;
    match ReplayFile::from_bytes(bytes).and_then(|f| retrace_kernel::verify::verify(&f)) {
        Ok(v) => format!("replay {name} {} v{} {} steps {}", v.game, v.rules_version, v.steps, v.final_digest),
        Err(e) => format!("refused {name}: {e}"),
    }
}
