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
