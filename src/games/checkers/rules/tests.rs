//! The rules from their own definitions (GAMES.md §4): hand-made positions for each rule and
//! property tests over random games.

use super::*;

fn sq(x: u8, y: u8) -> Square {
    Square::new(x, y)
}

fn path(squares: &[(u8, u8)]) -> Move {
    Move::new(squares.iter().map(|&(x, y)| sq(x, y)).collect())
}

fn pawn(side: Seat) -> Piece {
    Piece { side, king: false }
}

fn king(side: Seat) -> Piece {
    Piece { side, king: true }
}

const B: Seat = Seat::First;
const W: Seat = Seat::Second;

fn position(pieces: &[((u8, u8), Piece)], to_move: Seat, forced: bool) -> Checkers {
    Checkers::try_from(Setup {
        pieces: pieces.iter().map(|&((x, y), p)| (sq(x, y), p)).collect(),
        to_move,
        quiet_plies: 0,
        forced_capture: forced,
    })
    .expect("valid test position")
}

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_by_key(|m| m.path.clone());
    moves
}

#[test]
fn bit_indices_name_the_dark_squares_four_a_row() {
    for i in 0..32u8 {
        let s = Square::from_index(i);
        assert!(s.is_dark());
        assert_eq!(s.index(), Some(i));
    }
    assert_eq!(sq(0, 0).index(), Some(0));
    assert_eq!(sq(1, 1).index(), Some(4));
    assert_eq!(sq(7, 7).index(), Some(31));
    assert_eq!(sq(0, 1).index(), None);
    assert_eq!(sq(8, 0).index(), None);
}

#[test]
fn start_position_has_twelve_pawns_each_on_the_right_rows() {
    let g = Checkers::default();
    assert_eq!(g.board().count(B), 12);
    assert_eq!(g.board().count(W), 12);
    for (s, p) in g.board().pieces() {
        assert!(!p.king);
        assert!(s.is_dark());
        match p.side {
            Seat::First => assert!(s.y >= 5),
            Seat::Second => assert!(s.y <= 2),
        }
    }
    assert_eq!(g.to_move(), Some(B));
    assert_eq!(g.piece_at(sq(1, 5)), Some(pawn(B)));
    assert_eq!(g.piece_at(sq(2, 2)), Some(pawn(W)));
}

#[test]
fn black_moves_first_and_down() {
    let g = Checkers::default();
    let moves = g.legal_moves();
    assert_eq!(moves.len(), 7);
    for m in &moves {
        let (from, to) = (m.from().expect("path"), m.to().expect("path"));
        assert_eq!(from.y, 5);
        assert_eq!(to.y, 4);
    }
}

#[test]
fn perft_shallow() {
    let g = Checkers::default();
    let expected = [7, 49, 302, 1469, 7361, 36768, 179_740];
    for (depth, &n) in expected.iter().enumerate() {
        assert_eq!(g.perft(depth as u32 + 1), n, "depth {}", depth + 1);
    }
}

#[test]
fn the_generic_perft_over_the_public_rules_matches_the_published_counts() {
    // The rules' own move list (through `core::rules::perft`), not the engine's generator.
    let expected = [7, 49, 302, 1469, 7361];
    for (depth, &n) in expected.iter().enumerate() {
        let count = crate::core::rules::perft(&Checkers::default(), depth as u32 + 1);
        assert_eq!(count, n, "depth {}", depth + 1);
    }
}

#[test]
fn perft_counts_the_legal_moves_of_the_public_api() {
    // The fast generator and the public move list agree along a random-ish line.
    let mut g = Checkers::default();
    for i in 0..30 {
        let moves = g.legal_moves();
        assert_eq!(g.perft(1), moves.len() as u64);
        if moves.is_empty() {
            break;
        }
        g.play(&moves[(i * 7) % moves.len()]).expect("legal");
    }
}

#[test]
fn pawns_step_forward_only() {
    let black = position(&[((3, 3), pawn(B)), ((7, 5), pawn(W))], B, true);
    assert_eq!(
        sorted(black.legal_moves()),
        vec![path(&[(3, 3), (2, 2)]), path(&[(3, 3), (4, 2)])]
    );
    let white = position(&[((3, 3), pawn(W)), ((7, 7), king(B))], W, true);
    assert_eq!(
        sorted(white.legal_moves()),
        vec![path(&[(3, 3), (2, 4)]), path(&[(3, 3), (4, 4)])]
    );
}

#[test]
fn pawns_capture_forward_only_and_kings_both_ways() {
    // White pieces both in front of and behind the black pawn on 3,3.
    let pieces = [
        ((3, 3), pawn(B)),
        ((2, 2), pawn(W)),
        ((4, 4), pawn(W)),
        ((2, 4), pawn(W)),
    ];
    let g = position(&pieces, B, true);
    assert_eq!(g.legal_moves(), vec![path(&[(3, 3), (1, 1)])]);

    let mut kings = pieces;
    kings[0].1 = king(B);
    let g = position(&kings, B, true);
    assert_eq!(
        sorted(g.legal_moves()),
        vec![
            path(&[(3, 3), (1, 1)]),
            path(&[(3, 3), (1, 5)]),
            path(&[(3, 3), (5, 5)]),
        ]
    );
}

#[test]
fn kings_step_in_all_four_directions() {
    let g = position(&[((3, 3), king(W)), ((7, 7), pawn(B))], W, true);
    assert_eq!(
        sorted(g.legal_moves()),
        vec![
            path(&[(3, 3), (2, 2)]),
            path(&[(3, 3), (2, 4)]),
            path(&[(3, 3), (4, 2)]),
            path(&[(3, 3), (4, 4)]),
        ]
    );
}

#[test]
fn captures_are_compulsory_and_multi_jumps_continue() {
    let g = position(
        &[
            ((1, 1), pawn(W)),
            ((2, 2), pawn(B)),
            ((2, 4), pawn(B)),
            ((6, 6), pawn(B)),
            ((6, 0), pawn(W)),
        ],
        W,
        true,
    );
    // Only the pawn on 1,1 may move, and it must take both pieces.
    assert!(g.must_capture());
    assert_eq!(g.movable_pieces(), vec![sq(1, 1)]);
    assert_eq!(g.legal_moves(), vec![path(&[(1, 1), (3, 3), (1, 5)])]);
    // The partial jump is not a move.
    let mut h = g.clone();
    let err = h.play(&path(&[(1, 1), (3, 3)])).expect_err("unfinished");
    assert!(err.message.contains("1,5"), "{err}");
    let err = h.play(&path(&[(6, 0), (7, 1)])).expect_err("must capture");
    assert!(err.message.contains("compulsory"), "{err}");
    assert_eq!(err.reason, crate::core::IllegalReason::Forbidden);
    h.play(&path(&[(1, 1), (3, 3), (1, 5)])).expect("legal");
    assert_eq!(h.board().count(B), 1);
    assert_eq!(h.piece_at(sq(1, 5)), Some(pawn(W)));
}

#[test]
fn every_jump_path_is_its_own_move_and_next_squares_follow_them() {
    // A white pawn on 2,0 with a fork: two different double jumps.
    let g = position(
        &[
            ((2, 0), pawn(W)),
            ((1, 1), pawn(B)),
            ((3, 1), pawn(B)),
            ((3, 3), pawn(B)),
            ((5, 3), pawn(B)),
        ],
        W,
        true,
    );
    assert_eq!(
        sorted(g.legal_moves()),
        vec![
            path(&[(2, 0), (0, 2)]),
            path(&[(2, 0), (4, 2), (2, 4)]),
            path(&[(2, 0), (4, 2), (6, 4)]),
        ]
    );
    assert_eq!(g.next_squares(&[sq(2, 0)]), vec![sq(0, 2), sq(4, 2)]);
    assert_eq!(
        g.next_squares(&[sq(2, 0), sq(4, 2)]),
        vec![sq(2, 4), sq(6, 4)]
    );
    assert!(g.next_squares(&[sq(2, 0), sq(0, 2)]).is_empty());
    assert!(g.find_move(&[sq(2, 0), sq(4, 2)]).is_none());
    assert!(g.find_move(&[sq(2, 0), sq(4, 2), sq(6, 4)]).is_some());
    let preview = g.preview(&[sq(2, 0), sq(4, 2)]);
    assert_eq!(preview.piece_at(sq(4, 2)), Some(pawn(W)));
    assert_eq!(preview.piece_at(sq(3, 1)), None);
    assert_eq!(preview.piece_at(sq(2, 0)), None);
}

#[test]
fn crowning_ends_the_move() {
    // The white pawn lands on the far row by a jump; as a king it could jump on over
    // 6,6, but crowning ends its turn.
    let g = position(
        &[((3, 5), pawn(W)), ((4, 6), pawn(B)), ((6, 6), pawn(B))],
        W,
        true,
    );
    assert_eq!(g.legal_moves(), vec![path(&[(3, 5), (5, 7)])]);
    let mut h = g.clone();
    h.play(&path(&[(3, 5), (5, 7)])).expect("legal");
    assert_eq!(h.piece_at(sq(5, 7)), Some(king(W)));
    assert_eq!(h.to_move(), Some(B));

    // A black pawn crowned by a step.
    let mut g = position(&[((1, 1), pawn(B)), ((7, 5), pawn(W))], B, true);
    g.play(&path(&[(1, 1), (0, 0)])).expect("legal");
    assert_eq!(g.piece_at(sq(0, 0)), Some(king(B)));
}

#[test]
fn a_king_already_crowned_jumps_on_from_the_far_row() {
    let g = position(
        &[((3, 5), king(W)), ((4, 6), pawn(B)), ((6, 6), pawn(B))],
        W,
        true,
    );
    assert_eq!(g.legal_moves(), vec![path(&[(3, 5), (5, 7), (7, 5)])]);
}

#[test]
fn a_piece_is_never_jumped_twice() {
    // After 2,2x4,4 the king could jump back over 3,3 if the piece were still there.
    let g = position(&[((2, 2), king(B)), ((3, 3), pawn(W))], B, true);
    assert_eq!(g.legal_moves(), vec![path(&[(2, 2), (4, 4)])]);

    // A ring of four pieces: the king goes round and may come back to its start square,
    // in either direction, but never over a piece twice.
    let ring = [
        ((2, 2), king(B)),
        ((3, 3), pawn(W)),
        ((5, 3), pawn(W)),
        ((5, 1), pawn(W)),
        ((3, 1), pawn(W)),
    ];
    let g = position(&ring, B, true);
    let moves = g.legal_moves();
    for m in &moves {
        let mut captured = m.captured();
        let n = captured.len();
        captured.sort_unstable();
        captured.dedup();
        assert_eq!(captured.len(), n, "{m:?} jumps a piece twice");
    }
    assert!(moves.contains(&path(&[(2, 2), (4, 4), (6, 2), (4, 0), (2, 2)])));
    assert!(moves.contains(&path(&[(2, 2), (4, 0), (6, 2), (4, 4), (2, 2)])));
    let mut after = g.clone();
    after
        .play(&path(&[(2, 2), (4, 4), (6, 2), (4, 0), (2, 2)]))
        .expect("legal");
    assert_eq!(after.board().count(W), 0);
    assert_eq!(after.piece_at(sq(2, 2)), Some(king(B)));
    assert_eq!(after.outcome(), Some(Outcome::Won(B)));
}

#[test]
fn losing_by_having_no_piece() {
    let mut g = position(&[((3, 3), pawn(B)), ((2, 2), pawn(W))], B, true);
    g.play(&path(&[(3, 3), (1, 1)])).expect("legal");
    assert_eq!(g.outcome(), Some(Outcome::Won(B)));
    assert_eq!(g.to_move(), None);
    assert!(g.legal_moves().is_empty());
    assert!(g.play(&path(&[(1, 1), (0, 0)])).is_err());
}

#[test]
fn losing_by_having_no_legal_move() {
    // The white pawn on 0,0 is blocked by a black king it cannot jump (1,1 then 2,2 full).
    let g = position(
        &[((0, 0), pawn(W)), ((1, 1), king(B)), ((2, 2), king(B))],
        W,
        true,
    );
    assert_eq!(g.board().count(W), 1);
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.outcome(), Some(Outcome::Won(B)));
    // The same pieces with black to move: the game goes on.
    let g = position(
        &[((0, 0), pawn(W)), ((1, 1), king(B)), ((2, 2), king(B))],
        B,
        true,
    );
    assert_eq!(g.outcome(), None);
}

#[test]
fn forty_quiet_moves_each_draw() {
    let mut g = position(&[((0, 0), king(W)), ((7, 7), king(B))], B, true);
    let shuffle = [
        path(&[(7, 7), (6, 6)]),
        path(&[(0, 0), (1, 1)]),
        path(&[(6, 6), (7, 7)]),
        path(&[(1, 1), (0, 0)]),
    ];
    for ply in 0..DRAW_PLIES as usize {
        assert_eq!(g.outcome(), None, "ply {ply}");
        g.play(&shuffle[ply % 4]).expect("legal");
    }
    assert_eq!(g.quiet_plies(), DRAW_PLIES);
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    assert!(g.legal_moves().is_empty());
    assert!(g.movable_pieces().is_empty());
    assert!(g.play(&shuffle[0]).is_err());
}

#[test]
fn pawn_moves_and_captures_reset_the_draw_counter() {
    let mut g = Checkers::try_from(Setup {
        pieces: vec![
            (sq(7, 7), king(B)),
            (sq(1, 5), pawn(B)),
            (sq(0, 0), king(W)),
        ],
        to_move: B,
        quiet_plies: 70,
        forced_capture: true,
    })
    .expect("valid");
    g.play(&path(&[(7, 7), (6, 6)])).expect("legal");
    assert_eq!(g.quiet_plies(), 71);
    g.play(&path(&[(0, 0), (1, 1)])).expect("legal");
    g.play(&path(&[(1, 5), (0, 4)])).expect("legal");
    assert_eq!(g.quiet_plies(), 0);
}

#[test]
fn free_capture_variant_allows_declining_a_capture() {
    let pieces = [((3, 3), pawn(B)), ((2, 2), pawn(W)), ((7, 5), pawn(W))];
    let forced = position(&pieces, B, true);
    assert_eq!(forced.legal_moves(), vec![path(&[(3, 3), (1, 1)])]);
    let free = position(&pieces, B, false);
    assert!(!free.must_capture());
    assert_eq!(
        sorted(free.legal_moves()),
        vec![path(&[(3, 3), (1, 1)]), path(&[(3, 3), (4, 2)])]
    );
    let mut g = free.clone();
    g.play(&path(&[(3, 3), (4, 2)]))
        .expect("declining is allowed");
    assert_eq!(g.board().count(W), 2);
    // Once jumping, the piece still goes on as far as it can.
    let chain = position(
        &[((5, 5), pawn(B)), ((4, 4), pawn(W)), ((2, 2), pawn(W))],
        B,
        false,
    );
    assert_eq!(
        sorted(chain.legal_moves()),
        vec![path(&[(5, 5), (3, 3), (1, 1)]), path(&[(5, 5), (6, 4)]),]
    );
}

#[test]
fn setups_are_validated() {
    let base = Checkers::default().setup();
    let bad = |pieces: Vec<(Square, Piece)>| {
        Checkers::try_from(Setup {
            pieces,
            ..base.clone()
        })
    };
    assert_eq!(
        bad(vec![(sq(0, 1), pawn(B))]),
        Err(SetupError::NotDark(sq(0, 1)))
    );
    assert_eq!(
        bad(vec![(sq(1, 1), pawn(B)), (sq(1, 1), pawn(W))]),
        Err(SetupError::Duplicate(sq(1, 1)))
    );
    assert_eq!(
        bad(vec![(sq(0, 0), pawn(B))]),
        Err(SetupError::Uncrowned(sq(0, 0), B))
    );
    assert_eq!(
        bad(vec![(sq(1, 7), pawn(W))]),
        Err(SetupError::Uncrowned(sq(1, 7), W))
    );
    let thirteen: Vec<_> = (0..13u8)
        .map(|i| (Square::from_index(i + 4), pawn(W)))
        .collect();
    assert_eq!(bad(thirteen), Err(SetupError::TooManyPieces(W, 13)));
    assert!(
        Checkers::try_from(Setup {
            quiet_plies: DRAW_PLIES + 1,
            ..base.clone()
        })
        .is_err()
    );
    assert_eq!(Checkers::try_from(base), Ok(Checkers::default()));
}

mod properties {
    use proptest::prelude::*;

    use super::super::super::notation::{format_move, parse_move};
    use super::*;
    use crate::core::History;

    /// A game of up to `choices.len()` moves from the start, each number picking a move.
    fn played(choices: &[usize], forced: bool) -> History<Checkers> {
        let mut history = History::new(Checkers::new(forced));
        for &c in choices {
            let moves = history.current().legal_moves();
            if moves.is_empty() {
                break;
            }
            history
                .play(&moves[c % moves.len()])
                .expect("generated moves are legal");
        }
        history
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn undo_then_redo_is_the_identity(
            choices in proptest::collection::vec(0usize..64, 0..150),
            forced: bool,
            back in 0usize..150,
        ) {
            let mut history = played(&choices, forced);
            let end = history.current().clone();
            let n = history.applied();
            let back = back.min(n);
            let mut positions = vec![end.clone()];
            for _ in 0..back {
                prop_assert!(history.undo());
                positions.push(history.current().clone());
            }
            for _ in 0..back {
                prop_assert!(history.redo());
            }
            prop_assert_eq!(history.current(), &end);
            // Undoing one move gives exactly the position that move was played in.
            for ((before, mv), after) in history.applied_moves().zip(
                history.all_moves().skip(1).map(|(p, _)| p).chain(std::iter::once(&end)),
            ) {
                let mut replayed = before.clone();
                replayed.play(mv).expect("recorded moves are legal");
                prop_assert_eq!(&replayed, after);
            }
        }

        #[test]
        fn a_saved_move_list_replays_to_the_same_game(
            choices in proptest::collection::vec(0usize..64, 0..150),
            forced: bool,
            back in 0usize..20,
        ) {
            let mut history = played(&choices, forced);
            for _ in 0..back {
                history.undo();
            }
            let texts: Vec<String> = history.all_moves().map(|(_, m)| format_move(m)).collect();
            let moves: Vec<Move> = texts
                .iter()
                .map(|t| parse_move(t))
                .collect::<Result<_, _>>()
                .expect("own notation parses");
            let start = Checkers::try_from(history.start().setup()).expect("valid start");
            let replayed = History::replay(start, &moves, history.applied())
                .expect("own moves replay");
            prop_assert_eq!(replayed, history);
        }

        #[test]
        fn square_by_square_selection_reaches_exactly_the_legal_moves(
            choices in proptest::collection::vec(0usize..64, 0..150),
            forced: bool,
        ) {
            let history = played(&choices, forced);
            let game = history.current();
            let moves = game.legal_moves();
            let mut built = Vec::new();
            let mut stack: Vec<Vec<Square>> =
                game.movable_pieces().into_iter().map(|s| vec![s]).collect();
            while let Some(path) = stack.pop() {
                let next = game.next_squares(&path);
                if next.is_empty() {
                    let mv = game.find_move(&path);
                    prop_assert!(mv.is_some(), "dead end {:?}", path);
                    built.extend(mv);
                }
                for sq in next {
                    let mut longer = path.clone();
                    longer.push(sq);
                    stack.push(longer);
                }
            }
            prop_assert_eq!(sorted(built), sorted(moves.clone()));
            for mv in &moves {
                let mut after = game.clone();
                prop_assert!(after.play(mv).is_ok());
                let moved = after.board().count(game.side_to_move());
                prop_assert_eq!(moved, game.board().count(game.side_to_move()));
                prop_assert_eq!(
                    after.board().count(game.side_to_move().other()) as usize,
                    game.board().count(game.side_to_move().other()) as usize
                        - mv.captured().len()
                );
            }
        }
    }
}
