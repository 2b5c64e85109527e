//! Reversi through the real input path on `TestBackend`: the menu's new-game form, cursor and
//! Enter, clicks, legal-square markers, last-move and flip marks, counts, passes, the end of
//! the game, undo/redo, help, saving and loading.

#![cfg(feature = "tui")]

use parlor::core::{Player, Players};
use parlor::game_screen::GameScreen;
use parlor::games::reversi::game::{Params, StartPosition};
use parlor::games::reversi::rules::Disc;
use parlor::games::reversi::ui::ReversiUi;
use parlor::testing::Harness;

/// These tests name squares as the seed does, `x,y` from the lower left; the standard names
/// (the default) are tested in `tests/coordinates.rs`.
const ORIGINAL: &str = "[ui]\ncoordinates = \"original\"\n";
use ratatui::style::Modifier;

/// Opens Reversi from the menu with two names, and checks the seat label.
fn start_game(h: &mut Harness) {
    h.start_two_player("Reversi", "Alice", "Bob");
    h.assert_shows("Alice (black) to move");
}

/// A game screen started straight from a position (rows top first), Alice black, Bob white.
fn from_position(rows: [&str; 8], to_move: Disc) -> Harness {
    Harness::with_screen_and_config(100, 30, ORIGINAL, move |ctx| {
        let params = Params {
            start: Some(StartPosition {
                rows: rows.iter().map(ToString::to_string).collect(),
                to_move,
            }),
        };
        let players = Players::two(
            Player::person("Alice", "Black"),
            Player::person("Bob", "White"),
        );
        Box::new(GameScreen::<ReversiUi>::new(params, players, ctx).expect("valid position"))
    })
}

/// The screen cell of the disc on board square `(x, y)`, found from the frame's top left corner.
fn square(h: &mut Harness, x: u16, y: u16) -> (u16, u16) {
    let (left, top) = h
        .find("┌───┬───┬")
        .or_else(|| h.find("+---+---+"))
        .expect("the board's frame on screen");
    (left + 2 + 4 * x, top + 1 + 2 * (7 - y))
}

/// The glyph drawn on board square `(x, y)`.
fn glyph(h: &mut Harness, x: u16, y: u16) -> String {
    let (cx, cy) = square(h, x, y);
    h.cell(cx, cy).symbol().to_string()
}

/// The three characters of board square `(x, y)`: marks sit either side of the glyph.
fn cell_text(h: &mut Harness, x: u16, y: u16) -> String {
    let (cx, cy) = square(h, x, y);
    (cx - 1..=cx + 1).map(|c| h.cell(c, cy).symbol()).collect()
}

/// Black has no move; white's only move (0,0) wipes black out.
const BLACK_MUST_PASS: [&str; 8] = [
    "........", "........", "........", "...OO...", "...OO...", "........", "........", ".XOOOOOO",
];

#[test]
fn enter_places_at_the_cursor_and_marks_the_move_and_the_flips() {
    let mut h = Harness::with_config(100, 30, ORIGINAL);
    start_game(&mut h);
    h.assert_shows("● Black  2   ○ White  2");
    // The cursor starts on the first legal square, (4,2), highlighted in reverse video.
    let (cx, cy) = square(&mut h, 4, 2);
    assert!(h.cell(cx, cy).modifier.contains(Modifier::REVERSED));
    h.press("enter");
    let text = h.text();
    assert!(text.contains("1. black 4,2"), "{text}");
    assert!(text.contains("● Black  4   ○ White  1"), "{text}");
    assert!(text.contains("Black discs: 4") && text.contains("White discs: 1"));
    assert!(text.contains("Bob (white) to move"), "{text}");
    assert_eq!(cell_text(&mut h, 4, 2), "[●]", "the last move in brackets");
    assert_eq!(
        cell_text(&mut h, 4, 3),
        "(●)",
        "the flipped disc in parentheses"
    );
    assert_eq!(cell_text(&mut h, 3, 3), " ● ", "an unchanged disc is plain");
}

#[test]
fn arrows_move_the_cursor_and_illegal_squares_say_why() {
    let mut h = Harness::with_config(100, 30, ORIGINAL);
    start_game(&mut h);
    // From (4,2) up twice onto the taken (4,4).
    h.press_all(&["up", "up", "enter"]);
    h.assert_shows("4,4 is already taken.");
    // Left twice to (2,4), a legal square.
    h.press_all(&["left", "left", "enter"]);
    h.assert_shows("1. black 2,4");
    assert_eq!(glyph(&mut h, 3, 4), "●");
    // The cursor stops at the edges.
    h.press_all(&["down"; 10]);
    h.press_all(&["left"; 10]);
    h.press("enter");
    assert!(
        h.text()
            .contains("A white piece on 0,0 would not turn over any black piece."),
        "{}",
        h.text()
    );
    assert!(h.text().contains("Moves played: 1"));
}

#[test]
fn clicking_a_square_plays_there() {
    let mut h = Harness::with_config(100, 30, ORIGINAL);
    start_game(&mut h);
    let (cx, cy) = square(&mut h, 5, 3);
    h.click(cx, cy);
    h.assert_shows("1. black 5,3");
    assert_eq!(glyph(&mut h, 4, 3), "●");
    // A click on a square that brackets nothing changes nothing.
    let (cx, cy) = square(&mut h, 0, 7);
    h.click(cx, cy);
    h.assert_shows("would not turn over");
    // Frame lines and labels are not squares.
    let (cx, cy) = square(&mut h, 5, 4);
    h.click(cx + 2, cy);
    h.click(cx, cy + 1);
    h.assert_shows("Moves played: 1");
    // Hovering underlines the square.
    let (cx, cy) = square(&mut h, 5, 4);
    h.hover(cx, cy);
    assert!(h.cell(cx, cy).modifier.contains(Modifier::UNDERLINED));
    h.click(cx, cy);
    h.assert_shows("2. white 5,4");
}

#[test]
fn legal_squares_are_marked_and_m_toggles_them() {
    let mut h = Harness::with_config(100, 30, ORIGINAL);
    start_game(&mut h);
    let legal = [(4, 2), (5, 3), (2, 4), (3, 5)];
    for (x, y) in legal {
        assert_eq!(glyph(&mut h, x, y), "·", "({x},{y})");
    }
    assert_eq!(glyph(&mut h, 2, 2), " ");
    h.press("m");
    h.assert_shows("no longer marked");
    for (x, y) in legal {
        assert_eq!(glyph(&mut h, x, y), " ", "({x},{y}) hidden");
    }
    // Still hidden after a move; m brings them back.
    h.press("enter");
    assert_eq!(glyph(&mut h, 5, 4), " ");
    h.press("m");
    for (x, y) in [(3, 2), (5, 2), (5, 4)] {
        assert_eq!(glyph(&mut h, x, y), "·", "white's ({x},{y})");
    }
}

#[test]
fn the_config_can_start_with_the_markers_off() {
    let mut h = Harness::with_config(
        100,
        30,
        &format!("{ORIGINAL}[reversi]\nshow_legal_moves = false\n"),
    );
    start_game(&mut h);
    assert_eq!(glyph(&mut h, 4, 2), " ");
    h.press("m");
    assert_eq!(glyph(&mut h, 4, 2), "·");
}

#[test]
fn a_pass_is_announced_confirmed_and_recorded() {
    let mut h = from_position(BLACK_MUST_PASS, Disc::Black);
    let text = h.text();
    assert!(
        text.contains("Black has no legal move: Enter or a click passes."),
        "{text}"
    );
    assert!(text.contains("Black must pass"), "{text}");
    assert!(
        text.contains("Enter pass"),
        "the footer says what Enter does: {text}"
    );
    insta::assert_snapshot!("reversi_must_pass", text);
    h.press("enter");
    let text = h.text();
    assert!(text.contains("1. black pass"), "{text}");
    assert!(
        text.contains("Black had no legal move and passed."),
        "{text}"
    );
    assert!(text.contains("Bob (white) to move"), "{text}");
    // Undo brings the pass back; a click anywhere on the board passes too.
    h.press("u");
    h.assert_shows("Enter or a click passes");
    let (cx, cy) = square(&mut h, 6, 6);
    h.click(cx, cy);
    h.assert_shows("1. black pass");
}

#[test]
fn wiping_out_a_colour_ends_the_game_and_names_the_winner() {
    let mut h = from_position(BLACK_MUST_PASS, Disc::Black);
    h.press("enter");
    let (cx, cy) = square(&mut h, 0, 0);
    h.click(cx, cy);
    let text = h.text();
    assert!(text.contains("Bob wins with white, 12–0"), "{text}");
    h.press("q");
    assert!(!h.app().is_running());
    assert_eq!(h.app().exit_code(), 11);
}

#[test]
fn filling_the_board_level_is_a_draw() {
    let mut h = from_position(
        [
            "OOOOOOOO", "OOOOOOOO", "OOOOOOOO", "OOOOOOOO", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX",
            "XOOOOOO.",
        ],
        Disc::Black,
    );
    let (cx, cy) = square(&mut h, 7, 0);
    h.click(cx, cy);
    let text = h.text();
    assert!(text.contains("Draw, 32–32"), "{text}");
    insta::assert_snapshot!("reversi_draw", text);
    // The counts stay visible, no cursor or markers on a finished game.
    h.assert_shows("● Black 32   ○ White 32");
    h.press("enter");
    h.assert_shows("The game is over");
    h.press("q");
    assert!(!h.app().is_running());
    assert_eq!(h.app().exit_code(), 12);
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut h = Harness::with_config(100, 30, ORIGINAL);
    start_game(&mut h);
    h.press("enter");
    let (cx, cy) = square(&mut h, 5, 2);
    h.click(cx, cy);
    h.assert_shows("● Black  3   ○ White  3");
    h.press_all(&["u", "u"]);
    h.assert_shows("● Black  2   ○ White  2");
    assert_eq!(glyph(&mut h, 4, 2), "·");
    h.press("r");
    h.assert_shows("● Black  4   ○ White  1");
    assert_eq!(cell_text(&mut h, 4, 3), "(●)", "redo shows the flips again");
    h.press("r");
    h.assert_shows("2. white 5,2 ◀");
}

#[test]
fn save_then_load_restores_the_board_and_the_undo_history() {
    let mut h = Harness::with_config(100, 30, ORIGINAL);
    start_game(&mut h);
    h.press("enter");
    let (cx, cy) = square(&mut h, 5, 2);
    h.click(cx, cy);
    h.press("u");
    h.press("s");
    h.assert_shows("Saved to");
    let saves = h.saves();
    assert_eq!(saves.len(), 1);
    let file =
        std::fs::read_to_string(h.data_dir().join("saves").join(&saves[0])).expect("save readable");
    assert!(file.contains("game = \"reversi\""), "{file}");
    assert!(
        file.contains("\"4,2\"") && file.contains("\"5,2\""),
        "{file}"
    );
    assert!(file.contains("\"...OX...\""), "{file}");
    h.press("q");
    h.click_text("Load game");
    h.assert_shows("Alice vs Bob");
    h.press("enter");
    h.assert_shows("Bob (white) to move");
    assert_eq!(cell_text(&mut h, 4, 2), "[●]");
    h.press("r");
    h.assert_shows("2. white 5,2 ◀");
}

#[test]
fn a_save_with_a_wrong_board_is_refused() {
    let mut h = Harness::with_config(100, 30, ORIGINAL);
    let saves = h.data_dir().join("saves");
    std::fs::create_dir_all(&saves).expect("saves dir");
    std::fs::write(
        saves.join("cheat.toml"),
        "format = 1\ngame = \"reversi\"\nsaved_at = \"2026-11-22T10:00:00Z\"\ntitle = \"cheat\"\n\
         [state]\nmoves = [\"4,2\"]\napplied = 1\n\
         rows = [\"........\", \"........\", \"........\", \"...OX...\", \"...XX...\", \"....X...\", \"........\", \"XXXXXXXX\"]\n\
         params = {}\n[[state.players]]\nname = \"A\"\n[[state.players]]\nname = \"B\"\n",
    )
    .expect("write");
    std::fs::write(
        saves.join("illegal.toml"),
        "format = 1\ngame = \"reversi\"\nsaved_at = \"2026-11-22T10:00:00Z\"\ntitle = \"illegal\"\n\
         [state]\nmoves = [\"0,0\"]\napplied = 1\nrows = []\n\
         params = {}\n[[state.players]]\nname = \"A\"\n[[state.players]]\nname = \"B\"\n",
    )
    .expect("write");
    h.click_text("Load game");
    let mut seen = String::new();
    for _ in 0..3 {
        seen.push_str(&h.text());
        h.press("down");
    }
    assert!(seen.contains("does not match its moves"), "{seen}");
    assert!(
        seen.contains("is not legal: a black piece on 0,0"),
        "{seen}"
    );
}

#[test]
fn help_explains_the_rules_and_the_keys() {
    let mut h = Harness::with_config(100, 30, ORIGINAL);
    start_game(&mut h);
    h.press("?");
    let text = h.text();
    assert!(text.contains("Reversi — help"), "{text}");
    assert!(text.contains("bracket"), "{text}");
    insta::assert_snapshot!("reversi_help", text);
    h.press("esc");
    assert!(!h.text().contains("— help"));
}

#[test]
fn the_start_screen_snapshot() {
    let mut h = Harness::with_config(100, 30, ORIGINAL);
    start_game(&mut h);
    insta::assert_snapshot!("reversi_start", h.text());
}

#[test]
fn a_small_terminal_and_any_resize_survive() {
    let mut h = Harness::with_config(100, 30, ORIGINAL);
    start_game(&mut h);
    h.press("enter");
    for (w, hgt) in [(1, 1), (30, 10), (60, 22), (500, 200), (80, 24)] {
        h.resize(w, hgt);
        h.press("left");
        h.click(w / 2, hgt / 2);
    }
    // 80×24, the classic terminal, shows the whole board.
    h.resize(80, 24);
    let text = h.text();
    assert!(!text.contains("enlarge"), "{text}");
    assert!(text.contains("0   1   2   3   4   5   6   7"), "{text}");
}

#[test]
fn the_mono_theme_draws_letters_and_keeps_every_mark() {
    let mut h = Harness::with_config(100, 30, &format!("{ORIGINAL}theme = \"mono\"\n"));
    start_game(&mut h);
    h.assert_shows("X Black  2   O White  2");
    assert_eq!(glyph(&mut h, 3, 3), "X");
    assert_eq!(glyph(&mut h, 3, 4), "O");
    assert_eq!(glyph(&mut h, 4, 2), ".", "legal squares as dots");
    h.press("enter");
    assert_eq!(cell_text(&mut h, 4, 2), "[X]");
    assert_eq!(cell_text(&mut h, 4, 3), "(X)");
}

#[test]
fn a_pass_reached_in_play_from_the_start() {
    let mut h = Harness::with_config(100, 30, ORIGINAL);
    start_game(&mut h);
    // The shortest way to a pass: after these eight moves black has no legal square.
    for (x, y) in [
        (4, 2),
        (5, 2),
        (6, 2),
        (6, 1),
        (2, 4),
        (7, 2),
        (7, 0),
        (5, 0),
    ] {
        let (cx, cy) = square(&mut h, x, y);
        h.click(cx, cy);
    }
    // Black has no move after white's 5,0: the pass is played by itself, with a notice.
    let text = h.text();
    assert!(text.contains("8. white 5,0"), "{text}");
    assert!(text.contains("(black) has no move and passes."), "{text}");
    let text = h.text();
    assert!(text.contains("9. black pass"), "{text}");
    assert!(
        text.contains("Black had no legal move and passed."),
        "{text}"
    );
    assert!(text.contains("▶ white Bob"), "{text}");
}

#[test]
fn against_the_computer_hint_answer_undo_and_leaving_while_it_thinks() {
    let mut h = Harness::with_screen_and_config(100, 30, ORIGINAL, |ctx| {
        let players = Players::two(Player::person("Alice", "Black"), Player::computer(3));
        Box::new(GameScreen::<ReversiUi>::new(Params::default(), players, ctx).expect("valid"))
    });
    // The hint is the top level's move, marked on the board.
    h.press("h");
    h.wait_for("Suggested move: ");
    // Play the opening move the seed's session plays (4,2); the computer answers as white.
    let (x, y) = square(&mut h, 4, 2);
    h.click(x, y);
    h.wait_for("Alice (black) to move");
    h.assert_shows("Moves played: 2");
    // Undo takes back the computer's move and Alice's, back to Alice's turn.
    h.press("u");
    h.assert_shows("Moves played: 0");
    h.assert_shows("▶ black Alice");
    // Undo while the computer thinks cancels its search at once: Alice's move is taken back
    // and no answer arrives later.
    h.click(x, y);
    h.assert_shows("is thinking");
    h.press("u");
    h.assert_shows("▶ black Alice");
    assert!(!h.text().contains("is thinking"), "{}", h.text());
    h.run_until(std::time::Duration::from_millis(500), |_| false);
    h.assert_shows("Moves played: 0");
    // Leaving while it thinks asks first, and the screen stays alive behind the question.
    h.click(x, y);
    h.assert_shows("is thinking");
    h.press("q");
    h.assert_shows("Save before leaving?");
}

/// The default names are the colours ("Black", "White"): the side panel names each player
/// once ("● Black"), not "● black Black", at 80x24 and in the folded strip at 60x20.
#[test]
fn default_names_are_not_labelled_twice() {
    for (w, hgt) in [(80, 24), (60, 20)] {
        let mut h = Harness::command_line(w, hgt, &["reversi"]);
        let text = h.draw();
        let lower = text.to_lowercase();
        assert!(
            !lower.contains("black black") && !lower.contains("white white"),
            "{w}x{hgt}:\n{text}"
        );
        assert!(text.contains("Black") && text.contains("White"), "{text}");
    }
}
