//! A served player's first visit (`parlor serve`): the name the other players will see at the
//! tables, asked once and kept in their folder (`save::player`).

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::modal::prompt::Prompt;
use crate::screen::{Ctx, Effect, Reply, Screen, Transition};
use crate::ui::input::Event;

/// Sits over the menu while its name question is open and takes the answer: a usable name is
/// kept (`Effect::SetPlayerName`) and the menu shows; anything else asks again (the arcade
/// needs a name to show at the tables; Ctrl-C still leaves).
pub struct Welcome;

impl Welcome {
    /// The question, with the reason the last answer was not taken.
    #[must_use]
    pub fn question(again: Option<&str>) -> Prompt {
        let label = match again {
            Some(reason) => format!("{reason} Your name, as other players will see it:"),
            None => "Your name, as other players will see it:".to_string(),
        };
        Prompt::new("Welcome to Parlor", label)
    }
}

impl Screen for Welcome {
    fn handle_event(&mut self, _event: &Event, _ctx: &mut Ctx) -> Transition {
        // Only reached if the question was closed without an answer: ask again.
        Transition::Push(Box::new(Self::question(None)))
    }

    fn render(&self, _frame: &mut Frame, _area: Rect, _ctx: &Ctx) {}

    fn resume(&mut self, reply: Option<Reply>, ctx: &mut Ctx) -> Transition {
        match reply {
            Some(Reply::Text(typed)) => match crate::save::player::clean_name(&typed) {
                Some(name) => {
                    ctx.effect(Effect::SetPlayerName(name));
                    Transition::Pop(None)
                }
                None => Transition::Push(Box::new(Self::question(Some(
                    "That name has nothing to show.",
                )))),
            },
            Some(Reply::Failed(_) | Reply::Saved(_)) => Transition::Stay,
            _ => Transition::Push(Box::new(Self::question(Some("A name is needed to play.")))),
        }
    }

    fn is_opaque(&self) -> bool {
        false
    }
}
