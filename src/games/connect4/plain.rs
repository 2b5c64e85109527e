//! Connect Four in line mode, with the seed's prompts and messages.

use std::io::{BufRead, Write};

use super::game::ConnectFourGame;
use super::game::Params;
use super::notation::parse_move;
use super::rules::Board;
use super::seedfile::{MAX_GAME_FILE_BYTES, game_file_text, parse_game_file};
use super::text::board_text;
use crate::core::plain::{computer_move, read_line};
use crate::core::{Ending, Outcome, Rules, Seat};
use crate::core::{Game, Player, Players};
use crate::save::journal::Journal;

/// How a plain-mode game begins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlainStart {
    /// As the seed: ask "load or play", then the names or a file name.
    Ask,
    /// As [`PlainStart::Ask`], but the seats that hold a name here (the computer's, from
    /// `--computer`) are not asked for one: the dialogue is the seed's with or without the
    /// computer, so the same piped input means the same thing.
    AskExcept([Option<String>; 2]),
    /// Names given on the command line.
    Names(String, String),
    /// A game file given with `--load`.
    Loaded {
        /// Player 1.
        first: String,
        /// Player 2.
        second: String,
        /// The position.
        board: Board,
    },
}

/// Plays one game between two people on `input`/`output`. End of input counts as quitting.
///
/// # Errors
/// Only I/O errors of the output.
pub fn run_plain(
    start: PlainStart,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> std::io::Result<Ending> {
    run_plain_against(start, [None, None], input, out)
}

/// Plays one game where `computer[seat]` is the computer's level at a seat (`--computer`):
/// its moves are announced as `NAME plays COLUMN` and the board follows, as after a typed move.
///
/// # Errors
/// Only I/O errors of the output.
pub fn run_plain_against(
    start: PlainStart,
    computer: [Option<u8>; 2],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> std::io::Result<Ending> {
    let (names, mut board, first_move) = match start {
        PlainStart::Names(a, b) => ([a, b], Board::new(), None),
        PlainStart::Loaded {
            first,
            second,
            board,
        } => ([first, second], board, None),
        PlainStart::Ask => match ask_start(input, out, &[None, None])? {
            Some(start) => start,
            None => {
                writeln!(out, "Thanks for playing!")?;
                return Ok(Ending::Quit);
            }
        },
        PlainStart::AskExcept(fixed) => match ask_start(input, out, &fixed)? {
            Some(start) => start,
            None => {
                writeln!(out, "Thanks for playing!")?;
                return Ok(Ending::Quit);
            }
        },
    };
    let mut journal = journal(&names, computer, &board);
    // A column typed where "load or play" was asked (`printf '4\n4\n' | parlor connect4`):
    // the first move of a game with the default names.
    if let Some(column) = first_move.filter(|c| board.legal_moves().contains(c)) {
        board.play(&column).map_err(std::io::Error::other)?;
        journal.played(&column);
    }
    write!(out, "\n{}", board_text(&board))?;
    loop {
        if let Some(outcome) = board.outcome() {
            match outcome {
                Outcome::Won(seat) => {
                    writeln!(out, "Congratulations {}! You won!", names[seat.index()])?;
                }
                _ => writeln!(out, "Draw!")?,
            }
            write!(out, "{}", board_text(&board))?;
            return Ok(Ending::Finished(outcome));
        }
        let seat = board.to_move().unwrap_or(Seat::First);
        if let Some(level) = computer[seat.index()] {
            let played = board.tokens();
            let column =
                computer_move::<ConnectFourGame>(&board, &Params::default(), level, played)
                    .ok_or_else(|| std::io::Error::other("the computer found no move"))?;
            writeln!(
                out,
                "\n{} plays {}",
                names[seat.index()],
                ConnectFourGame::format_move(&board, &column)
            )?;
            board.play(&column).map_err(std::io::Error::other)?;
            journal.played(&column);
            if board.outcome().is_none() {
                write!(out, "\n{}", board_text(&board))?;
            }
            continue;
        }
        writeln!(out, "\nEnter: the column to move, q to quit, s to save")?;
        writeln!(out, "{} enter your move:", names[seat.index()])?;
        let Some(line) = read_line(input)? else {
            writeln!(out, "Thanks for playing!")?;
            return Ok(Ending::Quit);
        };
        match line.trim() {
            quit if crate::core::plain::is_quit(quit) => {
                writeln!(out, "Thanks for playing!")?;
                return Ok(Ending::Quit);
            }
            "s" | "S" => {
                writeln!(out, "Enter the filename:")?;
                let Some(name) = read_line(input)? else {
                    writeln!(out, "Thanks for playing!")?;
                    return Ok(Ending::Quit);
                };
                let text = game_file_text(&names[0], &names[1], &board);
                let asked = std::path::Path::new(name.trim());
                // A file already there is kept: the game goes beside it, and that is said.
                match crate::save::store::write_beside(asked, &text) {
                    Ok(written) if written != asked => writeln!(
                        out,
                        "{} already exists (kept); saved to {}",
                        crate::core::text::shown_path(asked),
                        crate::core::text::shown_path(&written)
                    )?,
                    Ok(_) => {}
                    Err(err) => writeln!(out, "Could not save: {err}")?,
                }
                write!(out, "\n{}", board_text(&board))?;
            }
            text => match parse_move(text)
                .ok()
                .filter(|c| board.legal_moves().contains(c))
            {
                Some(column) => {
                    board.play(&column).map_err(std::io::Error::other)?;
                    journal.played(&column);
                    if board.outcome().is_none() {
                        write!(out, "\n{}", board_text(&board))?;
                    }
                }
                None => writeln!(out, "ILLEGAL MOVE: Try again")?,
            },
        }
    }
}

/// The autosave's record of this game: the seats (the computer's at its level), and the start
/// position unless it is the usual empty board.
fn journal(
    names: &[String; 2],
    computer: [Option<u8>; 2],
    board: &Board,
) -> Journal<ConnectFourGame> {
    let params = Params {
        start: (*board != Board::new()).then(|| super::notation::to_position_text(board)),
    };
    let seat = |index: usize, fallback: &str| match computer[index] {
        Some(level) => Player::computer(level),
        None => Player::person(&names[index], fallback),
    };
    let players = Players::two(seat(0, "Player 1"), seat(1, "Player 2"));
    Journal::new(params, players, board)
}

/// How the seed's opening ended: the two names, the board (new or loaded), and a first move
/// when a column was typed instead of `L` or `P`.
type Opening = ([String; 2], Board, Option<u8>);

/// The seed's opening: `L` loads a game file, `P` (or `p`) asks the names of the seats
/// `fixed` does not name; a column number starts a game with the default names and is its
/// first move (the third part), so piped moves play; any other answer asks again.
fn ask_start(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    fixed: &[Option<String>; 2],
) -> std::io::Result<Option<Opening>> {
    loop {
        writeln!(out, "Enter L to load a game, or P to play:")?;
        let Some(choice) = read_line(input)? else {
            return Ok(None);
        };
        let choice = choice.trim();
        if crate::core::plain::is_quit(choice) {
            return Ok(None);
        }
        if choice.eq_ignore_ascii_case("p") {
            let mut names = [String::new(), String::new()];
            for (index, name) in names.iter_mut().enumerate() {
                let fallback = format!("Player {}", index + 1);
                if let Some(given) = &fixed[index] {
                    given.clone_into(name);
                    continue;
                }
                writeln!(out, "{fallback}, enter your name:")?;
                let Some(typed) = read_line(input)? else {
                    return Ok(None);
                };
                *name = crate::core::text::player_name(&typed, &fallback);
            }
            return Ok(Some((names, Board::new(), None)));
        }
        if let Ok(column) = parse_move(choice) {
            let names = [0, 1].map(|index| {
                fixed[index]
                    .clone()
                    .unwrap_or_else(|| format!("Player {}", index + 1))
            });
            writeln!(
                out,
                "{choice} is a column, not L or P: a new game between {} and {}, {choice} its first move.",
                names[0], names[1]
            )?;
            return Ok(Some((names, Board::new(), Some(column))));
        }
        if !choice.eq_ignore_ascii_case("l") {
            writeln!(
                out,
                "Please enter L or P (\"{}\" is neither).",
                crate::core::text::clip(&crate::core::text::sanitize(choice), 20)
            )?;
            continue;
        }
        writeln!(out, "Enter the filename:")?;
        let Some(name) = read_line(input)? else {
            return Ok(None);
        };
        let shown = crate::core::text::sanitize(name.trim());
        match crate::save::store::read_limited(
            std::path::Path::new(name.trim()),
            MAX_GAME_FILE_BYTES,
        ) {
            Err(err) => writeln!(out, "Cannot load {shown}: {err}")?,
            Ok(text) => match parse_game_file(&text) {
                Ok(file) => return Ok(Some(([file.first, file.second], file.board, None))),
                Err(err) => writeln!(out, "Cannot load {shown}: {err}")?,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(start: PlainStart, input: &str) -> (Ending, String) {
        let mut out = Vec::new();
        let ending = run_plain(start, &mut input.as_bytes(), &mut out).expect("in-memory I/O");
        (ending, String::from_utf8(out).expect("utf-8"))
    }

    #[test]
    fn the_seeds_win_example_ends_with_congratulations() {
        // Bane (o) wins along the second row, as in the seed's "Example of a Win".
        let moves = "1\n2\n2\n3\n3\n4\n4\n5\n7\n2\n5\n3\n6\n4\n3\n5\n";
        let (ending, out) = run(PlainStart::Names("Batman".into(), "Bane".into()), moves);
        assert!(out.contains("Batman enter your move:"));
        assert!(out.contains("Bane enter your move:"));
        let tail = out.rsplit("Congratulations").next().expect("a win message");
        assert!(out.contains("Congratulations Bane! You won!"), "{out}");
        assert!(tail.contains("col 1   2   3   4   5   6   7"));
        assert_eq!(ending, Ending::Finished(Outcome::Won(Seat::Second)));
    }

    #[test]
    fn illegal_moves_quit_and_end_of_input() {
        let (ending, out) = run(
            PlainStart::Names("A".into(), "B".into()),
            "9\nx\n1\n1\n1\n1\n1\n1\n1\nq\n",
        );
        assert_eq!(
            out.matches("ILLEGAL MOVE: Try again").count(),
            3,
            "9, x and the full column"
        );
        assert!(out.ends_with("Thanks for playing!\n"));
        assert_eq!(ending, Ending::Quit);
        let (ending, _) = run(PlainStart::Names("A".into(), "B".into()), "4\n");
        assert_eq!(ending, Ending::Quit);
    }

    #[test]
    fn a_wrong_answer_to_load_or_play_asks_again() {
        let (ending, out) = run(PlainStart::Ask, "9\np\nA\nB\nq\n");
        assert_eq!(
            out.matches("Enter L to load a game, or P to play:").count(),
            2
        );
        assert!(out.contains("Please enter L or P"), "{out}");
        assert!(out.contains("A enter your move:"), "{out}");
        assert_eq!(ending, Ending::Quit);
    }

    #[test]
    fn a_column_instead_of_load_or_play_starts_the_game_with_it() {
        let (ending, out) = run(PlainStart::Ask, "4\n4\nq\n");
        assert!(
            out.contains("4 is a column, not L or P: a new game between Player 1 and Player 2"),
            "{out}"
        );
        assert!(!out.contains("Please enter L or P"), "{out}");
        assert!(!out.contains("ILLEGAL MOVE"), "{out}");
        // Both tokens stand in column 4: x at the bottom, o on it.
        let rows: Vec<&str> = out
            .lines()
            .filter(|l| l.contains("| x |") || l.contains("| o |"))
            .collect();
        assert!(rows.iter().any(|l| l.contains("| o |")), "{out}");
        assert_eq!(ending, Ending::Quit);
    }

    #[test]
    fn play_asks_names_and_save_writes_the_seed_format() {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("game1.txt");
        let input = format!("p\nBatman\nBane\n3\ns\n{}\nq\n", file.display());
        let (_, out) = run(PlainStart::Ask, &input);
        assert!(
            out.starts_with("Enter L to load a game, or P to play:\nPlayer 1, enter your name:\n")
        );
        assert!(out.contains("Enter the filename:"));
        assert_eq!(
            std::fs::read_to_string(&file).expect("saved"),
            "Batman\nBane\n2x4/7/7/7/7/7 o\n"
        );
        // Loading it back continues with Bane to move.
        let (_, out) = run(PlainStart::Ask, &format!("L\n{}\nq\n", file.display()));
        assert!(out.contains("Bane enter your move:"), "{out}");
        // Saving again under that name keeps the file there and says where the game went.
        let (_, out) = run(
            PlainStart::Ask,
            &format!("p\nA\nB\n4\ns\n{}\nq\n", file.display()),
        );
        let beside = dir.path().join("game1-2.txt");
        assert!(
            out.contains(&format!("saved to {}", beside.display())),
            "{out}"
        );
        assert_eq!(
            std::fs::read_to_string(&file).expect("kept"),
            "Batman\nBane\n2x4/7/7/7/7/7 o\n"
        );
        assert_eq!(
            std::fs::read_to_string(&beside).expect("saved beside"),
            "A\nB\n3x3/7/7/7/7/7 o\n"
        );
    }
}
