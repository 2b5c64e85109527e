//! The games listed under one menu item ("Position puzzles"): each with its blurb, opening
//! what the menu would open for it. The list comes from the registry's groups, so a game that
//! joins a group needs no line here.

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::games::game_entry::GameEntry;
use crate::games::registry::Registry;
use crate::modal::help::HelpOverlay;
use crate::screen::{Ctx, Screen, Transition};
use crate::ui::input::{Action, Event};
use crate::ui::picker::{Picked, Picker};

/// The widest the list is drawn.
const WIDTH: u16 = 76;

/// One group's games.
pub struct GroupList {
    group: &'static str,
    games: Vec<&'static GameEntry>,
    picker: Picker,
}

impl GroupList {
    /// The games of `group` among `registry`'s, in its order.
    #[must_use]
    pub fn new(group: &'static str, registry: Registry) -> Self {
        Self {
            group,
            games: registry
                .games()
                .iter()
                .copied()
                .filter(|game| game.group == Some(group))
                .collect(),
            picker: Picker::default(),
        }
    }

    fn frame(&self, area: Rect) -> Rect {
        Picker::frame(area, WIDTH, self.games.len())
    }
}

impl Screen for GroupList {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        let frame = self.frame(ctx.area);
        match self.picker.handle(event, frame, self.games.len()) {
            Picked::Chosen(index) => {
                return Transition::Push((self.games[index].screens.new_game)(ctx));
            }
            Picked::Moved => return Transition::Stay,
            Picked::Ignored => {}
        }
        match event.action() {
            Some(Action::Help) => {
                let game = self.games[self.picker.cursor.min(self.games.len().saturating_sub(1))];
                Transition::Push(Box::new(HelpOverlay::new(
                    format!("{} — help", game.title),
                    &ctx.config.keymap.expand(game.help),
                )))
            }
            Some(Action::Back | Action::Quit) => Transition::Pop(None),
            _ => Transition::Stay,
        }
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let keys = &ctx.config.keymap;
        let entries: Vec<String> = self
            .games
            .iter()
            .map(|game| format!("{:<22} {}", game.title, game.blurb))
            .collect();
        let hint = format!(
            "{} open · {} help · {} back",
            keys.key_name(Action::Confirm),
            keys.key_name(Action::Help),
            keys.key_name(Action::Back)
        );
        self.picker.render(
            frame,
            self.frame(area),
            self.group,
            &entries,
            &hint,
            &ctx.theme,
        );
    }

    fn min_size(&self, _ctx: &Ctx) -> (u16, u16) {
        (40, 7)
    }
}
