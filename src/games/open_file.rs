//! Opening a file a person names (on the command line or on the load screen): a Parlor save
//! or a game file in a seed's format, whichever it turns out to be. Here, beside the registry,
//! so the app and the command line both use it without one importing the other.

use std::path::Path;

use crate::games::registry::{self, GAMES};
use crate::save::format::SaveFile;
use crate::screen::{Ctx, Screen};

/// Opens a file named on the command line or typed on the load screen: a Parlor save, or a
/// game file in a seed's format.
///
/// # Errors
/// One sentence saying why it is neither.
pub fn open_file(path: &Path, ctx: &Ctx) -> Result<Box<dyn Screen>, String> {
    log::info!("opening {}", path.display());
    let text = crate::save::store::read_limited(path, crate::save::format::MAX_SAVE_BYTES)
        .map_err(|e| e.to_string())?;
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
                .map_err(|e| e.to_string());
        }
        Err(err) => err,
    };
    let mut reasons = Vec::new();
    for game in GAMES {
        if let Some(import) = game.import {
            match import(&text, ctx) {
                Ok(screen) => return Ok(screen),
                Err(err) => reasons.push(format!("not a {} game file ({err})", game.title)),
            }
        }
    }
    // Both readers failed: lead with the one the file was most likely meant for, by its
    // extension, so a typo in a game file is not buried under a TOML parser's complaint.
    let reasons = reasons.join("; ");
    if path.extension().is_some_and(|ext| ext == "toml") {
        Err(format!("{save_error}; {reasons}"))
    } else {
        Err(format!("{reasons}; {save_error}"))
    }
}
