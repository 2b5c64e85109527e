//! The data directory's lock: while one Parlor checks a file and writes it (a save that must
//! still be the one it read, the records counted afresh), no other Parlor does the same.
//!
//! An advisory lock (`flock` on Unix, `LockFileEx` on Windows) on `.parlor.lock` in the data
//! directory. The operating system releases it when its holder ends however it ends (a
//! SIGKILL, a power cut), so a lock can never be left stale; the empty file itself stays and
//! is harmless. Holders keep it for one read and one write of a small file; a holder that is
//! stopped mid-write (Ctrl-Z at the wrong moment) would keep it, so waiting gives up after a
//! few seconds with [`Busy`] instead of hanging the program.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The lock file's name inside the data directory (a dot file: never listed as anything).
pub const LOCK_FILE: &str = ".parlor.lock";

/// How long to wait for another Parlor to finish its write.
const PATIENCE: Duration = Duration::from_secs(5);

/// The lock is held by another Parlor that did not let go in time.
#[derive(Debug, thiserror::Error)]
#[error("another Parlor is writing in {} and did not finish within {} seconds", .0.display(), PATIENCE.as_secs())]
pub struct Busy(pub PathBuf);

/// The data directory's lock, held until dropped.
#[derive(Debug)]
pub struct DirLock {
    /// `None` when the lock file could not be made (a read-only or full folder): nothing can
    /// be written there either, and the write's own error says why better than the lock's.
    _file: Option<File>,
}

impl DirLock {
    /// Takes the lock of `dir` (made if missing), waiting for another Parlor's write to end.
    ///
    /// # Errors
    /// [`Busy`] when it is held for longer than a write takes.
    pub fn acquire(dir: &Path) -> Result<Self, Busy> {
        let _ = std::fs::create_dir_all(dir);
        let path = dir.join(LOCK_FILE);
        let file = match open_lock_file(&path) {
            Ok(file) => file,
            Err(err) => {
                log::debug!("no lock file {}: {err}", path.display());
                return Ok(Self { _file: None });
            }
        };
        let start = Instant::now();
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(Self { _file: Some(file) }),
                Err(TryLockError::WouldBlock) if start.elapsed() < PATIENCE => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(TryLockError::WouldBlock) => return Err(Busy(dir.to_path_buf())),
                Err(TryLockError::Error(err)) => {
                    // A file system without locks: go on unlocked rather than not at all.
                    log::debug!("cannot lock {}: {err}", path.display());
                    return Ok(Self { _file: None });
                }
            }
        }
    }
}

/// Opens (or makes) the lock file, never blocking and never through a link: a FIFO put in
/// its place would block a plain open until a reader came (every save would hang), and a
/// link could point anywhere. What is there must be a regular file; otherwise the caller
/// goes on unlocked, as when the file cannot be made.
fn open_lock_file(path: &Path) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.create(true).truncate(false).write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY | libc::O_NOFOLLOW);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_holder_waits_for_the_first() {
        let dir = tempfile::tempdir().expect("tempdir");
        let first = DirLock::acquire(dir.path()).expect("locked");
        let path = dir.path().to_path_buf();
        let (sender, taken) = std::sync::mpsc::channel();
        let waiter = std::thread::spawn(move || {
            let second = DirLock::acquire(&path).expect("locked after the first");
            sender.send(()).expect("told");
            drop(second);
        });
        assert!(
            taken.recv_timeout(Duration::from_millis(300)).is_err(),
            "the lock was taken twice"
        );
        drop(first);
        taken.recv().expect("taken once the first let go");
        waiter.join().expect("the waiter ends");
    }
}
