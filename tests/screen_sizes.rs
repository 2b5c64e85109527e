//! Every screen in the terminals people have: 80×24 (most terminals open at it), 60×20 (a
//! split pane) and 200×60 (a big window). Snapshots of each screen at the three sizes are the
//! review; the property test below checks that no screen ever falls back to the "too small"
//! notice at 60×20 or more, whatever the size and the state.

#![cfg(feature = "tui")]

use std::sync::LazyLock;

use parlor::games::registry::GAMES;
use parlor::testing::Harness;
use proptest::prelude::*;

/// The sizes every screen is tried at.
const SIZES: [(u16, u16); 3] = [(80, 24), (60, 20), (200, 60)];

/// Variants a newcomer meets besides each game's plain command line: the three magic
/// squares' sizes, a Slide level past the list.
const VARIANTS: &[&[&str]] = &[
    &["magic_square", "3"],
    &["magic_square", "5"],
    &["magic_square", "9"],
    &["slide", "--level", "21"],
];

/// Every registered game's plain command line (two people named in a two-player game), then
/// the [`VARIANTS`]: the registry is the only list of games.
static COMMAND_LINES: LazyLock<Vec<Vec<&'static str>>> = LazyLock::new(|| {
    let plain = GAMES.iter().map(|game| {
        if game.two_player {
            vec![game.id, "Ann", "Bob"]
        } else {
            vec![game.id]
        }
    });
    plain
        .chain(VARIANTS.iter().map(|args| args.to_vec()))
        .collect()
});

fn too_small(screen: &str) -> bool {
    screen.contains("Terminal too")
}

fn name(args: &[&str], (w, h): (u16, u16)) -> String {
    format!("{}_{w}x{h}", args.join("_").replace('-', ""))
}

#[test]
fn every_command_line_screen_fits_the_common_sizes() {
    let mut failures = Vec::new();
    for args in COMMAND_LINES.iter() {
        for size in SIZES {
            let mut h = Harness::command_line(size.0, size.1, args);
            let screen = h.draw();
            if too_small(&screen) {
                failures.push(format!(
                    "`parlor {}` at {}×{} asks to enlarge:\n{screen}",
                    args.join(" "),
                    size.0,
                    size.1
                ));
                continue;
            }
            // A game that opens on a list (Slide's levels, the position puzzles) leaves it
            // with Esc, as every list does; a board leaves with q.
            let opens_on_a_list = screen.contains("Esc back");
            let leave = if opens_on_a_list { "back" } else { "leave" };
            // Help reads `? keys` when the footer had to leave keys out.
            for key in ["help", leave] {
                assert!(
                    screen.contains(key) || (key == "help" && screen.contains("? keys")),
                    "`parlor {}` at {}×{} has no `{key}` in its footer:\n{screen}",
                    args.join(" "),
                    size.0,
                    size.1
                );
            }
            insta::assert_snapshot!(name(args, size), screen);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_menu_and_the_load_screen_fit_the_common_sizes() {
    for size in SIZES {
        let mut h = Harness::menu(size.0, size.1);
        let menu = h.draw();
        assert!(!too_small(&menu), "menu at {size:?}:\n{menu}");
        insta::assert_snapshot!(format!("menu_{}x{}", size.0, size.1), menu);
    }
}

/// The screens between games and over them: the new-game form, the help overlay, the leave
/// dialog, a finished game, the load screen with a save, and the folded panel's history.
#[test]
fn forms_overlays_dialogs_and_the_load_screen_fit_the_common_sizes() {
    for (w, h) in SIZES {
        let size = format!("{w}x{h}");
        let mut menu = Harness::menu(w, h);
        menu.click_text("Reversi");
        let form = menu.draw();
        assert!(
            form.contains("New game of Reversi") && !too_small(&form),
            "{form}"
        );
        insta::assert_snapshot!(format!("form_{size}"), form);

        let mut game = Harness::command_line(w, h, &["connect4", "Ann", "Bob"]);
        game.press("?");
        let help = game.draw();
        assert!(help.contains("help") && !too_small(&help), "{help}");
        insta::assert_snapshot!(format!("help_{size}"), help);
        game.press("esc");
        for column in ["4", "3", "4", "3", "4", "3"] {
            game.press(column);
        }
        game.press("q");
        let leave = game.draw();
        assert!(leave.contains("Save") && !too_small(&leave), "{leave}");
        insta::assert_snapshot!(format!("leave_{size}"), leave);
        game.press("esc");
        game.press("4");
        let over = game.draw();
        assert!(over.contains("Ann wins") && !too_small(&over), "{over}");
        // Started from the command line, the game is all there is: q quits.
        for key in ["new game", "rematch", "q quit", "help"] {
            assert!(
                over.contains(key),
                "the finished game offers {key}:\n{over}"
            );
        }
        insta::assert_snapshot!(format!("game_over_{size}"), over);
        game.press("s");
        game.press("q");
        game.press("q");

        let mut load = Harness::menu(w, h);
        load.start_two_player("Reversi", "Ann", "Bob");
        load.press_all(&["enter", "s", "q"]);
        let menu = load.draw();
        assert!(menu.contains("Load game"), "{menu}");
        load.click_text("Load game");
        let screen = load.draw();
        assert!(
            screen.contains("Ann vs Bob") && !too_small(&screen),
            "{screen}"
        );
        insta::assert_snapshot!(format!("load_{size}"), screen);
    }
}

#[test]
fn with_the_panel_folded_the_history_opens_over_the_board() {
    let mut h = Harness::command_line(60, 26, &["reversi", "Ann", "Bob"]);
    h.press("enter");
    let screen = h.draw();
    assert!(
        screen.contains("history"),
        "the strip names the history key:\n{screen}"
    );
    h.press("pageup");
    h.assert_shows("1. black");
    h.press("esc");
    assert!(!h.draw().contains("1. black"));
}

#[test]
fn at_30_by_8_a_game_still_leaves_on_q() {
    let mut h = Harness::command_line(30, 8, &["connect4", "Ann", "Bob"]);
    let screen = h.draw();
    assert!(too_small(&screen), "{screen}");
    h.press("q");
    assert!(
        !h.app().is_running(),
        "q on the notice ends a game started from the command line (nothing to save)"
    );
}

#[test]
fn at_30_by_8_q_asks_first_when_moves_are_unsaved() {
    let mut h = Harness::command_line(80, 24, &["connect4", "Ann", "Bob"]);
    h.press("4");
    h.resize(30, 8);
    h.press("q");
    assert!(
        h.app().is_running(),
        "unsaved moves are not thrown away unasked"
    );
    h.resize(80, 24);
    h.assert_shows("Save");
}

#[test]
fn the_notice_never_asks_for_less_than_the_terminal_has() {
    let mut h = Harness::menu(20, 30);
    let screen = h.draw();
    assert!(too_small(&screen), "{screen}");
    assert!(
        !screen.contains("×"),
        "only the width is short, so the notice names columns, not a size:\n{screen}"
    );
    assert!(screen.contains("columns"), "{screen}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// No screen shows the notice at 60×20 or more: every game from its command line, after
    /// a few random key presses.
    #[test]
    fn no_screen_is_too_small_at_60_by_20_or_more(
        game in 0..COMMAND_LINES.len(),
        width in 60u16..220,
        height in 20u16..70,
        keys in proptest::collection::vec(0usize..8, 0..12),
    ) {
        const KEYS: [&str; 8] = ["left", "right", "up", "down", "enter", "u", "h", "m"];
        let mut h = Harness::command_line(width, height, &COMMAND_LINES[game]);
        for key in keys {
            h.press(KEYS[key]);
            let screen = h.draw();
            prop_assert!(!too_small(&screen), "{:?} at {width}×{height}:\n{screen}", COMMAND_LINES[game]);
        }
        let screen = h.draw();
        prop_assert!(!too_small(&screen), "{:?} at {width}×{height}:\n{screen}", COMMAND_LINES[game]);
    }
}

/// A click lands on the square drawn under it in the compact tier (60×20) and the large one
/// (200×60) alike: the legal-move dots of Reversi's opening are clicked where they are drawn.
#[test]
fn clicks_hit_the_drawn_square_in_the_compact_and_the_large_tier() {
    for (w, h) in [(60, 20), (200, 60)] {
        let mut game = Harness::command_line(w, h, &["reversi", "Ann", "Bob"]);
        let screen = game.draw();
        let (x, y) = game
            .find("·")
            .unwrap_or_else(|| panic!("legal squares are marked at {w}×{h}:\n{screen}"));
        // The frame line left of the marked square (or the board's edge) plays nothing.
        let mut frame_x = x;
        while frame_x > 0 && game.cell(frame_x, y).symbol() != "│" {
            frame_x -= 1;
        }
        game.click(frame_x, y);
        assert!(game.draw().contains("Moves played: 0"), "{w}×{h}");
        game.click(x, y);
        let after = game.draw();
        assert!(
            after.contains("Moves played: 1") && after.contains("Bob (white) to move"),
            "a click on a marked square plays it at {w}×{h}:\n{after}"
        );
    }
}

/// The width of the board's frame on screen: its top edge, from `┌` to `┐`.
fn frame_width(screen: &str) -> usize {
    screen
        .lines()
        .find_map(|line| {
            let start = line.find('┌')?;
            let end = line[start..].find('┐')? + start;
            Some(line[start..end].chars().count() + 1)
        })
        .unwrap_or(0)
}

/// Big terminals get big boards: at 200×60 Connect Four, Reversi and Checkers are drawn at
/// least one and a half times as wide as at 100×32.
#[test]
fn boards_grow_on_big_terminals() {
    for game in [
        &["connect4", "Ann", "Bob"],
        &["reversi", "Ann", "Bob"],
        &["checkers", "Ann", "Bob"],
    ] {
        let small = frame_width(&Harness::command_line(100, 32, game).draw());
        let big = frame_width(&Harness::command_line(200, 60, game).draw());
        assert!(small > 0, "{game:?} has a frame at 100×32");
        assert!(
            big * 2 >= small * 3,
            "{game:?}: {big} columns at 200×60 against {small} at 100×32"
        );
    }
}

/// Where the board's frame is drawn: the row and column of its top-left corner.
fn frame_corner(screen: &str) -> Option<(usize, usize)> {
    screen
        .lines()
        .enumerate()
        .find_map(|(row, line)| Some((row, line[..line.find('┌')?].chars().count())))
}

/// Opening the analysis strip (`a`) never moves or resizes the board, in any size.
#[test]
fn the_analysis_strip_leaves_the_board_where_it_was() {
    for game in GAMES.iter().filter(|game| game.two_player) {
        for (w, h) in SIZES {
            let mut harness = Harness::command_line(w, h, &[game.id, "Ann", "Bob"]);
            let before = harness.draw();
            harness.press("a");
            let after = harness.draw();
            assert_eq!(
                (frame_corner(&before), frame_width(&before)),
                (frame_corner(&after), frame_width(&after)),
                "{} at {w}x{h}:\n{before}\n{after}",
                game.id
            );
        }
    }
}

/// A status sentence wider than the terminal wraps at a space onto a second row instead of
/// being cut: Pentago's instruction after a placement, at 80×24 and 60×20.
#[test]
fn a_long_status_wraps_instead_of_being_cut() {
    for (w, h) in [(80, 24), (60, 20)] {
        let mut harness = Harness::command_line(w, h, &["pentago", "Ann", "Bob"]);
        harness.press("enter");
        let screen = harness.draw();
        let rows: Vec<&str> = screen.lines().collect();
        let status = &rows[rows.len() - 3..rows.len() - 1];
        assert!(status[0].contains("to move"), "{screen}");
        assert!(status[1].trim_end().ends_with("back."), "{screen}");
        assert!(!status.iter().any(|row| row.contains('…')), "{screen}");
    }
}

/// Where a label stands on the board: the first place `needle` appears.
fn at(h: &mut Harness, needle: &str) -> (u16, u16) {
    h.find(needle)
        .unwrap_or_else(|| panic!("`{needle}` not on screen:\n{}", h.text()))
}

/// The board's span, measured between its labels (or its frame's corners): Pentago from
/// row label A left to A right and down to F; Magic Square corner to corner; Slide from
/// the top row's label down to the column labels, and column 0's label across to 9's.
fn board_span(h: &mut Harness, game: &str) -> (u16, u16) {
    match game {
        "pentago" => {
            let (left, top) = at(h, "A │");
            let (right, _) = at(h, "│ A");
            let (_, bottom) = at(h, "F │");
            (right - left, bottom - top)
        }
        "magic_square" => {
            let (left, top) = at(h, "┌");
            let (right, bottom) = at(h, "┘");
            (right - left, bottom - top)
        }
        _ => {
            let (zero, labels) = slide_column_label(h, 0);
            let (nine, _) = slide_column_label(h, 9);
            let (_, top) = slide_row_label(h, 9);
            (nine - zero, labels - top)
        }
    }
}

/// Slide's column label `n`: on the line of the labels 0 to 9 alone.
fn slide_column_label(h: &mut Harness, n: usize) -> (u16, u16) {
    let text = h.draw();
    for (y, line) in text.lines().enumerate() {
        let words: Vec<&str> = line
            .split('│')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        if words == ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"] {
            let x = line
                .chars()
                .enumerate()
                .filter(|(_, c)| !c.is_whitespace())
                .nth(n)
                .map(|(x, _)| x)
                .expect("ten labels");
            return (x as u16, y as u16);
        }
    }
    panic!("no column labels:\n{text}");
}

/// Slide's row label `n` (rows from the bottom), with the screen row the label sits on.
fn slide_row_label(h: &mut Harness, n: usize) -> (u16, u16) {
    let text = h.draw();
    let label = n.to_string();
    for (y, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        if words.next() == Some(label.as_str()) && line.contains('·') {
            let x = line.find(&label).expect("found") as u16;
            return (x, y as u16);
        }
    }
    panic!("no row label {n}:\n{text}");
}

/// Issue 37: Pentago, Slide and Magic Square use a big terminal as the square boards do: at
/// 200×60 each spans at least half again as much as at 100×32 (across and down).
#[test]
fn boards_grow_half_again_from_100x32_to_200x60() {
    for args in [
        &["pentago", "Ann", "Bob"][..],
        &["slide", "--level", "21"],
        &["magic_square", "3"],
        &["magic_square", "5"],
    ] {
        let mut small = Harness::command_line(100, 32, args);
        let mut big = Harness::command_line(200, 60, args);
        let (sw, sh) = board_span(&mut small, args[0]);
        let (bw, bh) = board_span(&mut big, args[0]);
        assert!(
            bw * 2 >= sw * 3 && bh * 2 >= sh * 3,
            "`parlor {}`: {sw}×{sh} at 100×32, {bw}×{bh} at 200×60:\n{}",
            args.join(" "),
            big.text()
        );
    }
}

/// Clicks land on the square drawn under them at the big size: each game's label names the
/// middle of a cell's column and row, so a click there must pick that very square.
#[test]
fn clicks_land_on_the_square_drawn_at_200x60() {
    // Pentago: E5 (row E, column 5) takes the marble, A1 stays empty.
    let mut h = Harness::command_line(200, 60, &["pentago", "Ann", "Bob"]);
    let (_, row) = at(&mut h, "E │");
    let (column, _) = at(&mut h, "4           5");
    let x = column + 12;
    h.click(x, row);
    assert!(
        ["●", "X"].contains(&h.cell(x, row).symbol()),
        "no marble at E5:\n{}",
        h.text()
    );
    let (_, a_row) = at(&mut h, "A │");
    assert!(!["●", "X"].contains(&h.cell(x, a_row).symbol()));
    h.assert_shows("turn");

    // Slide: the O at 0,6 is selected by a click on it.
    let mut h = Harness::command_line(200, 60, &["slide", "--level", "21"]);
    let (x, _) = slide_column_label(&mut h, 0);
    let (_, y) = slide_row_label(&mut h, 6);
    h.click(x, y);
    assert_eq!(h.cell(x, y).symbol(), "O", "{}", h.text());
    h.assert_shows("[O]");

    // Magic Square: with piece 5 chosen, a click on square 2,0 places it there.
    let mut h = Harness::command_line(200, 60, &["magic_square", "3"]);
    h.press("5");
    let (left, _) = at(&mut h, "┌");
    let (first_line, _) = at(&mut h, "┬");
    let (_, bottom_row) = at(&mut h, "0 │");
    let cell = first_line - left - 1;
    let x = left + 1 + 2 * (cell + 1) + cell / 2;
    h.click(x, bottom_row);
    h.press("enter");
    assert_eq!(h.cell(x, bottom_row).symbol(), "5", "{}", h.text());
}

/// Issue 37: a name too long for the panel ends with `…` wherever it is cut (the players'
/// lines, the game-over line), never silently; the game-over line has the arcade's one form.
#[test]
fn a_long_name_ends_with_an_ellipsis_where_it_is_cut() {
    let long = "Bartholomew-Maximilian-Featherstonehaugh";
    for (w, h) in [(80, 24), (200, 60)] {
        let mut game = Harness::command_line(w, h, &["connect4", long, "Bob"]);
        for column in ["4", "3", "4", "3", "4", "3", "4"] {
            game.press(column);
        }
        let screen = game.draw();
        assert!(screen.contains("wins with x"), "{screen}");
        for line in screen.lines() {
            // Wherever the name shows cut, its last column is the ellipsis.
            if line.contains("Bartholomew") && !line.contains(long) {
                assert!(
                    line.contains('…'),
                    "cut silently at {w}×{h}: {line}\n{screen}"
                );
            }
        }
    }
}
