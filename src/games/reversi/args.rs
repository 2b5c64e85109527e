//! The command line of `parlor reversi [BLACK WHITE]`.
//!
//! Both names or none (the menu's dialog, or "Black"/"White" in plain mode, fills them in);
//! one name alone is a usage error, because it is ambiguous which seat it was meant for,
//! unless `--computer` takes a seat: the command line checks that (`cli`), as the flag is
//! not the game's.

use super::plain::Players;

/// The example the usage message offers, as the seed's does (`Reversi Alice Bob`).
pub const USAGE_EXAMPLE: &str = "parlor reversi Alice Bob";

/// Arguments of the `reversi` subcommand: the two players' names, black first.
#[derive(Debug, Clone, PartialEq, Eq, Default, clap::Args)]
pub struct Args {
    /// Name of the player with the black pieces, who moves first (give both names or none).
    #[arg(value_name = "BLACK")]
    pub black: Option<String>,
    /// Name of the player with the white pieces.
    #[arg(value_name = "WHITE")]
    pub white: Option<String>,
}

impl Args {
    /// The players named on the command line, or `None` when no names were given and the
    /// caller should ask (new-game dialog) or use the defaults (plain mode).
    #[must_use]
    pub fn players(&self) -> Option<Players> {
        match (&self.black, &self.white) {
            (Some(black), Some(white)) => Some(Players {
                black: black.clone(),
                white: white.clone(),
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    /// A stand-in for the top-level command line, mounting `Args` as the real one does.
    #[derive(Debug, clap::Parser)]
    #[command(name = "parlor")]
    struct Cli {
        #[command(subcommand)]
        game: Game,
    }

    #[derive(Debug, clap::Subcommand)]
    enum Game {
        #[command(alias = "Reversi")]
        Reversi(Args),
    }

    fn parse(words: &[&str]) -> Result<Args, clap::Error> {
        let cli = Cli::try_parse_from(std::iter::once("parlor").chain(words.iter().copied()))?;
        let Game::Reversi(args) = cli.game;
        Ok(args)
    }

    #[test]
    fn two_names_or_none_are_accepted() {
        let args = parse(&["reversi", "Alice", "Bob"]).expect("two names");
        assert_eq!(
            args.players(),
            Some(Players {
                black: "Alice".into(),
                white: "Bob".into()
            })
        );
        let args = parse(&["Reversi"]).expect("no names");
        assert_eq!(args, Args::default());
        assert_eq!(args.players(), None);
    }

    #[test]
    fn three_names_are_a_usage_error() {
        // (One name alone is refused by the command line unless --computer takes a seat.)
        let err = parse(&["reversi", "Alice", "Bob", "Carol"]).expect_err("three names");
        assert_eq!(err.exit_code(), 2);
    }

    #[test]
    fn the_usage_example_parses() {
        let words: Vec<&str> = USAGE_EXAMPLE.split(' ').skip(1).collect();
        assert!(parse(&words).expect("example").players().is_some());
    }
}
