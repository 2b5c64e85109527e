//! Driving the whole app in tests, through the same input path as a terminal: key presses go
//! through the keymap, clicks arrive as mouse events at cells, and the screen is read back from
//! ratatui's `TestBackend`. Used by unit tests, `tests/`, and the monkey test.

use std::path::Path;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Cell;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use ratatui::layout::Rect;

use std::convert::Infallible;
use std::sync::Arc;

use crate::app::{App, AppSetup};
use crate::clock::{Clock, FrozenWallClock};
use crate::config::Config;
use crate::games::registry::Registry;
use crate::screen::{Ctx, Screen};
use crate::ui::palette::ColorEnv;
use crate::work_pool::WorkPool;

pub mod untrusted;

/// The cells of row `y` a terminal shows, with their columns: a wide character's cell hides
/// the cell after it.
fn visible_cells(buffer: &ratatui::buffer::Buffer, y: u16) -> Vec<(u16, &str)> {
    let mut cells = Vec::new();
    let mut x = buffer.area.x;
    while x < buffer.area.right() {
        let symbol = buffer[(x, y)].symbol();
        cells.push((x, symbol));
        x += crate::core::text::width(symbol).clamp(1, 2) as u16;
    }
    cells
}

/// The clock every harness shows: 2026-11-22T10:04:00Z, so snapshots never change with time.
pub const FROZEN_NOW: u64 = 1_795_341_840;

/// The clock of every harness but [`Harness::command_line_with_clock`]'s: the wall clock at
/// [`FROZEN_NOW`], the system's instants.
fn frozen_clock() -> Arc<dyn Clock> {
    Arc::new(FrozenWallClock::at_seconds(FROZEN_NOW))
}

/// An app on a `TestBackend`, with its own empty data directory.
pub struct Harness {
    app: App,
    terminal: Terminal<TestBackend>,
    dir: tempfile::TempDir,
    /// Whether moves' motion is left to run on the test's own clock ([`Harness::keep_motion`]);
    /// otherwise every draw shows where a motion ends, so tests that are not about motion
    /// read final positions whatever the real clock does.
    keep_motion: bool,
}

impl Harness {
    /// The app at the main menu, `width`×`height` cells.
    ///
    /// # Panics
    /// If a temporary directory cannot be made (a broken test machine).
    #[must_use]
    pub fn menu(width: u16, height: u16) -> Self {
        Self::build(width, height, Config::defaults(), |_| None)
    }

    /// The app started straight into the screen `first` builds (as `parlor <game>` does).
    ///
    /// # Panics
    /// If a temporary directory cannot be made.
    #[must_use]
    pub fn with_screen(
        width: u16,
        height: u16,
        first: impl FnOnce(&Ctx) -> Box<dyn Screen>,
    ) -> Self {
        Self::build(width, height, Config::defaults(), |ctx| Some(first(ctx)))
    }

    /// [`Harness::with_screen`] with a config text overriding the defaults.
    ///
    /// # Panics
    /// If the config is invalid or a temporary directory cannot be made.
    #[must_use]
    pub fn with_screen_and_config(
        width: u16,
        height: u16,
        config: &str,
        first: impl FnOnce(&Ctx) -> Box<dyn Screen>,
    ) -> Self {
        let config = Config::from_overrides(Some(config), "test").expect("test config is valid");
        Self::build(width, height, config, |ctx| Some(first(ctx)))
    }

    /// The app started as `parlor ARGS…` starts it in a terminal (`["slide", "--level", "21"]`).
    ///
    /// # Panics
    /// If the command line is refused or a temporary directory cannot be made.
    #[must_use]
    pub fn command_line(width: u16, height: u16, args: &[&str]) -> Self {
        Self::build(width, height, Config::defaults(), |ctx| {
            crate::cli::command_line_screen(Registry::STANDARD, args, ctx)
                .expect("the command line is accepted")
        })
    }

    /// The app at the menu with a config text over the defaults.
    ///
    /// # Panics
    /// If the config is invalid or a temporary directory cannot be made.
    #[must_use]
    pub fn with_config(width: u16, height: u16, config: &str) -> Self {
        let config = Config::from_overrides(Some(config), "test").expect("test config is valid");
        Self::build(width, height, config, |_| None)
    }

    fn build(
        width: u16,
        height: u16,
        config: Config,
        first: impl FnOnce(&Ctx) -> Option<Box<dyn Screen>>,
    ) -> Self {
        Self::build_in(width, height, config, ColorEnv::no_color(), first)
    }

    /// The app started as `parlor ARGS…` starts it, with a config text over the defaults, in
    /// a terminal whose environment says `colors` (the other constructors draw as with
    /// `NO_COLOR`): for tests of the colours themselves.
    ///
    /// # Panics
    /// If the config or the command line is refused, or a temporary directory cannot be made.
    #[must_use]
    pub fn in_color(
        width: u16,
        height: u16,
        config: &str,
        colors: ColorEnv,
        args: &[&str],
    ) -> Self {
        let config = Config::from_overrides(Some(config), "test").expect("test config is valid");
        Self::build_in(width, height, config, colors, |ctx| {
            crate::cli::command_line_screen(Registry::STANDARD, args, ctx)
                .expect("the command line is accepted")
        })
    }

    fn build_in(
        width: u16,
        height: u16,
        config: Config,
        colors: ColorEnv,
        first: impl FnOnce(&Ctx) -> Option<Box<dyn Screen>>,
    ) -> Self {
        Self::build_with(
            width,
            height,
            config,
            colors,
            (WorkPool::new(2), Registry::STANDARD, frozen_clock()),
            first,
        )
    }

    /// The app offering `games` instead of Parlor's own, started as `parlor ARGS…` starts it
    /// (the menu for no arguments): how a test adds a game of its own (a folder of the test
    /// crate and one registry line) and walks it through the arcade.
    ///
    /// # Panics
    /// If the command line is refused or a temporary directory cannot be made.
    #[must_use]
    pub fn with_games(width: u16, height: u16, games: Registry, args: &[&str]) -> Self {
        Self::build_with(
            width,
            height,
            Config::defaults(),
            ColorEnv::no_color(),
            (WorkPool::new(2), games, frozen_clock()),
            |ctx| {
                crate::cli::command_line_screen(games, args, ctx)
                    .expect("the command line is accepted")
            },
        )
    }

    /// The app at the menu, its background work on `pool`: for tests of several apps in one
    /// process sharing one pool, as a server of many terminals would.
    ///
    /// # Panics
    /// If a temporary directory cannot be made.
    #[must_use]
    pub fn menu_on(width: u16, height: u16, pool: &WorkPool) -> Self {
        Self::build_with(
            width,
            height,
            Config::defaults(),
            ColorEnv::no_color(),
            (pool.clone(), Registry::STANDARD, frozen_clock()),
            |_| None,
        )
    }

    /// The app started as `parlor ARGS…` starts it, its background work on `pool` (see
    /// [`Harness::menu_on`]).
    ///
    /// # Panics
    /// If the command line is refused or a temporary directory cannot be made.
    #[must_use]
    pub fn command_line_on(width: u16, height: u16, args: &[&str], pool: &WorkPool) -> Self {
        Self::build_with(
            width,
            height,
            Config::defaults(),
            ColorEnv::no_color(),
            (pool.clone(), Registry::STANDARD, frozen_clock()),
            |ctx| {
                crate::cli::command_line_screen(Registry::STANDARD, args, ctx)
                    .expect("the command line is accepted")
            },
        )
    }

    /// The app started as `parlor ARGS…` starts it, reading the time from `clock` alone: for
    /// the tests that every deadline is measured on the app's own clock (a
    /// [`ManualClock`](crate::clock::ManualClock) far from the system's shows any that is not).
    ///
    /// # Panics
    /// If the command line is refused or a temporary directory cannot be made.
    #[must_use]
    pub fn command_line_with_clock(
        width: u16,
        height: u16,
        args: &[&str],
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self::build_with(
            width,
            height,
            Config::defaults(),
            ColorEnv::no_color(),
            (WorkPool::new(2), Registry::STANDARD, clock),
            |ctx| {
                crate::cli::command_line_screen(Registry::STANDARD, args, ctx)
                    .expect("the command line is accepted")
            },
        )
    }

    /// The arcade as `parlor serve` gives it to a player on their first visit: a guest (see
    /// [`crate::screen::Guest`]) with no name yet, whose folder is the data directory.
    ///
    /// # Panics
    /// If a temporary directory cannot be made.
    #[must_use]
    pub fn guest(width: u16, height: u16) -> Self {
        Self::build_full(
            width,
            height,
            (Config::defaults(), ColorEnv::no_color()),
            (WorkPool::new(2), Registry::STANDARD, frozen_clock()),
            true,
            |_| None,
        )
    }

    fn build_with(
        width: u16,
        height: u16,
        config: Config,
        colors: ColorEnv,
        (pool, games, clock): (WorkPool, Registry, Arc<dyn Clock>),
        first: impl FnOnce(&Ctx) -> Option<Box<dyn Screen>>,
    ) -> Self {
        Self::build_full(
            width,
            height,
            (config, colors),
            (pool, games, clock),
            false,
            first,
        )
    }

    fn build_full(
        width: u16,
        height: u16,
        (config, colors): (Config, ColorEnv),
        (pool, games, clock): (WorkPool, Registry, Arc<dyn Clock>),
        guest: bool,
        first: impl FnOnce(&Ctx) -> Option<Box<dyn Screen>>,
    ) -> Self {
        let dir = tempfile::tempdir().expect("a temporary data directory");
        let guest = guest.then(|| crate::screen::Guest {
            name: None,
            folder: dir.path().to_path_buf(),
        });
        let setup = AppSetup {
            config,
            colors,
            data_dir: dir.path().to_path_buf(),
            config_file: None,
            clock,
            pool,
            guest,
            games,
            table: None,
        };
        let Ok(mut app) = App::starting_with(setup, |ctx| Ok::<_, Infallible>(first(ctx)));
        app.resize(Rect::new(0, 0, width, height));
        let terminal =
            Terminal::new(TestBackend::new(width, height)).expect("TestBackend never fails");
        let mut harness = Self {
            app,
            terminal,
            dir,
            keep_motion: false,
        };
        harness.draw();
        harness
    }

    /// The data directory (saves land in `saves/` below it).
    #[must_use]
    pub fn data_dir(&self) -> &Path {
        self.dir.path()
    }

    /// The app (for its exit code, depth, context).
    #[must_use]
    pub fn app(&self) -> &App {
        &self.app
    }

    /// Redraws and returns the screen as text, one line per row.
    pub fn draw(&mut self) -> String {
        if !self.keep_motion {
            self.app.finish_motion();
        }
        let app = &self.app;
        self.terminal
            .draw(|frame| app.render(frame))
            .expect("TestBackend never fails");
        self.text()
    }

    /// The screen as last drawn, one line per row, trailing spaces kept; as a terminal shows
    /// it: the cell a wide character (CJK, two columns) covers is not a space of its own.
    #[must_use]
    pub fn text(&self) -> String {
        let buffer = self.terminal.backend().buffer();
        let mut out = String::new();
        for y in 0..buffer.area.height {
            for (_, symbol) in visible_cells(buffer, y) {
                out.push_str(symbol);
            }
            out.push('\n');
        }
        out
    }

    /// One cell of the last drawn screen (for style checks: highlights, marks).
    #[must_use]
    pub fn cell(&self, x: u16, y: u16) -> &Cell {
        &self.terminal.backend().buffer()[(x, y)]
    }

    /// Where `needle` first appears on the screen (column, row), drawing first.
    pub fn find(&mut self, needle: &str) -> Option<(u16, u16)> {
        self.draw();
        let buffer = self.terminal.backend().buffer();
        for y in 0..buffer.area.height {
            let mut line = String::new();
            let mut columns = Vec::new();
            for (x, symbol) in visible_cells(buffer, y) {
                for _ in symbol.chars() {
                    columns.push(x);
                }
                line.push_str(symbol);
            }
            if let Some(byte) = line.find(needle) {
                let index = line[..byte].chars().count();
                return Some((columns[index], y));
            }
        }
        None
    }

    fn send(&mut self, event: &Event) {
        self.app.handle_terminal_event(event);
        self.draw();
    }

    /// Presses one key, named as in the config (`"enter"`, `"left"`, `"u"`, `"ctrl-z"`, `"?"`).
    ///
    /// # Panics
    /// On a key name the config would not accept.
    pub fn press(&mut self, name: &str) {
        self.send(&key_press(name));
    }

    /// Every key hint the top screen offers (see [`App::footer_hints`]).
    #[must_use]
    pub fn footer_hints(&self) -> Vec<crate::screen::KeyHint> {
        self.app.footer_hints()
    }

    /// Presses several keys in order.
    pub fn press_all(&mut self, names: &[&str]) {
        for name in names {
            self.press(name);
        }
    }

    /// Types text, one key per character.
    pub fn type_text(&mut self, text: &str) {
        for c in text.chars() {
            let modifiers = if c.is_ascii_uppercase() {
                KeyModifiers::SHIFT
            } else {
                KeyModifiers::NONE
            };
            let event = Event::Key(KeyEvent {
                code: KeyCode::Char(c),
                modifiers,
                kind: KeyEventKind::Press,
                state: KeyEventState::NONE,
            });
            self.send(&event);
        }
    }

    /// Answers a text prompt: clears what it suggests (Backspace as many times as a prompt
    /// holds characters), types `text` and presses Enter.
    pub fn answer_prompt(&mut self, text: &str) {
        for _ in 0..400 {
            self.press("backspace");
        }
        self.type_text(text);
        self.press("enter");
    }

    /// A key release (terminals with enhanced keyboard reporting send these; they must do nothing).
    pub fn release(&mut self, c: char) {
        let event = Event::Key(KeyEvent {
            code: KeyCode::Char(c),
            modifiers: KeyModifiers::NONE,
            kind: KeyEventKind::Release,
            state: KeyEventState::NONE,
        });
        self.send(&event);
    }

    /// A left click (press and release) at a cell.
    pub fn click(&mut self, column: u16, row: u16) {
        for kind in [
            MouseEventKind::Down(MouseButton::Left),
            MouseEventKind::Up(MouseButton::Left),
        ] {
            self.send(&Event::Mouse(MouseEvent {
                kind,
                column,
                row,
                modifiers: KeyModifiers::NONE,
            }));
        }
    }

    /// A click on the first place `needle` appears on screen.
    ///
    /// # Panics
    /// When the text is not on screen.
    pub fn click_text(&mut self, needle: &str) {
        let (x, y) = self
            .find(needle)
            .unwrap_or_else(|| panic!("{needle:?} is not on screen:\n{}", self.text()));
        self.click(x, y);
    }

    /// Opens a two-player game from the menu, two people named `first` and `second`: the
    /// path every two-player screen test starts with, through the real new-game form (a
    /// click on the title; then the fields seat 1's player, its name, seat 2's player, its
    /// name, with "Person" the default choice).
    ///
    /// # Panics
    /// When the title, the form or the first player's turn does not show.
    pub fn start_two_player(&mut self, title: &str, first: &str, second: &str) {
        self.click_text(title);
        let form = format!("New game of {title}");
        assert!(self.text().contains(&form), "{form:?}:\n{}", self.text());
        self.press("tab");
        self.type_text(first);
        self.press_all(&["tab", "tab"]);
        self.type_text(second);
        self.press_all(&["tab", "enter"]);
        let turn = format!("{first} (");
        assert!(
            self.text().contains(&turn) && self.text().contains("to move"),
            "{first} to move:\n{}",
            self.text()
        );
    }

    /// Checks that `needle` is on screen, printing the whole screen when it is not: the
    /// check nearly every screen test makes after an input.
    ///
    /// # Panics
    /// When the text is not on screen.
    #[track_caller]
    pub fn assert_shows(&self, needle: &str) {
        let text = self.text();
        assert!(
            text.contains(needle),
            "{needle:?} is not on screen:\n{text}"
        );
    }

    /// The mouse pointer moves to a cell.
    pub fn hover(&mut self, column: u16, row: u16) {
        self.send(&Event::Mouse(MouseEvent {
            kind: MouseEventKind::Moved,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        }));
    }

    /// One wheel notch at a cell.
    pub fn scroll(&mut self, column: u16, row: u16, down: bool) {
        let kind = if down {
            MouseEventKind::ScrollDown
        } else {
            MouseEventKind::ScrollUp
        };
        self.send(&Event::Mouse(MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        }));
    }

    /// The terminal is resized.
    pub fn resize(&mut self, width: u16, height: u16) {
        self.terminal.backend_mut().resize(width, height);
        let _ = self.terminal.resize(Rect::new(0, 0, width, height));
        self.app
            .handle_terminal_event(&Event::Resize(width, height));
        self.draw();
    }

    /// Ctrl-C.
    pub fn interrupt(&mut self) {
        self.press("ctrl-c");
    }

    /// Runs time-driven work (computer moves, animations, solutions) until `done` holds for the
    /// screen text, or `limit` of real time passes. Returns whether `done` held.
    pub fn run_until(&mut self, limit: Duration, mut done: impl FnMut(&str) -> bool) -> bool {
        let end = Instant::now() + limit;
        loop {
            let text = self.draw();
            if done(&text) {
                return true;
            }
            if Instant::now() >= end || !self.app.is_running() {
                return false;
            }
            match self.app.deadline() {
                Some(deadline) => {
                    let now = Instant::now();
                    if deadline > now {
                        std::thread::sleep((deadline - now).min(Duration::from_millis(20)));
                    }
                    self.app.tick(Instant::now());
                }
                None => return done(&self.draw()),
            }
        }
    }

    /// Runs time-driven work (a computer's move, a hint, a solution being played) until
    /// `needle` is on screen, and fails the test with the screen if it never comes. The
    /// minute allowed is a guard against a hang, not a measure of speed: the work normally
    /// takes a fraction of a second.
    pub fn wait_for(&mut self, needle: &str) {
        let shown = self.run_until(Duration::from_secs(60), |screen| screen.contains(needle));
        assert!(shown, "{needle:?} never came on screen:\n{}", self.text());
    }

    /// Runs the app's own event loop ([`App::run`]) on `source` until it ends (the app quits or
    /// the source is closed): the path a real terminal takes, including what the loop does
    /// to the terminal itself (mouse capture).
    ///
    /// # Errors
    /// What the loop returns.
    pub fn run_events(
        &mut self,
        source: &mut dyn crate::app::events::EventSource,
    ) -> Result<(), crate::app::RunError> {
        self.app.run(&mut self.terminal, source)
    }

    /// How many frames the terminal has drawn so far (the harness's own draws included): the
    /// event loop's frame pacing is checked by the difference.
    pub fn frames_drawn(&mut self) -> usize {
        self.terminal.get_frame().count()
    }

    /// Sends a raw terminal event (the monkey test's generator makes them).
    pub fn send_raw(&mut self, event: &Event) {
        self.app.handle_terminal_event(event);
    }

    /// From now on, moves' motion runs on the clock the test gives [`Harness::tick_at`] (a
    /// fake clock: frame by frame, the same on every run) instead of ending at each draw.
    pub fn keep_motion(&mut self) {
        self.keep_motion = true;
    }

    /// Ticks the app as if the time were `now`, then redraws: with [`Harness::keep_motion`],
    /// the way to step through an animation.
    pub fn tick_at(&mut self, now: Instant) -> String {
        self.app.tick(now);
        self.draw()
    }

    /// Ticks the app once if its deadline has passed (animations, polling background work).
    pub fn tick_now(&mut self) {
        if self.app.deadline().is_some_and(|d| d <= Instant::now()) {
            self.app.tick(Instant::now());
        }
    }

    /// The app, mutably (to restart it after the monkey quit).
    pub fn app_mut(&mut self) -> &mut App {
        &mut self.app
    }

    /// The saves written so far (file names).
    #[must_use]
    pub fn saves(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.dir.path().join("saves"))
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }
}

/// The terminal event of pressing the key `name` (as the config names keys: "enter",
/// "ctrl-z", "q"), for tests that feed the app's own event loop ([`Harness::run_events`]).
///
/// # Panics
/// On a key name the config would not accept.
#[must_use]
pub fn key_press(name: &str) -> Event {
    let (code, modifiers) = parse_key(name);
    Event::Key(KeyEvent {
        code,
        modifiers,
        kind: KeyEventKind::Press,
        state: KeyEventState::NONE,
    })
}

fn parse_key(name: &str) -> (KeyCode, KeyModifiers) {
    let (ctrl, rest) = match name.strip_prefix("ctrl-") {
        Some(rest) => (true, rest),
        None => (false, name),
    };
    let code = match rest {
        "up" => KeyCode::Up,
        "down" => KeyCode::Down,
        "left" => KeyCode::Left,
        "right" => KeyCode::Right,
        "enter" => KeyCode::Enter,
        "esc" => KeyCode::Esc,
        "space" => KeyCode::Char(' '),
        "tab" => KeyCode::Tab,
        "backtab" => KeyCode::BackTab,
        "backspace" => KeyCode::Backspace,
        "delete" => KeyCode::Delete,
        "home" => KeyCode::Home,
        "end" => KeyCode::End,
        "pageup" => KeyCode::PageUp,
        "pagedown" => KeyCode::PageDown,
        other => {
            let mut chars = other.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => KeyCode::Char(c),
                _ => panic!("unknown key name {name:?}"),
            }
        }
    };
    let mut modifiers = if ctrl {
        KeyModifiers::CONTROL
    } else {
        KeyModifiers::NONE
    };
    if let KeyCode::Char(c) = code
        && c.is_ascii_uppercase()
    {
        modifiers |= KeyModifiers::SHIFT;
    }
    (code, modifiers)
}

/// Seconds since the epoch of [`FROZEN_NOW`] as a `SystemTime`.
#[must_use]
pub fn frozen_now() -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(FROZEN_NOW)
}
