//! Reversi (GAMES.md §3): two players at one terminal place black and white discs and turn
//! over every line they bracket; the one with more discs when neither can move wins.
//!
//! The pure layer: [`rules`] (the state machine), [`notation`] (`x,y` moves, save rows),
//! [`text`] (the seed's text board), [`plain`] (line mode) and [`args`] (command line); the
//! screen: [`view`] (geometry and drawing) and [`ui`] (the board's part of the game screen).

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
pub mod text;
#[cfg(feature = "tui")]
pub mod ui;
#[cfg(feature = "tui")]
pub mod view;

#[cfg(test)]
mod tests;

use std::io;

use crate::config::Config;
use crate::core::{Ending, Seat};
use crate::games::entry::{Launch, PlainIo, Registration, command_line_players};
use game::Params;

/// Reversi's registration.
pub struct Reversi;

impl Registration for Reversi {
    type Game = game::ReversiGame;
    type Args = args::Args;

    const BLURB: &'static str =
        "Place discs to bracket and turn over your opponent's; most discs wins.";
    const EXAMPLE: &'static str = args::USAGE_EXAMPLE;
    const SOLVE: Option<&'static crate::analysis_commands::AnalysisCommand> =
        Some(&analysis_commands::SOLVE);
    const MOVE: Option<&'static crate::analysis_commands::AnalysisCommand> =
        Some(&analysis_commands::MOVE);
    const SETTINGS: &'static str = include_str!("settings.toml");
    const PERFT: Option<crate::games::entry::PerftFn> = Some(|depth| {
        engine::perft(
            engine::board::START_BLACK,
            engine::board::START_WHITE,
            depth,
        )
    });

    fn params(
        _args: &args::Args,
        _config: &Config,
    ) -> Result<Params, crate::games::error::LaunchError> {
        Ok(Params::default())
    }

    /// Black's name first (one name, with `--computer second`, names the person playing black).
    fn names(args: &args::Args) -> Vec<String> {
        args.black.iter().chain(&args.white).cloned().collect()
    }

    fn plain(args: &args::Args, launch: &Launch<'_>, io: PlainIo<'_>) -> io::Result<Ending> {
        let seats = command_line_players::<Self>(args, launch);
        let name = |seat: Seat| seats.at(seat).map(|p| p.name.clone()).unwrap_or_default();
        let setup = plain::PlainSetup {
            players: plain::Players {
                black: name(Seat::First),
                white: name(Seat::Second),
            },
            start: rules::Board::new(),
            computer: [
                seats.computer_level(Seat::First),
                seats.computer_level(Seat::Second),
            ],
            names: launch.config.coordinates,
        };
        plain::run_plain(&setup, io.input, io.out)
    }
}
