//! The footer is clickable: a click on a hint that names one key does what that key does, on
//! every screen (the full screens, a game, a dialog, a prompt), through the real
//! input path on `TestBackend`, in the three terminal sizes.

#![cfg(feature = "tui")]

use parlor::testing::Harness;

const SIZES: [(u16, u16); 3] = [(80, 24), (60, 20), (200, 60)];

/// Clicks the footer hint reading `hint` ("Esc back"), found on the bottom row.
fn click_hint(h: &mut Harness, hint: &str) {
    let text = h.draw();
    let rows: Vec<&str> = text.lines().collect();
    let bottom = rows.len() - 1;
    let column = rows[bottom].find(hint).map_or_else(
        || panic!("{hint:?} is not in the footer:\n{text}"),
        |byte| rows[bottom][..byte].chars().count(),
    );
    let x = u16::try_from(column).expect("on screen");
    let y = u16::try_from(bottom).expect("on screen");
    h.click(x, y);
}

#[test]
fn the_full_screens_are_left_by_a_click_on_back() {
    for (w, hgt) in SIZES {
        for (item, title) in [
            ("Settings", "Settings"),
            ("Statistics", "Statistics"),
            ("Load game", "Saved games"),
        ] {
            let mut h = Harness::menu(w, hgt);
            h.click_text(item);
            h.assert_shows(title);
            assert!(
                !h.text().contains("a terminal arcade"),
                "{item} opened at {w}x{hgt}"
            );
            click_hint(&mut h, "Esc back");
            h.assert_shows("a terminal arcade");
        }
    }
}

#[test]
fn the_key_bindings_page_is_left_by_a_click() {
    let mut h = Harness::menu(80, 24);
    h.click_text("Settings");
    h.click_text("Key bindings");
    h.assert_shows("Key bindings");
    click_hint(&mut h, "Esc back");
    h.assert_shows("Coordinates");
}

#[test]
fn a_game_footer_undoes_and_opens_help_by_click() {
    let mut h = Harness::menu(80, 24);
    h.start_two_player("Connect Four", "Alice", "Bob");
    h.press("enter");
    h.assert_shows("Bob (o) to move");
    click_hint(&mut h, "u undo");
    h.assert_shows("Moves played: 0");
    // The footer's Enter hint drops a token where the cursor is, as Enter does.
    click_hint(&mut h, "Enter/↓ drop");
    h.assert_shows("Moves played: 1");
    // The footer has no room for every key: help reads `? keys` and opens with the keys above
    // the rules.
    click_hint(&mut h, "? keys");
    h.assert_shows("Connect Four — help");
    h.assert_shows("values");
}

#[test]
fn a_dialog_takes_clicks_on_its_footer() {
    let mut h = Harness::menu(80, 24);
    h.start_two_player("Connect Four", "Alice", "Bob");
    h.press("enter");
    // Leaving with a move made asks first; the dialog's footer closes it.
    click_hint(&mut h, "q leave");
    h.assert_shows("Save");
    click_hint(&mut h, "Esc close");
    h.assert_shows("Bob (o) to move");
    assert!(!h.text().contains("Save before leaving?"), "{}", h.text());
}

#[test]
fn the_load_screen_renames_by_a_click() {
    let mut h = Harness::menu(80, 24);
    h.start_two_player("Connect Four", "Alice", "Bob");
    h.press_all(&["enter", "s", "q"]);
    h.assert_shows("a terminal arcade");
    h.click_text("Load game");
    click_hint(&mut h, "r rename");
    // The rename prompt's own footer: a click on cancel closes it, a second rename is typed.
    click_hint(&mut h, "Esc cancel");
    click_hint(&mut h, "r rename");
    h.type_text("Evening game");
    h.press("enter");
    h.assert_shows("Evening game");
}

#[test]
fn a_click_between_hints_or_on_a_hint_of_many_keys_does_nothing() {
    let mut h = Harness::menu(80, 24);
    h.start_two_player("Connect Four", "Alice", "Bob");
    let before = h.draw();
    // "←→ column" names two keys: a click on it moves nothing.
    click_hint(&mut h, "←→ column");
    // The separator between two hints is not a hint.
    click_hint(&mut h, " · ");
    assert_eq!(h.draw(), before);
}

/// Checks that every key the top screen offers is findable: drawn in the footer (the bottom
/// row), or the footer ends with `? keys` and the help that `?` opens lists it. Leaves the
/// help closed again.
fn assert_every_key_findable(h: &mut Harness, screen: &str) {
    let hints = h.footer_hints();
    assert!(!hints.is_empty(), "{screen}: no footer");
    let text = h.draw();
    let footer = text.lines().last().unwrap_or_default().to_string();
    let hidden: Vec<_> = hints
        .iter()
        .filter(|hint| !footer.contains(&format!("{} {}", hint.key, hint.what)))
        .filter(|hint| !(hint.what == "help" && footer.contains(&format!("{} keys", hint.key))))
        .collect();
    if hidden.is_empty() {
        return;
    }
    assert!(
        footer.trim_end().ends_with("? keys"),
        "{screen}: {:?} hidden and the footer does not end with `? keys`:\n{text}",
        hidden.iter().map(|h| &h.key).collect::<Vec<_>>()
    );
    h.press("?");
    let help = h.draw();
    // The help's key paragraph, all on the first page: from the row with "Keys:" to the first
    // row blank under that word (its other rows are indented under it, a blank row ends it).
    let rows: Vec<&str> = help.lines().collect();
    let first = rows.iter().position(|line| line.contains("Keys: "));
    let first = first.unwrap_or_else(|| panic!("{screen}: help has no key paragraph:\n{help}"));
    let column = rows[first][..rows[first].find("Keys: ").unwrap_or(0)]
        .chars()
        .count();
    let paragraph: Vec<&str> = rows[first..]
        .iter()
        .copied()
        .take_while(|line| {
            !line
                .chars()
                .skip(column)
                .take(12)
                .collect::<String>()
                .trim()
                .is_empty()
        })
        .collect();
    for hint in hidden {
        assert!(
            paragraph
                .iter()
                .any(|line| line.contains(&format!("{} {}", hint.key, hint.what))),
            "{screen}: `{} {}` is neither in the footer nor in the help's key paragraph:\n{help}",
            hint.key,
            hint.what
        );
    }
    h.press("esc");
}

/// Every registered game's key table (the registry is the only list), in play and once
/// over, at the two small sizes: each key is in the footer or behind `? keys`.
#[test]
fn every_game_key_is_in_the_footer_or_behind_help() {
    for game in parlor::games::registry::GAMES {
        let args: Vec<&str> = if game.two_player {
            vec![game.id, "Ann", "Bob"]
        } else {
            vec![game.id]
        };
        for (w, hgt) in [(80, 24), (60, 20)] {
            let mut h = Harness::command_line(w, hgt, &args);
            h.draw();
            // A game that opens on a list (Slide's levels, the position puzzles): its first.
            if h.footer_hints().is_empty() {
                h.press("enter");
            }
            assert_every_key_findable(&mut h, &format!("{} at {w}x{hgt}", game.id));
            h.press("v");
            assert_every_key_findable(&mut h, &format!("{} review at {w}x{hgt}", game.id));
        }
    }
}

/// The lobby's screens with a footer: the menu, the load screen with a save, statistics,
/// settings and its key bindings page.
#[test]
fn every_lobby_key_is_in_the_footer_or_behind_help() {
    for (w, hgt) in [(80, 24), (60, 20)] {
        let mut h = Harness::menu(w, hgt);
        assert_every_key_findable(&mut h, &format!("menu at {w}x{hgt}"));
        h.start_two_player("Connect Four", "Alice", "Bob");
        h.press_all(&["enter", "s", "q"]);
        h.assert_shows("a terminal arcade");
        for (item, title) in [
            ("Load game", "Saved games"),
            ("Statistics", "Statistics"),
            ("Settings", "Settings"),
        ] {
            h.click_text(item);
            h.assert_shows(title);
            assert_every_key_findable(&mut h, &format!("{item} at {w}x{hgt}"));
            if item == "Settings" {
                h.click_text("Key bindings");
                assert_every_key_findable(&mut h, &format!("key bindings at {w}x{hgt}"));
                h.press("esc");
            }
            h.press("esc");
        }
    }
}

/// After game over `q` says what it does: back to the menu from a game the menu opened; out
/// of the program from a game the command line started (there is no menu below it).
#[test]
fn after_game_over_q_says_quit_in_a_command_line_game() {
    for (w, hgt) in [(80, 24), (60, 20)] {
        // Every key of the finished game is findable too.
        let mut h = Harness::command_line(w, hgt, &["connect4", "Ann", "Bob"]);
        h.press_all(&["1", "1", "2", "2", "3", "3", "4"]);
        h.assert_shows("Ann wins");
        assert_every_key_findable(&mut h, &format!("connect4 over at {w}x{hgt}"));
    }
    let mut h = Harness::command_line(80, 24, &["connect4", "Ann", "Bob"]);
    h.press_all(&["1", "1", "2", "2", "3", "3", "4"]);
    let footer = h.draw().lines().last().unwrap_or_default().to_string();
    assert!(footer.contains("q quit"), "{footer}");
    // Under the help the game's footer still says what q does there (it said "q menu" while
    // the help was open, since the help made the game look no longer alone).
    h.press("?");
    h.assert_shows("help");
    let footer = h.draw().lines().last().unwrap_or_default().to_string();
    assert!(footer.contains("q quit"), "under the help: {footer}");
    h.press("esc");
    h.press("q");
    assert!(!h.app().is_running(), "q ended the program");

    let mut h = Harness::menu(80, 24);
    h.start_two_player("Connect Four", "Ann", "Bob");
    h.press_all(&["1", "1", "2", "2", "3", "3", "4"]);
    let footer = h.draw().lines().last().unwrap_or_default().to_string();
    assert!(footer.contains("q menu"), "{footer}");
}
