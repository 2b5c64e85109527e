//! Leaving the game: whether something would be lost, the save-before-leaving dialog, and
//! what the dialogs and prompts this screen asked for answered.

use super::game_ui::GameUi;
use super::pending::Pending;
use super::screen::GameScreen;
use crate::modal::dialog::Dialog;
use crate::screen::{Answer, Ctx, Reply, Transition};

impl<U: GameUi> GameScreen<U> {
    /// Whether leaving would lose something: moves made since the game was opened or saved,
    /// and the game not over.
    pub(super) fn has_unsaved_moves(&self) -> bool {
        self.life.unsaved() && !self.history.is_empty()
    }

    pub(super) fn ask_leave(&mut self, quit_program: bool, ctx: &mut Ctx) -> Transition {
        let seat_dialog = self.leave_seat_dialog(ctx);
        // At a table whose game is not going on for this player (it ended, it was given up
        // or abandoned, or they watch), there is nothing to keep: they just go.
        if self.at_a_table() && seat_dialog.is_none() {
            return self.leave(quit_program, ctx);
        }
        if !quit_program && let Some(dialog) = seat_dialog {
            self.pending = Some(Pending::LeaveSeat);
            return Transition::Push(Box::new(dialog));
        }
        if self.has_unsaved_moves() {
            self.pending = Some(Pending::Leave { quit_program });
            Transition::Push(Box::new(
                Dialog::new(
                    // Ctrl-C closes Parlor, not just the game: the title says which.
                    if quit_program {
                        "Quit Parlor"
                    } else {
                        "Leave the game"
                    },
                    &[if quit_program {
                        "Save this game before quitting? (Ctrl-C again quits and autosaves it.)"
                    } else {
                        "Save before leaving?"
                    }],
                    &[
                        ("Save", Answer::Save),
                        ("Don't save", Answer::DontSave),
                        ("Cancel", Answer::Cancel),
                    ],
                )
                .with_cancel(Answer::Cancel),
            ))
        } else {
            self.leave(quit_program, ctx)
        }
    }

    pub(super) fn leave(&mut self, quit_program: bool, ctx: &mut Ctx) -> Transition {
        ctx.ending = Some(self.ending());
        if quit_program {
            Transition::Quit
        } else {
            Transition::Pop(None)
        }
    }

    /// What a dialog, prompt or effect this screen asked for answered.
    pub(super) fn answer(&mut self, reply: Option<Reply>, ctx: &mut Ctx) -> Transition {
        let pending = self.pending.take();
        match (pending, reply) {
            (Some(Pending::Leave { quit_program }), Some(Reply::Choice(Answer::Save))) => {
                self.request_save(Some(quit_program), ctx);
                Transition::Stay
            }
            (Some(Pending::Leave { quit_program }), Some(Reply::Choice(Answer::DontSave))) => {
                self.leave(quit_program, ctx)
            }
            // The seat is kept, and the game is saved in this player's folder on the way out.
            (Some(Pending::LeaveSeat), Some(Reply::Choice(Answer::Keep))) => {
                self.request_save(Some(false), ctx);
                Transition::Stay
            }
            (Some(Pending::LeaveSeat), Some(Reply::Choice(Answer::GiveUp))) => {
                ctx.effect(crate::screen::Effect::GiveUpSeat);
                self.leave(false, ctx)
            }
            (Some(Pending::Exporting), Some(Reply::Exported(path))) => {
                self.message = Some(format!("Exported to {}", ctx.shown_path(&path)));
                Transition::Stay
            }
            (Some(Pending::Exporting), Some(Reply::Failed(err))) => {
                self.message = Some(format!("Not exported: {err}"));
                Transition::Stay
            }
            (Some(Pending::GoToMove), Some(Reply::Text(text))) => {
                self.go_to_typed_move(&text);
                Transition::Stay
            }
            // Any other answer to these (a cancelled prompt) changes nothing.
            (
                Some(
                    Pending::Leave { .. }
                    | Pending::LeaveSeat
                    | Pending::Exporting
                    | Pending::GoToMove,
                ),
                _,
            ) => Transition::Stay,
            (Some(saving), reply) => self.saving_answer(saving, reply, ctx),
            // Nothing was asked: a failure the app reports on its own (a finished game's
            // result that could not be recorded) stands in the status line.
            (None, Some(Reply::Failed(err))) => {
                self.message = Some(err);
                Transition::Stay
            }
            (None, _) => Transition::Stay,
        }
    }
}
