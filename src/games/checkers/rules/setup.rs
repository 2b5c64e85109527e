//! Positions from untrusted data (saves): a [`Setup`] is plain data, and `Checkers::try_from`
//! turns it into a valid game state once, with a typed [`SetupError`] when it is not one.

use super::{Board, Checkers, DRAW_PLIES, PIECES_PER_SIDE, Piece, SIZE, Square, color_name};
use crate::core::Seat;

/// Why an untrusted position (from a save) is not a checkers position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A piece on a light or off-board square.
    #[error("square {0} is not a dark square of the board")]
    NotDark(Square),
    /// Two pieces on one square.
    #[error("square {0} holds two pieces")]
    Duplicate(Square),
    /// More than twelve pieces of one colour.
    #[error("{side} has {1} pieces but only 12 exist", side = color_name(*.0))]
    TooManyPieces(Seat, u32),
    /// A pawn standing on the row where it would have been crowned.
    #[error("the {side} pawn on {0} should have been crowned", side = color_name(*.1))]
    Uncrowned(Square, Seat),
    /// A draw counter beyond the draw limit.
    #[error("{0} moves without a capture or pawn move is beyond the draw limit of {DRAW_PLIES}")]
    QuietPlies(u8),
}

/// An unchecked position as a save describes it; [`Checkers::try_from`] validates it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The pieces and where they stand.
    pub pieces: Vec<(Square, Piece)>,
    /// Whose turn it is.
    pub to_move: Seat,
    /// Plies played since the last capture or pawn move (the draw counter).
    pub quiet_plies: u8,
    /// Whether capturing is compulsory (standard rules) or free (the seed's variant).
    pub forced_capture: bool,
}

impl TryFrom<Setup> for Checkers {
    type Error = SetupError;

    fn try_from(setup: Setup) -> Result<Self, SetupError> {
        let mut board = Board::default();
        for &(square, piece) in &setup.pieces {
            let index = square.index().ok_or(SetupError::NotDark(square))?;
            let b = 1u32 << index;
            if (board.black | board.white) & b != 0 {
                return Err(SetupError::Duplicate(square));
            }
            let crown_row = match piece.side {
                Seat::First => 0,
                Seat::Second => SIZE - 1,
            };
            if !piece.king && square.y == crown_row {
                return Err(SetupError::Uncrowned(square, piece.side));
            }
            match piece.side {
                Seat::First => board.black |= b,
                Seat::Second => board.white |= b,
            }
            if piece.king {
                board.kings |= b;
            }
        }
        for side in [Seat::First, Seat::Second] {
            let count = board.count(side);
            if count > PIECES_PER_SIDE {
                return Err(SetupError::TooManyPieces(side, count));
            }
        }
        if setup.quiet_plies > DRAW_PLIES {
            return Err(SetupError::QuietPlies(setup.quiet_plies));
        }
        Ok(Self {
            board,
            to_move: setup.to_move,
            quiet_plies: setup.quiet_plies,
            forced_capture: setup.forced_capture,
        })
    }
}

impl Checkers {
    /// The position as plain data, for saving; `Checkers::try_from` gives it back.
    pub fn setup(&self) -> Setup {
        Setup {
            pieces: self.board.pieces().collect(),
            to_move: self.to_move,
            quiet_plies: self.quiet_plies,
            forced_capture: self.forced_capture,
        }
    }
}
