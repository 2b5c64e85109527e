//! The one door through which Parlor reads a file: saves, imports, `--load`, the config, Slide
//! level files, the records, the best results. Every file passes the same gates before a byte
//! is read, so nothing a person (or a stranger) names can hang the program or eat the machine:
//!
//! 1. it must be a regular file, after following symbolic links: a FIFO (opening one blocks
//!    until a writer comes), a device (`/dev/zero` never ends, a tape may rewind), a socket or
//!    a folder is refused at once, with a reason naming what it is;
//! 2. it is opened without blocking (`O_NONBLOCK`, and `O_NOCTTY` so a terminal can never
//!    become the controlling one), so a FIFO swapped in between the check and the open still
//!    cannot block, and what was opened is checked again;
//! 3. it is read up to a size cap, refused before reading when its length says it is larger.
//!
//! Refusals are typed ([`ReadError`]); the callers turn them into their own errors.

use std::fs::{File, Metadata, OpenOptions};
use std::io::Read;
use std::path::Path;

/// Why a file was not read. Each prints as a short clause ("it is a FIFO, not a regular
/// file"); callers put the file's name before it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// There is no file there (or a link pointing nowhere).
    #[error("{0}")]
    Missing(String),
    /// Something other than a regular file is there.
    #[error("it is {0}, not a regular file")]
    NotAFile(&'static str),
    /// A symbolic link where Parlor keeps its own files (see [`read_own_text`]).
    #[error("it is a symbolic link, not a file Parlor wrote")]
    Link,
    /// Larger than the cap.
    #[error("the file is too large ({size} bytes; at most {limit} are read)")]
    TooLarge {
        /// Its size, or the bytes read before the cap was passed.
        size: u64,
        /// The cap.
        limit: u64,
    },
    /// Not UTF-8 text.
    #[error("the file is not text (UTF-8)")]
    NotText,
    /// The operating system refused (permissions, an I/O error).
    #[error("{0}")]
    Io(String),
}

impl ReadError {
    fn io(err: &std::io::Error) -> Self {
        if err.kind() == std::io::ErrorKind::NotFound {
            Self::Missing(err.to_string())
        } else {
            Self::Io(err.to_string())
        }
    }

    /// Whether nothing is there at all (a missing config is no config).
    #[must_use]
    pub fn is_missing(&self) -> bool {
        matches!(self, Self::Missing(_))
    }
}

/// What kind of thing a file that is not regular is, for the message.
fn kind_of(meta: &Metadata) -> Option<&'static str> {
    let kind = meta.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a FIFO");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some("a special file")
}

/// Opens `path` for reading without ever blocking on the open itself.
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    options.open(path)
}

/// Checks that `path` (links followed) is a regular file of at most `limit` bytes.
///
/// # Errors
/// [`ReadError::Missing`], [`ReadError::NotAFile`], [`ReadError::TooLarge`] or
/// [`ReadError::Io`].
pub fn check_regular(path: &Path, limit: u64) -> Result<(), ReadError> {
    let meta = std::fs::metadata(path).map_err(|err| ReadError::io(&err))?;
    check_meta(&meta, limit)
}

fn check_meta(meta: &Metadata, limit: u64) -> Result<(), ReadError> {
    if let Some(kind) = kind_of(meta) {
        return Err(ReadError::NotAFile(kind));
    }
    if meta.len() > limit {
        return Err(ReadError::TooLarge {
            size: meta.len(),
            limit,
        });
    }
    Ok(())
}

/// Reads at most `limit` bytes of the regular file at `path` (links followed).
///
/// # Errors
/// Any [`ReadError`] but [`ReadError::Link`] and [`ReadError::NotText`].
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    check_regular(path, limit)?;
    let file = open_nonblocking(path).map_err(|err| ReadError::io(&err))?;
    // The path may have been replaced between the check and the open: what was opened is
    // what counts.
    check_meta(&file.metadata().map_err(|err| ReadError::io(&err))?, limit)?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|err| ReadError::io(&err))?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge {
            size: bytes.len() as u64,
            limit,
        });
    }
    Ok(bytes)
}

/// Reads the regular file at `path` (links followed) as UTF-8 text of at most `limit` bytes:
/// files a person names (`--load`, `--config`, an import, a level file).
///
/// # Errors
/// Any [`ReadError`] but [`ReadError::Link`].
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    String::from_utf8(read_bytes(path, limit)?).map_err(|_| ReadError::NotText)
}

/// Reads a file Parlor keeps in its data directory (not one a person named): as
/// [`read_text`], and a symbolic link is refused too, so nothing outside the folder is read
/// through one.
///
/// # Errors
/// Any [`ReadError`].
pub fn read_own_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    let meta = std::fs::symlink_metadata(path).map_err(|err| ReadError::io(&err))?;
    if meta.file_type().is_symlink() {
        return Err(ReadError::Link);
    }
    read_text(path, limit)
}

/// Opens `path` to append to it (the debug log), creating it if missing: anything there but
/// a regular file is refused, and the open never blocks (a FIFO without a reader fails).
///
/// # Errors
/// Why it cannot be opened, as an I/O error.
pub fn open_append(path: &Path) -> std::io::Result<File> {
    match std::fs::metadata(path) {
        Ok(meta) => {
            if let Some(kind) = kind_of(&meta) {
                return Err(std::io::Error::other(ReadError::NotAFile(kind)));
            }
        }
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
        Err(err) => return Err(err),
    }
    let mut options = OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let file = options.open(path)?;
    if let Some(kind) = kind_of(&file.metadata()?) {
        return Err(std::io::Error::other(ReadError::NotAFile(kind)));
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regular_files_are_read_and_everything_else_is_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("a.txt");
        std::fs::write(&file, "hello").expect("write");
        assert_eq!(read_text(&file, 5).as_deref(), Ok("hello"));
        assert!(matches!(
            read_text(&file, 4),
            Err(ReadError::TooLarge { size: 5, limit: 4 })
        ));
        assert_eq!(
            read_text(dir.path(), 10),
            Err(ReadError::NotAFile("a folder"))
        );
        assert!(read_text(&dir.path().join("none"), 10).is_err_and(|e| e.is_missing()));
        std::fs::write(&file, [0xff, 0xfe]).expect("write");
        assert_eq!(read_text(&file, 10), Err(ReadError::NotText));
    }

    #[cfg(unix)]
    #[test]
    fn devices_and_links_to_them_are_refused_without_reading() {
        let dir = tempfile::tempdir().expect("tempdir");
        let link = dir.path().join("zero.toml");
        std::os::unix::fs::symlink("/dev/zero", &link).expect("a link");
        for path in [Path::new("/dev/zero"), link.as_path()] {
            assert_eq!(read_text(path, 10), Err(ReadError::NotAFile("a device")));
        }
        assert_eq!(read_own_text(&link, 10), Err(ReadError::Link));
        assert!(open_append(Path::new("/dev/null")).is_err());
    }
}
