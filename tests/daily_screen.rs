//! The daily puzzle on screen, through the real input path: the menu's "Daily puzzle" opens
//! the day's puzzle (the harness's frozen date), `parlor daily --date` another day's, and a
//! solve records the day with its streak and shows the share line, which "Copy" hands to the
//! app to copy and print on exit.

use parlor::core::{Game, PuzzleId};
use parlor::games::daily::for_date;
use parlor::games::magic_square::game::MagicSquareGame;
use parlor::save::daily::{date_text, parse_date};
use parlor::save::records::Records;
use parlor::testing::Harness;

/// The harness's frozen date (2026-11-22T10:04Z) as the daily puzzle sees it.
const TODAY: &str = "2026-11-22";

/// The menu at a size, with the daily puzzle opened from it.
fn daily_from_menu(width: u16, height: u16) -> (Harness, String, String) {
    let mut h = Harness::menu(width, height);
    // Down to "Daily puzzle", whose line under the list says today's kind.
    for _ in 0..20 {
        if h.draw().contains("Today: ") {
            break;
        }
        h.press("down");
    }
    let menu = h.draw();
    h.press("enter");
    let puzzle = h.draw();
    (h, menu, puzzle)
}

#[test]
fn the_menu_opens_todays_puzzle_at_every_size() {
    let today = for_date(parse_date(TODAY).expect("a date")).expect("a daily puzzle");
    for (width, height) in [(80, 24), (60, 20), (200, 60)] {
        let (_h, menu, puzzle) = daily_from_menu(width, height);
        assert!(
            menu.contains(&format!("Today: {}", today.entry.title)),
            "{menu}"
        );
        // The day's puzzle, its ID on the title row.
        assert!(
            puzzle.contains(&today.id),
            "{width}×{height} shows {}:\n{puzzle}",
            today.id
        );
        insta::assert_snapshot!(format!("daily_menu_{width}x{height}"), menu);
        insta::assert_snapshot!(format!("daily_puzzle_{width}x{height}"), puzzle);
    }
}

#[test]
fn the_command_line_opens_another_dates_puzzle() {
    let date = "2026-12-03";
    let daily = for_date(parse_date(date).expect("a date")).expect("a daily puzzle");
    let mut h = Harness::command_line(100, 30, &["daily", "--date", date]);
    let screen = h.draw();
    assert!(screen.contains(&daily.id), "{screen}");
}

/// The first date of 2027 whose puzzle is a 3×3 Magic Square, with its lowest piece.
fn magic_day() -> (String, i64) {
    let mut day = parse_date("2027-01-01").expect("a date");
    loop {
        let daily = for_date(day).expect("a daily puzzle");
        if daily.entry.id_code == "magic" {
            let id: PuzzleId = daily.id.parse().expect("an ID");
            let params = MagicSquareGame::from_puzzle_id(&id).expect("a Magic Square ID");
            if params.size == 3 {
                return (date_text(day), params.min);
            }
        }
        day = day.next_day().expect("a next day");
    }
}

/// Fills the 3×3 board with the Lo Shu square shifted to `min`, by keys from the cursor's
/// start in the centre.
fn solve_magic(h: &mut Harness, min: i64) {
    let lo_shu = [[8, 1, 6], [3, 5, 7], [4, 9, 2]];
    let (mut x, mut y) = (1usize, 1usize);
    for (row, values) in lo_shu.iter().enumerate() {
        for (column, value) in values.iter().enumerate() {
            while x < column {
                h.press("right");
                x += 1;
            }
            while x > column {
                h.press("left");
                x -= 1;
            }
            while y < row {
                h.press("up");
                y += 1;
            }
            while y > row {
                h.press("down");
                y -= 1;
            }
            h.type_text(&(value - 1 + min).to_string());
            h.press("enter");
        }
    }
}

#[test]
fn a_solve_is_recorded_with_its_streak_and_shared_on_request() {
    let (date, min) = magic_day();
    let mut h = Harness::command_line(80, 24, &["daily", "--date", &date]);
    solve_magic(&mut h, min);
    let dialog = h.draw();
    assert!(
        dialog.contains(&format!("Daily puzzle {date} solved")),
        "{dialog}"
    );
    assert!(
        dialog.contains(&format!("Parlor daily {date} · Magic Square · 9 moves")),
        "{dialog}"
    );
    assert!(dialog.contains("Streak: 1 day."), "{dialog}");
    insta::assert_snapshot!("daily_solved_80x24", dialog);
    // Recorded at once, in the file too.
    let day = parse_date(&date).expect("a date");
    assert!(h.app().ctx().records.daily().solved(day));
    let stored = Records::read(h.data_dir()).expect("the records file reads");
    assert!(stored.daily().solved(day));
    // Nothing is shared until asked; "Copy" shares the line once.
    assert!(h.app().shared().is_empty());
    h.click_text("Copy");
    assert_eq!(h.app().shared().len(), 1, "{}", h.draw());
    assert!(h.app().shared()[0].starts_with(&format!("Parlor daily {date} · Magic Square")));
}
