//! The game screen's invariants: what must hold after every event, whatever the game. The
//! monkey and untrusted-file tests call it through `Screen::check_invariants`.

use super::flow::replayed;
use super::screen::GameScreen;
use super::ui::GameUi;
use crate::core::Rules;
use crate::save::game::SavedGame;

impl<U: GameUi> GameScreen<U> {
    /// The moves replay to the position shown, every generated move is accepted, a finished
    /// game offers none, and a save of the game loads back into the same position.
    pub(super) fn check(&self) -> Result<(), String> {
        if replayed(&self.history)?.current() != self.history.current() {
            return Err("the current position differs from the replayed moves".into());
        }
        let state = self.history.current();
        for mv in state.legal_moves() {
            let mut next = state.clone();
            next.play(&mv)
                .map_err(|err| format!("a generated move {mv:?} is refused: {err}"))?;
        }
        if state.outcome().is_some() && !state.legal_moves().is_empty() {
            return Err("a finished game still offers moves".into());
        }
        let saved = SavedGame::capture::<U::Game>(&self.history, &self.players, &self.params);
        let (restored, _, _) = saved
            .restore::<U::Game>()
            .map_err(|err| format!("the save does not load: {err}"))?;
        if restored.current() != self.history.current()
            || restored.applied() != self.history.applied()
        {
            return Err("the save loads into a different position".into());
        }
        Ok(())
    }
}
