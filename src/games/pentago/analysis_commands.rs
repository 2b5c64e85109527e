//! `parlor solve pentago` and `parlor move pentago`: the front-ends over the engine's solver
//! (see [`super::engine::solve`]) and the computer's levels.

use std::cell::Cell;
use std::io;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::ArgMatches;

use super::engine::exact::{Report, Solver};
use super::engine::solve::{Answer, DEFAULT_TABLE_MB, parse_line, solve_with};
use super::game::PentagoGame;
use super::notation::from_rows;
use super::rules::Pentago;
use crate::analysis_commands::{
    AnalysisCommand, Streams, answer_computer_moves, answer_lines, level_args,
};
use crate::core::Seat;

/// `parlor solve pentago`.
pub static SOLVE: AnalysisCommand = AnalysisCommand {
    example: "echo 'xoxoxooxoxox.o.x.o..x.o.x.oxo.x..o.x x' | parlor solve pentago",
    about: "Pentago: the exact value of each position and a best move",
    help: "\
Input: one position per line: 36 characters, rows A to F from the top, each left to right,
`x` the first player, `o` the second, `.` empty; then a space and the side to place next, `x`
or `o`. Blank lines are skipped. Example line:
xoxoxooxoxox.o.x.o..x.o.x.oxo.x..o.x x

Output: the value for the side to place under perfect play (1 a win, 0 a tie, -1 a loss) and
a best move, a placement and a quadrant turn as in the game (`c31r`; a placement that wins at
once needs no turn: `a1`), e.g. `1 c31r`; `end` for a finished game. Every position is solved
to the end, never guessed: 20 stones or more take seconds at most, 18 up to about a minute,
16 up to a few minutes (ties take longest), earlier positions far longer. On a terminal, a
line that takes over a second shows the positions searched so far on stderr; Ctrl-C stops.

--table-mb sets the memory of the table of solved positions (256 MB by default); it is kept
across the lines of one run.

A line that cannot be read is reported on stderr with its number; the other lines are still
answered and the exit code is 1.",
    args: |cmd| {
        cmd.arg(
            clap::Arg::new("table-mb")
                .long("table-mb")
                .value_name("MB")
                .default_value("256")
                .value_parser(clap::value_parser!(u32).range(1..=65_536))
                .help("Memory for the table of solved positions, in MB (rounded down to a power of two)"),
        )
    },
    run: run_solve,
};

/// `parlor move pentago`.
pub static MOVE: AnalysisCommand = AnalysisCommand {
    example: "echo 'xoxoxooxoxox.o.x.o..x.o.x.oxo.x..o.x x' | parlor move pentago --level 2",
    about: "Pentago: the move the computer plays at a level",
    help: "\
Input: one position per line, as for `parlor solve pentago`: 36 characters of `x`, `o` and `.`
(rows A to F from the top), a space and the side to place (`x` or `o`). Example line:
xoxoxooxoxox.o.x.o..x.o.x.oxo.x..o.x x

Output: the line and the computer's move at --level in the game's notation (`c31r`), or `end`
for a finished game. The same code chooses as for the computer in the game; the lower levels'
randomness is drawn from --seed.",
    args: level_args,
    run: run_move,
};

/// The progress detail of a solve: the question being searched and the positions so far.
fn describe(report: &Report, x_to_place: bool) -> String {
    let (mover, other) = if x_to_place { ('x', 'o') } else { ('o', 'x') };
    let question = if report.goal > 0 {
        format!("can {mover} win?")
    } else {
        format!("can {mover} hold {other} to a tie?")
    };
    format!(
        "{question} {:.1} M positions, {:.1} M stored, {} plies deep",
        report.nodes as f64 / 1e6,
        report.stored as f64 / 1e6,
        report.deepest
    )
}

fn run_solve(matches: &ArgMatches, io: &mut Streams<'_>) -> io::Result<u8> {
    let table_mb = matches
        .get_one::<u32>("table-mb")
        .map_or(DEFAULT_TABLE_MB, |&mb| mb as usize);
    if let Err(reason) = crate::analysis_commands::check_table_memory("--table-mb", table_mb) {
        writeln!(io.err, "parlor: {reason}")?;
        return Ok(crate::analysis_commands::TOO_MUCH_MEMORY);
    }
    let never = AtomicBool::new(false);
    let status = io.progress.status();
    let x_to_place = Cell::new(true);
    let mut solver =
        Solver::new(table_mb, u64::MAX, &never).with_progress(Duration::from_secs(1), |report| {
            if let Some(status) = &status {
                status.set(describe(report, x_to_place.get()));
            }
        });
    answer_lines(
        io,
        |line| {
            if line.is_empty() {
                return Ok(None);
            }
            parse_line(line).map(Some)
        },
        |_line, parsed, out| {
            x_to_place.set(parsed.x_to_place);
            let answer = solve_with(&mut solver, parsed.pos);
            match answer {
                Answer::Solved(value, Some(mv)) => writeln!(out, "{value} {mv}"),
                Answer::Solved(value, None) => writeln!(out, "{value} end"),
                Answer::TooDeep => writeln!(out, "too deep"),
            }
        },
    )
}

/// The rules' game of a line: the engine's reading of it, then the rules' (the side to place
/// must be the one the piece counts give).
///
/// # Errors
/// [`GameLineError`] naming the first problem.
pub fn parse_game(line: &str) -> Result<Option<Pentago>, GameLineError> {
    if line.is_empty() {
        return Ok(None);
    }
    let parsed = parse_line(line)?;
    let board: Vec<char> = line.chars().take(36).collect();
    let rows: Vec<String> = board.chunks(6).map(|row| row.iter().collect()).collect();
    let game = from_rows(&rows)?;
    let side = if parsed.x_to_place {
        Seat::First
    } else {
        Seat::Second
    };
    if game.next_seat() != side {
        return Err(GameLineError::WrongSide(if side == Seat::First {
            'o'
        } else {
            'x'
        }));
    }
    Ok(Some(game))
}

/// Why a line of `parlor move pentago` is not a game's position; printed after the line's
/// number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameLineError {
    /// Not a line of `parlor solve pentago` at all.
    #[error(transparent)]
    Line(#[from] super::engine::solve::LineError),
    /// A board the rules do not accept.
    #[error(transparent)]
    Rows(#[from] super::notation::RowsError),
    /// The side named is not the one the piece counts give (which is this letter).
    #[error("the side to place must be {0} with these piece counts")]
    WrongSide(char),
}

fn run_move(matches: &ArgMatches, io: &mut Streams<'_>) -> io::Result<u8> {
    answer_computer_moves::<PentagoGame, _>(matches, io, parse_game)
}
