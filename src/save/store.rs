//! The saves folder on disk: atomic writes, listing, deleting. The only module that touches
//! save files.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use super::format::{MAX_SAVE_BYTES, SaveError, SaveFile};

/// The folder of saves inside a data directory.
#[must_use]
pub fn saves_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("saves")
}

/// A fresh, unique save id: the game, the time, and randomness, so two processes saving at the
/// same moment never pick the same file.
#[must_use]
pub fn new_id(game: &str) -> String {
    // `RandomState` is seeded randomly per process; the pid and a counter separate processes
    // and calls within one process.
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let count = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let noise = std::hash::BuildHasher::hash_one(
        &std::collections::hash_map::RandomState::new(),
        (std::process::id(), nanos, count),
    );
    // The pid is unique among running processes and the counter within this one, so two
    // Parlor processes on one machine can never choose the same name; the noise separates
    // machines sharing a folder.
    format!(
        "{game}-{nanos:x}-{:x}-{count:x}-{:08x}",
        std::process::id(),
        noise as u32
    )
}

/// The temporary files of [`write_atomic`]: `.parlor-<pid>-<random>.tmp`.
const TEMP_PREFIX: &str = ".parlor-";
const TEMP_SUFFIX: &str = ".tmp";

/// Removes temporary files that writers killed mid-write left in `dir` (a kill -9 or a power
/// cut skips every cleanup). A file is stale when the process named in it is gone (Linux) or,
/// where that cannot be known, when it is over an hour old; a live writer's file is never
/// touched. Never listed as saves either way (they are not `*.toml`).
pub fn sweep_stale_temps(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let can_see_processes = Path::new("/proc/self").exists();
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let Some(rest) = name
            .to_str()
            .and_then(|n| n.strip_prefix(TEMP_PREFIX))
            .filter(|n| n.ends_with(TEMP_SUFFIX))
        else {
            continue;
        };
        let pid = rest
            .split_once('-')
            .and_then(|(pid, _)| pid.parse::<u32>().ok());
        let stale = match pid {
            Some(pid) if pid == std::process::id() => false,
            Some(pid) if can_see_processes => !Path::new("/proc").join(pid.to_string()).exists(),
            _ => entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age > std::time::Duration::from_secs(3600)),
        };
        if stale {
            // Best effort: another process may have swept it first.
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether an id is safe as a file name (ids come from files, so they are checked).
fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 120
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Why a file Parlor writes (a save, the records, the config, an export) was not written or
/// deleted. Callers that care tell the kinds apart (a full disk or a read-only folder is
/// worth another place; a bad name is not); the sentence users read is its `Display`.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The save's name has characters a file name in the saves folder may not have.
    #[error("invalid save name {0:?}")]
    InvalidName(String),
    /// The folder could not be made.
    #[error("cannot create {}: {source}", path.display())]
    Folder {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file could not be written (or its temporary file made or renamed over it).
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file could not be deleted.
    #[error("cannot delete {}: {source}", path.display())]
    Delete {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The data could not be written as TOML (a value TOML has no form for).
    #[error("cannot write the file as TOML: {0}")]
    Encode(#[source] toml::ser::Error),
}

impl StoreError {
    /// The operating system's reason, when there is one (a full disk, no permission).
    #[must_use]
    pub fn io_kind(&self) -> Option<std::io::ErrorKind> {
        match self {
            Self::Folder { source, .. }
            | Self::Write { source, .. }
            | Self::Delete { source, .. } => Some(source.kind()),
            Self::InvalidName(_) | Self::Encode(_) => None,
        }
    }
}

/// Writes `text` to `path` atomically: a temporary file in the same folder, flushed to disk,
/// then renamed over the target. A crash at any point leaves the old file or the new one.
///
/// # Errors
/// [`StoreError::Folder`] or [`StoreError::Write`], naming the file.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), StoreError> {
    let dir = path.parent().unwrap_or_else(|| Path::new("."));
    std::fs::create_dir_all(dir).map_err(|source| StoreError::Folder {
        path: dir.to_path_buf(),
        source,
    })?;
    sweep_stale_temps(dir);
    let prefix = format!("{TEMP_PREFIX}{}-", std::process::id());
    let write = |source| StoreError::Write {
        path: path.to_path_buf(),
        source,
    };
    let mut temp = tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(TEMP_SUFFIX)
        .tempfile_in(dir)
        .map_err(write)?;
    temp.write_all(text.as_bytes())
        .and_then(|()| temp.as_file().sync_all())
        .map_err(write)?;
    temp.persist(path).map_err(|err| write(err.error))?;
    Ok(())
}

/// Writes a save under `data_dir/saves/<id>.toml`.
///
/// # Errors
/// [`StoreError::InvalidName`], or why the file could not be written.
pub fn write_save(data_dir: &Path, save: &SaveFile) -> Result<PathBuf, StoreError> {
    if !valid_id(&save.id) {
        return Err(StoreError::InvalidName(save.id.clone()));
    }
    let path = saves_dir(data_dir).join(format!("{}.toml", save.id));
    match save
        .to_text()
        .map_err(StoreError::Encode)
        .and_then(|text| write_atomic(&path, &text))
    {
        Ok(()) => {
            log::info!("saved {} ({})", path.display(), save.game);
            Ok(path)
        }
        Err(err) => {
            log::warn!("save {} failed: {err}", path.display());
            Err(err)
        }
    }
}

/// Deletes the save with this id.
///
/// # Errors
/// [`StoreError::InvalidName`] or [`StoreError::Delete`].
pub fn delete_save(data_dir: &Path, id: &str) -> Result<(), StoreError> {
    if !valid_id(id) {
        return Err(StoreError::InvalidName(id.to_string()));
    }
    let path = saves_dir(data_dir).join(format!("{id}.toml"));
    let result = std::fs::remove_file(&path).map_err(|source| StoreError::Delete {
        path: path.clone(),
        source,
    });
    match &result {
        Ok(()) => log::info!("deleted {}", path.display()),
        Err(err) => log::warn!("{err}"),
    }
    result
}

/// Reads a file of at most `limit` bytes as UTF-8 text, refusing larger ones before reading them.
///
/// # Errors
/// [`SaveError::Io`] or [`SaveError::TooLarge`].
pub fn read_limited(path: &Path, limit: u64) -> Result<String, SaveError> {
    let file = std::fs::File::open(path).map_err(|err| SaveError::Io(err.to_string()))?;
    let len = file
        .metadata()
        .map_err(|err| SaveError::Io(err.to_string()))?
        .len();
    if len > limit {
        return Err(SaveError::TooLarge(len));
    }
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| SaveError::Io(err.to_string()))?;
    if bytes.len() as u64 > limit {
        return Err(SaveError::TooLarge(bytes.len() as u64));
    }
    String::from_utf8(bytes)
        .map_err(|_| SaveError::Malformed("the file is not text (UTF-8)".into()))
}

/// Reads one save file's envelope.
///
/// # Errors
/// Any [`SaveError`] of reading or the envelope.
pub fn read_save(path: &Path) -> Result<SaveFile, SaveError> {
    let id = path.file_stem().and_then(|s| s.to_str()).unwrap_or("save");
    let result = read_limited(path, MAX_SAVE_BYTES).and_then(|text| SaveFile::parse(&text, id));
    if let Err(err) = &result {
        log::debug!("cannot read {}: {err}", path.display());
    }
    result
}

/// Reads a file Parlor keeps in the data directory (not one the user named): only a regular
/// file is read. A symbolic link is refused, so nothing outside the folder is read through one
/// (a link to a file elsewhere, or a FIFO on which opening would block forever).
///
/// # Errors
/// [`SaveError::Io`] for anything but a regular file, else as [`read_limited`].
pub fn read_own_file(path: &Path, limit: u64) -> Result<String, SaveError> {
    let kind = std::fs::symlink_metadata(path)
        .map_err(|err| SaveError::Io(err.to_string()))?
        .file_type();
    if !kind.is_file() {
        return Err(SaveError::Io(format!(
            "{} is not a regular file",
            path.display()
        )));
    }
    read_limited(path, limit)
}

/// Every `*.toml` file in the saves folder with its envelope or the reason it is unreadable.
/// A missing folder is an empty list. Only regular files are listed: a symbolic link (which may
/// point out of the folder), a FIFO (opening it would block) or a folder named `*.toml` is not
/// a save Parlor wrote.
#[must_use]
pub fn list_saves(data_dir: &Path) -> Vec<(PathBuf, Result<SaveFile, SaveError>)> {
    let Ok(entries) = std::fs::read_dir(saves_dir(data_dir)) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        // `DirEntry::file_type` does not follow symbolic links.
        .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_file()))
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let save = read_save(&path);
            (path, save)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(id: &str) -> SaveFile {
        SaveFile {
            format: 1,
            written_by: None,
            game: "connect4".into(),
            saved_at: "2026-11-22T10:04:00Z".into(),
            title: "A vs B".into(),
            autosave: false,
            id: id.into(),
            state: toml::Table::new(),
        }
    }

    #[test]
    fn write_list_delete() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = write_save(dir.path(), &sample("one")).expect("written");
        assert!(path.ends_with("saves/one.toml"));
        std::fs::write(saves_dir(dir.path()).join("bad.toml"), "[[[").expect("write");
        let listed = list_saves(dir.path());
        assert_eq!(listed.len(), 2);
        assert!(
            listed
                .iter()
                .any(|(_, s)| s.as_ref().is_ok_and(|s| s.id == "one"))
        );
        assert!(listed.iter().any(|(_, s)| s.is_err()));
        delete_save(dir.path(), "one").expect("deleted");
        assert_eq!(list_saves(dir.path()).len(), 1);
    }

    #[test]
    fn overwriting_leaves_no_temporary_files() {
        let dir = tempfile::tempdir().expect("tempdir");
        for title in ["first", "second"] {
            let mut save = sample("same");
            save.title = title.into();
            write_save(dir.path(), &save).expect("written");
        }
        let names: Vec<_> = std::fs::read_dir(saves_dir(dir.path()))
            .expect("dir")
            .filter_map(Result::ok)
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        let back = read_save(&saves_dir(dir.path()).join("same.toml")).expect("readable");
        assert_eq!(back.title, "second");
    }

    #[test]
    fn hostile_ids_and_sizes_are_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        assert!(write_save(dir.path(), &sample("../escape")).is_err());
        assert!(delete_save(dir.path(), "../../etc").is_err());
        let big = dir.path().join("big.toml");
        std::fs::write(&big, vec![b'#'; (MAX_SAVE_BYTES + 1) as usize]).expect("write");
        assert!(matches!(read_save(&big), Err(SaveError::TooLarge(_))));
        assert_ne!(new_id("connect4"), new_id("connect4"));
    }
}
