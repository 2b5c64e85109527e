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
//! That is the board with `--original`; under the standard names (the default, as the
//! messages name squares 1–32) each row is labelled with the number of its first dark square,
//! as the arcade's board labels them, and there is no `x` axis:
//!
//! ```text
//!  1   X   X   X   X
//!  5 X   X   X   X
//! ```

use crate::core::Coordinates;

use super::notation::square_number;
use super::rules::{Board, Piece, SIZE, Square};

/// The board as text under `names`, top row first, each line ending in a newline: the seed's
/// (with the `X 0 1 ...` axis line) or the standard numbers' (see the module's text).
pub fn board_text(board: &Board, names: Coordinates) -> String {
    let cell = |x, y| board.piece_at(Square::new(x, y)).map_or(' ', Piece::symbol);
    match names {
        Coordinates::Original => crate::core::plain::labelled_board(SIZE, cell),
        Coordinates::Standard => {
            let first = |y: u8| {
                (0..SIZE)
                    .find_map(|x| square_number(Square::new(x, y)))
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            };
            crate::core::plain::labelled_board_as(SIZE, &first, None, cell)
        }
    }
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
        assert_eq!(
            board_text(Checkers::default().board(), Coordinates::Original),
            expected
        );
    }

    #[test]
    fn standard_names_label_each_row_with_its_first_square_number() {
        // No `\` after the quote: it would eat the first row's leading blank.
        let expected = " 1   X   X   X   X
 5 X   X   X   X
 9   X   X   X   X
13
17
21 O   O   O   O
25   O   O   O   O
29 O   O   O   O
";
        assert_eq!(
            board_text(Checkers::default().board(), Coordinates::Standard),
            expected
        );
    }
}
