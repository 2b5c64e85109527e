//! The file a game is saved in, as the game screen keeps it between saves (saving.rs asks the
//! app to write, and tells the slot what came of it).

use crate::save::format::{Revision, SaveFile};

/// The file a game is saved in: its id, the revision this game read or last wrote (a save
/// replaces only that: [`SaveFile::base`]), and the title the player gave it. Only this file
/// `saving.rs` changes it: a save, or keeping both after a conflict (a new id, never saved
/// there).
#[derive(Debug, Clone)]
pub(super) struct SaveSlot {
    id: String,
    /// `None`: never saved there.
    base: Option<Revision>,
    /// The name the player gave this game on the load screen, kept by later saves; `None`:
    /// the players' names (or the puzzle's setup) as usual.
    title: Option<String>,
}

impl SaveSlot {
    /// A game not yet saved, to be saved as `id`.
    pub(super) fn new(id: String) -> Self {
        Self {
            id,
            base: None,
            title: None,
        }
    }

    /// The slot of a table game this player saved before, as `id` at `revision`: the game
    /// they come back to saves over it.
    pub(super) fn kept(id: String, revision: Revision) -> Self {
        Self {
            id,
            base: Some(revision),
            title: None,
        }
    }

    /// The slot of a game read from `file`; its title kept only when it is not the game's
    /// `usual` one (so a later change of players renames it as usual).
    pub(super) fn of_file(file: &SaveFile, usual: &str) -> Self {
        Self {
            id: file.id.clone(),
            base: file.base,
            title: (file.title != usual).then(|| file.title.clone()),
        }
    }

    /// The title the player gave the game (the header shows it), if any.
    pub(super) fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The save's id, its file's name in the saves folder.
    pub(super) fn id(&self) -> &str {
        &self.id
    }

    /// `file` (the game as it stands, under this id) with what the slot keeps: the revision
    /// it replaces and the player's title.
    pub(super) fn stamp(&self, mut file: SaveFile) -> SaveFile {
        file.base = self.base;
        if let Some(title) = &self.title {
            file.title.clone_from(title);
        }
        file
    }

    /// The app wrote the game: `revision` is what the file now holds.
    pub(super) fn stored(&mut self, revision: Revision) {
        self.base = Some(revision);
    }

    /// The player chose to overwrite a save that changed: the next save replaces `found`.
    pub(super) fn overwrite(&mut self, found: Revision) {
        self.base = Some(found);
    }
}
