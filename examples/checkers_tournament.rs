//! Master against Strong in Checkers at the levels' own node budgets (what a player meets in
//! the arcade), not the small budgets the test suite can afford: each of `count` seeded
//! four-ply openings (the test suite's generator) played with both colours, up to 200 plies.
//!
//! One line per game goes to stdout as it ends, so a long run can be followed, stopped and
//! resumed: `--from K` starts at opening K. The figures go in `docs/BENCHMARKS.md`. To see
//! why games end as they do, `SHOW=1` prints the final board of each game that does not end
//! with a side out of moves, and `TRACE=1` black's material lead every ten plies.
//!
//! ```text
//! cargo run --release --example checkers_tournament -- 20            # 40 games
//! cargo run --release --example checkers_tournament -- 20 --from 7   # resume at opening 7
//! cargo run --release --example checkers_tournament -- 20 --nodes 40000 10000  # suite budgets
//! cargo run --release --example checkers_tournament -- 80 --weights 800,1120,…  # try weights
//! ```
//!
//! `--weights` gives Master other evaluation weights (`master_eval::MASTER`'s order, missing
//! ones kept), so a fit from `examples/checkers_tune.rs` can be tried without a rebuild.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use std::sync::OnceLock;

use parlor::games::checkers::engine::eval::material;
use parlor::games::checkers::engine::levels::{MAX_DEPTH, default_nodes, tournament_openings};
use parlor::games::checkers::engine::master_eval::{MASTER, Weights, score};
use parlor::games::checkers::engine::search::Searcher;
use parlor::games::checkers::engine::{EngineMove, Level, Position, choose};

/// Master's weights for this run (`--weights`), else its own.
static WEIGHTS: OnceLock<Weights> = OnceLock::new();

fn master_eval(pos: &Position) -> i32 {
    score(pos, WEIGHTS.get().unwrap_or(&MASTER))
}

/// A move of `level` with `nodes`: Master's with this run's weights, the others as in play.
fn pick(pos: &Position, level: Level, nodes: u64, seed: u64) -> Option<EngineMove> {
    let never = AtomicBool::new(false);
    if level != Level::Master || WEIGHTS.get().is_none() {
        return choose(pos, true, level, seed, &never, Some(nodes));
    }
    let bits = (64 - nodes.leading_zeros()).clamp(12, 20);
    Searcher::new(bits, nodes, true, &never)
        .with_evaluation(master_eval)
        .with_reductions()
        .iterate(pos, MAX_DEPTH, &mut || 0)
        .map(|f| f.best)
}

/// The longest game; then a side a pawn's worth ahead in material wins.
const MAX_PLIES: u32 = 200;

/// Black's result (1, 0, -1), the plies played and black's material lead at the end.
fn play(mut pos: Position, black: (Level, u64), white: (Level, u64), seed: u64) -> (i32, u32, i32) {
    let mut moves = Vec::new();
    for ply in 0..MAX_PLIES {
        pos.generate(true, &mut moves);
        if moves.is_empty() {
            return (if pos.black_to_move { -1 } else { 1 }, ply, 0);
        }
        if pos.quiet_plies >= 80 {
            if std::env::var_os("SHOW").is_some() {
                print!("{}", diagram(&pos));
            }
            return (0, ply, black_lead(&pos));
        }
        if std::env::var_os("TRACE").is_some() && ply % 10 == 0 {
            print!("{} ", black_lead(&pos));
        }
        let (level, nodes) = if pos.black_to_move { black } else { white };
        let Some(mv) = pick(&pos, level, nodes, seed + u64::from(ply)) else {
            return (if pos.black_to_move { -1 } else { 1 }, ply, 0);
        };
        pos = pos.play(&mv);
    }
    let lead = black_lead(&pos);
    if std::env::var_os("SHOW").is_some() {
        print!("{}", diagram(&pos));
    }
    (
        i32::from(lead >= 100) - i32::from(lead <= -100),
        MAX_PLIES,
        lead,
    )
}

/// The board as text, row 7 at the top: `x`/`o` pawns, `X`/`O` kings (black, white).
fn diagram(pos: &Position) -> String {
    let mut out = String::new();
    for y in (0..8u32).rev() {
        for x in 0..8u32 {
            let c = if (x + y) % 2 == 1 {
                ' '
            } else {
                let bit = 1u32 << (y * 4 + x / 2);
                let king = pos.kings & bit != 0;
                match (pos.black & bit != 0, pos.white & bit != 0, king) {
                    (true, _, false) => 'x',
                    (true, _, true) => 'X',
                    (_, true, false) => 'o',
                    (_, true, true) => 'O',
                    _ => '.',
                }
            };
            out.push(c);
        }
        out.push('\n');
    }
    out
}

/// Black's material lead in hundredths of a pawn.
fn black_lead(pos: &Position) -> i32 {
    material(pos) * if pos.black_to_move { 1 } else { -1 }
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
    // `--nodes M S`: other budgets than the levels' own (the test suite's are 40000 10000).
    let budget = |k: usize, level: Level| {
        args.iter()
            .position(|a| a == "--nodes")
            .and_then(|i| args.get(i + k))
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| default_nodes(level))
    };
    // `--weights w1,w2,…`: Master's evaluation weights (`master_eval::MASTER`'s order).
    if let Some(w) = args
        .iter()
        .position(|a| a == "--weights")
        .and_then(|i| args.get(i + 1))
    {
        let parsed: Vec<i32> = w.split(',').filter_map(|x| x.trim().parse().ok()).collect();
        let mut weights = MASTER;
        for (slot, v) in weights.iter_mut().zip(parsed) {
            *slot = v;
        }
        println!("# weights {weights:?}");
        let _ = WEIGHTS.set(weights);
    }
    let master = (Level::Master, budget(1, Level::Master));
    let strong = (Level::Strong, budget(2, Level::Strong));
    println!(
        "# Master ({} nodes) against Strong ({} nodes), openings {from}..{count}",
        master.1, strong.1
    );
    let mut tally = [0u32; 3];
    for (i, &start) in tournament_openings(count, true)
        .iter()
        .enumerate()
        .skip(from)
    {
        for master_is_black in [true, false] {
            let (black, white) = if master_is_black {
                (master, strong)
            } else {
                (strong, master)
            };
            let clock = Instant::now();
            let (black_result, plies, black_lead) = play(start, black, white, i as u64 * 7919);
            let sign = if master_is_black { 1 } else { -1 };
            let result = sign * black_result;
            tally[usize::from(result <= 0) + usize::from(result < 0)] += 1;
            println!(
                "opening {i} master {} result {result:+} plies {plies} lead {:+} seconds {:.1}",
                if master_is_black { "black" } else { "white" },
                sign * black_lead,
                clock.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "# Master: {} wins, {} draws, {} losses",
        tally[0], tally[1], tally[2]
    );
}
