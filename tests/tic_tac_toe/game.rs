//! Tic-tac-toe as a [`Game`]: identity, notation (`b2`) and the engine (a full search).

use serde::{Deserialize, Serialize};

use super::rules::{Board, Square, best_move};
use parlor::core::{EngineAsk, Game, Notation, NotationError, NotationReason, Seat, StartError};

/// A new game needs nothing besides its players.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {}

/// Tic-tac-toe, for the generic code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TicTacToeGame;

impl Game for TicTacToeGame {
    type Rules = Board;
    type Params = Params;
    const ID: &'static str = "tictactoe";
    const TITLE: &'static str = "Tic-tac-toe";
    const HELP: &'static str = include_str!("help.md");
    const SEAT_NAMES: [&'static str; 2] = ["Player 1", "Player 2"];
    const HAS_ENGINE: bool = true;

    fn start(_params: &Params) -> Result<Board, StartError> {
        Ok(Board::default())
    }

    const NOTATION: Notation<Board> = Notation {
        format_move,
        parse_move,
        rows,
    };

    fn seat_label(seat: Seat) -> &'static str {
        match seat {
            Seat::First => "x",
            Seat::Second => "o",
        }
    }

    fn engine_move(state: &Board, _params: &Params, _ask: EngineAsk<'_>) -> Option<Square> {
        best_move(state)
    }
}

/// `b2`: the column's letter, the row's number (by reference: [`Notation`]'s signature).
#[must_use]
#[allow(clippy::trivially_copy_pass_by_ref)]
pub fn format_move(&(x, y): &Square) -> String {
    format!("{}{}", char::from(b'a' + x), y + 1)
}

/// Reads `b2` (any case, blanks around it ignored).
///
/// # Errors
/// [`NotationError`] for anything else.
pub fn parse_move(text: &str) -> Result<Square, NotationError> {
    let text = text.trim().to_ascii_lowercase();
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return Err(NotationError::new(
            NotationReason::Malformed,
            "a square is a letter and a number, like b2",
        ));
    }
    match (bytes[0], bytes[1]) {
        (column @ b'a'..=b'c', row @ b'1'..=b'3') => Ok((column - b'a', row - b'1')),
        _ => Err(NotationError::new(
            NotationReason::OffBoard,
            "the squares are a1 to c3",
        )),
    }
}

/// The board's rows, top first: `x`, `o` and `.` for an empty square.
#[must_use]
pub fn rows(board: &Board) -> Vec<String> {
    (0..3)
        .rev()
        .map(|y| {
            (0..3)
                .map(|x| match board.at((x, y)) {
                    Some(Seat::First) => 'x',
                    Some(Seat::Second) => 'o',
                    None => '.',
                })
                .collect()
        })
        .collect()
}
