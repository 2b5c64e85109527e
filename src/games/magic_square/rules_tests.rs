//! The rules' tests: unit tests from the rules' own definitions and property tests.

use super::*;
use crate::core::History;
use proptest::prelude::*;

fn game(size: u8, min: i64) -> MagicSquare {
    MagicSquare::new(Params { size, min }).expect("valid parameters")
}

fn place(state: &mut MagicSquare, value: i64, x: u8, y: u8) {
    state
        .play(&Placement { value, x, y })
        .expect("legal placement");
}

/// Fills the board row by row from the top, as a picture reads.
fn fill(state: &mut MagicSquare, picture: &[&[i64]]) {
    let n = picture.len() as u8;
    for (row, values) in picture.iter().enumerate() {
        for (x, &v) in values.iter().enumerate() {
            place(state, v, x as u8, n - 1 - row as u8);
        }
    }
}

#[test]
fn magic_sum_follows_the_formula() {
    assert_eq!(game(3, 1).magic_sum(), 15);
    assert_eq!(game(3, -9).magic_sum(), -15);
    assert_eq!(game(4, 1).magic_sum(), 34);
    assert_eq!(game(5, 1).magic_sum(), 65);
    assert_eq!(game(1, 7).magic_sum(), 7);
    assert_eq!(game(2, 0).magic_sum(), 3);
    // n·min + n(n²−1)/2 against the total of all pieces divided by n.
    for size in 1..=MAX_SIZE {
        for min in [-1000, -7, 0, 1, 12345] {
            let g = game(size, min);
            let total: i64 = (g.min()..=g.max()).sum();
            assert_eq!(g.magic_sum() * i64::from(size), total, "{size} {min}");
        }
    }
}

#[test]
fn sizes_outside_one_to_nine_are_refused() {
    assert_eq!(
        MagicSquare::new(Params { size: 0, min: 1 }),
        Err(SetupError::SizeZero)
    );
    let err = MagicSquare::new(Params { size: 10, min: 1 }).expect_err("too large");
    assert_eq!(err, SetupError::SizeTooLarge(10));
    assert_eq!(
        err.to_string(),
        "a 10×10 board is too large; the largest is 9×9"
    );
    assert!(MagicSquare::new(Params { size: 9, min: 1 }).is_ok());
}

#[test]
fn overflowing_minimums_are_refused_and_the_largest_fitting_ones_sum_safely() {
    for size in 1..=MAX_SIZE {
        let count = i64::from(size) * i64::from(size);
        // The largest min with count * max <= i64::MAX.
        let top = i64::MAX / count - (count - 1);
        let high = game(size, top);
        if let Some(min) = top.checked_add(1) {
            assert!(MagicSquare::new(Params { size, min }).is_err());
        }
        let bottom = i64::MIN / count;
        let low = game(size, bottom);
        if let Some(min) = bottom.checked_sub(1) {
            assert!(MagicSquare::new(Params { size, min }).is_err());
        }
        for mut g in [high, low] {
            let target = g.magic_sum();
            let total: i128 = (g.min()..=g.max()).map(i128::from).sum();
            assert_eq!(i128::from(target) * i128::from(size), total);
            // Fill with the largest pieces first so partial sums are as extreme as can be.
            let mut values = g.available();
            values.reverse();
            let squares = g.empty_squares();
            for (v, (x, y)) in values.into_iter().zip(squares) {
                place(&mut g, v, x, y);
            }
            for line in g.lines() {
                let s = g.line_sum(line);
                let exact: i128 = g
                    .line_squares(line)
                    .into_iter()
                    .filter_map(|(x, y)| g.get(x, y))
                    .map(i128::from)
                    .sum();
                assert_eq!(i128::from(s.sum), exact);
            }
        }
    }
    assert_eq!(
        MagicSquare::new(Params {
            size: 3,
            min: i64::MAX
        }),
        Err(SetupError::Overflow {
            size: 3,
            min: i64::MAX
        })
    );
    assert!(
        MagicSquare::new(Params {
            size: 1,
            min: i64::MAX
        })
        .is_ok()
    );
    assert!(
        MagicSquare::new(Params {
            size: 1,
            min: i64::MIN
        })
        .is_ok()
    );
}

#[test]
fn every_size_accepts_the_safe_minimums() {
    for size in 1..=MAX_SIZE {
        assert!(
            MagicSquare::new(Params {
                size,
                min: *SAFE_MIN.start()
            })
            .is_ok()
        );
        assert!(
            MagicSquare::new(Params {
                size,
                min: *SAFE_MIN.end()
            })
            .is_ok()
        );
    }
    let beyond = Params {
        size: MAX_SIZE,
        min: SAFE_MIN.end() + 1,
    };
    assert!(MagicSquare::new(beyond).is_err());
    let below = Params {
        size: MAX_SIZE,
        min: SAFE_MIN.start() - 1,
    };
    assert!(MagicSquare::new(below).is_err());
}

#[test]
fn size_one_is_won_by_its_only_placement() {
    let mut g = game(1, 1);
    assert_eq!(
        g.legal_moves(),
        vec![Placement {
            value: 1,
            x: 0,
            y: 0
        }]
    );
    assert_eq!(g.outcome(), None);
    place(&mut g, 1, 0, 0);
    assert_eq!(g.outcome(), Some(Outcome::Solved));
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.turns(), 1);
}

#[test]
fn size_two_always_loses() {
    let mut g = game(2, 1);
    fill(&mut g, &[&[1, 2], &[3, 4]]);
    assert_eq!(g.outcome(), Some(Outcome::Lost));
    // Every arrangement of 1..=4 fails: a row and a column through one corner would need the
    // two other pieces to be equal.
    let all = permutations(&[1, 2, 3, 4]);
    assert_eq!(all.len(), 24);
    for p in all {
        let mut g = game(2, 1);
        fill(&mut g, &[&p[..2], &p[2..]]);
        assert_eq!(g.outcome(), Some(Outcome::Lost), "{p:?}");
    }
}

fn permutations(values: &[i64]) -> Vec<Vec<i64>> {
    if values.len() <= 1 {
        return vec![values.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..values.len() {
        let mut rest = values.to_vec();
        let first = rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

#[test]
fn the_seed_squares_of_size_three_win_and_lose() {
    let mut win = game(3, 1);
    fill(&mut win, &[&[4, 9, 2], &[3, 5, 7], &[8, 1, 6]]);
    assert_eq!(win.outcome(), Some(Outcome::Solved));
    assert_eq!(win.turns(), 9);
    let mut loss = game(3, 1);
    fill(&mut loss, &[&[3, 6, 9], &[2, 5, 8], &[1, 4, 7]]);
    assert_eq!(loss.outcome(), Some(Outcome::Lost));
    let mut negative = game(3, -9);
    fill(
        &mut negative,
        &[&[-4, -9, -2], &[-3, -5, -7], &[-8, -1, -6]],
    );
    assert_eq!(negative.outcome(), Some(Outcome::Solved));
}

#[test]
fn a_size_four_square_wins_and_one_swap_loses() {
    let square: [&[i64]; 4] = [
        &[16, 3, 2, 13],
        &[5, 10, 11, 8],
        &[9, 6, 7, 12],
        &[4, 15, 14, 1],
    ];
    let mut g = game(4, 1);
    fill(&mut g, &square);
    assert_eq!(g.magic_sum(), 34);
    assert_eq!(g.outcome(), Some(Outcome::Solved));
    let mut g = game(4, 1);
    fill(&mut g, &[&[3, 16, 2, 13], square[1], square[2], square[3]]);
    assert_eq!(g.outcome(), Some(Outcome::Lost));
}

#[test]
fn illegal_placements_are_explained_and_change_nothing() {
    let mut g = game(3, 1);
    place(&mut g, 5, 1, 1);
    let before = g.clone();
    let cases = [
        (
            Placement {
                value: 4,
                x: 3,
                y: 0,
            },
            "there is no square 3,0 on a 3×3 board",
        ),
        (
            Placement {
                value: 4,
                x: 1,
                y: 1,
            },
            "square 1,1 already holds 5",
        ),
        (
            Placement {
                value: 10,
                x: 0,
                y: 0,
            },
            "10 is not one of the pieces (1 to 9)",
        ),
        (
            Placement {
                value: 0,
                x: 0,
                y: 0,
            },
            "0 is not one of the pieces (1 to 9)",
        ),
        (
            Placement {
                value: 5,
                x: 0,
                y: 0,
            },
            "5 is already on the board",
        ),
    ];
    for (placement, message) in cases {
        assert_eq!(
            g.play(&placement).map_err(|e| e.message),
            Err(message.to_string())
        );
        assert_eq!(g, before);
    }
}

#[test]
fn negative_minimum_offers_negative_pieces() {
    let g = game(3, -9);
    assert_eq!(g.available(), (-9..=-1).collect::<Vec<_>>());
    assert_eq!(g.max(), -1);
    assert_eq!(g.legal_moves().len(), 81);
}

#[test]
fn line_sums_track_partial_lines() {
    let mut g = game(3, 1);
    place(&mut g, 8, 0, 0);
    place(&mut g, 5, 1, 1);
    place(&mut g, 4, 0, 2);
    let row0 = g.line_sum(Line::Row(0));
    assert_eq!((row0.sum, row0.filled, row0.is_complete()), (8, 1, false));
    assert_eq!(g.line_sum(Line::Column(0)).sum, 12);
    assert_eq!(g.line_sum(Line::Rising).sum, 13);
    assert_eq!(g.line_sum(Line::Falling).sum, 9);
    assert_eq!(g.lines().len(), 8);
    assert_eq!(g.line_squares(Line::Falling), vec![(0, 2), (1, 1), (2, 0)]);
}

#[test]
fn setups_are_checked() {
    let params = Params { size: 2, min: 1 };
    let ok = MagicSquare::try_from(Setup {
        params,
        cells: vec![Some(4), None, None, Some(1)],
    })
    .expect("valid");
    assert_eq!(ok.get(0, 0), Some(4));
    assert_eq!(ok.get(1, 1), Some(1));
    assert_eq!(ok.turns(), 2);
    assert_eq!(
        MagicSquare::try_from(Setup {
            params,
            cells: vec![None; 3]
        }),
        Err(SetupError::WrongCellCount {
            size: 2,
            expected: 4,
            found: 3
        })
    );
    assert_eq!(
        MagicSquare::try_from(Setup {
            params,
            cells: vec![Some(5), None, None, None]
        }),
        Err(SetupError::NotAPiece {
            value: 5,
            min: 1,
            max: 4
        })
    );
    assert_eq!(
        MagicSquare::try_from(Setup {
            params,
            cells: vec![Some(2), Some(2), None, None]
        }),
        Err(SetupError::Duplicate(2))
    );
}

fn arb_game() -> impl Strategy<Value = (MagicSquare, Vec<usize>)> {
    (
        1_u8..=5,
        -50_i64..50,
        prop::collection::vec(any::<usize>(), 0..30),
    )
        .prop_map(|(size, min, picks)| (game(size, min), picks))
}

proptest! {
    #[test]
    fn generated_moves_are_legal_and_undo_redo_is_the_identity((start, picks) in arb_game()) {
        let mut history = History::new(start.clone());
        let mut positions = vec![start];
        for pick in picks {
            let moves = history.current().legal_moves();
            if moves.is_empty() {
                prop_assert!(history.current().outcome().is_some());
                break;
            }
            let mv = moves[pick % moves.len()];
            history.play(&mv).expect("generated moves are legal");
            prop_assert_eq!(history.current().turns(), positions.len());
            positions.push(history.current().clone());
        }
        let applied = history.applied();
        while history.undo() {}
        prop_assert_eq!(history.current(), &positions[0]);
        for expected in positions.iter().skip(1) {
            prop_assert!(history.redo());
            prop_assert_eq!(history.current(), expected);
        }
        prop_assert_eq!(history.applied(), applied);
    }
}
