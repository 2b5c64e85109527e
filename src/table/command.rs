//! The commands a player may give after the host (`ssh -t HOST join K7PX`): the only ones a
//! Parlor server runs, read here once into what they ask for.

use super::{CodeError, TableCode};

/// What a command after the host asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ServedCommand {
    /// `tables`: the open tables, one per line, and nothing else (no terminal needed).
    Tables,
    /// `join CODE`: the arcade, straight at that table (a seat, or watching).
    Join(TableCode),
    /// `GAME --table`: the arcade, at a new table of that game (the name as typed: the
    /// registry reads it, aliases included).
    Open(String),
}

/// Why a command is not one of those.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// `join` with a code that is not one.
    #[error("{0}")]
    Code(#[from] CodeError),
    /// Anything else.
    #[error("this server runs only `tables`, `join CODE` and `GAME --table`")]
    Unknown,
}

impl std::str::FromStr for ServedCommand {
    type Err = CommandError;

    fn from_str(text: &str) -> Result<Self, CommandError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["tables"] => Ok(Self::Tables),
            ["join", code] => Ok(Self::Join(code.parse()?)),
            [game, "--table"] | ["--table", game] if !game.starts_with('-') => {
                Ok(Self::Open((*game).to_string()))
            }
            _ => Err(CommandError::Unknown),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_commands_read_and_nothing_else() {
        assert_eq!("tables".parse(), Ok(ServedCommand::Tables));
        assert_eq!(
            " join k7px ".parse(),
            Ok(ServedCommand::Join("K7PX".parse().expect("a code")))
        );
        assert_eq!(
            "connect4 --table".parse(),
            Ok(ServedCommand::Open("connect4".into()))
        );
        assert_eq!(
            "join K7P0".parse::<ServedCommand>(),
            Err(CommandError::Code(CodeError::Character('0')))
        );
        for refused in [
            "",
            "ls",
            "connect4",
            "join",
            "tables now",
            "--table --table",
        ] {
            assert_eq!(
                refused.parse::<ServedCommand>(),
                Err(CommandError::Unknown),
                "{refused:?}"
            );
        }
    }
}
