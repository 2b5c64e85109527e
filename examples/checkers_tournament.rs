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
//! cargo run --release --features tools --example checkers_tournament -- 20            # 40 games
//! cargo run --release --features tools --example checkers_tournament -- 20 --from 7   # resume at opening 7
//! cargo run --release --features tools --example checkers_tournament -- 20 --nodes 40000 10000  # suite budgets
//! cargo run --release --features tools --example checkers_tournament -- 80 --weights 800,1120,…  # try weights
//! cargo run --release --features tools --example checkers_tournament -- 1000 --plies 6 --nodes 40000 10000
//! cargo run --release --features tools --example checkers_tournament -- 1000 --plies 6 --patterns new.bin
//! ```
//!
//! `--plies N` plays other openings: N seeded random plies each, from a pool large enough for
//! the 2 000-game runs that a small change to Master needs (a 160-game run varies by about
//! ten wins with any change; see `docs/BENCHMARKS.md`).
//!
//! `--weights` gives Master other evaluation weights (`master_eval::MASTER`'s order, missing
//! ones kept), so a fit from `examples/checkers_tune.rs` can be tried without a rebuild;
//! `--patterns FILE` other pattern tables (`examples/checkers_train.rs` writes them) instead of
//! the shipped ones.

use std::process::ExitCode;
use std::time::Instant;

use parlor::games::checkers::engine::Position;
use parlor::games::checkers::engine::Strength;
use parlor::games::checkers::engine::levels::{
    default_nodes, random_openings, tournament_openings,
};

#[path = "support/checkers_master.rs"]
mod checkers_master;
use checkers_master::{End, GameEnd, black_lead, patterns_from_args, play_game, weights_from_args};

/// One game, with `SHOW` and `TRACE` as the module documentation says.
fn play(start: Position, black: (Strength, u64), white: (Strength, u64), seed: u64) -> GameEnd {
    let trace = std::env::var_os("TRACE").is_some();
    let game = play_game(start, black, white, seed, |ply, pos| {
        if trace && ply % 10 == 0 {
            print!("{} ", black_lead(pos));
        }
    });
    if game.end != End::NoMove && std::env::var_os("SHOW").is_some() {
        print!("{}", diagram(&game.last));
    }
    game
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

/// The value after `flag` (`k` places on), parsed; `default` when the flag is absent.
fn flag_value<T: std::str::FromStr>(
    args: &[String],
    flag: &str,
    k: usize,
    default: T,
) -> Result<T, String> {
    let Some(at) = args.iter().position(|a| a == flag) else {
        return Ok(default);
    };
    let text = args.get(at + k).ok_or(format!("{flag} needs a value"))?;
    text.parse()
        .map_err(|_| format!("{flag}: `{text}` is not a number"))
}

/// A run: openings `from..count`, Master's and Strong's level and node budget.
struct Run {
    count: usize,
    from: usize,
    /// `--plies N`: openings of N random plies ([`LONG_OPENINGS_SEED`]) instead of the suite's.
    plies: Option<u32>,
    master: (Strength, u64),
    strong: (Strength, u64),
}

/// The seed of the `--plies` openings, fixed so that a long run can be repeated exactly.
const LONG_OPENINGS_SEED: u64 = 77;

/// The run's settings from the command line, or why they are wrong.
fn settings(args: &[String]) -> Result<Run, String> {
    let count = match args.first() {
        Some(a) if !a.starts_with("--") => a
            .parse()
            .map_err(|_| format!("`{a}`: the number of openings"))?,
        _ => 20,
    };
    let from = flag_value(args, "--from", 1, 0)?;
    let plies = flag_value(args, "--plies", 1, 0)?;
    let plies = (plies > 0).then_some(plies);
    // `--nodes M S`: other budgets than the levels' own (the test suite's are 40000 10000).
    let master = flag_value(args, "--nodes", 1, default_nodes(Strength::Master))?;
    let strong = flag_value(args, "--nodes", 2, default_nodes(Strength::Strong))?;
    if let Some(path) = patterns_from_args(args)? {
        println!("# patterns {path}");
    }
    if let Some(weights) = weights_from_args(args)? {
        println!("# weights {weights:?}");
    }
    Ok(Run {
        count,
        from,
        plies,
        master: (Strength::Master, master),
        strong: (Strength::Strong, strong),
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Run {
        count,
        from,
        plies,
        master,
        strong,
    } = match settings(&args) {
        Ok(run) => run,
        Err(e) => {
            eprintln!("checkers_tournament: {e}");
            eprintln!(
                "usage: checkers_tournament [COUNT] [--from K] [--plies N] [--nodes MASTER STRONG] [--weights W,…] [--patterns FILE]"
            );
            return ExitCode::from(2);
        }
    };
    let mut tally = [0u32; 3];
    let openings = match plies {
        Some(plies) => random_openings(count, plies, LONG_OPENINGS_SEED, true),
        None => tournament_openings(count, true),
    };
    // The pool can hold fewer openings than asked for: say how many are played.
    println!(
        "# Master ({} nodes) against Strong ({} nodes), openings {from}..{}",
        master.1,
        strong.1,
        openings.len()
    );
    for (i, &start) in openings.iter().enumerate().skip(from) {
        for master_is_black in [true, false] {
            let (black, white) = if master_is_black {
                (master, strong)
            } else {
                (strong, master)
            };
            let clock = Instant::now();
            let game = play(start, black, white, i as u64 * 7919);
            let sign = if master_is_black { 1 } else { -1 };
            let result = sign * game.black_result;
            tally[usize::from(result <= 0) + usize::from(result < 0)] += 1;
            println!(
                "opening {i} master {} result {result:+} plies {} lead {:+} seconds {:.1}",
                if master_is_black { "black" } else { "white" },
                game.plies,
                sign * game.black_lead,
                clock.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "# Master: {} wins, {} draws, {} losses",
        tally[0], tally[1], tally[2]
    );
    ExitCode::SUCCESS
}
