//! The rules' tests: unit tests from the rules' own definitions and property tests.

use super::*;
use crate::core::History;
use proptest::prelude::*;

pub(crate) fn sq(x: u8, y: u8) -> Square {
    Square::new(x, y).expect("test square on the board")
}

pub(crate) fn jump(from: (u8, u8), to: (u8, u8)) -> Move {
    Move::Jump {
        from: sq(from.0, from.1),
        to: sq(to.0, to.1),
    }
}

/// A position with almonds on the given squares, no chain, turns consistent.
pub(crate) fn position(squares: &[(u8, u8)]) -> NineAlmonds {
    let almonds: Vec<Square> = squares.iter().map(|&(x, y)| sq(x, y)).collect();
    let turns = START_ALMONDS - almonds.len() as u32;
    NineAlmonds::try_from(Setup {
        almonds,
        chain: None,
        turns: turns.min(1),
    })
    .expect("valid test position")
}

#[test]
fn the_start_has_the_centre_three_by_three() {
    let p = NineAlmonds::new();
    assert_eq!(p.almond_count(), 9);
    for s in Square::all() {
        let inner = (1..=3).contains(&s.x()) && (1..=3).contains(&s.y());
        assert_eq!(p.has_almond(s), inner, "{s}");
    }
    assert_eq!(p.turns(), 0);
    assert_eq!(p.chain(), None);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.to_move(), None);
}

#[test]
fn from_the_start_the_centre_and_edge_almonds_jump_and_the_corners_cannot() {
    let p = NineAlmonds::new();
    let moves = p.legal_moves();
    // The centre almond jumps over each of its eight neighbours onto the empty outer ring.
    assert_eq!(p.landings(sq(2, 2)).len(), 8);
    // An edge almond such as 1,2 jumps outward along the side of the 3x3, both ways
    // orthogonally and both ways diagonally; inward it would land on an almond.
    let mut edge = p.landings(sq(1, 2));
    edge.sort();
    assert_eq!(edge, vec![sq(1, 0), sq(1, 4), sq(3, 0), sq(3, 4)]);
    // A corner almond's jumps all land inside the full 3x3.
    for corner in [sq(1, 1), sq(3, 1), sq(1, 3), sq(3, 3)] {
        assert!(p.landings(corner).is_empty(), "{corner}");
    }
    assert_eq!(moves.len(), 8 + 4 * 4);
    assert!(
        !moves.contains(&Move::EndTurn),
        "no chain to end at the start"
    );
    for mv in &moves {
        let Move::Jump { from, to } = *mv else {
            panic!("only jumps outside a chain")
        };
        assert!(p.has_almond(from) && !p.has_almond(to));
    }
}

#[test]
fn an_almond_jumps_in_each_of_the_eight_directions() {
    // Centre almond with a ring of eight neighbours and the outer ring empty.
    let mut squares = vec![(2, 2)];
    for (dx, dy) in DIRECTIONS {
        squares.push(((2 + dx) as u8, (2 + dy) as u8));
    }
    let p = position(&squares);
    let landings = p.landings(sq(2, 2));
    assert_eq!(landings.len(), 8);
    for (dx, dy) in DIRECTIONS {
        let to = sq((2 + 2 * dx) as u8, (2 + 2 * dy) as u8);
        assert!(landings.contains(&to), "direction ({dx},{dy})");
        let mut after = p;
        after
            .play(&Move::Jump { from: sq(2, 2), to })
            .expect("legal jump");
        let over = sq((2 + dx) as u8, (2 + dy) as u8);
        assert!(!after.has_almond(over), "jumped almond removed");
        assert!(!after.has_almond(sq(2, 2)), "jumper left its square");
        assert!(after.has_almond(to), "jumper landed");
        assert_eq!(after.almond_count(), 8);
    }
}

#[test]
fn jumps_never_leave_the_board() {
    // An almond on the edge with a neighbour towards the edge cannot jump off the board.
    let p = position(&[(0, 0), (1, 1), (0, 4), (0, 3), (4, 2), (3, 2)]);
    assert!(
        p.landings(sq(1, 1)).is_empty(),
        "(1,1) over (0,0) leaves the board"
    );
    assert!(
        p.landings(sq(0, 3)).is_empty(),
        "(0,3) over (0,4) leaves the board"
    );
    assert!(
        p.landings(sq(3, 2)).is_empty(),
        "(3,2) over (4,2) leaves the board"
    );
    assert_eq!(p.landings(sq(0, 0)), vec![sq(2, 2)]);
    assert_eq!(p.landings(sq(0, 4)), vec![sq(0, 2)]);
    assert_eq!(p.landings(sq(4, 2)), vec![sq(2, 2)]);
    assert_eq!(Square::new(5, 0), None, "no square off the board");
    assert_eq!(Square::new(0, 5), None, "no square off the board");
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let p = NineAlmonds::new();
    let cases = [
        (jump((0, 0), (2, 2)), "there is no almond on 0,0."),
        (jump((1, 1), (3, 3)), "3,3 is not empty."),
        (
            jump((2, 2), (3, 4)),
            "2,2 to 3,4 is not a jump: an almond lands two squares away in a straight or \
             diagonal line.",
        ),
        (
            Move::EndTurn,
            "there is no chain of jumps to end: pick an almond to jump with.",
        ),
    ];
    for (mv, why) in cases {
        let mut q = p;
        assert_eq!(
            q.play(&mv).map_err(|e| e.message),
            Err(why.into()),
            "{mv:?}"
        );
        assert_eq!(q, p);
    }
    let blocked = position(&[(0, 0), (1, 1), (2, 2)]);
    let mut q = blocked;
    assert_eq!(
        q.play(&jump((0, 0), (2, 2))),
        Err(IllegalMove::new(
            IllegalReason::Occupied,
            "2,2 is not empty."
        ))
    );
    let gap = position(&[(0, 0), (3, 3), (3, 4)]);
    let mut q = gap;
    assert_eq!(
        q.play(&jump((0, 0), (2, 2))),
        Err(IllegalMove::new(
            IllegalReason::Unreachable,
            "there is no almond on 1,1 to jump over."
        ))
    );
}

#[test]
fn a_chain_continues_with_the_same_almond_only() {
    let mut p = NineAlmonds::new();
    p.play(&jump((2, 2), (2, 4))).expect("legal");
    assert_eq!(
        p.chain(),
        Some(sq(2, 4)),
        "2,4 can jump again over 3,3 or 1,3"
    );
    assert_eq!(p.turns(), 1);
    let moves = p.legal_moves();
    assert!(moves.contains(&Move::EndTurn));
    assert!(moves.iter().all(|m| match m {
        Move::Jump { from, .. } => *from == sq(2, 4),
        Move::EndTurn => true,
    }));
    let mut q = p;
    assert_eq!(
        q.play(&jump((1, 2), (3, 2))),
        Err(IllegalMove::new(
            IllegalReason::Forbidden,
            "only the almond on 2,4 may jump until this turn ends."
        ))
    );
    p.play(&jump((2, 4), (4, 2))).expect("legal chain jump");
    assert_eq!(p.turns(), 1, "a chain is one turn");
    p.play(&Move::EndTurn).expect("end the chain");
    assert_eq!(p.chain(), None);
    assert_eq!(p.turns(), 1);
    p.play(&jump((1, 3), (1, 1))).ok();
    assert_eq!(p.turns(), 1, "1,1 is occupied: refused, no turn counted");
    p.play(&jump((1, 2), (3, 0)))
        .expect("a new turn with any almond");
    assert_eq!(p.turns(), 2);
}

#[test]
fn the_turn_ends_by_itself_when_the_almond_cannot_jump_again() {
    // The seed's losing game: 1,2 to 1,4 leaves the almond on 1,4 with no jump.
    let mut p = NineAlmonds::new();
    p.play(&jump((1, 2), (1, 4))).expect("legal");
    assert_eq!(p.chain(), None);
    assert!(!p.legal_moves().contains(&Move::EndTurn));
    assert_eq!(p.turns(), 1);
    p.play(&jump((2, 2), (2, 4))).expect("legal");
    assert_eq!(p.turns(), 2);
}

#[test]
fn winning_needs_the_last_almond_on_the_centre() {
    let mut p = position(&[(0, 2), (1, 2)]);
    p.play(&jump((0, 2), (2, 2))).expect("legal");
    assert_eq!(p.outcome(), Some(Outcome::Solved));
    assert!(p.legal_moves().is_empty());
    assert!(p.clone().play(&Move::EndTurn).is_err());

    let mut q = position(&[(0, 1), (1, 1)]);
    q.play(&jump((0, 1), (2, 1))).expect("legal");
    assert_eq!(q.almond_count(), 1);
    assert_eq!(
        q.outcome(),
        Some(Outcome::Lost),
        "one almond off the centre"
    );
}

#[test]
fn no_jump_anywhere_is_a_loss() {
    // The seed's lost game ends with the four almonds on 0,4 3,4 0,1 3,1.
    let p = position(&[(0, 4), (3, 4), (0, 1), (3, 1)]);
    assert_eq!(p.outcome(), Some(Outcome::Lost));
    assert!(p.legal_moves().is_empty());
    let alive = position(&[(0, 4), (1, 4), (0, 1), (3, 1)]);
    assert_eq!(alive.outcome(), None);
}

#[test]
fn setup_rejects_impossible_positions() {
    let ok = Setup {
        almonds: vec![sq(2, 2), sq(2, 3)],
        chain: None,
        turns: 3,
    };
    assert!(NineAlmonds::try_from(ok.clone()).is_ok());
    let bad = |f: &dyn Fn(&mut Setup)| {
        let mut s = ok.clone();
        f(&mut s);
        NineAlmonds::try_from(s).expect_err("should be refused")
    };
    assert_eq!(bad(&|s| s.almonds.clear()), SetupError::NoAlmonds);
    assert_eq!(
        bad(&|s| s.almonds.push(sq(2, 2))),
        SetupError::Duplicate(sq(2, 2))
    );
    assert_eq!(
        bad(&|s| s.almonds = Square::all().take(10).collect()),
        SetupError::TooManyAlmonds(10)
    );
    assert_eq!(
        bad(&|s| s.turns = 8),
        SetupError::Turns {
            turns: 8,
            almonds: 2
        }
    );
    assert_eq!(
        bad(&|s| s.turns = 0),
        SetupError::Turns {
            turns: 0,
            almonds: 2
        }
    );
    assert_eq!(
        bad(&|s| s.chain = Some(sq(0, 0))),
        SetupError::BadChain(sq(0, 0), "is not there")
    );
    assert_eq!(
        bad(&|s| {
            s.almonds = vec![sq(2, 2), sq(4, 4)];
            s.chain = Some(sq(2, 2));
        }),
        SetupError::BadChain(sq(2, 2), "has no jump left")
    );
    let start = Setup::from(&NineAlmonds::new());
    assert_eq!(NineAlmonds::try_from(start), Ok(NineAlmonds::new()));
}

/// A reachable position: a random walk of up to `steps` legal moves from the start.
pub(crate) fn walk(choices: &[usize]) -> NineAlmonds {
    let mut p = NineAlmonds::new();
    for &choice in choices {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p.play(&moves[choice % moves.len()])
            .expect("generated moves are legal");
    }
    p
}

proptest! {
    #[test]
    fn every_generated_move_is_legal_and_keeps_the_invariants(
        choices in proptest::collection::vec(any::<usize>(), 0..12)
    ) {
        let mut p = NineAlmonds::new();
        for choice in choices {
            let moves = p.legal_moves();
            if moves.is_empty() {
                prop_assert!(p.outcome().is_some());
                break;
            }
            let before = p;
            let mv = moves[choice % moves.len()];
            prop_assert!(p.play(&mv).is_ok());
            if let Move::Jump { .. } = mv {
                prop_assert_eq!(p.almond_count() + 1, before.almond_count());
                let new_turn = before.chain().is_none();
                prop_assert_eq!(p.turns(), before.turns() + u32::from(new_turn));
            }
            // The position always survives a trip through its setup.
            prop_assert_eq!(NineAlmonds::try_from(Setup::from(&p)), Ok(p));
            // A chain almond always has a jump; otherwise its turn would have ended.
            if let Some(c) = p.chain() {
                prop_assert!(p.can_jump_from(c));
            }
        }
    }

    #[test]
    fn undo_then_redo_is_the_identity(
        choices in proptest::collection::vec(any::<usize>(), 0..12),
        back in 0usize..12,
    ) {
        let mut history = History::new(NineAlmonds::new());
        let mut positions = vec![*history.current()];
        for choice in choices {
            let moves = history.current().legal_moves();
            if moves.is_empty() {
                break;
            }
            history.play(&moves[choice % moves.len()]).expect("legal");
            positions.push(*history.current());
        }
        let played = history.applied();
        let back = back.min(played);
        // Undo takes back one jump (or one EndTurn) at a time.
        for step in 1..=back {
            prop_assert!(history.undo());
            prop_assert_eq!(history.current(), &positions[played - step]);
        }
        for _ in 0..back {
            prop_assert!(history.redo());
        }
        prop_assert_eq!(history.current(), &positions[played]);
        prop_assert!(!history.redo());
    }
}
