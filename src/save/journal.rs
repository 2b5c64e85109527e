//! Plain mode's record of the game in progress, so the end of input in mid-game can leave an
//! autosave like a closed terminal does in the full-screen app.
//!
//! Each game's line-mode loop keeps its own state; it only tells a [`Journal`] about every move
//! it plays (one line). The journal replays the moves on a [`History`] and publishes the game as
//! a [`SaveFile`] into this thread's slot; the command line takes it with [`take_autosave`] when
//! the run ended by the end of input. A thread-local slot keeps the games' `run_plain`
//! signatures unchanged, and each test thread has its own.

use std::cell::RefCell;

use super::game::save_file;
use crate::core::{Game, Players};
use crate::core::{History, Rules};
use crate::save::format::SaveFile;

thread_local! {
    static AUTOSAVE: RefCell<Option<SaveFile>> = const { RefCell::new(None) };
}

/// Takes (and clears) the game in progress the last plain-mode run on this thread published:
/// `None` if it made no move, or its game ended.
#[must_use]
pub fn take_autosave() -> Option<SaveFile> {
    AUTOSAVE.with(|slot| slot.borrow_mut().take())
}

/// Clears the slot (a new run starts).
pub fn clear_autosave() {
    AUTOSAVE.with(|slot| slot.borrow_mut().take());
}

/// The moves of a plain-mode game, mirrored on a [`History`] of the game's rules.
pub struct Journal<G: Game> {
    history: Option<History<G::Rules>>,
    players: Players,
    params: G::Params,
    id: String,
}

impl<G: Game> Journal<G> {
    /// A journal for a game starting from `params` with these seats, played from `actual` (the
    /// loop's own start position). If the parameters do not give exactly that position (a
    /// position the save format cannot describe), nothing is recorded: no autosave beats a
    /// wrong one.
    #[must_use]
    pub fn new(params: G::Params, players: Players, actual: &G::Rules) -> Self {
        clear_autosave();
        Self {
            history: G::start(&params)
                .ok()
                .filter(|start| start == actual)
                .map(History::new),
            players,
            params,
            id: crate::save::store::new_id(G::ID),
        }
    }

    /// Records a move the plain-mode loop just played, and publishes the game as the autosave
    /// while it is unfinished (a finished game has nothing to lose).
    pub fn played(&mut self, mv: &<G::Rules as Rules>::Move) {
        let Some(history) = &mut self.history else {
            return;
        };
        if history.play(mv).is_err() {
            // The loop and the rules disagree: stop recording rather than save a wrong game.
            self.history = None;
            clear_autosave();
            return;
        }
        let save = if history.current().outcome().is_none() {
            save_file::<G>(
                history,
                &self.players,
                &self.params,
                None,
                std::time::SystemTime::now(),
                &self.id,
            )
            .ok()
        } else {
            None
        };
        AUTOSAVE.with(|slot| *slot.borrow_mut() = save);
    }
}
