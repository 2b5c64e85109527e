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
    click_hint(&mut h, "? help");
    h.assert_shows("Connect Four — help");
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
