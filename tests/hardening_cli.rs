//! The binary against hostile files, dying pipes and the end of input: absurd files named on
//! the command line are refused quickly with one line; plain mode survives garbage, overlong
//! lines and the end of input in mid-game (quit code 4 and an autosave).

#![cfg(feature = "tui")]

mod support;
use support::cli::parlor_in;

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

/// A few legal moves per game, in each game's plain-mode dialogue, and the game left unfinished.
const OPENINGS: [(&str, &str, usize); 7] = [
    ("connect4", "p\nAlice\nBob\n4\n3\n", 2),
    ("reversi", "2,4\n", 1),
    ("checkers", "3,5\n4,4\n", 1),
    ("pentago", "d13r\n", 1),
    ("nine_almonds", "3,2\n3,4\n", 1),
    ("magic_square", "1@0,0\n", 1),
    ("slide", "4,9\nw\n", 1),
];

fn saves_in(dir: &Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(dir.join("saves"))
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default()
}

#[test]
fn the_end_of_input_mid_game_quits_with_4_and_autosaves() {
    for (game, moves, count) in OPENINGS {
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
        let file = parlor::save::store::read_save(&saves[0]).expect("a readable save");
        assert_eq!(file.game, game);
        let harness = parlor::testing::Harness::menu(80, 24);
        let (summary, screen) = parlor::games::registry::Registry::STANDARD
            .open(&file, harness.app().ctx())
            .expect("a valid save");
        screen.check_invariants().expect("a valid game");
        assert_eq!(summary.moves, count, "{game}");
        assert!(summary.unfinished, "{game}");
    }
}

#[test]
fn quitting_or_finishing_leaves_no_autosave() {
    for (game, moves, _) in OPENINGS {
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
    for (game, _, _) in OPENINGS {
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
