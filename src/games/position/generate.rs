//! Finding position puzzles in real games: the game's engine plays itself with randomness
//! (each side at the Beginner or Casual level, by the seed), and every position of the game
//! that [`Adapter::candidate`] accepts is solved; one with a single clearly best move
//! ([`Adapter::classify`]) is a puzzle, graded by its depth. Deterministic for a seed: the
//! engines' noise comes from the seed, and the solvers have no clock.
//!
//! The shipped pack is made by `examples/puzzle_pack.rs`; `parlor connect4-puzzles --depth N`
//! finds one on demand.

use std::sync::atomic::{AtomicBool, Ordering};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::adapter::{Adapter, BoardOf};
use super::goal::Goal;
use super::id::id_of;
use crate::core::strength::Strength;
use crate::core::{EngineAsk, Game, PuzzleId, Rules};

/// The most plies a self-play game is played to before it is given up.
const MAX_PLIES: usize = 200;

/// A puzzle found in a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// Its ID.
    pub id: PuzzleId,
    /// What it asks.
    pub goal: Goal,
    /// How deep it is (see [`Adapter::DEPTHS`]).
    pub depth: u32,
}

/// The positions of one self-play game from the start, the game's end excluded.
pub fn self_play<A: Adapter>(seed: u64, cancel: &AtomicBool) -> Vec<BoardOf<A>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let levels = [Strength::Beginner, Strength::Casual];
    let sides = [
        levels[rng.random_range(0..2)],
        levels[rng.random_range(0..2)],
    ];
    let params = A::game_params();
    let Ok(mut board) = A::Game::start(&params) else {
        return Vec::new();
    };
    let mut line = Vec::new();
    while board.outcome().is_none() && line.len() < MAX_PLIES && !cancel.load(Ordering::Relaxed) {
        line.push(board.clone());
        let level = board
            .to_move()
            .map_or(Strength::Casual, |seat| sides[seat.index()]);
        let ask = EngineAsk {
            level,
            seed: rng.random(),
            cancel,
        };
        let Some(mv) = A::Game::engine_move(&board, &params, ask) else {
            break;
        };
        if board.play(&mv).is_err() {
            break;
        }
    }
    line
}

/// Every puzzle in the self-play game of `seed` (at most one per position), with `wanted`
/// saying which depths to keep.
pub fn puzzles_in_game<A: Adapter>(
    seed: u64,
    wanted: &dyn Fn(u32) -> bool,
    cancel: &AtomicBool,
) -> Vec<Found> {
    let mut found = Vec::new();
    for board in self_play::<A>(seed, cancel) {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        if !A::candidate(&board) || !A::promising(&board, cancel) {
            continue;
        }
        let Some(values) = A::values(&board, *A::DEPTHS.end(), cancel) else {
            continue;
        };
        if let Some((goal, depth)) = A::classify(&board, &values)
            && wanted(depth)
        {
            found.push(Found {
                id: id_of::<A>(goal, &board),
                goal,
                depth,
            });
        }
    }
    found
}

/// A puzzle of `depth` (any depth when `None`) from the self-play games of `seed`, `seed + 1`,
/// …, trying at most `games` games. `None` when none was found or `cancel` was raised.
pub fn find<A: Adapter>(
    seed: u64,
    depth: Option<u32>,
    games: u64,
    cancel: &AtomicBool,
) -> Option<Found> {
    let wanted = |d: u32| depth.is_none_or(|want| want == d);
    (0..games)
        .map_while(|i| (!cancel.load(Ordering::Relaxed)).then(|| seed.wrapping_add(i)))
        .find_map(|game| {
            puzzles_in_game::<A>(game, &wanted, cancel)
                .into_iter()
                .next()
        })
}
