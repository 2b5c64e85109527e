//! Sentences, names and file names shown whole at the sizes every screen must work at (60×20,
//! 80×24) and using the room of a big one (200×60): what used to be cut off at the edge of a
//! popup, a side panel, the status line or a help page, walked through the real input path.

use parlor::testing::Harness;

const SIZES: [(u16, u16); 3] = [(60, 20), (80, 24), (200, 60)];

/// The screen's words in reading order, so a sentence wrapped over rows reads as one.
fn words(screen: &str) -> String {
    screen
        .split(|c: char| c.is_whitespace() || "│╭╮╰╯─|".contains(c))
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_refused_puzzle_id_is_said_whole_in_the_prompt() {
    for (width, height) in SIZES {
        let mut h = Harness::menu(width, height);
        h.click_text("Enter a puzzle ID");
        h.type_text("foo-bar");
        h.press("enter");
        let screen = h.draw();
        assert!(
            words(&screen).contains(
                "Cannot open that ID: \"foo-bar\" is not a puzzle ID; IDs look like \
                 slide-s42 or magic-1-3-1-xx"
            ),
            "{width}×{height}:\n{screen}"
        );
        // The text stays to be corrected.
        assert!(screen.contains("foo-bar_"), "{width}×{height}:\n{screen}");
        insta::assert_snapshot!(format!("refused_id_{width}x{height}"), screen);
    }
}

#[test]
fn a_reversi_endgame_puzzle_says_its_task_whole_in_the_side_panel() {
    for (width, height) in SIZES {
        let mut h = Harness::menu(width, height);
        h.click_text("Position puzzles");
        h.click_text("Reversi endgames");
        h.click_text("Best move");
        h.assert_shows("Your move");
        let screen = h.draw();
        // The panel's "Best move: +16 · black to play", on one row or wrapped onto the next.
        let lines: Vec<&str> = screen.lines().collect();
        let at = lines
            .iter()
            .position(|line| line.contains("│Best move: +") && line.contains(" to "))
            .unwrap_or_else(|| panic!("{width}×{height}:\n{screen}"));
        assert!(
            lines[at].contains(" to play") || lines[at + 1].contains("│  play "),
            "{width}×{height}:\n{screen}"
        );
    }
}

#[test]
fn a_computer_seat_chosen_in_the_form_keeps_its_level_in_the_panel() {
    // The tour's case: the new-game form, the second seat set to the computer, at 200×60
    // (the panel read "● white Computer (Begin…" before it wrapped).
    for (width, height) in SIZES {
        let mut h = Harness::menu(width, height);
        h.click_text("Reversi");
        h.assert_shows("New game of Reversi");
        h.press_all(&["down", "down", "right", "enter"]);
        let screen = h.draw();
        assert!(
            words(&screen).contains("Computer (Beginner)"),
            "{width}×{height}:\n{screen}"
        );
        assert!(!screen.contains("(Begin…"), "{width}×{height}:\n{screen}");
    }
}

#[test]
fn a_saved_or_exported_file_s_name_is_shown_whole() {
    for (width, height) in SIZES {
        for game in ["magic-square", "nine-almonds", "reversi"] {
            let mut h = Harness::command_line(width, height, &[game]);
            h.press("s");
            h.assert_shows("Saved to");
            let name = h.saves().pop().expect("a save");
            let screen = h.draw();
            assert!(
                screen.contains(&name),
                "{game} {width}×{height}: {name}:\n{screen}"
            );
        }
    }
}

#[test]
fn the_key_bindings_page_shows_its_note_to_the_end() {
    let mut h = Harness::menu(60, 20);
    h.app_mut()
        .set_config_file("/srv/arcade/someone/.config/parlor/config.toml".into());
    h.click_text("Settings");
    h.click_text("Key bindings");
    h.assert_shows("Key bindings");
    let screen = h.draw();
    assert!(
        words(&screen).contains("(Ctrl-C quits, Ctrl-Z suspends)."),
        "{screen}"
    );
}

#[test]
fn the_position_puzzles_help_shows_no_markdown_marks() {
    let mut h = Harness::menu(80, 24);
    h.click_text("Position puzzles");
    h.click_text("Connect Four puzzles");
    h.press("?");
    let mut pages = String::new();
    for _ in 0..6 {
        pages.push_str(&h.draw());
        h.press("pagedown");
    }
    assert!(pages.contains("Win in N: win"), "{pages}");
    assert!(!pages.contains("**") && !pages.contains('`'), "{pages}");
}

#[test]
fn a_click_on_esc_close_closes_the_help() {
    for (width, height) in SIZES {
        let mut h = Harness::menu(width, height);
        h.press("?");
        h.assert_shows("Parlor — help");
        h.click_text("Esc close");
        let screen = h.draw();
        assert!(
            !screen.contains("Parlor — help"),
            "{width}×{height}:\n{screen}"
        );
    }
}

#[test]
fn a_wrapped_help_line_hangs_under_its_description() {
    let mut h = Harness::menu(60, 20);
    h.press("?");
    let mut screen = h.draw();
    for _ in 0..10 {
        if screen.contains("leave the game (asks") {
            break;
        }
        h.press("down");
        screen = h.draw();
    }
    let lines: Vec<&str> = screen.lines().collect();
    let at = lines
        .iter()
        .position(|line| line.contains("leave the game (asks"))
        .unwrap_or_else(|| panic!("{screen}"));
    let column = |line: &str, word: &str| line.find(word).map(|i| line[..i].chars().count());
    let description = column(lines[at], "leave").expect("the description");
    let next = lines[at + 1];
    let first_word = next
        .chars()
        .enumerate()
        .skip(4)
        .find(|(_, c)| !c.is_whitespace())
        .map(|(i, _)| i);
    assert_eq!(first_word, Some(description), "{screen}");
}

#[test]
fn the_position_puzzles_descriptions_are_whole_at_every_size() {
    for (width, height) in SIZES {
        let mut h = Harness::menu(width, height);
        h.click_text("Position puzzles");
        let screen = h.draw();
        let text = words(&screen);
        for blurb in [
            "Win in N, or find the one column that holds: positions from real games.",
            "Force the win in N moves: positions from real games.",
            "Place and turn to win in one or two: positions from real games.",
        ] {
            assert!(text.contains(blurb), "{width}×{height}: {blurb}\n{screen}");
        }
        assert!(!screen.contains('…'), "{width}×{height}:\n{screen}");
        // A click on a description's second row opens its game, as on its title.
        if let Some((x, y)) = h.find("real games.") {
            h.click(x, y);
            let opened = h.draw();
            assert!(!opened.contains("Position puzzles"), "{opened}");
        }
        insta::assert_snapshot!(format!("position_group_whole_{width}x{height}"), screen);
    }
}

#[test]
fn a_statistics_variant_takes_the_width_there_is() {
    let mut h = Harness::menu(80, 24);
    h.click_text("Nine Almonds");
    h.press("S");
    h.wait_for("Solved");
    h.press("q");
    h.click_text("Statistics");
    h.assert_shows("Statistics: Nine Almonds");
    let screen = h.draw();
    assert!(screen.contains("5×5, nine almonds "), "{screen}");
}
