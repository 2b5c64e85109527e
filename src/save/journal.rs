//! Plain mode's record of the game in progress, so the end of input in mid-game can leave an
//! autosave like a closed terminal does in the full-screen app.
//!
//! Each game's line-mode loop keeps its own state; it only tells a [`Journal`] about every move
//! it plays (one line). The journal replays the moves on a [`History`] and publishes the game as
//! a [`SaveFile`] into this thread's slot; the command line takes it with [`with_autosave`] when
//! the run ended by the end of input. A thread-local slot keeps the games' `run_plain`
//! signatures unchanged, and each test thread has its own.
//!
//! A signal (Ctrl-C in a cooked terminal, `kill`, a closed terminal) is handled on a thread of
//! its own, which cannot see this thread's slot: the command line therefore mirrors it into
//! an [`AutosaveSlot`] ([`publish_to`]), the one the full-screen arcade's signal handler reads
//! (`signals::watch_termination`), so plain mode autosaves on a signal as the arcade does.

use std::cell::RefCell;

use super::game::save_file;
use crate::core::{Game, Players};
use crate::core::{History, Rules};
use crate::save::format::SaveFile;

/// The saves to write if the process is told to stop now (SIGTERM, SIGHUP, SIGINT), kept
/// current by the thread that plays so a signal thread can write them without touching the
/// game: the arcade's open games with moves, or plain mode's game in progress.
pub type AutosaveSlot = std::sync::Arc<std::sync::Mutex<Vec<SaveFile>>>;

thread_local! {
    static AUTOSAVE: RefCell<Option<SaveFile>> = const { RefCell::new(None) };
    static MIRROR: RefCell<Option<AutosaveSlot>> = const { RefCell::new(None) };
}

/// From now on, every game this thread's plain-mode runs publish (or clear) is also
/// put into `slot`, for the signal handler.
pub fn publish_to(slot: AutosaveSlot) {
    MIRROR.with(|mirror| *mirror.borrow_mut() = Some(slot));
    AUTOSAVE.with(|save| mirror(save.borrow().as_ref()));
}

/// Puts `save` (or nothing) into the signal handler's slot, if this thread has one.
fn mirror(save: Option<&SaveFile>) {
    MIRROR.with(|mirror| {
        if let Some(slot) = &*mirror.borrow()
            && let Ok(mut saves) = slot.lock()
        {
            *saves = save.into_iter().cloned().collect();
        }
    });
}

/// Sets this thread's game in progress, in its slot and the signal handler's.
fn publish(save: Option<SaveFile>) {
    mirror(save.as_ref());
    AUTOSAVE.with(|slot| *slot.borrow_mut() = save);
}

/// Runs `autosave` on the game in progress the last plain-mode run on this thread published
/// (`None` if it made no move, or its game ended), taken out of the slot, while holding the signal
/// handler's slot, so the game is written once: a signal arriving meanwhile (a closed
/// terminal sends SIGHUP as the input ends) finds nothing left to save and waits for the
/// write to end before it exits; a signal handler already writing the game holds the slot
/// and ends the process, so this waits and never writes it twice.
pub fn with_autosave<R>(autosave: impl FnOnce(Option<SaveFile>) -> R) -> R {
    let slot = MIRROR.with(|mirror| mirror.borrow().clone());
    let mut held = slot.as_ref().map(|slot| {
        slot.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    });
    if let Some(saves) = &mut held {
        saves.clear();
    }
    let result = autosave(AUTOSAVE.with(|slot| slot.borrow_mut().take()));
    drop(held);
    result
}

/// Clears the slot (a new run starts).
pub fn clear_autosave() {
    publish(None);
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
        publish(save);
    }
}
