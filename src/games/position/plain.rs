//! A position puzzle in line mode: the task and the board, then the player's moves in the
//! game's own notation, each answered by the puzzle (the defence's reply or its verdict).
//! `hint`, `undo` (back to the player's previous move) and `quit` work at every prompt; the end
//! of the input counts as quitting.

use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;

use super::adapter::Adapter;
use super::game::{Params, PuzzleGame};
use super::judge;
use crate::core::{Ending, Game, History, Outcome, Rules};

/// Plays the puzzle of `params` on `input` and `out`.
///
/// # Errors
/// Reading or writing failed.
pub fn run_plain<A: Adapter>(
    params: &Params,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Ending> {
    let start = PuzzleGame::<A>::start(params).map_err(io::Error::other)?;
    let never = AtomicBool::new(false);
    let label = A::Game::seat_label(start.player());
    writeln!(out, "{} — puzzle {}", A::TITLE, params.id)?;
    writeln!(
        out,
        "{}",
        start
            .goal()
            .task(if label.is_empty() { "You" } else { label })
    )?;
    writeln!(
        out,
        "Type a move as `parlor {}` reads it, or hint, undo, quit.",
        game_word::<A>()
    )?;
    let mut history = History::new(start);
    loop {
        let state = history.current().clone();
        if let Some(outcome) = state.outcome() {
            let names: Vec<String> = Vec::new();
            writeln!(
                out,
                "{}",
                PuzzleGame::<A>::outcome_text(outcome, &names, &state)
            )?;
            if outcome == Outcome::Solved {
                return Ok(Ending::Finished(Outcome::Solved));
            }
        }
        if state.answers() {
            let Some(step) = judge::answer::<A>(&state, &never) else {
                writeln!(out, "The puzzle found no answer.")?;
                return Ok(Ending::Quit);
            };
            writeln!(
                out,
                "Reply: {}",
                PuzzleGame::<A>::format_move(&state, &step)
            )?;
            history.play(&step).map_err(io::Error::other)?;
            continue;
        }
        if state.outcome().is_none() {
            for row in A::Game::rows(state.board()) {
                writeln!(out, "  {row}")?;
            }
            write!(out, "Your move ({label}): ")?;
        } else {
            write!(out, "undo or quit: ")?;
        }
        out.flush()?;
        let Some(line) = crate::core::plain::read_line(input)? else {
            writeln!(out)?;
            return Ok(ending(&state));
        };
        let line = line.trim();
        match line {
            "" => {}
            quit if crate::core::plain::is_quit(quit) => return Ok(ending(&state)),
            "undo" | "u" => {
                let mut undone = false;
                while history.undo() {
                    undone = true;
                    if !history.current().answers() {
                        break;
                    }
                }
                writeln!(
                    out,
                    "{}",
                    if undone {
                        "Undone."
                    } else {
                        "Nothing to undo."
                    }
                )?;
            }
            "hint" | "h" => match judge::hint::<A>(&state, &never) {
                Some(hint) => writeln!(out, "{}", hint.message)?,
                None => writeln!(out, "No hint here.")?,
            },
            text if state.outcome().is_none() => match PuzzleGame::<A>::parse_move(&state, text) {
                Ok(step) => {
                    if let Err(err) = history.play(&step) {
                        writeln!(out, "{err}")?;
                    }
                }
                Err(err) => writeln!(out, "{err}")?,
            },
            _ => writeln!(out, "The puzzle is over: undo or quit.")?,
        }
    }
}

/// How the run ended when the player leaves: lost after a wrong move, else quit.
fn ending<R: Rules>(state: &R) -> Ending {
    state.outcome().map_or(Ending::Quit, Ending::Finished)
}

/// The game's subcommand, whose notation the moves are written in.
fn game_word<A: Adapter>() -> &'static str {
    <A::Game as Game>::ID
}
