//! File helpers: capped reads, atomic writes that replace only regular files,
//! reading replays with the file's name in errors, and text from files made
//! safe to print.

pub use crate::escape::{escape_where, escaped, escaped_short};
use retrace_kernel::replay::{ReplayError, ReplayFile};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a replay file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file system refused.
    #[error("{path}: cannot read it: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
    /// The bytes are not a good replay.
    #[error("{path}: {source}")]
    Replay {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: Box<ReplayError>,
    },
}

impl FileError {
    /// Exit code for the command line: 2 when the file could not be read at
    /// all, 1 when it was read and failed.
    pub fn exit_code(&self) -> i32 {
        match self {
            FileError::Io { .. } => 2,
            FileError::Replay { .. } => 1,
        }
    }
}

/// The largest replay file read (64 MiB: a million-step log is a few MiB).
pub const MAX_REPLAY_BYTES: u64 = 64 << 20;
/// The largest text file read: packs, RLE, fields, move lists (16 MiB).
pub const MAX_TEXT_BYTES: u64 = 16 << 20;

/// Reads at most `cap` bytes of `path`: a longer file (or an endless one,
/// like `/dev/zero`) is an error that says the limit, never a growing buffer.
/// (The web page reads the browser's storage: [`crate::platform`].)
pub fn read_capped(path: &Path, cap: u64) -> std::io::Result<Vec<u8>> {
    crate::platform::read_capped(path, cap)
}

/// Reads a text file of at most [`MAX_TEXT_BYTES`]; the error names the file.
pub fn read_text_capped(path: &Path) -> Result<String, String> {
    let bytes = read_capped(path, MAX_TEXT_BYTES).map_err(|e| format!("{}: cannot read it: {e}", path.display()))?;
    String::from_utf8(bytes)
        .map_err(|e| format!("{}: byte {} is not UTF-8 text", path.display(), e.utf8_error().valid_up_to()))
}

/// Reads and decodes a replay file, or the run a bug report holds (does not verify it).
pub fn read_replay(path: &Path) -> Result<ReplayFile, FileError> {
    let bytes =
        read_capped(path, MAX_REPLAY_BYTES).map_err(|source| FileError::Io { path: path.to_owned(), source })?;
    // A bug report is read as the run it holds.
    let bytes = crate::bug::replay_bytes(&bytes).map_err(|message| FileError::Io {
        path: path.to_owned(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, message),
    })?;
    ReplayFile::from_bytes(&bytes)
        .map_err(|source| FileError::Replay { path: path.to_owned(), source: Box::new(source) })
}

/// Writes `bytes` to `path` atomically: the old file or the new one, never
/// half of either (the native app: a temporary file renamed over it, only a
/// regular file replaced; the page: the browser's storage, which keeps the
/// old save when it refuses the new; [`crate::platform::replace`]). Nothing
/// is written into a folder another window holds.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if read_only(path) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            "another Retrace window has this data folder, so this one saves nothing",
        ));
    }
    crate::platform::replace(path, bytes)
}

/// Data folders this process only reads: another window holds their lock
/// ([`crate::store::lock`]). Every write of the app goes through
/// [`write_atomic`] or asks [`read_only`] first, so nothing is saved there.
static READ_ONLY: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

/// Makes `dir` read-only for this process: saves into it fail with why,
/// and nothing in it is moved aside or removed.
pub fn set_read_only(dir: &Path) {
    let mut dirs = READ_ONLY.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if !dirs.iter().any(|d| d == dir) {
        dirs.push(dir.to_path_buf());
    }
}

/// Whether `path` lies in a folder this process only reads.
pub fn read_only(path: &Path) -> bool {
    READ_ONLY.lock().unwrap_or_else(std::sync::PoisonError::into_inner).iter().any(|d| path.starts_with(d))
}

/// Removes the temporary files that killed saves left in `dir` (the
/// native app's; the page's saves leave none), but never in a folder
/// another window holds: its save in progress is not an orphan.
pub fn remove_orphans(dir: &Path) {
    if !read_only(dir) {
        crate::platform::remove_orphans(dir);
    }
}

/// A writer for the terminal that passes text through but shows control
/// characters (escape sequences above all) as escapes: line breaks and tabs
/// pass, so the command line's own lines stay lines. Every subcommand writes
/// through one, so no file can drive the terminal; text from files that sits
/// inside a line is also [`escaped`] where it is printed, line breaks and all.
pub struct Terminal<'a>(pub &'a mut dyn Write);

impl Write for Terminal<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let clean = |c: char| !c.is_control() || c == '\n' || c == '\t';
        match std::str::from_utf8(buf) {
            Ok(text) if text.chars().all(clean) => self.0.write_all(buf)?,
            Ok(text) => self.0.write_all(escape_where(text, clean).as_bytes())?,
            Err(_) => {
                let out: Vec<u8> = buf
                    .iter()
                    .flat_map(|&b| match b {
                        b'\n' | b'\t' | 0x20..=0x7e => vec![b],
                        _ => format!("\\x{b:02x}").into_bytes(),
                    })
                    .collect();
                self.0.write_all(&out)?;
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}
