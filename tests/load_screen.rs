//! The load screen as a player meets it, through the real input path: autosaves marked, a
//! save renamed (and the name kept by later saves), two saves of the same game and move told
//! apart by the time of day, and the scroll indicator of a long list.

#![cfg(feature = "tui")]

use parlor::testing::Harness;

/// A Connect Four game between Ann and Bob with one move played.
fn one_move_in(h: &mut Harness) {
    h.start_two_player("Connect Four", "Ann", "Bob");
    h.press("enter");
    h.assert_shows("Bob (o) to move");
}

/// The text of the only save in the data directory.
fn only_save(h: &Harness) -> String {
    let names = h.saves();
    assert_eq!(names.len(), 1, "{names:?}");
    std::fs::read_to_string(h.data_dir().join("saves").join(&names[0])).expect("readable")
}

#[test]
fn autosaves_are_marked_and_a_renamed_save_keeps_its_name() {
    let mut h = Harness::menu(80, 24);
    one_move_in(&mut h);
    // What Ctrl-C twice, a closed terminal or the end of input do.
    assert!(h.app_mut().autosave_all().is_empty());
    assert!(only_save(&h).contains("autosave = true"));
    h.press("q");
    h.click_text("Don't save");
    h.click_text("Load game");
    h.assert_shows("Ann vs Bob · autosave");
    h.assert_shows(", autosave");

    // r renames: the prompt starts with the name, which is edited like any text.
    h.press("r");
    h.assert_shows("Rename save");
    for _ in 0.."Ann vs Bob".len() {
        h.press("backspace");
    }
    h.type_text("Friday game");
    h.press("enter");
    h.assert_shows("Save renamed.");
    h.assert_shows("▶ Friday game · autosave");
    let text = only_save(&h);
    assert!(text.contains("title = \"Friday game\""), "{text}");

    // Opened, played on and saved by the player: the name stays, the autosave mark goes.
    h.press("enter");
    h.assert_shows("Bob (o) to move");
    // The game's header says which save it is, as the list did.
    let header = h.text().lines().next().unwrap_or_default().to_string();
    assert!(header.contains("Friday game · Ann vs Bob"), "{header}");
    h.press("enter");
    h.assert_shows("Ann (x) to move");
    h.press("s");
    h.assert_shows("Saved to");
    let text = only_save(&h);
    assert!(text.contains("title = \"Friday game\""), "{text}");
    assert!(!text.contains("autosave"), "{text}");
    h.press("q");
    h.click_text("Load game");
    h.assert_shows("▶ Friday game");
    assert!(!h.text().contains("autosave"), "{}", h.text());
    // The preview names the players under "Players:", not the save's title again.
    h.assert_shows("Players: Ann vs Bob");
}

#[test]
fn an_empty_name_cannot_be_given() {
    let mut h = Harness::menu(80, 24);
    one_move_in(&mut h);
    h.press("s");
    h.assert_shows("Saved to");
    h.press("q");
    h.click_text("Load game");
    h.press("r");
    for _ in 0.."Ann vs Bob".len() {
        h.press("backspace");
    }
    // An empty name cannot be accepted: the prompt stays until Esc, and nothing changed.
    h.press("enter");
    h.assert_shows("Rename save");
    h.press("esc");
    h.assert_shows("▶ Ann vs Bob");
    assert!(only_save(&h).contains("title = \"Ann vs Bob\""));
}

/// Writes `count` copies of the only save, each `seconds` later than the one before, under
/// names of their own.
fn copies(h: &Harness, count: u64, seconds: u64) {
    let text = only_save(h);
    let original = text
        .lines()
        .find(|line| line.starts_with("saved_at"))
        .expect("a time")
        .to_string();
    for i in 1..=count {
        let later = original.replace(":00Z", &format!(":{:02}Z", (i * seconds) % 60));
        std::fs::write(
            h.data_dir().join("saves").join(format!("copy-{i}.toml")),
            text.replace(&original, &later),
        )
        .expect("written");
    }
}

#[test]
fn twin_saves_show_the_time_of_day() {
    let mut h = Harness::menu(80, 24);
    one_move_in(&mut h);
    h.press("s");
    h.assert_shows("Saved to");
    h.press("q");
    copies(&h, 1, 5);
    h.click_text("Load game");
    h.assert_shows("Saved games (2)");
    // Both were saved "just now" at move 1: the clock tells them apart.
    h.assert_shows("move 1 · at 10:04:05");
    h.assert_shows("move 1 · at 10:04:00");
    // Where there is room, the age stays beside the time.
    h.resize(200, 60);
    h.assert_shows("move 1 · just now 10:04:05");
}

#[test]
fn a_long_list_says_how_many_more_are_above_and_below() {
    let mut h = Harness::menu(80, 24);
    one_move_in(&mut h);
    h.press("s");
    h.assert_shows("Saved to");
    h.press("q");
    copies(&h, 14, 1);
    h.click_text("Load game");
    h.assert_shows("Saved games (15)");
    let below = h.text();
    assert!(below.contains("↓ 5 more"), "{below}");
    assert!(!below.contains(" more ╮"), "nothing above yet: {below}");
    insta::assert_snapshot!("load_long_list_80x24", below);
    h.press("end");
    let above = h.text();
    assert!(
        above.contains("↑ 5 more") && !above.contains("↓ 5 more"),
        "{above}"
    );
    h.press("home");
    h.assert_shows("↓ 5 more");
    // At 100 columns every entry is whole: nothing cut mid-word.
    h.resize(100, 30);
    h.assert_shows("│  Connect Four · move 1 · just now 10:04:14│");
    assert!(!h.text().contains('…'), "{}", h.text());
    for (w, hgt) in [(60, 20), (200, 60)] {
        h.resize(w, hgt);
        assert!(!h.text().contains("too small"), "{}", h.text());
        insta::assert_snapshot!(format!("load_long_list_{w}x{hgt}"), h.text());
    }
}

/// Which game's board the load screen's preview draws (by the board's own column labels
/// under its frame), if any.
fn previewed_board(h: &mut Harness) -> Option<&'static str> {
    let text = h.draw();
    let lines: Vec<&str> = text.lines().collect();
    let under_frame = |labels: &[&str]| {
        lines.windows(2).any(|pair| {
            pair[0].contains('┘')
                && pair[1]
                    .split(['│', ' '])
                    .filter(|w| !w.is_empty())
                    .eq(labels.iter().copied())
        })
    };
    if under_frame(&["1", "2", "3", "4", "5", "6", "7"]) {
        Some("connect4")
    } else if under_frame(&["a", "b", "c", "d", "e", "f", "g", "h"]) {
        Some("reversi")
    } else {
        None
    }
}

/// The preview follows the selection and the catalog: the selected save's board is drawn by
/// its game (opened once per change, not per frame), a move down shows the other save's
/// board, and after a delete the one left.
#[test]
fn the_preview_follows_the_selection_and_the_catalog() {
    let mut h = Harness::menu(200, 60);
    one_move_in(&mut h);
    h.press("s");
    h.assert_shows("Saved to");
    h.press("q");
    h.start_two_player("Reversi", "Cy", "Di");
    h.press("s");
    h.assert_shows("Saved to");
    h.press("q");
    h.click_text("Load game");
    h.assert_shows("Saved games (2)");
    let first = previewed_board(&mut h).expect("a board drawn in the preview");
    h.press("down");
    let second = previewed_board(&mut h).expect("a board drawn in the preview");
    assert_ne!(first, second, "{}", h.text());
    h.press("d");
    h.assert_shows("This cannot be undone.");
    h.press("left");
    h.press("enter");
    h.assert_shows("Save deleted.");
    h.assert_shows("Saved games (1)");
    assert_eq!(previewed_board(&mut h), Some(first), "{}", h.text());
}

/// A Pentago save's preview is a board, as every other game's is: drawn by the game at 80x24
/// (it used to be cut by the save time's wrapped second row, or drawn over it) and 200x60,
/// with its six column labels; at 60x20, where the preview is under the list, all six of its
/// text rows beside the facts (only the first fitted under them).
#[test]
fn a_pentago_save_is_previewed_as_a_board() {
    for (w, hgt) in [(80, 24), (60, 20), (200, 60)] {
        let mut h = Harness::menu(w, hgt);
        h.start_two_player("Pentago", "Ann", "Bob");
        h.assert_shows("Ann (X) to move");
        h.press("s");
        h.assert_shows("Saved to");
        h.press("q");
        h.click_text("Load game");
        h.assert_shows("Saved games (1)");
        let text = h.draw();
        let labels = text.lines().any(|line| {
            line.split(['│', ' '])
                .filter(|w| !w.is_empty())
                .eq(["1", "2", "3", "4", "5", "6"])
        });
        let text_rows = text
            .lines()
            .filter(|line| {
                line.split(['│', ' '])
                    .rev()
                    .find(|w| !w.is_empty())
                    .is_some_and(|w| {
                        w.len() == 6 && w.chars().all(|c| matches!(c, '.' | 'X' | 'O'))
                    })
            })
            .count();
        let board = if w == 60 { text_rows == 6 } else { labels };
        assert!(board, "{w}x{hgt}: no board in the preview:\n{text}");
        assert!(
            !text.contains("(202 "),
            "{w}x{hgt}: the board over the save time:\n{text}"
        );
        insta::assert_snapshot!(format!("load_pentago_preview_{w}x{hgt}"), text);
    }
}
