//! The board as the seed prints it in plain mode:
//!
//! ```text
//! 2 4 9 2
//! 1 3 5 7
//! 0 8 1 6
//! X 0 1 2
//! ```
//!
//! Rows top to bottom, each starting with its `y`; the last line names the columns. Every column
//! is as wide as the widest piece on the board (so `-8` widens the layout to `X  0  1  2`, as in
//! the seed's `3 -9` session), empty squares are blanks, and trailing blanks are trimmed.

use std::fmt::Write as _;

use super::rules::MagicSquare;

/// The board in the seed's layout, one `\n`-terminated line per row plus the axis line.
pub fn board(state: &MagicSquare) -> String {
    let n = state.size();
    let label_width = (n - 1).to_string().len();
    let width = (0..n)
        .flat_map(|y| (0..n).map(move |x| (x, y)))
        .filter_map(|(x, y)| state.get(x, y))
        .map(|v| v.to_string().len())
        .chain([label_width])
        .max()
        .unwrap_or(1);
    let row_label_width = label_width.max("X".len());
    let mut out = String::new();
    for y in (0..n).rev() {
        let mut line = format!("{y:<row_label_width$}");
        for x in 0..n {
            let cell = state.get(x, y).map(|v| v.to_string()).unwrap_or_default();
            write!(line, " {cell:>width$}").expect("writing to a String cannot fail");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let mut axis = format!("{:<row_label_width$}", "X");
    for x in 0..n {
        write!(axis, " {x:>width$}").expect("writing to a String cannot fail");
    }
    out.push_str(&axis);
    out.push('\n');
    out
}

/// The tray line printed under the board: `Available pieces: 1 2 3` (just the label when none
/// are left).
pub fn available(state: &MagicSquare) -> String {
    let mut line = String::from("Available pieces:");
    for v in state.available() {
        line.push(' ');
        line.push_str(&v.to_string());
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rules;
    use crate::games::magic_square::rules::{Params, Placement};

    fn game(size: u8, min: i64) -> MagicSquare {
        MagicSquare::new(Params { size, min }).expect("valid")
    }

    #[test]
    fn empty_board_matches_the_seed() {
        assert_eq!(board(&game(3, 1)), "2\n1\n0\nX 0 1 2\n");
        assert_eq!(board(&game(1, 1)), "0\nX 0\n");
        assert_eq!(board(&game(3, -9)), "2\n1\n0\nX 0 1 2\n");
    }

    #[test]
    fn pieces_fill_columns_and_widen_them() {
        let mut g = game(3, 1);
        g.play(&Placement {
            value: 4,
            x: 1,
            y: 2,
        })
        .expect("legal");
        assert_eq!(board(&g), "2   4\n1\n0\nX 0 1 2\n");
        let mut g = game(3, -9);
        g.play(&Placement {
            value: -8,
            x: 0,
            y: 0,
        })
        .expect("legal");
        assert_eq!(board(&g), "2\n1\n0 -8\nX  0  1  2\n");
        let mut g = game(4, 1);
        g.play(&Placement {
            value: 16,
            x: 3,
            y: 3,
        })
        .expect("legal");
        g.play(&Placement {
            value: 1,
            x: 0,
            y: 3,
        })
        .expect("legal");
        assert_eq!(board(&g), "3  1       16\n2\n1\n0\nX  0  1  2  3\n");
    }

    #[test]
    fn tray_line() {
        let mut g = game(2, -1);
        assert_eq!(available(&g), "Available pieces: -1 0 1 2");
        for (value, x, y) in [(-1, 0, 0), (0, 1, 0), (1, 0, 1), (2, 1, 1)] {
            g.play(&Placement { value, x, y }).expect("legal");
        }
        assert_eq!(available(&g), "Available pieces:");
    }
}
