//! Checks of the solver's shortcuts against a plain search: the forced-move shortcut, the
//! work-ranked table and the follow-up bound's timing (added 2026-11-28 after Steininger's
//! solver) must never change a score. Positions come from seeded random games, so every run
//! checks the same ones.

use super::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// The crate's seeded generator: the same positions on every run.
struct Rng(SmallRng);

impl Rng {
    fn new(seed: u64) -> Self {
        Self(SmallRng::seed_from_u64(seed))
    }

    fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }
}

/// A random unfinished position of `stones` tokens in which the side to move cannot win at
/// once, or `None` when the game ended on the way.
fn random_position(rng: &mut Rng, stones: u32) -> Option<Position> {
    let mut p = Position::empty();
    while p.moves_played() < stones {
        let columns = p.legal_columns();
        if columns.is_empty() {
            return None;
        }
        p.play(columns[rng.below(columns.len())]);
        if p.is_over() {
            return None;
        }
    }
    (!p.can_win_next()).then_some(p)
}

/// Plain negamax with alpha-beta: every legal move, no table, no bound but the moves left.
/// Slow, and right by construction.
fn plain(p: &Position, mut alpha: i32, beta: i32) -> i32 {
    if let Some(score) = terminal_score(p) {
        return score;
    }
    let moves = p.moves_played() as i32;
    if p.can_win_next() {
        return (CELLS as i32 + 1 - moves) / 2;
    }
    let mut best = i32::MIN;
    for col in CENTRE_ORDER {
        if !p.can_play(col) {
            continue;
        }
        let mut child = *p;
        child.play(col);
        let score = -plain(&child, -beta, -alpha);
        best = best.max(score);
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    best
}

#[test]
fn the_solver_agrees_with_a_plain_search_on_late_positions() {
    let mut rng = Rng::new(0x005E_EDC4);
    let mut solver = Solver::with_table_bits(12);
    let mut checked = 0;
    while checked < 40 {
        let stones = 30 + 2 * rng.below(4) as u32 + rng.below(2) as u32;
        let Some(p) = random_position(&mut rng, stones) else {
            continue;
        };
        let expected = plain(&p, MIN_SCORE - 1, MAX_SCORE + 1);
        assert_eq!(solver.solve(&p), expected, "{p:?}");
        // A fresh table too: a shared one could hide a wrong entry behind a right one.
        assert_eq!(Solver::with_table_bits(10).solve(&p), expected, "{p:?}");
        checked += 1;
    }
}

#[test]
fn the_follow_up_bound_never_undercuts_the_score() {
    let mut rng = Rng::new(0x00F0_110B);
    let mut solver = Solver::with_table_bits(16);
    let (mut checked, mut sharp) = (0, 0);
    for _ in 0..20_000 {
        let stones = 24 + 2 * rng.below(7) as u32;
        let Some(p) = random_position(&mut rng, stones) else {
            continue;
        };
        let Some(bound) = p.follow_up_bound() else {
            continue;
        };
        if bound < 0 {
            let score = if stones >= 30 {
                plain(&p, MIN_SCORE - 1, MAX_SCORE + 1)
            } else {
                solver.solve(&p)
            };
            assert!(
                score <= bound,
                "{p:?}: score {score} above the bound {bound}"
            );
            checked += 1;
            sharp += usize::from(bound < -1);
        }
    }
    // The seeded games reach both the old bound (-1) and the sharper ones (negative
    // bounds are rare in random games).
    assert!(
        checked >= 8 && sharp >= 2,
        "{checked} bounds checked, {sharp} below -1"
    );
}
