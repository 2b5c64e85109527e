//! The Checkers analysis strip with the endgame database, through the real input path: in a
//! position of five pieces or fewer it says what the database says ("won (database)"), every
//! move valued exactly; elsewhere it says what the engine knows exactly, "perfect with ≤ 5
//! pieces"; at 80×24, 60×20 and 200×60.

use std::time::Duration;

use parlor::testing::Harness;

/// Standard square numbers on the board, the default.
const CONFIG: &str = "";

/// Opens a saved game between Alice (black, to move) and Bob whose board is `rows` (top row
/// first), at `width` × `height`.
fn saved_game(width: u16, height: u16, rows: &[&str]) -> Harness {
    let quoted: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    let save = format!(
        "format = 1\ngame = \"checkers\"\nsaved_at = \"2026-11-27T10:00:00Z\"\n\
         title = \"Alice vs Bob\"\n\n[state]\nmoves = []\napplied = 0\nrows = [{}]\n\n\
         [state.params]\nforced_capture = true\n\n[[state.players]]\nname = \"Alice\"\n\n\
         [[state.players]]\nname = \"Bob\"\n",
        quoted.join(", ")
    );
    let mut h = Harness::with_config(width, height, CONFIG);
    let saves = h.data_dir().join("saves");
    std::fs::create_dir_all(&saves).expect("saves folder");
    std::fs::write(saves.join("checkers-endgame.toml"), save).expect("write save");
    h.click_text("Load game");
    h.assert_shows("Alice vs Bob");
    h.press("enter");
    h
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

#[test]
fn in_a_database_position_the_strip_says_won_and_values_every_move() {
    for (width, height) in [(80, 24), (60, 20), (200, 60)] {
        let mut h = saved_game(width, height, &WON);
        h.press("a");
        wait_done(&mut h);
        let text = h.text();
        assert!(
            text.contains("Move values for Alice (black) · won (database)"),
            "{width}×{height}:\n{text}"
        );
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
    let mut h = saved_game(80, 24, &rows);
    h.press("a");
    wait_done(&mut h);
    assert!(
        h.text()
            .contains("Move values for Alice (black) · lost (database)"),
        "{}",
        h.text()
    );
}

#[test]
fn away_from_the_database_the_strip_says_what_is_exact() {
    let mut h = Harness::command_line(80, 24, &["checkers", "Alice", "Bob"]);
    h.press("a");
    let shown = h.run_until(Duration::from_secs(120), |screen| {
        screen.contains("perfect with ≤ 5 pieces")
    });
    assert!(shown, "{}", h.text());
    assert!(
        h.text()
            .contains("Move values for Alice (black) · ~ searched"),
        "{}",
        h.text()
    );
}
