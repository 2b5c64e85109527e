//! No raw control bytes on any stream, and no panic reaches the user (issue #36, classes 4
//! and 5, and the small ones of the command line), through the real binary:
//!
//! - file names, player names, level names, save titles, arguments and config lines echoed on
//!   stderr, stdout or the screen carry no escape sequence, no bidirectional override or isolate, no line or
//!   paragraph separator, no other invisible format character;
//! - a config error quotes at most a short excerpt of its line;
//! - an argument that is not UTF-8 is a usage error (exit 2);
//! - a closed stdout (`parlor perft … | head`) ends quietly;
//! - `--table-mb` beyond the machine's memory is refused up front with exit 2;
//! - a line of only control characters is a bad line for `parlor solve`;
//! - plain `--load` of a broken Parlor save names it as a save.

use crate::support;
use support::cli::parlor_in;

use std::process::{Command, Output, Stdio};

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The characters that must never reach a stream: ESC, BEL, the C1 CSI, the right-to-left
/// override and an isolate, the line and paragraph separators, a zero-width space, a BOM.
const HOSTILE: [char; 9] = [
    '\u{1b}', '\u{7}', '\u{9b}', '\u{202E}', '\u{2067}', '\u{2028}', '\u{2029}', '\u{200B}',
    '\u{FEFF}',
];

/// What a hostile name looks like: every [`HOSTILE`] character between letters.
fn hostile_name() -> String {
    let mut name = String::from("Ev");
    for c in HOSTILE {
        name.push(c);
        name.push('i');
    }
    name.push('l');
    name
}

/// `name` as a TOML string's contents, every character but letters and digits escaped (so the
/// file itself holds no raw control byte; the parser turns them back).
fn toml_escaped(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_string()
            } else {
                format!("\\u{:04X}", u32::from(c))
            }
        })
        .collect()
}

fn assert_clean(what: &str, bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    for c in HOSTILE {
        assert!(!text.contains(c), "{what}: {c:?} got through:\n{text:?}");
    }
}

#[test]
fn file_names_in_error_messages_are_cleaned() {
    let dir = tempfile::tempdir().expect("tempdir");
    let name = format!("{}.toml", hostile_name());
    let path = dir.path().join(&name);
    std::fs::write(&path, "format = 1\ngame = \"connect4\"\n[state\n").expect("write");
    let path = path.to_string_lossy().into_owned();
    let missing = dir.path().join(format!("missing-{name}"));
    let missing = missing.to_string_lossy().into_owned();
    for args in [
        vec!["--load", path.as_str(), "--plain"],
        vec!["--config", path.as_str(), "--plain"],
        vec!["--load", missing.as_str(), "--plain"],
        vec!["--config", missing.as_str(), "--plain"],
        vec!["slide", "--level", path.as_str(), "--plain"],
        vec!["solve", "slide", path.as_str()],
        // Clap quotes an unknown argument.
        vec!["connect4", "--plain", "--nonsense", name.as_str()],
        vec![name.as_str()],
    ] {
        let out = parlor_in(dir.path(), &args, b"q\n");
        assert!(!stderr(&out).is_empty(), "{args:?} said nothing");
        assert_clean(&format!("{args:?} stderr"), &out.stderr);
        assert_clean(&format!("{args:?} stdout"), &out.stdout);
    }
}

#[test]
fn names_typed_or_read_in_plain_mode_are_cleaned() {
    let dir = tempfile::tempdir().expect("tempdir");
    let name = hostile_name();
    // Connect Four's names, typed.
    let typed = format!("p\n{name}\n{name}\n4\nq\n");
    let out = parlor_in(dir.path(), &["connect4", "--plain"], typed.as_bytes());
    assert_clean("connect4 names", &out.stdout);
    assert!(String::from_utf8_lossy(&out.stdout).contains("Eviiiiiiiiil"));
    // A Slide level file's name, read.
    let level = dir.path().join("level.toml");
    let shipped = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/slide/levels/01-first-steps.toml"
    ))
    .expect("a shipped level");
    let escaped = toml_escaped(&name);
    let text: String = shipped
        .lines()
        .map(|line| {
            if line.starts_with("name") {
                format!("name = \"{escaped}\"\n")
            } else {
                format!("{line}\n")
            }
        })
        .collect();
    assert!(text.contains(&escaped), "the level has a name line");
    std::fs::write(&level, text).expect("write");
    let level = level.to_string_lossy().into_owned();
    let out = parlor_in(dir.path(), &["slide", "--level", &level, "--plain"], b"q\n");
    assert_clean("slide level name", &out.stdout);
    assert_clean("slide level name", &out.stderr);
}

#[test]
fn a_config_error_quotes_a_short_excerpt_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = dir.path().join("config.toml");
    let long = format!(
        "theme = \"{}{}\u{202E}{}\n",
        "x".repeat(100_000),
        '\u{1b}',
        "y".repeat(100_000)
    );
    std::fs::write(&config, long).expect("write");
    let config = config.to_string_lossy().into_owned();
    let out = parlor_in(dir.path(), &["--config", &config, "--plain"], b"");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("line 1, column"), "{err}");
    assert!(
        err.len() < 400,
        "the message quotes too much: {} bytes",
        err.len()
    );
    assert_clean("config error", &out.stderr);
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_a_usage_error() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = std::ffi::OsStr::from_bytes(b"conn\xffect4");
    for args in [vec![bad], vec![std::ffi::OsStr::new("--load"), bad]] {
        let out = Command::new(env!("CARGO_BIN_EXE_parlor"))
            .args(&args)
            .env("PARLOR_DATA_DIR", dir.path())
            .stdin(Stdio::null())
            .output()
            .expect("runs");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("not valid UTF-8"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// Runs `parlor ARGS` with its stdout a pipe closed before it writes: it must end quietly.
fn with_closed_stdout(args: &[&str], stdin: &[u8]) -> Output {
    use std::io::Write;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut child = support::cli::command_in(dir.path(), args)
        .spawn()
        .expect("runs");
    // The reading end goes away first: every write the program makes finds it closed.
    drop(child.stdout.take());
    if let Some(mut input) = child.stdin.take() {
        let _ = input.write_all(stdin);
    }
    child.wait_with_output().expect("ends")
}

#[test]
fn a_closed_stdout_ends_quietly() {
    for (args, stdin) in [
        (vec!["perft", "connect4", "5"], &b""[..]),
        (vec!["completions", "bash"], b""),
        (vec!["stats"], b""),
        (vec!["--help"], b""),
        (vec!["--version"], b""),
        (vec!["help", "connect4"], b""),
        (vec!["man"], b""),
        (vec!["move", "connect4"], b"4455\n"),
        (vec!["solve", "connect4"], b"4455\n44\n"),
        (vec!["connect4", "--plain"], b"p\nA\nB\n4\n"),
    ] {
        let out = with_closed_stdout(&args, stdin);
        let err = stderr(&out);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(
            out.status.code().is_some_and(|code| code != 101),
            "{args:?}: {:?} {err}",
            out.status
        );
    }
}

/// The machine's memory in MB (Linux), to know whether the largest table is too large here.
fn memory_mb() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kb: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb / 1024)
}

#[test]
fn a_table_larger_than_the_machine_is_refused_up_front() {
    // The largest size the option takes: 64 GB.
    if memory_mb().is_none_or(|mb| mb >= 65_536) {
        eprintln!("SKIPPED: this machine has 64 GB or more (or no /proc/meminfo)");
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let out = parlor_in(
        dir.path(),
        &["solve", "pentago", "--table-mb", "65536"],
        b"",
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--table-mb 65536"), "{err}");
    assert!(out.stdout.is_empty(), "nothing was answered");
}

#[test]
fn a_line_of_control_characters_only_is_a_bad_line_for_solve() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = parlor_in(
        dir.path(),
        &["solve", "connect4"],
        // A late position (Pons's end-game set): solved at once even in a debug build.
        b"\x1b\x07\x01\x7f\n2252576253462244111563365343671351441\n",
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("line 1"), "{err}");
    assert!(err.contains("control characters"), "{err}");
    // The good line after it is still answered, and only it.
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        said.starts_with("2252576253462244111563365343671351441 "),
        "{said}"
    );
}

#[test]
fn plain_load_of_a_broken_save_names_it_as_a_save() {
    let dir = tempfile::tempdir().expect("tempdir");
    let broken = dir.path().join("game.toml");
    std::fs::write(
        &broken,
        "format = 1\ngame = \"connect4\"\nsaved_at = \"2026-11-22T10:00:00Z\"\n[state\n",
    )
    .expect("write");
    let path = broken.to_string_lossy().into_owned();
    let out = parlor_in(dir.path(), &["--load", &path, "--plain"], b"q\n");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("a Parlor save that cannot be read"), "{err}");
    assert!(!err.contains("not a Connect Four game file"), "{err}");
}

/// The format characters a person can type or paste (no key of their own, unlike ESC).
const TYPED_HOSTILE: [char; 6] = [
    '\u{202E}', '\u{2067}', '\u{2028}', '\u{2029}', '\u{200B}', '\u{FEFF}',
];

#[test]
fn names_and_titles_on_screen_are_cleaned() {
    use parlor::testing::Harness;
    let mut typed = String::from("Ev");
    for c in TYPED_HOSTILE {
        typed.push(c);
        typed.push('i');
    }
    let mut h = Harness::menu(100, 30);
    // The new-game form, as `Harness::start_two_player` fills it.
    h.click_text("Connect Four");
    h.press("tab");
    h.type_text(&typed);
    h.press_all(&["tab", "tab"]);
    h.type_text("Bob");
    h.press_all(&["tab", "enter"]);
    h.assert_shows("Eviiiiii (x) to move");
    assert_clean("typed names on screen", h.draw().as_bytes());
    h.press("4");
    h.press("s");
    h.assert_shows("Saved to");
    // Another program writes a title with every hostile character (TOML escapes them).
    let saves = h.saves();
    let path = h.data_dir().join("saves").join(&saves[0]);
    let escaped = toml_escaped(&hostile_name());
    let text = std::fs::read_to_string(&path).expect("a save");
    let title_line = text
        .lines()
        .find(|line| line.starts_with("title = "))
        .expect("a title line")
        .to_string();
    std::fs::write(
        &path,
        text.replace(&title_line, &format!("title = \"{escaped}\"")),
    )
    .expect("write");
    h.press("q");
    h.press("esc");
    h.click_text("Load game");
    h.assert_shows("Eviiiiiiiiil");
    assert_clean("the load screen", h.draw().as_bytes());
    h.press("enter");
    h.assert_shows("Moves played: 1");
    assert_clean("the loaded game", h.draw().as_bytes());
}
