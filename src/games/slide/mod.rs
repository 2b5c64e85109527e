//! Slide: move every `O` into the goals, where `O` pieces slide until stopped and `X` pieces
//! step one square; fewer moves is better, and every level has a par found by the solver.

pub mod analysis_commands;
pub mod args;
mod clearance;
pub mod game;
pub mod generate;
pub mod id;
pub mod level;
pub mod levels;
#[cfg(feature = "tui")]
pub mod list;
mod node_table;
pub mod notation;
pub mod params;
pub mod plain;
mod position;
pub mod record;
pub mod rules;
pub mod solver;
mod squares;
mod stoppers;
pub mod text;
#[cfg(feature = "tui")]
pub mod ui;
#[cfg(feature = "tui")]
pub mod view;

use std::io;

use crate::config::Config;
use crate::core::Ending;
use crate::games::entry::{Launch, PlainIo, Registration};
use crate::games::error::LaunchError;
use args::LevelChoice;
use game::Params;
use levels::level_key;

/// Slide's registration.
pub struct Slide;

impl Registration for Slide {
    type Game = game::SlideGame;
    type Args = args::Args;

    const ALIASES: &'static [&'static str] = &["Slide"];
    const BLURB: &'static str = "Slide every O into the goals in as few moves as par.";
    const EXAMPLE: &'static str = "parlor slide --level 3";
    const SOLVE: Option<&'static crate::analysis_commands::AnalysisCommand> =
        Some(&analysis_commands::SOLVE);

    /// The level the command line names; level 1 without one.
    fn params(args: &args::Args, _config: &Config) -> Result<Params, LaunchError> {
        match chosen_params(args).map_err(LaunchError::choice)? {
            Some(params) => Ok(params),
            None => Ok(Params::for_level(
                &levels::shipped_level(1).map_err(LaunchError::choice)?,
                level_key(1),
            )),
        }
    }

    fn plain(args: &args::Args, launch: &Launch<'_>, io: PlainIo<'_>) -> io::Result<Ending> {
        let params = Self::params(args, launch.config).map_err(io::Error::other)?;
        let level = params.level().map_err(io::Error::other)?;
        plain::run_plain(&level, &params.key, io.input, io.out)
    }
}

/// The level the command line asks for, as a game's parameters (its best-result key
/// included); `None` for the level list.
///
/// # Errors
/// [`levels::ChoiceError`] for a bad level number or an unreadable or invalid level file.
pub fn chosen_params(args: &args::Args) -> Result<Option<Params>, levels::ChoiceError> {
    Ok(match args.choice() {
        LevelChoice::Default => None,
        LevelChoice::Id(params) => Some(params),
        LevelChoice::Shipped(n) => {
            Some(Params::for_level(&levels::shipped_level(n)?, level_key(n)))
        }
        LevelChoice::File(path) => {
            let level = levels::ChoiceError::read_level(&path)?;
            let key = format!("file-{}", level.name);
            Some(Params::for_level(&level, key))
        }
        LevelChoice::Seed(seed, difficulty) => {
            let level = generate::generate(seed, difficulty.par_range());
            Some(Params::for_level(&level, id::seed_key(seed, difficulty)))
        }
    })
}
