//! Slide's parameters: what a game is saved with (the level itself and the key its best
//! result is kept under). Apart from the `Game` so the level's ID and records can make them
//! without the game's definition, which reads both.

use serde::{Deserialize, Serialize};

use super::level::{Level, board_from_rows};

/// A game's parameters: the level itself (so a save is playable without the level file) and
/// the key its best result is kept under.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// Where best results are kept: `level-fortress` (a shipped level, by name), `seed-42-medium`, or `file-<name>`.
    pub key: String,
    /// The level's name.
    pub name: String,
    /// The starting board as 10 rows of `.OXG`.
    pub rows: Vec<String>,
    /// The level's par, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub par: Option<u32>,
}

impl Params {
    /// The parameters for a level, keyed for best results.
    #[must_use]
    pub fn for_level(level: &Level, key: String) -> Self {
        Self {
            key,
            name: level.name.clone(),
            rows: level.board.rows(),
            par: level.par,
        }
    }

    /// The level these parameters play (plain mode reads a level).
    ///
    /// # Errors
    /// [`LevelError`](super::level::LevelError) for rows that are not a level's board (never
    /// for parameters made from a level or an ID).
    pub fn level(&self) -> Result<Level, super::level::LevelError> {
        Ok(Level {
            name: self.name.clone(),
            board: board_from_rows(&self.rows)?,
            par: self.par,
        })
    }
}
