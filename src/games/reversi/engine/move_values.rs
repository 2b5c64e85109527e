//! The value of every legal move, for the analysis strip: the exact final disc difference
//! once an exact solve is quick ([`EXACT_EMPTIES`] empty squares or fewer after the move),
//! the midgame search's evaluation before that, deepened one ply at a time.

use std::sync::atomic::AtomicBool;

use super::board::{Bits, Square, flips, legal_moves};
use super::search::{INFINITY, Searcher, WIN};

/// Moves leaving at most this many empty squares are solved exactly (about a second each on
/// this machine at 19, much less below).
pub const EXACT_EMPTIES: u32 = 19;

/// Nodes the midgame estimates may spend in all (a few seconds on one core).
const ESTIMATE_NODES: u64 = 12_000_000;

/// The deepest midgame iteration.
const MAX_DEPTH: u32 = 14;

/// What one move is worth to the side making it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// The final disc difference with perfect play (empty squares to the winner).
    Exact(i32),
    /// The search's evaluation after `depth` plies, in hundredths of a disc.
    Estimate(i32),
}

/// A move and its value, `None` while unknown.
pub type Valued = (Square, Option<Value>);

/// Every legal move of the side with discs `p` against `o`, each with its value as far as
/// known; `report` gets the list after each finished search depth and after each exact solve,
/// with the depth of the estimates still in it. Nothing is reported when the side to move has no move.
/// Stops early when `cancel` is raised.
pub fn move_values(
    p: u64,
    o: u64,
    cancel: &AtomicBool,
    report: &mut dyn FnMut(&[Valued], Option<u32>),
) {
    let moves = legal_moves(p, o);
    if moves == 0 {
        return;
    }
    let children: Vec<(Square, u64, u64)> = Bits(moves)
        .map(|sq| {
            let f = flips(p, o, sq);
            (sq, o & !f, p | f | (1 << sq))
        })
        .collect();
    let mut values: Vec<(Square, Option<Value>)> =
        children.iter().map(|&(sq, _, _)| (sq, None)).collect();
    report(&values, None);
    let after = (!(p | o)).count_ones().saturating_sub(1);
    let exact = after <= EXACT_EMPTIES;
    // Before an exact pass, a few quick plies so the strip is not empty meanwhile.
    let max_depth = if exact {
        4.min(after.max(1))
    } else {
        MAX_DEPTH
    };
    let mut searcher = Searcher::new(20, ESTIMATE_NODES, cancel);
    let mut searched = None;
    for depth in 1..=max_depth {
        let mut round = Vec::with_capacity(children.len());
        for &(sq, np, no) in &children {
            let score = -searcher.pvs(np, no, depth - 1, -INFINITY, INFINITY);
            if searcher.aborted() {
                break;
            }
            round.push((sq, Some(judge(score))));
        }
        if searcher.aborted() {
            break;
        }
        values = round;
        searched = Some(depth);
        report(&values, searched);
        if depth > after
            || values
                .iter()
                .all(|(_, v)| matches!(v, Some(Value::Exact(_))))
        {
            break;
        }
    }
    if !exact || searcher.aborted() && cancel.load(std::sync::atomic::Ordering::Relaxed) {
        return;
    }
    let mut solver = Searcher::new(21, u64::MAX, cancel);
    for (i, &(sq, np, no)) in children.iter().enumerate() {
        let Some(found) = solver.solve(np, no) else {
            return;
        };
        if solver.aborted() {
            return;
        }
        values[i] = (sq, Some(Value::Exact(-found.score)));
        report(&values, searched);
    }
}

/// A midgame score as a value: a decided game (beyond ±[`WIN`]) is its exact margin.
fn judge(score: i32) -> Value {
    if score.abs() >= WIN {
        Value::Exact((score - score.signum() * WIN) / 100)
    } else {
        Value::Estimate(score)
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::{Position, parse_square};
    use super::super::solve::solve_position;
    use super::*;

    /// FFO #1: 14 empties, G8 is the only move reaching +18.
    const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

    #[test]
    fn endgame_values_are_the_exact_solves_of_each_move() {
        let pos = Position::parse(FFO_1).expect("valid");
        let mut last = Vec::new();
        move_values(
            pos.player,
            pos.opponent,
            &AtomicBool::new(false),
            &mut |v, _| last = v.to_vec(),
        );
        assert_eq!(last.len(), pos.moves().count_ones() as usize);
        let g8 = parse_square("g8").expect("a square");
        for (sq, value) in &last {
            let child = pos.play(*sq).expect("legal");
            let (_, score) = solve_position(&child);
            assert_eq!(*value, Some(Value::Exact(-score)), "square {sq}");
        }
        let best = last.iter().max_by_key(|(_, v)| match v {
            Some(Value::Exact(s)) => *s,
            _ => i32::MIN,
        });
        assert_eq!(best, Some(&(g8, Some(Value::Exact(18)))));
    }

    #[test]
    fn the_opening_gets_estimates_and_a_raised_flag_stops_them() {
        let start = Position::start();
        let mut last = Vec::new();
        let mut depths = Vec::new();
        move_values(
            start.player,
            start.opponent,
            &AtomicBool::new(false),
            &mut |v, depth| {
                last = v.to_vec();
                depths.push(depth);
            },
        );
        // The four opening moves are symmetric: one value for all.
        assert_eq!(last.len(), 4);
        let first = last[0].1;
        assert!(matches!(first, Some(Value::Estimate(_))), "{last:?}");
        assert!(last.iter().all(|(_, v)| *v == first), "{last:?}");
        assert!(depths.len() > 3, "{depths:?}");
        // Raised after the first report: the one-ply values need no search and still come,
        // the second ply stops at its first node.
        let cancel = AtomicBool::new(false);
        let mut depths = Vec::new();
        move_values(start.player, start.opponent, &cancel, &mut |_, depth| {
            depths.push(depth);
            cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        assert_eq!(depths, [None, Some(1)]);
    }
}
