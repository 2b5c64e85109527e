//! The board as plain mode prints it: column numbers on top, row numbers on the left, one
//! character per square (`.` empty, `O`, `X`, `G`), so a player can read off the `r,c` to type.

use std::fmt::Write;

use super::rules::{Board, SIZE};

/// The board as text lines ending in a newline.
#[must_use]
pub fn board_text(board: &Board) -> String {
    let mut text = String::from(" ");
    for col in 0..SIZE {
        let _ = write!(text, " {col}");
    }
    text.push('\n');
    for (row, line) in board.rows().iter().enumerate() {
        let _ = write!(text, "{row}");
        for symbol in line.chars() {
            let _ = write!(text, " {symbol}");
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::slide::level::board_from_rows;

    #[test]
    fn the_board_has_axes_and_one_symbol_per_square() {
        let board = board_from_rows(&[
            "O.........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "........X.",
            "....GG....",
        ])
        .expect("valid");
        let text = board_text(&board);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "  0 1 2 3 4 5 6 7 8 9");
        assert_eq!(lines[1], "0 O . . . . . . . . .");
        assert_eq!(lines[9], "8 . . . . . . . . X .");
        assert_eq!(lines[10], "9 . . . . G G . . . .");
    }
}
