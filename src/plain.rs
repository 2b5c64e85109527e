//! Plain line mode: reading lines safely, and the menu when no game is named.

use std::io::{BufRead, Write};

use std::sync::atomic::AtomicBool;

use crate::core::Rules;
use crate::game::GameUi;
use crate::games::registry::{GAMES, GameEntry};

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

/// An input that remembers whether its end was reached, so the command line can tell the end
/// of input (autosave the game in progress) from a player typing `q` (leave without saving).
pub struct EofWatch<R> {
    inner: R,
    ended: bool,
}

impl<R: BufRead> EofWatch<R> {
    /// Watches `inner`.
    pub const fn new(inner: R) -> Self {
        Self {
            inner,
            ended: false,
        }
    }

    /// Whether a read found the end of input.
    #[must_use]
    pub const fn ended(&self) -> bool {
        self.ended
    }
}

impl<R: BufRead> std::io::Read for EofWatch<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n == 0 && !buf.is_empty() {
            self.ended = true;
        }
        Ok(n)
    }
}

impl<R: BufRead> BufRead for EofWatch<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.inner.fill_buf()?.is_empty() {
            self.ended = true;
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.inner.consume(amount);
    }
}

/// After a plain-mode game: if the input ended while the game was unfinished, writes the game
/// the run published (see [`crate::game::journal`]) as an autosave in `data_dir`'s saves and
/// says where on `err`. A quit by the player, or a finished game, writes nothing.
pub fn autosave_after(
    ending: crate::core::Ending,
    input_ended: bool,
    data_dir: &std::path::Path,
    err: &mut dyn Write,
) {
    let save = crate::game::journal::take_autosave();
    let (crate::core::Ending::Quit, true, Some(save)) = (ending, input_ended, save) else {
        return;
    };
    // Best effort: stderr may be gone too, and nothing else can be done about it here.
    let _ = match crate::save::store::write_save(data_dir, &save) {
        Ok(path) => writeln!(
            err,
            "parlor: the input ended mid-game; the game was autosaved to {} (continue with: parlor --load {0})",
            path.display()
        ),
        Err(failure) => writeln!(
            err,
            "parlor: the input ended mid-game; autosave failed: {failure}"
        ),
    };
}

/// The plain menu: lists the games and reads a number or a name; `None` at end of input or `q`.
///
/// # Errors
/// I/O errors.
pub fn choose_game(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> std::io::Result<Option<&'static GameEntry>> {
    loop {
        writeln!(out, "Parlor — choose a game:")?;
        for (i, game) in GAMES.iter().enumerate() {
            writeln!(out, "  {}. {} — {}", i + 1, game.title, game.blurb)?;
        }
        writeln!(out, "enter a number or a name (q to quit):")?;
        let Some(line) = read_line(input)? else {
            return Ok(None);
        };
        let line = line.trim();
        if line.eq_ignore_ascii_case("q") || line.eq_ignore_ascii_case("quit") {
            return Ok(None);
        }
        let chosen = line
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| GAMES.get(i).copied())
            .or_else(|| crate::games::registry::find(line));
        match chosen {
            Some(game) => return Ok(Some(game)),
            None => writeln!(out, "no such game: {}", crate::ui::text::truncate(line, 40))?,
        }
    }
}

/// The computer's move in line mode at `level` (1–4), or `None` when its engine has none.
///
/// Plain mode has no screen to keep alive, so the search runs on the caller's thread and is
/// never cancelled; `turn` (the number of moves played) seeds the lower levels' randomness, so a
/// scripted session always gets the same answers.
pub fn computer_move<G: GameUi>(
    state: &G::Rules,
    params: &G::Params,
    level: u8,
    turn: usize,
) -> Option<<G::Rules as Rules>::Move> {
    computer_move_seeded::<G>(state, params, level, turn as u64)
}

/// The computer's move at `level` with the seed of its randomness given: what the game's
/// computer plays, for `parlor move`, which must answer as the arcade does.
pub fn computer_move_seeded<G: GameUi>(
    state: &G::Rules,
    params: &G::Params,
    level: u8,
    seed: u64,
) -> Option<<G::Rules as Rules>::Move> {
    static NEVER_CANCELLED: AtomicBool = AtomicBool::new(false);
    G::engine_move(state, params, level, seed, &NEVER_CANCELLED)
        .filter(|mv| state.legal_moves().contains(mv))
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
