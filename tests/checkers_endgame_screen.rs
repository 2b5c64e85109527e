//! The Checkers analysis strip with the endgame database, through the real input path (the
//! endings start from a position, `GameScreen::from_state`, no game reaching them quickly): in a
//! position of five pieces or fewer it says what the database says ("won (database)"), every
//! move valued exactly; elsewhere it says what the engine knows exactly, "perfect with ≤ 5
//! pieces"; at 80×24, 60×20 and 200×60.

#![cfg(feature = "tui")]

use std::time::Duration;

use parlor::testing::Harness;

/// Standard square numbers on the board, the default.
const CONFIG: &str = "";

/// A game between Alice (black, to move) and Bob from the board `rows` (top row first), at
/// `width` × `height`.
fn game_from(width: u16, height: u16, rows: &[&str]) -> Harness {
    use parlor::core::{Player, Players, Seat};
    use parlor::game_screen::GameScreen;
    use parlor::games::checkers::game::Params;
    use parlor::games::checkers::notation::from_rows;
    use parlor::games::checkers::rules::{Checkers, Setup};
    use parlor::games::checkers::ui::CheckersUi;
    let pieces = from_rows(rows).expect("rows");
    let state = Checkers::try_from(Setup {
        pieces,
        to_move: Seat::First,
        quiet_plies: 0,
        forced_capture: true,
    })
    .expect("a position");
    Harness::with_screen_and_config(width, height, CONFIG, |ctx| {
        let players = Players::two(
            Player::person("Alice", "black"),
            Player::person("Bob", "white"),
        );
        Box::new(GameScreen::<CheckersUi>::from_state(
            state,
            Params::default(),
            players,
            ctx,
        ))
    })
}

/// Waits until the strip's analysis has finished.
fn wait_done(h: &mut Harness) {
    let done = h.run_until(Duration::from_secs(300), |screen| {
        screen.contains("Move values for") && !screen.contains("thinking")
    });
    assert!(done, "the analysis never finished:\n{}", h.text());
}

/// Three black kings against two white ones, black to move: won (the database's farthest
/// from conversion, 48 plies).
const WON: [&str; 8] = [
    ".....B.B", "........", "........", "......W.", "........", "W.......", ".B......", "........",
];

/// Whether the analysis heading reads "Move values for Alice (black) · `what`": on one line
/// when the strip lies across the screen, or, boxed in the side panel's foot, wrapped between
/// its parts (the " · " left out where a row breaks).
fn says(screen: &str, what: &str) -> bool {
    let whole = format!("Move values for Alice (black) · {what}");
    let box_text = heading(screen);
    screen.contains(&whole)
        || (box_text.contains("Move values for Alice (black)") && box_text.contains(what))
}

/// The words of the analysis box's first rows, joined.
fn heading(screen: &str) -> String {
    let boxed: Vec<String> = screen
        .lines()
        .skip_while(|line| !line.contains("Analysis"))
        .skip(1)
        .take(3)
        .filter_map(|line| {
            let inner = line.trim_end().strip_suffix('│')?;
            Some(inner.rsplit('│').next()?.trim().to_string())
        })
        .collect();
    boxed.join(" ")
}

#[test]
fn in_a_database_position_the_strip_says_won_and_values_every_move() {
    for (width, height) in [(80, 24), (60, 20), (200, 60)] {
        let mut h = game_from(width, height, &WON);
        h.press("a");
        wait_done(&mut h);
        let text = h.text();
        assert!(says(&text, "won (database)"), "{width}×{height}:\n{text}");
        // Every move is valued exactly: no estimate, and the best is a win.
        let values = text
            .lines()
            .find(|l| l.contains(" W") && !l.contains("Move values"))
            .unwrap_or_default();
        assert!(!values.contains('~'), "{values}");
        assert!(
            values
                .trim_start()
                .split("  ")
                .next()
                .is_some_and(|v| v.ends_with(" W")),
            "{values}"
        );
    }
}

#[test]
fn a_lost_database_position_says_lost() {
    // Two white kings hunt a lone black king on square 1: lost for Alice.
    let rows = [
        ".B......", "........", "........", "........", "...W.W..", "........", "........",
        "........",
    ];
    let mut h = game_from(80, 24, &rows);
    h.press("a");
    wait_done(&mut h);
    assert!(says(&h.text(), "lost (database)"), "{}", h.text());
}

#[test]
fn away_from_the_database_the_strip_says_what_is_exact() {
    let mut h = Harness::command_line(80, 24, &["checkers", "Alice", "Bob"]);
    h.press("a");
    let shown = h.run_until(Duration::from_secs(120), |screen| {
        screen.contains("perfect with ≤ 5 pieces")
    });
    assert!(shown, "{}", h.text());
    assert!(says(&h.text(), "~ searched"), "{}", h.text());
}
