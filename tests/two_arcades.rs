//! Two arcades in one process, as a server of many terminals would run them: each app on its
//! own `TestBackend`, with its own data directory, settings and clock, the two sharing only
//! the pool their computer players search on. Each plays its own game against the computer;
//! nothing one does shows in, or is saved by, the other.

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
