//! Every finished game, counted: `records.toml` in the data directory.
//!
//! Two-player games keep a tally per opponent (two people at one keyboard, or the computer at
//! each level): played, won, lost, drawn, the current and the best winning streak. Puzzles keep
//! a tally per variant (Slide's level, Magic Square's size and lowest value): solved by the
//! player, solved by the solver (`S`), lost, the fewest moves or turns and the best time. A game
//! left unfinished is not counted at all (Parlor has no resignation).
//!
//! The file is versioned TOML, written atomically. A file that cannot be read is never
//! overwritten: the arcade sets it aside under another name and says so, `parlor stats`
//! reports it and fails.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use crate::core::{Game, Outcome, Players, Rules, Seat};
use crate::save::daily::{DailyRecords, DailyResult};
use crate::save::format::MAX_SAVE_BYTES;
use crate::save::stats::Stats;

/// The format version written; files of a newer one are refused, not misread.
pub const VERSION: u32 = 1;

/// Why the records file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordsError {
    /// The file exists but could not be read (permissions, not a regular file, too large).
    #[error("cannot read {path}: {reason}")]
    Read {
        /// The records file.
        path: String,
        /// Why.
        reason: String,
    },
    /// Not TOML, or not the records' shape.
    #[error("{path} is not a records file: {reason}")]
    Malformed {
        /// The records file.
        path: String,
        /// What the parser said.
        reason: String,
    },
    /// Written by a newer Parlor.
    #[error(
        "{path} was written by a newer Parlor (format {version}); this one reads format {VERSION}"
    )]
    Newer {
        /// The records file.
        path: String,
        /// The version in the file.
        version: u32,
    },
}

/// Why a finished game was not counted in the records file.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The file there cannot be read; it was left as it is.
    #[error("{0} (it was left as it is)")]
    Unreadable(RecordsError),
    /// The file could not be written.
    #[error(transparent)]
    Write(super::store::StoreError),
}

impl RecordError {
    /// The sentence a person reads: a failed write with its remedy
    /// ([`StoreError::sentence`](super::store::StoreError::sentence)), an unreadable file as
    /// it is.
    #[must_use]
    pub fn sentence(&self) -> String {
        match self {
            Self::Write(err) => err.sentence(),
            unreadable @ Self::Unreadable(_) => unreadable.to_string(),
        }
    }
}

/// Who a two-player game was played against, which is what its tally is kept per.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Opponent {
    /// Two people at one keyboard; counted from the first seat's side.
    People,
    /// The computer at this level (1–4), counted from the person's side.
    Computer(u8),
    /// The computer against itself; counted from the first seat's side.
    Demo,
    /// A person on another terminal, at a table of a Parlor server; counted from this
    /// player's own seat.
    Online,
}

impl Opponent {
    /// Who plays whom, and from which seat the result is counted.
    #[must_use]
    pub fn of(players: &Players) -> (Self, Seat) {
        let first = players.computer_level(Seat::First);
        let second = players.computer_level(Seat::Second);
        match (first, second) {
            (None, None) => (Self::People, Seat::First),
            (Some(level), None) => (Self::Computer(level), Seat::Second),
            (None, Some(level)) => (Self::Computer(level), Seat::First),
            (Some(_), Some(_)) => (Self::Demo, Seat::First),
        }
    }

    /// The key in the file.
    #[must_use]
    pub fn key(self) -> String {
        match self {
            Self::People => "people".into(),
            Self::Computer(level) => format!("computer-{level}"),
            Self::Demo => "demo".into(),
            Self::Online => "online".into(),
        }
    }
}

/// How a finished game counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// The counted side won.
    Won,
    /// The counted side lost.
    Lost,
    /// Nobody won.
    Drawn,
    /// A puzzle solved by the player.
    Solved,
    /// A puzzle finished by the solver (`S`): never a best result.
    SolvedBySolver,
    /// A puzzle that could no longer be solved.
    Failed,
}

impl GameResult {
    /// The result of an outcome, counted from `seat` in a two-player game.
    #[must_use]
    pub fn of(outcome: Outcome, seat: Seat, by_solver: bool) -> Self {
        match outcome {
            Outcome::Solved if by_solver => Self::SolvedBySolver,
            Outcome::Solved => Self::Solved,
            Outcome::Lost => Self::Failed,
            Outcome::Draw => Self::Drawn,
            Outcome::Won(winner) if winner == seat => Self::Won,
            Outcome::Won(_) => Self::Lost,
        }
    }
}

/// Which tally a finished game goes into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Table {
    /// A two-player game, per opponent.
    Opponent(Opponent),
    /// A puzzle, per variant.
    Puzzle {
        /// The variant's key (Slide's level, "3×3 from 1").
        variant: String,
        /// The target to beat, when the puzzle has one (Slide's par, Nine Almonds' 4 turns).
        par: Option<u32>,
    },
}

/// One finished game, as the game screen or plain mode reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finish {
    /// The game's id.
    pub game: String,
    /// Its tally.
    pub table: Table,
    /// How it counts.
    pub result: GameResult,
    /// Moves or turns it took (puzzles), when known.
    pub score: Option<u32>,
    /// Seconds from the start, when known (not for a game reopened from a save).
    pub seconds: Option<u64>,
    /// Whether this is the game's first finish. A puzzle solved again after an undo may only
    /// improve its best result; it is not another game played.
    pub counts: Count,
}

/// How a finish counts against the game's earlier finishes (an undo can finish a game again).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// The game's first finish: one more game played.
    First,
    /// A later finish of a game already counted: a puzzle's best result may improve, nothing
    /// else (another game played would inflate the tallies by undo and replay).
    Again,
    /// A later finish of a puzzle whose counted finish so far is a failure (a wrong move taken
    /// back): a solve turns that failure into a solve, as the screen says it is.
    AfterFailure,
}

impl Finish {
    /// A finished game of `G` as the game screen sees it: its players (none for a puzzle), the
    /// final position, the moves it took, whether the solver played any of them, the seconds
    /// since it started (when known) and how it counts against the game's earlier finishes.
    #[must_use]
    pub fn of<G: Game>(
        params: &G::Params,
        players: &Players,
        state: &G::Rules,
        moves: usize,
        by_solver: bool,
        seconds: Option<u64>,
        counts: Count,
    ) -> Option<Self> {
        let outcome = state.outcome()?;
        if players.0.len() == 2 {
            return Some(Self {
                counts,
                ..Self::two_player(G::ID, players, outcome)
            });
        }
        Some(Self {
            game: G::ID.into(),
            table: Table::Puzzle {
                variant: G::record_key(params).unwrap_or_else(|| G::describe(params)),
                par: G::par(params),
            },
            result: GameResult::of(outcome, Seat::First, by_solver),
            score: Some(G::puzzle_score(state, moves)),
            seconds,
            counts,
        })
    }

    /// A finished game at a table, counted for the player at `seat` against the person at
    /// the other.
    #[must_use]
    pub fn online(game: &str, seat: Seat, outcome: Outcome) -> Self {
        Self {
            game: game.into(),
            table: Table::Opponent(Opponent::Online),
            result: GameResult::of(outcome, seat, false),
            score: None,
            seconds: None,
            counts: Count::First,
        }
    }

    /// A finished two-player game between these players.
    #[must_use]
    pub fn two_player(game: &str, players: &Players, outcome: Outcome) -> Self {
        let (opponent, seat) = Opponent::of(players);
        Self {
            game: game.into(),
            table: Table::Opponent(opponent),
            result: GameResult::of(outcome, seat, false),
            score: None,
            seconds: None,
            counts: Count::First,
        }
    }
}

/// A two-player game's tally against one opponent.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tally {
    /// Games finished.
    pub played: u32,
    /// Won by the counted side.
    pub won: u32,
    /// Lost by the counted side.
    pub lost: u32,
    /// Drawn.
    pub drawn: u32,
    /// Wins in a row up to the last game.
    pub streak: u32,
    /// The longest run of wins.
    pub best_streak: u32,
}

/// A puzzle variant's tally.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleTally {
    /// Solved by the player.
    pub solved: u32,
    /// Finished by the solver.
    pub by_solver: u32,
    /// Lost (no way left to solve it).
    pub lost: u32,
    /// The fewest moves (turns for Nine Almonds) of the player's own solutions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fewest: Option<u32>,
    /// The target to compare with, when the puzzle has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub par: Option<u32>,
    /// The quickest of the player's own solutions, in seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_seconds: Option<u64>,
}

/// One game's tallies.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameRecords {
    /// Two-player games, by [`Opponent::key`].
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub opponents: BTreeMap<String, Tally>,
    /// Puzzles, by variant.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub puzzles: BTreeMap<String, PuzzleTally>,
}

/// Everything recorded, by game id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Records {
    /// The format version ([`VERSION`]).
    version: u32,
    /// The Parlor that wrote the file, as read (`None` before the field existed); every write
    /// puts this program's there ([`WRITTEN_BY`](crate::save::format::WRITTEN_BY)).
    #[serde(
        default,
        serialize_with = "crate::save::format::this_program",
        deserialize_with = "crate::save::format::program_read"
    )]
    written_by: Option<String>,
    /// Per game.
    #[serde(default)]
    games: BTreeMap<String, GameRecords>,
    /// The daily puzzles solved, by date (a table older files do not have, and older Parlors
    /// leave alone).
    #[serde(default, skip_serializing_if = "DailyRecords::is_empty")]
    daily: DailyRecords,
}

/// What loading found, for the arcade to say.
#[derive(Debug)]
pub struct Loaded {
    /// The records to use.
    pub records: Records,
    /// Whether they may be written back: not when a broken file could not be set aside.
    pub writable: bool,
    /// A sentence for the person (a broken file set aside).
    pub notice: Option<String>,
}

impl Default for Records {
    fn default() -> Self {
        Self::new()
    }
}

impl Records {
    /// The file's name inside the data directory.
    pub const FILE: &'static str = "records.toml";

    /// No records yet.
    #[must_use]
    pub fn new() -> Self {
        Self {
            version: VERSION,
            written_by: Some(crate::save::format::WRITTEN_BY.into()),
            games: BTreeMap::new(),
            daily: DailyRecords::default(),
        }
    }

    /// The format version the file was written in ([`VERSION`] for new records).
    #[must_use]
    pub fn version(&self) -> u32 {
        self.version
    }

    /// The Parlor that wrote the file read (`parlor 0.1.0`); `None` for files written before
    /// Parlor recorded it.
    #[must_use]
    pub fn written_by(&self) -> Option<&str> {
        self.written_by.as_deref()
    }

    /// Where the records live.
    #[must_use]
    pub fn path(data_dir: &Path) -> PathBuf {
        data_dir.join(Self::FILE)
    }

    /// Parses the text of a records file.
    ///
    /// # Errors
    /// [`RecordsError::Malformed`] or [`RecordsError::Newer`].
    pub fn parse(text: &str, path: &Path) -> Result<Self, RecordsError> {
        let records: Self = toml::from_str(text).map_err(|err| RecordsError::Malformed {
            path: path.display().to_string(),
            reason: err.message().to_string(),
        })?;
        if records.version > VERSION {
            return Err(RecordsError::Newer {
                path: path.display().to_string(),
                version: records.version,
            });
        }
        if records.version == 0 {
            return Err(RecordsError::Malformed {
                path: path.display().to_string(),
                reason: "the format version is 0".into(),
            });
        }
        Ok(records)
    }

    /// Reads the records. No file yet is no records, except for the best results of the older
    /// `stats.toml` (Slide's levels), which are taken over.
    ///
    /// # Errors
    /// A file that exists but cannot be read or parsed.
    pub fn read(data_dir: &Path) -> Result<Self, RecordsError> {
        let path = Self::path(data_dir);
        if std::fs::symlink_metadata(&path).is_err() {
            let mut records = Self::new();
            records.take_over(&Stats::load(data_dir));
            return Ok(records);
        }
        let text = super::reader::read_own_text(&path, MAX_SAVE_BYTES).map_err(|err| {
            RecordsError::Read {
                path: path.display().to_string(),
                reason: err.to_string(),
            }
        })?;
        Self::parse(&text, &path)
    }

    /// Reads the records for the arcade: a file that cannot be read is renamed
    /// `records.toml.broken-<seconds>` (never overwritten) and the arcade starts afresh,
    /// saying so.
    #[must_use]
    pub fn load(data_dir: &Path, now: SystemTime) -> Loaded {
        match Self::read(data_dir) {
            Ok(records) => Loaded {
                records,
                writable: true,
                notice: None,
            },
            Err(err) => {
                log::warn!("records: {err}");
                let path = Self::path(data_dir);
                let seconds = now
                    .duration_since(SystemTime::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs());
                // Never over an earlier broken file set aside in the same second.
                let aside = (0..u32::MAX)
                    .map(|n| {
                        let suffix = if n == 0 {
                            String::new()
                        } else {
                            format!("-{n}")
                        };
                        data_dir.join(format!("{}.broken-{seconds}{suffix}", Self::FILE))
                    })
                    .find(|candidate| !candidate.exists())
                    .unwrap_or_else(|| data_dir.join(format!("{}.broken", Self::FILE)));
                match std::fs::rename(&path, &aside) {
                    Ok(()) => Loaded {
                        records: Self::new(),
                        writable: true,
                        notice: Some(format!(
                            "The records file could not be read ({err}); it was set aside as {} and new records begin.",
                            aside.display()
                        )),
                    },
                    Err(rename) => Loaded {
                        records: Self::new(),
                        writable: false,
                        notice: Some(format!(
                            "The records file could not be read ({err}) nor set aside ({rename}); results will not be recorded."
                        )),
                    },
                }
            }
        }
    }

    /// Counts a finished game in the records file as it is on disk now: under the data
    /// directory's lock ([`super::lock`]) the file is read again, the game counted in what it
    /// holds, and the result written back. Two arcades (or plain-mode runs) finishing games at
    /// once both get counted; nobody's count is lost to the last writer. Returns the records
    /// as written, for the arcade to show.
    ///
    /// # Errors
    /// [`RecordError::Unreadable`] when the file there cannot be read (it is left as it is,
    /// never overwritten), else why it could not be written.
    pub fn record_on_disk(data_dir: &Path, finish: &Finish) -> Result<Self, RecordError> {
        Self::update_on_disk(data_dir, |records| records.record(finish))
    }

    /// Records the solve of a date's daily puzzle in the records file as it is on disk now,
    /// as [`Records::record_on_disk`] does for a finished game.
    ///
    /// # Errors
    /// As [`Records::record_on_disk`].
    pub fn record_daily_on_disk(
        data_dir: &Path,
        date: time::Date,
        result: DailyResult,
    ) -> Result<Self, RecordError> {
        Self::update_on_disk(data_dir, |records| records.record_daily(date, result))
    }

    /// Reads the file under the data directory's lock, changes it by `change` and writes it
    /// back: the one way a result reaches the records file.
    fn update_on_disk(
        data_dir: &Path,
        change: impl FnOnce(&mut Self),
    ) -> Result<Self, RecordError> {
        let _lock = super::lock::DirLock::acquire(data_dir)
            .map_err(|busy| RecordError::Write(busy.into()))?;
        let mut records = Self::read(data_dir).map_err(RecordError::Unreadable)?;
        change(&mut records);
        records.store(data_dir).map_err(RecordError::Write)?;
        Ok(records)
    }

    /// Writes the records atomically.
    ///
    /// # Errors
    /// Why the file could not be written.
    pub fn store(&self, data_dir: &Path) -> Result<(), super::store::StoreError> {
        let text = toml::to_string(self).map_err(super::store::StoreError::Encode)?;
        super::store::write_atomic(&Self::path(data_dir), &text)
    }

    /// Takes over the best results of the older `stats.toml` (lowest move counts per level).
    pub fn take_over(&mut self, stats: &Stats) {
        for (game, key, best) in stats.entries() {
            let tally = self
                .games
                .entry(game.to_string())
                .or_default()
                .puzzles
                .entry(key.to_string())
                .or_default();
            let best = u32::try_from(best).unwrap_or(u32::MAX);
            tally.fewest = Some(tally.fewest.map_or(best, |old| old.min(best)));
        }
    }

    /// Counts a finished game.
    pub fn record(&mut self, finish: &Finish) {
        let game = self.games.entry(finish.game.clone()).or_default();
        match &finish.table {
            Table::Opponent(opponent) => {
                if finish.counts != Count::First {
                    return;
                }
                // Counters saturate: a file edited to the limit stays there, never wraps to 0.
                let tally = game.opponents.entry(opponent.key()).or_default();
                tally.played = tally.played.saturating_add(1);
                match finish.result {
                    GameResult::Won | GameResult::Solved => {
                        tally.won = tally.won.saturating_add(1);
                        tally.streak = tally.streak.saturating_add(1);
                        tally.best_streak = tally.best_streak.max(tally.streak);
                    }
                    GameResult::Lost | GameResult::Failed | GameResult::SolvedBySolver => {
                        tally.lost = tally.lost.saturating_add(1);
                        tally.streak = 0;
                    }
                    GameResult::Drawn => {
                        tally.drawn = tally.drawn.saturating_add(1);
                        tally.streak = 0;
                    }
                }
            }
            Table::Puzzle { variant, par } => {
                let tally = game.puzzles.entry(variant.clone()).or_default();
                if par.is_some() {
                    tally.par = *par;
                }
                match finish.result {
                    GameResult::Solved | GameResult::Won => {
                        match finish.counts {
                            Count::First => tally.solved = tally.solved.saturating_add(1),
                            Count::AfterFailure => {
                                tally.lost = tally.lost.saturating_sub(1);
                                tally.solved = tally.solved.saturating_add(1);
                            }
                            Count::Again => {}
                        }
                        if let Some(score) = finish.score {
                            tally.fewest = Some(tally.fewest.map_or(score, |old| old.min(score)));
                        }
                        if let Some(seconds) = finish.seconds {
                            tally.best_seconds =
                                Some(tally.best_seconds.map_or(seconds, |old| old.min(seconds)));
                        }
                    }
                    GameResult::SolvedBySolver if finish.counts == Count::First => {
                        tally.by_solver = tally.by_solver.saturating_add(1);
                    }
                    GameResult::Failed | GameResult::Lost if finish.counts == Count::First => {
                        tally.lost = tally.lost.saturating_add(1);
                    }
                    _ => {}
                }
            }
        }
    }

    /// The daily puzzles solved.
    #[must_use]
    pub const fn daily(&self) -> &DailyRecords {
        &self.daily
    }

    /// Records the solve of a date's daily puzzle (the first solve of a date stands).
    pub fn record_daily(&mut self, date: time::Date, result: DailyResult) {
        self.daily.record(date, result);
    }

    /// One game's tallies, if it has any.
    #[must_use]
    pub fn game(&self, id: &str) -> Option<&GameRecords> {
        self.games.get(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Player;

    fn vs_computer(level: u8) -> Players {
        Players::two(Player::person("Ann", "Player 1"), Player::computer(level))
    }

    #[test]
    fn streaks_count_wins_in_a_row() {
        let mut records = Records::new();
        let players = vs_computer(2);
        for outcome in [
            Outcome::Won(Seat::First),
            Outcome::Won(Seat::First),
            Outcome::Draw,
            Outcome::Won(Seat::First),
            Outcome::Won(Seat::Second),
        ] {
            records.record(&Finish::two_player("reversi", &players, outcome));
        }
        let tally = records.game("reversi").expect("recorded").opponents["computer-2"];
        assert_eq!(
            tally,
            Tally {
                played: 5,
                won: 3,
                lost: 1,
                drawn: 1,
                streak: 0,
                best_streak: 2
            }
        );
    }

    #[test]
    fn a_daily_solve_is_recorded_in_what_the_file_holds_now() {
        let dir = tempfile::tempdir().expect("tempdir");
        // Another Parlor counted a game since this one read the file.
        let finish = Finish::two_player("connect4", &vs_computer(1), Outcome::Draw);
        Records::record_on_disk(dir.path(), &finish).expect("recorded");
        let date = crate::save::daily::parse_date("2026-12-03").expect("a date");
        let written = Records::record_daily_on_disk(dir.path(), date, DailyResult::default())
            .expect("recorded");
        let back = Records::read(dir.path()).expect("reads");
        assert_eq!(back, written);
        assert!(back.daily().solved(date));
        assert!(
            back.game("connect4").is_some(),
            "the other game's count is kept"
        );
    }

    #[test]
    fn counters_saturate_instead_of_wrapping() {
        let mut records = Records::new();
        let players = vs_computer(1);
        records.record(&Finish::two_player(
            "reversi",
            &players,
            Outcome::Won(Seat::First),
        ));
        let game = records.games.get_mut("reversi").expect("recorded");
        let tally = game.opponents.get_mut("computer-1").expect("tallied");
        (tally.played, tally.won, tally.streak) = (u32::MAX, u32::MAX, u32::MAX);
        records.record(&Finish::two_player(
            "reversi",
            &players,
            Outcome::Won(Seat::First),
        ));
        let tally = records.game("reversi").expect("recorded").opponents["computer-1"];
        assert_eq!(
            (tally.played, tally.won, tally.streak),
            (u32::MAX, u32::MAX, u32::MAX)
        );
    }

    #[test]
    fn the_person_is_counted_whichever_seat_they_take() {
        let players = Players::two(Player::computer(4), Player::person("Ann", "Player 2"));
        let finish = Finish::two_player("connect4", &players, Outcome::Won(Seat::Second));
        assert_eq!(finish.table, Table::Opponent(Opponent::Computer(4)));
        assert_eq!(finish.result, GameResult::Won);
    }

    #[test]
    fn the_solver_never_sets_a_best_result() {
        let mut records = Records::new();
        let table = Table::Puzzle {
            variant: "01".into(),
            par: Some(10),
        };
        let finish = |result, score, counts| Finish {
            game: "slide".into(),
            table: table.clone(),
            result,
            score: Some(score),
            seconds: Some(60),
            counts,
        };
        records.record(&finish(GameResult::SolvedBySolver, 3, Count::First));
        records.record(&finish(GameResult::Solved, 14, Count::First));
        records.record(&finish(GameResult::Solved, 12, Count::Again));
        let tally = records.game("slide").expect("recorded").puzzles["01"];
        assert_eq!((tally.solved, tally.by_solver), (1, 1));
        assert_eq!((tally.fewest, tally.par), (Some(12), Some(10)));
    }

    #[test]
    fn a_failure_taken_back_and_solved_counts_as_one_solve() {
        let mut records = Records::new();
        let finish = |result, counts| Finish {
            game: "reversi".into(),
            table: Table::Puzzle {
                variant: "endgames".into(),
                par: None,
            },
            result,
            score: Some(1),
            seconds: Some(16),
            counts,
        };
        records.record(&finish(GameResult::Failed, Count::First));
        let tally = records.game("reversi").expect("recorded").puzzles["endgames"];
        assert_eq!((tally.solved, tally.lost, tally.fewest), (0, 1, None));
        // A second failure after the undo changes nothing; the solve replaces the failure.
        records.record(&finish(GameResult::Failed, Count::AfterFailure));
        records.record(&finish(GameResult::Solved, Count::AfterFailure));
        let tally = records.game("reversi").expect("recorded").puzzles["endgames"];
        assert_eq!((tally.solved, tally.lost), (1, 0));
        assert_eq!((tally.fewest, tally.best_seconds), (Some(1), Some(16)));
    }
}
