//! The debug log through the real binary: with `PARLOR_LOG=debug` a short scripted game of
//! Connect Four in plain mode leaves a log file in the data directory and prints exactly what
//! it prints without it; without `PARLOR_LOG` no log file is written.

use crate::support;

use std::path::Path;
use std::process::Output;

/// A game of two moves, then the end of input: the unsaved game is autosaved on the way out.
const SCRIPT: &str = "4\n4\n";

/// Runs `parlor connect4 Alice Bob --plain` on `SCRIPT` with its data in `dir`, and
/// `PARLOR_LOG` set to `log` when given.
fn run(dir: &Path, log: Option<&str>) -> Output {
    let env: Vec<(&str, &str)> = log.map(|level| ("PARLOR_LOG", level)).into_iter().collect();
    support::cli::parlor_with_env(
        dir,
        &["connect4", "Alice", "Bob", "--plain"],
        SCRIPT.as_bytes(),
        &env,
    )
}

/// The output with what differs between two runs taken out: the data directory's path (two
/// directories) and the autosave's file name (it holds the process id).
fn shown(output: &[u8], dir: &Path) -> String {
    String::from_utf8_lossy(output)
        .replace(&dir.display().to_string(), "<data>")
        .lines()
        .map(|line| match line.split_once("autosaved to ") {
            Some((before, _)) => format!("{before}autosaved to <file>"),
            None => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn parlor_log_writes_a_file_and_nothing_to_the_terminal() {
    let quiet = tempfile::tempdir().expect("tempdir");
    let logged = tempfile::tempdir().expect("tempdir");
    let without = run(quiet.path(), None);
    let with = run(logged.path(), Some("debug"));
    assert_eq!(without.status.code(), Some(4), "{without:?}");
    assert_eq!(with.status.code(), without.status.code());
    assert_eq!(
        shown(&with.stdout, logged.path()),
        shown(&without.stdout, quiet.path())
    );
    assert_eq!(
        shown(&with.stderr, logged.path()),
        shown(&without.stderr, quiet.path())
    );

    assert!(
        !quiet.path().join("parlor.log").exists(),
        "no PARLOR_LOG, no log file"
    );
    let log = std::fs::read_to_string(logged.path().join("parlor.log")).expect("the log file");
    let version = format!("parlor {} started", env!("CARGO_PKG_VERSION"));
    assert!(log.contains(&version), "{log}");
    assert!(
        log.contains("INFO  parlor::save::store: saved "),
        "the autosave:\n{log}"
    );
    assert!(log.contains("exits with code 4"), "{log}");
    // Every line is a record: a timestamp, a level and where it came from.
    for line in log.lines().filter(|l| l.starts_with("20")) {
        assert!(line.contains("Z ") && line.contains(" parlor"), "{line}");
    }
}

#[test]
fn parlor_log_off_writes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run(dir.path(), Some("off"));
    assert_eq!(out.status.code(), Some(4));
    assert!(!dir.path().join("parlor.log").exists());
}
