//! The command line of `parlor checkers [BLACK WHITE]`, as the seed has it
//! (`Checkers name1 name2`, black first).

/// The players' names, both or neither (the menu's names dialog asks for missing names); one
/// name alone only with `--computer`, a rule the command line checks (`cli`) since that flag
/// is not the game's.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// Name of the player with the black pieces, who moves first.
    #[arg(value_parser = non_empty)]
    pub black: Option<String>,
    /// Name of the player with the white pieces.
    #[arg(value_parser = non_empty)]
    pub white: Option<String>,
}

/// A name given as nothing but spaces, refused while the command line is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a player's name cannot be empty (example: parlor checkers Alice Bob)")]
pub struct EmptyName;

/// A name must show something in prompts such as `now is NAME's turn.`.
fn non_empty(text: &str) -> Result<String, EmptyName> {
    let name = text.trim();
    if name.is_empty() {
        Err(EmptyName)
    } else {
        Ok(name.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(words: &[&str]) -> Result<Args, clap::Error> {
        crate::games::entry::parse_args("checkers", words)
    }

    #[test]
    fn both_names_or_none() {
        let both = parse(&["Alice", "Bob"]).expect("two names");
        assert_eq!(
            (both.black.as_deref(), both.white.as_deref()),
            (Some("Alice"), Some("Bob"))
        );
        assert_eq!(parse(&[]).expect("no names"), Args::default());
        // One name alone is refused by the command line unless --computer takes a seat
        // (tests/cli.rs), not by the game's own arguments.
        assert!(parse(&["Alice", "Bob", "Carol"]).is_err());
        assert!(parse(&["Alice", " "]).is_err());
    }
}
