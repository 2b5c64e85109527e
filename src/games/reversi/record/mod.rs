//! Reversi's records: GGF (the Generic Game Format of the Internet Othello servers),
//! transcripts (`f5d6c3d3…`) and WTHOR databases (the French federation's archive of
//! tournament games), in standard Othello coordinates: files `a`–`h` from the left, ranks
//! `1`–`8` from the top, so Parlor's `(x, y)` is file `x` and rank `8 - y`.

mod ggf;
mod transcript;
mod wthor;

use super::notation;
use super::params::{Params, StartPosition};
use super::rules::{Board, Disc, Move, SIZE};
use crate::core::record::format::RecordFormat;
use crate::core::{IllegalMove, Rules};

/// Reversi's formats, GGF first (it holds the players, the start and every pass).
pub const FORMATS: &[RecordFormat<Params, Move>] =
    &[ggf::FORMAT, transcript::FORMAT, wthor::FORMAT];

/// The square of a standard name's file (`0` for `a`) and rank (`1` at the top).
fn square(file: u8, rank: u8) -> Option<(u8, u8)> {
    (file < SIZE && (1..=SIZE).contains(&rank)).then(|| (file, SIZE - rank))
}

/// Reads a standard square name (`f5`, `F5`).
fn parse_square(text: &str) -> Option<(u8, u8)> {
    let mut chars = text.chars();
    let (Some(file), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
        return None;
    };
    let file = file.to_ascii_lowercase();
    if !file.is_ascii_lowercase() {
        return None;
    }
    square(
        u8::try_from(u32::from(file) - u32::from('a')).ok()?,
        rank.to_digit(10)? as u8,
    )
}

/// Plays a placement, passing first when the side to move has no placement (transcripts and
/// databases leave passes out).
fn play_placement(
    state: &mut Board,
    moves: &mut Vec<Move>,
    x: u8,
    y: u8,
) -> Result<(), IllegalMove> {
    if state.must_pass() {
        state.play(&Move::Pass)?;
        moves.push(Move::Pass);
    }
    let mv = Move::Place(x, y);
    state.play(&mv)?;
    moves.push(mv);
    Ok(())
}

/// Ends a game read without passes the way the game screen would: a side left with no
/// placement passes at once (the screen plays a forced pass by itself).
fn pass_if_forced(state: &mut Board, moves: &mut Vec<Move>) {
    if state.must_pass() && state.play(&Move::Pass).is_ok() {
        moves.push(Move::Pass);
    }
}

/// The start a set-up position gives: `None` for the usual one, so a record of an ordinary
/// game has the parameters of an ordinary game.
fn start_params(board: &Board) -> Params {
    Params {
        start: (*board != Board::new()).then(|| StartPosition {
            rows: notation::rows(board),
            to_move: board.turn(),
        }),
    }
}

/// The disc difference of a finished game, black's discs minus white's, as GGF's result.
fn margin(board: &Board) -> Option<i64> {
    board
        .outcome()
        .map(|_| board.count(Disc::Black) as i64 - board.count(Disc::White) as i64)
}

#[cfg(test)]
mod tests;
