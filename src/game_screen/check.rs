//! The game screen's invariants: what must hold after every event, whatever the game. The
//! monkey and untrusted-file tests call it through `Screen::check_invariants`.

use super::game_ui::GameUi;
use super::screen::GameScreen;
use crate::core::{History, IllegalMove, Rules};
use crate::save::format::SaveError;
use crate::save::game::SavedGame;

/// Which of the game screen's invariants is broken (a bug): the monkey and untrusted-file
/// tests print it and fail.
#[derive(Debug, thiserror::Error)]
pub enum Broken {
    /// A move of the history is refused when replayed from the start.
    #[error("move {number} no longer replays: {reason}")]
    NoLongerReplays {
        /// The move's number, from 1.
        number: usize,
        /// Why the rules refuse it now.
        reason: IllegalMove,
    },
    /// The moves replay to another position than the one shown.
    #[error("the current position differs from the replayed moves")]
    ReplayDiffers,
    /// A move the rules generated is refused by the same rules.
    #[error("a generated move {mv} is refused: {reason}")]
    GeneratedMoveRefused {
        /// The move, as `Debug` shows it.
        mv: String,
        /// Why the rules refuse it.
        reason: IllegalMove,
    },
    /// A game with an outcome still lists moves.
    #[error("a finished game still offers moves")]
    FinishedOffersMoves,
    /// The game's own save does not load.
    #[error("the save does not load: {0}")]
    SaveDoesNotLoad(#[source] SaveError),
    /// The game's own save loads into another position or move count.
    #[error("the save loads into a different position")]
    SaveLoadsElsewhere,
    /// The screen's phase says the game is over and the position does not, or the reverse.
    #[error("the screen's phase ({phase}) disagrees with the position")]
    PhaseDisagrees {
        /// The phase, as `Debug` shows it.
        phase: String,
    },
}

impl<U: GameUi> GameScreen<U> {
    /// The moves replay to the position shown, every generated move is accepted, a finished
    /// game offers none, and a save of the game loads back into the same position.
    pub(super) fn check(&self) -> Result<(), Broken> {
        if replayed(&self.history)?.current() != self.history.current() {
            return Err(Broken::ReplayDiffers);
        }
        let state = self.history.current();
        for mv in state.legal_moves() {
            let mut next = state.clone();
            next.play(&mv)
                .map_err(|reason| Broken::GeneratedMoveRefused {
                    mv: format!("{mv:?}"),
                    reason,
                })?;
        }
        if state.outcome().is_some() && !state.legal_moves().is_empty() {
            return Err(Broken::FinishedOffersMoves);
        }
        if self.life.is_over() != state.outcome().is_some() {
            return Err(Broken::PhaseDisagrees {
                phase: format!("{:?}", self.life.phase()),
            });
        }
        let saved = SavedGame::capture::<U::Game>(&self.history, &self.players, &self.params);
        let (restored, _, _) = saved
            .restore::<U::Game>()
            .map_err(Broken::SaveDoesNotLoad)?;
        if restored.current() != self.history.current()
            || restored.applied() != self.history.applied()
        {
            return Err(Broken::SaveLoadsElsewhere);
        }
        Ok(())
    }
}

/// Replays `history`'s moves from its start: the invariant check's reference.
pub(super) fn replayed<R: Rules>(history: &History<R>) -> Result<History<R>, Broken> {
    let moves: Vec<R::Move> = history.all_moves().map(|(_, mv)| mv.clone()).collect();
    History::replay(history.start().clone(), &moves, history.applied()).map_err(
        |(index, reason)| Broken::NoLongerReplays {
            number: index + 1,
            reason,
        },
    )
}
