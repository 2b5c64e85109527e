//! Slide through the real input path on `TestBackend`: the level list, selecting and moving
//! pieces by keys and clicks, the hint, the solver, and the best result in the list.

#![cfg(feature = "tui")]

use crate::support;

use parlor::testing::Harness;

/// Opens level `n` (from 1) from the menu's level list.
fn open_level(h: &mut Harness, n: usize) {
    h.click_text("Slide");
    h.assert_shows("Slide — levels");
    for _ in 1..n {
        h.press("down");
    }
    h.press("enter");
    h.assert_shows("O pieces left: 4");
}

/// The screen position of board square (row, col), rows from the top as the rules count
/// them: found from the x numbers under the board and the y numbers left of it, whatever
/// size the cells are drawn in (each number stands in line with its cells' letters).
fn square(h: &mut Harness, row: u16, col: u16) -> (u16, u16) {
    let text = h.draw();
    let lines: Vec<&str> = text.lines().collect();
    let label_x = |line: &str, n: usize| {
        line.chars()
            .enumerate()
            .filter(|(_, c)| !c.is_whitespace())
            .nth(n)
            .map(|(x, _)| x as u16)
    };
    let labels = support::slide::x_numbers_row(&lines)
        .unwrap_or_else(|| panic!("column numbers on screen:\n{text}"));
    let columns = lines[labels];
    let (x0, x1) = (
        label_x(columns, 0).expect("0"),
        label_x(columns, 1).expect("1"),
    );
    let row_y = |label: &str| {
        lines
            .iter()
            .take(labels)
            .position(|line| line.split_whitespace().next() == Some(label))
            .unwrap_or_else(|| panic!("row {label} on screen:\n{text}")) as u16
    };
    let (top, next) = (row_y("9"), row_y("8"));
    (x0 + (x1 - x0) * col, top + (next - top) * row)
}

/// A click on board square (row, col).
fn click_square(h: &mut Harness, row: u16, col: u16) {
    let (x, y) = square(h, row, col);
    h.click(x, y);
}

/// Level 1's optimal solution as clicks: each piece, then the square next to it in the
/// direction it goes.
const LEVEL_ONE_BY_CLICKS: [(u16, u16, u16, u16); 4] =
    [(0, 4, 1, 4), (4, 0, 4, 1), (4, 9, 4, 8), (9, 5, 8, 5)];

/// Plays moves as two clicks each: the piece, then a square in line with it.
fn click_moves(h: &mut Harness, moves: &[(u16, u16, u16, u16)]) {
    for &(row, col, to_row, to_col) in moves {
        click_square(h, row, col);
        click_square(h, to_row, to_col);
    }
}

fn symbol(h: &mut Harness, row: u16, col: u16) -> String {
    let (x, y) = square(h, row, col);
    h.cell(x, y).symbol().to_string()
}

#[test]
fn the_level_list_shows_names_and_pars() {
    let mut h = Harness::menu(100, 30);
    h.click_text("Slide");
    let text = h.text();
    assert!(text.contains("1. First Steps"), "{text}");
    assert!(text.contains("par   4   best   -"), "{text}");
    assert!(text.contains("10. Pinball"), "{text}");
    assert!(
        text.contains("? help · Esc back"),
        "the hint line fits:\n{text}"
    );
    h.press("esc");
    assert!(!h.text().contains("Slide — levels"));
}

#[test]
fn the_level_list_has_help_page_keys_and_the_wheel() {
    let mut h = Harness::menu(100, 30);
    h.click_text("Slide");
    h.press("?");
    h.assert_shows("Slide — help");
    h.press("end");
    h.assert_shows("The level list");
    h.press("esc");
    h.assert_shows("▶ 1. First Steps");
    h.press("pagedown");
    h.assert_shows("▶11. Pebbles");
    h.press("end");
    h.assert_shows("▶30. Fortress");
    h.press("pageup");
    h.assert_shows("▶20. Rebound");
    let (x, y) = h.find("20. Rebound").expect("the list is on screen");
    h.scroll(x, y, true);
    h.assert_shows("▶21. Narrow Gate");
}

#[test]
fn keys_select_a_piece_preview_its_landing_and_slide_it() {
    let mut h = Harness::menu(100, 30);
    open_level(&mut h, 1);
    assert_eq!(symbol(&mut h, 0, 4), "O", "{}", h.text());
    // The cursor starts on the first O; Enter selects it and previews the goal below.
    h.press("enter");
    h.assert_shows("[O]");
    h.assert_shows("(G)");
    // The path to each landing is dotted: down to the goal, and left to X's neighbour.
    for (row, col) in [(1, 4), (2, 4), (3, 4), (0, 2), (0, 3), (0, 5), (0, 8)] {
        assert_eq!(
            symbol(&mut h, row, col),
            "•",
            "({row},{col}):\n{}",
            h.text()
        );
    }
    assert_eq!(
        symbol(&mut h, 0, 1),
        "◇",
        "stops before the X:\n{}",
        h.text()
    );
    assert_eq!(
        symbol(&mut h, 0, 9),
        "◇",
        "stops at the edge:\n{}",
        h.text()
    );
    assert_eq!(symbol(&mut h, 1, 5), "·", "off the paths:\n{}", h.text());
    h.press("down");
    assert_ne!(symbol(&mut h, 0, 4), "O", "{}", h.text());
    h.assert_shows("O pieces left: 3");
    h.assert_shows("Moves played: 1");
    // A refused move is explained and not counted.
    h.press_all(&[
        "left", "left", "left", "left", "down", "down", "down", "down",
    ]);
    h.press("enter");
    h.press("left");
    h.assert_shows("cannot move left");
    h.assert_shows("Moves played: 1");
    // Undo brings the O back; redo plays it again.
    h.press_all(&["esc", "u"]);
    assert_eq!(symbol(&mut h, 0, 4), "O", "{}", h.text());
    h.press("r");
    h.assert_shows("O pieces left: 3");
    // Restart (R) goes back to the start, and is itself undone by redo.
    click_square(&mut h, 9, 5);
    h.press("up");
    h.assert_shows("O pieces left: 2");
    h.press("R");
    h.assert_shows("O pieces left: 4");
    h.assert_shows("Moves played: 0");
    h.press_all(&["r", "r"]);
    h.assert_shows("O pieces left: 2");
}

#[test]
fn a_click_on_a_piece_then_in_line_moves_it() {
    let mut h = Harness::menu(100, 30);
    open_level(&mut h, 1);
    click_square(&mut h, 4, 0);
    h.assert_shows("[O]");
    // Any square to the right in the same row sends it right, into the goal at (4,4).
    click_square(&mut h, 4, 2);
    h.assert_shows("O pieces left: 3");
    // A click off the line says so.
    click_square(&mut h, 9, 5);
    click_square(&mut h, 0, 3);
    h.assert_shows("same row or column");
}

/// Presses S and waits (bounded, not timed) for the solver to play the level out.
fn let_the_solver_finish(h: &mut Harness) {
    h.press("S");
    h.wait_for("Solved!");
}

/// Leaves the game for the level list (through the game-over dialog if one is up).
fn back_to_list(h: &mut Harness) {
    for _ in 0..3 {
        if h.text().contains("Slide — levels") {
            break;
        }
        h.press("esc");
    }
    h.assert_shows("Slide — levels");
}

#[test]
fn hint_marks_a_move_and_a_solve_finishes_without_counting_as_a_best() {
    let mut h = Harness::menu(100, 30);
    open_level(&mut h, 1);
    h.press("h");
    h.wait_for("Best from here: 4 more moves");
    let_the_solver_finish(&mut h);
    h.assert_shows("Moves played: 4");
    // The solver played it, so the list still shows no best.
    back_to_list(&mut h);
    h.assert_shows("par   4   best   -");
}

#[test]
fn the_players_own_solution_records_the_best_even_after_a_solve_was_undone() {
    let mut h = Harness::menu(100, 30);
    open_level(&mut h, 1);
    let_the_solver_finish(&mut h);
    // Restart (undoes the solver's moves), and solve it by clicks.
    h.press("R");
    h.assert_shows("Moves played: 0");
    click_moves(&mut h, &LEVEL_ONE_BY_CLICKS);
    h.assert_shows("Solved!");
    // The win is told against par.
    h.assert_shows("4 moves: par, the fewest possible.");
    h.assert_shows("Moves played: 4");
    back_to_list(&mut h);
    h.assert_shows("par   4   best   4");
    // The records: one game, finished by the solver; the player's later solution on the
    // same screen is not another game, but it is the best.
    let records = parlor::save::records::Records::read(h.data_dir()).expect("records");
    let levels = &records.game("slide").expect("recorded").puzzles;
    assert_eq!(levels.len(), 1, "{levels:?}");
    let level = levels.values().next().expect("level one");
    assert_eq!((level.solved, level.by_solver, level.lost), (0, 1, 0));
    assert_eq!((level.fewest, level.par), (Some(4), Some(4)));
    assert_eq!(level.best_seconds, Some(0), "the test clock stands still");
}

#[test]
fn a_win_over_par_says_by_how_much() {
    let mut h = Harness::menu(100, 30);
    open_level(&mut h, 1);
    // A detour first: the X at 9,9 steps up and back, two moves more than par.
    click_moves(&mut h, &[(9, 9, 8, 9), (8, 9, 9, 9)]);
    click_moves(&mut h, &LEVEL_ONE_BY_CLICKS);
    h.assert_shows("6 moves; par is 4.");
}

#[test]
fn a_game_in_progress_saves() {
    let mut h = Harness::menu(100, 30);
    open_level(&mut h, 2);
    h.press("enter");
    h.press("down");
    h.assert_shows("Moves played: 1");
    h.press("s");
    h.press("enter");
    assert_eq!(h.saves().len(), 1, "{}", h.text());
}

#[test]
fn the_list_generates_a_level_on_request() {
    let mut h = Harness::menu(100, 30);
    h.click_text("Slide");
    h.press("e");
    let text = h.text();
    assert!(text.contains("O pieces left: 4"), "{text}");
    assert!(text.contains("seed "), "{text}");
}

#[test]
fn a_selected_piece_snapshot() {
    let mut h = Harness::menu(100, 30);
    open_level(&mut h, 1);
    h.press("enter");
    insta::assert_snapshot!("slide_selected", h.text());
}

/// Saves the game, leaves to the main menu and loads the save back.
fn save_leave_and_load(h: &mut Harness) {
    h.press("s");
    h.assert_shows("Saved to");
    for _ in 0..3 {
        if h.text().contains("Load game") {
            break;
        }
        h.press("esc");
    }
    h.click_text("Load game");
    h.assert_shows("Slide First Steps");
    h.press("enter");
}

/// From the main menu, the level list's line for level 1.
fn level_one_line(h: &mut Harness) -> String {
    for _ in 0..3 {
        if h.text().contains("Load game") || h.text().contains("Slide — levels") {
            break;
        }
        h.press("esc");
    }
    if !h.text().contains("Slide — levels") {
        // The menu's own "Slide" line, not "Continue: Slide" above it.
        let text = h.text();
        let (y, line) = text
            .lines()
            .enumerate()
            .find(|(_, line)| line.trim() == "Slide")
            .expect("Slide in the menu");
        let x = line.find("Slide").unwrap_or_default();
        h.click(x as u16, y as u16);
    }
    h.text()
        .lines()
        .find(|line| line.contains("First Steps"))
        .unwrap_or_default()
        .to_string()
}

#[test]
fn a_level_finished_after_a_reload_records_the_best() {
    let mut h = Harness::menu(100, 30);
    open_level(&mut h, 1);
    // The first two moves of the solution by clicks, then save, leave and load.
    click_moves(&mut h, &LEVEL_ONE_BY_CLICKS[..2]);
    h.assert_shows("Moves played: 2");
    save_leave_and_load(&mut h);
    h.assert_shows("Moves played: 2");
    click_moves(&mut h, &LEVEL_ONE_BY_CLICKS[2..]);
    h.assert_shows("Solved!");
    let line = level_one_line(&mut h);
    assert!(line.contains("par   4   best   4"), "{line}");
}

#[test]
fn a_solver_win_stays_unrecorded_across_save_and_load() {
    let mut h = Harness::menu(100, 30);
    open_level(&mut h, 1);
    let_the_solver_finish(&mut h);
    // One move short of the win, saved, left, loaded, and the solver's move redone.
    h.press("u");
    h.assert_shows("Moves played: 3");
    save_leave_and_load(&mut h);
    h.assert_shows("Moves played: 3");
    h.press("r");
    h.assert_shows("Solved!");
    let line = level_one_line(&mut h);
    assert!(line.contains("par   4   best   -"), "{line}");
}
