//! The last four empty squares of the exact endgame search: null-window solvers specialised
//! for four, three, two and one empty squares, without move generation.
//!
//! Nearly every node below the table's reach is searched with a null window (`alpha`,
//! `alpha + 1`): the parent only needs to know on which side of `alpha` the value lies. That
//! is what lets these functions stop early: the last square's value is only finished when it
//! could still matter (a side that cannot play there is usually already below `alpha`), and
//! every level returns as soon as one move reaches `alpha + 1`. Results are fail-soft: a value
//! at most `alpha` is an upper bound of the true one, a value above it a lower bound.
//!
//! Squares are tried odd quadrants first (playing there keeps the region's last move),
//! corners first and X-squares last within each; the quadrant parities are carried down as
//! four bits, so the three-empties level re-sorts after each move without counting.
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
pub(super) fn flips_near(p: u64, o: u64, sq: Square) -> u64 {
    if AROUND[sq as usize] & o == 0 {
        0
    } else {
        flips(p, o, sq)
    }
}

/// The quadrant of `sq` as one of four bits (the order of [`super::board::QUADRANTS`]).
#[inline]
fn quadrant(sq: Square) -> u8 {
    1 << (((sq & 7) >> 2) | ((sq >> 5) << 1))
}

/// The four empty squares of `empty`: those in quadrants holding an odd number of empties
/// first, corners first and X-squares last within each.
#[inline]
fn order_four(empty: u64) -> [Square; 4] {
    let mut squares = [0; 4];
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
        while bits != 0 && n < 4 {
            squares[n] = bits.trailing_zeros() as Square;
            bits &= bits - 1;
            n += 1;
        }
    }
    squares
}

impl Searcher<'_> {
    /// The null-window value of (`p`, `o`) with at most four empty squares: whether it is
    /// above `alpha` (fail-soft, see the module's comment). `passed`: the other side has
    /// just passed.
    #[inline]
    pub(super) fn nws_few(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        empties: u32,
        passed: bool,
    ) -> i32 {
        let empty = !(p | o);
        match empties {
            0 => final_score(p, o),
            1 => self.nws_1(p, alpha, empty.trailing_zeros() as Square),
            2 => {
                let a = empty.trailing_zeros() as Square;
                let b = (empty & (empty - 1)).trailing_zeros() as Square;
                self.nws_2(p, o, alpha, a, b)
            }
            3 => {
                let a = empty.trailing_zeros() as Square;
                let rest = empty & (empty - 1);
                let b = rest.trailing_zeros() as Square;
                let c = (rest & (rest - 1)).trailing_zeros() as Square;
                let parity = quadrant(a) ^ quadrant(b) ^ quadrant(c);
                self.nws_3(p, o, alpha, [a, b, c], parity, passed)
            }
            _ => self.nws_4(p, o, alpha, passed),
        }
    }

    /// Four empty squares.
    fn nws_4(&mut self, p: u64, o: u64, alpha: i32, passed: bool) -> i32 {
        self.nodes += 1;
        let squares = order_four(!(p | o));
        let parity = squares.iter().fold(0, |acc, &sq| acc ^ quadrant(sq));
        let mut best = -INFINITY;
        for i in 0..4 {
            let sq = squares[i];
            let f = flips_near(p, o, sq);
            if f == 0 {
                continue;
            }
            let rest = match i {
                0 => [squares[1], squares[2], squares[3]],
                1 => [squares[0], squares[2], squares[3]],
                2 => [squares[0], squares[1], squares[3]],
                _ => [squares[0], squares[1], squares[2]],
            };
            let score = -self.nws_3(
                o & !f,
                p | f | (1 << sq),
                -alpha - 1,
                rest,
                parity ^ quadrant(sq),
                false,
            );
            if score > best {
                best = score;
                if score > alpha {
                    return score;
                }
            }
        }
        if best > -INFINITY {
            best
        } else if passed {
            final_score(p, o)
        } else {
            -self.nws_4(o, p, -alpha - 1, true)
        }
    }

    /// Three empty squares, tried odd quadrants first (`parity`: one bit per quadrant with an
    /// odd number of empties), otherwise in the order given.
    fn nws_3(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        squares: [Square; 3],
        parity: u8,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let [mut a, mut b, mut c] = squares;
        // Stable: odd before even, the given order within each.
        if parity & quadrant(a) == 0 {
            if parity & quadrant(b) != 0 {
                (a, b) = (b, a);
            } else if parity & quadrant(c) != 0 {
                (a, b, c) = (c, a, b);
            }
        }
        if parity & quadrant(b) == 0 && parity & quadrant(c) != 0 {
            (b, c) = (c, b);
        }
        let mut best = -INFINITY;
        for (sq, x, y) in [(a, b, c), (b, a, c), (c, a, b)] {
            let f = flips_near(p, o, sq);
            if f == 0 {
                continue;
            }
            let score = -self.nws_2(o & !f, p | f | (1 << sq), -alpha - 1, x, y);
            if score > best {
                best = score;
                if score > alpha {
                    return score;
                }
            }
        }
        if best > -INFINITY {
            best
        } else if passed {
            final_score(p, o)
        } else {
            -self.nws_3(o, p, -alpha - 1, [a, b, c], parity, true)
        }
    }

    /// Two empty squares `a` and `b`, `a` tried first; a pass is searched here directly.
    fn nws_2(&mut self, p: u64, o: u64, alpha: i32, a: Square, b: Square) -> i32 {
        self.nodes += 1;
        let mut best = -INFINITY;
        let f = flips_near(p, o, a);
        if f != 0 {
            best = -self.nws_1(o & !f, -alpha - 1, b);
            if best > alpha {
                return best;
            }
        }
        let f = flips_near(p, o, b);
        if f != 0 {
            best = best.max(-self.nws_1(o & !f, -alpha - 1, a));
        }
        if best > -INFINITY {
            return best;
        }
        // The side to move passes: the other side chooses, the lower the better for it.
        self.nodes += 1;
        let mut worst = INFINITY;
        let f = flips_near(o, p, a);
        if f != 0 {
            worst = self.nws_1(p & !f, alpha, b);
            if worst <= alpha {
                return worst;
            }
        }
        let f = flips_near(o, p, b);
        if f != 0 {
            worst = worst.min(self.nws_1(p & !f, alpha, a));
        }
        if worst < INFINITY {
            worst
        } else {
            final_score(p, o)
        }
    }

    /// One empty square `sq`, `p` to move and every other square full. Whoever can play there
    /// does, else the game ends; the discs turned over are counted from one side's discs
    /// alone ([`count_last_flips`]). When the side to move cannot play, the other side's
    /// move can only lower the value, so it is counted only if the value without it is
    /// above `alpha`.
    #[inline]
    pub(super) fn nws_1(&mut self, p: u64, alpha: i32, sq: Square) -> i32 {
        self.nodes += 1;
        let mine = p.count_ones() as i32;
        let n = count_last_flips(p, sq);
        if n != 0 {
            return 2 * (mine + n + 1) - 64;
        }
        // Nobody plays: the empty square goes to the winner (63 discs, no draw).
        let upper = if mine >= 32 {
            2 * mine - 62
        } else {
            2 * mine - 64
        };
        if upper <= alpha {
            return upper;
        }
        let n = count_last_flips(!p & !(1 << sq), sq);
        if n != 0 { 2 * (mine - n) - 64 } else { upper }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::super::endgame::tests::minimax;
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]
        /// On any board with zero to four empty squares (discs scattered at random, so passes
        /// and lone squares are common) and any `alpha`, the null-window answer is on the
        /// right side of `alpha` and a true bound: at most `alpha` means the value is at most
        /// it, above `alpha` means the value is at least it.
        #[test]
        fn null_window_values_bound_the_minimax_value(
            mine in any::<u64>(),
            holes in prop::collection::vec(0u8..64, 0..=4),
            alpha in -65i32..=64,
        ) {
            let empty = holes.iter().fold(0u64, |acc, &sq| acc | 1 << sq);
            let (p, o) = (mine & !empty, !mine & !empty);
            let truth = minimax(p, o);
            let never = AtomicBool::new(false);
            let mut searcher = Searcher::new(4, u64::MAX, &never);
            let found = searcher.nws_few(p, o, alpha, empty.count_ones(), false);
            if found > alpha {
                prop_assert!(truth >= found, "truth {} found {} alpha {}", truth, found, alpha);
            } else {
                prop_assert!(truth <= found, "truth {} found {} alpha {}", truth, found, alpha);
            }
            // With alpha just below the truth the answer is exact-side: above alpha.
            let found = searcher.nws_few(p, o, truth - 1, empty.count_ones(), false);
            prop_assert!(found >= truth);
            let found = searcher.nws_few(p, o, truth, empty.count_ones(), false);
            prop_assert!(found <= truth);
        }
    }

    #[test]
    fn quadrants_follow_the_board_order() {
        for sq in 0..64u8 {
            let q = super::super::board::QUADRANTS
                .iter()
                .position(|&mask| mask & (1 << sq) != 0)
                .expect("every square is in a quadrant");
            assert_eq!(quadrant(sq), 1 << q, "square {sq}");
        }
    }
}
