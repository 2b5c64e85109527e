//! Text that came from outside (player names, save titles, file contents) made safe to keep
//! and to draw: no control characters or escape sequences ever reach the terminal, and no
//! stored text grows without bound.
//!
//! This is the pure half: rules, notation, saves and the plain mode use it. Fitting text to
//! a number of terminal columns is display work and lives in `ui::text`.

/// The longest player name kept, in characters.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_are_removed() {
        assert_eq!(sanitize("Al\u{1b}[31mice\u{7}\n"), "Al[31mice");
        assert_eq!(sanitize_keep_indent("  ^\u{1b}"), "  ^");
        assert_eq!(player_name("\u{1b}\u{1b}", "Player 1"), "Player 1");
        assert_eq!(player_name(&"x".repeat(100), "P").len(), MAX_NAME_CHARS);
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
