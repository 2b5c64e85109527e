//! What each legal move is worth: the shared vocabulary of the analysis strip, so every game
//! reports its engine's or solver's verdicts in one form the game screen can sort and show
//! without knowing the game.
//!
//! A value is always from the side of the player who makes the move. Proven results (a win,
//! a draw, a loss, an exact final margin) and an engine's estimate are different kinds, so the
//! screen can say which it shows: an estimate is marked `~`.

use std::cmp::Ordering;
use std::fmt;

/// The value of one move for the player making it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveValue {
    /// A proven win with perfect play: with the mover's `n`-th move from now (this move is
    /// the first), when the solver knows the distance.
    Win(Option<u32>),
    /// A proven draw.
    Draw,
    /// A proven loss: the opponent wins with its `n`-th move after this one (`Some(0)`: this
    /// very move hands over the win), when the solver knows the distance.
    Loss(Option<u32>),
    /// The exact final score difference with perfect play (Reversi's discs), positive good.
    Margin(i32),
    /// An engine's evaluation after a limited search, in hundredths of the game's unit (a
    /// disc, a man); comparable only within one game and one search.
    Estimate(i32),
}

impl MoveValue {
    /// Whether the value is proven rather than estimated.
    #[must_use]
    pub const fn is_exact(self) -> bool {
        !matches!(self, Self::Estimate(_))
    }

    /// A number that orders values best first for the mover: wins (sooner better) above any
    /// margin or estimate, losses (later better) below; a draw, a zero margin and a zero
    /// estimate are level.
    fn rank(self) -> i64 {
        const DECIDED: i64 = 1 << 40;
        match self {
            Self::Win(n) => DECIDED - i64::from(n.unwrap_or(u32::MAX >> 1)),
            Self::Loss(n) => -DECIDED + i64::from(n.unwrap_or(u32::MAX >> 1)),
            Self::Draw => 0,
            // A margin is a proven result: a disc ahead outweighs any estimate.
            Self::Margin(m) => i64::from(m) * (1 << 20),
            Self::Estimate(e) => i64::from(e),
        }
    }

    /// Compares two values for the mover: `Greater` is the better move.
    #[must_use]
    pub fn better(self, other: Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }

    /// The value in a few characters for the strip: `W5`, `D`, `L8`, `+12`, `~+1.4`.
    #[must_use]
    pub fn short(self) -> String {
        match self {
            Self::Win(Some(n)) => format!("W{n}"),
            Self::Win(None) => "W".into(),
            Self::Draw => "D".into(),
            Self::Loss(Some(n)) => format!("L{n}"),
            Self::Loss(None) => "L".into(),
            Self::Margin(m) => format!("{m:+}"),
            Self::Estimate(e) => {
                let tenths = (f64::from(e) / 10.0).round() / 10.0;
                if tenths == 0.0 {
                    "~0".into()
                } else {
                    format!("~{tenths:+.1}")
                }
            }
        }
    }
}

impl fmt::Display for MoveValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Win(Some(n)) => write!(f, "win in {n}"),
            Self::Win(None) => write!(f, "win"),
            Self::Draw => write!(f, "draw"),
            Self::Loss(Some(0)) => write!(f, "loses at once"),
            Self::Loss(Some(n)) => write!(f, "loss in {n}"),
            Self::Loss(None) => write!(f, "loss"),
            Self::Margin(m) => write!(f, "{m:+} at the end"),
            Self::Estimate(_) => write!(f, "about {}", &self.short()[1..]),
        }
    }
}

/// The values of a position's legal moves as far as they are known: what the analysis strip
/// shows while the search goes on, and at its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveValues<M> {
    /// Every legal move (or one move for each distinct result, where many moves lead to the
    /// same position, as in Pentago) with its value, `None` while not yet known.
    pub moves: Vec<(M, Option<MoveValue>)>,
    /// The search depth (in the game's moves) behind the estimates among the values, if any.
    pub depth: Option<u32>,
}

impl<M: Clone> MoveValues<M> {
    /// The moves with known values, best first (ties keep the game's order).
    #[must_use]
    pub fn ranked(&self) -> Vec<(M, MoveValue)> {
        let mut known: Vec<(M, MoveValue)> = self
            .moves
            .iter()
            .filter_map(|(mv, value)| value.map(|v| (mv.clone(), v)))
            .collect();
        known.sort_by(|a, b| b.1.better(a.1));
        known
    }

    /// The best move, once every move has its value (a hint from a half-finished analysis
    /// could miss the best move).
    #[must_use]
    pub fn best(&self) -> Option<(M, MoveValue)> {
        if self.moves.iter().any(|(_, value)| value.is_none()) {
            return None;
        }
        self.ranked().into_iter().next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_order_best_first() {
        let mut values = [
            MoveValue::Loss(Some(3)),
            MoveValue::Estimate(-250),
            MoveValue::Win(Some(7)),
            MoveValue::Draw,
            MoveValue::Loss(Some(9)),
            MoveValue::Margin(4),
            MoveValue::Win(Some(2)),
            MoveValue::Estimate(120),
        ];
        values.sort_by(|a, b| b.better(*a));
        assert_eq!(
            values,
            [
                MoveValue::Win(Some(2)),
                MoveValue::Win(Some(7)),
                MoveValue::Margin(4),
                MoveValue::Estimate(120),
                MoveValue::Draw,
                MoveValue::Estimate(-250),
                MoveValue::Loss(Some(9)),
                MoveValue::Loss(Some(3)),
            ]
        );
    }

    #[test]
    fn short_and_long_words() {
        assert_eq!(MoveValue::Win(Some(5)).short(), "W5");
        assert_eq!(MoveValue::Loss(None).short(), "L");
        assert_eq!(MoveValue::Margin(-6).short(), "-6");
        assert_eq!(MoveValue::Margin(0).short(), "+0");
        assert_eq!(MoveValue::Estimate(137).short(), "~+1.4");
        assert_eq!(MoveValue::Estimate(-4).short(), "~0");
        assert_eq!(MoveValue::Win(Some(3)).to_string(), "win in 3");
        assert_eq!(MoveValue::Loss(Some(0)).to_string(), "loses at once");
        assert_eq!(MoveValue::Estimate(-250).to_string(), "about -2.5");
    }

    #[test]
    fn the_best_waits_for_every_value() {
        let mut values = MoveValues {
            moves: vec![(1, Some(MoveValue::Draw)), (2, None)],
            depth: None,
        };
        assert_eq!(values.best(), None);
        values.moves[1].1 = Some(MoveValue::Win(Some(4)));
        assert_eq!(values.best(), Some((2, MoveValue::Win(Some(4)))));
    }
}
