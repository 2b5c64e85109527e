//! The command line of `parlor magic-square [SIZE [MIN]]` (the seed's extra credit: one number
//! is the board side, a second one the lowest piece).

use super::rules::{
    DEFAULT_MIN, DEFAULT_SIZE, MAX_SIZE, MagicSquare, Params, SAFE_MIN, SetupError,
};

/// Positional board side and lowest piece. Both ranges are checked by clap so `parlor
/// magic-square 10` is a usage error (exit 2); MIN may be negative (`parlor magic-square 3 -9`)
/// and is limited to [`SAFE_MIN`] (about ±10¹⁷), where every size's sums fit in 64 bits.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// Squares on a side, 1 to 9 (default 3).
    #[arg(value_name = "SIZE", value_parser = clap::value_parser!(u8).range(1..=i64::from(MAX_SIZE)))]
    pub size: Option<u8>,
    /// The lowest piece; the others follow it (default 1, may be negative).
    #[arg(
        value_name = "MIN",
        requires = "size",
        allow_negative_numbers = true,
        value_parser = clap::value_parser!(i64).range(SAFE_MIN)
    )]
    pub min: Option<i64>,
    /// A board side and lowest piece by puzzle ID (`magic-1-3-n9-…`, shown on the screen).
    #[arg(long, value_name = "ID", conflicts_with = "size", value_parser = crate::core::game::read_puzzle_id::<super::game::MagicSquareGame>)]
    pub id: Option<Params>,
}

impl Args {
    /// The parameters asked for, defaults filled in.
    pub fn params(&self) -> Params {
        if let Some(params) = self.id {
            return params;
        }
        Params {
            size: self.size.unwrap_or(DEFAULT_SIZE),
            min: self.min.unwrap_or(DEFAULT_MIN),
        }
    }

    /// The empty board to start with.
    ///
    /// # Errors
    /// [`SetupError`] never for values clap accepted (both are range-checked); kept so a
    /// hand-built `Args` is checked too.
    pub fn start(&self) -> Result<MagicSquare, SetupError> {
        MagicSquare::new(self.params())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Cli {
        #[command(subcommand)]
        game: Game,
    }

    #[derive(Debug, clap::Subcommand)]
    enum Game {
        #[command(alias = "MagicSquare")]
        MagicSquare(Args),
    }

    fn parse(words: &[&str]) -> Result<Args, clap::Error> {
        let Game::MagicSquare(args) = Cli::try_parse_from(["parlor"].iter().chain(words))?.game;
        Ok(args)
    }

    #[test]
    fn defaults_and_positional_values() {
        assert_eq!(
            parse(&["magic-square"]).map(|a| a.params()).ok(),
            Some(Params::default())
        );
        assert_eq!(
            parse(&["magic-square", "1"]).map(|a| a.params()).ok(),
            Some(Params { size: 1, min: 1 })
        );
        assert_eq!(
            parse(&["MagicSquare", "3", "-9"]).map(|a| a.params()).ok(),
            Some(Params { size: 3, min: -9 })
        );
        assert_eq!(
            parse(&["magic-square", "9", &SAFE_MIN.start().to_string()])
                .map(|a| a.params())
                .ok(),
            Some(Params {
                size: 9,
                min: *SAFE_MIN.start()
            })
        );
    }

    #[test]
    fn an_id_gives_the_same_parameters_and_a_typo_is_a_usage_error() {
        use crate::core::Game;
        let params = Params { size: 4, min: -9 };
        let id = super::super::game::MagicSquareGame::puzzle_id(&params)
            .expect("an ID")
            .to_string();
        assert_eq!(
            parse(&["magic-square", "--id", &id])
                .map(|a| a.params())
                .ok(),
            Some(params)
        );
        let typo = id.replacen('4', "5", 1);
        let err = parse(&["magic-square", "--id", &typo]).expect_err("a typo");
        assert_eq!(err.exit_code(), 2);
        assert!(err.to_string().contains("check characters"), "{err}");
        let err = parse(&["magic-square", "--id", "slide-s4"]).expect_err("another game's");
        assert!(err.to_string().contains("not a Magic Square ID"), "{err}");
        assert!(parse(&["magic-square", "3", "--id", &id]).is_err());
    }

    #[test]
    fn out_of_range_values_are_usage_errors() {
        for words in [
            &["magic-square", "0"][..],
            &["magic-square", "10"],
            &["magic-square", "-3"],
            &["magic-square", "three"],
            &["magic-square", "3", "x"],
            &["magic-square", "3", "99999999999999999999"],
            &["magic-square", "1", "9223372036854775807"],
            &["magic-square", "9", "-9223372036854775808"],
            &["magic-square", "3", "1", "5"],
        ] {
            let err = parse(words).expect_err("usage error");
            assert_eq!(err.exit_code(), 2, "{words:?}: {err}");
        }
    }

    #[test]
    fn start_checks_hand_built_arguments() {
        let args = Args {
            size: Some(3),
            min: Some(i64::MAX),
            id: None,
        };
        assert_eq!(
            args.start(),
            Err(SetupError::Overflow {
                size: 3,
                min: i64::MAX
            })
        );
        let top = SAFE_MIN.end().to_string();
        let args = parse(&["magic-square", "9", top.as_str()]).expect("parses");
        assert!(args.start().is_ok());
    }
}
