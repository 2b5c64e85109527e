//! Connect Four's parameters: what a game is saved with (where it starts). Apart from the
//! `Game` so the records can read and write them without the game's definition, which lists
//! the records' formats.

use serde::{Deserialize, Serialize};

/// A new game's parameters: where it starts (an imported position, or the empty board).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// The start position as a position text; absent for the empty board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}
