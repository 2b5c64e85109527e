//! Nothing Parlor reads can hang it or eat the machine (issue #36, class 2): every file it
//! opens — `--load`, `--config`, a Slide level file, `parlor solve slide FILE`, plain mode's
//! Connect Four file, the records, the best results, the debug log — is refused at once with a
//! reason when it is a FIFO, a device (`/dev/zero`, `/dev/urandom`), a socket, a folder, or a
//! symbolic link to one of those. Each run of the real binary is bounded: a process still
//! running after the limit is killed and the test fails (a FIFO would block it forever).

#![cfg(unix)]

use crate::support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Longer than any refusal takes on a loaded machine; a blocked open never ends.
const LIMIT: Duration = Duration::from_secs(60);

/// Runs `parlor ARGS` with `stdin`, data and config in `dir`, killing it after [`LIMIT`].
fn bounded(dir: &Path, args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Output {
    let mut command = support::cli::command_in(dir, args);
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command.spawn().expect("the binary runs");
    if let Some(mut input) = child.stdin.take() {
        let _ = input.write_all(stdin);
    }
    finish_within_limit(child, args)
}

/// Waits for `child` at most [`LIMIT`]; kills it and fails past that.
fn finish_within_limit(mut child: std::process::Child, args: &[&str]) -> Output {
    let start = Instant::now();
    while child.try_wait().expect("waitable").is_none() {
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let out = child.wait_with_output().expect("ends once killed");
            panic!(
                "parlor {args:?} still ran after {LIMIT:?} (blocked on a file?): {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("the binary ends")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A FIFO at `path` (nobody ever writes to it).
fn fifo(path: &Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}

/// Every kind of file that is not a regular one, with what the refusal must call it, made in
/// `dir`: a FIFO, a link to it, a socket, a folder, `/dev/zero`, `/dev/urandom`, and a link
/// to `/dev/zero`.
fn specials(dir: &Path) -> Vec<(PathBuf, &'static str)> {
    let pipe = dir.join("p1.toml");
    fifo(&pipe);
    let link = dir.join("p2.toml");
    std::os::unix::fs::symlink(&pipe, &link).expect("a link");
    let socket = dir.join("s1.toml");
    let listener = std::os::unix::net::UnixListener::bind(&socket).expect("a socket");
    // The socket file stays after the listener is dropped.
    drop(listener);
    let folder = dir.join("d1.toml");
    std::fs::create_dir(&folder).expect("a folder");
    let zero_link = dir.join("z1.toml");
    std::os::unix::fs::symlink("/dev/zero", &zero_link).expect("a link");
    vec![
        (pipe, "FIFO"),
        (link, "FIFO"),
        (socket, "socket"),
        (folder, "folder"),
        (PathBuf::from("/dev/zero"), "device"),
        (PathBuf::from("/dev/urandom"), "device"),
        (zero_link, "device"),
    ]
}

#[test]
fn files_named_on_the_command_line_that_are_not_regular_are_refused_at_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (path, kind) in specials(dir.path()) {
        let path = path.to_string_lossy().into_owned();
        for args in [
            vec!["--load", path.as_str(), "--plain"],
            vec!["--config", path.as_str(), "--plain"],
            vec!["slide", "--level", path.as_str(), "--plain"],
            vec!["solve", "slide", path.as_str()],
        ] {
            let out = bounded(dir.path(), &args, b"q\n", &[]);
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
            assert!(err.contains(kind), "{args:?} names what it is: {err}");
            assert!(err.contains("not a regular file"), "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
    }
}

#[test]
fn plain_connect_four_refuses_a_fifo_and_asks_again() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pipe = dir.path().join("game.txt");
    fifo(&pipe);
    let typed = format!("l\n{}\nq\n", pipe.display());
    let out = bounded(dir.path(), &["connect4", "--plain"], typed.as_bytes(), &[]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("Cannot load") && said.contains("FIFO"),
        "{said}{}",
        stderr(&out)
    );
}

#[test]
fn special_files_in_the_data_directory_are_not_read() {
    for name in ["records.toml", "stats.toml"] {
        let dir = tempfile::tempdir().expect("tempdir");
        fifo(&dir.path().join(name));
        // `parlor stats` reads the records (and, without them, the best results).
        let out = bounded(dir.path(), &["stats"], b"", &[]);
        if name == "records.toml" {
            assert_eq!(out.status.code(), Some(1), "{name}: {}", stderr(&out));
            assert!(stderr(&out).contains("FIFO"), "{}", stderr(&out));
        } else {
            assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        }
        // A plain game finished (the first player wins: exit code 10): counted, or said not
        // to be, without hanging on the FIFO.
        let out = bounded(
            dir.path(),
            &["connect4", "--plain"],
            b"p\nA\nB\n1\n2\n1\n2\n1\n2\n1\n",
            &[],
        );
        assert_eq!(out.status.code(), Some(10), "{name}: {}", stderr(&out));
        if name == "records.toml" {
            assert!(
                stderr(&out).contains("not recorded") && stderr(&out).contains("FIFO"),
                "{}",
                stderr(&out)
            );
        }
    }
    // The debug log: a FIFO where the log goes is reported and the run goes on.
    let dir = tempfile::tempdir().expect("tempdir");
    fifo(&dir.path().join("parlor.log"));
    let out = bounded(
        dir.path(),
        &["connect4", "--plain"],
        b"q\n",
        &[("PARLOR_LOG", "debug")],
    );
    assert!(
        stderr(&out).contains("cannot write the log"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_special_file_as_the_lock_file_blocks_no_save() {
    // The data directory's lock file is opened for every save and every result counted: a
    // FIFO there once blocked the open forever (no reader ever comes).
    for special in ["fifo", "/dev/zero", "link to a fifo"] {
        let dir = tempfile::tempdir().expect("tempdir");
        let lock = dir.path().join(".parlor.lock");
        match special {
            "fifo" => fifo(&lock),
            "link to a fifo" => {
                fifo(&dir.path().join("elsewhere"));
                std::os::unix::fs::symlink(dir.path().join("elsewhere"), &lock).expect("a link");
            }
            device => std::os::unix::fs::symlink(device, &lock).expect("a link"),
        }
        // The end of input mid-game autosaves (a save under the lock)...
        let out = bounded(dir.path(), &["checkers", "--plain"], b"3,5\n4,4\n", &[]);
        assert_eq!(out.status.code(), Some(4), "{special}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("autosaved to"),
            "{special}: {}",
            stderr(&out)
        );
        // ...and a finished game is counted (the records, under the lock).
        let out = bounded(
            dir.path(),
            &["connect4", "--plain"],
            b"p\nA\nB\n1\n2\n1\n2\n1\n2\n1\n",
            &[],
        );
        assert_eq!(out.status.code(), Some(10), "{special}: {}", stderr(&out));
        assert!(dir.path().join("records.toml").is_file(), "{special}");
    }
}

#[test]
fn the_load_screen_import_refuses_a_fifo_at_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pipe = dir.path().join("game.toml");
    fifo(&pipe);
    let mut h = parlor::testing::Harness::menu(100, 30);
    h.click_text("Load game");
    h.type_text("i");
    h.type_text(&pipe.display().to_string());
    h.press("enter");
    h.assert_shows("FIFO");
}

#[test]
fn endless_input_without_lines_ends_instead_of_spinning() {
    let dir = tempfile::tempdir().expect("tempdir");
    for args in [vec!["solve", "connect4"], vec!["connect4", "--plain"]] {
        let child = support::cli::command_in(dir.path(), &args)
            .stdin(std::fs::File::open("/dev/zero").expect("/dev/zero"))
            .stdout(Stdio::null())
            .spawn()
            .expect("runs");
        let out = finish_within_limit(child, &args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("not lines of text"), "{args:?}: {err}");
    }
}
