//! Position puzzles on screen, through the real input path: the menu's "Position puzzles"
//! lists the games, each game lists its shipped puzzles, a puzzle opens on the game's own
//! board with its task and ID, and the player solves it against the defence the solver plays.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use parlor::core::Rules;
use parlor::games::connect4::puzzle::Puzzles as ConnectFour;
use parlor::games::position::id::read_id;
use parlor::games::position::state::{PuzzleState, Step};
use parlor::games::position::{Adapter, judge, pack};
use parlor::testing::Harness;

#[test]
fn the_menu_lists_the_games_their_puzzles_and_opens_one_at_every_size() {
    let first = &pack::ids::<ConnectFour>()[0];
    for (width, height) in [(80, 24), (60, 20), (200, 60)] {
        let mut h = Harness::menu(width, height);
        h.click_text("Position puzzles");
        let group = h.draw();
        for title in ["Connect Four puzzles", "Reversi", "Checkers", "Pentago"] {
            assert!(group.contains(title), "{width}×{height}:\n{group}");
        }
        h.click_text("Connect Four puzzles");
        let list = h.draw();
        assert!(
            list.contains(&format!("1. {}", first.goal.title())),
            "{list}"
        );
        h.press("enter");
        let puzzle = h.draw();
        assert!(
            puzzle.contains(&first.goal.title()),
            "{width}×{height}:\n{puzzle}"
        );
        if width >= 80 {
            assert!(
                puzzle.contains(&format!("ID {}", first.id)),
                "{width}×{height}:\n{puzzle}"
            );
        }
        insta::assert_snapshot!(format!("position_group_{width}x{height}"), group);
        insta::assert_snapshot!(format!("position_list_{width}x{height}"), list);
        insta::assert_snapshot!(format!("position_puzzle_{width}x{height}"), puzzle);
    }
}

#[test]
fn the_first_connect_four_puzzle_is_solved_by_playing_the_proven_line() {
    let entry = &pack::ids::<ConnectFour>()[0];
    let (goal, board) =
        read_id::<ConnectFour>(&entry.id.parse().expect("an ID")).expect("a position");
    let mut state = PuzzleState::new(board, goal).expect("a puzzle");
    let never = AtomicBool::new(false);
    let mut h = Harness::command_line(100, 32, &["connect4-puzzles", "--number", "1"]);
    h.assert_shows(&goal.title());
    while state.outcome().is_none() {
        let values = ConnectFour::values(state.board(), *ConnectFour::DEPTHS.end(), &never)
            .expect("the solver answers");
        let (column, _) = judge::best(&values).expect("a move");
        h.type_text(&(column + 1).to_string());
        state.play(&Step::Play(column)).expect("a legal move");
        if state.outcome().is_none() && state.answers() {
            let reply = judge::answer::<ConnectFour>(&state, &never).expect("an answer");
            state.play(&reply).expect("a legal reply");
            // The screen's defence plays the same reply, off the event loop: wait for its turn
            // to end before the next move.
            let answered = h.run_until(Duration::from_secs(60), |screen| {
                screen.contains("Your move") || screen.contains("Solved")
            });
            assert!(answered, "the puzzle never answered:\n{}", h.text());
        }
    }
    h.wait_for("Solved");
    let screen = h.draw();
    assert!(screen.contains("Solved"), "{screen}");
    // `n` offers the pack's next puzzle, in the words the puzzles' help uses.
    let offers = h.footer_hints();
    assert!(
        offers.iter().any(|hint| hint.what == "next puzzle"),
        "{offers:?}"
    );
}

#[test]
fn a_wrong_move_taken_back_then_the_solution_counts_as_solved_not_failed() {
    let entry = &pack::ids::<ConnectFour>()[0];
    let (goal, board) =
        read_id::<ConnectFour>(&entry.id.parse().expect("an ID")).expect("a position");
    let state = PuzzleState::new(board, goal).expect("a puzzle");
    let never = AtomicBool::new(false);
    let values = ConnectFour::values(state.board(), *ConnectFour::DEPTHS.end(), &never)
        .expect("the solver answers");
    let (best, best_value) = judge::best(&values).expect("a move");
    let (wrong, _) = values
        .iter()
        .find(|(_, value)| *value != best_value)
        .expect("the first puzzle has a move that misses");
    let mut h = Harness::command_line(100, 32, &["connect4-puzzles", "--number", "1"]);
    h.assert_shows(&goal.title());
    h.type_text(&(wrong + 1).to_string());
    h.wait_for("Undo and look again");
    // The history says the reply refutes the player's move, not that the reply was wrong.
    h.assert_shows(" (refutes: ");
    assert!(!h.text().contains("(wrong"), "{}", h.text());
    let records = |h: &Harness| {
        let records = parlor::save::records::Records::read(h.data_dir()).expect("written");
        let tallies = &records.game("connect4_puzzles").expect("counted").puzzles;
        assert_eq!(tallies.len(), 1, "{tallies:?}");
        tallies.values().copied().next().expect("one tally")
    };
    let failed = records(&h);
    assert_eq!((failed.solved, failed.lost, failed.fewest), (0, 1, None));
    h.press("u");
    h.type_text(&(best + 1).to_string());
    h.wait_for("Solved");
    let solved = records(&h);
    assert_eq!((solved.solved, solved.lost), (1, 0), "{}", h.text());
    assert!(solved.fewest.is_some());
}
