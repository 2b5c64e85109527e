//! The list of games: what the menu offers, what the command line accepts, and how saves and
//! game files find the code that reads them. Adding a game adds one line to [`GAMES`].

use std::io::{BufRead, Write};

use crate::config::Config;
use crate::core::Ending;
use crate::game::players::ComputerSeats;
use crate::save::catalog::SaveSummary;
use crate::save::format::{SaveError, SaveFile};
use crate::screen::{Ctx, Screen};

/// What a game is started with from the command line.
pub struct Launch<'a> {
    /// The game's own arguments (its `clap::Args`).
    pub matches: &'a clap::ArgMatches,
    /// `--computer`: which seats the computer takes.
    pub computer: Option<ComputerSeats>,
    /// `--level`: the computer's level (1–4).
    pub level: u8,
    /// The settings in force.
    pub config: &'a Config,
}

/// The result of `parlor solve <game>` or a plain-mode run: an exit code.
pub type Code = u8;

/// Starts the game screen from the command line.
pub type LaunchFn = fn(&Launch<'_>, &Ctx) -> Result<Box<dyn Screen>, String>;
/// Plays the game in plain line mode.
pub type PlainFn = fn(&Launch<'_>, &mut dyn BufRead, &mut dyn Write) -> std::io::Result<Ending>;
/// Opens a save of the game: its summary and its screen.
pub type OpenSaveFn = fn(&SaveFile, &Ctx) -> Result<(SaveSummary, Box<dyn Screen>), SaveError>;
/// Imports a game file in a seed's format.
pub type ImportFn = fn(&str, &Ctx) -> Result<Box<dyn Screen>, String>;
/// Exports a save as a game file in a seed's format: (file name, contents).
pub type ExportFn = fn(&SaveFile) -> Result<(String, String), String>;

/// One game as the rest of the program sees it.
pub struct GameEntry {
    /// The id: subcommand name and the `game` of saves (`connect4`).
    pub id: &'static str,
    /// The title in the menu.
    pub title: &'static str,
    /// Other names accepted on the command line (`ConnectFour`, the seeds' names).
    pub aliases: &'static [&'static str],
    /// One line for the menu and `--help`.
    pub blurb: &'static str,
    /// A correct command line, printed after a usage error.
    pub example: &'static str,
    /// Whether two seats play: the subcommand then takes `--computer` and `--level`.
    pub two_player: bool,
    /// Adds the game's arguments to its subcommand.
    pub args: fn(clap::Command) -> clap::Command,
    /// The game screen for a command line.
    pub launch: LaunchFn,
    /// The game in plain line mode; returns how it ended.
    pub plain: PlainFn,
    /// What the menu opens: a new-game form, a level list, or the game itself.
    pub new_game: fn(&Ctx) -> Box<dyn Screen>,
    /// Opens a save of this game.
    pub open_save: OpenSaveFn,
    /// Imports a game file in the seed's own format, if the game has one.
    pub import: Option<ImportFn>,
    /// Exports a save in the seed's own game-file format, if the game has one.
    pub export: Option<ExportFn>,
    /// `parlor solve <game>`: exact (or searched) answers for positions read one per line.
    pub solve: Option<&'static crate::analysis::AnalysisCommand>,
    /// `parlor move <game> --level N`: the computer's move for positions read one per line.
    pub computer_move: Option<&'static crate::analysis::AnalysisCommand>,
    /// `parlor perft <game> N`: the number of move sequences of length N from the start.
    pub perft: Option<fn(u32) -> u64>,
}

/// Every game, in menu order.
pub static GAMES: &[&GameEntry] = &[
    &super::nine_almonds::ENTRY,
    &super::magic_square::ENTRY,
    &super::reversi::ENTRY,
    &super::checkers::ENTRY,
    &super::pentago::ENTRY,
    &super::connect4::ENTRY,
    &super::slide::ENTRY,
];

/// The game with this id or alias, ignoring case.
#[must_use]
pub fn find(name: &str) -> Option<&'static GameEntry> {
    GAMES.iter().copied().find(|g| {
        g.id.eq_ignore_ascii_case(name) || g.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    })
}

/// Validates a save through its game: the load screen's summary, or why it cannot load.
///
/// # Errors
/// [`SaveError`] for an unknown game or a bad state.
pub fn summarize(file: &SaveFile, ctx: &Ctx) -> Result<SaveSummary, SaveError> {
    open(file, ctx).map(|(summary, _)| summary)
}

/// Opens a save through its game.
///
/// # Errors
/// [`SaveError`] for an unknown game or a bad state.
pub fn open(file: &SaveFile, ctx: &Ctx) -> Result<(SaveSummary, Box<dyn Screen>), SaveError> {
    let entry = GAMES.iter().find(|g| g.id == file.game).ok_or_else(|| {
        SaveError::UnknownGame(crate::ui::text::truncate(
            &crate::ui::text::sanitize(&file.game),
            30,
        ))
    })?;
    (entry.open_save)(file, ctx)
}
