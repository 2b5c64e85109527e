//! The board as the seed prints it in line mode: one line per row from the top, the row number
//! then each square as ` A` or two spaces (trailing spaces dropped), and the axis row
//! `X 0 1 2 3 4` underneath.
//!
//! ```text
//! 4
//! 3   A A A
//! 2   A A A
//! 1   A A A
//! 0
//! X 0 1 2 3 4
//! ```

use super::rules::{NineAlmonds, SIZE, Square};

/// The board in the seed's layout, every line ending in a newline.
pub fn board(position: &NineAlmonds) -> String {
    crate::core::plain::labelled_board(SIZE, |x, y| {
        let almond = Square::new(x, y).is_some_and(|s| position.has_almond(s));
        if almond { 'A' } else { ' ' }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nine_almonds::notation::from_rows;

    #[test]
    fn the_start_prints_as_in_the_seed() {
        assert_eq!(
            board(&NineAlmonds::new()),
            "4\n3   A A A\n2   A A A\n1   A A A\n0\nX 0 1 2 3 4\n"
        );
    }

    #[test]
    fn edges_and_trailing_spaces_print_as_in_the_seed() {
        let p = from_rows(&["A..A.", ".....", ".....", "A..A.", "....."], None, 5)
            .expect("the seed's lost position");
        assert_eq!(board(&p), "4 A     A\n3\n2\n1 A     A\n0\nX 0 1 2 3 4\n");
    }
}
