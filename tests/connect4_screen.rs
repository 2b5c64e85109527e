//! Connect Four through the real input path: menu, new-game form, keys, clicks, undo/redo,
//! saving, the leave prompt, the game-over dialog, the load screen — on `TestBackend`.

#![cfg(feature = "tui")]

use parlor::testing::Harness;

/// Opens Connect Four from the menu with two names, and checks the seat label.
fn start_game(h: &mut Harness) {
    h.start_two_player("Connect Four", "Alice", "Bob");
    h.assert_shows("Alice (x) to move");
}

/// The screen row of the board's bottom row, found from the column labels.
fn bottom_row(h: &mut Harness) -> u16 {
    let (_, labels) = h
        .find("1   2   3   4   5   6   7")
        .expect("column labels on screen");
    labels - 2
}

/// The screen column of a board column's token, 1-based board column.
fn token_x(h: &mut Harness, column: u16) -> u16 {
    let (x, _) = h
        .find("1   2   3   4   5   6   7")
        .expect("column labels on screen");
    x + (column - 1) * 4
}

#[test]
fn keys_drop_tokens_where_the_cursor_is() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.press_all(&["right", "right", "enter"]);
    let (row, x6) = (bottom_row(&mut h), token_x(&mut h, 6));
    assert_eq!(
        h.cell(x6, row).symbol(),
        "●",
        "x dropped in column 6:\n{}",
        h.text()
    );
    assert!(h.text().contains("Bob (o) to move"));
    // ↓ drops too, on top of the previous token.
    h.press("down");
    assert_eq!(h.cell(x6, row - 2).symbol(), "○", "{}", h.text());
    // A digit drops straight into that column.
    h.press("1");
    let x1 = token_x(&mut h, 1);
    assert_eq!(h.cell(x1, row).symbol(), "●");
    assert!(
        h.text().contains("3. x 1"),
        "history lists the moves:\n{}",
        h.text()
    );
}

#[test]
fn a_click_anywhere_in_a_column_drops_there() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    let (row, x3) = (bottom_row(&mut h), token_x(&mut h, 3));
    // Click the top cell of column 3: the token still falls to the bottom.
    h.click(x3, row - 10);
    assert_eq!(h.cell(x3, row).symbol(), "●", "{}", h.text());
    // Click the label under column 3: stacks on top.
    h.click(x3, row + 2);
    assert_eq!(h.cell(x3, row - 2).symbol(), "○", "{}", h.text());
    // Clicks outside the board do nothing.
    h.click(0, 0);
    assert!(h.text().contains("Alice (x) to move"));
}

#[test]
fn undo_and_redo_are_unlimited_and_the_history_follows() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.press_all(&["1", "2", "3", "4"]);
    let (row, x1) = (bottom_row(&mut h), token_x(&mut h, 1));
    h.press_all(&["u", "u", "u", "u"]);
    assert_eq!(
        h.cell(x1, row).symbol(),
        " ",
        "all four undone:\n{}",
        h.text()
    );
    h.press("u");
    assert!(h.text().contains("Nothing to undo"));
    h.press_all(&["r", "ctrl-y"]);
    assert_eq!(h.cell(x1, row).symbol(), "●");
    h.assert_shows("2. o 2 ◀");
    // A new move after undo drops the redo tail.
    h.press("7");
    assert!(!h.text().contains("4. o 4"), "{}", h.text());
    h.press("r");
    assert!(h.text().contains("Nothing to redo"));
}

#[test]
fn a_full_column_says_so_and_changes_nothing() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.press_all(&["1", "1", "1", "1", "1", "1", "1"]);
    h.assert_shows("Column 1 is full.");
    assert!(
        h.text().contains("Moves played: 6") && h.text().contains("▶ x Alice"),
        "{}",
        h.text()
    );
}

#[test]
fn four_in_a_row_ends_the_game_with_the_result_beside_the_board_and_marks() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.press_all(&["1", "1", "2", "2", "3", "3", "4"]);
    let text = h.text();
    // No dialog over the board: the result is in the panel and the status line, the keys
    // that follow in the footer, and the winning four stays in view.
    assert!(
        !text.contains("Game over") && text.contains("Alice wins with x"),
        "{text}"
    );
    for key in ["n new game", "R rematch", "q menu"] {
        assert!(text.contains(key), "{key}:\n{text}");
    }
    insta::assert_snapshot!("connect4_game_over", text);
    let row = bottom_row(&mut h);
    let x1 = token_x(&mut h, 1);
    assert_eq!(h.cell(x1 - 1, row).symbol(), "*", "{}", h.text());
    // Leaving a finished game asks nothing.
    h.press("q");
    assert!(
        h.text().contains("Load game"),
        "back at the menu:\n{}",
        h.text()
    );
}

#[test]
fn game_over_new_game_starts_again_with_the_same_players() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.press_all(&["1", "1", "2", "2", "3", "3", "4"]);
    h.press("n");
    assert!(
        h.text().contains("Alice (x) to move") && h.text().contains("Moves played: 0"),
        "{}",
        h.text()
    );
}

#[test]
fn a_rematch_swaps_the_seats() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.press_all(&["1", "1", "2", "2", "3", "3", "4"]);
    h.press("R");
    assert!(
        h.text().contains("Bob (x) to move") && h.text().contains("Moves played: 0"),
        "{}",
        h.text()
    );
}

#[test]
fn solve_in_a_two_player_game_points_to_the_hint() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.press("S");
    h.assert_shows("S solves puzzles; in a two-player game h gives a hint.");
}

#[test]
fn leaving_asks_to_save_and_cancel_keeps_the_game() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.press("4");
    h.press("q");
    h.assert_shows("Save before leaving?");
    h.press("esc");
    assert!(
        h.text().contains("Bob (o) to move"),
        "cancel keeps the game:\n{}",
        h.text()
    );
    h.press("q");
    h.click_text("Don't save");
    assert!(h.text().contains("Load game"));
    assert!(h.saves().is_empty(), "nothing saved");
}

#[test]
fn save_then_load_restores_the_board_and_the_undo_history() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.press_all(&["4", "4", "5", "u"]);
    h.press("s");
    h.assert_shows("Saved to");
    assert_eq!(h.saves().len(), 1);
    h.press("q");
    h.assert_shows("Continue: Connect Four");
    h.click_text("Load game");
    let text = h.text();
    assert!(
        text.contains("Alice vs Bob") && text.contains("Connect Four · move 2"),
        "{text}"
    );
    insta::assert_snapshot!("load_screen", text);
    h.press("enter");
    h.assert_shows("Alice (x) to move");
    // The undone move comes back with redo: the history survived the reload.
    // (First, from the load screen, the save exports as the seed's game file.)
    h.press("r");
    h.assert_shows("3. x 5 ◀");
}

#[test]
fn saving_again_overwrites_the_same_file() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.press_all(&["4", "s", "4", "s"]);
    assert_eq!(h.saves().len(), 1, "{:?}", h.saves());
}

/// Three saves that cannot all be opened: a broken one, one from a newer Parlor, and one
/// whose rows do not match its moves.
fn write_odd_saves(h: &Harness) {
    let saves = h.data_dir().join("saves");
    std::fs::create_dir_all(&saves).expect("saves dir");
    std::fs::write(
        saves.join("broken.toml"),
        "format = 1\ngame = \"connect4\"\n",
    )
    .expect("write");
    std::fs::write(saves.join("future.toml"), "format = 7\n").expect("write");
    std::fs::write(saves.join("cheat.toml"), "format = 1\ngame = \"connect4\"\nsaved_at = \"2026-11-22T10:00:00Z\"\ntitle = \"cheat\"\n[state]\nmoves = [\"4\", \"4\"]\napplied = 2\nrows = [\".......\", \".......\", \".......\", \".......\", \".......\", \"...x...\"]\nparams = {}\n[[state.players]]\nname = \"A\"\n[[state.players]]\nname = \"B\"\n").expect("write");
}

#[test]
fn the_load_screen_lists_unreadable_files_and_deletes_after_asking() {
    let mut h = Harness::menu(100, 23);
    write_odd_saves(&h);
    h.press("down");
    h.press("down");
    h.click_text("Load game");
    let text = h.text();
    assert!(text.contains("(unreadable)"), "{text}");
    h.press("home");
    let text = h.text();
    assert!(
        text.contains("does not match its moves") || text.contains("cannot be loaded"),
        "{text}"
    );
    let before = h.saves().len();
    h.press("d");
    assert!(h.text().contains("Delete save"));
    h.press("esc");
    assert_eq!(h.saves().len(), before, "Esc keeps the file");
    h.press("d");
    h.press("left");
    h.press("enter");
    assert_eq!(h.saves().len(), before - 1, "{:?}", h.saves());
    // A newer format says so.
    for _ in 0..3 {
        if h.text().contains("newer version") {
            break;
        }
        h.press("down");
    }
    h.assert_shows("newer version of Parlor");
}

#[test]
fn deleting_the_last_save_selects_the_new_last_one() {
    // What is marked as selected must be what the keys act on, also right after a delete.
    let mut h = Harness::menu(100, 23);
    write_odd_saves(&h);
    h.click_text("Load game");
    h.press_all(&["end", "d", "left", "enter"]);
    assert_eq!(h.saves().len(), 2, "{:?}", h.saves());
    let text = h.text();
    let marked = text
        .lines()
        .find_map(|line| line.split_once("▶ ").map(|(_, rest)| rest.to_string()))
        .unwrap_or_else(|| panic!("no row is marked after the delete:\n{text}"));
    let name = marked
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string();
    h.press("d");
    h.assert_shows(&format!("Delete \"{name}"));
}

#[test]
fn help_opens_with_the_rules_and_closes() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.press("?");
    let text = h.text();
    assert!(
        text.contains("Connect Four — help") && text.contains("four in a line")
            || text.contains("line up four"),
        "{text}"
    );
    insta::assert_snapshot!("connect4_help", text);
    h.press("esc");
    assert!(!h.text().contains("— help"));
}

#[test]
fn menu_snapshot_and_mouse_hover_highlights() {
    let mut h = Harness::menu(80, 24);
    insta::assert_snapshot!("menu", h.text());
    let (x, y) = h.find("Help").expect("Help item");
    h.hover(x, y);
    assert!(
        h.cell(x, y)
            .modifier
            .contains(ratatui::style::Modifier::UNDERLINED),
        "hover underlines"
    );
    // From the first item, the wheel walks down the games (a group's games are one item),
    // Daily puzzle, Enter a puzzle ID, Load game, Statistics and Settings to Help.
    let games = parlor::games::registry::GAMES;
    let mut groups: Vec<_> = games.iter().filter_map(|g| g.group).collect();
    groups.dedup();
    let items_before_help =
        games.iter().filter(|g| g.group.is_none()).count() + groups.len() + 2 + 3;
    for _ in 0..items_before_help {
        h.scroll(x, y, true);
    }
    h.press("enter");
    assert!(
        h.text().contains("Parlor — help"),
        "the wheel moved the selection to Help:\n{}",
        h.text()
    );
}

#[test]
fn a_too_small_terminal_says_how_big_and_survives_any_size() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.press("4");
    h.resize(40, 10);
    let text = h.text();
    assert!(text.contains("needs 15 rows"), "{text}");
    insta::assert_snapshot!("too_small", text);
    for (w, hgt) in [(1, 1), (2, 1), (1, 3), (10, 2), (500, 200), (60, 16)] {
        h.resize(w, hgt);
        h.press("left");
        h.click(0, 0);
    }
    h.resize(100, 30);
    h.assert_shows("Bob (o) to move");
}

#[test]
fn keys_and_clicks_do_nothing_while_the_terminal_is_too_small() {
    // Only the "enlarge" notice is on screen, so nothing may happen out of sight.
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.resize(30, 10);
    h.assert_shows("enlarge to");
    // Moves and clicks do nothing unseen; only the ways out work (q would leave).
    h.press_all(&["4", "enter", "left"]);
    h.click(3, 3);
    h.resize(100, 30);
    h.assert_shows("Moves played: 0");
    assert!(!h.text().contains("Save before leaving?"), "{}", h.text());
}

#[test]
fn key_releases_do_nothing() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.release('1');
    assert!(h.text().contains("Moves played: 0"));
}

#[test]
fn ctrl_c_in_a_game_asks_and_a_second_ctrl_c_autosaves() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.press("4");
    h.interrupt();
    h.assert_shows("Save this game before quitting?");
    h.interrupt();
    assert!(!h.app().is_running());
    assert_eq!(h.saves().len(), 1, "the game was autosaved");
}

#[test]
fn started_straight_into_a_game_the_exit_code_is_the_result() {
    let mut h = Harness::with_screen(100, 23, |ctx| {
        let players = parlor::core::Players::two(
            parlor::core::Player::person("A", "P1"),
            parlor::core::Player::person("B", "P2"),
        );
        Box::new(
            parlor::game_screen::GameScreen::<parlor::games::connect4::ui::ConnectFourUi>::new(
                parlor::games::connect4::game::Params::default(),
                players,
                ctx,
            )
            .expect("valid"),
        )
    });
    h.press_all(&["1", "2", "1", "2", "1", "2", "1"]);
    assert!(h.text().contains("A wins with"));
    h.press("q");
    assert!(!h.app().is_running());
    assert_eq!(h.app().exit_code(), 10);
}

#[test]
fn the_load_screen_exports_a_record_and_imports_it_for_review() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.press_all(&["3", "5", "s", "q"]);
    h.click_text("Load game");
    h.press("x");
    let exports = h.data_dir().join("exports");
    let files: Vec<_> = std::fs::read_dir(&exports)
        .expect("exports dir")
        .filter_map(Result::ok)
        .collect();
    assert_eq!(files.len(), 1, "{}", h.text());
    // The game record in Connect Four's preferred format: Pons's column string.
    let text = std::fs::read_to_string(files[0].path()).expect("exported");
    assert_eq!(text, "35\n");
    h.assert_shows("Exported to");
    // Import it back by path: the game opens for review, both moves there.
    h.press("i");
    h.type_text(&files[0].path().to_string_lossy());
    h.press("enter");
    assert!(
        h.text().contains("Review") && h.text().contains("of 2"),
        "{}",
        h.text()
    );
    // A bad path says why and keeps the load screen.
    h.press("q");
    h.click_text("Load game");
    h.press("i");
    h.type_text("/nonexistent/game.txt");
    h.press("enter");
    h.assert_shows("cannot read the file");
    // Exporting again never replaces the file there (an older export, or one edited since):
    // the new one goes beside it.
    std::fs::write(files[0].path(), "4\n").expect("edited");
    h.press("x");
    h.assert_shows("Exported to");
    let mut names: Vec<_> = std::fs::read_dir(&exports)
        .expect("exports dir")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    names.sort();
    assert_eq!(names.len(), 2, "{names:?}");
    assert_eq!(
        std::fs::read_to_string(files[0].path()).expect("kept"),
        "4\n"
    );
    let first = files[0].path();
    let beside = first.with_file_name(format!(
        "{}-2{}",
        first.file_stem().expect("a name").to_string_lossy(),
        first
            .extension()
            .map(|e| format!(".{}", e.to_string_lossy()))
            .unwrap_or_default()
    ));
    assert_eq!(
        std::fs::read_to_string(&beside).expect("exported beside"),
        "35\n"
    );
}

#[test]
fn the_mono_theme_draws_only_ascii() {
    let mut h = Harness::with_config(100, 23, "[ui]\ntheme = \"mono\"\n");
    assert!(h.text().is_ascii(), "{}", h.text());
    start_game(&mut h);
    h.press_all(&["4", "5", "?"]);
    assert!(h.text().is_ascii(), "{}", h.text());
    h.press_all(&["esc", "q"]);
    assert!(h.text().is_ascii(), "{}", h.text());
    insta::assert_snapshot!("connect4_mono_leave_prompt", h.text());
}

#[test]
fn against_the_computer_it_answers_off_the_event_loop_and_undo_returns_to_the_person() {
    use parlor::core::{Player, Players};
    use parlor::game_screen::GameScreen;
    use parlor::games::connect4::game::Params;
    use parlor::games::connect4::ui::ConnectFourUi;
    let mut h = Harness::with_screen(100, 23, |ctx| {
        let players = Players::two(Player::person("Ann", "P1"), Player::computer(2));
        Box::new(GameScreen::<ConnectFourUi>::new(Params::default(), players, ctx).expect("valid"))
    });
    h.press("4");
    // While it thinks the screen stays alive: help opens and closes.
    h.press("?");
    h.press("esc");
    h.wait_for("2. o ");
    h.assert_shows("Ann (x) to move");
    h.press("u");
    assert!(
        h.text().contains("Moves played: 0"),
        "undo takes back the computer's move and the person's:\n{}",
        h.text()
    );
}

#[test]
fn when_the_computer_opened_undo_never_goes_back_past_the_persons_first_turn() {
    use parlor::core::{Player, Players};
    use parlor::game_screen::GameScreen;
    use parlor::games::connect4::game::Params;
    use parlor::games::connect4::ui::ConnectFourUi;
    let mut h = Harness::with_screen(100, 23, |ctx| {
        let players = Players::two(Player::computer(1), Player::person("Ann", "P2"));
        Box::new(GameScreen::<ConnectFourUi>::new(Params::default(), players, ctx).expect("valid"))
    });
    h.wait_for("Ann (o) to move");
    let opening = h.text();
    assert!(opening.contains("Moves played: 1"), "{opening}");
    h.press("u");
    h.assert_shows("Nothing to undo");
    h.assert_shows("Moves played: 1");
    // And after a reply and the computer's answer, undo comes back to this same position.
    h.press("1");
    h.wait_for("3. x ");
    h.press("u");
    h.assert_shows("Move undone");
    h.assert_shows("Moves played: 1");
    h.press("u");
    h.assert_shows("Nothing to undo");
    h.press("r");
    h.assert_shows("Moves played: 3");
}

#[test]
fn the_menu_keeps_its_selection_when_continue_appears_and_pages_move_it() {
    let mut h = Harness::menu(100, 23);
    start_game(&mut h);
    h.press_all(&["4", "s", "q"]);
    // The save adds "Continue" at the top: the selection stays on the game just left.
    h.assert_shows("Continue: Connect Four");
    h.assert_shows("▶ Connect Four");
    // Page keys move ten items and stop at the ends (16 items: Continue, 7 games, Position
    // puzzles, Daily puzzle, Enter a puzzle ID, 5 more).
    h.press("pagedown");
    h.assert_shows("▶ Quit");
    h.press("pageup");
    h.assert_shows("▶ Pentago");
    h.press("pageup");
    h.assert_shows("▶ Continue: Connect Four");
}

#[test]
fn the_load_screen_has_help_and_page_keys() {
    let mut h = Harness::menu(100, 23);
    write_odd_saves(&h);
    h.click_text("Load game");
    h.press("?");
    h.assert_shows("Load game — help");
    // Help opens on the screen's keys; the text about saves follows them.
    h.assert_shows("Keys");
    for _ in 0..5 {
        if h.draw()
            .contains("Files that cannot be opened are listed too")
        {
            break;
        }
        h.press("pagedown");
    }
    h.assert_shows("Files that cannot be opened are listed too");
    h.press("esc");
    assert!(!h.text().contains("— help"), "{}", h.text());
    let first = h.text();
    h.press("pagedown");
    assert_ne!(h.text(), first, "PgDn moved the selection");
    h.press("pageup");
    assert_eq!(h.text(), first, "PgUp came back to the first save");
}

#[test]
fn a_name_typed_for_the_computer_is_kept() {
    let mut h = Harness::menu(100, 23);
    h.click_text("Connect Four");
    h.press("tab");
    h.type_text("Ann");
    // Player 2: the computer at the first level, named CPU.
    h.press_all(&["tab", "right", "tab"]);
    h.type_text("CPU");
    h.press_all(&["tab", "enter"]);
    h.assert_shows("Ann vs CPU");
}

#[test]
fn clicking_a_choices_arrows_steps_back_and_forth() {
    let mut h = Harness::menu(100, 23);
    h.click_text("Connect Four");
    let (x, y) = h.find("◀ Person ▶").expect("the first seat's choice");
    // ◀ steps back (from the first option round to the last), ▶ forward.
    h.click(x, y);
    h.assert_shows("◀ Computer: Master ▶");
    let (x, y) = h.find("◀ Computer: Master ▶").expect("the choice");
    h.click(x + "◀ Computer: Master ".chars().count() as u16, y);
    h.assert_shows("◀ Person ▶");
    h.click(x + "◀ Person ".chars().count() as u16, y);
    h.assert_shows("◀ Computer: Beginner ▶");
    h.press("esc");
    // A label longer than the label column ("Player 2 (white)") shifts the value: the arrow is
    // still found where it is drawn.
    h.click_text("Reversi");
    let (x, y) = h
        .find("Player 2 (white): ◀ Person")
        .expect("the second seat's choice");
    h.click(x + "Player 2 (white): ".chars().count() as u16, y);
    h.assert_shows("Player 2 (white): ◀ Computer: Master ▶");
}

#[test]
fn a_save_while_the_computer_thinks_is_confirmed() {
    use parlor::core::{Player, Players};
    use parlor::game_screen::GameScreen;
    use parlor::games::connect4::game::Params;
    use parlor::games::connect4::ui::ConnectFourUi;
    let mut h = Harness::with_screen(100, 23, |ctx| {
        let players = Players::two(Player::person("Ann", "P1"), Player::computer(2));
        Box::new(GameScreen::<ConnectFourUi>::new(Params::default(), players, ctx).expect("valid"))
    });
    // The harness runs time-driven work only when asked, so the computer is still thinking.
    h.press_all(&["4", "s"]);
    h.assert_shows("is thinking… · Saved to");
    assert_eq!(h.saves().len(), 1);
}
