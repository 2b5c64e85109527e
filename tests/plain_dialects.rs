//! Plain mode through the real binary speaks one dialect at a time and leaves alike: the
//! board's labels, the prompt and the computer's announced move name squares the same way
//! (standard by default, the seeds' with `--original`); `q` and `quit` leave every game with
//! exit code 4 and no autosave; a line that is not a move is quoted back in double quotes.

use std::process::Output;

use crate::support;

fn run(args: &[&str], input: &str) -> (Output, String, String) {
    let (output, _dir) = support::cli::parlor(args, input);
    let out = String::from_utf8_lossy(&output.stdout).into_owned();
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    (output, out, err)
}

#[test]
fn reversi_plain_names_squares_the_standard_way_everywhere_by_default() {
    let (output, out, _) = run(&["reversi", "--plain", "--level", "1"], "d3\nq\n");
    assert_eq!(output.status.code(), Some(4), "{out}");
    assert!(out.contains("\n  a b c d e f g h\n"), "{out}");
    assert!(
        out.starts_with("1\n2\n3\n4       O X\n5       X O\n"),
        "{out}"
    );
    assert!(!out.contains("X 0 1 2"), "{out}");
    assert!(!out.contains("(x,y)"), "{out}");
    assert!(
        out.contains("enter the square (a1 to h8) you want"),
        "{out}"
    );
    assert!(out.contains("Computer (Beginner) plays e3."), "{out}");
}

#[test]
fn reversi_plain_with_original_names_squares_the_seeds_way_everywhere() {
    let (output, out, _) = run(
        &["reversi", "--plain", "--level", "1", "--original"],
        "3,5\nq\n",
    );
    assert_eq!(output.status.code(), Some(4), "{out}");
    assert!(out.contains("\nX 0 1 2 3 4 5 6 7\n"), "{out}");
    assert!(out.contains("enter the coordinate (x,y) you want"), "{out}");
    assert!(out.contains("Computer (Beginner) plays 4,5."), "{out}");
    assert!(!out.contains("a b c d"), "{out}");
}

#[test]
fn checkers_plain_labels_rows_as_its_moves_are_named() {
    let (_, out, _) = run(&["checkers", "--plain", "--level", "1"], "11\n15\nq\n");
    assert!(out.contains("\n 1   X   X   X   X\n"), "{out}");
    assert!(out.contains("\n29 O   O   O   O\n"), "{out}");
    assert!(!out.contains("X 0 1 2"), "{out}");
    assert!(out.contains("Computer (Beginner) plays 2"), "{out}");
    let (_, out, _) = run(
        &["checkers", "--plain", "--level", "1", "--original"],
        "1,5\n2,4\nq\n",
    );
    assert!(out.contains("\nX 0 1 2 3 4 5 6 7\n"), "{out}");
    assert!(out.contains("Computer (Beginner) plays "), "{out}");
    let announced = out
        .lines()
        .find_map(|line| line.strip_prefix("Computer (Beginner) plays "))
        .expect("the computer moved");
    assert!(announced.contains(','), "{announced}");
}

/// Every game's plain mode, started at its first prompt (Connect Four also at its
/// "load or play" question).
const GAMES: [&[&str]; 8] = [
    &["nine_almonds"],
    &["magic_square"],
    &["reversi"],
    &["checkers"],
    &["pentago"],
    &["connect4"],
    &["connect4", "Ann", "Ben"],
    &["slide"],
];

#[test]
fn q_and_quit_leave_every_game_alike() {
    for game in GAMES {
        for word in ["q", "Q", "quit", "QUIT"] {
            let mut args = game.to_vec();
            args.push("--plain");
            let (output, out, err) = run(&args, &format!("{word}\n"));
            assert_eq!(output.status.code(), Some(4), "{game:?} {word}: {out}");
            assert!(!err.contains("autosave"), "{game:?} {word}: {err}");
            assert!(!out.contains("is not"), "{game:?} {word}: {out}");
            assert!(!out.contains("neither"), "{game:?} {word}: {out}");
        }
    }
}

#[test]
fn a_line_that_is_not_a_move_is_quoted_in_double_quotes() {
    // Pentago and Connect Four answer with their seeds' own words, which quote nothing.
    for game in [
        "nine_almonds",
        "magic_square",
        "reversi",
        "checkers",
        "slide",
    ] {
        let (_, out, _) = run(&[game, "--plain"], "zz9\nq\n");
        assert!(out.contains("\"zz9\" is not a"), "{game}: {out}");
        assert!(!out.contains("`zz9`"), "{game}: {out}");
    }
}
