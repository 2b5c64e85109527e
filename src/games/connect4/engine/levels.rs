//! The computer opponents: four levels from a beginner who blunders to a perfect player.
//!
//! The three lower levels run a shallow alpha-beta search with a threat-counting evaluation
//! and add seeded noise to the root scores (Beginner also plays a random move now and then),
//! so they are beatable and vary from game to game yet replay exactly from a seed. Master
//! plays the exact best move (fastest win, slowest loss) from the opening book's scores where
//! the book holds the position's children (see [`super::book`]), and otherwise asks the
//! perfect solver: exactly when the answer fits its budget, else a move that keeps the game's
//! value from the win/draw/loss solver.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::book::Book;
use super::position::{CELLS, CENTRE_ORDER, HEIGHT, Position, WIDTH, column_mask, winning_cells};
use super::solver::{Aborted, Solver};

pub use crate::core::strength::{Strength, StrengthError};

/// How a heuristic level searches.
struct Style {
    depth: u32,
    /// Root scores get a uniform offset in `-noise..=noise` (evaluation units).
    noise: i32,
    /// Chance of a uniformly random move instead of the searched one.
    blunder: f64,
    /// With this many empty cells or fewer, try the exact solver first.
    exact_below: u32,
}

const fn style(level: Strength) -> Style {
    match level {
        Strength::Beginner => Style {
            depth: 1,
            noise: 24,
            blunder: 0.25,
            exact_below: 0,
        },
        Strength::Casual => Style {
            depth: 3,
            noise: 6,
            blunder: 0.0,
            exact_below: 0,
        },
        Strength::Strong | Strength::Master => Style {
            depth: 9,
            noise: 1,
            blunder: 0.0,
            exact_below: 16,
        },
    }
}

/// Nodes the lower levels' exact endgame solve may spend when no budget is given.
const STRONG_EXACT_NODES: u64 = 2_000_000;

/// The column (0-based) the computer plays at `level`, or `None` when the game is over or the
/// search was cancelled.
///
/// `seed` makes the lower levels' noise reproducible (pass a fresh one per move for variety).
/// `cancel` is read every thousand positions or so; raise it to stop at once. `node_budget`
/// caps the positions searched so tests and tournaments are deterministic and quick: a level
/// that runs out plays the best move found so far (Master, see [`master_move`], tries the
/// exact solver, then the win/draw/loss solver, then Strong's search). With `None`, Master
/// searches until it has the exact answer, which outside the opening book can take minutes
/// early in a game: interactive callers pass [`INTERACTIVE_BUDGET`] or raise `cancel`.
pub fn choose_move(
    position: &Position,
    level: Strength,
    seed: u64,
    cancel: &AtomicBool,
    node_budget: Option<u64>,
) -> Option<usize> {
    if position.is_over() || cancel.load(Ordering::Relaxed) {
        return None;
    }
    let choice = if level == Strength::Master {
        master_move(position, Book::embedded(), cancel, node_budget)
    } else {
        heuristic_move(position, &style(level), seed, cancel, node_budget)
    };
    if cancel.load(Ordering::Relaxed) {
        None
    } else {
        choice
    }
}

/// A node budget for Master in interactive play: about two seconds of search on one core at
/// most, well under one from nine tokens on.
///
/// Beyond the opening book the exact solver gets two thirds of it (20 million positions): on
/// the 226 positions with nine to thirteen tokens of Pascal Pons's Begin-Hard set the
/// costliest exact solve took under 16 million (a draw; docs/BENCHMARKS.md, 2026-11-28). If
/// that runs out, the win/draw/loss solver gets the rest
/// (a value-keeping move; for a drawn position that is the exact answer too), and only then
/// Strong's search picks the move.
pub const INTERACTIVE_BUDGET: u64 = 30_000_000;

/// The move the strongest level would play, within [`INTERACTIVE_BUDGET`]: what the hint key
/// marks. `None` when the game is over.
pub fn hint(position: &Position) -> Option<usize> {
    choose_move(
        position,
        Strength::Master,
        0,
        &AtomicBool::new(false),
        Some(INTERACTIVE_BUDGET),
    )
}

/// Solvers kept between moves: the transposition table a search fills helps the next one.
static SOLVERS: Mutex<Vec<Solver>> = Mutex::new(Vec::new());
/// Table size of Master's solvers (2^18 slots, 2 MB each): bigger tables save a few
/// positions on the searches Master makes and lose much more to cache misses (2^21 took 1.6
/// times as long on Begin-Hard positions of nine tokens or more, 2^22 twice as long on
/// ply-8 ones; docs/BENCHMARKS.md, 2026-11-28).
const POOLED_TABLE_BITS: u32 = 18;

/// A table about as big as the nodes a budget allows (more slots would never fill), at most
/// [`POOLED_TABLE_BITS`].
fn table_bits_for(budget: u64) -> u32 {
    (64 - budget.leading_zeros()).clamp(16, POOLED_TABLE_BITS)
}

/// Solvers kept at most (one per concurrent search is plenty).
const POOL_LIMIT: usize = 2;

/// Master's move with a given opening book (`None`: search alone, what Master does when the
/// shipped book is refused): what [`choose_move`] does at [`Strength::Master`].
///
/// In a position whose children the book holds, the exact best move from their scores, at
/// once. Otherwise the exact solver (with the book where its search passes through it), given
/// two thirds of the budget; if that runs out, the win/draw/loss solver with the rest (a move
/// that keeps the game's value, maybe not the fastest win); if that runs out too, Strong's
/// search. Without a budget, the exact solver until it has the answer. `None` when the game
/// is over or `cancel` was raised.
pub fn master_move(
    position: &Position,
    book: Option<Arc<Book>>,
    cancel: &AtomicBool,
    budget: Option<u64>,
) -> Option<usize> {
    if position.is_over() {
        return None;
    }
    if let Some((column, _)) = book.as_deref().and_then(|b| b.best_move(position)) {
        return Some(column);
    }
    // A budgeted search uses a fresh table sized to the budget, so its node count (and so its
    // answer) does not depend on earlier searches.
    let mut solver = match budget {
        Some(b) => Solver::with_table_bits(table_bits_for(b)),
        None => SOLVERS
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop()
            .unwrap_or_else(|| Solver::with_table_bits(POOLED_TABLE_BITS)),
    };
    solver.set_book(book);
    let result = match budget {
        None => solver.best_move(position, cancel, None),
        Some(b) => {
            let exact_share = b / 3 * 2;
            let start = solver.node_count();
            match solver.best_move(position, cancel, Some(exact_share)) {
                Err(Aborted) if !cancel.load(Ordering::Relaxed) => {
                    let spent = solver.node_count() - start;
                    solver.weak_best_move(position, cancel, Some(b.saturating_sub(spent)))
                }
                other => other,
            }
        }
    };
    if budget.is_none() {
        let mut pool = SOLVERS.lock().unwrap_or_else(PoisonError::into_inner);
        if pool.len() < POOL_LIMIT {
            pool.push(solver);
        }
    }
    match result {
        Ok(best) => best.map(|(col, _)| col),
        Err(Aborted) if cancel.load(Ordering::Relaxed) => None,
        Err(Aborted) => {
            // Strong's search without noise, deepened for as long as the budget lasts.
            let fallback = Style {
                depth: CELLS,
                noise: 0,
                blunder: 0.0,
                exact_below: 0,
            };
            let nodes = budget.map(|b| b.min(FALLBACK_NODES));
            heuristic_move(position, &fallback, 0, cancel, nodes)
        }
    }
}

/// Nodes Master's fallback search may spend at most: deeper heuristic search gains little
/// and a person is waiting.
const FALLBACK_NODES: u64 = 5_000_000;

/// A score beyond any evaluation: a forced win found by the search.
const WIN: i32 = 100_000;

fn heuristic_move(
    position: &Position,
    style: &Style,
    seed: u64,
    cancel: &AtomicBool,
    budget: Option<u64>,
) -> Option<usize> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let legal = position.legal_columns();
    if legal.is_empty() {
        return None;
    }
    if style.blunder > 0.0 && rng.random_bool(style.blunder) {
        return Some(legal[rng.random_range(0..legal.len())]);
    }
    let noise: [i32; WIDTH] = std::array::from_fn(|_| rng.random_range(-style.noise..=style.noise));
    let empty = CELLS - position.moves_played();
    if empty <= style.exact_below {
        let mut solver = Solver::with_table_bits(POOLED_TABLE_BITS);
        let nodes = budget.map_or(STRONG_EXACT_NODES, |b| b.min(STRONG_EXACT_NODES));
        if let Ok(Some((col, _))) = solver.best_move(position, cancel, Some(nodes)) {
            return Some(col);
        }
    }

    let mut search = Heuristic {
        nodes: 0,
        limit: budget.unwrap_or(u64::MAX),
        aborted: false,
        cancel,
    };
    let mut best = None;
    for depth in 1..=style.depth {
        let mut round: Option<(usize, i32)> = None;
        for col in CENTRE_ORDER {
            if !position.can_play(col) {
                continue;
            }
            let score = if position.is_winning_move(col) {
                WIN + empty as i32
            } else {
                let mut child = *position;
                child.play(col);
                -search.negamax(&child, depth - 1, -WIN * 2, WIN * 2)
            };
            if search.aborted {
                break;
            }
            // Noise blurs judgement, not forced results.
            let noisy = if score.abs() < WIN / 2 {
                score + noise[col]
            } else {
                score
            };
            if round.is_none_or(|(_, s)| noisy > s) {
                round = Some((col, noisy));
            }
        }
        if search.aborted {
            break;
        }
        best = round.map(|(col, _)| col);
        if round.is_some_and(|(_, s)| s.abs() >= WIN / 2) {
            break; // a forced result does not need a deeper look
        }
    }
    // Even a search stopped at once must move: take the centre-most column.
    best.or_else(|| legal.iter().copied().min_by_key(|c| c.abs_diff(WIDTH / 2)))
}

/// A depth-limited alpha-beta search with a static evaluation at the horizon.
struct Heuristic<'a> {
    nodes: u64,
    limit: u64,
    aborted: bool,
    cancel: &'a AtomicBool,
}

impl Heuristic<'_> {
    fn negamax(&mut self, position: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.limit
            || (self.nodes.trailing_zeros() >= 10 && self.cancel.load(Ordering::Relaxed))
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if position.is_full() {
            return 0;
        }
        let empty = (CELLS - position.moves_played()) as i32;
        if position.can_win_next() {
            return WIN + empty;
        }
        let next = position.possible_non_losing_moves();
        if next == 0 {
            return -(WIN + empty - 1);
        }
        if depth == 0 {
            return evaluate(position);
        }
        let mut order: [(u64, u32); WIDTH] = [(0, 0); WIDTH];
        let mut len = 0;
        for col in CENTRE_ORDER {
            let mv = next & column_mask(col);
            if mv != 0 {
                order[len] = (mv, position.move_score(mv));
                len += 1;
            }
        }
        // Stable: equal threat counts keep the centre-first order.
        order[..len].sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        for &(mv, _) in &order[..len] {
            let mut child = *position;
            child.play_mask(mv);
            let score = -self.negamax(&child, depth - 1, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        alpha
    }
}

/// Cells on odd rows (1st, 3rd, 5th from the bottom): threats there favour the first player
/// in the endgame (zugzwang), threats on even rows the second.
const ODD_ROWS: u64 = {
    let mut m = 0;
    let mut col = 0;
    while col < WIDTH {
        let mut row = 0;
        while row < HEIGHT {
            m |= 1 << (col * (HEIGHT + 1) + row);
            row += 2;
        }
        col += 1;
    }
    m
};

/// A static judgement for the side to move: open threats count most (more on the rows that
/// suit the player), then tokens in the central columns, which take part in the most lines.
fn evaluate(position: &Position) -> i32 {
    let mine = position.current_bits();
    let mask = position.mask_bits();
    let theirs = mine ^ mask;
    let my_threats = winning_cells(mine, mask);
    let their_threats = winning_cells(theirs, mask);
    let (my_rows, their_rows) = if position.moves_played().is_multiple_of(2) {
        (ODD_ROWS, !ODD_ROWS)
    } else {
        (!ODD_ROWS, ODD_ROWS)
    };
    let threat_value = |threats: u64, good_rows: u64| {
        4 * threats.count_ones() as i32 + 4 * (threats & good_rows).count_ones() as i32
    };
    let centre = |bits: u64| {
        3 * (bits & column_mask(3)).count_ones() as i32
            + (bits & (column_mask(2) | column_mask(4))).count_ones() as i32
    };
    threat_value(my_threats, my_rows) - threat_value(their_threats, their_rows) + centre(mine)
        - centre(theirs)
}
