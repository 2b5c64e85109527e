//! One game's record formats without its types, for the registry: [`RecordFunctions::of`]
//! builds them from the game's [`Game::RECORD_FORMATS`] and Parlor's own notation, so the
//! rest of the program detects, imports and exports records through the registry without
//! naming a game.

use std::time::SystemTime;

use crate::core::record::error::{RecordError, WriteError};
use crate::core::record::format::{GameRecord, Listed, RecordFormat, RecordHead, RecordInfo};
use crate::core::{Game, History, MoveOf, Player, Players};
use crate::save::format::{SaveError, SaveFile, state_from_table};
use crate::save::game::SavedGame;

/// What a format is, for lists and `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormatInfo {
    /// The name `--format` takes.
    pub id: &'static str,
    /// What people call it.
    pub title: &'static str,
    /// The extension of exported files.
    pub extension: &'static str,
    /// Whether Parlor writes it.
    pub writable: bool,
}

/// A game read from a record file, its types erased: the registry's games all import into
/// one list.
pub struct Imported {
    /// The game's registry id.
    pub game: &'static str,
    /// The game's title ("Reversi").
    pub game_title: &'static str,
    /// The players and the file's information, one line ("Tinsley – Rex · 1946 · 1/2-1/2").
    pub label: String,
    /// The game, or why it does not read.
    pub record: Result<Box<dyn AnyRecord>, RecordError>,
}

/// A record whose game is known only to itself: it turns into a save (the form every way of
/// opening a game goes through).
pub trait AnyRecord {
    /// How many moves the game has.
    fn moves(&self) -> usize;

    /// The game as a save (every move applied), stamped with `id` and `at`.
    ///
    /// # Errors
    /// [`SaveError`] only if the record's game cannot be put into a save (a bug: readers
    /// replay every move before they return a record).
    fn to_save(&self, id: &str, at: SystemTime) -> Result<SaveFile, SaveError>;
}

/// A game written in a format: the file name to give it and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exported {
    /// The format's id.
    pub format: &'static str,
    /// A file name: the save's id and the format's extension.
    pub name: String,
    /// The contents.
    pub text: String,
}

/// Why a save could not be exported.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The save does not open.
    #[error(transparent)]
    Save(#[from] SaveError),
    /// `--format` names a format the game does not write.
    #[error("{game} is not written as {format:?}; it is written as {known}")]
    UnknownFormat {
        /// The game's title.
        game: &'static str,
        /// The format asked for.
        format: String,
        /// The formats it writes, comma-separated.
        known: String,
    },
    /// The format asked for cannot hold this game.
    #[error("{format} cannot hold this game: {source}")]
    Unsupported {
        /// The format's title.
        format: &'static str,
        /// Why.
        source: WriteError,
    },
}

/// Reads every game of a record file, if one of the game's formats claims it.
pub type ReadFn = fn(&[u8]) -> Option<Result<Vec<Imported>, RecordError>>;
/// Writes a save in a format (the game's preferred one when `None`).
pub type ExportFn = fn(&SaveFile, Option<&str>) -> Result<Exported, ExportError>;

/// A game's record functions, for its registry entry.
#[derive(Clone, Copy)]
pub struct RecordFunctions {
    /// Its formats, Parlor's notation last.
    pub formats: fn() -> Vec<FormatInfo>,
    /// Reads a file in one of its formats; `None` when no format of the game claims it.
    pub read: ReadFn,
    /// Writes a save of the game.
    pub export: ExportFn,
}

impl RecordFunctions {
    /// The functions of game `G`.
    #[must_use]
    pub const fn of<G: Game>() -> Self {
        Self {
            formats: formats::<G>,
            read: read::<G>,
            export: export::<G>,
        }
    }
}

/// Parlor's notation as a format of `G`, like the game's own.
#[must_use]
pub fn parlor_format<G: Game>() -> RecordFormat<G::Params, MoveOf<G>> {
    RecordFormat {
        id: super::parlor::ID,
        title: super::parlor::TITLE,
        extension: super::parlor::EXTENSION,
        sniff: super::parlor::sniff::<G>,
        read: super::parlor::read::<G>,
        write: Some(super::parlor::write::<G>),
        whole_game: true,
    }
}

/// Every format of `G` with Parlor's notation last, calling `visit` until it answers.
fn each_format<G: Game, T>(
    mut visit: impl FnMut(&RecordFormat<G::Params, MoveOf<G>>) -> Option<T>,
) -> Option<T> {
    G::RECORD_FORMATS
        .iter()
        .find_map(&mut visit)
        .or_else(|| visit(&parlor_format::<G>()))
}

fn formats<G: Game>() -> Vec<FormatInfo> {
    let mut out = Vec::new();
    each_format::<G, ()>(|format| {
        out.push(FormatInfo {
            id: format.id,
            title: format.title,
            extension: format.extension,
            writable: format.write.is_some(),
        });
        None
    });
    out
}

fn read<G: Game>(bytes: &[u8]) -> Option<Result<Vec<Imported>, RecordError>> {
    let format = each_format::<G, _>(|format| (format.sniff)(bytes).then_some(format.read))?;
    Some(format(bytes).map(|games| games.into_iter().map(imported::<G>).collect()))
}

fn imported<G: Game>(listed: Listed<G::Params, MoveOf<G>>) -> Imported {
    let (label, record) = match listed {
        Ok(record) => (
            record.head.label(),
            Ok(Box::new(Typed::<G>(record)) as Box<dyn AnyRecord>),
        ),
        Err(failed) => (failed.head.label(), Err(failed.error)),
    };
    Imported {
        game: G::ID,
        game_title: G::TITLE,
        label,
        record,
    }
}

/// A record of game `G`.
struct Typed<G: Game>(GameRecord<G::Params, MoveOf<G>>);

impl<G: Game> AnyRecord for Typed<G> {
    fn moves(&self) -> usize {
        self.0.moves.len()
    }

    fn to_save(&self, id: &str, at: SystemTime) -> Result<SaveFile, SaveError> {
        let record = &self.0;
        let start = G::start(&record.params)
            .map_err(|e| SaveError::BadState(crate::core::text::sanitize(&e.to_string())))?;
        let history =
            History::replay(start, &record.moves, record.moves.len()).map_err(|(index, err)| {
                SaveError::BadMove {
                    number: index + 1,
                    text: String::new(),
                    reason: err.message,
                }
            })?;
        let players = if G::is_puzzle() {
            Players::none()
        } else {
            Players(
                G::SEAT_NAMES
                    .iter()
                    .enumerate()
                    .map(|(i, seat)| {
                        Player::person(record.head.names.get(i).map_or("", String::as_str), seat)
                    })
                    .collect(),
            )
        };
        crate::save::game::save_file::<G>(&history, &players, &record.params, None, at, id)
            .map_err(|e| SaveError::BadState(e.to_string()))
    }
}

/// The record of a save: its parameters, players and applied moves, dated by the save.
///
/// # Errors
/// [`SaveError`] when the save does not open.
pub fn record_of_save<G: Game>(
    file: &SaveFile,
) -> Result<GameRecord<G::Params, MoveOf<G>>, SaveError> {
    let saved: SavedGame<G::Params> = state_from_table(&file.state)?;
    let (history, players, params) = saved.restore::<G>()?;
    let moves = history.applied_moves().map(|(_, mv)| mv.clone()).collect();
    // `2026-11-27T10:04:00Z` as PGN writes dates: `2026.11.27`.
    let date = file
        .saved_at
        .get(..10)
        .filter(|d| d.len() == 10)
        .map(|d| d.replace('-', "."));
    Ok(GameRecord {
        head: RecordHead {
            names: players.0.iter().map(|p| p.name.clone()).collect(),
            info: RecordInfo {
                event: None,
                date,
                result: None,
            },
        },
        params,
        moves,
    })
}

/// Writes a save of game `G` in the format `wanted` (by id), or in the first of its formats
/// that holds the whole game and accepts it.
///
/// # Errors
/// [`ExportError`] for a save that does not open, an unknown format, or a format that cannot
/// hold the game.
pub fn export<G: Game>(file: &SaveFile, wanted: Option<&str>) -> Result<Exported, ExportError> {
    let record = record_of_save::<G>(file)?;
    let found = each_format::<G, _>(|format| {
        let write = format.write?;
        match wanted {
            Some(id) if !format.id.eq_ignore_ascii_case(id) => None,
            Some(_) => Some(
                write(&record)
                    .map(|text| (format.id, format.extension, text))
                    .map_err(|source| ExportError::Unsupported {
                        format: format.title,
                        source,
                    }),
            ),
            // The preferred format that holds the whole game and accepts this one.
            None if !format.whole_game => None,
            None => write(&record)
                .ok()
                .map(|text| Ok((format.id, format.extension, text))),
        }
    });
    let (id, extension, text) = found.unwrap_or_else(|| {
        Err(ExportError::UnknownFormat {
            game: G::TITLE,
            format: wanted.unwrap_or_default().to_string(),
            known: formats::<G>()
                .iter()
                .filter(|f| f.writable)
                .map(|f| f.id)
                .collect::<Vec<_>>()
                .join(", "),
        })
    })?;
    Ok(Exported {
        format: id,
        name: format!("{}.{extension}", file.id),
        text,
    })
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use proptest::prelude::*;

    use super::*;
    use crate::core::Rules;
    use crate::games::{
        checkers::game::CheckersGame, connect4::game::ConnectFourGame,
        magic_square::game::MagicSquareGame, nine_almonds::game::NineAlmondsGame,
        pentago::game::PentagoGame, reversi::game::ReversiGame, slide,
    };

    /// A random game of `G` saved, exported in its default format, detected and imported
    /// through the registry as any file is, and saved again: the same game (parameters and
    /// moves, and the names where the format holds them).
    fn exported_and_imported<G: Game>(
        params: &G::Params,
        choices: &[usize],
    ) -> Result<(), TestCaseError>
    where
        G::Params: PartialEq,
    {
        let mut history = History::new(G::start(params).expect("starts"));
        for &choice in choices {
            let legal = history.current().legal_moves();
            if legal.is_empty() {
                break;
            }
            history
                .play(&legal[choice % legal.len()])
                .expect("a legal move");
        }
        let players = if G::is_puzzle() {
            Players::none()
        } else {
            Players::two(
                Player::person("Ann \"the first\"", "Player 1"),
                Player::person("Bob", "Player 2"),
            )
        };
        let at = SystemTime::UNIX_EPOCH + Duration::from_secs(1_795_000_000);
        let save = crate::save::game::save_file::<G>(&history, &players, params, None, at, "trip")
            .expect("saves");
        let exported = export::<G>(&save, None).expect("exports");
        let mut games = crate::games::registry::Registry::STANDARD
            .read_records(exported.text.as_bytes())
            .map_err(|e| TestCaseError::fail(format!("{e}\n{}", exported.text)))?;
        prop_assert_eq!(games.len(), 1, "{}", exported.text);
        let game = games.remove(0);
        prop_assert_eq!(game.game, G::ID, "{}", exported.text);
        let record = game.record.expect("the game reads");
        let back = record.to_save("back", at).expect("a save");
        let original = record_of_save::<G>(&save).expect("opens");
        let again = record_of_save::<G>(&back).expect("opens");
        prop_assert!(again.params == original.params, "{}", exported.text);
        prop_assert_eq!(again.moves, original.moves, "{}", exported.text);
        // Column strings are moves alone; every other default format names the players.
        if exported.format != "pons" {
            prop_assert_eq!(again.head.names, original.head.names, "{}", exported.text);
        }
        Ok(())
    }

    fn choices() -> impl Strategy<Value = Vec<usize>> {
        proptest::collection::vec(0usize..1000, 0..70)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn every_game_exported_and_imported_again_is_the_same_game(
            game in 0usize..7,
            level in 1usize..9,
            choices in choices(),
        ) {
            match game {
                0 => exported_and_imported::<ReversiGame>(&<ReversiGame as Game>::Params::default(), &choices)?,
                1 => exported_and_imported::<CheckersGame>(&<CheckersGame as Game>::Params::default(), &choices)?,
                2 => exported_and_imported::<ConnectFourGame>(&<ConnectFourGame as Game>::Params::default(), &choices)?,
                3 => exported_and_imported::<PentagoGame>(&<PentagoGame as Game>::Params::default(), &choices)?,
                4 => exported_and_imported::<NineAlmondsGame>(&<NineAlmondsGame as Game>::Params::default(), &choices)?,
                5 => exported_and_imported::<MagicSquareGame>(&<MagicSquareGame as Game>::Params::default(), &choices)?,
                _ => {
                    let chosen = slide::levels::shipped_level(level).expect("a shipped level");
                    let params =
                        slide::game::Params::for_level(&chosen, slide::levels::level_key(level));
                    exported_and_imported::<slide::game::SlideGame>(&params, &choices)?;
                }
            }
        }
    }
}
