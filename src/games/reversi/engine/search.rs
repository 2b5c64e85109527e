//! The searcher and its midgame search: a principal-variation (negascout) alpha-beta, iterated
//! one ply deeper at a time. The exact endgame solver ([`super::endgame`]) shares the searcher,
//! its table and its move list.
//!
//! Both stop as soon as the node budget is spent or the cancel flag is raised; a stopped
//! search reports `None` (or the best move of the last finished iteration) instead of a
//! half-computed value.

// `p` and `o` (player, opponent) with `f` (flips) are the field's usual names; longer ones
// would make the bit arithmetic harder to read.
#![allow(clippy::many_single_char_names)]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::board::{Bits, CORNERS, Square, final_score, flips, legal_moves, neighbours};
use super::move_list::MoveList;
pub use super::pass::Pass;
use super::pattern;
use super::table::{NO_MOVE, Table};
use super::workers::Workers;

/// A won or lost game outweighs any evaluation (which stays within ±6000).
pub const WIN: i32 = 10_000;
/// Beyond any score.
pub(super) const INFINITY: i32 = 30_000;
/// Thresholds of the endgame solver, exposed so the benchmark can compare settings.
#[derive(Clone, Copy, Debug)]
pub struct Tuning {
    /// At or below this many empties the solver stops sorting moves and using the table: the
    /// bookkeeping would cost more than it saves.
    pub shallow_to: u32,
    /// In the table-free search (at most `shallow_to` empties), moves are sorted fastest-first
    /// from this many empties on, tried in parity order below.
    pub sorted_from: u32,
    /// From this many empties on, moves are ordered by a shallow midgame search rather than
    /// by mobility alone.
    pub deep_order_from: u32,
    /// The depth of that ordering search (0: the evaluation of the position after the move).
    pub deep_order_depth: u32,
    /// The ordering search's score (hundredths of a disc) is divided by this before the
    /// fastest-first key (16 per opponent reply) is added to it.
    pub deep_order_divisor: i32,
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
    /// From this many empties on, [`Searcher::solve`] estimates the value with a midgame
    /// search first and searches a narrow window around it.
    pub estimate_from: u32,
    /// The depth of that estimate (at most the empties less 8).
    pub estimate_depth: u32,
    /// Half the width of the first window around the estimate, in discs.
    pub aspiration: u32,
    /// Above `shallow_to` empties, [`SQUARE_VALUE`] of the move's square times this, over 4,
    /// is added to the ordering key (16 per opponent reply): corners and edges before
    /// X-squares among moves of about the same mobility.
    pub square_weight: i32,
    /// Above `shallow_to` empties, each disc of the mover on a corner or next to a corner it
    /// holds after the move adds this to the ordering key.
    pub corner_weight: i32,
    /// From this many empties on, [`Searcher::solve`] runs a selective pass before the exact
    /// one: the same search keeping only the `beam_width` best-ordered moves at nodes with
    /// `beam_from` empties or more. Its value is a far better first window than the midgame
    /// estimate, and the best moves it leaves in the table order the exact pass.
    pub beam_gate: u32,
    /// Moves kept per node in the selective pass (0: no selective pass).
    pub beam_width: usize,
    /// The selective pass prunes only at nodes with at least this many empties.
    pub beam_from: u32,
    /// When only a wipeout can raise alpha (alpha ≥ 62), each disc the opponent keeps after
    /// the move costs this in the ordering key: the cut needs a move that takes every disc.
    pub wipeout_weight: i32,
    /// From this many empties on, a parallel solve ([`Searcher::with_threads`]) shares an
    /// endgame node's younger moves between threads once the first is searched.
    pub split_from: u32,
    /// Whether an endgame node searches the table's move before ordering the others: when it
    /// refutes the window alone, the ordering (evaluations, mobility counts) is never paid.
    pub table_first: bool,
    /// From this many empties at the root, [`Searcher::solve`] runs selective passes with
    /// probable cut-offs (`ProbCut`) instead of the beam: one per confidence of
    /// `probcut_passes`, then the exact pass (0: never). Measured on FFO 20–39
    /// (docs/BENCHMARKS.md): from 24 empties they halve the nodes of the hardest position,
    /// at 20–22 the beam does better.
    pub probcut_gate: u32,
    /// `ProbCut` is tried at nodes with at least this many empties.
    pub probcut_from: u32,
    /// The confidences of the selective passes, as the number of standard deviations (in
    /// hundredths) a shallow search must clear the window by; unused entries 0.
    pub probcut_passes: [u16; 4],
    /// The depth of the shallow search, in percent of the empties (rounded down to their
    /// parity, at least 2).
    pub probcut_depth_percent: u32,
    /// The error model: the standard deviation of (exact score − shallow search) in
    /// thousandths of a disc is `probcut_sigma[0] + probcut_sigma[1]·empties +
    /// probcut_sigma[2]·depth` (`examples/reversi_probcut.rs` fits it).
    pub probcut_sigma: [i32; 3],
}

impl Default for Tuning {
    fn default() -> Self {
        Self {
            shallow_to: 9,
            sorted_from: 7,
            // Measured on FFO 20–39 (docs/BENCHMARKS.md): a one-ply search with the
            // hand-written evaluation from 16 empties on saves more nodes than it costs.
            deep_order_from: 16,
            deep_order_depth: 1,
            deep_order_divisor: 16,
            parity_below: 14,
            parity_bonus: 8,
            etc_from: 10,
            root_order_depth: 0,
            estimate_from: 14,
            // Measured on FFO 20–39 (2026-11-29, trained weights): 6 plies 137 M nodes, 8 plies 141 M;
            // FFO 40–44 with two threads 192 M against 216 M.
            estimate_depth: 6,
            aspiration: 1,
            // Measured on FFO 20–39: 297 M nodes without, 277 M with it (1 to 4 within 1 %).
            square_weight: 2,
            // Measured on FFO 20–39: 277 M nodes without, 271 M with it (2 to 8 alike).
            corner_weight: 4,
            // Measured on FFO 20–39: 271 M nodes without, 220 M with a pass of the best 3
            // moves from 14 empties (2 or 4 moves: 234–277 M; from 12 to 15 alike). Since
            // the stability cut-off below the table, from 12: FFO 20–39 3 % and heldout22
            // 5 % fewer nodes than from 14 (docs/BENCHMARKS.md, "Eighth pass").
            beam_gate: 18,
            beam_width: 3,
            beam_from: 12,
            // Measured on FFO 20–39 with trained weights: #39 (a wipeout, +64) took 3.8 M
            // or 75 M nodes depending on the weights; with this 4–7 M (16 to 64 alike on
            // it, 64 slower elsewhere).
            wipeout_weight: 16,
            table_first: false,
            split_from: 14,
            probcut_gate: 24,
            probcut_from: 12,
            probcut_passes: [110, 150, 200, 260],
            probcut_depth_percent: 25,
            probcut_sigma: [4000, 250, -500],
        }
    }
}

impl Tuning {
    /// The depth of the `ProbCut` search at a node with `empties` empty squares.
    pub(super) fn probcut_depth(&self, empties: u32) -> u32 {
        let depth = (empties * self.probcut_depth_percent / 100).max(2);
        if (depth ^ empties) & 1 == 0 {
            depth
        } else {
            depth - 1
        }
    }

    /// The error model's standard deviation, in hundredths of a disc, of a `depth`-ply search
    /// at `empties` empty squares (at least a disc).
    pub(super) fn probcut_sigma(&self, empties: u32, depth: u32) -> i32 {
        let [a, b, c] = self.probcut_sigma;
        ((a + b * empties as i32 + c * depth as i32) / 10).max(100)
    }
}

/// The value of a finished game in midgame units: decided games dominate any evaluation, and
/// a bigger win is better.
#[inline]
fn terminal(p: u64, o: u64) -> i32 {
    let score = final_score(p, o);
    score * 100 + score.signum() * WIN
}
/// How the midgame search judges leaves.
pub type Evaluator = fn(u64, u64) -> i32;

/// A search in progress: its transposition table, node count, budget and cancel flag.
pub struct Searcher<'a> {
    pub(super) table: Arc<Table>,
    /// Nodes visited since the searcher was made.
    pub nodes: u64,
    limit: u64,
    /// When to look at the cancel flag next (every 1024 nodes: an atomic load is not free).
    next_check: u64,
    cancel: &'a AtomicBool,
    pub(super) aborted: bool,
    pub(super) eval: Evaluator,
    /// The pass of [`Searcher::solve`] running: the selective ones prune, and their table
    /// entries are kept apart from exact ones.
    pub(super) pass: Pass,
    /// The endgame solver's thresholds.
    pub tuning: Tuning,
    /// The cores a parallel solve may still put to work (`None`: this thread alone).
    pub(super) workers: Option<Arc<Workers>>,
    /// The stop flags of the shared nodes this searcher works under (`parallel.rs`): when a
    /// brother elsewhere refutes one of them, the work here is moot.
    pub(super) stops: Vec<Arc<AtomicBool>>,
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
    /// `cancel` is raised. It judges positions with the trained pattern evaluation
    /// ([`pattern::evaluate`]), which orders the exact solver's moves far better than the
    /// hand-written one (docs/BENCHMARKS.md) and falls back to it if the weights are refused.
    pub fn new(table_bits: u32, limit: u64, cancel: &'a AtomicBool) -> Self {
        Self {
            table: Arc::new(Table::new(table_bits)),
            nodes: 0,
            limit,
            next_check: 0,
            cancel,
            aborted: false,
            eval: pattern::evaluate,
            pass: Pass::Exact,
            tuning: Tuning::default(),
            workers: None,
            stops: Vec::new(),
        }
    }

    /// Lets the exact solver share its work with `threads - 1` more threads (young brothers
    /// wait: `parallel.rs`). Meant for searches without a node budget: each helper counts its
    /// nodes against what was left when it started.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.workers = (threads > 1).then(|| Arc::new(Workers::new(threads)));
        self
    }

    /// A searcher for a helper thread of a parallel solve: the same table, evaluation, pass
    /// and thresholds, its own node count (against what is left of the budget now).
    pub(super) fn helper(&self) -> Self {
        Self {
            table: Arc::clone(&self.table),
            nodes: 0,
            limit: self.limit.saturating_sub(self.nodes),
            next_check: 0,
            cancel: self.cancel,
            aborted: false,
            eval: self.eval,
            pass: self.pass,
            tuning: self.tuning,
            workers: self.workers.clone(),
            stops: Vec::new(),
        }
    }

    /// Whether the search must stop for a reason beyond the shared node just finished: the
    /// cancel flag, the budget, or a stop flag of a shared node further up.
    pub(super) fn must_stop(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
            || self.nodes >= self.limit
            || self.stops.iter().any(|s| s.load(Ordering::Relaxed))
    }

    /// Replaces the evaluation (the weaker levels use simpler ones; the training tools use the
    /// hand-written one so the data does not depend on the weights being trained).
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
    pub(super) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 1024;
            if self.cancel.load(Ordering::Relaxed)
                || self.stops.iter().any(|s| s.load(Ordering::Relaxed))
            {
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

    /// The value of (`p`, `o`) by a `depth`-ply midgame search (0: the evaluation), in
    /// hundredths of a disc, a finished game as its disc difference: what the solver's
    /// probable cut-offs rely on, for calibrating their error model.
    pub fn midgame_value(&mut self, p: u64, o: u64, depth: u32) -> i32 {
        let mut value = (self.eval)(p, o);
        for d in 1..=depth {
            value = self.pvs(p, o, d, -INFINITY, INFINITY);
        }
        if value.abs() >= WIN {
            value.signum() * (value.abs() - WIN)
        } else {
            value
        }
    }

    /// Negascout with a transposition table; fail-soft.
    pub(super) fn pvs(&mut self, p: u64, o: u64, depth: u32, mut alpha: i32, mut beta: i32) -> i32 {
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
            self.principal_variation(p, o, &list, alpha, beta, true, |s, np, no, a, b| {
                s.pvs(np, no, depth - 1, a, b)
            })
        else {
            return 0;
        };
        self.table
            .store(p, o, depth8, u8::MAX, a0, b0, best, best_sq);
        best
    }

    /// The principal-variation loop both searches share: the first (best-ordered) move with
    /// the full window, the rest with a null window and a re-search when one beats alpha.
    /// `child` scores a position from the side to move there, with the window given. Returns
    /// the best score and its move, or `None` when the search was aborted.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn principal_variation(
        &mut self,
        p: u64,
        o: u64,
        list: &MoveList,
        mut alpha: i32,
        beta: i32,
        wide_first: bool,
        mut child: impl FnMut(&mut Self, u64, u64, i32, i32) -> i32,
    ) -> Option<(i32, Option<Square>)> {
        let mut best = -INFINITY;
        let mut best_sq = None;
        for (i, &(sq, f, _)) in list.iter().enumerate() {
            let (np, no) = (o & !f, p | f | (1 << sq));
            let score = if i == 0 && wide_first {
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
}

/// A static value of each square for move ordering (corners 18, X-squares 2 and 4, the centre
/// 0): the classic table Edax's endgame ordering also uses.
pub(super) static SQUARE_VALUE: [i32; 64] = [
    18, 4, 16, 12, 12, 16, 4, 18, 4, 2, 6, 8, 8, 6, 2, 4, 16, 6, 14, 10, 10, 14, 6, 16, 12, 8, 10,
    0, 0, 10, 8, 12, 12, 8, 10, 0, 0, 10, 8, 12, 16, 6, 14, 10, 10, 14, 6, 16, 4, 2, 6, 8, 8, 6, 2,
    4, 18, 4, 16, 12, 12, 16, 4, 18,
];

/// Fastest-first key: fewer opponent moves (corners twice) and fewer empty squares next to
/// our discs (the opponent's potential moves) is better.
#[inline]
pub(super) fn mobility_key(np: u64, no: u64) -> i32 {
    let replies = legal_moves(np, no);
    let potential = (neighbours(no) & !(np | no)).count_ones() as i32;
    -(16 * (replies.count_ones() + (replies & CORNERS).count_ones()) as i32) - potential
}

#[cfg(test)]
mod tests {
    use super::super::board::Position;
    use super::*;

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
}
