//! The list of games: what the menu offers, what the command line accepts, and how saves and
//! game files find the code that reads them. Adding a game adds one line to [`GAMES`]; every
//! entry is built by [`GameEntry::of`] from the game's [`super::entry::Registration`].

pub use super::entry::{GameEntry, Launch};
use super::{checkers, connect4, magic_square, nine_almonds, pentago, position, reversi, slide};
use crate::record::erased::{ExportError, Exported, Imported};
use crate::record::error::RecordError;
#[cfg(feature = "tui")]
use crate::save::catalog::SaveSummary;
#[cfg(feature = "tui")]
use crate::save::format::{SaveError, SaveFile};
#[cfg(feature = "tui")]
use crate::screen::{Ctx, Screen};

/// Every game, in menu order.
pub static GAMES: &[&GameEntry] = &[
    &GameEntry::of::<nine_almonds::NineAlmonds>(),
    &GameEntry::of::<magic_square::MagicSquareGameEntry>(),
    &GameEntry::of::<reversi::Reversi>(),
    &GameEntry::of::<checkers::Checkers>(),
    &GameEntry::of::<pentago::Pentago>(),
    &GameEntry::of::<connect4::ConnectFour>(),
    &GameEntry::of::<slide::Slide>(),
    &GameEntry::of::<position::Puzzles<connect4::puzzle::Puzzles>>(),
    &GameEntry::of::<position::Puzzles<reversi::puzzle::Puzzles>>(),
    &GameEntry::of::<position::Puzzles<checkers::puzzle::Puzzles>>(),
    &GameEntry::of::<position::Puzzles<pentago::puzzle::Puzzles>>(),
];

/// The game with this id or alias, ignoring case.
#[must_use]
pub fn find(name: &str) -> Option<&'static GameEntry> {
    GAMES.iter().copied().find(|g| {
        g.id.eq_ignore_ascii_case(name) || g.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    })
}

#[cfg(feature = "tui")]
/// Validates a save through its game: the load screen's summary, or why it cannot load.
///
/// # Errors
/// [`SaveError`] for an unknown game or a bad state.
pub fn summarize(file: &SaveFile, ctx: &Ctx) -> Result<SaveSummary, SaveError> {
    open(file, ctx).map(|(summary, _)| summary)
}

#[cfg(feature = "tui")]
/// Opens a save through its game.
///
/// # Errors
/// [`SaveError`] for an unknown game or a bad state.
pub fn open(file: &SaveFile, ctx: &Ctx) -> Result<(SaveSummary, Box<dyn Screen>), SaveError> {
    let entry = GAMES.iter().find(|g| g.id == file.game).ok_or_else(|| {
        SaveError::UnknownGame(crate::core::text::clip(
            &crate::core::text::sanitize(&file.game),
            30,
        ))
    })?;
    (entry.screens.open_save)(file, ctx)
}

/// Opens a save through its game as a replay from its first move (review mode).
///
/// # Errors
/// [`SaveError`] for an unknown game or a bad state.
#[cfg(feature = "tui")]
pub fn open_review(file: &SaveFile, ctx: &Ctx) -> Result<Box<dyn Screen>, SaveError> {
    let entry = GAMES.iter().find(|g| g.id == file.game).ok_or_else(|| {
        SaveError::UnknownGame(crate::core::text::clip(
            &crate::core::text::sanitize(&file.game),
            30,
        ))
    })?;
    (entry.screens.open_review)(file, ctx)
}

/// Reads a game record file in whichever registered game's format it is in (the games in
/// menu order, each game's formats in its order, Parlor's notation last).
///
/// # Errors
/// [`RecordError`]: the claiming format's reason, with where in the file, or that no format
/// claims the file.
pub fn read_records(bytes: &[u8]) -> Result<Vec<Imported>, RecordError> {
    crate::record::read_any(bytes, GAMES.iter().map(|g| &g.records))
}

/// Writes a save as a game record: in `format` (a format's id), or in its game's preferred
/// format that holds the whole game.
///
/// # Errors
/// [`ExportError`] for a save that does not open, an unknown format, or a format that cannot
/// hold the game.
pub fn export(
    file: &crate::save::format::SaveFile,
    format: Option<&str>,
) -> Result<Exported, ExportError> {
    let entry = GAMES.iter().find(|g| g.id == file.game).ok_or_else(|| {
        ExportError::Save(crate::save::format::SaveError::UnknownGame(
            crate::core::text::clip(&crate::core::text::sanitize(&file.game), 30),
        ))
    })?;
    (entry.records.export)(file, format)
}
