//! A remote player's keys and mouse, from the bytes their terminal sends through the SSH
//! channel: crossterm reads its own terminal only (its parser is not public), so the server
//! decodes what an xterm-like terminal sends (UTF-8 text, control keys, CSI and SS3 key
//! sequences with modifiers, SGR mouse reports) into the same `crossterm` events the local
//! arcade gets. Resizes do not come through here: they are the channel's window-change
//! requests.
//!
//! A sequence cut between two reads is kept until the rest comes; an escape byte with nothing
//! after it in its read is the Esc key, as crossterm decides for a local terminal. Bytes that
//! make no sense are dropped, never an error: they are someone else's input.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// The longest escape sequence kept while waiting for its end: a longer one is noise.
const MAX_SEQUENCE: usize = 64;

/// Turns a terminal's input bytes into events, keeping a sequence cut between reads.
#[derive(Debug, Default)]
pub struct InputDecoder {
    pending: Vec<u8>,
}

/// What one attempt to read an event from the front of the bytes found.
enum Parsed {
    /// An event (or nothing worth one, like an unknown sequence) taking this many bytes.
    Done(Option<Event>, usize),
    /// The bytes are the start of a sequence whose end has not come yet.
    Incomplete,
}

impl InputDecoder {
    /// A decoder with nothing pending.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The events in `bytes` (one read of the channel), after what was pending from before.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        self.pending.extend_from_slice(bytes);
        let mut events = Vec::new();
        let mut start = 0;
        while start < self.pending.len() {
            match parse(&self.pending[start..]) {
                Parsed::Done(event, used) => {
                    events.extend(event);
                    start += used.max(1);
                }
                Parsed::Incomplete if self.pending.len() - start > MAX_SEQUENCE => start += 1,
                Parsed::Incomplete => break,
            }
        }
        self.pending.drain(..start);
        events
    }
}

/// A key press as an event (an `Option`, as every parser here answers: `None` is nothing).
#[allow(clippy::unnecessary_wraps)]
fn key(code: KeyCode, modifiers: KeyModifiers) -> Option<Event> {
    Some(Event::Key(KeyEvent::new(code, modifiers)))
}

/// One event from the front of `bytes` (never empty).
fn parse(bytes: &[u8]) -> Parsed {
    match bytes[0] {
        0x1b => parse_escape(bytes),
        b'\r' | b'\n' => Parsed::Done(key(KeyCode::Enter, KeyModifiers::NONE), 1),
        b'\t' => Parsed::Done(key(KeyCode::Tab, KeyModifiers::NONE), 1),
        0x7f | 0x08 => Parsed::Done(key(KeyCode::Backspace, KeyModifiers::NONE), 1),
        0x00 => Parsed::Done(key(KeyCode::Char(' '), KeyModifiers::CONTROL), 1),
        byte @ 0x01..=0x1a => Parsed::Done(
            key(
                KeyCode::Char(char::from(byte - 1 + b'a')),
                KeyModifiers::CONTROL,
            ),
            1,
        ),
        byte @ 0x1c..=0x1f => Parsed::Done(
            key(
                KeyCode::Char(char::from(byte - 0x1c + b'4')),
                KeyModifiers::CONTROL,
            ),
            1,
        ),
        _ => parse_char(bytes, KeyModifiers::NONE, 0),
    }
}

/// A UTF-8 character at the front of `bytes`, as a key (uppercase letters carry Shift, as
/// crossterm reports them); `offset` bytes before it belong to the same event (an Alt prefix).
fn parse_char(bytes: &[u8], modifiers: KeyModifiers, offset: usize) -> Parsed {
    let text = &bytes[offset..];
    let width = match text[0] {
        0x00..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        // A continuation byte or an invalid lead: not a character.
        _ => return Parsed::Done(None, offset + 1),
    };
    if text.len() < width {
        return Parsed::Incomplete;
    }
    match std::str::from_utf8(&text[..width])
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(ch) => {
            let modifiers = if ch.is_uppercase() {
                modifiers | KeyModifiers::SHIFT
            } else {
                modifiers
            };
            Parsed::Done(key(KeyCode::Char(ch), modifiers), offset + width)
        }
        None => Parsed::Done(None, offset + 1),
    }
}

/// An escape: the Esc key alone, a CSI (`ESC [`) or SS3 (`ESC O`) sequence, or Alt with a key.
fn parse_escape(bytes: &[u8]) -> Parsed {
    match bytes.get(1) {
        // Nothing after it in this read, or another escape: the Esc key.
        None | Some(0x1b) => Parsed::Done(key(KeyCode::Esc, KeyModifiers::NONE), 1),
        Some(b'[') => parse_csi(bytes),
        Some(b'O') => match bytes.get(2) {
            None => Parsed::Incomplete,
            Some(&last) => Parsed::Done(final_key(last, KeyModifiers::NONE), 3),
        },
        Some(_) => match parse(&bytes[1..]) {
            Parsed::Incomplete => Parsed::Incomplete,
            Parsed::Done(Some(Event::Key(mut event)), used) => {
                event.modifiers |= KeyModifiers::ALT;
                Parsed::Done(Some(Event::Key(event)), used + 1)
            }
            Parsed::Done(other, used) => Parsed::Done(other, used + 1),
        },
    }
}

/// The key a sequence's last byte names (`ESC [ A`, `ESC O P`, `ESC [ 1 ; 5 C`).
fn final_key(last: u8, modifiers: KeyModifiers) -> Option<Event> {
    let code = match last {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'P' => KeyCode::F(1),
        b'Q' => KeyCode::F(2),
        b'R' => KeyCode::F(3),
        b'S' => KeyCode::F(4),
        b'Z' => return key(KeyCode::BackTab, modifiers | KeyModifiers::SHIFT),
        _ => return None,
    };
    key(code, modifiers)
}

/// The modifiers of a sequence's parameter (`1 + bits`: 1 Shift, 2 Alt, 4 Control).
fn modifiers_of(parameter: u16) -> KeyModifiers {
    modifiers_in(parameter.saturating_sub(1), [1, 2, 4])
}

/// The modifiers whose bits (`[shift, alt, control]`, as the sequence places them) are set in
/// `bits`: keys and mouse reports carry the same three at different places.
fn modifiers_in(bits: u16, [shift, alt, control]: [u16; 3]) -> KeyModifiers {
    let mut modifiers = KeyModifiers::NONE;
    for (bit, modifier) in [
        (shift, KeyModifiers::SHIFT),
        (alt, KeyModifiers::ALT),
        (control, KeyModifiers::CONTROL),
    ] {
        if bits & bit != 0 {
            modifiers |= modifier;
        }
    }
    modifiers
}

/// `ESC [` then parameters (digits, `;`, a leading `<` for SGR mouse) and a final byte.
fn parse_csi(bytes: &[u8]) -> Parsed {
    let body = &bytes[2..];
    let Some(end) = body.iter().position(|b| (0x40..=0x7e).contains(b)) else {
        return Parsed::Incomplete;
    };
    let used = 2 + end + 1;
    let last = body[end];
    let params = &body[..end];
    if let Some(mouse) = params.strip_prefix(b"<") {
        return Parsed::Done(sgr_mouse(mouse, last), used);
    }
    let numbers: Vec<u16> = params
        .split(|b| *b == b';')
        .map(|n| {
            std::str::from_utf8(n)
                .ok()
                .and_then(|n| n.parse().ok())
                .unwrap_or(0)
        })
        .collect();
    let modifiers = modifiers_of(numbers.get(1).copied().unwrap_or(1));
    let event = if last == b'~' {
        let code = match numbers.first().copied().unwrap_or(0) {
            1 | 7 => Some(KeyCode::Home),
            2 => Some(KeyCode::Insert),
            3 => Some(KeyCode::Delete),
            4 | 8 => Some(KeyCode::End),
            5 => Some(KeyCode::PageUp),
            6 => Some(KeyCode::PageDown),
            n @ 11..=15 => Some(KeyCode::F((n - 10) as u8)),
            n @ 17..=21 => Some(KeyCode::F((n - 11) as u8)),
            n @ 23..=24 => Some(KeyCode::F((n - 12) as u8)),
            _ => None,
        };
        code.and_then(|code| key(code, modifiers))
    } else {
        final_key(last, modifiers)
    };
    Parsed::Done(event, used)
}

/// An SGR mouse report's body (`b;x;y`, 1-based cells) with its final byte (`M` press or
/// motion, `m` release).
fn sgr_mouse(body: &[u8], last: u8) -> Option<Event> {
    let text = std::str::from_utf8(body).ok()?;
    let mut numbers = text.split(';').map(str::parse::<u16>);
    let (Some(Ok(code)), Some(Ok(x)), Some(Ok(y)), None) = (
        numbers.next(),
        numbers.next(),
        numbers.next(),
        numbers.next(),
    ) else {
        return None;
    };
    let button = match code & 0b11 {
        0 => MouseButton::Left,
        1 => MouseButton::Middle,
        _ => MouseButton::Right,
    };
    let kind = if code & 64 != 0 {
        match code & 0b11 {
            0 => MouseEventKind::ScrollUp,
            1 => MouseEventKind::ScrollDown,
            2 => MouseEventKind::ScrollLeft,
            _ => MouseEventKind::ScrollRight,
        }
    } else if code & 32 != 0 {
        if code & 0b11 == 3 {
            MouseEventKind::Moved
        } else {
            MouseEventKind::Drag(button)
        }
    } else if last == b'm' {
        MouseEventKind::Up(button)
    } else if last == b'M' {
        MouseEventKind::Down(button)
    } else {
        return None;
    };
    let modifiers = modifiers_in(code, [4, 8, 16]);
    Some(Event::Mouse(MouseEvent {
        kind,
        column: x.saturating_sub(1),
        row: y.saturating_sub(1),
        modifiers,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn keys(bytes: &[u8]) -> Vec<(KeyCode, KeyModifiers)> {
        InputDecoder::new()
            .feed(bytes)
            .into_iter()
            .filter_map(|event| match event {
                Event::Key(key) => Some((key.code, key.modifiers)),
                _ => None,
            })
            .collect()
    }

    const NONE: KeyModifiers = KeyModifiers::NONE;

    #[test]
    fn text_enter_tab_backspace_and_control_letters() {
        assert_eq!(
            keys(b"aZ\r\t\x7f\x03"),
            [
                (KeyCode::Char('a'), NONE),
                (KeyCode::Char('Z'), KeyModifiers::SHIFT),
                (KeyCode::Enter, NONE),
                (KeyCode::Tab, NONE),
                (KeyCode::Backspace, NONE),
                (KeyCode::Char('c'), KeyModifiers::CONTROL),
            ]
        );
        assert_eq!(
            keys("é中".as_bytes()),
            [(KeyCode::Char('é'), NONE), (KeyCode::Char('中'), NONE)]
        );
    }

    #[test]
    fn arrows_in_both_modes_function_keys_and_modifiers() {
        assert_eq!(
            keys(b"\x1b[A\x1bOB\x1b[1;5C\x1b[1;2D\x1b[Z"),
            [
                (KeyCode::Up, NONE),
                (KeyCode::Down, NONE),
                (KeyCode::Right, KeyModifiers::CONTROL),
                (KeyCode::Left, KeyModifiers::SHIFT),
                (KeyCode::BackTab, KeyModifiers::SHIFT),
            ]
        );
        assert_eq!(
            keys(b"\x1b[3~\x1b[5~\x1b[6~\x1b[H\x1b[4~\x1bOP\x1b[15~\x1b[24~"),
            [
                (KeyCode::Delete, NONE),
                (KeyCode::PageUp, NONE),
                (KeyCode::PageDown, NONE),
                (KeyCode::Home, NONE),
                (KeyCode::End, NONE),
                (KeyCode::F(1), NONE),
                (KeyCode::F(5), NONE),
                (KeyCode::F(12), NONE),
            ]
        );
    }

    #[test]
    fn a_lone_escape_is_the_esc_key_and_escape_then_a_key_is_alt() {
        assert_eq!(keys(b"\x1b"), [(KeyCode::Esc, NONE)]);
        assert_eq!(keys(b"\x1bx"), [(KeyCode::Char('x'), KeyModifiers::ALT)]);
        assert_eq!(
            keys(b"\x1b\x1b"),
            [(KeyCode::Esc, NONE), (KeyCode::Esc, NONE)]
        );
    }

    #[test]
    fn a_sequence_cut_between_reads_waits_for_its_end() {
        let mut decoder = InputDecoder::new();
        assert!(decoder.feed(b"\x1b[1;").is_empty());
        let events = decoder.feed(b"5A");
        assert_eq!(
            events,
            [Event::Key(KeyEvent::new(
                KeyCode::Up,
                KeyModifiers::CONTROL
            ))]
        );
        // A character cut in the middle of its bytes, too.
        let bytes = "ö".as_bytes();
        assert!(decoder.feed(&bytes[..1]).is_empty());
        assert_eq!(
            decoder.feed(&bytes[1..]),
            [Event::Key(KeyEvent::new(KeyCode::Char('ö'), NONE))]
        );
    }

    #[test]
    fn sgr_mouse_presses_releases_motion_and_wheel() {
        let events = InputDecoder::new()
            .feed(b"\x1b[<0;10;5M\x1b[<0;10;5m\x1b[<35;3;4M\x1b[<64;1;1M\x1b[<65;1;1M\x1b[<2;7;8M");
        let kinds: Vec<_> = events
            .iter()
            .map(|e| match e {
                Event::Mouse(m) => (m.kind, m.column, m.row),
                other => panic!("not a mouse event: {other:?}"),
            })
            .collect();
        assert_eq!(
            kinds,
            [
                (MouseEventKind::Down(MouseButton::Left), 9, 4),
                (MouseEventKind::Up(MouseButton::Left), 9, 4),
                (MouseEventKind::Moved, 2, 3),
                (MouseEventKind::ScrollUp, 0, 0),
                (MouseEventKind::ScrollDown, 0, 0),
                (MouseEventKind::Down(MouseButton::Right), 6, 7),
            ]
        );
        // Shift (4), Alt (8) and Control (16) ride on the button code.
        let held: Vec<_> = InputDecoder::new()
            .feed(b"\x1b[<4;1;1M\x1b[<24;1;1M")
            .iter()
            .map(|e| match e {
                Event::Mouse(m) => m.modifiers,
                other => panic!("not a mouse event: {other:?}"),
            })
            .collect();
        assert_eq!(
            held,
            [
                KeyModifiers::SHIFT,
                KeyModifiers::ALT | KeyModifiers::CONTROL
            ]
        );
    }

    #[test]
    fn nonsense_is_dropped_and_what_follows_still_reads() {
        assert_eq!(
            keys(b"\x1b[99~\x1b[<1;2Mq\xff\x80a"),
            [(KeyCode::Char('q'), NONE), (KeyCode::Char('a'), NONE)]
        );
        // An endless sequence is given up, not kept forever.
        let mut decoder = InputDecoder::new();
        let mut noise = b"\x1b[".to_vec();
        noise.extend(std::iter::repeat_n(b'1', 200));
        decoder.feed(&noise);
        assert!(decoder.pending.len() <= MAX_SEQUENCE + 1);
    }

    proptest! {
        /// Whatever arrives, and however it is cut into reads, decoding never panics, keeps
        /// little pending, and reads the same events as the whole input at once.
        #[test]
        fn any_bytes_cut_anywhere_decode_the_same(
            bytes in proptest::collection::vec(any::<u8>(), 0..200),
            cut in 0usize..200,
        ) {
            let whole = InputDecoder::new().feed(&bytes);
            let cut = cut.min(bytes.len());
            let mut decoder = InputDecoder::new();
            let mut parts = decoder.feed(&bytes[..cut]);
            parts.extend(decoder.feed(&bytes[cut..]));
            prop_assert!(decoder.pending.len() <= MAX_SEQUENCE + 1);
            // A lone escape at the end of the first part is Esc there, so only compare
            // when the cut does not fall right after an escape byte.
            if cut == 0 || !bytes[..cut].contains(&0x1b) {
                prop_assert_eq!(whole, parts);
            }
        }
    }
}
