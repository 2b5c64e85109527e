//! The computer's four levels, from a Beginner that looks two plies ahead and often picks a
//! worse move at random, to a Master that searches as deep as its node budget allows.

use std::sync::atomic::AtomicBool;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::board::{EngineMove, Position};
use super::eval::evaluate;
use super::master_eval::evaluate_full;
use super::search::{Evaluation, Found, Searcher};

pub use crate::core::strength::Strength;

/// What a level does.
struct Settings {
    depth: u32,
    nodes: u64,
    /// Each root move's score gets a random amount in `-noise..=noise` (hundredths of a pawn).
    noise: i32,
    /// How quiet positions are judged.
    evaluation: Evaluation,
}

/// The node budget a move gets at `level` when the caller sets none.
#[must_use]
pub fn default_nodes(level: Strength) -> u64 {
    settings(level).nodes
}

/// What each level does in Checkers: Beginner searches two plies with plenty of noise (leaves
/// pieces hanging); Casual four plies with a little noise; Strong ten plies, no noise; all
/// three judge positions with the plain evaluation. Master searches as deep as its budget
/// allows (about a second a move), with late move reductions, hanging moves ordered last and
/// the full evaluation (hand-made features that know how to win endings, and trained pattern
/// tables); with up to five pieces it plays from the endgame database instead (perfect under
/// the draw rule), and its search takes every position of five pieces or fewer from it.
fn settings(level: Strength) -> Settings {
    Settings {
        depth: level.pick([2, 4, 10, MAX_DEPTH]),
        nodes: level.pick([20_000, 100_000, 400_000, 2_000_000]),
        noise: level.pick([90, 20, 0, 0]),
        evaluation: level.pick([evaluate, evaluate, evaluate, evaluate_full]),
    }
}

/// The deepest iteration any level or analysis asks for.
pub const MAX_DEPTH: u32 = 64;

/// Master's searcher with a `nodes` budget, for analysis.
pub fn master_searcher(nodes: u64, forced_capture: bool, cancel: &AtomicBool) -> Searcher<'_> {
    Searcher::new(table_bits(nodes), nodes, forced_capture, cancel)
        .with_evaluation(settings(Strength::Master).evaluation)
        .with_reductions()
        .with_hanging_last()
        .with_endgame()
}

/// Master's move from the endgame database when it covers `pos` (compulsory capture only):
/// perfect play under the draw rule (`endgame::play`), with a score in the search's terms.
pub fn database_move(pos: &Position, forced_capture: bool) -> Option<Found> {
    use crate::games::checkers::endgame::{play, solve::Wdl};
    if !forced_capture {
        return None;
    }
    let (best, verdict) = play::best_move(play::shipped()?, pos)?;
    let score = match verdict.wdl {
        Wdl::Win => super::search::DATABASE_WIN,
        Wdl::Draw => 0,
        Wdl::Loss => -super::search::DATABASE_WIN,
    };
    Some(Found {
        best,
        score,
        depth: 0,
    })
}

/// A table size fitting the budget: about one entry per node, between 4 Ki and 1 Mi entries.
fn table_bits(nodes: u64) -> u32 {
    (64 - nodes.leading_zeros()).clamp(12, 20)
}

/// The computer's move in `pos` at `level`, or `None` when the side to move has none.
///
/// `seed` drives the weaker levels' noise, so a game replays identically from the same
/// seeds. `node_budget` replaces the level's own node limit (tests and tournaments use it
/// instead of a clock). When `cancel` is raised the search stops within about a thousand
/// nodes and the best move known so far is returned.
pub fn choose(
    pos: &Position,
    forced_capture: bool,
    level: Strength,
    seed: u64,
    cancel: &AtomicBool,
    node_budget: Option<u64>,
) -> Option<EngineMove> {
    search(pos, forced_capture, level, seed, cancel, node_budget).map(|f| f.best)
}

/// [`choose`] with the search's score and depth, for tests and benchmarks.
pub fn search(
    pos: &Position,
    forced_capture: bool,
    level: Strength,
    seed: u64,
    cancel: &AtomicBool,
    node_budget: Option<u64>,
) -> Option<Found> {
    if level == Strength::Master
        && let Some(found) = database_move(pos, forced_capture)
    {
        return Some(found);
    }
    let settings = settings(level);
    let budget = node_budget.unwrap_or(settings.nodes).max(1);
    let mut rng = SmallRng::seed_from_u64(
        seed ^ u64::from(pos.black).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ u64::from(pos.white).rotate_left(32),
    );
    let noise = settings.noise;
    let mut draw = move || {
        if noise > 0 {
            rng.random_range(-noise..=noise)
        } else {
            0
        }
    };
    let mut searcher = Searcher::new(table_bits(budget), budget, forced_capture, cancel)
        .with_evaluation(settings.evaluation);
    if level == Strength::Master {
        searcher = searcher
            .with_reductions()
            .with_hanging_last()
            .with_endgame();
    }
    searcher.iterate(pos, settings.depth, &mut draw)
}

/// `count` different openings, four seeded random plies from the start each (no two alike):
/// where level matches begin, so the test suite's tournaments and the arcade-budget run
/// (`examples/checkers_tournament.rs`) play the very same games.
#[must_use]
pub fn tournament_openings(count: usize, forced_capture: bool) -> Vec<Position> {
    random_openings(count, 4, 2026, forced_capture)
}

/// Up to `count` different openings of `plies` random plies each, drawn with `seed` (no two
/// alike; a line that runs out of moves stops early; fewer when the pool runs dry). Longer
/// openings give a larger pool than the four-ply ones (805 positions), for the long
/// tournaments that a small change to Master needs before its effect shows above the noise.
#[must_use]
pub fn random_openings(count: usize, plies: u32, seed: u64, forced_capture: bool) -> Vec<Position> {
    let mut out: Vec<Position> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut moves = Vec::new();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut draws = 0;
    while out.len() < count && draws < count.saturating_mul(100) {
        draws += 1;
        let mut pos = Position::start();
        for _ in 0..plies {
            pos.generate(forced_capture, &mut moves);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(&moves[rng.random_range(0..moves.len())]);
        }
        if seen.insert(pos) {
            out.push(pos);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_openings_are_distinct_and_as_long_as_asked() {
        // Each ply is a whole turn, so the side to move tells an odd count from an even one.
        for (plies, black_to_move) in [(5, false), (6, true)] {
            let openings = random_openings(200, plies, 77, true);
            assert_eq!(openings.len(), 200);
            for (i, a) in openings.iter().enumerate() {
                assert_eq!(a.black_to_move, black_to_move, "{plies} plies, opening {i}");
                assert!(openings[..i].iter().all(|b| b != a), "opening {i} repeats");
            }
        }
    }

    #[test]
    fn random_openings_stop_when_the_pool_runs_dry() {
        // No plies: the start is the only opening there is.
        assert_eq!(random_openings(10, 0, 1, true), vec![Position::start()]);
    }
}
