//! Pentago in line mode, word for word as GAMES.md §5 and the seed's sample run: a numbered
//! prompt per turn, `i` for the instructions, `x` to leave (or `q`, `quit`, as in every game), the five input errors in the
//! seed's order, and the four endings followed by the final board.

use std::io::{self, BufRead, Write};

use crate::core::{Ending, Outcome, Rules};

use crate::core::players::ComputerSeats;

use super::engine::Strength;
use super::game::Params;
use super::game::{PentagoGame, ending_line};
use super::notation::{cell_char, format_move, parse_move_on};
use super::rules::Pentago;
use super::text::board_text;
use crate::core::plain::computer_move;

/// The greeting printed once before the first board.
pub const WELCOME: &str = "Welcome to Pentago, where you try to get 5 of your pieces in a line.
At any point enter 'x' to exit or 'i' for instructions.
";

/// The seed's instructions, printed for `i`.
pub const INSTRUCTIONS: &str =
    "Play the two-player game of Pentago. Be the first to get 5 in a line.

Pentago is played on a 6 by 6 board, divided into four 3 by 3
quadrants.  There are two players, X and O, who alternate turns.
The goal of each player is to get five of their pieces in a line,
either horizontally, vertically, or diagonally.

Players take turns placing one of their pieces into an empty
space anywhere on the board, then choosing one of the four
board quadrants to rotate 90 degrees left or right.

If both players get five in a line at the same time, or the
last move is played with no five in a line, the game is a tie.
If a player makes five a line by placing a piece, there is no
need to rotate a quadrant and the player wins immediately.

     Play online at:  https://perfect-pentago.net
     Purchase at:     www.mindtwisterusa.com

For each move provide four inputs:
   row (A-F), column (1-6), quadrant (1-4), rotation direction (L or R)
For instance input of B32R places the next piece at B3 and then
would rotate quadrant 2 (upper-right) to the right (clockwise).

At any point enter 'x' to exit the program or 'i' to display instructions.
";

fn write_board(out: &mut dyn Write, game: &Pentago) -> io::Result<()> {
    writeln!(out)?;
    write!(out, "{}", board_text(game.board()))?;
    writeln!(out)
}

/// Plays one game from `start` reading moves from `input` and writing to `out`.
///
/// Returns [`Ending::Quit`] for `x`, `q`, `quit` or the end of input, otherwise the outcome (exit codes
/// 10/11/12 through [`Ending::exit_code`]).
///
/// # Errors
/// Only I/O errors of `input` or `out`.
pub fn run_plain(
    start: Pentago,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Ending> {
    run_plain_against(start, None, input, out)
}

/// Who the computer plays in a plain-mode game, and how well.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Computer {
    /// The seats it takes.
    pub seats: ComputerSeats,
    /// Its level.
    pub level: Strength,
}

/// [`run_plain`] with the computer taking `computer`'s seats: on its turns no prompt is
/// printed, the engine moves and the line `Computer (Master) plays c31r` says what it played.
/// The engine's seed is the move number, so a session replays identically.
///
/// # Errors
/// Only I/O errors of `input` or `out`.
pub fn run_plain_against(
    start: Pentago,
    computer: Option<Computer>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Ending> {
    let mut game = start;
    let mut journal = super::journal(&game, computer);
    write!(out, "{WELCOME}")?;
    write_board(out, &game)?;
    loop {
        if let Some(message) = ending_line(&game) {
            writeln!(out, "{message}")?;
            write_board(out, &game)?;
            writeln!(out, "Thanks for playing. Exiting...")?;
            out.flush()?;
            return Ok(Ending::Finished(game.outcome().unwrap_or(Outcome::Draw)));
        }
        if let Some(c) = computer.filter(|c| c.seats.takes(game.next_seat())) {
            // The shared helper keeps only a move the rules list as legal.
            let mv = computer_move::<PentagoGame>(
                &game,
                &Params::default(),
                c.level.number(),
                game.move_number(),
            )
            .ok_or_else(|| io::Error::other("the computer found no move"))?;
            game.play(&mv).map_err(io::Error::other)?;
            writeln!(
                out,
                "Computer ({}) plays {}",
                c.level.name(),
                format_move(&mv)
            )?;
            journal.played(&mv);
            if game.outcome().is_none() {
                write_board(out, &game)?;
            }
            continue;
        }
        write!(
            out,
            "{}. Enter row, column, quadrant, direction for {}: ",
            game.move_number(),
            cell_char(Some(game.next_seat()))
        )?;
        out.flush()?;
        let Some(line) = crate::core::plain::read_line(input)? else {
            writeln!(out)?;
            out.flush()?;
            return Ok(Ending::Quit);
        };
        let typed = line.trim();
        if typed.eq_ignore_ascii_case("x") || crate::core::plain::is_quit(typed) {
            writeln!(out, "Exiting program...")?;
            out.flush()?;
            return Ok(Ending::Quit);
        }
        if typed.eq_ignore_ascii_case("i") {
            write!(out, "{INSTRUCTIONS}")?;
            write_board(out, &game)?;
            continue;
        }
        match parse_move_on(&game, typed) {
            Err(err) => {
                writeln!(out, "{}", err.plain_message())?;
                write_board(out, &game)?;
            }
            Ok(mv) => {
                if let Err(err) = game.play(&mv) {
                    // The parser already checked everything the rules check; kept so a
                    // disagreement shows up as a message rather than a lost turn.
                    writeln!(out, "*** {err}. Please retry.")?;
                } else {
                    journal.played(&mv);
                }
                if game.outcome().is_none() {
                    write_board(out, &game)?;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Seat;
    use crate::games::pentago::notation::from_rows;

    /// Runs a session and returns its ending and output.
    fn session(input: &str) -> (Ending, String) {
        let mut out = Vec::new();
        let ending =
            run_plain(Pentago::new(), &mut input.as_bytes(), &mut out).expect("in-memory I/O");
        (ending, String::from_utf8(out).expect("utf-8"))
    }

    /// The seed's test inputs are given as one line of space-separated moves where a move may
    /// itself contain spaces (`c 4 4 r`); this splits them into moves of four characters.
    fn moves_of(seed_line: &str) -> Vec<String> {
        let mut moves = Vec::new();
        let mut current = String::new();
        for word in seed_line.split_whitespace() {
            if current.is_empty()
                && (word.eq_ignore_ascii_case("x") || word.eq_ignore_ascii_case("i"))
            {
                moves.push(word.to_string());
                continue;
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
            if current.chars().filter(|c| !c.is_whitespace()).count() >= 4 {
                moves.push(std::mem::take(&mut current));
            }
        }
        assert!(current.is_empty(), "dangling input {current:?}");
        moves
    }

    fn seed_session(seed_line: &str) -> (Ending, String) {
        let mut input = moves_of(seed_line).join("\n");
        input.push('\n');
        session(&input)
    }

    fn boards_in(output: &str) -> Vec<String> {
        output
            .split("    1   2   3   4   5   6\n")
            .skip(1)
            .step_by(2)
            .map(|s| {
                s.lines()
                    .skip(1)
                    .step_by(2)
                    .take(6)
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .collect()
    }

    fn last_board(output: &str) -> Vec<String> {
        let boards = boards_in(output);
        let last = boards.last().expect("a board was printed");
        last.lines()
            .map(|l| {
                l[4..25]
                    .chars()
                    .filter(|c| !matches!(c, ' ' | '|'))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn seed_test_1_instructions_then_exit() {
        let (ending, out) = seed_session("i X");
        assert_eq!(ending, Ending::Quit);
        assert_eq!(ending.exit_code(), 4);
        assert!(out.starts_with(WELCOME));
        assert!(out.contains(INSTRUCTIONS));
        assert_eq!(
            out.matches("1. Enter row, column, quadrant, direction for X: ")
                .count(),
            2
        );
        assert!(out.ends_with("Exiting program...\n"));
        assert!(!out.contains("Thanks for playing"));
    }

    #[test]
    fn seed_test_2_alternating_placement() {
        let (ending, out) = seed_session("a24r B34R c 4 4 r x");
        assert_eq!(ending, Ending::Quit);
        for prompt in [
            "1. Enter row, column, quadrant, direction for X: ",
            "2. Enter row, column, quadrant, direction for O: ",
            "3. Enter row, column, quadrant, direction for X: ",
            "4. Enter row, column, quadrant, direction for O: ",
        ] {
            assert!(out.contains(prompt), "{prompt}");
        }
        // Quadrant 4 turns do not touch the pieces placed in rows A–C.
        assert_eq!(
            last_board(&out),
            vec![".X....", "..O...", "...X..", "......", "......", "......"]
        );
        assert!(out.ends_with("Exiting program...\n"));
    }

    #[test]
    fn seed_test_3_full_board_tie() {
        let (ending, out) = seed_session(
            "a14r a24l a34r a44r a54l a64r b24l b14r b44l b34r b64r b54l c14l c24r c34l c44r c54l c64r d14l d24r d34l e14r e24l e34r f14r f24l f34r d44l e44r d64l d54r e54l f54r f44l e64r f64l",
        );
        assert_eq!(ending, Ending::Finished(Outcome::Draw));
        assert_eq!(ending.exit_code(), 12);
        assert!(out.contains("36. Enter row, column, quadrant, direction for O: "));
        assert!(!out.contains("Please retry"));
        let tail = "*** No one has won. Game is a tie.\n";
        let at = out.find(tail).expect("tie message");
        let rest = &out[at + tail.len()..];
        assert_eq!(
            boards_in(rest).len(),
            1,
            "the final board follows the message"
        );
        assert!(rest.ends_with("Thanks for playing. Exiting...\n"));
        assert!(last_board(&out).iter().all(|row| !row.contains('.')));
    }

    #[test]
    fn seed_test_4_rotations() {
        let (ending, out) = seed_session("a11r b4 2l e33r f64l x");
        assert_eq!(ending, Ending::Quit);
        // a11r: X on A1, quadrant 1 right -> A3. b4 2l: O on B4, quadrant 2 left -> C5.
        // e33r: X on E3, quadrant 3 right -> F2. f64l: O on F6, quadrant 4 left -> D6.
        // (A left turn sends a quadrant's left middle to its bottom middle: B4 -> C5.)
        let boards = boards_in(&out);
        assert_eq!(boards.len(), 5);
        assert_eq!(
            last_board(&out),
            vec!["..X...", "......", "....O.", ".....O", "......", ".X...."]
        );
    }

    #[test]
    fn seed_test_5_errors_in_order() {
        let (ending, out) = seed_session("c31r A5 3R G05h c05h c25h c21h c11r c2 1r x");
        assert_eq!(ending, Ending::Quit);
        // Without a terminal's echo each message follows its prompt on the same line.
        let errors: Vec<&str> = out
            .lines()
            .filter_map(|l| l.find("***").map(|at| &l[at..]))
            .collect();
        assert_eq!(
            errors,
            vec![
                "*** Invalid move row. Please retry.",
                "*** Invalid move column. Please retry.",
                "*** Selected quadrant is invalid. Please retry.",
                "*** Quadrant rotation direction is invalid. Please retry.",
                "*** That board location is already taken. Please retry.",
            ]
        );
        // Errors do not use up a turn: move 3 is asked six times, then move 4 once.
        assert_eq!(
            out.matches("3. Enter row, column, quadrant, direction for X: ")
                .count(),
            6
        );
        assert_eq!(
            out.matches("4. Enter row, column, quadrant, direction for O: ")
                .count(),
            1
        );
        assert_eq!(
            last_board(&out),
            vec!["X...O.", "X.....", "......", "......", "......", "......"]
        );
    }

    #[test]
    fn seed_test_6_o_wins() {
        let (ending, out) = seed_session("c31r A53R c21r b 6 4 l c 53l d63 r c41r e14l c62r f23l");
        assert_eq!(ending, Ending::Finished(Outcome::Won(Seat::Second)));
        assert_eq!(ending.exit_code(), 11);
        assert!(out.contains("10. Enter row, column, quadrant, direction for O: "));
        let tail = "*** O has won the game!\n";
        let at = out.find(tail).expect("win message");
        assert_eq!(boards_in(&out[at..]).len(), 1);
        assert!(out.ends_with("Thanks for playing. Exiting...\n"));
        // The seed's final board.
        assert_eq!(
            last_board(&out),
            vec![".XXX..", "...X.O", "...XO.", "...O..", "..O...", ".O...."]
        );
    }

    #[test]
    fn seed_test_7_both_five_is_a_tie() {
        let (ending, out) = seed_session("b23r a53l b13l b63l b33l d63l e24l e12r e31r f23l");
        assert_eq!(ending, Ending::Finished(Outcome::Draw));
        assert_eq!(ending.exit_code(), 12);
        assert!(out.contains("*** Both X and O have won. Game is a tie.\n"));
        assert!(out.ends_with("Thanks for playing. Exiting...\n"));
    }

    /// The seed's full sample run, with the inputs it actually shows, compared with the
    /// output word for word (the seed's copy lost its line breaks and spacing).
    #[test]
    fn seed_sample_run_word_for_word() {
        let seed = "Welcome to Pentago, where you try to get 5 of your pieces in a line. At any point enter 'x' to exit or 'i' for instructions. 1 2 3 4 5 6 1-----------------------2 A | . . . | . . . | A | | | B | . . . | . . . | B | | | C | . . . | . . . | C |-----------+-----------| D | . . . | . . . | D | | | E | . . . | . . . | E | | | F | . . . | . . . | F 3-----------------------4 1 2 3 4 5 6 1. Enter row, column, quadrant, direction for X: i Play the two-player game of Pentago. Be the first to get 5 in a line. Pentago is played on a 6 by 6 board, divided into four 3 by 3 quadrants. There are two players, X and O, who alternate turns. The goal of each player is to get five of their pieces in a line, either horizontally, vertically, or diagonally. Players take turns placing one of their pieces into an empty space anywhere on the board, then choosing one of the four board quadrants to rotate 90 degrees left or right. If both players get five in a line at the same time, or the last move is played with no five in a line, the game is a tie. If a player makes five a line by placing a piece, there is no need to rotate a quadrant and the player wins immediately. Play online at: https://perfect-pentago.net Purchase at: www.mindtwisterusa.com For each move provide four inputs: row (A-F), column (1-6), quadrant (1-4), rotation direction (L or R) For instance input of B32R places the next piece at B3 and then would rotate quadrant 2 (upper-right) to the right (clockwise). At any point enter 'x' to exit the program or 'i' to display instructions. 1 2 3 4 5 6 1-----------------------2 A | . . . | . . . | A | | | B | . . . | . . . | B | | | C | . . . | . . . | C |-----------+-----------| D | . . . | . . . | D | | | E | . . . | . . . | E | | | F | . . . | . . . | F 3-----------------------4 1 2 3 4 5 6 1. Enter row, column, quadrant, direction for X: c31r 1 2 3 4 5 6 1-----------------------2 A | . . . | . . . | A | | | B | . . . | . . . | B | | | C | X . . | . . . | C |-----------+-----------| D | . . . | . . . | D | | | E | . . . | . . . | E | | | F | . . . | . . . | F 3-----------------------4 1 2 3 4 5 6 2. Enter row, column, quadrant, direction for O: A5 3R 1 2 3 4 5 6 1-----------------------2 A | . . . | . O . | A | | | B | . . . | . . . | B | | | C | X . . | . . . | C |-----------+-----------| D | . . . | . . . | D | | | E | . . . | . . . | E | | | F | . . . | . . . | F 3-----------------------4 1 2 3 4 5 6 3. Enter row, column, quadrant, direction for X: G05h *** Invalid move row. Please retry. 1 2 3 4 5 6 1-----------------------2 A | . . . | . O . | A | | | B | . . . | . . . | B | | | C | X . . | . . . | C |-----------+-----------| D | . . . | . . . | D | | | E | . . . | . . . | E | | | F | . . . | . . . | F 3-----------------------4 1 2 3 4 5 6 3. Enter row, column, quadrant, direction for X: c25h *** Selected quadrant is invalid. Please retry. 1 2 3 4 5 6 1-----------------------2 A | . . . | . O . | A | | | B | . . . | . . . | B | | | C | X . . | . . . | C |-----------+-----------| D | . . . | . . . | D | | | E | . . . | . . . | E | | | F | . . . | . . . | F 3-----------------------4 1 2 3 4 5 6 3. Enter row, column, quadrant, direction for X: c21h *** Quadrant rotation direction is invalid. Please retry. 1 2 3 4 5 6 1-----------------------2 A | . . . | . O . | A | | | B | . . . | . . . | B | | | C | X . . | . . . | C |-----------+-----------| D | . . . | . . . | D | | | E | . . . | . . . | E | | | F | . . . | . . . | F 3-----------------------4 1 2 3 4 5 6 3. Enter row, column, quadrant, direction for X: c1 1r
*** That board location is already taken. Please retry.
1 2 3 4 5 6 1-----------------------2 A | . . . | . O . | A | | | B | . . . | . . . | B | | | C | X . . | . . . | C |-----------+-----------| D | . . . | . . . | D | | | E | . . . | . . . | E | | | F | . . . | . . . | F 3-----------------------4 1 2 3 4 5 6 3. Enter row, column, quadrant, direction for X: c2 1r
1 2 3 4 5 6 1-----------------------2 A | X . . | . O . | A | | | B | X . . | . . . | B | | | C | . . . | . . . | C |-----------+-----------| D | . . . | . . . | D | | | E | . . . | . . . | E | | | F | . . . | . . . | F 3-----------------------4 1 2 3 4 5 6 4. Enter row, column, quadrant, direction for O: b 6 4 l 1 2 3 4 5 6 1-----------------------2 A | X . . | . O . | A | | | B | X . . | . . O | B | | | C | . . . | . . . | C |-----------+-----------| D | . . . | . . . | D | | | E | . . . | . . . | E | | | F | . . . | . . . | F 3-----------------------4 1 2 3 4 5 6 5. Enter row, column, quadrant, direction for X: c53l 1 2 3 4 5 6 1-----------------------2 A | X . . | . O . | A | | | B | X . . | . . O | B | | | C | . . . | . X . | C |-----------+-----------| D | . . . | . . . | D | | | E | . . . | . . . | E | | | F | . . . | . . . | F 3-----------------------4 1 2 3 4 5 6 6. Enter row, column, quadrant, direction for O: d6 3r 1 2 3 4 5 6 1-----------------------2 A | X . . | . O . | A | | | B | X . . | . . O | B | | | C | . . . | . X . | C |-----------+-----------| D | . . . | . . O | D | | | E | . . . | . . . | E | | | F | . . . | . . . | F 3-----------------------4 1 2 3 4 5 6 7. Enter row, column, quadrant, direction for X: c41r 1 2 3 4 5 6 1-----------------------2 A | . X X | . O . | A | | | B | . . . | . . O | B | | | C | . . . | X X . | C |-----------+-----------| D | . . . | . . O | D | | | E | . . . | . . . | E | | | F | . . . | . . . | F 3-----------------------4 1 2 3 4 5 6 8. Enter row, column, quadrant, direction for O: e14l 1 2 3 4 5 6 1-----------------------2 A | . X X | . O . | A | | | B | . . . | . . O | B | | | C | . . . | X X . | C |-----------+-----------| D | . . . | O . . | D | | | E | O . . | . . . | E | | | F | . . . | . . . | F 3-----------------------4 1 2 3 4 5 6 9. Enter row, column, quadrant, direction for X: c6 2r 1 2 3 4 5 6 1-----------------------2 A | . X X | X . . | A | | | B | . . . | X . O | B | | | C | . . . | X O . | C |-----------+-----------| D | . . . | O . . | D | | | E | O . . | . . . | E | | | F | . . . | . . . | F 3-----------------------4 1 2 3 4 5 6 10. Enter row, column, quadrant, direction for O: f2 3l *** O has won the game! 1 2 3 4 5 6 1-----------------------2 A | . X X | X . . | A | | | B | . . . | X . O | B | | | C | . . . | X O . | C |-----------+-----------| D | . . . | O . . | D | | | E | . . O | . . . | E | | | F | . O . | . . . | F 3-----------------------4 1 2 3 4 5 6 Thanks for playing. Exiting...";
        let inputs = [
            "i", "c31r", "A5 3R", "G05h", "c25h", "c21h", "c1 1r", "c2 1r", "b 6 4 l", "c53l",
            "d6 3r", "c41r", "e14l", "c6 2r", "f2 3l",
        ];
        let mut input = inputs.join("\n");
        input.push('\n');
        let (ending, out) = session(&input);
        assert_eq!(ending, Ending::Finished(Outcome::Won(Seat::Second)));
        // Put each input back after its prompt, as a terminal would have echoed it.
        let mut echoed = String::new();
        let mut rest = out.as_str();
        for typed in inputs {
            let at = rest.find("direction for ").expect("a prompt per input")
                + "direction for X: ".len();
            echoed.push_str(&rest[..at]);
            echoed.push_str(typed);
            echoed.push('\n');
            rest = &rest[at..];
        }
        echoed.push_str(rest);
        let words = |s: &str| s.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
        assert_eq!(words(&echoed), words(seed));
    }

    #[test]
    fn end_of_input_quits() {
        let (ending, out) = session("c31r\n");
        assert_eq!(ending, Ending::Quit);
        assert!(out.contains("2. Enter row, column, quadrant, direction for O: "));
        assert_eq!(session("").0, Ending::Quit);
    }

    #[test]
    fn lower_case_x_exits_and_x_as_a_row_is_an_error() {
        let (ending, out) = session("x\n");
        assert_eq!(ending, Ending::Quit);
        assert!(out.ends_with("Exiting program...\n"));
        let (_, out) = session("x31r\nx\n");
        assert!(out.contains("*** Invalid move row. Please retry."));
    }

    #[test]
    fn a_winning_placement_skips_the_rotation() {
        let start = from_rows(&["XXXX..", "OOOO..", "......", "......", "......", "......"])
            .expect("valid");
        let mut out = Vec::new();
        let ending = run_plain(start, &mut "a5 2r\n".as_bytes(), &mut out).expect("in-memory I/O");
        assert_eq!(ending, Ending::Finished(Outcome::Won(Seat::First)));
        let out = String::from_utf8(out).expect("utf-8");
        assert!(out.contains("9. Enter row, column, quadrant, direction for X: "));
        assert!(out.contains("*** X has won the game!"));
        // Quadrant 2 was not turned: A4 and A5 stay in row A.
        assert_eq!(last_board(&out)[0], "XXXXX.");
    }

    #[test]
    fn a_finished_start_position_ends_at_once() {
        let full = from_rows(&["XXOOXX", "OOXXOO", "XXOOXX", "OOXXOO", "XXOOXX", "OOXXOO"])
            .expect("valid");
        let mut out = Vec::new();
        let ending = run_plain(full, &mut "".as_bytes(), &mut out).expect("in-memory I/O");
        assert_eq!(ending, Ending::Finished(Outcome::Draw));
        let out = String::from_utf8(out).expect("utf-8");
        assert!(out.contains("*** No one has won. Game is a tie."));
        assert!(!out.contains("Enter row"));
    }
}
