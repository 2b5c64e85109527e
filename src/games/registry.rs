//! The list of games: what the menu offers, what the command line accepts, and how saves and
//! game files find the code that reads them. Adding a game adds one line to [`GAMES`]; every
//! entry is built by [`GameEntry::of`] from the game's [`Registration`] (and, with the `tui`
//! feature, its `screen_entry::ScreenRegistration`).

pub use super::entry::Launch;
use super::entry::{ExportFn, PerftFn, PlainFn, PlainLoadFn, PuzzleVariantFn, Registration};
use super::{checkers, connect4, magic_square, nine_almonds, pentago, reversi, slide};
use crate::analysis_commands::AnalysisCommand;
use crate::core::Game;
#[cfg(feature = "tui")]
use crate::save::catalog::SaveSummary;
#[cfg(feature = "tui")]
use crate::save::format::{SaveError, SaveFile};
#[cfg(feature = "tui")]
use crate::screen::{Ctx, Screen};

/// Every game, in menu order.
pub static GAMES: &[&GameEntry] = &[
    &GameEntry::of::<nine_almonds::NineAlmonds>(),
    &GameEntry::of::<magic_square::MagicSquareGameEntry>(),
    &GameEntry::of::<reversi::Reversi>(),
    &GameEntry::of::<checkers::Checkers>(),
    &GameEntry::of::<pentago::Pentago>(),
    &GameEntry::of::<connect4::ConnectFour>(),
    &GameEntry::of::<slide::Slide>(),
];

/// A list of games: what one arcade offers. The program's is [`Registry::STANDARD`] (the
/// [`GAMES`] above); an [`AppSetup`](crate::app::AppSetup) or a command line may be given
/// another (a test adds a toy game this way, without touching any file of Parlor's). Every
/// part of the program that lists, finds or opens games asks the registry it was given, so
/// no other file names the games.
#[derive(Clone, Copy)]
pub struct Registry {
    games: &'static [&'static GameEntry],
}

impl Registry {
    /// Parlor's games, in menu order.
    pub const STANDARD: Self = Self { games: GAMES };

    /// A registry of these games, in this (menu) order.
    #[must_use]
    pub const fn new(games: &'static [&'static GameEntry]) -> Self {
        Self { games }
    }

    /// The games, in menu order.
    #[must_use]
    pub fn games(self) -> &'static [&'static GameEntry] {
        self.games
    }

    /// The game with this id or alias, ignoring case.
    #[must_use]
    pub fn find(self, name: &str) -> Option<&'static GameEntry> {
        self.games.iter().copied().find(|g| {
            g.id.eq_ignore_ascii_case(name)
                || g.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
        })
    }

    #[cfg(feature = "tui")]
    /// Validates a save through its game: the load screen's summary, or why it cannot load.
    ///
    /// # Errors
    /// [`SaveError`] for an unknown game or a bad state.
    pub fn summarize(self, file: &SaveFile, ctx: &Ctx) -> Result<SaveSummary, SaveError> {
        self.open(file, ctx).map(|(summary, _)| summary)
    }

    #[cfg(feature = "tui")]
    /// Opens a save through its game.
    ///
    /// # Errors
    /// [`SaveError`] for an unknown game or a bad state.
    pub fn open(
        self,
        file: &SaveFile,
        ctx: &Ctx,
    ) -> Result<(SaveSummary, Box<dyn Screen>), SaveError> {
        let entry = self
            .games
            .iter()
            .find(|g| g.id == file.game)
            .ok_or_else(|| {
                SaveError::UnknownGame(crate::core::text::clip(
                    &crate::core::text::sanitize(&file.game),
                    30,
                ))
            })?;
        (entry.screens.open_save)(file, ctx)
    }
}

impl Default for Registry {
    fn default() -> Self {
        Self::STANDARD
    }
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.games.iter().map(|g| g.id))
            .finish()
    }
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
            plain: super::entry::plain_run::<R>,
            plain_load: R::PLAIN_LOAD,
            puzzle_variant: super::entry::puzzle_variant::<R>,
            export: R::EXPORT,
            solve: R::SOLVE,
            computer_move: R::MOVE,
            perft: R::PERFT,
            #[cfg(feature = "tui")]
            screens: super::screen_entry::ScreenEntry::of::<R>(),
        }
    }
}
