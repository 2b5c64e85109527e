//! What each Pentago move is worth, for the analysis strip and the hint: the search's
//! evaluation, one move deeper at a time, then, from 16 stones on, exact (win, tie, loss) move
//! by move as the exact solver ([`super::engine::exact`]) finishes them within a budget.
//!
//! Many moves lead to the same position (a turned empty quadrant looks the same), so the strip
//! lists one move for each distinct result, as the engine's merged children do.

use std::sync::atomic::AtomicBool;

use super::engine::board::{After, Child, Position};
use super::engine::exact::Solver;
use super::engine::search::{Searcher, WIN, evaluate};
use super::engine::solve::table_mb_for;
use super::rules::{Move, Pentago};
use crate::core::{MoveValue, MoveValues};

/// Moves leaving at most this many empty squares (17 stones after the move, 16 before it) are
/// solved to the end, as far as [`EXACT_NODES`] allows.
pub const EXACT_EMPTIES: u32 = 19;

/// Moves leaving at most this many empty squares are estimated only two moves deep before
/// the exact pass: it answers them all within a second.
const QUICK_EMPTIES: u32 = 9;

/// Nodes the exact pass may spend in all before it keeps the estimates it has (about 10–20 s
/// of one core of the shared machine, from the solver's 0.5 M nodes a second there).
const EXACT_NODES: u64 = 10_000_000;

/// The exact pass's table, shared by the moves it solves.
const EXACT_TABLE_MB: usize = 64;

/// Nodes the estimates may spend in all.
const ESTIMATE_NODES: u64 = 4_000_000;

/// The deepest estimate, in whole moves counting the move itself.
const MAX_DEPTH: u32 = 4;

/// The values of the moves of `state` as they are found (see the module documentation).
pub fn move_values(state: &Pentago, cancel: &AtomicBool, report: &mut dyn FnMut(MoveValues<Move>)) {
    let Some(pos) = Position::from_game(state) else {
        return;
    };
    let kids = pos.children();
    if kids.is_empty() {
        return;
    }
    let mut values: Vec<Option<MoveValue>> = kids.iter().map(|kid| settled(kid.after)).collect();
    let send = |values: &[Option<MoveValue>], depth, report: &mut dyn FnMut(MoveValues<Move>)| {
        report(MoveValues {
            moves: kids
                .iter()
                .zip(values)
                .map(|(kid, value)| (kid.mv.to_rules(), *value))
                .collect(),
            depth,
        });
    };
    let empties = pos.empty().count_ones();
    let exact = empties.saturating_sub(1) <= EXACT_EMPTIES;
    let quick = empties.saturating_sub(1) <= QUICK_EMPTIES;
    let mut searcher = Searcher::new(20, ESTIMATE_NODES, cancel);
    let mut searched = None;
    for depth in 1..=MAX_DEPTH.min(empties) {
        let Some(round) = estimates(&mut searcher, &kids, depth) else {
            break;
        };
        values = round;
        searched = Some(depth);
        send(&values, searched, report);
        if quick && depth >= 2 {
            break;
        }
    }
    if !exact || cancel.load(std::sync::atomic::Ordering::Relaxed) {
        return;
    }
    let table_mb = table_mb_for(empties).min(EXACT_TABLE_MB);
    let mut solver = Solver::new(table_mb, EXACT_NODES, cancel);
    let mut spent = 0;
    for (i, kid) in kids.iter().enumerate() {
        let After::Open(next) = kid.after else {
            continue;
        };
        // The solver answers 1, 0 or -1 for the side to move after this move, within what is
        // left of the budget.
        solver.set_budget(EXACT_NODES.saturating_sub(spent).max(1));
        let verdict = solver.solve(next);
        spent += solver.nodes();
        let Some((verdict, _)) = verdict else {
            return;
        };
        values[i] = Some(match -verdict {
            1 => MoveValue::Win(None),
            0 => MoveValue::Draw,
            _ => MoveValue::Loss(None),
        });
        send(&values, searched, report);
    }
}

/// The value of a move that ends the game at once.
fn settled(after: After) -> Option<MoveValue> {
    match after {
        After::Win => Some(MoveValue::Win(Some(1))),
        After::Tie => Some(MoveValue::Draw),
        After::Loss => Some(MoveValue::Loss(Some(0))),
        After::Open(_) => None,
    }
}

/// Every move searched `depth` whole moves deep (the move itself the first), or `None` when
/// the budget ran out or the search was cancelled.
fn estimates(
    searcher: &mut Searcher<'_>,
    kids: &[Child],
    depth: u32,
) -> Option<Vec<Option<MoveValue>>> {
    let mut round = Vec::with_capacity(kids.len());
    for kid in kids {
        let value = match kid.after {
            After::Open(next) => {
                let score = if depth == 1 {
                    if next.can_win_now() {
                        -WIN
                    } else {
                        -evaluate(next)
                    }
                } else {
                    -searcher.score(next, depth - 1, -WIN - 1, WIN + 1)
                };
                if searcher.aborted() {
                    return None;
                }
                Some(if score >= WIN {
                    MoveValue::Win(None)
                } else if score <= -WIN {
                    MoveValue::Loss(None)
                } else {
                    MoveValue::Estimate(score)
                })
            }
            settled_after => settled(settled_after),
        };
        round.push(value);
    }
    Some(round)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rules;

    fn last_values(state: &Pentago) -> Option<MoveValues<Move>> {
        let mut last = None;
        move_values(state, &AtomicBool::new(false), &mut |v| last = Some(v));
        last
    }

    #[test]
    fn the_opening_gets_estimates_for_every_distinct_move() {
        let start = Pentago::new();
        let values = last_values(&start).expect("values");
        assert!(values.moves.len() > 1);
        assert!(
            values
                .moves
                .iter()
                .all(|(_, v)| matches!(v, Some(MoveValue::Estimate(_))))
        );
        assert!(values.depth.is_some());
        for (mv, _) in &values.moves {
            assert!(start.legal_moves().contains(mv), "{mv:?}");
        }
    }

    #[test]
    fn a_raised_flag_reports_nothing_deep() {
        let raised = AtomicBool::new(true);
        let mut reports = Vec::new();
        move_values(&Pentago::new(), &raised, &mut |v| reports.push(v));
        // Depth 1 needs no search; nothing deeper is reported once cancelled.
        assert!(reports.len() <= 1, "{}", reports.len());
    }

    #[test]
    fn with_few_squares_left_the_best_value_is_the_positions_exact_value() {
        let mut checked = 0;
        for seed in 0..40usize {
            // A game played to nine empty squares along moves picked by the seed.
            let mut game = Pentago::new();
            for ply in 0..27 {
                let moves = game.legal_moves();
                if moves.is_empty() || game.outcome().is_some() {
                    break;
                }
                let mv = moves[(seed * 7919 + ply * 104_729) % moves.len()];
                game.play(&mv).expect("a legal move");
            }
            let Some(pos) = Position::from_game(&game) else {
                continue;
            };
            if pos.empty().count_ones() != 9 || game.outcome().is_some() {
                continue;
            }
            let values = last_values(&game).expect("values");
            assert!(
                values
                    .moves
                    .iter()
                    .all(|(_, v)| v.is_some_and(MoveValue::is_exact))
            );
            let never = AtomicBool::new(false);
            let (verdict, _) = Searcher::new(20, u64::MAX, &never)
                .solve(pos)
                .expect("not stopped");
            let best = values.ranked()[0].1;
            let expected = match verdict {
                1 => matches!(best, MoveValue::Win(_)),
                0 => best == MoveValue::Draw,
                _ => matches!(best, MoveValue::Loss(_)),
            };
            assert!(expected, "seed {seed}: verdict {verdict}, best {best:?}");
            checked += 1;
        }
        assert!(checked >= 5, "only {checked} positions checked");
    }
}
