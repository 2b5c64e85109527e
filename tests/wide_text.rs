//! Names in wide characters (Chinese, Japanese, Korean: two columns each) and with combining
//! marks, through the real input path on `TestBackend`: typed into the new-game form, shown in
//! the game's side panel and status line, saved, and listed on the load screen. Each is cut
//! with an ellipsis at the room it has, and every row still spans exactly the terminal's
//! width, so no border is pushed out of line.

#![cfg(feature = "tui")]

use parlor::core::text::width;
use parlor::testing::Harness;

/// Twenty CJK characters: forty columns, twice what the side panel gives a name.
const WIDE_NAME: &str = "漢字仮名交じり文字列漢字仮名交じり文字列";

/// Row `y` of the screen as the terminal shows it (the harness leaves out the cell a wide
/// character covers).
fn visible_row(h: &Harness, y: u16) -> String {
    h.text()
        .lines()
        .nth(usize::from(y))
        .unwrap_or_default()
        .to_string()
}

/// Every row takes exactly the terminal's width: nothing drawn past a border.
fn assert_rows_in_line(h: &mut Harness, columns: u16, rows: u16) {
    h.draw();
    for y in 0..rows {
        let row = visible_row(h, y);
        assert_eq!(
            width(&row),
            usize::from(columns),
            "row {y} {row:?}:\n{}",
            h.text()
        );
    }
}

/// Starts Connect Four from the menu with `first` against Bob, as a person types it.
fn start(h: &mut Harness, first: &str) {
    h.click_text("Connect Four");
    h.assert_shows("New game of Connect Four");
    h.press("tab");
    h.type_text(first);
    h.press_all(&["tab", "tab"]);
    h.type_text("Bob");
    h.press_all(&["tab", "enter"]);
}

/// The row that shows seat 1's label in the side panel, as the terminal shows it.
fn first_seat_row(h: &mut Harness) -> String {
    let (_, y) = h.find("x 漢字").expect("seat 1's name in the side panel");
    visible_row(h, y)
}

fn wide_name_is_cut_in_the_side_panel_and_load_screen(columns: u16, rows: u16) {
    let mut h = Harness::menu(columns, rows);
    start(&mut h, WIDE_NAME);
    let row = first_seat_row(&mut h);
    // Cut with an ellipsis, and the panel's right border right after the name's room.
    let panel = row.rsplit_once('│').map_or(row.as_str(), |(left, _)| left);
    let shown = panel
        .rsplit_once("x ")
        .map(|(_, name)| name.trim_end())
        .expect("label");
    assert!(shown.ends_with('…'), "{shown:?} in {row:?}:\n{}", h.text());
    let kept = shown.trim_end_matches('…');
    assert!(kept.len() > 3 && WIDE_NAME.starts_with(kept), "{shown:?}");
    assert!(row.trim_end().ends_with('│'), "{row:?}");
    assert_rows_in_line(&mut h, columns, rows);

    // Saved, and listed on the load screen: the title row and the preview cut too.
    h.press("s");
    h.assert_shows("Saved to");
    h.press("q");
    h.click_text("Load game");
    // The save's title ("漢字… vs Bob") is the list's first row, above the preview's players.
    let (_, y) = h.find("漢字").expect("the save's title in the list");
    let title = visible_row(&h, y);
    let list = title.split('│').nth(1).expect("the list box");
    assert!(list.trim_end().ends_with('…'), "{list:?}:\n{}", h.text());
    let (_, y) = h.find("Players: 漢字").expect("the players in the preview");
    let players = visible_row(&h, y);
    // Cut at the preview's border, or whole where the preview is wide enough (at 100
    // columns "漢字… vs Bob" takes exactly its 56 columns).
    assert!(
        players.contains("… │") || players.contains("…│") || players.contains(" vs Bob│"),
        "{players:?}:\n{}",
        h.text()
    );
    assert_rows_in_line(&mut h, columns, rows);
}

#[test]
fn wide_name_is_cut_at_80_by_24() {
    wide_name_is_cut_in_the_side_panel_and_load_screen(80, 24);
}

#[test]
fn wide_name_is_cut_at_100_by_32() {
    wide_name_is_cut_in_the_side_panel_and_load_screen(100, 32);
}

#[test]
fn combining_marks_take_no_room_of_their_own() {
    // Twelve letters, each with a combining accent: 24 characters but 12 columns, which fit
    // the side panel whole at 100 columns.
    let name = "e\u{301}".repeat(12);
    let mut h = Harness::menu(100, 32);
    start(&mut h, &name);
    h.assert_shows(&format!("x {name}"));
    assert_rows_in_line(&mut h, 100, 32);
}

#[test]
fn a_wide_name_in_the_status_line_fits_the_row() {
    let mut h = Harness::menu(80, 24);
    start(&mut h, WIDE_NAME);
    // The status line names the player to move; at 80 columns it is cut, not wrapped.
    h.assert_shows("漢字");
    assert_rows_in_line(&mut h, 80, 24);
}
