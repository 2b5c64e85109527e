//! Plain (line) mode: the seed's text game. The board and the tray are printed, then three
//! prompts ask for the piece, the column and the row; the board is printed again after every
//! placement, and the game ends with `success!` or `no valid move! game over.` and the turn
//! count (GAMES.md §2 and "Common to all games").
//!
//! `q` or `quit` at any prompt, or the end of the input, leaves the game (`user quit!`). A bad answer is
//! explained in one sentence and the same prompt is asked again; a square that turns out to be
//! taken restarts the turn. As a shortcut the number prompt also takes a whole placement in the
//! game's notation (`5@1,2`).

use std::io::{self, BufRead, Write};

use crate::core::Players;
use crate::core::{Ending, Outcome, Rules};
use crate::save::journal::Journal;

use super::game::MagicSquareGame;
use super::notation::{parse_coordinate, parse_move};
use super::rules::{MagicSquare, Placement};
use super::text;

/// The first prompt of a turn.
pub const NUMBER_PROMPT: &str = "enter the number you want to add: ";
/// The prompt for the column.
pub const X_PROMPT: &str = "enter the x coordinate you want to move to: ";
/// The prompt for the row.
pub const Y_PROMPT: &str = "enter the y coordinate you want to move to: ";

/// What one prompt produced.
enum Answer<T> {
    Value(T),
    Quit,
}

/// Plays a game from `start` reading answers from `input` and printing to `out`.
///
/// # Errors
/// Only I/O errors from `input` or `out`; bad answers are handled in the dialogue.
pub fn run_plain(
    start: MagicSquare,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Ending> {
    let mut state = start;
    let mut journal = Journal::<MagicSquareGame>::new(state.params(), Players::none(), &state);
    loop {
        write!(
            out,
            "{}\n{}\n\n",
            text::board(&state),
            text::available(&state)
        )?;
        if let Some(outcome) = state.outcome() {
            let verdict = match outcome {
                Outcome::Solved => "success!",
                _ => "no valid move! game over.",
            };
            writeln!(out, "{verdict}\ntotal turns: {}", state.turns())?;
            out.flush()?;
            return Ok(Ending::Finished(outcome));
        }
        match read_turn(&mut state, input, out)? {
            Answer::Value(placement) => {
                journal.played(&placement);
                writeln!(out)?;
            }
            Answer::Quit => {
                writeln!(out, "user quit!\ntotal turns: {}", state.turns())?;
                out.flush()?;
                return Ok(Ending::Quit);
            }
        }
    }
}

/// Asks for one placement until a legal one is played, or the player quits.
fn read_turn(
    state: &mut MagicSquare,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Answer<Placement>> {
    loop {
        let value = match ask_piece(state, input, out)? {
            Answer::Quit => return Ok(Answer::Quit),
            Answer::Value(Piece::Whole(placement)) => {
                match state.play(&placement) {
                    Ok(()) => return Ok(Answer::Value(placement)),
                    Err(err) => writeln!(out, "{err}.")?,
                }
                continue;
            }
            Answer::Value(Piece::Value(value)) => value,
        };
        let Answer::Value(x) = ask_coordinate(state, X_PROMPT, "column", input, out)? else {
            return Ok(Answer::Quit);
        };
        let Answer::Value(y) = ask_coordinate(state, Y_PROMPT, "row", input, out)? else {
            return Ok(Answer::Quit);
        };
        let placement = Placement { value, x, y };
        match state.play(&placement) {
            Ok(()) => return Ok(Answer::Value(placement)),
            Err(err) => writeln!(out, "{err}; choose again.")?,
        }
    }
}

/// The answer to the number prompt: a piece, or a whole placement typed as `5@1,2`.
enum Piece {
    Value(i64),
    Whole(Placement),
}

fn ask_piece(
    state: &MagicSquare,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Answer<Piece>> {
    loop {
        let Some(line) = ask(NUMBER_PROMPT, input, out)? else {
            return Ok(Answer::Quit);
        };
        if line.contains('@') {
            match parse_move(&line) {
                Ok(placement) => return Ok(Answer::Value(Piece::Whole(placement))),
                Err(err) => {
                    writeln!(out, "{err}.")?;
                    continue;
                }
            }
        }
        match line.parse::<i64>() {
            Err(_) => writeln!(
                out,
                "\"{line}\" is not a number; type one of the available pieces, or quit."
            )?,
            Ok(value) if !state.is_piece(value) => writeln!(
                out,
                "{value} is not one of the pieces ({} to {}).",
                state.min(),
                state.max()
            )?,
            Ok(value) if state.is_used(value) => {
                writeln!(out, "{value} is already on the board.")?;
            }
            Ok(value) => return Ok(Answer::Value(Piece::Value(value))),
        }
    }
}

fn ask_coordinate(
    state: &MagicSquare,
    prompt: &str,
    what: &str,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Answer<u8>> {
    let top = state.size() - 1;
    loop {
        let Some(line) = ask(prompt, input, out)? else {
            return Ok(Answer::Quit);
        };
        match parse_coordinate(&line) {
            Some(c) if c <= top => return Ok(Answer::Value(c)),
            _ => writeln!(out, "\"{line}\" is not a {what}; type 0 to {top}.")?,
        }
    }
}

/// Prints `prompt` and reads one trimmed line; `None` for `q`, `quit` or the end of the input.
fn ask(prompt: &str, input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<Option<String>> {
    write!(out, "{prompt}")?;
    out.flush()?;
    // Bounded, cleaned lines: binary garbage and escape sequences never reach the echo below.
    let Some(line) = crate::core::plain::read_line(input)? else {
        // The terminal shows no newline after the prompt when input ends.
        writeln!(out)?;
        return Ok(None);
    };
    let line = line.trim();
    if crate::core::plain::is_quit(line) {
        return Ok(None);
    }
    Ok(Some(line.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::magic_square::rules::Params;

    const PROMPTS: [&str; 3] = [NUMBER_PROMPT, X_PROMPT, Y_PROMPT];

    /// Splits a seed transcript (prompts followed by what the player typed) into the input the
    /// player typed and the output the program printed (the transcript without the typing).
    fn split_transcript(transcript: &str) -> (String, String) {
        let mut input = String::new();
        let mut output = String::new();
        for line in transcript.lines() {
            if let Some(prompt) = PROMPTS.iter().find(|p| line.starts_with(p.trim_end())) {
                input.push_str(line[prompt.trim_end().len()..].trim());
                input.push('\n');
                output.push_str(prompt);
            } else {
                output.push_str(line);
                output.push('\n');
            }
        }
        (input, output)
    }

    fn play(size: u8, min: i64, input: &str) -> (Ending, String) {
        let start = MagicSquare::new(Params { size, min }).expect("valid");
        let mut out = Vec::new();
        let ending = run_plain(start, &mut input.as_bytes(), &mut out).expect("in-memory I/O");
        (ending, String::from_utf8(out).expect("utf-8"))
    }

    fn replay(size: u8, min: i64, transcript: &str) -> Ending {
        let (input, expected) = split_transcript(transcript);
        let (ending, output) = play(size, min, &input);
        assert_eq!(output, expected);
        ending
    }

    /// The seed's sessions, copied from seeds/000_* with the `>` command line removed.
    const WIN: &str = include_str!("testdata/win.txt");
    const LOSS: &str = include_str!("testdata/loss.txt");
    const ONE: &str = include_str!("testdata/one.txt");
    const NEGATIVE: &str = include_str!("testdata/negative.txt");

    #[test]
    fn the_seed_win_replays() {
        assert_eq!(replay(3, 1, WIN), Ending::Finished(Outcome::Solved));
    }

    #[test]
    fn the_seed_loss_replays() {
        assert_eq!(replay(3, 1, LOSS), Ending::Finished(Outcome::Lost));
    }

    #[test]
    fn the_seed_size_one_game_replays() {
        assert_eq!(replay(1, 1, ONE), Ending::Finished(Outcome::Solved));
    }

    #[test]
    fn the_seed_negative_game_replays() {
        assert_eq!(replay(3, -9, NEGATIVE), Ending::Finished(Outcome::Solved));
    }

    #[test]
    fn quit_at_the_y_prompt_leaves_the_game() {
        let (ending, output) = play(3, 1, "2\n1\nquit\n");
        assert_eq!(ending, Ending::Quit);
        assert!(
            output.ends_with(&format!("{Y_PROMPT}user quit!\ntotal turns: 0\n")),
            "{output}"
        );
    }

    #[test]
    fn end_of_input_counts_as_quitting() {
        let (ending, output) = play(3, 1, "5\n1\n1\n4");
        assert_eq!(ending, Ending::Quit);
        assert!(
            output.ends_with(&format!("{X_PROMPT}\nuser quit!\ntotal turns: 1\n")),
            "{output}"
        );
        assert_eq!(play(3, 1, "").0, Ending::Quit);
    }

    #[test]
    fn bad_answers_are_explained_and_asked_again() {
        let (ending, output) = play(2, 1, "seven\n9\n0\n1\n7\n-1\n0\n1\n1\n1\n1\n0\nquit\n");
        assert_eq!(ending, Ending::Quit);
        let expected_messages = [
            "\"seven\" is not a number; type one of the available pieces, or quit.",
            "9 is not one of the pieces (1 to 4).",
            "0 is not one of the pieces (1 to 4).",
            "\"7\" is not a column; type 0 to 1.",
            "\"-1\" is not a column; type 0 to 1.",
            "1 is already on the board.",
        ];
        for message in expected_messages {
            assert!(output.contains(message), "missing {message:?} in\n{output}");
        }
        // 1 went to 0,1; the second turn put nothing down before quitting.
        assert!(output.contains("1 1\n0\nX 0 1\n"), "{output}");
        assert!(output.ends_with("user quit!\ntotal turns: 1\n"), "{output}");
    }

    #[test]
    fn a_taken_square_restarts_the_turn() {
        let (_, output) = play(3, 1, "5\n1\n1\n4\n1\n1\n4\n0\n0\nquit\n");
        assert!(
            output.contains(&format!(
                "{Y_PROMPT}square 1,1 already holds 5; choose again.\n{NUMBER_PROMPT}"
            )),
            "{output}"
        );
        assert!(output.contains("0 4\nX 0 1 2\n"), "{output}");
    }

    #[test]
    fn a_whole_placement_is_accepted_at_the_number_prompt() {
        let (ending, output) = play(1, -5, "-5@1,0\n-5@0,0\n");
        assert_eq!(ending, Ending::Finished(Outcome::Solved));
        assert!(
            output.contains("there is no square 1,0 on a 1×1 board."),
            "{output}"
        );
        assert!(output.ends_with("0 -5\nX  0\n\nAvailable pieces:\n\nsuccess!\ntotal turns: 1\n"));
    }

    #[test]
    fn size_two_plays_to_a_loss() {
        let (ending, output) = play(2, 1, "1@0,0\n2@1,0\n3@0,1\n4@1,1\n");
        assert_eq!(ending, Ending::Finished(Outcome::Lost));
        assert!(output.ends_with("no valid move! game over.\ntotal turns: 4\n"));
    }
}
