//! The Checkers engine: perft against the published counts, tactics the top level must never
//! miss, and level tournaments with fixed seeds and node budgets (never a clock).

use std::sync::atomic::AtomicBool;

use parlor::core::{Rules, Seat};
use parlor::games::checkers::endgame::play;
use parlor::games::checkers::endgame::solve::Wdl;
use parlor::games::checkers::engine::eval::material;
use parlor::games::checkers::engine::levels::{search, tournament_openings};
use parlor::games::checkers::engine::{EngineMove, Position, Strength, choose, engine_move, perft};
use parlor::games::checkers::rules::{Checkers, Move, Piece, Setup, Square};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

#[test]
fn perft_1_to_9() {
    let expected = [7, 49, 302, 1469, 7361, 36768, 179_740, 845_931, 3_963_680];
    for (depth, &n) in (1..).zip(&expected) {
        assert_eq!(perft(&Position::start(), depth, true), n, "depth {depth}");
    }
}

#[test]
fn perft_10_and_11() {
    assert_eq!(perft(&Position::start(), 10, true), 18_391_564);
    assert_eq!(perft(&Position::start(), 11, true), 85_242_128);
}

/// A rules position from `(x, y, piece letter)` triples (`X`/`O` pawns, `B`/`W` kings).
fn position(pieces: &[(u8, u8, char)], to_move: Seat, forced_capture: bool) -> Checkers {
    Checkers::try_from(Setup {
        pieces: pieces
            .iter()
            .map(|&(x, y, c)| {
                (
                    Square::new(x, y),
                    Piece::from_symbol(c).expect("a piece letter"),
                )
            })
            .collect(),
        to_move,
        quiet_plies: 0,
        forced_capture,
    })
    .expect("a valid test position")
}

fn path(squares: &[(u8, u8)]) -> Move {
    Move::new(squares.iter().map(|&(x, y)| Square::new(x, y)).collect())
}

#[test]
fn master_plays_a_two_for_one_shot() {
    // White gives the pawn on 3,3 away at 4,4; whichever black pawn takes it, a white pawn
    // then jumps two (the pawns on 1,1 and 7,1 stop black's jump going on).
    let game = position(
        &[
            (3, 3, 'O'),
            (2, 2, 'O'),
            (6, 2, 'O'),
            (1, 1, 'O'),
            (7, 1, 'O'),
            (5, 5, 'X'),
            (3, 5, 'X'),
            (0, 6, 'X'),
            (7, 5, 'X'),
        ],
        Seat::Second,
        true,
    );
    assert_wins_material(&game, 100);
    let never = AtomicBool::new(false);
    let mv = engine_move(&game, 4, 0, &never, Some(200_000)).expect("white has moves");
    assert_eq!(mv, path(&[(3, 3), (4, 4)]));
}

/// Master, on the move in `game`, sees a gain of at least `gain` and, with Master defending,
/// is that many pieces further ahead (a pawn's worth, 100, each) sixteen plies later. Pieces,
/// not material: a pawn the loser crowns meanwhile does not undo the pieces won.
fn assert_wins_material(game: &Checkers, gain: i32) {
    let never = AtomicBool::new(false);
    let pos = game.position();
    let forced = game.forced_capture();
    let found = search(&pos, forced, Strength::Master, 0, &never, Some(200_000)).expect("moves");
    let before = material(&pos);
    assert!(found.score >= before + gain - 20, "{found:?}");
    let mut now = pos;
    for ply in 0..16 {
        let Some(m) = choose(&now, forced, Strength::Master, ply, &never, Some(100_000)) else {
            break;
        };
        now = now.play(&m);
    }
    // The pieces of the side on move in `game` less the other side's.
    let pieces = |p: &Position| {
        let lead = p.black.count_ones() as i32 - p.white.count_ones() as i32;
        if pos.black_to_move { lead } else { -lead }
    };
    let (before, after) = (pieces(&pos), pieces(&now));
    // With five pieces or fewer Master plays from the endgame database, whose winner may give
    // a pawn back on the way to a win it has proved: that counts as cashing the gain in.
    let proved_won = play::shipped()
        .and_then(|db| play::verdict(db, &now))
        .is_some_and(|v| {
            let winner_to_move = if now.black_to_move == pos.black_to_move {
                Wdl::Win
            } else {
                Wdl::Loss
            };
            v.wdl == winner_to_move
        });
    assert!(
        100 * (after - before) >= gain || proved_won,
        "from {before} to {after} pieces ahead, not a won ending either"
    );
}

#[test]
fn master_plays_a_sacrifice_for_a_triple_jump_under_both_capture_rules() {
    // 0,2-1,3 forces 0,4x2,2, and 1,1 then jumps three pieces to the crown row. Under free
    // capture black may decline, so there the shot is no better than other moves: only the
    // forced rule is checked for the move, both for finding a material gain.
    let pieces = [
        (0, 2, 'O'),
        (1, 1, 'O'),
        (0, 0, 'O'),
        (6, 0, 'O'),
        (0, 4, 'X'),
        (4, 4, 'X'),
        (4, 6, 'X'),
        (7, 7, 'X'),
    ];
    let never = AtomicBool::new(false);
    let game = position(&pieces, Seat::Second, true);
    let mv = engine_move(&game, 4, 0, &never, Some(200_000)).expect("white has moves");
    assert_eq!(mv, path(&[(0, 2), (1, 3)]));
    let mut after = game.clone();
    after.play(&mv).expect("legal");
    let reply = engine_move(&after, 4, 0, &never, Some(200_000)).expect("black must take");
    after.play(&reply).expect("legal");
    let triple = engine_move(&after, 4, 0, &never, Some(200_000)).expect("white jumps");
    assert_eq!(triple, path(&[(1, 1), (3, 3), (5, 5), (3, 7)]));
    assert_wins_material(&game, 200);
}

#[test]
fn master_takes_the_multi_jump_when_capturing_is_free() {
    // Under free capture, white may take one piece with 5,1 or three with 0,0 (and lose the
    // pawn on 5,1 afterwards), or decline both.
    let game = position(
        &[
            (0, 0, 'O'),
            (5, 1, 'O'),
            (1, 1, 'X'),
            (3, 3, 'X'),
            (3, 5, 'X'),
            (6, 2, 'X'),
            (7, 7, 'X'),
        ],
        Seat::Second,
        false,
    );
    let never = AtomicBool::new(false);
    let found = search(
        &game.position(),
        false,
        Strength::Master,
        0,
        &never,
        Some(200_000),
    )
    .expect("white has moves");
    // Material is 2 against 5 before; the triple jump makes it 1 against 2, the single one
    // 2 against 4.
    assert_eq!(found.best.jumps, 3, "{found:?}");
}

/// An opening: a few random moves from the start, different for each seed.
fn opening(seed: u64, forced: bool) -> Position {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Position::start();
    let mut moves = Vec::new();
    for _ in 0..3 {
        pos.generate(forced, &mut moves);
        pos = pos.play(&moves[rng.random_range(0..moves.len())]);
    }
    pos
}

#[derive(Clone, Copy)]
struct Player {
    level: Strength,
    nodes: u64,
}

/// The longest game a tournament plays; then the side ahead by at least a pawn's worth wins.
const MAX_PLIES: u32 = 120;

/// Black's result: 1 won, 0 drawn, -1 lost. Games longer than `max_plies` are adjudicated:
/// a side a pawn's worth ahead in material wins.
fn play_to(
    mut pos: Position,
    black: Player,
    white: Player,
    forced: bool,
    seed: u64,
    max_plies: u32,
) -> i32 {
    let never = AtomicBool::new(false);
    let mut moves = Vec::new();
    for ply in 0..max_plies {
        pos.generate(forced, &mut moves);
        if moves.is_empty() {
            return if pos.black_to_move { -1 } else { 1 };
        }
        if pos.quiet_plies >= 80 {
            return 0;
        }
        let me = if pos.black_to_move { black } else { white };
        let m: EngineMove = choose(
            &pos,
            forced,
            me.level,
            seed + u64::from(ply),
            &never,
            Some(me.nodes),
        )
        .expect("moves exist");
        assert!(moves.contains(&m), "the engine plays generated moves");
        pos = pos.play(&m);
    }
    let lead = material(&pos) * if pos.black_to_move { 1 } else { -1 };
    if lead >= 100 {
        1
    } else if lead <= -100 {
        -1
    } else {
        0
    }
}

fn play(pos: Position, black: Player, white: Player, forced: bool, seed: u64) -> i32 {
    play_to(pos, black, white, forced, seed, MAX_PLIES)
}

/// Wins, draws and losses of `strong` against `weak` over the openings, each played with both
/// colours.
fn match_up(strong: Player, weak: Player, openings: u64, forced: bool) -> (u32, u32, u32) {
    let mut tally = (0, 0, 0);
    for seed in 0..openings {
        let start = opening(500 + seed, forced);
        for strong_is_black in [true, false] {
            let (black, white) = if strong_is_black {
                (strong, weak)
            } else {
                (weak, strong)
            };
            let black_result = play(start, black, white, forced, seed * 7919);
            let result = if strong_is_black {
                black_result
            } else {
                -black_result
            };
            match result {
                1 => tally.0 += 1,
                0 => tally.1 += 1,
                _ => tally.2 += 1,
            }
        }
    }
    tally
}

/// Master against Strong from the tournament openings `from..to`, each played with both
/// colours and games up to 200 plies: Master's wins, draws and losses.
fn master_strong_tournament(from: usize, to: usize) -> (u32, u32, u32) {
    let mut tally = (0, 0, 0);
    for (i, &start) in (0u64..).zip(&tournament_openings(to, true)).skip(from) {
        for master_is_black in [true, false] {
            let (black, white) = if master_is_black {
                (MASTER, STRONG)
            } else {
                (STRONG, MASTER)
            };
            let black_result = play_to(start, black, white, true, i * 7919, 200);
            let result = if master_is_black {
                black_result
            } else {
                -black_result
            };
            eprintln!(
                "opening {i} master {}: {result}",
                if master_is_black { "black" } else { "white" }
            );
            match result {
                1 => tally.0 += 1,
                0 => tally.1 += 1,
                _ => tally.2 += 1,
            }
        }
    }
    eprintln!("Master vs Strong: {tally:?} (wins, draws, losses)");
    tally
}

/// The tournament of issue #22, on openings no choice of Master's was made on: the
/// hand-made weights were tuned on openings 0–79 of this pool, the pattern tables and their
/// settings on 2 000-game runs from other openings (`docs/BENCHMARKS.md`, "Fifth pass").
/// These 40 games are openings 200–219 with both colours, and the bar is the issue's: Master
/// wins at least 70 % (28). With the hand-made evaluation alone it won 24–27 of them; with
/// the pattern tables 30. A 40-game run moves by a few wins with any change to the search or
/// the tables, so changes are judged on the 2 000-game runs of
/// `examples/checkers_tournament.rs`, not on this test (the games themselves are
/// deterministic: node budgets, fixed seeds). About 20 s with `--release` on a loaded two-core
/// machine, but 165 s of CPU in the test profile (opt-level 2 with debug assertions), the
/// largest share of CI's time limit: run by hand,
/// `cargo test --release --test all checkers_engine:: -- --ignored` (`docs/BENCHMARKS.md`).
#[test]
#[ignore = "a 40-game tournament, 165 s of CPU in the test profile: run with --release -- --ignored"]
fn master_beats_strong_in_forty_games() {
    let (wins, draws, losses) = master_strong_tournament(200, 220);
    assert!(wins >= 28, "{wins}-{draws}-{losses}");
}

fn assert_beats(strong: Player, weak: Player, openings: u64, forced: bool) {
    let (wins, draws, losses) = match_up(strong, weak, openings, forced);
    eprintln!(
        "{:?} vs {:?}: {wins} wins, {draws} draws, {losses} losses",
        strong.level, weak.level
    );
    assert!(
        wins > losses + 1,
        "{:?} should beat {:?}: {wins}-{draws}-{losses}",
        strong.level,
        weak.level
    );
}

const BEGINNER: Player = Player {
    level: Strength::Beginner,
    nodes: 1_000,
};
const CASUAL: Player = Player {
    level: Strength::Casual,
    nodes: 4_000,
};
const STRONG: Player = Player {
    level: Strength::Strong,
    nodes: 10_000,
};
const MASTER: Player = Player {
    level: Strength::Master,
    nodes: 40_000,
};

#[test]
fn casual_beats_beginner() {
    assert_beats(CASUAL, BEGINNER, 3, true);
}

#[test]
fn strong_beats_casual() {
    assert_beats(STRONG, CASUAL, 3, true);
}

#[test]
fn strong_beats_casual_when_capturing_is_free() {
    assert_beats(STRONG, CASUAL, 2, false);
}

#[test]
fn every_level_answers_the_start_with_a_legal_move_and_a_cancelled_search_at_once() {
    let never = AtomicBool::new(false);
    let start = Checkers::default();
    for level in 1..=4 {
        let mv = engine_move(&start, level, 1, &never, Some(5_000)).expect("moves");
        assert!(start.legal_moves().contains(&mv));
    }
    assert_eq!(engine_move(&start, 5, 1, &never, None), None);
    // Cancelled before it starts, Master (millions of nodes by default) stops in its first
    // thousand and still answers with a legal move.
    let cancel = AtomicBool::new(true);
    let found =
        search(&Position::start(), true, Strength::Master, 0, &cancel, None).expect("moves");
    assert!(found.depth <= 8, "{found:?}");
}

#[test]
fn weak_levels_vary_with_the_seed_and_repeat_with_the_same_seed() {
    let never = AtomicBool::new(false);
    let pos = Position::start();
    let picks: Vec<_> = (0..16)
        .map(|seed| choose(&pos, true, Strength::Beginner, seed, &never, Some(2_000)))
        .collect();
    assert!(picks.iter().any(|p| *p != picks[0]), "{picks:?}");
    for seed in 0..4 {
        assert_eq!(
            choose(&pos, true, Strength::Beginner, seed, &never, Some(2_000)),
            picks[seed as usize]
        );
    }
    let master: Vec<_> = (0..3)
        .map(|seed| choose(&pos, true, Strength::Master, seed, &never, Some(20_000)))
        .collect();
    assert!(master.iter().all(|m| *m == master[0]));
}

/// Plays `pos` out with `winner` on the side to move and `defender` on the other, until the
/// game ends or the draw rule stops it; the side to move's result (1 won, 0 drawn, -1 lost)
/// and the plies played.
fn play_out(pos: Position, winner: Player, defender: Player) -> (i32, u32) {
    let (black, white) = if pos.black_to_move {
        (winner, defender)
    } else {
        (defender, winner)
    };
    let mut now = pos;
    let never = AtomicBool::new(false);
    let mut moves = Vec::new();
    for ply in 0.. {
        now.generate(true, &mut moves);
        if moves.is_empty() {
            let black_won = !now.black_to_move;
            return (
                if black_won == pos.black_to_move {
                    1
                } else {
                    -1
                },
                ply,
            );
        }
        if now.quiet_plies >= 80 {
            return (0, ply);
        }
        let me = if now.black_to_move { black } else { white };
        let m = choose(&now, true, me.level, u64::from(ply), &never, Some(me.nodes))
            .expect("moves exist");
        now = now.play(&m);
    }
    unreachable!("the draw rule ends every game")
}

/// An engine position from `(x, y, piece letter)` triples.
fn engine_position(pieces: &[(u8, u8, char)], to_move: Seat) -> Position {
    position(pieces, to_move, true).position()
}

#[test]
fn master_wins_won_endings_instead_of_shuffling() {
    let endings = [
        // Three kings against one in the double corner.
        engine_position(
            &[(1, 1, 'B'), (3, 5, 'B'), (5, 5, 'B'), (7, 1, 'W')],
            Seat::First,
        ),
        // Two kings against one in the double corner: the king must be driven out.
        engine_position(&[(2, 4, 'B'), (4, 4, 'B'), (6, 0, 'W')], Seat::First),
        // A king and two pawns against a king: the pawns must go on and crown.
        engine_position(
            &[(3, 5, 'B'), (0, 6, 'X'), (7, 7, 'X'), (4, 0, 'W')],
            Seat::First,
        ),
        // The same with white the stronger side.
        engine_position(
            &[(4, 2, 'W'), (1, 1, 'O'), (6, 0, 'O'), (3, 7, 'B')],
            Seat::Second,
        ),
    ];
    for (i, &pos) in endings.iter().enumerate() {
        let (result, plies) = play_out(pos, MASTER, STRONG);
        assert_eq!(result, 1, "ending {i}: {result} after {plies} plies");
    }
}

#[test]
fn analysis_gives_the_best_move_its_score_and_the_line() {
    use parlor::games::checkers::engine::{Limit, analyse};
    let never = AtomicBool::new(false);
    // The two-for-one shot of `master_plays_a_two_for_one_shot`.
    let game = position(
        &[
            (3, 3, 'O'),
            (2, 2, 'O'),
            (6, 2, 'O'),
            (1, 1, 'O'),
            (7, 1, 'O'),
            (5, 5, 'X'),
            (3, 5, 'X'),
            (0, 6, 'X'),
            (7, 5, 'X'),
        ],
        Seat::Second,
        true,
    );
    for limit in [Limit::Depth(8), Limit::Nodes(100_000)] {
        let found = analyse(&game, limit, &never).expect("white has moves");
        assert_eq!(found.best, path(&[(3, 3), (4, 4)]), "{limit:?}");
        assert!(found.score >= 100, "{found:?}");
        assert_eq!(found.principal_variation.first(), Some(&found.best));
        // The line is playable from the position.
        let mut now = game.clone();
        for mv in &found.principal_variation {
            now.play(mv).expect("the line is legal");
        }
        assert!(found.principal_variation.len() >= 3, "{found:?}");
    }
    assert_eq!(
        analyse(&game, Limit::Depth(4), &never).map(|a| a.depth),
        Some(4)
    );
}
