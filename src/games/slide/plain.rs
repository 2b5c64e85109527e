//! Slide in line mode: the seed's prompts (`enter the row and column of the piece to move:`,
//! then `enter the direction (w/a/s/d):`), the move and the board after every move, and
//! `puzzle completed in N moves` at the end. Also the report of `parlor solve slide FILE`.
//!
//! Squares are typed either way (a bare pair is the prompt's row,column; a pair after its
//! piece letter, `O 4,9`, is the standard `x,y` from the lower left: see
//! [`notation::read_square`]) and printed under the coordinates setting: `O 4,9 down` and
//! "the O at 4,9 cannot move up" by default, the seed's `0,4 s` and `(0,4)` with `--original`.

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};

use crate::core::{Coordinates, Ending, Outcome, Rules};

use super::game::Params;
use super::game::SlideGame;
use super::level::Level;
use super::notation::{self, SlideSquares, format_plain, read_dir};
use super::rules::{Board, Cell, Move, Square};
use super::solver::{DEFAULT_BUDGET, Search, search};
use super::text::board_text;
use crate::core::Players;
use crate::save::journal::Journal;

/// The first prompt of a turn.
pub const SQUARE_PROMPT: &str = "enter the row and column of the piece to move: ";
/// The second prompt of a turn.
pub const DIR_PROMPT: &str = "enter the direction (w/a/s/d): ";

/// One line of input: `None` at end of input or on `q` or `quit` (both leave the game).
fn read_answer(input: &mut dyn BufRead) -> io::Result<Option<String>> {
    // Bounded, cleaned lines: binary garbage and escape sequences are never echoed.
    let Some(line) = crate::core::plain::read_line(input)? else {
        return Ok(None);
    };
    let answer = line.trim().to_string();
    Ok((!crate::core::plain::is_quit(&answer)).then_some(answer))
}

/// How plain mode names a square under `names`: the standard `x,y` from the lower left, or
/// the seed's `(row,col)` from the top as its messages wrote it.
fn square_name(names: Coordinates, square: Square) -> String {
    match names {
        Coordinates::Standard => names.name::<SlideSquares>(square),
        Coordinates::Original => format!("({},{})", square.0, square.1),
    }
}

/// Plays `level` (whose best-result key is `key`) in line mode until it is solved or the
/// player quits. The seed's two prompts stay; the square may be typed either way
/// ([`read_square`]: `0,4` as the prompt asks, or `O 4,9`), a whole move on one line skips the
/// direction's prompt, and every move and refusal names squares under `names`.
///
/// # Errors
/// Only I/O errors of `input` or `out`; bad answers are explained and asked again.
pub fn run_plain(
    level: &Level,
    key: &str,
    names: Coordinates,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Ending> {
    let mut board = level.board.clone();
    let mut turns = 0u32;
    let params = Params::for_level(level, key.to_string());
    let mut journal = Journal::<SlideGame>::new(params, Players::none(), &board);
    let name = |square| square_name(names, square);
    writeln!(out, "{}", level.name)?;
    if let Some(par) = level.par {
        writeln!(out, "par: {par} moves")?;
    }
    write!(out, "{}", board_text(&board, names))?;
    loop {
        if board.outcome() == Some(Outcome::Solved) {
            writeln!(out, "success!")?;
            writeln!(out, "puzzle completed in {turns} moves")?;
            return Ok(Ending::Finished(Outcome::Solved));
        }
        write!(out, "{SQUARE_PROMPT}")?;
        out.flush()?;
        let Some(answer) = read_answer(input)? else {
            return quit(out);
        };
        let (from, mut dir) = match notation::read_answer(&board, &answer) {
            Ok(read) => read,
            Err(err) => {
                writeln!(out, "{err}")?;
                continue;
            }
        };
        if !matches!(board.cell(from), Cell::O | Cell::X) {
            writeln!(out, "there is no O or X piece at {}", name(from))?;
            continue;
        }
        if !board.can_move(from) {
            writeln!(
                out,
                "the piece at {} cannot move in any direction",
                name(from)
            )?;
            continue;
        }
        let mv = loop {
            let chosen = match dir.take() {
                Some(chosen) => chosen,
                None => {
                    write!(out, "{DIR_PROMPT}")?;
                    out.flush()?;
                    let Some(answer) = read_answer(input)? else {
                        return quit(out);
                    };
                    match read_dir(&answer) {
                        Ok(chosen) => chosen,
                        Err(err) => {
                            writeln!(out, "{err}")?;
                            continue;
                        }
                    }
                }
            };
            let mv = Move { from, dir: chosen };
            match board.landing_named(&mv, &name) {
                Ok(_) => break mv,
                Err(err) => writeln!(out, "{err}")?,
            }
        };
        writeln!(
            out,
            "move {}: {}",
            turns + 1,
            format_plain(&board, &mv, names)
        )?;
        board
            .play(&mv)
            .map_err(|err| io::Error::other(err.message))?;
        journal.played(&mv);
        turns += 1;
        write!(out, "{}", board_text(&board, names))?;
        writeln!(out, "turns: {turns}, pieces remaining: {}", board.o_count())?;
    }
}

fn quit(out: &mut dyn Write) -> io::Result<Ending> {
    writeln!(out)?;
    writeln!(out, "user quit!")?;
    Ok(Ending::Quit)
}

/// What `parlor solve slide FILE` prints for a level: the par and one optimal solution, one
/// move per line as plain mode writes it under `names` (`O 4,9 down`; `0,4 s` with
/// `--original`), or a sentence saying there is none.
#[must_use]
pub fn solve_report(board: &Board, budget: usize, names: Coordinates) -> String {
    match search(board, budget) {
        Search::Solved(moves) => {
            let mut text = format!("par: {} moves\n", moves.len());
            let mut position = board.clone();
            for (n, mv) in moves.iter().enumerate() {
                let _ = writeln!(text, "{:>2}. {}", n + 1, format_plain(&position, mv, names));
                // The solver's moves are legal: a failure would only leave the names of the
                // later moves' pieces as they were.
                let _ = position.play(mv);
            }
            text
        }
        Search::Unsolvable => {
            "no solution: no sequence of moves brings every O to a goal\n".to_string()
        }
        Search::GaveUp => {
            format!("no answer: the solver gave up after examining {budget} positions\n")
        }
    }
}

/// `parlor solve slide FILE`: reads the level file and prints [`solve_report`] to `out`.
/// Returns the exit code: 0 when solved, 3 when the level has no solution or the solver gave
/// up.
///
/// # Errors
/// The outer error: writing the answer failed (the command's usual output failure). The inner
/// [`ChoiceError`](super::levels::ChoiceError): an unreadable or invalid file, which the caller
/// prints before exiting with 1.
pub fn solve_file(
    path: &std::path::Path,
    names: Coordinates,
    out: &mut dyn Write,
) -> std::io::Result<Result<u8, super::levels::ChoiceError>> {
    let level = match super::levels::ChoiceError::read_level(path) {
        Ok(level) => level,
        Err(err) => return Ok(Err(err)),
    };
    let report = solve_report(&level.board, DEFAULT_BUDGET, names);
    out.write_all(report.as_bytes())?;
    Ok(Ok(if report.starts_with("par:") { 0 } else { 3 }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::slide::level::board_from_rows;

    fn level() -> Level {
        Level {
            name: "two steps".to_string(),
            board: board_from_rows(&[
                "O.........",
                "..........",
                "..........",
                "..........",
                "..........",
                "..........",
                "..........",
                "..........",
                "..........",
                "....GG....",
            ])
            .expect("valid"),
            par: Some(2),
        }
    }

    fn session(input: &str) -> (Ending, String) {
        session_named(input, Coordinates::Original)
    }

    fn session_named(input: &str, names: Coordinates) -> (Ending, String) {
        let mut out = Vec::new();
        let ending =
            run_plain(&level(), "test", names, &mut input.as_bytes(), &mut out).expect("in memory");
        (ending, String::from_utf8(out).expect("utf-8"))
    }

    #[test]
    fn a_solved_session_reports_the_moves() {
        // Right to the far edge, down into... (0,9) down reaches (9,9): not a goal. Instead go
        // down first to (9,0), then right into the goal at (9,4).
        let (ending, out) = session("0,0\ns\n9,0\nd\n");
        assert_eq!(ending, Ending::Finished(Outcome::Solved));
        assert!(out.contains(SQUARE_PROMPT));
        assert!(out.contains(DIR_PROMPT));
        assert!(out.contains("turns: 1, pieces remaining: 1"));
        assert!(
            out.ends_with("success!\npuzzle completed in 2 moves\n"),
            "{out}"
        );
    }

    #[test]
    fn refused_moves_are_explained_and_not_counted() {
        let (ending, out) = session("5,5\n0,0\nw\nx\ns\n9,0\na\nd\n");
        assert_eq!(ending, Ending::Finished(Outcome::Solved));
        assert!(out.contains("there is no O or X piece at (5,5)"));
        assert!(out.contains("the O at (0,0) cannot move up"));
        assert!(out.contains("is not a direction: type w (up)"));
        assert!(out.contains("the O at (9,0) cannot move left"));
        assert!(out.contains("puzzle completed in 2 moves"));
    }

    #[test]
    fn standard_names_by_default_and_both_forms_typed() {
        // The O in the top left corner is 0,9 (x,y from the lower left), row 0, column 0.
        let (ending, out) = session_named("O 0,9 up\n0,9\ns\nO 0,0 right\n", Coordinates::Standard);
        assert_eq!(ending, Ending::Finished(Outcome::Solved));
        assert!(out.contains("the O at 0,9 cannot move up"), "{out}");
        assert!(out.contains("move 1: O 0,9 down"), "{out}");
        assert!(out.contains("move 2: O 0,0 right"), "{out}");
        // The seed's row,column and its keys, echoed the seed's way with --original.
        let (ending, out) = session("O 0,9 down\n9,0 d\n");
        assert_eq!(ending, Ending::Finished(Outcome::Solved));
        assert!(out.contains("move 1: 0,0 s"), "{out}");
        assert!(out.contains("move 2: 9,0 d"), "{out}");
    }

    #[test]
    fn a_pair_names_the_square_that_holds_a_piece() {
        let board = level().board;
        // Row 0, column 9 is empty; x 0, y 9 holds the O.
        assert_eq!(notation::read_square(&board, "0,9"), Ok((0, 0)));
        // Both readings of 0,0: row 0 column 0 (the prompt's) holds the O.
        assert_eq!(notation::read_square(&board, "0,0"), Ok((0, 0)));
        // With its letter, x,y first: x 0, y 0 is the bottom left, not an O; row 0 column 0 is.
        assert_eq!(notation::read_square(&board, "O 0,0"), Ok((0, 0)));
        assert_eq!(notation::read_square(&board, "O 0,9"), Ok((0, 0)));
        assert!(notation::read_square(&board, "O 0,9 up").is_err());
        assert!(notation::read_square(&board, "0,10").is_err());
        assert!(notation::read_move(&board, "O 0,9 sideways").is_err());
    }

    #[test]
    fn quit_and_end_of_input_leave_the_game() {
        let (ending, out) = session("quit\n");
        assert_eq!(ending, Ending::Quit);
        assert!(out.ends_with("user quit!\n"));
        let (ending, _) = session("0,0\n");
        assert_eq!(ending, Ending::Quit);
        assert_eq!(ending.exit_code(), 4);
    }

    #[test]
    fn the_solve_report_replays_to_a_win() {
        for names in [Coordinates::Standard, Coordinates::Original] {
            let report = solve_report(&level().board, DEFAULT_BUDGET, names);
            let mut lines = report.lines();
            assert_eq!(lines.next(), Some("par: 2 moves"));
            let mut board = level().board;
            for line in lines {
                let (_, mv) = line.split_once(". ").expect("numbered line");
                let piece = mv.starts_with('O');
                assert_eq!(piece, names == Coordinates::Standard, "{mv}");
                let mv = notation::read_move(&board, mv).expect("notation");
                board.play(&mv).expect("legal");
            }
            assert_eq!(board.outcome(), Some(Outcome::Solved));
        }
    }
}
