//! Nine Almonds through the real input path on `TestBackend`: the menu, keys and clicks for
//! jumps and chains, undo/redo per jump, the coach (hint and solve), saves, help, and the
//! game-over dialog.

#![cfg(feature = "tui")]

use parlor::testing::Harness;

/// The axis row under the board, as the seed prints it.
const AXIS: &str = "X   0   1   2   3   4";

/// The seed's losing game, as the squares clicked in order: five turns, then no jump is
/// left.
const SEED_LOSS: [(u16, u16); 11] = [
    (1, 2),
    (1, 4),
    (2, 2),
    (2, 4),
    (2, 4),
    (3, 2),
    (3, 4),
    (2, 4),
    (0, 4),
    (2, 1),
    (0, 1),
];

/// Opens Nine Almonds from the menu.
fn open(h: &mut Harness) {
    h.click_text("Nine Almonds");
    h.assert_shows("Select an almond to jump with.");
}

/// The screen cell of the almond glyph on board square `x,y`, found from the axis labels.
fn at(h: &mut Harness, x: u16, y: u16) -> (u16, u16) {
    let (left, labels) = h.find(AXIS).expect("the axis row is on screen");
    (left + 4 + 4 * x, labels - 2 - 2 * y)
}

/// What is drawn on square `x,y`: its three cells, e.g. " ● ", "[●]", " ○ ", "<?>".
fn square(h: &mut Harness, x: u16, y: u16) -> String {
    let (cx, cy) = at(h, x, y);
    (cx - 1..=cx + 1)
        .map(|c| h.cell(c, cy).symbol().to_string())
        .collect()
}

/// The board as 5 strings, top row first: `A` almond, `.` empty (marks ignored).
fn board(h: &mut Harness) -> Vec<String> {
    (0..5)
        .rev()
        .map(|y| {
            (0..5)
                .map(|x| {
                    if square(h, x, y).contains('●') {
                        'A'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect()
}

/// Clicks board square `x,y`.
fn click(h: &mut Harness, x: u16, y: u16) {
    let (cx, cy) = at(h, x, y);
    h.click(cx, cy);
}

/// Moves the keyboard cursor from `from` to `to` with arrow keys.
fn walk(h: &mut Harness, from: (i32, i32), to: (i32, i32)) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let horizontal = if dx > 0 { "right" } else { "left" };
    let vertical = if dy > 0 { "up" } else { "down" };
    for _ in 0..dx.abs() {
        h.press(horizontal);
    }
    for _ in 0..dy.abs() {
        h.press(vertical);
    }
}

#[test]
fn the_seeds_winning_game_with_the_keyboard_from_the_menu() {
    let mut h = Harness::menu(60, 30);
    open(&mut h);
    assert_eq!(board(&mut h), [".....", ".AAA.", ".AAA.", ".AAA.", "....."]);
    // Turn 1: the cursor starts on the centre. Enter selects; the landing squares are marked.
    h.press("enter");
    assert_eq!(square(&mut h, 2, 2), "[●]");
    for (x, y) in [
        (0, 0),
        (2, 0),
        (4, 0),
        (0, 2),
        (4, 2),
        (0, 4),
        (2, 4),
        (4, 4),
    ] {
        assert_eq!(
            square(&mut h, x, y),
            " ○ ",
            "landing {x},{y}:\n{}",
            h.text()
        );
    }
    insta::assert_snapshot!("nine_almonds_selected", h.text());
    walk(&mut h, (2, 2), (2, 4));
    h.press("enter");
    h.assert_shows("Chain: 2,2 to 2,4");
    assert_eq!(
        square(&mut h, 2, 4),
        "[●]",
        "the chaining almond stays selected"
    );
    // A diagonal jump: move the cursor to the landing square.
    walk(&mut h, (2, 4), (4, 2));
    h.press("enter");
    walk(&mut h, (4, 2), (2, 0));
    h.press("enter");
    walk(&mut h, (2, 0), (0, 2));
    h.press("enter");
    let text = h.text();
    assert!(
        text.contains("│Chain: 2,2 to 2,4 to 4,2  │")
            && text.contains("│  to 2,0 to 0,2           │")
            && text.contains("Turns: 1"),
        "{text}"
    );
    insta::assert_snapshot!("nine_almonds_chain", text);
    // The almond could jump on; e ends the turn.
    h.press("e");
    h.assert_shows("Last turn: 2,2 to 2,4");
    h.assert_shows("  to 4,2 to 2,0 to 0,2");
    assert_eq!(board(&mut h), [".....", ".A...", "AA.A.", "..A..", "....."]);
    // Turn 2: 1,3 to 1,1, then Enter on the almond itself ends the chain.
    walk(&mut h, (0, 2), (1, 3));
    h.press("enter");
    walk(&mut h, (1, 3), (1, 1));
    h.press("enter");
    h.assert_shows("Chain: 1,3 to 1,1");
    h.press("enter");
    assert!(h.text().contains("Turns: 2"));
    // Turn 3: 3,2 to 1,0 to 1,2; the turn then ends by itself.
    walk(&mut h, (1, 1), (3, 2));
    h.press("enter");
    walk(&mut h, (3, 2), (1, 0));
    h.press("enter");
    walk(&mut h, (1, 0), (1, 2));
    h.press("enter");
    assert!(
        h.text().contains("Last turn: 3,2 to 1,0")
            && h.text().contains("  to 1,2")
            && h.text().contains("Select an almond to jump with."),
        "{}",
        h.text()
    );
    assert_eq!(board(&mut h), [".....", ".....", "AA...", ".....", "....."]);
    // Turn 4: 0,2 to 2,2 wins.
    walk(&mut h, (1, 2), (0, 2));
    h.press("enter");
    walk(&mut h, (0, 2), (2, 2));
    h.press("enter");
    let text = h.text();
    assert!(
        !text.contains("Game over") && text.contains("Solved in 4 turns!"),
        "{text}"
    );
    insta::assert_snapshot!("nine_almonds_solved", text);
    // The history lists every jump and the ended chains in the seed's notation.
    let text = h.text();
    for entry in [
        "1. 2,2 to 2,4",
        "5. end turn",
        "6. 1,3 to 1,1",
        "10. 0,2 to 2,2 ◀",
        "7. end turn",
    ] {
        assert!(text.contains(entry), "history has {entry:?}:\n{text}");
    }
}

#[test]
fn the_seeds_winning_game_with_the_mouse() {
    let mut h = Harness::menu(60, 30);
    open(&mut h);
    // Hovering highlights without selecting.
    let (hx, hy) = at(&mut h, 3, 3);
    h.hover(hx, hy);
    assert_eq!(square(&mut h, 3, 3), " ● ");
    let clicks: [(u16, u16); 14] = [
        (2, 2),
        (2, 4),
        (4, 2),
        (2, 0),
        (0, 2),
        (0, 2), // the almond again: end the chain
        (1, 3),
        (1, 1),
        (1, 1), // end the chain
        (3, 2),
        (1, 0),
        (1, 2), // no further jump: the turn ends by itself
        (0, 2),
        (2, 2),
    ];
    for (i, (x, y)) in clicks.into_iter().enumerate() {
        click(&mut h, x, y);
        if i == 5 {
            h.assert_shows("Turns: 1");
            h.assert_shows("Select an almond");
        }
    }
    h.assert_shows("Solved in 4 turns!");
    // Clicking a frame line or outside the board does nothing.
    h.click(0, 0);
    h.assert_shows("Solved in 4 turns!");
    // The records count turns, not jumps, against the optimum of 4.
    let records = parlor::save::records::Records::read(h.data_dir()).expect("records");
    let tally = records.game("nine_almonds").expect("recorded").puzzles["5×5, nine almonds"];
    assert_eq!((tally.solved, tally.by_solver), (1, 0));
    assert_eq!((tally.fewest, tally.par), (Some(4), Some(4)));
}

#[test]
fn clicks_that_are_not_jumps_explain_themselves() {
    let mut h = Harness::menu(60, 30);
    open(&mut h);
    click(&mut h, 0, 0);
    h.assert_shows("There is no almond on 0,0.");
    click(&mut h, 1, 1);
    h.assert_shows("The almond on 1,1 has no jump.");
    click(&mut h, 2, 2);
    click(&mut h, 3, 4);
    h.assert_shows("The almond on 2,2 cannot land on 3,4.");
    // Another almond with a jump takes over the selection; clicking it again drops it.
    click(&mut h, 1, 2);
    assert_eq!(square(&mut h, 1, 2), "[●]");
    assert_eq!(square(&mut h, 1, 4), " ○ ");
    click(&mut h, 1, 2);
    assert_eq!(square(&mut h, 1, 2), " ● ");
    // Mid-chain only the chaining almond may jump.
    click(&mut h, 2, 2);
    click(&mut h, 2, 4);
    click(&mut h, 1, 2);
    h.assert_shows("Jump on with the almond on 2,4");
}

#[test]
fn esc_cancels_a_selection_then_leaves() {
    let mut h = Harness::menu(60, 30);
    open(&mut h);
    h.press("enter");
    assert!(h.text().contains("Choose where the almond on 2,2 lands."));
    h.press("esc");
    assert!(h.text().contains("Select an almond to jump with."));
    assert_eq!(square(&mut h, 0, 0), "   ", "landing marks are gone");
    h.press_all(&["enter", "up", "up", "enter"]);
    h.press("esc");
    h.assert_shows("Save before leaving?");
}

#[test]
fn undo_and_redo_go_one_jump_at_a_time() {
    let mut h = Harness::menu(60, 30);
    open(&mut h);
    for (x, y) in [(2, 2), (2, 4), (4, 2)] {
        click(&mut h, x, y);
    }
    assert!(h.text().contains("Chain: 2,2 to 2,4 to 4,2"));
    h.press("u");
    let text = h.text();
    assert!(
        text.contains("Chain: 2,2 to 2,4")
            && !text.contains("Chain: 2,2 to 2,4 to 4,2")
            && text.contains("Turns: 1"),
        "{text}"
    );
    assert_eq!(square(&mut h, 2, 4), "[●]", "back in the chain");
    h.press("u");
    assert!(h.text().contains("Turns: 0"));
    assert_eq!(board(&mut h), [".....", ".AAA.", ".AAA.", ".AAA.", "....."]);
    h.press_all(&["r", "r"]);
    h.assert_shows("Chain: 2,2 to 2,4 to 4,2");
    h.press("r");
    assert!(h.text().contains("Nothing to redo"));
}

#[test]
fn the_hint_marks_a_shortest_jump_and_counts_the_turns() {
    let mut h = Harness::menu(60, 30);
    open(&mut h);
    h.press("h");
    h.wait_for("shortest win");
    let text = h.text();
    assert!(
        text.contains("a shortest win takes 4 turns (4 in all)."),
        "{text}"
    );
    // The centre almond is the only one that starts a 4-turn win; it is marked, and so is
    // where it should land.
    assert_eq!(square(&mut h, 2, 2), "<●>", "{text}");
    let marked: Vec<(u16, u16)> = [
        (0, 0),
        (2, 0),
        (4, 0),
        (0, 2),
        (4, 2),
        (0, 4),
        (2, 4),
        (4, 4),
    ]
    .into_iter()
    .filter(|&(x, y)| square(&mut h, x, y) == "<?>")
    .collect();
    assert_eq!(marked.len(), 1, "one landing square marked:\n{text}");
    // Following the hint, the next one counts this turn and the rest.
    let (x, y) = marked[0];
    click(&mut h, 2, 2);
    click(&mut h, x, y);
    // Wide enough for the whole sentence on the status line.
    h.resize(200, 30);
    h.press("h");
    h.wait_for("this turn and");
    h.assert_shows("(4 in all)");
}

#[test]
fn the_hint_says_when_no_win_is_left() {
    let mut h = Harness::menu(60, 30);
    open(&mut h);
    // The seed's losing game starts 1,2 to 1,4: from there the centre can never be the last.
    click(&mut h, 1, 2);
    click(&mut h, 1, 4);
    h.press("h");
    h.wait_for("No win is reachable");
}

#[test]
fn solve_plays_a_shortest_solution_as_undoable_moves() {
    let mut h = Harness::menu(60, 30);
    open(&mut h);
    click(&mut h, 2, 2);
    click(&mut h, 2, 4);
    h.press("S");
    h.wait_for("Solved in");
    h.assert_shows("Solved in 4 turns!");
    // Close the dialog and take the last jump back.
    h.press_all(&["right", "enter"]);
    h.press("u");
    h.assert_shows("Almonds left: 2");
}

#[test]
fn a_chain_survives_save_and_load() {
    let mut h = Harness::menu(60, 30);
    open(&mut h);
    for (x, y) in [(2, 2), (2, 4), (4, 2)] {
        click(&mut h, x, y);
    }
    h.press("u");
    h.press("s");
    h.assert_shows("Saved to");
    assert_eq!(h.saves().len(), 1);
    h.press("q");
    // The load screen's preview wants a wider terminal; the board is read at 60 columns.
    h.resize(100, 30);
    h.click_text("Load game");
    h.assert_shows("Nine Almonds");
    // A puzzle has no players: the preview names its setup as such.
    h.assert_shows("Puzzle:  5×5, nine almonds");
    h.press("enter");
    h.resize(60, 30);
    let text = h.text();
    assert!(
        text.contains("Chain: 2,2 to 2,4") && text.contains("Turns: 1"),
        "{text}"
    );
    assert_eq!(square(&mut h, 2, 4), "[●]", "still in the chain");
    h.press("r");
    h.assert_shows("Chain: 2,2 to 2,4 to 4,2");
}

#[test]
fn help_explains_rules_and_controls() {
    let mut h = Harness::menu(100, 30);
    open(&mut h);
    h.press("?");
    let text = h.text();
    assert!(
        text.contains("Nine Almonds — help") && text.contains("centre square 2,2"),
        "{text}"
    );
    insta::assert_snapshot!("nine_almonds_help", text);
    h.press("esc");
    assert!(!h.text().contains("— help"));
}

/// The help's last words: the end of its last paragraph (the coach), after the rules (the
/// keys are a paragraph at the top).
const LAST_HELP_LINE: &str = "can undo.";

#[test]
fn help_scrolls_to_its_last_line() {
    // The help's paragraphs wrap, so it is taller on screen than its line count: the end of
    // the help must still be reachable with End, PgDn and the wheel.
    for keys in [&["end"][..], &["pagedown", "pagedown", "pagedown"]] {
        let mut h = Harness::menu(60, 30);
        open(&mut h);
        h.press("?");
        h.assert_shows("↓ more");
        assert!(!h.text().contains(LAST_HELP_LINE), "{}", h.text());
        h.press_all(keys);
        assert!(!h.text().contains("↓ more"), "{keys:?}:\n{}", h.text());
        h.assert_shows(LAST_HELP_LINE);
    }
    let mut h = Harness::menu(60, 30);
    open(&mut h);
    h.press("?");
    for _ in 0..20 {
        h.scroll(50, 15, true);
    }
    assert!(!h.text().contains("↓ more"), "{}", h.text());
    h.assert_shows(LAST_HELP_LINE);
}

#[test]
fn started_straight_into_the_game_a_loss_exits_with_3() {
    let mut h = Harness::with_screen(60, 30, |ctx| {
        Box::new(
            parlor::game_screen::GameScreen::<parlor::games::nine_almonds::ui::NineAlmondsUi>::new(
                parlor::games::nine_almonds::game::Params::default(),
                parlor::core::Players::none(),
                ctx,
            )
            .expect("valid"),
        )
    });
    for (x, y) in SEED_LOSS {
        click(&mut h, x, y);
    }
    h.assert_shows("No valid move left after 5 turns");
    h.press("q");
    assert!(!h.app().is_running());
    assert_eq!(h.app().exit_code(), 3);
}

#[test]
fn the_leave_key_in_the_game_over_dialog_goes_back_to_the_menu() {
    // `q` leaves on every screen; in the game-over dialog it must not close the program.
    let mut h = Harness::menu(60, 30);
    open(&mut h);
    for (x, y) in SEED_LOSS {
        click(&mut h, x, y);
    }
    h.assert_shows("No valid move left after 5 turns");
    h.press("q");
    assert!(h.app().is_running());
    h.assert_shows("Load game");
    assert!(!h.text().contains("Game over"), "{}", h.text());
}
