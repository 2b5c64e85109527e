//! The table indices of every pattern placement, computed a whole board at a time.
//!
//! The pattern evaluation's `features` reads each placement square by square: clear, and the
//! definition the trainer and the tests rely on, but the endgame solver evaluates millions of
//! positions and that walk was a tenth of its time. Here each of the eight symmetries is
//! applied to the board once (a few shifts and masks), after which every placement is the
//! shape's own squares near a1: a handful of shifts gather its discs into a small binary
//! number, and a table turns the two sides' numbers into the ternary index.

use std::sync::OnceLock;

use super::pattern_shapes::{SHAPES, instances};

/// Mirrors the files (a↔h): reverses the bits of every byte.
#[inline]
fn mirror_files(mut b: u64) -> u64 {
    b = ((b >> 1) & 0x5555_5555_5555_5555) | ((b & 0x5555_5555_5555_5555) << 1);
    b = ((b >> 2) & 0x3333_3333_3333_3333) | ((b & 0x3333_3333_3333_3333) << 2);
    ((b >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((b & 0x0F0F_0F0F_0F0F_0F0F) << 4)
}

/// Swaps files and ranks (the a1–h8 diagonal stays put).
#[inline]
fn transpose(mut b: u64) -> u64 {
    let t = 0x0F0F_0F0F_0000_0000 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (b ^ (b << 7));
    b ^ t ^ (t >> 7)
}

/// The board seen through symmetry `which` (as numbered by `pattern`'s placements): the
/// returned board's square `s` holds what `b` has on the placement's image of `s`.
#[inline]
pub(super) fn view(b: u64, which: u8) -> u64 {
    let mut v = if which & 4 != 0 { transpose(b) } else { b };
    if which & 1 != 0 {
        v = mirror_files(v);
    }
    if which & 2 != 0 {
        v = v.swap_bytes();
    }
    v
}

/// Gathers the discs of shape `shape` (on its own squares) into a binary number; bit `j`
/// is square [`gathered_squares`]`(shape)[j]`.
#[inline]
fn gather(shape: usize, b: u64) -> usize {
    const FILES: u64 = 0x0101_0101_0101_0101;
    let bits = match shape {
        0 => (b & 7) | ((b >> 5) & 0x38) | ((b >> 10) & 0x1C0),
        1 => (b & 0x1F) | ((b >> 3) & 0x3E0),
        2 => (b & 0xFF) | ((b >> 1) & 0x100) | ((b >> 5) & 0x200),
        3 => (b >> 8) & 0xFF,
        4 => (b >> 16) & 0xFF,
        5 => (b >> 24) & 0xFF,
        6 => ((b & 0x8040_2010_0804_0201).wrapping_mul(FILES)) >> 56,
        7 => ((b & 0x0080_4020_1008_0402).wrapping_mul(FILES)) >> 57,
        8 => ((b & 0x0000_8040_2010_0804).wrapping_mul(FILES)) >> 58,
        9 => ((b & 0x0000_0080_4020_1008).wrapping_mul(FILES)) >> 59,
        _ => ((b & 0x0000_0000_8040_2010).wrapping_mul(FILES)) >> 60,
    };
    bits as usize
}

/// The squares [`gather`] reads for `shape`, bit 0 first.
fn gathered_squares(shape: usize) -> Vec<u8> {
    match shape {
        0 => vec![0, 1, 2, 8, 9, 10, 16, 17, 18],
        1 => vec![0, 1, 2, 3, 4, 8, 9, 10, 11, 12],
        2 => vec![0, 1, 2, 3, 4, 5, 6, 7, 9, 14],
        3..=5 => {
            let row = 8 * (shape as u8 - 2);
            (row..row + 8).collect()
        }
        // Diagonals gathered by file: the square of file f on the diagonal from file `start`.
        _ => {
            let start = shape as u8 - 6;
            (start..8).map(|f| f + 8 * (f - start)).collect()
        }
    }
}

/// For each shape, its ternary index contribution of every gathered binary number: a set
/// bit `j` adds `3^k`, `k` being its square's digit place in the shape (first square most
/// significant). The side to move's number reads it once, the other side's twice.
fn ternary_tables() -> &'static [Vec<u32>] {
    static TABLES: OnceLock<Vec<Vec<u32>>> = OnceLock::new();
    TABLES.get_or_init(|| {
        SHAPES
            .iter()
            .enumerate()
            .map(|(shape, squares)| {
                let gathered = gathered_squares(shape);
                let place: Vec<u32> = gathered
                    .iter()
                    .map(|sq| {
                        let digit = squares.iter().position(|s| s == sq).unwrap_or(0);
                        3u32.pow((squares.len() - 1 - digit) as u32)
                    })
                    .collect();
                (0..1usize << gathered.len())
                    .map(|bits| {
                        place
                            .iter()
                            .enumerate()
                            .filter(|(j, _)| bits >> j & 1 != 0)
                            .map(|(_, p)| p)
                            .sum()
                    })
                    .collect()
            })
            .collect()
    })
}

/// Calls `each(table, index)` for every placement of (`p` to move, `o`), in the order of
/// [`instances`]: the raw indices (before [`canonical_indices`](super::pattern_shapes::canonical_indices))
/// of the pattern evaluation's `features`, faster.
#[inline]
pub(super) fn for_each_index(p: u64, o: u64, mut each: impl FnMut(usize, usize)) {
    let ternary = ternary_tables();
    let views: [(u64, u64); 8] = std::array::from_fn(|w| (view(p, w as u8), view(o, w as u8)));
    for instance in instances() {
        let (vp, vo) = views[usize::from(instance.which)];
        let table = &ternary[instance.table];
        let index = table[gather(instance.table, vp)] + 2 * table[gather(instance.table, vo)];
        each(instance.table, index as usize);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::reversi::engine::pattern_shapes::symmetry;

    #[test]
    fn views_move_squares_as_the_placements_do() {
        for which in 0..8 {
            for sq in 0..64u8 {
                let image = symmetry(sq, which);
                assert_eq!(
                    view(1 << image, which),
                    1 << sq,
                    "which {which} square {sq}"
                );
            }
        }
    }

    #[test]
    fn gather_reads_the_listed_squares_in_order() {
        for (shape, own) in SHAPES.iter().enumerate() {
            let squares = gathered_squares(shape);
            let mut sorted = squares.clone();
            sorted.sort_unstable();
            let mut own = own.to_vec();
            own.sort_unstable();
            assert_eq!(sorted, own, "shape {shape} gathers its own squares");
            for (j, &sq) in squares.iter().enumerate() {
                assert_eq!(gather(shape, 1 << sq), 1 << j, "shape {shape} square {sq}");
            }
        }
    }
}
