//! How squares are named on screen: the standard names players of a game know, or the seed's
//! `x,y`. It lives in the pure layer because the names are notation: the games' notation
//! modules write both, and the boards only ask which one to show.

use serde::Deserialize;

/// `[ui] coordinates`: how the arcade names the squares of Reversi and Checkers. Players of
/// those games know the standard names; the original `x,y` stay one setting away and are what
/// plain mode always uses (scripts rely on them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Coordinates {
    /// Reversi `a1`–`h8` (row 1 at the top), Checkers squares 1–32.
    #[default]
    Standard,
    /// `x,y` from the lower left, as in plain mode.
    Original,
}

impl Coordinates {
    /// The values `[ui] coordinates` accepts.
    pub const NAMES: [&'static str; 2] = ["standard", "original"];
}
