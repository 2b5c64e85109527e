//! The small flows between games (#20): a new-game form starts on Enter from any field and
//! shows the names it will use; dialog buttons show the letter that chooses them; Ctrl-C's
//! dialog is about quitting Parlor.

#![cfg(feature = "tui")]

use parlor::testing::Harness;
use ratatui::style::Modifier;

#[test]
fn enter_on_the_first_field_starts_the_game_with_the_names_shown() {
    let mut h = Harness::menu(100, 30);
    h.click_text("Connect Four");
    h.assert_shows("New game of Connect Four");
    // Focus on the name field: it is empty, and shows the name it will get.
    h.press("tab");
    h.assert_shows("Name: _Player 1");
    h.press("enter");
    h.assert_shows("Player 1 (x) to move");
}

#[test]
fn dialog_buttons_underline_the_letter_that_chooses_them() {
    let mut h = Harness::command_line(100, 30, &["connect4", "Ann", "Bob"]);
    h.press("4");
    h.press("q");
    let (x, y) = h.find("Don't save").expect("the leave dialog");
    assert!(
        h.cell(x, y).modifier.contains(Modifier::UNDERLINED),
        "the D of Don't save is underlined"
    );
    assert!(!h.cell(x + 1, y).modifier.contains(Modifier::UNDERLINED));
    h.press("d");
    assert!(!h.app().is_running(), "d chose Don't save and left");
}

#[test]
fn ctrl_c_asks_about_quitting_parlor() {
    let mut h = Harness::command_line(100, 30, &["connect4", "Ann", "Bob"]);
    h.press("4");
    h.interrupt();
    h.assert_shows("Quit Parlor");
    h.assert_shows("Ctrl-C again quits and autosaves it");
    h.interrupt();
    assert!(!h.app().is_running());
    assert_eq!(
        h.app().autosaved().len(),
        1,
        "the second Ctrl-C autosaved the game"
    );
    assert!(h.app().autosaved()[0].exists());
}
