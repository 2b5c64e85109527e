//! Why a game record does not read, and where: every reader reports a [`RecordError`] with
//! its [`Place`] (line and column in a text file, the game and byte of a binary database), so
//! a person can open the file at the fault.

use crate::core::StartError;

/// A game's own error, kept whole as the source of a [`RecordError`].
pub type Source = Box<dyn std::error::Error + Send + Sync + 'static>;

/// Where in a file a fault is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// A text file: 1-based line, and column counted in characters.
    Text {
        /// The line, from 1.
        line: usize,
        /// The column, from 1, in characters.
        column: usize,
    },
    /// A binary database: the game (from 1) and the byte offset its record starts at.
    Record {
        /// The game, from 1.
        game: usize,
        /// Where its record starts in the file.
        offset: usize,
    },
    /// The file as a whole (empty, of no known format).
    File,
}

impl Place {
    /// The place of byte `offset` in `text` (clamped to the text).
    #[must_use]
    pub fn in_text(text: &str, offset: usize) -> Self {
        let mut end = offset.min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let before = &text[..end];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Self::Text { line, column }
    }
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Text { line, column } => write!(f, "line {line}, column {column}: "),
            Self::Record { game, offset } => write!(f, "game {game} (byte {offset}): "),
            Self::File => Ok(()),
        }
    }
}

/// What is wrong, one kind per fault a reader can meet.
#[derive(Debug, thiserror::Error)]
pub enum ErrorKind {
    /// The text does not follow the format's grammar here.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What the format allows here.
        expected: &'static str,
        /// What the file has (sanitized and cut).
        found: String,
    },
    /// A comment, a variation, a tag or a game that the file ends inside.
    #[error("the file ends inside {0}")]
    Unterminated(&'static str),
    /// Bytes that are not UTF-8 text where the format is text.
    #[error("the file is not text (UTF-8)")]
    NotText,
    /// A well-formed record of something Parlor does not play (10×10 draughts, anti-Othello).
    #[error("{what} {value} is not one Parlor plays ({plays})")]
    Unsupported {
        /// What the record names ("the game type", "the board size").
        what: &'static str,
        /// Its value in the file.
        value: String,
        /// What Parlor plays instead.
        plays: &'static str,
    },
    /// A tag whose value the game refuses (a position that is not one, a number out of range).
    #[error("the {tag} tag: {source}")]
    Tag {
        /// The tag's name.
        tag: String,
        /// The game's own reason.
        source: Source,
    },
    /// A part of the file that the game refuses (the seed file's position line).
    #[error("{what}: {source}")]
    Invalid {
        /// What the part is ("the position").
        what: &'static str,
        /// The game's own reason.
        source: Source,
    },
    /// A move that does not read, or that the rules refuse where it is played.
    #[error("move {number} ({text}): {reason}")]
    Move {
        /// Which move of the game, from 1.
        number: usize,
        /// The move as written (sanitized and cut).
        text: String,
        /// Why: the notation's or the rules' sentence.
        reason: String,
    },
    /// The start position the record describes is not one the game starts from.
    #[error(transparent)]
    Start(#[from] StartError),
    /// More games than a file may hold.
    #[error("more than {0} games in one file")]
    TooManyGames(usize),
    /// More moves than a game may have.
    #[error("more than {0} moves in one game")]
    TooManyMoves(usize),
    /// A binary file shorter than its header says.
    #[error("the file is cut short: {0}")]
    Truncated(String),
    /// A file with nothing in it that is a game.
    #[error("there is no game in the file")]
    Empty,
    /// A file that no game's format claims.
    #[error("not a game record Parlor reads (it reads {known})")]
    NotARecord {
        /// The formats Parlor reads, comma-separated.
        known: String,
    },
}

/// Why a game record could not be read: what and where. The `Display` is the sentence people
/// read ("line 3, column 7: move 5 (23-18): …").
#[derive(Debug, thiserror::Error)]
#[error("{place}{kind}")]
pub struct RecordError {
    /// Where the fault is.
    pub place: Place,
    /// What it is (boxed: results carrying the error stay small).
    pub kind: Box<ErrorKind>,
}

impl RecordError {
    /// A fault at a place.
    #[must_use]
    pub fn at(place: Place, kind: ErrorKind) -> Self {
        Self {
            place,
            kind: Box::new(kind),
        }
    }

    /// A fault of the file as a whole.
    #[must_use]
    pub fn file(kind: ErrorKind) -> Self {
        Self::at(Place::File, kind)
    }

    /// A move refused by the notation or the rules, quoting it safely.
    #[must_use]
    pub fn bad_move(place: Place, number: usize, text: &str, reason: &str) -> Self {
        Self::at(
            place,
            ErrorKind::Move {
                number,
                text: quote(text),
                reason: crate::core::text::clip(&crate::core::text::sanitize(reason), 200),
            },
        )
    }

    /// Text the grammar does not allow at `place`.
    #[must_use]
    pub fn expected(place: Place, expected: &'static str, found: &str) -> Self {
        let found = if found.is_empty() {
            "the end of the file".to_string()
        } else {
            format!("\"{}\"", quote(found))
        };
        Self::at(place, ErrorKind::Expected { expected, found })
    }
}

/// Text from a file made safe to show in a message: no control characters, at most 24
/// characters.
#[must_use]
pub fn quote(text: &str) -> String {
    crate::core::text::clip(&crate::core::text::sanitize(text), 24)
}

/// Why a game could not be written in a format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// The format cannot hold this game (a Pons column string has no start position).
    #[error("{0}")]
    Unsupported(&'static str),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_count_lines_and_characters() {
        let text = "ab\ncdé\nf";
        assert_eq!(Place::in_text(text, 0), Place::Text { line: 1, column: 1 });
        assert_eq!(Place::in_text(text, 3), Place::Text { line: 2, column: 1 });
        // After the two bytes of "é": the fourth character of line 2.
        assert_eq!(Place::in_text(text, 7), Place::Text { line: 2, column: 4 });
        // Inside a character, and past the end: clamped, never a panic.
        assert_eq!(Place::in_text(text, 6), Place::Text { line: 2, column: 3 });
        assert_eq!(Place::in_text(text, 99), Place::Text { line: 3, column: 2 });
    }

    #[test]
    fn messages_say_where_and_quote_safely() {
        let err = RecordError::bad_move(
            Place::Text { line: 4, column: 9 },
            7,
            "\u{1b}[2J23-18",
            "no piece",
        );
        assert_eq!(
            err.to_string(),
            "line 4, column 9: move 7 ([2J23-18): no piece"
        );
        let err = RecordError::expected(Place::File, "a tag", "");
        assert_eq!(err.to_string(), "expected a tag, found the end of the file");
    }
}
