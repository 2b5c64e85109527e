//! `parlor slide [--level N | --level FILE | --seed S [--difficulty D]]`.

use std::path::PathBuf;

pub use super::generate::Difficulty;

/// Slide's command-line arguments.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// A shipped level by number (1 is the first) or a level file (TOML with `name` and 10
    /// `rows` of `.OXG`).
    #[arg(long, value_name = "N|FILE", conflicts_with = "seed", value_parser = level_arg)]
    pub level: Option<String>,
    /// Generate a level from this seed (the same seed always gives the same level).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Target difficulty of a generated level (only with --seed).
    #[arg(long, value_enum, requires = "seed")]
    pub difficulty: Option<Difficulty>,
    /// A level by its puzzle ID (shown on the level's screen): `slide-s42`, `slide-1-p14-…`.
    #[arg(long, value_name = "ID", conflicts_with_all = ["level", "seed"], value_parser = crate::core::game::read_puzzle_id::<super::game::SlideGame>)]
    pub id: Option<super::game::Params>,
}

/// Checks a `--level` while the command line is read, so a level number out of range is a
/// usage error (exit code 2, with the usage line) like every other bad argument, not a
/// failure found later.
fn level_arg(text: &str) -> Result<String, super::levels::ChoiceError> {
    match text.parse::<usize>() {
        Ok(number) if !(1..=super::levels::COUNT).contains(&number) => {
            Err(super::levels::ChoiceError::NoSuchLevel(number))
        }
        _ => Ok(text.to_string()),
    }
}

/// Which level the arguments ask for, once `--level` is told apart as a number or a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LevelChoice {
    /// No level named: the level list (screen) or the first level (plain mode).
    Default,
    /// A shipped level, counted from 1.
    Shipped(usize),
    /// A level file.
    File(PathBuf),
    /// A generated level.
    Seed(u64, Difficulty),
    /// A level given by its puzzle ID.
    Id(super::game::Params),
}

impl Args {
    /// What the arguments select. A `--level` made only of digits is a level number, anything
    /// else a file name (write `./12` for a file called `12`).
    #[must_use]
    pub fn choice(&self) -> LevelChoice {
        if let Some(params) = &self.id {
            return LevelChoice::Id(params.clone());
        }
        if let Some(seed) = self.seed {
            return LevelChoice::Seed(seed, self.difficulty.unwrap_or(Difficulty::Medium));
        }
        match &self.level {
            None => LevelChoice::Default,
            Some(text) => match text.parse::<usize>() {
                Ok(number) => LevelChoice::Shipped(number),
                Err(_) => LevelChoice::File(PathBuf::from(text)),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(words: &[&str]) -> Result<LevelChoice, clap::Error> {
        crate::games::entry::parse_args::<Args>("slide", words).map(|args| args.choice())
    }

    #[test]
    fn level_numbers_files_and_seeds() {
        assert_eq!(parse(&[]).expect("ok"), LevelChoice::Default);
        assert_eq!(
            parse(&["--level", "3"]).expect("ok"),
            LevelChoice::Shipped(3)
        );
        assert_eq!(
            parse(&["--level", "my.toml"]).expect("ok"),
            LevelChoice::File(PathBuf::from("my.toml"))
        );
        assert_eq!(
            parse(&["--seed", "42"]).expect("ok"),
            LevelChoice::Seed(42, Difficulty::Medium)
        );
        assert_eq!(
            parse(&["--seed", "42", "--difficulty", "hard"]).expect("ok"),
            LevelChoice::Seed(42, Difficulty::Hard)
        );
    }

    #[test]
    fn contradictions_are_usage_errors() {
        assert!(parse(&["--level", "3", "--seed", "4"]).is_err());
        assert!(parse(&["--difficulty", "easy"]).is_err());
        assert!(parse(&["--seed", "x"]).is_err());
        assert!(parse(&["--level", "0"]).is_err());
        assert!(parse(&["--level", "99"]).is_err());
        assert!(parse(&["--level", "21"]).is_ok());
    }
}
