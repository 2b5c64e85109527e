//! Text that came from outside (player names, save titles, file contents) made safe to keep
//! and to draw: no control characters or escape sequences ever reach the terminal, and no
//! stored text grows without bound.
//!
//! This is the pure half: rules, notation, saves and the plain mode use it. Fitting text to
//! a number of terminal columns is display work and lives in `ui::text`.

/// The longest player name kept, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// Whether a character must never reach a terminal or a stored name: control characters (ESC
/// starts every escape sequence), the line and paragraph separators (U+2028, U+2029), and the
/// invisible format characters (Unicode's `Cf`), among them the bidirectional overrides and
/// isolates (U+202A–202E, U+2066–2069) that make a name read backwards, zero-width spaces and
/// the byte-order mark. The zero-width joiner and non-joiner stay: scripts and emoji need them
/// and they move nothing.
#[must_use]
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}'
                | '\u{2029}'
                | '\u{00AD}'
                | '\u{0600}'..='\u{0605}'
                | '\u{061C}'
                | '\u{06DD}'
                | '\u{070F}'
                | '\u{0890}'..='\u{0891}'
                | '\u{08E2}'
                | '\u{180E}'
                | '\u{200B}'
                | '\u{200E}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{206F}'
                | '\u{FEFF}'
                | '\u{FFF9}'..='\u{FFFB}'
                | '\u{110BD}'
                | '\u{110CD}'
                | '\u{13430}'..='\u{1343F}'
                | '\u{1BCA0}'..='\u{1BCA3}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0001}'
                | '\u{E0020}'..='\u{E007F}'
        )
}

/// Removes every [unsafe](is_unsafe) character (so no escape sequence survives, and nothing
/// reorders or hides text) and trims.
#[must_use]
pub fn sanitize(text: &str) -> String {
    text.chars()
        .filter(|&c| !is_unsafe(c))
        .collect::<String>()
        .trim()
        .to_string()
}

/// A file's path as a message may show it: every [unsafe](is_unsafe) character (a file name
/// may hold escape sequences) shown as `?`, so the path is still recognisable and nothing
/// reaches the terminal. Not trimmed: spaces are part of a name.
#[must_use]
pub fn shown_path(path: &std::path::Path) -> String {
    path.display()
        .to_string()
        .chars()
        .map(|c| if is_unsafe(c) { '?' } else { c })
        .collect()
}

/// A message for a stream (stderr, plain mode's stdout): line breaks and tabs kept, every
/// other [unsafe](is_unsafe) character removed.
#[must_use]
pub fn sanitize_message(text: &str) -> String {
    text.chars()
        .filter(|&c| c == '\n' || c == '\t' || !is_unsafe(c))
        .collect()
}

/// A player name: sanitized, at most [`MAX_NAME_CHARS`] characters, or `fallback` when empty.
#[must_use]
pub fn player_name(text: &str, fallback: &str) -> String {
    let clean: String = sanitize(text).chars().take(MAX_NAME_CHARS).collect();
    if clean.is_empty() {
        fallback.to_string()
    } else {
        clean
    }
}

/// Caps text kept from outside (a title, an error message quoting a file) at `max_chars`
/// characters, ending with `…` when cut. A bound on what is stored or reported, not a fit to
/// the screen: a screen fits text by its display width (`ui::text::truncate`).
#[must_use]
pub fn clip(text: &str, max_chars: usize) -> String {
    if text.chars().count() <= max_chars {
        return text.to_string();
    }
    if max_chars == 0 {
        return String::new();
    }
    let mut out: String = text.chars().take(max_chars - 1).collect();
    out.push('…');
    out
}

/// A stream (stdout in plain mode and the analysis commands, stderr) that lets no
/// [unsafe](is_unsafe) character through, whatever is written to it: line breaks and tabs
/// pass, invalid UTF-8 becomes `�`, a character split between two writes is kept until it is
/// whole. Every line Parlor prints goes through one, so no file name, player name or echoed
/// input can send an escape sequence or reorder the terminal's text.
pub struct CleanWriter<W: std::io::Write> {
    inner: W,
    /// The start of a character whose remaining bytes have not been written yet.
    pending: Vec<u8>,
}

impl<W: std::io::Write> CleanWriter<W> {
    /// Cleans what is written to `inner`.
    pub const fn new(inner: W) -> Self {
        Self {
            inner,
            pending: Vec::new(),
        }
    }

    fn emit(&mut self, text: &str) -> std::io::Result<()> {
        let clean: String = text
            .chars()
            .filter(|&c| c == '\n' || c == '\t' || !is_unsafe(c))
            .collect();
        self.inner.write_all(clean.as_bytes())
    }
}

impl<W: std::io::Write> std::io::Write for CleanWriter<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        let bytes = std::mem::take(&mut self.pending);
        let mut rest = bytes.as_slice();
        loop {
            match std::str::from_utf8(rest) {
                Ok(text) => {
                    self.emit(text)?;
                    break;
                }
                Err(err) => {
                    let (valid, after) = rest.split_at(err.valid_up_to());
                    self.emit(std::str::from_utf8(valid).unwrap_or_default())?;
                    match err.error_len() {
                        Some(bad) => {
                            self.inner.write_all("\u{FFFD}".as_bytes())?;
                            rest = &after[bad..];
                        }
                        None => {
                            // A character cut short: wait for the rest of it.
                            self.pending = after.to_vec();
                            break;
                        }
                    }
                }
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_are_removed() {
        assert_eq!(sanitize("Al\u{1b}[31mice\u{7}\n"), "Al[31mice");
        assert_eq!(player_name("\u{1b}\u{1b}", "Player 1"), "Player 1");
        assert_eq!(player_name(&"x".repeat(100), "P").len(), MAX_NAME_CHARS);
    }

    #[test]
    fn bidi_overrides_separators_and_format_characters_are_removed() {
        assert_eq!(sanitize("\u{202E}evil\u{2066}.exe\u{2069}"), "evil.exe");
        assert_eq!(sanitize("a\u{2028}b\u{2029}c\u{200B}d\u{FEFF}"), "abcd");
        // Joiners stay: emoji sequences and scripts need them.
        assert_eq!(sanitize("👩\u{200D}💻"), "👩\u{200D}💻");
        assert_eq!(
            shown_path(std::path::Path::new("/tmp/a\u{1b}[31m b.toml")),
            "/tmp/a?[31m b.toml"
        );
        assert_eq!(sanitize_message("one\n\u{1b}two\u{202E}\n"), "one\ntwo\n");
    }

    #[test]
    fn a_clean_writer_passes_text_and_lines_but_no_escape() {
        use std::io::Write;
        let mut out = CleanWriter::new(Vec::new());
        let bytes = "a\u{1b}]0;x\u{7}b\t\u{202E}é\n".as_bytes();
        // Byte by byte: characters split between writes still come out whole.
        for byte in bytes {
            out.write_all(&[*byte]).expect("written");
        }
        out.write_all(&[0xff, b'z']).expect("written");
        assert_eq!(
            String::from_utf8(out.inner).expect("utf-8"),
            "a]0;xb\té\n\u{FFFD}z"
        );
    }

    #[test]
    fn clip_counts_characters() {
        assert_eq!(clip("abcdef", 4), "abc…");
        assert_eq!(clip("abc", 4), "abc");
        assert_eq!(clip("abc", 0), "");
        assert_eq!(clip("囲碁将棋", 3), "囲碁…");
        assert_eq!(
            player_name(&"漢".repeat(30), "P").chars().count(),
            MAX_NAME_CHARS
        );
    }
}
