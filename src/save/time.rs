//! Timestamps for saves: RFC 3339 in UTC at seconds precision (`2026-11-22T10:04:00Z`), written
//! and read by the `time` crate, and the relative description ("5 minutes ago") the load
//! screen shows, which is ours.
//!
//! The written form never changes width or zone: the catalog sorts saves by comparing these
//! strings, and saves written by earlier versions read back the same.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

/// What [`rfc3339`] writes when the clock is beyond what RFC 3339 can write (after 9999).
const EPOCH_TEXT: &str = "1970-01-01T00:00:00Z";

/// `2026-11-22T10:04:00Z` for a point in time (seconds precision, UTC; a clock before 1970
/// reads as 1970).
#[must_use]
pub fn rfc3339(time: SystemTime) -> String {
    let secs = time
        .duration_since(UNIX_EPOCH)
        .unwrap_or(Duration::ZERO)
        .as_secs();
    i64::try_from(secs)
        .ok()
        .and_then(|secs| OffsetDateTime::from_unix_timestamp(secs).ok())
        .and_then(|at| at.format(&Rfc3339).ok())
        .unwrap_or_else(|| EPOCH_TEXT.to_string())
}

/// Reads an RFC 3339 time, as [`rfc3339`] writes it (or with an offset or fractions of a
/// second); `None` for anything else.
#[must_use]
pub fn parse_rfc3339(text: &str) -> Option<SystemTime> {
    OffsetDateTime::parse(text, &Rfc3339)
        .ok()
        .map(SystemTime::from)
}

/// "just now", "5 minutes ago", "3 hours ago", "2 days ago", or the date (UTC) for older saves.
#[must_use]
pub fn describe_age(saved_at: &str, now: SystemTime) -> String {
    let Some(then) = parse_rfc3339(saved_at) else {
        return "unknown time".into();
    };
    let secs = now.duration_since(then).unwrap_or(Duration::ZERO).as_secs();
    match secs {
        0..60 => "just now".into(),
        60..3600 => plural(secs / 60, "minute"),
        3600..86_400 => plural(secs / 3600, "hour"),
        86_400..604_800 => plural(secs / 86_400, "day"),
        // `Date`'s display is the ISO form, 2026-11-22.
        _ => OffsetDateTime::from(then).date().to_string(),
    }
}

fn plural(n: u64, unit: &str) -> String {
    if n == 1 {
        format!("1 {unit} ago")
    } else {
        format!("{n} {unit}s ago")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00Z");
        let t = UNIX_EPOCH + Duration::from_secs(1_795_341_840);
        assert_eq!(rfc3339(t), "2026-11-22T10:04:00Z");
        // Sub-second parts of the clock are not written.
        assert_eq!(
            rfc3339(t + Duration::from_millis(999)),
            "2026-11-22T10:04:00Z"
        );
        // A leap year's extra day, and the turn of a century that is not a leap year.
        let leap = UNIX_EPOCH + Duration::from_secs(951_782_400);
        assert_eq!(rfc3339(leap), "2000-02-29T00:00:00Z");
        assert_eq!(
            parse_rfc3339("2100-03-01T00:00:00Z"),
            Some(UNIX_EPOCH + Duration::from_secs(4_107_542_400))
        );
        assert_eq!(parse_rfc3339("2026-11-22T10:04:00Z"), Some(t));
        assert_eq!(parse_rfc3339("2026-11-22T11:04:00+01:00"), Some(t));
        assert_eq!(parse_rfc3339("2026-13-22T10:04:00Z"), None);
        assert_eq!(parse_rfc3339("2026-02-30T10:04:00Z"), None);
        assert_eq!(parse_rfc3339("yesterday"), None);
        assert_eq!(parse_rfc3339(""), None);
    }

    #[test]
    fn ages() {
        let t = UNIX_EPOCH + Duration::from_secs(1_795_341_840);
        let saved = rfc3339(t);
        assert_eq!(describe_age(&saved, t + Duration::from_secs(5)), "just now");
        assert_eq!(
            describe_age(&saved, t + Duration::from_secs(300)),
            "5 minutes ago"
        );
        assert_eq!(
            describe_age(&saved, t + Duration::from_secs(3600)),
            "1 hour ago"
        );
        assert_eq!(
            describe_age(&saved, t + Duration::from_secs(86_400 * 2)),
            "2 days ago"
        );
        assert_eq!(
            describe_age(&saved, t + Duration::from_secs(86_400 * 30)),
            "2026-11-22"
        );
        // A save from the future (a clock set back) is "just now", not a panic.
        assert_eq!(describe_age(&saved, UNIX_EPOCH), "just now");
        assert_eq!(describe_age("not a time", t), "unknown time");
    }

    proptest::proptest! {
        /// Written times read back, and their text sorts as the times do (the catalog sorts
        /// saves by it).
        #[test]
        fn round_trip(a in 0u64..253_402_300_799, b in 0u64..253_402_300_799) {
            let (ta, tb) = (UNIX_EPOCH + Duration::from_secs(a), UNIX_EPOCH + Duration::from_secs(b));
            proptest::prop_assert_eq!(parse_rfc3339(&rfc3339(ta)), Some(ta));
            proptest::prop_assert_eq!(rfc3339(ta).cmp(&rfc3339(tb)), a.cmp(&b));
        }
    }
}
