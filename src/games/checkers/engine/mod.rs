//! The Checkers engine: bitboard move generation and perft (the one generator the rules use
//! too), an alpha-beta search with a transposition table and quiescence, the evaluations
//! (hand-made, and Master's trained pattern correction), and the computer's levels.
//!
//! It works on its own [`Position`] (three `u32`s and the turn) so that the search can copy
//! positions instead of undoing moves; [`Checkers::position`] builds one from the rules' state
//! and [`Move::from_engine`] turns an engine move back into the rules' [`Move`], so
//! whatever the engine plays is checked by the rules like any other move.
//!
//! Entry points: [`engine_move`] for a computer seat or a hint, [`analyse`] for `parlor solve
//! checkers` (best move, score and principal variation within a depth or node limit), and
//! [`board::perft`] for `parlor perft checkers N`. Run searches off the event-loop thread and
//! raise the `AtomicBool` to cancel.

pub mod board;
pub mod eval;
pub mod levels;
pub mod master_eval;
pub mod pattern;
pub mod search;

use std::sync::atomic::AtomicBool;

use super::rules::{Checkers, Move};
use crate::core::Rules;
pub use board::{EngineMove, Position, perft};
pub use levels::{Strength, choose};
pub use search::{WIN, win_in};

/// The computer's move at `level` (1–4) in a rules state, or `None` when the game is over or
/// the level does not exist. Deterministic for a seed; `node_budget` overrides the level's.
pub fn engine_move(
    game: &Checkers,
    level: u8,
    seed: u64,
    cancel: &AtomicBool,
    node_budget: Option<u64>,
) -> Option<Move> {
    if game.outcome().is_some() {
        return None;
    }
    let level = Strength::from_number(level)?;
    choose(
        &game.position(),
        game.forced_capture(),
        level,
        seed,
        cancel,
        node_budget,
    )
    .map(|m| Move::from_engine(&m))
}

/// How far [`analyse`] searches: a fixed depth in plies (then as many nodes as that takes), or
/// a node budget (then as deep as it reaches). Never a clock, so an analysis repeats exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Iterate up to this many plies (captures are always played out beyond it).
    Depth(u32),
    /// Stop after about this many nodes, keeping the deepest completed iteration's answer.
    Nodes(u64),
}

/// What [`analyse`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The best move found.
    pub best: Move,
    /// Its value for the side to move in hundredths of a pawn; beyond ±([`WIN`] − 1000) a
    /// forced win or loss ([`win_in`] gives the number of plies).
    pub score: i32,
    /// The deepest iteration completed (0 when the move was the only one).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected line, starting with [`Analysis::best`], as far as the search's table
    /// remembers it.
    pub principal_variation: Vec<Move>,
}

/// Master's search on a rules state within `limit`, for `parlor solve checkers`: the best move,
/// its score and the principal variation. `None` when the game is over. Deterministic (no
/// noise, no clock); raising `cancel` stops it with the best answer so far.
pub fn analyse(game: &Checkers, limit: Limit, cancel: &AtomicBool) -> Option<Analysis> {
    if game.outcome().is_some() {
        return None;
    }
    let (depth, nodes) = match limit {
        Limit::Depth(d) => (d.max(1), u64::MAX),
        Limit::Nodes(n) => (levels::MAX_DEPTH, n.max(1)),
    };
    let pos = game.position();
    let mut searcher = levels::master_searcher(nodes, game.forced_capture(), cancel);
    let found = searcher.iterate(&pos, depth, &mut || 0)?;
    let principal_variation = searcher
        .principal_variation(&pos, found.best)
        .iter()
        .map(Move::from_engine)
        .collect();
    Some(Analysis {
        best: Move::from_engine(&found.best),
        score: found.score,
        depth: found.depth,
        nodes: searcher.nodes,
        principal_variation,
    })
}

/// `parlor perft checkers N` from the start under compulsory capture.
pub fn perft_from_start(depth: u32) -> u64 {
    perft(&Position::start(), depth, true)
}

#[cfg(test)]
mod tests;
