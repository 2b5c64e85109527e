//! `parlor solve reversi` and `parlor move reversi`: positions in the FFO test suites' line
//! format in, best moves out.

use std::io;

use clap::ArgMatches;

use super::engine::Solver;
use super::engine::board::{Position, PositionError, square_name, square_to_xy, xy_to_square};
use super::game::{Params, ReversiGame};
use super::notation::from_rows;
use super::rules::{Board, Disc, Move};
use crate::analysis_commands::{
    AnalysisCommand, Streams, answer_lines, level_and_seed, level_args,
};
use crate::core::Coordinates;

/// `parlor solve reversi`.
pub static SOLVE: AnalysisCommand = AnalysisCommand {
    example: "echo '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X' | parlor solve reversi",
    about: "Reversi: the best move and exact final disc difference of each position",
    help: "\
Input: one position per line: 64 squares from A1 to H8 row by row (A1 B1 … H1, then A2 …),
each X (black), O (white) or -, then a space and the side to move, X or O. Text after the
side, such as the FFO files' `; G8:+18;`, is ignored; blank lines are skipped. Example line:
--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X

Output: the best move and the score, e.g. `G8 +18`; `pass` when the side to move must pass,
`end` for a finished game.

The score is the final disc difference for the side to move with perfect play from both
sides, empty squares counting for the winner. The solve is exponential in the empty squares:
instant up to about 16, under a second at 20, tens of seconds at 26, minutes beyond (progress
shows on a terminal; Ctrl-C stops it). It searches on every core the machine offers.

A line that cannot be read is reported on stderr with its number; the other lines are still
answered and the exit code is 1.",
    args: |cmd| cmd,
    run: run_solve,
};

/// `parlor move reversi`.
pub static MOVE: AnalysisCommand = AnalysisCommand {
    example: "echo '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X' | parlor move reversi --level 2",
    about: "Reversi: the move the computer plays at a level",
    help: "\
Input: one position per line, as for `parlor solve reversi`: 64 squares from A1 to H8 row by
row, each X, O or -, a space, and the side to move (X or O). Example line:
--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X

Output: the line, then the square the computer plays at --level (A1 … H8), or `pass`, or
`end` for a finished game. The same code chooses as for the computer in the game; levels 1
and 2 use randomness drawn from --seed.",
    args: level_args,
    run: run_move,
};

/// An answer's square: the standard upper-case name (`G8`), or the seed's `x,y` with
/// `--original`.
fn answer_square(square: u8, names: Coordinates) -> String {
    match names {
        Coordinates::Standard => square_name(square),
        Coordinates::Original => {
            let (x, y) = square_to_xy(square);
            format!("{x},{y}")
        }
    }
}

fn run_solve(matches: &ArgMatches, io: &mut Streams<'_>) -> io::Result<u8> {
    let mut solver = Solver::new();
    let names = crate::analysis_commands::square_names(matches);
    answer_lines(io, parse, |_line, pos, out| {
        let (best, score) = solver.solve(&pos);
        let name = match best {
            Some(sq) => answer_square(sq, names),
            None if pos.is_over() => "end".to_string(),
            None => "pass".to_string(),
        };
        writeln!(out, "{name} {score:+}")
    })
}

fn parse(line: &str) -> Result<Option<Position>, PositionError> {
    if line.is_empty() {
        return Ok(None);
    }
    Position::parse(line).map(Some)
}

/// Why a line of `parlor move reversi` is not a game's position; printed after the line's
/// number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardLineError {
    /// Not a line of `parlor solve reversi` at all.
    #[error(transparent)]
    Line(#[from] PositionError),
    /// A board the rules do not accept (an empty centre square).
    #[error(transparent)]
    Rows(#[from] super::notation::RowsError),
}

/// The rules' board of a line: the engine's reading of it, checked again by the rules (the
/// four centre squares are never empty in a game).
fn parse_board(line: &str) -> Result<Option<Board>, BoardLineError> {
    if line.is_empty() {
        return Ok(None);
    }
    Position::parse(line)?;
    let squares: Vec<char> = line.chars().take(64).collect();
    let rows: Vec<String> = (0..8u8)
        .rev()
        .map(|y| {
            (0..8u8)
                .map(|x| match squares[usize::from(xy_to_square(x, y))] {
                    '-' => '.',
                    c => c,
                })
                .collect()
        })
        .collect();
    let to_move = if line[64..].trim_start().starts_with('X') {
        Disc::Black
    } else {
        Disc::White
    };
    Ok(Some(from_rows(&rows, to_move)?))
}

fn run_move(matches: &ArgMatches, io: &mut Streams<'_>) -> io::Result<u8> {
    let (level, seed) = level_and_seed(matches);
    let names = crate::analysis_commands::square_names(matches);
    answer_lines(io, parse_board, |line, board, out| {
        let answer = if board.is_over() {
            "end".to_string()
        } else {
            match crate::core::plain::computer_move_seeded::<ReversiGame>(
                &board,
                &Params::default(),
                level,
                seed,
            ) {
                Some(Move::Place(x, y)) => answer_square(xy_to_square(x, y), names),
                Some(Move::Pass) | None => "pass".to_string(),
            }
        };
        writeln!(out, "{line} {answer}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(command: &AnalysisCommand, args: &[&str], text: &str) -> (u8, String, String) {
        crate::analysis_commands::run_in_memory(command, "reversi", args, text)
    }

    #[test]
    fn solves_lines_and_reports_bad_ones_without_stopping() {
        let text = "\
--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;
not a position

-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- Z
-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X
";
        let (code, out, err) = run(&SOLVE, &[], text);
        assert_eq!(code, 1);
        assert_eq!(out, "G8 +18\nA4 +10\n");
        assert!(
            err.contains("line 2: \"not a position\": the board has 3 squares"),
            "{err}"
        );
        assert!(err.contains("line 4: "), "{err}");
    }

    #[test]
    fn the_computer_answers_each_line_in_square_names() {
        let start = "---------------------------OX------XO--------------------------- X";
        let (code, out, _) = run(
            &MOVE,
            &["--level", "1", "--seed", "3"],
            &format!("{start}\n"),
        );
        assert_eq!(code, 0);
        let answer = out.trim().rsplit(' ').next().unwrap_or_default();
        assert!(["D3", "C4", "F5", "E6"].contains(&answer), "{out}");
        let (code, _, err) = run(&MOVE, &["--level", "1"], &"-".repeat(64));
        assert_eq!(code, 1, "an empty centre is no game");
        assert!(err.contains("line 1"), "{err}");
    }
}
