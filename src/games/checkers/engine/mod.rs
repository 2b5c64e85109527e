//! The Checkers engine: bitboard move generation and perft, an alpha-beta search with a
//! transposition table and quiescence, the evaluation, and the computer's levels.
//!
//! It keeps its own [`Position`] (three `u32`s and the turn) so that the search can copy
//! positions instead of undoing moves; [`position_of`] builds one from the rules' state and
//! [`rules_move`] turns an [`EngineMove`] back into the rules' [`Move`], so whatever the
//! engine plays is checked by the rules like any other move.
//!
//! Entry points: [`engine_move`] for a computer seat or a hint (run it off the event-loop
//! thread; raise the `AtomicBool` to cancel), [`board::perft`] for `parlor perft checkers N`.

pub mod board;
pub mod eval;
pub mod levels;
pub mod search;

use std::sync::atomic::AtomicBool;

use super::rules::{Checkers, Move, Square};
use crate::core::{Rules, Seat};
pub use board::{EngineMove, Position, perft};
pub use levels::{Level, choose};

/// The bit index of a dark square in the engine's layout (four squares a row, row 0 first).
fn index(square: Square) -> u8 {
    square.y * 4 + square.x / 2
}

/// The square of a bit index.
fn square(index: u8) -> Square {
    let y = index / 4;
    Square::new((index % 4) * 2 + y % 2, y)
}

/// The engine's position for a rules state (pieces, turn and draw counter).
pub fn position_of(game: &Checkers) -> Position {
    let mut pos = Position {
        black: 0,
        white: 0,
        kings: 0,
        black_to_move: game.side_to_move() == Seat::First,
        quiet_plies: game.quiet_plies(),
    };
    for (sq, piece) in game.board().pieces() {
        let bit = 1u32 << index(sq);
        match piece.side {
            Seat::First => pos.black |= bit,
            Seat::Second => pos.white |= bit,
        }
        if piece.king {
            pos.kings |= bit;
        }
    }
    pos
}

/// The rules' move for an engine move: the same path, square by square.
pub fn rules_move(m: &EngineMove) -> Move {
    Move::new(m.path().into_iter().map(square).collect())
}

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
    let level = Level::from_number(level)?;
    let pos = position_of(game);
    choose(
        &pos,
        game.forced_capture(),
        level,
        seed,
        cancel,
        node_budget,
    )
    .map(|m| rules_move(&m))
}

/// `parlor perft checkers N` from the start under compulsory capture.
pub fn perft_from_start(depth: u32) -> u64 {
    perft(&Position::start(), depth, true)
}

#[cfg(test)]
mod tests;
