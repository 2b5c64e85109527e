//! What every game's plain line mode shares: reading a line safely, asking the engine for the
//! computer's move, and the seeds' labelled text board. Pure (no terminal), so the games' `plain.rs` stay in the pure layer.

use std::io::BufRead;
use std::sync::atomic::AtomicBool;

use super::{Game, Rules};

/// The longest input line kept; the rest of a longer line is read and dropped (bounded memory
/// for binary garbage or a runaway pipe).
pub const MAX_LINE: usize = 4096;

/// The most bytes one line may run to before the input is refused as not being text (what is
/// kept of a line is [`MAX_LINE`]; the rest of an overlong line is read and dropped).
pub const MAX_LINE_READ: usize = 64 << 20;

/// Reads one line without its line ending; `None` at the end of input. Invalid UTF-8 is
/// replaced, control characters are dropped, and overlong lines are cut.
///
/// # Errors
/// Read errors of the input.
pub fn read_line(input: &mut dyn BufRead) -> std::io::Result<Option<String>> {
    Ok(read_line_marked(input)?.map(|(text, _)| text))
}

/// [`read_line`], also saying whether anything [unsafe](super::text::is_unsafe) besides the
/// line ending was dropped: a line of control characters only is not an empty line.
///
/// # Errors
/// Read errors of the input, and [`std::io::ErrorKind::InvalidData`] for a "line" longer than
/// [`MAX_LINE_READ`] bytes (`< /dev/zero`): input that is not lines of text ends the reading
/// instead of being consumed forever.
pub fn read_line_marked(input: &mut dyn BufRead) -> std::io::Result<Option<(String, bool)>> {
    let mut bytes = Vec::new();
    let mut any = false;
    let mut consumed = 0usize;
    loop {
        if consumed > MAX_LINE_READ {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!(
                    "the input has a line longer than {} MB: it is not lines of text",
                    MAX_LINE_READ >> 20
                ),
            ));
        }
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
        consumed = consumed.saturating_add(take);
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    let text = String::from_utf8_lossy(&bytes);
    let body = text.trim_end_matches(['\n', '\r']);
    let dropped = body.chars().any(super::text::is_unsafe);
    Ok(Some((
        body.chars()
            .filter(|&c| !super::text::is_unsafe(c))
            .collect(),
        dropped,
    )))
}

/// The words that leave a plain-mode game (or the plain menu) at any prompt, in any case:
/// one list, so every game answers `q` and `quit` alike (the menu's "(q to quit)" holds in
/// each game). A game's seed may know one more (Pentago's `x`); none of these is a move in
/// any game's notation.
pub const QUIT_WORDS: [&str; 2] = ["q", "quit"];

/// Whether `typed` (surrounding blanks ignored) asks to leave: one of [`QUIT_WORDS`].
#[must_use]
pub fn is_quit(typed: &str) -> bool {
    let typed = typed.trim();
    QUIT_WORDS
        .iter()
        .any(|word| typed.eq_ignore_ascii_case(word))
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
    let column = |x: u8| x.to_string();
    labelled_board_as(size, &|y: u8| y.to_string(), Some(("X", &column)), cell)
}

/// [`labelled_board`] with other labels: `row(y)` on the left of each row (right-aligned to
/// the widest label) and, when `axis` is given, its corner text and `column(x)` on the line
/// underneath. The standard names' boards (Reversi's `a`–`h` and `1`–`8`, Checkers' square
/// numbers) are drawn by it, so they keep the seeds' layout and only the names change.
pub fn labelled_board_as(
    size: u8,
    row: &dyn Fn(u8) -> String,
    axis: Option<(&str, &dyn Fn(u8) -> String)>,
    cell: impl Fn(u8, u8) -> char,
) -> String {
    let width = (0..size)
        .map(|y| row(y).chars().count())
        .chain(axis.map(|(corner, _)| corner.chars().count()))
        .max()
        .unwrap_or(0);
    let mut text = String::new();
    for y in (0..size).rev() {
        let mut line = format!("{:>width$}", row(y));
        for x in 0..size {
            line.push(' ');
            line.push(cell(x, y));
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    if let Some((corner, column)) = axis {
        let mut line = format!("{corner:>width$}");
        for x in 0..size {
            line.push(' ');
            line.push_str(&column(x));
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
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

    #[test]
    fn quit_words_in_any_case_and_nothing_else() {
        for word in ["q", "Q", " quit ", "QUIT", "Quit"] {
            assert!(is_quit(word), "{word:?}");
        }
        for word in ["", "qq", "quits", "x", "exit", "d3", "q3"] {
            assert!(!is_quit(word), "{word:?}");
        }
    }
}
