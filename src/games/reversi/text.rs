//! The board as plain mode prints it, in the seed's layout: one line per row, top row first,
//! each labelled, squares two characters apart, and the columns' axis line at the bottom. The
//! labels are the names the player types and reads in the messages: the standard ranks `1`–`8`
//! from the top and files `a`–`h` (as the arcade's board shows them), or with `--original` the
//! seed's `y` and `X 0 1 2 …`.
//!
//! ```text
//! 4       O X            4       O X
//! 5       X O            3       X O
//!   a b c d e f g h      X 0 1 2 3 4 5 6 7
//! ```

use crate::core::Coordinates;

use super::rules::{Board, Disc, SIZE};

/// The board in the seed's text layout under `names`, every line ending in a newline and
/// without trailing spaces (as the seed's sample session shows it).
#[must_use]
pub fn board_text(board: &Board, names: Coordinates) -> String {
    let cell = |x, y| board.disc_at(x, y).map_or(' ', Disc::symbol);
    match names {
        Coordinates::Original => crate::core::plain::labelled_board(SIZE, cell),
        Coordinates::Standard => {
            let file = |x: u8| char::from(b'a' + x).to_string();
            crate::core::plain::labelled_board_as(
                SIZE,
                &|y: u8| (SIZE - y).to_string(),
                Some(("", &file)),
                cell,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_matches_the_seed() {
        let expected = "7\n6\n5\n4       O X\n3       X O\n2\n1\n0\nX 0 1 2 3 4 5 6 7\n";
        assert_eq!(board_text(&Board::new(), Coordinates::Original), expected);
    }

    #[test]
    fn standard_names_label_ranks_from_the_top_and_files_from_the_left() {
        let expected = "1\n2\n3\n4       O X\n5       X O\n6\n7\n8\n  a b c d e f g h\n";
        assert_eq!(board_text(&Board::new(), Coordinates::Standard), expected);
    }
}
