//! What a game tells the rest of the program: the pure [`Registration`] a game implements in
//! its folder (its [`Game`], command line, plain mode and analysis commands). The registry's
//! row, `game_entry::GameEntry`, is built from it (and, with the `tui` feature, from the
//! game's `screen_entry::ScreenRegistration`, which builds on this file).
//!
//! Everything that is the same for every game (starting from the command line with names and
//! `--computer`, a puzzle's records row) is written here once, generically; a game's
//! registration only says what is its own.

use std::io::{BufRead, Write};

use clap::FromArgMatches;

use crate::analysis_commands::AnalysisCommand;
use crate::config::Config;
use crate::core::players::{ComputerSeats, seats_from_command_line};
use crate::core::{Ending, Game, Players};
use crate::games::error::LaunchError;

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

/// Plain mode's two streams, in one value so that every game's [`Registration::plain`] is a
/// one-line signature: the lines the player types and the text the game writes.
pub struct PlainIo<'a> {
    /// The player's lines (standard input, or bytes in tests).
    pub input: &'a mut dyn BufRead,
    /// Where the game writes its boards and questions.
    pub out: &'a mut dyn Write,
}

/// Plays the game in plain mode.
pub type PlainFn = fn(&Launch<'_>, &mut dyn BufRead, &mut dyn Write) -> std::io::Result<Ending>;
/// Plays a game file in a seed's format in plain mode (`parlor --plain --load FILE`): `Err`
/// when the text is not such a file, else how the game ended.
pub type PlainLoadFn = fn(&str, PlainIo<'_>) -> Result<std::io::Result<Ending>, LaunchError>;
/// A puzzle's records row for a command line: its variant and par.
pub type PuzzleVariantFn = fn(&Launch<'_>) -> Option<(String, Option<u32>)>;
/// `parlor perft <game> N`: the number of move sequences of length N from the start.
pub type PerftFn = fn(u32) -> u64;

/// What one game registers, apart from how it looks: its [`Game`], its command line, its plain
/// mode, and the optional extras (analysis commands, settings); its record formats come
/// from its [`Game`].
///
/// Implemented once per game, in the game's `mod.rs`, by a unit type; with the `tui` feature
/// the same type implements `screen_entry::ScreenRegistration` in the game's `ui.rs`.
/// [`GameEntry::of`](crate::games::game_entry::GameEntry::of) turns it into the entry the registry lists.
pub trait Registration: 'static {
    /// The game itself: rules, notation, engines.
    type Game: Game;
    /// The game's own command-line arguments (`parlor connect4 [NAME1 NAME2]`).
    type Args: clap::Args + FromArgMatches + Default;

    /// Other names accepted on the command line (`ConnectFour`, the seeds' names).
    const ALIASES: &'static [&'static str] = &[];
    /// One line for the menu and `--help`.
    const BLURB: &'static str;
    /// A correct command line, printed after a usage error.
    const EXAMPLE: &'static str;
    /// The game's section of the default configuration (`[checkers]` and its comments), in
    /// the shipped `config.toml`'s words; empty for a game without settings.
    const SETTINGS: &'static str = "";
    /// Plays a game file in the seed's own format in plain mode, if the game has one.
    const PLAIN_LOAD: Option<PlainLoadFn> = None;
    /// `parlor solve <game>`, if the game has a solver or an engine to ask.
    const SOLVE: Option<&'static AnalysisCommand> = None;
    /// `parlor move <game> --level N`, for a game whose computer plays.
    const MOVE: Option<&'static AnalysisCommand> = None;
    /// `parlor perft <game> N`, if the game has a move generator worth counting.
    const PERFT: Option<PerftFn> = None;
    /// The menu item the game is listed under instead of one of its own ("Position
    /// puzzles"): the games of a group share one item that opens a list of them.
    const GROUP: Option<&'static str> = None;

    /// The parameters of a new game, from the command line's arguments and the settings.
    ///
    /// # Errors
    /// [`LaunchError::Choice`] when the arguments ask for something that is not there.
    fn params(
        args: &Self::Args,
        config: &Config,
    ) -> Result<<Self::Game as Game>::Params, LaunchError>;

    /// The seats' names given on the command line, first seat first (two-player games; with
    /// `--computer` one name is the person's).
    fn names(_args: &Self::Args) -> Vec<String> {
        Vec::new()
    }

    /// Plays the game in plain line mode; returns how it ended.
    ///
    /// # Errors
    /// Reading or writing the streams failed.
    fn plain(args: &Self::Args, launch: &Launch<'_>, io: PlainIo<'_>) -> std::io::Result<Ending>;
}

/// The seats a command line asks for: the names given, the computer where `--computer` says;
/// none for a puzzle.
pub fn command_line_players<R: Registration + ?Sized>(
    args: &R::Args,
    launch: &Launch<'_>,
) -> Players {
    let game_seats = <R::Game as Game>::SEAT_NAMES;
    if game_seats[0].is_empty() {
        return Players::none();
    }
    seats_from_command_line(&R::names(args), game_seats, launch.computer, launch.level)
}

/// A game's own arguments parsed from `words` as its subcommand `name` would parse them (the
/// same `augment_args` the command line mounts), for the games' `args.rs` tests.
#[cfg(test)]
pub(crate) fn parse_args<A: clap::Args + FromArgMatches>(
    name: &'static str,
    words: &[&str],
) -> Result<A, clap::Error> {
    let command = A::augment_args(clap::Command::new(name));
    let matches =
        command.try_get_matches_from(std::iter::once(name).chain(words.iter().copied()))?;
    A::from_arg_matches(&matches)
}

/// The game's arguments as parsed by clap; clap already checked them against the same
/// definitions, so this only fails if the subcommand was built from another game's.
pub(crate) fn arguments<R: Registration>(
    matches: &clap::ArgMatches,
) -> Result<R::Args, clap::Error> {
    R::Args::from_arg_matches(matches)
}
