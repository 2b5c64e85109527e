//! Pentago (GAMES.md §5): place a piece, then turn a quadrant; five in a line wins.

pub mod analysis_commands;
pub mod args;
pub mod engine;
pub mod game;
pub mod notation;
pub mod plain;
pub mod puzzle;
pub mod rules;
pub mod text;
pub mod turn;
#[cfg(feature = "tui")]
pub mod ui;
pub mod values;
#[cfg(feature = "tui")]
pub mod view;

use std::io;

use crate::config::Config;
use crate::core::{Ending, Game};
use crate::games::entry::{Launch, PlainIo, Registration};
use game::{Params, PentagoGame};

/// Pentago's registration.
pub struct Pentago;

impl Registration for Pentago {
    type Game = game::PentagoGame;
    type Args = args::Args;

    const ALIASES: &'static [&'static str] = &["Pentago"];
    const BLURB: &'static str = "Place a piece, then turn a quadrant; five in a line wins.";
    const EXAMPLE: &'static str = "parlor pentago Alice Bob";
    const SOLVE: Option<&'static crate::analysis_commands::AnalysisCommand> =
        Some(&analysis_commands::SOLVE);
    const MOVE: Option<&'static crate::analysis_commands::AnalysisCommand> =
        Some(&analysis_commands::MOVE);

    fn params(
        _args: &args::Args,
        _config: &Config,
    ) -> Result<Params, crate::games::error::LaunchError> {
        Ok(Params::default())
    }

    fn names(args: &args::Args) -> Vec<String> {
        args.x_name.iter().chain(&args.o_name).cloned().collect()
    }

    /// Plain mode always starts from the empty board; the seed's prompts name the pieces (X,
    /// O), not the players, so the names are not used there. With `--computer` the engine
    /// plays its seats at `--level`.
    fn plain(_args: &args::Args, launch: &Launch<'_>, io: PlainIo<'_>) -> io::Result<Ending> {
        let computer = launch.computer.map(|seats| plain::Computer {
            seats,
            level: engine::Strength::from_number(launch.level).unwrap_or(engine::Strength::Master),
        });
        plain::run_plain_against(rules::Pentago::new(), computer, io.input, io.out)
    }
}

/// Plain mode's record of a game for the end-of-input autosave (the seats keep their names).
fn journal(
    game: &rules::Pentago,
    computer: Option<plain::Computer>,
) -> crate::save::journal::Journal<PentagoGame> {
    let seat = |seat: crate::core::Seat| match computer.filter(|c| c.seats.takes(seat)) {
        Some(c) => crate::core::Player::computer(c.level as u8),
        None => crate::core::Player::person("", PentagoGame::SEAT_NAMES[seat.index()]),
    };
    let players = crate::core::Players::two(
        seat(crate::core::Seat::First),
        seat(crate::core::Seat::Second),
    );
    crate::save::journal::Journal::new(game::Params {}, players, game)
}
