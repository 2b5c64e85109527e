//! Tables for two (issue 39): two players on two terminals at one game, with people watching.
//! This is the tables' state and its rules only, pure (no terminal, no network, no clock: the
//! time comes in as an argument), so that it can be tested alone; `parlor serve` keeps one
//! [`Tables`] behind a lock that every session shares, and each session's screen shows a
//! table from what it reads there.
//!
//! A table knows nothing of the game's rules: it keeps the moves as the game's own notation,
//! in order, and checks only who may add the next one (a seated player, at the ply they saw).
//! The mover's game screen has checked the move is legal before sending it; every screen at
//! the table replays the same moves on its own copy of the game.

pub mod code;
pub mod command;
pub mod hub;
pub mod params;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

pub use code::{CodeError, TableCode};

use crate::core::Seat;

/// How long a table keeps the seat of a player whose connection dropped when nothing else is
/// asked: long enough to reconnect after a network change or a closed laptop lid.
pub const DEFAULT_SEAT_WAIT: Duration = Duration::from_secs(10 * 60);

/// A player as a table knows them: who they are (their key's fingerprint) and the name the
/// others see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sitter {
    /// The player's id (their key's fingerprint): the same key comes back to the same seat.
    pub player: String,
    /// Their display name.
    pub name: String,
}

/// A seat's occupant and whether they are here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Occupant {
    /// Who sits there.
    pub sitter: Sitter,
    /// Since when their connection is gone (`None`: they are here).
    pub away_since: Option<Instant>,
    /// Where this player's copy of the game was last saved in their own folder (leaving with
    /// their seat kept, a dropped connection): the game screen they come back to saves there
    /// again, so a table game is one save, not one per time they left.
    pub save: Option<KeptSave>,
}

/// A save in a seated player's folder: its id (the file's name) and the revision written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptSave {
    /// The save's id.
    pub id: String,
    /// What the file holds now: the next save of the game replaces exactly this.
    pub revision: crate::save::format::Revision,
}

/// How a table stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// One seat is free: the table is listed and waits for a second player.
    Open,
    /// Both seats are taken and the game goes on.
    Playing,
    /// The game reached its end (a win or a draw); the table is no longer listed.
    Finished,
    /// A seated player stayed away longer than the wait, or left for good: the game stops
    /// there, counted for nobody.
    Abandoned,
}

/// One table: a game, two seats, the moves so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// Its code.
    pub code: TableCode,
    /// The game's registry id (`connect4`).
    pub game: String,
    /// The game's parameters as the game's save writes them, so both players play the same
    /// variant.
    pub params: String,
    /// The two seats (`[first, second]`); the host sits first.
    pub seats: [Option<Occupant>; 2],
    /// The moves, in the game's notation, in order.
    pub moves: Vec<String>,
    /// Where it stands.
    pub stage: Stage,
    /// How many watch.
    pub watchers: usize,
    /// Counts every change, so a screen can tell it has shown the latest one.
    pub version: u64,
    /// The seat whose player gave it up, which abandoned the game (`None`: nobody did).
    pub given_up: Option<Seat>,
}

impl Table {
    /// The seat `player` sits in here, if any.
    #[must_use]
    pub fn seat_of(&self, player: &str) -> Option<Seat> {
        [Seat::First, Seat::Second].into_iter().find(|seat| {
            self.seats[seat.index()]
                .as_ref()
                .is_some_and(|o| o.sitter.player == player)
        })
    }

    /// The name at a seat, or `None` while it is free.
    #[must_use]
    pub fn name_at(&self, seat: Seat) -> Option<&str> {
        self.seats[seat.index()]
            .as_ref()
            .map(|o| o.sitter.name.as_str())
    }

    /// How long the player at `seat` has been away, when they are.
    #[must_use]
    pub fn away(&self, seat: Seat, now: Instant) -> Option<Duration> {
        self.seats[seat.index()]
            .as_ref()
            .and_then(|o| o.away_since)
            .map(|since| now.saturating_duration_since(since))
    }

    /// The seats taken, for the list: "1/2" or "2/2".
    #[must_use]
    pub fn seats_text(&self) -> String {
        format!("{}/2", self.seats.iter().flatten().count())
    }

    fn touch(&mut self) {
        self.version += 1;
    }
}

/// A table as one arcade last read it, and where that arcade is at it: what the screens
/// show (the app refreshes it when the session is woken; screens never read the hub).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AtTable {
    /// The table, as of its `version`.
    pub table: Table,
    /// This arcade's seat, or `None`: it watches.
    pub seat: Option<Seat>,
}

/// What joining a table gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Joined {
    /// A seat: the free one, or the player's own seat when they come back.
    Seat(Seat),
    /// Both seats are taken by others: the player watches.
    Watching,
}

/// Why a table refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// No table has this code (it never had one, or its game ended).
    #[error("no table has the code {0}")]
    NoSuchTable(TableCode),
    /// A move from someone not seated at the table.
    #[error("only the players at a table move there")]
    NotSeated,
    /// A move made on a position that is no longer the table's (the other player moved
    /// first, or the game ended).
    #[error("the game moved on before this move arrived")]
    Stale,
    /// Every code is taken (a server with hundreds of thousands of tables).
    #[error("the server has no table code left")]
    Full,
    /// The player already sits at another table whose game goes on.
    #[error("you already sit at table {0}")]
    AlreadySeated(TableCode),
}

/// A line of the list of open tables, as the menu and `parlor tables` show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    /// The table's code.
    pub code: TableCode,
    /// The game's id.
    pub game: String,
    /// The host's display name.
    pub host: String,
    /// "1/2" or "2/2".
    pub seats: String,
    /// The reading player holds a seat here (kept while they were away): joining takes them
    /// back to it, so the menu says "your seat", not "watch".
    pub yours: bool,
}

impl Listing {
    /// The line `parlor tables` prints: `CODE GAME HOST-NAME SEATS` (a name's spaces are
    /// kept: the code, the game and the seats have none, so the line still splits).
    #[must_use]
    pub fn line(&self) -> String {
        format!("{} {} {} {}", self.code, self.game, self.host, self.seats)
    }
}

/// Every table of a server.
#[derive(Debug)]
pub struct Tables {
    tables: BTreeMap<TableCode, Table>,
    seat_wait: Duration,
}

impl Default for Tables {
    fn default() -> Self {
        Self::new(DEFAULT_SEAT_WAIT)
    }
}

impl Tables {
    /// No tables yet; a seat is kept `seat_wait` for a player whose connection drops.
    #[must_use]
    pub fn new(seat_wait: Duration) -> Self {
        Self {
            tables: BTreeMap::new(),
            seat_wait,
        }
    }

    /// How long a seat is kept for a player who is away.
    #[must_use]
    pub fn seat_wait(&self) -> Duration {
        self.seat_wait
    }

    /// A table by its code.
    #[must_use]
    pub fn get(&self, code: TableCode) -> Option<&Table> {
        self.tables.get(&code)
    }

    /// The table whose game goes on where `player` has a seat: where a returning player is
    /// taken back.
    #[must_use]
    pub fn seated(&self, player: &str) -> Option<(TableCode, Seat)> {
        self.tables
            .values()
            .filter(|t| matches!(t.stage, Stage::Open | Stage::Playing))
            .find_map(|t| t.seat_of(player).map(|seat| (t.code, seat)))
    }

    /// Opens a table for `game` (with its `params`), the host in the first seat. `draw` is a
    /// random number; the code is the first free one from it.
    ///
    /// # Errors
    /// [`TableError::AlreadySeated`]: the host sits at a table still going on;
    /// [`TableError::Full`]: no code is left.
    pub fn open(
        &mut self,
        game: &str,
        params: &str,
        host: Sitter,
        draw: u64,
    ) -> Result<TableCode, TableError> {
        if let Some((code, _)) = self.seated(&host.player) {
            return Err(TableError::AlreadySeated(code));
        }
        // Among one more consecutive codes than there are tables, one is free (while there
        // are fewer tables than codes).
        let tries = u64::try_from(self.tables.len())
            .unwrap_or(u64::MAX)
            .saturating_add(1);
        let code = (0..tries)
            .map(|step| TableCode::from_number(draw.wrapping_add(step)))
            .find(|code| !self.tables.contains_key(code))
            .ok_or(TableError::Full)?;
        self.tables.insert(
            code,
            Table {
                code,
                game: game.to_string(),
                params: params.to_string(),
                seats: [
                    Some(Occupant {
                        sitter: host,
                        away_since: None,
                        save: None,
                    }),
                    None,
                ],
                moves: Vec::new(),
                stage: Stage::Open,
                watchers: 0,
                version: 0,
                given_up: None,
            },
        );
        Ok(code)
    }

    /// `sitter` comes to table `code`: back to their own seat, into the free one, or to
    /// watch.
    ///
    /// # Errors
    /// [`TableError::NoSuchTable`]; [`TableError::AlreadySeated`] when they would take a
    /// seat while sitting at another table.
    pub fn join(&mut self, code: TableCode, sitter: Sitter) -> Result<Joined, TableError> {
        let elsewhere = self.seated(&sitter.player).filter(|(at, _)| *at != code);
        let table = self
            .tables
            .get_mut(&code)
            .ok_or(TableError::NoSuchTable(code))?;
        if let Some(seat) = table.seat_of(&sitter.player) {
            if let Some(occupant) = &mut table.seats[seat.index()] {
                occupant.away_since = None;
            }
            table.touch();
            return Ok(Joined::Seat(seat));
        }
        if table.stage == Stage::Open && table.seats[1].is_none() {
            if let Some((at, _)) = elsewhere {
                return Err(TableError::AlreadySeated(at));
            }
            table.seats[1] = Some(Occupant {
                sitter,
                away_since: None,
                save: None,
            });
            table.stage = Stage::Playing;
            table.touch();
            return Ok(Joined::Seat(Seat::Second));
        }
        table.watchers += 1;
        table.touch();
        Ok(Joined::Watching)
    }

    /// A seated player's move at ply `at` (the number of moves they saw): it becomes the
    /// table's next move.
    ///
    /// # Errors
    /// [`TableError::NoSuchTable`], [`TableError::NotSeated`], [`TableError::Stale`].
    pub fn play(
        &mut self,
        code: TableCode,
        player: &str,
        at: usize,
        notation: &str,
    ) -> Result<u64, TableError> {
        let table = self
            .tables
            .get_mut(&code)
            .ok_or(TableError::NoSuchTable(code))?;
        if table.seat_of(player).is_none() {
            return Err(TableError::NotSeated);
        }
        if table.stage != Stage::Playing || table.moves.len() != at {
            return Err(TableError::Stale);
        }
        table.moves.push(notation.to_string());
        table.touch();
        Ok(table.version)
    }

    /// The game at `code` reached its end (a screen at the table saw the outcome); the table
    /// leaves the list.
    pub fn finish(&mut self, code: TableCode) {
        if let Some(table) = self.tables.get_mut(&code)
            && table.stage == Stage::Playing
        {
            table.stage = Stage::Finished;
            table.touch();
        }
    }

    /// `player`'s copy of table `code`'s game is saved as `save` in their folder (see
    /// [`Occupant::save`]); a player who sits at no seat there is ignored.
    pub fn keep_save(&mut self, code: TableCode, player: &str, save: KeptSave) {
        if let Some(occupant) = self.tables.get_mut(&code).and_then(|table| {
            table
                .seats
                .iter_mut()
                .flatten()
                .find(|o| o.sitter.player == player)
        }) {
            occupant.save = Some(save);
        }
    }

    /// `player`'s connection to table `code` is gone: a seated player's seat is kept (for
    /// [`Tables::seat_wait`]); a watcher simply leaves. A host who leaves a table nobody has
    /// joined closes it.
    pub fn disconnect(&mut self, code: TableCode, player: &str, watcher: bool, now: Instant) {
        let Some(table) = self.tables.get_mut(&code) else {
            return;
        };
        if watcher {
            table.watchers = table.watchers.saturating_sub(1);
        } else if table.stage == Stage::Open {
            self.tables.remove(&code);
            return;
        } else if let Some(seat) = table.seat_of(player)
            && let Some(occupant) = &mut table.seats[seat.index()]
        {
            occupant.away_since = Some(now);
        }
        table.touch();
    }

    /// `player` gives up their seat at table `code` for good: a game going on stops there,
    /// counted for nobody, and the other player is told at once (rather than after the
    /// wait); a table nobody joined yet closes. A watcher or a finished game: nothing.
    pub fn give_up(&mut self, code: TableCode, player: &str, now: Instant) {
        let Some(table) = self.tables.get_mut(&code) else {
            return;
        };
        let Some(seat) = table.seat_of(player) else {
            return;
        };
        match table.stage {
            Stage::Open => {
                self.tables.remove(&code);
            }
            Stage::Playing => {
                table.stage = Stage::Abandoned;
                table.given_up = Some(seat);
                if let Some(occupant) = &mut table.seats[seat.index()] {
                    occupant.away_since = Some(now);
                }
                table.touch();
            }
            Stage::Finished | Stage::Abandoned => {}
        }
    }

    /// Ends what has waited too long: a game whose player stayed away past the wait is
    /// abandoned; finished and abandoned tables nobody is at any more are forgotten. Returns
    /// the codes of the tables that changed (their screens are told).
    pub fn expire(&mut self, now: Instant) -> Vec<TableCode> {
        let wait = self.seat_wait;
        let mut changed = Vec::new();
        for table in self.tables.values_mut() {
            let overdue = [Seat::First, Seat::Second]
                .into_iter()
                .any(|seat| table.away(seat, now).is_some_and(|away| away >= wait));
            if table.stage == Stage::Playing && overdue {
                table.stage = Stage::Abandoned;
                table.touch();
                changed.push(table.code);
            }
        }
        self.tables.retain(|_, table| {
            let present = table.seats.iter().flatten().any(|o| o.away_since.is_none());
            matches!(table.stage, Stage::Open | Stage::Playing) || present || table.watchers > 0
        });
        changed
    }

    /// Every table's version, by code: what [`hub::TableHub::change`] compares to know which
    /// tables a change moved.
    #[must_use]
    pub fn versions(&self) -> BTreeMap<TableCode, u64> {
        self.tables.values().map(|t| (t.code, t.version)).collect()
    }

    /// The tables a player can join: open ones first, then those being played (to watch),
    /// in code order within each.
    #[must_use]
    pub fn listings(&self) -> Vec<Listing> {
        self.listings_for(None)
    }

    /// [`Tables::listings`] as `player` reads them: a table where they hold a seat says so.
    #[must_use]
    pub fn listings_for(&self, player: Option<&str>) -> Vec<Listing> {
        let of = |stage: Stage| {
            self.tables
                .values()
                .filter(move |t| t.stage == stage)
                .map(move |t| Listing {
                    code: t.code,
                    game: t.game.clone(),
                    host: t.name_at(Seat::First).unwrap_or_default().to_string(),
                    seats: t.seats_text(),
                    yours: player.is_some_and(|p| t.seat_of(p).is_some()),
                })
        };
        of(Stage::Open).chain(of(Stage::Playing)).collect()
    }
}

#[cfg(test)]
mod tests;
