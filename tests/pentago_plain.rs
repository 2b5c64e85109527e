//! `parlor pentago` in plain mode through the real binary: stdin is not a terminal, so the
//! seed's line mode runs; the exit code tells how the game ended (GAMES.md "Exit codes").

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the binary with the moves (one per line) and returns its exit code and output.
fn run(moves: &[&str]) -> (i32, String) {
    let data = tempfile::tempdir().expect("temporary data dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .arg("pentago")
        .env("PARLOR_DATA_DIR", data.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = moves.join("\n");
    input.push('\n');
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("input written");
    let output = child.wait_with_output().expect("the binary ends");
    (
        output.status.code().expect("exited normally"),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

#[test]
fn x_exits_with_code_4() {
    let (code, out) = run(&["i", "X"]);
    assert_eq!(code, 4, "{out}");
    assert!(out.contains("Play the two-player game of Pentago."));
    assert!(out.ends_with("Exiting program...\n"), "{out}");
}

#[test]
fn x_wins_on_placement_with_code_10() {
    let (code, out) = run(&[
        "a14r", "f14r", "a24r", "f24r", "a34r", "f34r", "d14r", "e14r", "a44l", "e24r", "a52r",
    ]);
    assert_eq!(code, 10, "{out}");
    assert!(out.contains("*** X has won the game!"), "{out}");
    // The typed rotation of quadrant 2 was not made: A4 and A5 are still in row A.
    assert!(out.contains("A | X   X   X | X   X   . | A"), "{out}");
}

#[test]
fn the_seeds_win_for_o_exits_with_code_11() {
    let (code, out) = run(&[
        "c31r", "A53R", "c21r", "b 6 4 l", "c 53l", "d63 r", "c41r", "e14l", "c62r", "f23l",
    ]);
    assert_eq!(code, 11, "{out}");
    assert!(out.contains("*** O has won the game!"));
    assert!(out.ends_with("Thanks for playing. Exiting...\n"), "{out}");
}

#[test]
fn the_seeds_double_five_exits_with_code_12() {
    let (code, out) = run(&[
        "b23r", "a53l", "b13l", "b63l", "b33l", "d63l", "e24l", "e12r", "e31r", "f23l",
    ]);
    assert_eq!(code, 12, "{out}");
    assert!(
        out.contains("*** Both X and O have won. Game is a tie."),
        "{out}"
    );
}

#[test]
fn end_of_input_counts_as_quitting() {
    let (code, _) = run(&["c31r"]);
    assert_eq!(code, 4);
}
