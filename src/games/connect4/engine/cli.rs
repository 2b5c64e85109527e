//! The analysis command `parlor solve connect4`: positions in, exact scores out.

use std::io;

use clap::{Arg, ArgAction, ArgMatches};

use super::book::Book;
use super::position::{CELLS, Position, WIDTH};
use super::solver::Solver;
use crate::analysis_commands::{AnalysisCommand, Streams, answer_lines};

/// `parlor solve connect4`.
pub static SOLVE: AnalysisCommand = AnalysisCommand {
    example: "echo 4455 | parlor solve connect4",
    about: "Connect Four: the exact score of each position (and of each column with --moves)",
    help: "\
Input: one position per line, the columns played from the empty board, 1 to 7, left to
right (an empty line is the empty board). Example line: 4455

Output: the line and its exact score, e.g. `4455 18`. With --moves, the score of each column
follows, 1 to 7, as the score the mover gets by playing there (`x` for a full column).

Scores are for the side to move with perfect play from both sides: 0 is a draw; a win is 22
minus the number of tokens the winner has played when the game ends (so an earlier win scores
higher), a loss the negative of that. A finished game scores as a loss for the side that would
move (or 0 for a full board).

A line that is not a legal game is reported on stderr with its number; the other lines are
still answered and the exit code is 1.",
    args: |cmd| {
        cmd.arg(
            Arg::new("moves")
                .long("moves")
                .action(ArgAction::SetTrue)
                .help("Also print the score of each column, 1 to 7"),
        )
    },
    run,
};

fn run(matches: &ArgMatches, io: &mut Streams<'_>) -> io::Result<u8> {
    let per_column = matches.get_flag("moves");
    let mut solver = Solver::new().with_book(Book::embedded());
    answer_lines(
        io,
        |line| Position::from_moves(line).map(Some),
        |line, position, out| {
            write!(out, "{line} {}", solver.solve(&position))?;
            if per_column {
                for score in column_scores(&mut solver, &position) {
                    match score {
                        Some(score) => write!(out, " {score}")?,
                        None => write!(out, " x")?,
                    }
                }
            }
            writeln!(out)
        },
    )
}

/// The exact score the side to move gets by playing each column (`None`: the column is full,
/// or the game is over), found by solving each child position with the same solver: a winning
/// drop scores at once, any other is the negation of the opponent's score after it.
pub fn column_scores(solver: &mut Solver, position: &Position) -> [Option<i32>; WIDTH] {
    let mut scores = [None; WIDTH];
    if position.is_over() {
        return scores;
    }
    for (col, score) in scores.iter_mut().enumerate() {
        if !position.can_play(col) {
            continue;
        }
        *score = Some(if position.is_winning_move(col) {
            (CELLS as i32 + 1 - position.moves_played() as i32) / 2
        } else {
            let mut child = *position;
            child.play(col);
            -solver.solve(&child)
        });
    }
    scores
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Command;

    fn solve_lines(
        input: &mut dyn std::io::BufRead,
        out: &mut dyn std::io::Write,
        err: &mut dyn std::io::Write,
    ) -> io::Result<u8> {
        let matches = (SOLVE.args)(Command::new("connect4")).get_matches_from(["connect4"]);
        run(
            &matches,
            &mut Streams {
                input,
                out,
                err,
                progress: &mut crate::analysis_commands::Silent,
            },
        )
    }

    #[test]
    fn bad_lines_do_not_stop_the_batch() {
        let input = b"4455\n44x5\n1111111\n 2252576253462244111563365343671351441\r\n";
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = solve_lines(&mut &input[..], &mut out, &mut err).expect("in-memory I/O");
        assert_eq!(code, 1);
        assert_eq!(
            String::from_utf8(out).expect("utf-8"),
            "4455 18\n2252576253462244111563365343671351441 -1\n"
        );
        assert_eq!(
            String::from_utf8(err).expect("utf-8"),
            "parlor: line 2: \"44x5\": move 3: 'x' is not a column from 1 to 7\n\
             parlor: line 3: \"1111111\": move 7: column 1 is full\n"
        );
    }

    #[test]
    fn column_scores_agree_with_the_position_score() {
        let mut solver = Solver::new().with_book(Book::embedded());
        for moves in ["445532", "2252576253462244111563365343671351441", "1212121"] {
            let position = Position::from_moves(moves).expect("legal");
            let scores = column_scores(&mut solver, &position);
            let best = scores.iter().flatten().max().copied();
            if position.is_over() {
                assert_eq!(best, None);
            } else {
                assert_eq!(best, Some(solver.solve(&position)), "{moves}");
            }
        }
    }
}
