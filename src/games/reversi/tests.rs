//! Tests of the Reversi pure layer from the rules' own definitions: perft from the start
//! position, hand-built positions for flips, passes and endings, properties over random games,
//! and the seed's sample session replayed through plain mode.

use proptest::prelude::*;

use crate::core::{Coordinates, Ending, History, Outcome, Rules, Seat};

use super::notation::{format_move, from_rows, rows};
use super::plain::{PlainSetup, Players, run_plain};
use super::rules::{Board, Disc, Move, SIZE, perft};

/// A position from rows written top row (`y = 7`) first, as the board prints.
fn position(lines: [&str; 8], to_move: Disc) -> Board {
    from_rows(&lines, to_move).expect("test position is valid")
}

#[test]
fn perft_from_the_start_matches_the_published_counts() {
    let expected = [4, 12, 56, 244, 1396, 8200, 55092, 390_216];
    for (depth, nodes) in (1..).zip(expected) {
        assert_eq!(perft(&Board::new(), depth), nodes, "depth {depth}");
    }
}

#[test]
fn perft_depth_9_from_the_start() {
    assert_eq!(perft(&Board::new(), 9), 3_005_288);
}

#[test]
fn perft_counts_a_pass_as_a_ply_and_nothing_after_the_end() {
    // Black can only pass; white's one reply (0,0) wipes black out and ends the game.
    let board = position(
        [
            "........", "........", "........", "...OO...", "...OO...", "........", "........",
            ".XOOOOOO",
        ],
        Disc::Black,
    );
    assert_eq!(perft(&board, 0), 1);
    assert_eq!(perft(&board, 1), 1, "the pass is one ply");
    assert_eq!(perft(&board, 2), 1, "then white's placement");
    assert_eq!(perft(&board, 3), 0, "a finished game adds nothing");
    assert_eq!(perft(&board, 4), 0);
}

#[test]
fn the_start_position_is_the_seeds() {
    let board = Board::new();
    assert_eq!(board.disc_at(3, 4), Some(Disc::White));
    assert_eq!(board.disc_at(4, 4), Some(Disc::Black));
    assert_eq!(board.disc_at(3, 3), Some(Disc::Black));
    assert_eq!(board.disc_at(4, 3), Some(Disc::White));
    assert_eq!(board.turn(), Disc::Black);
    assert_eq!(board.to_move(), Some(Seat::First));
    assert_eq!(
        board.legal_moves(),
        [
            Move::Place(4, 2),
            Move::Place(5, 3),
            Move::Place(2, 4),
            Move::Place(3, 5)
        ]
    );
}

#[test]
fn a_placement_flips_every_bracketed_line_in_all_eight_directions() {
    // Black plays (2,5): white on every neighbour, black two squares out in every direction.
    let mut board = position(
        [
            "X.X.X...", // y 7
            ".OOO....", // y 6
            "XO.OX...", // y 5
            ".OOOO...", // y 4: (4,4) is white but on no line through (2,5)
            "X.XXX...", // y 3
            "........", "........", "........",
        ],
        Disc::Black,
    );
    let neighbours = [
        (1, 4),
        (2, 4),
        (3, 4),
        (1, 5),
        (3, 5),
        (1, 6),
        (2, 6),
        (3, 6),
    ];
    for (x, y) in neighbours {
        assert_eq!(board.disc_at(x, y), Some(Disc::White), "({x},{y})");
    }
    let mut flipped = board.flips(2, 5, Disc::Black);
    flipped.sort_unstable();
    let mut want = neighbours.to_vec();
    want.sort_unstable();
    assert_eq!(flipped, want);
    let black_before = board.count(Disc::Black);
    board.play(&Move::Place(2, 5)).expect("legal");
    for (x, y) in neighbours {
        assert_eq!(board.disc_at(x, y), Some(Disc::Black), "({x},{y})");
    }
    assert_eq!(board.count(Disc::Black), black_before + 1 + 8);
    // (4,4) is white but lies on no line through (2,5): untouched.
    assert_eq!(board.disc_at(4, 4), Some(Disc::White));
    assert_eq!(board.turn(), Disc::White);
}

#[test]
fn each_direction_alone_flips_a_long_line() {
    // One direction at a time from (0,0)..(7,7) corners and edges: a run of whites ended by a
    // black flips; the same run ending at the edge or at a gap flips nothing.
    let cases: [([&str; 8], (u8, u8), usize); 6] = [
        // Along the bottom edge to the right: (0,0) brackets (1,0)..(6,0) with (7,0).
        (
            [
                "........", "........", "........", "...OX...", "...XO...", "........", "........",
                ".OOOOOOX",
            ],
            (0, 0),
            6,
        ),
        // Down the left edge: (0,7) brackets (0,6)..(0,1) with (0,0).
        (
            [
                "........", "O.......", "O.......", "O..OX...", "O..XO...", "O.......", "O.......",
                "X.......",
            ],
            (0, 7),
            6,
        ),
        // Corner diagonal: (0,0) brackets (1,1),(2,2) with the centre (3,3).
        (
            [
                "........", "........", "........", "...OX...", "...XO...", "..O.....", ".O......",
                "........",
            ],
            (0, 0),
            2,
        ),
        // Anti-diagonal into the top-right corner: (7,7) brackets (6,6),(5,5) with (4,4).
        (
            [
                "........", "......O.", ".....O..", "...OX...", "...XO...", "........", "........",
                "........",
            ],
            (7, 7),
            2,
        ),
        // Run to the edge with no black at the end: nothing.
        (
            [
                "........", "........", "........", "...OX...", "...XO...", "........", "........",
                "OOOOOOO.",
            ],
            (7, 0),
            0,
        ),
        // A gap before the black disc: nothing.
        (
            [
                "........", "........", "........", "...OX...", "...XO...", "........", "........",
                ".OO.X...",
            ],
            (0, 0),
            0,
        ),
    ];
    for (lines, (x, y), count) in cases {
        let board = position(lines, Disc::Black);
        let flipped = board.flips(x, y, Disc::Black);
        assert_eq!(flipped.len(), count, "({x},{y}) in {lines:?}");
        let mut after = board;
        let result = after.play(&Move::Place(x, y));
        assert_eq!(result.is_ok(), count > 0, "({x},{y}) in {lines:?}");
        for (fx, fy) in flipped {
            assert_eq!(after.disc_at(fx, fy), Some(Disc::Black));
        }
    }
}

#[test]
fn illegal_placements_are_refused_and_leave_the_board_alone() {
    let mut board = Board::new();
    for (mv, words) in [
        (Move::Place(3, 3), "taken"),
        (Move::Place(0, 0), "would not turn"),
        (Move::Place(8, 0), "not on the board"),
        (Move::Pass, "cannot pass"),
    ] {
        let err = board.play(&mv).expect_err("illegal");
        assert!(err.message.contains(words), "{mv:?}: {err}");
        assert_eq!(board, Board::new());
    }
    assert!(board.flips(3, 3, Disc::Black).is_empty());
    assert!(board.flips(9, 9, Disc::Black).is_empty());
}

#[test]
fn a_side_without_placements_passes_and_the_pass_is_a_move() {
    let board = position(
        [
            "........", "........", "........", "...OO...", "...OO...", "........", "........",
            ".XOOOOOO",
        ],
        Disc::Black,
    );
    assert!(board.must_pass());
    assert_eq!(board.legal_moves(), [Move::Pass]);
    assert_eq!(board.outcome(), None);
    assert_eq!(board.to_move(), Some(Seat::First));
    let mut after = board;
    assert!(after.play(&Move::Place(0, 0)).is_err());
    after.play(&Move::Pass).expect("pass is legal");
    assert_eq!(after.turn(), Disc::White);
    assert_eq!(rows(&after), rows(&board));
    assert_eq!(after.legal_moves(), [Move::Place(0, 0)]);
    // The pass is recorded and undone like any move.
    let mut history = History::new(board);
    history.play(&Move::Pass).expect("legal");
    history.play(&Move::Place(0, 0)).expect("legal");
    assert_eq!(history.len(), 2);
    assert!(history.undo());
    assert_eq!(history.current(), &after);
    // White's reply wipes out black: a board of one colour ends the game.
    assert!(history.redo());
    let end = history.current();
    assert_eq!(end.count(Disc::Black), 0);
    assert!(end.is_over());
    assert_eq!(end.outcome(), Some(Outcome::Won(Seat::Second)));
    assert_eq!(end.to_move(), None);
    assert!(end.legal_moves().is_empty());
}

#[test]
fn a_full_board_ends_the_game_by_count() {
    let black_wins = position(
        [
            "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "OOOOOOOX", "OOOOOOOO", "OOOOOOOO",
            "OOOOOOOO",
        ],
        Disc::White,
    );
    assert_eq!(black_wins.count(Disc::Black), 33);
    assert_eq!(black_wins.outcome(), Some(Outcome::Won(Seat::First)));
    assert!(black_wins.legal_moves().is_empty());
    let mut copy = black_wins;
    assert!(copy.play(&Move::Pass).is_err());

    let draw = position(
        [
            "XXXXXXXX", "OOOOOOOO", "XXXXXXXX", "OOOOOOOO", "XXXXXXXX", "OOOOOOOO", "XXXXXXXX",
            "OOOOOOOO",
        ],
        Disc::Black,
    );
    assert_eq!(draw.outcome(), Some(Outcome::Draw));
    assert_eq!(Ending::Finished(Outcome::Draw).exit_code(), 12);
}

#[test]
fn a_blocked_board_with_empty_squares_ends_the_game() {
    // Black owns the four corners, white the centre: nobody can bracket anything.
    let draw = position(
        [
            "X......X", "........", "........", "...OO...", "...OO...", "........", "........",
            "X......X",
        ],
        Disc::Black,
    );
    assert!(!draw.must_pass());
    assert!(draw.is_over());
    assert_eq!(draw.outcome(), Some(Outcome::Draw));
    assert_eq!(draw.to_move(), None);
    assert!(draw.legal_moves().is_empty());

    let white_wins = position(
        [
            "........", "........", "........", "...OO...", "...OO...", "........", "........",
            "X.......",
        ],
        Disc::White,
    );
    assert_eq!(white_wins.outcome(), Some(Outcome::Won(Seat::Second)));
}

#[test]
fn seats_and_discs_convert_both_ways() {
    for disc in [Disc::Black, Disc::White] {
        assert_eq!(Disc::of_seat(disc.seat()), disc);
        assert_ne!(disc.other(), disc);
    }
    assert_eq!(Disc::Black.seat(), Seat::First);
    assert_eq!(Disc::White.symbol(), 'O');
}

/// The seed's Reversi session as the terminal shows it (`> ` line and the save question
/// left out; plain mode has no save).
const SEED_SESSION: &str = "\
7
6
5
4       O X
3       X O
2
1
0
X 0 1 2 3 4 5 6 7


now is Alice's turn.
enter the coordinate (x,y) you want to put your black piece: 4,2


black piece: 4; white piece: 1

7
6
5
4       O X
3       X X
2         X
1
0
X 0 1 2 3 4 5 6 7


now is Bob's turn.
enter the coordinate (x,y) you want to put your white piece: 5,2


black piece: 3; white piece: 3

7
6
5
4       O X
3       X O
2         X O
1
0
X 0 1 2 3 4 5 6 7


now is Alice's turn.
enter the coordinate (x,y) you want to put your black piece: 5,3


black piece: 5; white piece: 2

7
6
5
4       O X
3       X X X
2         X O
1
0
X 0 1 2 3 4 5 6 7


now is Bob's turn.
enter the coordinate (x,y) you want to put your white piece: 5,4


black piece: 3; white piece: 5

7
6
5
4       O O O
3       X X O
2         X O
1
0
X 0 1 2 3 4 5 6 7


now is Alice's turn.
enter the coordinate (x,y) you want to put your black piece: quit
user quit!
";

/// Splits a terminal transcript into what was typed and what the program printed: the text
/// after each prompt's `: ` up to the end of the line was typed (with its newline).
fn split_transcript(transcript: &str) -> (String, String) {
    let mut typed = String::new();
    let mut printed = String::new();
    for line in transcript.split_inclusive('\n') {
        if line.starts_with("enter the coordinate")
            && let Some(at) = line.find(": ")
        {
            printed.push_str(&line[..at + 2]);
            typed.push_str(&line[at + 2..]);
        } else {
            printed.push_str(line);
        }
    }
    (typed, printed)
}

fn alice_and_bob() -> PlainSetup {
    PlainSetup {
        players: Players {
            black: "Alice".into(),
            white: "Bob".into(),
        },
        start: Board::new(),
        computer: [None, None],
        names: Coordinates::Original,
    }
}

fn run(setup: &PlainSetup, typed: &str) -> (Ending, String) {
    let mut out = Vec::new();
    let ending = run_plain(setup, &mut typed.as_bytes(), &mut out).expect("in-memory I/O");
    (ending, String::from_utf8(out).expect("utf-8"))
}

#[test]
fn the_seed_session_replays_in_plain_mode() {
    let (typed, printed) = split_transcript(SEED_SESSION);
    assert_eq!(typed, "4,2\n5,2\n5,3\n5,4\nquit\n");
    let (ending, out) = run(&alice_and_bob(), &typed);
    assert_eq!(ending, Ending::Quit);
    assert_eq!(Ending::Quit.exit_code(), 4);
    let counts: Vec<&str> = out
        .lines()
        .filter(|line| line.starts_with("black piece:"))
        .collect();
    assert_eq!(
        counts,
        [
            "black piece: 4; white piece: 1",
            "black piece: 3; white piece: 3",
            "black piece: 5; white piece: 2",
            "black piece: 3; white piece: 5",
        ]
    );
    assert_eq!(out, printed);
}

#[test]
fn plain_mode_explains_bad_input_and_asks_again() {
    let (ending, out) = run(&alice_and_bob(), "hello\n0,0\n9,9\n3,3\npass\n4,2\n");
    assert_eq!(ending, Ending::Quit, "end of input is a quit");
    assert!(out.contains("\"hello\" is not a move"), "{out}");
    assert!(out.contains("would not turn over any white piece"), "{out}");
    assert!(out.contains("9,9 is off the board"), "{out}");
    assert!(out.contains("3,3 is already taken"), "{out}");
    assert!(out.contains("black cannot pass"), "{out}");
    assert!(out.contains("black piece: 4; white piece: 1"), "{out}");
    assert!(out.ends_with("user quit!\n"), "{out}");
    assert_eq!(out.matches("now is Alice's turn.").count(), 1);
    assert_eq!(out.matches("now is Bob's turn.").count(), 1);
}

#[test]
fn plain_mode_names_squares_the_standard_way_and_reads_both_names() {
    let setup = PlainSetup {
        names: Coordinates::Standard,
        ..alice_and_bob()
    };
    // d5 is the seed's 3,3 (taken); 0,0 is a8; e6 (the seed's 4,2) is legal.
    let (ending, out) = run(&setup, "d5\n0,0\ne6\n");
    assert_eq!(ending, Ending::Quit);
    assert!(out.contains("d5 is already taken"), "{out}");
    assert!(
        out.contains("a black piece on a8 would not turn over any white piece"),
        "{out}"
    );
    assert!(!out.contains("3,3"), "{out}");
    assert!(out.contains("black piece: 4; white piece: 1"), "{out}");
}

#[test]
fn plain_mode_announces_a_pass_and_reports_the_winner() {
    let start = position(
        [
            "........", "........", "........", "...OO...", "...OO...", "........", "........",
            ".XOOOOOO",
        ],
        Disc::Black,
    );
    let setup = PlainSetup {
        start,
        ..alice_and_bob()
    };
    let (ending, out) = run(&setup, "0,0\n");
    assert_eq!(ending, Ending::Finished(Outcome::Won(Seat::Second)));
    assert_eq!(ending.exit_code(), 11);
    assert!(
        out.contains("Alice (black) has no valid move and must pass"),
        "{out}"
    );
    assert!(!out.contains("now is Alice's turn."), "{out}");
    assert!(out.contains("now is Bob's turn."), "{out}");
    assert!(out.contains("black piece: 0; white piece: 12"), "{out}");
    assert!(
        out.ends_with("game over! Bob (white) wins with 12 pieces to 0.\n"),
        "{out}"
    );
}

#[test]
fn plain_mode_reports_a_finished_position_at_once() {
    let setup = PlainSetup {
        start: position(
            [
                "X......X", "........", "........", "...OO...", "...OO...", "........", "........",
                "X......X",
            ],
            Disc::Black,
        ),
        ..alice_and_bob()
    };
    let (ending, out) = run(&setup, "");
    assert_eq!(ending, Ending::Finished(Outcome::Draw));
    assert!(
        out.ends_with("game over! it is a draw: 4 pieces each.\n"),
        "{out}"
    );
}

/// Plays a game chosen by `picks` (each an index into the legal moves) and returns every
/// position with the move played in it.
fn random_game(picks: &[prop::sample::Index]) -> (Vec<Board>, Vec<Move>) {
    let mut board = Board::new();
    let mut positions = vec![board];
    let mut moves = Vec::new();
    for pick in picks {
        let legal = board.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = *pick.get(&legal);
        board.play(&mv).expect("generated moves are legal");
        positions.push(board);
        moves.push(mv);
    }
    (positions, moves)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn play_accepts_exactly_the_generated_moves(picks in prop::collection::vec(any::<prop::sample::Index>(), 0..70)) {
        let (positions, _) = random_game(&picks);
        for board in positions {
            let legal = board.legal_moves();
            prop_assert_eq!(legal.is_empty(), board.outcome().is_some());
            prop_assert_eq!(board.to_move().is_none(), board.outcome().is_some());
            let mut candidates: Vec<Move> = (0..SIZE)
                .flat_map(|y| (0..SIZE).map(move |x| Move::Place(x, y)))
                .collect();
            candidates.push(Move::Pass);
            for mv in candidates {
                let mut after = board;
                let result = after.play(&mv);
                prop_assert_eq!(result.is_ok(), legal.contains(&mv), "{:?}", mv);
                if result.is_err() {
                    prop_assert_eq!(after, board);
                }
            }
        }
    }

    #[test]
    fn a_move_adds_one_disc_and_flips_exactly_the_bracketed_ones(picks in prop::collection::vec(any::<prop::sample::Index>(), 0..70)) {
        let (positions, moves) = random_game(&picks);
        for (pair, mv) in positions.windows(2).zip(&moves) {
            let (before, after) = (pair[0], pair[1]);
            let me = before.turn();
            let flipped = before.flipped_by(mv);
            match mv {
                Move::Pass => {
                    prop_assert!(flipped.is_empty());
                    prop_assert_eq!(rows(&before), rows(&after));
                }
                Move::Place(..) => {
                    prop_assert!(!flipped.is_empty());
                    prop_assert_eq!(after.count(me), before.count(me) + 1 + flipped.len());
                    prop_assert_eq!(after.count(me.other()), before.count(me.other()) - flipped.len());
                }
            }
            prop_assert_eq!(after.turn(), me.other());
        }
    }

    #[test]
    fn undo_then_redo_is_the_identity(picks in prop::collection::vec(any::<prop::sample::Index>(), 0..70), back in 0usize..80) {
        let (positions, moves) = random_game(&picks);
        let mut history = History::new(Board::new());
        for mv in &moves {
            history.play(mv).expect("legal");
        }
        let full = history.clone();
        let back = back.min(moves.len());
        for _ in 0..back {
            prop_assert!(history.undo());
        }
        prop_assert_eq!(history.current(), &positions[moves.len() - back]);
        for _ in 0..back {
            prop_assert!(history.redo());
        }
        prop_assert_eq!(&history, &full);
        let replayed = History::replay(Board::new(), &moves, moves.len()).expect("legal");
        prop_assert_eq!(replayed, full);
    }

    #[test]
    fn rows_round_trip(picks in prop::collection::vec(any::<prop::sample::Index>(), 0..70)) {
        let (positions, moves) = random_game(&picks);
        for board in positions {
            prop_assert_eq!(from_rows(&rows(&board), board.turn()), Ok(board));
        }
        for mv in moves {
            prop_assert_eq!(super::notation::parse_move(&format_move(&mv)), Ok(mv));
        }
    }

    #[test]
    fn a_whole_random_game_plays_through_plain_mode(picks in prop::collection::vec(any::<prop::sample::Index>(), 70)) {
        let (positions, moves) = random_game(&picks);
        let last = positions.last().expect("at least the start");
        prop_assume!(last.outcome().is_some());
        let typed: String = moves
            .iter()
            .filter(|mv| **mv != Move::Pass)
            .map(|mv| format_move(mv) + "\n")
            .collect();
        let (ending, out) = run(&alice_and_bob(), &typed);
        prop_assert_eq!(ending, Ending::Finished(last.outcome().expect("over")));
        let passes = moves.iter().filter(|mv| **mv == Move::Pass).count();
        prop_assert_eq!(out.matches("must pass").count(), passes);
        prop_assert!(out.contains(&super::plain::counts_line(last)));
    }
}
