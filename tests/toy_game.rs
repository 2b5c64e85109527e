//! A new game is its folder plus one registry line: a toy eighth game, tic-tac-toe, lives in
//! this test crate (`tests/tic_tac_toe/`, which no file of Parlor's names) and is added to an
//! arcade by the one line in [`games`]. The tests walk it through everything Parlor offers a
//! game: the menu, the new-game form, play by keys and mouse, save, load, the records and the
//! Statistics screen, plain mode from the command line, and the monkey.

#![cfg(feature = "tui")]

use crate::support;
use crate::tic_tac_toe;

use std::sync::LazyLock;

use rand::SeedableRng;
use rand::rngs::SmallRng;

use parlor::cli::{PlainStreams, run_with};
use parlor::core::{Outcome, Seat};
use parlor::games::registry::{GAMES, GameEntry, Registry};
use parlor::testing::Harness;
use support::monkey::{Coverage, drive, open_from_menu, report};

/// Parlor's games and the toy one.
/// The toy game's registry entry.
static TIC_TAC_TOE: GameEntry = GameEntry::of::<tic_tac_toe::TicTacToe>();

fn games() -> Registry {
    static ALL: LazyLock<Vec<&'static GameEntry>> = LazyLock::new(|| {
        let mut all = GAMES.to_vec();
        all.push(&TIC_TAC_TOE); // the registry line
        all
    });
    Registry::new(ALL.as_slice())
}

/// From the menu through the new-game form to x's win by keys: b2, a2, a3, b3, c1.
fn play_to_a_win(h: &mut Harness) {
    h.start_two_player("Tic-tac-toe", "Ann", "Bob");
    h.assert_shows("Ann (x) to move");
    h.press("enter"); // x b2
    h.press_all(&["left", "enter"]); // o a2
    h.press_all(&["up", "enter"]); // x a3
    h.press_all(&["right", "enter"]); // o b3
    h.press_all(&["down", "down", "right", "enter"]); // x c1
}

#[test]
fn the_menu_offers_it_at_every_size_and_only_with_its_line() {
    for (w, hgt) in [(60, 20), (80, 24), (200, 60)] {
        let h = Harness::with_games(w, hgt, games(), &[]);
        h.assert_shows("Tic-tac-toe");
        h.assert_shows("Nine Almonds");
        h.assert_shows("Quit");
    }
    let standard = Harness::menu(80, 24);
    assert!(
        !standard.text().contains("Tic-tac-toe"),
        "{}",
        standard.text()
    );
}

#[test]
fn it_is_played_won_and_counted_in_the_records() {
    let mut h = Harness::with_games(80, 24, games(), &[]);
    play_to_a_win(&mut h);
    h.assert_shows("Ann wins");
    h.assert_shows("5. x c1");
    // Back at the menu, the Statistics screen has its table with Ann's win.
    h.press("q");
    if h.text().contains("Leave") {
        h.press("enter");
    }
    h.click_text("Statistics");
    for _ in 0..GAMES.len() {
        if h.text().contains("Statistics: Tic-tac-toe") {
            break;
        }
        h.press("right");
    }
    h.assert_shows("Statistics: Tic-tac-toe");
    let text = h.text();
    let row = |name: &str| {
        text.lines()
            .find(|line| line.split_whitespace().next() == Some(name))
            .map(|line| line.split_whitespace().skip(1).collect::<Vec<_>>())
    };
    // One game between people, won by the first player's side.
    assert_eq!(row("played"), Some(vec!["1", "0", "0", "0", "0"]), "{text}");
    assert_eq!(row("won"), Some(vec!["1", "0", "0", "0", "0"]), "{text}");
}

#[test]
fn a_mouse_click_marks_the_square_under_it() {
    let mut h = Harness::with_games(80, 24, games(), &["tictactoe", "Ann", "Bob"]);
    h.assert_shows("Ann (x) to move");
    // The bottom left square is the one above the `a` under the board.
    let (x, y) = h.find(" a ").expect("the column letters");
    h.click(x + 1, y - 2);
    h.assert_shows("Bob (o) to move");
    h.assert_shows("a1");
}

#[test]
fn a_saved_game_loads_back_from_the_load_screen() {
    let mut h = Harness::with_games(80, 24, games(), &[]);
    h.start_two_player("Tic-tac-toe", "Ann", "Bob");
    h.press("enter"); // x b2
    h.press_all(&["left", "enter"]); // o a2
    h.press("s");
    h.assert_shows("Saved to");
    assert_eq!(h.saves().len(), 1);
    h.press("q");
    if h.text().contains("Leave") {
        h.press("enter");
    }
    h.click_text("Load game");
    h.assert_shows("Ann vs Bob");
    h.press("enter");
    h.assert_shows("Ann (x) to move");
    h.assert_shows("b2");
    h.assert_shows("a2");
}

#[test]
fn plain_mode_plays_it_from_the_command_line_and_records_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().to_str().expect("a UTF-8 path").to_string();
    let args = [
        "parlor",
        "--plain",
        "--data-dir",
        &data,
        "tictactoe",
        "Ann",
        "Bob",
    ];
    let mut input: &[u8] = b"b2\na2\nz9\na3\nb3\nc1\n";
    let mut out = Vec::new();
    let code = run_with(
        games(),
        args.iter().map(ToString::to_string).collect(),
        Some(PlainStreams {
            input: &mut input,
            out: &mut out,
        }),
    );
    let text = String::from_utf8_lossy(&out);
    assert_eq!(code, Outcome::Won(Seat::First).exit_code(), "{text}");
    assert!(text.contains("Ann (x) to move"), "{text}");
    assert!(text.contains("the squares are a1 to c3"), "{text}");
    assert!(text.contains("Ann wins."), "{text}");
    let records = std::fs::read_to_string(dir.path().join("records.toml")).expect("records");
    assert!(records.contains("tictactoe"), "{records}");
    // The plain menu lists it too, and a name chooses it.
    let mut input: &[u8] = b"tic-tac-toe\nq\n";
    let mut out = Vec::new();
    let code = run_with(
        games(),
        ["parlor", "--plain", "--data-dir", &data]
            .iter()
            .map(ToString::to_string)
            .collect(),
        Some(PlainStreams {
            input: &mut input,
            out: &mut out,
        }),
    );
    let text = String::from_utf8_lossy(&out);
    // Listed last, after Parlor's own games.
    let line = format!("{}. Tic-tac-toe", GAMES.len() + 1);
    assert!(text.contains(&line), "{text}");
    assert!(text.contains("Player 1 (x) to move"), "{text}");
    assert_eq!(code, 4, "quit: {text}");
}

#[test]
fn the_monkey_plays_in_it_and_its_rules_hold() {
    let mut coverage = Coverage::new();
    for seed in 0..2 {
        let mut rng = SmallRng::seed_from_u64(seed);
        drive(
            &format!("tic-tac-toe, seed {seed}"),
            &mut rng,
            300,
            |w, h| {
                let mut harness = Harness::with_games(w, h, games(), &[]);
                open_from_menu(&mut harness, &TIC_TAC_TOE);
                harness
            },
            &mut coverage,
        );
    }
    let report = report(&coverage);
    let toy = coverage.get("tictactoe");
    assert!(
        toy.is_some_and(|c| c.with_moves > 0 && c.checks > 0),
        "the monkey never played tic-tac-toe:\n{report}"
    );
}
