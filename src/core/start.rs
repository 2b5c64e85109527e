//! [`StartError`]: why a game's parameters give no start position.
//!
//! The parameters come from outside (a save, a command line, a seed's game file), so
//! [`Game::start`](super::Game::start) can refuse them. The game's own reason (a notation or
//! setup error of its rules) is kept as the source instead of being flattened into a sentence,
//! and the kind tells callers what went wrong without reading the text: a save with a bad
//! start position is a broken save, a puzzle with nothing to do is no game at all.

/// A game's own error type, kept whole as the source of a [`StartError`].
pub type Source = Box<dyn std::error::Error + Send + Sync + 'static>;

/// Why the parameters of a game do not give a playable start position. The `Display` is the
/// sentence people read (the game's own reason, as its rules word it).
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The start position written in the parameters (a save's, a seed file's) does not describe
    /// a position the rules accept.
    #[error(transparent)]
    Position(Source),
    /// The parameters are outside what the rules allow (Magic Square's board side or numbers).
    #[error(transparent)]
    Setup(Source),
    /// A puzzle whose start leaves nothing to do (Slide's level with no `O` piece to move).
    #[error("{0}")]
    NothingToDo(&'static str),
}

impl StartError {
    /// The start position does not parse or is not one the rules accept.
    pub fn position(source: impl std::error::Error + Send + Sync + 'static) -> Self {
        Self::Position(Box::new(source))
    }

    /// The parameters are outside what the rules allow.
    pub fn setup(source: impl std::error::Error + Send + Sync + 'static) -> Self {
        Self::Setup(Box::new(source))
    }
}
