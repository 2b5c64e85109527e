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

/// The title column: the widest title and a space.
const TITLE: usize = 23;

/// The narrowest the description column gets beside the titles; narrower, each description
/// goes under its title instead.
const BESIDE: usize = 24;

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

    /// The list's frame and each game's rows in it: as wide as the longest line needs (the
    /// whole screen if that is less), every description wrapped under itself when the line
    /// does not fit, so no description is cut. Drawing and the mouse both use it.
    fn layout(&self, area: Rect) -> (Rect, Vec<Vec<String>>) {
        let wanted = self
            .games
            .iter()
            .map(|game| TITLE + crate::core::text::width(game.blurb))
            .max()
            .unwrap_or(0)
            // The borders and the cursor's mark.
            + 3;
        let width = u16::try_from(wanted).unwrap_or(u16::MAX).min(area.width);
        let room = usize::from(width.saturating_sub(3));
        let mut entries: Vec<Vec<String>> = self
            .games
            .iter()
            .map(|game| {
                if room >= TITLE + BESIDE {
                    let mut rows = crate::core::text::wrap(game.blurb, room - TITLE).into_iter();
                    let first =
                        format!("{:<TITLE$}{}", game.title, rows.next().unwrap_or_default());
                    std::iter::once(first)
                        .chain(rows.map(|row| format!("{:TITLE$}{row}", "")))
                        .collect()
                } else {
                    std::iter::once(game.title.to_string())
                        .chain(
                            crate::core::text::wrap(game.blurb, room.saturating_sub(2))
                                .into_iter()
                                .map(|row| format!("  {row}")),
                        )
                        .collect()
                }
            })
            .collect();
        // Every entry as tall as the tallest, so a row's entry is its row over that height.
        let per_entry = entries.iter().map(Vec::len).max().unwrap_or(1);
        for rows in &mut entries {
            rows.resize(per_entry, String::new());
        }
        (
            Picker::frame_rows(area, width, self.games.len(), per_entry),
            entries,
        )
    }
}

impl Screen for GroupList {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        let (frame, entries) = self.layout(ctx.area);
        let per_entry = entries.first().map_or(1, Vec::len);
        match self
            .picker
            .handle_rows(event, frame, self.games.len(), per_entry)
        {
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
        let (list, entries) = self.layout(area);
        let hint = format!(
            "{} open · {} help · {} back",
            keys.key_name(Action::Confirm),
            keys.key_name(Action::Help),
            keys.key_name(Action::Back)
        );
        self.picker
            .render_rows(frame, list, self.group, &entries, &hint, &ctx.theme);
    }

    fn min_size(&self, _ctx: &Ctx) -> (u16, u16) {
        (40, 7)
    }
}
