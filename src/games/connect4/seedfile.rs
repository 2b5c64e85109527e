//! The seed's game file: three lines — player 1's name, player 2's name, the position text.
//! Parlor imports it (load screen, `--load FILE`, plain mode) and exports it (plain `s`, the
//! game screen's export key).

use super::notation::{PositionError, parse_position, to_position_text};
use super::rules::Board;

/// A game file's contents, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFile {
    /// Player 1's name (sanitized).
    pub first: String,
    /// Player 2's name (sanitized).
    pub second: String,
    /// The position.
    pub board: Board,
}

/// Why a file is not a Connect Four game file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameFileError {
    /// Not three lines.
    #[error(
        "a Connect Four game file has three lines (two names and a position), this one has {0}"
    )]
    Lines(usize),
    /// The position line is wrong.
    #[error("line 3: {0}")]
    Position(#[from] PositionError),
}

/// The largest game file read: three short lines.
pub const MAX_GAME_FILE_BYTES: u64 = 4096;

/// Reads a game file's text.
///
/// # Errors
/// [`GameFileError`] saying which line is wrong.
pub fn parse_game_file(text: &str) -> Result<GameFile, GameFileError> {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.trim().is_empty())
        .collect();
    let [first, second, position] = lines.as_slice() else {
        return Err(GameFileError::Lines(lines.len()));
    };
    Ok(GameFile {
        first: crate::core::text::player_name(first, "Player 1"),
        second: crate::core::text::player_name(second, "Player 2"),
        board: parse_position(position)?,
    })
}

/// Writes a game file.
#[must_use]
pub fn game_file_text(first: &str, second: &str, board: &Board) -> String {
    format!("{first}\n{second}\n{}\n", to_position_text(board))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let file = parse_game_file("Batman\nBane\n2x1o2/7/7/7/7/7 x\n").expect("valid");
        assert_eq!(file.first, "Batman");
        assert_eq!(
            game_file_text(&file.first, &file.second, &file.board),
            "Batman\nBane\n2x1o2/7/7/7/7/7 x\n"
        );
        assert_eq!(
            parse_game_file("Batman\nBane\n"),
            Err(GameFileError::Lines(2))
        );
        assert!(matches!(
            parse_game_file("a\nb\n9/7/7/7/7/7 x"),
            Err(GameFileError::Position(_))
        ));
    }
}
