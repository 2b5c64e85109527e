//! Nine Almonds (GAMES.md §1): nine almonds in the centre of a 5×5 board; jump them over each
//! other, one almond per turn (chains allowed), until one almond is left on the centre square.
//!
//! The pure layer: [`rules`] (the state machine), [`notation`] (squares, jumps, chain lines,
//! save rows), [`text`] (the seed's board layout), [`plain`] (line mode), [`args`] (command
//! line) and [`solver`] (the coach's shortest solutions, in turns). The screen: [`view`] (board
//! geometry and drawing) and [`ui`] (keys, mouse, hints on the generic game screen).

pub mod analysis_commands;
pub mod args;
pub mod game;
pub mod notation;
pub mod plain;
pub mod rules;
pub mod solver;
pub mod text;
#[cfg(feature = "tui")]
pub mod ui;
#[cfg(feature = "tui")]
pub mod view;

use std::io;

use crate::config::Config;
use crate::core::Ending;
use crate::games::entry::{Launch, PlainIo, Registration};
use game::Params;

/// Nine Almonds' registration: the menu, `parlor nine-almonds` (or the seed's
/// `NineAlmonds`), plain mode and saves all reach the game through it.
pub struct NineAlmonds;

impl Registration for NineAlmonds {
    type Game = game::NineAlmondsGame;
    type Args = args::Args;

    const ALIASES: &'static [&'static str] = &["nine-almonds", "NineAlmonds", "almonds"];
    const BLURB: &'static str = "Jump almonds over each other until one is left, in the centre.";
    const EXAMPLE: &'static str = "parlor nine-almonds";
    const SOLVE: Option<&'static crate::analysis_commands::AnalysisCommand> =
        Some(&analysis_commands::SOLVE);

    /// The puzzle always starts from the same position.
    fn params(
        _args: &args::Args,
        _config: &Config,
    ) -> Result<Params, crate::games::error::LaunchError> {
        Ok(Params::default())
    }

    fn plain(_args: &args::Args, _launch: &Launch<'_>, io: PlainIo<'_>) -> io::Result<Ending> {
        plain::run_plain(io.input, io.out)
    }
}
