//! The saves folder on disk: atomic writes, listing, deleting. The only module that touches
//! save files.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::format::{MAX_SAVE_BYTES, Revision, SaveError, SaveFile};
use super::lock::DirLock;

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

/// Whether an id is safe as a file name in the saves folder (ids come from files, so they are
/// checked): one plain name — no separator, not hidden (Parlor's temporary files start with a
/// dot), nothing [unsafe](crate::core::text::is_unsafe) — of at most 120 bytes. Spaces and
/// other letters are fine: a save the person named `my game.toml` opens, saves, renames and
/// deletes like any other.
#[must_use]
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 120
        && !id.starts_with('.')
        && id.trim() == id
        && !id
            .chars()
            .any(|c| matches!(c, '/' | '\\' | ':') || crate::core::text::is_unsafe(c))
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
    /// The save's file is no longer what this game read or last wrote: another Parlor saved
    /// over it since, or it holds another game. Nothing was written.
    #[error("{} was changed since this game was read (another Parlor saved it, or it holds another game)", path.display())]
    Changed {
        /// The file.
        path: PathBuf,
        /// What it holds now: the revision an overwrite must find.
        found: Revision,
    },
    /// A file the person named is already there; nothing was written.
    #[error("{} already exists", path.display())]
    Exists {
        /// The file.
        path: PathBuf,
    },
    /// Another Parlor held the data directory's lock too long.
    #[error(transparent)]
    Busy(#[from] super::lock::Busy),
}

impl StoreError {
    /// The operating system's reason, when there is one (a full disk, no permission).
    #[must_use]
    pub fn io_kind(&self) -> Option<std::io::ErrorKind> {
        match self {
            Self::Folder { source, .. }
            | Self::Write { source, .. }
            | Self::Delete { source, .. } => Some(source.kind()),
            Self::InvalidName(_)
            | Self::Encode(_)
            | Self::Changed { .. }
            | Self::Exists { .. }
            | Self::Busy(_) => None,
        }
    }
}

/// The system's reason of an error of the `tempfile` crate, without the name of the temporary
/// file it adds (`… at path "/x/.parlor-1-abc.tmp"`: a file the person never sees, and a long
/// name that pushes the reason out of a dialog). The kind is kept.
fn os_reason(err: std::io::Error) -> std::io::Error {
    let text = err.to_string();
    match text.split_once(" at path \"") {
        Some((reason, _)) if err.get_ref().is_some() => {
            std::io::Error::new(err.kind(), reason.to_string())
        }
        _ => err,
    }
}

impl StoreError {
    /// The sentence a person reads: the error, and what to do about the kinds that have a
    /// remedy (the one place store errors become words).
    #[must_use]
    pub fn sentence(&self) -> String {
        use std::io::ErrorKind;
        let advice = match self.io_kind() {
            Some(ErrorKind::StorageFull | ErrorKind::QuotaExceeded) => " (the disk is full)",
            Some(ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem) => {
                " (no permission to write there)"
            }
            _ => "",
        };
        format!("{self}{advice}")
    }
}

/// Where an autosave went when nobody could be asked (a signal, the end of input).
#[derive(Debug)]
pub enum Rescued {
    /// In the saves folder.
    Saved(PathBuf),
    /// The saves folder could not be written (`failure`); the game went to the system's
    /// temporary folder instead.
    Elsewhere {
        /// Where it went.
        path: PathBuf,
        /// Why not in the saves folder.
        failure: StoreError,
    },
    /// Neither place could be written.
    Lost(StoreError),
}

impl Rescued {
    /// The sentence that says where the game went (or that it is lost, and why).
    #[must_use]
    pub fn sentence(&self) -> String {
        match self {
            Self::Saved(path) => format!(
                "the unfinished game was autosaved to {} (continue with: parlor --load {0})",
                path.display()
            ),
            Self::Elsewhere { path, failure } => format!(
                "the unfinished game could not be autosaved in the saves folder ({}); it was saved to {} instead (continue with: parlor --load {1})",
                failure.sentence(),
                path.display()
            ),
            Self::Lost(failure) => format!(
                "the unfinished game could not be autosaved: {}",
                failure.sentence()
            ),
        }
    }
}

/// Autosaves a game where nobody can be asked: in the saves folder ([`write_autosave`]), or
/// when that folder cannot be written, in `parlor-autosaves` in the system's temporary folder.
#[must_use]
pub fn rescue(data_dir: &Path, save: &SaveFile) -> Rescued {
    match write_autosave(data_dir, save) {
        Ok(stored) => Rescued::Saved(stored.path),
        Err(failure) => {
            let mut beside = save.clone();
            beside.base = None;
            let fallback = std::env::temp_dir().join("parlor-autosaves");
            match write_autosave(&fallback, &beside) {
                Ok(stored) => Rescued::Elsewhere {
                    path: stored.path,
                    failure,
                },
                Err(_) => Rescued::Lost(failure),
            }
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
    staged(dir, path, text)?
        .persist(path)
        .map_err(|err| write_error(path, err.error))?;
    Ok(())
}

/// Why `path` was not written, with the system's reason.
fn write_error(path: &Path, source: std::io::Error) -> StoreError {
    StoreError::Write {
        path: path.to_path_buf(),
        source: os_reason(source),
    }
}

/// `text` in a temporary file in `dir` (named so [`sweep_stale_temps`] knows it), flushed to
/// disk, ready to be renamed to `path`.
fn staged(dir: &Path, path: &Path, text: &str) -> Result<tempfile::NamedTempFile, StoreError> {
    let mut temp = tempfile::Builder::new()
        .prefix(&format!("{TEMP_PREFIX}{}-", std::process::id()))
        .suffix(TEMP_SUFFIX)
        .tempfile_in(dir)
        .map_err(|err| write_error(path, err))?;
    temp.write_all(text.as_bytes())
        .and_then(|()| temp.as_file().sync_all())
        .map_err(|err| write_error(path, err))?;
    Ok(temp)
}

/// A save as written: where, and the revision the next save of the game must find there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored {
    /// The file.
    pub path: PathBuf,
    /// Its contents' revision.
    pub revision: Revision,
}

/// The revision of the regular file at `path`, `None` when there is none (nothing there, or a
/// link or FIFO that a write replaces without touching what it points to).
///
/// # Errors
/// A regular file that cannot be read: it cannot be known to be the game's own.
fn revision_at(path: &Path) -> Result<Option<Revision>, StoreError> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_file() => {
            super::reader::read_bytes(path, MAX_SAVE_BYTES.saturating_mul(4))
                .map(|bytes| Some(Revision::of(&bytes)))
                .map_err(|err| StoreError::Write {
                    path: path.to_path_buf(),
                    source: std::io::Error::other(err),
                })
        }
        _ => Ok(None),
    }
}

/// Writes a save under `data_dir/saves/<id>.toml`, but only over what it may replace: the
/// file must still be the revision the game read or last wrote ([`SaveFile::base`]), or not
/// be there. The check and the write happen under the data directory's lock
/// ([`super::lock`]), so two Parlor processes saving the same game at once never overwrite
/// each other: the second is told ([`StoreError::Changed`]) and asks its player.
///
/// # Errors
/// [`StoreError::InvalidName`], [`StoreError::Changed`], [`StoreError::Busy`], or why the file
/// could not be written.
pub fn store_save(data_dir: &Path, save: &SaveFile) -> Result<Stored, StoreError> {
    if !valid_id(&save.id) {
        return Err(StoreError::InvalidName(save.id.clone()));
    }
    let path = saves_dir(data_dir).join(format!("{}.toml", save.id));
    let result = save.to_text().map_err(StoreError::Encode).and_then(|text| {
        let _lock = DirLock::acquire(data_dir)?;
        match revision_at(&path)? {
            Some(found) if save.base != Some(found) => {
                return Err(StoreError::Changed {
                    path: path.clone(),
                    found,
                });
            }
            _ => {}
        }
        write_atomic(&path, &text)?;
        Ok(Stored {
            path: path.clone(),
            revision: Revision::of(text.as_bytes()),
        })
    });
    match &result {
        Ok(_) => log::info!("saved {} ({})", path.display(), save.game),
        Err(err) => log::warn!("save {} failed: {err}", path.display()),
    }
    result
}

/// [`store_save`], for callers that need only the file.
///
/// # Errors
/// As [`store_save`].
pub fn write_save(data_dir: &Path, save: &SaveFile) -> Result<PathBuf, StoreError> {
    store_save(data_dir, save).map(|stored| stored.path)
}

/// Writes an autosave (Ctrl-C twice, a signal, the end of input): marked as one, and where
/// nobody can be asked, never over a file that changed since the game read it — then it goes
/// beside, under a new name of its own.
///
/// # Errors
/// Why it could not be written at all.
pub fn write_autosave(data_dir: &Path, save: &SaveFile) -> Result<Stored, StoreError> {
    let mut save = save.clone();
    save.autosave = true;
    match store_save(data_dir, &save) {
        Err(StoreError::Changed { .. } | StoreError::InvalidName(_)) => {
            save.id = new_id(&save.game);
            save.base = None;
            store_save(data_dir, &save)
        }
        other => other,
    }
}

/// Writes `text` to a file the person named, atomically, only if nothing is there yet: a
/// save written "elsewhere" never replaces a file.
///
/// # Errors
/// [`StoreError::Exists`], or why it could not be written.
pub fn write_new(path: &Path, text: &str) -> Result<(), StoreError> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    match staged(dir, path, text)?.persist_noclobber(path) {
        Ok(_) => Ok(()),
        Err(err) if err.error.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(StoreError::Exists {
                path: path.to_path_buf(),
            })
        }
        Err(err) => Err(write_error(path, err.error)),
    }
}

/// Writes `text` to `path`, or, when a file is already there, beside it under the first free
/// name (`game.txt`, `game-2.txt`, `game-3.txt`, …): an export never replaces a file. Each
/// name is tried with [`write_new`], so two writers at once never pick the same one. The
/// folder is made if needed. Returns the file written.
///
/// # Errors
/// [`StoreError::Folder`], [`StoreError::Exists`] when no free name is found, or why the file
/// could not be written.
pub fn write_beside(path: &Path, text: &str) -> Result<PathBuf, StoreError> {
    const TRIES: u32 = 1000;
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| StoreError::Folder {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    for number in 1..=TRIES {
        let candidate = if number == 1 {
            path.to_path_buf()
        } else {
            numbered(path, number)
        };
        match write_new(&candidate, text) {
            Err(StoreError::Exists { .. }) => {}
            Ok(()) => return Ok(candidate),
            Err(err) => return Err(err),
        }
    }
    Err(StoreError::Exists {
        path: path.to_path_buf(),
    })
}

/// `path` with `-number` before its extension: `game.txt` → `game-2.txt`.
fn numbered(path: &Path, number: u32) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{number}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{number}"),
    };
    path.with_file_name(name)
}

/// Deletes the save with this id, whatever it holds.
///
/// # Errors
/// [`StoreError::InvalidName`] or [`StoreError::Delete`].
pub fn delete_save(data_dir: &Path, id: &str) -> Result<(), StoreError> {
    delete_listed(data_dir, id, None)
}

/// Deletes the save with this id as the person saw it listed: when `listed` is the revision
/// the list was read at, a file changed since (another Parlor saved more moves into it) is
/// kept and [`StoreError::Changed`] says so. Checked and removed under the data directory's
/// lock, like a save is written ([`store_save`]).
///
/// # Errors
/// [`StoreError::InvalidName`], [`StoreError::Changed`], [`StoreError::Busy`] or
/// [`StoreError::Delete`].
pub fn delete_listed(
    data_dir: &Path,
    id: &str,
    listed: Option<Revision>,
) -> Result<(), StoreError> {
    if !valid_id(id) {
        return Err(StoreError::InvalidName(id.to_string()));
    }
    let path = saves_dir(data_dir).join(format!("{id}.toml"));
    let result = (|| {
        let _lock = DirLock::acquire(data_dir)?;
        if let Some(listed) = listed
            && let Some(found) = revision_at(&path)?
            && found != listed
        {
            return Err(StoreError::Changed {
                path: path.clone(),
                found,
            });
        }
        std::fs::remove_file(&path).map_err(|source| StoreError::Delete {
            path: path.clone(),
            source,
        })
    })();
    match &result {
        Ok(()) => log::info!("deleted {}", path.display()),
        Err(err) => log::warn!("{err}"),
    }
    result
}

/// Reads a file of at most `limit` bytes as UTF-8 text through the shared reader
/// ([`super::reader`]): only a regular file, opened without blocking, refused before reading
/// when larger.
///
/// # Errors
/// [`SaveError::Io`] (missing, not a regular file, unreadable), [`SaveError::TooLarge`] or
/// [`SaveError::Malformed`] for a file that is not text.
pub fn read_limited(path: &Path, limit: u64) -> Result<String, SaveError> {
    super::reader::read_text(path, limit).map_err(SaveError::from)
}

/// Reads at most `limit` bytes of a file that may be binary (a WTHOR database) through the
/// same shared reader ([`super::reader`]) as [`read_limited`].
///
/// # Errors
/// [`SaveError::Io`] (missing, not a regular file, unreadable) or [`SaveError::TooLarge`].
pub fn read_bytes_limited(path: &Path, limit: u64) -> Result<Vec<u8>, SaveError> {
    super::reader::read_bytes(path, limit).map_err(SaveError::from)
}

/// Reads one save file's envelope.
///
/// # Errors
/// Any [`SaveError`] of reading or the envelope.
pub fn read_save(path: &Path) -> Result<SaveFile, SaveError> {
    let id = path.file_stem().and_then(|s| s.to_str()).unwrap_or("save");
    let result = read_limited(path, MAX_SAVE_BYTES).and_then(|text| {
        let mut file = SaveFile::parse(&text, id)?;
        file.base = Some(Revision::of(text.as_bytes()));
        Ok(file)
    });
    if let Err(err) = &result {
        log::debug!("cannot read {}: {err}", path.display());
    }
    result
}

/// Reads a file Parlor keeps in the data directory (not one the user named): only a regular
/// file is read. A symbolic link is refused, so nothing outside the folder is read through one
/// (a link to a file elsewhere, or to a FIFO on which opening would block forever).
///
/// # Errors
/// [`SaveError::Io`] for anything but a regular file, else as [`read_limited`].
pub fn read_own_file(path: &Path, limit: u64) -> Result<String, SaveError> {
    super::reader::read_own_text(path, limit).map_err(SaveError::from)
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
        // A hidden file is not a save Parlor wrote (its own temporary files start with a dot).
        .filter(|path| {
            path.file_name()
                .is_some_and(|name| !name.to_string_lossy().starts_with('.'))
        })
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
            base: None,
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
    fn a_save_changed_since_it_was_listed_is_not_deleted() {
        let dir = tempfile::tempdir().expect("tempdir");
        let listed = store_save(dir.path(), &sample("one"))
            .expect("written")
            .revision;
        // Another Parlor saves more moves into it after the list was read.
        let mut later = sample("one");
        later.title = "A vs B, later".into();
        later.base = Some(listed);
        let now = store_save(dir.path(), &later).expect("written").revision;
        let refused = delete_listed(dir.path(), "one", Some(listed));
        assert!(
            matches!(refused, Err(StoreError::Changed { found, .. }) if found == now),
            "{refused:?}"
        );
        assert_eq!(list_saves(dir.path()).len(), 1, "the later save is kept");
        delete_listed(dir.path(), "one", Some(now)).expect("deleted as listed");
        assert!(list_saves(dir.path()).is_empty());
    }

    #[test]
    fn overwriting_leaves_no_temporary_files() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut base = None;
        for title in ["first", "second"] {
            let mut save = sample("same");
            save.title = title.into();
            save.base = base;
            base = Some(store_save(dir.path(), &save).expect("written").revision);
        }
        let names: Vec<_> = std::fs::read_dir(saves_dir(dir.path()))
            .expect("dir")
            .filter_map(Result::ok)
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        assert_eq!(
            read_save(&saves_dir(dir.path()).join("same.toml"))
                .expect("readable")
                .base,
            base,
            "reading gives the revision writing gave"
        );
        let back = read_save(&saves_dir(dir.path()).join("same.toml")).expect("readable");
        assert_eq!(back.title, "second");
    }

    #[test]
    fn a_save_never_replaces_a_file_that_changed_since_it_was_read() {
        let dir = tempfile::tempdir().expect("tempdir");
        let first = store_save(dir.path(), &sample("game")).expect("written");
        // Another process's save of the same game, later.
        let mut theirs = sample("game");
        theirs.title = "their later moves".into();
        theirs.base = Some(first.revision);
        let later = store_save(dir.path(), &theirs).expect("written");
        // This process still holds the first revision: refused, the file untouched.
        let mut mine = sample("game");
        mine.base = Some(first.revision);
        let Err(StoreError::Changed { found, .. }) = store_save(dir.path(), &mine) else {
            panic!("a changed file was overwritten");
        };
        assert_eq!(found, later.revision);
        let path = saves_dir(dir.path()).join("game.toml");
        assert_eq!(
            read_save(&path).expect("readable").title,
            "their later moves"
        );
        // A new game never replaces a file of the same name.
        assert!(matches!(
            store_save(dir.path(), &sample("game")),
            Err(StoreError::Changed { .. })
        ));
        // An autosave goes beside it, marked as one.
        let beside = write_autosave(dir.path(), &mine)
            .expect("written beside")
            .path;
        assert_ne!(beside, path);
        assert!(read_save(&beside).expect("readable").autosave);
        assert_eq!(
            read_save(&path).expect("readable").title,
            "their later moves"
        );
        // Overwriting what was found is allowed.
        mine.base = Some(found);
        store_save(dir.path(), &mine).expect("overwritten on purpose");
    }

    #[test]
    fn names_with_spaces_are_saves_too_but_not_paths() {
        for good in ["my game", "partie d'échecs", "a_b-c"] {
            assert!(valid_id(good), "{good}");
        }
        for bad in [
            "",
            "../x",
            "a/b",
            ".hidden",
            " lead",
            "a\u{1b}b",
            "a\u{202E}b",
            "c:x",
        ] {
            assert!(!valid_id(bad), "{bad:?}");
        }
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
