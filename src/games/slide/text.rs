//! The board as plain mode prints it: column numbers on top, row numbers on the left, one
//! character per square (`.` empty, `O`, `X`, `G`), so a player can read off a square's name.

use std::fmt::Write;

use crate::core::Coordinates;

use super::rules::{Board, SIZE};

/// The board as text lines ending in a newline, labelled as `names` names squares: `x` on top
/// and `y` counted from the bottom on the left under the standard names (the O in the top row's
/// fifth column reads `4,9`, as every message names it), the seed's row numbers from the top
/// under the original ones (`0,4`).
#[must_use]
pub fn board_text(board: &Board, names: Coordinates) -> String {
    let mut text = String::from(" ");
    for col in 0..SIZE {
        let _ = write!(text, " {col}");
    }
    text.push('\n');
    for (row, line) in board.rows().iter().enumerate() {
        let label = match names {
            Coordinates::Standard => SIZE - 1 - row,
            Coordinates::Original => row,
        };
        let _ = write!(text, "{label}");
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

    /// An O in the top left corner, an X near the bottom right, the goals on the bottom row.
    fn sample() -> Board {
        board_from_rows(&[
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
        .expect("valid")
    }

    #[test]
    fn the_board_has_axes_and_one_symbol_per_square() {
        let board = sample();
        let text = board_text(&board, Coordinates::Original);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "  0 1 2 3 4 5 6 7 8 9");
        assert_eq!(lines[1], "0 O . . . . . . . . .");
        assert_eq!(lines[9], "8 . . . . . . . . X .");
        assert_eq!(lines[10], "9 . . . . G G . . . .");
    }

    /// Under the standard names the labels are the names' own numbers: the X at row 8 from the
    /// top, column 8, is named `8,1` and sits on the line labelled 1 under column 8; every
    /// piece's square, read off the labels, names it back.
    #[test]
    fn standard_labels_agree_with_the_standard_names() {
        use crate::games::slide::notation::SlideSquares;
        let board = sample();
        let text = board_text(&board, Coordinates::Standard);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "  0 1 2 3 4 5 6 7 8 9");
        assert_eq!(lines[1], "9 O . . . . . . . . .");
        assert_eq!(lines[9], "1 . . . . . . . . X .");
        assert_eq!(lines[10], "0 . . . . G G . . . .");
        for (row, line) in lines[1..].iter().enumerate() {
            let mut cells = line.split_whitespace();
            let y = cells.next().expect("a label");
            for (x, cell) in cells.enumerate() {
                if matches!(cell, "O" | "X") {
                    let square = (
                        u8::try_from(row).expect("row"),
                        u8::try_from(x).expect("column"),
                    );
                    assert_eq!(
                        Coordinates::Standard.name::<SlideSquares>(square),
                        format!("{x},{y}"),
                        "{cell} on line {line:?}"
                    );
                }
            }
        }
    }
}
