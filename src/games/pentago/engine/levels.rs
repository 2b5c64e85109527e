//! The computer's four levels, from a Beginner that misses wins and threats to a Master that
//! plays exactly as soon as the exact solver ([`super::exact`]) finishes within its move's
//! budget (tried from [`SOLVER_EMPTIES`] empty squares, 16 stones), and otherwise searches as
//! deep as its budget allows.
//!
//! Every level but the Beginner takes a win in one and, when it can, avoids every move that
//! leaves the opponent a win in one, before any search; the search then only ranks the moves
//! that remain.

use std::sync::atomic::AtomicBool;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::board::{After, Child, EngineMove, Position};
use super::exact::Solver;
use super::search::{Searcher, WIN, evaluate};
use super::solve::table_mb_for;

pub use crate::core::strength::Strength;

/// From this many empty squares (16 stones) Master first tries the exact solver within its
/// move's node budget. Measured (docs/BENCHMARKS.md): it finishes within Master's budget on
/// most reference positions from 18 stones and on the decided ones of 16–17; trying costs at
/// most the budget again when it does not.
pub const SOLVER_EMPTIES: u32 = 20;

/// The exact solver's table for one of Master's moves: the budget's nodes fill only a few
/// megabytes, and a fresh table costs its pages as they are touched.
const SOLVER_TABLE_MB: usize = 16;

/// What a level does.
struct Settings {
    /// Whole moves searched below each candidate (0: the candidate's static value).
    depth: u32,
    /// The node budget of the search.
    nodes: u64,
    /// Random noise added to each candidate's score, ± this much.
    noise: i32,
    /// The chance (in percent) of taking a win in one when there is one.
    takes_wins: u32,
    /// Whether moves that leave the opponent a win in one are set aside.
    guards: bool,
    /// Whether to try the exact solver from [`SOLVER_EMPTIES`] empty squares.
    exact: bool,
}

/// What each level does in Pentago: Beginner looks at its own move only, with plenty of noise
/// (often misses a win in one and ignores the opponent's threats); Casual sees wins in one on
/// both sides, then ranks moves one ply deep, a little erratic; Strong searches two moves deep;
/// Master plays exactly when the exact solver finishes within its node budget, and otherwise
/// deepens as far as the budget allows.
fn settings(level: Strength) -> Settings {
    Settings {
        depth: level.pick([0, 1, 2, 8]),
        // Master's: about a second a move on one core of the shared machine.
        nodes: level.pick([10_000, 50_000, 200_000, 400_000]),
        noise: level.pick([250, 8, 0, 0]),
        takes_wins: level.pick([50, 100, 100, 100]),
        guards: level.pick([false, true, true, true]),
        exact: level.pick([false, false, false, true]),
    }
}

/// The moves worth searching: every child but the immediate losses, and with `guards` only
/// those after which the opponent has no win in one (when any such move exists).
fn candidates(kids: &[Child], guards: bool) -> Vec<Child> {
    let not_lost: Vec<Child> = kids
        .iter()
        .copied()
        .filter(|c| c.after != After::Loss)
        .collect();
    if not_lost.is_empty() {
        return kids.to_vec();
    }
    if !guards {
        return not_lost;
    }
    let safe: Vec<Child> = not_lost
        .iter()
        .copied()
        .filter(|c| match c.after {
            After::Open(next) => !next.can_win_now(),
            _ => true,
        })
        .collect();
    if safe.is_empty() { not_lost } else { safe }
}

/// The computer's move in `pos` at `level`, or `None` when the game is over (no empty
/// square).
///
/// `seed` drives the weaker levels' noise, so a game replays identically from the same seeds.
/// `node_budget` replaces the level's own node limit (tests and tournaments use it instead
/// of a clock). When `cancel` is raised the search stops within about a thousand nodes and
/// the best move known so far is returned; the caller that cancelled will usually ignore it.
#[must_use]
pub fn choose(
    pos: Position,
    level: Strength,
    seed: u64,
    cancel: &AtomicBool,
    node_budget: Option<u64>,
) -> Option<EngineMove> {
    let kids = pos.children();
    let first = kids.first()?.mv;
    let settings = settings(level);
    let mut rng = SmallRng::seed_from_u64(
        seed ^ pos.me.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ pos.you.rotate_left(29),
    );
    if kids[0].after == After::Win && rng.random_range(0..100) < settings.takes_wins {
        return Some(first);
    }
    let moves = candidates(&kids, settings.guards);
    if moves.len() == 1 {
        return Some(moves[0].mv);
    }
    let budget = node_budget.unwrap_or(settings.nodes).max(1);
    let empties = pos.empty().count_ones();
    if settings.exact && empties <= SOLVER_EMPTIES {
        // A won or tied position is played exactly; a lost one, or one the solver cannot
        // finish within the budget, falls through to the search, which puts up the longest
        // resistance it can see among the guarded moves.
        // Two thirds of the budget: the solver's node (which solves a position of two empty
        // squares whole) costs about one and a half of the search's, so the attempt takes
        // about the time the search would, and a move at most about twice that.
        let solver_budget = (budget / 3 * 2).max(1);
        let mut solver = Solver::new(
            table_mb_for(empties).min(SOLVER_TABLE_MB),
            solver_budget,
            cancel,
        );
        if let Some((value, Some(best))) = solver.solve(pos)
            && value >= 0
        {
            return Some(best);
        }
    }
    let mut searcher = Searcher::new(table_bits(budget), budget, cancel);
    let noise = settings.noise;
    let mut noisy: Vec<(Child, i32)> = moves
        .iter()
        .map(|&c| {
            let jitter = if noise > 0 {
                rng.random_range(-noise..=noise)
            } else {
                0
            };
            (c, jitter)
        })
        .collect();
    let mut best = noisy[0].0.mv;
    for depth in 0..=settings.depth {
        let Some((mv, ranked)) = rank(&mut searcher, &noisy, depth, noise == 0) else {
            break;
        };
        best = mv;
        // The next iteration tries the best moves first, for more cut-offs.
        noisy = ranked;
    }
    Some(best).or(Some(first))
}

/// One iteration at the root: every candidate searched `depth` moves below it; the best
/// (with its noise) and the candidates re-ordered best first. `None` when the budget ran out
/// or the search was cancelled before the iteration finished.
///
/// Without noise the root uses alpha-beta (only the best move's score is exact); with noise
/// every candidate gets its exact score so the noise compares like with like.
fn rank(
    searcher: &mut Searcher<'_>,
    moves: &[(Child, i32)],
    depth: u32,
    prune: bool,
) -> Option<(EngineMove, Vec<(Child, i32)>)> {
    let mut scored: Vec<(i32, usize)> = Vec::with_capacity(moves.len());
    let mut alpha = -WIN - 1;
    for (i, &(child, jitter)) in moves.iter().enumerate() {
        let score = match child.after {
            After::Win => WIN,
            After::Tie => 0,
            After::Loss => -WIN,
            After::Open(next) if depth == 0 => {
                if next.can_win_now() {
                    -WIN
                } else {
                    -evaluate(next)
                }
            }
            After::Open(next) => {
                let beta = if prune { -alpha } else { WIN + 1 };
                -searcher.score(next, depth - 1, -WIN - 1, beta)
            }
        };
        if searcher.aborted() {
            return None;
        }
        let total = score.saturating_add(jitter);
        alpha = alpha.max(score);
        scored.push((total, i));
    }
    // Best first; ties keep the earlier (generation or previous-iteration) order.
    scored.sort_by_key(|&(score, i)| (std::cmp::Reverse(score), i));
    let best = moves[scored.first()?.1].0.mv;
    Some((best, scored.iter().map(|&(_, i)| moves[i]).collect()))
}

/// A table size fitting the budget: about one entry per two nodes, between 4 Ki and 1 Mi
/// entries.
fn table_bits(nodes: u64) -> u32 {
    (64 - nodes.leading_zeros()).saturating_sub(1).clamp(12, 20)
}

/// The hint shown to a person: Master's choice.
#[must_use]
pub fn hint(pos: Position, cancel: &AtomicBool) -> Option<EngineMove> {
    choose(pos, Strength::Master, 0, cancel, None)
}
