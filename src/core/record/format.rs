//! A game as a record ([`GameRecord`]) and a file format of records ([`RecordFormat`]): what
//! every game's `record.rs` fills in for its standard formats (GGF, PDN, column strings), as
//! plain data over the game's parameter and move types.
//!
//! Nothing here names a game or the `Game` trait, which lists a game's formats
//! (`Game::RECORD_FORMATS`): the types stay below it.

use super::error::{RecordError, WriteError};

/// What a record says about a game besides its moves, as written in the file (sanitized):
/// shown in lists of games and kept when the game is written again.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecordInfo {
    /// The event or tournament.
    pub event: Option<String>,
    /// The date, in the file's own form.
    pub date: Option<String>,
    /// The result as the file states it ("1-0", "+12").
    pub result: Option<String>,
}

/// The players and what the file says about the game: all a list of games shows, even for a
/// game whose moves do not read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecordHead {
    /// The seats' names, first seat first (empty for a puzzle and where the file has none).
    pub names: Vec<String>,
    /// Event, date and result.
    pub info: RecordInfo,
}

impl RecordHead {
    /// One line for a list of games: "Moorhead – Wyllie · Manchester 1841 · 1841 · 0-1".
    #[must_use]
    pub fn label(&self) -> String {
        let names = self
            .names
            .iter()
            .filter(|n| !n.is_empty())
            .cloned()
            .collect::<Vec<_>>()
            .join(" – ");
        [
            Some(names),
            self.info.event.clone(),
            self.info.date.clone(),
            self.info.result.clone(),
        ]
        .into_iter()
        .flatten()
        .filter(|part| !part.is_empty() && part != "?")
        .collect::<Vec<_>>()
        .join(" · ")
    }
}

/// One game as a record: the parameters it starts from, every move, and its head.
///
/// `P` and `M` are a game's parameters and move type; the moves have been replayed by the
/// game's rules when a reader returns a record, so a record is always a playable game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord<P, M> {
    /// Players and the file's information.
    pub head: RecordHead,
    /// The parameters of the start (a position set up, a level).
    pub params: P,
    /// The moves, in order.
    pub moves: Vec<M>,
}

/// A game of a file that does not read, with what its head said (so a list can show it).
#[derive(Debug)]
pub struct FailedGame {
    /// Players and information, as far as they were read (boxed: results carrying a
    /// failed game stay small).
    pub head: Box<RecordHead>,
    /// Why the game does not read.
    pub error: RecordError,
}

/// One game of a file: a record, or why it is not one. A database with one broken game still
/// opens its other games.
pub type Listed<P, M> = Result<GameRecord<P, M>, FailedGame>;

/// What a format's reader returns: every game of the file, or why the file as a whole does
/// not read.
pub type ReadResult<P, M> = Result<Vec<Listed<P, M>>, RecordError>;

/// A format's writer: the record as a file's text, or why the format cannot hold it.
pub type WriteFn<P, M> = fn(&GameRecord<P, M>) -> Result<String, WriteError>;

/// The most games one file may list (the largest WTHOR year has about 10 000).
pub const MAX_GAMES: usize = 100_000;

/// The largest record file read: WTHOR years are under a megabyte.
pub const MAX_RECORD_BYTES: u64 = 16 << 20;

/// A file format of game records for one game, as functions over plain data.
pub struct RecordFormat<P: 'static, M: 'static> {
    /// The name `parlor export --format` takes (`ggf`, `pdn`).
    pub id: &'static str,
    /// What people call it ("GGF", "PDN with the FEN tag").
    pub title: &'static str,
    /// The extension of exported files, without the dot.
    pub extension: &'static str,
    /// Whether the bytes are meant to be in this format (the shape, not the validity): the
    /// format that claims a file is the one whose errors are reported.
    pub sniff: fn(&[u8]) -> bool,
    /// Every game of the file.
    ///
    /// # Errors
    /// [`RecordError`] when the file as a whole does not read.
    pub read: fn(&[u8]) -> ReadResult<P, M>,
    /// The record as a file's text, if the format can be written.
    pub write: Option<WriteFn<P, M>>,
    /// Whether a written file keeps the whole game (the seed's Connect Four game file keeps
    /// only the position, so exports prefer another format).
    pub whole_game: bool,
}

/// The bytes as text for a text format; a UTF-8 byte order mark is skipped.
///
/// # Errors
/// [`RecordError`] with [`super::error::ErrorKind::NotText`].
pub fn text(bytes: &[u8]) -> Result<&str, RecordError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|_| RecordError::file(super::error::ErrorKind::NotText))
}

/// Text of a file that may be Latin-1 (older PDN and GGF files): UTF-8 when it is, else
/// every byte as its Latin-1 character. Never fails: every byte is a Latin-1 character.
#[must_use]
pub fn text_or_latin1(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    match text(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => std::borrow::Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_leave_out_what_is_unknown() {
        let head = RecordHead {
            names: vec!["Moorhead, W.".into(), "Wyllie, J.".into()],
            info: RecordInfo {
                event: Some("Manchester 1841".into()),
                date: Some("?".into()),
                result: Some("0-1".into()),
            },
        };
        assert_eq!(
            head.label(),
            "Moorhead, W. – Wyllie, J. · Manchester 1841 · 0-1"
        );
        assert_eq!(RecordHead::default().label(), "");
    }

    #[test]
    fn latin1_files_still_read() {
        assert_eq!(text_or_latin1(b"Tastet Marc"), "Tastet Marc");
        assert_eq!(text_or_latin1(b"Ren\xe9"), "René");
        assert_eq!(text(b"\xEF\xBB\xBFabc").expect("utf-8"), "abc");
    }
}
