//! Checkers' parameters: what a game is saved with (the capture rule, the start position) and
//! what a new game takes from the configuration. Apart from the `Game` so the records (PDN)
//! can read and write them without the game's definition, which lists the records' formats.

use serde::{Deserialize, Serialize};

use super::rules::Checkers;

/// A game's parameters, saved with it: which capture rule is in force, and the position the
/// game starts from when it is not the usual one (an imported problem or game).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// Captures are compulsory (standard) or free (the seed's variant).
    #[serde(default = "compulsory")]
    pub forced_capture: bool,
    /// The start as PDN's FEN (`B:W21,22:B1,K5`); absent for the usual twelve men each.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}

const fn compulsory() -> bool {
    true
}

impl Default for Params {
    /// Standard English draughts.
    fn default() -> Self {
        Self {
            forced_capture: true,
            start: None,
        }
    }
}

/// The `[checkers]` section of config.toml.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(default)]
struct Settings {
    forced_capture: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            forced_capture: true,
        }
    }
}

impl Params {
    /// The position the game starts from: the usual twelve men each, or the FEN of an
    /// imported problem or game.
    ///
    /// # Errors
    /// The FEN is not a Checkers position.
    pub fn position(&self) -> Result<Checkers, crate::core::StartError> {
        match &self.start {
            None => Ok(Checkers::new(self.forced_capture)),
            Some(fen) => super::record::fen::position(fen, self.forced_capture)
                .map_err(crate::core::StartError::position),
        }
    }

    /// The parameters a new game takes from the configuration.
    pub fn from_config(config: &crate::config::Config) -> Self {
        Self {
            forced_capture: config.game_section::<Settings>("checkers").forced_capture,
            start: None,
        }
    }
}
