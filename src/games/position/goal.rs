//! What a position puzzle asks: win in so many moves, or find the one move that wins, holds
//! the draw, or reaches a margin. Written in the puzzle's ID as one short field.

use crate::core::puzzle_id::{IdError, parse_signed, signed_field};
use std::ops::RangeInclusive;

use crate::core::{MoveValue, Seat};

/// The task of a position puzzle, for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Win with your `n`-th move at the latest, whatever the defence does (field `w3`).
    WinIn(u32),
    /// Find the one move that wins; the puzzle ends after it (field `ow`).
    OnlyWin,
    /// Find the one move that does not lose; the puzzle ends after it (field `h`).
    Hold,
    /// Find the move that ends the game with this disc margin with best play; no other move
    /// does as well (field `m6`, `mn2` for −2: Reversi endgames).
    Margin(i32),
}

/// The longest "win in N" a puzzle may ask for.
pub const MAX_WIN_IN: u32 = 20;

impl Goal {
    /// The goal's ID field.
    #[must_use]
    pub fn field(self) -> String {
        match self {
            Self::WinIn(n) => format!("w{n}"),
            Self::OnlyWin => "ow".into(),
            Self::Hold => "h".into(),
            Self::Margin(m) => format!("m{}", signed_field(i64::from(m))),
        }
    }

    /// Reads a goal field.
    ///
    /// # Errors
    /// [`IdError::Field`] naming the field.
    pub fn parse(field: &str) -> Result<Self, IdError> {
        let bad = || {
            IdError::Field(format!(
                "{field:?} is not a puzzle's goal (w3: win in 3, ow: the only win, h: hold the draw, m6: reach +6)"
            ))
        };
        match field {
            "ow" => return Ok(Self::OnlyWin),
            "h" => return Ok(Self::Hold),
            _ => {}
        }
        if let Some(n) = field.strip_prefix('w') {
            let n = parse_signed(n, "number of moves").map_err(|_| bad())?;
            return u32::try_from(n)
                .ok()
                .filter(|n| (1..=MAX_WIN_IN).contains(n))
                .map(Self::WinIn)
                .ok_or_else(bad);
        }
        if let Some(m) = field.strip_prefix('m') {
            let m = parse_signed(m, "margin").map_err(|_| bad())?;
            return i32::try_from(m)
                .ok()
                .filter(|m| (-64..=64).contains(m))
                .map(Self::Margin)
                .ok_or_else(bad);
        }
        Err(bad())
    }

    /// Whether the puzzle ends after the player's first move (it is judged, not played out).
    #[must_use]
    pub const fn one_move(self) -> bool {
        !matches!(self, Self::WinIn(_))
    }

    /// The goal in a few words: "Win in 3", "Find the only win".
    #[must_use]
    pub fn title(self) -> String {
        match self {
            Self::WinIn(1) => "Win in 1".into(),
            Self::WinIn(n) => format!("Win in {n}"),
            Self::OnlyWin => "Find the only win".into(),
            Self::Hold => "Find the only draw".into(),
            Self::Margin(m) => format!("Best move: {m:+}"),
        }
    }

    /// The task as a sentence for the side `label` ("x", "Black").
    #[must_use]
    pub fn task(self, label: &str) -> String {
        match self {
            Self::WinIn(1) => format!("{label} to play and win at once."),
            Self::WinIn(n) => {
                format!("{label} to play and win in {n} moves, whatever the defence does.")
            }
            Self::OnlyWin => format!("{label} to play: one move wins, find it."),
            Self::Hold => format!("{label} to play: every move but one loses; find the draw."),
            Self::Margin(m) => {
                format!(
                    "{label} to play: one move ends {m:+} with best play, every other less; find it."
                )
            }
        }
    }

    /// Whether a move worth `value` to the player (its first move counted as the first) does
    /// what the goal asks, `made` being the player's moves so far, this one included.
    #[must_use]
    pub fn met_by(self, value: MoveValue, made: u32) -> bool {
        match (self, value) {
            (Self::WinIn(n), MoveValue::Win(Some(k))) => made - 1 + k <= n,
            (Self::OnlyWin, MoveValue::Win(_))
            | (Self::Hold, MoveValue::Win(_) | MoveValue::Draw) => true,
            (Self::OnlyWin, MoveValue::Margin(m)) => m > 0,
            (Self::Hold, MoveValue::Margin(m)) => m >= 0,
            (Self::Margin(target), MoveValue::Margin(m)) => m >= target,
            _ => false,
        }
    }

    /// How many of the player's moves the puzzle's proofs look ahead from a position where
    /// `made` were played (a win or loss further away may be reported as unknown).
    #[must_use]
    pub fn horizon(self, made: u32) -> u32 {
        match self {
            Self::WinIn(n) => n.saturating_sub(made).max(1),
            _ => MAX_WIN_IN,
        }
    }

    /// What a move worth `value` did, for the sentence after a wrong move.
    #[must_use]
    pub fn miss(self, value: MoveValue) -> String {
        match (self, value) {
            (Self::WinIn(n), MoveValue::Win(Some(k))) => {
                format!(
                    "it still wins, but only with your {} move, and the puzzle asks for {n}",
                    ordinal(k)
                )
            }
            (_, MoveValue::Win(_)) => "it wins, but not in time".into(),
            (_, MoveValue::Draw) => "the defence can hold a draw".into(),
            (_, MoveValue::Loss(Some(k))) => {
                format!("the defence wins with its {} move", ordinal(k))
            }
            (_, MoveValue::Loss(None)) => "the defence wins".into(),
            (_, MoveValue::Margin(m)) => format!("it ends {m:+} with best play"),
            (Self::WinIn(n), MoveValue::Estimate(_)) => {
                format!("no win within {n} moves can be forced after it")
            }
            (_, MoveValue::Estimate(_)) => "it does not force the result".into(),
        }
    }
}

/// `1st`, `2nd`, `3rd`, `4th`…
#[must_use]
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A value seen from the other side of the move that led to it: what the defence's best reply
/// is worth to the defence, turned into what the player's move is worth to the player (whose
/// move is counted as its first).
#[must_use]
pub fn from_other_side(value: MoveValue) -> MoveValue {
    match value {
        MoveValue::Win(n) => MoveValue::Loss(n),
        MoveValue::Loss(n) => MoveValue::Win(n.map(|n| n + 1)),
        MoveValue::Draw => MoveValue::Draw,
        MoveValue::Margin(m) => MoveValue::Margin(-m),
        MoveValue::Estimate(e) => MoveValue::Estimate(-e),
    }
}

/// The seat opposite `seat` (for the defence).
#[must_use]
pub const fn other(seat: Seat) -> Seat {
    seat.other()
}

/// The default classification: a unique win at a known distance within `depths` is "win in
/// N"; no win and a unique draw among losses is "hold", its depth the quickest of the losses.
pub fn classify_wins<M>(
    values: &[(M, MoveValue)],
    depths: RangeInclusive<u32>,
) -> Option<(Goal, u32)> {
    let wins: Vec<MoveValue> = values
        .iter()
        .map(|(_, v)| *v)
        .filter(|v| matches!(v, MoveValue::Win(_)))
        .collect();
    match wins.as_slice() {
        [MoveValue::Win(Some(k))] if depths.contains(k) => Some((Goal::WinIn(*k), *k)),
        [] => {
            let draws = values.iter().filter(|(_, v)| *v == MoveValue::Draw).count();
            let losses: Vec<u32> = values
                .iter()
                .filter_map(|(_, v)| match v {
                    MoveValue::Loss(Some(k)) => Some(*k),
                    _ => None,
                })
                .collect();
            let quickest = losses.iter().copied().min()?;
            (draws == 1 && losses.len() + 1 == values.len() && depths.contains(&quickest))
                .then_some((Goal::Hold, quickest))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip_and_bad_ones_are_refused() {
        for goal in [
            Goal::WinIn(1),
            Goal::WinIn(12),
            Goal::OnlyWin,
            Goal::Hold,
            Goal::Margin(6),
            Goal::Margin(-2),
            Goal::Margin(0),
        ] {
            assert_eq!(Goal::parse(&goal.field()), Ok(goal), "{goal:?}");
        }
        for bad in ["w0", "w", "w21", "w03", "x", "m", "m-2", "m65", "hh", ""] {
            assert!(Goal::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_win_counts_the_moves_already_made() {
        // Second move of a win in 3: a move winning with its second move from now reaches 3.
        assert!(Goal::WinIn(3).met_by(MoveValue::Win(Some(2)), 2));
        assert!(!Goal::WinIn(3).met_by(MoveValue::Win(Some(3)), 2));
        assert!(!Goal::WinIn(3).met_by(MoveValue::Draw, 1));
        assert!(Goal::Hold.met_by(MoveValue::Draw, 1));
        assert!(!Goal::Hold.met_by(MoveValue::Loss(Some(4)), 1));
        assert!(Goal::Margin(4).met_by(MoveValue::Margin(4), 1));
        assert!(!Goal::Margin(4).met_by(MoveValue::Margin(2), 1));
        assert_eq!(
            from_other_side(MoveValue::Loss(Some(2))),
            MoveValue::Win(Some(3))
        );
        assert_eq!(from_other_side(MoveValue::Margin(-6)), MoveValue::Margin(6));
        assert_eq!(ordinal(1), "1st");
        assert_eq!(ordinal(12), "12th");
        assert_eq!(ordinal(23), "23rd");
    }

    #[test]
    fn a_unique_win_or_a_unique_draw_is_a_puzzle() {
        let win = |k| MoveValue::Win(Some(k));
        let loss = |k| MoveValue::Loss(Some(k));
        assert_eq!(
            classify_wins(&[(0, MoveValue::Draw), (1, win(3)), (2, loss(2))], 2..=6),
            Some((Goal::WinIn(3), 3))
        );
        assert_eq!(classify_wins(&[(0, win(3)), (1, win(5))], 2..=6), None);
        assert_eq!(classify_wins(&[(0, win(9))], 2..=6), None);
        assert_eq!(
            classify_wins(&[(0, loss(2)), (1, MoveValue::Draw), (2, loss(4))], 2..=6),
            Some((Goal::Hold, 2))
        );
        assert_eq!(
            classify_wins(&[(0, MoveValue::Draw), (1, MoveValue::Draw)], 2..=6),
            None
        );
        assert_eq!(
            classify_wins(&[(0, MoveValue::Draw), (1, MoveValue::Estimate(0))], 2..=6),
            None
        );
    }
}
