//! Review mode through the real input path: a record imported on the load screen opens as a
//! replay; keys, the footer's buttons, the wheel and a click on the history step through it;
//! autoplay runs at the speed setting; the analysis strip values the position shown and the
//! status line sets the move played against the best; `o` plays on from there; `v` reviews a
//! game in play and Esc goes back to it. Snapshots at 80×24, 60×20 and 200×60.

use std::time::{Duration, Instant};

use parlor::testing::Harness;

/// Pons's first End-Easy position played out: 37 moves of Connect Four (his file's first
/// line), written where the test's data folder is and imported through the load screen.
const GAME: &str = "2252576253462244111563365343671351441\n";

/// Opens `text` as a record file through the load screen's `i`.
fn import(width: u16, height: u16, name: &str, text: &str) -> Harness {
    let mut h = Harness::menu(width, height);
    let path = h.data_dir().join(name);
    std::fs::write(&path, text).expect("write the record");
    h.click_text("Load game");
    h.type_text("i");
    h.type_text(path.to_str().expect("utf-8"));
    h.press("enter");
    h
}

/// Waits until the analysis has judged the move played next (every value known) and has
/// finished (its heading no longer says "thinking": the judgement can come while the last
/// update is still on its way, and a snapshot taken then caught the spinner under load).
fn judged(h: &mut Harness) {
    let shown = h.run_until(Duration::from_secs(120), |screen| {
        screen.contains("played ") && !screen.contains("thinking")
    });
    assert!(shown, "the move played was never judged:\n{}", h.text());
}

#[test]
fn an_imported_record_opens_as_a_replay_from_its_start() {
    let mut h = import(80, 24, "c4.txt", GAME);
    h.assert_shows("Review · move 0 of 37");
    h.press("right");
    h.press("right");
    h.assert_shows("Review · move 2 of 37");
    h.press("left");
    h.assert_shows("Review · move 1 of 37");
    h.press("end");
    h.assert_shows("Review · move 37 of 37");
    h.press("right");
    h.assert_shows("The last move.");
    h.press("home");
    h.assert_shows("Review · move 0 of 37");
    // Nothing is played in review: Enter starts autoplay instead of dropping a token.
    assert!(h.saves().is_empty());
}

#[test]
fn the_mouse_steps_with_buttons_the_wheel_and_the_history() {
    let mut h = import(100, 30, "c4.txt", GAME);
    h.click_text("forward");
    h.click_text("forward");
    h.assert_shows("Review · move 2 of 37");
    h.click_text("back");
    h.assert_shows("Review · move 1 of 37");
    h.scroll(10, 10, true);
    h.scroll(10, 10, true);
    h.assert_shows("Review · move 3 of 37");
    h.scroll(10, 10, false);
    h.assert_shows("Review · move 2 of 37");
    h.click_text("end");
    // A click on a move of the history shows the position after it.
    h.click_text(" 30. ");
    h.assert_shows("Review · move 30 of 37");
}

#[test]
fn g_goes_to_a_typed_move_on_a_small_screen() {
    let mut h = import(60, 20, "c4.txt", GAME);
    h.type_text("g");
    h.assert_shows("Move (0 to 37):");
    h.type_text("21");
    h.press("enter");
    h.assert_shows("Review · move 21 of 37");
    h.type_text("g");
    h.type_text("99");
    h.press("enter");
    h.assert_shows("the moves go from 0 to 37");
    h.press("right");
    h.assert_shows("Review · move 22 of 37");
}

#[test]
fn autoplay_runs_at_the_speed_setting_and_a_key_stops_it() {
    let mut h = import(80, 24, "c4.txt", GAME);
    h.press("enter");
    h.assert_shows("Autoplay: any key stops it.");
    let start = Instant::now();
    h.tick_at(start + Duration::from_millis(1100));
    h.assert_shows("Review · move 1 of 37");
    h.tick_at(start + Duration::from_millis(2300));
    h.assert_shows("Review · move 2 of 37");
    h.press("right");
    h.assert_shows("Review · move 3 of 37");
    h.tick_at(start + Duration::from_secs(9));
    h.assert_shows("Review · move 3 of 37");
}

#[test]
fn the_move_played_is_judged_against_the_best_and_play_on_starts_a_game_there() {
    let mut h = import(100, 30, "c4.txt", GAME);
    h.press("end");
    for _ in 0..6 {
        h.press("left");
    }
    h.assert_shows("Review · move 31 of 37");
    judged(&mut h);
    h.press("o");
    h.assert_shows("New game of Connect Four");
    h.press_all(&["tab", "tab", "tab", "tab", "enter"]);
    // A game of its own, at move 31 with the moves that led there (undoable).
    h.assert_shows("Moves played: 31");
    assert!(!h.text().contains("Review ·"), "{}", h.text());
    h.press("u");
    h.assert_shows("Moves played: 30");
}

#[test]
fn a_game_in_play_is_reviewed_and_found_again_where_it_was() {
    let mut h = Harness::menu(100, 30);
    h.start_two_player("Connect Four", "Ann", "Bob");
    h.press_all(&["enter", "right", "enter", "enter"]);
    h.assert_shows("Moves played: 3");
    h.type_text("v");
    h.assert_shows("Review · move 3 of 3");
    h.press("home");
    h.assert_shows("Review · move 0 of 3");
    h.press("esc");
    h.assert_shows("Back to the game.");
    h.assert_shows("Moves played: 3");
    h.press("enter");
    h.assert_shows("Moves played: 4");
}

#[test]
fn reviewing_a_game_in_play_keeps_its_unsaved_moves_and_its_finish_counts() {
    let mut h = Harness::menu(80, 24);
    h.start_two_player("Connect Four", "Ann", "Bob");
    h.press_all(&["4", "1"]);
    h.type_text("v");
    h.assert_shows("Review · move 2 of 2");
    h.press("home");
    h.press("esc");
    h.assert_shows("Back to the game.");
    // The two moves are still unsaved: leaving asks.
    h.press("q");
    h.assert_shows("Don't save");
    h.press("esc");
    h.press_all(&["4", "1", "4", "1", "4"]);
    h.assert_shows("Ann wins with");
    let records = parlor::save::records::Records::read(h.data_dir()).expect("written");
    let tally = records.game("connect4").expect("counted").opponents["people"];
    assert_eq!((tally.played, tally.won), (1, 1));
}

#[test]
fn a_file_of_many_games_opens_each_as_a_replay_and_leaving_returns_to_the_list() {
    let mut h = Harness::menu(100, 30);
    h.click_text("Load game");
    h.type_text("i");
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/checkers/pdn-standard-OCA_2.0.pdn");
    h.type_text(file.to_str().expect("utf-8"));
    h.press("enter");
    h.assert_shows("pdn-standard-OCA_2.0.pdn · 43 games");
    h.press("enter");
    h.assert_shows("Review · move 0 of 44");
    h.press("esc");
    h.assert_shows("pdn-standard-OCA_2.0.pdn · 43 games");
}

#[test]
fn review_snapshots() {
    for (width, height) in [(80, 24), (60, 20), (200, 60)] {
        let mut h = import(width, height, "c4.txt", GAME);
        h.press("end");
        for _ in 0..4 {
            h.press("left");
        }
        judged(&mut h);
        insta::assert_snapshot!(format!("review_connect4_{width}x{height}"), h.text());
    }
}
