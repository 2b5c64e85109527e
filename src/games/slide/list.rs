//! Slide's level list, the screen the menu opens: every shipped level with its par and the
//! player's best, and new generated levels. A level itself plays on the generic game screen.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};

use super::game::{Params, SlideGame};
use super::generate::Difficulty;
use super::generate::generate;
use super::level::Level;
use super::levels;
use super::levels::level_key;
use super::ui::SlideUi;
use crate::core::Game;
use crate::core::Players;
use crate::game_screen::GameScreen;
use crate::games::entry::Launch;
use crate::games::error::LaunchError;
use crate::modal::help::HelpOverlay;
use crate::screen::{Ctx, Screen, Transition};
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::list::list_step;

/// What the level list adds to Slide's help page.
const LIST_HELP: &str = "
# The level list
↑/↓ or the wheel choose a level, PgUp/PgDn move ten, Home/End jump to the ends; Enter or a \
click plays it. Each line shows the level's par (the fewest moves possible, proven by the \
solver) and your best result. e, m and g make a new easy, medium or hard level from a fresh \
seed (its name holds the seed: `parlor slide --seed S` plays it again). Esc goes back.";

/// The game screen of a level: best results are kept under `key`.
///
/// # Errors
/// [`StartError`](crate::core::StartError) when the level cannot start (never for a validated
/// level).
pub fn open_level(
    level: &Level,
    key: String,
    ctx: &Ctx,
) -> Result<GameScreen<SlideUi>, crate::core::StartError> {
    GameScreen::new(Params::for_level(level, key), Players::none(), ctx)
}

/// The menu's entry to Slide: every shipped level with its par and the player's best.
pub struct LevelList {
    levels: Vec<Level>,
    cursor: usize,
    message: Option<String>,
}

impl Default for LevelList {
    fn default() -> Self {
        Self::new()
    }
}

impl LevelList {
    /// The list of shipped levels, cursor on the first.
    #[must_use]
    pub fn new() -> Self {
        Self {
            levels: levels::shipped(),
            cursor: 0,
            message: None,
        }
    }

    /// The text of one line of the list.
    fn line(&self, index: usize, ctx: &Ctx) -> String {
        let level = &self.levels[index];
        let best = ctx
            .stats
            .best("slide", &level_key(index + 1))
            .map_or_else(|| "-".to_string(), |b| b.to_string());
        let par = level.par.map_or_else(|| "?".to_string(), |p| p.to_string());
        format!(
            "{:>2}. {:<22} par {:>3}   best {:>3}",
            index + 1,
            level.name,
            par,
            best
        )
    }

    /// The first list row on screen and the area of the list (shared by drawing and clicks).
    fn list_area(area: Rect) -> Rect {
        crate::ui::layout::centered(
            area,
            area.width.min(72),
            (levels::COUNT as u16 + 4).min(area.height),
        )
    }

    /// How many level lines fit in `list` (its borders and the hint line take three rows).
    fn visible_rows(list: Rect) -> usize {
        usize::from(list.height.saturating_sub(3)).max(1)
    }

    /// The first level shown: the list scrolls just enough to keep the cursor in view, so a
    /// short terminal still shows every level (shared by drawing and clicks).
    fn first_shown(&self, list: Rect) -> usize {
        (self.cursor + 1).saturating_sub(Self::visible_rows(list))
    }

    fn open(&mut self, index: usize, ctx: &Ctx) -> Transition {
        let Some(level) = self.levels.get(index) else {
            return Transition::Stay;
        };
        match open_level(level, level_key(index + 1), ctx) {
            Ok(game) => Transition::Push(Box::new(game)),
            Err(err) => {
                self.message = Some(err.to_string());
                Transition::Stay
            }
        }
    }
}

impl LevelList {
    /// A generated level (`e` easy, `m` medium, `g` hard), seeded from the clock so each press
    /// gives a new level; the seed is in the level's name, so `--seed` can replay it.
    fn open_generated(&mut self, letter: char, ctx: &Ctx) -> Transition {
        let difficulty = match letter {
            'e' => Difficulty::Easy,
            'm' => Difficulty::Medium,
            _ => Difficulty::Hard,
        };
        let seed = ctx
            .now
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() % 100_000);
        let level = generate(seed, difficulty.par_range());
        let key = super::id::seed_key(seed, difficulty);
        match open_level(&level, key, ctx) {
            Ok(game) => Transition::Push(Box::new(game)),
            Err(err) => {
                self.message = Some(err.to_string());
                Transition::Stay
            }
        }
    }
}

impl Screen for LevelList {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        if let Some(mouse) = event.mouse() {
            let wheel = match mouse.kind {
                MouseKind::ScrollUp => Some(Action::Up),
                MouseKind::ScrollDown => Some(Action::Down),
                _ => None,
            };
            if let Some(next) =
                wheel.and_then(|action| list_step(action, self.cursor, self.levels.len(), false))
            {
                self.cursor = next;
                return Transition::Stay;
            }
            let list = Self::list_area(ctx.area);
            let first = list.y + 1;
            let pos: Position = mouse.position();
            if pos.x >= list.x && pos.x < list.right() && pos.y >= first {
                let row = usize::from(pos.y - first);
                let index = self.first_shown(list) + row;
                if row < Self::visible_rows(list) && index < self.levels.len() {
                    self.cursor = index;
                    if mouse.kind == MouseKind::Click {
                        return self.open(index, ctx);
                    }
                }
            }
            return Transition::Stay;
        }
        if let Some(next) = event
            .action()
            .and_then(|action| list_step(action, self.cursor, self.levels.len(), false))
        {
            self.cursor = next;
            return Transition::Stay;
        }
        match event.action() {
            Some(Action::Confirm) => return self.open(self.cursor, ctx),
            Some(Action::Help) => {
                // The game's own help, then what this list adds.
                return Transition::Push(Box::new(
                    HelpOverlay::new(
                        "Slide — help",
                        &ctx.config.keymap.expand(<SlideGame as Game>::HELP),
                    )
                    .with_lines(LIST_HELP.lines().map(str::to_string)),
                ));
            }
            Some(Action::Back | Action::Quit) => return Transition::Pop(None),
            _ => {}
        }
        if let Some(letter @ ('e' | 'm' | 'g')) = event.text() {
            return self.open_generated(letter, ctx);
        }
        Transition::Stay
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let list = Self::list_area(area);
        let first = self.first_shown(list);
        let last = (first + Self::visible_rows(list)).min(self.levels.len());
        let mut lines: Vec<Line> = (first..last)
            .map(|i| {
                let style = if i == self.cursor {
                    theme.selected
                } else {
                    theme.text
                };
                let marker = if i == self.cursor {
                    theme.glyph("▶", ">")
                } else {
                    " "
                };
                Line::styled(format!("{marker}{}", self.line(i, ctx)), style)
            })
            .collect();
        let keys = &ctx.config.keymap;
        let (play, help, back) = (
            keys.key_name(Action::Confirm),
            keys.key_name(Action::Help),
            keys.key_name(Action::Back),
        );
        let room = usize::from(list.width.saturating_sub(2));
        let long =
            format!("{play} play · e/m/g new easy/medium/hard level · {help} help · {back} back");
        let hint = if crate::core::text::width(&long) <= room {
            long
        } else {
            format!("{play} play · e/m/g new · {help} help · {back} back")
        };
        lines.push(Line::styled(
            crate::core::text::truncate(self.message.as_deref().unwrap_or(&hint), room),
            theme.dim,
        ));
        let block = Block::new()
            .borders(Borders::ALL)
            .border_set(theme.border_set())
            .border_style(theme.border)
            .title(Line::styled(" Slide — levels ", theme.title));
        let below = self.levels.len() - last;
        let block = crate::ui::list::with_more(block, first, below, theme);
        frame.render_widget(Paragraph::new(lines).block(block), list);
    }

    fn min_size(&self, _ctx: &Ctx) -> (u16, u16) {
        // The list scrolls, so a few lines of it are enough; a level's line is 46 wide.
        (48, 10)
    }
}

impl crate::games::screen_entry::ScreenRegistration for super::Slide {
    type Ui = SlideUi;

    /// The menu opens the level list.
    fn new_game(_ctx: &Ctx) -> Box<dyn Screen> {
        Box::new(LevelList::new())
    }

    /// The level list without a level, else the level.
    fn launch(
        args: &super::args::Args,
        _launch: &Launch<'_>,
        ctx: &Ctx,
    ) -> Result<Box<dyn Screen>, LaunchError> {
        match super::chosen_params(args).map_err(LaunchError::choice)? {
            None => Ok(Box::new(LevelList::new())),
            Some(params) => Ok(Box::new(GameScreen::<SlideUi>::new(
                params,
                Players::none(),
                ctx,
            )?)),
        }
    }
}
