//! The contract between the app and every screen (menu, dialogs, games).
//!
//! A screen turns input into a [`Transition`] and effects; it never does I/O. The app owns the
//! stack of screens, draws it bottom to top (so dialogs appear over what they interrupt),
//! performs effects and hands their results back through [`Screen::resume`].

use std::path::PathBuf;
use std::time::{Instant, SystemTime};

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::config::Config;
use crate::core::Ending;
use crate::save::catalog::Catalog;
use crate::save::records::Records;
use crate::save::stats::Stats;
pub use crate::ui::footer::KeyHint;
use crate::ui::input::Event;
use crate::ui::theme::Theme;

/// What the app should do with the screen stack after an event.
pub enum Transition {
    /// Nothing changes.
    Stay,
    /// Open a screen on top (a dialog, a game from the menu).
    Push(Box<dyn Screen>),
    /// Close this screen, handing a reply to the one below.
    Pop(Option<Reply>),
    /// Swap this screen for another (a new-game dialog becoming the game).
    Replace(Box<dyn Screen>),
    /// Close everything above the main menu (opening it if it is not there).
    ToMenu,
    /// Leave the program.
    Quit,
}

/// What a dialog button means. Screens match these, never button positions, so a dialog's
/// labels can be reordered or reworded without changing what they do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Save (before leaving).
    Save,
    /// Leave without saving.
    DontSave,
    /// Changed my mind: back to where I was.
    Cancel,
    /// Delete (a save).
    Delete,
    /// Keep (a save).
    Keep,
    /// Acknowledge a message.
    Ok,
    /// Keep the file that is there and write this one beside it, under a new name.
    KeepBoth,
    /// Replace the file that is there.
    Overwrite,
    /// Save somewhere else (a file the person names).
    Elsewhere,
    /// Copy the text shown (the daily puzzle's share line).
    Copy,
    /// Give up a seat at a table for good (the game stops for both players).
    GiveUp,
}

/// What a closed screen or a performed effect hands back to the screen below.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// A dialog button, by what it means.
    Choice(Answer),
    /// A dialog was cancelled (Esc, a click outside).
    Cancelled,
    /// A save was written to this file.
    Saved(PathBuf),
    /// A game's save was written to its file in the saves folder, whose contents are now this
    /// revision (what the game's next save must find there).
    Stored {
        /// The file.
        path: PathBuf,
        /// Its revision.
        revision: crate::save::format::Revision,
    },
    /// A game's save was not written: its file changed since the game read or wrote it
    /// (another Parlor saved it, or it holds another game). The game asks what to do.
    Changed {
        /// The file.
        path: PathBuf,
        /// What it holds now: an overwrite must find this.
        found: crate::save::format::Revision,
    },
    /// A save, export or import failed; the sentence says why.
    Failed(String),
    /// A line of text typed into a prompt.
    Text(String),
    /// A file was exported to this path.
    Exported(PathBuf),
}

/// Side effects a screen asks the app to perform after the current event.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Write a save file (atomically, only over the revision it names as its base); the reply
    /// is [`Reply::Stored`], [`Reply::Changed`] or [`Reply::Failed`].
    Save(crate::save::format::SaveFile),
    /// Write a save to a file the user named (when the saves folder cannot be written), never
    /// over a file already there; the reply is [`Reply::Saved`] or [`Reply::Failed`].
    SaveAs {
        /// The save.
        save: crate::save::format::SaveFile,
        /// Where, as typed (relative paths are from the working directory).
        path: PathBuf,
    },
    /// Delete the save with this id, then refresh the catalog.
    DeleteSave(String),
    /// Give the save with this id a new title (the load screen's rename), then refresh the
    /// catalog; the reply is [`Reply::Saved`] or [`Reply::Failed`].
    RenameSave {
        /// The save's id.
        id: String,
        /// The new title, as typed.
        title: String,
    },
    /// Write a text file under the data directory's `exports/` (a seed-format game file).
    Export {
        /// File name inside `exports/`.
        name: String,
        /// The contents.
        text: String,
    },
    /// Import a game file from a path the user typed; opens the game or reports why not.
    Import(PathBuf),
    /// Read the saves folder again (the load screen opens; files may have changed outside).
    RefreshSaves,
    /// Count a finished game in the records (and keep a puzzle's best result); the reply is
    /// [`Reply::Failed`] only when the records cannot be written.
    RecordGame(crate::save::records::Finish),
    /// Keep a served player's display name (their first visit's answer) in their folder and
    /// show it from now on; a failure to write it is said in the status line.
    SetPlayerName(String),
    /// Record the solve of a date's daily puzzle (with its streak) in the records; the reply
    /// is [`Reply::Failed`] only when the records cannot be written.
    RecordDaily {
        /// The puzzle's date.
        date: time::Date,
        /// How it went.
        result: crate::save::daily::DailyResult,
    },
    /// Copy a line to the terminal's clipboard (OSC 52, where the terminal allows), and
    /// print it when Parlor ends, where no terminal does.
    Share(String),
    /// Open a table for a two-player game (a served player's new-game form): the player
    /// takes the first seat and the table waits for a second; the reply is
    /// [`Reply::Failed`] when it cannot be opened. `Ctx::table` shows it from then on.
    OpenTable {
        /// The game's registry id.
        game: String,
        /// The game's parameters, as its save writes them.
        params: String,
        /// The name the table shows for the host (the form's first seat); `None`: their
        /// visit's name.
        name: Option<String>,
    },
    /// Sit at (or watch) the table with this code; the reply is [`Reply::Failed`] when there
    /// is no such table. `Ctx::table` shows it from then on.
    JoinTable(crate::table::TableCode),
    /// Read the server's list of tables again into [`Ctx::open_tables`] (the menu's "Join a
    /// table" list, while it is shown).
    RefreshTables,
    /// This player's move at their table, made on the position after `at` moves; the reply
    /// is [`Reply::Failed`] when the table refused it (the game moved on).
    TableMove {
        /// How many moves the mover's screen had seen.
        at: usize,
        /// The move in the game's notation.
        notation: String,
    },
    /// The game at this arcade's table reached its end (its screen saw the outcome).
    TableFinished,
    /// Leave the table (a seated player's seat is kept for the wait; a watcher just goes).
    LeaveTable,
    /// Give up this arcade's seat at its table for good: the game stops there for both
    /// players (counted for nobody) and the other player is told at once.
    GiveUpSeat,
    /// Change one setting for this run (a theme applies at once) and write it into the user's
    /// config file; the reply is [`Reply::Saved`] with the file or [`Reply::Failed`].
    ChangeSetting {
        /// The section (`ui`, `checkers`).
        section: String,
        /// The key within it.
        key: String,
        /// The new value.
        value: toml::Value,
    },
}

/// What screens may read (and the few things they may write) while handling input.
pub struct Ctx {
    /// The settings in force.
    pub config: Config,
    /// Styles and glyphs.
    pub theme: Theme,
    /// The saves on disk, validated, newest first (refreshed by the app after each change).
    pub catalog: Catalog,
    /// Per-game best results (Slide's level list reads them).
    pub stats: Stats,
    /// Every finished game, counted (the Statistics screen shows them).
    pub records: Records,
    /// The terminal's area, in which every screen is drawn: hit-testing uses the same layout
    /// functions on it as drawing does.
    pub area: Rect,
    /// The wall-clock time of this event, from the app's clock: "saved 5 minutes ago", save
    /// times, a puzzle's time (fixed in tests).
    pub now: SystemTime,
    /// The app's monotonic time at this event, from the same clock: what deadlines are set
    /// from (a move's motion, the computer's pause, polling background work).
    pub instant: Instant,
    /// Where background work runs (engine searches, hints, solutions, the analysis strip):
    /// the pool every app of the process shares.
    pub pool: crate::work_pool::WorkPool,
    /// Effects queued by the current event.
    pub effects: Vec<Effect>,
    /// How a game ended or was left during the current event: the exit code when the program
    /// was started straight into that game and ends with it.
    pub ending: Option<Ending>,
    /// Whether the game is all there is, with no menu below it (a game started from the
    /// command line), so leaving it ends the program: its footer then says `quit`, not
    /// `menu`, also while an overlay (its help, a dialog) is open over it.
    pub alone: bool,
    /// A message the app shows once in the status line (import failures and the like).
    pub notice: Option<String>,
    /// The user's config file, where the Settings screen writes (named on the key bindings
    /// page, since keys are changed there); `None` when there is no config folder.
    pub config_file: Option<std::path::PathBuf>,
    /// The player this arcade is served to over SSH (`parlor serve`), or `None` for the
    /// local terminal's own user. A guest never names a file of the server: importing by
    /// path and saving to a typed path are not offered, and paths are shown inside their
    /// own folder only.
    pub guest: Option<Guest>,
    /// The table this served arcade sits at or watches, as last read (the app refreshes it
    /// when the session is woken by a change; see `app::table_link`). `None`: at no table.
    pub table: Option<crate::table::AtTable>,
    /// The server's open tables (and those being played, to watch), as the app last read
    /// them for the menu's "Join a table" ([`Effect::RefreshTables`]); empty off a server.
    pub open_tables: Vec<crate::table::Listing>,
}

/// A player served over SSH: their name and their own folder on the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Guest {
    /// Their display name; `None` until their first visit's question is answered.
    pub name: Option<String>,
    /// Their folder under the server's data directory (saves, records, settings).
    pub folder: PathBuf,
}

impl Ctx {
    /// Queues an effect for the app to perform after this event.
    pub fn effect(&mut self, effect: Effect) {
        self.effects.push(effect);
    }

    /// Whether this arcade can sit at tables with other terminals: a served one (`parlor
    /// serve` gives every guest the server's tables), never the local terminal's.
    #[must_use]
    pub fn has_tables(&self) -> bool {
        self.guest.is_some()
    }

    /// A file's path as this arcade's user may see it: in full on the local terminal; for a
    /// guest, within their own folder (`saves/x.toml`), and nothing of the server's layout
    /// for a file outside it.
    #[must_use]
    pub fn shown_path(&self, path: &std::path::Path) -> String {
        match &self.guest {
            None => crate::core::text::shown_path(path),
            Some(guest) => path.strip_prefix(&guest.folder).map_or_else(
                |_| "a file on the server".to_string(),
                |inside| format!("{} in your folder", crate::core::text::shown_path(inside)),
            ),
        }
    }
}

/// One screen of the app: the menu, a dialog, a game.
pub trait Screen {
    /// Reacts to one input event.
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition;

    /// Draws the screen into `area`. Reads state only.
    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx);

    /// When the screen next needs a [`Screen::tick`] without input (an animation frame, polling
    /// a computer player). `None` lets the app block on input and use no CPU.
    fn deadline(&self) -> Option<Instant> {
        None
    }

    /// The footer's key hints and the row they are drawn in, for a screen of `area`: the
    /// screen draws them from here, and the app turns a click on a hint into its key press
    /// with the same placement ([`crate::ui::footer::Footer::press_at`]), so the mouse reaches
    /// everything the footer names.
    fn footer(&self, _area: Rect, _ctx: &Ctx) -> Option<(Rect, Vec<KeyHint>)> {
        None
    }

    #[cfg(any(test, feature = "testing"))]
    /// Shows the end of any motion in progress at once (a move's animation): what a key press
    /// does before it acts, and what a test does that reads the screen without a clock.
    fn finish_motion(&mut self) {}

    /// Time-driven work: called once the deadline has passed.
    fn tick(&mut self, _now: Instant, _ctx: &mut Ctx) -> Transition {
        Transition::Stay
    }

    /// The screen is on top again: a dialog above it closed with `reply`, or an effect it
    /// queued was performed.
    fn resume(&mut self, _reply: Option<Reply>, _ctx: &mut Ctx) -> Transition {
        Transition::Stay
    }

    /// Whether this screen covers the whole area (the app then skips drawing the screens below).
    fn is_opaque(&self) -> bool {
        true
    }

    /// Ctrl-C: a game with unsaved moves asks whether to save and then leaves the program;
    /// other screens let the app quit (autosaving any game below them).
    fn interrupt(&mut self, _ctx: &mut Ctx) -> Transition {
        Transition::Quit
    }

    /// The save to write if the program is interrupted now (Ctrl-C, SIGTERM, end of input):
    /// only games in progress with unsaved moves have one.
    fn autosave(&self, _ctx: &Ctx) -> Option<crate::save::format::SaveFile> {
        None
    }

    /// Whether Ctrl-C should ask before leaving (a game with unsaved moves) — the screen then
    /// receives a `Quit` action and asks; otherwise the app quits at once.
    fn guards_quit(&self) -> bool {
        false
    }

    #[cfg(any(test, feature = "testing"))]
    /// Breaks the state behind the screen on purpose (a game screen replaces the position
    /// its moves start from), so a test can prove that [`Screen::check_invariants`] sees it.
    /// Returns whether there was anything to break. Never called outside tests.
    fn corrupt_for_tests(&mut self) -> bool {
        false
    }

    #[cfg(any(test, feature = "testing"))]
    /// Checks the screen's state against its rules (tests call it after every event): a game
    /// replays its history and compares. `Ok` names the game whose rules were checked, `None`
    /// when the screen has nothing to check: the monkey test counts checks per game, so a
    /// wrapper that forgets to forward this shows up as a game played but never checked.
    ///
    /// # Errors
    /// [`InvariantError`] describing the inconsistency.
    fn check_invariants(&self) -> Result<Option<&'static str>, InvariantError> {
        Ok(None)
    }

    /// Draws only the board as it stands into `area`, with the game's own glyphs and the
    /// theme (the load screen's preview). `false` when the screen has no board or the board
    /// does not fit there; the caller then shows the position as text.
    fn render_board_preview(
        &self,
        _area: Rect,
        _buf: &mut ratatui::buffer::Buffer,
        _ctx: &Ctx,
    ) -> bool {
        false
    }

    /// Brings what the screen derives from the shared context (the save catalog, the
    /// config) up to date. The app calls it on the top screen after every event's effects
    /// have been carried out, so expensive derived data is built once per change and
    /// [`Screen::render`] only reads (the load screen opens the selected save here, not on
    /// every frame).
    fn sync(&mut self, _ctx: &Ctx) {}

    /// The table this screen plays or watches, if any (issue 39): when no screen on the stack
    /// is at the arcade's table any more, the app leaves it.
    fn table_code(&self) -> Option<crate::table::TableCode> {
        None
    }

    /// The smallest area the screen can be drawn in; below it the app shows "enlarge to W×H".
    fn min_size(&self, _ctx: &Ctx) -> (u16, u16) {
        (20, 6)
    }
}

#[cfg(any(test, feature = "testing"))]
/// A screen's state breaking its own rules: a bug, found by the tests that call
/// [`Screen::check_invariants`] after every event. Every kind fails the test the same way, so
/// the screen's own error (the game screen's `game::check::Broken`) is kept whole as the
/// source and printed as it is.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct InvariantError(pub Box<dyn std::error::Error + Send + Sync + 'static>);

/// Draws `screen`'s footer ([`Screen::footer`]) where it says, over whatever the row held: one
/// call in every screen's `render`, so the hints are drawn from the very hints and row the
/// app's click test reads.
pub fn draw_footer<S: Screen + ?Sized>(screen: &S, frame: &mut Frame, area: Rect, ctx: &Ctx) {
    if let Some((row, hints)) = screen.footer(area, ctx) {
        crate::ui::footer::render_over(frame, row, &hints, &ctx.theme);
    }
}
