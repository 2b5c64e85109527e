//! The daily puzzle on screen, through the real input path: the menu's "Daily puzzle" opens
//! the day's puzzle (the harness's frozen date), `parlor daily --date` another day's, and a
//! solve records the day with its streak and shows the share line, which "Copy" hands to the
//! app to copy and print on exit.

use parlor::core::Game;
use parlor::games::daily::for_date;
use parlor::games::magic_square::game::MagicSquareGame;
use parlor::games::magic_square::rules::Params as MagicParams;
use parlor::games::open_id;
use parlor::lobby::daily::DailyScreen;
use parlor::save::daily::parse_date;
use parlor::save::records::Records;
use parlor::testing::Harness;

/// The harness's frozen date (2026-11-22T10:04Z) as the daily puzzle sees it.
const TODAY: &str = "2026-11-22";

/// The menu at a size, with the daily puzzle opened from it.
fn daily_from_menu(width: u16, height: u16) -> (Harness, String, String) {
    let mut h = Harness::menu(width, height);
    h.click_text("Daily puzzle");
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
        assert!(menu.contains(&format!("Today: {}", today.entry.title)), "{menu}");
        // The day's puzzle, its ID on the title row.
        assert!(puzzle.contains(&today.id), "{width}×{height} shows {}:\n{puzzle}", today.id);
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

/// A one-square Magic Square as the daily puzzle of `date`: solved by placing its one piece.
fn one_square_daily(date: &str) -> Harness {
    let id = MagicSquareGame::puzzle_id(&MagicParams { size: 1, min: 1 })
        .expect("an ID")
        .to_string();
    let date = parse_date(date).expect("a date");
    Harness::with_screen(80, 24, move |ctx| {
        let puzzle = open_id::open(&id, ctx).expect("opens");
        Box::new(DailyScreen::new(date, "Magic Square", puzzle))
    })
}

#[test]
fn a_solve_is_recorded_with_its_streak_and_shared_on_request() {
    let mut h = one_square_daily(TODAY);
    h.type_text("1");
    h.press("enter");
    let dialog = h.draw();
    assert!(dialog.contains("Daily puzzle 2026-11-22 solved"), "{dialog}");
    assert!(dialog.contains("Parlor daily 2026-11-22 · Magic Square"), "{dialog}");
    assert!(dialog.contains("Streak: 1 day."), "{dialog}");
    insta::assert_snapshot!("daily_solved_80x24", dialog);
    // Recorded at once, in the file too.
    let date = parse_date(TODAY).expect("a date");
    assert!(h.app().ctx().records.daily().solved(date));
    let stored = Records::read(h.data_dir()).expect("the records file reads");
    assert!(stored.daily().solved(date));
    // Nothing is shared until asked; "Copy" shares the line once.
    assert!(h.app().shared().is_empty());
    h.click_text("Copy");
    assert_eq!(h.app().shared().len(), 1, "{}", h.draw());
    assert!(h.app().shared()[0].starts_with("Parlor daily 2026-11-22 · Magic Square"));
}
