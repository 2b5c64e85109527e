//! The load screen's list: every save in the folder, fully validated by its game, newest first.
//! An unreadable file stays in the list with its reason, so the user sees it and can delete it.

use std::path::{Path, PathBuf};

use super::format::{SaveError, SaveFile};
use super::store;

/// What the load screen shows about a save that loads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveSummary {
    /// The game's title ("Connect Four").
    pub game_title: String,
    /// The players ("Alice vs Bob"), or the puzzle's parameters ("5×5 from 1").
    pub players: String,
    /// A one-person puzzle: [`SaveSummary::players`] then holds its setup, and is labelled
    /// so.
    pub puzzle: bool,
    /// Moves made so far.
    pub moves: usize,
    /// Whose turn, or the outcome once finished ("Bob (o) to move", "Alice won").
    pub status: String,
    /// Whether the game can still be played on (for "Continue").
    pub unfinished: bool,
    /// A few lines of text drawing the board small.
    pub preview: Vec<String>,
}

/// One file in the saves folder.
#[derive(Debug, Clone, PartialEq)]
pub struct CatalogEntry {
    /// The file.
    pub path: PathBuf,
    /// The file name without extension (what `Delete` takes).
    pub id: String,
    /// The save's title, or the file name when unreadable.
    pub title: String,
    /// When it was saved (RFC 3339), empty when unreadable.
    pub saved_at: String,
    /// The summary, or why the file cannot be loaded.
    pub summary: Result<SaveSummary, SaveError>,
    /// The parsed file, kept so opening it needs no second read.
    pub file: Option<SaveFile>,
}

/// All saves, newest first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Catalog {
    entries: Vec<CatalogEntry>,
}

/// Turns a save's envelope into a summary by loading it with its game (the registry).
pub type Validator<'a> = &'a dyn Fn(&SaveFile) -> Result<SaveSummary, SaveError>;

impl Catalog {
    /// Reads and validates every save under `data_dir`.
    #[must_use]
    pub fn scan(data_dir: &Path, validate: Validator<'_>) -> Self {
        let mut entries: Vec<CatalogEntry> = store::list_saves(data_dir)
            .into_iter()
            .map(|(path, envelope)| {
                let id = path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                match envelope {
                    Ok(save) => CatalogEntry {
                        summary: validate(&save),
                        title: save.title.clone(),
                        saved_at: save.saved_at.clone(),
                        path,
                        id,
                        file: Some(save),
                    },
                    Err(err) => CatalogEntry {
                        title: id.clone(),
                        saved_at: String::new(),
                        summary: Err(err),
                        path,
                        id,
                        file: None,
                    },
                }
            })
            .collect();
        // RFC 3339 in UTC sorts as text; unreadable files (empty time) go last.
        entries.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then_with(|| a.id.cmp(&b.id)));
        Self { entries }
    }

    /// The entries, newest first.
    #[must_use]
    pub fn entries(&self) -> &[CatalogEntry] {
        &self.entries
    }

    /// The most recently saved game that can still be played on: the menu's "Continue".
    #[must_use]
    pub fn latest_unfinished(&self) -> Option<&CatalogEntry> {
        self.entries
            .iter()
            .find(|entry| entry.summary.as_ref().is_ok_and(|s| s.unfinished))
    }
}
