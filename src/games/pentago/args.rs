//! Pentago's command line: `parlor pentago [X_NAME O_NAME]`.

/// The players' names, both or neither: a single name would leave it unclear which side it
/// belongs to, so clap refuses it as a usage error.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// Name of the player with X, who moves first.
    #[arg(value_name = "X_NAME")]
    pub x_name: Option<String>,
    /// Name of the player with O.
    #[arg(value_name = "O_NAME")]
    pub o_name: Option<String>,
}

impl Args {
    /// The two names to show, falling back to the piece letters when none were given.
    #[must_use]
    pub fn names(&self) -> [String; 2] {
        [
            self.x_name.clone().unwrap_or_else(|| "X".into()),
            self.o_name.clone().unwrap_or_else(|| "O".into()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(words: &[&str]) -> Result<Args, clap::Error> {
        crate::games::entry::parse_args("pentago", words)
    }

    #[test]
    fn names_are_both_or_none() {
        let none = parse(&[]).expect("no names is fine");
        assert_eq!(none, Args::default());
        assert_eq!(none.names(), ["X".to_string(), "O".to_string()]);
        let both = parse(&["Ann", "Bob"]).expect("two names");
        assert_eq!(both.x_name.as_deref(), Some("Ann"));
        assert_eq!(both.o_name.as_deref(), Some("Bob"));
        // One name alone is refused by the command line unless --computer takes a seat
        // (tests/cli.rs), not by the game's own arguments.
        assert!(parse(&["Ann", "Bob", "Cy"]).is_err());
    }
}
