//! The daily puzzle's pure half: the date it is for, the hash that chooses it, the results kept
//! in the records with their streak, and the share line.
//!
//! The date is the UTC calendar date, so that everybody has the same puzzle at the same moment;
//! the hash is FNV-1a (64 bits) of the date written `YYYY-MM-DD`, written out here so that it
//! never changes with a library or a Rust release (a test holds golden values).

use std::collections::BTreeMap;
use std::time::SystemTime;

use serde::{Deserialize, Serialize};
use time::{Date, Month, OffsetDateTime};

/// Why a text is not a date.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a date; write it YYYY-MM-DD, like 2026-12-03")]
pub struct DateError(pub String);

/// Reads a date written `YYYY-MM-DD` (and nothing else).
///
/// # Errors
/// [`DateError`] for anything else, or a day the calendar does not have.
pub fn parse_date(text: &str) -> Result<Date, DateError> {
    let bad = || {
        DateError(crate::core::text::clip(
            &crate::core::text::sanitize(text),
            20,
        ))
    };
    let parts: Vec<&str> = text.trim().split('-').collect();
    let [year, month, day] = parts[..] else {
        return Err(bad());
    };
    if year.len() != 4 || month.len() != 2 || day.len() != 2 {
        return Err(bad());
    }
    let number = |part: &str| -> Result<u16, DateError> {
        if part.bytes().all(|b| b.is_ascii_digit()) {
            part.parse().map_err(|_| bad())
        } else {
            Err(bad())
        }
    };
    let month =
        Month::try_from(u8::try_from(number(month)?).map_err(|_| bad())?).map_err(|_| bad())?;
    let day = u8::try_from(number(day)?).map_err(|_| bad())?;
    Date::from_calendar_date(i32::from(number(year)?), month, day).map_err(|_| bad())
}

/// The date written `YYYY-MM-DD`.
#[must_use]
pub fn date_text(date: Date) -> String {
    format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

/// Today's date in UTC at `now`.
#[must_use]
pub fn today(now: SystemTime) -> Date {
    OffsetDateTime::from(now).date()
}

/// The hash that chooses a date's puzzle: FNV-1a of its `YYYY-MM-DD`.
#[must_use]
pub fn hash(date: Date) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    date_text(date)
        .bytes()
        .fold(OFFSET, |h, byte| (h ^ u64::from(byte)).wrapping_mul(PRIME))
}

/// The date's number of days since 1970-01-01 (before it: negative), which turns the kinds of
/// puzzle in rotation.
#[must_use]
pub fn day_number(date: Date) -> i64 {
    /// The Julian day number of 1970-01-01.
    const EPOCH: i64 = 2_440_588;
    i64::from(date.to_julian_day()) - EPOCH
}

/// One solved daily puzzle.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyResult {
    /// The kind of puzzle ("Slide").
    pub puzzle: String,
    /// Moves (or turns) it took.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
    /// Its par, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub par: Option<u32>,
    /// Seconds it took, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<u64>,
}

/// Every daily puzzle solved, by date (`YYYY-MM-DD`): the `[daily]` table of `records.toml`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyRecords {
    /// Results by date.
    #[serde(default)]
    pub days: BTreeMap<String, DailyResult>,
}

impl DailyRecords {
    /// Whether nothing is recorded (the table is then left out of the file).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.days.is_empty()
    }

    /// Records the solve of `date`'s puzzle; the first solve of a date stands.
    pub fn record(&mut self, date: Date, result: DailyResult) {
        self.days.entry(date_text(date)).or_insert(result);
    }

    /// Whether `date`'s puzzle was solved.
    #[must_use]
    pub fn solved(&self, date: Date) -> bool {
        self.days.contains_key(&date_text(date))
    }

    /// Days solved in a row up to `today`: counted back from today when it is solved, else
    /// from yesterday (a streak is not broken before the day is over).
    #[must_use]
    pub fn streak(&self, today: Date) -> u32 {
        let start = if self.solved(today) {
            Some(today)
        } else {
            today.previous_day()
        };
        let mut count = 0;
        let mut day = start;
        while let Some(date) = day.filter(|d| self.solved(*d)) {
            count += 1;
            day = date.previous_day();
        }
        count
    }

    /// The longest run of days solved.
    #[must_use]
    pub fn best_streak(&self) -> u32 {
        let mut best = 0;
        let mut run = 0;
        let mut previous: Option<Date> = None;
        for text in self.days.keys() {
            let Ok(date) = parse_date(text) else {
                continue;
            };
            run = if previous.and_then(Date::next_day) == Some(date) {
                run + 1
            } else {
                1
            };
            best = best.max(run);
            previous = Some(date);
        }
        best
    }
}

/// The spoiler-free line to share after solving: `Parlor daily 2026-12-03 · Slide · 14 moves
/// (par 14) · 1:42`.
#[must_use]
pub fn share_line(date: Date, result: &DailyResult) -> String {
    let mut parts = vec![
        format!("Parlor daily {}", date_text(date)),
        result.puzzle.clone(),
    ];
    if let Some(moves) = result.moves {
        let plural = if moves == 1 { "move" } else { "moves" };
        parts.push(match result.par {
            Some(par) => format!("{moves} {plural} (par {par})"),
            None => format!("{moves} {plural}"),
        });
    }
    if let Some(seconds) = result.seconds {
        parts.push(format!("{}:{:02}", seconds / 60, seconds % 60));
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> Date {
        parse_date(text).expect("a date")
    }

    #[test]
    fn the_hash_is_fixed_and_differs_across_dates() {
        // Golden values: a date's puzzle must be the same in every Parlor, on every machine.
        assert_eq!(hash(date("2026-12-03")), 0x185b_184c_1340_bcb5);
        assert_eq!(hash(date("1970-01-01")), hash(date("1970-01-01")));
        assert_ne!(hash(date("2026-12-03")), hash(date("2026-12-04")));
        assert_eq!(day_number(date("1970-01-02")), 1);
        assert_eq!(day_number(date("2026-12-03")), 20_790);
    }

    #[test]
    fn dates_are_read_strictly() {
        assert_eq!(date_text(date("2026-02-28")), "2026-02-28");
        for bad in [
            "2026-02-30",
            "2026-2-03",
            "26-12-03",
            "2026/12/03",
            "",
            "2026-12-03x",
            "+026-12-03",
        ] {
            assert!(parse_date(bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse_date("soon").map_err(|e| e.to_string()),
            Err("\"soon\" is not a date; write it YYYY-MM-DD, like 2026-12-03".to_string())
        );
        assert_eq!(
            today(SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(86_400 * 3 + 5)),
            date("1970-01-04")
        );
    }

    #[test]
    fn streaks_count_days_in_a_row() {
        let mut records = DailyRecords::default();
        for day in ["2026-12-01", "2026-12-02", "2026-12-03", "2026-11-20"] {
            records.record(date(day), DailyResult::default());
        }
        assert_eq!(records.streak(date("2026-12-03")), 3);
        // Today not yet solved: yesterday's streak still stands.
        assert_eq!(records.streak(date("2026-12-04")), 3);
        assert_eq!(records.streak(date("2026-12-05")), 0);
        assert_eq!(records.best_streak(), 3);
        // The first solve of a day stands.
        records.record(
            date("2026-12-03"),
            DailyResult {
                moves: Some(3),
                ..DailyResult::default()
            },
        );
        assert_eq!(records.days["2026-12-03"].moves, None);
    }

    #[test]
    fn the_share_line_says_no_more_than_the_result() {
        let result = DailyResult {
            puzzle: "Slide".into(),
            moves: Some(14),
            par: Some(14),
            seconds: Some(102),
        };
        assert_eq!(
            share_line(date("2026-12-03"), &result),
            "Parlor daily 2026-12-03 · Slide · 14 moves (par 14) · 1:42"
        );
        let bare = DailyResult {
            puzzle: "Magic Square".into(),
            ..DailyResult::default()
        };
        assert_eq!(
            share_line(date("2026-12-03"), &bare),
            "Parlor daily 2026-12-03 · Magic Square"
        );
    }
}
