//! The trait every game's rules implement, and the errors moves and move texts produce.

use std::fmt::Debug;

use super::outcome::{Outcome, Seat};

/// Why the rules refuse a move, as a kind a caller can decide on (plain mode and the screens
/// show the sentence; tests and the engines' cross-checks match the kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalReason {
    /// The game is over or the puzzle solved: no move is legal any more.
    GameOver,
    /// The move names a square or column that is not on the board.
    OffBoard,
    /// The place the move needs is taken: an occupied square, a full column.
    Occupied,
    /// There is no piece of the mover where the move starts (or no piece at all).
    NoPiece,
    /// The piece cannot get there: not a move of its kind, or something is in the way.
    Unreachable,
    /// The move leaves out a part the position calls for, or has one it does not (Pentago's
    /// quadrant turn, a Checkers jump stopped half-way).
    Incomplete,
    /// Another rule of the game forbids it: a compulsory capture, a pass with a move to make,
    /// a piece already used, the almond that must go on jumping.
    Forbidden,
}

/// A move that the rules refuse in the current position: the kind, and one sentence a player
/// can read ("column 3 is full"), which is what `Display` shows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct IllegalMove {
    /// Why, as a kind.
    pub reason: IllegalReason,
    /// Why, in words.
    pub message: String,
}

impl IllegalMove {
    /// A refusal of this kind, in these words.
    pub fn new(reason: IllegalReason, message: impl Into<String>) -> Self {
        Self {
            reason,
            message: message.into(),
        }
    }
}

/// Why a move or position text does not parse, as a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotationReason {
    /// Not the notation's shape: a word where a square goes, a missing separator.
    Malformed,
    /// Well formed, but a square, column or number outside the board.
    OffBoard,
    /// Squares no move of the game joins (a Checkers step three squares long).
    Impossible,
}

/// A move or position text that does not parse: the kind, and a sentence saying what was
/// expected, which is what `Display` shows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct NotationError {
    /// Why, as a kind.
    pub reason: NotationReason,
    /// What was expected, in words.
    pub message: String,
}

impl NotationError {
    /// A refusal of this kind, in these words.
    pub fn new(reason: NotationReason, message: impl Into<String>) -> Self {
        Self {
            reason,
            message: message.into(),
        }
    }
}

/// A game's rules as a state machine: a valid position, the moves it allows, and how it ends.
///
/// Implementations are pure values (no terminal, no files, no clocks) so the same rules drive
/// the screen, plain mode, saves, solvers and property tests. A value of the type is always a
/// valid position: constructors that take untrusted data return `Result`.
pub trait Rules: Clone + PartialEq + Debug {
    /// One move as the history records it and undo takes back (a drop, a jump, a placement).
    type Move: Clone + PartialEq + Debug;

    /// Every move `play` accepts now, in a stable order. Empty once the game has an outcome.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Makes the move, or explains why it is not allowed and leaves the position unchanged.
    ///
    /// # Errors
    /// [`IllegalMove`] when the move is not in [`Rules::legal_moves`].
    fn play(&mut self, mv: &Self::Move) -> Result<(), IllegalMove>;

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// The seat to move in a two-player game; `None` for puzzles and finished games.
    fn to_move(&self) -> Option<Seat>;
}

/// The number of move sequences of `depth` plies from `state` (perft), for any game: every
/// legal move is a ply and a finished game contributes nothing below it. Written once over
/// [`Rules`], so a game checks its move generation against published counts with no perft of
/// its own (engines with their own fast board keep theirs for speed).
#[must_use]
pub fn perft<R: Rules>(state: &R, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = state.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| {
            let mut next = state.clone();
            // Generated moves are legal; a refusal would be a bug the count then shows.
            if next.play(mv).is_ok() {
                perft(&next, depth - 1)
            } else {
                0
            }
        })
        .sum()
}
