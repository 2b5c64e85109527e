//! Magic Square (GAMES.md §2): place the pieces `min ..= min+n²-1` on an n×n board so that every
//! row, column and both diagonals add up to the same (magic) sum.
//!
//! The pure layer: [`rules`] (the state machine), [`notation`] (`5@1,2` placements and save
//! rows), [`text`] (the seed's printed board), [`plain`] (the line-mode driver), [`args`] (the
//! command line) and [`solver`] (completion search behind the hint and Solve). The screen:
//! [`view`] (geometry and drawing) and [`ui`] (cursor, tray, typed values).

pub mod analysis_commands;
pub mod args;
pub mod game;
pub mod notation;
pub mod plain;
pub mod record;
pub mod rules;
pub mod solver;
pub mod text;
#[cfg(feature = "tui")]
pub mod ui;
#[cfg(feature = "tui")]
pub mod view;

pub use rules::{MagicSquare, Params, Placement, SetupError};

use std::io;

use crate::config::Config;
use crate::core::Ending;
use crate::games::entry::{Launch, PlainIo, Registration};

/// Magic Square's registration.
pub struct MagicSquareGameEntry;

impl Registration for MagicSquareGameEntry {
    type Game = game::MagicSquareGame;
    type Args = args::Args;

    const ALIASES: &'static [&'static str] = &["magic-square", "MagicSquare", "magicsquare"];
    const BLURB: &'static str =
        "Place the numbers so every row, column and diagonal has the same sum.";
    const EXAMPLE: &'static str = "parlor magic-square 3 -9";
    const SOLVE: Option<&'static crate::analysis_commands::AnalysisCommand> =
        Some(&analysis_commands::SOLVE);

    fn params(
        args: &args::Args,
        _config: &Config,
    ) -> Result<Params, crate::games::error::LaunchError> {
        Ok(args.params())
    }

    fn plain(args: &args::Args, _launch: &Launch<'_>, io: PlainIo<'_>) -> io::Result<Ending> {
        // clap range-checked both numbers, so every accepted pair makes a board.
        let start = args
            .start()
            .map_err(|err| io::Error::new(io::ErrorKind::InvalidInput, err))?;
        plain::run_plain(start, io.input, io.out)
    }
}
