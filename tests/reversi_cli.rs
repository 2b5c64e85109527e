//! Reversi from the command line of the real binary: the usage error for a wrong number of
//! names, plain mode with the seed's session, exit codes by result, and `parlor perft`.

use crate::support;

use std::process::Output;

use parlor::core::{Outcome, Rules};
use parlor::games::reversi::notation::format_move;
use parlor::games::reversi::rules::{Board, Move};

/// Runs `parlor` with arguments and stdin in a private data directory.
fn parlor(args: &[&str], input: &str) -> Output {
    support::cli::parlor(args, input).0
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn one_name_or_three_is_a_usage_error_with_the_example() {
    for args in [
        &["reversi", "Alice"][..],
        &["Reversi", "Alice", "Bob", "Carol"],
    ] {
        let output = parlor(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("parlor reversi Alice Bob"), "{stderr}");
    }
}

#[test]
fn the_seed_session_in_plain_mode_quits_with_code_4() {
    // The seed's session in the seed's names: its board is labelled `X 0 1 …` and `y`.
    let output = parlor(
        &["Reversi", "Alice", "Bob", "--original"],
        "4,2\n5,2\n5,3\n5,4\nquit\n",
    );
    assert_eq!(output.status.code(), Some(4));
    let out = stdout(&output);
    assert!(
        out.starts_with("7\n6\n5\n4       O X\n3       X O\n"),
        "{out}"
    );
    let counts: Vec<&str> = out
        .lines()
        .filter(|line| line.starts_with("black piece:"))
        .collect();
    assert_eq!(
        counts,
        [
            "black piece: 4; white piece: 1",
            "black piece: 3; white piece: 3",
            "black piece: 5; white piece: 2",
            "black piece: 3; white piece: 5",
        ]
    );
    assert!(
        out.contains("4       O O O\n3       X X O\n2         X O\n"),
        "{out}"
    );
    assert!(out.ends_with("user quit!\n"), "{out}");
}

#[test]
fn without_names_plain_mode_uses_the_colours() {
    let output = parlor(&["--plain", "reversi"], "");
    assert_eq!(output.status.code(), Some(4), "end of input is a quit");
    assert!(stdout(&output).contains("now is Black's turn."));
}

/// A whole game where each side always plays the first (or last) legal move.
fn whole_game(pick_last: bool) -> (String, Outcome) {
    let mut board = Board::new();
    let mut typed = String::new();
    while board.outcome().is_none() {
        let moves = board.legal_moves();
        let mv = if pick_last {
            moves[moves.len() - 1]
        } else {
            moves[0]
        };
        if mv != Move::Pass {
            typed.push_str(&format_move(&mv));
            typed.push('\n');
        }
        board.play(&mv).expect("legal");
    }
    (typed, board.outcome().expect("finished"))
}

#[test]
fn a_finished_game_exits_with_the_result_code() {
    for pick_last in [false, true] {
        let (typed, outcome) = whole_game(pick_last);
        let output = parlor(&["reversi", "Ann", "Ben"], &typed);
        assert_eq!(
            output.status.code(),
            Some(i32::from(outcome.exit_code())),
            "{outcome:?}"
        );
        assert!(
            stdout(&output).contains("game over!"),
            "{}",
            stdout(&output)
        );
    }
}

#[test]
fn perft_counts_from_the_start() {
    let output = parlor(&["perft", "reversi", "6"], "");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output).trim(), "8200");
}

#[test]
fn help_shows_the_blurb_the_names_and_the_example() {
    let output = parlor(&["reversi", "--help"], "");
    assert_eq!(output.status.code(), Some(0));
    let out = stdout(&output);
    assert!(out.starts_with("Place discs to bracket"), "{out}");
    assert!(out.contains("[BLACK] [WHITE]"), "{out}");
    assert!(out.contains("Example: parlor reversi Alice Bob"), "{out}");
}
