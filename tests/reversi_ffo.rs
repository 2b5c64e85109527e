//! The exact Reversi solver against the FFO endgame test suite (positions 20–39 of
//! `tests/data/reference/othello/fforum-20-39.obf`): every score and best move as published.
//! How fast it is goes in `docs/BENCHMARKS.md`, not here.

use parlor::games::reversi::engine::board::parse_square;
use parlor::games::reversi::engine::{Position, solve_position};

/// The file's positions with their exact score and the moves that reach it.
fn ffo_20_39() -> Vec<(Position, i32, Vec<u8>)> {
    let text = include_str!("data/reference/othello/fforum-20-39.obf");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let pos = Position::parse(line).expect("the FFO file's positions are valid");
            // `; MOVE:SCORE;` pairs, best first.
            let pairs: Vec<(u8, i32)> = line
                .split(';')
                .skip(1)
                .filter_map(|p| {
                    let (m, s) = p.trim().split_once(':')?;
                    Some((parse_square(m)?, s.trim_start_matches('+').parse().ok()?))
                })
                .collect();
            let best = pairs.first().expect("every line has its moves").1;
            let moves = pairs
                .iter()
                .filter(|&&(_, s)| s == best)
                .map(|&(m, _)| m)
                .collect();
            (pos, best, moves)
        })
        .collect()
}

fn check(max_empties: u32) -> usize {
    let mut solved = 0;
    for (i, (pos, score, moves)) in ffo_20_39().into_iter().enumerate() {
        if pos.empties().count_ones() > max_empties {
            continue;
        }
        let (best, found) = solve_position(&pos);
        assert_eq!(found, score, "FFO #{}", i + 20);
        let best = best.expect("every FFO position has a move");
        assert!(moves.contains(&best), "FFO #{}: {best}", i + 20);
        solved += 1;
    }
    solved
}

/// The positions up to 19 empties (six of them, a fraction of a second in release).
#[test]
fn ffo_20_39_up_to_19_empties_are_exact() {
    assert_eq!(check(19), 6);
}

/// All twenty (about 16 s of CPU in release):
/// `cargo test --release --test all reversi_ffo:: -- --ignored`.
#[test]
#[ignore = "about 16 s of CPU in release; run with --ignored"]
fn ffo_20_39_all_exact() {
    assert_eq!(check(64), 20);
}
