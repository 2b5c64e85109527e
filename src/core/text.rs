//! Text that came from outside (player names, save titles, file contents) made safe to keep
//! and to draw: no control characters or escape sequences ever reach the terminal, and no
//! stored text grows without bound.
//!
//! Text is fitted to terminal columns here too, by display width: a character is not a column
//! (Chinese, Japanese and Korean characters take two, combining marks and zero-width joiners
//! none), so everything cut to a fixed room — a panel, a status line, an analysis command's
//! echo of a bad line — is measured one grapheme cluster at a time, the way ratatui draws it.

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

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

/// A player name: sanitized, at most [`MAX_NAME_CHARS`] characters (a longer one ends with `…`,
/// so every screen shows it was cut), or `fallback` when empty.
#[must_use]
pub fn player_name(text: &str, fallback: &str) -> String {
    let clean = clip(&sanitize(text), MAX_NAME_CHARS);
    if clean.is_empty() {
        fallback.to_string()
    } else {
        clean
    }
}

/// A player's name with their seat's label ("Ann (black)"), said once: a name that already
/// is the label ("White") stays as it is, and a name with its own note in brackets
/// ("Computer (Beginner)") takes the label inside them ("Computer (Beginner, black)").
#[must_use]
pub fn name_with_label(name: &str, label: &str) -> String {
    if label.is_empty() || name.eq_ignore_ascii_case(label) {
        return name.to_string();
    }
    match name.strip_suffix(')') {
        Some(open) if open.contains('(') => format!("{open}, {label})"),
        _ => format!("{name} ({label})"),
    }
}

/// `count` and the noun, the noun in the plural unless the count is one ("1 more move",
/// "3 more moves"): the noun is given in both forms, English plurals being what they are.
#[must_use]
pub fn count_of(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// Caps text kept from outside (a title, an error message quoting a file) at `max_chars`
/// characters, ending with `…` when cut. A bound on what is stored or reported, not a fit to
/// the screen: a screen fits text by its display width ([`truncate`]).
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

/// The ending of text that was cut.
const ELLIPSIS: char = '…';

/// The columns `text` takes on the terminal: the sum of its grapheme clusters' widths, as
/// ratatui's buffer lays them out (a base character and its combining marks share a cell).
#[must_use]
pub fn width(text: &str) -> usize {
    text.graphemes(true).map(cluster_width).sum()
}

/// One grapheme cluster's columns, measured as ratatui measures it when drawing (its
/// `CellWidth`: `unicode-width`, one column for a single byte, and one more for each halfwidth
/// (han)dakuten, which terminals draw in a cell of its own). A cluster holding a control
/// character is not drawn at all. The `tui` build checks the two agree (tests below).
fn cluster_width(grapheme: &str) -> usize {
    if grapheme.contains(char::is_control) {
        0
    } else if grapheme.len() == 1 {
        1
    } else {
        grapheme.width()
            + grapheme
                .chars()
                .filter(|c| matches!(c, '\u{FF9E}' | '\u{FF9F}'))
                .count()
    }
}

/// Cuts text to at most `columns` terminal columns, ending with `…` when cut. A wide character
/// that would straddle the edge is left out whole (the result may then be one column short),
/// and a character is never parted from its combining marks.
#[must_use]
pub fn truncate(text: &str, columns: usize) -> String {
    if width(text) <= columns {
        return text.to_string();
    }
    if columns == 0 {
        return String::new();
    }
    let room = columns - 1;
    let mut used = 0;
    let mut out = String::new();
    for grapheme in text.graphemes(true) {
        let w = cluster_width(grapheme);
        if used + w > room {
            break;
        }
        used += w;
        out.push_str(grapheme);
    }
    out.push(ELLIPSIS);
    out
}

/// Breaks text into lines of at most `columns` columns at spaces (a word longer than a line
/// is cut with `…`): short panels show whole sentences instead of cutting them off.
#[must_use]
pub fn wrap(text: &str, columns: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let word = truncate(word, columns);
        if !line.is_empty() && width(&line) + 1 + width(&word) > columns {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` wrapped into at most `rows` rows of `columns`, a file's path in it shortened from
/// the left when that is what it takes ("/var/games/ann/.local/share/parlor/saves/x.toml", then
/// "…/parlor/saves/x.toml", … "…/x.toml", "x.toml"): the file's name is what a reader needs,
/// so the folders give way first and the name is never cut while it fits a row. A path is a
/// word with a `/` whose last part has a dot (`saves/x.toml`). When nothing fits, the most
/// shortened text is returned wrapped, for the caller to cut.
#[must_use]
pub fn wrap_with_paths(text: &str, columns: usize, rows: usize) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let is_path = |word: &str| {
        word.rsplit_once('/')
            .is_some_and(|(_, name)| name.contains('.') && !name.starts_with('.'))
    };
    let deepest = words
        .iter()
        .filter(|word| is_path(word))
        .map(|word| word.matches('/').count())
        .max()
        .unwrap_or(0);
    let mut last = Vec::new();
    // Level 0 is the text as written; level k keeps k parts fewer of each path's folders;
    // the last level drops the "…/" too.
    for level in 0..=deepest + 1 {
        let shortened: Vec<String> = words
            .iter()
            .map(|&word| {
                if level == 0 || !is_path(word) {
                    return word.to_string();
                }
                let parts: Vec<&str> = word.split('/').collect();
                let keep = parts.len().saturating_sub(level).max(1);
                let tail = parts[parts.len() - keep..].join("/");
                if level > deepest {
                    tail
                } else {
                    format!("{ELLIPSIS}/{tail}")
                }
            })
            .collect();
        // `wrap` cuts only a word wider than a row: none is, so every word is whole.
        let lines = wrap(&shortened.join(" "), columns);
        let whole = shortened.iter().all(|word| width(word) <= columns);
        if whole && lines.len() <= rows.max(1) {
            return lines;
        }
        last = lines;
    }
    last
}

/// [`wrap`] with a hanging indent: the first line `columns` wide, the others `indent` spaces
/// in and as many columns narrower, so a wrapped fact or name reads as one item ("Best move:
/// +16 · black to" then "  play"). An indent that would leave no room is not kept.
#[must_use]
pub fn wrap_hanging(text: &str, columns: usize, indent: usize) -> Vec<String> {
    let indent = if indent < columns { indent } else { 0 };
    let mut rows = wrap(text, columns);
    if rows.len() < 2 || indent == 0 {
        return rows;
    }
    let rest = rows.split_off(1).join(" ");
    let pad = " ".repeat(indent);
    rows.extend(
        wrap(&rest, columns - indent)
            .into_iter()
            .map(|row| format!("{pad}{row}")),
    );
    rows
}

/// `parts` joined by `separator` and wrapped to `columns`, breaking only between parts where
/// a part fits on a row of its own (a heading's "searched 3 deep" is never split over two
/// rows); a part wider than a row is wrapped word by word.
#[must_use]
pub fn wrap_parts(parts: &[String], separator: &str, columns: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for part in parts {
        if !line.is_empty() {
            if width(&line) + width(separator) + width(part) <= columns {
                line.push_str(separator);
                line.push_str(part);
                continue;
            }
            lines.push(std::mem::take(&mut line));
        }
        let mut rows = wrap(part, columns);
        let last = rows.pop().unwrap_or_default();
        lines.extend(rows);
        line = last;
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The end of `text` that fits in `columns` columns: what a one-line input field shows while
/// the typed text is longer than the field, so the place being typed at stays in view.
#[must_use]
pub fn tail(text: &str, columns: usize) -> &str {
    let mut used = 0;
    let mut start = text.len();
    for (at, grapheme) in text.grapheme_indices(true).rev() {
        let w = cluster_width(grapheme);
        if used + w > columns {
            break;
        }
        used += w;
        start = at;
    }
    &text[start..]
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_path_gives_up_its_folders_before_its_name() {
        let text =
            "Saved to /var/games/ann/.local/share/parlor/saves/reversi-18ec78f04ba8-61c2.toml";
        // Room enough: as written.
        assert_eq!(super::wrap_with_paths(text, 100, 1), [text]);
        // Two rows of 50: the path on its own row, its first folders gone.
        assert_eq!(
            super::wrap_with_paths(text, 50, 2),
            ["Saved to", "…/parlor/saves/reversi-18ec78f04ba8-61c2.toml"]
        );
        // One row of 40: the name alone is what fits.
        assert_eq!(
            super::wrap_with_paths(text, 40, 1),
            ["Saved to reversi-18ec78f04ba8-61c2.toml"]
        );
        // Words that are not paths are never touched.
        assert_eq!(super::wrap_with_paths("a/b c", 3, 1), ["a/b", "c"]);
    }

    #[test]
    fn a_hanging_wrap_indents_every_row_but_the_first_within_the_width() {
        assert_eq!(
            super::wrap_hanging("Best move: +16 · black to play", 26, 2),
            ["Best move: +16 · black to", "  play"]
        );
        assert_eq!(super::wrap_hanging("short", 26, 2), ["short"]);
        let rows = super::wrap_hanging("one two three four five six", 9, 4);
        assert!(rows.iter().all(|row| super::width(row) <= 9), "{rows:?}");
        assert_eq!(rows.concat().split_whitespace().count(), 6, "{rows:?}");
    }

    #[test]
    fn a_label_is_said_once_and_a_count_agrees_with_its_noun() {
        assert_eq!(super::name_with_label("Ann", "black"), "Ann (black)");
        assert_eq!(super::name_with_label("White", "white"), "White");
        assert_eq!(super::name_with_label("Ann", ""), "Ann");
        assert_eq!(
            super::name_with_label("Computer (Beginner)", "black"),
            "Computer (Beginner, black)"
        );
        assert_eq!(super::count_of(1, "more move", "more moves"), "1 more move");
        assert_eq!(
            super::count_of(0, "more move", "more moves"),
            "0 more moves"
        );
        assert_eq!(
            super::count_of(3, "more move", "more moves"),
            "3 more moves"
        );
    }

    use super::*;

    #[test]
    fn escape_sequences_are_removed() {
        assert_eq!(sanitize("Al\u{1b}[31mice\u{7}\n"), "Al[31mice");
        assert_eq!(player_name("\u{1b}\u{1b}", "Player 1"), "Player 1");
        let long = player_name(&"x".repeat(100), "P");
        assert_eq!(long.chars().count(), MAX_NAME_CHARS);
        assert!(long.ends_with('…'), "{long}");
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

    /// "Chinese characters" in Japanese, each two columns wide.
    const WIDE: &str = "漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字";
    /// "é" as `e` and a combining acute accent: two characters, one column.
    const COMBINED: &str = "e\u{301}";

    #[test]
    fn narrow_text_is_cut_by_columns() {
        assert_eq!(truncate("abcdef", 4), "abc…");
        assert_eq!(truncate("abc", 4), "abc");
        assert_eq!(truncate("abc", 3), "abc");
        assert_eq!(truncate("abc", 0), "");
        assert_eq!(truncate("abcd", 1), "…");
    }

    #[test]
    fn wide_characters_take_two_columns() {
        assert_eq!(WIDE.chars().count(), 20);
        assert_eq!(width(WIDE), 40);
        // Nine columns: four wide characters and the ellipsis.
        assert_eq!(truncate(WIDE, 9), "漢字漢字…");
        // Ten columns: the fifth character would straddle the edge, so it is left out.
        assert_eq!(truncate(WIDE, 10), "漢字漢字…");
        assert_eq!(width(&truncate(WIDE, 10)), 9);
        assert_eq!(truncate("a漢字", 4), "a漢…");
        assert_eq!(truncate(WIDE, 40), WIDE);
    }

    #[test]
    fn combining_marks_stay_with_their_letter() {
        let name = COMBINED.repeat(10);
        assert_eq!(name.chars().count(), 20);
        assert_eq!(width(&name), 10);
        // Fits whole in ten columns although it has twenty characters.
        assert_eq!(truncate(&name, 10), name);
        // Cut: four letters, each with its accent, and the ellipsis.
        assert_eq!(truncate(&name, 5), format!("{}…", COMBINED.repeat(4)));
    }

    #[test]
    fn tail_keeps_the_end_that_fits() {
        assert_eq!(tail("abcdef", 3), "def");
        assert_eq!(tail("abc", 10), "abc");
        assert_eq!(tail(WIDE, 5), "漢字");
        assert_eq!(tail(&COMBINED.repeat(3), 2), COMBINED.repeat(2));
        assert_eq!(tail("abc", 0), "");
    }

    proptest::proptest! {
        /// Whatever the text, the cut never takes more columns than given, at most one fewer
        /// when cut, and keeps a prefix of the text.
        #[test]
        fn truncate_fits(text in "\\PC{0,30}", columns in 0usize..40) {
            let cut = truncate(&text, columns);
            proptest::prop_assert!(width(&cut) <= columns);
            if cut == text {
                proptest::prop_assert!(width(&text) <= columns);
            } else {
                let kept = cut.strip_suffix(ELLIPSIS).unwrap_or(&cut);
                proptest::prop_assert!(text.starts_with(kept));
                // Nothing more would have fitted: the next cluster overflows the room the
                // ellipsis leaves.
                let next = text[kept.len()..].graphemes(true).next().unwrap_or_default();
                proptest::prop_assert!(columns == 0 || width(kept) + width(next) >= columns);
            }
            proptest::prop_assert!(width(tail(&text, columns)) <= columns);
        }
    }

    #[test]
    fn wrapping_breaks_at_spaces_within_the_width() {
        assert_eq!(
            wrap("Black wins 40 to 24 after a long game", 12),
            ["Black wins", "40 to 24", "after a long", "game"]
        );
        assert_eq!(wrap("Supercalifragilistic", 6), ["Super…"]);
        assert!(wrap("   ", 5).is_empty());
        for line in wrap("名前が長いプレーヤー wins", 6) {
            assert!(width(&line) <= 6, "{line}");
        }
    }

    /// The widths agree with the ones ratatui draws with, cluster by cluster, whatever the
    /// text: a screen never cuts where the drawing would overflow.
    #[cfg(feature = "tui")]
    #[test]
    fn widths_agree_with_ratatui() {
        use ratatui::buffer::CellWidth;
        for text in [WIDE, COMBINED, "ab", "ｶﾞｷﾞ", "👍🏽", "a\u{200d}b", "é", "中文"]
        {
            for grapheme in text.graphemes(true) {
                assert_eq!(
                    cluster_width(grapheme),
                    usize::from(grapheme.cell_width()),
                    "{grapheme:?}"
                );
            }
        }
    }

    #[test]
    fn parts_wrap_between_parts_not_inside_them() {
        let parts = ["Move values for Ann", "~ searched 3 deep", "thinking /"].map(String::from);
        assert_eq!(
            wrap_parts(&parts, " · ", 24),
            ["Move values for Ann", "~ searched 3 deep", "thinking /"]
        );
        assert_eq!(
            wrap_parts(&parts, " · ", 40),
            ["Move values for Ann · ~ searched 3 deep", "thinking /"]
        );
        assert_eq!(
            wrap_parts(&parts[..1], " · ", 10),
            ["Move", "values for", "Ann"]
        );
    }
}
