//! Master against Strong in Checkers at the levels' own node budgets (what a player meets in
//! the arcade), not the small budgets the test suite can afford: each of `count` seeded
//! four-ply openings (the test suite's generator) played with both colours, up to 200 plies.
//!
//! One line per game goes to stdout as it ends, so a long run can be followed, stopped and
//! resumed: `--from K` starts at opening K. The figures go in `docs/BENCHMARKS.md`.
//!
//! ```text
//! cargo run --release --example checkers_tournament -- 20            # 40 games
//! cargo run --release --example checkers_tournament -- 20 --from 7   # resume at opening 7
//! ```

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use parlor::games::checkers::engine::eval::material;
use parlor::games::checkers::engine::levels::{default_nodes, tournament_openings};
use parlor::games::checkers::engine::{Level, Position, choose};

/// The longest game; then a side a pawn's worth ahead in material wins.
const MAX_PLIES: u32 = 200;

/// Black's result (1, 0, -1) and the plies played.
fn play(mut pos: Position, black: Level, white: Level, seed: u64) -> (i32, u32) {
    let never = AtomicBool::new(false);
    let mut moves = Vec::new();
    for ply in 0..MAX_PLIES {
        pos.generate(true, &mut moves);
        if moves.is_empty() {
            return (if pos.black_to_move { -1 } else { 1 }, ply);
        }
        if pos.quiet_plies >= 80 {
            return (0, ply);
        }
        let level = if pos.black_to_move { black } else { white };
        let Some(mv) = choose(
            &pos,
            true,
            level,
            seed + u64::from(ply),
            &never,
            Some(default_nodes(level)),
        ) else {
            return (if pos.black_to_move { -1 } else { 1 }, ply);
        };
        pos = pos.play(&mv);
    }
    let lead = material(&pos) * if pos.black_to_move { 1 } else { -1 };
    (i32::from(lead >= 100) - i32::from(lead <= -100), MAX_PLIES)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(20);
    let from: usize = args
        .iter()
        .position(|a| a == "--from")
        .and_then(|i| args.get(i + 1))
        .and_then(|a| a.parse().ok())
        .unwrap_or(0);
    println!(
        "# Master ({} nodes) against Strong ({} nodes), openings {from}..{count}",
        default_nodes(Level::Master),
        default_nodes(Level::Strong)
    );
    let mut tally = [0u32; 3];
    for (i, &start) in tournament_openings(count, true)
        .iter()
        .enumerate()
        .skip(from)
    {
        for master_is_black in [true, false] {
            let (black, white) = if master_is_black {
                (Level::Master, Level::Strong)
            } else {
                (Level::Strong, Level::Master)
            };
            let clock = Instant::now();
            let (black_result, plies) = play(start, black, white, i as u64 * 7919);
            let result = if master_is_black {
                black_result
            } else {
                -black_result
            };
            tally[usize::from(result <= 0) + usize::from(result < 0)] += 1;
            println!(
                "opening {i} master {} result {result:+} plies {plies} seconds {:.1}",
                if master_is_black { "black" } else { "white" },
                clock.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "# Master: {} wins, {} draws, {} losses",
        tally[0], tally[1], tally[2]
    );
}
