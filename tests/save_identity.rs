//! A game is never overwritten or lost without a word (issue #36, class 1), on the app's real
//! input path: a save whose file changed since the game read it (another Parlor saved it, or
//! an imported file of the same name is another game) asks — keep both, overwrite, cancel;
//! Ctrl-C twice that cannot autosave does not quit silently; a save changed since the load
//! screen listed it is not deleted; saves named with spaces delete.
//! Two processes and the records through the real binary are in `tests/tmux_reliability.rs`
//! and below.

use crate::support;

use parlor::testing::Harness;
use std::path::{Path, PathBuf};

/// The only save in the harness's folder.
fn only_save(h: &Harness) -> PathBuf {
    let saves = h.saves();
    assert_eq!(saves.len(), 1, "{saves:?}");
    h.data_dir().join("saves").join(&saves[0])
}

/// Another Parlor's later save of the same file: the same game with another title.
fn change_behind_its_back(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("a save");
    let changed = text.replace("title = \"Alice vs Bob\"", "title = \"Their later save\"");
    assert_ne!(changed, text, "the title line is there");
    std::fs::write(path, &changed).expect("write");
    changed
}

fn saved_game(h: &mut Harness) -> PathBuf {
    h.start_two_player("Connect Four", "Alice", "Bob");
    h.press("4");
    h.press("s");
    h.assert_shows("Saved to");
    only_save(h)
}

#[test]
fn a_save_changed_since_it_was_read_asks_and_keeping_both_loses_nothing() {
    let mut h = Harness::menu(100, 30);
    let path = saved_game(&mut h);
    let theirs = change_behind_its_back(&path);
    h.press("3");
    h.press("s");
    h.assert_shows("The save changed");
    h.assert_shows("Keep both");
    // Enter: the focused answer, keep both.
    h.press("enter");
    h.assert_shows("Saved to");
    assert_eq!(h.saves().len(), 2, "{:?}", h.saves());
    assert_eq!(
        std::fs::read_to_string(&path).expect("theirs"),
        theirs,
        "the other save is untouched"
    );
    // The game now saves to its own new file without asking again.
    h.press("5");
    h.press("s");
    h.assert_shows("Saved to");
    assert!(!h.draw().contains("The save changed"));
    assert_eq!(h.saves().len(), 2);
}

#[test]
fn overwriting_and_cancelling_are_the_persons_choice() {
    let mut h = Harness::menu(100, 30);
    let path = saved_game(&mut h);
    change_behind_its_back(&path);
    h.press("3");
    h.press("s");
    h.assert_shows("The save changed");
    h.press("esc");
    h.assert_shows("Not saved: the other save is kept");
    assert!(
        std::fs::read_to_string(&path)
            .expect("theirs")
            .contains("Their later save")
    );
    h.press("s");
    h.assert_shows("The save changed");
    h.click_text("Overwrite");
    h.assert_shows("Saved to");
    let text = std::fs::read_to_string(&path).expect("ours");
    assert!(
        text.contains("Alice vs Bob") && text.contains("\"3\""),
        "{text}"
    );
    assert_eq!(h.saves().len(), 1);
}

#[test]
fn an_imported_file_named_like_a_save_of_another_game_never_replaces_it() {
    let mut h = Harness::menu(100, 30);
    let path = saved_game(&mut h);
    let mine = std::fs::read_to_string(&path).expect("a save");
    h.press("q");
    // A different game (another first move) in a file of the same name elsewhere.
    let mut other_h = Harness::menu(100, 30);
    other_h.start_two_player("Connect Four", "Alice", "Bob");
    other_h.press("1");
    other_h.press("s");
    other_h.assert_shows("Saved to");
    let elsewhere = tempfile::tempdir().expect("tempdir");
    let other = elsewhere.path().join(path.file_name().expect("a name"));
    std::fs::copy(only_save(&other_h), &other).expect("copied");
    h.press("esc");
    h.click_text("Load game");
    h.type_text("i");
    h.type_text(&other.display().to_string());
    h.press("enter");
    h.assert_shows("Moves played: 1");
    h.press("2");
    h.press("s");
    h.assert_shows("The save changed");
    h.press("enter");
    h.assert_shows("Saved to");
    assert_eq!(std::fs::read_to_string(&path).expect("mine"), mine);
    assert_eq!(h.saves().len(), 2);
}

#[test]
fn a_save_changed_since_it_was_listed_is_not_deleted() {
    let mut h = Harness::menu(100, 30);
    let path = saved_game(&mut h);
    h.press("q");
    h.press("esc");
    h.click_text("Load game");
    h.assert_shows("Alice vs Bob");
    // Another Parlor saves more moves into it while the list is shown.
    let theirs = change_behind_its_back(&path);
    h.press_all(&["d", "left", "enter"]);
    h.assert_shows("Not deleted");
    assert_eq!(std::fs::read_to_string(&path).expect("kept"), theirs);
    // The list now shows what is there; deleting that works.
    h.assert_shows("Their later save");
    h.press_all(&["d", "left", "enter"]);
    assert!(h.saves().is_empty(), "{:?}", h.saves());
}

#[test]
fn ctrl_c_twice_that_cannot_autosave_asks_instead_of_quitting() {
    let mut h = Harness::menu(100, 30);
    // A file where the saves folder should be: nothing can be saved there, even as root.
    std::fs::write(h.data_dir().join("saves"), "not a folder").expect("write");
    h.start_two_player("Connect Four", "Alice", "Bob");
    h.press("4");
    h.interrupt();
    h.assert_shows("Quit Parlor");
    h.interrupt();
    h.assert_shows("could not be autosaved");
    assert!(h.app().is_running(), "quit and lost the game");
    h.click_text("Save elsewhere");
    let elsewhere = tempfile::tempdir().expect("tempdir");
    let target = elsewhere.path().join("rescued.toml");
    h.answer_prompt(&target.display().to_string());
    assert!(!h.app().is_running(), "saved, then quit");
    assert_eq!(h.app().autosaved(), std::slice::from_ref(&target));
    let file = parlor::save::store::read_save(&target).expect("the rescued save reads");
    assert!(file.autosave);
}

#[test]
fn ctrl_c_three_times_quits_without_saving_and_cancel_goes_back() {
    let mut h = Harness::menu(100, 30);
    std::fs::write(h.data_dir().join("saves"), "not a folder").expect("write");
    h.start_two_player("Connect Four", "Alice", "Bob");
    h.press("4");
    h.interrupt();
    h.interrupt();
    h.assert_shows("could not be autosaved");
    // Cancel: back to the question before it, nothing lost.
    h.press("esc");
    assert!(h.app().is_running());
    assert!(!h.draw().contains("could not be autosaved"));
    h.assert_shows("Quit Parlor");
    // Ctrl-C there tries again and asks again; once more quits without saving.
    h.interrupt();
    h.assert_shows("could not be autosaved");
    h.interrupt();
    assert!(!h.app().is_running());
    assert!(h.app().autosaved().is_empty());
}

#[test]
fn saves_named_with_spaces_open_save_and_delete() {
    let mut h = Harness::menu(100, 30);
    let path = saved_game(&mut h);
    let spaced = path.with_file_name("my game.toml");
    std::fs::rename(&path, &spaced).expect("renamed");
    let broken = path.with_file_name("broken save.toml");
    std::fs::write(&broken, "not a save [").expect("write");
    h.press("q");
    h.press("esc");
    h.click_text("Load game");
    // The readable one opens, and saves to its own file.
    h.press("enter");
    h.press("3");
    h.press("s");
    h.assert_shows("Saved to");
    assert!(h.draw().contains("my game.toml"), "{}", h.draw());
    assert_eq!(h.saves(), ["broken save.toml", "my game.toml"]);
    h.press("q");
    h.press("esc");
    h.click_text("Load game");
    // The broken one is listed last; "Press d to delete it" works.
    h.press("down");
    h.assert_shows("Press d to delete it.");
    h.press_all(&["d", "left", "enter"]);
    assert_eq!(h.saves(), ["my game.toml"]);
    h.press_all(&["d", "left", "enter"]);
    assert!(h.saves().is_empty(), "{:?}", h.saves());
}

/// A Connect Four game in plain mode that the first player wins (four in column 1).
const WON_GAME: &[u8] = b"p\nA\nB\n1\n2\n1\n2\n1\n2\n1\n";

fn people_played(dir: &Path) -> u32 {
    parlor::save::records::Records::read(dir)
        .expect("readable records")
        .game("connect4")
        .map_or(0, |game| game.opponents["people"].played)
}

#[test]
fn games_finished_at_once_by_several_processes_are_all_counted() {
    use std::io::Write;
    use std::process::Stdio;
    let dir = tempfile::tempdir().expect("tempdir");
    let (rounds, at_once) = (3, 6);
    for _ in 0..rounds {
        let mut children: Vec<_> = (0..at_once)
            .map(|_| {
                support::cli::command_in(dir.path(), &["connect4", "--plain"])
                    .stdout(Stdio::null())
                    .spawn()
                    .expect("runs")
            })
            .collect();
        // All are started before any gets its moves: they finish as close together as the
        // machine lets them.
        for child in &mut children {
            // Small enough for the pipe's buffer: written (and closed) without waiting.
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(WON_GAME)
                .expect("moves written");
        }
        for child in children {
            let out = child.wait_with_output().expect("ends");
            assert!(
                out.stderr.is_empty(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    assert_eq!(people_played(dir.path()), rounds * at_once);
}

#[test]
fn counters_at_their_limit_stay_there() {
    let dir = tempfile::tempdir().expect("tempdir");
    let max = u32::MAX;
    std::fs::write(
        dir.path().join("records.toml"),
        format!(
            "version = 1\n[games.connect4.opponents.people]\nplayed = {max}\nwon = {max}\nstreak = {max}\nbest_streak = {max}\n"
        ),
    )
    .expect("write");
    let out = support::cli::parlor_in(dir.path(), &["connect4", "--plain"], WON_GAME);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked") && err.is_empty(), "{err}");
    let records = parlor::save::records::Records::read(dir.path()).expect("readable");
    let tally = records.game("connect4").expect("counted").opponents["people"];
    assert_eq!((tally.played, tally.won, tally.streak), (max, max, max));
}
