//! `parlor move connect4`: the computer's column for positions read one per line (`parlor
//! solve connect4` lives with the engine, in [`super::engine::cli`]).

use std::io;

use clap::ArgMatches;

use super::engine::{Position, PositionError};
use super::game::{ConnectFourGame, Params};
use super::notation::format_move;
use super::rules::Board;
use crate::analysis_commands::{
    AnalysisCommand, Streams, answer_lines, level_and_seed, level_args,
};
use crate::core::Rules;

/// `parlor move connect4`.
pub static MOVE: AnalysisCommand = AnalysisCommand {
    example: "echo 4455 | parlor move connect4 --level 3",
    about: "Connect Four: the column the computer plays at a level",
    help: "\
Input: one position per line, as for `parlor solve connect4`: the columns played from the
empty board, 1 to 7 (an empty line is the empty board). Example line: 4455

Output: the line and the column (1 to 7) the computer drops into at --level, e.g. `4455 4`,
or `end` for a finished game. The same code chooses as for the computer in the game; the
lower levels' randomness is drawn from --seed.",
    args: level_args,
    run,
};

/// The rules' board after a line of columns, checked by the engine's reader first so the
/// errors are the same as `parlor solve connect4`'s.
///
/// # Errors
/// The engine's [`PositionError`].
pub fn parse_board(line: &str) -> Result<Option<Board>, PositionError> {
    Position::from_moves(line)?;
    let mut board = Board::new();
    for digit in line.bytes() {
        // The engine accepted the line: every byte is a digit 1–7 of a column with room.
        if board.play(&(digit - b'1')).is_err() {
            break;
        }
    }
    Ok(Some(board))
}

fn run(matches: &ArgMatches, io: &mut Streams<'_>) -> io::Result<u8> {
    let (level, seed) = level_and_seed(matches);
    answer_lines(
        io,
        parse_board,
        |line, board, out| match crate::core::plain::computer_move_seeded::<ConnectFourGame>(
            &board,
            &Params::default(),
            level,
            seed,
        ) {
            Some(column) => writeln!(out, "{line} {}", format_move(column)),
            None => writeln!(out, "{line} end"),
        },
    )
}
