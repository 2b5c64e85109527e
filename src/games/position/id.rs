//! A position puzzle's ID (`c4-1-w3-…`): the goal and the position, written by the game's
//! [`Adapter`]. The puzzle game, its pack and its generator all read and write IDs here.

use super::adapter::{Adapter, BoardOf};
use super::goal::Goal;
use super::state::PuzzleState;
use crate::core::puzzle_id::{IdError, PuzzleId, expect_fields};

/// The newest format of position puzzles' IDs.
pub const VERSION: u32 = 1;

/// The goal and the position an ID of `A` writes.
///
/// # Errors
/// [`IdError`] for anything that is not such an ID.
pub fn read_id<A: Adapter>(id: &PuzzleId) -> Result<(Goal, BoardOf<A>), IdError> {
    if id.code != A::CODE {
        return Err(IdError::UnknownCode(id.code.clone()));
    }
    let (_, fields) = id.fields(VERSION)?;
    let [goal, board] = expect_fields::<2>(fields, A::TITLE)?;
    let goal = Goal::parse(goal)?;
    let board = A::decode(board)?;
    PuzzleState::new(board.clone(), goal).map_err(|err| IdError::Field(err.to_string()))?;
    Ok((goal, board))
}

/// The ID of a puzzle of `A`.
#[must_use]
pub fn id_of<A: Adapter>(goal: Goal, board: &BoardOf<A>) -> PuzzleId {
    PuzzleId::descriptive(A::CODE, VERSION, vec![goal.field(), A::encode(board)])
}
