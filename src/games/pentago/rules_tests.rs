//! The rules' tests: unit tests from the rules' own definitions and property tests.

use super::*;
use proptest::prelude::*;

const X: Option<Seat> = Some(Seat::First);
const O: Option<Seat> = Some(Seat::Second);

fn board_from(rows: [&str; 6]) -> Board {
    let mut board = [[None; SIZE]; SIZE];
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            board[r][c] = match ch {
                'X' => X,
                'O' => O,
                _ => None,
            };
        }
    }
    board
}

#[test]
fn clockwise_turn_moves_corners_round() {
    // Every quadrant: a piece in its top-left corner goes to its top-right corner on a
    // right turn and to its bottom-left corner on a left turn.
    for q in Quadrant::ALL {
        let (r0, c0) = q.origin();
        let mut board = [[None; SIZE]; SIZE];
        board[r0][c0] = X;
        board[r0][c0 + 1] = O;
        let right = rotate(&board, q, Dir::Right);
        assert_eq!(right[r0][c0 + 2], X, "quadrant {}", q.number());
        assert_eq!(right[r0 + 1][c0 + 2], O, "quadrant {}", q.number());
        assert_eq!(right.iter().flatten().filter(|c| c.is_some()).count(), 2);
        let left = rotate(&board, q, Dir::Left);
        assert_eq!(left[r0 + 2][c0], X, "quadrant {}", q.number());
        assert_eq!(left[r0 + 1][c0], O, "quadrant {}", q.number());
    }
}

#[test]
fn rotation_leaves_other_quadrants_and_the_centre_alone() {
    let board = board_from(["XOXOXO", "OXOXOX", "XXOOXX", "OOXXOO", "X.O.X.", ".O.X.O"]);
    for q in Quadrant::ALL {
        for dir in Dir::ALL {
            let turned = rotate(&board, q, dir);
            for r in 0..SIZE {
                for c in 0..SIZE {
                    let (r0, c0) = q.origin();
                    if !q.contains((r, c)) || (r, c) == (r0 + 1, c0 + 1) {
                        assert_eq!(turned[r][c], board[r][c]);
                    }
                }
            }
        }
    }
}

#[test]
fn there_are_32_distinct_lines_of_five_on_the_board() {
    let mut seen = std::collections::HashSet::new();
    for line in LINES {
        assert!(line.iter().all(|&(r, c)| r < SIZE && c < SIZE));
        let (dr, dc) = (
            line[1].0 as isize - line[0].0 as isize,
            line[1].1 as isize - line[0].1 as isize,
        );
        for pair in line.windows(2) {
            assert_eq!(pair[1].0 as isize - pair[0].0 as isize, dr);
            assert_eq!(pair[1].1 as isize - pair[0].1 as isize, dc);
        }
        assert!(seen.insert(line));
    }
    assert_eq!(seen.len(), 32);
}

#[test]
fn five_in_a_line_in_every_direction() {
    let cases: [(&str, [&str; 6]); 8] = [
        (
            "row, left",
            ["XXXXX.", "......", "......", "......", "......", "......"],
        ),
        (
            "row, right",
            ["......", "......", "......", "......", "......", ".XXXXX"],
        ),
        (
            "column",
            ["......", "...X..", "...X..", "...X..", "...X..", "...X.."],
        ),
        (
            "main diagonal",
            ["X.....", ".X....", "..X...", "...X..", "....X.", "......"],
        ),
        (
            "upper off-diagonal",
            [".X....", "..X...", "...X..", "....X.", ".....X", "......"],
        ),
        (
            "lower off-diagonal",
            ["......", "X.....", ".X....", "..X...", "...X..", "....X."],
        ),
        (
            "anti-diagonal",
            ["......", "....X.", "...X..", "..X...", ".X....", "X....."],
        ),
        (
            "upper anti off-diagonal",
            ["....X.", "...X..", "..X...", ".X....", "X.....", "......"],
        ),
    ];
    for (name, rows) in cases {
        let board = board_from(rows);
        assert!(has_five(&board, Seat::First), "{name}");
        assert!(!has_five(&board, Seat::Second), "{name}");
        assert_eq!(fives(&board, Seat::First).len(), 1, "{name}");
        assert_eq!(
            outcome_of(&board),
            Some(Outcome::Won(Seat::First)),
            "{name}"
        );
    }
    let lower_anti = board_from(["......", ".....O", "....O.", "...O..", "..O...", ".O...."]);
    assert_eq!(outcome_of(&lower_anti), Some(Outcome::Won(Seat::Second)));
}

#[test]
fn four_or_a_broken_line_is_not_five() {
    for rows in [
        ["XXXX.X", "......", "......", "......", "......", "......"],
        ["X.....", ".X....", "..X...", "...O..", "....X.", ".....X"],
        [".X....", "..X...", "...X..", "....X.", "......", "......"],
    ] {
        assert_eq!(outcome_of(&board_from(rows)), None);
    }
}

#[test]
fn six_in_a_line_counts_as_a_win() {
    let board = board_from(["OOOOOO", "......", "......", "......", "......", "......"]);
    assert_eq!(fives(&board, Seat::Second).len(), 2);
    assert_eq!(outcome_of(&board), Some(Outcome::Won(Seat::Second)));
}

#[test]
fn win_on_placement_ends_the_turn_without_rotation() {
    let game = Pentago::try_from(board_from([
        "XXXX..", "OOOO..", "......", "......", "......", "......",
    ]))
    .expect("valid");
    assert_eq!(game.to_move(), Some(Seat::First));
    assert!(game.wins_on_placement((0, 4)));
    assert!(!game.wins_on_placement((2, 4)));
    let with_turn = Move {
        place: (0, 4),
        rotation: Some((Quadrant::UpperRight, Dir::Right)),
    };
    assert!(game.clone().play(&with_turn).is_err());
    let win = Move {
        place: (0, 4),
        rotation: None,
    };
    assert!(game.legal_moves().contains(&win));
    assert!(!game.legal_moves().contains(&with_turn));
    let mut after = game.clone();
    after.play(&win).expect("legal");
    assert_eq!(after.outcome(), Some(Outcome::Won(Seat::First)));
    assert_eq!(after.to_move(), None);
    assert!(after.legal_moves().is_empty());
    // A non-winning placement needs a rotation.
    let no_turn = Move {
        place: (2, 4),
        rotation: None,
    };
    assert!(game.clone().play(&no_turn).is_err());
}

#[test]
fn win_after_rotation() {
    // X holds A1 A2 A3 and C4; placing on B4 is no win, but a right turn of quadrant 2
    // sends C4 to A4 and B4 to A5: row A is complete.
    let game = Pentago::try_from(board_from([
        "XXX...", "......", "...X..", "OOO...", "O.....", "......",
    ]))
    .expect("valid");
    assert_eq!(game.to_move(), Some(Seat::First));
    assert!(!game.wins_on_placement((1, 3)));
    let mv = Move {
        place: (1, 3),
        rotation: Some((Quadrant::UpperRight, Dir::Right)),
    };
    let mut after = game.clone();
    after.play(&mv).expect("legal");
    assert_eq!(after.outcome(), Some(Outcome::Won(Seat::First)));
    assert_eq!(after.board()[0], [X, X, X, X, X, None]);
    assert_eq!(after.winning_lines(), vec![(Seat::First, LINES[0])]);
    // The other way round it is no win.
    let mut other = game.clone();
    other
        .play(&Move {
            place: (1, 3),
            rotation: Some((Quadrant::UpperRight, Dir::Left)),
        })
        .expect("legal");
    assert_eq!(other.outcome(), None);
}

#[test]
fn a_rotation_can_make_the_opponent_win() {
    // O holds row A of quadrant 1 and D1 E1: a left turn of quadrant 1 stands row A up
    // as column 1 (A1 B1 C1), completing O's five even though X made the turn.
    let game = Pentago::try_from(board_from([
        "OOO...", "...XX.", "......", "O..X..", "O..X..", ".....X",
    ]))
    .expect("valid");
    assert_eq!(game.to_move(), Some(Seat::First));
    let mut after = game.clone();
    after
        .play(&Move {
            place: (5, 0),
            rotation: Some((Quadrant::UpperLeft, Dir::Left)),
        })
        .expect("legal");
    assert_eq!(after.outcome(), Some(Outcome::Won(Seat::Second)));
}

#[test]
fn fives_for_both_after_a_rotation_is_a_tie() {
    // A right turn of quadrant 2 sends C4 B4 (X) to A4 A5 and C5 B5 (O) to B4 B5.
    let game = Pentago::try_from(board_from([
        "XXX...", "OOOXO.", "...XO.", "......", "......", "......",
    ]))
    .expect("valid");
    assert_eq!(game.outcome(), None);
    let mut after = game.clone();
    after
        .play(&Move {
            place: (5, 5),
            rotation: Some((Quadrant::UpperRight, Dir::Right)),
        })
        .expect("legal");
    assert_eq!(after.outcome(), Some(Outcome::Draw));
    assert_eq!(after.winning_lines().len(), 2);
    assert_eq!(after.to_move(), None);
}

#[test]
fn a_full_board_without_five_is_a_tie() {
    let board = board_from(["XXOOXX", "OOXXOO", "XXOOXX", "OOXXOO", "XXOOXX", "OOXXOO"]);
    assert_eq!(outcome_of(&board), Some(Outcome::Draw));
    let game = Pentago::try_from(board).expect("counts are equal");
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn setup_checks_piece_counts() {
    let too_many_o = board_from(["O.....", "......", "......", "......", "......", "......"]);
    assert_eq!(
        Pentago::try_from(too_many_o),
        Err(SetupError::PieceCounts { x: 0, o: 1 })
    );
    let two_x = board_from(["XX....", "......", "......", "......", "......", "......"]);
    assert!(Pentago::try_from(two_x).is_err());
    let one_x = board_from(["X.....", "......", "......", "......", "......", "......"]);
    let game = Pentago::try_from(one_x).expect("valid");
    assert_eq!(game.to_move(), Some(Seat::Second));
    assert_eq!(game.move_number(), 2);
}

#[test]
fn empty_board_offers_288_moves_and_refuses_bad_squares() {
    let game = Pentago::new();
    assert_eq!(game.legal_moves().len(), 36 * 8);
    let off = Move {
        place: (6, 0),
        rotation: Some((Quadrant::UpperLeft, Dir::Left)),
    };
    assert!(game.clone().play(&off).is_err());
    let mut g = game.clone();
    let first = Move {
        place: (0, 0),
        rotation: Some((Quadrant::LowerRight, Dir::Left)),
    };
    g.play(&first).expect("legal");
    assert_eq!(g.at((0, 0)), X);
    assert_eq!(g.to_move(), Some(Seat::Second));
    let before = g.clone();
    assert!(g.play(&first).is_err());
    assert_eq!(g, before, "a refused move leaves the position alone");
}

fn arb_board() -> impl Strategy<Value = Board> {
    proptest::collection::vec(prop_oneof![Just(None), Just(X), Just(O)], 36).prop_map(|cells| {
        let mut board = [[None; SIZE]; SIZE];
        for (i, cell) in cells.into_iter().enumerate() {
            board[i / SIZE][i % SIZE] = cell;
        }
        board
    })
}

fn arb_quadrant() -> impl Strategy<Value = Quadrant> {
    prop::sample::select(Quadrant::ALL.to_vec())
}

fn arb_dir() -> impl Strategy<Value = Dir> {
    prop::sample::select(Dir::ALL.to_vec())
}

/// Plays random legal moves (chosen by index) from the empty board.
fn play_out(choices: &[usize]) -> (Pentago, Vec<Move>) {
    let mut game = Pentago::new();
    let mut moves = Vec::new();
    for &choice in choices {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[choice % legal.len()];
        game.play(&mv).expect("generated moves are legal");
        moves.push(mv);
    }
    (game, moves)
}

proptest! {
    #[test]
    fn four_quarter_turns_are_the_identity(board in arb_board(), q in arb_quadrant(), dir in arb_dir()) {
        let mut turned = board;
        for _ in 0..4 {
            turned = rotate(&turned, q, dir);
        }
        prop_assert_eq!(turned, board);
    }

    #[test]
    fn a_turn_and_its_opposite_cancel(board in arb_board(), q in arb_quadrant(), dir in arb_dir()) {
        prop_assert_eq!(rotate(&rotate(&board, q, dir), q, dir.opposite()), board);
        // Two right turns equal two left turns (a half turn).
        let half_r = rotate(&rotate(&board, q, Dir::Right), q, Dir::Right);
        let half_l = rotate(&rotate(&board, q, Dir::Left), q, Dir::Left);
        prop_assert_eq!(half_r, half_l);
    }

    #[test]
    fn rotated_square_follows_the_piece(q in arb_quadrant(), dir in arb_dir(), r in 0usize..6, c in 0usize..6) {
        let mut board = [[None; SIZE]; SIZE];
        board[r][c] = X;
        let turned = rotate(&board, q, dir);
        let (nr, nc) = rotated_square(q, dir, (r, c));
        prop_assert_eq!(turned[nr][nc], X);
    }

    #[test]
    fn every_generated_move_is_legal_and_games_end(choices in proptest::collection::vec(0usize..1000, 0..40)) {
        let (game, moves) = play_out(&choices);
        // Counts stay valid, so the position survives a round trip through its board.
        let rebuilt = Pentago::try_from(*game.board()).expect("reachable boards are valid");
        prop_assert_eq!(rebuilt.to_move(), game.to_move());
        prop_assert_eq!(game.pieces(), moves.len());
        if moves.len() < choices.len() {
            prop_assert!(game.outcome().is_some());
        }
        if game.outcome().is_none() {
            prop_assert_eq!(rebuilt.outcome(), None);
        }
    }

    #[test]
    fn undo_then_redo_is_the_identity(choices in proptest::collection::vec(0usize..1000, 1..40), back in 0usize..40) {
        let (game, moves) = play_out(&choices);
        let mut history = crate::core::History::new(Pentago::new());
        for mv in &moves {
            history.play(mv).expect("legal");
        }
        let back = back.min(moves.len());
        for _ in 0..back {
            prop_assert!(history.undo());
        }
        let (replayed, _) = play_out_moves(&moves[..moves.len() - back]);
        prop_assert_eq!(history.current(), &replayed);
        for _ in 0..back {
            prop_assert!(history.redo());
        }
        prop_assert_eq!(history.current(), &game);
    }
}

fn play_out_moves(moves: &[Move]) -> (Pentago, usize) {
    let mut game = Pentago::new();
    for mv in moves {
        game.play(mv).expect("legal");
    }
    (game, moves.len())
}
