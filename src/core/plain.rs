//! What every game's plain line mode shares: reading a line safely, asking the engine for the
//! computer's move, and the seeds' labelled text board. Pure (no terminal), so the games' `plain.rs` stay in the pure layer.

use std::io::BufRead;
use std::sync::atomic::AtomicBool;

use super::{Game, Rules};

/// The longest input line kept; the rest of a longer line is read and dropped (bounded memory
/// for binary garbage or a runaway pipe).
pub const MAX_LINE: usize = 4096;

/// Reads one line without its line ending; `None` at the end of input. Invalid UTF-8 is
/// replaced, control characters are dropped, and overlong lines are cut.
///
/// # Errors
/// Read errors of the input.
pub fn read_line(input: &mut dyn BufRead) -> std::io::Result<Option<String>> {
    let mut bytes = Vec::new();
    let mut any = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = MAX_LINE.saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..take.min(room)]);
        input.consume(take);
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    let text = String::from_utf8_lossy(&bytes);
    Ok(Some(text.chars().filter(|c| !c.is_control()).collect()))
}

/// The computer's move in line mode at `level` (1–4), or `None` when its engine has none.
///
/// Plain mode has no screen to keep alive, so the search runs on the caller's thread and is
/// never cancelled; `turn` (the number of moves played) seeds the lower levels' randomness, so a
/// scripted session always gets the same answers.
pub fn computer_move<G: Game>(
    state: &G::Rules,
    params: &G::Params,
    level: u8,
    turn: usize,
) -> Option<<G::Rules as Rules>::Move> {
    computer_move_seeded::<G>(state, params, level, turn as u64)
}

/// The computer's move at `level` with the seed of its randomness given: what the game's
/// computer plays, for `parlor move`, which must answer as the arcade does.
pub fn computer_move_seeded<G: Game>(
    state: &G::Rules,
    params: &G::Params,
    level: u8,
    seed: u64,
) -> Option<<G::Rules as Rules>::Move> {
    static NEVER_CANCELLED: AtomicBool = AtomicBool::new(false);
    let level = super::strength::Strength::from_number(level)?;
    let ask = super::EngineAsk {
        level,
        seed,
        cancel: &NEVER_CANCELLED,
    };
    G::engine_move(state, params, ask).filter(|mv| state.legal_moves().contains(mv))
}

/// The board as the seeds print it (Nine Almonds, Reversi, Checkers): one line per row, top
/// row first, each labelled with its `y`, the squares two characters apart as `cell(x, y)`
/// draws them, trailing blanks dropped, and the `X 0 1 2 …` axis line underneath; every line
/// ends in a newline. One function, so the three seeds' layout cannot drift apart.
pub fn labelled_board(size: u8, cell: impl Fn(u8, u8) -> char) -> String {
    let mut text = String::new();
    for y in (0..size).rev() {
        let mut line = y.to_string();
        for x in 0..size {
            line.push(' ');
            line.push(cell(x, y));
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text.push('X');
    for x in 0..size {
        text.push(' ');
        text.push_str(&x.to_string());
    }
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_bounded_cleaned_and_end_at_eof() {
        let mut long = vec![b'a'; MAX_LINE * 3];
        long.extend_from_slice(b"\nnext\x1b[2J\xff\n");
        let mut input = long.as_slice();
        let first = read_line(&mut input).expect("read").expect("a line");
        assert_eq!(first.len(), MAX_LINE);
        assert_eq!(
            read_line(&mut input).expect("read").as_deref(),
            Some("next[2J\u{fffd}")
        );
        assert_eq!(read_line(&mut input).expect("read"), None);
        let mut last = "no newline".as_bytes();
        assert_eq!(
            read_line(&mut last).expect("read").as_deref(),
            Some("no newline")
        );
    }
}
