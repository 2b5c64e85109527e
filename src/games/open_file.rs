//! Opening a file a person names (on the command line or on the load screen): a Parlor save
//! or a game record in any registered game's format (GGF, PDN, a WTHOR database…), whichever
//! it turns out to be. Here, beside the registry, so the app and the command line both use it
//! without one importing the other.

use std::path::Path;

use crate::core::record::error::{ErrorKind, RecordError};
use crate::core::record::format::MAX_RECORD_BYTES;
use crate::games::registry::Registry;
use crate::record::erased::{AnyRecord, Imported};
use crate::save::format::{MAX_SAVE_BYTES, SaveError, SaveFile};
use crate::screen::{Ctx, Screen};

/// Why a file could not be opened. The command line prints it after the file's name, the load
/// screen shows it; the kind says which reader got how far.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The file could not be read at all (missing, too large).
    #[error(transparent)]
    Read(SaveError),
    /// A Parlor save whose game refuses it (an illegal move, a bad state).
    #[error(transparent)]
    Save(SaveError),
    /// A game record whose format is known but whose content does not read: where and why.
    #[error(transparent)]
    Record(RecordError),
    /// Neither a Parlor save nor a game record of any format: both readers' reasons, the one
    /// the extension suggests first.
    #[error("{}", if *.save_first { format!("{save}; {record}") } else { format!("{record}; {save}") })]
    Neither {
        /// Why it is not a Parlor save.
        save: SaveError,
        /// Why it is not a game record.
        record: RecordError,
        /// Whether the save's reason leads (the file is named `.toml`).
        save_first: bool,
    },
}

/// What a file holds.
pub enum Opened {
    /// A save, or a record of one game: its screen.
    Game(Box<dyn Screen>),
    /// A record file of several games (a PDN collection, a WTHOR year): the games to choose
    /// from, and the file's name to show above them.
    Games {
        /// The file's name.
        name: String,
        /// Every game of the file, readable or not.
        games: Vec<Imported>,
    },
}

/// Opens a file named on the command line or typed on the load screen: a Parlor save, or a
/// game record in any registered game's format.
///
/// # Errors
/// [`OpenError`]: unreadable, a save its game refuses, a record that does not read, or
/// neither a save nor a record.
pub fn open_file(path: &Path, games: Registry, ctx: &Ctx) -> Result<Opened, OpenError> {
    log::info!("opening {}", path.display());
    let bytes = crate::save::store::read_bytes_limited(path, MAX_RECORD_BYTES.max(MAX_SAVE_BYTES))
        .map_err(OpenError::Read)?;
    let save_error = match std::str::from_utf8(&bytes) {
        Ok(text) if bytes.len() as u64 <= MAX_SAVE_BYTES => {
            match SaveFile::parse(text, &file_id(path)) {
                Ok(mut file) => {
                    // What saving it may replace: `saves/<id>.toml` only while it holds
                    // exactly what was read here (the same file, or a copy of it); anything
                    // else there is another game, and saving asks first.
                    file.base = Some(crate::save::format::Revision::of(text.as_bytes()));
                    return games
                        .open(&file, ctx)
                        .map(|(_, screen)| Opened::Game(screen))
                        .map_err(OpenError::Save);
                }
                Err(err) => err,
            }
        }
        Ok(_) => SaveError::TooLarge(bytes.len() as u64),
        Err(_) => SaveError::Malformed("the file is not text (UTF-8)".into()),
    };
    let mut found = match games.read_records(&bytes) {
        Ok(games) => games,
        Err(record) if matches!(*record.kind, ErrorKind::NotARecord { .. }) => {
            // Neither reader knows the file: lead with the one its extension suggests.
            return Err(OpenError::Neither {
                save: save_error,
                record,
                save_first: path.extension().is_some_and(|ext| ext == "toml"),
            });
        }
        Err(record) => return Err(OpenError::Record(record)),
    };
    if found.len() == 1
        && let Some(only) = found.pop()
    {
        let record = only.record.map_err(OpenError::Record)?;
        return open_record(record.as_ref(), only.game, games, ctx)
            .map(Opened::Game)
            .map_err(OpenError::Save);
    }
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    Ok(Opened::Games {
        name: crate::core::text::clip(&crate::core::text::sanitize(&name), 60),
        games: found,
    })
}

/// Opens one game read from a record file (of game `game`, its registry id) as a replay
/// from its first move.
///
/// # Errors
/// [`SaveError`] if the game does not open (never expected: a record has been replayed
/// already when it is read).
pub fn open_record(
    record: &dyn AnyRecord,
    game: &str,
    games: Registry,
    ctx: &Ctx,
) -> Result<Box<dyn Screen>, SaveError> {
    let save = record.to_save(&crate::save::store::new_id(game), ctx.now)?;
    games.open_review(&save, ctx)
}

/// A save's id from the file name, when it is one Parlor could have written.
fn file_id(path: &Path) -> String {
    path.file_stem()
        .and_then(|s| s.to_str())
        .filter(|s| crate::save::store::valid_id(s))
        .map_or_else(|| crate::save::store::new_id("imported"), str::to_string)
}
