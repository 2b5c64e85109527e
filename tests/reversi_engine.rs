//! Strength tournaments for the Reversi engine: with fixed seeds and node budgets (never a clock),
//! each level must beat the one below it in most games, and Master with the trained
//! evaluation must beat Master with the hand-written one (issue #22).

use std::sync::atomic::AtomicBool;

use parlor::games::reversi::engine::board::{Bits, final_score};
use parlor::games::reversi::engine::tournament::trained_against_hand_written;
use parlor::games::reversi::engine::{Position, Strength, choose};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// A player in a tournament: a level and the nodes it may search per move.
#[derive(Clone, Copy)]
struct Player {
    level: Strength,
    nodes: u64,
}

/// A short random opening (4 plies), so that games between deterministic levels differ.
fn opening(seed: u64) -> Position {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Position::start();
    for _ in 0..4 {
        let moves: Vec<u8> = Bits(pos.moves()).collect();
        pos = pos
            .play(moves[rng.random_range(0..moves.len())])
            .expect("generated moves are legal");
    }
    pos
}

/// Plays a game from `pos` and returns black's final disc difference.
fn play(mut pos: Position, black: Player, white: Player, seed: u64) -> i32 {
    let never = AtomicBool::new(false);
    let mut ply = 0u64;
    while !pos.is_over() {
        let me = if pos.black_to_move { black } else { white };
        pos = match choose(&pos, me.level, seed + ply, &never, Some(me.nodes)) {
            Some(sq) => pos.play(sq).expect("the engine plays legal moves"),
            None => pos.pass(),
        };
        ply += 1;
    }
    let score = final_score(pos.player, pos.opponent);
    if pos.black_to_move { score } else { -score }
}

/// Plays `openings` openings with each colour; returns (wins, draws, losses) of `strong`.
fn match_up(strong: Player, weak: Player, openings: u64) -> (u32, u32, u32) {
    let mut tally = (0, 0, 0);
    for seed in 0..openings {
        let start = opening(1000 + seed);
        for strong_is_black in [true, false] {
            let (black, white) = if strong_is_black {
                (strong, weak)
            } else {
                (weak, strong)
            };
            let black_result = play(start, black, white, seed * 7919);
            let result = if strong_is_black {
                black_result
            } else {
                -black_result
            };
            match result.signum() {
                1 => tally.0 += 1,
                0 => tally.1 += 1,
                _ => tally.2 += 1,
            }
        }
    }
    tally
}

const BEGINNER: Player = Player {
    level: Strength::Beginner,
    nodes: 1_000,
};
const CASUAL: Player = Player {
    level: Strength::Casual,
    nodes: 5_000,
};
const STRONG: Player = Player {
    level: Strength::Strong,
    nodes: 4_000,
};
const MASTER: Player = Player {
    level: Strength::Master,
    nodes: 16_000,
};

fn assert_beats(strong: Player, weak: Player, openings: u64) {
    let (wins, draws, losses) = match_up(strong, weak, openings);
    let games = 2 * openings as u32;
    eprintln!(
        "{} vs {}: {wins} wins, {draws} draws, {losses} losses",
        strong.level.name(),
        weak.level.name()
    );
    assert!(
        2 * wins + draws > games + games / 3,
        "{} should clearly beat {}: {wins}-{draws}-{losses}",
        strong.level.name(),
        weak.level.name()
    );
}

#[test]
fn casual_beats_beginner() {
    assert_beats(CASUAL, BEGINNER, 8);
}

#[test]
fn strong_beats_casual() {
    assert_beats(STRONG, CASUAL, 6);
}

#[test]
fn master_beats_strong() {
    assert_beats(MASTER, STRONG, 5);
}

#[test]
fn every_level_answers_the_start_with_a_legal_move() {
    let never = AtomicBool::new(false);
    let start = Position::start();
    for level in Strength::ALL {
        let sq = choose(&start, level, 1, &never, Some(20_000)).expect("the start has moves");
        assert!(start.moves() & (1 << sq) != 0, "{}", level.name());
    }
}

/// The tournament of issue #22: Master with the trained pattern evaluation (the shipped
/// weights, which Master now plays with) against Master with the hand-written evaluation it
/// used before, 40 games from 20 seeded 8-ply openings with both colours, 30 000 nodes a move
/// each. The trained side must win at least 70 % of the games (28 of 40). The weights were
/// chosen on openings 100 onwards (`reversi_match --from 100`), never on these. Forty
/// Master-against-Master games are minutes of CPU in the test profile, too much of CI's
/// 20-minute limit: run by hand, `cargo test --release --test all reversi_engine:: -- --ignored`.
#[test]
#[ignore = "a 40-game tournament, minutes of CPU in the test profile: run with --release -- --ignored"]
fn trained_master_wins_seventy_percent_against_the_hand_written_master() {
    let mut wins = 0;
    let (points, out_of) = trained_against_hand_written(0..20, 30_000, |game| {
        eprintln!("{game:?}");
        if game.points() == 2 {
            wins += 1;
        }
    });
    eprintln!("trained Master: {wins} wins, {points} points of {out_of}");
    assert!(
        wins * 100 >= 40 * 70,
        "{wins} wins of 40 ({points} of {out_of} points)"
    );
}
