//! Review's own state, which the game screen holds while it is a replay viewer; what review
//! does with it is review.rs.

use std::time::Instant;

/// Review's own state: where the game stood, whether the screen is only a viewer, and
/// autoplay's next step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Review {
    /// The move count the game stood at when review began: where a game reviewed from play
    /// goes back to, and what a save or an export taken during review holds (the game, not
    /// the position shown).
    pub(super) stood_at: usize,
    /// Whether the screen is only a viewer (an imported record, a save opened for review),
    /// which review's end leaves; else a game in play, which review's end goes back to.
    pub(super) viewer: bool,
    /// When autoplay shows the next move, while it runs.
    pub(super) next_step: Option<Instant>,
}
