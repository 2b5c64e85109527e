//! When quitting cannot autosave (Ctrl-C twice with a read-only or full data folder): the
//! program does not quit silently and lose the game. A dialog says why, and offers another
//! file (the game goes where the person types), quitting without saving, or going back.
//! Ctrl-C once more quits without saving.

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::modal::dialog::Dialog;
use crate::modal::prompt::Prompt;
use crate::save::format::SaveFile;
use crate::screen::{Answer, Ctx, Effect, Reply, Screen, Transition};
use crate::ui::input::Event;

/// The widest line of the dialog's reason (it fits a 60-column terminal with its frame).
const LINE: usize = 52;

/// Holds the games that could not be autosaved and asks what to do with them. Drawn by the
/// dialogs it opens; it has nothing of its own to show.
pub struct AutosaveFailed {
    /// The games still unsaved, first one next.
    unsaved: Vec<SaveFile>,
    /// Waiting for the prompt's path (not the dialog's answer).
    asking_path: bool,
}

impl AutosaveFailed {
    /// The screen and the dialog to open over it, for games that could not be autosaved and
    /// the reason.
    #[must_use]
    pub fn open(unsaved: Vec<SaveFile>, reason: &str) -> (Self, Dialog) {
        (
            Self {
                unsaved,
                asking_path: false,
            },
            question(reason),
        )
    }

    fn ask_path(&mut self) -> Transition {
        let Some(save) = self.unsaved.first() else {
            return Transition::Quit;
        };
        self.asking_path = true;
        Transition::Push(Box::new(Prompt::save_elsewhere(
            "Save the game to another file",
            &save.id,
        )))
    }
}

/// The question, with the reason broken into lines that fit.
fn question(reason: &str) -> Dialog {
    let mut lines = vec!["The game could not be autosaved:".to_string()];
    lines.extend(
        crate::core::text::wrap(&crate::core::text::sanitize(reason), LINE)
            .into_iter()
            .take(4),
    );
    lines.push("Save it to another file, or quit without it?".into());
    lines.push("(Ctrl-C once more quits without saving.)".into());
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    Dialog::new(
        "Not autosaved",
        &lines,
        &[
            ("Save elsewhere", Answer::Elsewhere),
            ("Quit without saving", Answer::DontSave),
            ("Cancel", Answer::Cancel),
        ],
    )
    .with_cancel(Answer::Cancel)
    .with_focus(Answer::Elsewhere)
}

impl Screen for AutosaveFailed {
    fn handle_event(&mut self, _event: &Event, _ctx: &mut Ctx) -> Transition {
        // Only reached if its dialog was closed without an answer: ask again.
        Transition::Push(Box::new(question("it was not written")))
    }

    fn render(&self, _frame: &mut Frame, _area: Rect, _ctx: &Ctx) {}

    fn resume(&mut self, reply: Option<Reply>, ctx: &mut Ctx) -> Transition {
        match reply {
            Some(Reply::Choice(Answer::Elsewhere)) => self.ask_path(),
            Some(Reply::Choice(Answer::DontSave)) => Transition::Quit,
            Some(Reply::Text(path)) if self.asking_path => {
                self.asking_path = false;
                if let Some(save) = self.unsaved.first() {
                    ctx.effect(Effect::SaveAs {
                        save: save.clone(),
                        path: path.into(),
                    });
                }
                Transition::Stay
            }
            Some(Reply::Saved(_)) => {
                self.unsaved.remove(0);
                if self.unsaved.is_empty() {
                    Transition::Quit
                } else {
                    self.ask_path()
                }
            }
            Some(Reply::Failed(err)) => Transition::Push(Box::new(question(&err))),
            // Esc or Cancel: back to the game, nothing lost.
            _ => Transition::Pop(None),
        }
    }

    fn is_opaque(&self) -> bool {
        false
    }

    /// Ctrl-C once more: the person was told, and asked; now it quits without saving.
    fn guards_quit(&self) -> bool {
        true
    }

    fn interrupt(&mut self, _ctx: &mut Ctx) -> Transition {
        Transition::Quit
    }
}
