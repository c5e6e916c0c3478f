//! The app's data folder: saved sessions (replay files, written atomically),
//! settings, certificates of wins, and each game's own files (`store/`:
//! MineLayer's statistics, Explodorama's score board, Miau's progress and best
//! wins). A save that fails to load is moved aside under a new name and
//! reported, never deleted.

pub mod explodo;
pub mod life;
pub mod miau;
pub mod mines;

use crate::files::write_atomic;
use retrace_kernel::replay::ReplayFile;
use retrace_kernel::{Game, Session};
use std::path::{Path, PathBuf};

/// Where the app keeps its files.
#[derive(Clone, Debug)]
pub struct Store {
    /// The folder.
    pub dir: PathBuf,
}

pub use crate::platform::{lock, DataLock, LockError, LOCK};

/// Light or dark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    /// Dark (the default).
    Dark,
    /// Light.
    Light,
}

/// The interface language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Lang {
    /// English.
    En,
    /// Russian.
    Ru,
}

/// Persisted preferences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Theme.
    pub theme: Theme,
    /// Interface language (English or Russian).
    pub lang: Lang,
    /// MineLayer's own language, for its 8-language strings (`en`, `ru`, `de`, …).
    pub mines_lang: String,
    /// MineLayer's tier key.
    pub mines_tier: String,
    /// MineLayer's live hints.
    pub mines_assist: bool,
    /// Life campaign levels unlocked (at least 1).
    pub life_unlocked: u32,
    /// Life's two-player form, remembered between runs: field size,
    pub life_size: (u32, u32),
    /// torus,
    pub life_wrap: bool,
    /// and budget per player.
    pub life_budget: u32,
    /// Life's drawing tool (`pencil`, `brush`, `eraser`, `eraser4`).
    pub life_tool: String,
    /// Explodorama's Developer mode, remembered for the next run.
    pub explodo_developer: bool,
    /// Explodorama's Immortal mode, remembered for the next run.
    pub explodo_immortal: bool,
    /// Sound effects on (every game's).
    pub sound: bool,
    /// Explodorama's autopilot: once every enemy is gone, it collects and leaves.
    pub explodo_autopilot: bool,
    /// The build that last ran with these settings (a newer one shows what is new once).
    pub seen_version: String,
    /// Miau Is True's warning before a step into SINK or DEFEAT (the red
    /// wobble): an assist, off by default, since the spec decided against
    /// pre-warning hazards (D23's triage).
    pub miau_warnings: bool,
    /// Explodorama's turn lines beside the board (off: the spec's players
    /// asked for no explanation text during play; "What is that?" explains).
    pub explodo_event_log: bool,
    /// Rumble on a pad (blasts, hits, pickups, a cleared level).
    pub vibration: bool,
    /// Explodorama's demo: the scene it was on (its place in the scenes'
    /// fixed order), so it goes on from there at the next start.
    pub explodo_demo_scene: u32,
    /// The same for the demo shown for the keyboard (its own list).
    pub explodo_demo_scene_keys: u32,
    /// The same for the demo shown for a controller (its own list).
    pub explodo_demo_scene_pad: u32,
    /// Explodorama's demo shuffled.
    pub explodo_demo_shuffle: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            theme: Theme::Dark,
            lang: Lang::En,
            mines_lang: "en".into(),
            mines_tier: "beginner".into(),
            mines_assist: true,
            life_unlocked: 1,
            life_size: (60, 60),
            life_wrap: false,
            life_budget: 100,
            life_tool: "pencil".into(),
            explodo_developer: false,
            explodo_immortal: false,
            sound: true,
            explodo_autopilot: true,
            seen_version: String::new(),
            miau_warnings: false,
            explodo_event_log: false,
            vibration: true,
            explodo_demo_scene: 0,
            explodo_demo_scene_keys: 0,
            explodo_demo_scene_pad: 0,
            explodo_demo_shuffle: false,
        }
    }
}

impl Settings {
    /// `key = value` lines; unknown keys and bad values are ignored.
    pub fn to_text(&self) -> String {
        format!(
            "theme = {}\nlang = {}\nmines_lang = {}\nmines_tier = {}\nmines_assist = {}\nlife_unlocked = {}\n\
             life_size = {}x{}\nlife_wrap = {}\nlife_budget = {}\nlife_tool = {}\n\
             explodo_developer = {}\nexplodo_immortal = {}\nsound = {}\nexplodo_autopilot = {}\nseen_version = {}\n\
             miau_warnings = {}\nexplodo_event_log = {}\nvibration = {}\nexplodo_demo_scene = {}\n\
             explodo_demo_scene_keys = {}\nexplodo_demo_scene_pad = {}\nexplodo_demo_shuffle = {}\n",
            if self.theme == Theme::Light { "light" } else { "dark" },
            if self.lang == Lang::Ru { "ru" } else { "en" },
            self.mines_lang,
            self.mines_tier,
            self.mines_assist,
            self.life_unlocked,
            self.life_size.0,
            self.life_size.1,
            self.life_wrap,
            self.life_budget,
            self.life_tool,
            self.explodo_developer,
            self.explodo_immortal,
            self.sound,
            self.explodo_autopilot,
            self.seen_version,
            self.miau_warnings,
            self.explodo_event_log,
            self.vibration,
            self.explodo_demo_scene,
            self.explodo_demo_scene_keys,
            self.explodo_demo_scene_pad,
            self.explodo_demo_shuffle
        )
    }

    /// Reads settings text; anything unreadable keeps its default.
    pub fn from_text(text: &str) -> Settings {
        let mut s = Settings::default();
        for line in text.lines() {
            let Some((k, v)) = line.split_once('=') else { continue };
            let v = v.trim();
            match k.trim() {
                "theme" => s.theme = if v == "light" { Theme::Light } else { Theme::Dark },
                "lang" => s.lang = if v == "ru" { Lang::Ru } else { Lang::En },
                "mines_lang" if v.len() <= 8 && !v.is_empty() => s.mines_lang = v.into(),
                "mines_tier" if retrace_kernel::mines::Tier::parse(v).is_ok() => s.mines_tier = v.into(),
                "mines_assist" => s.mines_assist = v != "false",
                "life_unlocked" => s.life_unlocked = v.parse().unwrap_or(1).clamp(1, 103),
                "life_size" => {
                    use retrace_kernel::life::game::{FIELD_RECTS, FIELD_SIZES};
                    let size = v.split_once('x').and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)));
                    if let Some((w, h)) = size {
                        if FIELD_SIZES.contains(&w) && w == h || FIELD_RECTS.contains(&(w, h)) {
                            s.life_size = (w, h);
                        }
                    }
                }
                "life_wrap" => s.life_wrap = v == "true",
                "explodo_developer" => s.explodo_developer = v == "true",
                "explodo_immortal" => s.explodo_immortal = v == "true",
                "sound" => s.sound = v != "false",
                "explodo_autopilot" => s.explodo_autopilot = v != "false",
                "miau_warnings" => s.miau_warnings = v == "true",
                "explodo_event_log" => s.explodo_event_log = v == "true",
                "vibration" => s.vibration = v != "false",
                "explodo_demo_scene" => s.explodo_demo_scene = v.parse().unwrap_or(0).min(10_000),
                "explodo_demo_scene_keys" => s.explodo_demo_scene_keys = v.parse().unwrap_or(0).min(10_000),
                "explodo_demo_scene_pad" => s.explodo_demo_scene_pad = v.parse().unwrap_or(0).min(10_000),
                "explodo_demo_shuffle" => s.explodo_demo_shuffle = v == "true",
                "seen_version" if v.len() <= 64 => s.seen_version = v.into(),
                "life_budget" => s.life_budget = v.parse().unwrap_or(100).clamp(1, 100_000),
                "life_tool" if ["pencil", "brush", "eraser", "eraser4"].contains(&v) => s.life_tool = v.into(),
                _ => {}
            }
        }
        s
    }
}

impl Store {
    /// Writes a bug report into the data folder as
    /// `retrace-bug-<date>-<n>.txt` (the first free n), atomically; returns
    /// its path.
    pub fn write_bug_report(&self, report: &crate::bug::Report) -> Result<PathBuf, String> {
        let date = today();
        let path = (1..1000)
            .map(|n| self.path(&format!("retrace-bug-{date}-{n}.txt")))
            .find(|p| !crate::platform::exists(p))
            .ok_or("too many bug reports today")?;
        write_atomic(&path, report.to_text().as_bytes()).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path)
    }

    /// The platform's data folder (or `RETRACE_DATA_DIR` when set; the page's
    /// is in the browser's storage).
    pub fn default_dir() -> PathBuf {
        crate::platform::data_dir()
    }

    /// A store in `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// The path of a named file in the store.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Writes a session as `<name>.replay`, atomically.
    pub fn save<G: Game>(&self, name: &str, s: &Session<G>) -> Result<(), String> {
        let path = self.path(&format!("{name}.replay"));
        write_atomic(&path, &s.replay_bytes(crate::APP_VERSION))
            .map_err(|e| format!("{}: cannot save: {e}", path.display()))
    }

    /// Where the certificate `name` is kept: `certificates/<name>.replay`.
    pub fn certificate_path(&self, name: &str) -> PathBuf {
        self.path("certificates").join(format!("{name}.replay"))
    }

    /// Writes a won session's certificate (its replay with the claimed
    /// outcome and final digest) as `certificates/<name>.replay`, atomically;
    /// returns where.
    pub fn save_certificate<G: Game>(&self, name: &str, s: &Session<G>) -> Result<PathBuf, String> {
        let path = self.certificate_path(name);
        let file = s.to_certificate(crate::APP_VERSION).map_err(|e| e.0.to_string())?;
        write_atomic(&path, &file.to_bytes()).map_err(|e| format!("{}: cannot save: {e}", path.display()))?;
        Ok(path)
    }

    /// Writes `<name>.clock`: which round (`key`) and the wall-clock time
    /// its clock read 0 (milliseconds since the Unix epoch), atomically. A
    /// game whose clock never pauses (MineLayer's) reads it on resuming.
    pub fn save_clock(&self, name: &str, key: &str, zero_unix_ms: u64) -> Result<(), String> {
        let path = self.path(&format!("{name}.clock"));
        write_atomic(&path, format!("{key} {zero_unix_ms}\n").as_bytes())
            .map_err(|e| format!("{}: cannot save: {e}", path.display()))
    }

    /// The time `<name>.clock` gives for the round `key`; `None` when there
    /// is no such file, it is another round's, or it does not read.
    pub fn load_clock(&self, name: &str, key: &str) -> Option<u64> {
        let text = read_text(&self.path(&format!("{name}.clock"))).ok()??;
        let (k, ms) = text.trim().split_once(' ')?;
        (k == key).then(|| ms.parse().ok()).flatten()
    }

    /// Removes a finished session's save.
    pub fn forget(&self, name: &str) {
        let path = self.path(&format!("{name}.replay"));
        if !crate::files::read_only(&path) {
            let _ = crate::platform::remove(&path);
        }
    }

    /// Loads `<name>.replay`. `Ok(None)` when there is none; when it does not
    /// verify, it is moved aside (`<name>.bad-<n>.replay`) and the error says
    /// where, so nothing is lost.
    pub fn load<G: Game>(&self, name: &str) -> Result<Option<Session<G>>, String> {
        let path = self.path(&format!("{name}.replay"));
        let Ok(bytes) = crate::files::read_capped(&path, crate::files::MAX_REPLAY_BYTES) else { return Ok(None) };
        let result = ReplayFile::from_bytes(&bytes).and_then(|f| Session::<G>::from_replay(&f));
        match result {
            Ok(s) => Ok(Some(s)),
            Err(e) => {
                let aside = keep_aside(&path);
                Err(format!("{}: {e}. It was kept as {}.", path.display(), aside.display()))
            }
        }
    }

    /// The settings (defaults when missing), and what went wrong when the
    /// file was not text (it is kept aside, not overwritten).
    ///
    /// MineLayer's language starts from the system locale until the player
    /// picks one (the spec's order: the saved choice, then the system's,
    /// then English).
    pub fn settings(&self) -> (Settings, Option<String>) {
        let (mut s, problem, text) = match read_text(&self.path("settings.txt")) {
            Ok(text) => {
                let text = text.unwrap_or_default();
                (Settings::from_text(&text), None, text)
            }
            Err(e) => (Settings::default(), Some(e), String::new()),
        };
        let chosen = text.lines().any(|l| l.split_once('=').is_some_and(|(k, _)| k.trim() == "mines_lang"));
        if !chosen {
            s.mines_lang = system_language().to_string();
        }
        (s, problem)
    }

    /// Saves the settings atomically.
    pub fn save_settings(&self, s: &Settings) -> Result<(), String> {
        let path = self.path("settings.txt");
        write_atomic(&path, s.to_text().as_bytes()).map_err(|e| format!("{}: cannot save: {e}", path.display()))
    }

    /// MineLayer's statistics file.
    pub fn mines_stats_path(&self) -> PathBuf {
        self.path("minelayer-stats.txt")
    }
}

/// MineLayer's language for a locale such as `de_DE.UTF-8`, `zh-CN` or `ru`
/// (an exact id or its two-letter prefix), if it is one of its eight.
pub fn language_from_locale(locale: &str) -> Option<&'static str> {
    let prefix: String = locale.chars().take_while(char::is_ascii_alphabetic).collect::<String>().to_ascii_lowercase();
    retrace_kernel::mines::share::LANGUAGES.iter().copied().find(|l| *l == prefix)
}

/// The system's language for MineLayer: the first of `LC_ALL`, `LC_MESSAGES`
/// and `LANG` that is set, if it names one of the eight; else English.
pub fn system_language() -> &'static str {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|k| std::env::var(k).ok())
        .find(|v| !v.is_empty())
        .and_then(|v| language_from_locale(&v))
        .unwrap_or("en")
}

/// Today's date as YYYY-MM-DD (UTC), from the system clock: the app's job, never the kernel's.
pub fn today() -> String {
    let secs = crate::platform::SystemTime::now()
        .duration_since(crate::platform::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (secs / 86_400) as i64;
    // Howard Hinnant's days-to-civil.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Moves a file that does not read out of the way, to `<stem>.bad-<n>.<ext>`
/// beside it (kept, never deleted, never overwritten), and returns where.
pub fn keep_aside(path: &Path) -> PathBuf {
    let ext = path.extension().map_or(String::new(), |e| format!(".{}", e.to_string_lossy()));
    let stem = path.file_stem().map_or_else(|| "file".to_string(), |s| s.to_string_lossy().into_owned());
    let aside = (1..10_000)
        .map(|n| path.with_file_name(format!("{stem}.bad-{n}{ext}")))
        .find(|p| !crate::platform::exists(p))
        .unwrap_or_else(|| path.with_extension("bad"));
    if !crate::files::read_only(path) {
        let _ = crate::platform::rename(path, &aside);
    }
    aside
}

/// A text file of the store: `Ok(None)` when there is none; when it is not
/// text (UTF-8), it is kept aside and the message names both paths.
pub fn read_text(path: &Path) -> Result<Option<String>, String> {
    let bytes = match crate::files::read_capped(path, crate::files::MAX_TEXT_BYTES) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: cannot read it: {e}", path.display())),
    };
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Some(text)),
        Err(_) => {
            let aside = keep_aside(path);
            Err(format!("{}: it is not text. It was kept as {}.", path.display(), aside.display()))
        }
    }
}

/// Takes the data folder's lock for this window; when another window holds
/// it, marks the folder read-only for this process (before anything is read,
/// so nothing there is moved or removed) and says so: `(lock, held)`.
pub fn take_lock(store: &Store) -> (Option<DataLock>, bool) {
    match lock(&store.dir) {
        Ok(l) => (Some(l), false),
        Err(LockError::Held(_)) => {
            crate::files::set_read_only(&store.dir);
            (None, true)
        }
        // A folder that cannot hold a lock file cannot hold saves either:
        // the saves will say why.
        Err(LockError::Io(_)) => (None, false),
    }
}
