//! Grows the Connect Four opening book shipped in `assets/connect4/book.bin`: Master's move
//! in every position it can face, ply by ply (see `engine::book`), with the project's own
//! solver. Resumable: it reads the book it is growing, skips every position already there,
//! and rewrites the file (atomically) every few seconds and at the end of each ply, so it can
//! be stopped at any time and started again with the same command.
//!
//! ```sh
//! nohup nice -n 19 cargo run --release --features tools --example connect4_book -- \
//!     [--depth N] [--book PATH] [--table-bits B] [--exact] > book.log 2>&1 &
//! ```
//!
//! `--depth` is the deepest ply solved (default 9); `--book` the file (default
//! `assets/connect4/book.bin`); `--table-bits` the transposition table, 2^B slots of 8 bytes
//! (default 24, 128 MB); by default it stores win/draw/loss values and value-keeping moves
//! (several times cheaper than exact scores, but not always the fastest win; lost positions
//! still get the slowest loss when it is found in a few minutes); `--exact` stores exact
//! scores and the fastest win everywhere. Ply 1 is solved before
//! ply 0 so that the empty board is answered from the first moves' scores. One line of
//! progress per position goes to stderr. `--seed-v1 FILE` first adds what a format-1 book
//! (exact scores only) settles: the empty board's move, from the old one-ply book.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use parlor::games::connect4::engine::book::{self, Book, BookMove};
use parlor::games::connect4::engine::{Position, Solver};

struct Options {
    depth: u32,
    path: PathBuf,
    table_bits: u32,
    weak: bool,
    seed_v1: Option<PathBuf>,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        depth: 9,
        path: PathBuf::from("assets/connect4/book.bin"),
        table_bits: 24,
        weak: true,
        seed_v1: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--depth" => {
                options.depth = value("--depth")?
                    .parse()
                    .ok()
                    .filter(|d| *d <= 30)
                    .ok_or("--depth takes a ply from 0 to 30")?;
            }
            "--book" => options.path = PathBuf::from(value("--book")?),
            "--table-bits" => {
                options.table_bits = value("--table-bits")?
                    .parse()
                    .map_err(|_| "--table-bits takes a number")?;
            }
            "--exact" => options.weak = false,
            "--seed-v1" => options.seed_v1 = Some(PathBuf::from(value("--seed-v1")?)),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(options)
}

/// Writes the book to a temporary file beside `path`, then renames it over `path`, so an
/// interrupted write never leaves a damaged book.
fn save(book: &Book, path: &Path) -> std::io::Result<()> {
    let tmp = path.with_extension("bin.tmp");
    std::fs::write(&tmp, book.to_bytes())?;
    std::fs::rename(&tmp, path)
}

/// The move sequence of a position is unknown (the book stores keys), so progress lines show
/// the board as rows of `x`, `o` and `.` from the bottom up.
fn board_text(position: &Position) -> String {
    (0..6)
        .map(|row| {
            (0..7)
                .map(|col| match position.cell(col, row) {
                    Some(parlor::core::Seat::First) => 'x',
                    Some(parlor::core::Seat::Second) => 'o',
                    None => '.',
                })
                .collect::<String>()
        })
        .take_while(|r| r != ".......")
        .collect::<Vec<_>>()
        .join("/")
}

/// Entries derived from a format-1 book (exact scores of every position up to its depth,
/// made by this generator's earlier version, e.g. `git show 964faf8:assets/connect4/book.bin`):
/// each position whose children all have a score there gets its best move, centre first
/// among equals. With the old one-ply book that is the empty board (column 4, score 1).
fn seed_from_v1(bytes: &[u8]) -> Result<Vec<(Position, BookMove)>, String> {
    const HEADER: usize = 13;
    if bytes.len() < HEADER || &bytes[..8] != b"PC4BOOK1" {
        return Err("not a format-1 book".into());
    }
    let count = u32::from_le_bytes([bytes[9], bytes[10], bytes[11], bytes[12]]) as usize;
    if bytes.len() != HEADER + 7 * count {
        return Err("format-1 book of the wrong length".into());
    }
    let scores: std::collections::HashMap<u64, i32> = bytes[HEADER..]
        .chunks_exact(7)
        .map(|chunk| {
            let mut word = [0u8; 8];
            word[..7].copy_from_slice(chunk);
            let e = u64::from_le_bytes(word);
            (e >> 6, (e & 0x3F) as i32 - 18)
        })
        .collect();
    let mut seeded = Vec::new();
    let mut frontier = vec![Position::empty()];
    while let Some(p) = frontier.pop() {
        let mut best: Option<(usize, i32)> = None;
        let mut complete = true;
        for col in [3, 2, 4, 1, 5, 0, 6] {
            if !p.can_play(col) {
                continue;
            }
            let mut child = p;
            child.play(col);
            let Some(&child_score) = scores.get(&symmetric_key_of(&child)) else {
                complete = false;
                continue;
            };
            frontier.push(child);
            if best.is_none_or(|(_, s)| -child_score > s) {
                best = Some((col, -child_score));
            }
        }
        if complete && let Some((column, score)) = best {
            seeded.push((
                p,
                BookMove {
                    column,
                    score,
                    exact: true,
                },
            ));
        }
    }
    Ok(seeded)
}

/// The format-1 key of a position: the smaller of its and its mirror image's `mask + current`.
fn symmetric_key_of(p: &Position) -> u64 {
    let key = |q: &Position| {
        let (mut mask, mut current) = (0u64, 0u64);
        for col in 0..7 {
            for row in 0..6 {
                let bit = 1u64 << (col * 7 + row);
                match q.cell(col, row) {
                    None => {}
                    Some(seat) => {
                        mask |= bit;
                        if seat == q.to_move() {
                            current |= bit;
                        }
                    }
                }
            }
        }
        mask + current
    };
    key(p).min(key(&p.mirrored()))
}

/// Nodes an exact solve of a lost position may take in weak mode (under a minute of one
/// core): the slowest loss needs the exact scores, but is not worth hours.
const LOST_EXACT_NODES: u64 = 300_000_000;

/// Master's move in `position`, its score and whether the score is exact. In weak mode a won
/// position gets the first winning move in centre order; a drawn one the first drawing move
/// (a draw's score, 0, is exact); a lost one the slowest loss if an exact solve fits
/// [`LOST_EXACT_NODES`], otherwise the first move that does not lose at once.
fn solve(solver: &mut Solver, position: &Position, weak: bool) -> Option<(usize, i32, bool)> {
    let never = AtomicBool::new(false);
    if !weak {
        let (column, score) = solver.best_move(position, &never, None).ok()??;
        return Some((column, score, true));
    }
    let (column, value) = solver.weak_best_move(position, &never, None).ok()??;
    if value < 0
        && let Ok(Some((column, score))) =
            solver.best_move(position, &never, Some(LOST_EXACT_NODES))
    {
        return Some((column, score, true));
    }
    Some((column, value, value == 0))
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("connect4_book: {e}");
            eprintln!("usage: connect4_book [--depth N] [--book PATH] [--table-bits B] [--exact]");
            return ExitCode::from(2);
        }
    };
    let mut book = match std::fs::read(&options.path) {
        Ok(bytes) => match Book::from_bytes(&bytes) {
            Ok(book) => book,
            Err(e) => {
                // Never overwrite what might be hours of work: the person decides.
                eprintln!(
                    "connect4_book: {} is not a usable book ({e}); move it away to start afresh",
                    options.path.display()
                );
                return ExitCode::FAILURE;
            }
        },
        Err(_) => Book::default(),
    };
    if let Some(path) = &options.seed_v1 {
        let seeded = std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|bytes| seed_from_v1(&bytes));
        match seeded {
            Ok(seeded) => {
                eprintln!(
                    "connect4_book: {} entries from {}",
                    seeded.len(),
                    path.display()
                );
                book =
                    Book::from_entries(book.entries().map(|e| (e.position, e.best)).chain(seeded));
                if let Err(e) = save(&book, &options.path) {
                    eprintln!(
                        "connect4_book: cannot write {}: {e}",
                        options.path.display()
                    );
                    return ExitCode::FAILURE;
                }
            }
            Err(e) => {
                eprintln!("connect4_book: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    eprintln!(
        "connect4_book: {} entries in {}, growing to ply {}",
        book.len(),
        options.path.display(),
        options.depth
    );
    let mut solver = Solver::with_table_bits(options.table_bits);
    let start = Instant::now();
    let plies = [1, 0].into_iter().chain(2..=options.depth);
    for ply in plies.filter(|&p| p <= options.depth) {
        // Entries already made serve as leaves (ply 0 reads ply 1's values).
        solver.set_book(Some(Arc::new(book.clone())));
        let todo: Vec<Position> = book::master_positions(&book, ply)
            .into_iter()
            .filter(|p| book.best_move(p).is_none())
            .collect();
        eprintln!(
            "ply {ply}: {} positions to solve, {:.0} s so far",
            todo.len(),
            start.elapsed().as_secs_f64()
        );
        let mut fresh: Vec<(Position, BookMove)> = Vec::new();
        let mut last_save = Instant::now();
        for (i, position) in todo.iter().enumerate() {
            let t = Instant::now();
            solver.reset_node_count();
            let Some((column, score, exact)) = solve(&mut solver, position, options.weak) else {
                eprintln!("ply {ply}: no move for {}", board_text(position));
                continue;
            };
            fresh.push((
                *position,
                BookMove {
                    column,
                    score,
                    exact,
                },
            ));
            eprintln!(
                "ply {ply} {}/{}: {} -> column {} score {score}, {} nodes, {:.1} s",
                i + 1,
                todo.len(),
                board_text(position),
                column + 1,
                solver.node_count(),
                t.elapsed().as_secs_f64()
            );
            if last_save.elapsed().as_secs() >= 20 || i + 1 == todo.len() {
                book = Book::from_entries(
                    book.entries()
                        .map(|e| (e.position, e.best))
                        .chain(fresh.drain(..)),
                );
                if let Err(e) = save(&book, &options.path) {
                    eprintln!(
                        "connect4_book: cannot write {}: {e}",
                        options.path.display()
                    );
                    return ExitCode::FAILURE;
                }
                last_save = Instant::now();
            }
        }
    }
    eprintln!(
        "connect4_book: done, {} entries up to ply {}, {:.0} s",
        book.len(),
        options.depth,
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
