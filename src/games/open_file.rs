//! Opening a file a person names (on the command line or on the load screen): a Parlor save
//! or a game file in a seed's format, whichever it turns out to be. Here, beside the registry,
//! so the app and the command line both use it without one importing the other.

use std::path::Path;

use crate::games::error::LaunchError;
use crate::games::registry::{self, GAMES};
use crate::save::format::{SaveError, SaveFile};
use crate::screen::{Ctx, Screen};

/// Why a file could not be opened. The command line prints it after the file's name, the load
/// screen shows it; the kind says which reader got how far.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The file could not be read at all (missing, too large, not text).
    #[error(transparent)]
    Read(SaveError),
    /// A Parlor save whose game refuses it (an illegal move, a bad state).
    #[error(transparent)]
    Save(SaveError),
    /// Neither a Parlor save nor a game file in any seed's format: each reader's reason, the
    /// one the extension suggests first.
    #[error("{}", neither_text(.save, .imports, *.save_first))]
    Neither {
        /// Why it is not a Parlor save.
        save: SaveError,
        /// Why it is not each game's seed-format file: the game's title and the reason.
        imports: Vec<(&'static str, LaunchError)>,
        /// Whether the save's reason leads (the file is named `.toml`).
        save_first: bool,
    },
}

/// The sentence of [`OpenError::Neither`]: every reader's reason, separated by `; `.
fn neither_text(
    save: &SaveError,
    imports: &[(&'static str, LaunchError)],
    save_first: bool,
) -> String {
    let reasons = imports
        .iter()
        .map(|(title, err)| format!("not a {title} game file ({err})"))
        .collect::<Vec<_>>()
        .join("; ");
    if save_first {
        format!("{save}; {reasons}")
    } else {
        format!("{reasons}; {save}")
    }
}

/// Opens a file named on the command line or typed on the load screen: a Parlor save, or a
/// game file in a seed's format.
///
/// # Errors
/// [`OpenError`]: unreadable, a save its game refuses, or neither a save nor a game file.
pub fn open_file(path: &Path, ctx: &Ctx) -> Result<Box<dyn Screen>, OpenError> {
    log::info!("opening {}", path.display());
    let text = crate::save::store::read_limited(path, crate::save::format::MAX_SAVE_BYTES)
        .map_err(OpenError::Read)?;
    let id = path
        .file_stem()
        .and_then(|s| s.to_str())
        .filter(|s| {
            s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        })
        .map_or_else(|| crate::save::store::new_id("imported"), str::to_string);
    let save_error = match SaveFile::parse(&text, &id) {
        Ok(file) => {
            return registry::open(&file, ctx)
                .map(|(_, screen)| screen)
                .map_err(OpenError::Save);
        }
        Err(err) => err,
    };
    let mut imports = Vec::new();
    for game in GAMES {
        if let Some(import) = game.screens.import {
            match import(&text, ctx) {
                Ok(screen) => return Ok(screen),
                Err(err) => imports.push((game.title, err)),
            }
        }
    }
    // Both readers failed: lead with the one the file was most likely meant for, by its
    // extension, so a typo in a game file is not buried under a TOML parser's complaint.
    Err(OpenError::Neither {
        save: save_error,
        imports,
        save_first: path.extension().is_some_and(|ext| ext == "toml"),
    })
}
