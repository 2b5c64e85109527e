//! Opening a puzzle by its ID, whatever the puzzle: the menu's "Enter a puzzle ID", the daily
//! puzzle and plain mode. The ID's code names the game (through the registry, the only list of
//! games), and the ID is then given to that game's own `--id` argument, so a game reads its
//! IDs in one place whichever way they come.

use std::io::{BufRead, Write};

use crate::config::Config;
use crate::core::{Ending, IdError, PuzzleId};
use crate::games::entry::Launch;
use crate::games::error::LaunchError;
use crate::games::game_entry::GameEntry;
use crate::games::registry::GAMES;
#[cfg(feature = "tui")]
use crate::screen::{Ctx, Screen};

/// Why an ID does not open.
#[derive(Debug, thiserror::Error)]
pub enum OpenIdError {
    /// Not an ID, a typo, or fields the game cannot read.
    #[error(transparent)]
    Id(#[from] IdError),
    /// The game could not start the puzzle.
    #[error(transparent)]
    Launch(#[from] LaunchError),
}

/// The game whose IDs start with the ID's code.
///
/// # Errors
/// [`IdError::UnknownCode`] when no registered game has that code.
pub fn entry_for(id: &PuzzleId) -> Result<&'static GameEntry, IdError> {
    GAMES
        .iter()
        .copied()
        .find(|game| !game.id_code.is_empty() && game.id_code == id.code)
        .ok_or_else(|| IdError::UnknownCode(id.code.clone()))
}

/// The game and its command line's arguments for `text`, read by the game's own `--id`.
///
/// # Errors
/// [`OpenIdError`] naming what is wrong with the ID.
pub fn arguments(text: &str) -> Result<(&'static GameEntry, clap::ArgMatches), OpenIdError> {
    let id: PuzzleId = text.parse()?;
    let entry = entry_for(&id)?;
    let command = (entry.args)(clap::Command::new(entry.id).no_binary_name(true));
    let matches =
        command.try_get_matches_from(["--id", text]).map_err(
            |err| match std::error::Error::source(&err)
                .and_then(|source| source.downcast_ref::<IdError>())
            {
                Some(id_error) => OpenIdError::Id(id_error.clone()),
                None => OpenIdError::Launch(LaunchError::Arguments(err)),
            },
        )?;
    Ok((entry, matches))
}

#[cfg(feature = "tui")]
/// The puzzle's screen.
///
/// # Errors
/// [`OpenIdError`] when the ID does not open.
pub fn open(text: &str, ctx: &Ctx) -> Result<Box<dyn Screen>, OpenIdError> {
    let (entry, matches) = arguments(text)?;
    let launch = Launch {
        matches: &matches,
        computer: None,
        level: 2,
        config: &ctx.config,
    };
    Ok((entry.screens.launch)(&launch, ctx)?)
}

/// The puzzle in plain mode, and the game it belongs to.
///
/// # Errors
/// [`OpenIdError`] when the ID does not open; reading or writing failures inside as
/// [`std::io::Error`].
pub fn plain(
    text: &str,
    config: &Config,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(&'static GameEntry, std::io::Result<Ending>), OpenIdError> {
    let (entry, matches) = arguments(text)?;
    let launch = Launch {
        matches: &matches,
        computer: None,
        level: 2,
        config,
    };
    Ok((entry, (entry.plain)(&launch, input, out)))
}
