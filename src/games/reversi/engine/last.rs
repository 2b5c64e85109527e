//! The last few empty squares of the exact endgame search, without move generation: the
//! empty squares are listed once (odd regions first) and each level tries them in that order.
//!
//! Measured on FFO 20–39 (docs/BENCHMARKS.md): nine nodes in ten of an exact solve have four
//! empties or fewer, so these few lines are where the solver spends most of its time.

// `p` and `o` (player, opponent) with `f` (flips) are the field's usual names.
#![allow(clippy::many_single_char_names)]

use super::board::{CORNERS, Square, X_SQUARES, final_score, flips, odd_regions};
use super::last_flip::count_last_flips;
use super::search::{INFINITY, Searcher};

/// The squares around each square: a move there can only turn discs over if one of them
/// holds an opponent disc, which is cheaper to test than computing the flips.
static AROUND: [u64; 64] = build_around();

const fn build_around() -> [u64; 64] {
    let mut around = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (x, y) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut dy = -1;
        while dy <= 1 {
            let mut dx = -1;
            while dx <= 1 {
                let (nx, ny) = (x + dx, y + dy);
                if (dx != 0 || dy != 0) && nx >= 0 && nx < 8 && ny >= 0 && ny < 8 {
                    around[sq] |= 1u64 << (nx + 8 * ny);
                }
                dx += 1;
            }
            dy += 1;
        }
        sq += 1;
    }
    around
}

/// The discs `p` turns over by playing `sq` (none when it cannot), with the cheap test first.
#[inline]
fn flips_near(p: u64, o: u64, sq: Square) -> u64 {
    if AROUND[sq as usize] & o == 0 {
        0
    } else {
        flips(p, o, sq)
    }
}

/// The most empty squares [`Searcher::solve_few`] takes.
pub(super) const FEW: usize = 6;

/// The empty squares of `empty` (at most [`FEW`]), those in quadrants holding an odd number of
/// empties first (playing there keeps the last move of the region), corners first and
/// X-squares last within each.
#[inline]
pub(super) fn parity_order(empty: u64) -> ([Square; FEW], usize) {
    let mut squares = [0; FEW];
    let mut n = 0;
    let odd = odd_regions(empty);
    let plain = !CORNERS & !X_SQUARES;
    for part in [
        empty & odd & CORNERS,
        empty & odd & plain,
        empty & odd & X_SQUARES,
        empty & !odd & CORNERS,
        empty & !odd & plain,
        empty & !odd & X_SQUARES,
    ] {
        let mut bits = part;
        while bits != 0 && n < FEW {
            squares[n] = bits.trailing_zeros() as Square;
            bits &= bits - 1;
            n += 1;
        }
    }
    (squares, n)
}

impl Searcher<'_> {
    /// The exact value with the empty squares `squares` (two to [`FEW`], in the order to try),
    /// alpha-beta, fail-soft. `passed`: the other side has just passed.
    pub(super) fn solve_few(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        squares: &[Square],
        passed: bool,
    ) -> i32 {
        if squares.len() == 2 {
            return self.solve_two(p, o, alpha, beta, squares[0], squares[1]);
        }
        self.nodes += 1;
        let mut best = -INFINITY;
        for (i, &sq) in squares.iter().enumerate() {
            let f = flips_near(p, o, sq);
            if f == 0 {
                continue;
            }
            let mut rest = [0; FEW];
            let mut n = 0;
            for (j, &other) in squares.iter().enumerate() {
                if j != i {
                    rest[n] = other;
                    n += 1;
                }
            }
            let score =
                -self.solve_few(o & !f, p | f | (1 << sq), -beta, -alpha, &rest[..n], false);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        return best;
                    }
                }
            }
        }
        if best == -INFINITY {
            return if passed {
                final_score(p, o)
            } else {
                -self.solve_few(o, p, -beta, -alpha, squares, true)
            };
        }
        best
    }

    /// Two empty squares `a` and `b`, `a` tried first.
    fn solve_two(&mut self, p: u64, o: u64, alpha: i32, beta: i32, a: Square, b: Square) -> i32 {
        self.nodes += 1;
        let mut best = -INFINITY;
        let f = flips_near(p, o, a);
        if f != 0 {
            best = -self.last(o & !f, p | f | (1 << a), b);
            if best >= beta {
                return best;
            }
        }
        let f = flips_near(p, o, b);
        if f != 0 {
            best = best.max(-self.last(o & !f, p | f | (1 << b), a));
        }
        if best > -INFINITY {
            return best;
        }
        // The side to move passes: the other side chooses, the lower the better for us.
        self.nodes += 1;
        let mut worst = INFINITY;
        let f = flips_near(o, p, a);
        if f != 0 {
            worst = self.last(p & !f, o | f | (1 << a), b);
            if worst <= alpha {
                return worst;
            }
        }
        let f = flips_near(o, p, b);
        if f != 0 {
            worst = worst.min(self.last(p & !f, o | f | (1 << b), a));
        }
        if worst < INFINITY {
            worst
        } else {
            final_score(p, o)
        }
    }

    /// The value with one empty square left: whoever can play there does, else the game ends.
    /// Every other square is full, so the discs turned over are counted from the mover's
    /// discs alone ([`count_last_flips`]).
    #[inline]
    pub(super) fn last(&mut self, p: u64, o: u64, sq: Square) -> i32 {
        debug_assert_eq!(!(p | o), 1 << sq, "one empty square, `sq`");
        self.nodes += 1;
        let mine = p.count_ones() as i32;
        let n = count_last_flips(p, sq);
        if n != 0 {
            return 2 * (mine + n + 1) - 64;
        }
        let n = count_last_flips(o, sq);
        if n != 0 {
            return 2 * (mine - n) - 64;
        }
        let diff = 2 * mine - 63;
        if diff > 0 { diff + 1 } else { diff - 1 }
    }
}
