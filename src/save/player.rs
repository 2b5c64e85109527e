//! A served player's display name (`parlor serve`): `player.toml` in their own folder under
//! the server's data directory, asked on their first visit and shown at the tables.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::save::store::StoreError;

/// The file's name in the player's folder.
pub const FILE: &str = "player.toml";

/// The longest display name, in characters.
pub const MAX_NAME: usize = 20;

/// The biggest `player.toml` read (a name is a few bytes).
const CAP: u64 = 16 * 1024;

#[derive(Serialize, Deserialize)]
struct PlayerFile {
    name: String,
}

/// A display name as typed made fit to show: unsafe characters dropped, spaces trimmed, at
/// most [`MAX_NAME`] characters; `None` when nothing is left.
#[must_use]
pub fn clean_name(typed: &str) -> Option<String> {
    let name = crate::core::text::clip(crate::core::text::sanitize(typed).trim(), MAX_NAME);
    let name = name.trim().to_string();
    (!name.is_empty()).then_some(name)
}

/// The name kept in `folder`, if there is a readable one (a broken file is as good as none:
/// the player is asked again).
#[must_use]
pub fn read_name(folder: &Path) -> Option<String> {
    let text = crate::save::reader::read_text(&folder.join(FILE), CAP).ok()?;
    let file: PlayerFile = toml::from_str(&text).ok()?;
    clean_name(&file.name)
}

/// Keeps `name` in `folder` (atomically).
///
/// # Errors
/// The store's error: the folder cannot be written.
pub fn write_name(folder: &Path, name: &str) -> Result<(), StoreError> {
    let text = toml::to_string(&PlayerFile {
        name: name.to_string(),
    })
    .map_err(StoreError::Encode)?;
    crate::save::store::write_atomic(&folder.join(FILE), &text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_cleaned_kept_and_read_back() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        assert_eq!(read_name(dir.path()), None);
        assert_eq!(
            clean_name("  \u{1b}[31mAnn\u{202e}  "),
            Some("[31mAnn".into())
        );
        assert_eq!(clean_name(" \t "), None);
        assert_eq!(
            clean_name(&"x".repeat(50)).map(|n| n.chars().count()),
            Some(MAX_NAME)
        );
        write_name(dir.path(), "Ann \"the\" Bold").expect("written");
        assert_eq!(read_name(dir.path()).as_deref(), Some("Ann \"the\" Bold"));
        std::fs::write(dir.path().join(FILE), "name = 3").expect("written");
        assert_eq!(read_name(dir.path()), None);
    }
}
