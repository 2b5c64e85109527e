//! Saves written before timestamps were handled by the `time` crate still load: their
//! `saved_at` (RFC 3339, seconds, `Z`) reads back, the load screen describes their age the same
//! way, and the game opens. The texts below are files as Parlor 0.1 wrote them.

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
