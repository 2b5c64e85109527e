//! What a game tells the rest of the program: the pure [`Registration`] a game implements in
//! its folder (its [`Game`], command line, plain mode and analysis commands), and the
//! [`GameEntry`] built from it for the command line, plain mode, saves and the menu. With the
//! `tui` feature a game also implements `screen_entry::ScreenRegistration` (its board on the
//! game screen), and the entry carries its screens too.
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
use crate::save::format::{SaveError, SaveFile};

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
/// A new game a seed-format game file describes: its parameters and its seats.
pub struct NewGame<G: Game> {
    /// The parameters (Connect Four's start position).
    pub params: G::Params,
    /// The seats, named as the file names them.
    pub players: Players,
}
/// Reads a game file in a seed's format into a new game.
pub type ImportFn<G> = fn(&str) -> Result<NewGame<G>, LaunchError>;
/// Plays a game file in a seed's format in plain mode (`parlor --plain --load FILE`): `Err`
/// when the text is not such a file, else how the game ended.
pub type PlainLoadFn = fn(&str, PlainIo<'_>) -> Result<std::io::Result<Ending>, LaunchError>;
/// Exports a save as a game file in a seed's format: (file name, contents).
pub type ExportFn = fn(&SaveFile) -> Result<(String, String), SaveError>;
/// A puzzle's records row for a command line: its variant and par.
pub type PuzzleVariantFn = fn(&Launch<'_>) -> Option<(String, Option<u32>)>;
/// `parlor perft <game> N`: the number of move sequences of length N from the start.
pub type PerftFn = fn(u32) -> u64;

/// What one game registers, apart from how it looks: its [`Game`], its command line, its plain
/// mode, and the optional extras (seed file formats, analysis commands, settings).
///
/// Implemented once per game, in the game's `mod.rs`, by a unit type; with the `tui` feature
/// the same type implements `screen_entry::ScreenRegistration` in the game's `ui.rs`.
/// [`GameEntry::of`] turns it into the entry the registry lists.
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
    /// Reads a game file in the seed's own format into a new game, if the game has one (the
    /// arcade opens it on the game screen).
    const IMPORT: Option<ImportFn<Self::Game>> = None;
    /// Plays a game file in the seed's own format in plain mode, if the game has one.
    const PLAIN_LOAD: Option<PlainLoadFn> = None;
    /// Exports a save in the seed's own game-file format, if the game has one.
    const EXPORT: Option<ExportFn> = None;
    /// `parlor solve <game>`, if the game has a solver or an engine to ask.
    const SOLVE: Option<&'static AnalysisCommand> = None;
    /// `parlor move <game> --level N`, for a game whose computer plays.
    const MOVE: Option<&'static AnalysisCommand> = None;
    /// `parlor perft <game> N`, if the game has a move generator worth counting.
    const PERFT: Option<PerftFn> = None;

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

fn plain_run<R: Registration>(
    launch: &Launch<'_>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> std::io::Result<Ending> {
    let args = arguments::<R>(launch.matches).map_err(std::io::Error::other)?;
    R::plain(&args, launch, PlainIo { input, out })
}

/// The records' row of a puzzle started with this command line (its variant, as the game
/// screen records it, and its par), so plain-mode solves count where the arcade's do.
fn puzzle_variant<R: Registration>(launch: &Launch<'_>) -> Option<(String, Option<u32>)> {
    type G<R> = <R as Registration>::Game;
    let args = arguments::<R>(launch.matches).ok()?;
    let params = R::params(&args, launch.config).ok()?;
    let variant = G::<R>::record_key(&params).unwrap_or_else(|| G::<R>::describe(&params));
    Some((variant, G::<R>::par(&params)))
}

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
    /// Whether the computer can take a seat (the game has an engine).
    pub has_engine: bool,
    /// The rules and keys shown by `?`.
    pub help: &'static str,
    /// The game's section of the default configuration.
    pub settings: &'static str,
    /// Adds the game's arguments to its subcommand.
    pub args: fn(clap::Command) -> clap::Command,
    /// The game in plain line mode; returns how it ended.
    pub plain: PlainFn,
    /// Plays a game file in the seed's own format in plain mode, if the game has one.
    pub plain_load: Option<PlainLoadFn>,
    /// A puzzle's records row (variant and par) for a command line; `None` for a command line
    /// that does not make a game.
    pub puzzle_variant: PuzzleVariantFn,
    /// Exports a save in the seed's own game-file format, if the game has one.
    pub export: Option<ExportFn>,
    /// `parlor solve <game>`: exact (or searched) answers for positions read one per line.
    pub solve: Option<&'static AnalysisCommand>,
    /// `parlor move <game> --level N`: the computer's move for positions read one per line.
    pub computer_move: Option<&'static AnalysisCommand>,
    /// `parlor perft <game> N`: the number of move sequences of length N from the start.
    pub perft: Option<PerftFn>,
    /// The game on screen: the game screen, its new-game form, saves and imports opened.
    #[cfg(feature = "tui")]
    pub screens: super::screen_entry::ScreenEntry,
}

/// What a registry line needs of a game: its [`Registration`], and with the `tui` feature its
/// `screen_entry::ScreenRegistration` too (one bound either way, so the registry line is the
/// same in both builds).
#[cfg(feature = "tui")]
pub trait Playable: Registration + super::screen_entry::ScreenRegistration {}
#[cfg(feature = "tui")]
impl<T: Registration + super::screen_entry::ScreenRegistration> Playable for T {}
/// What a registry line needs of a game: its [`Registration`] (the build without the terminal).
#[cfg(not(feature = "tui"))]
pub trait Playable: Registration {}
#[cfg(not(feature = "tui"))]
impl<T: Registration> Playable for T {}

impl GameEntry {
    /// The entry of a registered game: everything generic filled in from its types.
    #[must_use]
    pub const fn of<R: Playable>() -> Self {
        Self {
            id: <R::Game as Game>::ID,
            title: <R::Game as Game>::TITLE,
            aliases: R::ALIASES,
            blurb: R::BLURB,
            example: R::EXAMPLE,
            two_player: !<R::Game as Game>::SEAT_NAMES[0].is_empty(),
            has_engine: <R::Game as Game>::HAS_ENGINE,
            help: <R::Game as Game>::HELP,
            settings: R::SETTINGS,
            args: <R::Args as clap::Args>::augment_args,
            plain: plain_run::<R>,
            plain_load: R::PLAIN_LOAD,
            puzzle_variant: puzzle_variant::<R>,
            export: R::EXPORT,
            solve: R::SOLVE,
            computer_move: R::MOVE,
            perft: R::PERFT,
            #[cfg(feature = "tui")]
            screens: super::screen_entry::ScreenEntry::of::<R>(),
        }
    }
}
