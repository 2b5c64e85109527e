//! The pattern shapes and where they lie on the board: each shape's squares, its placements
//! under the eight symmetries of the board, and every configuration's canonical index. Both
//! the square-by-square features ([`super::pattern`]) and the whole-board indices
//! ([`super::pattern_index`]) read them from here, so neither depends on the other.

use std::sync::OnceLock;

/// One pattern shape (in one orientation): its squares, first square the most significant
/// ternary digit.
pub(super) const SHAPES: [&[u8]; 11] = [
    // Corner 3×3: a1 b1 c1 / a2 b2 c2 / a3 b3 c3.
    &[0, 1, 2, 8, 9, 10, 16, 17, 18],
    // Corner 2×5: a1..e1 / a2..e2.
    &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12],
    // Edge with both X-squares: b2, a1..h1, g2.
    &[9, 0, 1, 2, 3, 4, 5, 6, 7, 14],
    // Rows 2, 3, 4.
    &[8, 9, 10, 11, 12, 13, 14, 15],
    &[16, 17, 18, 19, 20, 21, 22, 23],
    &[24, 25, 26, 27, 28, 29, 30, 31],
    // Diagonals of 8, 7, 6, 5 and 4 squares.
    &[0, 9, 18, 27, 36, 45, 54, 63],
    &[1, 10, 19, 28, 37, 46, 55],
    &[2, 11, 20, 29, 38, 47],
    &[3, 12, 21, 30, 39],
    &[4, 13, 22, 31],
];

/// A pattern placed on the board: which table, and its squares in digit order.
#[derive(Clone, Debug)]
pub struct Instance {
    /// The table it reads ([`SHAPES`] index).
    pub table: usize,
    /// Its squares, most significant digit first.
    pub squares: Vec<u8>,
    /// The symmetry that maps the shape's own squares onto these (see `symmetry`).
    pub which: u8,
}

/// The eight symmetries of the square, as maps of a square index.
pub(super) fn symmetry(sq: u8, which: u8) -> u8 {
    let (mut x, mut y) = (sq % 8, sq / 8);
    if which & 1 != 0 {
        x = 7 - x;
    }
    if which & 2 != 0 {
        y = 7 - y;
    }
    if which & 4 != 0 {
        std::mem::swap(&mut x, &mut y);
    }
    x + 8 * y
}

/// Every placement of every shape: the shapes under the eight symmetries, a placement kept
/// once when two symmetries cover the same squares (a row read backwards is the same row).
pub fn instances() -> &'static [Instance] {
    static ALL: OnceLock<Vec<Instance>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all: Vec<Instance> = Vec::new();
        for (table, shape) in SHAPES.iter().enumerate() {
            let mut seen: Vec<u64> = Vec::new();
            for which in 0..8 {
                let squares: Vec<u8> = shape.iter().map(|&s| symmetry(s, which)).collect();
                let set = squares.iter().fold(0u64, |acc, &s| acc | (1 << s));
                if !seen.contains(&set) {
                    seen.push(set);
                    all.push(Instance {
                        table,
                        squares,
                        which,
                    });
                }
            }
        }
        all
    })
}

/// For each shape, every configuration's canonical index: the smallest index among the
/// configurations a symmetry of the board maps it to while keeping the shape's squares (a row
/// read backwards, the corner block transposed, the long diagonal turned half a turn).
///
/// Only one placement per square set is kept ([`instances`]), so without this a position and
/// its mirror image would read different entries for the same row and could be valued
/// differently, and each entry would learn from half the data. The trainer uses canonical
/// indices only ([`features`]); a weights file's other entries are filled from them when it
/// is read.
pub fn canonical_indices() -> &'static [Vec<u32>] {
    static CANONICAL: OnceLock<Vec<Vec<u32>>> = OnceLock::new();
    CANONICAL.get_or_init(|| {
        SHAPES
            .iter()
            .map(|shape| {
                let own = shape.iter().fold(0u64, |acc, &s| acc | (1 << s));
                // Digit permutations of the symmetries that keep the square set.
                let perms: Vec<Vec<usize>> = (0..8)
                    .filter(|&which| {
                        shape
                            .iter()
                            .fold(0u64, |acc, &s| acc | (1 << symmetry(s, which)))
                            == own
                    })
                    .map(|which| {
                        shape
                            .iter()
                            .map(|&s| {
                                let image = symmetry(s, which);
                                shape.iter().position(|&t| t == image).unwrap_or(0)
                            })
                            .collect()
                    })
                    .collect();
                let n = shape.len();
                let size = 3usize.pow(n as u32);
                let mut digits = vec![0usize; n];
                (0..size)
                    .map(|index| {
                        let mut rest = index;
                        for d in digits.iter_mut().rev() {
                            *d = rest % 3;
                            rest /= 3;
                        }
                        perms
                            .iter()
                            .map(|perm| {
                                let mut moved = vec![0usize; n];
                                for (i, &j) in perm.iter().enumerate() {
                                    moved[j] = digits[i];
                                }
                                moved.iter().fold(0usize, |acc, &d| acc * 3 + d)
                            })
                            .min()
                            .unwrap_or(index) as u32
                    })
                    .collect()
            })
            .collect()
    })
}
