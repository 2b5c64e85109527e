//! Square names people know, through the real input path: Reversi `a1`–`h8` and Checkers
//! 1–32 on the board's edges, in the history and in the status line by default; the seed's
//! `x,y` with `[ui] coordinates = "original"`; Slide's `x,y` from the lower left; and the
//! speed setting's effect on Slide's slide.

#![cfg(feature = "tui")]

use parlor::testing::Harness;

const ORIGINAL: &str = "[ui]\ncoordinates = \"original\"\n";

/// The history panel's lines (the text right of the board), for checks on move labels.
fn shows_line(h: &Harness, needle: &str) -> bool {
    h.text().lines().any(|line| line.contains(needle))
}

#[test]
fn reversi_names_squares_a1_to_h8_by_default_and_x_y_on_request() {
    let mut h = Harness::menu(100, 30);
    h.start_two_player("Reversi", "Alice", "Bob");
    h.assert_shows("a   b   c   d   e   f   g   h");
    // The cursor starts on Black's first legal square in move-list order; Enter plays it.
    h.press("enter");
    let standard = ["d3", "c4", "f5", "e6"];
    assert!(
        standard
            .iter()
            .any(|name| shows_line(&h, &format!("1. black {name}"))),
        "a standard name in the history:\n{}",
        h.text()
    );

    let mut h = Harness::with_config(100, 30, ORIGINAL);
    h.start_two_player("Reversi", "Alice", "Bob");
    h.assert_shows("0   1   2   3   4   5   6   7");
    h.press("enter");
    let original = ["3,5", "2,4", "5,3", "4,2"];
    assert!(
        original
            .iter()
            .any(|name| shows_line(&h, &format!("1. black {name}"))),
        "the seed's x,y in the history:\n{}",
        h.text()
    );
}

#[test]
fn checkers_numbers_squares_1_to_32_by_default_and_x_y_on_request() {
    let mut h = Harness::menu(100, 28);
    h.start_two_player("Checkers", "Alice", "Bob");
    // Each row starts with its first square's number; empty squares show theirs.
    for n in ["13 │ 13│", "17 │░░░│ 17│"] {
        h.assert_shows(n);
    }
    // Select the piece on 11 (x 5, y 5) and step to 15 (x 4, y 4), by clicks on the cells:
    // the empty 15 is found by its number.
    let (x15, y15) = h.find("│ 15│").map(|(x, y)| (x + 2, y)).expect("square 15");
    let (x11, y11) = (x15 + 4, y15 - 2);
    h.click(x11, y11);
    h.assert_shows("Move the piece on 11 to 1");
    // Light squares have no number: a try there says what they are.
    h.press_all(&["down", "enter"]);
    h.assert_shows("The piece on 11 cannot go to a light square.");
    h.click(x15, y15);
    h.assert_shows("1. black 11-15");

    let mut h = Harness::with_config(100, 28, ORIGINAL);
    h.start_two_player("Checkers", "Alice", "Bob");
    let (x0, labels) = h
        .find("0   1   2   3   4   5   6   7")
        .expect("the seed's column labels");
    let at = |x: u16, y: u16| (x0 + 4 * x, labels - 2 - 2 * y);
    let (fx, fy) = at(5, 5);
    h.click(fx, fy);
    h.assert_shows("Move the piece on 5,5 to ");
    let (tx, ty) = at(4, 4);
    h.click(tx, ty);
    h.assert_shows("1. black 5,5-4,4");
}

/// Opens Slide's level 1 from the menu.
fn slide_level_one(h: &mut Harness) {
    h.click_text("Slide");
    h.assert_shows("Slide — levels");
    h.press("enter");
    h.assert_shows("O pieces left: 4");
}

#[test]
fn slide_names_squares_x_y_from_the_lower_left_and_says_the_direction() {
    let mut h = Harness::menu(100, 30);
    slide_level_one(&mut h);
    // The x numbers run under the board; the y numbers count up from the bottom row.
    let (x0, labels) = h
        .find("0  1  2  3  4  5  6  7  8  9")
        .expect("x numbers under the board");
    assert!(
        h.text()
            .lines()
            .nth(usize::from(labels - 1))
            .is_some_and(|l| l.contains(" 0 "))
    );
    // Level 1's first optimal move: the O on the top row at x 4 slides down.
    let (px, py) = (x0 + 3 * 4, labels - 10);
    h.click(px, py);
    h.assert_shows("O at 4,9: an arrow key or a click in line moves it");
    h.press("down");
    h.assert_shows("1. O 4,9 down");
    // The help explains both conventions and the plain-mode keys.
    h.press("?");
    h.assert_shows("x counts columns from the left");
}

#[test]
fn speed_off_skips_the_slide_animation() {
    for (config, animates) in [("", true), ("[ui]\nspeed = \"off\"\n", false)] {
        let mut h = Harness::with_config(100, 30, config);
        slide_level_one(&mut h);
        // The trail is the game screen's motion: let it run on the test's clock.
        h.keep_motion();
        let (x0, labels) = h
            .find("0  1  2  3  4  5  6  7  8  9")
            .expect("x numbers under the board");
        h.click(x0 + 12, labels - 10);
        h.press("down");
        h.assert_shows("1. O 4,9 down");
        assert_eq!(
            h.app().deadline().is_some(),
            animates,
            "speed {config:?}: an animation frame is due only when motion is on"
        );
    }
}
