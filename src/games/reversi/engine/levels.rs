//! The computer's levels, from a Beginner a new player can beat to a Master that searches as
//! deep as its budget allows and plays the last 20 empty squares perfectly.

use std::sync::atomic::AtomicBool;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::board::{Bits, Position, Square, flips, legal_moves};
use super::eval::{evaluate, greedy};
use super::pattern;
use super::search::{Evaluator, Searcher};

pub use crate::core::strength::Strength;

/// What a level does: how deep, from when exact, how many nodes, how much noise.
struct Settings {
    depth: u32,
    exact_from: u32,
    nodes: u64,
    /// The default budget of the exact endgame solve: larger, because a finished solve is
    /// worth far more than a deeper midgame search (20 empties take up to ~30 M nodes).
    exact_nodes: u64,
    noise: i32,
    eval: Evaluator,
}

/// What each level does in Reversi: Beginner grabs the most discs now, with plenty of noise
/// (gives away corners); Casual looks two moves ahead with the hand-written evaluation, still a
/// little erratic; Strong searches eight moves and plays the last 14 squares perfectly; Master
/// goes as deep as its budget allows and plays the last 20 squares perfectly. Master judges
/// positions with the trained pattern evaluation, which beat the hand-written one in the
/// match of `tournament.rs` (docs/BENCHMARKS.md); Casual and Strong keep the hand-written one,
/// so the step from Strong to Master is knowledge as well as depth.
fn settings(level: Strength) -> Settings {
    Settings {
        depth: level.pick([1, 2, 8, 64]),
        exact_from: level.pick([0, 8, 14, 20]),
        // Master's: about a second per move on one core.
        nodes: level.pick([10_000, 50_000, 1_000_000, 1_500_000]),
        exact_nodes: level.pick([0, 200_000, 5_000_000, 100_000_000]),
        noise: level.pick([350, 150, 0, 0]),
        eval: level.pick([greedy, evaluate, evaluate, pattern::evaluate]),
    }
}

/// A table size fitting the budget: about one entry per two nodes, between 4 Ki and 1 Mi
/// entries.
fn table_bits(nodes: u64) -> u32 {
    (64 - nodes.leading_zeros()).saturating_sub(1).clamp(12, 20)
}

/// The computer's move for the side to move (black if `black_to_move`) at `level`, or `None`
/// when that side has no legal move (it must pass, or the game is over).
///
/// `black`/`white` are bitboards in the engine's square order (see [`super::board`];
/// [`super::board::xy_bit`] converts the rules' squares). `seed` drives the weaker levels'
/// noise, so a game replays identically from the same seeds. `node_budget` replaces the
/// level's own node limit (tests and tournaments use it instead of a clock). When `cancel` is
/// raised the search stops within about a thousand nodes and the best move known so far is
/// returned; the caller that cancelled will usually ignore it.
pub fn choose_move(
    black: u64,
    white: u64,
    black_to_move: bool,
    level: Strength,
    seed: u64,
    cancel: &AtomicBool,
    node_budget: Option<u64>,
) -> Option<Square> {
    let pos = Position::from_colours(black, white, black_to_move);
    choose(&pos, level, seed, cancel, node_budget)
}

/// The hint shown to a person: Master's choice.
pub fn hint(black: u64, white: u64, black_to_move: bool, cancel: &AtomicBool) -> Option<Square> {
    choose_move(
        black,
        white,
        black_to_move,
        Strength::Master,
        0,
        cancel,
        None,
    )
}

/// [`choose_move`] on a [`Position`].
pub fn choose(
    pos: &Position,
    level: Strength,
    seed: u64,
    cancel: &AtomicBool,
    node_budget: Option<u64>,
) -> Option<Square> {
    choose_with_evaluator(pos, level, None, seed, cancel, node_budget)
}

/// [`choose`] with another evaluation in place of the level's own (Beginner keeps its greedy
/// one): the tournament pits Master with the trained pattern evaluation
/// ([`super::pattern::evaluate`]) against Master with the hand-written one
/// ([`super::eval::evaluate`]), everything else equal.
pub fn choose_with_evaluator(
    pos: &Position,
    level: Strength,
    evaluator: Option<Evaluator>,
    seed: u64,
    cancel: &AtomicBool,
    node_budget: Option<u64>,
) -> Option<Square> {
    let (p, o) = (pos.player, pos.opponent);
    let moves = legal_moves(p, o);
    if moves == 0 {
        return None;
    }
    // Whatever happens below, there is a move to return.
    let first = Bits(moves).next();
    if moves.is_power_of_two() {
        return first;
    }
    let mut settings = settings(level);
    if let Some(evaluator) = evaluator
        && level != Strength::Beginner
    {
        settings.eval = evaluator;
    }
    let empties = pos.empties().count_ones();
    let exact = empties <= settings.exact_from;
    let default = if exact {
        settings.exact_nodes
    } else {
        settings.nodes
    };
    let budget = node_budget.unwrap_or(default).max(1);
    let mut rng =
        SmallRng::seed_from_u64(seed ^ p.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ o.rotate_left(17));
    let noise = settings.noise;
    let mut draw = move || {
        if noise > 0 {
            rng.random_range(-noise..=noise)
        } else {
            0
        }
    };
    let mut searcher =
        Searcher::new(table_bits(budget), budget, cancel).with_evaluator(settings.eval);

    if exact {
        // A midgame search on a quarter of the budget (at most an eighth of the level's
        // midgame budget) first, so that an exact solve the budget cannot finish still leaves
        // a sound move.
        searcher.set_budget((budget / 4).min(settings.nodes / 8) + 1);
        let fallback = searcher
            .iterate(p, o, settings.depth, &mut draw)
            .and_then(|f| f.best)
            .or(first);
        searcher.set_budget(budget.saturating_sub(searcher.nodes).max(1));
        return match searcher.solve(p, o) {
            Some(found) if !searcher.aborted() => found.best.or(fallback),
            _ => fallback,
        };
    }
    if level == Strength::Beginner {
        // One ply, greedy: the most discs now, plus noise.
        return Bits(moves)
            .map(|sq| {
                let f = flips(p, o, sq);
                let after = -greedy(o & !f, p | f | (1 << sq));
                (after + draw(), sq)
            })
            .max()
            .map(|(_, sq)| sq);
    }
    searcher
        .iterate(p, o, settings.depth, &mut draw)
        .and_then(|f| f.best)
        .or(first)
}

#[cfg(test)]
mod tests {
    use super::super::board::{parse_square, xy_bit};
    use super::*;

    /// FFO #1: 14 empties, G8 is the only move reaching +18.
    const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

    #[test]
    fn level_numbers_and_names() {
        assert_eq!(Strength::from_number(0), None);
        assert_eq!(Strength::from_number(5), None);
        for (n, level) in (1..).zip(Strength::ALL) {
            assert_eq!(Strength::from_number(n), Some(level));
            assert_eq!(level.number(), n);
        }
        assert_eq!(Strength::Master.name(), "Master");
    }

    #[test]
    fn master_and_strong_play_the_exact_best_move_in_the_endgame() {
        let never = AtomicBool::new(false);
        let pos = Position::parse(FFO_1).expect("valid");
        let g8 = parse_square("g8");
        assert_eq!(choose(&pos, Strength::Master, 0, &never, None), g8);
        assert_eq!(choose(&pos, Strength::Strong, 0, &never, None), g8);
        assert_eq!(
            hint(pos.black(), pos.white(), pos.black_to_move, &never),
            g8
        );
    }

    #[test]
    fn choose_move_takes_colour_bitboards() {
        // The start built from the rules' (x, y) squares: d4 = (3, 4) white, e4 = (4, 4)
        // black, d5 = (3, 3) black, e5 = (4, 3) white.
        let black = xy_bit(4, 4) | xy_bit(3, 3);
        let white = xy_bit(3, 4) | xy_bit(4, 3);
        let never = AtomicBool::new(false);
        for black_to_move in [true, false] {
            let pos = Position::from_colours(black, white, black_to_move);
            let sq = choose_move(
                black,
                white,
                black_to_move,
                Strength::Casual,
                3,
                &never,
                None,
            )
            .expect("the start has moves");
            assert!(pos.moves() & (1 << sq) != 0);
        }
    }

    #[test]
    fn no_move_means_none() {
        let never = AtomicBool::new(false);
        let full = Position::from_colours(u64::MAX >> 1, 1 << 63, true);
        for level in Strength::ALL {
            assert_eq!(choose(&full, level, 0, &never, None), None);
        }
    }

    #[test]
    fn a_cancelled_search_still_returns_a_legal_move_at_once() {
        let cancel = AtomicBool::new(true);
        let start = Position::start();
        // Without a node budget Master would search millions of nodes; cancelled, it stops
        // within its first thousand.
        let sq = choose(&start, Strength::Master, 0, &cancel, None).expect("moves exist");
        assert!(start.moves() & (1 << sq) != 0);
    }

    #[test]
    fn weaker_levels_vary_with_the_seed_and_repeat_with_the_same_seed() {
        let never = AtomicBool::new(false);
        let pos = Position::start()
            .play(parse_square("d3").expect("valid"))
            .expect("legal");
        let picks: Vec<_> = (0..24)
            .map(|seed| choose(&pos, Strength::Beginner, seed, &never, None))
            .collect();
        assert!(picks.iter().any(|p| *p != picks[0]), "{picks:?}");
        for seed in 0..4 {
            assert_eq!(
                choose(&pos, Strength::Beginner, seed, &never, None),
                picks[seed as usize]
            );
        }
    }
}
