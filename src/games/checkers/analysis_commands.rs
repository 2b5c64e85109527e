//! `parlor solve checkers` and `parlor move checkers`: a searched best move for positions
//! read one per line.

use std::io;
use std::sync::atomic::AtomicBool;

use clap::{Arg, ArgMatches, value_parser};

use super::endgame::play;
use super::endgame::solve::Wdl;
use super::engine::search::Searcher;
use super::game::CheckersGame;
use super::notation::{format_named, from_rows};
use super::rules::{Checkers, Setup};
use crate::analysis_commands::{
    AnalysisCommand, Streams, answer_computer_moves, answer_lines, level_args,
};
use crate::core::{Rules, Seat};

/// The default search limits: about a second.
const DEFAULT_DEPTH: u32 = 30;
const DEFAULT_NODES: u64 = 2_000_000;

/// `parlor solve checkers`.
pub static SOLVE: AnalysisCommand = AnalysisCommand {
    example: "echo start | parlor solve checkers --depth 6",
    about: "Checkers: the best move and score a search finds, within a depth or node limit",
    help: SOLVE_HELP,
    args: |cmd| {
        cmd.arg(
            Arg::new("depth")
                .long("depth")
                .value_name("PLIES")
                .value_parser(value_parser!(u32).range(1..=64))
                .help("Search at most this many plies deep [default: 30]"),
        )
        .arg(
            Arg::new("nodes")
                .long("nodes")
                .value_name("N")
                .value_parser(value_parser!(u64).range(1..))
                .help("Search at most this many positions [default: 2000000]"),
        )
    },
    run: run_solve,
};

const SOLVE_HELP: &str =
    "Input: one position per line (standard rules: captures are compulsory): `start`, or the
eight rows of the board from the top, separated by `/`, each eight squares of `.` (empty),
`X` (a black man), `B` (a black king), `O` (a white man) or `W` (a white king), then a space
and the side to move, `X` (black) or `O` (white). Blank lines are skipped. Example lines:
start
.X.X.X.X/X.X.X.X./.X.X.X.X/......../......../O.O.O.O./.O.O.O.O/O.O.O.O. O

Output: the line, the best move found in standard notation (dark squares numbered 1 to 32
from Black's side, `-` for a step, `x` between jumps; with --original the seed's `x,y` from
the bottom left, `5,5-6,4`), and its score, e.g. `start 11-16 +0`; `end` when the side to move
has no move.

The score is for the side to move, in hundredths of a man; beyond ±19000 it is a forced win
(or loss) the search sees to the end, from ±17000 to ±19000 a win (or loss) it reaches in the
endgame database. It is a search's verdict, not an exact solution: --depth and --nodes bound
it.

With five pieces or fewer the answer is exact, from the endgame database: the best move and
`win`, `draw` or `loss` for the side to move with perfect play (the draw rule counts from this
position), e.g. `.B....../......../......../......../......../......../.....W.W/........ O 27-24 win`.
The winner's move is the one nearest to the next capture or pawn move, the loser's the one
farthest from it.

A line that cannot be read is reported on stderr with its number; the other lines are still
answered and the exit code is 1.";

/// `parlor move checkers`.
pub static MOVE: AnalysisCommand = AnalysisCommand {
    example: "echo start | parlor move checkers --level 2",
    about: "Checkers: the move the computer plays at a level",
    help: MOVE_HELP,
    args: level_args,
    run: run_move,
};

const MOVE_HELP: &str =
    "Input: one position per line, as for `parlor solve checkers`: `start`, or eight `/`-separated
rows from the top of `.`, `X`, `B`, `O`, `W`, a space and the side to move (`X` or `O`).
Example line: start

Output: the line and the move the computer plays at --level in standard notation (`11-16`,
`22x15x8`; with --original the seed's `x,y`: `5,5-6,4`, `2,2x4,4x6,6`), or `end` when the side
to move has none. The same code chooses as for the
computer in the game; the lower levels' randomness is drawn from --seed.";

/// Why a line of `parlor solve checkers` or `parlor move checkers` is not a position; printed
/// after the line's number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// No `X` or `O` after the board.
    #[error("the side to move must follow the board after a space, as X or O")]
    NoSide,
    /// Text after the side to move.
    #[error("unexpected text after the side to move: {0:?}")]
    Extra(String),
    /// The rows do not describe a board.
    #[error(transparent)]
    Rows(#[from] super::notation::RowsError),
    /// A board the rules refuse (a man on the row it crowns on).
    #[error(transparent)]
    Setup(#[from] super::rules::SetupError),
}

/// A line's position: `start`, or rows and the side to move.
///
/// # Errors
/// [`LineError`] naming the first problem.
pub fn parse_position(line: &str) -> Result<Option<Checkers>, LineError> {
    if line.is_empty() {
        return Ok(None);
    }
    if line.eq_ignore_ascii_case("start") {
        return Ok(Some(Checkers::new(true)));
    }
    let mut fields = line.split_whitespace();
    let board = fields.next().unwrap_or_default();
    let to_move = match fields.next() {
        Some("X" | "x") => Seat::First,
        Some("O" | "o") => Seat::Second,
        _ => return Err(LineError::NoSide),
    };
    if let Some(extra) = fields.next() {
        return Err(LineError::Extra(extra.to_string()));
    }
    let rows: Vec<&str> = board.split('/').collect();
    let pieces = from_rows(&rows)?;
    Ok(Some(Checkers::try_from(Setup {
        pieces,
        to_move,
        quiet_plies: 0,
        forced_capture: true,
    })?))
}

fn run_solve(matches: &ArgMatches, io: &mut Streams<'_>) -> io::Result<u8> {
    let depth = crate::analysis_commands::arg_or::<u32>(matches, "depth", DEFAULT_DEPTH);
    let nodes = crate::analysis_commands::arg_or::<u64>(matches, "nodes", DEFAULT_NODES);
    let never = AtomicBool::new(false);
    let names = crate::analysis_commands::square_names(matches);
    answer_lines(io, parse_position, |line, game, out| {
        if game.outcome().is_some() {
            return writeln!(out, "{line} end");
        }
        if let Some(db) = play::shipped()
            && let Some((best, verdict)) = play::best_move(db, &game.position())
        {
            let word = match verdict.wdl {
                Wdl::Win => "win",
                Wdl::Draw => "draw",
                Wdl::Loss => "loss",
            };
            return writeln!(
                out,
                "{line} {} {word}",
                format_named(&super::rules::Move::from_engine(&best), names)
            );
        }
        let bits = (64 - nodes.leading_zeros()).clamp(12, 22);
        let mut searcher = Searcher::new(bits, nodes, true, &never).with_endgame();
        match searcher.iterate(&game.position(), depth, &mut || 0) {
            Some(found) => writeln!(
                out,
                "{line} {} {:+}",
                format_named(&super::rules::Move::from_engine(&found.best), names),
                found.score
            ),
            None => writeln!(out, "{line} end"),
        }
    })
}

fn run_move(matches: &ArgMatches, io: &mut Streams<'_>) -> io::Result<u8> {
    answer_computer_moves::<CheckersGame, _>(matches, io, parse_position)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(command: &AnalysisCommand, args: &[&str], text: &str) -> (u8, String, String) {
        crate::analysis_commands::run_in_memory(command, "checkers", args, text)
    }

    #[test]
    fn the_start_gets_a_legal_move_and_the_rows_read_back() {
        let (code, out, err) = run(&SOLVE, &["--nodes", "20000"], "start\nstart X\n");
        assert_eq!(code, 1, "{out}");
        let answer = out.split_whitespace().nth(1).unwrap_or_default();
        let legal: Vec<String> = Checkers::new(true)
            .legal_moves()
            .iter()
            .map(super::super::notation::format_standard)
            .collect();
        assert!(legal.contains(&answer.to_string()), "{out}");
        assert!(err.contains("line 2"), "{err}");
        let example = SOLVE_HELP.lines().nth(5).unwrap_or_default();
        let parsed = parse_position(example).expect("the help's example reads");
        assert!(parsed.is_some());
    }

    #[test]
    fn a_database_position_is_answered_exactly() {
        // The help's example: two white kings against one, white to move; the same with black
        // to move (lost for black); king against king with black to move on 26 against 32 (a
        // draw: 26-31 takes the opposition, tests/checkers_endgame.rs).
        let example = SOLVE_HELP
            .lines()
            .find_map(|l| {
                l.split('`')
                    .find(|p| p.contains('/') && p.ends_with(" win"))
            })
            .expect("the help has an example");
        let position = example.rsplitn(3, ' ').nth(2).unwrap_or_default();
        let draw = "......../......../......../......../......../......../...B..../......W. X";
        let text = format!("{position}\n{}X\n{draw}\n", &position[..position.len() - 1]);
        let (code, out, err) = run(&SOLVE, &[], &text);
        assert_eq!(code, 0, "{err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], example);
        assert!(lines[1].ends_with(" loss"), "{out}");
        assert!(lines[2].ends_with(" draw"), "{out}");
    }

    #[test]
    fn the_computer_answers_at_each_level() {
        for level in ["1", "2"] {
            let (code, out, _) = run(&MOVE, &["--level", level], "start\n");
            assert_eq!(code, 0);
            assert!(out.starts_with("start "), "{out}");
        }
    }

    #[test]
    fn a_bad_line_says_which_part_is_wrong() {
        let board = "8/8/8/8/8/8/8/8";
        assert_eq!(parse_position(board).map(|_| ()), Err(LineError::NoSide));
        assert_eq!(
            parse_position(&format!("{board} X now")).map(|_| ()),
            Err(LineError::Extra("now".into()))
        );
        assert!(matches!(parse_position("x/x X"), Err(LineError::Rows(_))));
    }
}
