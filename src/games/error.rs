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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;
    use crate::games::connect4::game::{ConnectFourGame, Params as ConnectFourParams};
    use crate::games::magic_square::game::MagicSquareGame;
    use crate::games::magic_square::rules::{Params as MagicParams, SetupError};
    use crate::games::slide::game::{Params as SlideParams, SlideGame};

    #[test]
    fn each_start_refusal_keeps_its_kind_and_the_rules_reason() {
        // A save's start position that does not parse: the notation's own error inside.
        let params = ConnectFourParams {
            start: Some("not a position".into()),
        };
        let err = ConnectFourGame::start(&params).expect_err("no such position");
        let StartError::Position(source) = &err else {
            panic!("not a position error: {err:?}");
        };
        assert!(
            source
                .downcast_ref::<crate::games::connect4::notation::PositionError>()
                .is_some(),
            "{source:?}"
        );
        // Parameters the rules do not allow: the rules' setup error inside, word for word.
        let err = MagicSquareGame::start(&MagicParams {
            size: 3,
            min: i64::MAX,
        })
        .expect_err("overflows");
        let StartError::Setup(source) = &err else {
            panic!("not a setup error: {err:?}");
        };
        let setup = source
            .downcast_ref::<SetupError>()
            .expect("the rules' error");
        assert_eq!(err.to_string(), setup.to_string());
        // A level with nothing left to move is its own kind.
        let rows = [
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "....GG....",
        ];
        let err = SlideGame::start(&SlideParams {
            key: "file-empty".into(),
            name: "empty".into(),
            rows: rows.iter().map(|row| (*row).to_string()).collect(),
            par: None,
        })
        .expect_err("no O piece");
        assert!(matches!(err, StartError::NothingToDo(_)), "{err:?}");
        assert_eq!(err.to_string(), "the level has no O piece");
    }

    #[test]
    fn a_refused_start_reaches_the_command_line_as_a_start_error() {
        let err: LaunchError = ConnectFourGame::start(&ConnectFourParams {
            start: Some("x".into()),
        })
        .map_err(LaunchError::from)
        .expect_err("no such position");
        assert!(matches!(err, LaunchError::Start(StartError::Position(_))));
    }
}
