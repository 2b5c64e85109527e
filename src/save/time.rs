//! Timestamps for saves, without a date-time dependency: RFC 3339 in UTC from the system clock,
//! and a relative description ("5 minutes ago") for the load screen.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// `2026-11-22T10:04:00Z` for a point in time (seconds precision, UTC).
#[must_use]
pub fn rfc3339(time: SystemTime) -> String {
    let secs = time
        .duration_since(UNIX_EPOCH)
        .unwrap_or(Duration::ZERO)
        .as_secs();
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Reads back what [`rfc3339`] writes; `None` for anything else.
#[must_use]
pub fn parse_rfc3339(text: &str) -> Option<SystemTime> {
    let bytes = text.as_bytes();
    if bytes.len() != 20
        || bytes[4] != b'-'
        || bytes[7] != b'-'
        || bytes[10] != b'T'
        || bytes[19] != b'Z'
    {
        return None;
    }
    let num = |range: std::ops::Range<usize>| text.get(range)?.parse::<i64>().ok();
    let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (hour, minute, second) = (num(11..13)?, num(14..16)?, num(17..19)?);
    if !(1..=12).contains(&month)
        || !(1..=31).contains(&day)
        || hour > 23
        || minute > 59
        || second > 60
    {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let secs = days * 86_400 + hour * 3600 + minute * 60 + second;
    u64::try_from(secs)
        .ok()
        .map(|s| UNIX_EPOCH + Duration::from_secs(s))
}

/// "just now", "5 minutes ago", "3 hours ago", "2 days ago", or the date for older saves.
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
        _ => saved_at[..10].to_string(),
    }
}

fn plural(n: u64, unit: &str) -> String {
    if n == 1 {
        format!("1 {unit} ago")
    } else {
        format!("{n} {unit}s ago")
    }
}

/// Howard Hinnant's days-from-civil algorithm (proleptic Gregorian calendar).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (
        if month <= 2 {
            yoe + era * 400 + 1
        } else {
            yoe + era * 400
        },
        month,
        day,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00Z");
        let t = UNIX_EPOCH + Duration::from_secs(1_795_341_840);
        assert_eq!(rfc3339(t), "2026-11-22T10:04:00Z");
        assert_eq!(parse_rfc3339("2026-11-22T10:04:00Z"), Some(t));
        assert_eq!(parse_rfc3339("2026-13-22T10:04:00Z"), None);
        assert_eq!(parse_rfc3339("yesterday"), None);
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
            describe_age(&saved, t + Duration::from_secs(86_400 * 30)),
            "2026-11-22"
        );
    }

    proptest::proptest! {
        #[test]
        fn round_trip(secs in 0u64..10_000_000_000) {
            let t = UNIX_EPOCH + Duration::from_secs(secs);
            proptest::prop_assert_eq!(parse_rfc3339(&rfc3339(t)), Some(t));
        }
    }
}
