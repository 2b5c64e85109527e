//! What a game screen has going on besides the game: a dialog waiting for an answer, work
//! running in the background. Kept apart from the screen so the files that handle them
//! (`flow`, `work`) and the screen itself depend on these types, not on each other.

use std::time::Instant;

use super::game_ui::GameUi;
use crate::core::{HintAnswer, MoveOf, MoveValues};
use crate::work_pool::{Task, Updates};

/// The move type of a board's game.
pub(super) type Move<U> = MoveOf<<U as GameUi>::Game>;

/// What a dialog pushed by this screen is about, so its reply is understood.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Pending {
    /// "Save before leaving?" — and then leave the program (Ctrl-C) or just the game.
    Leave { quit_program: bool },
    /// Leaving a seat at a table whose game goes on: keep the seat (for the table's wait) or
    /// give it up.
    LeaveSeat,
    /// Waiting for the app to write a save; then leave if `leave` says so.
    Saving { leave: Option<bool> },
    /// The save failed; the prompt asks for another file to write it to.
    SaveElsewhere { leave: Option<bool> },
    /// Waiting for the app to write an exported record.
    Exporting,
    /// Review's "go to move" prompt.
    GoToMove,
    /// The save's file changed since the game read it; the dialog asks whether to keep both
    /// or overwrite what was `found` there.
    Conflict {
        leave: Option<bool>,
        found: crate::save::format::Revision,
    },
}

/// What a background task is computing.
pub(super) enum Work<U: GameUi> {
    Computer(Task<Option<Move<U>>>, Instant),
    /// The computer's answer, held until its pause is over.
    ComputerReady(Option<Move<U>>, Instant),
    Hint(Task<Option<HintAnswer<Move<U>>>>),
    Solve(Task<Option<Vec<Move<U>>>>),
}

/// The analysis strip while it is shown: the values of the current position's moves as far
/// as they are known, and the work still finding more (dropped, so cancelled, on any change).
pub(super) struct Analysis<U: GameUi> {
    /// The running analysis; `None` when it ended or was not started (the game is over, or
    /// the computer is to move).
    pub(super) updates: Option<Updates<MoveValues<Move<U>>>>,
    /// The latest values reported for the current position.
    pub(super) values: Option<MoveValues<Move<U>>>,
    /// When to look for new reports next.
    pub(super) next_poll: Option<Instant>,
    /// Polls so far: turns the strip's spinner.
    pub(super) polls: usize,
}

impl<U: GameUi> Analysis<U> {
    /// A shown strip with nothing computed yet.
    pub(super) const fn idle() -> Self {
        Self {
            updates: None,
            values: None,
            next_poll: None,
            polls: 0,
        }
    }
}
