//! `parlor connect4-puzzles [--id ID | --number N | --depth N [--seed S]]` (and the same for
//! `reversi-puzzles`, `checkers-puzzles`, `pentago-puzzles`).

use crate::core::PuzzleId;

/// A position puzzle's command line: which puzzle, or the list without one.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// A puzzle by its ID (shown on the puzzle's screen).
    #[arg(long, value_name = "ID", conflicts_with_all = ["number", "depth", "seed"])]
    pub id: Option<PuzzleId>,
    /// A shipped puzzle by its number in the list (1 is the first).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..), conflicts_with_all = ["depth", "seed"])]
    pub number: Option<u32>,
    /// Find a new puzzle of this depth in the computer's games (moves to the win; Reversi:
    /// empty squares). It may take a while.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// The seed of the games searched for a new puzzle (the same seed finds the same puzzle).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
}

/// Which puzzle the arguments ask for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// None: the list (screen) or the first puzzle (plain mode).
    List,
    /// A puzzle by ID.
    Id(PuzzleId),
    /// A shipped puzzle, counted from 1.
    Number(u32),
    /// A new puzzle from the computer's games.
    New {
        /// The depth asked for, if any.
        depth: Option<u32>,
        /// The seed, if given.
        seed: Option<u64>,
    },
}

impl Args {
    /// What the arguments select.
    #[must_use]
    pub fn choice(&self) -> Choice {
        if let Some(id) = &self.id {
            return Choice::Id(id.clone());
        }
        if let Some(number) = self.number {
            return Choice::Number(number);
        }
        if self.depth.is_some() || self.seed.is_some() {
            return Choice::New {
                depth: self.depth,
                seed: self.seed,
            };
        }
        Choice::List
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(words: &[&str]) -> Result<Choice, clap::Error> {
        crate::games::entry::parse_args::<Args>("connect4-puzzles", words).map(|a| a.choice())
    }

    #[test]
    fn each_way_of_choosing_a_puzzle() {
        assert_eq!(parse(&[]).expect("ok"), Choice::List);
        assert_eq!(parse(&["--number", "3"]).expect("ok"), Choice::Number(3));
        assert_eq!(
            parse(&["--depth", "4"]).expect("ok"),
            Choice::New {
                depth: Some(4),
                seed: None
            }
        );
        assert_eq!(
            parse(&["--depth", "4", "--seed", "9"]).expect("ok"),
            Choice::New {
                depth: Some(4),
                seed: Some(9)
            }
        );
        assert!(parse(&["--number", "0"]).is_err());
        assert!(parse(&["--number", "2", "--depth", "3"]).is_err());
        assert!(parse(&["--id", "nonsense"]).is_err());
        assert!(parse(&["--id", "magic-1-3-1-zz"]).is_err());
    }
}
