//! A level-design aid for Slide: draws random boards (the seed's 4 `O`, 8 `X`, two goals)
//! until one has a proven par in the asked range, and prints it as a level file's rows.
//!
//! `cargo run --release --features tools --example slide_fill -- LOW HIGH [SEED] [COUNT]` prints COUNT
//! (default 1) boards whose par lies in LOW..=HIGH, from seeds SEED, SEED+1, … Used to fill
//! the gaps in the shipped levels' par curve; the tests prove every shipped par again, so
//! nothing printed here is trusted.

use std::process::ExitCode;

use parlor::games::slide::generate::generate;

fn main() -> ExitCode {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|arg| arg.parse().ok())
        .collect();
    let [low, high, rest @ ..] = args.as_slice() else {
        eprintln!("usage: slide_fill LOW HIGH [SEED] [COUNT]");
        return ExitCode::from(2);
    };
    let seed = rest.first().copied().unwrap_or(1);
    let count = rest.get(1).copied().unwrap_or(1);
    for s in seed..seed + count {
        let level = generate(s, *low as u32..=*high as u32);
        println!("seed {s}: par {}", level.par.unwrap_or(0));
        for row in level.board.rows() {
            println!("  \"{row}\",");
        }
        println!();
    }
    ExitCode::SUCCESS
}
