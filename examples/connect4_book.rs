//! Regenerates the Connect Four opening book shipped in `assets/connect4/book.bin`.
//!
//! `cargo run --release --example connect4_book -- [DEPTH] [OUTPUT] [TABLE_BITS]` solves every
//! position up to DEPTH plies (default 1, what is shipped) with the project's own solver and
//! writes the book (default `assets/connect4/book.bin`); `TABLE_BITS` (default 24) sizes the
//! transposition table. Progress goes to stderr. Cost (docs/BENCHMARKS.md): DEPTH 1 took 17
//! CPU-minutes; DEPTH 5 is over an hour of one core.

use std::process::ExitCode;
use std::time::Instant;

use parlor::games::connect4::engine::{Position, book};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = match args.first().map(|s| s.parse()) {
        None => 1,
        Some(Ok(d)) if d <= 20 => d,
        Some(_) => {
            eprintln!("usage: connect4_book [DEPTH (0-20)] [OUTPUT] [TABLE_BITS]");
            return ExitCode::from(2);
        }
    };
    let output = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "assets/connect4/book.bin".to_string());
    let table_bits = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(24);
    let start = Instant::now();
    let book = book::generate(Position::empty(), depth, table_bits, |ply, done, total| {
        if done % 100 == 0 || done == total {
            eprintln!(
                "ply {ply}: {done}/{total} positions, {:.0} s",
                start.elapsed().as_secs_f64()
            );
        }
    });
    if let Err(e) = std::fs::write(&output, book.to_bytes()) {
        eprintln!("cannot write {output}: {e}");
        return ExitCode::FAILURE;
    }
    eprintln!(
        "wrote {} positions up to ply {depth} to {output} in {:.0} s",
        book.len(),
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
