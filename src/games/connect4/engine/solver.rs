//! The perfect solver, after Pascal Pons's ("Solving Connect Four", blog.gamesolver.org):
//! negamax with alpha-beta run on null windows inside a binary search on the score, a
//! transposition table keeping upper and lower bounds, and losing moves pruned before they
//! are searched. On top of his: each node first looks one move ahead for a win its opponent
//! cannot stop (and otherwise knows it cannot win before its third move), the second
//! player's follow-up strategy bounds the first player's score (Allis's "claimeven"), the
//! children's table entries can cut a node before it searches (enhanced transposition
//! cutoff), the table remembers the move that cut, and moves are ordered by the threats they
//! make that the opponent will soon have to face. Together these search about a third of
//! Pons's positions on early positions. From Christophe Steininger's solver (2026-11-28): a
//! forced move is played without a node's bookkeeping, the follow-up bound knows how late the
//! second player's win can come, and the table keeps the entries whose searches cost most
//! (`engine::table`). The opening book ([`Book`]) answers every position it holds at once.
//!
//! Scores are for the side to move: a win is 22 minus the tokens the winner has played when
//! the game ends, a loss the negative of that, a draw 0.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::book::Book;
use super::position::{
    BOARD_MASK, BOTTOM_MASK, CELLS, CENTRE_ORDER, Position, WIDTH, column_mask, winning_cells,
};
use super::table::{NO_MOVE, TransTable, lower_bound, upper_bound, work_class};

pub use super::position::{MAX_SCORE, MIN_SCORE};

/// A search stopped before it had an answer: the cancel flag was raised or the node budget
/// ran out. Nothing it learnt is kept, so the solver stays usable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the search was stopped before it finished")]
pub struct Aborted;

/// Default transposition table size: 2^18 entries of 8 bytes (2 MB). Bigger tables save few
/// nodes on most positions and cost more in cache misses than they save.
const DEFAULT_TABLE_BITS: u32 = 18;

/// Up to seven moves sorted by score, highest first out; among equals the one added last
/// comes out first.
struct MoveSorter {
    entries: [(u64, i32, usize); WIDTH],
    len: usize,
}

impl MoveSorter {
    const fn new() -> Self {
        Self {
            entries: [(0, 0, 0); WIDTH],
            len: 0,
        }
    }

    #[inline]
    fn add(&mut self, mv: u64, score: i32, column: usize) {
        let mut pos = self.len;
        self.len += 1;
        while pos > 0 && self.entries[pos - 1].1 > score {
            self.entries[pos] = self.entries[pos - 1];
            pos -= 1;
        }
        self.entries[pos] = (mv, score, column);
    }

    #[inline]
    fn pop(&mut self) -> Option<(u64, usize)> {
        if self.len == 0 {
            None
        } else {
            self.len -= 1;
            let (mv, _, column) = self.entries[self.len];
            Some((mv, column))
        }
    }

    fn moves(&self) -> impl Iterator<Item = (u64, usize)> + '_ {
        self.entries[..self.len].iter().map(|&(mv, _, c)| (mv, c))
    }
}

/// A reusable solver: keep one across positions so the transposition table carries over.
pub struct Solver {
    table: TransTable,
    book: Option<Arc<Book>>,
    nodes: u64,
    limit: u64,
    aborted: bool,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

/// How often (in nodes, minus one) the cancel flag is read.
const CANCEL_CHECK_MASK: u64 = 0x3FF;

impl Solver {
    /// A solver with the default table (2 MB) and no opening book: what benchmarks measure.
    pub fn new() -> Self {
        Self::with_table_bits(DEFAULT_TABLE_BITS)
    }

    /// A solver whose table has 2^`bits` slots of 8 bytes (`bits` kept within 10..=30):
    /// small tables suit short budgeted searches, big ones deep solves.
    pub fn with_table_bits(bits: u32) -> Self {
        Self {
            table: TransTable::new(bits),
            book: None,
            nodes: 0,
            limit: u64::MAX,
            aborted: false,
        }
    }

    /// Uses an opening book: every position it holds is answered without search.
    #[must_use]
    pub fn with_book(mut self, book: Option<Arc<Book>>) -> Self {
        self.book = book;
        self
    }

    /// Replaces the opening book.
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book;
    }

    /// Positions searched since the solver was made or [`Solver::reset_node_count`].
    pub const fn node_count(&self) -> u64 {
        self.nodes
    }

    /// Starts counting nodes from zero (benchmarks count per position).
    pub const fn reset_node_count(&mut self) {
        self.nodes = 0;
    }

    /// The exact score of a position for the side to move (see the module documentation).
    /// A finished position scores from the view of the side that would move: a loss if the
    /// last move made four, 0 for a full board.
    pub fn solve(&mut self, position: &Position) -> i32 {
        let never = AtomicBool::new(false);
        match self.solve_with(position, &never, None) {
            Ok(score) => score,
            Err(Aborted) => unreachable!("a search without cancel flag or budget cannot stop"),
        }
    }

    /// [`Solver::solve`] that gives up when `cancel` is raised or after `budget` more nodes.
    ///
    /// # Errors
    /// [`Aborted`] when stopped; the solver can be used again.
    pub fn solve_with(
        &mut self,
        position: &Position,
        cancel: &AtomicBool,
        budget: Option<u64>,
    ) -> Result<i32, Aborted> {
        if let Some(score) = terminal_score(position) {
            return Ok(score);
        }
        let moves = position.moves_played() as i32;
        if position.can_win_next() {
            return Ok((CELLS as i32 + 1 - moves) / 2);
        }
        if let Some(score) = self.book.as_deref().and_then(|b| b.score(position)) {
            return Ok(score);
        }
        self.start(budget);
        let mut min = -(CELLS as i32 - moves) / 2;
        let mut max = (CELLS as i32 + 1 - moves) / 2;
        while min < max {
            // Walk out from a draw: first "does the side to move win?", then one step at a
            // time toward the side the answers point to. Most positions score close to 0,
            // and the fail-soft answers often jump several steps at once: 5-20 % fewer
            // positions than Pons's bisection biased toward the ends (BENCHMARKS.md,
            // 2026-11-28).
            let med = if min < 0 && max > 0 {
                0
            } else if min >= 0 {
                min
            } else {
                max - 1
            };
            let r = self.negamax(position, med, med + 1, cancel);
            if self.aborted {
                return Err(Aborted);
            }
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        Ok(min)
    }

    /// The best move (0-based column) and its score: the highest-scoring move, the one
    /// nearest the centre among equals. Scores already make fast wins beat slow ones and
    /// slow losses beat fast ones. `None` when the game is over.
    ///
    /// # Errors
    /// [`Aborted`] when stopped by `cancel` or `budget`.
    pub fn best_move(
        &mut self,
        position: &Position,
        cancel: &AtomicBool,
        budget: Option<u64>,
    ) -> Result<Option<(usize, i32)>, Aborted> {
        if position.is_over() {
            return Ok(None);
        }
        let moves = position.moves_played() as i32;
        let possible = position.possible();
        let winning = position.winning_position() & possible;
        if winning != 0 {
            let col = first_in_centre_order(winning);
            return Ok(Some((col, (CELLS as i32 + 1 - moves) / 2)));
        }
        if let Some(best) = self.book.as_deref().and_then(|b| b.best_move(position)) {
            return Ok(Some(best));
        }
        let non_losing = position.possible_non_losing_moves();
        if non_losing == 0 {
            // Every move loses at once; block a threat if there is one, it looks like a fight.
            let forced = possible & position.opponent_winning_position();
            let pool = if forced == 0 { possible } else { forced };
            return Ok(Some((
                first_in_centre_order(pool),
                -(CELLS as i32 - moves) / 2,
            )));
        }
        let start_nodes = self.nodes;
        let best = self.solve_with(position, cancel, budget)?;
        for col in CENTRE_ORDER {
            let mv = non_losing & column_mask(col);
            if mv == 0 {
                continue;
            }
            let mut child = *position;
            child.play_mask(mv);
            let remaining = budget.map(|b| b.saturating_sub(self.nodes - start_nodes));
            self.start(remaining);
            // The child scores at least -best (best is the maximum); it is the move when it
            // scores no more than that.
            let r = self.negamax(&child, -best, -best + 1, cancel);
            if self.aborted {
                return Err(Aborted);
            }
            if r <= -best {
                return Ok(Some((col, best)));
            }
        }
        unreachable!("the best score is reached by some non-losing move")
    }

    /// The game's value for the side to move, without the exact score: 1 for a win, 0 for
    /// a draw, -1 for a loss. Two null-window searches at most, several times cheaper than
    /// [`Solver::solve`] on early positions, and enough to keep a won or drawn game.
    ///
    /// # Errors
    /// [`Aborted`] when stopped by `cancel` or `budget`.
    pub fn weak_solve(
        &mut self,
        position: &Position,
        cancel: &AtomicBool,
        budget: Option<u64>,
    ) -> Result<i32, Aborted> {
        if let Some(score) = terminal_score(position) {
            return Ok(score.signum());
        }
        if position.can_win_next() {
            return Ok(1);
        }
        self.start(budget);
        let r = self.negamax(position, 0, 1, cancel);
        if self.aborted {
            return Err(Aborted);
        }
        if r > 0 {
            return Ok(1);
        }
        let r = self.negamax(position, -1, 0, cancel);
        if self.aborted {
            return Err(Aborted);
        }
        Ok(if r < 0 { -1 } else { 0 })
    }

    /// A move that keeps the game's value (see [`Solver::weak_solve`]) and that value: the
    /// first such column in centre order, not necessarily the fastest win or slowest loss.
    /// `None` when the game is over.
    ///
    /// # Errors
    /// [`Aborted`] when stopped by `cancel` or `budget`.
    pub fn weak_best_move(
        &mut self,
        position: &Position,
        cancel: &AtomicBool,
        budget: Option<u64>,
    ) -> Result<Option<(usize, i32)>, Aborted> {
        if position.is_over() {
            return Ok(None);
        }
        let possible = position.possible();
        let winning = position.winning_position() & possible;
        if winning != 0 {
            return Ok(Some((first_in_centre_order(winning), 1)));
        }
        let non_losing = position.possible_non_losing_moves();
        if non_losing == 0 {
            let forced = possible & position.opponent_winning_position();
            let pool = if forced == 0 { possible } else { forced };
            return Ok(Some((first_in_centre_order(pool), -1)));
        }
        let start_nodes = self.nodes;
        let value = self.weak_solve(position, cancel, budget)?;
        if value < 0 {
            // Every move loses against best play; any move that does not lose at once will do.
            return Ok(Some((first_in_centre_order(non_losing), -1)));
        }
        for col in CENTRE_ORDER {
            let mv = non_losing & column_mask(col);
            if mv == 0 {
                continue;
            }
            let mut child = *position;
            child.play_mask(mv);
            let remaining = budget.map(|b| b.saturating_sub(self.nodes - start_nodes));
            self.start(remaining);
            // The move keeps the value when the child is worth at most -value to the opponent.
            let r = self.negamax(&child, -value, -value + 1, cancel);
            if self.aborted {
                return Err(Aborted);
            }
            if r <= -value {
                return Ok(Some((col, value)));
            }
        }
        unreachable!("the value is reached by some non-losing move")
    }

    fn start(&mut self, budget: Option<u64>) {
        self.aborted = false;
        self.limit = budget.map_or(u64::MAX, |b| self.nodes.saturating_add(b));
    }

    /// The score within `[alpha, beta]` (fail-soft outside it) of a position whose side to
    /// move cannot win at once.
    #[allow(clippy::too_many_lines)]
    fn negamax(
        &mut self,
        position: &Position,
        mut alpha: i32,
        mut beta: i32,
        cancel: &AtomicBool,
    ) -> i32 {
        debug_assert!(alpha < beta);
        debug_assert!(!position.can_win_next());
        let start_nodes = self.nodes;
        self.nodes += 1;
        if self.nodes >= self.limit
            || (self.nodes & CANCEL_CHECK_MASK == 0 && cancel.load(Ordering::Relaxed))
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }

        let moves = position.moves_played() as i32;
        let mask = position.mask_bits();
        let threats = position.opponent_winning_position();
        let next = non_losing(position.possible(), threats);
        if next == 0 {
            return -(CELLS as i32 - moves) / 2;
        }
        if moves >= CELLS as i32 - 2 {
            return 0;
        }
        if let Some(book) = &self.book
            && let Some(score) = book.score(position)
        {
            return score;
        }

        // The opponent cannot win with its next token (the moves left avoid that), and the
        // side to move cannot win with this one.
        let min = -(CELLS as i32 - 2 - moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        let win_next_turn = (CELLS as i32 - 1 - moves) / 2;
        if beta > win_next_turn {
            beta = win_next_turn;
            if alpha >= beta {
                return beta;
            }
        }
        // A forced move (the block of the opponent's threat, or the only move that does not
        // lose at once) is played without ordering, table or bounds of its own: Steininger's
        // solver follows such lines statically, and they are a large share of all nodes. The
        // table would gain little (the child has its entry) and lose slots to them.
        if next.is_power_of_two() {
            let mut child = *position;
            child.play_mask(next);
            return -self.negamax(&child, -beta, -alpha, cancel);
        }
        if moves % 2 == 0
            && let Some(bound) = position.follow_up_bound()
            && beta > bound
        {
            beta = bound;
            if alpha >= beta {
                return beta;
            }
        }

        let key = position.key();
        let (stored, table_move) = self.table.get(key);
        let stored = i32::from(stored);
        if stored != 0 {
            if stored > MAX_SCORE - MIN_SCORE + 1 {
                let lower = stored + 2 * MIN_SCORE - MAX_SCORE - 2;
                if alpha < lower {
                    alpha = lower;
                    if alpha >= beta {
                        return alpha;
                    }
                }
            } else {
                let upper = stored + MIN_SCORE - 1;
                if beta > upper {
                    beta = upper;
                    if alpha >= beta {
                        return beta;
                    }
                }
            }
        }

        // One look at each move: a move after which the opponent has no move that does not
        // lose at once wins with the next token; the others are ranked by the threats they
        // make that the opponent will soon have to face.
        let mine = position.current_bits();
        let mut sorter = MoveSorter::new();
        for &col in CENTRE_ORDER.iter().rev() {
            let mv = next & column_mask(col);
            if mv == 0 {
                continue;
            }
            let after = mask | mv;
            let made = winning_cells(mine | mv, after);
            let their_moves = (after + BOTTOM_MASK) & BOARD_MASK;
            if non_losing(their_moves, made) == 0 {
                let class = work_class(self.nodes - start_nodes);
                self.table.put(key, lower_bound(win_next_turn), col, class);
                return win_next_turn;
            }
            // A threat right above the opponent's threat never counts: it cannot be reached.
            let useful = made & !(threats << 1);
            let above = (their_moves << 1) & BOARD_MASK;
            let two_above = (above << 1) & BOARD_MASK;
            let mut score = 12 * (useful & above).count_ones() as i32
                + 5 * (useful & two_above).count_ones() as i32
                + 3 * useful.count_ones() as i32;
            if col == table_move {
                score += 5;
            }
            sorter.add(mv, score, col);
        }
        // No win with the next token either: the earliest is the one after.
        let win_later = (CELLS as i32 - 3 - moves) / 2;
        if beta > win_later {
            beta = win_later;
            if alpha >= beta {
                return beta;
            }
        }
        // The children's own bounds: the follow-up strategy after a second player's move, and
        // the children's table entries early in the game (where a cut saves the most).
        for (mv, col) in sorter.moves() {
            let mut child = *position;
            child.play_mask(mv);
            let mut child_upper = None;
            if moves % 2 == 1 {
                child_upper = child.follow_up_bound();
            }
            if moves < ETC_MAX_PLY {
                let (s, _) = self.table.get(child.key());
                let s = i32::from(s);
                if s != 0 && s <= MAX_SCORE - MIN_SCORE + 1 {
                    let upper = s + MIN_SCORE - 1;
                    child_upper = Some(child_upper.map_or(upper, |u: i32| u.min(upper)));
                }
            }
            if let Some(upper) = child_upper
                && -upper > alpha
            {
                alpha = -upper;
                if alpha >= beta {
                    let class = work_class(self.nodes - start_nodes);
                    self.table.put(key, lower_bound(alpha), col, class);
                    return alpha;
                }
            }
        }

        let mut best = NO_MOVE;
        while let Some((mv, col)) = sorter.pop() {
            let mut child = *position;
            child.play_mask(mv);
            let score = -self.negamax(&child, -beta, -alpha, cancel);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                let class = work_class(self.nodes - start_nodes);
                self.table.put(key, lower_bound(score), col, class);
                return score;
            }
            if score > alpha {
                alpha = score;
                best = col;
            }
        }
        let class = work_class(self.nodes - start_nodes);
        self.table.put(key, upper_bound(alpha), best, class);
        alpha
    }
}

/// Plies below which a node looks up its children in the table before searching them: early
/// in the game a cut saves a large subtree, late the probes cost more than they save.
const ETC_MAX_PLY: i32 = 30;

/// The cells among `possible` that do not hand the opponent (whose winning cells are
/// `threats`) a win at once: the block when there is one threat, none when there are two,
/// never a cell right under a winning cell. Zero: every move loses at once.
#[inline]
fn non_losing(possible: u64, threats: u64) -> u64 {
    let forced = possible & threats;
    let pool = if forced == 0 {
        possible
    } else if forced & (forced - 1) != 0 {
        return 0;
    } else {
        forced
    };
    pool & !(threats >> 1)
}

/// The score of a finished position, `None` while the game goes on.
pub(super) fn terminal_score(position: &Position) -> Option<i32> {
    if position.last_player_won() {
        // The winner moved last and has played ceil(moves / 2) tokens.
        let winner_tokens = position.moves_played().div_ceil(2) as i32;
        Some(-(22 - winner_tokens))
    } else if position.is_full() {
        Some(0)
    } else {
        None
    }
}

/// The column nearest the centre among the cells of `moves` (at least one).
fn first_in_centre_order(moves: u64) -> usize {
    CENTRE_ORDER
        .into_iter()
        .find(|&c| moves & column_mask(c) != 0)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(moves: &str) -> i32 {
        let p = Position::from_moves(moves).expect("legal line");
        Solver::with_table_bits(20).solve(&p)
    }

    #[test]
    fn a_tiny_table_still_solves_exactly() {
        let mut solver = Solver::with_table_bits(10);
        for (moves, expected) in [("4455", 18), ("7422341735647741166133573473242566", 1)] {
            let p = Position::from_moves(moves).expect("legal line");
            assert_eq!(solver.solve(&p), expected, "{moves}");
        }
    }

    #[test]
    fn readme_examples() {
        assert_eq!(score("4455"), 18);
        assert_eq!(score("2252576253462244111563365343671351441"), -1);
        assert_eq!(score("7422341735647741166133573473242566"), 1);
    }

    #[test]
    fn finished_positions_score_from_the_side_to_move() {
        // x wins with its 4th token.
        assert_eq!(score("1212121"), -18);
    }

    #[test]
    fn budget_and_cancel_abort_and_the_solver_recovers() {
        let p = Position::from_moves("4453").expect("legal");
        let mut solver = Solver::with_table_bits(18);
        let never = AtomicBool::new(false);
        assert_eq!(solver.solve_with(&p, &never, Some(100)), Err(Aborted));
        let raised = AtomicBool::new(true);
        assert_eq!(solver.solve_with(&p, &raised, None), Err(Aborted));
        let q = Position::from_moves("2252576253462244111563365343671351441").expect("legal");
        assert_eq!(solver.solve_with(&q, &never, None), Ok(-1));
    }

    #[test]
    fn best_move_takes_the_fastest_win() {
        // x to move with three in column 1 and an open column 4 threat: win now in column 1.
        let p = Position::from_moves("121212").expect("legal");
        let mut solver = Solver::with_table_bits(18);
        let never = AtomicBool::new(false);
        assert_eq!(solver.best_move(&p, &never, None), Ok(Some((0, 18))));
    }
}

#[cfg(test)]
#[path = "solver_tests.rs"]
mod shortcut_tests;
