//! The daily puzzle: the same for a date on every run (a golden value), different from day to
//! day, the kinds of puzzle in turn; `parlor daily --id`, `--plain`; its result recorded with a
//! streak in a records file that older files still load into.

use crate::support;

use parlor::games::daily::for_date;
use parlor::save::daily::parse_date;
use parlor::save::records::Records;

fn id_of(date: &str) -> String {
    for_date(parse_date(date).expect("a date"))
        .expect("a daily puzzle")
        .id
}

#[test]
fn a_date_has_one_puzzle_for_good() {
    // Golden values: these dates' puzzles must never change (docs/NOTATION.md).
    assert_eq!(id_of("2026-12-03"), GOLDEN_2026_12_03);
    assert_eq!(id_of("2026-12-04"), GOLDEN_2026_12_04);
    assert_eq!(id_of("2026-12-01"), GOLDEN_2026_12_01);
    let (out, _dir) = support::cli::parlor(&["daily", "--id", "--date", "2026-12-03"], "");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        GOLDEN_2026_12_03
    );
}

/// The golden daily puzzles. Checkers joining the rotation (six kinds instead of five) left
/// 2026-12-03 and -04 as they were only because their day numbers (20 790, 20 791) are the
/// first two of a 30-day cycle; 2026-12-01 (day 20 788: the fifth kind, Checkers problems)
/// was a Reversi endgame before and pins the six-kind rotation. Each was derived by hand from
/// docs/NOTATION.md's rule (FNV-1a of the date, the day number modulo the kinds).
const GOLDEN_2026_12_03: &str = "magic-1-4-18-7y";
const GOLDEN_2026_12_04: &str = "slide-s33520";
const GOLDEN_2026_12_01: &str = "ck-1-w6-qnf17vh3xjbxgq8-88";

#[test]
fn days_differ_and_every_kind_takes_its_turn() {
    let start = parse_date("2027-01-01").expect("a date");
    let mut ids = std::collections::HashSet::new();
    let mut kinds = std::collections::HashSet::new();
    let mut day = start;
    for _ in 0..60 {
        let daily = for_date(day).expect("a daily puzzle");
        ids.insert(daily.id.clone());
        kinds.insert(daily.entry.id);
        // Each ID belongs to the kind of the day.
        assert!(
            daily.id.starts_with(daily.entry.id_code),
            "{} for {}",
            daily.id,
            daily.entry.id
        );
        day = day.next_day().expect("a next day");
    }
    assert!(
        ids.len() >= 50,
        "only {} different puzzles in 60 days",
        ids.len()
    );
    let with_dailies = parlor::games::registry::GAMES
        .iter()
        .filter(|g| (g.daily)(0).is_some())
        .count();
    assert_eq!(kinds.len(), with_dailies);
}

#[test]
fn bad_dates_are_usage_errors() {
    let (out, _dir) = support::cli::parlor(&["daily", "--id", "--date", "2026-02-30"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("YYYY-MM-DD"));
}

#[test]
fn old_records_files_load_and_the_daily_table_round_trips() {
    let dir = tempfile::tempdir().expect("tempdir");
    let old = "version = 1\n\n[games.slide.puzzles.level-first-steps]\nsolved = 2\nfewest = 4\n";
    std::fs::write(dir.path().join("records.toml"), old).expect("written");
    let mut records = Records::read(dir.path()).expect("an old file loads");
    assert!(records.daily().is_empty());
    let date = parse_date("2026-12-03").expect("a date");
    records.record_daily(date, parlor::save::daily::DailyResult::default());
    records.store(dir.path()).expect("stored");
    let back = Records::read(dir.path()).expect("reads");
    assert!(back.daily().solved(date));
    assert_eq!(back.game("slide"), records.game("slide"));
}

#[test]
fn a_daily_magic_square_is_played_in_plain_mode_recorded_and_shared() {
    use parlor::core::{Game, PuzzleId};
    use parlor::games::magic_square::game::MagicSquareGame;
    // The first day of 2027 on whose puzzle is a 3×3 Magic Square.
    let mut day = parse_date("2027-01-01").expect("a date");
    let (daily, params) = loop {
        let daily = for_date(day).expect("a daily puzzle");
        if daily.entry.id_code == "magic" {
            let id: PuzzleId = daily.id.parse().expect("an ID");
            let params = MagicSquareGame::from_puzzle_id(&id).expect("a Magic Square ID");
            if params.size == 3 {
                break (daily, params);
            }
        }
        day = day.next_day().expect("a next day");
    };
    let date = parlor::save::daily::date_text(daily.date);
    // The Lo Shu square, shifted to the puzzle's lowest piece; rows from y = 0.
    let lo_shu = [[8, 1, 6], [3, 5, 7], [4, 9, 2]];
    let mut lines = Vec::new();
    for (y, row) in lo_shu.iter().enumerate() {
        for (x, value) in row.iter().enumerate() {
            lines.extend([
                (value - 1 + params.min).to_string(),
                x.to_string(),
                y.to_string(),
            ]);
        }
    }
    let input = lines.join("\n") + "\n";
    let (out, dir) = support::cli::parlor(&["daily", "--date", &date, "--plain"], &input);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.starts_with(&format!("Daily puzzle {date}: Magic Square")),
        "{text}"
    );
    assert!(
        text.contains(&format!("Parlor daily {date} · Magic Square · ")),
        "{text}"
    );
    let records = Records::read(dir.path()).expect("records written");
    assert!(records.daily().solved(daily.date));
    // Quitting records nothing.
    let (out, dir) = support::cli::parlor(&["daily", "--date", &date, "--plain"], "quit\n");
    assert_ne!(out.status.code(), Some(0));
    let records = Records::read(dir.path()).expect("records read");
    assert!(!records.daily().solved(daily.date));
}
