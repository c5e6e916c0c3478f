//! File helpers: atomic writes and reading replays with the file's name in errors.

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

/// Reads and decodes a replay file (does not verify it).
pub fn read_replay(path: &Path) -> Result<ReplayFile, FileError> {
    let bytes = std::fs::read(path).map_err(|source| FileError::Io { path: path.to_owned(), source })?;
    ReplayFile::from_bytes(&bytes)
        .map_err(|source| FileError::Replay { path: path.to_owned(), source: Box::new(source) })
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder,
/// flushed to disk, then renamed over the target. A crash leaves either the old
/// file or the new one, never half of either.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir)?;
    let mut tmp = tempfile::Builder::new().prefix(".retrace-").suffix(".tmp").tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
