//! The game screen's moves: playing one (the person's, the computer's, the solver's, a forced
//! pass), undo, redo and restart — everything that changes the position shown.

use super::game_ui::GameUi;
use super::motion::{Frames, Motion};
use super::pending::Move;
use super::screen::GameScreen;
use crate::core::{Game, Rules};
use crate::screen::{Ctx, Transition};
use crate::ui::input::Action;

impl<U: GameUi> GameScreen<U> {
    /// Anything that changes the position: forget hints and background work, reset the board.
    pub(super) fn after_change(&mut self) {
        self.history_back = 0;
        self.hint = None;
        self.work = None;
        self.life
            .changed(self.history.current().outcome().is_some());
        self.board.reset(self.history.current());
        self.motion = None;
        self.restart_analysis();
    }

    /// A person with no choice (Reversi's pass) does not have to press a key for it: the
    /// move is played at once, right after the move that caused it (never after an undo, so
    /// undoing past it stays possible), and the status line says what happened.
    fn play_forced_move(&mut self) {
        let state = self.history.current();
        let Some(seat) = state.to_move() else { return };
        if self.players.computer_level(seat).is_some() || state.outcome().is_some() {
            return;
        }
        let Some(forced) = U::Game::forced_move(state) else {
            return;
        };
        let name = self
            .players
            .at(seat)
            .map_or_else(String::new, |p| p.name.clone());
        let who = crate::core::text::name_with_label(&name, U::Game::seat_label(seat));
        if self.history.play(&forced).is_ok() {
            self.after_change();
            self.message = Some(format!("{who} has no move and passes."));
        }
    }

    /// Plays a move (the person's, the computer's or the solver's), then checks for the end.
    pub(super) fn play(&mut self, mv: &Move<U>) -> Transition {
        if self
            .solver_from
            .is_some_and(|first| self.history.applied() <= first)
        {
            // A move of its own where the solver's first one was: the line is the player's.
            self.solver_from = None;
        }
        match self.history.play(mv) {
            Ok(()) => {
                self.pace.next_move();
                self.message = None;
                // Asked before the board resets: it may know the move was already shown
                // (a preview the player confirmed).
                let ply = self.history.applied() - 1;
                let frames = self
                    .history
                    .last_move()
                    .map_or(Frames::NONE, |(before, mv)| self.board.motion(before, mv));
                self.after_change();
                self.play_forced_move();
                self.motion = Motion::new(ply, frames, self.speed, self.now);
                self.check_game_over()
            }
            Err(err) => {
                self.message = Some(err.to_string());
                Transition::Stay
            }
        }
    }

    /// A move that ended the game: a solution being played back stops, and no dialog comes
    /// over the board: the result stands in the status line and the panel, with its keys in
    /// the footer, and the final position stays in view.
    fn check_game_over(&mut self) -> Transition {
        if self.life.is_over() {
            self.solution.clear();
            self.message = None;
        }
        Transition::Stay
    }

    pub(super) fn undo(&mut self) {
        self.solution.clear();
        // Against the computer, undo goes back to the person's previous turn. When there is
        // none (the computer opened and the person has not moved yet), nothing changes: going
        // back to the start would only let the computer open again, differently, and lose the
        // redo list.
        let demo = self.is_demo();
        let mut undone = 0;
        while self.history.undo() {
            undone += 1;
            if demo || self.computer_to_move().is_none() {
                break;
            }
        }
        if undone == 0 || (!demo && self.computer_to_move().is_some()) {
            for _ in 0..undone {
                self.history.redo();
            }
            self.message = Some("Nothing to undo".into());
            return;
        }
        self.message = Some("Move undone".into());
        self.after_change();
    }

    pub(super) fn redo(&mut self) {
        self.solution.clear();
        if self.history.redo() {
            while self.computer_to_move().is_some() && self.history.can_redo() && !self.is_demo() {
                self.history.redo();
            }
            // Redoing into a finished game says how it ended (the dialog came the first time).
            let state = self.history.current();
            self.message = Some(match state.outcome() {
                Some(outcome) => self.outcome_sentence(outcome),
                None => "Move redone".into(),
            });
            self.after_change();
        } else {
            self.message = Some("Nothing to redo".into());
        }
    }

    /// Whether the computer plays every seat (a demo): undo then steps one move at a time. A
    /// puzzle has no seats; one that answers its player's moves is no demo.
    fn is_demo(&self) -> bool {
        !self.players.0.is_empty() && self.players.0.iter().all(|p| p.computer.is_some())
    }

    /// Back to the puzzle's start by undoing every move, so redo takes the restart back.
    pub(super) fn restart(&mut self, ctx: &Ctx) {
        self.solution.clear();
        if !self.history.can_undo() {
            self.message = Some("Already at the start".into());
            return;
        }
        while self.history.undo() {}
        self.message = Some(format!(
            "Restarted (redo, {}, takes it back)",
            ctx.config.keymap.key_name(Action::Redo)
        ));
        self.after_change();
    }
}
