//! The bitboard generator against the rules written out square by square (GAMES.md §4): on
//! random positions, under both capture rules, the same moves along the same paths, the same
//! counts and the same positions after each move.

use proptest::prelude::*;

use super::board::{EngineMove, Position};

/// A piece of the reference board: its side (black moves down) and whether it is crowned.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Man {
    black: bool,
    king: bool,
}

/// The position as an 8 × 8 array indexed `[x][y]`, light squares empty.
fn grid(pos: &Position) -> [[Option<Man>; 8]; 8] {
    let mut g = [[None; 8]; 8];
    for i in 0..32u8 {
        let (x, y) = coords(i);
        let bit = 1u32 << i;
        if (pos.black | pos.white) & bit != 0 {
            g[x as usize][y as usize] = Some(Man {
                black: pos.black & bit != 0,
                king: pos.kings & bit != 0,
            });
        }
    }
    g
}

/// Dark square `(x, y)` of bit `i`: four a row, row 0 at the bottom starting at column 0.
fn coords(i: u8) -> (i8, i8) {
    let y = i / 4;
    (((i % 4) * 2 + y % 2) as i8, y as i8)
}

fn index(x: i8, y: i8) -> u8 {
    (y * 4 + x / 2) as u8
}

fn on_board(x: i8, y: i8) -> bool {
    (0..8).contains(&x) && (0..8).contains(&y)
}

/// Every legal move's path (bit indices) by the rules' words: a pawn moves and jumps
/// diagonally forward, a king both ways; a jump goes on while it can, over each piece at most
/// once, and a pawn reaching the far row is crowned and stops; with `forced`, any capture
/// rules out every step.
fn reference_paths(pos: &Position, forced: bool) -> Vec<Vec<u8>> {
    let g = grid(pos);
    let black = pos.black_to_move;
    let mut jumps = Vec::new();
    let mut steps = Vec::new();
    for i in 0..32u8 {
        let (x, y) = coords(i);
        let Some(man) = g[x as usize][y as usize] else {
            continue;
        };
        if man.black != black {
            continue;
        }
        let forward = if black { -1 } else { 1 };
        let dirs: Vec<(i8, i8)> = if man.king {
            vec![(1, 1), (-1, 1), (1, -1), (-1, -1)]
        } else {
            vec![(1, forward), (-1, forward)]
        };
        for &(dx, dy) in &dirs {
            let (nx, ny) = (x + dx, y + dy);
            if on_board(nx, ny) && g[nx as usize][ny as usize].is_none() {
                steps.push(vec![i, index(nx, ny)]);
            }
        }
        let mut path = vec![i];
        extend(
            &g,
            man,
            &dirs,
            (x, y),
            &mut Vec::new(),
            &mut path,
            &mut jumps,
        );
    }
    if forced && !jumps.is_empty() {
        return jumps;
    }
    jumps.extend(steps);
    jumps
}

fn extend(
    g: &[[Option<Man>; 8]; 8],
    man: Man,
    dirs: &[(i8, i8)],
    (x, y): (i8, i8),
    captured: &mut Vec<(i8, i8)>,
    path: &mut Vec<u8>,
    out: &mut Vec<Vec<u8>>,
) {
    let crown_row = if man.black { 0 } else { 7 };
    let crowned_now = !man.king && path.len() > 1 && y == crown_row;
    let mut extended = false;
    if !crowned_now {
        for &(dx, dy) in dirs {
            let (ox, oy, lx, ly) = (x + dx, y + dy, x + 2 * dx, y + 2 * dy);
            if !on_board(lx, ly) || captured.contains(&(ox, oy)) {
                continue;
            }
            let over = g[ox as usize][oy as usize];
            let start = coords(path[0]);
            let land_empty = g[lx as usize][ly as usize].is_none() || (lx, ly) == start;
            if over.is_some_and(|o| o.black != man.black) && land_empty {
                extended = true;
                captured.push((ox, oy));
                path.push(index(lx, ly));
                extend(g, man, dirs, (lx, ly), captured, path, out);
                path.pop();
                captured.pop();
            }
        }
    }
    if !extended && path.len() > 1 {
        out.push(path.clone());
    }
}

/// The position after the move along `path` by the rules' words.
fn reference_play(pos: &Position, path: &[u8]) -> Position {
    let bit = |i: u8| 1u32 << i;
    let (from, to) = (path[0], path[path.len() - 1]);
    let mut captured = 0;
    for w in path.windows(2) {
        let ((x0, y0), (x1, y1)) = (coords(w[0]), coords(w[1]));
        if (x0 - x1).abs() == 2 {
            captured |= bit(index(i8::midpoint(x0, x1), i8::midpoint(y0, y1)));
        }
    }
    let king = pos.kings & bit(from) != 0;
    let mut next = *pos;
    let own = if pos.black_to_move {
        &mut next.black
    } else {
        &mut next.white
    };
    *own = (*own & !bit(from)) | bit(to);
    next.black &= !captured;
    next.white &= !captured;
    next.kings &= !(captured | bit(from));
    let crown = if pos.black_to_move { 0 } else { 7 };
    if king || coords(to).1 == crown {
        next.kings |= bit(to);
    }
    next.quiet_plies = if king && captured == 0 {
        pos.quiet_plies + 1
    } else {
        0
    };
    next.black_to_move = !pos.black_to_move;
    next
}

/// A random position: each dark square empty, a black or white pawn or king, up to twelve a
/// side and no pawn on its crown row.
fn random_position() -> impl Strategy<Value = Position> {
    (proptest::collection::vec(0u8..8, 32), any::<bool>()).prop_map(|(cells, black_to_move)| {
        let mut pos = Position {
            black: 0,
            white: 0,
            kings: 0,
            black_to_move,
            quiet_plies: 0,
        };
        for (i, &c) in (0u8..).zip(&cells) {
            let bit = 1u32 << i;
            let row = i / 4;
            // 0..=3 empty (so boards are half full), 4/5 black pawn/king, 6/7 white.
            let (black, king) = match c {
                4 => (true, row == 0),
                5 => (true, true),
                6 => (false, row == 7),
                7 => (false, true),
                _ => continue,
            };
            let side = if black {
                &mut pos.black
            } else {
                &mut pos.white
            };
            if side.count_ones() < 12 {
                *side |= bit;
                if king {
                    pos.kings |= bit;
                }
            }
        }
        pos
    })
}

fn sorted(mut paths: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    paths.sort();
    paths
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_bitboard_generator_follows_the_rules_square_by_square(
        pos in random_position(),
        forced: bool,
    ) {
        let mut moves = Vec::new();
        pos.generate(forced, &mut moves);
        let paths: Vec<Vec<u8>> = moves.iter().map(EngineMove::path).collect();
        let expected = reference_paths(&pos, forced);
        prop_assert_eq!(sorted(paths), sorted(expected));
        prop_assert_eq!(pos.has_capture(), moves.iter().any(EngineMove::is_capture));
        prop_assert_eq!(pos.count_moves(forced, &mut Vec::new()), moves.len() as u64);
        for m in &moves {
            prop_assert_eq!(pos.play(m), reference_play(&pos, &m.path()));
        }
    }
}

/// The analysis strip's per-move scores: every legal move once, and the best of them is the
/// score the ordinary search finds at the same depth (its root only bounds the other moves).
#[test]
fn move_scores_cover_every_move_and_agree_with_the_search() {
    use super::search::Searcher;
    use std::sync::atomic::AtomicBool;
    let never = AtomicBool::new(false);
    let mut pos = Position::start();
    let mut moves = Vec::new();
    for step in 0..6 {
        for depth in 1..=5 {
            let mut analysis = Searcher::new(16, u64::MAX, true, &never);
            let scores = analysis.move_scores(&pos, depth).expect("not stopped");
            pos.generate(true, &mut moves);
            assert_eq!(scores.len(), moves.len());
            assert!(scores.iter().zip(&moves).all(|((m, _), n)| m == n));
            if moves.len() > 1 {
                let mut search = Searcher::new(16, u64::MAX, true, &never);
                let found = search.iterate(&pos, depth, &mut || 0).expect("moves");
                let best = scores.iter().map(|&(_, s)| s).max();
                assert_eq!(best, Some(found.score), "step {step} depth {depth}");
            }
        }
        pos.generate(true, &mut moves);
        pos = pos.play(&moves[step % moves.len()]);
    }
}
