//! How the event loop fails: its own file, so `app` itself stays about the arcade.

/// Why the event loop ended early: the command line autosaves every open game and prints it.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The terminal could not be measured or drawn on (the backend's own error).
    #[error(transparent)]
    Terminal(Box<dyn std::error::Error + Send + Sync + 'static>),
    /// Input could not be read.
    #[error(transparent)]
    Input(#[from] std::io::Error),
}

impl RunError {
    /// A backend's error, whatever its type.
    pub(super) fn terminal(source: impl std::error::Error + Send + Sync + 'static) -> Self {
        Self::Terminal(Box::new(source))
    }
}
