//! The list of a game's shipped position puzzles, what the menu opens: each puzzle's number,
//! goal and depth, and whether the player has solved it (from the records). A puzzle plays on
//! the generic game screen.

use std::marker::PhantomData;

use ratatui::Frame;
use ratatui::layout::Rect;

use super::game::{Params, PuzzleGame};
use super::pack::{self, Entry};
use super::ui::{PuzzleBoard, PuzzleUi};
use crate::core::{Game, Players};
use crate::game_screen::GameScreen;
use crate::modal::help::HelpOverlay;
use crate::screen::{Ctx, Screen, Transition};
use crate::ui::input::{Action, Event};
use crate::ui::picker::{Picked, Picker};

/// The widest the list is drawn.
const WIDTH: u16 = 64;

/// One game's shipped puzzles.
pub struct PackList<A> {
    entries: Vec<Entry>,
    picker: Picker,
    message: Option<String>,
    game: PhantomData<A>,
}

impl<A: PuzzleBoard> Default for PackList<A> {
    fn default() -> Self {
        Self::new()
    }
}

impl<A: PuzzleBoard> PackList<A> {
    /// The list, cursor on the first puzzle.
    #[must_use]
    pub fn new() -> Self {
        Self {
            entries: pack::ids::<A>(),
            picker: Picker::default(),
            message: None,
            game: PhantomData,
        }
    }

    /// One entry's line: number, goal, depth, and the player's result.
    fn line(&self, index: usize, ctx: &Ctx) -> String {
        let entry = &self.entries[index];
        let result = ctx
            .records
            .game(A::ID)
            .and_then(|records| records.puzzles.get(&entry.id))
            .map_or_else(String::new, |tally| match (tally.solved, tally.fewest) {
                (0, _) if tally.by_solver > 0 => "shown".to_string(),
                (0, _) => "tried".to_string(),
                (_, Some(fewest)) => format!("solved in {fewest}"),
                (_, None) => "solved".to_string(),
            });
        format!(
            "{:>3}. {:<20} depth {:>2}   {result}",
            index + 1,
            entry.goal.title(),
            entry.depth
        )
    }

    fn open(&mut self, index: usize, ctx: &Ctx) -> Transition {
        let Some(entry) = self.entries.get(index) else {
            return Transition::Stay;
        };
        let params = Params {
            id: entry.id.clone(),
        };
        match GameScreen::<PuzzleUi<A>>::new(params, Players::none(), ctx) {
            Ok(screen) => Transition::Push(Box::new(screen)),
            Err(err) => {
                self.message = Some(err.to_string());
                Transition::Stay
            }
        }
    }

    fn frame(&self, area: Rect) -> Rect {
        Picker::frame(area, WIDTH, self.entries.len())
    }
}

impl<A: PuzzleBoard> Screen for PackList<A> {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        let frame = self.frame(ctx.area);
        match self.picker.handle(event, frame, self.entries.len()) {
            Picked::Chosen(index) => return self.open(index, ctx),
            Picked::Moved => {
                self.message = None;
                return Transition::Stay;
            }
            Picked::Ignored => {}
        }
        match event.action() {
            Some(Action::Help) => Transition::Push(Box::new(HelpOverlay::new(
                format!("{} — help", A::TITLE),
                &ctx.config.keymap.expand(<PuzzleGame<A> as Game>::HELP),
            ))),
            Some(Action::Back | Action::Quit) => Transition::Pop(None),
            _ => Transition::Stay,
        }
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let keys = &ctx.config.keymap;
        let entries: Vec<String> = (0..self.entries.len()).map(|i| self.line(i, ctx)).collect();
        let hint = self.message.clone().unwrap_or_else(|| {
            format!(
                "{} play · {} help · {} back",
                keys.key_name(Action::Confirm),
                keys.key_name(Action::Help),
                keys.key_name(Action::Back)
            )
        });
        self.picker.render(
            frame,
            self.frame(area),
            A::TITLE,
            &entries,
            &hint,
            &ctx.theme,
        );
    }

    fn min_size(&self, _ctx: &Ctx) -> (u16, u16) {
        (44, 8)
    }
}

/// The puzzles on screen: the menu and a bare command line open the pack's list (this
/// screen), a chosen puzzle opens on the game screen.
impl<A: PuzzleBoard> crate::games::screen_entry::ScreenRegistration for super::Puzzles<A> {
    type Ui = PuzzleUi<A>;

    /// The menu opens the list of shipped puzzles.
    fn new_game(_ctx: &Ctx) -> Box<dyn crate::screen::Screen> {
        Box::new(PackList::<A>::new())
    }

    /// The list without a choice, else the puzzle.
    fn launch(
        args: &super::args::Args,
        _launch: &crate::games::entry::Launch<'_>,
        ctx: &Ctx,
    ) -> Result<Box<dyn crate::screen::Screen>, crate::games::error::LaunchError> {
        match super::chosen::<A>(args).map_err(crate::games::error::LaunchError::choice)? {
            None => Ok(Box::new(PackList::<A>::new())),
            Some(params) => Ok(Box::new(
                crate::game_screen::GameScreen::<PuzzleUi<A>>::new(
                    params,
                    crate::core::Players::none(),
                    ctx,
                )?,
            )),
        }
    }
}
