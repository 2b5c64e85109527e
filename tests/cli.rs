//! The binary: command line, usage errors, plain mode with scripted stdin, exit codes.

use std::process::Output;

use crate::support;
use support::cli::parlor;

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn help_and_version_exit_zero() {
    let (out, _) = parlor(&["--help"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("connect4"), "{}", stdout(&out));
    let (out, _) = parlor(&["--version"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains(env!("CARGO_PKG_VERSION")));
}

#[test]
fn usage_errors_exit_two_with_an_example() {
    for args in [
        &["nosuchgame"][..],
        &["connect4", "a", "b", "c"],
        &["connect4", "--computer", "sideways"],
        &["connect4", "--level", "9"],
        &["connect4", "--level", "grandmaster"],
        &["slide", "--level", "99"],
        &["reversi", "Alice"],
        &["checkers", "Alice", "--plain"],
        &["pentago", "Ann"],
        &["connect4", "Ann"],
        &["slide", "--level", "0", "--plain"],
        &["--bogus"],
    ] {
        let (out, _) = parlor(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("example: parlor"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn a_missing_config_file_is_an_error_with_a_message() {
    let (out, _) = parlor(
        &[
            "--config",
            "/nonexistent/parlor.toml",
            "connect4",
            "--plain",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("config"), "{}", stderr(&out));
}

#[test]
fn plain_connect4_win_draw_and_quit_exit_codes() {
    // x wins with four in the bottom row: exit 10.
    let (out, _) = parlor(
        &["connect4", "Batman", "Bane", "--plain"],
        "1\n1\n2\n2\n3\n3\n4\n",
    );
    assert_eq!(out.status.code(), Some(10), "{}", stdout(&out));
    assert!(stdout(&out).contains("Congratulations Batman! You won!"));
    // o wins: exit 11.
    let (out, _) = parlor(
        &["connect4", "Batman", "Bane", "--plain"],
        "1\n2\n1\n2\n1\n2\n7\n2\n",
    );
    assert_eq!(out.status.code(), Some(11));
    assert!(stdout(&out).contains("Congratulations Bane! You won!"));
    // A full board with no four: exit 12.
    let draw: String = [
        0u8, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 2, 3, 2, 3, 2, 3, 3, 2, 3, 2, 3, 2, 4, 5, 4, 5, 4, 5,
        5, 4, 5, 4, 5, 4, 6, 6, 6, 6, 6, 6,
    ]
    .iter()
    .fold(String::new(), |mut acc, c| {
        acc.push(char::from(b'1' + c));
        acc.push('\n');
        acc
    });
    let (out, _) = parlor(&["connect4", "A", "B", "--plain"], &draw);
    assert_eq!(out.status.code(), Some(12), "{}", stdout(&out));
    assert!(stdout(&out).contains("Draw!"));
    // q quits: exit 4; so does the end of input.
    let (out, _) = parlor(&["connect4", "A", "B", "--plain"], "4\nq\n");
    assert_eq!(out.status.code(), Some(4));
    assert!(stdout(&out).ends_with("Thanks for playing!\n"));
    let (out, _) = parlor(&["connect4", "A", "B"], "4\n");
    assert_eq!(
        out.status.code(),
        Some(4),
        "plain mode is chosen when stdin is not a terminal"
    );
}

#[test]
fn plain_mode_follows_the_seeds_session() {
    // The seed's opening: play, two names, a move by Batman, then Bane's prompt.
    let (out, dir) = parlor(
        &["CONNECT4", "--plain"],
        "p\nBatman\nBane\n3\ns\ngame1.txt\nq\n",
    );
    let text = stdout(&out);
    let expected_start = "Enter L to load a game, or P to play:\nPlayer 1, enter your name:\nPlayer 2, enter your name:\n";
    assert!(text.starts_with(expected_start), "{text}");
    assert!(text.contains("  |   |   | x |   |   |   |   |\n  +---+---+---+---+---+---+---+\ncol 1   2   3   4   5   6   7\n\nEnter: the column to move, q to quit, s to save\nBane enter your move:\n"), "{text}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("game1.txt")).expect("saved"),
        "Batman\nBane\n2x4/7/7/7/7/7 o\n"
    );
    assert_eq!(out.status.code(), Some(4));
}

#[test]
fn load_a_seed_game_file_in_plain_mode_and_refuse_broken_ones() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("game1.txt");
    std::fs::write(&file, "Batman\nBane\n2x1o2/7/7/7/7/7 x\n").expect("write");
    let path = file.to_string_lossy().into_owned();
    let (out, _) = parlor(&["--load", &path, "--plain"], "q\n");
    assert!(
        stdout(&out).contains("  |   |   | x |   | o |   |   |"),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).contains("Batman enter your move:"));
    // A broken game file: the reason, not a word about saves.
    std::fs::write(&file, "Batman\nBane\n7/x6/7/7/7/7 o\n").expect("write");
    let (out, _) = parlor(&["--load", &path, "--plain"], "q\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("not a Connect Four game file: line 3"),
        "{}",
        stderr(&out)
    );
    assert!(!stderr(&out).contains("saves"), "{}", stderr(&out));
    // Another game's record (a Reversi transcript, asked for as Reversi): named as what it
    // is, with where it does open, not as a broken Connect Four file.
    let transcript = dir.path().join("game.txt");
    std::fs::write(&transcript, "f5d6c3d3c4\n").expect("write");
    let record = transcript.to_string_lossy().into_owned();
    for args in [
        vec!["reversi", "--load", &record, "--plain"],
        vec!["--load", &record, "--plain"],
    ] {
        let (out, _) = parlor(&args, "q\n");
        assert_eq!(out.status.code(), Some(1));
        let err = stderr(&out);
        assert!(err.contains("a Reversi game record"), "{err}");
        assert!(err.contains("parlor import FILE"), "{err}");
        assert!(!err.contains("not a Connect Four game file"), "{err}");
    }
    // A good Parlor save: plain mode says where to open it instead.
    let save = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/games/reversi/testdata/save.toml"
    );
    let (out, _) = parlor(&["--load", save, "--plain"], "q\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("open saves in the full-screen arcade"),
        "{}",
        stderr(&out)
    );
    let (out, _) = parlor(&["--load", "/nonexistent/file.toml", "--plain"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(!stderr(&out).is_empty());
}

#[test]
fn the_plain_menu_lists_games_and_starts_one() {
    let (out, _) = parlor(&[], "1\nA\nB\nq\n");
    let text = stdout(&out);
    assert!(text.starts_with("Parlor — choose a game:"), "{text}");
    assert!(text.contains("Connect Four"));
    let (out, _) = parlor(&[], "q\n");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn binary_garbage_and_long_lines_in_plain_mode_are_refused_moves() {
    let mut input = vec![0xffu8, 0xfe, 0x1b, b'[', b'2', b'J', b'\n'];
    input.extend(std::iter::repeat_n(b'9', 100_000));
    input.extend_from_slice(b"\n4\nq\n");
    let (out, _) = parlor(
        &["connect4", "A", "B", "--plain"],
        &String::from_utf8_lossy(&input),
    );
    assert_eq!(
        stdout(&out).matches("ILLEGAL MOVE: Try again").count(),
        2,
        "{}",
        &stdout(&out)[..400.min(stdout(&out).len())]
    );
    assert_eq!(out.status.code(), Some(4));
}

#[test]
fn perft_and_solve_commands_give_the_published_numbers() {
    for (game, depth, count) in [
        ("checkers", "6", "36768"),
        ("checkers", "10", "18391564"),
        ("connect4", "5", "16807"),
        ("reversi", "6", "8200"),
    ] {
        let (out, _) = parlor(&["perft", game, depth], "");
        assert_eq!(out.status.code(), Some(0), "{game}");
        assert_eq!(stdout(&out).trim(), count, "perft {game} {depth}");
    }
    let (out, _) = parlor(&["solve", "connect4"], "4455\n12x\n");
    assert_eq!(stdout(&out), "4455 18\n");
    assert!(
        stderr(&out).contains("line 2: \"12x\""),
        "an illegal line is reported: {}",
        stderr(&out)
    );
    assert_eq!(out.status.code(), Some(1));
    let (out, _) = parlor(&["perft", "nosuchgame", "3"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn plain_mode_plays_the_computers_seats() {
    // Beginner against Beginner: a whole Connect Four game with no input, ending in a result.
    let (out, _) = parlor(
        &["connect4", "--plain", "--computer", "both", "--level", "1"],
        "",
    );
    let text = stdout(&out);
    assert!(
        matches!(out.status.code(), Some(10..=12)),
        "{:?} {text}",
        out.status
    );
    assert!(text.contains("Computer (Beginner) plays"), "{text}");
    assert!(
        !text.contains("enter your move"),
        "no person was asked: {text}"
    );

    // A person who only ever fills column 1 against Strong: the computer wins as the second
    // player, and every one of its moves is announced before the board.
    let (out, _) = parlor(
        &[
            "connect4",
            "Alice",
            "--plain",
            "--computer",
            "second",
            "--level",
            "3",
        ],
        &"1\n".repeat(21),
    );
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(11), "{text}");
    assert!(text.contains("Alice enter your move:"), "{text}");
    assert!(text.contains("Computer (Strong) plays"), "{text}");
    assert!(
        text.contains("Congratulations Computer (Strong)! You won!"),
        "{text}"
    );

    // Reversi: the computer moves first as black, the person quits at the first prompt.
    let (out, _) = parlor(
        &["reversi", "--plain", "--computer", "first", "--level", "2"],
        "quit\n",
    );
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(4), "{text}");
    assert!(text.contains("Computer (Casual) plays"), "{text}");
    assert!(text.contains("now is White's turn."), "{text}");
    assert!(text.contains("black piece: 4; white piece: 1"), "{text}");

    // A level by its name, as the menus show it: the same game as --level 2.
    let (out, _) = parlor(
        &[
            "reversi",
            "--plain",
            "--computer",
            "first",
            "--level",
            "casual",
        ],
        "quit\n",
    );
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(4), "{text}");
    assert!(text.contains("Computer (Casual) plays"), "{text}");

    // Reversi demo game: to the end with no input.
    let (out, _) = parlor(
        &["reversi", "--plain", "--computer", "both", "--level", "1"],
        "",
    );
    let text = stdout(&out);
    assert!(
        matches!(out.status.code(), Some(10..=12)),
        "{:?} {text}",
        out.status
    );
    assert!(text.contains("game over!"), "{text}");
}

#[test]
fn plain_checkers_against_the_computer_prints_its_moves() {
    // A person plays black by typing; the computer (Beginner) answers as white.
    let (out, _) = parlor(
        &[
            "checkers",
            "--plain",
            "--computer",
            "second",
            "--level",
            "1",
        ],
        "5,5\n4,4\nquit\n",
    );
    let text = stdout(&out);
    assert!(text.contains("now is Player 1's turn. (black)"), "{text}");
    let line = text
        .lines()
        .find(|l| l.starts_with("Computer (Beginner) plays "))
        .expect("the computer's move is announced");
    // Standard numbers by default (`22-18`), the seed's x,y with --original.
    assert!(
        line.ends_with(|c: char| c.is_ascii_digit()) && !line.contains(','),
        "{line}"
    );
    // The computer playing both seats finishes a game on its own: exit 10 (black wins),
    // 11 (white wins) or 12 (draw).
    let (out, _) = parlor(
        &["checkers", "--plain", "--computer", "both", "--level", "1"],
        "",
    );
    let code = out.status.code();
    assert!(matches!(code, Some(10..=12)), "{code:?}: {}", stdout(&out));
    assert!(stdout(&out).contains("Computer (Beginner) plays"));
}

#[test]
fn one_name_with_the_computer_is_the_persons() {
    // With --computer taking a seat, one name is clear: it goes to the person's seat. Pentago's
    // seed prompts name the marbles, not the players, so only its exit code is checked.
    for (game, seat, named) in [
        ("reversi", "second", true),
        ("checkers", "first", true),
        ("pentago", "second", false),
        ("connect4", "second", true),
    ] {
        let args = [game, "Ann", "--computer", seat, "--level", "1", "--plain"];
        let (out, _) = parlor(&args, "");
        assert_eq!(out.status.code(), Some(4), "{args:?}: {}", stderr(&out));
        assert!(
            !named || stdout(&out).contains("Ann"),
            "{args:?}: {}",
            stdout(&out)
        );
    }
}

#[test]
fn a_wrong_answer_to_load_or_play_asks_again_with_or_without_the_computer() {
    let (out, _) = parlor(&["connect4", "--plain"], "9\np\nAnn\nBob\nq\n");
    let text = stdout(&out);
    assert!(text.contains("Please enter L or P"), "{text}");
    assert!(text.contains("Ann enter your move:"), "{text}");
    assert_eq!(
        out.status.code(),
        Some(4),
        "quit, not a file named 4: {text}"
    );
    // With the computer: the same first question; only the person's name is asked.
    let (out, _) = parlor(
        &[
            "connect4",
            "--plain",
            "--computer",
            "second",
            "--level",
            "1",
        ],
        "9\np\nAnn\nq\n",
    );
    let text = stdout(&out);
    assert!(
        text.starts_with("Enter L to load a game, or P to play:\nPlease enter L or P"),
        "{text}"
    );
    assert!(text.contains("Ann enter your move:"), "{text}");
    assert!(!text.contains("Player 2, enter your name"), "{text}");
}

#[test]
fn a_level_without_computer_brings_the_computer_in_second() {
    for (args, input) in [
        (&["reversi", "--plain", "--level", "1"][..], "4,2\nquit\n"),
        (
            &["connect4", "--plain", "--level", "beginner"][..],
            "p\nAnn\n4\nq\n",
        ),
        (
            &["checkers", "--plain", "--level", "1"][..],
            "9\n14\nquit\n",
        ),
    ] {
        let (out, _) = parlor(args, input);
        let text = stdout(&out);
        assert!(text.contains("Computer (Beginner)"), "{args:?}: {text}");
        assert_eq!(out.status.code(), Some(4), "{args:?}: {}", stderr(&out));
    }
    // Without --level nobody is brought in.
    let (out, _) = parlor(&["reversi", "--plain"], "4,2\nquit\n");
    assert!(!stdout(&out).contains("Computer"), "{}", stdout(&out));
}

#[test]
fn piped_columns_play_connect_four() {
    let (out, _) = parlor(&["connect4", "--plain"], "4\n4\n");
    let text = stdout(&out);
    assert!(
        text.contains("4 is a column, not L or P: a new game between Player 1 and Player 2"),
        "{text}"
    );
    assert!(!text.contains("ILLEGAL MOVE"), "{text}");
    assert!(text.contains("|   |   |   | o |   |   |   |"), "{text}");
    assert_eq!(out.status.code(), Some(4));
}

/// The move `parlor move checkers` prints for the start, typed back into plain mode square by
/// square, is played there: the printed names are ones plain mode reads, in both notations.
#[test]
fn plain_mode_round_trip_in_both_notations() {
    for (flag, separator) in [(None, ""), (Some("--original"), ",")] {
        let mut args = vec!["move", "checkers", "--level", "1"];
        args.extend(flag);
        let (out, _) = parlor(&args, "start\n");
        let answer = stdout(&out);
        let mv = answer
            .split_whitespace()
            .nth(1)
            .expect("a move")
            .to_string();
        assert!(mv.contains(separator), "{flag:?}: {mv}");
        let typed: String = mv.split(['-', 'x']).flat_map(|sq| [sq, "\n"]).collect();
        let mut args = vec!["checkers", "--plain"];
        args.extend(flag);
        let (out, _) = parlor(&args, &format!("{typed}quit\n"));
        let text = stdout(&out);
        assert!(
            text.contains("now is Player 2's turn. (white)"),
            "{flag:?} {mv}: {text}"
        );
        assert!(!text.contains("cannot"), "{flag:?} {mv}: {text}");
    }
    // Reversi: the standard name and the seed's x,y both play; the computer's answer is
    // printed in the run's notation.
    for (flag, typed) in [(None, "e6\n"), (Some("--original"), "4,2\n")] {
        let mut args = vec!["reversi", "--plain", "--computer", "second", "--level", "1"];
        args.extend(flag);
        let (out, _) = parlor(&args, &format!("{typed}quit\n"));
        let text = stdout(&out);
        let line = text
            .lines()
            .find(|l| l.starts_with("Computer (Beginner) plays "))
            .unwrap_or_else(|| panic!("{flag:?}: {text}"));
        let played = line
            .trim_start_matches("Computer (Beginner) plays ")
            .trim_end_matches('.');
        let shape_ok = if flag.is_some() {
            played.contains(',')
        } else {
            played.len() == 2 && !played.contains(',')
        };
        assert!(shape_ok, "{flag:?}: {line}");
    }
}

#[test]
fn a_usage_error_in_an_analysis_command_shows_that_game_s_example() {
    let (out, _) = parlor(&["solve", "pentago", "--bogus"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(
            "example: echo 'xoxoxooxoxox.o.x.o..x.o.x.oxo.x..o.x x' | parlor solve pentago"
        ),
        "{}",
        stderr(&out)
    );
}

/// Runs plain mode with `args`, under the standard names (`original` false) or `--original`.
fn plain_run(args: &[&str], original: bool, input: &str) -> String {
    let mut args = args.to_vec();
    args.push("--plain");
    if original {
        args.push("--original");
    }
    let (out, _) = parlor(&args, input);
    stdout(&out)
}

/// The text between `before` and `after` on the first line holding both.
fn between<'t>(text: &'t str, before: &str, after: &str) -> &'t str {
    text.lines()
        .find_map(|line| {
            let (_, rest) = line.split_once(before)?;
            rest.split_once(after).map(|(found, _)| found)
        })
        .unwrap_or_else(|| panic!("no line with {before:?}…{after:?}:\n{text}"))
}

/// The games with one way of naming squares (Nine Almonds' and Magic Square's `x,y`,
/// Pentago's `c3`, Connect Four's columns) play a session the same under both settings.
#[test]
fn games_with_one_notation_play_the_same_under_both_settings() {
    for (args, input, played) in [
        (&["nine-almonds"][..], "2,2\n2,4\nn\nquit\n", "2,2 to 2,4"),
        (&["magic-square"][..], "3\n2\n1\n1\nquit\n", "turns: 1"),
        (&["pentago"][..], "a14r\nX\n", "A | X"),
        (&["connect4", "A", "B"][..], "4\nq\n", "| x |"),
    ] {
        let standard = plain_run(args, false, input);
        assert!(standard.contains(played), "{args:?}: {standard}");
        assert_eq!(standard, plain_run(args, true, input), "{args:?}");
    }
}

/// Reversi, Checkers and Slide in plain mode under both settings: a move typed in either
/// notation is played, and every square the program names (a refusal, the computer's move,
/// Slide's echo of the move) is in the run's notation: parsed back with it, it is the square
/// meant.
#[test]
fn plain_mode_names_squares_in_the_run_s_notation_and_reads_both() {
    use parlor::core::Coordinates;
    use parlor::games::checkers::notation::CheckersSquares;
    use parlor::games::reversi::notation::ReversiSquares;
    use parlor::games::slide::notation::SlideSquares;
    for names in [Coordinates::Standard, Coordinates::Original] {
        let original = names == Coordinates::Original;
        // Reversi: a1 is refused (named back), then d3 typed as the seed's x,y is played; the
        // computer's answer is named the run's way.
        let text = plain_run(
            &["reversi", "--computer", "second", "--level", "1"],
            original,
            "a1\n3,5\nquit\n",
        );
        let refused = between(&text, "a black piece on ", " would not");
        assert_eq!(
            names.parse::<ReversiSquares>(refused),
            Some((0, 7)),
            "{text}"
        );
        let answer = between(&text, "Computer (Beginner) plays ", ".");
        assert!(
            names.parse::<ReversiSquares>(answer).is_some(),
            "{answer}: {text}"
        );
        // The same under the other notation's input: e6 by its standard name.
        let text = plain_run(&["reversi"], original, "e6\nquit\n");
        assert!(text.contains("now is White's turn."), "{text}");

        // Checkers: 21 holds no black piece (named back), then 9-14 typed as 1,5 and 14.
        let text = plain_run(
            &["checkers", "--computer", "second", "--level", "1"],
            original,
            "21\n1,5\n14\nquit\n",
        );
        let refused = between(&text, "there is no black piece on ", ".");
        assert_eq!(
            names.parse::<CheckersSquares>(refused),
            Coordinates::Standard.parse::<CheckersSquares>("21"),
            "{text}"
        );
        let answer = text
            .lines()
            .find_map(|line| line.strip_prefix("Computer (Beginner) plays "))
            .unwrap_or_else(|| panic!("no computer's move: {text}"));
        let first = answer.split(['-', 'x']).next().unwrap_or_default();
        assert!(
            names.parse::<CheckersSquares>(first).is_some(),
            "{answer}: {text}"
        );

        // Slide, level 1: the O at the top (4,9; row 0, column 4) cannot move up; it goes
        // down into a goal, and the O on row 4's left edge (0,5) right into the other.
        // Typed the standard way with its letter, then the seed's way.
        let text = plain_run(
            &["slide", "--level", "1"],
            original,
            "O 4,9 up\ns\n4,0 d\nquit\n",
        );
        let refused = between(&text, "the O at ", " cannot move up");
        assert_eq!(names.parse::<SlideSquares>(refused), Some((0, 4)), "{text}");
        let (first, second) = if original {
            ("move 1: 0,4 s", "move 2: 4,0 d")
        } else {
            ("move 1: O 4,9 down", "move 2: O 0,5 right")
        };
        assert!(text.contains(first) && text.contains(second), "{text}");
        // The board's labels agree with the run's names: the first board's top row (holding
        // the O named 4,9, or 0,4 by the seed) is labelled 9 under the standard names (y
        // from the bottom), 0 under the original ones (the row from the top).
        let top = text
            .lines()
            .find(|line| line.starts_with(|c: char| c.is_ascii_digit()))
            .unwrap_or_else(|| panic!("no board row: {text}"));
        let (label, cells) = top.split_once(' ').unwrap_or_default();
        let column = cells.split(' ').position(|c| c == "O");
        assert_eq!(column, Some(4), "{top}");
        let named = if original {
            format!("{label},4")
        } else {
            format!("4,{label}")
        };
        assert_eq!(names.parse::<SlideSquares>(&named), Some((0, 4)), "{text}");
    }
}

#[test]
fn a_usage_errors_example_shows_the_right_use_of_what_was_wrong() {
    for (args, example) in [
        (&["--load"][..], "example: parlor --load "),
        (&["--config"], "example: parlor --config "),
        (&["stats", "--foo"], "example: parlor stats\n"),
        (&["export"], "example: parlor export "),
        (&["import"], "example: parlor import "),
        (&["reversi", "--level", "9"], "--level 3\n"),
        (&["connect4", "--computer", "sideways"], "--computer second"),
    ] {
        let (out, _) = parlor(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(example),
            "{args:?} wants {example:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn a_missing_game_is_asked_for_by_the_games_names_alone() {
    let (out, _) = parlor(&["solve"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains(
            "[subcommands: nine_almonds, magic_square, reversi, checkers, pentago, connect4, slide]"
        ),
        "{err}"
    );
    assert!(!err.contains("NineAlmonds"), "{err}");
}

#[test]
fn config_errors_use_the_right_article_and_say_where_a_setting_belongs() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (text, said) in [
        (
            "[ui]\ntheme = 3\n",
            "`ui.theme` must be a string, not an integer",
        ),
        (
            "theme = \"light\"\n",
            "unknown setting `theme` (did you mean `[ui] theme`?)",
        ),
    ] {
        let path = dir.path().join("parlor.toml");
        std::fs::write(&path, text).expect("written");
        let path = path.to_string_lossy().into_owned();
        let (out, _) = parlor(&["--config", &path, "stats"], "");
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(stderr(&out).contains(said), "{}", stderr(&out));
    }
}
