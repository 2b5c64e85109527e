//! One game as the rest of the program sees it: the registry's row ([`GameEntry`]), built
//! from the game's pure [`Registration`] and, with the `tui` feature, its
//! [`ScreenRegistration`](super::screen_entry::ScreenRegistration) (its board on the game
//! screen). Everything generic (plain mode's run, a puzzle's records row, the daily puzzle's
//! ID) is filled in here once from the game's types.

use std::io::{BufRead, Write};

use super::entry::{
    Launch, PerftFn, PlainFn, PlainIo, PlainLoadFn, PuzzleVariantFn, Registration, arguments,
};
use crate::analysis_commands::AnalysisCommand;
use crate::core::{Ending, Game};
use crate::record::erased::RecordFunctions;

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

/// The ID of `G`'s daily puzzle for a date's hash.
fn daily_id<G: Game>(hash: u64) -> Option<String> {
    G::daily_puzzle(hash).map(|id| id.to_string())
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
    /// Its game records: the formats it reads and writes (`Game::RECORD_FORMATS` and
    /// Parlor's notation), as functions over bytes and saves.
    pub records: RecordFunctions,
    /// `parlor solve <game>`: exact (or searched) answers for positions read one per line.
    pub solve: Option<&'static AnalysisCommand>,
    /// `parlor move <game> --level N`: the computer's move for positions read one per line.
    pub computer_move: Option<&'static AnalysisCommand>,
    /// `parlor perft <game> N`: the number of move sequences of length N from the start.
    pub perft: Option<PerftFn>,
    /// The menu item the game is listed under, when it shares one with others.
    pub group: Option<&'static str>,
    /// The word the game's puzzle IDs start with (`slide`); empty without IDs. The menu's
    /// "Enter a puzzle ID" and the daily puzzle find the game by it, and open the ID through
    /// the game's own `--id` argument.
    pub id_code: &'static str,
    /// The ID of the game's daily puzzle for a date's hash, for a puzzle that has one
    /// ([`Game::daily_puzzle`]).
    pub daily: fn(u64) -> Option<String>,
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
            records: RecordFunctions::of::<R::Game>(),
            solve: R::SOLVE,
            computer_move: R::MOVE,
            perft: R::PERFT,
            group: R::GROUP,
            id_code: <R::Game as Game>::ID_CODE,
            daily: daily_id::<R::Game>,
            #[cfg(feature = "tui")]
            screens: super::screen_entry::ScreenEntry::of::<R>(),
        }
    }
}
