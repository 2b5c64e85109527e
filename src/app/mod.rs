//! The app: the stack of screens, the event loop, and the effects screens ask for.
//!
//! Generic over the ratatui backend and the source of events, so tests drive the whole app on
//! `TestBackend` with scripted key presses, clicks and resizes through the same path as a
//! terminal.

mod effects;
pub mod events;
mod run_error;
mod table_link;

use std::path::{Path, PathBuf};

use effects::store_failure;
use std::sync::Arc;
use std::time::Instant;

use ratatui::Frame;
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{
    Event as TermEvent, KeyCode, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Rect;

use crate::clock::{Clock, SystemClock};
use crate::config::Config;
use crate::games::registry::Registry;
use crate::lobby::menu::Menu;
use crate::save::catalog::Catalog;
use crate::save::records::Records;
use crate::save::stats::Stats;
use crate::screen::{Ctx, Screen, Transition};
use crate::ui::footer::Footer;
use crate::ui::input::{Action, Event, KeyInput, MouseInput, MouseKind};
use crate::ui::palette::ColorEnv;
use crate::ui::theme::Theme;
use crate::work_pool::WorkPool;
use events::EventSource;
pub use run_error::RunError;

/// The theme of the config's `[ui] theme` at the depth its `[ui] colors` and the terminal give.
fn theme_for(config: &Config, colors: &ColorEnv) -> Theme {
    Theme::with_depth(config.theme, colors.no_color, colors.depth(config.colors))
}

/// What one arcade is given to run with: everything that differs between two arcades in one
/// process (two terminals served at once, two tests side by side) is here, none of it read
/// from the process around it.
pub struct AppSetup {
    /// The settings in force.
    pub config: Config,
    /// `NO_COLOR`, `COLORTERM` and `TERM` of the terminal this arcade draws on.
    pub colors: ColorEnv,
    /// Where saves, records and exports go.
    pub data_dir: PathBuf,
    /// The user's config file, where the Settings screen writes (`None`: changes last for
    /// the run only).
    pub config_file: Option<PathBuf>,
    /// Where the app reads the time.
    pub clock: Arc<dyn Clock>,
    /// Where background work runs: one pool for every app of the process.
    pub pool: WorkPool,
    /// The player when the arcade is served over SSH (see [`crate::screen::Guest`]).
    pub guest: Option<crate::screen::Guest>,
    /// The games this arcade offers (Parlor's own: [`Registry::STANDARD`]).
    pub games: Registry,
    /// The server's tables, for a served arcade (`None`: a local one, which has no tables).
    pub table: Option<crate::table::hub::TableLink>,
}

impl AppSetup {
    /// The setup of a local terminal's arcade: the system clock and a pool of one worker per
    /// core, no config file.
    #[must_use]
    pub fn local(config: Config, colors: ColorEnv, data_dir: &Path) -> Self {
        Self {
            config,
            colors,
            data_dir: data_dir.to_path_buf(),
            config_file: None,
            clock: Arc::new(SystemClock),
            pool: WorkPool::per_core(),
            guest: None,
            games: Registry::STANDARD,
            table: None,
        }
    }
}

/// One arcade on one terminal: its screens, its data directory, its settings and its clock.
/// Several can run in one process (each on its own backend and event source), sharing only
/// the work pool they were given.
pub struct App {
    stack: Vec<Box<dyn Screen>>,
    /// The games this arcade offers: the menu and the screens it opens are given them.
    games: Registry,
    ctx: Ctx,
    data_dir: PathBuf,
    running: bool,
    /// Whether the records may be written: not when a broken records file could not be set
    /// aside (it must never be overwritten).
    records_writable: bool,
    /// `NO_COLOR`, `COLORTERM` and `TERM` as read at start: kept to rebuild the theme when
    /// the Settings screen changes it.
    colors: ColorEnv,
    /// Started straight into a game: its ending is the exit code.
    direct: bool,
    /// Where autosaves went, to be said once the terminal is restored.
    autosaved: Vec<PathBuf>,
    /// Where the app reads the time.
    clock: Arc<dyn Clock>,
    /// Where the pending autosaves are published after every event, for a signal handler.
    autosave_slot: Option<AutosaveSlot>,
    /// The stack's depth under the question opened when quitting could not autosave (see
    /// [`App::interrupt`]), while it is open.
    rescue_depth: Option<usize>,
    /// Ctrl-Z was pressed: the event loop suspends the program after this event.
    suspend_requested: bool,
    /// Lines the player chose to share (the daily puzzle's): copied to the terminal's
    /// clipboard by the event loop, and printed when Parlor ends.
    shared: Vec<String>,
    /// How many of `shared` the event loop has sent to the clipboard.
    copied: usize,
    /// The server's tables, for a served arcade (see [`table_link`]).
    table_link: Option<crate::table::hub::TableLink>,
    /// A table command after the host (`join CODE`) waiting for a first visit's name.
    table_command: Option<crate::screen::Effect>,
}

/// The saves to write if the process is told to stop now, kept current by the event loop
/// after every event (see [`crate::save::journal::AutosaveSlot`]).
pub use crate::save::journal::AutosaveSlot;

impl App {
    /// The app showing `first` (the menu when `None`), built by `first` from the app's own
    /// context: a game started from the command line, or a file opened. A first screen that
    /// cannot be built is an error the caller reports; the app is not made.
    ///
    /// # Errors
    /// What `first` returns.
    pub fn starting_with<E>(
        setup: AppSetup,
        first: impl FnOnce(&Ctx) -> Result<Option<Box<dyn Screen>>, E>,
    ) -> Result<Self, E> {
        let mut app = Self::new(setup);
        if let Some(screen) = first(&app.ctx)? {
            app.direct = true;
            app.stack.clear();
            app.stack.push(screen);
            app.ctx.alone = true;
            app.sync_screens();
        }
        Ok(app)
    }

    /// The app at the main menu.
    #[must_use]
    pub fn new(setup: AppSetup) -> Self {
        let AppSetup {
            config,
            colors,
            data_dir,
            config_file,
            clock,
            pool,
            guest,
            games,
            table,
        } = setup;
        let theme = theme_for(&config, &colors);
        let loaded = Records::load(&data_dir, clock.wall());
        let ctx = Ctx {
            config,
            theme,
            catalog: Catalog::default(),
            stats: Stats::load(&data_dir),
            records: loaded.records,
            area: Rect::ZERO,
            now: clock.wall(),
            instant: clock.instant(),
            pool,
            effects: Vec::new(),
            ending: None,
            alone: false,
            notice: loaded.notice,
            config_file,
            guest,
            table: None,
            open_tables: Vec::new(),
        };
        let mut app = Self {
            stack: Vec::new(),
            ctx,
            data_dir,
            running: true,
            records_writable: loaded.writable,
            colors,
            direct: false,
            autosaved: Vec::new(),
            clock,
            autosave_slot: None,
            games,
            rescue_depth: None,
            suspend_requested: false,
            shared: Vec::new(),
            copied: 0,
            table_link: table,
            table_command: None,
        };
        app.refresh_catalog();
        app.stack.push(Box::new(Menu::new(app.games)));
        if app.ctx.guest.as_ref().is_some_and(|g| g.name.is_none()) {
            // A served player's first visit: their name before anything else.
            app.stack.push(Box::new(crate::lobby::welcome::Welcome));
            app.stack
                .push(Box::new(crate::lobby::welcome::Welcome::question(None)));
        }
        app.sync_screens();
        app
    }

    /// The lines the player chose to share, to print once the terminal is restored.
    #[must_use]
    pub fn shared(&self) -> &[String] {
        &self.shared
    }

    /// Where the Settings screen writes its changes from now on (tests give a file of their
    /// own; the command line gives it in the [`AppSetup`]).
    #[cfg(any(test, feature = "testing"))]
    pub fn set_config_file(&mut self, path: PathBuf) {
        self.ctx.config_file = Some(path);
    }

    /// Gives a test's arcade the way to a server's tables (the server gives it in the
    /// [`AppSetup`]).
    #[cfg(any(test, feature = "testing"))]
    pub fn set_table_link(&mut self, link: crate::table::hub::TableLink) {
        self.table_link = Some(link);
    }

    /// A message for the status line, shown once (a served player's settings that could not
    /// be read, say).
    pub fn notify(&mut self, notice: String) {
        self.ctx.notice = Some(notice);
    }

    /// Publishes pending autosaves to `slot` after every event (see [`AutosaveSlot`]).
    pub fn publish_autosaves(&mut self, slot: AutosaveSlot) {
        self.autosave_slot = Some(slot);
        self.publish();
    }

    fn publish(&self) {
        if let Some(slot) = &self.autosave_slot {
            let saves = self.pending_autosaves();
            if let Ok(mut guard) = slot.lock() {
                *guard = saves;
            }
        }
    }

    /// The saves that stopping now would write: one per open game with moves made. The
    /// signal handler gets them through [`AutosaveSlot`]; the monkey test reads them to see
    /// which games it reached.
    #[must_use]
    pub fn pending_autosaves(&self) -> Vec<crate::save::format::SaveFile> {
        self.stack
            .iter()
            .filter_map(|s| s.autosave(&self.ctx))
            .collect()
    }

    /// The context screens see (tests inspect it).
    #[must_use]
    pub fn ctx(&self) -> &Ctx {
        &self.ctx
    }

    #[cfg(any(test, feature = "testing"))]
    /// Whether the program should go on.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.running
    }

    #[cfg(any(test, feature = "testing"))]
    /// How many screens are open (tests check dialogs open and close).
    #[must_use]
    pub fn depth(&self) -> usize {
        self.stack.len()
    }

    /// The exit code once the loop has ended: the game's result when started straight into it.
    #[must_use]
    pub fn exit_code(&self) -> u8 {
        if self.direct {
            self.ctx.ending.map_or(0, crate::core::Ending::exit_code)
        } else {
            0
        }
    }

    fn refresh_catalog(&mut self) {
        let ctx = &self.ctx;
        let catalog = Catalog::scan(&self.data_dir, &|file| self.games.summarize(file, ctx));
        self.ctx.catalog = catalog;
    }

    /// Tells the app the terminal's size (before the first draw and on every resize).
    pub fn resize(&mut self, area: Rect) {
        if area != self.ctx.area {
            log::debug!("terminal size {}x{}", area.width, area.height);
        }
        self.ctx.area = area;
    }

    /// Draws every screen from the lowest opaque one up. Reads state only.
    pub fn render(&self, frame: &mut Frame) {
        let area = frame.area();
        let first = self.stack.iter().rposition(|s| s.is_opaque()).unwrap_or(0);
        if let Some(need) = self.too_small_for() {
            // One notice for the whole stack: a dialog drawn over the notice of the screen
            // below would look usable while keys are ignored (see `dispatch`).
            let keys = &self.ctx.config.keymap;
            let hint = format!(
                "{} leave · {} help · Ctrl-C quit",
                keys.key_name(Action::Quit),
                keys.key_name(Action::Help)
            );
            crate::ui::layout::render_too_small(frame, area, need, &hint, &self.ctx.theme);
        } else {
            for screen in &self.stack[first..] {
                screen.render(frame, area, &self.ctx);
            }
        }
        crate::ui::safe_cells::neutralise(frame.buffer_mut());
        if let Some((fg, bg)) = self.ctx.theme.canvas {
            // Cells left in the terminal's colours (blank space, cleared popups) take the
            // theme's page, so light text never lands on a dark terminal's black.
            for cell in &mut frame.buffer_mut().content {
                if cell.bg == ratatui::style::Color::Reset {
                    cell.bg = bg;
                }
                if cell.fg == ratatui::style::Color::Reset {
                    cell.fg = fg;
                }
            }
        }
        if self.ctx.theme.ascii {
            let buffer = frame.buffer_mut();
            for cell in &mut buffer.content {
                if !cell.symbol().is_ascii() {
                    cell.set_symbol(crate::ui::theme::ascii_symbol(cell.symbol()));
                }
            }
        }
    }

    #[cfg(any(test, feature = "testing"))]
    /// Checks every open screen against its rules (the monkey test calls it after each event)
    /// and returns the ids of the games whose rules were checked, bottom screen first.
    ///
    /// # Errors
    /// The first inconsistency found.
    pub fn check_invariants(&self) -> Result<Vec<&'static str>, crate::screen::InvariantError> {
        let mut checked = Vec::new();
        for screen in &self.stack {
            checked.extend(screen.check_invariants()?);
        }
        Ok(checked)
    }

    /// When the top screen next needs a tick.
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        self.stack.last().and_then(|s| s.deadline())
    }

    /// The key press a click on the top screen's footer stands for, if it landed on a
    /// clickable hint (the footer's own placement decides, as it did when drawing).
    fn footer_press(&self, event: &Event) -> Option<KeyInput> {
        let mouse = event.mouse().filter(|m| m.kind == MouseKind::Click)?;
        if self.showing_too_small() {
            return None;
        }
        let (row, hints) = self.stack.last()?.footer(self.ctx.area, &self.ctx)?;
        Footer {
            hints: &hints,
            theme: &self.ctx.theme,
        }
        .press_at(row, mouse.position())
    }

    #[cfg(any(test, feature = "testing"))]
    /// Every key hint the top screen offers, shown in its footer or not: the key table a test
    /// walks to check that each key is in the footer or behind `? keys`.
    #[must_use]
    pub fn footer_hints(&self) -> Vec<crate::screen::KeyHint> {
        self.stack
            .last()
            .and_then(|top| top.footer(self.ctx.area, &self.ctx))
            .map(|(_, hints)| hints)
            .unwrap_or_default()
    }

    #[cfg(any(test, feature = "testing"))]
    /// Ends every screen's motion at once (see [`Screen::finish_motion`]).
    pub fn finish_motion(&mut self) {
        for screen in &mut self.stack {
            screen.finish_motion();
        }
    }

    /// Time-driven work of the top screen.
    pub fn tick(&mut self, now: Instant) {
        self.begin_event();
        self.ctx.instant = now;
        // A tick is also how a served session is woken when its table changed.
        self.refresh_table();
        if let Some(top) = self.stack.last_mut() {
            let transition = top.tick(now, &mut self.ctx);
            self.apply(transition);
        }
        self.perform_effects();
    }

    fn begin_event(&mut self) {
        self.ctx.now = self.clock.wall();
        self.ctx.instant = self.clock.instant();
        self.ctx.ending = None;
    }

    /// Handles one terminal event: key presses through the keymap (releases and repeats are
    /// dropped), mouse events, resizes; Ctrl-C interrupts.
    pub fn handle_terminal_event(&mut self, event: &TermEvent) {
        match event {
            TermEvent::Key(key) if key.kind == KeyEventKind::Press => {
                if key.modifiers.contains(KeyModifiers::CONTROL)
                    && matches!(key.code, KeyCode::Char('c' | 'C'))
                {
                    self.interrupt();
                    return;
                }
                // Ctrl-Z suspends, as in every full-screen program (raw mode makes it a key;
                // the event loop restores the terminal and stops, see `EventSource::suspend`).
                if key.modifiers.contains(KeyModifiers::CONTROL)
                    && matches!(key.code, KeyCode::Char('z' | 'Z'))
                {
                    self.suspend_requested = true;
                    return;
                }
                let input = self.ctx.config.keymap.translate(key);
                if input.action.is_some() || input.text.is_some() {
                    self.dispatch(&Event::Key(input));
                }
            }
            TermEvent::Mouse(mouse) => {
                let kind = match mouse.kind {
                    MouseEventKind::Down(MouseButton::Left) => MouseKind::Click,
                    MouseEventKind::Down(MouseButton::Right) => MouseKind::RightClick,
                    MouseEventKind::Moved => MouseKind::Hover,
                    MouseEventKind::ScrollUp => MouseKind::ScrollUp,
                    MouseEventKind::ScrollDown => MouseKind::ScrollDown,
                    _ => return,
                };
                self.dispatch(&Event::Mouse(MouseInput {
                    kind,
                    column: mouse.column,
                    row: mouse.row,
                }));
            }
            TermEvent::Resize(width, height) => self.resize(Rect::new(0, 0, *width, *height)),
            _ => {}
        }
    }

    /// Hands one input event to the top screen. When the terminal is too small to show it,
    /// the "enlarge" notice is all the person sees: a key must not act unseen on the board,
    /// but the ways out still work as on the screen beneath (leave, asking to save first;
    /// help), and a dialog that leaving opened still takes its answer. Ctrl-C always works
    /// (see [`App::interrupt`]).
    pub fn dispatch(&mut self, event: &Event) {
        if let Some(press) = self.footer_press(event) {
            self.dispatch(&Event::Key(press));
            return;
        }
        if self.showing_too_small() {
            let way_out = matches!(
                event.action(),
                Some(Action::Quit | Action::Back | Action::Help)
            );
            // A dialog's answers: Enter and its letters (not Tab or arrows, which would
            // change a field unseen).
            let dialog_key = (event.action() == Some(Action::Confirm) || event.text().is_some())
                && self.stack.last().is_some_and(|s| !s.is_opaque());
            if !way_out && !dialog_key {
                return;
            }
        }
        self.begin_event();
        if let Some(top) = self.stack.last_mut() {
            let transition = top.handle_event(event, &mut self.ctx);
            self.apply(transition);
        }
        self.perform_effects();
    }

    /// Whether some screen that is drawn (the topmost opaque one and those over it) does not
    /// fit the terminal, so the "enlarge" notice stands in for it.
    fn showing_too_small(&self) -> bool {
        self.too_small_for().is_some()
    }

    /// The size every drawn screen needs (the topmost opaque one and those over it), when the
    /// terminal is smaller than that.
    fn too_small_for(&self) -> Option<(u16, u16)> {
        let area = self.ctx.area;
        let first = self.stack.iter().rposition(|s| s.is_opaque()).unwrap_or(0);
        let need = self.stack[first..]
            .iter()
            .map(|screen| screen.min_size(&self.ctx))
            .fold((0, 0), |(w, h), (sw, sh)| (w.max(sw), h.max(sh)));
        (area.width < need.0 || area.height < need.1).then_some(need)
    }

    /// Ctrl-C (and the end of the terminal): a game with unsaved moves asks first; if asked
    /// again, or nothing asks, every game with unsaved moves is autosaved and the app quits.
    /// When an autosave cannot be written (a read-only or full folder) the app does not quit:
    /// it says why and offers another file, or quitting without saving (Ctrl-C once more).
    pub fn interrupt(&mut self) {
        self.begin_event();
        if self
            .rescue_depth
            .is_some_and(|depth| self.stack.len() > depth)
        {
            // Told and asked already: this Ctrl-C quits without saving.
            self.running = false;
            return;
        }
        let guarded = self.stack.last().is_some_and(|s| s.guards_quit());
        if guarded {
            if let Some(top) = self.stack.last_mut() {
                let transition = top.interrupt(&mut self.ctx);
                self.apply(transition);
            }
            self.perform_effects();
        } else {
            let failed = self.autosave_all();
            if failed.is_empty() {
                self.running = false;
                return;
            }
            if self.ctx.guest.is_some() {
                // A served player cannot name another file on the server: the game goes to
                // the rescue folder, where the server's keeper finds it (logged).
                for (save, _) in failed {
                    let rescued = crate::save::store::rescue(&self.data_dir, &save);
                    log::error!("serve: autosave failed: {}", rescued.sentence());
                }
                self.running = false;
                return;
            }
            let reason = failed
                .iter()
                .map(|(_, reason)| reason.as_str())
                .collect::<Vec<_>>()
                .join("; ");
            let unsaved = failed.into_iter().map(|(save, _)| save).collect();
            let (screen, dialog) = crate::lobby::rescue::AutosaveFailed::open(unsaved, &reason);
            self.rescue_depth = Some(self.stack.len());
            self.stack.push(Box::new(screen));
            self.stack.push(Box::new(dialog));
            self.sync_screens();
        }
    }

    /// The files autosaves were written to (Ctrl-C twice), for the line printed after the
    /// terminal is restored: the person learns where the game went.
    #[must_use]
    pub fn autosaved(&self) -> &[PathBuf] {
        &self.autosaved
    }

    /// Writes an autosave of every game with unsaved moves (Ctrl-C twice, the end of input, an
    /// error of the terminal), beside its save when that file changed since the game read it.
    /// Returns the games that could not be written, each with the sentence saying why.
    pub fn autosave_all(&mut self) -> Vec<(crate::save::format::SaveFile, String)> {
        let saves: Vec<_> = self
            .stack
            .iter()
            .filter_map(|s| s.autosave(&self.ctx).map(|save| (s.table_code(), save)))
            .collect();
        let mut failures = Vec::new();
        for (table, mut save) in saves {
            save.autosave = true;
            match crate::save::store::write_autosave(&self.data_dir, &save) {
                Ok(stored) => {
                    self.keep_table_save(table, &stored);
                    self.autosaved.push(stored.path);
                }
                Err(err) => failures.push((save, store_failure(&err))),
            }
        }
        if self.ctx.ending.is_none() && self.direct {
            self.ctx.ending = Some(crate::core::Ending::Quit);
        }
        failures
    }

    fn apply(&mut self, transition: Transition) {
        if !matches!(transition, Transition::Stay) {
            log::debug!(
                "screen: {} (depth {})",
                transition_name(&transition),
                self.stack.len()
            );
        }
        match transition {
            Transition::Stay => {}
            Transition::Push(screen) => self.stack.push(screen),
            Transition::Pop(reply) => {
                self.stack.pop();
                match self.stack.last_mut() {
                    Some(top) => {
                        let next = top.resume(reply, &mut self.ctx);
                        self.apply(next);
                    }
                    None => self.running = false,
                }
            }
            Transition::Replace(screen) => {
                self.stack.pop();
                self.stack.push(screen);
            }
            Transition::ToMenu => {
                self.direct = false;
                self.refresh_catalog();
                self.stack.clear();
                self.stack.push(Box::new(Menu::new(self.games)));
            }
            Transition::Quit => self.running = false,
        }
        self.leave_table_if_left();
        // Only a game started from the command line is ever alone: the menu is below the
        // others, and once at the menu nothing leaves the program but the menu itself. An
        // overlay over the game (its help, a dialog) leaves it alone: the game's footer, drawn
        // under the overlay, still says that q ends the program.
        self.ctx.alone = self.direct;
    }

    fn perform_effects(&mut self) {
        while !self.ctx.effects.is_empty() {
            let effects = std::mem::take(&mut self.ctx.effects);
            for effect in effects {
                let reply = self.perform(effect);
                if let Some(reply) = reply
                    && let Some(top) = self.stack.last_mut()
                {
                    let next = top.resume(Some(reply), &mut self.ctx);
                    self.apply(next);
                }
            }
        }
        self.sync_screens();
    }

    /// Lets every screen on the stack catch up with the context (see [`Screen::sync`]): the
    /// ones under a dialog are drawn too.
    fn sync_screens(&mut self) {
        for screen in &mut self.stack {
            screen.sync(&self.ctx);
        }
    }

    /// Runs the event loop until the user quits: draw, then wait for input (blocking, so an idle
    /// app uses no CPU) or for the top screen's deadline.
    ///
    /// # Errors
    /// [`RunError`]: the terminal could not be drawn on or read from.
    pub fn run<B: Backend>(
        &mut self,
        terminal: &mut Terminal<B>,
        events: &mut dyn EventSource,
    ) -> Result<(), RunError>
    where
        B::Error: Send + Sync + 'static,
    {
        let size = terminal.size().map_err(RunError::terminal)?;
        self.resize(Rect::new(0, 0, size.width, size.height));
        // Debug builds only: a way for the test suite to make the program fail mid-run and
        // check that the panic hook restores the terminal (`task` fails background tasks
        // instead: `game::task`).
        let panic_after_draw = cfg!(debug_assertions)
            && std::env::var_os("PARLOR_DEBUG_PANIC").is_some_and(|v| v != "task");
        // The terminal was entered with the configured mouse capture; the Settings screen
        // may switch it while running.
        let mut mouse_capture = self.ctx.config.mouse;
        let mut last_frame: Option<std::time::Instant> = None;
        while self.running {
            // While more input is already waiting, a frame is drawn only every
            // `BUSY_FRAME_INTERVAL` (see `EventSource::pending`).
            let drawn_lately = last_frame
                .is_some_and(|at| self.clock.instant().duration_since(at) < BUSY_FRAME_INTERVAL);
            if !(drawn_lately && events.pending()?) {
                terminal
                    .draw(|frame| self.render(frame))
                    .map_err(RunError::terminal)?;
                last_frame = Some(self.clock.instant());
            }
            assert!(
                !panic_after_draw,
                "PARLOR_DEBUG_PANIC is set: failing on purpose after the first frame"
            );
            let timeout = self
                .deadline()
                .map(|d| d.saturating_duration_since(self.clock.instant()));
            match events.next(timeout)? {
                Some(event) => self.handle_terminal_event(&event),
                None if events.closed() => {
                    self.autosave_all();
                    self.running = false;
                }
                None => self.tick(self.clock.instant()),
            }
            // Ctrl-Z or SIGTSTP: stop with the terminal restored; on `fg` (or a SIGCONT after
            // a stop from outside) the modes come back and everything is drawn afresh.
            let signal = events.job_signal();
            if std::mem::take(&mut self.suspend_requested)
                || signal == Some(events::JobSignal::Stop)
            {
                events.suspend(mouse_capture)?;
                redraw_all(terminal)?;
            } else if signal == Some(events::JobSignal::Continued) {
                events.reenter(mouse_capture)?;
                redraw_all(terminal)?;
            }
            for line in &self.shared[self.copied..] {
                // A terminal without clipboard access ignores the request; the line is
                // printed at the end either way.
                if let Err(err) = events.copy_to_clipboard(line) {
                    log::warn!("not copied to the clipboard: {err}");
                }
            }
            self.copied = self.shared.len();
            if self.ctx.config.mouse != mouse_capture {
                mouse_capture = self.ctx.config.mouse;
                // A terminal that refuses the switch is no reason to end the game: the
                // setting is kept, and the next start applies it.
                if let Err(err) = events.set_mouse_capture(mouse_capture) {
                    log::warn!("mouse capture not switched: {err}");
                }
            }
            self.publish();
        }
        Ok(())
    }
}

/// How often the screen is drawn while input keeps arriving faster than frames: often enough
/// that a long paste visibly moves, seldom enough that drawing does not hold it up.
const BUSY_FRAME_INTERVAL: std::time::Duration = std::time::Duration::from_millis(50);

/// Clears the screen and makes the next draw paint every cell (after a suspension the screen
/// holds whatever the shell wrote). Through `resize`, not `clear`: ratatui's `clear` asks the
/// terminal for the cursor's position and fails when the answer is slow.
fn redraw_all<B: Backend>(terminal: &mut Terminal<B>) -> Result<(), RunError>
where
    B::Error: Send + Sync + 'static,
{
    let size = terminal.size().map_err(RunError::terminal)?;
    terminal
        .resize(Rect::new(0, 0, size.width, size.height))
        .map_err(RunError::terminal)
}

/// What a transition does, for the debug log (a screen has no name of its own).
fn transition_name(transition: &Transition) -> &'static str {
    match transition {
        Transition::Stay => "stay",
        Transition::Push(_) => "push",
        Transition::Pop(_) => "pop",
        Transition::Replace(_) => "replace",
        Transition::ToMenu => "to the menu",
        Transition::Quit => "quit",
    }
}
