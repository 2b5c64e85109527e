//! The board in the seed's text layout, as plain mode prints it:
//!
//! ```text
//! 7   X   X   X   X
//! 6 X   X   X   X
//! ...
//! X 0 1 2 3 4 5 6 7
//! ```
//!
//! Empty squares are blank and trailing blanks are dropped, exactly as in the seed's sample.

use super::rules::{Board, Piece, SIZE, Square};

/// The board as text, top row first, ending with the `X 0 1 ...` axis line and a newline.
pub fn board_text(board: &Board) -> String {
    crate::core::plain::labelled_board(SIZE, |x, y| {
        board.piece_at(Square::new(x, y)).map_or(' ', Piece::symbol)
    })
}

#[cfg(test)]
mod tests {
    use super::super::rules::Checkers;
    use super::*;

    #[test]
    fn the_start_position_prints_as_in_the_seed() {
        let expected = "\
7   X   X   X   X
6 X   X   X   X
5   X   X   X   X
4
3
2 O   O   O   O
1   O   O   O   O
0 O   O   O   O
X 0 1 2 3 4 5 6 7
";
        assert_eq!(board_text(Checkers::default().board()), expected);
    }
}
