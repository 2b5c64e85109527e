//! How many discs a move on the last empty square turns over, counted without computing them.
//!
//! With one empty square left every other square holds a disc, so a line through it is decided
//! by the mover's discs alone: everything else on the board is the other side's. Each of the
//! four lines through the square becomes an 8-bit pattern of the mover's discs, and a table
//! gives the discs turned over on that line. Four lookups replace the eight rays of
//! [`super::board::flips`] and the population count of their result, at the one place where
//! the exact solver spends a tenth of its time (docs/BENCHMARKS.md).

use super::board::Square;
use super::line_flips::{DIAGONALS, build_line_tables, gather_by_file, gather_file};

/// `COUNT[i][line]`: the discs turned over on a full line of eight by a move on its square
/// `i`, the mover's discs being the set bits of `line` and every other square the opponent's.
/// A run that reaches the end of the line without meeting a mover's disc turns nothing over,
/// which also makes the table right for diagonals shorter than eight (their missing squares
/// are never the mover's).
static COUNT: [[u8; 256]; 8] = build_count();

/// Built from [`line_flips`](super::line_flips)' own tables, so that which discs a line turns
/// over is defined once: with one empty square, every square of the line that is not the
/// mover's is the opponent's.
const fn build_count() -> [[u8; 256]; 8] {
    let (outflank, flipped) = build_line_tables();
    let mut count = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut line = 0;
        while line < 256 {
            let opponent = !line & !(1 << i) & 0xFF;
            let closing = outflank[i][opponent] as usize & line;
            count[i][line] = flipped[i][closing].count_ones() as u8;
            line += 1;
        }
        i += 1;
    }
    count
}

/// The discs `p` turns over by playing `sq` when `sq` is the only empty square of the board
/// (0 when it cannot play there).
#[inline]
pub fn count_last_flips(p: u64, sq: Square) -> i32 {
    let sq = sq as usize;
    let (x, y) = (sq % 8, sq / 8);
    let (diagonal, anti) = DIAGONALS[sq];
    let row = (p >> (8 * y)) as usize & 0xFF;
    let file = gather_file(p, x);
    let diagonal = gather_by_file(p, diagonal);
    let anti = gather_by_file(p, anti);
    i32::from(COUNT[x][row])
        + i32::from(COUNT[7 - y][file])
        + i32::from(COUNT[x][diagonal])
        + i32::from(COUNT[x][anti])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::reversi::engine::board::flips;
    use proptest::prelude::*;

    proptest! {
        /// The count agrees with the flips computed ray by ray, for both sides, on any board
        /// with exactly one empty square.
        #[test]
        fn agrees_with_the_flips(p in any::<u64>(), sq in 0u8..64) {
            let p = p & !(1u64 << sq);
            let o = !p & !(1u64 << sq);
            prop_assert_eq!(count_last_flips(p, sq), flips(p, o, sq).count_ones() as i32);
            prop_assert_eq!(count_last_flips(o, sq), flips(o, p, sq).count_ones() as i32);
        }
    }

    /// Corners, edges and the centre, where a wrong line mask would show first.
    #[test]
    fn agrees_on_every_square_with_a_lone_mover_disc_anywhere() {
        for sq in 0..64u8 {
            for disc in 0..64u8 {
                if disc == sq {
                    continue;
                }
                let p = 1u64 << disc;
                let o = !p & !(1u64 << sq);
                assert_eq!(
                    count_last_flips(p, sq),
                    flips(p, o, sq).count_ones() as i32,
                    "square {sq}, mover's disc {disc}"
                );
            }
        }
    }
}
