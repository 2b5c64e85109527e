//! Plain line mode around the games: the menu when no game is named, the end-of-input
//! autosave. The line helpers the games' own plain modes share are `crate::core::plain`.

use std::io::{BufRead, Write};

use crate::core::plain::read_line;
use crate::games::registry::{GameEntry, Registry};

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

/// Why a plain-mode game ended without the player's word, so its game in progress is
/// autosaved (see [`autosave_after`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// The input ended (`q` was not typed).
    InputEnded,
    /// The game could not write its output or read its input (a closed stdout: `| head`).
    Failed,
}

/// After a plain-mode game: if it was cut off (`cut`) while unfinished, writes the game the
/// run published (see [`crate::save::journal`]) as an autosave in `data_dir`'s saves and says
/// where on `err`. A quit by the player (`cut` is `None`), or a finished game, writes nothing.
/// A signal meanwhile waits for this (see [`crate::save::journal::with_autosave`]).
pub fn autosave_after(cut: Option<Cut>, data_dir: &std::path::Path, err: &mut dyn Write) {
    crate::save::journal::with_autosave(|save| {
        let (Some(cut), Some(save)) = (cut, save) else {
            return;
        };
        let why = match cut {
            Cut::InputEnded => "the input ended mid-game",
            Cut::Failed => "the game's input or output failed mid-game",
        };
        // Best effort: stderr may be gone too, and nothing else can be done about it here.
        let rescued = crate::save::store::rescue(data_dir, &save);
        let _ = writeln!(err, "parlor: {why}; {}", rescued.sentence());
    });
}

/// The plain menu: lists the games and reads a number or a name; `None` at end of input or `q`.
///
/// # Errors
/// I/O errors.
pub fn choose_game(
    games: Registry,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> std::io::Result<Option<&'static GameEntry>> {
    loop {
        writeln!(out, "Parlor — choose a game:")?;
        for (i, game) in games.games().iter().enumerate() {
            writeln!(out, "  {}. {} — {}", i + 1, game.title, game.blurb)?;
        }
        writeln!(out, "enter a number or a name (q to quit):")?;
        let Some(line) = read_line(input)? else {
            return Ok(None);
        };
        let line = line.trim();
        if crate::core::plain::is_quit(line) {
            return Ok(None);
        }
        let chosen = line
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| games.games().get(i).copied())
            .or_else(|| games.find(line));
        match chosen {
            Some(game) => return Ok(Some(game)),
            None => writeln!(out, "no such game: {}", crate::core::text::clip(line, 40))?,
        }
    }
}
