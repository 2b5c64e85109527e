//! A stream that lets nothing unsafe through: every line Parlor prints (plain mode's and the
//! analysis commands' stdout, stderr) goes through one.

use super::text::is_unsafe;

/// One line on stderr, cleaned of every character that could act on the terminal (file and
/// player names, arguments: see [`crate::core::text::is_unsafe`]), ignoring a failure: after
/// the terminal has closed, `eprintln!` would panic, and on the signal thread that panic
/// would skip the exit and leave the process running with no terminal. Every message of the
/// command line goes through here.
pub fn report(line: &str) {
    use std::io::Write as _;
    let _ = writeln!(
        std::io::stderr().lock(),
        "{}",
        super::text::sanitize_message(line)
    );
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
}
