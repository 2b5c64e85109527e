//! Reversi's parameters: what a game is saved with (where it starts). Apart from the `Game`
//! so the records (GGF, transcripts, WTHOR) can read and write them without the game's
//! definition, which lists the records' formats.

use serde::{Deserialize, Serialize};

use super::notation;
use super::rules::{Board, Disc};

/// A position to start from instead of the usual one (tests, puzzles, imported games).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartPosition {
    /// The board as [`notation::rows`] writes it, top row first.
    pub rows: Vec<String>,
    /// The colour to move first.
    pub to_move: Disc,
}

/// A new game's parameters: the start position, absent for the standard one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// Where the game starts; `None` for the four centre discs with black to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<StartPosition>,
}

impl Params {
    /// The position the game starts from: the four centre discs with black to move, or the
    /// position of an imported game or puzzle.
    ///
    /// # Errors
    /// The rows are not a Reversi position.
    pub fn position(&self) -> Result<Board, crate::core::StartError> {
        match &self.start {
            None => Ok(Board::new()),
            Some(start) => notation::from_rows(&start.rows, start.to_move)
                .map_err(crate::core::StartError::position),
        }
    }
}
