//! Two arcades in one process, as a server of many terminals would run them: each app on its
//! own `TestBackend`, with its own data directory, settings and clock, the two sharing only
//! the pool their computer players search on. Each plays its own game against the computer;
//! nothing one does shows in, or is saved by, the other.

#![cfg(feature = "tui")]

use parlor::testing::Harness;
use parlor::work_pool::WorkPool;

#[test]
fn two_apps_in_one_process_play_two_games_without_touching_each_other() {
    let pool = WorkPool::new(2);
    let mut four =
        Harness::command_line_on(100, 30, &["connect4", "Ann", "--computer", "second"], &pool);
    let mut othello =
        Harness::command_line_on(100, 30, &["reversi", "Cid", "--computer", "second"], &pool);
    assert_ne!(four.data_dir(), othello.data_dir());

    // Interleaved: a move in each, then both computers answer on the shared pool.
    four.press("enter");
    othello.press("enter");
    four.wait_for("2. o ");
    othello.wait_for("2. white ");
    four.assert_shows("Ann (x) to move");
    othello.assert_shows("Cid (black) to move");
    for (h, other) in [(&four, "Reversi"), (&othello, "Connect Four")] {
        assert!(
            !h.text().contains(other),
            "{other} shows in the wrong app:\n{}",
            h.text()
        );
    }

    // A save lands in the saving app's own folder only, and its load screen alone lists it.
    four.press("s");
    four.assert_shows("Saved to");
    assert_eq!(four.saves().len(), 1);
    assert!(othello.saves().is_empty(), "{:?}", othello.saves());
    // Each app's catalog of saves (what its load screen lists) is its own.
    let listed = |h: &Harness| -> Vec<String> {
        h.app()
            .ctx()
            .catalog
            .entries()
            .iter()
            .filter_map(|entry| entry.summary.as_ref().ok())
            .map(|summary| summary.game_title.clone())
            .collect()
    };
    assert_eq!(listed(&four), ["Connect Four"]);
    assert!(listed(&othello).is_empty(), "{:?}", listed(&othello));
    othello.assert_shows("Cid (black) to move");
}

/// The arcade `parlor serve` gives a player (a guest, see `screen::Guest`): the first visit
/// asks a name (again when the question is cancelled) and keeps it in their folder; the load screen
/// offers no import by path and says why on its key; a save names only their own folder.
#[test]
fn a_served_player_is_asked_their_name_and_names_no_server_path() {
    let mut guest = Harness::guest(80, 24);
    guest.assert_shows("Welcome to Parlor");
    guest.press("esc");
    guest.assert_shows("A name is needed to play.");
    guest.answer_prompt("Ann");
    guest.assert_shows("Connect Four");
    let kept = std::fs::read_to_string(guest.data_dir().join("player.toml")).expect("kept");
    assert_eq!(kept.trim(), "name = \"Ann\"");
    assert_eq!(
        guest
            .app()
            .ctx()
            .guest
            .as_ref()
            .and_then(|g| g.name.as_deref()),
        Some("Ann")
    );

    guest.click_text("Load game");
    assert!(!guest.text().contains("import"), "{}", guest.text());
    guest.type_text("i");
    guest.assert_shows("Files are not imported by path on a server.");
    guest.press("esc");

    // A save says where it went inside the player's folder, not on the server.
    guest.press("esc");
    let mut four = Harness::guest(80, 24);
    four.answer_prompt("Bo");
    four.click_text("Connect Four");
    four.press("enter");
    four.press("enter");
    four.press("s");
    four.assert_shows("in your folder");
    let dir = four.data_dir().display().to_string();
    assert!(!four.text().contains(&dir), "{}", four.text());
}

/// The first visit's question fits a 60×20 terminal: its label is wrapped inside the box, so
/// the longer one after a refused answer is read whole, not cut at the box's edge.
#[test]
fn the_name_question_is_read_whole_at_60_by_20() {
    let mut guest = Harness::guest(60, 20);
    guest.assert_shows("Welcome to Parlor");
    guest.press("esc");
    guest.assert_shows("A name is needed to play.");
    guest.assert_shows("as other players will see it:");
    guest.answer_prompt("Ann");
    guest.assert_shows("Connect Four");
}
