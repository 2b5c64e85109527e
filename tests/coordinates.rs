//! Square names people know, through the real input path: Reversi `a1`–`h8` and Checkers
//! 1–32 on the board's edges, in the history and in the status line by default; the seed's
//! `x,y` with `[ui] coordinates = "original"`; Slide's `x,y` from the lower left; and the
//! speed setting's effect on Slide's slide.

#![cfg(feature = "tui")]

use crate::support;

use parlor::core::Coordinates;
use parlor::core::coordinates::SquareNames;
use parlor::games::checkers::notation::CheckersSquares;
use parlor::games::reversi::notation::ReversiSquares;
use parlor::games::slide::notation::SlideSquares;
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

/// Slide's board on screen, whatever size its cells are drawn in: the row of the x numbers
/// under it, and the screen cell of the top row's square at x 4 (level 1's first O).
fn slide_top_x4(h: &mut Harness) -> (u16, (u16, u16)) {
    let text = h.draw();
    let lines: Vec<&str> = text.lines().collect();
    let labels = support::slide::x_numbers_row(&lines)
        .unwrap_or_else(|| panic!("x numbers under the board:\n{text}"));
    let x4 = lines[labels]
        .chars()
        .position(|c| c == '4')
        .expect("the x number 4") as u16;
    let top = lines
        .iter()
        .take(labels)
        .position(|line| {
            line.split_whitespace()
                .next()
                .is_some_and(|word| word.len() == 1 && word.chars().all(|c| c.is_ascii_digit()))
        })
        .expect("the top row's number") as u16;
    (labels as u16, (x4, top))
}

#[test]
fn slide_names_squares_x_y_from_the_lower_left_and_says_the_direction() {
    let mut h = Harness::menu(100, 30);
    slide_level_one(&mut h);
    // The x numbers run under the board; the y numbers count up from the bottom row.
    let (labels, (px, py)) = slide_top_x4(&mut h);
    let text = h.text();
    let bottom_row = text
        .lines()
        .take(usize::from(labels))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|word| word.len() == 1 && word.chars().all(|c| c.is_ascii_digit()))
        .last();
    assert_eq!(bottom_row, Some("0"), "{text}");
    // Level 1's first optimal move: the O on the top row at x 4 slides down.
    h.click(px, py);
    h.assert_shows("O at 4,9: an arrow key or a click in line moves it");
    h.press("down");
    h.assert_shows("1. O 4,9 down");
    // The help explains both conventions and the plain-mode keys.
    h.press("?");
    // Help opens on the keys; the rules and the coordinates follow them.
    h.press("end");
    h.assert_shows("x counts columns from the left");
}

#[test]
fn speed_off_skips_the_slide_animation() {
    for (config, animates) in [("", true), ("[ui]\nspeed = \"off\"\n", false)] {
        let mut h = Harness::with_config(100, 30, config);
        slide_level_one(&mut h);
        // The trail is the game screen's motion: let it run on the test's clock.
        h.keep_motion();
        let (_, (x, y)) = slide_top_x4(&mut h);
        h.click(x, y);
        h.press("down");
        h.assert_shows("1. O 4,9 down");
        assert_eq!(
            h.app().deadline().is_some(),
            animates,
            "speed {config:?}: an animation frame is due only when motion is on"
        );
    }
}

/// The two settings, with the config text that selects each.
const SETTINGS: [(Coordinates, &str); 2] = [
    (Coordinates::Standard, ""),
    (Coordinates::Original, ORIGINAL),
];

/// The first line of the screen holding `marker`, split around it.
fn around(h: &Harness, marker: &str) -> (String, String) {
    let text = h.text();
    let line = text
        .lines()
        .find(|line| line.contains(marker))
        .unwrap_or_else(|| panic!("{marker:?} is not on screen:\n{text}"));
    let (head, rest) = line.split_once(marker).unwrap_or_default();
    (head.to_string(), rest.to_string())
}

/// The word right after `marker`, without the punctuation a sentence puts after a square.
fn word_after(h: &Harness, marker: &str) -> String {
    let (_, rest) = around(h, marker);
    rest.split_whitespace()
        .next()
        .unwrap_or_default()
        .trim_end_matches(['.', ',', ':', ')', ';'])
        .to_string()
}

/// The word right before `marker`.
fn word_before(h: &Harness, marker: &str) -> String {
    let (head, _) = around(h, marker);
    head.split_whitespace()
        .last()
        .unwrap_or_default()
        .to_string()
}

/// Parses the square `word` back under `names` and checks it is `expected` (or, with no
/// expectation, that it parses at all): the message used the setting's notation.
fn parses_to<N: SquareNames>(
    names: Coordinates,
    word: &str,
    expected: Option<N::Square>,
    what: &str,
) {
    let square = names.parse::<N>(word);
    assert!(
        square.is_some(),
        "{what}: {word:?} is not a square under {names:?}"
    );
    if let Some(expected) = expected {
        assert_eq!(square, Some(expected), "{what}: {word:?} under {names:?}");
    }
}

#[test]
fn reversi_refusals_history_and_hint_name_squares_as_the_setting_says() {
    for (names, config) in SETTINGS {
        let mut h = Harness::with_config(100, 30, config);
        h.start_two_player("Reversi", "Alice", "Bob");
        // From (4,2) up twice onto the taken (4,4): the refusal names it.
        h.press_all(&["up", "up", "enter"]);
        let taken = word_before(&h, "is already taken");
        parses_to::<ReversiSquares>(names, &taken, Some((4, 4)), "occupied refusal");
        // Left twice to (2,4), a legal square: the history names it.
        h.press_all(&["left", "left", "enter"]);
        let played = word_after(&h, "1. black ");
        parses_to::<ReversiSquares>(names, &played, Some((2, 4)), "history");
        // The corner (0,0) brackets nothing for white.
        h.press_all(&["down"; 10]);
        h.press_all(&["left"; 10]);
        h.press("enter");
        let corner = word_after(&h, "white piece on ");
        parses_to::<ReversiSquares>(names, &corner, Some((0, 0)), "no-flip refusal");
        // The hint names the engine's move the same way.
        h.press("h");
        h.wait_for("Suggested move: ");
        let hint = word_after(&h, "Suggested move: ");
        parses_to::<ReversiSquares>(names, &hint, None, "hint");
    }
}

#[test]
fn checkers_history_and_hint_name_squares_as_the_setting_says() {
    for (names, config) in SETTINGS {
        let mut h = Harness::with_config(100, 28, config);
        h.start_two_player("Checkers", "Alice", "Bob");
        h.press("h");
        h.wait_for("Suggested move: ");
        let hint = word_after(&h, "Suggested move: ");
        for square in hint.split(['-', 'x']) {
            parses_to::<CheckersSquares>(names, square, None, "hint");
        }
    }
}

#[test]
fn slide_status_refusal_history_and_hint_name_squares_as_the_setting_says() {
    for (names, config) in SETTINGS {
        let mut h = Harness::with_config(100, 30, config);
        slide_level_one(&mut h);
        // The O on the top row at x 4 (the seed's row 0, column 4).
        let (_, (x, y)) = slide_top_x4(&mut h);
        h.click(x, y);
        let status = word_after(&h, "O at ");
        parses_to::<SlideSquares>(names, &status, Some((0, 4)), "status line");
        // Up is the edge: refused, naming the piece's square.
        h.press("up");
        h.assert_shows("cannot move up");
        let refused = word_after(&h, "The O at ");
        parses_to::<SlideSquares>(names, &refused, Some((0, 4)), "refusal");
        h.press("down");
        let played = word_after(&h, "1. O ");
        parses_to::<SlideSquares>(names, &played, Some((0, 4)), "history");
        // The hint names its piece (symbol, square, direction), never the seed's w/a/s/d.
        h.press("h");
        h.wait_for("; next ");
        let piece = word_after(&h, "; next ");
        assert!(
            piece == "O" || piece == "X",
            "the hint names its piece: {piece:?}"
        );
        let square = word_after(&h, &format!("; next {piece} "));
        parses_to::<SlideSquares>(names, &square, None, "hint");
    }
}
