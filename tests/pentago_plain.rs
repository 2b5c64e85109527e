//! `parlor pentago` in plain mode through the real binary: stdin is not a terminal, so the
//! seed's line mode runs; the exit code tells how the game ended (GAMES.md "Exit codes").

use crate::support;

/// Runs the binary with the moves (one per line) and returns its exit code and output.
fn run(moves: &[&str]) -> (i32, String) {
    run_with(&["pentago"], moves)
}

/// Runs the binary with `args` and the lines of `moves` on stdin.
fn run_with(args: &[&str], moves: &[&str]) -> (i32, String) {
    let mut input = moves.join("\n");
    input.push('\n');
    let (output, _dir) = support::cli::parlor(args, &input);
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

#[test]
fn the_computer_plays_its_seat_and_says_what_it_played() {
    let (code, out) = run_with(
        &["pentago", "--computer", "second", "--level", "4"],
        &["c31r", "x"],
    );
    assert_eq!(code, 4, "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("Computer (Master) plays "))
        .unwrap_or_else(|| panic!("the computer's move is announced: {out}"));
    let mv = line.trim_start_matches("Computer (Master) plays ");
    assert!(
        parlor::games::pentago::notation::parse_move(mv).is_ok(),
        "{line}"
    );
    // Its move is on the board and the person is asked for move 3.
    assert!(
        out.contains("3. Enter row, column, quadrant, direction for X: "),
        "{out}"
    );
}

#[test]
fn the_computer_against_itself_plays_to_the_end() {
    let (code, out) = run_with(&["pentago", "--computer", "both", "--level", "2"], &[]);
    assert!([10, 11, 12].contains(&code), "{code}: {out}");
    assert!(out.contains("Computer (Casual) plays "), "{out}");
    assert!(!out.contains("Enter row"), "nobody is asked: {out}");
    assert!(out.ends_with("Thanks for playing. Exiting...\n"), "{out}");
}

#[test]
fn solve_pentago_answers_exactly_reports_bad_lines_and_solves_deep_positions_to_the_end() {
    let input = [
        // late.tsv: 10 empties, a tie for x.
        ".o.ooxxo.xox.xo.x..xooooxxxox..o.xox x",
        "not a position",
        // x has five: finished, a win for x.
        "xxxxx.oooo.......................... x",
        // values.tsv: 22 stones, a tie for x (once answered `too deep` after 3 M positions).
        ".o.ooxxo.xox.xo.x..x.ooo..x.x..o.xox x",
        // late.tsv: 9 empties, a win for o.
        ".oxooxxo.xox.xo.x..x.ooooxxox..xoxox o",
    ];
    let (code, out) = run_with(&["solve", "pentago", "--table-mb", "16"], &input);
    assert_eq!(code, 1, "a bad line makes the batch fail: {out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "the bad line is reported on stderr: {out}");
    assert!(lines[0].starts_with("0 "), "{out}");
    assert_eq!(lines[1], "1 end");
    assert!(lines[2].starts_with("0 "), "{out}");
    assert!(lines[3].starts_with("1 "), "{out}");
}
