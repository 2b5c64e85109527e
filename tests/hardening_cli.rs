//! The binary against hostile files, dying pipes and the end of input: absurd files named on
//! the command line are refused quickly with one line; plain mode survives garbage, overlong
//! lines and the end of input in mid-game (quit code 4 and an autosave), and a termination
//! signal mid-game (128 + the signal, and an autosave, as in the arcade).

#![cfg(feature = "tui")]

use crate::support;
use support::cli::{command_in, parlor_in};

use std::path::Path;
use std::process::Output;

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

/// A few legal moves per game, in each game's plain-mode dialogue, and the game left
/// unfinished: the game, the lines typed, the moves they make, and a text the game prints
/// (that many times) once it has played them.
const OPENINGS: [(&str, &str, usize, (&str, usize)); 7] = [
    (
        "connect4",
        "p\nAlice\nBob\n4\n3\n",
        2,
        ("enter your move:", 3),
    ),
    ("reversi", "2,4\n", 1, ("now is White's turn", 1)),
    ("checkers", "3,5\n4,4\n", 1, ("Player 2's turn", 1)),
    ("pentago", "d13r\n", 1, ("2. Enter row", 1)),
    ("nine_almonds", "3,2\n3,4\n", 1, ("this turn is over", 1)),
    ("magic_square", "1@0,0\n", 1, ("Available pieces: 2 3", 1)),
    ("slide", "4,9\nw\n", 1, ("turns: 1,", 1)),
];

fn saves_in(dir: &Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(dir.join("saves"))
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default()
}

#[test]
fn the_end_of_input_mid_game_quits_with_4_and_autosaves() {
    for (game, moves, count, _) in OPENINGS {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = parlor_in(dir.path(), &[game, "--plain"], moves.as_bytes());
        assert_eq!(out.status.code(), Some(4), "{game}: {}", stderr(&out));
        let saves = saves_in(dir.path());
        assert_eq!(saves.len(), 1, "{game}: {saves:?} {}", stderr(&out));
        assert!(
            stderr(&out).contains(&saves[0].display().to_string()),
            "{game}: {}",
            stderr(&out)
        );
        assert_autosave_of(&saves[0], game, count);
    }
}

/// The save at `path` holds an unfinished `game` of `count` moves, marked as an autosave, that
/// the arcade opens as a valid game.
fn assert_autosave_of(path: &Path, game: &str, count: usize) {
    let file = parlor::save::store::read_save(path).expect("a readable save");
    assert_eq!(file.game, game);
    assert!(file.autosave, "{game}: not marked as an autosave");
    let harness = parlor::testing::Harness::menu(80, 24);
    let (summary, screen) = parlor::games::registry::Registry::STANDARD
        .open(&file, harness.app().ctx())
        .expect("a valid save");
    screen.check_invariants().expect("a valid game");
    assert_eq!(summary.moves, count, "{game}");
    assert!(summary.unfinished, "{game}");
}

/// `parlor ARGS` in `dir` given `typed` with its input kept open, once its output shows
/// `shown` `times` times (within a generous limit): the process, its input and its output.
fn started(
    dir: &Path,
    args: &[&str],
    typed: &str,
    (shown, times): (&'static str, usize),
) -> (
    std::process::Child,
    std::process::ChildStdin,
    std::process::ChildStdout,
) {
    use std::io::{Read, Write};
    let mut child = command_in(dir, args).spawn().expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(typed.as_bytes()).expect("typed");
    let mut stdout = child.stdout.take().expect("stdout");
    let (tell, told) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut seen = String::new();
        let mut chunk = [0; 4096];
        while seen.matches(shown).count() < times {
            match stdout.read(&mut chunk) {
                Ok(n @ 1..) => seen.push_str(&String::from_utf8_lossy(&chunk[..n])),
                _ => break,
            }
        }
        let _ = tell.send((stdout, seen));
    });
    let (stdout, seen) = told
        .recv_timeout(std::time::Duration::from_secs(60))
        .unwrap_or_else(|_| panic!("{args:?}: never showed {shown:?}"));
    assert!(
        seen.matches(shown).count() >= times,
        "{args:?}: ended before showing {shown:?}: {seen}"
    );
    (child, input, stdout)
}

/// `parlor ARGS` in `dir` given `typed` with its input kept open, stopped by `signal` once its
/// output shows `shown` `times` times: its exit code and stderr.
fn signalled(
    dir: &Path,
    args: &[&str],
    typed: &str,
    shown: (&'static str, usize),
    signal: &str,
) -> (Option<i32>, String) {
    let (child, input, stdout) = started(dir, args, typed, shown);
    let status = std::process::Command::new("kill")
        .args([format!("-{signal}"), child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success(), "kill -{signal}");
    let out = child.wait_with_output().expect("the binary ends");
    drop((input, stdout));
    (out.status.code(), stderr(&out))
}

#[test]
fn a_closed_stdout_mid_game_autosaves() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (child, mut input, stdout) = started(
        dir.path(),
        &["connect4", "a", "b", "--plain"],
        "4\n",
        ("enter your move:", 2),
    );
    // The reader goes away (`| head`), then the next move is typed: its board cannot be shown.
    drop(stdout);
    std::io::Write::write_all(&mut input, b"3\n").expect("typed");
    drop(input);
    let out = child.wait_with_output().expect("the binary ends");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let saves = saves_in(dir.path());
    assert_eq!(saves.len(), 1, "{saves:?} {}", stderr(&out));
    assert!(
        stderr(&out).contains("output failed mid-game")
            && stderr(&out).contains(&saves[0].display().to_string()),
        "{}",
        stderr(&out)
    );
    assert_autosave_of(&saves[0], "connect4", 2);
}

#[test]
fn a_signal_mid_game_autosaves_as_in_the_arcade() {
    let signals = [("TERM", 143), ("INT", 130), ("HUP", 129)];
    for (i, (game, moves, count, shown)) in OPENINGS.into_iter().enumerate() {
        let (signal, code) = signals[i % signals.len()];
        let dir = tempfile::tempdir().expect("tempdir");
        let (exit, err) = signalled(dir.path(), &[game, "--plain"], moves, shown, signal);
        assert_eq!(exit, Some(code), "{game}, SIG{signal}: {err}");
        let saves = saves_in(dir.path());
        assert_eq!(saves.len(), 1, "{game}, SIG{signal}: {saves:?} {err}");
        assert!(
            err.contains("stopped by signal")
                && err.contains("autosaved to")
                && err.contains(&saves[0].display().to_string()),
            "{game}, SIG{signal}: {err}"
        );
        assert_autosave_of(&saves[0], game, count);
    }
    // No move made: as in the arcade, nothing to save, nothing said, the signal's code.
    let dir = tempfile::tempdir().expect("tempdir");
    let (exit, err) = signalled(
        dir.path(),
        &["connect4", "a", "b", "--plain"],
        "",
        ("enter your move:", 1),
        "TERM",
    );
    assert_eq!(exit, Some(143), "{err}");
    assert!(saves_in(dir.path()).is_empty(), "{err}");
    assert!(err.is_empty(), "{err}");
}

#[test]
fn quitting_or_finishing_leaves_no_autosave() {
    for (game, moves, _, _) in OPENINGS {
        let dir = tempfile::tempdir().expect("tempdir");
        let quit = match game {
            "pentago" => "x",
            "connect4" => "q",
            _ => "quit",
        };
        let typed = format!("{moves}{quit}\n");
        let out = parlor_in(dir.path(), &[game, "--plain"], typed.as_bytes());
        assert_eq!(out.status.code(), Some(4), "{game}: {}", stderr(&out));
        assert!(saves_in(dir.path()).is_empty(), "{game}");
    }
    // No move made: nothing to lose, nothing saved.
    let dir = tempfile::tempdir().expect("tempdir");
    let out = parlor_in(dir.path(), &["connect4", "a", "b", "--plain"], b"");
    assert_eq!(out.status.code(), Some(4));
    assert!(saves_in(dir.path()).is_empty());
}

#[test]
fn garbage_and_overlong_lines_never_crash_plain_mode() {
    let mut garbage: Vec<u8> = (0..=255u8).cycle().take(20_000).collect();
    garbage.extend(std::iter::repeat_n(b'7', 3_000_000));
    garbage.extend_from_slice(b"\n\x1b]0;pwned\x07\n\xff\xfe\n");
    for (game, _, _, _) in OPENINGS {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = parlor_in(dir.path(), &[game, "--plain"], &garbage);
        let code = out.status.code();
        assert!(
            code.is_some_and(|c| c != 101 && c != 1),
            "{game}: {code:?} {}",
            stderr(&out)
        );
        assert!(!stderr(&out).contains("panicked"), "{game}");
        assert!(
            !out.stdout.contains(&0x1b) && !out.stdout.contains(&0x07),
            "{game}: an escape sequence was echoed"
        );
    }
}

#[test]
fn solvers_do_not_echo_escape_sequences() {
    let dir = tempfile::tempdir().expect("tempdir");
    for game in ["connect4", "reversi", "pentago"] {
        let out = parlor_in(
            dir.path(),
            &["solve", game],
            b"\x1b]0;pwned\x07\x1b[2J44\n\xff\xfe\n",
        );
        assert!(
            !out.stdout.contains(&0x1b) && !out.stderr.contains(&0x1b),
            "{game}: {:?}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}
