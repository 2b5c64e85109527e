//! Pentago through the real input path on `TestBackend`: the two-step turn with keys and with
//! clicks on squares and rotation arrows, the preview, taking a placement back, wins on
//! placement and after rotation, ties, undo/redo, saving and loading.

#![cfg(feature = "tui")]

use parlor::testing::Harness;

/// Opens Pentago from the menu with two names, and checks the seat label.
fn start_game(h: &mut Harness) {
    h.start_two_player("Pentago", "Alice", "Bob");
    h.assert_shows("Alice (X) to move");
}

/// Screen positions on the board, read from its labels and frames in whatever size the
/// board is drawn: each column label stands over the middle of its cells, each row letter
/// beside their middle row, and the rotation arrows sit over the quadrants' outer corners.
struct Board {
    /// The screen column of each board column's label (inside its cells).
    columns: Vec<u16>,
    /// The screen row of each board row's letter (its cells' middle row).
    rows: Vec<u16>,
    /// The frame lines `│` of the left and right quadrants: [left, right] of each.
    frames: [[u16; 2]; 2],
    /// The rows of the upper and lower arrows.
    arrow_rows: [u16; 2],
}

fn board(h: &mut Harness) -> Board {
    let text = h.draw();
    let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let is_labels = |line: &Vec<char>| {
        let s: String = line.iter().collect();
        s.split(['│', '|'])
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect::<Vec<_>>()
            == ["1", "2", "3", "4", "5", "6"]
    };
    let labels: Vec<usize> = (0..lines.len()).filter(|&y| is_labels(&lines[y])).collect();
    assert_eq!(labels.len(), 2, "two label lines:\n{text}");
    let columns = lines[labels[0]]
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_ascii_digit())
        .map(|(x, _)| x as u16)
        .take(6)
        .collect();
    let row_of = |letter: char| {
        (0..lines.len())
            .find(|&y| {
                let s: String = lines[y].iter().collect();
                let s = s.trim_start();
                s.starts_with(&format!("{letter} │")) || s.starts_with(&format!("{letter} |"))
            })
            .unwrap_or_else(|| panic!("row {letter}:\n{text}")) as u16
    };
    let rows: Vec<u16> = "ABCDEF".chars().map(row_of).collect();
    let bars: Vec<u16> = lines[usize::from(rows[0])]
        .iter()
        .enumerate()
        .filter(|(_, c)| matches!(c, '│' | '|'))
        .map(|(x, _)| x as u16)
        .collect();
    assert!(bars.len() >= 4, "four frame lines on row A:\n{text}");
    Board {
        columns,
        rows,
        frames: [[bars[0], bars[1]], [bars[2], bars[3]]],
        arrow_rows: [labels[0] as u16 - 1, labels[1] as u16 + 1],
    }
}

impl Board {
    /// The screen cell of a piece, from its name (`c3`).
    fn square(&self, name: &str) -> (u16, u16) {
        let mut chars = name.chars();
        let row = usize::from(chars.next().expect("row").to_ascii_uppercase() as u8 - b'A');
        let col = usize::from(chars.next().expect("column") as u8 - b'1');
        (self.columns[col], self.rows[row])
    }

    /// The screen cell of a rotation arrow: quadrant 1–4, `'l'` or `'r'`.
    fn arrow(&self, quadrant: u16, dir: char) -> (u16, u16) {
        let (qr, qc) = (
            usize::from((quadrant - 1) / 2),
            usize::from((quadrant - 1) % 2),
        );
        let [left, right] = self.frames[qc];
        let x = if dir == 'r' { right - 1 } else { left + 1 };
        (x, self.arrow_rows[qr])
    }
}

fn symbol(h: &mut Harness, (x, y): (u16, u16)) -> String {
    h.cell(x, y).symbol().to_string()
}

/// Plays a move written in the seed's notation (`c31r`) by clicking its square, then
/// pressing the quadrant digit, the direction key and Enter.
fn play(h: &mut Harness, mv: &str) {
    let b = board(h);
    let (x, y) = b.square(&mv[..2]);
    h.click(x, y);
    if mv.len() > 2 {
        let quadrant = &mv[2..3];
        let dir = if mv.ends_with('r') { "]" } else { "[" };
        h.press_all(&[quadrant, dir, "enter"]);
    }
}

#[test]
fn keys_place_then_preview_then_confirm() {
    let mut h = Harness::menu(100, 30);
    start_game(&mut h);
    let b = board(&mut h);
    // The cursor starts on C3: Enter puts the piece down, nothing is played yet.
    h.press("enter");
    assert_eq!(symbol(&mut h, b.square("c3")), "●", "{}", h.text());
    h.assert_shows("C3 placed. Turn quadrant 1");
    assert!(h.text().contains("Moves played: 0"));
    assert!(
        h.text().contains("─[1]─"),
        "the chosen quadrant is marked:\n{}",
        h.text()
    );
    // ] previews a right turn of quadrant 1: the piece is drawn where it will land.
    h.press("]");
    assert_eq!(symbol(&mut h, b.square("c1")), "●", "{}", h.text());
    assert_eq!(symbol(&mut h, b.square("c3")), "·");
    h.assert_shows("Preview of quadrant 1 turned right");
    assert!(
        h.text().contains("Moves played: 0"),
        "a preview plays nothing"
    );
    // [ changes the preview to a left turn: C3 goes to A3.
    h.press("[");
    assert_eq!(symbol(&mut h, b.square("a3")), "●", "{}", h.text());
    assert_eq!(symbol(&mut h, b.square("c1")), "·");
    h.press("enter");
    h.assert_shows("Bob (O) to move");
    assert!(
        h.text().contains("1. X c31l"),
        "history in the seed's notation:\n{}",
        h.text()
    );
    assert_eq!(symbol(&mut h, b.square("a3")), "●");
}

#[test]
fn digits_choose_the_quadrant_and_l_r_turn_it() {
    let mut h = Harness::menu(100, 30);
    start_game(&mut h);
    let b = board(&mut h);
    // Cursor from C3 to D4 (down, right), place, pick quadrant 4, r previews, r confirms.
    h.press_all(&["down", "right", "enter", "4", "r"]);
    // D4 is quadrant 4's top-left corner: a right turn sends it to D6.
    assert_eq!(symbol(&mut h, b.square("d6")), "●", "{}", h.text());
    // While r turns a quadrant the footer does not also offer it as redo.
    assert!(!h.text().contains("r redo"), "{}", h.text());
    h.press("r");
    h.assert_shows("1. X d44r");
    // O: place A6, choose quadrant 3 with the arrow keys from quadrant 2 (down, left), l, Enter.
    let (x, y) = b.square("a6");
    h.click(x, y);
    h.press_all(&["down", "left", "l", "enter"]);
    h.assert_shows("2. O a63l");
    // Outside the rotation step r is redo again: nothing to redo.
    h.assert_shows("r redo");
    h.press("r");
    h.assert_shows("Nothing to redo");
}

#[test]
fn clicks_on_rotation_arrows_preview_then_confirm() {
    let mut h = Harness::menu(100, 30);
    start_game(&mut h);
    let b = board(&mut h);
    // An arrow does nothing before a piece is placed.
    let (ax, ay) = b.arrow(2, 'r');
    assert_eq!(symbol(&mut h, (ax, ay)), "↻", "{}", h.text());
    h.click(ax, ay);
    h.assert_shows("Place a piece first");
    // Click A4, then quadrant 2's right arrow: preview (A4 -> A6), click again: played.
    let (x, y) = b.square("a4");
    h.click(x, y);
    h.click(ax, ay);
    assert_eq!(symbol(&mut h, b.square("a6")), "●", "{}", h.text());
    assert!(h.text().contains("Moves played: 0"));
    h.click(ax, ay);
    h.assert_shows("1. X a42r");
    // O clicks F1, then quadrant 3's left arrow (a lower arrow): F1 (bottom-left) -> F3.
    let (x, y) = b.square("f1");
    h.click(x, y);
    let (lx, ly) = b.arrow(3, 'l');
    assert_eq!(symbol(&mut h, (lx, ly)), "↺", "{}", h.text());
    h.click(lx, ly);
    assert_eq!(symbol(&mut h, b.square("f3")), "○", "{}", h.text());
    // Changing the mind: quadrant 4's right arrow previews that instead, F1 stays put.
    let (rx, ry) = b.arrow(4, 'r');
    h.click(rx, ry);
    assert_eq!(symbol(&mut h, b.square("f1")), "○", "{}", h.text());
    h.press("enter");
    h.assert_shows("2. O f14r");
}

#[test]
fn hovering_an_arrow_highlights_it_while_rotating() {
    let mut h = Harness::menu(100, 30);
    start_game(&mut h);
    let b = board(&mut h);
    h.press("enter");
    let (ax, ay) = b.arrow(1, 'l');
    h.hover(ax, ay);
    assert_eq!(symbol(&mut h, (ax - 1, ay)), "[", "{}", h.text());
    assert_eq!(symbol(&mut h, (ax + 1, ay)), "]");
}

#[test]
fn the_placement_can_be_taken_back_before_the_rotation() {
    let mut h = Harness::menu(100, 30);
    start_game(&mut h);
    let b = board(&mut h);
    play(&mut h, "a11r");
    assert!(h.text().contains("Bob (O) to move"));
    // O places on B2 and previews; Esc drops the preview, Esc again takes the piece back.
    let (x, y) = b.square("b2");
    h.click(x, y);
    h.press("]");
    h.press("esc");
    assert_eq!(
        symbol(&mut h, b.square("b2")),
        "○",
        "preview dropped:\n{}",
        h.text()
    );
    h.assert_shows("B2 placed");
    h.press("esc");
    assert_eq!(
        symbol(&mut h, b.square("b2")),
        "·",
        "piece taken back:\n{}",
        h.text()
    );
    assert!(
        h.text().contains("Moves played: 1"),
        "still O's turn:\n{}",
        h.text()
    );
    assert!(!h.text().contains("Save before leaving"));
    // u while rotating takes back the piece, not X's move.
    h.click(x, y);
    h.press("u");
    assert_eq!(symbol(&mut h, b.square("b2")), "·");
    h.assert_shows("1. X a11r");
    assert_eq!(symbol(&mut h, b.square("a3")), "●");
    // Clicking the pending piece takes it back too; clicking another square moves it.
    h.click(x, y);
    h.click(x, y);
    assert_eq!(symbol(&mut h, b.square("b2")), "·");
    h.click(x, y);
    let (x2, y2) = b.square("e5");
    h.click(x2, y2);
    assert_eq!(symbol(&mut h, b.square("b2")), "·");
    assert_eq!(symbol(&mut h, b.square("e5")), "○");
    h.assert_shows("E5 placed. Turn quadrant 4");
}

#[test]
fn undo_and_redo_take_whole_moves() {
    let mut h = Harness::menu(100, 30);
    start_game(&mut h);
    let b = board(&mut h);
    play(&mut h, "a11r");
    play(&mut h, "f64l");
    assert_eq!(symbol(&mut h, b.square("d6")), "○", "{}", h.text());
    h.press("u");
    assert_eq!(symbol(&mut h, b.square("d6")), "·", "{}", h.text());
    assert_eq!(
        symbol(&mut h, b.square("f6")),
        "·",
        "placement and rotation undone together"
    );
    h.assert_shows("Moves played: 1");
    h.press_all(&["u", "r", "r"]);
    assert_eq!(symbol(&mut h, b.square("d6")), "○", "{}", h.text());
    assert_eq!(symbol(&mut h, b.square("a3")), "●");
    h.assert_shows("2. O f64l");
}

#[test]
fn five_on_placement_wins_at_once_without_rotation() {
    let mut h = Harness::menu(100, 30);
    start_game(&mut h);
    for mv in [
        "a14r", "f14r", "a24r", "f24r", "a34r", "f34r", "d14r", "e14r",
    ] {
        play(&mut h, mv);
    }
    // X: A1 A2 A3 D1 — no; place A4 then A5 to make five in row A. A4 first (with a turn).
    play(&mut h, "a44l");
    // a44l turned quadrant 4 only: A4 stays. O plays elsewhere.
    play(&mut h, "e24r");
    // Now A5 completes A1–A5: one click, and the game is over with no rotation step.
    let b = board(&mut h);
    let (x, y) = b.square("a5");
    h.click(x, y);
    let text = h.text();
    assert!(
        !text.contains("Game over"),
        "no dialog over the board:\n{text}"
    );
    assert!(text.contains("Alice wins with X"), "{text}");
    insta::assert_snapshot!("pentago_win_on_placement", text);
    // The five is marked with stars and the history shows a5 alone.
    let b = board(&mut h);
    let (x1, y1) = b.square("a1");
    // The stars stand either side of the marble, however wide the cells are drawn.
    let left: Vec<String> = (x1 - 2..x1).map(|x| symbol(&mut h, (x, y1))).collect();
    let right: Vec<String> = (x1 + 1..=x1 + 2).map(|x| symbol(&mut h, (x, y1))).collect();
    assert!(left.contains(&"*".to_string()), "{}", h.text());
    assert!(right.contains(&"*".to_string()), "{}", h.text());
    h.assert_shows("11. X a5");
    assert!(
        !h.text().contains("Enter place"),
        "no placing hint once the game is over"
    );
}

#[test]
fn five_after_rotation_wins() {
    let mut h = Harness::menu(100, 30);
    start_game(&mut h);
    // The seed's winning game: O's last turn makes five on the diagonal B6–F2.
    for mv in [
        "c31r", "a53r", "c21r", "b64l", "c53l", "d63r", "c41r", "e14l", "c62r", "f23l",
    ] {
        play(&mut h, mv);
    }
    let text = h.text();
    assert!(text.contains("Bob wins with O"), "{text}");
}

#[test]
fn both_five_after_one_rotation_is_a_tie() {
    let mut h = Harness::menu(100, 30);
    start_game(&mut h);
    for mv in [
        "b23r", "a53l", "b13l", "b63l", "b33l", "d63l", "e24l", "e12r", "e31r", "f23l",
    ] {
        play(&mut h, mv);
    }
    let text = h.text();
    assert!(text.contains("Draw, both made five"), "{text}");
}

#[test]
fn save_then_load_restores_the_board_and_the_undo_history() {
    let mut h = Harness::menu(100, 30);
    start_game(&mut h);
    play(&mut h, "c31r");
    play(&mut h, "a53r");
    play(&mut h, "c21r");
    h.press("u");
    h.press("s");
    h.assert_shows("Saved to");
    let saves = h.saves();
    assert_eq!(saves.len(), 1);
    let file = std::fs::read_to_string(h.data_dir().join("saves").join(&saves[0]))
        .expect("the save is readable");
    assert!(file.contains("game = \"pentago\""), "{file}");
    assert!(
        file.contains("\"c31r\"") && file.contains("\"c21r\""),
        "{file}"
    );
    assert!(
        file.contains("\"....O.\"") && file.contains("\"X.....\""),
        "rows of the current position:\n{file}"
    );
    h.press("q");
    h.click_text("Load game");
    h.assert_shows("Alice vs Bob");
    h.press("enter");
    h.assert_shows("Alice (X) to move");
    let b = board(&mut h);
    assert_eq!(symbol(&mut h, b.square("c1")), "●", "{}", h.text());
    assert_eq!(symbol(&mut h, b.square("a5")), "○");
    h.press("r");
    assert!(
        h.text().contains("3. X c21r"),
        "redo survives the reload:\n{}",
        h.text()
    );
    assert_eq!(symbol(&mut h, b.square("a1")), "●");
}

#[test]
fn leaving_a_game_in_progress_asks_first() {
    let mut h = Harness::menu(100, 30);
    start_game(&mut h);
    play(&mut h, "c31r");
    // Esc with nothing placed is the leave prompt.
    h.press("esc");
    h.assert_shows("Save before leaving?");
    h.press("esc");
    h.assert_shows("Bob (O) to move");
}

#[test]
fn help_explains_the_two_steps() {
    let mut h = Harness::menu(100, 30);
    start_game(&mut h);
    h.press("?");
    let text = h.text();
    assert!(text.contains("A turn has two steps"), "{text}");
    h.press("esc");
    assert!(h.text().contains("Alice (X) to move"));
}

#[test]
fn a_preview_screen_reads_well() {
    let mut h = Harness::menu(100, 30);
    start_game(&mut h);
    play(&mut h, "c31r");
    let b = board(&mut h);
    let (x, y) = b.square("e5");
    h.click(x, y);
    h.press("[");
    insta::assert_snapshot!("pentago_preview", h.text());
}

#[test]
fn the_mono_theme_draws_everything_in_ascii() {
    let mut h = Harness::with_config(100, 30, "[ui]\ntheme = \"mono\"\n");
    start_game(&mut h);
    let b = board(&mut h);
    assert_eq!(symbol(&mut h, b.arrow(1, 'l')), "L", "{}", h.text());
    assert_eq!(symbol(&mut h, b.arrow(4, 'r')), "R");
    assert_eq!(symbol(&mut h, b.square("a1")), ".");
    play(&mut h, "c31r");
    assert_eq!(symbol(&mut h, b.square("c1")), "X", "{}", h.text());
    assert!(
        !h.text().contains('●') && !h.text().contains('↺'),
        "{}",
        h.text()
    );
}

#[test]
fn a_stale_message_never_hides_the_next_step() {
    let mut h = Harness::menu(100, 30);
    start_game(&mut h);
    let b = board(&mut h);
    play(&mut h, "c31r");
    // O clicks X's piece: the message says so; the next placement shows the rotation prompt.
    let (x, y) = b.square("c1");
    h.click(x, y);
    h.assert_shows("That board location is already taken.");
    let (x, y) = b.square("b5");
    h.click(x, y);
    h.assert_shows("B5 placed. Turn quadrant 2");
    assert!(!h.text().contains("already taken"), "{}", h.text());
    // After the screen's own "Move undone", placing again shows the prompt too.
    h.press("esc");
    h.press("u");
    h.assert_shows("Move undone");
    // The cursor followed the clicks to B5.
    h.press("enter");
    h.assert_shows("B5 placed. Turn quadrant 2");
    h.press("]");
    h.assert_shows("Preview of quadrant 2");
    h.press("enter");
    h.assert_shows("Bob (O) to move · Place a piece");
}

/// A game against the computer from the person's side: its answer arrives off the event loop,
/// the hint marks a square and an arrow, undo takes back its move and the person's, undo while
/// it thinks cancels the search, and leaving while it thinks returns to the menu at once.
#[test]
fn against_the_computer_hint_undo_and_leaving_while_it_thinks() {
    use parlor::core::{Player, Players};
    use parlor::game_screen::GameScreen;
    use parlor::games::pentago::game::Params;
    use parlor::games::pentago::ui::PentagoUi;
    use std::time::Duration;
    let open = |level| {
        Harness::with_screen(100, 40, move |ctx| {
            let players = Players::two(Player::person("Ann", "P1"), Player::computer(level));
            Box::new(GameScreen::<PentagoUi>::new(Params::default(), players, ctx).expect("valid"))
        })
    };
    let mut h = open(2);
    h.assert_shows("Ann (X) to move");
    play(&mut h, "c31r");
    h.wait_for("Pieces: X 1, O 1");
    h.assert_shows("Ann (X) to move");

    // The hint: Master's move for Ann, its square marked `<?>`.
    h.press("h");
    h.wait_for("Suggested move: ");
    h.assert_shows("<?>");

    h.press("u");
    assert!(
        h.text().contains("Pieces: X 0, O 0"),
        "undo takes back the computer's move and the person's:\n{}",
        h.text()
    );
    h.assert_shows("▶ X Ann");

    // Master thinks long enough to be interrupted: undo cancels, and no move arrives later.
    let mut h = open(4);
    play(&mut h, "a1 1r".replace(' ', "").as_str());
    h.assert_shows("is thinking");
    h.press("u");
    h.assert_shows("Pieces: X 0, O 0");
    assert!(
        !h.run_until(Duration::from_millis(1500), |s| s
            .contains("Pieces: X 0, O 1")),
        "a cancelled search plays nothing:\n{}",
        h.text()
    );
    h.assert_shows("▶ X Ann");

    // Leaving while it thinks: the dialog, "Don't save", and the game is gone.
    play(&mut h, "f61l");
    h.assert_shows("is thinking");
    h.press("esc");
    h.assert_shows("Save before leaving?");
    h.click_text("Don't save");
    assert!(!h.text().contains("Pieces:"), "{}", h.text());
}

#[test]
fn at_80_by_24_a_long_status_never_moves_the_board() {
    let mut h = Harness::menu(80, 24);
    start_game(&mut h);
    let before = board(&mut h);
    let (x, y) = before.square("a4");
    h.click(x, y);
    // The placement's status is wider than the screen: it wraps onto a second row, and the
    // board stays where it was.
    h.assert_shows("A4 placed");
    let after = board(&mut h);
    assert_eq!(after.rows, before.rows, "{}", h.text());
    assert_eq!(after.arrow_rows, before.arrow_rows, "{}", h.text());
    // A click aimed at the arrow as it was before the placement turns quadrant 2.
    let (ax, ay) = before.arrow(2, 'r');
    h.click(ax, ay);
    assert_eq!(symbol(&mut h, before.square("a6")), "●", "{}", h.text());
    h.click(ax, ay);
    h.assert_shows("1. X a42r");
}
