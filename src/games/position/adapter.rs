//! What one two-player game supplies to become position puzzles: how its positions are
//! written in IDs, and the values of a position's moves as its solver proves them. Everything
//! else (the puzzle's rules, judging, hints, generation, the screen and plain mode) is written
//! once in [`super`].

use std::sync::atomic::AtomicBool;

use crate::core::puzzle_id::IdError;
use crate::core::{Game, MoveOf, MoveValue};

use super::goal::Goal;

/// The rules type of an adapter's game.
pub type BoardOf<A> = <<A as Adapter>::Game as Game>::Rules;
/// The move type of an adapter's game.
pub type MoveOfA<A> = MoveOf<<A as Adapter>::Game>;

/// One game's side of position puzzles. Implemented by a unit type in the game's folder
/// (`connect4::puzzle::Puzzles`); the registry lists `position::Puzzles<ThatType>`.
pub trait Adapter: Send + Sync + 'static {
    /// The two-player game whose positions the puzzles are.
    type Game: Game;

    /// The registry id (`connect4_puzzles`): the subcommand, the `game` of saves, the records'
    /// key.
    const ID: &'static str;
    /// The title in the menu and on the screen.
    const TITLE: &'static str;
    /// Other names on the command line (`connect4-puzzles`).
    const ALIASES: &'static [&'static str];
    /// One line for the menu and `--help`.
    const BLURB: &'static str;
    /// A correct command line, printed after a usage error.
    const EXAMPLE: &'static str;
    /// The code the puzzles' IDs start with (`c4`).
    const CODE: &'static str;
    /// The depths `--depth` accepts and the pack is made of, easiest first.
    const DEPTHS: std::ops::RangeInclusive<u32>;
    /// What a depth counts, for `--help` and the list ("moves to the win").
    const DEPTH_MEANS: &'static str;

    /// The game's parameters the positions are played under (Checkers' compulsory captures).
    fn game_params() -> <Self::Game as Game>::Params;

    /// The position as one ID field, with [`crate::core::puzzle_id::Packer`]: every square
    /// and the side to move.
    fn encode(board: &BoardOf<Self>) -> String;

    /// The position of an ID field, checked as strictly as the game's own setup.
    ///
    /// # Errors
    /// [`IdError::Field`] saying what is wrong.
    fn decode(field: &str) -> Result<BoardOf<Self>, IdError>;

    /// The value of every legal move of the side to move, for the mover, as the solver proves
    /// it: wins and losses that come within `horizon` of the winner's moves with their
    /// distance ([`MoveValue::Win`]`(Some(n))`, the mover's n-th move, this one the first);
    /// beyond it a game whose search is bounded says [`MoveValue::Estimate`] (not proven),
    /// one whose solver is exact says what it knows (a draw, a margin, a win without its
    /// distance). A position with no move but a pass lists the pass. `None` when stopped by
    /// `cancel` or the game's budget.
    fn values(
        board: &BoardOf<Self>,
        horizon: u32,
        cancel: &AtomicBool,
    ) -> Option<Vec<(MoveOfA<Self>, MoveValue)>>;

    /// Whether a position of a self-play game is worth solving as a candidate (the phase of
    /// the game where puzzles are and proofs are quick).
    fn candidate(board: &BoardOf<Self>) -> bool;

    /// A quick look before a candidate is solved: whether it may hold a puzzle at all (the
    /// engine sees a forced win), so that proofs are spent where they can succeed. The default
    /// solves every candidate.
    fn promising(board: &BoardOf<Self>, cancel: &AtomicBool) -> bool {
        let _ = (board, cancel);
        true
    }

    /// The puzzle a candidate's values make, with its depth (see [`Adapter::DEPTHS`]), if it
    /// has one clearly best move. The default finds a unique win (win in N when its distance
    /// is known and within the depths, else the only win) or a unique draw among losses.
    fn classify(
        board: &BoardOf<Self>,
        values: &[(MoveOfA<Self>, MoveValue)],
    ) -> Option<(Goal, u32)> {
        let _ = board;
        super::goal::classify_wins(values, Self::DEPTHS)
    }
}
