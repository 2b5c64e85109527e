//! The list of games: what the menu offers, what the command line accepts, and how saves and
//! game files find the code that reads them. Adding a game adds one line to [`GAMES`]; every
//! entry is built by [`GameEntry::of`] from the game's [`super::entry::Registration`].

pub use super::entry::{GameEntry, Launch};
use super::{checkers, connect4, magic_square, nine_almonds, pentago, reversi, slide};
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
