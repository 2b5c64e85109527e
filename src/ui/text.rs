//! Text that came from outside (player names, save titles, file contents) made safe to draw:
//! no control characters or escape sequences ever reach the terminal.

/// The longest player name kept.
pub const MAX_NAME_CHARS: usize = 24;

/// Removes control characters (including ESC, so no escape sequence survives) and trims.
#[must_use]
pub fn sanitize(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .trim()
        .to_string()
}

/// Removes control characters from one line of a message but keeps its leading spaces (a
/// TOML caret diagram lines up by them).
#[must_use]
pub fn sanitize_keep_indent(line: &str) -> String {
    line.chars().filter(|c| !c.is_control()).collect()
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

/// Cuts text to `width` characters, ending with `…` when cut.
#[must_use]
pub fn truncate(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let mut out: String = text.chars().take(width - 1).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_are_removed() {
        assert_eq!(sanitize("Al\u{1b}[31mice\u{7}\n"), "Al[31mice");
        assert_eq!(player_name("\u{1b}\u{1b}", "Player 1"), "Player 1");
        assert_eq!(player_name(&"x".repeat(100), "P").len(), MAX_NAME_CHARS);
        assert_eq!(truncate("abcdef", 4), "abc…");
        assert_eq!(truncate("abc", 4), "abc");
    }
}
