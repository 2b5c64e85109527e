//! The debug log: a full-screen program cannot print while it runs, and background searches,
//! saves and signals are where things go wrong. With `PARLOR_LOG` set (`PARLOR_LOG=debug`),
//! the `log` facade's records go to `parlor.log` in the data directory, never to the screen;
//! without it nothing is written and the records cost one relaxed atomic load each.
//!
//! The writing, the filtering and the rotation are `flexi_logger`'s: past [`MAX_LOG_BYTES`]
//! `parlor.log` is renamed to `parlor_r<date>_<time>.log` (the UTC time it was started) and a
//! new one is begun; only the newest such file is kept, so at most about twice the cap is ever
//! on the disk. What stays here is Parlor's own: the variable, the line's form, the panic
//! records, and the refusal of a log path that is not a regular file (`save::reader`).

use std::cell::Cell;
use std::io::Write;
use std::path::{Path, PathBuf};

use flexi_logger::writers::FileLogWriter;
use flexi_logger::{
    Cleanup, Criterion, DeferredNow, ErrorChannel, FileSpec, FlexiLoggerError, LogSpecification,
    Logger, Naming,
};
use log::{Level, LevelFilter, Record};

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
    let started = check_path(&path)
        .map_err(|err| err.to_string())
        .and_then(|()| {
            Logger::with(filter(level))
                .log_to_writer(Box::new(file_writer(&path).map_err(|err| err.to_string())?))
                // The log's own failures (a full disk) never reach the screen it would spoil.
                .error_channel(ErrorChannel::DevNull)
                .start()
                .map_err(|err| err.to_string())
        });
    let handle = match started {
        Ok(handle) => handle,
        Err(err) => {
            // Before the terminal is taken over, so this line is seen; the program runs on.
            let line = format!("parlor: cannot write the log {}: {err}", path.display());
            let _ = writeln!(
                std::io::stderr(),
                "{}",
                crate::core::text::sanitize_message(&line)
            );
            return None;
        }
    };
    // The handle shuts the logger down when dropped; the log lasts as long as the process.
    // Every record is written at once (no buffer), so nothing waits for a flush at exit.
    std::mem::forget(handle);
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
        std::env::args_os().skip(1).collect::<Vec<_>>(),
        data_dir.display()
    );
    Some(path)
}

/// Parlor's own records at the chosen level; other crates' only when they warn (mio's trace
/// records would drown ours).
fn filter(level: LevelFilter) -> LogSpecification {
    LogSpecification::builder()
        .default(level.min(LevelFilter::Warn))
        .module("parlor", level)
        .build()
}

/// Refuses a log path that holds anything but a regular file (a FIFO would block the first
/// write forever), creating its folder and the file when missing.
fn check_path(path: &Path) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    crate::save::reader::open_append(path).map(drop)
}

/// The file writer: appends to `path`, rotates it past [`MAX_LOG_BYTES`], keeps one old file.
fn file_writer(path: &Path) -> Result<FileLogWriter, FlexiLoggerError> {
    FileLogWriter::builder(FileSpec::try_from(path)?)
        .append()
        .use_utc()
        .format(line)
        .rotate(
            Criterion::Size(MAX_LOG_BYTES),
            Naming::TimestampsCustomFormat {
                // The file being written keeps its plain name, `parlor.log`.
                current_infix: Some(""),
                format: "r%Y-%m-%d_%H-%M-%S",
            },
            Cleanup::KeepLogFiles(1),
        )
        .cleanup_in_background_thread(false)
        .try_build()
}

/// One record's line: the UTC time to the millisecond, the level, where it came from, the
/// message (`2026-11-27T06:20:00.123Z INFO  parlor::save::store: saved …`).
fn line(out: &mut dyn Write, _now: &mut DeferredNow, record: &Record<'_>) -> std::io::Result<()> {
    let now = time::OffsetDateTime::now_utc();
    write!(
        out,
        "{}.{:03}Z {:<5} {}: {}",
        // Seconds precision and a `Z`, as saves write it; then the milliseconds.
        crate::save::time::rfc3339(now.into()).trim_end_matches('Z'),
        now.millisecond(),
        record.level(),
        record.target(),
        record.args()
    )
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

#[cfg(test)]
mod tests {
    use super::*;
    use flexi_logger::writers::LogWriter;

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
    fn other_crates_are_heard_only_when_they_warn() {
        let debug = filter(LevelFilter::Debug);
        assert!(debug.enabled(Level::Debug, "parlor::save::store"));
        assert!(!debug.enabled(Level::Trace, "parlor::save::store"));
        assert!(!debug.enabled(Level::Trace, "mio::poll"));
        assert!(!debug.enabled(Level::Info, "mio::poll"));
        assert!(debug.enabled(Level::Warn, "mio::poll"));
        let errors = filter(LevelFilter::Error);
        assert!(!errors.enabled(Level::Warn, "mio::poll"));
        assert!(!errors.enabled(Level::Warn, "parlor::app"));
    }

    /// The log files in `dir` other than `parlor.log`: the rotated ones.
    fn rotated(dir: &Path) -> Vec<PathBuf> {
        let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("the folder")
            .map(|entry| entry.expect("an entry").path())
            .filter(|path| path.file_name().is_some_and(|name| name != LOG_FILE))
            .collect();
        found.sort();
        found
    }

    #[test]
    fn the_file_rotates_past_its_cap_and_keeps_one_old_file() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join(LOG_FILE);
        std::fs::write(&path, "an older session's line\n").expect("an existing log");
        let writer = file_writer(&path).expect("the log opens");
        let message = "x".repeat(1000);
        let write = |writer: &FileLogWriter| {
            writer
                .write(
                    &mut DeferredNow::new(),
                    &Record::builder()
                        .level(Level::Info)
                        .target("parlor::test")
                        .args(format_args!("{message}"))
                        .build(),
                )
                .expect("a record is written");
        };
        write(&writer);
        let text = std::fs::read_to_string(&path).expect("the log is text");
        assert!(text.starts_with("an older session's line\n"), "appended");
        let line = text.lines().nth(1).expect("the new line");
        assert!(line.contains("Z INFO  parlor::test: xxx"), "{line}");
        assert!(rotated(dir.path()).is_empty());

        // Past the cap once: one old file. Past it again: still one.
        for _ in 0..=(MAX_LOG_BYTES / 1000) {
            write(&writer);
        }
        let first = rotated(dir.path());
        assert_eq!(first.len(), 1, "{first:?}");
        for _ in 0..=(MAX_LOG_BYTES / 1000) {
            write(&writer);
        }
        writer.flush().expect("flushed");
        let second = rotated(dir.path());
        assert_eq!(second.len(), 1, "{second:?}");
        let name = second[0].file_stem().and_then(|n| n.to_str()).unwrap_or("");
        assert!(name.starts_with("parlor_r2"), "{name}");
        assert_eq!(second[0].extension(), Some(std::ffi::OsStr::new("log")));
        let current = std::fs::metadata(&path).expect("the log").len();
        let old = std::fs::metadata(&second[0]).expect("the old log").len();
        assert!(current > 0 && current <= MAX_LOG_BYTES + 2000, "{current}");
        assert!(
            old > MAX_LOG_BYTES - 2000 && old <= MAX_LOG_BYTES + 2000,
            "{old}"
        );
    }
}
