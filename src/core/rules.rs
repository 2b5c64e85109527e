//! The trait every game's rules implement, and the errors moves and move texts produce.

use std::fmt::Debug;

use super::outcome::{Outcome, Seat};

/// A move that the rules refuse in the current position. The text is one sentence a player
/// can read ("column 3 is full").
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct IllegalMove(pub String);

/// A move or position text that does not parse. The text says what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NotationError(pub String);

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
