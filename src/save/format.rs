//! The save file: a versioned TOML envelope around a game's own `[state]` table.
//!
//! Reading is two steps, in the "parse, don't validate" style: the text becomes a [`SaveFile`]
//! (plain data, checked only for shape and version), then the game named in it turns `state`
//! into a valid game once, with a typed [`SaveError`]. Nothing downstream checks again.

use serde::{Deserialize, Serialize};

/// The save format this build writes and the newest it reads.
pub const FORMAT: u32 = 1;

/// The program and version written into every save and records file (`written_by`), beside
/// their format version: which Parlor wrote a file, for a bug report or a future migration.
pub const WRITTEN_BY: &str = concat!("parlor ", env!("CARGO_PKG_VERSION"));

/// Serializes a `written_by` field: always [`WRITTEN_BY`], whatever the file read said, since
/// the file is now written by this program.
///
/// # Errors
/// The serializer's.
#[allow(clippy::ref_option)] // serde's `serialize_with` passes the field by reference
pub fn this_program<S: serde::Serializer>(
    _read: &Option<String>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(WRITTEN_BY)
}

/// A `written_by` field as read: shown only as one clean line, so sanitized and cut like a
/// title; absent in files of Parlor 0.1.0 written before the field existed.
///
/// # Errors
/// The deserializer's (a value that is not a string).
pub fn program_read<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<String>, D::Error> {
    let read: Option<String> = Option::deserialize(deserializer)?;
    Ok(read.map(|text| crate::core::text::clip(&crate::core::text::sanitize(&text), 60)))
}

/// The largest save file read at all: real saves are a few kilobytes, so anything bigger is
/// refused before parsing (bounded memory for untrusted files).
pub const MAX_SAVE_BYTES: u64 = 1 << 20;

/// Why a save could not be read. Each variant prints as one sentence for the load screen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    /// The file could not be read.
    #[error("cannot read the file: {0}")]
    Io(String),
    /// The file is larger than any save.
    #[error("the file is too large to be a save ({0} bytes)")]
    TooLarge(u64),
    /// Not TOML, or a field of the envelope is missing or of the wrong type.
    #[error("not a Parlor save: {0}")]
    Malformed(String),
    /// Written by a newer Parlor.
    #[error("saved by a newer version of Parlor (format {0}); this version reads format {FORMAT}")]
    NewerFormat(u32),
    /// The game named in the file is not one Parlor has.
    #[error("unknown game {0:?}")]
    UnknownGame(String),
    /// The game's own state is missing a field or has a wrong value.
    #[error("the game state is invalid: {0}")]
    BadState(String),
    /// A recorded move is not legal where it was played.
    #[error("move {number} ({text}) is not legal: {reason}")]
    BadMove {
        /// 1-based move number.
        number: usize,
        /// The move as written.
        text: String,
        /// Why the rules refuse it.
        reason: String,
    },
    /// The board written in the save is not the one the moves lead to.
    #[error("the board in the file does not match its moves")]
    RowsMismatch,
}

impl From<super::reader::ReadError> for SaveError {
    fn from(err: super::reader::ReadError) -> Self {
        use super::reader::ReadError;
        match err {
            ReadError::TooLarge { size, .. } => Self::TooLarge(size),
            ReadError::NotText => Self::Malformed("the file is not text (UTF-8)".into()),
            other => Self::Io(other.to_string()),
        }
    }
}

/// A save as plain data: the envelope checked, the game state not yet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    /// Save format version ([`FORMAT`]).
    pub format: u32,
    /// The Parlor that wrote the file (`parlor 0.1.0`), as read; every write puts this
    /// program's [`WRITTEN_BY`] there. `None` for files written before the field existed.
    #[serde(
        default,
        serialize_with = "this_program",
        deserialize_with = "program_read"
    )]
    pub written_by: Option<String>,
    /// The game's registry id (`connect4`).
    pub game: String,
    /// When it was saved, RFC 3339 UTC.
    pub saved_at: String,
    /// What the load screen calls it ("Alice vs Bob").
    pub title: String,
    /// Written by Parlor itself when the game was interrupted (Ctrl-C twice, a closed
    /// terminal, input ending), not by the player: the load screen marks it. Absent in files
    /// of older versions and in the player's own saves.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub autosave: bool,
    /// The file's name without `.toml`: a save overwrites only its own file.
    #[serde(skip)]
    pub id: String,
    /// What this save may replace: the revision of `<id>.toml` as this game last read or
    /// wrote it, `None` for a game never saved there. Writing checks the file still is that
    /// revision (see [`crate::save::store::store_save`]), so a save never silently replaces
    /// another game or another Parlor's later moves.
    #[serde(skip)]
    pub base: Option<Revision>,
    /// The game's own table.
    pub state: toml::Table,
}

/// One version of a file's contents: a fingerprint (64-bit FNV-1a) of its exact bytes. Two
/// files with the same revision hold the same game at the same move; any change (another
/// move, another game, a rename) gives another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Revision(u64);

impl Revision {
    /// The revision of these bytes.
    #[must_use]
    pub fn of(bytes: &[u8]) -> Self {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in bytes {
            hash ^= u64::from(*byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        Self(hash ^ bytes.len() as u64)
    }
}

impl std::fmt::Display for Revision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

#[derive(Deserialize)]
struct VersionOnly {
    format: Option<toml::Value>,
}

impl SaveFile {
    /// Reads the envelope from a file's text.
    ///
    /// # Errors
    /// [`SaveError::Malformed`] or [`SaveError::NewerFormat`].
    pub fn parse(text: &str, id: &str) -> Result<Self, SaveError> {
        let version: VersionOnly = toml::from_str(text)
            .map_err(|err| SaveError::Malformed(toml_error_line(&err, text)))?;
        match version.format {
            Some(toml::Value::Integer(n)) if n > i64::from(FORMAT) => {
                return Err(SaveError::NewerFormat(u32::try_from(n).unwrap_or(u32::MAX)));
            }
            Some(toml::Value::Integer(n)) if n >= 1 => {}
            Some(_) => {
                return Err(SaveError::Malformed(
                    "format must be a positive number".into(),
                ));
            }
            None => return Err(SaveError::Malformed("no format version".into())),
        }
        let mut file: Self = toml::from_str(text)
            .map_err(|err| SaveError::Malformed(toml_error_line(&err, text)))?;
        file.id = id.to_string();
        // The title is shown on the load screen and in messages: never raw text from a file.
        file.title = crate::core::text::clip(&crate::core::text::sanitize(&file.title), 120);
        Ok(file)
    }

    /// The file's text.
    ///
    /// # Errors
    /// Only if a game put a value TOML cannot hold into its state (a bug, reported not hidden).
    pub fn to_text(&self) -> Result<String, toml::ser::Error> {
        toml::to_string(self)
    }
}

/// Deserializes a game's `[state]` table into its plain-data type.
///
/// # Errors
/// [`SaveError::BadState`] naming the field.
pub fn state_from_table<T: serde::de::DeserializeOwned>(
    table: &toml::Table,
) -> Result<T, SaveError> {
    toml::Value::Table(table.clone())
        .try_into()
        .map_err(|err: toml::de::Error| SaveError::BadState(toml_error_line(&err, "")))
}

/// Why a game could not be put into a save: only a bug in a game's state type, reported
/// ("Cannot save: …") rather than hidden.
#[derive(Debug, thiserror::Error)]
pub enum EncodeError {
    /// A value TOML has no form for.
    #[error(transparent)]
    Toml(#[from] toml::ser::Error),
    /// The state is not a table of fields (a bare number or list), so it cannot be `[state]`.
    #[error("a game state must serialize to a table")]
    NotATable,
}

/// Serializes a game's plain-data state into a `[state]` table.
///
/// # Errors
/// [`EncodeError`] if the value cannot be represented in TOML (a bug in the game's state
/// type).
pub fn state_to_table<T: Serialize>(state: &T) -> Result<toml::Table, EncodeError> {
    match toml::Value::try_from(state)? {
        toml::Value::Table(table) => Ok(table),
        _ => Err(EncodeError::NotATable),
    }
}

/// A TOML error as one safe line: where (when the error knows) and what, without the caret
/// diagram. The diagram quotes the file's own text, which may hold escape sequences, and the
/// load screen and status line show one line; so the message is sanitized and cut too.
#[must_use]
pub fn toml_error_line(err: &toml::de::Error, text: &str) -> String {
    let place = err
        .span()
        .filter(|span| span.start <= text.len() && text.is_char_boundary(span.start))
        .map(|span| {
            let before = &text[..span.start];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("line {line}, column {column}: ")
        })
        .unwrap_or_default();
    let message = crate::core::text::sanitize(&err.message().replace('\n', " "));
    crate::core::text::clip(&format!("{place}{message}"), 160)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "format = 1\ngame = \"connect4\"\nsaved_at = \"2026-11-22T10:04:00Z\"\ntitle = \"A vs B\"\n[state]\nmoves = [\"4\"]\n";

    #[test]
    fn a_good_envelope_round_trips() {
        let file = SaveFile::parse(GOOD, "abc").expect("valid");
        assert_eq!(file.game, "connect4");
        assert_eq!(file.id, "abc");
        assert_eq!(file.written_by, None, "written before the field existed");
        let text = file.to_text().expect("serializable");
        assert!(
            text.starts_with(&format!("format = 1\nwritten_by = \"{WRITTEN_BY}\"\n")),
            "{text}"
        );
        let again = SaveFile::parse(&text, "abc").expect("valid");
        assert_eq!(again.written_by.as_deref(), Some(WRITTEN_BY));
        assert_eq!(
            SaveFile {
                written_by: None,
                ..again
            },
            file
        );
    }

    #[test]
    fn written_by_is_read_clean_and_always_rewritten_as_this_program() {
        let text = GOOD.replace(
            "format = 1\n",
            "format = 1\nwritten_by = \"parlor 9.9.9\\u001b[2J\"\n",
        );
        let file = SaveFile::parse(&text, "x").expect("valid");
        assert_eq!(file.written_by.as_deref(), Some("parlor 9.9.9[2J"));
        let again = file.to_text().expect("serializable");
        assert!(
            again.contains(&format!("written_by = \"{WRITTEN_BY}\"")),
            "{again}"
        );
        assert!(
            SaveFile::parse(
                &GOOD.replace("format = 1\n", "format = 1\nwritten_by = 3\n"),
                "x"
            )
            .is_err(),
            "not a string"
        );
    }

    #[test]
    fn bad_envelopes_are_typed_errors() {
        assert!(matches!(
            SaveFile::parse("not toml [", "x"),
            Err(SaveError::Malformed(_))
        ));
        assert!(matches!(
            SaveFile::parse("game = \"x\"", "x"),
            Err(SaveError::Malformed(_))
        ));
        assert_eq!(
            SaveFile::parse(&GOOD.replace("format = 1", "format = 9"), "x"),
            Err(SaveError::NewerFormat(9))
        );
        assert!(matches!(
            SaveFile::parse(&GOOD.replace("format = 1", "format = \"1\""), "x"),
            Err(SaveError::Malformed(_))
        ));
        let truncated = &GOOD[..GOOD.len() / 2];
        assert!(SaveFile::parse(truncated, "x").is_err());
    }

    #[test]
    fn toml_errors_are_one_safe_line_that_does_not_quote_the_file() {
        let Err(SaveError::Malformed(message)) =
            SaveFile::parse("format = 1\n\u{1b}]0;pwned\u{7} = [", "x")
        else {
            panic!("malformed text parsed");
        };
        assert!(message.starts_with("line 2, column "), "{message}");
        assert!(!message.contains("pwned"), "{message}");
        assert!(!message.chars().any(char::is_control), "{message}");
    }
}
