//! The debug log: a full-screen program cannot print while it runs, and background searches,
//! saves and signals are where things go wrong. With `PARLOR_LOG` set (`PARLOR_LOG=debug`),
//! the `log` facade's records go to `parlor.log` in the data directory, never to the screen;
//! without it nothing is written and the records cost one relaxed atomic load each.
//!
//! The file is capped: past [`MAX_LOG_BYTES`] it is renamed to `parlor.log.1` (replacing the
//! previous one) and a new file is started, so at most twice the cap is ever kept.

use std::cell::Cell;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use log::{Level, LevelFilter, Log, Metadata, Record};

/// The environment variable that turns the log on, holding its level.
pub const LOG_VAR: &str = "PARLOR_LOG";

/// The log's file name in the data directory.
pub const LOG_FILE: &str = "parlor.log";

/// The size past which the log is rotated: large enough for a long session at `debug`, small
/// enough to attach to a bug report.
pub const MAX_LOG_BYTES: u64 = 1 << 20;

/// How `PARLOR_LOG` reads: a level name (`error`, `warn`, `info`, `debug`, `trace`, `off`), or
/// any other non-empty value for `debug` (`PARLOR_LOG=1` should not silently log nothing).
#[must_use]
pub fn level_from(value: &str) -> LevelFilter {
    value.trim().parse().unwrap_or(LevelFilter::Debug)
}

/// Starts the log when `PARLOR_LOG` asks for it, and records the start: version, arguments,
/// terminal size. Returns the log file's path when logging. Called once, first thing; a
/// second call (tests) changes nothing.
pub fn init(data_dir: &Path) -> Option<PathBuf> {
    let value = std::env::var(LOG_VAR)
        .ok()
        .filter(|v| !v.trim().is_empty())?;
    let level = level_from(&value);
    if level == LevelFilter::Off {
        return None;
    }
    let path = data_dir.join(LOG_FILE);
    let logger = FileLogger::open(&path, level)
        .map_err(|err| {
            // Before the terminal is taken over, so this line is seen; the program runs on.
            eprintln!("parlor: cannot write the log {}: {err}", path.display());
        })
        .ok()?;
    if log::set_boxed_logger(Box::new(logger)).is_err() {
        return None;
    }
    log::set_max_level(level);
    install_panic_hook();
    #[cfg(feature = "tui")]
    let size = ratatui::crossterm::terminal::size().map_or_else(
        |_| "not a terminal".to_string(),
        |(w, h)| format!("{w}x{h}"),
    );
    #[cfg(not(feature = "tui"))]
    let size = "not drawn (plain mode only)";
    log::info!(
        "parlor {} started: terminal {size}, arguments {:?}, data directory {}",
        env!("CARGO_PKG_VERSION"),
        std::env::args().skip(1).collect::<Vec<_>>(),
        data_dir.display()
    );
    Some(path)
}

/// Records a panic (message, place, thread and a backtrace) in the log. The terminal's own
/// panic hook calls it before restoring the terminal, so the record is made whatever happens
/// after; the hook [`init`] installs then knows not to record it twice.
pub fn record_panic(info: &std::panic::PanicHookInfo<'_>) {
    if log::log_enabled!(Level::Error) {
        let thread = std::thread::current();
        log::error!(
            "panic on thread {}: {info}\n{}",
            thread.name().unwrap_or("unnamed"),
            std::backtrace::Backtrace::force_capture()
        );
        log::logger().flush();
    }
    PANIC_RECORDED.set(true);
}

thread_local! {
    /// Whether this thread's current panic is already in the log.
    static PANIC_RECORDED: Cell<bool> = const { Cell::new(false) };
}

/// Logs panics that no terminal hook recorded (plain mode, the solver commands, background
/// threads before the terminal is entered), then runs the hook that was there before.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !PANIC_RECORDED.replace(false) {
            record_panic(info);
            PANIC_RECORDED.set(false);
        }
        previous(info);
    }));
}

/// Writes records to a file, one line each, rotating it at [`MAX_LOG_BYTES`].
struct FileLogger {
    level: LevelFilter,
    path: PathBuf,
    file: Mutex<Open>,
}

/// The file being written and how much it holds.
struct Open {
    file: File,
    written: u64,
}

impl FileLogger {
    fn open(path: &Path, level: LevelFilter) -> std::io::Result<Self> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        let written = file.metadata()?.len();
        Ok(Self {
            level,
            path: path.to_path_buf(),
            file: Mutex::new(Open { file, written }),
        })
    }

    /// Moves a full log aside to `parlor.log.1` and starts a new one.
    fn rotate(&self, open: &mut Open) -> std::io::Result<()> {
        let _ = open.file.flush();
        std::fs::rename(&self.path, self.path.with_extension("log.1"))?;
        open.file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)?;
        open.written = 0;
        Ok(())
    }
}

impl Log for FileLogger {
    /// Parlor's own records at the chosen level; other crates' only when they warn (mio's
    /// trace records would drown ours).
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        metadata.level() <= self.level
            && (metadata.target().starts_with("parlor") || metadata.level() <= Level::Warn)
    }

    fn log(&self, record: &Record<'_>) {
        if !self.enabled(record.metadata()) {
            return;
        }
        let now = time::OffsetDateTime::now_utc();
        let line = format!(
            "{}.{:03}Z {:<5} {}: {}\n",
            // Seconds precision and a `Z`, as saves write it; then the milliseconds.
            crate::save::time::rfc3339(now.into()).trim_end_matches('Z'),
            now.millisecond(),
            record.level(),
            record.target(),
            record.args()
        );
        // A poisoned lock means a panic while writing a line: keep logging regardless.
        let mut open = self
            .file
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if open.written + line.len() as u64 > MAX_LOG_BYTES && open.written > 0 {
            // Failing to rotate, the log keeps growing rather than losing records.
            let _ = self.rotate(&mut open);
        }
        if open.file.write_all(line.as_bytes()).is_ok() {
            open.written += line.len() as u64;
        }
    }

    fn flush(&self) {
        let mut open = self
            .file
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let _ = open.file.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_from_the_variable() {
        assert_eq!(level_from("debug"), LevelFilter::Debug);
        assert_eq!(level_from("TRACE"), LevelFilter::Trace);
        assert_eq!(level_from(" warn "), LevelFilter::Warn);
        assert_eq!(level_from("off"), LevelFilter::Off);
        assert_eq!(level_from("1"), LevelFilter::Debug);
        assert_eq!(level_from("yes"), LevelFilter::Debug);
    }

    #[test]
    fn the_file_rotates_past_its_cap() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join(LOG_FILE);
        let logger = FileLogger::open(&path, LevelFilter::Debug).expect("the log opens");
        let message = "x".repeat(1000);
        let record = |logger: &FileLogger| {
            logger.log(
                &Record::builder()
                    .level(Level::Info)
                    .target("parlor::test")
                    .args(format_args!("{message}"))
                    .build(),
            );
        };
        for _ in 0..(MAX_LOG_BYTES / 1000 + 10) {
            record(&logger);
        }
        logger.flush();
        let current = std::fs::metadata(&path).expect("the log").len();
        let old = std::fs::metadata(path.with_extension("log.1"))
            .expect("the rotated log")
            .len();
        assert!(current > 0 && current <= MAX_LOG_BYTES, "{current}");
        assert!(old > MAX_LOG_BYTES - 2000 && old <= MAX_LOG_BYTES, "{old}");
        let text = std::fs::read_to_string(&path).expect("the log is text");
        let line = text.lines().next().expect("a line");
        assert!(line.contains(" INFO  parlor::test: xxx"), "{line}");
        // Other crates' chatter below a warning is left out.
        let chatter = Metadata::builder()
            .level(Level::Trace)
            .target("mio::poll")
            .build();
        assert!(!logger.enabled(&chatter));
    }
}
