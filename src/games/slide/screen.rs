//! Slide's own screens: the level list the menu opens, and a thin wrapper around the generic
//! game screen that records the best result when a level is solved and restarts a level (`R`)
//! by undoing every move, so redo takes the restart back.

use std::time::Instant;

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};

use super::args::Difficulty;
use super::generate::generate;
use super::level::Level;
use super::levels;
use super::ui::{Params, SlideUi};
use crate::core::{Outcome, Rules};
use crate::game::{GameScreen, GameUi, Players};
use crate::save::catalog::SaveSummary;
use crate::save::format::{SaveError, SaveFile};
use crate::screen::{Ctx, Effect, Reply, Screen, Transition};
use crate::ui::help::HelpOverlay;
use crate::ui::input::{Action, Event, KeyInput, MouseKind};
use crate::ui::list::list_step;

/// What the level list adds to Slide's help page.
const LIST_HELP: &str = "
# The level list
↑/↓ or the wheel choose a level, PgUp/PgDn move ten, Home/End jump to the ends; Enter or a \
click plays it. Each line shows the level's par (the fewest moves possible, proven by the \
solver) and your best result. e, m and g make a new easy, medium or hard level from a fresh \
seed (its name holds the seed: `parlor slide --seed S` plays it again). Esc goes back.";

/// The key best results of shipped level `number` (from 1) are kept under.
#[must_use]
pub fn level_key(number: usize) -> String {
    format!("level-{number:02}")
}

/// The game screen of one level plus best-result bookkeeping.
pub struct SlideGame {
    inner: GameScreen<SlideUi>,
    /// Whether the current solved position was already recorded (undo clears it).
    recorded: bool,
}

impl SlideGame {
    /// Opens a level.
    ///
    /// # Errors
    /// A sentence when the level cannot start (never for a validated level).
    pub fn new(level: &Level, key: String, ctx: &Ctx) -> Result<Self, String> {
        let params = Params::for_level(level, key);
        Ok(Self::around(GameScreen::new(params, Players::none(), ctx)?))
    }

    /// Opens a save as a level screen, not a bare game screen, so a win after a reload still
    /// counts as the player's best under the level's key.
    ///
    /// # Errors
    /// [`SaveError`] for anything wrong in the file.
    pub fn open_save(
        file: &SaveFile,
        ctx: &Ctx,
    ) -> Result<(SaveSummary, Box<dyn Screen>), SaveError> {
        let screen = Self::around(GameScreen::<SlideUi>::from_save(file, ctx)?);
        Ok((screen.inner.summary(), Box::new(screen)))
    }

    /// Wraps a game screen; a position already solved (a save of a finished level) is not
    /// recorded again.
    fn around(inner: GameScreen<SlideUi>) -> Self {
        let recorded = inner.history().current().outcome() == Some(Outcome::Solved);
        Self { inner, recorded }
    }

    /// The wrapped game screen (tests read its history).
    #[must_use]
    pub fn game(&self) -> &GameScreen<SlideUi> {
        &self.inner
    }

    fn after(&mut self, transition: Transition, ctx: &mut Ctx) -> Transition {
        let history = self.inner.history();
        let solved = history.current().outcome() == Some(Outcome::Solved);
        // A win the solver played (Solve) is not the player's result.
        if solved && !self.recorded && !self.inner.assisted() {
            ctx.effect(Effect::RecordStat {
                game: "slide".into(),
                key: self.inner.params().key.clone(),
                value: history.applied() as i64,
            });
        }
        self.recorded = solved;
        transition
    }
}

impl Screen for SlideGame {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        if event.action() == Some(Action::Restart) {
            // Restart = undo every move, so redo (or undo's own redo tail) takes it back.
            let undo = Event::Key(KeyInput {
                action: Some(Action::Undo),
                text: None,
            });
            while self.inner.history().can_undo() {
                let before = self.inner.history().applied();
                let _ = self.inner.handle_event(&undo, ctx);
                if self.inner.history().applied() == before {
                    break;
                }
            }
            return self.after(Transition::Stay, ctx);
        }
        let transition = self.inner.handle_event(event, ctx);
        self.after(transition, ctx)
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        self.inner.render(frame, area, ctx);
    }

    fn deadline(&self) -> Option<Instant> {
        self.inner.deadline()
    }

    fn tick(&mut self, now: Instant, ctx: &mut Ctx) -> Transition {
        let transition = self.inner.tick(now, ctx);
        self.after(transition, ctx)
    }

    fn resume(&mut self, reply: Option<Reply>, ctx: &mut Ctx) -> Transition {
        let transition = self.inner.resume(reply, ctx);
        self.after(transition, ctx)
    }

    fn interrupt(&mut self, ctx: &mut Ctx) -> Transition {
        self.inner.interrupt(ctx)
    }

    fn autosave(&self, ctx: &Ctx) -> Option<crate::save::format::SaveFile> {
        self.inner.autosave(ctx)
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.inner.check_invariants()
    }

    fn guards_quit(&self) -> bool {
        self.inner.guards_quit()
    }

    fn min_size(&self, ctx: &Ctx) -> (u16, u16) {
        self.inner.min_size(ctx)
    }
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
        crate::ui::layout::centered(area, 72, (levels::COUNT as u16 + 4).min(area.height))
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
        match SlideGame::new(level, level_key(index + 1), ctx) {
            Ok(game) => Transition::Push(Box::new(game)),
            Err(err) => {
                self.message = Some(err);
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
        let key = format!("seed-{seed}-{difficulty:?}").to_lowercase();
        match SlideGame::new(&level, key, ctx) {
            Ok(game) => Transition::Push(Box::new(game)),
            Err(err) => {
                self.message = Some(err);
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
                    HelpOverlay::new("Slide — help", <SlideUi as GameUi>::HELP)
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
        lines.push(Line::styled(
            self.message.clone().unwrap_or_else(|| {
                "Enter: play · e/m/g: new easy/medium/hard level · ?: help · Esc: back".to_string()
            }),
            theme.dim,
        ));
        frame.render_widget(
            Paragraph::new(lines).block(
                Block::new()
                    .borders(Borders::ALL)
                    .border_set(theme.border_set())
                    .border_style(theme.border)
                    .title(Line::styled(" Slide — levels ", theme.title)),
            ),
            list,
        );
    }

    fn min_size(&self, _ctx: &Ctx) -> (u16, u16) {
        // The list scrolls, so a few lines of it are enough.
        (72, 14)
    }
}
