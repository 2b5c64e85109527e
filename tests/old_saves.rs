//! Saves written before timestamps were handled by the `time` crate still load: their
//! `saved_at` (RFC 3339, seconds, `Z`) reads back, the load screen describes their age the same
//! way, and the game opens. The texts below are files as Parlor 0.1 wrote them.

#![cfg(feature = "tui")]

use parlor::testing::Harness;

/// A Connect Four game saved two days before the harness's frozen clock (2026-11-22T10:04Z).
const TWO_DAYS_OLD: &str = r#"format = 1
game = "connect4"
saved_at = "2026-11-20T10:04:00Z"
title = "Alice vs Bob"

[state]
applied = 3
moves = ["4", "4", "5"]
rows = [".......", ".......", ".......", ".......", "...o...", "...xx.."]

[state.params]

[[state.players]]
name = "Alice"

[[state.players]]
name = "Bob"
"#;

/// The same game saved in the summer: older than a week, so the date is shown.
const SUMMER: &str = r#"format = 1
game = "connect4"
saved_at = "2026-07-01T08:30:00Z"
title = "Carol vs Dave"

[state]
applied = 1
moves = ["4"]
rows = [".......", ".......", ".......", ".......", ".......", "...x..."]

[state.params]

[[state.players]]
name = "Carol"

[[state.players]]
name = "Dave"
"#;

#[test]
fn saves_written_before_still_load_with_their_age() {
    let mut h = Harness::menu(100, 30);
    let saves = h.data_dir().join("saves");
    std::fs::create_dir_all(&saves).expect("the saves folder");
    std::fs::write(saves.join("old-1.toml"), TWO_DAYS_OLD).expect("an old save");
    std::fs::write(saves.join("old-2.toml"), SUMMER).expect("an older save");
    h.click_text("Load game");
    // Newest first, each with its age as before.
    h.assert_shows("Connect Four · move 3 · 2 days ago");
    h.assert_shows("Connect Four · move 1 · 2026-07-01");
    h.assert_shows("2 days ago (2026-11-20T10:04:00Z)");
    let text = h.text();
    let alice = text.find("Alice vs Bob").expect("the newer save listed");
    let carol = text.find("Carol vs Dave").expect("the older save listed");
    assert!(alice < carol, "newest first:\n{text}");
    h.press("enter");
    h.assert_shows("Bob (o) to move");
}

/// Files written by Parlor 0.1.0 before saves and records named the program that wrote them:
/// an autosave from plain mode and a records file (a two-player game and a puzzle), produced by
/// that build and kept unchanged in `tests/data/old/`.
fn old_file(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/old")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

#[test]
fn a_records_file_of_0_1_0_still_loads_and_is_rewritten_with_the_program() {
    use parlor::save::records::Records;
    let dir = tempfile::tempdir().expect("tempdir");
    let text = old_file("records-0.1.0.toml");
    assert!(!text.contains("written_by"), "an old file:\n{text}");
    std::fs::write(dir.path().join(Records::FILE), &text).expect("written");
    let records = Records::read(dir.path()).expect("an old file reads");
    assert_eq!((records.version(), records.written_by()), (1, None));
    let connect4 = records.game("connect4").expect("connect4 kept");
    let people = connect4.opponents["people"];
    assert_eq!((people.played, people.won, people.best_streak), (1, 1, 1));
    let almonds = records.game("nine_almonds").expect("nine almonds kept");
    let puzzle = almonds.puzzles["5×5, nine almonds"];
    assert_eq!((puzzle.solved, puzzle.par), (1, Some(4)));
    // Written again, the file names this program and keeps every tally.
    records.store(dir.path()).expect("rewritten");
    let again = std::fs::read_to_string(dir.path().join(Records::FILE)).expect("a file");
    let program = parlor::save::format::WRITTEN_BY;
    assert!(
        again.starts_with(&format!("version = 1\nwritten_by = \"{program}\"\n")),
        "{again}"
    );
    let reread = Records::read(dir.path()).expect("readable");
    assert_eq!(reread.written_by(), Some(program));
    assert_eq!(reread.game("connect4"), records.game("connect4"));
    assert_eq!(reread.game("nine_almonds"), records.game("nine_almonds"));
}

#[test]
fn an_autosave_of_0_1_0_still_opens() {
    let mut h = Harness::menu(100, 30);
    let saves = h.data_dir().join("saves");
    std::fs::create_dir_all(&saves).expect("the saves folder");
    std::fs::write(
        saves.join("connect4-autosave-0-1-0.toml"),
        old_file("connect4-autosave-0.1.0.toml"),
    )
    .expect("an old save");
    h.click_text("Load game");
    h.assert_shows("Alice vs Computer (Beginner)");
    h.press("enter");
    h.assert_shows("Alice (x) to move");
    h.assert_shows("Moves played: 2");
}
