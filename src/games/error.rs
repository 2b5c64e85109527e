//! [`LaunchError`]: why a game named on the command line, in the menu or in a seed's game file
//! does not start.
//!
//! Every way of starting a game ends in [`Game::start`](crate::core::Game::start), so its
//! [`StartError`] is one kind; the others are the game's own arguments naming something that
//! is not there (Slide's level 99 or a missing level file) and a seed-format file that does
//! not read. Each keeps the game's own error as its source; the sentence people read is the
//! `Display`, printed by the command line and shown in dialogs as it is.

use crate::core::StartError;
use crate::core::start::Source;

/// Why a game could not be started.
#[derive(Debug, thiserror::Error)]
pub enum LaunchError {
    /// The parameters do not give a playable start position.
    #[error(transparent)]
    Start(#[from] StartError),
    /// The game's arguments do not match its own definitions (a subcommand built from another
    /// game's: a bug, since clap checked the command line against the same definitions).
    #[error(transparent)]
    Arguments(#[from] clap::Error),
    /// The game's own arguments ask for something that is not there or not valid (Slide's
    /// level number out of range, a level file that cannot be read or is not a level).
    #[error(transparent)]
    Choice(Source),
    /// A game file in a seed's format that does not read (Connect Four's names and position).
    #[error(transparent)]
    Import(Source),
}

impl LaunchError {
    /// The game's own arguments ask for something that is not there or not valid.
    pub fn choice(source: impl std::error::Error + Send + Sync + 'static) -> Self {
        Self::Choice(Box::new(source))
    }

    /// A seed-format game file that does not read.
    pub fn import(source: impl std::error::Error + Send + Sync + 'static) -> Self {
        Self::Import(Box::new(source))
    }
}
