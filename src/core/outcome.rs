//! Seats and results, and the exit codes the command line maps them to.

use serde::{Deserialize, Serialize};

/// One of the two seats of a two-player game. The first seat moves first.
///
/// Puzzles have no seats; two-player games name their own pieces (`x`/`o`, black/white) but
/// the framework (history panel, computer opponents, exit codes) only needs to know which seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// The seat that moves first (Connect Four `x`, Reversi and Checkers black, Pentago X).
    First,
    /// The seat that moves second.
    Second,
}

impl Seat {
    /// The opponent's seat.
    #[must_use]
    pub const fn other(self) -> Self {
        match self {
            Self::First => Self::Second,
            Self::Second => Self::First,
        }
    }

    /// 0 for the first seat, 1 for the second: an index into per-seat arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Self::First => 0,
            Self::Second => 1,
        }
    }
}

/// How a finished game ended. A game still in progress has no outcome (`Option<Outcome>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// A puzzle that was solved.
    Solved,
    /// A puzzle that can no longer be solved (no valid move, or a full square that is not magic).
    Lost,
    /// A two-player game won by this seat.
    Won(Seat),
    /// A two-player game that ended level.
    Draw,
}

impl Outcome {
    /// The process exit code when the program was started straight into the game and the game
    /// ended this way (GAMES.md, "Exit codes").
    #[must_use]
    pub const fn exit_code(self) -> u8 {
        match self {
            Self::Solved => 0,
            Self::Lost => 3,
            Self::Won(Seat::First) => 10,
            Self::Won(Seat::Second) => 11,
            Self::Draw => 12,
        }
    }
}

/// How a session with one game ended: it reached an outcome, or the player left it unfinished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The game reached this outcome.
    Finished(Outcome),
    /// The player quit before the game ended (`q`, `quit`, `x`, end of input).
    Quit,
}

impl Ending {
    /// Exit code for this ending: the outcome's, or 4 for a quit.
    #[must_use]
    pub const fn exit_code(self) -> u8 {
        match self {
            Self::Finished(outcome) => outcome.exit_code(),
            Self::Quit => 4,
        }
    }
}

/// The arcade's one form of a game-over line for a win: "Ann wins with black, 40–24". Every
/// game says its winner this way, with the side played and, when the game has one, a
/// `detail` after a comma (a score, why the loser lost). A name that only repeats its side
/// (a player called "White" on white) is said once: "White wins, 40–24".
#[must_use]
pub fn win_line(name: &str, side: &str, detail: Option<&str>) -> String {
    let mut line = if side.is_empty() || name.eq_ignore_ascii_case(side) {
        format!("{name} wins")
    } else {
        format!("{name} wins with {side}")
    };
    if let Some(detail) = detail {
        line.push_str(", ");
        line.push_str(detail);
    }
    line
}

/// The one form of a game-over line for a draw: "Draw", or "Draw, 32–32" with a `detail`.
#[must_use]
pub fn draw_line(detail: Option<&str>) -> String {
    detail.map_or_else(|| "Draw".to_string(), |detail| format!("Draw, {detail}"))
}

/// A score as the game-over lines write it, winner's first: "40–24".
#[must_use]
pub fn score(won: impl std::fmt::Display, lost: impl std::fmt::Display) -> String {
    format!("{won}–{lost}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_follow_games_md() {
        assert_eq!(Ending::Finished(Outcome::Solved).exit_code(), 0);
        assert_eq!(Ending::Finished(Outcome::Lost).exit_code(), 3);
        assert_eq!(Ending::Quit.exit_code(), 4);
        assert_eq!(Ending::Finished(Outcome::Won(Seat::First)).exit_code(), 10);
        assert_eq!(Ending::Finished(Outcome::Won(Seat::Second)).exit_code(), 11);
        assert_eq!(Ending::Finished(Outcome::Draw).exit_code(), 12);
    }

    #[test]
    fn game_over_lines_have_one_form() {
        assert_eq!(
            win_line("Ann", "black", Some(&score(40, 24))),
            "Ann wins with black, 40–24"
        );
        assert_eq!(win_line("Ann", "x", None), "Ann wins with x");
        assert_eq!(
            win_line("White", "white", Some("40–24")),
            "White wins, 40–24"
        );
        assert_eq!(draw_line(None), "Draw");
        assert_eq!(draw_line(Some("32–32")), "Draw, 32–32");
    }

    #[test]
    fn other_seat_swaps() {
        assert_eq!(Seat::First.other(), Seat::Second);
        assert_eq!(Seat::Second.other(), Seat::First);
        assert_eq!(Seat::Second.index(), 1);
    }
}
