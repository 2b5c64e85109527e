//! The board as the seed prints it: the four quadrants framed, corners numbered 1–4 so the
//! quadrant numbers a player types are on the board itself, row letters on both sides and
//! column numbers above and below.
//!
//! ```text
//!     1   2   3   4   5   6
//!   1-----------------------2
//! A | .   .   . | .   .   . | A
//!   |           |           |
//! B | .   .   . | .   .   . | B
//!   |           |           |
//! C | .   .   . | .   .   . | C
//!   |-----------+-----------|
//! D | .   .   . | .   .   . | D
//!   |           |           |
//! E | .   .   . | .   .   . | E
//!   |           |           |
//! F | .   .   . | .   .   . | F
//!   3-----------------------4
//!     1   2   3   4   5   6
//! ```

use std::fmt::Write as _;

use super::notation::{cell_char, row_letter};
use super::rules::{Board, SIZE};

const COLUMNS: &str = "    1   2   3   4   5   6";
const GAP: &str = "  |           |           |";

/// The board in the seed's layout, one line per text row, each ending in a newline.
#[must_use]
pub fn board_text(board: &Board) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{COLUMNS}");
    let _ = writeln!(out, "  1-----------------------2");
    for (r, row) in board.iter().enumerate() {
        let letter = row_letter(r);
        let cell = |c: usize| cell_char(row[c]);
        let _ = writeln!(
            out,
            "{letter} | {}   {}   {} | {}   {}   {} | {letter}",
            cell(0),
            cell(1),
            cell(2),
            cell(3),
            cell(4),
            cell(5)
        );
        match r {
            2 => out.push_str("  |-----------+-----------|\n"),
            r if r == SIZE - 1 => out.push_str("  3-----------------------4\n"),
            _ => {
                out.push_str(GAP);
                out.push('\n');
            }
        }
    }
    let _ = writeln!(out, "{COLUMNS}");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Seat;

    #[test]
    fn empty_board_matches_the_seed_layout() {
        let expected = "    1   2   3   4   5   6
  1-----------------------2
A | .   .   . | .   .   . | A
  |           |           |
B | .   .   . | .   .   . | B
  |           |           |
C | .   .   . | .   .   . | C
  |-----------+-----------|
D | .   .   . | .   .   . | D
  |           |           |
E | .   .   . | .   .   . | E
  |           |           |
F | .   .   . | .   .   . | F
  3-----------------------4
    1   2   3   4   5   6
";
        assert_eq!(board_text(&[[None; SIZE]; SIZE]), expected);
    }

    #[test]
    fn pieces_sit_under_their_column_numbers() {
        let mut board = [[None; SIZE]; SIZE];
        board[2][0] = Some(Seat::First);
        board[0][4] = Some(Seat::Second);
        let text = board_text(&board);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[2], "A | .   .   . | .   O   . | A");
        assert_eq!(lines[6], "C | X   .   . | .   .   . | C");
        let column_five = lines[0].find('5').expect("label");
        assert_eq!(lines[2].find('O'), Some(column_five));
        assert_eq!(lines[6].find('X'), lines[0].find('1'));
    }
}
