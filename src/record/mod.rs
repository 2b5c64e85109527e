//! Game records in and out of Parlor: standard formats of other programs (Reversi's GGF,
//! transcripts and WTHOR databases, Checkers' PDN, Connect Four's column strings) and
//! Parlor's own notation for every game (docs/NOTATION.md).
//!
//! Pure: each game writes its formats in its folder's `record.rs` as a
//! [`RecordFormat`](crate::core::record::format::RecordFormat) over its parameters and moves
//! (the vocabulary of records lives in [`crate::core::record`], below the `Game` trait that
//! lists them in `Game::RECORD_FORMATS`); here, above the saves: [`parlor`] is Parlor's own
//! notation, which every game reads and writes, [`erased::RecordFunctions`] turns a game's
//! formats into the functions its registry entry holds, and [`read_any`] asks every
//! registered game in turn which format a file is in. A file becomes games once, with a typed
//! [`RecordError`] that says where it went wrong.

pub mod erased;
pub mod parlor;

use crate::core::record::error::{ErrorKind, RecordError};
use erased::{Imported, RecordFunctions};

/// Reads a record file with whichever registered game's format claims it (games in registry
/// order, each game's formats in its order, Parlor's notation last).
///
/// # Errors
/// [`RecordError`]: the claiming format's reason, or [`ErrorKind::NotARecord`] when no
/// format claims the file.
pub fn read_any<'a>(
    bytes: &[u8],
    games: impl IntoIterator<Item = &'a RecordFunctions> + Clone,
) -> Result<Vec<Imported>, RecordError> {
    if let Some(result) = games
        .clone()
        .into_iter()
        .find_map(|game| (game.read)(bytes))
    {
        return result;
    }
    // Every game's own formats, then Parlor's notation, which every game reads.
    let mut known: Vec<&str> = Vec::new();
    for game in games {
        for format in (game.formats)() {
            if format.id != parlor::ID && !known.contains(&format.title) {
                known.push(format.title);
            }
        }
    }
    known.push(parlor::TITLE);
    Err(RecordError::file(ErrorKind::NotARecord {
        known: known.join(", "),
    }))
}
