//! The binary: command line, usage errors, plain mode with scripted stdin, exit codes.

use std::process::Output;

mod support;
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
