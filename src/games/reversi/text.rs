//! The board as the seed prints it: one line per row, top row first, each labelled with its
//! `y`, squares two characters apart, and the `X 0 1 2 …` axis line at the bottom.
//!
//! ```text
//! 4       O X
//! 3       X O
//! X 0 1 2 3 4 5 6 7
//! ```

use super::rules::{Board, Disc, SIZE};

/// The board in the seed's text layout, every line ending in a newline and without trailing
/// spaces (as the seed's sample session shows it).
#[must_use]
pub fn board_text(board: &Board) -> String {
    crate::core::plain::labelled_board(SIZE, |x, y| board.disc_at(x, y).map_or(' ', Disc::symbol))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_matches_the_seed() {
        let expected = "7\n6\n5\n4       O X\n3       X O\n2\n1\n0\nX 0 1 2 3 4 5 6 7\n";
        assert_eq!(board_text(&Board::new()), expected);
    }
}
