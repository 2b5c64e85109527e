//! The analysis strip through the real input path on `TestBackend`: the key shows what every
//! legal move is worth (checked against the Connect Four solver), a move cancels the analysis
//! and starts the next one, keys are handled while it computes, the key hides it again, the
//! hint takes the strip's best move, puzzles have none; snapshots at three sizes.

#![cfg(feature = "tui")]

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use parlor::core::MoveValue;
use parlor::games::connect4::engine::{Position, Solver, column_values};
use parlor::testing::Harness;

/// A late position of Pascal Pons's End-Easy set (34 tokens, x to move, x wins): every
/// column solves at once, even in a debug build.
const LATE: &str = "7422341735647741166133573473242566";

/// Connect Four between Ann and Bob with `moves` (digits 1–7) dropped by key.
fn connect4_after(width: u16, height: u16, moves: &str) -> Harness {
    let mut h = Harness::command_line(width, height, &["connect4", "Ann", "Bob"]);
    for column in moves.chars() {
        h.press(&column.to_string());
    }
    h
}

/// The exact value of every column of the position after `moves`, as the strip writes them
/// (`4 W3`), from the solver itself.
fn solver_entries(moves: &str) -> Vec<String> {
    let position = Position::from_moves(moves).expect("a legal line");
    let values = column_values(&mut Solver::new(), &position, &AtomicBool::new(false))
        .expect("not cancelled");
    values
        .iter()
        .enumerate()
        .filter_map(|(col, value)| {
            value.map(|v| format!("{} {}", col + 1, MoveValue::from(v).short()))
        })
        .collect()
}

/// The analysis as one line of text, wherever the screen put it: the two rows above the
/// status line (a strip under the board), or the side panel's "Analysis" box, whose rows wrap
/// the same text to the panel's width.
fn strip(h: &Harness) -> String {
    let text = h.text();
    let lines: Vec<&str> = text.lines().collect();
    let rows: Vec<String> = match lines.iter().position(|l| l.contains("╭ Analysis")) {
        Some(top) => {
            let byte = lines[top].find("╭ Analysis").unwrap_or_default();
            let column = lines[top][..byte].chars().count();
            lines[top + 1..]
                .iter()
                .take_while(|l| l.chars().nth(column) == Some('│'))
                .map(|l| {
                    l.chars()
                        .skip(column + 1)
                        .take_while(|c| *c != '│')
                        .collect()
                })
                .collect()
        }
        None => {
            let status = lines.len() - 2;
            vec![lines[status - 2].to_string(), lines[status - 1].to_string()]
        }
    };
    rows.iter()
        .map(|row| row.trim())
        .filter(|row| !row.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The values of a finished analysis's text (after its heading's "exact"), best first.
fn values(shown: &str) -> &str {
    shown
        .split_once("exact")
        .map_or("", |(_, values)| values.trim_start())
}

/// Waits until the strip has finished its analysis: exact, no spinner, values shown.
fn wait_done(h: &mut Harness) {
    let done = h.run_until(Duration::from_secs(120), |screen| {
        screen.contains("Move values for")
            && screen.contains("exact")
            && !screen.contains("thinking")
    });
    assert!(done, "the analysis never finished:\n{}", h.text());
}

#[test]
fn the_strip_shows_the_solvers_value_of_every_column() {
    let mut h = connect4_after(80, 24, LATE);
    h.assert_shows("Ann (x) to move");
    assert!(!h.text().contains("Move values for"));
    h.press("a");
    wait_done(&mut h);
    let shown = strip(&h);
    assert!(shown.contains("for Ann (x), best first · exact"), "{shown}");
    let expected = solver_entries(LATE);
    assert!(!expected.is_empty());
    for entry in &expected {
        assert!(
            shown.contains(entry.as_str()),
            "{entry:?} missing:\n{shown}"
        );
    }
    // Best first: the first value is a win (x wins this position).
    assert!(
        values(&shown)
            .split_whitespace()
            .nth(1)
            .is_some_and(|v| v.starts_with('W')),
        "{shown}"
    );
}

#[test]
fn a_move_cancels_the_analysis_and_the_next_position_is_analysed() {
    let mut h = connect4_after(80, 24, LATE);
    h.press("a");
    wait_done(&mut h);
    let before = strip(&h);
    // Ann plays her best column, 2: the analysis starts again, for Bob.
    h.press("2");
    h.assert_shows("Bob (o) to move");
    wait_done(&mut h);
    let after = strip(&h);
    assert!(after.contains("for Bob (o)"), "{after}");
    assert_ne!(before, after);
    let next = format!("{LATE}2");
    for entry in solver_entries(&next) {
        assert!(
            after.contains(entry.as_str()),
            "{entry:?} missing:\n{after}"
        );
    }
}

#[test]
fn keys_are_handled_while_the_analysis_runs_and_the_key_hides_it() {
    // The empty board: an exact solve of every column takes far longer than this test.
    // Wide enough for the footer to name every key.
    let mut h = Harness::command_line(120, 24, &["connect4", "Ann", "Bob"]);
    h.press("a");
    h.assert_shows("Move values for Ann (x)");
    assert!(h.text().contains("thinking"), "{}", h.text());
    // Moves, undo and redo all take effect at once, each restarting the analysis.
    h.press("4");
    h.assert_shows("Bob (o) to move");
    h.assert_shows("Move values for Bob (o)");
    h.press("3");
    h.assert_shows("2. o 3");
    h.press("u");
    h.assert_shows("Move undone");
    h.assert_shows("▶ o Bob");
    h.press("r");
    h.assert_shows("Move redone");
    h.assert_shows("▶ x Ann");
    assert!(h.text().contains("thinking"), "{}", h.text());
    // The footer names the key; pressing it again hides the strip.
    h.assert_shows("a hide values");
    h.press("a");
    h.assert_shows("Analysis hidden.");
    assert!(!h.text().contains("Move values for"), "{}", h.text());
    h.assert_shows("a values");
}

#[test]
fn the_hint_takes_the_best_move_of_a_finished_analysis() {
    let mut h = connect4_after(80, 24, LATE);
    h.press("a");
    wait_done(&mut h);
    h.press("h");
    // At once, from the strip: no search.
    let text = h.text();
    assert!(text.contains("Best by the analysis: "), "{text}");
    let first = values(&strip(&h))
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string();
    assert!(
        text.contains(&format!("Best by the analysis: {first} (win in")),
        "{first}: {text}"
    );
}

#[test]
fn puzzles_say_they_have_no_strip() {
    let mut h = Harness::command_line(80, 24, &["magic-square"]);
    h.press("a");
    h.assert_shows("Puzzles have no analysis strip: h gives a hint.");
}

#[test]
fn the_strip_at_three_sizes() {
    for (w, hgt) in [(80, 24), (60, 20), (200, 60)] {
        let mut h = connect4_after(w, hgt, LATE);
        h.press("a");
        wait_done(&mut h);
        insta::assert_snapshot!(format!("analysis_connect4_{w}x{hgt}"), h.text());
    }
}

/// FFO endgame #1 (14 empty squares, black to move): g8 is the only move reaching +18.
const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--";

#[test]
fn reversi_shows_exact_disc_differences_in_standard_coordinates() {
    use parlor::core::{Player, Players};
    use parlor::game_screen::GameScreen;
    use parlor::games::reversi::game::{Params, StartPosition};
    use parlor::games::reversi::rules::Disc;
    use parlor::games::reversi::ui::ReversiUi;
    let rows: Vec<String> = FFO_1
        .as_bytes()
        .chunks(8)
        .map(|row| String::from_utf8_lossy(row).replace('-', "."))
        .collect();
    let mut h = Harness::with_screen(80, 24, move |ctx| {
        let params = Params {
            start: Some(StartPosition {
                rows,
                to_move: Disc::Black,
            }),
        };
        let players = Players::two(
            Player::person("Ann", "Black"),
            Player::person("Bob", "White"),
        );
        Box::new(GameScreen::<ReversiUi>::new(params, players, ctx).expect("a valid position"))
    });
    h.press("a");
    wait_done(&mut h);
    let shown = strip(&h);
    assert!(
        shown.contains("Move values for Ann (black), best first · exact"),
        "{shown}"
    );
    let values = values(&shown);
    assert!(values.starts_with("g8 +18  "), "{shown}");
    // Every other move is worse, and none is an estimate.
    assert!(!values.contains('~'), "{shown}");
    assert_eq!(values.matches("+18").count(), 1, "{shown}");
}
