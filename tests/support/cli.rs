//! Running the real `parlor` binary from a test: one helper instead of a spawn in every test
//! file. Everything the program could read or write of the machine's own (data, home, config,
//! the log switch) points into the test's directory.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `parlor ARGS` with `stdin`, its data, home, config and working directory in `dir`.
pub fn parlor_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    parlor_with_env(dir, args, stdin, &[])
}

/// The command `parlor ARGS` with its data, home, config and working directory in `dir` and
/// its three streams piped, not started yet (for tests that spawn it themselves).
pub fn command_in(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_parlor"));
    command
        .args(args)
        .env("PARLOR_DATA_DIR", dir)
        .env("HOME", dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env_remove("PARLOR_LOG")
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// [`parlor_in`] with extra environment variables (`PARLOR_LOG`…).
pub fn parlor_with_env(dir: &Path, args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Output {
    let mut command = command_in(dir, args);
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command.spawn().expect("the binary runs");
    // A run that ends early (a usage error, a quit) does not read all its input: that pipe is
    // then closed, which is not the test's failure.
    if let Some(mut input) = child.stdin.take()
        && let Err(err) = input.write_all(stdin)
    {
        assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe, "{err}");
    }
    child.wait_with_output().expect("the binary ends")
}

/// Runs `parlor ARGS` with `stdin` in a fresh directory of its own, which is returned so the
/// test can look at what was written.
pub fn parlor(args: &[&str], stdin: &str) -> (Output, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tempdir");
    let output = parlor_in(dir.path(), args, stdin.as_bytes());
    (output, dir)
}
