//! Slide: move every `O` into the goals, where `O` pieces slide until stopped and `X` pieces
//! step one square; fewer moves is better, and every level has a par found by the solver.

pub mod analysis_commands;
pub mod args;
mod clearance;
pub mod game;
pub mod generate;
pub mod level;
pub mod levels;
#[cfg(feature = "tui")]
pub mod list;
mod node_table;
pub mod notation;
pub mod plain;
mod position;
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
use level::Level;
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
        let (level, key) = match chosen_level(args).map_err(LaunchError::choice)? {
            Some(chosen) => chosen,
            None => (
                levels::shipped_level(1).map_err(LaunchError::choice)?,
                level_key(1),
            ),
        };
        Ok(Params::for_level(&level, key))
    }

    fn plain(args: &args::Args, _launch: &Launch<'_>, io: PlainIo<'_>) -> io::Result<Ending> {
        let (level, key) = match chosen_level(args) {
            Ok(Some(chosen)) => chosen,
            Ok(None) => (
                levels::shipped_level(1).map_err(io::Error::other)?,
                level_key(1),
            ),
            Err(err) => return Err(io::Error::other(err)),
        };
        plain::run_plain(&level, &key, io.input, io.out)
    }
}

/// The level the command line asks for with its best-result key; `None` for the level list.
///
/// # Errors
/// [`levels::ChoiceError`] for a bad level number or an unreadable or invalid level file.
pub fn chosen_level(args: &args::Args) -> Result<Option<(Level, String)>, levels::ChoiceError> {
    Ok(match args.choice() {
        LevelChoice::Default => None,
        LevelChoice::Shipped(n) => Some((levels::shipped_level(n)?, level_key(n))),
        LevelChoice::File(path) => {
            let level = levels::ChoiceError::read_level(&path)?;
            let key = format!("file-{}", level.name);
            Some((level, key))
        }
        LevelChoice::Seed(seed, difficulty) => {
            let level = generate::generate(seed, difficulty.par_range());
            let key = format!("seed-{seed}-{difficulty:?}").to_lowercase();
            Some((level, key))
        }
    })
}
