//! `parlor solve nine_almonds`: the fewest turns to clear a position, and a shortest solution.

use std::io;

use clap::ArgMatches;

use super::notation::{format_move, from_rows};
use super::rules::{NineAlmonds, SetupError};
use super::solver::solve;
use crate::analysis_commands::{AnalysisCommand, Streams, answer_lines};

/// `parlor solve nine_almonds`.
pub static SOLVE: AnalysisCommand = AnalysisCommand {
    example: "echo start | parlor solve nine_almonds",
    about: "Nine Almonds: the fewest turns to leave one almond in the centre, and a shortest solution",
    help: "\
Input: one position per line: `start` for the opening position, or the five rows of the board
from the top, separated by `/`, each five squares of `A` (an almond) or `.` (empty). Blank
lines are skipped. Example lines:
start
...../.AAA./.AAA./.AAA./.....

Output: the line, the fewest turns that leave a single almond on the centre square (the win;
a turn is one almond's chain of jumps), then the moves of one shortest solution in the game's notation (squares as `x,y`
from the bottom left), separated by `;`, e.g. `start 4 2,2 to 0,2; 0,2 to 2,4; …`; `none` when
that cannot be reached any more; `0` when it is there already.

A line that cannot be read is reported on stderr with its number; the other lines are still
answered and the exit code is 1.",
    args: |cmd| cmd,
    run,
};

/// A line's position: `start`, or five `/`-separated rows.
///
/// # Errors
/// The rows' [`SetupError`].
pub fn parse_position(line: &str) -> Result<Option<NineAlmonds>, SetupError> {
    if line.is_empty() {
        return Ok(None);
    }
    if line.eq_ignore_ascii_case("start") {
        return Ok(Some(NineAlmonds::new()));
    }
    let rows: Vec<&str> = line.split('/').collect();
    // The rows do not say how many turns were played; as many as almonds are gone is a count
    // every reachable position allows (each turn takes at least one).
    let almonds = line
        .chars()
        .filter(|c| c.eq_ignore_ascii_case(&'a'))
        .count();
    let turns = 9u32.saturating_sub(u32::try_from(almonds).unwrap_or(9));
    from_rows(&rows, None, turns).map(Some)
}

fn run(_matches: &ArgMatches, io: &mut Streams<'_>) -> io::Result<u8> {
    answer_lines(io, parse_position, |line, position, out| {
        match solve(&position) {
            Some((moves, turns)) => {
                let moves: Vec<String> = moves.iter().map(format_move).collect();
                if moves.is_empty() {
                    writeln!(out, "{line} {turns}")
                } else {
                    writeln!(out, "{line} {turns} {}", moves.join("; "))
                }
            }
            None => writeln!(out, "{line} none"),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_takes_four_turns_and_bad_rows_are_named() {
        let (code, out, err) = crate::analysis_commands::run_in_memory(
            &SOLVE,
            "n",
            &[],
            "start\n...../...../..A../...../.....\nAAA\n",
        );
        assert!(out.starts_with("start 4 "), "{out}");
        assert!(out.contains("\n...../...../..A../...../..... 0\n"), "{out}");
        assert_eq!(code, 1);
        assert!(err.starts_with("parlor: line 3: \"AAA\""), "{err}");
    }
}
