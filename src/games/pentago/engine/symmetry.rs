//! The eight symmetries of the board that map quadrants to quadrants (the square's turns and
//! reflections), so the exact solver stores one entry for up to eight equivalent positions.
//!
//! Symmetry `s` (0..8) maps a square `(row, col)` by first transposing it when `s & 4`, then
//! mirroring the columns when `s & 1` and the rows when `s & 2`. A quadrant turn is carried to
//! a quadrant turn: the image quadrant, the same direction for a rotation of the board and the
//! opposite one for a reflection. Values of positions are invariant under all eight.

use super::board::{EngineMove, NO_ROTATION, Position};

/// How many symmetries there are.
pub const COUNT: usize = 8;

/// Where symmetry `s` takes square `i` (bit index `6 * row + col`).
static SQUARE: [[u8; 36]; COUNT] = square_maps();

/// Where symmetry `s` takes rotation `r` (`2 * quadrant + direction`).
static ROTATION: [[u8; 8]; COUNT] = rotation_maps();

/// The symmetry undoing each one.
static INVERSE: [u8; COUNT] = inverses();

/// The transpose of one row: bits of row `r` (6 bits) placed into column `r`.
static TRANSPOSE_ROW: [[u64; 64]; 6] = transpose_rows();

const fn map_square(sym: usize, square: usize) -> usize {
    let (mut row, mut col) = (square / 6, square % 6);
    if sym & 4 != 0 {
        (row, col) = (col, row);
    }
    if sym & 1 != 0 {
        col = 5 - col;
    }
    if sym & 2 != 0 {
        row = 5 - row;
    }
    6 * row + col
}

const fn square_maps() -> [[u8; 36]; COUNT] {
    let mut maps = [[0u8; 36]; COUNT];
    let mut s = 0;
    while s < COUNT {
        let mut i = 0;
        while i < 36 {
            maps[s][i] = map_square(s, i) as u8;
            i += 1;
        }
        s += 1;
    }
    maps
}

const fn rotation_maps() -> [[u8; 8]; COUNT] {
    // The centre square of each quadrant tells where the quadrant goes.
    const CENTRES: [usize; 4] = [7, 10, 25, 28];
    let mut maps = [[0u8; 8]; COUNT];
    let mut s = 0;
    while s < COUNT {
        let reflection = (s & 1) ^ ((s >> 1) & 1) ^ ((s >> 2) & 1);
        let mut q = 0;
        while q < 4 {
            let image = map_square(s, CENTRES[q]);
            let mut q2 = 0;
            while CENTRES[q2] != image {
                q2 += 1;
            }
            let mut d = 0;
            while d < 2 {
                maps[s][2 * q + d] = (2 * q2 + (d ^ reflection)) as u8;
                d += 1;
            }
            q += 1;
        }
        s += 1;
    }
    maps
}

const fn inverses() -> [u8; COUNT] {
    let mut inv = [0u8; COUNT];
    let mut s = 0;
    while s < COUNT {
        let mut t = 0;
        while t < COUNT {
            // Every symmetry is determined by where it takes squares 0 and 1.
            if map_square(t, map_square(s, 0)) == 0 && map_square(t, map_square(s, 1)) == 1 {
                inv[s] = t as u8;
            }
            t += 1;
        }
        s += 1;
    }
    inv
}

const fn transpose_rows() -> [[u64; 64]; 6] {
    let mut tables = [[0u64; 64]; 6];
    let mut r = 0;
    while r < 6 {
        let mut x = 0;
        while x < 64 {
            let mut c = 0;
            while c < 6 {
                if x & (1 << c) != 0 {
                    tables[r][x] |= 1 << (6 * c + r);
                }
                c += 1;
            }
            x += 1;
        }
        r += 1;
    }
    tables
}

const COL: u64 = 1 | 1 << 6 | 1 << 12 | 1 << 18 | 1 << 24 | 1 << 30;
const ROW: u64 = 0b11_1111;

/// Rows become columns.
#[inline]
fn transpose(b: u64) -> u64 {
    let mut out = 0;
    for (r, table) in TRANSPOSE_ROW.iter().enumerate() {
        out |= table[((b >> (6 * r)) & ROW) as usize];
    }
    out
}

/// Column `c` becomes column `5 - c`.
#[inline]
fn mirror_cols(b: u64) -> u64 {
    (b & COL) << 5
        | (b & COL << 5) >> 5
        | (b & COL << 1) << 3
        | (b & COL << 4) >> 3
        | (b & COL << 2) << 1
        | (b & COL << 3) >> 1
}

/// Row `r` becomes row `5 - r`.
#[inline]
fn mirror_rows(b: u64) -> u64 {
    (b & ROW) << 30
        | (b & ROW << 30) >> 30
        | (b & ROW << 6) << 18
        | (b & ROW << 24) >> 18
        | (b & ROW << 12) << 6
        | (b & ROW << 18) >> 6
}

/// The set `b` under symmetry `s`.
#[must_use]
pub fn apply(s: u8, b: u64) -> u64 {
    let mut x = b;
    if s & 4 != 0 {
        x = transpose(x);
    }
    if s & 1 != 0 {
        x = mirror_cols(x);
    }
    if s & 2 != 0 {
        x = mirror_rows(x);
    }
    x
}

/// All eight images of `b`, indexed by symmetry.
#[inline]
fn images(b: u64) -> [u64; COUNT] {
    let t = transpose(b);
    let (bc, tc) = (mirror_cols(b), mirror_cols(t));
    [
        b,
        bc,
        mirror_rows(b),
        mirror_rows(bc),
        t,
        tc,
        mirror_rows(t),
        mirror_rows(tc),
    ]
}

/// The representative of `pos`'s class (the least of its eight images, ordered by the side to
/// place, then the other side) and a symmetry taking `pos` to it.
#[must_use]
pub fn canonical(pos: Position) -> (Position, u8) {
    let me = images(pos.me);
    let you = images(pos.you);
    let mut best = 0;
    let mut key = u128::from(me[0]) << 64 | u128::from(you[0]);
    for s in 1..COUNT {
        let k = u128::from(me[s]) << 64 | u128::from(you[s]);
        if k < key {
            key = k;
            best = s;
        }
    }
    (
        Position {
            me: me[best],
            you: you[best],
        },
        best as u8,
    )
}

/// The move `mv` seen through symmetry `s`: played on the image position it leads to the
/// image of where `mv` leads.
#[must_use]
pub fn map_move(s: u8, mv: EngineMove) -> EngineMove {
    let s = usize::from(s);
    EngineMove {
        place: SQUARE[s][usize::from(mv.place)],
        rotation: if mv.rotation == NO_ROTATION {
            NO_ROTATION
        } else {
            ROTATION[s][usize::from(mv.rotation & 7)]
        },
    }
}

/// The symmetry undoing `s`.
#[must_use]
pub fn inverse(s: u8) -> u8 {
    INVERSE[usize::from(s) % COUNT]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pentago::engine::board::{FULL, rotate};
    use proptest::prelude::*;

    #[test]
    fn the_eight_symmetries_are_distinct_and_bijective() {
        let mut seen = Vec::new();
        for s in 0..COUNT as u8 {
            let mut image = 0u64;
            for (i, &to) in SQUARE[usize::from(s)].iter().enumerate() {
                image |= 1 << to;
                assert_eq!(apply(s, 1 << i), 1 << to);
            }
            assert_eq!(image, FULL);
            seen.push(SQUARE[usize::from(s)]);
        }
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), COUNT);
    }

    proptest! {
        /// Symmetries commute with play: the image of a move's result is the mapped move's
        /// result on the image, and the inverse undoes each symmetry.
        #[test]
        fn moves_map_with_the_board(b in 0u64..=FULL, place in 0u8..36, rotation in 0u8..8) {
            for s in 0..COUNT as u8 {
                let mv = map_move(s, EngineMove { place, rotation });
                prop_assert_eq!(
                    apply(s, rotate(b | 1 << place, rotation)),
                    rotate(apply(s, b) | 1 << mv.place, mv.rotation)
                );
                prop_assert_eq!(apply(inverse(s), apply(s, b)), b);
                prop_assert_eq!(images(b)[usize::from(s)], apply(s, b));
            }
        }

        /// Every image of a position has the same representative.
        #[test]
        fn canonical_is_shared_by_all_images(me in 0u64..=FULL, you in 0u64..=FULL) {
            let you = you & !me;
            let (rep, s) = canonical(Position { me, you });
            prop_assert_eq!(rep, Position { me: apply(s, me), you: apply(s, you) });
            for t in 0..COUNT as u8 {
                let image = Position { me: apply(t, me), you: apply(t, you) };
                prop_assert_eq!(canonical(image).0, rep);
            }
        }
    }
}
