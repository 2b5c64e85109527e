//! Checkers through the real input path on `TestBackend`: the names dialog, selecting pieces
//! with keys and clicks, compulsory captures, a double jump square by square, the
//! free-capture setting, undo/redo, help, save and load.

#![cfg(feature = "tui")]

use parlor::testing::Harness;

/// These tests name squares as the seed does, `x,y` from the lower left; the standard names
/// (the default) are tested in `tests/coordinates.rs`.
const ORIGINAL: &str = "[ui]\ncoordinates = \"original\"\n";

/// Opens Checkers from the menu with two names, and checks the seat label.
fn start_game(h: &mut Harness) {
    h.start_two_player("Checkers", "Alice", "Bob");
    h.assert_shows("Alice (black) to move");
}

/// The screen position of the middle of a board square, found from the frame's top left
/// corner (whatever the square names on the edges).
fn at(h: &mut Harness, x: u16, y: u16) -> (u16, u16) {
    let (left, top) = h.find("┌───┬───┬").expect("the board's frame on screen");
    (left + 2 + 4 * x, top + 1 + 2 * (7 - y))
}

fn symbol(h: &mut Harness, x: u16, y: u16) -> String {
    let (cx, cy) = at(h, x, y);
    h.draw();
    h.cell(cx, cy).symbol().to_string()
}

/// The three characters of a square's cell.
fn cell_text(h: &mut Harness, x: u16, y: u16) -> String {
    let (cx, cy) = at(h, x, y);
    h.draw();
    (cx - 1..=cx + 1).map(|i| h.cell(i, cy).symbol()).collect()
}

fn click(h: &mut Harness, x: u16, y: u16) {
    let (cx, cy) = at(h, x, y);
    h.click(cx, cy);
}

/// Plays moves by clicking each square of their paths.
fn click_moves(h: &mut Harness, moves: &[&[(u16, u16)]]) {
    for path in moves {
        for &(x, y) in *path {
            click(h, x, y);
        }
    }
}

/// Six moves after which black may take two white pieces in one jump: 5,5x3,3x1,1.
const TO_DOUBLE_JUMP: &[&[(u16, u16)]] = &[
    &[(1, 5), (2, 4)],
    &[(2, 2), (3, 3)],
    &[(0, 6), (1, 5)],
    &[(1, 1), (2, 2)],
    &[(7, 5), (6, 4)],
    &[(3, 3), (4, 4)],
];

#[test]
fn keys_select_a_piece_and_move_it_to_a_marked_square() {
    let mut h = Harness::with_config(100, 28, ORIGINAL);
    start_game(&mut h);
    // The cursor starts on the first piece that can move (1,5).
    h.press("enter");
    assert_eq!(cell_text(&mut h, 1, 5), "[●]", "{}", h.text());
    assert_eq!(symbol(&mut h, 0, 4), "◇");
    assert_eq!(symbol(&mut h, 2, 4), "◇");
    assert!(h.text().contains("Move the piece on 1,5 to 0,4 or 2,4."));
    // Down and right to 2,4, Enter moves there.
    h.press_all(&["down", "right", "enter"]);
    assert_eq!(symbol(&mut h, 2, 4), "●", "{}", h.text());
    assert_eq!(symbol(&mut h, 1, 5), "·", "the last move's start is marked");
    h.assert_shows("1. black 1,5-2,4");
    assert!(h.text().contains("Bob (white) to move"));
}

#[test]
fn pawns_only_go_forward_and_bad_choices_say_why() {
    let mut h = Harness::with_config(100, 28, ORIGINAL);
    start_game(&mut h);
    // A piece with no move, a white piece, an empty square.
    click(&mut h, 0, 6);
    h.assert_shows("The piece on 0,6 cannot move.");
    click(&mut h, 2, 2);
    assert!(h.text().contains("Select one of the black pieces."));
    // Selected, then a square it cannot reach.
    click(&mut h, 3, 5);
    click(&mut h, 3, 3);
    h.assert_shows("The piece on 3,5 cannot go to 3,3.");
    // Clicking the selected piece again deselects it; Esc with nothing selected leaves.
    click(&mut h, 3, 5);
    assert_eq!(cell_text(&mut h, 3, 5), " ● ");
    h.press("esc");
    assert!(h.text().contains("Moves played: 0") || h.text().contains("Load game"));
}

#[test]
fn a_compulsory_capture_marks_the_capturing_pieces_and_blocks_the_others() {
    let mut h = Harness::with_config(100, 28, ORIGINAL);
    start_game(&mut h);
    click_moves(&mut h, TO_DOUBLE_JUMP);
    assert!(
        h.text()
            .contains("A capture is compulsory: select 3,5 or 5,5."),
        "{}",
        h.text()
    );
    assert!(h.text().contains("Captures: compulsory"));
    assert_eq!(cell_text(&mut h, 3, 5), "(●)");
    assert_eq!(cell_text(&mut h, 5, 5), "(●)");
    assert_eq!(cell_text(&mut h, 6, 4), " ● ");
    click(&mut h, 6, 4);
    assert!(
        h.text()
            .contains("A capture is compulsory: move 3,5 or 5,5."),
        "{}",
        h.text()
    );
    assert_eq!(cell_text(&mut h, 6, 4), " ● ", "not selected");
}

#[test]
fn a_double_jump_is_made_click_by_click_with_the_path_shown() {
    let mut h = Harness::with_config(100, 28, ORIGINAL);
    start_game(&mut h);
    click_moves(&mut h, TO_DOUBLE_JUMP);
    click(&mut h, 5, 5);
    assert_eq!(symbol(&mut h, 3, 3), "◇");
    click(&mut h, 3, 3);
    // Part-way: the piece stands on 3,3, the piece it took is crossed out, 1,1 is next.
    assert_eq!(cell_text(&mut h, 3, 3), "[●]", "{}", h.text());
    assert_eq!(symbol(&mut h, 4, 4), "×");
    assert_eq!(symbol(&mut h, 5, 5), "•");
    assert_eq!(symbol(&mut h, 1, 1), "◇");
    assert!(h.text().contains("Jump on from 3,3 to 1,1."));
    assert!(h.text().contains("Moves played: 6"), "not played yet");
    // Elsewhere is refused while the jump goes on; Esc steps back one square.
    click(&mut h, 6, 4);
    h.assert_shows("The jump goes on: choose 1,1");
    h.press("esc");
    assert_eq!(cell_text(&mut h, 5, 5), "[●]", "{}", h.text());
    assert_eq!(symbol(&mut h, 4, 4), "○");
    click(&mut h, 3, 3);
    click(&mut h, 1, 1);
    let text = h.text();
    assert!(text.contains("7. black 5,5x3,3x1,1"), "{text}");
    assert!(text.contains("White: 10 pieces"), "{text}");
    assert_eq!(symbol(&mut h, 1, 1), "●");
    assert_eq!(symbol(&mut h, 2, 2), " ");
    assert_eq!(symbol(&mut h, 4, 4), " ");
    insta::assert_snapshot!("checkers_after_double_jump", h.text());
    // Undo takes back the whole double jump; redo replays it.
    h.press("u");
    assert_eq!(symbol(&mut h, 4, 4), "○");
    assert_eq!(symbol(&mut h, 2, 2), "○");
    h.press("r");
    assert_eq!(symbol(&mut h, 1, 1), "●");
    h.assert_shows("▶ white Bob");
}

#[test]
fn a_double_jump_by_keys() {
    let mut h = Harness::with_config(100, 28, ORIGINAL);
    start_game(&mut h);
    click_moves(&mut h, TO_DOUBLE_JUMP);
    // The cursor is where the last click was (4,4); up and right reach 5,5.
    h.press_all(&["up", "right", "enter"]);
    assert_eq!(cell_text(&mut h, 5, 5), "[●]", "{}", h.text());
    h.press_all(&["down", "left", "down", "left", "enter"]);
    assert_eq!(cell_text(&mut h, 3, 3), "[●]", "{}", h.text());
    assert!(h.text().contains("Moves played: 6"));
    h.press_all(&["down", "left", "down", "left", "space"]);
    h.assert_shows("7. black 5,5x3,3x1,1");
}

#[test]
fn the_free_capture_setting_lets_a_player_decline() {
    let mut h = Harness::with_config(
        100,
        28,
        &format!("{ORIGINAL}[checkers]\nforced_capture = false\n"),
    );
    start_game(&mut h);
    h.assert_shows("Captures: optional");
    click_moves(&mut h, TO_DOUBLE_JUMP);
    assert!(!h.text().contains("compulsory"), "{}", h.text());
    click_moves(&mut h, &[&[(6, 4), (7, 3)]]);
    h.assert_shows("7. black 6,4-7,3");
    h.press("?");
    h.assert_shows("forced_capture");
}

#[test]
fn help_states_the_rules() {
    let mut h = Harness::with_config(100, 28, ORIGINAL);
    start_game(&mut h);
    h.press("?");
    let text = h.text();
    assert!(text.contains("Checkers — help"), "{text}");
    assert!(text.contains("compulsory"), "{text}");
}

#[test]
fn save_then_load_keeps_the_rule_the_board_and_the_undo_history() {
    let mut h = Harness::with_config(
        100,
        28,
        &format!("{ORIGINAL}[checkers]\nforced_capture = false\n"),
    );
    start_game(&mut h);
    click_moves(&mut h, &TO_DOUBLE_JUMP[..3]);
    h.press("u");
    h.press("s");
    h.assert_shows("Saved to");
    assert_eq!(h.saves().len(), 1);
    h.press("q");
    h.click_text("Load game");
    h.assert_shows("Alice vs Bob");
    h.press("enter");
    let text = h.text();
    assert!(text.contains("Alice (black) to move"), "{text}");
    assert!(text.contains("Captures: optional"), "{text}");
    assert_eq!(symbol(&mut h, 0, 6), "●", "the undone move is not applied");
    h.press("r");
    assert_eq!(symbol(&mut h, 1, 5), "●", "{}", h.text());
    h.assert_shows("3. black 0,6-1,5");
}

/// A whole game from the start that ends in a win, found by a fixed pseudo-random playout.
fn a_won_game() -> Vec<parlor::games::checkers::rules::Move> {
    use parlor::core::{Outcome, Rules};
    use parlor::games::checkers::rules::Checkers;
    for seed in 1u64.. {
        let mut state = seed;
        let mut game = Checkers::default();
        let mut moves = Vec::new();
        while game.outcome().is_none() {
            let legal = game.legal_moves();
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let mv = legal[(state >> 33) as usize % legal.len()].clone();
            game.play(&mv).expect("legal");
            moves.push(mv);
        }
        if matches!(game.outcome(), Some(Outcome::Won(_))) {
            return moves;
        }
    }
    unreachable!("some playout ends in a win")
}

#[test]
fn the_winning_move_shows_the_result_and_what_comes_next() {
    use parlor::core::Rules;
    use parlor::games::checkers::notation::{format_move, rows};
    use parlor::games::checkers::rules::Checkers;
    let moves = a_won_game();
    let (last, before) = moves.split_last().expect("a game has moves");
    let mut game = Checkers::default();
    for mv in before {
        game.play(mv).expect("legal");
    }
    let quoted = |items: Vec<String>| {
        items
            .iter()
            .map(|s| format!("\"{s}\""))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let save = format!(
        "format = 1\ngame = \"checkers\"\nsaved_at = \"2026-11-22T10:00:00Z\"\n\
         title = \"Alice vs Bob\"\n\n[state]\nmoves = [{}]\napplied = {}\nrows = [{}]\n\n\
         [state.params]\nforced_capture = true\n\n[[state.players]]\nname = \"Alice\"\n\n\
         [[state.players]]\nname = \"Bob\"\n",
        quoted(moves.iter().map(format_move).collect()),
        before.len(),
        quoted(rows(&game)),
    );
    let mut h = Harness::with_config(100, 28, ORIGINAL);
    let saves = h.data_dir().join("saves");
    std::fs::create_dir_all(&saves).expect("saves folder");
    std::fs::write(saves.join("checkers-endgame.toml"), save).expect("write save");
    h.click_text("Load game");
    h.assert_shows("Alice vs Bob");
    h.press("enter");
    assert!(!h.text().contains("Game over"), "{}", h.text());
    for square in &last.path {
        click(&mut h, u16::from(square.x), u16::from(square.y));
    }
    let text = h.text();
    assert!(text.contains(" wins with "), "{text}");
    assert!(
        text.contains("n new game") && text.contains("R rematch"),
        "{text}"
    );
}

/// A game against the computer opened straight on the game screen, as `parlor checkers
/// --computer` does.
fn against(black: parlor::core::Player, white: parlor::core::Player) -> Harness {
    use parlor::core::Players;
    use parlor::game_screen::GameScreen;
    use parlor::games::checkers::game::Params;
    use parlor::games::checkers::ui::CheckersUi;
    Harness::with_screen_and_config(100, 28, ORIGINAL, |ctx| {
        let players = Players::two(black, white);
        Box::new(GameScreen::<CheckersUi>::new(Params::default(), players, ctx).expect("valid"))
    })
}

#[test]
fn against_the_computer_it_answers_off_the_event_loop_and_undo_returns_to_the_person() {
    use parlor::core::Player;
    let mut h = against(Player::person("Ann", "P1"), Player::computer(2));
    h.assert_shows("Ann (black) to move");
    click_moves(&mut h, &[&[(1, 5), (2, 4)]]);
    // While it thinks the screen stays alive: help opens and closes, and the board ignores
    // clicks on the computer's pieces.
    h.press("?");
    h.press("esc");
    click(&mut h, 2, 2);
    h.wait_for("2. white ");
    h.assert_shows("Ann (black) to move");
    h.assert_shows("Moves played: 2");
    // One undo takes back the computer's move and the person's.
    h.press("u");
    h.assert_shows("Moves played: 0");
    h.assert_shows("▶ black Ann");
    assert_eq!(symbol(&mut h, 1, 5), "●");
    // Redo brings both back.
    h.press("r");
    h.press("r");
    h.assert_shows("Moves played: 2");
}

#[test]
fn undo_while_the_computer_thinks_cancels_it() {
    use parlor::core::Player;
    // Master thinks for a good while: the undo comes long before its answer.
    let mut h = against(Player::person("Ann", "P1"), Player::computer(4));
    click_moves(&mut h, &[&[(1, 5), (2, 4)]]);
    h.assert_shows("Moves played: 1");
    h.press("u");
    h.assert_shows("Moves played: 0");
    h.assert_shows("▶ black Ann");
    // Nothing is left running (the search was dropped and cancelled) and nothing arrives
    // later: the person is on the move.
    assert_eq!(h.app().deadline(), None);
    let moved = h.run_until(std::time::Duration::from_millis(600), |screen| {
        !screen.contains("Moves played: 0")
    });
    assert!(!moved, "{}", h.text());
    // The person plays on normally, and the computer answers that move.
    click_moves(&mut h, &[&[(5, 5), (4, 4)]]);
    h.assert_shows("1. black 5,5-4,4");
    h.assert_shows("Moves played: 1");
}

#[test]
fn the_computer_moves_first_when_it_has_black() {
    use parlor::core::Player;
    let mut h = against(Player::computer(1), Player::person("Bo", "P2"));
    h.wait_for("1. black ");
    h.assert_shows("Bo (white) to move");
    // Bo has no earlier turn to go back to: undo leaves the computer's opening alone (going
    // back to the start would only let it open again, and lose redo).
    h.press("u");
    h.assert_shows("Nothing to undo");
    h.assert_shows("Moves played: 1");
    h.assert_shows("▶ white Bo");
}

#[test]
fn a_hint_marks_a_legal_move_on_the_board() {
    let mut h = Harness::with_config(100, 28, ORIGINAL);
    start_game(&mut h);
    h.press("h");
    h.assert_shows("Thinking about a hint");
    h.wait_for("Suggested move: ");
    // The hinted piece is bracketed on row 5 and its destination marked on row 4.
    let from: Vec<u16> = (0..8)
        .filter(|&x| (x + 5) % 2 == 0 && cell_text(&mut h, x, 5).starts_with('<'))
        .collect();
    let to: Vec<u16> = (0..8)
        .filter(|&x| (x + 4) % 2 == 0 && cell_text(&mut h, x, 4) == "<?>")
        .collect();
    assert_eq!((from.len(), to.len()), (1, 1), "{}", h.text());
    assert_eq!(from[0].abs_diff(to[0]), 1);
    // Playing it clears the marks.
    click_moves(&mut h, &[&[(from[0], 5), (to[0], 4)]]);
    h.assert_shows("1. black");
    assert!(!h.text().contains("<?>"), "{}", h.text());
}
