//! The puzzle's side, played by the game's solver ([`Adapter::values`]): after each of the
//! player's moves it proves whether the goal is still met and answers with the defence's best
//! reply or its verdict; it also gives hints and whole solutions. Written once for every game.

use std::sync::atomic::AtomicBool;

use super::adapter::{Adapter, BoardOf, MoveOfA};
use super::goal::{Goal, from_other_side, ordinal};
use super::state::{PuzzleState, Step};
use crate::core::{HintAnswer, MoveValue, MoveValues, Rules};

/// The best move of a list of valued moves for its mover (the first of equals, in the game's
/// order), or `None` for an empty list.
pub fn best<M: Clone>(values: &[(M, MoveValue)]) -> Option<(M, MoveValue)> {
    MoveValues {
        moves: values.iter().map(|(m, v)| (m.clone(), Some(*v))).collect(),
        depth: None,
    }
    .ranked()
    .into_iter()
    .next()
}

/// The puzzle's answer to the player's last move: the defence's best reply when the goal is
/// still met (or `Right` for a one-move goal), else `Wrong` with what the move was worth and
/// the reply that shows it. `None` when stopped, or when it is not the puzzle's turn.
pub fn answer<A: Adapter>(
    state: &PuzzleState<BoardOf<A>>,
    cancel: &AtomicBool,
) -> Option<Step<MoveOfA<A>>> {
    if !state.answers() {
        return None;
    }
    let goal = state.goal();
    let values = A::values(state.board(), goal.horizon(state.made()), cancel)?;
    let (reply, value) = best(&values)?;
    let got = from_other_side(value);
    Some(if goal.met_by(got, state.made()) {
        if goal.one_move() {
            Step::Right
        } else {
            Step::Answer(reply)
        }
    } else {
        Step::Wrong {
            got,
            reply: Some(reply),
        }
    })
}

/// The best move for the player from here, marked, with what it does.
pub fn hint<A: Adapter>(
    state: &PuzzleState<BoardOf<A>>,
    cancel: &AtomicBool,
) -> Option<HintAnswer<Step<MoveOfA<A>>>> {
    if state.answers() {
        return None;
    }
    let goal = state.goal();
    let made = state.made();
    let values = A::values(state.board(), goal.horizon(made), cancel)?;
    let (mv, value) = best(&values)?;
    // The screen writes the move as its history names it (the coordinates setting).
    let name = HintAnswer::<()>::MOVE;
    if !goal.met_by(value, made + 1) {
        return Some(HintAnswer {
            mv: None,
            message: "No move meets the goal from here any more: undo.".into(),
        });
    }
    let message = match value {
        MoveValue::Win(Some(1)) => format!("{name} wins at once."),
        MoveValue::Win(Some(k)) => format!(
            "{name} (marked) wins with your {} move from here.",
            ordinal(k)
        ),
        MoveValue::Draw => format!("{name} (marked) holds the draw."),
        MoveValue::Margin(m) => format!("{name} (marked) ends {m:+}."),
        _ => format!("{name} (marked) is the move."),
    };
    Some(HintAnswer {
        mv: Some(Step::Play(mv)),
        message,
    })
}

/// The rest of a solution: the player's best moves, the defence's best replies and the
/// verdict, to the end. `None` when stopped or when no move meets the goal any more.
pub fn solve<A: Adapter>(
    state: &PuzzleState<BoardOf<A>>,
    cancel: &AtomicBool,
) -> Option<Vec<Step<MoveOfA<A>>>> {
    let mut state = state.clone();
    let mut steps = Vec::new();
    while state.outcome().is_none() {
        let step = if state.answers() {
            answer::<A>(&state, cancel)?
        } else {
            let goal: Goal = state.goal();
            let values = A::values(state.board(), goal.horizon(state.made()), cancel)?;
            let (mv, value) = best(&values)?;
            if !goal.met_by(value, state.made() + 1) {
                return None;
            }
            Step::Play(mv)
        };
        state.play(&step).ok()?;
        steps.push(step);
    }
    (state.outcome() == Some(crate::core::Outcome::Solved)).then_some(steps)
}
