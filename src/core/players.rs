//! Who sits at each seat: a person with a name, or the computer at a level.

use serde::{Deserialize, Serialize};

use crate::core::Seat;
use crate::core::strength::Strength;

/// The computer's level names, weakest first, from the one shared [`Strength`]; a level is stored
/// as its 1-based number.
pub const LEVEL_NAMES: [&str; 4] = [
    Strength::ALL[0].name(),
    Strength::ALL[1].name(),
    Strength::ALL[2].name(),
    Strength::ALL[3].name(),
];

/// The strongest level, used for hints.
pub const TOP_LEVEL: u8 = Strength::Master.number();

/// One seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The name shown (sanitized).
    pub name: String,
    /// `Some(level)` when the computer plays this seat (1 = Beginner … 4 = Master).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<u8>,
}

impl Player {
    /// A person with a name (sanitized, with a fallback when empty).
    #[must_use]
    pub fn person(name: &str, fallback: &str) -> Self {
        Self {
            name: crate::core::text::player_name(name, fallback),
            computer: None,
        }
    }

    /// The computer at a level (clamped to the levels that exist).
    #[must_use]
    pub fn computer(level: u8) -> Self {
        let level = level.clamp(1, TOP_LEVEL);
        Self {
            name: format!("Computer ({})", LEVEL_NAMES[usize::from(level - 1)]),
            computer: Some(level),
        }
    }
}

/// Both seats of a two-player game (puzzles have none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Players(pub Vec<Player>);

impl Players {
    /// No seats: a puzzle.
    #[must_use]
    pub fn none() -> Self {
        Self(Vec::new())
    }

    /// Two seats.
    #[must_use]
    pub fn two(first: Player, second: Player) -> Self {
        Self(vec![first, second])
    }

    /// The player at a seat, if the game has seats.
    #[must_use]
    pub fn at(&self, seat: Seat) -> Option<&Player> {
        self.0.get(seat.index())
    }

    /// The computer's level at a seat, if the computer plays it.
    #[must_use]
    pub fn computer_level(&self, seat: Seat) -> Option<u8> {
        self.at(seat).and_then(|p| p.computer)
    }

    /// "Alice vs Bob".
    #[must_use]
    pub fn title(&self) -> String {
        self.0
            .iter()
            .map(|p| p.name.as_str())
            .collect::<Vec<_>>()
            .join(" vs ")
    }

    /// Whether the computer plays any seat.
    #[must_use]
    pub fn any_computer(&self) -> bool {
        self.0.iter().any(|p| p.computer.is_some())
    }
}

/// Which seats the computer takes, from `--computer first|second|both`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ComputerSeats {
    /// The computer moves first.
    First,
    /// The computer moves second.
    Second,
    /// The computer plays itself (a demo).
    Both,
}

impl ComputerSeats {
    /// Whether the computer takes this seat.
    #[must_use]
    pub fn takes(self, seat: Seat) -> bool {
        matches!(
            (self, seat),
            (Self::Both, _) | (Self::First, Seat::First) | (Self::Second, Seat::Second)
        )
    }
}

/// The seats of a game started from the command line: names given in order to the human seats.
#[must_use]
pub fn seats_from_command_line(
    names: &[String],
    fallbacks: [&str; 2],
    computer: Option<ComputerSeats>,
    level: u8,
) -> Players {
    let mut names = names.iter();
    let mut seat_player = |seat: Seat| {
        if computer.is_some_and(|c| c.takes(seat)) {
            Player::computer(level)
        } else {
            Player::person(
                names.next().map_or("", String::as_str),
                fallbacks[seat.index()],
            )
        }
    };
    let first = seat_player(Seat::First);
    let second = seat_player(Seat::Second);
    Players::two(first, second)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_line_names_fill_human_seats_in_order() {
        let names = vec!["Alice".to_string()];
        let players = seats_from_command_line(&names, ["P1", "P2"], Some(ComputerSeats::First), 4);
        assert_eq!(players.computer_level(Seat::First), Some(4));
        assert_eq!(
            players.at(Seat::Second).map(|p| p.name.as_str()),
            Some("Alice")
        );
        let players = seats_from_command_line(&[], ["P1", "P2"], None, 2);
        assert_eq!(players.title(), "P1 vs P2");
        assert_eq!(Player::computer(9).computer, Some(4));
    }
}
