//! The exact search a few empties from the end (at most [`Tuning::shallow_to`], 9), below the
//! transposition table: the table's bookkeeping would cost more than it saves there.
//!
//! Nearly all of it runs with a null window (`alpha`, `alpha + 1`), as the principal-variation
//! search above asks; a node with a wider window (on the principal variation) searches its
//! first move with that window and the others with a null window, re-searching one that
//! lands inside. At 7–9 empties moves are sorted fastest-first (fewest replies, corners
//! counting double, a bonus for odd regions); at 5–6 they are tried straight from the empty
//! squares, odd regions first, corners first and X-squares last within each; the last four
//! are [`super::last`]'s. From five empties up a node whose alpha the opponent's stable discs
//! already reach fails low at once (the stability cut-off of the search above, which pays here
//! on lopsided boards, when alpha is not low).
//!
//! [`Tuning::shallow_to`]: super::search::Tuning::shallow_to

// `p` and `o` (player, opponent) with `f` (flips) are the field's usual names.
#![allow(clippy::many_single_char_names)]

use super::board::{
    Bits, CORNERS, X_SQUARES, final_score, flips, legal_moves, neighbours, odd_regions,
};
use super::eval::stability_cutoff;
use super::move_list::MoveList;
use super::search::{INFINITY, Searcher};

impl Searcher<'_> {
    /// The exact value of (`p`, `o`) with `empties` (at most [`Tuning::shallow_to`]) empty
    /// squares within (`alpha`, `beta`), fail-soft. `passed`: the other side has just passed.
    ///
    /// [`Tuning::shallow_to`]: super::search::Tuning::shallow_to
    pub(super) fn shallow(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        empties: u32,
        passed: bool,
    ) -> i32 {
        if beta <= alpha + 1 {
            return self.nws_shallow(p, o, alpha, empties, passed);
        }
        if empties == 0 {
            return final_score(p, o);
        }
        if self.tick() {
            return 0;
        }
        let moves = legal_moves(p, o);
        if moves == 0 {
            return if passed {
                final_score(p, o)
            } else {
                -self.shallow(o, p, -beta, -alpha, empties, true)
            };
        }
        let mut best = -INFINITY;
        for sq in Bits(moves) {
            let f = flips(p, o, sq);
            let (np, no) = (o & !f, p | f | (1 << sq));
            let score = if best == -INFINITY {
                -self.shallow(np, no, -beta, -alpha, empties - 1, false)
            } else {
                let s = -self.nws_shallow(np, no, -alpha - 1, empties - 1, false);
                if s > alpha && s < beta && !self.aborted {
                    -self.shallow(np, no, -beta, -s, empties - 1, false)
                } else {
                    s
                }
            };
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// [`Searcher::shallow`] with the null window (`alpha`, `alpha + 1`).
    pub(super) fn nws_shallow(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        empties: u32,
        passed: bool,
    ) -> i32 {
        if empties <= 4 {
            return self.nws_few(p, o, alpha, empties, passed);
        }
        if self.tick() {
            return 0;
        }
        // As in the endgame search above (a fifth fewer nodes on lopsided boards), once alpha
        // is high enough for the test to pay: below it, it seldom cuts and costs more than it
        // saves (docs/BENCHMARKS.md, Reversi, "Eighth pass").
        if alpha >= 2 * empties as i32 - 10
            && let Some(cap) = stability_cutoff(p, o, alpha)
        {
            return cap;
        }
        let empty = !(p | o);
        let odd = odd_regions(empty);
        if empties >= self.tuning.sorted_from {
            return self.nws_sorted(p, o, alpha, empties, passed, odd);
        }
        // Only squares next to an opponent disc can turn anything over.
        let candidates = empty & neighbours(o);
        let plain = !CORNERS & !X_SQUARES;
        let groups = [
            candidates & odd & CORNERS,
            candidates & odd & plain,
            candidates & odd & X_SQUARES,
            candidates & !odd & CORNERS,
            candidates & !odd & plain,
            candidates & !odd & X_SQUARES,
        ];
        let mut best = -INFINITY;
        for group in groups {
            for sq in Bits(group) {
                let f = flips(p, o, sq);
                if f == 0 {
                    continue;
                }
                let score =
                    -self.nws_shallow(o & !f, p | f | (1 << sq), -alpha - 1, empties - 1, false);
                if self.aborted {
                    return 0;
                }
                if score > best {
                    best = score;
                    if score > alpha {
                        return best;
                    }
                }
            }
        }
        if best > -INFINITY {
            best
        } else if passed {
            // No move for either side: the game is over.
            final_score(p, o)
        } else {
            -self.nws_shallow(o, p, -alpha - 1, empties, true)
        }
    }

    /// The null-window search at 7–9 empties: moves sorted fastest-first (fewest replies,
    /// corners counting double) with a bonus for odd regions (`odd`), which pays for itself
    /// there.
    fn nws_sorted(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        empties: u32,
        passed: bool,
        odd: u64,
    ) -> i32 {
        let moves = legal_moves(p, o);
        if moves == 0 {
            return if passed {
                final_score(p, o)
            } else {
                -self.nws_shallow(o, p, -alpha - 1, empties, true)
            };
        }
        let mut list = MoveList::new();
        for sq in Bits(moves) {
            let f = flips(p, o, sq);
            let (np, no) = (o & !f, p | f | (1 << sq));
            let replies = legal_moves(np, no);
            let mut key = -16 * (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
            if odd & (1 << sq) != 0 {
                key += self.tuning.parity_bonus;
            }
            list.push(sq, f, key);
        }
        list.sort();
        let mut best = -INFINITY;
        for &(sq, f, _) in list.iter() {
            let score =
                -self.nws_shallow(o & !f, p | f | (1 << sq), -alpha - 1, empties - 1, false);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    return best;
                }
            }
        }
        best
    }
}
