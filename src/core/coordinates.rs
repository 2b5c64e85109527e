//! How squares are named on screen: the standard names players of a game know, or the seed's
//! `x,y`. It lives in the pure layer because the names are notation: the games' notation
//! modules write both, and the boards only ask which one to show.

use serde::Deserialize;

/// `[ui] coordinates`: how the arcade names squares in every text (status line, hint,
/// refusal, history, analysis strip). Players know the standard names (Reversi `a1`–`h8`,
/// Checkers 1–32, Slide `x,y` from the lower left); the seeds' own names stay one setting
/// away. Games with one way of naming squares (Nine Almonds' and Magic Square's `x,y`,
/// Pentago's `c3`, Connect Four's columns) read the same under both.
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

    /// A square's name under this setting: the one function every text that names a square
    /// goes through, so no message can use the other notation by accident.
    #[must_use]
    pub fn name<N: SquareNames>(self, square: N::Square) -> String {
        match self {
            Self::Standard => N::standard(square),
            Self::Original => N::original(square),
        }
    }

    /// Reads a square written under this setting (`None` for anything else): what the
    /// tests use to parse a message's square back.
    #[must_use]
    pub fn parse<N: SquareNames>(self, text: &str) -> Option<N::Square> {
        match self {
            Self::Standard => N::parse_standard(text),
            Self::Original => N::parse_original(text),
        }
    }
}

/// A game whose squares have two names, the standard one and the seed's. The game's notation
/// module implements it once; the screens name squares through [`Coordinates::name`], so the
/// two names never drift apart between messages.
pub trait SquareNames {
    /// The game's square.
    type Square: Copy + PartialEq + std::fmt::Debug;
    /// The standard name (`d3`, `11`, Slide's `4,9`).
    fn standard(square: Self::Square) -> String;
    /// The seed's name (`3,5`, Slide's row,column `0,4`).
    fn original(square: Self::Square) -> String;
    /// Reads a standard name.
    fn parse_standard(text: &str) -> Option<Self::Square>;
    /// Reads a seed's name.
    fn parse_original(text: &str) -> Option<Self::Square>;
}

/// Reads the seeds' `x,y` square (two numbers 0–255; spaces and one pair of parentheses are
/// tolerated, as people type `(4, 2)` too), for the games whose notation uses it; `None` for
/// anything else, and the game says what it expected. Whether the square is on its board is
/// the game's check.
#[must_use]
pub fn parse_xy(text: &str) -> Option<(u8, u8)> {
    let text = text.trim();
    let inner = text
        .strip_prefix('(')
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or(text);
    let (x, y) = inner.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::parse_xy;

    #[test]
    fn xy_with_spaces_and_parentheses_and_nothing_else() {
        assert_eq!(parse_xy("4,2"), Some((4, 2)));
        assert_eq!(parse_xy(" ( 4 , 2 ) "), Some((4, 2)));
        assert_eq!(parse_xy("(4,2"), None);
        assert_eq!(parse_xy("4;2"), None);
        assert_eq!(parse_xy("-1,2"), None);
        assert_eq!(parse_xy("4,256"), None);
    }
}
