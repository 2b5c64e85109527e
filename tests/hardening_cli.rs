//! The binary against hostile files, dying pipes and the end of input: absurd files named on
//! the command line are refused quickly with one line; plain mode survives garbage, overlong
//! lines and the end of input in mid-game (quit code 4 and an autosave).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `parlor` with arguments and stdin bytes in `dir` (also its data and config home).
fn parlor_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(args)
        .env("PARLOR_DATA_DIR", dir)
        .env("HOME", dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    if let Err(err) = child.stdin.take().expect("stdin").write_all(stdin) {
        assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe, "{err}");
    }
    child.wait_with_output().expect("the binary ends")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn sparse_file(path: &Path, len: u64) {
    std::fs::File::create(path)
        .and_then(|f| f.set_len(len))
        .expect("a sparse file");
}

#[test]
fn huge_files_on_the_command_line_are_refused_in_one_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let big = dir.path().join("big.toml");
    sparse_file(&big, 100 << 20);
    let big = big.to_string_lossy().into_owned();
    for args in [
        vec!["slide", "--level", big.as_str(), "--plain"],
        vec!["--config", big.as_str(), "--plain"],
        vec!["--load", big.as_str(), "--plain"],
        vec!["solve", "slide", big.as_str()],
    ] {
        let out = parlor_in(dir.path(), &args, b"q\n");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("too large"), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}
