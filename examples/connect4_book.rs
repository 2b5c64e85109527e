//! Grows the Connect Four opening book shipped in `assets/connect4/book.bin`: the exact score
//! of every position of one ply (default 8), each solved by the project's own solver, and of
//! every earlier ply, derived from the next (see `engine::book`). Resumable: it reads the
//! book it is growing, skips every score already there, and rewrites the file atomically
//! every few minutes and at the end, so it can be stopped at any time and started again with
//! the same command.
//!
//! ```sh
//! cargo build --release --features tools --example connect4_book
//! cp target/release/examples/connect4_book /tmp/connect4_book   # survives rebuilds
//! nohup nice -n 19 /tmp/connect4_book [--ply N] [--book PATH] [--table-bits B] \
//!     [--save-every SECONDS] > book.log 2>&1 &
//! ```
//!
//! `--ply` is the ply solved (default 8); `--book` the file (default
//! `assets/connect4/book.bin`); `--table-bits` the transposition table, 2^B slots of 8 bytes
//! (default 18, 2 MB: measured 2.7–2.8 times faster than 22 at both ends of the ply-8 index
//! range, docs/BENCHMARKS.md; bigger tables cost more in cache misses than they save); `--save-every`
//! the seconds between saves (default 300). Positions are solved in index order, so
//! neighbours share most of their search in the table. A line of progress goes to stderr at
//! every save.
//!
//! `--check N` writes nothing: it re-solves N of the scores the book already holds at the
//! ply, spread evenly over the index range, with a fresh table each, and exits 1 if any
//! differs (run it after every change to the solver, before the generator writes its
//! scores into the shipped book).
//!
//! Two processes can share the work, one per core: the second solves from the other end
//! (`--reverse`) into a file of its own, and each names the other's file with `--partner`. At
//! every save each takes in the scores its partner has written (the partner renames its file
//! into place, so a read never sees half a file) and skips them, so the two meet in the middle
//! and both files end up complete:
//!
//! ```sh
//! nohup nice -n 19 /tmp/connect4_book --book a.bin --partner b.bin > a.log 2>&1 &
//! nohup nice -n 19 /tmp/connect4_book --book b.bin --partner a.bin --reverse > b.log 2>&1 &
//! ```

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use parlor::games::connect4::engine::{Book, Solver};

struct Options {
    ply: u32,
    path: PathBuf,
    table_bits: u32,
    save_every: u64,
    /// Another generator's book whose scores are taken in at every save.
    partner: Option<PathBuf>,
    /// Solve from the last index down (the second of two processes).
    reverse: bool,
    /// Re-solve this many known scores and compare, writing nothing.
    check: Option<usize>,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        ply: 8,
        path: PathBuf::from("assets/connect4/book.bin"),
        table_bits: 18,
        save_every: 300,
        partner: None,
        reverse: false,
        check: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--ply" => {
                options.ply = value("--ply")?
                    .parse()
                    .ok()
                    .filter(|d| *d <= 11)
                    .ok_or("--ply takes a ply from 0 to 11")?;
            }
            "--book" => options.path = PathBuf::from(value("--book")?),
            "--table-bits" => {
                options.table_bits = value("--table-bits")?
                    .parse()
                    .map_err(|_| "--table-bits takes a number")?;
            }
            "--save-every" => {
                options.save_every = value("--save-every")?
                    .parse()
                    .map_err(|_| "--save-every takes a number of seconds")?;
            }
            "--partner" => options.partner = Some(PathBuf::from(value("--partner")?)),
            "--reverse" => options.reverse = true,
            "--check" => {
                options.check = Some(
                    value("--check")?
                        .parse()
                        .map_err(|_| "--check takes a number of positions")?,
                );
            }
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

/// Takes in every score of `ply` the partner's book knows and this one does not; returns
/// how many. A partner file missing or unreadable (not written yet, or another format) adds
/// nothing: the two processes simply overlap more.
fn take_in_partner(book: &mut Book, ply: u32, partner: &Path) -> usize {
    let Ok(bytes) = std::fs::read(partner) else {
        return 0;
    };
    let Ok(other) = Book::from_bytes(&bytes) else {
        eprintln!(
            "connect4_book: {} is not a usable book; ignored",
            partner.display()
        );
        return 0;
    };
    let mut added = 0;
    for (_, position, known) in other.positions(ply) {
        if known
            && book.score(&position).is_none()
            && let Some(score) = other.score(&position)
        {
            book.set(&position, score);
            added += 1;
        }
    }
    added
}

/// Re-solves `count` known scores of `ply`, evenly spread over the known ones, each with a
/// fresh solver; prints every difference and a summary line.
fn check(book: &Book, ply: u32, count: usize, table_bits: u32) -> ExitCode {
    let known: Vec<_> = book
        .positions(ply)
        .filter(|&(_, _, known)| known)
        .map(|(index, p, _)| (index, p))
        .collect();
    let step = (known.len() / count.max(1)).max(1);
    let start = Instant::now();
    let (mut checked, mut wrong) = (0, 0);
    for &(index, position) in known.iter().step_by(step).take(count) {
        let Some(expected) = book.score(&position) else {
            continue;
        };
        let score = Solver::with_table_bits(table_bits).solve(&position);
        checked += 1;
        if score != expected {
            wrong += 1;
            eprintln!("index {index}: the book says {expected}, the solver {score}");
        }
    }
    eprintln!(
        "connect4_book: checked {checked} of {} known ply-{ply} scores (one in {step}), \
         {wrong} differ, {:.0} s",
        known.len(),
        start.elapsed().as_secs_f64()
    );
    if wrong == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Derives every ply below `ply` from the one after it, then saves.
fn derive_and_save(book: &mut Book, ply: u32, path: &Path) -> std::io::Result<()> {
    for lower in (0..ply).rev() {
        book.derive(lower);
    }
    save(book, path)
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("connect4_book: {e}");
            eprintln!(
                "usage: connect4_book [--ply N] [--book PATH] [--table-bits B] [--save-every S] \
                 [--partner PATH] [--reverse] [--check N]"
            );
            return ExitCode::from(2);
        }
    };
    let book = match std::fs::read(&options.path) {
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
    let mut book = if book.deepest_ply().is_some_and(|d| d >= options.ply) {
        book
    } else {
        book.extended_to(options.ply)
    };
    let ply = options.ply;
    if let Some(count) = options.check {
        return check(&book, ply, count, options.table_bits);
    }
    if let Some(partner) = &options.partner {
        take_in_partner(&mut book, ply, partner);
    }
    let mut todo: Vec<_> = book
        .positions(ply)
        .filter(|&(_, _, known)| !known)
        .map(|(_, p, _)| p)
        .collect();
    if options.reverse {
        todo.reverse();
    }
    let (known, indices) = book.known(ply);
    eprintln!(
        "connect4_book: ply {ply}: {known} scores known, {} positions to solve ({indices} indices)",
        todo.len()
    );
    let mut solver = Solver::with_table_bits(options.table_bits);
    let start = Instant::now();
    let mut last_save = Instant::now();
    let mut solved = 0usize;
    for (i, position) in todo.iter().enumerate() {
        // Known already when the partner solved it and a save took it in.
        if book.score(position).is_none() {
            let score = solver.solve(position);
            book.set(position, score);
            solved += 1;
        }
        let done = i + 1;
        if last_save.elapsed().as_secs() >= options.save_every || done == todo.len() {
            if let Some(partner) = &options.partner {
                take_in_partner(&mut book, ply, partner);
            }
            if let Err(e) = derive_and_save(&mut book, ply, &options.path) {
                eprintln!(
                    "connect4_book: cannot write {}: {e}",
                    options.path.display()
                );
                return ExitCode::FAILURE;
            }
            last_save = Instant::now();
            let seconds = start.elapsed().as_secs_f64();
            let each = seconds / solved.max(1) as f64;
            let known_now = book.known(ply).0;
            let left = (known + todo.len()).saturating_sub(known_now);
            eprintln!(
                "ply {ply}: {solved} solved this run in {seconds:.0} s ({each:.3} s each, \
                 about {:.1} h of solving left); {known_now} of {indices} indices known",
                each * left as f64 / 3600.0,
            );
        }
    }
    if todo.is_empty()
        && let Err(e) = derive_and_save(&mut book, ply, &options.path)
    {
        eprintln!(
            "connect4_book: cannot write {}: {e}",
            options.path.display()
        );
        return ExitCode::FAILURE;
    }
    for p in 0..=ply {
        let (known, indices) = book.known(p);
        let positions = book.positions(p).count();
        eprintln!("ply {p}: {known} of {positions} positions known ({indices} indices)");
    }
    eprintln!(
        "connect4_book: done, {:.0} s",
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
