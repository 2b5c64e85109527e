//! The list of games: what the menu offers, what the command line accepts, and how saves and
//! game files find the code that reads them. Adding a game adds one line to [`GAMES`]; every
//! entry is built by [`GameEntry::of`] from the game's [`Registration`] (and, with the `tui`
//! feature, its `screen_entry::ScreenRegistration`).

pub use super::entry::Launch;
pub use super::game_entry::GameEntry;
use super::{checkers, connect4, magic_square, nine_almonds, pentago, position, reversi, slide};
use crate::core::record::error::RecordError;
use crate::record::erased::{ExportError, Exported, Imported};
#[cfg(feature = "tui")]
use crate::save::catalog::SaveSummary;
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

/// A list of games: what one arcade offers. The program's is [`Registry::STANDARD`] (the
/// [`GAMES`] above); an [`AppSetup`](crate::app::AppSetup) or a command line may be given
/// another (a test adds a toy game this way, without touching any file of Parlor's). Every
/// part of the program that lists, finds or opens games asks the registry it was given, so
/// no other file names the games.
#[derive(Clone, Copy)]
pub struct Registry {
    games: &'static [&'static GameEntry],
}

impl Registry {
    /// Parlor's games, in menu order.
    pub const STANDARD: Self = Self { games: GAMES };

    /// A registry of these games, in this (menu) order.
    #[must_use]
    pub const fn new(games: &'static [&'static GameEntry]) -> Self {
        Self { games }
    }

    /// The games, in menu order.
    #[must_use]
    pub fn games(self) -> &'static [&'static GameEntry] {
        self.games
    }

    /// The game with this id or alias, ignoring case.
    #[must_use]
    pub fn find(self, name: &str) -> Option<&'static GameEntry> {
        self.games.iter().copied().find(|g| {
            g.id.eq_ignore_ascii_case(name)
                || g.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
        })
    }

    #[cfg(feature = "tui")]
    /// Validates a save through its game: the load screen's summary, or why it cannot load.
    ///
    /// # Errors
    /// [`SaveError`] for an unknown game or a bad state.
    pub fn summarize(self, file: &SaveFile, ctx: &Ctx) -> Result<SaveSummary, SaveError> {
        self.open(file, ctx).map(|(summary, _)| summary)
    }

    #[cfg(feature = "tui")]
    /// Opens a save through its game.
    ///
    /// # Errors
    /// [`SaveError`] for an unknown game or a bad state.
    pub fn open(
        self,
        file: &SaveFile,
        ctx: &Ctx,
    ) -> Result<(SaveSummary, Box<dyn Screen>), SaveError> {
        (self.entry_of(&file.game)?.screens.open_save)(file, ctx)
    }

    /// The entry of the game a save names, or the save's error for a game not here.
    fn entry_of(self, game: &str) -> Result<&'static GameEntry, SaveError> {
        self.games
            .iter()
            .copied()
            .find(|g| g.id == game)
            .ok_or_else(|| {
                SaveError::UnknownGame(crate::core::text::clip(
                    &crate::core::text::sanitize(game),
                    30,
                ))
            })
    }

    #[cfg(feature = "tui")]
    /// Opens a save through its game as a replay from its first move (review mode).
    ///
    /// # Errors
    /// [`SaveError`] for an unknown game or a bad state.
    pub fn open_review(self, file: &SaveFile, ctx: &Ctx) -> Result<Box<dyn Screen>, SaveError> {
        (self.entry_of(&file.game)?.screens.open_review)(file, ctx)
    }

    /// Reads a game record file in whichever of these games' formats it is in (the games in
    /// menu order, each game's formats in its order, Parlor's notation last).
    ///
    /// # Errors
    /// [`RecordError`]: the claiming format's reason, with where in the file, or that no
    /// format claims the file.
    pub fn read_records(self, bytes: &[u8]) -> Result<Vec<Imported>, RecordError> {
        crate::record::read_any(bytes, self.games.iter().map(|g| &g.records))
    }

    /// Writes a save as a game record: in `format` (a format's id), or in its game's preferred
    /// format that holds the whole game.
    ///
    /// # Errors
    /// [`ExportError`] for a save that does not open, an unknown format, or a format that
    /// cannot hold the game.
    pub fn export(self, file: &SaveFile, format: Option<&str>) -> Result<Exported, ExportError> {
        let entry = self.entry_of(&file.game).map_err(ExportError::Save)?;
        (entry.records.export)(file, format)
    }
}

impl Default for Registry {
    fn default() -> Self {
        Self::STANDARD
    }
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.games.iter().map(|g| g.id))
            .finish()
    }
}
