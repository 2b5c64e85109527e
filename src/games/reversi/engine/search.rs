//! The searches: a principal-variation (negascout) alpha-beta for the middle game, iterated
//! one ply deeper at a time, and an exact solver for the endgame.
//!
//! Both stop as soon as the node budget is spent or the cancel flag is raised; a stopped
//! search reports `None` (or the best move of the last finished iteration) instead of a
//! half-computed value.

// `p` and `o` (player, opponent) with `f` (flips) are the field's usual names; longer ones
// would make the bit arithmetic harder to read.
#![allow(clippy::many_single_char_names)]

use std::sync::atomic::{AtomicBool, Ordering};

use super::board::{Bits, CORNERS, Square, final_score, flips, legal_moves, neighbours};
use super::eval::{evaluate, stable_discs};
use super::table::{NO_MOVE, Table};

/// A won or lost game outweighs any evaluation (which stays within ±6000).
pub const WIN: i32 = 10_000;
/// Beyond any score.
const INFINITY: i32 = 30_000;

/// The four 4×4 quadrants: the last empty squares of a region are best played with parity in
/// mind (moving into a region with an odd number of empties keeps the last move there).
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// Squares diagonally next to a corner: tried last in the shallow endgame.
const X_SQUARES: u64 = 0x4200_0000_0000_4200;

/// Thresholds of the endgame solver, exposed so the benchmark can compare settings.
#[derive(Clone, Copy, Debug)]
pub struct Tuning {
    /// At or below this many empties the solver stops sorting moves and using the table: the
    /// bookkeeping would cost more than it saves.
    pub shallow_to: u32,
    /// From this many empties on, moves are ordered by a shallow midgame search rather than
    /// by mobility alone.
    pub deep_order_from: u32,
    /// The depth of that ordering search.
    pub deep_order_depth: u32,
    /// Below this many empties, moves into regions with an odd number of empties get a bonus.
    pub parity_below: u32,
    /// That bonus, against 16 per opponent reply in the fastest-first key.
    pub parity_bonus: i32,
    /// Above this many empties, the children's table entries are looked at before searching
    /// (enhanced transposition cutoff).
    pub etc_from: u32,
    /// The depth of the midgame search that orders the root moves of an exact solve from 14
    /// empties on (0: mobility only).
    pub root_order_depth: u32,
}

impl Default for Tuning {
    fn default() -> Self {
        Self {
            shallow_to: 6,
            // Off: on the benchmark positions a shallow midgame search orders no better than
            // mobility and costs more.
            deep_order_from: 64,
            deep_order_depth: 1,
            parity_below: 14,
            parity_bonus: 8,
            etc_from: 6,
            root_order_depth: 6,
        }
    }
}

/// The value of a finished game in midgame units: decided games dominate any evaluation, and
/// a bigger win is better.
#[inline]
fn terminal(p: u64, o: u64) -> i32 {
    let score = final_score(p, o);
    score * 100 + score.signum() * WIN
}

/// The side to move's squares of `empty` in the regions with an odd number of empties.
#[inline]
fn odd_regions(empty: u64) -> u64 {
    QUADRANTS
        .iter()
        .filter(|&&q| (empty & q).count_ones() & 1 == 1)
        .fold(0, |acc, &q| acc | q)
}

/// How the midgame search judges leaves.
pub type Evaluator = fn(u64, u64) -> i32;

/// A search in progress: its transposition table, node count, budget and cancel flag.
pub struct Searcher<'a> {
    table: Table,
    /// Nodes visited since the searcher was made.
    pub nodes: u64,
    limit: u64,
    /// When to look at the cancel flag next (every 1024 nodes: an atomic load is not free).
    next_check: u64,
    cancel: &'a AtomicBool,
    aborted: bool,
    eval: Evaluator,
    /// The endgame solver's thresholds.
    pub tuning: Tuning,
}

/// The outcome of a finished search from the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The move to play, `None` when the side to move must pass or the game is over.
    pub best: Option<Square>,
    /// The value for the side to move: exact disc difference (endgame) or evaluation units.
    pub score: i32,
}

impl<'a> Searcher<'a> {
    /// A searcher with a table of `2^table_bits` entries that stops after `limit` nodes or when
    /// `cancel` is raised.
    pub fn new(table_bits: u32, limit: u64, cancel: &'a AtomicBool) -> Self {
        Self {
            table: Table::new(table_bits),
            nodes: 0,
            limit,
            next_check: 0,
            cancel,
            aborted: false,
            eval: evaluate,
            tuning: Tuning::default(),
        }
    }

    /// Replaces the evaluation (the weaker levels use a naive one).
    #[must_use]
    pub fn with_evaluator(mut self, eval: Evaluator) -> Self {
        self.eval = eval;
        self
    }

    /// Whether the last search stopped early.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Sets a new node limit, counted from now, and clears the stopped state.
    pub fn set_budget(&mut self, more: u64) {
        self.limit = self.nodes.saturating_add(more);
        self.aborted = false;
    }

    /// Counts a node; returns whether the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 1024;
            if self.cancel.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        if self.nodes >= self.limit {
            self.aborted = true;
        }
        self.aborted
    }

    // ----------------------------------------------------------------- middle game

    /// Searches (`p`, `o`) to `depth` plies, iterating from depth 1, and returns the last fully
    /// searched iteration's move and value (`None` if not even depth 1 finished or the side to
    /// move has no move). `noise` perturbs the root scores (the weaker levels' mistakes).
    pub fn iterate(
        &mut self,
        p: u64,
        o: u64,
        max_depth: u32,
        noise: &mut dyn FnMut() -> i32,
    ) -> Option<Found> {
        let moves = legal_moves(p, o);
        if moves == 0 {
            return None;
        }
        self.table.new_search();
        let mut order: Vec<(Square, i32)> = Bits(moves).map(|sq| (sq, noise())).collect();
        // Best-looking first for the first iteration.
        order.sort_by_key(|&(sq, _)| {
            let f = flips(p, o, sq);
            (self.eval)(o & !f, p | f | (1 << sq))
        });
        let mut found = None;
        for depth in 1..=max_depth.max(1) {
            let Some(result) = self.root(p, o, depth, &mut order) else {
                break;
            };
            found = Some(result);
            if result.score.abs() >= WIN {
                // Decided: deeper search will not change the verdict.
                break;
            }
            let empties = (!(p | o)).count_ones();
            if depth >= empties {
                break;
            }
        }
        found
    }

    /// One iteration at the root: the moves in `order` (previous best first), each with its
    /// noise. Reorders `order` best first. `None` if stopped before the first move finished.
    fn root(&mut self, p: u64, o: u64, depth: u32, order: &mut [(Square, i32)]) -> Option<Found> {
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best: Option<(Square, i32)> = None;
        let mut scores = Vec::with_capacity(order.len());
        for (i, &(sq, bias)) in order.iter().enumerate() {
            let f = flips(p, o, sq);
            let (np, no) = (o & !f, p | f | (1 << sq));
            // Noise shifts a move's value; search it relative to that shift.
            let a = alpha - bias;
            let score = if i == 0 {
                -self.pvs(np, no, depth - 1, -beta, -a)
            } else {
                let s = -self.pvs(np, no, depth - 1, -a - 1, -a);
                if s > a && !self.aborted {
                    -self.pvs(np, no, depth - 1, -beta, -s)
                } else {
                    s
                }
            };
            if self.aborted {
                break;
            }
            let score = score + bias;
            scores.push((sq, score));
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((sq, score));
                alpha = alpha.max(score);
            }
        }
        let (sq, score) = best?;
        // Keep the best move first for the next iteration; the rest keep their order.
        if let Some(pos) = order.iter().position(|&(s, _)| s == sq) {
            order[..=pos].rotate_right(1);
        }
        Some(Found {
            best: Some(sq),
            score,
        })
    }

    /// Negascout with a transposition table; fail-soft.
    fn pvs(&mut self, p: u64, o: u64, depth: u32, mut alpha: i32, mut beta: i32) -> i32 {
        if depth == 0 {
            return (self.eval)(p, o);
        }
        if self.tick() {
            return 0;
        }
        let moves = legal_moves(p, o);
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                return terminal(p, o);
            }
            return -self.pvs(o, p, depth, -beta, -alpha);
        }
        let depth8 = depth.min(255) as u8;
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.table.probe(p, o) {
            tt_move = e.best;
            if e.depth == depth8 {
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
        let mut list = MoveList::new();
        for sq in Bits(moves) {
            let f = flips(p, o, sq);
            let (np, no) = (o & !f, p | f | (1 << sq));
            let key = if sq == tt_move {
                i32::MAX
            } else if depth >= 3 {
                -(self.eval)(np, no)
            } else {
                mobility_key(np, no)
            };
            list.push(sq, f, key);
        }
        list.sort();
        let (a0, b0) = (alpha, beta);
        let Some((best, best_sq)) =
            self.principal_variation(p, o, &list, alpha, beta, |s, np, no, a, b| {
                s.pvs(np, no, depth - 1, a, b)
            })
        else {
            return 0;
        };
        self.table.store(p, o, depth8, a0, b0, best, best_sq);
        best
    }

    // ------------------------------------------------------------------- endgame

    /// The exact value (final disc difference, empties to the winner) and a best move of
    /// (`p`, `o`), or `None` if the search was stopped.
    pub fn solve(&mut self, p: u64, o: u64) -> Option<Found> {
        self.solve_window(p, o, -64, 64)
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
        let mut alpha = alpha;
        let mut list = self.order_endgame(p, o, moves, empties, NO_MOVE);
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
        let mut best: Option<(Square, i32)> = None;
        for (i, &(sq, f, _)) in list.iter().enumerate() {
            let (np, no) = (o & !f, p | f | (1 << sq));
            let score = if i == 0 {
                -self.endgame(np, no, -beta, -alpha, empties - 1)
            } else {
                let s = -self.endgame(np, no, -alpha - 1, -alpha, empties - 1);
                if s > alpha && s < beta && !self.aborted {
                    -self.endgame(np, no, -beta, -s, empties - 1)
                } else {
                    s
                }
            };
            if self.aborted {
                return None;
            }
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((sq, score));
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best.map(|(sq, score)| Found {
            best: Some(sq),
            score,
        })
    }

    /// The endgame moves with their ordering keys: the table's move first, then (deep) by a
    /// shallow search, else fastest-first — the reply that leaves the opponent the fewest
    /// moves, corners counting double.
    fn order_endgame(&mut self, p: u64, o: u64, moves: u64, empties: u32, tt: u8) -> MoveList {
        let mut list = MoveList::new();
        let odd = if empties <= self.tuning.parity_below {
            odd_regions(!(p | o))
        } else {
            0
        };
        for sq in Bits(moves) {
            let f = flips(p, o, sq);
            let (np, no) = (o & !f, p | f | (1 << sq));
            let bonus = if odd & (1 << sq) != 0 {
                self.tuning.parity_bonus
            } else {
                0
            };
            let key = bonus
                + if sq == tt {
                    i32::MAX / 2
                } else if empties >= self.tuning.deep_order_from {
                    let depth = self.tuning.deep_order_depth;
                    -self.pvs(np, no, depth, -INFINITY, INFINITY) / 4 + mobility_key(np, no)
                } else {
                    mobility_key(np, no)
                };
            list.push(sq, f, key);
        }
        list
    }

    /// Exact negascout for `empties` ≥ 1 empty squares, with the table and sorted moves.
    fn endgame(&mut self, p: u64, o: u64, mut alpha: i32, mut beta: i32, empties: u32) -> i32 {
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
        if alpha >= 64 - 2 * o.count_ones() as i32 {
            let cap = 64 - 2 * stable_discs(o, p).count_ones() as i32;
            if cap <= alpha {
                return cap;
            }
        }
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.table.probe(p, o) {
            tt_move = e.best;
            // Midgame entries of the same position hold evaluations, not exact bounds.
            if u32::from(e.depth) == empties | 0x80 {
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
        let mut list = self.order_endgame(p, o, moves, empties, tt_move);
        if self.aborted {
            return 0;
        }
        if empties > self.tuning.etc_from {
            // Enhanced transposition cutoff: a reply already known to refute the window
            // settles this node without searching.
            let child_tag = (empties - 1) | 0x80;
            for &(sq, f, _) in list.iter() {
                let (np, no) = (o & !f, p | f | (1 << sq));
                if let Some(e) = self.table.probe(np, no)
                    && u32::from(e.depth) == child_tag
                    && -i32::from(e.upper) >= beta
                {
                    return -i32::from(e.upper);
                }
            }
        }
        list.sort();
        let (a0, b0) = (alpha, beta);
        let Some((best, best_sq)) =
            self.principal_variation(p, o, &list, alpha, beta, |s, np, no, a, b| {
                s.endgame(np, no, a, b, empties - 1)
            })
        else {
            return 0;
        };
        self.table
            .store(p, o, empties as u8 | 0x80, a0, b0, best, best_sq);
        best
    }

    /// The principal-variation loop both searches share: the first (best-ordered) move with
    /// the full window, the rest with a null window and a re-search when one beats alpha.
    /// `child` scores a position from the side to move there, with the window given. Returns
    /// the best score and its move, or `None` when the search was aborted.
    fn principal_variation(
        &mut self,
        p: u64,
        o: u64,
        list: &MoveList,
        mut alpha: i32,
        beta: i32,
        mut child: impl FnMut(&mut Self, u64, u64, i32, i32) -> i32,
    ) -> Option<(i32, Option<Square>)> {
        let mut best = -INFINITY;
        let mut best_sq = None;
        for (i, &(sq, f, _)) in list.iter().enumerate() {
            let (np, no) = (o & !f, p | f | (1 << sq));
            let score = if i == 0 {
                -child(self, np, no, -beta, -alpha)
            } else {
                let s = -child(self, np, no, -alpha - 1, -alpha);
                if s > alpha && s < beta && !self.aborted {
                    -child(self, np, no, -beta, -s)
                } else {
                    s
                }
            };
            if self.aborted {
                return None;
            }
            if score > best {
                best = score;
                best_sq = Some(sq);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        Some((best, best_sq))
    }

    /// Exact alpha-beta for the last few empties: moves tried straight from the empty squares,
    /// odd regions first, corners first and X-squares last within each.
    fn shallow(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        empties: u32,
        passed: bool,
    ) -> i32 {
        let empty = !(p | o);
        if empties == 1 {
            return self.last(p, o, empty.trailing_zeros() as Square);
        }
        if self.tick() {
            return 0;
        }
        let odd = odd_regions(empty);
        // Only squares next to an opponent disc can turn anything over.
        let candidates = empty & neighbours(o);
        let groups = [
            candidates & odd & CORNERS,
            candidates & odd & !CORNERS & !X_SQUARES,
            candidates & odd & X_SQUARES,
            candidates & !odd & CORNERS,
            candidates & !odd & !CORNERS & !X_SQUARES,
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
                    -self.shallow(o & !f, p | f | (1 << sq), -beta, -alpha, empties - 1, false);
                if self.aborted {
                    return 0;
                }
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
        }
        if best == -INFINITY {
            // No move: pass, or the game is over if the opponent has just passed too.
            return if passed {
                final_score(p, o)
            } else {
                -self.shallow(o, p, -beta, -alpha, empties, true)
            };
        }
        best
    }

    /// The value with one empty square left: whoever can play there does, else the game ends.
    #[inline]
    fn last(&mut self, p: u64, o: u64, sq: Square) -> i32 {
        self.nodes += 1;
        let mine = p.count_ones() as i32;
        let theirs = 63 - mine;
        let f = flips(p, o, sq);
        if f != 0 {
            let n = f.count_ones() as i32;
            return mine + n + 1 - (theirs - n);
        }
        let f = flips(o, p, sq);
        if f != 0 {
            let n = f.count_ones() as i32;
            return mine - n - (theirs + n + 1);
        }
        let diff = mine - theirs;
        if diff > 0 { diff + 1 } else { diff - 1 }
    }
}

/// Fastest-first key: fewer opponent moves (corners twice) and fewer empty squares next to
/// our discs (the opponent's potential moves) is better.
#[inline]
fn mobility_key(np: u64, no: u64) -> i32 {
    let replies = legal_moves(np, no);
    let potential = (neighbours(no) & !(np | no)).count_ones() as i32;
    -(16 * (replies.count_ones() + (replies & CORNERS).count_ones()) as i32) - potential
}

/// A small fixed-capacity move list (a position has at most 33 legal moves), sorted by key.
struct MoveList {
    moves: [(Square, u64, i32); 34],
    len: usize,
}

impl MoveList {
    fn new() -> Self {
        Self {
            moves: [(0, 0, 0); 34],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, sq: Square, flips: u64, key: i32) {
        if self.len < self.moves.len() {
            self.moves[self.len] = (sq, flips, key);
            self.len += 1;
        }
    }

    /// Highest key first (insertion sort: the lists are short).
    fn sort(&mut self) {
        let moves = &mut self.moves[..self.len];
        for i in 1..moves.len() {
            let item = moves[i];
            let mut j = i;
            while j > 0 && moves[j - 1].2 < item.2 {
                moves[j] = moves[j - 1];
                j -= 1;
            }
            moves[j] = item;
        }
    }

    fn iter(&self) -> std::slice::Iter<'_, (Square, u64, i32)> {
        self.moves[..self.len].iter()
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::{Position, parse_square};
    use super::*;
    use proptest::prelude::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// FFO endgame positions 1–19 (14–16 empties): position, exact score, the best moves.
    const FFO_1_19: [(&str, i32, &str); 19] = [
        (
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
            18,
            "G8",
        ),
        (
            "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X",
            10,
            "A4",
        ),
        (
            "----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X",
            2,
            "D1",
        ),
        (
            "-XXXXXX-X-XXXOO-XOXXXOOXXXOXOOOX-OXOOXXX--OOOXXX--OOXX----XOXXO- X",
            0,
            "H8 A5",
        ),
        (
            "-OOOOO----OXXO-XXXOXOXX-XXOXOXXOXXOOXOOOXXXXOO-OX-XOOO---XXXXX-- X",
            32,
            "G8",
        ),
        (
            "--OXXX--OOOXXX--OOOXOXO-OOXOOOX-OOXXXXXXXOOXXOX--OOOOX---XXXXXX- X",
            14,
            "A1 H3",
        ),
        (
            "--OXXO--XOXXXX--XOOOXXXXXOOXXXXXXOOOOXXX-XXXXXXX--XXOOO----XXOO- X",
            8,
            "A6",
        ),
        (
            "---X-X--X-XXXX--XXXXOXXXXXXOOOOOXXOXXXO-XOXXXXO-XOOXXX--XOOXXO-- O",
            8,
            "E1",
        ),
        (
            "--XOXX--O-OOXXXX-OOOXXXX-XOXXXOXXXOXOOOXOXXOXOXX--OXOO----OOOO-- O",
            -8,
            "G7 A4",
        ),
        (
            "-XXXX-----OXXX--XOXOXOXXOXOXXOXXOXXOXOOOXXXOXOOX--OXXO---OOOOO-- O",
            10,
            "B2",
        ),
        (
            "---O-XOX----XXOX---XXOOXO-XXOXOXXXXOOXOX-XOOXXXXXOOOXX-XOOOOOOO- O",
            30,
            "B3",
        ),
        (
            "--O--O--X-OOOOX-XXOOOXOOXXOXOXOOXXOXXOOOXXXXOOOO--OXXX---XXXXX-- O",
            -8,
            "B7",
        ),
        (
            "--XXXXX--OOOXX---OOOXXXX-OXOXOXXOXXXOXXX--XOXOXX--OXOOO--OOOOO-- X",
            14,
            "B7",
        ),
        (
            "--XXXXX---OOOX---XOOXXXX-OOOOOOOOOOXXXOOOOOXXOOX--XXOO----XXXXX- X",
            18,
            "A3",
        ),
        (
            "----O------OOX---OOOXX-XOOOXOOOOOXXOXXOOOXXXOOOOOXXXOOXO--OOOOOX X",
            4,
            "G3 B8",
        ),
        (
            "-XXXXXX-X-XXXOO-XOXXXOOXXOOXXXOX-OOOXXXX--OOXXXX---OOO----XOX-O- X",
            24,
            "F8",
        ),
        (
            "-OOOOO----OXXO-XXXOOOXX-XXOXOXXOXXOOXOOOXXXXOO-OX-XOO----XXXX--- X",
            8,
            "F8",
        ),
        (
            "-XXX------OOOX--XOOOOOXXOXOXOOXXOXXOOOOOXXXOXOOX--OXXO---OOOOO-- X",
            -2,
            "G2",
        ),
        (
            "--OXXO--XOXXXX--XOOOOXXXXOOOXXXXX-OOOXXX--OOOOXX--XXOOO----XXOO- X",
            8,
            "B6",
        ),
    ];

    fn exact(pos: &Position) -> Found {
        let never = AtomicBool::new(false);
        let mut searcher = Searcher::new(18, u64::MAX, &never);
        searcher
            .solve(pos.player, pos.opponent)
            .expect("unlimited search finishes")
    }

    #[test]
    fn solves_ffo_1_to_19() {
        for (i, &(line, score, best)) in FFO_1_19.iter().enumerate() {
            let pos = Position::parse(line).expect("valid FFO line");
            let found = exact(&pos);
            assert_eq!(found.score, score, "FFO #{}", i + 1);
            let best: Vec<_> = best.split(' ').map(parse_square).collect();
            assert!(
                best.contains(&found.best),
                "FFO #{}: {:?}",
                i + 1,
                found.best
            );
        }
    }

    /// Plain minimax over every move sequence: slow, obviously right.
    fn minimax(p: u64, o: u64) -> i32 {
        let moves = legal_moves(p, o);
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -minimax(o, p);
        }
        Bits(moves)
            .map(|sq| {
                let f = flips(p, o, sq);
                -minimax(o & !f, p | f | (1 << sq))
            })
            .max()
            .expect("at least one move")
    }

    /// A position with about `empties` empty squares: random play from the start, or (when
    /// `scatter`) discs scattered at random, which gives odd shapes with many passes.
    fn random_position(seed: u64, empties: u32, scatter: bool) -> Position {
        let mut rng = SmallRng::seed_from_u64(seed);
        if scatter {
            let mut squares: Vec<u8> = (0..64).collect();
            for i in (1..64).rev() {
                squares.swap(i, rng.random_range(0..=i));
            }
            let (mut black, mut white) = (0u64, 0u64);
            for &sq in &squares[empties as usize..] {
                if rng.random_bool(0.5) {
                    black |= 1 << sq;
                } else {
                    white |= 1 << sq;
                }
            }
            return Position::from_colours(black, white, rng.random_bool(0.5));
        }
        let mut pos = Position::start();
        while pos.empties().count_ones() > empties && !pos.is_over() {
            let moves: Vec<u8> = Bits(pos.moves()).collect();
            pos = if moves.is_empty() {
                pos.pass()
            } else {
                pos.play(moves[rng.random_range(0..moves.len())])
                    .expect("generated moves are legal")
            };
        }
        pos
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        #[test]
        fn exact_solver_agrees_with_minimax(seed in any::<u64>(), empties in 0u32..=10, scatter in any::<bool>()) {
            let pos = random_position(seed, empties, scatter);
            let truth = minimax(pos.player, pos.opponent);
            let found = exact(&pos);
            prop_assert_eq!(found.score, truth, "{}", pos);
            if let Some(sq) = found.best {
                let child = pos.play(sq).expect("the solver's move is legal");
                prop_assert_eq!(-minimax(child.player, child.opponent), truth);
            } else {
                prop_assert_eq!(pos.moves(), 0);
            }
            // A null window around the value proves the right side of it.
            let never = AtomicBool::new(false);
            let mut searcher = Searcher::new(12, u64::MAX, &never);
            let low = searcher.solve_window(pos.player, pos.opponent, truth - 1, truth).expect("finishes");
            prop_assert!(low.score >= truth);
            let high = searcher.solve_window(pos.player, pos.opponent, truth, truth + 1).expect("finishes");
            prop_assert!(high.score <= truth);
        }
    }

    #[test]
    fn midgame_search_finds_a_move_and_respects_the_budget() {
        let never = AtomicBool::new(false);
        let start = Position::start();
        let mut searcher = Searcher::new(14, 5_000, &never);
        let found = searcher.iterate(start.player, start.opponent, 20, &mut || 0);
        let best = found
            .and_then(|f| f.best)
            .expect("depth 1 fits in the budget");
        assert!(start.moves() & (1 << best) != 0);
        assert!(searcher.nodes <= 5_010, "{}", searcher.nodes);
        assert!(searcher.aborted());
    }

    #[test]
    fn a_raised_cancel_flag_stops_the_solver() {
        let cancel = AtomicBool::new(true);
        let pos = Position::parse(FFO_1_19[0].0).expect("valid");
        let mut searcher = Searcher::new(12, u64::MAX, &cancel);
        assert_eq!(searcher.solve(pos.player, pos.opponent), None);
        assert!(searcher.nodes <= 10, "{}", searcher.nodes);
    }
}
