//! The exact endgame solver: negascout on the final disc difference with a transposition
//! table, evaluation-guided move ordering far from the end, fastest-first and parity nearer it,
//! enhanced transposition and stability cut-offs, and a table-free search for the last few
//! empty squares.

// `p` and `o` (player, opponent) with `f` (flips) are the field's usual names.
#![allow(clippy::many_single_char_names)]

use super::board::{Bits, final_score, flips, legal_moves, odd_regions};
use super::eval::stability_cutoff;
use super::move_list::MoveList;
use super::pass::Pass;
use super::search::{Found, INFINITY, SQUARE_VALUE, Searcher, mobility_key};
use super::table::{ENDGAME, NO_MOVE};

impl Searcher<'_> {
    /// The exact value (final disc difference, empties to the winner) and a best move of
    /// (`p`, `o`), or `None` if the search was stopped.
    ///
    /// From [`Tuning::estimate_from`] empties on, a midgame search first estimates the value
    /// (and fills the table with best moves); the exact search then starts with a narrow
    /// window around that estimate and widens it only on the side it fails. From
    /// [`Tuning::beam_gate`] empties on, a selective pass (only the best few moves far from the
    /// end) refines the estimate first: it is seldom more than a few discs off the true value,
    /// where the midgame estimate is often ten; from [`Tuning::probcut_gate`] empties on, passes
    /// with probable cut-offs of growing confidence take its place.
    ///
    /// With [`Searcher::with_threads`] the exact search shares its nodes with helper threads
    /// started for this solve (`parallel.rs`).
    pub fn solve(&mut self, p: u64, o: u64) -> Option<Found> {
        self.with_helpers(|s| s.solve_alone(p, o))
    }

    /// [`Searcher::solve`] on the threads there are.
    fn solve_alone(&mut self, p: u64, o: u64) -> Option<Found> {
        let empties = (!(p | o)).count_ones();
        if empties < self.tuning.estimate_from || legal_moves(p, o) == 0 {
            return self.solve_window(p, o, -64, 64);
        }
        let depth = self
            .tuning
            .estimate_depth
            .min(empties.saturating_sub(8))
            .max(1);
        self.table.new_search();
        let mut guess = 0;
        for d in 1..=depth {
            guess = self.pvs(p, o, d, -INFINITY, INFINITY);
            if self.aborted {
                return None;
            }
        }
        // Evaluation units are hundredths of a disc; exact scores are even.
        let guess = if guess.abs() >= super::search::WIN {
            guess.signum() * ((guess.abs() - super::search::WIN) / 100)
        } else {
            guess / 100
        };
        let mut guess = (guess & !1).clamp(-64, 64);
        // ProbCut's passes far from the end, the beam's nearer (measured on FFO 20–39: the
        // beam is the better guess at 18–22 empties, ProbCut from 24).
        let passes: Vec<Pass> =
            if self.tuning.probcut_gate > 0 && empties >= self.tuning.probcut_gate {
                self.tuning
                    .probcut_passes
                    .iter()
                    .filter(|&&t| t > 0)
                    .map(|&t| Pass::ProbCut(t))
                    .collect()
            } else if empties >= self.tuning.beam_gate && self.tuning.beam_width > 0 {
                vec![Pass::Beam]
            } else {
                Vec::new()
            };
        for pass in passes {
            self.pass = pass;
            let selective = self.aspirate(p, o, guess);
            self.pass = Pass::Exact;
            guess = selective?.score;
        }
        self.aspirate(p, o, guess)
    }

    /// The aspiration loop around `guess`: a narrow window first, widened on the side that
    /// fails until the value falls inside.
    ///
    /// A selective pass does not answer consistently from one window to the next (what it
    /// prunes depends on the window and on what earlier searches left in the table): it can
    /// fail low, then high where the low failure said the value could not be, and so on for
    /// ever, as it did on a position of the training-data generator
    /// (`a_selective_pass_that_contradicts_itself_still_ends`). So when a search fails on the
    /// side opposite to the last failure, the loop searches the full window, whose answer is
    /// always inside it. The exact pass never contradicts itself.
    fn aspirate(&mut self, p: u64, o: u64, guess: i32) -> Option<Found> {
        let mut width = self.tuning.aspiration.max(1) as i32;
        let (mut alpha, mut beta) = ((guess - width).max(-65), (guess + width).min(65));
        // Whether the last search failed high (`Some(true)`) or low.
        let mut last_failure = None;
        loop {
            let found = self.solve_window(p, o, alpha, beta)?;
            let failed_high = if found.score <= alpha && alpha > -64 {
                false
            } else if found.score >= beta && beta < 64 {
                true
            } else {
                return Some(found);
            };
            // Past 128 every window is the full one.
            width = (width * 2).min(128);
            if last_failure == Some(!failed_high) {
                (alpha, beta) = (-65, 65);
            } else if failed_high {
                alpha = found.score - 1;
                beta = (found.score + width).min(65);
            } else {
                beta = found.score + 1;
                alpha = (found.score - width).max(-65);
            }
            last_failure = Some(failed_high);
        }
    }

    /// Like [`Searcher::solve`], but only proves whether the value is above, below or inside
    /// (`alpha`, `beta`): a score at most `alpha` or at least `beta` is a bound.
    pub fn solve_window(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> Option<Found> {
        self.table.new_search();
        let moves = legal_moves(p, o);
        if moves == 0 {
            let score = if legal_moves(o, p) == 0 {
                final_score(p, o)
            } else {
                -self.solve_window(o, p, -beta, -alpha)?.score
            };
            return Some(Found { best: None, score });
        }
        let empties = (!(p | o)).count_ones();
        let tt_move = self.table.probe(p, o).map_or(NO_MOVE, |e| e.best);
        let mut list = MoveList::new();
        for sq in Bits(moves) {
            list.push(sq, flips(p, o, sq), 0);
        }
        self.order_endgame(p, o, &mut list, empties, tt_move, alpha);
        if empties >= 14 && self.tuning.root_order_depth > 0 {
            // The first root move gets the full window: worth a real midgame search to pick.
            let depth = self.tuning.root_order_depth.min(empties - 10);
            for entry in &mut list.moves[..list.len] {
                let (sq, f) = (entry.0, entry.1);
                entry.2 = -self.pvs(o & !f, p | f | (1 << sq), depth, -INFINITY, INFINITY);
            }
            if self.aborted {
                return None;
            }
        }
        list.sort();
        // The root's moves are searched in turn; the nodes below share theirs.
        let (score, best) =
            self.principal_variation(p, o, &list, alpha, beta, true, |s, np, no, a, b| {
                s.endgame(np, no, a, b, empties - 1)
            })?;
        Some(Found { best, score })
    }

    /// Gives the endgame moves of `list` their ordering keys: the table's move first, then
    /// (deep) by a shallow search, else fastest-first — the reply that leaves the opponent the
    /// fewest moves, corners counting double — with the square's static value and the mover's
    /// discs made safe next to corners breaking near-ties.
    fn order_endgame(
        &mut self,
        p: u64,
        o: u64,
        list: &mut MoveList,
        empties: u32,
        tt: u8,
        alpha: i32,
    ) {
        // Scores are even: above 62 only a wipeout raises alpha, so the move that leaves the
        // opponent the fewest discs goes first.
        let wipeout_weight = if alpha >= 62 {
            self.tuning.wipeout_weight
        } else {
            0
        };
        let odd = if empties <= self.tuning.parity_below {
            odd_regions(!(p | o))
        } else {
            0
        };
        for entry in list.iter_mut() {
            let (sq, f) = (entry.0, entry.1);
            let (np, no) = (o & !f, p | f | (1 << sq));
            let bonus = if odd & (1 << sq) != 0 {
                self.tuning.parity_bonus
            } else {
                0
            };
            entry.2 = bonus
                + self.tuning.square_weight * SQUARE_VALUE[sq as usize] / 4
                + self.tuning.corner_weight * corner_stability(no)
                + if sq == tt {
                    i32::MAX / 2
                } else if empties >= self.tuning.deep_order_from {
                    let depth = self.tuning.deep_order_depth;
                    -self.order_search(np, no, depth, -INFINITY, INFINITY)
                        / self.tuning.deep_order_divisor.max(1)
                        + mobility_key(np, no)
                } else {
                    mobility_key(np, no)
                }
                - wipeout_weight * np.count_ones() as i32;
        }
    }

    /// `ProbCut`, in the selective passes only: at a null-window node with enough empties, a
    /// shallow midgame search that clears the window by a margin of its expected error
    /// ([`Tuning::probcut_sigma`] times the pass's confidence) is taken for the search's
    /// answer. The static evaluation first says which side is worth trying.
    ///
    /// [`Tuning::probcut_sigma`]: super::search::Tuning::probcut_sigma
    fn probable_cut(&mut self, p: u64, o: u64, alpha: i32, beta: i32, empties: u32) -> Option<i32> {
        let Pass::ProbCut(confidence) = self.pass else {
            return None;
        };
        if beta != alpha + 1 || empties < self.tuning.probcut_from {
            return None;
        }
        let t = i32::from(confidence);
        let depth = self.tuning.probcut_depth(empties);
        let sigma = self.tuning.probcut_sigma(empties, depth);
        // Scores are even: a margin in whole discs, rounded up to an even number.
        let margin = ((t * sigma / 100 + 99) / 100 + 1) & !1;
        let eval_margin = t * (sigma + self.tuning.probcut_sigma(empties, 0)) / 200;
        let eval = (self.eval)(p, o);
        let high = beta + margin;
        if high < 64 && eval >= beta * 100 - eval_margin {
            let value = self.pvs(p, o, depth, high * 100 - 1, high * 100);
            if self.aborted {
                return Some(0);
            }
            if value >= high * 100 {
                return Some(beta);
            }
        }
        let low = alpha - margin;
        if low > -64 && eval <= alpha * 100 + eval_margin {
            let value = self.pvs(p, o, depth, low * 100, low * 100 + 1);
            if self.aborted {
                return Some(0);
            }
            if value <= low * 100 {
                return Some(alpha);
            }
        }
        None
    }

    /// A small alpha-beta on the evaluation that orders endgame moves: no table (its
    /// shallow results would crowd out the exact ones), moves in board order.
    fn order_search(&mut self, p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        if depth == 0 {
            return (self.eval)(p, o);
        }
        self.nodes += 1;
        let moves = legal_moves(p, o);
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                return final_score(p, o) * 100;
            }
            return -self.order_search(o, p, depth, -beta, -alpha);
        }
        let mut best = -INFINITY;
        for sq in Bits(moves) {
            let f = flips(p, o, sq);
            let score = -self.order_search(o & !f, p | f | (1 << sq), depth - 1, -beta, -alpha);
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

    /// Exact negascout for `empties` ≥ 1 empty squares, with the table and sorted moves.
    pub(super) fn endgame(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        mut beta: i32,
        empties: u32,
    ) -> i32 {
        if empties <= self.tuning.shallow_to {
            return self.shallow(p, o, alpha, beta, empties, false);
        }
        if self.tick() {
            return 0;
        }
        let moves = legal_moves(p, o);
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.endgame(o, p, -beta, -alpha, empties);
        }
        // Stable discs of the opponent cap how well the side to move can do.
        if let Some(cap) = stability_cutoff(p, o, alpha) {
            return cap;
        }
        // Exact and selective bounds are kept apart; both passes share best moves.
        let tag = ENDGAME | empties as u8;
        let level = self.pass.level();
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.table.probe(p, o) {
            tt_move = e.best;
            // Midgame entries of the same position hold evaluations, not exact bounds.
            if e.depth == tag && e.level >= level {
                let (lower, upper) = (i32::from(e.lower), i32::from(e.upper));
                if lower >= beta {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
                if alpha >= beta {
                    return alpha;
                }
            }
        }
        if let Some(cut) = self.probable_cut(p, o, alpha, beta, empties) {
            return cut;
        }
        let mut list = MoveList::new();
        for sq in Bits(moves) {
            list.push(sq, flips(p, o, sq), 0);
        }
        if empties > self.tuning.etc_from {
            // Enhanced transposition cutoff: a reply already known to refute the window
            // settles this node without searching.
            let child_tag = tag - 1;
            for &(sq, f, _) in list.iter() {
                let (np, no) = (o & !f, p | f | (1 << sq));
                if let Some(e) = self.table.probe(np, no)
                    && e.depth == child_tag
                    && e.level >= level
                    && -i32::from(e.upper) >= beta
                {
                    return -i32::from(e.upper);
                }
            }
        }
        let (a0, b0) = (alpha, beta);
        let mut best = -INFINITY;
        let mut best_sq = None;
        let mut beam = self.tuning.beam_width;
        if self.tuning.table_first
            && let Some((sq, f, _)) = list.take(tt_move)
        {
            // The table's move alone often refutes the window: then the others are never
            // ordered.
            best = -self.endgame(o & !f, p | f | (1 << sq), -beta, -alpha, empties - 1);
            if self.aborted {
                return 0;
            }
            best_sq = Some(sq);
            if best > alpha {
                alpha = best;
            }
            beam = beam.saturating_sub(1);
        }
        if alpha < beta {
            self.order_endgame(p, o, &mut list, empties, tt_move, alpha);
            if self.aborted {
                return 0;
            }
            list.sort();
            if self.pass == Pass::Beam && empties >= self.tuning.beam_from {
                list.len = list.len.min(beam);
            }
            let wide_first = best_sq.is_none();
            let searched = if self.may_split(empties, list.len) {
                self.split_children((p, o), &list, (alpha, beta), empties, wide_first)
            } else {
                self.principal_variation(p, o, &list, alpha, beta, wide_first, |s, np, no, a, b| {
                    s.endgame(np, no, a, b, empties - 1)
                })
            };
            let Some((score, sq)) = searched else {
                return 0;
            };
            if score > best {
                best = score;
                best_sq = sq;
            }
        }
        self.table.store(p, o, tag, level, a0, b0, best, best_sq);
        best
    }
}

/// The discs of `p` on a corner or on an edge square next to a corner it holds: a cheap
/// count of discs that can never turn, which a move ordering prefers to create.
#[inline]
fn corner_stability(p: u64) -> i32 {
    const CORNER_PAIRS: u64 = 0x8100_0000_0000_0081;
    let next_to_owned = ((p & 0x0100_0000_0000_0001) << 1)
        | ((p & 0x8000_0000_0000_0080) >> 1)
        | ((p & 0x0000_0000_0000_0081) << 8)
        | ((p & 0x8100_0000_0000_0000) >> 8);
    ((next_to_owned | CORNER_PAIRS) & p).count_ones() as i32
}

#[cfg(test)]
#[path = "endgame_tests.rs"]
pub(super) mod tests;
