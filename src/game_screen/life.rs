//! The game's life as a type: where a game stands between opening and leaving, as far as
//! leaving, autosaving and the records must know. One [`Phase`] instead of flags that had to
//! agree (unsaved moves, a finish announced, recorded, counted): a finished game cannot have
//! unsaved moves to guard, and a game in play cannot be waiting to be recorded.

use crate::save::records::Count;

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    /// Being played, no move made since it was opened or last saved: leaving loses nothing.
    Saved,
    /// Being played, with moves made since it was opened or last saved: leaving asks, and an
    /// autosave writes it.
    Unsaved,
    /// Over, its finish not yet in the records: the end of the event that finished it
    /// records it.
    Finished,
    /// Over and in the records (or opened over: a save of a finished game).
    Recorded,
}

/// How the game's finishes so far stand in the records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Counted {
    /// Not counted: its first finish will be.
    Not,
    /// Counted as a failed puzzle: a solve after an undo turns it into a solve.
    AsFailure,
    /// Counted: a finish after an undo only improves a puzzle's best result.
    Yes,
}

/// The phase, and what the game carries from one phase to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Life {
    phase: Phase,
    /// How a finish of this game is already counted in the records.
    counted: Counted,
}

impl Life {
    /// A game as it opens: over already (a save of a finished game: nothing to record) or
    /// about to be played.
    pub(super) fn opened(finished: bool) -> Self {
        Self {
            phase: if finished {
                Phase::Recorded
            } else {
                Phase::Saved
            },
            counted: if finished { Counted::Yes } else { Counted::Not },
        }
    }

    /// The position changed (a move, an undo, a redo, a restart) to one that is `finished`
    /// or not: moves are unsaved, or a finish waits to be recorded.
    pub(super) fn changed(&mut self, finished: bool) {
        self.phase = if finished {
            Phase::Finished
        } else {
            Phase::Unsaved
        };
    }

    /// The position shown changed while the game is only being viewed (review mode): it
    /// follows the position, but nothing is unsaved and no finish is ever recorded.
    pub(super) fn viewing(&mut self, finished: bool) {
        self.phase = if finished {
            Phase::Recorded
        } else {
            Phase::Saved
        };
        self.counted = Counted::Yes;
    }

    /// The game was saved: nothing of it is unsaved any more.
    pub(super) fn saved(&mut self) {
        if self.phase == Phase::Unsaved {
            self.phase = Phase::Saved;
        }
    }

    /// Whether moves were made since the game was opened or saved and it is not over.
    pub(super) fn unsaved(self) -> bool {
        self.phase == Phase::Unsaved
    }

    /// Whether the game is over (recorded or about to be).
    pub(super) fn is_over(self) -> bool {
        matches!(self.phase, Phase::Finished | Phase::Recorded)
    }

    /// Takes a finish waiting to be recorded, once per finished position: how it counts
    /// against the game's earlier finishes; `failed`: it is a failed puzzle.
    pub(super) fn take_finish(&mut self, failed: bool) -> Option<Count> {
        (self.phase == Phase::Finished).then(|| {
            self.phase = Phase::Recorded;
            let count = match self.counted {
                Counted::Not => Count::First,
                Counted::AsFailure => Count::AfterFailure,
                Counted::Yes => Count::Again,
            };
            if self.counted != Counted::Yes {
                self.counted = if failed {
                    Counted::AsFailure
                } else {
                    Counted::Yes
                };
            }
            count
        })
    }

    /// The phase, for the invariant check and tests.
    #[cfg(any(test, feature = "testing"))]
    pub(super) fn phase(self) -> Phase {
        self.phase
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_counted_once_and_a_finish_after_an_undo_only_once_more_as_a_best() {
        let mut life = Life::opened(false);
        assert!(!life.unsaved() && !life.is_over());
        life.changed(false);
        assert!(life.unsaved());
        assert_eq!(life.take_finish(false), None);
        life.changed(true);
        assert!(life.is_over() && !life.unsaved());
        assert_eq!(life.take_finish(false), Some(Count::First));
        assert_eq!(life.take_finish(false), None, "once per finished position");
        assert_eq!(life.phase(), Phase::Recorded);
        life.changed(false);
        assert!(life.unsaved());
        life.changed(true);
        assert_eq!(
            life.take_finish(false),
            Some(Count::Again),
            "counted already"
        );
    }

    #[test]
    fn a_failed_puzzle_counts_once_and_its_first_solve_after_an_undo_replaces_the_failure() {
        let mut life = Life::opened(false);
        life.changed(true);
        assert_eq!(life.take_finish(true), Some(Count::First));
        life.changed(false);
        life.changed(true);
        assert_eq!(
            life.take_finish(true),
            Some(Count::AfterFailure),
            "failed again"
        );
        life.changed(false);
        life.changed(true);
        assert_eq!(
            life.take_finish(false),
            Some(Count::AfterFailure),
            "the solve"
        );
        life.changed(false);
        life.changed(true);
        assert_eq!(life.take_finish(true), Some(Count::Again), "solved already");
    }

    #[test]
    fn a_viewed_game_is_never_recorded_nor_unsaved() {
        let mut life = Life::opened(false);
        life.viewing(true);
        assert!(life.is_over() && !life.unsaved());
        assert_eq!(life.take_finish(false), None);
        life.viewing(false);
        assert!(!life.is_over() && !life.unsaved());
        life.changed(true);
        assert_eq!(
            life.take_finish(false),
            Some(Count::Again),
            "a viewed game counts only as a best"
        );
    }

    #[test]
    fn a_save_clears_unsaved_moves_and_a_finished_save_opens_recorded() {
        let mut life = Life::opened(false);
        life.changed(false);
        life.saved();
        assert_eq!(life.phase(), Phase::Saved);
        let mut over = Life::opened(true);
        assert!(over.is_over());
        assert_eq!(over.take_finish(false), None);
        over.saved();
        assert_eq!(over.phase(), Phase::Recorded);
        over.changed(false);
        over.changed(true);
        assert_eq!(
            over.take_finish(false),
            Some(Count::Again),
            "a finished save was counted before"
        );
    }
}
