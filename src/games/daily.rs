//! Which puzzle is the daily puzzle of a date: the kinds of puzzle that have daily puzzles
//! ([`GameEntry::daily`], in the registry's order) take turns day by day, and the date's hash
//! chooses the puzzle of the day's kind. The same date gives the same puzzle on every machine
//! running the same Parlor, with no network (see [`crate::save::daily`]).

use time::Date;

use crate::games::game_entry::GameEntry;
use crate::games::registry::GAMES;
use crate::save::daily::{day_number, hash};

/// A date's daily puzzle.
#[derive(Clone)]
pub struct DailyPuzzle {
    /// The date.
    pub date: Date,
    /// The kind of puzzle.
    pub entry: &'static GameEntry,
    /// Its ID.
    pub id: String,
}

/// The daily puzzle of `date` (`None` only if no registered game had daily puzzles).
#[must_use]
pub fn for_date(date: Date) -> Option<DailyPuzzle> {
    let hash = hash(date);
    let kinds: Vec<&'static GameEntry> = GAMES
        .iter()
        .copied()
        .filter(|game| (game.daily)(hash).is_some())
        .collect();
    let count = i64::try_from(kinds.len()).ok().filter(|&n| n > 0)?;
    let kind = kinds[usize::try_from(day_number(date).rem_euclid(count)).ok()?];
    Some(DailyPuzzle {
        date,
        entry: kind,
        id: (kind.daily)(hash)?,
    })
}
