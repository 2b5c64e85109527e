//! A position puzzle's moves as text (saves, the history, plain mode): the player's moves and
//! the defence's replies in the game's own notation, the verdicts as `right` and
//! `wrong VALUE [REPLY]` (`wrong D 4`: the move allowed a draw, shown by the reply in column 4).

use super::adapter::{Adapter, BoardOf, MoveOfA};
use super::state::{PuzzleState, Step};
use crate::core::{Game, MoveValue, NotationError};

/// A step in notation, the position before it given (the game's notation may need it).
pub fn format_step<A: Adapter>(
    before: &PuzzleState<BoardOf<A>>,
    step: &Step<MoveOfA<A>>,
) -> String {
    let board = before.board();
    match step {
        Step::Play(m) | Step::Answer(m) => A::Game::format_move(board, m),
        Step::Right => "right".into(),
        Step::Wrong { got, reply } => match reply {
            Some(reply) => format!(
                "wrong {} {}",
                got.short(),
                A::Game::format_move(board, reply)
            ),
            None => format!("wrong {}", got.short()),
        },
    }
}

/// A step read back; a move is the player's or the defence's by whose turn it is.
///
/// # Errors
/// [`NotationError`] for text that is no step here.
pub fn parse_step<A: Adapter>(
    before: &PuzzleState<BoardOf<A>>,
    text: &str,
) -> Result<Step<MoveOfA<A>>, NotationError> {
    let text = text.trim();
    if text == "right" {
        return Ok(Step::Right);
    }
    if let Some(rest) = text.strip_prefix("wrong ") {
        let (value, reply) = match rest.split_once(' ') {
            Some((value, reply)) => (value, Some(reply)),
            None => (rest, None),
        };
        let got = parse_value(value)?;
        let reply = reply
            .map(|reply| A::Game::parse_move(before.board(), reply))
            .transpose()?;
        return Ok(Step::Wrong { got, reply });
    }
    let mv = A::Game::parse_move(before.board(), text)?;
    Ok(if before.answers() {
        Step::Answer(mv)
    } else {
        Step::Play(mv)
    })
}

/// [`format_step`] without the position (the notation table's entry; the game screen and
/// saves use [`format_step`]).
pub fn format_alone<A: Adapter>(step: &Step<MoveOfA<A>>) -> String {
    match step {
        Step::Play(m) | Step::Answer(m) => (A::Game::NOTATION.format_move)(m),
        Step::Right => "right".into(),
        Step::Wrong { got, reply: None } => format!("wrong {}", got.short()),
        Step::Wrong {
            got,
            reply: Some(reply),
        } => {
            format!(
                "wrong {} {}",
                got.short(),
                (A::Game::NOTATION.format_move)(reply)
            )
        }
    }
}

/// [`parse_step`] without the position: a move reads as the player's.
///
/// # Errors
/// [`NotationError`] for text that is no step.
pub fn parse_alone<A: Adapter>(text: &str) -> Result<Step<MoveOfA<A>>, NotationError> {
    let text = text.trim();
    if text == "right" {
        return Ok(Step::Right);
    }
    if let Some(rest) = text.strip_prefix("wrong ") {
        let (value, reply) = match rest.split_once(' ') {
            Some((value, reply)) => (value, Some(reply)),
            None => (rest, None),
        };
        return Ok(Step::Wrong {
            got: parse_value(value)?,
            reply: reply.map(A::Game::NOTATION.parse_move).transpose()?,
        });
    }
    (A::Game::NOTATION.parse_move)(text).map(Step::Play)
}

/// A value written by [`MoveValue::short`]: `W5`, `W`, `D`, `L3`, `L`, `+12`, `-4`, `~0`,
/// `~+1.4`.
///
/// # Errors
/// [`NotationError`] for anything else.
pub fn parse_value(text: &str) -> Result<MoveValue, NotationError> {
    let bad = || {
        NotationError::new(
            crate::core::NotationReason::Malformed,
            format!("{text:?} is not a move's value (W5, D, L3, +12)"),
        )
    };
    let count = |digits: &str| -> Result<Option<u32>, NotationError> {
        if digits.is_empty() {
            Ok(None)
        } else {
            digits.parse().map(Some).map_err(|_| bad())
        }
    };
    if let Some(rest) = text.strip_prefix('W') {
        return count(rest).map(MoveValue::Win);
    }
    if let Some(rest) = text.strip_prefix('L') {
        return count(rest).map(MoveValue::Loss);
    }
    if text == "D" {
        return Ok(MoveValue::Draw);
    }
    if let Some(rest) = text.strip_prefix('~') {
        if rest == "0" {
            return Ok(MoveValue::Estimate(0));
        }
        let tenths: f64 = rest.parse().map_err(|_| bad())?;
        return Ok(MoveValue::Estimate((tenths * 100.0).round() as i32));
    }
    if text.starts_with(['+', '-']) {
        return text.parse().map(MoveValue::Margin).map_err(|_| bad());
    }
    Err(bad())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_back_as_written() {
        for value in [
            MoveValue::Win(Some(5)),
            MoveValue::Win(None),
            MoveValue::Draw,
            MoveValue::Loss(Some(0)),
            MoveValue::Loss(None),
            MoveValue::Margin(12),
            MoveValue::Margin(-4),
            MoveValue::Margin(0),
            MoveValue::Estimate(0),
        ] {
            assert_eq!(parse_value(&value.short()), Ok(value), "{value:?}");
        }
        for bad in ["", "X", "W-1", "+", "12", "Lx"] {
            assert!(parse_value(bad).is_err(), "{bad}");
        }
    }
}
