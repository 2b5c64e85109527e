//! The game screen's saves: asking the app to write one, and what its answer means — saved,
//! the file changed since the game read it (another Parlor saved it, or it holds another game:
//! keep both, overwrite or cancel), or the folder cannot be written (another file).

use super::game_ui::GameUi;
use super::pending::Pending;
use super::save_slot::SaveSlot;
use super::screen::GameScreen;
use crate::core::Game;
use crate::modal::dialog::Dialog;
use crate::modal::prompt::Prompt;
use crate::save::format::SaveFile;
use crate::screen::{Answer, Ctx, Effect, Reply, Transition};

impl<U: GameUi> GameScreen<U> {
    /// The game as a save file.
    pub(super) fn snapshot(&self, ctx: &Ctx) -> Result<SaveFile, crate::save::format::EncodeError> {
        crate::save::game::save_file::<U::Game>(
            &self.game_history(),
            &self.players,
            &self.params,
            self.solver_from,
            ctx.now,
            self.slot.id(),
        )
        .map(|file| self.slot.stamp(file))
    }

    /// Asks the app to write the game to its save (then to leave, if `leave` says so).
    pub(super) fn request_save(&mut self, leave: Option<bool>, ctx: &mut Ctx) {
        match self.snapshot(ctx) {
            Ok(file) => {
                self.pending = Some(Pending::Saving { leave });
                ctx.effect(Effect::Save(file));
            }
            Err(err) => self.message = Some(format!("Cannot save: {err}")),
        }
    }

    /// What the app or a dialog answered about a save this screen asked for.
    pub(super) fn saving_answer(
        &mut self,
        pending: Pending,
        reply: Option<Reply>,
        ctx: &mut Ctx,
    ) -> Transition {
        match (pending, reply) {
            (Pending::Saving { leave }, Some(Reply::Stored { path, revision })) => {
                self.slot.stored(revision);
                self.saved(&path, leave, ctx)
            }
            // Saved to a file the person named: the save in the folder is still what it was.
            (Pending::Saving { leave }, Some(Reply::Saved(path))) => self.saved(&path, leave, ctx),
            (Pending::Saving { leave }, Some(Reply::Changed { found, .. })) => {
                self.pending = Some(Pending::Conflict { leave, found });
                Transition::Push(Box::new(
                    Dialog::new(
                        "The save changed",
                        &[
                            "Its file changed since this game was opened:",
                            "another Parlor saved it, or it is another game.",
                            "Keep both (this game under a new name),",
                            "or overwrite it?",
                        ],
                        &[
                            ("Keep both", Answer::KeepBoth),
                            ("Overwrite", Answer::Overwrite),
                            ("Cancel", Answer::Cancel),
                        ],
                    )
                    .with_cancel(Answer::Cancel)
                    .with_focus(Answer::KeepBoth),
                ))
            }
            (Pending::Conflict { leave, .. }, Some(Reply::Choice(Answer::KeepBoth))) => {
                self.slot = SaveSlot::new(crate::save::store::new_id(U::Game::ID));
                self.request_save(leave, ctx);
                Transition::Stay
            }
            (Pending::Conflict { leave, found }, Some(Reply::Choice(Answer::Overwrite))) => {
                self.slot.overwrite(found);
                self.request_save(leave, ctx);
                Transition::Stay
            }
            (Pending::Conflict { .. }, _) => {
                self.message = Some("Not saved: the other save is kept as it is.".into());
                Transition::Stay
            }
            (Pending::Saving { .. }, Some(Reply::Failed(err))) if ctx.guest.is_some() => {
                // A served player names no file of the server: the game stays open.
                self.message = Some(format!(
                    "Not saved: {err} (the game is still open; try again)"
                ));
                Transition::Stay
            }
            (Pending::Saving { leave }, Some(Reply::Failed(err))) => {
                // The game stays open; the save can go to another file right away.
                self.message = Some(format!(
                    "Not saved: {err} (the game is still open; try again)"
                ));
                self.pending = Some(Pending::SaveElsewhere { leave });
                Transition::Push(Box::new(Prompt::save_elsewhere(
                    "Not saved: save to another file?",
                    self.slot.id(),
                )))
            }
            (Pending::SaveElsewhere { leave }, Some(Reply::Text(path))) => {
                match self.snapshot(ctx) {
                    Ok(save) => {
                        self.pending = Some(Pending::Saving { leave });
                        ctx.effect(Effect::SaveAs {
                            save,
                            path: std::path::PathBuf::from(path),
                        });
                    }
                    Err(err) => self.message = Some(format!("Cannot save: {err}")),
                }
                Transition::Stay
            }
            (Pending::Saving { leave }, _) => {
                self.pending = Some(Pending::Saving { leave });
                Transition::Stay
            }
            _ => Transition::Stay,
        }
    }

    /// The save is written: nothing is unsaved any more; leave if that was asked.
    fn saved(&mut self, path: &std::path::Path, leave: Option<bool>, ctx: &mut Ctx) -> Transition {
        self.life.saved();
        self.message = Some(format!("Saved to {}", ctx.shown_path(path)));
        match leave {
            Some(quit_program) => self.leave(quit_program, ctx),
            None => Transition::Stay,
        }
    }
}
