//! `parlor solve slide`: the par and an optimal solution of a level, shipped or from a file.

use std::io;
use std::path::PathBuf;

use clap::{Arg, ArgMatches, value_parser};

use super::levels::{COUNT, shipped_level};
use super::plain::{solve_file, solve_report};
use super::solver::DEFAULT_BUDGET;
use crate::analysis_commands::{AnalysisCommand, Streams};

/// `parlor solve slide`.
pub static SOLVE: AnalysisCommand = AnalysisCommand {
    example: "parlor solve slide --level 3",
    about: "Slide: the par and an optimal solution of a level",
    help: "\
Input: a level, either a shipped one (--level N, 1 to 21) or a level file (TOML, as the
`levels/` files and saved custom levels); stdin is not read.

Output: `par: N moves`, then one optimal solution, one move per line numbered from 1, in the
plain mode's notation (the piece's row and column, then the direction). A level with no
solution prints `no solution: …`, and one beyond the solver's budget `no answer: …`; both exit
with 3. A file that cannot be read exits with 1.",
    args: |cmd| {
        cmd.arg(
            Arg::new("level")
                .long("level")
                .value_name("N")
                .value_parser(value_parser!(u64).range(1..=COUNT as u64))
                .conflicts_with("file")
                .required_unless_present("file")
                .help("A shipped level, 1 to 21"),
        )
        .arg(
            Arg::new("file")
                .value_name("FILE")
                .value_parser(value_parser!(PathBuf))
                .help("A level file"),
        )
    },
    run,
};

fn run(matches: &ArgMatches, io: &mut Streams<'_>) -> io::Result<u8> {
    if let Some(path) = matches.get_one::<PathBuf>("file") {
        return Ok(match solve_file(path, io.out)? {
            Ok(code) => code,
            Err(message) => {
                writeln!(io.err, "parlor: {message}")?;
                1
            }
        });
    }
    let number = matches.get_one::<u64>("level").copied().unwrap_or(1) as usize;
    let level = match shipped_level(number) {
        Ok(level) => level,
        Err(message) => {
            writeln!(io.err, "parlor: {message}")?;
            return Ok(1);
        }
    };
    io.progress.started(number, "");
    let report = solve_report(&level.board, DEFAULT_BUDGET);
    io.progress.finished();
    io.out.write_all(report.as_bytes())?;
    Ok(if report.starts_with("par:") { 0 } else { 3 })
}
