//! The match that decides whether a trained evaluation replaces the hand-written one: Master
//! with the trained pattern evaluation against Master with the hand-written evaluation, from
//! seeded random openings, each opening played with both colours at the same node budget.
//!
//! One function, so that the test suite's tournaments (`tests/reversi_engine.rs`) and the
//! tool that tries freshly trained weights (`examples/reversi_match.rs`) play the very same
//! games.

use std::sync::atomic::AtomicBool;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::board::{Bits, Position, final_score};
use super::eval;
use super::levels::{Strength, choose_with_evaluator};
use super::pattern;
use super::search::Evaluator;

/// How one game of the match ended, from the trained side's point of view.
#[derive(Clone, Copy, Debug)]
pub struct GameOutcome {
    /// The opening's number (its seed is `5000 + opening`).
    pub opening: u64,
    /// Whether the trained side had black.
    pub trained_is_black: bool,
    /// The final disc difference for the trained side (empties to the winner).
    pub score: i32,
}

impl GameOutcome {
    /// Match points for the trained side: 2 a win, 1 a draw, 0 a loss.
    #[must_use]
    pub fn points(&self) -> u32 {
        match self.score.signum() {
            1 => 2,
            0 => 1,
            _ => 0,
        }
    }
}

/// The start of opening `number`: eight seeded random plies from the initial position.
#[must_use]
pub fn opening(number: u64) -> Position {
    let mut rng = SmallRng::seed_from_u64(5000 + number);
    let mut pos = Position::start();
    for _ in 0..8 {
        let moves: Vec<u8> = Bits(pos.moves()).collect();
        pos = match moves.len() {
            0 => pos.pass(),
            n => pos.play(moves[rng.random_range(0..n)]).unwrap_or(pos),
        };
    }
    pos
}

/// Plays opening `number` to the end, trained Master (with [`pattern::evaluate`]) against
/// hand-written Master, `nodes` nodes a move each.
#[must_use]
pub fn play(number: u64, trained_is_black: bool, nodes: u64) -> GameOutcome {
    let never = AtomicBool::new(false);
    let mut pos = opening(number);
    let mut ply = 0;
    while !pos.is_over() {
        let trained_to_move = pos.black_to_move == trained_is_black;
        let evaluator: Evaluator = if trained_to_move {
            pattern::evaluate
        } else {
            eval::evaluate
        };
        let choice = choose_with_evaluator(
            &pos,
            Strength::Master,
            Some(evaluator),
            number * 100 + ply,
            &never,
            Some(nodes),
        );
        pos = match choice.and_then(|sq| pos.play(sq)) {
            Some(next) => next,
            None => pos.pass(),
        };
        ply += 1;
    }
    let score = final_score(pos.player, pos.opponent);
    let for_trained = if pos.black_to_move == trained_is_black {
        score
    } else {
        -score
    };
    GameOutcome {
        opening: number,
        trained_is_black,
        score: for_trained,
    }
}

/// The whole match: the given openings, each with both colours; `each` sees every game
/// as it ends. Returns the trained side's points and the most it could have had.
///
/// A range rather than a count: training choices are made on one range of openings (the
/// tools use 100 onwards) and the suite's match (openings 0–19) is played with the result,
/// so the figure it reports was not tuned on its own games.
pub fn trained_against_hand_written(
    openings: std::ops::Range<u64>,
    nodes: u64,
    mut each: impl FnMut(&GameOutcome),
) -> (u32, u32) {
    let mut points = 0;
    let count = openings.end.saturating_sub(openings.start);
    for number in openings {
        for trained_is_black in [true, false] {
            let outcome = play(number, trained_is_black, nodes);
            each(&outcome);
            points += outcome.points();
        }
    }
    (points, 4 * u32::try_from(count).unwrap_or(u32::MAX))
}
