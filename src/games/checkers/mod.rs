//! Checkers (English draughts, GAMES.md §4): two players, black first, multi-jumps, crowning,
//! compulsory captures by default and the seed's free-capture variant as an option.

pub mod analysis_commands;
pub mod args;
pub mod endgame;
pub mod engine;
pub mod game;
pub mod notation;
pub mod params;
pub mod plain;
pub mod puzzle;
pub mod record;
pub mod rules;
pub mod text;
#[cfg(feature = "tui")]
pub mod ui;
#[cfg(feature = "tui")]
pub mod view;

use std::io;

use crate::config::Config;
use crate::core::{Ending, Game, Seat};
use crate::games::entry::{Launch, PlainIo, Registration, command_line_players};
use game::{CheckersGame, Params};

/// Checkers' registration.
pub struct Checkers;

impl Registration for Checkers {
    type Game = game::CheckersGame;
    type Args = args::Args;

    const ALIASES: &'static [&'static str] = &["Checkers", "draughts"];
    const BLURB: &'static str = "English draughts: diagonal moves, multi-jumps, crowned kings.";
    const EXAMPLE: &'static str = "parlor checkers Alice Bob";
    const SOLVE: Option<&'static crate::analysis_commands::AnalysisCommand> =
        Some(&analysis_commands::SOLVE);
    const MOVE: Option<&'static crate::analysis_commands::AnalysisCommand> =
        Some(&analysis_commands::MOVE);
    const SETTINGS: &'static str = include_str!("settings.toml");
    const PERFT: Option<crate::games::entry::PerftFn> = Some(engine::perft_from_start);

    /// The capture rule comes from the settings.
    fn params(
        _args: &args::Args,
        config: &Config,
    ) -> Result<Params, crate::games::error::LaunchError> {
        Ok(Params::from_config(config))
    }

    /// In seat order; with `--computer` one name is the person's (see `cli`).
    fn names(args: &args::Args) -> Vec<String> {
        args.black.iter().chain(&args.white).cloned().collect()
    }

    fn plain(args: &args::Args, launch: &Launch<'_>, io: PlainIo<'_>) -> io::Result<Ending> {
        let players = command_line_players::<Self>(args, launch);
        let seat = |seat: Seat| {
            players.at(seat).map_or_else(
                || CheckersGame::SEAT_NAMES[seat.index()].to_string(),
                |p| p.name.clone(),
            )
        };
        let setup = plain::PlainSetup {
            black: seat(Seat::First),
            white: seat(Seat::Second),
            game: rules::Checkers::new(Params::from_config(launch.config).forced_capture),
            computer: [
                players.computer_level(Seat::First),
                players.computer_level(Seat::Second),
            ],
            names: launch.config.coordinates,
        };
        plain::run_plain(setup, io.input, io.out)
    }
}

/// Plain mode's record of a game for the end-of-input autosave: the seats and the capture rule.
fn journal(
    names: &[String; 2],
    computer: [Option<u8>; 2],
    game: &rules::Checkers,
) -> crate::save::journal::Journal<CheckersGame> {
    let seat = |index: usize| match computer[index] {
        Some(level) => crate::core::Player::computer(level),
        None => crate::core::Player::person(&names[index], CheckersGame::SEAT_NAMES[index]),
    };
    let players = crate::core::Players::two(seat(0), seat(1));
    let params = Params {
        forced_capture: game.forced_capture(),
        start: None,
    };
    crate::save::journal::Journal::new(params, players, game)
}
