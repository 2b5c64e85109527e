//! The board as the seed prints it: a `+---+` grid, top row first, and a `col 1 2 …` axis.

use super::rules::{Board, COLS, ROWS};
use crate::core::Seat;

/// The seed's grid drawing of a board, ending with a newline.
#[must_use]
pub fn board_text(board: &Board) -> String {
    let rule = format!("  +{}\n", "---+".repeat(COLS));
    let mut out = rule.clone();
    for row in (0..ROWS).rev() {
        out.push_str("  |");
        for col in 0..COLS {
            let token = match board.at(col, row) {
                Some(Seat::First) => 'x',
                Some(Seat::Second) => 'o',
                None => ' ',
            };
            out.push(' ');
            out.push(token);
            out.push_str(" |");
        }
        out.push('\n');
        out.push_str(&rule);
    }
    out.push_str("col 1   2   3   4   5   6   7\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rules;

    #[test]
    fn matches_the_seeds_drawing() {
        let mut board = Board::new();
        board.play(&2).expect("legal");
        let text = board_text(&board);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 14);
        assert_eq!(lines[0], "  +---+---+---+---+---+---+---+");
        assert_eq!(lines[11], "  |   |   | x |   |   |   |   |");
        assert_eq!(lines[13], "col 1   2   3   4   5   6   7");
    }
}
