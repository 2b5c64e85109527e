//! `parlor solve magic_square`: completes a partly filled board into a magic square, or says
//! that none exists.

use std::io;

use clap::{Arg, ArgMatches, value_parser};

use super::notation::{RowsError, from_rows, rows};
use super::rules::{DEFAULT_MIN, MagicSquare, Params};
use super::solver::{Budget, SolveAnswer, solve};
use crate::analysis_commands::{AnalysisCommand, Streams, answer_lines};
use crate::core::Rules;

/// The default search budget: a few seconds, enough for any 3×3 or 4×4 board.
const DEFAULT_NODES: u64 = 50_000_000;

/// `parlor solve magic_square`.
pub static SOLVE: AnalysisCommand = AnalysisCommand {
    example: "echo '2 . . / . 5 . / . . 8' | parlor solve magic_square",
    about: "Magic Square: completes a partly filled board, or says there is no completion",
    help: "\
Input: one board per line: its rows from the top, separated by `/`, each row's squares
separated by spaces, a number or `.` for an empty square. The number of rows is the size; the
pieces are the numbers from --min on (1 to 9 for a 3×3 board). Blank lines are skipped.
Example line: 2 . . / . 5 . / . . 8

Output: the line, `=`, and the completed magic square in the same format, e.g.
`2 . . / . 5 . / . . 8 = 2 9 4 / 7 5 3 / 6 1 8`; `none` when no completion exists,
`undecided` when the search budget (--nodes) ran out first.

A line that cannot be read is reported on stderr with its number; the other lines are still
answered and the exit code is 1.",
    args: |cmd| {
        cmd.arg(
            Arg::new("min")
                .long("min")
                .value_name("N")
                .allow_negative_numbers(true)
                .default_value("1")
                .value_parser(value_parser!(i64))
                .help("The lowest piece; the others follow it"),
        )
        .arg(
            Arg::new("nodes")
                .long("nodes")
                .value_name("N")
                .value_parser(value_parser!(u64).range(1..))
                .help("The most placements the search may try per board [default: 50000000]"),
        )
    },
    run,
};

/// A line's board: `/`-separated rows, with the lowest piece `min`.
///
/// # Errors
/// The rows' [`RowsError`].
pub fn parse_board(line: &str, min: i64) -> Result<Option<MagicSquare>, RowsError> {
    if line.is_empty() {
        return Ok(None);
    }
    let rows: Vec<&str> = line.split('/').collect();
    let size = u8::try_from(rows.len()).unwrap_or(u8::MAX);
    from_rows(Params { size, min }, &rows).map(Some)
}

fn run(matches: &ArgMatches, io: &mut Streams<'_>) -> io::Result<u8> {
    let min = crate::analysis_commands::arg_or::<i64>(matches, "min", DEFAULT_MIN);
    let nodes = crate::analysis_commands::arg_or::<u64>(matches, "nodes", DEFAULT_NODES);
    answer_lines(
        io,
        |line| parse_board(line, min),
        |line, board, out| match solve(&board, Budget::nodes(nodes)) {
            SolveAnswer::Solution(placements) => {
                let mut done = board.clone();
                for placement in &placements {
                    done.play(placement).map_err(io::Error::other)?;
                }
                writeln!(out, "{line} = {}", rows(&done).join(" / "))
            }
            SolveAnswer::Impossible => writeln!(out, "{line} none"),
            SolveAnswer::Undecided => writeln!(out, "{line} undecided"),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_refuses_and_names_bad_lines() {
        let (code, out, err) = crate::analysis_commands::run_in_memory(
            &SOLVE,
            "m",
            &[],
            "2 . . / . 5 . / . . 8\n1 2 . / . . . / . . .\n1 2\n",
        );
        let mut lines = out.lines();
        let first = lines.next().unwrap_or_default();
        let square = first.split(" = ").nth(1).unwrap_or_default();
        let rows: Vec<&str> = square.split(" / ").collect();
        let board = from_rows(Params { size: 3, min: 1 }, &rows).expect("a full board");
        assert_eq!(
            board.outcome(),
            Some(crate::core::Outcome::Solved),
            "{first}"
        );
        assert_eq!(lines.next(), Some("1 2 . / . . . / . . . none"));
        assert_eq!(code, 1);
        assert!(err.starts_with("parlor: line 3: \"1 2\""), "{err}");
    }
}
