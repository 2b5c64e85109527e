//! The command line of `parlor checkers [BLACK WHITE]`, as the seed has it
//! (`Checkers name1 name2`, black first).

/// The players' names, both or neither (the menu's names dialog asks for missing names).
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// Name of the player with the black pieces, who moves first.
    #[arg(requires = "white", value_parser = non_empty)]
    pub black: Option<String>,
    /// Name of the player with the white pieces.
    #[arg(value_parser = non_empty)]
    pub white: Option<String>,
}

impl Args {
    /// Both names when they were given: `(black, white)`.
    pub fn names(&self) -> Option<(String, String)> {
        Some((self.black.clone()?, self.white.clone()?))
    }
}

/// A name must show something in prompts such as `now is NAME's turn.`.
fn non_empty(text: &str) -> Result<String, String> {
    let name = text.trim();
    if name.is_empty() {
        Err("a player's name cannot be empty (example: parlor checkers Alice Bob)".into())
    } else {
        Ok(name.to_string())
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn parse(words: &[&str]) -> Result<Args, clap::Error> {
        Cli::try_parse_from(std::iter::once("checkers").chain(words.iter().copied()))
            .map(|c| c.args)
    }

    #[test]
    fn both_names_or_none() {
        assert_eq!(
            parse(&["Alice", "Bob"]).expect("two names").names(),
            Some(("Alice".into(), "Bob".into()))
        );
        assert_eq!(parse(&[]).expect("no names").names(), None);
        assert!(parse(&["Alice"]).is_err());
        assert!(parse(&["Alice", "Bob", "Carol"]).is_err());
        assert!(parse(&["Alice", " "]).is_err());
    }
}
