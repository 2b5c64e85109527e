//! Connect Four (GAMES.md §6): drop tokens, four in a line wins.

pub mod analysis_commands;
pub mod args;
pub mod engine;
pub mod game;
pub mod notation;
pub mod params;
pub mod plain;
pub mod puzzle;
pub mod record;
pub mod rules;
pub mod seedfile;
pub mod text;
#[cfg(feature = "tui")]
pub mod ui;
#[cfg(feature = "tui")]
pub mod view;

use std::io;

use crate::config::Config;
use crate::core::{Ending, Seat};
use crate::games::entry::{Launch, PlainIo, Registration, command_line_players};
use game::Params;

/// Connect Four's registration.
pub struct ConnectFour;

impl Registration for ConnectFour {
    type Game = game::ConnectFourGame;
    type Args = args::Args;

    const ALIASES: &'static [&'static str] = &["connect-four", "ConnectFour", "Connect4"];
    const BLURB: &'static str = "Drop tokens into seven columns; four in a line wins.";
    const EXAMPLE: &'static str = "parlor connect4 Alice Bob";
    const SOLVE: Option<&'static crate::analysis_commands::AnalysisCommand> =
        Some(&engine::cli::SOLVE);
    const MOVE: Option<&'static crate::analysis_commands::AnalysisCommand> =
        Some(&analysis_commands::MOVE);
    const PLAIN_LOAD: Option<crate::games::entry::PlainLoadFn> = Some(plain_load);
    const PERFT: Option<crate::games::entry::PerftFn> = Some(engine::perft);

    fn params(
        _args: &args::Args,
        _config: &Config,
    ) -> Result<Params, crate::games::error::LaunchError> {
        Ok(Params::default())
    }

    fn names(args: &args::Args) -> Vec<String> {
        args.first.iter().chain(&args.second).cloned().collect()
    }

    fn plain(args: &args::Args, launch: &Launch<'_>, io: PlainIo<'_>) -> io::Result<Ending> {
        if launch.computer.is_some() {
            // The computer's seats are named for it; the seed's questions would ask their names.
            let players = command_line_players::<Self>(args, launch);
            let seat = |seat| players.at(seat).map(|p| p.name.clone()).unwrap_or_default();
            let both = players.computer_level(Seat::First).is_some()
                && players.computer_level(Seat::Second).is_some();
            let start = if Self::names(args).is_empty() && !both {
                // The seed's questions, as without --computer; only the computer's name is known.
                let fixed = |s: Seat| players.computer_level(s).map(|_| seat(s));
                plain::PlainStart::AskExcept([fixed(Seat::First), fixed(Seat::Second)])
            } else {
                plain::PlainStart::Names(seat(Seat::First), seat(Seat::Second))
            };
            let computer = [
                players.computer_level(Seat::First),
                players.computer_level(Seat::Second),
            ];
            return plain::run_plain_against(start, computer, io.input, io.out);
        }
        let start = match Self::names(args).as_slice() {
            [first, second] => plain::PlainStart::Names(
                crate::core::text::player_name(first, "Player 1"),
                crate::core::text::player_name(second, "Player 2"),
            ),
            _ => plain::PlainStart::Ask,
        };
        plain::run_plain(start, io.input, io.out)
    }
}

/// Plays a seed-format game file in plain mode, from its position with its names; a text that
/// is not such a file is refused with the line at fault.
fn plain_load(
    text: &str,
    PlainIo { input, out }: PlainIo<'_>,
) -> Result<io::Result<Ending>, crate::games::error::LaunchError> {
    let start = plain_start_from_file(text).map_err(crate::games::error::LaunchError::import)?;
    Ok(plain::run_plain(start, input, out))
}

/// Opens a game file given on the command line in plain mode, or says what is wrong with it
/// (so a typo in a hand-written file is pointed out, not taken for another kind of file).
///
/// # Errors
/// [`seedfile::GameFileError`] naming the line at fault.
pub fn plain_start_from_file(text: &str) -> Result<plain::PlainStart, seedfile::GameFileError> {
    seedfile::parse_game_file(text).map(|f| plain::PlainStart::Loaded {
        first: f.first,
        second: f.second,
        board: f.board,
    })
}
