//! Magic Square through the real input path on `TestBackend`: the new-game form, typing and
//! cycling pieces, the cursor, clicks on the tray and the board, live sums, hint, solve, undo,
//! saving and the end of the game.

#![cfg(feature = "tui")]

use parlor::core::Players;
use parlor::game_screen::GameScreen;
use parlor::games::magic_square::Params;
use parlor::games::magic_square::ui::MagicSquareUi;
use parlor::save::format::SaveFile;
use parlor::testing::Harness;

/// A game screen straight away, without the menu.
fn game(size: u8, min: i64) -> Harness {
    Harness::with_screen(100, 34, move |ctx| {
        Box::new(
            GameScreen::<MagicSquareUi>::new(Params { size, min }, Players::none(), ctx)
                .expect("valid parameters"),
        )
    })
}

/// Screen geometry found from the drawn frame, whatever size the cells are drawn in: where
/// square `(x, y)`'s text is.
struct Board {
    left: u16,
    top: u16,
    n: u16,
    cell: u16,
    /// Rows of one cell, and of the line between cells (0 when rows go together).
    height: u16,
    gap: u16,
}

impl Board {
    fn find(h: &mut Harness, n: u16) -> Self {
        let (left, top) = h.find("┌").expect("board frame on screen");
        let (right, _) = h.find("┐").expect("board frame on screen");
        let (_, bottom) = h.find("└").expect("board frame on screen");
        let gap = u16::from(h.find("├").is_some());
        let cell = (right - left - n) / n;
        let height = (bottom - top - 1 - (n - 1) * gap) / n;
        Self {
            left,
            top,
            n,
            cell,
            height,
            gap,
        }
    }

    /// The first column of square `(x, y)` and the row its text is on (the cell's middle).
    fn square(&self, x: u16, y: u16) -> (u16, u16) {
        (
            self.left + 1 + x * (self.cell + 1),
            self.top + 1 + (self.n - 1 - y) * (self.height + self.gap) + (self.height - 1) / 2,
        )
    }

    /// The text of square `(x, y)`, trimmed of padding and brackets.
    fn text(&self, h: &Harness, x: u16, y: u16) -> String {
        let (cx, cy) = self.square(x, y);
        (cx..cx + self.cell)
            .map(|c| h.cell(c, cy).symbol().to_string())
            .collect::<String>()
            .trim_matches(|c: char| c == ' ' || c == '[' || c == ']' || c == '<' || c == '>')
            .to_string()
    }

    /// The screen row of board row `y`, as a string.
    fn row_line(&self, h: &Harness, y: u16) -> String {
        let (_, cy) = self.square(0, y);
        h.text()
            .lines()
            .nth(usize::from(cy))
            .unwrap_or_default()
            .to_string()
    }
}

/// Moves the cursor from the centre of a 3×3 board to `(x, y)` with arrow keys.
fn go_to(h: &mut Harness, from: (u16, u16), to: (u16, u16)) {
    let (mut x, mut y) = from;
    while x < to.0 {
        h.press("right");
        x += 1;
    }
    while x > to.0 {
        h.press("left");
        x -= 1;
    }
    while y < to.1 {
        h.press("up");
        y += 1;
    }
    while y > to.1 {
        h.press("down");
        y -= 1;
    }
}

#[test]
fn the_menu_opens_a_form_for_size_and_lowest_piece() {
    let mut h = Harness::menu(100, 34);
    h.click_text("Magic Square");
    h.assert_shows("New game of Magic Square");
    // The footer shows the form's keys, not the menu's.
    h.assert_shows("Esc cancel");
    assert!(!h.text().contains("? help"), "{}", h.text());
    // Size stays 3; the lowest piece becomes -9.
    h.press("tab");
    h.press("backspace");
    h.type_text("-9");
    h.press_all(&["tab", "enter"]);
    let text = h.text();
    assert!(text.contains("magic sum -15"), "{text}");
    assert!(text.contains("3×3 from -9"), "{text}");
    assert!(
        text.contains(" -9   -8   -7 "),
        "the tray lists the pieces:\n{text}"
    );
}

#[test]
fn the_form_refuses_a_size_out_of_range() {
    let mut h = Harness::menu(100, 34);
    h.click_text("Magic Square");
    h.press("backspace");
    h.type_text("12");
    h.press_all(&["tab", "tab", "enter"]);
    h.assert_shows("from 1 to 9");
}

#[test]
fn a_long_range_message_is_shown_whole() {
    // The lowest piece's range has 18-digit ends: the error wraps instead of being cut.
    let mut h = Harness::menu(100, 34);
    h.click_text("Magic Square");
    h.press("tab");
    h.press("backspace");
    h.type_text("x");
    h.press_all(&["tab", "enter"]);
    let (low, high) = (
        parlor::games::magic_square::rules::SAFE_MIN.start(),
        parlor::games::magic_square::rules::SAFE_MIN.end(),
    );
    h.assert_shows("Lowest piece must be a whole number from");
    h.assert_shows(&format!("{low} to {high}"));
}

#[test]
fn a_value_out_of_range_takes_the_focus_to_its_field() {
    // Start was pressed with the lowest piece emptied: the focus goes back to that field, so
    // the digit typed next lands there and Enter starts the game.
    let mut h = Harness::menu(100, 34);
    h.click_text("Magic Square");
    h.press("tab");
    h.press("backspace");
    h.press_all(&["tab", "enter"]);
    h.assert_shows("Lowest piece must be a whole number from");
    h.type_text("5");
    h.press("enter");
    h.assert_shows("Magic sum: 27");
}

#[test]
fn typed_values_are_placed_with_enter_at_the_cursor() {
    let mut h = game(3, 1);
    let board = Board::find(&mut h, 3);
    h.type_text("8");
    h.assert_shows("Place 8");
    go_to(&mut h, (1, 1), (0, 0));
    h.press("enter");
    assert_eq!(board.text(&h, 0, 0), "8", "{}", h.text());
    assert!(
        h.text().contains("8@0,0"),
        "history shows the move:\n{}",
        h.text()
    );
    // Enter on a taken square explains itself.
    h.type_text("1");
    h.press("enter");
    h.assert_shows("Square 0,0 already holds 8.");
    // A piece already used cannot be typed.
    h.press("right");
    h.type_text("8");
    h.assert_shows("No unused piece starts with 8");
    h.press("enter");
    h.assert_shows("Choose a piece first");
    assert_eq!(board.text(&h, 1, 0), "");
}

#[test]
fn negative_and_multi_digit_values_can_be_typed() {
    let mut h = game(4, -5);
    let board = Board::find(&mut h, 4);
    h.type_text("-5");
    h.assert_shows("Place -5");
    h.press("enter");
    // The cursor starts at (2,2) on a 4×4 board.
    assert_eq!(board.text(&h, 2, 2), "-5", "{}", h.text());
    h.press("left");
    h.type_text("10");
    h.press("enter");
    assert_eq!(board.text(&h, 1, 2), "10", "{}", h.text());
    // Backspace corrects: "1" then "2" would be 12 (not a piece), so typing restarts at 2.
    h.press("left");
    h.type_text("-");
    h.press("backspace");
    h.type_text("12");
    h.assert_shows("Place 2");
    h.press("esc");
    assert!(
        h.text().contains("Choose a piece"),
        "Esc drops the choice:\n{}",
        h.text()
    );
    assert!(
        h.text().contains("−5@2,2") || h.text().contains("-5@2,2"),
        "{}",
        h.text()
    );
}

#[test]
fn brackets_cycle_the_tray() {
    let mut h = game(3, 1);
    h.press("]");
    h.assert_shows("Place 1");
    assert!(
        h.find("[1]").is_some(),
        "selected piece bracketed in the tray"
    );
    h.press("]");
    assert!(h.text().contains("Place 2"));
    h.press("[");
    h.press("[");
    assert!(h.text().contains("Place 9"), "wraps around:\n{}", h.text());
    h.press("enter");
    h.press("]");
    h.press("[");
    assert!(
        h.text().contains("Place 8"),
        "9 left the tray:\n{}",
        h.text()
    );
}

#[test]
fn clicks_choose_a_piece_and_a_square() {
    let mut h = game(3, 1);
    let board = Board::find(&mut h, 3);
    let (x, y) = h.find(" 7 ").expect("7 in the tray");
    h.click(x + 1, y);
    h.assert_shows("Place 7");
    let (sx, sy) = board.square(2, 2);
    h.click(sx + 1, sy);
    assert_eq!(board.text(&h, 2, 2), "7", "{}", h.text());
    assert!(h.find(" 7 ").is_none() || !h.text().contains("Place 7"));
    // Clicking an empty square without a piece chosen asks for one.
    let (sx, sy) = board.square(0, 0);
    h.click(sx + 1, sy);
    h.assert_shows("Choose a piece first");
}

#[test]
fn sums_fill_in_and_a_magic_square_wins() {
    let mut h = game(3, 1);
    let board = Board::find(&mut h, 3);
    let lo_shu = [
        (8, 0, 0),
        (1, 1, 0),
        (6, 2, 0),
        (3, 0, 1),
        (5, 1, 1),
        (7, 2, 1),
        (4, 0, 2),
        (9, 1, 2),
    ];
    let mut at = (1, 1);
    for (i, &(value, x, y)) in lo_shu.iter().enumerate() {
        h.type_text(&value.to_string());
        go_to(&mut h, at, (x, y));
        at = (x, y);
        h.press("enter");
        if i == 1 {
            // A partial row shows its running sum without a mark.
            let row = board.row_line(&h, 0);
            assert!(row.contains("│ 9 "), "{row}");
        }
        if i == 2 {
            let row = board.row_line(&h, 0);
            assert!(
                row.contains("15✓"),
                "full magic row is marked:\n{}",
                h.text()
            );
        }
    }
    let text = h.text();
    assert!(text.contains("↘15✓"), "falling diagonal 4+5+6:\n{text}");
    assert!(text.contains("↗13 "), "rising diagonal 8+5 so far:\n{text}");
    h.type_text("2");
    go_to(&mut h, at, (2, 2));
    h.press("enter");
    let text = h.text();
    assert!(text.contains("↗15✓"), "{text}");
    assert!(text.contains("Magic!"), "{text}");
    assert!(text.contains("solved in 9 turns"), "{text}");
}

#[test]
fn a_wrong_full_line_is_marked() {
    let mut h = game(3, 1);
    let board = Board::find(&mut h, 3);
    h.press_all(&["down", "left"]);
    for (value, key) in [("1", "right"), ("2", "right"), ("3", "up")] {
        h.type_text(value);
        h.press("enter");
        h.press(key);
    }
    let row = board.row_line(&h, 0);
    assert!(row.contains("6✗"), "{row}");
}

#[test]
fn undo_takes_a_placement_back_and_redo_replays_it() {
    let mut h = game(3, 1);
    let board = Board::find(&mut h, 3);
    h.type_text("5");
    h.press("enter");
    assert_eq!(board.text(&h, 1, 1), "5");
    h.press("u");
    assert_eq!(board.text(&h, 1, 1), "", "{}", h.text());
    assert!(h.text().contains(" 5 "), "5 is back in the tray");
    h.press("r");
    assert_eq!(board.text(&h, 1, 1), "5");
}

#[test]
fn the_hint_marks_a_placement_that_keeps_the_square_possible() {
    let mut h = game(3, 1);
    h.type_text("5");
    h.press("enter");
    h.press("h");
    h.wait_for("Still completable");
    let text = h.text();
    assert!(text.contains('<') && text.contains('>'), "marked:\n{text}");
}

#[test]
fn the_hint_says_when_no_square_is_possible() {
    let mut h = game(2, 1);
    h.press("h");
    h.wait_for("No 2×2 magic square");
    let mut h = game(3, 1);
    // 1 in the centre can never be completed.
    h.type_text("1");
    h.press("enter");
    h.press("h");
    h.wait_for("can no longer become");
}

#[test]
fn solve_fills_in_the_rest_as_undoable_moves() {
    let mut h = game(4, 1);
    h.press("S");
    // While it plays, the status keeps saying so and how to stop it.
    h.wait_for("Moves played: 2");
    h.assert_shows("to go (any key stops)");
    h.wait_for("Magic!");
    h.assert_shows("solved in 16");
    h.press("u");
    h.assert_shows("Pieces left: 1");
}

#[test]
fn saving_writes_the_moves_and_rows() {
    let mut h = game(3, -9);
    h.type_text("-5");
    h.press("enter");
    h.press("s");
    let saves = h.saves();
    assert_eq!(saves.len(), 1, "{}", h.text());
    let text = std::fs::read_to_string(h.data_dir().join("saves").join(&saves[0]))
        .expect("the save is readable");
    assert!(text.contains("-5@1,1"), "{text}");
    assert!(text.contains(" . -5  ."), "{text}");
    assert!(text.contains("min = -9"), "{text}");

    // The save opens again with the move list intact (undo still works after loading).
    let file = SaveFile::parse(&text, "reloaded").expect("a valid save");
    let mut again = Harness::with_screen(100, 34, move |ctx| {
        parlor::games::registry::Registry::STANDARD
            .open(&file, ctx)
            .expect("the save loads")
            .1
    });
    let board = Board::find(&mut again, 3);
    assert_eq!(board.text(&again, 1, 1), "-5", "{}", again.text());
    again.press("u");
    assert_eq!(board.text(&again, 1, 1), "");

    // A save whose moves break the rules is refused with a reason.
    let broken = text.replace(r#"moves = ["-5@1,1"]"#, r#"moves = ["-50@1,1"]"#);
    let file = SaveFile::parse(&broken, "broken").expect("well-formed TOML");
    let Err(err) = parlor::games::registry::Registry::STANDARD.summarize(&file, again.app().ctx())
    else {
        panic!("an impossible move must be refused");
    };
    assert!(
        err.to_string().contains("-50 is not one of the pieces"),
        "{err}"
    );
}

#[test]
fn snapshot_of_a_game_in_progress() {
    let mut h = game(4, -3);
    // Dürer's top row shifted to -3..=12: 12 -1 -2 9, a complete row on the magic sum 18; then
    // a piece typed but not placed yet, previewed at the cursor and bracketed in the tray.
    h.press_all(&["up", "left", "left"]);
    for value in ["12", "-1", "-2", "9"] {
        h.type_text(value);
        h.press("enter");
        h.press("right");
    }
    h.press_all(&["down", "down"]);
    h.type_text("4");
    h.hover(0, 0);
    insta::assert_snapshot!("magic_square_in_progress", h.text());
}

#[test]
fn every_size_fits_a_100_by_30_terminal_with_row_lines() {
    for size in 1..=9 {
        let mut h = Harness::with_screen(100, 30, move |ctx| {
            Box::new(
                GameScreen::<MagicSquareUi>::new(Params { size, min: 1 }, Players::none(), ctx)
                    .expect("valid parameters"),
            )
        });
        let text = h.draw();
        assert!(!text.contains("too small"), "{size}×{size}:\n{text}");
        assert!(
            text.to_lowercase().contains("magic sum"),
            "{size}×{size}:\n{text}"
        );
        // Issue 37: rows keep the lines between them on every board size.
        assert!(size == 1 || text.contains('├'), "{size}×{size}:\n{text}");
    }
}

#[test]
fn the_history_panel_scrolls_back_with_the_wheel_and_page_keys() {
    // 20 moves on a 5×5 board: more than the history panel shows at once.
    let mut h = game(5, 1);
    h.resize(100, 28);
    let mut at = (2, 2);
    for n in 1..=20u16 {
        let target = ((n - 1) % 5, (n - 1) / 5);
        go_to(&mut h, at, target);
        at = target;
        h.type_text(&n.to_string());
        h.press("enter");
    }
    h.assert_shows("20. 20@4,3");
    assert!(!h.text().contains(" 1. 1@0,0"), "{}", h.text());
    // The wheel over the side panel scrolls back to the first move, and down again.
    let (x, y) = h.find("History").expect("the history panel");
    for _ in 0..10 {
        h.scroll(x, y + 2, false);
    }
    h.assert_shows(" 1. 1@0,0");
    h.assert_shows("History ↓");
    for _ in 0..10 {
        h.scroll(x, y + 2, true);
    }
    assert!(!h.text().contains(" 1. 1@0,0"), "{}", h.text());
    // Page Up and Page Down do the same from the keyboard; a move shows the latest again.
    h.press_all(&["pageup", "pageup"]);
    h.assert_shows(" 1. 1@0,0");
    h.press("u");
    assert!(!h.text().contains(" 1. 1@0,0"), "{}", h.text());
    h.assert_shows("19. 19@3,3 ◀");
}

#[test]
fn a_form_over_a_screen_that_does_not_fit_waits_behind_one_notice() {
    // The menu below needs more rows than the form: the whole stack gives way to a single
    // "enlarge" notice, and keys wait until the terminal is large enough again.
    let mut h = Harness::menu(100, 34);
    h.click_text("Magic Square");
    h.assert_shows("New game of Magic Square");
    h.resize(100, 12);
    h.assert_shows("Terminal too short");
    assert!(!h.text().contains("New game of"), "{}", h.text());
    h.press_all(&["tab", "down"]);
    h.resize(100, 34);
    h.assert_shows("New game of Magic Square");
    h.assert_shows("Size (1-9): 3");
}

#[test]
fn a_one_turn_win_says_turn() {
    let mut h = game(1, -5);
    h.type_text("-5");
    h.press("enter");
    h.assert_shows("solved in 1 turn.");
}

#[test]
fn arrows_step_a_number_field_within_its_range_and_the_footer_says_so_only_there() {
    let mut h = Harness::menu(100, 34);
    h.click_text("Magic Square");
    h.assert_shows("Size (1-9): 3");
    let changes = |h: &Harness| h.footer_hints().iter().any(|hint| hint.what == "change");
    assert!(changes(&h), "{:?}", h.footer_hints());
    h.press("right");
    h.assert_shows("Size (1-9): 4");
    h.press_all(&["left", "left", "left", "left", "left"]);
    h.assert_shows("Size (1-9): 1");
    // An emptied number starts again from its range's end.
    h.press("backspace");
    h.press("right");
    h.assert_shows("Size (1-9): 1");
    // On the Start button the arrows change nothing, and the footer does not offer them.
    h.press_all(&["tab", "tab"]);
    assert!(!changes(&h), "{:?}", h.footer_hints());
    h.press("enter");
    h.assert_shows("Magic sum");
}
